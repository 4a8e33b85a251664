package activities

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// Fraud's checks of the upload as stored, through the activities on the
// real stack: the file row's blob is read (not the normalised PDF the
// pages were read from), once per batch, and what only it shows reaches
// the stored verdicts and the intake's rollup.

// uploadAccount is the account of these tests, on its own: fraud checks
// on at MEDIUM as a new account has them, whatever other tests do to
// theirs.
const uploadAccount = "acct-upload"

// storeUpload stores data as a new upload of uploadAccount with its MIME
// type (its blob and file row), as the API does.
func storeUpload(t *testing.T, f *fixture, data []byte, mime string) *store.File {
	t.Helper()
	if _, err := f.st.EnsureAccount(context.Background(), uploadAccount, ""); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	file := &store.File{ID: uuid.New(), AccountID: uploadAccount, MimeType: mime, SizeBytes: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}
	file.BlobKey = "uploads/" + file.AccountID + "/" + file.ID.String()
	if err := f.blobs.PutBytes(context.Background(), file.BlobKey, data, mime); err != nil {
		t.Fatal(err)
	}
	return file
}

// readUpload runs Analyze and OCRs the pages it lists, as the workflows
// do; it returns the analysis and every page's text key in page order.
func (f *fixture) readUpload(t *testing.T, kind, owner string, file *store.File) (workflows.AnalyzeResult, []workflows.PageRef) {
	t.Helper()
	var an workflows.AnalyzeResult
	f.run(t, &an, f.acts.Analyze, workflows.AnalyzeInput{Kind: kind, OwnerID: owner, AccountID: file.AccountID, FileKey: file.BlobKey, MimeType: file.MimeType})
	pages := make([]workflows.PageRef, an.Info.PageCount)
	for _, p := range an.TextPages {
		pages[p.Number-1] = p
	}
	for _, n := range an.NeedOCR {
		f.run(t, &pages[n-1], f.acts.OCRPage, workflows.OCRPageInput{Kind: kind, OwnerID: owner, PDFKey: an.PDFKey, Page: n, LongSide: an.LongSides[n-1]})
	}
	return an, pages
}

// judgeIntake stores an intake of data and runs it to SUCCESS through the
// activities; it returns the finished intake and its stored segments.
func (f *fixture) judgeIntake(t *testing.T, data []byte, mime string) (*store.Intake, []store.Segment, workflows.AnalyzeResult) {
	t.Helper()
	ctx := context.Background()
	file := storeUpload(t, f, data, mime)
	in := &store.Intake{ID: uuid.New(), AccountID: file.AccountID, ExternalID: "nurse-fraud", FileID: file.ID, CreatedAt: time.Now().UTC()}
	in.WorkflowID = workflows.IntakeWorkflowID(in.ID.String())
	if err := f.st.CreateIntake(ctx, in, file); err != nil {
		t.Fatal(err)
	}
	an, pages := f.readUpload(t, workflows.KindIntake, in.ID.String(), file)
	var split workflows.SplitResult
	f.run(t, &split, f.acts.Split, workflows.SplitInput{Pages: featuresOf(pages)})
	var specs []workflows.SegmentSpec
	var works []workflows.SegmentWork
	for i, r := range split.Ranges {
		spec := workflows.SegmentSpec{ID: workflows.SegmentID(in.ID.String(), i), Index: i, PageStart: r.Start, PageEnd: r.End}
		w := workflows.SegmentWork{Spec: spec}
		for p := r.Start; p <= r.End; p++ {
			w.TextKeys = append(w.TextKeys, pages[p-1].TextKey)
		}
		specs, works = append(specs, spec), append(works, w)
	}
	f.run(t, nil, f.acts.RecordSplit, workflows.RecordSplitInput{AccountID: in.AccountID, IntakeID: in.ID.String(), PageCount: an.Info.PageCount, Segments: specs})
	for _, batch := range workflows.Batches(works) {
		f.run(t, nil, f.acts.ProcessSegments, workflows.ProcessSegmentsInput{AccountID: in.AccountID, IntakeID: in.ID.String(), Segments: batch, UploadPDF: an.UploadPDF})
	}
	count := an.Info.PageCount
	f.run(t, nil, f.acts.FinishIntake, workflows.FinishIntakeInput{AccountID: in.AccountID, IntakeID: in.ID.String(), Status: "SUCCESS", PageCount: &count})
	done, segs, err := f.st.Intake(ctx, in.AccountID, in.ID)
	if err != nil {
		t.Fatal(err)
	}
	return done, segs, an
}

