package extract

// doc and its lines: the text of a document prepared for reading by label.

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/clearedtostart/compliance/pagetext"
)

// doc is a document's text prepared for reading by label.
type doc struct {
	lines []string
	// matches caches, per line, where every known label matches.
	matches [][]labelMatch
	// layout caches captionsBelow: 1 captions under values, -1 over.
	layout int
	// pages are the document's pages as words with their boxes, where
	// known; sep marks the lines that separate pages ("\f").
	pages []pagetext.Page
	sep   []bool
	// geo is the layout tying lines to the pages' words (see
	// layout.go), built on first use.
	geo     *geometry
	geoDone bool
	// wordLabels caches labelWords by line.
	wordLabels map[int]wordLabels
	// asOf is the day the document is judged on (zero where unknown),
	// which tells a birth date from other dates.
	asOf time.Time
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
	return newPagedDoc(text, nil)
}

// newPagedDoc prepares a document whose text is its pages' lines joined,
// pages apart by a "\f" line, for reading by label and by layout.
func newPagedDoc(text string, pages []pagetext.Page) *doc {
	d := &doc{pages: pages}
	for _, l := range strings.Split(trademarks.Replace(text), "\n") {
		d.sep = append(d.sep, l == "\f")
		d.lines = append(d.lines, strings.TrimRightFunc(l, unicode.IsSpace))
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
	skel := skeleton(line)
	for _, l := range allLabels {
		if l.key != "" && !strings.Contains(skel, l.key) {
			continue
		}
		for _, loc := range l.re.FindAllStringIndex(line, -1) {
			if wordBoundary(line, loc[0], loc[1]) && !d.spansGap(i, loc[0], loc[1]) {
				out = append(out, labelMatch{start: loc[0], end: loc[1], text: l.text, date: l.date})
			}
		}
	}
	if d.scanned(i) {
		for _, m := range misspeltLabels(line, out) {
			if wordBoundary(line, m.start, m.end) && !d.spansGap(i, m.start, m.end) {
				out = append(out, m)
			}
		}
	}
	ends := map[int]bool{}
	for _, m := range out {
		ends[m.end] = true
	}
	for k := range out {
		m := &out[k]
		m.like = alwaysLabel(m.text) || labelLike(line, m.start, m.end, ends) || d.geoLike(i, m.start, m.end)
		if m.like && bareLabels[m.text] {
			// "Instructor ID #", "TC ID", "Promo Code": a bare word is the
			// tail of another thing's label unless it opens its cell.
			before := line[:m.start]
			m.like = lineLead(before) || strings.HasSuffix(before, "  ") || itemBreak(before) ||
				strings.HasSuffix(strings.TrimRight(before, " "), ";") || d.opensCell(i, m.start)
		}
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
// "Instructor Name", "Date" inside "Date of Birth". A longer label of the
// same field (group) that is not placed as a label does not count: in
// "Test Date Placed", "Placed" still heads the "Date Placed" column.
func (d *doc) shadowed(i, start, end int, group []label) bool {
	for _, m := range d.matchesOn(i) {
		if m.start <= start && m.end >= end && m.end-m.start > end-start && (m.like || !labelIn(m.text, group)) {
			return true
		}
	}
	return false
}

// span is a label found on a line.
type span struct {
	line, start, end int // byte offsets in doc.lines[line]
	date             bool
	// last: the value is the end of a range (see label.last).
	last bool
}

// occurrences returns where the label stands at a word boundary, not inside
// a longer label, and placed the way forms place labels (see labelLike) or,
// with like false, placed otherwise (in running text).
func (d *doc) occurrences(l label, like bool, group []label) []span {
	var out []span
	for i := range d.lines {
		for _, m := range d.matchesOn(i) {
			if !like && bareLabels[m.text] {
				// A bare word in running text labels nothing.
				continue
			}
			if m.text != l.text || m.like != like {
				continue
			}
			if !d.shadowed(i, m.start, m.end, group) {
				out = append(out, span{line: i, start: m.start, end: m.end, date: m.date, last: l.last})
			} else if a, ok := d.alternatives(i, m, group); ok && !slices.ContainsFunc(out, func(s span) bool { return s.line == i && s.start == a.start }) {
				out = append(out, span{line: i, start: a.start, end: a.end, date: m.date, last: l.last})
			}
		}
	}
	return out
}

// alternatives returns the longer label on line i that m opens or closes
// as one of its alternatives, each a label of group, where there is one:
// "Clinic/Facility:" labels a clinic or a facility, which a reader of
// either label reads, though a label of that name shadows both.
func (d *doc) alternatives(i int, m labelMatch, group []label) (labelMatch, bool) {
	for _, o := range d.matchesOn(i) {
		if o.start > m.start || o.end < m.end || o.end-o.start <= m.end-m.start || !strings.Contains(o.text, "/") {
			continue
		}
		parts := strings.Split(o.text, "/")
		if !slices.Contains(parts, m.text) || slices.ContainsFunc(parts, func(p string) bool { return !labelIn(strings.TrimSpace(p), group) }) {
			continue
		}
		if !d.shadowed(i, o.start, o.end, group) {
			return o, true
		}
	}
	return labelMatch{}, false
}

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

// startsWithLabel reports that a line opens with a label, i.e. is a field
// of its own rather than a value.
func (d *doc) startsWithLabel(i int) bool {
	line := d.lines[i]
	ls := d.labelRow(i)
	if len(ls) == 0 {
		return false
	}
	before := line[:ls[0].start]
	// "Petsa ng Kapanganakan/Date of Birth": a label printed after its
	// translation opens its line too.
	return lineLead(before) || translated.MatchString(before)
}

// translated is a label's translation glued before it with a slash.
var translated = regexp.MustCompile(`^\s*\pL[\pL'’ .-]{0,40}/$`)

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
