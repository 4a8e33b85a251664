package extract

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/classify"
)

var (
	certIDLabels = compileLabels("ecard code", "ecard id", "ecard #", "ecard number", "certificate id", "certificate number",
		"certificate #", "certificate no", "cert id", "cert #", "cert no", "card id", "card number", "card #",
		"verification code", "verification #", "provider number", "provider #", "credential id", "certification id",
		"certification number", "id number", "code")
	trainingCenterLabels = compileLabels("training center name", "training center", "training site name", "training site",
		"tc name", "conducted by", "training provider", "training organization", "course location")
	// validFor is the Red Cross way of printing an expiry.
	validFor   = regexp.MustCompile(`(?i)valid\s*(?:for)?\s*:?\s*(\d|one|two|three|four|five)\s*(?:\(\d\)\s*)?y(?:ea)?rs?`)
	yearsWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
)

// preferredIssuer names the body that owns a program, which wins over
// another issuer printed beside it (an NRP card names the AHA as partner).
var preferredIssuer = map[string]string{
	"nrp":  "American Academy of Pediatrics",
	"tncc": "Emergency Nurses Association",
}

func readLifeSupport(r *reading) {
	r.name(true)
	if pref, ok := preferredIssuer[r.typ]; ok {
		for _, k := range issuers {
			if k[0] != pref {
				continue
			}
			for _, sp := range k[1:] {
				if r.mentions(sp) >= 0 {
					r.set("issuer", pref, 0.9)
				}
			}
		}
	}
	if iss, ok := r.firstMentioned(issuers); ok {
		r.set("issuer", iss, 0.9)
	}
	r.lookup("issue_date", issueLabels, dateFinder(roleDate))
	r.lookup("issue_date", completionLabels, dateFinder(roleDate))
	r.lookup("expiration_date", expiryLabels, dateFinder(roleExpiry))
	r.validForYears("issue_date")
	r.datePair()
	r.lookup("certificate_id", certIDLabels, idFinder(2))
	r.trainingCenter()
}

// datePair reads a card whose labels OCR lost but whose two dates are
// still side by side: the first is the issue, the second, one to five
// years later, the expiry ("5/1/2025 5/1/2027").
func (r *reading) datePair() {
	if r.has("issue_date") || r.has("expiration_date") {
		return
	}
	for _, line := range r.doc.lines {
		hs := dateFinder(roleExpiry)(line)
		if len(hs) != 2 {
			continue
		}
		a, b := hs[0].value.(string), hs[1].value.(string)
		ta, _ := time.Parse(time.DateOnly, a)
		tb, _ := time.Parse(time.DateOnly, b)
		if years := tb.Sub(ta).Hours() / 24 / 365.25; years > 0.9 && years < 5.1 {
			if issue, ok := ParseDate(line[hs[0].start:hs[0].end], false); ok {
				r.set("issue_date", issue, confGuess)
				r.set("expiration_date", b, confGuess)
				return
			}
		}
	}
}

// validForYears derives an expiry from "Valid For 2 Years" and the date
// the validity runs from, when no expiry is printed.
func (r *reading) validForYears(from string) {
	if r.has("expiration_date") {
		return
	}
	start, ok := r.fields[from].(string)
	if !ok {
		return
	}
	for _, line := range r.doc.lines {
		m := validFor.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n, err := strconv.Atoi(m[1])
		if err != nil {
			n = yearsWords[strings.ToLower(m[1])]
		}
		t, err := time.Parse(time.DateOnly, start)
		if err != nil || n == 0 {
			return
		}
		r.set("expiration_date", t.AddDate(n, 0, 0).Format(time.DateOnly), confDerived)
		return
	}
}

// trainingCenter reads the training center, including a name that wraps
// onto a second line of its column ("Mercy Regional Training / Center").
func (r *reading) trainingCenter() {
	f, ok := r.doc.lookupPlaced(trainingCenterLabels, textFinder)
	if !ok {
		return
	}
	v := f.value.(string)
	line := r.doc.lines[f.line]
	col := strings.Index(line, v)
	if k := f.line + 1; col >= 0 && k < len(r.doc.lines) && f.conf == confNextLine {
		next := r.doc.lines[k]
		cs := cells(next)
		if len(cs) == 1 && abs(cs[0].start-col) <= 2 && len(r.doc.labelRow(k)) == 0 &&
			len(strings.Fields(cs[0].text)) <= 3 && !strings.ContainsAny(cs[0].text, "0123456789:") {
			v += " " + cs[0].text
		}
	}
	r.set("training_center", v, f.conf)
}

