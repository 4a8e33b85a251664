package workflows

import (
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// DocumentScanWorkflow processes one document scan (the earlier API): the
// whole file is one document. The scan moves PENDING -> IN_PROGRESS ->
// SUCCESS or FAILED, and its SCAN task with it.
func DocumentScanWorkflow(ctx workflow.Context, in DocumentScanInput) (DocumentScanOutput, error) {
	info := workflow.GetInfo(ctx)
	actx := activityCtx(ctx, 2*time.Minute, 0)
	ref := ScanRef{AccountID: in.AccountID, ScanID: in.ScanID}

	defer cleanUpIfCancelled(ctx, PurgeInput{Kind: KindDocumentScan, ID: in.ScanID, AccountID: in.AccountID})

	if err := workflow.ExecuteActivity(actx, ActStartScan, ref).Get(ctx, nil); err != nil {
		return finishScanOnError(ctx, in, err)
	}
	setStatus(ctx, "IN_PROGRESS")

	var an AnalyzeResult
	err := workflow.ExecuteActivity(actx, ActAnalyze, AnalyzeInput{
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
	err = workflow.ExecuteActivity(actx, ActJudgeScan, JudgeScanInput{
		AccountID: in.AccountID, ScanID: in.ScanID, PDFKey: an.PDFKey, TextKeys: keys, Info: an.Info, FromImage: an.FromImage,
	}).Get(ctx, &judged)
	if err != nil {
		return finishScanOnError(ctx, in, err)
	}
	setStatus(ctx, "SUCCESS")
	return DocumentScanOutput{Status: "SUCCESS", DocumentType: judged.DocumentType}, nil
}

func finishScanOnError(ctx workflow.Context, in DocumentScanInput, cause error) (DocumentScanOutput, error) {
	if errors.Is(ctx.Err(), workflow.ErrCanceled) || temporal.IsCanceledError(cause) {
		return DocumentScanOutput{Status: "DELETED"}, temporal.NewCanceledError()
	}
	problem, gone := classifyFailure(cause)
	if gone {
		return DocumentScanOutput{Status: "DELETED"}, nil
	}
	err := workflow.ExecuteActivity(activityCtx(ctx, time.Minute, 0), ActFinishScan, FinishScanInput{
		AccountID: in.AccountID, ScanID: in.ScanID, ErrorCode: problem.Code, ErrorMessage: problem.Message,
	}).Get(ctx, nil)
	if err != nil {
		if _, gone := classifyFailure(err); gone {
			return DocumentScanOutput{Status: "DELETED"}, nil
		}
		return DocumentScanOutput{}, err
	}
	setStatus(ctx, "FAILED")
	return DocumentScanOutput{Status: "FAILED", ErrorCode: problem.Code}, nil
}
