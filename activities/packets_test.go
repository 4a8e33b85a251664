package activities

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/mapping"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/statements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// packetFixture is a placement whose packet "Health" holds a phone scan
// (JPEG), a PDF and a row fulfilled by a person, READY, and whose packet
// "Credentials" holds a document that is not a PDF.
type packetFixture struct {
	*syncFixture
	placement *store.Placement
	health    store.Packet
	broken    store.Packet
	ref       string
}

// fileIntake stores an intake whose upload is data of the mime type.
func (f *syncFixture) fileIntake(t *testing.T, data []byte, mimeType, name string) string {
	t.Helper()
	sum := sha256.Sum256(data)
	file := &store.File{ID: uuid.New(), AccountID: f.account, MimeType: mimeType, SizeBytes: int64(len(data)), SHA256: hex.EncodeToString(sum[:]), Name: &name}
	file.BlobKey = "uploads/" + f.account + "/" + file.ID.String()
	if err := f.blobs.PutBytes(context.Background(), file.BlobKey, data, mimeType); err != nil {
		t.Fatal(err)
	}
	in := &store.Intake{ID: uuid.New(), AccountID: f.account, ExternalID: "nurse-pk", FileID: file.ID, CreatedAt: time.Now().UTC()}
	in.WorkflowID = workflows.IntakeWorkflowID(in.ID.String())
	if err := f.st.CreateIntake(context.Background(), in, file); err != nil {
		t.Fatal(err)
	}
	return in.ID.String()
}

