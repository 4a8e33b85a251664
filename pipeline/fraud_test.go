package pipeline

// Forged uploads through the engine as the worker and `compliance process`
// run it: the upload read once (ReadUpload) and handed with each segment's
// pages to fraud, so that what lives only in the upload as stored (its
// revisions, what its pages paint and in which order, an image's EXIF)
// reaches the verdict of the right segment, and the intake's rollup says
// which segment and why.

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/internal/pdfforge"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/rules"
	"github.com/clearedtostart/compliance/scanprep"
)

// forgeryPacket is three documents of one nurse in one PDF, as an issuer's
// systems and a scanner-less nurse would send them: a BLS card, a nursing
// license verification and a TB skin test.
func forgeryPacket(t *testing.T) ([]byte, []sampledocs.Doc, sampledocs.Person) {
	t.Helper()
	r := sampledocs.Seeded(31)
	p := sampledocs.NewPerson(r)
	docs := []sampledocs.Doc{
		sampledocs.Generate(r, "bls", p, sampledocs.Options{Variant: "aha_ecard"}),
		sampledocs.Generate(r, "nursing_license", p, sampledocs.Options{Variant: "board_verification"}),
		sampledocs.Generate(r, "tb_skin_test", p, sampledocs.Options{}),
	}
	pdf, err := sampledocs.RenderPDF(docs...)
	if err != nil {
		t.Fatal(err)
	}
	return pdf, docs, p
}

// firstPageOf returns the first page of docs[i] in their packet.
func firstPageOf(docs []sampledocs.Doc, i int) int {
	n := 1
	for _, d := range docs[:i] {
		n += d.Pages
	}
	return n
}

// typeOver is an "add text" tool: an incremental update drawing, after
// what page n draws, a white box over the words of line whose text starts
// with from, and text in font (a standard 14 font) on the line's baseline.
func typeOver(t *testing.T, pdf []byte, n int, from, font, text string) []byte {
	t.Helper()
	lay := layoutOf(t, pdf, n)
	line := -1
	var box pagetext.Box
	var size float64
	for _, w := range lay.Words {
		switch {
		case line < 0 && w.Text == from:
			line, box, size = w.Line, w.Box, w.Size
		case line >= 0 && w.Line == line && w.Box.X0 > box.X0 && w.Size == size:
			box.X1 = max(box.X1, w.Box.X1)
			box.Y0, box.Y1 = min(box.Y0, w.Box.Y0), max(box.Y1, w.Box.Y1)
		}
	}
	if line < 0 {
		t.Fatalf("page %d prints no word %q", n, from)
	}
	// The layout's boxes are from the page's top-left corner, y down; PDF
	// draws from its bottom-left, y up.
	x, y0, y1 := box.X0, lay.Height-box.Y1, lay.Height-box.Y0
	return pdfforge.AppendRevision(t, pdf, func(ctx *model.Context) ([]int, error) {
		d, ir, inh, err := ctx.PageDict(n, false)
		if err != nil {
			t.Fatal(err)
		}
		res := inh.Resources.Clone().(types.Dict)
		fonts := types.Dict{}
		if fd, err := ctx.DereferenceDict(res["Font"]); err == nil && fd != nil {
			fonts = fd.Clone().(types.Dict)
		}
		fontRef, err := ctx.IndRefForNewObject(types.Dict{"Type": types.Name("Font"), "Subtype": types.Name("Type1"),
			"BaseFont": types.Name(font), "Encoding": types.Name("WinAnsiEncoding")})
		if err != nil {
			t.Fatal(err)
		}
		fonts["FTyped"] = *fontRef
		res["Font"] = fonts
		d["Resources"] = res
		drawing := fmt.Sprintf("q 1 1 1 rg %.2f %.2f %.2f %.2f re f Q\nBT 0 0 0 rg /FTyped %.2f Tf 1 0 0 1 %.2f %.2f Tm (%s) Tj ET\n",
			x-1, y0-1, box.X1-x+2, y1-y0+2, size, x, y0+0.2*size, text)
		ref, obj := pdfforge.NewStream(t, ctx, []byte(drawing))
		arr := types.Array{}
		if a, ok := d["Contents"].(types.Array); ok {
			arr = append(arr, a...)
		} else {
			arr = append(arr, d["Contents"])
		}
		d["Contents"] = append(arr, ref)
		return []int{ir.ObjectNumber.Value(), obj, fontRef.ObjectNumber.Value()}, nil
	})
}

