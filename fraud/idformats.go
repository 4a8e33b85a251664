package fraud

import (
	"regexp"
	"strings"

	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/idnumber"
	"github.com/clearedtostart/compliance/pagetext"
)

// More numbers in a form their issuer never gives: driver's license
// numbers of the states whose numbering is one pattern, U.S. passport
// numbers, Social Security numbers in ranges the SSA never assigns, NPIs
// whose check digit fails. Like checkLicenseNumber, each is judged only
// where the issuer's numbering is known, a number read by OCR after its
// look-alike letters are repaired and only where OCR read it surely
// (idJudged), and weighs idFormatWeight.

// checkDLNumber judges a driver's license or state ID number against its
// state's numbering.
func checkDLNumber(d *doc, s *signals) {
	if d.DocumentType != "drivers_license" {
		return
	}
	num, _ := d.Fields["license_number"].(string)
	state, _ := d.Fields["state"].(string)
	st := strings.ToUpper(strings.TrimSpace(state))
	f, ok := idnumber.StateLicense(st)
	ok = ok && f.AllKnown()
	if num == "" {
		return
	}
	n := normaliseID(num)
	ocr := d.readByOCR()
	if !ocr {
		// In a text layer the number is judged as printed: a reading that
		// made a look-alike of it fit the state's form ("66192041" read
		// as California's "G6192041") made up the fit, not the number.
		if p, ok := d.printedLookAlike(n); ok {
			num, n = p, p
		}
	}
	if !ok {
		// A state whose numbering is not known here: letters, then digits,
		// then letters again is no state's form but New Hampshire's and
		// Washington's older one.
		if st != "NH" && st != "WA" && mixedBlocks.MatchString(n) && !ocr {
			s.addf(CodeIDFormat, idFormatWeight(ocr), &SignalEvidence{Field: "license_number", Value: num, Expected: "letters before the digits at most"},
				"driver's license number %s mixes a letter prefix, digits and a block of letters, a form no state uses", num)
		}
		return
	}
	if f.Matches(n) || ocr && (f.Matches(idnumber.ZoneDigits(n)) || f.Matches(n[:1]+idnumber.ZoneDigits(n[1:])) || f.Matches(idnumber.ZoneLetters(n[:1])+n[1:])) || !d.idJudged(num) {
		return
	}
	s.addf(CodeIDFormat, d.stateIDWeight(num, 1, st), &SignalEvidence{Field: "license_number", Value: num, Expected: st + " license numbers are " + f.Describe},
		"driver's license number %s is not in the form %s uses (%s)", num, st, f.Describe)
}

// mixedBlocks: letters, digits, letters (and perhaps digits again).
var mixedBlocks = regexp.MustCompile(`^[A-Z]+\d+[A-Z]{2,}`)

// usPassportNumber: a U.S. passport book's number is 9 digits, or a letter
// and 8 digits (since 2021); a passport card's is C and 8 digits.
var usPassportNumber = regexp.MustCompile(`^(\d{9}|[A-Z]\d{8})$`)

// checkPassportNumber judges a U.S. passport's number: the one the
// reading took, and the one the page prints after (or under) its "Passport
// No." caption where that is another (the reading may take the zone's
// number, which a forger who retyped the printed one left alone).
func checkPassportNumber(d *doc, s *signals) {
	if d.DocumentType != "passport" {
		return
	}
	num, _ := d.Fields["passport_number"].(string)
	issuer, _ := d.Fields["issuer"].(string)
	nat, _ := d.Fields["nationality"].(string)
	us := strings.Contains(strings.ToLower(issuer), "department of state") || strings.EqualFold(nat, "USA") ||
		strings.Contains(strings.ToUpper(nat), "UNITED STATES")
	if !us {
		return
	}
	values := []string{num}
	for _, p := range d.Pages {
		if printed, ok := captionedDocNumber(p.Lines(), 0); ok && printed != normaliseID(num) {
			values = append(values, printed)
		}
	}
	for _, v := range values {
		if v != "" && judgePassportNumber(d, s, v) {
			return
		}
	}
}

// judgePassportNumber flags a U.S. passport number in another form than
// the Department of State's, and reports whether it did.
func judgePassportNumber(d *doc, s *signals, num string) bool {
	n := normaliseID(num)
	ocr := d.readByOCR()
	if usPassportNumber.MatchString(n) || ocr && len(n) > 1 && usPassportNumber.MatchString(n[:1]+idnumber.ZoneDigits(n[1:])) || !d.idJudged(num) {
		return false
	}
	off := lengthOff(len(n), 9, 9)
	if len(n) > 1 && strings.Trim(n[1:], "0123456789") != "" {
		off = max(off, 2)
	}
	s.addf(CodeIDFormat, d.idWeight(num, off), &SignalEvidence{Field: "passport_number", Value: num, Expected: "9 digits, or a letter and 8 digits"},
		"passport number %s is not in the form the U.S. Department of State uses (9 digits, or a letter and 8 digits)", num)
	return true
}

