package store_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
)

func statementWorkflowID(id uuid.UUID) string { return "statement/" + id.String() }

// templateOf is the catalog's template of the STATEMENT requirements the
// tests use.
func templateOf(key string) string {
	if r, ok := testCatalog.Requirement(key); ok {
		return r.Template
	}
	return ""
}

// statementPlacement is a placement (ATS ref BH-<ext>, VMS ref V-<ext>)
// with an attestation row in the Statements packet and a BLS row.
func statementPlacement(t *testing.T, st *store.Store, acc, ext string) *store.Placement {
	t.Helper()
	job := sandboxJob(t, st, acc, "ICU-"+ext)
	p, _, err := st.CreatePlacement(context.Background(), store.PlacementInput{AccountID: acc, JobID: job.ID, ExternalID: ext,
		CandidateName: ptr("Maria Alvarez"), ATSPlacementRefID: ptr("BH-" + ext), VMSPlacementRefID: ptr("V-" + ext)})
	if err != nil {
		t.Fatal(err)
	}
	apply(t, st, acc, p.ID, keyRow(t, "attestation_statement", "Signed attestation", "Statements", 1),
		keyRow(t, "bls", "BLS", "Credentials", 2))
	return load(t, st, acc, p.ID)
}

func TestCreateStatementFindsThePlacement(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "stmt")
	p := statementPlacement(t, st, acc, "n-1")
	theirs := statementPlacement(t, st, other, "n-9")
	tests := []struct {
		name, partner string
		want          *uuid.UUID
	}{
		{"by id", p.ID.String(), &p.ID},
		{"by ATS reference", "BH-n-1", &p.ID},
		{"by VMS reference", "V-n-1", &p.ID},
		{"names nothing", "mercy-general", nil},
		{"none", "", nil},
		{"another account's placement", theirs.ID.String(), nil},
		{"another account's reference", "BH-n-9", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := st.CreateStatement(ctx, store.StatementInput{AccountID: acc, Template: "coversheet", ExternalUserID: "n-1",
				PartnerID: tt.partner, CandidateID: "n-1"}, statementWorkflowID)
			if err != nil {
				t.Fatal(err)
			}
			if (s.PlacementID == nil) != (tt.want == nil) || (tt.want != nil && *s.PlacementID != *tt.want) {
				t.Fatalf("placement = %v, want %v", s.PlacementID, tt.want)
			}
			got := read(t, st.Statement, acc, s.ID)
			if got.Status != store.StatementPending || got.PartnerID != tt.partner || got.Template != "coversheet" || got.WorkflowID != statementWorkflowID(s.ID) ||
				got.File != nil || got.PlacementRequirementID != nil {
				t.Fatalf("stored %+v", got)
			}
			wantNotFound(t, "another account's statement", errOf(st.Statement(ctx, other, s.ID)))
		})
	}
	wantNotFound(t, "an unknown statement", errOf(st.Statement(ctx, acc, uuid.New())))
}

