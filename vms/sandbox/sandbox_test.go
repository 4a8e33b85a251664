package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/golden"
)

// clock is a settable Config.Now.
func newClock() *Clock { return NewClock(time.Date(2026, 5, 14, 15, 0, 0, 0, time.UTC)) }

func newTest(cfg Config) (*Sandbox, *Clock) {
	clk := newClock()
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	cfg.Now = clk.Now
	return New(cfg), clk
}

// send sends a request straight to the handler.
func send(h http.Handler, method, target string, body io.Reader, hdr map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, body)
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

func token(t *testing.T, s *Sandbox) string {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, TokenPath, strings.NewReader("grant_type=client_credentials"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.SetBasicAuth(DefaultUsername, DefaultPassword)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, r)
	if rec.Code != http.StatusOK {
		t.Fatalf("token: %d %s", rec.Code, rec.Body)
	}
	var v struct {
		AccessToken string `json:"access_token"`
	}
	json.Unmarshal(rec.Body.Bytes(), &v)
	return v.AccessToken
}

func get(s *Sandbox, tok, target string) *httptest.ResponseRecorder {
	return send(s, http.MethodGet, target, nil, map[string]string{"Authorization": "Bearer " + tok})
}

func errorCode(rec *httptest.ResponseRecorder) string {
	var e apiError
	json.Unmarshal(rec.Body.Bytes(), &e)
	return e.Error.Code
}

func TestToken(t *testing.T) {
	s, clk := newTest(Config{TokenTTL: time.Hour})
	form := "application/x-www-form-urlencoded"
	tests := []struct {
		name       string
		body       string
		user, pass string
		status     int
		code       string
	}{
		{name: "no grant type", body: "", user: DefaultUsername, pass: DefaultPassword, status: 400, code: "unsupported_grant_type"},
		{name: "password grant", body: "grant_type=password", user: DefaultUsername, pass: DefaultPassword, status: 400, code: "unsupported_grant_type"},
		{name: "no credentials", body: "grant_type=client_credentials", status: 401, code: "invalid_client"},
		{name: "wrong secret", body: "grant_type=client_credentials", user: DefaultUsername, pass: "nope", status: 401, code: "invalid_client"},
		{name: "basic", body: "grant_type=client_credentials", user: DefaultUsername, pass: DefaultPassword, status: 200},
		{name: "form", body: "grant_type=client_credentials&client_id=" + DefaultUsername + "&client_secret=" + DefaultPassword, status: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, TokenPath, strings.NewReader(tt.body))
			r.Header.Set("Content-Type", form)
			if tt.user != "" {
				r.SetBasicAuth(tt.user, tt.pass)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, r)
			var v map[string]any
			json.Unmarshal(rec.Body.Bytes(), &v)
			if rec.Code != tt.status || (tt.code != "" && v["error"] != tt.code) {
				t.Fatalf("%d %s, want %d %s", rec.Code, rec.Body, tt.status, tt.code)
			}
			if rec.Header().Get("Cache-Control") != "no-store" {
				t.Errorf("Cache-Control %q", rec.Header().Get("Cache-Control"))
			}
			if tt.status == 200 && (v["token_type"] != "Bearer" || v["expires_in"] != 3600.0 || v["access_token"] == "") {
				t.Errorf("token answer %v", v)
			}
			if tt.status == 401 && tt.user != "" && !strings.HasPrefix(rec.Header().Get("WWW-Authenticate"), "Basic") {
				t.Errorf("401 to Basic without a Basic challenge")
			}
		})
	}

	tok := token(t, s)
	if rec := get(s, tok, "/api/v1/jobs/ICU-1"); rec.Code != 200 {
		t.Fatalf("fresh token: %d", rec.Code)
	}
	if rec := send(s, "GET", "/api/v1/jobs/ICU-1", nil, nil); rec.Code != 401 || errorCode(rec) != "unauthorized" ||
		rec.Header().Get("WWW-Authenticate") != `Bearer realm="vms-sandbox"` {
		t.Errorf("no token: %d %s %q", rec.Code, rec.Body, rec.Header().Get("WWW-Authenticate"))
	}
	if rec := get(s, "made-up", "/api/v1/jobs/ICU-1"); rec.Code != 401 || errorCode(rec) != "invalid_token" {
		t.Errorf("unknown token: %d %s", rec.Code, rec.Body)
	}
	clk.Add(time.Hour)
	rec := get(s, tok, "/api/v1/jobs/ICU-1")
	if rec.Code != 401 || errorCode(rec) != "invalid_token" || !strings.Contains(rec.Header().Get("WWW-Authenticate"), `error="invalid_token"`) {
		t.Errorf("expired token: %d %s %q", rec.Code, rec.Body, rec.Header().Get("WWW-Authenticate"))
	}
	tok = token(t, s)
	s.ExpireSessions()
	if rec := get(s, tok, "/api/v1/jobs/ICU-1"); rec.Code != 401 {
		t.Errorf("token after ExpireSessions: %d", rec.Code)
	}
}

