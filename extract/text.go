package extract

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// doc is a document's text prepared for reading by label.
type doc struct {
	lines []string
	// lower is lines in lower case, rune for rune, so positions agree.
	lower []string
	// matches caches, per line, where every known label matches.
	matches [][]labelMatch
	// layout caches captionsBelow: 1 captions under values, -1 over.
	layout int
}

// labelMatch is a known label found on a line.
type labelMatch struct {
	start, end int
	like       bool   // placed as a label (see labelLike)
	text       string // the label's own spelling
	date       bool   // the label of a date
}

// trademarks are dropped before reading: "QUANTIFERON(R)-TB" must read
// as the test's name.
var trademarks = strings.NewReplacer("(R)", " ", "(r)", " ", "®", " ", "(TM)", " ", "™", " ", "\u00a0", " ", "\t", "    ", "\r", "")

func newDoc(text string) *doc {
	d := &doc{}
	for _, l := range strings.Split(trademarks.Replace(text), "\n") {
		l = strings.TrimRightFunc(l, unicode.IsSpace)
		// Case folding must not change lengths, or positions found in the
		// lower-case copy would not fit the original.
		lower := []rune(l)
		for i, r := range lower {
			if lr := unicode.ToLower(r); utf8.RuneLen(lr) == utf8.RuneLen(r) {
				lower[i] = lr
			}
		}
		d.lines = append(d.lines, l)
		d.lower = append(d.lower, string(lower))
	}
	d.matches = make([][]labelMatch, len(d.lines))
	return d
}

// matchesOn returns where known labels stand on line i.
func (d *doc) matchesOn(i int) []labelMatch {
	if d.matches[i] != nil {
		return d.matches[i]
	}
	line := d.lines[i]
	out := []labelMatch{}
	for _, l := range allLabels {
		for _, loc := range l.re.FindAllStringIndex(line, -1) {
			if wordBoundary(line, loc[0], loc[1]) {
				out = append(out, labelMatch{start: loc[0], end: loc[1], text: l.text, date: dateLabels[l.text]})
			}
		}
	}
	ends := map[int]bool{}
	for _, m := range out {
		ends[m.end] = true
	}
	for k := range out {
		out[k].like = alwaysLabel(out[k].text) || labelLike(line, out[k].start, out[k].end, ends)
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].start != out[b].start {
			return out[a].start < out[b].start
		}
		return out[a].end > out[b].end
	})
	d.matches[i] = out
	return out
}

// shadowed reports that a longer label covers the span: "Name" inside
// "Instructor Name", "Date" inside "Date of Birth". With placed set only
// a longer label placed as a label counts: in "Test Date Placed", where
// "Date Placed" is not placed as one, "Placed" still heads its column.
func (d *doc) shadowed(i, start, end int, placed bool) bool {
	for _, m := range d.matchesOn(i) {
		if m.start <= start && m.end >= end && m.end-m.start > end-start && (m.like || !placed) {
			return true
		}
	}
	return false
}

// label is a compiled label phrase. Letters accept their OCR look-alikes
// and spaces accept any punctuation, so "Exp1ration Date", "DateofBirth"
// and "D.O.B." are found.
type label struct {
	text string
	re   *regexp.Regexp
}

// dateLabels are the labels of date fields, by text: a row of labels over
// a row of dates is matched among its date labels only.
var dateLabels = map[string]bool{}

// phraseLabels are labels specific enough to be labels wherever they
// stand, even inside running text: every label of three words or more,
// and these.
var phraseLabels = map[string]bool{
	"awarded to": true, "presented to": true, "issued to": true, "granted to": true, "certifies that": true,
	"certify that": true, "acknowledges that": true, "established for": true, "your result": true,
}

func alwaysLabel(text string) bool {
	return phraseLabels[text] || len(strings.Fields(text)) >= 3
}

// confusable lists what OCR reads a letter as, and its accented forms
// (bilingual documents print "Prénoms", "Nationalité").
var confusable = map[rune]string{
	'i': `[il1|!íìîï]`, 'l': `[il1|]`, 'o': `[o0óòôö]`, 's': `[s5]`, 'b': `[b8]`, 'e': `[ecéèêë]`,
	'a': `[aáàâä]`, 'u': `[uúùûü]`, 'n': `[nñ]`, 'c': `[cç]`,
}

