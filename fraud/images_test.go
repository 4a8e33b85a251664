package fraud

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/f64"
	"golang.org/x/image/math/fixed"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pdfdoc"
)

// scanJPEG is the JPEG a scanner app writes of a document's first page
// (sampledocs: 200 dpi, quality 75, noise, skew).
func scanJPEG(t testing.TB, typ, variant string, seed uint64, opt sampledocs.ScanOptions) []byte {
	t.Helper()
	_, pdf := clean(t, typ, variant, seed)
	scan, err := sampledocs.RenderScanned(pdf, opt)
	if err != nil {
		t.Fatal(err)
	}
	up, err := ReadUpload(scan)
	if err != nil {
		t.Fatal(err)
	}
	return up.pages[0].images[0].Raw
}

// editJPEG is an editor's work on a JPEG: decode, change, save at q.
func editJPEG(t testing.TB, jpg []byte, q int, edit func(img *image.RGBA)) []byte {
	t.Helper()
	img, err := jpeg.Decode(bytes.NewReader(jpg))
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	if edit != nil {
		edit(out)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// editPNG is an editor's work on a JPEG saved without loss: decode,
// change, save as PNG.
func editPNG(t testing.TB, jpg []byte, edit func(img *image.RGBA)) []byte {
	t.Helper()
	img, err := jpeg.Decode(bytes.NewReader(jpg))
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	if edit != nil {
		edit(out)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pasteText paints a box in bg at x, y and a date in black on it, three
// times the size of the 7×13 bitmap font (a scan's print size).
func pasteText(x, y int, bg uint8, text string) func(img *image.RGBA) {
	return func(img *image.RGBA) {
		small := image.NewGray(image.Rect(0, 0, 100, 16))
		draw.Draw(small, small.Bounds(), &image.Uniform{color.Gray{Y: bg}}, image.Point{}, draw.Src)
		(&font.Drawer{Dst: small, Src: image.Black, Face: basicfont.Face7x13, Dot: fixed.P(2, 12)}).DrawString(text)
		for yy := 0; yy < 48; yy++ {
			for xx := 0; xx < 300; xx++ {
				img.Set(x+xx, y+yy, small.At(xx/3, yy/3))
			}
		}
	}
}

// pasteFrom copies a region of another picture (decoded) to the same
// place of this one.
func pasteFrom(t testing.TB, donor []byte, r image.Rectangle) func(img *image.RGBA) {
	d, err := jpeg.Decode(bytes.NewReader(donor))
	if err != nil {
		t.Fatal(err)
	}
	return func(img *image.RGBA) {
		draw.Draw(img, r, d, r.Min, draw.Src)
	}
}

// clone copies a region of the picture to another place (a clone stamp).
// wavesScan is a card printed with faint wave lines (a guilloche
// background) repeating every 85 samples across and 14 down, scanned
// with little grain and saved at 75, which smooths away most of it.
func wavesScan(t testing.TB) []byte {
	t.Helper()
	r := rand.New(rand.NewPCG(4, 5))
	img := image.NewRGBA(image.Rect(0, 0, 1000, 700))
	for y := 0; y < 700; y++ {
		for x := 0; x < 1000; x++ {
			v := 246 + r.IntN(5) - 2
			img.Set(x, y, color.RGBA{uint8(v), uint8(v), uint8(v), 255})
		}
	}
	for k := 0; k < 40; k++ {
		for x := 0; x < 1000; x++ {
			y := 60 + 14*float64(k) + 6*math.Sin(2*math.Pi*float64(x)/85)
			y0 := int(y)
			frac := y - float64(y0)
			for i, a := range []float64{1 - frac, frac} {
				if yy := y0 + i; yy >= 0 && yy < 700 {
					c := img.RGBAAt(x, yy)
					v := uint8(float64(c.R) - 60*a)
					img.Set(x, yy, color.RGBA{v, v, v, 255})
				}
			}
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 75}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func clone(src image.Rectangle, to image.Point) func(img *image.RGBA) {
	return func(img *image.RGBA) {
		patch := image.NewRGBA(src)
		draw.Draw(patch, src, img, src.Min, draw.Src)
		draw.Draw(img, image.Rectangle{Min: to, Max: to.Add(src.Size())}, patch, src.Min, draw.Src)
	}
}

// cloneShifted copies a region of the picture to another place a
// fraction of a sample (fx, fy) further on, resampled (Catmull-Rom), as a
// clone stamp placed by hand does; an empty src resamples the whole
// picture over (no copy: a clean twin).
func cloneShifted(src image.Rectangle, to image.Point, fx, fy float64) func(img *image.RGBA) {
	return func(img *image.RGBA) {
		if src.Empty() {
			src, to = img.Bounds(), img.Bounds().Min
		}
		patch := image.NewRGBA(image.Rectangle{Max: src.Size()})
		s2d := f64.Aff3{1, 0, fx - float64(src.Min.X), 0, 1, fy - float64(src.Min.Y)}
		xdraw.CatmullRom.Transform(patch, s2d, img, img.Bounds(), xdraw.Src, nil)
		// The patch's edge samples lie partly outside the picture: the
		// clone is the patch inside them.
		in := patch.Bounds().Inset(1)
		draw.Draw(img, in.Add(to), patch, in.Min, draw.Src)
	}
}

// cloneScaled copies a region of the picture to another place resized by
// k (Catmull-Rom), as a clone made and enlarged or shrunk a few percent in
// an editor.
func cloneScaled(src image.Rectangle, to image.Point, k float64) func(img *image.RGBA) {
	return func(img *image.RGBA) {
		patch := image.NewRGBA(image.Rectangle{Max: image.Pt(int(float64(src.Dx())*k), int(float64(src.Dy())*k))})
		xdraw.CatmullRom.Scale(patch, patch.Bounds(), img, src, xdraw.Src, nil)
		draw.Draw(img, patch.Bounds().Add(to), patch, image.Point{}, draw.Src)
	}
}

// addNoise is a dim room's sensor grain, sigma levels, seeded.
func addNoise(sigma float64, seed uint64) func(img *image.RGBA) {
	return func(img *image.RGBA) {
		r := rand.New(rand.NewPCG(seed, 7))
		for i := 0; i+3 < len(img.Pix); i += 4 {
			n := r.NormFloat64() * sigma
			for c := 0; c < 3; c++ {
				img.Pix[i+c] = uint8(min(max(float64(img.Pix[i+c])+n, 0), 255))
			}
		}
	}
}

// withEXIF puts an APP1 EXIF segment naming software and a date into a
// JPEG, as cameras and editors write it.
func withEXIF(jpg []byte, software, datetime string) []byte {
	type entry struct {
		tag uint16
		val string
	}
	entries := []entry{{0x0131, software + "\x00"}, {0x0132, datetime + "\x00"}}
	var tiff bytes.Buffer
	le := binary.LittleEndian
	tiff.WriteString("II*\x00")
	binary.Write(&tiff, le, uint32(8))
	binary.Write(&tiff, le, uint16(len(entries)))
	dataOff := 8 + 2 + 12*len(entries) + 4
	var data bytes.Buffer
	for _, e := range entries {
		binary.Write(&tiff, le, e.tag)
		binary.Write(&tiff, le, uint16(2)) // ASCII
		binary.Write(&tiff, le, uint32(len(e.val)))
		binary.Write(&tiff, le, uint32(dataOff+data.Len()))
		data.WriteString(e.val)
	}
	binary.Write(&tiff, le, uint32(0))
	tiff.Write(data.Bytes())
	seg := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	out := []byte{0xff, 0xd8, 0xff, 0xe1, byte((len(seg) + 2) >> 8), byte(len(seg) + 2)}
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

// imageEvidence is the evidence of an image upload (the upload read by
// ReadUpload) or of the image-only PDF the pipeline makes of it.
func imageEvidence(t testing.TB, jpg []byte, asPDF bool, docType string, fields map[string]any) Evidence {
	t.Helper()
	if !asPDF {
		up, err := ReadUpload(jpg)
		if err != nil {
			t.Fatal(err)
		}
		return Evidence{File: FileMeta{FromImage: true}, DocumentType: docType, Fields: fields, AsOf: asOf, Upload: up}
	}
	pdf, err := pdfdoc.FromImage(context.Background(), jpg, "image/jpeg")
	if err != nil {
		t.Fatal(err)
	}
	ev := evidence(t, pdf, docType, fields, asOf)
	ev.File = FileMeta{FromImage: true}
	return ev
}

func TestImages(t *testing.T) {
	// 150 dpi keeps the test quick under the race detector; the checks
	// are the same at 200 and 300.
	scan := scanJPEG(t, "nursing_license", "board_verification", 5, sampledocs.ScanOptions{DPI: 150})
	colorScan := scanJPEG(t, "bls", "aha_ecard", 6, sampledocs.ScanOptions{Color: true, DPI: 150})
	// Photos as messaging apps pass them on (1000 pixels wide); the
	// grainy one taken in a dim room: sensor grain over everything.
	_, card := clean(t, "drivers_license", "aamva_numbered", 5)
	photo, err := sampledocs.RenderCardPhoto(card, sampledocs.PhotoOptions{Width: 1000})
	if err != nil {
		t.Fatal(err)
	}
	noisyPhoto := editJPEG(t, photo, 90, addNoise(7, 3))
	resaved85 := editJPEG(t, photo, 85, nil)
	// The same card's photo, another day's expiry printed, from a picture
	// saved at 60 (a donor).
	_, card2 := clean(t, "drivers_license", "aamva_numbered", 6)
	donor, err := sampledocs.RenderCardPhoto(card2, sampledocs.PhotoOptions{Width: 1000, JPEGQuality: 60})
	if err != nil {
		t.Fatal(err)
	}
	waves := wavesScan(t)
	// A page rendered to an image without noise or skew: its table's
	// rows repeat to the sample, and there is no grain to tell a copy by.
	flat := scanJPEG(t, "nursing_license", "nursys_quickconfirm", 11, sampledocs.ScanOptions{DPI: 200, JPEGQuality: 92, Noise: -1, Straight: true})
	// The same at 150 dpi saved once at 95: its rules' blocks, alike to
	// the sample, sat on quality 70's lattice by chance, a run of them the
	// length of a line of print (an inverse ghost, before alikeBlocks).
	flat150 := scanJPEG(t, "nursing_license", "nursys_quickconfirm", 11, sampledocs.ScanOptions{DPI: 150, JPEGQuality: 95, Noise: -1, Straight: true})
	// A scanner saving at a quality no multiple of five.
	scan82 := scanJPEG(t, "nursing_license", "wallet_card", 8, sampledocs.ScanOptions{DPI: 150, JPEGQuality: 82})
	tests := []struct {
		name    string
		jpg     []byte
		asPDF   bool
		docType string
		code    string
		w       float64
		near    image.Rectangle // the evidence box must overlap it (page points)
	}{
		// A scan as the scanner wrote it, grey at 75 or colour at 90, is
		// TestCleanScansAndPhotos' (the same types' first layouts).
		{"a scan saved again at 90", editJPEG(t, scan, 90, nil), true, "nursing_license", "", 0, image.Rectangle{}},
		{"a scan saved again at 95", editJPEG(t, scan, 95, nil), false, "nursing_license", "", 0, image.Rectangle{}},
		{"a new date pasted into a scan, saved at 90", editJPEG(t, scan, 90, pasteText(600, 700, 250, "06/30/2031")), true, "nursing_license",
			CodeRecompressedRegion, 0.50, image.Rect(600, 700, 900, 748)},
		{"a white box and a date pasted, saved at 95", editJPEG(t, scan, 95, pasteText(300, 560, 255, "06/30/2031")), false, "nursing_license",
			CodeRecompressedRegion, 0.50, image.Rect(300, 560, 600, 608)},
		{"the same in a colour scan, saved at 92", editJPEG(t, colorScan, 92, pasteText(600, 700, 250, "07/31/2029")), false, "bls",
			CodeRecompressedRegion, 0.50, image.Rect(600, 700, 900, 748)},
		{"a scan saved at 82, then again at 70", editJPEG(t, scan82, 70, nil), false, "nursing_license", "", 0, image.Rectangle{}},
		{"a scan saved at 82, then again at 94", editJPEG(t, scan82, 94, nil), false, "nursing_license", "", 0, image.Rectangle{}},
		{"a date pasted into a scan saved at 82, saved at 94", editJPEG(t, scan82, 94, pasteText(500, 300, 250, "06/30/2031")), false, "nursing_license",
			CodeRecompressedRegion, 0.50, image.Rect(500, 300, 800, 348)},
		{"a scan saved as PNG", editPNG(t, scan, nil), false, "nursing_license", "", 0, image.Rectangle{}},
		{"a date pasted into a scan saved as PNG", editPNG(t, scan, pasteText(600, 700, 250, "06/30/2031")), false, "nursing_license",
			CodeRecompressedRegion, 0.50, image.Rect(600, 700, 900, 748)},
		{"a phone photo of a card", photo, false, "drivers_license", "", 0, image.Rectangle{}},
		{"a photo's line pasted from a photo saved at 60, saved at 94", editJPEG(t, photo, 94, pasteFrom(t, donor, image.Rect(576, 352, 896, 408))), false, "drivers_license",
			CodeRecompressedRegion, 0.50, image.Rect(576, 352, 896, 408)},
		{"a photo saved at 60, saved again at 94", editJPEG(t, donor, 94, nil), false, "drivers_license", "", 0, image.Rectangle{}},
		{"a phone photo saved again", editJPEG(t, photo, 92, nil), false, "drivers_license", "", 0, image.Rectangle{}},
		{"a grainy phone photo of a card", noisyPhoto, false, "drivers_license", "", 0, image.Rectangle{}},
		{"the grainy table cloned over the card's expiry", editJPEG(t, noisyPhoto, 92, clone(image.Rect(61, 603, 181, 643), image.Pt(651, 367))), false, "drivers_license",
			CodeCopyMove, 0.55, image.Rect(651, 367, 771, 407)},
		{"the same in the PDF the pipeline makes of it", editJPEG(t, noisyPhoto, 92, clone(image.Rect(61, 603, 181, 643), image.Pt(651, 367))), true, "drivers_license",
			CodeCopyMove, 0.55, image.Rect(651, 367, 771, 407)},
		// Bare card just above the expiry copied over it on the photo as
		// taken: little grain, and the copy off the JPEG's 8×8 grid.
		{"bare card cloned over the expiry of a photo as taken", editJPEG(t, photo, 91, clone(image.Rect(651, 333, 751, 357), image.Pt(651, 369))), false, "drivers_license",
			CodeCopyMove, 0.55, image.Rect(651, 369, 751, 393)},
		// The same on the photo saved again at 85 before the clone and at
		// 92 after it: off the 8×8 grid the copy keeps about half its
		// grain alike (0.5 to 0.55 correlated, under the 0.75 once asked
		// of a block).
		{"bare card cloned over the expiry of a photo saved at 85, saved at 92", editJPEG(t, resaved85, 92, clone(image.Rect(651, 333, 751, 357), image.Pt(651, 369))), false, "drivers_license",
			CodeCopyMove, 0.55, image.Rect(651, 369, 751, 393)},
		{"the photo saved at 85, then at 92", editJPEG(t, resaved85, 92, nil), false, "drivers_license", "", 0, image.Rectangle{}},
		// Their clean twins: the whole picture resampled half a sample
		// over (an app straightening or cropping it).
		{"the photo saved at 85, resampled half a sample over, saved at 94", editJPEG(t, resaved85, 94, cloneShifted(image.Rectangle{}, image.Point{}, 0.5, 0.3)), false, "drivers_license", "", 0, image.Rectangle{}},
		{"the grainy photo resampled a part of a sample over, saved at 92", editJPEG(t, noisyPhoto, 92, cloneShifted(image.Rectangle{}, image.Point{}, 0.4, 0.5)), false, "drivers_license", "", 0, image.Rectangle{}},
		{"a clone in a full-page scan of a license (its first page searched)", editJPEG(t, noisyPhoto, 92, clone(image.Rect(61, 603, 181, 643), image.Pt(651, 367))), true, "nursing_license",
			CodeCopyMove, 0.55, image.Rect(651, 367, 771, 407)},
		// A clone resized by a few percent is out of line with its source
		// sample for sample; it is found point by point, and corroborates.
		{"the card's portrait's top and name cloned over its fields at 104%", editJPEG(t, photo, 80, cloneScaled(image.Rect(140, 230, 560, 330), image.Pt(480, 560), 1.04)), false, "drivers_license",
			CodeCopyMove, 0.30, image.Rect(480, 560, 917, 664)},
		{"a page rendered without grain, saved at 92", flat, false, "nursing_license", "", 0, image.Rectangle{}},
		{"the grainless page saved again at 95", editJPEG(t, flat, 95, nil), false, "nursing_license", "", 0, image.Rectangle{}},
		{"a page rendered without grain at 150 dpi, saved at 95", flat150, false, "nursing_license", "", 0, image.Rectangle{}},
		// A printed pattern repeats itself: it matches at its period,
		// and again at twice it.
		{"a card printed with wave lines, scanned with little grain", waves, false, "nursing_license", "", 0, image.Rectangle{}},
		{"the wave-lined card saved again at 92", editJPEG(t, waves, 92, nil), false, "nursing_license", "", 0, image.Rectangle{}},
		{"an editor named in EXIF", withEXIF(photo, "Adobe Photoshop 25.0 (Windows)", "2026:03:01 10:00:00"), false, "drivers_license",
			CodeEditingSoftware, 0.50, image.Rectangle{}},
		{"a photo app named in EXIF", withEXIF(photo, "Snapseed 2.0", "2026:03:01 10:00:00"), false, "drivers_license",
			CodeEditingSoftware, 0.45, image.Rectangle{}},
		{"a camera named in EXIF", withEXIF(photo, "HDR+ 1.0.641377693zd", "2026:03:01 10:00:00"), false, "drivers_license", "", 0, image.Rectangle{}},
		{"a photo taken in the future", withEXIF(photo, "iOS 18.1", "2027:03:01 10:00:00"), false, "drivers_license",
			CodeMetadataFuture, 0.35, image.Rectangle{}},
	}
	imageCodes := map[string]bool{CodeRecompressedRegion: true, CodeCopyMove: true, CodeEditingSoftware: true, CodeMetadataFuture: true, CodeCreatedBeforePrint: true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(imageEvidence(t, tt.jpg, tt.asPDF, tt.docType, nil), "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if imageCodes[s.Code] {
					got = append(got, s)
				}
			}
			if tt.code == "" {
				if len(got) > 0 {
					t.Fatalf("signals %+v (box %+v)", got, got[0].Evidence.Box)
				}
				return
			}
			assertImageSignals(t, v, got, []Signal{{Code: tt.code, Weight: tt.w}}, []image.Rectangle{tt.near})
		})
	}
}

// TestImages300dpi: a card scanned on a letter page at 300 dpi
// (2550×3300 samples). The page is searched whole for copies (a clone
// moved by an odd number of samples lines up with its source; averaged
// down by 2 it did not) and its error levels taken block by block. The
// page costs the most of the package's pictures (four of them took a
// third of its time under the race detector): one clean and one edited
// twice, each edit found by its own analysis.
func TestImages300dpi(t *testing.T) {
	scan300 := scanJPEG(t, "drivers_license", "labeled_card", 9, sampledocs.ScanOptions{DPI: 300, JPEGQuality: 90, Noise: 0.012})
	edited := editJPEG(t, scan300, 95, func(img *image.RGBA) {
		pasteText(1200, 2500, 250, "06/30/2031")(img)
		clone(image.Rect(400, 2950, 560, 2990), image.Pt(249, 2913))(img)
	})
	tests := []struct {
		name string
		jpg  []byte
		want []Signal
		near []image.Rectangle
	}{
		{"the 300-dpi scan saved again at 92", editJPEG(t, scan300, 92, nil), nil, nil},
		{"a date pasted into it and bare paper cloned 151 samples left and 37 up, saved at 95", edited,
			[]Signal{{Code: CodeCopyMove, Weight: 0.55}, {Code: CodeRecompressedRegion, Weight: 0.50}},
			[]image.Rectangle{image.Rect(249, 2913, 409, 2953), image.Rect(1200, 2500, 1500, 2548)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(imageEvidence(t, tt.jpg, false, "drivers_license", nil), "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code == CodeRecompressedRegion || s.Code == CodeCopyMove {
					got = append(got, s)
				}
			}
			if len(tt.want) == 0 {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			assertImageSignals(t, v, got, tt.want, tt.near)
		})
	}
}

// assertImageSignals: got (the image signals of v) are want, in order
// (the stronger first), each with a box over its near (page points; none
// asked when empty).
func assertImageSignals(t *testing.T, v Verdict, got, want []Signal, near []image.Rectangle) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("signals %+v, want %+v", v.Signals, want)
	}
	for i, g := range got {
		if g.Code != want[i].Code || g.Weight != want[i].Weight {
			t.Fatalf("signals %+v, want %+v", v.Signals, want)
		}
		if near[i].Empty() {
			continue
		}
		b := g.Evidence.Box
		if b == nil || g.Evidence.Page != 1 {
			t.Fatalf("evidence %+v, want page 1 and a box", g.Evidence)
		}
		over := false
		for _, b := range append([]Box{*b}, g.Evidence.Boxes...) {
			over = over || image.Rect(int(b.X0), int(b.Y0), int(b.X1)+1, int(b.Y1)+1).Overlaps(near[i])
		}
		if !over {
			t.Errorf("%s: boxes %v %v, want one over %v", g.Code, *b, g.Evidence.Boxes, near[i])
		}
	}
}

// TestEXIFOfAnImageInAPDF: the pipeline turns an image upload into a PDF
// (pdfcpu keeps the JPEG as it is): its EXIF is read from the PDF too.
func TestEXIFOfAnImageInAPDF(t *testing.T) {
	_, card := clean(t, "drivers_license", "labeled_card", 7)
	photo, err := sampledocs.RenderCardPhoto(card, sampledocs.PhotoOptions{Width: 800})
	if err != nil {
		t.Fatal(err)
	}
	v := Assess(imageEvidence(t, withEXIF(photo, "GIMP 2.10.36", "2026:03:01 10:00:00"), true, "drivers_license", nil), "HIGH")
	for _, s := range v.Signals {
		if s.Code == CodeEditingSoftware && s.Evidence.Source == "exif" && s.Evidence.Tool == "GIMP 2.10.36" {
			return
		}
	}
	t.Fatalf("signals %+v, want editing_software from EXIF", v.Signals)
}

// TestPhotoTakenBeforeItsIssueCorroboratesOnly: a photo's EXIF date is its
// camera's clock, which may be off (or a soft photo's year misread makes
// the printed date later): a photo dated before the issue it prints weighs
// 0.20, under every threshold alone; a PDF's own date keeps 0.40
// (TestMetadataDates).
func TestPhotoTakenBeforeItsIssueCorroboratesOnly(t *testing.T) {
	_, card := clean(t, "drivers_license", "labeled_card", 7)
	photo, err := sampledocs.RenderCardPhoto(card, sampledocs.PhotoOptions{Width: 800})
	if err != nil {
		t.Fatal(err)
	}
	v := Assess(imageEvidence(t, withEXIF(photo, "16.4.1", "2024:03:01 10:00:00"), false, "drivers_license", map[string]any{"issue_date": "2026-03-01"}), "HIGH")
	for _, s := range v.Signals {
		if s.Code == CodeCreatedBeforePrint {
			if s.Weight != 0.20 || s.Evidence == nil || s.Evidence.Source != "exif" {
				t.Fatalf("signal %+v, want 0.20 from EXIF", s)
			}
			if v.Result == Fraudulent {
				t.Fatalf("verdict %+v: an EXIF date alone flags the photo", v)
			}
			return
		}
	}
	t.Fatalf("signals %+v, want created_before_printed_date from EXIF", v.Signals)
}

func TestJPEGQuality(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 64, 64))
	for _, q := range []int{50, 75, 85, 90, 95} {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}); err != nil {
			t.Fatal(err)
		}
		tab, err := lumaTable(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if got := estimateQuality(tab); got != q {
			t.Errorf("quality %d read as %d", q, got)
		}
	}
	if _, err := lumaTable([]byte("not a jpeg")); err == nil {
		t.Error("a table read from no JPEG")
	}
}

