// Package httpcall is one JSON call to an outside party that answers over
// HTTP (a board of nursing's license lookup, a card issuer's verification
// service), told apart into the kinds of failure every connector of the
// service reports, and the retries of such calls while their failure is a
// passing one.
//
// The connectors name the failures in their own classes (package
// callfail); this package only decides which kind a call met, with a
// reason for people that begins with the party's name ("Nursys answered
// 503"). NSOPW's and the VMSs' connectors predate it and keep their own
// readers, shaped by those parties' quirks (bot challenges, portals).
package httpcall

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/sethvargo/go-retry"

	"github.com/clearedtostart/compliance/internal/callfail"
	"github.com/clearedtostart/compliance/internal/readable"
	"github.com/clearedtostart/compliance/internal/retryafter"
)

// Kind is what went wrong with a call.
type Kind int

// The kinds of failure. Timeout, Unreachable, Server, RateLimited and
// Malformed may pass; Refused and Rejected fault our side and do not.
const (
	// Timeout: no complete answer within the attempt's or the caller's
	// deadline, or a 408.
	Timeout Kind = iota + 1
	// Unreachable: no connection (DNS, refused, reset).
	Unreachable
	// Server: a 5xx, or an answer in which the party reports its own
	// failure.
	Server
	// RateLimited: a 429; Failure.RetryAfter carries Retry-After.
	RateLimited
	// Refused: 401 or 403, the party does not accept our credentials.
	Refused
	// Rejected: another 4xx, or a query refused before sending: our
	// request is wrong.
	Rejected
	// Malformed: an answer that is not the one expected (not JSON, cut
	// short, over the size bound, missing what it must carry).
	Malformed
)

// Retryable reports whether a call that failed this way may succeed if
// repeated unchanged.
func (k Kind) Retryable() bool { return k != Refused && k != Rejected }

// Failure is a failed call.
type Failure struct {
	Kind Kind
	// Reason is a short sentence for people ("Nursys answered 503").
	Reason string
	// Status is the HTTP status answered, 0 when there was none.
	Status int
	// RetryAfter is the wait the party asked for, 0 when none.
	RetryAfter time.Duration
	// Err is the underlying cause, for logs.
	Err error
}

func (f *Failure) Error() string {
	if f.Err != nil {
		return f.Reason + ": " + f.Err.Error()
	}
	return f.Reason
}

func (f *Failure) Unwrap() error { return f.Err }

// Caller makes the calls to one party.
type Caller struct {
	// Party names the party at the head of reasons ("Nursys").
	Party string
	// HTTP sends the requests.
	HTTP *http.Client
	// MaxBody bounds an answer; a larger one is Malformed, never cut.
	MaxBody int64
	// Now reads Retry-After dates.
	Now func() time.Time
	// AttemptTimeout, when set, is the bound of one attempt, named in the
	// reason of a call that ran out of it.
	AttemptTimeout time.Duration
}

// sniffBytes is how much of an answer that is not a JSON result is read
// to describe it.
const sniffBytes = 16 << 10

// Call sends req, which must carry reqCtx (the attempt's context, with its
// deadline; ctx is the caller's, whose end is told apart from the
// attempt's). The answer of a status accept takes is decoded as JSON into
// out; any other status is a Failure of its kind. A cancelled ctx is
// returned as itself, not as a Failure.
func (c *Caller) Call(ctx, reqCtx context.Context, req *http.Request, accept func(status int) bool, out any) (int, error) {
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return 0, c.Interrupted(ctx, reqCtx, err, c.Party+" could not be reached")
	}
	defer resp.Body.Close()
	status := resp.StatusCode
	body := bufio.NewReaderSize(LimitBody(resp.Body, c.MaxBody), 4096)
	if !accept(status) {
		sniffed, _ := io.ReadAll(io.LimitReader(body, sniffBytes))
		return status, c.statusFailure(resp, sniffed)
	}
	head, err := body.Peek(64)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, ErrBodyTooLarge) {
		return status, c.Interrupted(ctx, reqCtx, err, c.Party+"'s answer was cut off")
	}
	if !LooksJSON(head) {
		return status, &Failure{Kind: Malformed, Status: status, Reason: fmt.Sprintf("%s answered %s instead of a result", c.Party, describe(head))}
	}
	dec := json.NewDecoder(body)
	err = dec.Decode(out)
	if err == nil {
		// Anything after the object means the answer is not the one we
		// think it is; reading on also enforces the size bound.
		if _, terr := dec.Token(); !errors.Is(terr, io.EOF) {
			err = fmt.Errorf("data after the result: %v", terr)
		}
	}
	if err != nil {
		var ne net.Error
		switch {
		case errors.Is(err, ErrBodyTooLarge):
			return status, &Failure{Kind: Malformed, Status: status, Reason: fmt.Sprintf("%s's answer is larger than %s", c.Party, readable.Bytes(c.MaxBody)), Err: err}
		case ctx.Err() != nil || reqCtx.Err() != nil || errors.As(err, &ne):
			return status, c.Interrupted(ctx, reqCtx, err, c.Party+"'s answer was cut off")
		}
		return status, &Failure{Kind: Malformed, Status: status, Reason: c.Party + " answered a malformed result", Err: err}
	}
	return status, nil
}

