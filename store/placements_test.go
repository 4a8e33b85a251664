package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
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
	ctx := context.Background()
	st := testenv.Store(t)
	acc := newAccount(t, st, "placements")
	other := newAccount(t, st, "placements-other")
	job := newJob(t, st, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "P-1", Title: ptr("ICU RN")})
	theirs := newJob(t, st, store.JobInput{AccountID: other, VMSType: "sandbox", VMSJobRefID: "P-1"})
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
	_, err = st.Placement(ctx, other, p.ID)
	wantNotFound(t, "another account's placement", err)
	_, err = st.Placement(ctx, acc, uuid.New())
	wantNotFound(t, "unknown placement", err)
	_, err = st.PlacementAudit(ctx, other, p.ID)
	wantNotFound(t, "another account's placement trail", err)
}

func TestCreatePlacementConcurrentRepeats(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	db := rawDB(t)
	acc := newAccount(t, st, "placements-race")
	job := newJob(t, st, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "RACE-P"})

	const n = 16
	var (
		wg      sync.WaitGroup
		start   = make(chan struct{})
		ids     [n]uuid.UUID
		created [n]bool
		errs    [n]error
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			p, c, err := st.CreatePlacement(ctx, store.PlacementInput{AccountID: acc, JobID: job.ID, ExternalID: "nurse-race",
				CandidateName: ptr(fmt.Sprintf("Caller %d", i))})
			errs[i], created[i] = err, c
			if err == nil {
				ids[i] = p.ID
			}
		}()
	}
	close(start)
	wg.Wait()
	creates := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("caller %d: %v", i, errs[i])
		}
		if ids[i] != ids[0] {
			t.Errorf("caller %d got placement %s, caller 0 %s", i, ids[i], ids[0])
		}
		if created[i] {
			creates++
		}
	}
	if creates != 1 {
		t.Errorf("%d callers were told they created the placement, want 1", creates)
	}
	var rows int
	if err := db.QueryRow(ctx, `SELECT count(*) FROM placements WHERE account_id = $1`, acc).Scan(&rows); err != nil || rows != 1 {
		t.Fatalf("placement rows = %d, %v", rows, err)
	}
	if got := trailOf(t, st, acc, ids[0], ids[0].String()); len(got) != 1 {
		t.Errorf("placement trail = %q, want one created", got)
	}
}

func TestListPlacements(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	db := rawDB(t)
	acc := newAccount(t, st, "list")
	other := newAccount(t, st, "list-other")
	j1 := newJob(t, st, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "L-1", Title: ptr("ICU RN")})
	j2 := newJob(t, st, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "L-2"})
	jo := newJob(t, st, store.JobInput{AccountID: other, VMSType: "sandbox", VMSJobRefID: "L-1"})
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
	ctx := context.Background()
	st := testenv.Store(t)
	acc := newAccount(t, st, "rows")
	other := newAccount(t, st, "rows-other")
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
		"key:hepatitis_b >PENDING", "key:hepatitis_b PENDING>IN_PROGRESS",
		"key:oig_exclusion_check IN_PROGRESS>SKIPPED",
		"key:tb_screening IN_PROGRESS>REMOVED",
		"label:hep b titer or declination AWAITING_CONFIG>REMOVED",
	}
	if got := changeList(changes); !slices.Equal(got, wantChanges) {
		t.Errorf("v2 changes:\n%q\nwant\n%q", got, wantChanges)
	}
	got = checkPlacement(t, st, acc, p.ID, 6, 6, 1)
	if want := []string{"key:acls=IN_PROGRESS", "key:hepatitis_b=IN_PROGRESS", "key:bls=FULFILLED", "key:oig_exclusion_check=SKIPPED",
		"key:orientation=SKIPPED", "key:drug_screen=SKIPPED"}; !slices.Equal(rowStatuses(got), want) {
		t.Errorf("rows after v2 = %q, want %q", rowStatuses(got), want)
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
	_, err = st.ApplyPlacementRows(ctx, other, p.ID, v1)
	wantNotFound(t, "ApplyPlacementRows of another account's placement", err)
	checkPlacement(t, st, acc, p.ID, 6, 6, 4)
}

func mustAudit(t *testing.T, st *store.Store, acc string, id uuid.UUID) []store.AuditEvent {
	t.Helper()
	evs, err := st.PlacementAudit(context.Background(), acc, id)
	if err != nil {
		t.Fatal(err)
	}
	return evs
}
