package workflows

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/interceptor"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

// The doubles the workflow tests share: fake activities, each recording
// what the workflow asked under the fake's lock; a recorder of search
// attribute upserts; and the set-up and checks of a sync's test
// environment.

// recording is an activity that appends its input to *into.
func recording[In any](mu *sync.Mutex, into *[]In) func(context.Context, In) error {
	return func(_ context.Context, in In) error {
		mu.Lock()
		defer mu.Unlock()
		*into = append(*into, in)
		return nil
	}
}

// answering is an activity that appends its input to *into and answers
// with answer(input).
func answering[In, Out any](mu *sync.Mutex, into *[]In, answer func(In) Out) func(context.Context, In) (Out, error) {
	return func(_ context.Context, in In) (Out, error) {
		mu.Lock()
		defer mu.Unlock()
		*into = append(*into, in)
		return answer(in), nil
	}
}

// counting is an activity that counts its attempts in *attempts and
// answers with answer(attempt), the first attempt being 1.
func counting[In, Out any](mu *sync.Mutex, attempts *int32, answer func(attempt int32) (Out, error)) func(context.Context, In) (Out, error) {
	return func(context.Context, In) (Out, error) {
		mu.Lock()
		*attempts++
		n := *attempts
		mu.Unlock()
		return answer(n)
	}
}

// syncStart is when the syncs under test start (the test environment's
// clock), so that SyncAgain's Since can be checked.
var syncStart = time.Date(2025, 3, 4, 9, 30, 0, 0, time.UTC)

// goneErr is what an activity answers when its object was deleted meanwhile.
func goneErr() error {
	return temporal.NewNonRetryableApplicationError("the object was deleted", ErrGone, nil)
}

// vmsDown is what FetchJob and FetchPlacement answer for a VMS that is
// down: retryable, with the connector's reason.
func vmsDown() error {
	return temporal.NewApplicationError("the VMS answered 503 Service Unavailable", "VMSUnavailable")
}

// logged is an activity that notes its name in *steps and its input in
// *into, and answers with answer(attempt), the first attempt being 1.
func logged[In, Out any](mu *sync.Mutex, steps *[]string, name string, into *[]In, answer func(attempt int) (Out, error)) func(context.Context, In) (Out, error) {
	return loggedAs(mu, steps, func(In) string { return name }, into, answer)
}

// loggedAs is logged for a step named by its input (rows checked side by
// side).
func loggedAs[In, Out any](mu *sync.Mutex, steps *[]string, name func(In) string, into *[]In, answer func(attempt int) (Out, error)) func(context.Context, In) (Out, error) {
	return func(_ context.Context, in In) (Out, error) {
		mu.Lock()
		defer mu.Unlock()
		*steps = append(*steps, name(in))
		*into = append(*into, in)
		return answer(len(*into))
	}
}

// errorOnly adapts a fake to an activity that, like the real one, answers
// only an error.
func errorOnly[In, Out any](fn func(context.Context, In) (Out, error)) func(context.Context, In) error {
	return func(ctx context.Context, in In) error {
		_, err := fn(ctx, in)
		return err
	}
}

// loggedErr is logged for an activity that answers only an error.
func loggedErr[In any](mu *sync.Mutex, steps *[]string, name string, into *[]In, answer func() error) func(context.Context, In) error {
	return errorOnly(logged(mu, steps, name, into, func(int) (struct{}, error) { return struct{}{}, answer() }))
}

// upserts records, per workflow id, the search attributes each workflow
// holds after each of its upserts. It intercepts the workflows'
// UpsertTypedSearchAttributes calls and passes them on.
type upserts struct {
	interceptor.WorkerInterceptorBase
	mu   sync.Mutex
	held map[string][]temporal.SearchAttributes
}

func recordUpserts(env *testsuite.TestWorkflowEnvironment) *upserts {
	u := &upserts{held: map[string][]temporal.SearchAttributes{}}
	env.SetWorkerOptions(worker.Options{Interceptors: []interceptor.WorkerInterceptor{u}})
	return u
}

func (u *upserts) InterceptWorkflow(_ workflow.Context, next interceptor.WorkflowInboundInterceptor) interceptor.WorkflowInboundInterceptor {
	in := &upsertInbound{u: u}
	in.Next = next
	return in
}

