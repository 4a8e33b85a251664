package segmenter

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/adrg/strutil/metrics"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/classify"
	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/namematch"
)

// Features computes a page's split features from its text and its
// classification.
func Features(index int, text string, cls classify.Result) PageFeatures {
	f := PageFeatures{Index: index, Type: cls.Type, Confidence: cls.Confidence, Titled: cls.Titled}
	if f.Type == "" {
		f.Type = catalog.OtherType
	}
	f.Blank, f.Readable = blankOrReadable(text)
	if !f.Readable {
		// Nothing on the page can be trusted to link it to others.
		f.Type, f.Confidence, f.Titled = catalog.OtherType, cls.Confidence, false
		return f
	}
	f.PageNo, f.PageOf = pageNumber(text)
	f.Name = normalName(extract.HolderName(text))
	f.FormID = formID(text)
	f.Continues, f.ContinuesNext = continuation(text)
	f.FaxCover = faxCover(text, cls)
	f.Heading = heading(text)
	f.Encloses = enclosesRecord.MatchString(text)
	return f
}

// enclosesRecord is a letter's sending the record that follows it: "please
// find attached a copy of your immunization record", "enclosed are your
// results". A candidate's own letter listing what she attached ("I have
// attached my resume") sends several documents and introduces none.
var enclosesRecord = regexp.MustCompile(`(?i)\bplease\s+find\s+(?:attached|enclosed)\b|\b(?:enclosed|attached)\s+(?:is|are|please\s+find)\b|\b(?:is|are)\s+(?:enclosed|attached)\b`)

var blankNotice = regexp.MustCompile(`(?i)(?:intentionally|deliberately)\s+(?:left\s+)?blank|this\s+page\s+(?:is\s+)?(?:left\s+)?blank|^\s*blank\s*(?:page)?\s*$`)

// blankOrReadable tells a blank page (nothing on it, or only a "left
// blank" notice), an unreadable one (marks but no words: a photo, a
// smudge OCR made noise of) and a readable one.
func blankOrReadable(text string) (blank, readable bool) {
	visible, words := 0, 0
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			visible++
		}
	}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) >= 3 && hasVowel(w) {
			words++
		}
	}
	if visible < 4 {
		return true, false
	}
	if blankNotice.MatchString(text) && words <= 12 {
		return true, true
	}
	return false, visible >= 20 && words >= 3
}

func hasVowel(w string) bool {
	return strings.ContainsAny(strings.ToLower(w), "aeiouy")
}

var (
	pageOf      = regexp.MustCompile(`(?i)\b(?:page|pg\.?|p\.)\s*([0-9ilo]{1,3})\s*(?:of|/)\s*([0-9ilo]{1,3})\b`)
	pageOnly    = regexp.MustCompile(`(?i)\b(?:page|pg\.?)\s*([0-9ilo]{1,3})\b`)
	bareFrac    = regexp.MustCompile(`^\s*[-(]?\s*([0-9]{1,2})\s*/\s*([0-9]{1,2})\s*[-)]?\s*$`)
	faxHeader   = regexp.MustCompile(`(?i)\bfax\b|\bfrom\b|\b\d{1,2}:\d{2}\b`)
	pageDigitFx = strings.NewReplacer("i", "1", "I", "1", "l", "1", "o", "0", "O", "0")
)

// pageNumber reads "Page 2 of 3", "Pg. 2", "p. 2/3" or a lone "2/3"
// line, footers first. A fax machine's header ("10:15 FROM CLINIC FAX
// P.002/006") numbers the transmission, not the document, and is skipped.
func pageNumber(text string) (no, of int) {
	lines := strings.Split(text, "\n")
	num := func(s string) int {
		n, err := strconv.Atoi(pageDigitFx.Replace(s))
		if err != nil {
			return 0
		}
		return n
	}
	for i := len(lines) - 1; i >= 0; i-- {
		line := lines[i]
		if faxHeader.MatchString(line) {
			continue
		}
		if m := pageOf.FindStringSubmatch(line); m != nil {
			if k, n := num(m[1]), num(m[2]); k >= 1 && k <= n && n <= 200 {
				return k, n
			}
		}
		if m := bareFrac.FindStringSubmatch(line); m != nil {
			if k, n := num(m[1]), num(m[2]); k >= 1 && k <= n && n <= 50 {
				return k, n
			}
		}
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if faxHeader.MatchString(lines[i]) {
			continue
		}
		if m := pageOnly.FindStringSubmatch(lines[i]); m != nil {
			if k := num(m[1]); k >= 1 && k <= 200 {
				return k, 0
			}
		}
	}
	return 0, 0
}

// normalName reduces a name to what identifies a person across pages:
// first and last name, case and OCR look-alikes folded. Middle names and
// initials come and go between pages of one document.
func normalName(full string) string {
	n := namematch.ParseFull(full)
	if n.First == "" || n.Last == "" {
		return ""
	}
	return classify.Normalize(n.First) + " " + classify.Normalize(n.Last)
}

var formIDPattern = regexp.MustCompile(`(?i)\b(accession|specimen|requisition|report|order|case|control|form|reference|ccf)[ \t]*(?:id|no\.?|number|#)?[ \t]*[:#]?[ \t]*(?:no\.?|number|#|id)?[ \t]*[:#]?[ \t]*([A-Z0-9][A-Z0-9-]{3,})\b`)

// formID reads a labelled identifier of the document: a lab's accession
// or specimen number, a report or order number, a form number. The label
// kind is kept, because page 2 may print another kind of id.
func formID(text string) string {
	for _, m := range formIDPattern.FindAllStringSubmatch(text, -1) {
		v := strings.ToUpper(m[2])
		digits := 0
		for _, r := range v {
			if unicode.IsDigit(r) {
				digits++
			}
		}
		if digits < 3 {
			continue
		}
		v = strings.NewReplacer("O", "0", "I", "1", "L", "1").Replace(v)
		return strings.ToLower(m[1]) + ":" + v
	}
	return ""
}

