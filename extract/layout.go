package extract

// Reading by layout: where the pages' words are known (pagetext), a
// label's value is found by where it stands on the page rather than by
// character offsets in a line of text, which text layers and OCR both
// flatten (a column gap becomes one space, two boxes of a form one line,
// a value printed in a block of its own another line).
//
// The document's text lines stay what the labels are found in; each line
// is tied to the words of its page that make it (the text is the pages'
// lines joined, so line k of a page is the words of its line k; this is
// checked word for word, and a line that does not match is read by text
// alone). From a label's words, its value is:
//
//   - the words right of it on the same row of the page (across OCR
//     blocks, corrected for a scan's skew), up to the next label, the
//     next unknown "Caption:" or a column gap; a blank or a value of
//     another kind there means the label has none;
//   - else the nearest row under it whose words overlap the label's
//     column, unless that row is the next label (and, where every value
//     is wanted, the table's further rows in that column);
//   - or the nearest row over it, for a caption printed under its value:
//     of a row over and one under, the nearer.
//
// Each way has its confidence (0.95 beside, 0.85 under or far right of a
// label column, 0.75 over), and on OCR pages it is lowered by how surely
// OCR read the value's words; OCR's specks are no part of a value.

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clearedtostart/compliance/pagetext"
)

// Confidence of a value read by layout, by where it stands.
const (
	confBeside = 0.95
	confUnder  = 0.85
	confOver   = 0.75
)

// geometry is a document's words with their boxes, tied to its lines.
type geometry struct {
	words []gword
	// byLine holds each doc line's words, left to right; nil when the
	// line is not tied to a page.
	byLine [][]int
	pages  []gpage
}

// gpage is one page's words.
type gpage struct {
	words []int
	// slope is the page's skew (dy/dx of its text lines): a scan is
	// rarely straight, and 1.5 degrees over a page's width is more than
	// a line's height.
	slope float64
	ocr   bool
}

// gword is one word of a page.
type gword struct {
	text string
	box  pagetext.Box
	conf float64
	page int
	// line is the doc line the word is part of (-1: none), start and end
	// its bytes there.
	line, start, end int
	// pline numbers the page's lines (in the page's own order).
	pline int
	// em is the unit of gaps and distances: a text-layer word's own
	// height (its font size), the median height of an OCR word's line.
	em float64
	// cy is the middle of the word's height, deskewed.
	cy float64
}

func (w *gword) cx() float64 { return (w.box.X0 + w.box.X1) / 2 }

// geometry returns the document's layout, built on first use; nil when
// the document has no pages.
func (d *doc) geometry() *geometry {
	if d.geoDone {
		return d.geo
	}
	d.geoDone = true
	d.geo = buildGeometry(d.lines, d.sep, d.pages)
	return d.geo
}

// hasGeometry reports that line i is tied to the words of its page.
func (d *doc) hasGeometry(i int) bool {
	g := d.geometry()
	return g != nil && i >= 0 && i < len(g.byLine) && len(g.byLine[i]) > 0
}

// scanned reports that line i was read by OCR, whose words may be
// misspelt.
func (d *doc) scanned(i int) bool {
	if !d.hasGeometry(i) {
		return false
	}
	w := d.geo.words[d.geo.byLine[i][0]]
	return d.geo.pages[w.page].ocr
}

// buildGeometry ties the text's lines to the pages' words. Page p's lines
// are looked for between the page separators ("\f" lines) when the text
// has one chunk per page, else anywhere after the previous page's.
func buildGeometry(lines []string, sep []bool, pages []pagetext.Page) *geometry {
	if !slices.ContainsFunc(pages, func(p pagetext.Page) bool { return len(p.Words) > 0 }) {
		return nil
	}
	// The text's chunks between page separators.
	var chunks [][2]int
	from := 0
	for i := range lines {
		if sep[i] {
			chunks = append(chunks, [2]int{from, i})
			from = i + 1
		}
	}
	chunks = append(chunks, [2]int{from, len(lines)})
	perPage := len(chunks) == len(pages)

	g := &geometry{byLine: make([][]int, len(lines))}
	lineFields := make([][]string, len(lines))
	for i, l := range lines {
		lineFields[i] = strings.Fields(l)
	}
	cursor := 0
	for p, page := range pages {
		lo, hi := cursor, len(lines)
		if perPage {
			lo, hi = chunks[p][0], chunks[p][1]
		}
		gp := gpage{}
		for _, w := range page.Words {
			if w.Confidence < 100 {
				gp.ocr = true
				break
			}
		}
		at := lo
		for pl, lw := range pageLines(page) {
			first := len(g.words)
			heights := make([]float64, 0, len(lw))
			for _, w := range lw {
				heights = append(heights, w.Box.Height())
				g.words = append(g.words, gword{text: w.Text, box: w.Box, conf: w.Confidence, page: p, pline: pl, line: -1})
				gp.words = append(gp.words, len(g.words)-1)
			}
			// A text layer's boxes are as high as their font; OCR's are as
			// high as the ink, which differs by letter ("a" and "Ag"): there
			// the line's median is the unit.
			em := median(heights)
			for k := first; k < len(g.words); k++ {
				if !gp.ocr {
					em = g.words[k].box.Height()
				}
				g.words[k].em = max(em, 1)
			}
			// The doc line these words make: the next one (skipping at
			// most a few that no word makes) with the same words.
			for k := at; k < hi && k < at+4; k++ {
				if offs, ok := tieLine(lines[k], lineFields[k], lw); ok {
					for j, o := range offs {
						w := &g.words[first+j]
						if o[0] >= 0 {
							w.line, w.start, w.end = k, o[0], o[1]
							g.byLine[k] = append(g.byLine[k], first+j)
						}
					}
					at = k + 1
					break
				}
			}
		}
		if !perPage {
			cursor = at
		}
		gp.slope = skew(g, gp)
		for _, k := range gp.words {
			w := &g.words[k]
			w.cy = (w.box.Y0+w.box.Y1)/2 - gp.slope*w.cx()
		}
		g.pages = append(g.pages, gp)
	}
	for i, ws := range g.byLine {
		sort.SliceStable(ws, func(a, b int) bool { return g.words[ws[a]].box.X0 < g.words[ws[b]].box.X0 })
		g.byLine[i] = ws
	}
	return g
}

