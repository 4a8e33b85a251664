package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/internal/pdftext"
	"github.com/clearedtostart/compliance/workflows"
)

// statementView is the Statement JSON.
type statementView struct {
	ID             string  `json:"id"`
	Status         string  `json:"status"`
	Reason         *string `json:"reason"`
	Template       string  `json:"template"`
	ExternalUserID string  `json:"externalUserId"`
	PlacementID    *string `json:"placementId"`
	RequirementID  *string `json:"requirementId"`
	Context        struct {
		PartnerID   *string `json:"partnerId"`
		CandidateID *string `json:"candidateId"`
	} `json:"context"`
	File *struct {
		ID           string  `json:"id"`
		URL          string  `json:"url"`
		MimeType     string  `json:"mimeType"`
		OriginalName *string `json:"originalName"`
	} `json:"file"`
	CreatedAt time.Time `json:"createdAt"`
}

// waitStatement polls a statement until it leaves PENDING.
func (hh *harness) waitStatement(t *testing.T, key, id string) statementView {
	t.Helper()
	return poll(hh, t, key, "/statement/"+id, time.Minute, func(s statementView) bool { return s.Status != "PENDING" },
		func(s statementView, r response) string {
			return fmt.Sprintf("statement %s still PENDING after a minute: %s", id, r.body)
		})
}

// statementText downloads a READY statement's PDF and returns its text
// (poppler's pdftotext), whitespace folded.
func (hh *harness) statementText(t *testing.T, s statementView) string {
	t.Helper()
	if s.Status != "READY" || s.File == nil || s.File.MimeType != "application/pdf" {
		t.Fatalf("statement %s is not a READY PDF: %+v", s.ID, s)
	}
	resp, err := hh.httpc.Get(s.File.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	pdf, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", s.File.URL, resp.StatusCode, err)
	}
	if !strings.HasPrefix(string(pdf), "%PDF-") {
		t.Fatalf("statement %s's file is not a PDF: %.40q", s.ID, pdf)
	}
	return pdftext.Folded(t, pdf)
}

// recordParentHistory records, for the replay tests, the history of the
// run that started a child workflow: a sync that continued as new has
// later runs, which started nothing.
func (hh *harness) recordParentHistory(t *testing.T, childID, name string) {
	t.Helper()
	if !*recordHistories {
		return
	}
	child, err := hh.history(context.Background(), childID)
	if err != nil {
		t.Fatal(err)
	}
	parent := child.Events[0].GetWorkflowExecutionStartedEventAttributes().GetParentWorkflowExecution()
	if parent == nil {
		t.Fatalf("%s has no parent", childID)
	}
	hh.recordRun(t, parent.GetWorkflowId(), parent.GetRunId(), name)
}

func wantText(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q; text: %s", what, w, text)
		}
	}
}

