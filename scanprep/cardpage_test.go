package scanprep

import (
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
)

// rasterOfVariant renders one layout of a type, scans it, and rasterises
// its first page as the worker does.
func rasterOfVariant(tb testing.TB, docType, variant string, seed uint64, scan sampledocs.ScanOptions) string {
	return rasterOfPage(tb, docType, variant, seed, scan, 1)
}

// rasterOfPage is rasterOfVariant for page n.
func rasterOfPage(tb testing.TB, docType, variant string, seed uint64, scan sampledocs.ScanOptions, n int) string {
	tb.Helper()
	r := sampledocs.Seeded(seed)
	pdf, err := sampledocs.RenderPDF(sampledocs.Generate(r, docType, sampledocs.NewPerson(r), sampledocs.Options{Variant: variant}))
	if err != nil {
		tb.Fatal(err)
	}
	return rasterOfPDFPage(tb, pdf, scan, n)
}

// TestPrepareCutsCardsAloneOnAPage: a card lying alone on a scanned page
// (on a flatbed, at 110-200 dpi, turned) is cut out to be read as a card,
// its words keeping their place on the page; pages of text, forms and an
// eCard's two panels side by side are not.
func TestPrepareCutsCardsAloneOnAPage(t *testing.T) {
	needTools(t)
	cases := []struct {
		docType, variant string
		scan             sampledocs.ScanOptions
		cut              bool
	}{
		{"passport", "us_passport_card", sampledocs.ScanOptions{}, true},
		{"passport", "us_passport_card", sampledocs.ScanOptions{DPI: 110}, true},
		{"passport", "us_passport_card", sampledocs.ScanOptions{Rotate: 180}, true},
		{"social_security_card", "ssa_card", sampledocs.ScanOptions{Rotate: 90}, true},
		{"social_security_card", "ssa_card", sampledocs.ScanOptions{DPI: 120}, true},
		{"nursing_license", "wallet_card", sampledocs.ScanOptions{DPI: 110, Rotate: 270}, true},
		{"passport", "us_passport_card", sampledocs.ScanOptions{DPI: 130, Rotate: 90}, true},
		{"resume", "", sampledocs.ScanOptions{}, false},
		{"background_check", "", sampledocs.ScanOptions{DPI: 110}, false},
		{"bls", "aha_ecard", sampledocs.ScanOptions{}, false},
		{"acls", "aha_ecard", sampledocs.ScanOptions{DPI: 120}, false},
		{"tb_skin_test", "", sampledocs.ScanOptions{Rotate: 90}, false},
	}
	// A report's second page: a short block of text, shaped like a card,
	// under its title.
	img, err := ReadPGM(rasterOfPage(t, "background_check", "", 500, sampledocs.ScanOptions{DPI: 110}, 2))
	if err != nil {
		t.Fatal(err)
	}
	if _, rep := New(Config{}).Prepare(img); rep.CardCut {
		t.Errorf("a report's short second page was cut out as a card: %+v", rep)
	}
	e := New(Config{})
	for i, tc := range cases {
		t.Run(fmt.Sprintf("%s/%s/%+v", tc.docType, tc.variant, tc.scan), func(t *testing.T) {
			img, err := ReadPGM(rasterOfVariant(t, tc.docType, tc.variant, uint64(900+i), tc.scan))
			if err != nil {
				t.Fatal(err)
			}
			out, rep := e.Prepare(img)
			if rep.CardCut != tc.cut {
				t.Fatalf("card cut %v, want %v: %+v", rep.CardCut, tc.cut, rep)
			}
			w, h := rep.PageSize()
			in := img.Bounds().Size()
			if rep.Rotation%180 != 0 {
				in = image.Pt(in.Y, in.X)
			}
			if w != in.X || h != in.Y {
				t.Errorf("corrected page %dx%d, want the page's %v: the words keep their place", w, h, in)
			}
			if !tc.cut {
				return
			}
			if a := float64(max(rep.cutW, rep.cutH)) / float64(min(rep.cutW, rep.cutH)); !rep.CardShaped() || a < 1.3 || a > 2.2 {
				t.Errorf("the card cut out is %dx%d, not card shaped", rep.cutW, rep.cutH)
			}
			// The card is a small part of the page, and the prepared image
			// is the card (enlarged by Scale), not the page.
			if got := float64(rep.cutW*rep.cutH) / float64(w*h); got > cardMaxArea {
				t.Errorf("the card cut out covers %.0f%% of the page", 100*got)
			}
			if b := out.Bounds().Size(); math.Abs(float64(b.X)-float64(rep.cutW)*rep.Scale) > 2 || math.Abs(float64(b.Y)-float64(rep.cutH)*rep.Scale) > 2 {
				t.Errorf("prepared image %v, want the card %dx%d enlarged %.2f times", b, rep.cutW, rep.cutH, rep.Scale)
			}
		})
	}
}

// TestPrepareWhitensACardsGround: a card cut out of a page has its tinted,
// patterned ground stretched to white and its print kept dark, so that
// Tesseract's threshold parts print from ground (a passport card's
// surname over its guilloche was lost otherwise).
func TestPrepareWhitensACardsGround(t *testing.T) {
	needTools(t)
	e := New(Config{})
	for i, dc := range [][2]string{{"passport", "us_passport_card"}, {"social_security_card", "ssa_card"}} {
		t.Run(dc[0], func(t *testing.T) {
			img, err := ReadPGM(rasterOfVariant(t, dc[0], dc[1], uint64(950+i), sampledocs.ScanOptions{}))
			if err != nil {
				t.Fatal(err)
			}
			out, rep := e.Prepare(img)
			if !rep.CardCut || !rep.Contrast {
				t.Fatalf("%+v, want the card cut out and its contrast stretched", rep)
			}
			var h [256]int
			for _, v := range planeOf(out).pix {
				h[v]++
			}
			// Most of a card is ground: white once stretched; its print,
			// a tenth or less, dark.
			if white := percentile(h, 0.4); white < 250 {
				t.Errorf("the card's ground is %d, want white", white)
			}
			if dark := percentile(h, 0.02); dark > 64 {
				t.Errorf("the card's print is %d at its darkest 2%%, want dark", dark)
			}
		})
	}
}
