package workflows

import (
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// Activities of a statement.
const (
	ActRenderStatement     = "RenderStatement"
	ActFailStatement       = "FailStatement"
	ActEnsureRowStatements = "EnsureRequirementStatements"
)

// ErrBadStatement: a statement cannot be rendered whatever the retries
// (its template is no longer listed); the message is the reason.
const ErrBadStatement = "BadStatement"

// Statement outcomes.
const (
	StatementReady  = "READY"
	StatementFailed = "FAILED"
)

// RenderAttempts is how often a statement is rendered before it is
// FAILED with the renderer's reason: a renderer that fails on a template
// and data fails again, while a timeout on a busy machine may pass.
const RenderAttempts = 3

var renderRetry = &temporal.RetryPolicy{
	InitialInterval:        2 * time.Second,
	BackoffCoefficient:     2,
	MaximumInterval:        30 * time.Second,
	MaximumAttempts:        RenderAttempts,
	NonRetryableErrorTypes: []string{ErrBadInput, ErrGone, ErrBadStatement},
}

// StatementWorkflowID is the workflow id of a statement.
func StatementWorkflowID(statementID string) string { return "statement/" + statementID }

// StatementInput starts StatementWorkflow.
type StatementInput struct {
	AccountID   string `json:"account_id"`
	StatementID string `json:"statement_id"`
}

// StatementOutput is how a statement ended.
type StatementOutput struct {
	Status string `json:"status,omitempty"`
	Reason string `json:"reason,omitempty"`
	FileID string `json:"file_id,omitempty"`
}

// RenderStatementResult is a rendered statement's file.
type RenderStatementResult struct {
	FileID string `json:"file_id"`
}

// FailStatementInput records why a statement could not be rendered.
type FailStatementInput struct {
	AccountID   string `json:"account_id"`
	StatementID string `json:"statement_id"`
	Reason      string `json:"reason"`
}

// RowStatements are the statements a placement's STATEMENT rows wait for
// whose workflows are to be started.
type RowStatements struct {
	Statements []StatementRef `json:"statements,omitempty"`
}

// StatementRef names a statement to start.
type StatementRef struct {
	AccountID   string `json:"account_id"`
	StatementID string `json:"statement_id"`
	PlacementID string `json:"placement_id"`
}

// StatementWorkflow renders a statement: PENDING → READY with its file
// (and the STATEMENT row it was made for FULFILLED), or FAILED with the
// renderer's reason (or "template removed"). A statement deleted
// meanwhile ends it quietly.
func StatementWorkflow(ctx workflow.Context, in StatementInput) (StatementOutput, error) {
	rctx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		// WeasyPrint's own timeout is a minute; the rest is the store.
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy:         renderRetry,
	})
	var res RenderStatementResult
	err := workflow.ExecuteActivity(rctx, ActRenderStatement, in).Get(ctx, &res)
	if err == nil {
		return StatementOutput{Status: StatementReady, FileID: res.FileID}, nil
	}
	if gone(err) {
		return StatementOutput{}, nil
	}
	reason := failureReason(err, "rendering the statement timed out", "the statement could not be rendered")
	workflow.GetLogger(ctx).Warn("statement failed", "statement_id", in.StatementID, "reason", reason)
	if stop, err := run(ctx, activityCtx(ctx, time.Minute, 0), ActFailStatement,
		FailStatementInput{AccountID: in.AccountID, StatementID: in.StatementID, Reason: reason}, nil); stop {
		return StatementOutput{}, err
	}
	return StatementOutput{Status: StatementFailed, Reason: reason}, nil
}

// versionRowStatements is the placement sync's step that creates and
// starts the statements of its STATEMENT rows; histories recorded before
// it replay without it.
const versionRowStatements = "row-statements"

// startRowStatements creates the statements the placement's STATEMENT
// rows wait for and starts each as a workflow of its own, left running
// when the sync ends (a statement that is already started counts).
func startRowStatements(ctx workflow.Context, in PlacementSyncInput) error {
	var rs RowStatements
	if err := workflow.ExecuteActivity(activityCtx(ctx, time.Minute, 0), ActEnsureRowStatements, in).Get(ctx, &rs); err != nil {
		return err
	}
	started := make([]workflow.Future, len(rs.Statements))
	for i, st := range rs.Statements {
		cctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{
			WorkflowID:            StatementWorkflowID(st.StatementID),
			ParentClosePolicy:     enums.PARENT_CLOSE_POLICY_ABANDON,
			WorkflowIDReusePolicy: enums.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
			TypedSearchAttributes: temporal.NewSearchAttributes(
				temporal.NewSearchAttributeKeyKeyword(SAAccountID).ValueSet(st.AccountID),
				temporal.NewSearchAttributeKeyKeyword(SAPlacementID).ValueSet(st.PlacementID),
			),
		})
		started[i] = workflow.ExecuteChildWorkflow(cctx, StatementWorkflow, StatementInput{
			AccountID: st.AccountID, StatementID: st.StatementID,
		}).GetChildWorkflowExecution()
	}
	for _, f := range started {
		if err := f.Get(ctx, nil); err != nil && !temporal.IsWorkflowExecutionAlreadyStartedError(err) {
			return err
		}
	}
	return nil
}
