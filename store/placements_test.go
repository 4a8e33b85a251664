package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
)

// Reasons the store writes, spelled out here rather than read from the
// packages that write them.
const (
	reasonDocument    = "waiting for a document: upload it as an intake naming this placement and requirement"
	reasonRegistry    = "the registry check is running"
	reasonPassThrough = "fulfilled outside this service: mark it fulfilled (or skipped) when it is"
	reasonUnmapped    = "no requirement is mapped to this label yet; map it (PUT /mappings/{vmsType})"
	reasonUnlisted    = "no source lists it any more"
)

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func newPlacement(t *testing.T, st *store.Store, acc string, job uuid.UUID, ext string, start *time.Time) *store.Placement {
	t.Helper()
	p, created, err := st.CreatePlacement(context.Background(), store.PlacementInput{AccountID: acc, JobID: job, ExternalID: ext,
		CandidateName: ptr("Maria Alvarez"), StartDate: start})
	if err != nil || !created {
		t.Fatalf("CreatePlacement(%s) = created %v, %v", ext, created, err)
	}
	return p
}

func load(t *testing.T, st *store.Store, acc string, id uuid.UUID) *store.Placement {
	t.Helper()
	p, err := st.Placement(context.Background(), acc, id)
	if err != nil {
		t.Fatalf("Placement: %v", err)
	}
	return p
}

func apply(t *testing.T, st *store.Store, acc string, id uuid.UUID, rows ...requirements.Row) []store.RowChange {
	t.Helper()
	changes, err := st.ApplyPlacementRows(context.Background(), acc, id, rows)
	if err != nil {
		t.Fatalf("ApplyPlacementRows: %v", err)
	}
	return changes
}

func update(t *testing.T, st *store.Store, acc string, pid, rid uuid.UUID, u store.RowUpdate) *store.PlacementRequirement {
	t.Helper()
	r, err := st.UpdateRow(context.Background(), acc, pid, rid, u)
	if err != nil {
		t.Fatalf("UpdateRow(%s): %v", u.Status, err)
	}
	return r
}

func rowOf(t *testing.T, p *store.Placement, rowKey string) *store.PlacementRequirement {
	t.Helper()
	for i := range p.Requirements {
		if p.Requirements[i].RowKey == rowKey {
			return &p.Requirements[i]
		}
	}
	t.Fatalf("placement has no row %s", rowKey)
	return nil
}

// rowStatuses is "rowKey=STATUS" of every row, in the placement's order.
func rowStatuses(p *store.Placement) []string {
	out := make([]string, len(p.Requirements))
	for i, r := range p.Requirements {
		out[i] = r.RowKey + "=" + r.Status
	}
	return out
}

func packetStatuses(p *store.Placement) []string {
	out := make([]string, len(p.Packets))
	for i, pk := range p.Packets {
		out[i] = pk.PacketGroup + "=" + pk.Status
	}
	return out
}

// changeList is a sync's changes in a stable order, as
// "rowKey from>to" (to "REMOVED" for a dropped row).
func changeList(cs []store.RowChange) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		to := c.To
		if c.Removed {
			to = "REMOVED"
		}
		out[i] = c.RowKey + " " + c.From + ">" + to
	}
	slices.Sort(out)
	return out
}

// checkPlacement checks what must hold of a placement after every step:
// the counts the API shows agree with the rows (and with what the test
// expects), there is one packet per packet group of the rows, READY exactly
// when every row of it that is not SKIPPED is FULFILLED, and the audit
// trail holds every transition of every row and packet, ending where each
// is now.
func checkPlacement(t *testing.T, st *store.Store, acc string, id uuid.UUID, wantRows, wantMapped, wantFulfilled int) *store.Placement {
	t.Helper()
	p := load(t, st, acc, id)
	mapped, fulfilled := 0, 0
	groups := map[string]string{}
	for _, r := range p.Requirements {
		if (r.RequirementKey != nil) != strings.HasPrefix(r.RowKey, "key:") {
			t.Errorf("row %s: requirement key %v does not agree with its row key", r.RowKey, r.RequirementKey)
		}
		if r.RequirementKey != nil {
			mapped++
		}
		if r.Status == requirements.StatusFulfilled {
			fulfilled++
		}
		if _, ok := groups[r.PacketGroup]; !ok {
			groups[r.PacketGroup] = requirements.PacketReady
		}
		if r.Status != requirements.StatusSkipped && r.Status != requirements.StatusFulfilled {
			groups[r.PacketGroup] = requirements.PacketIncomplete
		}
	}
	if len(p.Requirements) != wantRows || mapped != wantMapped || fulfilled != wantFulfilled {
		t.Errorf("counts: requirementCount %d mappedCount %d fulfilledCount %d, want %d %d %d (rows %q)",
			len(p.Requirements), mapped, fulfilled, wantRows, wantMapped, wantFulfilled, rowStatuses(p))
	}
	if len(p.Packets) != len(groups) {
		t.Errorf("packets %q, want one per group of the rows %v", packetStatuses(p), groups)
	}
	for _, pk := range p.Packets {
		if want, ok := groups[pk.PacketGroup]; !ok || pk.Status != want {
			t.Errorf("packet %s is %s, want %q (rows %q)", pk.PacketGroup, pk.Status, want, rowStatuses(p))
		}
	}

	evs, err := st.PlacementAudit(context.Background(), acc, id)
	if err != nil {
		t.Fatalf("PlacementAudit: %v", err)
	}
	last := map[string]string{}
	for _, ev := range evs {
		key := ev.SubjectType + "/" + ev.SubjectID
		if ev.FromState != last[key] {
			t.Errorf("%s: trail jumps from %q to an event from %q (%s -> %s: %s)", key, last[key], ev.FromState, ev.FromState, ev.ToState, ev.Reason)
		}
		if ev.FromState == ev.ToState {
			t.Errorf("%s: an event that moves nothing (%s: %s)", key, ev.ToState, ev.Reason)
		}
		last[key] = ev.ToState
	}
	if last["placement/"+id.String()] != p.Status {
		t.Errorf("placement trail ends in %q, status %s", last["placement/"+id.String()], p.Status)
	}
	for _, r := range p.Requirements {
		if got := last["requirement/"+r.ID.String()]; got != r.Status {
			t.Errorf("row %s: trail ends in %q, status %s", r.RowKey, got, r.Status)
		}
	}
	for _, pk := range p.Packets {
		if got := last["packet/"+pk.ID.String()]; got != pk.Status {
			t.Errorf("packet %s: trail ends in %q, status %s", pk.PacketGroup, got, pk.Status)
		}
	}
	return p
}

// trailOf is one subject's events in a placement's trail, as
// "from>to: reason".
func trailOf(t *testing.T, st *store.Store, acc string, placement uuid.UUID, subjectID string) []string {
	t.Helper()
	evs, err := st.PlacementAudit(context.Background(), acc, placement)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, ev := range evs {
		if ev.SubjectID == subjectID {
			out = append(out, ev.FromState+">"+ev.ToState+": "+ev.Reason)
		}
	}
	return out
}

func packetOf(t *testing.T, p *store.Placement, group string) store.Packet {
	t.Helper()
	for _, pk := range p.Packets {
		if pk.PacketGroup == group {
			return pk
		}
	}
	t.Fatalf("no packet %s: %q", group, packetStatuses(p))
	return store.Packet{}
}

