package activities

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/ahaecard"
	ecardsandbox "github.com/clearedtostart/compliance/ahaecard/sandbox"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/nursys"
	nursyssandbox "github.com/clearedtostart/compliance/nursys/sandbox"
	"github.com/clearedtostart/compliance/rules"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// sourceFixture is the activities on the real stack with the two primary
// sources' sandboxes behind their connectors, and a file holding a
// nursing license and an AHA BLS card of one nurse.
type sourceFixture struct {
	*fixture
	licenses *nursyssandbox.Server
	ecards   *ecardsandbox.Server
	person   sampledocs.Person
	license  sampledocs.Doc
	card     sampledocs.Doc
	pdf      []byte
}

func newSourceFixture(t *testing.T) *sourceFixture {
	t.Helper()
	ctx := context.Background()
	base := newFixture(t)
	now := func() time.Time { return sampledocs.DefaultAsOf().Add(15 * time.Hour) }
	lsb, err := nursyssandbox.New(nursyssandbox.Config{Logger: testenv.Logger(t), SlowDelay: 3 * time.Second, ProcessingTime: -1, Now: now}).Start(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lsb.Close() })
	esb, err := ecardsandbox.New(ecardsandbox.Config{Logger: testenv.Logger(t), SlowDelay: 3 * time.Second, Now: now}).Start(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { esb.Close() })
	lc, err := nursys.New(nursys.Config{BaseURL: lsb.URL(), Username: nursyssandbox.DefaultUsername, Password: nursyssandbox.DefaultPassword,
		Timeout: time.Second, PollInterval: 20 * time.Millisecond, Backoff: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ec, err := ahaecard.New(ahaecard.Config{BaseURL: esb.URL(), APIKey: ecardsandbox.DefaultAPIKey, Timeout: time.Second, Backoff: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	acts, err := New(Config{Store: base.st, Blobs: base.blobs, Engine: base.acts.engine, Logger: testenv.Logger(t),
		Today: func() time.Time { return sampledocs.DefaultAsOf() }, CacheDir: t.TempDir(),
		PrimarySources: PrimarySources{Licenses: lc, ECards: ec}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { acts.Close() })
	base.acts, base.activityRunner = acts, newActivityRunner(t, acts)

	r := sampledocs.Seeded(4242)
	f := &sourceFixture{fixture: base, licenses: lsb, ecards: esb, person: sampledocs.NewPerson(r)}
	f.license = sampledocs.Generate(r, "nursing_license", f.person, sampledocs.Options{Variant: "board_verification"})
	f.license.Fields["license_type"] = "RN"
	f.card = sampledocs.Generate(r, "bls", f.person, sampledocs.Options{Variant: "aha_ecard"})
	// An eCard code of a year already past, as a real one is.
	f.card.Fields["certificate_id"] = "255121234567"
	if f.pdf, err = sampledocs.RenderPDF(f.license, f.card); err != nil {
		t.Fatal(err)
	}
	return f
}

func text(fields map[string]any, k string) string {
	s, _ := fields[k].(string)
	return s
}

// register makes the sandboxes hold the license and the card as their
// documents print them (status as given).
func (f *sourceFixture) register(t *testing.T, licenseStatus string) {
	t.Helper()
	l := f.license.Fields
	if err := f.licenses.Sandbox().AddLicensee(nursyssandbox.Licensee{State: text(l, "state"), LicenseNumber: text(l, "license_number"),
		LicenseType: "RN", FirstName: f.person.FirstName, MiddleName: f.person.MiddleName, LastName: f.person.LastName,
		Status: licenseStatus, OriginalIssueDate: text(l, "issue_date"), ExpirationDate: text(l, "expiration_date")}); err != nil {
		t.Fatal(err)
	}
	c := f.card.Fields
	exp, err := time.Parse(time.DateOnly, text(c, "expiration_date"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.ecards.Sandbox().AddCard(ecardsandbox.Card{Code: text(c, "certificate_id"), FirstName: f.person.FirstName, LastName: f.person.LastName,
		Course: "BLS Provider", IssueDate: text(c, "issue_date"), RenewalMonth: exp.Format("2006-01"), TrainingCenter: text(c, "training_center")}); err != nil {
		t.Fatal(err)
	}
}

// process runs an intake of the fixture's file through judging and its
// finish, and returns its stored segments by document type and its
// validation rollup.
func (f *sourceFixture) process(t *testing.T, validate store.ValidateOptions) (map[string]store.Segment, pipelineValidation) {
	t.Helper()
	ctx := context.Background()
	in := &store.Intake{AccountID: "acct-acts", ExternalID: "nurse-src"}
	storeIntake(t, f.st, f.blobs, in, f.person, &validate, f.pdf)
	batch := f.prepare(t, in)
	var res workflows.ProcessSegmentsResult
	f.run(t, &res, f.acts.ProcessSegments, batch)
	f.run(t, nil, f.acts.FinishIntake, workflows.FinishIntakeInput{AccountID: in.AccountID, IntakeID: in.ID.String(), Status: "SUCCESS"})
	segs, err := f.st.Segments(ctx, in.AccountID, in.ID)
	if err != nil {
		t.Fatal(err)
	}
	byType := map[string]store.Segment{}
	for i, s := range segs {
		if s.DocumentType == nil {
			t.Fatalf("segment %d has no type", i)
		}
		byType[*s.DocumentType] = s
		// The workflow's result says what the row says.
		want := ""
		if s.ValidationResult != nil {
			want = *s.ValidationResult
		}
		if res.Segments[i].ValidationResult != want {
			t.Fatalf("segment %d: result %q, stored %q", i, res.Segments[i].ValidationResult, want)
		}
	}
	done, _, err := f.st.Intake(ctx, in.AccountID, in.ID)
	if err != nil {
		t.Fatal(err)
	}
	var v pipelineValidation
	if err := json.Unmarshal(done.Validation, &v); err != nil {
		t.Fatal(err)
	}
	return byType, v
}

type pipelineValidation struct {
	Requirement string      `json:"requirement"`
	Result      *string     `json:"result"`
	DocumentID  *string     `json:"document_id"`
	Validations *rules.Tree `json:"validations"`
}

// sourceRule is the segment's source_validation rule and its tree's
// result.
func sourceRule(t *testing.T, s store.Segment) (rules.RuleResult, string) {
	t.Helper()
	var tree rules.Tree
	if err := json.Unmarshal(s.Validations, &tree); err != nil {
		t.Fatalf("validations %s: %v", s.Validations, err)
	}
	for _, r := range tree.Rules {
		if r.Rule == rules.RuleSourceValidation {
			if s.ValidationResult == nil || *s.ValidationResult != tree.Result {
				t.Fatalf("the row's result %v is not its tree's %s", s.ValidationResult, tree.Result)
			}
			return r, tree.Result
		}
	}
	t.Fatalf("no source_validation rule in %s", s.Validations)
	return rules.RuleResult{}, ""
}

func TestProcessSegmentsChecksSources(t *testing.T) {
	f := newSourceFixture(t)
	f.register(t, "Active")

	segs, v := f.process(t, store.ValidateOptions{Requirement: "nursing_license", Source: true})
	lic, ok := segs["nursing_license"]
	if !ok {
		t.Fatalf("no nursing license among %v", segs)
	}
	rr, result := sourceRule(t, lic)
	if rr.Result != rules.Pass || rr.Reason != rules.ReasonConfirmedAtSource || result != rules.Valid ||
		rr.CheckedAt == nil || time.Since(*rr.CheckedAt) > time.Minute || rr.Source == nil || rr.Source.Source != rules.SourceNursys ||
		rr.Source.Status != "active" || rr.Source.ExpirationDate != text(f.license.Fields, "expiration_date") {
		t.Fatalf("license: %s %+v %+v", result, rr, rr.Source)
	}
	if bls := segs["bls"]; bls.Validations != nil {
		t.Fatalf("the BLS card is no candidate for nursing_license and is not checked: %s", bls.Validations)
	}
	if v.Result == nil || *v.Result != rules.Valid || v.Validations == nil || v.Validations.Rules[len(v.Validations.Rules)-1].Rule != rules.RuleSourceValidation {
		t.Fatalf("the rollup reflects the checked license: %+v", v)
	}
	calls := len(f.licenses.Sandbox().Requests())

	// The card, for a bls requirement, at the eCard verification.
	segs, v = f.process(t, store.ValidateOptions{Requirement: "bls", Source: true})
	rr, result = sourceRule(t, segs["bls"])
	if rr.Result != rules.Pass || result != rules.Valid || rr.Source.Source != rules.SourceAHAECard || rr.Source.Course != "BLS" {
		t.Fatalf("card: %s %+v %+v", result, rr, rr.Source)
	}
	if len(f.licenses.Sandbox().Requests()) != calls || len(f.ecards.Sandbox().Requests()) != 1 {
		t.Fatal("only the candidate card was checked, at its own source")
	}
	if *v.Result != rules.Valid {
		t.Fatalf("rollup %+v", v)
	}

	// Without validate.source nothing is asked and no rule added.
	segs, _ = f.process(t, store.ValidateOptions{Requirement: "nursing_license"})
	var tree rules.Tree
	if err := json.Unmarshal(segs["nursing_license"].Validations, &tree); err != nil {
		t.Fatal(err)
	}
	for _, r := range tree.Rules {
		if r.Rule == rules.RuleSourceValidation {
			t.Fatal("a source rule without validate.source")
		}
	}
	if len(f.licenses.Sandbox().Requests()) != calls {
		t.Fatal("the lookup was asked without validate.source")
	}
}

func TestProcessSegmentsSourceFailures(t *testing.T) {
	f := newSourceFixture(t)
	tests := []struct {
		name     string
		prepare  func(t *testing.T)
		result   string
		reason   string
		tree     string
		rollupTo string
	}{
		{"not found at the board", func(*testing.T) {}, rules.Fail, rules.ReasonNotFoundAtSource, rules.Invalid, rules.Invalid},
		{"inactive at the board", func(t *testing.T) { f.register(t, "Inactive") }, rules.Fail, rules.ReasonStatusAtSource, rules.Invalid, rules.Invalid},
		{"board down", func(t *testing.T) {
			f.register(t, "Active")
			if err := f.licenses.Sandbox().SetBehaviour(nursyssandbox.Behaviour{Mode: nursyssandbox.ModeDown}); err != nil {
				t.Fatal(err)
			}
		}, rules.Skipped, rules.ReasonSourceUnavailable, rules.NotSupported, rules.NotSupported},
		{"board too slow", func(t *testing.T) {
			if err := f.licenses.Sandbox().SetBehaviour(nursyssandbox.Behaviour{Mode: nursyssandbox.ModeSlow}); err != nil {
				t.Fatal(err)
			}
		}, rules.Skipped, rules.ReasonSourceUnavailable, rules.NotSupported, rules.NotSupported},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.prepare(t)
			segs, v := f.process(t, store.ValidateOptions{Requirement: "nursing_license", Source: true})
			rr, result := sourceRule(t, segs["nursing_license"])
			if rr.Result != tt.result || rr.Reason != tt.reason || result != tt.tree || rr.CheckedAt == nil {
				t.Fatalf("rule %s %s (%s), tree %s; want %s %s, tree %s", rr.Result, rr.Reason, rr.Message, result, tt.result, tt.reason, tt.tree)
			}
			if v.Result == nil || *v.Result != tt.rollupTo {
				t.Fatalf("rollup %v, want %s", v.Result, tt.rollupTo)
			}
		})
	}
	want := fmt.Sprint(nursys.DefaultAttempts)
	if got := fmt.Sprint(countBehaviour(f.licenses.Sandbox().Requests(), nursyssandbox.ModeSlow)); got != want {
		t.Fatalf("the slow board was asked %s times, want %s (the connector's attempts)", got, want)
	}
}

func countBehaviour(reqs []nursyssandbox.Request, mode string) int {
	n := 0
	for _, r := range reqs {
		if r.Behaviour == mode {
			n++
		}
	}
	return n
}

// TestCheckSourcesWithoutConnectors: a worker with no connection to a
// source skips its checks with the reason, never passes them.
func TestCheckSourcesWithoutConnectors(t *testing.T) {
	a := &Activities{log: testenv.Logger(t)}
	fields := map[string]any{"full_name": "Maria Alvarez", "license_number": "RN965991", "state": "OK", "expiration_date": "2027-04-30", "license_status": "Active"}
	in := rules.Input{DocumentType: "nursing_license", Readable: true, Fields: fields, AsOf: sampledocs.DefaultAsOf()}
	tree := rules.Tree{Requirement: "nursing_license", Result: rules.Valid, Rules: []rules.RuleResult{{Rule: rules.RuleDocumentType, Result: rules.Pass}}}
	if err := a.checkSources(context.Background(), a.log, []sourceCheck{{id: "x", tree: &tree, in: in}, {}}); err != nil {
		t.Fatal(err)
	}
	last := tree.Rules[len(tree.Rules)-1]
	if tree.Result != rules.NotSupported || last.Reason != rules.ReasonSourceUnavailable || last.Source.Error != "no license lookup is configured for this service" {
		t.Fatalf("tree %s, rule %+v", tree.Result, last)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a.primary.Licenses = cancelled{}
	tree.Rules = tree.Rules[:1]
	if err := a.checkSources(ctx, a.log, []sourceCheck{{id: "x", tree: &tree, in: in}}); err == nil {
		t.Fatal("a cancelled check recorded a rule instead of failing")
	}
}

// cancelled is a license lookup whose caller gave up.
type cancelled struct{}

func (cancelled) Lookup(ctx context.Context, _ nursys.Query) (nursys.Result, error) {
	return nursys.Result{}, ctx.Err()
}

// TestSamplePacketKnownToTheSandboxes: the nursing license and the BLS
// card of docs/samples/packet.pdf (the README's walk-through) are held by
// the sandboxes as printed, and confirmed at their sources.
func TestSamplePacketKnownToTheSandboxes(t *testing.T) {
	f := newSourceFixture(t)
	pdf, err := os.ReadFile(filepath.Join("..", "docs", "samples", "packet.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	f.pdf = pdf
	f.person = sampledocs.Person{FirstName: "Maria", LastName: "Alvarez"}
	for req, docType := range map[string]string{"nursing_license": "nursing_license", "bls": "bls"} {
		segs, v := f.process(t, store.ValidateOptions{Requirement: req, Source: true})
		rr, result := sourceRule(t, segs[docType])
		if rr.Result != rules.Pass || result != rules.Valid || v.Result == nil || *v.Result != rules.Valid {
			t.Fatalf("%s of the sample packet: %s %s %q; rollup %v", req, result, rr.Reason, rr.Message, v.Result)
		}
	}
}
