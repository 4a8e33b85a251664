package workflows

import (
	"errors"
	"sync"
	"testing"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
)

// registryActivities stands in for the worker's registry activities and
// records what the workflows asked; the workflows are the real ones.
type registryActivities struct {
	mu        sync.Mutex
	live      func(attempt int32) (LiveRegistryResult, error)
	attempts  int32
	failures  []LiveFailureInput
	rendered  []RenderCertificateInput
	refresh   func(attempt int32) (RegistryRefreshOutput, error)
	refreshes int32
	recorded  []ImportFailureInput
}

// run executes workflow wf on in with these activities, and decodes its
// result into out.
func (f *registryActivities) run(t *testing.T, wf, in, out any) {
	t.Helper()
	var suite testsuite.WorkflowTestSuite
	env := suite.NewTestWorkflowEnvironment()
	f.register(env)
	env.ExecuteWorkflow(wf, in)
	if err := env.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	if err := env.GetWorkflowResult(out); err != nil {
		t.Fatal(err)
	}
}

func (f *registryActivities) register(env *testsuite.TestWorkflowEnvironment) {
	reg := func(fn any, name string) { env.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name}) }
	reg(counting[LiveRegistryInput](&f.mu, &f.attempts, f.live), ActQueryLiveRegistry)
	reg(recording(&f.mu, &f.failures), ActRecordLiveFailure)
	reg(answering(&f.mu, &f.rendered, func(RenderCertificateInput) RenderCertificateResult {
		return RenderCertificateResult{Rendered: true}
	}), ActRenderCertificate)
	reg(counting[RegistryRefreshInput](&f.mu, &f.refreshes, f.refresh), ActRefreshRegistry)
	reg(recording(&f.mu, &f.recorded), ActRecordImportFailure)
}

func TestRegistryCheckWorkflow(t *testing.T) {
	unavailable := temporal.NewApplicationError("NSOPW answered 503", "RegistryUnavailable")
	tests := []struct {
		name         string
		live         []string
		answer       func(int32) (LiveRegistryResult, error)
		wantAttempts int32
		wantResults  []string
		wantFailure  string
		wantRendered int
	}{
		{"bulk lists only", nil, nil, 0, nil, "", 1},
		{"live registry answers", []string{"nsopw"}, func(int32) (LiveRegistryResult, error) {
			return LiveRegistryResult{Result: "no_match_found"}, nil
		}, 1, []string{"no_match_found"}, "", 1},
		{"live registry answers on the third try", []string{"nsopw"}, func(n int32) (LiveRegistryResult, error) {
			if n < 3 {
				return LiveRegistryResult{}, unavailable
			}
			return LiveRegistryResult{Result: "match_found"}, nil
		}, 3, []string{"match_found"}, "", 1},
		{"live registry stays down", []string{"nsopw"}, func(int32) (LiveRegistryResult, error) {
			return LiveRegistryResult{}, unavailable
		}, LiveQueryAttempts, []string{"unavailable"}, "NSOPW answered 503", 1},
		{"live registry refuses the query", []string{"nsopw"}, func(int32) (LiveRegistryResult, error) {
			return LiveRegistryResult{}, temporal.NewNonRetryableApplicationError("NSOPW found too many people for this name; add a ZIP code", "RegistryRefused", nil)
		}, 1, []string{"unavailable"}, "NSOPW found too many people for this name; add a ZIP code", 1},
		{"check deleted meanwhile", []string{"nsopw"}, func(int32) (LiveRegistryResult, error) {
			return LiveRegistryResult{}, temporal.NewNonRetryableApplicationError("the object was deleted", ErrGone, nil)
		}, 1, nil, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &registryActivities{live: tt.answer}
			var out RegistryCheckOutput
			f.run(t, RegistryCheckWorkflow, RegistryCheckInput{SearchID: "s-1", AccountID: "acme", Live: tt.live}, &out)
			if f.attempts != tt.wantAttempts || len(f.rendered) != tt.wantRendered || len(out.Results) != len(tt.wantResults) {
				t.Fatalf("attempts %d rendered %d results %v", f.attempts, len(f.rendered), out.Results)
			}
			for i := range tt.wantResults {
				if out.Results[i] != tt.wantResults[i] {
					t.Fatalf("results %v, want %v", out.Results, tt.wantResults)
				}
			}
			if tt.wantFailure == "" && len(f.failures) != 0 || tt.wantFailure != "" && (len(f.failures) != 1 || f.failures[0].Reason != tt.wantFailure) {
				t.Fatalf("recorded failures %+v, want %q", f.failures, tt.wantFailure)
			}
		})
	}
}

func TestRegistryRefreshWorkflow(t *testing.T) {
	tests := []struct {
		name         string
		refresh      func(int32) (RegistryRefreshOutput, error)
		wantTries    int32
		wantOutcome  string
		wantRecorded string
	}{
		{"imported", func(int32) (RegistryRefreshOutput, error) {
			return RegistryRefreshOutput{Registry: "sam", Outcome: "imported", Records: 10}, nil
		}, 1, "imported", ""},
		{"address unreachable", func(int32) (RegistryRefreshOutput, error) {
			return RegistryRefreshOutput{}, temporal.NewApplicationError("download https://x/UPDATED.csv: dial tcp: connection refused", "")
		}, 3, "failed", "download https://x/UPDATED.csv: dial tcp: connection refused"},
		{"file refused", func(int32) (RegistryRefreshOutput, error) {
			return RegistryRefreshOutput{}, temporal.NewNonRetryableApplicationError("the downloaded list was refused: UPDATED.csv line 9: bad quoting", ErrRefused, errors.New("x"))
		}, 1, "failed", "the downloaded list was refused: UPDATED.csv line 9: bad quoting"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &registryActivities{refresh: tt.refresh}
			var out RegistryRefreshOutput
			f.run(t, RegistryRefreshWorkflow, RegistryRefreshInput{Registry: "sam"}, &out)
			if f.refreshes != tt.wantTries || out.Outcome != tt.wantOutcome {
				t.Fatalf("tries %d outcome %+v", f.refreshes, out)
			}
			if tt.wantRecorded == "" && len(f.recorded) != 0 || tt.wantRecorded != "" && (len(f.recorded) != 1 || f.recorded[0].Reason != tt.wantRecorded || out.Reason != tt.wantRecorded) {
				t.Fatalf("recorded %+v, want %q", f.recorded, tt.wantRecorded)
			}
		})
	}
}
