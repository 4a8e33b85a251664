package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/scanprep"
)

// readScanned OCRs every page of an image-only PDF (or image) the way the
// worker does and judges the pages as one document.
func readScanned(t testing.TB, e *Engine, data []byte, mime string) ([]Page, Judgement) {
	t.Helper()
	pages, j, err := readScannedWith(e, data, mime, e.OCRPage, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return pages, j
}

// readScannedWith is readScanned with the page reader given, safe to call
// from any goroutine; dir holds the file while it is read.
func readScannedWith(e *Engine, data []byte, mime string, read func(ctx context.Context, pdfPath string, page int, longSide float64) (Page, error), dir string) ([]Page, Judgement, error) {
	ctx := context.Background()
	pdf, fromImage, err := e.Normalize(ctx, data, mime)
	if err != nil {
		return nil, Judgement{}, err
	}
	an, err := e.Analyze(ctx, pdf)
	if err != nil {
		return nil, Judgement{}, err
	}
	if len(an.NeedOCR) != an.Info.PageCount {
		return nil, Judgement{}, fmt.Errorf("%d of %d pages need OCR", len(an.NeedOCR), an.Info.PageCount)
	}
	path := filepath.Join(dir, "scan.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		return nil, Judgement{}, err
	}
	pages := make([]Page, an.Info.PageCount)
	for _, n := range an.NeedOCR {
		if pages[n-1], err = read(ctx, path, n, an.LongSides[n-1]); err != nil {
			return nil, Judgement{}, err
		}
	}
	return pages, e.Judge(JudgeInput{Pages: pages, ValidateAnyType: true, AsOf: asOf, File: an.Info, FromImage: fromImage}), nil
}

// scannedSample draws a document of docType (of variant, if one is named)
// for a person, both from seed, and scans it as scan says.
func scannedSample(t *testing.T, seed uint64, docType, variant string, scan sampledocs.ScanOptions) (sampledocs.Doc, []byte) {
	t.Helper()
	r := sampledocs.Seeded(seed)
	d := sampledocs.Generate(r, docType, sampledocs.NewPerson(r), sampledocs.Options{Variant: variant})
	pdf, err := sampledocs.RenderPDF(d)
	if err != nil {
		t.Fatal(err)
	}
	if d.Pages > 1 {
		pdf = firstPage(t, pdf)
		if scan.Seed == 0 {
			// The cut PDF's bytes, which seed the scan's noise by
			// default, may carry the time they were written.
			scan.Seed = seed
		}
	}
	data, err := sampledocs.RenderScanned(pdf, scan)
	if err != nil {
		t.Fatal(err)
	}
	return d, data
}

// firstPage returns pdf cut to its first page, where the documents the
// scan tests draw print the fields they read: a background check's later
// pages, which print none of its fields, are each read again three ways
// (darkened, sharpened, as sparse text), and cost the package's tests
// more than all their other pages.
func firstPage(t *testing.T, pdf []byte) []byte {
	t.Helper()
	doc, err := pdfdoc.Open(pdf)
	if err != nil {
		t.Fatal(err)
	}
	one, err := doc.Extract(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	return one
}

// TestOCRPageCorrectsTurnedAndSkewedScans: pages scanned on their side,
// upside down or skewed read their fields once corrected, and the page
// reports the correction.
func TestOCRPageCorrectsTurnedAndSkewedScans(t *testing.T) {
	e := engine(t)
	cases := []struct {
		name     string
		docType  string
		variant  string
		scan     sampledocs.ScanOptions
		rotation int
		// fields must be read exactly as printed.
		fields []string
	}{
		{"background check on its side", "background_check", "", sampledocs.ScanOptions{Rotate: 90}, 270, []string{"last_name", "date_of_birth", "completed_date"}},
		{"background check upside down", "background_check", "", sampledocs.ScanOptions{Rotate: 180}, 180, []string{"last_name", "date_of_birth", "completed_date"}},
		{"Red Cross BLS on its other side", "bls", "redcross_certificate", sampledocs.ScanOptions{Rotate: 270}, 90, []string{"last_name", "issue_date", "expiration_date"}},
		{"Red Cross BLS skewed 4°", "bls", "redcross_certificate", sampledocs.ScanOptions{SkewDegrees: 4}, 0, []string{"last_name", "issue_date", "expiration_date"}},
		{"background check skewed -5°", "background_check", "", sampledocs.ScanOptions{SkewDegrees: -5}, 0, []string{"last_name", "date_of_birth", "completed_date"}},
		// All capitals: the layout cannot tell up from down, so the poor
		// first read is read again turned half round, and the better kept.
		{"driver license upside down", "drivers_license", "labeled_card", sampledocs.ScanOptions{Rotate: 180, DPI: 300}, 180, []string{"last_name", "date_of_birth", "expiration_date"}},
		{"numbered driver license upside down, 200 dpi", "drivers_license", "aamva_numbered", sampledocs.ScanOptions{Rotate: 180}, 180, []string{"last_name", "date_of_birth", "expiration_date"}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, scan := scannedSample(t, uint64(300+i), tc.docType, tc.variant, tc.scan)
			pages, j := readScanned(t, e, scan, "application/pdf")
			prep := pages[0].Prep
			if prep == nil || prep.Rotation != tc.rotation {
				t.Fatalf("page correction %+v, want rotation %d", prep, tc.rotation)
			}
			if wantBy := map[bool]string{true: "layout", false: "ocr_confidence"}[prep.OrientationSure]; tc.rotation != 0 && prep.OrientedBy != wantBy {
				t.Errorf("oriented by %q, want %q", prep.OrientedBy, wantBy)
			}
			if tc.scan.SkewDegrees != 0 && (prep == nil || math.Abs(prep.Skew+tc.scan.SkewDegrees) > 0.5) {
				t.Errorf("page correction %+v, want skew %.1f", prep, -tc.scan.SkewDegrees)
			}
			if j.DocumentType != tc.docType {
				t.Fatalf("read as %s, want %s:\n%s", j.DocumentType, tc.docType, pages[0].Text)
			}
			for _, f := range tc.fields {
				if got, want := j.Fields[f], d.Fields[f]; !strings.EqualFold(strings.TrimSpace(anyString(got)), anyString(want)) {
					t.Errorf("%s = %v, want %v", f, got, want)
				}
			}
		})
	}
}

func anyString(v any) string {
	s, _ := v.(string)
	return s
}

// TestOCRPageBoxesOnTheCorrectedPage: after a page scanned on its side is
// turned upright, its words' boxes are where the original PDF prints
// them, in points.
func TestOCRPageBoxesOnTheCorrectedPage(t *testing.T) {
	e := engine(t)
	r := sampledocs.Seeded(320)
	d := sampledocs.Generate(r, "background_check", sampledocs.NewPerson(r), sampledocs.Options{})
	pdf, err := sampledocs.RenderPDF(d)
	if err != nil {
		t.Fatal(err)
	}
	texts, err := pdfdoc.Texts(pdf, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	for _, rot := range []int{90, 180} {
		scan, err := sampledocs.RenderScanned(firstPage(t, pdf), sampledocs.ScanOptions{Rotate: rot, Straight: true, Seed: 320})
		if err != nil {
			t.Fatal(err)
		}
		pages, _ := readScanned(t, e, scan, "application/pdf")
		lay := pages[0].Layout
		if lay == nil || math.Abs(lay.Width-texts[0].Layout.Width) > 1 || math.Abs(lay.Height-texts[0].Layout.Height) > 1 {
			t.Fatalf("turned %d: OCR page %v, want the PDF's %.0fx%.0f", rot, lay, texts[0].Layout.Width, texts[0].Layout.Height)
		}
		matched := 0
		for _, want := range texts[0].Layout.Words {
			if len(want.Text) < 6 {
				continue
			}
			if _, once := findWord(texts[0].Layout, want.Text); !once {
				continue
			}
			got, ok := findWord(*lay, want.Text)
			if !ok {
				continue
			}
			matched++
			gx, gy := (got.Box.X0+got.Box.X1)/2, (got.Box.Y0+got.Box.Y1)/2
			wx, wy := (want.Box.X0+want.Box.X1)/2, (want.Box.Y0+want.Box.Y1)/2
			if math.Hypot(gx-wx, gy-wy) > 4 {
				t.Errorf("turned %d: %q at %.1f,%.1f, the PDF prints it at %.1f,%.1f", rot, want.Text, gx, gy, wx, wy)
			}
		}
		if matched < 10 {
			t.Errorf("turned %d: only %d long words found again", rot, matched)
		}
	}
}

// findWord returns the only word of the page with this text.
func findWord(p pagetext.Page, text string) (pagetext.Word, bool) {
	var found []pagetext.Word
	for _, w := range p.Words {
		if w.Text == text {
			found = append(found, w)
		}
	}
	if len(found) != 1 {
		return pagetext.Word{}, false
	}
	return found[0], true
}

// TestOCRPageReadsCardPhotos: phone photos of cards, uploaded as JPEG
// (perspective, a turn, a shadow and uneven light), are straightened and
// flattened, and read their dates, names and numbers.
func TestOCRPageReadsCardPhotos(t *testing.T) {
	e := engine(t)
	cases := []struct {
		name    string
		docType string
		variant string
		photo   sampledocs.PhotoOptions
		fields  []string
	}{
		{"license, tilted 25°, shadow", "drivers_license", "aamva_numbered", sampledocs.PhotoOptions{}, []string{"last_name", "date_of_birth", "expiration_date", "license_number"}},
		{"license, tilted 35°, turned", "drivers_license", "labeled_card", sampledocs.PhotoOptions{TiltDegrees: 35, TurnDegrees: 7}, []string{"last_name", "date_of_birth", "expiration_date"}},
		{"passport card", "passport", "us_passport_card", sampledocs.PhotoOptions{}, []string{"last_name", "date_of_birth", "expiration_date"}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := sampledocs.Seeded(uint64(340 + i))
			d := sampledocs.Generate(r, tc.docType, sampledocs.NewPerson(r), sampledocs.Options{Variant: tc.variant})
			pdf, err := sampledocs.RenderPDF(d)
			if err != nil {
				t.Fatal(err)
			}
			jpg, err := sampledocs.RenderCardPhoto(pdf, tc.photo)
			if err != nil {
				t.Fatal(err)
			}
			pages, j := readScanned(t, e, jpg, "image/jpeg")
			if p := pages[0].Prep; p == nil || !p.Perspective {
				t.Errorf("page correction %+v, want the card straightened", p)
			}
			if j.DocumentType != tc.docType {
				t.Fatalf("read as %s, want %s:\n%s", j.DocumentType, tc.docType, pages[0].Text)
			}
			for _, f := range tc.fields {
				if got, want := j.Fields[f], d.Fields[f]; !strings.EqualFold(strings.TrimSpace(anyString(got)), anyString(want)) {
					t.Errorf("%s = %v, want %v", f, got, want)
				}
			}
		})
	}
}

// TestOCRPageReadsCardsScannedAlone: cards scanned on their own, each a
// small page shaped like a card, are read as sparse text (or as a page
// where sparse text is of no type) and keep their type, holder and
// dates.
func TestOCRPageReadsCardsScannedAlone(t *testing.T) {
	e := engine(t)
	cases := []struct {
		docType, variant string
		fields           []string
	}{
		{"pals", "aha_ecard", []string{"last_name", "issue_date"}},
		{"drivers_license", "labeled_card", []string{"last_name", "date_of_birth", "expiration_date"}},
		{"nursing_license", "wallet_card", []string{"last_name", "license_number", "expiration_date"}},
	}
	for i, tc := range cases {
		t.Run(tc.docType, func(t *testing.T) {
			r := sampledocs.Seeded(uint64(760 + i))
			d := sampledocs.Generate(r, tc.docType, sampledocs.NewPerson(r), sampledocs.Options{Variant: tc.variant})
			png, err := sampledocs.RenderImage(d, "png", 200)
			if err != nil {
				t.Fatal(err)
			}
			jpg := cropToPrint(t, png)
			pages, j := readScanned(t, e, jpg, "image/jpeg")
			if p := pages[0].Prep; p == nil || !p.CardShaped() {
				t.Fatalf("page %+v is not card shaped", p)
			}
			if j.DocumentType != tc.docType {
				t.Fatalf("read as %s, want %s:\n%s", j.DocumentType, tc.docType, pages[0].Text)
			}
			for _, f := range tc.fields {
				if got, want := j.Fields[f], d.Fields[f]; !strings.EqualFold(anyString(got), anyString(want)) {
					t.Errorf("%s = %v, want %v", f, got, want)
				}
			}
		})
	}
}

// TestOCRPageReadsSmallCaptionsOfCards: a nursing licence card of our
// own (ReportLab, DejaVu Sans Condensed, 6-point captions over its
// values) scanned alone at 110 dpi (ImageMagick: blur, noise, JPEG 62),
// read as sparse text. Told nothing of the raster's resolution, Tesseract
// estimated a finer one from the card's large print and dropped the
// captions ISSUED and EXPIRES, and both dates went unread (see
// ocr.Engine.RecognizeAt).
func TestOCRPageReadsSmallCaptionsOfCards(t *testing.T) {
	e := engine(t)
	data, err := os.ReadFile(filepath.Join("testdata", "cards", "nursing_card_110dpi.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	pages, j := readScanned(t, e, data, "image/jpeg")
	if j.DocumentType != "nursing_license" {
		t.Fatalf("read as %s, want nursing_license:\n%s", j.DocumentType, pages[0].Text)
	}
	for f, want := range map[string]string{"issue_date": "2025-06-12", "expiration_date": "2028-02-28", "state": "WI"} {
		if got := anyString(j.Fields[f]); got != want {
			t.Errorf("%s = %q, want %q:\n%s", f, got, want, pages[0].Text)
		}
	}
}

// cropToPrint cuts a rendered page down to its print with a small
// margin, as a card scanned on its own comes, as a JPEG.
func cropToPrint(t *testing.T, pngData []byte) []byte {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(pngData))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	var box image.Rectangle
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if c := color.GrayModel.Convert(img.At(x, y)).(color.Gray); c.Y < 230 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	box = box.Inset(-12).Intersect(b)
	var out bytes.Buffer
	if err := jpeg.Encode(&out, img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(box), &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestOCRPageReadsCardsOnAPage: a card lying alone on a page scanned
// turned (on a flatbed, the page fed sideways or upside down) is turned
// upright, cut out and read as a card: its type, holder and number. The
// nursing license wallet card upside down is one whose ascenders put it
// upright, sure and wrong; its poor read is read again turned.
func TestOCRPageReadsCardsOnAPage(t *testing.T) {
	e := engine(t)
	cases := []struct {
		docType, variant string
		scan             sampledocs.ScanOptions
		rotation         int
		fields           []string
	}{
		{"passport", "us_passport_card", sampledocs.ScanOptions{Rotate: 180}, 180, []string{"passport_number"}},
		{"social_security_card", "ssa_card", sampledocs.ScanOptions{Rotate: 90}, 270, []string{"last_name", "ssn_last4"}},
		{"nursing_license", "wallet_card", sampledocs.ScanOptions{Rotate: 180}, 180, []string{"last_name", "license_number", "expiration_date"}},
		{"nursing_license", "wallet_card", sampledocs.ScanOptions{Rotate: 270, DPI: 150}, 90, []string{"last_name", "license_number", "expiration_date"}},
	}
	for i, tc := range cases {
		t.Run(fmt.Sprintf("%s %d", tc.docType, tc.scan.Rotate), func(t *testing.T) {
			d, scan := scannedSample(t, uint64(780+i), tc.docType, tc.variant, tc.scan)
			pages, j := readScanned(t, e, scan, "application/pdf")
			prep := pages[0].Prep
			if prep == nil || !prep.CardCut || prep.Rotation != tc.rotation {
				t.Fatalf("page correction %+v, want the card cut out and turned %d", prep, tc.rotation)
			}
			if j.DocumentType != tc.docType {
				t.Fatalf("read as %s, want %s:\n%s", j.DocumentType, tc.docType, pages[0].Text)
			}
			for _, f := range tc.fields {
				if got, want := j.Fields[f], d.Fields[f]; !sampledocs.FieldEqual(got, want) {
					t.Errorf("%s = %v, want %v", f, got, want)
				}
			}
		})
	}
}

// TestOCRPageRereadsPoorPagesAsSparseText: a two-sided license copy
// scanned at 110 dpi, read as a page, yields a few fragments of no type;
// read again as sparse text it is typed, and what it reads is right.
func TestOCRPageRereadsPoorPagesAsSparseText(t *testing.T) {
	e := engine(t)
	d, scan := scannedSample(t, 500, "drivers_license", "labeled_card", sampledocs.ScanOptions{DPI: 110})
	pages, j := readScanned(t, e, scan, "application/pdf")
	if j.DocumentType != "drivers_license" {
		t.Fatalf("read as %s, want drivers_license:\n%s", j.DocumentType, pages[0].Text)
	}
	for name, got := range j.Fields {
		if want, ok := d.Fields[name]; ok && !sampledocs.FieldEqual(got, want) {
			t.Errorf("%s read %v, printed %v", name, got, want)
		}
	}
}

// TestBetterReadOfTurnedPages: of two reads of one page turned two ways,
// the one whose machine-readable zone reads '<' (not '>', its filler read
// upside down) is kept whatever their words; else more legible words.
func TestBetterReadOfTurnedPages(t *testing.T) {
	words := func(text string, conf float64) ocr.Result {
		r := ocr.Result{Text: text, MeanConfidence: conf}
		for _, w := range strings.Fields(text) {
			r.Words = append(r.Words, ocr.Word{Text: w, Confidence: conf})
		}
		return r
	}
	upright := words("PASSPORT Surname\nP<USAMARQUARDT<<ELENA<SOFIA<<<<<<<<<<<", 60)
	upsideDown := words("ViSSVd Surname Given Names Nationality\n>>>>>>>>>>>VIHOS>VNH1H>>1HVOHNDHVW>VSN>d", 80)
	cases := []struct {
		name string
		a, b ocr.Result
		want bool
	}{
		{"zone upright over more words upside down", upright, upsideDown, true},
		{"zone upside down under fewer words upright", upsideDown, upright, false},
		{"more legible words", words("Surname Given Names Nationality", 90), words("Surname", 90), true},
		{"as many words, surer", words("Surname", 90), words("Surname", 80), true},
		{"fewer legible words", words("Surname", 95), words("Surname Given", 75), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := better(tc.a, tc.b); got != tc.want {
				t.Errorf("better = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestOCRPageRereadsThinLowResolutionPrint: a pharmacy's TB record in a
// thin typewriter face scanned upside down at 130 dpi, whose strokes the
// scan left grey, read its prose and type but not one labelled value;
// read again darkened, it reads its holder, birth date and result, and
// nothing it reads is wrong.
func TestOCRPageRereadsThinLowResolutionPrint(t *testing.T) {
	e := engine(t)
	d, scan := scannedSample(t, 501, "tb_skin_test", "", sampledocs.ScanOptions{DPI: 130, Rotate: 180})
	if d.Variant != "pharmacy_record" {
		t.Fatalf("sample is a %q TB record, want a pharmacy's", d.Variant)
	}
	pages, j := readScanned(t, e, scan, "application/pdf")
	if j.DocumentType != "tb_skin_test" {
		t.Fatalf("read as %s, want tb_skin_test:\n%s", j.DocumentType, pages[0].Text)
	}
	for _, f := range []string{"last_name", "date_of_birth", "result"} {
		if _, ok := j.Fields[f]; !ok {
			t.Errorf("%s not read:\n%s", f, pages[0].Text)
		}
	}
	for name, got := range j.Fields {
		if want, ok := d.Fields[name]; ok && !sampledocs.FieldEqual(got, want) {
			t.Errorf("%s read %v, printed %v", name, got, want)
		}
	}
}

// TestOCRPageReadsCardCaptionsLarger: a passport card on a flatbed page
// turned a quarter, cut out at the usual size, misread its small
// captions ("Sumame", "Date of Bath") and yielded few fields; cut out
// again larger it reads its holder and dates, and nothing wrong.
func TestOCRPageReadsCardCaptionsLarger(t *testing.T) {
	e := engine(t)
	d, scan := scannedSample(t, 501, "passport", "us_passport_card", sampledocs.ScanOptions{Rotate: 270})
	pages, j := readScanned(t, e, scan, "application/pdf")
	if p := pages[0].Prep; p == nil || !p.CardCut || p.Rotation != 90 {
		t.Fatalf("page correction %+v, want the card cut out and turned 90", p)
	}
	if j.DocumentType != "passport" {
		t.Fatalf("read as %s, want passport:\n%s", j.DocumentType, pages[0].Text)
	}
	for _, f := range []string{"last_name", "first_name", "issue_date", "expiration_date"} {
		if _, ok := j.Fields[f]; !ok {
			t.Errorf("%s not read:\n%s", f, pages[0].Text)
		}
	}
	for name, got := range j.Fields {
		if want, ok := d.Fields[name]; ok && !sampledocs.FieldEqual(got, want) {
			t.Errorf("%s read %v, printed %v", name, got, want)
		}
	}
}

// TestMergeWords: of two reads of one page, a word read from the same
// print otherwise and surer by the other read is taken from it, whatever
// each read's enlargement; a word less sure, read alike, elsewhere, or
// cut otherwise (one read's word covering two of the other's) stays as
// the base read has it, and the base keeps its lines.
func TestMergeWords(t *testing.T) {
	type w struct {
		text             string
		left, top, width int
		conf             float64
	}
	read := func(scale float64, line1, line2 []w) scanRead {
		rep := scanprep.Report{Scale: 1}
		if scale != 1 {
			_, rep = scanprep.Enlarge(image.NewGray(image.Rect(0, 0, 10, 10)), rep, scale)
		}
		var res ocr.Result
		for l, ws := range [][]w{line1, line2} {
			for _, x := range ws {
				res.Words = append(res.Words, ocr.Word{Text: x.text, Confidence: x.conf, Line: l,
					Left: int(float64(x.left) * scale), Top: int(float64(x.top) * scale),
					Width: int(float64(x.width) * scale), Height: int(12 * scale)})
			}
		}
		return scanRead{res: res.WithWords(res.Words), report: rep}
	}
	base := read(1,
		[]w{{"Name:", 10, 10, 50, 96}, {"Eiena", 70, 10, 50, 41}, {"Ruiz", 130, 10, 40, 90}},
		[]w{{"DOB:", 10, 30, 40, 92}, {"0l/05/", 60, 30, 50, 40}, {"1990", 112, 30, 38, 70}, {"Lic", 200, 30, 30, 30}})
	cases := []struct {
		name  string
		other scanRead
		want  string
		n     int
	}{
		{"surer word taken", read(1,
			[]w{{"Name:", 10, 10, 50, 90}, {"Elena", 71, 11, 49, 93}, {"Rulz", 130, 10, 40, 95}},
			nil), "Name: Elena Rulz\nDOB: 0l/05/ 1990 Lic", 2},
		{"enlarged read matched on the page", read(2.5,
			[]w{{"Elena", 70, 10, 50, 93}}, nil), "Name: Elena Ruiz\nDOB: 0l/05/ 1990 Lic", 1},
		{"less sure or alike kept", read(1,
			[]w{{"Name:", 10, 10, 50, 99}, {"Blena", 70, 10, 50, 30}}, nil), "Name: Eiena Ruiz\nDOB: 0l/05/ 1990 Lic", 0},
		{"elsewhere kept", read(1,
			nil, []w{{"Elena", 300, 30, 50, 99}, {"Lie", 214, 30, 30, 99}}), "Name: Eiena Ruiz\nDOB: 0l/05/ 1990 Lic", 0},
		{"cut otherwise kept", read(1,
			nil, []w{{"01/05/1990", 60, 30, 90, 96}}), "Name: Eiena Ruiz\nDOB: 0l/05/ 1990 Lic", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, n := mergeWords(base, c.other)
			if got.res.Text != c.want || n != c.n {
				t.Errorf("merged %d words: %q, want %d: %q", n, got.res.Text, c.n, c.want)
			}
			if len(got.res.Words) != len(base.res.Words) || got.res.Words[1].Left != 70 {
				t.Errorf("base's words moved: %+v", got.res.Words)
			}
		})
	}
	// The base read itself is left as it was.
	if base.res.Words[1].Text != "Eiena" {
		t.Errorf("base changed: %+v", base.res.Words[1])
	}
	// A split word the other way: the base's one date word covers two of
	// the other's.
	whole := read(1, []w{{"DOB:", 10, 30, 40, 92}, {"01/O5/1990", 60, 30, 90, 40}}, nil)
	if got, n := mergeWords(whole, base); n != 0 {
		t.Errorf("a word read whole took one of its pieces: %q", got.res.Text)
	}
}

// TestOCRPageAddsPrintTheSparseReadLost: a passport card on a flatbed
// page scanned soft at 130 dpi, whose sparse read loses its bold
// surname, nationality and number under their small captions, is read
// again as one block and those words added where the sparse read had
// none: its holder and number are read, and nothing it reads is wrong.
func TestOCRPageAddsPrintTheSparseReadLost(t *testing.T) {
	// Each reads one scan with its own engine: run beside the other
	// so the package's tests take no longer for them.
	t.Parallel()
	r := sampledocs.Seeded(706)
	d := sampledocs.Generate(r, "passport", sampledocs.NewPerson(r), sampledocs.Options{Variant: "us_passport_card"})
	data, err := softScan(d, 130, 0.9, 0, 6)
	if err != nil {
		t.Fatal(err)
	}
	pages, j := readScanned(t, engine(t), data, "image/jpeg")
	for _, f := range []string{"last_name", "first_name", "passport_number", "nationality"} {
		if got, want := j.Fields[f], d.Fields[f]; !sampledocs.FieldEqual(got, want) {
			t.Errorf("%s read %v, printed %v:\n%s", f, got, want, pages[0].Text)
		}
	}
	for name, got := range j.Fields {
		if want, ok := d.Fields[name]; ok && !sampledocs.FieldEqual(got, want) {
			t.Errorf("%s read %v, printed %v", name, got, want)
		}
	}
}

// TestAddUncovered: a word of another read of the same image is added
// where the base read has none, on a line of its own placed by its height
// on the image (an initial with the rest of its name, words a column
// apart on lines of their own); a word overlapping
// one of the base's, read unsurely, of no letter or digit, or a letter
// alone on its line is not; the base's words stay as they were.
func TestAddUncovered(t *testing.T) {
	word := func(text string, left, top, width int, conf float64, line int) ocr.Word {
		return ocr.Word{Text: text, Left: left, Top: top, Width: width, Height: 20, Confidence: conf, Line: line, Block: line}
	}
	base := ocr.Result{Words: []ocr.Word{
		word("PASSPORT", 10, 10, 100, 95, 0), word("CARD", 120, 10, 50, 95, 0),
		word("Given", 10, 90, 50, 90, 1), word("Names", 70, 90, 60, 90, 1),
		word("MARCUS", 10, 120, 80, 96, 2),
	}}
	base = base.WithWords(base.Words)
	other := ocr.Result{Words: []ocr.Word{
		word("PASSPORT", 12, 11, 98, 90, 0), word("CARO", 121, 10, 50, 91, 0),
		word("Surname", 10, 40, 70, 70, 1),
		word("SCHMIDT", 10, 60, 90, 67, 2), word("|", 110, 60, 4, 90, 2),
		word("Sanwes", 70, 92, 60, 95, 3),
		word("tree", 300, 90, 40, 20, 3),
		word("C58702762", 10, 200, 120, 88, 4), word("USA", 150, 200, 40, 96, 4),
		word("Mei", 10, 240, 40, 92, 5), word("N", 60, 240, 12, 92, 5), word("Chen", 80, 240, 50, 96, 5),
		word("I", 300, 300, 5, 92, 6),
		word("USA", 10, 340, 40, 96, 7), word("M", 300, 340, 14, 93, 7), word("FL", 330, 340, 20, 93, 7),
	}}
	got, n := addUncovered(base, other)
	want := "PASSPORT CARD\nSurname\nSCHMIDT\nGiven Names\nMARCUS\nC58702762 USA\nMei N Chen\nUSA\nM FL"
	if got.Text != want || n != 10 {
		t.Errorf("added %d words: %q, want 10: %q", n, got.Text, want)
	}
	for i, w := range got.Words {
		if i > 0 && w.Line < got.Words[i-1].Line {
			t.Fatalf("lines out of order: %+v", got.Words)
		}
	}
	if w := got.Words[2]; w.Text != "Surname" || w.Confidence != 70 || w.Block < 3 {
		t.Errorf("added word %+v, want Surname at 70 in a block of its own", w)
	}
	if base.Text != "PASSPORT CARD\nGiven Names\nMARCUS" {
		t.Errorf("base changed: %q", base.Text)
	}
	if _, n := addUncovered(base, ocr.Result{}); n != 0 {
		t.Errorf("nothing to add added %d", n)
	}
}

// TestDoubtDates: on a soft page a word holding a year or a date read
// under 70 (a licence's expiry 2032 read as 2002 at 64 both as scanned
// and sharpened, 110 dpi) is reported unread; one read surely, a number
// or id, and a word already unread stay as read; the result's text is
// unchanged.
func TestDoubtDates(t *testing.T) {
	res := ocr.Result{Words: []ocr.Word{
		{Text: "4b", Confidence: 90}, {Text: "Exp", Confidence: 95}, {Text: "06.24.2002", Confidence: 64},
		{Text: "DOB", Confidence: 96, Line: 1}, {Text: "06-24-1978", Confidence: 84, Line: 1},
		{Text: "DD", Confidence: 90, Line: 2}, {Text: "5913682000", Confidence: 60, Line: 2}, {Text: "1996", Confidence: 0, Line: 2},
	}}
	res = res.WithWords(res.Words)
	got := doubtDates(res)
	want := []float64{90, 95, 0, 96, 84, 90, 60, 0}
	for i, w := range got.Words {
		if w.Confidence != want[i] {
			t.Errorf("%q: confidence %v, want %v", w.Text, w.Confidence, want[i])
		}
	}
	if got.Text != res.Text || res.Words[2].Confidence != 64 {
		t.Errorf("text %q (was %q), the read itself changed: %+v", got.Text, res.Text, res.Words[2])
	}
}

// TestDatedWord: a word holding a year or a date in digits is one whose
// reading doubtDates may doubt; numbers and ids are not.
func TestDatedWord(t *testing.T) {
	for _, c := range []struct {
		word string
		want bool
	}{
		{"06-24-2002", true}, {"2033", true}, {"1996,", true}, {"02/07/1963", true}, {"0207/2027", true},
		{"12.12.24", true}, {"R06751617", false}, {"VZ649667", false}, {"D662-418-52-162-0", false},
		{"32801", false}, {"5-10", false}, {"120195", false},
	} {
		if got := datedWord.MatchString(c.word); got != c.want {
			t.Errorf("%q: dated %v, want %v", c.word, got, c.want)
		}
	}
}

// TestOCRPageAddsLinesThePageReadLost: a BLS card's two panels on a page
// scanned soft at 130 dpi, read as a page, lose the holder's name printed
// large over a rule (its 67 other words read well); read again as sparse
// text, the name is added and read, and nothing read is wrong.
func TestOCRPageAddsLinesThePageReadLost(t *testing.T) {
	// Each reads one scan with its own engine: run beside the other
	// so the package's tests take no longer for them.
	t.Parallel()
	r := sampledocs.Seeded(701)
	d := sampledocs.Generate(r, "bls", sampledocs.NewPerson(r), sampledocs.Options{Variant: "course_completion_card"})
	data, err := softScan(d, 130, 0.9, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	pages, j := readScanned(t, engine(t), data, "image/jpeg")
	for _, f := range []string{"last_name", "first_name", "full_name"} {
		if got, want := j.Fields[f], d.Fields[f]; !sampledocs.FieldEqual(got, want) {
			t.Errorf("%s read %v, printed %v:\n%s", f, got, want, pages[0].Text)
		}
	}
	for name, got := range j.Fields {
		if want, ok := d.Fields[name]; ok && !sampledocs.FieldEqual(got, want) {
			t.Errorf("%s read %v, printed %v", name, got, want)
		}
	}
}

// TestAgrees: two reads agree where every field both yield is read
// alike.
func TestAgrees(t *testing.T) {
	a := map[string]any{"last_name": "Chen", "issue_date": "2026-06-14"}
	for _, c := range []struct {
		b    map[string]any
		want bool
	}{
		{map[string]any{"last_name": "Chen", "first_name": "Mei"}, true},
		{map[string]any{"certificate_id": "VZ649667"}, true},
		{map[string]any{"last_name": "Chan"}, false},
		{nil, true},
	} {
		if got := agrees(a, c.b); got != c.want {
			t.Errorf("agrees(%v, %v) = %v, want %v", a, c.b, got, c.want)
		}
	}
}

// cardRead lays out lines of words, each given with Tesseract's confidence
// ("CHOI@0" is CHOI read at 0, a bare word at 96), as one OCR read of a
// card 1,000 pixels wide, a line every 60 pixels.
func cardRead(lines ...string) ocr.Result {
	var words []ocr.Word
	for i, l := range lines {
		x := 40
		for _, f := range strings.Fields(l) {
			text, conf := f, 96.0
			if t, c, ok := strings.Cut(f, "@"); ok {
				text = t
				fmt.Sscan(c, &conf)
			}
			w := 22 * len([]rune(text))
			words = append(words, ocr.Word{Text: text, Left: x, Top: 40 + 60*i, Width: w, Height: 32, Confidence: conf, Line: i, Block: 1})
			x += w + 24
		}
	}
	return ocr.Result{Width: 1000, Height: 60*len(lines) + 80}.WithWords(words)
}

// TestBlankUnreadWords: a word Tesseract read under minReadConfidence is
// reported unreadable, never a value: a licence whose surname was read
// "CHON" at confidence 0 (printed CHOI) leaves its surname unread, and
// the fields read surely stay read.
func TestBlankUnreadWords(t *testing.T) {
	e := engine(t)
	judge := func(res ocr.Result) Judgement {
		lay := res.Layout(72.0 / 300)
		return e.Judge(JudgeInput{Pages: []Page{{Number: 1, Text: res.Text, Source: SourceOCR, Confidence: res.MeanConfidence, Layout: &lay}},
			ValidateAnyType: true, AsOf: asOf})
	}
	cases := []struct {
		name   string
		lines  []string
		unread []string          // fields not read
		read   map[string]string // fields read, as printed
	}{
		{"surname read at 0", []string{"WISCONSIN DRIVER LICENSE", "DL R06751617", "LN CHON@0", "FN ANGELA K", "DOB 02/07/1963", "EXP 02/07/2027"},
			[]string{"last_name", "full_name"}, map[string]string{"license_number": "R06751617", "date_of_birth": "1963-02-07", "expiration_date": "2027-02-07"}},
		{"birth date read at 3", []string{"WISCONSIN DRIVER LICENSE", "DL R06751617", "LN CHOI", "FN ANGELA K", "DOB 02/07/1969@3", "EXP 02/07/2027"},
			[]string{"date_of_birth"}, map[string]string{"last_name": "CHOI", "expiration_date": "2027-02-07"}},
		{"read at 5 and over kept", []string{"WISCONSIN DRIVER LICENSE", "DL R06751617@5", "LN CHOI@40", "FN ANGELA K", "DOB 02/07/1963", "EXP 02/07/2027"},
			nil, map[string]string{"last_name": "CHOI", "date_of_birth": "1963-02-07"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := blankUnread(cardRead(tc.lines...))
			for _, w := range res.Words {
				if w.Confidence >= minReadConfidence && w.Text == unreadWord {
					t.Errorf("a word read at %.0f blanked", w.Confidence)
				}
			}
			j := judge(res)
			if j.DocumentType != "drivers_license" {
				t.Fatalf("read as %s:\n%s", j.DocumentType, res.Text)
			}
			for _, f := range tc.unread {
				if v, ok := j.Fields[f]; ok {
					t.Errorf("%s read %v from a word read at under %d:\n%s", f, v, minReadConfidence, res.Text)
				}
			}
			for f, want := range tc.read {
				if got := fmt.Sprint(j.Fields[f]); got != want {
					t.Errorf("%s = %q, want %q", f, got, want)
				}
			}
		})
	}
}

// TestOCRPageLeavesUnreadWordsUnread: a licence scanned soft at 110 dpi
// whose surname CHOI Tesseract read "CHON" at confidence 0 reports its
// name unread (uncertain), not CHON, and keeps its number as the first
// read had it (reads compared with their weak words as they were: so
// compared with them blanked, the sharpened read was kept and misread
// the number R006751617).
func TestOCRPageLeavesUnreadWordsUnread(t *testing.T) {
	e := engine(t)
	r := sampledocs.Seeded(704)
	d := sampledocs.Generate(r, "drivers_license", sampledocs.NewPerson(r), sampledocs.Options{Variant: "labeled_card"})
	if d.Fields["last_name"] != "CHOI" || d.Fields["license_number"] != "R06751617" {
		t.Fatalf("the sample drawn has changed: %v", d.Fields)
	}
	data, err := softScan(d, 110, 1.2, 0, 4)
	if err != nil {
		t.Fatal(err)
	}
	pages, j := readScanned(t, e, data, "image/jpeg")
	if j.DocumentType != "drivers_license" {
		t.Fatalf("read as %s:\n%s", j.DocumentType, pages[0].Text)
	}
	for _, f := range []string{"last_name", "full_name"} {
		if v, ok := j.Fields[f]; ok && !strings.Contains(fmt.Sprint(v), "CHOI") {
			t.Errorf("%s read %v, printed CHOI:\n%s", f, v, pages[0].Text)
		}
	}
	if got := j.Fields["license_number"]; got != nil && got != "R06751617" {
		t.Errorf("license_number read %v, printed R06751617:\n%s", got, pages[0].Text)
	}
}

// TestOCRPageTurnsPagesOfOtherLayouts: pages of a layout not sampledocs'
// (testdata/turned, drawn with ReportLab by make.py, scanned soft with
// ImageMagick: rendered at twice the resolution, blurred, halved, grain
// added, turned, saved as JPEG) are turned upright and read: a licence of
// all capitals with a photo, alone at 110 dpi and turned a quarter (its
// layout cannot tell its way up, so its read turned decides). Of 48 such
// pages (the licence alone and on a letter page, and a landscape
// certificate with a seal; 110, 130, 150 and 200 dpi; turned each
// quarter) every one was turned upright and read the licence's number
// and three dates, or the certificate's holder and date; a page turned
// wrong reads none of them.
func TestOCRPageTurnsPagesOfOtherLayouts(t *testing.T) {
	e := engine(t)
	for _, tc := range []struct {
		file     string
		rotation int
	}{
		{"card_110dpi_turned270.jpg", 90},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "turned", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			pages, j := readScanned(t, e, data, "image/jpeg")
			if prep := pages[0].Prep; prep == nil || prep.Rotation != tc.rotation {
				t.Fatalf("page correction %+v, want rotation %d:\n%s", prep, tc.rotation, pages[0].Text)
			}
			if j.DocumentType != "drivers_license" {
				t.Fatalf("read as %s, want drivers_license:\n%s", j.DocumentType, pages[0].Text)
			}
			for f, want := range map[string]string{
				"license_number": "OR7730142", "date_of_birth": "1988-03-14",
				"expiration_date": "2031-03-14", "issue_date": "2023-02-02",
				// The captions "LAST" and "FIRST" over the names are no names.
				"last_name": "FERREIRA", "first_name": "JOAQUIM", "middle_name": "PAULO",
			} {
				if got := anyString(j.Fields[f]); got != want {
					t.Errorf("%s = %q, want %q:\n%s", f, got, want, pages[0].Text)
				}
			}
		})
	}
}

// TestOCRPageReadsRuledTables: a table ruled on every cell, scanned at
// 150 dpi (a raster that states no resolution once drawn from its PDF),
// reads its rows: told nothing, Tesseract looked for the rules as if the
// page were at 70 dpi and read the two steps of a TB skin test as
// fragments, losing both their dates and the result (see
// ocr.Engine.RecognizeAt). The page is of a layout of its own
// (testdata/ruled/make.py), not sampledocs'.
func TestOCRPageReadsRuledTables(t *testing.T) {
	e := engine(t)
	for _, tc := range []struct {
		file, docType string
		fields        map[string]string
		rows          []string
	}{
		{
			file: "tb_grid_150dpi.jpg", docType: "tb_skin_test",
			fields: map[string]string{
				"administered_date": "2026-08-13", "read_date": "2026-08-15", "result": "negative",
				"date_of_birth": "1986-11-03", "last_name": "Okonkwo-Barnes",
			},
			rows: []string{"08/04/2026", "08/06/2026", "08/13/2026", "08/15/2026"},
		},
		{
			// A drug screen scanned at 120 dpi, its donor, collection and
			// panel in ruled cells: Tesseract told no resolution dropped
			// the cells whole, a read neither garbled nor gapped
			// (scanprep.Report.GridCellsUnread).
			file: "drug_ruled_120dpi.jpg", docType: "drug_screen",
			fields: map[string]string{
				"collection_date": "2026-09-14", "date_of_birth": "1991-11-03", "panel": "10-panel", "result": "negative", "last_name": "Patel",
			},
		},
		{
			// A radiology report (WeasyPrint, DejaVu Sans) scanned at 150
			// dpi, its patient, birth date and exam date in a ruled row
			// under a ruled row of captions: told no resolution,
			// Tesseract read the captions as brackets and the rest well,
			// a read neither garbled nor gapped that left the holder
			// unread.
			file: "cxr_caption_row_150dpi.jpg", docType: "chest_xray",
			fields: map[string]string{
				"last_name": "Watanabe", "exam_date": "2026-03-11", "date_of_birth": "1991-01-15", "result": "negative",
			},
		},
		{
			// A fit test (testdata/ruled/make_boxed.py, Times) scanned at
			// 120 dpi, its one row of values in a box round the table, a
			// rule under its headings and none between its columns (not
			// Ruled): told no resolution, Tesseract dropped the last
			// column, "Result" over "PASS", from a read otherwise whole;
			// each word cut out reads (readUnreadPrint).
			file: "fit_boxed_120dpi.jpg", docType: "fit_test",
			fields: map[string]string{
				"result": "pass", "test_date": "2026-04-22", "last_name": "Achterberg", "respirator_model": "3M 1870+",
			},
		},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "ruled", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			pages, j := readScanned(t, e, data, "image/jpeg")
			if j.DocumentType != tc.docType {
				t.Fatalf("read as %s, want %s:\n%s", j.DocumentType, tc.docType, pages[0].Text)
			}
			for f, want := range tc.fields {
				if got := anyString(j.Fields[f]); got != want {
					t.Errorf("%s = %q, want %q:\n%s", f, got, want, pages[0].Text)
				}
			}
			for _, w := range tc.rows {
				if !strings.Contains(pages[0].Text, w) {
					t.Errorf("%s is not in the read:\n%s", w, pages[0].Text)
				}
			}
		})
	}
}

// TestTableLost: a read leaving a blank band of twelve of its words'
// heights between its words lost a table Tesseract took for a picture;
// a letter's signature space or a form's spaced rows did not.
func TestTableLost(t *testing.T) {
	// rows returns one word 20 pixels high on each of the given tops.
	rows := func(tops ...int) ocr.Result {
		var res ocr.Result
		for i, top := range tops {
			res.Words = append(res.Words, ocr.Word{Text: "Word", Left: 100, Top: top, Width: 120, Height: 20, Confidence: 90, Line: i})
		}
		return res
	}
	for _, tc := range []struct {
		name string
		res  ocr.Result
		want bool
	}{
		{"title, lab, a drug's row and the final result", rows(100, 140, 700, 760), true},
		{"labelled lines, two cells, the interpretation", rows(100, 130, 160, 190, 220, 640, 670), true},
		{"a letter signed under its body", rows(100, 130, 160, 190, 300, 330), false},
		{"a form's rows spaced apart", rows(100, 180, 260, 340, 420, 500), false},
		{"a page's footer far under its text", rows(100, 130, 160, 190, 1000), false},
		{"one word", rows(100), false},
	} {
		if got := tableLost(tc.res); got != tc.want {
			t.Errorf("%s: tableLost = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestJoinFieldNumbers: read as sparse text, a licence's field numbers
// come as lines of their own ("1" over nothing, "PETROVA" beside it);
// each is joined to the value on its row to its right, and nothing else
// moves: a number with no value close by on its row, a number above its
// value, and a line that is more than a number stay as they were.
func TestJoinFieldNumbers(t *testing.T) {
	word := func(text string, x, y, w, h, line int) ocr.Word {
		return ocr.Word{Text: text, Left: x, Top: y, Width: w, Height: h, Confidence: 90, Line: line, Block: line}
	}
	for _, c := range []struct {
		name  string
		words []ocr.Word
		want  string
	}{
		{"numbers joined to their values", []ocr.Word{
			word("DRIVER", 200, 30, 60, 12, 0), word("LICENSE", 265, 30, 70, 12, 0),
			word("1", 95, 73, 4, 10, 1),
			word("PETROVA", 119, 70, 90, 14, 2),
			word("2", 95, 93, 6, 10, 3),
			word("IRINA", 118, 90, 55, 14, 4), word("V", 178, 90, 12, 14, 4),
		}, "DRIVER LICENSE\n1 PETROVA\n2 IRINA V"},
		{"value too far", []ocr.Word{
			word("4d", 20, 73, 10, 10, 0),
			word("WDL7QK82M41B", 300, 70, 140, 14, 1),
		}, "4d\nWDL7QK82M41B"},
		{"value under its number", []ocr.Word{
			word("3", 95, 73, 6, 10, 0),
			word("12/05/1990", 95, 90, 100, 14, 1),
		}, "3\n12/05/1990"},
		{"not a number alone", []ocr.Word{
			word("CLASS", 20, 73, 50, 10, 0), word("1", 75, 73, 6, 10, 0),
			word("C", 90, 71, 12, 14, 1),
			word("19", 20, 100, 20, 10, 2),
			word("EYES", 45, 100, 40, 10, 3),
		}, "CLASS 1\nC\n19\nEYES"},
	} {
		res := ocr.Result{Width: 500, Height: 200}.WithWords(c.words)
		if got := joinFieldNumbers(res).Text; got != c.want {
			t.Errorf("%s: read\n%s\nwant\n%s", c.name, got, c.want)
		}
	}
}

// TestLaterPagesAreNotReadAgain: a document's later page, typed by its
// prose and printing none of its type's labels (a background check's
// searches), yields no field however it is read, and is not read again
// darkened or as sparse text; a first page that prints its labels but
// whose values were lost still is. (The image read is absent: a page read
// again fails for want of it.)
func TestLaterPagesAreNotReadAgain(t *testing.T) {
	e := engine(t)
	read := func(lines ...string) scanRead {
		var res ocr.Result
		for l, line := range lines {
			left := 40
			for _, w := range strings.Fields(line) {
				res.Words = append(res.Words, ocr.Word{Text: w, Confidence: 91, Line: l, Block: 0,
					Left: left, Top: 60 + 50*l, Width: 18 * len(w), Height: 30})
				left += 18*len(w) + 16
			}
		}
		return scanRead{res: res.WithWords(res.Words), report: scanprep.Report{Scale: 1},
			path: filepath.Join(t.TempDir(), "absent.pgm"), seg: ocr.SegmentPage}
	}
	cases := []struct {
		name  string
		read  scanRead
		again bool
	}{
		{"later page of searches", read(
			"County Criminal Records",
			"Jurisdiction searched: Maricopa County, Arizona. Years searched: seven.",
			"No criminal records were found for the subject in this jurisdiction.",
			"Statewide Criminal Repository and National Criminal Database",
			"This background report is furnished in accordance with the Fair Credit Reporting Act.",
			"Sex offender registries of all fifty states were searched and no records found."), false},
		{"first page whose values were lost", read(
			"Desert Ridge Screening Services",
			"Pre-employment Background Check Report",
			"Date of birth:",
			"Result:",
			"This background report is furnished in accordance with the Fair Credit Reporting Act.",
			"Sex offender registries of all fifty states were searched and no records found."), true},
	}
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if typ := e.classifier.Classify(c.read.res.Text).Type; typ != "background_check" {
				t.Fatalf("read as %s, want background_check", typ)
			}
			if poor(c.read) || !e.fewFields(c.read) {
				t.Fatalf("poor %v, few fields %v: want a read of few fields", poor(c.read), e.fewFields(c.read))
			}
			for name, again := range map[string]func(context.Context, string, string, scanRead) (scanRead, error){
				"darkened": e.readDarkened, "as sparse text": e.readLostWords,
			} {
				if _, err := again(ctx, t.TempDir(), c.read.path, c.read); (err != nil) != c.again {
					t.Errorf("read again %s: %v, want read again %v", name, err, c.again)
				}
			}
		})
	}
}
