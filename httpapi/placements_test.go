package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/client"

	"github.com/clearedtostart/compliance/internal/registrysamples"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/workflows"
)

// The parts of the Job and Placement JSON the tests read.

type rowView struct {
	ID                 string          `json:"id"`
	VMSRequirementName string          `json:"vmsRequirementName"`
	PacketGroup        string          `json:"packetGroup"`
	FulfillmentType    *string         `json:"fulfillmentType"`
	RequirementKey     *string         `json:"requirementKey"`
	Status             string          `json:"status"`
	IsMapped           bool            `json:"isMapped"`
	SortOrder          int             `json:"sortOrder"`
	Sources            []string        `json:"sources"`
	StatusReason       *string         `json:"statusReason"`
	ExpiresAt          *string         `json:"expiresAt"`
	Review             json.RawMessage `json:"review"`
	Evidence           *struct {
		Kind string `json:"kind"`
		ID   string `json:"id"`
	} `json:"evidence"`
}

func (r rowView) key() string {
	if r.RequirementKey == nil {
		return ""
	}
	return *r.RequirementKey
}

type syncView struct {
	RequestedAt *time.Time `json:"requestedAt"`
	StartedAt   *time.Time `json:"startedAt"`
	SyncedAt    *time.Time `json:"syncedAt"`
	Error       *string    `json:"error"`
}

type jobView struct {
	ID               string    `json:"id"`
	VMSJobRefID      string    `json:"vmsJobRefId"`
	Title            *string   `json:"title"`
	Location         *string   `json:"location"`
	Department       *string   `json:"department"`
	Status           string    `json:"status"`
	RequirementCount int       `json:"requirementCount"`
	MappedCount      int       `json:"mappedCount"`
	PlacementCount   int       `json:"placementCount"`
	ScrapeQueued     *bool     `json:"scrapeQueued"`
	Requirements     []rowView `json:"requirements"`
	Sync             syncView  `json:"sync"`
	Conflicts        []struct {
		Kind   string `json:"kind"`
		Label  string `json:"label"`
		Detail string `json:"detail"`
	} `json:"conflicts"`
	VMSIntegration struct {
		VMSType string `json:"vmsType"`
	} `json:"vmsIntegration"`
}

type packetView struct {
	ID          string `json:"id"`
	PacketGroup string `json:"packetGroup"`
	Status      string `json:"status"`
}

type placementView struct {
	ID        string                           `json:"id"`
	Status    string                           `json:"status"`
	Job       struct{ ID, VMSJobRefID string } `json:"job"`
	Candidate struct {
		ExternalID string  `json:"externalId"`
		Name       *string `json:"name"`
	} `json:"candidate"`
	StartDate        *string      `json:"startDate"`
	Packets          []packetView `json:"packets"`
	RequirementCount int          `json:"requirementCount"`
	MappedCount      int          `json:"mappedCount"`
	FulfilledCount   int          `json:"fulfilledCount"`
	Requirements     []rowView    `json:"requirements"`
	Sync             syncView     `json:"sync"`
}

func (p placementView) row(key string) (rowView, bool) {
	for _, r := range p.Requirements {
		if r.key() == key {
			return r, true
		}
	}
	return rowView{}, false
}

func (p placementView) rowNamed(label string) (rowView, bool) {
	for _, r := range p.Requirements {
		if r.VMSRequirementName == label {
			return r, true
		}
	}
	return rowView{}, false
}

// expires is the expiry of the row id, zero while it has none.
func (p placementView) expires(id string) time.Time {
	for _, r := range p.Requirements {
		if r.ID == id && r.ExpiresAt != nil {
			at, _ := time.Parse(time.DateOnly, *r.ExpiresAt)
			return at
		}
	}
	return time.Time{}
}

func (p placementView) packet(group string) packetView {
	for _, pk := range p.Packets {
		if pk.PacketGroup == group {
			return pk
		}
	}
	return packetView{}
}

// newAccount makes an account of its own for a test (its jobs, mappings
// and matrices are then the test's alone) and returns its key.
func (hh *harness) newAccount(t *testing.T, prefix string) (account, key string) {
	t.Helper()
	account = prefix + "-" + uuid.NewString()[:8]
	key, _, err := hh.st.CreateAPIKey(context.Background(), account, "tests")
	if err != nil {
		t.Fatal(err)
	}
	return account, key
}

func (hh *harness) doJSON(t *testing.T, method, path, key string, body any) response {
	t.Helper()
	return hh.do(t, method, path, key, strings.NewReader(jsonString(body)), "application/json")
}

// sandboxJob asks with POST /job for the job of a sandbox reference
// (created, or updated when the account has it) and returns it.
func (hh *harness) sandboxJob(t *testing.T, key, ref string) jobView {
	t.Helper()
	r := hh.doJSON(t, http.MethodPost, "/job", key, map[string]any{"vmsType": "sandbox", "vmsJobRefId": ref})
	if r.status != http.StatusCreated && r.status != http.StatusOK {
		t.Fatalf("POST /job: %d %s", r.status, r.body)
	}
	var job jobView
	r.json(t, &job)
	return job
}

// newPlacement creates a placement with POST /placement and returns it.
func (hh *harness) newPlacement(t *testing.T, key string, body map[string]any) placementView {
	t.Helper()
	r := hh.doJSON(t, http.MethodPost, "/placement", key, body)
	if r.status != http.StatusCreated {
		t.Fatalf("POST /placement: %d %s", r.status, r.body)
	}
	var pl placementView
	r.json(t, &pl)
	return pl
}

