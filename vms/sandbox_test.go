package vms_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/vms"
	"github.com/clearedtostart/compliance/vms/sandbox"
)

type env struct {
	srv *sandbox.Server
	sb  *sandbox.Sandbox
	clk *sandbox.Clock
}

// start serves a sandbox VMS on a free port for the test.
func start(t *testing.T, cfg sandbox.Config) *env {
	t.Helper()
	clk := sandbox.NewClock(time.Date(2026, 5, 14, 15, 0, 0, 0, time.UTC))
	if cfg.Seed == 0 {
		cfg.Seed = 7
	}
	cfg.Now = clk.Now
	srv, err := sandbox.New(cfg).Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return &env{srv: srv, sb: srv.Sandbox(), clk: clk}
}

func (e *env) connect(t *testing.T, mod func(*vms.SandboxConfig)) *vms.SandboxConnector {
	t.Helper()
	cfg := vms.SandboxConfig{BaseURL: e.srv.URL(), Username: sandbox.DefaultUsername, Password: sandbox.DefaultPassword}
	if mod != nil {
		mod(&cfg)
	}
	c, err := vms.NewSandbox(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// count is how many recorded requests have the method and path.
func (e *env) count(method, path string) int {
	n := 0
	for _, r := range e.sb.Requests() {
		if r.Method == method && r.Path == path {
			n++
		}
	}
	return n
}

func source(items []sandbox.Item) []vms.SourceRequirement {
	out := []vms.SourceRequirement{}
	for _, it := range items {
		out = append(out, vms.SourceRequirement{Label: it.Label, PacketGroup: it.PacketGroup, Notes: it.Notes, Ref: it.ID, Optional: !it.Required})
	}
	return out
}

func TestNewSandbox(t *testing.T) {
	tests := []struct {
		cfg  vms.SandboxConfig
		want string
	}{
		{vms.SandboxConfig{BaseURL: "ftp://vms.example", Username: "u", Password: "p"}, `vms: base URL "ftp://vms.example" is not an http(s) URL`},
		{vms.SandboxConfig{BaseURL: "", Username: "u", Password: "p"}, `vms: base URL "" is not an http(s) URL`},
		{vms.SandboxConfig{BaseURL: "http://vms.example", Username: "u"}, "vms: the sandbox VMS needs a username and a password"},
		{vms.SandboxConfig{BaseURL: "http://vms.example", Username: "u", Password: "p", Timeout: -1}, "vms: negative timeout, body bound or page size"},
	}
	for _, tt := range tests {
		if _, err := vms.NewSandbox(tt.cfg); err == nil || err.Error() != tt.want {
			t.Errorf("%+v: %v, want %q", tt.cfg, err, tt.want)
		}
	}
}

func TestJob(t *testing.T) {
	e := start(t, sandbox.Config{})
	c := e.connect(t, nil)
	tests := []struct {
		ref     string
		status  string
		portal  bool
		scraped bool
	}{
		{"ICU-2231", vms.StatusActive, false, false},
		{"UNAVAIL-12", vms.StatusUnavailable, false, false},
		{"FILLED-4", vms.StatusFilled, false, false},
		{"CLOSED-5", vms.StatusClosed, false, false},
		{"PORTAL-3", vms.StatusActive, true, false},
		{"HTML-7", vms.StatusActive, true, true},
		{"HTML-UNAVAIL-2", vms.StatusUnavailable, true, true},
		{"HTML-FILLED-9", vms.StatusFilled, true, true},
		{"HTML-CLOSED-9", vms.StatusClosed, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			before := e.count("GET", "/portal/jobs/"+tt.ref)
			got, err := c.Job(context.Background(), tt.ref)
			if err != nil {
				t.Fatal(err)
			}
			j := e.sb.Job(tt.ref)
			want := vms.Job{Ref: tt.ref, Title: j.Title, Facility: j.Facility, Location: j.Location(), Department: j.Department,
				Role: j.Role, Status: tt.status, Portal: tt.portal, ChecklistVersion: "1"}
			if got != want {
				t.Errorf("got  %+v\nwant %+v", got, want)
			}
			if scraped := e.count("GET", "/portal/jobs/"+tt.ref) > before; scraped != tt.scraped {
				t.Errorf("scraped the portal: %v", scraped)
			}
		})
	}
}

// TestRequirements reads the checklists of many jobs and placements, from
// the API (paged) and scraped from the portal, and compares them with
// what the sandbox holds.
func TestRequirements(t *testing.T) {
	e := start(t, sandbox.Config{})
	c := e.connect(t, func(cfg *vms.SandboxConfig) { cfg.PageSize = 7 })
	ctx := context.Background()
	var labels strings.Builder
	for i := range 20 {
		for _, ref := range []string{fmt.Sprintf("REQ-%d", i), fmt.Sprintf("PORTAL-%d", i), fmt.Sprintf("HTML-%d", i)} {
			got, err := c.JobRequirements(ctx, ref)
			if err != nil {
				t.Fatalf("%s: %v", ref, err)
			}
			if want := source(e.sb.JobTruth(ref).Items); !reflect.DeepEqual(got, want) {
				t.Errorf("%s:\ngot  %+v\nwant %+v", ref, got, want)
			}
			pref := "P-" + ref + "-1"
			got, err = c.PlacementRequirements(ctx, pref)
			if err != nil {
				t.Fatalf("%s: %v", pref, err)
			}
			p, _ := e.sb.PlacementTruth(pref)
			if want := source(p.Items); !reflect.DeepEqual(got, want) {
				t.Errorf("%s:\ngot  %+v\nwant %+v", pref, got, want)
			}
			for _, r := range got {
				labels.WriteString(r.Label + "\n")
			}
		}
	}
	// The scraped labels went through HTML escaping and came back whole.
	for _, hard := range []string{"&", "'", "–", "é", "+"} {
		if !strings.Contains(labels.String(), hard) {
			t.Errorf("no label with %q among those read: the comparison proves less than it should", hard)
		}
	}
	if n := e.count("POST", "/portal/login"); n != 1 {
		t.Errorf("%d sign-ins for one connector", n)
	}
	if n := e.count("POST", sandbox.TokenPath); n != 1 {
		t.Errorf("%d tokens for one connector", n)
	}
	for _, r := range e.sb.Requests() {
		if r.Path != sandbox.TokenPath && r.UserAgent != vms.DefaultUserAgent {
			t.Errorf("%s %s sent User-Agent %q", r.Method, r.Path, r.UserAgent)
		}
	}
}

func TestStatusTurnsUnavailable(t *testing.T) {
	e := start(t, sandbox.Config{})
	c := e.connect(t, nil)
	for _, ref := range []string{"ICU-88", "HTML-88"} {
		if j, err := c.Job(context.Background(), ref); err != nil || j.Status != vms.StatusActive {
			t.Fatalf("%s: %+v %v", ref, j, err)
		}
		resp, err := http.Post(e.srv.URL()+"/_sandbox/jobs/"+ref+"/status", "application/json", strings.NewReader(`{"status":"UNAVAILABLE"}`))
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("admin status: %v %v", resp, err)
		}
		resp.Body.Close()
		if j, err := c.Job(context.Background(), ref); err != nil || j.Status != vms.StatusUnavailable {
			t.Errorf("%s after the change: %+v %v", ref, j, err)
		}
	}
}

