package activities

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/internal/pdftext"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/statements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// withStatements gives the activities a renderer of cfg.
func withStatements(t *testing.T, cfg statements.Config) func(*Config) {
	return func(c *Config) {
		r, err := statements.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		c.Statements = r
	}
}

// statementFixture is a synced placement of OR-5 (a sandbox job with a
// cover sheet row, a STATEMENT requirement) whose candidate sent an
// upload with a date of birth.
func statementFixture(t *testing.T) (*syncFixture, *store.Placement) {
	t.Helper()
	f := newSyncFixture(t, withStatements(t, statements.Config{Logger: testenv.Logger(t)}))
	ctx := context.Background()
	title, facility := "Travel RN - Med/Surg", "Mercy Valley Health"
	if _, _, _, err := f.st.UpsertJob(ctx, store.JobInput{AccountID: f.account, VMSType: "sandbox", VMSJobRefID: "OR-5", Title: &title, Facility: &facility}); err != nil {
		t.Fatal(err)
	}
	j := f.job(t, "OR-5")
	f.syncJob(t, j)
	start := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)
	p := f.placement(t, j, "nurse-st-1", "Alvarez, Maria", "", &start)
	f.syncPlacement(t, p)
	file := &store.File{ID: uuid.New(), AccountID: f.account, BlobKey: "uploads/" + f.account + "/" + uuid.NewString(), Name: ptr("scan.pdf"),
		MimeType: "application/pdf", SHA256: "s", CreatedAt: time.Now().UTC()}
	cx, err := store.ToJSON(store.IntakeContext{FirstName: "Maria", MiddleName: "Elena", LastName: "Alvarez", DateOfBirth: "1990-04-12"})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.st.CreateIntake(ctx, &store.Intake{ID: uuid.New(), AccountID: f.account, ExternalID: "nurse-st-1", FileID: file.ID, Context: cx,
		WorkflowID: "intake/x", CreatedAt: time.Now().UTC()}, file); err != nil {
		t.Fatal(err)
	}
	return f, p
}

func ptr[T any](v T) *T { return &v }

func TestStatementData(t *testing.T) {
	f, p := statementFixture(t)
	ctx := context.Background()
	gen := time.Date(2026, 11, 24, 15, 4, 5, 0, time.UTC)
	d, err := f.acts.statementData(ctx, StatementDataInput{AccountID: f.account, PlacementID: &p.ID, PacketGroup: "HR Forms", GeneratedAt: gen})
	if err != nil {
		t.Fatal(err)
	}
	c := d.Candidate
	if c.FullName() != "Maria Elena Alvarez" || !c.DateOfBirth.Equal(time.Date(1990, 4, 12, 0, 0, 0, 0, time.UTC)) || c.ExternalID != "nurse-st-1" ||
		d.CandidateID != "nurse-st-1" || d.PartnerID != p.ID.String() || !d.GeneratedAt.Equal(gen) {
		t.Fatalf("candidate %+v, data %+v", c, d)
	}
	if d.Job.Title != "Travel RN - Med/Surg" || d.Job.Facility != "Mercy Valley Health" || d.Job.Ref != "OR-5" || d.Job.VMSType != "sandbox" {
		t.Fatalf("job %+v", d.Job)
	}
	if d.Placement.ID != p.ID.String() || !d.Placement.StartDate.Equal(time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)) || d.Placement.Status != "ACTIVE" {
		t.Fatalf("placement %+v", d.Placement)
	}
	stored := f.storedPlacement(t, p)
	var want []string
	for _, r := range stored.Requirements {
		if r.PacketGroup == "HR Forms" {
			want = append(want, r.Label+"="+r.Status)
		}
	}
	var got []string
	for _, r := range d.Requirements {
		got = append(got, r.Label+"="+r.Status)
	}
	if len(want) == 0 || strings.Join(got, "|") != strings.Join(want, "|") {
		var groups []string
		for _, r := range stored.Requirements {
			groups = append(groups, r.PacketGroup+"/"+deref(r.RequirementKey))
		}
		t.Fatalf("the HR Forms rows: %q, want %q (rows %q)", got, want, groups)
	}
	all, err := f.acts.statementData(ctx, StatementDataInput{AccountID: f.account, PlacementID: &p.ID})
	if err != nil || len(all.Requirements) != len(stored.Requirements) {
		t.Fatalf("every row: %d of %d, %v", len(all.Requirements), len(stored.Requirements), err)
	}

	// Without a placement: the candidate only (from the uploads and the
	// candidate's placement), everything else blank.
	d, err = f.acts.statementData(ctx, StatementDataInput{AccountID: f.account, CandidateID: "nurse-st-1"})
	if err != nil || d.Candidate.FullName() != "Maria Elena Alvarez" || d.Job.Title != "" || d.Placement.ID != "" || len(d.Requirements) != 0 {
		t.Fatalf("without a placement: %+v, %v", d, err)
	}
	// Ids that name nothing: blanks, not errors.
	gone := uuid.New()
	d, err = f.acts.statementData(ctx, StatementDataInput{AccountID: f.account, PlacementID: &gone, CandidateID: "nobody"})
	if err != nil || d.Candidate.FullName() != "" || !d.Candidate.DateOfBirth.IsZero() || d.Job.Title != "" || d.CandidateID != "nobody" {
		t.Fatalf("nothing named: %+v, %v", d, err)
	}
}

