package extract

import (
	"slices"
	"strings"
)

// mergedNumberHeight is how much taller than its street's words a street
// number's box stands where OCR read a caption printed over or under it
// into it: a card's field number "8" over "77" came as one "7" twice the
// height of "LOCUST ST". Such a box read at mergedNumberSure or more is
// read whole (Washington's "6018" under its 8, at 97); below it, the
// merge cost digits ("7" at 78).
const (
	mergedNumberHeight = 1.6
	mergedNumberSure   = 90
)

// streetNumberDoubtful reports that a scanned card's street number was
// read unsurely, or from a box far taller than the street's other words
// short of mergedNumberSure:
// the number may have lost or gained a digit ("7 LOCUST ST" for 77), and
// an address with another house number is a wrong address, worse than
// none. Text layers and numbers read as tall as their words are left.
func (r *reading) streetNumberDoubtful(street string) bool {
	ws := strings.Fields(street)
	if len(ws) < 2 || !r.scanned() {
		return false
	}
	for _, p := range r.pages {
		for i, w := range p.Words {
			if w.Text != ws[0] || i+1 >= len(p.Words) || p.Words[i+1].Text != ws[1] || p.Words[i+1].Line != w.Line {
				continue
			}
			if w.Confidence < 100*confSurePass {
				return true
			}
			var hs []float64
			for k, o := range p.Words {
				if k != i && o.Line == w.Line && o.Block == w.Block {
					hs = append(hs, o.Box.Y1-o.Box.Y0)
				}
			}
			slices.Sort(hs)
			if len(hs) > 0 && w.Box.Y1-w.Box.Y0 > mergedNumberHeight*hs[len(hs)/2] && w.Confidence < mergedNumberSure {
				return true
			}
		}
	}
	return false
}
