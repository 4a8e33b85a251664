package fraud

import (
	"strconv"
	"time"
)

// A date read by OCR off a dim or blurred photo may carry a year one
// look-alike digit off: Tesseract reads a soft 5 as a 6 or an 8 at 90 and
// more as readily as at 60, so a surely read digit is no proof there. A
// future date is such a misreading where one look-alike digit of its year
// set back puts it within weeks of another date the document records as
// passed (a skin test read 2028-10-09, placed 2025-10-07: the reading's 8
// was a 5). A forger who moves a date on moves it by its whole year, not
// onto its sibling's season in another.

// lookAlikeDigits are the digits OCR takes for each other on soft print.
var lookAlikeDigits = map[byte]string{
	'0': "689", '1': "7", '3': "58", '5': "368", '6': "058", '7': "1", '8': "0356", '9': "08",
}

// misreadNear is how close the year's repair must put the date to a
// sibling's: a skin test's reading, a series' doses, a card's issue and
// its course.
const misreadNear = 45 * 24 * time.Hour

// misreadYear returns the field and date of another date of the document,
// on or before the as-of day, that a future date t of field f falls near
// once one look-alike digit of its year is set back (the repair itself on
// or before the as-of day).
func (d *doc) misreadYear(f string, t time.Time) (string, time.Time, bool) {
	limit := d.AsOf.AddDate(0, 0, 1)
	repairs := yearRepairs(t)
	for _, g := range pastFields {
		e, ok := date(d.Fields, g)
		if g == f || !ok || e.After(limit) {
			continue
		}
		for _, r := range repairs {
			if r.After(limit) {
				continue
			}
			if gap := r.Sub(e); gap < misreadNear && gap > -misreadNear {
				return g, e, true
			}
		}
	}
	return "", time.Time{}, false
}

// codeFitsRenewal: an eCard code's year fits the card's renewal date (an
// AHA card is renewed two years after its issue, a code claimed early in
// January carrying the next year) where the issue date does not: the
// issue date is the one misread.
func codeFitsRenewal(d *doc, year int, issue time.Time) bool {
	exp, ok := date(d.Fields, "expiration_date")
	fits := func(y int) bool { return y == exp.Year()-2 || y == exp.Year()-1 }
	return ok && fits(year) && !fits(issue.Year())
}

// misreadOrder: a start date both after the expiry and in the future
// that one look-alike digit of its year set back puts on or before both
// (and no more than twelve years before the expiry: a driver's license's
// eight, a passport's ten): one digit explains two contradictions (a card
// issued 2025-03-14, renewed by 2027-03-31, its issue read 2028-03-14; a
// Texas license's 2020 read 2029). A forger moves an expired card's issue
// to a day past, not to one to come; one who changes its year digit to
// another past year (2023-06-05 made 2025-06-05, a day after the expiry)
// is judged in full, look-alike or not.
func (d *doc) misreadOrder(start, exp time.Time) bool {
	_, ok := d.misreadStart(start, exp)
	return ok
}

// misreadStart is misreadOrder with the repair, for a signal's detail.
func (d *doc) misreadStart(start, exp time.Time) (string, bool) {
	if !start.After(d.AsOf.AddDate(0, 0, 1)) {
		return "", false
	}
	for _, r := range yearRepairs(start) {
		if !r.After(exp) && !r.After(d.AsOf) && !r.Before(exp.AddDate(-12, 0, 0)) {
			return ", in the future, a year one look-alike digit off " + r.Format(time.DateOnly) + " (a misreading)", true
		}
	}
	return "", false
}

// yearRepairs are t with one digit of its year swapped for a look-alike.
func yearRepairs(t time.Time) []time.Time {
	var out []time.Time
	year := strconv.Itoa(t.Year())
	for i := 0; i < len(year); i++ {
		for _, c := range []byte(lookAlikeDigits[year[i]]) {
			y, _ := strconv.Atoi(year[:i] + string(c) + year[i+1:])
			if r := time.Date(y, t.Month(), t.Day(), 0, 0, 0, 0, time.UTC); r.Month() == t.Month() {
				out = append(out, r)
			}
		}
	}
	return out
}

// dateRepairs are t with one digit of its year, month or day (as printed,
// two digits each) swapped for a look-alike, where that is a date: what
// a soft photo's reading of one digit may have made of the printed one.
func dateRepairs(t time.Time) []time.Time {
	out := yearRepairs(t)
	printed := t.Format("0102")
	for i := 0; i < len(printed); i++ {
		for _, c := range []byte(lookAlikeDigits[printed[i]]) {
			r, err := time.Parse("20060102", strconv.Itoa(t.Year())+printed[:i]+string(c)+printed[i+1:])
			if err == nil {
				out = append(out, r)
			}
		}
	}
	return out
}
