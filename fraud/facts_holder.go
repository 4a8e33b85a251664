package fraud

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/clearedtostart/compliance/namematch"
	"github.com/clearedtostart/compliance/pagetext"
)

// The holder named twice. A forger who puts his own name on another's
// document retypes the name where it stands out (a certificate's large
// name, a lab report's header) and leaves the places he does not look
// at: the wallet card under it, the second page's header, the address
// block, the holder's e-mail address. A genuine document names one
// person in all of them, in varied forms (a middle name or its initial
// left out, capitals, "LAST, FIRST", a hyphenated surname of which one
// part is printed, a nickname), which never drop the surname altogether.
//
//	holder_mismatch             0.50  two places the document names its holder (a holder's caption such as "Patient:",
//	                                  "Employee Name:", "Licensee:"; the line after "This certifies that") name people
//	                                  sharing no surname, both read from a text layer
//	                            0.40  the same where either was read by OCR, every word at 90 and more (corroborates)
//	                            0.30  the holder's printed name against the holder's e-mail address of the form
//	                                  first.last@ naming another (corroborates only)
//
// Only a person's name counts (two words and more, no title such as
// "Dr.", no word of an organisation's name); a bare "Name:" caption counts
// only where the document prints no other bare "Name:" naming someone
// else (a form's sections: the holder, an emergency contact); documents
// that name other people as a matter of course (a résumé's references, a
// background check) are not judged; and exactly two people must be named,
// the one retyped and the one left.

// CodeHolderMismatch: two places a document names its holder name
// different people.
const CodeHolderMismatch = "holder_mismatch"

// holderCaptions are the captions after which a document prints its
// holder's name (lower case, without the colon): the whole caption, so
// that "Provider Name:" (a physician on a lab form) or "Instructor:" is
// none.
var holderCaptions = map[string]bool{
	"name": true, "full name": true, "legal name": true, "name of holder": true, "holder": true, "holder name": true,
	"patient": true, "patient name": true, "patient's name": true, "patient full name": true,
	"employee": true, "employee name": true, "employee's name": true,
	"licensee": true, "licensee name": true, "name of licensee": true,
	"donor": true, "donor name": true, "student": true, "student name": true, "participant": true, "participant name": true,
	"candidate": true, "candidate name": true, "applicant": true, "applicant name": true, "recipient": true, "recipient name": true,
	"cardholder": true, "card holder": true, "cardholder name": true, "certificate holder": true, "issued to": true,
	// A typed signature, where the caption says whose (a bare
	// "Signature:" is as often the instructor's or the examiner's).
	"signature of licensee": true, "licensee signature": true, "licensee's signature": true, "signature of holder": true,
	"holder signature": true, "holder's signature": true, "cardholder signature": true, "employee signature": true,
	"patient signature": true, "student signature": true, "participant signature": true,
}

// streetLine starts a postal address's street line (a number and a
// street name), zipLine ends its city line (a state and a ZIP code).
var (
	streetLine = regexp.MustCompile(`^\d{1,6}[A-Z]?\s+[A-Za-z]`)
	zipLine    = regexp.MustCompile(`\b[A-Z]{2}\.?\s+\d{5}(?:-\d{4})?\s*$`)
)

// holderEmailCaptions are the captions of the holder's own e-mail
// address (a training center's contact address is not the holder's).
var holderEmailCaptions = map[string]bool{
	"employee email": true, "patient email": true, "student email": true, "participant email": true, "licensee email": true,
	"applicant email": true, "candidate email": true, "employee email address": true, "patient email address": true,
}

// certifiesThat ends the phrase a certificate prints before its holder's
// name, on the same line or the line above it.
var certifiesThat = regexp.MustCompile(`(?i)\b(?:certif(?:y|ies)\s+that|(?:awarded|presented|granted)\s+to)\s*:?\s*$`)

// certifiesThatIn is the same phrase with the name after it on its line.
var certifiesThatIn = regexp.MustCompile(`(?i)\b(?:certif(?:y|ies)\s+that|(?:awarded|presented|granted)\s+to)\s*:?\s`)

// personalEmail is an address of the form first.last@ (digits may
// follow): the only form that names its owner plainly.
var personalEmail = regexp.MustCompile(`^([A-Za-z]{2,})[._]([A-Za-z]{2,})\d*@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$`)

