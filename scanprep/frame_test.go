package scanprep

import (
	"image"
	"math/rand/v2"
	"testing"
)

// pagePhoto draws a letter page photographed whole at 130 dpi (1105×1430):
// a grey table round it (inset differs by side, as a phone held a little
// off square leaves it), light falling off towards one corner, the
// paper's grain, and rows of soft letters (H-like: dark strokes, a grey
// column beside each) in a block near the page's top; edges are where
// the grey is. framed false draws the paper to the image's edges, the
// same light falling on it.
func pagePhoto(seed uint64, framed bool) (p plane, edges []image.Point) {
	r := rand.New(rand.NewPCG(seed, 3))
	p = newPlane(1105, 1430)
	light := func(x, y int) float64 { return 1 - 0.35*float64(x+y)/float64(p.w+p.h) }
	for y := 0; y < p.h; y++ {
		for x := 0; x < p.w; x++ {
			v := 236.0
			if framed && (x < 34 || x >= p.w-26 || y < 40 || y >= p.h-30) {
				v = 190
			}
			p.pix[y*p.w+x] = clamp(float32(v*light(x, y) + r.NormFloat64()*5))
		}
	}
	for row := 0; row < 12; row++ {
		y0 := 160 + row*34
		for col := 0; col < 40; col++ {
			if (col+row)%7 == 6 {
				continue // a space between words
			}
			x0 := 200 + col*17
			for y := y0; y < y0+15; y++ {
				for x := x0; x < x0+11; x++ {
					i, j := x-x0, y-y0
					v := 0.0
					switch {
					case i < 3 || i >= 8 || j >= 6 && j < 9:
						v = 60 // a stroke
					case i == 3 || i == 7:
						v = 150 // its soft edge
						edges = append(edges, image.Pt(x, y))
					default:
						continue
					}
					p.pix[y*p.w+x] = clamp(float32(v*light(x, y) + r.NormFloat64()*5))
				}
			}
		}
	}
	return p, edges
}

// TestPreparePagePhotoWithoutItsFrame: a page photographed whole is read
// without the table round it, its print's contrast drawn from the print
// alone. Flattening leaves the table grey; measured over the whole photo
// it was the "ink", and the stretch drawn from it blackened the letters'
// edges and left a dark frame round the page (Tesseract read no word of a
// legible vaccine card so photographed). The same page filling the photo
// is flattened as before, and kept whole.
func TestPreparePagePhotoWithoutItsFrame(t *testing.T) {
	e := New(Config{})
	for _, tc := range []struct {
		name   string
		framed bool
	}{
		{"framed by a table", true},
		{"filling the photo", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, edges := pagePhoto(5, tc.framed)
			out, rep := e.Prepare(p.gray())
			if !rep.Flattened || rep.Perspective || rep.CardCut {
				t.Fatalf("report %+v: want the page flattened, neither straightened nor cut as a card", rep)
			}
			q := planeOf(out)
			if !tc.framed {
				if q.w != p.w || q.h != p.h {
					t.Errorf("a page filling the photo was cut to %dx%d", q.w, q.h)
				}
				return
			}
			if q.w >= p.w-60 || q.h >= p.h-70 {
				t.Errorf("prepared %dx%d of %dx%d: the table round the page was kept", q.w, q.h, p.w, p.h)
			}
			// Its ring is paper, and the letters' soft edges stay light.
			if a := ringMedian(q); a < 200 {
				t.Errorf("the prepared page's ring is %d, not paper", a)
			}
			if rep.Rotation != 0 || rep.Skew != 0 || rep.Scale != 1 {
				t.Fatalf("report %+v: want the page neither turned nor enlarged", rep)
			}
			light := 0
			for _, e := range edges {
				u, v := e.X-int(rep.cropX), e.Y-int(rep.cropY)
				if u >= 0 && v >= 0 && u < q.w && v < q.h && q.pix[v*q.w+u] >= 128 {
					light++
				}
			}
			if 2*light < len(edges) {
				t.Errorf("%d of the letters' %d soft edges light: the stretch blackened them", light, len(edges))
			}
			// The letters are where they were: the prepared image's corner
			// is a margin above and left of the print's on the photo.
			if x, y := rep.ToPage(0, 0); x < 120 || x > 200 || y < 80 || y > 160 {
				t.Errorf("the prepared image's corner maps to (%.0f, %.0f) on the photo", x, y)
			}
		})
	}
}

func ringMedian(p plane) int {
	d := max(2, min(p.w, p.h)/50)
	var h [256]int
	for y := 0; y < p.h; y++ {
		for x := 0; x < p.w; x++ {
			if x < d || y < d || x >= p.w-d || y >= p.h-d {
				h[p.pix[y*p.w+x]]++
			}
		}
	}
	return int(percentile(h, 0.5))
}