func TestCreatePlacement(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "placements")
	job := newJob(t, st, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "P-1", Title: ptr("ICU RN")})
	theirs := sandboxJob(t, st, other, "P-1")
	unknown := uuid.New()

	for _, tt := range []struct {
		name  string
		job   uuid.UUID
		wantM string
	}{
		{"unknown job", unknown, "job " + unknown.String() + " was not found"},
		{"another account's job", theirs.ID, "job " + theirs.ID.String() + " was not found"},
	} {
		_, _, err := st.CreatePlacement(ctx, store.PlacementInput{AccountID: acc, JobID: tt.job, ExternalID: "nurse-1"})
		de, ok := derrors.As(err)
		if !ok || de.Code != derrors.NotFound || de.Message != tt.wantM {
			t.Errorf("%s: err = %v, want not_found %q", tt.name, err, tt.wantM)
			continue
		}
		if d, _ := de.Details.(map[string]string); d["field"] != "jobId" {
			t.Errorf("%s: details %v, want field jobId", tt.name, de.Details)
		}
	}

	start := date(2030, 3, 1)
	in := store.PlacementInput{AccountID: acc, JobID: job.ID, ExternalID: "nurse-1", CandidateName: ptr("Maria Alvarez"),
		CandidateEmail: ptr("maria@example.com"), VMSPlacementRefID: ptr("VP-9"), StartDate: &start}
	p, created, err := st.CreatePlacement(ctx, in)
	if err != nil || !created {
		t.Fatalf("create = created %v, %v", created, err)
	}
	if p.Status != "ACTIVE" || p.JobID != job.ID || p.ExternalID != "nurse-1" || deref(p.CandidateName) != "Maria Alvarez" ||
		deref(p.VMSPlacementRefID) != "VP-9" || p.SyncRequestedAt == nil || !p.StartDate.Equal(start) {
		t.Fatalf("created placement = %+v", p)
	}

	// A repeat (here with other details) is the same placement, unchanged.
	again := in
	again.CandidateName = ptr("Someone Else")
	again.StartDate = nil
	p2, created, err := st.CreatePlacement(ctx, again)
	if err != nil || created || p2.ID != p.ID || deref(p2.CandidateName) != "Maria Alvarez" || p2.StartDate == nil ||
		!p2.UpdatedAt.Equal(p.UpdatedAt) || !p2.SyncRequestedAt.Equal(*p.SyncRequestedAt) {
		t.Fatalf("repeat = %+v created %v, %v; first %+v", p2, created, err, p)
	}
	// Another external id on the job is another placement.
	p3, created, err := st.CreatePlacement(ctx, store.PlacementInput{AccountID: acc, JobID: job.ID, ExternalID: "nurse-2"})
	if err != nil || !created || p3.ID == p.ID {
		t.Fatalf("another candidate = %+v created %v, %v", p3, created, err)
	}

	got := load(t, st, acc, p.ID)
	if got.Job == nil || got.Job.ID != job.ID || deref(got.Job.Title) != "ICU RN" || len(got.Requirements) != 0 || len(got.Packets) != 0 {
		t.Fatalf("Placement = %+v", got)
	}
	if j, err := st.Job(ctx, acc, job.ID); err != nil || j.PlacementCount != 2 {
		t.Fatalf("job's placement count = %v, %v", j, err)
	}
	if want := []string{">ACTIVE: created"}; !slices.Equal(trailOf(t, st, acc, p.ID, p.ID.String()), want) {
		t.Errorf("placement trail = %q, want %q", trailOf(t, st, acc, p.ID, p.ID.String()), want)
	}
	wantNotFound(t, "another account's placement", errOf(st.Placement(ctx, other, p.ID)))
	wantNotFound(t, "unknown placement", errOf(st.Placement(ctx, acc, uuid.New())))
	wantNotFound(t, "another account's placement trail", errOf(st.PlacementAudit(ctx, other, p.ID)))
}

func TestCreatePlacementConcurrentRepeats(t *testing.T) {
	ctx, st, acc := setUp(t, "placements-race")
	db := testenv.Conn(t)
	job := sandboxJob(t, st, acc, "RACE-P")

	answers := atOnce(16, func(i int) answer {
		p, created, err := st.CreatePlacement(ctx, store.PlacementInput{AccountID: acc, JobID: job.ID, ExternalID: "nurse-race",
			CandidateName: ptr(fmt.Sprintf("Caller %d", i))})
		if err != nil {
			return answer{err: err}
		}
		return answer{id: p.ID, first: created}
	})
	wantOneFirst(t, answers, "placement", "created the placement")
	var rows int
	if err := db.QueryRow(ctx, `SELECT count(*) FROM placements WHERE account_id = $1`, acc).Scan(&rows); err != nil || rows != 1 {
		t.Fatalf("placement rows = %d, %v", rows, err)
	}
	id := answers[0].id
	if got := trailOf(t, st, acc, id, id.String()); len(got) != 1 {
		t.Errorf("placement trail = %q, want one created", got)
	}
}

func TestListPlacements(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "list")
	db := testenv.Conn(t)
	j1 := newJob(t, st, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "L-1", Title: ptr("ICU RN")})
	j2 := sandboxJob(t, st, acc, "L-2")
	jo := sandboxJob(t, st, other, "L-1")
	newPlacement(t, st, other, jo.ID, "nurse-0", nil)

	// Nine placements; five share one created_at, so only the id orders
	// them.
	base := time.Date(2026, 1, 10, 9, 0, 0, 0, time.UTC)
	type want struct {
		id  uuid.UUID
		at  time.Time
		job uuid.UUID
		ext string
	}
	var all []want
	for i := range 9 {
		job, ext := j1.ID, fmt.Sprintf("nurse-%d", i%5)
		if i >= 5 {
			job = j2.ID
		}
		p := newPlacement(t, st, acc, job, ext, nil)
		at := base.Add(time.Duration(i) * time.Minute)
		if i >= 2 && i <= 6 {
			at = base.Add(time.Hour)
		}
		exec(t, db, `UPDATE placements SET created_at = $2 WHERE id = $1`, p.ID, at)
		all = append(all, want{p.ID, at, job, ext})
	}
	cancelled := all[4].id
	exec(t, db, `UPDATE placements SET status = 'CANCELLED' WHERE id = $1`, cancelled)
	slices.SortFunc(all, func(a, b want) int {
		if c := b.at.Compare(a.at); c != 0 {
			return c
		}
		return bytes.Compare(b.id[:], a.id[:])
	})
	// One placement with rows, to see its packets in the list.
	apply(t, st, acc, all[0].id, keyRow(t, "bls", "BLS", "Credentials", 1), keyRow(t, "tb_screening", "TB", "Health", 2))

	ids := func(items []store.PlacementItem) []uuid.UUID {
		out := make([]uuid.UUID, len(items))
		for i, it := range items {
			out[i] = it.ID
		}
		return out
	}
	expect := func(keep func(want) bool) []uuid.UUID {
		var out []uuid.UUID
		for _, w := range all {
			if keep(w) {
				out = append(out, w.id)
			}
		}
		return out
	}
	j2ID := j2.ID
	tests := []struct {
		name   string
		filter store.PlacementFilter
		want   []uuid.UUID
	}{
		{"all", store.PlacementFilter{}, expect(func(want) bool { return true })},
		{"status ACTIVE", store.PlacementFilter{Status: "ACTIVE"}, expect(func(w want) bool { return w.id != cancelled })},
		{"status CANCELLED", store.PlacementFilter{Status: "CANCELLED"}, []uuid.UUID{cancelled}},
		{"status COMPLETED", store.PlacementFilter{Status: "COMPLETED"}, nil},
		{"externalId", store.PlacementFilter{ExternalID: "nurse-2"}, expect(func(w want) bool { return w.ext == "nurse-2" })},
		{"jobId", store.PlacementFilter{JobID: &j2ID}, expect(func(w want) bool { return w.job == j2.ID })},
		{"jobId and externalId", store.PlacementFilter{JobID: &j2ID, ExternalID: "nurse-1"}, expect(func(w want) bool { return w.job == j2.ID && w.ext == "nurse-1" })},
		{"another account's job", store.PlacementFilter{JobID: &jo.ID}, nil},
	}
	for _, tt := range tests {
		for _, limit := range []int{1, 2, 3, 100} {
			var got []uuid.UUID
			var after *store.PlacementCursor
			for page := 0; ; page++ {
				items, err := st.ListPlacements(ctx, acc, tt.filter, after, limit)
				if err != nil {
					t.Fatalf("%s: %v", tt.name, err)
				}
				if len(items) > limit {
					t.Fatalf("%s: page of %d items, limit %d", tt.name, len(items), limit)
				}
				got = append(got, ids(items)...)
				if len(items) < limit || page > len(all) {
					break
				}
				last := items[len(items)-1]
				after = &store.PlacementCursor{At: last.CreatedAt, ID: last.ID}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s, pages of %d: got %v, want %v", tt.name, limit, got, tt.want)
			}
		}
	}

	items, err := st.ListPlacements(ctx, acc, store.PlacementFilter{}, nil, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		wantTitle, wantRef := "ICU RN", "L-1"
		if it.JobID == j2.ID {
			wantTitle, wantRef = "", "L-2"
		}
		if it.JobTitle != wantTitle || it.JobRef != wantRef || it.AccountID != acc {
			t.Errorf("item %s: job %q %q account %s, want %q %q", it.ID, it.JobTitle, it.JobRef, it.AccountID, wantTitle, wantRef)
		}
		wantPackets := []string(nil)
		if it.ID == all[0].id {
			wantPackets = []string{"Credentials=INCOMPLETE", "Health=INCOMPLETE"}
		}
		if got := packetStatuses(&it.Placement); !slices.Equal(got, wantPackets) {
			t.Errorf("item %s: packets %q, want %q", it.ID, got, wantPackets)
		}
	}
}