func TestAPISpecialRefs(t *testing.T) {
	s, _ := newTest(Config{SlowDelay: 30 * time.Millisecond})
	tok := token(t, s)
	tests := []struct {
		path   string
		status int
		code   string // error code, or "html" for a web page
		check  func(t *testing.T, body []byte)
	}{
		{path: "/api/v1/jobs/ICU-2231", status: 200, check: func(t *testing.T, b []byte) {
			var j apiJob
			json.Unmarshal(b, &j)
			if j.RequisitionID != "ICU-2231" || j.Status != StatusActive || j.PortalOnly || j.ChecklistVersion != 1 || j.Facility.Name == "" || j.Worksite.State == "" {
				t.Errorf("job %+v", j)
			}
		}},
		{path: "/api/v1/jobs/UNAVAIL-12", status: 200, check: wantStatus(StatusUnavailable)},
		{path: "/api/v1/jobs/FILLED-2", status: 200, check: wantStatus(StatusFilled)},
		{path: "/api/v1/jobs/closed-2", status: 200, check: wantStatus(StatusClosed)},
		{path: "/api/v1/jobs/NOTFOUND-1", status: 404, code: "not_found"},
		{path: "/api/v1/jobs/NOTFOUND-1/requirements", status: 404, code: "not_found"},
		{path: "/api/v1/placements/P-NOTFOUND-1-1/requirements", status: 404, code: "not_found"},
		{path: "/api/v1/placements/ICU-1/requirements", status: 404, code: "not_found"},
		{path: "/api/v1/placements/P-ICU-1-0/requirements", status: 404, code: "not_found"},
		{path: "/api/v1/jobs/-bad", status: 404, code: "not_found"},
		{path: "/api/v1/jobs/HTML-7", status: 404, code: "portal_only"},
		{path: "/api/v1/jobs/HTML-7/requirements", status: 404, code: "portal_only"},
		{path: "/api/v1/placements/P-HTML-7-1/requirements", status: 404, code: "portal_only"},
		{path: "/api/v1/jobs/PORTAL-7", status: 200, check: func(t *testing.T, b []byte) {
			var j apiJob
			json.Unmarshal(b, &j)
			if !j.PortalOnly {
				t.Errorf("PORTAL- job without portalOnly: %+v", j)
			}
		}},
		{path: "/api/v1/jobs/PORTAL-7/requirements", status: 404, code: "portal_only"},
		{path: "/api/v1/placements/P-PORTAL-7-2/requirements", status: 404, code: "portal_only"},
		{path: "/api/v1/jobs/FORBIDDEN-1", status: 403, code: "forbidden"},
		{path: "/api/v1/jobs/FAIL-1/requirements", status: 503, code: "service_unavailable"},
		{path: "/api/v1/placements/P-FAIL-1-1/documents", status: 503, code: "service_unavailable"},
		{path: "/api/v1/jobs/MAINT-1", status: 200, code: "html", check: func(t *testing.T, b []byte) {
			if !bytes.Contains(b, []byte("<title>Scheduled maintenance</title>")) {
				t.Errorf("maintenance page: %s", b)
			}
		}},
		{path: "/api/v1/jobs/SLOW-1", status: 200},
		{path: "/api/v1/nothing", status: 404, code: "not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			start := time.Now()
			rec := get(s, tok, tt.path)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			switch ct := rec.Header().Get("Content-Type"); {
			case tt.code == "html":
				if !strings.HasPrefix(ct, "text/html") {
					t.Errorf("content type %q", ct)
				}
			case tt.code != "":
				if got := errorCode(rec); got != tt.code {
					t.Errorf("code %q, want %q: %s", got, tt.code, rec.Body)
				}
			}
			if tt.status == 503 && rec.Header().Get("Retry-After") != "120" {
				t.Errorf("Retry-After %q", rec.Header().Get("Retry-After"))
			}
			if strings.Contains(tt.path, "SLOW") && time.Since(start) < 30*time.Millisecond {
				t.Errorf("SLOW answered in %s", time.Since(start))
			}
			if tt.check != nil {
				tt.check(t, rec.Body.Bytes())
			}
		})
	}

	t.Run("flaky", func(t *testing.T) {
		var got []int
		for range 4 {
			got = append(got, get(s, tok, "/api/v1/jobs/FLAKY-1/requirements").Code)
		}
		got = append(got, get(s, tok, "/api/v1/jobs/FLAKY-1").Code)
		if fmt.Sprint(got) != "[503 503 200 200 503]" {
			t.Errorf("FLAKY answers %v: each path fails twice", got)
		}
	})
}

func wantStatus(status string) func(t *testing.T, b []byte) {
	return func(t *testing.T, b []byte) {
		var j apiJob
		json.Unmarshal(b, &j)
		if j.Status != status {
			t.Errorf("status %q, want %q", j.Status, status)
		}
	}
}

