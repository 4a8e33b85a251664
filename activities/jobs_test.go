package activities

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/integrations"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/mapping"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/vms"
	"github.com/clearedtostart/compliance/vms/sandbox"
	"github.com/clearedtostart/compliance/workflows"
)

// job stores the account's job of a sandbox reference, as POST /job does.
func (f *syncFixture) job(t *testing.T, ref string) *store.Job {
	t.Helper()
	j, _, _, err := f.st.UpsertJob(context.Background(), store.JobInput{AccountID: f.account, VMSType: "sandbox", VMSJobRefID: ref})
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func (f *syncFixture) jobIn(j *store.Job) workflows.JobSyncInput {
	return workflows.JobSyncInput{AccountID: f.account, JobID: j.ID.String()}
}

// syncJob runs a job's sync steps as JobSyncWorkflow does when its VMS
// answers: begin, fetch, reconcile.
func (f *syncFixture) syncJob(t *testing.T, j *store.Job) workflows.ReconcileJobResult {
	t.Helper()
	var info workflows.JobSyncInfo
	f.run(t, &info, f.acts.BeginJobSync, f.jobIn(j))
	if !info.FetchVMS {
		t.Fatalf("the sandbox integration does not read its VMS: %+v", info)
	}
	f.run(t, nil, f.acts.FetchJob, f.jobIn(j))
	var res workflows.ReconcileJobResult
	f.run(t, &res, f.acts.ReconcileJob, f.jobIn(j))
	return res
}

// storedJob reads a job with its template rows.
func (f *syncFixture) storedJob(t *testing.T, j *store.Job) *store.Job {
	t.Helper()
	return stored(t, f, f.st.Job, j.ID)
}

// jobTruth is the sandbox's own account of a job's checklist.
func (f *syncFixture) jobTruth(t *testing.T, ref string) sandbox.JobTruth {
	t.Helper()
	var jt sandbox.JobTruth
	f.admin(t, http.MethodGet, "/_sandbox/jobs/"+ref, "", &jt)
	return jt
}

// wantRows is the template a checklist should give: the catalog keys of
// its required items, and the normalised labels of the required items the
// catalog has no key for (waiting for a mapping). Optional items make no
// row.
type wantRows struct {
	keys     []string
	unmapped []string
	// group is each key's packet group, as the VMS files the item.
	group map[string]string
}

func expectedRows(items ...[]sandbox.Item) wantRows {
	w := wantRows{group: map[string]string{}}
	for _, list := range items {
		for _, it := range list {
			if !it.Required {
				continue
			}
			if len(it.Keys) == 0 {
				if n := mapping.Normalize(it.Label); !slices.Contains(w.unmapped, n) {
					w.unmapped = append(w.unmapped, n)
				}
				continue
			}
			for _, k := range it.Keys {
				if !slices.Contains(w.keys, k) {
					w.keys = append(w.keys, k)
					w.group[k] = it.PacketGroup
				}
			}
		}
	}
	slices.Sort(w.keys)
	slices.Sort(w.unmapped)
	return w
}

// rowView is what the tests compare of a template or placement row.
type rowView struct {
	key, norm, label, group, fulfillment string
}

// checkRows compares rows with the checklist's: every key and unmapped
// label once, each key's fulfilment type from the catalog, and the VMS's
// packet group.
func checkRows(t *testing.T, cat *catalog.Catalog, rows []rowView, want wantRows) {
	t.Helper()
	var keys, unmapped []string
	for _, r := range rows {
		if r.key == "" {
			unmapped = append(unmapped, r.norm)
			if r.fulfillment != "" {
				t.Errorf("unmapped row %q has fulfilment %q", r.label, r.fulfillment)
			}
			continue
		}
		keys = append(keys, r.key)
		req, ok := cat.Requirement(r.key)
		if !ok {
			t.Errorf("row %q maps to %q, not a catalog requirement", r.label, r.key)
			continue
		}
		if r.fulfillment != req.Fulfillment {
			t.Errorf("row %s: fulfilment %q, want %q", r.key, r.fulfillment, req.Fulfillment)
		}
		if g := want.group[r.key]; g != "" && r.group != g {
			t.Errorf("row %s: packet group %q, want the VMS's %q", r.key, r.group, g)
		}
	}
	slices.Sort(keys)
	slices.Sort(unmapped)
	if !slices.Equal(keys, want.keys) {
		t.Errorf("row keys\n got %v\nwant %v (the sandbox's own catalog keys)", keys, want.keys)
	}
	if !slices.Equal(unmapped, want.unmapped) {
		t.Errorf("unmapped rows\n got %q\nwant %q", unmapped, want.unmapped)
	}
}

func templateView(j *store.Job) []rowView {
	out := make([]rowView, len(j.Requirements))
	for i, r := range j.Requirements {
		out[i] = rowView{key: deref(r.RequirementKey), norm: r.NormalizedLabel, label: r.Label, group: r.PacketGroup, fulfillment: deref(r.FulfillmentType)}
	}
	return out
}

// appErrorOf returns err as an application error, failing when it is not.
func appErrorOf(t *testing.T, err error) *temporal.ApplicationError {
	t.Helper()
	var appErr *temporal.ApplicationError
	if !errors.As(err, &appErr) {
		t.Fatalf("err = %v, want an application error", err)
	}
	return appErr
}

func TestBeginJobSync(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	j := f.job(t, "ICU-2231")
	before := time.Now().UTC().Add(-time.Second)
	var info workflows.JobSyncInfo
	f.run(t, &info, f.acts.BeginJobSync, f.jobIn(j))
	if info != (workflows.JobSyncInfo{VMSType: "sandbox", FetchVMS: true, SyncEvery: 15 * time.Minute}) {
		t.Fatalf("info = %+v, want the shipped sandbox integration's (VMS read, every 15m)", info)
	}
	got := f.storedJob(t, j)
	if got.SyncStartedAt == nil || got.SyncStartedAt.Before(before) {
		t.Fatalf("sync_started_at = %v, want now", got.SyncStartedAt)
	}

	other := testenv.Account(t, f.st, "acct", "")
	otherJob, _, _, err := f.st.UpsertJob(ctx, store.JobInput{AccountID: other, VMSType: "sandbox", VMSJobRefID: "ICU-2231"})
	if err != nil {
		t.Fatal(err)
	}
	// The API accepts only configured vmsTypes; a row of another stands
	// for an integration removed from the file since.
	unknownType, _, _, err := f.st.UpsertJob(ctx, store.JobInput{AccountID: f.account, VMSType: "fieldglass", VMSJobRefID: "FG-1"})
	if err != nil {
		t.Fatal(err)
	}
	in := func(id string) workflows.JobSyncInput { return workflows.JobSyncInput{AccountID: f.account, JobID: id} }
	tests := []struct {
		name string
		in   workflows.JobSyncInput
		typ  string
		msg  string
	}{
		{"malformed job id", in("job-1"), workflows.ErrBadInput, `job_id "job-1" is not a UUID`},
		{"unknown job", in(uuid.NewString()), workflows.ErrGone, "the object was deleted"},
		{"another account's job", in(otherJob.ID.String()), workflows.ErrGone, "the object was deleted"},
		{"vmsType without an integration", in(unknownType.ID.String()), workflows.ErrBadInput, "no integration is configured for vmsType fieldglass"},
	}
	for _, tt := range tests {
		for name, fn := range map[string]any{"BeginJobSync": f.acts.BeginJobSync, "FetchJob": f.acts.FetchJob, "ReconcileJob": f.acts.ReconcileJob} {
			t.Run(tt.name+"/"+name, func(t *testing.T) {
				_, err := f.env.ExecuteActivity(fn, tt.in)
				want := tt.msg
				if name == "FetchJob" && tt.name == "vmsType without an integration" {
					// FetchJob looks for the connector, not the file's entry.
					want = "no connector reaches the VMS of fieldglass"
				}
				appError(t, err, tt.typ)
				if msg := appErrorOf(t, err).Message(); msg != want {
					t.Fatalf("message %q, want %q", msg, want)
				}
			})
		}
	}
	if got := f.storedJob(t, j); got.Status != "ACTIVE" || got.SyncedAt != nil {
		t.Fatalf("failed syncs of other jobs touched this one: %+v", got)
	}
}

func TestFetchJobAndReconcileJob(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	cat := f.acts.engine.Catalog()
	tests := []struct {
		ref string
		// portal: the VMS keeps the job only on portal pages.
		portal bool
	}{
		{"ICU-2231", false},
		{"NICU-5", false},
		{"HTML-7", true},
	}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			j := f.job(t, tt.ref)
			truth := f.jobTruth(t, tt.ref)
			f.run(t, nil, f.acts.BeginJobSync, f.jobIn(j))
			f.vms.Sandbox().ClearRequests()
			var fetched workflows.FetchResult
			f.run(t, &fetched, f.acts.FetchJob, f.jobIn(j))
			if fetched.Status != "ACTIVE" || fetched.Items != len(truth.Items) {
				t.Fatalf("fetched %+v, want ACTIVE with the sandbox's %d items", fetched, len(truth.Items))
			}
			portalPages := 0
			for _, r := range f.vms.Sandbox().Requests() {
				if strings.HasPrefix(r.Path, "/portal/jobs/") && r.Status == http.StatusOK {
					portalPages++
				}
			}
			if tt.portal != (portalPages > 0) {
				t.Fatalf("portal pages read: %d, want them read only for a portal-only job", portalPages)
			}

			// The VMS source holds the checklist as the VMS words it:
			// required items to ask for, optional ones as exclusions.
			sources, err := f.st.JobSources(ctx, j.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(sources) != 1 || sources[0].Kind != requirements.SourceVMS {
				t.Fatalf("sources = %+v, want the VMS's", sources)
			}
			var items, excluded []string
			for _, it := range truth.Items {
				if it.Required {
					items = append(items, it.ID+" "+it.Label+" / "+it.PacketGroup)
				} else {
					excluded = append(excluded, it.ID+" "+it.Label)
				}
			}
			var gotItems, gotExcluded []string
			for _, it := range sources[0].Items {
				gotItems = append(gotItems, it.Ref+" "+it.Label+" / "+it.PacketGroup)
			}
			for _, it := range sources[0].Exclusions {
				gotExcluded = append(gotExcluded, it.Ref+" "+it.Label)
			}
			if !slices.Equal(gotItems, items) || !slices.Equal(gotExcluded, excluded) {
				t.Fatalf("stored items\n got %q excluded %q\nwant %q excluded %q", gotItems, gotExcluded, items, excluded)
			}

			var res workflows.ReconcileJobResult
			f.run(t, &res, f.acts.ReconcileJob, f.jobIn(j))
			want := expectedRows(truth.Items)
			if res.Status != "ACTIVE" || res.Rows != len(want.keys)+len(want.unmapped) || res.Unmapped != len(want.unmapped) || len(res.Placements) != 0 {
				t.Fatalf("reconciled %+v, want ACTIVE, %d rows, %d unmapped", res, len(want.keys)+len(want.unmapped), len(want.unmapped))
			}
			got := f.storedJob(t, j)
			checkRows(t, cat, templateView(got), want)
			if got.Status != "ACTIVE" || got.SyncedAt == nil || got.SyncError != nil {
				t.Fatalf("job after its sync: status %s synced %v error %v", got.Status, got.SyncedAt, got.SyncError)
			}
			// Reconciling again (a retry) changes nothing.
			var again workflows.ReconcileJobResult
			f.run(t, &again, f.acts.ReconcileJob, f.jobIn(j))
			if again.Rows != res.Rows || again.Unmapped != res.Unmapped {
				t.Fatalf("second reconcile %+v, first %+v", again, res)
			}
			if ids := rowIDs(f.storedJob(t, j)); !slices.Equal(ids, rowIDs(got)) {
				t.Fatal("a second reconcile replaced the template rows")
			}
		})
	}
}