// TestPlacementRowsFollowTheTemplate drives one placement through a job's
// template as it changes: rows ingested, progress made, the template
// changed (rows relabelled, moved, dropped, added, mapped), progress kept.
func TestPlacementRowsFollowTheTemplate(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "rows")
	job := newJob(t, st, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "R-1", Facility: ptr("St. Luke's")})
	p := newPlacement(t, st, acc, job.ID, "nurse-1", nil)

	bls := keyRow(t, "bls", "BLS - AHA only", "Credentials", 1)
	tb := keyRow(t, "tb_screening", "Current PPD or QuantiFERON within 1 yr", "Health", 2)
	hepLabel := labelRow("Hep B titer or declination", "Health", 3)
	oig := keyRow(t, "oig_exclusion_check", "OIG exclusion search", "Background & Compliance", 4)
	orientation := keyRow(t, "orientation", "Facility orientation", "Other", 5)
	drug := keyRow(t, "drug_screen", "10 panel drug screen", "Health", 6)
	drug.Sources = []string{requirements.SourceVMS, requirements.SourceEmail}
	v1 := []requirements.Row{bls, tb, hepLabel, oig, orientation, drug}

	// The job's template.
	conflicts := []requirements.Conflict{{RowKey: "key:drug_screen", Label: drug.Label, Kind: "excluded",
		Detail: "email says it is not needed", Sources: []string{"email", "vms"}}}
	if err := st.SaveJobTemplate(ctx, acc, job.ID, v1, conflicts, ""); err != nil {
		t.Fatal(err)
	}
	wantNotFound(t, "SaveJobTemplate of another account's job", st.SaveJobTemplate(ctx, other, job.ID, v1, nil, ""))
	j, err := st.Job(ctx, acc, job.ID)
	if err != nil {
		t.Fatal(err)
	}
	var gotTemplate []string
	for _, r := range j.Requirements {
		gotTemplate = append(gotTemplate, fmt.Sprintf("%d %s %q %s %s %s %s", r.SortOrder, r.RowKey, r.Label, deref(r.RequirementKey),
			deref(r.FulfillmentType), r.PacketGroup, r.Sources))
	}
	wantTemplate := []string{
		`1 key:bls "BLS - AHA only" bls DOCUMENT Credentials ["vms"]`,
		`2 key:tb_screening "Current PPD or QuantiFERON within 1 yr" tb_screening DOCUMENT Health ["vms"]`,
		`3 label:hep b titer or declination "Hep B titer or declination"   Health ["vms"]`,
		`4 key:oig_exclusion_check "OIG exclusion search" oig_exclusion_check REGISTRY_SEARCH Background & Compliance ["vms"]`,
		`5 key:orientation "Facility orientation" orientation PASS_THROUGH Other ["vms"]`,
		`6 key:drug_screen "10 panel drug screen" drug_screen DOCUMENT Health ["vms", "email"]`,
	}
	if !slices.Equal(gotTemplate, wantTemplate) {
		t.Errorf("template:\n%s\nwant\n%s", strings.Join(gotTemplate, "\n"), strings.Join(wantTemplate, "\n"))
	}
	var gotConflicts []requirements.Conflict
	if err := json.Unmarshal(j.Conflicts, &gotConflicts); err != nil || len(gotConflicts) != 1 || gotConflicts[0].Detail != conflicts[0].Detail {
		t.Errorf("conflicts = %s, %v", j.Conflicts, err)
	}
	if j.SyncedAt == nil || j.SyncError != nil || j.PlacementCount != 1 {
		t.Errorf("job after its template: synced %v error %v placements %d", j.SyncedAt, j.SyncError, j.PlacementCount)
	}
	blsTemplateID := j.Requirements[0].ID

	// Ingested: mapped rows open at once, the unmapped one waits.
	changes := apply(t, st, acc, p.ID, v1...)
	wantChanges := []string{
		"key:bls >PENDING", "key:bls PENDING>IN_PROGRESS",
		"key:drug_screen >PENDING", "key:drug_screen PENDING>IN_PROGRESS",
		"key:oig_exclusion_check >PENDING", "key:oig_exclusion_check PENDING>IN_PROGRESS",
		"key:orientation >PENDING", "key:orientation PENDING>IN_PROGRESS",
		"key:tb_screening >PENDING", "key:tb_screening PENDING>IN_PROGRESS",
		"label:hep b titer or declination >AWAITING_CONFIG",
	}
	if got := changeList(changes); !slices.Equal(got, wantChanges) {
		t.Errorf("ingest changes:\n%q\nwant\n%q", got, wantChanges)
	}
	got := checkPlacement(t, st, acc, p.ID, 6, 5, 0)
	wantReasons := map[string]string{
		"key:bls": reasonDocument, "key:tb_screening": reasonDocument, "label:hep b titer or declination": reasonUnmapped,
		"key:oig_exclusion_check": reasonRegistry, "key:orientation": reasonPassThrough, "key:drug_screen": reasonDocument,
	}
	for _, r := range got.Requirements {
		if r.StatusReason != wantReasons[r.RowKey] || r.EvidenceKind != nil || r.EvidenceID != nil {
			t.Errorf("row %s: reason %q evidence %v/%v, want %q and none", r.RowKey, r.StatusReason, r.EvidenceKind, r.EvidenceID, wantReasons[r.RowKey])
		}
	}
	if want := []string{"key:bls=IN_PROGRESS", "key:tb_screening=IN_PROGRESS", "label:hep b titer or declination=AWAITING_CONFIG",
		"key:oig_exclusion_check=IN_PROGRESS", "key:orientation=IN_PROGRESS", "key:drug_screen=IN_PROGRESS"}; !slices.Equal(rowStatuses(got), want) {
		t.Errorf("rows = %q, want %q", rowStatuses(got), want)
	}
	if want := []string{"Background & Compliance=INCOMPLETE", "Credentials=INCOMPLETE", "Health=INCOMPLETE", "Other=INCOMPLETE"}; !slices.Equal(packetStatuses(got), want) {
		t.Errorf("packets = %q, want %q", packetStatuses(got), want)
	}
	blsID := rowOf(t, got, "key:bls").ID
	hepID := rowOf(t, got, hepLabel.RowKey).ID
	if blsID == blsTemplateID {
		t.Error("the placement's row shares the template row's id")
	}
	if want := []string{">PENDING: ingested: BLS - AHA only", "PENDING>IN_PROGRESS: " + reasonDocument}; !slices.Equal(trailOf(t, st, acc, p.ID, blsID.String()), want) {
		t.Errorf("bls trail = %q, want %q", trailOf(t, st, acc, p.ID, blsID.String()), want)
	}

	// The same sources again change nothing.
	before, _ := st.PlacementAudit(ctx, acc, p.ID)
	if changes := apply(t, st, acc, p.ID, v1...); len(changes) != 0 {
		t.Errorf("a repeated sync changed %q", changeList(changes))
	}
	if after, _ := st.PlacementAudit(ctx, acc, p.ID); len(after) != len(before) {
		t.Errorf("a repeated sync wrote %d audit events", len(after)-len(before))
	}

	// Progress: a document fulfils BLS (its packet is READY), the search
	// starts, the drug screen is rejected, a person skips orientation.
	seg1, seg2 := uuid.NewString(), uuid.NewString()
	expires := date(2099, 1, 31)
	update(t, st, acc, p.ID, blsID, store.RowUpdate{Status: "FULFILLED", Reason: "fulfilled by a bls judged VALID", EvidenceKind: store.EvidenceSegment, EvidenceID: seg1, ExpiresAt: &expires})
	update(t, st, acc, p.ID, rowOf(t, got, "key:oig_exclusion_check").ID, store.RowUpdate{Status: "IN_PROGRESS", Reason: reasonRegistry, EvidenceKind: store.EvidenceRegistryCheck, EvidenceID: "search-1"})
	update(t, st, acc, p.ID, rowOf(t, got, "key:drug_screen").ID, store.RowUpdate{Status: "REJECTED", Reason: "the drug_screen did not pass", EvidenceKind: store.EvidenceSegment, EvidenceID: seg2})
	update(t, st, acc, p.ID, rowOf(t, got, "key:orientation").ID, store.RowUpdate{Status: "SKIPPED", Reason: "waived by the facility", EvidenceKind: store.EvidencePerson, EvidenceID: "recruiter-7"})
	got = checkPlacement(t, st, acc, p.ID, 6, 5, 1)
	if want := []string{"Background & Compliance=INCOMPLETE", "Credentials=READY", "Health=INCOMPLETE", "Other=READY"}; !slices.Equal(packetStatuses(got), want) {
		t.Errorf("packets after progress = %q, want %q", packetStatuses(got), want)
	}

	// The template changes: BLS relabelled and moved down, ACLS added, TB
	// and the drug screen no longer listed, the Hep B label now mapped,
	// orientation in a packet of its own, the search no longer asked for.
	blsV2 := keyRow(t, "bls", "BLS (AHA)", "Credentials", 3)
	acls := keyRow(t, "acls", "ACLS", "Credentials", 1)
	hep := keyRow(t, "hepatitis_b", "Hep B titer or declination", "Health", 2)
	orientationV2 := keyRow(t, "orientation", "Facility orientation", "Onboarding", 5)
	v2 := []requirements.Row{acls, blsV2, hep, orientationV2}
	if err := st.SaveJobTemplate(ctx, acc, job.ID, v2, nil, "the VMS answered 503; the email and matrices were used"); err != nil {
		t.Fatal(err)
	}
	j, _ = st.Job(ctx, acc, job.ID)
	var keys []string
	for _, r := range j.Requirements {
		keys = append(keys, r.RowKey)
	}
	if want := []string{"key:acls", "key:hepatitis_b", "key:bls", "key:orientation"}; !slices.Equal(keys, want) || j.Conflicts != nil ||
		deref(j.SyncError) != "the VMS answered 503; the email and matrices were used" {
		t.Errorf("template v2 = %q conflicts %s error %q", keys, j.Conflicts, deref(j.SyncError))
	}
	if j.Requirements[2].ID != blsTemplateID || j.Requirements[2].Label != "BLS (AHA)" {
		t.Errorf("bls template row = %+v, want it updated in place", j.Requirements[2])
	}

	changes = apply(t, st, acc, p.ID, v2...)
	wantChanges = []string{
		"key:acls >PENDING", "key:acls PENDING>IN_PROGRESS",
		"key:drug_screen REJECTED>SKIPPED",
		"key:hepatitis_b AWAITING_CONFIG>PENDING", "key:hepatitis_b PENDING>IN_PROGRESS",
		"key:oig_exclusion_check IN_PROGRESS>SKIPPED",
		"key:tb_screening IN_PROGRESS>REMOVED",
	}
	if got := changeList(changes); !slices.Equal(got, wantChanges) {
		t.Errorf("v2 changes:\n%q\nwant\n%q", got, wantChanges)
	}
	got = checkPlacement(t, st, acc, p.ID, 6, 6, 1)
	if want := []string{"key:acls=IN_PROGRESS", "key:hepatitis_b=IN_PROGRESS", "key:bls=FULFILLED", "key:oig_exclusion_check=SKIPPED",
		"key:orientation=SKIPPED", "key:drug_screen=SKIPPED"}; !slices.Equal(rowStatuses(got), want) {
		t.Errorf("rows after v2 = %q, want %q", rowStatuses(got), want)
	}
	// The row that waited for the Hep B label moved on once it was mapped:
	// the same row, now the requirement's.
	h := rowOf(t, got, "key:hepatitis_b")
	if h.ID != hepID || deref(h.RequirementKey) != "hepatitis_b" || deref(h.FulfillmentType) != "DOCUMENT" || deref(h.DocumentType) != "hepatitis_b_record" ||
		h.SortOrder != 2 || h.StatusReason != reasonDocument || h.NormalizedLabel != hepLabel.NormalizedLabel {
		t.Errorf("hep B after mapping = %+v", h)
	}
	if want := []string{">AWAITING_CONFIG: ingested: Hep B titer or declination", "AWAITING_CONFIG>PENDING: mapped to hepatitis_b",
		"PENDING>IN_PROGRESS: " + reasonDocument}; !slices.Equal(trailOf(t, st, acc, p.ID, hepID.String()), want) {
		t.Errorf("hep B trail = %q, want %q", trailOf(t, st, acc, p.ID, hepID.String()), want)
	}
	// BLS kept its progress and took the new label and place.
	b := rowOf(t, got, "key:bls")
	if b.ID != blsID || b.Label != "BLS (AHA)" || b.NormalizedLabel != "bls aha" || b.SortOrder != 3 || deref(b.EvidenceKind) != store.EvidenceSegment ||
		deref(b.EvidenceID) != seg1 || b.ExpiresAt == nil || !b.ExpiresAt.Equal(expires) || b.StatusReason != "fulfilled by a bls judged VALID" {
		t.Errorf("bls after v2 = %+v", b)
	}
	// Rows with progress no source lists any more are skipped by the sync;
	// a person's skip stays the person's.
	for _, key := range []string{"key:oig_exclusion_check", "key:drug_screen"} {
		r := rowOf(t, got, key)
		if r.StatusReason != reasonUnlisted || deref(r.EvidenceKind) != store.EvidenceSync || r.EvidenceID != nil {
			t.Errorf("%s after v2: reason %q evidence %v/%v", key, r.StatusReason, deref(r.EvidenceKind), deref(r.EvidenceID))
		}
	}
	o := rowOf(t, got, "key:orientation")
	if o.StatusReason != "waived by the facility" || deref(o.EvidenceKind) != store.EvidencePerson || o.PacketGroup != "Onboarding" {
		t.Errorf("orientation after v2 = %+v", o)
	}
	if want := []string{"Background & Compliance=READY", "Credentials=INCOMPLETE", "Health=INCOMPLETE", "Onboarding=READY"}; !slices.Equal(packetStatuses(got), want) {
		t.Errorf("packets after v2 = %q, want %q", packetStatuses(got), want)
	}
	// A dropped row's trail ends with its removal.
	tbID := ""
	for _, ev := range mustAudit(t, st, acc, p.ID) {
		if ev.SubjectType == "requirement" && strings.HasPrefix(ev.Reason, "ingested: Current PPD") {
			tbID = ev.SubjectID
		}
	}
	if want := []string{">PENDING: ingested: Current PPD or QuantiFERON within 1 yr", "PENDING>IN_PROGRESS: " + reasonDocument,
		"IN_PROGRESS>REMOVED: " + reasonUnlisted}; !slices.Equal(trailOf(t, st, acc, p.ID, tbID), want) {
		t.Errorf("tb trail = %q, want %q", trailOf(t, st, acc, p.ID, tbID), want)
	}

	// v3: a source lists the drug screen again; it comes back as a new
	// piece of work (its rejection was of the earlier listing).
	drugID := rowOf(t, got, "key:drug_screen").ID
	changes = apply(t, st, acc, p.ID, acls, blsV2, hep, orientationV2, drug)
	if got, want := changeList(changes), []string{"key:drug_screen PENDING>IN_PROGRESS", "key:drug_screen SKIPPED>PENDING"}; !slices.Equal(got, want) {
		t.Errorf("v3 changes = %q, want %q", got, want)
	}
	got = checkPlacement(t, st, acc, p.ID, 6, 6, 1)
	d := rowOf(t, got, "key:drug_screen")
	if d.ID != drugID || d.Status != "IN_PROGRESS" || d.StatusReason != reasonDocument || d.EvidenceKind != nil || string(d.Sources) != `["vms", "email"]` {
		t.Errorf("drug screen brought back = %+v", d)
	}

	// The rest fulfilled: every packet READY.
	for _, key := range []string{"key:acls", "key:hepatitis_b", "key:drug_screen"} {
		update(t, st, acc, p.ID, rowOf(t, got, key).ID, store.RowUpdate{Status: "FULFILLED", Reason: "fulfilled", EvidenceKind: store.EvidenceSegment, EvidenceID: uuid.NewString()})
	}
	got = checkPlacement(t, st, acc, p.ID, 6, 6, 4)
	if want := []string{"Background & Compliance=READY", "Credentials=READY", "Health=READY", "Onboarding=READY"}; !slices.Equal(packetStatuses(got), want) {
		t.Errorf("packets at the end = %q, want %q", packetStatuses(got), want)
	}
	cred := packetOf(t, got, "Credentials")
	if want := []string{">INCOMPLETE: rows of Credentials", "INCOMPLETE>READY: rows of Credentials", "READY>INCOMPLETE: rows of Credentials",
		"INCOMPLETE>READY: rows of Credentials"}; !slices.Equal(trailOf(t, st, acc, p.ID, cred.ID.String()), want) {
		t.Errorf("Credentials trail = %q, want %q", trailOf(t, st, acc, p.ID, cred.ID.String()), want)
	}

	// Another account can neither apply rows to nor read the placement.
	wantNotFound(t, "ApplyPlacementRows of another account's placement", errOf(st.ApplyPlacementRows(ctx, other, p.ID, v1)))
	checkPlacement(t, st, acc, p.ID, 6, 6, 4)
}