// notPersonWords end or rule out a name: titles, and words of an
// organisation's name a caption like "Name:" may also precede.
var notPersonWords = map[string]bool{
	"dr": true, "mr": true, "mrs": true, "ms": true, "miss": true, "prof": true, "of": true, "the": true, "and": true,
	"provider": true, "course": true, "card": true, "certificate": true, "program": true, "instructor": true, "director": true,
	"test": true, "result": true, "results": true, "negative": true, "positive": true, "date": true, "signature": true,
	"diagnostics": true, "pharmacy": true, "partners": true, "associates": true, "practice": true, "medicine": true,
	"occupational": true, "wellness": true, "foundation": true, "national": true, "council": true, "agency": true,
	"office": true, "division": true, "bureau": true, "commission": true, "american": true, "red": true, "cross": true,
	"registered": true, "nurse": true, "license": true, "licensed": true, "practical": true, "vocational": true,
	"institute": true, "center": true, "centre": true, "hospital": true, "clinic": true, "health": true, "laboratory": true,
	"laboratories": true, "labs": true, "lab": true, "university": true, "college": true, "county": true, "department": true,
	"services": true, "inc": true, "llc": true, "medical": true, "training": true, "association": true, "school": true,
	"company": true, "corporation": true, "group": true, "board": true, "state": true, "nursing": true, "care": true,
}

// holderNamedTypes: the document types that name no one but their
// holder in these places (a résumé names references, a background check
// other people's records, a checklist its evaluator).
func holderNamedType(t string) bool {
	switch t {
	case "resume", "background_check", "skills_checklist", "other", "":
		return false
	}
	return true
}

// holderName is one place a document names its holder.
type holderName struct {
	page    int
	line    int // the line's index on its page
	text    string
	tokens  []string // folded words of two letters and more, without suffixes
	surname []string // the surname's parts, folded
	ocr     bool     // read by OCR (surely: unsure readings are not kept)
	bare    bool     // after a bare "Name:" caption
	email   bool
}

// checkHolderNames flags a document naming its holder as two people.
func checkHolderNames(d *doc, s *signals) {
	if !holderNamedType(d.DocumentType) {
		return
	}
	var names []holderName
	for i, p := range d.Pages {
		names = append(names, holderNamesOn(p, d.first+i)...)
	}
	// Two bare "Name:" captions naming two people: a form's sections.
	var bare []holderName
	for _, n := range names {
		if n.bare {
			bare = append(bare, n)
		}
	}
bareNames:
	for i := range bare {
		for j := i + 1; j < len(bare); j++ {
			if !sameHolder(bare[i], bare[j]) {
				names = dropBare(names)
				break bareNames
			}
		}
	}
	// Exactly two people: group the names by agreement.
	var groups [][]holderName
	for _, n := range names {
		placed := false
		for g := range groups {
			if sameHolder(groups[g][0], n) {
				groups[g] = append(groups[g], n)
				placed = true
				break
			}
		}
		if !placed {
			groups = append(groups, []holderName{n})
		}
	}
	if len(groups) == 1 {
		checkHolderLabels(d, s, groups[0])
	}
	if len(groups) != 2 {
		return
	}
	// The two people must disagree with each other wherever they are
	// named: a name of one group agreeing with a name of the other (a
	// third form bridging the two) is one person.
	for _, a := range groups[0] {
		for _, b := range groups[1] {
			if sameHolder(a, b) {
				return
			}
		}
	}
	a, b := groups[0][0], groups[1][0]
	w := 0.50
	ocr := false
	for _, g := range groups {
		for _, n := range g {
			ocr = ocr || n.ocr
		}
	}
	if ocr {
		// By OCR a name read surely may still be another word taken
		// for it; a name read surely in two places of their own that
		// agree, against one place naming someone else, is not.
		w = 0.40
		if places(groups[0]) >= 2 || places(groups[1]) >= 2 {
			w = 0.50
		}
	}
	if a.email || b.email {
		if a.email && b.email {
			return
		}
		w = 0.30
	}
	s.addf(CodeHolderMismatch, w, &SignalEvidence{Page: a.page, Pages: uniquePages(a.page, b.page), Text: a.text, Value: b.text, Expected: "the same holder named wherever the document names its holder"},
		"the document names its holder %q in one place and %q in another, sharing no surname%s", a.text, b.text, ocrNote(a.ocr || b.ocr))
}

