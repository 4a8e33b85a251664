package workflows

import (
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"
)

const placementID = "8c4e2f10-6b3a-4d7e-a1f5-2e9d0c7b6a43"

var placementIn = PlacementSyncInput{AccountID: jobAccount, PlacementID: placementID}

// row is the ref of one of the placement's requirement rows.
func row(id string) RowRef { return RowRef{AccountID: jobAccount, PlacementID: placementID, RowID: id} }

// checkStart is how a registry check child was started.
type checkStart struct {
	ID     string
	Input  RegistryCheckInput
	Search map[string]string
	At     time.Time
}

// placementSyncActivities stands in for the worker's placement sync
// activities, and RegistryCheckWorkflow for the checks the sync starts;
// each records what the sync asked. The placement sync is the real one.
type placementSyncActivities struct {
	mu        sync.Mutex
	info      PlacementSyncInfo
	beginErr  error
	fetch     func(attempt int) (FetchResult, error)
	recordErr error
	result    ReconcilePlacementResult
	reconErr  error
	// start answers StartRowCheck for a row; check is the answer of the
	// registry check child for its input, nil to hold on for an hour and
	// succeed; apply answers ApplyRowCheck.
	start    func(RowRef) (RowCheckStarted, error)
	check    func(RegistryCheckInput) error
	apply    func(ApplyRowCheckInput) error
	again    bool
	againErr error
	// statements answers EnsureRowStatements; statementStarts records the
	// statement children started.
	statements      RowStatements
	statementsErr   error
	ensured         []PlacementSyncInput
	statementStarts []checkStart

	steps      []string
	begun      []PlacementSyncInput
	fetched    []PlacementSyncInput
	recorded   []SyncErrorInput
	reconciled []PlacementSyncInput
	started    []RowRef
	checks     []checkStart
	applied    []ApplyRowCheckInput
	asked      []SyncAgainInput
}

// rowChecks answers StartRowCheck for three rows: r-1's check searches a
// live registry too, r-2's only the bulk lists, and r-3 no longer waits
// for a check.
func rowChecks(r RowRef) (RowCheckStarted, error) {
	switch r.RowID {
	case "r-1":
		return RowCheckStarted{SearchID: "s-1", Live: []string{"nsopw"}, ExternalID: "cand-7"}, nil
	case "r-2":
		return RowCheckStarted{SearchID: "s-2", ExternalID: "cand-7"}, nil
	}
	return RowCheckStarted{}, nil
}

func (f *placementSyncActivities) register(env *testsuite.TestWorkflowEnvironment) {
	reg := func(fn any, name string) { env.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name}) }
	reg(logged(&f.mu, &f.steps, ActBeginPlacementSync, &f.begun, func(int) (PlacementSyncInfo, error) { return f.info, f.beginErr }), ActBeginPlacementSync)
	reg(logged(&f.mu, &f.steps, ActFetchPlacement, &f.fetched, func(n int) (FetchResult, error) {
		if f.fetch == nil {
			return FetchResult{Items: 4}, nil
		}
		return f.fetch(n)
	}), ActFetchPlacement)
	reg(loggedErr(&f.mu, &f.steps, ActRecordSyncError, &f.recorded, func() error { return f.recordErr }), ActRecordSyncError)
	reg(logged(&f.mu, &f.steps, ActReconcilePlacement, &f.reconciled, func(int) (ReconcilePlacementResult, error) { return f.result, f.reconErr }), ActReconcilePlacement)
	// The rows' checks run side by side: their steps are logged with the
	// row's or search's id, the order between rows being the scheduler's.
	reg(loggedAs(&f.mu, &f.steps, func(r RowRef) string { return ActStartRowCheck + " " + r.RowID }, &f.started, func(n int) (RowCheckStarted, error) {
		if f.start == nil {
			return rowChecks(f.started[n-1])
		}
		return f.start(f.started[n-1])
	}), ActStartRowCheck)
	reg(errorOnly(loggedAs(&f.mu, &f.steps, func(in ApplyRowCheckInput) string { return ActApplyRowCheck + " " + in.SearchID }, &f.applied, func(n int) (struct{}, error) {
		if f.apply == nil {
			return struct{}{}, nil
		}
		return struct{}{}, f.apply(f.applied[n-1])
	})), ActApplyRowCheck)
	reg(logged(&f.mu, &f.steps, ActSyncAgain, &f.asked, func(int) (bool, error) { return f.again, f.againErr }), ActSyncAgain)
	reg(logged(&f.mu, &f.steps, ActEnsureRowStatements, &f.ensured, func(int) (RowStatements, error) { return f.statements, f.statementsErr }), ActEnsureRowStatements)
	env.RegisterWorkflowWithOptions(f.registryCheck, workflow.RegisterOptions{Name: "RegistryCheckWorkflow"})
	env.RegisterWorkflowWithOptions(f.statement, workflow.RegisterOptions{Name: "StatementWorkflow"})
}