var (
	continuedHere = regexp.MustCompile(`(?i)\(\s*cont(?:\.|inued|'d|’d)?\s*\)|\bcontinued\s+from\b|\bcont(?:'|’)d\b|\bcontinuation\b|^\s*[-–(]*\s*continued\s*[-–):]*\s*$`)
	continuedNext = regexp.MustCompile(`(?i)\bcontinued\s+on\s+(?:the\s+)?(?:next|following|reverse|back|other)\s+(?:page|side)|\bcontinued\s+on\s+page\s+\d+|\bsee\s+(?:next\s+page|reverse|back)\b|\(\s*over\s*\)|\bcontinued\s+overleaf\b`)
)

// continuation reads whether the page continues the previous one and
// whether it says it goes on.
func continuation(text string) (here, next bool) {
	next = continuedNext.MatchString(text)
	for _, line := range strings.Split(text, "\n") {
		if continuedNext.MatchString(line) {
			continue
		}
		if continuedHere.MatchString(line) {
			here = true
			break
		}
	}
	return here, next
}

var (
	faxTitle = regexp.MustCompile(`(?i)\bfax\s*cover\b|\bfacsimile\b|\bfax\s+transmittal\b|\bfax\s+transmission\b|\bcover\s+sheet\b`)
	faxCues  = []*regexp.Regexp{
		regexp.MustCompile(`(?i)^\s*to\s*:`), regexp.MustCompile(`(?i)^\s*from\s*:`), regexp.MustCompile(`(?i)^\s*re\s*:`),
		regexp.MustCompile(`(?i)\bpages?\b`), regexp.MustCompile(`(?i)\burgent\b`), regexp.MustCompile(`(?i)\bfor\s+review\b`),
		regexp.MustCompile(`(?i)\bplease\s+(?:comment|reply|recycle)\b`), regexp.MustCompile(`(?i)confidentiality\s+notice`),
		regexp.MustCompile(`(?i)^\s*cc\s*:`), regexp.MustCompile(`(?i)^\s*(?:phone|tel)\s*:`),
	}
	faxWord   = regexp.MustCompile(`(?i)\bfax\b`)
	facsimile = regexp.MustCompile(`(?i)\bfacsimile\b`)
)

// faxCover recognises a fax cover sheet: titled as one, or a page with
// fax routing fields, that the classifier did not take for a document.
func faxCover(text string, cls classify.Result) bool {
	if cls.Type != catalog.OtherType && cls.Confidence >= confident {
		return false
	}
	if faxTitle.MatchString(text) && (faxWord.MatchString(text) || facsimile.MatchString(text)) {
		return true
	}
	if !faxWord.MatchString(text) {
		return false
	}
	cues := 0
	for _, line := range strings.Split(text, "\n") {
		for _, c := range faxCues {
			if c.MatchString(line) {
				cues++
			}
		}
	}
	return cues >= 3
}

// headingNoun are the words a document's own title is named by ("Vaccine
// Administration Record", "Certificate of Tdap Immunization"), not a
// type's vocabulary: two records of one kind from two issuers carry two
// titles, and the classifier's Titled knows only the type's own.
var headingNoun = regexp.MustCompile(`(?i)\b(?:record|records|certificate|certification|report|card|form|verification|results?|statement|clearance|consent|letter|printout|receipt|attestation|documentation)\b`)

// headingLines is how far down a page its title and its issuer are
// looked for: a letterhead's name, address and telephone lines (or OCR's
// noise of a logo) come first.
const headingLines = 8

// issuerLine is a letterhead's address or telephone line: a state and ZIP
// code, or a telephone number.
var issuerLine = regexp.MustCompile(`\b[A-Z]{2},?\s+\d{5}(?:-\d{4})?\b|\(?\b\d{3}\)?[\s.-]*\d{3}[\s.-]\d{4}\b`)

// heading reads the title a page opens with under its issuer's address,
// folded to lower-case words of three letters or more: a short line of
// words that names a record, among the top lines with an address or
// telephone line. Label and value lines ("Patient: ...", "Date of
// vaccination 01/14/2026") are no title; a page with a title but no
// issuer block (a record's second page of doses under a heading of its
// own) has no heading.
func heading(text string) string {
	seen, issuer := 0, false
	title := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if seen++; seen > headingLines {
			break
		}
		if issuerLine.MatchString(line) {
			issuer = true
		}
		if title == "" {
			title = titleLine(line)
		}
	}
	if !issuer {
		return ""
	}
	return title
}

// titleLine folds line as a heading, or returns "" when it is none.
func titleLine(line string) string {
	if strings.ContainsAny(line, ":@") || !headingNoun.MatchString(line) {
		return ""
	}
	letters, digits, others := 0, 0, 0
	for _, r := range line {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.IsDigit(r):
			digits++
		case !unicode.IsSpace(r):
			others++
		}
	}
	if digits > 0 || letters < 8 || others*4 > letters {
		return ""
	}
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(line), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) >= 3 {
			words = append(words, w)
		}
	}
	if len(words) < 2 || len(words) > 8 {
		return ""
	}
	h := strings.Join(words, " ")
	if len(h) > 48 {
		h = h[:48]
	}
	return h
}

// sameHeading reports whether two pages' headings are one title, allowing
// for OCR's misreading a letter or two of it on one page.
func sameHeading(a, b string) bool {
	if a == b {
		return true
	}
	return metrics.NewLevenshtein().Distance(a, b)*5 <= max(len(a), len(b))
}
