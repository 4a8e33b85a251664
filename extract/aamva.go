package extract

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/clearedtostart/compliance/idnumber"
	"github.com/clearedtostart/compliance/namematch"
)

// A driver license's or state ID's number on a scan. Cards print it at
// the top, right under the title, after a small caption ("4d DLN", "DL",
// "NO.") that OCR reads as anything ("won", "o.", "«on") or not at all,
// in red on a patterned ground where OCR confuses 8 with & or B, 0 with
// O, 1 with I or l.
//
// A state's number format, where the state is known and its format is
// one, settles a look-alike only where the format leaves one reading: a
// leading 0 is the letter O in California's one letter and seven digits;
// an O among Texas's eight digits is a 0. Where no format settles it, a
// look-alike among digits is a digit only inside a run of digits (a
// number of digits with one O in it), and a number read with a mark no
// look-alike explains is no number.

// fitFormat rewrites a number read to the state's current form where
// exactly one reading fits (idnumber.LicenseNumbering.Fit).
func fitFormat(state, num string) (string, bool) {
	n, ok := idnumber.StateLicense(state)
	if !ok {
		return num, false
	}
	return n.Fit(num)
}

// digitsOnlyState reports that a number of digits is in one of the forms
// of a state all of whose forms are known and are digits alone (Georgia's
// 7 to 9): no letter opens its numbers, for a digit to be read in its
// place or lost before them.
func digitsOnlyState(state, num string) bool {
	n, ok := idnumber.StateLicense(state)
	if !ok || !n.AllKnown() || !n.Matches(num) {
		return false
	}
	for _, f := range append(append([]string(nil), n.Fitted...), n.Other...) {
		if strings.Trim(f, "9") != "" {
			return false
		}
	}
	return true
}

// topNumber is a license number after a short caption OCR may have
// mangled (one or two words: "4¢ 0."), at a line's start: letters and digits, or digits in groups,
// and then perhaps the expiry beside it.
var topNumber = regexp.MustCompile(`^\s*(?:\S{1,5}\s+){0,2}?([A-Z0-9&§$€][A-Z0-9&]{6,13}|\d{3} \d{3} \d{3}|[A-Z]\d{3}-\d{3}-\d{2}-\d{3}-\d|\d{2,4}(?:-\d{2,4}){1,3})(?:\s.*)?$`)

// hyphenGroups is a number printed in groups of digits between hyphens
// ("12-345-6789"): its groups say it is a number whole, its first
// character a digit, however few of the state's forms are known here.
var hyphenGroups = regexp.MustCompile(`^\d{2,4}(?:-\d{2,4}){1,3}$`)

// afterOtherCaption reports that the words before a number hold another
// number's caption ("AUDIT", "DD", "ICN").
func afterOtherCaption(before string) bool {
	for _, w := range strings.Fields(strings.ToLower(before)) {
		if otherNumberWords[strings.Trim(w, ".,:;#")] {
			return true
		}
	}
	return false
}

// markLetters are marks OCR reads for a number's leading letter in red
// print: § and $ for S, € for C.
var markLetters = strings.NewReplacer("§", "S", "$", "S", "€", "C")

