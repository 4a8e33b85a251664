package fraud

import (
	"image"
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/clearedtostart/compliance/pagetext"
)

// A value typed over on a page that was then scanned or photographed (a
// white box and a new date typed on it by eye, printed and scanned)
// leaves no text layer to read its font or baseline from: what is left
// is its print. A form prints each label and its value on one baseline
// (or, in two faces, at one offset every row repeats); a value retyped
// by eye stands a point or so above or below it, while the page's other
// rows keep theirs. The scan's blur, grain and resolution touch label and
// value alike, and its turn is measured from the page's lines and taken
// out. The glyphs' size and weight would tell another face too, but
// measured on a scan they vary with the letters a word holds far more
// than a forger's face changes them: they are left out.

// glyphPrint is one OCR word's print measured on the picture, in
// samples: the height of its tall glyphs (capitals, digits, ascenders),
// its baseline, and its middle across.
type glyphPrint struct {
	w                pagetext.Word
	height, base, cx float64
}

// measureGlyphs measures a word's print in r (samples): the ink is what
// is darker than halfway from the paper (the 90th percentile around it)
// to the ink (the 3rd); each column of ink has a top and a bottom; the
// baseline is the median bottom (descenders are a minority of columns),
// the tall glyphs' height the 80th percentile of the columns' (a column's
// own height, which a turned sheet hardly changes). False for a faint or
// tiny word.
func measureGlyphs(plane luma, r image.Rectangle) (glyphPrint, bool) {
	e := max(2, r.Dy()/4)
	outer := r.Inset(-e).Intersect(image.Rect(0, 0, plane.w, plane.h))
	r = r.Intersect(outer)
	if r.Dx() < 6 || r.Dy() < 6 || outer.Dx()*outer.Dy() > 200000 {
		return glyphPrint{}, false
	}
	at := func(x, y int) int { return int(plane.pix[y*plane.stride+x]) }
	paper, ink := plane.paperAndInk(outer, r)
	if paper-ink < 60 {
		return glyphPrint{}, false
	}
	t := (paper + ink) / 2
	// Columns are searched over the box widened up and down: OCR's box
	// is the ink's, give or take a sample or two.
	ys, ye := max(outer.Min.Y, r.Min.Y-e/2), min(outer.Max.Y, r.Max.Y+e/2)
	var heights, bottoms []float64
	for x := r.Min.X; x < r.Max.X; x++ {
		top, bottom := -1, -1
		for y := ys; y < ye; y++ {
			if at(x, y) < t {
				if top < 0 {
					top = y
				}
				bottom = y
			}
		}
		if top >= 0 {
			heights = append(heights, float64(bottom-top+1))
			bottoms = append(bottoms, float64(bottom))
		}
	}
	if len(heights) < 4 {
		return glyphPrint{}, false
	}
	sort.Float64s(heights)
	sort.Float64s(bottoms)
	base := bottoms[len(bottoms)/2]
	height := heights[len(heights)*80/100]
	return glyphPrint{height: height, base: base, cx: float64(r.Min.X+r.Max.X) / 2}, true
}

// paperAndInk are the paper's level around a word (the 90th percentile
// of outer, the word's box widened) and its ink's (the 3rd of r, the
// box itself).
func (p luma) paperAndInk(outer, r image.Rectangle) (paper, ink int) {
	outerHist, inkHist := p.histogram(outer), p.histogram(r)
	return percentile(&outerHist, outer.Dx()*outer.Dy(), 90), percentile(&inkHist, r.Dx()*r.Dy(), 3)
}

// histogram counts the plane's samples in r by value.
func (p luma) histogram(r image.Rectangle) (h [256]int) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for _, v := range p.pix[y*p.stride+r.Min.X : y*p.stride+r.Max.X] {
			h[v]++
		}
	}
	return h
}

func percentile(h *[256]int, n, q int) int {
	c := 0
	for v := 0; v < 256; v++ {
		if c += h[v]; c*100 >= n*q {
			return v
		}
	}
	return 255
}

