package workflows

import (
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/clearedtostart/compliance/segmenter"
)

// ActCheckFraudHistory compares an intake's judged segments with the
// account's earlier uploads for other candidates (workflows since version
// "fraud-history" 1).
const ActCheckFraudHistory = "CheckFraudHistory"

// FraudHistoryInput names the intake whose segments are compared.
type FraudHistoryInput struct {
	AccountID string `json:"account_id"`
	IntakeID  string `json:"intake_id"`
}

// FraudHistoryResult says what the comparison did: how many segments left
// a print, how many of them were found reusing an earlier upload, and how
// many later uploads (already judged) were found reusing one of them.
type FraudHistoryResult struct {
	Printed int `json:"printed"`
	Flagged int `json:"flagged"`
	Later   int `json:"later"`
}

// OCRQueue is the task queue of OCR activities: a worker polls it with at
// most as many slots as it runs Tesseract processes, so pages wait in
// Temporal, not in a worker's memory, and other work is never stuck behind
// OCR.
func OCRQueue(taskQueue string) string { return taskQueue + "-ocr" }

// retry is the policy of every processing activity: transient failures
// (database or storage down, a worker killed mid-step) are retried with
// backoff; after ten attempts the object fails instead of hanging.
var retry = &temporal.RetryPolicy{
	InitialInterval:        time.Second,
	BackoffCoefficient:     2,
	MaximumInterval:        30 * time.Second,
	MaximumAttempts:        10,
	NonRetryableErrorTypes: []string{ErrBadFile, ErrGone, ErrBadInput},
}

func activityCtx(ctx workflow.Context, startToClose, heartbeat time.Duration) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: startToClose,
		HeartbeatTimeout:    heartbeat,
		RetryPolicy:         retry,
		// On cancellation, wait for running activities to stop so that the
		// cleanup runs after the last write.
		WaitForCancellation: true,
	})
}

func ocrCtx(ctx workflow.Context, taskQueue string) workflow.Context {
	ctx = activityCtx(ctx, 3*time.Minute, 15*time.Second)
	return workflow.WithTaskQueue(ctx, OCRQueue(taskQueue))
}