// cardNumber reads a license number printed at the card's top without a
// caption the labels know: within the three lines after the title, a
// line that is a number (perhaps after a caption of up to four marks)
// and not a date, a ZIP code or a street.
func (r *reading) cardNumber(state string) {
	if r.has("license_number") {
		return
	}
	for i, n := 0, 0; i < len(r.doc.lines) && n < 4; i++ {
		line := r.doc.lines[i]
		if strings.TrimSpace(line) == "" {
			continue
		}
		n++
		if strings.Count(line, "<") >= 3 {
			// A card's machine-readable zone: its number is read with
			// its check digit (cardZone).
			continue
		}
		m := topNumber.FindStringSubmatch(line)
		if m == nil || len(findDates(m[1])) > 0 || afterOtherCaption(line[:strings.Index(line, m[1])]) {
			continue
		}
		num, conf := markLetters.Replace(m[1]), confGuess
		if hyphenGroups.MatchString(num) {
			if len(strings.Map(keepDigits, num)) < 7 || phoneLike.MatchString(num) {
				continue
			}
			if r.scanned() && !r.wordsReadSurely(num) {
				conf = confMRZFailed
			}
			r.set("license_number", num, conf)
			return
		}
		if fixed, ok := fitFormat(state, num); ok {
			num = fixed
		} else if fixed, ok := idnumber.DigitRun(num); ok {
			num = fixed
			if num[0] >= '0' && num[0] <= '9' && !digitsOnlyState(state, num) && !r.printedTwice(num) {
				// No format says whether it opens with a digit or with
				// the letter it looks like (2 or Z), nor whether a
				// letter before it was lost (L96672269 read 96672269):
				// but a second print of it read alike.
				conf = confMRZFailed
			}
		} else {
			continue
		}
		r.set("license_number", num, conf)
		return
	}
}

// repairNumber fits a license number read by its label to the state's
// format where exactly one reading fits; one read with a '&' (an 8 OCR
// misread) that no format settles is withheld.
func (r *reading) repairNumber(state string) {
	v, ok := r.fields["license_number"].(string)
	if !ok {
		return
	}
	defer r.doubtMixedNumber()
	if fixed, ok := fitFormat(state, v); ok {
		r.fields["license_number"] = fixed
		return
	}
	if strings.Contains(v, "&") {
		if fixed, ok := idnumber.DigitRun(v); ok {
			r.fields["license_number"] = fixed
			return
		}
		r.conf["license_number"] = min(r.conf["license_number"], confMRZFailed)
	}
	if n, known := idnumber.StateLicense(state); r.scanned() && interiorLetter.MatchString(v) && !(known && n.Matches(strings.NewReplacer(" ", "", "-", "").Replace(v))) {
		// Letters among a scanned number's digits ("SR48BI913") are
		// digits OCR misread, or specks it read as letters: no
		// state's form here settles which, nor how many digits it has.
		r.conf["license_number"] = min(r.conf["license_number"], confMRZFailed)
	}
}

// doubtMixedNumber makes a scanned number uncertain where it holds
// letters among digits, which a state's form taking either settles no
// more than no form does (Washington's WDL and nine of both): nothing but
// OCR tells an O from a 0, a B from an 8, and OCR was unsure of the word.
func (r *reading) doubtMixedNumber() {
	if v, ok := r.fields["license_number"].(string); ok && r.scanned() && interiorLetter.MatchString(v) && r.numberOCR(v) < mixedNumberOCR {
		r.conf["license_number"] = min(r.conf["license_number"], confMRZFailed)
	}
}

// mixedNumberOCR is the least OCR confidence (0-100) of a number mixing
// letters and digits that no form settles: the scan fixtures' such
// numbers read right stood at 85, one a 115-dpi phone scan misread in
// three places (WDL7XK29Q4RB read WDL7XK2904H8) at 44.
const mixedNumberOCR = 60

// numberOCR is the least OCR confidence of the page's words that hold
// the number or a part of it (100 where none is known).
func (r *reading) numberOCR(v string) float64 {
	want, least := alnumUpper(v), 100.0
	for _, p := range r.pages {
		for _, w := range p.Words {
			if b := alnumUpper(w.Text); len(b) >= 3 && (strings.Contains(b, want) || strings.Contains(want, b)) {
				least = min(least, w.Confidence)
			}
		}
	}
	return least
}

// interiorLetter is a number whose digits have letters among them, past
// its leading letters.
var interiorLetter = regexp.MustCompile(`[0-9][A-Z]+[0-9]`)

