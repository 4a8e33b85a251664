package workflows

import (
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// PlacementSyncWorkflow brings a placement's requirement rows up to date:
// it reads the placement's own requirements from its VMS (integrations
// that resolve them per placement), reconciles them with the job's
// sources into the placement's rows (new rows ingested, existing ones
// keeping their progress, mapped ones opened), runs the registry check of
// each registry row, and runs again when a sync was asked for while it ran.
func PlacementSyncWorkflow(ctx workflow.Context, in PlacementSyncInput) (PlacementSyncOutput, error) {
	started := workflow.Now(ctx)
	actx := activityCtx(ctx, time.Minute, 0)
	var out PlacementSyncOutput
	var info PlacementSyncInfo
	if stop, err := run(ctx, actx, ActBeginPlacementSync, in, &info); stop {
		return out, err
	}
	upsertSearch(ctx,
		temporal.NewSearchAttributeKeyKeyword(SAJobID).ValueSet(info.JobID),
		temporal.NewSearchAttributeKeyKeyword(SAExternalID).ValueSet(info.ExternalID),
		temporal.NewSearchAttributeKeyKeyword(SAVMSType).ValueSet(info.VMSType))
	if info.FetchVMS {
		var stop bool
		var err error
		if out.SyncError, stop, err = readVMS(ctx, ActFetchPlacement, "placement", in.AccountID, in.PlacementID, in); stop {
			return out, err
		}
	}
	var rec ReconcilePlacementResult
	if stop, err := run(ctx, actx, ActReconcilePlacement, in, &rec); stop {
		return out, err
	}
	out.Rows, out.Changes, out.Checks = rec.Rows, rec.Changes, len(rec.Checks)
	// The STATEMENT rows' statements start first: they need nothing of
	// the registry checks, which may wait minutes for a live registry.
	if workflow.GetVersion(ctx, versionRowStatements, workflow.DefaultVersion, 1) >= 1 {
		if err := startRowStatements(ctx, in); err != nil {
			if gone(err) {
				return out, nil
			}
			return out, err
		}
	}
	// The registry rows' checks run side by side.
	done := make([]workflow.Future, len(rec.Checks))
	for i, row := range rec.Checks {
		f, settle := workflow.NewFuture(ctx)
		done[i] = f
		workflow.Go(ctx, func(ctx workflow.Context) {
			settle.Set(nil, runRowCheck(ctx, row))
		})
	}
	for _, f := range done {
		if err := f.Get(ctx, nil); err != nil && !gone(err) {
			return out, err
		}
	}
	return out, syncAgain(ctx, "placement", in.AccountID, in.PlacementID, started, PlacementSyncWorkflow, in)
}

// runRowCheck runs a registry row's check: the bulk lists are searched by
// the activity, the rest (live registries, the certificate) by the check's
// own workflow as a child; then the result moves the row.
func runRowCheck(ctx workflow.Context, row RowRef) error {
	actx := activityCtx(ctx, 2*time.Minute, 0)
	var started RowCheckStarted
	if err := workflow.ExecuteActivity(actx, ActStartRowCheck, row).Get(ctx, &started); err != nil {
		return err
	}
	if started.SearchID == "" {
		return nil // the row no longer waits for a check
	}
	cctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{
		WorkflowID: RegistryCheckWorkflowID(started.SearchID),
		// A check started by a sync that died before applying it runs
		// again harmlessly: its steps are idempotent.
		WorkflowIDReusePolicy: enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
		TypedSearchAttributes: temporal.NewSearchAttributes(
			temporal.NewSearchAttributeKeyKeyword(SARegistrySearch).ValueSet(started.SearchID),
			temporal.NewSearchAttributeKeyKeyword(SAExternalID).ValueSet(started.ExternalID),
			temporal.NewSearchAttributeKeyKeyword(SAAccountID).ValueSet(row.AccountID),
			temporal.NewSearchAttributeKeyKeyword(SAPlacementID).ValueSet(row.PlacementID),
		),
	})
	if err := workflow.ExecuteChildWorkflow(cctx, RegistryCheckWorkflow, RegistryCheckInput{
		SearchID: started.SearchID, AccountID: row.AccountID, ExternalID: started.ExternalID, Live: started.Live,
	}).Get(ctx, nil); err != nil && !temporal.IsWorkflowExecutionAlreadyStartedError(err) {
		return err
	}
	return workflow.ExecuteActivity(actx, ActApplyRowCheck, ApplyRowCheckInput{RowRef: row, SearchID: started.SearchID}).Get(ctx, nil)
}
