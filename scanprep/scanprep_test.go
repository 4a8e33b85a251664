package scanprep

import (
	"image"
	"math"
	"os/exec"
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
)

func needTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s not installed (scripts/deps.sh installs it)", tool)
		}
	}
}

// TestPrepareOrientsAndStraightens: pages scanned turned and skewed come
// back upright and straight, within a tenth of the skews tried.
func TestPrepareOrientsAndStraightens(t *testing.T) {
	needTools(t)
	cases := []struct {
		name    string
		docType string
		scan    sampledocs.ScanOptions
		// want is the correction: quarter turn and skew, clockwise.
		rotation int
		skew     float64
	}{
		{"resume straight", "resume", sampledocs.ScanOptions{Straight: true}, 0, 0},
		{"resume skewed +1.5°", "resume", sampledocs.ScanOptions{SkewDegrees: 1.5}, 0, -1.5},
		{"resume skewed +0.6°, left to Tesseract", "resume", sampledocs.ScanOptions{SkewDegrees: 0.6}, 0, 0},
		{"resume skewed -3°", "resume", sampledocs.ScanOptions{SkewDegrees: -3}, 0, 3},
		{"resume skewed +5°", "resume", sampledocs.ScanOptions{SkewDegrees: 5}, 0, -5},
		{"resume sideways", "resume", sampledocs.ScanOptions{Rotate: 90, Straight: true}, 270, 0},
		{"resume upside down", "resume", sampledocs.ScanOptions{Rotate: 180, Straight: true}, 180, 0},
		{"resume other side", "resume", sampledocs.ScanOptions{Rotate: 270, Straight: true}, 90, 0},
		{"background check upside down, skewed", "background_check", sampledocs.ScanOptions{Rotate: 180, SkewDegrees: 2}, 180, -2},
		{"physical sideways, skewed", "physical_exam", sampledocs.ScanOptions{Rotate: 90, SkewDegrees: -4}, 270, 4},
		{"CDC card other side", "covid19_vaccine", sampledocs.ScanOptions{Rotate: 270, Straight: true}, 90, 0},
		{"Red Cross certificate upside down", "bls", sampledocs.ScanOptions{Rotate: 180, SkewDegrees: -1.5}, 180, 1.5},
	}
	e := New(Config{})
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			img, err := ReadPGM(raster(t, tc.docType, uint64(40+i), &tc.scan, nil))
			if err != nil {
				t.Fatal(err)
			}
			out, rep := e.Prepare(img)
			if rep.Rotation != tc.rotation || !rep.OrientationSure {
				t.Errorf("rotation %d (sure %v), want %d, sure", rep.Rotation, rep.OrientationSure, tc.rotation)
			}
			if math.Abs(rep.Skew-tc.skew) > 0.1*math.Abs(tc.skew)+0.15 {
				t.Errorf("skew %.2f°, want %.2f°", rep.Skew, tc.skew)
			}
			in := img.Bounds().Size()
			if tc.rotation%180 != 0 {
				in = image.Pt(in.Y, in.X)
			}
			if w, h := rep.PageSize(); w != in.X || h != in.Y {
				t.Errorf("corrected page %dx%d, want %v", w, h, in)
			}
			if rep.Scale == 1 && out.Bounds().Size() != in {
				t.Errorf("prepared image %v, want %v", out.Bounds().Size(), in)
			}
		})
	}
}

// TestPrepareLeavesCleanPagesAlone: an upright, straight page printed at
// a readable size goes through untouched, the same image back; asked to,
// Prepare paints over its ruled lines and nothing else.
func TestPrepareLeavesCleanPagesAlone(t *testing.T) {
	needTools(t)
	e, ruleless := New(Config{}), New(Config{RemoveRules: true})
	for i, docType := range []string{"resume", "background_check", "tb_skin_test", "physical_exam", "mmr_record"} {
		t.Run(docType, func(t *testing.T) {
			img, err := ReadPGM(raster(t, docType, uint64(60+i), &sampledocs.ScanOptions{DPI: 300, Straight: true, Noise: -1}, nil))
			if err != nil {
				t.Fatal(err)
			}
			out, rep := e.Prepare(img)
			if out != img || rep.Changed() {
				t.Errorf("a clean page was changed: %+v", rep)
			}
			out, rep = ruleless.Prepare(img)
			rep.RulesRemoved = false
			if out.Bounds() != img.Bounds() || rep.Changed() {
				t.Errorf("a clean page was changed beyond its rules: %+v", rep)
			}
		})
	}
}

