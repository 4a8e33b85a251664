package extract

// Reading a value by its label: beside it, under or over it, in rows of
// labels over rows of values, in running text and in flattened tables.

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
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
		out = d.lookupStacked(labels, f, first)
	}
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
	if tok && t.line == sp.line && d.captionAcross(sp) {
		tok = false
	}
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
			// The text's reading is as sure as its whole line's OCR;
			// the layout knows the value's own words: a lot number read
			// at 39 ('3K9OPT' for 3K9PT) on a line read well otherwise
			// is no surer for its neighbours.
			if g.ocr > 0 {
				t.conf = min(t.conf, confSameLine*g.ocr)
			}
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

// confShiftedCell is the confidence of the k-th of a row of values read
// for the k-th of a row of captions it does not stand under (see
// pairCell).
const confShiftedCell = 0.8

// confUnsure caps a value read from the text that its layout does not
// bear out.
const confUnsure = 0.75

// textValueAt reads the value of the label at sp from the text.
func (d *doc) textValueAt(sp span, f finder, mode lookupMode) (found, bool) {
	line := d.lines[sp.line]
	from := d.skipTranslations(sp.line, sp.end)
	if m := copula.FindStringIndex(line[from:]); m != nil {
		// "The final adjudication is: CLEAR", "your verification number
		// is 2410...".
		from += m[1]
	}
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
	// words and a colon ("NICU Years in specialty: 1"), from the sentence
	// it opens ("Mercy Regional Training Institute. Contact Hours: 4").
	if at := unknownLabelAt(line[from:max(from, end)]); at > 0 {
		end = from + at
	}
	if seg := line[from:max(from, end)]; strings.TrimSpace(seg) != "" {
		if sp.date {
			seg = dateRanges(d.dateOverLineEnd(sp.line, end, seg))
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

// unknownLabelAt returns where a label this reader does not know starts
// in a value's text, or -1: capitalised words and a colon ("NICU Years
// in specialty: 1"), from the sentence it opens where a sentence ends
// inside them ("Mercy Regional Training Institute. Contact Hours: 4").
func unknownLabelAt(seg string) int {
	loc := unknownLabel.FindStringIndex(seg)
	if loc == nil {
		return -1
	}
	if stop := strings.LastIndexAny(seg[loc[0]:loc[1]], ".;"); stop >= 0 && sentenceStop(seg, loc[0]+stop) {
		return loc[0] + stop + 1
	}
	return loc[0]
}

// runOn returns the words that go on with value v, which ends line i,
// at the start of the next line where a paragraph wrapped inside it: up
// to the sentence's period, a few words with no digits, and only where
// that period is there to end them ("Mercy" / "Regional Training
// Institute. Contact Hours: 4.5").
func (d *doc) runOn(i int, v string) string {
	line := strings.TrimRight(d.lines[i], " ")
	if v == "" || !strings.HasSuffix(line, v) || strings.HasSuffix(v, ".") || i+1 >= len(d.lines) {
		return ""
	}
	next := strings.TrimSpace(d.lines[i+1])
	if next == "" || d.startsWithLabel(i+1) {
		return ""
	}
	for at := strings.IndexAny(next, ".;"); at >= 0; {
		// A period inside a word ("redcross.org/confirm") is a web
		// address's, not a sentence's end.
		inWord := next[at] == '.' && at+1 < len(next) && (isAlnum(next[at+1]) || next[at+1] == '/')
		if !inWord && sentenceStop(next, at) {
			more := next[:at]
			if next[at] == '.' && corporateSuffix[strings.ToLower(lastWord(more))] {
				more = next[:at+1]
			}
			if ws := strings.Fields(more); len(ws) == 0 || len(ws) > 4 || strings.ContainsAny(more, "0123456789:") {
				return ""
			}
			return strings.TrimSpace(more)
		}
		k := strings.IndexAny(next[at+1:], ".;")
		if k < 0 {
			break
		}
		at += k + 1
	}
	return ""
}

func lastWord(s string) string {
	ws := strings.Fields(s)
	if len(ws) == 0 {
		return ""
	}
	return strings.Trim(ws[len(ws)-1], ".,")
}

// copula is the verb a sentence puts between a label and its value.
var copula = regexp.MustCompile(`^(?:is|was|are|were|reads|read as)\s*:?\s+`)

// sentenceStop reports that the period or semicolon at position at of s
// ends a sentence: not an abbreviation's ("Inc.", "St.") or an initial's.
func sentenceStop(s string, at int) bool {
	if s[at] == ';' {
		return true
	}
	ws := strings.Fields(s[:at])
	if len(ws) == 0 {
		return false
	}
	last := strings.ToLower(strings.Trim(ws[len(ws)-1], ".,"))
	// A company's suffix ends its name ("Summit CPR Inc. Contact
	// Hours:").
	return len([]rune(last)) > 1 && (!abbreviations[last] || corporateSuffix[last])
}

// corporateSuffix ends a company's name.
var corporateSuffix = wordList("inc llc ltd corp co")

// cutDate is a date a line end cut before its year ("valid through
// June 9," over "2028").
var cutDate = regexp.MustCompile(`(?i)(?:\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?|\b\d{1,2}/\d{1,2}/?)\s*$`)

// monthAtEnd is a month's name a line end cut from its day and year, and
// leadingDayYear the day and year the next line goes on with.
var (
	monthAtEnd     = regexp.MustCompile(`(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*$`)
	leadingDayYear = regexp.MustCompile(`^\s*(\d{1,2},?\s+(?:19|20)\d{2})\b`)
)

// leadingYear is the year a date cut at a line end goes on with.
var leadingYear = regexp.MustCompile(`^\s*((?:19|20)\d{2})\b`)

// dateOverLineEnd returns seg, a date label's value ending line i at
// end, with the year the next line carries where the line end cut the
// date before it.
func (d *doc) dateOverLineEnd(i, end int, seg string) string {
	if end < len(d.lines[i]) || !cutDate.MatchString(seg) && !monthAtEnd.MatchString(seg) {
		return seg
	}
	k := d.nextNonEmpty(i)
	if k < 0 || k-i > 2 {
		return seg
	}
	m := leadingYear.FindStringSubmatch(d.lines[k])
	if m == nil {
		if d := leadingDayYear.FindStringSubmatch(d.lines[k]); d != nil && monthAtEnd.MatchString(seg) {
			// "valid through June" over "9, 2028."
			return seg + " " + d[1]
		}
		return seg
	}
	sep := " "
	if strings.HasSuffix(seg, "/") {
		sep = ""
	}
	return seg + sep + m[1]
}

// skipTranslations moves past the separators after a label and past the
// translations a bilingual document prints after it ("Surname / Nom /
// Apellidos"), to where the value may start.
func (d *doc) skipTranslations(i, pos int) int {
	line := d.lines[i]
	start := pos
	skip := func(p int) int { return p + len(line[p:]) - len(strings.TrimLeft(line[p:], " :#=.-),")) }
	pos = skip(pos)
	if pos < len(line) && line[pos] == '(' && !strings.Contains(line[start:pos], ":") {
		// "Surname (Nom) MARTIN": a translation in parentheses, a few
		// words with no digits, with the value after it ("Provider:
		// (Tubersol)" is a value in parentheses).
		if end := strings.IndexByte(line[pos:], ')'); end > 1 && end < 32 && !strings.ContainsAny(line[pos:pos+end], "0123456789") &&
			len(strings.Fields(line[pos+1:pos+end])) <= 3 && strings.TrimSpace(line[pos+end+1:]) != "" {
			pos = skip(pos + end + 1)
		}
	}
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

// translationLine reports that line k, next to a label alone on its line
// (sp), may be that label's translation on a line of its own, as
// bilingual documents print it: no digits, and labels alone ("Date de
// délivrance") or one word not in capitals ("Nom"; a value in capitals,
// "MARTIN", is none). nearby takes it for one only where the line past
// it holds the value.
func (d *doc) translationLine(sp span, k int) bool {
	label := d.lines[sp.line]
	if strings.TrimSpace(label[d.skipTranslations(sp.line, sp.end):]) != "" || strings.TrimSpace(label[:sp.start]) != "" {
		return false
	}
	line := strings.TrimSpace(d.lines[k])
	ws := strings.Fields(line)
	if len(ws) == 0 || len(ws) > 4 || strings.ContainsAny(line, "0123456789") {
		return false
	}
	return d.labelOnly(k) || len(ws) == 1 && strings.ToUpper(line) != line
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
	translated := false
	for n := 0; n < 2; n++ {
		if k = step(k); k >= 0 && !translated && d.translationLine(sp, k) {
			// "Date of issue" / "Date de délivrance" / "14 JAN 2020":
			// the label's translation on a line of its own, where the
			// line past it holds the value.
			translated = true
			if past := step(k); past >= 0 && !d.startsWithLabel(past) {
				if _, _, ok := d.row(sp, past, f); ok {
					k = past
				}
			}
		}
		if k < 0 || d.startsWithLabel(k) {
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
	v, conf, ok := d.rowValue(sp, k, f)
	if ok && sp.date && !d.pastBirthColumn(sp, k, v, f) {
		return nil, 0, false
	}
	return v, conf, ok
}

// pastBirthColumn reports that date v, read for the date label at sp from
// line k, is not the date under a date-of-birth caption on sp's line: a
// birth date read as an exam's or a card's date can pass a rule it should
// fail. Where the caption row has a birth caption, the row's dates are
// counted against its date captions, and v must be the date at its
// caption's rank among them: a blank column (one date fewer) leaves
// which date is the birth's unknown, and so no date is read.
func (d *doc) pastBirthColumn(sp span, k int, v any, f finder) bool {
	labelLine, valueLine := d.lines[sp.line], d.lines[k]
	type iv struct{ start, end int }
	var caps []iv
	overlaps := func(a iv) bool {
		for _, c := range caps {
			if a.start < c.end && c.start < a.end {
				return true
			}
		}
		return false
	}
	for _, l := range dobLabels {
		for _, m := range l.re.FindAllStringIndex(labelLine, -1) {
			if c := (iv{m[0], m[1]}); wordBounded(labelLine, m[0], m[1]) && !overlaps(c) {
				caps = append(caps, c)
			}
		}
	}
	own := iv{sp.start, sp.end}
	if len(caps) == 0 || overlaps(own) {
		// No birth caption, or the label is the birth date's own.
		return true
	}
	caps = append(caps, own)
	for _, m := range d.labelRow(sp.line) {
		if c := (iv{m.start, m.end}); m.date && !overlaps(c) {
			caps = append(caps, c)
		}
	}
	sort.Slice(caps, func(a, b int) bool { return caps[a].start < caps[b].start })
	rank := slices.Index(caps, own)
	dates := findDates(valueLine)
	if len(dates) != len(caps) {
		return false
	}
	hs := f(valueLine[dates[rank].start:dates[rank].end])
	return len(hs) > 0 && fmt.Sprint(hs[0].value) == fmt.Sprint(v)
}

// wordBounded reports that line[start:end] is whole words: "born" of
// "Newborn" is no birth caption.
func wordBounded(line string, start, end int) bool {
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	before, _ := utf8.DecodeLastRuneInString(line[:start])
	after, _ := utf8.DecodeRuneInString(line[end:])
	return (start == 0 || !word(before)) && (end == len(line) || !word(after))
}

// rowValue reads the value of the label at sp from line k; see row.
func (d *doc) rowValue(sp span, k int, f finder) (any, float64, bool) {
	labelLine, valueLine := d.lines[sp.line], d.lines[k]
	vc, lc := cells(valueLine), cells(labelLine)
	if len(vc) > 1 && len(lc) > 1 {
		v, conf, ok := pairCell(lc, vc, sp)
		if !ok {
			return nil, 0, false
		}
		if hs := f(v.text); len(hs) > 0 {
			return hs[0].value, conf, true
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
	if len(ls) <= 1 {
		// The one label this reader knows on a line of captions it does
		// not all know ("Newborn Resuscitation Issued Expires") over a
		// row of several values: the label's value is the first only
		// where the label opens its line, the last where it closes it,
		// and unknown in between.
		if hs := f(valueLine); len(hs) > 1 {
			switch {
			case strings.TrimSpace(labelLine[:sp.start]) == "":
				return hs[0].value, 0.8, true
			case strings.Trim(labelLine[sp.end:], " :") == "":
				return hs[len(hs)-1].value, 0.8, true
			}
			return nil, 0, false
		}
	}
	return alignRow(ls, idx, sp.date, valueLine, f)
}

// pairCell finds the value cell under the caption cell that holds the
// label at sp. A caption's own width says nothing of its value's: an id
// wider or narrower than "Verification No." moves the values after it,
// and a label matched inside its caption ("Issued" of "Date Issued")
// is narrower still. So the caption's whole cell is measured, and a
// value is its caption's only where each is the other's widest overlap.
// Where the rows have as many cells, the k-th value is the k-th
// caption's: a table has a cell for each caption, and the text's
// spacing, not the order, is what a text layer or OCR loses; the less
// sure where the two do not overlap at all. A caption no value
// overlaps, or two values overlap alike, has no value here: a date taken
// from the next column is worse than none.
func pairCell(lc, vc []cell, sp span) (cell, float64, bool) {
	ci := -1
	for i, c := range lc {
		if c.start <= sp.start && sp.end <= c.end {
			ci = i
		}
	}
	if ci < 0 {
		return cell{}, 0, false
	}
	overlap := func(a, b cell) int { return min(a.end, b.end) - max(a.start, b.start) }
	if len(vc) == len(lc) {
		if overlap(lc[ci], vc[ci]) > 0 {
			return vc[ci], 1, true
		}
		return vc[ci], confShiftedCell, true
	}
	vi := partner(ci, lc, vc, overlap)
	if vi < 0 {
		return cell{}, 0, false
	}
	return vc[vi], 1, true
}

// partner returns the index of the cell of bs that as[i] pairs with,
// each the other's widest overlap, or -1 where there is none.
func partner[C any, N int | float64](i int, as, bs []C, overlap func(a, b C) N) int {
	j := widestOverlap(as[i], bs, overlap)
	if j < 0 || widestOverlap(bs[j], as, overlap) != i {
		return -1
	}
	return j
}

// widestOverlap returns the index of the cell of cs overlapping c most,
// or -1 when none does or two do alike.
func widestOverlap[C any, N int | float64](c C, cs []C, overlap func(a, b C) N) int {
	best, tie := -1, false
	var bestO N
	for i, o := range cs {
		switch n := overlap(c, o); {
		case n > bestO:
			best, bestO, tie = i, n, false
		case n == bestO && n > 0:
			tie = true
		}
	}
	if tie {
		return -1
	}
	return best
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

// confStacked caps a value read under a caption printed over two lines.
const confStacked = 0.8

// lookupStacked reads the dates of captions a narrow cell printed over
// two lines ("Date of" over "Birth", "Date" over "Placed") and that no
// line spells whole: the caption's head fills a cell of its line, its
// tail a cell of the next line starting where the head starts (or
// centred under it), and the value stands under the tail as under a
// label. Only date labels are read so: a cell beside the tail is another
// caption, which no date finder takes for a value, and two columns'
// captions side by side are no caption of one (each part must fill its
// own cell).
func (d *doc) lookupStacked(labels []label, f finder, first bool) []found {
	g := d.geometry()
	if g == nil {
		return nil
	}
	var out []found
	for _, l := range widened(labels) {
		parts := strings.Fields(l.text)
		if !l.date || len(parts) < 2 {
			continue
		}
		for i := range d.lines {
			if i >= len(g.byLine) || len(g.byLine[i]) == 0 {
				continue
			}
			j := d.nextNonEmpty(i)
			if j < 0 || j >= len(g.byLine) || len(g.byLine[j]) == 0 {
				continue
			}
			for k := 1; k < len(parts); k++ {
				head, ok := cellOf(g, g.byLine[i], parts[:k])
				if !ok {
					continue
				}
				tail, ok := cellOf(g, g.byLine[j], parts[k:])
				if !ok {
					continue
				}
				h0, t0 := &g.words[head[0]], &g.words[tail[0]]
				h1, t1 := &g.words[head[len(head)-1]], &g.words[tail[len(tail)-1]]
				em := max(h0.em, t0.em)
				if h0.page != t0.page || (math.Abs(h0.box.X0-t0.box.X0) > em && math.Abs((h0.box.X0+h1.box.X1)/2-(t0.box.X0+t1.box.X1)/2) > em) {
					continue
				}
				sp := span{line: j, start: t0.start, end: t1.end, date: true, last: l.last}
				if v, ok := d.valueAt(sp, f, anywhere); ok && v.line != i {
					v.conf = min(v.conf, confStacked)
					out = append(out, v)
					if first {
						return out
					}
				}
			}
		}
	}
	return out
}

// cellOf returns the words of ws that spell want and fill a cell of
// their row alone: a column gap (or the row's end) on either side.
func cellOf(g *geometry, ws []int, want []string) ([]int, bool) {
	for a := 0; a+len(want) <= len(ws); a++ {
		match := true
		for n, p := range want {
			if strings.ToLower(strings.Trim(g.words[ws[a+n]].text, ":.#()[]{}|")) != p {
				match = false
				break
			}
		}
		if !match {
			continue
		}
		b := a + len(want) - 1
		apart := func(x, y int) bool {
			return g.words[ws[y]].box.X0-g.words[ws[x]].box.X1 >= g.wideGap(&g.words[ws[y]])
		}
		if (a == 0 || apart(a-1, a)) && (b == len(ws)-1 || apart(b, b+1)) {
			return ws[a : b+1], true
		}
	}
	return nil, false
}
