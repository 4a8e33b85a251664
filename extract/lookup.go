package extract

// Reading a value by its label: beside it, under or over it, in rows of
// labels over rows of values, in running text and in flattened tables.

import (
	"strings"
)

// finder returns the candidate values found in a piece of text, in order.
type finder func(s string) []hit

// hit is one value a finder found, and where.
type hit struct {
	start, end int
	value      any
	// greedy: the value is whatever text it was given (free text, an
	// answer), so where it ends says nothing about a row's columns.
	greedy bool
}

// Confidence of a value by where it was found relative to its label.
const (
	confSameLine = 0.95
	confNextLine = 0.85
	confPrevLine = 0.7
	confDerived  = 0.75
	confGuess    = 0.6
)

// found is a value read from the document.
type found struct {
	value any
	conf  float64
	line  int
	// placed says where the layout found the value (placeNone: by text).
	placed geoPlace
}

// lookup reads a field by its labels, most specific label first. A value
// is looked for after the label on the same line, then on the lines below
// (card layouts print the label over the value, several labels across one
// line over their values), then on the line above (signature lines print
// the caption under the value). Failing that, label words standing in
// running text are tried, with the value right after them: some text
// layers run a whole page into one line.
func (d *doc) lookup(labels []label, f finder) (found, bool) {
	all := d.lookupAll(labels, f, true)
	if len(all) == 0 {
		return found{}, false
	}
	return all[0], true
}

// lookupMode says where a value may stand relative to its label.
type lookupMode int

const (
	// anywhere: beside, under or over the label.
	anywhere lookupMode = iota
	// beside: on the label's line only, for labels that head a section
	// (a test's name) rather than caption a value.
	beside
	// running: a label word in running text, the value right after it.
	running
)

// confRunning is the confidence of a value read after a label word in
// running text.
const confRunning = 0.7

// nearLabel is how far after its label, in bytes, a value on the label's
// line may start.
const nearLabel = 30

// lookupAll returns every labelled value, in label priority then document
// order. With first set it stops at the first.
func (d *doc) lookupAll(labels []label, f finder, first bool) []found {
	out := d.lookupWhere(labels, f, first, anywhere)
	if len(out) == 0 {
		out = d.lookupWhere(labels, f, first, running)
	}
	if len(out) == 0 {
		out = d.lookupFlat(labels, f, first)
	}
	return out
}

// lookupFlat reads values from tables a text layer flattened into one
// line: a run of column headings, then the row of values. Only the
// alignments that do not depend on spacing count (dates matched to date
// headings, words counted from a date column).
func (d *doc) lookupFlat(labels []label, f finder, first bool) []found {
	labels = widened(labels)
	var out []found
	for _, l := range labels {
		for i := range d.lines {
			for _, run := range d.headingRuns(i) {
				for j, m := range run {
					if m.text != l.text {
						continue
					}
					values := d.lines[i][run[len(run)-1].end:]
					if loc := unknownLabel.FindStringIndex(values); loc != nil {
						values = values[:loc[0]]
					}
					if v, c, ok := alignRow(run, j, m.date, values, f); ok && c >= 0.75 {
						out = append(out, found{value: v, conf: min(confRunning, c), line: i})
						if first {
							return out
						}
					}
				}
			}
		}
	}
	return out
}

// headingRuns returns the runs of three or more labels on line i that
// follow each other with at most one unknown word between them: the
// headings of a flattened table.
func (d *doc) headingRuns(i int) [][]labelMatch {
	line := d.lines[i]
	var runs [][]labelMatch
	var cur []labelMatch
	end := -1
	for _, m := range d.matchesOn(i) {
		if n := len(cur); n > 0 && m.start < end {
			if p := cur[n-1]; laterHeading(p, m) {
				cur[n-1] = m
				end = m.end
			}
			continue
		}
		if m.start < end {
			continue
		}
		if n := len(cur); n > 0 {
			gap := parenthesised.ReplaceAllString(line[cur[n-1].end:m.start], " ")
			switch {
			case strings.Trim(gap, " ") == "/":
				cur[n-1].end, cur[n-1].date = m.end, cur[n-1].date || m.date
				end = m.end
				continue
			case len(strings.Fields(gap)) > 1 || strings.ContainsAny(gap, "0123456789:"):
				if len(cur) >= 3 {
					runs = append(runs, cur)
				}
				cur = nil
			}
		}
		cur = append(cur, m)
		end = m.end
	}
	if len(cur) >= 3 {
		runs = append(runs, cur)
	}
	return runs
}

