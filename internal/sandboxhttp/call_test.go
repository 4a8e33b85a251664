package sandboxhttp

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestRecordShowsHeadersHidesSecretsAndKeepsTheBody(t *testing.T) {
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.FixedZone("EST", -5*3600))
	h := CallHeaders{Shown: []string{"User-Agent", "Accept"}, Secret: []string{"X-Api-Key"}}
	tests := []struct {
		name, body string
		headers    map[string]string
		wantBody   string
		wantHdr    map[string]string
	}{
		{"json body kept as json", `{"code":"1"}`, map[string]string{"User-Agent": "c/1", "X-Api-Key": "k"},
			`{"code":"1"}`, map[string]string{"User-Agent": "c/1", "X-Api-Key": "(set)"}},
		{"other body kept as a string", "code=1", map[string]string{"Accept": "*/*", "Cookie": "s=1"},
			`"code=1"`, map[string]string{"Accept": "*/*"}},
		{"no body", "", nil, "", map[string]string{}},
	}
	log := NewCallLog(2)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/v1/verify?x=1", strings.NewReader(tt.body))
			for k, v := range tt.headers {
				r.Header.Set(k, v)
			}
			c := Record(log, r, []byte(tt.body), at, h)
			if c.Seq != i+1 || !c.At.Equal(at) || c.At.Location() != time.UTC || c.Path != "/v1/verify" || c.Query != "x=1" {
				t.Errorf("call %+v, want seq %d at %v UTC on /v1/verify?x=1", c, i+1, at)
			}
			if string(c.Body) != tt.wantBody {
				t.Errorf("body %s, want %s", c.Body, tt.wantBody)
			}
			if len(c.Headers) != len(tt.wantHdr) {
				t.Errorf("headers %v, want %v", c.Headers, tt.wantHdr)
			}
			for k, v := range tt.wantHdr {
				if c.Headers[k] != v {
					t.Errorf("header %s = %q, want %q", k, c.Headers[k], v)
				}
			}
		})
	}
	calls := Calls(log)
	if len(calls) != 2 || calls[0].Seq != 2 || calls[1].Seq != 3 {
		t.Fatalf("kept %d calls, want the last 2 (seq 2, 3)", len(calls))
	}
	calls[0].Headers["Accept"] = "changed"
	if Calls(log)[0].Headers["Accept"] != "*/*" {
		t.Error("a caller's change to a copied call's headers reached the log")
	}
}
