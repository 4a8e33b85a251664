package nsopw_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/nsopw"
	"github.com/clearedtostart/compliance/nsopw/sandbox"
)

// now is the day the tests' registries compute ages on.
func now() time.Time { return time.Date(2026, 5, 14, 15, 0, 0, 0, time.UTC) }

func startSandbox(t *testing.T) *sandbox.Server {
	t.Helper()
	sb := sandbox.New(sandbox.Config{Seed: 1, SlowDelay: 5 * time.Second, Now: now})
	srv, err := sb.Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

func newClient(t *testing.T, cfg nsopw.Config) *nsopw.Client {
	t.Helper()
	if cfg.Timeout == 0 {
		cfg.Timeout = 2 * time.Second
	}
	cfg.Now = now
	c, err := nsopw.New(cfg)
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

type wantErr struct {
	class      nsopw.Class
	reason     string
	status     int
	retryable  bool
	retryAfter time.Duration
	codes      []string
}

func checkErr(t *testing.T, err error, want wantErr) {
	t.Helper()
	if !errors.Is(err, want.class) {
		t.Fatalf("error %v, want class %q", err, want.class)
	}
	var e *nsopw.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %T is not *nsopw.Error", err)
	}
	if e.Reason != want.reason || nsopw.Reason(err) != want.reason {
		t.Errorf("reason %q, want %q", e.Reason, want.reason)
	}
	if e.Status != want.status {
		t.Errorf("status %d, want %d", e.Status, want.status)
	}
	if nsopw.Retryable(err) != want.retryable {
		t.Errorf("retryable %v, want %v", nsopw.Retryable(err), want.retryable)
	}
	if nsopw.RetryAfter(err) != want.retryAfter {
		t.Errorf("retry after %v, want %v", nsopw.RetryAfter(err), want.retryAfter)
	}
	if !slices.Equal(e.Jurisdictions, want.codes) {
		t.Errorf("jurisdictions %v, want %v", e.Jurisdictions, want.codes)
	}
}

// TestAnswerClasses runs one search per way NSOPW can answer, against the
// sandbox, and checks the class, the reason shown to people, the
// retryability and that exactly one request was sent.
func TestAnswerClasses(t *testing.T) {
	tests := []struct {
		name      string
		behaviour string // admin behaviour, if any
		query     nsopw.Query
		cfg       nsopw.Config
		want      wantErr
		offenders int
	}{
		{name: "challenge page 403", query: nsopw.Query{FirstName: "A", LastName: "Sandbox-Challenge"},
			want: wantErr{class: nsopw.ErrChallenge, reason: "the NSOPW search is behind a bot challenge", status: 403, retryable: true}},
		{name: "challenge markup in a 200", behaviour: `{"mode":"challenge","status":200}`, query: nsopw.Query{FirstName: "John", LastName: "Doe"},
			want: wantErr{class: nsopw.ErrChallenge, reason: "the NSOPW search is behind a bot challenge", status: 200, retryable: true}},
		{name: "challenge in a 429 is a challenge", behaviour: `{"mode":"challenge","status":429}`, query: nsopw.Query{FirstName: "John", LastName: "Doe"},
			want: wantErr{class: nsopw.ErrChallenge, reason: "the NSOPW search is behind a bot challenge", status: 429, retryable: true}},
		{name: "challenge in a 503 is a challenge", behaviour: `{"mode":"challenge","status":503}`, query: nsopw.Query{FirstName: "John", LastName: "Doe"},
			want: wantErr{class: nsopw.ErrChallenge, reason: "the NSOPW search is behind a bot challenge", status: 503, retryable: true}},
		{name: "down 503", query: nsopw.Query{FirstName: "A", LastName: "Sandbox-Down"},
			want: wantErr{class: nsopw.ErrServer, reason: "NSOPW answered 503", status: 503, retryable: true}},
		{name: "down 502", behaviour: `{"mode":"down","status":502}`, query: nsopw.Query{FirstName: "John", LastName: "Doe"},
			want: wantErr{class: nsopw.ErrServer, reason: "NSOPW answered 502", status: 502, retryable: true}},
		{name: "slow past the timeout", query: nsopw.Query{FirstName: "A", LastName: "Sandbox-Slow"}, cfg: nsopw.Config{Timeout: 300 * time.Millisecond},
			want: wantErr{class: nsopw.ErrTimeout, reason: "NSOPW did not answer within 300ms", retryable: true}},
		{name: "slow within the timeout", behaviour: `{"mode":"slow","delay":"100ms"}`, query: nsopw.Query{FirstName: "John", LastName: "Doe"},
			offenders: 2},
		{name: "rate limited", query: nsopw.Query{FirstName: "A", LastName: "Sandbox-RateLimited"},
			want: wantErr{class: nsopw.ErrRateLimited, reason: "NSOPW is limiting how often we search (429) and asked us to wait 30s", status: 429, retryable: true, retryAfter: 30 * time.Second}},
		{name: "rate limited 90s", behaviour: `{"mode":"ratelimit","retryAfter":"90s"}`, query: nsopw.Query{FirstName: "John", LastName: "Doe"},
			want: wantErr{class: nsopw.ErrRateLimited, reason: "NSOPW is limiting how often we search (429) and asked us to wait 1m30s", status: 429, retryable: true, retryAfter: 90 * time.Second}},
		{name: "malformed JSON", query: nsopw.Query{FirstName: "A", LastName: "Sandbox-Malformed"},
			want: wantErr{class: nsopw.ErrMalformed, reason: "NSOPW answered a malformed search result", status: 200, retryable: true}},
		{name: "answer over the bound", query: nsopw.Query{FirstName: "John", LastName: "Doe"}, cfg: nsopw.Config{MaxBodyBytes: 4 << 10},
			want: wantErr{class: nsopw.ErrMalformed, reason: "NSOPW's answer is larger than 4 KB", status: 200, retryable: true}},
		{name: "jurisdictions offline", query: nsopw.Query{FirstName: "A", LastName: "Sandbox-Partial"},
			want: wantErr{class: nsopw.ErrIncomplete, reason: "NSOPW could not search 2 of 183 jurisdictions (AK offline, TX offline)", status: 200, retryable: true, codes: []string{"AK", "TX"}}},
		{name: "offline elsewhere keeps what was found", behaviour: `{"mode":"partial","jurisdictions":["NY"]}`, query: nsopw.Query{FirstName: "John", LastName: "Doe"},
			want: wantErr{class: nsopw.ErrIncomplete, reason: "NSOPW could not search 1 of 183 jurisdictions (NY offline)", status: 200, retryable: true, codes: []string{"NY"}}, offenders: 1},
		{name: "too many results", query: nsopw.Query{FirstName: "A", LastName: "Sandbox-TooMany"},
			want: wantErr{class: nsopw.ErrTooManyResults, reason: "NSOPW found more matches than it lists in TX; narrow the search by zip or city", status: 200, codes: []string{"TX"}}},
		{name: "unknown jurisdiction is our fault", query: nsopw.Query{FirstName: "John", LastName: "Doe"}, cfg: nsopw.Config{Jurisdictions: []string{"TX", "XX"}},
			want: wantErr{class: nsopw.ErrRejected, reason: "NSOPW rejected the search (422, statusCode 115: unknown jurisdiction)", status: 422}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := startSandbox(t)
			if tt.behaviour != "" {
				setBehaviour(t, srv, tt.behaviour)
			}
			tt.cfg.BaseURL = srv.URL()
			got, err := newClient(t, tt.cfg).Search(context.Background(), tt.query)
			if tt.want.class == "" {
				if err != nil {
					t.Fatalf("error %v", err)
				}
			} else {
				checkErr(t, err, tt.want)
			}
			if len(got) != tt.offenders {
				t.Errorf("%d offenders, want %d", len(got), tt.offenders)
			}
			if n := len(srv.Sandbox().Requests()); n != 1 {
				t.Errorf("%d requests sent, want 1", n)
			}
		})
	}
}

