package extract

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/clearedtostart/compliance/classify"
)

// vaccine is what identifies one immunization on a record.
type vaccine struct {
	// names are the words a record uses for the vaccine or its antigen.
	names []string
	// components are the antigens a titer reports separately, each with
	// its names; immunity needs every one reported immune.
	components [][]string
}

var vaccines = map[string]vaccine{
	"mmr_record": {
		names:      []string{"mmr", "m m r", "mmr ii", "mmrv", "measles", "rubeola", "mumps", "rubella", "priorix", "proquad"},
		components: [][]string{{"measles", "rubeola"}, {"mumps"}, {"rubella"}, {"mmr"}},
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
	lotLabels       = compileLabels("lot number", "lot #", "lot no", "lot")
	visLabels       = compileLabels("vis", "printed", "date printed", "vis date")
	titerDateLabels = compileDateLabels("titer date", "date of titer", "collection date", "date collected", "collected on",
		"collected", "specimen collected", "date drawn", "drawn", "date of collection")
	titerResultLabels = compileLabels("titer result", "immune status", "immunity status", "overall interpretation",
		"interpretation")
	seasonYears    = regexp.MustCompile(`\b(20\d{2})\s*[-/–]\s*(20\d{2}|\d{2})\b`)
	seasonLine     = regexp.MustCompile(`(?i)season|influenza|\bflu\b`)
	declineWords   = regexp.MustCompile(`(?i)\bdeclin(?:e|ed|es|ing|ation)\b|\brefuse\b|\bi do not wish\b`)
	refReference   = regexp.MustCompile(`(?i)\b(?:reference|ref\.?\s*range|ref:|normal\s+range|expected).*$`)
	refComparison  = regexp.MustCompile(`(?i)[<>]=?\s*\d[\d.,]*\s*(?:au/ml|index|miu/ml|iu/ml|u/ml|ai)?\s*(?:non[\s-]*immune|immune|equivocal|positive|negative)?`)
	hbsQuantity    = regexp.MustCompile(`(?i)(\d+(?:\.\d+)?)\s*miu/ml`)
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
	r.name(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	lines := r.immunizationLines()
	doses, titerDates := r.doses(lines)
	switch r.typ {
	case "tdap_record", "influenza_vaccine":
		if !r.lookup("administered_date", administeredLabels, dateFinder(roleDate)) && len(doses) > 0 {
			r.set("administered_date", doses[len(doses)-1], 0.75)
		}
		r.lookup("lot_number", lotLabels, idFinder(1))
	default:
		if len(doses) > 0 {
			r.set("dose_dates", doses, 0.85)
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
// a lot's expiry) are no doses.
func (r *reading) doses(lines []immunizationLine) (doses, titers []string) {
	section := map[string]bool{}
	for i, l := range lines {
		if len(l.vaccines) > 0 {
			section = l.vaccines
		}
		mine := l.vaccines[r.typ] || len(l.vaccines) == 0 && section[r.typ] && doseCue.MatchString(r.doc.lines[i])
		if !mine {
			continue
		}
		for _, d := range r.lineDates(i) {
			if l.titer {
				titers = append(titers, d)
			} else {
				doses = append(doses, d)
			}
		}
	}
	return distinctSorted(doses), distinctSorted(titers)
}

// lineDates returns the dates on line i that no excluded label claims.
func (r *reading) lineDates(i int) []string {
	line := r.doc.lines[i]
	matches := r.doc.matchesOn(i)
	var out []string
	prevEnd := 0
	for _, h := range dateFinder(roleDate)(line) {
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
		if notDoseLabels[owner] || notDoseHeading.MatchString(before) || notDoseHeading.MatchString(r.doc.columnHeading(i, h.start, h.end)) {
			continue
		}
		out = append(out, h.value.(string))
	}
	return out
}

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
// is read from its own line or the interpretation under it, with reference
// ranges removed; any component not immune makes the whole not immune.
func (r *reading) titer(lines []immunizationLine, v vaccine) {
	titerDoc := false
	for _, l := range lines {
		if l.titer && l.vaccines[r.typ] {
			titerDoc = true
		}
	}
	if !titerDoc {
		return
	}
	results := map[int]string{}
	conf := 0.85
	for ci, names := range v.components {
		for i, l := range lines {
			if !l.titer && !l.vaccines[r.typ] || !mentionsAny(l.norm, names) {
				continue
			}
			if res, ok := r.componentResult(i, names, lines); ok {
				if results[ci] != "non_immune" {
					results[ci] = res
				}
			}
		}
	}
	if len(results) == 0 {
		if f, ok := r.doc.lookup(titerResultLabels, optionFinder(immunityOptions)); ok {
			r.set("titer_result", f.value, f.conf)
			return
		}
		if r.typ == "hepatitis_b_record" {
			// Anti-HBs of 10 mIU/mL or more is immunity.
			for _, line := range r.doc.lines {
				if m := hbsQuantity.FindStringSubmatch(refReference.ReplaceAllString(line, "")); m != nil {
					if n, _ := strconv.ParseFloat(m[1], 64); n >= 10 {
						r.set("titer_result", "immune", 0.7)
					} else {
						r.set("titer_result", "non_immune", 0.7)
					}
					return
				}
			}
		}
		return
	}
	overall := "immune"
	for _, res := range results {
		if res == "non_immune" {
			overall = "non_immune"
		}
	}
	// An overall interpretation that denies immunity decides, whatever a
	// component's row seemed to say.
	for _, f := range r.doc.lookupAll(titerResultLabels, optionFinder(immunityOptions), false) {
		if f.value == "non_immune" {
			overall = "non_immune"
		}
	}
	r.set("titer_result", overall, conf)
}

// componentResult reads one component's result on line i: from the rest
// of the line, else from an interpretation line under it.
func (r *reading) componentResult(i int, names []string, lines []immunizationLine) (string, bool) {
	clean := func(s string) string {
		return refComparison.ReplaceAllString(refReference.ReplaceAllString(s, ""), " ")
	}
	if v, ok := choose(clean(r.doc.lines[i]), findOptions(clean(r.doc.lines[i]), immunityOptions)); ok {
		return v, true
	}
	// A result can also wrap under the row: only a line that repeats a
	// result label or names no other antigen is read.
	for k := i + 1; k < len(lines) && k <= i+2; k++ {
		if strings.TrimSpace(r.doc.lines[k]) == "" {
			continue
		}
		if len(lines[k].vaccines) > 0 && !mentionsAny(lines[k].norm, names) {
			break
		}
		text := clean(r.doc.lines[k])
		hits := findOptions(text, immunityOptions)
		if v, ok := choose(text, hits); ok {
			return v, true
		}
		if v, ok := firstValue(text, hits); ok {
			return v, true
		}
	}
	return "", false
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
// consent box is ticked instead is not declined.
func (r *reading) declined() {
	var hits []optionHit
	for _, line := range r.doc.lines {
		hs := findOptions(line, declineOptions)
		for _, h := range hs {
			if h.mark != 0 {
				hits = append(hits, h)
			}
		}
	}
	if len(hits) > 0 {
		var ticked []string
		for _, h := range hits {
			if h.mark == 1 {
				ticked = append(ticked, h.value)
			}
		}
		if len(ticked) > 0 && allSame(ticked) {
			r.set("declined", ticked[0] == "true", 0.85)
		}
		return
	}
	for i, line := range r.doc.lines {
		if !declineWords.MatchString(line) {
			continue
		}
		if i < 5 || iDecline.MatchString(line) {
			r.set("declined", true, 0.85)
			return
		}
	}
}