// places counts the lines of their own a group's names stand on.
func places(g []holderName) int {
	seen := map[[2]int]bool{}
	for _, n := range g {
		seen[[2]int{n.page, n.line}] = true
	}
	return len(seen)
}

func uniquePages(a, b int) []int {
	if a == b {
		return nil
	}
	if a > b {
		a, b = b, a
	}
	return []int{a, b}
}

func ocrNote(ocr bool) string {
	if ocr {
		return " (read by OCR, every word read surely)"
	}
	return ""
}

func dropBare(names []holderName) []holderName {
	var out []holderName
	for _, n := range names {
		if !n.bare {
			out = append(out, n)
		}
	}
	return out
}

// sameHolder: two names may be one person's: a part of either's surname
// is a word of the other (a middle or maiden name printed or not, one
// part of a hyphenated surname, "LAST, FIRST"), or one letter or so
// apart (a misreading; sameName's measure).
func sameHolder(a, b holderName) bool {
	return namesAPart(a.surname, b.tokens) || namesAPart(b.surname, a.tokens)
}

// namesAPart reports whether one of a surname's parts is one of a name's
// words, or one letter or so from it (sameName's measure).
func namesAPart(surname, words []string) bool {
	for _, p := range surname {
		for _, w := range words {
			if p == w || sameName(strings.ToUpper(p), strings.ToUpper(w)) {
				return true
			}
		}
	}
	return false
}

// holderNamesOn finds the places page p (upload page n) names its
// holder, each read surely.
func holderNamesOn(p pagetext.Page, n int) []holderName {
	var out []holderName
	add := func(hn holderName, line int) {
		hn.line = line
		out = append(out, hn)
	}
	lines := p.Lines()
	for li, l := range lines {
		text, _ := lineWithConfidence(l)
		if certifiesThat.MatchString(text) && li+1 < len(lines) {
			if hn, ok := personName(lines[li+1], n); ok {
				add(hn, li+1)
			}
			continue
		}
		if m := certifiesThatIn.FindStringIndex(text); m != nil {
			k := wordAt(l, m[1])
			if hn, ok := personName(l[k:], n); ok {
				add(hn, li)
			}
		}
		if li+2 < len(lines) && addressed(lines[li+1], lines[li+2]) {
			// A card or a letter mailed to its holder: the address
			// block's first line, the whole line, is the holder's name.
			// An issuer's own address starts with its name, which
			// personName refuses where it holds an organisation's word
			// and a known given name tells from a person's otherwise
			// ("Kaiser Permanente").
			if hn, ok := personName(l, n); ok && len(strings.Fields(hn.text)) == len(l) && knownGiven(hn) {
				add(hn, li)
			}
		}
		for i, w := range l {
			if !strings.HasSuffix(w.Text, ":") {
				continue
			}
			caption := captionBefore(l, i)
			switch {
			case holderCaptions[caption]:
				value := valueAfter(l, i)
				if len(value) == 0 {
					continue
				}
				if hn, ok := personName(value, n); ok {
					hn.bare = caption == "name"
					add(hn, li)
				}
			case holderEmailCaptions[strings.ReplaceAll(caption, "-", "")]:
				value := valueAfter(l, i)
				if len(value) == 0 || !wordSure(value[0]) {
					continue
				}
				m := personalEmail.FindStringSubmatch(value[0].Text)
				if m == nil {
					continue
				}
				first, last := strings.ToLower(m[1]), strings.ToLower(m[2])
				add(holderName{page: n, text: value[0].Text, tokens: []string{first, last}, surname: []string{last}, ocr: wordByOCR(value[0]), email: true}, li)
			}
		}
	}
	return out
}

// knownGiven: a word of the name is a given name namematch knows.
func knownGiven(hn holderName) bool {
	return slices.ContainsFunc(hn.tokens, namematch.KnownGivenName)
}

// addressed: street and city are the two lines of a postal address
// under a name, each read surely.
func addressed(street, city []pagetext.Word) bool {
	for _, l := range [][]pagetext.Word{street, city} {
		for _, w := range l {
			if !wordSure(w) {
				return false
			}
		}
	}
	st, _ := lineWithConfidence(street)
	ct, _ := lineWithConfidence(city)
	return streetLine.MatchString(st) && zipLine.MatchString(ct)
}