// layoutOf reads page n's text layer as the pipeline does.
func layoutOf(t *testing.T, pdf []byte, n int) pagetext.Page {
	t.Helper()
	// Text layers are read from the PDF pdfdoc opened (mended where the
	// text reader cannot follow incremental updates), as Analyze does.
	doc, err := pdfdoc.Open(pdf)
	if err != nil {
		t.Fatal(err)
	}
	texts, err := pdfdoc.Texts(doc.Data(), []int{n})
	if err != nil || len(texts) != 1 {
		t.Fatalf("text of page %d: %v", n, err)
	}
	return texts[0].Layout
}

// codesOf returns a verdict's signal codes.
func codesOf(v *fraud.Verdict) []string {
	if v == nil {
		return nil
	}
	var out []string
	for _, s := range v.Signals {
		out = append(out, s.Code)
	}
	return out
}

// TestProcessFlagsForgedSegment: an edit made to one document of a packet
// is found through Process on that document's segment, with the signals
// only the upload as stored shows, and the rollup names it; the other
// documents and the untouched packet stay clean.
func TestProcessFlagsForgedSegment(t *testing.T) {
	e := engine(t)
	pdf, docs, p := forgeryPacket(t)
	license := docs[1]
	page := firstPageOf(docs, 1)
	expiry := pdfforge.PrintedDate(t, pdf, page, license.Fields["expiration_date"].(string))
	later := strings.Replace(expiry, license.Fields["expiration_date"].(string)[:4], "2031", 1)
	first := strings.Fields(license.Fields["full_name"].(string))[0]
	tests := []struct {
		name  string
		file  []byte
		codes []string // signal codes the license segment must carry; none: clean
	}{
		{"untouched packet", pdf, nil},
		{"license expiry replaced in an incremental update", pdfforge.ReplaceText(t, pdf, page, expiry, later),
			[]string{fraud.CodeContentChanged}},
		{"license holder typed over in Times, saved as a new revision", typeOver(t, pdf, page, first, "Times-Roman", "Maria Alvarez"),
			[]string{fraud.CodeContentChanged, fraud.CodeCoveredText, fraud.CodeFontMismatch}},
		{"license holder typed over in Times, saved anew", pdfforge.Rewrite(t, typeOver(t, pdf, page, first, "Times-Roman", "Maria Alvarez")),
			[]string{fraud.CodeCoveredText, fraud.CodeFontMismatch}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := e.Process(context.Background(), tt.file, "application/pdf", ProcessOptions{
				Requirement: "nursing_license", AsOf: license.AsOf, Fraud: FraudSettings{Enabled: true, Sensitivity: "MEDIUM"},
				Candidate: rules.Candidate{FirstName: p.FirstName, LastName: p.LastName},
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Segments) != len(docs) {
				t.Fatalf("%d segments, want %d", len(res.Segments), len(docs))
			}
			for i, s := range res.Segments {
				v := s.Judgement.Fraud
				if s.Judgement.DocumentType != docs[i].Type || v == nil {
					t.Fatalf("segment %d: %s, fraud %v; want %s judged", i, s.Judgement.DocumentType, v, docs[i].Type)
				}
				forged := i == 1 && tt.codes != nil
				if got := v.Result == fraud.Fraudulent; got != forged {
					t.Errorf("segment %d (%s): %s at %.3f %v, want fraudulent %v", i, docs[i].Type, v.Result, v.Score, codesOf(v), forged)
				}
				if !forged {
					// The file was saved again, but not over these pages.
					for _, sig := range v.Signals {
						if sig.Code == fraud.CodeContentChanged || sig.Code == fraud.CodeIncrementalUpdate && sig.Weight > 0.10 {
							t.Errorf("segment %d (%s), whose pages no revision changed: %s %.2f", i, docs[i].Type, sig.Code, sig.Weight)
						}
					}
					continue
				}
				for _, c := range tt.codes {
					if !slices.Contains(codesOf(v), c) {
						t.Errorf("segment %d signals %v, want %s", i, codesOf(v), c)
					}
				}
				for _, sig := range v.Signals {
					if sig.Evidence != nil && sig.Evidence.Page != 0 && sig.Evidence.Page != page {
						t.Errorf("%s points at page %d, the license is page %d", sig.Code, sig.Evidence.Page, page)
					}
				}
			}
			r := res.Fraud
			if r == nil {
				t.Fatal("no fraud rollup")
			}
			if tt.codes == nil {
				if r.Result != fraud.Clean || len(r.Segments) != 0 || len(r.FraudulentSegments) != 0 {
					t.Fatalf("rollup of a clean packet %+v", r)
				}
				return
			}
			if r.Result != fraud.Fraudulent || len(r.Segments) != 1 || r.FraudulentSegments[0] != "1" {
				t.Fatalf("rollup %+v, want the license segment alone", r)
			}
			got := r.Segments[0]
			lv := res.Segments[1].Judgement.Fraud
			if got.SegmentID != "1" || got.Index != 1 || got.DocumentType != "nursing_license" || got.Score != lv.Score || !slices.Equal(got.Signals, codesOf(lv)) {
				t.Errorf("rollup lists %+v, want the license segment with its score %.3f and codes %v", got, lv.Score, codesOf(lv))
			}
		})
	}
}

