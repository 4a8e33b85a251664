package activities

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/integrations"
	"github.com/clearedtostart/compliance/mapping"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/vms"
	"github.com/clearedtostart/compliance/workflows"
)

type jobStore interface {
	JobForSync(ctx context.Context, accountID string, id uuid.UUID) (*store.Job, error)
	BeginJobSync(ctx context.Context, accountID string, id uuid.UUID, at time.Time) error
	SaveJobSource(ctx context.Context, accountID string, jobID uuid.UUID, src requirements.Source) error
	JobSources(ctx context.Context, jobID uuid.UUID) ([]requirements.Source, error)
	SetJobStatus(ctx context.Context, accountID string, id uuid.UUID, status, syncError string) error
	FillJobDetails(ctx context.Context, accountID string, id uuid.UUID, d store.JobDetails) error
	SaveJobTemplate(ctx context.Context, accountID string, jobID uuid.UUID, rows []requirements.Row, conflicts []requirements.Conflict, syncError string) error
	JobPlacements(ctx context.Context, accountID string, jobID uuid.UUID) ([]store.Placement, error)
	MatricesFor(ctx context.Context, j *store.Job) ([]requirements.Source, error)
	LabelMappings(ctx context.Context, accountID, vmsType string) ([]store.LabelMapping, error)
	SyncAskedSince(ctx context.Context, kind, accountID string, id uuid.UUID, since time.Time) (bool, error)
	RequestPlacementSyncs(ctx context.Context, ids []uuid.UUID) error
	ExpireRows(ctx context.Context, today time.Time) (int, error)
}

// Schedules is what the activities need of Temporal's schedule client.
type Schedules interface {
	Create(ctx context.Context, options client.ScheduleOptions) (client.ScheduleHandle, error)
	GetHandle(ctx context.Context, scheduleID string) client.ScheduleHandle
}

// Integrations are the configured VMS integrations and their connectors.
type Integrations struct {
	Config *integrations.Config
	// Connectors reach each integration's VMS, by vmsType.
	Connectors map[string]vms.Connector
}

// integration returns a vmsType's integration; an unknown one is bad input
// (the API accepts only configured types).
func (a *Activities) integration(vmsType string) (*integrations.Integration, error) {
	if a.integrations.Config != nil {
		if in, ok := a.integrations.Config.Integration(vmsType); ok {
			return in, nil
		}
	}
	return nil, temporal.NewNonRetryableApplicationError("no integration is configured for vmsType "+vmsType, workflows.ErrBadInput, nil)
}

func (a *Activities) connector(vmsType string) (vms.Connector, error) {
	if c, ok := a.integrations.Connectors[vmsType]; ok {
		return c, nil
	}
	return nil, temporal.NewNonRetryableApplicationError("no connector reaches the VMS of "+vmsType, workflows.ErrBadInput, nil)
}

// BeginJobSync records that a job's sync runs and says what it reads.
func (a *Activities) BeginJobSync(ctx context.Context, in workflows.JobSyncInput) (workflows.JobSyncInfo, error) {
	id, job, err := lookup(ctx, a.store.JobForSync, in.AccountID, "job_id", in.JobID)
	if err != nil {
		return workflows.JobSyncInfo{}, err
	}
	integ, err := a.integration(job.VMSType)
	if err != nil {
		return workflows.JobSyncInfo{}, err
	}
	if err := a.store.BeginJobSync(ctx, in.AccountID, id, time.Now().UTC()); err != nil {
		return workflows.JobSyncInfo{}, classify(err)
	}
	return workflows.JobSyncInfo{VMSType: job.VMSType, FetchVMS: integ.Uses(integrations.SourceVMS), SyncEvery: integ.SyncEvery}, nil
}

