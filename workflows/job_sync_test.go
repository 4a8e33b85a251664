package workflows

import (
	"errors"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"
)

const (
	jobAccount = "acme"
	jobID      = "3d0b6a4e-5a7f-4a61-9d52-1f0c2b7e8a10"
)

var jobIn = JobSyncInput{AccountID: jobAccount, JobID: jobID}

// childStart is how a placement sync child was started.
type childStart struct {
	ID     string
	Input  PlacementSyncInput
	Search map[string]string
	Parent string
}

// jobSyncActivities stands in for the worker's job sync activities, and
// PlacementSyncWorkflow for the placement syncs the job sync starts; each
// records what the job sync asked. The job sync is the real one.
type jobSyncActivities struct {
	mu          sync.Mutex
	info        JobSyncInfo
	beginErr    error
	fetch       func(attempt int) (FetchResult, error)
	recordErr   error
	result      ReconcileJobResult
	reconErr    error
	scheduleErr error
	again       bool
	againErr    error

	// elapsed is the workflow time the run took (the retries' backoff).
	elapsed    time.Duration
	steps      []string
	begun      []JobSyncInput
	fetched    []JobSyncInput
	recorded   []SyncErrorInput
	reconciled []JobSyncInput
	scheduled  []JobScheduleInput
	asked      []SyncAgainInput
	children   []childStart
}

func (f *jobSyncActivities) register(env *testsuite.TestWorkflowEnvironment) {
	reg := func(fn any, name string) { env.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name}) }
	reg(logged(&f.mu, &f.steps, ActBeginJobSync, &f.begun, func(int) (JobSyncInfo, error) { return f.info, f.beginErr }), ActBeginJobSync)
	reg(logged(&f.mu, &f.steps, ActFetchJob, &f.fetched, func(n int) (FetchResult, error) {
		if f.fetch == nil {
			return FetchResult{Status: "ACTIVE", Items: 12}, nil
		}
		return f.fetch(n)
	}), ActFetchJob)
	reg(loggedErr(&f.mu, &f.steps, ActRecordSyncError, &f.recorded, func() error { return f.recordErr }), ActRecordSyncError)
	reg(logged(&f.mu, &f.steps, ActReconcileJob, &f.reconciled, func(int) (ReconcileJobResult, error) { return f.result, f.reconErr }), ActReconcileJob)
	reg(loggedErr(&f.mu, &f.steps, ActEnsureJobSchedule, &f.scheduled, func() error { return f.scheduleErr }), ActEnsureJobSchedule)
	reg(logged(&f.mu, &f.steps, ActSyncAgain, &f.asked, func(n int) (bool, error) {
		// A sync that continues as new without end fails here, not by
		// the test's deadline.
		if n > 3 {
			return false, temporal.NewNonRetryableApplicationError("the job sync ran again more than three times", "RunAway", nil)
		}
		return f.again, f.againErr
	}), ActSyncAgain)
	env.RegisterWorkflowWithOptions(f.placementSync, workflow.RegisterOptions{Name: "PlacementSyncWorkflow"})
}

// placementSync stands in for PlacementSyncWorkflow: it records how it was
// started, then holds on for an hour of workflow time, so that a job sync
// that waited for it, or took it down when it ended, shows.
func (f *jobSyncActivities) placementSync(ctx workflow.Context, in PlacementSyncInput) (PlacementSyncOutput, error) {
	info := workflow.GetInfo(ctx)
	start := childStart{ID: info.WorkflowExecution.ID, Input: in,
		Search: keywords(workflow.GetTypedSearchAttributes(ctx), SAPlacementID, SAAccountID, SAJobID)}
	if info.ParentWorkflowExecution != nil {
		start.Parent = info.ParentWorkflowExecution.ID
	}
	f.mu.Lock()
	f.children = append(f.children, start)
	f.mu.Unlock()
	err := workflow.Sleep(ctx, time.Hour)
	f.mu.Lock()
	defer f.mu.Unlock()
	if err != nil {
		f.steps = append(f.steps, "placement sync "+in.PlacementID+" stopped: "+err.Error())
		return PlacementSyncOutput{}, err
	}
	f.steps = append(f.steps, "placement sync "+in.PlacementID+" done")
	return PlacementSyncOutput{Rows: 3}, nil
}

