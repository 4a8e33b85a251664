package extract

// Values a narrow column wrapped onto the next line: a hyphenated surname
// broken after its hyphen ("Delgado-" / "Reyes"), an id broken after its
// type's hyphen or inside its digits ("RN-" / "0451289"). The hyphen at
// the line's end says the value goes on; the next line's first word is
// its rest only where it is of the value's kind (a name word in the same
// case, digits) and no label or date.

import (
	"regexp"
	"strings"
	"unicode"
)

var (
	// wrapHead is an id's beginning cut at a hyphen that ends its line:
	// a type's letters ("RN-", "R.N. -") or digits in groups ("0451-").
	wrapHead = regexp.MustCompile(`^[\s:#.]*((?:[A-Z]{1,4}\.?){1,2}\s?[-–—]|(?:[A-Z]{1,4}[-–—]?)?\d{2,}(?:[-–—]\d+)*[-–—])$`)
	// wrapTail is the id's rest opening the next line, standing alone or
	// a column gap before whatever follows.
	wrapTail = regexp.MustCompile(`^\s*(\d[\dA-Z]*(?:-\d+)*)(?:\s{2,}|$)`)
	// wrappedIDShape is a joined id that the finders' own shapes may not
	// know: letters of a type, then digit groups, five digits at least.
	wrappedIDShape = regexp.MustCompile(`^(?:[A-Z.]{1,8}-)?\d+(?:-\d+)*$`)
	wrapDashes     = strings.NewReplacer("–", "-", "—", "-", " ", "")
)

// wrappedLineID sets field name from an id whose label's line ends in a
// hyphen and whose rest opens the next line, read before the label's
// ordinary lookup, which would take the cut half ("0451") or nothing.
func (r *reading) wrappedLineID(name string, labels []label, f finder) {
	if r.has(name) {
		return
	}
	d := r.doc
	for _, l := range labels {
		for _, like := range []bool{true, false} {
			for _, sp := range d.occurrences(l, like, labels) {
				if v, ok := d.wrappedIDAt(sp, f); ok {
					r.set(name, v, confNextLine)
					return
				}
			}
		}
	}
}

func (d *doc) wrappedIDAt(sp span, f finder) (string, bool) {
	m := wrapHead.FindStringSubmatch(d.lines[sp.line][sp.end:])
	if m == nil {
		return "", false
	}
	k := d.nextNonEmpty(sp.line)
	if k < 0 || d.sep[k] {
		return "", false
	}
	t := wrapTail.FindStringSubmatch(d.lines[k])
	if t == nil || len(findDates(t[1])) > 0 {
		return "", false
	}
	v := wrapDashes.Replace(m[1]) + t[1]
	digits := 0
	for _, c := range v {
		if unicode.IsDigit(c) {
			digits++
		}
	}
	if hs := f(v); len(hs) == 1 && hs[0].start == 0 && hs[0].end == len(v) {
		if s, ok := hs[0].value.(string); ok && wrapDashes.Replace(s) == v {
			return v, true
		}
	}
	if digits >= 5 && wrappedIDShape.MatchString(v) {
		return v, true
	}
	return "", false
}

var (
	titleWord   = regexp.MustCompile(`^\p{Lu}[\p{Ll}'’]+$`)
	capitalWord = regexp.MustCompile(`^\p{Lu}[\p{Lu}'’]+$`)
)

// unwrapName joins a name cut after a hyphen at its line's end with the
// next line's first word where that word goes on the name; a name left
// ending in a hyphen is half a surname, never reported as read.
func (d *doc) unwrapName(n *nameReading) {
	ws := strings.Fields(n.full)
	if len(ws) == 0 {
		return
	}
	last := ws[len(ws)-1]
	stem := strings.TrimRight(last, "-–—")
	if stem == last || len([]rune(stem)) < 2 {
		return
	}
	if n.line < 0 || n.line >= len(d.lines) || !strings.HasSuffix(d.lines[n.line], last) {
		n.conf = min(n.conf, confLost)
		return
	}
	word, ok := d.nameGoesOn(n.line, stem)
	if !ok {
		n.conf = min(n.conf, confLost)
		return
	}
	ws[len(ws)-1] = stem + "-" + word
	p := personFrom(strings.Join(ws, " "), n.conf)
	n.person = p
}

