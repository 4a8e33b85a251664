package classify

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/agnivade/levenshtein"

	"github.com/clearedtostart/compliance/idnumber"
)

// Shapes are evidence no list of words in the catalog can state: a
// passport's machine-readable zone whose check digits pass, a license's
// AAMVA data elements, a Social Security number printed masked. On a
// scan whose words OCR damaged they are often all that is left of an
// identity document, and they are specific enough to count like a
// title: arithmetic that passes, or a code set no other document prints.
//
// A shape adds to the type's catalog score, and a negative phrase of the
// type still vetoes it.
type shape struct {
	typ    string
	weight float64
	found  func(raw string) bool
}

var shapes = []shape{
	{typ: "passport", weight: titleTopWeight, found: hasPassportZone},
	{typ: "drivers_license", weight: 2 * titleTopWeight, found: hasIDCardZone},
	{typ: "drivers_license", weight: titleTopWeight, found: hasAAMVAElements},
	{typ: "drivers_license", weight: minScore, found: notOtherLicense(hasCardHolderBlock)},
	{typ: "drivers_license", weight: minScore, found: notOtherLicense(hasCardDataBlock)},
	{typ: "drivers_license", weight: minScore, found: notOtherLicense(hasStateCardHeader)},
	{typ: "drivers_license", weight: titleWeight, found: notOtherLicense(hasCardCaptions)},
	{typ: "bls", weight: titleWeight, found: headedBy("BLS")},
	{typ: "acls", weight: titleWeight, found: headedBy("ACLS")},
	{typ: "pals", weight: titleWeight, found: headedBy("PALS")},
	{typ: "nrp", weight: titleWeight, found: headedBy("NRP")},
	{typ: "tncc", weight: titleWeight, found: headedBy("TNCC")},
	{typ: "social_security_card", weight: keywordWeight * 1.5, found: noTaxForm(maskedSSN.MatchString)},
	{typ: "social_security_card", weight: keywordWeight * 2, found: noTaxForm(hasSSNOverName)},
	{typ: "social_security_card", weight: titleTopWeight * fuzzyQuality, found: hasNoisySSAHeading},
	{typ: "nursing_license", weight: titleWeight, found: hasNurseCard},
	{typ: "nursing_license", weight: keywordWeight, found: hasNurseLicenseNumber},
}

// required holds, per type, evidence without which a page is not of the
// type however its words score: a nursing license's generic words
// (board, license no, active, license status, license verification) are
// every licensing board's, and a pharmacist's or a social worker's card
// is no nurse's.
// A driver's license's keywords (EXP, ISS, VETERAN, DONOR) and a Social
// Security card's (social security, signature, a number) are any card's
// or form's, but their titles and shapes are their own.
var required = map[string]requirement{
	"nursing_license":      {found: namesNursing, always: true},
	"social_security_card": {found: hasSSALine},
	"drivers_license":      {found: namesLicenseOrState},
}

// requirement is evidence a type requires; always: of every page, not
// only of a page that matched none of the type's titles and shapes.
type requirement struct {
	found  func(raw string) bool
	always bool
}

// cardDescriptor is what OCR leaves of a license's or state ID's
// captions describing its holder or its licence (CLASS, SEX, HGT, EYES,
// HAIR, WGT, RSTR, END, DD, DL, DLN), often run into their values
// ("CLASSC SEXF HAIRBRN").
var cardDescriptor = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:class|sex|hgt|eyes|hair|wgt|rstr|restr|dln|dl|dd|end)(?:[^a-z]|$|[a-z]{1,3}\b)`)

// namesLicenseOrState finds what every license or state ID prints in
// some form: its state's name, a license's or an ID's word (driver,
// license, identification, permit), one of its descriptors, or a
// machine-readable zone or AAMVA data. A veteran's or a club's card
// printing EXP, ISS and VETERAN or DONOR prints none of them.
func namesLicenseOrState(raw string) bool {
	if cardDescriptor.MatchString(raw) || hasIDCardZone(raw) || hasAAMVAElements(raw) {
		return true
	}
	words := strings.FieldsFunc(strings.ToLower(raw), func(r rune) bool { return !unicode.IsLetter(r) })
	for i, w := range words {
		if usStates[w] || i+1 < len(words) && usStatePairs[w+"_"+words[i+1]] || len(w) >= 6 && nearState(w) {
			return true
		}
	}
	for _, w := range Tokens(raw) {
		for _, h := range []string{"drlver", "drlvers", "llcense", "llcence", "ldentlflcatlon", "permlt"} {
			if nearWord(h, w) {
				return true
			}
		}
	}
	return false
}

// hasSSALine finds a line only a Social Security card prints so: its
// heading alone, its number alone (masked or not), or its sentence
// ("THIS NUMBER HAS BEEN ESTABLISHED FOR", however damaged, by its
// ESTABLISHED). A payroll form prints the same words and number as a
// captioned field ("Social security number 123-45-6789"), beside a
// signature: no card.
func hasSSALine(raw string) bool {
	if ssaHeadingLine.MatchString(raw) || hasNoisySSAHeading(raw) {
		return true
	}
	for _, l := range strings.Split(raw, "\n") {
		if ssnAlone.MatchString(l) || maskedSSN.MatchString(l) {
			return true
		}
	}
	for _, w := range Tokens(raw) {
		if nearWord("establlshed", w) {
			return true
		}
	}
	return false
}

// nurseWord is what every nursing license prints in some form: nurse,
// nursing, Nursys, or a nurse's type code (RN, LPN, LVN, APRN; OCR reads
// RN as Rin), or a number coded so.
var nurseWord = regexp.MustCompile(`(?i)nurs|(?:^|[^a-z])(?:r[il1]?n|lpn|lvn|aprn)(?:[^a-z]|$)|quickconfirm`)

func namesNursing(raw string) bool { return nurseWord.MatchString(raw) || nurseNumber.MatchString(raw) }

// nurseProfessions are the professions a nursing board's card names, as
// Tokens spells them.
var nurseProfessions = [][]string{Tokens("registered nurse"), Tokens("practical nurse"), Tokens("vocational nurse"),
	Tokens("nurse practitioner"), Tokens("professional nurse")}

// nurseNumber is a license's number carrying a nurse's type code (RN,
// LPN, LVN, APRN, PN; OCR reads RN as Rin): "RN 9587412", "RN.471920",
// "RN2298871". Only a nursing board numbers a license so.
var nurseNumber = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:r[il1]?n|lpn|lvn|aprn|pn)\s?[.#:-]?\s?\d{5,}`)

