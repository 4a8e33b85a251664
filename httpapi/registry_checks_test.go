package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/client"

	"github.com/clearedtostart/compliance/internal/registrysamples"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/registrycheck"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// listServer serves the bulk lists' files where the refresh schedules
// download them, as their official addresses would.
type listServer struct {
	srv   *httptest.Server
	mu    sync.Mutex
	files map[string][]byte // by path prefix: /leie, /sam, /ofac/<name>
	down  map[string]int    // prefix → status to answer instead
}

func newListServer() *listServer {
	l := &listServer{files: map[string][]byte{}, down: map[string]int{}}
	l.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		defer l.mu.Unlock()
		prefix := "/" + strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")[0]
		if status := l.down[prefix]; status != 0 {
			http.Error(w, "down", status)
			return
		}
		key := r.URL.Path
		if prefix == "/sam" || prefix == "/leie" {
			key = prefix
		}
		b, ok := l.files[key]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Last-Modified", time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC).Format(http.TimeFormat))
		_, _ = w.Write(b)
	}))
	return l
}

func (l *listServer) sources() registry.Sources {
	return registry.Sources{LEIE: l.srv.URL + "/leie/UPDATED.csv", SAM: l.srv.URL + "/sam/{file}", OFAC: l.srv.URL + "/ofac/"}
}

func (l *listServer) serve(key string, b []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.files[key] = b
}

func (l *listServer) failWith(prefix string, status int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.down[prefix] = status
}

func (l *listServer) close() { l.srv.Close() }

// registryLists are small editions of the three sample lists (a twentieth
// of the official sizes, every labelled case planted), imported once per
// test binary and searchable through the API.
type registryLists struct {
	files registrysamples.Files
	cases []registrysamples.Case
}

var (
	regOnce  sync.Once
	regLists *registryLists
	regErr   error
)

func lists(t *testing.T) *registryLists {
	t.Helper()
	hh := stack(t)
	regOnce.Do(func() {
		dir, err := os.MkdirTemp("", "registry-lists-")
		if err != nil {
			regErr = err
			return
		}
		f, err := registrysamples.Generate(dir, registrysamples.Options{Scale: 0.05})
		if err != nil {
			regErr = err
			return
		}
		ctx := context.Background()
		for code, paths := range map[string][]string{
			registry.OIGExclusion: {f.LEIE}, registry.SAM: {f.SAM}, registry.OFAC: {f.SDN, f.Alt, f.Add, f.Comments, f.SDNXML},
		} {
			loaded, err := registry.LoadFiles(code, paths, time.Time{})
			if err != nil {
				regErr = err
				return
			}
			if _, _, err := hh.st.ImportList(ctx, loaded.List, store.ImportOptions{Source: loaded.Source, SHA256: loaded.SHA256}); err != nil {
				regErr = err
				return
			}
		}
		regLists = &registryLists{files: f, cases: f.Cases}
	})
	if regErr != nil {
		t.Fatalf("registry lists: %v", regErr)
	}
	hh.waitSearchable(t, registry.OIGExclusion, registry.SAM, registry.OFAC)
	return regLists
}