// wantError checks r is an error of the status and code, with the message
// and naming the field (each when not "").
func wantError(t *testing.T, r response, status int, code, field, message string) {
	t.Helper()
	e := r.errorBody(t)
	if r.status != status || e.Code != code {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if message != "" && e.Message != message {
		t.Errorf("message %q, want %q", e.Message, message)
	}
	if field != "" && !strings.Contains(string(r.body), `"field":"`+field+`"`) {
		t.Errorf("no field %q: %s", field, r.body)
	}
}

// waitJob polls a job until done says it is ready.
func (hh *harness) waitJob(t *testing.T, key, id, what string, done func(jobView) bool) jobView {
	t.Helper()
	return poll(hh, t, key, "/job/"+id, 90*time.Second, done, func(_ jobView, r response) string {
		return fmt.Sprintf("job %s: %s not reached in 90 s: %s", id, what, r.body)
	})
}

// waitPlacement polls a placement until done says it is ready, checking
// the counts of every answer on the way.
func (hh *harness) waitPlacement(t *testing.T, key, id, what string, done func(placementView) bool) placementView {
	t.Helper()
	ready := func(p placementView) bool {
		checkCounts(t, p)
		return done(p)
	}
	return poll(hh, t, key, "/placement/"+id, 2*time.Minute, ready, func(p placementView, _ response) string {
		var rows []string
		for _, row := range p.Requirements {
			rows = append(rows, fmt.Sprintf("%q %s %s (%s)", row.VMSRequirementName, row.key(), row.Status, deref(row.StatusReason)))
		}
		return fmt.Sprintf("placement %s: %s not reached in 2 minutes; rows:\n%s", id, what, strings.Join(rows, "\n"))
	})
}

// checkCounts asserts what must hold of every placement answer: the counts
// are the rows', and a packet is READY (or uploaded) exactly when each of
// its rows that is not SKIPPED is FULFILLED.
func checkCounts(t *testing.T, p placementView) {
	t.Helper()
	mapped, fulfilled := 0, 0
	ready := map[string]bool{}
	for _, r := range p.Requirements {
		if r.IsMapped {
			mapped++
		}
		if r.IsMapped != (r.RequirementKey != nil) {
			t.Errorf("row %q: isMapped %v with key %v", r.VMSRequirementName, r.IsMapped, r.RequirementKey)
		}
		if r.Status == "FULFILLED" {
			fulfilled++
		}
		if _, seen := ready[r.PacketGroup]; !seen {
			ready[r.PacketGroup] = true
		}
		if r.Status != "FULFILLED" && r.Status != "SKIPPED" {
			ready[r.PacketGroup] = false
		}
	}
	if p.RequirementCount != len(p.Requirements) || p.MappedCount != mapped || p.FulfilledCount != fulfilled {
		t.Errorf("counts %d/%d/%d, rows say %d/%d/%d", p.RequirementCount, p.MappedCount, p.FulfilledCount, len(p.Requirements), mapped, fulfilled)
	}
	if len(p.Requirements) > 0 && len(p.Packets) != len(ready) {
		t.Errorf("%d packets for %d packet groups", len(p.Packets), len(ready))
	}
	for _, pk := range p.Packets {
		want := "INCOMPLETE"
		if ready[pk.PacketGroup] {
			want = "READY"
		}
		// An upload's statuses: UPLOADING whatever the rows do meanwhile;
		// UPLOADED or FAILED only while the rows stay done.
		if pk.Status == "UPLOADING" || (want == "READY" && (pk.Status == "UPLOADED" || pk.Status == "FAILED")) {
			continue
		}
		if pk.Status != want {
			t.Errorf("packet %q is %s, its rows say %s", pk.PacketGroup, pk.Status, want)
		}
	}
}

// clientEmail is a plain-text client email naming a job.
func clientEmail(messageID, subject, body string) string {
	return strings.ReplaceAll(fmt.Sprintf(`From: Dana Whitfield <credentialing@mercyvalley.example>
To: compliance@agency.example
Subject: %s
Date: Mon, 23 Nov 2026 09:14:00 -0800
Message-ID: <%s>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

%s
`, subject, messageID, body), "\n", "\r\n")
}

// The spec's whole flow on the real stack: a job's rows come from the
// sandbox VMS, a client email and a matrix; a placement's rows follow;
// documents and registry searches fulfil them; packets become READY.
func TestRequirementIngestionFlow(t *testing.T) {
	hh := stack(t)
	lists(t)
	_, key := hh.newAccount(t, "flow")
	const ref = "OR-5" // Med/Surg at Mercy Valley: one certification (BLS), OIG & SAM screening

	// 1. The job: its rows come from the sandbox VMS.
	r := hh.doJSON(t, http.MethodPost, "/job", key, map[string]any{"vmsType": "sandbox", "vmsJobRefId": ref,
		"title": "Travel RN - Med/Surg", "facility": "Mercy Valley Health – Main Campus", "client": "Mercy Valley Health", "atsJobRefId": "BH-77120", "atsSystem": "bullhorn"})
	if r.status != http.StatusCreated {
		t.Fatalf("POST /job: %d %s", r.status, r.body)
	}
	var job jobView
	r.json(t, &job)
	if job.ScrapeQueued == nil || !*job.ScrapeQueued || job.Status != "ACTIVE" || job.VMSIntegration.VMSType != "sandbox" {
		t.Fatalf("new job: %s", r.body)
	}
	job = hh.waitJob(t, key, job.ID, "rows from the VMS", func(j jobView) bool { return j.Sync.SyncedAt != nil && len(j.Requirements) > 0 })
	// What the caller sent is kept; what it did not, the VMS fills in.
	if deref(job.Title) != "Travel RN - Med/Surg" || !strings.HasPrefix(deref(job.Location), "Fresno, CA") || deref(job.Department) != "Medical/Surgical" {
		t.Errorf("job details: title %q, location %q, department %q", deref(job.Title), deref(job.Location), deref(job.Department))
	}
	vmsRows := len(job.Requirements)
	keys := map[string]rowView{}
	for _, row := range job.Requirements {
		keys[row.key()] = row
		if !slices.Contains(row.Sources, "vms") {
			t.Errorf("row %q from %v", row.VMSRequirementName, row.Sources)
		}
	}
	for _, want := range []string{"nursing_license", "bls", "tb_screening", "oig_exclusion_check", "sam_exclusion_check", "coversheet"} {
		if _, ok := keys[want]; !ok {
			t.Errorf("the VMS's %s is not a row: %+v", want, job.Requirements)
		}
	}
	if un, ok := keys[""]; !ok || un.Status != "AWAITING_CONFIG" || un.IsMapped {
		t.Errorf("an unmapped facility wording: %+v", un)
	}
	if !hh.findsWorkflow(t, fmt.Sprintf("JobId = %q AND VmsType = 'sandbox'", job.ID), workflows.JobSyncWorkflowID(job.ID)) {
		t.Error("the job's sync is not found by JobId and VmsType")
	}

	// 2. A client email adds to it: a duplicate of the VMS's BLS (one row,
	// two sources, in another packet: a conflict), a new item, and a
	// wording nobody mapped.
	msgID := uuid.NewString() + "@mercyvalley.example"
	// (People write references in any case.)
	email := clientEmail(msgID, "Additional requirements for Job #"+strings.ToLower(ref), `Hello team,

For this assignment please also collect:

Certs:
- BLS - AHA only
Health:
- N95 fit test – annual
- Parking permit application

Thank you,
Dana Whitfield
Credentialing, Mercy Valley Health`)
	r = hh.do(t, http.MethodPost, "/inbound/email", key, strings.NewReader(email), "message/rfc822")
	if r.status != http.StatusAccepted {
		t.Fatalf("POST /inbound/email: %d %s", r.status, r.body)
	}
	var got struct {
		ID     string  `json:"id"`
		Status string  `json:"status"`
		JobID  *string `json:"jobId"`
		Items  []any   `json:"items"`
	}
	r.json(t, &got)
	if got.JobID == nil || *got.JobID != job.ID || len(got.Items) != 3 {
		t.Fatalf("the email was not attached to the job: %s", r.body)
	}
	if r := hh.do(t, http.MethodPost, "/inbound/email", key, strings.NewReader(email), "message/rfc822"); r.status != http.StatusOK || !strings.Contains(string(r.body), `"duplicate":true`) {
		t.Errorf("the same message again: %d %s", r.status, r.body)
	}
	job = hh.waitJob(t, key, job.ID, "rows from the email", func(j jobView) bool {
		for _, row := range j.Requirements {
			if row.key() == "fit_test" {
				return true
			}
		}
		return false
	})
	blsRows := 0
	for _, row := range job.Requirements {
		if row.key() == "bls" {
			blsRows++
			if !slices.Contains(row.Sources, "vms") || !slices.Contains(row.Sources, "email") || row.PacketGroup != "Certifications" {
				t.Errorf("BLS from the VMS and the email: %+v", row)
			}
		}
	}
	if blsRows != 1 || len(job.Requirements) != vmsRows+2 {
		t.Errorf("%d BLS rows, %d rows after the email (VMS %d)", blsRows, len(job.Requirements), vmsRows)
	}
	conflict := false
	for _, c := range job.Conflicts {
		conflict = conflict || (c.Kind == "packet_group" && strings.Contains(c.Detail, "Certs"))
	}
	if !conflict {
		t.Errorf("the packet the email named for BLS is not a conflict: %+v", job.Conflicts)
	}

	// 3. A job matrix adds the other exclusion screens in a packet of
	// their own.
	r = hh.doJSON(t, http.MethodPut, "/matrices/job/"+ref, key, map[string]any{"vmsType": "sandbox", "mode": "add", "requirements": []map[string]any{
		{"requirementKey": "ofac_check", "packetGroup": "Exclusion Screening"},
		{"requirementKey": "sex_offender_check", "packetGroup": "Exclusion Screening"},
	}})
	if r.status != http.StatusCreated {
		t.Fatalf("PUT /matrices: %d %s", r.status, r.body)
	}
	job = hh.waitJob(t, key, job.ID, "rows from the matrix", func(j jobView) bool {
		n := 0
		for _, row := range j.Requirements {
			if (row.key() == "ofac_check" || row.key() == "sex_offender_check") && slices.Contains(row.Sources, "matrix:job") {
				n++
			}
		}
		return n == 2
	})

	// 4. The placement: its rows follow the job's, and start by themselves.
	person := sampledocs.NewPerson(sampledocs.Seeded(1515))
	start := time.Now().UTC().AddDate(0, 0, 14).Truncate(24 * time.Hour)
	placementBody := map[string]any{"jobId": job.ID, "externalId": "nurse-flow-1", "candidateName": person.FullName(),
		"candidateEmail": person.Email, "startDate": start.Format(time.DateOnly), "atsPlacementRefId": "BH-P-5512", "vmsPlacementRefId": "P-" + ref + "-1"}
	r = hh.doJSON(t, http.MethodPost, "/placement", key, placementBody)
	if r.status != http.StatusCreated || r.header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("POST /placement: %d %s", r.status, r.body)
	}
	var pl placementView
	r.json(t, &pl)
	if again := hh.doJSON(t, http.MethodPost, "/placement", key, placementBody); again.status != http.StatusCreated ||
		again.header.Get("Idempotent-Replayed") != "true" || !strings.Contains(string(again.body), pl.ID) {
		t.Fatalf("the same placement again: %d %s", again.status, again.body)
	}
	pl = hh.waitPlacement(t, key, pl.ID, "every row past PENDING", func(p placementView) bool {
		if len(p.Requirements) == 0 {
			return false
		}
		for _, row := range p.Requirements {
			if row.Status == "PENDING" {
				return false
			}
		}
		return true
	})
	if pl.Candidate.ExternalID != "nurse-flow-1" || pl.StartDate == nil || *pl.StartDate != start.Format(time.DateOnly) {
		t.Fatalf("placement: %+v starting %v", pl.Candidate, pl.StartDate)
	}
	// The job's rows, and what the VMS asks of this placement besides.
	rowID := func(r rowView) string { return r.key() + "|" + r.VMSRequirementName }
	var placementRows []string
	for _, row := range pl.Requirements {
		placementRows = append(placementRows, rowID(row))
	}
	for _, row := range job.Requirements {
		if !slices.Contains(placementRows, rowID(row)) {
			t.Errorf("the job's row %q is not the placement's", row.VMSRequirementName)
		}
	}
	if len(pl.Requirements) <= len(job.Requirements) {
		t.Errorf("%d placement rows: the VMS's placement items are missing (job: %d)", len(pl.Requirements), len(job.Requirements))
	}
	for _, row := range pl.Requirements {
		want := "IN_PROGRESS"
		switch {
		case !row.IsMapped:
			want = "AWAITING_CONFIG"
		case row.FulfillmentType != nil && *row.FulfillmentType == "REGISTRY_SEARCH":
			continue // may have finished already
		}
		if row.Status != want || row.StatusReason == nil || *row.StatusReason == "" {
			t.Errorf("row %q (%s): %s %v", row.VMSRequirementName, row.key(), row.Status, row.StatusReason)
		}
	}
	if st, _ := pl.row("coversheet"); !strings.Contains(deref(st.StatusReason), "statement") {
		t.Errorf("a STATEMENT row waits with a clear reason: %+v", st)
	}
	if !hh.findsWorkflow(t, fmt.Sprintf("PlacementId = %q AND ExternalId = 'nurse-flow-1' AND JobId = %q", pl.ID, job.ID), workflows.PlacementSyncWorkflowID(pl.ID)) {
		t.Error("the placement's sync is not found by PlacementId, ExternalId and JobId")
	}

	// 5. The registry searches run by themselves: not listed, FULFILLED.
	pl = hh.waitPlacement(t, key, pl.ID, "registry rows FULFILLED", func(p placementView) bool {
		for _, k := range []string{"oig_exclusion_check", "sam_exclusion_check", "ofac_check", "sex_offender_check"} {
			if row, _ := p.row(k); row.Status != "FULFILLED" {
				return false
			}
		}
		return true
	})
	if row, _ := pl.row("ofac_check"); row.Evidence == nil || row.Evidence.Kind != "registry_check" {
		t.Errorf("a registry row's evidence: %+v", row.Evidence)
	}
	if pk := pl.packet("Exclusion Screening"); pk.Status != "READY" {
		t.Errorf("Exclusion Screening: %+v", pk)
	}

	// 6. Documents: a BLS card that lapses before the start is rejected;
	// a current one fulfils the row, and its packet is READY.
	bls, _ := pl.row("bls")
	lapsed := sampledocs.Generate(sampledocs.Seeded(16), "bls", person, sampledocs.Options{AsOf: start, Expired: true})
	current := sampledocs.Generate(sampledocs.Seeded(17), "bls", person, sampledocs.Options{AsOf: start})
	for i, doc := range []sampledocs.Doc{lapsed, current} {
		pdf, err := sampledocs.RenderPDF(doc)
		if err != nil {
			t.Fatal(err)
		}
		in := hh.createIntake(t, key, field("external_id", "nurse-flow-1"),
			field("validate", jsonString(map[string]any{"placement_id": pl.ID, "requirement_id": bls.ID})), filePart("bls.pdf", pdf))
		done := hh.waitIntake(t, in.ID, key)
		if done.ScanStatus != "SUCCESS" {
			t.Fatalf("intake %d: %s %+v", i, done.ScanStatus, done.Error)
		}
		if done.Validation == nil || done.Validation.Requirement != "bls" {
			t.Errorf("the row's requirement is the intake's validation: %+v", done.Validation)
		}
		if i == 1 {
			hh.recordHistory(t, workflows.IntakeWorkflowID(in.ID), "intake_for_placement")
		}
		want := []string{"REJECTED", "FULFILLED"}[i]
		pl = hh.waitPlacement(t, key, pl.ID, "BLS "+want, func(p placementView) bool { row, _ := p.row("bls"); return row.Status == want })
		row, _ := pl.row("bls")
		if row.Evidence == nil || row.Evidence.Kind != "segment" || row.Evidence.ID != done.Segments[0].ID {
			t.Errorf("BLS %s evidence: %+v (segment %s)", want, row.Evidence, done.Segments[0].ID)
		}
		if i == 0 && !strings.Contains(deref(row.StatusReason), "did not pass") {
			t.Errorf("the rejection says why: %v", row.StatusReason)
		}
	}
	if pk := pl.packet("Certifications"); pk.Status != "READY" {
		t.Errorf("Certifications with its BLS fulfilled: %+v", pk)
	}

	// 7. An unmapped wording is mapped once, for every row that carries
	// it: the waiting row moves on. Another is mapped to a requirement the
	// placement already has: the two become one row.
	i9, _ := pl.rowNamed("I-9 Employment Eligibility Verification")
	r = hh.doJSON(t, http.MethodPut, "/mappings/sandbox", key, map[string]any{"label": "I-9 Employment Eligibility Verification", "requirementKey": "government_id"})
	if r.status != http.StatusOK {
		t.Fatalf("PUT /mappings: %d %s", r.status, r.body)
	}
	r = hh.doJSON(t, http.MethodPut, "/mappings/sandbox", key, map[string]any{"label": "Parking permit application", "requirementKey": "orientation"})
	if r.status != http.StatusOK {
		t.Fatalf("PUT /mappings: %d %s", r.status, r.body)
	}
	pl = hh.waitPlacement(t, key, pl.ID, "the mapped rows", func(p placementView) bool {
		row, _ := p.rowNamed("I-9 Employment Eligibility Verification")
		_, parking := p.rowNamed("Parking permit application")
		orient, _ := p.row("orientation")
		return row.IsMapped && row.Status == "IN_PROGRESS" && !parking && slices.Contains(orient.Sources, "email")
	})
	if row, _ := pl.row("government_id"); row.ID != i9.ID || row.VMSRequirementName != "I-9 Employment Eligibility Verification" {
		t.Errorf("the I-9 row did not move on: %+v (was %s)", row, i9.ID)
	}
	orient, _ := pl.row("orientation")
	r = hh.doJSON(t, http.MethodPost, "/placement/"+pl.ID+"/requirements/"+orient.ID+"/status", key, map[string]any{"status": "FULFILLED", "reason": "unit orientation completed 11/20, signed by the charge nurse"})
	if r.status != http.StatusOK {
		t.Fatalf("fulfil a PASS_THROUGH row: %d %s", r.status, r.body)
	}
	r.json(t, &pl)
	checkCounts(t, pl)
	if row, _ := pl.row("orientation"); row.Status != "FULFILLED" || row.Evidence == nil || row.Evidence.Kind != "person" || !strings.HasPrefix(row.Evidence.ID, "api-key:") {
		t.Errorf("PASS_THROUGH row: %+v", row)
	}
	if r := hh.doJSON(t, http.MethodPost, "/placement/"+pl.ID+"/requirements/"+i9.ID+"/status", key, map[string]any{"status": "FULFILLED", "reason": "seen it"}); r.status != http.StatusConflict {
		t.Errorf("a DOCUMENT row fulfilled by hand: %d %s", r.status, r.body)
	}

	// 8. Every other row of a packet skipped: READY; the package status
	// and the list agree.
	group := orient.PacketGroup
	for _, row := range pl.Requirements {
		if row.PacketGroup == group && row.Status != "FULFILLED" {
			r := hh.doJSON(t, http.MethodPost, "/placement/"+pl.ID+"/requirements/"+row.ID+"/status", key, map[string]any{"status": "SKIPPED", "reason": "waived by the facility for this assignment"})
			if r.status != http.StatusOK {
				t.Fatalf("skip: %d %s", r.status, r.body)
			}
			r.json(t, &pl)
		}
	}
	checkCounts(t, pl)
	if pk := pl.packet(group); pk.Status != "READY" {
		t.Errorf("%s with every row fulfilled or skipped: %+v", group, pk)
	}
	r = hh.do(t, http.MethodGet, "/placement/"+pl.ID+"/package-status", key, nil, "")
	var ps struct {
		PlacementID string       `json:"placementId"`
		Status      string       `json:"status"`
		Packets     []packetView `json:"packets"`
	}
	r.json(t, &ps)
	if r.status != 200 || ps.PlacementID != pl.ID || ps.Status != "ACTIVE" || len(ps.Packets) != len(pl.Packets) {
		t.Errorf("package status: %d %s", r.status, r.body)
	}
	for _, pk := range ps.Packets {
		if pl.packet(pk.PacketGroup).Status != pk.Status {
			t.Errorf("package status %+v, placement says %+v", pk, pl.packet(pk.PacketGroup))
		}
	}

	// 9. The audit trail tells each row's story.
	r = hh.do(t, http.MethodGet, "/placement/"+pl.ID+"/audit", key, nil, "")
	var trail []struct {
		Subject, SubjectID, From, To, Reason string
	}
	r.json(t, &trail)
	story := func(id string) []string {
		var out []string
		for _, e := range trail {
			if e.SubjectID == id {
				out = append(out, e.To)
			}
		}
		return out
	}
	for _, tt := range []struct {
		name, id string
		want     []string
	}{
		{"BLS", bls.ID, []string{"PENDING", "IN_PROGRESS", "REJECTED", "FULFILLED"}},
		{"I-9", i9.ID, []string{"AWAITING_CONFIG", "PENDING", "IN_PROGRESS"}},
		{"orientation", orient.ID, []string{"PENDING", "IN_PROGRESS", "FULFILLED"}},
	} {
		if got := story(tt.id); !slices.Equal(got, tt.want) {
			t.Errorf("%s row's trail %v, want %v", tt.name, got, tt.want)
		}
	}

	// 10. Another account sees none of it.
	for _, path := range []string{"/job/" + job.ID, "/placement/" + pl.ID, "/placement/" + pl.ID + "/package-status", "/placement/" + pl.ID + "/audit"} {
		if r := hh.do(t, http.MethodGet, path, hh.keyB, nil, ""); r.status != http.StatusNotFound || r.errorBody(t).Code != "not_found" {
			t.Errorf("GET %s with another account's key: %d %s", path, r.status, r.body)
		}
	}
	hh.recordHistory(t, workflows.JobSyncWorkflowID(job.ID), "job_sync")
	hh.recordHistory(t, workflows.PlacementSyncWorkflowID(pl.ID), "placement_sync")
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// A registry row whose search finds a possible match waits for a person,
// who clears or confirms it through the review endpoint.
func TestRegistryRowReview(t *testing.T) {
	hh := stack(t)
	l := lists(t)
	_, key := hh.newAccount(t, "review")
	var listed registrysamples.Case
	for _, c := range l.cases {
		if c.Listed && c.Registry == registry.OIGExclusion && c.Variant == "exact" && c.Query.DateOfBirth != "" {
			listed = c
			break
		}
	}
	job := hh.sandboxJob(t, key, "OR-5")
	pl := hh.newPlacement(t, key, map[string]any{"jobId": job.ID, "externalId": "nurse-listed",
		"candidateName": listed.Query.FirstName + " " + listed.Query.LastName})
	pl = hh.waitPlacement(t, key, pl.ID, "the OIG row waiting for review", func(p placementView) bool {
		row, _ := p.row("oig_exclusion_check")
		return len(row.Review) > 0 && string(row.Review) != "null"
	})
	oig, _ := pl.row("oig_exclusion_check")
	if oig.Status != "IN_PROGRESS" || !strings.Contains(deref(oig.StatusReason), "review") {
		t.Fatalf("a possible match: %+v", oig)
	}
	path := "/placement/" + pl.ID + "/requirements/" + oig.ID + "/review"
	tests := []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"no decision", map[string]any{"reason": "x"}, 400, "invalid_request"},
		{"unknown decision", map[string]any{"decision": "maybe", "reason": "x"}, 400, "invalid_request"},
		{"no reason", map[string]any{"decision": "clear"}, 400, "invalid_request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := hh.doJSON(t, http.MethodPost, path, key, tt.body)
			if r.status != tt.status || r.errorBody(t).Code != tt.code {
				t.Fatalf("%d %s", r.status, r.body)
			}
		})
	}
	r := hh.doJSON(t, http.MethodPost, path, key, map[string]any{"decision": "confirm", "reason": "same DOB and NPI as the LEIE record"})
	if r.status != http.StatusOK {
		t.Fatalf("confirm: %d %s", r.status, r.body)
	}
	r.json(t, &pl)
	if row, _ := pl.row("oig_exclusion_check"); row.Status != "REJECTED" || !strings.Contains(deref(row.StatusReason), "confirmed") ||
		!strings.Contains(deref(row.StatusReason), "(api-key:") || row.Evidence == nil || row.Evidence.Kind != "registry_check" {
		t.Fatalf("confirmed match: %+v", row)
	}
	if r := hh.doJSON(t, http.MethodPost, path, key, map[string]any{"decision": "clear", "reason": "again"}); r.status != http.StatusConflict {
		t.Fatalf("a decided row reviewed again: %d %s", r.status, r.body)
	}
}