// nurseNumberLine is such a number alone on its line, perhaps after a
// caption of a word or two ("Credential:", "License No."): a board's
// card printing it without the word license.
var nurseNumberLine = regexp.MustCompile(`(?i)^\s*(?:[a-z]{2,12}[.:#]?\s*){0,2}(?:r[il1]?n|lpn|lvn|aprn|pn)\s?[.#:-]?\s?\d{5,}\s*$`)

// licenseDigits is a license's number: five digits or more, perhaps after
// the profession's letters.
var licenseDigits = regexp.MustCompile(`\d{5,}`)

// hasNurseCard finds a nursing board's wallet card whose board OCR lost
// (a banner printed white on a dark band reads as nothing) or names in
// words of its own ("Board of Registration in Nursing", "Education
// Department"): the nurse's profession on a line (or a nurse's type
// code in the license's number), and a license's caption with its
// number (or the number coded so on a line of its own), on a page of a card's few lines without a resume's e-mail
// address or telephone number. It counts like a title lower down: the
// card's own keywords (registered nurse, license number) must stand
// beside it.
func hasNurseCard(raw string) bool {
	lines, ok := cardLines(raw)
	if !ok {
		return false
	}
	profession, number := false, false
	for i, l := range lines {
		number = number || nurseNumberLine.MatchString(l)
		toks := Tokens(l)
		for _, pr := range nurseProfessions {
			profession = profession || tokensNear(pr, toks)
		}
		for _, w := range toks {
			if nearWord("llcense", w) || nearWord("llcence", w) {
				next := ""
				if i+1 < len(lines) {
					next = lines[i+1]
				}
				number = number || licenseDigits.MatchString(l) || licenseDigits.MatchString(next)
				profession = profession || nurseNumber.MatchString(l) || nurseNumber.MatchString(next)
			}
		}
	}
	return profession && number
}

