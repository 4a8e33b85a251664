package httpapi_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// intakeChangedWithoutVersion is IntakeWorkflow as a careless change would
// leave it: a new first step (here a timer) added without
// workflow.GetVersion. Workflows started before such a change cannot be
// replayed by the new code, and the replay tests must say so.
func intakeChangedWithoutVersion(ctx workflow.Context, in workflows.IntakeInput) (workflows.IntakeOutput, error) {
	if err := workflow.Sleep(ctx, time.Millisecond); err != nil {
		return workflows.IntakeOutput{}, err
	}
	return workflows.IntakeWorkflow(ctx, in)
}

// TestReplayCatchesAnUnversionedChange runs the changed workflow on the
// real stack under IntakeWorkflow's name, then replays its history with
// today's IntakeWorkflow: the replayer must refuse it as non-deterministic.
// With -record-histories the history is kept for the workflows package's
// replay test (testdata/nondeterministic), which asserts the same failure.
func TestReplayCatchesAnUnversionedChange(t *testing.T) {
	hh := stack(t)
	ctx := context.Background()
	queue := "test-changed-" + uuid.NewString()[:8]
	w := worker.New(hh.tc, queue, worker.Options{})
	w.RegisterWorkflowWithOptions(intakeChangedWithoutVersion, workflow.RegisterOptions{Name: "IntakeWorkflow"})
	hh.acts.Register(w)
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Stop()

	in := &store.Intake{AccountID: "acct-a", ExternalID: "nurse-changed"}
	testenv.StoreIntake(t, hh.st, hh.blobs, in, files(t).bls)
	run, err := hh.tc.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: in.WorkflowID, TaskQueue: queue}, "IntakeWorkflow", workflows.IntakeInput{
		IntakeID: in.ID.String(), AccountID: in.AccountID, ExternalID: in.ExternalID, FileKey: in.File.BlobKey, MimeType: in.File.MimeType,
	})
	if err != nil {
		t.Fatal(err)
	}
	var out workflows.IntakeOutput
	if err := run.Get(ctx, &out); err != nil || out.Status != "SUCCESS" {
		t.Fatalf("changed workflow: %+v %v", out, err)
	}

	hist, err := hh.history(ctx, in.WorkflowID)
	if err != nil {
		t.Fatal(err)
	}
	r := worker.NewWorkflowReplayer()
	workflows.Register(r)
	// The replayer logs the panic it turns into the error; keep it out of
	// the test log.
	quiet := tlog.NewStructuredLogger(slog.New(slog.DiscardHandler))
	err = r.ReplayWorkflowHistory(quiet, hist)
	if err == nil || !strings.Contains(err.Error(), "[TMPRL1100]") {
		t.Fatalf("replaying an unversioned change: err = %v, want a non-determinism error", err)
	}
	hh.recordHistory(t, in.WorkflowID, "nondeterministic/intake_changed_without_version")
}
