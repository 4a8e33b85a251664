package extract

import (
	"regexp"
	"strings"
	"unicode"
)

// notDoseHeading names a table column whose dates are no doses: the
// edition of the vaccine information statement handed out, a lot's
// expiry, the next dose due, a birth date, when the record was printed.
// Counting one as a dose can complete a series that is not complete, the
// one reading error that makes a record wrongly VALID.
var notDoseHeading = regexp.MustCompile(`(?i)\bvis\b|information\s+statement|edition|publi(?:shed|cation)|\bexp|\bdue\b|next\s+dose|birth|\bdob\b|print|\brecall|\breminder`)

// columnHeading returns the words printed over the span (bytes start..end
// of line i) in its column: the nearest line above whose words under the
// span's width are not dates or numbers, within a dozen lines of the same
// page. It is "" without the page's geometry or a heading.
func (d *doc) columnHeading(i, start, end int) string {
	g := d.geometry()
	if g == nil || i >= len(g.byLine) {
		return ""
	}
	var x0, x1 float64
	page, found := -1, false
	for _, k := range g.byLine[i] {
		w := g.words[k]
		if w.end <= start || w.start >= end {
			continue
		}
		if !found {
			x0, x1, page, found = w.box.X0, w.box.X1, w.page, true
		}
		x0, x1 = min(x0, w.box.X0), max(x1, w.box.X1)
	}
	if !found {
		return ""
	}
	for j, seen := i-1, 0; j >= 0 && seen < 12; j-- {
		if j >= len(g.byLine) || len(g.byLine[j]) == 0 {
			continue
		}
		if g.words[g.byLine[j][0]].page != page {
			break
		}
		seen++
		var over []string
		for _, k := range g.byLine[j] {
			w := g.words[k]
			if w.box.X1 > x0 && w.box.X0 < x1 {
				over = append(over, w.text)
			}
		}
		if len(over) == 0 {
			continue
		}
		text := strings.Join(over, " ")
		if !strings.ContainsFunc(text, unicode.IsLetter) || len(dateFinder(roleDate)(text)) > 0 || allCoded(over) {
			// Another row's value in the same column: a date, a number,
			// a lot ("C3148AA").
			continue
		}
		return text
	}
	return ""
}

// allCoded reports that every word carries a digit, as codes and lots do
// and headings do not.
func allCoded(words []string) bool {
	for _, w := range words {
		if !strings.ContainsFunc(w, unicode.IsDigit) {
			return false
		}
	}
	return true
}
