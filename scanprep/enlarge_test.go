package scanprep

import (
	"image"
	"math"
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
)

// TestEnlargeKeepsWordsOnThePage: an image enlarged for a second read
// maps its pixels onto the same corrected page as the image it was made
// from, and says its capitals are as many times taller.
func TestEnlargeKeepsWordsOnThePage(t *testing.T) {
	needTools(t)
	img, err := ReadPGM(rasterOfVariant(t, "passport", "us_passport_card", 960, sampledocs.ScanOptions{DPI: 120, PageDPI: 600}))
	if err != nil {
		t.Fatal(err)
	}
	out, rep := New(Config{}).Prepare(img)
	big, bigRep := Enlarge(out, rep, 2.5)
	b, bb := out.Bounds().Size(), big.Bounds().Size()
	if math.Abs(float64(bb.X)-2.5*float64(b.X)) > 1 || math.Abs(float64(bb.Y)-2.5*float64(b.Y)) > 1 {
		t.Fatalf("enlarged %v to %v, want 2.5 times", b, bb)
	}
	for _, p := range []image.Point{{0, 0}, {b.X, b.Y}, {b.X / 3, b.Y / 2}} {
		x0, y0 := rep.ToPage(float64(p.X), float64(p.Y))
		x1, y1 := bigRep.ToPage(2.5*float64(p.X), 2.5*float64(p.Y))
		if math.Abs(x0-x1) > 1 || math.Abs(y0-y1) > 1 {
			t.Errorf("pixel %v maps to (%.1f, %.1f) on the page, enlarged to (%.1f, %.1f)", p, x0, y0, x1, y1)
		}
	}
	if rep.Capital() > 0 && math.Abs(bigRep.Capital()-2.5*rep.Capital()) > 0.01 {
		t.Errorf("capitals %.1f enlarged to %.1f", rep.Capital(), bigRep.Capital())
	}
	if same, sameRep := Enlarge(out, rep, 1); same != out || sameRep != rep {
		t.Errorf("enlarging by 1 changed the image")
	}
}

// TestDarken: greys are darkened, paper stays white and print black.
func TestDarken(t *testing.T) {
	cases := []struct{ in, want uint8 }{{0, 0}, {255, 255}, {128, 64}, {200, 156}, {240, 225}}
	img := image.NewGray(image.Rect(0, 0, len(cases), 1))
	for i, c := range cases {
		img.Pix[i] = c.in
	}
	out := Darken(img)
	for i, c := range cases {
		if got := out.Pix[i]; got != c.want {
			t.Errorf("level %d darkened to %d, want %d", c.in, got, c.want)
		}
	}
	if img.Pix[2] != 128 {
		t.Errorf("the image darkened was changed")
	}
}

// TestPrepareCutOptions: KeepPage never cuts a card out; CutShaped cuts
// out a block shaped like a card that the ground does not tell from a
// short block of text (a report's second page, left a page by default).
func TestPrepareCutOptions(t *testing.T) {
	needTools(t)
	card, err := ReadPGM(rasterOfVariant(t, "passport", "us_passport_card", 961, sampledocs.ScanOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	second, err := ReadPGM(rasterOfPage(t, "background_check", "", 500, sampledocs.ScanOptions{DPI: 110}, 2))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		img  *image.Gray
		cfg  Config
		cut  bool
	}{
		{"card", card, Config{}, true},
		{"card, page kept", card, Config{KeepPage: true}, false},
		{"report's second page", second, Config{}, false},
		{"report's second page, any card-shaped block cut", second, Config{CutShaped: true}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, rep := New(tc.cfg).Prepare(tc.img); rep.CardCut != tc.cut {
				t.Errorf("card cut %v, want %v: %+v", rep.CardCut, tc.cut, rep)
			}
		})
	}
}
