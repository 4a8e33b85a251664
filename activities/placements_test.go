package activities

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/integrations"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/mapping"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/registrycheck"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/vms/sandbox"
	"github.com/clearedtostart/compliance/workflows"
)

// placement stores a candidate's placement on a job, as POST /placement
// does; name and vmsRef may be empty.
func (f *syncFixture) placement(t *testing.T, j *store.Job, externalID, name, vmsRef string, start *time.Time) *store.Placement {
	t.Helper()
	in := store.PlacementInput{AccountID: f.account, JobID: j.ID, ExternalID: externalID, StartDate: start}
	if name != "" {
		in.CandidateName = &name
	}
	if vmsRef != "" {
		in.VMSPlacementRefID = &vmsRef
	}
	p, created, err := f.st.CreatePlacement(context.Background(), in)
	if err != nil || !created {
		t.Fatalf("placement: created=%v %v", created, err)
	}
	return p
}

func (f *syncFixture) placementIn(p *store.Placement) workflows.PlacementSyncInput {
	return workflows.PlacementSyncInput{AccountID: f.account, PlacementID: p.ID.String()}
}

// syncPlacement runs a placement's sync steps as PlacementSyncWorkflow
// does: begin, fetch its own list when the integration says so, reconcile.
func (f *syncFixture) syncPlacement(t *testing.T, p *store.Placement) workflows.ReconcilePlacementResult {
	t.Helper()
	var info workflows.PlacementSyncInfo
	f.run(t, &info, f.acts.BeginPlacementSync, f.placementIn(p))
	if info.FetchVMS {
		f.run(t, nil, f.acts.FetchPlacement, f.placementIn(p))
	}
	var res workflows.ReconcilePlacementResult
	f.run(t, &res, f.acts.ReconcilePlacement, f.placementIn(p))
	return res
}

// storedPlacement reads a placement with its rows and packets.
func (f *syncFixture) storedPlacement(t *testing.T, p *store.Placement) *store.Placement {
	t.Helper()
	return stored(t, f, f.st.Placement, p.ID)
}

// row returns a placement's row of a requirement key.
func (f *syncFixture) row(t *testing.T, p *store.Placement, key string) *store.PlacementRequirement {
	t.Helper()
	for _, r := range f.storedPlacement(t, p).Requirements {
		if deref(r.RequirementKey) == key {
			return &r
		}
	}
	t.Fatalf("placement %s has no %s row", p.ExternalID, key)
	return nil
}

func rowByLabel(p *store.Placement, norm string) *store.PlacementRequirement {
	for _, r := range p.Requirements {
		if r.RequirementKey == nil && r.NormalizedLabel == norm {
			return &r
		}
	}
	return nil
}

// placementView is a placement's rows that a source lists (SKIPPED ones
// aside).
func placementView(p *store.Placement) []rowView {
	var out []rowView
	for _, r := range p.Requirements {
		if r.Status == requirements.StatusSkipped {
			continue
		}
		out = append(out, rowView{key: deref(r.RequirementKey), norm: r.NormalizedLabel, label: r.Label, group: r.PacketGroup, fulfillment: deref(r.FulfillmentType)})
	}
	return out
}

// placementTruth is the sandbox's own account of a placement's checklist.
func (f *syncFixture) placementTruth(t *testing.T, ref string) sandbox.PlacementTruth {
	t.Helper()
	var pt sandbox.PlacementTruth
	f.admin(t, http.MethodGet, "/_sandbox/placements/"+ref, "", &pt)
	return pt
}

// doc generates a document of the person and its truth.
func (f *syncFixture) doc(t *testing.T, docType string, p sampledocs.Person, opt sampledocs.Options) sampledocs.Doc {
	t.Helper()
	f.seq++
	d := sampledocs.Generate(sampledocs.Seeded(1000+f.seq), docType, p, opt)
	if d.Type != docType || len(d.Fields) == 0 {
		t.Fatalf("sampledocs made a %q with fields %v", d.Type, d.Fields)
	}
	return d
}

// docIntake stores a finished intake of the documents as the pipeline
// leaves it: the upload (their PDF), one SUCCESS segment per document
// with its type, category and fields (the documents' truth, in the
// catalog's formats) and a clean fraud verdict.
func (f *syncFixture) docIntake(t *testing.T, externalID string, person sampledocs.Person, validate *store.ValidateOptions, docs ...sampledocs.Doc) workflows.ApplyIntakeInput {
	t.Helper()
	ctx := context.Background()
	pdf, err := sampledocs.RenderPDF(docs...)
	if err != nil {
		t.Fatal(err)
	}
	in := &store.Intake{AccountID: f.account, ExternalID: externalID}
	storeIntake(t, f.st, f.blobs, in, person, validate, pdf)
	cat := f.acts.engine.Catalog()
	var split []store.SplitSegment
	var segs []*store.Segment
	page := 1
	for i, d := range docs {
		n := max(d.Pages, 1)
		s := store.SplitSegment{ID: uuid.New(), Index: i, PageStart: page, PageEnd: page + n - 1}
		split = append(split, s)
		page += n
		dt, ok := cat.Type(d.Type)
		if !ok {
			t.Fatalf("%s is not a catalog document type", d.Type)
		}
		fields, err := store.ToJSON(d.Fields)
		if err != nil {
			t.Fatal(err)
		}
		docType, category, clean := d.Type, dt.Category, "clean"
		segs = append(segs, &store.Segment{ID: s.ID, AccountID: f.account, IntakeID: in.ID, Index: i, PageStart: &s.PageStart, PageEnd: &s.PageEnd,
			DocumentType: &docType, DocumentCategory: &category, Fields: fields, ScanStatus: "SUCCESS", FraudResult: &clean})
	}
	if err := f.st.RecordSplit(ctx, f.account, in.ID, page-1, split); err != nil {
		t.Fatal(err)
	}
	if err := f.st.SaveSegments(ctx, segs); err != nil {
		t.Fatal(err)
	}
	pages := page - 1
	if err := f.st.FinishIntake(ctx, f.account, in.ID, store.IntakeOutcome{Status: "SUCCESS", PageCount: &pages}); err != nil {
		t.Fatal(err)
	}
	return workflows.ApplyIntakeInput{AccountID: f.account, IntakeID: in.ID.String()}
}