// TestCleanScansAndPhotos: the first layout of a sample of types, cards
// and forms (every layout of every type with FRAUD_ALL_LAYOUTS=1: 104
// files, a minute without the race detector), scanned by a scanner app
// (grey at 75, or colour at 90 as phone apps save), and the cards
// photographed, shows no sign of an edit.
func TestCleanScansAndPhotos(t *testing.T) {
	if testing.Short() {
		t.Skip("renders pages with poppler")
	}
	all := os.Getenv("FRAUD_ALL_LAYOUTS") != ""
	edits := map[string]bool{CodeRecompressedRegion: true, CodeCopyMove: true, CodeEditingSoftware: true, CodeMetadataFuture: true,
		CodeCoveredText: true, CodeOverlappingText: true, CodeFontMismatch: true, CodeContentChanged: true, CodeIncrementalUpdate: true}
	types := []string{"drivers_license", "passport", "bls", "nursing_license", "tb_skin_test"}
	if all {
		types = sampledocs.Types()
	}
	n := 0
	for _, typ := range types {
		for i, variant := range sampledocs.Variants(typ) {
			if i > 0 && !all {
				break
			}
			d, pdf := clean(t, typ, variant, 61+uint64(i))
			k := (i + len(typ)) % 2
			scan, err := sampledocs.RenderScanned(pdf, sampledocs.ScanOptions{Color: k == 1, JPEGQuality: []int{75, 90}[k]})
			if err != nil {
				t.Fatal(err)
			}
			files := map[string][]byte{"scan": scan}
			if cat, _ := embeddedCatalog().Type(typ); cat != nil && (cat.Category == "identity" || cat.Category == "certification" || cat.Category == "license") {
				// Cards are photographed as often as scanned.
				if photo, err := sampledocs.RenderCardPhoto(pdf, sampledocs.PhotoOptions{Width: 1000 + 300*i}); err == nil {
					files["photo"] = photo
				}
			}
			for kind, f := range files {
				n++
				var ev Evidence
				if kind == "photo" {
					ev = imageEvidence(t, f, false, typ, d.Fields)
				} else {
					ev = evidence(t, f, typ, d.Fields, d.AsOf)
				}
				ev.AsOf = d.AsOf
				for _, s := range Assess(ev, "LOW").Signals {
					if edits[s.Code] {
						t.Errorf("%s/%s %s: %s: %s", typ, variant, kind, s.Code, s.Detail)
					}
				}
			}
		}
	}
	t.Logf("%d clean scans and photos", n)
}

