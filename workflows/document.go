package workflows

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// DocumentScanWorkflow processes one document scan (the earlier API): the
// whole file is one document. The scan moves PENDING -> IN_PROGRESS ->
// SUCCESS or FAILED, and its SCAN task with it.
func DocumentScanWorkflow(ctx workflow.Context, in DocumentScanInput) (DocumentScanOutput, error) {
	info := workflow.GetInfo(ctx)
	actx := activityCtx(ctx, 2*time.Minute, 0)
	longCtx := activityCtx(ctx, 2*time.Minute, 20*time.Second)
	ref := ScanRef{AccountID: in.AccountID, ScanID: in.ScanID}

	defer cleanUpIfCancelled(ctx, PurgeInput{Kind: KindDocumentScan, ID: in.ScanID, AccountID: in.AccountID})

	if err := workflow.ExecuteActivity(actx, ActStartScan, ref).Get(ctx, nil); err != nil {
		return finishScanOnError(ctx, in, err)
	}
	setStatus(ctx, "IN_PROGRESS")

	var an AnalyzeResult
	err := workflow.ExecuteActivity(longCtx, ActAnalyze, AnalyzeInput{
		Kind: KindDocumentScan, OwnerID: in.ScanID, AccountID: in.AccountID, FileKey: in.FileKey, MimeType: in.MimeType,
	}).Get(ctx, &an)
	if err != nil {
		return finishScanOnError(ctx, in, err)
	}
	pages, err := readPages(ctx, info.TaskQueueName, KindDocumentScan, in.ScanID, an)
	if err != nil {
		return finishScanOnError(ctx, in, err)
	}
	keys := make([]string, len(pages))
	for i, p := range pages {
		keys[i] = p.TextKey
	}
	var judged ProcessSegmentResult
	err = workflow.ExecuteActivity(longCtx, ActJudgeScan, JudgeScanInput{
		AccountID: in.AccountID, ScanID: in.ScanID, TextKeys: keys, UploadPDF: an.UploadPDF,
	}).Get(ctx, &judged)
	if err != nil {
		return finishScanOnError(ctx, in, err)
	}
	setStatus(ctx, "SUCCESS")
	return DocumentScanOutput{Status: "SUCCESS", DocumentType: judged.DocumentType}, nil
}

// finishScanOnError ends the scan after a failed step (see endOnError).
func finishScanOnError(ctx workflow.Context, in DocumentScanInput, cause error) (DocumentScanOutput, error) {
	status, problem, err := endOnError(ctx, cause, ActFinishScan, func(p FileProblem) any {
		return FinishScanInput{AccountID: in.AccountID, ScanID: in.ScanID, ErrorCode: p.Code, ErrorMessage: p.Message}
	})
	return DocumentScanOutput{Status: status, ErrorCode: problem.Code}, err
}
