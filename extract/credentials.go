package extract

import (
	"math/bits"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/classify"
	"github.com/clearedtostart/compliance/namematch"
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
	r.readHolder(true)
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
	r.readHolder(true)
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
	r.lookup("license_number", licenseNumberLabels, groupedIDFinder(3))
	if !r.lookup("state", licenseStateLabels, stateFinder) {
		if code, at := stateIn(strings.Join(r.doc.lines, "\n")); at >= 0 {
			r.set("state", code, 0.8)
		}
	}
	r.lookup("issue_date", issueLabels, dateFinder(roleDate))
	r.lookup("expiration_date", expiryLabels, dateFinder(roleExpiry))
	r.lookup("license_status", licenseStatusLabels, statusFinder)
}

// groupedNumber is a number printed in groups of digits ("055 798 649")
// or after a short letter prefix ("VN 819343"), right where a value
// starts.
var groupedNumber = regexp.MustCompile(`^[\s:#.]*((?:[A-Z]{1,3}[ -])?\d{3,}(?:[ -]\d{3,4}){0,3})(?:[^\w/.-]|$)`)

// groupedIDFinder is idFinder for numbers some issuers print in groups:
// the groups stay together as printed.
func groupedIDFinder(minDigits int) finder {
	single := idFinder(minDigits)
	return func(s string) []hit {
		if m := groupedNumber.FindStringSubmatchIndex(s); m != nil && strings.ContainsAny(s[m[2]:m[3]], " -") &&
			len(findDates(s[m[2]:m[3]])) == 0 {
			return []hit{{start: m[2], end: m[3], value: s[m[2]:m[3]]}}
		}
		return single(s)
	}
}

// dlNumberFinder reads a license card's number: some states' are mostly
// letters ("WDLWSKAA2NAB", one digit), so a long token of capitals and
// digits counts when no number with more digits stands there.
func dlNumberFinder(s string) []hit {
	if hs := groupedIDFinder(2)(s); len(hs) > 0 {
		return hs
	}
	if m := letteredNumber.FindStringSubmatchIndex(s); m != nil {
		return []hit{{start: m[2], end: m[3], value: s[m[2]:m[3]]}}
	}
	return nil
}

// letteredNumber is a card number of capitals and at least one digit,
// right where a value starts.
var letteredNumber = regexp.MustCompile(`^[\s:#.]*([A-Z][A-Z0-9]*[0-9][A-Z0-9]*)(?:\s|$)`)

func digitsToSpace(r rune) rune {
	if r >= '0' && r <= '9' {
		return ' '
	}
	return r
}

var (
	dlNumberLabels = compileLabels("4d dl no", "4d dl #", "4d lic no", "4d license no", "4d dln", "4d dl", "4d lic",
		"4d id", "4d no", "dln", "dl no", "dl #", "dl number", "dl", "lic no", "lic #", "license no", "license number",
		"license #", "id no", "id #", "id number", "customer id", "customer number", "4d")
	addressLabels = compileLabels("address", "addr", "residence address", "mailing address")
	cityStateZip  = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z .'-]*?),?\s+([A-Z]{2})\s*,?\s+(\d{5}(?:-\d{4})?)\s*$`)
	streetLine    = regexp.MustCompile(`(?i)^\s*(?:8\s+)?(?:address:?\s*)?((?:\d+[A-Z]?\s+\S.*)|(?:p\.?\s*o\.?\s+box\s+\d+.*))$`)
	// AAMVA cards number their fields: "1" the family name, "2" the given
	// names, each before its value (OCR reads the 1 as l, I or |), a
	// caption of the field's name sometimes between ("1 SURNAME SMITH").
	aamvaLast = regexp.MustCompile(`^\s*(?:1|[lI|]\s)\s*(?:(?i:family\s+name|surname|last\s+name|ln)\s*:?\s+)?` +
		`([A-Za-z][A-Za-z'’. -]*?)\s*(?:\s2\s+(?:(?i:given\s+names?|first\s+name|fn)\s*:?\s+)?([A-Za-z][A-Za-z'’ .-]*?))?\s*$`)
	aamvaGiven = regexp.MustCompile(`^\s*2\s*(?:(?i:given\s+names?|first\s+name|fn)\s*:?\s+)?([A-Za-z][A-Za-z'’ .-]*?)\s*$`)
)

