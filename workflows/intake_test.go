package workflows

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/segmenter"
)

// fakeActivities records what the workflow asked for. Each test sets the
// behaviour it needs; the workflow under test is the real one.
type fakeActivities struct {
	mu        sync.Mutex
	analyze   func(AnalyzeInput) (AnalyzeResult, error)
	ocrCalls  []int
	split     []pipeline.PageRange
	recorded  []RecordSplitInput
	processed []ProcessSegmentInput
	finished  []FinishIntakeInput
	histories []FraudHistoryInput
	purged    []PurgeInput
	segErr    error
	started   int
	judged    []JudgeScanInput
	failedScn []FinishScanInput
}

func (f *fakeActivities) register(env *testsuite.TestWorkflowEnvironment) {
	reg := func(fn any, name string) { env.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name}) }
	reg(func(ctx context.Context, in AnalyzeInput) (AnalyzeResult, error) { return f.analyze(in) }, ActAnalyze)
	reg(func(ctx context.Context, in OCRPageInput) (PageRef, error) {
		f.mu.Lock()
		f.ocrCalls = append(f.ocrCalls, in.Page)
		f.mu.Unlock()
		return PageRef{Number: in.Page, TextKey: PageTextKey(WorkPrefix(in.Kind, in.OwnerID), in.Page),
			Features: segmenter.PageFeatures{Index: in.Page - 1, Readable: true, Type: "bls"}}, nil
	}, ActOCRPage)
	reg(func(ctx context.Context, in SplitInput) (SplitResult, error) {
		if f.split != nil {
			return SplitResult{Ranges: f.split}, nil
		}
		return SplitResult{Ranges: []pipeline.PageRange{{Start: 1, End: len(in.Pages)}}}, nil
	}, ActSplit)
	reg(recording(&f.mu, &f.recorded), ActRecordSplit)
	reg(func(ctx context.Context, in ProcessSegmentInput) (ProcessSegmentResult, error) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.processed = append(f.processed, in)
		if f.segErr != nil {
			return ProcessSegmentResult{}, f.segErr
		}
		return ProcessSegmentResult{SegmentID: in.Segment.ID, Status: "SUCCESS", DocumentType: "bls"}, nil
	}, ActProcessSegment)
	reg(func(ctx context.Context, in ProcessSegmentsInput) (ProcessSegmentsResult, error) {
		f.mu.Lock()
		defer f.mu.Unlock()
		var out ProcessSegmentsResult
		for _, w := range in.Segments {
			f.processed = append(f.processed, ProcessSegmentInput{AccountID: in.AccountID, IntakeID: in.IntakeID, Segment: w.Spec, TextKeys: w.TextKeys})
			if f.segErr != nil {
				return ProcessSegmentsResult{}, f.segErr
			}
			out.Segments = append(out.Segments, ProcessSegmentResult{SegmentID: w.Spec.ID, Status: "SUCCESS", DocumentType: "bls"})
		}
		return out, nil
	}, ActProcessSegments)
	reg(recording(&f.mu, &f.finished), ActFinishIntake)
	reg(recording(&f.mu, &f.histories), ActCheckFraudHistory)
	reg(answering(&f.mu, &f.purged, func(PurgeInput) PurgeResult { return PurgeResult{Deleted: 3} }), ActPurge)
	reg(func(ctx context.Context, in ScanRef) error {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.started++
		return nil
	}, ActStartScan)
	reg(answering(&f.mu, &f.judged, func(in JudgeScanInput) ProcessSegmentResult {
		return ProcessSegmentResult{SegmentID: in.ScanID, Status: "SUCCESS", DocumentType: "acls"}
	}), ActJudgeScan)
	reg(recording(&f.mu, &f.failedScn), ActFinishScan)
}

func textPages(n int) AnalyzeResult {
	an := AnalyzeResult{UploadPDF: UploadPDF{PDFKey: "uploads/a/f", Info: pdfdoc.Info{PageCount: n}}}
	for p := 1; p <= n; p++ {
		an.TextPages = append(an.TextPages, PageRef{Number: p, TextKey: PageTextKey("intakes/i/", p),
			Features: segmenter.PageFeatures{Index: p - 1, Readable: true, Type: "bls"}})
		an.LongSides = append(an.LongSides, 792)
	}
	return an
}

const intakeID = "6f1c2e57-8a7d-4d2b-9c1e-0a5b7c3d9e11"

var intakeIn = IntakeInput{IntakeID: intakeID, AccountID: "acme", ExternalID: "cand-1", FileKey: "uploads/acme/f", MimeType: "application/pdf"}

func newEnv(t *testing.T, f *fakeActivities) *testsuite.TestWorkflowEnvironment {
	var suite testsuite.WorkflowTestSuite
	env := suite.NewTestWorkflowEnvironment()
	env.RegisterWorkflow(IntakeWorkflow)
	env.RegisterWorkflow(DocumentScanWorkflow)
	env.RegisterWorkflow(PurgeWorkflow)
	f.register(env)
	return env
}