// POST /placement is idempotent on (jobId, externalId), also when the
// same request arrives many times at once.
func TestPlacementConcurrentRepeats(t *testing.T) {
	hh := stack(t)
	_, key := hh.newAccount(t, "repeat")
	job := hh.sandboxJob(t, key, "UNAVAIL-77")
	const n = 16
	var wg sync.WaitGroup
	answers := make([]response, n)
	body := map[string]any{"jobId": job.ID, "externalId": "nurse-" + uuid.NewString()[:6], "candidateName": "Avery Quinn"}
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = hh.doJSON(t, http.MethodPost, "/placement", key, body)
		}()
	}
	wg.Wait()
	ids := map[string]bool{}
	firsts := 0
	for _, a := range answers {
		if a.status != http.StatusCreated {
			t.Fatalf("%d %s", a.status, a.body)
		}
		var p placementView
		a.json(t, &p)
		ids[p.ID] = true
		if a.header.Get("Idempotent-Replayed") == "" {
			firsts++
		}
	}
	if len(ids) != 1 || firsts != 1 {
		t.Fatalf("%d placements, %d first answers for %d identical requests", len(ids), firsts, n)
	}
	r := hh.do(t, http.MethodGet, "/placement?jobId="+job.ID, key, nil, "")
	var items []struct{ ID string }
	r.json(t, &items)
	if len(items) != 1 {
		t.Fatalf("the job has %d placements", len(items))
	}
}