// mustAudit is a placement's audit trail.
func mustAudit(t *testing.T, st *store.Store, acc string, id uuid.UUID) []store.AuditEvent {
	t.Helper()
	return read(t, st.PlacementAudit, acc, id)
}

func TestPlacementRowTransitions(t *testing.T) {
	ctx, st, acc := setUp(t, "transitions")
	job := sandboxJob(t, st, acc, "T-1")

	// How a fresh BLS row (IN_PROGRESS once ingested) is brought to each
	// status through legal moves.
	paths := map[string][]string{
		"PENDING":         {"SKIPPED", "PENDING"},
		"AWAITING_CONFIG": {"AWAITING_CONFIG"},
		"IN_PROGRESS":     nil,
		"FULFILLED":       {"FULFILLED"},
		"REJECTED":        {"REJECTED"},
		"INVALIDATED":     {"FULFILLED", "INVALIDATED"},
		"EXPIRED":         {"FULFILLED", "EXPIRED"},
		"SKIPPED":         {"SKIPPED"},
	}
	tests := []struct {
		from, to string
		ok       bool
	}{
		{"AWAITING_CONFIG", "PENDING", true},
		{"AWAITING_CONFIG", "IN_PROGRESS", true},
		{"AWAITING_CONFIG", "SKIPPED", true},
		{"AWAITING_CONFIG", "FULFILLED", false},
		{"AWAITING_CONFIG", "REJECTED", false},
		{"AWAITING_CONFIG", "EXPIRED", false},
		{"PENDING", "IN_PROGRESS", true},
		{"PENDING", "FULFILLED", true},
		{"PENDING", "REJECTED", true},
		{"PENDING", "EXPIRED", false},
		{"PENDING", "INVALIDATED", false},
		{"IN_PROGRESS", "FULFILLED", true},
		{"IN_PROGRESS", "REJECTED", true},
		{"IN_PROGRESS", "AWAITING_CONFIG", true},
		{"IN_PROGRESS", "SKIPPED", true},
		{"IN_PROGRESS", "PENDING", false},
		{"IN_PROGRESS", "EXPIRED", false},
		{"IN_PROGRESS", "INVALIDATED", false},
		{"IN_PROGRESS", "DONE", false},
		{"FULFILLED", "EXPIRED", true},
		{"FULFILLED", "INVALIDATED", true},
		{"FULFILLED", "IN_PROGRESS", true},
		{"FULFILLED", "SKIPPED", true},
		{"FULFILLED", "REJECTED", false},
		{"FULFILLED", "PENDING", false},
		{"REJECTED", "FULFILLED", true},
		{"REJECTED", "IN_PROGRESS", true},
		{"REJECTED", "EXPIRED", false},
		{"REJECTED", "INVALIDATED", false},
		{"REJECTED", "PENDING", false},
		{"INVALIDATED", "FULFILLED", true},
		{"INVALIDATED", "REJECTED", true},
		{"INVALIDATED", "EXPIRED", false},
		{"INVALIDATED", "PENDING", false},
		{"EXPIRED", "FULFILLED", true},
		{"EXPIRED", "REJECTED", true},
		{"EXPIRED", "INVALIDATED", false},
		{"EXPIRED", "PENDING", false},
		{"SKIPPED", "PENDING", true},
		{"SKIPPED", "IN_PROGRESS", true},
		{"SKIPPED", "FULFILLED", false},
		{"SKIPPED", "REJECTED", false},
		{"SKIPPED", "EXPIRED", false},
	}
	for i, tt := range tests {
		name := tt.from + "->" + tt.to
		p := newPlacement(t, st, acc, job.ID, fmt.Sprintf("nurse-%d", i), nil)
		apply(t, st, acc, p.ID, keyRow(t, "bls", "BLS", "Credentials", 1))
		row := rowOf(t, load(t, st, acc, p.ID), "key:bls")
		for _, s := range paths[tt.from] {
			update(t, st, acc, p.ID, row.ID, store.RowUpdate{Status: s, Reason: "step to " + s, EvidenceKind: store.EvidenceSegment, EvidenceID: "seg-" + s})
		}
		before := load(t, st, acc, p.ID)
		if b := rowOf(t, before, "key:bls"); b.Status != tt.from {
			t.Fatalf("%s: the path led to %s", name, b.Status)
		}
		trail := len(mustAudit(t, st, acc, p.ID))

		got, err := st.UpdateRow(ctx, acc, p.ID, row.ID, store.RowUpdate{Status: tt.to, Reason: "moved to " + tt.to, EvidenceKind: store.EvidenceSegment, EvidenceID: "seg-last"})
		now, fulfilled := tt.from, 0
		if tt.ok {
			now = tt.to
		}
		if now == "FULFILLED" {
			fulfilled = 1
		}
		after := checkPlacement(t, st, acc, p.ID, 1, 1, fulfilled)
		r := rowOf(t, after, "key:bls")
		if !tt.ok {
			want := "requirement cannot move from " + tt.from + " to " + tt.to
			if de, isDomain := derrors.As(err); !isDomain || de.Code != derrors.Conflict || de.Message != want || got != nil {
				t.Errorf("%s: UpdateRow = %v, %v; want conflict %q", name, got, err, want)
			}
			if b := rowOf(t, before, "key:bls"); r.Status != b.Status || r.StatusReason != b.StatusReason || deref(r.EvidenceID) != deref(b.EvidenceID) {
				t.Errorf("%s: a refused move changed the row: %+v", name, r)
			}
			if n := len(mustAudit(t, st, acc, p.ID)); n != trail {
				t.Errorf("%s: a refused move wrote %d audit events", name, n-trail)
			}
			continue
		}
		if err != nil || got.Status != tt.to || r.Status != tt.to || r.StatusReason != "moved to "+tt.to || deref(r.EvidenceID) != "seg-last" {
			t.Errorf("%s: UpdateRow = %+v, %v; stored %+v", name, got, err, r)
			continue
		}
		want := tt.from + ">" + tt.to + ": moved to " + tt.to
		if tr := trailOf(t, st, acc, p.ID, row.ID.String()); tr[len(tr)-1] != want {
			t.Errorf("%s: last event %q, want %q", name, tr[len(tr)-1], want)
		}
	}
}