// FetchJob reads a job from its VMS: its status, and (unless it is
// UNAVAILABLE) its requirements, stored as the job's VMS source.
func (a *Activities) FetchJob(ctx context.Context, in workflows.JobSyncInput) (workflows.FetchResult, error) {
	stop := heartbeat(ctx)
	defer stop()
	id, job, err := lookup(ctx, a.store.JobForSync, in.AccountID, "job_id", in.JobID)
	if err != nil {
		return workflows.FetchResult{}, err
	}
	conn, err := a.connector(job.VMSType)
	if err != nil {
		return workflows.FetchResult{}, err
	}
	info, err := conn.Job(ctx, job.VMSJobRefID)
	if err != nil {
		return workflows.FetchResult{}, vmsError(err)
	}
	if err := a.store.SetJobStatus(ctx, in.AccountID, id, info.Status, ""); err != nil {
		return workflows.FetchResult{}, classify(err)
	}
	// Facility matrices apply by the job's facility, which a caller
	// creating the job from a VMS reference may not have sent.
	if err := a.store.FillJobDetails(ctx, in.AccountID, id, store.JobDetails{Title: info.Title, Facility: info.Facility,
		Location: info.Location, Department: info.Department, Role: info.Role}); err != nil {
		return workflows.FetchResult{}, classify(err)
	}
	if info.Status == vms.StatusUnavailable {
		return workflows.FetchResult{Status: info.Status}, nil
	}
	items, err := conn.JobRequirements(ctx, job.VMSJobRefID)
	if err != nil {
		return workflows.FetchResult{}, vmsError(err)
	}
	if err := a.store.SaveJobSource(ctx, in.AccountID, id, vmsSource(requirements.SourceVMS, "", items)); err != nil {
		return workflows.FetchResult{}, classify(err)
	}
	activity.GetLogger(ctx).Info("job read from its VMS", "job_id", in.JobID, "status", info.Status, "items", len(items))
	return workflows.FetchResult{Status: info.Status, Items: len(items)}, nil
}

// vmsSource turns what a VMS lists into a source; items it marks as not
// required are its exclusions.
func vmsSource(kind, ref string, items []vms.SourceRequirement) requirements.Source {
	src := requirements.Source{Kind: kind, Ref: ref, Items: []requirements.Item{}}
	for _, it := range items {
		item := requirements.Item{Label: it.Label, PacketGroup: it.PacketGroup, Notes: it.Notes, Ref: it.Ref}
		if it.Optional {
			src.Exclusions = append(src.Exclusions, item)
			continue
		}
		src.Items = append(src.Items, item)
	}
	return src
}

// vmsError turns a VMS connector's failure into what the workflow retries,
// paced by the VMS's Retry-After (FAIL-: 120 s) where it sent one.
func vmsError(err error) error {
	return partyError(err, vms.Reason(err), "the VMS could not be read", vms.Retryable(err), vms.RetryAfter(err), "VMSUnavailable", workflows.ErrRefused)
}

// RecordSyncError records on a job or placement why its VMS could not be
// read (its other sources still count).
func (a *Activities) RecordSyncError(ctx context.Context, in workflows.SyncErrorInput) error {
	id, err := parseID("id", in.ID)
	if err != nil {
		return err
	}
	if in.Kind == "placement" {
		return classify(a.store.RecordPlacementSyncError(ctx, in.AccountID, id, in.Reason))
	}
	return classify(a.store.SetJobStatus(ctx, in.AccountID, id, "", in.Reason))
}

// reconciler is an integration's reconciler: its mapping table with what
// the account mapped, and its precedence.
func (a *Activities) reconciler(ctx context.Context, accountID string, integ *integrations.Integration) (requirements.Reconciler, error) {
	learned, err := a.store.LabelMappings(ctx, accountID, integ.VMSType)
	if err != nil {
		return requirements.Reconciler{}, classify(err)
	}
	entries := make([]mapping.Entry, 0, len(learned))
	for _, m := range learned {
		e := mapping.Entry{Label: m.Label, Target: mapping.Target{Key: m.RequirementKey}, Learned: true}
		if m.PacketGroup != nil {
			e.PacketGroup = *m.PacketGroup
		}
		entries = append(entries, e)
	}
	table, conflicts := integ.Mapping.Merge(entries)
	for _, c := range conflicts {
		a.log.Warn("a learned mapping disagrees with the integration's file; the file wins", "vms_type", integ.VMSType, "conflict", fmt.Sprintf("%+v", c))
	}
	return requirements.Reconciler{Catalog: a.engine.Catalog(), Table: table, Precedence: precedence(integ.Precedence)}, nil
}