func TestIntakeWorkflowSuccess(t *testing.T) {
	f := &fakeActivities{analyze: func(AnalyzeInput) (AnalyzeResult, error) {
		an := textPages(4)
		// Pages 2 and 4 have no text layer.
		an.TextPages = []PageRef{an.TextPages[0], an.TextPages[2]}
		an.NeedOCR = []int{2, 4}
		return an, nil
	}, split: []pipeline.PageRange{{Start: 1, End: 1}, {Start: 2, End: 4}}}
	env := newEnv(t, f)
	env.ExecuteWorkflow(IntakeWorkflow, intakeIn)
	if !env.IsWorkflowCompleted() || env.GetWorkflowError() != nil {
		t.Fatalf("workflow: completed=%v err=%v", env.IsWorkflowCompleted(), env.GetWorkflowError())
	}
	var out IntakeOutput
	if err := env.GetWorkflowResult(&out); err != nil {
		t.Fatal(err)
	}
	if out.Status != "SUCCESS" || out.PageCount != 4 || out.Segments != 2 {
		t.Fatalf("output = %+v", out)
	}
	if len(f.ocrCalls) != 2 {
		t.Fatalf("OCR calls = %v, want pages 2 and 4", f.ocrCalls)
	}
	if len(f.recorded) != 1 || len(f.recorded[0].Segments) != 2 || f.recorded[0].Segments[1].PageStart != 2 {
		t.Fatalf("recorded split = %+v", f.recorded)
	}
	if len(f.processed) != 2 {
		t.Fatalf("processed = %+v", f.processed)
	}
	for _, p := range f.processed {
		if p.Segment.ID != SegmentID(intakeID, p.Segment.Index) {
			t.Fatalf("segment id not derived from the intake: %+v", p.Segment)
		}
		if p.Segment.Index == 1 && (len(p.TextKeys) != 3 || p.TextKeys[0] != PageTextKey("intakes/"+intakeID+"/", 2)) {
			t.Fatalf("segment 1 text keys = %v", p.TextKeys)
		}
	}
	if len(f.finished) != 1 || f.finished[0].Status != "SUCCESS" || *f.finished[0].PageCount != 4 {
		t.Fatalf("finished = %+v", f.finished)
	}
}

func TestIntakeWorkflowBadFile(t *testing.T) {
	f := &fakeActivities{analyze: func(AnalyzeInput) (AnalyzeResult, error) {
		return AnalyzeResult{}, temporal.NewNonRetryableApplicationError("encrypted", ErrBadFile, nil,
			FileProblem{Code: "encrypted_file", Message: "the PDF is password-protected"})
	}}
	env := newEnv(t, f)
	env.ExecuteWorkflow(IntakeWorkflow, intakeIn)
	var out IntakeOutput
	if err := env.GetWorkflowResult(&out); err != nil {
		t.Fatal(err)
	}
	if out.Status != "FAILED" || out.ErrorCode != "encrypted_file" {
		t.Fatalf("output = %+v", out)
	}
	if len(f.finished) != 1 || f.finished[0].Status != "FAILED" || f.finished[0].ErrorCode != "encrypted_file" || f.finished[0].ErrorMessage == "" {
		t.Fatalf("finished = %+v", f.finished)
	}
}

func TestIntakeWorkflowRetriesTransientFailures(t *testing.T) {
	calls := 0
	f := &fakeActivities{analyze: func(AnalyzeInput) (AnalyzeResult, error) {
		calls++
		if calls < 3 {
			return AnalyzeResult{}, errors.New("database is restarting")
		}
		return textPages(1), nil
	}}
	env := newEnv(t, f)
	env.ExecuteWorkflow(IntakeWorkflow, intakeIn)
	var out IntakeOutput
	if err := env.GetWorkflowResult(&out); err != nil {
		t.Fatal(err)
	}
	if calls != 3 || out.Status != "SUCCESS" {
		t.Fatalf("calls=%d output=%+v", calls, out)
	}
}

func TestIntakeWorkflowGivesUpAfterRetries(t *testing.T) {
	calls := 0
	f := &fakeActivities{analyze: func(AnalyzeInput) (AnalyzeResult, error) {
		calls++
		return AnalyzeResult{}, errors.New("storage is down")
	}}
	env := newEnv(t, f)
	env.ExecuteWorkflow(IntakeWorkflow, intakeIn)
	var out IntakeOutput
	if err := env.GetWorkflowResult(&out); err != nil {
		t.Fatal(err)
	}
	if calls != 10 || out.Status != "FAILED" || out.ErrorCode != "processing_failed" {
		t.Fatalf("calls=%d output=%+v", calls, out)
	}
}

func TestIntakeWorkflowStopsWhenDeleted(t *testing.T) {
	f := &fakeActivities{analyze: func(AnalyzeInput) (AnalyzeResult, error) { return textPages(2), nil },
		segErr: temporal.NewNonRetryableApplicationError("gone", ErrGone, nil)}
	env := newEnv(t, f)
	env.ExecuteWorkflow(IntakeWorkflow, intakeIn)
	var out IntakeOutput
	if err := env.GetWorkflowResult(&out); err != nil {
		t.Fatal(err)
	}
	if out.Status != "DELETED" || len(f.finished) != 0 {
		t.Fatalf("output=%+v finished=%+v", out, f.finished)
	}
}