// lookupPlaced is lookup without the running-text pass, for free-text
// values, which would take any words that follow a label word in a
// sentence.
func (d *doc) lookupPlaced(labels []label, f finder) (found, bool) {
	all := d.lookupWhere(labels, f, true, anywhere)
	if len(all) == 0 {
		return found{}, false
	}
	return all[0], true
}

// lookupInline reads values beside their labels only.
func (d *doc) lookupInline(labels []label, f finder) (found, bool) {
	all := d.lookupWhere(labels, f, true, beside)
	if len(all) == 0 {
		return found{}, false
	}
	return all[0], true
}

func (d *doc) lookupWhere(labels []label, f finder, first bool, mode lookupMode) []found {
	labels = widened(labels)
	var out []found
	for _, l := range labels {
		for _, sp := range d.occurrences(l, mode != running, labels) {
			if v, ok := d.valueAt(sp, f, mode); ok {
				out = append(out, v)
				if first {
					return out
				}
				if mode == anywhere && v.placed == placeUnder {
					out = append(out, d.rowsUnder(sp, f)...)
				}
			}
		}
	}
	return out
}

// valueAt reads the value of the label at sp: by layout where the line is
// tied to its page, by text otherwise.
func (d *doc) valueAt(sp span, f finder, mode lookupMode) (found, bool) {
	t, tok := d.textValueAt(sp, f, mode)
	if tok {
		t.conf *= d.lineOCRFactor(t.line, -1, 0)
	}
	if mode == running {
		return t, tok
	}
	g, known := d.valueByLayout(sp, f, mode)
	switch {
	case !known:
		return t, tok
	case g.place != placeNone:
		if tok && t.value == g.value {
			g.conf = max(g.conf, t.conf)
		}
		g.found.placed = g.place
		return g.found, true
	case tok:
		// The text reads a value the layout does not bear out (it sees a
		// blank or another kind of value in the label's cell, or nothing
		// in its column): less sure.
		t.conf = min(t.conf, confUnsure)
		return t, true
	}
	return found{}, false
}

// confUnsure caps a value read from the text that its layout does not
// bear out.
const confUnsure = 0.75

// textValueAt reads the value of the label at sp from the text.
func (d *doc) textValueAt(sp span, f finder, mode lookupMode) (found, bool) {
	line := d.lines[sp.line]
	from := d.skipTranslations(sp.line, sp.end)
	end := len(line)
	if d.headerRow(sp.line) {
		// Column headings: what follows a heading is the next heading,
		// perhaps one this reader does not know ("Compact").
		end = from
	}
	for _, m := range d.matchesOn(sp.line) {
		if m.like && m.start == from && d.labelsCover(sp.line, from) {
			// Other labels follow at once: a row of labels over a row of
			// values. (A value may start with a label's word: "Code One
			// Training Solutions".)
			end = from
		}
	}
	// A row of check boxes is one answer however widely spaced.
	if g := columnGap.FindStringIndex(line[from:end]); g != nil && g[0] > 0 && !startsWithBox(line[from:]) {
		end = from + g[0]
	}
	if n := d.nextLabel(sp.line, from, false); n >= 0 && n < end {
		end = n
	}
	// So does the next thing placed as a label ("KENYAN Date of birth").
	for _, m := range d.matchesOn(sp.line) {
		if m.like && m.start > from && m.start < end && !d.shadowed(sp.line, m.start, m.end, nil) {
			end = m.start
			break
		}
	}
	// A label this reader does not know ends the value too: capitalised
	// words and a colon ("NICU Years in specialty: 1").
	if loc := unknownLabel.FindStringIndex(line[from:max(from, end)]); loc != nil && loc[0] > 0 {
		end = from + loc[0]
	}
	if seg := line[from:max(from, end)]; strings.TrimSpace(seg) != "" {
		if sp.date {
			seg = dateRanges(seg)
		}
		hs := f(seg)
		switch {
		case len(hs) == 0 || hs[0].start > nearLabel:
			// A value of another kind, a blank left empty ("____"), or
			// running text in which some value appears much later: what
			// is below belongs to something else.
			return found{}, false
		case mode == running && strings.TrimSpace(seg[:hs[0].start]) != "":
			// In running text only what follows the label at once is its
			// value.
			return found{}, false
		case mode == running:
			return found{value: hs[0].value, conf: confRunning, line: sp.line}, true
		}
		return found{value: hs[rangeEnd(sp, seg, hs)].value, conf: confSameLine, line: sp.line}, true
	}
	if mode != anywhere {
		return found{}, false
	}
	// The value sits under the label, in the same column; on cards that
	// print captions under their values, over it. Both are read and the
	// better fit wins; on a tie, the document's layout decides.
	below, qB, okB := d.fromBelow(sp, f)
	above, qA, okA := d.fromAbove(sp, f)
	switch {
	case okB && okA:
		if qA > qB || qA == qB && d.captionsBelow() {
			return above, true
		}
		return below, true
	case okB:
		return below, true
	case okA:
		return above, true
	}
	return found{}, false
}