// TestGrainless: a page rasterised and saved without noise carries no
// grain on its bare paper; a scanner's or a camera's picture does, even
// saved at 75. The copy-move search does not run on the first (its
// repeats are print, alike to the sample on the JPEG's grid).
func TestGrainless(t *testing.T) {
	_, card := clean(t, "drivers_license", "aamva_numbered", 5)
	photo, err := sampledocs.RenderCardPhoto(card, sampledocs.PhotoOptions{Width: 1000})
	if err != nil {
		t.Fatal(err)
	}
	flat := scanJPEG(t, "nursing_license", "nursys_quickconfirm", 11, sampledocs.ScanOptions{DPI: 150, JPEGQuality: 92, Noise: -1, Straight: true})
	tests := []struct {
		name string
		jpg  []byte
		want bool
	}{
		{"a page rendered without noise, saved at 92", flat, true},
		{"the same saved again at 75", editJPEG(t, flat, 75, nil), true},
		{"a scan saved at 75", scanJPEG(t, "nursing_license", "nursys_quickconfirm", 11, sampledocs.ScanOptions{DPI: 150}), false},
		{"a scan with little grain saved at 90", scanJPEG(t, "nursing_license", "nursys_quickconfirm", 11, sampledocs.ScanOptions{DPI: 150, JPEGQuality: 90, Noise: 0.008}), false},
		{"a phone photo", photo, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, err := jpeg.Decode(bytes.NewReader(tt.jpg))
			if err != nil {
				t.Fatal(err)
			}
			pix, stride, w, h, ok := lumaPlane(img)
			if !ok {
				t.Fatal("no luminance plane")
			}
			// The search's planes at full resolution: samples, and each
			// minus its 5×5 mean, times 25.
			s := make([]int32, w*h)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					s[y*w+x] = int32(pix[y*stride+x])
				}
			}
			detail := make([]float32, w*h)
			for y := 2; y < h-2; y++ {
				for x := 2; x < w-2; x++ {
					var sum int32
					for dy := -2; dy <= 2; dy++ {
						for dx := -2; dx <= 2; dx++ {
							sum += s[(y+dy)*w+x+dx]
						}
					}
					detail[y*w+x] = float32(25*s[y*w+x] - sum)
				}
			}
			if got := grainless(s, detail, w, h, 1); got != tt.want {
				t.Errorf("grainless %v, want %v", got, tt.want)
			}
		})
	}
}

