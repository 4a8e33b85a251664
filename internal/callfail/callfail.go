// Package callfail is a failed call to an outside service (NSOPW, a VMS):
// a class that doubles as a sentinel for errors.Is, a short reason for
// people, and the hints a retry policy reads. The connectors declare their
// own classes; the error around them is this one, so that both answer
// errors.Is, Retryable, Reason and RetryAfter the same way.
package callfail

import (
	"errors"
	"fmt"
	"time"
)

// Class is a connector's kind of failure, a string constant that is also
// an error.
type Class interface {
	~string
	error
	// Retryable reports whether a call that failed this way may succeed
	// if repeated unchanged.
	Retryable() bool
	// Service names the outside service at the head of messages ("vms").
	Service() string
}

// Failure is a failed call.
type Failure[C Class] struct {
	Class C
	// Reason is a short sentence for the people who see the result when
	// retries run out ("NSOPW answered 503").
	Reason string
	// Status is the HTTP status of the answer, 0 when there was none.
	Status int
	// RetryAfter is the wait the service asked for (Retry-After), 0 when
	// it did not: a hint for the retry policy, never waited for here.
	RetryAfter time.Duration
	// Err is the underlying cause, for logs.
	Err error
}

func (e *Failure[C]) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Class.Service(), e.Reason, e.Err)
	}
	return e.Class.Service() + ": " + e.Reason
}

func (e *Failure[C]) Unwrap() error { return e.Err }

// Is matches the failure's class, so errors.Is(err, vms.ErrAuth) works.
func (e *Failure[C]) Is(target error) bool {
	c, ok := target.(C)
	return ok && c == e.Class
}

// Retryable reports whether the same call may succeed later.
func (e *Failure[C]) Retryable() bool { return e.Class.Retryable() }

// failure lets As find a Failure embedded in a connector's own error type.
func (e *Failure[C]) failure() *Failure[C] { return e }

// As finds the Failure of class type C in err's chain, whether err holds
// it bare or embedded in a larger error.
func As[C Class](err error) (*Failure[C], bool) {
	var f interface{ failure() *Failure[C] }
	if errors.As(err, &f) {
		return f.failure(), true
	}
	return nil, false
}

// Retryable reports whether err is a failure of class type C worth
// retrying. A cancelled context and errors from elsewhere are not.
func Retryable[C Class](err error) bool {
	e, ok := As[C](err)
	return ok && e.Retryable()
}

// Reason is the short human reason of err: the failure's own, "" for no
// error, otherwise for an error from elsewhere.
func Reason[C Class](err error, otherwise string) string {
	if e, ok := As[C](err); ok {
		return e.Reason
	}
	if err == nil {
		return ""
	}
	return otherwise
}

// RetryAfter is the wait the service asked for, 0 when none.
func RetryAfter[C Class](err error) time.Duration {
	if e, ok := As[C](err); ok {
		return e.RetryAfter
	}
	return 0
}
