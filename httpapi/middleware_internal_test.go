package httpapi

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/clearedtostart/compliance/derrors"
)

// bare builds a Server with only the middleware, for handler-less tests.
func bare(t *testing.T) (*Server, *gin.Engine) {
	t.Helper()
	m, err := newMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil)), metrics: m}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(s.requestID, s.recoverPanics, s.observe, s.renderErrors)
	return s, r
}

func body(t *testing.T, w *httptest.ResponseRecorder) ErrorObject {
	t.Helper()
	var e ErrorBody
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("not an error body: %s", w.Body)
	}
	return e.Error
}

func TestPanicBecomesInternalError(t *testing.T) {
	_, r := bare(t)
	r.GET("/boom", func(*gin.Context) { panic("kaboom: secret internals") })
	w := httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/boom", nil))
	e := body(t, w)
	if w.Code != 500 || e.Code != "internal" || strings.Contains(w.Body.String(), "kaboom") {
		t.Fatalf("got %d %s", w.Code, w.Body)
	}
	details, _ := e.Details.(map[string]any)
	if details["request_id"] == "" || details["request_id"] != w.Header().Get("x-request-id") {
		t.Fatalf("request id missing from details: %v / %s", e.Details, w.Header().Get("x-request-id"))
	}
}

func TestInternalErrorTextNeverLeaks(t *testing.T) {
	_, r := bare(t)
	r.GET("/fail", func(c *gin.Context) { fail(c, errorf("pq: password authentication failed for user %q", "admin")) })
	w := httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/fail", nil))
	if e := body(t, w); w.Code != 500 || e.Code != "internal" || strings.Contains(w.Body.String(), "password") {
		t.Fatalf("got %d %s", w.Code, w.Body)
	}
}

func TestEveryCodeHasAStatus(t *testing.T) {
	for _, c := range []derrors.Code{derrors.InvalidRequest, derrors.Unauthorized, derrors.NotFound, derrors.UnknownRequirement,
		derrors.FileRequired, derrors.FileTooLarge, derrors.SourceValidationDisabled, derrors.UnsupportedFile,
		derrors.UnsupportedMediaType, derrors.BodyTooLarge, derrors.MethodNotAllowed, derrors.Conflict,
		derrors.Unavailable, derrors.Internal} {
		if _, ok := statusOf[c]; !ok {
			t.Errorf("code %s has no status", c)
		}
	}
}

func TestBindJSON(t *testing.T) {
	type payload struct {
		Name  string `json:"name"`
		Count int    `json:"count"`
		Flag  bool   `json:"flag"`
	}
	_, r := bare(t)
	r.POST("/j", func(c *gin.Context) {
		var p payload
		if err := bindJSON(c, &p); err != nil {
			fail(c, err)
			return
		}
		c.JSON(200, p)
	})
	tests := []struct {
		name, ct, body string
		status         int
		code, msg      string
	}{
		{"ok", "application/json", `{"name":"a","count":2}`, 200, "", ""},
		{"malformed", "application/json", `{"name":`, 400, "invalid_request", "malformed JSON"},
		{"wrong type", "application/json", `{"count":"two"}`, 400, "invalid_request", `"count" must be of type number`},
		{"wrong type bool", "application/json", `{"flag":1}`, 400, "invalid_request", `"flag" must be of type boolean`},
		{"unknown field", "application/json", `{"nmae":"a"}`, 400, "invalid_request", `unknown field "nmae"`},
		{"two documents", "application/json", `{} {}`, 400, "invalid_request", "exactly one JSON value"},
		{"empty", "application/json", ``, 400, "invalid_request", "empty"},
		{"wrong content type", "text/plain", `{}`, 415, "unsupported_media_type", "application/json"},
		{"no content type", "", `{}`, 415, "unsupported_media_type", "application/json"},
		{"too large", "application/json", `{"name":"` + strings.Repeat("a", maxJSONBody) + `"}`, 413, "body_too_large", "exceeds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/j", strings.NewReader(tt.body))
			if tt.ct != "" {
				req.Header.Set("Content-Type", tt.ct)
			}
			w := httptest.NewRecorder()
			r.ServeHTTP(w, req)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.code != "" {
				if e := body(t, w); e.Code != tt.code || !strings.Contains(e.Message, tt.msg) {
					t.Fatalf("got %+v, want %s containing %q", e, tt.code, tt.msg)
				}
			}
		})
	}
}

func TestCleanFileName(t *testing.T) {
	tests := map[string]string{
		"../../etc/passwd":       "passwd",
		`C:\Users\nurse\bls.pdf`: "bls.pdf",
		"résumé\x00\x1f.pdf":     "résumé.pdf",
		strings.Repeat("a", 300): strings.Repeat("a", 255),
		"  spaced.pdf ":          "spaced.pdf",
	}
	for in, want := range tests {
		if got := cleanFileName(in); got != want {
			t.Errorf("cleanFileName(%q) = %q, want %q", in, got, want)
		}
	}
}
