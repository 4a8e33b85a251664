package ahaecard_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/ahaecard"
	"github.com/clearedtostart/compliance/ahaecard/sandbox"
)

// now is the sandbox's and the connector's today.
func now() time.Time { return time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC) }

func startSandbox(t *testing.T) *sandbox.Server {
	t.Helper()
	srv, err := sandbox.New(sandbox.Config{SlowDelay: 2 * time.Second, Now: now}).Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

func newClient(t *testing.T, base string, adjust func(*ahaecard.Config)) *ahaecard.Client {
	t.Helper()
	cfg := ahaecard.Config{BaseURL: base, APIKey: sandbox.DefaultAPIKey, Timeout: 400 * time.Millisecond, Attempts: 3,
		Backoff: 10 * time.Millisecond, Now: now}
	if adjust != nil {
		adjust(&cfg)
	}
	c, err := ahaecard.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

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

func dateText(d *time.Time) string {
	if d == nil {
		return ""
	}
	return d.Format(time.DateOnly)
}

// TestVerifyAnswers checks every answer the sandbox's cards give, read
// through the connector.
func TestVerifyAnswers(t *testing.T) {
	srv := startSandbox(t)
	c := newClient(t, srv.URL(), nil)
	tests := []struct {
		name    string
		code    string
		found   bool
		holder  string
		course  string
		status  string
		issued  string
		renewBy string
		center  string
	}{
		{"the sample's BLS card", "2447 6617 4046", true, "Maria Alvarez", ahaecard.CourseBLS, "active", "2025-01-26", "2027-01-31", "Baptist Health Training Center"},
		{"BLS", "255121000101", true, "James Carter", ahaecard.CourseBLS, "active", "2025-09-12", "2027-09-30", "Code One Training Solutions"},
		{"ACLS", "25-201-1000102", true, "James Carter", ahaecard.CourseACLS, "active", "2025-10-03", "2027-10-31", "Code One Training Solutions"},
		{"PALS", "263011000103", true, "Linda Nguyen", ahaecard.CoursePALS, "active", "2026-03-19", "2028-03-31", "Lone Star Resuscitation Education"},
		{"expired", "245121000104", true, "Kevin Patel", ahaecard.CourseBLS, "expired", "2024-02-08", "2026-02-28", "Golden State CPR"},
		{"another course", "254011000105", true, "Angela Brooks", ahaecard.CourseHeartsaver, "active", "2025-05-14", "2027-05-31", "Gulf Coast Safety Training"},
		{"not found", "245120000000", false, "", "", "", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := c.Verify(context.Background(), ahaecard.Query{Code: tt.code, FirstName: "Maria", LastName: "Alvarez"})
			if err != nil {
				t.Fatal(err)
			}
			if res.Found != tt.found || res.Holder.Full() != tt.holder || res.Course != tt.course || res.Status != tt.status ||
				dateText(res.IssuedOn) != tt.issued || dateText(res.RenewBy) != tt.renewBy || res.TrainingCenter.Name != tt.center {
				t.Fatalf("got %+v", res)
			}
			if want, _ := ahaecard.NormalizeCode(tt.code); res.Code != want || !res.CheckedAt.Equal(now()) {
				t.Fatalf("code %q checked at %v", res.Code, res.CheckedAt)
			}
		})
	}
	reqs := srv.Sandbox().Requests()
	if string(reqs[0].Body) != `{"eCardCode":"244766174046","firstName":"Maria","lastName":"Alvarez"}` ||
		reqs[0].Headers["x-api-key"] != "(set)" || !strings.HasPrefix(reqs[0].Headers["User-Agent"], "ClearedToStart") {
		t.Fatalf("request %+v %s", reqs[0], reqs[0].Body)
	}
}

type wantErr struct {
	class     ahaecard.Class
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
	var e *ahaecard.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %T is not *ahaecard.Error", err)
	}
	if !strings.Contains(e.Reason, want.reason) || e.Status != want.status || ahaecard.Retryable(err) != want.retryable || ahaecard.Reason(err) != e.Reason {
		t.Fatalf("reason %q status %d retryable %v, want %q %d %v", e.Reason, e.Status, ahaecard.Retryable(err), want.reason, want.status, want.retryable)
	}
	if calls != want.calls {
		t.Fatalf("%d calls, want %d", calls, want.calls)
	}
}