// pageLines returns a page's words line by line in the order the page's
// text was written (text layers and OCR both write a line's words in
// their own order, which the text follows).
func pageLines(p pagetext.Page) [][]pagetext.Word {
	byLine := map[int][]pagetext.Word{}
	var order []int
	for _, w := range p.Words {
		if _, ok := byLine[w.Line]; !ok {
			order = append(order, w.Line)
		}
		byLine[w.Line] = append(byLine[w.Line], w)
	}
	sort.Ints(order)
	out := make([][]pagetext.Word, 0, len(order))
	for _, l := range order {
		out = append(out, byLine[l])
	}
	return out
}

// tieLine finds each word of a page's line in a doc line made of the same
// words (as newDoc rewrote them), returning each word's bytes there
// ({-1,-1} for a word that left nothing, a lone trademark sign).
func tieLine(line string, fields []string, ws []pagetext.Word) ([][2]int, bool) {
	n := 0
	for _, w := range ws {
		n += len(strings.Fields(trademarks.Replace(w.Text)))
	}
	if n != len(fields) || n == 0 {
		return nil, false
	}
	out := make([][2]int, len(ws))
	pos, f := 0, 0
	for j, w := range ws {
		parts := strings.Fields(trademarks.Replace(w.Text))
		if len(parts) == 0 {
			out[j] = [2]int{-1, -1}
			continue
		}
		start := -1
		for _, part := range parts {
			if fields[f] != part {
				return nil, false
			}
			k := strings.Index(line[pos:], part)
			if k < 0 {
				return nil, false
			}
			if start < 0 {
				start = pos + k
			}
			pos += k + len(part)
			f++
		}
		out[j] = [2]int{start, pos}
	}
	return out, true
}

