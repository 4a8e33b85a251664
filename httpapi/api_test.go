package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

func TestAuthentication(t *testing.T) {
	hh := stack(t)
	tests := []struct {
		name, method, path, key string
	}{
		{"no key", http.MethodGet, "/v2/intakes/0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21", ""},
		{"wrong key", http.MethodGet, "/v2/intakes/0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21", "cds_0000000000000000_" + strings.Repeat("0", 64)},
		{"garbage key", http.MethodGet, "/fraud-detection/settings", "hunter2"},
		{"upload without key", http.MethodPost, "/v2/intakes/scan/async", ""},
		{"scan without key", http.MethodGet, "/document/0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21", ""},
		{"delete without key", http.MethodDelete, "/v2/intakes/0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := hh.do(t, tt.method, tt.path, tt.key, nil, "")
			e := r.errorBody(t)
			if r.status != 401 || e.Code != "unauthorized" || e.Message == "" {
				t.Fatalf("got %d %+v", r.status, e)
			}
		})
	}
}

func TestUnknownAndMalformedIDs(t *testing.T) {
	hh := stack(t)
	tests := []struct {
		method, path string
		status       int
		code         string
	}{
		{http.MethodGet, "/v2/intakes/0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21", 404, "not_found"},
		{http.MethodGet, "/v2/intakes/not-a-uuid", 404, "not_found"},
		{http.MethodGet, "/v2/intakes/0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21/segments/0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b22", 404, "not_found"},
		{http.MethodDelete, "/v2/intakes/0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21", 404, "not_found"},
		{http.MethodGet, "/document/0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21", 404, "not_found"},
		{http.MethodGet, "/no/such/path", 404, "not_found"},
		{http.MethodPut, "/v2/intakes/0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21", 405, "method_not_allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			r := hh.do(t, tt.method, tt.path, hh.keyA, nil, "")
			if e := r.errorBody(t); r.status != tt.status || e.Code != tt.code {
				t.Fatalf("got %d %+v", r.status, e)
			}
		})
	}
}

func TestFraudSettings(t *testing.T) {
	hh := stack(t)
	r := hh.do(t, http.MethodGet, "/fraud-detection/settings", hh.keyA, nil, "")
	var fs struct {
		Enabled     bool   `json:"enabled"`
		Sensitivity string `json:"sensitivity"`
	}
	r.json(t, &fs)
	if r.status != 200 || !fs.Enabled || fs.Sensitivity != "MEDIUM" {
		t.Fatalf("settings: %d %s", r.status, r.body)
	}
}

func TestOperationalEndpoints(t *testing.T) {
	hh := stack(t)
	for _, path := range []string{"/healthz", "/readyz", "/metrics", "/openapi.yaml"} {
		r := hh.do(t, http.MethodGet, path, "", nil, "")
		if r.status != 200 {
			t.Fatalf("%s: %d %s", path, r.status, r.body)
		}
	}
	hh.do(t, http.MethodGet, "/v2/intakes/0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21", hh.keyA, nil, "")
	r := hh.do(t, http.MethodGet, "/metrics", "", nil, "")
	for _, want := range []string{"compliance_http_requests_total", "compliance_http_request_duration_seconds", `route="/v2/intakes/:id",status="404"`} {
		if !strings.Contains(string(r.body), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	r = hh.do(t, http.MethodGet, "/openapi.yaml", "", nil, "")
	if !strings.HasPrefix(string(r.body), "openapi: 3.0") {
		t.Fatalf("/openapi.yaml: %.40s", r.body)
	}
}

func TestRequestIDIsEchoed(t *testing.T) {
	hh := stack(t)
	req, _ := http.NewRequest(http.MethodGet, hh.url+"/healthz", nil)
	req.Header.Set("x-request-id", "abc-123")
	resp, err := hh.httpc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("x-request-id"); got != "abc-123" {
		t.Fatalf("x-request-id = %q", got)
	}
	req.Header.Set("x-request-id", "bad id with spaces")
	resp, err = hh.httpc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("x-request-id"); got == "" || strings.Contains(got, " ") {
		t.Fatalf("an unsafe request id was echoed: %q", got)
	}
}
