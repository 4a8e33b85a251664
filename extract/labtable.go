package extract

// Lab reports print results as tables: a header row of captions over rows
// of values. A text layer writes such a table's rows as lines, but a page
// laid out in columns interleaves them with the other column's lines, and
// a footnote ("A negative result does not exclude infection") or a legend
// table ("Result | Criteria" over "Negative | < 0.35") stands under the
// same "Result" caption a label lookup follows. Reading the table by its
// geometry (each value matched to its caption's column by x-overlap, the
// reference columns left out) gives the answer the table reports, and the
// tubes' measurements by their own row or column.

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// labRow is one row of a page's words cut into cells at column gaps.
type labRow struct {
	cells []xCell
	texts []string
	// lines are the doc lines of each cell's first word.
	lines []int
	// line is the doc line of the row's first word, cy its middle and em
	// its words' unit.
	line   int
	cy, em float64
}

// labTable is a header row of captions and the value rows under it.
type labTable struct {
	head labRow
	rows []labRow
}

// Limits of a table's shape.
const (
	// tableRowGap is how far under the row before, in ems, a table's next
	// row may stand: a padded row with a rule, not a paragraph apart.
	tableRowGap = 2.6
	// headCaptionWords is the most words a header caption has.
	headCaptionWords = 4
)

// labTables returns the tables of the document's text-layer pages. OCR's
// pages are left out: a misread digit or a lost cell would move a value
// under another caption. A table is a run of two captions or more on a
// row and the rows under it, each cut to the run's width: a page in two
// columns sets another column's lines on the same rows.
func (d *doc) labTables() []labTable {
	g := d.geometry()
	if g == nil {
		return nil
	}
	var out []labTable
	for _, p := range g.pages {
		if p.ocr {
			continue
		}
		rows := g.labRows(p)
		for i, r := range rows {
			for _, head := range captionRuns(r) {
				t := labTable{head: head}
				prev := head
				for _, next := range rows[i+1:] {
					if next.cy-prev.cy > tableRowGap*max(next.em, prev.em) {
						break
					}
					v, ok := t.cut(next)
					if !ok {
						continue
					}
					if captionRow(v) {
						break
					}
					t.rows = append(t.rows, v)
					prev = v
				}
				if len(t.rows) > 0 {
					out = append(out, t)
				}
			}
		}
	}
	return out
}

// captionRuns returns a row's runs of two caption cells or more (see
// captionRow), each as a row of its own.
func captionRuns(r labRow) []labRow {
	var out []labRow
	from := 0
	for k := 0; k <= len(r.cells); k++ {
		if k < len(r.cells) && captionCell(r.texts[k]) {
			continue
		}
		if k-from >= 2 {
			out = append(out, r.part(from, k))
		}
		from = k + 1
	}
	return out
}

// part is the row's cells [from, to) as a row.
func (r labRow) part(from, to int) labRow {
	return labRow{cells: r.cells[from:to], texts: r.texts[from:to], lines: r.lines[from:to], line: r.lines[from], cy: r.cy, em: r.em}
}

// cut returns the row's cells within the table's width, if any.
func (t labTable) cut(r labRow) (labRow, bool) {
	x0, x1 := t.head.cells[0].x0-2*t.head.em, t.head.cells[len(t.head.cells)-1].x1+6*t.head.em
	from, to := -1, -1
	for k, c := range r.cells {
		if c.x0 >= x0 && c.x1 <= x1 {
			if from < 0 {
				from = k
			}
			to = k + 1
		}
	}
	if from < 0 {
		return labRow{}, false
	}
	return r.part(from, to), true
}

// labRows cuts a page's words into rows, top to bottom, each row's words
// into cells at column gaps.
func (g *geometry) labRows(p gpage) []labRow {
	ws := append([]int(nil), p.words...)
	sort.SliceStable(ws, func(a, b int) bool { return g.words[ws[a]].cy < g.words[ws[b]].cy })
	taken := make(map[int]bool, len(ws))
	var out []labRow
	for k, wi := range ws {
		if taken[wi] {
			continue
		}
		first := &g.words[wi]
		var row []int
		for _, wj := range ws[k:] {
			w := &g.words[wj]
			if w.cy-first.cy > first.em {
				break
			}
			if !taken[wj] && sameRow(first, w) {
				row = append(row, wj)
				taken[wj] = true
			}
		}
		sort.Slice(row, func(a, b int) bool { return g.words[row[a]].box.X0 < g.words[row[b]].box.X0 })
		r := labRow{line: first.line, cy: first.cy, em: first.em}
		for n, wj := range row {
			w := &g.words[wj]
			if n == 0 || w.box.X0-g.words[row[n-1]].box.X1 >= g.wideGap(w) {
				r.cells = append(r.cells, xCell{x0: w.box.X0, x1: w.box.X1})
				r.texts = append(r.texts, "")
				r.lines = append(r.lines, w.line)
			}
			c := &r.cells[len(r.cells)-1]
			c.x1 = max(c.x1, w.box.X1)
			c.words = append(c.words, wj)
			r.texts[len(r.texts)-1] = strings.TrimSpace(r.texts[len(r.texts)-1] + " " + w.text)
		}
		out = append(out, r)
	}
	return out
}