var (
	licenseTypeLabels = compileLabels("license type", "licensure type", "type of license", "license/credential type",
		"credential type", "profession", "license class")
	licenseNumberLabels = compileLabels("license number", "license no", "license #", "lic no", "lic #", "lic. no.",
		"license no.", "credential number", "license", "lic", "number")
	licenseStatusLabels = compileLabels("license status", "licensure status", "current status", "status")
	licenseStateLabels  = compileLabels("license state", "state of licensure", "issuing state", "licensing state",
		"jurisdiction", "state")
)

// licenseTypes maps printed license kinds to the catalog's codes, the
// advanced kind first because its name contains the basic one's.
var licenseTypes = []struct{ phrase, code string }{
	{"advanced practice registered nurse", "APRN"}, {"aprn", "APRN"}, {"nurse practitioner", "APRN"},
	{"certified registered nurse anesthetist", "APRN"}, {"crna", "APRN"}, {"certified nurse midwife", "APRN"},
	{"clinical nurse specialist", "APRN"}, {"licensed vocational nurse", "LVN"}, {"vocational nurse", "LVN"}, {"lvn", "LVN"},
	{"licensed practical nurse", "LPN"}, {"practical nurse", "LPN"}, {"lpn", "LPN"},
	{"registered nurse", "RN"}, {"rn", "RN"},
}

func licenseTypeIn(s string) (string, int) {
	r := &reading{norm: " " + classify.Normalize(s) + " "}
	best, at := "", -1
	for _, lt := range licenseTypes {
		if i := r.mentions(lt.phrase); i >= 0 && (at < 0 || i < at) {
			best, at = lt.code, i
		}
	}
	return best, at
}

func licenseTypeFinder(s string) []hit {
	if code, at := licenseTypeIn(s); at >= 0 {
		return []hit{{start: 0, end: len(s), value: code}}
	}
	return nil
}

// statusWords open a license status as boards print it.
var statusWords = regexp.MustCompile(`(?i)^(?:active|current|clear|inactive|expired|lapsed|suspended|revoked|probation|probationary|delinquent|retired|surrendered|voluntarily surrendered|pending|encumbered|null and void|deceased|cancell?ed|temporary|restricted|emeritus|void|denied)\b`)

func statusFinder(s string) []hit {
	hs := textFinder(s)
	if len(hs) == 0 || !statusWords.MatchString(hs[0].value.(string)) {
		return nil
	}
	return hs
}

func readNursingLicense(r *reading) {
	r.name(true)
	if r.lookup("license_type", licenseTypeLabels, licenseTypeFinder); !r.has("license_type") {
		// The license number often carries the kind ("RN9482716").
		if f, ok := r.doc.lookup(licenseNumberLabels, idFinder(3)); ok {
			if code, at := licenseTypeIn(strings.Trim(strings.Map(digitsToSpace, f.value.(string)), " .-")); at >= 0 {
				r.set("license_type", code, 0.8)
			}
		}
		if code, at := licenseTypeIn(strings.Join(r.doc.lines, "\n")); at >= 0 {
			r.set("license_type", code, 0.7)
		}
	}
	r.lookup("license_number", licenseNumberLabels, idFinder(3))
	if !r.lookup("state", licenseStateLabels, stateFinder) {
		if code, at := stateIn(strings.Join(r.doc.lines, "\n")); at >= 0 {
			r.set("state", code, 0.8)
		}
	}
	r.lookup("issue_date", issueLabels, dateFinder(roleDate))
	r.lookup("expiration_date", expiryLabels, dateFinder(roleExpiry))
	r.lookup("license_status", licenseStatusLabels, statusFinder)
}

func digitsToSpace(r rune) rune {
	if r >= '0' && r <= '9' {
		return ' '
	}
	return r
}

var (
	dlNumberLabels = compileLabels("4d dln", "4d dl", "4d lic", "4d id", "dln", "dl no", "dl #", "dl number", "dl",
		"lic no", "lic #", "license no", "license number", "license #", "id no", "id #", "id number", "customer id",
		"customer number", "4d")
	addressLabels = compileLabels("address", "addr", "residence address", "mailing address")
	cityStateZip  = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z .'-]*?),?\s+([A-Z]{2})\s*,?\s+(\d{5}(?:-\d{4})?)\s*$`)
	streetLine    = regexp.MustCompile(`(?i)^\s*(?:8\s+)?(?:address:?\s*)?((?:\d+[A-Z]?\s+\S.*)|(?:p\.?\s*o\.?\s+box\s+\d+.*))$`)
	aamvaLast     = regexp.MustCompile(`^\s*1\s+([A-Za-z][A-Za-z' -]*)$`)
	aamvaGiven    = regexp.MustCompile(`^\s*2\s+([A-Za-z][A-Za-z' .-]*)$`)
)