func TestPaging(t *testing.T) {
	s, _ := newTest(Config{})
	tok := token(t, s)
	for _, tc := range []struct{ path, ref string }{
		{"/api/v1/jobs/REQ-100482/requirements", "REQ-100482"},
		{"/api/v1/placements/P-REQ-100482-2/requirements", "P-REQ-100482-2"},
	} {
		var want []string
		if strings.HasPrefix(tc.ref, "P-") {
			p, _ := s.PlacementTruth(tc.ref)
			for _, it := range p.Items {
				want = append(want, it.ID)
			}
		} else {
			for _, it := range s.JobTruth(tc.ref).Items {
				want = append(want, it.ID)
			}
		}
		var got []string
		cursor := ""
		pages := 0
		for {
			q := url.Values{"limit": {"5"}}
			if cursor != "" {
				q.Set("cursor", cursor)
			}
			rec := get(s, tok, tc.path+"?"+q.Encode())
			var page apiChecklist
			if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil || rec.Code != 200 {
				t.Fatalf("%s: %d %s", tc.path, rec.Code, rec.Body)
			}
			pages++
			if page.TotalCount != len(want) || len(page.Items) > 5 {
				t.Fatalf("%s: page of %d items, total %d, want %d", tc.path, len(page.Items), page.TotalCount, len(want))
			}
			for _, it := range page.Items {
				got = append(got, it.ID)
			}
			if page.NextCursor == nil {
				break
			}
			cursor = *page.NextCursor
		}
		if strings.Join(got, ",") != strings.Join(want, ",") || pages != (len(want)+4)/5 {
			t.Errorf("%s: %d pages gave %v, want %v", tc.path, pages, got, want)
		}
	}

	path := "/api/v1/jobs/REQ-100482/requirements"
	for _, q := range []string{"limit=0", "limit=101", "limit=x"} {
		if rec := get(s, tok, path+"?"+q); rec.Code != 400 || errorCode(rec) != "invalid_request" {
			t.Errorf("%s: %d %s", q, rec.Code, rec.Body)
		}
	}
	other := encodeCursor("ICU-1", 1, 5)
	for _, c := range []string{"!!", "bm9wZQ", other, encodeCursor("REQ-100482", 1, 999)} {
		if rec := get(s, tok, path+"?cursor="+c); rec.Code != 400 || errorCode(rec) != "invalid_cursor" {
			t.Errorf("cursor %s: %d %s", c, rec.Code, rec.Body)
		}
	}
	var first apiChecklist
	json.Unmarshal(get(s, tok, path+"?limit=5").Body.Bytes(), &first)
	s.BumpVersion("REQ-100482")
	if rec := get(s, tok, path+"?limit=5&cursor="+*first.NextCursor); rec.Code != 409 || errorCode(rec) != "cursor_stale" {
		t.Errorf("cursor of an older version: %d %s", rec.Code, rec.Body)
	}
}

// signIn signs in to the portal and returns the session cookie.
func signIn(t *testing.T, s *Sandbox) *http.Cookie {
	t.Helper()
	page := send(s, "GET", "/portal/login", nil, nil)
	pre := cookie(page, preloginCookie)
	tok := regexp.MustCompile(`name="authenticity_token" value="([0-9a-f]+)"`).FindStringSubmatch(page.Body.String())
	if pre == nil || tok == nil {
		t.Fatalf("login page without cookie or token: %s", page.Body)
	}
	form := url.Values{"authenticity_token": {tok[1]}, "username": {DefaultUsername}, "password": {DefaultPassword}, "next": {"/portal/"}}
	rec := send(s, "POST", "/portal/login", strings.NewReader(form.Encode()), map[string]string{
		"Content-Type": "application/x-www-form-urlencoded", "Cookie": pre.String()})
	sess := cookie(rec, sessionCookie)
	if rec.Code != http.StatusSeeOther || sess == nil {
		t.Fatalf("sign-in: %d %s", rec.Code, rec.Body)
	}
	return sess
}

func cookie(rec *httptest.ResponseRecorder, name string) *http.Cookie {
	for _, c := range rec.Result().Cookies() {
		if c.Name == name && c.Value != "" {
			return c
		}
	}
	return nil
}

func page(s *Sandbox, sess *http.Cookie, target string) *httptest.ResponseRecorder {
	return send(s, "GET", target, nil, map[string]string{"Cookie": sess.Name + "=" + sess.Value})
}