func TestRenderRowStatement(t *testing.T) {
	f, p := statementFixture(t)
	var rs workflows.RowStatements
	f.run(t, &rs, f.acts.EnsureRowStatements, f.placementIn(p))
	if len(rs.Statements) != 1 || rs.Statements[0].PlacementID != p.ID.String() {
		t.Fatalf("row statements %+v", rs)
	}
	in := workflows.StatementInput{AccountID: f.account, StatementID: rs.Statements[0].StatementID}
	var res workflows.RenderStatementResult
	f.run(t, &res, f.acts.RenderStatement, in)
	st := stored(t, f, f.st.Statement, uuid.MustParse(in.StatementID))
	if st.Status != store.StatementReady || st.File == nil || st.File.ID.String() != res.FileID || deref(st.File.Name) != "coversheet.pdf" {
		t.Fatalf("statement %+v", st)
	}
	pdf, err := f.blobs.Get(context.Background(), st.File.BlobKey)
	if err != nil {
		t.Fatal(err)
	}
	text := pdftext.Folded(t, pdf)
	for _, want := range []string{"Packet cover sheet", "Maria Elena Alvarez", "April 12, 1990", "Travel RN - Med/Surg", "March 1, 2027",
		"Generated " + st.CreatedAt.UTC().Format("January 2, 2006")} {
		if !strings.Contains(text, want) {
			t.Errorf("the cover sheet lacks %q: %s", want, text)
		}
	}
	row := f.row(t, p, "coversheet")
	if row.Status != requirements.StatusFulfilled || deref(row.EvidenceKind) != store.EvidenceStatement || deref(row.EvidenceID) != in.StatementID {
		t.Fatalf("row %s %s/%s", row.Status, deref(row.EvidenceKind), deref(row.EvidenceID))
	}
	// A retry answers the same file.
	var again workflows.RenderStatementResult
	f.run(t, &again, f.acts.RenderStatement, in)
	if again != res {
		t.Fatalf("a retry answered %+v, want %+v", again, res)
	}
}

func TestRenderStatementFailures(t *testing.T) {
	f, p := statementFixture(t)
	ctx := context.Background()
	newStatement := func(tmpl string) workflows.StatementInput {
		st, err := f.st.CreateStatement(ctx, store.StatementInput{AccountID: f.account, Template: tmpl, ExternalUserID: "nurse-st-1",
			PartnerID: p.ID.String(), CandidateID: "nurse-st-1"}, func(id uuid.UUID) string { return workflows.StatementWorkflowID(id.String()) })
		if err != nil {
			t.Fatal(err)
		}
		return workflows.StatementInput{AccountID: f.account, StatementID: st.ID.String()}
	}
	// A renderer that fails: WeasyPrint stood in for by a program that
	// exits 1.
	broken := f.variant(t, withStatements(t, statements.Config{Binary: "false", Logger: testenv.Logger(t)}))
	other := testenv.Account(t, f.st, "acct", "")
	tests := []struct {
		name      string
		acts      *syncFixture
		in        workflows.StatementInput
		typ       string
		retryable bool
		message   string
	}{
		{"template no longer listed", f, newStatement("invoice"), workflows.ErrBadStatement, false, "template removed"},
		{"the renderer fails", broken, newStatement("attestation"), "RenderFailed", true, ""},
		{"unknown statement", f, workflows.StatementInput{AccountID: f.account, StatementID: uuid.NewString()}, workflows.ErrGone, false, ""},
		{"another account's statement", f, workflows.StatementInput{AccountID: other, StatementID: newStatement("attestation").StatementID}, workflows.ErrGone, false, ""},
		{"malformed id", f, workflows.StatementInput{AccountID: f.account, StatementID: "st-1"}, workflows.ErrBadInput, false, `statement_id "st-1" is not a UUID`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.acts.env.ExecuteActivity(tt.acts.acts.RenderStatement, tt.in)
			ae := appErrorOf(t, err)
			if ae.Type() != tt.typ {
				t.Fatalf("err type %q, want %q: %v", ae.Type(), tt.typ, err)
			}
			if ae.NonRetryable() == tt.retryable {
				t.Errorf("non-retryable = %v, want %v", ae.NonRetryable(), !tt.retryable)
			}
			if tt.message != "" && ae.Message() != tt.message {
				t.Errorf("message %q, want %q", ae.Message(), tt.message)
			}
			if tt.retryable && ae.Message() == "" {
				t.Error("a renderer failure without its reason")
			}
		})
	}

	// The workflow records the failure.
	in := newStatement("invoice")
	if _, err := f.env.ExecuteActivity(f.acts.FailStatement, workflows.FailStatementInput{AccountID: f.account, StatementID: in.StatementID,
		Reason: "template removed"}); err != nil {
		t.Fatal(err)
	}
	if st := stored(t, f, f.st.Statement, uuid.MustParse(in.StatementID)); st.Status != store.StatementFailed || st.Reason != "template removed" {
		t.Fatalf("statement %+v", st)
	}
	// A FAILED statement is not rendered again.
	_, err := f.env.ExecuteActivity(f.acts.RenderStatement, in)
	if ae := appErrorOf(t, err); ae.Type() != workflows.ErrBadStatement || ae.Message() != "template removed" {
		t.Fatalf("rendering a FAILED statement: %v", err)
	}
}