// precedence turns an integration's precedence into source kinds; what a
// VMS says of a placement ranks just before what it says of the job.
func precedence(levels []integrations.Level) []string {
	kinds := map[integrations.Level][]string{
		integrations.LevelJobMatrix: {requirements.SourceJobMatrix}, integrations.LevelClientMatrix: {requirements.SourceClientMatrix},
		integrations.LevelFacilityMatrix: {requirements.SourceFacilityMatrix}, integrations.LevelVMS: {requirements.SourcePlacementVMS, requirements.SourceVMS},
		integrations.LevelEmail: {requirements.SourceEmail},
	}
	var out []string
	for _, l := range levels {
		out = append(out, kinds[l]...)
	}
	return out
}

// jobSources are a job's sources the integration uses: its VMS, its client
// emails, the matrices that apply; placements' own VMS lists aside.
func (a *Activities) jobSources(ctx context.Context, job *store.Job, integ *integrations.Integration) ([]requirements.Source, error) {
	all, err := a.store.JobSources(ctx, job.ID)
	if err != nil {
		return nil, classify(err)
	}
	var out []requirements.Source
	for _, s := range all {
		switch {
		case s.Kind == requirements.SourceVMS && integ.Uses(integrations.SourceVMS),
			s.Kind == requirements.SourceEmail && integ.Uses(integrations.SourceEmail):
			out = append(out, s)
		}
	}
	if integ.Uses(integrations.SourceMatrix) {
		ms, err := a.store.MatricesFor(ctx, job)
		if err != nil {
			return nil, classify(err)
		}
		for i := range ms {
			if integ.Matrix.Mode == integrations.MatrixReplace {
				ms[i].Replace = true
			}
		}
		out = append(out, ms...)
	}
	return out, nil
}

// reconcileJob is what reconciling a job's rows, or its placements' rows,
// starts from: the integration of the job's VMS, the account's reconciler
// for it and the job's sources that integration uses.
func (a *Activities) reconcileJob(ctx context.Context, accountID string, job *store.Job) (*integrations.Integration, requirements.Reconciler, []requirements.Source, error) {
	integ, err := a.integration(job.VMSType)
	if err != nil {
		return nil, requirements.Reconciler{}, nil, err
	}
	rc, err := a.reconciler(ctx, accountID, integ)
	if err != nil {
		return nil, requirements.Reconciler{}, nil, err
	}
	sources, err := a.jobSources(ctx, job, integ)
	if err != nil {
		return nil, requirements.Reconciler{}, nil, err
	}
	return integ, rc, sources, nil
}

