package nursys_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/nursys"
	"github.com/clearedtostart/compliance/nursys/sandbox"
)

// now is the day the tests' disciplines are judged on.
func now() time.Time { return time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC) }

func startSandbox(t *testing.T, cfg sandbox.Config) *sandbox.Server {
	t.Helper()
	if cfg.SlowDelay == 0 {
		cfg.SlowDelay = 3 * time.Second
	}
	if cfg.ProcessingTime == 0 {
		cfg.ProcessingTime = -1
	}
	srv, err := sandbox.New(cfg).Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

func newClient(t *testing.T, base string, adjust func(*nursys.Config)) *nursys.Client {
	t.Helper()
	cfg := nursys.Config{BaseURL: base, Username: sandbox.DefaultUsername, Password: sandbox.DefaultPassword,
		Timeout: time.Second, PollInterval: 20 * time.Millisecond, Attempts: 3, Backoff: 10 * time.Millisecond, Now: now}
	if adjust != nil {
		adjust(&cfg)
	}
	c, err := nursys.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// setBehaviour goes through the admin endpoint, as a test of another
// package would.
func setBehaviour(t *testing.T, srv *sandbox.Server, body string) {
	t.Helper()
	resp, err := http.Post(srv.URL()+"/_sandbox/behaviour", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("behaviour %s: %d %s", body, resp.StatusCode, b)
	}
}

func date(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func dateText(d *time.Time) string {
	if d == nil {
		return ""
	}
	return d.Format(time.DateOnly)
}

// TestLookupAnswers checks every answer the sandbox's licensees give,
// read through the connector.
func TestLookupAnswers(t *testing.T) {
	srv := startSandbox(t, sandbox.Config{})
	c := newClient(t, srv.URL(), nil)
	tests := []struct {
		name       string
		q          nursys.Query
		found      bool
		holder     string
		typ        string
		status     string
		encumbered bool
		expires    string
	}{
		{"found, the sample's license", nursys.Query{State: "ok", LicenseNumber: "RN 965991", LicenseType: "RN"},
			true, "MARIA LUISA ALVAREZ", "RN", "active", false, "2027-04-30"},
		{"found without a type", nursys.Query{State: "TX", LicenseNumber: "845120"}, true, "JAMES ROBERT CARTER", "RN", "active", false, "2029-01-31"},
		{"number written with punctuation", nursys.Query{State: "TX", LicenseNumber: "845-120", LicenseType: "Registered Nurse"},
			true, "JAMES ROBERT CARTER", "RN", "active", false, "2029-01-31"},
		{"inactive", nursys.Query{State: "TX", LicenseNumber: "845121", LicenseType: "RN"}, true, "LINDA MARIE NGUYEN", "RN", "inactive", false, "2028-06-30"},
		{"encumbered by probation", nursys.Query{State: "FL", LicenseNumber: "RN9876543", LicenseType: "RN"},
			true, "ANGELA ROSE BROOKS", "RN", "active", true, "2028-07-31"},
		{"expired", nursys.Query{State: "CA", LicenseNumber: "95123456", LicenseType: "RN"}, true, "KEVIN MICHAEL PATEL", "RN", "expired", false, "2025-08-31"},
		{"LVN is PN", nursys.Query{State: "NY", LicenseNumber: "654321", LicenseType: "LVN"}, true, "SOFIA ISABEL RAMIREZ", "PN", "active", false, "2028-10-31"},
		{"a PN license asked for as RN", nursys.Query{State: "NY", LicenseNumber: "654321", LicenseType: "RN"}, false, "", "", "", false, ""},
		{"not found", nursys.Query{State: "TX", LicenseNumber: "000001", LicenseType: "RN"}, false, "", "", "", false, ""},
		{"another state's number", nursys.Query{State: "OK", LicenseNumber: "845120"}, false, "", "", "", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := c.Lookup(context.Background(), tt.q)
			if err != nil {
				t.Fatal(err)
			}
			if res.Found != tt.found || res.Holder.Full() != tt.holder || res.LicenseType != tt.typ || res.Status != tt.status ||
				res.Encumbered != tt.encumbered || dateText(res.ExpiresOn) != tt.expires {
				t.Fatalf("got found=%v holder=%q type=%q status=%q encumbered=%v expires=%q, want %v %q %q %q %v %q",
					res.Found, res.Holder.Full(), res.LicenseType, res.Status, res.Encumbered, dateText(res.ExpiresOn),
					tt.found, tt.holder, tt.typ, tt.status, tt.encumbered, tt.expires)
			}
			if !res.CheckedAt.Equal(now()) {
				t.Fatalf("checked at %v, want the clock's %v", res.CheckedAt, now())
			}
			if !res.Found && len(res.Messages) == 0 {
				t.Fatal("a license not found carries Nursys's reason")
			}
		})
	}
}

func TestLookupSendsTheRequestNursysTakes(t *testing.T) {
	srv := startSandbox(t, sandbox.Config{ProcessingTime: 150 * time.Millisecond})
	c := newClient(t, srv.URL(), nil)
	res, err := c.Lookup(context.Background(), nursys.Query{State: "OK", LicenseNumber: "RN965991", LicenseType: "RN"})
	if err != nil || !res.Found {
		t.Fatalf("lookup: %+v %v", res, err)
	}
	if res.Jurisdiction != "Oklahoma" || res.Compact != "Multistate" || res.NcsbnID != "21345678" || dateText(res.IssuedOn) != "2014-06-20" || res.StatusText != "Active" {
		t.Fatalf("result %+v", res)
	}
	reqs := srv.Sandbox().Requests()
	if len(reqs) < 3 {
		t.Fatalf("%d calls: a submit and at least two retrieves (the results take 150ms) were expected", len(reqs))
	}
	sub := reqs[0]
	if sub.Method != http.MethodPost || sub.Path != "/nurselookup" ||
		string(sub.Body) != `{"NurseLookupRequests":[{"JurisdictionAbbreviation":"OK","LicenseNumber":"RN965991","LicenseType":"RN","RecordId":"OK-RN965991"}]}` {
		t.Fatalf("submit %+v %s", sub, sub.Body)
	}
	for _, r := range reqs {
		if r.Headers["username"] != sandbox.DefaultUsername || r.Headers["password"] != "(set)" || !strings.HasPrefix(r.Headers["User-Agent"], "ClearedToStart") {
			t.Fatalf("headers %v", r.Headers)
		}
	}
	if last := reqs[len(reqs)-1]; last.Method != http.MethodGet || !strings.HasPrefix(last.Query, "transactionId=") {
		t.Fatalf("retrieve %+v", last)
	}
}

type wantErr struct {
	class     nursys.Class
	reason    string
	status    int
	retryable bool
	calls     int
}

func checkErr(t *testing.T, err error, calls int, want wantErr) {
	t.Helper()
	if !errors.Is(err, want.class) {
		t.Fatalf("error %v, want class %q", err, want.class)
	}
	var e *nursys.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %T is not *nursys.Error", err)
	}
	if !strings.Contains(e.Reason, want.reason) || e.Status != want.status || nursys.Retryable(err) != want.retryable {
		t.Fatalf("reason %q status %d retryable %v, want %q %d %v", e.Reason, e.Status, nursys.Retryable(err), want.reason, want.status, want.retryable)
	}
	if nursys.Reason(err) != e.Reason {
		t.Fatalf("Reason(err) %q", nursys.Reason(err))
	}
	if calls != want.calls {
		t.Fatalf("%d calls, want %d", calls, want.calls)
	}
}

// TestLookupFailures runs every way the sandbox fails, and the retries
// each gets: passing failures are made Attempts times, ours once.
func TestLookupFailures(t *testing.T) {
	tests := []struct {
		name     string
		q        nursys.Query
		admin    string
		password string
		want     wantErr
	}{
		{"down by its number", nursys.Query{State: "TX", LicenseNumber: sandbox.NumberDown},
			"", "", wantErr{nursys.ErrServer, "Nursys answered 503", 503, true, 3}},
		{"down for every call", nursys.Query{State: "OK", LicenseNumber: "RN965991"},
			`{"mode":"down","status":502}`, "", wantErr{nursys.ErrServer, "Nursys answered 502", 502, true, 3}},
		{"slow beyond the timeout", nursys.Query{State: "TX", LicenseNumber: sandbox.NumberSlow},
			"", "", wantErr{nursys.ErrTimeout, "Nursys did not answer within 400ms", 0, true, 3}},
		{"results never complete", nursys.Query{State: "TX", LicenseNumber: sandbox.NumberPending},
			"", "", wantErr{nursys.ErrTimeout, "Nursys did not finish the lookup within 400ms", 0, true, -1}},
		{"malformed results", nursys.Query{State: "TX", LicenseNumber: sandbox.NumberMalformed},
			"", "", wantErr{nursys.ErrMalformed, "Nursys answered a malformed result", 200, true, 6}},
		{"malformed for every call", nursys.Query{State: "OK", LicenseNumber: "RN965991"},
			`{"mode":"malformed"}`, "", wantErr{nursys.ErrMalformed, "Nursys answered a malformed result", 200, true, 3}},
		{"rate limited for longer than the connector waits", nursys.Query{State: "OK", LicenseNumber: "RN965991"},
			`{"mode":"ratelimit","retryAfter":"1m"}`, "", wantErr{nursys.ErrRateLimited, "asked us to wait 1m", 429, true, 1}},
		{"credentials refused", nursys.Query{State: "OK", LicenseNumber: "RN965991"},
			"", "wrong", wantErr{nursys.ErrRefused, "Nursys refused our credentials (401)", 401, false, 1}},
		{"a state Nursys does not know", nursys.Query{State: "ZZ", LicenseNumber: "RN965991"},
			"", "", wantErr{nursys.ErrRejected, "Nursys refused the lookup (2 Invalid or missing JurisdictionAbbreviation.)", 200, false, 1}},
		{"no number, refused before sending", nursys.Query{State: "TX", LicenseNumber: " - "},
			"", "", wantErr{nursys.ErrRejected, "needs a license number", 0, false, 0}},
		{"not a state, refused before sending", nursys.Query{State: "Texas", LicenseNumber: "845120"},
			"", "", wantErr{nursys.ErrRejected, "two-letter state", 0, false, 0}},
		{"not a nursing license type", nursys.Query{State: "TX", LicenseNumber: "845120", LicenseType: "MD"},
			"", "", wantErr{nursys.ErrRejected, `"MD" is not a nursing license type`, 0, false, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := startSandbox(t, sandbox.Config{SlowDelay: 2 * time.Second})
			if tt.admin != "" {
				setBehaviour(t, srv, tt.admin)
			}
			c := newClient(t, srv.URL(), func(cfg *nursys.Config) {
				cfg.Timeout = 400 * time.Millisecond
				if tt.password != "" {
					cfg.Password = tt.password
				}
			})
			_, err := c.Lookup(context.Background(), tt.q)
			calls := len(srv.Sandbox().Requests())
			if tt.want.calls < 0 {
				// Polled until the attempt's time ran out: many calls.
				tt.want.calls = calls
			}
			checkErr(t, err, calls, tt.want)
		})
	}
}

func TestLookupRetriesWhatPasses(t *testing.T) {
	srv := startSandbox(t, sandbox.Config{})
	c := newClient(t, srv.URL(), nil)
	setBehaviour(t, srv, `{"mode":"flaky","count":2}`)
	res, err := c.Lookup(context.Background(), nursys.Query{State: "OK", LicenseNumber: "RN965991", LicenseType: "RN"})
	if err != nil || !res.Found {
		t.Fatalf("after two 503s the third attempt finds the license: %+v %v", res, err)
	}
	setBehaviour(t, srv, `{"mode":"ratelimit","count":1,"retryAfter":"1s"}`)
	start := time.Now()
	if _, err := c.Lookup(context.Background(), nursys.Query{State: "OK", LicenseNumber: "RN965991"}); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < time.Second {
		t.Fatalf("the retry came after %v, before the Retry-After of 1s", waited)
	}
}

func TestLookupUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	c := newClient(t, "http://"+addr, nil)
	_, err = c.Lookup(context.Background(), nursys.Query{State: "OK", LicenseNumber: "RN965991"})
	checkErr(t, err, 0, wantErr{nursys.ErrUnreachable, "Nursys could not be reached", 0, true, 0})
}

