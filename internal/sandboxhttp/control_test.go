package sandboxhttp

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// controlled is the smallest sandbox the control routes steer.
type controlled struct {
	sw   Switch
	reqs *RequestLog[logged]
}

func (c *controlled) CurrentBehaviour() Behaviour    { return c.sw.Current() }
func (c *controlled) SetBehaviour(b Behaviour) error { return c.sw.Set(b) }
func (c *controlled) Requests() []logged             { return c.reqs.Records() }
func (c *controlled) ClearRequests()                 { c.reqs.Clear() }

func TestControlRoutes(t *testing.T) {
	c := &controlled{reqs: newLog(10)}
	c.reqs.Add(&logged{Path: "/verify", Status: 200})
	mux := http.NewServeMux()
	HandleBehaviour[Behaviour](mux, c, slog.New(slog.DiscardHandler), "test")
	HandleRequests[logged](mux, c)
	// The steps run in order: each sees what the one before changed.
	for _, tc := range []struct {
		name, method, path, body string
		status                   int
		want                     string // a part of the body
	}{
		{"the behaviour in force", "GET", "/_sandbox/behaviour", "", 200, `"mode":"normal"`},
		{"a new behaviour", "POST", "/_sandbox/behaviour", `{"mode":"down","count":2}`, 200, `"mode":"down","count":2`},
		{"kept", "GET", "/_sandbox/behaviour", "", 200, `"mode":"down"`},
		{"a field the sandbox does not know", "POST", "/_sandbox/behaviour", `{"mode":"slow","delay_ms":5}`, 400,
			`{"error":"bad behaviour: json: unknown field \"delay_ms\""}`},
		{"not JSON", "POST", "/_sandbox/behaviour", `mode=slow`, 400, `"error":"bad behaviour: `},
		{"a mode the sandbox refuses", "POST", "/_sandbox/behaviour", `{"mode":"sideways"}`, 400,
			`{"error":"unknown mode \"sideways\" (normal, slow, down, flaky, malformed, ratelimit, unauthorized)"}`},
		{"a refused behaviour leaves the last one", "GET", "/_sandbox/behaviour", "", 200, `"mode":"down"`},
		{"the requests seen", "GET", "/_sandbox/requests", "", 200, `[{"Seq":1,"Path":"/verify","Status":200}]`},
		{"forgotten", "DELETE", "/_sandbox/requests", "", 204, ""},
		{"none left", "GET", "/_sandbox/requests", "", 200, `[]`},
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body)))
		body, _ := io.ReadAll(rec.Body)
		if rec.Code != tc.status || !strings.Contains(string(body), tc.want) {
			t.Errorf("%s: %s %s = %d %s, want %d with %s", tc.name, tc.method, tc.path, rec.Code, body, tc.status, tc.want)
		}
		if tc.status == 200 && rec.Header().Get("Content-Type") != "application/json; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", tc.name, rec.Header().Get("Content-Type"))
		}
	}
}