func TestPortalLogin(t *testing.T) {
	s, clk := newTest(Config{SessionTTL: 30 * time.Minute})

	rec := send(s, "GET", "/portal/jobs/ICU-1", nil, nil)
	if rec.Code != http.StatusFound || rec.Header().Get("Location") != "/portal/login?next=%2Fportal%2Fjobs%2FICU-1" {
		t.Errorf("no session: %d to %q", rec.Code, rec.Header().Get("Location"))
	}

	login := send(s, "GET", "/portal/login?next=/portal/jobs/ICU-1", nil, nil)
	pre := cookie(login, preloginCookie)
	tok := regexp.MustCompile(`name="authenticity_token" value="([0-9a-f]+)"`).FindStringSubmatch(login.Body.String())
	if login.Code != 200 || pre == nil || tok == nil || !strings.Contains(login.Body.String(), `name="next" value="/portal/jobs/ICU-1"`) {
		t.Fatalf("login page %d: %s", login.Code, login.Body)
	}
	post := func(form url.Values, withCookie bool) *httptest.ResponseRecorder {
		hdr := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
		if withCookie {
			hdr["Cookie"] = pre.String()
		}
		return send(s, "POST", "/portal/login", strings.NewReader(form.Encode()), hdr)
	}
	good := url.Values{"authenticity_token": {tok[1]}, "username": {DefaultUsername}, "password": {DefaultPassword}, "next": {"/portal/jobs/ICU-1"}}
	with := func(k, v string) url.Values {
		f := url.Values{}
		for kk, vv := range good {
			f[kk] = vv
		}
		f.Set(k, v)
		return f
	}
	tests := []struct {
		name     string
		form     url.Values
		cookie   bool
		status   int
		location string
		text     string
	}{
		{"no pre-login cookie", good, false, 403, "", "Your sign-in form expired"},
		{"wrong token", with("authenticity_token", strings.Repeat("0", 64)), true, 403, "", "Your sign-in form expired"},
		{"wrong password", with("password", "guess"), true, 200, "", "Invalid user name or password."},
		{"wrong user", with("username", "someone"), true, 200, "", "Invalid user name or password."},
		{"next outside the portal", with("next", "https://elsewhere.example/"), true, 303, "/portal/", ""},
		{"next with two slashes", with("next", "/portal//elsewhere.example"), true, 303, "/portal/", ""},
		{"signed in", good, true, 303, "/portal/jobs/ICU-1", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := post(tt.form, tt.cookie)
			if rec.Code != tt.status || rec.Header().Get("Location") != tt.location || !strings.Contains(rec.Body.String(), tt.text) {
				t.Errorf("%d to %q: %s", rec.Code, rec.Header().Get("Location"), rec.Body)
			}
			if (cookie(rec, sessionCookie) != nil) != (tt.status == 303) {
				t.Errorf("session cookie given: %v", cookie(rec, sessionCookie) != nil)
			}
		})
	}

	sess := signIn(t, s)
	if rec := page(s, sess, "/portal/jobs/ICU-1"); rec.Code != 200 || !strings.Contains(rec.Body.String(), `data-req-id="ICU-1"`) {
		t.Fatalf("job page: %d", rec.Code)
	}
	clk.Add(29 * time.Minute)
	if rec := page(s, sess, "/portal/"); rec.Code != 200 {
		t.Errorf("29 minutes idle: %d", rec.Code)
	}
	clk.Add(30 * time.Minute)
	rec = page(s, sess, "/portal/jobs/ICU-1")
	if rec.Code != http.StatusFound || rec.Header().Get("Location") != "/portal/login?next=%2Fportal%2Fjobs%2FICU-1&reason=expired" {
		t.Errorf("30 minutes idle: %d to %q", rec.Code, rec.Header().Get("Location"))
	}
	if !strings.Contains(send(s, "GET", "/portal/login?reason=expired", nil, nil).Body.String(), "Your session has expired") {
		t.Errorf("the login page does not say the session expired")
	}

	sess = signIn(t, s)
	s.ExpireSessions()
	if rec := page(s, sess, "/portal/"); rec.Code != http.StatusFound {
		t.Errorf("after ExpireSessions: %d", rec.Code)
	}
	sess = signIn(t, s)
	if rec := page(s, sess, "/portal/logout"); rec.Code != http.StatusFound {
		t.Errorf("logout: %d", rec.Code)
	}
	if rec := page(s, sess, "/portal/"); rec.Code != http.StatusFound {
		t.Errorf("after logout: %d", rec.Code)
	}
}

func TestPortalPages(t *testing.T) {
	s, _ := newTest(Config{SlowDelay: 20 * time.Millisecond})
	sess := signIn(t, s)
	tests := []struct {
		path     string
		status   int
		text     string
		location string
	}{
		{path: "/portal/", status: 200, text: "Welcome, " + DefaultUsername},
		{path: "/portal/jobs/HTML-7", status: 200, text: `data-req-id="HTML-7"`},
		{path: "/portal/jobs/PORTAL-7", status: 200, text: `class="panel checklist-group"`},
		{path: "/portal/jobs/UNAVAIL-3", status: 200, text: "On Hold – Unavailable"},
		{path: "/portal/jobs/FILLED-3", status: 200, text: `status-pill status-filled">Filled<`},
		{path: "/portal/placements/P-HTML-7-2", status: 200, text: `data-placement-id="P-HTML-7-2"`},
		{path: "/portal/jobs/NOTFOUND-1", status: 404, text: "Requisition NOTFOUND-1 was not found."},
		{path: "/portal/placements/NOPE", status: 404, text: "Placement NOPE was not found."},
		{path: "/portal/jobs/FORBIDDEN-2", status: 403, text: "not authorized for requisition FORBIDDEN-2"},
		{path: "/portal/jobs/FAIL-2", status: 503, text: "temporarily unavailable"},
		{path: "/portal/jobs/MAINT-2", status: 200, text: "scheduled maintenance"},
		{path: "/portal/jobs/SLOW-2", status: 200, text: `data-req-id="SLOW-2"`},
		{path: "/portal/search?q=P-ICU-1-1", status: 302, location: "/portal/placements/P-ICU-1-1"},
		{path: "/portal/search?q=ICU-1", status: 302, location: "/portal/jobs/ICU-1"},
		{path: "/portal/search?q=a%20b", status: 404, text: "No requisition or placement matches a b."},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			rec := page(s, sess, tt.path)
			if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.text) || rec.Header().Get("Location") != tt.location {
				t.Errorf("%d to %q, want %d with %q: %s", rec.Code, rec.Header().Get("Location"), tt.status, tt.text, rec.Body)
			}
		})
	}

	// Every item is on the page, and the ones the latest version added
	// are badged New.
	s.BumpVersion("HTML-7")
	jt := s.JobTruth("HTML-7")
	body := page(s, sess, "/portal/jobs/HTML-7").Body.String()
	for _, it := range jt.Items {
		if !strings.Contains(body, `data-item="`+it.ID+`"`) {
			t.Errorf("item %s %q is not on the page", it.ID, it.Label)
		}
	}
	if n := strings.Count(body, "badge-new"); n != len(jt.Changes[0].Added) {
		t.Errorf("%d items badged New, %d added", n, len(jt.Changes[0].Added))
	}
	if !strings.Contains(body, fmt.Sprintf(`<span class="count">(%d)</span>`, len(jt.Items))) {
		t.Errorf("the page does not announce its %d items", len(jt.Items))
	}
}