func compileLabel(text string) label {
	var b strings.Builder
	b.WriteString(`(?i)`)
	// "make/model" is matched as "Make / Model" too.
	words := strings.Fields(strings.ReplaceAll(strings.ToLower(text), "/", " / "))
	// Short labels ("MI", "DL", "EXP") are matched as spelled: with OCR
	// look-alikes allowed, "mi" would match the "RN1" of "RN152589".
	short := len(strings.Join(words, "")) <= 4
	for wi, w := range words {
		if w == "/" {
			b.WriteString(`[\s]*/?`)
			continue
		}
		if wi > 0 {
			b.WriteString(`[\s._/:-]*`)
		}
		for _, r := range w {
			switch {
			case short && r != '.' && r != '#':
				b.WriteString(regexp.QuoteMeta(string(r)))
			case r == 'm':
				b.WriteString(`(?:m|rn)`)
			case r == '#':
				b.WriteString(`(?:#|no\.?|num(?:ber)?)`)
			case r == '.':
				b.WriteString(`\.?`)
			case confusable[r] != "":
				b.WriteString(confusable[r])
			default:
				b.WriteString(regexp.QuoteMeta(string(r)))
			}
		}
	}
	return label{text: text, re: regexp.MustCompile(b.String())}
}

// compileDateLabels is compileLabels for the labels of a date field.
func compileDateLabels(texts ...string) []label {
	for _, t := range texts {
		dateLabels[t] = true
	}
	return compileLabels(texts...)
}

// compileLabels compiles a field's labels and registers them as known, so
// that other fields' values end where they start.
func compileLabels(texts ...string) []label {
	out := make([]label, len(texts))
	for i, t := range texts {
		out[i] = compileLabel(t)
	}
	for _, l := range out {
		if !registered[l.text] {
			registered[l.text] = true
			allLabels = append(allLabels, l)
		}
	}
	return out
}

// span is a label found on a line.
type span struct {
	line, start, end int // byte offsets in doc.lines[line]
	date             bool
}

// occurrences returns where the label stands at a word boundary, not inside
// a longer label, and placed the way forms place labels (see labelLike) or,
// with like false, placed otherwise (in running text).
func (d *doc) occurrences(l label, like bool) []span {
	var out []span
	for i := range d.lines {
		for _, m := range d.matchesOn(i) {
			if m.text == l.text && m.like == like && !d.shadowed(i, m.start, m.end, like) {
				out = append(out, span{line: i, start: m.start, end: m.end, date: m.date})
			}
		}
	}
	return out
}