// TestVerifyFailures runs every way the sandbox fails, and the retries
// each gets: passing failures are made Attempts times, ours once.
func TestVerifyFailures(t *testing.T) {
	tests := []struct {
		name  string
		code  string
		admin string
		key   string
		want  wantErr
	}{
		{"down by its code", sandbox.CodeDown, "", "", wantErr{ahaecard.ErrServer, "AHA eCards answered 503", 503, true, 3}},
		{"down for every call", "244766174046", `{"mode":"down","status":500}`, "", wantErr{ahaecard.ErrServer, "AHA eCards answered 500", 500, true, 3}},
		{"slow beyond the timeout", sandbox.CodeSlow, "", "", wantErr{ahaecard.ErrTimeout, "AHA eCards did not answer within 400ms", 0, true, 3}},
		{"malformed by its code", sandbox.CodeMalformed, "", "", wantErr{ahaecard.ErrMalformed, "AHA eCards answered a malformed result", 200, true, 3}},
		{"rate limited for longer than the connector waits", "244766174046", `{"mode":"ratelimit","retryAfter":"2m"}`, "",
			wantErr{ahaecard.ErrRateLimited, "asked us to wait 2m", 429, true, 1}},
		{"key refused", "244766174046", "", "wrong", wantErr{ahaecard.ErrRefused, "AHA eCards refused our credentials (401)", 401, false, 1}},
		{"malformed code, refused before sending", "24512345678", "", "", wantErr{ahaecard.ErrRejected, "is not an eCard code (12 digits)", 0, false, 0}},
		{"letters in the code", "24A123456789", "", "", wantErr{ahaecard.ErrRejected, "is not an eCard code", 0, false, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := startSandbox(t)
			if tt.admin != "" {
				setBehaviour(t, srv, tt.admin)
			}
			c := newClient(t, srv.URL(), func(cfg *ahaecard.Config) {
				if tt.key != "" {
					cfg.APIKey = tt.key
				}
			})
			_, err := c.Verify(context.Background(), ahaecard.Query{Code: tt.code})
			checkErr(t, err, len(srv.Sandbox().Requests()), tt.want)
		})
	}
}

func TestVerifyRetriesWhatPasses(t *testing.T) {
	srv := startSandbox(t)
	c := newClient(t, srv.URL(), nil)
	setBehaviour(t, srv, `{"mode":"flaky","count":2}`)
	res, err := c.Verify(context.Background(), ahaecard.Query{Code: "255121000101"})
	if err != nil || !res.Found {
		t.Fatalf("after two 503s the third attempt finds the card: %+v %v", res, err)
	}
	if n := len(srv.Sandbox().Requests()); n != 3 {
		t.Fatalf("%d calls, want 3", n)
	}
}

// TestVerifyOtherAnswers: a 404 or 400 that is not the service's JSON (a
// wrong address) is our request's fault, not "not found".
func TestVerifyOtherAnswers(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /a/api/ecards/verify", func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "404 page not found", http.StatusNotFound)
	})
	mux.HandleFunc("POST /b/api/ecards/verify", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"result":"pending"}`)
	})
	mux.HandleFunc("POST /c/api/ecards/verify", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"result":"found","eCard":{"eCardCode":"111111111111","course":{"name":"BLS Provider"}}}`)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	base := "http://" + ln.Addr().String()
	for path, want := range map[string]wantErr{
		"/a": {ahaecard.ErrRejected, "AHA eCards answered 404 without a verification result", 404, false, 0},
		"/b": {ahaecard.ErrMalformed, `with result "pending" instead of a card`, 200, true, 0},
		"/c": {ahaecard.ErrMalformed, "a card of another code", 200, true, 0},
	} {
		_, err := newClient(t, base+path, nil).Verify(context.Background(), ahaecard.Query{Code: "244766174046"})
		checkErr(t, err, 0, want)
	}
}

func TestVerifyUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, err = newClient(t, "http://"+addr, nil).Verify(context.Background(), ahaecard.Query{Code: "244766174046"})
	checkErr(t, err, 0, wantErr{ahaecard.ErrUnreachable, "AHA eCards could not be reached", 0, true, 0})
}

func TestAddedCard(t *testing.T) {
	srv := startSandbox(t)
	resp, err := http.Post(srv.URL()+"/_sandbox/cards", "application/json", strings.NewReader(
		`{"code":"26-512-7654321","firstName":"Ada","lastName":"Okafor","course":"Pediatric Advanced Life Support","issueDate":"2026-06-02",
		  "renewalMonth":"2028-06","trainingCenter":"Peach State CPR"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("add: %d", resp.StatusCode)
	}
	res, err := newClient(t, srv.URL(), nil).Verify(context.Background(), ahaecard.Query{Code: "265127654321"})
	if err != nil || !res.Found || res.Course != ahaecard.CoursePALS || res.Holder.Full() != "Ada Okafor" || dateText(res.RenewBy) != "2028-06-30" {
		t.Fatalf("%+v %v", res, err)
	}
	if err := srv.Sandbox().AddCard(sandbox.Card{Code: "12", FirstName: "A", LastName: "B", Course: "BLS", IssueDate: "2026-01-01", RenewalMonth: "2028-01"}); err == nil {
		t.Fatal("a card with a short code was added")
	}
}

func TestFoldCourse(t *testing.T) {
	for name, want := range map[string]string{
		"BLS Provider": ahaecard.CourseBLS, "HeartCode BLS": ahaecard.CourseBLS, "Basic Life Support": ahaecard.CourseBLS,
		"ACLS Provider": ahaecard.CourseACLS, "Advanced Cardiovascular Life Support (ACLS)": ahaecard.CourseACLS,
		"PALS Provider": ahaecard.CoursePALS, "PEARS Provider": ahaecard.CoursePEARS,
		"Heartsaver First Aid CPR AED": ahaecard.CourseHeartsaver, "Heartsaver BLS": ahaecard.CourseHeartsaver,
		"Family & Friends CPR": ahaecard.CourseOther,
	} {
		if got := ahaecard.FoldCourse(name); got != want {
			t.Errorf("FoldCourse(%q) = %q, want %q", name, got, want)
		}
	}
}