// captionRow reports a row of column captions: two cells or more, each a
// caption (see captionCell).
func captionRow(r labRow) bool {
	return len(r.cells) >= 2 && !slices.ContainsFunc(r.texts, func(t string) bool { return !captionCell(t) })
}

// captionCell reports a cell that can caption a column: a few words, no
// number among them (a tube's "TB1" is a name) and no answer.
func captionCell(t string) bool {
	ws := strings.Fields(t)
	return len(ws) <= headCaptionWords && !slices.ContainsFunc(ws, numeric) && len(findOptions(resultText(t), resultOptions)) == 0
}

// numeric reports a word with digits and no letter: a value, a date.
func numeric(w string) bool {
	return strings.ContainsFunc(w, unicode.IsDigit) && !strings.ContainsFunc(w, unicode.IsLetter)
}

// column returns the caption whose column a value cell stands in: the
// caption it overlaps most, else none.
func (t labTable) column(c xCell) int {
	return widestOverlap(c, t.head.cells, func(a, b xCell) float64 { return min(a.x1, b.x1) - max(a.x0, b.x0) })
}

// referenceCaption names a column of references, not of the patient's
// values: "Reference Range", "Normal", "Expected", "Standard Range",
// "Cut-off", "Criteria".
var referenceCaption = regexp.MustCompile(`(?i)\b(?:ref(?:erence)?|range|normal|expected|standard|interval|cut[\s-]*off|criteria|limits?|flag)\b`)

// tableAnswer is a table's answer read by its columns: its value and the
// doc line of its row.
type tableAnswer struct {
	value string
	line  int
}

// answer reads the answer the table reports: the one answer standing
// alone in a cell of a value column (a reference column's answer is what
// is expected, not what was found). A table listing two answers or more
// is a legend, or more than one result: no answer.
func (t labTable) answer(opts []option) (tableAnswer, bool) {
	if t.legend(opts) {
		return tableAnswer{}, false
	}
	var got tableAnswer
	for _, r := range t.rows {
		for k, c := range r.cells {
			col := t.column(c)
			if col < 0 || col == 0 && len(t.rows) > 1 || referenceCaption.MatchString(t.head.texts[col]) {
				// The first column names each row ("Positive Control",
				// "Nil"), unless the table is one row of values.
				continue
			}
			v, ok := cellAnswer(r.texts[k], opts)
			if !ok || k > 0 && !tbRowName.MatchString(r.texts[0]) {
				// A panel's other tests ("HIV 1/2 | Non-reactive") give
				// no answer of this one.
				continue
			}
			if got.value != "" && got.value != v {
				return tableAnswer{}, false
			}
			if got.value == "" {
				got = tableAnswer{value: v, line: r.lines[k]}
			}
		}
	}
	return got, got.value != ""
}

// tbRowName names a row of a TB blood test's answer: the test, its
// interpretation or its overall result.
var tbRowName = regexp.MustCompile(`(?i)quanti|\bqft|t[\s.-]*spot|\bigra\b|interferon|\btb\b|tuberc|interpret|result|overall|final|assay|qualitative|outcome`)

// legend reports a key of answers: two rows or more that each open with
// a different answer ("Negative | TB1 minus Nil < 0.35", "Positive | ...").
func (t labTable) legend(opts []option) bool {
	seen := map[string]bool{}
	for _, r := range t.rows {
		if v, ok := cellAnswer(r.texts[0], opts); ok {
			seen[v] = true
		}
	}
	return len(seen) >= 2
}

// cellAnswer reads a cell that is an answer and at most a flag beside
// it ("POSITIVE", "Not detected", "Negative (A)", "Positive H"): a cell
// of criteria, a sentence or a row's name ("Positive Control") is none.
func cellAnswer(text string, opts []option) (string, bool) {
	s := resultText(text)
	if strings.ContainsFunc(s, unicode.IsDigit) {
		return "", false
	}
	hits := findOptions(s, opts)
	if len(hits) != 1 {
		return "", false
	}
	rest := strings.Fields(answerFlag.ReplaceAllString(s[:hits[0].start]+" "+s[hits[0].end:], " "))
	if len(rest) > 0 {
		return "", false
	}
	return hits[0].value, true
}

// answerFlag is what a lab prints beside an answer: a flag letter or word,
// a footnote's mark, a parenthesis.
var answerFlag = regexp.MustCompile(`(?i)\([^)]{0,12}\)|\b(?:h|l|a|n|hi|lo|high|low|abn|abnormal|normal|critical|final)\b|[*!†‡:.,;\[\]-]`)

// tube is a QuantiFERON tube's measurement read from a table.
type tube struct {
	kind     string // "nil", "tb", "mitogen"
	minusNil bool
	value    float64
}