// nameGoesOn returns the first word of the line after line i where it
// continues a name whose last word (stem, its hyphen cut off) ends line
// i: a word alone or a column gap before the rest, in the stem's case,
// that opens no label and is no word of one.
func (d *doc) nameGoesOn(i int, stem string) (string, bool) {
	k := d.nextNonEmpty(i)
	if k < 0 || d.sep[k] || d.startsWithLabel(k) {
		return "", false
	}
	line := strings.TrimLeft(d.lines[k], " ")
	word, rest, _ := strings.Cut(line, " ")
	if rest != "" && !strings.HasPrefix(rest, " ") {
		return "", false
	}
	caps := capitalWord.MatchString(stem)
	switch {
	case caps && !capitalWord.MatchString(word), !caps && !titleWord.MatchString(word):
		return "", false
	}
	lw := strings.ToLower(word)
	if nameStop[lw] || labelVocabulary[lw] || credentials[lw] {
		return "", false
	}
	return word, true
}

// splitRun is an id's digits followed on its line by more groups of
// digits, a space apart, up to a column gap or the line's end.
func splitRun(v string) *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[\s:#])` + regexp.QuoteMeta(v) + `((?:\s\d{1,8})+)(?:\s{2,}|$)`)
}

// splitID settles a certificate id that OCR split into groups of digits
// on a scan ("266301 9841 27", "MX2537 05"): the finders read its first
// group or two. Where the groups join into the issuer's own format (an AHA eCard
// code's twelve digits) the id is the joined digits, as sure as a value
// under its caption; anywhere else the value read is only part of what
// the page prints, reported uncertain, not read.
func (r *reading) splitID(field string) {
	v, ok := r.fields[field].(string)
	if !ok || !r.scanned() || !strings.ContainsAny(v, "0123456789") || strings.Trim(v, "0123456789 ") != "" && !mixedID.MatchString(v) {
		return
	}
	if r.letterPrefixLost(v) {
		r.conf[field] = min(r.conf[field], confLost)
		return
	}
	re := splitRun(v)
	rest := ""
	for _, line := range r.doc.lines {
		if m := re.FindStringSubmatch(line); m != nil {
			if rest != "" && rest != m[1] {
				rest = "?"
				break
			}
			rest = m[1]
		}
	}
	if rest == "" {
		return
	}
	joined := strings.ReplaceAll(v+rest, " ", "")
	if rest != "?" && r.fields["issuer"] == "American Heart Association" && eCardNumber.MatchString(joined) && len(joined) == 12 {
		r.fields[field] = joined
		r.conf[field] = min(r.conf[field], confCaption)
		return
	}
	r.conf[field] = min(r.conf[field], confLost)
}

// letterPrefixLost reports that an id of digits stands on its line right
// after a lone word of one to three capitals that is no caption's
// ("MX 253705"): the id's own letters OCR set apart, or another value's,
// and nothing says which.
func (r *reading) letterPrefixLost(v string) bool {
	if strings.Trim(v, "0123456789") != "" {
		return false
	}
	re := regexp.MustCompile(`(?:^|[\s:#])([A-Z]{1,3}) ` + regexp.QuoteMeta(v) + `(?:\s{2,}|\s*$)`)
	for _, line := range r.doc.lines {
		if m := re.FindStringSubmatch(line); m != nil && !idCaptionWords[strings.ToLower(m[1])] {
			return true
		}
	}
	return false
}

// idCaptionWords are the short words of an id's caption, which stand
// before the id and are none of it.
var idCaptionWords = wordSet(`id no nr num # cd tc ts`)

// mixedID is an id of capitals and digits, one word.
var mixedID = regexp.MustCompile(`^[A-Z0-9]+$`)

// idOverCaption reads a certificate id standing alone on the line over
// its caption, on a card that prints its captions under its values,
// where OCR ran the caption into the row of values beside it ("05/27/2026
// 05/27/2028 Course Card No" under "MX253705"), which no label lookup
// pairs. One such id only, no date, as sure as a value by its caption.
func (r *reading) idOverCaption() {
	d := r.doc
	if r.has("certificate_id") || !d.captionsBelow() {
		return
	}
	found := ""
	for _, l := range certIDLabels {
		for _, like := range []bool{true, false} {
			for _, sp := range d.occurrences(l, like, certIDLabels) {
				p := d.prevNonEmpty(sp.line)
				if p < 0 || d.sep[p] || d.startsWithLabel(p) {
					continue
				}
				v := strings.TrimSpace(d.lines[p])
				if strings.ContainsAny(v, " \t") || len(findDates(v)) > 0 {
					continue
				}
				hs := certIDFinder(v)
				if len(hs) != 1 || hs[0].start != 0 || hs[0].end != len(v) {
					continue
				}
				if s, _ := hs[0].value.(string); found != "" && s != found {
					return
				} else {
					found = s
				}
			}
		}
	}
	if found != "" {
		r.set("certificate_id", found, confCaption)
	}
}
