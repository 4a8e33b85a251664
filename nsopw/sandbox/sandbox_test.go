package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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
	"github.com/clearedtostart/compliance/nsopw/wire"
)

func testNow() time.Time { return time.Date(2026, 5, 14, 15, 0, 0, 0, time.UTC) }

func newTest(cfg Config) *Sandbox {
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	cfg.Now = testNow
	return New(cfg)
}

// post sends a search body straight to the handler.
func post(t *testing.T, h http.Handler, body string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, wire.SearchPath, strings.NewReader(body)))
	return rec
}

func decode(t *testing.T, rec *httptest.ResponseRecorder) wire.Response {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var r wire.Response
	if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
		t.Fatalf("%v: %s", err, rec.Body)
	}
	return r
}

func query(first, last string, extra string) string {
	if extra == "" {
		extra = `"jurisdictions":` + mustJSON(nsopw.Jurisdictions())
	}
	return fmt.Sprintf(`{"firstName":%q,"lastName":%q,"city":"","county":"",%s,"clientIp":""}`, first, last, extra)
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func names(r wire.Response) []string {
	var out []string
	for _, o := range r.Offenders {
		n := o.Name.GivenName + " "
		if o.Name.MiddleName != nil {
			n += *o.Name.MiddleName + " "
		}
		out = append(out, n+o.Name.SurName+"/"+o.JurisdictionID)
	}
	return out
}

func TestSearchSemantics(t *testing.T) {
	s := newTest(Config{})
	tests := []struct {
		name  string
		body  string
		want  []string
		check func(t *testing.T, r wire.Response)
	}{
		{name: "exact name, two registries", body: query("John", "Doe", ""), want: []string{"JOHN DOE/NY", "JOHN ROBERT DOE/TX"}},
		{name: "case does not matter", body: query("jOHN", "dOE", ""), want: []string{"JOHN DOE/NY", "JOHN ROBERT DOE/TX"}},
		{name: "first name is a prefix", body: query("Jo", "Doe", ""), want: []string{"JOHN DOE/NY", "JOHN ROBERT DOE/TX"}},
		{name: "alias first name", body: query("Johnny", "Doe", ""), want: []string{"JOHN ROBERT DOE/TX"}},
		{name: "last name is exact", body: query("John", "Do", ""), want: nil},
		{name: "alias only", body: query("Tommy", "Whitlock", ""), want: []string{"THOMAS EDWARD BLAKE/WA"}},
		{name: "reversed alias", body: query("Roe", "Richard", ""), want: []string{"RICHARD ALAN ROE/FL"}},
		{name: "compound surname", body: query("Juan", "de la  cruz", ""), want: []string{"JUAN CARLOS DE LA CRUZ/CA"}},
		{name: "alias without particles", body: query("John", "Delacruz", ""), want: []string{"JUAN CARLOS DE LA CRUZ/CA"}},
		{name: "mixed-case registry", body: query("JANE", "ROE", ""), want: []string{"Jane Marie Roe/OH"}},
		{name: "zip narrows", body: query("John", "Doe", `"zips":["78704"],"jurisdictions":`+mustJSON(nsopw.Jurisdictions())), want: []string{"JOHN ROBERT DOE/TX"}},
		{name: "work zip counts", body: query("John", "Doe", `"zips":["78745"],"jurisdictions":["TX"]`), want: []string{"JOHN ROBERT DOE/TX"}},
		{name: "answers follow the requested order", body: query("John", "Doe", `"jurisdictions":["TX","NY"]`), want: []string{"JOHN ROBERT DOE/TX", "JOHN DOE/NY"}},
		{name: "jurisdictions narrow", body: query("John", "Doe", `"jurisdictions":["NY"]`), want: []string{"JOHN DOE/NY"}},
		{name: "tribal registry", body: query("Darrell", "Yazzie", `"jurisdictions":["NAVAJO"]`), want: []string{"Darrell James Yazzie/NAVAJO"},
			check: func(t *testing.T, r wire.Response) {
				if o := r.Offenders[0]; o.DOB != nil || o.Age != wire.NewInt(43) {
					t.Errorf("age-only registrant: dob %v age %+v", o.DOB, o.Age)
				}
			}},
		{name: "statuses per jurisdiction", body: query("John", "Doe", `"jurisdictions":["TX","NY","GU"]`), want: []string{"JOHN ROBERT DOE/TX", "JOHN DOE/NY"},
			check: func(t *testing.T, r wire.Response) {
				if r.StatusCode != wire.NewInt(200) || len(r.JurisdictionStatus) != 3 {
					t.Fatalf("envelope %+v, %d statuses", r.StatusCode, len(r.JurisdictionStatus))
				}
				for i, want := range []wire.JurisdictionStatus{
					{JurisdictionID: "TX", StatusCode: wire.NewCode(200), Records: wire.NewInt(1)},
					{JurisdictionID: "NY", StatusCode: wire.NewCode(200), Records: wire.NewInt(1)},
					{JurisdictionID: "GU", StatusCode: wire.NewCode(200), Records: wire.NewInt(0)},
				} {
					got := r.JurisdictionStatus[i]
					if got.JurisdictionID != want.JurisdictionID || got.StatusCode != want.StatusCode || got.Records != want.Records || got.ResponseTime.Value < 80 {
						t.Errorf("status %d: %+v, want %+v", i, got, want)
					}
				}
				if r.Query.FirstName != "John" || !slices.Equal(r.Query.Jurisdictions, []string{"TX", "NY", "GU"}) {
					t.Errorf("query echo %+v", r.Query)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := decode(t, post(t, s, tt.body))
			if got := names(r); !slices.Equal(got, tt.want) {
				t.Errorf("found %v, want %v", got, tt.want)
			}
			if tt.check != nil {
				tt.check(t, r)
			}
		})
	}

	t.Run("city and county", func(t *testing.T) {
		for _, extra := range []string{`"city":"austin"`, `"county":"Travis"`} {
			body := strings.Replace(query("John", "Doe", ""), `"city":"","county":""`, extra, 1)
			if got := names(decode(t, post(t, s, body))); !slices.Equal(got, []string{"JOHN ROBERT DOE/TX"}) {
				t.Errorf("%s: found %v", extra, got)
			}
		}
	})
	t.Run("zip search", func(t *testing.T) {
		r := decode(t, post(t, s, `{"firstName":"","lastName":"","zips":["86515"]}`))
		if !slices.Contains(names(r), "Darrell James Yazzie/NAVAJO") {
			t.Errorf("zip search found %v", names(r))
		}
		for _, o := range r.Offenders {
			if !slices.ContainsFunc(o.Locations, func(l wire.Location) bool { return l.ZipCode == "86515" }) {
				t.Errorf("%s has no address in 86515", o.Name.SurName)
			}
		}
		if len(r.JurisdictionStatus) == 0 {
			t.Error("zip search without jurisdiction statuses")
		}
	})
}

// TestKnownAsPrinted: every known registrant is found by its name, printed
// exactly as KnownOffenders (and the package doc) shows it.
func TestKnownAsPrinted(t *testing.T) {
	s := newTest(Config{})
	for _, k := range KnownOffenders() {
		r := decode(t, post(t, s, query(k.First, k.Last, "")))
		var found *wire.Offender
		for i, o := range r.Offenders {
			if o.Name.GivenName == k.First && o.Name.SurName == k.Last && o.JurisdictionID == k.Jurisdiction {
				found = &r.Offenders[i]
			}
		}
		if found == nil {
			t.Errorf("%s %s not found as printed: %v", k.First, k.Last, names(r))
			continue
		}
		if (found.DOB == nil) != (k.DOB == "") || (found.DOB != nil && *found.DOB != k.DOB+"T00:00:00") {
			t.Errorf("%s: dob %v, want %q", k.Last, found.DOB, k.DOB)
		}
		if !found.Age.Valid {
			t.Errorf("%s: no age", k.Last)
		}
		if l := found.Locations[0]; l.ZipCode != k.Zip || l.City != k.City {
			t.Errorf("%s: lives in %s %s, want %s %s", k.Last, l.City, l.ZipCode, k.City, k.Zip)
		}
		var aliases []string
		for _, a := range found.Aliases {
			aliases = append(aliases, strings.Join(strings.Fields(a.GivenName+" "+deref(a.MiddleName)+" "+a.SurName), " "))
		}
		if !slices.Equal(aliases, k.Aliases) {
			t.Errorf("%s: aliases %v, want %v", k.Last, aliases, k.Aliases)
		}
		for _, a := range k.Aliases {
			f := strings.Fields(a)
			if !slices.ContainsFunc(decode(t, post(t, s, query(f[0], f[len(f)-1], ""))).Offenders, func(o wire.Offender) bool {
				return o.OffenderURI == found.OffenderURI
			}) {
				t.Errorf("%s not found by its alias %s", k.Last, a)
			}
		}
	}
	help := Help()
	for _, k := range KnownOffenders() {
		if !strings.Contains(help, k.First) || !strings.Contains(help, k.Last) || !strings.Contains(help, k.Zip) {
			t.Errorf("help does not list %s %s", k.First, k.Last)
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func TestGoldenAnswer(t *testing.T) {
	rec := post(t, newTest(Config{}), query("John", "Doe", `"jurisdictions":["TX","NY","CA"]`))
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, rec.Body.Bytes(), "", "  "); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "john-doe.answer.json"), pretty.Bytes())
}

func TestDeterministic(t *testing.T) {
	a, b, c := newTest(Config{Seed: 7, Offenders: 500}), newTest(Config{Seed: 7, Offenders: 500}), newTest(Config{Seed: 8, Offenders: 500})
	dump := func(s *Sandbox) string {
		var out []wire.Offender
		for _, o := range s.offenders {
			out = append(out, o.at(testNow()))
		}
		return mustJSON(out)
	}
	if dump(a) != dump(b) {
		t.Error("the same seed gave different registrants")
	}
	if dump(a) == dump(c) {
		t.Error("different seeds gave the same registrants")
	}
	for _, last := range []string{"Smith", "Garcia", "Nguyen"} {
		body := query("", last, "")
		body = strings.Replace(body, `"firstName":""`, `"firstName":"A"`, 1)
		if x, y := post(t, a, body).Body.String(), post(t, b, body).Body.String(); x != y {
			t.Errorf("%s: answers differ for the same seed", last)
		}
	}
	if n := len(a.offenders); n != 500+len(KnownOffenders()) {
		t.Errorf("%d registrants, want 500 and the known ones", n)
	}
}

// TestRealisticPopulation keeps the generated registrants looking like a
// registry: mostly men, many aliases, dates of birth or ages, addresses
// across the country, links per jurisdiction.
func TestRealisticPopulation(t *testing.T) {
	s := newTest(Config{Seed: 3})
	var n, female, withAliases, dobAndAge, ageOnly, dobOnly, neither, transient, absconders int
	jurisdictions, states, lasts := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, o := range s.offenders[:DefaultOffenders] {
		w := o.at(testNow())
		n++
		if w.Gender == "F" {
			female++
		}
		if len(w.Aliases) > 0 {
			withAliases++
		}
		switch {
		case w.DOB != nil && w.Age.Valid:
			dobAndAge++
		case w.Age.Valid:
			ageOnly++
		case w.DOB != nil:
			dobOnly++
		default:
			neither++
		}
		if w.Absconder {
			absconders++
		}
		if w.Locations[0].StreetAddress == "TRANSIENT" {
			transient++
		}
		jurisdictions[w.JurisdictionID] = true
		states[w.Locations[0].State] = true
		lasts[strings.ToUpper(w.Name.SurName)] = true
		if !strings.HasPrefix(w.OffenderURI, "https://") || !strings.Contains(w.OffenderURI, strings.ToLower(w.JurisdictionID)+".sandbox.example/") {
			t.Fatalf("link %q of a %s registrant", w.OffenderURI, w.JurisdictionID)
		}
		if strings.Contains(w.OffenderURI, "&") && !strings.Contains(w.OffenderURI, "&amp;") {
			t.Fatalf("link %q is not entity-encoded", w.OffenderURI)
		}
		if w.Age.Valid && (w.Age.Value < 18 || w.Age.Value > 90) {
			t.Fatalf("age %d", w.Age.Value)
		}
	}
	between := func(what string, got, lo, hi int) {
		if pct := got * 100 / n; pct < lo || pct > hi {
			t.Errorf("%s: %d%%, want %d%% to %d%%", what, pct, lo, hi)
		}
	}
	between("women", female, 1, 8)
	between("with aliases", withAliases, 25, 40)
	between("dob and age", dobAndAge, 58, 72)
	between("age only", ageOnly, 20, 30)
	between("dob only", dobOnly, 3, 9)
	between("neither", neither, 2, 7)
	between("transient", transient, 3, 9)
	between("absconders", absconders, 1, 6)
	for _, st := range nsopw.StateJurisdictions() {
		if st == "AMERICANSAMOA" || st == "CNMI" {
			continue
		}
		if st == "USVI" {
			st = "VI"
		}
		if !states[st] {
			t.Errorf("nobody lives in %s", st)
		}
	}
	for _, j := range []string{"NAVAJO", "CHEROKEE", "OGLALA", "TONATION"} {
		if !jurisdictions[j] {
			t.Errorf("no registrant of %s", j)
		}
	}
	if len(lasts) < 250 {
		t.Errorf("only %d distinct last names", len(lasts))
	}
}

func TestValidation(t *testing.T) {
	s := newTest(Config{})
	all := `"jurisdictions":["TX"]`
	tests := []struct {
		name string
		body string
		code int
	}{
		{"not JSON", `firstName=John`, 100},
		{"nothing to search", `{"jurisdictions":["TX"]}`, 100},
		{"first name only", query("John", "", all), 103},
		{"last name only", query("", "Doe", all), 103},
		{"no jurisdictions", query("John", "Doe", `"jurisdictions":[]`), 108},
		{"field too long", query(strings.Repeat("J", 51), "Doe", all), 111},
		{"zip too short", query("John", "Doe", `"zips":["7870"],`+all), 112},
		{"six zips", query("John", "Doe", `"zips":["11111","22222","33333","44444","55555","66666"],`+all), 113},
		{"zip with letters", query("John", "Doe", `"zips":["7870A"],`+all), 114},
		{"unknown jurisdiction", query("John", "Doe", `"jurisdictions":["TX","ATLANTIS"]`), 115},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := post(t, s, tt.body)
			var r wire.Rejection
			if rec.Code != http.StatusUnprocessableEntity || json.Unmarshal(rec.Body.Bytes(), &r) != nil || r.StatusCode != wire.NewInt(tt.code) || r.Message == "" {
				t.Errorf("answer %d %s, want 422 with statusCode %d", rec.Code, rec.Body, tt.code)
			}
		})
	}
}