func wordBoundary(line string, start, end int) bool {
	if start > 0 {
		r, _ := utf8.DecodeLastRuneInString(line[:start])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	if end < len(line) {
		r, _ := utf8.DecodeRuneInString(line[end:])
		if unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// labelLike tells a label from the same words in prose ("a negative result
// does not exclude...", "cleared without restrictions"): a label starts its
// line (after a field number, a bullet or a check box) or stands after a
// column gap or another label; elsewhere it needs a colon, a column gap or
// a number after it. labelEnds holds where other labels on the line end.
func labelLike(line string, start, end int, labelEnds map[int]bool) bool {
	before := line[:start]
	if lineLead(before) {
		return true
	}
	if strings.HasSuffix(before, "  ") || strings.HasSuffix(before, "|") || strings.HasSuffix(before, "| ") ||
		strings.HasSuffix(before, ";") || strings.HasSuffix(before, "; ") || labelEnds[len(strings.TrimRight(before, " /"))] {
		return true
	}
	after := line[end:]
	trimmed := strings.TrimLeft(after, " ")
	switch {
	case strings.HasPrefix(trimmed, ":") || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, "="):
		return true
	case strings.HasPrefix(after, "  ") && trimmed != "":
		return true
	case len(after) > len(trimmed) && len(trimmed) > 0 && (unicode.IsDigit(rune(trimmed[0])) || strings.ContainsRune("<>O", rune(trimmed[0])) && len(trimmed) > 1 && unicode.IsDigit(rune(trimmed[1]))):
		return true
	}
	return false
}

// lineLead reports that what precedes a label on its line only leads
// into it: nothing, a field number ("4d", "3"), a bullet or a check box.
func lineLead(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" || len(t) <= 3 && (strings.ContainsAny(t, "0123456789") || !strings.ContainsFunc(t, unicode.IsLetter)) {
		return true
	}
	rest := t
	for _, re := range []*regexp.Regexp{checkedMark, uncheckedMark} {
		rest = re.ReplaceAllString(rest, "")
	}
	return len(strings.TrimSpace(rest)) <= 1
}

// allLabels is every label any field reads, plus words forms print as
// labels of fields no type keeps. A value ends where another label starts.
var (
	allLabels  []label
	registered = map[string]bool{}
)

var _ = compileLabels(
	"sex", "gender", "age", "mrn", "phone", "fax", "address", "id", "time", "signature", "site", "lot", "lot number", "lot #",
	"route", "dept", "department", "position", "employer", "account", "ssn", "eyes", "hgt", "height", "wgt", "weight",
	"hair", "class", "rstr", "restr", "end", "dd", "donor id", "specimen", "specimen id", "order #", "reason for test",
	"specimen type", "package", "size", "test method", "method", "flag", "reference", "reference range", "instructor",
	"instructor id", "course director", "email", "e-mail", "tel", "cell", "mobile", "npi",
	"training center id", "training center city", "training center phone", "training center city, state",
	"multistate privilege", "multistate", "discipline", "public board orders",
	"course id", "verified", "received", "reported", "requisition", "ordering physician", "indication", "vaccine",
	"manufacturer", "dose", "date", "form", "mi", "type", "code", "place of birth", "authority", "time read",
	"reason", "years in specialty", "years of experience", "years experience", "visit type", "visit", "referring",
	"comparison", "clinical history", "history", "ordering", "client id", "user id", "printed", "score",
	"report date", "dept.", "step 1", "step 2", "antigen", "exercises", "user seal check", "overall fit factor", "fit factor",
	"topics", "modules", "participant id", "vitals", "determination", "ordering provider", "mro",
	"medical review officer", "collector", "performing site", "in range", "out of range", "test name",
)

// nextLabel returns where the first label after position from starts on
// line i, or -1. Only labels followed by a colon count unless loose:
// inside a value, a label word without its colon is usually a word.
func (d *doc) nextLabel(i, from int, loose bool) int {
	line := d.lines[i]
	for _, m := range d.matchesOn(i) {
		if m.start <= from {
			continue
		}
		if !loose && !strings.HasPrefix(strings.TrimLeft(line[m.end:], " "), ":") {
			continue
		}
		return m.start
	}
	return -1
}

var parenthesised = regexp.MustCompile(`\([^()]*\)`)

// unknownLabel is a label's shape: a capitalised word, up to three more,
// and a colon.
var unknownLabel = regexp.MustCompile(`\s[A-Z][A-Za-z/#.()'-]*(?:\s+[A-Za-z/#.()'-]+){0,3}\s*:(?:\s|$)`)

// columnGap matches the space between two columns of a form.
var columnGap = regexp.MustCompile(`\s{2,}`)

// cell is the text of one column of a line.
type cell struct {
	start, end int
	text       string
}

// cells splits a line into columns at gaps of two spaces or more.
func cells(line string) []cell {
	var out []cell
	gap := regexp.MustCompile(`\s{2,}`)
	prev := 0
	for _, loc := range gap.FindAllStringIndex(line, -1) {
		if t := strings.TrimSpace(line[prev:loc[0]]); t != "" {
			out = append(out, cell{start: prev, end: loc[0], text: t})
		}
		prev = loc[1]
	}
	if t := strings.TrimSpace(line[prev:]); t != "" {
		out = append(out, cell{start: prev, end: len(line), text: t})
	}
	return out
}

// finder returns the candidate values found in a piece of text, in order.
type finder func(s string) []hit

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
	var out []found
	for _, l := range labels {
		for _, sp := range d.occurrences(l, mode != running) {
			if v, ok := d.valueAt(sp, f, mode); ok {
				out = append(out, v)
				if first {
					return out
				}
			}
		}
	}
	return out
}