// An UNAVAILABLE job queues no sync unless forced.
func TestUnavailableJob(t *testing.T) {
	hh := stack(t)
	_, key := hh.newAccount(t, "unavail")
	ref := "UNAVAIL-" + fmt.Sprint(time.Now().UnixNano()%100000)
	job := hh.sandboxJob(t, key, ref)
	job = hh.waitJob(t, key, job.ID, "UNAVAILABLE", func(j jobView) bool { return j.Status == "UNAVAILABLE" && j.Sync.SyncedAt != nil })
	r := hh.doJSON(t, http.MethodPost, "/job", key, map[string]any{"vmsType": "sandbox", "vmsJobRefId": ref, "title": "ICU days"})
	r.json(t, &job)
	if r.status != http.StatusCreated || job.ScrapeQueued == nil || *job.ScrapeQueued || deref(job.Title) != "ICU days" {
		t.Fatalf("an UNAVAILABLE job updated: %d %s", r.status, r.body)
	}
	r = hh.doJSON(t, http.MethodPost, "/job?force=true", key, map[string]any{"vmsType": "sandbox", "vmsJobRefId": ref})
	r.json(t, &job)
	if r.status != http.StatusCreated || job.ScrapeQueued == nil || !*job.ScrapeQueued {
		t.Fatalf("forced: %d %s", r.status, r.body)
	}
}