func rowIDs(j *store.Job) []uuid.UUID {
	out := make([]uuid.UUID, len(j.Requirements))
	for i, r := range j.Requirements {
		out[i] = r.ID
	}
	return out
}

func TestFetchJobVMSFailures(t *testing.T) {
	f := newSyncFixture(t, nil)
	tests := []struct {
		ref       string
		retryable bool
		// reason is in the error's message, the sync error people read.
		reason     string
		retryAfter time.Duration
	}{
		{"NOTFOUND-12", false, "NOTFOUND-12", 0},
		{"FORBIDDEN-3", false, "FORBIDDEN-3", 0},
		{"FAIL-9", true, "503", 120 * time.Second},
		{"MAINT-4", true, "maintenance", 0},
	}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			j := f.job(t, tt.ref)
			f.run(t, nil, f.acts.BeginJobSync, f.jobIn(j))
			_, err := f.env.ExecuteActivity(f.acts.FetchJob, f.jobIn(j))
			appErr := appErrorOf(t, err)
			if tt.retryable {
				if appErr.NonRetryable() || appErr.Type() != "VMSUnavailable" {
					t.Fatalf("err type %q non-retryable=%v, want a retryable VMSUnavailable", appErr.Type(), appErr.NonRetryable())
				}
			} else {
				appError(t, err, workflows.ErrRefused)
			}
			if !strings.Contains(appErr.Message(), tt.reason) {
				t.Fatalf("message %q does not say %q", appErr.Message(), tt.reason)
			}
			if appErr.NextRetryDelay() != tt.retryAfter {
				t.Fatalf("next retry in %v, want the VMS's Retry-After %v", appErr.NextRetryDelay(), tt.retryAfter)
			}

			// The workflow records the reason; the other sources (none
			// here) still make the template, and the job keeps the error.
			f.run(t, nil, f.acts.RecordSyncError, workflows.SyncErrorInput{Kind: "job", AccountID: f.account, ID: j.ID.String(), Reason: appErr.Message()})
			var res workflows.ReconcileJobResult
			f.run(t, &res, f.acts.ReconcileJob, f.jobIn(j))
			got := f.storedJob(t, j)
			if res.Rows != 0 || got.SyncError == nil || *got.SyncError != appErr.Message() || got.SyncedAt == nil || got.Status != "ACTIVE" {
				t.Fatalf("after a failed read: %+v, job status %s error %v synced %v", res, got.Status, got.SyncError, got.SyncedAt)
			}
		})
	}
}