// A license's name lines where OCR damaged their captions: the family
// name over "2 GIVEN NAMES" with its field number "1" read as t, |, » or
// lost, or the labelled style's "LN" over "FN" read as UN, PN, EN.
var (
	lnLine = regexp.MustCompile(`^\s*[LUIlu1|][NM]\s*[:.]?\s+([A-Za-z][A-Za-z'’. -]*?)\s*$`)
	fnLine = regexp.MustCompile(`^\s*[FPEB][NM]\s*[:.]?\s+([A-Za-z][A-Za-z'’. -]*?)\s*$`)
	// lnCaption and fnCaption are also the spelled-out captions a card
	// may print over its name lines ("LAST" / "FIRST"): a caption taken
	// for the family name is a surname read surely wrong.
	lnCaption = regexp.MustCompile(`^\s*(?:[LUI1|][NM]|(?i:LAST(?:\s+NAME)?|SURNAME|FAMILY\s+NAME))\s*[:.]?\s*$`)
	// fnDamaged is the given names' line whose "FN" OCR read as any
	// two small letters ("ry RYAN KENJI", "rn"), the names in capitals:
	// read only right under a family name's line.
	fnDamaged = regexp.MustCompile(`^\s*[a-z]{1,2}\s*[:.]?\s+([A-Z][A-Z'’.-]*(?: [A-Z][A-Z'’.-]*){0,2})\s*$`)
	// lnDamaged is the family name's line whose "LN" OCR read as one to
	// three small letters ("tn", "itn"), the name in capitals: read only
	// over a given names' line whose "FN" was read as printed, in either
	// case (fnRead), which says the two lines are the labelled pair.
	lnDamaged = regexp.MustCompile(`^\s*[a-z]{1,3}\s*[:.]?\s+([A-Z][A-Z'’.-]*(?: [A-Z][A-Z'’.-]*){0,2})\s*$`)
	fnRead    = regexp.MustCompile(`^\s*F[Nn]\s*[:.]?\s+([A-Z][A-Z'’.-]*(?: [A-Z][A-Z'’.-]*){0,2})\s*$`)
	fnCaption = regexp.MustCompile(`^\s*(?:[FPEB][NM]|(?i:FIRST(?:\s+(?:AND\s+|&\s*)?MIDDLE)?(?:\s+NAMES?)?|GIVEN\s+NAMES?))\s*[:.]?\s*$`)
	plainName = regexp.MustCompile(`^[A-Za-z][A-Za-z'’. -]*$`)
	// cardCaption is a line that is only one of a license's captions: a
	// caption is never a name, whatever shape it has.
	cardCaption   = regexp.MustCompile(`^\s*(?i:[LUI1|][NM]|[FPEB][NM]|LAST(?:\s+NAME)?|FIRST(?:\s+NAME)?|MIDDLE(?:\s+NAME)?|SURNAME|GIVEN\s+NAMES?|FAMILY\s+NAME|NAME|DOB|EXP|ISS|DD|DL|DLN|SEX|HGT|WGT|EYES|HAIR|CLASS|RSTR|END|REST|ENDORSEMENTS|RESTRICTIONS)\s*[:.]?\s*$`)
	markedSurname = regexp.MustCompile(`^\s*(?:[^\sA-Za-z0-9]\s*|` + oneLookAlike + `\s+)?([A-Z][A-Za-z'’.-]*(?:\s[A-Z][A-Za-z'’.-]*){0,2})\s*$`)
)