// TestJudgeReadsTheSegmentsPagesOfTheUpload: Judge hands fraud the upload
// and the segment's place in it: a page replaced in a later revision flags
// the segment that holds it and not one whose pages were left alone; and
// without the upload the revision check cannot see the change.
func TestJudgeReadsTheSegmentsPagesOfTheUpload(t *testing.T) {
	e := engine(t)
	pdf, docs, p := forgeryPacket(t)
	license := docs[1]
	page := firstPageOf(docs, 1)
	expiry := pdfforge.PrintedDate(t, pdf, page, license.Fields["expiration_date"].(string))
	forged := pdfforge.ReplaceText(t, pdf, page, expiry, strings.Replace(expiry, license.Fields["expiration_date"].(string)[:4], "2031", 1))
	doc, err := pdfdoc.Open(forged)
	if err != nil {
		t.Fatal(err)
	}
	up, err := ReadUpload(forged, forged, doc.Info.PageCount)
	if err != nil {
		t.Fatal(err)
	}
	pagesOf := func(first, last int) []Page {
		var out []Page
		for n := first; n <= last; n++ {
			lay := layoutOf(t, forged, n)
			out = append(out, Page{Number: n, Text: lay.Text(), Source: SourceTextLayer, Confidence: 100, Layout: &lay})
		}
		return out
	}
	judge := func(first, last int, withUpload bool) *fraud.Verdict {
		in := JudgeInput{Pages: pagesOf(first, last), AsOf: license.AsOf, File: doc.Info,
			Candidate: rules.Candidate{FirstName: p.FirstName, LastName: p.LastName},
			Fraud:     FraudSettings{Enabled: true, Sensitivity: "MEDIUM"}, FirstPage: first, LastPage: last}
		if withUpload {
			in.Upload = up
		}
		return e.Judge(in).Fraud
	}
	licenseEnd := page + license.Pages - 1
	tests := []struct {
		name        string
		first, last int
		upload      bool
		changed     bool
	}{
		{"the license's pages, with the upload", page, licenseEnd, true, true},
		{"the BLS card's pages, with the upload", 1, page - 1, true, false},
		{"the license's pages, without the upload", page, licenseEnd, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := judge(tt.first, tt.last, tt.upload)
			if got := slices.Contains(codesOf(v), fraud.CodeContentChanged); got != tt.changed {
				t.Fatalf("signals %v: content_changed_in_revision %v, want %v", codesOf(v), got, tt.changed)
			}
			if tt.changed && v.Result != fraud.Fraudulent {
				t.Errorf("%s at %.3f, want fraudulent", v.Result, v.Score)
			}
		})
	}
}

// withEXIF puts an APP1 EXIF segment naming the software that last wrote
// a JPEG into it, as editors do.
func withEXIF(jpg []byte, software, datetime string) []byte {
	entries := []struct {
		tag uint16
		val string
	}{{0x0131, software + "\x00"}, {0x0132, datetime + "\x00"}}
	le := binary.LittleEndian
	var tiff, data bytes.Buffer
	tiff.WriteString("II*\x00")
	_ = binary.Write(&tiff, le, uint32(8))
	_ = binary.Write(&tiff, le, uint16(len(entries)))
	dataOff := 8 + 2 + 12*len(entries) + 4
	for _, e := range entries {
		_ = binary.Write(&tiff, le, e.tag)
		_ = binary.Write(&tiff, le, uint16(2)) // ASCII
		_ = binary.Write(&tiff, le, uint32(len(e.val)))
		_ = binary.Write(&tiff, le, uint32(dataOff+data.Len()))
		data.WriteString(e.val)
	}
	_ = binary.Write(&tiff, le, uint32(0))
	tiff.Write(data.Bytes())
	seg := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	out := []byte{0xff, 0xd8, 0xff, 0xe1, byte((len(seg) + 2) >> 8), byte(len(seg) + 2)}
	return append(append(out, seg...), jpg[2:]...)
}

