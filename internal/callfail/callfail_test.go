package callfail_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/callfail"
)

type class string

func (c class) Error() string   { return "svc: " + string(c) }
func (c class) Retryable() bool { return c == busy }
func (class) Service() string   { return "svc" }

const (
	busy    class = "busy"
	refused class = "refused"
)

type other string

func (c other) Error() string { return string(c) }
func (other) Retryable() bool { return true }
func (other) Service() string { return "other" }

// wider is a connector's error that carries more than the Failure.
type wider struct {
	callfail.Failure[class]
	Extra []string
}

func TestFailure(t *testing.T) {
	bare := &callfail.Failure[class]{Class: busy, Reason: "svc answered 503", Status: 503, RetryAfter: time.Minute, Err: errors.New("eof")}
	embedded := &wider{Failure: callfail.Failure[class]{Class: refused, Reason: "svc refused the call"}, Extra: []string{"x"}}
	tests := []struct {
		name       string
		err        error
		text       string
		is, isNot  error
		retryable  bool
		reason     string
		retryAfter time.Duration
	}{
		{"bare", bare, "svc: svc answered 503: eof", busy, refused, true, "svc answered 503", time.Minute},
		{"wrapped", fmt.Errorf("sync: %w", bare), "sync: svc: svc answered 503: eof", busy, refused, true, "svc answered 503", time.Minute},
		{"embedded", embedded, "svc: svc refused the call", refused, busy, false, "svc refused the call", 0},
		{"foreign", errors.New("boom"), "boom", nil, busy, false, "the call failed", 0},
		{"other class type", &callfail.Failure[other]{Class: "x", Reason: "r"}, "other: r", nil, busy, false, "the call failed", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.text {
				t.Errorf("Error() = %q, want %q", got, tt.text)
			}
			if tt.is != nil && !errors.Is(tt.err, tt.is) {
				t.Errorf("not errors.Is %v", tt.is)
			}
			if errors.Is(tt.err, tt.isNot) {
				t.Errorf("errors.Is %v", tt.isNot)
			}
			if got := callfail.Retryable[class](tt.err); got != tt.retryable {
				t.Errorf("Retryable = %v, want %v", got, tt.retryable)
			}
			if got := callfail.Reason[class](tt.err, "the call failed"); got != tt.reason {
				t.Errorf("Reason = %q, want %q", got, tt.reason)
			}
			if got := callfail.RetryAfter[class](tt.err); got != tt.retryAfter {
				t.Errorf("RetryAfter = %v, want %v", got, tt.retryAfter)
			}
		})
	}
	if callfail.Reason[class](nil, "the call failed") != "" {
		t.Error("Reason(nil) is not empty")
	}
	if f, ok := callfail.As[class](embedded); !ok || f != &embedded.Failure {
		t.Error("As does not find the embedded Failure")
	}
}