func readDriversLicense(r *reading) {
	r.aamvaName()
	r.name(true)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	// Some states' numbers are mostly letters ("WDL3PBLVJ72R").
	r.lookup("license_number", dlNumberLabels, idFinder(2))
	// The issuing state heads the card; an address further down may be in
	// another state.
	for i, n := 0, 0; i < len(r.doc.lines) && n < 3; i++ {
		if strings.TrimSpace(r.doc.lines[i]) == "" {
			continue
		}
		n++
		if code, at := stateIn(r.doc.lines[i]); at >= 0 {
			r.set("state", code, 0.9)
			break
		}
	}
	r.lookup("issue_date", issueLabels, dateFinder(roleDate))
	r.lookup("expiration_date", expiryLabels, dateFinder(roleExpiry))
	r.address()
	if !r.has("state") {
		if a, ok := r.fields["address"].(string); ok {
			if m := regexp.MustCompile(`,\s*([A-Z]{2})\s+\d{5}`).FindStringSubmatch(a); m != nil {
				r.set("state", m[1], 0.7)
			}
		}
	}
}

// aamvaName reads the numbered name fields of AAMVA cards: "1 SURNAME"
// over "2 GIVEN NAMES".
func (r *reading) aamvaName() {
	for m, next := range r.doc.matchThenNext(aamvaLast, nil) {
		g := aamvaGiven.FindStringSubmatch(next)
		if g == nil {
			continue
		}
		r.setSplitName(strings.Fields(g[1]), strings.TrimSpace(m[1]), 0.9)
		return
	}
}

// setSplitName sets the name fields from a surname and the given names a
// card prints apart from it.
func (r *reading) setSplitName(given []string, last string, conf float64) {
	r.set("full_name", strings.Join(given, " ")+" "+last, conf)
	r.set("first_name", given[0], conf)
	r.set("middle_name", strings.Join(given[1:], " "), conf)
	r.set("last_name", last, conf)
}

// address reads a street line followed by a "City, ST 12345" line.
func (r *reading) address() {
	for i, line := range r.doc.lines {
		if !cityStateZip.MatchString(line) {
			continue
		}
		k := i - 1
		for k >= 0 && strings.TrimSpace(r.doc.lines[k]) == "" {
			k--
		}
		if k < 0 {
			continue
		}
		m := streetLine.FindStringSubmatch(r.doc.lines[k])
		if m == nil {
			continue
		}
		street := strings.Join(strings.Fields(m[1]), " ")
		r.set("address", street+", "+strings.Join(strings.Fields(line), " "), 0.85)
		return
	}
	r.lookupText("address", addressLabels, textFinder)
}

var (
	passportNumberLabels = compileLabels("passport no", "passport number", "passport #", "no du passeport",
		"document no", "document number", "card no", "card #")
	nationalityLabels = compileLabels("nationality", "nationalite", "nacionalidad", "citizenship")
	// The translations passports print after their labels.
	passportTranslationLabels = compileLabels("nom", "apellidos", "prenoms", "nombres", "date de naissance", "lieu de naissance",
		"lugar de nacimiento", "sexe", "sexo", "date de delivrance", "fecha de expedicion", "date d'expiration",
		"fecha de caducidad", "autorite", "autoridad", "tipo", "codigo", "no. du passeport")
	passportNumber = regexp.MustCompile(`\b([A-Z0-9]{6,9})\b`)
	mrzLine1       = regexp.MustCompile(`^P[<«]([A-Z<«]{3})([A-Z<«]+)$`)
	mrzLine2       = regexp.MustCompile(`^([A-Z0-9<]{9})([0-9<])([A-Z<]{3})(\d{6})(\d)([MFX<])(\d{6})(\d)`)
)

func passportNumberFinder(s string) []hit {
	for _, m := range passportNumber.FindAllStringSubmatchIndex(s, -1) {
		tok := fixIDDigits(s[m[2]:m[3]])
		digits := 0
		for _, c := range tok {
			if c >= '0' && c <= '9' {
				digits++
			}
		}
		if digits >= 5 {
			return []hit{{start: m[2], end: m[3], value: tok}}
		}
	}
	return nil
}

