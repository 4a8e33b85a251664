package fraud

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math/rand/v2"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// grainyPage is a page of grey paper with lines of print, scanned with
// sigma levels of grain (seeded) and saved at quality q.
func grainyPage(t testing.TB, sigma float64, seed uint64, q int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 1100, 1000))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{236, 233, 226, 255}}, image.Point{}, draw.Src)
	r := rand.New(rand.NewPCG(seed, 11))
	// Lines of "words": dark bars of a glyph's height.
	for y := 80; y < 900; y += 60 {
		for x := 90; x < 1000; {
			w := 30 + r.IntN(90)
			draw.Draw(img, image.Rect(x, y, min(x+w, 1010), y+22), &image.Uniform{color.RGBA{40, 40, 40, 255}}, image.Point{}, draw.Src)
			x += w + 18
		}
	}
	// The value's line is left bare on its right: where a value was
	// covered.
	draw.Draw(img, image.Rect(500, 500, 1010, 540), &image.Uniform{color.RGBA{236, 233, 226, 255}}, image.Point{}, draw.Src)
	addNoise(sigma, seed)(img)
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestNoisePatch: bare paper pasted over a value keeps the grain of where
// it came from: cloned from the page's margin and resized by 4%, or
// spliced from a smoother scan, its finest grain is far weaker than the
// paper's round it. The page as scanned, and the page resampled whole (a
// photo taken in perspective), show none. On an image upload, where the
// copy-move searches find no copy, the patch corroborates (0.30).
func TestNoisePatch(t *testing.T) {
	page := grainyPage(t, 6, 3, 90)
	smooth := grainyPage(t, 1.5, 4, 75)
	target := image.Rect(560, 495, 760, 545)
	clone := editJPEG(t, page, 90, cloneScaled(image.Rect(300, 930, 492, 978), target.Min, 1.04))
	for _, c := range []struct {
		name string
		img  []byte
		want bool
	}{
		{"the page as scanned", page, false},
		{"saved again at 92", editJPEG(t, page, 92, nil), false},
		{"resampled whole by 3%", editJPEG(t, page, 90, func(img *image.RGBA) {
			src := image.NewRGBA(img.Bounds())
			draw.Draw(src, src.Bounds(), img, image.Point{}, draw.Src)
			b := img.Bounds()
			xdraw.CatmullRom.Scale(img, image.Rect(0, 0, b.Dx()*103/100, b.Dy()*103/100), src, b, xdraw.Src, nil)
		}), false},
		{"paper cloned over the value, resized by 4%", clone, true},
		{"paper cloned over the value, resized by 96%", editJPEG(t, page, 90, cloneScaled(image.Rect(300, 930, 508, 982), target.Min, 0.96)), true},
		{"spliced from a smoother scan", editJPEG(t, page, 90, pasteFrom(t, smooth, target)), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			img, err := jpeg.Decode(bytes.NewReader(c.img))
			if err != nil {
				t.Fatal(err)
			}
			l, _, _ := grayOf(img)
			p := findNoisePatch(l)
			if (p != nil) != c.want {
				t.Fatalf("patch %+v, want one: %v", p, c.want)
			}
			if p != nil && !p.Box.Overlaps(target) {
				t.Errorf("patch at %v, pasted at %v", p.Box, target)
			}
		})
	}
	for _, c := range []struct {
		name string
		img  []byte
		want float64
	}{{"the page as scanned", page, 0}, {"the clone", clone, 0.30}} {
		got := 0.0
		for _, s := range Assess(imageEvidence(t, c.img, false, "nursing_license", nil), "LOW").Signals {
			if s.Code == CodeRecompressedRegion || s.Code == CodeCopyMove {
				got = s.Weight
				if s.Code != CodeRecompressedRegion || s.Evidence == nil || s.Evidence.Box == nil {
					t.Errorf("%s: %s %+v", c.name, s.Code, s.Evidence)
				}
			}
		}
		if got != c.want {
			t.Errorf("%s: weight %.2f, want %.2f", c.name, got, c.want)
		}
	}
}
