package fraud

import (
	"strings"
	"time"

	"github.com/clearedtostart/compliance/extract"
)

// Dates out of their order on records the validity checks do not see: a
// skin test read before it was placed, a vaccine dose given after the
// as-of day. Read by OCR they are judged only where the page prints them
// with every digit read surely.

// checkReadBeforePlaced: a skin test is read 48 to 72 hours after it is
// placed; read before it was placed, or more than a week after (a year
// or a month of one date changed, the other left), the record is made
// up. A two-step test prints two placements and two readings, and a
// history earlier tests': a reading may pair one test's placement with
// another's reading, so such a record is not judged, nor one printing
// another date around the two (another test's), nor a reading more
// than 60 days before the placement or 400 days after it (a yearly
// history's rows paired across years).
func checkReadBeforePlaced(d *doc, s *signals) {
	if d.DocumentType != "tb_skin_test" || s.has(CodeExpiresBeforeIssue) {
		return
	}
	placed, okP := date(d.Fields, "administered_date")
	read, okR := date(d.Fields, "read_date")
	if !okP || !okR || read.Before(placed.AddDate(0, 0, -60)) || read.After(placed.AddDate(0, 0, 400)) ||
		d.mentionsWord("step", "2nd", "second", "repeat", "retest", "previous", "prior", "history") {
		return
	}
	before := read.Before(placed)
	if !before && !read.After(placed.Add(skinTestLate)) {
		return
	}
	if !before && d.printsOtherDate(placed.AddDate(0, 0, -7), read.AddDate(0, 0, 7), placed, read) {
		return
	}
	w, how := 0.50, ""
	if d.readByOCR() {
		// Judged only where both dates are printed and read surely, and no
		// look-alike digit of either puts the reading within a week after: a digit read
		// unsurely (an 8 for a 6), or a soft photo's misread surely,
		// puts a reading before its placement on a clean record.
		if !d.datePrintedSurely(placed, false) || !d.datePrintedSurely(read, false) || d.inOrderOnceRepaired(placed, read, skinTestLate) {
			return
		}
		how = " (read by OCR, both dates printed and read surely)"
	}
	if before {
		s.addf(CodeExpiresBeforeIssue, w, &SignalEvidence{Field: "read_date", Value: read.Format(time.DateOnly), Expected: "after the placement on " + placed.Format(time.DateOnly)},
			"the skin test was read on %s, before it was placed on %s%s", read.Format(time.DateOnly), placed.Format(time.DateOnly), how)
		return
	}
	s.addf(CodeExpiresBeforeIssue, w, &SignalEvidence{Field: "read_date", Value: read.Format(time.DateOnly), Expected: "48 to 72 hours after the placement on " + placed.Format(time.DateOnly)},
		"the skin test was read on %s, %d days after it was placed on %s (a reading is valid 48 to 72 hours after)%s",
		read.Format(time.DateOnly), int(read.Sub(placed).Hours()/24), placed.Format(time.DateOnly), how)
}

// skinTestLate is how long after its placement a skin test's reading is
// taken as another test's or made up: a reading is valid 48 to 72 hours
// after, a positive one read up to a week after (CDC); more than a week,
// no clinic records one.
const skinTestLate = 7 * 24 * time.Hour

// inOrderOnceRepaired: one look-alike digit of the earlier event or of
// the later (facts_misread.go: dateRepairs), the repaired date on or
// before the as-of day, puts the later 0 to within after the earlier:
// two dates a misreading may have set out of order.
func (d *doc) inOrderOnceRepaired(first, then time.Time, within time.Duration) bool {
	ok := func(a, b time.Time) bool {
		return !b.Before(a) && !b.After(a.Add(within)) && !a.After(d.AsOf) && !b.After(d.AsOf)
	}
	for _, r := range dateRepairs(then) {
		if ok(first, r) {
			return true
		}
	}
	for _, r := range dateRepairs(first) {
		if ok(r, then) {
			return true
		}
	}
	return false
}