// segmentIDs are an intake's segments' ids in order.
func (f *syncFixture) segmentIDs(t *testing.T, in workflows.ApplyIntakeInput) []string {
	t.Helper()
	segs, err := f.st.Segments(context.Background(), f.account, uuid.MustParse(in.IntakeID))
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(segs))
	for i, s := range segs {
		out[i] = s.ID.String()
	}
	return out
}

func TestBeginPlacementSync(t *testing.T) {
	f := newSyncFixture(t, nil)
	j := f.job(t, "NICU-5")
	withRef := f.placement(t, j, "nurse-b1", "Dana Whitfield", "P-NICU-5-1", nil)
	withoutRef := f.placement(t, j, "nurse-b2", "Lee Okafor", "", nil)
	tests := []struct {
		p    *store.Placement
		want workflows.PlacementSyncInfo
	}{
		{withRef, workflows.PlacementSyncInfo{FetchVMS: true, JobID: j.ID.String(), ExternalID: "nurse-b1", VMSType: "sandbox"}},
		// Nothing to ask the VMS for: the job's sources make its rows.
		{withoutRef, workflows.PlacementSyncInfo{FetchVMS: false, JobID: j.ID.String(), ExternalID: "nurse-b2", VMSType: "sandbox"}},
	}
	for _, tt := range tests {
		before := time.Now().UTC().Add(-time.Second)
		var info workflows.PlacementSyncInfo
		f.run(t, &info, f.acts.BeginPlacementSync, f.placementIn(tt.p))
		if info != tt.want {
			t.Errorf("%s: info %+v, want %+v", tt.p.ExternalID, info, tt.want)
		}
		if got := f.storedPlacement(t, tt.p); got.SyncStartedAt == nil || got.SyncStartedAt.Before(before) {
			t.Errorf("%s: sync_started_at %v", tt.p.ExternalID, got.SyncStartedAt)
		}
	}

	other := testenv.Account(t, f.st, "acct", "")
	in := func(id string) workflows.PlacementSyncInput {
		return workflows.PlacementSyncInput{AccountID: f.account, PlacementID: id}
	}
	errs := []struct {
		name string
		in   workflows.PlacementSyncInput
		typ  string
	}{
		{"malformed id", in("P-NICU-5-1"), workflows.ErrBadInput},
		{"unknown placement", in(uuid.NewString()), workflows.ErrGone},
		{"another account's placement", workflows.PlacementSyncInput{AccountID: other, PlacementID: withRef.ID.String()}, workflows.ErrGone},
	}
	for _, tt := range errs {
		for name, fn := range map[string]any{"BeginPlacementSync": f.acts.BeginPlacementSync, "FetchPlacement": f.acts.FetchPlacement, "ReconcilePlacement": f.acts.ReconcilePlacement} {
			t.Run(tt.name+"/"+name, func(t *testing.T) {
				_, err := f.env.ExecuteActivity(fn, tt.in)
				appError(t, err, tt.typ)
			})
		}
	}
}

func TestFetchPlacementVMSFailures(t *testing.T) {
	f := newSyncFixture(t, nil)
	tests := []struct {
		job, ref  string
		retryable bool
	}{
		{"NOTFOUND-4", "P-NOTFOUND-4-1", false},
		{"FAIL-4", "P-FAIL-4-1", true},
	}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			p := f.placement(t, f.job(t, tt.job), "nurse-"+tt.ref, "Dana Whitfield", tt.ref, nil)
			_, err := f.env.ExecuteActivity(f.acts.FetchPlacement, f.placementIn(p))
			appErr := appErrorOf(t, err)
			if tt.retryable == appErr.NonRetryable() || !strings.Contains(appErr.Message(), tt.ref) {
				t.Fatalf("err %v (type %s, non-retryable %v), want retryable=%v naming %s", err, appErr.Type(), appErr.NonRetryable(), tt.retryable, tt.ref)
			}
			if !tt.retryable {
				appError(t, err, workflows.ErrRefused)
			}
			// The workflow records the reason and reconciles the job's
			// sources all the same.
			f.run(t, nil, f.acts.RecordSyncError, workflows.SyncErrorInput{Kind: "placement", AccountID: f.account, ID: p.ID.String(), Reason: appErr.Message()})
			if got := f.storedPlacement(t, p); got.SyncError == nil || *got.SyncError != appErr.Message() {
				t.Fatalf("placement sync error %v", got.SyncError)
			}
		})
	}
}