// statement stands in for StatementWorkflow: it records how it was
// started, then holds on for a day, so that a sync that waited for its
// statements instead of only their start would show.
func (f *placementSyncActivities) statement(ctx workflow.Context, in StatementInput) (StatementOutput, error) {
	f.mu.Lock()
	f.statementStarts = append(f.statementStarts, checkStart{ID: workflow.GetInfo(ctx).WorkflowExecution.ID, At: workflow.Now(ctx),
		Search: keywords(workflow.GetTypedSearchAttributes(ctx), SAAccountID, SAPlacementID)})
	f.steps = append(f.steps, "statement "+in.StatementID+" started")
	f.mu.Unlock()
	err := workflow.Sleep(ctx, 24*time.Hour)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.steps = append(f.steps, "statement "+in.StatementID+" done")
	return StatementOutput{Status: StatementReady}, err
}

// registryCheck stands in for RegistryCheckWorkflow: it records how it was
// started and when, then answers with f.check's error, or holds on for an
// hour of workflow time and succeeds, so that checks run one after the
// other, or a row applied before its check ended, show.
func (f *placementSyncActivities) registryCheck(ctx workflow.Context, in RegistryCheckInput) (RegistryCheckOutput, error) {
	f.mu.Lock()
	f.checks = append(f.checks, checkStart{ID: workflow.GetInfo(ctx).WorkflowExecution.ID, Input: in, At: workflow.Now(ctx),
		Search: keywords(workflow.GetTypedSearchAttributes(ctx), SARegistrySearch, SAExternalID, SAAccountID, SAPlacementID, SAJobID)})
	f.steps = append(f.steps, "check "+in.SearchID+" started")
	check := f.check
	f.mu.Unlock()
	var err error
	if check != nil {
		err = check(in)
	} else {
		err = workflow.Sleep(ctx, time.Hour)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.steps = append(f.steps, "check "+in.SearchID+" done")
	return RegistryCheckOutput{SearchID: in.SearchID, Certificate: err == nil}, err
}

func (f *placementSyncActivities) env() (*testsuite.TestWorkflowEnvironment, *upserts) {
	return syncEnv(f, PlacementSyncWorkflow)
}

// run runs PlacementSyncWorkflow on placementIn and returns its result;
// the workflow must end without error.
func (f *placementSyncActivities) run(t *testing.T) (PlacementSyncOutput, *upserts) {
	t.Helper()
	env, u := f.env()
	return completed[PlacementSyncOutput](t, env, "the placement sync", PlacementSyncWorkflow, placementIn), u
}

// before fails the test unless step a was logged before step b.
func before(t *testing.T, steps []string, a, b string) {
	t.Helper()
	i, j := slices.Index(steps, a), slices.Index(steps, b)
	if i < 0 || j < 0 || i > j {
		t.Fatalf("steps %q: want %q before %q", steps, a, b)
	}
}

// sortedBy returns a sorted copy of s ordered by key, for what the rows'
// parallel checks record in the scheduler's order.
func sortedBy[T any](s []T, key func(T) string) []T {
	out := slices.Clone(s)
	slices.SortFunc(out, func(a, b T) int { return strings.Compare(key(a), key(b)) })
	return out
}

func applyKey(in ApplyRowCheckInput) string { return in.SearchID }

func TestPlacementSyncWorkflow(t *testing.T) {
	info := PlacementSyncInfo{FetchVMS: true, JobID: jobID, ExternalID: "cand-7", VMSType: "sandbox"}
	result := ReconcilePlacementResult{Rows: 11, Changes: 3, Checks: []RowRef{row("r-1"), row("r-2"), row("r-3")}}
	f := &placementSyncActivities{info: info, result: result}
	out, u := f.run(t)

	if want := (PlacementSyncOutput{Rows: 11, Changes: 3, Checks: 3}); out != want {
		t.Fatalf("output = %+v, want %+v", out, want)
	}
	sameInputs(t, "BeginPlacementSync inputs", f.begun, placementIn)
	sameInputs(t, "FetchPlacement inputs", f.fetched, placementIn)
	sameInputs(t, "ReconcilePlacement inputs", f.reconciled, placementIn)
	if len(f.recorded) != 0 {
		t.Fatalf("sync errors recorded: %+v", f.recorded)
	}
	if got, want := u.after("default-test-workflow-id", SAJobID, SAExternalID, SAVMSType, SAPlacementID),
		[]map[string]string{{SAJobID: jobID, SAExternalID: "cand-7", SAVMSType: "sandbox"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("search attributes after upserts = %v, want %v", got, want)
	}

	// Every registry row's check starts; r-3 no longer waits for one, so
	// it has no child and nothing to apply.
	sameInputs(t, "StartRowCheck inputs", sortedBy(f.started, func(r RowRef) string { return r.RowID }), row("r-1"), row("r-2"), row("r-3"))
	checks := sortedBy(f.checks, func(c checkStart) string { return c.ID })
	want := []checkStart{
		{ID: "registry-check/s-1", Input: RegistryCheckInput{SearchID: "s-1", AccountID: jobAccount, ExternalID: "cand-7", Live: []string{"nsopw"}},
			Search: map[string]string{SARegistrySearch: "s-1", SAExternalID: "cand-7", SAAccountID: jobAccount, SAPlacementID: placementID}, At: syncStart},
		{ID: "registry-check/s-2", Input: RegistryCheckInput{SearchID: "s-2", AccountID: jobAccount, ExternalID: "cand-7"},
			Search: map[string]string{SARegistrySearch: "s-2", SAExternalID: "cand-7", SAAccountID: jobAccount, SAPlacementID: placementID}, At: syncStart},
	}
	// Both children started at the sync's start although each holds on
	// for an hour: the checks ran side by side.
	if !reflect.DeepEqual(checks, want) {
		t.Fatalf("registry checks started:\n%+v\nwant\n%+v", checks, want)
	}
	sameInputs(t, "ApplyRowCheck inputs", sortedBy(f.applied, applyKey),
		ApplyRowCheckInput{RowRef: row("r-1"), SearchID: "s-1"}, ApplyRowCheckInput{RowRef: row("r-2"), SearchID: "s-2"})

	steps := f.steps
	if !slices.Equal(steps[:4], []string{ActBeginPlacementSync, ActFetchPlacement, ActReconcilePlacement, ActEnsureRowStatements}) || steps[len(steps)-1] != ActSyncAgain || len(steps) != 14 {
		t.Fatalf("steps = %q", steps)
	}
	for _, r := range []struct{ row, search string }{{"r-1", "s-1"}, {"r-2", "s-2"}} {
		before(t, steps, ActStartRowCheck+" "+r.row, "check "+r.search+" started")
		before(t, steps, "check "+r.search+" done", ActApplyRowCheck+" "+r.search)
	}
	before(t, steps, "check s-1 started", "check s-2 done")
	before(t, steps, "check s-2 started", "check s-1 done")
	sameInputs(t, "SyncAgain inputs", f.asked, SyncAgainInput{Kind: "placement", AccountID: jobAccount, ID: placementID, Since: syncStart})
}

func TestPlacementSyncWorkflowReadsTheVMS(t *testing.T) {
	tests := []struct {
		name        string
		fetchVMS    bool
		fetch       func(attempt int) (FetchResult, error)
		wantFetches int
		wantError   string
	}{
		{"integration does not read placements", false, nil, 0, ""},
		{"answers at once", true, nil, 1, ""},
		{"answers on the second try", true, func(n int) (FetchResult, error) {
			if n < 2 {
				return FetchResult{}, vmsDown()
			}
			return FetchResult{Items: 2}, nil
		}, 2, ""},
		{"stays down", true, func(int) (FetchResult, error) { return FetchResult{}, vmsDown() }, 6, "the VMS answered 503 Service Unavailable"},
		{"refuses the credentials", true, func(int) (FetchResult, error) {
			return FetchResult{}, temporal.NewNonRetryableApplicationError("the VMS refused the sign-in", ErrRefused, nil)
		}, 1, "the VMS refused the sign-in"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &placementSyncActivities{info: PlacementSyncInfo{FetchVMS: tt.fetchVMS, JobID: jobID, ExternalID: "cand-7", VMSType: "sandbox"},
				fetch: tt.fetch, result: ReconcilePlacementResult{Rows: 6, Changes: 1, Checks: []RowRef{row("r-2")}}}
			out, _ := f.run(t)
			if len(f.fetched) != tt.wantFetches {
				t.Fatalf("FetchPlacement attempts = %d, want %d", len(f.fetched), tt.wantFetches)
			}
			if want := (PlacementSyncOutput{Rows: 6, Changes: 1, Checks: 1, SyncError: tt.wantError}); out != want {
				t.Fatalf("output = %+v, want %+v", out, want)
			}
			wantSteps := []string{ActBeginPlacementSync}
			for range tt.wantFetches {
				wantSteps = append(wantSteps, ActFetchPlacement)
			}
			if tt.wantError != "" {
				sameInputs(t, "RecordSyncError inputs", f.recorded, SyncErrorInput{Kind: "placement", AccountID: jobAccount, ID: placementID, Reason: tt.wantError})
				wantSteps = append(wantSteps, ActRecordSyncError)
			} else if len(f.recorded) != 0 {
				t.Fatalf("sync errors recorded: %+v", f.recorded)
			}
			// The job's sources still count: the rows are reconciled and
			// checked.
			sameInputs(t, "steps", f.steps, append(wantSteps, ActReconcilePlacement, ActEnsureRowStatements, ActStartRowCheck+" r-2",
				"check s-2 started", "check s-2 done", ActApplyRowCheck+" s-2", ActSyncAgain)...)
		})
	}
}

// TestPlacementSyncWorkflowGoesOn: what a sync tolerates (a deleted
// placement, row or check, a check already running) ends it quietly or
// lets it go on to the other rows.
func TestPlacementSyncWorkflowGoesOn(t *testing.T) {
	info := PlacementSyncInfo{FetchVMS: true, JobID: jobID, ExternalID: "cand-7", VMSType: "sandbox"}
	two := ReconcilePlacementResult{Rows: 8, Changes: 2, Checks: []RowRef{row("r-1"), row("r-2")}}
	onS1 := func(err error) func(RegistryCheckInput) error {
		return func(in RegistryCheckInput) error {
			if in.SearchID == "s-1" {
				return err
			}
			return nil
		}
	}
	s1, s2 := ApplyRowCheckInput{RowRef: row("r-1"), SearchID: "s-1"}, ApplyRowCheckInput{RowRef: row("r-2"), SearchID: "s-2"}
	tests := []struct {
		name        string
		f           *placementSyncActivities
		wantSteps   []string // the steps, when the sync ends before its checks
		wantApplied []ApplyRowCheckInput
		wantOut     PlacementSyncOutput
	}{
		{name: "placement gone at BeginPlacementSync", f: &placementSyncActivities{beginErr: goneErr()},
			wantSteps: []string{ActBeginPlacementSync}},
		{name: "placement gone at FetchPlacement", f: &placementSyncActivities{info: info, fetch: func(int) (FetchResult, error) { return FetchResult{}, goneErr() }},
			wantSteps: []string{ActBeginPlacementSync, ActFetchPlacement}},
		{name: "placement gone at ReconcilePlacement", f: &placementSyncActivities{info: info, reconErr: goneErr()},
			wantSteps: []string{ActBeginPlacementSync, ActFetchPlacement, ActReconcilePlacement}},
		{name: "placement gone at EnsureRowStatements", f: &placementSyncActivities{info: info, result: two, statementsErr: goneErr()},
			wantSteps: []string{ActBeginPlacementSync, ActFetchPlacement, ActReconcilePlacement, ActEnsureRowStatements}, wantOut: PlacementSyncOutput{Rows: 8, Changes: 2, Checks: 2}},
		{name: "row gone at StartRowCheck", f: &placementSyncActivities{info: info, result: two,
			start: func(r RowRef) (RowCheckStarted, error) {
				if r.RowID == "r-1" {
					return RowCheckStarted{}, goneErr()
				}
				return rowChecks(r)
			}},
			wantApplied: []ApplyRowCheckInput{s2}, wantOut: PlacementSyncOutput{Rows: 8, Changes: 2, Checks: 2}},
		{name: "check gone", f: &placementSyncActivities{info: info, result: two, check: onS1(goneErr())},
			wantApplied: []ApplyRowCheckInput{s2}, wantOut: PlacementSyncOutput{Rows: 8, Changes: 2, Checks: 2}},
		// The shape the SDK gives a child whose id is taken on a real
		// server (a ChildWorkflowExecutionError caused by it): the test
		// environment reports a taken id as a service error instead, so
		// the stand-in check answers it.
		{name: "check already running", f: &placementSyncActivities{info: info, result: two, check: onS1(&temporal.ChildWorkflowExecutionAlreadyStartedError{})},
			wantApplied: []ApplyRowCheckInput{s1, s2}, wantOut: PlacementSyncOutput{Rows: 8, Changes: 2, Checks: 2}},
		{name: "row gone at ApplyRowCheck", f: &placementSyncActivities{info: info, result: two,
			apply: func(in ApplyRowCheckInput) error {
				if in.SearchID == "s-1" {
					return goneErr()
				}
				return nil
			}},
			wantApplied: []ApplyRowCheckInput{s1, s2}, wantOut: PlacementSyncOutput{Rows: 8, Changes: 2, Checks: 2}},
		{name: "placement gone at SyncAgain", f: &placementSyncActivities{info: info, result: two, againErr: goneErr()},
			wantApplied: []ApplyRowCheckInput{s1, s2}, wantOut: PlacementSyncOutput{Rows: 8, Changes: 2, Checks: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _ := tt.f.run(t)
			if out != tt.wantOut {
				t.Fatalf("output = %+v, want %+v", out, tt.wantOut)
			}
			if tt.wantSteps != nil {
				sameInputs(t, "steps", tt.f.steps, tt.wantSteps...)
				return
			}
			sameInputs(t, "StartRowCheck inputs", sortedBy(tt.f.started, func(r RowRef) string { return r.RowID }), row("r-1"), row("r-2"))
			sameInputs(t, "ApplyRowCheck inputs", sortedBy(tt.f.applied, applyKey), tt.wantApplied...)
			sameInputs(t, "SyncAgain inputs", tt.f.asked, SyncAgainInput{Kind: "placement", AccountID: jobAccount, ID: placementID, Since: syncStart})
		})
	}
}

func TestPlacementSyncWorkflowFails(t *testing.T) {
	info := PlacementSyncInfo{FetchVMS: true, JobID: jobID, ExternalID: "cand-7", VMSType: "sandbox"}
	one := ReconcilePlacementResult{Rows: 5, Changes: 1, Checks: []RowRef{row("r-1")}}
	badInput := func(msg string) error { return temporal.NewNonRetryableApplicationError(msg, ErrBadInput, nil) }
	tests := []struct {
		name      string
		f         *placementSyncActivities
		wantSteps []string
		wantErr   string
	}{
		{"BeginPlacementSync refuses the placement", &placementSyncActivities{beginErr: badInput("no integration is configured for vmsType acmevms")},
			[]string{ActBeginPlacementSync}, "no integration is configured for vmsType acmevms"},
		{"the sync error cannot be recorded", &placementSyncActivities{info: info,
			fetch: func(int) (FetchResult, error) {
				return FetchResult{}, temporal.NewNonRetryableApplicationError("the VMS refused the sign-in", ErrRefused, nil)
			},
			recordErr: badInput("stored placement does not decode")},
			[]string{ActBeginPlacementSync, ActFetchPlacement, ActRecordSyncError}, "stored placement does not decode"},
		{"ReconcilePlacement fails", &placementSyncActivities{info: info, reconErr: badInput("stored source does not decode")},
			[]string{ActBeginPlacementSync, ActFetchPlacement, ActReconcilePlacement}, "stored source does not decode"},
		{"StartRowCheck fails", &placementSyncActivities{info: info, result: one,
			start: func(RowRef) (RowCheckStarted, error) {
				return RowCheckStarted{}, badInput("this worker holds no registry lists")
			}},
			[]string{ActBeginPlacementSync, ActFetchPlacement, ActReconcilePlacement, ActEnsureRowStatements, ActStartRowCheck + " r-1"}, "this worker holds no registry lists"},
		{"the check fails", &placementSyncActivities{info: info, result: one,
			check: func(RegistryCheckInput) error {
				return temporal.NewNonRetryableApplicationError("certificate not rendered", "RenderFailed", nil)
			}},
			[]string{ActBeginPlacementSync, ActFetchPlacement, ActReconcilePlacement, ActEnsureRowStatements, ActStartRowCheck + " r-1", "check s-1 started", "check s-1 done"},
			"certificate not rendered"},
		{"ApplyRowCheck fails", &placementSyncActivities{info: info, result: one,
			apply: func(ApplyRowCheckInput) error { return badInput(`search_id "s-1" is not a UUID`) }},
			[]string{ActBeginPlacementSync, ActFetchPlacement, ActReconcilePlacement, ActEnsureRowStatements, ActStartRowCheck + " r-1", "check s-1 started", "check s-1 done", ActApplyRowCheck + " s-1"},
			`search_id "s-1" is not a UUID`},
		{"EnsureRowStatements fails", &placementSyncActivities{info: info, result: one, statementsErr: badInput(`placement_id "x" is not a UUID`)},
			[]string{ActBeginPlacementSync, ActFetchPlacement, ActReconcilePlacement, ActEnsureRowStatements}, `placement_id "x" is not a UUID`},
		{"SyncAgain fails", &placementSyncActivities{info: info, result: ReconcilePlacementResult{Rows: 5}, againErr: badInput(`id "x" is not a UUID`)},
			[]string{ActBeginPlacementSync, ActFetchPlacement, ActReconcilePlacement, ActEnsureRowStatements, ActSyncAgain}, `id "x" is not a UUID`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, _ := tt.f.env()
			env.ExecuteWorkflow(PlacementSyncWorkflow, placementIn)
			failedWith(t, env, tt.wantErr)
			sameInputs(t, "steps", tt.f.steps, tt.wantSteps...)
		})
	}
}

func TestPlacementSyncWorkflowContinuesAsNewWhenAskedAgain(t *testing.T) {
	f := &placementSyncActivities{info: PlacementSyncInfo{JobID: jobID, ExternalID: "cand-7", VMSType: "sandbox"},
		result: ReconcilePlacementResult{Rows: 5, Checks: []RowRef{row("r-2")}}, again: true}
	env, _ := f.env()
	env.ExecuteWorkflow(PlacementSyncWorkflow, placementIn)
	wantContinuedAsNew(t, env, "PlacementSyncWorkflow", placementIn)
	sameInputs(t, "steps", f.steps, ActBeginPlacementSync, ActReconcilePlacement, ActEnsureRowStatements, ActStartRowCheck+" r-2",
		"check s-2 started", "check s-2 done", ActApplyRowCheck+" s-2", ActSyncAgain)
	sameInputs(t, "SyncAgain inputs", f.asked, SyncAgainInput{Kind: "placement", AccountID: jobAccount, ID: placementID, Since: syncStart})
}