// TestTemplateChange: a bumped template reads with the item removed, the
// items added and the item reworded (same ref, new label).
func TestTemplateChange(t *testing.T) {
	e := start(t, sandbox.Config{ChangeInterval: time.Hour})
	c := e.connect(t, nil)
	ctx := context.Background()
	for _, ref := range []string{"ICU-31", "HTML-31", "CHANGE-31", "HTML-CHANGE-32"} {
		before, err := c.JobRequirements(ctx, ref)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(ref, "CHANGE") {
			e.clk.Add(time.Hour)
		} else {
			e.sb.BumpVersion(ref)
		}
		after, err := c.JobRequirements(ctx, ref)
		if err != nil {
			t.Fatal(err)
		}
		jt := e.sb.JobTruth(ref)
		ch := jt.Changes[len(jt.Changes)-1]
		if !reflect.DeepEqual(after, source(jt.Items)) {
			t.Errorf("%s v2 read differs from the sandbox's", ref)
		}
		was, now := map[string]string{}, map[string]string{}
		for _, r := range before {
			was[r.Ref] = r.Label
		}
		for _, r := range after {
			now[r.Ref] = r.Label
		}
		if _, ok := now[ch.Removed]; ok || was[ch.Removed] == "" {
			t.Errorf("%s: %s not removed", ref, ch.Removed)
		}
		for _, id := range ch.Added {
			if _, ok := was[id]; ok || now[id] == "" {
				t.Errorf("%s: %s not added", ref, id)
			}
		}
		if was[ch.Reworded] != ch.From || now[ch.Reworded] != ch.To || ch.From == ch.To {
			t.Errorf("%s: %s read %q then %q, change %q to %q", ref, ch.Reworded, was[ch.Reworded], now[ch.Reworded], ch.From, ch.To)
		}
		if j, err := c.Job(ctx, ref); err != nil || j.ChecklistVersion != strconv.Itoa(jt.Job.Version) || jt.Job.Version < 2 {
			t.Errorf("%s: version %q %v", ref, j.ChecklistVersion, err)
		}
	}
}