// TestProcessReadsImageUploads: a photo is an upload too: its EXIF, which
// the image-only PDF the pipeline reads does not keep, reaches the verdict.
func TestProcessReadsImageUploads(t *testing.T) {
	e := engine(t)
	r := sampledocs.Seeded(33)
	p := sampledocs.NewPerson(r)
	d := sampledocs.Generate(r, "bls", p, sampledocs.Options{Variant: "aha_ecard"})
	jpg, err := sampledocs.RenderImage(d, "jpeg", 150)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		file   []byte
		editor bool
	}{
		{"a scanner's JPEG", jpg, false},
		{"the same JPEG saved by Photoshop", withEXIF(jpg, "Adobe Photoshop 25.0 (Windows)", d.AsOf.AddDate(0, -1, 0).Format("2006:01:02 15:04:05")), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := e.Process(context.Background(), tt.file, "image/jpeg", ProcessOptions{
				SingleDocument: true, AsOf: d.AsOf, Fraud: FraudSettings{Enabled: true, Sensitivity: "HIGH"},
			})
			if err != nil {
				t.Fatal(err)
			}
			v := res.Segments[0].Judgement.Fraud
			i := slices.Index(codesOf(v), fraud.CodeEditingSoftware)
			if (i >= 0) != tt.editor {
				t.Fatalf("signals %v: editing_software %v, want %v", codesOf(v), i >= 0, tt.editor)
			}
			if tt.editor && (v.Signals[i].Evidence == nil || v.Signals[i].Evidence.Source != "exif" || v.Result != fraud.Fraudulent) {
				t.Errorf("%s at HIGH: %+v", v.Result, v.Signals)
			}
		})
	}
}

