package scanprep

import (
	"math"
	"testing"
)

// capitalsCard lays out glyph boxes as a card printed in capitals and
// digits alone (no ascender stands out of its line) on a w×h image:
// each line's words, as letter counts, from x (flush left), or centred
// on the card when x < 0.
func capitalsCard(w int, rows [][]int, x int) []box {
	const gh, gw, gap, space, lead = 20, 14, 4, 12, 40
	var gs []box
	for i, words := range rows {
		n := 0
		for _, l := range words {
			n += l*(gw+gap) - gap + space
		}
		n -= space
		x0 := x
		if x < 0 {
			x0 = (w - n) / 2
		}
		y := 60 + i*lead
		for _, l := range words {
			for range l {
				gs = append(gs, box{x0: x0, y0: y, x1: x0 + gw, y1: y + gh, n: gw * gh / 3})
				x0 += gw + gap
			}
			x0 += space - gap
		}
	}
	return gs
}

// turnBoxes turns boxes on a w×h image clockwise by quarter×90 degrees.
func turnBoxes(gs []box, w, h, quarter int) []box {
	out := make([]box, len(gs))
	for i, b := range gs {
		switch quarter % 4 {
		case 1:
			b = box{x0: h - b.y1, y0: b.x0, x1: h - b.y0, y1: b.x1, n: b.n}
		case 2:
			b = box{x0: w - b.x1, y0: h - b.y1, x1: w - b.x0, y1: h - b.y0, n: b.n}
		case 3:
			b = box{x0: b.y0, y0: w - b.x1, x1: b.y1, y1: w - b.x0, n: b.n}
		}
		out[i] = b
	}
	return out
}

// TestOrientationOfCapitals: print in capitals and digits alone has no
// ascenders to tell its way up; set flush left, as a card's labels and
// values are, the runs' starts line up and their ends do not, which
// tells it turned any way. Centred print tells nothing and is left as
// found, for its OCR to confirm.
func TestOrientationOfCapitals(t *testing.T) {
	const w, h = 1000, 640
	card := [][]int{{5, 8}, {7, 7}, {2, 3, 12}, {1, 3, 10}, {2, 3, 10}, {1, 4}, {1, 5, 1}, {1, 4, 1, 2}, {6, 2, 5}}
	left := capitalsCard(w, card, 60)
	centred := capitalsCard(w, card, -1)
	cases := []struct {
		name     string
		gs       []box
		w, h     int
		rotation int
		sure     bool
	}{
		{"flush left upright", left, w, h, 0, true},
		{"flush left upside down", turnBoxes(left, w, h, 2), w, h, 180, true},
		{"flush left turned clockwise", turnBoxes(left, w, h, 1), h, w, 270, true},
		{"flush left turned anticlockwise", turnBoxes(left, w, h, 3), h, w, 90, true},
		{"centred upright", centred, w, h, 0, false},
		{"centred upside down, left as found", turnBoxes(centred, w, h, 2), w, h, 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l, ok := findLines(tc.gs, 10)
			if !ok {
				t.Fatal("no lines found")
			}
			if l.evidence != 0 {
				t.Fatalf("ascenders counted %d, want none in capitals", l.evidence)
			}
			rho, sure := orientation(measures{lines: l, found: true})
			if got := (int(math.Round(rho/90))*90%360 + 360) % 360; got != tc.rotation || sure != tc.sure {
				t.Errorf("rotation %d (sure %v; runs aligned at their start %d, end %d), want %d (sure %v)", got, sure, l.starts, l.ends, tc.rotation, tc.sure)
			}
		})
	}
}