// errCase is one failing call and what it must report.
type errCase struct {
	name   string
	call   func(c *vms.SandboxConnector) error
	class  vms.Class
	status int
	reason string
	retry  time.Duration
}

func checkErr(t *testing.T, err error, tt errCase) {
	t.Helper()
	var ve *vms.Error
	if !errors.As(err, &ve) {
		t.Fatalf("error %v (%T), want a *vms.Error", err, err)
	}
	if !errors.Is(err, tt.class) || ve.Status != tt.status || ve.Reason != tt.reason || ve.RetryAfter != tt.retry {
		t.Errorf("got  %s %d %q retry %s\nwant %s %d %q retry %s", ve.Class, ve.Status, ve.Reason, ve.RetryAfter, tt.class, tt.status, tt.reason, tt.retry)
	}
	if vms.Retryable(err) != (tt.class == vms.ErrUnavailable) || vms.Reason(err) != tt.reason {
		t.Errorf("Retryable %v, Reason %q", vms.Retryable(err), vms.Reason(err))
	}
}

func job(ref string) func(c *vms.SandboxConnector) error {
	return func(c *vms.SandboxConnector) error { _, err := c.Job(context.Background(), ref); return err }
}

func jobReqs(ref string) func(c *vms.SandboxConnector) error {
	return func(c *vms.SandboxConnector) error {
		_, err := c.JobRequirements(context.Background(), ref)
		return err
	}
}

func placementReqs(ref string) func(c *vms.SandboxConnector) error {
	return func(c *vms.SandboxConnector) error {
		_, err := c.PlacementRequirements(context.Background(), ref)
		return err
	}
}

