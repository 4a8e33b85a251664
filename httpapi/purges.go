package httpapi

import (
	"context"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// purge starts the purge workflow of a deleted object and, when wait is
// set, waits up to DeleteWait for it to finish.
func (s *Server) purge(ctx context.Context, in workflows.PurgeInput, wait bool) {
	ctx = context.WithoutCancel(ctx)
	sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	idKey := workflows.SAIntakeID
	if in.Kind == workflows.KindDocumentScan {
		idKey = workflows.SADocumentScanID
	}
	run, err := s.workflows.ExecuteWorkflow(sctx, client.StartWorkflowOptions{
		ID:                       workflows.PurgeWorkflowID(in.Kind, in.ID),
		TaskQueue:                s.taskQueue,
		WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
		WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
		// Found with the object's own workflow by its id.
		TypedSearchAttributes: temporal.NewSearchAttributes(
			temporal.NewSearchAttributeKeyKeyword(idKey).ValueSet(in.ID),
			temporal.NewSearchAttributeKeyKeyword(workflows.SAAccountID).ValueSet(in.AccountID),
		),
	}, workflows.PurgeWorkflow, in)
	if err != nil {
		s.metrics.workflowStarts.WithLabelValues("PurgeWorkflow", "deferred").Inc()
		s.log.Warn("purge deferred to the resumer", "kind", in.Kind, "id", in.ID, "error", err)
		return
	}
	s.metrics.workflowStarts.WithLabelValues("PurgeWorkflow", "started").Inc()
	if !wait {
		return
	}
	wctx, cancel := context.WithTimeout(ctx, s.delWait)
	defer cancel()
	if err := run.Get(wctx, nil); err != nil {
		s.log.Info("purge continues in the background", "kind", in.Kind, "id", in.ID, "error", err)
	}
}

// PurgeStalled finishes the delete of an object whose purge did not
// finish (the resumer calls it).
func (s *Server) PurgeStalled(ctx context.Context, o store.Stalled) {
	s.purge(ctx, workflows.PurgeInput{Kind: o.Kind, ID: o.ID.String(), AccountID: o.AccountID, FileID: o.FileID.String()}, false)
}
