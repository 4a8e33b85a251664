package workflows

import (
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// RegistryRefreshWorkflow downloads a bulk list from its official address
// and imports it, on the registry's Temporal Schedule. A list that cannot be
// downloaded (the addresses are not reachable from every network), or that
// is refused on import (truncated, malformed, shrunk), leaves the current
// list in place; the failure is recorded with its reason.
func RegistryRefreshWorkflow(ctx workflow.Context, in RegistryRefreshInput) (RegistryRefreshOutput, error) {
	actx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		// A full SAM extract downloads and imports in well under a minute.
		StartToCloseTimeout: 10 * time.Minute,
		HeartbeatTimeout:    time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        10 * time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        time.Minute,
			MaximumAttempts:        3,
			NonRetryableErrorTypes: []string{ErrBadInput, ErrRefused},
		},
	})
	var out RegistryRefreshOutput
	err := workflow.ExecuteActivity(actx, ActRefreshRegistry, in).Get(ctx, &out)
	if err == nil {
		return out, nil
	}
	reason := unavailableReason(err)
	workflow.GetLogger(ctx).Warn("registry refresh failed; the current list stays", "registry", in.Registry, "reason", reason)
	if err := workflow.ExecuteActivity(activityCtx(ctx, time.Minute, 0), ActRecordImportFailure, ImportFailureInput{
		Registry: in.Registry, Reason: reason, StartedAt: workflow.GetInfo(ctx).WorkflowStartTime,
	}).Get(ctx, nil); err != nil {
		return out, err
	}
	return RegistryRefreshOutput{Registry: in.Registry, Outcome: "failed", Reason: reason}, nil
}

// RegistryRefreshSchedule is the refresh schedule of a bulk list: every
// interval (with a minute of jitter, so that replicas and lists do not
// hit the sources at once), one RegistryRefreshWorkflow on taskQueue; a
// run still going when the next is due makes that one skip.
func RegistryRefreshSchedule(code, taskQueue string, every time.Duration) client.ScheduleOptions {
	return client.ScheduleOptions{
		ID:      RegistryRefreshScheduleID(code),
		Spec:    client.ScheduleSpec{Intervals: []client.ScheduleIntervalSpec{{Every: every}}, Jitter: time.Minute},
		Overlap: enums.SCHEDULE_OVERLAP_POLICY_SKIP,
		Action: &client.ScheduleWorkflowAction{
			ID: "registry-refresh/" + code, Workflow: RegistryRefreshWorkflow,
			Args: []any{RegistryRefreshInput{Registry: code}}, TaskQueue: taskQueue,
			TypedSearchAttributes: temporal.NewSearchAttributes(temporal.NewSearchAttributeKeyKeyword(SARegistry).ValueSet(code)),
		},
	}
}
