package vms

import (
	"errors"
	"fmt"
	"time"

	"github.com/clearedtostart/compliance/internal/readable"
)

// Class is what went wrong with a VMS call. The classes are constants that
// also serve as sentinels: errors.Is(err, vms.ErrNotFound).
type Class string

// The classes of a failed call. Only ErrUnavailable is retryable.
const (
	// ErrNotFound: the VMS does not know the job or placement.
	ErrNotFound Class = "not found"
	// ErrUnavailable: the VMS could not answer now: unreachable, a
	// timeout, a 5xx or 429, a maintenance page instead of the answer, a
	// checklist that changed while it was read.
	ErrUnavailable Class = "unavailable"
	// ErrAuth: the VMS refused our credentials or our access (a refused
	// token or sign-in, 403): configuration, for people to fix.
	ErrAuth Class = "access refused"
	// ErrRejected: the VMS refused the request itself (not a PDF, too
	// large, a bad field), or the connector refused to send it.
	ErrRejected Class = "request rejected"
	// ErrConflict: the VMS holds a different upload under the same
	// idempotency key.
	ErrConflict Class = "idempotency conflict"
	// ErrMalformed: an answer the connector cannot read (not the JSON it
	// expects, a portal page whose layout changed, a status it does not
	// know, items missing): a human has to look.
	ErrMalformed Class = "unreadable answer"
)

func (c Class) Error() string { return "vms: " + string(c) }

// Retryable reports whether a call that failed this way may succeed if
// repeated unchanged.
func (c Class) Retryable() bool { return c == ErrUnavailable }

// Error is a failed VMS call.
type Error struct {
	Class Class
	// Reason is a short sentence for people ("the VMS answered 503 for
	// job ICU-2231: …").
	Reason string
	// Status is the HTTP status of the answer, 0 when there was none.
	Status int
	// RetryAfter is the wait the VMS asked for (Retry-After), 0 when it
	// did not: a hint for the retry policy, never waited for here.
	RetryAfter time.Duration
	// Err is the underlying cause, for logs.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("vms: %s: %v", e.Reason, e.Err)
	}
	return "vms: " + e.Reason
}

func (e *Error) Unwrap() error { return e.Err }

// Is matches the error's class, so errors.Is(err, vms.ErrAuth) works.
func (e *Error) Is(target error) bool {
	c, ok := target.(Class)
	return ok && c == e.Class
}

// Retryable reports whether the same call may succeed later.
func (e *Error) Retryable() bool { return e.Class.Retryable() }

// Retryable reports whether err is a VMS failure worth retrying. A
// cancelled context and errors from elsewhere are not.
func Retryable(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Retryable()
}

// Reason is the short human reason of err.
func Reason(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	if err == nil {
		return ""
	}
	return "the VMS call failed"
}

// RetryAfter is the wait the VMS asked for, 0 when none.
func RetryAfter(err error) time.Duration {
	var e *Error
	if errors.As(err, &e) {
		return e.RetryAfter
	}
	return 0
}

// shortDuration renders 10s, 1m30s, 2m: Duration.String's "1m0s" reads
// badly in a sentence.
func shortDuration(d time.Duration) string { return readable.Duration(d) }
