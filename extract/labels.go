package extract

// Labels: how a label phrase is compiled to tolerate OCR, the list of
// every known label, and where a label stands as one.

import (
	"regexp"
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
	// date marks the label of a date field: a row of labels over a row of
	// dates is matched among its date labels only.
	date bool
}

// phraseLabels are labels specific enough to be labels wherever they
// stand, even inside running text: every label of three words or more,
// and these.
var phraseLabels = map[string]bool{
	"awarded to": true, "presented to": true, "issued to": true, "granted to": true, "certifies that": true,
	"certify that": true, "acknowledges that": true, "established for": true, "your result": true,
}

func alwaysLabel(text string) bool {
	return phraseLabels[text] || len(strings.Fields(text)) >= 3
}

// confusable lists what OCR reads a letter as, and its accented forms
// (bilingual documents print "Prénoms", "Nationalité").
var confusable = map[rune]string{
	'i': `[il1|!íìîï]`, 'l': `[il1|]`, 'o': `[o0óòôö]`, 's': `[s5]`, 'b': `[b8]`, 'e': `[ecéèêë]`,
	'a': `[aáàâä]`, 'u': `[uúùûü]`, 'n': `[nñ]`, 'c': `[cç]`,
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
	return label{text: text, re: regexp.MustCompile(b.String())}
}

// compileDateLabels is compileLabels for the labels of a date field.
func compileDateLabels(texts ...string) []label {
	out := compileLabels(texts...)
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
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
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
	if strings.HasSuffix(before, "  ") || strings.HasSuffix(before, "|") || strings.HasSuffix(before, "| ") ||
		strings.HasSuffix(before, ";") || strings.HasSuffix(before, "; ") || labelEnds[len(strings.TrimRight(before, " /"))] {
		return true
	}
	after := line[end:]
	trimmed := strings.TrimLeft(after, " ")
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
	dobLabels, expiryLabels, issueLabels, completionLabels, collectionLabels, dateLabel,
	// health.go
	administeredLabels, readDateLabels, indurationLabels, tbResultLabels, tbProviderLabels, igraResultLabels,
	igraTestNames, labLabels, examDateLabels, cxrResultLabels, cxrProviderLabels, restrictionLabels,
	examinerLabels, drugResultLabels, testDateLabels, respiratorLabels, fitResultLabels, bgDateLabels,
	bgResultLabels, vendorLabels,
	// immunization.go
	lotLabels, visLabels, titerDateLabels, titerResultLabels,
	// labels.go
	unkeptFieldLabels,
	// names.go
	nameLabels, lastNameLabels, firstNameLabels, middleLabels, otherPeopleLabels,
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
	"report date", "dept.", "step 1", "step 2", "antigen", "exercises", "user seal check", "overall fit factor", "fit factor",
	"topics", "modules", "participant id", "vitals", "determination", "ordering provider", "mro",
	"medical review officer", "collector", "performing site", "in range", "out of range", "test name",
)

var parenthesised = regexp.MustCompile(`\([^()]*\)`)

// unknownLabel is a label's shape: a capitalised word, up to three more,
// and a colon.
var unknownLabel = regexp.MustCompile(`\s[A-Z][A-Za-z/#.()'-]*(?:\s+[A-Za-z/#.()'-]+){0,3}\s*:(?:\s|$)`)