// skipTranslations moves past the separators after a label and past the
// translations a bilingual document prints after it ("Surname / Nom /
// Apellidos"), to where the value may start.
func (d *doc) skipTranslations(i, pos int) int {
	line := d.lines[i]
	skip := func(p int) int { return p + len(line[p:]) - len(strings.TrimLeft(line[p:], " :#=.-),")) }
	pos = skip(pos)
	for pos < len(line) && line[pos] == '/' {
		next := pos + 1 + len(line[pos+1:]) - len(strings.TrimLeft(line[pos+1:], " "))
		moved := false
		for _, m := range d.matchesOn(i) {
			if m.start == next {
				pos, moved = skip(m.end), true
				break
			}
		}
		if !moved {
			// A translation this reader does not know: one word.
			w := wordSpan.FindStringIndex(line[next:])
			if w == nil || w[0] != 0 {
				return next
			}
			pos = skip(next + w[1])
		}
	}
	return pos
}

// fromBelow reads a value printed under its label, and how well it fits.
func (d *doc) fromBelow(sp span, f finder) (found, float64, bool) {
	return d.nearby(sp, f, d.nextNonEmpty, confNextLine)
}

// fromAbove reads a value printed over its caption. Only a label that is
// alone on its line has a caption's place.
func (d *doc) fromAbove(sp span, f finder) (found, float64, bool) {
	// A lone label over a line of labels is more likely the first half
	// of a label ("Candidate / Name: ...") than a caption, unless the
	// document prints captions under values.
	if !d.labelOnly(sp.line) || len(d.labelRow(sp.line)) < 2 && !d.captionsBelow() {
		return found{}, 0, false
	}
	return d.nearby(sp, f, d.prevNonEmpty, confPrevLine)
}

// nearby reads the value from the first line in a direction that has one,
// going at most two lines (columns of two layouts interleave in some text
// layers) and never past a line of labels. It returns the value, with
// conf as its confidence at best, and how well the line fits the label.
func (d *doc) nearby(sp span, f finder, step func(int) int, conf float64) (found, float64, bool) {
	k := sp.line
	for n := 0; n < 2; n++ {
		if k = step(k); k < 0 || d.startsWithLabel(k) {
			break
		}
		if v, c, ok := d.row(sp, k, f); ok && (n == 0 || c >= 0.85) {
			fit := c - 0.1*float64(n)
			return found{value: v, conf: min(conf, fit), line: k}, fit, true
		}
	}
	return found{}, 0, false
}

// captionsBelow decides, for the whole document, whether labels that
// stand alone on their lines are captions under their values: the last
// of them closes a value-caption sequence rather than opening one.
func (d *doc) captionsBelow() bool {
	if d.layout != 0 {
		return d.layout > 0
	}
	under, over := 0, 0
	for i := range d.lines {
		if !d.labelOnly(i) {
			continue
		}
		p, n := d.prevNonEmpty(i), d.nextNonEmpty(i)
		prevValue := p >= 0 && !d.startsWithLabel(p) && !blankish(d.lines[p])
		nextValue := n >= 0 && !d.startsWithLabel(n) && !blankish(d.lines[n])
		switch {
		case prevValue && !nextValue:
			under++
		case nextValue && !prevValue:
			over++
		}
		// Dates are values anyone can recognise: the side whose dates
		// match the row's date labels holds its values.
		want := 0
		for _, m := range d.labelRow(i) {
			if m.date {
				want++
			}
		}
		if want > 0 && prevValue && nextValue {
			pd, nd := len(findDates(d.lines[p])), len(findDates(d.lines[n]))
			switch {
			case pd == want && nd != want:
				under++
			case nd == want && pd != want:
				over++
			}
		}
	}
	d.layout = -1
	if under > over {
		d.layout = 1
	}
	return d.layout > 0
}

