package fraud

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/pagetext"
)

// Dates a page read by OCR prints but the reading did not report: the
// extractor withholds a field it read unsurely (Unread, confidence 0), so
// a completion after the expiry OCR read in full may reach the fact
// checks without one of its dates. The page's own words are read again
// for them: a date printed right after an expiry label, and one right
// after an issue or completion label (or under the label, where it is a
// caption over its value, as cards and passports print them), each read
// surely (its words at idSureConf and more) and each the only one of its
// kind on the document. They are judged in order (completed after the
// expiry) and against the validity the issuer grants.

var (
	expiryLabel = regexp.MustCompile(`(?i)\b(?:exp(?:ires|iration|iry)?(?:\s+date)?|valid\s+(?:through|thru|until)|(?:recommended\s+)?renewal\s+date|good\s+through|renew\s+by)\b[:.]?`)
	startLabel  = regexp.MustCompile(`(?i)\b(?:date\s+of\s+(?:issue|completion|course|training)|issue\s+date|issued(?:\s+on)?|date\s+issued|completed(?:\s+on)?|completion\s+date|date\s+completed|(?:course|class|training)\s+date|valid\s+from|certification\s+date|date\s+certified|4a\s+iss|iss)\b[:.]?`)
)

// labelledDates are the dates a page prints right after an expiry label
// and after a start label, read surely; found reports that each kind was
// printed once (one date, however often).
func labelledDates(pages []pagetext.Page) (start, exp time.Time, found bool) {
	return labelledPair(pages, startLabel, expiryLabel)
}

// labelledPair is labelledDates for any two captions: the date printed
// after (or under) a caption of first, and the one after a caption of
// second (read as an expiry's month: its last day, where second is the
// expiry's caption), each read surely and printed once.
func labelledPair(pages []pagetext.Page, first, second *regexp.Regexp) (start, exp time.Time, found bool) {
	starts, exps := map[time.Time]bool{}, map[time.Time]bool{}
	isExpiry := second == expiryLabel
	for _, p := range pages {
		for _, l := range p.Lines() {
			text, conf := lineWithConfidence(l)
			type label struct {
				at, end int
				expiry  bool
			}
			var labels []label
			for _, m := range second.FindAllStringIndex(text, -1) {
				labels = append(labels, label{m[0], m[1], true})
			}
			for _, m := range first.FindAllStringIndex(text, -1) {
				labels = append(labels, label{m[0], m[1], false})
			}
			for _, lb := range labels {
				end := len(text)
				for _, o := range labels {
					if o.at >= lb.end && o.at < end {
						end = o.at
					}
				}
				seg, segConf := text[lb.end:end], conf[lb.end:end]
				asExpiry := lb.expiry && isExpiry
				iso, ok := extract.ParseDate(seg, asExpiry)
				if !ok && !strings.ContainsAny(seg, "0123456789") && (isExpiry || strings.Trim(seg, " :.-") == "") {
					// A caption over its value (a card's columns, a
					// passport's fields): the value is read under it.
					// Other captions than a validity's only where nothing
					// follows them ("Collected by: J. Ortiz" has no date
					// under it).
					seg, segConf = valueUnder(p, l, wordAt(l, lb.at))
					iso, ok = extract.ParseDate(seg, asExpiry)
				}
				if !ok || !digitsSure(seg, segConf) {
					continue
				}
				t, err := time.Parse(time.DateOnly, iso)
				if err != nil {
					continue
				}
				if lb.expiry {
					exps[t] = true
				} else {
					starts[t] = true
				}
			}
		}
	}
	if len(starts) != 1 || len(exps) != 1 {
		return time.Time{}, time.Time{}, false
	}
	for t := range starts {
		start = t
	}
	for t := range exps {
		exp = t
	}
	return start, exp, true
}

