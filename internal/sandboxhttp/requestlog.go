package sandboxhttp

import (
	"slices"
	"sync"
)

// RequestLog keeps the last requests a sandbox received, numbered from 1
// in the order they came, for its GET /_sandbox/requests and for tests
// that check what a connector sent. It is safe for concurrent use: a
// record, once added, is changed only through Update, since Records
// copies it under the same lock.
type RequestLog[R any] struct {
	max    int
	number func(rec *R, seq int)

	mu   sync.Mutex
	seq  int
	recs []*R
}

// NewRequestLog returns a log that keeps the last max records; number
// writes a record's sequence number into it.
func NewRequestLog[R any](max int, number func(rec *R, seq int)) *RequestLog[R] {
	return &RequestLog[R]{max: max, number: number}
}

// Add numbers rec and keeps it, forgetting the oldest record beyond the
// log's bound.
func (l *RequestLog[R]) Add(rec *R) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seq++
	l.number(rec, l.seq)
	l.recs = append(l.recs, rec)
	if len(l.recs) > l.max {
		l.recs = slices.Delete(l.recs, 0, len(l.recs)-l.max)
	}
}

// Update changes a record the log holds (its answer, once known).
func (l *RequestLog[R]) Update(rec *R, change func(rec *R)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	change(rec)
}

// Records copies the records kept, oldest first.
func (l *RequestLog[R]) Records() []R {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]R, len(l.recs))
	for i, r := range l.recs {
		out[i] = *r
	}
	return out
}

// Seq is the number of the last record added, 0 before the first.
func (l *RequestLog[R]) Seq() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.seq
}

// Clear forgets the records kept; numbering goes on from the last one.
func (l *RequestLog[R]) Clear() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.recs = nil
}