// cardNameLines reads the name from a card's two name lines whose
// captions OCR damaged (see above). A name with lower-case words on a
// card that prints capitals is OCR's damage too ("woop" for WOOD): it is
// reported uncertain.
func (r *reading) cardNameLines() {
	if r.has("full_name") {
		return
	}
	for i, line := range r.doc.lines {
		k := r.doc.nextNonEmpty(i)
		if k < 0 {
			return
		}
		var last, given string
		conf := confNextLine
		if m := lnLine.FindStringSubmatch(line); m != nil {
			g := fnLine.FindStringSubmatch(r.doc.lines[k])
			if g == nil && plainCapitals(m[1]) {
				g = fnDamaged.FindStringSubmatch(r.doc.lines[k])
			}
			if g != nil {
				last, given = m[1], g[1]
				if strings.HasPrefix(strings.TrimSpace(line), "LN") && strings.HasPrefix(strings.TrimSpace(r.doc.lines[k]), "FN") {
					// Captions read as printed: a value beside its label.
					conf = confSameLine
				}
			}
		} else if m := lnDamaged.FindStringSubmatch(line); m != nil {
			if g := fnRead.FindStringSubmatch(r.doc.lines[k]); g != nil {
				last, given = m[1], g[1]
			} else if g := fnDamaged.FindStringSubmatch(r.doc.lines[k]); g != nil && (givenNamesFirst(g[1], m[1]) || r.doc.initialSigns(m[1], g[1])) {
				// Both captions misread ("in ACHTERBERG-NUNEZ" over "rw
				// LUCIA MARISOL"): the pair only where the second line
				// opens with a given name a list knows and the first
				// with none, or the holder's signature ("L. Achterberg")
				// signs the first line as the family name.
				last, given = m[1], g[1]
			}
		}
		// rowA and rowB are the name's two lines, where it was read from
		// two.
		rowA, rowB := i, k
		if l, g, ok := r.namesUnderSideCaptions(i, k); ok {
			last, given = l, g
			rowA = -1
			if !r.lineReadSurely(k) {
				conf = confMRZFailed
			}
		}
		if last == "" && nameCaptionAlone.MatchString(line) {
			var settled bool
			last, given, settled = r.namesUnderNameCaption(k)
			rowA, rowB = k, r.doc.nextNonEmpty(k)
			if !settled {
				conf = confMRZFailed
			}
		}
		if last == "" && lnCaption.MatchString(line) && fnCaption.MatchString(lineAt(r.doc.lines, r.doc.nextNonEmpty(k))) {
			// The labelled style with each caption over its value:
			// "LN" / surname / "FN" / given names.
			if v := r.doc.nextNonEmpty(r.doc.nextNonEmpty(k)); v >= 0 {
				rowA, rowB = k, v
				last, given = strings.TrimSpace(r.doc.lines[k]), strings.TrimSpace(r.doc.lines[v])
				if !plainName.MatchString(last) || !plainName.MatchString(given) {
					last, given = "", ""
				}
			}
		}
		if last == "" && i > 0 && !r.streetNotName(line, k) && !cardCaption.MatchString(line) && !cardCaption.MatchString(r.doc.lines[k]) {
			m := markedSurname.FindStringSubmatch(line)
			g := aamvaGiven.FindStringSubmatch(bangInitial.ReplaceAllString(r.doc.lines[k], "$1 I"))
			unnumbered := false
			if g == nil && m != nil {
				// The "2" lost too: only right under the card's number.
				// A lone letter (the class's "D" under the issue date) is
				// no family name.
				if p := r.doc.prevNonEmpty(i); p >= 0 && strings.Count(strings.Map(keepDigits, r.doc.lines[p]), "") > 6 &&
					len([]rune(m[1])) > 1 {
					g = markedSurname.FindStringSubmatch(r.doc.lines[k])
					unnumbered = g != nil && !fieldMark.MatchString(line) && !fieldMark.MatchString(r.doc.lines[k])
				}
			}
			if m != nil && g != nil {
				last, given = m[1], g[1]
			}
			if unnumbered && r.holder.LastName == "" && givenNamesFirst(last, given) {
				// No candidate to say: the words say it where the first
				// line opens with a given name and the second with none
				// ("JOHN MICHAEL" over "SMITH").
				last, given = given, last
			}
			if unnumbered && r.holder.LastName != "" && namematch.Fold(r.holder.LastName) == namematch.Fold(given) {
				// Two lines of capitals with no trace of a field number
				// on either: a card printing the family name first, as
				// most do, or one printing "FIRST MIDDLE" over "LAST",
				// which the candidate's surname on the second line shows.
				// (Where it is on neither line the card is another
				// person's whichever its order.)
				last, given = given, last
			}
		}
		gs := strings.Fields(given)
		ls := strings.Fields(last)
		if len(gs) == 0 || len(ls) == 0 || len(ls) > 3 || notAName(append(append([]string(nil), gs...), ls...)) ||
			cardFieldWords(gs) || cardFieldWords(ls) {
			continue
		}
		if strings.ToUpper(given+last) != given+last || r.oneRow(rowA, rowB) {
			// OCR parted one row into two lines: no name lines one over
			// the other (see readDriversLicense).
			conf = confMRZFailed
		}
		r.setSplitName(gs, strings.Join(ls, " "), conf)
		return
	}
}

