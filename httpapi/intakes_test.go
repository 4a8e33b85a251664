package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/workflows"
)

// fixtures are the files the tests upload, made once.
type fixtures struct {
	person               sampledocs.Person
	bls, packet, scanned []byte
	packetTruth          sampledocs.Packet
	encrypted, corrupt   []byte
	zeroPages            []byte
	png, jpeg, tiff      []byte
	edited               []byte
}

var fx *fixtures

func files(t *testing.T) *fixtures {
	t.Helper()
	if fx != nil {
		return fx
	}
	r := sampledocs.Seeded(7)
	p := sampledocs.NewPerson(r)
	f := &fixtures{person: p}
	blsDoc := sampledocs.Generate(r, "bls", p, sampledocs.Options{})
	var err error
	if f.bls, err = sampledocs.RenderPDF(blsDoc); err != nil {
		t.Fatal(err)
	}
	if f.packetTruth, err = sampledocs.NewPacket(r, p, 6, sampledocs.PacketOptions{OnlyTypes: []string{"bls", "tb_skin_test", "nursing_license", "drivers_license"}}); err != nil {
		t.Fatal(err)
	}
	f.packet = f.packetTruth.PDF
	scanPk, err := sampledocs.NewPacket(r, p, 2, sampledocs.PacketOptions{Scanned: true, OnlyTypes: []string{"acls", "bls"}, NoSeparators: true})
	if err != nil {
		t.Fatal(err)
	}
	f.scanned = scanPk.PDF
	if f.encrypted, err = sampledocs.EncryptedPDF(r); err != nil {
		t.Fatal(err)
	}
	f.corrupt = sampledocs.CorruptPDF(r)
	f.zeroPages = sampledocs.ZeroPagePDF()
	card := sampledocs.Generate(r, "bls", p, sampledocs.Options{})
	for format, dst := range map[string]*[]byte{"png": &f.png, "jpeg": &f.jpeg, "tiff": &f.tiff} {
		if *dst, err = sampledocs.RenderImage(card, format, 200); err != nil {
			t.Fatal(err)
		}
	}
	if f.edited, err = sampledocs.EditedPDF(r, blsDoc, "expiration_date", "2031-12-31"); err != nil {
		t.Fatal(err)
	}
	fx = f
	return f
}

