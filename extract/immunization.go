package extract

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/clearedtostart/compliance/classify"
)

// vaccine is what identifies one immunization on a record.
type vaccine struct {
	// names are the words a record uses for the vaccine or its antigen.
	names []string
	// components are the antigens a titer reports separately, each with
	// its names; immunity needs every one reported immune.
	components [][]string
	// whole names a titer of all the components at once ("MMR IgG").
	whole []string
}

var vaccines = map[string]vaccine{
	"mmr_record": {
		names:      []string{"mmr", "m m r", "mmr ii", "mmrv", "measles", "rubeola", "mumps", "rubella", "priorix", "proquad"},
		components: [][]string{{"measles", "rubeola"}, {"mumps"}, {"rubella"}},
		whole:      []string{"mmr", "m m r"},
	},
	"varicella_record": {
		names:      []string{"varicella", "vzv", "var", "varivax", "chickenpox", "chicken pox", "proquad", "mmrv"},
		components: [][]string{{"varicella", "vzv", "chickenpox"}},
	},
	"hepatitis_b_record": {
		names: []string{"hepatitis b", "hep b", "hepb", "hbv", "engerix", "recombivax", "heplisav", "twinrix", "hbsab",
			"anti hbs", "hbs ab", "hbs"},
		components: [][]string{{"hepatitis b", "hep b", "hbsab", "anti hbs", "hbs ab", "hbs"}},
	},
	"tdap_record":       {names: []string{"tdap", "boostrix", "adacel", "tetanus", "t dap"}},
	"influenza_vaccine": {names: []string{"influenza", "flu", "fluzone", "flucelvax", "afluria", "fluarix", "flulaval", "flublok", "fluad", "flumist"}},
	"covid19_vaccine": {names: []string{"covid", "covid 19", "sars cov 2", "pfizer", "moderna", "comirnaty", "spikevax",
		"novavax", "janssen", "biontech"}},
}

// otherTetanus keys, among a line's vaccines, a tetanus vaccine that is
// not Tdap (no catalog type records it).
const otherTetanus = "td_or_dtap"

var (
	// tetanusOnly names a Td booster or a child's DTaP (normalized text).
	tetanusOnly = regexp.MustCompile(` (?:td|dt|dtap|tenivac|tdvax|daptacel|infanrix|pediarix|kinrix|quadracel|pentacel|vaxelis) `)
	// tdapNamed names Tdap itself.
	tdapNamed = regexp.MustCompile(` (?:tdap|t dap|boostrix|adacel) `)
	// tetanusGroup is a registry's vaccine group, naming the tetanus
	// vaccines together ("Td/Tdap", "DTaP/Tdap/Td") in a column beside
	// the dose's own vaccine: it names no one dose's.
	tetanusGroup = regexp.MustCompile(`(?i)\b(?:dtap|dtp|tdap|td)(?:\s*/\s*(?:dtap|dtp|tdap|td))+\b`)
)

// titerWords mark a line that reports a titer rather than a dose.
var titerWords = []string{"titer", "titre", "antibody", "antibodies", "igg", "serology", "immune status", "immunity",
	"surface antibody", "anti hbs", "hbsab", "hbs ab", "au ml", "miu ml", "index", "immune", "non immune",
	"equivocal", "reactive"}

// doseCue marks a line that gives a dose of the vaccine its section is
// about without naming it ("Dose 2: 08/15/1996").
var doseCue = regexp.MustCompile(`(?i)\bdose\b|#\s*\d|\b(?:1st|2nd|3rd|\dth)\b|\bgiven\b|\badministered\b|\bbooster\b|\bshot\b|\bseries\b`)

// notDoseLabels date something else on a dose line.
var timestamp = regexp.MustCompile(`^,?\s*\d{1,2}:\d{2}`)

var notDoseLabels = map[string]bool{
	"dob": true, "date of birth": true, "birth date": true, "birthdate": true, "d.o.b.": true, "born": true,
	"exp": true, "expires": true, "expiration": true, "expiration date": true, "exp date": true, "exp. date": true,
	"expiry": true, "expiry date": true, "reported": true, "received": true, "signature": true, "collected": true,
	"collection date": true, "date collected": true, "vis": true, "printed": true, "report date": true,
}

var (
	// A lot's column may share its heading with the lot's expiry or the
	// maker ("Lot/Exp", "Manufacturer & Lot"): the id among its words is
	// the lot (the expiry is a date, the maker has no digits).
	lotLabels = compileLabels("lot number", "lot #", "lot no", "lot/exp", "lot / exp", "lot/exp date", "lot & exp", "lot and exp",
		"lot & expiration", "lot/expiration", "manufacturer & lot", "manufacturer/lot", "manufacturer / lot", "mfr/lot", "mfr & lot",
		"mfr / lot", "lot/mfr", "lot")
	// A Vaccine Information Statement's edition, or the day it was
	// handed over, is no dose ("VIS given: Tdap 08/06/2021"): its
	// labels shadow the bare "given" and "date" inside them.
	visLabels = compileLabels("vis", "printed", "date printed", "vis date", "vis given", "vis provided", "vis edition",
		"vis date given", "vis edition date", "vis publication date", "vis pub date", "date vis given", "date vis provided")
	titerDateLabels = compileDateLabels("titer date", "date of titer", "collection date", "date collected", "collected on",
		"collected", "specimen collected", "date drawn", "drawn", "date of collection")
	titerResultLabels = compileLabels("titer result", "immune status", "immunity status", "overall interpretation",
		"interpretation")
	seasonYears    = regexp.MustCompile(`\b(20\d{2})\s*[-/–]\s*(20\d{2}|\d{2})\b`)
	seasonLine     = regexp.MustCompile(`(?i)season|influenza|\bflu\b`)
	declineWords   = regexp.MustCompile(`(?i)\bdeclin(?:e|ed|es|ing|ation)\b|\brefuse\b|\bi do not wish\b`)
	refReference   = regexp.MustCompile(`(?i)\b(?:reference|ref\.?\s*range|ref:|normal\s+range|expected).*$`)
	declineOptions = options(`i\s+(?:hereby\s+)?decline|declin(?:e|ed|ation)|refuse`, "true",
		`i\s+(?:consent|agree|wish)\s+to\s+(?:receive|be\s+vaccinated)|i\s+(?:have\s+)?received|consent`, "false")
	iDecline      = regexp.MustCompile(`(?i)\bi\s+(?:hereby\s+)?decline|\bi\s+have\s+declined|\bi\s+refuse`)
	manufacturers = [][]string{
		{"Pfizer-BioNTech", "pfizer", "biontech", "comirnaty"},
		{"Moderna", "moderna", "spikevax"},
		{"Novavax", "novavax"},
		{"Janssen", "janssen", "johnson and johnson", "j and j"},
	}
)

// immunizationLine is one line of a record, normalised for matching.
type immunizationLine struct {
	norm     string
	vaccines map[string]bool
	titer    bool
}

func (r *reading) immunizationLines() []immunizationLine {
	out := make([]immunizationLine, len(r.doc.lines))
	for i, line := range r.doc.lines {
		l := immunizationLine{norm: " " + classify.Normalize(line) + " ", vaccines: map[string]bool{}}
		for key, v := range vaccines {
			for _, n := range v.names {
				if strings.Contains(l.norm, " "+classify.Normalize(n)+" ") {
					l.vaccines[key] = true
					break
				}
			}
		}
		tetanus := l.norm
		if tetanusGroup.MatchString(line) {
			// The dose's own vaccine, where the row names it beside its
			// group ("Td/Tdap  Td (adult)  08/14/2009" is a Td booster).
			if rest := " " + classify.Normalize(tetanusGroup.ReplaceAllString(line, " ")) + " "; tdapNamed.MatchString(rest) ||
				tetanusOnly.MatchString(rest) {
				tetanus = rest
			}
		}
		if tetanusOnly.MatchString(tetanus) && !tdapNamed.MatchString(tetanus) {
			// A tetanus-diphtheria booster (Td) or a child's DTaP is
			// another vaccine than Tdap, though "tetanus" names both:
			// its row's date and lot are not the Tdap's.
			delete(l.vaccines, "tdap_record")
			l.vaccines[otherTetanus] = true
		}
		for _, w := range titerWords {
			if strings.Contains(l.norm, " "+classify.Normalize(w)+" ") {
				l.titer = true
				break
			}
		}
		out[i] = l
	}
	return out
}