// numberedSurname is a family name after the field number 1: a street
// line's shape too ("1 DOMINGUEZ" as "1 BROADWAY").
var numberedSurname = regexp.MustCompile(`^\s*1\s+[A-Z][A-Z'’.-]*(?:\s[A-Z][A-Z'’.-]*){0,2}\s*$`)

// streetNotName reports that line, over line k, is a street's line and no
// name's. "1 DOMINGUEZ" over given names whose 2 OCR lost is the family
// name under its field number, not a street: a street line stands over
// its city's, and taken for one it left the given names' line to the
// guess, which read a given name for the family name.
func (r *reading) streetNotName(line string, k int) bool {
	if !streetLine.MatchString(line) {
		return false
	}
	return !numberedSurname.MatchString(line) || cityStateZip.MatchString(lineAt(r.doc.lines, k))
}

// sideCaptions is a line of a card's two name captions side by side,
// each over its value ("1 LAST 2 FIRST", OCR's "LLAST 2 FIRST", "LAST
// NAME FIRST NAME", "SURNAME GIVEN NAMES"): the names under them share
// one line, whose words the captions' places part.
var sideCaptions = regexp.MustCompile(`(?i)^\s*(?:[1lI|]\s*)?(?:L?LAST(?:\s+NAME)?|SURNAME|FAMILY\s+NAME)\s+(?:2\s*)?(FIRST(?:\s+(?:AND\s+)?MIDDLE)?(?:\s+NAMES?)?|GIVEN\s+NAMES?)\s*$`)

// namesUnderSideCaptions reads the family and given names from line k
// under line i's side-by-side captions: the words left of where the
// given names' caption (or its field number 2) starts are the family
// name, the rest the given names. Without the words' places the line is
// not parted (the family name may be of two words).
func (r *reading) namesUnderSideCaptions(i, k int) (last, given string, ok bool) {
	m := sideCaptions.FindStringSubmatchIndex(r.doc.lines[i])
	if m == nil || !r.doc.hasGeometry(i) || !r.doc.hasGeometry(k) {
		return "", "", false
	}
	g := r.doc.geometry()
	caps, names := g.byLine[i], g.byLine[k]
	if len(names) < 2 || len(names) != len(strings.Fields(r.doc.lines[k])) {
		return "", "", false
	}
	split := -1.0
	for j, wi := range caps {
		w := g.words[wi]
		if w.start < m[2] {
			continue
		}
		split = w.box.X0
		if j > 0 && g.words[caps[j-1]].text == "2" {
			split = g.words[caps[j-1]].box.X0
		}
		break
	}
	if split < 0 || split <= g.words[caps[0]].box.X0 {
		return "", "", false
	}
	var ls, gs []string
	for _, wi := range names {
		w := g.words[wi]
		switch {
		case w.box.X1 <= split:
			if len(gs) > 0 {
				return "", "", false
			}
			ls = append(ls, w.text)
		case w.box.X0 >= split-w.em/2:
			gs = append(gs, w.text)
		default:
			// A word across the captions' border belongs to neither.
			return "", "", false
		}
	}
	if len(ls) == 0 || len(gs) == 0 {
		return "", "", false
	}
	return strings.Join(ls, " "), strings.Join(gs, " "), true
}

// nameCaptionAlone is a card's caption "NAME" on a line of its own, over
// the name's two lines in a column of values.
var nameCaptionAlone = regexp.MustCompile(`^\s*(?i:NAME)\s*:?\s*$`)

