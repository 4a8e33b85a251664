package scanprep

import (
	"image"
	"math/rand/v2"
	"testing"
)

// fill paints r of p with v.
func fill(p plane, r image.Rectangle, v uint8) {
	r = r.Intersect(image.Rect(0, 0, p.w, p.h))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p.pix[y*p.w+x] = v
		}
	}
}

// darkIn counts the pixels of r darker than 128.
func darkIn(p plane, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if p.pix[y*p.w+x] < 128 {
				n++
			}
		}
	}
	return n
}

// TestRemoveRules: a form's rules go, a rule a little off straight too;
// letters, a stroke crossing a rule and a filled band stay.
func TestRemoveRules(t *testing.T) {
	const paperLv, ink = 235, 30
	p := newPlane(600, 400)
	fill(p, image.Rect(0, 0, 600, 400), paperLv)
	// A rule that steps down a pixel half way (a skew of 0.2°), with a
	// grey fringe above it.
	fill(p, image.Rect(20, 50, 300, 52), ink)
	fill(p, image.Rect(300, 51, 580, 53), ink)
	fill(p, image.Rect(20, 49, 300, 50), 150)
	// A vertical rule, and a box's sides.
	fill(p, image.Rect(100, 60, 102, 380), ink)
	fill(p, image.Rect(150, 300, 450, 303), ink)
	// Letters: strokes and bars shorter than a rule.
	letters := []image.Rectangle{
		image.Rect(160, 100, 163, 130), image.Rect(170, 100, 194, 103), image.Rect(181, 100, 184, 130),
		image.Rect(200, 110, 230, 113), image.Rect(240, 100, 243, 130),
	}
	for _, r := range letters {
		fill(p, r, ink)
	}
	// A descender crossing the first rule.
	stroke := image.Rect(400, 35, 404, 70)
	fill(p, stroke, ink)
	// A band printed dark, with white print in it.
	band := image.Rect(150, 200, 550, 240)
	fill(p, band, 60)
	fill(p, image.Rect(200, 210, 204, 230), paperLv)

	if !removeRules(p, 128, 100, 5, paperLv) {
		t.Fatal("no rules found")
	}
	cases := []struct {
		name string
		r    image.Rectangle
		want int // dark pixels left
	}{
		{"horizontal rule", image.Rect(20, 48, 395, 54), 0},
		{"horizontal rule after the crossing stroke", image.Rect(405, 48, 580, 54), 0},
		{"vertical rule", image.Rect(99, 60, 103, 380), 0},
		{"box side", image.Rect(150, 299, 450, 304), 0},
		{"stroke crossing the rule", stroke, darkIn(planeWith(stroke, ink), stroke) - 4*5},
		{"band", band, band.Dx()*band.Dy() - 4*20},
	}
	for _, r := range letters {
		cases = append(cases, struct {
			name string
			r    image.Rectangle
			want int
		}{"letter stroke", r, r.Dx() * r.Dy()})
	}
	for _, tc := range cases {
		if got := darkIn(p, tc.r); got < tc.want || tc.want == 0 && got > 0 {
			t.Errorf("%s %v: %d dark pixels left, want %d", tc.name, tc.r, got, tc.want)
		}
	}
}

// planeWith is a plane whose r is v and the rest white.
func planeWith(r image.Rectangle, v uint8) plane {
	p := newPlane(r.Max.X, r.Max.Y)
	fill(p, image.Rect(0, 0, p.w, p.h), 255)
	fill(p, r, v)
	return p
}

// TestRemoveRulesLeavesPrint: a page of print with no rules is left as it
// is.
func TestRemoveRulesLeavesPrint(t *testing.T) {
	p := newPlane(400, 300)
	fill(p, image.Rect(0, 0, 400, 300), 240)
	for y := 20; y < 280; y += 40 {
		for x := 20; x < 380; x += 16 {
			fill(p, image.Rect(x, y, x+3, y+24), 20)
			fill(p, image.Rect(x, y+10, x+12, y+13), 20)
		}
	}
	before := append([]uint8(nil), p.pix...)
	if removeRules(p, 128, 100, 5, 240) {
		t.Error("rules found in print")
	}
	for i := range before {
		if before[i] != p.pix[i] {
			t.Fatalf("pixel %d changed", i)
		}
	}
}

// speckled draws a page of strokes on grey paper, and specks over it when
// density > 0; it returns the page and the strokes' rectangles.
func speckled(density float64) (plane, []image.Rectangle) {
	const w, h = 1200, 1200
	p := newPlane(w, h)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range p.pix {
		p.pix[i] = uint8(195 + r.IntN(20))
	}
	var strokes []image.Rectangle
	for y := 60; y < h-60; y += 70 {
		for x := 60; x < w/2; x += 22 {
			strokes = append(strokes, image.Rect(x, y, x+4, y+30), image.Rect(x, y+13, x+14, y+17))
		}
	}
	for _, s := range strokes {
		fill(p, s, 60)
	}
	for i := 0; i < int(density*w*h); i++ {
		x, y := r.IntN(w-2), r.IntN(h-2)
		fill(p, image.Rect(x, y, x+1+r.IntN(2), y+1+r.IntN(2)), uint8(r.IntN(120)))
	}
	return p, strokes
}