type upsertInbound struct {
	interceptor.WorkflowInboundInterceptorBase
	u *upserts
}

func (i *upsertInbound) Init(outbound interceptor.WorkflowOutboundInterceptor) error {
	out := &upsertOutbound{u: i.u}
	out.Next = outbound
	return i.Next.Init(out)
}

type upsertOutbound struct {
	interceptor.WorkflowOutboundInterceptorBase
	u *upserts
}

func (o *upsertOutbound) UpsertTypedSearchAttributes(ctx workflow.Context, updates ...temporal.SearchAttributeUpdate) error {
	err := o.Next.UpsertTypedSearchAttributes(ctx, updates...)
	id := workflow.GetInfo(ctx).WorkflowExecution.ID
	o.u.mu.Lock()
	defer o.u.mu.Unlock()
	o.u.held[id] = append(o.u.held[id], workflow.GetTypedSearchAttributes(ctx))
	return err
}

// after is what workflow id held after its upserts, one map of keyword
// attributes per upsert.
func (u *upserts) after(id string, names ...string) []map[string]string {
	u.mu.Lock()
	defer u.mu.Unlock()
	var out []map[string]string
	for _, sa := range u.held[id] {
		out = append(out, keywords(sa, names...))
	}
	return out
}

// keywords reads keyword search attributes a workflow was started with.
func keywords(sa temporal.SearchAttributes, names ...string) map[string]string {
	out := map[string]string{}
	for _, n := range names {
		if v, ok := sa.GetKeyword(temporal.NewSearchAttributeKeyKeyword(n)); ok {
			out[n] = v
		}
	}
	return out
}

// wantContinuedAsNew checks the workflow continued as new as workflow
// name with input in.
func wantContinuedAsNew[In comparable](t *testing.T, env *testsuite.TestWorkflowEnvironment, name string, in In) {
	t.Helper()
	var can *workflow.ContinueAsNewError
	if err := env.GetWorkflowError(); !errors.As(err, &can) {
		t.Fatalf("err = %v, want continue-as-new", err)
	}
	var next In
	if err := converter.GetDefaultDataConverter().FromPayloads(can.Input, &next); err != nil {
		t.Fatal(err)
	}
	if typ := can.WorkflowType.Name; typ != name || next != in {
		t.Fatalf("continued as %s(%+v), want %s(%+v)", typ, next, name, in)
	}
}

func sameInputs[T comparable](t *testing.T, what string, got []T, want ...T) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s = %+v, want %+v", what, got, want)
	}
}

// syncFakes is the stand-ins a sync under test runs with: its activities
// and the child workflows it starts.
type syncFakes interface {
	register(env *testsuite.TestWorkflowEnvironment)
}

// syncEnv is a workflow test environment whose clock starts at syncStart,
// running wf with fakes, and the record of its search attribute upserts.
func syncEnv(fakes syncFakes, wf any) (*testsuite.TestWorkflowEnvironment, *upserts) {
	var suite testsuite.WorkflowTestSuite
	env := suite.NewTestWorkflowEnvironment()
	env.SetStartTime(syncStart)
	env.RegisterWorkflow(wf)
	fakes.register(env)
	return env, recordUpserts(env)
}

// completed runs wf with args in env and returns its result; the workflow
// must end without error (what names it in failures: "the job sync").
func completed[Out any](t *testing.T, env *testsuite.TestWorkflowEnvironment, what string, wf any, args ...any) Out {
	t.Helper()
	env.ExecuteWorkflow(wf, args...)
	if !env.IsWorkflowCompleted() {
		t.Fatal(what + " did not complete")
	}
	if err := env.GetWorkflowError(); err != nil {
		t.Fatalf("%s failed: %v", what, err)
	}
	var out Out
	if err := env.GetWorkflowResult(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// failedWith checks the workflow run in env failed with the application
// error whose message is want (the error of the step that failed).
func failedWith(t *testing.T, env *testsuite.TestWorkflowEnvironment, want string) {
	t.Helper()
	if err := env.GetWorkflowError(); failure(err) != want {
		t.Fatalf("err = %v, want the application error %q", err, want)
	}
}

// failure is the message of the application error err is or wraps, ""
// when it is none.
func failure(err error) string {
	var appErr *temporal.ApplicationError
	if !errors.As(err, &appErr) {
		return ""
	}
	return appErr.Message()
}