func TestFetchJobFlakyVMSSucceedsOnRetry(t *testing.T) {
	f := newSyncFixture(t, nil)
	j := f.job(t, "FLAKY-21")
	// Each path fails twice: the job twice, then its checklist twice.
	for attempt := 1; attempt <= 4; attempt++ {
		_, err := f.env.ExecuteActivity(f.acts.FetchJob, f.jobIn(j))
		appErr := appErrorOf(t, err)
		if appErr.NonRetryable() || appErr.NextRetryDelay() != 5*time.Second {
			t.Fatalf("attempt %d: %v non-retryable=%v next in %v, want retried after the VMS's 5s", attempt, err, appErr.NonRetryable(), appErr.NextRetryDelay())
		}
	}
	var fetched workflows.FetchResult
	f.run(t, &fetched, f.acts.FetchJob, f.jobIn(j))
	if truth := f.jobTruth(t, "FLAKY-21"); fetched.Items != len(truth.Items) {
		t.Fatalf("fetched %+v, want %d items", fetched, len(truth.Items))
	}
}

func TestFetchJobUnavailable(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	j := f.job(t, "UNAVAIL-88")
	res := f.syncJob(t, j)
	if res.Status != "UNAVAILABLE" || res.Rows != 0 {
		t.Fatalf("reconciled %+v, want UNAVAILABLE and no rows", res)
	}
	if sources, err := f.st.JobSources(ctx, j.ID); err != nil || len(sources) != 0 {
		t.Fatalf("an unavailable job's checklist was read: %+v %v", sources, err)
	}
	if got := f.storedJob(t, j); got.Status != "UNAVAILABLE" {
		t.Fatalf("job status %s", got.Status)
	}

	// A job the VMS makes unavailable later keeps what it listed; it
	// comes back ACTIVE when the VMS says so.
	act := f.job(t, "ER-1")
	first := f.syncJob(t, act)
	setStatus := func(status string) {
		t.Helper()
		var job sandbox.Job
		if f.admin(t, http.MethodPost, "/_sandbox/jobs/ER-1/status", `{"status":"`+status+`"}`, &job); job.Status != status {
			t.Fatalf("the sandbox's job after the change: %+v", job)
		}
	}
	setStatus("UNAVAILABLE")
	var fetched workflows.FetchResult
	f.run(t, &fetched, f.acts.FetchJob, f.jobIn(act))
	var res2 workflows.ReconcileJobResult
	f.run(t, &res2, f.acts.ReconcileJob, f.jobIn(act))
	if fetched.Status != "UNAVAILABLE" || res2.Status != "UNAVAILABLE" || res2.Rows != first.Rows {
		t.Fatalf("fetched %+v reconciled %+v, want UNAVAILABLE with the %d rows it had", fetched, res2, first.Rows)
	}
	setStatus("ACTIVE")
	if again := f.syncJob(t, act); again.Status != "ACTIVE" {
		t.Fatalf("status %s, want ACTIVE again", again.Status)
	}
	rows, err := testenv.Conn(t).Query(ctx, `SELECT from_state || '>' || to_state FROM audit_events
		WHERE account_id = $1 AND subject_type = 'job' AND subject_id = $2 ORDER BY id`, f.account, act.ID.String())
	if err != nil {
		t.Fatal(err)
	}
	moves, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{">ACTIVE", "ACTIVE>UNAVAILABLE", "UNAVAILABLE>ACTIVE"}; !slices.Equal(moves, want) {
		t.Fatalf("audit trail %v, want %v", moves, want)
	}
}