func (f *jobSyncActivities) env() (*testsuite.TestWorkflowEnvironment, *upserts) {
	return syncEnv(f, JobSyncWorkflow)
}

// run runs JobSyncWorkflow on jobIn and returns its result; the workflow
// must end without error.
func (f *jobSyncActivities) run(t *testing.T) (JobSyncOutput, *upserts) {
	t.Helper()
	env, u := f.env()
	out := completed[JobSyncOutput](t, env, "the job sync", JobSyncWorkflow, jobIn)
	f.elapsed = env.Now().Sub(syncStart)
	return out, u
}

func TestJobSyncWorkflow(t *testing.T) {
	tests := []struct {
		name       string
		info       JobSyncInfo
		result     ReconcileJobResult
		wantSteps  []string
		wantActive bool
	}{
		{
			name:   "active job read from its VMS, two placements",
			info:   JobSyncInfo{VMSType: "sandbox", FetchVMS: true, SyncEvery: 6 * time.Hour},
			result: ReconcileJobResult{Status: "ACTIVE", Rows: 9, Unmapped: 1, Conflicts: 2, Placements: []string{"p-1", "p-2"}},
			wantSteps: []string{ActBeginJobSync, ActFetchJob, ActReconcileJob, ActEnsureJobSchedule, ActSyncAgain,
				"placement sync p-1 done", "placement sync p-2 done"},
			wantActive: true,
		},
		{
			name:       "filled job from email and matrices only, no placements",
			info:       JobSyncInfo{VMSType: "emailonly", FetchVMS: false, SyncEvery: 24 * time.Hour},
			result:     ReconcileJobResult{Status: "FILLED", Rows: 4},
			wantSteps:  []string{ActBeginJobSync, ActReconcileJob, ActEnsureJobSchedule, ActSyncAgain},
			wantActive: false,
		},
		{
			name:       "unavailable job read from its VMS: its schedule pauses",
			info:       JobSyncInfo{VMSType: "sandbox", FetchVMS: true, SyncEvery: time.Hour},
			result:     ReconcileJobResult{Status: "UNAVAILABLE", Placements: []string{"p-1"}},
			wantSteps:  []string{ActBeginJobSync, ActFetchJob, ActReconcileJob, ActEnsureJobSchedule, ActSyncAgain, "placement sync p-1 done"},
			wantActive: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &jobSyncActivities{info: tt.info, result: tt.result}
			out, u := f.run(t)
			// The placement syncs end after the job sync: it did not wait
			// for them, and they outlived it.
			sameInputs(t, "steps", f.steps, tt.wantSteps...)
			sameInputs(t, "BeginJobSync inputs", f.begun, jobIn)
			sameInputs(t, "ReconcileJob inputs", f.reconciled, jobIn)
			if tt.info.FetchVMS {
				sameInputs(t, "FetchJob inputs", f.fetched, jobIn)
			}
			if len(f.recorded) != 0 {
				t.Fatalf("sync errors recorded: %+v", f.recorded)
			}
			sameInputs(t, "EnsureJobSchedule inputs", f.scheduled,
				JobScheduleInput{AccountID: jobAccount, JobID: jobID, Active: tt.wantActive, Every: tt.info.SyncEvery})
			sameInputs(t, "SyncAgain inputs", f.asked, SyncAgainInput{Kind: "job", AccountID: jobAccount, ID: jobID, Since: syncStart})
			if !reflect.DeepEqual(out, JobSyncOutput{ReconcileJobResult: tt.result}) {
				t.Fatalf("output = %+v, want %+v", out, tt.result)
			}
			// Started by a schedule or the resumer knowing only the job's id,
			// the sync learns its integration from BeginJobSync.
			if got, want := u.after("default-test-workflow-id", SAVMSType), []map[string]string{{SAVMSType: tt.info.VMSType}}; !reflect.DeepEqual(got, want) {
				t.Fatalf("search attributes after upserts = %v, want %v", got, want)
			}
			if len(f.children) != len(tt.result.Placements) {
				t.Fatalf("placement syncs started: %+v, want one per placement %v", f.children, tt.result.Placements)
			}
			for i, id := range tt.result.Placements {
				want := childStart{ID: "placement-sync/" + id, Input: PlacementSyncInput{AccountID: jobAccount, PlacementID: id},
					Search: map[string]string{SAPlacementID: id, SAAccountID: jobAccount}, Parent: "default-test-workflow-id"}
				if !reflect.DeepEqual(f.children[i], want) {
					t.Fatalf("placement sync %d started as %+v, want %+v", i, f.children[i], want)
				}
			}
		})
	}
}