// TestGolden fixes the API's JSON, the portal's markup and the help text.
func TestGolden(t *testing.T) {
	s, _ := newTest(Config{})
	tok := token(t, s)
	sess := signIn(t, s)
	for name, rec := range map[string]*httptest.ResponseRecorder{
		"ICU-2231.job.json":                    get(s, tok, "/api/v1/jobs/ICU-2231"),
		"ICU-2231.requirements.json":           get(s, tok, "/api/v1/jobs/ICU-2231/requirements"),
		"P-ICU-2231-1.requirements.json":       get(s, tok, "/api/v1/placements/P-ICU-2231-1/requirements?limit=10"),
		"HTML-7.portal.html":                   page(s, sess, "/portal/jobs/HTML-7"),
		"P-HTML-7-1.portal.html":               page(s, sess, "/portal/placements/P-HTML-7-1"),
		"maintenance.html":                     page(s, sess, "/portal/jobs/MAINT-1"),
		"login.html":                           send(s, "GET", "/portal/login?next=/portal/jobs/HTML-7", nil, nil),
		"help.txt":                             send(s, "GET", "/", nil, nil),
		"ICU-2231.truth.json":                  send(s, "GET", "/_sandbox/jobs/ICU-2231", nil, nil),
		"P-ICU-2231-1.placement.truth.json":    send(s, "GET", "/_sandbox/placements/P-ICU-2231-1", nil, nil),
		"ICU-2231.version-2.truth.json":        send(s, "POST", "/_sandbox/jobs/ICU-2231/version", nil, nil),
		"ICU-2231.version-2.requirements.json": get(s, tok, "/api/v1/jobs/ICU-2231/requirements"),
	} {
		if rec.Code != 200 {
			t.Errorf("%s: %d", name, rec.Code)
		}
		b := rec.Body.Bytes()
		if name == "login.html" {
			// The form's token is new on every page.
			b = regexp.MustCompile(`value="[0-9a-f]{64}"`).ReplaceAll(b, []byte(`value="TOKEN"`))
		}
		golden.Check(t, filepath.Join("testdata", name), b)
	}
}