// TestPrepareEnlargesSmallPrint: a driver license's 6-point print is
// brought up to capitals of about 30 pixels, and only the print (with a
// margin) is kept.
func TestPrepareEnlargesSmallPrint(t *testing.T) {
	needTools(t)
	cases := []struct {
		name     string
		scan     sampledocs.ScanOptions
		minScale float64
	}{
		{"300 dpi", sampledocs.ScanOptions{DPI: 300, Straight: true}, 1.2},
		{"150 dpi", sampledocs.ScanOptions{DPI: 150, Straight: true}, 1.2},
	}
	e := New(Config{})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			img, err := ReadPGM(raster(t, "drivers_license", 70, &tc.scan, nil))
			if err != nil {
				t.Fatal(err)
			}
			out, rep := e.Prepare(img)
			if rep.Scale < tc.minScale || rep.Scale > 3 {
				t.Fatalf("scale %.2f, want %.1f..3", rep.Scale, tc.minScale)
			}
			// The card sits in the page's top half: the crop keeps it and
			// drops most of the blank page below.
			px := out.Bounds().Dx() * out.Bounds().Dy()
			if full := float64(img.Bounds().Dx()*img.Bounds().Dy()) * rep.Scale * rep.Scale; float64(px) > 0.6*full {
				t.Errorf("prepared %v (%d px) for a page of %v at scale %.2f: the blank page was kept", out.Bounds().Size(), px, img.Bounds().Size(), rep.Scale)
			}
			x, y := rep.ToPage(0, 0)
			if x <= 0 || y <= 0 {
				t.Errorf("the crop starts at %.0f,%.0f on the page", x, y)
			}
		})
	}
}

// TestPrepareLeavesCoarsePrintAlone: a 150-dpi scan of a card, its print
// only about ten pixels high, is neither enlarged nor turned for a small
// skew: resampling it only blurs it (see Config.MinEnlargedCapital).
func TestPrepareLeavesCoarsePrintAlone(t *testing.T) {
	needTools(t)
	e := New(Config{})
	for _, skew := range []float64{0, 1} {
		img, err := ReadPGM(raster(t, "drivers_license", 71, &sampledocs.ScanOptions{DPI: 150, PageDPI: 600, SkewDegrees: skew, Straight: skew == 0}, nil))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != 1275 {
			t.Fatalf("raster %v, want the scan's own 1275 pixels across", b.Size())
		}
		if _, rep := e.Prepare(img); rep.Scale != 1 || rep.Skew != 0 {
			t.Errorf("skew %v°: coarse print resampled: %+v", skew, rep)
		}
	}
	// Skewed more, it is straightened all the same.
	img, err := ReadPGM(raster(t, "drivers_license", 71, &sampledocs.ScanOptions{DPI: 150, PageDPI: 600, SkewDegrees: 4}, nil))
	if err != nil {
		t.Fatal(err)
	}
	if _, rep := e.Prepare(img); math.Abs(rep.Skew+4) > 0.5 {
		t.Errorf("coarse print skewed 4° not straightened: %+v", rep)
	}
}

// TestPrepareFlattensShadows: a phone photo of a card, with a shadow and
// uneven light, is flattened; a scan lit evenly is not.
func TestPrepareFlattensShadows(t *testing.T) {
	needTools(t)
	e := New(Config{})
	img, err := ReadPGM(raster(t, "drivers_license", 80, nil, &sampledocs.PhotoOptions{Shadow: 0.5}))
	if err != nil {
		t.Fatal(err)
	}
	out, rep := e.Prepare(img)
	if !rep.Flattened {
		t.Fatalf("photo not flattened: %+v", rep)
	}
	// Measured again, the prepared photo's paper is even.
	if m := e.measure(planeOf(out)); m.uneven >= e.cfg.Unevenness && m.paperLv < 200 {
		t.Errorf("after flattening: unevenness %.2f, paper %.0f", m.uneven, m.paperLv)
	}
	scan, err := ReadPGM(raster(t, "drivers_license", 80, &sampledocs.ScanOptions{}, nil))
	if err != nil {
		t.Fatal(err)
	}
	if _, rep := e.Prepare(scan); rep.Flattened {
		t.Errorf("an evenly lit scan was flattened: %+v", rep)
	}
}

