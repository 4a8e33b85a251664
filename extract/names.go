package extract

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/clearedtostart/compliance/namematch"
)

// person is the holder's name as the document prints it.
type person struct {
	full                string
	first, middle, last string
	conf                float64
}

// Labels of the holder's name, most specific first. The bare words come
// last because forms print them for other people too (a shadowing longer
// label such as "Instructor Name" keeps them off those).
var nameLabels = compileLabels(
	"full name", "legal name", "patient name", "employee name", "name of employee", "candidate name", "applicant name",
	"licensee name", "nurse name", "student name", "participant name", "donor name", "member name",
	"name of individual", "name of person", "cardholder name", "card holder name", "cardholder", "card holder",
	"holder name", "certificate holder", "recipient",
	"this number has been established for", "established for",
	"this is to certify that", "this certifies that", "certifies that", "certify that", "is hereby granted to",
	"this certificate acknowledges that", "acknowledges that", "hereby awarded to",
	"awarded to", "presented to", "issued to", "granted to", "client name", "employee / applicant name",
	"learner name", "learner", "person", "hello", "employee name (print)", "name (print)",
	"name of licensee", "licensee name", "examinee name", "name of examinee", "subject name", "report subject",
	"consumer name", "attendee name", "traveler name", "respirator wearer", "patient's name", "employee's name",
	"pt name", "name of person tested", "person tested", "name of individual tested", "individual tested",
	"patient/client name", "client/patient name", "resident name", "employee/student name", "student/employee name",
	"name of employee/student", "employee/volunteer name", "volunteer name", "staff member name", "staff name",
	"worker name", "name of worker", "name of donor", "specimen donor", "donor name (print)",
	"physical examination of", "physical exam of", "examination of", "evaluation of", "assessment of",
	"re:", "regarding:", "in re:", "record of", "immunization record of", "vaccination record of", "health record of",
	"report for", "results for", "screening report for", "name of patient",
	"name of applicant", "name of candidate", "name of student", "name of participant", "name of holder",
	"patient information", "patient", "employee", "candidate", "applicant", "licensee", "student", "participant", "donor", "name",
)

// Labels of names printed in parts.
var (
	// "sumame": OCR reads a caption's "rn" as "m"; the label compiler
	// reads an "m" as either, so this spelling matches both.
	lastNameLabels  = compileLabels("last name", "surname", "sumame", "family name", "ln", "apellidos", "last:")
	firstNameLabels = compileLabels("first name", "given names", "given name", "fn", "prenoms", "first:")
	middleLabels    = compileLabels("middle name", "middle initial", "mi", "m.i.", "middle:", "middle")
	// firstOnlyLabels label the first name alone, unlike "Given Names".
	firstOnlyLabels = compileLabels("first name", "first:")
)

// otherPeopleLabels stand next to names of people who are not the holder.
// They are only known (listed in allLabels), so that they shadow the bare
// "name"; nothing reads them by name.
var otherPeopleLabels = compileLabels(
	"training center name", "instructor name", "facility name", "clinic name", "company name", "employer name",
	"physician name", "doctor name", "product name", "lab name", "site name", "school name", "program name",
	"course name", "vaccine name", "parent name", "guardian name", "contact name", "agency name", "organization name",
	"hospital name", "file name", "user name", "business name", "tc name", "manufacturer name", "emergency contact",
	"specimen information", "employee information", "employer information", "name of clinic",
	"name of facility", "product name/manufacturer", "printed name of witness", "witness name", "supervisor name",
	"tester name", "fit tester", "examiner name", "collector name", "reviewer name",
	"witness", "parent or guardian", "parent/guardian", "parent/guardian name",
)