// statusFailure classes an answer of a status the call does not take.
func (c *Caller) statusFailure(resp *http.Response, sniffed []byte) error {
	status := resp.StatusCode
	f := &Failure{Status: status}
	switch {
	case status == http.StatusTooManyRequests:
		f.Kind, f.Reason = RateLimited, fmt.Sprintf("%s is limiting how often we ask (429)", c.Party)
		if d, ok := retryafter.Parse(resp.Header.Get("Retry-After"), c.Now()); ok {
			f.RetryAfter = d
			f.Reason = fmt.Sprintf("%s is limiting how often we ask (429) and asked us to wait %s", c.Party, readable.Duration(d))
		}
	case status == http.StatusRequestTimeout:
		f.Kind, f.Reason = Timeout, fmt.Sprintf("%s gave up waiting for our request (408)", c.Party)
	case status >= 500:
		f.Kind, f.Reason = Server, fmt.Sprintf("%s answered %d", c.Party, status)
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		f.Kind, f.Reason = Refused, fmt.Sprintf("%s refused our credentials (%d)", c.Party, status)
	case status >= 400:
		f.Kind, f.Reason = Rejected, fmt.Sprintf("%s rejected the request (%d)", c.Party, status)
		if msg := errorMessage(sniffed); msg != "" {
			f.Reason = fmt.Sprintf("%s rejected the request (%d: %s)", c.Party, status, msg)
		}
	default:
		f.Kind, f.Reason = Malformed, fmt.Sprintf("%s answered %d instead of a result", c.Party, status)
	}
	return f
}

// errorMessage is the message of a JSON error body, as parties commonly
// spell it, cut to a readable length.
func errorMessage(b []byte) string {
	var v struct {
		Message      string `json:"message"`
		Error        string `json:"error"`
		ErrorMessage string `json:"ErrorMessage"`
	}
	if !LooksJSON(b) || json.Unmarshal(b, &v) != nil {
		return ""
	}
	msg := v.Message
	if msg == "" {
		msg = v.ErrorMessage
	}
	if msg == "" {
		msg = v.Error
	}
	if r := []rune(msg); len(r) > 200 {
		msg = string(r[:200]) + "…"
	}
	return msg
}

// Interrupted classes an error of sending or reading: the caller gave up,
// a deadline passed, or the connection failed (unreachable is the reason
// then).
func (c *Caller) Interrupted(ctx, reqCtx context.Context, err error, unreachable string) error {
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
		return fmt.Errorf("%s: call abandoned: %w", c.Party, ctx.Err())
	case ctx.Err() != nil:
		return &Failure{Kind: Timeout, Reason: c.Party + " did not answer before the check's deadline", Err: err}
	case reqCtx.Err() != nil && c.AttemptTimeout > 0:
		return &Failure{Kind: Timeout, Reason: c.Party + " did not answer within " + readable.Duration(c.AttemptTimeout), Err: err}
	case reqCtx.Err() != nil:
		return &Failure{Kind: Timeout, Reason: c.Party + " did not answer in time", Err: err}
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return &Failure{Kind: Timeout, Reason: c.Party + " did not answer in time", Err: err}
	}
	return &Failure{Kind: Unreachable, Reason: unreachable, Err: err}
}