func TestLookupCancelled(t *testing.T) {
	srv := startSandbox(t, sandbox.Config{})
	c := newClient(t, srv.URL(), func(cfg *nursys.Config) { cfg.Timeout = 5 * time.Second })
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	_, err := c.Lookup(ctx, nursys.Query{State: "OK", LicenseNumber: sandbox.NumberSlow})
	var e *nursys.Error
	if !errors.Is(err, context.Canceled) || errors.As(err, &e) {
		t.Fatalf("a cancelled lookup returns the cancellation, got %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err = c.Lookup(ctx, nursys.Query{State: "OK", LicenseNumber: sandbox.NumberSlow})
	if !errors.Is(err, nursys.ErrTimeout) || !strings.Contains(nursys.Reason(err), "before the check's deadline") {
		t.Fatalf("the caller's deadline is a timeout, got %v", err)
	}
}

func TestAddedLicensee(t *testing.T) {
	srv := startSandbox(t, sandbox.Config{})
	resp, err := http.Post(srv.URL()+"/_sandbox/licensees", "application/json", strings.NewReader(
		`{"state":"GA","licenseNumber":"RN.271828","licenseType":"LPN","firstName":"Ada","lastName":"Okafor","status":"Active - Probation",
		  "expirationDate":"2028-03-31"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("add: %d", resp.StatusCode)
	}
	c := newClient(t, srv.URL(), nil)
	res, err := c.Lookup(context.Background(), nursys.Query{State: "GA", LicenseNumber: "RN271828", LicenseType: "LPN"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Found || res.Holder.Full() != "Ada Okafor" || res.LicenseType != "PN" || res.Status != "active" || !res.Encumbered ||
		!res.ExpiresOn.Equal(date("2028-03-31")) {
		t.Fatalf("result %+v", res)
	}
	if err := srv.Sandbox().AddLicensee(sandbox.Licensee{State: "GA", LicenseNumber: "1", LicenseType: "MD", FirstName: "A", LastName: "B", Status: "Active"}); err == nil {
		t.Fatal("a licensee of a type Nursys does not know was added")
	}
}

func TestLicenseType(t *testing.T) {
	for printed, want := range map[string]string{
		"RN": "RN", "rn": "RN", "LPN": "PN", "LVN": "PN", "Licensed Vocational Nurse": "PN", "APRN": "", "": "",
		"APRN-CNP": "CNP", "APRN - CRNA": "CRNA", "Nurse Practitioner (NP)": "CNP", "CNM": "CNM",
	} {
		got, ok := nursys.LicenseType(printed)
		if !ok || got != want {
			t.Errorf("LicenseType(%q) = %q, %v; want %q", printed, got, ok, want)
		}
	}
	if _, ok := nursys.LicenseType("Physician"); ok {
		t.Error("a physician's license is not a nursing license type")
	}
}

func TestNewRefusesBadConfig(t *testing.T) {
	for _, cfg := range []nursys.Config{{BaseURL: "ftp://x"}, {BaseURL: "http://"}, {Timeout: -1}, {Attempts: -1}} {
		if _, err := nursys.New(cfg); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
}