func TestPlacementRowRetriesAndScope(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "update")
	job := sandboxJob(t, st, acc, "U-1")
	p := newPlacement(t, st, acc, job.ID, "nurse-1", nil)
	q := newPlacement(t, st, acc, job.ID, "nurse-2", nil)
	apply(t, st, acc, p.ID, keyRow(t, "oig_exclusion_check", "OIG", "Background & Compliance", 1))
	apply(t, st, acc, q.ID, keyRow(t, "oig_exclusion_check", "OIG", "Background & Compliance", 1))
	row := rowOf(t, load(t, st, acc, p.ID), "key:oig_exclusion_check")
	qRow := rowOf(t, load(t, st, acc, q.ID), "key:oig_exclusion_check")

	// A possible match waits for review: the row stays IN_PROGRESS, with
	// the search as evidence and the review stored.
	review := map[string]any{"searchId": "s-1", "matches": []map[string]any{{"registry": "oig-exclusion", "name": "MARIA ALVAREZ", "score": 0.97}}}
	u := store.RowUpdate{Status: "IN_PROGRESS", Reason: "possible match in OIG: a person must review it", EvidenceKind: store.EvidenceRegistryCheck, EvidenceID: "s-1", Review: review}
	before := len(mustAudit(t, st, acc, p.ID))
	got := update(t, st, acc, p.ID, row.ID, u)
	if got.Status != "IN_PROGRESS" || got.StatusReason != u.Reason || deref(got.EvidenceKind) != store.EvidenceRegistryCheck || deref(got.EvidenceID) != "s-1" {
		t.Fatalf("review = %+v", got)
	}
	stored, err := st.PlacementRow(ctx, acc, p.ID, row.ID)
	if err != nil {
		t.Fatal(err)
	}
	var gotReview map[string]any
	if err := json.Unmarshal(stored.Review, &gotReview); err != nil || gotReview["searchId"] != "s-1" {
		t.Fatalf("stored review = %s, %v", stored.Review, err)
	}
	// Staying in a status with a new reason and evidence is no transition.
	if n := len(mustAudit(t, st, acc, p.ID)); n != before {
		t.Errorf("staying IN_PROGRESS wrote %d audit events", n-before)
	}

	// The review clears it: FULFILLED, its expiry date kept; the same
	// update retried changes nothing and writes nothing.
	exp := date(2099, 6, 30)
	done := store.RowUpdate{Status: "FULFILLED", Reason: "cleared by a person: not the same person", EvidenceKind: store.EvidencePerson, EvidenceID: "recruiter-7", ExpiresAt: &exp}
	first := update(t, st, acc, p.ID, row.ID, done)
	trail := len(mustAudit(t, st, acc, p.ID))
	again := update(t, st, acc, p.ID, row.ID, done)
	if !again.UpdatedAt.Equal(first.UpdatedAt) || again.Status != "FULFILLED" || again.Review != nil || again.ExpiresAt == nil || !again.ExpiresAt.Equal(exp) {
		t.Errorf("retried update = %+v, first %+v", again, first)
	}
	if n := len(mustAudit(t, st, acc, p.ID)); n != trail {
		t.Errorf("a retried update wrote %d audit events", n-trail)
	}
	checkPlacement(t, st, acc, p.ID, 1, 1, 1)
	checkPlacement(t, st, acc, q.ID, 1, 1, 0)

	for _, tt := range []struct {
		name      string
		acc       string
		placement uuid.UUID
		row       uuid.UUID
	}{
		{"another account", other, p.ID, row.ID},
		{"unknown placement", acc, uuid.New(), row.ID},
		{"unknown row", acc, p.ID, uuid.New()},
		{"a row of another placement", acc, p.ID, qRow.ID},
	} {
		wantNotFound(t, "UpdateRow of "+tt.name, errOf(st.UpdateRow(ctx, tt.acc, tt.placement, tt.row, store.RowUpdate{Status: "SKIPPED", Reason: "x"})))
		wantNotFound(t, "PlacementRow of "+tt.name, errOf(st.PlacementRow(ctx, tt.acc, tt.placement, tt.row)))
	}
	checkPlacement(t, st, acc, q.ID, 1, 1, 0)
}