// completedPhrase follows the holder's name on certificates: "Maria L.
// Alvarez / has successfully completed ...".
// OCR's misreadings of its words are allowed ("successtully", "cornpleted").
// Letters and reports say the same of their subject: "Lucia Ibarra was
// examined in our clinic", "ELENA MARKOVIC holds an active license".
var completedPhrase = regexp.MustCompile(`(?i)\b(?:has|have)\s+(?:s\w{5,10}ly\s+)?(?:co(?:m|rn)p\w{0,2}ted|met|demonstrated|fulfilled|passed)\b|^\s*(?:s\w{5,10}ly\s+)?co(?:m|rn)p\w{0,2}ted\s+(?:the|requirements)\b` +
	`|\b(?:was|were|has\s+been|had\s+been)\s+(?:examined|evaluated|seen|tested|screened|vaccinated|immunized|immunised|assessed|cleared|found\s+(?:fit|to\s+be))\b` +
	`|\b(?:holds|underwent|received)\s+(?:an?|the|his|her|their)\b`)

// longStops are the words of nameStop of seven letters or more, which
// OCR's misreadings are told by (see misreadStop).
var longStops = func() []string {
	var out []string
	for w := range nameStop {
		if len(w) >= 7 && !strings.ContainsAny(w, ".:") {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}()

// misreadStop reports that a word is a long word of nameStop OCR
// misread by a letter ("Signatre", "Certiticate"): a scan's label after
// a name ends it as the label itself would. A given name never is one.
func misreadStop(bare string) bool {
	if len(bare) < 7 || nameStop[bare] || namematch.KnownGivenName(bare) {
		return false
	}
	for _, w := range longStops {
		if editsWithin(bare, w, 1) {
			return true
		}
	}
	return false
}

// nameStop are words that end a name read after a label: the next
// label, or the sentence the name sits in.
var nameStop = wordSet(`
	dob date birth sex age id mrn ssn license lic number no card has have had successfully completed the of for and
	to is was in on at by with provider course program certificate certification training center signature employee
	patient name gender address phone email dept department position employer information specimen type status result
	results negative positive issued issue expires expiration exp iss class hgt eyes donor usa state board nursing
	registered nurse practical vocational licensed account report test screen male female dl dln acls bls pals nrp
	tncc cpr aed american heart association red cross verification verified multistate privilege yes none page this
	that certifies certify awarded presented granted hereby requirements requirement dept. unit specialty speciality
	collected collection received reported requisition accession order vaccine dose lot site tel cell fax street ave
	road blvd city zip county united states america department health services clinic hospital medical center
	laboratory laboratories diagnostics quest labcorp form record records signed initials title employer:
	instructor director skills checklist assessment resume experience summary objective education professional
	privacy security hipaa osha bloodborne pathogens physical exam examination fit respirator drug background
	screening check consumer passport nationality surname given names authority social established valid through
	until renewal recommended ecard code provider: immunization immunizations titer antibody influenza tdap mmr
	varicella hepatitis covid sars pfizer moderna deceased none. n/a cont continued etc mr mrs ms dr curriculum
	vitae resume cv pediatric advanced life support basic cardiovascular cardiac neonatal resuscitation trauma core
	emergency associates services institute academy foundation council safety edition education simulation
	university college school inc llc corp company group solutions partners holder individual named verifies
	above below undersigned applicant candidate employee patient client learner participant are you your yes
	today please if or not any all our my his her their were will been did can should would must veteran organ
	donor first response printed print legibly job occupation shift extension pager badge
`)

// nameEnders open a form's next label after a name of two words or more
// (a role, a place, a detail of the test): no name's third word.
var nameEnders = wordSet(`
	tester supervisor manager facility location discipline hire start role room cost reason size model mask method
	agency examiner reviewer witness collector specialty credentials work
`)

// credentials follow a nurse's name and are not part of it.
var credentials = wordSet(`
	rn bsn msn lpn lvn aprn np cna crna md do phd dnp ccrn cen rnc rnc-nic fnp fnp-c fnp-bc bc cpn ocn cnor acnp
	agacnp pmhnp cnm cns ma mba mph pa pa-c emt paramedic cpht rnc-ob rnc-mnn rn-bc nea-bc cpen tcrn cnml chpn
	cwocn cnrn pccn cmsrn acrn ccrn-k scrn fnp-bc agpcnp-bc
`)

// credentialShape is a credential this list does not know: capitals and
// hyphens after the name's last comma ("Hannah Lee, RNC-OB").
var credentialShape = regexp.MustCompile(`^[A-Z]{2,5}(?:-[A-Z]{1,5})?\.?,?$`)

// nameSuffixes end a name without being part of it ("Jr.", "III").
var nameSuffixes = wordSet(`jr sr ii iii iv`)

// particles are lower-case words inside surnames ("de la Cruz").
var particles = wordSet(`de del della dela delos la las los da das do dos di du van vander vanden von der den ter ten
	le st saint bin ibn al mac mc y e`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

var (
	nameToken = regexp.MustCompile(`^[\pL][\pL'’.\-]*,?$`)
	// qualifier is a label's note in parentheses before the value:
	// "Employee Name (print) Kayla Hoffmann".
	// "Donor Name (First, MI, Last) Maria L Alvarez" too.
	qualifier = regexp.MustCompile(`(?i)^\s*:?\s*\((?:print|please print|printed|(?:last|first|given|family|surname)[^)]{0,30})\)\s*:?\s*`)
	wordSpan  = regexp.MustCompile(`\S+`)
)

// readName reads a name from the start of s, stopping at the first word
// that cannot be part of one. It returns "" unless it found a plausible
// name (two words at least, one of them longer than an initial), and where
// in s the name ends. With whole set, all of s must be the name.
func readName(s string, whole bool) (string, int) {
	start := 0
	if m := qualifier.FindStringIndex(s); m != nil {
		start = m[1]
	}
	var got []string
	end, rest := start, 0
	words := wordSpan.FindAllStringIndex(s[start:], -1)
	// A name ends where a date begins ("ADAEZE COHEN Nov 13, 1987").
	dateAt := map[int]bool{}
	if strings.ContainsAny(s[start:], "0123456789") {
		for _, h := range findDates(s[start:]) {
			dateAt[h.start] = true
		}
	}
	for i, loc := range words {
		if dateAt[loc[0]] {
			break
		}
		raw := s[start+loc[0] : start+loc[1]]
		if subLabel.MatchString(raw) {
			// "Donor Name - Last: KOWALSKI": the label of a part of the
			// name is never a word of it.
			if len(got) > 0 {
				break
			}
			rest = i + 1
			continue
		}
		// Marks OCR reads at a word's ends ("__Lauren", "Allen’", ">").
		w := strings.TrimRight(strings.TrimLeft(raw, nameDebris), nameDebris+"'")
		if len(got) == 0 && (w == "" || ocrDebris(w)) {
			rest = i + 1
			continue
		}
		w = fixCapitalCase(fixInitialI(fixNameDigits(w)))
		if r := []rune(w); len(got) == 1 && len(r) == 2 && unicode.IsUpper(r[0]) && r[1] == ',' &&
			splitSurnameEnd(got[0], s[start:], words[i+1:]) {
			// "KOWALCZY K, MAGDALENA R": OCR parted the family name's
			// last letter from it in a LAST, FIRST M order, which the
			// lone initial ending the name tells from "Maria L,
			// Alvarez" (no surname is one letter).
			got[0] += w
			rest, end = i+1, start+loc[1]
			continue
		}
		if r := []rune(w); len(got) > 0 && i+1 < len(words) && len(r) == 2 && unicode.IsUpper(r[0]) && r[1] == ',' &&
			!strings.HasSuffix(got[len(got)-1], ",") {
			// "Maria L, Alvarez": a middle initial's period OCR read as
			// a comma; no surname is one letter.
			w = string(r[0]) + "."
		}
		bare := strings.ToLower(strings.Trim(w, ".,"))
		if len(got) == 0 && (bare == "mr" || bare == "mrs" || bare == "ms" || bare == "dr" || bare == "miss" || salutations[bare]) {
			rest = i + 1
			continue
		}
		if !nameToken.MatchString(w) || nameStop[bare] && !credentials[bare] || misreadStop(bare) {
			break
		}
		if len(got) >= 2 && nameEnders[bare] {
			// "Name Maria Alvarez Tester Helen Park": a form's next label,
			// printed without its colon, ends the name before it.
			break
		}
		if len(got) > 0 && sentenceWord(got[0], w) {
			// "ELENA V. MARKOVIC holds an active license": a name printed
			// in a sentence ends where the sentence's own words begin.
			break
		}
		if m := gluedInitial.FindStringSubmatch(w); m != nil {
			// "DeepaJ. Taylor": OCR lost the space before a middle
			// initial; no name ends in a capital and a period.
			got = append(got, m[1])
			w = m[2]
		}
		got = append(got, w)
		rest, end = i+1, start+loc[1]
		if strings.HasSuffix(w, ",") && i+1 < len(words) {
			var after []string
			for _, l := range words[i+1:] {
				after = append(after, s[start+l[0]:start+l[1]])
			}
			if credentialsFollow(got, after) {
				// "Samuel R. Brooks, RN": the rest is credentials.
				rest, end = len(words), len(s)
				break
			}
		}
	}
	if whole && rest < len(words) {
		for _, l := range words[rest:] {
			if t := strings.Trim(s[start+l[0]:start+l[1]], nameDebris); t != "" {
				return "", 0
			}
		}
	}
	// Drop credentials from the end, and a comma that only led to them;
	// not a two-letter surname spelt like one ("Minh Do", "Thi Ma") that
	// would leave a given name alone, nor one after the comma of
	// credentials ("Helen Park, MD" drops its MD).
	for len(got) > 0 && credentials[strings.ToLower(strings.Trim(got[len(got)-1], ".,"))] {
		last := got[len(got)-1]
		if len(got) == 2 && !strings.HasSuffix(got[0], ",") && !strings.HasSuffix(last, ".") && !initial(got[0]) &&
			len([]rune(strings.Trim(last, ".,"))) == 2 && strings.Trim(last, ".,") != strings.ToUpper(strings.Trim(last, ".,")) {
			break
		}
		got = got[:len(got)-1]
	}
	if len(got) > 0 {
		got[len(got)-1] = strings.TrimRight(got[len(got)-1], ",")
		if last := got[len(got)-1]; strings.HasSuffix(last, ".") && !initial(last) && !nameSuffixes[strings.ToLower(strings.TrimRight(last, "."))] {
			// The sentence's period: "... print name: Jasmine Okafor."
			got[len(got)-1] = strings.TrimRight(last, ".")
		}
	}
	if !plausibleName(got) {
		return "", 0
	}
	return strings.Join(got, " "), end
}

// gluedInitial is a given name and a middle initial OCR read as one word.
var gluedInitial = regexp.MustCompile(`^(\p{Lu}\p{Ll}+)(\p{Lu}\.)$`)

// salutations open a letter's greeting: "Dear Rosa Delgado," names Rosa
// Delgado, no one called Dear.
var salutations = map[string]bool{"dear": true, "hello": true, "hi": true, "greetings": true}

// subLabel is the label of a part of a name: "Last:", "First:", "M.I.:".
var subLabel = regexp.MustCompile(`(?i)^(?:last|first|middle|given|family|surname|m\.?i\.?|initial|suffix)s?:$`)

// sentenceWord reports that w, after a name's first word, is a word of
// the sentence around the name rather than of the name: in lower case
// after a capitalised first word, and no surname particle ("de", "van")
// or elided one ("d'Angelo").
func sentenceWord(first, w string) bool {
	fr, wr := []rune(first), []rune(w)
	if len(fr) == 0 || len(wr) == 0 || !unicode.IsUpper(fr[0]) || !unicode.IsLower(wr[0]) {
		return false
	}
	bare := strings.ToLower(strings.Trim(w, ".,"))
	if particles[bare] || len(wr) > 2 && (wr[1] == '\'' || wr[1] == '’') {
		return false
	}
	return true
}

// plausibleName keeps OCR debris ("CCC OCC CT", "pm AD") from passing for
// a name: two to five words (particles aside), two of them real words (two letters or more,
// with a vowel), a first word that is not a bare letter, and no word in
// lower case beside capitalised ones unless it is a surname particle.
func plausibleName(words []string) bool {
	// Surname particles aside: "Maricel Del Rosario Van der Berg" is
	// three words of a name and three particles.
	plain := 0
	for _, w := range words {
		if !particles[strings.ToLower(strings.Trim(w, ".,"))] {
			plain++
		}
	}
	if len(words) < 2 || plain > 5 || len(words) > 7 {
		return false
	}
	if first := words[0]; len([]rune(first)) == 1 {
		return false
	}
	long, lower, capital := 0, 0, 0
	for i, w := range words {
		bare := strings.Trim(w, ".,")
		// A particle standing alone as the surname ("LE, MINH", "Thu
		// Le") is a word of the name, not the start of one.
		alone := strings.HasSuffix(w, ",") || i == len(words)-1
		if particles[strings.ToLower(bare)] && !alone || nameSuffixes[strings.ToLower(bare)] {
			continue
		}
		if len([]rune(bare)) > 1 {
			if !strings.ContainsAny(strings.ToLower(bare), "aeiouyáéíóúàèìòùäëïöüâêîôûãõ") && !vowelless[strings.ToLower(bare)] {
				return false
			}
			long++
		}
		if r := []rune(bare)[0]; unicode.IsLower(r) {
			lower++
		} else {
			capital++
		}
	}
	return long >= 2 && (lower == 0 || capital == 0)
}

// vowelless are surnames printed without a vowel ("Ng").
var vowelless = wordSet(`ng`)

// readNameBefore reads the name that ends s, going back from its end:
// "ACLS Provider American Heart Association Amanda R Williams".
func readNameBefore(s string) string {
	words := strings.Fields(s)
	var got []string
	for i := len(words) - 1; i >= 0 && len(got) < 4; i-- {
		w := fixNameDigits(words[i])
		bare := strings.ToLower(strings.Trim(w, ".,"))
		if !nameToken.MatchString(w) || nameStop[bare] || misreadStop(bare) || credentials[bare] && len(got) > 0 {
			break
		}
		if credentials[bare] {
			continue
		}
		if len(got) >= 2 && nameEnders[bare] {
			// "Name Maria Alvarez Tester Helen Park": a form's next label,
			// printed without its colon, ends the name before it.
			break
		}
		if len(got) > 0 && sentenceWord(got[0], w) {
			// "the individual named Maria Alvarez".
			break
		}
		if len(got) == 0 {
			w = strings.TrimRight(w, ",")
		}
		// A comma inside stays: "ALVAREZ, MARIA" is a surname first.
		got = append([]string{w}, got...)
	}
	if !plausibleName(got) {
		return ""
	}
	return strings.Join(got, " ")
}

// credentialsFollow reports that the words after a comma are credentials:
// known ones, or capitals after a name that is not itself in capitals
// ("ALVAREZ, MARIA L" is a surname first, not credentials).
func credentialsFollow(name, after []string) bool {
	shouting := strings.ToUpper(strings.Join(name, " ")) == strings.Join(name, " ")
	for _, w := range after {
		bare := strings.ToLower(strings.Trim(w, ".,"))
		if credentials[bare] || !shouting && credentialShape.MatchString(w) {
			continue
		}
		return false
	}
	return true
}

// fixNameDigits repairs OCR digits inside a word of letters ("A1varez",
// "0'BRIEN"), choosing the letter's case from its neighbours.
func fixNameDigits(w string) string {
	letters, digits := 0, 0
	for _, r := range w {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.IsDigit(r):
			digits++
		}
	}
	if digits == 0 || letters < 2 || digits > 2 {
		return w
	}
	rs := []rune(w)
	upper := 0
	for _, r := range rs {
		if unicode.IsUpper(r) {
			upper++
		}
	}
	shouting := upper*2 > letters
	for i, r := range rs {
		var lo, up rune
		switch r {
		case '0':
			lo, up = 'o', 'O'
		case '1':
			lo, up = 'l', 'I'
		case '5':
			lo, up = 's', 'S'
		case '8':
			lo, up = 'b', 'B'
		default:
			if unicode.IsDigit(r) {
				return w
			}
			continue
		}
		if shouting || i == 0 {
			rs[i] = up
		} else {
			rs[i] = lo
		}
	}
	return string(rs)
}

// fixCapitalCase restores a capital OCR read in lower case inside a name
// printed in capitals ("KENJi", "NGUYEn"): one small letter among three
// capitals or more, past the second letter (a particle's own small
// letters, "DiMAGGIO", "McCARTHY", stand as printed).
func fixCapitalCase(w string) string {
	rs := []rune(w)
	upper, lower, at := 0, 0, -1
	for i, r := range rs {
		switch {
		case unicode.IsUpper(r):
			upper++
		case unicode.IsLower(r):
			lower++
			at = i
		}
	}
	if lower != 1 || upper < 3 || at < 2 {
		return w
	}
	rs[at] = unicode.ToUpper(rs[at])
	return string(rs)
}

// fixInitialI restores a capital I (or an accented one, Í) that OCR read
// as a lower-case l at the start of a capitalised word: "lbanez-MacKenzie",
// "lvanova". An English word opens with "l" and a consonant only before
// "l" or "y" ("llama", "lymph"); a name seldom does.
func fixInitialI(w string) string {
	rs := []rune(w)
	if len(rs) < 4 || rs[0] != 'l' || englishWords[strings.ToLower(w)] {
		return w
	}
	switch unicode.ToLower(rs[1]) {
	case 'a', 'e', 'i', 'o', 'u', 'y', 'l', 'á', 'é', 'í', 'ó', 'ú':
		return w
	}
	if !unicode.IsLetter(rs[1]) {
		return w
	}
	rs[0] = 'I'
	return string(rs)
}

// nameFinder reads a name at the start of s.
func nameFinder(s string) []hit {
	if n, end := readName(s, false); n != "" {
		start := len(s) - len(strings.TrimLeft(s, " :"))
		return []hit{{start: start, end: end, value: n}}
	}
	return nil
}

// holder finds the holder's name with no request to choose between
// equals (see chooseHolder): with guess set, a name of no known role may
// be taken where no label names the holder.
func (d *doc) holder(guess bool) (person, bool) {
	return chooseHolder(d, "", Holder{}, guess)
}

func personFrom(full string, conf float64) person {
	if ws := strings.Fields(full); len(ws) == 3 && !strings.Contains(full, ",") && initial(ws[2]) && !initial(ws[0]) && !initial(ws[1]) {
		// "ALVAREZ MARIA L": a registry's or a lab's LAST FIRST M order
		// with its comma left out; no surname is one letter.
		return person{full: full, first: ws[1], middle: ws[2], last: ws[0], conf: conf}
	}
	n := namematch.ParseFull(full)
	return person{full: full, first: n.First, middle: n.Middle, last: n.Last, conf: conf}
}

// nameParts reads a name printed as labelled parts (Last Name / First Name,
// Surname / Given Names, a driver license's LN / FN).
func (d *doc) nameParts() (person, bool) {
	partFinder := func(s string) []hit {
		s = strings.TrimSpace(strings.Trim(strings.TrimSpace(s), ":"))
		var got []string
		for i, w := range strings.Fields(s) {
			if i == 0 && ocrDebris(w) {
				// A field number or a mark OCR read before the value
				// ("6", "@", "©").
				continue
			}
			w = fixCapitalCase(fixNameDigits(w))
			if !nameToken.MatchString(w) || nameStop[strings.ToLower(strings.Trim(w, ".,"))] {
				break
			}
			got = append(got, strings.TrimRight(w, ","))
		}
		if len(got) == 0 || len(got) > 4 {
			return nil
		}
		return []hit{{start: 0, end: len(s), value: strings.Join(got, " ")}}
	}
	if p, ok := d.namePartRow(); ok {
		return p, true
	}
	last, okL := d.lookup(lastNameLabels, partFinder)
	first, okF := d.lookup(firstNameLabels, partFinder)
	if !okL || !okF {
		return person{}, false
	}
	given := strings.Fields(first.value.(string))
	if sharesWord(first.value.(string), last.value.(string)) {
		// One value read for two labels: the row under the labels was
		// misaligned.
		return person{}, false
	}
	p := person{first: given[0], middle: strings.Join(given[1:], " "), last: last.value.(string), conf: min(last.conf, first.conf)}
	if _, ok := d.lookup(firstOnlyLabels, partFinder); ok && len(given) > 1 && !slices.ContainsFunc(given, initial) {
		// "First Name: Mary Kate": what the form's first-name box holds
		// is the first name, two words or not ("Maria L." holds an
		// initial, which is a middle name's).
		p.first, p.middle = strings.Join(given, " "), ""
	}
	if mi, ok := d.lookup(middleLabels, partFinder); ok && p.middle == "" {
		// A row of captions over fewer words gives the middle name's
		// caption a word of its neighbour's.
		if m := mi.value.(string); !sharesWord(m, p.first+" "+p.last) && len(strings.Fields(m)) <= 3 {
			p.middle = m
		}
	}
	p.full = strings.Join(strings.Fields(p.first+" "+p.middle+" "+p.last), " ")
	return p, true
}

// namePartRow reads a row of name-part captions over (or under) a row of
// name words whose spacing is lost: "Cohen Chloé" / "Last Name First Name
// MI". Each caption takes one word in order, the middle initial being
// optional; anything else is too ambiguous to split.
func (d *doc) namePartRow() (person, bool) {
	for i := range d.lines {
		if !d.labelOnly(i) {
			continue
		}
		var parts []string
		for _, m := range d.labelRow(i) {
			switch {
			case labelIn(m.text, lastNameLabels):
				parts = append(parts, "last")
			case labelIn(m.text, firstNameLabels):
				parts = append(parts, "first")
			case labelIn(m.text, middleLabels):
				parts = append(parts, "middle")
			default:
				parts = append(parts, "")
			}
		}
		if !slices.Contains(parts, "last") || !slices.Contains(parts, "first") || slices.Contains(parts, "") {
			continue
		}
		order := []int{d.nextNonEmpty(i), d.prevNonEmpty(i)}
		if d.captionsBelow() {
			order[0], order[1] = order[1], order[0]
		}
		for _, k := range order {
			if k < 0 || d.startsWithLabel(k) {
				continue
			}
			words := strings.Fields(d.lines[k])
			if parts[len(parts)-1] == "middle" && len(words) == len(parts) && !initial(words[len(words)-1]) {
				// "Ten Eyck Whitney" under "Last Name First Name MI": the
				// last word is no initial, so a particle joins the
				// surname.
				words = glueParticles(words)
			}
			if parts[len(parts)-1] == "middle" && len(words) == len(parts)-1 {
				parts = parts[:len(parts)-1]
			}
			if len(words) != len(parts) {
				continue
			}
			named := map[string]string{} // part -> word
			ok := true
			for j, w := range words {
				w = strings.TrimRight(fixNameDigits(w), ",")
				if !nameToken.MatchString(w) || nameStop[strings.ToLower(w)] {
					ok = false
					break
				}
				named[parts[j]] = w
			}
			if ok {
				p := person{first: named["first"], middle: named["middle"], last: named["last"], conf: 0.8}
				p.full = strings.Join(strings.Fields(p.first+" "+p.middle+" "+p.last), " ")
				return p, true
			}
		}
	}
	return person{}, false
}

// nameDebris are marks that stand at a name's ends in OCR's reading or
// a form's blanks, never in the name.
const nameDebris = ":#|_~*<>\"`‘’“”»«•—–"

// ocrDebris reports that a word before a value is a mark or a number OCR
// read there, not part of it.
func ocrDebris(w string) bool {
	if len([]rune(w)) > 2 {
		return false
	}
	for _, r := range w {
		if unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// sharesWord reports that two names have a word in common, case aside.
func sharesWord(a, b string) bool {
	for _, x := range strings.Fields(a) {
		for _, y := range strings.Fields(b) {
			if strings.EqualFold(strings.Trim(x, ".,"), strings.Trim(y, ".,")) {
				return true
			}
		}
	}
	return false
}

// initial reports that w is an initial: one letter, perhaps a dot.
func initial(w string) bool { return len([]rune(strings.TrimRight(w, "."))) == 1 }

// glueParticles joins each surname particle to the word after it ("Ten
// Eyck", "De La Cruz").
func glueParticles(words []string) []string {
	var out []string
	glue := false
	for _, w := range words {
		if glue {
			out[len(out)-1] += " " + w
		} else {
			out = append(out, w)
		}
		glue = particles[strings.ToLower(strings.TrimRight(w, "."))]
	}
	return out
}

func labelIn(text string, ls []label) bool {
	for _, l := range ls {
		if l.text == text {
			return true
		}
	}
	return false
}

// certificateName reads the name that stands before "has successfully
// completed": at the end of the text before it on the same line, or on a
// line of its own above (a caption may follow it: "Ann Lee Holder:"),
// past at most two lines of another column interleaved by the text layer.
func (d *doc) certificateName() (p person, nameLine, phraseLine int, ok bool) {
	for i, line := range d.lines {
		loc := completedPhrase.FindStringIndex(line)
		if loc == nil {
			continue
		}
		if before := strings.TrimSpace(line[:loc[0]]); before != "" {
			if n := readNameBefore(before); n != "" {
				return personFrom(n, 0.8), i, i, true
			}
			continue
		}
		for k, n := i-1, 0; k >= 0 && n < 3; k-- {
			if strings.TrimSpace(d.lines[k]) == "" {
				continue
			}
			n++
			if name, end := readName(d.lines[k], false); name != "" && captionOnly(d.lines[k][end:]) {
				return personFrom(name, 0.85-0.05*float64(n-1)), k, i, true
			}
		}
	}
	return person{}, -1, -1, false
}

var caption = regexp.MustCompile(`^[A-Za-z' ]{1,20}:$`)

// captionOnly reports that what follows a name on its line is at most a
// caption ("Holder:") or punctuation.
func captionOnly(s string) bool {
	t := strings.TrimSpace(s)
	return t == "" || caption.MatchString(t)
}

// HolderName returns the name of the person a page is about, as printed,
// or "" when the page names nobody the way documents name their holder. It
// reads labels and certificate sentences only, never guesses, so that the
// segmenter does not split a document on a name that is not the holder's.
func HolderName(text string) string {
	p, ok := newDoc(text).holder(false)
	if !ok {
		return ""
	}
	return p.full
}

// splitSurnameEnd reports that prev and a lone capital with a comma after
// it are one family name OCR parted before its last letter, in a LAST,
// FIRST M order: prev is a word in capitals, and the rest of s (its words
// at after) is a given name and a middle initial, in capitals too. "First
// L, Last" ends in a family name, never in an initial.
func splitSurnameEnd(prev, s string, after [][]int) bool {
	if len(after) != 2 || len([]rune(prev)) < 3 || strings.ToUpper(prev) != prev || !allLetters(prev) {
		return false
	}
	given, mid := s[after[0][0]:after[0][1]], strings.TrimRight(s[after[1][0]:after[1][1]], ".")
	return len([]rune(given)) >= 2 && strings.ToUpper(given) == given && allLetters(given) &&
		len([]rune(mid)) == 1 && allLetters(mid) && strings.ToUpper(mid) == mid
}

// allLetters reports that w is letters only.
func allLetters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}