// TestImageDecodedOnce: the checks of one document share each image's
// decoded samples (a scanned page's picture is read by five of them);
// another document decodes its own.
func TestImageDecodedOnce(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 160, 160))
	for i := range g.Pix {
		g.Pix[i] = uint8(i * 7)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, g, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	up, err := ReadUpload(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	ev := Evidence{Upload: up, AsOf: sampledocs.DefaultAsOf(), DocumentType: "drivers_license"}
	d := newDoc(ev)
	first, _, ok := decodePlane(d.images()[0])
	again, _, _ := decodePlane(d.images()[0])
	other, _, _ := decodePlane(newDoc(ev).images()[0])
	switch {
	case !ok || first.w != 160 || first.h != 160:
		t.Fatalf("decoded %dx%d (%v), want 160x160", first.w, first.h, ok)
	case &first.pix[0] != &again.pix[0]:
		t.Error("the document's second check decoded the image again")
	case &first.pix[0] == &other.pix[0]:
		t.Error("another document shares the first one's samples")
	}
}

// TestBoldPrintSavedTwice: a clean page whose bold black print an earlier
// save's decoding clipped (its ringing below black cut off), saved again
// at 92, is not taken for a region pasted in: the print comes back to
// the earlier lattice once its samples near black may be lower
// (clippedError). testdata/bold_heading_q75_q92.jpg is one of own clean
// scans (ReportLab, Ghostscript at 150 dpi, grain, Pillow at 75 then 92)
// whose Courier Bold heading on a shaded band was a region 7.8 times the
// median. A date pasted into it before another save is still found.
func TestBoldPrintSavedTwice(t *testing.T) {
	page, err := os.ReadFile("testdata/bold_heading_q75_q92.jpg")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		file  []byte
		found bool
	}{
		{"as saved", page, false},
		{"a date pasted in, saved at 92", editJPEG(t, page, 92, pasteText(700, 1150, 238, "01/31/2027")), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			img, err := jpeg.Decode(bytes.NewReader(c.file))
			if err != nil {
				t.Fatal(err)
			}
			pix, stride, w, h, _ := lumaPlane(img)
			r, err := recompressionRegion(c.file, luma{pix: pix, stride: stride, w: w, h: h})
			if err != nil {
				t.Fatal(err)
			}
			if (r != nil) != c.found {
				t.Errorf("region %+v, want found %v", r, c.found)
			}
		})
	}
}

