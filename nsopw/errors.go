package nsopw

import (
	"fmt"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/internal/callfail"
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

func (c Class) Error() string { return c.Service() + ": " + string(c) }

// Service names NSOPW at the head of its errors' messages.
func (Class) Service() string { return "nsopw" }

// Retryable reports whether a search that failed this way may succeed if
// repeated unchanged.
func (c Class) Retryable() bool {
	switch c {
	case ErrRejected, ErrTooManyResults:
		return false
	}
	return true
}

// Error is a failed NSOPW search: its Reason is a short sentence for the
// people who see the screening result when retries run out ("NSOPW
// answered 503").
type Error struct {
	callfail.Failure[Class]
	// Jurisdictions are the ones that did not answer (ErrIncomplete) or
	// had too many matches (ErrTooManyResults).
	Jurisdictions []string
}

// failure is the part of an Error every outside service's failure has.
type failure = callfail.Failure[Class]

// Retryable reports whether err is an NSOPW failure worth retrying. A
// cancelled context and errors from elsewhere are not.
func Retryable(err error) bool { return callfail.Retryable[Class](err) }

// Reason is the short human reason of err for a result shown to clients.
func Reason(err error) string { return callfail.Reason[Class](err, "the NSOPW search failed") }

// RetryAfter is the wait NSOPW asked for, 0 when none.
func RetryAfter(err error) time.Duration { return callfail.RetryAfter[Class](err) }

// listCodes names up to five jurisdictions and counts the rest.
func listCodes(codes []string) string {
	if len(codes) <= 5 {
		return strings.Join(codes, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(codes[:5], ", "), len(codes)-5)
}