func TestRowStatementsLifecycle(t *testing.T) {
	ctx, st, acc := setUp(t, "stmt-rows")
	p := statementPlacement(t, st, acc, "n-2")
	att := rowOf(t, p, "key:attestation_statement")
	if att.Status != requirements.StatusInProgress {
		t.Fatalf("the attestation row is %s, want IN_PROGRESS", att.Status)
	}

	// Concurrent syncs make one statement for the row.
	var mu sync.Mutex
	var got [][]store.Statement
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			sts, err := st.EnsureRowStatements(ctx, acc, p.ID, templateOf, statementWorkflowID)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			got = append(got, sts)
			mu.Unlock()
		})
	}
	wg.Wait()
	var stmt store.Statement
	for _, sts := range got {
		if len(sts) != 1 || (stmt.ID != uuid.Nil && sts[0].ID != stmt.ID) {
			t.Fatalf("EnsureRowStatements answers %+v", got)
		}
		stmt = sts[0]
	}
	if stmt.Template != "attestation" || stmt.PlacementRequirementID == nil || *stmt.PlacementRequirementID != att.ID ||
		stmt.PlacementID == nil || *stmt.PlacementID != p.ID || stmt.ExternalUserID != "n-2" || stmt.CandidateID != "n-2" {
		t.Fatalf("the row's statement: %+v", stmt)
	}
	p = load(t, st, acc, p.ID)
	if r := rowOf(t, p, "key:attestation_statement"); r.Status != requirements.StatusInProgress || r.StatusReason != "waiting for its statement "+stmt.ID.String() {
		t.Fatalf("row %s: %q", r.Status, r.StatusReason)
	}
	// Not started yet: listed again (and to the resumer), but not made
	// again; once started, not listed.
	unstarted, err := st.UnstartedStatements(ctx, time.Now().Add(time.Second), 1000)
	if err != nil || !slices.ContainsFunc(unstarted, func(s store.Statement) bool { return s.ID == stmt.ID }) {
		t.Fatalf("UnstartedStatements: %v", err)
	}
	if err := st.MarkWorkflowStarted(ctx, store.KindStatement, stmt.ID); err != nil {
		t.Fatal(err)
	}
	if sts, err := st.EnsureRowStatements(ctx, acc, p.ID, templateOf, statementWorkflowID); err != nil || len(sts) != 0 {
		t.Fatalf("after the start: %+v, %v", sts, err)
	}

	// READY: the file is stored and the row FULFILLED, its packet READY.
	f := &store.File{ID: uuid.New(), AccountID: acc, BlobKey: "statements/" + acc + "/" + stmt.ID.String() + ".pdf", Name: ptr("attestation.pdf"),
		MimeType: "application/pdf", SizeBytes: 10, SHA256: "x", CreatedAt: time.Now().UTC()}
	done, err := st.FinishStatement(ctx, acc, stmt.ID, f)
	if err != nil || done.Status != store.StatementReady || done.FileID == nil || *done.FileID != f.ID {
		t.Fatalf("FinishStatement = %+v, %v", done, err)
	}
	again, err := st.FinishStatement(ctx, acc, stmt.ID, &store.File{ID: uuid.New(), AccountID: acc, BlobKey: "x", MimeType: "application/pdf", SHA256: "y"})
	if err != nil || *again.FileID != f.ID {
		t.Fatalf("a repeated FinishStatement changed the file: %+v, %v", again, err)
	}
	if s := read(t, st.Statement, acc, stmt.ID); s.File == nil || s.File.ID != f.ID || s.Status != store.StatementReady {
		t.Fatalf("stored %+v", s)
	}
	p = load(t, st, acc, p.ID)
	r := rowOf(t, p, "key:attestation_statement")
	if r.Status != requirements.StatusFulfilled || deref(r.EvidenceKind) != store.EvidenceStatement || deref(r.EvidenceID) != stmt.ID.String() {
		t.Fatalf("row %s %s/%s", r.Status, deref(r.EvidenceKind), deref(r.EvidenceID))
	}
	if pk := packetOf(t, p, "Statements"); pk.Status != "READY" {
		t.Fatalf("packet Statements is %s", pk.Status)
	}
	if trail := trailOf(t, st, acc, p.ID, att.ID.String()); !slices.Contains(trail, "IN_PROGRESS>FULFILLED: statement "+stmt.ID.String()+" is ready") {
		t.Fatalf("row trail %q", trail)
	}
	// A READY statement stays READY.
	if s, err := st.FailStatement(ctx, acc, stmt.ID, "late"); err != nil || s.Status != store.StatementReady {
		t.Fatalf("FailStatement on READY = %+v, %v", s, err)
	}

	// The row's documents: the statement's file.
	docs, err := st.RowDocuments(ctx, acc, p.Requirements)
	if err != nil {
		t.Fatal(err)
	}
	if d := docs[att.ID]; d != (store.RowDocument{Type: "statement: attestation", FileName: "attestation.pdf", ID: stmt.ID.String()}) {
		t.Fatalf("the attestation row's document: %+v", d)
	}
	if d, ok := docs[rowOf(t, p, "key:bls").ID]; ok {
		t.Fatalf("a row without evidence has a document: %+v", d)
	}

	// The row skipped and open again: a new statement; the READY one is
	// kept, no longer the row's.
	update(t, st, acc, p.ID, att.ID, store.RowUpdate{Status: requirements.StatusSkipped, Reason: "not for this client", EvidenceKind: store.EvidencePerson})
	update(t, st, acc, p.ID, att.ID, store.RowUpdate{Status: requirements.StatusInProgress, Reason: "needed after all"})
	renewed, err := st.EnsureRowStatements(ctx, acc, p.ID, templateOf, statementWorkflowID)
	if err != nil || len(renewed) != 1 || renewed[0].ID == stmt.ID || *renewed[0].PlacementRequirementID != att.ID {
		t.Fatalf("a row open again: %+v, %v", renewed, err)
	}
	if old := read(t, st.Statement, acc, stmt.ID); old.Status != store.StatementReady || old.PlacementRequirementID != nil {
		t.Fatalf("the earlier statement: %+v", old)
	}
}

