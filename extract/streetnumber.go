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
// A number read unsurely is doubted where its street's words were read
// surely, unsureNumberGap and more above it.
const (
	mergedNumberHeight = 1.6
	mergedNumberSure   = 90
	unsureNumberGap    = 30
)

// streetNumberDoubtful reports that a scanned card's street number was
// read far less surely than its street's words, or from a box far taller
// than theirs short of mergedNumberSure: the number may have lost or gained a digit ("7 LOCUST ST" for 77), and
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
			var hs, cs []float64
			for k, o := range p.Words {
				if k != i && o.Line == w.Line && o.Block == w.Block && o.Box.X0 > w.Box.X0 {
					// The street's words, not the field number before it.
					hs = append(hs, o.Box.Y1-o.Box.Y0)
					cs = append(cs, o.Confidence)
				}
			}
			slices.Sort(hs)
			slices.Sort(cs)
			if len(cs) > 0 && w.Confidence < 100*confSurePass && w.Confidence+unsureNumberGap < cs[len(cs)/2] {
				// Read far less surely than its street's words: a line
				// read unsurely throughout is the scan's, not the
				// number's.
				return true
			}
			if len(hs) > 0 && w.Box.Y1-w.Box.Y0 > mergedNumberHeight*hs[len(hs)/2] && w.Confidence < mergedNumberSure {
				return true
			}
		}
	}
	return false
}