// ReconcileJob reconciles a job's sources into its template, and asks its
// placements to follow.
func (a *Activities) ReconcileJob(ctx context.Context, in workflows.JobSyncInput) (workflows.ReconcileJobResult, error) {
	id, job, err := lookup(ctx, a.store.JobForSync, in.AccountID, "job_id", in.JobID)
	if err != nil {
		return workflows.ReconcileJobResult{}, err
	}
	_, rc, sources, err := a.reconcileJob(ctx, in.AccountID, job)
	if err != nil {
		return workflows.ReconcileJobResult{}, err
	}
	rows, conflicts := rc.Reconcile(sources)
	if err := a.store.SaveJobTemplate(ctx, in.AccountID, id, rows, conflicts, deref(job.SyncError)); err != nil {
		return workflows.ReconcileJobResult{}, classify(err)
	}
	out := workflows.ReconcileJobResult{Status: job.Status, Rows: len(rows), Conflicts: len(conflicts)}
	for _, r := range rows {
		if !r.Mapped() {
			out.Unmapped++
		}
	}
	ps, err := a.store.JobPlacements(ctx, in.AccountID, id)
	if err != nil {
		return out, classify(err)
	}
	ids := make([]uuid.UUID, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
		out.Placements = append(out.Placements, p.ID.String())
	}
	if err := a.store.RequestPlacementSyncs(ctx, ids); err != nil {
		return out, classify(err)
	}
	return out, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// EnsureJobSchedule keeps a job's sync schedule in step with its status:
// running while the job is ACTIVE, paused otherwise; a running one follows
// the integration's interval and the worker's task queue when they change.
func (a *Activities) EnsureJobSchedule(ctx context.Context, in workflows.JobScheduleInput) error {
	if a.schedules == nil {
		return nil
	}
	opts := workflows.JobSyncSchedule(in.AccountID, in.JobID, a.taskQueue, in.Every)
	h := a.schedules.GetHandle(ctx, opts.ID)
	desc, err := h.Describe(ctx)
	switch {
	case err == nil:
	case isScheduleNotFound(err):
		if !in.Active {
			return nil
		}
		if _, err := a.schedules.Create(ctx, opts); err != nil && !errors.Is(err, temporal.ErrScheduleAlreadyRunning) {
			return err
		}
		return nil
	default:
		return err
	}
	if !in.Active {
		return h.Pause(ctx, client.SchedulePauseOptions{Note: "the job is not ACTIVE"})
	}
	if desc.Schedule.State != nil && !desc.Schedule.State.Paused && scheduleCurrent(desc.Schedule, opts) {
		return nil
	}
	return h.Update(ctx, client.ScheduleUpdateOptions{DoUpdate: func(u client.ScheduleUpdateInput) (*client.ScheduleUpdate, error) {
		s := u.Description.Schedule
		s.Spec, s.Action = &opts.Spec, opts.Action
		s.State = &client.ScheduleState{Note: "the job is ACTIVE"}
		return &client.ScheduleUpdate{Schedule: &s}, nil
	}})
}

// scheduleCurrent reports whether a schedule runs at the wanted interval on
// the wanted task queue.
func scheduleCurrent(s client.Schedule, want client.ScheduleOptions) bool {
	act, ok := s.Action.(*client.ScheduleWorkflowAction)
	wantAct, _ := want.Action.(*client.ScheduleWorkflowAction)
	if !ok || wantAct == nil || act.TaskQueue != wantAct.TaskQueue || s.Spec == nil {
		return false
	}
	return len(s.Spec.Intervals) == 1 && len(want.Spec.Intervals) == 1 && s.Spec.Intervals[0].Every == want.Spec.Intervals[0].Every
}

// SyncAgain reports whether a job's or placement's sync was asked for
// again after since.
func (a *Activities) SyncAgain(ctx context.Context, in workflows.SyncAgainInput) (bool, error) {
	id, err := parseID("id", in.ID)
	if err != nil {
		return false, err
	}
	again, err := a.store.SyncAskedSince(ctx, in.Kind, in.AccountID, id, in.Since)
	return again, classify(err)
}

// ExpireRequirements moves fulfilled rows whose documents lapse to EXPIRED.
func (a *Activities) ExpireRequirements(ctx context.Context, _ workflows.ExpiryInput) (workflows.ExpiryResult, error) {
	n, err := a.store.ExpireRows(ctx, a.today())
	if err != nil {
		return workflows.ExpiryResult{}, classify(err)
	}
	if n > 0 {
		a.log.Info("requirement rows expired", "rows", n)
	}
	return workflows.ExpiryResult{Expired: n}, nil
}

// documentKeys lists the catalog's DOCUMENT requirements that accept any of
// the given document types.
func documentKeys(cat *catalog.Catalog, types []string) []string {
	var out []string
	for _, req := range cat.Requirements() {
		accepted := func(t string) bool { return slices.Contains(req.Accepts, t) }
		if req.Fulfillment == catalog.FulfillDocument && slices.ContainsFunc(types, accepted) {
			out = append(out, req.Key)
		}
	}
	return out
}

// isScheduleNotFound reports a schedule that does not exist.
func isScheduleNotFound(err error) bool {
	var nf *serviceerror.NotFound
	return errors.As(err, &nf)
}