func TestJobSyncWorkflowReadsTheVMS(t *testing.T) {
	tests := []struct {
		name        string
		fetch       func(attempt int) (FetchResult, error)
		wantFetches int
		wantBackoff time.Duration
		wantError   string
	}{
		{"answers at once", func(int) (FetchResult, error) { return FetchResult{Status: "ACTIVE", Items: 7}, nil }, 1, 0, ""},
		{"answers on the third try", func(n int) (FetchResult, error) {
			if n < 3 {
				return FetchResult{}, vmsDown()
			}
			return FetchResult{Status: "ACTIVE", Items: 7}, nil
		}, 3, 15 * time.Second, ""},
		// sourceRetry's six attempts, 5+10+20+40+80 s of backoff that the
		// test environment's clock skips.
		{"stays down", func(int) (FetchResult, error) { return FetchResult{}, vmsDown() }, 6, 155 * time.Second,
			"the VMS answered 503 Service Unavailable"},
		{"refuses the credentials", func(int) (FetchResult, error) {
			return FetchResult{}, temporal.NewNonRetryableApplicationError("the VMS refused the sign-in: check SANDBOX_CLIENT_SECRET", ErrRefused, nil)
		}, 1, 0, "the VMS refused the sign-in: check SANDBOX_CLIENT_SECRET"},
		// sourceRetry itself does not retry a refusal, whoever raised it.
		{"refusal by its type only", func(int) (FetchResult, error) {
			return FetchResult{}, temporal.NewApplicationError("the VMS refused the sign-in", ErrRefused)
		}, 1, 0, "the VMS refused the sign-in"},
		{"no connector for the integration", func(int) (FetchResult, error) {
			return FetchResult{}, temporal.NewNonRetryableApplicationError("no connector reaches the VMS of acmevms", ErrBadInput, nil)
		}, 1, 0, "no connector reaches the VMS of acmevms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &jobSyncActivities{info: JobSyncInfo{VMSType: "sandbox", FetchVMS: true, SyncEvery: time.Hour},
				fetch: tt.fetch, result: ReconcileJobResult{Status: "ACTIVE", Rows: 5}}
			out, _ := f.run(t)
			if len(f.fetched) != tt.wantFetches || f.elapsed != tt.wantBackoff {
				t.Fatalf("FetchJob attempts = %d over %v, want %d over %v", len(f.fetched), f.elapsed, tt.wantFetches, tt.wantBackoff)
			}
			if out.SyncError != tt.wantError {
				t.Fatalf("output sync error = %q, want %q", out.SyncError, tt.wantError)
			}
			wantSteps := []string{ActBeginJobSync}
			for range tt.wantFetches {
				wantSteps = append(wantSteps, ActFetchJob)
			}
			if tt.wantError != "" {
				sameInputs(t, "RecordSyncError inputs", f.recorded, SyncErrorInput{Kind: "job", AccountID: jobAccount, ID: jobID, Reason: tt.wantError})
				wantSteps = append(wantSteps, ActRecordSyncError)
			} else if len(f.recorded) != 0 {
				t.Fatalf("sync errors recorded: %+v", f.recorded)
			}
			// The other sources still count: the job is reconciled and its
			// schedule kept.
			sameInputs(t, "steps", f.steps, append(wantSteps, ActReconcileJob, ActEnsureJobSchedule, ActSyncAgain)...)
			if out.Status != "ACTIVE" || out.Rows != 5 {
				t.Fatalf("output = %+v", out)
			}
		})
	}
}