func TestReconcilePlacement(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	cat := f.acts.engine.Catalog()
	const jobRef, ref = "NICU-5", "P-NICU-5-1"
	j := f.job(t, jobRef)
	f.syncJob(t, j)
	p := f.placement(t, j, "nurse-r1", "Dana Whitfield", ref, nil)
	truth := f.placementTruth(t, ref)

	var info workflows.PlacementSyncInfo
	f.run(t, &info, f.acts.BeginPlacementSync, f.placementIn(p))
	var fetched workflows.FetchResult
	f.run(t, &fetched, f.acts.FetchPlacement, f.placementIn(p))
	if fetched.Items != len(truth.Items) {
		t.Fatalf("fetched %+v, want the sandbox's %d items", fetched, len(truth.Items))
	}
	sources, err := f.st.JobSources(ctx, j.ID)
	if err != nil {
		t.Fatal(err)
	}
	own := 0
	for _, s := range sources {
		if s.Kind == requirements.SourcePlacementVMS && s.Ref == p.ID.String() {
			own = len(s.Items) + len(s.Exclusions)
		}
	}
	if own != len(truth.Items) {
		t.Fatalf("the placement's own list holds %d items, want %d (sources %+v)", own, len(truth.Items), sources)
	}

	var res workflows.ReconcilePlacementResult
	f.run(t, &res, f.acts.ReconcilePlacement, f.placementIn(p))
	want := expectedRows(truth.Items)
	got := f.storedPlacement(t, p)
	checkRows(t, cat, placementView(got), want)
	if res.Rows != len(want.keys)+len(want.unmapped) || res.Rows != len(got.Requirements) {
		t.Fatalf("reconciled %d rows, stored %d, want %d", res.Rows, len(got.Requirements), len(want.keys)+len(want.unmapped))
	}
	// Each row was ingested; each mapped one was then opened.
	if res.Changes != len(want.keys)*2+len(want.unmapped) {
		t.Fatalf("changes %d, want %d (ingested, and opened when mapped)", res.Changes, len(want.keys)*2+len(want.unmapped))
	}
	var wantChecks []workflows.RowRef
	groups := map[string]bool{}
	for _, r := range got.Requirements {
		groups[r.PacketGroup] = true
		key := deref(r.RequirementKey)
		if key == "" {
			if r.Status != requirements.StatusAwaitingConfig {
				t.Errorf("unmapped row %q is %s", r.Label, r.Status)
			}
			continue
		}
		if status, reason := requirements.Open(deref(r.FulfillmentType)); r.Status != status || r.StatusReason != reason {
			t.Errorf("row %s: %s %q, want %s %q", key, r.Status, r.StatusReason, status, reason)
		}
		if deref(r.FulfillmentType) == catalog.FulfillRegistrySearch {
			wantChecks = append(wantChecks, workflows.RowRef{AccountID: f.account, PlacementID: p.ID.String(), RowID: r.ID.String()})
		}
	}
	// NICU-5 asks for OIG and SAM in one item, the sex offender registry,
	// and (the placement's own item) OFAC.
	if len(wantChecks) != 4 || !slices.Equal(res.Checks, wantChecks) {
		t.Fatalf("checks %+v, want the 4 registry rows %+v", res.Checks, wantChecks)
	}
	if ofac := f.row(t, p, "ofac_check"); !slices.Equal(sourcesOf(t, ofac.Sources), []string{requirements.SourcePlacementVMS}) {
		t.Fatalf("the OFAC row (the placement's own item) has sources %s", ofac.Sources)
	}
	var packetGroups []string
	for _, pk := range got.Packets {
		packetGroups = append(packetGroups, pk.PacketGroup)
		if pk.Status != requirements.PacketIncomplete {
			t.Errorf("packet %s is %s with no row fulfilled", pk.PacketGroup, pk.Status)
		}
	}
	if len(packetGroups) != len(groups) {
		t.Fatalf("packets %v, want one per group of %v", packetGroups, groups)
	}

	// Reconciling again (the next sync, or a retry) changes nothing.
	var again workflows.ReconcilePlacementResult
	f.run(t, &again, f.acts.ReconcilePlacement, f.placementIn(p))
	if again.Changes != 0 || again.Rows != res.Rows || !slices.Equal(again.Checks, res.Checks) {
		t.Fatalf("second reconcile %+v, first %+v", again, res)
	}

	// Without a VMS reference of its own, a placement gets its job's
	// template.
	bare := f.placement(t, j, "nurse-r2", "Lee Okafor", "", nil)
	f.syncPlacement(t, bare)
	checkRows(t, cat, placementView(f.storedPlacement(t, bare)), expectedRows(f.jobTruth(t, jobRef).Items))
}

