package extract

import (
	"regexp"
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

// Date layouts, most specific first; a later layout does not match inside
// an earlier one's date.
var (
	reISO     = regexp.MustCompile(`\b(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})\b`)
	reNumeric = regexp.MustCompile(`\b(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4}|\d{2})\b`)
	reDayMon  = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?[\s.-]*` + mon + `(?:\s*/\s*[a-zé]+\.?)?[\s.,-]*(\d{4}|\d{2})\b`)
	reMonDay  = regexp.MustCompile(`(?i)\b` + mon + `\s*(\d{1,2})(?:st|nd|rd|th)?(?:\s*[-–]\s*(\d{1,2}))?,?\s*(\d{4})\b`)
	reMonYear = regexp.MustCompile(`(?i)\b` + mon + `[\s,.-]*(\d{4})\b`)
	reNumMY   = regexp.MustCompile(`\b(\d{1,2})\s*[/-]\s*(\d{4})\b`)
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
		if a > 12 && b <= 12 {
			// Day first: the only way the date can be real.
			a, b = b, a
		}
		add(m, dateHit{y: num(y), m: a, d: b, twoDigitY: len(y) == 2})
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
		add(m, dateHit{y: num(s[m[4]:m[5]]), m: months[strings.ToLower(s[m[2]:m[2]+3])], monthOnly: true})
	}
	for _, m := range reNumMY.FindAllStringSubmatchIndex(s, -1) {
		add(m, dateHit{y: num(s[m[4]:m[5]]), m: num(s[m[2]:m[3]]), monthOnly: true})
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
			fixToken(b[ci:cj])
		}
		i = j
	}
	return string(b)
}

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