// TestRuled: a form's rule on a grainy scan is no region of print (the
// inverse ghost it showed on own Pillow form saved at 80 then 94); a
// date's print with the same grain is.
func TestRuled(t *testing.T) {
	const w, h = 160, 16
	grainy := func(ink func(x, y int) bool) []uint8 {
		pix := make([]uint8, w*h)
		seed := uint32(11)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				seed = seed*1664525 + 1013904223
				v := 236 + int(seed>>24)%7 - 3
				if ink(x, y) {
					v = 60 + int(seed>>24)%7 - 3
				}
				pix[y*w+x] = uint8(v)
			}
		}
		return pix
	}
	for _, tt := range []struct {
		name string
		ink  func(x, y int) bool
		want bool
	}{
		{"a rule across the region", func(x, y int) bool { return y >= 7 && y <= 9 }, true},
		{"print: strokes both ways", func(x, y int) bool { return x%12 < 2 && y > 2 && y < 14 || x%12 < 8 && (y == 3 || y == 13) }, false},
		{"bare paper", func(x, y int) bool { return false }, false},
	} {
		if got := ruled(grainy(tt.ink), w, image.Rect(0, 0, w, h)); got != tt.want {
			t.Errorf("%s: ruled %v, want %v", tt.name, got, tt.want)
		}
	}
}
