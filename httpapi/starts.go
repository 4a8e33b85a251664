package httpapi

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type startStore interface {
	MarkWorkflowStarted(ctx context.Context, kind string, id uuid.UUID) error
}

// start starts an object's processing workflow and records that it did.
// It is idempotent: the workflow id is the object's, and a second start of
// the same id is taken as success. It never fails the request: an object
// whose start did not go through is started by the resumer.
func (s *Server) start(ctx context.Context, kind string, id uuid.UUID, workflowID string, wf any, input any, attrs temporal.SearchAttributes) {
	if !s.startWorkflow(ctx, kind, workflowID, wf, input, attrs) {
		return
	}
	if err := s.store.MarkWorkflowStarted(context.WithoutCancel(ctx), kind, id); err != nil {
		s.log.Warn("could not record the workflow start; the resumer will confirm it", "workflow_id", workflowID, "error", err)
	}
}

// startWorkflow asks Temporal to start a workflow and reports whether it
// runs (a second start of the same id counts).
func (s *Server) startWorkflow(ctx context.Context, kind, workflowID string, wf any, input any, attrs temporal.SearchAttributes) bool {
	// The object is stored; the start must not depend on the caller
	// staying connected.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	name := workflowName(kind)
	_, err := s.workflows.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       workflowID,
		TaskQueue:                s.taskQueue,
		WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_FAIL,
		TypedSearchAttributes:    attrs,
		// Taken only when a worker shares this process (compliance dev);
		// elsewhere the start is the usual one.
		EnableEagerStart: true,
	}, wf, input)
	if err != nil && !alreadyStarted(err) {
		s.metrics.workflowStarts.WithLabelValues(name, "deferred").Inc()
		s.log.Warn("workflow start deferred", "workflow_id", workflowID, "error", err)
		return false
	}
	s.metrics.workflowStarts.WithLabelValues(name, "started").Inc()
	return true
}

func alreadyStarted(err error) bool {
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	return errors.As(err, &started)
}

func workflowName(kind string) string {
	switch kind {
	case store.KindDocumentScan:
		return "DocumentScanWorkflow"
	case store.KindRegistryCheck:
		return "RegistryCheckWorkflow"
	case store.KindStatement:
		return "StatementWorkflow"
	}
	return "IntakeWorkflow"
}

// StartStalled starts the workflow of an object whose start never reached
// Temporal (the resumer calls it).
func (s *Server) StartStalled(ctx context.Context, o store.Stalled) {
	f := &store.File{BlobKey: o.FileKey, MimeType: o.MimeType}
	switch o.Kind {
	case store.KindIntake:
		s.startIntake(ctx, &store.Intake{ID: o.ID, AccountID: o.AccountID, ExternalID: o.ExternalID,
			WorkflowID: workflows.IntakeWorkflowID(o.ID.String()), Validate: o.Validate}, f)
	case store.KindDocumentScan:
		s.startDocumentScan(ctx, o.ID, o.AccountID, o.ExternalID, f)
	default:
		s.log.Error("resumer: unknown kind of stalled work", "kind", o.Kind, "id", o.ID)
	}
}

// StartStalledSync starts a job's or placement's sync that was asked for
// and never began (the resumer calls it).
func (s *Server) StartStalledSync(ctx context.Context, o store.StalledSync) {
	switch o.Kind {
	case store.KindJobSync:
		s.startJobSync(ctx, o.AccountID, o.ID)
	case store.KindPlacementSync:
		s.startPlacementSync(ctx, o.AccountID, o.ID)
	default:
		s.log.Error("resumer: unknown kind of stalled sync", "kind", o.Kind, "id", o.ID)
	}
}
