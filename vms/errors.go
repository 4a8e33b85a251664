package vms

import (
	"time"

	"github.com/clearedtostart/compliance/internal/callfail"
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

func (c Class) Error() string { return c.Service() + ": " + string(c) }

// Service names the VMS at the head of its errors' messages.
func (Class) Service() string { return "vms" }

// Retryable reports whether a call that failed this way may succeed if
// repeated unchanged.
func (c Class) Retryable() bool { return c == ErrUnavailable }

// Error is a failed VMS call: its Reason is a short sentence for people
// ("the VMS answered 503 for job ICU-2231: …").
type Error = callfail.Failure[Class]

// Retryable reports whether err is a VMS failure worth retrying. A
// cancelled context and errors from elsewhere are not.
func Retryable(err error) bool { return callfail.Retryable[Class](err) }

// Reason is the short human reason of err.
func Reason(err error) string { return callfail.Reason[Class](err, "the VMS call failed") }

// RetryAfter is the wait the VMS asked for, 0 when none.
func RetryAfter(err error) time.Duration { return callfail.RetryAfter[Class](err) }