func TestIntakeWorkflowCancelledCleansUp(t *testing.T) {
	f := &fakeActivities{analyze: func(AnalyzeInput) (AnalyzeResult, error) {
		time.Sleep(10 * time.Millisecond)
		return textPages(1), nil
	}}
	env := newEnv(t, f)
	env.RegisterDelayedCallback(func() { env.CancelWorkflow() }, 0)
	env.ExecuteWorkflow(IntakeWorkflow, intakeIn)
	if err := env.GetWorkflowError(); !temporal.IsCanceledError(err) {
		t.Fatalf("err = %v, want canceled", err)
	}
	if len(f.purged) != 1 || f.purged[0].ID != intakeID || f.purged[0].FileID != "" {
		t.Fatalf("purged = %+v", f.purged)
	}
	if len(f.finished) != 0 {
		t.Fatalf("a cancelled intake was finished: %+v", f.finished)
	}
}

func TestDocumentScanWorkflow(t *testing.T) {
	f := &fakeActivities{analyze: func(in AnalyzeInput) (AnalyzeResult, error) {
		if in.Kind != KindDocumentScan {
			t.Errorf("kind = %q", in.Kind)
		}
		return textPages(2), nil
	}}
	env := newEnv(t, f)
	env.ExecuteWorkflow(DocumentScanWorkflow, DocumentScanInput{ScanID: intakeID, AccountID: "acme", FileKey: "k", MimeType: "application/pdf"})
	var out DocumentScanOutput
	if err := env.GetWorkflowResult(&out); err != nil {
		t.Fatal(err)
	}
	if out.Status != "SUCCESS" || out.DocumentType != "acls" || f.started != 1 || len(f.judged) != 1 || len(f.judged[0].TextKeys) != 2 {
		t.Fatalf("out=%+v started=%d judged=%+v", out, f.started, f.judged)
	}
}

func TestDocumentScanWorkflowBadFile(t *testing.T) {
	f := &fakeActivities{analyze: func(AnalyzeInput) (AnalyzeResult, error) {
		return AnalyzeResult{}, temporal.NewNonRetryableApplicationError("corrupt", ErrBadFile, nil, FileProblem{Code: "corrupt_file", Message: "damaged"})
	}}
	env := newEnv(t, f)
	env.ExecuteWorkflow(DocumentScanWorkflow, DocumentScanInput{ScanID: intakeID, AccountID: "acme", FileKey: "k", MimeType: "application/pdf"})
	var out DocumentScanOutput
	if err := env.GetWorkflowResult(&out); err != nil {
		t.Fatal(err)
	}
	if out.Status != "FAILED" || len(f.failedScn) != 1 || f.failedScn[0].ErrorCode != "corrupt_file" {
		t.Fatalf("out=%+v failed=%+v", out, f.failedScn)
	}
}

func TestPurgeWorkflow(t *testing.T) {
	f := &fakeActivities{}
	env := newEnv(t, f)
	env.OnRequestCancelExternalWorkflow("default-test-namespace", IntakeWorkflowID(intakeID), "").Return(errors.New("workflow already completed"))
	env.ExecuteWorkflow(PurgeWorkflow, PurgeInput{Kind: KindIntake, ID: intakeID, AccountID: "acme", FileID: "f"})
	var res PurgeResult
	if err := env.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	if res.Deleted != 3 || len(f.purged) != 1 || f.purged[0].FileID != "f" {
		t.Fatalf("res=%+v purged=%+v", res, f.purged)
	}
}

func TestBatches(t *testing.T) {
	var works []SegmentWork
	for i, n := range []int{1, 1, 2, 9, 1, 1, 1, 1, 1, 1} {
		start := 1
		if i > 0 {
			start = works[i-1].Spec.PageEnd + 1
		}
		works = append(works, SegmentWork{Spec: SegmentSpec{Index: i, PageStart: start, PageEnd: start + n - 1}})
	}
	batches := Batches(works)
	var sizes []int
	seen := 0
	for _, b := range batches {
		sizes = append(sizes, len(b))
		for _, w := range b {
			if w.Spec.Index != seen {
				t.Fatalf("batches reorder segments: %v", batches)
			}
			seen++
		}
	}
	if seen != len(works) || len(batches) != 3 || sizes[0] != 3 || sizes[1] != 1 || sizes[2] != 6 {
		t.Fatalf("batch sizes %v", sizes)
	}
	if Batches(nil) != nil {
		t.Fatal("no segments, no batches")
	}
}

func TestSegmentIDIsStable(t *testing.T) {
	a, b := SegmentID(intakeID, 3), SegmentID(intakeID, 3)
	if a != b || a == SegmentID(intakeID, 4) || a == SegmentID("7f1c2e57-8a7d-4d2b-9c1e-0a5b7c3d9e11", 3) {
		t.Fatal("segment ids are not a function of intake and index")
	}
}