func TestJobsAndPlacementsRejectBadRequests(t *testing.T) {
	hh := stack(t)
	_, key := hh.newAccount(t, "bad")
	job := hh.sandboxJob(t, key, "UNAVAIL-1")
	otherJob := hh.sandboxJob(t, hh.keyB, "UNAVAIL-2")
	pl := hh.newPlacement(t, key, map[string]any{"jobId": job.ID, "externalId": "nurse-bad"})
	tests := []struct {
		name, method, path, body string
		status                   int
		code, field, message     string
	}{
		{"job: malformed JSON", "POST", "/job", `{"vmsType": "sandbox",`, 400, "invalid_request", "", ""},
		{"job: no vmsType", "POST", "/job", `{"vmsJobRefId": "A-1"}`, 400, "invalid_request", "vmsType", "vmsType is required"},
		{"job: unknown vmsType", "POST", "/job", `{"vmsType": "fieldglass", "vmsJobRefId": "A-1"}`, 400, "invalid_request", "vmsType", `vmsType "fieldglass" is not configured (configured: sandbox)`},
		{"job: no ref", "POST", "/job", `{"vmsType": "sandbox", "vmsJobRefId": "  "}`, 400, "invalid_request", "vmsJobRefId", "vmsJobRefId is required"},
		{"job: wrong type", "POST", "/job", `{"vmsType": 7, "vmsJobRefId": "A-1"}`, 400, "invalid_request", "", ""},
		{"job: force not a boolean", "POST", "/job?force=maybe", `{"vmsType": "sandbox", "vmsJobRefId": "A-1"}`, 400, "invalid_request", "force", ""},
		{"job: unknown id", "GET", "/job/" + uuid.NewString(), "", 404, "not_found", "", ""},
		{"job: another account's", "GET", "/job/" + otherJob.ID, "", 404, "not_found", "", ""},
		{"placement: malformed JSON", "POST", "/placement", `{"jobId":`, 400, "invalid_request", "", ""},
		{"placement: no externalId", "POST", "/placement", jsonString(map[string]any{"jobId": job.ID}), 400, "invalid_request", "externalId", "externalId is required"},
		{"placement: no jobId", "POST", "/placement", `{"externalId": "n-1"}`, 400, "invalid_request", "jobId", "jobId is required"},
		{"placement: jobId not a UUID", "POST", "/placement", `{"externalId": "n-1", "jobId": "OR-5"}`, 400, "invalid_request", "jobId", "jobId must be a UUID (the service's job id from POST /job)"},
		{"placement: bad startDate", "POST", "/placement", jsonString(map[string]any{"jobId": job.ID, "externalId": "n-1", "startDate": "next monday"}), 400, "invalid_request", "startDate", ""},
		{"placement: unknown job", "POST", "/placement", jsonString(map[string]any{"jobId": uuid.NewString(), "externalId": "n-1"}), 404, "not_found", "jobId", ""},
		{"placement: another account's job", "POST", "/placement", jsonString(map[string]any{"jobId": otherJob.ID, "externalId": "n-1"}), 404, "not_found", "jobId", ""},
		{"placement: unknown id", "GET", "/placement/" + uuid.NewString(), "", 404, "not_found", "", ""},
		{"placement list: bad status", "GET", "/placement?status=DONE", "", 400, "invalid_request", "status", "status must be ACTIVE, COMPLETED or CANCELLED"},
		{"placement list: bad cursor", "GET", "/placement?cursor=xyz", "", 400, "invalid_request", "cursor", "cursor is not one this API gave"},
		{"placement list: bad limit", "GET", "/placement?limit=500", "", 400, "invalid_request", "limit", "limit must be a whole number from 1 to 200"},
		{"row status: no reason", "POST", "/placement/" + pl.ID + "/requirements/" + uuid.NewString() + "/status", `{"status": "SKIPPED"}`, 404, "not_found", "", ""},
		{"mapping: unknown requirement", "PUT", "/mappings/sandbox", `{"label": "Badge photo", "requirementKey": "badge"}`, 400, "unknown_requirement", "requirementKey", ""},
		{"mapping: unknown vmsType", "PUT", "/mappings/fieldglass", `{"label": "Badge photo", "requirementKey": "orientation"}`, 404, "not_found", "", ""},
		{"matrix: unknown scope", "PUT", "/matrices/region/west", `{"requirements": [{"requirementKey": "bls"}]}`, 404, "not_found", "", `no matrix scope "region": facility, client or job`},
		{"matrix: empty", "PUT", "/matrices/facility/Mercy", `{"requirements": []}`, 400, "invalid_request", "requirements", ""},
		{"matrix: blank key", "PUT", "/matrices/facility/%20", `{"requirements": [{"requirementKey": "bls"}]}`, 400, "invalid_request", "key", "the matrix's facility is blank: name the facility it applies to"},
		{"email: not a message", "POST", "/inbound/email", "", 400, "invalid_request", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ct := "application/json"
			if tt.path == "/inbound/email" {
				ct = "message/rfc822"
			}
			var r response
			if tt.body == "" && tt.method == "GET" {
				r = hh.do(t, tt.method, tt.path, key, nil, "")
			} else {
				r = hh.do(t, tt.method, tt.path, key, strings.NewReader(tt.body), ct)
			}
			wantError(t, r, tt.status, tt.code, tt.field, tt.message)
		})
	}
}

