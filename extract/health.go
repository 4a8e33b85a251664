package extract

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

var (
	administeredLabels = compileDateLabels("date administered", "admin date", "date placed", "date given", "date planted",
		"administration date", "date of administration", "date of placement", "placement date", "date applied",
		"date of injection", "date of vaccination", "vaccination date", "administered on", "administered", "placed",
		"given", "planted", "applied")
	readDateLabels = compileDateLabels("date read", "read date", "date of reading", "reading date", "date/time read",
		"date and time read", "read on", "read")
	indurationLabels = compileLabels("induration", "mm of induration", "size of induration", "induration size", "reaction size",
		"result (mm)", "reading (mm)", "induration (mm)")
	// mmHeading is a table's column of readings headed by the unit alone
	// ("Date Read  mm  Result"): read only where no label named the
	// reading (see columnInduration).
	mmHeading = compileLabels("mm")
	// A test's result labels include those naming it by a kind of
	// report ("Overall Result", "Qualitative Result"): another type's
	// label, unknown to a reader, would shadow the bare "Result" it
	// stands on and leave the result unread.
	tbResultLabels = compileLabels("tst result", "ppd result", "test result", "final result", "overall result", "overall test result",
		"report result", "qualitative result", "your result", "result", "results", "result interpretation", "overall interpretation",
		"interpretation", "impression", "reading")
	tbProviderLabels = compileLabels("provider name", "provider", "clinic name", "clinic", "facility name", "facility",
		"healthcare provider", "administered by", "placed by", "read by", "performed by", "location", "given by",
		"administered and read by", "placed and read by", "planted by")
	igraResultLabels = compileLabels("final result", "overall result", "qft result", "your result", "test result", "overall test result",
		"report result", "qualitative result", "result", "results", "result interpretation", "overall interpretation", "interpretation")
	// A lab prints the result in the test's own row.
	igraTestNames = compileLabels("quantiferon tb gold plus", "quantiferon tb gold", "quantiferon", "qft plus", "t spot tb",
		"t-spot.tb", "tb gold plus")
	labLabels = compileLabels("performing laboratory", "performing lab", "testing laboratory", "test laboratory", "lab", "performed at",
		"performed by", "performing site", "specimen tested by", "tested by", "analyzed by", "testing lab")
	examDateLabels = compileDateLabels("exam date", "date of exam", "examination date", "date of examination", "study date",
		"date of study", "date of service", "dos", "date of x-ray", "x-ray date", "date of x ray", "date of film",
		"date of chest x-ray", "chest x-ray date", "date of cxr", "cxr date", "date of radiograph", "film date",
		"date performed", "service date", "exam performed", "date of procedure", "date of physical", "physical date",
		"visit date", "date of visit")
	cxrResultLabels = compileLabels("result", "results", "test result", "final result", "overall result", "report result",
		"impression", "conclusion", "interpretation", "overall interpretation", "result interpretation", "findings")
	// The facility that took the film, else the radiologist who read it.
	cxrProviderLabels = compileLabels("imaging facility", "facility", "clinic", "performed at",
		"provider", "electronically signed by", "interpreted by", "reading radiologist", "signed by", "dictated by",
		"radiologist", "read by")
)

var (
	// mmCriterion is a reading's cut-off, stated as a legend or a
	// guideline ("Readings of 10 mm or more are positive", "induration
	// >= 10 mm"), not the patient's reading.
	mmCriterion = regexp.MustCompile(`(?i)(?:[<>≥≤]=?\s*|\b(?:of|at\s+least|greater\s+than|less\s+than|under|over|above|below)\s+)\d{1,2}\s*(?:-\s*\d{1,2}\s*)?mm\b|\b\d{1,2}\s*mm\s+(?:or\s+(?:more|greater|larger|above|less|smaller)|and\s+(?:above|over|up))`)
	mmValue     = regexp.MustCompile(`(?i)\b([0-9Oo]{1,2})\s*mm\b`)
	// A bare reading is a number alone, not a date's, a time's or a
	// decimal's first digits ("10" of "10/07/2026" or "10:40 AM", a
	// value over a caption).
	bareValue = regexp.MustCompile(`^[\s(mM):.=-]*([0-9Oo]{1,2})(?:$|[^0-9A-Za-z/:.,-]|[.,](?:$|\D)|-\D)`)
	// mmRangeEnd is the start of a range a reading ends ("0-" of "0-4 mm").
	mmRangeEnd = regexp.MustCompile(`\d\s*(?:-|–|to)\s*$`)
)

// indurationFinder reads a reading in millimetres: "0 mm", "(mm): 0".
func indurationFinder(s string) []hit {
	m := mmValue.FindStringSubmatchIndex(s)
	if m == nil {
		if m = bareValue.FindStringSubmatchIndex(s); m != nil {
			m[1] = m[3]
		}
	}
	if m == nil {
		return nil
	}
	n, err := strconv.Atoi(strings.NewReplacer("O", "0", "o", "0").Replace(s[m[2]:m[3]]))
	if err != nil || n > 99 {
		return nil
	}
	return []hit{{start: m[2], end: m[1], value: n}}
}

// drugRow names a drug test on a row of a summary table.
var drugRow = regexp.MustCompile(`(?i)\bdrug\s+(?:screen|test)|\burine\b|\btoxicology\b|\b\d{1,2}[- ]panel\b`)

// rowDate reads field, where no label gave it, from the one row of a
// table (cells parted by bars or column gaps) that names the test and
// prints exactly one date, not the holder's birth: "Urine drug screen |
// 2026-10-29 | 10-panel | ..." under headings OCR lost. A row with two
// dates (collected, reported) cannot say which is which.
func (r *reading) rowDate(field string, test *regexp.Regexp) {
	if r.has(field) {
		return
	}
	born, _ := r.fields["date_of_birth"].(string)
	pick, conf := "", 0.0
	for i, line := range r.doc.lines {
		loc := test.FindStringIndex(line)
		if loc == nil {
			continue
		}
		hs := dateFinder(roleDate)(line)
		if len(hs) != 1 || hs[0].value == born {
			continue
		}
		if len(pipeCells(line)) < 3 && len(columnGap.FindAllStringIndex(strings.TrimSpace(line), -1)) < 2 && !cellApart(line, loc[1], hs[0].start) &&
			!r.doc.spansGap(i, loc[1], hs[0].end) {
			continue
		}
		if pick != "" && pick != hs[0].value {
			// Two rows, two dates: which is the test's cannot be told.
			return
		}
		pick, conf = hs[0].value.(string), 0.65*r.doc.lineOCRFactor(i, hs[0].start, hs[0].end)
	}
	if pick != "" {
		r.set(field, pick, conf)
	}
}

// otherTestsDate reports that line i, where a bare "Date" label's value
// was read, is the row of another test than the one test names, while a
// row that names it prints a date of its own: a summary of services
// ("Physical examination 10/09/2026" over "Urine drug screen, 10-panel
// 10/12/2026" under one "Date" heading) dates each on its own row, and
// the heading's first value is the physical's.
func (r *reading) otherTestsDate(i int, test *regexp.Regexp) bool {
	if i < 0 || i >= len(r.doc.lines) || test.MatchString(r.doc.rowText(i)) {
		return false
	}
	for j := range r.doc.lines {
		if j != i && test.MatchString(r.doc.lines[j]) {
			if row := r.doc.rowText(j); test.MatchString(row) && len(dateFinder(roleDate)(row)) == 1 {
				return true
			}
		}
	}
	return false
}

// cellApart reports that a bar or a column gap parts [from, to) of line:
// a row whose cells OCR left with one bar between them ("Urine drug
// screen | 2026-11-10 _10-PANEL"), not a sentence.
func cellApart(line string, from, to int) bool {
	if from >= to {
		return false
	}
	between := line[from:to]
	return strings.Contains(between, "|") || columnGap.MatchString(between)
}

// pageInduration reads, where no label gave it, the reading in
// millimetres the page prints outside its legends and criteria ("0mm"
// under a "Reading" heading, a table whose heading OCR lost): a test has
// one reading, and of a two-step test's the largest decides.
func (r *reading) pageInduration() {
	if r.has("induration_mm") {
		return
	}
	best, conf := -1, 0.0
	for i, line := range r.doc.lines {
		criteria := mmCriterion.FindAllStringIndex(line, -1)
		values := mmValue.FindAllStringSubmatchIndex(line, -1)
		if len(values) >= 3 {
			// A legend's scale: "0-4 mm negative, 5-9 mm ..., 10 mm ...".
			continue
		}
		for _, m := range values {
			if m[0] > 0 && strings.ContainsAny(line[m[0]-1:m[0]], ".,") || mmRangeEnd.MatchString(line[:m[0]]) ||
				slices.ContainsFunc(criteria, func(c []int) bool { return c[0] < m[1] && m[0] < c[1] }) {
				// "12.7 mm" (a needle), "0-4 mm" and "10 mm or more" (a
				// legend).
				continue
			}
			n, err := strconv.Atoi(strings.NewReplacer("O", "0", "o", "0").Replace(line[m[2]:m[3]]))
			if err == nil && n <= 99 && n > best {
				best, conf = n, 0.7*r.doc.lineOCRFactor(i, m[0], m[1])
			}
		}
	}
	if best >= 0 {
		r.set("induration_mm", best, conf)
	}
}

// columnInduration reads the reading under a column headed by the unit
// alone ("Step  Date Placed  Date Read  mm  Result"), where no label gave
// it. A two-step test's table holds a row per step, and the largest
// reading decides: where fewer readings were read than the table has
// dated rows under its heading, the largest may be the one missed, and a
// person must read it.
func (r *reading) columnInduration() {
	if r.has("induration_mm") {
		return
	}
	heading := r.headingLine(mmWord)
	if heading < 0 {
		return
	}
	var best found
	lines := map[int]bool{}
	for _, f := range r.doc.lookupAll(mmHeading, indurationFinder, false) {
		if f.line <= heading {
			// Beside the unit on a form's line ("mm: 3" in a hand OCR
			// misreads) the unit is no column's heading: only a label
			// that names the reading is trusted there.
			continue
		}
		lines[f.line] = true
		if best.value == nil || f.value.(int) > best.value.(int) {
			best = f
		}
	}
	if best.value == nil {
		return
	}
	r.set("induration_mm", best.value, best.conf)
	if rows := r.datedRowsUnder(heading); rows > len(lines) {
		r.doubt("induration_mm")
	}
}

// headingLine returns the first line that holds heading among other
// headings (a line of three words or more and no digits), or -1.
func (r *reading) headingLine(heading *regexp.Regexp) int {
	for i, line := range r.doc.lines {
		if !strings.ContainsAny(line, "0123456789") && len(strings.Fields(line)) >= 3 && heading.MatchString(line) {
			return i
		}
	}
	return -1
}

// mmWord is the unit standing alone as a column's heading.
var mmWord = regexp.MustCompile(`(?i)(?:^|\s)\(?mm\)?(?:\s|$)`)

// datedRowsUnder counts the rows of dates under line heading: the
// table's rows, up to the first line without a date.
func (r *reading) datedRowsUnder(heading int) int {
	n := 0
	for j := heading + 1; j < len(r.doc.lines); j++ {
		if strings.TrimSpace(r.doc.lines[j]) == "" {
			continue
		}
		if len(dateFinder(roleDate)(r.doc.lines[j])) == 0 {
			if n > 0 {
				break
			}
			continue
		}
		n++
	}
	return n
}

// latest returns the latest ISO date among values, which compare as text.
func latest(fs []found) (found, bool) {
	var best found
	ok := false
	for _, f := range fs {
		if s, isStr := f.value.(string); isStr && (!ok || s > best.value.(string)) {
			best, ok = f, true
		}
	}
	return best, ok
}