// multipartBody is a multipart upload of a file and a packet group.
func multipartBody(t *testing.T, group, name string, content []byte) (io.Reader, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	if group != "" {
		mw.WriteField("packetGroup", group)
	}
	if content != nil {
		fw, err := mw.CreateFormFile("file", name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(content)
	}
	mw.Close()
	return &b, mw.FormDataContentType()
}

func TestUploads(t *testing.T) {
	s, clk := newTest(Config{})
	tok := token(t, s)
	pdf := []byte("%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n")
	upload := func(path, key, group string, content []byte) *httptest.ResponseRecorder {
		body, ct := multipartBody(t, group, "health.pdf", content)
		hdr := map[string]string{"Authorization": "Bearer " + tok, "Content-Type": ct}
		if key != "" {
			hdr["Idempotency-Key"] = key
		}
		return send(s, "POST", path, body, hdr)
	}
	const path = "/api/v1/placements/P-ICU-1-1/documents"

	refusals := []struct {
		name, path, key, group string
		content                []byte
		status                 int
		code                   string
	}{
		{"no key", path, "", "Health", pdf, 400, "idempotency_key_required"},
		{"long key", path, strings.Repeat("k", 256), "Health", pdf, 400, "invalid_request"},
		{"no file", path, "k0", "Health", nil, 400, "file_required"},
		{"empty file", path, "k0", "Health", []byte{}, 400, "file_required"},
		{"not a PDF", path, "k0", "Health", []byte("GIF89a"), 415, "unsupported_file"},
		{"no packet group", path, "k0", "", pdf, 400, "invalid_request"},
		{"too large", path, "k0", "Health", append(bytes.Clone(pdf), make([]byte, MaxUploadBytes)...), 413, "file_too_large"},
		{"unknown placement", "/api/v1/placements/P-NOTFOUND-1-1/documents", "k0", "Health", pdf, 404, "not_found"},
		{"not a placement", "/api/v1/placements/ICU-1/documents", "k0", "Health", pdf, 404, "not_found"},
		{"failing VMS", "/api/v1/placements/P-FAIL-1-1/documents", "k0", "Health", pdf, 503, "service_unavailable"},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			rec := upload(tt.path, tt.key, tt.group, tt.content)
			if rec.Code != tt.status || errorCode(rec) != tt.code {
				t.Errorf("%d %s, want %d %s", rec.Code, rec.Body, tt.status, tt.code)
			}
		})
	}
	if rec := send(s, "POST", path, strings.NewReader("hello"), map[string]string{"Authorization": "Bearer " + tok, "Idempotency-Key": "k0", "Content-Type": "text/plain"}); rec.Code != 415 || errorCode(rec) != "unsupported_media_type" {
		t.Errorf("text/plain: %d %s", rec.Code, rec.Body)
	}
	if n := len(s.Uploads("")); n != 0 {
		t.Fatalf("%d uploads stored by refused requests", n)
	}

	first := upload(path, "key-1", "Health & Immunizations", pdf)
	var r1 apiReceipt
	json.Unmarshal(first.Body.Bytes(), &r1)
	if first.Code != 201 || r1.ID != "DOC-000001" || r1.Size != int64(len(pdf)) || len(r1.SHA256) != 64 || r1.FileName != "health.pdf" ||
		r1.PacketGroup != "Health & Immunizations" || !r1.ReceivedAt.Equal(clk.Now()) || r1.Status != "RECEIVED" ||
		first.Header().Get("Location") != path+"/DOC-000001" || first.Header().Get("Idempotent-Replayed") != "" {
		t.Fatalf("first upload: %d %s %v", first.Code, first.Body, first.Header())
	}
	clk.Add(time.Minute)
	replay := upload(path, "key-1", "Health & Immunizations", pdf)
	if replay.Code != 200 || replay.Header().Get("Idempotent-Replayed") != "true" || replay.Body.String() != first.Body.String() {
		t.Errorf("replay: %d %v %s", replay.Code, replay.Header(), replay.Body)
	}
	for _, tt := range []struct {
		name, path, group string
		content           []byte
	}{
		{"other bytes", path, "Health & Immunizations", append(bytes.Clone(pdf), ' ')},
		{"other group", path, "Credentials", pdf},
		{"other placement", "/api/v1/placements/P-ICU-1-2/documents", "Health & Immunizations", pdf},
	} {
		if rec := upload(tt.path, "key-1", tt.group, tt.content); rec.Code != 409 || errorCode(rec) != "idempotency_key_reused" {
			t.Errorf("same key, %s: %d %s", tt.name, rec.Code, rec.Body)
		}
	}

	raw := send(s, "POST", path+"?packetGroup=Credentials", bytes.NewReader(pdf), map[string]string{
		"Authorization": "Bearer " + tok, "Idempotency-Key": "key-2", "Content-Type": "application/pdf",
		"Content-Disposition": `attachment; filename="creds.pdf"`})
	var r2 apiReceipt
	json.Unmarshal(raw.Body.Bytes(), &r2)
	if raw.Code != 201 || r2.ID != "DOC-000002" || r2.FileName != "creds.pdf" || r2.PacketGroup != "Credentials" {
		t.Errorf("raw upload: %d %s", raw.Code, raw.Body)
	}
	if rec := upload("/api/v1/placements/P-HTML-7-1/documents", "key-3", "Health", pdf); rec.Code != 201 {
		t.Errorf("upload for a portal-only job's placement: %d %s", rec.Code, rec.Body)
	}

	var docs apiDocuments
	json.Unmarshal(get(s, tok, path).Body.Bytes(), &docs)
	if len(docs.Items) != 2 || docs.Items[0].ID != "DOC-000001" || docs.Items[1].ID != "DOC-000002" {
		t.Errorf("documents of P-ICU-1-1: %+v", docs)
	}
	json.Unmarshal(get(s, tok, "/api/v1/placements/P-ICU-1-2/documents").Body.Bytes(), &docs)
	if len(docs.Items) != 0 {
		t.Errorf("documents of P-ICU-1-2: %+v", docs)
	}

	var ups []Upload
	json.Unmarshal(send(s, "GET", "/_sandbox/uploads?placement=P-ICU-1-1", nil, nil).Body.Bytes(), &ups)
	if len(ups) != 2 || ups[0].Replays != 1 || ups[0].IdempotencyKey != "key-1" || ups[1].Replays != 0 {
		t.Errorf("admin uploads: %+v", ups)
	}
	if rec := send(s, "GET", "/_sandbox/uploads/DOC-000002/content", nil, nil); rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), pdf) {
		t.Errorf("content: %d", rec.Code)
	}
	if rec := send(s, "GET", "/_sandbox/uploads/DOC-000009/content", nil, nil); rec.Code != 404 {
		t.Errorf("content of no upload: %d", rec.Code)
	}
}