func TestRefusedBeforeSending(t *testing.T) {
	tests := []struct {
		name   string
		query  nsopw.Query
		reason string
	}{
		{"no first name", nsopw.Query{LastName: "Doe"}, "the NSOPW search needs a first and a last name"},
		{"blank last name", nsopw.Query{FirstName: "John", LastName: "  "}, "the NSOPW search needs a first and a last name"},
		{"long name", nsopw.Query{FirstName: "John", LastName: strings.Repeat("x", 51)}, "NSOPW accepts at most 50 characters per name, city or county"},
		{"short zip", nsopw.Query{FirstName: "John", LastName: "Doe", Zip: "7870"}, `the zip code "7870" is not five digits`},
		{"letters in zip", nsopw.Query{FirstName: "John", LastName: "Doe", Zip: "7870A"}, `the zip code "7870A" is not five digits`},
	}
	srv := startSandbox(t)
	c := newClient(t, nsopw.Config{BaseURL: srv.URL()})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := c.Search(context.Background(), tt.query)
			checkErr(t, err, wantErr{class: nsopw.ErrRejected, reason: tt.reason})
		})
	}
	if n := len(srv.Sandbox().Requests()); n != 0 {
		t.Errorf("%d requests sent for refused queries", n)
	}
}

func TestRequestSent(t *testing.T) {
	srv := startSandbox(t)
	c := newClient(t, nsopw.Config{BaseURL: srv.URL(), UserAgent: "compliance-test/1"})
	got, err := c.Search(context.Background(), nsopw.Query{FirstName: " John ", LastName: "Doe", Zip: "78704-1234", City: "Austin"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Jurisdiction != "TX" {
		t.Fatalf("got %+v, want the Austin John Doe", got)
	}
	reqs := srv.Sandbox().Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	r := reqs[0]
	if r.Method != http.MethodPost || r.Path != "/nsopw/v1/v1.0/search" {
		t.Errorf("sent %s %s", r.Method, r.Path)
	}
	wantHeaders := map[string]string{
		"User-Agent": "compliance-test/1", "Content-Type": "application/json; charset=UTF-8", "Accept": "application/json",
		"Origin": "https://www.nsopw.gov", "Referer": "https://www.nsopw.gov/", "Token": "05/14/2026",
	}
	for k, v := range wantHeaders {
		if r.Headers[k] != v {
			t.Errorf("header %s = %q, want %q", k, r.Headers[k], v)
		}
	}
	var body struct {
		FirstName, LastName, City, County string
		Zips                              []string
		Jurisdictions                     []string
		ClientIP                          *string `json:"clientIp"`
	}
	if err := json.Unmarshal(r.Body, &body); err != nil {
		t.Fatal(err)
	}
	if body.FirstName != "John" || body.LastName != "Doe" || body.City != "Austin" || body.County != "" || body.ClientIP == nil {
		t.Errorf("body %s", r.Body)
	}
	if !slices.Equal(body.Zips, []string{"78704"}) {
		t.Errorf("zips %v, want the five-digit zip", body.Zips)
	}
	if !slices.Equal(body.Jurisdictions, nsopw.Jurisdictions()) || len(body.Jurisdictions) != 183 {
		t.Errorf("%d jurisdictions sent, want all 183", len(body.Jurisdictions))
	}
}

func TestDeadlines(t *testing.T) {
	srv := startSandbox(t)
	c := newClient(t, nsopw.Config{BaseURL: srv.URL(), Timeout: 10 * time.Second})
	slow := nsopw.Query{FirstName: "A", LastName: "Sandbox-Slow"}

	t.Run("caller's deadline", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		_, err := c.Search(ctx, slow)
		checkErr(t, err, wantErr{class: nsopw.ErrTimeout, reason: "NSOPW did not answer before the screening's deadline", retryable: true})
	})
	t.Run("caller cancels", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		_, err := c.Search(ctx, slow)
		var e *nsopw.Error
		if !errors.Is(err, context.Canceled) || errors.As(err, &e) || nsopw.Retryable(err) {
			t.Fatalf("error %v, want the cancellation itself, not retryable", err)
		}
	})
}

