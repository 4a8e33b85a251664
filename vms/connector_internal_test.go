package vms

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/clearedtostart/compliance/vms/sandbox"
)

// wantErr checks an error's class, status and reason.
func wantErr(t *testing.T, err error, class Class, status int, reason string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want a *vms.Error", err, err)
	}
	if e.Class != class || e.Status != status || e.Reason != reason {
		t.Errorf("got  %s %d %q\nwant %s %d %q", e.Class, e.Status, e.Reason, class, status, reason)
	}
}

// livePage signs in to a sandbox VMS and returns a portal page's markup.
func livePage(t *testing.T, path string) string {
	t.Helper()
	srv, err := sandbox.New(sandbox.Config{Seed: 7}).Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	c, err := NewSandbox(SandboxConfig{BaseURL: srv.URL(), Username: sandbox.DefaultUsername, Password: sandbox.DefaultPassword})
	if err != nil {
		t.Fatal(err)
	}
	cl, cancel := c.begin(context.Background(), "a page")
	defer cancel()
	doc, err := c.portalPage(cl, path)
	if err != nil {
		t.Fatal(err)
	}
	html, err := doc.Html()
	if err != nil {
		t.Fatal(err)
	}
	return html
}

func parse(t *testing.T, html string) *goquery.Document {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(html))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestScrapeDrift feeds the scrapers the sandbox's own pages, altered the
// ways a portal changes under a scraper: they must fail loudly, never
// return a short or wrong checklist.
func TestScrapeDrift(t *testing.T) {
	job := livePage(t, "/portal/jobs/HTML-7")
	placement := livePage(t, "/portal/placements/P-HTML-7-1")
	maintenance := livePage(t, "/portal/jobs/MAINT-1")
	firstRow := job[strings.Index(job, "<tr data-item="):]
	firstRow = firstRow[:strings.Index(firstRow, "</tr>")+len("</tr>")]
	total := strings.Count(job, "<tr data-item=")

	jobReqs := func(doc *goquery.Document) error {
		_, err := scrapeJobChecklist(doc, "HTML-7", "job HTML-7")
		return err
	}
	jobHdr := func(doc *goquery.Document) error {
		_, err := scrapeJob(doc, "HTML-7", "job HTML-7")
		return err
	}
	placementReqs := func(doc *goquery.Document) error {
		_, err := scrapePlacementChecklist(doc, "P-HTML-7-1", "placement P-HTML-7-1")
		return err
	}
	const drift = "; the portal may have changed"
	tests := []struct {
		name   string
		html   string
		scrape func(*goquery.Document) error
		class  Class
		reason string
	}{
		{"maintenance page", maintenance, jobReqs, ErrUnavailable, `the VMS portal shows a maintenance page ("Scheduled maintenance") instead of the portal page of job HTML-7`},
		{"maintenance header", maintenance, jobHdr, ErrUnavailable, `the VMS portal shows a maintenance page ("Scheduled maintenance") instead of the portal page of job HTML-7`},
		{"renamed sections", strings.ReplaceAll(job, "checklist-group", "requirement-group"), jobReqs, ErrMalformed,
			"the portal page of job HTML-7 does not have the layout the connector reads (no checklist)" + drift},
		{"a row gone", strings.Replace(job, firstRow, "", 1), jobReqs, ErrMalformed,
			fmt.Sprintf("the portal page of job HTML-7 announces %d requirements and %d were read", total, total-1)},
		{"rows renamed", strings.ReplaceAll(job, `class="item-name"`, `class="name"`), jobReqs, ErrMalformed, "item 1 on the portal page of job HTML-7 has no label"},
		{"another job", strings.Replace(job, `data-req-id="HTML-7"`, `data-req-id="HTML-8"`, 1), jobReqs, ErrMalformed,
			`the VMS portal showed job "HTML-8" when asked for job HTML-7`},
		{"no header", strings.Replace(job, `data-req-id="HTML-7"`, ``, 1), jobHdr, ErrMalformed,
			"the portal page of job HTML-7 does not have the layout the connector reads (no requisition header)" + drift},
		{"unknown status", strings.Replace(job, ">Open</span>", ">Paused</span>", 1), jobHdr, ErrMalformed,
			`the VMS portal shows job HTML-7 as "Paused", a status the connector does not know`},
		{"no title", strings.Replace(job, `class="req-title"`, `class="title"`, 1), jobHdr, ErrMalformed,
			"the portal page of job HTML-7 does not have the layout the connector reads (no title)" + drift},
		{"placement renamed sections", strings.ReplaceAll(placement, "checklist-section", "section"), placementReqs, ErrMalformed,
			"the portal page of placement P-HTML-7-1 does not have the layout the connector reads (no checklist)" + drift},
		{"another placement", strings.Replace(placement, `data-placement-id="P-HTML-7-1"`, `data-placement-id="P-HTML-7-2"`, 1), placementReqs, ErrMalformed,
			`the VMS portal showed placement "P-HTML-7-2" when asked for placement P-HTML-7-1`},
		{"placement labels renamed", strings.ReplaceAll(placement, `class="item-label"`, `class="label"`), placementReqs, ErrMalformed,
			"item 1 on the portal page of placement P-HTML-7-1 has no label"},
		{"placement page is a job page", job, placementReqs, ErrMalformed,
			"the portal page of placement P-HTML-7-1 does not have the layout the connector reads (no placement header)" + drift},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantErr(t, tt.scrape(parse(t, tt.html)), tt.class, http.StatusOK, tt.reason)
		})
	}

	// Markup that changes nothing a person reads changes nothing read.
	want, err := scrapeJobChecklist(parse(t, job), "HTML-7", "job HTML-7")
	if err != nil {
		t.Fatal(err)
	}
	label := want[0].Label
	respaced := strings.Replace(job, label, "\n  "+strings.ReplaceAll(label, " ", "&nbsp; \n")+"  ", 1)
	got, err := scrapeJobChecklist(parse(t, respaced), "HTML-7", "job HTML-7")
	if err != nil || len(got) != len(want) || got[0].Label != label {
		t.Errorf("re-spaced label read %q, %v", got[0].Label, err)
	}
}