func readDriversLicense(r *reading) {
	r.aamvaElements()
	r.aamvaName()
	if !r.has("full_name") {
		p, ok := r.holderName(true)
		// A card that prints the family name over the given names with
		// no numbers or labels: the guess took the given names alone.
		if last, given, sok := r.doc.stackedName(); sok && (!ok || p.conf <= confGuess && strings.EqualFold(squeeze(given), squeeze(p.full))) {
			r.setSplitName(strings.Fields(given), last, confGuess)
		} else if ok {
			r.setPerson(p)
		}
	}
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	// Some states' numbers are mostly letters ("WDL3PBLVJ72R").
	r.lookup("license_number", dlNumberLabels, dlNumberFinder)
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
// over "2 GIVEN NAMES", or both on one line.
func (r *reading) aamvaName() {
	for i, line := range r.doc.lines {
		m := aamvaLast.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		given := m[2]
		if given == "" {
			k := r.doc.nextNonEmpty(i)
			if k < 0 {
				continue
			}
			g := aamvaGiven.FindStringSubmatch(r.doc.lines[k])
			if g == nil {
				continue
			}
			given = g[1]
		}
		if len(strings.Fields(given)) == 0 || notAName(strings.Fields(given+" "+m[1])) {
			continue
		}
		r.setSplitName(strings.Fields(given), strings.Join(strings.Fields(m[1]), " "), 0.9)
		return
	}
}

// stackedName finds a family name printed on a line of its own in
// capitals over a line of given names, as cards print them: the first
// such pair near the top of the card.
func (d *doc) stackedName() (last, given string, ok bool) {
	capsName := func(line string) (string, bool) {
		ws := strings.Fields(line)
		if len(ws) == 0 || len(ws) > 3 || strings.ToUpper(line) != line {
			return "", false
		}
		for _, w := range ws {
			bare := strings.ToLower(strings.Trim(w, ".,"))
			if !nameToken.MatchString(w) || nameStop[bare] || len(bare) < 2 && len(ws) == 1 {
				return "", false
			}
		}
		return strings.Join(ws, " "), !notAName(ws)
	}
	for i, n := 0, 0; i < len(d.lines) && n < guessLines; i++ {
		if strings.TrimSpace(d.lines[i]) == "" {
			continue
		}
		n++
		l, ok := capsName(d.lines[i])
		k := d.nextNonEmpty(i)
		if !ok || k < 0 {
			continue
		}
		if g, ok := capsName(d.lines[k]); ok {
			return l, g, true
		}
	}
	return "", "", false
}

// AAMVA data elements as a card's barcode holds them, printed where a
// copy prints the decoded barcode: a three-letter code and its value
// ("DCSSMITH", "DAC JOHN", "DBB01021990"), one per line or several on a
// line.
var (
	aamvaCode = regexp.MustCompile(`(?:^|[^A-Z]|DL|ID)(DA[ABCDJQ]|DB[ABD]|DC[ST])`)
	// aamvaDate is a date of the elements: MMDDCCYY in the US, CCYYMMDD
	// in Canada.
	aamvaDate = regexp.MustCompile(`^\d{8}$`)
)

// aamvaElements reads the name, dates, number and state from AAMVA data
// elements: DCS (or, in version 1, DAB) the family name, DAC the first
// name, DAD the middle names, DCT the given names of versions 2 and 3,
// DAA the whole name of version 1, DBB the birth date, DBA the expiry,
// DBD the issue date, DAQ the number, DAJ the state. They count only when
// three different elements are printed: "DAC" alone is a word.
func (r *reading) aamvaElements() {
	el := map[string]string{}
	for _, line := range r.doc.lines {
		locs := aamvaCode.FindAllStringSubmatchIndex(line, -1)
		for k, m := range locs {
			end := len(line)
			if k+1 < len(locs) {
				end = locs[k+1][2]
			}
			code := line[m[2]:m[3]]
			v := strings.TrimSpace(strings.TrimLeft(line[m[3]:end], " :="))
			if _, seen := el[code]; !seen && v != "" {
				el[code] = v
			}
		}
	}
	if len(el) < 3 {
		return
	}
	const conf = 0.9
	clean := func(v string) string {
		v = strings.Join(strings.Fields(strings.ReplaceAll(v, ",", " ")), " ")
		if strings.EqualFold(v, "NONE") || strings.EqualFold(v, "unavl") || strings.EqualFold(v, "unavail") {
			return ""
		}
		return v
	}
	last, first, middle := clean(el["DCS"]), clean(el["DAC"]), clean(el["DAD"])
	if last == "" {
		last = clean(el["DAB"])
	}
	if first == "" && el["DCT"] != "" {
		given := strings.Fields(clean(el["DCT"]))
		if len(given) > 0 {
			first, middle = given[0], strings.Join(given[1:], " ")
		}
	}
	if (last == "" || first == "") && el["DAA"] != "" {
		// Version 1: "LAST,FIRST,MIDDLE".
		parts := strings.Split(el["DAA"], ",")
		if len(parts) >= 2 {
			last, first = clean(parts[0]), clean(parts[1])
			middle = clean(strings.Join(parts[2:], " "))
		}
	}
	if last != "" && first != "" && !notAName(strings.Fields(first+" "+last)) {
		r.setSplitName(strings.Fields(first+" "+middle), last, conf)
	}
	if d, ok := aamvaDateOf(el["DBB"], roleDate); ok {
		if b, ok := d.birth(r.asOf); ok {
			r.set("date_of_birth", b.Format(time.DateOnly), conf)
		}
	}
	for code, field := range map[string]string{"DBA": "expiration_date", "DBD": "issue_date"} {
		role := roleDate
		if code == "DBA" {
			role = roleExpiry
		}
		if d, ok := aamvaDateOf(el[code], role); ok {
			if t, ok := d.resolve(role); ok {
				r.set(field, t.Format(time.DateOnly), conf)
			}
		}
	}
	if n := strings.Fields(el["DAQ"]); len(n) > 0 {
		r.set("license_number", n[0], conf)
	}
	if st := strings.ToUpper(strings.TrimSpace(el["DAJ"])); validCodes[st] {
		r.set("state", st, conf)
	}
}

// aamvaDateOf reads a date element, MMDDCCYY or CCYYMMDD, whichever is a
// real date.
func aamvaDateOf(v string, role dateRole) (dateHit, bool) {
	v = strings.TrimSpace(v)
	if len(v) > 8 {
		v = v[:8]
	}
	if !aamvaDate.MatchString(v) {
		return dateHit{}, false
	}
	n := func(s string) int { x, _ := strconv.Atoi(s); return x }
	for _, h := range []dateHit{
		{y: n(v[4:]), m: n(v[:2]), d: n(v[2:4])},
		{y: n(v[:4]), m: n(v[4:6]), d: n(v[6:])},
	} {
		if _, ok := h.resolve(role); ok && h.y >= 1900 {
			return h, true
		}
	}
	return dateHit{}, false
}

// setSplitName sets the name fields from a surname and the given names a
// card prints apart from it.
func (r *reading) setSplitName(given []string, last string, conf float64) {
	r.setPerson(person{full: strings.Join(given, " ") + " " + last, first: given[0],
		middle: strings.Join(given[1:], " "), last: last, conf: conf})
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
		"fecha de caducidad", "autorite", "autoridad", "tipo", "codigo", "no. du passeport", "gitnang apelyido",
		"apelyido", "mga pangalan", "pangalan", "kodigo", "pasaporte blg", "nachname", "vornamen", "cognome",
		"pasaporte no")
	passportNumber = regexp.MustCompile(`\b([A-Z0-9]{6,9})\b`)
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
	z, zok := r.doc.passportMRZ(r.asOf)
	p, pok := r.holderName(false)
	switch {
	case pok && zok && z.named():
		// The name as printed (accents, hyphens), surer where the zone
		// spells the same. Where the two differ, the page's labelled
		// name still stands: the zone's name line has no check digit of
		// its own, and OCR misreads its fillers ('<' as K, « as two).
		switch {
		case z.spells(p):
			p.conf = max(p.conf, z.nameConf)
			r.setPerson(p)
		case p.conf >= confCaption:
			p.conf = min(p.conf, confCaption)
			r.setPerson(p)
		default:
			r.setSplitName(z.given, z.surname, min(z.nameConf, confCaption))
		}
	case pok:
		r.setPerson(p)
	case zok && z.named():
		r.setSplitName(z.given, z.surname, z.nameConf)
	}
	// Values whose check digit passed go first: the printed page may be
	// misread where the zone cannot be.
	z.set(r, true)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("passport_number", passportNumberLabels, passportNumberFinder)
	r.lookupText("nationality", nationalityLabels, textFinder)
	r.lookup("issue_date", issueLabels, dateFinder(roleDate))
	r.lookup("expiration_date", expiryLabels, dateFinder(roleExpiry))
	// Values whose check digit failed fill only what the page did not
	// print, under the confidence that reports a field.
	z.set(r, false)
}