func readTBSkinTest(r *reading) {
	defer r.scanGuard()
	defer r.birthLikeEventDates()
	r.readHolder(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	// A two-step test prints two placements and two readings; the last
	// step is the one that dates the result.
	if f, ok := latest(r.doc.lookupAll(administeredLabels, dateFinder(roleDate), false)); ok {
		r.set("administered_date", f.value, f.conf)
	}
	if f, ok := latest(r.doc.lookupAll(readDateLabels, dateFinder(roleDate), false)); ok {
		r.set("read_date", f.value, f.conf)
	}
	droppedPlaced := r.notBirthDate("administered_date")
	droppedRead := r.notBirthDate("read_date")
	r.testRow()
	// A letter says it in a sentence: "placed in our office on March 2,
	// 2026 and read on March 4".
	r.proseDate("administered_date", placedOn)
	r.proseDate("read_date", readOn)
	r.withheldBirthDate("administered_date", droppedPlaced)
	r.withheldBirthDate("read_date", droppedRead)
	// The largest reading decides: a positive step makes the test positive.
	var induration found
	for _, f := range r.doc.lookupAll(indurationLabels, indurationFinder, false) {
		if induration.value == nil || f.value.(int) > induration.value.(int) {
			induration = f
		}
	}
	if induration.value != nil {
		r.set("induration_mm", induration.value, induration.conf)
	}
	r.columnInduration()
	r.pageInduration()
	r.tbResult()
	r.unsureBoxes(resultOptions, "positive")
	if r.fields["result"] == "negative" {
		// CDC: 10 mm or more is positive for health care workers; a
		// "negative" beside it, or a legend read as the result, is for a
		// person to read.
		if mm, ok := r.fields["induration_mm"].(int); ok && mm >= 10 || r.contradicted("negative", resultOptions, tbResultLabels) {
			r.doubt("result")
		}
	}
	r.provider(tbProviderLabels, strings.TrimSpace)
}

// testRow reads a skin test's table whose headings a scan lost: the
// test's row ("PPD (Mantoux)  2026-07-16  2026-07-19  0 mm  Negative  |
// A. Delgado, RN"), or a placement row naming the antigen over a reading
// row, gives the placement and the reading two to four days apart (a
// test is read 48 to 72 hours after it is placed; other dates on a form
// are days or years apart). The row's own reading and answer go with
// them.
func (r *reading) testRow() {
	if r.has("administered_date") || r.has("read_date") {
		return
	}
	type dated struct {
		line       int
		value      string
		t          time.Time
		start, end int
		ocr        float64
	}
	datesOn := func(i int) []dated {
		var out []dated
		for _, h := range dateFinder(roleDate)(r.doc.lines[i]) {
			t, err := time.Parse(time.DateOnly, h.value.(string))
			if err != nil {
				continue
			}
			out = append(out, dated{line: i, value: h.value.(string), t: t, start: h.start, end: h.end, ocr: r.doc.lineOCRFactor(i, h.start, h.end)})
		}
		return out
	}
	apart := func(a, b dated) bool {
		d := b.t.Sub(a.t).Hours() / 24
		return d >= 2 && d <= 4
	}
	for i, line := range r.doc.lines {
		if !tstName.MatchString(line) {
			continue
		}
		ds := datesOn(i)
		var placed, read dated
		switch {
		case len(ds) == 2 && apart(ds[0], ds[1]):
			placed, read = ds[0], ds[1]
		case len(ds) == 1:
			k := r.doc.nextNonEmpty(i)
			if k < 0 {
				continue
			}
			next := datesOn(k)
			if len(next) != 1 || !apart(ds[0], next[0]) {
				continue
			}
			placed, read = ds[0], next[0]
		default:
			continue
		}
		r.set("administered_date", placed.value, 0.7*placed.ocr)
		r.set("read_date", read.value, 0.7*read.ocr)
		// The reading and the answer after the reading's date, on its row.
		rest := r.doc.lines[read.line][read.end:]
		if !r.has("induration_mm") {
			m := mmValue.FindStringSubmatchIndex(rest)
			if m == nil || mmCriterion.MatchString(rest) {
				// A bare reading under an "(mm)" heading: the one number
				// between the reading's date and the answer ("... 2026-07-19
				// 0 Negative").
				m = bareReading.FindStringSubmatchIndex(rest)
			}
			if m != nil {
				if n, err := strconv.Atoi(strings.NewReplacer("O", "0", "o", "0").Replace(rest[m[2]:m[3]])); err == nil {
					r.set("induration_mm", n, 0.7*r.doc.lineOCRFactor(read.line, read.end+m[2], read.end+m[3]))
				}
			}
		}
		if !r.has("result") {
			// Folding and legends keep every byte where it was, so the
			// answer's words are found on the line by their offsets.
			text := stripLegends(resultText(rest))
			hits := findOptions(text, resultOptions)
			if v, ok := choose(text, hits); ok {
				ocr := 1.0
				for _, h := range hits {
					ocr = min(ocr, r.doc.lineOCRFactor(read.line, read.end+h.start, read.end+h.end))
				}
				r.set("result", v, 0.7*ocr)
			}
		}
		return
	}
}

// bareReading is a reading in millimetres printed without its unit,
// alone between a skin test's reading date and its answer.
var bareReading = regexp.MustCompile(`(?i)^[\s|]*(\d{1,2})[\s|]+(?:non[\s-]*)?(?:negative|positive|neg|pos)\b`)

// tstName names a tuberculin skin test or its antigen.
var tstName = regexp.MustCompile(`(?i)\b(?:ppd|mantoux|tst|tuberculin|tubersol|aplisol)\b`)

// tbResult reads a skin test's result: labelled, else from the lines that
// give a reading ("Induration 0 mm  Negative"), else from the induration.
func (r *reading) tbResult() {
	if r.markedResult(resultOptions) {
		return
	}
	var results []found
	for _, f := range r.doc.lookupAll(tbResultLabels, optionFinder(resultOptions), false) {
		// A legend under an "Interpretation" label is no result.
		v, ok := r.lineResult(f.line, resultOptions)
		if !ok && r.doc.scanned(f.line) {
			// OCR read the answer beside its caption as a line of its
			// own (a grid's "Interpretation" | "Negative"): the page's
			// row says it.
			if row, rok := r.doc.pageRowText(f.line); rok {
				t := stripLegends(resultText(row))
				v, ok = choose(t, findOptions(t, resultOptions))
			}
		}
		if ok && v == f.value {
			results = append(results, f)
		}
	}
	if len(results) == 0 {
		for i, line := range r.doc.lines {
			m := mmValue.FindStringIndex(line)
			if m == nil || mmCriterion.MatchString(line) {
				continue
			}
			rest := stripLegends(resultText(line[m[1]:]))
			if v, ok := choose(rest, findOptions(rest, resultOptions)); ok {
				results = append(results, found{value: v, conf: 0.8, line: i})
			}
		}
	}
	var pick found
	for _, f := range results {
		if pick.value == nil || f.value == "positive" {
			pick = f
		}
	}
	if pick.value != nil {
		if r.unreadBoxes(pick.line, resultOptions) {
			pick.conf = min(pick.conf, confUnsureResult)
		}
		r.set("result", pick.value, pick.conf)
		return
	}
	// CDC: 10 mm or more is positive for health care workers; under 5 is
	// negative for everyone. In between the document must say.
	if mm, ok := r.fields["induration_mm"].(int); ok {
		switch {
		case mm < 5:
			r.set("result", "negative", confGuess)
		case mm >= 10:
			r.set("result", "positive", confGuess)
		}
	}
}

func readTBBloodTest(r *reading) {
	defer r.scanGuard()
	defer r.birthLikeEventDates()
	r.readHolder(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("collection_date", collectionLabels, dateFinder(roleDate))
	tables := r.doc.labTables()
	if !r.markedResult(resultOptions) {
		switch {
		case r.tableResult(tables, resultOptions):
			// A passing answer in a table (a history of earlier tests,
			// perhaps) while the page states another under its label is
			// doubted below (contradicted).
		case !r.lookupResult(igraResultLabels, resultOptions, "negative"):
			if f, ok := r.doc.lookupInline(igraTestNames, optionFinder(resultOptions)); ok {
				r.set("result", f.value, f.conf)
			}
		}
	}
	r.badge(resultOptions)
	if r.fields["result"] == "negative" && tablesPositive(tables) {
		// The tubes' own measurements, read by their table's columns,
		// meet the positive criteria: a person must read the report.
		r.doubt("result")
	}
	if (!r.has("result") || r.fields["result"] == "negative" && !r.negativeStated()) && (r.igraPositive() || tablesPositive(tables)) {
		// The lab's own measurements meet the test's positive criteria
		// (QFT-Plus: an antigen tube minus nil of 0.35 IU/mL or more;
		// T-SPOT.TB: eight spots or more in a panel): a "negative"
		// read elsewhere is a legend's or a reference's, and a result
		// the columns hid is positive. Reading positive can only fail
		// the document.
		r.fields["result"], r.conf["result"] = "positive", 0.85
	}
	r.unsureBoxes(resultOptions, "positive")
	if r.fields["result"] == "negative" && (r.contradicted("negative", resultOptions, igraResultLabels) ||
		r.contradicted("negative", resultOptions, igraTestNames) || r.igraResponse()) {
		r.doubt("result")
	}
	r.lab()
}

// negativeStated reports that a line says negative and not positive: a
// result stated, not a legend or a reference listing both answers
// ("Negative: ... < 0.35; Positive: >= 0.35"). A stated negative beside
// measurements that meet the positive criteria is for a person to read.
func (r *reading) negativeStated() bool {
	for _, line := range r.doc.lines {
		line = stripLegends(resultText(line))
		if negativeWord.MatchString(line) && !positiveWord.MatchString(line) {
			return true
		}
	}
	return false
}

var (
	negativeWord = regexp.MustCompile(`(?i)\bnegative\b`)
	positiveWord = regexp.MustCompile(`(?i)\bpositive\b`)
)

// igraPositive reports that a report's measurements meet the test's
// positive criteria: a QFT antigen tube minus nil of 0.35 IU/mL or more,
// or a T-SPOT.TB panel of eight spots or more (five to seven is
// borderline, which igraResponse doubts a negative for).
func (r *reading) igraPositive() bool {
	for i, line := range r.doc.lines {
		if r.doc.scanned(i) {
			// OCR's digits are no measurement to decide on.
			continue
		}
		s := antigenName.ReplaceAllString(stripLegends(line), " ")
		if m := qftAntigen.FindStringSubmatch(s); m != nil {
			if n, err := strconv.ParseFloat(m[1], 64); err == nil && n >= 0.35 && n < 100 {
				return true
			}
		}
		if m := tspotPanel.FindStringSubmatch(s); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n >= 8 && n < 500 {
				return true
			}
		}
	}
	return r.qftRawPositive()
}

// qftRawPositive reports a QFT report that prints each tube's own value
// ("TB1 Ag Value 1.28", "Nil Value 0.05") rather than its value minus
// nil: positive where an antigen tube less nil is 0.35 IU/mL or more and
// at least a quarter of nil, with nil at 8.0 or under (the manufacturer's
// criteria). Lines read by OCR give no measurement.
func (r *reading) qftRawPositive() bool {
	var nilValue float64
	var antigens []float64
	nils := 0
	for i, line := range r.doc.lines {
		if r.doc.scanned(i) || minusNil.MatchString(line) {
			continue
		}
		s := antigenName.ReplaceAllString(stripLegends(line), " ")
		if m := qftRawAntigen.FindStringSubmatch(s); m != nil {
			if n, err := strconv.ParseFloat(m[1], 64); err == nil {
				antigens = append(antigens, n)
			}
			continue
		}
		if m := qftNil.FindStringSubmatch(s); m != nil {
			if n, err := strconv.ParseFloat(m[1], 64); err == nil {
				nilValue = n
				nils++
			}
		}
	}
	if nils != 1 || nilValue > 8 {
		return false
	}
	for _, a := range antigens {
		if a-nilValue >= 0.35 && a-nilValue >= 0.25*nilValue && a < 100 {
			return true
		}
	}
	return false
}

// proseDate sets a date a sentence gives after its verb ("was read on
// <date>"), the text's lines joined so that a date broken over a line end
// still reads.
func (r *reading) proseDate(field string, verb *regexp.Regexp) {
	if r.has(field) {
		return
	}
	text := strings.Join(r.doc.lines, " ")
	for _, loc := range verb.FindAllStringIndex(text, -1) {
		rest := text[loc[1]:min(len(text), loc[1]+40)]
		hs := dateFinder(roleDate)(rest)
		if len(hs) == 0 || strings.TrimSpace(rest[:hs[0].start]) != "" {
			continue
		}
		if born, ok := r.fields["date_of_birth"].(string); ok && hs[0].value == born {
			continue
		}
		r.set(field, hs[0].value, 0.7)
		return
	}
}

var (
	placedOn   = regexp.MustCompile(`(?i)\b(?:placed|administered|planted|applied|given|received|had)\b(?:[^.;:()]|\([^)]*\)){0,100}?\bon\b`)
	readOn     = regexp.MustCompile(`(?i)\b(?:read|interpreted|measured|evaluated)\b[^.;:]{0,40}?\bon\b`)
	examinedOn = regexp.MustCompile(`(?i)\b(?:examin(?:ation|ed)|physical|evaluat(?:ion|ed)|seen)\b[^.;:]{0,80}?\bon\b`)
)

// scanGuard doubts, on a scan, every passing reading less sure than
// confSurePass: a guess (a result derived from a reading), or words OCR
// was unsure of. What fails a document may stand on less; what passes it
// may not.
func (r *reading) scanGuard() {
	if !r.scanned() {
		return
	}
	for field, passes := range passingValues {
		if v, ok := r.fields[field]; ok && passes(v) && r.conf[field] < confSurePass && !r.pastExpiry(field, v) {
			r.doubt(field)
		}
	}
}

// pastExpiry reports an expiry before the day judged on: it fails its
// document, so it may stand on less than a passing reading.
func (r *reading) pastExpiry(field string, v any) bool {
	s, ok := v.(string)
	return field == "expiration_date" && ok && !r.asOf.IsZero() && s < r.asOf.Format(time.DateOnly)
}

// birthLikeEventDates doubts a screening's event date (an exam, a test's
// reading or collection, a report's completion) sixteen years or more
// before the day the document is judged on: no such record is that old
// on a nurse's file, while a date of birth in the next column is (a
// label row over a value row matched up wrong). A person must read it.
func (r *reading) birthLikeEventDates() {
	if r.asOf.IsZero() {
		return
	}
	limit := r.asOf.AddDate(-16, 0, 0).Format(time.DateOnly)
	for _, f := range []string{"exam_date", "read_date", "administered_date", "collection_date", "test_date", "completed_date"} {
		if v, ok := r.fields[f].(string); ok && v < limit {
			r.doubt(f)
		}
	}
}

// confSurePass is how sure a passing reading on a scan must be: above a
// guess (0.6), and above a reading beside its label whose words OCR read
// at about 60.
const confSurePass = 0.62

// passingValues are the readings that let a document pass its rule.
var passingValues = map[string]func(any) bool{
	"result":       func(v any) bool { return v == "negative" || v == "pass" || v == "clear" },
	"titer_result": func(v any) bool { return v == "immune" },
	"cleared":      func(v any) bool { return v == true },
	"declined":     func(v any) bool { return v == true },
	"dose_dates":   func(any) bool { return true },
	// The dates a test or vaccine is judged recent by: a year OCR misread
	// can make a stale one current.
	"administered_date": func(any) bool { return true },
	"read_date":         func(any) bool { return true },
	"collection_date":   func(any) bool { return true },
	"exam_date":         func(any) bool { return true },
	"test_date":         func(any) bool { return true },
	"completed_date":    func(any) bool { return true },
	// A credential's expiry and a training's completion: a digit OCR
	// misread can put either past the day judged on, or within its window.
	"expiration_date": func(any) bool { return true },
	"completion_date": func(any) bool { return true },
}

// scanned reports that OCR read the document's pages.
func (r *reading) scanned() bool {
	for _, p := range r.pages {
		for _, w := range p.Words {
			if w.Confidence < 100 {
				return true
			}
		}
	}
	return false
}

// igraResponse reports an antigen response the test's own criteria read
// as no negative: a QuantiFERON TB antigen minus nil of 0.35 IU/mL or more,
// a T-SPOT panel of 5 spots or more (borderline from 5, positive from 8).
func (r *reading) igraResponse() bool {
	for _, line := range r.doc.lines {
		// An antigen's name in parentheses ("Panel B (CFP10)") is no count.
		s := antigenName.ReplaceAllString(stripLegends(line), " ")
		if m := qftAntigen.FindStringSubmatch(s); m != nil {
			if n, err := strconv.ParseFloat(m[1], 64); err == nil && n >= 0.35 {
				return true
			}
		}
		if m := tspotPanel.FindStringSubmatch(s); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n >= 5 {
				return true
			}
		}
	}
	return false
}