var (
	ssnPattern = regexp.MustCompile(`\b(\d{3})[- ](\d{2})[- ](\d{4})\b`)
	npiPattern = regexp.MustCompile(`\bNPI\b[^0-9]{0,20}(\d{10})\b`)
)

// checkSSN judges the Social Security number a Social Security card
// prints in full, and the last four digits it masks the rest of.
func checkSSN(d *doc, s *signals) {
	if d.DocumentType != "social_security_card" {
		return
	}
	ocr := d.readByOCR()
	if l4, _ := d.Fields["ssn_last4"].(string); normaliseID(l4) == "0000" && d.idJudged(l4) {
		s.addf(CodeIDFormat, idFormatWeight(ocr), &SignalEvidence{Field: "ssn_last4", Value: l4, Expected: "a serial other than 0000"},
			"the Social Security number ends in 0000, a serial the SSA never assigns")
		return
	}
	for i, p := range d.Pages {
		for _, l := range p.Lines() {
			text := lineText(l, ocr)
			for _, m := range ssnPattern.FindAllStringSubmatch(text, -1) {
				if why := idnumber.SSNNeverAssigned(m[1], m[2], m[3]); why != "" && d.idJudged(m[0]) {
					s.addf(CodeIDFormat, idFormatWeight(ocr), &SignalEvidence{Page: d.first + i, Field: "ssn", Value: m[0], Expected: "a number the SSA assigns"},
						"the Social Security number %s was never assigned: %s", m[0], why)
					return
				}
			}
		}
	}
}

// checkNPI judges the National Provider Identifiers a document prints
// after their label: 10 digits starting 1 or 2 whose last is a Luhn check
// digit over the prefix 80840 and the first nine (CMS).
func checkNPI(d *doc, s *signals) {
	ocr := d.readByOCR()
	for i, p := range d.Pages {
		for _, l := range p.Lines() {
			for _, m := range npiPattern.FindAllStringSubmatch(strings.ToUpper(lineText(l, ocr)), -1) {
				npi := m[1]
				if why := idnumber.NPIProblem(npi); why != "" && d.idJudged(npi) {
					s.addf(CodeIDFormat, idFormatWeight(ocr), &SignalEvidence{Page: d.first + i, Field: "npi", Value: npi, Expected: "a National Provider Identifier with a valid check digit"},
						"the NPI %s is not one CMS issues: %s", npi, why)
					return
				}
			}
		}
	}
}