// namesUnderNameCaption reads the two lines of capitals under a card's
// "NAME" caption (line k the first), closed by a line that is no name
// (the next caption, "ADDRESS", or the street): the family name over
// the given names, as cards print them, or the given names over the
// family name where the request's surname on the second line, or the
// first line opening with a given name and the second with none, shows
// it. The order is settled where the request's surname is on one of the
// lines, or the known given names say it; else the name is uncertain
// ("MCALLISTER" over "BRIDGET ANNE" and "BRIDGET ANNE" over "MCALLISTER"
// are alike to words no list knows).
func (r *reading) namesUnderNameCaption(k int) (last, given string, settled bool) {
	v := r.doc.nextNonEmpty(k)
	if v < 0 {
		return "", "", false
	}
	a, b := strings.TrimSpace(r.doc.lines[k]), strings.TrimSpace(r.doc.lines[v])
	wa, wb := strings.Fields(a), strings.Fields(b)
	if len(wa) == 0 || len(wa) > 2 || len(wb) == 0 || len(wb) > 3 || !plainCapitals(a) || !plainCapitals(b) ||
		!onlyNameWords(wa) || !onlyNameWords(wb) || cardFieldWords(wa) || cardFieldWords(wb) || streetLine.MatchString(b) {
		return "", "", false
	}
	if after := r.doc.nextNonEmpty(v); after >= 0 {
		if wc := strings.Fields(r.doc.lines[after]); plainCapitals(r.doc.lines[after]) && len(wc) <= 3 && onlyNameWords(wc) && !cardFieldWords(wc) && !cardCaption.MatchString(r.doc.lines[after]) {
			// A third line of names: the lines are not the name's two.
			return "", "", false
		}
	}
	fold := namematch.Fold
	switch {
	case r.holder.LastName != "" && fold(r.holder.LastName) == fold(b):
		return b, a, true
	case r.holder.LastName != "" && fold(r.holder.LastName) == fold(a):
		return a, b, true
	case r.doc.signedStack(a, b):
		// The holder's signature, given names first ("Cornelia
		// Vanderhoek" under "VANDERHOEK" over "CORNELIA JOY"), says
		// which line is the family name where no list knows the names.
		return a, b, true
	case r.doc.signedStack(b, a):
		return b, a, true
	case givenNamesFirst(a, b):
		return b, a, true
	default:
		return a, b, givenNamesFirst(b, a)
	}
}

// signedStack reports that a line of the page in small letters, a
// signature of two to four words, signs the family name last over the
// given names given (see signsStack).
func (d *doc) signedStack(last, given string) bool {
	for _, line := range d.lines {
		line = strings.TrimSpace(line)
		if line == "" || line == strings.ToUpper(line) || strings.ContainsAny(line, "0123456789:") {
			continue
		}
		if ws := strings.Fields(line); len(ws) >= 2 && len(ws) <= 4 && !notAName(ws) && signsStack(personFrom(line, 0), last, given) {
			return true
		}
	}
	return false
}

// initialSigns reports that a signature of the page, an initial and a
// family name ("L. Achterberg"), signs last as the family name over the
// given names given: the initial the first given name's, the family name
// last or one of its parts.
func (d *doc) initialSigns(last, given string) bool {
	gs := strings.Fields(given)
	if len(gs) == 0 {
		return false
	}
	fold := func(s string) string { return strings.Trim(namematch.Fold(s), ".,") }
	parts := strings.FieldsFunc(fold(last), func(r rune) bool { return r == '-' || r == ' ' })
	for _, line := range d.lines {
		ws := strings.Fields(line)
		if len(ws) != 2 || line == strings.ToUpper(line) || !initial(ws[0]) || strings.ContainsAny(line, "0123456789:") {
			continue
		}
		if fold(ws[0]) == fold(gs[0][:1]) && (fold(ws[1]) == fold(last) || len(parts) > 1 && slices.Contains(parts, fold(ws[1]))) {
			return true
		}
	}
	return false
}