func TestReconcilePlacementFollowsLabelMappings(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	const jobRef, ref, label = "ICU-2231", "P-ICU-2231-1", "Alaris pump competency"
	j := f.job(t, jobRef)
	first := f.syncJob(t, j)
	p := f.placement(t, j, "nurse-m1", "Dana Whitfield", ref, nil)
	f.syncPlacement(t, p)
	waiting := rowByLabel(f.storedPlacement(t, p), mapping.Normalize(label))
	if waiting == nil || waiting.Status != requirements.StatusAwaitingConfig {
		t.Fatalf("the %q row: %+v, want AWAITING_CONFIG", label, waiting)
	}

	// Someone maps the label (PUT /mappings/sandbox); another account maps
	// it otherwise, and this account also maps a label the integration's
	// file already maps, to something else.
	other := testenv.Account(t, f.st, "acct", "")
	bls := itemOf(t, f.jobTruth(t, jobRef), "bls").Label
	for _, m := range []store.LabelMapping{
		{AccountID: f.account, VMSType: "sandbox", Label: label, RequirementKey: "orientation"},
		{AccountID: other, VMSType: "sandbox", Label: label, RequirementKey: "skills_checklist"},
		{AccountID: f.account, VMSType: "sandbox", Label: bls, RequirementKey: "acls"},
	} {
		m.NormalizedLabel = mapping.Normalize(m.Label)
		if _, err := f.st.SaveLabelMapping(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	var res workflows.ReconcileJobResult
	f.run(t, &res, f.acts.ReconcileJob, f.jobIn(j))
	if res.Rows != first.Rows || res.Unmapped != first.Unmapped-1 {
		t.Fatalf("reconciled %+v, first %+v: want one label less waiting", res, first)
	}
	got := f.storedJob(t, j)
	if r := jobRow(got, "orientation"); r == nil || r.Label != label || r.PacketGroup != sandbox.GroupFacility {
		t.Fatalf("orientation template row %+v, want the mapped label in the VMS's packet", r)
	}
	// The file wins over a learned mapping that disagrees with it.
	if r := jobRow(got, "bls"); r == nil || r.Label != bls || jobRow(got, "acls") != nil {
		t.Fatalf("bls row %+v, acls row %+v: the file's mapping of %q must stand", r, jobRow(got, "acls"), bls)
	}

	f.syncPlacement(t, p)
	after := f.storedPlacement(t, p)
	if r := rowByLabel(after, mapping.Normalize(label)); r != nil {
		t.Fatalf("the row still waits: %+v", r)
	}
	r := f.row(t, p, "orientation")
	req, _ := f.acts.engine.Catalog().Requirement("orientation")
	if status, reason := requirements.Open(req.Fulfillment); r.Label != label || deref(r.FulfillmentType) != req.Fulfillment || r.Status != status || r.StatusReason != reason {
		t.Fatalf("mapped row %q (%s): %s %q, want %s %q", r.Label, deref(r.FulfillmentType), r.Status, r.StatusReason, status, reason)
	}
}

func TestReconcilePlacementDropsSourcesTheIntegrationLeft(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	j := f.job(t, "ER-1")
	f.syncJob(t, j)
	p := f.placement(t, j, "nurse-left", "Dana Whitfield", "P-ER-1-1", nil)
	f.syncPlacement(t, p)
	items, err := store.ToJSON([]requirements.Item{{Key: "bls"}, {Label: "Facility badge photo"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.st.SaveMatrix(ctx, &store.Matrix{AccountID: f.account, Scope: "job", ScopeKey: "ER-1", VMSType: "sandbox", Mode: "add", Items: items}); err != nil {
		t.Fatal(err)
	}

	// The operators stop reading the sandbox VMS: matrices only.
	cfg, err := integrations.Parse([]byte(`
integrations:
  sandbox:
    displayName: Sandbox, matrices only
    connector:
      kind: sandbox
      baseUrl: ${VMS_SANDBOX_URL}
      credentials: {username: VMS_SANDBOX_USERNAME, password: VMS_SANDBOX_PASSWORD}
    sources: [matrix]
`), f.acts.engine.Catalog())
	if err != nil {
		t.Fatal(err)
	}
	v := f.variant(t, func(c *Config) { c.Integrations.Config = cfg })
	var info workflows.PlacementSyncInfo
	v.run(t, &info, v.acts.BeginPlacementSync, v.placementIn(p))
	if info.FetchVMS {
		t.Fatal("a placement is read from a VMS the integration no longer reads")
	}
	var res workflows.ReconcileJobResult
	v.run(t, &res, v.acts.ReconcileJob, v.jobIn(j))
	var rec workflows.ReconcilePlacementResult
	v.run(t, &rec, v.acts.ReconcilePlacement, v.placementIn(p))
	want := wantRows{keys: []string{"bls"}, unmapped: []string{mapping.Normalize("Facility badge photo")}, group: map[string]string{}}
	checkRows(t, f.acts.engine.Catalog(), templateView(v.storedJob(t, j)), want)
	checkRows(t, f.acts.engine.Catalog(), placementView(v.storedPlacement(t, p)), want)
	if res.Rows != 2 || rec.Rows != 2 {
		t.Fatalf("job %d rows, placement %d rows, want the matrix's 2", res.Rows, rec.Rows)
	}
}

func sourcesOf(t *testing.T, raw store.JSON) []string {
	t.Helper()
	var out []string
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkRow runs a registry row's check the way the placement's sync does
// (its bulk lists in the activity; the workflow of live registries is
// not run here) and returns what started.
func (f *syncFixture) checkRow(t *testing.T, ref workflows.RowRef) workflows.RowCheckStarted {
	t.Helper()
	var started workflows.RowCheckStarted
	f.run(t, &started, f.acts.StartRowCheck, ref)
	if started.SearchID != "" {
		f.run(t, nil, f.acts.ApplyRowCheck, workflows.ApplyRowCheckInput{RowRef: ref, SearchID: started.SearchID})
	}
	return started
}

func TestPlacementRowChecks(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	j := f.job(t, "NICU-5")
	f.syncJob(t, j)
	clean := sampledocs.NewPerson(sampledocs.Seeded(61))
	cleared := f.placement(t, j, "nurse-c1", clean.FullName(), "P-NICU-5-1", nil)
	listed := f.placement(t, j, "nurse-c2", "Rosalind Thibodeaux", "P-NICU-5-2", nil)
	nameless := f.placement(t, j, "nurse-c3", "", "P-NICU-5-3", nil)

	// A candidate on no list: every bulk row is fulfilled by its search;
	// the sex offender row waits for the live registry.
	res := f.syncPlacement(t, cleared)
	pretty := func(code string) string { info, _ := registry.Lookup(code); return info.PrettyName }
	want := map[string]struct {
		registry string
		status   string
		reason   string
		live     []string
	}{
		"oig_exclusion_check": {registry.OIGExclusion, requirements.StatusFulfilled, "no match in " + pretty(registry.OIGExclusion), nil},
		"sam_exclusion_check": {registry.SAM, requirements.StatusFulfilled, "no match in " + pretty(registry.SAM), nil},
		"ofac_check":          {registry.OFAC, requirements.StatusFulfilled, "no match in " + pretty(registry.OFAC), nil},
		"sex_offender_check":  {registry.NSOPW, requirements.StatusInProgress, "the registry check waits for " + pretty(registry.NSOPW), []string{registry.NSOPW}},
	}
	searches := map[string]string{}
	for _, ref := range res.Checks {
		started := f.checkRow(t, ref)
		row, err := f.st.PlacementRow(ctx, f.account, cleared.ID, uuid.MustParse(ref.RowID))
		if err != nil {
			t.Fatal(err)
		}
		key := deref(row.RequirementKey)
		w, ok := want[key]
		if !ok {
			t.Fatalf("a check for row %s", key)
		}
		if started.SearchID == "" || started.ExternalID != "nurse-c1" || !slices.Equal(started.Live, w.live) {
			t.Fatalf("%s: started %+v", key, started)
		}
		if row.Status != w.status || row.StatusReason != w.reason || deref(row.EvidenceKind) != store.EvidenceRegistryCheck ||
			deref(row.EvidenceID) != started.SearchID || row.Review != nil {
			t.Fatalf("%s: %s %q evidence %v/%v review %s, want %s %q with its search", key, row.Status, row.StatusReason,
				deref(row.EvidenceKind), deref(row.EvidenceID), row.Review, w.status, w.reason)
		}
		search, err := f.st.RegistrySearch(ctx, f.account, uuid.MustParse(started.SearchID))
		if err != nil {
			t.Fatal(err)
		}
		if len(search.Results) != 1 || search.Results[0].Registry != w.registry || search.ExternalID != "nurse-c1" ||
			search.Query.Context.FirstName != clean.FirstName || search.Query.Context.LastName != clean.LastName {
			t.Fatalf("%s: stored search %+v", key, search)
		}
		searches[key] = started.SearchID
	}
	if len(searches) != len(want) {
		t.Fatalf("checked %v, want %d rows", searches, len(want))
	}
	// A row's check is started once: a fulfilled row needs none, a row
	// still waiting gets its search back.
	for key, sid := range searches {
		r := f.row(t, cleared, key)
		var started workflows.RowCheckStarted
		f.run(t, &started, f.acts.StartRowCheck, workflows.RowRef{AccountID: f.account, PlacementID: cleared.ID.String(), RowID: r.ID.String()})
		wantID := ""
		if r.Status == requirements.StatusInProgress {
			wantID = sid
		}
		if started.SearchID != wantID {
			t.Fatalf("%s (%s) again: search %q, want %q", key, r.Status, started.SearchID, wantID)
		}
	}

	// The live registry could not be searched: the row stays open, its
	// search forgotten, and the next sync searches again.
	nsopw := f.row(t, cleared, "sex_offender_check")
	f.run(t, nil, f.acts.RecordLiveFailure, workflows.LiveFailureInput{AccountID: f.account, SearchID: searches["sex_offender_check"],
		Registry: registry.NSOPW, Reason: "the registry did not answer in time"})
	ref := workflows.RowRef{AccountID: f.account, PlacementID: cleared.ID.String(), RowID: nsopw.ID.String()}
	f.run(t, nil, f.acts.ApplyRowCheck, workflows.ApplyRowCheckInput{RowRef: ref, SearchID: searches["sex_offender_check"]})
	nsopw = f.row(t, cleared, "sex_offender_check")
	wantReason := "could not be searched: " + pretty(registry.NSOPW) + " (the registry did not answer in time); searched again on the next sync"
	if nsopw.Status != requirements.StatusInProgress || nsopw.StatusReason != wantReason || nsopw.EvidenceID != nil {
		t.Fatalf("after the live registry failed: %s %q evidence %v", nsopw.Status, nsopw.StatusReason, nsopw.EvidenceID)
	}
	var next workflows.ReconcilePlacementResult
	f.run(t, &next, f.acts.ReconcilePlacement, f.placementIn(cleared))
	if !slices.Equal(next.Checks, []workflows.RowRef{ref}) {
		t.Fatalf("next sync's checks %+v, want only the sex offender row", next.Checks)
	}
	for _, pk := range f.storedPlacement(t, cleared).Packets {
		if pk.PacketGroup == sandbox.GroupBackground && pk.Status != requirements.PacketIncomplete {
			t.Fatalf("the background packet is %s with rows still open", pk.Status)
		}
	}

	// A candidate the LEIE lists: the OIG row waits for a person, with the
	// possible match to review; SAM clears them.
	res = f.syncPlacement(t, listed)
	for _, ref := range res.Checks {
		f.checkRow(t, ref)
	}
	oig := f.row(t, listed, "oig_exclusion_check")
	if oig.Status != requirements.StatusInProgress || !strings.HasPrefix(oig.StatusReason, "possible match in "+pretty(registry.OIGExclusion)+": a person must review it") {
		t.Fatalf("listed candidate's OIG row: %s %q", oig.Status, oig.StatusReason)
	}
	var review Review
	if err := json.Unmarshal(oig.Review, &review); err != nil {
		t.Fatalf("review %s: %v", oig.Review, err)
	}
	if review.SearchID != deref(oig.EvidenceID) || len(review.Matches) != 1 || review.Matches[0].Registry != registry.OIGExclusion ||
		review.Matches[0].SourceID != leieListed.SourceID || review.Matches[0].Name != "ROSALIND J THIBODEAUX" || review.Matches[0].Score <= 0 {
		t.Fatalf("review %+v, want the LEIE record %s", review, leieListed.SourceID)
	}
	if sam := f.row(t, listed, "sam_exclusion_check"); sam.Status != requirements.StatusFulfilled {
		t.Fatalf("listed candidate's SAM row: %s %q", sam.Status, sam.StatusReason)
	}
	// The next sync does not search again a row waiting for review.
	f.run(t, &next, f.acts.ReconcilePlacement, f.placementIn(listed))
	for _, c := range next.Checks {
		if c.RowID == oig.ID.String() {
			t.Fatal("a row waiting for review was listed for another check")
		}
	}

	// A placement naming no candidate cannot be searched: its rows say so.
	res = f.syncPlacement(t, nameless)
	for _, ref := range res.Checks {
		if started := f.checkRow(t, ref); started.SearchID != "" {
			t.Fatalf("a search for a placement with no candidate: %+v", started)
		}
		row, err := f.st.PlacementRow(ctx, f.account, nameless.ID, uuid.MustParse(ref.RowID))
		if err != nil {
			t.Fatal(err)
		}
		if row.Status != requirements.StatusInProgress || row.StatusReason != "the placement names no candidate (first and last name) to search: set candidateName (PATCH /placement/{id})" {
			t.Fatalf("nameless placement's %s: %s %q", deref(row.RequirementKey), row.Status, row.StatusReason)
		}
	}
}

func TestPlacementRowCheckLeavesDecidedRows(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	j := f.job(t, "NICU-5")
	f.syncJob(t, j)
	clean := f.placement(t, j, "nurse-d1", sampledocs.NewPerson(sampledocs.Seeded(81)).FullName(), "P-NICU-5-1", nil)
	listed := f.placement(t, j, "nurse-d2", "Rosalind Thibodeaux", "P-NICU-5-2", nil)
	f.syncPlacement(t, clean)
	f.syncPlacement(t, listed)
	refOf := func(p *store.Placement, key string) workflows.RowRef {
		return workflows.RowRef{AccountID: f.account, PlacementID: p.ID.String(), RowID: f.row(t, p, key).ID.String()}
	}
	start := func(ref workflows.RowRef) string {
		t.Helper()
		var started workflows.RowCheckStarted
		f.run(t, &started, f.acts.StartRowCheck, ref)
		if started.SearchID == "" {
			t.Fatalf("no search started for %+v", ref)
		}
		return started.SearchID
	}
	decide := func(ref workflows.RowRef, u store.RowUpdate) {
		t.Helper()
		if _, err := f.st.UpdateRow(ctx, f.account, uuid.MustParse(ref.PlacementID), uuid.MustParse(ref.RowID), u); err != nil {
			t.Fatal(err)
		}
	}

	// While the OIG check runs, a recruiter skips the row (POST
	// /placement/{id}/requirements/{rowId}/status): the finished check
	// leaves the person's decision.
	oig := refOf(clean, "oig_exclusion_check")
	oigSearch := start(oig)
	decide(oig, store.RowUpdate{Status: requirements.StatusSkipped, Reason: "not required for this client", EvidenceKind: store.EvidencePerson})
	f.run(t, nil, f.acts.ApplyRowCheck, workflows.ApplyRowCheckInput{RowRef: oig, SearchID: oigSearch})
	if r := f.row(t, clean, "oig_exclusion_check"); r.Status != requirements.StatusSkipped || r.StatusReason != "not required for this client" {
		t.Fatalf("the skipped row became %s %q", r.Status, r.StatusReason)
	}

	// A search that is not the row's own moves nothing; its own does, once.
	sam := refOf(clean, "sam_exclusion_check")
	samSearch := start(sam)
	f.run(t, nil, f.acts.ApplyRowCheck, workflows.ApplyRowCheckInput{RowRef: sam, SearchID: oigSearch})
	if r := f.row(t, clean, "sam_exclusion_check"); r.Status != requirements.StatusInProgress || deref(r.EvidenceID) != samSearch {
		t.Fatalf("another row's search moved the SAM row: %s %q evidence %s", r.Status, r.StatusReason, deref(r.EvidenceID))
	}
	for range 2 {
		f.run(t, nil, f.acts.ApplyRowCheck, workflows.ApplyRowCheckInput{RowRef: sam, SearchID: samSearch})
		if r := f.row(t, clean, "sam_exclusion_check"); r.Status != requirements.StatusFulfilled || deref(r.EvidenceID) != samSearch {
			t.Fatalf("SAM row: %s %q evidence %s", r.Status, r.StatusReason, deref(r.EvidenceID))
		}
	}

	// A possible match cleared by a reviewer stays cleared when the check
	// is applied again (a retry after a lost answer).
	match := refOf(listed, "oig_exclusion_check")
	matchSearch := start(match)
	f.run(t, nil, f.acts.ApplyRowCheck, workflows.ApplyRowCheckInput{RowRef: match, SearchID: matchSearch})
	waiting := f.row(t, listed, "oig_exclusion_check")
	if waiting.Status != requirements.StatusInProgress || len(waiting.Review) == 0 {
		t.Fatalf("the listed candidate's row does not wait for review: %s %q", waiting.Status, waiting.StatusReason)
	}
	decide(match, store.RowUpdate{Status: requirements.StatusFulfilled, Reason: "cleared by review: different date of birth on file",
		EvidenceKind: store.EvidencePerson, EvidenceID: matchSearch, Review: json.RawMessage(waiting.Review)})
	f.run(t, nil, f.acts.ApplyRowCheck, workflows.ApplyRowCheckInput{RowRef: match, SearchID: matchSearch})
	if r := f.row(t, listed, "oig_exclusion_check"); r.Status != requirements.StatusFulfilled || deref(r.EvidenceKind) != store.EvidencePerson {
		t.Fatalf("the reviewed row became %s %q (%s)", r.Status, r.StatusReason, deref(r.EvidenceKind))
	}
}

func TestPlacementRowCheckErrors(t *testing.T) {
	f := newSyncFixture(t, nil)
	j := f.job(t, "NICU-5")
	f.syncJob(t, j)
	p := f.placement(t, j, "nurse-e1", "Dana Whitfield", "P-NICU-5-1", nil)
	res := f.syncPlacement(t, p)
	if len(res.Checks) == 0 {
		t.Fatal("no registry rows")
	}
	ref := res.Checks[0]
	withRow := func(row string) workflows.RowRef { r := ref; r.RowID = row; return r }
	withPlacement := func(pl string) workflows.RowRef { r := ref; r.PlacementID = pl; return r }

	tests := []struct {
		name string
		fn   any
		in   any
		typ  string
	}{
		{"start: malformed placement id", f.acts.StartRowCheck, withPlacement("p-1"), workflows.ErrBadInput},
		{"start: malformed row id", f.acts.StartRowCheck, withRow("row-1"), workflows.ErrBadInput},
		{"start: unknown placement", f.acts.StartRowCheck, withPlacement(uuid.NewString()), workflows.ErrGone},
		{"start: unknown row", f.acts.StartRowCheck, withRow(uuid.NewString()), workflows.ErrGone},
		{"apply: malformed search id", f.acts.ApplyRowCheck, workflows.ApplyRowCheckInput{RowRef: ref, SearchID: "s-1"}, workflows.ErrBadInput},
		{"apply: unknown search", f.acts.ApplyRowCheck, workflows.ApplyRowCheckInput{RowRef: ref, SearchID: uuid.NewString()}, workflows.ErrGone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.env.ExecuteActivity(tt.fn, tt.in)
			appError(t, err, tt.typ)
		})
	}

	// A worker without the lists cannot search (configuration: not
	// retried); one still loading them is retried.
	none := f.variant(t, func(c *Config) { c.Indexes = nil })
	_, err := none.env.ExecuteActivity(none.acts.StartRowCheck, ref)
	appError(t, err, workflows.ErrBadInput)
	loading, err := registrycheck.NewIndexes(registrycheck.IndexesConfig{Source: f.st, Logger: testenv.Logger(t)})
	if err != nil {
		t.Fatal(err)
	}
	cold := f.variant(t, func(c *Config) { c.Indexes = loading })
	_, err = cold.env.ExecuteActivity(cold.acts.StartRowCheck, ref)
	if appErr := appErrorOf(t, err); appErr.NonRetryable() || !strings.Contains(appErr.Message(), "still loading") {
		t.Fatalf("err %v non-retryable=%v, want a retried 'still loading'", err, appErr.NonRetryable())
	}
	// Neither touched the row.
	row, err := f.st.PlacementRow(context.Background(), f.account, p.ID, uuid.MustParse(ref.RowID))
	if err != nil {
		t.Fatal(err)
	}
	if status, reason := requirements.Open(catalog.FulfillRegistrySearch); row.Status != status || row.StatusReason != reason || row.EvidenceID != nil {
		t.Fatalf("row after failed starts: %s %q %v", row.Status, row.StatusReason, row.EvidenceID)
	}

	// A registry row whose requirement the catalog no longer has (a
	// release retired it) searches nothing and so clears nobody: it waits
	// for a person, and the sync goes on.
	retired := res.Checks[1]
	if _, err := testenv.Conn(t).Exec(context.Background(), `UPDATE placement_requirements SET requirement_key = 'retired_check' WHERE id = $1`, retired.RowID); err != nil {
		t.Fatal(err)
	}
	var started workflows.RowCheckStarted
	f.run(t, &started, f.acts.StartRowCheck, retired)
	row, err = f.st.PlacementRow(context.Background(), f.account, p.ID, uuid.MustParse(retired.RowID))
	if err != nil {
		t.Fatal(err)
	}
	if started.SearchID != "" || row.Status != requirements.StatusInProgress ||
		row.StatusReason != "the catalog names no registry to search for requirement retired_check: map the row's label again or skip it" {
		t.Fatalf("retired requirement: started %+v, row %s %q", started, row.Status, row.StatusReason)
	}
}

func TestApplyIntake(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	person := sampledocs.NewPerson(sampledocs.Seeded(51))
	otherPerson := sampledocs.NewPerson(sampledocs.Seeded(52))
	const ext = "nurse-ai"
	startA := time.Date(2026, 12, 15, 0, 0, 0, 0, time.UTC)
	startB := time.Date(2027, 1, 4, 0, 0, 0, 0, time.UTC)
	startC := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	jobs := map[string]*store.Job{}
	for _, ref := range []string{"NICU-5", "ER-1", "ICU-2231"} {
		jobs[ref] = f.job(t, ref)
		f.syncJob(t, jobs[ref])
	}
	a := f.placement(t, jobs["NICU-5"], ext, person.FullName(), "P-NICU-5-1", &startA)
	b := f.placement(t, jobs["ER-1"], ext, person.FullName(), "P-ER-1-1", &startB)
	done := f.placement(t, jobs["ICU-2231"], ext, person.FullName(), "P-ICU-2231-1", &startC)
	someoneElse := f.placement(t, jobs["ER-1"], "nurse-other", otherPerson.FullName(), "P-ER-1-2", &startB)
	for _, p := range []*store.Placement{a, b, done, someoneElse} {
		f.syncPlacement(t, p)
	}
	// The candidate's ICU assignment is over.
	if _, err := testenv.Conn(t).Exec(ctx, `UPDATE placements SET status = 'COMPLETED' WHERE id = $1`, done.ID); err != nil {
		t.Fatal(err)
	}
	open := func(p *store.Placement, key string) {
		t.Helper()
		if r := f.row(t, p, key); r.Status != requirements.StatusInProgress || r.EvidenceID != nil {
			t.Fatalf("%s's %s row was touched: %s %q", p.ExternalID, key, r.Status, r.StatusReason)
		}
	}
	named := func(p *store.Placement, key string) *store.ValidateOptions {
		return &store.ValidateOptions{PlacementID: p.ID.String(), RequirementID: f.row(t, p, key).ID.String()}
	}
	apply := func(in workflows.ApplyIntakeInput, want workflows.ApplyIntakeResult) {
		t.Helper()
		var got workflows.ApplyIntakeResult
		f.run(t, &got, f.acts.ApplyIntake, in)
		if got != want {
			t.Fatalf("applied %+v, want %+v", got, want)
		}
	}
	expect := func(p *store.Placement, key, status, reason, evidence string) *store.PlacementRequirement {
		t.Helper()
		r := f.row(t, p, key)
		if r.Status != status || !strings.HasPrefix(r.StatusReason, reason) || deref(r.EvidenceKind) != store.EvidenceSegment || deref(r.EvidenceID) != evidence {
			t.Fatalf("%s's %s row: %s %q evidence %s/%s, want %s %q… evidence segment/%s", p.ExternalID, key, r.Status, r.StatusReason,
				deref(r.EvidenceKind), deref(r.EvidenceID), status, reason, evidence)
		}
		return r
	}

	// Judged as of the placement's start: a BLS card valid today but
	// lapsed by A's start rejects A's row.
	lapsing := f.doc(t, "bls", person, sampledocs.Options{})
	lapsing.Fields["expiration_date"] = "2026-12-01"
	in := f.docIntake(t, ext, person, named(a, "bls"), lapsing)
	apply(in, workflows.ApplyIntakeResult{Rejected: 1})
	expect(a, "bls", requirements.StatusRejected, "the bls did not pass: ", f.segmentIDs(t, in)[0])

	// A current card fulfils it, with the card's expiry.
	card := f.doc(t, "bls", person, sampledocs.Options{AsOf: startB})
	in = f.docIntake(t, ext, person, named(a, "bls"), card)
	apply(in, workflows.ApplyIntakeResult{Fulfilled: 1})
	fulfilledBy := f.segmentIDs(t, in)[0]
	r := expect(a, "bls", requirements.StatusFulfilled, "fulfilled by a bls judged VALID as of 2026-12-15", fulfilledBy)
	if r.ExpiresAt == nil || r.ExpiresAt.Format(time.DateOnly) != card.Fields["expiration_date"] {
		t.Fatalf("expires_at %v, want the card's %v", r.ExpiresAt, card.Fields["expiration_date"])
	}
	open(b, "bls") // named: only A's row

	// An expired card names B's row: rejected, with the rule that failed.
	expired := f.doc(t, "bls", person, sampledocs.Options{AsOf: startB, Expired: true})
	in = f.docIntake(t, ext, person, named(b, "bls"), expired)
	apply(in, workflows.ApplyIntakeResult{Rejected: 1})
	expect(b, "bls", requirements.StatusRejected, "the bls did not pass: ", f.segmentIDs(t, in)[0])

	// The same expired card for A's fulfilled row changes nothing.
	in = f.docIntake(t, ext, person, named(a, "bls"), expired)
	apply(in, workflows.ApplyIntakeResult{})
	expect(a, "bls", requirements.StatusFulfilled, "fulfilled by a bls", fulfilledBy)

	// A card forged from a valid one is not accepted either.
	forged := f.docIntake(t, ext, person, named(a, "tb_screening"), f.doc(t, "tb_skin_test", person, sampledocs.Options{AsOf: startA}))
	if _, err := testenv.Conn(t).Exec(ctx, `UPDATE segments SET fraud_result = 'fraudulent', fraud_score = 0.97 WHERE intake_id = $1`, forged.IntakeID); err != nil {
		t.Fatal(err)
	}
	apply(forged, workflows.ApplyIntakeResult{Rejected: 1})
	expect(a, "tb_screening", requirements.StatusRejected, "the tb_skin_test was flagged as possibly altered or forged", f.segmentIDs(t, forged)[0])

	// A document naming a row it cannot fulfil (a BLS card for the TB
	// row) rejects that row, saying what the upload held; an intake asking
	// for no placement row moves nothing.
	wrong := f.docIntake(t, ext, person, named(b, "tb_screening"), card)
	apply(wrong, workflows.ApplyIntakeResult{Rejected: 1})
	if r := f.row(t, b, "tb_screening"); r.Status != requirements.StatusRejected ||
		r.StatusReason != "the upload held no document this requirement accepts (tb_screening): found bls" ||
		deref(r.EvidenceKind) != store.EvidenceIntake || deref(r.EvidenceID) != wrong.IntakeID {
		t.Fatalf("B's TB row named with a BLS card: %s %q %s/%s", r.Status, r.StatusReason, deref(r.EvidenceKind), deref(r.EvidenceID))
	}
	apply(f.docIntake(t, ext, person, &store.ValidateOptions{Requirement: "bls"}, card), workflows.ApplyIntakeResult{})
	apply(f.docIntake(t, ext, person, nil, card), workflows.ApplyIntakeResult{})

	// Broadcast: the candidate's every ACTIVE placement's matching rows are
	// judged, each as of its own start; the completed placement and another
	// candidate's are left alone.
	in = f.docIntake(t, ext, person, &store.ValidateOptions{Broadcast: true}, f.doc(t, "bls", person, sampledocs.Options{AsOf: startB}),
		f.doc(t, "tb_skin_test", person, sampledocs.Options{AsOf: startA}))
	segs := f.segmentIDs(t, in)
	apply(in, workflows.ApplyIntakeResult{Fulfilled: 4})
	expect(a, "bls", requirements.StatusFulfilled, "fulfilled by a bls judged VALID as of 2026-12-15", segs[0])
	expect(b, "bls", requirements.StatusFulfilled, "fulfilled by a bls judged VALID as of 2027-01-04", segs[0])
	expect(a, "tb_screening", requirements.StatusFulfilled, "fulfilled by a tb_skin_test judged VALID as of 2026-12-15", segs[1])
	expect(b, "tb_screening", requirements.StatusFulfilled, "fulfilled by a tb_skin_test judged VALID as of 2027-01-04", segs[1])
	open(done, "bls")
	open(someoneElse, "bls")
	open(someoneElse, "tb_screening")
	// NICU-5 asks for one certification, BLS: A's Certifications packet is
	// READY; ER-1 asks for ACLS and PALS too, so B's is not.
	for p, want := range map[*store.Placement]string{a: requirements.PacketReady, b: requirements.PacketIncomplete} {
		got := ""
		for _, pk := range f.storedPlacement(t, p).Packets {
			if pk.PacketGroup == sandbox.GroupCertifications {
				got = pk.Status
			}
		}
		if got != want {
			t.Fatalf("%s's Certifications packet is %q, want %s", p.ExternalID, got, want)
		}
	}

	// Someone else's documents uploaded for this candidate fulfil nothing:
	// the names do not match.
	in = f.docIntake(t, ext, person, named(a, "mmr_immunity"), f.doc(t, "mmr_record", otherPerson, sampledocs.Options{AsOf: startA}))
	apply(in, workflows.ApplyIntakeResult{Rejected: 1})
	expect(a, "mmr_immunity", requirements.StatusRejected, "the mmr_record did not pass: ", f.segmentIDs(t, in)[0])
}

func TestApplyIntakeErrors(t *testing.T) {
	f := newSyncFixture(t, nil)
	ctx := context.Background()
	person := sampledocs.NewPerson(sampledocs.Seeded(71))
	card := f.doc(t, "bls", person, sampledocs.Options{})
	live := f.docIntake(t, "nurse-x", person, &store.ValidateOptions{Broadcast: true}, card)
	deleted := f.docIntake(t, "nurse-x", person, &store.ValidateOptions{Broadcast: true}, card)
	if _, _, err := f.st.DeleteIntake(ctx, f.account, uuid.MustParse(deleted.IntakeID)); err != nil {
		t.Fatal(err)
	}
	// The API refuses a placement id that is not a UUID; a stored one
	// stands for a corrupted row.
	badPlacement := f.docIntake(t, "nurse-x", person, &store.ValidateOptions{PlacementID: "P-1"}, card)
	corrupt := f.docIntake(t, "nurse-x", person, &store.ValidateOptions{Broadcast: true}, card)
	if _, err := testenv.Conn(t).Exec(ctx, `UPDATE segments SET fields = '[1, 2]' WHERE intake_id = $1`, corrupt.IntakeID); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		in   workflows.ApplyIntakeInput
		typ  string
	}{
		{"malformed intake id", workflows.ApplyIntakeInput{AccountID: f.account, IntakeID: "intake-1"}, workflows.ErrBadInput},
		{"unknown intake", workflows.ApplyIntakeInput{AccountID: f.account, IntakeID: uuid.NewString()}, workflows.ErrGone},
		{"another account's intake", workflows.ApplyIntakeInput{AccountID: "acct-other", IntakeID: live.IntakeID}, workflows.ErrGone},
		{"deleted intake", deleted, workflows.ErrGone},
		{"stored placement id not a UUID", badPlacement, workflows.ErrBadInput},
		{"stored fields that do not decode", corrupt, workflows.ErrBadInput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.env.ExecuteActivity(f.acts.ApplyIntake, tt.in)
			appError(t, err, tt.typ)
		})
	}
	// The live intake applies (to no placement: the candidate has none).
	var res workflows.ApplyIntakeResult
	f.run(t, &res, f.acts.ApplyIntake, live)
	if res != (workflows.ApplyIntakeResult{}) {
		t.Fatalf("applied %+v with no placement", res)
	}
}