func TestJobSyncWorkflowEndsQuietlyWhenTheJobIsGone(t *testing.T) {
	withVMS := JobSyncInfo{VMSType: "sandbox", FetchVMS: true, SyncEvery: time.Hour}
	active := ReconcileJobResult{Status: "ACTIVE", Rows: 5, Placements: []string{"p-1"}}
	tests := []struct {
		name      string
		f         *jobSyncActivities
		wantSteps []string
		wantOut   JobSyncOutput
	}{
		{"at BeginJobSync", &jobSyncActivities{beginErr: goneErr()}, []string{ActBeginJobSync}, JobSyncOutput{}},
		{"at FetchJob", &jobSyncActivities{info: withVMS, fetch: func(int) (FetchResult, error) { return FetchResult{}, goneErr() }},
			[]string{ActBeginJobSync, ActFetchJob}, JobSyncOutput{}},
		{"at ReconcileJob", &jobSyncActivities{info: withVMS, reconErr: goneErr()},
			[]string{ActBeginJobSync, ActFetchJob, ActReconcileJob}, JobSyncOutput{}},
		{"at SyncAgain", &jobSyncActivities{info: withVMS, result: active, againErr: goneErr()},
			[]string{ActBeginJobSync, ActFetchJob, ActReconcileJob, ActEnsureJobSchedule, ActSyncAgain, "placement sync p-1 done"},
			JobSyncOutput{ReconcileJobResult: active}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _ := tt.f.run(t)
			sameInputs(t, "steps", tt.f.steps, tt.wantSteps...)
			if !reflect.DeepEqual(out, tt.wantOut) {
				t.Fatalf("output = %+v, want %+v", out, tt.wantOut)
			}
		})
	}
}

func TestJobSyncWorkflowFails(t *testing.T) {
	withVMS := JobSyncInfo{VMSType: "sandbox", FetchVMS: true, SyncEvery: time.Hour}
	badInput := func(msg string) error { return temporal.NewNonRetryableApplicationError(msg, ErrBadInput, nil) }
	tests := []struct {
		name      string
		f         *jobSyncActivities
		wantSteps []string
		wantErr   string
	}{
		{"BeginJobSync refuses the job", &jobSyncActivities{beginErr: badInput(`job_id "x" is not a UUID`)},
			[]string{ActBeginJobSync}, `job_id "x" is not a UUID`},
		{"the sync error cannot be recorded", &jobSyncActivities{info: withVMS,
			fetch:     func(int) (FetchResult, error) { return FetchResult{}, vmsDown() },
			recordErr: badInput("stored job does not decode")},
			[]string{ActBeginJobSync, ActFetchJob, ActFetchJob, ActFetchJob, ActFetchJob, ActFetchJob, ActFetchJob, ActRecordSyncError},
			"stored job does not decode"},
		{"ReconcileJob fails", &jobSyncActivities{info: withVMS, reconErr: badInput("stored source does not decode")},
			[]string{ActBeginJobSync, ActFetchJob, ActReconcileJob}, "stored source does not decode"},
		{"the schedule cannot be kept", &jobSyncActivities{info: withVMS, result: ReconcileJobResult{Status: "ACTIVE"},
			scheduleErr: temporal.NewNonRetryableApplicationError("schedule interval must be positive", "InvalidArgument", nil)},
			[]string{ActBeginJobSync, ActFetchJob, ActReconcileJob, ActEnsureJobSchedule}, "schedule interval must be positive"},
		{"SyncAgain fails", &jobSyncActivities{info: withVMS, result: ReconcileJobResult{Status: "ACTIVE"}, againErr: badInput(`id "x" is not a UUID`)},
			[]string{ActBeginJobSync, ActFetchJob, ActReconcileJob, ActEnsureJobSchedule, ActSyncAgain}, `id "x" is not a UUID`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, _ := tt.f.env()
			env.ExecuteWorkflow(JobSyncWorkflow, jobIn)
			failedWith(t, env, tt.wantErr)
			sameInputs(t, "steps", tt.f.steps, tt.wantSteps...)
		})
	}
}

func TestJobSyncWorkflowContinuesAsNewWhenAskedAgain(t *testing.T) {
	f := &jobSyncActivities{info: JobSyncInfo{VMSType: "sandbox", FetchVMS: true, SyncEvery: time.Hour},
		result: ReconcileJobResult{Status: "ACTIVE", Placements: []string{"p-1"}}, again: true}
	env, _ := f.env()
	env.ExecuteWorkflow(JobSyncWorkflow, jobIn)
	wantContinuedAsNew(t, env, "JobSyncWorkflow", jobIn)
	sameInputs(t, "steps", f.steps, ActBeginJobSync, ActFetchJob, ActReconcileJob, ActEnsureJobSchedule, ActSyncAgain, "placement sync p-1 done")
	sameInputs(t, "SyncAgain inputs", f.asked, SyncAgainInput{Kind: "job", AccountID: jobAccount, ID: jobID, Since: syncStart})
}