func TestErrors(t *testing.T) {
	e := start(t, sandbox.Config{})
	fault := func(f sandbox.Fault) {
		if _, err := e.sb.AddFault(f); err != nil {
			t.Fatal(err)
		}
	}
	fault(sandbox.Fault{Path: "/api/v1/jobs/ICU-5", Mode: sandbox.FaultFail, Status: 502})
	fault(sandbox.Fault{Path: "/portal/jobs/HTML-3", Mode: sandbox.FaultFail, Count: 9})
	fault(sandbox.Fault{Path: "/portal/jobs/HTML-4", Mode: sandbox.FaultFail, Status: 404, Count: 9})
	fault(sandbox.Fault{Path: "/portal/jobs/HTML-5", Mode: sandbox.FaultFail, Status: 403, Count: 9})
	const unavailable = "The requisition service is temporarily unavailable. Please try again later."
	tests := []errCase{
		{"unknown job", job("NOTFOUND-1"), vms.ErrNotFound, 404, "the VMS does not know job NOTFOUND-1: Requisition NOTFOUND-1 was not found.", 0},
		{"unknown job's checklist", jobReqs("NOTFOUND-2"), vms.ErrNotFound, 404, "the VMS does not know job NOTFOUND-2: Requisition NOTFOUND-2 was not found.", 0},
		{"portal-only unknown job", jobReqs("HTML-NOTFOUND-2"), vms.ErrNotFound, 404, "the VMS does not know job HTML-NOTFOUND-2: Requisition HTML-NOTFOUND-2 was not found.", 0},
		{"unknown placement", placementReqs("P-NOTFOUND-1-1"), vms.ErrNotFound, 404, "the VMS does not know placement P-NOTFOUND-1-1: Placement P-NOTFOUND-1-1 was not found.", 0},
		{"not a placement reference", placementReqs("ICU-1"), vms.ErrNotFound, 404,
			"the VMS does not know placement ICU-1: Placement ICU-1 was not found (placement ids look like P-<requisition id>-<n>).", 0},
		{"forbidden job", job("FORBIDDEN-1"), vms.ErrAuth, 403,
			"the VMS refuses our account access to job FORBIDDEN-1: Your supplier account is not authorized for requisition FORBIDDEN-1.", 0},
		{"failing job", job("FAIL-1"), vms.ErrUnavailable, 503, "the VMS answered 503 for job FAIL-1: " + unavailable, 120 * time.Second},
		{"failing placement", placementReqs("P-FAIL-1-2"), vms.ErrUnavailable, 503, "the VMS answered 503 for placement P-FAIL-1-2: " + unavailable, 120 * time.Second},
		{"maintenance page", jobReqs("MAINT-1"), vms.ErrUnavailable, 200, `the VMS answered a page titled "Scheduled maintenance" instead of JSON for job MAINT-1`, 0},
		{"gateway", job("ICU-5"), vms.ErrUnavailable, 502, `the VMS answered 502 for job ICU-5 (a page titled "502 Bad Gateway")`, 0},
		{"portal down", jobReqs("HTML-3"), vms.ErrUnavailable, 503, "the VMS portal answered 503 for job HTML-3: 503 Service Unavailable", 0},
		{"portal page gone", jobReqs("HTML-4"), vms.ErrNotFound, 404, "the VMS portal does not know job HTML-4: 404 Not Found", 0},
		{"portal page forbidden", job("HTML-5"), vms.ErrAuth, 403, "the VMS portal refuses our account access to job HTML-5: 403 Forbidden", 0},
		{"no reference", job(""), vms.ErrRejected, 0, "no job reference was given", 0},
		{"reference with a slash", jobReqs("ICU/1"), vms.ErrRejected, 0, `"ICU/1" is not a job reference the VMS could know`, 0},
		{"no placement reference", placementReqs(" "), vms.ErrRejected, 0, "no placement reference was given", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkErr(t, tt.call(e.connect(t, nil)), tt) })
	}
}

func TestAuthErrors(t *testing.T) {
	e := start(t, sandbox.Config{})
	wrong := e.connect(t, func(cfg *vms.SandboxConfig) { cfg.Password = "not-the-password" })
	checkErr(t, job("ICU-1")(wrong), errCase{class: vms.ErrAuth, status: 401,
		reason: "the VMS refused our client credentials (invalid_client: Client authentication failed.)"})

	e.sb.AddFault(sandbox.Fault{Path: sandbox.TokenPath, Mode: sandbox.FaultFail})
	checkErr(t, job("ICU-1")(e.connect(t, nil)), errCase{class: vms.ErrUnavailable, status: 503,
		reason: "the VMS's token endpoint answered 503"})

	e.sb.AddFault(sandbox.Fault{Path: "/portal/login", Method: "GET", Mode: sandbox.FaultFail})
	checkErr(t, jobReqs("HTML-1")(e.connect(t, nil)), errCase{class: vms.ErrUnavailable, status: 503,
		reason: "the VMS portal's sign-in page answered 503: 503 Service Unavailable"})

	e.sb.AddFault(sandbox.Fault{Path: "/portal/login", Method: "POST", Mode: sandbox.FaultFail, Status: 500})
	checkErr(t, jobReqs("HTML-1")(e.connect(t, nil)), errCase{class: vms.ErrUnavailable, status: 500,
		reason: "the VMS portal's sign-in answered 500: 500 Internal Server Error"})
}