func TestTooManyPerJurisdiction(t *testing.T) {
	s := newTest(Config{MaxResults: 1})
	r := decode(t, post(t, s, `{"firstName":"","lastName":"","zips":["77002"]}`))
	if r.StatusCode != wire.NewInt(201) || len(r.JurisdictionStatus) != 1 || r.JurisdictionStatus[0].StatusCode != wire.NewCode(511) || len(r.Offenders) != 0 {
		t.Errorf("answer %+v %+v with %d offenders, want 201 and TX 511 listing none", r.StatusCode, r.JurisdictionStatus, len(r.Offenders))
	}
	if r.JurisdictionStatus[0].Records.Value < 2 {
		t.Errorf("records %d, want the number found", r.JurisdictionStatus[0].Records.Value)
	}
}

// TestBehaviours triggers each failure by special name and by the admin
// endpoint, and checks what a client receives.
func TestBehaviours(t *testing.T) {
	tests := []struct {
		name      string
		admin     string
		last      string
		status    int
		header    map[string]string
		bodyHas   []string
		noHeaders []string
		check     func(t *testing.T, body []byte)
	}{
		{name: "down by name", last: "Sandbox-Down", status: 503, bodyHas: []string{"Service Unavailable"}},
		{name: "down by admin", admin: `{"mode":"down","status":500}`, status: 500, bodyHas: []string{"Internal Server Error"}},
		{name: "flaky by admin", admin: `{"mode":"flaky"}`, status: 503},
		{name: "challenge by name", last: "sandbox-challenge", status: 403,
			header:  map[string]string{"Cf-Mitigated": "challenge", "Server": "cloudflare", "Content-Type": "text/html; charset=UTF-8"},
			bodyHas: []string{"<title>Just a moment...</title>", "/cdn-cgi/challenge-platform/", "window._cf_chl_opt", "Enable JavaScript and cookies to continue"}},
		{name: "challenge as a 200", admin: `{"mode":"challenge","status":200}`, status: 200, noHeaders: []string{"Cf-Mitigated"},
			bodyHas: []string{"<title>Just a moment...</title>"}},
		{name: "malformed by name", last: "Sandbox-Malformed", status: 200, header: map[string]string{"Content-Type": "application/json; charset=utf-8"},
			check: func(t *testing.T, body []byte) {
				if json.Valid(body) || !bytes.HasPrefix(body, []byte(`{"statusCode":200`)) {
					t.Errorf("body %s, want JSON cut off", body)
				}
			}},
		{name: "rate limited by name", last: "Sandbox-RateLimited", status: 429, header: map[string]string{"Retry-After": "30"},
			check: func(t *testing.T, body []byte) {
				if len(body) != 0 {
					t.Errorf("body %q, want none", body)
				}
			}},
		{name: "rate limited by admin", admin: `{"mode":"ratelimit","retryAfter":"2m"}`, status: 429, header: map[string]string{"Retry-After": "120"}},
		{name: "partial by name", last: "Sandbox-Partial", status: 200, check: func(t *testing.T, body []byte) {
			var r wire.Response
			json.Unmarshal(body, &r)
			var offline []string
			for _, s := range r.JurisdictionStatus {
				if s.StatusCode == wire.NewCode(507) {
					offline = append(offline, s.JurisdictionID)
				}
			}
			if r.StatusCode != wire.NewInt(201) || !slices.Equal(offline, []string{"AK", "TX"}) {
				t.Errorf("envelope %+v, offline %v", r.StatusCode, offline)
			}
		}},
		{name: "partial by admin keeps other results", admin: `{"mode":"partial","jurisdictions":["ny"]}`, last: "Doe", status: 200,
			check: func(t *testing.T, body []byte) {
				var r wire.Response
				json.Unmarshal(body, &r)
				if got := names(r); r.StatusCode != wire.NewInt(201) || !slices.Equal(got, []string{"JOHN ROBERT DOE/TX"}) {
					t.Errorf("envelope %+v, found %v", r.StatusCode, got)
				}
			}},
		{name: "too many by name", last: "Sandbox-TooMany", status: 200, check: func(t *testing.T, body []byte) {
			var r wire.Response
			json.Unmarshal(body, &r)
			for _, s := range r.JurisdictionStatus {
				if (s.JurisdictionID == "TX") != (s.StatusCode == wire.NewCode(511)) {
					t.Errorf("%s answered %+v", s.JurisdictionID, s.StatusCode)
				}
			}
		}},
		{name: "admin takes precedence over a special name", admin: `{"mode":"down"}`, last: "Sandbox-Challenge", status: 503},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTest(Config{})
			srv := httptest.NewServer(s)
			defer srv.Close()
			if tt.admin != "" {
				resp, err := http.Post(srv.URL+"/_sandbox/behaviour", "application/json", strings.NewReader(tt.admin))
				if err != nil || resp.StatusCode != 200 {
					t.Fatalf("admin: %v %v", resp, err)
				}
				resp.Body.Close()
			}
			last := tt.last
			if last == "" {
				last = "Doe"
			}
			resp, err := http.Post(srv.URL+wire.SearchPath, "application/json", strings.NewReader(query("John", last, "")))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.status {
				t.Errorf("status %d, want %d", resp.StatusCode, tt.status)
			}
			for k, v := range tt.header {
				if got := resp.Header.Get(k); got != v {
					t.Errorf("header %s: %q, want %q", k, got, v)
				}
			}
			for _, k := range tt.noHeaders {
				if v := resp.Header.Get(k); v != "" {
					t.Errorf("header %s: %q, want none", k, v)
				}
			}
			for _, m := range tt.bodyHas {
				if !bytes.Contains(body, []byte(m)) {
					t.Errorf("body lacks %q", m)
				}
			}
			if tt.check != nil {
				tt.check(t, body)
			}
			reqs := s.Requests()
			if len(reqs) != 1 || reqs[0].Status != tt.status {
				t.Errorf("requests %+v", reqs)
			}
		})
	}
}