func TestCreateIntakeRejectsBadInput(t *testing.T) {
	hh := stack(t)
	f := files(t)
	long := strings.Repeat("x", 501)
	tests := []struct {
		name    string
		parts   []part
		status  int
		code    string
		message string
	}{
		{"no file", []part{field("external_id", "n1")}, 400, "file_required", "a file part is required"},
		{"empty file", []part{field("external_id", "n1"), filePart("a.pdf", nil)}, 400, "file_required", "empty"},
		{"no external_id", []part{filePart("a.pdf", f.bls)}, 400, "invalid_request", "external_id is required"},
		{"blank external_id", []part{field("external_id", "   "), filePart("a.pdf", f.bls)}, 400, "invalid_request", "external_id is required"},
		{"external_id too long", []part{field("external_id", long), filePart("a.pdf", f.bls)}, 400, "invalid_request", "longer than 500"},
		{"client_reference too long", []part{field("external_id", "n1"), field("client_reference", long[:201]), filePart("a.pdf", f.bls)}, 400, "invalid_request", "longer than 200"},
		{"text file", []part{field("external_id", "n1"), filePart("a.pdf", []byte("hello, this is not a PDF at all"))}, 400, "unsupported_file", "text/plain"},
		{"zip named pdf", []part{field("external_id", "n1"), filePart("a.pdf", []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00"))}, 400, "unsupported_file", "not supported"},
		{"context not an object", []part{field("external_id", "n1"), field("context", "[1,2]"), filePart("a.pdf", f.bls)}, 400, "invalid_request", "context must be a JSON object"},
		{"context malformed", []part{field("external_id", "n1"), field("context", "{"), filePart("a.pdf", f.bls)}, 400, "invalid_request", "context must be a JSON object"},
		{"context name of wrong type", []part{field("external_id", "n1"), field("context", `{"first_name":5}`), filePart("a.pdf", f.bls)}, 400, "invalid_request", "context.first_name must be a string"},
		{"context date malformed", []part{field("external_id", "n1"), field("context", `{"date_of_birth":"12/01/1990"}`), filePart("a.pdf", f.bls)}, 400, "invalid_request", "YYYY-MM-DD"},
		{"validate malformed", []part{field("external_id", "n1"), field("validate", `{"requirement":`), filePart("a.pdf", f.bls)}, 400, "invalid_request", "validate: malformed JSON"},
		{"validate unknown field", []part{field("external_id", "n1"), field("validate", `{"requirment":"bls"}`), filePart("a.pdf", f.bls)}, 400, "invalid_request", `unknown field "requirment"`},
		{"validate wrong type", []part{field("external_id", "n1"), field("validate", `{"broadcast":"yes"}`), filePart("a.pdf", f.bls)}, 400, "invalid_request", `"broadcast" must be of type boolean`},
		{"unknown requirement", []part{field("external_id", "n1"), field("validate", `{"requirement":"cpr_card"}`), filePart("a.pdf", f.bls)}, 400, "unknown_requirement", `unknown requirement "cpr_card"`},
		{"registry requirement", []part{field("external_id", "n1"), field("validate", `{"requirement":"oig_exclusion_check"}`), filePart("a.pdf", f.bls)}, 400, "invalid_request", "registry search"},
		{"source validation off", []part{field("external_id", "n1"), field("validate", `{"requirement":"bls","source":true}`), filePart("a.pdf", f.bls)}, 400, "source_validation_disabled", "not enabled"},
		{"unknown placement", []part{field("external_id", "n1"), field("validate", `{"placement_id":"0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21"}`), filePart("a.pdf", f.bls)}, 400, "invalid_request", "was not found"},
		{"placement not a uuid", []part{field("external_id", "n1"), field("validate", `{"placement_id":"p-1"}`), filePart("a.pdf", f.bls)}, 400, "invalid_request", "must be a UUID"},
		{"file and file_id", []part{field("external_id", "n1"), field("file_id", "0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21"), filePart("a.pdf", f.bls)}, 400, "invalid_request", "either a file or a file_id"},
		{"unknown file_id", []part{field("external_id", "n1"), field("file_id", "0b7f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21")}, 400, "invalid_request", "was not found"},
		{"unknown form field", []part{field("external_id", "n1"), field("externalId", "n1"), filePart("a.pdf", f.bls)}, 400, "invalid_request", `unknown form field "externalId"`},
		{"two files", []part{field("external_id", "n1"), filePart("a.pdf", f.bls), filePart("b.pdf", f.bls)}, 400, "invalid_request", "exactly one file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := hh.upload(t, "/v2/intakes/scan/async", hh.keyA, tt.parts...)
			e := r.errorBody(t)
			if r.status != tt.status || e.Code != tt.code || !strings.Contains(e.Message, tt.message) {
				t.Fatalf("got %d %s %q, want %d %s containing %q", r.status, e.Code, e.Message, tt.status, tt.code, tt.message)
			}
		})
	}
}

func TestCreateIntakeTransportErrors(t *testing.T) {
	hh := stack(t)
	f := files(t)
	// Wrong content type.
	r := hh.do(t, http.MethodPost, "/v2/intakes/scan/async", hh.keyA, strings.NewReader(`{"external_id":"n1"}`), "application/json")
	if e := r.errorBody(t); r.status != 415 || e.Code != "unsupported_media_type" {
		t.Fatalf("json body: %d %+v", r.status, e)
	}
	// A file just over 20 MB is refused without being read whole: the
	// answer comes while the client is still sending.
	big := make([]byte, 20*1024*1024+1)
	copy(big, f.bls)
	r = hh.upload(t, "/v2/intakes/scan/async", hh.keyA, field("external_id", "n1"), filePart("big.pdf", big))
	if e := r.errorBody(t); r.status != 413 || e.Code != "file_too_large" {
		t.Fatalf("21 MB: %d %+v", r.status, e)
	}
	// Exactly 20 MB is accepted (a PDF padded with a comment).
	exact := make([]byte, 20*1024*1024)
	copy(exact, f.bls)
	for i := len(f.bls); i < len(exact); i++ {
		exact[i] = '\n'
	}
	r = hh.upload(t, "/v2/intakes/scan/async", hh.keyA, field("external_id", "n1"), filePart("exact.pdf", exact))
	if r.status != 201 {
		t.Fatalf("exactly 20 MB: %d %s", r.status, r.body)
	}
	// Truncated multipart body.
	body, ct := multipartBody(field("external_id", "n1"), filePart("a.pdf", f.bls))
	cut := bytes.NewReader(body.Bytes()[:body.Len()-40])
	r = hh.do(t, http.MethodPost, "/v2/intakes/scan/async", hh.keyA, cut, ct)
	if e := r.errorBody(t); r.status != 400 || e.Code != "invalid_request" {
		t.Fatalf("truncated body: %d %+v", r.status, e)
	}
}

func TestIntakeEndToEnd(t *testing.T) {
	hh := stack(t)
	f := files(t)
	ctxJSON := jsonString(map[string]any{"first_name": f.person.FirstName, "last_name": f.person.LastName, "date_of_birth": f.person.DOB.Format("2006-01-02"), "custom": "kept"})
	r := hh.upload(t, "/v2/intakes/scan/async", hh.keyA,
		field("external_id", "nurse-42"), field("client_reference", "ref-7"), field("context", ctxJSON),
		field("validate", `{"requirement":"bls"}`), filePart("../../etc/packet.pdf", f.packet))
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var created intake
	r.json(t, &created)
	if created.ScanStatus != "PENDING" || created.Split != nil || created.Validation != nil || created.Fraud != nil ||
		created.Payloads == nil || len(created.Payloads) != 0 || created.Segments == nil || len(created.Segments) != 0 ||
		created.Error != nil || created.File == nil || created.ExternalID != "nurse-42" || *created.ClientReference != "ref-7" ||
		created.Context["custom"] != "kept" || created.DeletedAt != nil {
		t.Fatalf("creation shape: %s", r.body)
	}
	if *created.File.Name != "packet.pdf" || *created.File.MimeType != "application/pdf" {
		t.Fatalf("file: %+v", created.File)
	}
	if r.header.Get("x-request-id") == "" {
		t.Fatal("no x-request-id")
	}

	done := hh.waitIntake(t, created.ID, hh.keyA)
	if done.ScanStatus != "SUCCESS" {
		t.Fatalf("status %s: %+v", done.ScanStatus, done.Error)
	}
	if done.Split == nil || *done.Split.PageCount != 6 {
		t.Fatalf("split: %+v", done.Split)
	}
	// Every page in exactly one segment, in order, indexes from 0.
	next := 1
	for i, s := range done.Segments {
		if s.Index != i || s.PageStart != next || s.PageEnd < s.PageStart || s.ScanStatus != "SUCCESS" || s.IntakeID != created.ID {
			t.Fatalf("segment %d: %+v", i, s)
		}
		if s.File == nil || s.SchemaID != s.DocumentType+".v1" || s.DocumentCategory == "" {
			t.Fatalf("segment %d: %+v", i, s)
		}
		next = s.PageEnd + 1
	}
	if next != 7 || len(done.Split.Segments) != len(done.Segments) {
		t.Fatalf("segments do not tile 6 pages: %+v", done.Split)
	}
	types := map[string]bool{}
	for _, s := range done.Segments {
		types[s.DocumentType] = true
	}
	for _, want := range f.packetTruth.Segments {
		if !types[want.Type] {
			t.Errorf("no segment of type %s (got %v)", want.Type, types)
		}
	}
	if done.Validation == nil || done.Validation.Requirement != "bls" || done.Validation.Result == nil || *done.Validation.Result != "VALID" || done.Validation.DocumentID == nil {
		t.Fatalf("validation: %+v %s", done.Validation, done.Validation.Validations)
	}
	if done.Fraud == nil || done.Fraud.Result != "clean" {
		t.Fatalf("fraud: %+v", done.Fraud)
	}
	// The validated segment is the one the rollup names; non-candidates have
	// no validation result.
	var blsSeg segment
	for _, s := range done.Segments {
		if s.ID == *done.Validation.DocumentID {
			blsSeg = s
		}
		if s.DocumentType != "bls" && s.ValidationResult != nil && *s.ValidationResult != "NOT_SUPPORTED" {
			t.Errorf("segment %d (%s) has a validation result %s", s.Index, s.DocumentType, *s.ValidationResult)
		}
	}
	if blsSeg.DocumentType != "bls" || *blsSeg.ValidationResult != "VALID" || blsSeg.ExpiresAt == nil || blsSeg.Fields["last_name"] == nil {
		t.Fatalf("bls segment: %+v", blsSeg)
	}

	// One segment alone, and scoped to the account.
	r = hh.do(t, http.MethodGet, "/v2/intakes/"+created.ID+"/segments/"+blsSeg.ID, hh.keyA, nil, "")
	var one segment
	r.json(t, &one)
	if r.status != 200 || one.ID != blsSeg.ID || one.DocumentType != "bls" {
		t.Fatalf("segment: %d %s", r.status, r.body)
	}
	for _, path := range []string{"/v2/intakes/" + created.ID, "/v2/intakes/" + created.ID + "/segments/" + blsSeg.ID} {
		r = hh.do(t, http.MethodGet, path, hh.keyB, nil, "")
		if e := r.errorBody(t); r.status != 404 || e.Code != "not_found" {
			t.Fatalf("other account %s: %d %+v", path, r.status, e)
		}
	}
	r = hh.do(t, http.MethodDelete, "/v2/intakes/"+created.ID, hh.keyB, nil, "")
	if r.status != 404 {
		t.Fatalf("other account delete: %d", r.status)
	}

	// Presigned URLs work without a key.
	for _, u := range []string{done.File.URL, blsSeg.File.URL} {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("download %s: %d %s", u, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	}
	tampered := strings.Replace(blsSeg.File.URL, "segments", "segmentz", 1)
	if resp, err := http.Get(tampered); err != nil || resp.StatusCode != 404 {
		t.Fatalf("tampered URL: %v %v", resp.StatusCode, err)
	}
	hh.recordHistory(t, workflows.IntakeWorkflowID(created.ID), "intake_success")

	// Operators find the workflow by the intake, the external id or the
	// account, with its final status.
	for _, q := range []string{
		fmt.Sprintf("IntakeId = %q", created.ID),
		fmt.Sprintf("ExternalId = 'nurse-42' AND AccountId = 'acct-a' AND ScanStatus = 'SUCCESS' AND WorkflowId = %q", workflows.IntakeWorkflowID(created.ID)),
	} {
		if !hh.findsWorkflow(t, q, workflows.IntakeWorkflowID(created.ID)) {
			t.Fatalf("no workflow found by %s", q)
		}
	}

	// Delete: tombstone, files gone, repeatable.
	deletedAt := hh.deleteObject(t, "/v2/intakes/"+created.ID, created.ID, "deleted_at")
	for _, u := range []string{done.File.URL, blsSeg.File.URL} {
		if resp, err := http.Get(u); err != nil || resp.StatusCode != 404 {
			t.Fatalf("download after delete: %v %v", resp.StatusCode, err)
		}
	}
	if again := hh.deleteObject(t, "/v2/intakes/"+created.ID, created.ID, "deleted_at"); again != deletedAt {
		t.Fatalf("second delete: deleted at %s, first at %s", again, deletedAt)
	}
	r = hh.do(t, http.MethodGet, "/v2/intakes/"+created.ID, hh.keyA, nil, "")
	var tomb intake
	r.json(t, &tomb)
	if r.status != 200 || tomb.DeletedAt == nil || len(tomb.Segments) != 0 || tomb.Context != nil || tomb.File != nil || tomb.ExternalID != "nurse-42" {
		t.Fatalf("tombstone: %d %s", r.status, r.body)
	}
	r = hh.do(t, http.MethodGet, "/v2/intakes/"+created.ID+"/segments/"+blsSeg.ID, hh.keyA, nil, "")
	if r.status != 404 {
		t.Fatalf("segment after delete: %d", r.status)
	}
	hh.recordHistory(t, workflows.PurgeWorkflowID(workflows.KindIntake, created.ID), "purge")
}

func TestIntakeFailures(t *testing.T) {
	hh := stack(t)
	f := files(t)
	tests := []struct {
		name string
		data []byte
		code string
	}{
		{"encrypted", f.encrypted, "encrypted_file"},
		{"corrupt", f.corrupt, "corrupt_file"},
		{"zero pages", f.zeroPages, "empty_file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := hh.createIntake(t, hh.keyA, field("external_id", "n1"),
				field("validate", `{"requirement":"bls"}`), filePart(tt.name+".pdf", tt.data))
			done := hh.waitIntake(t, in.ID, hh.keyA)
			if done.ScanStatus != "FAILED" || done.Error == nil || done.Error.Code != tt.code || done.Error.Message == "" {
				t.Fatalf("got %s %+v, want FAILED %s", done.ScanStatus, done.Error, tt.code)
			}
			if done.Validation == nil || *done.Validation.Result != "NOT_SUPPORTED" {
				t.Fatalf("validation of a failed intake: %+v", done.Validation)
			}
			if tt.code == "encrypted_file" {
				hh.recordHistory(t, workflows.IntakeWorkflowID(in.ID), "intake_failed")
			}
		})
	}
}

func TestIntakeImagesAndScans(t *testing.T) {
	hh := stack(t)
	f := files(t)
	webp := convert(t, "cwebp", f.png, ".webp", "-quiet", "-q", "90")
	heic := convert(t, "heif-enc", f.png, ".heic", "-q", "90")
	tests := []struct {
		name, mime string
		data       []byte
		pages      int
	}{
		{"png", "image/png", f.png, 1},
		{"jpeg", "image/jpeg", f.jpeg, 1},
		{"tiff", "image/tiff", f.tiff, 1},
		{"webp", "image/webp", webp, 1},
		{"heic", "image/heic", heic, 1},
		{"scanned pdf", "application/pdf", f.scanned, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := hh.createIntake(t, hh.keyA, field("external_id", "n1"),
				field("validate", `{"requirement":"bls"}`), filePart("upload", tt.data))
			if *in.File.MimeType != tt.mime {
				t.Fatalf("detected %s, want %s", *in.File.MimeType, tt.mime)
			}
			done := hh.waitIntake(t, in.ID, hh.keyA)
			if done.ScanStatus != "SUCCESS" || *done.Split.PageCount != tt.pages {
				t.Fatalf("got %s pages %v error %+v", done.ScanStatus, done.Split, done.Error)
			}
			found := false
			for _, s := range done.Segments {
				found = found || s.DocumentType == "bls"
			}
			if !found {
				t.Fatalf("no BLS segment read from the %s: %+v", tt.name, done.Segments)
			}
			if tt.name == "scanned pdf" {
				hh.recordHistory(t, workflows.IntakeWorkflowID(in.ID), "intake_ocr")
			}
		})
	}
}