// row reads the value of the label at sp from line k, a line of values:
// by column when both lines are laid out in columns; else, when the label
// shares its line with others (a row of labels over a row of values whose
// spacing OCR or the text layer collapsed), by matching the two rows up:
// as many values as labels, or as many dates as date labels; the first
// label's value opening the row or the last one's closing it; one word per
// label. A lone label takes the first value.
func (d *doc) row(sp span, k int, f finder) (any, float64, bool) {
	labelLine, valueLine := d.lines[sp.line], d.lines[k]
	vc, lc := cells(valueLine), cells(labelLine)
	if len(vc) > 1 && len(lc) > 1 {
		best, bestScore := -1, -1<<30
		for i, c := range vc {
			// Overlap with the label's span, or minus the distance to it.
			score := min(c.end, sp.end) - max(c.start, sp.start)
			if score < 0 {
				score = -min(abs(c.start-sp.start), abs(c.end-sp.end))
			}
			if score > bestScore {
				best, bestScore = i, score
			}
		}
		if hs := f(vc[best].text); len(hs) > 0 {
			return hs[0].value, 1, true
		}
		return nil, 0, false
	}
	ls := d.labelRow(sp.line)
	idx := -1
	for i, m := range ls {
		if m.start <= sp.start && sp.end <= m.end || sp.start <= m.start && m.end <= sp.end {
			idx = i
		}
	}
	return alignRow(ls, idx, sp.date, valueLine, f)
}

// alignRow reads the value of label idx of a row of labels ls from a row
// of values whose columns are lost. See row.
func alignRow(ls []labelMatch, idx int, date bool, valueLine string, f finder) (any, float64, bool) {
	hs := f(valueLine)
	if len(ls) <= 1 || idx < 0 {
		if len(hs) == 0 {
			return nil, 0, false
		}
		return hs[0].value, 0.8, true
	}
	if len(hs) > 0 && len(hs) == len(ls) {
		return hs[idx].value, 1, true
	}
	first := len(valueLine) - len(strings.TrimLeft(valueLine, " "))
	last := len(strings.TrimRight(valueLine, " "))
	opens := func(h hit) bool { return h.start <= first && !h.greedy }
	closes := func(h hit) bool { return h.end >= last && !h.greedy }
	placed := func(h hit) bool {
		// A value where the label's rank puts it: opening the row for the
		// first label, closing it for the last, inside it otherwise.
		switch idx {
		case 0:
			return opens(h)
		case len(ls) - 1:
			return closes(h)
		}
		return !opens(h) && !closes(h)
	}
	if date && len(hs) > 0 {
		var dates []labelMatch
		rank := -1
		for i, m := range ls {
			if m.date {
				if i == idx {
					rank = len(dates)
				}
				dates = append(dates, m)
			}
		}
		if rank >= 0 && len(hs) == len(dates) {
			if len(dates) > 1 || placed(hs[0]) {
				return hs[rank].value, 0.9, true
			}
			// One date under a row with one date label, but not where its
			// column would put it: columns this reader does not know
			// may come first.
			return hs[rank].value, 0.8, true
		}
	}
	if len(hs) > 0 {
		if h := hs[0]; idx == 0 && opens(h) {
			return h.value, 0.85, true
		}
		if h := hs[len(hs)-1]; idx == len(ls)-1 && closes(h) {
			return h.value, 0.85, true
		}
	}
	words := wordSpan.FindAllStringIndex(valueLine, -1)
	if w, ok := anchoredWord(valueLine, words, ls, idx); ok {
		if ws := f(valueLine[w[0]:w[1]]); len(ws) > 0 {
			return ws[0].value, 0.75, true
		}
	}
	if len(words) >= len(ls) {
		if ws := f(valueLine[words[idx][0]:words[idx][1]]); len(ws) > 0 {
			return ws[0].value, 0.7, true
		}
	}
	return nil, 0, false
}

// anchoredWord finds the word of a collapsed row that belongs to label
// idx, counting from the nearest date column before it: dates are the
// one kind of value that can be told apart in any row, so they show where
// a multi-word value ("Tdap (Adacel)") ended.
func anchoredWord(line string, words [][]int, ls []labelMatch, idx int) ([]int, bool) {
	if ls[idx].date {
		return nil, false
	}
	dates := findDates(line)
	var dateCols []int
	for j, m := range ls {
		if m.date {
			dateCols = append(dateCols, j)
		}
	}
	if len(dates) == 0 || len(dates) != len(dateCols) {
		return nil, false
	}
	k := -1
	for n, j := range dateCols {
		if j < idx {
			k = n
		}
	}
	if k < 0 {
		return nil, false
	}
	last := -1
	for w, span := range words {
		if span[0] < dates[k].end {
			last = w
		}
	}
	at := last + (idx - dateCols[k])
	if last < 0 || at >= len(words) {
		return nil, false
	}
	return words[at], true
}