// valueAt reads the value of the label at sp.
func (d *doc) valueAt(sp span, f finder, mode lookupMode) (found, bool) {
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
	// A label this reader does not know ends the value too: capitalised
	// words and a colon ("NICU Years in specialty: 1").
	if loc := unknownLabel.FindStringIndex(line[from:max(from, end)]); loc != nil && loc[0] > 0 {
		end = from + loc[0]
	}
	if seg := line[from:max(from, end)]; strings.TrimSpace(seg) != "" {
		hs := f(seg)
		switch {
		case len(hs) == 0:
			// A value of another kind, or a blank left empty ("____"):
			// what is below belongs to something else.
			return found{}, false
		case mode == running && strings.TrimSpace(seg[:hs[0].start]) != "":
			// In running text only what follows the label at once is its
			// value.
			return found{}, false
		case mode == running:
			return found{value: hs[0].value, conf: confRunning, line: sp.line}, true
		}
		return found{value: hs[0].value, conf: confSameLine, line: sp.line}, true
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

// labelsCover reports that labels make most of line i from position
// from on.
func (d *doc) labelsCover(i, from int) bool {
	line := d.lines[i]
	covered, total := 0, 0
	for _, r := range line[from:] {
		if unicode.IsLetter(r) {
			total++
		}
	}
	end := from
	for _, m := range d.matchesOn(i) {
		if !m.like || m.start < end {
			continue
		}
		for _, r := range line[m.start:m.end] {
			if unicode.IsLetter(r) {
				covered++
			}
		}
		end = m.end
	}
	return total > 0 && covered*10 >= total*7
}

// headerRow reports that line i is a row of column headings: several
// labels and little else, no colon, no digit.
func (d *doc) headerRow(i int) bool {
	return len(d.labelRow(i)) >= 2 && !strings.ContainsAny(d.lines[i], ":0123456789") && d.labelOnly(i)
}

// labelOnly reports that a line holds labels and little else: notes in
// parentheses ("Patient number (medical record or IIS record number)")
// and a column this reader has no label for ("Size Agent") are allowed
// as long as labels make most of the line.
func (d *doc) labelOnly(i int) bool {
	line := d.lines[i]
	rest := []byte(parenthesised.ReplaceAllStringFunc(line, func(p string) string { return strings.Repeat(" ", len(p)) }))
	covered, total := 0, 0
	for _, r := range string(rest) {
		if unicode.IsLetter(r) {
			total++
		}
	}
	for _, m := range d.matchesOn(i) {
		if !m.like {
			continue
		}
		for k := m.start; k < m.end; k++ {
			if rest[k] != ' ' && unicode.IsLetter(rune(rest[k])) {
				covered++
			}
			rest[k] = ' '
		}
	}
	if covered == 0 {
		return false
	}
	return strings.Trim(string(rest), " :#.-/|") == "" || !strings.ContainsAny(line, "0123456789") && covered*10 >= total*7
}

func (d *doc) prevNonEmpty(i int) int {
	for k := i - 1; k >= 0; k-- {
		if strings.TrimSpace(d.lines[k]) != "" {
			return k
		}
	}
	return -1
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

// labelRow returns the labels standing as labels on line i, left to
// right, without overlaps (the longest label at a place wins).
//
// A label and its translations or alternatives after slashes ("Nationality
// / Nationalité / Nacionalidad", "Route/Site") head one column.
func (d *doc) labelRow(i int) []labelMatch {
	line := d.lines[i]
	var out []labelMatch
	end := -1
	for _, m := range d.matchesOn(i) {
		if n := len(out); n > 0 && m.start < end {
			if p := out[n-1]; laterHeading(p, m) {
				m.like = true
				out[n-1] = m
				end = m.end
			}
			continue
		}
		if !m.like || m.start < end {
			continue
		}
		if n := len(out); n > 0 && strings.Trim(line[out[n-1].end:m.start], " ") == "/" {
			out[n-1].end = m.end
			out[n-1].date = out[n-1].date || m.date
			end = m.end
			continue
		}
		out = append(out, m)
		end = m.end
	}
	return out
}

// laterHeading reports that of two date headings sharing a word the later
// one is the column: "Test Date Placed" is "Test" | "Date Placed".
func laterHeading(p, m labelMatch) bool {
	return p.date && m.date && m.start > p.start && m.end > p.end
}

// labelsOn returns where labels start on line i, left to right, without
// overlaps (the longest label at a place wins).
func (d *doc) labelsOn(i int) []int {
	var out []int
	end := -1
	for _, m := range d.matchesOn(i) {
		if m.like && m.start >= end {
			out = append(out, m.start)
			end = m.end
		}
	}
	return out
}

// startsWithLabel reports that a line opens with a label, i.e. is a field
// of its own rather than a value.
func (d *doc) startsWithLabel(i int) bool {
	line := d.lines[i]
	ls := d.labelsOn(i)
	if len(ls) == 0 {
		return false
	}
	return lineLead(line[:ls[0]])
}

func startsWithBox(s string) bool {
	t := strings.TrimLeft(s, " ")
	for _, re := range []*regexp.Regexp{checkedMark, uncheckedMark} {
		if loc := re.FindStringIndex(t); loc != nil && loc[0] == 0 {
			return true
		}
	}
	return false
}

func (d *doc) nextNonEmpty(i int) int {
	for k := i + 1; k < len(d.lines); k++ {
		if strings.TrimSpace(d.lines[k]) != "" {
			return k
		}
	}
	return -1
}

func blankish(s string) bool {
	return strings.Trim(s, " _.-:/|[]()") == ""
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// contains reports whether the document contains the phrase (OCR-tolerant,
// at word boundaries), and on which line first.
func (d *doc) contains(l label) (int, bool) {
	for i, line := range d.lines {
		for _, loc := range l.re.FindAllStringIndex(line, -1) {
			if wordBoundary(line, loc[0], loc[1]) {
				return i, true
			}
		}
	}
	return -1, false
}

// Check boxes as text layers and OCR render them.
var (
	checkedMark   = regexp.MustCompile(`(?i)(?:\[\s*[x✓✔v/]\s*\]|\(\s*[x✓✔]\s*\)|[☒☑✓✔■●▣⊠])`)
	uncheckedMark = regexp.MustCompile(`(?:\[\s*\]|\(\s*\)|[☐□○◯])`)
)

// option is one answer a form may give, with the value it means. Options
// are tried in order and a matched span is not matched again, so "not
// detected" is listed before "detected" and "non-negative" before
// "negative".
type option struct {
	re    *regexp.Regexp
	value string
}

func options(pairs ...string) []option {
	var out []option
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, option{re: regexp.MustCompile(`(?i)(?:^|[^\pL])(` + pairs[i] + `)(?:[^\pL]|$)`), value: pairs[i+1]})
	}
	return out
}

type optionHit struct {
	start, end int
	value      string
	mark       int // 1 checked, -1 unchecked, 0 no box
}

// findOptions returns the options present in s, in order, with the state
// of the check box beside each, if any.
func findOptions(s string, opts []option) []optionHit {
	taken := make([]bool, len(s)+1)
	var hits []optionHit
	for _, o := range opts {
		for _, loc := range o.re.FindAllStringSubmatchIndex(s, -1) {
			st, en := loc[2], loc[3]
			free := true
			for i := st; i < en; i++ {
				if taken[i] {
					free = false
					break
				}
			}
			if !free {
				continue
			}
			for i := st; i < en; i++ {
				taken[i] = true
			}
			hits = append(hits, optionHit{start: st, end: en, value: o.value})
		}
	}
	sort.Slice(hits, func(i, j int) bool { return hits[i].start < hits[j].start })
	markBoxes(s, hits)
	return hits
}

// markBoxes sets each option's check box. A form puts its boxes either
// before the options ("[X] Negative  [ ] Positive") or after them ("Pass
// [X]  Fail [ ]"); a box between two options belongs to one of them, so the
// side is decided for the whole group, by which side has boxes on more
// options.
func markBoxes(s string, hits []optionHit) {
	before := make([]int, len(hits))
	after := make([]int, len(hits))
	nBefore, nAfter := 0, 0
	for i, h := range hits {
		from := max(0, h.start-8)
		if i > 0 {
			from = max(from, hits[i-1].end)
		}
		to := min(len(s), h.end+8)
		if i+1 < len(hits) {
			to = min(to, hits[i+1].start)
		}
		if before[i] = markEnding(s[from:h.start]); before[i] != 0 {
			nBefore++
		}
		if after[i] = markStarting(s[h.end:to]); after[i] != 0 {
			nAfter++
		}
	}
	for i := range hits {
		if nAfter > nBefore {
			hits[i].mark = after[i]
		} else {
			hits[i].mark = before[i]
		}
	}
}

// markEnding reads a box that ends the text (the box before an option).
func markEnding(s string) int {
	t := strings.TrimRight(s, " :")
	switch {
	case t == "":
		return 0
	case endsWith(checkedMark, t):
		return 1
	case endsWith(uncheckedMark, t):
		return -1
	case t == "X" || t == "x" || strings.HasSuffix(t, " X") || strings.HasSuffix(t, " x"):
		return 1
	}
	return 0
}

// markStarting reads a box that starts the text (the box after an option).
func markStarting(s string) int {
	t := strings.TrimLeft(s, " :")
	if loc := checkedMark.FindStringIndex(t); loc != nil && loc[0] == 0 {
		return 1
	}
	if loc := uncheckedMark.FindStringIndex(t); loc != nil && loc[0] == 0 {
		return -1
	}
	return 0
}

func endsWith(re *regexp.Regexp, s string) bool {
	locs := re.FindAllStringIndex(s, -1)
	return len(locs) > 0 && locs[len(locs)-1][1] == len(s)
}

// choose picks the answer from the options found in s: the ticked one
// when the text has check boxes, the only one when there is one. Several
// different unmarked answers are a blank form's choices ("Negative /
// Positive"), unless the first opens the text and the others come well
// after it (a comment, a reference range).
func choose(s string, hits []optionHit) (string, bool) {
	if len(hits) == 0 {
		return "", false
	}
	boxes := false
	var checked, values []string
	for _, h := range hits {
		values = append(values, h.value)
		switch h.mark {
		case 1:
			boxes = true
			checked = append(checked, h.value)
		case -1:
			boxes = true
		}
	}
	if boxes {
		if len(checked) > 0 && allSame(checked) {
			return checked[0], true
		}
		return "", false
	}
	if allSame(values) {
		return values[0], true
	}
	// The first answer opening the text is the answer, and what follows
	// a reference or a comment ("POSITIVE  Negative"), unless the answers
	// are offered as alternatives ("Negative / Positive").
	if strings.TrimSpace(s[:hits[0].start]) == "" && !alternatives.MatchString(s[hits[0].end:hits[1].start]) {
		return hits[0].value, true
	}
	// A lab's flagged result in capitals, then its reference in lower
	// case: "POSITIVE Negative".
	first, second := s[hits[0].start:hits[0].end], s[hits[1].start:hits[1].end]
	if strings.TrimSpace(s[:hits[0].start]) == "" && first == strings.ToUpper(first) && second != strings.ToUpper(second) &&
		strings.TrimSpace(s[hits[0].end:hits[1].start]) == "" {
		return hits[0].value, true
	}
	return "", false
}

// alternatives is what separates answers offered side by side; nothing
// but spaces may be that too ("Negative  Positive").
var alternatives = regexp.MustCompile(`(?i)^\s*(?:/|\||or|,|;)?\s*$`)

func allSame(vs []string) bool {
	for _, v := range vs[1:] {
		if v != vs[0] {
			return false
		}
	}
	return true
}

// optionFinder makes a finder of the answer among opts.
func optionFinder(opts []option) finder {
	return func(s string) []hit {
		hits := findOptions(s, opts)
		v, ok := choose(s, hits)
		if !ok {
			return nil
		}
		for _, h := range hits {
			if h.value == v {
				return []hit{{start: h.start, end: h.end, value: v}}
			}
		}
		return nil
	}
}