// withEXIF puts an APP1 EXIF segment naming the software that last wrote
// a JPEG into it, as editors do.
func withEXIF(jpg []byte, software string) []byte {
	val := software + "\x00"
	le := binary.LittleEndian
	var tiff bytes.Buffer
	tiff.WriteString("II*\x00")
	_ = binary.Write(&tiff, le, uint32(8))
	_ = binary.Write(&tiff, le, uint16(1))
	_ = binary.Write(&tiff, le, uint16(0x0131)) // Software
	_ = binary.Write(&tiff, le, uint16(2))      // ASCII
	_ = binary.Write(&tiff, le, uint32(len(val)))
	_ = binary.Write(&tiff, le, uint32(8+2+12+4))
	_ = binary.Write(&tiff, le, uint32(0))
	tiff.WriteString(val)
	seg := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	out := []byte{0xff, 0xd8, 0xff, 0xe1, byte((len(seg) + 2) >> 8), byte(len(seg) + 2)}
	return append(append(out, seg...), jpg[2:]...)
}

// paintOver is an editor's incremental update as pdfcpu writes it: a
// content stream appended to page n painting a white box at x, y (PDF
// points). pdfdoc mends such files for the text reader, so the pages are
// read from a normalised copy that keeps no revision: only the upload as
// stored shows the change.
func paintOver(t *testing.T, pdf []byte, n int, x, y float64) []byte {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	ctx, err := api.ReadContext(bytes.NewReader(pdf), conf)
	if err != nil {
		t.Fatal(err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	d, ir, _, err := ctx.PageDict(n, false)
	if err != nil {
		t.Fatal(err)
	}
	sd, err := ctx.NewStreamDictForBuf(fmt.Appendf(nil, "q 1 1 1 rg %.1f %.1f 90 14 re f Q\n", x, y))
	if err != nil {
		t.Fatal(err)
	}
	if err := sd.Encode(); err != nil {
		t.Fatal(err)
	}
	ref, err := ctx.IndRefForNewObject(*sd)
	if err != nil {
		t.Fatal(err)
	}
	contents := types.Array{}
	if a, ok := d["Contents"].(types.Array); ok {
		contents = append(contents, a...)
	} else {
		contents = append(contents, d["Contents"])
	}
	d["Contents"] = append(contents, *ref)
	ctx.Write.IncrementWithObjNr(ir.ObjectNumber.Value())
	ctx.Write.IncrementWithObjNr(ref.ObjectNumber.Value())
	path := filepath.Join(t.TempDir(), "edited.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := api.WriteIncr(ctx, out, conf); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// storedVerdict decodes a stored fraud verdict.
func storedVerdict(t *testing.T, raw []byte) fraud.Verdict {
	t.Helper()
	var v fraud.Verdict
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("stored verdict %s: %v", raw, err)
	}
	return v
}

func TestProcessSegmentsReadsTheStoredUpload(t *testing.T) {
	f := newFixture(t)
	f.acts.RegisterOCR(f.env)
	r := sampledocs.Seeded(61)
	p := sampledocs.NewPerson(r)
	card := sampledocs.Generate(r, "bls", p, sampledocs.Options{Variant: "aha_ecard"})
	license := sampledocs.Generate(r, "nursing_license", p, sampledocs.Options{Variant: "board_verification"})
	clean, err := sampledocs.RenderPDF(card, license)
	if err != nil {
		t.Fatal(err)
	}
	expiry, _ := time.Parse(time.DateOnly, card.Fields["expiration_date"].(string))
	edited, err := sampledocs.EditedPDF(r, card, "expiration_date", expiry.AddDate(3, 0, 0).Format(time.DateOnly))
	if err != nil {
		t.Fatal(err)
	}
	photo, err := sampledocs.RenderImage(card, "jpeg", 150)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, mime string
		file       []byte
		// code is the upload-based signal the first segment's stored
		// verdict must carry ("" for none) and source its evidence's.
		code, source string
		fraudulent   bool
		// normalised: the pages are read from a copy of the upload, not
		// from the upload itself.
		normalised bool
	}{
		{"a clean packet", "application/pdf", clean, "", "", false, false},
		{"an eCard whose expiry was replaced in a later revision", "application/pdf", edited, fraud.CodeContentChanged, "", true, false},
		{"a packet whose card was painted over in a later revision, read from a mended copy", "application/pdf", paintOver(t, clean, 1, 100, 100), fraud.CodeContentChanged, "", true, true},
		// A pixel editor's save weighs enough alone at MEDIUM: a card photo
		// has no reason to pass through one.
		{"a photo of the card last saved by Photoshop", "image/jpeg", withEXIF(photo, "Adobe Photoshop 25.0 (Windows)"), fraud.CodeEditingSoftware, "exif", true, true},
	}
	upload := map[string]bool{fraud.CodeContentChanged: true, fraud.CodeIncrementalUpdate: true, fraud.CodeEditingSoftware: true,
		fraud.CodeCoveredText: true, fraud.CodeOverlappingText: true, fraud.CodeMetadataMismatch: true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, segs, an := f.judgeIntake(t, tt.file, tt.mime)
			if in.ScanStatus != "SUCCESS" || len(segs) == 0 {
				t.Fatalf("intake %s with %d segments", in.ScanStatus, len(segs))
			}
			if got := an.PDFKey != in.File.BlobKey; got != tt.normalised {
				t.Fatalf("pages read from %s (repaired %q), want a normalised copy %v", an.PDFKey, an.Info.Repaired, tt.normalised)
			}
			for i, s := range segs {
				if s.FraudResult == nil || len(s.FraudSignals) == 0 {
					t.Fatalf("segment %d has no stored verdict", i)
				}
				v := storedVerdict(t, s.FraudSignals)
				if i > 0 || tt.code == "" {
					for _, sig := range v.Signals {
						// A later save elsewhere in the file weighs 0.10
						// on the documents whose pages it left alone.
						if upload[sig.Code] && !(sig.Code == fraud.CodeIncrementalUpdate && sig.Weight <= 0.10) {
							t.Errorf("segment %d (%s) of an untouched file: %s %s", i, *s.DocumentType, sig.Code, sig.Detail)
						}
					}
					continue
				}
				sig := signalOf(&v, tt.code)
				if sig == nil {
					t.Fatalf("stored signals %+v, want %s", v.Signals, tt.code)
				}
				if tt.source != "" && (sig.Evidence == nil || sig.Evidence.Source != tt.source) {
					t.Errorf("%s evidence %+v, want source %s", tt.code, sig.Evidence, tt.source)
				}
				if got := *s.FraudResult == fraud.Fraudulent; got != tt.fraudulent {
					t.Errorf("stored %s at %.3f, want fraudulent %v: %+v", *s.FraudResult, *s.FraudScore, tt.fraudulent, v.Signals)
				}
			}
			var rollup pipeline.FraudRollup
			if err := json.Unmarshal(in.Fraud, &rollup); err != nil {
				t.Fatalf("rollup %s: %v", in.Fraud, err)
			}
			if !tt.fraudulent {
				if rollup.Result != fraud.Clean || len(rollup.Segments) != 0 {
					t.Errorf("rollup %s, want clean", in.Fraud)
				}
				return
			}
			want := storedVerdict(t, segs[0].FraudSignals)
			if rollup.Result != fraud.Fraudulent || len(rollup.Segments) != 1 {
				t.Fatalf("rollup %s, want the first segment alone", in.Fraud)
			}
			got := rollup.Segments[0]
			var codes []string
			for _, s := range want.Signals {
				codes = append(codes, s.Code)
			}
			if got.SegmentID != segs[0].ID.String() || got.Index != 0 || got.DocumentType != "bls" || got.Score != *segs[0].FraudScore || !slices.Equal(got.Signals, codes) {
				t.Errorf("rollup lists %+v, want segment %s (bls, %.3f, %v)", got, segs[0].ID, *segs[0].FraudScore, codes)
			}
		})
	}
}

