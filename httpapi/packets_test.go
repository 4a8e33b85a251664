package httpapi_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/pdfcpu/pdfcpu/pkg/api"

	"github.com/clearedtostart/compliance/internal/pdftext"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	vmssandbox "github.com/clearedtostart/compliance/vms/sandbox"
	"github.com/clearedtostart/compliance/workflows"
)

// uploadView is GET /vms/upload-packet/{taskId}.
type uploadView struct {
	Status      string     `json:"status"`
	TaskID      string     `json:"taskId"`
	PacketID    string     `json:"packetId"`
	PacketGroup string     `json:"packetGroup"`
	PlacementID string     `json:"placementId"`
	Attempts    int        `json:"attempts"`
	UploadedAt  *time.Time `json:"uploadedAt"`
	Reason      *string    `json:"reason"`
	Receipt     *struct {
		ID        string `json:"id"`
		Duplicate bool   `json:"duplicate"`
	} `json:"receipt"`
	File *struct {
		ID     string `json:"id"`
		URL    string `json:"url"`
		SHA256 string `json:"sha256"`
	} `json:"file"`
}

type packageStatusView struct {
	Packets []struct {
		ID             string     `json:"id"`
		PacketGroup    string     `json:"packetGroup"`
		Status         string     `json:"status"`
		UploadedAt     *time.Time `json:"uploadedAt"`
		CompiledFileID *string    `json:"compiledFileId"`
	} `json:"packets"`
}

func (hh *harness) waitUpload(t *testing.T, key, taskID string) uploadView {
	t.Helper()
	return poll(hh, t, key, "/vms/upload-packet/"+taskID, 2*time.Minute, func(u uploadView) bool { return u.Status != "UPLOADING" },
		func(u uploadView, r response) string {
			return "upload " + taskID + " still UPLOADING: " + string(r.body)
		})
}

