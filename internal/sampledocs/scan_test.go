package sampledocs

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"
	"regexp"
	"strconv"
	"testing"
)

var mediaBoxRE = regexp.MustCompile(`/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]`)

// mediaBox returns the first page's size in points.
func mediaBox(t *testing.T, pdf []byte) (w, h float64) {
	t.Helper()
	m := mediaBoxRE.FindSubmatch(pdf)
	if m == nil {
		t.Fatal("no MediaBox in the scan")
	}
	w, _ = strconv.ParseFloat(string(m[1]), 64)
	h, _ = strconv.ParseFloat(string(m[2]), 64)
	return w, h
}

func TestRenderScannedTurnsAndSizes(t *testing.T) {
	needTool(t, "pdftoppm")
	r := Seeded(31)
	pdf := mustPDF(t, Generate(r, "tb_skin_test", NewPerson(r), Options{}))
	cases := []struct {
		name string
		opt  ScanOptions
		w, h float64 // points
	}{
		{"upright", ScanOptions{}, 612, 792},
		{"sideways", ScanOptions{Rotate: 90}, 792, 612},
		{"upside down", ScanOptions{Rotate: 180}, 612, 792},
		{"other side", ScanOptions{Rotate: 270}, 792, 612},
		{"skewed 5°", ScanOptions{SkewDegrees: 5}, 612, 792},
		{"150 dpi", ScanOptions{DPI: 150}, 612, 792},
		{"150 dpi in a page for 600", ScanOptions{DPI: 150, PageDPI: 600}, 153, 198},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			scan, err := RenderScanned(pdf, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			w, h := mediaBox(t, scan)
			if math.Abs(w-tc.w) > 1 || math.Abs(h-tc.h) > 1 {
				t.Errorf("page is %.1fx%.1f pt, want %.0fx%.0f", w, h, tc.w, tc.h)
			}
		})
	}
	if _, err := RenderScanned(pdf, ScanOptions{Rotate: 45}); err == nil {
		t.Error("Rotate 45 was accepted")
	}
}

// TestRenderScannedTurnIsExact checks the quarter turns move pixels where
// they belong: turning four times by 90 gives the page back.
func TestRenderScannedTurnIsExact(t *testing.T) {
	rs := raster{w: 3, h: 2, planes: [][]uint8{{1, 2, 3, 4, 5, 6}}}
	cases := []struct {
		deg  int
		w, h int
		want []uint8
	}{
		{90, 2, 3, []uint8{4, 1, 5, 2, 6, 3}},
		{180, 3, 2, []uint8{6, 5, 4, 3, 2, 1}},
		{270, 2, 3, []uint8{3, 6, 2, 5, 1, 4}},
	}
	for _, tc := range cases {
		got := rs.turned(tc.deg)
		if got.w != tc.w || got.h != tc.h || !bytes.Equal(got.planes[0], tc.want) {
			t.Errorf("turned(%d) = %dx%d %v, want %dx%d %v", tc.deg, got.w, got.h, got.planes[0], tc.w, tc.h, tc.want)
		}
	}
	back := rs.turned(90).turned(90).turned(90).turned(90)
	if !bytes.Equal(back.planes[0], rs.planes[0]) {
		t.Errorf("four quarter turns = %v", back.planes[0])
	}
}

func TestRenderCardPhoto(t *testing.T) {
	needTool(t, "pdftoppm")
	r := Seeded(32)
	pdf := mustPDF(t, Generate(r, "drivers_license", NewPerson(r), Options{}))
	a, err := RenderCardPhoto(pdf, PhotoOptions{Width: 1200})
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 900 {
		t.Errorf("photo is %v, want 1200x900", b)
	}
	page, err := RenderCardPhoto(mustPDF(t, Generate(r, "background_check", NewPerson(r), Options{})), PhotoOptions{Width: 900})
	if err != nil {
		t.Fatal(err)
	}
	if cfg, err := jpeg.DecodeConfig(bytes.NewReader(page)); err != nil || cfg.Width != 900 || cfg.Height != 1200 {
		t.Errorf("photo of a page is %dx%d (%v), want a portrait 900x1200", cfg.Width, cfg.Height, err)
	}
	// The table shows at the corners, the card in the middle.
	lum := func(x, y int) float64 {
		r, g, b, _ := img.At(x, y).RGBA()
		return float64(r+g+b) / 3 / 257
	}
	if c, mid := lum(5, 5), lum(600, 450); c > 150 || mid < c+40 {
		t.Errorf("corner luminance %.0f, centre %.0f: no card on a table", c, mid)
	}
	b, err := RenderCardPhoto(pdf, PhotoOptions{Width: 1200})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("RenderCardPhoto is not deterministic")
	}
}

func TestCardBoxFindsTheCard(t *testing.T) {
	// A page at 5 px/mm: a title line, then a card-shaped block and, 6 mm
	// to its right, a second one.
	const dpi = 127
	w, h := 1000, 1300
	pl := bytes.Repeat([]byte{255}, w*h)
	fill := func(r image.Rectangle) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				pl[y*w+x] = 40
			}
		}
	}
	fill(image.Rect(50, 50, 900, 65))
	card := image.Rect(70, 110, 530, 400)
	fill(card)
	fill(image.Rect(560, 110, 950, 400))
	got := cardBox(raster{w: w, h: h, planes: [][]uint8{pl}}, dpi)
	if got != card {
		t.Errorf("cardBox = %v, want %v", got, card)
	}

	// A form: lines of print and a small card-shaped box among them; the
	// whole print is photographed.
	for i := range pl {
		pl[i] = 255
	}
	fill(image.Rect(50, 50, 900, 65))
	fill(image.Rect(50, 120, 110, 160))
	fill(image.Rect(50, 300, 950, 320))
	fill(image.Rect(50, 900, 700, 915))
	if got, want := cardBox(raster{w: w, h: h, planes: [][]uint8{pl}}, dpi), image.Rect(50, 50, 950, 915); got != want {
		t.Errorf("form: cardBox = %v, want all the print %v", got, want)
	}
}
