package ahaecard

import (
	"time"

	"github.com/clearedtostart/compliance/internal/callfail"
	"github.com/clearedtostart/compliance/internal/httpcall"
)

// Class is what went wrong with a verification. The classes are constants
// that also serve as sentinels: errors.Is(err, ahaecard.ErrTimeout).
type Class string

// The classes of a failed verification. All but ErrRefused and
// ErrRejected are retryable: the same verification may succeed later. A
// card the service does not hold is an answer (Result.Found false), never
// an error.
const (
	// ErrTimeout: no complete answer within Config.Timeout or the
	// caller's deadline.
	ErrTimeout Class = "timeout"
	// ErrUnreachable: no connection (DNS, refused, reset).
	ErrUnreachable Class = "unreachable"
	// ErrServer: a 5xx.
	ErrServer Class = "server failure"
	// ErrRateLimited: 429; Error.RetryAfter carries Retry-After.
	ErrRateLimited Class = "rate limited"
	// ErrMalformed: an answer that is not a verification result (not JSON,
	// cut short, over the size bound, an unknown result, a found card
	// without its details).
	ErrMalformed Class = "malformed response"
	// ErrRefused: 401 or 403, the API key is refused.
	ErrRefused Class = "credentials refused"
	// ErrRejected: our request is wrong (a 4xx such as a code the service
	// calls invalid, or a code refused before sending).
	ErrRejected Class = "request rejected"
)

func (c Class) Error() string { return c.Service() + ": " + string(c) }

// Service names the AHA eCard service at the head of its errors' messages.
func (Class) Service() string { return "ahaecard" }

// Retryable reports whether a verification that failed this way may
// succeed if repeated unchanged.
func (c Class) Retryable() bool { return c != ErrRefused && c != ErrRejected }

// Error is a failed verification: its Reason is a short sentence for the
// people who see the check's result ("AHA eCards answered 503").
type Error = callfail.Failure[Class]

// Retryable reports whether err is a failure of the eCard service worth
// retrying.
func Retryable(err error) bool { return callfail.Retryable[Class](err) }

// Reason is the short human reason of err.
func Reason(err error) string {
	return callfail.Reason[Class](err, "the AHA eCard verification failed")
}

// RetryAfter is the wait the service asked for, 0 when none.
func RetryAfter(err error) time.Duration { return callfail.RetryAfter[Class](err) }

// classes names the kinds of call failure in this package's classes.
var classes = map[httpcall.Kind]Class{
	httpcall.Timeout: ErrTimeout, httpcall.Unreachable: ErrUnreachable, httpcall.Server: ErrServer,
	httpcall.RateLimited: ErrRateLimited, httpcall.Refused: ErrRefused, httpcall.Rejected: ErrRejected,
	httpcall.Malformed: ErrMalformed,
}

// asError turns a call's failure into an *Error; other errors (a
// cancelled context) stay themselves.
func asError(err error) error { return httpcall.As(err, classes) }
