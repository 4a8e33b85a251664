package workflows

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// PurgeWorkflow removes the files of a deleted intake or document scan. It
// is started by the delete request, after the database already shows the
// tombstone, so a delete that was answered is carried out even if the API
// process dies right after answering. Processing still running is cancelled
// first; it cleans up after itself too, so whichever ends last leaves
// nothing behind.
func PurgeWorkflow(ctx workflow.Context, in PurgeInput) (PurgeResult, error) {
	target := IntakeWorkflowID(in.ID)
	if in.Kind == KindDocumentScan {
		target = DocumentScanWorkflowID(in.ID)
	}
	// A closed or unknown workflow refuses the cancel; that is the common
	// case (processing finished long ago) and not an error here.
	if err := workflow.RequestCancelExternalWorkflow(ctx, target, "").Get(ctx, nil); err != nil {
		workflow.GetLogger(ctx).Debug("processing was not running", "workflow_id", target, "error", err)
	}
	actx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		// Storage being down must not lose a delete: retry until it works.
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: 5 * time.Minute},
	})
	var res PurgeResult
	err := workflow.ExecuteActivity(actx, ActPurge, in).Get(ctx, &res)
	return res, err
}