// cardLines are a page's non-empty lines when it is a card's few lines
// (fourteen at most) without a resume's or a letter's e-mail address or
// telephone number.
func cardLines(raw string) ([]string, bool) {
	var lines []string
	for _, l := range strings.Split(raw, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > 14 || strings.Contains(raw, "@") || phoneNumber.MatchString(raw) {
		return nil, false
	}
	return lines, true
}

// hasNurseLicenseNumber finds a license's caption over or beside a
// number carrying a nurse's type code, or that number alone on its line,
// on a card's few lines: a nursing
// board's card whose profession OCR lost ("Registered Name"). It counts
// like a keyword, beside hasNurseCard.
func hasNurseLicenseNumber(raw string) bool {
	lines, ok := cardLines(raw)
	if !ok {
		return false
	}
	for i, l := range lines {
		if nurseNumberLine.MatchString(l) {
			return true
		}
		for _, w := range Tokens(l) {
			if !nearWord("llcense", w) && !nearWord("llcence", w) {
				continue
			}
			if nurseNumber.MatchString(l) || i+1 < len(lines) && nurseNumber.MatchString(lines[i+1]) {
				return true
			}
		}
	}
	return false
}

// tokensNear reports that a line's words hold a profession's, each
// exactly or with a wrong letter, alone or among a few words (a card
// prints "LICENSE TO PRACTICE AS A REGISTERED NURSE", "Registered Nurse
// License").
func tokensNear(want, toks []string) bool {
	if len(toks) < len(want) || len(toks) > len(want)+5 {
		return false
	}
	for at := 0; at+len(want) <= len(toks); at++ {
		all := true
		for i, w := range want {
			all = all && nearWord(w, toks[at+i])
		}
		if all {
			return true
		}
	}
	return false
}

// taxFormWords are words of the papers that print a Social Security
// number alone on its line over the holder's name as the card does: a
// W-2 (wages, tax, the employee and employer), an SSA-1099 benefit
// statement, a payroll form. The card prints none of them.
var taxFormWords = wordSet(`wage wages tax statement employee employer payroll benefit benefits beneficiary`)

// noTaxForm is a shape that does not count on a page holding one of
// those words.
func noTaxForm(found func(string) bool) func(string) bool {
	return func(raw string) bool {
		for _, w := range strings.FieldsFunc(strings.ToLower(raw), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if taxFormWords[w] {
				return false
			}
		}
		return found(raw)
	}
}

// ssaHeadingLine is the catalog's title of a Social Security card as a
// clean scan reads it: the two words alone on their line.
var ssaHeadingLine = regexp.MustCompile(`(?im)^\s*social\s+security\s*$`)

// hasNoisySSAHeading finds a Social Security card's heading, the two words
// alone on one of the page's first four lines, where OCR left marks beside
// it or misread a letter ("Soc1al Secur1ty", "SOCIAL SECURTY ~"), which
// the catalog's title, a regular expression on the raw line, misses. A
// clean heading is the catalog's to count, not counted twice.
func hasNoisySSAHeading(raw string) bool {
	if ssaHeadingLine.MatchString(raw) {
		return false
	}
	n := 0
	for _, l := range strings.Split(raw, "\n") {
		var ws []string
		for _, w := range lineTokens(l) {
			// Marks OCR made of a card's pattern are no words.
			if len(w) > 2 {
				ws = append(ws, w)
			}
		}
		if len(ws) == 0 {
			continue
		}
		if len(ws) == 2 && nearWord("soclal", ws[0]) && nearWord("securlty", ws[1]) {
			return true
		}
		if n++; n == 4 {
			break
		}
	}
	return false
}

// nearWord reports that a page's word is a hint's word, exactly or with a
// wrong letter (see oneOff).
func nearWord(hint, w string) bool { return hint == w || oneOff(hint, w) }

// zoneText is a line as a machine-readable zone is read: without spaces
// and marks, lower-case letters (fillers misread: c, e, s) as fillers.
func zoneText(line string) string {
	var b strings.Builder
	for _, r := range line {
		switch {
		case r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '<':
			b.WriteRune(r)
		case r == 'o':
			b.WriteRune('O')
		case r >= 'a' && r <= 'z' || r == '«' || r == '¢':
			b.WriteRune('<')
		}
	}
	return b.String()
}

// hasZoneDates finds a machine-readable zone's data block on a line of
// fillers: birth date, check digit, sex, expiry, check digit, both dates
// real and a check passing (OCR misreads a digit now and then; a line of
// fillers shaped so is a zone's whether one check passes or two).
func hasZoneDates(raw string) bool {
	for _, line := range strings.Split(raw, "\n") {
		t := zoneText(line)
		if len(t) < 15 || strings.Count(line, "<") < 2 {
			continue
		}
		for j := 0; j+15 <= len(t); j++ {
			if zoneDatesAt(t, j) {
				return true
			}
		}
	}
	return false
}

// hasPassportZone is a zone (hasZoneDates) that is no identity card's:
// an identity card prints the same zone, three lines of 30, and is typed
// by its document code (hasIDCardZone).
func hasPassportZone(raw string) bool { return hasZoneDates(raw) && !hasIDCardZone(raw) }

// td1CardRest is a TD1 zone's first line after its document code: a
// second letter or filler, the issuing state's three letters (OCR may
// read an O as 0: UT0) and nine characters of the card's number, fillers
// after them.
var td1CardRest = regexp.MustCompile(`^[A-Z<][A-Z0-9<]{3}[A-Z0-9<]{9}`)

// hasIDCardZone finds an identity card's TD1 zone: a first line opening
// with an identity card's document code, I (OCR may read it 1, l or |)
// or A, over a data line whose block of dates opens it (birth date,
// check, sex, expiry, check, one check passing, as hasZoneDates judges
// them). A passport book's zone opens with P and a passport card's with
// C: neither is an identity card. A license or state ID is the catalog's
// identity card; the zone's code says what its document is where a
// photographed card's captions (Surname, Given names, Nationality) are a
// passport's too, or OCR lost every printed word.
func hasIDCardZone(raw string) bool {
	var lines []string
	for _, l := range strings.Split(raw, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	for i := 1; i < len(lines); i++ {
		if !td1DataLine(zoneText(lines[i])) {
			continue
		}
		for k := i - 1; k >= max(0, i-2); k-- {
			if idCardFirstLine(strings.Join(strings.Fields(lines[k]), "")) {
				return true
			}
		}
	}
	return false
}

// idCardFirstLine reports that a zone line (its spaces dropped) is an
// identity card's first: its code within its first two characters.
func idCardFirstLine(l string) bool {
	for at := 0; at < 2 && at < len(l); at++ {
		if !strings.ContainsRune("I1l|A", rune(l[at])) {
			continue
		}
		rest := zoneText(l[at+1:])
		if strings.Count(rest, "<") >= 3 && td1CardRest.MatchString(rest) {
			return true
		}
	}
	return false
}

// td1DataLine reports that a zone line opens, within its first two
// characters, with a TD1 data line's block of dates (see hasZoneDates).
func td1DataLine(t string) bool {
	for j := 0; j <= 2 && j+15 <= len(t); j++ {
		if zoneDatesAt(t, j) {
			return true
		}
	}
	return false
}

// zoneDatesAt reports that zone text t holds, from index j, a birth date,
// its check digit, a sex and an expiry whose dates are real and one of
// whose check digits passes.
func zoneDatesAt(t string, j int) bool {
	s := idnumber.ZoneDigits(t[j : j+15])
	if !strings.ContainsRune("MFX<", rune(s[7])) || !digitsOnly(s[:7]) || !digitsOnly(s[8:]) {
		return false
	}
	_, dobReal := idnumber.ReadZoneDate(s[0:6])
	_, expReal := idnumber.ReadZoneDate(s[8:14])
	return dobReal && expReal && (idnumber.MRZCheckDigit(s[0:6]) == s[6:7] || idnumber.MRZCheckDigit(s[8:14]) == s[14:15])
}

func digitsOnly(s string) bool { return strings.Trim(s, "0123456789") == "" }

// aamvaElement is an AAMVA data element as a license's decoded barcode
// prints it: its three-letter code at a line's start or after another
// element, then the value.
var aamvaElement = regexp.MustCompile(`(?m)(?:^|\s)(D(?:A[ABCDGIJKQ]|B[ABCD]|C[AFGST]|AU|AY))\s*[:=]?\s*[A-Z0-9]`)

// hasAAMVAElements finds four different AAMVA element codes: one alone
// is a word ("DAC"), four are a license's data.
func hasAAMVAElements(raw string) bool {
	seen := map[string]bool{}
	for _, m := range aamvaElement.FindAllStringSubmatch(raw, -1) {
		seen[m[1]] = true
	}
	return len(seen) >= 4
}

// maskedSSN is a Social Security number with its first five digits
// masked, alone on its line as a card prints it (XXX-XX-1234,
// ***-**-1234; OCR reads the hyphen as ~ or a dash). A form prints its
// label beside it ("SSN: XXX-XX-1234"), which is no card.
var maskedSSN = regexp.MustCompile(`(?m)^\s*[X*#]{3}\s?[-~—–]\s?[X*#]{2}\s?[-~—–]\s?\d{4}\s*$`)

// A license's or state ID's holder block: the family name on a line of
// its own in capitals, the given names under it, then the street or the
// city, state and ZIP code. OCR keeps it where it loses the card's title
// and captions at 110-130 dpi (it is printed larger and darker), and no
// other document stacks a name so over an address: a resume prints the
// name on one line, a passport and a Social Security card no address.
var (
	// cardNameLine is one to three words in capitals after a field
	// number or the mark OCR made of it ("1", "»", ":").
	cardNameLine = regexp.MustCompile(`^\s*(?:[12]\s+|[^\sA-Za-z0-9]{1,2}\s*)?([A-Z][A-Z'-]+(?: [A-Z][A-Z'-]*){0,2})\s*$`)
	// cardStreet is a street line after its field number 8 or its mark:
	// a house number and a word in capitals.
	cardStreet = regexp.MustCompile(`^\s*(?:8\s*|[^\sA-Za-z0-9]{1,2}\s*)?\d{2,5}\s+[A-Z]{2,}`)
	// cardCity is a city, a state's two letters and a ZIP code of which
	// OCR kept three digits or more.
	cardCity = regexp.MustCompile(`[A-Z][A-Za-z .()'-]*[,.]\s*[A-Z]{2}\s+([0-9A-Za-z]{5})\b`)
	// cardCityBare is the same line as many cards print it, without the
	// comma ("SACRAMENTO CA 95823"): then all of it in capitals, alone
	// on its line, so that no phrase of a sentence passes for it.
	cardCityBare = regexp.MustCompile(`^\s*([A-Z][A-Z .'-]*\s[A-Z]{2}\s+([0-9]{5})(?:-[0-9]{4})?)\s*$`)
)

// cityLine reports that a line is a city, a state's two letters and a
// ZIP code of which OCR kept three digits or more.
func cityLine(l string) bool {
	if m := cardCity.FindStringSubmatch(l); m != nil && len(strings.Map(keepDigit, m[1])) >= 3 {
		return true
	}
	return cardCityBare.MatchString(l)
}

// cardNameStop are words of a page's headings a line of capitals may
// hold: never a holder's name.
var cardNameStop = map[string]bool{"REGISTERED": true, "NURSE": true, "LICENSE": true, "DRIVER": true, "CARD": true,
	"IDENTIFICATION": true, "USA": true, "RESUME": true, "CERTIFICATE": true, "REPORT": true, "SOCIAL": true,
	"SECURITY": true, "PASSPORT": true, "CLASS": true, "STATE": true, "DEPARTMENT": true, "OF": true, "THE": true,
	"AND": true, "NONE": true, "SEX": true, "DOB": true, "EXP": true, "ISS": true, "RSTR": true, "END": true,
	"ATTN": true, "HUMAN": true, "RESOURCES": true, "DEPT": true, "HOSPITAL": true, "MEDICAL": true, "CENTER": true,
	"HEALTH": true, "CLINIC": true, "STAFFING": true, "INC": true, "LLC": true, "UNIVERSITY": true, "COLLEGE": true,
	"SCHOOL": true, "BOARD": true, "NURSING": true, "LABORATORY": true, "SERVICES": true, "GROUP": true, "OFFICE": true,
	"AGENCY": true, "TO": true, "FROM": true, "RE": true, "PATIENT": true, "EMPLOYEE": true, "NAME": true}

func cardName(line string) bool {
	m := cardNameLine.FindStringSubmatch(line)
	if m == nil {
		return false
	}
	for _, w := range strings.Fields(m[1]) {
		if cardNameStop[w] {
			return false
		}
	}
	return true
}

// hasCardHolderBlock finds the holder block among a page's first lines.
func hasCardHolderBlock(raw string) bool {
	if pageNamesOtherPaper(raw) {
		return false
	}
	var lines []string
	for _, l := range strings.Split(raw, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
		if len(lines) == 12 {
			break
		}
	}
	for i := 0; i+2 < len(lines); i++ {
		if !cardName(lines[i]) || !cardName(lines[i+1]) {
			continue
		}
		for _, l := range lines[i+2 : min(len(lines), i+4)] {
			if cardStreet.MatchString(l) {
				return true
			}
			if m := cardCity.FindStringSubmatch(l); m != nil && len(strings.Map(keepDigit, m[1])) >= 3 {
				return true
			}
		}
	}
	return false
}

func keepDigit(r rune) rune {
	if r >= '0' && r <= '9' {
		return r
	}
	return -1
}

// ssnAlone is a Social Security number in full alone on its line, its
// hyphens perhaps read as spaces, tildes or dashes (a card's number; a
// form prints a label beside it).
var ssnAlone = regexp.MustCompile(`^\s*\d{3}\s?[-~—–\s]\s?\d{2}\s?[-~—–\s]\s?\d{4}\s*$`)

// hasSSNOverName finds a Social Security card's number alone on its line
// with the holder's name, a line of capitals, within the three lines
// under it (the card's "established for" line between them, however OCR
// read it).
func hasSSNOverName(raw string) bool {
	var lines []string
	for _, l := range strings.Split(raw, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	for i, l := range lines {
		if !ssnAlone.MatchString(l) {
			continue
		}
		for _, n := range lines[i+1 : min(len(lines), i+4)] {
			if m := cardNameLine.FindStringSubmatch(n); m != nil && len(strings.Fields(m[1])) >= 2 && cardName(n) {
				return true
			}
		}
	}
	return false
}

// A license's or state ID's data where OCR lost its title and captions
// but kept its larger print: the holder's name on one line (FIRST
// MIDDLE LAST, or LAST, FIRST M) over the street and the city, state
// and ZIP code, with two of a card's marks about it: its number before
// the name, and dates after what OCR left of DOB, EXP or ISS (D0B, xP,
// 1SS). A letter's or a report's address block has a name over an
// address too, but not a card's number over it and its captioned dates.
var (
	// cardHolderLine is a holder's name on one line: two to four words in
	// capitals, a comma after the family name perhaps, after a field
	// number or a mark.
	cardHolderLine = regexp.MustCompile(`^\s*(?:[12]\s+|[^\sA-Za-z0-9]{1,2}\s*)?([A-Z][A-Z'-]+,?(?: [A-Z][A-Z'-]*\.?){1,3})\s*$`)
	// cardNumberLine is a line holding an identity card's number: six
	// digits or more (a letter or two among them, groups apart), perhaps
	// after a short caption or the mark OCR made of one ("� 14820917").
	// no telephone number.
	cardNumberLine = regexp.MustCompile(`^\s*(?:[A-Za-z#:.]{1,5}\s*|[^\sA-Za-z0-9]{1,2}\s+)?([A-Z0-9][A-Z0-9 -]{5,18})\s*$`)
	phoneNumber    = regexp.MustCompile(`\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}`)
	// cardNumberWords are the words a card's number line may print
	// beside it; a longer word there is another paper's caption
	// ("CUSTOMER ID", "ACCESSION NO", "MEMBER ID").
	cardNumberWords = wordSet(`number license licence ident`)
	// otherNumberCaptions are short captions of other papers' numbers: a
	// vehicle's, a patient's, an account's, a voter's.
	otherNumberCaptions = wordSet(`vin mrn acct pid vuid grp`)
	// cardDateCaption is a date after what OCR left of a card's DOB,
	// EXP or ISS caption.
	cardDateCaption = map[string]*regexp.Regexp{
		"dob": regexp.MustCompile(`(?i)(?:^|[^a-z])d?[o0]b\s*[:.]?\s*\d{1,2}[/-]\d{1,2}[/-]\d{2,4}`),
		"exp": regexp.MustCompile(`(?i)(?:^|[^a-z])e?xp\s*[:.]?\s*\d{1,2}[/-]\d{1,2}[/-]\d{2,4}`),
		"iss": regexp.MustCompile(`(?i)(?:^|[^a-z])[il1|]?ss\s*[:.]?\s*\d{1,2}[/-]\d{1,2}[/-]\d{2,4}`),
	}
	// speltDateCaption is a date after what OCR left of a card's caption
	// spelt out ("EXPIRES" read "expiees", "ISSUED" read "issuem"):
	// words a letter or a notice prints too, so they count only beside
	// a card's number.
	speltDateCaption = map[string]*regexp.Regexp{
		"exp": regexp.MustCompile(`(?i)(?:^|[^a-z])e?xp[a-z]{1,7}\s*[:.]?\s*\d{1,2}[/-]\d{1,2}[/-]\d{2,4}`),
		"iss": regexp.MustCompile(`(?i)(?:^|[^a-z])[il1|]?ss[a-z]{1,4}\s*[:.]?\s*\d{1,2}[/-]\d{1,2}[/-]\d{2,4}`),
	}
)

// cardNumber reports that a line holds an identity card's number
// (cardNumberLine) with six digits or more, no telephone number, and no
// caption of another paper's number beside it.
func cardNumber(l string) bool {
	m := cardNumberLine.FindStringSubmatch(l)
	if m == nil || len(strings.Map(keepDigit, m[1])) < 6 || phoneNumber.MatchString(l) || cardCaption.MatchString(l) {
		return false
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(l), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if otherNumberCaptions[w] || len(w) >= 5 && !cardNumberWords[w] {
			return false
		}
	}
	return true
}

// hasCardDataBlock finds a holder's name line over a street line and a
// city line among a page's first lines, and two of a card's marks.
func hasCardDataBlock(raw string) bool {
	if pageNamesOtherPaper(raw) {
		return false
	}
	var lines []string
	for _, l := range strings.Split(raw, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	block := -1
	for i := 0; i+2 < len(lines) && i < 10; i++ {
		m := cardHolderLine.FindStringSubmatch(lines[i])
		if m == nil || !cardStreet.MatchString(lines[i+1]) {
			continue
		}
		stop := false
		for _, w := range strings.Fields(strings.ReplaceAll(m[1], ",", "")) {
			stop = stop || cardNameStop[strings.TrimSuffix(w, ".")]
		}
		if !stop && cityLine(lines[i+2]) {
			block = i
			break
		}
	}
	if block < 0 {
		return false
	}
	marks, number := 0, false
	for _, l := range lines[:block] {
		if cardNumber(l) {
			marks++
			number = true
			break
		}
	}
	// A card prints its dates under the holder's address or over the
	// name, beside its number.
	rest := strings.Join(append(append([]string{}, lines[:block]...), lines[block+3:]...), "\n")
	for key, re := range cardDateCaption {
		if re.MatchString(rest) || number && speltDateCaption[key] != nil && speltDateCaption[key].MatchString(rest) {
			marks++
		}
	}
	return marks >= 2
}

// headedBy finds a program's acronym in capitals opening one of a page's
// first three lines ("ACLS Provider", "ACLS C C leti" where OCR damaged
// the rest of a card's title): large print a poor scan keeps. It counts
// like a title lower down, needing a keyword beside it; a fax cover's
// "RE: BLS card" or a resume's list does not open a line so.
func headedBy(acronym string) func(raw string) bool {
	return func(raw string) bool {
		n := 0
		for _, l := range strings.Split(raw, "\n") {
			ws := strings.Fields(l)
			if len(ws) == 0 {
				continue
			}
			if strings.Trim(ws[0], ".:,-") == acronym {
				return true
			}
			if n++; n == 3 {
				break
			}
		}
		return false
	}
}

// A license's or state ID's header: the issuing state's name in large
// capitals on a line of its own among the card's first lines, with at
// most the card's own words beside it (USA, DRIVER LICENSE,
// IDENTIFICATION CARD; one word of other letters is let pass beside one
// of them, which OCR may have misread: "DRIVER Licknese", but not
// "COLUMBUS, OHIO"). At 110-130 dpi OCR keeps that line where it loses
// the rest of the title, but a board's or a lab's letterhead names its
// state too, so two of a card's marks must stand under it: the card's
// number alone on its line, and what OCR left of its DOB, EXP or ISS
// caption. A nursing board's card names its board or the nurse: no
// driver's license.
var (
	usStates = wordSet(`alabama alaska arizona arkansas california colorado connecticut delaware florida georgia
		hawaii idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota
		mississippi missouri montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah vermont
		virginia washington wisconsin wyoming`)
	usStatePairs = wordSet(`new_hampshire new_jersey new_mexico new_york north_carolina north_dakota rhode_island
		south_carolina south_dakota west_virginia district_columbia`)
	cardHeaderWords = wordSet(`usa us driver drivers license licence identification id card state of the commonwealth
		real instruction permit learner's learners operator's operators`)
	// cardCaption is what OCR leaves of a card's DOB, EXP or ISS caption:
	// a word of its own, perhaps with a colon or a field number.
	cardCaption = regexp.MustCompile(`(?i)(?:^|[\s:.])(?:\d[ab]?\s*)?(?:d[o0]b|exp|[il1|]ss)\b`)
	nursingWord = regexp.MustCompile(`(?i)nurs|board`)
	// stateWords are header words that name no card ("STATE OF").
	stateWords = wordSet(`state of the commonwealth`)
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// stateHeader reports that a line is a card's header: a state's name and
// at most a card's words beside it, one other word let pass.
func stateHeader(line string) bool {
	var ws []string
	for _, w := range strings.Fields(strings.ToLower(line)) {
		// Marks OCR made of the card's pattern are no words.
		if w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }); w != "" {
			ws = append(ws, w)
		}
	}
	state, other, card := false, 0, false
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if len(w) <= 2 && !cardHeaderWords[w] && !stateWords[w] {
			// One or two letters beside a state's name are what OCR
			// made of a card's seal or pattern ("California � er 7"),
			// no word of a letterhead.
			continue
		}
		if i+1 < len(ws) && usStatePairs[w+"_"+ws[i+1]] {
			state = true
			i++
			continue
		}
		switch {
		case usStates[w] || len(w) >= 6 && nearState(w):
			state = true
		case cardHeaderWords[w]:
			card = card || !stateWords[w]
		default:
			other++
		}
	}
	return state && (other == 0 || other == 1 && card) && len(ws) <= 6
}

// nearState reports that a word is a state's name with one letter wrong.
func nearState(w string) bool {
	for s := range usStates {
		if len(s) >= 6 && oneOff(s, w) {
			return true
		}
	}
	return false
}

// licenseTitle reads a line naming a license ("<WORD> LICENSE"): driver
// when the word is DRIVER or what OCR left of it, three letters or fewer
// off ("OFOVER LICENSE", "DNVER LICENCE"), other when it names another
// license (business, contractor, pharmacy: further from DRIVER than
// that). A nursing card names its profession (no driver's license: see
// hasStateCardHeader).
func licenseTitle(line string) (driver, other bool) {
	toks := Tokens(line)
	for i := 1; i < len(toks); i++ {
		if toks[i] != "llcense" && toks[i] != "llcence" {
			continue
		}
		w := toks[i-1]
		switch {
		case cardHeaderWords[w] || len(w) < 4:
		case len(w) <= 8 && (levenshtein.ComputeDistance(w, "drlver") <= 3 || levenshtein.ComputeDistance(w, "drlvers") <= 3):
			driver = true
		default:
			other = true
		}
	}
	return driver, other
}

// otherPapers are words of the titles and captions of a state's other
// papers, which print a number, a name, an address and dates as a card
// does: a vehicle's registration or title (its plate, its VIN), a birth
// or marriage certificate, a voter's card, a fishing or hunting license
// of the department of natural resources. A card prints none of them (a
// license's MOTOR VEHICLES is its issuer, not a vehicle's paper).
var otherPapers = wordSet(`registration vehicle certificate voter plate vin fishing hunting wildlife resources placard parking
	weapon firearm concealed`)

// namesOtherPaper reports that a line holds one of those words.
func namesOtherPaper(line string) bool {
	ws := strings.FieldsFunc(strings.ToLower(line), func(r rune) bool { return !unicode.IsLetter(r) })
	for i, w := range ws {
		if otherPapers[w] && (w != "vehicle" || i == 0 || ws[i-1] != "motor") {
			return true
		}
	}
	return false
}

// pageNamesOtherPaper reports that one of a page's lines names another
// paper (see otherPapers): its card's marks are that paper's.
func pageNamesOtherPaper(raw string) bool {
	for _, l := range strings.Split(raw, "\n") {
		if namesOtherPaper(l) {
			return true
		}
	}
	return false
}

// identificationTitle reports that a line is what OCR left of a state ID's
// title whose CARD it lost or printed apart ("IDENTIFICATION", "NON-DRIVER
// IDENTIFICATION", "IDE NT FICATION"): its letters, a few wrong.
func identificationTitle(line string) bool {
	compact := strings.Join(Tokens(line), "")
	compact = strings.TrimPrefix(compact, "nondrlver")
	for _, t := range []string{"ldentlflcatlon", "ldentlflcatloncard"} {
		if levenshtein.ComputeDistance(compact, t) <= 2 {
			return true
		}
	}
	return false
}

// numberedName is a line of an AAMVA card's holder block: its field
// number, 1 or 2, and a name in capitals.
var numberedName = regexp.MustCompile(`^\s*([12])\s+[A-Z][A-Z'-]+(?:,? [A-Z][A-Z'-]*\.?){0,3}\s*$`)

// numberedNames reports that two lines are a card's family name under
// its field number 1 over its given names under 2, as every AAMVA card
// prints them: where OCR lost the card's captions, its field numbers
// stand in for them.
func numberedNames(a, b string) bool {
	ma, mb := numberedName.FindStringSubmatch(a), numberedName.FindStringSubmatch(b)
	return ma != nil && mb != nil && ma[1] == "1" && mb[1] == "2" && cardName(strings.TrimSpace(a)[1:]) && cardName(strings.TrimSpace(b)[1:])
}

// hasWord is a word of three letters or more, or a number.
var hasWord = regexp.MustCompile(`[A-Za-z]{3}|\d{2}`)

// otherLicenseNumber is a number captioned LICENSE NO or LICENSE NUMBER
// (LICENSE # too): another license's, where the page names no driver.
var otherLicenseNumber = regexp.MustCompile(`(?i)(?:^|[^a-z])l[il1|]c[ea]n[sc]e\s*(?:no\b\.?|number|#)\s*:?\s*[A-Z0-9]*\d{4,}`)

// notOtherLicense is a card shape that does not count on a page whose
// number is captioned as a license's and that names no driver: a state's
// other license (a concealed-weapon license) prints its holder's block,
// number and dates under the state's name as a driver's license does.
func notOtherLicense(found func(string) bool) func(string) bool {
	return func(raw string) bool {
		if !found(raw) {
			return false
		}
		if !otherLicenseNumber.MatchString(raw) {
			return true
		}
		for _, l := range strings.Split(raw, "\n") {
			if driver, _ := licenseTitle(l); driver {
				return true
			}
			for _, w := range Tokens(l) {
				if nearWord("drlver", w) || nearWord("drlvers", w) {
					return true
				}
			}
		}
		return false
	}
}

// hasCardCaptions finds what OCR keeps of a license at 110-130 dpi or
// photographed where it loses the title and the holder's block: on a
// card's few lines, its number alone on a line, a date after DOB and one
// after EXP, and its state's name or one of a license's descriptors
// (CLASS, HGT, EYES, DL...). A lab's or an insurer's card prints a
// member's number, a DOB and a sex, but no expiry beside a class or a
// state. It counts like a title
// lower down: the card's own keywords (EXP, CLASS C) must stand beside
// it.
func hasCardCaptions(raw string) bool {
	lines, ok := cardLines(raw)
	if !ok || pageNamesOtherPaper(raw) || !cardDateCaption["dob"].MatchString(raw) || !cardDateCaption["exp"].MatchString(raw) {
		return false
	}
	number := false
	for _, l := range lines {
		number = number || cardNumber(l)
	}
	if !number {
		return false
	}
	if licenseDescriptor.MatchString(raw) {
		return true
	}
	words := strings.FieldsFunc(strings.ToLower(raw), func(r rune) bool { return !unicode.IsLetter(r) })
	for i, w := range words {
		if usStates[w] || i+1 < len(words) && usStatePairs[w+"_"+words[i+1]] {
			return true
		}
	}
	return false
}

// licenseDescriptor is cardDescriptor without SEX, which a lab's or a
// clinic's form prints too.
var licenseDescriptor = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:class|hgt|eyes|hair|wgt|rstr|restr|dln|dl|dd|end)(?:[^a-z]|$|[a-z]{1,3}\b)`)

// cardDate is a date as a card prints it, numeric.
var cardDate = regexp.MustCompile(`\b\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b`)

// hasStateCardHeader finds a card's state header among a page's first
// four lines of words with a card's number alone on a line under it and one of:
// a DOB, EXP or ISS caption; the card's title damaged (licenseTitle,
// identificationTitle) on one of the two lines under the header (a
// license of another kind there is no card's); where OCR lost the
// captions, the ID's title or the holder's names under their field
// numbers 1 and 2 with a date, or the holder's street over the city, state and ZIP code and two
// dates (birth, issue, expiry). A letterhead naming its state is not
// followed by all of them, and a page naming another paper of the state
// (a vehicle's registration) is that paper.
func hasStateCardHeader(raw string) bool {
	if nursingWord.MatchString(raw) || pageNamesOtherPaper(raw) {
		return false
	}
	var lines []string
	for _, l := range strings.Split(raw, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	worded := 0
	for i, l := range lines {
		// Marks OCR made of a card's pattern over its header ("ee a",
		// "~~") are no lines of the card's.
		if !hasWord.MatchString(l) {
			continue
		}
		if worded++; worded > 4 {
			break
		}
		if !stateHeader(l) {
			continue
		}
		number, caption, address, numbered, dates := false, false, false, false, 0
		under := lines[i+1:]
		title, idTitle := false, false
		for _, u := range under[:min(2, len(under))] {
			driver, other := licenseTitle(u)
			if other || namesOtherPaper(u) {
				return false
			}
			title = title || driver
			idTitle = idTitle || identificationTitle(u)
		}
		for k, u := range under {
			numbered = numbered || k+1 < len(under) && numberedNames(u, under[k+1])
			if cardNumber(u) {
				number = true
			}
			caption = caption || cardCaption.MatchString(u) || speltDateCaption["exp"].MatchString(u) || speltDateCaption["iss"].MatchString(u)
			address = address || k+1 < len(under) && cardStreet.MatchString(u) && cityLine(under[k+1])
			dates += len(cardDate.FindAllString(u, -1))
		}
		return number && (caption || title || (idTitle || numbered) && dates >= 1 || address && dates >= 2)
	}
	return false
}
