package fraud

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/idnumber"
	"github.com/clearedtostart/compliance/pagetext"
)

// The machine-readable zone as OCR reads it. A zone drawn by another tool
// than the issuer's (a monospace font, not OCR-B), photographed or
// scanned, is read with a filler dropped or doubled, '«' for '<<', spaces
// inside, a line cut in two, and some characters misread with a low
// confidence. The zone is found the way extract/mrz.go finds it, by its
// block of dates, and the format is laid around that block; a check digit
// is then judged only on characters OCR read surely: a check whose
// characters were read unsurely, or that fails only once look-alike
// letters were made digits, is not judged (a misreading is no forgery),
// and a repair never makes a failing check pass unless it only turned a
// letter into the digit it looks like (a forged digit stays what it is).

// zoneSureConf is the word confidence from which OCR's characters are
// taken as read. OCR gives a zone's words low confidences even where it
// read every character (a line of 44 characters in one word, runs of
// fillers: 30 to 90 on Pillow photos of WeasyPrint pages); the words in
// which it misread a digit as another digit ('7<' read '1<', in a zone
// drawn by Pillow in DejaVu Sans Mono) came at 0 to 20.
const zoneSureConf = 30

// zoneText is a line as the zone is read, with each character's
// certainty.
type zoneText struct {
	text string
	sure []bool
	// ocr: some of its characters were read by OCR (look-alikes
	// possible).
	ocr bool
	// minConf is the lowest confidence of the OCR words read into it
	// (100 where none was).
	minConf float64
}

// zoneFiller reads what OCR makes of the zone's filler '<' as fillers.
var zoneFiller = strings.NewReplacer("«", "<<", "‹", "<", "≤", "<", "(", "<", "{", "<", "[", "<", "£", "<", "¢", "<", "€", "<")

// readZone is a line of words as the zone is read: spaces dropped, the
// filler's look-alikes made fillers, a lower-case o, l or i the capital
// it is, another lower-case letter a filler, other marks dropped.
func readZone(l []pagetext.Word) zoneText {
	z := zoneText{minConf: 100}
	var b strings.Builder
	for _, w := range l {
		sure, ocr := true, false
		glyphless := strings.Contains(strings.ToLower(w.Font), "glyphless")
		if w.Font == "" || glyphless {
			ocr = true
			sure = glyphless || w.Confidence >= zoneSureConf
			if !glyphless {
				z.minConf = min(z.minConf, w.Confidence)
			}
		}
		z.ocr = z.ocr || ocr
		for _, r := range zoneFiller.Replace(w.Text) {
			var c byte
			switch {
			case r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '<':
				c = byte(r)
			case r == 'o':
				c = 'O'
			case r == 'l' || r == 'i':
				c = 'I'
			case r >= 'a' && r <= 'z':
				c = '<'
			default:
				continue
			}
			b.WriteByte(c)
			z.sure = append(z.sure, sure)
		}
	}
	z.text = b.String()
	return z
}

func (z zoneText) join(o zoneText) zoneText {
	return zoneText{text: z.text + o.text, sure: append(append([]bool(nil), z.sure...), o.sure...), ocr: z.ocr || o.ocr, minConf: min(z.minConf, o.minConf)}
}

// span is the part [i, j) of a zone line, or false where the line is too
// short.
func (z zoneText) span(i, j int) (zoneText, bool) {
	if i < 0 || j > len(z.text) || i > j {
		return zoneText{}, false
	}
	return zoneText{text: z.text[i:j], sure: z.sure[i:j], ocr: z.ocr, minConf: z.minConf}, true
}

func (z zoneText) allSure() bool {
	for _, s := range z.sure {
		if !s {
			return false
		}
	}
	return true
}

