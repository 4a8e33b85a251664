package scanprep

// A table ruled on every cell: rules across and down the page, at least
// minGridRules of each. A box round a field, a page's border or lines
// under values make fewer; a table of even one row under its headings
// makes three across and one more down than it has columns.
const minGridRules = 3

// ruledGrid reports whether p, a prepared page reduced for measuring,
// prints a table ruled on every cell (see Report.Ruled), and where its
// rules run: across (their rows, top to bottom) and down (their columns,
// left to right), in p's pixels. capital is the height of its print's
// capitals in p's pixels, and blur the width over which its print's
// edges rise from paper to ink (see edgeWidth), in p's pixels.
//
// A rule is a run of thin ink (no deeper across it than a third of a
// capital: not a letter's stem, a filled band or a photo) along rows (or
// columns), in a band of three rows so that a rule a little off straight
// runs on, broken by nothing wider than a crossing rule. Runs across
// must be longer than a word's touching letters (six capitals), runs
// down longer than print's strokes ever stand (three capitals: a table
// of one row under its headings is barely more). Adjacent rows holding
// one are one rule. A scan's blur widens a rule by its edges on either
// side: a 1-point rule scanned at 110-130 dpi and drawn at 300 stands
// 12 pixels deep where the print's capitals are 34 high, and the tables
// of sample forms so scanned (a TB test's, a fit test's, a background
// check's) were found only allowing for it.
func ruledGrid(p plane, capital, blur float64) (across, down []int, ok bool) {
	if capital <= 0 || p.w < 3 || p.h < 3 {
		return nil, nil, false
	}
	thr, _, paperLv := otsu(histogram(p.pix))
	if paperLv-float64(thr) < 20 {
		return nil, nil, false
	}
	// A rule's grey edges and a thin rule's whole width are lighter than
	// the print's threshold: half way to the paper counts as ink here.
	cut := uint8((float64(thr) + paperLv) / 2)
	ink := make([]bool, len(p.pix))
	for i, v := range p.pix {
		ink[i] = v <= cut
	}
	thick := max(2, int(capital/3+blur))
	across = rulesAt(ruledRows(thinInk(ink, p.w, p.h, false, thick), p.w, p.h, int(6*capital), thick))
	if len(across) < minGridRules {
		return nil, nil, false
	}
	down = rulesAt(ruledCols(thinInk(ink, p.w, p.h, true, thick), p.w, p.h, int(3*capital), thick))
	if len(down) < minGridRules {
		return nil, nil, false
	}
	return across, down, true
}

// thinInk keeps the ink of a w×h mask no deeper than thick down the
// page (or across it, when across).
func thinInk(ink []bool, w, h int, across bool, thick int) []bool {
	d := runDepths(ink, w, h, across)
	out := make([]bool, len(ink))
	for i, v := range ink {
		out[i] = v && int(d[i]) <= thick
	}
	return out
}

// ruledRows marks the rows of a w×h mask holding a run of ink at least
// minLen long, gaps of up to gap pixels bridged, in the band of the row
// and its two neighbours.
func ruledRows(ink []bool, w, h, minLen, gap int) []bool {
	out := make([]bool, h)
	for y := 1; y+1 < h; y++ {
		run, off := 0, 0
		for x := 0; x < w; x++ {
			i := y*w + x
			if ink[i] || ink[i-w] || ink[i+w] {
				run, off = run+off+1, 0
				if run >= minLen {
					out[y] = true
					break
				}
			} else if off++; off > gap {
				run, off = 0, 0
			}
		}
	}
	return out
}

// ruledCols is ruledRows down the columns, computed row by row (a
// column at a time reads memory a row apart).
func ruledCols(ink []bool, w, h, minLen, gap int) []bool {
	out := make([]bool, w)
	run := make([]int, w)
	off := make([]int, w)
	for y := 0; y < h; y++ {
		row := ink[y*w : (y+1)*w]
		for x := 1; x+1 < w; x++ {
			if row[x] || row[x-1] || row[x+1] {
				run[x], off[x] = run[x]+off[x]+1, 0
				if run[x] >= minLen {
					out[x] = true
				}
			} else if off[x]++; off[x] > gap {
				run[x], off[x] = 0, 0
			}
		}
	}
	return out
}

// rulesAt returns the middle of each run of marked rows (or columns):
// each is one rule.
func rulesAt(marked []bool) []int {
	var at []int
	start := -1
	for i := 0; i <= len(marked); i++ {
		on := i < len(marked) && marked[i]
		switch {
		case on && start < 0:
			start = i
		case !on && start >= 0:
			at = append(at, (start+i-1)/2)
			start = -1
		}
	}
	return at
}
