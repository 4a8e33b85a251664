package fraud

import (
	"regexp"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/pagetext"
)

// A validity printed as a range on one line ("Valid 09/03/2025 -
// 09/02/2026", "Certification Period: 06/12/2024 through 06/30/2026"):
// its first date is the start, its second the expiry, with no caption of
// its own for either. The reading takes the second for the expiry and
// may leave the first out; a forger who moved the start past the end, or
// the end before the start, left the two out of order on the line.

// rangeCaption opens a validity range: the caption, then (within a few
// characters: a colon, "from") its first date.
var rangeCaption = regexp.MustCompile(`(?i)\b(?:valid(?:ity)?(?:\s+period)?|certification\s+period|certified|period\s+of\s+validity)\b[^0-9]{0,12}`)

// rangeJoin is what stands between a range's two dates.
var rangeJoin = regexp.MustCompile(`(?i)^\s*(?:-|–|—|to|through|thru|until)\s*`)

// dateRun is a date as cards print one (digits with separators, or a
// month's name with a day and a year): the text the range's dates are cut
// from, each then read by extract.ParseDate.
var dateRun = regexp.MustCompile(`(?i)^(?:\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4})`)

// printedRange is the validity range a document prints, each date read
// surely (or in a text layer); found only where every range printed is
// the same one.
func printedRange(pages []pagetext.Page) (start, exp time.Time, found bool) {
	n := 0
	for _, p := range pages {
		for _, l := range p.Lines() {
			text, conf := lineWithConfidence(l)
			for _, m := range rangeCaption.FindAllStringIndex(text, -1) {
				s, e, ok := rangeAt(text, conf, m[1])
				if !ok {
					continue
				}
				if n > 0 && (!s.Equal(start) || !e.Equal(exp)) {
					return time.Time{}, time.Time{}, false
				}
				start, exp, n = s, e, n+1
			}
		}
	}
	return start, exp, n > 0
}

// rangeAt reads a range's two dates from text[at:]: a date, a join, a
// date, each printed with every digit read surely.
func rangeAt(text string, conf []float64, at int) (start, exp time.Time, ok bool) {
	first := dateRun.FindStringIndex(text[at:])
	if first == nil {
		return
	}
	a0, a1 := at+first[0], at+first[1]
	j := rangeJoin.FindStringIndex(text[a1:])
	if j == nil || j[1] == 0 {
		return
	}
	b0 := a1 + j[1]
	second := dateRun.FindStringIndex(text[b0:])
	if second == nil {
		return
	}
	b1 := b0 + second[1]
	if strings.ContainsAny(text[b1:min(b1+1, len(text))], "0123456789") || !digitsSure(text[a0:a1], conf[a0:a1]) || !digitsSure(text[b0:b1], conf[b0:b1]) {
		return
	}
	s, okS := parseISO(text[a0:a1], false)
	e, okE := parseISO(text[b0:b1], true)
	return s, e, okS && okE
}

// parseISO reads a printed date (an expiry's month alone as its last day).
func parseISO(s string, expiry bool) (time.Time, bool) {
	iso, ok := extract.ParseDate(s, expiry)
	if !ok {
		return time.Time{}, false
	}
	t, err := time.Parse(time.DateOnly, iso)
	return t, err == nil
}