func TestPortalSignInRefused(t *testing.T) {
	srv, err := sandbox.New(sandbox.Config{Seed: 7}).Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	c, _ := NewSandbox(SandboxConfig{BaseURL: srv.URL(), Username: sandbox.DefaultUsername, Password: "wrong"})
	cl, cancel := c.begin(context.Background(), "job HTML-1")
	defer cancel()
	_, err = c.portalPage(cl, "/portal/jobs/HTML-1")
	wantErr(t, err, ErrAuth, 200, "the VMS portal refused our sign-in: Invalid user name or password.")
}

// fakeVMS is a VMS that answers what a test needs, for the answers the
// sandbox never gives: the connector's defences against a VMS that
// misbehaves.
func fakeVMS(t *testing.T, routes map[string]http.HandlerFunc) string {
	t.Helper()
	mux := http.NewServeMux()
	if _, ok := routes["POST /api/v1/token"]; !ok {
		mux.HandleFunc("POST /api/v1/token", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"access_token":"t","token_type":"Bearer","expires_in":3600}`)
		})
	}
	for p, h := range routes {
		mux.HandleFunc(p, h)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

func reply(status int, contentType, body string, hdr ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(hdr); i += 2 {
			w.Header().Set(hdr[i], hdr[i+1])
		}
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		}
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}
}

const jsonType = "application/json"

func TestMisbehavingVMS(t *testing.T) {
	const job = `{"requisitionId":"J-1","title":"T","facility":{"name":"F"},"worksite":{"city":"C","state":"S","postalCode":"1"},"status":"%s","checklistVersion":1}`
	page := func(version, total int, next string, items ...string) string {
		n := "null"
		if next != "" {
			n = `"` + next + `"`
		}
		return fmt.Sprintf(`{"requisitionId":"J-1","checklistVersion":%d,"totalCount":%d,"items":[%s],"nextCursor":%s}`, version, total, strings.Join(items, ","), n)
	}
	item := func(id, label string) string {
		return fmt.Sprintf(`{"id":%q,"label":%q,"packetGroup":"G","required":true}`, id, label)
	}
	pages := func(first, second string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", jsonType)
			if r.URL.Query().Get("cursor") == "" {
				fmt.Fprint(w, first)
				return
			}
			fmt.Fprint(w, second)
		}
	}
	getJob := func(c *SandboxConnector) error { _, err := c.Job(context.Background(), "J-1"); return err }
	getReqs := func(c *SandboxConnector) error { _, err := c.JobRequirements(context.Background(), "J-1"); return err }
	pdf := []byte("%PDF-1.4 x")
	send := func(c *SandboxConnector) error {
		_, err := c.UploadPacket(context.Background(), Upload{PlacementRef: "P-J-1-1", PacketGroup: "G", IdempotencyKey: "k", PDF: bytes.NewReader(pdf)})
		return err
	}
	const jobs, reqs, docs = "GET /api/v1/jobs/J-1", "GET /api/v1/jobs/J-1/requirements", "POST /api/v1/placements/P-J-1-1/documents"
	tests := []struct {
		name   string
		routes map[string]http.HandlerFunc
		call   func(*SandboxConnector) error
		class  Class
		status int
		reason string
		retry  time.Duration
	}{
		{"unknown status", map[string]http.HandlerFunc{jobs: reply(200, jsonType, fmt.Sprintf(job, "PAUSED"))}, getJob,
			ErrMalformed, 0, `the VMS reports job J-1 as "PAUSED", a status the connector does not know`, 0},
		{"another job", map[string]http.HandlerFunc{jobs: reply(200, jsonType, strings.Replace(fmt.Sprintf(job, "ACTIVE"), "J-1", "J-2", 1))}, getJob,
			ErrMalformed, 0, `the VMS answered job "J-2" when asked for job J-1`, 0},
		{"cut-off JSON", map[string]http.HandlerFunc{jobs: reply(200, jsonType, `{"requisitionId":`)}, getJob,
			ErrMalformed, 200, "the VMS answered unreadable JSON for job J-1", 0},
		{"plain text", map[string]http.HandlerFunc{jobs: reply(200, "text/plain", `OK`)}, getJob,
			ErrMalformed, 200, "the VMS answered something other than JSON for job J-1", 0},
		{"too large", map[string]http.HandlerFunc{jobs: reply(200, jsonType, `{"title":"`+strings.Repeat("x", 5<<20)+`"}`)}, getJob,
			ErrMalformed, 200, "the VMS's answer about job J-1 is larger than 4 MB", 0},
		{"rate limited", map[string]http.HandlerFunc{jobs: reply(429, "", "", "Retry-After", "30")}, getJob,
			ErrUnavailable, 429, "the VMS is limiting our requests (429)", 30 * time.Second},
		{"gone", map[string]http.HandlerFunc{jobs: reply(410, jsonType, `{"error":{"code":"gone","message":"Requisition J-1 was withdrawn."}}`)}, getJob,
			ErrNotFound, 410, "the VMS does not know job J-1: Requisition J-1 was withdrawn.", 0},
		{"bad request", map[string]http.HandlerFunc{jobs: reply(400, jsonType, `{"error":{"code":"invalid_request","message":"Bad id."}}`)}, getJob,
			ErrRejected, 400, "the VMS rejected job J-1 with 400 (invalid_request: Bad id.)", 0},
		{"redirect", map[string]http.HandlerFunc{jobs: reply(302, "", "", "Location", "/elsewhere")}, getJob,
			ErrMalformed, 302, "the VMS answered 302 for job J-1", 0},
		{"token refused by the API", map[string]http.HandlerFunc{jobs: reply(401, jsonType, `{"error":{"code":"invalid_token","message":"No."}}`)}, getJob,
			ErrAuth, 401, "the VMS refused our access token for job J-1: No.", 0},
		{"token endpoint answers a page", map[string]http.HandlerFunc{"POST /api/v1/token": reply(200, "text/html", "<html><title>Down</title></html>")}, getJob,
			ErrUnavailable, 0, "the VMS's token endpoint did not answer with a token", 0},
		{"token request refused", map[string]http.HandlerFunc{"POST /api/v1/token": reply(400, jsonType, `{"error":"invalid_scope","error_description":"Scope unknown."}`)}, getJob,
			ErrAuth, 400, "the VMS's token endpoint refused our request (invalid_scope: Scope unknown.)", 0},
		{"fewer items than announced", map[string]http.HandlerFunc{reqs: reply(200, jsonType, page(1, 3, "", item("A", "a"), item("B", "b")))}, getReqs,
			ErrMalformed, 0, "the VMS announced 3 items for job J-1 and sent 2", 0},
		{"more items than announced", map[string]http.HandlerFunc{reqs: reply(200, jsonType, page(1, 1, "", item("A", "a"), item("B", "b")))}, getReqs,
			ErrMalformed, 0, "the VMS sent more items than the 1 it announced for job J-1", 0},
		{"item without a label", map[string]http.HandlerFunc{reqs: reply(200, jsonType, page(1, 2, "", item("A", "a"), item("B", " ")))}, getReqs,
			ErrMalformed, 0, "item 2 of the checklist of job J-1 has no label", 0},
		{"version changes between pages", map[string]http.HandlerFunc{reqs: pages(page(1, 2, "c1", item("A", "a")), page(2, 2, "", item("B", "b")))}, getReqs,
			ErrUnavailable, 0, "the checklist of job J-1 changed while it was read (version 1, then 2)", 0},
		{"endless pages", map[string]http.HandlerFunc{reqs: reply(200, jsonType, page(1, 0, "again"))}, getReqs,
			ErrMalformed, 0, "the checklist of job J-1 runs over 50 pages", 0},
		{"receipt without an id", map[string]http.HandlerFunc{docs: reply(201, jsonType, `{"placementId":"P-J-1-1"}`)}, send,
			ErrMalformed, 201, "the VMS acknowledged the packet upload to placement P-J-1-1 without a receipt id", 0},
		{"receipt of other bytes", map[string]http.HandlerFunc{docs: reply(201, jsonType, `{"id":"D1","sha256":"00ff","size":10}`)}, send,
			ErrMalformed, 201, "the VMS's receipt D1 for the packet upload to placement P-J-1-1 names other content than the packet sent", 0},
		{"other conflict", map[string]http.HandlerFunc{docs: reply(409, jsonType, `{"error":{"code":"placement_closed","message":"Closed."}}`)}, send,
			ErrRejected, 409, "the VMS rejected the packet upload to placement P-J-1-1 with 409 (placement_closed: Closed.)", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := NewSandbox(SandboxConfig{BaseURL: fakeVMS(t, tt.routes), Username: "u", Password: "p"})
			if err != nil {
				t.Fatal(err)
			}
			err = tt.call(c)
			wantErr(t, err, tt.class, tt.status, tt.reason)
			if RetryAfter(err) != tt.retry {
				t.Errorf("RetryAfter %s, want %s", RetryAfter(err), tt.retry)
			}
		})
	}
}

func TestMisbehavingPortal(t *testing.T) {
	loginForm := func(action string) string {
		return `<html><body><form method="post" action="` + action + `"><input type="hidden" name="t" value="1">` +
			`<input name="user"><input type="PASSWORD" name="pw"><input type="checkbox" name="remember" checked></form></body></html>`
	}
	portalOnly := reply(404, jsonType, `{"error":{"code":"portal_only","message":"Portal only."}}`)
	const reqs, login, postLogin, page = "GET /api/v1/jobs/J-1/requirements", "GET /portal/login", "POST /portal/login", "GET /portal/jobs/J-1"
	signedIn := reply(303, "", "", "Location", "/portal/")
	tests := []struct {
		name   string
		routes map[string]http.HandlerFunc
		class  Class
		status int
		reason string
	}{
		{"form posts elsewhere", map[string]http.HandlerFunc{reqs: portalOnly, login: reply(200, "text/html", loginForm("https://elsewhere.example/login"))},
			ErrMalformed, 0, `the VMS portal's sign-in page posts its form to "https://elsewhere.example/login", not to the VMS`},
		{"no sign-in form", map[string]http.HandlerFunc{reqs: portalOnly, login: reply(200, "text/html", "<html><title>Welcome</title><body><form><input name=q></form></body></html>")},
			ErrMalformed, 200, "the VMS portal's sign-in page does not have the layout the connector reads (no sign-in form); the portal may have changed"},
		{"sign-in page missing", map[string]http.HandlerFunc{reqs: portalOnly, login: reply(404, "text/html", "<html><h1>Nope</h1></html>")},
			ErrAuth, 404, "the VMS portal's sign-in page answered 404: Nope"},
		{"sign-in sent back to the form", map[string]http.HandlerFunc{reqs: portalOnly, login: reply(200, "text/html", loginForm("/portal/login")),
			postLogin: reply(302, "", "", "Location", "/portal/login?error=1")},
			ErrAuth, 302, "the VMS portal refused our sign-in"},
		{"always asked to sign in", map[string]http.HandlerFunc{reqs: portalOnly, login: reply(200, "text/html", loginForm("/portal/login")),
			postLogin: signedIn, page: reply(302, "", "", "Location", "/portal/login?next=x")},
			ErrAuth, 302, "the VMS portal asked us to sign in again right after signing in, for job J-1"},
		{"page sent elsewhere", map[string]http.HandlerFunc{reqs: portalOnly, login: reply(200, "text/html", loginForm("")),
			postLogin: signedIn, page: reply(302, "", "", "Location", "/portal/news")},
			ErrMalformed, 302, "the VMS portal sent job J-1 elsewhere (302 to /portal/news)"},
		{"page not HTML", map[string]http.HandlerFunc{reqs: portalOnly, login: reply(200, "text/html", loginForm("")),
			postLogin: signedIn, page: reply(200, jsonType, `{}`)},
			ErrMalformed, 200, "the VMS portal answered something other than a web page for job J-1"},
		{"page teapot", map[string]http.HandlerFunc{reqs: portalOnly, login: reply(200, "text/html", loginForm("")),
			postLogin: signedIn, page: reply(418, "text/html", `<html><h1>Teapot</h1></html>`)},
			ErrMalformed, 418, "the VMS portal answered 418 for job J-1: Teapot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := NewSandbox(SandboxConfig{BaseURL: fakeVMS(t, tt.routes), Username: "u", Password: "p"})
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.JobRequirements(context.Background(), "J-1")
			wantErr(t, err, tt.class, tt.status, tt.reason)
		})
	}

	// The form is filled as a browser would: hidden fields kept, the
	// first text field the user, checked boxes sent.
	var got string
	routes := map[string]http.HandlerFunc{reqs: portalOnly, login: reply(200, "text/html", loginForm("/portal/login")),
		postLogin: func(w http.ResponseWriter, r *http.Request) {
			r.ParseForm()
			got = r.PostForm.Encode()
			http.Redirect(w, r, "/portal/", http.StatusSeeOther)
		},
		page: reply(503, "text/html", "<html><title>Down</title></html>")}
	c, _ := NewSandbox(SandboxConfig{BaseURL: fakeVMS(t, routes), Username: "nurse-agency", Password: "s3cret&"})
	c.JobRequirements(context.Background(), "J-1")
	if got != "pw=s3cret%26&remember=on&t=1&user=nurse-agency" {
		t.Errorf("sign-in form sent %q", got)
	}
}