// lineWithConfidence is a line's words joined by spaces, and for each
// byte the confidence of the word it belongs to (100 in a text layer).
func lineWithConfidence(l []pagetext.Word) (string, []float64) {
	var b strings.Builder
	var conf []float64
	for i, w := range l {
		if i > 0 {
			b.WriteByte(' ')
			conf = append(conf, 100)
		}
		c := w.Confidence
		if !wordByOCR(w) {
			c = 100
		}
		b.WriteString(w.Text)
		for range len(w.Text) {
			conf = append(conf, c)
		}
	}
	return b.String(), conf
}

// digitsSure: every digit of s was read at idSureConf or more.
func digitsSure(s string, conf []float64) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' && conf[i] < idSureConf {
			return false
		}
	}
	return true
}

// checkPrintedDates flags a document whose page prints its completion or
// issue after its expiry where the reading left one of them out (read by
// OCR, a date read unsurely; in a text layer, a date in a layout the
// reading does not know, or one it withheld as impossible).
func checkPrintedDates(d *doc, s *signals) {
	if s.has(CodeExpiresBeforeIssue) {
		return
	}
	_, okE := date(d.Fields, "expiration_date")
	okS := false
	for _, f := range startFields[:3] {
		if _, ok := date(d.Fields, f); ok {
			okS = true
		}
	}
	if okE && okS || !okE && !okS && !d.readByOCR() {
		// In a text layer the reading misses a date of a document it read
		// the other of (one withheld); a document with neither is not
		// searched: most pages of a packet carry no validity.
		return
	}
	start, exp, ok := labelledDates(d.Pages)
	if !ok {
		// No captions of their own: a validity printed as a range.
		if start, exp, ok = printedRange(d.Pages); !ok {
			return
		}
	}
	if !exp.Before(start) {
		checkPrintedValidity(d, s, start, exp)
		return
	}
	if d.readByOCR() && d.misreadOrder(start, exp) {
		// A year one look-alike digit off (facts_misread.go).
		return
	}
	s.addf(CodeExpiresBeforeIssue, 0.50, &SignalEvidence{Field: "printed_dates", Value: start.Format(time.DateOnly), Expected: "on or before the expiration date " + exp.Format(time.DateOnly)},
		"the page prints an expiry of %s, before the issue or completion date %s it prints%s", exp.Format(time.DateOnly), start.Format(time.DateOnly), readHow(d))
}

// wordAt is the index of the word of l in which byte at of the line's
// text (its words joined by spaces) falls.
func wordAt(l []pagetext.Word, at int) int {
	pos := 0
	for i, w := range l {
		pos += len(w.Text) + 1
		if at < pos {
			return i
		}
	}
	return len(l) - 1
}

// valueUnder is the value printed under the caption word l[k]: the words
// of the nearest line below it (within two and a half of the caption's
// heights) from the first that starts under the caption, while they
// follow each other closely (at most four), with each byte's confidence.
func valueUnder(p pagetext.Page, l []pagetext.Word, k int) (string, []float64) {
	capBox := l[k].Box
	h := capBox.Y1 - capBox.Y0
	if h <= 0 {
		return "", nil
	}
	first := -1
	for i, w := range p.Words {
		if w.Box.Y0 < capBox.Y1-h/2 || w.Box.Y0 > capBox.Y1+2.5*h || w.Box.X0 < capBox.X0-h || w.Box.X0 > capBox.X1 {
			continue
		}
		if first < 0 || w.Box.Y0 < p.Words[first].Box.Y0 {
			first = i
		}
	}
	if first < 0 {
		return "", nil
	}
	var line []pagetext.Word
	for _, w := range p.Words {
		if w.Line == p.Words[first].Line && w.Box.X0 >= p.Words[first].Box.X0 {
			line = append(line, w)
		}
	}
	sort.SliceStable(line, func(i, j int) bool { return line[i].Box.X0 < line[j].Box.X0 })
	n := 1
	for n < len(line) && n < 4 && line[n].Box.X0-line[n-1].Box.X1 < 2*h {
		n++
	}
	text, conf := lineWithConfidence(line[:n])
	if expiryLabel.MatchString(text) || startLabel.MatchString(text) || collectedLabel.MatchString(text) || reportedLabel.MatchString(text) || birthLabel.MatchString(text) {
		// Another caption, or a row of its own: no value of this one.
		return "", nil
	}
	return text, conf
}

