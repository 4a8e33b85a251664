package extract

import (
	"cmp"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// dateRole says how an incomplete date is completed: an expiry printed as
// a month runs to that month's last day, any other month-only date is read
// as the month's first. Dates of birth are completed by dateHit.birth,
// which needs the day the document is judged on.
type dateRole int

const (
	roleDate dateRole = iota
	roleExpiry
)

// mon is a month's name or its abbreviation, nothing longer: "Dec" must
// not be read out of "Declination".
const mon = `(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|t|tember|ember|ober)?\b\.?`

// foreignMon is a month's name in another language printed beside the
// English one: a short word of letters, accents included.
const foreignMon = `\pL{2,10}\.?`

// dayBeforeMonth is a day printed just before where a month-year date
// starts, perhaps with a word and a slash between: the day of a bilingual
// date whose other month OCR garbled ("14 J4NV/JAN 2030"). Such a date
// cannot be read whole.
// zeroMonth and nZeroV are October and November with OCR's zero for
// their O ("0ct 2, 2026", "N0V"): no other word is so spelt, and the
// repair keeps the text's length.
var (
	zeroMonth = regexp.MustCompile(`\b0(?:ct(?:ober)?|CT(?:OBER)?)\b`)
	nZeroV    = regexp.MustCompile(`\b[Nn]0(?:v(?:ember)?|V(?:EMBER)?)\b`)
)

// splitYear is the rest of a year OCR parted from its century: two
// digits after a space, not a time's or a measure's.
var splitYear = regexp.MustCompile(`^ {1,2}\d{2}\b(?:[^:.\d]|$)(?:\s*[^m\s]|$)`)

var dayBeforeMonth = regexp.MustCompile(`\b\d{1,2}(?:st|nd|rd|th)?[\s.,/-]*(?:of\s+)?(?:[^\s/]{1,10}\s*/\s*)?$`)

// Date layouts, most specific first; a later layout does not match inside
// an earlier one's date.
var (
	reISO     = regexp.MustCompile(`\b(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})\b`)
	reNumeric = regexp.MustCompile(`\b(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4}|\d{2})\b`)
	// A bilingual card prints the month twice, either language first
	// ("14 JANV/JAN 2020", "14 ENE/JAN 2020", "05 AUG /AOÛT 2029"); a
	// slash may part day, month and year ("13/Jan/2030").
	reDayMon = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?[\s./-]*(?:of\s+)?(?:` + foreignMon + `\s*/\s*)?` + mon +
		`(?:\s*/\s*` + foreignMon + `)?[\s.,/-]*(\d{4}|\d{2})\b`)
	reMonDay  = regexp.MustCompile(`(?i)\b` + mon + `\s*(\d{1,2})(?:st|nd|rd|th)?(?:\s*[-–]\s*(\d{1,2}))?[.,]?\s*(\d{4})\b`)
	reMonYear = regexp.MustCompile(`(?i)\b` + mon + `[\s,./-]*(\d{4})\b`)
	reNumMY   = regexp.MustCompile(`\b(\d{1,2})\s*[/-]\s*(\d{4})\b`)
	// reSpaced is a date printed in numbers with spaces for separators
	// ("14 02 2022", some clinics' and other countries' forms), or whose
	// slashes a scan lost.
	reSpaced = regexp.MustCompile(`\b(\d{1,2}) {1,2}(\d{1,2}) {1,2}((?:19|20)\d{2})\b`)
	// numberBefore and numberAfter find a number beside a spaced date's
	// match: its groups are then part of a longer run of numbers (a phone
	// number, an ID printed in groups), not a date. A time after it
	// ("14 02 2022 08:12") is a date's.
	numberBefore = regexp.MustCompile(`\d[ /.:-]*$|[/-] *$`)
	numberAfter  = regexp.MustCompile(`^(?: *[\d/-]|[.:]\d)`)
	timeAfter    = regexp.MustCompile(`^ +\d{1,2}:\d{2}\b`)
	// brokenDayBefore ends with a month and the head of its day ("07/3 ")
	// or a month and its slash ("07/ "), left before what reads as a
	// month and year.
	brokenDayBefore = regexp.MustCompile(`\d\s*[/.]\s*(?:\d{1,2}\s+)?$`)
	// A year and its month ("2028-08"), as an eCard's renewal may print
	// it; one with its day too is reISO's.
	reYearMonth = regexp.MustCompile(`\b(\d{4})\s*[-/]\s*(\d{1,2})\b`)
)

var months = map[string]int{"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}

// dateHit is a date as printed, before its role completes it.
type dateHit struct {
	start, end int
	y, m, d    int
	twoDigitY  bool
	monthOnly  bool
}

// findDates returns every date printed in s, in order.
func findDates(s string) []dateHit {
	s = fixDigits(s)
	s = zeroMonth.ReplaceAllStringFunc(s, func(m string) string { return strings.Replace(m, "0", "O", 1) })
	s = nZeroV.ReplaceAllStringFunc(s, func(m string) string { return m[:1] + "o" + m[2:] })
	taken := make([]bool, len(s)+1)
	var out []dateHit
	add := func(loc []int, h dateHit) {
		for i := loc[0]; i < loc[1]; i++ {
			if taken[i] {
				return
			}
		}
		for i := loc[0]; i < loc[1]; i++ {
			taken[i] = true
		}
		h.start, h.end = loc[0], loc[1]
		out = append(out, h)
	}
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	for _, m := range reISO.FindAllStringSubmatchIndex(s, -1) {
		add(m, dateHit{y: num(s[m[2]:m[3]]), m: num(s[m[4]:m[5]]), d: num(s[m[6]:m[7]])})
	}
	for _, m := range reNumeric.FindAllStringSubmatchIndex(s, -1) {
		a, b, y := num(s[m[2]:m[3]]), num(s[m[4]:m[5]]), s[m[6]:m[7]]
		if (y == "19" || y == "20") && splitYear.MatchString(s[m[1]:]) {
			// "03/12/20 26": a year OCR broke in two, its century read
			// as a two-digit year. The date is unread, never 2020.
			for i := m[0]; i < m[1]; i++ {
				taken[i] = true
			}
			continue
		}
		if a > 12 && b <= 12 {
			// Day first: the only way the date can be real.
			a, b = b, a
		}
		add(m, dateHit{y: num(y), m: a, d: b, twoDigitY: len(y) == 2})
	}
	for _, m := range reSpaced.FindAllStringSubmatchIndex(s, -1) {
		if numberBefore.MatchString(s[:m[0]]) || numberAfter.MatchString(s[m[1]:]) && !timeAfter.MatchString(s[m[1]:]) {
			continue
		}
		a, b := num(s[m[2]:m[3]]), num(s[m[4]:m[5]])
		switch {
		case a > 12 && b <= 12:
			// Day first, as such forms most often print it.
			a, b = b, a
		case a <= 12 && b > 12, a == b:
		default:
			// "04 05 2022" is April or May: with no separator to tell
			// the form's habit, the date is unread rather than guessed.
			continue
		}
		add(m, dateHit{y: num(s[m[6]:m[7]]), m: a, d: b})
	}
	for _, m := range reDayMon.FindAllStringSubmatchIndex(s, -1) {
		y := s[m[6]:m[7]]
		add(m, dateHit{y: num(y), m: months[strings.ToLower(s[m[4]:m[4]+3])], d: num(s[m[2]:m[3]]), twoDigitY: len(y) == 2})
	}
	for _, m := range reMonDay.FindAllStringSubmatchIndex(s, -1) {
		d := num(s[m[4]:m[5]])
		if m[6] >= 0 {
			// "April 9-10, 2025": a course's last day is its completion.
			d = num(s[m[6]:m[7]])
		}
		add(m, dateHit{y: num(s[m[8]:m[9]]), m: months[strings.ToLower(s[m[2]:m[2]+3])], d: d})
	}
	for _, m := range reMonYear.FindAllStringSubmatchIndex(s, -1) {
		if dayBeforeMonth.MatchString(s[max(0, m[0]-24):m[0]]) {
			// A day was printed that could not be read with its month:
			// as a month-year the date would run to the month's end,
			// later than printed. No date is safer than that one.
			continue
		}
		add(m, dateHit{y: num(s[m[4]:m[5]]), m: months[strings.ToLower(s[m[2]:m[2]+3])], monthOnly: true})
	}
	for _, m := range reNumMY.FindAllStringSubmatchIndex(s, -1) {
		if brokenDayBefore.MatchString(s[max(0, m[0]-12):m[0]]) {
			// "07/3 1/2027": a day OCR broke in two, its tail and year
			// read as a month and year would run to 2027-01-31. The
			// date is unread.
			continue
		}
		add(m, dateHit{y: num(s[m[4]:m[5]]), m: num(s[m[2]:m[3]]), monthOnly: true})
	}
	for _, m := range reYearMonth.FindAllStringSubmatchIndex(s, -1) {
		if rest := strings.TrimLeft(s[m[1]:], " "); len(rest) > 1 && strings.ContainsRune("-/.", rune(rest[0])) && rest[1] >= '0' && rest[1] <= '9' {
			// A date whose day OCR could not join to it.
			continue
		}
		if y := num(s[m[2]:m[3]]); y >= 1900 && y <= 2199 {
			add(m, dateHit{y: y, m: num(s[m[4]:m[5]]), monthOnly: true})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

// resolve completes a printed date for its role and checks it is a real
// calendar date in a plausible range.
func (h dateHit) resolve(role dateRole) (time.Time, bool) {
	y := h.y
	if h.twoDigitY {
		y = 2000 + h.y
		if h.y >= 70 {
			y = 1900 + h.y
		}
	}
	if y < 1900 || y > 2199 || h.m < 1 || h.m > 12 {
		return time.Time{}, false
	}
	if h.monthOnly {
		if role == roleExpiry {
			return time.Date(y, time.Month(h.m)+1, 0, 0, 0, 0, 0, time.UTC), true
		}
		return time.Date(y, time.Month(h.m), 1, 0, 0, 0, 0, time.UTC), true
	}
	t := time.Date(y, time.Month(h.m), h.d, 0, 0, 0, 0, time.UTC)
	if h.d < 1 || t.Day() != h.d {
		return time.Time{}, false
	}
	return t, true
}

// birth completes a printed date of birth as of the day the document is
// judged on: a two-digit year is the latest that makes the holder at least
// sixteen in asOf's year, and a month without a day is no date of birth.
// A zero asOf puts every two-digit birth year in the 1900s.
func (h dateHit) birth(asOf time.Time) (time.Time, bool) {
	if h.monthOnly {
		return time.Time{}, false
	}
	if h.twoDigitY {
		// A nurse is at least sixteen.
		h.y += 2000
		if h.y > asOf.Year()-16 {
			h.y -= 100
		}
		h.twoDigitY = false
	}
	return h.resolve(roleDate)
}

// dateFinder finds dates for a role, as ISO strings.
func dateFinder(role dateRole) finder {
	return completedDates(func(h dateHit) (time.Time, bool) { return h.resolve(role) })
}

// birthDateFinder finds dates of birth, as ISO strings, completed as of
// the day the document is judged on.
func birthDateFinder(asOf time.Time) finder {
	return completedDates(func(h dateHit) (time.Time, bool) { return h.birth(asOf) })
}

func completedDates(complete func(dateHit) (time.Time, bool)) finder {
	return func(s string) []hit {
		var out []hit
		for _, h := range findDates(s) {
			if t, ok := complete(h); ok {
				out = append(out, hit{start: h.start, end: h.end, value: t.Format(time.DateOnly)})
			}
		}
		return out
	}
}

// ParseDate reads one printed date in any layout the extractor knows and
// returns it as YYYY-MM-DD. A month-only date is the month's last day when
// expiry is set, else its first.
func ParseDate(s string, expiry bool) (string, bool) {
	role := roleDate
	if expiry {
		role = roleExpiry
	}
	hs := dateFinder(role)(s)
	if len(hs) == 0 {
		return "", false
	}
	return hs[0].value.(string), true
}

// fixDigits repairs OCR letters inside numbers ("O5/l2/2O26"), keeping
// every byte where it was so positions still fit the original. A run of
// digits, look-alike letters and date punctuation is repaired when its
// digits outnumber its letters.
func fixDigits(s string) string {
	b := []byte(s)
	inRun := func(c byte) bool {
		return c >= '0' && c <= '9' || strings.IndexByte("OoIl|iSsBZ/.,:-", c) >= 0
	}
	for i := 0; i < len(b); {
		if !inRun(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && inRun(b[j]) {
			j++
		}
		// A run glued to other letters is part of a word ("Oils", "Bio");
		// punctuation at its ends ("Exp:O1/2O26") separates.
		ci, cj := i, j
		for ci < cj && strings.IndexByte("/.,:-", b[ci]) >= 0 {
			ci++
		}
		for cj > ci && strings.IndexByte("/.,:-", b[cj-1]) >= 0 {
			cj--
		}
		if ci < cj && (ci == 0 || !isLetter(b[ci-1])) && (cj == len(b) || !isLetter(b[cj])) {
			fixBarredToken(b[ci:cj])
		}
		i = j
	}
	return string(b)
}

// fixBarredToken repairs a token as fixToken does, except that a table's
// rule OCR glued to a date ("|06/2028", "2026-08-05|") is blanked where
// reading it as a 1 would leave no date: "|2/05/2026" stays December 5th,
// "|06/12/2026" is June 12th, not nothing.
func fixBarredToken(t []byte) {
	if len(t) > 2 && (t[0] == '|' || t[len(t)-1] == '|') {
		trial := fixedCopy(t)
		if !dateShaped.Match(trial) {
			lo, hi := 0, len(t)
			if t[lo] == '|' {
				lo++
			}
			if t[hi-1] == '|' {
				hi--
			}
			if in := fixedCopy(t[lo:hi]); lo < hi && dateShaped.Match(in) {
				for k := range t {
					t[k] = ' '
				}
				copy(t[lo:hi], in)
				return
			}
		}
		copy(t, trial)
		return
	}
	fixToken(t)
}

func fixedCopy(t []byte) []byte {
	c := append([]byte(nil), t...)
	fixToken(c)
	return c
}

// dateShaped is a whole token that is a numeric date.
var dateShaped = regexp.MustCompile(`^(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|\d{1,2}[/-]\d{4})$`)

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func fixToken(t []byte) {
	digits, letters := 0, 0
	for _, c := range t {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case strings.IndexByte("OoIl|iSsBZ", c) >= 0:
			letters++
		}
	}
	if digits < 2 || letters == 0 || letters > digits {
		return
	}
	for k, c := range t {
		switch c {
		case 'O', 'o':
			t[k] = '0'
		case 'I', 'l', '|', 'i':
			t[k] = '1'
		case 'S', 's':
			t[k] = '5'
		case 'B':
			t[k] = '8'
		case 'Z':
			t[k] = '2'
		}
	}
}

// A prose expiry whose line ends after its day, its month and year
// opening the next line: "This card is valid through 14" over "March
// 2028." Read as a month-year alone it would run to the month's end,
// later than printed.
var (
	dayAtLineEnd     = regexp.MustCompile(`(?i)^[\s:,]*(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?(?:\s+(?:day\s+)?of)?\s*$`)
	leadingMonthYear = regexp.MustCompile(`(?i)^\s*` + mon + `[\s,.-]*(\d{4})\b`)
)

// expiryOverLineEnd reads, where no expiry was read, an expiry label whose
// value is a day ending its line, completed by the month and year opening
// the next line.
func (r *reading) expiryOverLineEnd() {
	if r.has("expiration_date") {
		return
	}
	texts := map[string]bool{}
	for _, l := range widened(expiryLabels) {
		texts[l.text] = true
	}
	d := r.doc
	for i, line := range d.lines {
		for _, m := range d.matchesOn(i) {
			if !texts[m.text] {
				continue
			}
			day := dayAtLineEnd.FindStringSubmatch(line[m.end:])
			k := d.nextNonEmpty(i)
			if day == nil || k < 0 || k-i > 2 {
				continue
			}
			my := leadingMonthYear.FindString(d.lines[k])
			if my == "" {
				continue
			}
			hs := findDates(day[1] + " " + my)
			if len(hs) != 1 || hs[0].monthOnly {
				continue
			}
			t, ok := hs[0].resolve(roleExpiry)
			if !ok {
				continue
			}
			conf := 0.8 * min(d.lineOCRFactor(i, m.start, len(line)), d.lineOCRFactor(k, 0, len(my)))
			r.set("expiration_date", t.Format(time.DateOnly), conf)
			return
		}
	}
}

// courseSubjects name a training's course on a transcript's row.
var courseSubjects = map[string]*regexp.Regexp{
	"hipaa_training": regexp.MustCompile(`(?i)\bhipaa\b|\bprivacy\s+(?:and|&)\s+security\b`),
	"osha_training":  regexp.MustCompile(`(?i)\bosha\b|\bblood\s*borne\b`),
	"bls":            regexp.MustCompile(`(?i)\bbls\b|\bbasic\s+life\s+support\b`),
	"acls":           regexp.MustCompile(`(?i)\bacls\b|\badvanced\s+cardi(?:ovascular|ac)\s+life\s+support\b`),
	"pals":           regexp.MustCompile(`(?i)\bpals\b|\bpediatric\s+advanced\s+life\s+support\b`),
	"nrp":            regexp.MustCompile(`(?i)\bnrp\b|\bneonatal\s+resuscitation\b`),
	"tncc":           regexp.MustCompile(`(?i)\btncc\b|\btrauma\s+nursing\s+core\b`),
}

// courseRowDates reads a training's completion and expiry from the row of
// a transcript's table that names its course ("OSHA Bloodborne Pathogens
// Training | 03/08/2026 | 03/08/2027 | Complete"), where the labels did
// not give them (OCR lost or garbled the headings, or the rows between).
// The row's dates go to the table's date headings in order when as many
// are read as there are headings; without headings, two dates whole years
// apart to the day are a completion and its expiry. A row missing a date
// is not read: which column it lost cannot be told, and an expiry taken
// for a completion would make a stale training current. Of several rows of
// the course, the latest completion is the one that counts.
//
// completed names the field that keeps the course's completion: a
// training's completion_date, a card's issue_date.
func (r *reading) courseRowDates(completed string) {
	subject, ok := courseSubjects[r.typ]
	if !ok {
		return
	}
	d := r.doc
	heads, from := r.dateHeadings(completed)
	type row struct {
		dates []string
		conf  float64
	}
	var best *row
	for i := from; i < len(d.lines); i++ {
		line := d.lines[i]
		loc := subject.FindStringIndex(line)
		if loc == nil {
			continue
		}
		hs := findDates(line[loc[1]:])
		conf := 0.75
		if len(hs) == 0 {
			// OCR set the row's date cells on a line of their own (their
			// baseline a little lower than the course's): the dates on
			// the course's own row of the page, right of its name.
			if t, ok := d.rowTextRight(i, loc[1]); ok {
				hs = findDates(t)
				conf = 0.7
			}
		}
		var got []string
		switch {
		case len(heads) >= 2 && len(hs) == len(heads):
			// An expiry column may print a month alone (its last day);
			// no other date may.
			for k, h := range hs {
				role := roleDate
				if heads[k] == "expiration_date" {
					role = roleExpiry
				}
				t, ok := h.resolve(role)
				if !ok || h.monthOnly && role != roleExpiry {
					got = nil
					break
				}
				got = append(got, t.Format(time.DateOnly))
			}
		case len(heads) < 2 && len(hs) == 2 && !hs[0].monthOnly && !hs[1].monthOnly:
			a, aok := hs[0].resolve(roleDate)
			b, bok := hs[1].resolve(roleDate)
			if aok && bok && wholeYearsApart(a, b) {
				heads = []string{completed, "expiration_date"}
				got = []string{a.Format(time.DateOnly), b.Format(time.DateOnly)}
				conf = 0.7
			}
		}
		if got == nil {
			continue
		}
		rw := &row{dates: got, conf: conf * d.lineOCRFactor(i, loc[1], len(line))}
		if best == nil || completionOf(heads, rw.dates) > completionOf(heads, best.dates) {
			best = rw
		}
	}
	if best == nil {
		return
	}
	var other []string
	for k, f := range heads {
		if k < len(best.dates) && f != "" {
			if v, ok := r.fields[f]; ok && v != best.dates[k] {
				s, _ := v.(string)
				if !r.otherCourseDate(subject, s) {
					// The labels read another row: the two readings
					// disagree.
					return
				}
				other = append(other, f)
			}
		}
	}
	for _, f := range other {
		// The labels took the first row under a heading, another
		// course's ("Bloodborne Pathogens" over "HIPAA Privacy and
		// Security" on a learner's transcript): the course's own row
		// stands.
		delete(r.fields, f)
		delete(r.conf, f)
	}
	for k, f := range heads {
		if f != "" {
			r.set(f, best.dates[k], best.conf)
		}
	}
}

// otherCourseDate reports that the ISO date v is printed only on rows of
// the page that do not name the course (subject), and on one at least:
// another course's date.
func (r *reading) otherCourseDate(subject *regexp.Regexp, v string) bool {
	if v == "" {
		return false
	}
	seen := false
	for i, line := range r.doc.lines {
		on := false
		for _, h := range findDates(line) {
			if t, ok := h.resolve(roleDate); ok && t.Format(time.DateOnly) == v {
				on = true
			}
		}
		if !on {
			continue
		}
		row, ok := r.doc.pageRowText(i)
		if !ok || subject.MatchString(line) || subject.MatchString(row) {
			return false
		}
		seen = true
	}
	return seen
}

// pageRowText returns the words standing on the page's row of line i,
// its own and other lines' (cells of one row OCR read as lines of their
// own), left to right; the line alone where it is not tied to its page.
func (d *doc) pageRowText(i int) (string, bool) {
	if !d.hasGeometry(i) {
		return d.lines[i], true
	}
	if len(d.geo.byLine[i]) == 0 {
		return "", false
	}
	g := d.geo
	var row []*gword
	for _, wi := range g.pages[g.words[g.byLine[i][0]].page].words {
		w := &g.words[wi]
		if w.line == i || slices.ContainsFunc(g.byLine[i], func(k int) bool { return sameRow(&g.words[k], w) }) {
			row = append(row, w)
		}
	}
	slices.SortFunc(row, func(a, b *gword) int { return cmp.Compare(a.box.X0, b.box.X0) })
	texts := make([]string, len(row))
	for k, w := range row {
		texts[k] = w.text
	}
	return strings.Join(texts, " "), true
}

// rowTextRight returns the words of other lines that stand on the page's
// row of line i right of its byte offset from (their middles within the
// row's words' height), left to right: cells of one row OCR read as lines
// of their own. ok is false where the line is not tied to its page or no
// such word stands.
func (d *doc) rowTextRight(i, from int) (string, bool) {
	if !d.hasGeometry(i) {
		return "", false
	}
	g := d.geo
	var mine []*gword
	for _, wi := range g.byLine[i] {
		if w := &g.words[wi]; w.start < from {
			mine = append(mine, w)
		}
	}
	if len(mine) == 0 {
		return "", false
	}
	last := mine[len(mine)-1]
	var row []*gword
	for _, wi := range g.pages[last.page].words {
		w := &g.words[wi]
		if w.line == i || w.box.X0 <= last.box.X1 || !slices.ContainsFunc(mine, func(m *gword) bool { return sameRow(m, w) }) {
			continue
		}
		row = append(row, w)
	}
	if len(row) == 0 {
		return "", false
	}
	slices.SortFunc(row, func(a, b *gword) int { return cmp.Compare(a.box.X0, b.box.X0) })
	texts := make([]string, len(row))
	for k, w := range row {
		texts[k] = w.text
	}
	return strings.Join(texts, " "), true
}

// dateHeadings returns the fields a transcript table's date headings name
// (a completion or issue heading names completed),
// left to right ("" for a date column of neither), and the line after
// them; nil and 0 where no line heads two date columns or more.
func (r *reading) dateHeadings(completed string) ([]string, int) {
	expiry, completion := labelTexts(widened(expiryLabels)), labelTexts(trainingCompletionLabels, completionLabels, issueLabels)
	for i := range r.doc.lines {
		var heads []string
		named := 0
		for _, m := range r.doc.labelRow(i) {
			switch {
			case expiry[m.text]:
				heads, named = append(heads, "expiration_date"), named+1
			case completion[m.text]:
				heads, named = append(heads, completed), named+1
			case m.date:
				heads = append(heads, "")
			}
		}
		if len(heads) >= 2 && named >= 1 {
			return heads, i + 1
		}
	}
	return nil, 0
}

func labelTexts(groups ...[]label) map[string]bool {
	out := map[string]bool{}
	for _, g := range groups {
		for _, l := range g {
			out[l.text] = true
		}
	}
	return out
}

// completionOf is the completion date of a row, "" where its headings
// name none.
func completionOf(heads, dates []string) string {
	for k, f := range heads {
		if f != "" && f != "expiration_date" && k < len(dates) {
			return dates[k]
		}
	}
	return ""
}

// wholeYearsApart reports that b is one to three years after a to the day.
func wholeYearsApart(a, b time.Time) bool {
	for n := 1; n <= 3; n++ {
		if a.AddDate(n, 0, 0).Equal(b) {
			return true
		}
	}
	return false
}

// datedBirth reads the holder's birth date where no label gave one from
// the line that prints the holder's name as read with a birth date after
// it and nothing else ("Kayla Nguyen  03/30/1975", see datedNames), on
// a scan: a form's first row whose captions OCR lost or garbled. A text
// layer loses no caption, so there an unlabelled date is left alone.
func (r *reading) datedBirth() {
	full, _ := r.fields["full_name"].(string)
	if r.has("date_of_birth") || full == "" || r.doc.asOf.IsZero() {
		return
	}
	d := r.doc
	for i, line := range d.lines {
		if !d.scanned(i) || !strings.ContainsAny(line, "0123456789") {
			continue
		}
		name, end := readName(line, false)
		if name == "" || nameKey(name) != nameKey(full) {
			continue
		}
		rest := line[end:]
		hs := findDates(rest)
		if len(hs) != 1 || strings.TrimSpace(rest[:hs[0].start]) != "" || len(strings.Fields(rest[hs[0].end:])) > 0 {
			continue
		}
		born, ok := hs[0].birth(d.asOf)
		if age := d.asOf.Sub(born).Hours() / 24 / 365.25; !ok || age < 16 || age > 90 {
			continue
		}
		r.set("date_of_birth", born.Format(time.DateOnly), 0.7*d.lineOCRFactor(i, -1, 0))
		return
	}
}

// childBirthDate doubts a date of birth that would make the holder a
// child on the day judged on: a nurse is an adult, so such a date is
// another date under a birth date's label (an exam's date under a caption
// OCR misread, a date of the row below), for a person to read, never a
// birth date to match a candidate's against.
func (r *reading) childBirthDate() {
	born, ok := r.fields["date_of_birth"].(string)
	if !ok || r.asOf.IsZero() {
		return
	}
	if t, err := time.Parse(time.DateOnly, born); err == nil && t.After(r.asOf.AddDate(-14, 0, 0)) {
		r.conf["date_of_birth"] = min(r.conf["date_of_birth"], confUnsureResult)
	}
}