func scanJPEG(t *testing.T) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 850, 1100))
	for y := range 1100 {
		for x := range 850 {
			img.SetGray(x, y, color.Gray{Y: uint8(200 + (x*y)%55)})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 70}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func newPacketFixture(t *testing.T) *packetFixture {
	t.Helper()
	r, err := statements.New(statements.Config{})
	if err != nil {
		t.Fatal(err)
	}
	f := &packetFixture{syncFixture: newSyncFixture(t, func(c *Config) { c.Statements = r }), ref: "P-OR-5-2"}
	ctx := context.Background()
	title := "Travel RN - ICU"
	job, _, _, err := f.st.UpsertJob(ctx, store.JobInput{AccountID: f.account, VMSType: "sandbox", VMSJobRefID: "OR-5", Title: &title})
	if err != nil {
		t.Fatal(err)
	}
	p := f.syncFixture.placement(t, job, "nurse-pk", "Dana Q. Whitfield", f.ref, nil)
	cat := catalog.MustLoad()
	row := func(key, label, group string, order int) requirements.Row {
		d, err := mapping.Describe(cat, key)
		if err != nil {
			t.Fatal(err)
		}
		return requirements.Row{RowKey: "key:" + key, Label: label, NormalizedLabel: mapping.Normalize(label), RequirementKey: key,
			FulfillmentType: d.FulfillmentType, DocumentCategory: d.DocumentCategory, DocumentType: d.DocumentType,
			PacketGroup: group, SortOrder: order, Sources: []string{requirements.SourceVMS}}
	}
	if _, err := f.st.ApplyPlacementRows(ctx, f.account, p.ID, []requirements.Row{
		row("bls", "BLS - AHA only", "Health", 1), row("tb_screening", "TB test within 1 yr", "Health", 2),
		row("orientation", "Facility orientation", "Health", 3), row("nursing_license", "RN license", "Credentials", 4),
	}); err != nil {
		t.Fatal(err)
	}
	tb, err := sampledocs.RenderPDF(sampledocs.Generate(sampledocs.Seeded(5), "tb_screening", sampledocs.NewPerson(sampledocs.Seeded(5)), sampledocs.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	evidence := map[string]store.RowUpdate{
		"key:bls":             {EvidenceKind: store.EvidenceIntake, EvidenceID: f.fileIntake(t, scanJPEG(t), "image/jpeg", "bls-scan.jpg")},
		"key:tb_screening":    {EvidenceKind: store.EvidenceIntake, EvidenceID: f.fileIntake(t, tb, "application/pdf", "tb.pdf")},
		"key:orientation":     {EvidenceKind: store.EvidencePerson, EvidenceID: "api-key:tests"},
		"key:nursing_license": {EvidenceKind: store.EvidenceIntake, EvidenceID: f.fileIntake(t, []byte("%PDF-1.7 truncated"), "application/pdf", "license.pdf")},
	}
	p = stored(t, f.syncFixture, f.st.Placement, p.ID)
	for _, r := range p.Requirements {
		u := evidence[r.RowKey]
		u.Status, u.Reason = "FULFILLED", "test"
		if _, err := f.st.UpdateRow(ctx, f.account, p.ID, r.ID, u); err != nil {
			t.Fatalf("%s: %v", r.RowKey, err)
		}
	}
	f.placement = stored(t, f.syncFixture, f.st.Placement, p.ID)
	for _, pk := range f.placement.Packets {
		switch pk.PacketGroup {
		case "Health":
			f.health = pk
		case "Credentials":
			f.broken = pk
		}
		if pk.Status != "READY" {
			t.Fatalf("packet %s is %s", pk.PacketGroup, pk.Status)
		}
	}
	return f
}

func (f *packetFixture) begin(t *testing.T, pk store.Packet) workflows.PacketUploadInput {
	t.Helper()
	up, _, err := f.st.BeginPacketUpload(context.Background(), f.account, pk.ID, workflows.PacketUploadWorkflowID(pk.ID.String()))
	if err != nil {
		t.Fatal(err)
	}
	return workflows.PacketUploadInput{AccountID: f.account, PacketID: pk.ID.String(), UploadID: up.ID.String()}
}

// TestCompileAndUploadPacket: the compiled packet is the cover sheet, the
// scan as a page and the PDF, bookmarked and numbered, the same bytes
// when compiled again; sent twice, the VMS keeps one copy.
func TestCompileAndUploadPacket(t *testing.T) {
	f := newPacketFixture(t)
	in := f.begin(t, f.health)
	var first, second workflows.CompilePacketResult
	f.run(t, &first, f.acts.CompilePacket, in)
	f.run(t, &second, f.acts.CompilePacket, in)
	if first != second || first.VMSType != "sandbox" {
		t.Fatalf("compiled twice: %+v, then %+v", first, second)
	}
	pdf, err := f.blobs.Get(context.Background(), PacketBlobKey(in.PacketID, first.SHA256))
	if err != nil {
		t.Fatal(err)
	}
	n, err := api.PageCount(bytes.NewReader(pdf), nil)
	if err != nil {
		t.Fatal(err)
	}
	bms, err := api.Bookmarks(bytes.NewReader(pdf), nil)
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, b := range bms {
		titles = append(titles, b.Title)
	}
	if strings.Join(titles, "|") != "Cover sheet|BLS - AHA only|TB test within 1 yr" {
		t.Errorf("bookmarks %q", titles)
	}
	// The scan is one page after the cover, the TB record after it.
	if len(bms) == 3 && (bms[2].PageFrom != bms[1].PageFrom+1 || n < bms[2].PageFrom) {
		t.Errorf("pages: %d, bookmarks %+v", n, bms)
	}
	upload := stored(t, f.syncFixture, f.st.PacketUpload, uuid.MustParse(in.UploadID))
	if deref(upload.IdempotencyKey) != IdempotencyKey(in.PacketID, first.SHA256) || upload.CompiledFileID.String() != first.FileID {
		t.Errorf("upload %+v", upload)
	}

	var r1, r2 workflows.UploadPacketResult
	f.run(t, &r1, f.acts.UploadPacket, in)
	f.run(t, &r2, f.acts.UploadPacket, in)
	if r1.ReceiptID == "" || r1.Duplicate || r2.ReceiptID != r1.ReceiptID || !r2.Duplicate {
		t.Errorf("receipts %+v, then %+v", r1, r2)
	}
	if got := f.vms.Sandbox().Uploads(f.ref); len(got) != 1 || got[0].SHA256 != first.SHA256 {
		t.Errorf("the VMS holds %+v", got)
	}
	f.run(t, nil, f.acts.FinishUpload, workflows.FinishUploadInput{AccountID: f.account, UploadID: in.UploadID, Status: workflows.UploadUploaded, Receipt: &r1})
	p := stored(t, f.syncFixture, f.st.Placement, f.placement.ID)
	for _, pk := range p.Packets {
		if pk.ID == f.health.ID && (pk.Status != "UPLOADED" || pk.UploadedAt == nil || !pk.UploadedAt.Equal(r1.ReceivedAt.Truncate(time.Microsecond))) {
			t.Errorf("packet %+v", pk)
		}
	}
	// An ended upload is not compiled or sent again.
	_, err = f.env.ExecuteActivity(f.acts.UploadPacket, in)
	var appErr *temporal.ApplicationError
	if !errors.As(err, &appErr) || appErr.Type() != workflows.ErrGone {
		t.Errorf("a send after the end: %v", err)
	}
}

// TestCompilePacketBadPart: a document that is neither a readable PDF nor
// an image fails the compilation for good, naming its requirement.
func TestCompilePacketBadPart(t *testing.T) {
	f := newPacketFixture(t)
	_, err := f.env.ExecuteActivity(f.acts.CompilePacket, f.begin(t, f.broken))
	var appErr *temporal.ApplicationError
	if !errors.As(err, &appErr) || appErr.Type() != workflows.ErrBadPacket || !appErr.NonRetryable() || !strings.Contains(appErr.Message(), "RN license") {
		t.Fatalf("err = %v", err)
	}
}
