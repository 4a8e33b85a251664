package workflows

import (
	"errors"
	"sync"
	"testing"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
)

var statementIn = StatementInput{AccountID: jobAccount, StatementID: "5f0c1d2e-3a4b-4c5d-8e6f-708192a3b4c5"}

// statementActivities stands in for RenderStatement and FailStatement.
type statementActivities struct {
	mu      sync.Mutex
	render  func(attempt int) (RenderStatementResult, error)
	failErr error
	steps   []string
	ins     []StatementInput
	failed  []FailStatementInput
}

func (f *statementActivities) env() *testsuite.TestWorkflowEnvironment {
	var suite testsuite.WorkflowTestSuite
	env := suite.NewTestWorkflowEnvironment()
	env.RegisterWorkflow(StatementWorkflow)
	reg := func(fn any, name string) { env.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name}) }
	reg(logged(&f.mu, &f.steps, ActRenderStatement, &f.ins, f.render), ActRenderStatement)
	reg(loggedErr(&f.mu, &f.steps, ActFailStatement, &f.failed, func() error { return f.failErr }), ActFailStatement)
	return env
}

func TestStatementWorkflow(t *testing.T) {
	renderFailed := temporal.NewApplicationError("weasyprint exited with status 1", "RenderFailed")
	tests := []struct {
		name      string
		render    func(attempt int) (RenderStatementResult, error)
		want      StatementOutput
		wantSteps []string
		failed    []FailStatementInput
	}{
		{"rendered", func(int) (RenderStatementResult, error) { return RenderStatementResult{FileID: "f-1"}, nil },
			StatementOutput{Status: StatementReady, FileID: "f-1"}, []string{ActRenderStatement}, nil},
		{"rendered on the second try", func(n int) (RenderStatementResult, error) {
			if n == 1 {
				return RenderStatementResult{}, renderFailed
			}
			return RenderStatementResult{FileID: "f-2"}, nil
		}, StatementOutput{Status: StatementReady, FileID: "f-2"}, []string{ActRenderStatement, ActRenderStatement}, nil},
		{"the renderer keeps failing: FAILED with its reason after the attempts",
			func(int) (RenderStatementResult, error) { return RenderStatementResult{}, renderFailed },
			StatementOutput{Status: StatementFailed, Reason: "weasyprint exited with status 1"},
			[]string{ActRenderStatement, ActRenderStatement, ActRenderStatement, ActFailStatement},
			[]FailStatementInput{{AccountID: jobAccount, StatementID: statementIn.StatementID, Reason: "weasyprint exited with status 1"}}},
		{"template removed: FAILED at once", func(int) (RenderStatementResult, error) {
			return RenderStatementResult{}, temporal.NewNonRetryableApplicationError("template removed", ErrBadStatement, nil)
		}, StatementOutput{Status: StatementFailed, Reason: "template removed"}, []string{ActRenderStatement, ActFailStatement},
			[]FailStatementInput{{AccountID: jobAccount, StatementID: statementIn.StatementID, Reason: "template removed"}}},
		{"statement gone: ends quietly", func(int) (RenderStatementResult, error) { return RenderStatementResult{}, goneErr() },
			StatementOutput{}, []string{ActRenderStatement}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &statementActivities{render: tt.render}
			out := completed[StatementOutput](t, f.env(), "the statement", StatementWorkflow, statementIn)
			if out != tt.want {
				t.Fatalf("output = %+v, want %+v", out, tt.want)
			}
			sameInputs(t, "steps", f.steps, tt.wantSteps...)
			sameInputs(t, "FailStatement inputs", f.failed, tt.failed...)
			for _, in := range f.ins {
				if in != statementIn {
					t.Fatalf("RenderStatement input = %+v, want %+v", in, statementIn)
				}
			}
		})
	}
}

func TestStatementWorkflowFailsWhenFailingCannotBeRecorded(t *testing.T) {
	f := &statementActivities{render: func(int) (RenderStatementResult, error) {
		return RenderStatementResult{}, temporal.NewNonRetryableApplicationError("template removed", ErrBadStatement, nil)
	}, failErr: temporal.NewNonRetryableApplicationError(`statement_id "x" is not a UUID`, ErrBadInput, nil)}
	env := f.env()
	env.ExecuteWorkflow(StatementWorkflow, statementIn)
	var appErr *temporal.ApplicationError
	if err := env.GetWorkflowError(); !errors.As(err, &appErr) || appErr.Type() != ErrBadInput {
		t.Fatalf("err = %v, want the BadInput application error", err)
	}
}

func TestPlacementSyncStartsRowStatements(t *testing.T) {
	// st-1 twice: the second start finds it started (as one started by an
	// earlier sync), which counts.
	refs := []StatementRef{
		{AccountID: jobAccount, StatementID: "st-1", PlacementID: placementID},
		{AccountID: jobAccount, StatementID: "st-1", PlacementID: placementID},
	}
	f := &placementSyncActivities{info: PlacementSyncInfo{JobID: jobID, ExternalID: "cand-7", VMSType: "sandbox"},
		result: ReconcilePlacementResult{Rows: 4}, statements: RowStatements{Statements: refs}}
	env, _ := f.env()
	out := completed[PlacementSyncOutput](t, env, "the placement sync", PlacementSyncWorkflow, placementIn)
	if out.Rows != 4 {
		t.Fatalf("output = %+v", out)
	}
	sameInputs(t, "EnsureRowStatements inputs", f.ensured, placementIn)
	if len(f.statementStarts) != 1 || f.statementStarts[0].ID != StatementWorkflowID("st-1") ||
		f.statementStarts[0].Search[SAPlacementID] != placementID || f.statementStarts[0].Search[SAAccountID] != jobAccount {
		t.Fatalf("statement starts = %+v", f.statementStarts)
	}
	// The sync went on without waiting for the statement to end.
	before(t, f.steps, ActEnsureRowStatements, "statement st-1 started")
	before(t, f.steps, ActSyncAgain, "statement st-1 done")
}