// searchableScan is a page as scanner apps write it: the scan as an image
// over the whole page and under it, invisible (render mode 3), the words
// its OCR read, at their places; layer replaces words of the layer.
func searchableScan(t *testing.T, d sampledocs.Doc, layer map[string]string) []byte {
	t.Helper()
	png, err := sampledocs.RenderImage(d, "png", 200)
	if err != nil {
		t.Fatal(err)
	}
	src, err := sampledocs.RenderPDF(d)
	if err != nil {
		t.Fatal(err)
	}
	lay := layoutOf(t, src, 1)
	p := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: lay.Width, Ht: lay.Height}})
	p.SetCreationDate(d.Created)
	p.SetModificationDate(d.Created)
	p.SetProducer("ScanSnap Manager #S1300i", false)
	p.SetAutoPageBreak(false, 0)
	p.AddPage()
	p.RegisterImageOptionsReader("scan", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(png))
	p.ImageOptions("scan", 0, 0, lay.Width, lay.Height, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	p.SetTextRenderingMode(3)
	for _, w := range lay.Words {
		text := w.Text
		if r, ok := layer[text]; ok {
			text = r
		}
		p.SetFont("Helvetica", "", w.Size)
		p.Text(w.Box.X0, w.Box.Y1-0.2*w.Size, text)
	}
	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestProcessComparesTextLayerWithOCR: a scan with a text layer is read
// from its layer; with fraud on, Process OCRs it too and fraud compares
// the two, so a layer edited to say what the scan does not is flagged and
// an honest one is not.
func TestProcessComparesTextLayerWithOCR(t *testing.T) {
	e := engine(t)
	r := sampledocs.Seeded(34)
	p := sampledocs.NewPerson(r)
	d := sampledocs.Generate(r, "nursing_license", p, sampledocs.Options{Variant: "board_verification"})
	if d.Pages != 1 {
		t.Fatalf("a %d-page license; the test wants one page", d.Pages)
	}
	// The forger's edit: a later expiry and another license number, two
	// words of the page's hundred.
	number := d.Fields["license_number"].(string)
	edit := map[string]string{number: number[:len(number)-1] + "9"}
	if strings.HasSuffix(number, "9") {
		edit[number] = number[:len(number)-1] + "8"
	}
	expiry, _ := time.Parse(time.DateOnly, d.Fields["expiration_date"].(string))
	for _, layout := range []string{"01/02/2006", "January 2, 2006", "2006-01-02", "Jan 2, 2006"} {
		edit[expiry.Format(layout)] = expiry.AddDate(4, 0, 0).Format(layout)
	}
	for _, tt := range []struct {
		name     string
		layer    map[string]string
		mismatch bool
	}{
		{"the layer says what the scan shows", nil, false},
		{"the layer edited: another number and expiry", edit, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := searchableScan(t, d, tt.layer)
			up, err := ReadUpload(file, file, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := up.OCRWanted(0, 0); !slices.Equal(got, []int{1}) {
				t.Fatalf("OCRWanted = %v, want [1]", got)
			}
			res, err := e.Process(context.Background(), file, "application/pdf", ProcessOptions{
				SingleDocument: true, AsOf: d.AsOf, Fraud: FraudSettings{Enabled: true, Sensitivity: "MEDIUM"},
			})
			if err != nil {
				t.Fatal(err)
			}
			if res.OCRPages != 0 {
				t.Fatalf("%d pages read by OCR; the page has a text layer", res.OCRPages)
			}
			v := res.Segments[0].Judgement.Fraud
			if got := slices.Contains(codesOf(v), fraud.CodeTextLayerMismatch); got != tt.mismatch {
				t.Fatalf("signals %+v: text_layer_mismatch %v, want %v", v.Signals, got, tt.mismatch)
			}
		})
	}
}

// TestFraudOCR: only the pages fraud asks for are read, and their words
// are in the page's points, where the text layer's are.
func TestFraudOCR(t *testing.T) {
	e := engine(t)
	r := sampledocs.Seeded(35)
	p := sampledocs.NewPerson(r)
	d := sampledocs.Generate(r, "bls", p, sampledocs.Options{Variant: "aha_ecard"})
	scan := searchableScan(t, d, nil)
	text, err := sampledocs.RenderPDF(d)
	if err != nil {
		t.Fatal(err)
	}
	// The scan, then a page of text: one page to OCR for fraud's sake.
	dir := t.TempDir()
	both := filepath.Join(dir, "both.pdf")
	in := []string{filepath.Join(dir, "scan.pdf"), filepath.Join(dir, "text.pdf")}
	if err := os.WriteFile(in[0], scan, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in[1], text, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := api.MergeCreateFile(in, both, false, pdfforge.Conf()); err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(both)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := pdfdoc.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	sides, err := doc.PageLongSides()
	if err != nil {
		t.Fatal(err)
	}
	up, err := ReadUpload(file, file, doc.Info.PageCount)
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.FraudOCR(context.Background(), both, up, 0, 0, sides)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(got[1].Words) == 0 {
		t.Fatalf("OCR of pages %v, want page 1 read", keysOf(got))
	}
	if none, err := e.FraudOCR(context.Background(), both, up, 2, 2, sides); err != nil || len(none) != 0 {
		t.Fatalf("OCR of the text page: %v %v", keysOf(none), err)
	}
	// The OCR's words lie where the layer's are: most layer words of
	// three letters or more have an OCR word over most of their box.
	lay := layoutOf(t, file, 1)
	placed, words := 0, 0
	for _, w := range lay.Words {
		if len(w.Text) < 3 {
			continue
		}
		words++
		for _, o := range got[1].Words {
			if covered(w.Box, o.Box) >= 0.5 {
				placed++
				break
			}
		}
	}
	if words == 0 || placed*10 < words*8 {
		t.Errorf("%d of %d layer words have an OCR word over them", placed, words)
	}
}

// covered is the share of a's area b covers.
func covered(a, b pagetext.Box) float64 {
	w := min(a.X1, b.X1) - max(a.X0, b.X0)
	h := min(a.Y1, b.Y1) - max(a.Y0, b.Y0)
	area := (a.X1 - a.X0) * (a.Y1 - a.Y0)
	if w <= 0 || h <= 0 || area <= 0 {
		return 0
	}
	return w * h / area
}

func keysOf(m map[int]pagetext.Page) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestReadUploadFallsBack: the stored upload is read where it can be; the
// normalised copy where the stored file is not a PDF or image fraud reads
// or has other pages.
func TestReadUploadFallsBack(t *testing.T) {
	pdf, _, _ := forgeryPacket(t)
	one, err := sampledocs.RenderPDF(sampledocs.Generate(sampledocs.Seeded(36), "bls", sampledocs.NewPerson(sampledocs.Seeded(36)), sampledocs.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, 300, 200))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.White}, image.Point{}, draw.Src)
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, img, nil); err != nil {
		t.Fatal(err)
	}
	pages := func(b []byte) int {
		d, err := pdfdoc.Open(b)
		if err != nil {
			t.Fatal(err)
		}
		return d.Info.PageCount
	}
	tests := []struct {
		name                 string
		original, normalised []byte
		pageCount            int
		wantPages            int
		image, fails         bool
	}{
		{"the stored PDF", pdf, pdf, pages(pdf), pages(pdf), false, false},
		{"a photo, whatever its PDF", jpg.Bytes(), one, 1, 0, true, false},
		{"not a file fraud reads (HEIC)", []byte("\x00\x00\x00\x18ftypheic"), one, 1, 1, false, false},
		{"the stored file has other pages", pdf, one, 1, 1, false, false},
		{"no stored file at hand", nil, one, 1, 1, false, false},
		{"neither readable", []byte("junk"), []byte("junk"), 1, 0, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			up, err := ReadUpload(tt.original, tt.normalised, tt.pageCount)
			if (err != nil) != tt.fails {
				t.Fatalf("err = %v, want failure %v", err, tt.fails)
			}
			if tt.fails {
				return
			}
			if up.IsImage() != tt.image || up.PageCount() != tt.wantPages {
				t.Errorf("image %v, %d pages; want %v, %d", up.IsImage(), up.PageCount(), tt.image, tt.wantPages)
			}
		})
	}
}

