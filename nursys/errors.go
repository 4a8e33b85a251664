package nursys

import (
	"github.com/clearedtostart/compliance/internal/callfail"
	"github.com/clearedtostart/compliance/internal/httpcall"
)

// Class is what went wrong with a lookup. The classes are constants that
// also serve as sentinels: errors.Is(err, nursys.ErrTimeout).
type Class string

// The classes of a failed lookup. All but ErrRefused and ErrRejected are
// retryable: the same lookup may succeed later. A license that is not
// found is an answer (Result.Found false), never an error.
const (
	// ErrTimeout: no complete answer within Config.Timeout (the submit and
	// the polls of one attempt) or the caller's deadline.
	ErrTimeout Class = "timeout"
	// ErrUnreachable: no connection (DNS, refused, reset).
	ErrUnreachable Class = "unreachable"
	// ErrServer: a 5xx, or a transaction Nursys reports as failed.
	ErrServer Class = "server failure"
	// ErrRateLimited: 429; Error.RetryAfter carries Retry-After.
	ErrRateLimited Class = "rate limited"
	// ErrMalformed: an answer that is not the lookup's (not JSON, cut
	// short, over the size bound, without a transaction or a result).
	ErrMalformed Class = "malformed response"
	// ErrRefused: 401 or 403, the institution's credentials are refused.
	ErrRefused Class = "credentials refused"
	// ErrRejected: our request is wrong (a 4xx, a submit Nursys refuses
	// with validation errors, or a query refused before sending).
	ErrRejected Class = "request rejected"
)

func (c Class) Error() string { return c.Service() + ": " + string(c) }

// Service names Nursys at the head of its errors' messages.
func (Class) Service() string { return "nursys" }

// Retryable reports whether a lookup that failed this way may succeed if
// repeated unchanged.
func (c Class) Retryable() bool { return c != ErrRefused && c != ErrRejected }

// Error is a failed lookup: its Reason is a short sentence for the people
// who see the check's result ("Nursys answered 503").
type Error = callfail.Failure[Class]

// Retryable reports whether err is a Nursys failure worth retrying.
func Retryable(err error) bool { return callfail.Retryable[Class](err) }

// Reason is the short human reason of err.
func Reason(err error) string { return callfail.Reason[Class](err, "the Nursys license lookup failed") }

// classes names the kinds of call failure in this package's classes.
var classes = map[httpcall.Kind]Class{
	httpcall.Timeout: ErrTimeout, httpcall.Unreachable: ErrUnreachable, httpcall.Server: ErrServer,
	httpcall.RateLimited: ErrRateLimited, httpcall.Refused: ErrRefused, httpcall.Rejected: ErrRejected,
	httpcall.Malformed: ErrMalformed,
}

// asError turns a call's failure into an *Error; other errors (a
// cancelled context) stay themselves.
func asError(err error) error { return httpcall.As(err, classes) }