// zoneDateBlock finds a data line's block of dates: six digits, a check
// digit, a sex (M, F, X or a filler), six digits and a check digit, both
// dates real calendar dates (look-alike letters read as the digits they
// look like, for finding only). Where several places fit, the one whose
// checks pass, then the one with a nationality's three letters before it.
func zoneDateBlock(t string, from, to int) (int, bool) {
	best, bestScore := -1, -1
	for j := max(from, 0); j <= to && j+15 <= len(t); j++ {
		s := t[j : j+15]
		dob, dc := idnumber.ZoneDigits(s[0:6]), idnumber.ZoneDigits(s[6:7])
		exp, ec := idnumber.ZoneDigits(s[8:14]), idnumber.ZoneDigits(s[14:15])
		_, dobReal := idnumber.ReadZoneDate(dob)
		_, expReal := idnumber.ReadZoneDate(exp)
		if !dobReal || !expReal || !isDigit(dc[0]) || !isDigit(ec[0]) || !strings.ContainsRune("MFX<", rune(s[7])) {
			continue
		}
		score := 0
		if idnumber.MRZCheckDigit(dob) == dc {
			score += 2
		}
		if idnumber.MRZCheckDigit(exp) == ec {
			score += 2
		}
		if j >= 3 && strings.Trim(idnumber.ZoneLetters(t[j-3:j]), "ABCDEFGHIJKLMNOPQRSTUVWXYZ<") == "" {
			score++
		}
		if score > bestScore {
			best, bestScore = j, score
		}
	}
	return best, best >= 0
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// verdict of one check digit.
type checkVerdict int

const (
	checkUnjudged checkVerdict = iota
	checkPassed
	checkFailed
	// checkFailedUnsure: failed as read, without a repair, on characters
	// some of which OCR read unsurely.
	checkFailedUnsure
)

// judgeCheck judges a field of the zone against its check digit, and
// returns the field as it passed (look-alikes repaired). A text layer is
// judged as it is. Read by OCR, a letter in a field of digits (dates) is
// the digit it looks like, and in any field a letter may be read as the
// digit it looks like where that makes the check pass (a number's 0 read
// as O); a digit is never read as another character, so a forged digit
// stays what it is, but a number of letters and digits that passes with
// one of its 0s read as the letter O is not judged. A
// check fails only where every character was read surely and as it is:
// one that fails only after a repair, or on characters read unsurely, is
// not judged.
func judgeCheck(data, check zoneText, digits bool) (v checkVerdict, field, digit string) {
	all := data.join(check)
	if strings.Trim(all.text, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<") != "" || len(check.text) != 1 {
		return checkUnjudged, "", ""
	}
	if check.text == "<" && strings.Trim(data.text, "<") != "" {
		// A field's check digit is a digit; a filler there is a
		// character OCR lost or a misread mark dropped.
		return checkUnjudged, "", ""
	}
	if mrzOK(data.text, check.text[0]) {
		return checkPassed, data.text, check.text
	}
	if !data.ocr && !check.ocr {
		return checkFailed, data.text, check.text
	}
	repaired := false
	if c := idnumber.ZoneDigits(check.text); c != check.text {
		if !isDigit(c[0]) {
			return checkUnjudged, "", ""
		}
		check.text, repaired = c, true
	}
	if digits {
		if d := idnumber.ZoneDigits(data.text); d != data.text {
			data.text, repaired = d, true
		}
		if mrzOK(data.text, check.text[0]) {
			return checkPassed, data.text, check.text
		}
	} else if fixed, ok := lettersAsDigitsPass(data.text, check.text); ok {
		return checkPassed, fixed, check.text
	}
	if repaired {
		// Failing once repaired: the repair is a guess, no evidence.
		return checkUnjudged, "", ""
	}
	if !digits && oneDigitAsLetterPasses(data.text, check.text[0]) {
		// A number's letter O that OCR read as a 0 (a foreign passport's
		// U2954241O read U29542410): not evidence of a changed number,
		// nor a pass.
		return checkUnjudged, "", ""
	}
	if !all.allSure() {
		return checkFailedUnsure, data.text, check.text
	}
	return checkFailed, data.text, check.text
}

// judgeComposite judges the composite digit over its parts: the fields
// as their own checks passed or failed as read. It is not judged where
// a field's check was not, and fails only where its digit and fillers
// were read surely and as they are.
func judgeComposite(c zoneCheck, verdicts []checkVerdict, fields, digits []string) checkVerdict {
	sure := c.digit.allSure()
	for _, p := range c.parts {
		switch {
		case p.check < 0:
			sure = sure && p.fill.allSure()
		case verdicts[p.check] == checkUnjudged || verdicts[p.check] == checkFailedUnsure:
			return checkUnjudged
		}
	}
	data := compositeData(c, fields, digits)
	if len(c.digit.text) != 1 {
		return checkUnjudged
	}
	// The composite is always a digit: a filler there is a mark OCR
	// made of it, dropped.
	d := idnumber.ZoneDigits(c.digit.text)
	if !isDigit(d[0]) {
		return checkUnjudged
	}
	if mrzOK(data, d[0]) {
		return checkPassed
	}
	if d != c.digit.text || !sure && c.digit.ocr {
		return checkUnjudged
	}
	return checkFailed
}

// compositeData is the composite digit's data: its parts, each field as
// its own check passed or failed as read, and the fillers.
func compositeData(c zoneCheck, fields, digits []string) string {
	var b strings.Builder
	for _, p := range c.parts {
		switch {
		case p.check < 0:
			b.WriteString(p.fill.text)
		case p.digit:
			b.WriteString(digits[p.check])
		default:
			b.WriteString(fields[p.check])
		}
	}
	return b.String()
}

// compositeSurelyOther: read by OCR, the composite digit alone fails
// where every field's check passed on its characters as read (no
// look-alike repaired, no filler taken for a digit), and the digit read
// is not one OCR takes for the digit the fields make (a 4 where they
// make a 2, not an 8 for a 3). A misread character inside a field fails
// that field's own digit nine times in ten; what is left to misread is
// the composite digit itself, and OCR misreads a printed digit as one
// of its look-alikes. A forger who changed a field and recomputed its
// own digit, but not the composite (which covers the whole line), left
// a digit that is any of the ten.
func compositeSurelyOther(z zoneFound, verdicts []checkVerdict, fields, digits []string) bool {
	comp := -1
	for k, c := range z.checks {
		switch {
		case c.parts != nil:
			comp = k
		case verdicts[k] != checkPassed || fields[k] != c.data.text || digits[k] != c.digit.text:
			return false
		}
	}
	if comp < 0 {
		return false
	}
	c := z.checks[comp]
	if len(c.digit.text) != 1 || !isDigit(c.digit.text[0]) || !c.digit.allSure() {
		return false
	}
	want := idnumber.MRZCheckDigit(compositeData(c, fields, digits))
	got := c.digit.text[0]
	return len(want) == 1 && want[0] != got && !confusedDigits[[2]byte{got, want[0]}]
}

// lettersAsDigitsPass: some of the field's look-alike letters read as
// the digits they look like make the check pass (at most 2^8 readings);
// it returns the reading that passes.
func lettersAsDigitsPass(data, check string) (string, bool) {
	if len(check) != 1 {
		return "", false
	}
	var at []int
	for i := 0; i < len(data); i++ {
		if d := idnumber.ZoneDigits(data[i : i+1]); d != data[i:i+1] {
			at = append(at, i)
		}
	}
	if len(at) == 0 || len(at) > 8 {
		return "", false
	}
	for mask := 1; mask < 1<<len(at); mask++ {
		b := []byte(data)
		for k, i := range at {
			if mask&(1<<k) != 0 {
				b[i] = idnumber.ZoneDigits(data[i : i+1])[0]
			}
		}
		if mrzOK(string(b), check[0]) {
			return string(b), true
		}
	}
	return "", false
}

// zoneCheck is one check digit of a zone as read: a field's, or the
// composite's, whose data are parts: fields as their own checks passed
// (look-alikes repaired) and fillers.
type zoneCheck struct {
	name        string
	data, digit zoneText
	digits      bool
	parts       []compPart
}

// compPart is a part of the composite's data: the field of checks[check]
// (its check digit when digit is set), or fill where check is -1.
type compPart struct {
	check int
	digit bool
	fill  zoneText
}

// fillersOnly: the text is fillers (an empty optional field), perhaps
// ending with its own check digit 0 or a filler.
func fillersOnly(t string) bool {
	return strings.Trim(strings.TrimSuffix(t, "0"), "<") == ""
}

// td3Zone lays a passport's data line out around its block of dates at
// j: the document number and its check 13 and 4 characters before it,
// the personal number after it, the composite digit last. A personal
// number of fillers only is the empty field whatever number of fillers
// OCR read.
func td3Zone(l zoneText, j int) (checks []zoneCheck, dob, exp, num string, ok bool) {
	at := func(i, k int) zoneText {
		s, _ := l.span(i, k)
		return s
	}
	if j < 10 || len(l.text) < j+17 {
		return nil, "", "", "", false
	}
	number, numCheck := at(j-13, j-4), at(j-4, j-3)
	dobT, dobCheck := at(j, j+6), at(j+6, j+7)
	expT, expCheck := at(j+8, j+14), at(j+14, j+15)
	if j != 13 {
		// A character OCR put in or left out before the dates: the
		// number is not where it stands, and the composite not judged.
		return []zoneCheck{
			{name: "the date of birth", data: dobT, digit: dobCheck, digits: true},
			{name: "the expiration date", data: expT, digit: expCheck, digits: true},
		}, dobT.text, expT.text, "", true
	}
	checks = []zoneCheck{
		{name: "the document number", data: number, digit: numCheck},
		{name: "the date of birth", data: dobT, digit: dobCheck, digits: true},
		{name: "the expiration date", data: expT, digit: expCheck, digits: true},
	}
	tail := at(j+15, len(l.text))
	parts := []compPart{{check: 0}, {check: 0, digit: true}, {check: 1}, {check: 1, digit: true}, {check: 2}, {check: 2, digit: true}}
	var composite zoneText
	switch {
	case len(tail.text) == 16:
		checks = append(checks, zoneCheck{name: "the personal number", data: at(j+15, j+29), digit: at(j+29, j+30)})
		parts = append(parts, compPart{check: 3}, compPart{check: 3, digit: true})
		composite = at(j+30, j+31)
	case len(tail.text) >= 2 && fillersOnly(tail.text[:len(tail.text)-1]),
		len(tail.text) >= 3 && fillersOnly(tail.text[:len(tail.text)-2]) && strings.IndexByte("0OQD", tail.text[len(tail.text)-2]) >= 0:
		// Fillers at the end of the composite's data add nothing
		// however many OCR read; nor does an empty personal number's
		// check digit, a 0 as much as a filler (a scan's 0 read as Q
		// after fillers OCR doubled).
		parts = append(parts, compPart{check: -1, fill: filled(15, at(j+15, len(l.text)-1).allSure(), l.ocr)})
		composite = at(len(l.text)-1, len(l.text))
	default:
		return checks, dobT.text, expT.text, number.text, true
	}
	checks = append(checks, zoneCheck{name: "the whole zone", digit: composite, parts: parts})
	return checks, dobT.text, expT.text, number.text, true
}

// td1Zone lays an ID card's first two lines out: the number and its
// check on the first line after the document code and issuing state, the
// dates opening the second, the composite digit ending it.
func td1Zone(l1, l2 zoneText) (checks []zoneCheck, dob, exp, num string, ok bool) {
	at := func(l zoneText, i, k int) zoneText {
		s, _ := l.span(i, k)
		return s
	}
	if len(l1.text) < 15 || len(l2.text) < 15 {
		return nil, "", "", "", false
	}
	number, numCheck := at(l1, 5, 14), at(l1, 14, 15)
	dobT, dobCheck := at(l2, 0, 6), at(l2, 6, 7)
	expT, expCheck := at(l2, 8, 14), at(l2, 14, 15)
	checks = []zoneCheck{
		{name: "the document number", data: number, digit: numCheck},
		{name: "the date of birth", data: dobT, digit: dobCheck, digits: true},
		{name: "the expiration date", data: expT, digit: expCheck, digits: true},
	}
	opt1 := at(l1, 15, len(l1.text))
	rest2 := at(l2, 15, len(l2.text))
	// The composite needs the optional data exactly: judged where both
	// lines are read to their 30 characters, or where their optional
	// data is fillers only.
	var opt1Std, opt2Std zoneText
	switch {
	case len(l1.text) == 30:
		opt1Std = opt1
	case fillersOnly(opt1.text):
		opt1Std = filled(15, opt1.allSure(), l1.ocr)
	default:
		return checks, dobT.text, expT.text, number.text, true
	}
	if len(rest2.text) < 4 {
		return checks, dobT.text, expT.text, number.text, true
	}
	opt2 := at(rest2, 3, len(rest2.text)-1)
	composite := at(rest2, len(rest2.text)-1, len(rest2.text))
	switch {
	case len(l2.text) == 30:
		opt2Std = opt2
	case fillersOnly(opt2.text):
		opt2Std = filled(11, opt2.allSure(), l2.ocr)
	default:
		return checks, dobT.text, expT.text, number.text, true
	}
	parts := []compPart{{check: 0}, {check: 0, digit: true}, {check: -1, fill: opt1Std}, {check: 1}, {check: 1, digit: true},
		{check: 2}, {check: 2, digit: true}, {check: -1, fill: opt2Std}}
	checks = append(checks, zoneCheck{name: "the whole zone", digit: composite, parts: parts})
	return checks, dobT.text, expT.text, number.text, true
}

func filled(n int, sure, ocr bool) zoneText {
	z := zoneText{text: strings.Repeat("<", n), sure: make([]bool, n), ocr: ocr}
	for i := range z.sure {
		z.sure[i] = sure
	}
	return z
}

// zoneFound is a zone found on a page: its checks as laid out, its dates
// and number as read, and the first of its lines (the visual zone is
// above it).
type zoneFound struct {
	checks        []zoneCheck
	dob, exp, num string
	first         int
	ocr           bool
	value         string
	// name is the zone's name field's line (a passport's first, an ID
	// card's third), empty where it was not found; td1 says which.
	name zoneText
	td1  bool
}

// findZone finds a zone whose data line is line k of the page: a
// passport's (TD3) second line, possibly cut in two by OCR, or an ID
// card's (TD1) second line under its first.
func findZone(zs []zoneText, k int) (zoneFound, bool) {
	cands := []zoneText{zs[k]}
	if k+1 < len(zs) && len(zs[k].text) < 44 && len(zs[k+1].text) >= 3 {
		cands = append(cands, zs[k].join(zs[k+1]))
	}
	for _, l := range cands {
		if len(l.text) < 28 {
			continue
		}
		j, ok := zoneDateBlock(l.text, 10, 16)
		if !ok {
			continue
		}
		checks, dob, exp, num, ok := td3Zone(l, j)
		if !ok {
			continue
		}
		first := k
		var name zoneText
		if k > 0 && nameLine(zs[k-1].text) {
			first, name = k-1, zs[k-1]
			if at := strings.IndexByte(name.text, 'P'); at > 0 {
				// A mark OCR read before the zone.
				name, _ = name.span(at, len(name.text))
			}
		}
		return zoneFound{checks: checks, dob: dob, exp: exp, num: num, first: first, ocr: l.ocr, value: l.text, name: name}, true
	}
	l2 := zs[k]
	j, ok := zoneDateBlock(l2.text, 0, 2)
	if !ok || len(l2.text)-j < 20 {
		return zoneFound{}, false
	}
	for p, n := k-1, 0; p >= 0 && n < 2; p-- {
		if zs[p].text == "" {
			continue
		}
		n++
		if !td1First(zs[p].text) {
			continue
		}
		l2, _ = l2.span(j, len(l2.text))
		checks, dob, exp, num, ok := td1Zone(zs[p], l2)
		if !ok {
			return zoneFound{}, false
		}
		var name zoneText
		if k+1 < len(zs) {
			name = zs[k+1]
		}
		return zoneFound{checks: checks, dob: dob, exp: exp, num: num, first: p, ocr: zs[p].ocr || l2.ocr, value: zs[p].text + "\n" + l2.text, name: name, td1: true}, true
	}
	return zoneFound{}, false
}

// nameLine: a passport zone's first line (P, a type or filler, the
// issuing state, the name and its fillers).
func nameLine(t string) bool {
	at := strings.IndexByte(t, 'P')
	return at >= 0 && at <= 1 && len(t) >= 20 && strings.Contains(t, "<<")
}

// td1First: an ID card zone's first line (a document code A, C or I, a
// type or filler, the issuing state, the number).
func td1First(t string) bool {
	if len(t) < 15 || !strings.ContainsRune("ACI", rune(t[0])) {
		return false
	}
	return strings.Trim(idnumber.ZoneLetters(t[2:5]), "ABCDEFGHIJKLMNOPQRSTUVWXYZ<") == ""
}

// checkMRZ recomputes the check digits of a passport's (TD3) or an ID
// card's (TD1) machine-readable zone printed on the page, and compares a
// zone whose digits pass with the visual zone above it.
func checkMRZ(d *doc, s *signals) {
	for i, p := range d.Pages {
		lines := p.Lines()
		zs := make([]zoneText, len(lines))
		for k, l := range lines {
			zs[k] = readZone(l)
		}
		for k := range zs {
			z, ok := findZone(zs, k)
			if !ok {
				continue
			}
			judgeZone(d, s, d.first+i, lines[:z.first], z)
			return
		}
	}
}

func judgeZone(d *doc, s *signals, page int, above [][]pagetext.Word, z zoneFound) {
	var failed []string
	passed := map[string]bool{}
	verdicts := make([]checkVerdict, len(z.checks))
	fields, digits := make([]string, len(z.checks)), make([]string, len(z.checks))
	for k, c := range z.checks {
		switch {
		case c.parts != nil:
			verdicts[k] = judgeComposite(c, verdicts, fields, digits)
		case c.name == "the personal number" && strings.Trim(c.data.text, "<") == "" && (c.digit.text == "<" || c.digit.text == "0"):
			verdicts[k], fields[k], digits[k] = checkPassed, c.data.text, c.digit.text
		case c.name == "the personal number" && strings.Trim(c.data.text, "<") == "" && c.digit.ocr && len(c.digit.text) == 1 && strings.IndexByte("OQD689", c.digit.text[0]) >= 0:
			// An empty field's digit is 0 (or a filler), and no forger
			// changes it: a 9, an 8, a 6 or an O there is OCR's 0 (a soft
			// photo's, read at 70). The composite is judged with the 0.
			verdicts[k], fields[k], digits[k] = checkPassed, c.data.text, "0"
		default:
			verdicts[k], fields[k], digits[k] = judgeCheck(c.data, c.digit, c.digits)
		}
		switch verdicts[k] {
		case checkPassed:
			passed[c.name] = true
		case checkFailed:
			failed = append(failed, c.name)
		}
	}
	printed, want, byPrint := byte(0), byte(0), false
	if z.ocr && (len(failed) == 0 || len(failed) == 1 && failed[0] == "the whole zone") {
		// A composite OCR read unsurely, as a letter, or as a look-alike
		// of the digit the fields make is read again from its print
		// (zone_glyph.go).
		printed, want, byPrint = compositeFromPrint(d, page, z, verdicts, fields, digits)
		byPrint = byPrint && printed != want
		if byPrint && len(failed) == 0 {
			failed = []string{"the whole zone"}
		}
	}
	if len(failed) > 0 {
		// A field's own digit failing says the field was changed. The
		// composite alone failing, read by OCR, may be a misread
		// character the field digits do not cover (a filler, the
		// name); in a text layer the zone is exact, and every field
		// digit passing while the composite fails means a field was
		// edited and its own digit recomputed.
		w := 0.50
		if len(failed) == 1 && failed[0] == "the whole zone" && z.ocr && !compositeSurelyOther(z, verdicts, fields, digits) && !byPrint {
			w = 0.30
		}
		how := ""
		if byPrint {
			how = fmt.Sprintf(" (its print is a %c, as the zone's own %c's are, where the fields make a %c)", printed, printed, want)
		}
		s.addf(CodeMRZCheckFailed, w, &SignalEvidence{Page: page, Field: "mrz", Value: z.value, Expected: "check digits of " + strings.Join(failed, ", ")},
			"the machine-readable zone's check digit of %s does not match%s", strings.Join(failed, ", "), how)
		return
	}
	if name, ok := corroboratedFailure(d, above, z, verdicts, fields, digits); ok {
		s.addf(CodeMRZCheckFailed, 0.50, &SignalEvidence{Page: page, Field: "mrz", Value: z.value, Expected: "check digits of " + name + ", the whole zone"},
			"the machine-readable zone's check digit of %s does not match, nor does the whole zone's with it (read unsurely, but the page prints the same value above the zone)", name)
		return
	}
	if passed["the date of birth"] && passed["the expiration date"] {
		zoneVisualMismatch(d, s, page, above, z, passed["the document number"])
	}
}

// corroboratedFailure judges a check that failed on characters OCR read
// unsurely, where the rest of the zone vouches for the reading: every
// other field's check passes; the visual zone prints the field's value
// as the zone reads it (read apart, in another font: the field's
// characters were read right); and the composite digit fails even with
// the field's own digit made right (the field's digit was not merely
// misread: the field is not the one the composite was made for). A
// forger who changed the value in both zones and left the digits is
// caught so; a misread check digit alone is not.
func corroboratedFailure(d *doc, above [][]pagetext.Word, z zoneFound, verdicts []checkVerdict, fields, digits []string) (string, bool) {
	failing, composite := -1, -1
	for k, c := range z.checks {
		switch {
		case c.parts != nil:
			composite = k
		case verdicts[k] == checkFailedUnsure:
			if failing >= 0 {
				return "", false
			}
			failing = k
		case verdicts[k] != checkPassed:
			return "", false
		}
	}
	if failing < 0 || composite < 0 || z.checks[failing].name == "the personal number" {
		return "", false
	}
	c := z.checks[composite]
	if len(c.digit.text) != 1 || !isDigit(c.digit.text[0]) {
		return "", false
	}
	var b strings.Builder
	for _, p := range c.parts {
		switch {
		case p.check < 0:
			b.WriteString(p.fill.text)
		case p.check == failing && p.digit:
			b.WriteString(idnumber.MRZCheckDigit(fields[failing]))
		case p.digit:
			b.WriteString(digits[p.check])
		default:
			b.WriteString(fields[p.check])
		}
	}
	if mrzOK(b.String(), c.digit.text[0]) {
		return "", false
	}
	name := z.checks[failing].name
	var visual []string
	dates := map[string]bool{}
	for _, l := range above {
		text := lineText(l, z.ocr)
		visual = append(visual, text)
		for _, m := range visualDate.FindAllString(text, -1) {
			if iso, ok := extract.ParseDate(m, false); ok {
				dates[iso] = true
			}
		}
	}
	switch name {
	case "the document number":
		num := strings.Trim(fields[failing], "<")
		return name, len(num) >= 6 && strings.Contains(normaliseID(strings.Join(visual, " ")), num)
	case "the expiration date":
		exp, ok := mrzDate(fields[failing], false, d.AsOf)
		return name, ok && dates[exp]
	case "the date of birth":
		dob, ok := mrzDate(fields[failing], true, d.AsOf)
		return name, ok && dates[dob]
	}
	return "", false
}

// zoneVisualMismatch compares a zone whose dates pass their check digits
// with its visual zone: the zone's date of birth, expiration date and
// document number must be printed above it. A forger who changes the
// printed expiry leaves the zone alone more often than not (its check
// digits would have to be recomputed too). The comparison needs an
// anchor: it is made only when the page prints the zone's birth date (so
// its dates were read), and it flags an expiry the page does not print
// when the page prints another expiry-like date of the same document, and
// no date it read unsurely (which may be the expiry misread).
func zoneVisualMismatch(d *doc, s *signals, page int, above [][]pagetext.Word, z zoneFound, numOK bool) {
	dates := map[string]bool{}
	unsure := false
	var visual []string
	for _, l := range above {
		text := lineText(l, z.ocr)
		visual = append(visual, text)
		sure := true
		for _, w := range l {
			if w.Font == "" && w.Confidence < zoneSureConf {
				sure = false
			}
		}
		for _, m := range visualDate.FindAllString(text, -1) {
			iso, ok := extract.ParseDate(m, false)
			if !ok {
				continue
			}
			dates[iso] = true
			unsure = unsure || !sure
		}
	}
	dob, okB := mrzDate(z.dob, true, d.AsOf)
	exp, okE := mrzDate(z.exp, false, d.AsOf)
	if okE && dates[exp] && len(dates) >= 3 && zoneHolderMismatch(d, s, page, above, z, dates, unsure) {
		return
	}
	if !okB || !okE || !dates[dob] || len(dates) < 3 {
		return
	}
	if !dates[exp] {
		if unsure {
			return
		}
		s.addf(CodeMRZCheckFailed, 0.50, &SignalEvidence{Page: page, Field: "expiration_date", Value: exp, Expected: "the expiration date the visual zone prints"},
			"the machine-readable zone says the document expires on %s, a date the page does not print", exp)
		return
	}
	num := strings.Trim(z.num, "<")
	if !numOK || len(num) < 6 {
		return
	}
	joined := normaliseID(strings.Join(visual, " "))
	if strings.Contains(joined, num) {
		return
	}
	// The number the page prints instead: of the zone's length, printed on
	// the page, and, read by OCR, more than a misread character away.
	v, _ := d.Fields["passport_number"].(string)
	if v == "" {
		v, _ = d.Fields["license_number"].(string)
	}
	nv := normaliseID(v)
	if nv == "" || nv == num || !strings.Contains(joined, nv) {
		// The reading took the zone's number, or left the number out: the
		// one printed after (or under) the number's caption.
		if p, ok := captionedDocNumber(above, len(num)); ok {
			v, nv = p, p
		}
	}
	if len(nv) == len(num) && nv != num && strings.Contains(joined, nv) && !(z.ocr && idnumber.LookAlikeDistance(nv, num) <= 1 && !surelyOtherDigit(d, v, nv, num)) {
		s.addf(CodeMRZCheckFailed, 0.50, &SignalEvidence{Page: page, Field: "passport_number", Value: v, Expected: "the number the machine-readable zone carries (" + num + ")"},
			"the document number printed (%s) is not the one in the machine-readable zone (%s)", v, num)
	}
}

// visualDate finds dates as passports and IDs print them.
var visualDate = regexp.MustCompile(`(?i)\b\d{1,2} ?(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*[ /]*(\d{4}|\d{2})\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]* \d{1,2},? \d{4}\b`)

// mrzDate reads a zone's YYMMDD date: a birth date in the past century
// when it would lie after the as-of day, an expiry in this century.
func mrzDate(s string, birth bool, asOf time.Time) (string, bool) {
	z, ok := idnumber.ReadZoneDate(idnumber.ZoneDigits(s))
	if !ok {
		return "", false
	}
	// Two-digit years 69-99 in the last century, as Go's "06" reads them.
	century := 2000
	if z.YY >= 69 {
		century = 1900
	}
	t, ok := z.In(century)
	if ok && birth && t.After(asOf) {
		t, ok = z.In(century - 100)
	}
	if !ok {
		return "", false
	}
	return t.Format(time.DateOnly), true
}

func mrzOK(data string, digit byte) bool {
	want := idnumber.MRZCheckDigit(data)
	return string(digit) == want || (digit == '<' && want == "0")
}

// confusedDigits are the digits OCR takes for one another in print (a
// stroke lost or added: 3 and 8, 5 and 6, 6 and 8, 0 and 8, 1 and 7, 4
// and 9; on a noisy scan a loop closed or opened: 8 and 9, 0 and 6, 0
// and 9, 3 and 5).
var confusedDigits = map[[2]byte]bool{
	{'3', '8'}: true, {'8', '3'}: true, {'5', '6'}: true, {'6', '5'}: true, {'6', '8'}: true, {'8', '6'}: true,
	{'0', '8'}: true, {'8', '0'}: true, {'1', '7'}: true, {'7', '1'}: true, {'4', '9'}: true, {'9', '4'}: true,
	{'8', '9'}: true, {'9', '8'}: true, {'0', '6'}: true, {'6', '0'}: true, {'0', '9'}: true, {'9', '0'}: true,
	{'3', '5'}: true, {'5', '3'}: true,
}

// surelyOtherDigit: the printed number, read surely, differs from the
// zone's in one digit that OCR does not take for the zone's (a 9 where
// the zone has a 6): a number changed in print, the zone, whose check
// digit passes, left as it was; not a misread character.
func surelyOtherDigit(d *doc, v, printed, zone string) bool {
	diff := -1
	for i := range len(printed) {
		if printed[i] != zone[i] {
			if diff >= 0 {
				return false
			}
			diff = i
		}
	}
	if diff < 0 {
		return false
	}
	a, b := printed[diff], zone[diff]
	return isDigit(a) && isDigit(b) && !confusedDigits[[2]byte{a, b}] && d.readSurely(v)
}

// oneDigitAsLetterPasses: a number that holds letters (a foreign
// passport's) passes its check with one of its 0s read as the letter O.
// An all-digit number (a U.S. passport's) is never so read: a forger's
// digit changed in it would pass as often as not.
func oneDigitAsLetterPasses(field string, check byte) bool {
	if strings.Trim(field, "0123456789<") == "" {
		return false
	}
	b := []byte(field)
	for i, c := range b {
		if c != '0' {
			continue
		}
		b[i] = 'O'
		pass := mrzOK(string(b), check)
		b[i] = c
		if pass {
			return true
		}
	}
	return false
}