// TestRollupFraud: the rollup lists the fraudulent segments in index
// order with their score and codes, strongest first, and none of the
// clean ones; no checked segment, no rollup.
func TestRollupFraud(t *testing.T) {
	verdict := func(result string, score float64, codes ...string) *fraud.Verdict {
		v := &fraud.Verdict{Result: result, Score: score, Signals: []fraud.Signal{}}
		for _, c := range codes {
			v.Signals = append(v.Signals, fraud.Signal{Code: c})
		}
		return v
	}
	segs := []SegmentOutcome{
		{ID: "c", Index: 2, DocumentType: "nursing_license", Fraud: verdict(fraud.Fraudulent, 0.72, fraud.CodeContentChanged, fraud.CodeFontMismatch)},
		{ID: "a", Index: 0, DocumentType: "bls", Fraud: verdict(fraud.Clean, 0.25, fraud.CodeIncrementalUpdate)},
		{ID: "b", Index: 1, DocumentType: "tb_skin_test", Fraud: verdict(fraud.Fraudulent, 0.6, fraud.CodeExpiresBeforeIssue)},
		{ID: "d", Index: 3, DocumentType: "other"},
	}
	got, err := json.MarshalIndent(RollupFraud(segs), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/fraud_rollup.golden.json", got)
	if r := RollupFraud(segs[3:]); r != nil {
		t.Errorf("rollup of unchecked segments = %+v", r)
	}
	clean, _ := json.Marshal(RollupFraud(segs[1:2]))
	if string(clean) != `{"result":"clean","score":0.25,"fraudulent_segments":[],"segments":[]}` {
		t.Errorf("clean rollup = %s", clean)
	}
}

// A page straightened a little is still compared with its text layer; one
// turned, straightened further or photographed at an angle is not.
func TestMovedPages(t *testing.T) {
	for _, tt := range []struct {
		name string
		prep *scanprep.Report
		want bool
	}{
		{"as drawn", nil, false},
		{"square scan", &scanprep.Report{Scale: 1}, false},
		{"straightened 0.4 degrees", &scanprep.Report{Scale: 1, Skew: 0.4}, false},
		{"straightened -0.5 degrees", &scanprep.Report{Scale: 1, Skew: -0.5}, false},
		{"straightened 0.8 degrees", &scanprep.Report{Scale: 1, Skew: 0.8}, true},
		{"turned", &scanprep.Report{Scale: 1, Rotation: 180}, true},
		{"photographed at an angle", &scanprep.Report{Scale: 1, Perspective: true}, true},
		{"card cut out in place", &scanprep.Report{Scale: 1, CardCut: true}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := moved(Page{Prep: tt.prep}); got != tt.want {
				t.Errorf("moved = %v, want %v", got, tt.want)
			}
		})
	}
}