func TestIntakeReusesFileByID(t *testing.T) {
	hh := stack(t)
	f := files(t)
	r := hh.upload(t, "/document/scan/async", hh.keyA, field("external_id", "7b0f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21"), filePart("bls.pdf", f.bls))
	var scan struct {
		File struct {
			ID string `json:"id"`
		} `json:"file"`
	}
	r.json(t, &scan)
	in := hh.createIntake(t, hh.keyA, field("external_id", "n1"), field("file_id", scan.File.ID))
	if done := hh.waitIntake(t, in.ID, hh.keyA); done.ScanStatus != "SUCCESS" {
		t.Fatalf("status %s", done.ScanStatus)
	}
	// Another account cannot use the file.
	r = hh.upload(t, "/v2/intakes/scan/async", hh.keyB, field("external_id", "n1"), field("file_id", scan.File.ID))
	if e := r.errorBody(t); r.status != 400 || !strings.Contains(e.Message, "was not found") {
		t.Fatalf("other account's file: %d %+v", r.status, e)
	}
}

func TestFraudulentEditIsFlagged(t *testing.T) {
	hh := stack(t)
	f := files(t)
	in := hh.createIntake(t, hh.keyA, field("external_id", "n1"), filePart("bls.pdf", f.edited))
	done := hh.waitIntake(t, in.ID, hh.keyA)
	if done.ScanStatus != "SUCCESS" || done.Fraud == nil || done.Fraud.Result != "fraudulent" {
		t.Fatalf("edited PDF: %s %+v %+v", done.ScanStatus, done.Fraud, done.Segments)
	}
	if s := done.Segments[0]; s.Fraud == nil || s.Fraud.Result != "fraudulent" || s.Fraud.Score == nil || *s.Fraud.Score < 0.5 {
		t.Fatalf("segment fraud: %+v", s.Fraud)
	}
}

