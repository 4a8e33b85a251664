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

type resumeStore interface {
	MarkWorkflowStarted(ctx context.Context, kind string, id uuid.UUID) error
	Unstarted(ctx context.Context, cutoff time.Time, limit int) ([]store.Stalled, error)
	Unpurged(ctx context.Context, cutoff time.Time, limit int) ([]store.Stalled, error)
}

// start starts an object's processing workflow and records that it did.
// It is idempotent: the workflow id is the object's, and a second start of
// the same id is taken as success. It never fails the request: an object
// whose start did not go through is started by the resumer.
func (s *Server) start(ctx context.Context, kind string, id uuid.UUID, workflowID string, wf any, input any, attrs temporal.SearchAttributes) {
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
		s.log.Warn("workflow start deferred to the resumer", "workflow_id", workflowID, "error", err)
		return
	}
	s.metrics.workflowStarts.WithLabelValues(name, "started").Inc()
	if err := s.store.MarkWorkflowStarted(ctx, kind, id); err != nil {
		s.log.Warn("could not record the workflow start; the resumer will confirm it", "workflow_id", workflowID, "error", err)
	}
}

func alreadyStarted(err error) bool {
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	return errors.As(err, &started)
}

func workflowName(kind string) string {
	if kind == store.KindDocumentScan {
		return "DocumentScanWorkflow"
	}
	return "IntakeWorkflow"
}

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

// Resume starts, every interval until ctx ends, the workflows that should
// be running but are not: objects whose start never reached Temporal, and
// deletes whose purge did not finish. Several API replicas may run it: the
// workflow id makes every start happen once.
func (s *Server) Resume(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		s.resumeOnce(ctx, interval)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (s *Server) resumeOnce(ctx context.Context, grace time.Duration) {
	rs := s.store
	cutoff := time.Now().Add(-grace)
	stalled, err := rs.Unstarted(ctx, cutoff, 100)
	if err != nil {
		s.log.Warn("resumer: listing unstarted work failed", "error", err)
		return
	}
	for _, o := range stalled {
		s.log.Info("resumer: starting workflow", "kind", o.Kind, "id", o.ID)
		switch o.Kind {
		case store.KindIntake:
			s.startIntake(ctx, &store.Intake{ID: o.ID, AccountID: o.AccountID, ExternalID: o.ExternalID,
				WorkflowID: workflows.IntakeWorkflowID(o.ID.String())}, &store.File{BlobKey: o.FileKey, MimeType: o.MimeType})
		case store.KindDocumentScan:
			s.startDocumentScan(ctx, o.ID, o.AccountID, o.ExternalID, &store.File{BlobKey: o.FileKey, MimeType: o.MimeType})
		}
	}
	unpurged, err := rs.Unpurged(ctx, cutoff, 100)
	if err != nil {
		s.log.Warn("resumer: listing unfinished deletes failed", "error", err)
		return
	}
	for _, o := range unpurged {
		s.log.Info("resumer: finishing delete", "kind", o.Kind, "id", o.ID)
		s.purge(ctx, workflows.PurgeInput{Kind: o.Kind, ID: o.ID.String(), AccountID: o.AccountID, FileID: o.FileID.String()}, false)
	}
}