func TestFaults(t *testing.T) {
	s, _ := newTest(Config{})
	tok := token(t, s)
	add := func(body string) *httptest.ResponseRecorder {
		return send(s, "POST", "/_sandbox/faults", strings.NewReader(body), nil)
	}
	for _, bad := range []string{
		`{"path":"/api/v1/jobs/A","mode":"explode"}`,
		`{"path":"api/v1/jobs/A","mode":"fail"}`,
		`{"path":"/api/v1/jobs/A","mode":"fail","status":200}`,
		`{"path":"/api/v1/jobs/A","mode":"fail","count":-1}`,
		`{"path":"/api/v1/jobs/A","mode":"slow","delay":"soon"}`,
		`{"path":"/api/v1/jobs/A","mode":"fail","colour":"red"}`,
	} {
		if rec := add(bad); rec.Code != 400 {
			t.Errorf("%s: %d", bad, rec.Code)
		}
	}

	if rec := add(`{"path":"/api/v1/jobs/A-1","mode":"fail","count":2}`); rec.Code != 201 {
		t.Fatalf("add: %d %s", rec.Code, rec.Body)
	}
	add(`{"path":"/api/v1/jobs/B-*","method":"POST","mode":"fail"}`)
	add(`{"path":"/api/v1/jobs/C-*","mode":"fail","status":504}`)
	var codes []int
	for _, p := range []string{"/api/v1/jobs/A-1", "/api/v1/jobs/A-1/requirements", "/api/v1/jobs/A-1", "/api/v1/jobs/A-1", "/api/v1/jobs/B-1", "/api/v1/jobs/C-9/requirements", "/api/v1/jobs/C-9"} {
		codes = append(codes, get(s, tok, p).Code)
	}
	if fmt.Sprint(codes) != "[503 200 503 200 200 504 200]" {
		t.Errorf("answers %v", codes)
	}
	var faults []Fault
	json.Unmarshal(send(s, "GET", "/_sandbox/faults", nil, nil).Body.Bytes(), &faults)
	if len(faults) != 1 || faults[0].Path != "/api/v1/jobs/B-*" || faults[0].Count != 1 {
		t.Errorf("faults left: %+v", faults)
	}
	send(s, "DELETE", "/_sandbox/faults", nil, nil)
	if len(s.Faults()) != 0 {
		t.Errorf("faults after DELETE: %+v", s.Faults())
	}

	add(`{"path":"/api/v1/jobs/D-1","mode":"slow","delay":"40ms"}`)
	start := time.Now()
	if rec := get(s, tok, "/api/v1/jobs/D-1"); rec.Code != 200 || time.Since(start) < 40*time.Millisecond {
		t.Errorf("slow fault: %d in %s", rec.Code, time.Since(start))
	}

	// failAfter: the upload is stored, the answer lost.
	add(`{"path":"/api/v1/placements/P-E-1/documents","mode":"failAfter"}`)
	body, ct := multipartBody(t, "Health", "p.pdf", []byte("%PDF-1.4 x"))
	rec := send(s, "POST", "/api/v1/placements/P-E-1/documents", body, map[string]string{"Authorization": "Bearer " + tok, "Content-Type": ct, "Idempotency-Key": "e1"})
	if rec.Code != 502 || !strings.Contains(rec.Body.String(), "502 Bad Gateway") || len(s.Uploads("P-E-1")) != 1 {
		t.Errorf("failAfter: %d %s, %d stored", rec.Code, rec.Body, len(s.Uploads("P-E-1")))
	}

	var reqs []Request
	json.Unmarshal(send(s, "GET", "/_sandbox/requests", nil, nil).Body.Bytes(), &reqs)
	if len(reqs) != len(s.Requests()) || len(reqs) < 10 {
		t.Fatalf("GET /_sandbox/requests: %d requests", len(reqs))
	}
	last := reqs[len(reqs)-1]
	if last.Fault != FaultFailAfter || last.Status != 502 || last.IdempotencyKey != "e1" || last.Auth != "bearer" {
		t.Errorf("last request %+v", last)
	}
	for _, r := range reqs {
		if strings.HasPrefix(r.Path, "/_sandbox") {
			t.Errorf("admin request recorded: %+v", r)
		}
	}
	send(s, "DELETE", "/_sandbox/requests", nil, nil)
	if len(s.Requests()) != 0 {
		t.Errorf("requests after DELETE")
	}
}

// TestDropAfter runs on a real server: the connection closes with the
// upload stored.
func TestDropAfter(t *testing.T) {
	sb := New(Config{Seed: 1})
	srv, err := sb.Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if _, err := sb.AddFault(Fault{Path: "/api/v1/placements/P-F-1/documents", Mode: FaultDropAfter}); err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	form := url.Values{"grant_type": {"client_credentials"}}
	req, _ := http.NewRequest("POST", srv.URL()+TokenPath, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(DefaultUsername, DefaultPassword)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	json.NewDecoder(resp.Body).Decode(&tok)
	resp.Body.Close()

	body, ct := multipartBody(t, "Health", "p.pdf", []byte("%PDF-1.4 x"))
	req, _ = http.NewRequest("POST", srv.URL()+"/api/v1/placements/P-F-1/documents", body)
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	req.Header.Set("Idempotency-Key", "f1")
	if resp, err := client.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("dropAfter answered %d", resp.StatusCode)
	}
	if n := len(sb.Uploads("P-F-1")); n != 1 {
		t.Errorf("%d uploads stored", n)
	}
}