// lineText joins a line's words with spaces, look-alike letters read as
// digits inside words of digits when the page was read by OCR.
func lineText(l []pagetext.Word, ocr bool) string {
	parts := make([]string, 0, len(l))
	for _, w := range l {
		t := w.Text
		if ocr && strings.ContainsAny(t, "0123456789") {
			t = idnumber.ZoneDigits(strings.ToUpper(t))
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, " ")
}

// ecardLabel is the caption cards print before (or over) an AHA eCard's
// code.
var ecardLabel = regexp.MustCompile(`(?i)\be-?card\s*(?:code|number|no\b\.?|#)\s*[:#.]?`)

// labelledECardCode is the code a page prints after an eCard code's
// caption on its line, or under the caption: the words that follow it
// holding digits (a code grouped by spaces is several words), up to the
// first that holds none or reads as a date. It is found only where every
// caption on the document prints the same code.
func labelledECardCode(pages []pagetext.Page) (string, bool) {
	found := ""
	for _, p := range pages {
		for _, l := range p.Lines() {
			text, _ := lineWithConfidence(l)
			for _, m := range ecardLabel.FindAllStringIndex(text, -1) {
				code := codeWords(strings.Fields(text[m[1]:]))
				if code == "" {
					under, _ := valueUnder(p, l, wordAt(l, m[0]))
					code = codeWords(strings.Fields(under))
				}
				if code == "" {
					continue
				}
				if found != "" && normaliseID(found) != normaliseID(code) {
					return "", false
				}
				found = code
			}
		}
	}
	return found, found != ""
}

// codeWords joins the leading words that hold digits (a '#' or ':' of
// their own before them left out), stopping at a word without digits or
// one that reads as a date.
func codeWords(words []string) string {
	var code []string
	for _, w := range words {
		if len(code) == 0 && strings.Trim(w, "#:.-") == "" {
			continue
		}
		if !strings.ContainsAny(w, "0123456789") {
			break
		}
		if _, ok := extract.ParseDate(w, false); ok {
			break
		}
		code = append(code, w)
	}
	return strings.Join(code, " ")
}

// licenseKinds are the kinds of nurse a license number's type code
// names: a registered nurse, or a practical (vocational) one.
var licenseKinds = map[string]string{"RN": "RN", "PN": "PN", "LPN": "PN", "LP": "PN", "VN": "PN", "LVN": "PN"}

// leadingTypeCode is the letters a license number opens with.
var leadingTypeCode = regexp.MustCompile(`^([A-Z]{2,3})\d`)

// checkLicenseType: a license number whose type code names another kind
// of nurse than the license (a registered nurse's license numbered PN,
// a practical nurse's numbered RN) is not a number its board gave that
// license. A page that prints both kinds (a verification listing every
// license the nurse held, an LPN before she was an RN) is not judged:
// the reading may have taken the type of one license and the number of
// another.
func checkLicenseType(d *doc, s *signals) {
	if d.DocumentType != "nursing_license" || s.has(CodeIDFormat) {
		return
	}
	num, _ := d.Fields["license_number"].(string)
	ltype, _ := d.Fields["license_type"].(string)
	m := leadingTypeCode.FindStringSubmatch(normaliseID(num))
	if m == nil {
		return
	}
	kind, ok := licenseKinds[strings.ToUpper(strings.TrimSpace(ltype))]
	numKind, okN := licenseKinds[m[1]]
	if !ok || !okN || kind == numKind || !d.idJudged(num) {
		return
	}
	// Every word naming the other kind, the number's own type code aside.
	other := map[string][]string{
		"RN": {"registered", "rn"},
		"PN": {"practical", "vocational", "lpn", "lvn", "pn", "vn"},
	}[numKind]
	if d.mentionsWord(other...) {
		return
	}
	own := map[string][]string{
		"RN": {"registered", "rn"},
		"PN": {"practical", "vocational", "lpn", "lvn"},
	}[kind]
	if d.readByOCR() && !d.printsWordSurely(own...) {
		// Read by OCR, judged only where the page prints the license's
		// own kind, read surely: a type the reading took from a word read
		// unsurely is no evidence against the number.
		return
	}
	s.addf(CodeIDFormat, idFormatWeight(d.readByOCR()), &SignalEvidence{Field: "license_number", Value: num, Expected: "a number of a " + ltype + " license"},
		"license number %s is numbered as a %s license, but the license is a %s license", num, m[1], ltype)
}

// stateIDWeight is idWeight for a number judged against a state's own
// numbering: read by OCR, it flags alone only where the page names the
// state (its issuer known from the page, not from an address the reading
// took the state from).
func (d *doc) stateIDWeight(value string, offBy int, state string) float64 {
	w := d.idWeight(value, offBy)
	if d.readByOCR() && w > idFormatWeight(true) && !d.namesState(state) {
		return idFormatWeight(true)
	}
	return w
}

// stateNames are the names of the states whose numbering is judged.
var stateNames = map[string]string{
	"AZ": "arizona", "CA": "california", "FL": "florida", "GA": "georgia", "IL": "illinois", "MI": "michigan",
	"NJ": "new jersey", "NY": "new york", "PA": "pennsylvania", "TX": "texas", "WA": "washington",
}

// namesState: a page of the document prints the state's name.
func (d *doc) namesState(state string) bool {
	name, ok := stateNames[strings.ToUpper(strings.TrimSpace(state))]
	if !ok {
		return false
	}
	for _, p := range d.Pages {
		for _, l := range p.Lines() {
			text, _ := lineWithConfidence(l)
			if strings.Contains(strings.ToLower(text), name) {
				return true
			}
		}
	}
	return false
}

// printsWordSurely: a page of the document prints one of words as a word
// of its own (any case), read by OCR at idSureConf or more or in a text
// layer.
func (d *doc) printsWordSurely(words ...string) bool {
	for _, p := range d.Pages {
		for _, w := range p.Words {
			sure := wordSure(w)
			t := strings.ToLower(strings.Trim(w.Text, ".,:;()[]#*-/"))
			for _, x := range words {
				if sure && t == x {
					return true
				}
			}
		}
	}
	return false
}

// printedLookAlike is the number a text layer prints where a reading
// holds n: a word (or two adjacent words) of the same length whose every
// character is n's or its look-alike (a 6 for a G), found where n itself
// is printed nowhere.
func (d *doc) printedLookAlike(n string) (string, bool) {
	if n == "" || d.printedSurely(n, false) {
		return "", false
	}
	for _, p := range d.Pages {
		for _, l := range p.Lines() {
			for i := range l {
				t := ""
				for k := i; k < len(l) && k < i+2; k++ {
					t += normaliseID(l[k].Text)
					if len(t) == len(n) && t != n && idnumber.LookAlikeDistance(t, n) == 0 {
						return t, true
					}
				}
			}
		}
	}
	return "", false
}