func TestUnreachable(t *testing.T) {
	srv := startSandbox(t)
	url := srv.URL()
	srv.Close()
	_, err := newClient(t, nsopw.Config{BaseURL: url}).Search(context.Background(), nsopw.Query{FirstName: "John", LastName: "Doe"})
	checkErr(t, err, wantErr{class: nsopw.ErrUnreachable, reason: "NSOPW could not be reached", retryable: true})
}

// TestFlakyThenFine is what the activity's retry policy sees: two failures,
// then the answer.
func TestFlakyThenFine(t *testing.T) {
	srv := startSandbox(t)
	setBehaviour(t, srv, `{"mode":"flaky","count":2}`)
	c := newClient(t, nsopw.Config{BaseURL: srv.URL()})
	q := nsopw.Query{FirstName: "John", LastName: "Doe"}
	for i := range 2 {
		_, err := c.Search(context.Background(), q)
		checkErr(t, err, wantErr{class: nsopw.ErrServer, reason: "NSOPW answered 503", status: 503, retryable: true})
		if i == 0 && srv.Sandbox().CurrentBehaviour().Count != 1 {
			t.Errorf("behaviour did not count down: %+v", srv.Sandbox().CurrentBehaviour())
		}
	}
	got, err := c.Search(context.Background(), q)
	if err != nil || len(got) != 2 {
		t.Fatalf("third search: %d offenders, %v", len(got), err)
	}
}