var (
	// The value stands apart from any letter: in a row of tubes' names
	// ("TB1 - Nil  TB2 - Nil") the next tube's digit is no measurement.
	qftAntigen = regexp.MustCompile(`(?i)\btb\s*[12]?(?:\s*(?:antigen|ag))?\s*(?:-|minus)\s*nil\b[^0-9<>]{0,40}?[^0-9<>\pL](\d+(?:\.\d+)?)`)
	// A tube's own value, not less nil ("TB1 Ag Value 1.28 IU/mL").
	qftRawAntigen = regexp.MustCompile(`(?i)\btb\s*[12]\s*(?:antigen|ag)?(?:\s+value)?\s*[:=]?\s*(\d+\.\d+)\s*(?:iu\s*/\s*ml)?`)
	qftNil        = regexp.MustCompile(`(?i)\bnil(?:\s+(?:value|control|tube))?\s*[:=]?\s*(\d+\.\d+)\s*(?:iu\s*/\s*ml)?`)
	minusNil      = regexp.MustCompile(`(?i)(?:-|minus)\s*nil\b`)
	antigenName   = regexp.MustCompile(`\([^)]*\)`)
	tspotPanel    = regexp.MustCompile(`(?i)\bpanel\s*[ab]\b[^0-9<>]{0,40}?(\d{1,3})\s*(?:spots?|sfc)?`)
)

// resultOptions are a lab's answers with the ones a text's folding (dashes,
// OCR) may hide: "Non-negative" is no negative.
var resultOptions = slices.Concat(options(`non[\s-]*negative`, "positive"), tbOptions)

// lookupResult sets the result from its labels, as lookup does, and
// doubts a passing one when the line it stands on, folded and rid of its
// legends, does not bear it out (a legend under an "Interpretation" label,
// a "Non–Negative" whose dash hid its "Non").
func (r *reading) lookupResult(labels []label, opts []option, pass string) bool {
	f, ok := r.doc.lookup(labels, legendFree(optionFinder(opts)))
	if !ok {
		return false
	}
	if v, ok := r.tickedOn(f.line, opts); ok {
		// The boxes on the value's line decide, whichever word a reading
		// of the words alone took.
		f.value = v
	}
	r.set("result", f.value, f.conf)
	v, ok := r.lineResult(f.line, opts)
	if !ok && r.doc.scanned(f.line) {
		// OCR read the value beside its label as a line of its own
		// ("Results" | "Passed" on a card): the page's row says it.
		if row, rok := r.doc.pageRowText(f.line); rok {
			t := stripLegends(resultText(row))
			v, ok = choose(t, findOptions(t, opts))
		}
	}
	if f.value == pass && (!ok || v != f.value) || r.unreadBoxes(f.line, opts) {
		r.doubt("result")
	}
	return true
}

// legendFree is f reading a value rid of its legends and references: a
// legend under a result's label ("Result Interpretation" over "Negative:
// TB Ag minus Nil < 0.35 IU/mL") defines an answer, it gives none.
func legendFree(f finder) finder {
	return func(s string) []hit { return f(stripLegends(s)) }
}

// unsureBoxes reports, where no result was read, a result the form
// offers beside check boxes that could not be told apart (none read
// ticked, several answers ticked, or a box read as neither): the reader
// saw the answer's place but not which was chosen, which is for a person
// to read, not a document without a result. The result is set to the
// failing answer below every threshold, so it is reported uncertain and
// never passes.
func (r *reading) unsureBoxes(opts []option, failing string) {
	if r.has("result") {
		return
	}
	for _, line := range r.doc.lines {
		hits := findOptions(resultText(line), opts)
		values := map[string]bool{}
		boxed := false
		for _, h := range hits {
			values[h.value] = true
			boxed = boxed || h.mark != markNone
		}
		if boxed && len(values) > 1 {
			r.set("result", failing, confUnsureResult)
			return
		}
	}
	// The answers may stand on lines of their own, each with its box.
	var boxedValues []string
	for _, line := range r.doc.lines {
		for _, h := range findOptions(resultText(line), opts) {
			if h.mark != markNone {
				boxedValues = append(boxedValues, h.value)
			}
		}
	}
	if len(boxedValues) > 1 && !allSame(boxedValues) {
		r.set("result", failing, confUnsureResult)
		return
	}
	// Answers offered side by side ("Negative  Positive") on a page that
	// draws check boxes on a line of their own (a text layer that set the
	// boxes a little above or below their words).
	boxes := false
	for _, line := range r.doc.lines {
		if checkedMark.MatchString(line) || uncheckedMark.MatchString(line) {
			boxes = true
			break
		}
	}
	if !boxes {
		return
	}
	for _, line := range r.doc.lines {
		t := resultText(line)
		hits := findOptions(t, opts)
		if len(hits) > 1 && !allSame(optionValues(hits)) {
			if _, ok := choose(t, hits); !ok {
				r.set("result", failing, confUnsureResult)
				return
			}
		}
	}
}

// boxedChoice reports answers of different values offered beside check
// boxes, on one line or on lines of their own, or an answer beside a box
// read as neither ticked nor empty.
func (r *reading) boxedChoice(opts []option) bool {
	values := map[string]bool{}
	for _, line := range r.doc.lines {
		for _, h := range findOptions(resultText(line), opts) {
			if h.mark == markUnreadable {
				return true
			}
			if h.mark != markNone {
				values[h.value] = true
			}
		}
	}
	return len(values) > 1
}

func optionValues(hits []optionHit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.value
	}
	return out
}

// tickedOn is the answer the ticked boxes of line i give, folded.
func (r *reading) tickedOn(i int, opts []option) (string, bool) {
	if i < 0 || i >= len(r.doc.lines) {
		return "", false
	}
	var checked []string
	for _, h := range findOptions(resultText(r.doc.lines[i]), opts) {
		if h.mark == 1 {
			checked = append(checked, h.value)
		}
	}
	if len(checked) == 0 || !allSame(checked) {
		return "", false
	}
	return checked[0], true
}

// unreadBoxes reports a line that offers several answers beside check
// boxes this reader cannot tell ticked from empty (a symbol font's glyphs,
// a private-use character): which was ticked is for a person to see,
// whichever answer a reading took.
func (r *reading) unreadBoxes(i int, opts []option) bool {
	if i < 0 || i >= len(r.doc.lines) {
		return false
	}
	line := resultText(r.doc.lines[i])
	hits := findOptions(line, opts)
	values := map[string]bool{}
	for _, h := range hits {
		if h.mark != 0 {
			return false
		}
		values[h.value] = true
	}
	return len(values) > 1 && strings.ContainsFunc(line, func(c rune) bool {
		return (unicode.Is(unicode.So, c) || unicode.Is(unicode.Co, c)) && !strings.ContainsRune(knownBoxes, c)
	})
}

// knownBoxes are the check boxes options.go reads.
const knownBoxes = "☒☑✓✔■●▣⊠☐□○◯"

// badge reads a result printed alone as a badge or stamp ("NEGATIVE",
// "✓ CLEAR") where no label gave one: every line that is nothing but one
// answer must give the same.
func (r *reading) badge(opts []option) {
	if r.has("result") {
		return
	}
	var values []string
	ocr := 1.0
	refs := r.referenceColumns()
	for i, line := range r.doc.lines {
		// A badge may share its line with a fact in another cell
		// ("CLEAR      Report completed 11/02/2026").
		for k, cell := range r.lineCells(i, line) {
			if r.underColumn(i, k, refs) {
				// A table's reference range ("Standard Range: Negative")
				// is what a result is compared with, not the result.
				continue
			}
			t := strings.TrimSpace(badgeFrame.ReplaceAllString(cell, " "))
			if t == "" {
				continue
			}
			hits := findOptions(t, opts)
			if len(hits) == 1 && hits[0].start == 0 && hits[0].end == len(t) {
				values = append(values, hits[0].value)
				ocr = min(ocr, r.doc.lineOCRFactor(i, -1, 0))
			}
		}
	}
	if len(values) > 0 && allSame(values) {
		r.set("result", values[0], 0.75*ocr)
	}
}

// xSpan is a column's place on a page, from a heading's words.
type xSpan struct {
	page, line int
	x0, x1     float64
}

// referenceHeading is a table's heading over its reference ranges.
var referenceHeading = regexp.MustCompile(`(?i)^(?:reference|ref\.?|normal|standard|expected|usual)(?:\s+(?:range|ranges|interval|intervals|value|values|result))?$`)

// referenceColumns finds, on pages whose layout is known, the headings of
// tables' reference-range columns: a cell of a line of headings (one with
// no value in it) that reads as such a heading.
func (r *reading) referenceColumns() []xSpan {
	var out []xSpan
	for i := range r.doc.lines {
		if !r.doc.hasGeometry(i) {
			continue
		}
		for _, c := range r.cellSpans(i) {
			if referenceHeading.MatchString(strings.Trim(c.text, " :")) {
				out = append(out, xSpan{page: c.page, line: i, x0: c.x0, x1: c.x1})
			}
		}
	}
	return out
}

// cellSpan is a cell of a line and where it stands.
type cellSpan struct {
	text   string
	page   int
	x0, x1 float64
}

// cellSpans parts line i into its cells by the gaps between its words,
// as lineCells does, each with its place.
func (r *reading) cellSpans(i int) []cellSpan {
	g := r.doc.geo
	var out []cellSpan
	prev := -1
	for _, k := range g.byLine[i] {
		w := &g.words[k]
		if prev < 0 || w.box.X0-g.words[prev].box.X1 > g.wideGap(w) {
			out = append(out, cellSpan{text: w.text, page: w.page, x0: w.box.X0, x1: w.box.X1})
		} else {
			c := &out[len(out)-1]
			c.text += " " + w.text
			c.x1 = w.box.X1
		}
		prev = k
	}
	return out
}

// underColumn reports that cell k of line i stands under one of cols: on
// a later line of the same page, its middle within the heading's width.
func (r *reading) underColumn(i, k int, cols []xSpan) bool {
	if len(cols) == 0 || !r.doc.hasGeometry(i) {
		return false
	}
	cells := r.cellSpans(i)
	if k >= len(cells) {
		return false
	}
	c := cells[k]
	for _, col := range cols {
		// By its middle: a patient's result cell spilling under the
		// next heading still stands mostly in its own column.
		if cx := (c.x0 + c.x1) / 2; col.page == c.page && col.line < i && cx > col.x0 && cx < col.x1 {
			return true
		}
	}
	return false
}

