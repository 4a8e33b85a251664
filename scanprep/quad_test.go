package scanprep

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
)

// synthPhoto draws a bright card with dark print (its top tenth a dark
// band) on a textured darker table, its corners at q.
func synthPhoto(w, h int, q quad, seed uint64) plane {
	r := rand.New(rand.NewPCG(seed, 1))
	p := newPlane(w, h)
	m := homography(q)
	// Inside the card: on the inner side of all four edges (clockwise).
	inside := func(x, y float64) bool {
		for i := range q {
			a, b := q[i], q[(i+1)%4]
			if (b.x-a.x)*(y-a.y)-(b.y-a.y)*(x-a.x) < 0 {
				return false
			}
		}
		return true
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := 70 + 10*math.Sin(float64(x)*0.05) + r.NormFloat64()*4
			if inside(float64(x)+0.5, float64(y)+0.5) {
				v = 225 + r.NormFloat64()*3
			}
			p.pix[y*w+x] = clamp(float32(v))
		}
	}
	// Print: rows of dark blocks in card coordinates, and a dark band
	// along the top.
	for j := 0; j < 400; j++ {
		for i := 0; i < 600; i++ {
			u, v := float64(i)/600, float64(j)/400
			dark := v < 0.1 && v > 0.02 && u > 0.02 && u < 0.98
			if v > 0.25 && v < 0.9 && u > 0.1 && u < 0.9 && int(v*40)%4 == 0 && int(u*60)%3 != 0 {
				dark = true
			}
			if !dark {
				continue
			}
			z := m[6]*u + m[7]*v + m[8]
			x, y := int((m[0]*u+m[1]*v+m[2])/z), int((m[3]*u+m[4]*v+m[5])/z)
			if x >= 0 && y >= 0 && x < w && y < h {
				p.pix[y*w+x] = 40
			}
		}
	}
	return p
}

func TestFindCardCorners(t *testing.T) {
	cases := []struct {
		name string
		q    quad
	}{
		{"square on", quad{{200, 150}, {1000, 150}, {1000, 650}, {200, 650}}},
		{"turned 8°", quad{{230, 120}, {1020, 231}, {950, 725}, {160, 614}}},
		{"far edge shorter (tilted camera)", quad{{300, 160}, {900, 160}, {1050, 660}, {150, 660}}},
		{"tilted and turned", quad{{260, 200}, {880, 130}, {1080, 600}, {180, 700}}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := synthPhoto(1200, 900, tc.q, uint64(i+1))
			c, ok := findCard(p)
			if !ok {
				t.Fatal("no card found")
			}
			for j := range c.q {
				if d := math.Hypot(c.q[j].x-tc.q[j].x, c.q[j].y-tc.q[j].y); d > 0.012*1500 {
					t.Errorf("corner %d at %.0f,%.0f, want %.0f,%.0f (%.0f px off)", j, c.q[j].x, c.q[j].y, tc.q[j].x, tc.q[j].y, d)
				}
			}
		})
	}
}

// TestFindCardNeedsATable: a page whose border is paper (every scan) is
// never searched, even with a frame printed on it; and a card on a table
// the same brightness as it is not found (left as it is, not guessed).
func TestFindCardNeedsATable(t *testing.T) {
	p := newPlane(1200, 900)
	for i := range p.pix {
		p.pix[i] = 235
	}
	// A printed frame, like a certificate's.
	for y := 100; y < 800; y++ {
		for x := 100; x < 1100; x++ {
			if x < 110 || x >= 1090 || y < 110 || y >= 790 {
				p.pix[y*p.w+x] = 30
			}
		}
	}
	if _, ok := findCard(p); ok {
		t.Error("a frame printed on a page was taken for a card on a table")
	}
	light := synthPhoto(1200, 900, quad{{200, 150}, {1000, 150}, {1000, 650}, {200, 650}}, 9)
	for i, v := range light.pix {
		if v < 120 && v > 50 {
			light.pix[i] = 222 // the table as light as the card
		}
	}
	if _, ok := findCard(light); ok {
		t.Error("a card on a table as light as it was found")
	}
}