// TestTurnedAddsAQuarterTurn: Turned applies a further turn on top of
// what the page's layout says (what OSD asks for).
func TestTurnedAddsAQuarterTurn(t *testing.T) {
	needTools(t)
	img, err := ReadPGM(raster(t, "resume", 90, &sampledocs.ScanOptions{Straight: true}, nil))
	if err != nil {
		t.Fatal(err)
	}
	e := New(Config{})
	for _, deg := range []int{90, 180, 270} {
		out, rep := e.Turned(img, deg)
		if rep.Rotation != deg {
			t.Errorf("Turned(%d): rotation %d", deg, rep.Rotation)
		}
		want := img.Bounds().Size()
		if deg != 180 {
			want = image.Pt(want.Y, want.X)
		}
		if out.Bounds().Size() != want {
			t.Errorf("Turned(%d): %v, want %v", deg, out.Bounds().Size(), want)
		}
	}
}

// TestTurnMovesPixels checks the exact quarter turns on a 3x2 image.
func TestTurnMovesPixels(t *testing.T) {
	p := plane{w: 3, h: 2, pix: []uint8{1, 2, 3, 4, 5, 6}}
	cases := []struct {
		deg  int
		w, h int
		want []uint8
	}{
		{0, 3, 2, []uint8{1, 2, 3, 4, 5, 6}},
		{90, 2, 3, []uint8{4, 1, 5, 2, 6, 3}},
		{180, 3, 2, []uint8{6, 5, 4, 3, 2, 1}},
		{270, 2, 3, []uint8{3, 6, 2, 5, 1, 4}},
		{-90, 2, 3, []uint8{3, 6, 2, 5, 1, 4}},
	}
	for _, tc := range cases {
		got := turn(p, tc.deg)
		if got.w != tc.w || got.h != tc.h || string(got.pix) != string(tc.want) {
			t.Errorf("turn(%d) = %dx%d %v, want %dx%d %v", tc.deg, got.w, got.h, got.pix, tc.w, tc.h, tc.want)
		}
	}
}

// TestResampleMapsThePage: the resampling pass puts a mark where the
// report's mapping says it is, for turns, skews, scales and crops.
func TestResampleMapsThePage(t *testing.T) {
	const w, h = 400, 300
	src := newPlane(w, h)
	for i := range src.pix {
		src.pix[i] = 255
	}
	// A dark 6x6 square centred on (100, 60).
	for y := 57; y < 63; y++ {
		for x := 97; x < 103; x++ {
			src.pix[y*w+x] = 0
		}
	}
	cases := []struct {
		rho, scale   float64
		cropX, cropY float64
		// where the mark's centre lands on the corrected page
		wantX, wantY float64
	}{
		{0, 1, 0, 0, 100, 60},
		{90, 1, 0, 0, 300 - 60, 100},
		{180, 1, 0, 0, 300, 240},
		{270, 1, 0, 0, 60, 400 - 100},
		{0, 2, 50, 20, 100, 60},
		{3, 1.5, 10, 10, 200 + (100-200)*math.Cos(3*math.Pi/180) - (60-150)*math.Sin(3*math.Pi/180), 150 + (100-200)*math.Sin(3*math.Pi/180) + (60-150)*math.Cos(3*math.Pi/180)},
	}
	for _, tc := range cases {
		fw, fh := float64(w), float64(h)
		if int(math.Round(tc.rho/90))%2 != 0 {
			fw, fh = fh, fw
		}
		rep := Report{Scale: tc.scale, cropX: tc.cropX, cropY: tc.cropY}
		sin, cos := sincosDeg(tc.rho)
		dx, dy := tc.cropX-fw/2, tc.cropY-fh/2
		s := tc.scale
		tr := affine{a: cos / s, b: sin / s, c: w/2 + cos*dx + sin*dy, d: -sin / s, e: cos / s, f: h/2 - sin*dx + cos*dy}
		ow, oh := int((fw-tc.cropX)*s), int((fh-tc.cropY)*s)
		out := resample(src, ow, oh, tr, tone{lo: 0, hi: 255})
		// The mark's centre of darkness in the output, mapped to the page.
		var sx, sy, n float64
		for y := 0; y < oh; y++ {
			for x := 0; x < ow; x++ {
				if d := 255 - float64(out.pix[y*ow+x]); d > 0 {
					sx += (float64(x) + 0.5) * d
					sy += (float64(y) + 0.5) * d
					n += d
				}
			}
		}
		if n == 0 {
			t.Errorf("rho %v: the mark is gone", tc.rho)
			continue
		}
		gx, gy := rep.ToPage(sx/n, sy/n)
		if math.Hypot(gx-tc.wantX, gy-tc.wantY) > 1 {
			t.Errorf("rho %v scale %v: mark at %.1f,%.1f on the page, want %.1f,%.1f", tc.rho, tc.scale, gx, gy, tc.wantX, tc.wantY)
		}
	}
}