// lineCells parts line i into its cells, folded: by the gaps between its
// words where the page's layout is known (a text may join cells with one
// space), else by wide spaces and separators.
func (r *reading) lineCells(i int, line string) []string {
	if !r.doc.hasGeometry(i) {
		return cellSplit.Split(resultText(line), -1)
	}
	g := r.doc.geo
	var cells []string
	var cur []string
	prev := -1
	for _, k := range g.byLine[i] {
		w := &g.words[k]
		if prev >= 0 && w.box.X0-g.words[prev].box.X1 > g.wideGap(w) {
			cells = append(cells, strings.Join(cur, " "))
			cur = nil
		}
		cur = append(cur, resultText(w.text))
		prev = k
	}
	return append(cells, strings.Join(cur, " "))
}

// cellSplit parts a line's cells.
var cellSplit = regexp.MustCompile(`\s{3,}|\s[·•|]\s`)

// badgeFrame is what frames a badge: boxes, ticks, brackets, stars.
var badgeFrame = regexp.MustCompile(`[\[\]()✓✔☑☒■●★*|:•-]+`)

// doubt lowers a field read as passing below every threshold: something
// else on the page says otherwise, and a person must read it.
func (r *reading) doubt(field string) {
	if r.has(field) {
		r.conf[field] = min(r.conf[field], confUnsureResult)
	}
}

// lineResult reads the answer line i gives once folded (dashes, OCR's
// "N0n-", a negation left at the line's end) and rid of its legends and
// reference ranges.
func (r *reading) lineResult(i int, opts []option) (string, bool) {
	if i < 0 || i >= len(r.doc.lines) {
		return "", false
	}
	s, _ := r.resultLine(i)
	s = stripLegends(s)
	return choose(s, findOptions(s, opts))
}

// contradicted reports that a line labelled as a result, read folded and
// without its legends, gives another answer than pass.
func (r *reading) contradicted(pass string, opts []option, labels []label) bool {
	for _, f := range r.doc.lookupAll(labels, optionFinder(opts), false) {
		if f.line < 0 || f.line >= len(r.doc.lines) {
			continue
		}
		s, _ := r.resultLine(f.line)
		s = stripLegends(s)
		for _, h := range findOptions(s, opts) {
			if h.value != pass && h.mark != -1 && r.placedBox(f.line, h.start, h.end) != markEmpty && !r.legendListEntry(f.line, s, h) {
				return true
			}
		}
	}
	return false
}

// legendListEntry reports that hit h on line i (text s) defines an answer
// in a legend listed one answer to a line ("Negative: TB Ag minus Nil <
// 0.35" over "Indeterminate: see comment"): the answer ends in a colon or
// an equals sign, and a line next to it defines another answer so. A
// legend's entry that states no bound is no result either.
func (r *reading) legendListEntry(i int, s string, h optionHit) bool {
	if !answerDefined.MatchString(s[h.end:]) {
		return false
	}
	for _, k := range []int{i - 2, i - 1, i + 1, i + 2} {
		if k < 0 || k >= len(r.doc.lines) {
			continue
		}
		line := resultText(r.doc.lines[k])
		for _, m := range answerEntry.FindAllStringSubmatch(line, -1) {
			if !strings.EqualFold(strings.Join(strings.Fields(m[1]), " "), strings.Join(strings.Fields(s[h.start:h.end]), " ")) {
				return true
			}
		}
	}
	return false
}

var (
	// answerDefined is what follows an answer a legend defines.
	answerDefined = regexp.MustCompile(`^\s*[:=]`)
	// answerEntry is an answer a legend defines, on its own line.
	answerEntry = regexp.MustCompile(`(?i)\b(` + resultWord + `)\s*[:=]`)
)

// lab names the laboratory: a known one by name, else by label (not a
// site code or a heading), else the letterhead.
func (r *reading) lab() {
	if name, ok := r.firstMentioned(labs); ok {
		r.set("lab", name, 0.9)
		return
	}
	if f, ok := r.doc.lookupPlaced(labLabels, orgFinder); ok {
		r.set("lab", f.value, f.conf)
		return
	}
	if name, ok := r.firstMentioned(testingNetworks); ok {
		r.set("lab", name, 0.8)
		return
	}
	if org, ok := r.letterhead(labOrg); ok {
		r.set("lab", org, 0.75)
	}
}

// testingNetworks are occupational-health networks that collect a
// specimen and report its result under their own name, the laboratory
// that tested it often unnamed. Where a known laboratory or a labelled
// one is printed, that one is the lab: the network may be only the
// collection site.
var testingNetworks = [][]string{{"Concentra", "concentra"}, {"eScreen", "escreen"}}

// orgFinder reads an organisation's name: free text that is not a short
// code ("01", "QSO") or a document's heading ("Patient Report",
// "Toxicology · Urine Drug Screen, 10-Panel").
func orgFinder(s string) []hit {
	hs := textFinder(s)
	if len(hs) == 0 {
		return nil
	}
	v := hs[0].value.(string)
	// "01 Quest Diagnostics, 3300 Main St": a site code before the name,
	// an address after it.
	if m := siteCode.FindStringIndex(v); m != nil && len(strings.Fields(v[m[1]:])) >= 2 {
		v = v[m[1]:]
	}
	if loc := addressTail.FindStringIndex(v); loc != nil {
		v = strings.TrimSpace(v[:loc[0]])
	}
	v = cutPlace(v)
	// One word that names no organisation's kind is a fragment (a
	// surname over a column's heading), not a lab or a vendor.
	if len(strings.Fields(v)) < 2 && (len(v) <= 4 || !labOrg.MatchString(v) && !vendorOrg.MatchString(v)) ||
		headingWords.MatchString(v) || clinician.MatchString(v) || director.MatchString(v) ||
		documentTitle.MatchString(v) && !labOrg.MatchString(v) && !vendorOrg.MatchString(v) {
		return nil
	}
	hs[0].value = v
	return hs
}

// cutPlace returns an organisation's name without the city and state
// printed after it ("Redwood Analytical Labs, Sacramento CA", "Midland
// Reference Toxicology · Omaha, Nebraska", whose middle dot OCR read as
// "-" or "‘"): the place is no part of the name.
func cutPlace(v string) string {
	m := placeTail.FindStringSubmatchIndex(v)
	if m == nil || m[0] == 0 {
		return v
	}
	state := v[m[4]:m[5]]
	if !validCodes[state] && stateCodes[strings.ToLower(state)] == "" {
		return v
	}
	return strings.TrimSpace(v[:m[0]])
}

// placeTail is a city (one to three capitalised words) and a state (its
// code or name, a ZIP code after it) ending a line, after a comma or a
// separator.
var placeTail = regexp.MustCompile(`(?:,|\s+[-–—‘'·•|])\s*((?:[A-Z][a-z]+\.?\s+){0,2}[A-Z][a-z]+),?\s+([A-Z]{2}|[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\.?(?:\s+\d{5}(?:-\d{4})?)?\s*$`)

var (
	siteCode    = regexp.MustCompile(`^(?:[A-Z0-9]{1,4}\d|\d{1,4}|[A-Z]{2,3})\s*[-–:]?\s+`)
	addressTail = regexp.MustCompile(`,\s*\d|\s+\d{2,6}\s+[A-Z][a-z]+\s+(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Dr|Drive|Way|Ln|Lane|Pkwy|Parkway)\b`)
	director    = regexp.MustCompile(`(?i)\bdirector\b`)
)

// headingWords make a line a report's heading, whatever organisation
// words it holds.
var headingWords = regexp.MustCompile(`(?i)\b(?:report|results?|panel|urine|specimen|patient|requisition|custody|donor|candidate|applicant)\b`)

// markedResult sets the result from ticked boxes anywhere on the form:
// a tick decides even where a label stands beside another option (a text
// layer may put "Result: Negative" and "X Positive" on separate lines).
//
// A negative read from boxes OCR was unsure of is doubted: a ticked and an
// unticked box differ by a few dark pixels, and misread they swap the
// answer.
func (r *reading) markedResult(opts []option) bool {
	v, ok := r.markedOption(opts)
	if !ok && !r.scanned() {
		v, ok = r.placedMarks(opts)
	}
	if !ok {
		return false
	}
	r.set("result", v, 0.9)
	if v == "negative" {
		for i, line := range r.doc.lines {
			for _, h := range findOptions(resultText(line), opts) {
				// An empty box OCR read as one ("[ ]", "C]") is no doubt
				// however unsure its glyphs: a tick's dark pixels read as
				// an x, or as no box at all.
				if h.mark != markNone && h.mark != markEmpty && r.doc.lineOCRFactor(i, max(0, h.start-6), h.end) < sureOCR {
					r.doubt("result")
				}
			}
		}
	}
	return true
}

// placedMarks reads check boxes by their place on the page where the
// text's lines part them from their words (a box set a little above or
// below its word's baseline lands on a line of its own): the box that
// stands just left of an answer's word, at its height, with no word
// between, is that answer's. It gives the answer of the one kind of
// answer ticked, where every answer found a box and the rest are empty.
func (r *reading) placedMarks(opts []option) (string, bool) {
	g := r.doc.geometry()
	if g == nil {
		return "", false
	}
	var ticked []string
	answers := 0
	for _, p := range g.pages {
		for _, wi := range p.words {
			w := g.words[wi]
			hs := findOptions(w.text, opts)
			if len(hs) != 1 || hs[0].start != 0 || hs[0].end < len(strings.TrimRight(w.text, ".,:;")) {
				continue
			}
			box, ok := boxLeftOf(g, p.words, w)
			if !ok {
				// An answer's word in the page's prose, no box's.
				continue
			}
			answers++
			switch {
			case checkedMark.MatchString(box) && !uncheckedMark.MatchString(box):
				ticked = append(ticked, hs[0].value)
			case uncheckedMark.MatchString(box) && !checkedMark.MatchString(box):
			default:
				return "", false
			}
		}
	}
	if answers < 2 || len(ticked) == 0 || !allSame(ticked) {
		// One answer boxed, or none ticked, or several kinds ticked.
		return "", false
	}
	return ticked[0], true
}

// placedBox is the state of the box placed just left of the word at
// [start, end) of line i on a text layer's page (see placedMarks).
func (r *reading) placedBox(i, start, end int) int {
	if r.scanned() || !r.doc.hasGeometry(i) {
		return markNone
	}
	g := r.doc.geo
	for _, wi := range g.byLine[i] {
		w := g.words[wi]
		if w.start > start || w.end < end {
			continue
		}
		box, ok := boxLeftOf(g, g.pages[w.page].words, w)
		switch {
		case !ok:
		case checkedMark.MatchString(box) && !uncheckedMark.MatchString(box):
			return markTicked
		case uncheckedMark.MatchString(box) && !checkedMark.MatchString(box):
			return markEmpty
		}
		return markNone
	}
	return markNone
}

// boxLeftOf returns the check box just left of word w on its page: within
// two ems of it, overlapping its height, the nearest word left of it.
func boxLeftOf(g *geometry, page []int, w gword) (string, bool) {
	best, gap := "", math.Inf(1)
	for _, bi := range page {
		b := g.words[bi]
		if b.box.X1 > w.box.X0+0.1*w.em || w.box.X0-b.box.X1 > 2*w.em || b.box.Y0 >= w.box.Y1 || b.box.Y1 <= w.box.Y0 {
			continue
		}
		if d := w.box.X0 - b.box.X1; d < gap {
			best, gap = b.text, d
		}
	}
	if best == "" || !(checkedMark.MatchString(best) || uncheckedMark.MatchString(best)) || len([]rune(strings.TrimSpace(best))) > 3 {
		return "", false
	}
	return best, true
}

// markedOption is the answer the document's ticked boxes give, read on
// its lines folded (a symbol font's boxes as the boxes they draw): where
// any answer has a box, only the ticked ones count, and they must agree.
func (r *reading) markedOption(opts []option) (string, bool) {
	var checked []string
	boxes := false
	for _, line := range r.doc.lines {
		for _, h := range findOptions(resultText(line), opts) {
			boxes = boxes || h.mark != 0
			if h.mark == 1 {
				checked = append(checked, h.value)
			}
		}
	}
	if !boxes || len(checked) == 0 || !allSame(checked) {
		return "", false
	}
	return checked[0], true
}

// cxrFinding reports a finding anywhere in the report that a negative
// impression does not account for ("No acute disease. Right upper lobe
// nodule, suspicious for TB"): a finding not denied in its own clause.
func (r *reading) cxrFinding() bool {
	why := false
	for _, line := range r.doc.lines {
		switch {
		case whyOrdered.MatchString(line):
			// Why the film was taken ("Clinical history: positive skin
			// test"), under its heading or beside it, is no finding.
			why = true
			continue
		case sectionHeading.MatchString(line):
			why = false
		case why:
			continue
		}
		for _, clause := range clauseSplit.Split(line, -1) {
			for _, h := range findOptions(clause, cxrOptions) {
				// A positive skin or blood test is why the film was
				// taken, whichever line says so.
				if h.value == "positive" && h.mark != -1 && !denied.MatchString(clause[:h.start]) &&
					!filmOtherTest.MatchString(clause[h.end:]) {
					return true
				}
			}
			if loc := cxrSuspicion.FindStringIndex(clause); loc != nil && !denied.MatchString(clause[:loc[0]]) {
				return true
			}
		}
	}
	return false
}

