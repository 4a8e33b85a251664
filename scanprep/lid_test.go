package scanprep

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// lidScan draws a letter page scanned at 150 dpi: a lid of brightness lid
// (with noise) and, at each of at, a white card 510×320 with rows of dark
// letters, a grey photo and a light guilloche of wavy lines across it.
func lidScan(lid float64, seed uint64, at ...[2]int) plane {
	return cardScan(lid, 250, seed, at...)
}

// cardScan is lidScan with the card's ground of brightness ground.
func cardScan(lid, ground float64, seed uint64, at ...[2]int) plane {
	r := rand.New(rand.NewPCG(seed, 2))
	p := newPlane(1275, 1650)
	for i := range p.pix {
		p.pix[i] = clamp(float32(lid + r.NormFloat64()*3))
	}
	for _, o := range at {
		for y := 0; y < 320; y++ {
			for x := 0; x < 510; x++ {
				v := ground
				switch {
				case x >= 20 && x < 110 && y >= 110 && y < 230:
					v = 120 // the photo
				case x >= 130 && x < 490 && y >= 40 && y < 280 && (y-40)%30 < 12 && (x-130)%12 < 8:
					v = 40 // letters, 8×12, in rows
				case math.Abs(float64(y%40)-20-12*math.Sin(float64(x)/15)) < 1:
					v = 215 // guilloche
				}
				p.pix[(o[1]+y)*p.w+o[0]+x] = clamp(float32(v + r.NormFloat64()*3))
			}
		}
	}
	return p
}

// TestPrepareCardOnAGreyLid: a white card scanned on a flatbed under a
// grey lid comes back on white, its print dark and its guilloche light;
// the card's white does not spread a halo over the lid round it, which
// the contrast stretch then blackened with the guilloche (a license's
// read was garbage). Two cards (a license's two sides) likewise.
func TestPrepareCardOnAGreyLid(t *testing.T) {
	e := New(Config{})
	for _, tc := range []struct {
		name  string
		lid   float64
		cards [][2]int
	}{
		{"one card", 205, [][2]int{{300, 900}}},
		{"front and back", 205, [][2]int{{100, 300}, {640, 1000}}},
		{"a darker lid", 182, [][2]int{{500, 200}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := lidScan(tc.lid, 7, tc.cards...)
			out, rep := e.Prepare(p.gray())
			if rep.Contrast {
				t.Errorf("contrast stretched: %+v", rep)
			}
			q := planeOf(out)
			at := func(x, y int) uint8 { return q.pix[y*q.w+x] }
			var ring, print, guilloche []uint8
			for _, o := range tc.cards {
				// The lid 10-40 pixels round the card's left and right.
				for y := o[1]; y < o[1]+320; y += 4 {
					for d := 10; d < 40; d += 5 {
						ring = append(ring, at(o[0]-d, y), at(o[0]+510+d, y))
					}
				}
				for y := 0; y < 320; y++ {
					for x := 0; x < 510; x++ {
						v := at(o[0]+x, o[1]+y)
						switch {
						case x >= 130 && x < 490 && y >= 40 && y < 280 && (y-40)%30 >= 2 && (y-40)%30 < 10 && (x-130)%12 >= 2 && (x-130)%12 < 6:
							print = append(print, v)
						case (x < 120 || y < 30 || y > 290) && math.Abs(float64(y%40)-20-12*math.Sin(float64(x)/15)) < 0.5:
							guilloche = append(guilloche, v)
						}
					}
				}
			}
			med := func(v []uint8) uint8 { slices.Sort(v); return v[len(v)/2] }
			if m := med(ring); m < 235 {
				t.Errorf("lid round the card at %d, want white (a halo)", m)
			}
			if m := med(print); m > 100 {
				t.Errorf("print at %d, want dark", m)
			}
			if m := med(guilloche); m < 180 {
				t.Errorf("guilloche at %d, want light", m)
			}
		})
	}
}

// TestPrepareTintedCardOnAPage: a pale tinted card (an SSA card's blue)
// on a white page comes back on white: Otsu's threshold, over the page,
// parted the card's ground from the paper, not its print, and a card
// scanned so at 110-130 dpi read no word.
func TestPrepareTintedCardOnAPage(t *testing.T) {
	p := cardScan(238, 212, 8, [2]int{400, 700})
	out, rep := New(Config{}).Prepare(p.gray())
	if !rep.Flattened {
		t.Errorf("not flattened: %+v", rep)
	}
	q := planeOf(out)
	var ground []uint8
	for y := 782; y < 800; y++ {
		for x := 514; x < 527; x++ { // between the photo and the letters
			if v := q.pix[y*q.w+x]; v > 150 {
				ground = append(ground, v)
			}
		}
	}
	slices.Sort(ground)
	if m := ground[len(ground)/2]; m < 235 {
		t.Errorf("card's ground at %d, want white", m)
	}
}

// TestCardsOnLid: the paper's estimate takes two levels only for whiter
// cards lying on an even lid; light falling unevenly, a card on a dark
// table, a page of paper, and whiter patches that are no card's shape are
// not cards on a lid.
func TestCardsOnLid(t *testing.T) {
	const gw, gh = 50, 64
	grid := func(f func(x, y int) float32) []float32 {
		v := make([]float32, gw*gh)
		for i := range v {
			v[i] = f(i%gw, i/gw)
		}
		return v
	}
	in := func(x, y, x0, y0, w, h int) bool { return x >= x0 && x < x0+w && y >= y0 && y < y0+h }
	for _, tc := range []struct {
		name string
		v    []float32
		want bool
	}{
		{"card on a grey lid", grid(func(x, y int) float32 {
			if in(x, y, 10, 30, 20, 13) {
				return 248
			}
			return 205 + float32((x*7+y*3)%5)
		}), true},
		{"two cards on a lighter lid", grid(func(x, y int) float32 {
			if in(x, y, 4, 8, 20, 13) || in(x, y, 26, 40, 20, 13) {
				return 250
			}
			return 228
		}), true},
		{"light falling unevenly", grid(func(x, y int) float32 { return 180 + float32(x) }), false},
		{"card on a dark table", grid(func(x, y int) float32 {
			if in(x, y, 10, 30, 20, 13) {
				return 240
			}
			return 90
		}), false},
		{"a page of paper", grid(func(x, y int) float32 {
			if y < 4 {
				return 60 // a dark header band
			}
			return 245
		}), false},
		{"a whiter diagonal streak", grid(func(x, y int) float32 {
			if d := x - y*gw/gh; d >= 0 && d < 4 {
				return 245
			}
			return 205
		}), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, _, ok := cardsOnLid(tc.v, gw, gh, false); ok != tc.want {
				t.Errorf("card on a lid %v, want %v", ok, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		name string
		v    []float32
		want bool
	}{
		{"a tinted card on a page", grid(func(x, y int) float32 {
			if in(x, y, 12, 20, 21, 13) {
				return 212
			}
			return 238
		}), true},
		{"a shaded band along the page's top", grid(func(x, y int) float32 {
			if y < 10 {
				return 212
			}
			return 238
		}), false},
		{"a shaded square box of a form", grid(func(x, y int) float32 {
			if in(x, y, 10, 20, 16, 16) {
				return 212
			}
			return 238
		}), false},
		{"a white card on a grey lid", grid(func(x, y int) float32 {
			if in(x, y, 10, 30, 20, 13) {
				return 248
			}
			return 205
		}), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, _, ok := cardsOnLid(tc.v, gw, gh, true); ok != tc.want {
				t.Errorf("tinted card on a page %v, want %v", ok, tc.want)
			}
		})
	}
}