// TestTimeouts: a slow VMS is unavailable (retryable) past the
// connector's timeout or the caller's deadline; a cancelled call is the
// caller's, not the VMS's.
func TestTimeouts(t *testing.T) {
	e := start(t, sandbox.Config{SlowDelay: time.Second})
	quick := e.connect(t, func(cfg *vms.SandboxConfig) { cfg.Timeout = 400 * time.Millisecond })
	patient := e.connect(t, func(cfg *vms.SandboxConfig) { cfg.Timeout = 5 * time.Second })
	// Tokens first, so that the timeouts below are the job's.
	if _, err := quick.Job(context.Background(), "ICU-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := patient.Job(context.Background(), "ICU-1"); err != nil {
		t.Fatal(err)
	}

	checkErr(t, job("SLOW-1")(quick), errCase{class: vms.ErrUnavailable, reason: "the VMS did not answer about job SLOW-1 within 400ms"})

	start := time.Now()
	if _, err := patient.JobRequirements(context.Background(), "SLOW-1"); err != nil || time.Since(start) < time.Second {
		t.Errorf("patient read of SLOW-1: %v after %s", err, time.Since(start))
	}

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := patient.Job(ctx, "SLOW-2")
	checkErr(t, err, errCase{class: vms.ErrUnavailable, reason: "the VMS did not answer about job SLOW-2 before the caller's deadline"})

	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	_, err = patient.PlacementRequirements(ctx, "P-SLOW-3-1")
	var ve *vms.Error
	if !errors.Is(err, context.Canceled) || errors.As(err, &ve) || vms.Retryable(err) {
		t.Errorf("cancelled call: %v", err)
	}
}

// TestFlaky: FLAKY- fails each path twice; a portal-only one fails on
// the API and then on the portal page, and a retry policy gets there.
func TestFlaky(t *testing.T) {
	e := start(t, sandbox.Config{})
	c := e.connect(t, nil)
	flaky := errCase{class: vms.ErrUnavailable, status: 503, retry: 5 * time.Second,
		reason: "the VMS answered 503 for job FLAKY-1: The requisition service is temporarily unavailable. Please try again later."}
	for range 2 {
		checkErr(t, jobReqs("FLAKY-1")(c), flaky)
	}
	if err := jobReqs("FLAKY-1")(c); err != nil {
		t.Errorf("third try: %v", err)
	}

	attempts := 0
	for {
		attempts++
		got, err := c.JobRequirements(context.Background(), "HTML-FLAKY-1")
		if err == nil {
			if !reflect.DeepEqual(got, source(e.sb.JobTruth("HTML-FLAKY-1").Items)) {
				t.Errorf("HTML-FLAKY-1 read differs from the sandbox's")
			}
			break
		}
		if !vms.Retryable(err) || attempts > 5 {
			t.Fatalf("attempt %d: %v", attempts, err)
		}
	}
	if attempts != 5 {
		t.Errorf("HTML-FLAKY-1 read on attempt %d, want 5 (API twice, portal twice)", attempts)
	}
}

