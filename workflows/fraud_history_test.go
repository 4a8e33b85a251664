package workflows

import (
	"testing"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/pipeline"
)

// The intake's fraud history check runs once every segment is judged and
// before the rollup, so that the rollup and the requirement rows see a
// reused document as fraudulent.
func TestIntakeWorkflowChecksFraudHistory(t *testing.T) {
	f := &fakeActivities{analyze: func(AnalyzeInput) (AnalyzeResult, error) { return textPages(2), nil },
		split: []pipeline.PageRange{{Start: 1, End: 1}, {Start: 2, End: 2}}}
	env := newEnv(t, f)
	env.OnActivity(ActCheckFraudHistory, mock.Anything, mock.Anything).Run(func(args mock.Arguments) {
		f.mu.Lock()
		defer f.mu.Unlock()
		if len(f.processed) != 2 || len(f.finished) != 0 {
			t.Errorf("history checked with %d segments judged and %d finishes", len(f.processed), len(f.finished))
		}
		f.histories = append(f.histories, args.Get(1).(FraudHistoryInput))
	}).Return(nil)
	env.ExecuteWorkflow(IntakeWorkflow, intakeIn)
	var out IntakeOutput
	if err := env.GetWorkflowResult(&out); err != nil || out.Status != "SUCCESS" {
		t.Fatalf("workflow: %+v %v", out, err)
	}
	if len(f.histories) != 1 || f.histories[0] != (FraudHistoryInput{AccountID: "acme", IntakeID: intakeID}) {
		t.Fatalf("history checks %+v", f.histories)
	}
	if len(f.finished) != 1 || f.finished[0].Status != "SUCCESS" {
		t.Fatalf("finished %+v", f.finished)
	}
}

// A check that cannot be done fails the intake like any other step: an
// intake whose history was not compared is not called clean.
func TestIntakeWorkflowFraudHistoryFailure(t *testing.T) {
	f := &fakeActivities{analyze: func(AnalyzeInput) (AnalyzeResult, error) { return textPages(1), nil }}
	env := newEnv(t, f)
	env.OnActivity(ActCheckFraudHistory, mock.Anything, mock.Anything).
		Return(temporal.NewNonRetryableApplicationError("stored fraud verdict does not decode", ErrBadInput, nil))
	env.ExecuteWorkflow(IntakeWorkflow, intakeIn)
	var out IntakeOutput
	if err := env.GetWorkflowResult(&out); err != nil {
		t.Fatal(err)
	}
	if out.Status != "FAILED" || out.ErrorCode != "processing_failed" || len(f.finished) != 1 || f.finished[0].Status != "FAILED" {
		t.Fatalf("output %+v, finished %+v", out, f.finished)
	}
}