// A request that reaches a running sync (the API's signal-with-start)
// makes it run again, though nothing was recorded with the job.
func TestJobSyncWorkflowContinuesAsNewWhenSignalled(t *testing.T) {
	f := &jobSyncActivities{info: JobSyncInfo{VMSType: "sandbox", FetchVMS: true, SyncEvery: time.Hour},
		result: ReconcileJobResult{Status: "ACTIVE"}}
	env, _ := f.env()
	env.RegisterDelayedCallback(func() { env.SignalWorkflow(SignalSyncRequested, nil) }, 0)
	env.ExecuteWorkflow(JobSyncWorkflow, jobIn)
	wantContinuedAsNew(t, env, "JobSyncWorkflow", jobIn)
	sameInputs(t, "steps", f.steps, ActBeginJobSync, ActFetchJob, ActReconcileJob, ActEnsureJobSchedule, ActSyncAgain)

	// Without the signal it ends.
	f = &jobSyncActivities{info: f.info, result: f.result}
	f.run(t)
}

// placementSyncRunning starts placement-sync/<busy> as the API does when a
// placement is created, then runs the job sync (which lists that
// placement) as its child while that placement's sync still runs.
func placementSyncRunning(ctx workflow.Context, busy string, in JobSyncInput) (JobSyncOutput, error) {
	pctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{
		WorkflowID: PlacementSyncWorkflowID(busy), ParentClosePolicy: enums.PARENT_CLOSE_POLICY_ABANDON,
	})
	placement := workflow.ExecuteChildWorkflow(pctx, "PlacementSyncWorkflow", PlacementSyncInput{AccountID: in.AccountID, PlacementID: busy})
	if err := placement.GetChildWorkflowExecution().Get(ctx, nil); err != nil {
		return JobSyncOutput{}, err
	}
	jctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{WorkflowID: JobSyncWorkflowID(in.JobID)})
	var out JobSyncOutput
	err := workflow.ExecuteChildWorkflow(jctx, JobSyncWorkflow, in).Get(ctx, &out)
	return out, err
}

func TestJobSyncWorkflowToleratesARunningPlacementSync(t *testing.T) {
	result := ReconcileJobResult{Status: "ACTIVE", Rows: 3, Placements: []string{"p-busy", "p-2"}}
	f := &jobSyncActivities{info: JobSyncInfo{VMSType: "sandbox", FetchVMS: false, SyncEvery: time.Hour}, result: result}
	env, _ := f.env()
	env.RegisterWorkflow(placementSyncRunning)
	out := completed[JobSyncOutput](t, env, "the job sync", placementSyncRunning, "p-busy", jobIn)
	if !reflect.DeepEqual(out, JobSyncOutput{ReconcileJobResult: result}) {
		t.Fatalf("output = %+v", out)
	}
	// p-busy's sync is the one the API started: the job sync started only
	// p-2's, and went on to keep its schedule.
	var ids, parents []string
	for _, c := range f.children {
		ids, parents = append(ids, c.ID), append(parents, c.Parent)
	}
	sameInputs(t, "placement syncs", ids, "placement-sync/p-busy", "placement-sync/p-2")
	sameInputs(t, "their parents", parents, "default-test-workflow-id", JobSyncWorkflowID(jobID))
	sameInputs(t, "steps", f.steps, ActBeginJobSync, ActReconcileJob, ActEnsureJobSchedule, ActSyncAgain,
		"placement sync p-busy done", "placement sync p-2 done")
	sameInputs(t, "EnsureJobSchedule inputs", f.scheduled, JobScheduleInput{AccountID: jobAccount, JobID: jobID, Active: true, Every: time.Hour})
}