// A document deleted takes the rows it fulfilled with it: INVALIDATED,
// in every placement it fulfilled, their packets no longer READY.
func TestPlacementRowsInvalidatedByDeletedDocument(t *testing.T) {
	ctx, st, acc := setUp(t, "invalidate")
	j1 := sandboxJob(t, st, acc, "I-1")
	j2 := sandboxJob(t, st, acc, "I-2")
	p := newPlacement(t, st, acc, j1.ID, "nurse-1", nil)
	q := newPlacement(t, st, acc, j2.ID, "nurse-1", nil)
	in, _ := newIntake(t, st, acc)
	kept, _ := newIntake(t, st, acc)
	seg0, seg1, seg2 := uuid.New(), uuid.New(), uuid.New()
	if err := st.RecordSplit(ctx, acc, in.ID, 2, []store.SplitSegment{{ID: seg0, Index: 0, PageStart: 1, PageEnd: 1}, {ID: seg1, Index: 1, PageStart: 2, PageEnd: 2}}); err != nil {
		t.Fatal(err)
	}
	if err := st.RecordSplit(ctx, acc, kept.ID, 1, []store.SplitSegment{{ID: seg2, Index: 0, PageStart: 1, PageEnd: 1}}); err != nil {
		t.Fatal(err)
	}
	for _, pl := range []*store.Placement{p, q} {
		apply(t, st, acc, pl.ID, keyRow(t, "bls", "BLS", "Credentials", 1), keyRow(t, "tb_screening", "TB", "Health", 2),
			keyRow(t, "acls", "ACLS", "Credentials", 3))
		got := load(t, st, acc, pl.ID)
		exp := date(2099, 1, 1)
		update(t, st, acc, pl.ID, rowOf(t, got, "key:bls").ID, store.RowUpdate{Status: "FULFILLED", Reason: "fulfilled", EvidenceKind: store.EvidenceSegment, EvidenceID: seg0.String(), ExpiresAt: &exp})
		update(t, st, acc, pl.ID, rowOf(t, got, "key:tb_screening").ID, store.RowUpdate{Status: "REJECTED", Reason: "did not pass", EvidenceKind: store.EvidenceSegment, EvidenceID: seg1.String()})
		update(t, st, acc, pl.ID, rowOf(t, got, "key:acls").ID, store.RowUpdate{Status: "FULFILLED", Reason: "fulfilled", EvidenceKind: store.EvidenceSegment, EvidenceID: seg2.String()})
		if got := checkPlacement(t, st, acc, pl.ID, 3, 3, 2); !slices.Equal(packetStatuses(got), []string{"Credentials=READY", "Health=INCOMPLETE"}) {
			t.Fatalf("packets before the delete = %q", packetStatuses(got))
		}
	}

	if _, _, err := st.DeleteIntake(ctx, acc, in.ID); err != nil {
		t.Fatal(err)
	}
	for _, pl := range []*store.Placement{p, q} {
		got := checkPlacement(t, st, acc, pl.ID, 3, 3, 1)
		if want := []string{"key:bls=INVALIDATED", "key:tb_screening=REJECTED", "key:acls=FULFILLED"}; !slices.Equal(rowStatuses(got), want) {
			t.Errorf("rows after the delete = %q, want %q", rowStatuses(got), want)
		}
		b := rowOf(t, got, "key:bls")
		if b.StatusReason != "the document was deleted" || deref(b.EvidenceKind) != store.EvidenceSegment || deref(b.EvidenceID) != seg0.String() {
			t.Errorf("invalidated row = %+v", b)
		}
		if want := []string{"Credentials=INCOMPLETE", "Health=INCOMPLETE"}; !slices.Equal(packetStatuses(got), want) {
			t.Errorf("packets after the delete = %q, want %q", packetStatuses(got), want)
		}
		tr := trailOf(t, st, acc, pl.ID, b.ID.String())
		if tr[len(tr)-1] != "FULFILLED>INVALIDATED: the document was deleted" {
			t.Errorf("bls trail = %q", tr)
		}
	}
	// Deleting it again invalidates nothing more.
	before := len(mustAudit(t, st, acc, p.ID))
	if _, first, err := st.DeleteIntake(ctx, acc, in.ID); err != nil || first {
		t.Fatalf("second delete: first %v, %v", first, err)
	}
	if n := len(mustAudit(t, st, acc, p.ID)); n != before {
		t.Errorf("a second delete wrote %d audit events", n-before)
	}
}

func TestPlacementRowsExpire(t *testing.T) {
	ctx, st, acc := setUp(t, "expire")
	job := sandboxJob(t, st, acc, "E-1")
	today := date(2029, 6, 1)
	later, earlier := date(2030, 3, 1), date(2029, 1, 1)

	type fixture struct {
		key     string
		status  string
		expires *time.Time
		want    string
	}
	placements := []struct {
		name  string
		start *time.Time
		rows  []fixture
	}{
		{"starts after today", &later, []fixture{
			{"bls", "FULFILLED", ptr(date(2030, 2, 28)), "EXPIRED"},         // lapses before the start
			{"acls", "FULFILLED", ptr(date(2030, 3, 1)), "FULFILLED"},       // holds on the start day
			{"pals", "FULFILLED", ptr(date(2029, 5, 31)), "EXPIRED"},        // lapsed already
			{"tb_screening", "REJECTED", ptr(date(2020, 1, 1)), "REJECTED"}, // not fulfilled: not the sweep's
			{"nrp", "FULFILLED", nil, "FULFILLED"},                          // never lapses
		}},
		{"no start date", nil, []fixture{
			{"bls", "FULFILLED", ptr(date(2029, 5, 31)), "EXPIRED"},
			{"acls", "FULFILLED", ptr(date(2029, 6, 1)), "FULFILLED"}, // holds today
			{"pals", "FULFILLED", ptr(date(2029, 12, 31)), "FULFILLED"},
		}},
		{"started before today", &earlier, []fixture{
			{"bls", "FULFILLED", ptr(date(2029, 3, 1)), "EXPIRED"}, // valid at the start, lapsed since
			{"acls", "FULFILLED", ptr(date(2029, 6, 2)), "FULFILLED"},
		}},
	}
	ids := map[string]uuid.UUID{}
	wantN := 0
	for i, pl := range placements {
		p := newPlacement(t, st, acc, job.ID, fmt.Sprintf("nurse-%d", i), pl.start)
		ids[pl.name] = p.ID
		var rows []requirements.Row
		for k, f := range pl.rows {
			rows = append(rows, keyRow(t, f.key, strings.ToUpper(f.key), "Credentials", k+1))
		}
		apply(t, st, acc, p.ID, rows...)
		got := load(t, st, acc, p.ID)
		for _, f := range pl.rows {
			update(t, st, acc, p.ID, rowOf(t, got, "key:"+f.key).ID, store.RowUpdate{Status: f.status, Reason: "judged", EvidenceKind: store.EvidenceSegment,
				EvidenceID: "seg-" + f.key, ExpiresAt: f.expires})
			if f.want == "EXPIRED" {
				wantN++
			}
		}
	}

	// The sweep is global: the exact count holds because no other test of
	// this package leaves a FULFILLED row lapsing before 2030 (they use
	// 2099 or none).
	n, err := st.ExpireRows(ctx, today)
	if err != nil || n != wantN {
		t.Fatalf("ExpireRows = %d, %v; want %d", n, err, wantN)
	}
	for _, pl := range placements {
		got := load(t, st, acc, ids[pl.name])
		for _, f := range pl.rows {
			r := rowOf(t, got, "key:"+f.key)
			if r.Status != f.want {
				t.Errorf("%s: %s expiring %v is %s, want %s", pl.name, f.key, f.expires, r.Status, f.want)
				continue
			}
			if f.want == "EXPIRED" {
				want := "the document expired on " + f.expires.Format(time.DateOnly)
				if r.StatusReason != want || deref(r.EvidenceID) != "seg-"+f.key || !r.ExpiresAt.Equal(*f.expires) {
					t.Errorf("%s: expired %s = reason %q evidence %q expires %v", pl.name, f.key, r.StatusReason, deref(r.EvidenceID), r.ExpiresAt)
				}
				tr := trailOf(t, st, acc, ids[pl.name], r.ID.String())
				if tr[len(tr)-1] != "FULFILLED>EXPIRED: "+want {
					t.Errorf("%s: %s trail = %q", pl.name, f.key, tr)
				}
			}
		}
		fulfilled := 0
		for _, f := range pl.rows {
			if f.want == "FULFILLED" {
				fulfilled++
			}
		}
		checkPlacement(t, st, acc, ids[pl.name], len(pl.rows), len(pl.rows), fulfilled)
	}
	// The "started before today" placement was READY and is no longer.
	if got := load(t, st, acc, ids["started before today"]); !slices.Equal(packetStatuses(got), []string{"Credentials=INCOMPLETE"}) {
		t.Errorf("packets after the sweep = %q", packetStatuses(got))
	}
	// The sweep again finds nothing.
	if n, err := st.ExpireRows(ctx, today); err != nil || n != 0 {
		t.Fatalf("second sweep = %d, %v", n, err)
	}
}