// TestPrepareStraightensCardPhotos: phone photos of cards come back as the
// card alone, card-shaped; scans are never taken for photos.
func TestPrepareStraightensCardPhotos(t *testing.T) {
	needTools(t)
	e := New(Config{})
	cases := []struct {
		name    string
		docType string
		photo   *sampledocs.PhotoOptions
		scan    *sampledocs.ScanOptions
		want    bool
	}{
		{"license, tilted and turned", "drivers_license", &sampledocs.PhotoOptions{}, nil, true},
		{"license, small photo", "drivers_license", &sampledocs.PhotoOptions{Width: 1000}, nil, true},
		{"license, from above", "drivers_license", &sampledocs.PhotoOptions{TiltDegrees: -1, Square: true, Shadow: -1}, nil, true},
		{"passport card", "passport", &sampledocs.PhotoOptions{TurnDegrees: -6}, nil, true},
		{"social security card", "social_security_card", &sampledocs.PhotoOptions{TiltDegrees: 30}, nil, true},
		{"license scan", "drivers_license", nil, &sampledocs.ScanOptions{}, false},
		{"license scan skewed 5°", "drivers_license", nil, &sampledocs.ScanOptions{SkewDegrees: 5}, false},
		{"resume scan on its side", "resume", nil, &sampledocs.ScanOptions{Rotate: 90}, false},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			img, err := ReadPGM(raster(t, tc.docType, uint64(500+i), tc.scan, tc.photo))
			if err != nil {
				t.Fatal(err)
			}
			out, rep := e.Prepare(img)
			if rep.Perspective != tc.want {
				t.Fatalf("perspective %v, want %v: %+v", rep.Perspective, tc.want, rep)
			}
			if !tc.want {
				return
			}
			// The card alone: card-shaped (ID-1 is 1.59:1; seen at an
			// angle, its height comes out shorter), a fraction of the
			// photo.
			w, h := rep.PageSize()
			if ratio := float64(w) / float64(h); ratio < 1.3 || ratio > 2.3 {
				t.Errorf("card %dx%d (%.2f:1)", w, h, ratio)
			}
			if out.Bounds().Dx() >= img.Bounds().Dx() && rep.Scale == 1 {
				t.Errorf("prepared %v from a photo of %v: not cropped to the card", out.Bounds().Size(), img.Bounds().Size())
			}
		})
	}
}

// TestFindCardOnLightTable: a card photographed on a light desk (the
// table 0.8 of the paper's brightness, no darker) is found as on a dark
// one; a card lying on a flatbed's grey lid as light, small on its letter
// page, is no photo.
func TestFindCardOnLightTable(t *testing.T) {
	want := quad{{230, 120}, {1020, 231}, {950, 725}, {160, 614}}
	p := synthPhoto(1200, 900, want, 3)
	for i, v := range p.pix {
		if v < 120 && v > 50 {
			p.pix[i] = v + 110 // the table at 170-190 round the card's 225
		}
	}
	c, ok := findCard(p)
	if !ok {
		t.Fatal("a card on a light table was not found")
	}
	for j := range c.q {
		if d := math.Hypot(c.q[j].x-want[j].x, c.q[j].y-want[j].y); d > 0.012*1500 {
			t.Errorf("corner %d at %.0f,%.0f, want %.0f,%.0f (%.0f px off)", j, c.q[j].x, c.q[j].y, want[j].x, want[j].y, d)
		}
	}
	lid := newPlane(850, 1100)
	for i := range lid.pix {
		lid.pix[i] = 185
	}
	for y := 300; y < 510; y++ {
		for x := 380; x < 717; x++ {
			lid.pix[y*lid.w+x] = 225
			if y > 340 && y < 480 && x > 400 && x < 700 && (y/6)%3 == 0 && (x/5)%3 != 0 {
				lid.pix[y*lid.w+x] = 40
			}
		}
	}
	if _, ok := findCard(lid); ok {
		t.Error("a card on a flatbed's grey lid was taken for a photo")
	}
}