// captionBefore is the caption ending with the word l[i] (its colon
// dropped), lower case: the words before it back to the line's start,
// another caption's colon, a digit or a wide gap, at most four.
func captionBefore(l []pagetext.Word, i int) string {
	words := []string{strings.TrimSuffix(l[i].Text, ":")}
	for j := i - 1; j >= 0 && len(words) < 4; j-- {
		h := l[j].Box.Y1 - l[j].Box.Y0
		if strings.HasSuffix(l[j].Text, ":") || strings.ContainsAny(l[j].Text, "0123456789") || l[j+1].Box.X0-l[j].Box.X1 > 1.5*h {
			break
		}
		words = append([]string{l[j].Text}, words...)
	}
	return strings.ToLower(strings.Join(words, " "))
}

// valueAfter is the words after the caption l[i] on its line, while they
// follow each other closely, up to the next caption; none where the
// caption ends the line's words.
func valueAfter(l []pagetext.Word, i int) []pagetext.Word {
	var out []pagetext.Word
	for j := i + 1; j < len(l) && len(out) < 6; j++ {
		h := l[j].Box.Y1 - l[j].Box.Y0
		if j > i+1 && l[j].Box.X0-l[j-1].Box.X1 > 2*h {
			break
		}
		if strings.HasSuffix(l[j].Text, ":") {
			break
		}
		out = append(out, l[j])
	}
	return out
}

// personName reads a person's name at the start of words: two to five
// name words (letters, a hyphen or apostrophe, an initial's period, the
// comma of "LAST, FIRST"), every one read surely, two of them of two
// letters and more, no title or word of an organisation's or a course's
// name; the name ends at a word of lower case, a digit, "Page" or a wide
// gap. (namematch's given names leave too many out, Laura and Hannah
// among them, to ask for one.)
func personName(words []pagetext.Word, page int) (holderName, bool) {
	var kept []string
	ocr := false
	for j, w := range words {
		if j > 0 {
			h := w.Box.Y1 - w.Box.Y0
			if w.Box.X0-words[j-1].Box.X1 > 2*h {
				break
			}
		}
		t := w.Text
		core := strings.Trim(t, ".,'-’")
		if core == "" {
			break
		}
		if strings.IndexFunc(core, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '\'' && r != '’' && r != '.' }) >= 0 {
			break
		}
		if r := []rune(core)[0]; !unicode.IsUpper(r) {
			// A particle is a surname's ("de la Cruz"); other lower-case
			// words end the name ("has successfully completed").
			if !isParticle(core) {
				break
			}
		}
		if strings.EqualFold(core, "page") {
			break
		}
		if notPersonWords[strings.ToLower(strings.TrimRight(core, "."))] {
			return holderName{}, false
		}
		if !wordSure(w) {
			return holderName{}, false
		}
		ocr = ocr || wordByOCR(w)
		kept = append(kept, t)
		if len(kept) > 5 {
			return holderName{}, false
		}
	}
	if len(kept) < 2 {
		return holderName{}, false
	}
	text := strings.TrimRight(strings.Join(kept, " "), ",")
	hn := holderName{page: page, text: text, ocr: ocr}
	for _, part := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '-' || r == ',' || r == '.' }) {
		f := strings.ToLower(namematch.Fold(part))
		if len(f) < 2 || nameSuffix[f] {
			continue
		}
		hn.tokens = append(hn.tokens, f)
	}
	parsed := namematch.ParseFull(text)
	for _, part := range strings.FieldsFunc(parsed.Last, func(r rune) bool { return r == ' ' || r == '-' }) {
		f := strings.ToLower(namematch.Fold(part))
		if len(f) >= 2 && !isParticle(f) {
			hn.surname = append(hn.surname, f)
		}
	}
	if len(hn.tokens) < 2 || len(hn.surname) == 0 {
		return holderName{}, false
	}
	return hn, true
}

// nameSuffix are credentials and generations printed after a name.
var nameSuffix = map[string]bool{"jr": true, "sr": true, "ii": true, "iii": true, "iv": true, "rn": true, "lpn": true, "lvn": true,
	"bsn": true, "msn": true, "aprn": true, "np": true, "cna": true, "md": true, "do": true, "phd": true, "crna": true, "ccrn": true}

func isParticle(w string) bool {
	switch strings.ToLower(w) {
	case "de", "del", "della", "la", "las", "los", "da", "das", "dos", "di", "du", "van", "von", "der", "den", "ter", "ten", "le", "bin", "ibn", "al", "y", "e":
		return true
	}
	return false
}