// Intakes for a placement's rows: the references are checked when the
// upload is accepted.
func TestIntakeForPlacementRejectsBadReferences(t *testing.T) {
	hh := stack(t)
	_, key := hh.newAccount(t, "refs")
	job := hh.sandboxJob(t, key, "OR-5")
	pl := hh.newPlacement(t, key, map[string]any{"jobId": job.ID, "externalId": "nurse-refs"})
	pl = hh.waitPlacement(t, key, pl.ID, "rows", func(p placementView) bool { _, ok := p.row("coversheet"); return ok && len(p.Requirements) > 5 })
	cover, _ := pl.row("coversheet")
	bls, _ := pl.row("bls")
	var unmapped rowView
	for _, row := range pl.Requirements {
		if !row.IsMapped {
			unmapped = row
		}
	}
	pdf := files(t).bls
	tests := []struct {
		name, external string
		validate       map[string]any
		field, message string
	}{
		{"placement not a UUID", "nurse-refs", map[string]any{"placement_id": "P-1"}, "validate.placement_id", "validate.placement_id must be a UUID"},
		{"unknown placement", "nurse-refs", map[string]any{"placement_id": "00000000-0000-4000-8000-000000000001"}, "validate.placement_id", "placement 00000000-0000-4000-8000-000000000001 was not found"},
		{"another candidate's placement", "nurse-other", map[string]any{"placement_id": pl.ID}, "validate.placement_id", "placement " + pl.ID + " is for another candidate: external_id must be the placement's candidate.externalId"},
		{"row without its placement", "nurse-refs", map[string]any{"requirement_id": bls.ID}, "validate.requirement_id", "validate.requirement_id needs validate.placement_id, the placement the row belongs to"},
		{"row and broadcast", "nurse-refs", map[string]any{"placement_id": pl.ID, "requirement_id": bls.ID, "broadcast": true}, "validate.broadcast", "validate.requirement_id names one row and validate.broadcast every matching row: send one of them"},
		{"row of another placement", "nurse-refs", map[string]any{"placement_id": pl.ID, "requirement_id": uuid.NewString()}, "validate.requirement_id", ""},
		{"statement row", "nurse-refs", map[string]any{"placement_id": pl.ID, "requirement_id": cover.ID}, "validate.requirement_id", "requirement " + cover.ID + " (coversheet) is not fulfilled by a document"},
		{"unmapped row", "nurse-refs", map[string]any{"placement_id": pl.ID, "requirement_id": unmapped.ID}, "validate.requirement_id", ""},
		{"requirement of another row", "nurse-refs", map[string]any{"placement_id": pl.ID, "requirement_id": bls.ID, "requirement": "acls"}, "validate.requirement", `validate.requirement "acls" is not requirement ` + bls.ID + "'s (bls)"},
		{"broadcast not a boolean", "nurse-refs", map[string]any{"broadcast": "yes"}, "validate", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := hh.upload(t, "/v2/intakes/scan/async", key, field("external_id", tt.external), field("validate", jsonString(tt.validate)), filePart("bls.pdf", pdf))
			wantError(t, r, 400, "invalid_request", tt.field, tt.message)
		})
	}
}