func readPassport(r *reading) {
	r.name(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("passport_number", passportNumberLabels, passportNumberFinder)
	r.lookupText("nationality", nationalityLabels, textFinder)
	r.lookup("issue_date", issueLabels, dateFinder(roleDate))
	r.lookup("expiration_date", expiryLabels, dateFinder(roleExpiry))
	r.mrz()
}

// mrz reads the machine-readable zone, which fills what the printed page
// did not yield. Its check digits say how far to trust it.
func (r *reading) mrz() {
	for m1, next := range r.doc.matchThenNext(mrzLine1, mrzText) {
		m2 := mrzLine2.FindStringSubmatch(mrzText(next))
		names := strings.Split(strings.Trim(strings.ReplaceAll(m1[2], "«", "<"), "<"), "<<")
		if len(names) >= 2 {
			last := strings.Join(strings.Fields(strings.ReplaceAll(names[0], "<", " ")), " ")
			given := strings.Fields(strings.ReplaceAll(names[1], "<", " "))
			if last != "" && len(given) > 0 {
				r.setSplitName(given, last, 0.8)
			}
		}
		if m2 == nil {
			return
		}
		conf := 0.6
		if MRZCheckDigit(m2[1]) == m2[2] && MRZCheckDigit(m2[4]) == m2[5] && MRZCheckDigit(m2[7]) == m2[8] {
			conf = 0.9
		}
		r.set("passport_number", strings.TrimRight(m2[1], "<"), conf)
		r.set("nationality", strings.Trim(m2[3], "<"), conf)
		if d, ok := mrzDate(m2[4]).birth(r.asOf); ok {
			r.set("date_of_birth", d.Format(time.DateOnly), conf)
		}
		exp := mrzDate(m2[7])
		// An expiry is never in the last century.
		exp.y, exp.twoDigitY = 2000+exp.y, false
		if d, ok := exp.resolve(roleExpiry); ok {
			r.set("expiration_date", d.Format(time.DateOnly), conf)
		}
		return
	}
}

// mrzText is a line of the machine-readable zone as the zone is read:
// upper case, without the spaces OCR puts between its characters.
func mrzText(line string) string { return strings.ReplaceAll(strings.ToUpper(line), " ", "") }

// MRZCheckDigit is the ICAO 9303 check digit of a field of a passport's
// machine-readable zone: digits count as themselves, letters A-Z as 10-35
// and the filler '<' as 0, weighted 7, 3, 1 in turn.
func MRZCheckDigit(s string) string {
	weights := []int{7, 3, 1}
	sum := 0
	for i, c := range s {
		v := 0
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'A' && c <= 'Z':
			v = int(c-'A') + 10
		}
		sum += v * weights[i%3]
	}
	return strconv.Itoa(sum % 10)
}

// mrzDate is a date of the machine-readable zone, YYMMDD, as printed.
func mrzDate(yymmdd string) dateHit {
	y, _ := strconv.Atoi(yymmdd[:2])
	m, _ := strconv.Atoi(yymmdd[2:4])
	d, _ := strconv.Atoi(yymmdd[4:])
	return dateHit{y: y, m: m, d: d, twoDigitY: true}
}

// ssnPrinted is a Social Security number as cards and copies print it,
// masked or not, with one kind of separator or none (a ZIP+4 code is not
// one).
var ssnPrinted = regexp.MustCompile(`(?:^|[^\d-])(?:(?:\d{3}|[X*•#]{3})-(?:\d{2}|[X*•#]{2})-|(?:\d{3}|[X*•#]{3}) (?:\d{2}|[X*•#]{2}) |\d{5})(\d{4})\b`)

func readSocialSecurityCard(r *reading) {
	r.name(true)
	for _, line := range r.doc.lines {
		if m := ssnPrinted.FindStringSubmatch(fixDigits(line)); m != nil {
			// Only the last four digits ever leave this function.
			r.set("ssn_last4", m[1], 0.9)
			return
		}
	}
}

var (
	trainingCompletionLabels = compileDateLabels("completion date", "date completed", "date of completion", "completed on",
		"course completed", "completed", "date taken", "date of training", "training date")
	onDate = regexp.MustCompile(`(?i)\bcompleted\b.*?\bon\b\s*(.+)$`)
)

func readTraining(r *reading) {
	r.name(true)
	if !r.lookup("completion_date", trainingCompletionLabels, dateFinder(roleDate)) {
		// "... has successfully completed HIPAA training on March 3, 2026."
		for i, line := range r.doc.lines {
			// The sentence often wraps before its date.
			if k := r.doc.nextNonEmpty(i); k > 0 {
				line += " " + r.doc.lines[k]
			}
			if m := onDate.FindStringSubmatch(line); m != nil {
				if hs := dateFinder(roleDate)(m[1]); len(hs) > 0 {
					r.set("completion_date", hs[0].value, 0.8)
					break
				}
			}
		}
	}
	r.lookup("completion_date", dateLabel, dateFinder(roleDate))
	r.lookup("expiration_date", expiryLabels, dateFinder(roleExpiry))
	r.validForYears("completion_date")
}