var (
	whyOrdered = regexp.MustCompile(`(?i)^\s*(?:clinical\s+)?(?:indications?|history|reason\s+for\s+(?:exam|study|referral)|comparison|technique|exam(?:ination)?|procedure|order(?:ed)?\s+for)\b`)
	// sectionHeading opens a report's next section ("FINDINGS:").
	sectionHeading = regexp.MustCompile(`^\s*[A-Za-z][A-Za-z /]{2,30}:`)
	clauseSplit    = regexp.MustCompile(`[.;]\s+|\s{3,}`)
	// denied is a negation earlier in a clause: "No focal opacity, mass or
	// cavitation".
	denied       = regexp.MustCompile(`(?i)\b(?:no|not|without|negative\s+for|free\s+of|rule\s+out|resolved)\b`)
	cxrSuspicion = regexp.MustCompile(`(?i)\b(?:suspicious|suspicion|concerning\s+for|worrisome|recommend(?:ed)?\s+(?:ct|chest\s+ct|follow[\s-]*up|further)|nodules?|infiltrates?|opacit(?:y|ies)|consolidation|hilar\s+adenopathy|lymphadenopathy)\b`)
)

var provenanceTail = regexp.MustCompile(`(?i)[,\s]+(?:radiologist|attending|diagnostic radiologist)\s*$`)