// printRow is one printed line split into its label and its value: the
// words up to one ending in a colon, or before the line's widest gap.
type printRow struct {
	label, value []glyphPrint
}

// rel is a row's value against its label: its baseline's offset in
// label heights (the page's turn taken out).
type rel struct {
	base float64
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

func (r printRow) rel(slope float64) rel {
	var lh, lb, vb []float64
	for _, g := range r.label {
		lh, lb = append(lh, g.height), append(lb, g.base-slope*g.cx)
	}
	for _, g := range r.value {
		vb = append(vb, g.base-slope*g.cx)
	}
	return rel{base: (median(vb) - median(lb)) / median(lh)}
}

// skew is the page's turn as the slope of its lines' baselines (samples
// down per sample across), the median of the lines of three or more
// words measured.
func skew(lines [][]glyphPrint) float64 {
	var slopes []float64
	for _, gs := range lines {
		var xs, ys []float64
		for _, g := range gs {
			if g.height > 0 {
				xs, ys = append(xs, g.cx), append(ys, g.base)
			}
		}
		if len(xs) < 3 {
			continue
		}
		var mx, my float64
		for i := range xs {
			mx, my = mx+xs[i], my+ys[i]
		}
		mx, my = mx/float64(len(xs)), my/float64(len(xs))
		var sxy, sxx float64
		for i := range xs {
			sxy += (xs[i] - mx) * (ys[i] - my)
			sxx += (xs[i] - mx) * (xs[i] - mx)
		}
		if sxx > 0 {
			slopes = append(slopes, sxy/sxx)
		}
	}
	if len(slopes) < 3 {
		return 0
	}
	return median(slopes)
}

// tallGlyphs: a word whose print shows capitals, digits or ascenders
// (its measured height is theirs, not the x-height of lower case alone).
func tallGlyphs(s string) bool {
	for _, c := range s {
		if unicode.IsUpper(c) || unicode.IsDigit(c) || strings.ContainsRune("bdfhklt", c) {
			return true
		}
	}
	return false
}

// checkTypedOverPrint compares, on each scanned page of the document's
// first (or of a short upload), where the rows holding the document's
// dates and names print their values against their labels' baselines
// with where the page's other labelled rows print theirs.
func checkTypedOverPrint(d *doc, s *signals) { onScannedFactPages(d, s, typedOverPrint) }

// typedOverPrint measures every word's print, straightens the page's
// turn out of the baselines (a photo's or a scan's sheet is seldom
// square), and flags a fact's value off its label's baseline where every
// other labelled row keeps its own on it.
func typedOverPrint(s *signals, im docImage, plane luma, size image.Point, p pagetext.Page, f facts) {
	b, sx, sy, ok := toSamples(im, size)
	if !ok {
		return
	}
	var lines [][]glyphPrint
	for _, line := range visualLines(p) {
		var gs []glyphPrint
		for _, w := range line {
			r := sampleRect(w.Box, b, sx, sy)
			g, _ := measureGlyphs(plane, r)
			g.w = w
			gs = append(gs, g)
		}
		lines = append(lines, gs)
	}
	slope := skew(lines)
	var rows []printRow
	for _, gs := range lines {
		rows = append(rows, splitRows(gs)...)
	}
	var rels []rel
	var kept []printRow
	for _, r := range rows {
		if !formRow(r) {
			continue
		}
		rl := r.rel(slope)
		rels, kept = append(rels, rl), append(kept, r)
	}
	for i, r := range kept {
		v := run{words: wordsOf(r.value)}
		kind := f.kind(v)
		if kind == "" && datePattern.MatchString(v.text()) {
			// A date the reading did not take (OCR misread a digit of
			// the one typed over) is a date still.
			kind = "date"
		}
		if kind != "date" && kind != "name" {
			continue
		}
		var others []float64
		for j, o := range rels {
			if j != i {
				others = append(others, o.base)
			}
		}
		if len(others) < offPrintRows {
			continue
		}
		med := median(others)
		agree := true
		for _, o := range others {
			agree = agree && math.Abs(o-med) <= offPrintAgree
		}
		off := rels[i].base - med
		if !agree || math.Abs(off) < offPrintLeast {
			continue
		}
		bx := v.box()
		s.addf(CodeBaselineShift, offPrintWeight, &SignalEvidence{Page: im.page, Box: &bx, Text: v.text(), Source: "image", Measure: round1(off * 100)},
			"page %d: the %s %q is printed %.0f%% of its label's height %s its label's baseline on the scan, where the page's %d other labelled rows keep theirs to %.0f%%: typed over by eye",
			im.page, kind, v.text(), math.Abs(off)*100, map[bool]string{true: "above", false: "below"}[off < 0], len(others), offPrintAgree*100)
		return
	}
}

// Thresholds of typedOverPrint: the fewest other labelled rows, how
// closely every one of them keeps its value on its label's baseline, and
// how far off it a fact's value stands (shares of the label's height).
const (
	offPrintRows  = 3
	offPrintAgree = 0.10
	offPrintLeast = 0.26
)

// offPrintWeight flags a document alone at no sensitivity: a scan's
// baseline is measured to a sample or two, and a photo's paper is not
// flat; beside an impossible or altered fact read from the same picture
// it is the edit.
const offPrintWeight = 0.30

// formRow: a label and its value as forms print them: a label of a few
// capitalised words (or ending in a colon) and a value of a few words.
func formRow(r printRow) bool {
	if len(r.value) > 5 || len(r.label) > 4 {
		return false
	}
	if strings.HasSuffix(r.label[len(r.label)-1].w.Text, ":") {
		return true
	}
	for _, g := range r.label {
		if !startsUpper(g.w.Text) {
			return false
		}
	}
	return true
}

func wordsOf(gs []glyphPrint) []pagetext.Word {
	out := make([]pagetext.Word, len(gs))
	for i, g := range gs {
		out[i] = g.w
	}
	return out
}

func words(gs []glyphPrint) string {
	var out []string
	for _, g := range gs {
		out = append(out, g.w.Text)
	}
	return strings.Join(out, " ")
}

// splitRows cuts a line's words into segments at gaps wider than one and
// a half of the line's glyph height, and pairs labels with values: a
// segment's words through one ending in a colon and the words after it,
// or a segment of words with no digits and the segment after it.
func splitRows(gs []glyphPrint) []printRow {
	var hs []float64
	for _, g := range gs {
		if g.height > 0 {
			hs = append(hs, g.w.Box.Height())
		}
	}
	if len(hs) < 2 {
		return nil
	}
	h := median(hs)
	var segs [][]glyphPrint
	start := 0
	for i := 1; i <= len(gs); i++ {
		if i < len(gs) && gs[i].w.Box.X0-gs[i-1].w.Box.X1 < 1.5*h {
			continue
		}
		segs = append(segs, gs[start:i])
		start = i
	}
	var out []printRow
	for k := 0; k < len(segs); k++ {
		seg := segs[k]
		split := -1
		for i, g := range seg[:len(seg)-1] {
			if strings.HasSuffix(g.w.Text, ":") {
				split = i + 1
				break
			}
		}
		switch {
		case split > 0:
			out = append(out, printRow{label: measured(seg[:split]), value: measured(seg[split:])})
		case k+1 < len(segs) && !hasDigit(words(seg)):
			out = append(out, printRow{label: measured(seg), value: measured(segs[k+1])})
			k++
		}
	}
	var kept []printRow
	for _, r := range out {
		if len(r.label) > 0 && len(r.value) > 0 {
			kept = append(kept, r)
		}
	}
	return kept
}

// measured keeps the words whose print was measured and whose height is
// their tall glyphs'.
func measured(gs []glyphPrint) []glyphPrint {
	var out []glyphPrint
	for _, g := range gs {
		if g.height > 0 && alnumCount(g.w.Text) >= 2 && tallGlyphs(g.w.Text) {
			out = append(out, g)
		}
	}
	return out
}