func TestNormStatus(t *testing.T) {
	tests := map[string]string{
		"ACTIVE": StatusActive, "Open": StatusActive, " open ": StatusActive,
		"FILLED": StatusFilled, "Filled": StatusFilled,
		"CLOSED": StatusClosed, "Cancelled": StatusClosed, "canceled": StatusClosed,
		"UNAVAILABLE": StatusUnavailable, "On Hold – Unavailable": StatusUnavailable, "ON_HOLD": StatusUnavailable,
		"": "", "Paused": "", "Draft": "",
	}
	for in, want := range tests {
		got, ok := normStatus(in)
		if got != want || ok != (want != "") {
			t.Errorf("%q: %q %v, want %q", in, got, ok, want)
		}
	}
}

func TestHelpers(t *testing.T) {
	for _, tt := range []struct{ city, state, zip, want string }{
		{"Tacoma", "WA", "98405", "Tacoma, WA 98405"},
		{"Tacoma", "WA", "", "Tacoma, WA"},
		{"", "WA", "", "WA"},
		{" Tacoma ", "", "", "Tacoma"},
	} {
		if got := location(tt.city, tt.state, tt.zip); got != tt.want {
			t.Errorf("location(%q, %q, %q) = %q", tt.city, tt.state, tt.zip, got)
		}
	}
	now := time.Date(2026, 5, 14, 15, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"120", 2 * time.Minute, true}, {"", 0, false}, {"-1", 0, false}, {"soon", 0, false},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
	} {
		if got, ok := retryAfter(tt.in, now); got != tt.want || ok != tt.ok {
			t.Errorf("retryAfter(%q) = %s %v", tt.in, got, ok)
		}
	}
	if got := clean(" BLS\u00a0-\n AHA  only "); got != "BLS - AHA only" {
		t.Errorf("clean: %q", got)
	}
	if !errors.Is(&Error{Class: ErrAuth}, ErrAuth) || errors.Is(&Error{Class: ErrAuth}, ErrNotFound) || ErrNotFound.Retryable() || !ErrUnavailable.Retryable() {
		t.Error("classes")
	}
	if Reason(errors.New("x")) != "the VMS call failed" || Reason(nil) != "" || RetryAfter(errors.New("x")) != 0 {
		t.Error("Reason or RetryAfter of foreign errors")
	}
	e := &Error{Class: ErrUnavailable, Reason: "the VMS could not be reached", Err: errors.New("dial tcp: refused")}
	if e.Error() != "vms: the VMS could not be reached: dial tcp: refused" || errors.Unwrap(e).Error() != "dial tcp: refused" {
		t.Errorf("Error() %q", e.Error())
	}
}
