package scanprep

import (
	"image"
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
)

// strokes is a page of dark bars (a glyph's stems) on light paper,
// blurred by a box of radius blur three times (0: sharp).
func strokes(blur int) plane {
	p := planeWith(image.Rect(0, 0, 600, 400), 235)
	for y := 20; y+30 < p.h; y += 50 {
		for x := 20; x+8 < p.w; x += 24 {
			fill(p, image.Rect(x, y, x+8, y+30), 30)
		}
	}
	for i := 0; i < 3 && blur > 0; i++ {
		p = boxBlur(p, blur)
	}
	return p
}

// TestEdgeWidth: the print's edges measure about a pixel on a sharp page
// and as wide as the blur on a soft one; a blank page measures nothing.
func TestEdgeWidth(t *testing.T) {
	cases := []struct {
		name     string
		p        plane
		min, max float64
	}{
		{"sharp", strokes(0), 1, 1.5},
		{"blurred by 1", strokes(1), 1.5, 3},
		{"blurred by 2", strokes(2), softEdge, 5},
		{"blurred by 3", strokes(3), 3, edgeSpan},
		{"blank", planeWith(image.Rect(0, 0, 600, 400), 235), 0, 0},
	}
	for _, c := range cases {
		if got := edgeWidth(c.p); got < c.min || got > c.max {
			t.Errorf("%s: edge width %.2f, want %.1f-%.1f", c.name, got, c.min, c.max)
		}
	}
}

// TestUnsharp: a soft edge gets steeper, paper and ink far from it stay
// as they were.
func TestUnsharp(t *testing.T) {
	soft := strokes(2)
	out := unsharp(soft, 2, 1)
	row := 35 * soft.w // across the first row of bars
	if out.pix[row+2] != soft.pix[row+2] {
		t.Errorf("paper %d changed to %d", soft.pix[row+2], out.pix[row+2])
	}
	if out.pix[row+24] >= soft.pix[row+24] {
		t.Errorf("a bar's middle %d sharpened to %d, not darker", soft.pix[row+24], out.pix[row+24])
	}
	if w, sw := edgeWidth(out), edgeWidth(soft); w >= sw {
		t.Errorf("edges %.2f wide sharpened to %.2f", sw, w)
	}
}

// TestPrepareSharpensSoftPages: with SharpenSoft, a page scanned at
// 110-130 dpi and drawn at 300 is sharpened, one scanned at 200 or 300
// dpi is not, nor is a pharmacy's record printed too small for 110 dpi to
// resolve (see minSoftCapital); without it no page is. Asked or not, the
// report tells the pages it would sharpen (Report.Soft) and the print's
// edge width (Report.EdgeWidth).
func TestPrepareSharpensSoftPages(t *testing.T) {
	needTools(t)
	cases := []struct {
		name, docType string
		dpi           int
		cfg           Config
		want, soft    bool
	}{
		{"report at 110 dpi", "chest_xray", 110, Config{SharpenSoft: true}, true, true},
		{"report at 130 dpi", "background_check", 130, Config{SharpenSoft: true}, true, true},
		{"report at 110 dpi, not asked", "chest_xray", 110, Config{}, false, true},
		{"small print at 110 dpi", "tb_skin_test", 110, Config{SharpenSoft: true}, false, false},
		{"report at 200 dpi", "chest_xray", 200, Config{SharpenSoft: true}, false, false},
		{"report at 300 dpi", "background_check", 300, Config{}, false, false},
	}
	for _, c := range cases {
		img, err := ReadPGM(rasterOfVariant(t, c.docType, "", 971, sampledocs.ScanOptions{DPI: c.dpi}))
		if err != nil {
			t.Fatal(err)
		}
		out, rep := New(c.cfg).Prepare(img)
		if rep.Sharpened != c.want {
			t.Errorf("%s: sharpened %v, want %v (edges %.2f pixels wide, capitals %.1f)", c.name, rep.Sharpened, c.want, edgeWidth(planeOf(img)), rep.Capital())
		}
		if rep.Soft() != c.soft {
			t.Errorf("%s: soft %v, want %v (edges %.2f pixels wide, capitals %.1f)", c.name, rep.Soft(), c.soft, edgeWidth(planeOf(img)), rep.Capital())
		}
		if w := edgeWidth(planeOf(img)); rep.EdgeWidth() != w {
			t.Errorf("%s: reported edges %.2f pixels wide, measured %.2f", c.name, rep.EdgeWidth(), w)
		}
		if rep.Sharpened && (out == img || !rep.Changed()) {
			t.Errorf("%s: sharpened, but the image is unchanged", c.name)
		}
	}
}
