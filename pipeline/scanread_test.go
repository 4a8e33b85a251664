package pipeline

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
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
			r := sampledocs.Seeded(uint64(300 + i))
			d := sampledocs.Generate(r, tc.docType, sampledocs.NewPerson(r), sampledocs.Options{Variant: tc.variant})
			pdf, err := sampledocs.RenderPDF(d)
			if err != nil {
				t.Fatal(err)
			}
			scan, err := sampledocs.RenderScanned(pdf, tc.scan)
			if err != nil {
				t.Fatal(err)
			}
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
		scan, err := sampledocs.RenderScanned(pdf, sampledocs.ScanOptions{Rotate: rot, Straight: true})
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
