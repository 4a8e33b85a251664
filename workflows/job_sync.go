package workflows

import (
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// sourceRetry reads a VMS through slow and failing answers: six attempts
// over about two and a half minutes of backoff (up to about fifteen when
// every attempt hangs to its timeout); an unknown reference or refused
// credentials are not retried.
var sourceRetry = &temporal.RetryPolicy{
	InitialInterval:        5 * time.Second,
	BackoffCoefficient:     2,
	MaximumInterval:        2 * time.Minute,
	MaximumAttempts:        6,
	NonRetryableErrorTypes: []string{ErrBadInput, ErrGone, ErrRefused},
}

func sourceCtx(ctx workflow.Context) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		HeartbeatTimeout:    30 * time.Second,
		RetryPolicy:         sourceRetry,
	})
}

// JobSyncWorkflow brings a job's requirement template up to date: it reads
// the job from its VMS (when the integration has that source; a VMS that
// stays down is recorded on the job, and the other sources still count),
// reconciles every source (VMS, client emails, matrices) into the
// template, starts each of the job's placements' syncs, keeps the job's
// sync schedule running while the job is ACTIVE, and runs again when a
// sync was asked for while it ran.
func JobSyncWorkflow(ctx workflow.Context, in JobSyncInput) (JobSyncOutput, error) {
	started := workflow.Now(ctx)
	actx := activityCtx(ctx, time.Minute, 0)
	var out JobSyncOutput
	var info JobSyncInfo
	if stop, err := run(ctx, actx, ActBeginJobSync, in, &info); stop {
		return out, err
	}
	// Schedules and the resumer start syncs knowing only the job's id.
	upsertSearch(ctx, temporal.NewSearchAttributeKeyKeyword(SAVMSType).ValueSet(info.VMSType))
	if info.FetchVMS {
		var stop bool
		var err error
		if out.SyncError, stop, err = readVMS(ctx, ActFetchJob, "job", in.AccountID, in.JobID, in); stop {
			return out, err
		}
	}
	if stop, err := run(ctx, actx, ActReconcileJob, in, &out.ReconcileJobResult); stop {
		return out, err
	}
	// Each placement follows in its own workflow; this one does not wait.
	for _, id := range out.Placements {
		startPlacementSync(ctx, in.AccountID, id)
	}
	if err := workflow.ExecuteActivity(actx, ActEnsureJobSchedule, JobScheduleInput{
		AccountID: in.AccountID, JobID: in.JobID, Active: out.Status == "ACTIVE", Every: info.SyncEvery,
	}).Get(ctx, nil); err != nil {
		return out, err
	}
	return out, syncAgain(ctx, "job", in.AccountID, in.JobID, started, JobSyncWorkflow, in)
}

// run runs one step of a sync. stop says the sync ends here: with err, or
// quietly (err nil) when its object was deleted meanwhile.
func run(ctx, actx workflow.Context, activity string, in, out any) (stop bool, err error) {
	if err := workflow.ExecuteActivity(actx, activity, in).Get(ctx, out); err != nil {
		if gone(err) {
			return true, nil
		}
		return true, err
	}
	return false, nil
}

// readVMS reads a sync's object from its VMS (with sourceRetry). A VMS
// that stays down is recorded on the object, whose other sources still
// count: the sync goes on, and reason says why the VMS's list is missing.
func readVMS(ctx workflow.Context, activity, kind, accountID, id string, in any) (reason string, stop bool, err error) {
	err = workflow.ExecuteActivity(sourceCtx(ctx), activity, in).Get(ctx, nil)
	switch {
	case err == nil:
		return "", false, nil
	case gone(err):
		return "", true, nil
	}
	reason = sourceReason(err)
	stop, err = run(ctx, activityCtx(ctx, time.Minute, 0), ActRecordSyncError, SyncErrorInput{Kind: kind, AccountID: accountID, ID: id, Reason: reason}, nil)
	return reason, stop, err
}

// upsertSearch adds search attributes the workflow learnt as it ran; an
// attribute the namespace lacks is logged, never fatal to the work.
func upsertSearch(ctx workflow.Context, updates ...temporal.SearchAttributeUpdate) {
	if err := workflow.UpsertTypedSearchAttributes(ctx, updates...); err != nil {
		workflow.GetLogger(ctx).Warn("search attributes not updated", "error", err)
	}
}