// A fulfilled row whose document lapses is EXPIRED by the daily sweep; one
// whose document is deleted is INVALIDATED. Either way its packet is no
// longer READY.
func TestRequirementExpiryAndInvalidation(t *testing.T) {
	hh := stack(t)
	_, key := hh.newAccount(t, "expiry")
	job := hh.sandboxJob(t, key, "OR-5")
	person := sampledocs.NewPerson(sampledocs.Seeded(2626))
	pl := hh.newPlacement(t, key, map[string]any{"jobId": job.ID, "externalId": "nurse-expiry", "candidateName": person.FullName()})
	pl = hh.waitPlacement(t, key, pl.ID, "the BLS row open", func(p placementView) bool { row, _ := p.row("bls"); return row.Status == "IN_PROGRESS" })
	bls, _ := pl.row("bls")

	// broadcast: judged against every matching row of the candidate's
	// placements (here the one).
	fulfil := func(seed uint64) string {
		t.Helper()
		pdf, err := sampledocs.RenderPDF(sampledocs.Generate(sampledocs.Seeded(seed), "bls", person, sampledocs.Options{AsOf: time.Now().UTC()}))
		if err != nil {
			t.Fatal(err)
		}
		in := hh.createIntake(t, key, field("external_id", "nurse-expiry"), field("validate", `{"broadcast": true}`), filePart("bls.pdf", pdf))
		if done := hh.waitIntake(t, in.ID, key); done.ScanStatus != "SUCCESS" {
			t.Fatalf("intake: %s %+v", done.ScanStatus, done.Error)
		}
		return in.ID
	}
	fulfil(26)
	pl = hh.waitPlacement(t, key, pl.ID, "BLS FULFILLED", func(p placementView) bool { row, _ := p.row("bls"); return row.Status == "FULFILLED" })
	r := hh.do(t, http.MethodGet, "/placement/"+pl.ID, key, nil, "")
	var withExpiry placementView
	r.json(t, &withExpiry)
	expires := withExpiry.expires(bls.ID)
	if expires.IsZero() {
		t.Fatalf("a fulfilled BLS row without its card's expiry: %s", r.body)
	}

	// The sweep as of the day the card lapses.
	hh.daysAhead.Store(int64(expires.Sub(time.Now().UTC().Truncate(24*time.Hour)).Hours()/24) + 1)
	defer hh.daysAhead.Store(0)
	ctx := context.Background()
	id := "requirement-expiry/test-" + uuid.NewString()
	run, err := hh.tc.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: hh.queue}, workflows.RequirementExpiryWorkflow, workflows.ExpiryInput{})
	if err != nil {
		t.Fatal(err)
	}
	var res workflows.ExpiryResult
	if err := run.Get(ctx, &res); err != nil || res.Expired < 1 {
		t.Fatalf("sweep: %+v %v", res, err)
	}
	hh.daysAhead.Store(0)
	r = hh.do(t, http.MethodGet, "/placement/"+pl.ID, key, nil, "")
	r.json(t, &pl)
	checkCounts(t, pl)
	if row, _ := pl.row("bls"); row.Status != "EXPIRED" || pl.packet("Certifications").Status != "INCOMPLETE" {
		t.Fatalf("after the sweep: %+v, packet %+v", row, pl.packet("Certifications"))
	}
	hh.recordHistory(t, id, "requirement_expiry")

	// A new card fulfils it again; deleting that intake invalidates it.
	intakeID := fulfil(27)
	pl = hh.waitPlacement(t, key, pl.ID, "BLS FULFILLED again", func(p placementView) bool { row, _ := p.row("bls"); return row.Status == "FULFILLED" })
	if r := hh.do(t, http.MethodDelete, "/v2/intakes/"+intakeID, key, nil, ""); r.status != http.StatusOK {
		t.Fatalf("delete: %d %s", r.status, r.body)
	}
	r = hh.do(t, http.MethodGet, "/placement/"+pl.ID, key, nil, "")
	r.json(t, &pl)
	checkCounts(t, pl)
	if row, _ := pl.row("bls"); row.Status != "INVALIDATED" || !strings.Contains(deref(row.StatusReason), "deleted") {
		t.Fatalf("after its document was deleted: %+v %s", row, deref(row.StatusReason))
	}
	r = hh.do(t, http.MethodGet, "/placement/"+pl.ID+"/audit", key, nil, "")
	var trail []struct{ SubjectID, To string }
	r.json(t, &trail)
	var story []string
	for _, e := range trail {
		if e.SubjectID == bls.ID {
			story = append(story, e.To)
		}
	}
	if want := []string{"PENDING", "IN_PROGRESS", "FULFILLED", "EXPIRED", "FULFILLED", "INVALIDATED"}; !slices.Equal(story, want) {
		t.Errorf("trail %v, want %v", story, want)
	}
}