// TestReauth: a token or a portal session the VMS ended is renewed once,
// inside the call.
func TestReauth(t *testing.T) {
	e := start(t, sandbox.Config{SessionTTL: 30 * time.Minute})
	c := e.connect(t, nil)
	ctx := context.Background()
	if _, err := c.JobRequirements(ctx, "HTML-1"); err != nil {
		t.Fatal(err)
	}
	e.sb.ExpireSessions()
	if _, err := c.Job(ctx, "ICU-1"); err != nil {
		t.Fatalf("API after the token ended: %v", err)
	}
	if _, err := c.JobRequirements(ctx, "HTML-1"); err != nil {
		t.Fatalf("portal after the session ended: %v", err)
	}
	e.clk.Add(31 * time.Minute)
	if _, err := c.PlacementRequirements(ctx, "P-HTML-1-1"); err != nil {
		t.Fatalf("portal after the session idled out: %v", err)
	}
	if n := e.count("POST", sandbox.TokenPath); n != 2 {
		t.Errorf("%d token requests, want 2", n)
	}
	if n := e.count("POST", "/portal/login"); n != 3 {
		t.Errorf("%d sign-ins, want 3", n)
	}
	var refused, redirected int
	for _, r := range e.sb.Requests() {
		if r.Status == 401 {
			refused++
		}
		if r.Status == 302 && strings.HasPrefix(r.Path, "/portal/") {
			redirected++
		}
	}
	if refused != 1 || redirected != 2 {
		t.Errorf("%d refused tokens, %d redirects to sign in; want 1 and 2", refused, redirected)
	}
}