func readImmunization(r *reading) {
	defer r.scanGuard()
	r.name(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	lines := r.immunizationLines()
	doses, titerDates, dosesOCR, rowConf, lost := r.doses(lines)
	switch r.typ {
	case "tdap_record", "influenza_vaccine":
		given, _ := r.lookupOwnRow("administered_date", administeredLabels, dateFinder(roleDate), lines, doses, ownRow{line: -1})
		dropped := r.notBirthDate("administered_date")
		if !r.has("administered_date") && len(doses) > 0 {
			r.set("administered_date", doses[len(doses)-1], unsureIf(min(0.75, rowConf), dosesOCR < sureOCR))
		}
		if !r.has("administered_date") {
			r.wrappedAdministered()
		}
		r.withheldBirthDate("administered_date", dropped)
		at := ownRow{line: -1}
		if r.has("administered_date") && given.line >= 0 {
			at = given
		}
		if !r.headedRowLot(lines, at) && !r.lotOnRow(lotLabels, lines, at) {
			r.pipeTableLot()
		}
		if !r.has("lot_number") {
			r.rowLot(lines)
		}
		r.doubtSplitLot()
	default:
		if len(doses) > 0 {
			// Too few doses for a series, where a scan's table shows
			// dose rows (a lot, a status) whose date was not read, may
			// be the reader's loss, not the record's: a person must
			// count them. A row's other dates set aside (a VIS edition,
			// a lot's expiry) are no lost dose: a short series is what
			// a failing record looks like.
			short := (lost || r.strayDoseDates(lines, doses) > 0) && r.scanned() && len(doses) < seriesDoses[r.typ]
			r.set("dose_dates", doses, unsureIf(rowConf*dosesOCR, dosesOCR < sureOCR || short))
		}
	}
	if r.typ == "influenza_vaccine" {
		r.season()
	}
	if r.typ == "covid19_vaccine" {
		r.manufacturer(lines)
	}
	if v, ok := vaccines[r.typ]; ok && len(v.components) > 0 {
		r.titer(lines, v)
		if r.has("titer_result") {
			if !r.lookup("titer_date", titerDateLabels, dateFinder(roleDate)) && len(titerDates) > 0 {
				r.set("titer_date", titerDates[len(titerDates)-1], 0.8)
			}
		}
	}
	if r.typ == "hepatitis_b_record" || r.typ == "influenza_vaccine" {
		r.declined()
	}
}

// doses reads the dates of the type's doses: dates on lines that name the
// vaccine, and on dose lines under a line that named it. Titer lines give
// titer dates instead, and dates labelled as something else (a birth date,
// a lot's expiry, a dose due or refused, the record's own date on its
// title line) are no doses. Only doses given count toward a series, so a
// date read from words OCR was unsure of makes the list uncertain.
func (r *reading) doses(lines []immunizationLine) (doses, titers []string, ocr, rowConf float64, lost bool) {
	section := map[string]bool{}
	ocr, rowConf = 1, 0.85
	born, _ := r.fields["date_of_birth"].(string)
	// cont: the line before was a dose row of the type, which a row of
	// the next dose may follow with its vaccine cell left blank.
	cont := false
	// col: the type's column where a heading names vaccines side by side
	// ("MMR ... VARICELLA" over two lists of doses).
	var col vaccineColumn
	// opened: the line that named the section's vaccine.
	opened := -1
	for i, l := range lines {
		if len(l.vaccines) > 0 {
			section = l.vaccines
			col = r.vaccineColumn(i, l)
			opened = i
		}
		continued := cont && len(l.vaccines) == 0 && section[r.typ] && !l.titer && continuationRow.MatchString(r.doc.lines[i]) &&
			len(strings.Fields(r.doc.lines[i])) <= 8
		cont = false
		if len(dateFinder(roleDate)(r.doc.lines[i])) == 0 && (doseRow(l, section[r.typ], r.typ, r.doc.lines[i]) ||
			l.vaccines[r.typ] && !l.titer && brokenDate.MatchString(r.doc.lines[i])) {
			// A dose row whose date could not be read: its lot or status
			// says so, or a date OCR broke ("Varicella  Varivax  08/0
			// 1/2008", a registry's second dose) on the vaccine's row.
			lost = true
		}
		mine := l.vaccines[r.typ] || len(l.vaccines) == 0 && section[r.typ] && (doseCue.MatchString(r.doc.lines[i]) || numberedDoseRow.MatchString(r.doc.lines[i])) ||
			continued || r.sectionDate(i, opened, section)
		if !mine || recordTitle.MatchString(r.doc.lines[i]) && !doseCue.MatchString(r.doc.lines[i]) {
			continue
		}
		ds := col.keep(r.doc, i, r.lineDates(i))
		if continued && len(ds) != 1 {
			continue
		}
		cont = len(ds) > 0 && !l.titer
		if w, ok := r.wrappedDate(i); ok && len(ds) == 0 {
			ds = append(ds, w)
		}
		byRows := false
		if len(ds) == 0 && l.vaccines[r.typ] {
			// OCR may read a table row's cells as lines of their own
			// ("Tdap" / "2020-11-17" / "U7886A"): the row's other lines
			// give its dates, one dose.
			if rd := r.rowDates(i, lines); len(rd) > 0 {
				k := 0
				for n, d := range rd {
					if givenHeading.MatchString(d.heading) {
						k = n
					}
				}
				if len(rd) > 1 {
					rowConf = min(rowConf, 0.75)
				}
				ds = []datedDose{rd[k].datedDose}
				rowConf = min(rowConf, 0.8)
				// The series' further rows stand under this one, their
				// vaccine cell left blank or numbered: read them by the
				// rows. Unless the table plainly goes on with another
				// vaccine, a short series read so may be the reader's
				// loss (a row OCR could not place) as likely as the
				// record's.
				more, ended := r.doseRowsUnder(i, rd[k], lines)
				ds, byRows = append(ds, more...), true
				if !ended {
					lost = true
				}
			}
		}
		headed := false
		if len(ds) > 1 && !byRows {
			// A row of the vaccine under headings of its doses and its
			// titer ("Hepatitis B | Dose 1 | Dose 2 | Dose 3 | Titer
			// Date | Titer Result"): each date is its column's.
			if given, titerDates, ok := r.headedDoses(i, ds); ok {
				for _, d := range titerDates {
					if born == "" || d.value > born {
						titers = append(titers, d.value)
					}
				}
				ds, headed = given, true
			}
		}
		if len(ds) > 1 && !byRows && !headed && !r.doseList(i, ds) {
			// A table row gives one dose: its other dates are another
			// column's (a VIS edition, a lot's expiry, a next dose due)
			// whose heading could not be read. Counting them could
			// complete a series that is not complete.
			ds = []datedDose{ds[r.givenColumn(i, ds)]}
			rowConf = min(rowConf, 0.75)
		}
		for _, d := range ds {
			if born != "" && (d.value < born || d.value == born && r.typ != "hepatitis_b_record") {
				// Before the holder was born, or on the birth date itself
				// (only hepatitis B has a birth dose): another date.
				continue
			}
			if l.titer && !headed {
				titers = append(titers, d.value)
			} else {
				doses = append(doses, d.value)
				ocr = min(ocr, d.ocr)
			}
		}
	}
	doses = distinctSorted(doses)
	if len(vaccines[r.typ].components) > 0 {
		doses = spaced(doses)
	}
	return doses, distinctSorted(titers), ocr, rowConf, lost
}

// sectionDate reports that line i is a bare "Date:" label and its one
// date, at most two lines under the line opened that names the record's
// vaccine alone: a certificate's section per vaccine ("Tetanus,
// Diphtheria, Pertussis (Tdap)" / "Date: 11/06/2023" / "Product: ..." /
// "Lot: ..."), whose date is the dose's. Further down a section, a bare
// date may be the record's own or its signer's.
func (r *reading) sectionDate(i, opened int, section map[string]bool) bool {
	return opened >= 0 && i > opened && i-opened <= 2 && len(section) == 1 && section[r.typ] &&
		bareDateLine.MatchString(r.doc.lines[i]) && len(dateFinder(roleDate)(r.doc.lines[i])) == 1
}

// bareDateLine is a line of a "Date" label and one value.
var bareDateLine = regexp.MustCompile(`(?i)^\W*date\s*[:.=-]?\s*[0-9A-Za-z][0-9A-Za-z/.,\- ]{5,18}$`)

// ruledRow reports a row that is a table's rule OCR read as words
// ("——$—$—$— ty eat"): every word unsure (under 60) and no date, one of
// them a run of strokes more than letters or digits.
func ruledRow(g *geometry, row labRow) bool {
	strokes := false
	var text []string
	for _, c := range row.cells {
		for _, wi := range c.words {
			w := &g.words[wi]
			if !g.pages[w.page].ocr || w.conf >= 60 {
				return false
			}
			text = append(text, w.text)
			n, alnum := 0, 0
			for _, r := range w.text {
				n++
				if unicode.IsLetter(r) || unicode.IsDigit(r) {
					alnum++
				}
			}
			strokes = strokes || n >= 4 && 2*alnum < n
		}
	}
	return strokes && len(dateFinder(roleDate)(strings.Join(text, " "))) == 0
}

// lookupOwnRow is lookup where a record's table lists several vaccines:
// a value under a column's heading on a row that names other vaccines
// only ("MMR #1  14-Mar-2019  T1129" over "Tdap  02-Jan-2024  AC52B") is
// theirs, and the heading's value on the type's own row is read instead.
// Where the column holds several rows of the type (a history lists a
// booster after the first dose), the record proves its latest: of the
// column's own rows whose dates are among doses (the type's dose dates),
// the latest's is read. A field of that row (the lot beside the date) is
// read on the row at stands for (see lotOnRow); at.line < 0 reads the
// first own row.
func (r *reading) lookupOwnRow(field string, labels []label, f finder, lines []immunizationLine, doses []string, at ownRow) (ownRow, bool) {
	var own []found
	for _, v := range r.doc.lookupAll(labels, f, false) {
		if v.line < 0 || v.line >= len(lines) {
			if len(own) == 0 {
				r.set(field, v.value, v.conf)
				return ownRow{line: -1}, true
			}
			continue
		}
		named := lines[v.line].vaccines
		if len(named) == 0 {
			named = r.rowVaccines(v.line, lines)
		}
		if len(named) > 0 && !named[r.typ] {
			continue
		}
		own = append(own, v)
	}
	if len(own) == 0 {
		return ownRow{line: -1}, false
	}
	k := 0
	if at.line >= 0 && at.n > 1 {
		// The administered date is one of several own rows: the field's
		// on its row, else the one as many rows down in a column of as
		// many own rows (OCR read the table a column at a time); else
		// it is another dose's, and left unread.
		k = slices.IndexFunc(own, func(v found) bool { return r.sameRowLine(v.line, at.line, lines) })
		if k < 0 && len(own) == at.n {
			k = at.k
		}
		if k < 0 {
			return ownRow{line: -1}, false
		}
	}
	for j, v := range own {
		if at.line < 0 && slices.Contains(doses, fmt.Sprint(v.value)) && slices.Contains(doses, fmt.Sprint(own[k].value)) &&
			fmt.Sprint(v.value) > fmt.Sprint(own[k].value) {
			k = j
		}
	}
	r.set(field, own[k].value, own[k].conf)
	return ownRow{line: own[k].line, k: k, n: len(own)}, true
}

// ownRow is the row lookupOwnRow read a value on: its line, and its place
// k among the n own rows of its column.
type ownRow struct {
	line, k, n int
}

// sameRowLine reports whether lines i and j are one table row: the same
// line, or lines of the row's cells OCR read apart.
func (r *reading) sameRowLine(i, j int, lines []immunizationLine) bool {
	return i == j || i >= 0 && j >= 0 && (slices.Contains(r.rowLines(i, lines), j) || slices.Contains(r.rowLines(j, lines), i))
}

// lotOnRow reads the lot on the administered date's row at (see
// lookupOwnRow).
func (r *reading) lotOnRow(labels []label, lines []immunizationLine, at ownRow) bool {
	_, ok := r.lookupOwnRow("lot_number", labels, idFinder(1), lines, nil, at)
	return ok
}

// rowVaccines returns the vaccines named on the page's row through line
// i, by the other lines whose words stand on it: OCR may read a table's
// cells as lines of their own ("Influenza (IIV4)" / "10/02/2025" /
// "Sanofi"), so the line of a date under the "Date Given" heading names
// no vaccine while its row names the influenza shot. Nil when the line
// has no layout.
func (r *reading) rowVaccines(i int, lines []immunizationLine) map[string]bool {
	if !r.doc.hasGeometry(i) {
		return nil
	}
	g := r.doc.geo
	var out map[string]bool
	seen := map[int]bool{i: true}
	for _, wi := range g.byLine[i] {
		w := &g.words[wi]
		for _, oj := range g.pages[w.page].words {
			o := &g.words[oj]
			if seen[o.line] || o.line < 0 || o.line >= len(lines) || !sameRow(w, o) {
				continue
			}
			seen[o.line] = true
			for k := range lines[o.line].vaccines {
				if out == nil {
					out = map[string]bool{}
				}
				out[k] = true
			}
		}
	}
	return out
}

// vaccineColumn is the part of a page's width under a heading that names
// the record's vaccine beside others, each in a cell of its own: the
// dates in another's column are that vaccine's doses.
type vaccineColumn struct {
	ok          bool
	page        int
	left, right float64
}

// vaccineColumn returns the record's column where line i names its
// vaccine and another one a column gap apart; none otherwise (one
// vaccine, or a combined one's names in a single cell: "MMRV").
func (r *reading) vaccineColumn(i int, l immunizationLine) vaccineColumn {
	if !l.vaccines[r.typ] || len(l.vaccines) < 2 || !r.doc.hasGeometry(i) {
		return vaccineColumn{}
	}
	g := r.doc.geo
	ws := g.byLine[i]
	owner := func(w *gword) string {
		n := classify.Normalize(w.text)
		if n == "" {
			return ""
		}
		first := strings.Fields(n)[0]
		who := ""
		for key := range l.vaccines {
			for _, name := range vaccines[key].names {
				if strings.Fields(classify.Normalize(name))[0] == first {
					if who != "" && who != key {
						return ""
					}
					who = key
				}
			}
		}
		return who
	}
	var mine, others []*gword
	for _, wi := range ws {
		w := &g.words[wi]
		switch owner(w) {
		case "":
		case r.typ:
			mine = append(mine, w)
		default:
			others = append(others, w)
		}
	}
	if len(mine) == 0 || len(others) == 0 {
		return vaccineColumn{}
	}
	x0, x1 := mine[0].box.X0, mine[0].box.X1
	for _, w := range mine {
		x0, x1 = min(x0, w.box.X0), max(x1, w.box.X1)
	}
	c := vaccineColumn{ok: true, page: mine[0].page, left: math.Inf(-1), right: math.Inf(1)}
	for _, w := range others {
		switch {
		case w.box.X0 >= x1 && w.box.X0-x1 >= g.wideGap(w):
			c.right = min(c.right, w.box.X0)
		case w.box.X1 <= x0 && x0-w.box.X1 >= g.wideGap(mine[0]):
			// Half way across the gap: a row's dates may start left of
			// the heading over them.
			c.left = max(c.left, (w.box.X1+x0)/2)
		default:
			// Another vaccine's name in the type's own cell.
			return vaccineColumn{}
		}
	}
	return c
}

// keep returns the dates of line i that stand in the column.
func (c vaccineColumn) keep(d *doc, i int, ds []datedDose) []datedDose {
	if !c.ok || len(ds) == 0 || !d.hasGeometry(i) {
		return ds
	}
	g := d.geo
	var out []datedDose
	for _, dd := range ds {
		for _, wi := range g.byLine[i] {
			w := &g.words[wi]
			if w.end > dd.start && w.start < dd.end {
				if w.page == c.page && w.box.X0 >= c.left && w.box.X0 < c.right {
					out = append(out, dd)
				}
				break
			}
		}
	}
	return out
}

// doseRowsUnder reads, on a page OCR read cell by cell, the doses of the
// rows under line i's (the row naming the vaccine, whose date first
// gave): each row's one date in first's column, while the row's vaccine
// cell is blank or a dose's number. ended reports that the rows stop at
// a row naming a vaccine (the series' last row was read); a row of
// something else, a date not read or the table's end may hide rows.
func (r *reading) doseRowsUnder(i int, first rowDate, lines []immunizationLine) (out []datedDose, ended bool) {
	d := r.doc
	g := d.geo
	if !d.scanned(i) || !d.hasGeometry(first.line) {
		return nil, false
	}
	var dx0, dx1 float64
	for _, wi := range g.byLine[first.line] {
		if w := g.words[wi]; w.end > first.start && w.start < first.end {
			if dx1 == 0 {
				dx0 = w.box.X0
			}
			dx1 = max(dx1, w.box.X1)
		}
	}
	start := g.words[g.byLine[i][0]]
	rows := g.labRows(g.pages[start.page])
	at := slices.IndexFunc(rows, func(row labRow) bool {
		return slices.ContainsFunc(row.cells, func(c xCell) bool { return slices.Contains(c.words, g.byLine[i][0]) })
	})
	if at < 0 || dx1 == 0 {
		return nil, false
	}
	prev := rows[at]
	for _, row := range rows[at+1:] {
		if row.cy-prev.cy > doseRowGap*max(row.em, prev.em) {
			return out, false
		}
		if ruledRow(g, row) {
			// A rule between two rows, which OCR read as words.
			prev = row
			continue
		}
		var date []int
		for k, c := range row.cells {
			switch {
			case c.x1 < dx0-0.5*row.em:
				// The vaccine's cell.
				named := false
				for _, wi := range c.words {
					if l := g.words[wi].line; l >= 0 && len(lines[l].vaccines) > 0 {
						named = true
					}
				}
				if named {
					return out, true
				}
				if !doseNumberCell.MatchString(row.texts[k]) {
					return out, false
				}
			case c.x0 < dx1 && c.x1 > dx0:
				date = append(date, c.words...)
			}
		}
		var text []string
		for _, wi := range date {
			text = append(text, g.words[wi].text)
		}
		hs := dateFinder(roleDate)(strings.Join(text, " "))
		if len(hs) != 1 {
			return out, false
		}
		out = append(out, datedDose{value: hs[0].value.(string), ocr: d.ocrFactor(date)})
		prev = row
	}
	return out, false
}

// doseRowGap is how far under the row before, in OCR's ems (a capital's
// height), a dose table's next row may stand: a card's padded rows.
const doseRowGap = 4

// doseNumberCell is a dose row's first cell that numbers the dose ("2",
// "#3", "2nd", "Dose 2").
var doseNumberCell = regexp.MustCompile(`(?i)^\s*(?:#?\s*[1-9](?:st|nd|rd|th)?|dose\s*#?\s*[1-9]|[1-9](?:st|nd|rd|th)\s+dose)[.):]*\s*$`)

// rowDate is a date read on a line of another line's row, and the
// heading over it.
type rowDate struct {
	datedDose
	line    int
	heading string
}

// rowLines returns the lines near line i (a page read by OCR) whose every
// word stands on line i's row and that name no vaccine: cells of one
// table row OCR read as lines of their own.
func (r *reading) rowLines(i int, lines []immunizationLine) []int {
	d := r.doc
	if !d.scanned(i) {
		return nil
	}
	g := d.geo
	ref := &g.words[g.byLine[i][len(g.byLine[i])-1]]
	var out []int
	for j := max(0, i-6); j < min(len(d.lines), i+7); j++ {
		if j == i || !d.hasGeometry(j) || len(lines[j].vaccines) > 0 || lines[j].titer {
			continue
		}
		on := true
		for _, k := range g.byLine[j] {
			on = on && sameRow(&g.words[k], ref)
		}
		if on {
			out = append(out, j)
		}
	}
	return out
}

// rowDates reads the dates of line i's row on its other lines (see
// rowLines), as lineDates does, each with its column's heading.
func (r *reading) rowDates(i int, lines []immunizationLine) []rowDate {
	var out []rowDate
	for _, j := range r.rowLines(i, lines) {
		if recordTitle.MatchString(r.doc.lines[j]) && !doseCue.MatchString(r.doc.lines[j]) {
			continue
		}
		for _, dd := range r.lineDates(j) {
			out = append(out, rowDate{datedDose: dd, line: j, heading: r.doc.columnHeading(j, dd.start, dd.end)})
		}
	}
	return out
}

// strayDoseDates counts the dates that stand alone on scanned lines of a
// record's immunization history or dose table (after its heading, out of
// other vaccines' sections) that no dose took: rows a scan broke apart,
// their vaccine's name lost or set on a line of its own. A short series
// beside them may be the reader's loss, not the record's.
func (r *reading) strayDoseDates(lines []immunizationLine, doses []string) int {
	born, _ := r.fields["date_of_birth"].(string)
	inTable, n := false, 0
	section := map[string]bool{}
	for i, l := range lines {
		line := r.doc.lines[i]
		if len(l.vaccines) > 0 {
			section = l.vaccines
		}
		if !r.doc.scanned(i) {
			continue
		}
		if historyHeading.MatchString(line) || doseTableCues.MatchString(line) {
			inTable = true
			continue
		}
		if !inTable || l.titer || len(section) > 0 && !section[r.typ] {
			continue
		}
		rest := strings.TrimSpace(doseStatus.ReplaceAllString(strings.NewReplacer("|", " ", "[", " ", "]", " ").Replace(line), " "))
		hs := dateFinder(roleDate)(rest)
		if len(hs) != 1 || strings.TrimSpace(rest[:hs[0].start]) != "" || strings.TrimSpace(rest[hs[0].end:]) != "" {
			continue
		}
		v, _ := hs[0].value.(string)
		if v == "" || born != "" && v <= born || slices.Contains(doses, v) {
			continue
		}
		n++
	}
	return n
}

// historyHeading heads a registry's list of doses.
var historyHeading = regexp.MustCompile(`(?i)\b(?:immuni[sz]ation|vaccination|vaccine)\s+history\b`)

// doseRow reports a table row of one dose of the type's vaccine, not a
// titer: short, naming the vaccine with a lot number or the dose's status
// ("Administered", "Historical"), or, in the vaccine's section, with
// both (a row whose vaccine's name OCR lost).
func doseRow(l immunizationLine, inSection bool, typ, line string) bool {
	if l.titer || len(strings.Fields(line)) > 12 {
		return false
	}
	lot, status := lotToken.MatchString(line), doseStatus.MatchString(line)
	return l.vaccines[typ] && (lot || status) || len(l.vaccines) == 0 && inSection && lot && status
}

// continuationRow is a table row whose vaccine cell is blank: it opens
// with its date (after bars or a box's edge at most).
var continuationRow = regexp.MustCompile(`^[\s|]*\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}\b`)

// numberedDoseRow is a row of a registry's vaccine group that opens with
// the dose's number, then its date ("2    09/05/2010    Valid").
var numberedDoseRow = regexp.MustCompile(`^[\s|]*#?\s*[1-5](?:st|nd|rd|th)?[\s|.):-]+\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}\b`)

// brokenDate is what is left of a date OCR broke: digits in two or three
// groups parted by two slashes, dashes or dots, with a space inside
// ("08/0 1/2008"), which no date reader reads.
var brokenDate = regexp.MustCompile(`\b\d{1,2}\s*[/.-]\s*\d{0,2}\s+\d{0,2}\s*[/.-]\s*\d{2,4}\b|\b\d{1,2}\s*[/.-]\s*\d{1,2}\s*[/.-]\s*\d{1,2}\s+\d{1,3}\b`)

var (
	lotToken   = regexp.MustCompile(`\b[A-Z]{1,3}\d{3,}[A-Z0-9]*\b`)
	doseStatus = regexp.MustCompile(`(?i)\b(?:administered|historical|given)\b`)
)

// seriesDoses is how many doses complete a series (ACIP): two of MMR or
// varicella, three of hepatitis B.
var seriesDoses = map[string]int{"mmr_record": 2, "varicella_record": 2, "hepatitis_b_record": 3}

// minDoseGap is the shortest time between two doses of a series that both
// count (ACIP: 28 days for MMR and varicella, 4 weeks for hepatitis B,
// less a 4-day grace). Two dates closer than that are one dose printed
// twice and read two ways (OCR's 01/05 and 01/06), or a dose and another
// date; counting both could complete a series that is not complete.
const minDoseGap = 24 * 24 * time.Hour

// spaced keeps of sorted ISO dates those at least minDoseGap after the
// last one kept.
func spaced(ds []string) []string {
	var out []string
	var last time.Time
	for _, d := range ds {
		t, err := time.Parse(time.DateOnly, d)
		if err != nil {
			out = append(out, d)
			continue
		}
		if len(out) > 0 && !last.IsZero() && t.Sub(last) < minDoseGap {
			continue
		}
		out, last = append(out, d), t
	}
	return out
}

// doseList reports that the dates of line i are all doses: a list
// ("01/10/2020, 02/12/2020 and 07/15/2020"), doses named between them
// ("Dose 1 ... Dose 2 ..."), or columns headed as doses.
func (r *reading) doseList(i int, ds []datedDose) bool {
	line := r.doc.lines[i]
	listed := true
	for k := 1; k < len(ds) && listed; k++ {
		between := line[ds[k-1].end:ds[k].start]
		listed = doseCue.MatchString(between) || listSeparator.MatchString(between)
	}
	if listed {
		return true
	}
	for _, d := range ds {
		h := r.doc.columnHeading(i, d.start, d.end)
		if !doseHeading.MatchString(h) || notDoseHeading.MatchString(h) || otherDateHeading.MatchString(h) {
			return false
		}
	}
	return true
}

// headedDoses parts a row's dates by their columns' headings: doses under
// headings of doses, titer dates under a titer's; dates under other
// headings are neither. Every date must stand under a heading, and one at
// least under a dose's.
func (r *reading) headedDoses(i int, ds []datedDose) (given, titers []datedDose, ok bool) {
	for _, d := range ds {
		h := r.doc.columnHeading(i, d.start, d.end)
		switch {
		case h == "":
			return nil, nil, false
		case titerHeading.MatchString(h):
			titers = append(titers, d)
		case doseHeading.MatchString(h) && !notDoseHeading.MatchString(h) && !otherDateHeading.MatchString(h):
			given = append(given, d)
		}
	}
	return given, titers, len(given) > 0
}

// titerHeading heads a column of titers' dates or results.
var titerHeading = regexp.MustCompile(`(?i)\btit(?:er|re)s?\b`)

// givenColumn picks the dose of a row with several dates: the one under
// an administration heading, else the first.
func (r *reading) givenColumn(i int, ds []datedDose) int {
	for k, d := range ds {
		if h := r.doc.columnHeading(i, d.start, d.end); givenHeading.MatchString(h) && !otherDateHeading.MatchString(h) {
			return k
		}
	}
	return 0
}

var (
	// listSeparator joins dates of one list.
	listSeparator = regexp.MustCompile(`(?i)^\s*(?:[,;&]|and|,\s*and)\s*$`)
	// doseHeading heads a column of doses ("Dose 2", "#3", "2nd", "Date
	// Given").
	doseHeading  = regexp.MustCompile(`(?i)\bd[o0]s[e3]\b|#\s*\d|\b(?:1st|2nd|3rd|\dth)\b|\bgiven\b|\badministered\b|\bbooster\b`)
	givenHeading = regexp.MustCompile(`(?i)\bgiven\b|\badministered\b|\badmin\b|\bdose\s+date\b|\bdate\s+of\s+(?:dose|vaccination|administration)\b|\bvaccination\s+date\b`)
	// otherDateHeading is notDoseHeading as OCR may spell it ("V1S",
	// "VlS Date", "|Lot Exp").
	otherDateHeading = regexp.MustCompile(`(?i)v[il1|!]s\b|\bstatement|edition|\bexp|\bdue\b|\bnext\b|\blot\b|print|\bpubl|recall|remind|birth|\bdob\b|\btiter\b`)
)

// recordTitle is a record's title line ("MMR Immunization Record for Jane
// Doe, born ...", "Hepatitis B Vaccination Record   Date: ..."): its dates
// are the record's, not doses, unless it says dose.
var recordTitle = regexp.MustCompile(`(?i)\b(?:record|records|certificate|form|report|history|summary|documentation|card)\b`)

// notGiven are words before a date on a dose line that say the dose was
// not given that day; notGivenAfter the same said after it.
var (
	notGiven      = regexp.MustCompile(`(?i)\b(?:scheduled|schedule|appointment|appt|return|refused|declined|not\s+given|not\s+administered|deferred|planned|pending|overdue|missed|born|entered|recorded|updated|verified|reviewed)\b`)
	notGivenAfter = regexp.MustCompile(`(?i)^[\s:,-]*\(?\s*(?:scheduled|due|planned|pending|not\s+given|refused|declined|missed)\b`)
)

// doseNumbers blanks the numbers of doses ("Dose 2", "#3", "2nd"), which
// a date finder would read as a day: "Dose 2 Jun 12, 1997" is June 12,
// 1997, not June 2, 2012.
func doseNumbers(s string) string {
	return doseNumber.ReplaceAllStringFunc(s, func(m string) string {
		loc := doseDigits.FindStringIndex(m)
		end := loc[1]
		if e := strings.IndexFunc(m[end:], func(c rune) bool { return c < 'a' || c > 'z' }); e >= 0 && e <= 2 {
			end += e
		} else if e < 0 && len(m)-end <= 2 {
			end = len(m)
		}
		return m[:loc[0]] + strings.Repeat(" ", end-loc[0]) + m[end:]
	})
}

var (
	// A dose's number is not a date's first digits ("1st dose 05/06/2025":
	// "05" is the date's month).
	doseNumber = regexp.MustCompile(`(?i)(?:\b(?:dose|shot|injection|no\.?)\s*#?\s*|#\s*)\d{1,2}(?:$|[^\w/.-]|[/.-](?:$|\D))|\b\d(?:st|nd|rd|th)\b`)
	doseDigits = regexp.MustCompile(`\d{1,2}`)
)

var gluedDate = regexp.MustCompile(`(\d{1,2}[/.-]\d{1,2}[/.-]\d{4})[A-Za-z]`)

// datedDose is a date read on a dose line and how surely OCR read it.
type datedDose struct {
	value      string
	ocr        float64
	start, end int
}

// lineDates returns the dates on line i that no excluded label claims.
func (r *reading) lineDates(i int) []datedDose {
	line := r.doc.lines[i]
	matches := r.doc.matchesOn(i)
	var out []datedDose
	prevEnd := 0
	// A text layer may run a date into the next column's word
	// ("04/20/2021Kroger Pharmacy"); the word's first letter is no part
	// of the date.
	hits := dateFinder(roleDate)(doseNumbers(gluedDate.ReplaceAllString(line, "$1 ")))
	for k, h := range hits {
		if timestamp.MatchString(line[h.end:]) {
			// "3/10/26, 7:41 AM": when the record was printed.
			continue
		}
		owner := ""
		for _, m := range matches {
			if m.end <= h.start && m.like {
				owner = m.text
			}
		}
		before := line[prevEnd:h.start]
		prevEnd = h.end
		after := line[h.end:]
		if k+1 < len(hits) {
			after = line[h.end:hits[k+1].start]
		}
		if notDoseLabels[owner] || notDoseHeading.MatchString(before) || notGiven.MatchString(before) || notGivenAfter.MatchString(after) ||
			notDoseHeading.MatchString(r.doc.columnHeading(i, h.start, h.end)) {
			continue
		}
		out = append(out, datedDose{value: h.value.(string), ocr: r.doc.lineOCRFactor(i, h.start, h.end), start: h.start, end: h.end})
	}
	return out
}

// notBirthDate drops an event date that is the holder's date of birth: a
// lookup that found its own cell empty (a date wrapped over two lines)
// took the next date on the page, and the date of birth is no event. It
// reports whether it dropped one.
func (r *reading) notBirthDate(field string) bool {
	if born, ok := r.fields["date_of_birth"].(string); ok && r.fields[field] == born {
		delete(r.fields, field)
		delete(r.conf, field)
		return true
	}
	return false
}

// withheldBirthDate reports an event date whose label a lookup found but
// whose value was the date of birth (notBirthDate dropped it), where no
// other reading gave the date: the date is printed but was not read,
// which is for a person to read (uncertain), not a document without it.
func (r *reading) withheldBirthDate(field string, dropped bool) {
	if dropped && !r.has(field) {
		r.set(field, r.fields["date_of_birth"], confUnsureResult)
	}
}

// wrappedDate reads a date a narrow cell wrapped over two lines ("Mar 3,"
// then "2019" under it): the month and day ending line i (or its cell) and
// the one year the next line prints.
func (r *reading) wrappedDate(i int) (datedDose, bool) {
	line := r.doc.lines[i]
	m := partialDate.FindStringSubmatchIndex(doseNumbers(line))
	if m == nil || i+1 >= len(r.doc.lines) {
		return datedDose{}, false
	}
	year, ok := r.yearUnder(i, m[2], m[3])
	if !ok {
		return datedDose{}, false
	}
	hs := dateFinder(roleDate)(doseNumbers(line[m[2]:m[3]]) + " " + year)
	if len(hs) != 1 {
		return datedDose{}, false
	}
	return datedDose{value: hs[0].value.(string), ocr: min(r.doc.lineOCRFactor(i, m[2], m[3]), r.doc.lineOCRFactor(i+1, -1, 0)),
		start: m[2], end: m[3]}, true
}

// wrappedAdministered reads a single vaccine's date from a cell under an
// administration heading that wrapped its year onto the next line ("Mar
// 3," over "2019" under "Date Administered"), where that is the one such
// date.
func (r *reading) wrappedAdministered() {
	var got []datedDose
	for i := range r.doc.lines {
		w, ok := r.wrappedDate(i)
		if !ok {
			continue
		}
		if h := r.doc.columnHeading(i, w.start, w.end); givenHeading.MatchString(h) || administeredHeading.MatchString(h) {
			got = append(got, w)
		}
	}
	if len(got) == 1 {
		r.set("administered_date", got[0].value, unsureIf(0.7, got[0].ocr < sureOCR))
	}
}

// administeredHeading heads a column of the dates vaccines were given.
var administeredHeading = regexp.MustCompile(`(?i)\bdate\s+(?:administered|given|of\s+vaccination)\b|\badministered\b`)

// yearUnder returns the year a cell wrapped onto the next line: where the
// page's words are known, the one year under the span's column (another
// column may have wrapped its own); else the next line's only year.
func (r *reading) yearUnder(i, start, end int) (string, bool) {
	if r.doc.hasGeometry(i) && r.doc.hasGeometry(i+1) {
		g := r.doc.geo
		x0, x1, em := math.Inf(1), math.Inf(-1), 0.0
		for _, k := range g.byLine[i] {
			if w := g.words[k]; w.end > start && w.start < end {
				x0, x1, em = min(x0, w.box.X0), max(x1, w.box.X1), max(em, w.em)
			}
		}
		var years []string
		for _, k := range g.byLine[i+1] {
			w := g.words[k]
			if y := yearToken.FindString(w.text); y != "" && w.box.X1 > x0-em && w.box.X0 < x1+em {
				years = append(years, y)
			}
		}
		if len(years) == 1 {
			return years[0], true
		}
		if !math.IsInf(x0, 1) {
			return "", false
		}
	}
	years := yearToken.FindAllString(r.doc.lines[i+1], -1)
	if len(years) != 1 {
		return "", false
	}
	return years[0], true
}

var (
	// partialDate is a month and day with no year, at a line's or a
	// cell's end (the next cell's word follows, not a year).
	partialDate = regexp.MustCompile(`(?i)\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?)(?:\s*$|\s{2,}|\s+[a-z|])`)
	yearToken   = regexp.MustCompile(`\b(?:19|20)\d{2}\b`)
)

func distinctSorted(ds []string) []string {
	sort.Strings(ds)
	out := ds[:0]
	for i, d := range ds {
		if i == 0 || d != ds[i-1] {
			out = append(out, d)
		}
	}
	return out
}

// titer reads the titer result. Each component (measles, mumps, rubella)
// is read from its own line or the interpretation under it, with
// reference ranges and legends removed. It fails safe: any component not
// immune makes the whole not immune; immunity needs every component read
// immune (or a titer of them all), from words OCR was sure of, with no
// reading on the page contradicting it. Anything less is reported
// uncertain (below the field's threshold), never as immunity.
func (r *reading) titer(lines []immunizationLine, v vaccine) {
	titerDoc := false
	for i, l := range lines {
		if l.titer && l.vaccines[r.typ] && !otherTest.MatchString(r.doc.lines[i]) {
			titerDoc = true
		}
	}
	if !titerDoc {
		return
	}
	parts := append(slices.Clone(v.components), v.whole)
	read := map[int]titerHit{}
	conflict := false
	for ci, names := range parts {
		if len(names) == 0 {
			continue
		}
		for i, l := range lines {
			if !l.titer && !l.vaccines[r.typ] || !mentionsAny(l.norm, names) || otherTest.MatchString(r.doc.lines[i]) {
				continue
			}
			h, ok := r.componentResult(i, names, lines)
			switch {
			case !ok:
			case h.conflict:
				conflict = true
			case read[ci].value != "non_immune":
				read[ci] = h
			}
		}
	}
	// An overall interpretation speaks for every component.
	var overall []titerHit
	for _, f := range r.doc.lookupAll(titerResultLabels, optionFinder(titerOptions), false) {
		if h, ok := r.confirmTiter(f); ok {
			overall = append(overall, h)
		}
	}
	// Anti-HBs is reported as an amount: 10 mIU/mL or more is immunity.
	if r.typ == "hepatitis_b_record" {
		if h, ok := r.hbsAmount(lines); ok {
			overall = append(overall, h)
		}
	}
	var all []titerHit
	for _, h := range read {
		all = append(all, h)
	}
	all = append(all, overall...)
	if len(all) == 0 {
		return
	}
	factor, surest := 1.0, 0.0
	for _, h := range all {
		factor, surest = min(factor, h.ocr), max(surest, h.ocr)
		if h.conflict {
			conflict = true
			continue
		}
		if h.value == "non_immune" {
			// Not immune wherever it is said: the document fails, surely.
			r.set("titer_result", "non_immune", 0.85*max(h.ocr, 0.6))
			return
		}
	}
	complete := len(read[len(parts)-1].value) > 0 || len(overall) > 0
	if !complete {
		complete = true
		for ci := range v.components {
			complete = complete && read[ci].value == "immune"
		}
	}
	if len(all) >= 2 && !conflict && surest >= sureOCR {
		// Every reading says immune and one of them was read surely
		// ("POSITIVE" in the result column, "consistent with immunity"
		// in the comment): a word OCR was unsure of elsewhere does not
		// unsay it.
		factor = surest
	}
	conf := 0.85 * factor
	if conflict || !complete || factor < sureOCR {
		// A reading that contradicts itself, a titer of some components
		// only, or words OCR was unsure of: a person must read it.
		conf = min(conf, confUnsureResult)
	}
	r.set("titer_result", "immune", conf)
}

// unsureIf caps a confidence below every threshold when a reading that
// could make a document pass is not sure enough to.
func unsureIf(conf float64, unsure bool) float64 {
	if unsure {
		return min(conf, confUnsureResult)
	}
	return conf
}

// Confidence of a passing result that is not sure enough to pass on: below
// every field's threshold, so the field is reported uncertain.
const confUnsureResult = 0.4

// sureOCR is the OCR factor (layout.go's ocrFactor) a passing result's
// words need: about a word confidence of 65. Tesseract reads clean table
// rows of dates at 65 to 85, so a higher bar withheld right readings; the
// extra-dose and lost-"Non-" errors are caught by their own checks, not by
// this one.
const sureOCR = 0.7

// titerHit is one reading of a titer's result.
type titerHit struct {
	value string
	// conflict says the reading's own words disagree ("Positive - not
	// immune").
	conflict bool
	// ocr is how surely OCR read the words of the result (1 for a text
	// layer).
	ocr float64
}

var (
	// titerOptions are a titer's answers: the phrases that deny immunity
	// first, so that a longer one is never read as a word it contains.
	titerOptions = slices.Concat(options(
		`below\s+(?:the\s+)?protective(?:\s+(?:level|range|threshold))?|not\s+protective|non[\s-]*protective|no\s+protective\s+(?:level|antibod(?:y|ies))`, "non_immune",
		`(?:immune|immunity|protected)\s*(?:status)?\s*[:?]?\s*(?:no|n)`, "non_immune",
		`not\s+detected|none\s+detected|undetectable|not\s+detectable`, "non_immune",
		`inadequate|insufficient|borderline|low\s+positive|weak(?:ly)?\s+positive|non[\s-]*responder|susceptible`, "non_immune",
		`does\s+not\s+(?:indicate|show|suggest|demonstrate)\s+immunity|no\s+evidence\s+of\s+immunity|not\s+consistent\s+with\s+immunity`, "non_immune",
		`(?:immune|immunity|protected)\s*(?:status)?\s*[:?]?\s*(?:yes|y)`, "immune",
	), immunityOptions, options(`protective|adequate`, "immune"))
	// testName is a test's name made of result words.
	testName    = regexp.MustCompile(`(?i)\bimmun(?:e|ity)\s+(?:status|screen(?:ing)?|panel|profile|test|titer|evaluation|assessment|documentation)\b`)
	immuneYesNo = regexp.MustCompile(`(?i)\b(?:immune|immunity|protected)\s*(?:status)?\s*[:?]\s*(?:yes|no|y|n)\b`)
	// otherTest marks a line about another test than the immunity titer:
	// a positive hepatitis B surface antigen is an infection, a core
	// antibody a past one, an IgM a recent one; none is vaccine immunity.
	otherTest = regexp.MustCompile(`(?i)antigen|hbs\s*ag\b|\bcore\b|anti[\s-]*hbc|\bhbc|hbe\s*ag|\bdna\b|\bpcr\b|viral\s+load|\bigm\b`)
	// Spans of a result line that are no patient's result: a legend ("Immune:
	// >= 10 mIU/mL", "Equivocal 0.9-1.0", "> 1.1 Positive") or a reference.
	resultWord  = `(?:non[\s-]*negative|non[\s-]*immune|not\s+immune|immune|equivocal|indeterminate|borderline|positive|negative|non[\s-]*reactive|reactive|non[\s-]*protective|protective|not\s+detected|detected)`
	comparator  = `(?:[<>≤≥]\s*=?|=\s*[<>]|less\s+than|greater\s+than|more\s+than|at\s+least|under|over|above|below)`
	number      = `\d+(?:[.,]\d+)?`
	titerUnits  = `(?:\s*(?:m\s*[il1|]\s*u\s*/\s*m\s*l|[il1|]\s*u\s*/\s*m?\s*l|au\s*/\s*ml|u\s*/\s*ml|index|ai|ratio|s\s*/\s*co|mm|spots?|ng\s*/\s*ml)\b)?`
	legendAfter = regexp.MustCompile(`(?i)\b` + resultWord + `\s*[:=]?\s*(?:` + comparator + `\s*` + number + `(?:\s*(?:-|to)\s*` + number + `)?|` +
		number + `\s*(?:-|to)\s*` + number + `)` + titerUnits + `(?:\s*or\s+(?:greater|higher|more|above|less|lower|below))?`)
	legendBefore = regexp.MustCompile(`(?i)(?:` + comparator + `\s*` + number + `|` + number + `\s*(?:-|to)\s*` + number + `)` + titerUnits +
		`\s*[:=]?\s*` + resultWord)
	// legendOrMore is a cut-off stated by its bound and the answer it
	// earns ("5 mm or more positive", "10 mm or greater is considered
	// positive", "5 mm or more may be positive for high-risk persons"):
	// a guide's, wherever it stands, never a patient's.
	legendOrMore = regexp.MustCompile(`(?i)\b` + number + titerUnits + `\s*or\s+(?:more|greater|higher|larger|above|less|lower|below|smaller)\b` +
		`(?:\s*(?:[:=]|\b(?:is|are|be|may|might|can|could|should|would|will|must|generally|usually|also)\b|\b(?:considered|deemed)\b|` +
		`\b(?:read|interpreted|regarded|classified|treated)\s+as\b))*\s*` + resultWord)
	// legendEntry is a legend's entry that names what its bound measures
	// before the bound in words ("Negative: TB Ag minus Nil < 0.35
	// IU/mL", "Positive = Panel A or B >= 8 spots"): an answer a colon or
	// an equals sign defines, not one a result states (a patient's own
	// measurement between them is a number, no word).
	legendEntry   = regexp.MustCompile(`(?i)\b` + resultWord + `\s*[:=]\s*(?:[A-Za-z][^\s.;:<>≤≥=]*\s+){1,8}` + comparator + `\s*` + number + titerUnits)
	resultWordRe  = regexp.MustCompile(`(?i)\b` + resultWord + `\b`)
	anyComparison = regexp.MustCompile(`(?i)` + comparator + `\s*` + number + titerUnits)
	// An anti-HBs amount, the patient's own ("<3.0 mIU/mL", "245 IU/L").
	hbsAmountRe = regexp.MustCompile(`(?i)(?:(<|>|≤|≥|less\s+than|greater\s+than)\s*=?\s*)?(\d+(?:[.,]\d+)?)\s*(?:m\s*[il1|]\s*u\s*/\s*m\s*l|[il1|]\s*u\s*/\s*l)\b`)
	// danglingNot is a negation OCR left at a line's end ("Non-" over
	// "Reactive").
	danglingNot = regexp.MustCompile(`(?i)(?:\bnon|\bnot|\bno)\s*-?\s*$`)
	ocrNon      = regexp.MustCompile(`(?i)\bn[o0][nm]\s*-`)
	dashes      = strings.NewReplacer("–", "-  ", "—", "-  ", "‐", "-  ", "‑", "-  ", "−", "-  ", "_", "-", "~", "-",
		// Spaces a typesetter uses ("Non&nbsp;Reactive"), as many
		// spaces as their bytes: "Non Reactive" is no "Reactive".
		"\u00a0", "  ", "\u2002", "   ", "\u2003", "   ", "\u2007", "   ", "\u2008", "   ", "\u2009", "   ", "\u202f", "   ",
		// A symbol font's check boxes as text layers give them (Wingdings
		// in the private-use area): ticked and empty, each as the box
		// options.go reads, three bytes for three.
		"\uf0fe", "☒", "\uf0fd", "☒", "\uf0fc", "☑", "\uf078", "☒", "\uf0a8", "☐", "\uf06f", "☐", "\uf071", "☐")
)

// resultText folds what OCR and typesetting do to a result's words,
// keeping every byte where it was: dashes of every kind to "-", a symbol
// font's check boxes to the boxes they draw, and "N0n-" or "Nom-" to
// "Non-".
func resultText(s string) string {
	s = dashes.Replace(s)
	return ocrNon.ReplaceAllStringFunc(s, func(m string) string {
		b := []byte(m)
		if b[1] == '0' {
			b[1] = 'o'
			if b[0] == 'N' && (b[2] == 'N' || b[2] == 'M') {
				b[1] = 'O'
			}
		}
		switch b[2] {
		case 'm':
			b[2] = 'n'
		case 'M':
			b[2] = 'N'
		}
		return string(b)
	})
}

// stripLegends blanks a line's reference ranges and legends, keeping the
// patient's own result. A legend that starts with its bound ("> 1.09
// Positive") is one only after the patient's result (a number or a word
// before it): first on the line it is the patient's own amount ("<3.0
// mIU/mL  Immune >=10"). A legend that starts with its word ("Immune: >=
// 10") is one wherever it stands.
func stripLegends(s string) string {
	s = refReference.ReplaceAllString(s, "")
	s = legendEntry.ReplaceAllStringFunc(s, blank)
	s = legendOrMore.ReplaceAllStringFunc(s, blank)
	for _, loc := range legendBefore.FindAllStringIndex(s, -1) {
		before := s[:loc[0]]
		if strings.ContainsAny(before, "0123456789") || resultWordRe.MatchString(before) {
			s = s[:loc[0]] + blank(s[loc[0]:loc[1]]) + s[loc[1]:]
		}
	}
	return legendAfter.ReplaceAllStringFunc(s, blank)
}

func blank(s string) string { return strings.Repeat(" ", len(s)) }

// resultLine is line i as a result is read from it: folded, and joined
// with the next line where OCR left a negation at its end.
func (r *reading) resultLine(i int) (string, float64) {
	s := resultText(r.doc.lines[i])
	ocr := r.doc.lineOCRFactor(i, -1, 0)
	if danglingNot.MatchString(s) && i+1 < len(r.doc.lines) {
		s += " " + resultText(r.doc.lines[i+1])
		ocr = min(ocr, r.doc.lineOCRFactor(i+1, -1, 0))
	}
	return s, ocr
}

// readTiterLine reads a titer's answer from a line's text: the chosen
// option once legends are gone, as a conflict when the line also denies it.
func readTiterLine(s string, label bool) (titerHit, bool) {
	text := anyComparison.ReplaceAllStringFunc(stripLegends(s), blank)
	if !immuneYesNo.MatchString(text) {
		// A test's name is no result: "Rubella Immune Status  8.0 IU/mL".
		text = testName.ReplaceAllStringFunc(text, blank)
	}
	hits := findOptions(text, titerOptions)
	v, ok := choose(text, hits)
	if !ok && label {
		v, ok = firstValue(text, hits)
	}
	if !ok {
		return titerHit{}, false
	}
	for _, h := range hits {
		if h.value != v && h.mark != -1 {
			return titerHit{value: v, conflict: true}, true
		}
	}
	if v == "immune" && lowAmount(stripLegends(s)) {
		// "Rubella IgG  0.4 index  IMMUNE": the amount denies what the
		// word says (OCR may have lost its "Non-").
		return titerHit{value: v, conflict: true}, true
	}
	return titerHit{value: v}, true
}

// lowAmount reports a patient's amount that no assay reads as immunity:
// an index (AI, ratio, S/CO) under 0.9, a rubella IgG under 10 IU/mL.
func lowAmount(s string) bool {
	for _, m := range titerAmount.FindAllStringSubmatch(s, -1) {
		n, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", "."), 64)
		if err != nil {
			continue
		}
		unit := strings.ToLower(strings.Join(strings.Fields(m[2]), ""))
		switch {
		case unit == "iu/ml" && strings.Contains(strings.ToLower(s), "rubella") && n < 10:
			return true
		case unit != "iu/ml" && n < 0.9:
			return true
		}
	}
	return false
}

var titerAmount = regexp.MustCompile(`(?i)(?:^|[^\d.<>≤≥])(\d+(?:[.,]\d+)?)\s*(index|ai|ratio|s\s*/\s*co|iu\s*/\s*ml)\b`)

// componentResult reads one component's result on line i: from the rest
// of the line, else from an interpretation line under it.
func (r *reading) componentResult(i int, names []string, lines []immunizationLine) (titerHit, bool) {
	s, ocr := r.resultLine(i)
	if h, ok := readTiterLine(s, false); ok {
		h.ocr = r.titerOCR(i, s, ocr)
		return h, true
	}
	// A result can also wrap under the row: only a line that repeats a
	// result label or names no other antigen is read.
	for k := i + 1; k < len(lines) && k <= i+2; k++ {
		if strings.TrimSpace(r.doc.lines[k]) == "" {
			continue
		}
		if len(lines[k].vaccines) > 0 && !mentionsAny(lines[k].norm, names) || otherTest.MatchString(r.doc.lines[k]) {
			break
		}
		if line := r.doc.lines[k]; (len(strings.Fields(line)) > 12 || legendProse.MatchString(line)) && !opensWithResult(line) {
			// A footnote's sentence under the row ("Results of equivocal
			// or negative indicate lack of ... immunity") is no result;
			// a wrapped result opens with its answer.
			break
		}
		s, ocr := r.resultLine(k)
		if h, ok := readTiterLine(s, true); ok {
			h.ocr = r.titerOCR(k, s, ocr)
			return h, true
		}
	}
	return titerHit{}, false
}

// opensWithResult reports that a line opens with a result's word
// ("Negative - no detectable antibody ..."), marks aside.
func opensWithResult(line string) bool {
	t := strings.TrimLeft(line, " |:-–—*•")
	loc := resultWordRe.FindStringIndex(t)
	return loc != nil && loc[0] == 0
}

// legendProse is a sentence explaining results, not one.
var legendProse = regexp.MustCompile(`(?i)\bindicat(?:e|es|ing)\b|\bresults?\s+of\b|\bper\s+(?:cdc|acip)\b|\bconsidered\b`)

// confirmTiter reads again, without its legends, the line a labelled
// lookup found a titer's result on: a legend under an "Interpretation"
// heading is no result.
func (r *reading) confirmTiter(f found) (titerHit, bool) {
	if f.line < 0 || f.line >= len(r.doc.lines) || otherTest.MatchString(r.doc.lines[f.line]) {
		return titerHit{}, false
	}
	s, ocr := r.resultLine(f.line)
	h, ok := readTiterLine(s, true)
	if !ok {
		return titerHit{}, false
	}
	if h.value != f.value {
		h.conflict = true
	}
	h.ocr = r.titerOCR(f.line, s, ocr)
	return h, true
}

// titerOCR is how surely OCR read the words a titer's answer was read
// from on line i (s, folded): the words left once legends, reference
// ranges and amounts with their units are blanked, each with the word
// before it (where a lost "Non-" would stand). A legend's units OCR read
// badly ("mlU/mL)" at 28) say nothing of the answer. A line joined with
// the next keeps the factor of both lines whole.
func (r *reading) titerOCR(i int, s string, whole float64) float64 {
	if i < 0 || i >= len(r.doc.lines) || len(s) != len(r.doc.lines[i]) || !r.doc.hasGeometry(i) {
		return whole
	}
	kept := anyComparison.ReplaceAllStringFunc(stripLegends(s), blank)
	g := r.doc.geo
	line := g.byLine[i]
	var ws []int
	in := map[int]bool{}
	for k, wi := range line {
		w := g.words[wi]
		lo, hi := max(0, min(len(kept), w.start)), max(0, min(len(kept), w.end))
		if !strings.ContainsFunc(kept[lo:hi], func(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }) {
			continue
		}
		for _, x := range []int{k - 1, k} {
			if x >= 0 && !in[line[x]] {
				in[line[x]] = true
				ws = append(ws, line[x])
			}
		}
	}
	if len(ws) == 0 {
		return whole
	}
	return r.doc.ocrFactor(ws)
}

// hbsAmount reads an anti-HBs amount on the record's titer lines: 10
// mIU/mL (= IU/L) or more is immunity. A reading "< n" is under 10 when n
// is at most 10; any other bound says nothing. Amounts that disagree are
// a conflict.
func (r *reading) hbsAmount(lines []immunizationLine) (titerHit, bool) {
	out := titerHit{ocr: 1}
	seen := false
	for i, l := range lines {
		if !l.titer && !l.vaccines[r.typ] || otherTest.MatchString(r.doc.lines[i]) {
			continue
		}
		s := stripLegends(resultText(r.doc.lines[i]))
		for _, m := range hbsAmountRe.FindAllStringSubmatchIndex(s, -1) {
			n, err := strconv.ParseFloat(strings.ReplaceAll(s[m[4]:m[5]], ",", "."), 64)
			if err != nil {
				continue
			}
			cmp := ""
			if m[2] >= 0 {
				cmp = strings.ToLower(s[m[2]:m[3]])
			}
			var v string
			switch {
			case cmp == "" && n >= 10:
				v = "immune"
			case cmp == "":
				v = "non_immune"
			case (cmp == "<" || cmp == "≤" || strings.HasPrefix(cmp, "less")) && n <= 10:
				v = "non_immune"
			case (cmp == ">" || cmp == "≥" || strings.HasPrefix(cmp, "greater")) && n >= 10:
				v = "immune"
			default:
				continue
			}
			if seen && out.value != v {
				// Amounts that disagree (a history of titers): a person
				// must read which one stands.
				out.conflict = true
			}
			out.value = v
			// The amount's bound and number decide; its units, which OCR
			// reads unsurely ("mlU/mL" at 28), only mark it an amount.
			out.ocr = min(out.ocr, r.doc.lineOCRFactor(i, m[0], m[5]))
			seen = true
		}
	}
	return out, seen
}

// firstValue reads "Interpretation: Positive - Immune": after a result
// label, the answers agree or the first one is meant.
func firstValue(s string, hits []optionHit) (string, bool) {
	l := strings.ToLower(strings.TrimSpace(s))
	if len(hits) > 0 && (strings.HasPrefix(l, "interpretation") || strings.HasPrefix(l, "result")) {
		return hits[0].value, true
	}
	return "", false
}

func mentionsAny(norm string, names []string) bool {
	for _, n := range names {
		if strings.Contains(norm, " "+classify.Normalize(n)+" ") {
			return true
		}
	}
	return false
}

// season reads an influenza season ("2025-2026", "2025/26") printed on
// the record, preferring a line that says season or names the vaccine.
func (r *reading) season() {
	try := func(want func(string) bool) bool {
		for _, line := range r.doc.lines {
			if !want(line) {
				continue
			}
			for _, m := range seasonYears.FindAllStringSubmatch(line, -1) {
				y1, _ := strconv.Atoi(m[1])
				y2, _ := strconv.Atoi(m[2])
				if len(m[2]) == 2 {
					y2 += y1 / 100 * 100
				}
				if y2 == y1+1 {
					r.set("season", m[1]+"-"+strconv.Itoa(y2), 0.9)
					return true
				}
			}
		}
		return false
	}
	if !try(seasonLine.MatchString) {
		try(func(string) bool { return true })
	}
}

// manufacturer names the makers of the doses, in order of first mention.
func (r *reading) manufacturer(lines []immunizationLine) {
	var found []string
	seen := map[string]bool{}
	for _, l := range lines {
		for _, m := range manufacturers {
			if !seen[m[0]] && mentionsAny(l.norm, m[1:]) {
				seen[m[0]] = true
				found = append(found, m[0])
			}
		}
	}
	if len(found) > 0 {
		r.set("manufacturer", strings.Join(found, ", "), 0.85)
	}
}

// declined reads a declination: a ticked "I decline" box, or a form that
// is a declination by its title or its signed statement. A form whose
// consent box is ticked instead is not declined. It fails safe: a
// statement said on condition ("if I decline"), a consent and a
// declination offered with no box read ticked, or a statement OCR was
// unsure of is no declination.
func (r *reading) declined() {
	var hits []optionHit
	var hitLines []int
	for i, line := range r.doc.lines {
		hs := findOptions(line, declineOptions)
		for _, h := range hs {
			if h.mark != 0 {
				hits = append(hits, h)
				hitLines = append(hitLines, i)
			}
		}
	}
	if len(hits) > 0 {
		var ticked []string
		ocr := 1.0
		for k, h := range hits {
			if h.mark == 1 {
				ticked = append(ticked, h.value)
				ocr = min(ocr, r.doc.lineOCRFactor(hitLines[k], -1, 0))
			}
		}
		if len(ticked) > 0 && allSame(ticked) {
			declined := ticked[0] == "true"
			r.set("declined", declined, unsureIf(0.85*ocr, declined && ocr < sureOCR))
		}
		return
	}
	statement, titled, consent := -1, -1, false
	for i, line := range r.doc.lines {
		if iConsent.MatchString(line) {
			consent = true
		}
		if !declineWords.MatchString(line) {
			continue
		}
		if loc := iDecline.FindStringIndex(line); loc != nil && !conditional.MatchString(line[:loc[0]]) && statement < 0 {
			statement = i
		} else if i < 5 && titled < 0 && loc == nil && len(strings.Fields(line)) <= 8 {
			// A title ("Hepatitis B Vaccine Declination"), not a sentence.
			titled = i
		}
	}
	at := statement
	if at < 0 {
		at = titled
	}
	if at < 0 || consent {
		// No declination, or a consent offered beside it with no box
		// read: which one was signed is for a person to see.
		return
	}
	ocr := r.doc.lineOCRFactor(at, -1, 0)
	r.set("declined", true, unsureIf(0.85*ocr, ocr < sureOCR))
}

var (
	// conditional is wording that offers a declination without making
	// one: "if I decline", "should I choose to decline".
	conditional = regexp.MustCompile(`(?i)\b(?:if|should|whether|unless|when|may|option\s+to|right\s+to|choose\s+to|wish\s+to)\b[^.]*$`)
	// iConsent is a statement of consent to the vaccine, unticked.
	iConsent = regexp.MustCompile(`(?i)\bi\s+(?:hereby\s+)?(?:consent|agree|wish)\s+to\s+(?:receive|be\s+vaccinated|get)|\bi\s+(?:have\s+)?(?:already\s+)?received\s+(?:the\s+)?(?:hepatitis|hep|influenza|flu|vaccine|series)`)
)

// pipeTableLot reads a lot number from a table drawn with bars ("Vaccine
// | Date | Lot | Route" over "Tdap | 03/02/2024 | 3CA45B1 | IM"), as text
// layers and OCR render ruled tables: the cell under the lot heading, in
// the row naming the type's vaccine (or the table's only row).
func (r *reading) pipeTableLot() {
	d := r.doc
	lines := r.immunizationLines()
	for i, line := range d.lines {
		heads := pipeCells(line)
		col := -1
		for c, h := range heads {
			for _, l := range widened(lotLabels) {
				if loc := l.re.FindStringIndex(h); loc != nil && loc[0] == 0 && loc[1] == len(h) {
					col = c
				}
			}
		}
		if col < 0 {
			continue
		}
		var rows []int
		for k := i + 1; k < len(d.lines); k++ {
			cells := pipeCells(d.lines[k])
			if len(cells) != len(heads) {
				break
			}
			rows = append(rows, k)
		}
		pick := -1
		for _, k := range rows {
			if lines[k].vaccines[r.typ] {
				if pick >= 0 {
					// Two rows of the vaccine: which dose's lot is meant
					// cannot be told.
					return
				}
				pick = k
			}
		}
		if pick < 0 && len(rows) == 1 {
			pick = rows[0]
		}
		if pick < 0 {
			return
		}
		hs := idFinder(1)(pipeCells(d.lines[pick])[col])
		if len(hs) != 1 {
			return
		}
		r.set("lot_number", hs[0].value, 0.8*d.lineOCRFactor(pick, -1, 0))
		return
	}
}

// lotTail is a fragment of a lot OCR parted from it by a space: a few
// capitals and digits, both, right after the lot ("AC52B21 1CA)").
var lotTail = regexp.MustCompile(`^\s([A-Z0-9]{1,4})(?:[\s),;.]|$)`)

// doubtSplitLot leaves unread a lot a scan's OCR may have cut short: the
// lot is followed, a space apart, by a fragment of capitals and digits
// that no lot's neighbour is (a dose number has no letter, a route or a
// site no digit). Half a lot read surely is a wrong lot.
func (r *reading) doubtSplitLot() {
	v, ok := r.fields["lot_number"].(string)
	if !ok || !r.scanned() || v == "" {
		return
	}
	for _, line := range r.doc.lines {
		for at := strings.Index(line, v); at >= 0; {
			if m := lotTail.FindStringSubmatch(line[at+len(v):]); m != nil &&
				strings.ContainsFunc(m[1], unicode.IsDigit) && strings.ContainsFunc(m[1], unicode.IsLetter) {
				r.conf["lot_number"] = min(r.conf["lot_number"], 0.4)
				return
			}
			next := strings.Index(line[at+1:], v)
			if next < 0 {
				break
			}
			at += 1 + next
		}
	}
}

// lotHeading is a table column's heading over lots ("Lot Number", "Lot #",
// "Lot/Exp"); a maker's or an expiry's heading without "lot" is not.
var lotHeading = regexp.MustCompile(`(?i)\blot\b`)

// headedRowLot reads, on a page read by OCR, the lot of the one row of a
// table naming the type's vaccine: the one lot-shaped word on the row
// whose column is headed "Lot". A registry's history prints a row per
// dose under one heading row, the Tdap's among a child's DTaP doses and a
// Td booster; the label lookup takes a lot-shaped word over the heading
// (a client id in the patient block) for a caption's value, and none of
// the rows under it. Two rows of the vaccine with a lot leave it unread,
// and so does one on another row than the administered date's where the
// date is one of several own rows (at): an earlier dose's.
func (r *reading) headedRowLot(lines []immunizationLine, at ownRow) bool {
	lot, conf, rows, row := "", 0.0, 0, -1
	for i, l := range lines {
		if !l.vaccines[r.typ] || l.titer || !r.doc.scanned(i) {
			continue
		}
		line := r.doc.lines[i]
		var here []string
		for _, loc := range lotToken.FindAllStringIndex(line, -1) {
			if lotHeading.MatchString(r.doc.columnHeading(i, loc[0], loc[1])) {
				here = append(here, line[loc[0]:loc[1]])
			}
		}
		if len(here) == 0 {
			continue
		}
		if rows++; rows > 1 || len(here) > 1 {
			return false
		}
		lot, conf, row = here[0], 0.8*r.doc.lineOCRFactor(i, -1, 0), i
	}
	if rows != 1 || at.n > 1 && !r.sameRowLine(row, at.line, lines) {
		// Another dose's row: the administered date's has its own lot.
		return false
	}
	r.set("lot_number", lot, conf)
	return true
}

// rowLot reads, on a page read by OCR whose lot heading was lost, the lot
// of the one row naming the type's vaccine with its date: the one
// lot-shaped word ("U7886A") among the row's cells OCR read as lines of
// their own. Two rows of the vaccine, or two such words, leave it unread.
func (r *reading) rowLot(lines []immunizationLine) {
	row := -1
	for i, l := range lines {
		if !l.vaccines[r.typ] || len(r.rowLines(i, lines)) == 0 {
			continue
		}
		if row >= 0 {
			return
		}
		row = i
	}
	if row < 0 || len(r.rowDates(row, lines)) != 1 {
		return
	}
	var lots []string
	conf := 1.0
	for _, j := range r.rowLines(row, lines) {
		for _, w := range strings.Fields(r.doc.lines[j]) {
			if lotToken.MatchString(w) && lotToken.FindString(w) == w {
				lots = append(lots, w)
				conf = min(conf, r.doc.lineOCRFactor(j, -1, 0))
			}
		}
	}
	if len(lots) == 1 {
		r.set("lot_number", lots[0], 0.75*conf)
	}
}

// pipeCells splits a line of a table drawn with bars into its cells,
// trimmed, without the empty ones its outer bars leave; nil for a line
// with fewer than two bars.
func pipeCells(line string) []string {
	if strings.Count(line, "|") < 2 {
		return nil
	}
	parts := strings.Split(line, "|")
	if strings.TrimSpace(parts[0]) == "" {
		parts = parts[1:]
	}
	if n := len(parts); n > 0 && strings.TrimSpace(parts[n-1]) == "" {
		parts = parts[:n-1]
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = strings.TrimSpace(p)
	}
	return out
}