// mrzReading is a passport's machine-readable zone (ICAO 9303 TD3: two
// lines of 44 characters) as read: each value with how far its check
// digit lets it be trusted.
type mrzReading struct {
	surname  string
	given    []string
	nameConf float64
	values   []mrzValue
}

// mrzValue is a field read from the zone's second line.
type mrzValue struct {
	field, value string
	conf         float64
	// first: a check digit vouches for the value, which goes before the
	// printed page's.
	first bool
}

// Confidence of the zone's values: a check digit that passed, one that
// passed once OCR look-alikes were swapped, one that failed (reported as
// uncertain, never as read), and the name, which has no check digit of
// its own, when the second line's checks pass or do not.
const (
	confMRZChecked  = 0.9
	confMRZRepaired = 0.85
	confMRZFailed   = 0.4
	confMRZName     = 0.85
	confMRZNameOnly = 0.6
)

func (z mrzReading) named() bool { return z.surname != "" && len(z.given) > 0 }

// spells reports that the zone spells the printed name p: the same
// letters, the zone dropping accents, apostrophes and hyphens and
// perhaps cutting a long name short.
func (z mrzReading) spells(p person) bool {
	letters := func(s string) string { return strings.ReplaceAll(namematch.Fold(s), " ", "") }
	zl, zg := letters(z.surname), letters(strings.Join(z.given, " "))
	pl, pg := letters(p.last), letters(p.first+" "+p.middle)
	return zl != "" && pl != "" && (zl == pl || strings.HasPrefix(pl, zl) && len(zl) >= 10) &&
		(zg == pg || strings.HasPrefix(pg, zg) && len(zg) >= 6 || strings.HasPrefix(zg, pg) && pg != "")
}