func readChestXray(r *reading) {
	defer r.scanGuard()
	defer r.birthLikeEventDates()
	r.readHolder(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("exam_date", examDateLabels, dateFinder(roleDate))
	// A ticked box decides; a result read from words is doubted when a
	// finding elsewhere in the report speaks against it.
	if !r.markedResult(cxrOptions) {
		if f, ok := r.doc.lookup(cxrResultLabels, optionFinder(cxrOptions)); ok {
			r.set("result", f.value, f.conf)
			if r.unreadBoxes(f.line, cxrOptions) {
				r.doubt("result")
			}
		}
		if r.fields["result"] == "negative" && r.cxrFinding() {
			r.doubt("result")
		}
	}
	if !r.has("exam_date") {
		r.narrativeExamDate()
	}
	if !r.has("result") {
		r.narrativeCxrResult()
	}
	r.unsureBoxes(cxrOptions, "positive")
	r.provider(cxrProviderLabels, func(s string) string { return provenanceTail.ReplaceAllString(s, "") })
}

var (
	// filmTaken is a sentence's telling when the film was taken: "had a
	// chest x-ray on", "a chest radiograph taken on", "CXR dated".
	filmTaken = regexp.MustCompile(`(?i)\b(?:x-?\s?rays?|radiographs?|cxr|chest\s+films?)\s+(?:was\s+|were\s+)?(?:(?:taken|performed|done|obtained|completed)\s+)?(?:on|dated)\s+`)
	// filmWords name the film in a sentence.
	// drugTestWords name a drug test in a sentence.
	drugTestWords = regexp.MustCompile(`(?i)\bdrug\s+(?:screen|test)|\btoxicology\b|\burine\s+(?:screen|test|specimen)`)
	sentenceEnd   = regexp.MustCompile(`[.;\n]\s`)
	filmWords     = regexp.MustCompile(`(?i)\bx-?\s?rays?\b|\bradiograph|\bcxr\b|\bchest\s+films?\b`)
	// filmOtherTest is the test a finding right before it belongs to ("a
	// positive tuberculin skin test", "positive QuantiFERON"), not the film.
	filmOtherTest = regexp.MustCompile(`(?i)^(?:\s+[a-z-]+){0,2}?\s+(?:tuberculin|skin|ppd|tst|quantiferon|igra|t-spot|blood|mantoux)\b`)
)

// narrative joins a page's lines into running text, a word hyphenated at
// a line's end ("x-" | "ray") joined again.
func (r *reading) narrative() string {
	var b strings.Builder
	for _, line := range r.doc.lines {
		line = strings.TrimSpace(line)
		if line == "" || line == "\f" {
			b.WriteString("\n")
			continue
		}
		b.WriteString(line)
		if !strings.HasSuffix(line, "-") {
			b.WriteString(" ")
		}
	}
	return b.String()
}

// narrativeExamDate reads a letter's film date where no label gives one:
// the date right after the sentence says the film was taken ("had a
// chest x-ray on 02/09/2026"). Two such dates that differ leave it unread.
func (r *reading) narrativeExamDate() {
	text := r.narrative()
	pick, conf := "", 0.0
	for _, loc := range filmTaken.FindAllStringIndex(text, -1) {
		hs := dateFinder(roleDate)(text[loc[1]:min(len(text), loc[1]+24)])
		if len(hs) == 0 || hs[0].start != 0 {
			continue
		}
		v := hs[0].value.(string)
		if pick != "" && pick != v {
			return
		}
		pick, conf = v, 0.75*r.doc.printedOCRFactor(text[loc[1]:loc[1]+hs[0].end])
	}
	if pick == "" {
		pick, conf = r.filmPerformed(text)
	}
	if pick != "" {
		r.set("exam_date", pick, conf)
	}
}

// printedOCRFactor is lineOCRFactor of raw where the first line printing
// it holds it (1 when no line does: a value joined across lines), for a
// value found in the narrative's joined text rather than on a line.
func (d *doc) printedOCRFactor(raw string) float64 {
	for i, line := range d.lines {
		if at := strings.Index(line, raw); at >= 0 {
			return d.lineOCRFactor(i, at, at+len(raw))
		}
	}
	return 1
}

var (
	// studyDone is a report's telling when its study was done, the date
	// right after the verb: "views of the chest performed August 4, 2026",
	// "Chest, two views, obtained 03/02/2026".
	studyDone = regexp.MustCompile(`(?i)\b(?:taken|performed|done|obtained|acquired)\s+(?:on\s+)?`)
	// studyWords name the chest film's study in the sentence before its
	// verb, where filmWords' names may be missing ("PA and lateral views
	// of the chest").
	studyWords = regexp.MustCompile(`(?i)\bchest\b|\bviews?\b|\bradiograph|\bx-?\s?rays?\b|\bcxr\b|\bimaging\b`)
	// otherTestWords name a test other than the film, or an earlier film
	// the report compares with.
	otherTestWords = regexp.MustCompile(`(?i)\b(?:tuberculin|skin\s+test|ppd|tst|quantiferon|igra|t-spot|blood|mantoux|drug|physical|comparison|compared|prior|previous)\b`)
)

// filmPerformed reads the exam date from a report's sentence that names
// the study and tells it done ("EXAMINATION: PA and lateral views of the
// chest performed August 4, 2026."), where no "x-ray taken on" says it:
// a report dictated as prose. A sentence naming another test is that
// test's or an earlier film's, and two such sentences with different dates leave it unread.
func (r *reading) filmPerformed(text string) (string, float64) {
	pick, conf := "", 0.0
	for _, sentence := range sentenceEnd.Split(text, -1) {
		for _, loc := range studyDone.FindAllStringIndex(sentence, -1) {
			before := sentence[:loc[0]]
			if !studyWords.MatchString(before) || otherTestWords.MatchString(sentence) {
				continue
			}
			hs := dateFinder(roleDate)(sentence[loc[1]:min(len(sentence), loc[1]+24)])
			if len(hs) == 0 || hs[0].start != 0 {
				continue
			}
			v := hs[0].value.(string)
			if pick != "" && pick != v {
				return "", 0
			}
			pick, conf = v, 0.75*r.doc.printedOCRFactor(sentence[loc[1]:loc[1]+hs[0].end])
		}
	}
	return pick, conf
}

// narrativeCxrResult reads a letter's finding where no label or box gives
// one: the findings of the sentences that speak of the film ("The chest
// x-ray was read as normal, with no evidence of active pulmonary
// tuberculosis"). A finding of another test the sentence names ("as
// follow-up to a positive tuberculin skin test") is that test's.
func (r *reading) narrativeCxrResult() {
	if v, ok := r.sentencesResult(filmWords, cxrOptions, filmOtherTest); ok {
		r.set("result", v, 0.75)
		if v == "negative" && r.cxrFinding() {
			r.doubt("result")
		}
	}
}

// sentencesResult reads the answer of the sentences of running text that
// name the test (subject), all agreeing: a letter's "the chest x-ray was
// read as normal", "your drug screen ... was reported as NEGATIVE". An
// answer followed by another test's name (aside) is that test's. A page
// with check boxes among its answers is a form, for the boxes to tell.
func (r *reading) sentencesResult(subject *regexp.Regexp, opts []option, aside *regexp.Regexp) (string, bool) {
	pick := ""
	for _, sentence := range sentenceEnd.Split(r.narrative(), -1) {
		if !subject.MatchString(sentence) {
			continue
		}
		for _, h := range findOptions(sentence, opts) {
			if h.mark != markNone {
				return "", false
			}
			if aside != nil && aside.MatchString(sentence[h.end:]) {
				continue
			}
			if pick != "" && pick != h.value {
				return "", false
			}
			pick = h.value
		}
	}
	return pick, pick != ""
}

var (
	restrictionLabels = compileLabels("work restrictions", "restrictions", "restriction", "limitations",
		"cleared with restrictions")
	// The clinic that examined, else the examiner.
	examinerLabels = compileLabels("clinic", "facility", "examining provider", "examining physician", "examined by",
		"medical examiner", "signature of examiner", "examiner", "physician", "provider", "clinician", "practitioner")
	clearedOptions = options(
		`not\s+(?:medically\s+)?cleared|not\s+(?:fit|approved)\s+(?:for|to)\s+(?:full\s+)?(?:duty|work)|unfit\s+(?:for\s+duty|to\s+work)|not\s+able\s+to\s+perform|unable\s+to\s+perform|not\s+qualified|may\s+not\s+(?:return\s+to|begin|start)\s+work(?:\s+until\s+(?:medically\s+)?cleared)?|does\s+not\s+meet\s+(?:the\s+)?(?:physical|medical)\s+requirements|medically\s+(?:unacceptable|disqualified)|until\s+(?:medically\s+)?cleared`, "false",
		`(?:cleared|fit|qualified)(?:\s+for\s+(?:full\s+)?(?:duty|work))?\s+with\s+(?:restrictions?|limitations?|accommodations?|modifications?|modified\s+duty)|restricted\s+duty|light\s+duty|modified\s+duty|conditionally\s+cleared|cleared\s+pending`, "false",
		`cleared\s+(?:for\s+(?:full\s+)?duty\s+)?without\s+restrictions?|cleared\s+for\s+(?:full\s+)?duty|fit\s+for\s+(?:full\s+)?duty|medically\s+cleared|cleared\s+to\s+work|cleared\s+for\s+work|no\s+restrictions|qualified\s+without\s+restrictions?|`+
			`approved\s+for\s+(?:full\s+)?(?:duty|work|employment)|may\s+(?:return\s+to|begin|start)\s+work|fit\s+to\s+work|medically\s+acceptable|`+
			`meets\s+(?:the\s+)?(?:physical|medical)\s+requirements|without\s+(?:restrictions?|limitations?|accommodations?)|cleared`, "true",
	)
	essentialFunctions = regexp.MustCompile(`(?i)able\s+to\s+perform\s+(?:the\s+)?essential\s+functions.*?[:?]\s*(yes|no)\b`)
	// noneWords are a restrictions field that names none: "None", "No
	// work restrictions", "No limitations noted".
	noneWords = regexp.MustCompile(`(?i)^(?:none(?:\s+noted)?|no|n/?a|not\s+applicable|no\s+(?:known\s+)?(?:work\s+|duty\s+|physical\s+|activity\s+|medical\s+)?(?:restrictions?|limitations?)(?:\s+noted)?)\.?$`)
)

func readPhysicalExam(r *reading) {
	defer r.scanGuard()
	defer r.birthLikeEventDates()
	r.readHolder(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("exam_date", examDateLabels, dateFinder(roleDate))
	dropped := r.notBirthDate("exam_date")
	r.proseDate("exam_date", examinedOn)
	r.lookup("exam_date", dateLabel, dateFinder(roleDate))
	r.notBirthDate("exam_date")
	r.withheldBirthDate("exam_date", dropped)
	r.lookupText("restrictions", restrictionLabels, textFinder)
	answered, unsure := r.clearedAnswers()
	if v, ok := r.doc.tickedLines(clearedOptions); ok && !answered {
		r.set("cleared", v == "true", 0.9)
		answered = true
	}
	if v, ok := r.doc.optionsIn(clearedOptions, false); ok && !answered {
		r.set("cleared", v == "true", 0.9)
		answered = true
	}
	if !r.has("cleared") {
		if s, ok := r.fields["restrictions"].(string); ok {
			r.set("cleared", noneWords.MatchString(s), 0.7)
		}
	}
	if !r.has("cleared") {
		for _, line := range r.doc.lines {
			if m := essentialFunctions.FindStringSubmatch(line); m != nil {
				r.set("cleared", strings.EqualFold(m[1], "yes"), 0.7)
			}
		}
	}
	if !r.has("cleared") && r.boxedChoice(clearedOptions) {
		// The examiner's determination is offered beside check boxes
		// this reader could not tell apart: for a person to read, not
		// a form without one.
		r.set("cleared", false, confUnsureResult)
	}
	if r.fields["cleared"] == true {
		// Cleared, yet the page names restrictions, says the clearance
		// waits or is conditional, or (read from "Restrictions: None")
		// prints a "not cleared" no box marks as unchosen: a person must
		// read it.
		s, restricted := r.fields["restrictions"].(string)
		if unsure || restricted && !noneWords.MatchString(strings.TrimSpace(s)) || !answered && r.doc.optionsInAny(clearedOptions, "false") ||
			clearancePending.MatchString(strings.Join(r.doc.lines, " ")) {
			r.doubt("cleared")
		}
	}
	r.provider(examinerLabels, func(s string) string { return strings.TrimSpace(strings.Split(s, "  ")[0]) })
}

// provider names who gave the test or exam: the clinician the page names
// in a role (under a provider, examiner, radiologist, reader or signer
// label, or on a signature line); else the facility a label names; else
// the organisation of the letterhead. An organisation is the provider only
// where no clinician is named.
func (r *reading) provider(labels []label, clean func(string) string) {
	own := clean
	clean = func(s string) string { return own(strings.TrimSpace(signedTail.ReplaceAllString(s, ""))) }
	var people, steps, named []label
	for _, l := range labels {
		switch {
		case personRole.MatchString(l.text) && byRole.MatchString(l.text):
			steps = append(steps, l)
		case personRole.MatchString(l.text):
			people = append(people, l)
		}
		if !byRole.MatchString(l.text) {
			named = append(named, l)
		}
	}
	// Only a person's name is the value of a person's label: a caption
	// beside it ("Healthcare Provider (Print)") is not, and the name under
	// it is then read.
	personFinder := func(s string) []hit {
		// A label's further words before its colon ("Provider
		// Signature: Helen Park, NP" read by "Provider") are no value.
		hs := textFinder(labelTail.ReplaceAllStringFunc(s, blank))
		if len(hs) == 0 || !personName(clean(hs[0].value.(string))) {
			return nil
		}
		return hs
	}
	person := func(labels []label) bool {
		var names []found
		for _, f := range r.doc.lookupWhere(labels, personFinder, false, anywhere) {
			if v := clean(f.value.(string)); personName(v) {
				f.value = v
				names = append(names, f)
			}
		}
		if len(names) == 0 {
			return false
		}
		f := r.doc.surerSpelling(names)
		r.set("provider", f.value, f.conf)
		return true
	}
	// The clinician in a provider's role first, or the one who signed;
	// then a provider, clinic or facility named beside its own label;
	// only then whoever placed or read a test ("Placed by", "Read By"): one step's nurse is not
	// the provider a labelled provider names.
	if person(people) {
		return
	}
	if v, ok := r.clinicianByRole(clean); ok {
		r.set("provider", v, 0.9)
		return
	}
	if sig, ok := r.signatureBlock(); ok {
		r.set("provider", sig, 0.7)
		return
	}
	if f, ok := r.doc.lookupInline(named, func(s string) []hit {
		hs := textFinder(labelTail.ReplaceAllString(s, ""))
		if len(hs) == 0 {
			return nil
		}
		v := clean(hs[0].value.(string))
		if n := len(strings.Fields(v)); n == 0 || n > 6 || anyDigit.MatchString(v) || providerCaption.MatchString(v) {
			return nil
		}
		return hs
	}); ok && f.conf >= 0.85 {
		if v := clean(f.value.(string)); v != "" {
			r.set("provider", v, f.conf)
			return
		}
	}
	if person(steps) {
		return
	}
	if sig, ok := r.signatureBlock(); ok {
		r.set("provider", sig, 0.7)
		return
	}
	if f, ok := r.doc.lookupPlaced(labels, textFinder); ok {
		if v := clean(f.value.(string)); v != "" {
			r.set("provider", v, f.conf)
			return
		}
	}
	if org, ok := r.letterhead(providerOrg); ok {
		r.set("provider", org, 0.75)
	}
}

// surerSpelling returns the first of the names read, or, where OCR read
// the same name twice a letter or two apart ("J. Abernathy, RN" placed
// the test, "J. Abemathy, RN" read it, the second on a line OCR merged
// with the next column's), the spelling whose words OCR read more
// surely: one of the two is misread, and a scan's faint or crowded copy
// is the likelier one.
func (d *doc) surerSpelling(names []found) found {
	first := names[0]
	v := first.value.(string)
	best, bestOCR := first, d.valueOCR(first)
	for _, f := range names[1:] {
		w := f.value.(string)
		if w == v || len(strings.Fields(w)) != len(strings.Fields(v)) || len(v) < 6 || editDistance(w, v) > 2 {
			continue
		}
		if c := d.valueOCR(f); bestOCR >= 0 && c > bestOCR {
			best, bestOCR = found{value: w, conf: first.conf, line: f.line, placed: f.placed}, c
		}
	}
	return best
}

// valueOCR is the OCR confidence (0-100) of the words of value f on its
// line, the least and the mean weighed alike as ocrFactor does, or -1
// where its words are not known.
func (d *doc) valueOCR(f found) float64 {
	v, ok := f.value.(string)
	if !ok || !d.scanned(f.line) {
		return -1
	}
	at := strings.Index(d.lines[f.line], v)
	if at < 0 {
		return -1
	}
	lo, sum, n := 100.0, 0.0, 0.0
	for _, wi := range d.geo.byLine[f.line] {
		w := d.geo.words[wi]
		if w.end <= at || w.start >= at+len(v) {
			continue
		}
		c := max(0, min(100, w.conf))
		weight := float64(max(1, utf8.RuneCountInString(w.text)))
		sum += c * weight
		n += weight
		lo = min(lo, c)
	}
	if n == 0 {
		return -1
	}
	return 0.5*lo + 0.5*sum/n
}

// clinicianByRole reads a clinician's name after a label of a role the
// label lists do not spell out, on its line: a clinician's role noun
// after words that qualify it ("Examining Provider:", "Attending
// Clinician:", "Licensed Healthcare Professional:"). A provider who
// ordered or referred the test is not who gave it.
func (r *reading) clinicianByRole(clean func(string) string) (string, bool) {
	var names []found
	for i, line := range r.doc.lines {
		for _, m := range roleLabel.FindAllStringSubmatchIndex(line, -1) {
			if notGiver.MatchString(line[m[2]:m[3]]) {
				continue
			}
			v := clean(line[m[1]:])
			if end := columnGap.FindStringIndex(v); end != nil {
				v = v[:end[0]]
			}
			v = strings.TrimSpace(v)
			if personName(v) && clinician.MatchString(v) {
				names = append(names, found{value: v, line: i})
			}
		}
	}
	if len(names) == 0 {
		return "", false
	}
	return r.doc.surerSpelling(names).value.(string), true
}

var (
	// roleLabel is a label naming a clinician's role, with up to three
	// words qualifying it, before a colon.
	// The noun may be followed by the other roles it stands for
	// ("Physician/NP/PA:") or a caption's "Name" ("Provider Name:").
	roleLabel = regexp.MustCompile(`(?:^|\s)((?:[A-Z][A-Za-z'’/-]*\s+){0,3}(?:Provider|Clinician|Physician|Practitioner|Professional|Examiner|Radiologist|Nurse|PROVIDER|CLINICIAN|PHYSICIAN|PRACTITIONER|PROFESSIONAL|EXAMINER|RADIOLOGIST|NURSE)(?:\s*/\s*[A-Z]{2,4})*(?:\s+(?:Name|NAME))?)\s*:\s*`)
	// notGiver qualifies a clinician who did not give the test or exam.
	notGiver = regexp.MustCompile(`(?i)\b(?:ordering|referring|requesting|primary|pcp|copy|cc|emergency)\b`)
	// labelTail is a label's further words before its colon, read as the
	// start of a value ("Provider Organization: County Health" read by
	// "Provider").
	labelTail = regexp.MustCompile(`^\s*(?:[A-Z][A-Za-z]+\s+)?[A-Z][A-Za-z]+:\s*`)
)

// personName reports a value that names a person: a clinician's
// credentials or title, or two to five words with no digits and no
// organisation's word.
func personName(v string) bool {
	if clinician.MatchString(v) {
		return true
	}
	n := len(strings.Fields(v))
	return n >= 2 && n <= 5 && !anyDigit.MatchString(v) && !providerOrg.MatchString(v) && !documentTitle.MatchString(v)
}

// signedTail is what a line runs on with after a clinician's name: the
// day and time it was signed, or the next field's caption where OCR left
// no gap to part them ("Helen Marsh, MD 06/18/2026 4:12 PM", "Samuel
// Okonjo, DO Date signed: 05/05/2026"). No name goes on so.
var signedTail = regexp.MustCompile(`(?i)[,;\s]+(?:(?:date|dated)\b|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|(?:19|20)\d\d-\d\d-\d\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d\d).*$`)

// byRole is a label naming who did one step of a test ("Placed by",
// "Read by"), not the provider the document is from.
var byRole = regexp.MustCompile(`(?i)\bby\b`)

// providerCaption is a caption printed beside a provider's label, no
// provider ("Healthcare Provider (Print)", "Provider Signature").
var providerCaption = regexp.MustCompile(`(?i)^\(|\b(?:print|printed|signature|sign|date|title|credentials|initials|name)\b`)

// personRole is a label that names a clinician's role.
var personRole = regexp.MustCompile(`(?i)provider|examin|physician|clinician|practitioner|radiologist|signed|signature|interpreted|dictated|read\s+by|placed\s+by|administered\s+by|performed\s+by|nurse`)

// letterhead returns the organisation a page's first lines print above
// its title ("PREMIER RADIOLOGY", "Walgreens #5893", "CareNow Urgent
// Care"): the first cell of one of the first three lines that names an
// organisation of the kind and is no title, label, sentence or contact
// line. A department under it ("Department of Laboratory Medicine") is
// the organisation's: the line above it names it.
func (r *reading) letterhead(kind *regexp.Regexp) (string, bool) {
	seen, looked := 0, 0
	prev := ""
	for _, line := range r.doc.lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		if looked++; looked > 6 {
			break
		}
		cell := letterheadCell(line)
		if cell == "" && documentTitle.MatchString(line) {
			// A status or title line over the letterhead ("FINAL
			// REPORT") is passed over.
			continue
		}
		if seen++; seen > 3 {
			break
		}
		ok := cell != "" && kind.MatchString(cell)
		switch {
		case ok && department.MatchString(cell) && prev != "":
			return prev, true
		case ok && !department.MatchString(cell):
			return cell, true
		}
		if cell != "" && !department.MatchString(cell) {
			prev = cell
		}
	}
	return "", false
}

// letterheadCell is a letterhead line's organisation: its first cell,
// cut at a middle dot or bar ("<Vendor> · Consumer Report"), or "" where
// the line is a title, a label, a sentence, a date or a contact line.
func letterheadCell(line string) string {
	cell := strings.TrimSpace(strings.Split(strings.TrimSpace(line), "  ")[0])
	for _, sep := range []string{" · ", " | ", " • ", " — "} {
		cell = strings.TrimSpace(strings.Split(cell, sep)[0])
	}
	cell = strings.TrimRight(cell, " |·•")
	if loc := addressTail.FindStringIndex(cell); loc != nil && loc[0] > 0 {
		// "Summit Toxicology, 1180 Ridge Rd, Boise ID": the name before
		// its address.
		cell = strings.TrimSpace(cell[:loc[0]])
	}
	cell = cutPlace(cell)
	words := strings.Fields(cell)
	if len(words) == 0 || len(words) > 6 && (len(words) > 10 || !titleWords(words)) || strings.ContainsAny(cell, ":@") || documentTitle.MatchString(cell) ||
		contactLine.MatchString(cell) || len(dateFinder(roleDate)(cell)) > 0 || strings.HasSuffix(cell, ".") && !companySuffix.MatchString(cell) {
		return ""
	}
	return cell
}

// titleWords reports that words are a name's, each capitalised but its
// connectives ("St. Mary's Regional Medical Center Clinical Laboratory"),
// not a sentence's: an organisation's name may run past six words.
func titleWords(words []string) bool {
	for _, w := range words {
		switch r := []rune(w)[0]; {
		case unicode.IsUpper(r) || w == "&":
		case nameConnectives[strings.ToLower(w)]:
		default:
			return false
		}
	}
	return true
}

// nameConnectives join the words of an organisation's name.
var nameConnectives = map[string]bool{"of": true, "and": true, "the": true, "for": true, "at": true, "de": true, "la": true}

var (
	// companySuffix ends a company's name with a period ("Acme, Inc.").
	companySuffix = regexp.MustCompile(`(?i)\b(?:inc|co|corp|ltd|llc|l\.l\.c|p\.c|pllc)\.$`)
	// department is a part of an organisation, printed under its name.
	department = regexp.MustCompile(`(?i)^(?:the\s+)?(?:department|dept\.?|division|section|office|client\s+services|customer\s+service)\b`)
	// contactLine is an address, a telephone or a web address.
	contactLine = regexp.MustCompile(`(?i)\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}|\bwww\.|\.com\b|^\d+\s+\w+|\b(?:suite|ste\.?|blvd|avenue|ave\.?|street|st\.|road|rd\.)\b|client\s+services|customer\s+service`)
)

// signatureBlock returns the last line that is a clinician's name with
// credentials ("Sandra McAllister, FNP-C - Examining Provider" gives
// "Sandra McAllister, FNP-C").
func (r *reading) signatureBlock() (string, bool) {
	for i := len(r.doc.lines) - 1; i >= 0 && i >= len(r.doc.lines)-15; i-- {
		line := strings.TrimSpace(r.doc.lines[i])
		// A table row's result before its reader ("Negative Linda
		// Hollis, RN") is no signature.
		// An organisation's city and state ("Occupational Health
		// Services Philadelphia, PA") is no physician assistant.
		if m := signedName.FindStringSubmatch(line); m != nil && !resultWordRe.MatchString(m[1]) &&
			!providerOrg.MatchString(strings.Split(m[1], ",")[0]) {
			return strings.TrimSpace(m[1]), true
		}
		// "Dr. Helen Park", or a name over its credentials ("Helen Park"
		// then "MD, Medical Director") under a closing.
		if doctorName.MatchString(line) {
			return line, true
		}
		if i+1 < len(r.doc.lines) && i > 0 && letterClosing.MatchString(r.doc.lines[i-1]) && personName(line) &&
			credentialsLine.MatchString(strings.TrimSpace(r.doc.lines[i+1])) {
			return line, true
		}
	}
	return "", false
}

var (
	doctorName      = regexp.MustCompile(`^Dr\.?\s+[A-Z][A-Za-z.'’-]+(?:\s+[A-Z][A-Za-z.'’-]*){1,3}$`)
	letterClosing   = regexp.MustCompile(`(?i)^\s*(?:sincerely|regards|respectfully|best regards|kind regards|thank you)[,.]?\s*$`)
	credentialsLine = regexp.MustCompile(`^(?:MD|M\.D\.|DO|D\.O\.|RN|NP|APRN|CNP|DNP|FNP(?:-[A-Z]{1,2})?|PA(?:-C)?|PharmD)\b|(?i)^(?:medical\s+director|examining|physician|nurse\s+practitioner)`)
)

var (
	providerOrg = regexp.MustCompile(`(?i)\b(?:radiology|imaging|health|healthcare|clinic|clinics|medical|care|pharmacy|hospital|center|centre|associates|occupational|department|physicians|practice|wellness|urgent|walgreens|cvs|kroger|rite\s+aid|walmart|safeway|publix|concentra|group|partners|institute)\b`)
	labOrg      = regexp.MustCompile(`(?i)\b(?:laborator(?:y|ies)|labs?|diagnostics?|pathology|reference|toxicology|clinical)\b`)
	vendorOrg   = regexp.MustCompile(`(?i)\b(?:screening|background|verifications?|checks?|investigations?|services|solutions|inc|llc|corp|corporation|company|co)\b\.?`)
	// documentTitle is a document's title, never its issuer.
	documentTitle = regexp.MustCompile(`(?i)\b(?:report|record|form|results?|certificate|test|testing|exam|examination|evaluation|request|requisition|summary|letter|clearance|questionnaire|card|panel|screen|specimen|patient|chest|x-?ray|tuberculosis|tb|ppd|quantiferon|drug|urine|physical|fitness|consent|declination|confidential|page)\b`)
	clinician     = regexp.MustCompile(`,\s*(?:MD|M\.D\.|DO|D\.O\.|RN|BSN|LPN|LVN|NP|APRN|CNP|DNP|FNP(?:-[A-Z]{1,2})?|PA(?:-C)?|PharmD|PHARMD|RPh|MPH|PhD)\b|^(?:Dr\.?)\s`)
	signedName    = regexp.MustCompile(`^(?:(?:electronically\s+)?signed(?:\s+by)?:?\s*)?([A-Z][A-Za-z.'’-]+(?:\s+[A-Z][A-Za-z.'’-]*){1,3},\s*(?:MD|M\.D\.|DO|D\.O\.|RN|BSN|NP|APRN|CNP|DNP|FNP(?:-[A-Z]{1,2})?|PA(?:-C)?|PharmD|PHARMD|RPh)\b)`)
)

// clearedAnswers reads the examiner's answer to a clearance question
// ("Cleared for duty: No", "Medically cleared: [ ] Yes [X] No", "Fit for
// duty: YES"), which decides over the question's own words. answered says
// a question was answered yes or no; unsure that one was answered neither
// (pending, deferred) or the answers disagree.
func (r *reading) clearedAnswers() (answered, unsure bool) {
	var values []bool
	for _, line := range r.doc.lines {
		for _, m := range clearedQuestion.FindAllStringSubmatchIndex(resultText(line), -1) {
			answer := line[m[2]:m[3]]
			if pendingWords.MatchString(answer) {
				unsure = true
				continue
			}
			if v, ok := choose(answer, findOptions(answer, yesNo)); ok {
				values = append(values, v == "yes")
			}
		}
	}
	if len(values) == 0 {
		return false, unsure
	}
	for _, v := range values[1:] {
		if v != values[0] {
			unsure = true
		}
	}
	r.set("cleared", values[0], unsureIf(0.9, unsure))
	return true, unsure
}

var (
	// clearedQuestion is a clearance asked as a question, its answer after
	// the colon.
	clearedQuestion = regexp.MustCompile(`(?i)\b(?:medically\s+)?(?:cleared|fit|clearance|qualified|able\s+to\s+work)(?:\s+(?:for|to)\s+(?:full\s+)?(?:duty|work))?(?:\s+without\s+restrictions?)?\s*[:?]\s*(.{1,40})`)
	// clearancePending says in a sentence that the clearance waits.
	clearancePending = regexp.MustCompile(`(?i)\b(?:clearance|cleared|determination|fitness\s+for\s+duty)\b[^.;]{0,30}\b(?:pending|deferred|awaiting|on\s+hold)\b|\b(?:pending|awaiting|deferred)\b[^.;]{0,30}\b(?:clearance|determination)\b`)
	yesNo            = options(`yes|y`, "yes", `no|n`, "no")
	pendingWords     = regexp.MustCompile(`(?i)\b(?:pending|deferred|defer|tbd|to\s+be\s+determined|incomplete|awaiting|in\s+progress|conditional(?:ly)?|provisional(?:ly)?|temporar(?:y|ily))\b`)
)

// tickedLines reads a list whose lines each start with a box, the ticked
// one's answer decides ("X  Medically qualified / cleared for full duty",
// the other lines unmarked): the one answer the ticked lines give.
func (d *doc) tickedLines(opts []option) (string, bool) {
	var values []string
	for _, line := range d.lines {
		if !tickedLine.MatchString(line) {
			continue
		}
		for _, h := range findOptions(resultText(line), opts) {
			values = append(values, h.value)
		}
	}
	if len(values) == 0 || !allSame(values) {
		return "", false
	}
	return values[0], true
}

// tickedLine is a line that opens with a ticked box.
var tickedLine = regexp.MustCompile(`^\s*(?:[Xx]|\[\s*[Xx✓✔]\s*\]|\(\s*[Xx✓✔]\s*\)|[☒☑✓✔■])\s+\S`)

// optionsInAny reports that any line offers an answer of the value, not
// ticked off as unchosen: "Not cleared" printed beside a "cleared".
func (d *doc) optionsInAny(opts []option, value string) bool {
	for _, line := range d.lines {
		for _, h := range findOptions(resultText(line), opts) {
			if h.value == value && h.mark == 0 {
				return true
			}
		}
	}
	return false
}

var (
	drugResultLabels = compileLabels("final result", "overall result", "mro verified result", "verified result",
		"mro result", "test result", "overall", "result", "results", "interpretation")
	// OCR reads a panel's last letter as its look-alikes ("10 Pane!").
	panelPattern  = regexp.MustCompile(`(?i)\b(\d{1,2})\s*-?\s*pane(?:l\b|[1|!](?:$|[^\w]))`)
	panelLabelled = regexp.MustCompile(`(?i)\bpanel\s*:?\s*(\d{1,2})\b`)
	analyteLine   = regexp.MustCompile(`(?i)\b(?:amphetamines?|cocaine|marijuana|thc|cannabinoids|opiates?|pcp|phencyclidine|benzodiazepines?|barbiturates?|methadone|oxycodone|propoxyphene|mdma|methamphetamines?|coc|opi|amp)\b`)
)

func readDrugScreen(r *reading) {
	defer r.scanGuard()
	defer r.birthLikeEventDates()
	r.readHolder(false)
	if v, _ := r.fields["full_name"].(string); analyteLine.MatchString(v) {
		// A drug's row left alone on its line where OCR lost the rest of
		// the table ("Marijuana Metabolites", a ruled table's row read
		// as a name at 0.6): no holder is read.
		for _, f := range []string{"full_name", "first_name", "middle_name", "last_name"} {
			delete(r.fields, f)
			delete(r.conf, f)
		}
	}
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("collection_date", collectionLabels, dateFinder(roleDate))
	if f, ok := r.doc.lookup(dateLabel, dateFinder(roleDate)); ok && !r.has("collection_date") && !r.otherTestsDate(f.line, drugRow) {
		r.set("collection_date", f.value, f.conf)
	}
	r.rowDate("collection_date", drugRow)
	if !r.markedResult(drugOptions) && !r.lookupResult(drugResultLabels, drugOptions, "negative") {
		// No overall result: every analyte negative is a negative screen,
		// any positive a positive one.
		var values []string
		for _, line := range r.doc.lines {
			if analyteLine.MatchString(line) {
				for _, h := range findOptions(line, drugOptions) {
					values = append(values, h.value)
				}
			}
		}
		if len(values) > 0 {
			v := "negative"
			for _, x := range values {
				if x == "positive" {
					v = "positive"
				}
			}
			r.set("result", v, 0.7)
		}
	}
	r.badge(drugOptions)
	if !r.has("result") {
		if v, ok := r.sentencesResult(drugTestWords, drugOptions, nil); ok {
			r.set("result", v, 0.75)
		}
	}
	r.unsureBoxes(drugOptions, "positive")
	if r.fields["result"] == "negative" && r.drugDoubt() {
		r.doubt("result")
	}
	for _, line := range r.doc.lines {
		if v, conf, ok := panelOnLine(line); ok {
			r.set("panel", v, conf)
			break
		}
	}
	for _, line := range r.doc.lines {
		if m := panelLabelled.FindStringSubmatch(line); m != nil {
			r.set("panel", m[1]+"-panel", 0.8)
			break
		}
	}
	r.panelFromCodes()
	r.lab()
}

// panelOnLine reads the panel a line names ("10-panel urine"); of
// panels offered beside check boxes ("[ ] 5-panel  [X] 10-panel"), the
// one ticked, and where no one box is ticked alone, the first, too
// unsurely to report.
func panelOnLine(line string) (string, float64, bool) {
	ms := panelPattern.FindAllStringSubmatchIndex(line, -1)
	if len(ms) == 0 {
		return "", 0, false
	}
	first := line[ms[0][2]:ms[0][3]] + "-panel"
	if len(ms) == 1 && !uncheckedMark.MatchString(line) && !checkedMark.MatchString(line) {
		return first, 0.9, true
	}
	ticked, boxes, unsure := "", 0, false
	from := 0
	for _, m := range ms {
		before := line[from:m[0]]
		from = m[1]
		switch boxBefore(before) {
		case markTicked:
			boxes++
			if ticked != "" {
				return first, confUnsureResult, true
			}
			ticked = line[m[2]:m[3]] + "-panel"
		case markEmpty:
			boxes++
		case markUnreadable:
			boxes++
			unsure = true
		}
	}
	switch {
	case ticked != "" && unsure:
		return ticked, confUnsureResult, true
	case ticked != "":
		return ticked, 0.85, true
	case boxes > 0:
		return first, confUnsureResult, true
	}
	return first, 0.9, true
}

// boxBefore is the state of the box that opens an option's text: a box
// printed or as OCR reads it off a scan, the last token before the
// option.
func boxBefore(before string) int {
	switch {
	case checkedMark.MatchString(before):
		return markTicked
	case uncheckedMark.MatchString(before):
		return markEmpty
	}
	ws := strings.Fields(before)
	if len(ws) == 0 {
		return markNone
	}
	switch w := ws[len(ws)-1]; {
	case ocrTicked.MatchString(w):
		return markTicked
	case ocrEmpty.MatchString(w):
		return markEmpty
	case ocrUnsure.MatchString(w):
		return markUnreadable
	}
	return markNone
}

// panelFromCodes counts a panel printed as its drug classes' codes
// ("THC, COC, PCP, OPI, AMP" is a 5-panel): the longest run of four or more
// codes in a list on one line (a custody form's "[X] THC, COC, PCP, OPI,
// AMP  [ ] THC & COC Only" is five).
func (r *reading) panelFromCodes() {
	best := 0
	for _, line := range r.doc.lines {
		for _, run := range codeRun.FindAllString(line, -1) {
			seen := map[string]bool{}
			for _, m := range drugCode.FindAllString(run, -1) {
				seen[strings.ToUpper(m)] = true
			}
			best = max(best, len(seen))
		}
	}
	if best >= 4 {
		r.set("panel", strconv.Itoa(best)+"-panel", 0.7)
	}
}

// drugCode is a drug class's code as panels and cups print them; codeRun
// a list of them.
const drugCodes = `(?:AMP|BAR|BZO|BUP|COC|THC|MTD|MET|mAMP|MAMP|MDMA|OPI|OPI2000|OPI300|OXY|PCP|PPX|TCA|FYL|FEN|ETG|6-MAM|MOP|KET|TRA|EDDP|K2)`

var (
	drugCode = regexp.MustCompile(`\b` + drugCodes + `\b`)
	codeRun  = regexp.MustCompile(`\b` + drugCodes + `(?:\s*[,/;&+]?\s*` + drugCodes + `\b){3,}`)
)

// drugDoubt reports what a negative screen's page says against it: a
// result line that, folded ("Non–Negative"), is no negative; an analyte
// reported positive beside an overall negative; a specimen adulterated,
// substituted, invalid, refused or cancelled.
func (r *reading) drugDoubt() bool {
	if r.contradicted("negative", drugOptions, drugResultLabels) {
		return true
	}
	for i, line := range r.doc.lines {
		if specimenProblemStated(line) {
			return true
		}
		if analyteLine.MatchString(line) {
			s, _ := r.resultLine(i)
			s = stripLegends(s)
			for _, h := range findOptions(s, drugOptions) {
				if h.value != "negative" && h.mark != -1 {
					return true
				}
			}
		}
	}
	return false
}

// specimenProblemStated reports a specimen problem (specimenProblem)
// that line states: one offered beside an empty box ("[X] Negative
// [ ] Dilute { } Cancelled", an MRO's boxes of which OCR lost one) is an
// answer not given, no problem.
func specimenProblemStated(line string) bool {
	for _, m := range specimenProblem.FindAllStringIndex(line, -1) {
		before := markEnding(line[max(0, m[0]-8):m[0]])
		after := markStarting(line[m[1]:min(len(line), m[1]+8)])
		if before != markEmpty && before != markWeakEmpty && (before != markNone || after != markEmpty && after != markWeakEmpty) {
			return true
		}
	}
	return false
}

// specimenProblem is a specimen or test that gives no result, whatever
// result box stands beside it.
var specimenProblem = regexp.MustCompile(`(?i)\b(?:adulterated|substituted|invalid\s+(?:specimen|result|test)|specimen\s+(?:invalid|rejected|unsuitable)|refus(?:al|ed)\s+to\s+test|test\s+refused|refusal|cancell?ed|fatal\s+flaw|shy\s+bladder)\b`)

var (
	testDateLabels = compileDateLabels("test date", "date of test", "date tested", "fit test date", "date of fit test",
		"tested on", "date of testing")
	respiratorLabels = compileLabels("respirator manufacturer/model", "respirator make/model", "respirator model",
		"manufacturer/model", "make/model", "make and model", "model", "respirator type", "respirator", "mask model",
		"mask", "n95 model", "device")
	fitResultLabels = compileLabels("fit test result", "fit test results", "fit result", "fit results", "overall result",
		"final result", "test result", "test results", "result", "results", "pass/fail", "outcome")
	fitFactor = regexp.MustCompile(`(?i)fit\s+factor\s*:?\s*(\d{1,5})`)
	// respiratorModel is a maker's name and its model number ("3M 1870+",
	// "Halyard FLUIDSHIELD 46727", "Moldex 2200 N95").
	respiratorModel = regexp.MustCompile(`(?i)\b(?:3M|Honeywell|Halyard|Moldex|Kimberly[- ]Clark|Gerson|Makrite|Prestige Ameritech|BYD|Alpha Pro Tech|Cardinal Health|Dr[aä]ger|MSA|Medline|Kimtech)(?:\s+[A-Z][A-Za-z]+)?[\s-]+[A-Z]{0,3}-?\d[\w+-]*(?:\s+K?N9[59]|\s+P100)?`)
	anyDigit        = regexp.MustCompile(`\d`)
	seriesWord      = regexp.MustCompile(`^ ([A-Z][A-Za-z0-9+-]*)\b`)
	notSeries       = regexp.MustCompile(`(?i)^(?:small|medium|large|regular|x?s|m|x*l|size|date|test|tested|result|fit|pass|fail|model|lot|exp|by|on|with)$`)
)

// respiratorFinder reads a respirator model: a known maker's model, else
// a short text with a model number in it; a title ("Respirator Fit Test
// Record") is no model.
func respiratorFinder(s string) []hit {
	if loc := respiratorModel.FindStringIndex(s); loc != nil {
		// The model's series name after its number ("3M 1870+ Aura",
		// "Halyard 46727 FLUIDSHIELD"), up to two words one space apart,
		// not a size or the next label.
		end := loc[1]
		for k := 0; k < 2; k++ {
			m := seriesWord.FindStringSubmatchIndex(s[end:])
			if m == nil || notSeries.MatchString(s[end+m[2]:end+m[3]]) || strings.HasPrefix(s[end+m[1]:], ":") {
				break
			}
			end += m[1]
		}
		return []hit{{start: loc[0], end: end, value: strings.Join(strings.Fields(s[loc[0]:end]), " ")}}
	}
	hs := textFinder(s)
	if len(hs) == 0 || !anyDigit.MatchString(hs[0].value.(string)) || len(strings.Fields(hs[0].value.(string))) > 5 {
		return nil
	}
	return hs
}

var (
	makerLabels      = compileLabels("respirator manufacturer", "manufacturer", "mfr", "make", "brand")
	modelNumberLabel = compileLabels("model number", "model no", "model #", "model")
	// modelNumber is a model's number alone ("1860", "8210+", "N95-1870"),
	// a form's "Model" box beside its "Manufacturer" box.
	modelNumber = regexp.MustCompile(`^\s*[:#;]?\s*([A-Z]{0,3}-?\d{2,}[A-Za-z0-9+-]*)(?:\s|$)`)
)

// makerAndModel reads a respirator a form gives in two boxes, each beside
// its label, its maker ("Manufacturer: 3M") and its model's number
// ("Model: 1860"), as one model ("3M 1860"); a table's columns are their
// headings' to tell. A maker of more than three words is a sentence, and
// a model number alone, without its maker, names no respirator.
func (r *reading) makerAndModel() bool {
	models := r.doc.lookupWhere(modelNumberLabel, func(s string) []hit {
		if m := modelNumber.FindStringSubmatchIndex(s); m != nil {
			return []hit{{start: m[2], end: m[3], value: s[m[2]:m[3]]}}
		}
		return nil
	}, true, beside)
	if len(models) == 0 {
		return false
	}
	makers := r.doc.lookupWhere(makerLabels, func(s string) []hit {
		hs := textFinder(s)
		if len(hs) == 0 || len(strings.Fields(hs[0].value.(string))) > 3 {
			return nil
		}
		return hs
	}, true, beside)
	if len(makers) == 0 {
		return false
	}
	model, maker := models[0], makers[0]
	r.set("respirator_model", maker.value.(string)+" "+model.value.(string), min(maker.conf, model.conf))
	return true
}

// proseWord is a word of running text: lower-case letters only.
var proseWord = regexp.MustCompile(`^[a-z]+$`)

// respiratorNamed reads the respirator model where no label gave it from
// the one known maker's model the record names anywhere: a letter says
// it in a sentence ("The respirator tested was the 3M Aura 1870+ N95").
// Two models named (a retest with another mask) cannot say which.
func (r *reading) respiratorNamed() {
	pick, conf := "", 0.0
	for i, line := range r.doc.lines {
		for _, loc := range respiratorModel.FindAllStringIndex(line, -1) {
			// In a sentence, after a word of it ("was the 3M ..."): a
			// table's row of cells ("03/05/2026  3M 1870+  Std") is
			// its headings' to tell.
			before := strings.Fields(line[:loc[0]])
			if len(before) == 0 && i > 0 && strings.HasSuffix(r.doc.lines[i-1], " the") {
				// The sentence wrapped before the model ("... an
				// acceptable fit with the" | "Halyard 46727 N95 ...").
				before = strings.Fields(r.doc.lines[i-1])
			}
			if len(before) == 0 || !proseWord.MatchString(before[len(before)-1]) {
				continue
			}
			v := strings.Join(strings.Fields(line[loc[0]:loc[1]]), " ")
			if pick != "" && !strings.EqualFold(pick, v) {
				return
			}
			pick, conf = v, 0.75*r.doc.lineOCRFactor(i, loc[0], loc[1])
		}
	}
	if pick != "" {
		r.set("respirator_model", pick, conf)
	}
}

func readFitTest(r *reading) {
	defer r.scanGuard()
	defer r.birthLikeEventDates()
	r.readHolder(false)
	r.lookup("test_date", testDateLabels, dateFinder(roleDate))
	r.lookup("test_date", dateLabel, dateFinder(roleDate))
	if !r.lookupText("respirator_model", respiratorLabels, respiratorFinder) && !r.makerAndModel() {
		r.respiratorNamed()
	}
	if !r.lookupResult(fitResultLabels, fitOptions, "pass") {
		if v, ok := r.markedOption(fitOptions); ok {
			r.set("result", v, 0.85)
		}
	}
	if r.fields["result"] == "pass" {
		// A pass beside an overall fit factor under 100 (or the only
		// one printed): a person must read which stands.
		var factors []int
		overall := -1
		for _, line := range r.doc.lines {
			for _, m := range fitFactor.FindAllStringSubmatch(stripLegends(line), -1) {
				n, _ := strconv.Atoi(m[1])
				factors = append(factors, n)
				if strings.Contains(strings.ToLower(line), "overall") {
					overall = n
				}
			}
		}
		if overall >= 0 && overall < 100 || overall < 0 && len(factors) == 1 && factors[0] < 100 {
			r.doubt("result")
		}
	}
	r.unsureBoxes(fitOptions, "fail")
	if !r.has("result") {
		// OSHA: a quantitative fit factor of 100 or more passes a
		// half-mask respirator.
		for _, line := range r.doc.lines {
			if m := fitFactor.FindStringSubmatch(line); m != nil {
				n, _ := strconv.Atoi(m[1])
				if n >= 100 {
					r.set("result", "pass", confGuess)
				} else {
					r.set("result", "fail", confGuess)
				}
				break
			}
		}
	}
}

var (
	bgDateLabels = compileDateLabels("report completed", "report completed date", "completed date", "date completed",
		"completed at", "completed on", "completed", "completion date", "report date", "date of report", "order completed",
		"date")
	bgResultLabels = compileLabels("overall result", "overall status", "report status", "report result", "final status",
		"final result", "adjudication", "overall", "result", "status")
	vendorLabels = compileLabels("prepared by", "screening company", "consumer reporting agency", "vendor")
)

func readBackgroundCheck(r *reading) {
	defer r.scanGuard()
	defer r.birthLikeEventDates()
	r.readHolder(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("completed_date", bgDateLabels, dateFinder(roleDate))
	if !r.markedResult(backgroundOptions) && !r.lookupResult(bgResultLabels, backgroundOptions, "clear") {
		r.badge(backgroundOptions)
	}
	r.unsureBoxes(backgroundOptions, "consider")
	if r.fields["result"] == "clear" && r.bgDoubt() {
		r.doubt("result")
	}
	if v, ok := r.firstMentioned(vendors); ok {
		r.set("vendor", v, 0.9)
	}
	r.lookupText("vendor", vendorLabels, orgFinder)
	if org, ok := r.letterhead(vendorOrg); ok {
		r.set("vendor", org, 0.7)
	}
}

// bgDoubt reports a clear background check whose result line or page says
// the search is not finished or found something ("Clear - pending county
// records").
func (r *reading) bgDoubt() bool {
	if r.contradicted("clear", backgroundOptions, bgResultLabels) {
		return true
	}
	for _, f := range r.doc.lookupAll(bgResultLabels, optionFinder(backgroundOptions), false) {
		if f.line >= 0 && f.line < len(r.doc.lines) && pendingWords.MatchString(r.doc.lines[f.line]) {
			return true
		}
	}
	return false
}