func TestReconcileJobFollowsTemplateChanges(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	cat := f.acts.engine.Catalog()
	const ref = "ICU-2231"
	j := f.job(t, ref)
	f.syncJob(t, j)
	person := sampledocs.NewPerson(sampledocs.Seeded(31))
	start := time.Date(2026, 12, 14, 0, 0, 0, 0, time.UTC)
	p := f.placement(t, j, "nurse-tmpl", person.FullName(), "P-"+ref+"-1", &start)
	f.syncPlacement(t, p)

	// The candidate's BLS card fulfils the BLS row; a PALS card that does
	// not pass rejects the PALS row (progress the next version removes).
	bls := f.row(t, p, "bls")
	pals := f.row(t, p, "pals")
	var applied workflows.ApplyIntakeResult
	f.run(t, &applied, f.acts.ApplyIntake, f.docIntake(t, "nurse-tmpl", person, &store.ValidateOptions{PlacementID: p.ID.String(), RequirementID: bls.ID.String()},
		f.doc(t, "bls", person, sampledocs.Options{AsOf: start})))
	f.run(t, &applied, f.acts.ApplyIntake, f.docIntake(t, "nurse-tmpl", person, &store.ValidateOptions{PlacementID: p.ID.String(), RequirementID: pals.ID.String()},
		f.doc(t, "pals", person, sampledocs.Options{AsOf: start, Expired: true})))
	bls, pals = f.row(t, p, "bls"), f.row(t, p, "pals")
	if bls.Status != requirements.StatusFulfilled || pals.Status != requirements.StatusRejected {
		t.Fatalf("before the change: bls %s, pals %s", bls.Status, pals.Status)
	}

	// The VMS moves the template to its next version: for this job it
	// drops PALS, adds items and rewords BLS.
	before := f.jobTruth(t, ref)
	var truth sandbox.JobTruth
	f.admin(t, http.MethodPost, "/_sandbox/jobs/"+ref+"/version", "", &truth)
	change := truth.Changes[len(truth.Changes)-1]
	if truth.Job.Version != 2 || change.Removed != itemOf(t, before, "pals").ID || len(change.Added) == 0 || change.Reworded != itemOf(t, before, "bls").ID {
		t.Fatalf("the sandbox's change is not the one this test relies on (PALS removed, items added, BLS reworded): %+v", change)
	}
	since := time.Now().UTC()
	f.run(t, nil, f.acts.BeginJobSync, f.jobIn(j))
	f.run(t, nil, f.acts.FetchJob, f.jobIn(j))
	var res workflows.ReconcileJobResult
	f.run(t, &res, f.acts.ReconcileJob, f.jobIn(j))
	want := expectedRows(truth.Items)
	if res.Status != "ACTIVE" || res.Rows != len(want.keys)+len(want.unmapped) || !slices.Equal(res.Placements, []string{p.ID.String()}) {
		t.Fatalf("reconciled %+v, want ACTIVE, %d rows and the placement to follow", res, len(want.keys)+len(want.unmapped))
	}
	got := f.storedJob(t, j)
	checkRows(t, cat, templateView(got), want)
	for _, r := range got.Requirements {
		if deref(r.RequirementKey) == "bls" && r.Label != change.To {
			t.Errorf("the reworded BLS template row reads %q, want %q", r.Label, change.To)
		}
	}
	// The placement was asked to follow, after the sync started.
	var again bool
	f.run(t, &again, f.acts.SyncAgain, workflows.SyncAgainInput{Kind: "placement", AccountID: f.account, ID: p.ID.String(), Since: since})
	if !again {
		t.Fatal("the job's placement was not asked to sync again")
	}

	res2 := f.syncPlacement(t, p)
	after, err := f.st.Placement(ctx, f.account, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	pt := f.placementTruth(t, "P-"+ref+"-1")
	checkRows(t, cat, placementView(after), expectedRows(pt.Items))
	if res2.Rows != len(after.Requirements)-1 { // the skipped PALS row stays, listed by no source
		t.Fatalf("reconciled %d rows, the placement has %d (one skipped)", res2.Rows, len(after.Requirements))
	}
	blsAfter := f.row(t, p, "bls")
	if blsAfter.ID != bls.ID || blsAfter.Status != requirements.StatusFulfilled || deref(blsAfter.EvidenceID) != deref(bls.EvidenceID) ||
		blsAfter.ExpiresAt == nil || !blsAfter.ExpiresAt.Equal(*bls.ExpiresAt) {
		t.Fatalf("the fulfilled BLS row lost its progress: before %+v after %+v", bls, blsAfter)
	}
	if blsAfter.Label != change.To {
		t.Fatalf("BLS row label %q, want the new wording %q", blsAfter.Label, change.To)
	}
	palsAfter := f.row(t, p, "pals")
	if palsAfter.ID != pals.ID || palsAfter.Status != requirements.StatusSkipped || palsAfter.StatusReason != "no source lists it any more" {
		t.Fatalf("PALS row after the VMS dropped it: %s %q, want SKIPPED with its reason", palsAfter.Status, palsAfter.StatusReason)
	}
	for _, id := range change.Added {
		it := itemByID(t, truth.Items, id)
		if !it.Required {
			continue
		}
		if len(it.Keys) == 0 {
			if r := rowByLabel(after, mapping.Normalize(it.Label)); r == nil || r.Status != requirements.StatusAwaitingConfig {
				t.Errorf("added item %q: row %+v, want AWAITING_CONFIG", it.Label, r)
			}
			continue
		}
		for _, k := range it.Keys {
			if r := f.row(t, p, k); r.Status != requirements.StatusInProgress && r.Status != requirements.StatusFulfilled {
				t.Errorf("added item %q: row %s is %s, want its work started", it.Label, k, r.Status)
			}
		}
	}
}

func itemOf(t *testing.T, jt sandbox.JobTruth, key string) sandbox.Item {
	t.Helper()
	for _, it := range jt.Items {
		if slices.Contains(it.Keys, key) {
			return it
		}
	}
	t.Fatalf("job %s lists no %s item", jt.Job.Ref, key)
	return sandbox.Item{}
}

func itemByID(t *testing.T, items []sandbox.Item, id string) sandbox.Item {
	t.Helper()
	for _, it := range items {
		if it.ID == id {
			return it
		}
	}
	t.Fatalf("no item %s", id)
	return sandbox.Item{}
}

func TestJobSyncErrorAndSyncAgain(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	j := f.job(t, "ER-1")
	p := f.placement(t, j, "nurse-se", "Dana Whitfield", "P-ER-1-1", nil)

	f.run(t, nil, f.acts.RecordSyncError, workflows.SyncErrorInput{Kind: "job", AccountID: f.account, ID: j.ID.String(), Reason: "the VMS answered 503 for job ER-1"})
	f.run(t, nil, f.acts.RecordSyncError, workflows.SyncErrorInput{Kind: "placement", AccountID: f.account, ID: p.ID.String(), Reason: "the VMS answered 503 for placement P-ER-1-1"})
	if got := f.storedJob(t, j); got.SyncError == nil || *got.SyncError != "the VMS answered 503 for job ER-1" {
		t.Fatalf("job sync error %v", got.SyncError)
	}
	if got, err := f.st.Placement(ctx, f.account, p.ID); err != nil || got.SyncError == nil || *got.SyncError != "the VMS answered 503 for placement P-ER-1-1" {
		t.Fatalf("placement sync error %v %v", got.SyncError, err)
	}

	// A sync asked for while one ran (a new POST /job) makes it run again.
	since := time.Now().UTC()
	for _, tt := range []struct {
		kind, id string
	}{{"job", j.ID.String()}, {"placement", p.ID.String()}} {
		var again bool
		f.run(t, &again, f.acts.SyncAgain, workflows.SyncAgainInput{Kind: tt.kind, AccountID: f.account, ID: tt.id, Since: since})
		if again {
			t.Fatalf("%s: asked again with nothing asked", tt.kind)
		}
	}
	f.job(t, "ER-1")
	if err := f.st.RequestPlacementSyncs(ctx, []uuid.UUID{p.ID}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		kind, id, account string
		want              bool
	}{
		{"job", j.ID.String(), f.account, true},
		{"placement", p.ID.String(), f.account, true},
		{"job", j.ID.String(), "acct-other", false},
	} {
		var again bool
		f.run(t, &again, f.acts.SyncAgain, workflows.SyncAgainInput{Kind: tt.kind, AccountID: tt.account, ID: tt.id, Since: since})
		if again != tt.want {
			t.Fatalf("%s of %s: asked again = %v, want %v", tt.kind, tt.account, again, tt.want)
		}
	}

	tests := []struct {
		name string
		fn   any
		in   any
		typ  string
	}{
		{"record: malformed id", f.acts.RecordSyncError, workflows.SyncErrorInput{Kind: "job", AccountID: f.account, ID: "7", Reason: "x"}, workflows.ErrBadInput},
		{"record: unknown job", f.acts.RecordSyncError, workflows.SyncErrorInput{Kind: "job", AccountID: f.account, ID: uuid.NewString(), Reason: "x"}, workflows.ErrGone},
		{"record: another account's placement", f.acts.RecordSyncError, workflows.SyncErrorInput{Kind: "placement", AccountID: "acct-other", ID: p.ID.String(), Reason: "x"}, workflows.ErrGone},
		{"again: malformed id", f.acts.SyncAgain, workflows.SyncAgainInput{Kind: "job", AccountID: f.account, ID: "job/1", Since: since}, workflows.ErrBadInput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.env.ExecuteActivity(tt.fn, tt.in)
			appError(t, err, tt.typ)
		})
	}
}