func TestFailedRowStatementLeavesTheRowInProgress(t *testing.T) {
	ctx, st, acc := setUp(t, "stmt-fail")
	p := statementPlacement(t, st, acc, "n-3")
	sts, err := st.EnsureRowStatements(ctx, acc, p.ID, templateOf, statementWorkflowID)
	if err != nil || len(sts) != 1 {
		t.Fatalf("EnsureRowStatements = %+v, %v", sts, err)
	}
	s, err := st.FailStatement(ctx, acc, sts[0].ID, "template removed")
	if err != nil || s.Status != store.StatementFailed || s.Reason != "template removed" {
		t.Fatalf("FailStatement = %+v, %v", s, err)
	}
	p = load(t, st, acc, p.ID)
	r := rowOf(t, p, "key:attestation_statement")
	if want := "its statement " + sts[0].ID.String() + " failed: template removed"; r.Status != requirements.StatusInProgress || r.StatusReason != want {
		t.Fatalf("row %s %q, want IN_PROGRESS %q", r.Status, r.StatusReason, want)
	}
	// The row has its (failed) statement: no second one.
	if again, err := st.EnsureRowStatements(ctx, acc, p.ID, templateOf, statementWorkflowID); err != nil || len(again) != 0 {
		t.Fatalf("after the failure: %+v, %v", again, err)
	}
	if got := read(t, st.Statement, acc, sts[0].ID); got.Status != store.StatementFailed || got.Reason != "template removed" {
		t.Fatalf("stored %+v", got)
	}
	db := testenv.Conn(t)
	if trail := auditOf(t, db, acc, store.KindStatement, sts[0].ID.String()); !slices.Equal(trail,
		[]string{">PENDING: created for requirement Signed attestation", "PENDING>FAILED: template removed"}) {
		t.Fatalf("statement trail %q", trail)
	}
}

func TestCandidateDetailsAndSegmentDocuments(t *testing.T) {
	ctx, st, acc := setUp(t, "stmt-cand")
	p := statementPlacement(t, st, acc, "n-4")
	if d, err := st.CandidateDetails(ctx, acc, "nobody"); err != nil || d.Placement != nil || d.Context != (store.IntakeContext{}) {
		t.Fatalf("an unknown candidate: %+v, %v", d, err)
	}
	f := &store.File{ID: uuid.New(), AccountID: acc, BlobKey: "uploads/" + acc + "/" + uuid.NewString(), Name: ptr("bls-card.pdf"),
		MimeType: "application/pdf", SHA256: "z", CreatedAt: time.Now().UTC()}
	cx, err := store.ToJSON(store.IntakeContext{FirstName: "Maria", MiddleName: "Elena", LastName: "Alvarez", DateOfBirth: "1990-04-12"})
	if err != nil {
		t.Fatal(err)
	}
	in := &store.Intake{ID: uuid.New(), AccountID: acc, ExternalID: "n-4", FileID: f.ID, Context: cx, WorkflowID: "intake/x", CreatedAt: time.Now().UTC()}
	if err := st.CreateIntake(ctx, in, f); err != nil {
		t.Fatal(err)
	}
	d, err := st.CandidateDetails(ctx, acc, "n-4")
	if err != nil || d.Context.DateOfBirth != "1990-04-12" || d.Context.MiddleName != "Elena" || d.Placement == nil || d.Placement.ID != p.ID {
		t.Fatalf("CandidateDetails = %+v, %v", d, err)
	}
	seg := &store.Segment{ID: uuid.New(), AccountID: acc, IntakeID: in.ID, Index: 0, DocumentType: ptr("bls_card"), ScanStatus: "SUCCESS",
		CreatedAt: time.Now().UTC()}
	if err := st.SaveSegments(ctx, []*store.Segment{seg}); err != nil {
		t.Fatal(err)
	}
	bls := rowOf(t, p, "key:bls")
	update(t, st, acc, p.ID, bls.ID, store.RowUpdate{Status: requirements.StatusFulfilled, Reason: "ok", EvidenceKind: store.EvidenceSegment,
		EvidenceID: seg.ID.String()})
	p = load(t, st, acc, p.ID)
	docs, err := st.RowDocuments(ctx, acc, p.Requirements)
	if err != nil {
		t.Fatal(err)
	}
	if got := docs[bls.ID]; got != (store.RowDocument{Type: "bls_card", FileName: "bls-card.pdf", ID: seg.ID.String()}) {
		t.Fatalf("the BLS row's document: %+v", got)
	}
}