func TestBehaviourCount(t *testing.T) {
	s := newTest(Config{})
	if err := s.SetBehaviour(Behaviour{Mode: ModeDown, Count: 2}); err != nil {
		t.Fatal(err)
	}
	var got []int
	for range 4 {
		got = append(got, post(t, s, query("John", "Doe", "")).Code)
	}
	if !slices.Equal(got, []int{503, 503, 200, 200}) {
		t.Errorf("statuses %v, want two failures then answers", got)
	}
	if b := s.CurrentBehaviour(); b.Mode != ModeNormal {
		t.Errorf("behaviour after the count: %+v", b)
	}
	// Without a count the behaviour stays.
	s.SetBehaviour(Behaviour{Mode: ModeChallenge})
	for range 3 {
		if c := post(t, s, query("John", "Doe", "")).Code; c != 403 {
			t.Errorf("status %d, want the challenge to stay", c)
		}
	}
}

func TestSlow(t *testing.T) {
	s := newTest(Config{SlowDelay: 150 * time.Millisecond})
	srv, err := s.Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	search := func(ctx context.Context, last string) (int, time.Duration, error) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL()+wire.SearchPath, strings.NewReader(query("John", last, "")))
		start := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, time.Since(start), err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, time.Since(start), nil
	}
	t.Run("by name waits SlowDelay then answers", func(t *testing.T) {
		code, took, err := search(context.Background(), "Sandbox-Slow")
		if err != nil || code != 200 || took < 150*time.Millisecond {
			t.Errorf("status %d after %v, %v", code, took, err)
		}
	})
	t.Run("by admin with a delay", func(t *testing.T) {
		s.SetBehaviour(Behaviour{Mode: ModeSlow, Delay: Duration(300 * time.Millisecond), Count: 1})
		code, took, err := search(context.Background(), "Doe")
		if err != nil || code != 200 || took < 300*time.Millisecond {
			t.Errorf("status %d after %v, %v", code, took, err)
		}
	})
	t.Run("a client giving up ends the wait", func(t *testing.T) {
		s.ClearRequests()
		s.SetBehaviour(Behaviour{Mode: ModeSlow, Delay: Duration(time.Hour)})
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		if _, _, err := search(ctx, "Doe"); err == nil {
			t.Fatal("answered within the client's deadline")
		}
		deadline := time.Now().Add(2 * time.Second)
		for time.Now().Before(deadline) {
			if r := s.Requests(); len(r) == 1 && r[0].Behaviour == ModeSlow {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Errorf("the slow answer did not end: %+v", s.Requests())
	})
}

func TestAdminEndpoints(t *testing.T) {
	s := newTest(Config{})
	srv := httptest.NewServer(s)
	defer srv.Close()
	do := func(method, path, body string) (int, string) {
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}

	for _, tt := range []struct {
		body, err string
	}{
		{`{"mode":"sideways"}`, `unknown mode \"sideways\"`},
		{`{"mode":"slow","delay":"soon"}`, `bad duration \"soon\"`},
		{`{"mode":"down","status":42}`, "status 42 is not an HTTP status"},
		{`{"mode":"down","count":-1}`, "count must not be negative"},
		{`{"mode":"partial","jurisdictions":["ATLANTIS"]}`, `unknown jurisdiction \"ATLANTIS\"`},
		{`{"mode":"down","extra":1}`, `unknown field \"extra\"`},
	} {
		if code, body := do("POST", "/_sandbox/behaviour", tt.body); code != 400 || !strings.Contains(body, tt.err) {
			t.Errorf("%s: %d %s, want 400 with %q", tt.body, code, body, tt.err)
		}
	}
	if code, body := do("POST", "/_sandbox/behaviour", `{"mode":"slow","delay":"5s","count":3}`); code != 200 ||
		!strings.Contains(body, `"mode":"slow"`) || !strings.Contains(body, `"delay":"5s"`) || !strings.Contains(body, `"count":3`) {
		t.Errorf("set: %d %s", code, body)
	}
	if _, body := do("GET", "/_sandbox/behaviour", ""); !strings.Contains(body, `"count":3`) {
		t.Errorf("get: %s", body)
	}
	do("POST", "/_sandbox/behaviour", `{"mode":"normal"}`)

	req, _ := http.NewRequest("POST", srv.URL+wire.SearchPath, strings.NewReader(query("John", "Doe", `"jurisdictions":["TX"]`)))
	req.Header.Set("User-Agent", "probe/1")
	req.Header.Set("Token", "05/14/2026")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	post(t, s, `not json`)

	_, body := do("GET", "/_sandbox/requests", "")
	var reqs []Request
	if err := json.Unmarshal([]byte(body), &reqs); err != nil {
		t.Fatal(err)
	}
	if len(reqs) != 2 {
		t.Fatalf("%d requests logged: %s", len(reqs), body)
	}
	first := reqs[0]
	var sent wire.Query
	json.Unmarshal(first.Body, &sent)
	if first.Seq != 1 || first.Method != "POST" || first.Path != wire.SearchPath || first.Status != 200 || first.Behaviour != ModeNormal ||
		first.Headers["User-Agent"] != "probe/1" || first.Headers["Token"] != "05/14/2026" || sent.LastName != "Doe" {
		t.Errorf("logged %+v", first)
	}
	var raw string
	if json.Unmarshal(reqs[1].Body, &raw) != nil || raw != "not json" || reqs[1].Status != 422 {
		t.Errorf("a body that is not JSON is logged as %s, status %d", reqs[1].Body, reqs[1].Status)
	}
	if code, _ := do("DELETE", "/_sandbox/requests", ""); code != 204 || len(s.Requests()) != 0 {
		t.Errorf("clear: %d, %d left", code, len(s.Requests()))
	}

	if _, body := do("GET", "/_sandbox/known", ""); !strings.Contains(body, `"last":"BLAKE","aliases":["TOMMY WHITLOCK"]`) {
		t.Errorf("known: %s", body)
	}
	if code, body := do("GET", "/", ""); code != 200 || !strings.Contains(body, "Sandbox-RateLimited") || !strings.Contains(body, "/_sandbox/behaviour") {
		t.Errorf("help: %d %s", code, body)
	}
	if code, _ := do("GET", wire.SearchPath, ""); code != http.StatusMethodNotAllowed {
		t.Errorf("GET search: %d", code)
	}
}

func TestRequestLogBounded(t *testing.T) {
	s := newTest(Config{Offenders: 10})
	for range maxLogged + 5 {
		post(t, s, `{}`)
	}
	r := s.Requests()
	if len(r) != maxLogged || r[0].Seq != 6 || r[len(r)-1].Seq != maxLogged+5 {
		t.Errorf("%d kept, seq %d to %d", len(r), r[0].Seq, r[len(r)-1].Seq)
	}
}

func TestStartAndClose(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := newTest(Config{Offenders: 10})
	srv, err := s.Start(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(srv.URL(), "http://127.0.0.1:") || srv.Sandbox() != s {
		t.Fatalf("url %s", srv.URL())
	}
	resp, err := http.Post(srv.URL()+wire.SearchPath, "application/json", strings.NewReader(query("John", "Doe", "")))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("search: %v %v", resp, err)
	}
	resp.Body.Close()

	// Cancelling the start context closes the server.
	cancel()
	deadline := time.Now().Add(2 * time.Second)
	for {
		_, err := http.Post(srv.URL()+wire.SearchPath, "application/json", strings.NewReader(`{}`))
		if err != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("still serving after its context ended")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := srv.Close(); err != nil {
		t.Errorf("close after the context ended: %v", err)
	}

	// Close ends a slow answer in flight.
	srv2, err := New(Config{Offenders: 10, SlowDelay: time.Hour}).Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := http.Post(srv2.URL()+wire.SearchPath, "application/json", strings.NewReader(query("John", "Sandbox-Slow", "")))
		done <- err
	}()
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	srv2.Close()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("a slow answer kept Close waiting")
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("close took %v", took)
	}
	if _, err := s.Start(context.Background(), "256.0.0.1:0"); err == nil {
		t.Error("started on a bad address")
	}
}