func TestAdmin(t *testing.T) {
	s, clk := newTest(Config{})
	clk.Add(time.Hour)
	tok := token(t, s)
	if rec := send(s, "POST", "/_sandbox/jobs/ICU-1/status", strings.NewReader(`{"status":"unavailable"}`), nil); rec.Code != 200 {
		t.Fatalf("status: %d %s", rec.Code, rec.Body)
	}
	var j apiJob
	json.Unmarshal(get(s, tok, "/api/v1/jobs/ICU-1").Body.Bytes(), &j)
	if j.Status != StatusUnavailable || !j.UpdatedAt.Equal(clk.Now()) {
		t.Errorf("after the status change: %+v", j)
	}
	for _, bad := range []struct{ path, body string }{
		{"/_sandbox/jobs/ICU-1/status", `{"status":"PAUSED"}`},
		{"/_sandbox/jobs/-x/status", `{"status":"FILLED"}`},
		{"/_sandbox/jobs/ICU-1/status", `{"state":"FILLED"}`},
		{"/_sandbox/jobs/-x/version", ``},
	} {
		if rec := send(s, "POST", bad.path, strings.NewReader(bad.body), nil); rec.Code != 400 {
			t.Errorf("%s %s: %d", bad.path, bad.body, rec.Code)
		}
	}
	var jt JobTruth
	json.Unmarshal(send(s, "POST", "/_sandbox/jobs/ICU-1/version", nil, nil).Body.Bytes(), &jt)
	if jt.Job.Version != 2 || len(jt.Changes) != 1 || len(jt.Items) == 0 {
		t.Errorf("version bump answered %+v", jt.Job)
	}
	if rec := send(s, "GET", "/_sandbox/placements/ICU-1", nil, nil); rec.Code != 400 {
		t.Errorf("truth of a non-placement: %d", rec.Code)
	}
	var ws []Wording
	json.Unmarshal(send(s, "GET", "/_sandbox/wordings", nil, nil).Body.Bytes(), &ws)
	if len(ws) != len(Wordings()) || ws[0].Keys == nil {
		t.Errorf("wordings: %d", len(ws))
	}
	if rec := send(s, "POST", "/_sandbox/sessions/expire", nil, nil); rec.Code != 204 || get(s, tok, "/api/v1/jobs/ICU-1").Code != 401 {
		t.Errorf("sessions/expire: %d", rec.Code)
	}
	tok = token(t, s)
	s.AddFault(Fault{Path: "/x", Mode: FaultFail})
	if rec := send(s, "POST", "/_sandbox/reset", nil, nil); rec.Code != 204 {
		t.Fatalf("reset: %d", rec.Code)
	}
	if j := s.Job("ICU-1"); j.Status != StatusActive || j.Version != 1 || len(s.Faults()) != 0 || len(s.Requests()) != 0 {
		t.Errorf("after reset: %+v, %d faults, %d requests", j, len(s.Faults()), len(s.Requests()))
	}
	if rec := get(s, tok, "/api/v1/jobs/ICU-1"); rec.Code != 401 {
		t.Errorf("a token survived the reset: %d", rec.Code)
	}
}

func TestServer(t *testing.T) {
	sb := New(Config{Seed: 1, SlowDelay: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv, err := sb.Start(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if srv.Sandbox() != sb || !strings.HasPrefix(srv.URL(), "http://127.0.0.1:") {
		t.Fatalf("server %s", srv.URL())
	}
	resp, err := http.Get(srv.URL() + "/")
	if err != nil {
		t.Fatal(err)
	}
	help, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, w := range []string{"UNAVAIL-", "FILLED-", "CLOSED-", "HTML-", "PORTAL-", "NOTFOUND-", "FORBIDDEN-", "FAIL-", "FLAKY-", "SLOW-", "MAINT-", "CHANGE-", "P-<job ref>-<n>"} {
		if !bytes.Contains(help, []byte(w)) {
			t.Errorf("help does not mention %s", w)
		}
	}

	// Closing ends a slow answer in flight instead of waiting a minute.
	sb.AddFault(Fault{Path: "/portal/login", Mode: FaultSlow})
	done := make(chan error, 1)
	go func() {
		resp, err := http.Get(srv.URL() + "/portal/login")
		if err == nil {
			resp.Body.Close()
			err = errors.New("answered")
		}
		done <- err
	}()
	for len(sb.Requests()) == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	srv.Close()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a slow answer outlived Close")
	}
	if time.Since(start) > 2*time.Second {
		t.Errorf("Close took %s", time.Since(start))
	}
	if err := srv.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}
