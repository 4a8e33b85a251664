package nsopw

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Class is what went wrong with a search. The classes are constants that
// also serve as sentinels: errors.Is(err, nsopw.ErrChallenge).
type Class string

// The classes of a failed search. All but ErrRejected and ErrTooManyResults
// are retryable: the same search may succeed later.
const (
	// ErrChallenge: a bot challenge (Cloudflare's "Just a moment..." page,
	// a cf-mitigated: challenge header) or a bare 403 instead of JSON.
	ErrChallenge Class = "bot challenge"
	// ErrRateLimited: 429; Error.RetryAfter carries Retry-After when given.
	ErrRateLimited Class = "rate limited"
	// ErrServer: a 5xx, or a search the backend itself reports as failed.
	ErrServer Class = "server failure"
	// ErrTimeout: no complete answer within Config.Timeout or the caller's
	// deadline.
	ErrTimeout Class = "timeout"
	// ErrUnreachable: no connection (DNS, refused, reset).
	ErrUnreachable Class = "unreachable"
	// ErrMalformed: a 2xx whose body is not the search result (not JSON,
	// cut short, over the size bound, or missing the jurisdiction statuses).
	ErrMalformed Class = "malformed response"
	// ErrIncomplete: the search ran but some jurisdictions did not answer
	// (offline, failed or timed out at NSOPW). The offenders found are
	// returned with the error.
	ErrIncomplete Class = "incomplete search"
	// ErrTooManyResults: a jurisdiction matched more offenders than it lists
	// (its statusCode 511). Retrying the same search does not help; a
	// narrower one (zip, city) may. The offenders found elsewhere are
	// returned with the error.
	ErrTooManyResults Class = "too many results"
	// ErrRejected: our request is wrong (a 4xx such as 422 with a
	// validation statusCode, or a query refused before sending).
	ErrRejected Class = "request rejected"
)

func (c Class) Error() string { return "nsopw: " + string(c) }

// Retryable reports whether a search that failed this way may succeed if
// repeated unchanged.
func (c Class) Retryable() bool {
	switch c {
	case ErrRejected, ErrTooManyResults:
		return false
	}
	return true
}

// Error is a failed NSOPW search.
type Error struct {
	Class Class
	// Reason is a short sentence for the people who see the screening
	// result when retries run out ("NSOPW answered 503").
	Reason string
	// Status is the HTTP status of the answer, 0 when there was none.
	Status int
	// RetryAfter is the wait NSOPW asked for (429 Retry-After), 0 when it
	// did not: a hint for the retry policy, never waited for here.
	RetryAfter time.Duration
	// Jurisdictions are the ones that did not answer (ErrIncomplete) or
	// had too many matches (ErrTooManyResults).
	Jurisdictions []string
	// Err is the underlying cause, for logs.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("nsopw: %s: %v", e.Reason, e.Err)
	}
	return "nsopw: " + e.Reason
}

func (e *Error) Unwrap() error { return e.Err }

// Is matches the error's class, so errors.Is(err, nsopw.ErrTimeout) works.
func (e *Error) Is(target error) bool {
	c, ok := target.(Class)
	return ok && c == e.Class
}

// Retryable reports whether the same search may succeed later.
func (e *Error) Retryable() bool { return e.Class.Retryable() }

// Retryable reports whether err is an NSOPW failure worth retrying. A
// cancelled context and errors from elsewhere are not.
func Retryable(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Retryable()
}

// Reason is the short human reason of err for a result shown to clients.
func Reason(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	if err == nil {
		return ""
	}
	return "the NSOPW search failed"
}

// RetryAfter is the wait NSOPW asked for, 0 when none.
func RetryAfter(err error) time.Duration {
	var e *Error
	if errors.As(err, &e) {
		return e.RetryAfter
	}
	return 0
}

// shortDuration renders 10s, 1m30s, 2m, 250ms: Duration.String's "1m0s"
// reads badly in a sentence.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// listCodes names up to five jurisdictions and counts the rest.
func listCodes(codes []string) string {
	if len(codes) <= 5 {
		return strings.Join(codes, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(codes[:5], ", "), len(codes)-5)
}
