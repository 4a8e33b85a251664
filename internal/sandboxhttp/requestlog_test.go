package sandboxhttp

import (
	"sync"
	"testing"
)

type logged struct {
	Seq    int
	Path   string
	Status int
}

func newLog(max int) *RequestLog[logged] {
	return NewRequestLog(max, func(r *logged, seq int) { r.Seq = seq })
}

func TestRequestLogKeepsTheLastNumbered(t *testing.T) {
	l := newLog(3)
	if l.Seq() != 0 || len(l.Records()) != 0 {
		t.Fatalf("new log: seq %d, %d records", l.Seq(), len(l.Records()))
	}
	for _, p := range []string{"/a", "/b", "/c", "/d", "/e"} {
		l.Add(&logged{Path: p})
	}
	want := []logged{{3, "/c", 0}, {4, "/d", 0}, {5, "/e", 0}}
	got := l.Records()
	if len(got) != len(want) {
		t.Fatalf("records %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("record %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if l.Seq() != 5 {
		t.Errorf("seq %d, want 5", l.Seq())
	}
}

func TestRequestLogUpdateAndCopies(t *testing.T) {
	l := newLog(10)
	rec := &logged{Path: "/x"}
	l.Add(rec)
	before := l.Records()
	l.Update(rec, func(r *logged) { r.Status = 503 })
	if before[0].Status != 0 {
		t.Errorf("an earlier copy changed: %+v", before[0])
	}
	if got := l.Records()[0]; got.Status != 503 {
		t.Errorf("updated record %+v, want status 503", got)
	}
	got := l.Records()
	got[0].Path = "/changed"
	if l.Records()[0].Path != "/x" {
		t.Error("a caller's change reached the log")
	}
}

func TestRequestLogClearKeepsNumbering(t *testing.T) {
	l := newLog(10)
	l.Add(&logged{Path: "/1"})
	l.Add(&logged{Path: "/2"})
	l.Clear()
	if n := len(l.Records()); n != 0 {
		t.Fatalf("%d records after Clear", n)
	}
	l.Add(&logged{Path: "/3"})
	if got := l.Records(); len(got) != 1 || got[0].Seq != 3 {
		t.Errorf("after Clear: %+v, want one record numbered 3", got)
	}
}

func TestRequestLogConcurrent(t *testing.T) {
	l := newLog(50)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				rec := &logged{Path: "/p"}
				l.Add(rec)
				l.Update(rec, func(r *logged) { r.Status = 200 })
				l.Records()
			}
		})
	}
	wg.Wait()
	got := l.Records()
	if len(got) != 50 || l.Seq() != 800 {
		t.Fatalf("%d records, seq %d; want 50, 800", len(got), l.Seq())
	}
	for i := 1; i < len(got); i++ {
		if got[i].Seq != got[i-1].Seq+1 {
			t.Fatalf("records out of order: %d after %d", got[i].Seq, got[i-1].Seq)
		}
	}
}