// IntakeWorkflow processes one intake: read every page (text layer, else
// OCR, pages in parallel), split the pages into segments, judge the
// segments in parallel, then roll up. It ends SUCCESS, or FAILED with an
// error code for a file no retry can fix.
func IntakeWorkflow(ctx workflow.Context, in IntakeInput) (out IntakeOutput, err error) {
	log := workflow.GetLogger(ctx)
	info := workflow.GetInfo(ctx)
	actx := activityCtx(ctx, 2*time.Minute, 0)
	// Reading a file and judging segments are the long steps: they
	// heartbeat, so a killed worker's step moves on within 20 s.
	longCtx := activityCtx(ctx, 2*time.Minute, 20*time.Second)

	defer cleanUpIfCancelled(ctx, PurgeInput{Kind: KindIntake, ID: in.IntakeID, AccountID: in.AccountID})

	var an AnalyzeResult
	err = workflow.ExecuteActivity(longCtx, ActAnalyze, AnalyzeInput{
		Kind: KindIntake, OwnerID: in.IntakeID, AccountID: in.AccountID, FileKey: in.FileKey, MimeType: in.MimeType,
	}).Get(ctx, &an)
	if err != nil {
		return finishIntakeOnError(ctx, in, err, nil)
	}
	pageCount := an.Info.PageCount

	pages, err := readPages(ctx, info.TaskQueueName, KindIntake, in.IntakeID, an)
	if err != nil {
		return finishIntakeOnError(ctx, in, err, &pageCount)
	}

	var split SplitResult
	lctx := workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{
		ScheduleToCloseTimeout: 30 * time.Second,
		RetryPolicy:            retry,
	})
	if err := workflow.ExecuteLocalActivity(lctx, ActSplit, SplitInput{Pages: featuresOf(pages)}).Get(ctx, &split); err != nil {
		return finishIntakeOnError(ctx, in, err, &pageCount)
	}

	specs := make([]SegmentSpec, len(split.Ranges))
	for i, r := range split.Ranges {
		specs[i] = SegmentSpec{ID: SegmentID(in.IntakeID, i), Index: i, PageStart: r.Start, PageEnd: r.End}
	}
	// The split is recorded while the segments are judged: readers see the
	// segments (PENDING) as soon as possible, and neither waits on the other.
	recorded := workflow.ExecuteActivity(actx, ActRecordSplit, RecordSplitInput{
		AccountID: in.AccountID, IntakeID: in.IntakeID, PageCount: pageCount, Segments: specs,
	})
	works := make([]SegmentWork, len(specs))
	for i, s := range specs {
		keys := make([]string, 0, s.PageEnd-s.PageStart+1)
		for p := s.PageStart; p <= s.PageEnd; p++ {
			keys = append(keys, pages[p-1].TextKey)
		}
		works[i] = SegmentWork{Spec: s, TextKeys: keys}
	}
	var futures []workflow.Future
	// Version 1 judges segments in batches: one activity, one database
	// transaction and one read of the file per batch instead of per segment,
	// the segments of a batch in parallel inside it.
	if workflow.GetVersion(ctx, "batch-segments", workflow.DefaultVersion, 1) == workflow.DefaultVersion {
		for _, w := range works {
			futures = append(futures, workflow.ExecuteActivity(longCtx, ActProcessSegment, ProcessSegmentInput{
				AccountID: in.AccountID, IntakeID: in.IntakeID, Segment: w.Spec, TextKeys: w.TextKeys, UploadPDF: an.UploadPDF,
			}))
		}
	} else {
		for _, batch := range Batches(works) {
			futures = append(futures, workflow.ExecuteActivity(longCtx, ActProcessSegments, ProcessSegmentsInput{
				AccountID: in.AccountID, IntakeID: in.IntakeID, Segments: batch, UploadPDF: an.UploadPDF,
			}))
		}
	}
	if err := recorded.Get(ctx, nil); err != nil {
		return finishIntakeOnError(ctx, in, err, &pageCount)
	}
	for _, f := range futures {
		if err := f.Get(ctx, nil); err != nil {
			return finishIntakeOnError(ctx, in, err, &pageCount)
		}
	}
	// Version 1 compares the judged segments with the account's earlier
	// uploads for other candidates before the rollup, so that the intake's
	// fraud result and the requirement rows see a reused document as such.
	if workflow.GetVersion(ctx, "fraud-history", workflow.DefaultVersion, 1) == 1 {
		if err := workflow.ExecuteActivity(longCtx, ActCheckFraudHistory, FraudHistoryInput{
			AccountID: in.AccountID, IntakeID: in.IntakeID,
		}).Get(ctx, nil); err != nil {
			return finishIntakeOnError(ctx, in, err, &pageCount)
		}
	}

	err = workflow.ExecuteActivity(actx, ActFinishIntake, FinishIntakeInput{
		AccountID: in.AccountID, IntakeID: in.IntakeID, Status: "SUCCESS", PageCount: &pageCount,
	}).Get(ctx, nil)
	if err != nil {
		return finishIntakeOnError(ctx, in, err, &pageCount)
	}
	setStatus(ctx, "SUCCESS")
	// Version 1 applies the judged documents to the requirement rows they
	// were uploaded for. A failure there leaves the intake SUCCESS (it is):
	// the rows wait, and the error is the workflow's, for an operator.
	if workflow.GetVersion(ctx, "apply-to-placements", workflow.DefaultVersion, 1) == 1 && in.Placements {
		if err := workflow.ExecuteActivity(actx, ActApplyIntake, ApplyIntakeInput{AccountID: in.AccountID, IntakeID: in.IntakeID}).Get(ctx, nil); err != nil {
			if _, gone := classifyFailure(err); !gone {
				return IntakeOutput{Status: "SUCCESS", PageCount: pageCount, Segments: len(specs)}, err
			}
		}
	}
	log.Info("intake processed", "intake_id", in.IntakeID, "pages", pageCount, "segments", len(specs))
	return IntakeOutput{Status: "SUCCESS", PageCount: pageCount, Segments: len(specs)}, nil
}

// batchPages is about how many pages of segments one ProcessSegments
// activity takes: enough to amortise an activity's round trips, few enough
// that a large file still spreads over every worker.
const batchPages = 6