func TestDeleteWhileProcessing(t *testing.T) {
	hh := stack(t)
	f := files(t)
	in := hh.createIntake(t, hh.keyA, field("external_id", "n1"), filePart("scan.pdf", f.scanned))
	hh.deleteObject(t, "/v2/intakes/"+in.ID, in.ID, "deleted_at")
	// Processing is cancelled and leaves nothing behind.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err := hh.tc.GetWorkflow(ctx, workflows.IntakeWorkflowID(in.ID), "").Get(ctx, nil)
	if !temporal.IsCanceledError(err) {
		t.Fatalf("the intake's workflow ended with %v, want cancelled", err)
	}
	if err := hh.tc.GetWorkflow(ctx, workflows.PurgeWorkflowID(workflows.KindIntake, in.ID), "").Get(ctx, nil); err != nil {
		t.Fatalf("purge: %v", err)
	}
	for p := 1; p <= 2; p++ {
		if ok, _ := hh.blobs.Exists(context.Background(), workflows.PageTextKey(workflows.WorkPrefix(workflows.KindIntake, in.ID), p)); ok {
			t.Fatalf("the text of page %d of a deleted intake remains", p)
		}
	}
	stored, _, err := hh.st.Intake(context.Background(), "acct-a", uuid.MustParse(in.ID))
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := hh.blobs.Exists(context.Background(), stored.File.BlobKey); ok {
		t.Fatal("the upload of a deleted intake remains")
	}
	r := hh.do(t, http.MethodGet, "/v2/intakes/"+in.ID, hh.keyA, nil, "")
	var tomb intake
	r.json(t, &tomb)
	if tomb.DeletedAt == nil || tomb.ScanStatus != "PENDING" || len(tomb.Segments) != 0 {
		t.Fatalf("tombstone of an intake deleted while processing: %s", r.body)
	}
	hh.recordHistory(t, workflows.IntakeWorkflowID(in.ID), "intake_cancelled")
}
