package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
)

func sortedIDs(ids []uuid.UUID) []uuid.UUID {
	out := slices.Clone(ids)
	slices.SortFunc(out, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
	return out
}

// longAgo backdates the sync asks of jobs, so that a new ask shows.
var longAgo = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

func backdateAsks(t *testing.T, db *pgx.Conn, jobs ...uuid.UUID) {
	t.Helper()
	for _, id := range jobs {
		exec(t, db, `UPDATE jobs SET sync_requested_at = $2 WHERE id = $1`, id, longAgo)
	}
}

// asked returns which of the jobs have a sync ask newer than longAgo.
func asked(t *testing.T, st *store.Store, acc string, jobs map[string]*store.Job) []string {
	t.Helper()
	var out []string
	for name, j := range jobs {
		got, err := st.Job(context.Background(), j.AccountID, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.SyncRequestedAt != nil && got.SyncRequestedAt.After(longAgo) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

func TestSaveLabelMapping(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "mapping")
	db := testenv.Conn(t)
	hep := labelRow("Hep B titer or declination", "Health", 1)
	bls := keyRow(t, "bls", "BLS", "Credentials", 2)

	jobs := map[string]*store.Job{
		"template":        sandboxJob(t, st, acc, "M-1"),
		"placement only":  sandboxJob(t, st, acc, "M-2"),
		"without it":      sandboxJob(t, st, acc, "M-3"),
		"other vms":       newJob(t, st, store.JobInput{AccountID: acc, VMSType: "other-vms", VMSJobRefID: "M-1"}),
		"another account": sandboxJob(t, st, other, "M-1"),
	}
	for _, name := range []string{"template", "other vms", "another account"} {
		j := jobs[name]
		if err := st.SaveJobTemplate(ctx, j.AccountID, j.ID, []requirements.Row{hep, bls}, nil, ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.SaveJobTemplate(ctx, acc, jobs["without it"].ID, []requirements.Row{bls}, nil, ""); err != nil {
		t.Fatal(err)
	}
	// A placement's own source lists the label; its job's template does
	// not.
	p := newPlacement(t, st, acc, jobs["placement only"].ID, "nurse-1", nil)
	apply(t, st, acc, p.ID, hep, bls)
	for _, j := range jobs {
		backdateAsks(t, db, j.ID)
	}

	m := store.LabelMapping{AccountID: acc, VMSType: "sandbox", NormalizedLabel: hep.NormalizedLabel, Label: hep.Label, RequirementKey: "hepatitis_b"}
	got, err := st.SaveLabelMapping(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	want := sortedIDs([]uuid.UUID{jobs["template"].ID, jobs["placement only"].ID})
	if !slices.Equal(sortedIDs(got), want) {
		t.Errorf("SaveLabelMapping jobs = %v, want %v (template, placement only)", got, want)
	}
	if a := asked(t, st, acc, jobs); !slices.Equal(a, []string{"placement only", "template"}) {
		t.Errorf("jobs asked to sync = %q", a)
	}
	list, err := st.LabelMappings(ctx, acc, "sandbox")
	if err != nil || len(list) != 1 || list[0].RequirementKey != "hepatitis_b" || list[0].Label != hep.Label || list[0].PacketGroup != nil {
		t.Fatalf("LabelMappings = %+v, %v", list, err)
	}
	created := list[0].CreatedAt

	// Mapped again to something else, with a packet: one mapping, changed.
	backdateAsks(t, db, jobs["template"].ID, jobs["placement only"].ID)
	m.RequirementKey, m.PacketGroup, m.Label = "varicella_immunity", ptr("Immunizations"), "HEP B titer or declination"
	if got, err = st.SaveLabelMapping(ctx, m); err != nil || len(got) != 2 {
		t.Fatalf("remap = %v, %v", got, err)
	}
	list, _ = st.LabelMappings(ctx, acc, "sandbox")
	if len(list) != 1 || list[0].RequirementKey != "varicella_immunity" || deref(list[0].PacketGroup) != "Immunizations" ||
		list[0].Label != "HEP B titer or declination" || !list[0].CreatedAt.Equal(created) || !list[0].UpdatedAt.After(created) {
		t.Fatalf("after remapping = %+v", list)
	}
	if a := asked(t, st, acc, jobs); !slices.Equal(a, []string{"placement only", "template"}) {
		t.Errorf("jobs asked to sync on remapping = %q", a)
	}
	wantTrail := []string{">hepatitis_b: mapped \"Hep B titer or declination\"", ">varicella_immunity: mapped \"HEP B titer or declination\""}
	if trail := auditOf(t, db, acc, "label_mapping", "sandbox/"+hep.NormalizedLabel); !slices.Equal(trail, wantTrail) {
		t.Errorf("mapping trail = %q, want %q", trail, wantTrail)
	}

	// A label no job lists asks nothing; mappings are per integration and
	// account.
	if got, err := st.SaveLabelMapping(ctx, store.LabelMapping{AccountID: acc, VMSType: "sandbox", NormalizedLabel: "flu shot", Label: "Flu shot", RequirementKey: "influenza_vaccine"}); err != nil || len(got) != 0 {
		t.Fatalf("unlisted label = %v, %v", got, err)
	}
	if list, err := st.LabelMappings(ctx, acc, "other-vms"); err != nil || len(list) != 0 {
		t.Fatalf("other integration's mappings = %+v, %v", list, err)
	}
	if list, err := st.LabelMappings(ctx, other, "sandbox"); err != nil || len(list) != 0 {
		t.Fatalf("another account's mappings = %+v, %v", list, err)
	}
	if list, _ := st.LabelMappings(ctx, acc, "sandbox"); len(list) != 2 || list[0].NormalizedLabel != "flu shot" {
		t.Fatalf("mappings in label order = %+v", list)
	}
}

func TestMappingUnmappedLabels(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "unmapped")
	hep := labelRow("Hep B titer or declination", "Health", 1)
	flu := labelRow("Flu shot (seasonal)", "Health", 2)
	fit := labelRow("Fit test N95", "Health", 3)
	bls := keyRow(t, "bls", "BLS", "Credentials", 4)

	// j1: template and two placements list Hep B; one of them also Flu.
	// j2: template only (no placements) lists Hep B and Fit.
	// j3: a placement whose Hep B row a person skipped.
	// Elsewhere: another integration's and another account's.
	j1 := sandboxJob(t, st, acc, "U-1")
	j2 := sandboxJob(t, st, acc, "U-2")
	j3 := sandboxJob(t, st, acc, "U-3")
	jv := newJob(t, st, store.JobInput{AccountID: acc, VMSType: "other-vms", VMSJobRefID: "U-1"})
	jo := sandboxJob(t, st, other, "U-1")
	for _, tpl := range []struct {
		j    *store.Job
		rows []requirements.Row
	}{{j1, []requirements.Row{hep, bls}}, {j2, []requirements.Row{hep, fit, bls}}, {j3, []requirements.Row{hep}}, {jv, []requirements.Row{hep}}, {jo, []requirements.Row{hep}}} {
		if err := st.SaveJobTemplate(ctx, tpl.j.AccountID, tpl.j.ID, tpl.rows, nil, ""); err != nil {
			t.Fatal(err)
		}
	}
	apply(t, st, acc, newPlacement(t, st, acc, j1.ID, "nurse-1", nil).ID, hep, bls)
	apply(t, st, acc, newPlacement(t, st, acc, j1.ID, "nurse-2", nil).ID, hep, flu, bls)
	p3 := newPlacement(t, st, acc, j3.ID, "nurse-3", nil)
	apply(t, st, acc, p3.ID, hep)
	update(t, st, acc, p3.ID, rowOf(t, load(t, st, acc, p3.ID), hep.RowKey).ID, store.RowUpdate{Status: "SKIPPED", Reason: "not needed"})
	apply(t, st, acc, newPlacement(t, st, acc, jv.ID, "nurse-1", nil).ID, hep)
	apply(t, st, other, newPlacement(t, st, other, jo.ID, "nurse-1", nil).ID, hep)

	got, err := st.UnmappedLabels(ctx, acc, "sandbox")
	if err != nil {
		t.Fatal(err)
	}
	// One entry per label, however many jobs and placements list it.
	want := []store.UnmappedLabel{
		{NormalizedLabel: "fit test n95", Label: "Fit test N95", Rows: 0},
		{NormalizedLabel: "flu shot seasonal", Label: "Flu shot (seasonal)", Rows: 1},
		{NormalizedLabel: "hep b titer or declination", Label: "Hep B titer or declination", Rows: 2},
	}
	if !slices.Equal(got, want) {
		t.Errorf("UnmappedLabels = %+v\nwant %+v", got, want)
	}
	if got, err := st.UnmappedLabels(ctx, acc, "nothing-configured"); err != nil || len(got) != 0 {
		t.Errorf("an integration with no jobs = %+v, %v", got, err)
	}
}

func TestMatrices(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "matrix")
	db := testenv.Conn(t)
	jobs := map[string]*store.Job{
		"luke icu": newJob(t, st, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "MX-1", Facility: ptr("St. Luke's"), Client: ptr("Acme Health")}),
		"luke er":  newJob(t, st, store.JobInput{AccountID: acc, VMSType: "other-vms", VMSJobRefID: "MX-2", Facility: ptr("St. Luke's")}),
		"mercy":    newJob(t, st, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "MX-3", Facility: ptr("Mercy"), Client: ptr("Acme Health")}),
		"bare":     sandboxJob(t, st, acc, "MX-4"),
		"theirs":   newJob(t, st, store.JobInput{AccountID: other, VMSType: "sandbox", VMSJobRefID: "MX-1", Facility: ptr("St. Luke's"), Client: ptr("Acme Health")}),
	}
	items := func(labels ...string) store.JSON {
		var its []requirements.Item
		for _, l := range labels {
			its = append(its, requirements.Item{Label: l})
		}
		b, _ := json.Marshal(its)
		return b
	}
	icu := jobs["luke icu"]

	tests := []struct {
		name  string
		m     store.Matrix
		apply []string // the jobs it applies to
	}{
		{"facility, every integration", store.Matrix{Scope: "facility", ScopeKey: "St. Luke's", Mode: "add"}, []string{"luke er", "luke icu"}},
		{"facility, one integration", store.Matrix{Scope: "facility", ScopeKey: "St. Luke's", VMSType: "other-vms", Mode: "add"}, []string{"luke er"}},
		{"client", store.Matrix{Scope: "client", ScopeKey: "Acme Health", Mode: "replace"}, []string{"luke icu", "mercy"}},
		{"job by its reference", store.Matrix{Scope: "job", ScopeKey: "MX-1", Mode: "add"}, []string{"luke icu"}},
		{"job by its id", store.Matrix{Scope: "job", ScopeKey: jobs["bare"].ID.String(), Mode: "add"}, []string{"bare"}},
		{"job of another integration", store.Matrix{Scope: "job", ScopeKey: "MX-1", VMSType: "other-vms", Mode: "add"}, nil},
		{"a facility with no jobs", store.Matrix{Scope: "facility", ScopeKey: "Nowhere General", Mode: "add"}, nil},
	}
	saved := map[string]store.Matrix{}
	for _, tt := range tests {
		for _, j := range jobs {
			backdateAsks(t, db, j.ID)
		}
		m := tt.m
		m.AccountID, m.Items = acc, items("BLS - AHA only", tt.name)
		created, got, err := st.SaveMatrix(ctx, &m)
		if err != nil || !created || m.ID == uuid.Nil {
			t.Errorf("%s: SaveMatrix = created %v, %v", tt.name, created, err)
			continue
		}
		var names []string
		for name, j := range jobs {
			if slices.Contains(got, j.ID) {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		if !slices.Equal(names, tt.apply) || len(got) != len(tt.apply) {
			t.Errorf("%s: applies to %q (%d jobs), want %q", tt.name, names, len(got), tt.apply)
		}
		if a := asked(t, st, acc, jobs); !slices.Equal(a, tt.apply) {
			t.Errorf("%s: jobs asked to sync %q, want %q", tt.name, a, tt.apply)
		}
		saved[tt.name] = m
	}

	// Saving the same scope again changes that matrix.
	first := saved["client"]
	backdateAsks(t, db, icu.ID)
	again := store.Matrix{AccountID: acc, Scope: "client", ScopeKey: "Acme Health", Mode: "add", Items: items("ACLS")}
	created, got, err := st.SaveMatrix(ctx, &again)
	if err != nil || created || again.ID != first.ID || !again.CreatedAt.Equal(first.CreatedAt) || len(got) != 2 {
		t.Fatalf("SaveMatrix again = %+v created %v jobs %v, %v", again, created, got, err)
	}
	all, err := st.Matrices(ctx, acc)
	if err != nil || len(all) != len(tests) {
		t.Fatalf("Matrices = %d, %v", len(all), err)
	}
	for _, m := range all {
		if m.ID == first.ID && (m.Mode != "add" || string(m.Items) != `[{"label": "ACLS"}]`) {
			t.Errorf("changed matrix = %+v items %s", m, m.Items)
		}
	}
	if theirs, err := st.Matrices(ctx, other); err != nil || len(theirs) != 0 {
		t.Fatalf("another account's matrices = %+v, %v", theirs, err)
	}

	// The matrices of a job, as sources.
	srcs, err := st.MatricesFor(ctx, icu)
	if err != nil {
		t.Fatal(err)
	}
	var gotSrcs []string
	for _, s := range srcs {
		gotSrcs = append(gotSrcs, s.Kind+" "+s.Ref+" "+map[bool]string{true: "replace", false: "add"}[s.Replace]+" "+s.Items[len(s.Items)-1].Label)
	}
	wantSrcs := []string{
		"matrix:client " + first.ID.String() + " add ACLS",
		"matrix:facility " + saved["facility, every integration"].ID.String() + " add facility, every integration",
		"matrix:job " + saved["job by its reference"].ID.String() + " add job by its reference",
	}
	if !slices.Equal(gotSrcs, wantSrcs) {
		t.Errorf("MatricesFor(luke icu) =\n%q\nwant\n%q", gotSrcs, wantSrcs)
	}
	for name, want := range map[string][]string{
		"luke er": {"facility, every integration", "facility, one integration"},
		"bare":    {"job by its id"},
		"theirs":  nil,
	} {
		srcs, err := st.MatricesFor(ctx, jobs[name])
		if err != nil {
			t.Fatal(err)
		}
		var labels []string
		for _, s := range srcs {
			labels = append(labels, s.Items[len(s.Items)-1].Label)
		}
		slices.Sort(labels)
		if !slices.Equal(labels, want) {
			t.Errorf("MatricesFor(%s) = %q, want %q", name, labels, want)
		}
	}

	// Deleting a matrix asks its jobs again; another account's or an
	// unknown one is not found.
	del := saved["facility, every integration"]
	for _, j := range jobs {
		backdateAsks(t, db, j.ID)
	}
	wantNotFound(t, "DeleteMatrix of another account's matrix", errOf(st.DeleteMatrix(ctx, other, del.ID)))
	wantNotFound(t, "DeleteMatrix of an unknown matrix", errOf(st.DeleteMatrix(ctx, acc, uuid.New())))
	got, err = st.DeleteMatrix(ctx, acc, del.ID)
	if err != nil || !slices.Equal(sortedIDs(got), sortedIDs([]uuid.UUID{icu.ID, jobs["luke er"].ID})) {
		t.Fatalf("DeleteMatrix = %v, %v", got, err)
	}
	if a := asked(t, st, acc, jobs); !slices.Equal(a, []string{"luke er", "luke icu"}) {
		t.Errorf("jobs asked to sync on delete = %q", a)
	}
	wantNotFound(t, "DeleteMatrix again", errOf(st.DeleteMatrix(ctx, acc, del.ID)))
	if srcs, _ := st.MatricesFor(ctx, icu); len(srcs) != 2 {
		t.Errorf("MatricesFor after the delete = %d sources", len(srcs))
	}
	want := []string{">add: facility St. Luke's", "add>DELETED: facility St. Luke's"}
	if trail := auditOf(t, db, acc, "matrix", del.ID.String()); !slices.Equal(trail, want) {
		t.Errorf("matrix trail = %q, want %q", trail, want)
	}
}

// The same matrix saved by several callers at once (a client retrying a
// PUT): one matrix, created once, each save an update of it.
func TestSaveMatrixConcurrently(t *testing.T) {
	ctx, st, acc := setUp(t, "matrix-race")
	job := newJob(t, st, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "MR-1", Facility: ptr("Mercy")})
	jobs := make([][]uuid.UUID, 8)
	answers := atOnce(len(jobs), func(i int) answer {
		m := store.Matrix{AccountID: acc, Scope: "facility", ScopeKey: "Mercy", Mode: "add", Items: store.JSON(`[{"label":"BLS"}]`)}
		var a answer
		a.first, jobs[i], a.err = st.SaveMatrix(ctx, &m)
		a.id = m.ID
		return a
	})
	wantOneFirst(t, answers, "matrix", "created the matrix")
	for i := range jobs {
		if !slices.Equal(jobs[i], []uuid.UUID{job.ID}) {
			t.Errorf("caller %d: matrix %s jobs %v; caller 0 %s", i, answers[i].id, jobs[i], answers[0].id)
		}
	}
	if all, err := st.Matrices(ctx, acc); err != nil || len(all) != 1 {
		t.Errorf("Matrices = %+v, %v", all, err)
	}
}
