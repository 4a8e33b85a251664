package extract

// Labels: how a label phrase is compiled to tolerate OCR, the list of
// every known label, and where a label stands as one.

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// label is a compiled label phrase. Letters accept their OCR look-alikes
// and spaces accept any punctuation, so "Exp1ration Date", "DateofBirth"
// and "D.O.B." are found.
type label struct {
	text string
	re   *regexp.Regexp
	// key is the label's skeleton (see skeleton): a line whose skeleton
	// does not contain it cannot match re, which spares running it. ""
	// when no key is known (a label with "#").
	key string
	// date marks the label of a date field: a row of labels over a row of
	// dates is matched among its date labels only.
	date bool
	// last: the field is the end of a range printed after the label
	// ("Valid: 03/2025 - 03/2027" is an expiry's label too).
	last bool
}

// phraseLabels are labels specific enough to be labels wherever they
// stand, even inside running text: every label of three words or more,
// and these.
var phraseLabels = map[string]bool{
	"awarded to": true, "presented to": true, "issued to": true, "granted to": true, "certifies that": true,
	"certify that": true, "acknowledges that": true, "established for": true, "your result": true,
	"examination of": true, "evaluation of": true, "assessment of": true,
}

func alwaysLabel(text string) bool {
	return phraseLabels[text] || len(strings.Fields(text)) >= 3
}

// confusable lists what OCR reads a letter as, and its accented forms
// (bilingual documents print "Prénoms", "Nationalité").
var confusable = map[rune]string{
	'i': `[il1|!íìîï]`, 'l': `[il1|!]`, 'o': `[o0óòôö]`, 's': `[s5]`, 'b': `[b8]`, 'e': `[ecéèêë]`,
	'a': `[aáàâä]`, 'u': `[uúùûü]`, 'n': `[nñ]`, 'c': `[cç]`, 't': `[tl]`,
}

func compileLabel(text string) label {
	var b strings.Builder
	b.WriteString(`(?i)`)
	// "make/model" is matched as "Make / Model" too.
	words := strings.Fields(strings.ReplaceAll(strings.ToLower(text), "/", " / "))
	// Short labels ("MI", "DL", "EXP") are matched as spelled: with OCR
	// look-alikes allowed, "mi" would match the "RN1" of "RN152589".
	short := len(strings.Join(words, "")) <= 4
	for wi, w := range words {
		if w == "/" {
			b.WriteString(`[\s]*/?`)
			continue
		}
		if wi > 0 {
			b.WriteString(`[\s._/:-]*`)
		}
		for _, r := range w {
			switch {
			case short && r != '.' && r != '#':
				b.WriteString(regexp.QuoteMeta(string(r)))
			case r == 'm':
				b.WriteString(`(?:m|rn)`)
			case r == 'd':
				b.WriteString(`(?:d|cl)`)
			case r == 'w':
				b.WriteString(`(?:w|vv)`)
			case r == '#':
				b.WriteString(`(?:#|no\.?|num(?:ber)?)`)
			case r == '.':
				b.WriteString(`\.?`)
			case confusable[r] != "":
				b.WriteString(confusable[r])
			default:
				b.WriteString(regexp.QuoteMeta(string(r)))
			}
		}
	}
	key := ""
	if !strings.Contains(text, "#") {
		key = skeleton(text)
	}
	return label{text: text, re: regexp.MustCompile(b.String()), key: key}
}