// TestConcurrentSignIn: calls racing on a fresh connector share one token
// and one portal session.
func TestConcurrentSignIn(t *testing.T) {
	e := start(t, sandbox.Config{})
	c := e.connect(t, nil)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 8 {
		wg.Go(func() {
			_, err := c.JobRequirements(context.Background(), fmt.Sprintf("HTML-%d", i))
			errs <- err
		})
		wg.Go(func() {
			_, err := c.Job(context.Background(), fmt.Sprintf("ICU-%d", i))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if n, m := e.count("POST", sandbox.TokenPath), e.count("POST", "/portal/login"); n != 1 || m != 1 {
		t.Errorf("%d token requests and %d sign-ins, want 1 and 1", n, m)
	}
}

func pdf(s string) []byte { return []byte("%PDF-1.7\n" + s + "\n%%EOF\n") }

func upload(c *vms.SandboxConnector, placement, group, key string, content []byte) (vms.Receipt, error) {
	return c.UploadPacket(context.Background(), vms.Upload{PlacementRef: placement, PacketGroup: group, IdempotencyKey: key,
		FileName: "packet-" + key + ".pdf", PDF: bytes.NewReader(content), Size: int64(len(content))})
}

func TestUploadIdempotent(t *testing.T) {
	e := start(t, sandbox.Config{})
	c := e.connect(t, nil)
	content := pdf("health packet")
	first, err := upload(c, "P-ICU-1-1", "Health & Immunizations", "pkt-1", content)
	if err != nil || first.Duplicate || first.ID != "DOC-000001" || !first.ReceivedAt.Equal(e.clk.Now()) {
		t.Fatalf("first: %+v %v", first, err)
	}
	e.clk.Add(time.Minute)
	again, err := upload(c, "P-ICU-1-1", "Health & Immunizations", "pkt-1", content)
	if err != nil || !again.Duplicate || again.ID != first.ID || !again.ReceivedAt.Equal(first.ReceivedAt) {
		t.Errorf("repeat: %+v %v", again, err)
	}
	ups := e.sb.Uploads("P-ICU-1-1")
	if len(ups) != 1 || ups[0].Replays != 1 || ups[0].PacketGroup != "Health & Immunizations" || ups[0].FileName != "packet-pkt-1.pdf" {
		t.Fatalf("stored %+v", ups)
	}
	if b, _ := e.sb.UploadContent(first.ID); !bytes.Equal(b, content) {
		t.Errorf("stored bytes differ")
	}

	_, err = upload(c, "P-ICU-1-1", "Health & Immunizations", "pkt-1", pdf("another packet"))
	checkErr(t, err, errCase{class: vms.ErrConflict, status: 409, reason: `the VMS already holds a different packet under idempotency key "pkt-1": ` +
		`Idempotency-Key "pkt-1" was first used for another upload (placement P-ICU-1-1, packet group "Health & Immunizations", sha256 ` +
		ups[0].SHA256[:12] + `); use a new key for a different packet.`})

	// Without a file name the packet is packet.pdf.
	if _, err := c.UploadPacket(context.Background(), vms.Upload{PlacementRef: "P-ICU-1-1", PacketGroup: "HR Forms", IdempotencyKey: "pkt-2", PDF: bytes.NewReader(content)}); err != nil {
		t.Fatal(err)
	}
	if ups := e.sb.Uploads("P-ICU-1-1"); len(ups) != 2 || ups[1].FileName != "packet.pdf" {
		t.Errorf("stored %+v", ups)
	}
	// A token the VMS ended is renewed and the packet sent again, once.
	e.sb.ExpireSessions()
	if r, err := upload(c, "P-ICU-1-2", "Health", "pkt-3", content); err != nil || r.Duplicate {
		t.Errorf("after the token ended: %+v %v", r, err)
	}
	if n := len(e.sb.Uploads("P-ICU-1-2")); n != 1 {
		t.Errorf("%d stored after the token ended", n)
	}
}

// TestUploadLostAnswer: the VMS stored the packet but the answer was lost
// (a 502 from the load balancer, a dropped connection); the retry with the
// same key gets the first receipt and nothing new is stored.
func TestUploadLostAnswer(t *testing.T) {
	e := start(t, sandbox.Config{})
	for _, tt := range []struct {
		mode       string
		keepAlives bool
		reason     string
	}{
		{sandbox.FaultFailAfter, true, `the VMS answered 502 for the packet upload to placement P-LOST-1-1 (a page titled "502 Bad Gateway")`},
		{sandbox.FaultDropAfter, false, "the VMS could not be reached"},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			e.sb.Reset()
			c := e.connect(t, func(cfg *vms.SandboxConfig) {
				cfg.HTTPClient = &http.Client{Transport: &http.Transport{DisableKeepAlives: !tt.keepAlives}}
			})
			e.sb.AddFault(sandbox.Fault{Path: "/api/v1/placements/P-LOST-1-1/documents", Mode: tt.mode})
			content := pdf("credentials")
			_, err := upload(c, "P-LOST-1-1", "Credentials", "lost-1", content)
			var ve *vms.Error
			if !errors.As(err, &ve) || ve.Class != vms.ErrUnavailable || ve.Reason != tt.reason {
				t.Fatalf("first try: %v", err)
			}
			if n := len(e.sb.Uploads("P-LOST-1-1")); n != 1 {
				t.Fatalf("%d stored by the first try", n)
			}
			r, err := upload(c, "P-LOST-1-1", "Credentials", "lost-1", content)
			if err != nil || !r.Duplicate || r.ID != e.sb.Uploads("P-LOST-1-1")[0].ID {
				t.Errorf("retry: %+v %v", r, err)
			}
			if n := len(e.sb.Uploads("P-LOST-1-1")); n != 1 {
				t.Errorf("%d stored after the retry", n)
			}
		})
	}

	// With keep-alives, net/http may resend the request itself on a
	// reused connection (it carries an Idempotency-Key); either way one
	// packet is stored and the next try is a duplicate.
	e.sb.Reset()
	c := e.connect(t, nil)
	if _, err := c.Job(context.Background(), "ICU-1"); err != nil {
		t.Fatal(err)
	}
	e.sb.AddFault(sandbox.Fault{Path: "/api/v1/placements/P-LOST-2-1/documents", Mode: sandbox.FaultDropAfter})
	r, err := upload(c, "P-LOST-2-1", "Credentials", "lost-2", pdf("x"))
	if err != nil && !vms.Retryable(err) {
		t.Fatalf("dropped answer: %v", err)
	}
	if err == nil && !r.Duplicate {
		t.Errorf("a resent upload answered as new: %+v", r)
	}
	if r, err := upload(c, "P-LOST-2-1", "Credentials", "lost-2", pdf("x")); err != nil || !r.Duplicate {
		t.Errorf("next try: %+v %v", r, err)
	}
	if n := len(e.sb.Uploads("P-LOST-2-1")); n != 1 {
		t.Errorf("%d stored", n)
	}
}

// errReader fails after its content, as a broken blob download would.
type errReader struct{ r io.Reader }

func (e errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		return n, errors.New("connection reset by blob store")
	}
	return n, err
}