// TestPacketUpload takes a placement's packet from READY to the VMS: the
// refusals (400, 404, 409), the upload with its running task, the compiled
// PDF (cover sheet, bookmarks, page numbers), one copy at the VMS, and a
// row change after the upload that asks for a new one.
func TestPacketUpload(t *testing.T) {
	hh := stack(t)
	_, key := hh.newAccount(t, "upload")
	const ref = "OR-5"
	vmsRef := fmt.Sprintf("P-%s-%d", ref, 100+time.Now().UnixNano()%9000)
	job := hh.sandboxJob(t, key, ref)
	job = hh.waitJob(t, key, job.ID, "rows from the VMS", func(j jobView) bool { return j.Sync.SyncedAt != nil && len(j.Requirements) > 0 })
	person := sampledocs.NewPerson(sampledocs.Seeded(2716))
	start := time.Now().UTC().AddDate(0, 0, 14).Truncate(24 * time.Hour)
	pl := hh.newPlacement(t, key, map[string]any{"jobId": job.ID, "externalId": "nurse-upload-1", "candidateName": person.FullName(),
		"startDate": start.Format(time.DateOnly), "vmsPlacementRefId": vmsRef})
	pl = hh.waitPlacement(t, key, pl.ID, "rows", func(p placementView) bool {
		row, ok := p.row("bls")
		return ok && row.Status == "IN_PROGRESS"
	})
	bls, _ := pl.row("bls")
	group := bls.PacketGroup

	// Refusals: malformed, unknown, another account's, not READY.
	post := func(key string, body any) response {
		return hh.doJSON(t, http.MethodPost, "/vms/upload-packet", key, body)
	}
	wantError(t, post(key, map[string]any{}), 400, "invalid_request", "packet_id", "packet_id is required")
	wantError(t, post(key, map[string]any{"packet_id": "nope"}), 400, "invalid_request", "packet_id", "packet_id must be a UUID")
	wantError(t, hh.do(t, http.MethodPost, "/vms/upload-packet", key, strings.NewReader("{"), "application/json"), 400, "invalid_request", "", "")
	wantError(t, post(key, map[string]any{"packet_id": uuid.NewString()}), 404, "not_found", "", "")
	pk := pl.packet(group)
	wantError(t, post(hh.keyB, map[string]any{"packet_id": pk.ID}), 404, "not_found", "", "")
	wantError(t, post(key, map[string]any{"packet_id": pk.ID}), 409, "packet_not_ready",
		"", "the packet is INCOMPLETE: only a READY packet (or one whose upload FAILED) can be uploaded")

	// The packet made READY: its BLS card uploaded, every other row skipped.
	doc := sampledocs.Generate(sampledocs.Seeded(2717), "bls", person, sampledocs.Options{AsOf: start})
	card, err := sampledocs.RenderPDF(doc)
	if err != nil {
		t.Fatal(err)
	}
	in := hh.createIntake(t, key, field("external_id", "nurse-upload-1"),
		field("validate", jsonString(map[string]any{"placement_id": pl.ID, "requirement_id": bls.ID})), filePart("bls.pdf", card))
	if done := hh.waitIntake(t, in.ID, key); done.ScanStatus != "SUCCESS" {
		t.Fatalf("BLS intake: %s", done.ScanStatus)
	}
	pl = hh.waitPlacement(t, key, pl.ID, "BLS FULFILLED", func(p placementView) bool { row, _ := p.row("bls"); return row.Status == "FULFILLED" })
	for _, row := range pl.Requirements {
		if row.PacketGroup == group && row.Status != "FULFILLED" {
			r := hh.doJSON(t, http.MethodPost, "/placement/"+pl.ID+"/requirements/"+row.ID+"/status", key, map[string]any{"status": "SKIPPED", "reason": "waived for this assignment"})
			if r.status != http.StatusOK {
				t.Fatalf("skip: %d %s", r.status, r.body)
			}
			r.json(t, &pl)
		}
	}
	if pk = pl.packet(group); pk.Status != "READY" {
		t.Fatalf("%s: %+v", group, pk)
	}

	// The VMS is slow to answer the first send: the upload is still
	// running when it is asked for again.
	if _, err := hh.vms.Sandbox().AddFault(vmssandbox.Fault{Method: http.MethodPost, Path: "/api/v1/placements/" + vmsRef + "/documents", Mode: "slow", Count: 1,
		Delay: vmssandbox.Duration(4 * time.Second)}); err != nil {
		t.Fatal(err)
	}
	r := post(key, map[string]any{"packet_id": pk.ID})
	var task uploadView
	r.json(t, &task)
	if r.status != http.StatusAccepted || task.Status != "UPLOADING" || task.PacketID != pk.ID || task.PacketGroup != group || task.TaskID == "" {
		t.Fatalf("POST /vms/upload-packet: %d %s", r.status, r.body)
	}
	r = post(key, map[string]any{"packet_id": pk.ID})
	var again uploadView
	r.json(t, &again)
	if r.status != http.StatusAccepted || again.TaskID != task.TaskID || again.Status != "UPLOADING" {
		t.Fatalf("a second call while the upload runs: %d %s (task %s)", r.status, r.body, task.TaskID)
	}
	if !hh.findsWorkflow(t, "PlacementId = '"+pl.ID+"'", workflows.PacketUploadWorkflowID(pk.ID)) {
		t.Error("the upload is not found by PlacementId")
	}
	up := hh.waitUpload(t, key, task.TaskID)
	if up.Status != "UPLOADED" || up.UploadedAt == nil || up.Receipt == nil || up.Receipt.ID == "" || up.File == nil || up.Reason != nil {
		t.Fatalf("upload: %+v", up)
	}
	hh.recordHistory(t, workflows.PacketUploadWorkflowID(pk.ID), "packet_upload")

	// The package status shows the upload; the VMS holds one copy, the
	// compiled PDF.
	var ps packageStatusView
	hh.do(t, http.MethodGet, "/placement/"+pl.ID+"/package-status", key, nil, "").json(t, &ps)
	for _, p := range ps.Packets {
		if p.ID == pk.ID && (p.Status != "UPLOADED" || p.UploadedAt == nil || !p.UploadedAt.Equal(*up.UploadedAt) || p.CompiledFileID == nil || *p.CompiledFileID != up.File.ID) {
			t.Errorf("package status: %+v (upload %+v)", p, up)
		}
	}
	resp, err := http.Get(up.File.URL)
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("compiled PDF: %d %v", resp.StatusCode, err)
	}
	sum := sha256.Sum256(pdf)
	if hex.EncodeToString(sum[:]) != up.File.SHA256 {
		t.Error("the compiled PDF is not the file's bytes")
	}
	copies := hh.vms.Sandbox().Uploads(vmsRef)
	if len(copies) != 1 || copies[0].SHA256 != up.File.SHA256 || copies[0].PacketGroup != group || copies[0].ID != up.Receipt.ID {
		t.Errorf("the VMS holds %+v, want one copy of %s", copies, up.File.SHA256)
	}
	text := pdftext.Folded(t, pdf)
	for _, want := range []string{person.FirstName, person.LastName, "nurse-upload-1", bls.VMSRequirementName, "FULFILLED", "bls.pdf", "Page 1 of 2", "Page 2 of 2", group} {
		if !strings.Contains(text, want) {
			t.Errorf("the compiled packet does not say %q: %s", want, text)
		}
	}
	bms, err := api.Bookmarks(bytes.NewReader(pdf), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(bms) != 2 || bms[0].Title != "Cover sheet" || bms[0].PageFrom != 1 || bms[1].Title != bls.VMSRequirementName || bms[1].PageFrom < 2 {
		t.Errorf("bookmarks: %+v", bms)
	}

	// Uploaded: no second upload of the same content.
	wantError(t, post(key, map[string]any{"packet_id": pk.ID}), 409, "packet_not_ready",
		"", "the packet is UPLOADED: only a READY packet (or one whose upload FAILED) can be uploaded")

	// Rows changed after the upload: the packet needs a new one. The BLS
	// row skipped leaves every row done (READY); brought back, the packet
	// waits for it (INCOMPLETE).
	for _, step := range []struct{ status, packet string }{{"SKIPPED", "READY"}, {"PENDING", "INCOMPLETE"}} {
		r = hh.doJSON(t, http.MethodPost, "/placement/"+pl.ID+"/requirements/"+bls.ID+"/status", key, map[string]any{"status": step.status, "reason": "the facility changed its mind"})
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d %s", step.status, r.status, r.body)
		}
		pl = hh.waitPlacement(t, key, pl.ID, "packet "+step.packet, func(p placementView) bool { return p.packet(group).Status == step.packet })
	}
	hh.do(t, http.MethodGet, "/placement/"+pl.ID+"/package-status", key, nil, "").json(t, &ps)
	for _, p := range ps.Packets {
		if p.ID == pk.ID && (p.UploadedAt == nil || p.CompiledFileID == nil || *p.CompiledFileID != up.File.ID) {
			t.Errorf("the last upload is still shown: %+v", p)
		}
	}
	// READY again (the row skipped once more), uploaded to a VMS that is
	// down once, then refuses our access: the refusal is not retried, the
	// upload and the packet are FAILED with the VMS's reason.
	r = hh.doJSON(t, http.MethodPost, "/placement/"+pl.ID+"/requirements/"+bls.ID+"/status", key, map[string]any{"status": "SKIPPED", "reason": "waived after all"})
	if r.status != http.StatusOK {
		t.Fatalf("skip: %d %s", r.status, r.body)
	}
	pl = hh.waitPlacement(t, key, pl.ID, "packet READY", func(p placementView) bool { return p.packet(group).Status == "READY" })
	for _, status := range []int{503, 403} {
		if _, err := hh.vms.Sandbox().AddFault(vmssandbox.Fault{Method: http.MethodPost, Path: "/api/v1/placements/" + vmsRef + "/documents", Mode: "fail", Count: 1, Status: status}); err != nil {
			t.Fatal(err)
		}
	}
	var second uploadView
	if r = post(key, map[string]any{"packet_id": pk.ID}); r.status != http.StatusAccepted {
		t.Fatalf("a new upload: %d %s", r.status, r.body)
	}
	r.json(t, &second)
	if second.TaskID == task.TaskID {
		t.Fatal("a new upload has the old task id")
	}
	failed := hh.waitUpload(t, key, second.TaskID)
	if failed.Status != "FAILED" || failed.Attempts != 2 || failed.UploadedAt != nil || failed.Reason == nil ||
		!strings.Contains(*failed.Reason, "refuses our account access") {
		t.Fatalf("failed upload: %+v (reason %q)", failed, deref(failed.Reason))
	}
	pl = hh.waitPlacement(t, key, pl.ID, "packet FAILED", func(p placementView) bool { return p.packet(group).Status == "FAILED" })
	if n := len(hh.vms.Sandbox().Uploads(vmsRef)); n != 1 {
		t.Errorf("the VMS holds %d uploads, want the first only", n)
	}
	hh.recordHistory(t, workflows.PacketUploadWorkflowID(pk.ID), "packet_upload_failed")
	if r := hh.do(t, http.MethodGet, "/vms/upload-packet/"+task.TaskID, hh.keyB, nil, ""); r.status != http.StatusNotFound {
		t.Errorf("another account's upload: %d", r.status)
	}
	if r := hh.do(t, http.MethodGet, "/vms/upload-packet/nope", key, nil, ""); r.status != http.StatusNotFound {
		t.Errorf("a malformed task id: %d", r.status)
	}
}