// skeleton reduces text to what every spelling a label's pattern accepts
// has in common: lower-case letters and digits only, each OCR look-alike
// and accented form folded into one letter (l, 1, |, t and í are all i),
// and m, d and w written as the rn, cl and vv OCR may read them. If a label's pattern matches a
// piece of a line, the label's skeleton is in the line's.
func skeleton(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case strings.ContainsRune("il1|!íìîït", r):
			b.WriteByte('i')
		case strings.ContainsRune("o0óòôö", r):
			b.WriteByte('o')
		case r == 's' || r == '5':
			b.WriteByte('s')
		case r == 'b' || r == '8':
			b.WriteByte('b')
		case strings.ContainsRune("ecéèêëç", r):
			b.WriteByte('e')
		case strings.ContainsRune("aáàâä", r):
			b.WriteByte('a')
		case strings.ContainsRune("uúùûü", r):
			b.WriteByte('u')
		case r == 'n' || r == 'ñ':
			b.WriteByte('n')
		case r == 'm':
			b.WriteString("rn")
		case r == 'd':
			// As "cl" folds.
			b.WriteString("ei")
		case r == 'w':
			b.WriteString("vv")
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// compileDateLabels is compileLabels for the labels of a date field.
//
// A date's caption may name its time with it ("Date/Time", "Collection
// Date/Time", "Date/Time Tested"): each label that is a date's ("date",
// "test date", "date tested") is also read so, just before its own form,
// so that the time's word does not hide the caption.
func compileDateLabels(texts ...string) []label {
	var all []string
	for _, t := range texts {
		var timed string
		switch {
		case t == "date" || strings.HasSuffix(t, " date"):
			timed = t + "/time"
		case strings.HasPrefix(t, "date "):
			timed = "date/time " + strings.TrimPrefix(t, "date ")
		}
		if timed != "" && !slices.Contains(texts, timed) {
			all = append(all, timed)
		}
		all = append(all, t)
	}
	out := compileLabels(all...)
	for i := range out {
		out[i].date = true
	}
	return out
}

// compileLabels compiles a field's labels. A group of labels bounds other
// fields' values only once it is listed in allLabels.
func compileLabels(texts ...string) []label {
	out := make([]label, len(texts))
	for i, t := range texts {
		out[i] = compileLabel(t)
	}
	return out
}

// knownLabels merges groups of labels into one list, each spelling once,
// where the group that lists it first puts it. A spelling is a date label
// when any date field reads by it.
func knownLabels(groups ...[]label) []label {
	var out []label
	at := map[string]int{}
	for _, g := range groups {
		for _, l := range g {
			if i, ok := at[l.text]; ok {
				out[i].date = out[i].date || l.date
				continue
			}
			at[l.text] = len(out)
			out = append(out, l)
		}
	}
	return out
}

func wordBoundary(line string, start, end int) bool {
	if start > 0 {
		r, _ := utf8.DecodeLastRuneInString(line[:start])
		if (unicode.IsLetter(r) || unicode.IsDigit(r)) && !fieldNumber.MatchString(line[:start]) {
			return false
		}
	}
	if end < len(line) {
		r, _ := utf8.DecodeRuneInString(line[end:])
		if unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// fieldNumber is a card's field number run into the label after it, as
// OCR reads the small print of a driver license ("3DOB", "4dExp",
// "15Sex"): AAMVA numbers the fields 1 to 18, some with a letter.
var fieldNumber = regexp.MustCompile(`(?:^|[^\pL\pN])1?\d[a-dA-D]?$`)

// labelLike tells a label from the same words in prose ("a negative result
// does not exclude...", "cleared without restrictions"): a label starts its
// line (after a field number, a bullet or a check box) or stands after a
// column gap or another label; elsewhere it needs a colon, a column gap or
// a number after it. labelEnds holds where other labels on the line end.
func labelLike(line string, start, end int, labelEnds map[int]bool) bool {
	before := line[:start]
	if strings.TrimSpace(line[end:]) == "." {
		// The end of a sentence wrapped onto its own line: "... using
		// the eCard code."
		return false
	}
	if lineLead(before) {
		return true
	}
	if strings.HasSuffix(before, "  ") || itemBreak(before) ||
		strings.HasSuffix(before, ";") || strings.HasSuffix(before, "; ") || labelEnds[len(strings.TrimRight(before, " /"))] {
		return true
	}
	after := line[end:]
	trimmed := strings.TrimLeft(after, " ")
	if strings.HasSuffix(before, "/") && !strings.HasSuffix(before, " /") && (trimmed == "" || strings.HasPrefix(after, "  ")) {
		// The English half of a bilingual label ("Petsa ng
		// Pagkawalang-bisa/Valid Until"), closing its cell.
		return true
	}
	switch {
	case strings.HasPrefix(trimmed, ":") || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, "="):
		return true
	case strings.HasPrefix(after, "  ") && trimmed != "":
		return true
	case len(after) > len(trimmed) && len(trimmed) > 0 && (unicode.IsDigit(rune(trimmed[0])) || strings.ContainsRune("<>O", rune(trimmed[0])) && len(trimmed) > 1 && unicode.IsDigit(rune(trimmed[1]))):
		return true
	}
	return false
}

// itemBreak reports that s ends in a mark that parts a line's cells or
// items ("|", "·", "•"), which a label after it opens.
func itemBreak(s string) bool {
	t := strings.TrimRight(s, " ")
	return strings.HasSuffix(t, "|") || strings.HasSuffix(t, "·") || strings.HasSuffix(t, "•")
}

// lineLead reports that what precedes a label on its line only leads
// into it: nothing, a field number ("4d", "3"), a bullet or a check box.
func lineLead(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" || len(t) <= 3 && (strings.ContainsAny(t, "0123456789") || !strings.ContainsFunc(t, unicode.IsLetter)) {
		return true
	}
	rest := t
	for _, re := range []*regexp.Regexp{checkedMark, uncheckedMark} {
		rest = re.ReplaceAllString(rest, "")
	}
	return len(strings.TrimSpace(rest)) <= 1
}

// allLabels is every label any field reads, plus words forms print as
// labels of fields no type keeps. A value ends where another label starts.
// A group left out of this list would let other fields' values run over
// its labels (TestEveryLabelGroupIsKnown). The order decides between
// labels matching the same text; it is the order the groups are declared
// in, file by file.
var allLabels = knownLabels(
	// credentials.go
	certIDLabels, trainingCenterLabels, licenseTypeLabels, licenseNumberLabels, licenseStatusLabels,
	licenseStateLabels, dlNumberLabels, addressLabels, passportNumberLabels, nationalityLabels,
	passportTranslationLabels, trainingCompletionLabels,
	// employment.go
	specialtyLabels, checklistDateLabels, senderLabels,
	// finders.go
	dobLabels, expiryLabels, issueLabels, completionLabels, collectionLabels, dateLabel, validityLabels,
	// health.go
	administeredLabels, readDateLabels, indurationLabels, mmHeading, tbResultLabels, tbProviderLabels, igraResultLabels,
	igraTestNames, labLabels, examDateLabels, cxrResultLabels, cxrProviderLabels, restrictionLabels,
	examinerLabels, drugResultLabels, testDateLabels, respiratorLabels, makerLabels, modelNumberLabel, fitResultLabels, bgDateLabels,
	bgResultLabels, vendorLabels,
	// immunization.go
	lotLabels, visLabels, titerDateLabels, titerResultLabels,
	// labels.go
	unkeptFieldLabels, trainingCenterWordings, certIDWordings, licenseNumberWordings, licenseStatusWordings,
	licenseStateWordings, dlNumberWordings, administeredWordings, readDateWordings, indurationWordings,
	tbProviderWordings, cxrProviderWordings, examinerWordings, labWordings, examDateWordings, restrictionWordings,
	drugResultWordings, fitResultWordings, respiratorWordings, bgResultWordings, vendorWordings, lotWordings,
	titerResultWordings, specialtyWordings, testDateWordings, nationalityWordings, passportNumberWordings, addressWordings,
	bgDateWordings, titerDateWordings, courseDatesLabels,
	// names.go
	nameLabels, lastNameLabels, firstNameLabels, middleLabels, firstOnlyLabels, otherPeopleLabels,
)

// unkeptFieldLabels are the words forms print as labels of fields no type
// keeps.
var unkeptFieldLabels = compileLabels(
	"sex", "gender", "age", "mrn", "phone", "fax", "address", "id", "time", "signature", "site", "lot", "lot number", "lot #",
	"route", "dept", "department", "position", "employer", "account", "ssn", "eyes", "hgt", "height", "wgt", "weight",
	"hair", "class", "rstr", "restr", "end", "dd", "donor id", "specimen", "specimen id", "order #", "reason for test",
	"specimen type", "package", "size", "test method", "method", "flag", "reference", "reference range", "instructor",
	"instructor id", "course director", "email", "e-mail", "tel", "cell", "mobile", "npi",
	"training center id", "training center city", "training center phone", "training center city, state",
	"multistate privilege", "multistate", "discipline", "public board orders",
	"course id", "verified", "received", "reported", "requisition", "ordering physician", "indication", "vaccine",
	"manufacturer", "dose", "date", "form", "mi", "type", "code", "place of birth", "authority", "time read",
	"reason", "years in specialty", "years of experience", "years experience", "visit type", "visit", "referring",
	"comparison", "clinical history", "history", "ordering", "client id", "user id", "printed", "score",
	"report date", "date reported", "reported date", "date received", "received date", "date received at lab", "date resulted",
	"date released", "date verified", "date reviewed", "dept.", "step 1", "step 2", "antigen", "exercises", "user seal check", "overall fit factor", "fit factor",
	"topics", "modules", "participant id", "vitals", "determination", "ordering provider", "mro",
	"medical review officer", "collector", "performing site", "in range", "out of range", "test name",
	// Numbers of other things, so that a bare "ID" never reads them.
	"tc id", "ts id", "training site id", "site id", "class id", "student id", "employee id", "member id",
	"patient id", "order id", "nurse id", "account id", "instructor #", "tc #",
)

// Other issuers' wordings of fields whose labels are declared with their
// readers, from the forms, cards and reports nurses bring: each group
// widens the group it is tied to in wordings, after that group's own
// labels.
var (
	trainingCenterWordings = compileLabels("provider/training center", "training center/site", "training center / site name",
		"authorized training center", "licensed training provider", "training facility", "training location",
		"class location", "course site", "course host", "host site", "hosting facility", "course sponsor",
		"sponsoring organization", "ts name", "training agency", "hosted by")
	certIDWordings = compileLabels("certification #", "card no", "card code", "ecard verification code",
		"certificate code", "cert code", "credential #", "serial #", "license/certificate #", "provider id",
		"ena #", "ena id", "verification number", "verification id", "validation code", "confirmation #",
		"completion code", "e-card code", "record no", "record number", "record #", "record id", "reference no",
		"reference number", "reference #", "ref no", "ref #", "credential no", "credential number", "registration no",
		"registration #", "ecard no", "card serial no", "id #", "id")
	licenseNumberWordings = compileLabels("credential #", "credential id", "license/certificate number", "license/registration number", "registration number",
		"certificate number", "rn license number", "rn license #", "nurse license number")
	licenseStatusWordings = compileLabels("status of license", "license standing", "standing")
	licenseStateWordings  = compileLabels("state of issue", "issuing board", "licensing board", "state board",
		"board of nursing", "issuing authority", "licensing authority")
	dlNumberWordings = compileLabels("4d idn", "idn", "4d no", "4d lic no", "driver license number", "driver's license number",
		"driver license no", "dl/id number", "dl/id #", "id card number")
	administeredWordings = compileDateLabels("placed on", "given on", "date/time placed", "date/time given",
		"date/time administered", "administered date", "date of test placement", "test placed", "injection date",
		"date injected", "immunization date", "date of immunization", "vaccine date", "date of service")
	readDateWordings = compileDateLabels("date interpreted", "interpretation date", "date of interpretation",
		"date evaluated", "read date/time", "date/time of reading", "reading date/time", "results read", "read at",
		"result date")
	indurationWordings = compileLabels("induration in mm", "induration mm", "mm induration", "reaction (mm)",
		"reaction size (mm)", "size (mm)", "measurement (mm)", "measurement", "millimeters of induration",
		"result in mm", "results (mm)", "reading in mm", "induration measurement", "transverse induration",
		"diameter of induration", "induration diameter")
	tbProviderWordings = compileLabels("clinic/facility", "facility/clinic", "testing site", "test site",
		"testing location", "clinic location", "place of service", "administered at", "provider/clinic",
		"health department")
	cxrProviderWordings = compileLabels("imaging center", "imaging location", "radiology facility", "performing facility",
		"place of service")
	examinerWordings = compileLabels("examining facility", "clinic/facility", "facility/clinic", "exam location",
		"examining clinic", "place of service")
	labWordings = compileLabels("testing lab", "testing facility", "reference laboratory", "laboratory name",
		"performing location", "laboratory")
	examDateWordings = compileDateLabels("date of evaluation", "evaluation date", "encounter date", "date of encounter",
		"date seen", "appointment date")
	restrictionWordings = compileLabels("duty restrictions", "work limitations", "activity restrictions")
	drugResultWordings  = compileLabels("overall test result", "mro determination", "final determination",
		"test outcome", "screen result", "drug screen result", "report result", "outcome")
	fitResultWordings = compileLabels("fit test status", "pass/fail result", "test outcome", "fit status",
		"qualitative result", "quantitative result")
	respiratorWordings = compileLabels("respirator brand/model", "mask make/model", "mask manufacturer/model",
		"n95 make/model", "n95 model/size", "respirator used", "model tested")
	bgResultWordings = compileLabels("overall recommendation", "recommendation", "adjudication status",
		"adjudication result", "final adjudication", "decision", "eligibility", "eligibility status",
		"hiring recommendation", "screening result", "background check result", "background result",
		"report outcome", "overall outcome", "overall rating", "check result")
	vendorWordings = compileLabels("screening provider", "background screening provider", "screening vendor",
		"report provided by", "provided by", "background check company", "screening firm")
	lotWordings         = compileLabels("lot/batch", "batch #", "lot/batch #")
	titerResultWordings = compileLabels("serology result", "result interpretation", "antibody status",
		"titer interpretation")
	specialtyWordings = compileLabels("area of practice", "practice area", "clinical area", "primary specialty",
		"specialty/unit")
	testDateWordings = compileDateLabels("date fitted", "fit date", "date of fit", "fit tested on", "test performed on",
		"date performed")
	nationalityWordings    = compileLabels("country of citizenship", "nationality/citizenship", "citizen of")
	passportNumberWordings = compileLabels("passport card no", "passport card number", "passport/document no")
	addressWordings        = compileLabels("street address", "home address", "residential address", "address of record")
	// courseDatesLabels label the days a course ran, printed as a range:
	// a card is issued as the course ends.
	courseDatesLabels = compileDateLabels("course dates", "class dates", "training dates", "dates of training",
		"dates of course", "course date(s)", "class date(s)", "dates attended", "course held")
	bgDateWordings = compileDateLabels("report completed on", "date closed", "closed date", "completed date/time",
		"report completion date", "date of completion")
	titerDateWordings = compileDateLabels("specimen collection date", "date of specimen collection", "date/time collected",
		"draw date", "result date")
)

// bareLabels are words that label a value only where they open their
// cell: after another word they end that thing's label ("Instructor ID #",
// "Course Code", "Order Number").
var bareLabels = map[string]bool{"id": true, "id #": true, "code": true, "number": true, "#": true}

// wordings ties each group of wordings to the group it widens; with last
// set, the field is the end of the range the wordings label.
var wordings = []struct {
	of, more []label
	last     bool
}{
	{issueLabels, validityLabels, false}, {expiryLabels, validityLabels, true}, {completionLabels, courseDatesLabels, true},
	{trainingCenterLabels, trainingCenterWordings, false}, {certIDLabels, certIDWordings, false},
	{licenseNumberLabels, licenseNumberWordings, false}, {licenseStatusLabels, licenseStatusWordings, false},
	{licenseStateLabels, licenseStateWordings, false}, {dlNumberLabels, dlNumberWordings, false},
	{administeredLabels, administeredWordings, false}, {readDateLabels, readDateWordings, false},
	{indurationLabels, indurationWordings, false}, {tbProviderLabels, tbProviderWordings, false},
	{cxrProviderLabels, cxrProviderWordings, false}, {examinerLabels, examinerWordings, false}, {labLabels, labWordings, false},
	{examDateLabels, examDateWordings, false}, {restrictionLabels, restrictionWordings, false},
	{drugResultLabels, drugResultWordings, false}, {fitResultLabels, fitResultWordings, false},
	{respiratorLabels, respiratorWordings, false}, {bgResultLabels, bgResultWordings, false}, {vendorLabels, vendorWordings, false},
	{lotLabels, lotWordings, false}, {titerResultLabels, titerResultWordings, false}, {specialtyLabels, specialtyWordings, false},
	{testDateLabels, testDateWordings, false}, {nationalityLabels, nationalityWordings, false},
	{passportNumberLabels, passportNumberWordings, false}, {addressLabels, addressWordings, false},
	{bgDateLabels, bgDateWordings, false}, {titerDateLabels, titerDateWordings, false},
}

// widenedGroups are the groups of wordings ties, each with its wordings
// after it, by the group's first label.
var widenedGroups = func() map[*label][]label {
	m := map[*label][]label{}
	for _, w := range wordings {
		all := append(append([]label(nil), m[&w.of[0]]...), w.more...)
		if len(all) == len(w.more) {
			all = append(append([]label(nil), w.of...), w.more...)
		}
		if w.last {
			for i := len(all) - len(w.more); i < len(all); i++ {
				all[i].last = true
			}
		}
		m[&w.of[0]] = all
	}
	return m
}()

// widened returns a field's labels with the other wordings of the field,
// when it has any. A group is known by its first label's address: the
// groups are package variables, never copied.
func widened(ls []label) []label {
	if len(ls) == 0 {
		return ls
	}
	if w, ok := widenedGroups[&ls[0]]; ok {
		return w
	}
	return ls
}

var parenthesised = regexp.MustCompile(`\([^()]*\)`)

// unknownLabel is a label's shape: a capitalised word, up to three more,
// and a colon.
var unknownLabel = regexp.MustCompile(`\s[A-Z][A-Za-z/#.()'-]*(?:\s+[A-Za-z/#.()'-]+){0,3}\s*:(?:\s|$)`)

// Labels as OCR misspells them: a letter put in, left out or read as
// another that is no look-alike ("Appkcant Name", "Date of Girth",
// "Instructer"). Only scanned lines are read so, and only labels long
// enough that a letter off still tells them from other words.

// labelSkeletons are allLabels' words as skeletons, in order, for the
// labels worth matching with a letter off, of two words or more (one
// word a letter off is as often another word: "patients"); nil for the
// others.
var labelSkeletons = func() [][]string {
	out := make([][]string, len(allLabels))
	for i, l := range allLabels {
		if l.key == "" {
			continue
		}
		var ws []string
		for _, w := range strings.Fields(l.text) {
			if s := skeleton(w); s != "" {
				ws = append(ws, s)
			}
		}
		if len(ws) >= 2 {
			out[i] = ws
		}
	}
	return out
}()

// misspeltLabels returns where labels stand on line, spelt with a letter
// or two off (see labelSkeletons), that the labels' own patterns did not
// find (have). A word of four letters or fewer must be spelt right, as
// must a known word in a label of two; one
// of up to eight may be a letter off, a longer one two; a label of under
// twelve letters may be a letter off in all, a longer one two.
func misspeltLabels(line string, have []labelMatch) []labelMatch {
	var spans [][]int
	var skels []string
	var known []bool
	for _, sp := range wordSpan.FindAllStringIndex(line, -1) {
		sk := skeleton(line[sp[0]:sp[1]])
		if sk == "" {
			// "/", "-": not a word of any label's skeleton.
			continue
		}
		w := strings.ToLower(strings.TrimFunc(line[sp[0]:sp[1]], func(r rune) bool { return !unicode.IsLetter(r) }))
		spans, skels, known = append(spans, sp), append(skels, sk), append(known, englishWords[w] || formTerms[w])
	}
	taken := map[[2]int]bool{}
	for _, m := range have {
		taken[[2]int{m.start, m.end}] = true
	}
	var out []labelMatch
	for li, ws := range labelSkeletons {
		if ws == nil {
			continue
		}
		budget, letters := 1, 0
		for _, w := range ws {
			letters += len(w)
		}
		if letters >= 12 {
			budget = 2
		}
		for j := 0; j+len(ws) <= len(spans); j++ {
			// A word spelt right is no misspelling of another, but in a
			// phrase of three ("Date of Girth").
			var spelt []bool
			if len(ws) < 3 {
				spelt = known[j : j+len(ws)]
			}
			if edits, ok := misspelling(skels[j:j+len(ws)], ws, spelt, budget); !ok || edits == 0 {
				continue
			}
			start, end := spans[j][0], spans[j+len(ws)-1][1]
			// Punctuation after the label's last word (its colon) is not
			// the label's.
			end = start + len(strings.TrimRightFunc(line[start:end], func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
			if end <= start || taken[[2]int{start, end}] {
				continue
			}
			l := allLabels[li]
			out = append(out, labelMatch{start: start, end: end, text: l.text, date: l.date})
		}
	}
	return out
}

// misspelling returns how many letters words are off phrase, word by word,
// or false where they are no misspelling of it: a word of four letters or
// fewer must be spelt right, as must a word spelt[t] says is a word of its
// own; one of up to eight may be a letter off, a longer one two; budget
// letters off in all.
func misspelling(words, phrase []string, spelt []bool, budget int) (int, bool) {
	edits := 0
	for t, w := range phrase {
		s := words[t]
		switch {
		case s == w:
		case len(w) <= 4 || abs(len(s)-len(w)) > 2 || spelt != nil && spelt[t]:
			return 0, false
		case editsWithin(s, w, 1):
			edits++
		case len(w) > 8 && editsWithin(s, w, 2):
			edits += 2
		default:
			return 0, false
		}
		if edits > budget {
			return 0, false
		}
	}
	return edits, true
}