// skew estimates a page's slope from its longer lines: the median of
// their words' drift per point across.
func skew(g *geometry, p gpage) float64 {
	if !p.ocr {
		return 0
	}
	var slopes []float64
	var run []int
	flush := func() {
		if len(run) >= 3 {
			a, b := g.words[run[0]], g.words[run[len(run)-1]]
			if dx := b.cx() - a.cx(); dx > 100 {
				// Least squares over the line's words.
				var sx, sy, sxx, sxy float64
				for _, k := range run {
					w := g.words[k]
					x, y := w.cx(), (w.box.Y0+w.box.Y1)/2
					sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
				}
				n := float64(len(run))
				if den := n*sxx - sx*sx; den > 0 {
					slopes = append(slopes, (n*sxy-sx*sy)/den)
				}
			}
		}
		run = run[:0]
	}
	prevLine := -1
	for _, k := range p.words {
		w := g.words[k]
		if w.pline != prevLine {
			flush()
		}
		prevLine = w.pline
		run = append(run, k)
	}
	flush()
	if len(slopes) < 3 {
		return 0
	}
	s := median(slopes)
	return max(-0.06, min(0.06, s))
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// wideGap is the space between two words that parts columns (or a label's
// cell from the next): about an em on text layers, whose boxes include the
// glyphs' side bearings, more on OCR boxes, which are tight to the ink.
func (g *geometry) wideGap(w *gword) float64 {
	if g.pages[w.page].ocr {
		return 1.4 * w.em
	}
	return 1.0 * w.em
}

// squashed reports that OCR boxed a word far narrower than its letters
// can be: tiny print a poor scan blurred, whose boxes cover part of the
// word, so the gaps beside them say nothing of columns.
func (g *geometry) squashed(w *gword) bool {
	return g.pages[w.page].ocr && w.box.X1-w.box.X0 < 0.3*w.em*float64(utf8.RuneCountInString(w.text))
}

// sameRow reports that two words of a page stand on one row.
func sameRow(a, b *gword) bool {
	return a.page == b.page && math.Abs(a.cy-b.cy) <= 0.45*max(a.em, b.em)
}

// rowText returns the words of the page's row through line i, left to
// right: the line itself, with the words of other lines that stand on
// its row (OCR may read a table's cells as lines of their own). Line i's
// text where it has no layout.
func (d *doc) rowText(i int) string {
	if !d.hasGeometry(i) {
		return d.lines[i]
	}
	g := d.geo
	in := map[int]bool{}
	for _, wi := range g.byLine[i] {
		w := &g.words[wi]
		in[wi] = true
		for _, oj := range g.pages[w.page].words {
			if !in[oj] && sameRow(w, &g.words[oj]) {
				in[oj] = true
			}
		}
	}
	ws := make([]int, 0, len(in))
	for wi := range in {
		ws = append(ws, wi)
	}
	sort.Slice(ws, func(a, b int) bool { return g.words[ws[a]].box.X0 < g.words[ws[b]].box.X0 })
	texts := make([]string, len(ws))
	for k, wi := range ws {
		texts[k] = g.words[wi].text
	}
	return strings.Join(texts, " ")
}

// geoLike reports that the label at [start, end) of line i is placed as
// a label by the layout: a whole word run after a column gap, or before
// one with something after it.
func (d *doc) geoLike(i, start, end int) bool {
	if !d.hasGeometry(i) {
		return false
	}
	g := d.geo
	ws := g.byLine[i]
	a, b := -1, -1
	for k, wi := range ws {
		w := g.words[wi]
		if w.start == start {
			a = k
		}
		if w.end == end || (w.end > end && strings.Trim(d.lines[i][end:w.end], ":#.") == "") {
			b = k
			break
		}
	}
	if a < 0 || b < a {
		return false
	}
	// The label's cell: the run of words around it with no column gap.
	// A rule's stroke OCR read as an unsure word of no letters ("—_"
	// glued before "Lot Number") stands in the gap, not in a cell.
	stroke := func(w *gword) bool {
		return g.pages[w.page].ocr && w.conf < 50 && !strings.ContainsFunc(w.text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
	}
	gapBefore := func(k int) bool {
		p := k - 1
		for p >= 0 && stroke(&g.words[ws[p]]) {
			p--
		}
		return p < 0 || g.words[ws[k]].box.X0-g.words[ws[p]].box.X1 >= g.wideGap(&g.words[ws[k]])
	}
	ca, cb := a, b
	for !gapBefore(ca) {
		ca--
	}
	for cb+1 < len(ws) && !gapBefore(cb+1) {
		cb++
	}
	switch {
	case ca == a && a > 0:
		// It opens a cell after another (the start of the line is
		// labelLike's).
		return true
	case cb == b && a-ca <= 1:
		// It closes a cell it (nearly) fills: a caption, a heading
		// ("Course Card No.").
		return true
	}
	return false
}

// opensCell reports that the word at byte start of line i opens a cell of
// its row: the line's first word, or one after a column gap.
func (d *doc) opensCell(i, start int) bool {
	if !d.hasGeometry(i) {
		return false
	}
	g := d.geo
	ws := g.byLine[i]
	for k, wi := range ws {
		if g.words[wi].start != start {
			continue
		}
		return k == 0 || g.words[wi].box.X0-g.words[ws[k-1]].box.X1 >= g.wideGap(&g.words[wi])
	}
	return false
}

// cellEnd returns where the cell holding position from of line i ends:
// at the first column gap after it (two spaces or more in the text, a
// gap wider than a word space between the words' boxes), or the line's
// end.
func (d *doc) cellEnd(i, from int) int {
	line := d.lines[i]
	end := len(line)
	if loc := columnGap.FindStringIndex(line[from:]); loc != nil && strings.TrimSpace(line[from:from+loc[0]]) != "" {
		end = from + loc[0]
	}
	if !d.hasGeometry(i) {
		return end
	}
	if w := d.gapAt(i, func(w *gword) bool { return w.start >= from }); w != nil {
		return min(end, w.start)
	}
	return end
}

// gapAt returns the first of the words of line i that keep accepts that a
// column gap parts from the one before it, or nil. Tiny print a scan
// blurred (see squashed) parts nothing.
func (d *doc) gapAt(i int, keep func(w *gword) bool) *gword {
	g := d.geo
	prev := -1
	for _, wi := range g.byLine[i] {
		w := &g.words[wi]
		if !keep(w) {
			continue
		}
		if prev >= 0 && w.box.X0-g.words[prev].box.X1 >= g.wideGap(w) && !g.squashed(w) && !g.squashed(&g.words[prev]) {
			return w
		}
		prev = wi
	}
	return nil
}

// spansGap reports that [start, end) of line i runs across a column gap:
// two headings side by side ("Course        Completed"), not one label.
func (d *doc) spansGap(i, start, end int) bool {
	return d.hasGeometry(i) && d.gapAt(i, func(w *gword) bool { return w.end > start && w.start < end }) != nil
}

// labelWords tells, for each word of line i, whether a label placed as
// one starts at it (strong when nothing but a label could stand so: a
// colon after it, a phrase only labels use, the start of its line or
// cell), and whether it lies inside one.
func (d *doc) labelWords(i int) wordLabels {
	if d.wordLabels == nil {
		d.wordLabels = map[int]wordLabels{}
	}
	if wl, ok := d.wordLabels[i]; ok {
		return wl
	}
	wl := wordLabels{starts: map[int]bool{}, strong: map[int]bool{}, inside: map[int]bool{}}
	d.wordLabels[i] = wl
	if !d.hasGeometry(i) {
		return wl
	}
	g := d.geo
	line := d.lines[i]
	ws := g.byLine[i]
	for _, m := range d.labelRow(i) {
		if d.shadowed(i, m.start, m.end, nil) {
			continue
		}
		for k, wi := range ws {
			w := &g.words[wi]
			if w.start == m.start {
				wl.starts[wi] = true
				cellStart := k == 0 || w.box.X0-g.words[ws[k-1]].box.X1 >= g.wideGap(w)
				after := strings.TrimLeft(line[m.end:], " ")
				wl.strong[wi] = cellStart || alwaysLabel(m.text) || strings.HasPrefix(after, ":") ||
					strings.HasPrefix(after, "#") || strings.HasPrefix(after, "=")
			}
			if w.start >= m.start && w.end <= m.end+1 {
				wl.inside[wi] = true
			}
		}
	}
	return wl
}

// wordLabels is what labelWords tells of a line's words.
type wordLabels struct {
	starts, strong, inside map[int]bool
}

// geoPlace says where a value read by layout stood.
type geoPlace int

const (
	placeNone geoPlace = iota
	placeBeside
	placeUnder
	placeOver
)

// geoFound is a value read by layout.
type geoFound struct {
	found
	place geoPlace
	// blocked: something of another kind (or a blank) stands in the
	// label's own cell, so nothing under or over it is its value.
	blocked bool
	// dy is how far under or over the label (or the row before) the
	// value stands, and row a word of its row.
	dy  float64
	row int
	// apart: read beside a label with no colon, in the next cell of its
	// row rather than its own.
	apart bool
	// ocr is the value's own words' OCR factor (see ocrFactor).
	ocr float64
}

// colonAfter reports that a label ending at end is followed by a colon,
// or ends with its own ("Last:", whose colon is part of the label).
func colonAfter(line string, end int) bool {
	return strings.HasSuffix(line[:end], ":") || strings.HasPrefix(strings.TrimLeft(line[end:], " "), ":")
}

// valueByLayout reads the value of the label at sp from the page. ok is
// false when the line is not tied to its page.
func (d *doc) valueByLayout(sp span, f finder, mode lookupMode) (geoFound, bool) {
	if !d.hasGeometry(sp.line) {
		return geoFound{}, false
	}
	g := d.geo
	ref, label, ok := d.labelRef(sp)
	if !ok {
		return geoFound{}, false
	}
	// What of the label's last word is not label: a value glued on
	// ("DOB:06/29/1983").
	from := d.skipTranslations(sp.line, sp.end)
	tail, tailWord := "", -1
	if last := g.words[label[len(label)-1]]; last.end > from {
		tail, tailWord = d.lines[sp.line][from:last.end], label[len(label)-1]
	}

	res := geoFound{}
	across := d.captionAcross(sp)
	if across {
		if mode == beside {
			return res, true
		}
	} else if v, blocked, ok := d.besideLayout(sp, ref, label, tail, tailWord, f); ok {
		v.place = placeBeside
		if v.apart && mode == anywhere {
			// A row of captions over a row of values: what stands in
			// the next cell is the next column's heading ("MI
			// INSTRUCTIONS" over "L  Return in 48 to 72 hours"), or,
			// where OCR lost that heading into the value under it, the
			// next column's value ("4a ISS" over "06/30/2025
			// 12/06/2029"): the value is under the caption where one is.
			if under, ok := d.verticalLayout(sp, ref, label, f, 1); ok &&
				(len(d.labelRow(sp.line)) >= 2 || v.row >= 0 && nearerRow(&g.words[v.row], &ref, &g.words[under.row])) {
				return under, true
			}
		}
		return v, true
	} else if blocked || mode == beside {
		res.blocked = blocked
		return res, true
	}
	if mode != anywhere {
		return res, true
	}
	under, okU := d.verticalLayout(sp, ref, label, f, 1)
	over, okO := geoFound{}, false
	if !colonAfter(d.lines[sp.line], sp.end) {
		// A caption under its value: a label that stands as one (see
		// fromAbove), or any label without a colon whose value is
		// close over it with nothing beside it.
		over, okO = d.verticalLayout(sp, ref, label, f, -1)
		if okO && !d.captionPlace(sp) && over.dy > 2.5*ref.em {
			okO = false
		}
		if okO && !d.geo.pages[ref.page].ocr && ref.em > 1.1*d.geo.words[over.row].em {
			// A caption is no larger than its value: a label printed
			// larger than the line over it heads a section ("Patient"
			// over its own rows), and the line over it is the page's
			// title or the section before. (A text layer's sizes are
			// the fonts'; OCR's heights vary with the letters read.)
			okO = false
		}
	}
	switch {
	case okU && okO:
		// A caption stands closer to its value than to the next field's,
		// and so does a label over its value: the nearer wins, and on a
		// tie the document's way of placing captions.
		switch {
		case over.dy*1.3 < under.dy:
			return over, true
		case under.dy*1.3 < over.dy:
			return under, true
		case d.captionsBelow():
			return over, true
		}
		return under, true
	case okU:
		return under, true
	case okO:
		return over, true
	}
	if across && !d.geo.pages[ref.page].ocr {
		// A caption with no value over or under it is no caption under
		// its value: the page's other captions may stand so, but this
		// one's value is across the gap in its row ("Name      Alvarez,
		// Maria" in a table of two columns). A text layer's words are
		// all there is; on a scan the value over it may be lost.
		if v, _, ok := d.besideLayout(sp, ref, label, tail, tailWord, f); ok {
			v.place = placeBeside
			v.conf *= confUnder
			return v, true
		}
	}
	return res, true
}

// captionGap is how many ems apart from a caption the next word on its
// row stands in another cell (see captionAcross).
const captionGap = 6

// captionAcross reports that the label at sp is a caption under its value
// whose row goes on, a cell apart, with another field's value: on a page
// that prints captions under values, a label with no colon names the
// value over it, and the words across the gap are another field's ("Card
// Holder" beside the instructor's name, whose own caption under it a
// scan may lose). Taking them would give the holder an instructor's name.
func (d *doc) captionAcross(sp span) bool {
	if !d.hasGeometry(sp.line) || colonAfter(d.lines[sp.line], sp.end) || !d.captionsBelow() {
		return false
	}
	g := d.geo
	ref, label, ok := d.labelRef(sp)
	if !ok {
		return false
	}
	right := g.rowRight(ref, label)
	return len(right) > 0 && g.words[right[0]].box.X0-ref.box.X1 > captionGap*ref.em
}

// captionPlace reports that the label at sp may be a caption under its
// value: it stands alone, or in a row of labels (see fromAbove).
func (d *doc) captionPlace(sp span) bool {
	return d.labelOnly(sp.line) && (len(d.labelRow(sp.line)) >= 2 || d.captionsBelow())
}

// noise reports that an OCR word is a speck or a rule's shadow read as
// letters: far lower than the text around it, or a few letters OCR could
// barely read.
func (g *geometry) noise(w *gword, ref *gword) bool {
	if !g.pages[w.page].ocr || !strings.ContainsFunc(w.text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		// Punctuation is rightly low ("-", "."), and kept.
		return false
	}
	return w.box.Height() < 0.4*ref.em || w.conf < 30 && utf8.RuneCountInString(w.text) <= 3
}

// nearerRow reports that word w stands nearer the row of word below
// than the row of word ref, whose row it was read on.
func nearerRow(w, ref, below *gword) bool {
	return math.Abs(w.cy-below.cy) < math.Abs(w.cy-ref.cy)
}

// ruleAcross reports that an OCR word is a table's rule read as one long
// unread or stroked word across the column and far wider than it (a
// skin test's row of eight headings over a rule over its values): it is
// no cell of the column, whose value stands on the row past it. A blank
// to fill in under one caption stays within its column, and still says
// the caption's value is blank.
func ruleAcross(w *gword, col column, em float64) bool {
	if strings.ContainsFunc(w.text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		return false
	}
	width := w.box.X1 - w.box.X0
	return width > max(10*em, 3*(col.hi-col.lo)) && w.box.X0 < col.lo+em && w.box.X1 > col.hi-em
}

// rowRight returns the words right of the reference on its row, left to
// right, leaving out the label's own and OCR's noise.
func (g *geometry) rowRight(ref gword, label []int) []int {
	var out []int
	for _, wi := range g.pages[ref.page].words {
		w := &g.words[wi]
		if slices.Contains(label, wi) || w.box.X0 < ref.box.X1-0.2*ref.em || !sameRow(&ref, w) || g.noise(w, &ref) {
			continue
		}
		out = append(out, wi)
	}
	sort.Slice(out, func(a, b int) bool { return g.words[out[a]].box.X0 < g.words[out[b]].box.X0 })
	return out
}

// overlapped reports that OCR put words the line reads between the label
// and its value inside the label's box, so rowRight left them out: on a
// phone photo Tesseract drew "Outcome:" over "@ Pass", and the value read
// beside it was the "Fail" after them. What the layout shows beside such
// a label is not what stands after it; the line's text decides.
func (g *geometry) overlapped(sp span, ref gword, label, value []int) bool {
	first := g.words[value[0]]
	if first.line != sp.line {
		return false
	}
	for _, wi := range g.pages[ref.page].words {
		w := &g.words[wi]
		if w.line != sp.line || w.start < sp.end || w.start >= first.start || slices.Contains(label, wi) ||
			slices.Contains(value, wi) || g.noise(w, &ref) {
			continue
		}
		if w.box.X0 < ref.box.X1-0.2*ref.em && strings.ContainsFunc(w.text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			return true
		}
	}
	return false
}

// besideLayout reads the value right of the label on its row. blocked
// says the label's own cell holds something that is not a value of this
// kind (a blank, a note), so the value is not to be looked for elsewhere.
func (d *doc) besideLayout(sp span, ref gword, label []int, tail string, tailWord int, f finder) (geoFound, bool, bool) {
	g := d.geo
	right := g.rowRight(ref, label)
	var value []int
	if tailWord >= 0 {
		value = append(value, tailWord)
	}
	prevX := ref.box.X1
	far := false
	ownCell := strings.TrimSpace(strings.Trim(tail, ":#=.-")) != ""
	boxes := false
	// labelAt tells whether a label starts at a word, and whether nothing
	// but a label could stand so.
	labelAt := func(wi int) (start, strong bool) {
		w := g.words[wi]
		if w.line < 0 {
			return false, false
		}
		wl := d.labelWords(w.line)
		return wl.starts[wi], wl.strong[wi]
	}
	// Options with check boxes are one answer however widely spaced:
	// "PASS  X FAIL", "[ ] Negative   [X] Positive".
	for _, wi := range right {
		if _, strong := labelAt(wi); strong {
			break
		}
		if checkMark(g.words[wi].text) {
			boxes = true
		}
	}
	// A ruled table's rule read as a bar ("Collected | Reported") parts
	// the label's cell from the next: what stands past it is the label's
	// own only after a colon, as across a wide gap.
	barred := len(right) > 0 && cellRule(g.words[right[0]].text)
	if barred {
		prevX, right = g.words[right[0]].box.X1, right[1:]
	}
	for n, wi := range right {
		w := &g.words[wi]
		gap := w.box.X0 - prevX
		if n == 0 {
			// The value may stand well apart from its label (a form's
			// label column), but not past half the page.
			if gap > 0.45*d.pageWidth(ref.page) {
				break
			}
			far = gap > 15*ref.em
			// What follows a label's colon, or a blank rule after it, is
			// the label's own however far.
			if gap < g.wideGap(&ref) && !barred || colonAfter(d.lines[sp.line], sp.end) || strings.Trim(w.text, "_.") == "" {
				ownCell = true
			}
			// A value may start with a label's word ("Code One Training
			// Solutions"), unless labels follow the label at once (a row
			// of labels over a row of values).
			if start, _ := labelAt(wi); start && d.labelsCover(w.line, w.start) {
				break
			}
		} else if _, strong := labelAt(wi); gap >= g.wideGap(w) && !boxes || strong {
			// Inside the value, a label's word ends it only where nothing
			// else could stand so ("Harbor Occupational Clinic" goes on).
			break
		}
		value = append(value, wi)
		prevX = w.box.X1
	}
	if len(value) == 0 || (len(value) == 1 && value[0] == tailWord && !ownCell) {
		return geoFound{}, false, false
	}
	if g.overlapped(sp, ref, label, value) {
		return geoFound{}, false, false
	}
	// Leaders ("Name ........ Maria") lead to the value, they are no part
	// of it; alone they are a blank.
	for len(value) > 1 && value[0] != tailWord && strings.Trim(g.words[value[0]].text, "._-–—=*:") == "" {
		value = value[1:]
	}
	seg, offs := d.wordsText(value, tail, tailWord)
	// A label this reader does not know ends the value too.
	if at := unknownLabelAt(seg); at > 0 {
		seg = seg[:at]
	}
	if strings.TrimSpace(seg) == "" {
		return geoFound{}, false, false
	}
	if sp.date {
		seg = dateRanges(seg)
	}
	hs := f(seg)
	if len(hs) == 0 || hs[0].start > nearLabel {
		// A blank or a value of another kind in the label's cell: what is
		// elsewhere belongs to something else. In another cell (a row of
		// headings), the value may still be under or over the label.
		return geoFound{}, ownCell, false
	}
	h := hs[rangeEnd(sp, seg, hs)]
	words := wordsIn(offs, h.start, h.end)
	conf := confBeside
	if far {
		// Far from its label, the value might be another column's.
		conf = confUnder
	}
	ocr := d.ocrFactor(words)
	row := -1
	if len(words) > 0 {
		row = words[0]
	}
	return geoFound{found: found{value: h.value, conf: conf * ocr, line: sp.line}, apart: !ownCell, ocr: ocr, row: row}, false, true
}

// cellRule reports whether an OCR word is a table's vertical rule read
// as bars ("|", "||", "[", "]"), not print.
func cellRule(w string) bool {
	return w != "" && strings.Trim(w, "|[]") == ""
}

// verticalLayout reads the value under (dir 1) or over (dir -1) the
// label: the nearest row in that direction with words across the label's
// column, that row's run of words there, unless it is a label.
func (d *doc) verticalLayout(sp span, ref gword, label []int, f finder, dir float64) (geoFound, bool) {
	col := d.labelColumn(sp, ref, label)
	v, ok := d.cellIn(sp, ref, label, col, f, dir, ref, 4.5*ref.em)
	if !ok || !d.geo.paired(ref, label, v.row) {
		return geoFound{}, false
	}
	if sp.date && v.line >= 0 && !d.pastBirthColumn(sp, v.line, v.value, f) {
		// A birth date pushed under the next caption by its width, or
		// standing alone in a row whose other dates are blank.
		return geoFound{}, false
	}
	conf, place := confUnder, placeUnder
	if dir < 0 {
		conf, place = confOver, placeOver
	}
	if v.dy > 2.6*ref.em {
		// A row further off than a line and a half of space.
		conf -= 0.05
	}
	v.conf *= conf
	v.place = place
	return v, true
}

// lowerStart reports a word that starts with a lower-case letter.
func lowerStart(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsLower(r)
}

// captionUnit is a caption's unit or note set on a line of its own under
// it ("Induration" over "(mm)", "Date" over "(MM/DD/YYYY)"): part of the
// caption, never its value.
var captionUnit = regexp.MustCompile(`^\([^)\d]{1,12}\)$`)

// xCell is a cell of a row of words: its x-span and its words.
type xCell struct {
	x0, x1 float64
	words  []int
}

// rowCells splits the row of word at (OCR's noise left out) into cells at
// column gaps, left to right.
func (g *geometry) rowCells(at *gword, ref *gword) []xCell {
	var row []int
	for _, wi := range g.pages[at.page].words {
		if w := &g.words[wi]; sameRow(at, w) && !g.noise(w, ref) {
			row = append(row, wi)
		}
	}
	sort.Slice(row, func(a, b int) bool { return g.words[row[a]].box.X0 < g.words[row[b]].box.X0 })
	var out []xCell
	for k, wi := range row {
		w := &g.words[wi]
		if k == 0 || w.box.X0-g.words[row[k-1]].box.X1 >= g.wideGap(w) {
			out = append(out, xCell{x0: w.box.X0, x1: w.box.X1})
		}
		c := &out[len(out)-1]
		c.x1 = max(c.x1, w.box.X1)
		c.words = append(c.words, wi)
	}
	return out
}

// paired reports that the value word vw, read in a caption's column, is
// that caption's in the row of values: a value's width moves it under a
// neighbour's caption (an id wider than "ID" pushes the issue date under
// "Expires"), and a date read under the wrong caption can pass a rule.
// Where the caption row and the value row have as many cells, the k-th
// value is the k-th caption's; else the value and the caption must each
// be the other's widest overlap. A lone caption has no neighbour to be
// confused with.
func (g *geometry) paired(ref gword, label []int, vw int) bool {
	// A word OCR read across both rows (a lost caption merged into the
	// value under it) is of the row it stands nearer.
	caps := slices.DeleteFunc(g.rowCells(&g.words[label[0]], &ref), func(c xCell) bool {
		for _, wi := range c.words {
			if slices.Contains(label, wi) || !nearerRow(&g.words[wi], &g.words[label[0]], &g.words[vw]) {
				return false
			}
		}
		return true
	})
	if len(caps) < 2 {
		return true
	}
	vals := g.rowCells(&g.words[vw], &ref)
	holds := func(cs []xCell, wi int) int {
		for i, c := range cs {
			if slices.Contains(c.words, wi) {
				return i
			}
		}
		return -1
	}
	ci, vi := holds(caps, label[0]), holds(vals, vw)
	if ci < 0 || vi < 0 {
		return false
	}
	if len(caps) == len(vals) {
		return ci == vi
	}
	return partner(ci, caps, vals, func(a, b xCell) float64 { return min(a.x1, b.x1) - max(a.x0, b.x0) }) == vi
}

// rowsUnder reads a table's further rows: the values of the label's
// column in the rows under the first (see verticalLayout), each about as
// far under the one before as the first is under the label, to the first
// row without one. A two-step skin test prints two placements under one
// heading.
func (d *doc) rowsUnder(sp span, f finder) []found {
	if !d.hasGeometry(sp.line) {
		return nil
	}
	ref, label, ok := d.labelRef(sp)
	if !ok {
		return nil
	}
	col := d.geo.column(ref, label)
	first, ok := d.cellIn(sp, ref, label, col, f, 1, ref, 4.5*ref.em)
	if !ok {
		return nil
	}
	pitch := first.dy
	var out []found
	prev := first
	for n := 0; n < 8; n++ {
		from := d.geo.words[prev.row]
		next, ok := d.cellIn(sp, ref, label, col, f, 1, from, 1.4*pitch)
		if !ok || next.dy < 0.6*pitch {
			break
		}
		next.conf *= confUnder
		out = append(out, next.found)
		prev = next
	}
	return out
}

// labelRef returns the label at sp as one box (the reference words are
// measured from) and its words; see valueByLayout.
func (d *doc) labelRef(sp span) (gword, []int, bool) {
	g := d.geo
	from := d.skipTranslations(sp.line, sp.end)
	var label []int
	for _, wi := range g.byLine[sp.line] {
		w := g.words[wi]
		if w.end <= sp.start || w.start >= from {
			continue
		}
		label = append(label, wi)
	}
	if len(label) == 0 {
		return gword{}, nil, false
	}
	if strings.HasSuffix(strings.TrimRight(d.lines[sp.line][:sp.start], " "), "/") {
		// "Petsa ng Pagkakaloob/Date of Issue": the label's column opens
		// with its translation, and its value under the whole cell.
		line := g.byLine[sp.line]
		k := slices.Index(line, label[0])
		for ; k > 0; k-- {
			prev, next := &g.words[line[k-1]], &g.words[line[k]]
			if next.box.X0-prev.box.X1 >= g.wideGap(next) || !sameRow(prev, next) {
				break
			}
			label = append([]int{line[k-1]}, label...)
		}
	}
	lab := g.words[label[0]]
	ref := gword{page: lab.page, box: lab.box, em: lab.em}
	for _, wi := range label {
		w := g.words[wi]
		ref.box = ref.box.Union(w.box)
		ref.em = max(ref.em, w.em)
		ref.cy += w.cy / float64(len(label))
	}
	return ref, label, true
}

// labelColumn is the column of the label at sp (see geometry.column),
// ending also where the next label on its row starts with no column gap
// before it: captions a scan set close together ("Employee Name (print)
// Witness") part the values over them as a gap would, and a witness's
// name over its own caption is no part of the holder's.
func (d *doc) labelColumn(sp span, ref gword, label []int) column {
	g := d.geo
	col := g.column(ref, label)
	// "Participant Last Name": a word saying whose name opens the
	// caption's cell, and the value stands under the whole cell.
	line := g.byLine[sp.line]
	for k := slices.Index(line, label[0]); k > 0; k-- {
		prev, next := &g.words[line[k-1]], &g.words[line[k]]
		if next.box.X0-prev.box.X1 >= g.wideGap(next) || !holderNouns.has(strings.ToLower(strings.Trim(prev.text, ":.,"))) {
			break
		}
		col.lo = prev.box.X0
	}
	for _, m := range d.labelRow(sp.line) {
		if m.start < sp.end || d.shadowed(sp.line, m.start, m.end, nil) {
			continue
		}
		for _, wi := range g.byLine[sp.line] {
			if w := &g.words[wi]; w.start <= m.start && m.start < w.end && w.box.X0 > ref.box.X1 {
				col.right = min(col.right, w.box.X0)
			}
		}
	}
	return col
}

// column is the x-span of a label's column: the label's own span, and how
// far a value may spread before it reaches a neighbour's.
type column struct {
	lo, hi, left, right float64
}

// column returns the label's column: its span, widened to the gaps that
// part it from its neighbours on its row.
func (g *geometry) column(ref gword, label []int) column {
	c := column{lo: ref.box.X0, hi: ref.box.X1, left: math.Inf(-1), right: math.Inf(1)}
	for _, wi := range g.pages[ref.page].words {
		w := &g.words[wi]
		if slices.Contains(label, wi) || !sameRow(&ref, w) {
			continue
		}
		// Only another cell parts columns: words of the label's own
		// sentence ("is hereby awarded to") do not.
		if w.box.X1 <= ref.box.X0-g.wideGap(&ref) {
			c.left = max(c.left, w.box.X1)
		}
		if w.box.X0 >= ref.box.X1+g.wideGap(&ref) {
			c.right = min(c.right, w.box.X0)
		}
	}
	return c
}

// cellIn reads the value in a label's column on the nearest row in
// direction dir from the row of word from, no further than maxDY: the
// row's run of words across the column, unless it is the next label. The
// value's confidence is its OCR factor alone (the caller's placing
// multiplies it); row is a word of the row it stands on.
func (d *doc) cellIn(sp span, ref gword, label []int, col column, f finder, dir float64, from gword, maxDY float64) (geoFound, bool) {
	g := d.geo
	tol := 0.5 * ref.em
	skipped := func(w *gword) bool { return captionUnit.MatchString(w.text) || ruleAcross(w, col, ref.em) }
	// A row of headings one of which wraps onto a second line
	// ("Induration" over "(mm)", "Respirator" over "Manufacturer"), or
	// ruled off from its values, ends lower than the label: the values'
	// row is as far under that end.
	for _, wi := range g.pages[ref.page].words {
		w := &g.words[wi]
		dy := dir * (w.cy - from.cy)
		if dy <= 0 || dy > 3*ref.em || slices.Contains(label, wi) {
			continue
		}
		if skipped(w) || dir > 0 && dy <= 2.2*ref.em && (w.box.X1 < col.lo-tol || w.box.X0 > col.hi+tol) && w.line >= 0 && d.labelOnly(w.line) {
			// As far under the heading's end as under a label of one line.
			maxDY = max(maxDY, dy+0.5*(w.box.Y1-w.box.Y0)+4*ref.em)
		}
	}
	best, bestDY, bestOverlap := -1, math.Inf(1), math.Inf(-1)
	for _, wi := range g.pages[ref.page].words {
		w := &g.words[wi]
		if slices.Contains(label, wi) || g.noise(w, &ref) || skipped(w) {
			continue
		}
		dy := dir * (w.cy - from.cy)
		if dy < 0.6*max(from.em, w.em) || dy > maxDY {
			continue
		}
		if w.box.X1 < col.lo-tol || w.box.X0 > col.hi+tol {
			continue
		}
		// Of a row's words across the column, the one most under it:
		// values printed larger than their captions spill into the
		// neighbours' columns ("03/01/2026" reaching under "EXPIRATION").
		overlap := min(w.box.X1, col.hi) - max(w.box.X0, col.lo)
		switch {
		case dy < bestDY-0.3*ref.em:
			best, bestDY, bestOverlap = wi, dy, overlap
		case dy <= bestDY+0.3*ref.em && overlap > bestOverlap:
			best, bestDY, bestOverlap = wi, min(dy, bestDY), overlap
		}
	}
	if best < 0 {
		return geoFound{}, false
	}
	b := &g.words[best]
	if b.line >= 0 {
		// The next label (labels make most of what follows on its line):
		// this one's value is not there. A value may start with a
		// label's word ("Code One Training Solutions").
		if wl := d.labelWords(b.line); (wl.starts[best] || wl.inside[best]) && d.labelsCover(b.line, b.start) {
			return geoFound{}, false
		}
	}
	// The value's run: the row's words across the column, and those
	// joined to them without a column gap, within the neighbours' gaps.
	var row []int
	for _, wi := range g.pages[ref.page].words {
		w := &g.words[wi]
		if sameRow(b, w) && !slices.Contains(label, wi) && !g.noise(w, &ref) {
			row = append(row, wi)
		}
	}
	sort.Slice(row, func(a, c int) bool { return g.words[row[a]].box.X0 < g.words[row[c]].box.X0 })
	at := slices.Index(row, best)
	i0, i1 := at, at
	for i0 > 0 {
		p, w := &g.words[row[i0-1]], &g.words[row[i0]]
		if w.box.X0-p.box.X1 >= g.wideGap(w) || p.box.X0 < col.left-tol && p.box.X1 <= col.lo {
			break
		}
		i0--
	}
	for i1+1 < len(row) {
		w, n := &g.words[row[i1]], &g.words[row[i1+1]]
		if n.box.X0-w.box.X1 >= g.wideGap(w) || n.box.X1 > col.right+tol && n.box.X0 >= col.hi {
			break
		}
		i1++
	}
	for i0 > 0 {
		// A value does not start in lower case: a word OCR set a gap
		// apart before it is its start ("No" | "lifting over 25 lbs"),
		// and a value cut after a negation says the opposite.
		p, w := &g.words[row[i0-1]], &g.words[row[i0]]
		if !lowerStart(w.text) || w.box.X0-p.box.X1 > 3*w.em || p.box.X0 < col.left-tol || p.line >= 0 && d.labelWords(p.line).starts[row[i0-1]] {
			break
		}
		i0--
	}
	run := row[i0 : i1+1]
	for _, wi := range run {
		w := g.words[wi]
		if w.line >= 0 {
			if wl := d.labelWords(w.line); wl.strong[wi] && wi != run[0] {
				run = run[:slices.Index(run, wi)]
				break
			}
		}
	}
	if len(run) == 0 {
		return geoFound{}, false
	}
	if dir < 0 && !sp.date {
		run = append(d.wrappedOver(run[0]), run...)
	}
	seg, offs := d.wordsText(run, "", -1)
	if sp.date {
		seg = dateRanges(seg)
	}
	hs := f(seg)
	if len(hs) == 0 {
		return geoFound{}, false
	}
	// Of several values in the run, the one across the label's column.
	pick, bestOverlap := 0, math.Inf(-1)
	for k, h := range hs {
		ws := wordsIn(offs, h.start, h.end)
		if len(ws) == 0 {
			continue
		}
		x0, x1 := math.Inf(1), math.Inf(-1)
		for _, wi := range ws {
			x0, x1 = min(x0, g.words[wi].box.X0), max(x1, g.words[wi].box.X1)
		}
		ov := min(x1, col.hi) - max(x0, col.lo)
		if ov > bestOverlap+0.5 {
			pick, bestOverlap = k, ov
		}
	}
	h := hs[pick]
	ocr := d.ocrFactor(wordsIn(offs, h.start, h.end))
	return geoFound{found: found{value: h.value, conf: ocr, line: b.line}, dy: bestDY, row: best, ocr: ocr}, true
}

// wordOffset is a word's bytes in a piece of text made of words.
type wordOffset struct {
	word, start, end int
}

// wordsText joins words into one text, the first preceded by the tail of
// a label's word (tailWord's text after the label), and says where each
// word stands in it.
func (d *doc) wordsText(ws []int, tail string, tailWord int) (string, []wordOffset) {
	g := d.geo
	var b strings.Builder
	var offs []wordOffset
	for _, wi := range ws {
		t := g.words[wi].text
		if wi == tailWord {
			t = tail
		} else if g.words[wi].line >= 0 {
			// The word as the text has it (trademarks dropped).
			w := g.words[wi]
			t = d.lines[w.line][w.start:w.end]
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		offs = append(offs, wordOffset{word: wi, start: b.Len(), end: b.Len() + len(t)})
		b.WriteString(t)
	}
	return b.String(), offs
}

// wordsIn returns the words a span of a wordsText text touches.
func wordsIn(offs []wordOffset, start, end int) []int {
	var out []int
	for _, o := range offs {
		if o.end > start && o.start < end {
			out = append(out, o.word)
		}
	}
	return out
}

func (d *doc) pageWidth(p int) float64 {
	if p < len(d.pages) && d.pages[p].Width > 0 {
		return d.pages[p].Width
	}
	return 612
}

// ocrFactor is how far OCR's reading of words lowers the confidence of a
// value made of them: not at all for a text layer or words read at 90 or
// more, down to 0.3 for words read at 30 or less. A value is as doubtful
// as its worst word, tempered by the rest.
func (d *doc) ocrFactor(ws []int) float64 {
	g := d.geometry()
	if g == nil || len(ws) == 0 {
		return 1
	}
	lo, sum, n := 100.0, 0.0, 0.0
	for _, wi := range ws {
		w := g.words[wi]
		c := max(0, min(100, w.conf))
		weight := float64(max(1, utf8.RuneCountInString(w.text)))
		sum += c * weight
		n += weight
		lo = min(lo, c)
	}
	c := 0.5*lo + 0.5*sum/n
	return ocrScale(c)
}

// ocrScale maps an OCR confidence (0..100) to a factor on a reading's
// confidence.
func ocrScale(c float64) float64 {
	switch {
	case c >= 90:
		return 1
	case c <= 30:
		return 0.3
	}
	return 0.3 + 0.7*(c-30)/60
}

// lineOCRFactor is ocrFactor of the words of line i within [start, end)
// (the whole line when start is negative).
func (d *doc) lineOCRFactor(i, start, end int) float64 {
	if !d.hasGeometry(i) {
		return 1
	}
	var ws []int
	for _, wi := range d.geo.byLine[i] {
		w := d.geo.words[wi]
		if start < 0 || w.end > start && w.start < end {
			ws = append(ws, wi)
		}
	}
	return d.ocrFactor(ws)
}

// checkMark reports that a word is a check box, ticked or not, or the X
// that ticks an option.
func checkMark(w string) bool {
	if w == "X" || w == "x" {
		return true
	}
	for _, re := range []*regexp.Regexp{checkedMark, uncheckedMark} {
		if loc := re.FindStringIndex(w); loc != nil && (loc[0] == 0 || loc[1] == len(w)) {
			return true
		}
	}
	return false
}

// wrappedOver returns the words of the line a value over its caption
// starts on where its cell wraps ("Memorial Hermann Training" over
// "Center" over "Training Center"): the row just over the value's first
// word head, as close as a paragraph's lines, in type of its size, whose
// cell opens at the value's left edge; none where that row is a label,
// holds a figure or is a person's name (another field's value).
func (d *doc) wrappedOver(head int) []int {
	g := d.geo
	h := &g.words[head]
	sameSize := 0.15
	if g.pages[h.page].ocr {
		sameSize = 0.3
	}
	var row []int
	for _, wi := range g.pages[h.page].words {
		w := &g.words[wi]
		gap := h.box.Y0 - w.box.Y1
		if w.cy >= h.cy || gap < -0.2*h.em || gap > 0.6*h.em || abs64(w.em-h.em) > sameSize*h.em {
			continue
		}
		row = append(row, wi)
	}
	sort.Slice(row, func(a, b int) bool { return g.words[row[a]].box.X0 < g.words[row[b]].box.X0 })
	lead := slices.IndexFunc(row, func(wi int) bool { return abs64(g.words[wi].box.X0-h.box.X0) <= 0.8*h.em })
	if lead < 0 || lead > 0 && g.words[row[lead]].box.X0-g.words[row[lead-1]].box.X1 < g.wideGap(&g.words[row[lead]]) {
		return nil
	}
	out := []int{row[lead]}
	for n := lead + 1; n < len(row); n++ {
		w, p := &g.words[row[n]], &g.words[row[n-1]]
		if !sameRow(w, &g.words[row[lead]]) || w.box.X0-p.box.X1 >= g.wideGap(w) {
			break
		}
		out = append(out, row[n])
	}
	var ws []string
	for _, wi := range out {
		w := &g.words[wi]
		if w.line >= 0 {
			if wl := d.labelWords(w.line); wl.starts[wi] || wl.inside[wi] {
				return nil
			}
		}
		ws = append(ws, w.text)
	}
	t := strings.Join(ws, " ")
	if len(ws) > 4 || strings.ContainsAny(t, "0123456789:@") || isName(t) {
		return nil
	}
	return out
}

// wrapped returns the words that carry value v, read on line i, on to
// the next line where its cell wraps: a run of words on the next row
// that opens at the value's left edge with nothing left of it in the row
// (the label's column is blank there), up to the next column gap. "" when
// the page's words are not known or the value does not wrap.
func (d *doc) wrapped(i int, v string) string {
	if !d.hasGeometry(i) {
		return ""
	}
	g := d.geo
	first := strings.Fields(v)
	if len(first) == 0 {
		return ""
	}
	var head *gword
	for _, wi := range g.byLine[i] {
		if w := &g.words[wi]; w.text == first[0] {
			head = w
		}
	}
	k := d.nextNonEmpty(i)
	if head == nil || k < 0 || !d.hasGeometry(k) || d.startsWithLabel(k) {
		return ""
	}
	row := g.byLine[k]
	if len(row) == 0 {
		return ""
	}
	lead := &g.words[row[0]]
	// OCR's em is a line's median ink height, which a short line of
	// other letters ("Center" under "Training") moves by a fifth or more.
	sameSize := 0.15
	if g.pages[head.page].ocr {
		sameSize = 0.3
	}
	if lead.page != head.page || abs64(lead.box.X0-head.box.X0) > 0.8*head.em ||
		lead.box.Y0-head.box.Y1 > 1.2*head.em || abs64(lead.em-head.em) > sameSize*head.em {
		return ""
	}
	var words []string
	for n, wi := range row {
		w := &g.words[wi]
		if n > 0 && w.box.X0-g.words[row[n-1]].box.X1 >= g.wideGap(w) {
			break
		}
		words = append(words, w.text)
	}
	t := strings.Join(words, " ")
	if len(words) > 3 || strings.ContainsAny(t, "0123456789:@") {
		return ""
	}
	return t
}
