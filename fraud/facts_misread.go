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
	year := strconv.Itoa(t.Year())
	for _, g := range pastFields {
		e, ok := date(d.Fields, g)
		if g == f || !ok || e.After(limit) {
			continue
		}
		for i := 0; i < len(year); i++ {
			for _, c := range []byte(lookAlikeDigits[year[i]]) {
				y, _ := strconv.Atoi(year[:i] + string(c) + year[i+1:])
				r := time.Date(y, t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
				if r.After(limit) || r.Month() != t.Month() {
					continue
				}
				if gap := r.Sub(e); gap < misreadNear && gap > -misreadNear {
					return g, e, true
				}
			}
		}
	}
	return "", time.Time{}, false
}