func TestJudgeScanReadsTheStoredUpload(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	r := sampledocs.Seeded(62)
	p := sampledocs.NewPerson(r)
	card := sampledocs.Generate(r, "bls", p, sampledocs.Options{Variant: "aha_ecard"})
	expiry, _ := time.Parse(time.DateOnly, card.Fields["expiration_date"].(string))
	edited, err := sampledocs.EditedPDF(r, card, "expiration_date", expiry.AddDate(3, 0, 0).Format(time.DateOnly))
	if err != nil {
		t.Fatal(err)
	}
	file := storeUpload(t, f, edited, "application/pdf")
	scanCtx, err := store.ToJSON(store.IntakeContext{FirstName: p.FirstName, LastName: p.LastName})
	if err != nil {
		t.Fatal(err)
	}
	d := &store.DocumentScan{ID: uuid.New(), AccountID: file.AccountID, ExternalID: uuid.New(), FileID: file.ID, Validation: true,
		Context: scanCtx, TaskID: uuid.New(), CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}
	d.UpdatedAt, d.WorkflowID = d.CreatedAt, workflows.DocumentScanWorkflowID(d.ID.String())
	if err := f.st.CreateDocumentScan(ctx, d, file); err != nil {
		t.Fatal(err)
	}
	f.run(t, nil, f.acts.StartScan, workflows.ScanRef{AccountID: d.AccountID, ScanID: d.ID.String()})
	an, pages := f.readUpload(t, workflows.KindDocumentScan, d.ID.String(), file)
	var keys []string
	for _, pg := range pages {
		keys = append(keys, pg.TextKey)
	}
	var res workflows.ProcessSegmentResult
	f.run(t, &res, f.acts.JudgeScan, workflows.JudgeScanInput{AccountID: d.AccountID, ScanID: d.ID.String(), TextKeys: keys, UploadPDF: an.UploadPDF})
	got, err := f.st.DocumentScan(ctx, d.AccountID, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	v := storedVerdict(t, got.Fraud)
	if res.DocumentType != "bls" || v.Result != fraud.Fraudulent || signalOf(&v, fraud.CodeContentChanged) == nil {
		t.Fatalf("scan judged %s, fraud %s %+v; want bls, fraudulent with %s", res.DocumentType, v.Result, v.Signals, fraud.CodeContentChanged)
	}
}