// TestKnownOffenders checks the decoded result of two known searches
// against golden files: names, aliases, dates and ages, addresses, links
// decoded from &amp;.
func TestKnownOffenders(t *testing.T) {
	srv := startSandbox(t)
	c := newClient(t, nsopw.Config{BaseURL: srv.URL()})
	for _, tt := range []struct {
		file  string
		query nsopw.Query
	}{
		{"john-doe.json", nsopw.Query{FirstName: "John", LastName: "Doe"}},
		{"tommy-whitlock.json", nsopw.Query{FirstName: "tommy", LastName: "WHITLOCK"}},
		{"richard-roe.json", nsopw.Query{FirstName: "Rich", LastName: "Roe"}},
		{"darrell-yazzie.json", nsopw.Query{FirstName: "Darrell", LastName: "Yazzie"}},
	} {
		got, err := c.Search(context.Background(), tt.query)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(got); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", tt.file), []byte(b.String()))
	}
}

// TestCraftedAnswers covers answers the sandbox does not give: shapes
// allowed by the published schema and failures of other kinds.
func TestCraftedAnswers(t *testing.T) {
	states := func(codes ...string) string {
		var parts []string
		for _, c := range codes {
			parts = append(parts, `{"jurisdictionId":"`+c+`","statusCode":200,"records":0}`)
		}
		return `[` + strings.Join(parts, ",") + `]`
	}
	tests := []struct {
		name    string
		status  int
		header  map[string]string
		body    string
		want    wantErr
		checkOK func(t *testing.T, got []nsopw.Offender)
	}{
		{name: "schema spelling, numeric codes, date-only dob, id, entities", status: 200,
			body: `{"id":"x","statusCode":200,"jurisdictionStatus":` + states("DC", "TX") + `,"offenders":[{"id":"DC1000",
				"name":{"prefix":"Dr","firstName":"John","middleName":"Jacob","lastName":"O&#39;Brien","suffix":"Jr"},
				"aliases":[{"firstName":"JOHN","middleName":"Jacob","lastName":"O&#39;BRIEN"},{"firstName":"Jack","lastName":"Obrien"}],
				"gender":"M","dob":"1970-01-31","age":"56","locations":[{"type":"R","streetAddress":"1600 Pennsylvania Avenue NW",
				"city":"Washington","county":null,"state":"dc","zipCode":"20500-0000","latitude":38.9,"longitude":-77.0}],
				"offenderUri":"http://www.somesite.example/offenderdetails.php?OfndrID=1&amp;AgencyID=2","imageUri":null,
				"absconder":null,"jurisdictionId":"DC"}]}`,
			checkOK: func(t *testing.T, got []nsopw.Offender) {
				o := got[0]
				if o.ID != "DC1000" || o.Name.Last != "O'Brien" || o.Suffix != "Jr" || o.Age != 56 || o.DOB.String() != "1970-01-31" {
					t.Errorf("offender %+v", o)
				}
				if len(o.Aliases) != 1 || o.Aliases[0].First != "Jack" {
					t.Errorf("aliases %+v, want the one differing from the name", o.Aliases)
				}
				if o.RegistryURL != "http://www.somesite.example/offenderdetails.php?OfndrID=1&AgencyID=2" || o.Addresses[0].State != "DC" {
					t.Errorf("link %q, address %+v", o.RegistryURL, o.Addresses)
				}
			}},
		{name: "placeholder dob falls back to age", status: 200,
			body: `{"statusCode":200,"jurisdictionStatus":` + states("DC", "TX") + `,"offenders":[{"name":{"givenName":"A","surName":"B"},
				"dob":"0001-01-01T00:00:00","age":54,"offenderUri":"https://x.example/1","jurisdictionId":"TX"}]}`,
			checkOK: func(t *testing.T, got []nsopw.Offender) {
				if d := got[0].DOB; d == nil || d.String() != "1971 to 1972" || d.Text != "age 54" {
					t.Errorf("dob %+v", d)
				}
			}},
		{name: "no jurisdiction statuses", status: 200, body: `{"statusCode":200,"offenders":[]}`,
			want: wantErr{class: nsopw.ErrMalformed, reason: "NSOPW answered without saying which jurisdictions it searched", status: 200, retryable: true}},
		{name: "a jurisdiction missing", status: 200, body: `{"statusCode":200,"jurisdictionStatus":` + states("DC") + `,"offenders":[]}`,
			want: wantErr{class: nsopw.ErrIncomplete, reason: "NSOPW could not search 1 of 2 jurisdictions (TX did not answer)", status: 200, retryable: true, codes: []string{"TX"}}},
		{name: "a jurisdiction timed out, one without status", status: 200,
			body: `{"statusCode":201,"jurisdictionStatus":[{"jurisdictionId":"DC","statusCode":"504"},{"jurisdictionId":"TX"}],"offenders":null}`,
			want: wantErr{class: nsopw.ErrIncomplete, reason: "NSOPW could not search 2 of 2 jurisdictions (DC timed out, TX gave no status)", status: 200, retryable: true, codes: []string{"DC", "TX"}}},
		{name: "backend reports no jurisdiction answered", status: 200, body: `{"statusCode":110}`,
			want: wantErr{class: nsopw.ErrServer, reason: "NSOPW answered that no jurisdiction responded (statusCode 110)", status: 200, retryable: true}},
		{name: "validation 422", status: 422, body: `{"statusCode":103}`,
			want: wantErr{class: nsopw.ErrRejected, reason: "NSOPW rejected the search (422, statusCode 103: first and last name required)", status: 422}},
		{name: "not found page", status: 404, header: map[string]string{"Content-Type": "text/html"}, body: `<html><title>Not Found</title></html>`,
			want: wantErr{class: nsopw.ErrRejected, reason: "NSOPW rejected the search (404)", status: 404}},
		{name: "bare 403", status: 403, body: ``,
			want: wantErr{class: nsopw.ErrChallenge, reason: "NSOPW refused the search (403), most likely its bot protection", status: 403, retryable: true}},
		{name: "cf-mitigated header alone", status: 403, header: map[string]string{"cf-mitigated": "challenge"}, body: `{}`,
			want: wantErr{class: nsopw.ErrChallenge, reason: "the NSOPW search is behind a bot challenge", status: 403, retryable: true}},
		{name: "429 with a date", status: 429, header: map[string]string{"Retry-After": now().Add(2 * time.Minute).Format(http.TimeFormat)},
			want: wantErr{class: nsopw.ErrRateLimited, reason: "NSOPW is limiting how often we search (429) and asked us to wait 2m", status: 429, retryable: true, retryAfter: 2 * time.Minute}},
		{name: "429 without Retry-After", status: 429,
			want: wantErr{class: nsopw.ErrRateLimited, reason: "NSOPW is limiting how often we search (429)", status: 429, retryable: true}},
		{name: "408", status: 408,
			want: wantErr{class: nsopw.ErrTimeout, reason: "NSOPW gave up waiting for our request (408)", status: 408, retryable: true}},
		{name: "web page in a 200", status: 200, header: map[string]string{"Content-Type": "text/html"}, body: `<html><body>Maintenance</body></html>`,
			want: wantErr{class: nsopw.ErrMalformed, reason: "NSOPW answered a web page instead of a search result", status: 200, retryable: true}},
		{name: "empty 200", status: 200,
			want: wantErr{class: nsopw.ErrMalformed, reason: "NSOPW answered nothing instead of a search result", status: 200, retryable: true}},
		{name: "two objects", status: 200, body: `{"statusCode":200,"jurisdictionStatus":` + states("DC", "TX") + `}{}`,
			want: wantErr{class: nsopw.ErrMalformed, reason: "NSOPW answered a malformed search result", status: 200, retryable: true}},
		{name: "wrong types", status: 200, body: `{"statusCode":200,"jurisdictionStatus":` + states("DC", "TX") + `,"offenders":{"name":"x"}}`,
			want: wantErr{class: nsopw.ErrMalformed, reason: "NSOPW answered a malformed search result", status: 200, retryable: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				calls++
				for k, v := range tt.header {
					w.Header().Set(k, v)
				}
				w.WriteHeader(tt.status)
				io.WriteString(w, tt.body)
			}))
			defer srv.Close()
			c := newClient(t, nsopw.Config{BaseURL: srv.URL, Jurisdictions: []string{"dc", "TX"}})
			got, err := c.Search(context.Background(), nsopw.Query{FirstName: "John", LastName: "Smith"})
			if calls != 1 {
				t.Errorf("%d requests, want 1", calls)
			}
			if tt.checkOK != nil {
				if err != nil {
					t.Fatal(err)
				}
				tt.checkOK(t, got)
				return
			}
			checkErr(t, err, tt.want)
		})
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	for _, cfg := range []nsopw.Config{
		{BaseURL: "ftp://nsopw.example"},
		{BaseURL: "not a url"},
		{Timeout: -time.Second},
	} {
		if _, err := nsopw.New(cfg); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
	if _, err := nsopw.New(nsopw.Config{}); err != nil {
		t.Errorf("defaults refused: %v", err)
	}
}