// TestStatements runs statements end to end on the real stack: a
// placement's STATEMENT row gets its statement from the sync and is
// FULFILLED by it; POST /statement renders the cover sheet of that
// placement (its candidate, job, rows and their documents, the date); ids
// that name nothing leave blanks; bad requests are refused.
func TestStatements(t *testing.T) {
	hh := stack(t)
	_, key := hh.newAccount(t, "stmt")
	const ref = "OR-5"
	title, facility := "Travel RN - Med/Surg", "Mercy Valley Health – Main Campus"
	r := hh.doJSON(t, http.MethodPost, "/job", key, map[string]any{"vmsType": "sandbox", "vmsJobRefId": ref, "title": title, "facility": facility})
	if r.status != http.StatusCreated {
		t.Fatalf("POST /job: %d %s", r.status, r.body)
	}
	var job jobView
	r.json(t, &job)
	r = hh.doJSON(t, http.MethodPut, "/matrices/job/"+ref, key, map[string]any{"vmsType": "sandbox", "mode": "add", "requirements": []map[string]any{
		{"requirementKey": "attestation_statement", "packetGroup": "Statements"},
	}})
	if r.status != http.StatusCreated {
		t.Fatalf("PUT /matrices: %d %s", r.status, r.body)
	}
	hh.waitJob(t, key, job.ID, "the attestation row from the matrix", func(j jobView) bool {
		return slices.ContainsFunc(j.Requirements, func(row rowView) bool { return row.key() == "attestation_statement" })
	})
	atsRef := "BH-STMT-" + uuid.NewString()[:6]
	pl := hh.newPlacement(t, key, map[string]any{"jobId": job.ID, "externalId": "nurse-stmt-1", "candidateName": "Maria Elena Alvarez",
		"candidateEmail": "maria.alvarez@example.com", "startDate": "2027-03-01", "atsPlacementRefId": atsRef})

	// 1. The placement's attestation row is fulfilled by the statement
	// the sync made for it.
	pl = hh.waitPlacement(t, key, pl.ID, "the attestation row FULFILLED", func(p placementView) bool {
		row, ok := p.row("attestation_statement")
		return ok && row.Status == "FULFILLED"
	})
	row, _ := pl.row("attestation_statement")
	if row.Evidence == nil || row.Evidence.Kind != "statement" {
		t.Fatalf("the attestation row's evidence: %+v", row.Evidence)
	}
	if pk := pl.packet("Statements"); pk.Status != "READY" {
		t.Errorf("the Statements packet = %+v, want READY (its only row is FULFILLED)", pk)
	}
	att := hh.waitStatement(t, key, row.Evidence.ID)
	if att.Template != "attestation" || att.RequirementID == nil || *att.RequirementID != row.ID || att.PlacementID == nil ||
		*att.PlacementID != pl.ID || att.ExternalUserID != "nurse-stmt-1" || att.Reason != nil {
		t.Fatalf("the row's statement: %+v", att)
	}
	wantText(t, "the attestation", hh.statementText(t, att), "Maria Elena Alvarez", title, facility, "nurse-stmt-1", "March 1, 2027")
	hh.recordHistory(t, workflows.StatementWorkflowID(att.ID), "statement")
	hh.recordParentHistory(t, workflows.StatementWorkflowID(att.ID), "placement_sync_statements")

	// 2. A cover sheet of the placement, named by its ATS reference.
	r = hh.doJSON(t, http.MethodPost, "/statement", key, map[string]any{"template": "coversheet", "externalUserId": "nurse-stmt-1",
		"context": map[string]any{"partnerId": atsRef}})
	if r.status != http.StatusCreated {
		t.Fatalf("POST /statement: %d %s", r.status, r.body)
	}
	var created statementView
	r.json(t, &created)
	if created.Status != "PENDING" || created.File != nil || created.PlacementID == nil || *created.PlacementID != pl.ID ||
		created.Context.CandidateID == nil || *created.Context.CandidateID != "nurse-stmt-1" || created.RequirementID != nil {
		t.Fatalf("created: %s", r.body)
	}
	if loc := r.header.Get("Location"); loc != "/statement/"+created.ID {
		t.Errorf("Location = %q", loc)
	}
	cover := hh.waitStatement(t, key, created.ID)
	text := hh.statementText(t, cover)
	wantText(t, "the cover sheet", text, "Packet cover sheet", "Maria Elena Alvarez", "maria.alvarez@example.com", title, "Mercy Valley Health", ref,
		"March 1, 2027", pl.ID, atsRef, "Attestation statement", "FULFILLED", "attestation.pdf", "Generated "+cover.CreatedAt.UTC().Format("January 2, 2006"))
	// A long id wraps in its column.
	wantText(t, "the cover sheet", strings.ReplaceAll(text, " ", ""), att.ID)
	if cover.File.OriginalName == nil || *cover.File.OriginalName != "coversheet.pdf" {
		t.Errorf("file name: %+v", cover.File)
	}

	// 3. Ids that name nothing: rendered, with blanks where their data
	// would be.
	r = hh.doJSON(t, http.MethodPost, "/statement", key, map[string]any{"template": "coversheet", "externalUserId": "nurse-nobody",
		"context": map[string]any{"partnerId": "no-such-placement"}})
	if r.status != http.StatusCreated {
		t.Fatalf("POST /statement (unknown partner): %d %s", r.status, r.body)
	}
	r.json(t, &created)
	if created.PlacementID != nil {
		t.Fatalf("an unknown partnerId named a placement: %s", r.body)
	}
	blank := hh.waitStatement(t, key, created.ID)
	text = hh.statementText(t, blank)
	wantText(t, "the blank cover sheet", text, "Packet cover sheet", "nurse-nobody", "Facility", "Start date")
	for _, absent := range []string{title, "Maria", "Attestation statement"} {
		if strings.Contains(text, absent) {
			t.Errorf("the cover sheet of nobody shows %q: %s", absent, text)
		}
	}

	// 4. Other accounts see none of it; ids that name nothing are 404.
	for _, path := range []string{"/statement/" + cover.ID, "/statement/" + uuid.NewString(), "/statement/not-a-uuid"} {
		k := key
		if path == "/statement/"+cover.ID {
			k = hh.keyB
		}
		if r := hh.do(t, http.MethodGet, path, k, nil, ""); r.status != http.StatusNotFound || r.errorBody(t).Code != "not_found" {
			t.Errorf("GET %s: %d %s", path, r.status, r.body)
		}
	}

	// 5. The templates.
	r = hh.do(t, http.MethodGet, "/statement-templates", key, nil, "")
	var tmpls struct {
		Templates []struct {
			Key, Title string
			Reads      []string
		}
	}
	r.json(t, &tmpls)
	if r.status != http.StatusOK || len(tmpls.Templates) != 2 || tmpls.Templates[0].Key != "coversheet" || tmpls.Templates[1].Key != "attestation" ||
		tmpls.Templates[0].Title != "Packet cover sheet" || !slices.Contains(tmpls.Templates[0].Reads, "requirements") {
		t.Errorf("GET /statement-templates: %d %s", r.status, r.body)
	}
}

func TestStatementRejectsBadRequests(t *testing.T) {
	hh := stack(t)
	_, key := hh.newAccount(t, "stmt-bad")
	tests := []struct {
		name, body     string
		field, message string
	}{
		{"no template", `{"externalUserId": "n-1"}`, "template", "template is required (one of: coversheet, attestation)"},
		{"blank template", `{"template": " ", "externalUserId": "n-1"}`, "template", "template is required (one of: coversheet, attestation)"},
		{"unknown template", `{"template": "invoice", "externalUserId": "n-1"}`, "template",
			`template "invoice" is not a statement template (known: coversheet, attestation)`},
		{"no externalUserId", `{"template": "coversheet"}`, "externalUserId", "externalUserId is required"},
		{"malformed JSON", `{"template": "coversheet",`, "", "malformed JSON: unexpected end of input"},
		{"unknown field", `{"template": "coversheet", "externalUserId": "n-1", "candidate": "x"}`, "candidate", `unknown field "candidate"`},
		{"unknown context field", `{"template": "coversheet", "externalUserId": "n-1", "context": {"placementId": "x"}}`, "placementId", `unknown field "placementId"`},
		{"context of the wrong type", `{"template": "coversheet", "externalUserId": "n-1", "context": "x"}`, "context", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := hh.do(t, http.MethodPost, "/statement", key, strings.NewReader(tt.body), "application/json")
			wantError(t, r, http.StatusBadRequest, "invalid_request", tt.field, tt.message)
		})
	}
}