// waitSearchable waits until the API searches the current edition of each
// list.
func (hh *harness) waitSearchable(t *testing.T, codes ...string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		eds, err := hh.st.CurrentEditions(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		ok := true
		for _, code := range codes {
			found := false
			for _, e := range eds {
				mem, in := hh.indexes.Edition(code)
				found = found || (e.Registry == code && in && mem.ID == e.ID)
			}
			ok = ok && found
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("lists %v not searchable after 30 s", codes)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func checkBody(external string, ctx map[string]any, registries ...any) string {
	return jsonString(map[string]any{"external_id": external, "context": ctx, "registries": registries})
}

func (hh *harness) check(t *testing.T, key, body string) ([]registrycheck.Result, response) {
	t.Helper()
	r := hh.do(t, http.MethodPost, "/registry-check", key, strings.NewReader(body), "application/json")
	if r.status != http.StatusOK {
		return nil, r
	}
	var res []registrycheck.Result
	r.json(t, &res)
	return res, r
}

func TestRegistryCheckRejectsBadRequests(t *testing.T) {
	hh := stack(t)
	lists(t)
	ext := uuid.NewString()
	name := map[string]any{"first_name": "Ann", "last_name": "Lee"}
	tests := []struct {
		name, body, ctype string
		status            int
		code, field, msg  string
	}{
		{"not JSON", `{"external_id":`, "application/json", 400, "invalid_request", "", "malformed JSON: unexpected end of input"},
		{"form body", `external_id=1`, "application/x-www-form-urlencoded", 415, "unsupported_media_type", "", "the request body must be application/json"},
		{"no external_id", checkBody("", name, "sam"), "application/json", 400, "invalid_request", "external_id", "external_id is required"},
		{"external_id not a UUID", checkBody("nurse-1", name, "sam"), "application/json", 400, "invalid_request", "external_id", "external_id must be a UUID"},
		{"no context", `{"external_id":"` + ext + `","registries":["sam"]}`, "application/json", 400, "invalid_request", "context", "context is required (first_name and last_name at least)"},
		{"no last name", checkBody(ext, map[string]any{"first_name": "Ann"}, "sam"), "application/json", 400, "invalid_request", "context.last_name", "context.last_name is required"},
		{"name without letters", checkBody(ext, map[string]any{"first_name": "Ann", "last_name": "123"}, "sam"), "application/json", 400, "invalid_request", "context.last_name", "context.last_name must contain a letter"},
		{"bad date of birth", checkBody(ext, map[string]any{"first_name": "Ann", "last_name": "Lee", "date_of_birth": "12/01/1990"}, "sam"), "application/json", 400, "invalid_request", "context.date_of_birth", "context.date_of_birth must be a date (YYYY-MM-DD)"},
		{"future date of birth", checkBody(ext, map[string]any{"first_name": "Ann", "last_name": "Lee", "date_of_birth": "2199-01-01"}, "sam"), "application/json", 400, "invalid_request", "context.date_of_birth", "context.date_of_birth 2199-01-01 is not a plausible date of birth"},
		{"bad zip", checkBody(ext, map[string]any{"first_name": "Ann", "last_name": "Lee", "zip": "9021"}, "sam"), "application/json", 400, "invalid_request", "context.zip", "context.zip must be a US ZIP code (12345 or 12345-6789)"},
		{"unknown context field", checkBody(ext, map[string]any{"first_name": "Ann", "last_name": "Lee", "dob": "1990-01-01"}, "sam"), "application/json", 400, "invalid_request", "context", `context: unknown field "dob"`},
		{"no registries", checkBody(ext, name), "application/json", 400, "invalid_request", "registries", "registries must name at least one registry (GET /registries lists them)"},
		{"unknown registry", checkBody(ext, name, "sam", "interpol"), "application/json", 400, "invalid_request", "registries[1]", `unknown registry "interpol" (GET /registries lists them)`},
		{"object without code", checkBody(ext, name, map[string]any{"match_type": "EXACT"}), "application/json", 400, "invalid_request", "registries[0].code", "registries[0].code is required: the registry's code (GET /registries lists them)"},
		{"bad match type", checkBody(ext, name, map[string]any{"code": "sam", "match_type": "FUZZY"}), "application/json", 400, "invalid_request", "registries[0].match_type", "registries[0].match_type must be EXACT or PARTIAL"},
		{"two registries in one element", checkBody(ext, name, map[string]any{"code": "sam", "registry": "ofac"}), "application/json", 400, "invalid_request", "registries[0]", "registries[0] names two different registries (sam and ofac)"},
		{"number as registry", checkBody(ext, name, 7), "application/json", 400, "invalid_request", "registries[0]", "registries[0] must be a registry code or an object with its code"},
		{"unknown top-level field", `{"external_id":"` + ext + `","context":{"first_name":"A","last_name":"B"},"registries":["sam"],"force":true}`, "application/json", 400, "invalid_request", "force", `unknown field "force"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := hh.do(t, http.MethodPost, "/registry-check", hh.keyA, strings.NewReader(tt.body), tt.ctype)
			if r.status != tt.status {
				t.Fatalf("status %d, want %d: %s", r.status, tt.status, r.body)
			}
			e := r.errorBody(t)
			if e.Code != tt.code || e.Message != tt.msg {
				t.Fatalf("error %q %q, want %q %q", e.Code, e.Message, tt.code, tt.msg)
			}
			if tt.field != "" {
				details, _ := e.Details.(map[string]any)
				if details["field"] != tt.field {
					t.Fatalf("details.field = %v, want %s", details["field"], tt.field)
				}
			}
		})
	}
	if r := hh.do(t, http.MethodPost, "/registry-check", "", strings.NewReader(checkBody(ext, name, "sam")), "application/json"); r.status != 401 {
		t.Fatalf("no key: %d", r.status)
	}
}

// TestRegistryCheckLabelledCases screens every labelled case through the
// API: each listed person must be among the matches of their list, and no
// match may carry a date of birth that contradicts the candidate's.
// Matches of unlisted people (false positives: a human reviews them) are
// counted, and make bench reports their rate at full size.
func TestRegistryCheckLabelledCases(t *testing.T) {
	hh := stack(t)
	l := lists(t)
	var fn, fp, dobContradictions int
	for _, c := range l.cases {
		ctx := map[string]any{"first_name": c.Query.FirstName, "last_name": c.Query.LastName}
		if c.Query.MiddleName != "" {
			ctx["middle_name"] = c.Query.MiddleName
		}
		if c.Query.DateOfBirth != "" {
			ctx["date_of_birth"] = c.Query.DateOfBirth
		}
		if c.Query.Zip != "" {
			ctx["zip"] = c.Query.Zip
		}
		res, r := hh.check(t, hh.keyA, checkBody(uuid.NewString(), ctx, c.Registry))
		if res == nil {
			t.Fatalf("case %s: %d %s", c.ID, r.status, r.body)
		}
		got := res[0]
		found := false
		for _, m := range got.Matches {
			found = found || m.SourceID == c.SourceID
			if m.Why.DOB.Outcome == "contradicts" {
				dobContradictions++
				t.Errorf("case %s: match %s contradicts the candidate's date of birth: %+v", c.ID, m.SourceID, m.Why.DOB)
			}
		}
		switch {
		case c.Listed && !found:
			fn++
			t.Errorf("false negative, case %s (%s %s): %s %s not among %d matches (%d filtered)", c.ID, c.Variant, c.Detail, c.Query.FirstName, c.Query.LastName, len(got.Matches), len(got.Filtered))
		case !c.Listed && len(got.Matches) > 0:
			fp++
			t.Logf("false positive, case %s (%s): %s %s matched %s %s %s (%s)", c.ID, c.Variant, c.Query.FirstName, c.Query.LastName,
				got.Matches[0].Name.First, got.Matches[0].Name.Middle, got.Matches[0].Name.Last, got.Matches[0].Why.Name.Last.Reason)
		}
		wantResult := registrycheck.NoMatchFound
		if len(got.Matches) > 0 {
			wantResult = registrycheck.MatchFound
		}
		if got.Result != wantResult {
			t.Errorf("case %s: result %s with %d matches", c.ID, got.Result, len(got.Matches))
		}
	}
	t.Logf("%d cases: %d false negatives, %d false positives, %d DOB contradictions", len(l.cases), fn, fp, dobContradictions)
}

// TestRegistryCheckAnswer checks one answer field by field, its stored
// copy, its certificate, and who may read it.
func TestRegistryCheckAnswer(t *testing.T) {
	hh := stack(t)
	l := lists(t)
	var c registrysamples.Case
	for _, x := range l.cases {
		if x.Listed && x.Registry == registry.OIGExclusion && x.Variant == "exact" && x.Query.DateOfBirth != "" {
			c = x
			break
		}
	}
	ext := uuid.NewString()
	res, r := hh.check(t, hh.keyA, checkBody(ext, map[string]any{
		"first_name": c.Query.FirstName, "last_name": c.Query.LastName, "date_of_birth": c.Query.DateOfBirth, "zip": "10001",
	}, "OIG", map[string]any{"registry": "sam", "match_type": "exact"}, "sdn", "leie"))
	if res == nil {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if len(res) != 3 {
		t.Fatalf("%d results for three registries (one named twice)", len(res))
	}
	searchID := res[0].SearchID
	for i, want := range []struct{ code, matchType string }{{"oig-exclusion", "PARTIAL"}, {"sam", "EXACT"}, {"ofac", "PARTIAL"}} {
		got := res[i]
		if got.Registry != want.code || got.Query.MatchType != want.matchType || got.SearchID != searchID {
			t.Errorf("result %d: %s %s %s", i, got.Registry, got.Query.MatchType, got.SearchID)
		}
		info, _ := registry.Lookup(want.code)
		if got.PrettyName != info.PrettyName || got.Metadata.LastUpdatedAt.IsZero() || got.Metadata.ListID == nil {
			t.Errorf("result %d: pretty name %q, metadata %+v", i, got.PrettyName, got.Metadata)
		}
		a := got.Attestation
		if a.ID == "" || a.Type != "EXTERNAL_VALIDATION" || a.RegistrySearchID != searchID || a.FileID != a.File.ID ||
			a.File.URL == "" || a.File.Key == "" || a.File.MimeType != "application/pdf" || a.Metadata.Template == "" || a.Metadata.Bucket == "" {
			t.Errorf("result %d: attestation %+v", i, a)
		}
		in := a.Metadata.Input
		if in.Result != got.Result || in.RegistryType != want.code || in.CandidateFullName != c.Query.FirstName+" "+c.Query.LastName ||
			in.CandidateDOB != c.Query.DateOfBirth || in.ClientName != "acct-a" || in.IssuerName != info.Issuer || len(in.FilteredResults) != len(got.Filtered) {
			t.Errorf("result %d: attestation input %+v", i, in)
		}
	}
	oig := res[0]
	if oig.Result != registrycheck.MatchFound || len(oig.Matches) == 0 || oig.Matches[0].SourceID != c.SourceID {
		t.Fatalf("listed person: %s with %d matches", oig.Result, len(oig.Matches))
	}
	m := oig.Matches[0]
	if m.Name.Last == "" || m.Identifiers.DOB == nil || m.Why.Name.Score < 0.8 || m.Why.DOB.Outcome != "match" || len(m.SetAside) != 0 {
		t.Fatalf("match: %+v", m)
	}

	// The certificate is rendered by the workflow, then downloadable.
	stored := hh.waitCertificates(t, hh.keyA, searchID)
	if stored.Status != registrycheck.StatusComplete || stored.ExternalID != ext || len(stored.Results) != 3 {
		t.Fatalf("stored check: %+v", stored)
	}
	resp, err := http.Get(stored.Results[0].Attestation.File.URL)
	if err != nil {
		t.Fatal(err)
	}
	pdf := new(bytes.Buffer)
	_, _ = pdf.ReadFrom(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("certificate download: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	text := certificateText(t, pdf.Bytes())
	for _, want := range []string{"Registry search certificate", "List of Excluded Individuals", "SAM.gov Exclusions", "Specially Designated Nationals",
		c.Query.FirstName + " " + c.Query.LastName, "MATCH FOUND", c.SourceID, searchID} {
		if !strings.Contains(text, want) {
			t.Errorf("certificate lacks %q:\n%s", want, text)
		}
	}

	// Another account's search is not found; neither is a malformed id.
	for _, path := range []string{"/registry-check/" + searchID, "/registry-check/" + uuid.NewString(), "/registry-check/not-an-id"} {
		key := hh.keyA
		if path == "/registry-check/"+searchID {
			key = hh.keyB
		}
		if r := hh.do(t, http.MethodGet, path, key, nil, ""); r.status != 404 || r.errorBody(t).Code != "not_found" {
			t.Errorf("GET %s: %d %s", path, r.status, r.body)
		}
	}
	if !hh.findsWorkflow(t, fmt.Sprintf("RegistrySearchId = %q", searchID), workflows.RegistryCheckWorkflowID(searchID)) ||
		!hh.findsWorkflow(t, fmt.Sprintf("ExternalId = %q AND AccountId = 'acct-a'", ext), workflows.RegistryCheckWorkflowID(searchID)) {
		t.Error("the check's workflow is not found by its search attributes")
	}
	hh.recordHistory(t, workflows.RegistryCheckWorkflowID(searchID), "registry_check")
}

// waitCertificates polls a stored check until every certificate is ready.
func (hh *harness) waitCertificates(t *testing.T, key, searchID string) registrycheck.Search {
	t.Helper()
	ready := func(s registrycheck.Search) bool {
		ready := s.Status == registrycheck.StatusComplete
		for _, res := range s.Results {
			ready = ready && res.Attestation.File.Ready
		}
		return ready
	}
	return poll(hh, t, key, "/registry-check/"+searchID, 60*time.Second, ready, func(_ registrycheck.Search, r response) string {
		return fmt.Sprintf("check %s not complete with certificates after 60 s: %s", searchID, r.body)
	})
}

// certificateText reads a certificate's text layer (the engine's own PDF
// reader, as an intake would).
func certificateText(t *testing.T, pdf []byte) string {
	t.Helper()
	doc, err := pdfdoc.Open(pdf)
	if err != nil {
		t.Fatalf("certificate is not a readable PDF: %v", err)
	}
	pages := make([]int, doc.Info.PageCount)
	for i := range pages {
		pages[i] = i + 1
	}
	texts, err := pdfdoc.Texts(pdf, pages)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, p := range texts {
		b.WriteString(p.Text)
		b.WriteString("\n")
	}
	return b.String()
}

// TestRegistryCheckNSOPW searches the live registry: a known registrant,
// a slow answer (the check answers pending, then completes), and a site
// that stays down (unavailable with the reason, never no match).
func TestRegistryCheckNSOPW(t *testing.T) {
	hh := stack(t)
	lists(t)
	t.Run("known registrant", func(t *testing.T) {
		t.Parallel()
		res, r := hh.check(t, hh.keyA, checkBody(uuid.NewString(), map[string]any{
			"first_name": "John", "last_name": "Doe", "date_of_birth": "1971-03-14", "zip": "78704",
		}, "nsopw", "oig-exclusion"))
		if res == nil {
			t.Fatalf("%d %s", r.status, r.body)
		}
		live := res[0]
		if live.Registry != "nsopw" || live.Result != registrycheck.MatchFound || len(live.Matches) == 0 || live.Matches[0].Name.Last != "DOE" {
			t.Fatalf("known registrant: %s, %d matches", live.Result, len(live.Matches))
		}
		hh.waitCertificates(t, hh.keyA, live.SearchID)
	})
	t.Run("slow", func(t *testing.T) {
		t.Parallel()
		start := time.Now()
		res, r := hh.check(t, hh.keyA, checkBody(uuid.NewString(), map[string]any{"first_name": "Ann", "last_name": "Sandbox-Slow"}, "nsopw", "sam"))
		if res == nil {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if took := time.Since(start); took < 3*time.Second || took > 6*time.Second {
			t.Errorf("the answer took %s; the live wait is 3 s", took)
		}
		if res[0].Result != registrycheck.Pending || res[1].Result != registrycheck.NoMatchFound {
			t.Fatalf("slow NSOPW: %s / %s", res[0].Result, res[1].Result)
		}
		done := hh.waitCertificates(t, hh.keyA, res[0].SearchID)
		if done.Results[0].Result != registrycheck.NoMatchFound || done.CompletedAt == nil {
			t.Fatalf("after the slow answer: %+v", done.Results[0])
		}
	})
	t.Run("down", func(t *testing.T) {
		t.Parallel()
		res, r := hh.check(t, hh.keyA, checkBody(uuid.NewString(), map[string]any{"first_name": "Ann", "last_name": "Sandbox-Down"}, "nsopw"))
		if res == nil {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if res[0].Result != registrycheck.Pending {
			t.Fatalf("down NSOPW answered %s at first", res[0].Result)
		}
		done := hh.waitCertificates(t, hh.keyA, res[0].SearchID)
		got := done.Results[0]
		if got.Result != registrycheck.Unavailable || got.Error == nil || got.Error.Code != "registry_unavailable" || !strings.Contains(got.Error.Message, "503") {
			t.Fatalf("down NSOPW: %s %+v", got.Result, got.Error)
		}
		var reqs int
		for _, q := range hh.nsopw.Sandbox().Requests() {
			if bytes.Contains(q.Body, []byte("Sandbox-Down")) {
				reqs++
			}
		}
		if reqs < workflows.LiveQueryAttempts {
			t.Fatalf("NSOPW was asked %d times before giving up, want %d", reqs, workflows.LiveQueryAttempts)
		}
		hh.recordHistory(t, workflows.RegistryCheckWorkflowID(res[0].SearchID), "registry_check_nsopw_down")
	})
}

func TestRegistriesList(t *testing.T) {
	hh := stack(t)
	lists(t)
	r := hh.do(t, http.MethodGet, "/registries", hh.keyA, nil, "")
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	var regs []struct {
		Code        string     `json:"code"`
		PrettyName  string     `json:"prettyName"`
		Kind        string     `json:"kind"`
		ListDate    *time.Time `json:"listDate"`
		RowCount    *int       `json:"rowCount"`
		RecordCount *int       `json:"recordCount"`
		Searchable  bool       `json:"searchable"`
	}
	r.json(t, &regs)
	kinds := map[string]string{}
	for _, g := range regs {
		kinds[g.Code] = g.Kind
		if g.PrettyName == "" || !g.Searchable {
			t.Errorf("%s: %+v", g.Code, g)
		}
		if g.Kind == "bulk" && (g.ListDate == nil || g.RowCount == nil || *g.RowCount == 0 || g.RecordCount == nil || *g.RecordCount == 0) {
			t.Errorf("bulk list %s without its edition: %+v", g.Code, g)
		}
	}
	want := map[string]string{"oig-exclusion": "bulk", "sam": "bulk", "ofac": "bulk", "nsopw": "live"}
	for code, kind := range want {
		if kinds[code] != kind {
			t.Errorf("registry %s: kind %q, want %q", code, kinds[code], kind)
		}
	}
}

// TestRegistryRefresh runs the refresh schedules' workflow against the
// lists' "official" addresses: a truncated file and a site that is down
// are recorded as failures and leave the current list; a new edition is
// imported and searched.
func TestRegistryRefresh(t *testing.T) {
	hh := stack(t)
	l := lists(t)
	ctx := context.Background()
	// run triggers a refresh schedule of the list and returns what its
	// workflow did.
	run := func(t *testing.T, code string) (workflows.RegistryRefreshOutput, string) {
		t.Helper()
		opts := workflows.RegistryRefreshSchedule(code, hh.queue, 24*time.Hour)
		opts.ID += "-" + uuid.NewString()[:8]
		action := opts.Action.(*client.ScheduleWorkflowAction)
		action.ID += "-" + uuid.NewString()[:8]
		h, err := hh.tc.ScheduleClient().Create(ctx, opts)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = h.Delete(ctx) }()
		if err := h.Trigger(ctx, client.ScheduleTriggerOptions{}); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(2 * time.Minute)
		for time.Now().Before(deadline) {
			d, err := h.Describe(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if recent := d.Info.RecentActions; len(recent) > 0 {
				wf := recent[0].StartWorkflowResult
				var out workflows.RegistryRefreshOutput
				if err := hh.tc.GetWorkflow(ctx, wf.WorkflowID, wf.FirstExecutionRunID).Get(ctx, &out); err != nil {
					t.Fatalf("refresh workflow: %v", err)
				}
				return out, wf.WorkflowID
			}
			time.Sleep(200 * time.Millisecond)
		}
		t.Fatal("the triggered schedule started no workflow")
		return workflows.RegistryRefreshOutput{}, ""
	}
	lastImport := func(t *testing.T, code string) store.RegistryImport {
		imps, err := hh.st.LastImports(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range imps {
			if imp.Registry == code {
				return imp
			}
		}
		t.Fatalf("no import of %s recorded", code)
		return store.RegistryImport{}
	}

	t.Run("truncated file", func(t *testing.T) {
		before, err := hh.st.CurrentList(ctx, registry.OIGExclusion)
		if err != nil {
			t.Fatal(err)
		}
		full, err := os.ReadFile(l.files.LEIE)
		if err != nil {
			t.Fatal(err)
		}
		// Cut mid-row, as an interrupted download leaves it.
		hh.lists.serve("/leie", full[:len(full)/2+7])
		out, _ := run(t, registry.OIGExclusion)
		if out.Outcome != "failed" || !strings.Contains(out.Reason, "refused") {
			t.Fatalf("truncated LEIE: %+v", out)
		}
		after, err := hh.st.CurrentList(ctx, registry.OIGExclusion)
		if err != nil || after.ID != before.ID {
			t.Fatalf("a truncated file replaced the list: %v %v", after, err)
		}
		if imp := lastImport(t, registry.OIGExclusion); imp.Outcome != store.ImportFailed || imp.Reason != out.Reason {
			t.Fatalf("recorded import: %+v", imp)
		}
	})
	t.Run("a shrunk edition", func(t *testing.T) {
		before, _ := hh.st.CurrentList(ctx, registry.OIGExclusion)
		full, _ := os.ReadFile(l.files.LEIE)
		// Whole rows cut: it parses, but is a third of the list.
		lines := bytes.SplitAfter(full, []byte("\n"))
		hh.lists.serve("/leie", bytes.Join(lines[:len(lines)/3], nil))
		out, _ := run(t, registry.OIGExclusion)
		if out.Outcome != "failed" || !strings.Contains(out.Reason, "shrinks by more than 10%") {
			t.Fatalf("shrunk LEIE: %+v", out)
		}
		if after, _ := hh.st.CurrentList(ctx, registry.OIGExclusion); after.ID != before.ID {
			t.Fatal("a shrunk edition replaced the list")
		}
	})
	t.Run("new edition", func(t *testing.T) {
		dir := t.TempDir()
		f, err := registrysamples.Generate(dir, registrysamples.Options{Scale: 0.05, Seed: 99, ListDate: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{f.SDN, f.Alt, f.Add, f.Comments, f.SDNXML} {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			hh.lists.serve("/ofac/"+strings.ToLower(filepath.Base(p)), b)
		}
		out, wfID := run(t, registry.OFAC)
		if out.Outcome != store.ImportImported || out.Records == 0 {
			t.Fatalf("new OFAC edition: %+v", out)
		}
		hh.recordHistory(t, wfID, "registry_refresh")
		hh.waitSearchable(t, registry.OFAC)
		if ed, _ := hh.indexes.Edition(registry.OFAC); ed.ID.String() != out.ListID || !ed.Date.Equal(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)) {
			t.Fatalf("searched edition %+v, imported %s", ed, out.ListID)
		}
	})
	t.Run("site down", func(t *testing.T) {
		hh.lists.failWith("/sam", http.StatusServiceUnavailable)
		out, wfID := run(t, registry.SAM)
		if out.Outcome != "failed" || !strings.Contains(out.Reason, "503") {
			t.Fatalf("SAM down: %+v", out)
		}
		if imp := lastImport(t, registry.SAM); imp.Outcome != store.ImportFailed {
			t.Fatalf("recorded import: %+v", imp)
		}
		hh.recordHistory(t, wfID, "registry_refresh_failed")
	})
}

func TestRegistryCheckStatus503WhileLoading(t *testing.T) {
	// A process whose indexes have not loaded answers 503 with Retry-After
	// rather than a result it cannot stand behind; readiness says so too.
	hh := stack(t)
	lists(t)
	r := hh.do(t, http.MethodGet, "/readyz", "", nil, "")
	var ready struct {
		Checks map[string]string `json:"checks"`
	}
	r.json(t, &ready)
	if r.status != 200 || ready.Checks["registries"] != "ok" {
		t.Fatalf("readyz with loaded lists: %d %s", r.status, r.body)
	}
}