func TestUploadRefused(t *testing.T) {
	e := start(t, sandbox.Config{})
	c := e.connect(t, nil)
	good := pdf("p")
	up := func(mod func(*vms.Upload)) func(*vms.SandboxConnector) error {
		return func(c *vms.SandboxConnector) error {
			u := vms.Upload{PlacementRef: "P-ICU-1-1", PacketGroup: "Health", IdempotencyKey: "k", PDF: bytes.NewReader(good), Size: int64(len(good))}
			mod(&u)
			_, err := c.UploadPacket(context.Background(), u)
			return err
		}
	}
	tests := []errCase{
		{name: "no placement", call: up(func(u *vms.Upload) { u.PlacementRef = "" }), class: vms.ErrRejected, reason: "no placement reference was given"},
		{name: "no key", call: up(func(u *vms.Upload) { u.IdempotencyKey = "" }), class: vms.ErrRejected, reason: "a packet upload needs an idempotency key"},
		{name: "long key", call: up(func(u *vms.Upload) { u.IdempotencyKey = strings.Repeat("k", 256) }), class: vms.ErrRejected,
			reason: "the idempotency key is longer than the 255 characters the VMS takes"},
		{name: "no group", call: up(func(u *vms.Upload) { u.PacketGroup = " " }), class: vms.ErrRejected, reason: "a packet upload needs a packet group"},
		{name: "no PDF", call: up(func(u *vms.Upload) { u.PDF = nil }), class: vms.ErrRejected, reason: "a packet upload needs the PDF"},
		{name: "not a PDF", call: up(func(u *vms.Upload) { u.PDF, u.Size = strings.NewReader("GIF89a"), 6 }), class: vms.ErrRejected,
			reason: "the packet is not a PDF; it was not sent"},
		{name: "short read", call: up(func(u *vms.Upload) { u.Size = 1000 }), class: vms.ErrRejected,
			reason: fmt.Sprintf("the packet read %d bytes where 1000 were expected; it was not sent", len(good))},
		{name: "too large", call: up(func(u *vms.Upload) {
			u.PDF, u.Size = io.MultiReader(bytes.NewReader(good), bytes.NewReader(make([]byte, vms.MaxPacketBytes))), 0
		}), class: vms.ErrRejected, reason: "the packet is larger than the 20 MB the VMS takes"},
		{name: "unknown placement", call: up(func(u *vms.Upload) { u.PlacementRef = "P-NOTFOUND-1-1" }), class: vms.ErrNotFound, status: 404,
			reason: "the VMS does not know the packet upload to placement P-NOTFOUND-1-1: Placement P-NOTFOUND-1-1 was not found."},
		{name: "failing VMS", call: up(func(u *vms.Upload) { u.PlacementRef = "P-FAIL-1-1" }), class: vms.ErrUnavailable, status: 503, retry: 120 * time.Second,
			reason: "the VMS answered 503 for the packet upload to placement P-FAIL-1-1: The requisition service is temporarily unavailable. Please try again later."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkErr(t, tt.call(c), tt) })
	}
	if n := e.count("POST", "/api/v1/placements/P-ICU-1-1/documents"); n != 0 {
		t.Errorf("%d refused packets were sent", n)
	}
	err := up(func(u *vms.Upload) { u.PDF, u.Size = errReader{bytes.NewReader(good)}, 0 })(c)
	var ve *vms.Error
	if err == nil || errors.As(err, &ve) || !strings.Contains(err.Error(), "connection reset by blob store") {
		t.Errorf("a packet that cannot be read: %v", err)
	}
	if len(e.sb.Uploads("")) != 0 {
		t.Errorf("uploads stored: %+v", e.sb.Uploads(""))
	}
}