// plainCapitals reports that a name is printed in capitals.
func plainCapitals(name string) bool {
	return strings.ToUpper(name) == name && strings.ContainsFunc(name, unicode.IsLetter)
}

// givenNamesFirst reports that of two name lines the first holds the
// given names and the second the family name, by the names known here:
// the first opens with a given name, the second with none.
func givenNamesFirst(first, second string) bool {
	f, s := strings.Fields(first), strings.Fields(second)
	return len(f) > 0 && len(s) > 0 && namematch.KnownGivenName(f[0]) && !namematch.KnownGivenName(s[0])
}

// bangInitial is a given names line's closing initial I that OCR read
// as '!' against the name ("2 MADISON!" for MADISON I): no name holds
// an exclamation mark.
var bangInitial = regexp.MustCompile(`([A-Z]{2,})!\s*$`)

// fieldMark is what OCR leaves of a field number before a value: a mark,
// or a lone look-alike of the 1.
var fieldMark = regexp.MustCompile(`^\s*(?:[^\sA-Za-z0-9]|` + oneLookAlike + `\s)`)

// The look-alikes OCR reads for a card's small field numbers before the
// family name (1), the given names (2) and the address (8), each alone
// before its value. Read as a letter, a field number became the name's
// initial ("Z CAROLINA BEATRIZ"), or hid the line from the reading that
// wanted it: the names lost, or the family name guessed from the given
// names' line; the address unread behind "s" or "B". None is a word a
// name line or a street line opens with: a lone lower-case letter or
// mark, a Z or 7 before given names (no name's initial is read so under
// a family name's line with its number), a capital before a street
// number.
const (
	oneLookAlike   = `[1tlIi|\]!]`
	twoLookAlike   = `(?:2\s*|[Zz?7]\s+)`
	eightLookAlike = `(?:[sSBa&§$]\s+)`
)

// cardFields are the words of a license's other fields, which a line of
// capitals may print beside its value ("CLASS C", "SEX F", "RSTR NONE"),
// and of its name's captions ("NAME" over the name): never a name.
var cardFields = wordSet(`class sex hgt wgt eyes hair rstr restr rest end endorsements restrictions donor veteran
	dd dl dln iss exp dob none usa real id organ name names surname birth expires expiration issued`)

// cardCaptionLong are a card's longer caption words, which OCR damages by
// a letter in small print ("EXPRES", "ISSUD"); no name is a letter from
// one of them.
var cardCaptionLong = []string{"expires", "expiration", "issued", "address", "license", "licence", "number"}

// cardFieldWords reports that a line's words hold a license's field word
// (not nameStop's words of forms: CROSS or HILL may be a surname), or
// the words "DATE OF" that open a date's caption ("DATE OF BRTH" over
// "EXPRES", captions printed under their values, read as a name).
func cardFieldWords(ws []string) bool {
	for i, w := range ws {
		bare := strings.ToLower(strings.Trim(w, ".,:"))
		if cardFields[bare] {
			return true
		}
		if bare == "date" && i+1 < len(ws) && strings.EqualFold(strings.Trim(ws[i+1], ".,:"), "of") {
			return true
		}
		if len(bare) >= 5 {
			for _, c := range cardCaptionLong {
				if editDistance(bare, c) == 1 {
					return true
				}
			}
		}
	}
	return false
}

// lineAt is lines[i], or "" where i is out of range.
func lineAt(lines []string, i int) string {
	if i < 0 || i >= len(lines) {
		return ""
	}
	return lines[i]
}

func keepDigits(r rune) rune {
	if r >= '0' && r <= '9' {
		return r
	}
	return -1
}

// alnumUpper is s's letters and digits in capitals, without the spaces,
// dashes and dots that printings of one number differ by.
func alnumUpper(s string) string {
	return strings.Map(func(c rune) rune {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			return unicode.ToUpper(c)
		}
		return -1
	}, s)
}