// startPlacementSync starts a placement's sync as an abandoned child: it
// outlives this workflow. A sync of the placement that is already running
// picks the change up when it ends (it was asked again).
func startPlacementSync(ctx workflow.Context, accountID, placementID string) {
	cctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{
		WorkflowID:            PlacementSyncWorkflowID(placementID),
		ParentClosePolicy:     enums.PARENT_CLOSE_POLICY_ABANDON,
		WorkflowIDReusePolicy: enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
		TypedSearchAttributes: temporal.NewSearchAttributes(
			temporal.NewSearchAttributeKeyKeyword(SAPlacementID).ValueSet(placementID),
			temporal.NewSearchAttributeKeyKeyword(SAAccountID).ValueSet(accountID),
		),
	})
	child := workflow.ExecuteChildWorkflow(cctx, PlacementSyncWorkflow, PlacementSyncInput{AccountID: accountID, PlacementID: placementID})
	if err := child.GetChildWorkflowExecution().Get(ctx, nil); err != nil {
		// Already running: it runs again when it ends. (Should it end
		// before the signal arrives, the ask recorded with the placement
		// starts it again through the resumer.)
		if err := workflow.SignalExternalWorkflow(ctx, PlacementSyncWorkflowID(placementID), "", SignalSyncRequested, nil).Get(ctx, nil); err != nil {
			workflow.GetLogger(ctx).Info("placement sync ended before it was asked again", "placement_id", placementID, "error", err)
		}
	}
}

// sourceReason is what a sync records when its VMS could not be read.
func sourceReason(err error) string {
	return failureReason(err, "the VMS did not answer in time", "the VMS could not be read")
}

// syncAgain continues a sync as new when it was asked for again after it
// started: a change recorded meanwhile (an email, a matrix, a mapping), or
// a request that reached this run (SignalSyncRequested). The signals are
// read last, in the task that ends the run: Temporal refuses to close a
// run that has a signal it has not seen, so no request is lost between
// the check and the end.
func syncAgain(ctx workflow.Context, kind, accountID, id string, since time.Time, wf any, in any) error {
	var again bool
	if err := workflow.ExecuteActivity(activityCtx(ctx, time.Minute, 0), ActSyncAgain, SyncAgainInput{
		Kind: kind, AccountID: accountID, ID: id, Since: since,
	}).Get(ctx, &again); err != nil {
		if gone(err) {
			return nil
		}
		return err
	}
	asks := workflow.GetSignalChannel(ctx, SignalSyncRequested)
	for asks.ReceiveAsync(nil) {
		again = true
	}
	if again {
		return workflow.NewContinueAsNewError(ctx, wf, in)
	}
	return nil
}

// RequirementExpiryWorkflow moves fulfilled rows whose documents lapse
// before the day they must hold on to EXPIRED; its schedule runs it daily.
func RequirementExpiryWorkflow(ctx workflow.Context, in ExpiryInput) (ExpiryResult, error) {
	var out ExpiryResult
	err := workflow.ExecuteActivity(activityCtx(ctx, 5*time.Minute, 0), ActExpireRequirements, in).Get(ctx, &out)
	return out, err
}

// JobSyncSchedule is a job's sync schedule: every interval (with a minute
// of jitter) while the job is ACTIVE; a run still going when the next is
// due makes that one skip.
func JobSyncSchedule(accountID, jobID, taskQueue string, every time.Duration) client.ScheduleOptions {
	return client.ScheduleOptions{
		ID:      JobSyncWorkflowID(jobID),
		Spec:    client.ScheduleSpec{Intervals: []client.ScheduleIntervalSpec{{Every: every}}, Jitter: time.Minute},
		Overlap: enums.SCHEDULE_OVERLAP_POLICY_SKIP,
		Action: &client.ScheduleWorkflowAction{
			ID: JobSyncWorkflowID(jobID), Workflow: JobSyncWorkflow, TaskQueue: taskQueue,
			Args: []any{JobSyncInput{AccountID: accountID, JobID: jobID}},
			TypedSearchAttributes: temporal.NewSearchAttributes(
				temporal.NewSearchAttributeKeyKeyword(SAJobID).ValueSet(jobID),
				temporal.NewSearchAttributeKeyKeyword(SAAccountID).ValueSet(accountID),
			),
		},
	}
}
