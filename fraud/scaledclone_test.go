package fraud

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// scPage draws a small grey page, seeded: a seal (two rings, ticks of
// uneven length round them), a signature's stroke, rows of one repeated
// glyph (print repeats itself at one size), a band of evenly spaced
// diagonal rules (a pattern), and the scanner's grain over all.
func scPage(seed uint64) *image.Gray {
	const w, h = 900, 1100
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = 236
	}
	r := rand.New(rand.NewPCG(seed, 35))
	dot := func(x, y, rad float64, v uint8) {
		for yy := int(y - rad); yy <= int(y+rad)+1; yy++ {
			for xx := int(x - rad); xx <= int(x+rad)+1; xx++ {
				if (float64(xx)-x)*(float64(xx)-x)+(float64(yy)-y)*(float64(yy)-y) <= rad*rad && image.Pt(xx, yy).In(g.Rect) {
					g.Pix[yy*g.Stride+xx] = v
				}
			}
		}
	}
	// The seal round (200, 250).
	for a := 0.0; a < 2*math.Pi; a += 0.004 {
		dot(200+80*math.Cos(a), 250+80*math.Sin(a), 1.6, 60)
		dot(200+62*math.Cos(a), 250+62*math.Sin(a), 1.2, 60)
	}
	for k := 0; k < 30; k++ {
		a, l := float64(k)*2*math.Pi/30, 8+14*r.Float64()
		for t := 0.0; t < l; t += 0.5 {
			dot(200+(64+t)*math.Cos(a), 250+(64+t)*math.Sin(a), 1.3, 40)
		}
	}
	for k := 0; k < 12; k++ {
		dot(170+60*r.Float64(), 220+60*r.Float64(), 3+4*r.Float64(), 90)
	}
	// The signature.
	// The signature: loops of random size, one letter after another.
	for l := 0; l < 9; l++ {
		rx, ry, ph := 5+8*r.Float64(), 8+14*r.Float64(), r.Float64()*6
		for t := 0.0; t < 2*math.Pi; t += 0.02 {
			dot(450+float64(l)*24+12*t/(2*math.Pi)+rx*math.Cos(t+ph), 900+ry*math.Sin(t+ph)+4*float64(l%3), 1.5, 30)
		}
	}
	// Rows of one glyph.
	for y := 560; y < 700; y += 28 {
		for x := 80; x < 820; x += 22 {
			for t := 0.0; t < 14; t += 0.5 {
				dot(float64(x)+t*0.6, float64(y)+t, 1.2, 20)
				dot(float64(x)+8-t*0.6, float64(y)+t, 1.2, 20)
			}
		}
	}
	// Diagonal rules.
	for y := 740; y < 820; y++ {
		for x := 80; x < 820; x++ {
			if (x+y)%9 < 2 {
				g.Pix[y*g.Stride+x] = 190
			}
		}
	}
	for i := range g.Pix {
		g.Pix[i] = uint8(max(0, min(255, float64(g.Pix[i])+r.NormFloat64()*2)))
	}
	return g
}

// scClone copies src to at, resized by k (Catmull-Rom).
func scClone(g *image.Gray, src image.Rectangle, at image.Point, k float64) *image.Gray {
	out := image.NewGray(g.Rect)
	copy(out.Pix, g.Pix)
	dst := image.Rectangle{Min: at, Max: at.Add(image.Pt(int(float64(src.Dx())*k), int(float64(src.Dy())*k)))}
	xdraw.CatmullRom.Scale(out, dst, g, src, xdraw.Src, nil)
	return out
}

func TestFindScaledClone(t *testing.T) {
	page := scPage(1)
	seal := image.Rect(110, 160, 290, 340)
	sig := image.Rect(440, 870, 680, 935)
	tests := []struct {
		name  string
		img   *image.Gray
		scale float64 // 0: none found
		near  image.Rectangle
	}{
		{"a clean page", page, 0, image.Rectangle{}},
		{"another clean page", scPage(2), 0, image.Rectangle{}},
		{"the seal cloned at 104%", scClone(page, seal, image.Pt(560, 300), 1.04), 1.04, image.Rect(560, 300, 747, 487)},
		{"the seal cloned at 96%", scClone(page, seal, image.Pt(560, 300), 0.96), 0.96, image.Rect(560, 300, 733, 473)},
		{"the signature cloned at 95%", scClone(page, sig, image.Pt(300, 1000), 0.95), 0.95, image.Rect(300, 1000, 528, 1062)},
		// At one to one a copy is findCopyMove's, which asks for its
		// grain; a drift of 1.5% is a pattern's in a photo.
		{"the seal cloned at 100%", scClone(page, seal, image.Pt(560, 300), 1), 0, image.Rectangle{}},
		{"the seal cloned at 101.5%", scClone(page, seal, image.Pt(560, 300), 1.015), 0, image.Rectangle{}},
		// The glyph's rows and the rules repeat in place, at one size.
		{"the glyph rows cloned at 104%", scClone(page, image.Rect(80, 560, 300, 650), image.Pt(500, 420), 1.04), 0, image.Rectangle{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := findScaledClone(luma{pix: tt.img.Pix, stride: tt.img.Stride, w: tt.img.Rect.Dx(), h: tt.img.Rect.Dy()})
			if tt.scale == 0 {
				if c != nil {
					t.Fatalf("found %+v", *c)
				}
				return
			}
			if c == nil {
				t.Fatal("not found")
			}
			if math.Abs(c.Scale-tt.scale) > 0.01 || !c.Target.Overlaps(tt.near) {
				t.Fatalf("found %+v, want scale %.2f over %v", *c, tt.scale, tt.near)
			}
		})
	}
}
