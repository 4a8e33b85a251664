package httpcall_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/httpcall"
)

func caller() *httpcall.Caller {
	return &httpcall.Caller{Party: "Board", HTTP: &http.Client{}, MaxBody: 64, Now: time.Now}
}

// call makes one call to a server answering status and body.
func call(t *testing.T, status int, header http.Header, body string, accept func(int) bool) (int, error) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		for k, v := range header {
			w.Header()[k] = v
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	defer srv.Close()
	ctx := context.Background()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	return caller().Call(ctx, ctx, req, accept, &out)
}

func ok200(status int) bool { return status == http.StatusOK }

func TestCallKinds(t *testing.T) {
	tests := []struct {
		name   string
		status int
		header http.Header
		body   string
		kind   httpcall.Kind
		reason string
	}{
		{"a result", 200, nil, `{"a":1}`, 0, ""},
		{"a web page", 200, nil, "<html>down</html>", httpcall.Malformed, "Board answered a web page instead of a result"},
		{"nothing", 200, nil, "", httpcall.Malformed, "Board answered nothing instead of a result"},
		{"cut short", 200, nil, `{"a":`, httpcall.Malformed, "Board answered a malformed result"},
		{"too large", 200, nil, `{"a":"` + strings.Repeat("x", 100) + `"}`, httpcall.Malformed, "larger than"},
		{"two results", 200, nil, `{"a":1}{"b":2}`, httpcall.Malformed, "malformed"},
		{"server", 502, nil, "bad gateway", httpcall.Server, "Board answered 502"},
		{"rate limited", 429, http.Header{"Retry-After": {"7"}}, "", httpcall.RateLimited, "asked us to wait 7s"},
		{"timeout", 408, nil, "", httpcall.Timeout, "(408)"},
		{"credentials", 401, nil, "", httpcall.Refused, "refused our credentials (401)"},
		{"our request", 422, nil, `{"message":"license number required"}`, httpcall.Rejected, "(422: license number required)"},
		{"a redirect", 302, nil, "", httpcall.Malformed, "answered 302 instead of a result"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := call(t, tt.status, tt.header, tt.body, ok200)
			if tt.kind == 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var f *httpcall.Failure
			if !errors.As(err, &f) || f.Kind != tt.kind || !strings.Contains(f.Reason, tt.reason) {
				t.Fatalf("err %v, want kind %d with %q", err, tt.kind, tt.reason)
			}
			if tt.kind == httpcall.RateLimited && f.RetryAfter != 7*time.Second {
				t.Fatalf("retry after %v", f.RetryAfter)
			}
		})
	}
}

func failure(kind httpcall.Kind, retryAfter time.Duration) error {
	return &httpcall.Failure{Kind: kind, Reason: "Board failed", RetryAfter: retryAfter}
}

func TestRetry(t *testing.T) {
	policy := httpcall.Policy{Attempts: 3, Backoff: 5 * time.Millisecond, MaxWait: 100 * time.Millisecond}
	tests := []struct {
		name     string
		failures []error
		attempts int
		kind     httpcall.Kind
	}{
		{"succeeds at once", nil, 1, 0},
		{"passes on the third attempt", []error{failure(httpcall.Server, 0), failure(httpcall.Timeout, 0)}, 3, 0},
		{"attempts run out", []error{failure(httpcall.Server, 0), failure(httpcall.Server, 0), failure(httpcall.Unreachable, 0)}, 3, httpcall.Unreachable},
		{"our fault is not retried", []error{failure(httpcall.Rejected, 0)}, 1, httpcall.Rejected},
		{"refused credentials are not retried", []error{failure(httpcall.Refused, 0)}, 1, httpcall.Refused},
		{"a wait longer than the policy's is not waited", []error{failure(httpcall.RateLimited, time.Minute)}, 1, httpcall.RateLimited},
		{"a wait within it is", []error{failure(httpcall.RateLimited, 50*time.Millisecond)}, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := 0
			start := time.Now()
			err := httpcall.Retry(context.Background(), policy, func(context.Context) error {
				n++
				if n <= len(tt.failures) {
					return tt.failures[n-1]
				}
				return nil
			})
			if n != tt.attempts {
				t.Fatalf("%d attempts, want %d", n, tt.attempts)
			}
			var f *httpcall.Failure
			switch {
			case tt.kind == 0 && err != nil:
				t.Fatal(err)
			case tt.kind != 0 && (!errors.As(err, &f) || f.Kind != tt.kind):
				t.Fatalf("err %v, want kind %d", err, tt.kind)
			}
			if tt.name == "a wait within it is" && time.Since(start) < 50*time.Millisecond {
				t.Fatal("the party's Retry-After was not waited")
			}
		})
	}
}

func TestRetryDeadlineAndCancel(t *testing.T) {
	policy := httpcall.Policy{Attempts: 5, Backoff: time.Second, MaxWait: time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	err := httpcall.Retry(ctx, policy, func(context.Context) error { return failure(httpcall.Server, 0) })
	var f *httpcall.Failure
	if !errors.As(err, &f) || f.Kind != httpcall.Server {
		t.Fatalf("a deadline passing while waiting returns the last failure, got %v", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	err = httpcall.Retry(ctx, policy, func(context.Context) error { return failure(httpcall.Server, 0) })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled retry returns the cancellation, got %v", err)
	}
}

func TestEndpoint(t *testing.T) {
	tests := []struct{ base, want, err string }{
		{"https://api.example.org/", "https://api.example.org/v1/verify", ""},
		{"http://127.0.0.1:8090", "http://127.0.0.1:8090/v1/verify", ""},
		{"ftp://example.org", "", `base URL "ftp://example.org" is not an http(s) URL`},
		{"https://", "", `base URL "https://" is not an http(s) URL`},
		{"://bad", "", `base URL "://bad" is not an http(s) URL`},
	}
	for _, tt := range tests {
		got, err := httpcall.Endpoint(tt.base, "/v1/verify")
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && err.Error() != tt.err {
			t.Errorf("Endpoint(%q) = %q, %v; want %q, %q", tt.base, got, err, tt.want, tt.err)
		}
	}
}