func describe(head []byte) string {
	t := bytes.TrimSpace(head)
	switch {
	case len(t) == 0:
		return "nothing"
	case t[0] == '<':
		return "a web page"
	}
	return "something other than JSON"
}

// LooksJSON reports whether an answer's first bytes open a JSON object or
// array (a byte-order mark and white space aside): what an outage's or a
// challenge's HTML page never does.
func LooksJSON(b []byte) bool {
	b = bytes.TrimPrefix(bytes.TrimLeft(b, " \t\r\n"), []byte("\xef\xbb\xbf"))
	return len(b) > 0 && (b[0] == '{' || b[0] == '[')
}

// readError is a constant error of this package's reader.
type readError string

func (e readError) Error() string { return string(e) }

// ErrBodyTooLarge is what a LimitBody reader fails with past its bound.
const ErrBodyTooLarge readError = "answer over the size bound"

// LimitBody reads r up to n bytes and fails with ErrBodyTooLarge if more
// come, so that a cut-off read is never taken for a complete answer
// (io.LimitReader ends such a read as if the answer were whole).
func LimitBody(r io.Reader, n int64) io.Reader { return &boundedReader{r: r, left: n} }

// boundedReader is LimitBody's reader.
type boundedReader struct {
	r    io.Reader
	left int64
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		var one [1]byte
		n, err := b.r.Read(one[:])
		if n > 0 {
			return 0, ErrBodyTooLarge
		}
		return 0, err
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

// Policy is how a call is retried.
type Policy struct {
	// Attempts is how many times a call is made at most (at least 1).
	Attempts int
	// Backoff is the wait before the second attempt, doubled before each
	// next one.
	Backoff time.Duration
	// MaxWait bounds one wait; a party asking (Retry-After) for a longer
	// one is not asked again.
	MaxWait time.Duration
}

// Endpoint joins path to base, which must be an http(s) URL with a host:
// a connector's constructor refuses any other base, so a mistyped
// setting fails at start and not at the first document it checks.
func Endpoint(base, path string) (string, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("base URL %q is not an http(s) URL", base)
	}
	return strings.TrimRight(u.String(), "/") + path, nil
}

// Retry makes attempt until it succeeds, fails in a way that does not
// pass (anything but a retryable *Failure), or the policy's attempts run
// out, and returns its last error. The wait before the next attempt is the
// policy's backoff, or the party's Retry-After when it asked for longer.
// A caller's deadline that passes while waiting returns the last failure;
// a cancelled ctx returns the cancellation.
func Retry(ctx context.Context, p Policy, attempt func(ctx context.Context) error) error {
	attempts := max(p.Attempts, 1)
	base := retry.WithCappedDuration(max(p.MaxWait, p.Backoff), retry.WithMaxRetries(uint64(attempts-1), retry.NewExponential(max(p.Backoff, time.Millisecond))))
	var last error
	var asked time.Duration
	backoff := retry.BackoffFunc(func() (time.Duration, bool) {
		d, stop := base.Next()
		if stop {
			return 0, true
		}
		if asked > d {
			if p.MaxWait > 0 && asked > p.MaxWait {
				return 0, true
			}
			d = asked
		}
		return d, false
	})
	err := retry.Do(ctx, backoff, func(ctx context.Context) error {
		last, asked = attempt(ctx), 0
		var f *Failure
		if errors.As(last, &f) && f.Kind.Retryable() {
			asked = f.RetryAfter
			return retry.RetryableError(last)
		}
		return last
	})
	if err != nil && last != nil && ctx.Err() != nil && !errors.Is(ctx.Err(), context.Canceled) {
		// The deadline passed between attempts: the last answer says more
		// than "deadline exceeded".
		return last
	}
	return err
}

// As turns a call's failure into a connector's own failure, its kind
// named by classes (a kind classes lacks is the Malformed one's); other
// errors, such as a cancelled context, stay themselves.
func As[C callfail.Class](err error, classes map[Kind]C) error {
	var f *Failure
	if !errors.As(err, &f) {
		return err
	}
	class, ok := classes[f.Kind]
	if !ok {
		class = classes[Malformed]
	}
	return &callfail.Failure[C]{Class: class, Reason: f.Reason, Status: f.Status, RetryAfter: f.RetryAfter, Err: f.Err}
}