// TestCleanSpeckle: a page covered in specks comes back binary with the
// specks gone and the print kept; a page without them is left alone.
func TestCleanSpeckle(t *testing.T) {
	cases := []struct {
		name    string
		density float64
		cleaned bool
	}{
		{"clean grey page", 0, false},
		{"a few specks", 0.0002, false},
		{"speckled page", 0.02, true},
		{"heavily speckled page", 0.03, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, strokes := speckled(tc.density)
			out, ok := cleanSpeckle(p)
			if ok != tc.cleaned {
				t.Fatalf("cleaned %v, want %v", ok, tc.cleaned)
			}
			if !ok {
				return
			}
			kept, total := 0, 0
			for _, s := range strokes {
				kept += darkIn(out, s)
				total += s.Dx() * s.Dy()
			}
			if kept < total*9/10 {
				t.Errorf("print kept: %d of %d pixels", kept, total)
			}
			// The right half of the page holds no print.
			if left := darkIn(out, image.Rect(out.w/2+40, 0, out.w, out.h)); left > out.w*out.h/2/1000 {
				t.Errorf("%d dark pixels left where only specks were", left)
			}
		})
	}
}

// screened draws strokes of coarse print (3 pixels wide, as a scan at
// 110-130 dpi drawn at 300) over a tint scanned in black and white: a
// screen of 3x3 dots every 7 pixels, a fifth of the ground inked; it
// returns the page, the strokes and the tint's area between them.
func screened() (plane, []image.Rectangle, []image.Rectangle) {
	const w, h = 900, 900
	p := newPlane(w, h)
	fill(p, image.Rect(0, 0, w, h), 250)
	for y := 0; y < h; y += 7 {
		for x := 0; x < w; x += 7 {
			fill(p, image.Rect(x, y, x+3, y+3), 0)
		}
	}
	var strokes, ground []image.Rectangle
	for y := 60; y < h-60; y += 70 {
		for x := 60; x < w-60; x += 22 {
			strokes = append(strokes, image.Rect(x, y, x+3, y+27), image.Rect(x, y+12, x+13, y+15))
			// Within a few pixels of the strokes, where despeckle
			// leaves what touches print.
			ground = append(ground, image.Rect(x+5, y+17, x+18, y+27), image.Rect(x+5, y, x+18, y+10))
		}
	}
	for _, s := range strokes {
		fill(p, s, 0)
	}
	return p, strokes, ground
}

// TestCleanSpeckleScreenedTint: the dots of a tint scanned in black and
// white at a coarse resolution are blurred away round the print, not
// left as ink clinging to every line; the print is kept.
func TestCleanSpeckleScreenedTint(t *testing.T) {
	p, strokes, ground := screened()
	out, ok := cleanSpeckle(p)
	if !ok {
		t.Fatal("screened tint not cleaned")
	}
	kept, total := 0, 0
	for _, s := range strokes {
		kept += darkIn(out, s)
		total += s.Dx() * s.Dy()
	}
	if kept < total*9/10 {
		t.Errorf("print kept: %d of %d pixels", kept, total)
	}
	dots, area := 0, 0
	for _, g := range ground {
		dots += darkIn(out, g)
		area += g.Dx() * g.Dy()
	}
	if dots > area/50 {
		t.Errorf("%d of %d pixels of the tint round the print left as ink", dots, area)
	}
}

// TestCardLongSide: a card's long side is the cut card's when cut out of
// its page, the page's when scanned alone, none on a page of no card.
func TestCardLongSide(t *testing.T) {
	cases := []struct {
		name string
		rep  Report
		want int
	}{
		{"ID-1 card scanned alone at 300 dpi", Report{frameW: 638, frameH: 1012}, 1012},
		{"card cut out of a letter page", Report{CardCut: true, frameW: 2550, frameH: 3300, cutW: 1118, cutH: 651}, 1118},
		{"card cut out of a page drawn at 120 dpi", Report{CardCut: true, frameW: 1020, frameH: 1320, cutW: 441, cutH: 250}, 441},
		{"letter page", Report{frameW: 2550, frameH: 3300}, 0},
	}
	for _, tc := range cases {
		if got := tc.rep.CardLongSide(); got != tc.want {
			t.Errorf("%s: card long side %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestCardShaped(t *testing.T) {
	cases := []struct {
		name string
		w, h int
		want bool
	}{
		{"ID-1 card at 300 dpi", 1012, 638, true},
		{"card on its side", 638, 1012, true},
		{"eCard panel", 2258, 1214, true},
		{"letter page", 2550, 3300, false},
		{"letter page on its side", 3300, 2550, false},
		{"A4 on its side", 3508, 2480, false},
		{"receipt", 600, 2000, false},
		{"no page", 0, 0, false},
	}
	for _, tc := range cases {
		if got := (Report{frameW: tc.w, frameH: tc.h}).CardShaped(); got != tc.want {
			t.Errorf("%s (%d×%d): card shaped %v, want %v", tc.name, tc.w, tc.h, got, tc.want)
		}
	}
}