func TestPlacementCandidateRows(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "candidate")
	db := testenv.Conn(t)
	j1 := sandboxJob(t, st, acc, "C-1")
	j2 := sandboxJob(t, st, acc, "C-2")
	j3 := sandboxJob(t, st, acc, "C-3")
	jo := sandboxJob(t, st, other, "C-1")

	rows := func() []requirements.Row {
		return []requirements.Row{
			keyRow(t, "bls", "BLS", "Credentials", 1),
			keyRow(t, "tb_screening", "TB", "Health", 2),
			keyRow(t, "oig_exclusion_check", "OIG", "Background & Compliance", 3),
			labelRow("BLS card front and back", "Credentials", 4),
			keyRow(t, "acls", "ACLS", "Credentials", 5),
		}
	}
	p1 := newPlacement(t, st, acc, j1.ID, "nurse-1", nil)
	p2 := newPlacement(t, st, acc, j2.ID, "nurse-1", nil)
	cancelled := newPlacement(t, st, acc, j3.ID, "nurse-1", nil)
	someoneElse := newPlacement(t, st, acc, j1.ID, "nurse-2", nil)
	theirs := newPlacement(t, st, other, jo.ID, "nurse-1", nil)
	for _, pl := range []*store.Placement{p1, p2, cancelled, someoneElse} {
		apply(t, st, acc, pl.ID, rows()...)
	}
	apply(t, st, other, theirs.ID, rows()...)
	exec(t, db, `UPDATE placements SET status = 'CANCELLED' WHERE id = $1`, cancelled.ID)
	// A skipped row takes no documents.
	update(t, st, acc, p2.ID, rowOf(t, load(t, st, acc, p2.ID), "key:acls").ID, store.RowUpdate{Status: "SKIPPED", Reason: "not needed", EvidenceKind: store.EvidencePerson, EvidenceID: "r-1"})

	p1ID, p2ID, cancelledID, theirsID := p1.ID, p2.ID, cancelled.ID, theirs.ID
	tests := []struct {
		name      string
		ext       string
		placement *uuid.UUID
		keys      []string
		want      []string // "placement row"
	}{
		{"broadcast", "nurse-1", nil, []string{"bls", "acls", "oig_exclusion_check"}, []string{"p1 key:bls", "p1 key:acls", "p2 key:bls"}},
		{"broadcast, one key", "nurse-1", nil, []string{"tb_screening"}, []string{"p1 key:tb_screening", "p2 key:tb_screening"}},
		{"one placement", "", &p2ID, []string{"bls", "tb_screening", "acls"}, []string{"p2 key:bls", "p2 key:tb_screening"}},
		{"one placement, the external id not needed", "nurse-9", &p1ID, []string{"bls"}, []string{"p1 key:bls"}},
		{"a cancelled placement", "", &cancelledID, []string{"bls"}, nil},
		{"another account's placement", "", &theirsID, []string{"bls"}, nil},
		{"a candidate with no placements", "nurse-3", nil, []string{"bls"}, nil},
		{"no key a document fulfils", "nurse-1", nil, []string{"oig_exclusion_check"}, nil},
		{"no keys", "nurse-1", nil, []string{}, nil},
	}
	names := map[uuid.UUID]string{p1.ID: "p1", p2.ID: "p2", cancelled.ID: "cancelled", someoneElse.ID: "someone-else", theirs.ID: "theirs"}
	for _, tt := range tests {
		got, ps, err := st.CandidateRows(ctx, acc, tt.ext, tt.placement, tt.keys)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		var list []string
		for _, r := range got {
			list = append(list, names[r.PlacementID]+" "+r.RowKey)
			if p := ps[r.PlacementID]; p == nil || p.ID != r.PlacementID || p.AccountID != acc || p.Status != "ACTIVE" {
				t.Errorf("%s: placement of row %s = %+v", tt.name, r.RowKey, p)
			}
		}
		slices.Sort(list)
		want := slices.Clone(tt.want)
		slices.Sort(want)
		if !slices.Equal(list, want) {
			t.Errorf("%s: rows %q, want %q", tt.name, list, want)
		}
		if len(ps) > 2 {
			t.Errorf("%s: %d placements for the rows", tt.name, len(ps))
		}
	}
}