var (
	// tubeName is a cell naming a QFT tube: "Nil", "TB1", "TB2 Antigen",
	// "TB Ag 1 - Nil", "Mitogen minus Nil", with its unit or an antigen's
	// name in parentheses.
	tubeName     = regexp.MustCompile(`(?i)^(?:qft[\s-]*)?(nil|tb\s*-?\s*[12]|tb\s*(?:antigen|ag)\s*[12]?|mitogen)(?:\s+(?:antigen|ag|tube|control|value|response))*\s*(?:(?:-|–|minus)\s*nil)?\s*(?:\([^)]*\))?\s*(?:\(?iu\s*/\s*ml\)?)?$`)
	tubeMinusNil = regexp.MustCompile(`(?i)(?:-|–|minus)\s*nil\b`)
	// tubeValue is a measurement: a number, perhaps bounded ("> 10.00").
	tubeValue = regexp.MustCompile(`^([<>≤≥]=?)?\s*(\d{1,3}(?:\.\d{1,3})?)(?:\s*iu\s*/\s*ml)?$`)
)

// tubeOf parses a cell naming a tube.
func tubeOf(text string) (tube, bool) {
	m := tubeName.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return tube{}, false
	}
	t := tube{kind: "tb", minusNil: tubeMinusNil.MatchString(text)}
	switch k := strings.ToLower(m[1]); {
	case k == "nil":
		t.kind, t.minusNil = "nil", false
	case k == "mitogen":
		t.kind = "mitogen"
	}
	return t, true
}

// measure parses a tube's value; a value under a bound ("< 0.01") is
// taken as none.
func measure(text string) (float64, bool) {
	m := tubeValue.FindStringSubmatch(strings.TrimSpace(strings.ToLower(text)))
	if m == nil {
		return 0, false
	}
	n, err := strconv.ParseFloat(m[2], 64)
	if err != nil {
		return 0, false
	}
	if strings.HasPrefix(m[1], "<") || strings.HasPrefix(m[1], "≤") {
		n = 0
	}
	return n, true
}

// tubes reads the QFT tubes' measurements a table gives: a row per tube
// (a cell naming it, its value in the next value column right of it), or
// a caption per tube over one row of values.
func (t labTable) tubes() []tube {
	var out []tube
	for _, r := range t.rows {
		for k := range r.cells {
			tb, ok := tubeOf(r.texts[k])
			if !ok {
				continue
			}
			for j := k + 1; j < len(r.cells); j++ {
				if col := t.column(r.cells[j]); col >= 0 && referenceCaption.MatchString(t.head.texts[col]) {
					continue
				}
				if v, ok := measure(r.texts[j]); ok {
					tb.value = v
					out = append(out, tb)
				}
				break
			}
			break
		}
	}
	if len(out) > 0 {
		return out
	}
	for k, c := range t.head.texts {
		tb, ok := tubeOf(c)
		if !ok {
			continue
		}
		for j, vc := range t.rows[0].cells {
			if t.column(vc) != k {
				continue
			}
			if v, ok := measure(t.rows[0].texts[j]); ok {
				tb.value = v
				out = append(out, tb)
			}
			break
		}
	}
	return out
}

// qftPositive applies the manufacturer's criteria to a report's tubes: an
// antigen tube less nil of 0.35 IU/mL or more and at least a quarter of
// nil, nil at 8.0 or under. A tube printed as its value less nil is
// judged on that; a raw value needs the nil tube's.
func qftPositive(ts []tube) bool {
	nilValue, nils := 0.0, 0
	for _, t := range ts {
		if t.kind == "nil" {
			nilValue = t.value
			nils++
		}
	}
	if nils > 1 || nilValue > 8 {
		return false
	}
	for _, t := range ts {
		if t.kind != "tb" || t.value >= 100 {
			continue
		}
		diff := t.value
		if !t.minusNil {
			if nils == 0 {
				continue
			}
			diff = t.value - nilValue
		}
		if diff >= 0.35 && diff+1e-9 >= 0.25*nilValue && !math.IsNaN(diff) {
			return true
		}
	}
	return false
}

// confTable is the confidence of an answer read in its table's column:
// under its caption, matched by the columns' overlap.
const confTable = 0.9

// tableResult sets the result a lab table reports in its value column
// (see labTable.answer), where the page's tables agree on one.
func (r *reading) tableResult(tables []labTable, opts []option) bool {
	var got tableAnswer
	for _, t := range tables {
		a, ok := t.answer(opts)
		if !ok {
			continue
		}
		if got.value != "" && got.value != a.value {
			return false
		}
		got = a
	}
	if got.value == "" {
		return false
	}
	r.set("result", got.value, confTable)
	return true
}

// tablesPositive reports tubes read from a report's tables that meet the
// QFT positive criteria.
func tablesPositive(tables []labTable) bool {
	var ts []tube
	for _, t := range tables {
		ts = append(ts, t.tubes()...)
	}
	return qftPositive(ts)
}