func TestRequirementExpiryWorkflow(t *testing.T) {
	tests := []struct {
		name    string
		answer  func(attempt int) (ExpiryResult, error)
		wantOut ExpiryResult
		wantErr string
	}{
		{"rows expired", func(int) (ExpiryResult, error) { return ExpiryResult{Expired: 7}, nil }, ExpiryResult{Expired: 7}, ""},
		{"database restarting, then answers", func(n int) (ExpiryResult, error) {
			if n < 3 {
				return ExpiryResult{}, errors.New("database is restarting")
			}
			return ExpiryResult{Expired: 2}, nil
		}, ExpiryResult{Expired: 2}, ""},
		{"refused", func(int) (ExpiryResult, error) {
			return ExpiryResult{}, temporal.NewNonRetryableApplicationError("stored row does not decode", ErrBadInput, nil)
		}, ExpiryResult{}, "stored row does not decode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var (
				mu    sync.Mutex
				steps []string
				asked []ExpiryInput
			)
			var suite testsuite.WorkflowTestSuite
			env := suite.NewTestWorkflowEnvironment()
			env.RegisterActivityWithOptions(logged(&mu, &steps, ActExpireRequirements, &asked, tt.answer),
				activity.RegisterOptions{Name: ActExpireRequirements})
			env.ExecuteWorkflow(RequirementExpiryWorkflow, ExpiryInput{})
			if tt.wantErr != "" {
				failedWith(t, env, tt.wantErr)
				sameInputs(t, "ExpireRequirements inputs", asked, ExpiryInput{})
				return
			}
			var out ExpiryResult
			if err := env.GetWorkflowResult(&out); err != nil {
				t.Fatal(err)
			}
			if out != tt.wantOut || len(asked) == 0 || slices.ContainsFunc(asked, func(in ExpiryInput) bool { return in != ExpiryInput{} }) {
				t.Fatalf("output %+v after inputs %+v, want %+v", out, asked, tt.wantOut)
			}
		})
	}
}

func TestJobSyncSchedule(t *testing.T) {
	opts := JobSyncSchedule(jobAccount, jobID, "compliance", 6*time.Hour)
	if opts.ID != "job-sync/"+jobID {
		t.Fatalf("schedule id = %q", opts.ID)
	}
	wantSpec := client.ScheduleSpec{Intervals: []client.ScheduleIntervalSpec{{Every: 6 * time.Hour}}, Jitter: time.Minute}
	if !reflect.DeepEqual(opts.Spec, wantSpec) {
		t.Fatalf("spec = %+v, want %+v", opts.Spec, wantSpec)
	}
	if opts.Overlap != enums.SCHEDULE_OVERLAP_POLICY_SKIP {
		t.Fatalf("overlap = %v, want SKIP", opts.Overlap)
	}
	action, ok := opts.Action.(*client.ScheduleWorkflowAction)
	if !ok {
		t.Fatalf("action = %T, want a workflow", opts.Action)
	}
	if action.ID != "job-sync/"+jobID || action.TaskQueue != "compliance" {
		t.Fatalf("action id %q task queue %q", action.ID, action.TaskQueue)
	}
	if reflect.ValueOf(action.Workflow).Pointer() != reflect.ValueOf(JobSyncWorkflow).Pointer() {
		t.Fatalf("action workflow = %v, want JobSyncWorkflow", action.Workflow)
	}
	if !reflect.DeepEqual(action.Args, []any{jobIn}) {
		t.Fatalf("action args = %+v, want [%+v]", action.Args, jobIn)
	}
	got := keywords(action.TypedSearchAttributes, SAJobID, SAAccountID, SAPlacementID, SAVMSType)
	if want := map[string]string{SAJobID: jobID, SAAccountID: jobAccount}; !reflect.DeepEqual(got, want) || action.TypedSearchAttributes.Size() != 2 {
		t.Fatalf("action search attributes = %v (%d), want %v", got, action.TypedSearchAttributes.Size(), want)
	}
	// Another job, account and interval make another schedule.
	other := JobSyncSchedule("globex", "job-2", "q2", 30*time.Minute)
	oa := other.Action.(*client.ScheduleWorkflowAction)
	if other.ID != "job-sync/job-2" || other.Spec.Intervals[0].Every != 30*time.Minute || oa.TaskQueue != "q2" ||
		!reflect.DeepEqual(oa.Args, []any{JobSyncInput{AccountID: "globex", JobID: "job-2"}}) {
		t.Fatalf("other schedule = %+v action %+v", other, oa)
	}
	if s, _ := oa.TypedSearchAttributes.GetKeyword(temporal.NewSearchAttributeKeyKeyword(SAAccountID)); s != "globex" {
		t.Fatalf("other schedule's account = %q", s)
	}
}