// checkPrintedValidity: the same page's dates, issued and expiring in
// order, valid longer than the issuer grants (as checkValidity, from the
// dates the page prints where the reading left one out).
func checkPrintedValidity(d *doc, s *signals, start, exp time.Time) {
	if s.has(CodeValidityTooLong) {
		return
	}
	issuer, _ := d.Fields["issuer"].(string)
	years, ok := d.cat.MaxValidity(d.DocumentType, issuer)
	if !ok || !exp.After(start.AddDate(years, 1, 0)) {
		return
	}
	s.addf(CodeValidityTooLong, 0.50, &SignalEvidence{Field: "printed_dates", Value: exp.Format(time.DateOnly), Expected: fmt.Sprintf("at most %d years after %s", years, start.Format(time.DateOnly))},
		"the page prints a validity from %s to %s, longer than the %d years the issuer grants%s", start.Format(time.DateOnly), exp.Format(time.DateOnly), years, readHow(d))
}

// readHow says how a page's dates were read, for a signal's detail.
func readHow(d *doc) string {
	if d.readByOCR() {
		return " (read by OCR, each date read surely)"
	}
	return ""
}

// birthLabel is a date of birth's caption.
var birthLabel = regexp.MustCompile(`(?i)\b(?:date\s+of\s+birth|birth\s*date|d\.?o\.?b\.?)\b[:.]?`)

// printedBirthDate is the date of birth a page read by OCR prints after
// (or under) its caption, read surely and printed once: the extractor
// withholds a birth date it finds implausible, a forger's among them.
func printedBirthDate(pages []pagetext.Page) (time.Time, bool) {
	found := map[time.Time]bool{}
	for _, p := range pages {
		for _, l := range p.Lines() {
			text, conf := lineWithConfidence(l)
			for _, m := range birthLabel.FindAllStringIndex(text, -1) {
				end := len(text)
				for _, re := range []*regexp.Regexp{expiryLabel, startLabel, birthLabel} {
					if n := re.FindStringIndex(text[m[1]:]); n != nil && m[1]+n[0] < end {
						end = m[1] + n[0]
					}
				}
				seg, segConf := text[m[1]:end], conf[m[1]:end]
				iso, ok := extract.ParseDate(seg, false)
				if !ok && !strings.ContainsAny(seg, "0123456789") {
					seg, segConf = valueUnder(p, l, wordAt(l, m[0]))
					iso, ok = extract.ParseDate(seg, false)
				}
				if !ok || !digitsSure(seg, segConf) || !leadsWithValue(seg) || !withDay(seg) {
					continue
				}
				if t, err := time.Parse(time.DateOnly, iso); err == nil {
					found[t] = true
				}
			}
		}
	}
	if len(found) != 1 {
		return time.Time{}, false
	}
	for t := range found {
		return t, true
	}
	return time.Time{}, false
}

// leadsWithValue: the value starts the text after its caption, a month's
// name at most before its first digit ("April 17, 1988"). A blank left
// for it ("Date of Birth: ______ Date: 09/02/2026") is followed by
// another caption's date, not the birth date.
func leadsWithValue(seg string) bool {
	i := strings.IndexAny(seg, "0123456789")
	if i < 0 {
		return false
	}
	lead := strings.TrimSpace(seg[:i])
	return len(lead) <= 10 && !strings.ContainsAny(lead, ":_")
}

// withDay: a date printed with its day, two runs of digits at least (a
// month's name between them, or separators): "JUN 1987" is a birth date
// whose day the reading lost (a photo's turn left the day outside the
// caption's column), read as the month's first.
func withDay(seg string) bool {
	runs := 0
	for i := 0; i < len(seg); i++ {
		if isDigit(seg[i]) && (i == 0 || !isDigit(seg[i-1])) {
			runs++
		}
	}
	return runs >= 2
}