// PATCH /placement/{id}: a name set later starts the searches, a new name
// searches again, a later start expires what lapses before it, and the
// placement ends with a reason.
func TestPlacementPatch(t *testing.T) {
	hh := stack(t)
	l := lists(t)
	_, key := hh.newAccount(t, "patch")
	job := hh.sandboxJob(t, key, "OR-5")
	pl := hh.newPlacement(t, key, map[string]any{"jobId": job.ID, "externalId": "nurse-patch"})
	path := "/placement/" + pl.ID
	pl = hh.waitPlacement(t, key, pl.ID, "the OIG row waiting for a name", func(p placementView) bool {
		row, _ := p.row("oig_exclusion_check")
		return strings.Contains(deref(row.StatusReason), "set candidateName")
	})

	person := sampledocs.NewPerson(sampledocs.Seeded(4242))
	r := hh.doJSON(t, http.MethodPatch, path, key, map[string]any{"candidateName": person.FullName(), "candidateEmail": person.Email})
	if r.status != http.StatusOK {
		t.Fatalf("PATCH: %d %s", r.status, r.body)
	}
	pl = hh.waitPlacement(t, key, pl.ID, "searched under the name", func(p placementView) bool {
		row, _ := p.row("oig_exclusion_check")
		return row.Status == "FULFILLED"
	})

	// Renamed to a listed person: searched again, and held for review.
	var listed registrysamples.Case
	for _, c := range l.cases {
		if c.Listed && c.Registry == registry.OIGExclusion && c.Variant == "exact" {
			listed = c
			break
		}
	}
	r = hh.doJSON(t, http.MethodPatch, path, key, map[string]any{"candidateName": listed.Query.FirstName + " " + listed.Query.LastName})
	if r.status != http.StatusOK {
		t.Fatalf("PATCH: %d %s", r.status, r.body)
	}
	pl = hh.waitPlacement(t, key, pl.ID, "searched again under the new name", func(p placementView) bool {
		row, _ := p.row("oig_exclusion_check")
		return row.Status == "IN_PROGRESS" && len(row.Review) > 0 && string(row.Review) != "null"
	})

	// A current BLS card fulfils its row; the start moved past the card's
	// expiry expires it at once.
	pdf, err := sampledocs.RenderPDF(sampledocs.Generate(sampledocs.Seeded(43), "bls", person, sampledocs.Options{AsOf: time.Now().UTC()}))
	if err != nil {
		t.Fatal(err)
	}
	bls, _ := pl.row("bls")
	in := hh.createIntake(t, key, field("external_id", "nurse-patch"), field("context", jsonString(map[string]any{"first_name": person.FirstName, "last_name": person.LastName})),
		field("validate", jsonString(map[string]any{"placement_id": pl.ID, "requirement_id": bls.ID})), filePart("bls.pdf", pdf))
	hh.waitIntake(t, in.ID, key)
	pl = hh.waitPlacement(t, key, pl.ID, "BLS FULFILLED", func(p placementView) bool { row, _ := p.row("bls"); return row.Status == "FULFILLED" })
	r = hh.do(t, http.MethodGet, path, key, nil, "")
	var withExpiry placementView
	r.json(t, &withExpiry)
	expires := withExpiry.expires(bls.ID)
	r = hh.doJSON(t, http.MethodPatch, path, key, map[string]any{"startDate": expires.AddDate(0, 0, 3).Format(time.DateOnly)})
	r.json(t, &pl)
	if row, _ := pl.row("bls"); r.status != 200 || row.Status != "EXPIRED" || deref(pl.StartDate) != expires.AddDate(0, 0, 3).Format(time.DateOnly) {
		t.Fatalf("start moved past the card's expiry: %d %+v start %v", r.status, row, pl.StartDate)
	}

	tests := []struct {
		name, path, body     string
		status               int
		code, field, message string
	}{
		{"status without reason", path, `{"status": "CANCELLED"}`, 400, "invalid_request", "reason", "reason is required with a status"},
		{"unknown status", path, `{"status": "DONE", "reason": "x"}`, 400, "invalid_request", "status", "status must be ACTIVE, COMPLETED or CANCELLED"},
		{"name emptied", path, `{"candidateName": " "}`, 400, "invalid_request", "candidateName", "candidateName cannot be emptied: the registry searches need it"},
		{"bad date", path, `{"startDate": "soon"}`, 400, "invalid_request", "startDate", ""},
		{"malformed", path, `{"status":`, 400, "invalid_request", "", ""},
		{"unknown placement", "/placement/" + uuid.NewString(), `{"candidateEmail": "a@b.example"}`, 404, "not_found", "", ""},
		{"another account's", path, `{"candidateEmail": "a@b.example"}`, 404, "not_found", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := key
			if tt.name == "another account's" {
				k = hh.keyB
			}
			r := hh.do(t, http.MethodPatch, tt.path, k, strings.NewReader(tt.body), "application/json")
			e := r.errorBody(t)
			if r.status != tt.status || e.Code != tt.code || (tt.message != "" && e.Message != tt.message) {
				t.Fatalf("%d %s", r.status, r.body)
			}
			if tt.field != "" && !strings.Contains(string(r.body), `"field":"`+tt.field+`"`) {
				t.Errorf("no field %q: %s", tt.field, r.body)
			}
		})
	}

	r = hh.doJSON(t, http.MethodPatch, path, key, map[string]any{"status": "cancelled", "reason": "the nurse withdrew before the start"})
	r.json(t, &pl)
	if r.status != 200 || pl.Status != "CANCELLED" {
		t.Fatalf("cancel: %d %s", r.status, r.body)
	}
	r = hh.do(t, http.MethodGet, "/placement?status=CANCELLED&externalId=nurse-patch", key, nil, "")
	var items []struct{ ID, Status string }
	r.json(t, &items)
	if len(items) != 1 || items[0].ID != pl.ID || items[0].Status != "CANCELLED" {
		t.Fatalf("cancelled placements: %s", r.body)
	}
	r = hh.do(t, http.MethodGet, path+"/audit", key, nil, "")
	var trail []struct{ Subject, From, To, Reason string }
	r.json(t, &trail)
	last := trail[len(trail)-1]
	if last.Subject != "placement" || last.From != "ACTIVE" || last.To != "CANCELLED" || last.Reason != "the nurse withdrew before the start" {
		t.Fatalf("the trail's last event: %+v", last)
	}
}
