package activities

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/segmenter"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// intake stores an upload of the packet and its PENDING intake, as the
// API does.
func (f *fixture) intake(t *testing.T, validate *store.ValidateOptions) *store.Intake {
	t.Helper()
	if f.pdf == nil {
		f.pdf, f.person = packet(t)
	}
	in := &store.Intake{AccountID: "acct-acts", ExternalID: "nurse-1"}
	storeIntake(t, f.st, f.blobs, in, f.person, validate, f.pdf)
	return in
}

// intakeOfFile stores another intake of the same account reusing first's
// file (a file_id upload).
func (f *fixture) intakeOfFile(t *testing.T, first *store.Intake) *store.Intake {
	t.Helper()
	in := &store.Intake{ID: uuid.New(), AccountID: first.AccountID, ExternalID: first.ExternalID, FileID: first.FileID, CreatedAt: time.Now().UTC()}
	in.WorkflowID = workflows.IntakeWorkflowID(in.ID.String())
	if err := f.st.CreateIntake(context.Background(), in, nil); err != nil {
		t.Fatal(err)
	}
	in.File = first.File
	return in
}

// prepare runs the steps before judging (analyse, split, record the split)
// and returns the batch input for ProcessSegments.
func (f *fixture) prepare(t *testing.T, in *store.Intake) workflows.ProcessSegmentsInput {
	t.Helper()
	var an workflows.AnalyzeResult
	f.run(t, &an, f.acts.Analyze, workflows.AnalyzeInput{Kind: workflows.KindIntake, OwnerID: in.ID.String(), AccountID: in.AccountID, FileKey: in.File.BlobKey, MimeType: in.File.MimeType})
	if len(an.NeedOCR) > 0 {
		t.Fatalf("text PDF pages sent to OCR: %v", an.NeedOCR)
	}
	var split workflows.SplitResult
	f.run(t, &split, f.acts.Split, workflows.SplitInput{Pages: featuresOf(an.TextPages)})
	batch := workflows.ProcessSegmentsInput{AccountID: in.AccountID, IntakeID: in.ID.String(), UploadPDF: an.UploadPDF}
	var specs []workflows.SegmentSpec
	for i, r := range split.Ranges {
		spec := workflows.SegmentSpec{ID: workflows.SegmentID(in.ID.String(), i), Index: i, PageStart: r.Start, PageEnd: r.End}
		specs = append(specs, spec)
		w := workflows.SegmentWork{Spec: spec}
		for p := r.Start; p <= r.End; p++ {
			w.TextKeys = append(w.TextKeys, an.TextPages[p-1].TextKey)
		}
		batch.Segments = append(batch.Segments, w)
	}
	f.run(t, nil, f.acts.RecordSplit, workflows.RecordSplitInput{AccountID: in.AccountID, IntakeID: in.ID.String(), PageCount: an.Info.PageCount, Segments: specs})
	return batch
}

func featuresOf(pages []workflows.PageRef) []segmenter.PageFeatures {
	out := make([]segmenter.PageFeatures, len(pages))
	for i, p := range pages {
		out[i] = p.Features
	}
	return out
}

// appError asserts err is a non-retryable application error of type typ.
func appError(t *testing.T, err error, typ string) {
	t.Helper()
	var appErr *temporal.ApplicationError
	if !errors.As(err, &appErr) {
		t.Fatalf("err = %v, want a %s application error", err, typ)
	}
	if appErr.Type() != typ || !appErr.NonRetryable() {
		t.Fatalf("err type %q non-retryable=%v, want %q non-retryable", appErr.Type(), appErr.NonRetryable(), typ)
	}
}

func packet(t *testing.T) ([]byte, sampledocs.Person) {
	t.Helper()
	r := sampledocs.Seeded(11)
	p := sampledocs.NewPerson(r)
	pdf, err := sampledocs.RenderPDF(
		sampledocs.Generate(r, "bls", p, sampledocs.Options{}),
		sampledocs.Generate(r, "tb_skin_test", p, sampledocs.Options{}),
	)
	if err != nil {
		t.Fatal(err)
	}
	return pdf, p
}

