package httpcall

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/callfail"
)

type testClass string

func (c testClass) Error() string   { return string(c) }
func (testClass) Service() string   { return "test" }
func (c testClass) Retryable() bool { return c != "refused" }

func TestAs(t *testing.T) {
	classes := map[Kind]testClass{Server: "server", Refused: "refused", Malformed: "malformed"}
	for _, tt := range []struct {
		kind Kind
		want testClass
	}{{Server, "server"}, {Refused, "refused"}, {Timeout, "malformed"}} {
		err := As(&Failure{Kind: tt.kind, Reason: "it answered 503", Status: 503, RetryAfter: time.Second}, classes)
		f, ok := callfail.As[testClass](err)
		if !ok || f.Class != tt.want || f.Reason != "it answered 503" || f.Status != 503 || f.RetryAfter != time.Second {
			t.Errorf("As(kind %d) = %#v, want class %q with the failure's details", tt.kind, err, tt.want)
		}
	}
	if err := As(context.Canceled, classes); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context became %v", err)
	}
}