func TestPlacementRowsAwaitingLabel(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "awaiting")
	j1 := sandboxJob(t, st, acc, "A-1")
	j2 := sandboxJob(t, st, acc, "A-2")
	jv := newJob(t, st, store.JobInput{AccountID: acc, VMSType: "other-vms", VMSJobRefID: "A-1"})
	jo := sandboxJob(t, st, other, "A-1")
	hep := labelRow("Hep B titer or declination", "Health", 1)
	flu := labelRow("Flu shot (seasonal)", "Health", 2)
	p1 := newPlacement(t, st, acc, j1.ID, "nurse-1", nil)
	p2 := newPlacement(t, st, acc, j2.ID, "nurse-2", nil)
	pv := newPlacement(t, st, acc, jv.ID, "nurse-1", nil)
	po := newPlacement(t, st, other, jo.ID, "nurse-1", nil)
	apply(t, st, acc, p1.ID, hep, flu)
	apply(t, st, acc, p2.ID, hep)
	apply(t, st, acc, pv.ID, hep)
	apply(t, st, other, po.ID, hep)

	placementsOf := func(rows []store.PlacementRequirement) []uuid.UUID {
		var out []uuid.UUID
		for _, r := range rows {
			if r.Status != "AWAITING_CONFIG" || r.NormalizedLabel != hep.NormalizedLabel {
				t.Errorf("row %s %s listed", r.RowKey, r.Status)
			}
			out = append(out, r.PlacementID)
		}
		slices.SortFunc(out, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
		return out
	}
	want := []uuid.UUID{p1.ID, p2.ID}
	slices.SortFunc(want, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
	rows, err := st.RowsAwaitingLabel(ctx, acc, "sandbox", hep.NormalizedLabel)
	if err != nil || !slices.Equal(placementsOf(rows), want) {
		t.Fatalf("RowsAwaitingLabel = %v, %v; want the rows of %v", placementsOf(rows), err, want)
	}
	// Once the label is mapped and p1 synced, only p2's row waits.
	apply(t, st, acc, p1.ID, keyRow(t, "hepatitis_b", hep.Label, "Health", 1), flu)
	rows, err = st.RowsAwaitingLabel(ctx, acc, "sandbox", hep.NormalizedLabel)
	if err != nil || !slices.Equal(placementsOf(rows), []uuid.UUID{p2.ID}) {
		t.Fatalf("after p1 synced: %v, %v", placementsOf(rows), err)
	}
	if rows, err := st.RowsAwaitingLabel(ctx, acc, "sandbox", "nothing like it"); err != nil || len(rows) != 0 {
		t.Fatalf("an unknown label: %v, %v", rows, err)
	}

	// A label mapped to two requirements: the waiting row becomes the
	// first, the second is a row of its own; nothing is removed.
	waiting := rows[0].ID
	two1 := keyRow(t, "hepatitis_b", hep.Label, "Health", 1)
	two2 := keyRow(t, "varicella_immunity", hep.Label, "Health", 2)
	changes := apply(t, st, acc, p2.ID, two1, two2)
	if got, want := changeList(changes), []string{"key:hepatitis_b AWAITING_CONFIG>PENDING", "key:hepatitis_b PENDING>IN_PROGRESS",
		"key:varicella_immunity >PENDING", "key:varicella_immunity PENDING>IN_PROGRESS"}; !slices.Equal(got, want) {
		t.Errorf("mapped to two: changes %q, want %q", got, want)
	}
	got := checkPlacement(t, st, acc, p2.ID, 2, 2, 0)
	if r := rowOf(t, got, "key:hepatitis_b"); r.ID != waiting {
		t.Errorf("the waiting row %s did not become the first requirement's (%s)", waiting, r.ID)
	}
	if r := rowOf(t, got, "key:varicella_immunity"); r.ID == waiting {
		t.Error("both requirements took the waiting row")
	}
}

func TestPlacementSyncBookkeeping(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "syncs")
	job := sandboxJob(t, st, acc, "S-1")
	p := newPlacement(t, st, acc, job.ID, "nurse-1", nil)
	q := newPlacement(t, st, acc, job.ID, "nurse-2", nil)
	r := newPlacement(t, st, acc, job.ID, "nurse-3", nil)

	// A sync begins: asks made before it are its own, asks after it are
	// not yet answered.
	began := time.Now().UTC()
	bp, err := st.BeginPlacementSync(ctx, acc, p.ID, began)
	if err != nil || bp.ID != p.ID || bp.SyncStartedAt == nil || !bp.SyncStartedAt.Equal(began.Truncate(time.Microsecond)) {
		t.Fatalf("BeginPlacementSync = %+v, %v", bp, err)
	}
	if err := st.BeginJobSync(ctx, acc, job.ID, began); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		kind string
		id   uuid.UUID
	}{{"placement", p.ID}, {"job", job.ID}} {
		if asked, err := st.SyncAskedSince(ctx, tt.kind, acc, tt.id, began); err != nil || asked {
			t.Errorf("%s: asked since the sync began = %v, %v; want false", tt.kind, asked, err)
		}
		if asked, err := st.SyncAskedSince(ctx, tt.kind, acc, tt.id, began.Add(-time.Hour)); err != nil || !asked {
			t.Errorf("%s: asked in the hour before = %v, %v; want true", tt.kind, asked, err)
		}
		if asked, err := st.SyncAskedSince(ctx, tt.kind, other, tt.id, began.Add(-time.Hour)); err != nil || asked {
			t.Errorf("%s: another account's = %v, %v; want false", tt.kind, asked, err)
		}
	}
	// A placement id is no job id, nor the other way round.
	if asked, err := st.SyncAskedSince(ctx, "job", acc, p.ID, began.Add(-time.Hour)); err != nil || asked {
		t.Errorf("a placement asked as a job = %v, %v", asked, err)
	}

	// The job changed: its placements p and q are asked again, r is not.
	time.Sleep(2 * time.Millisecond)
	if err := st.RequestPlacementSyncs(ctx, []uuid.UUID{p.ID, q.ID}); err != nil {
		t.Fatal(err)
	}
	if err := st.RequestPlacementSyncs(ctx, nil); err != nil {
		t.Fatalf("no placements: %v", err)
	}
	for _, tt := range []struct {
		id   uuid.UUID
		want bool
	}{{p.ID, true}, {q.ID, true}, {r.ID, false}} {
		if asked, err := st.SyncAskedSince(ctx, "placement", acc, tt.id, began); err != nil || asked != tt.want {
			t.Errorf("placement %s asked since = %v, %v; want %v", tt.id, asked, err, tt.want)
		}
	}
	// A new ask on the job.
	if _, _, _, err := st.UpsertJob(ctx, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "S-1"}); err != nil {
		t.Fatal(err)
	}
	if asked, err := st.SyncAskedSince(ctx, "job", acc, job.ID, began); err != nil || !asked {
		t.Errorf("job asked again = %v, %v", asked, err)
	}

	const reason = "the VMS answered 503 Service Unavailable"
	if err := st.RecordPlacementSyncError(ctx, acc, p.ID, reason); err != nil {
		t.Fatal(err)
	}
	if got := load(t, st, acc, p.ID); deref(got.SyncError) != reason {
		t.Errorf("sync error = %q", deref(got.SyncError))
	}
	if got := load(t, st, acc, q.ID); got.SyncError != nil {
		t.Errorf("another placement's sync error = %q", deref(got.SyncError))
	}
	wantNotFound(t, "RecordPlacementSyncError of another account's placement", st.RecordPlacementSyncError(ctx, other, p.ID, reason))
	wantNotFound(t, "RecordPlacementSyncError of an unknown placement", st.RecordPlacementSyncError(ctx, acc, uuid.New(), reason))
	wantNotFound(t, "BeginPlacementSync of another account's placement", errOf(st.BeginPlacementSync(ctx, other, p.ID, began)))

	// JobPlacements lists the job's ACTIVE placements, oldest first.
	exec(t, testenv.Conn(t), `UPDATE placements SET status = 'COMPLETED' WHERE id = $1`, q.ID)
	ps, err := st.JobPlacements(ctx, acc, job.ID)
	if err != nil || len(ps) != 2 || ps[0].ID != p.ID || ps[1].ID != r.ID {
		t.Fatalf("JobPlacements = %+v, %v", ps, err)
	}
	if ps, err := st.JobPlacements(ctx, other, job.ID); err != nil || len(ps) != 0 {
		t.Fatalf("another account's JobPlacements = %+v, %v", ps, err)
	}
}

// Work that read a row before a slow step updates it only if it is still
// as read: a person's skip made meanwhile stands, and the packet stays
// READY.
func TestPlacementRowUpdateExpectsTheRowAsRead(t *testing.T) {
	ctx, st, acc := setUp(t, "expect")
	job := sandboxJob(t, st, acc, "E-1")
	p := newPlacement(t, st, acc, job.ID, "nurse-1", nil)
	apply(t, st, acc, p.ID, keyRow(t, "oig_exclusion_check", "OIG", "Background & Compliance", 1))
	row := rowOf(t, load(t, st, acc, p.ID), "key:oig_exclusion_check")
	running := store.RowUpdate{Status: "IN_PROGRESS", Reason: "the registry check is running", EvidenceKind: store.EvidenceRegistryCheck, EvidenceID: "s-1",
		Expect: &store.RowState{Status: "IN_PROGRESS"}}
	update(t, st, acc, p.ID, row.ID, running)

	for _, tt := range []struct {
		name   string
		u      store.RowUpdate
		status string // of the row afterwards
		moved  bool
	}{
		{"the check's result, the row as read", store.RowUpdate{Status: "IN_PROGRESS", Reason: "possible match", EvidenceKind: store.EvidenceRegistryCheck, EvidenceID: "s-1",
			Expect: &store.RowState{Status: "IN_PROGRESS", EvidenceID: "s-1"}}, "IN_PROGRESS", false},
		{"another search's result", store.RowUpdate{Status: "FULFILLED", Reason: "no match", EvidenceKind: store.EvidenceRegistryCheck, EvidenceID: "s-0",
			Expect: &store.RowState{Status: "IN_PROGRESS", EvidenceID: "s-0"}}, "IN_PROGRESS", true},
		{"a person skips it", store.RowUpdate{Status: "SKIPPED", Reason: "not required", EvidenceKind: store.EvidencePerson, EvidenceID: "recruiter-7"}, "SKIPPED", false},
		{"a search started before the skip", running, "SKIPPED", true},
		{"its result after the skip", store.RowUpdate{Status: "FULFILLED", Reason: "no match", EvidenceKind: store.EvidenceRegistryCheck, EvidenceID: "s-1",
			Expect: &store.RowState{Status: "IN_PROGRESS", EvidenceID: "s-1"}}, "SKIPPED", true},
	} {
		_, err := st.UpdateRow(ctx, acc, p.ID, row.ID, tt.u)
		if moved := errors.Is(err, store.ErrRowMoved); moved != tt.moved || err != nil && !moved {
			t.Fatalf("%s: err = %v, want moved %v", tt.name, err, tt.moved)
		}
		if got := rowOf(t, load(t, st, acc, p.ID), "key:oig_exclusion_check"); got.Status != tt.status {
			t.Fatalf("%s: row %s (%s), want %s", tt.name, got.Status, got.StatusReason, tt.status)
		}
	}
	if pk := load(t, st, acc, p.ID).Packets; len(pk) != 1 || pk[0].Status != "READY" {
		t.Errorf("packets %+v, want one READY", pk)
	}
}