// set sets the zone's values that go before the printed page's (first)
// or after them: those whose check digit failed, and the nationality,
// which the page prints in words.
func (z mrzReading) set(r *reading, first bool) {
	for _, v := range z.values {
		if v.first == first {
			r.set(v.field, v.value, v.conf)
		}
	}
}

// OCR look-alikes in the zone: letters read in a field of digits, digits
// in a field of letters, and what OCR makes of the filler '<'.
var (
	mrzToDigit  = strings.NewReplacer("O", "0", "Q", "0", "D", "0", "U", "0", "I", "1", "L", "1", "T", "1", "Z", "2", "S", "5", "B", "8", "G", "6")
	mrzToLetter = strings.NewReplacer("0", "O", "1", "I", "5", "S", "8", "B", "2", "Z", "6", "G", "4", "A", "7", "T")
	mrzFiller   = strings.NewReplacer("«", "<<", "‹", "<", "≤", "<", "(", "<", "{", "<", "[", "<", "£", "<", "¢", "<")
	mrzLine1    = regexp.MustCompile(`^P[A-Z0-9<]([A-Z0-9<]{3})([A-Z0-9<]{6,})$`)
	mrzLine2    = regexp.MustCompile(`([A-Z0-9<]{9})([0-9A-Z<])([A-Z0-9<]{3})([0-9A-Z]{6})([0-9A-Z])([MFX<])([0-9A-Z]{6})([0-9A-Z])`)
)

// mrzText is a line of the machine-readable zone as the zone is read:
// upper case, without the spaces OCR puts between its characters, the
// filler's look-alikes made fillers and other marks dropped.
func mrzText(line string) string {
	t := mrzFiller.Replace(strings.ToUpper(line))
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '<' {
			return r
		}
		return -1
	}, t)
}

// passportMRZ finds and reads a passport's machine-readable zone: a line
// opening with P and a country, holding fillers, then within two lines
// the line of the number, dates and check digits.
func (d *doc) passportMRZ(asOf time.Time) (mrzReading, bool) {
	for i, line := range d.lines {
		t := mrzText(line)
		m := mrzLine1.FindStringSubmatch(t)
		if m == nil || strings.Count(t, "<") < 3 || len(t) < 30 {
			continue
		}
		z := mrzReading{nameConf: confMRZNameOnly}
		z.surname, z.given = mrzName(mrzToLetter.Replace(m[2]))
		for k, n := i, 0; n < 2; n++ {
			if k = d.nextNonEmpty(k); k < 0 {
				break
			}
			if vs, checked, ok := mrzValues(mrzText(d.lines[k]), asOf); ok {
				z.values = vs
				if checked {
					z.nameConf = confMRZName
				}
				break
			}
		}
		if z.named() || len(z.values) > 0 {
			return z, true
		}
	}
	return mrzReading{}, false
}

