package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/workflows"
)

type scanJSON struct {
	ID           string `json:"id"`
	ExternalUser struct {
		ExternalID string `json:"externalId"`
	} `json:"externalUser"`
	ValidationResult *string        `json:"validationResult"`
	ScanStatus       string         `json:"scanStatus"`
	DeletedAt        *string        `json:"deletedAt"`
	Fields           map[string]any `json:"fields"`
	Validations      map[string]any `json:"validations"`
	Tasks            struct {
		ID          string         `json:"id"`
		ActionType  string         `json:"actionType"`
		Status      string         `json:"status"`
		StartedAt   *string        `json:"startedAt"`
		CompletedAt *string        `json:"completedAt"`
		Error       *string        `json:"error"`
		Result      map[string]any `json:"result"`
	} `json:"tasks"`
	File struct {
		ID           string  `json:"id"`
		OriginalName *string `json:"originalName"`
		MimeType     string  `json:"mimeType"`
		URL          string  `json:"url"`
	} `json:"file"`
	Context map[string]any `json:"context"`
}

const ownerID = "7b0f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21"

func (hh *harness) waitScan(t *testing.T, id string) scanJSON {
	t.Helper()
	return poll(hh, t, hh.keyA, "/document/"+id, 2*time.Minute,
		func(s scanJSON) bool { return s.ScanStatus == "SUCCESS" || s.ScanStatus == "FAILED" },
		func(s scanJSON, _ response) string { return fmt.Sprintf("scan %s still %s", id, s.ScanStatus) })
}

// scanDone uploads a document scan with account A's key and waits until it
// ends.
func (hh *harness) scanDone(t *testing.T, parts ...part) scanJSON {
	t.Helper()
	r := hh.upload(t, "/document/scan/async", hh.keyA, parts...)
	var created scanJSON
	r.json(t, &created)
	return hh.waitScan(t, created.ID)
}

func TestDocumentScanRejectsBadInput(t *testing.T) {
	hh := stack(t)
	f := files(t)
	tests := []struct {
		name    string
		parts   []part
		code    string
		message string
	}{
		{"external_id not a uuid", []part{field("external_id", "nurse-1"), filePart("a.pdf", f.bls)}, "invalid_request", "must be a UUID"},
		{"no external_id", []part{filePart("a.pdf", f.bls)}, "invalid_request", "external_id is required"},
		{"no file", []part{field("external_id", ownerID)}, "file_required", "a file part is required"},
		{"validation without context", []part{field("external_id", ownerID), field("validation", "true"), filePart("a.pdf", f.bls)}, "invalid_request", "context is required"},
		{"validation not a boolean", []part{field("external_id", ownerID), field("validation", "maybe"), filePart("a.pdf", f.bls)}, "invalid_request", "true or false"},
		{"unknown requirement", []part{field("external_id", ownerID), field("validation", "true"), field("context", `{"requirement":"cpr"}`), filePart("a.pdf", f.bls)}, "unknown_requirement", "cpr"},
		{"source validation off", []part{field("external_id", ownerID), field("validation", "true"), field("context", `{"source_validation":true}`), filePart("a.pdf", f.bls)}, "source_validation_disabled", "not enabled"},
		{"source_validation not a boolean", []part{field("external_id", ownerID), field("context", `{"source_validation":"yes"}`), filePart("a.pdf", f.bls)}, "invalid_request", "must be a boolean"},
		{"file_id is not a scan part", []part{field("external_id", ownerID), field("file_id", ownerID), filePart("a.pdf", f.bls)}, "invalid_request", `unknown form field "file_id"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := hh.upload(t, "/document/scan/async", hh.keyA, tt.parts...)
			e := r.errorBody(t)
			if r.status != 400 || e.Code != tt.code || !strings.Contains(e.Message, tt.message) {
				t.Fatalf("got %d %s %q, want 400 %s containing %q", r.status, e.Code, e.Message, tt.code, tt.message)
			}
		})
	}
}

func TestDocumentScanEndToEnd(t *testing.T) {
	hh := stack(t)
	f := files(t)
	ctx := jsonString(map[string]any{"first_name": f.person.FirstName, "last_name": f.person.LastName, "requirement": "bls"})
	r := hh.upload(t, "/document/scan/async", hh.keyA, field("external_id", ownerID), field("validation", "true"),
		field("context", ctx), filePart("card.pdf", f.bls))
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var created scanJSON
	r.json(t, &created)
	if created.ScanStatus != "PENDING" || created.Fields != nil || created.Validations != nil || created.ValidationResult != nil ||
		created.Tasks.ActionType != "SCAN" || created.Tasks.Status != "PENDING" || created.File.URL == "" ||
		*created.File.OriginalName != "card.pdf" || created.ExternalUser.ExternalID != ownerID || created.Context["requirement"] != "bls" {
		t.Fatalf("creation shape: %s", r.body)
	}
	done := hh.waitScan(t, created.ID)
	if done.ScanStatus != "SUCCESS" || done.Tasks.Status != "COMPLETED" || done.Tasks.StartedAt == nil || done.Tasks.CompletedAt == nil ||
		done.ValidationResult == nil || *done.ValidationResult != "VALID" || done.Fields["expiration_date"] == nil ||
		done.Validations["requirement"] != "bls" || done.Tasks.Result["document_type"] != "bls" {
		t.Fatalf("done: %+v", done)
	}
	hh.recordHistory(t, workflows.DocumentScanWorkflowID(created.ID), "document_scan")

	if r := hh.do(t, http.MethodGet, "/document/"+created.ID, hh.keyB, nil, ""); r.status != 404 {
		t.Fatalf("other account: %d", r.status)
	}
	hh.deleteObject(t, "/document/"+created.ID, created.ID, "deletedAt")
	r = hh.do(t, http.MethodGet, "/document/"+created.ID, hh.keyA, nil, "")
	var tomb scanJSON
	r.json(t, &tomb)
	if tomb.DeletedAt == nil || tomb.Fields != nil || tomb.Context != nil || tomb.File.URL != "" {
		t.Fatalf("tombstone: %s", r.body)
	}
	if resp, err := http.Get(done.File.URL); err != nil || resp.StatusCode != 404 {
		t.Fatalf("download after delete: %v", err)
	}
}

func TestDocumentScanWithoutValidation(t *testing.T) {
	hh := stack(t)
	done := hh.scanDone(t, field("external_id", ownerID), filePart("scan.pdf", files(t).scanned))
	if done.ScanStatus != "SUCCESS" || done.ValidationResult != nil || done.Validations != nil || len(done.Fields) == 0 {
		t.Fatalf("done: %+v", done)
	}
}

func TestDocumentScanInfersTheRequirement(t *testing.T) {
	hh := stack(t)
	done := hh.scanDone(t, field("external_id", ownerID), field("validation", "true"),
		field("context", `{"first_name":"Someone","last_name":"Else"}`), filePart("card.pdf", files(t).bls))
	if done.ValidationResult == nil || *done.ValidationResult != "INVALID" || done.Validations["requirement"] != "bls" {
		t.Fatalf("someone else's card: %+v", done)
	}
}

func TestDocumentScanFailure(t *testing.T) {
	hh := stack(t)
	done := hh.scanDone(t, field("external_id", ownerID), filePart("x.pdf", files(t).encrypted))
	if done.ScanStatus != "FAILED" || done.Tasks.Status != "FAILED" || done.Tasks.Error == nil || !strings.HasPrefix(*done.Tasks.Error, "encrypted_file") {
		t.Fatalf("encrypted scan: %+v", done)
	}
}