// printsOtherDate: a page of the document prints a date (read surely, or
// in a text layer) from from to to other than the two given: another
// test's placement or reading, the reading having paired two tests'.
func (d *doc) printsOtherDate(from, to time.Time, a, b time.Time) bool {
	for _, t := range d.printedDates() {
		if !t.Before(from) && !t.After(to) && !t.Equal(a) && !t.Equal(b) {
			return true
		}
	}
	return false
}

// printedDates are the dates the document's pages print, each read surely
// (or in a text layer).
func (d *doc) printedDates() []time.Time {
	var out []time.Time
	for _, iso := range d.surePrintedDates(false) {
		if t, err := time.Parse(time.DateOnly, iso); err == nil {
			out = append(out, t)
		}
	}
	return out
}

// surePrintedDates are the dates (YYYY-MM-DD) the document's pages print
// whose digits were read surely, each the first date printed from a word
// on (a longer window finds the same one); expiry reads a month and year
// as the month's last day.
func (d *doc) surePrintedDates(expiry bool) []string {
	var out []string
	for _, p := range d.Pages {
		for _, l := range p.Lines() {
			for i := range l {
				for n := 1; n <= 4 && i+n <= len(l); n++ {
					text, conf := lineWithConfidence(l[i : i+n])
					iso, ok := extract.ParseDate(text, expiry)
					if !ok {
						continue
					}
					if digitsSure(text, conf) {
						out = append(out, iso)
					}
					break
				}
			}
		}
	}
	return out
}

// checkFutureDoses: a dose given after the as-of day. A record that
// schedules its next dose (a due date, the series' next appointment) is
// not judged: the reading may have taken the appointment for a dose.
func checkFutureDoses(d *doc, s *signals) {
	if s.has(CodeDateInFuture) {
		return
	}
	doses := stringList(d.Fields["dose_dates"])
	for i, iso := range doses {
		t, err := time.Parse(time.DateOnly, iso)
		if err != nil || !t.After(d.AsOf.AddDate(0, 0, 1)) {
			continue
		}
		if d.mentionsWord("due", "next", "scheduled", "schedule", "return", "appointment") {
			return
		}
		w, how := 0.50, ""
		if d.readByOCR() {
			// Judged only where the page prints the dose's date read
			// surely: a year read unsurely (2026 for 2016) is no dose
			// in the future.
			if !d.datePrintedSurely(t, false) || d.misreadDose(doses, i, t) {
				return
			}
			how = ", printed and read surely (read by OCR)"
		}
		s.addf(CodeDateInFuture, w, &SignalEvidence{Field: "dose_dates", Value: iso, Expected: "on or before " + d.AsOf.Format(time.DateOnly)},
			"a dose given on %s is in the future%s", iso, how)
		return
	}
}

// stringList is a list field's strings.
func stringList(v any) []string {
	switch l := v.(type) {
	case []string:
		return l
	case []any:
		out := make([]string, 0, len(l))
		for _, e := range l {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// mentionsWord reports whether the document's pages print one of words
// as a word of its own (letters only, any case).
func (d *doc) mentionsWord(words ...string) bool {
	for _, p := range d.Pages {
		for _, w := range p.Words {
			t := strings.ToLower(strings.Trim(w.Text, ".,:;()[]#*-/"))
			for _, x := range words {
				if t == x {
					return true
				}
			}
		}
	}
	return false
}

// misreadDose: a dose in the future whose year one look-alike digit set
// back (facts_misread.go) puts it on or before the as-of day and between
// the doses listed around it: a soft photo's 2025 read 2028 at 94, the
// series in order once read right. A dose someone typed in the future
// gives the record nothing a forger wants.
func (d *doc) misreadDose(doses []string, i int, t time.Time) bool {
	near := func(k int) (time.Time, bool) {
		if k < 0 || k >= len(doses) {
			return time.Time{}, false
		}
		n, err := time.Parse(time.DateOnly, doses[k])
		return n, err == nil
	}
	for _, r := range yearRepairs(t) {
		if r.After(d.AsOf) {
			continue
		}
		if p, ok := near(i - 1); ok && !r.After(p) {
			continue
		}
		if n, ok := near(i + 1); ok && !n.After(d.AsOf.AddDate(0, 0, 1)) && !r.Before(n) {
			continue
		}
		return true
	}
	return false
}