// mrzName reads the name field of the zone's first line: the surname,
// "<<", the given names apart by '<', then fillers. A filler OCR read as
// a lone K, C or L at the end of the names is no initial.
func mrzName(field string) (string, []string) {
	field = strings.TrimLeft(field, "<")
	sur, rest, ok := strings.Cut(field, "<<")
	if !ok {
		return "", nil
	}
	surname := strings.Join(strings.FieldsFunc(sur, func(r rune) bool { return r == '<' }), " ")
	var given []string
	for _, tok := range strings.Split(rest, "<") {
		if tok == "" {
			break
		}
		given = append(given, tok)
	}
	if n := len(given); n > 1 && len(given[n-1]) == 1 && strings.Contains("KCL", given[n-1]) &&
		strings.Contains(rest, given[n-1]+"<<<") {
		given = given[:n-1]
	}
	return surname, given
}

// mrzValues reads the zone's second line: the document number, the
// nationality, the birth date and the expiry, each checked by its check
// digit, and whether all three checks passed. Where OCR read a look-alike
// (O for 0) in the number, the one repair of look-alikes that makes the
// check digit pass is taken.
func mrzValues(t string, asOf time.Time) (vs []mrzValue, checked bool, ok bool) {
	m := mrzLine2.FindStringSubmatch(t)
	if m == nil {
		return nil, false, false
	}
	num, numCheck := m[1], mrzToDigit.Replace(m[2])
	nat := mrzToLetter.Replace(m[3])
	dob, dobCheck := mrzToDigit.Replace(m[4]), mrzToDigit.Replace(m[5])
	exp, expCheck := mrzToDigit.Replace(m[7]), mrzToDigit.Replace(m[8])
	digitsOnly := func(s string) bool { return strings.Trim(s, "0123456789") == "" }
	if !digitsOnly(dob) || !digitsOnly(exp) {
		return nil, false, false
	}
	checked = true
	add := func(field, value string, ok bool, conf float64) {
		if !ok {
			conf = confMRZFailed
		}
		checked = checked && ok
		vs = append(vs, mrzValue{field: field, value: value, conf: conf, first: ok})
	}
	numConf := confMRZChecked
	numOK := MRZCheckDigit(num) == numCheck
	if !numOK {
		if fixed, ok := repairMRZ(num, numCheck); ok {
			num, numOK, numConf = fixed, true, confMRZRepaired
		}
	}
	if n := strings.TrimRight(num, "<"); n != "" {
		add("passport_number", n, numOK, numConf)
	}
	if n := strings.Trim(nat, "<"); len(n) == 3 {
		vs = append(vs, mrzValue{field: "nationality", value: n, conf: 0.8})
	}
	if b, ok := mrzDate(dob).birth(asOf); ok {
		add("date_of_birth", b.Format(time.DateOnly), MRZCheckDigit(dob) == dobCheck, confMRZChecked)
	}
	e := mrzDate(exp)
	// An expiry is never in the last century.
	e.y, e.twoDigitY = 2000+e.y, false
	if x, ok := e.resolve(roleExpiry); ok {
		add("expiration_date", x.Format(time.DateOnly), MRZCheckDigit(exp) == expCheck, confMRZChecked)
	}
	return vs, checked, true
}

// mrzLookAlikes are the pairs OCR confuses in an alphanumeric field.
var mrzLookAlikes = map[byte]byte{'O': '0', '0': 'O', 'I': '1', '1': 'I', 'S': '5', '5': 'S', 'B': '8', '8': 'B', 'Z': '2', '2': 'Z', 'G': '6', '6': 'G'}

// repairMRZ swaps look-alikes in an alphanumeric field until its check
// digit passes, fewest swaps first. It answers only when exactly one
// repair of the fewest swaps passes: a check digit passing by chance
// after a wrong swap is too likely otherwise.
func repairMRZ(field, check string) (string, bool) {
	var at []int
	for i := 0; i < len(field); i++ {
		if _, ok := mrzLookAlikes[field[i]]; ok {
			at = append(at, i)
		}
	}
	if len(at) == 0 || len(at) > 10 {
		return "", false
	}
	for swaps := 1; swaps <= len(at); swaps++ {
		found, n := "", 0
		for mask := 1; mask < 1<<len(at); mask++ {
			if bits.OnesCount(uint(mask)) != swaps {
				continue
			}
			b := []byte(field)
			for k, i := range at {
				if mask&(1<<k) != 0 {
					b[i] = mrzLookAlikes[b[i]]
				}
			}
			if MRZCheckDigit(string(b)) == check {
				found, n = string(b), n+1
			}
		}
		if n > 0 {
			return found, n == 1
		}
	}
	return "", false
}

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
	r.readHolder(true)
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
	r.readHolder(true)
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