func TestProcessSegmentsAndFinishIntake(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	in := f.intake(t, &store.ValidateOptions{Requirement: "bls"})
	batch := f.prepare(t, in)
	if len(batch.Segments) != 2 {
		t.Fatalf("split into %d segments, want 2", len(batch.Segments))
	}

	var res workflows.ProcessSegmentsResult
	f.run(t, &res, f.acts.ProcessSegments, batch)
	wantTypes := []string{"bls", "tb_skin_test"}
	wantValidation := []string{"VALID", ""} // only the BLS card is a candidate for "bls"
	for i, s := range res.Segments {
		if s.Status != "SUCCESS" || s.DocumentType != wantTypes[i] || s.ValidationResult != wantValidation[i] {
			t.Errorf("segment %d = %+v, want SUCCESS %s %q", i, s, wantTypes[i], wantValidation[i])
		}
	}
	// A retried batch (the worker died after storing) stores the same.
	var again workflows.ProcessSegmentsResult
	f.run(t, &again, f.acts.ProcessSegments, batch)
	if len(again.Segments) != len(res.Segments) || again.Segments[0] != res.Segments[0] {
		t.Fatalf("retry = %+v, want %+v", again, res)
	}
	segs, err := f.st.Segments(ctx, in.AccountID, in.ID)
	if err != nil || len(segs) != 2 {
		t.Fatalf("stored segments: %d %v", len(segs), err)
	}
	for _, s := range segs {
		if s.FileKey == nil {
			t.Fatalf("segment %d has no PDF", s.Index)
		}
		if ok, err := f.blobs.Exists(ctx, *s.FileKey); err != nil || !ok {
			t.Fatalf("segment %d PDF missing: %v", s.Index, err)
		}
	}

	f.run(t, nil, f.acts.FinishIntake, workflows.FinishIntakeInput{AccountID: in.AccountID, IntakeID: in.ID.String(), Status: "SUCCESS"})
	done, _, err := f.st.Intake(ctx, in.AccountID, in.ID)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Requirement string  `json:"requirement"`
		Result      *string `json:"result"`
		DocumentID  *string `json:"document_id"`
	}
	if err := json.Unmarshal(done.Validation, &v); err != nil {
		t.Fatal(err)
	}
	if done.ScanStatus != "SUCCESS" || v.Requirement != "bls" || v.Result == nil || *v.Result != "VALID" || v.DocumentID == nil || *v.DocumentID != segs[0].ID.String() {
		t.Fatalf("finished intake: status %s validation %s", done.ScanStatus, done.Validation)
	}
	// Finishing again (a retry) is a no-op.
	f.run(t, nil, f.acts.FinishIntake, workflows.FinishIntakeInput{AccountID: in.AccountID, IntakeID: in.ID.String(), Status: "SUCCESS"})
}

func TestFinishIntakeFailedIsNotSupported(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	in := f.intake(t, &store.ValidateOptions{Requirement: "bls"})
	f.run(t, nil, f.acts.FinishIntake, workflows.FinishIntakeInput{
		AccountID: in.AccountID, IntakeID: in.ID.String(), Status: "FAILED", ErrorCode: "corrupt_file", ErrorMessage: "the file is damaged",
	})
	done, _, err := f.st.Intake(ctx, in.AccountID, in.ID)
	if err != nil {
		t.Fatal(err)
	}
	if done.ScanStatus != "FAILED" || done.ErrorCode == nil || *done.ErrorCode != "corrupt_file" {
		t.Fatalf("failed intake: %+v", done)
	}
	var v map[string]any
	if err := json.Unmarshal(done.Validation, &v); err != nil {
		t.Fatal(err)
	}
	if v["requirement"] != "bls" || v["result"] != "NOT_SUPPORTED" || v["document_id"] != nil {
		t.Fatalf("validation of a failed intake = %s", done.Validation)
	}
}

func TestIntakeActivityErrors(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	live := f.intake(t, nil)
	batch := f.prepare(t, live)

	deleted := f.intake(t, nil)
	deletedBatch := f.prepare(t, deleted)
	if _, _, err := f.st.DeleteIntake(ctx, deleted.AccountID, deleted.ID); err != nil {
		t.Fatal(err)
	}

	// A context whose named keys have the wrong types cannot come from the
	// API (it checks them); it stands for a corrupted row.
	corrupt := f.intake(t, nil)
	if _, err := testenv.Conn(t).Exec(ctx, `UPDATE intakes SET context = '{"first_name": 5}' WHERE id = $1`, corrupt.ID); err != nil {
		t.Fatal(err)
	}
	corruptBatch := batch
	corruptBatch.IntakeID = corrupt.ID.String()

	badID := batch
	badID.IntakeID = "not-a-uuid"
	badSegment := batch
	badSegment.Segments = append([]workflows.SegmentWork(nil), batch.Segments...)
	badSegment.Segments[0].Spec.ID = "segment-zero"

	tests := []struct {
		name string
		fn   any
		in   any
		typ  string
	}{
		{"malformed intake id", f.acts.ProcessSegments, badID, workflows.ErrBadInput},
		{"malformed segment id", f.acts.ProcessSegments, badSegment, workflows.ErrBadInput},
		{"deleted intake", f.acts.ProcessSegments, deletedBatch, workflows.ErrGone},
		{"corrupt stored context", f.acts.ProcessSegments, corruptBatch, workflows.ErrBadInput},
		{"finish: malformed id", f.acts.FinishIntake, workflows.FinishIntakeInput{AccountID: "acct-acts", IntakeID: "42", Status: "SUCCESS"}, workflows.ErrBadInput},
		{"finish: deleted intake", f.acts.FinishIntake, workflows.FinishIntakeInput{AccountID: "acct-acts", IntakeID: deleted.ID.String(), Status: "SUCCESS"}, workflows.ErrGone},
		{"finish: another account's intake", f.acts.FinishIntake, workflows.FinishIntakeInput{AccountID: "acct-other", IntakeID: live.ID.String(), Status: "SUCCESS"}, workflows.ErrGone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.env.ExecuteActivity(tt.fn, tt.in)
			appError(t, err, tt.typ)
		})
	}
}