// Batches groups segments in page order into batches of about batchPages
// pages each (a longer segment is a batch of its own).
func Batches(works []SegmentWork) [][]SegmentWork {
	var out [][]SegmentWork
	var cur []SegmentWork
	pages := 0
	for _, w := range works {
		n := w.Spec.PageEnd - w.Spec.PageStart + 1
		if len(cur) > 0 && pages+n > batchPages {
			out = append(out, cur)
			cur, pages = nil, 0
		}
		cur = append(cur, w)
		pages += n
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// readPages returns every page's reference in page order: the text-layer
// pages Analyze read, plus the others read by OCR in parallel.
func readPages(ctx workflow.Context, taskQueue, kind, ownerID string, an AnalyzeResult) ([]PageRef, error) {
	pages := make([]PageRef, an.Info.PageCount)
	for _, p := range an.TextPages {
		pages[p.Number-1] = p
	}
	octx := ocrCtx(ctx, taskQueue)
	futures := make([]workflow.Future, len(an.NeedOCR))
	for i, n := range an.NeedOCR {
		futures[i] = workflow.ExecuteActivity(octx, ActOCRPage, OCRPageInput{
			Kind: kind, OwnerID: ownerID, PDFKey: an.PDFKey, Page: n, LongSide: an.LongSides[n-1],
		})
	}
	for i, f := range futures {
		var ref PageRef
		if err := f.Get(ctx, &ref); err != nil {
			return nil, err
		}
		pages[an.NeedOCR[i]-1] = ref
	}
	return pages, nil
}

func featuresOf(pages []PageRef) []segmenter.PageFeatures {
	out := make([]segmenter.PageFeatures, len(pages))
	for i, p := range pages {
		out[i] = p.Features
	}
	return out
}

// finishIntakeOnError ends the intake after a failed step (see endOnError).
func finishIntakeOnError(ctx workflow.Context, in IntakeInput, cause error, pageCount *int) (IntakeOutput, error) {
	status, problem, err := endOnError(ctx, cause, ActFinishIntake, func(p FileProblem) any {
		return FinishIntakeInput{
			AccountID: in.AccountID, IntakeID: in.IntakeID, Status: "FAILED", PageCount: pageCount,
			ErrorCode: p.Code, ErrorMessage: p.Message,
		}
	})
	if status == "FAILED" {
		workflow.GetLogger(ctx).Warn("intake failed", "intake_id", in.IntakeID, "code", problem.Code, "cause", cause)
	}
	return IntakeOutput{Status: status, ErrorCode: problem.Code}, err
}

// endOnError ends a processing workflow after a failed step: a bad file or
// exhausted retries record FAILED with an error code (through the activity
// named record, with the input made from the problem); a delete (Gone or a
// cancellation) ends the workflow as DELETED without touching the
// tombstone. status is empty when recording the failure itself failed.
func endOnError(ctx workflow.Context, cause error, record string, input func(FileProblem) any) (status string, problem FileProblem, err error) {
	if errors.Is(ctx.Err(), workflow.ErrCanceled) || temporal.IsCanceledError(cause) {
		return "DELETED", FileProblem{}, temporal.NewCanceledError()
	}
	problem, gone := classifyFailure(cause)
	if gone {
		return "DELETED", FileProblem{}, nil
	}
	if err := workflow.ExecuteActivity(activityCtx(ctx, time.Minute, 0), record, input(problem)).Get(ctx, nil); err != nil {
		if _, gone := classifyFailure(err); gone {
			return "DELETED", FileProblem{}, nil
		}
		return "", FileProblem{}, err
	}
	setStatus(ctx, "FAILED")
	return "FAILED", problem, nil
}

// classifyFailure turns an activity error into the problem reported to the
// client: the file's own problem for ErrBadFile, else a generic processing
// failure. gone is true when the object was deleted meanwhile.
func classifyFailure(err error) (problem FileProblem, gone bool) {
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) {
		switch appErr.Type() {
		case ErrGone:
			return FileProblem{}, true
		case ErrBadFile:
			if appErr.HasDetails() && appErr.Details(&problem) == nil && problem.Code != "" {
				return problem, false
			}
		}
	}
	return FileProblem{Code: "processing_failed", Message: "the file could not be processed; try again or contact support"}, false
}

// cleanUpIfCancelled removes what a processing workflow wrote when it was
// cancelled (its object was deleted while it ran). It runs on a
// disconnected context: the workflow's own is already cancelled.
func cleanUpIfCancelled(ctx workflow.Context, in PurgeInput) {
	if !errors.Is(ctx.Err(), workflow.ErrCanceled) {
		return
	}
	dctx, cancel := workflow.NewDisconnectedContext(ctx)
	defer cancel()
	if err := workflow.ExecuteActivity(activityCtx(dctx, time.Minute, 0), ActPurge, in).Get(dctx, nil); err != nil {
		workflow.GetLogger(ctx).Error("cleanup after cancellation failed", "kind", in.Kind, "id", in.ID, "error", err)
	}
}

func setStatus(ctx workflow.Context, status string) {
	key := temporal.NewSearchAttributeKeyKeyword(SAScanStatus)
	if err := workflow.UpsertTypedSearchAttributes(ctx, key.ValueSet(status)); err != nil {
		workflow.GetLogger(ctx).Warn("could not update the ScanStatus search attribute", "error", err)
	}
}