// integrationsYAML configures the sandbox VMS two other ways: "sandbox"
// reads only its VMS (no emails, no matrices, no placement lists), hourly;
// "inhouse" reads the same VMS but a matrix replaces what it says.
const integrationsYAML = `
integrations:
  sandbox:
    displayName: Sandbox VMS, its lists only
    connector:
      kind: sandbox
      baseUrl: ${VMS_SANDBOX_URL}
      credentials: {username: VMS_SANDBOX_USERNAME, password: VMS_SANDBOX_PASSWORD}
    sources: [vms]
    syncEvery: 1h
    placementSync: false
    mapping:
      - {label: "BLS - AHA only", key: bls, packetGroup: Certifications}
  inhouse:
    displayName: In-house matrices over the sandbox VMS
    connector:
      kind: sandbox
      baseUrl: ${VMS_SANDBOX_URL}
      credentials: {username: VMS_SANDBOX_USERNAME, password: VMS_SANDBOX_PASSWORD}
    sources: [vms, matrix]
    matrix: {mode: replace}
    syncEvery: 6h
    mapping:
      - {label: "BLS - AHA only", key: bls, packetGroup: Certifications}
`

func TestJobSourcesFollowTheIntegration(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	cfg, err := integrations.Parse([]byte(integrationsYAML), f.acts.engine.Catalog())
	if err != nil {
		t.Fatal(err)
	}
	v := f.variant(t, func(c *Config) {
		conn := c.Integrations.Connectors["sandbox"]
		c.Integrations = Integrations{Config: cfg, Connectors: map[string]vms.Connector{"sandbox": conn, "inhouse": conn}}
	})
	sourcesOfRows := func(j *store.Job) []string {
		var out []string
		for _, r := range v.storedJob(t, j).Requirements {
			for _, s := range sourcesOf(t, r.Sources) {
				if !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
		}
		slices.Sort(out)
		return out
	}
	matrix := func(vmsType, ref string, items ...requirements.Item) {
		t.Helper()
		raw, err := store.ToJSON(items)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := v.st.SaveMatrix(ctx, &store.Matrix{AccountID: v.account, Scope: "job", ScopeKey: ref, VMSType: vmsType, Mode: "add", Items: raw}); err != nil {
			t.Fatal(err)
		}
	}

	// VMS only: a client's email and a matrix for the job do not count.
	j := v.job(t, "ER-1")
	var info workflows.JobSyncInfo
	v.run(t, &info, v.acts.BeginJobSync, v.jobIn(j))
	if info != (workflows.JobSyncInfo{VMSType: "sandbox", FetchVMS: true, SyncEvery: time.Hour}) {
		t.Fatalf("info %+v", info)
	}
	v.run(t, nil, v.acts.FetchJob, v.jobIn(j))
	if err := v.st.SaveJobSource(ctx, v.account, j.ID, requirements.Source{Kind: requirements.SourceEmail, Ref: "<checklist-1@client.example>",
		Items: []requirements.Item{{Label: "Flu shot or declination (current season)"}}}); err != nil {
		t.Fatal(err)
	}
	matrix("sandbox", "ER-1", requirements.Item{Label: "Facility badge photo"}, requirements.Item{Key: "covid19_vaccine"})
	var res workflows.ReconcileJobResult
	v.run(t, &res, v.acts.ReconcileJob, v.jobIn(j))
	truth := v.jobTruth(t, "ER-1")
	if got := sourcesOfRows(j); !slices.Equal(got, []string{requirements.SourceVMS}) || res.Rows != len(expectedRows(truth.Items).keys)+len(expectedRows(truth.Items).unmapped) {
		t.Fatalf("rows from %v (%d rows), want the VMS's only", got, res.Rows)
	}
	// Its small table maps BLS; every other label waits for a mapping.
	if res.Unmapped != res.Rows-1 || jobRow(v.storedJob(t, j), "bls") == nil {
		t.Fatalf("reconciled %+v, want only BLS mapped", res)
	}
	// Without placement lists, a placement is not read from the VMS.
	p := v.placement(t, j, "nurse-src", "Dana Whitfield", "P-ER-1-1", nil)
	var pinfo workflows.PlacementSyncInfo
	v.run(t, &pinfo, v.acts.BeginPlacementSync, v.placementIn(p))
	if pinfo.FetchVMS || pinfo.VMSType != "sandbox" {
		t.Fatalf("placement sync info %+v, want no VMS read", pinfo)
	}

	// A matrix replacing the VMS: once one applies, the VMS's list is not
	// used, even though the matrix itself says add.
	in, _, _, err := v.st.UpsertJob(ctx, store.JobInput{AccountID: v.account, VMSType: "inhouse", VMSJobRefID: "ER-1"})
	if err != nil {
		t.Fatal(err)
	}
	v.run(t, &info, v.acts.BeginJobSync, v.jobIn(in))
	if info != (workflows.JobSyncInfo{VMSType: "inhouse", FetchVMS: true, SyncEvery: 6 * time.Hour}) {
		t.Fatalf("info %+v", info)
	}
	v.run(t, nil, v.acts.FetchJob, v.jobIn(in))
	v.run(t, &res, v.acts.ReconcileJob, v.jobIn(in))
	if got := sourcesOfRows(in); !slices.Equal(got, []string{requirements.SourceVMS}) {
		t.Fatalf("before any matrix: rows from %v", got)
	}
	matrix("inhouse", "ER-1", requirements.Item{Label: "Facility badge photo"}, requirements.Item{Key: "bls"})
	v.run(t, &res, v.acts.ReconcileJob, v.jobIn(in))
	got := v.storedJob(t, in)
	var rows []string
	for _, r := range got.Requirements {
		rows = append(rows, deref(r.RequirementKey)+"|"+r.Label)
	}
	if want := []string{"bls|Basic Life Support (BLS) card", "|Facility badge photo"}; res.Rows != 2 || res.Unmapped != 1 || !slices.Equal(sortedCopy(rows), sortedCopy(want)) ||
		!slices.Equal(sourcesOfRows(in), []string{requirements.SourceJobMatrix}) {
		t.Fatalf("with a replacing matrix: %+v rows %q from %v, want %q from the matrix", res, rows, sourcesOfRows(in), want)
	}
}

func sortedCopy(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// jobRow is a job's template row of a requirement key, nil when none.
func jobRow(j *store.Job, key string) *store.JobRequirement {
	for _, r := range j.Requirements {
		if deref(r.RequirementKey) == key {
			return &r
		}
	}
	return nil
}

// scheduleClient dials the Temporal dev server of the tests.
func scheduleClient(t *testing.T) client.ScheduleClient {
	t.Helper()
	e := testenv.Get(t)
	tc, err := client.Dial(client.Options{HostPort: e.TemporalAddress, Namespace: e.TemporalNamespace,
		Logger: tlog.NewStructuredLogger(testenv.Logger(t))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tc.Close)
	return tc.ScheduleClient()
}

func TestEnsureJobSchedule(t *testing.T) {
	sc := scheduleClient(t)
	queue := "test-activities-" + uuid.NewString()[:8]
	f := newSyncFixture(t, func(c *Config) { c.Schedules, c.TaskQueue = sc, queue })
	ctx := context.Background()
	j := f.job(t, "ICU-2231")
	id := workflows.JobSyncWorkflowID(j.ID.String())
	h := sc.GetHandle(ctx, id)
	t.Cleanup(func() { _ = h.Delete(context.Background()) })
	ensure := func(active bool, every time.Duration) {
		t.Helper()
		f.run(t, nil, f.acts.EnsureJobSchedule, workflows.JobScheduleInput{AccountID: f.account, JobID: j.ID.String(), Active: active, Every: every})
	}
	type state struct {
		exists bool
		paused bool
		note   string
		every  time.Duration
		queue  string
	}
	describe := func() state {
		t.Helper()
		d, err := h.Describe(ctx)
		if isScheduleNotFound(err) {
			return state{}
		}
		if err != nil {
			t.Fatal(err)
		}
		s := state{exists: true, paused: d.Schedule.State.Paused, note: d.Schedule.State.Note}
		if len(d.Schedule.Spec.Intervals) == 1 {
			s.every = d.Schedule.Spec.Intervals[0].Every
		}
		act, ok := d.Schedule.Action.(*client.ScheduleWorkflowAction)
		if !ok {
			t.Fatalf("schedule action %T", d.Schedule.Action)
		}
		if act.ID != id {
			t.Fatalf("scheduled workflow id %q, want %q", act.ID, id)
		}
		// Operators find the scheduled runs by job (search attributes).
		if v, ok := act.TypedSearchAttributes.GetKeyword(temporal.NewSearchAttributeKeyKeyword(workflows.SAJobID)); !ok || v != j.ID.String() {
			t.Fatalf("scheduled runs' JobId %q (set %v), want %s", v, ok, j.ID)
		}
		s.queue = act.TaskQueue
		return s
	}

	steps := []struct {
		name   string
		active bool
		every  time.Duration
		want   state
	}{
		{"a job that is not ACTIVE gets none", false, 6 * time.Hour, state{}},
		{"an ACTIVE job gets one", true, 6 * time.Hour, state{exists: true, every: 6 * time.Hour, queue: queue}},
		{"again: unchanged", true, 6 * time.Hour, state{exists: true, every: 6 * time.Hour, queue: queue}},
		{"the job leaves ACTIVE: paused", false, 6 * time.Hour, state{exists: true, paused: true, note: "the job is not ACTIVE", every: 6 * time.Hour, queue: queue}},
		{"paused again", false, 6 * time.Hour, state{exists: true, paused: true, note: "the job is not ACTIVE", every: 6 * time.Hour, queue: queue}},
		{"ACTIVE again: running", true, 6 * time.Hour, state{exists: true, note: "the job is ACTIVE", every: 6 * time.Hour, queue: queue}},
		{"the integration's interval changes", true, 12 * time.Hour, state{exists: true, note: "the job is ACTIVE", every: 12 * time.Hour, queue: queue}},
	}
	for _, s := range steps {
		ensure(s.active, s.every)
		if got := describe(); got != s.want {
			t.Fatalf("%s: schedule %+v, want %+v", s.name, got, s.want)
		}
	}

	// Without a schedule client (a worker configured without one) it is a
	// no-op rather than a failure.
	bare := f.variant(t, func(c *Config) { c.Schedules = nil })
	bare.run(t, nil, bare.acts.EnsureJobSchedule, workflows.JobScheduleInput{AccountID: f.account, JobID: uuid.NewString(), Active: true, Every: time.Hour})
}

func TestExpireRequirements(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	person := sampledocs.NewPerson(sampledocs.Seeded(41))
	j := f.job(t, "ER-1")
	f.syncJob(t, j)

	// Three placements of the candidate, their BLS rows fulfilled by the
	// same card (it expires 2027-01-15, the day C starts: still valid that
	// day).
	expires := "2027-01-15"
	card := f.doc(t, "bls", person, sampledocs.Options{})
	card.Fields["issue_date"], card.Fields["expiration_date"] = "2025-01-15", expires
	startA := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	startB := time.Date(2026, 12, 10, 0, 0, 0, 0, time.UTC)
	startC := time.Date(2027, 1, 15, 0, 0, 0, 0, time.UTC)
	pa := f.placement(t, j, "nurse-exp", person.FullName(), "P-ER-1-1", &startA)
	pb := f.placement(t, f.job(t, "ER-2"), "nurse-exp", person.FullName(), "P-ER-2-1", &startB)
	pc := f.placement(t, f.job(t, "ER-3"), "nurse-exp", person.FullName(), "P-ER-3-1", &startC)
	f.syncJob(t, f.job(t, "ER-2"))
	f.syncJob(t, f.job(t, "ER-3"))
	for _, p := range []*store.Placement{pa, pb, pc} {
		f.syncPlacement(t, p)
	}
	var applied workflows.ApplyIntakeResult
	f.run(t, &applied, f.acts.ApplyIntake, f.docIntake(t, "nurse-exp", person, &store.ValidateOptions{Broadcast: true}, card))
	if applied != (workflows.ApplyIntakeResult{Fulfilled: 3}) {
		t.Fatalf("applied %+v, want the 3 BLS rows fulfilled", applied)
	}
	for _, p := range []*store.Placement{pa, pb, pc} {
		if r := f.row(t, p, "bls"); r.Status != requirements.StatusFulfilled || r.ExpiresAt == nil || r.ExpiresAt.Format(time.DateOnly) != expires {
			t.Fatalf("placement starting %s: BLS row %s expires %v", p.StartDate.Format(time.DateOnly), r.Status, r.ExpiresAt)
		}
	}

	// The facility moves A's start past the card's expiry.
	conn := testenv.Conn(t)
	if _, err := conn.Exec(ctx, `UPDATE placements SET start_date = '2027-02-01' WHERE id = $1`, pa.ID); err != nil {
		t.Fatal(err)
	}
	var res workflows.ExpiryResult
	f.run(t, &res, f.acts.ExpireRequirements, workflows.ExpiryInput{})
	if res.Expired != 1 {
		t.Fatalf("expired %d rows, want 1 (the placement whose start moved past the expiry)", res.Expired)
	}
	wantStatus := map[uuid.UUID]string{pa.ID: requirements.StatusExpired, pb.ID: requirements.StatusFulfilled, pc.ID: requirements.StatusFulfilled}
	for _, p := range []*store.Placement{pa, pb, pc} {
		if r := f.row(t, p, "bls"); r.Status != wantStatus[p.ID] {
			t.Fatalf("placement %s: BLS row %s, want %s", p.ExternalID, r.Status, wantStatus[p.ID])
		}
	}
	if r := f.row(t, pa, "bls"); r.StatusReason != "the document expired on "+expires || deref(r.EvidenceID) == "" {
		t.Fatalf("expired row: reason %q evidence %v", r.StatusReason, r.EvidenceID)
	}
	// The sweep again (the next day's run, or a retry) finds nothing new.
	f.run(t, &res, f.acts.ExpireRequirements, workflows.ExpiryInput{})
	if res.Expired != 0 {
		t.Fatalf("a second sweep expired %d rows", res.Expired)
	}

	// Days pass: on 2027-01-16 the card has lapsed for B (started) and C
	// (starting the day it expired) alike.
	f.today = time.Date(2027, 1, 16, 0, 0, 0, 0, time.UTC)
	f.run(t, &res, f.acts.ExpireRequirements, workflows.ExpiryInput{})
	for _, p := range []*store.Placement{pb, pc} {
		if r := f.row(t, p, "bls"); r.Status != requirements.StatusExpired {
			t.Fatalf("placement starting %s on %s: BLS row %s, want EXPIRED", p.StartDate.Format(time.DateOnly), f.today.Format(time.DateOnly), r.Status)
		}
	}
	if res.Expired < 2 {
		t.Fatalf("expired %d rows, want at least this test's 2", res.Expired)
	}
	var evs []string
	audit, err := f.st.PlacementAudit(ctx, f.account, pb.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range audit {
		if e.SubjectType == "requirement" && e.ToState == requirements.StatusExpired {
			evs = append(evs, e.FromState+">"+e.ToState+": "+e.Reason)
		}
	}
	if want := []string{"FULFILLED>EXPIRED: the document expired on " + expires}; !slices.Equal(evs, want) {
		t.Fatalf("audit %q, want %q", evs, want)
	}
}
