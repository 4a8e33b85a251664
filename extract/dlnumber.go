package extract

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/clearedtostart/compliance/idnumber"
)

// A license's number where the state's form says which of the card's
// numbers it is. OCR mangles the small caption before it ("4d DLN" read
// "44 cin:", "OLN", "1D NO") or splits the number at its printed spaces
// ("27 491 836", "S 530 118 402 761"), and the caption then finds a piece
// of it, or a neighbour's number (the document discriminator, an audit
// number), or nothing. A state that numbers its cards one way settles it:
// the one run of the card's words in the state's form is its number.

// spacedGroups is a number printed in groups one space apart, perhaps
// after its letter ("27 491 836", "S 530 118 402 761"): three groups or
// more, the first of two digits or more, the rest of three or four (a
// two-digit word after it is another field's, "15 SEX").
var spacedGroups = regexp.MustCompile(`^[\s:#.]*((?:[A-Z] )?\d{2,4}(?: \d{3,4}){2,4})(?:[^\w/.-]|$)`)

// spacedNumber reads a number printed in spaced groups right where a
// value starts, not a date.
func spacedNumber(s string) []hit {
	m := spacedGroups.FindStringSubmatchIndex(s)
	if m == nil || len(findDates(s[m[2]:m[3]])) > 0 {
		return nil
	}
	return []hit{{start: m[2], end: m[3], value: s[m[2]:m[3]]}}
}

// numberRun is a run of words of capitals and digits one space or hyphen
// apart: a number's groups and whatever stands beside them.
var numberRun = regexp.MustCompile(`[A-Z0-9]+(?:[ -][A-Z0-9]+)*`)

// zipPlus4 is a ZIP code with its four more digits, never a number.
var zipPlus4 = regexp.MustCompile(`^\d{5}-\d{4}$`)

// otherNumberWords are captions of a card's other numbers: a run right
// after one is that number, not the license's.
var otherNumberWords = wordSet(`dd 0d od d0 oo 00 audit discriminator doc document inv inventory icn rev control ctrl
	dups dup class rest restr rstr end hgt wgt height weight zip phone tel veteran`)

// stateFormNumber reads the license number from the card's one run of
// words in the state's form, where the number read by its caption is
// none of the state's forms or was not read at all. The run must be
// printed in the form (a look-alike settled by the form at most once), be
// no date, no ZIP code and stand after no other number's caption; two
// runs in the form (a number printed twice agrees) leave it unread.
func (r *reading) stateFormNumber(state string) {
	n, ok := idnumber.StateLicense(state)
	if !ok || len(n.Fitted) == 0 {
		return
	}
	if v, ok := r.fields["license_number"].(string); ok && n.Matches(bareNumber(v)) {
		return
	}
	found := ""
	for _, line := range r.doc.lines {
		if strings.Count(line, "<") >= 3 {
			continue
		}
		for _, loc := range numberRun.FindAllStringIndex(line, -1) {
			run := line[loc[0]:loc[1]]
			for _, fr := range formRuns(n, run) {
				cand := fr.value
				before := strings.Fields(strings.ToLower(line[:loc[0]+fr.at]))
				if len(before) > 0 && otherNumberWords[strings.Trim(before[len(before)-1], ".,:;#")] {
					continue
				}
				if found != "" && bareNumber(found) != bareNumber(cand) {
					return
				}
				found = cand
			}
		}
	}
	if found == "" {
		return
	}
	conf := confUnsure
	if r.scanned() && r.numberOCR(found) < mixedNumberOCR {
		conf = confMRZFailed
	}
	delete(r.fields, "license_number")
	delete(r.conf, "license_number")
	r.set("license_number", found, conf)
}

// formRuns are the pieces of a run of words, whole words each, that are
// in one of the state's fitted forms as printed, or but for one
// look-alike the form settles (rewritten); never a date or a ZIP code.
func formRuns(n idnumber.LicenseNumbering, run string) []formRun {
	words := strings.FieldsFunc(run, func(c rune) bool { return c == ' ' || c == '-' })
	starts := make([]int, 0, len(words))
	at := 0
	for _, w := range words {
		k := strings.Index(run[at:], w) + at
		starts = append(starts, k)
		at = k + len(w)
	}
	var out []formRun
	for i := range words {
		for j := i; j < len(words); j++ {
			piece := run[starts[i] : starts[j]+len(words[j])]
			at := starts[i]
			bare := bareNumber(piece)
			if len(bare) > 20 {
				break
			}
			if len(findDates(piece)) > 0 || zipPlus4.MatchString(piece) || strings.Count(piece, "") < 8 {
				continue
			}
			if strings.Count(piece, " ") == 1 && strings.Count(piece, "-") >= 2 {
				// A number printed in groups between hyphens, one of
				// which OCR read as a space ("F434 966-89-086-0").
				piece = strings.ReplaceAll(piece, " ", "-")
			} else if strings.Contains(piece, " ") && strings.Contains(piece, "-") {
				continue
			}
			if n.Matches(bare) {
				out = append(out, formRun{at, piece})
				continue
			}
			if fixed, ok := n.Fit(piece); ok && changed(piece, fixed) == 1 && n.Matches(bareNumber(fixed)) {
				out = append(out, formRun{at, fixed})
			}
		}
	}
	return out
}

// formRun is a run in a state's form: where it starts in its words, and
// its value.
type formRun struct {
	at    int
	value string
}

// bareNumber is a number without its spaces and hyphens.
func bareNumber(s string) string { return strings.NewReplacer(" ", "", "-", "").Replace(s) }

// changed counts the characters two readings of one length differ by.
func changed(a, b string) int {
	if len(a) != len(b) {
		return len(a) + len(b)
	}
	n := 0
	for i := range len(a) {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// faintDate is the OCR confidence (0-100) under which a card's date
// printed as one word is OCR's guess: a 110-dpi licence's expiry
// 09/24/2029 read 08/24/2029 at 65, while the dates read right on the
// made and generated scans stood at 70 or more.
const faintDate = 70

// doubtFaintDates makes a scanned card's dates uncertain where the one
// word that prints each was read under faintDate: no check digit vouches
// for a date's digits, and a month misread moves an expiry.
func (r *reading) doubtFaintDates(fields ...string) {
	if !r.scanned() {
		return
	}
	for _, f := range fields {
		v, ok := r.fields[f].(string)
		if !ok || len(v) != 10 {
			continue
		}
		seen, sure := false, false
		for _, p := range r.pages {
			for _, w := range p.Words {
				hs := findDates(w.Text)
				if len(hs) != 1 || hs[0].twoDigitY || hs[0].monthOnly ||
					fmt.Sprintf("%04d-%02d-%02d", hs[0].y, hs[0].m, hs[0].d) != v {
					continue
				}
				seen = true
				sure = sure || w.Confidence >= faintDate
			}
		}
		if seen && !sure {
			r.conf[f] = min(r.conf[f], confMRZFailed)
		}
	}
}

// expiryCaptionWords are a card's expiry captions, which OCR damages by a
// letter or two in small print ("Exe", "expe", "xpires:").
var expiryCaptionWords = []string{"exp", "expires", "expiry", "expiration"}

// damagedExpiryCaption makes surer a card's expiry guessed from the
// relation of its three dates (uncaptionedCardDates) where the one word
// before it on its line, after the field number 4b as OCR reads it, is an
// expiry caption a letter or two off: two things then say it is the
// expiry, as much as a caption read under its value does. Where no
// guess was made (a misread birth date breaks the three dates'
// relation), a date after both the field number and such a caption
// ("ab Exe 01/15/2030" of "4b EXP") is read at that confidence: the two
// still say it.
func (r *reading) damagedExpiryCaption() {
	if !r.scanned() {
		return
	}
	v, guessed := r.fields["expiration_date"].(string)
	if guessed && r.conf["expiration_date"] != confGuess || !guessed && r.has("expiration_date") {
		return
	}
	found := ""
	for _, line := range r.doc.lines {
		for _, h := range dateFinder(roleDate)(line) {
			hv, _ := h.value.(string)
			if guessed && hv != v {
				continue
			}
			before := strings.Fields(line[:h.start])
			numbered := len(before) == 2 && fieldFourB.MatchString(before[0])
			if numbered {
				before = before[1:]
			}
			if len(before) != 1 || !guessed && !numbered || !r.wordsReadSurely(line[h.start:h.end]) ||
				!damagedExpiryWord(before[0]) {
				continue
			}
			if guessed {
				r.conf["expiration_date"] = confCaptionBelow
				return
			}
			if found != "" && found != hv {
				return
			}
			found = hv
		}
	}
	if found != "" && found != r.fields["date_of_birth"] && found != r.fields["issue_date"] {
		r.set("expiration_date", found, confCaptionBelow)
	}
}

// damagedExpiryWord reports that a word is an expiry caption a letter
// or two off as OCR reads small print ("Exe", "expe", "xpires:").
func damagedExpiryWord(w string) bool {
	word := strings.ToLower(strings.Trim(w, ".,:;"))
	for _, c := range expiryCaptionWords {
		if word != c && len(word) >= 3 && (word[0] == 'e' || word[0] == 'x') && editDistance(word, c) <= min(2, len(c)/2) {
			return true
		}
	}
	return false
}

// fieldFourB is the field number 4b as OCR reads it.
var fieldFourB = regexp.MustCompile(`^(?:4b|4|40|4o|46|4h|ab|a4b)$`)

// confCaptionBelow is how sure a value is beside a caption OCR damaged
// that a second thing confirms.
const confCaptionBelow = 0.75

// editDistance is the Levenshtein distance between two short words.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// numberPiece is a word OCR may have split off a number: capitals and
// digits with a digit among them (no date's slash or hyphen).
var numberPiece = regexp.MustCompile(`^[A-Z0-9]*[0-9][A-Z0-9]*$`)

// shortPiece is a number's opening OCR set apart: one to three capitals
// or digits.
var shortPiece = regexp.MustCompile(`^[A-Z0-9]{1,3}$`)

// splitNumber makes a scanned number uncertain where its line prints it
// with a piece of more of it one space away: after it, a word of
// capitals and digits ("D1234 5678", "123 456 78"), not the next field's
// number before its caption ("9 CLASS C"); before it, one to three
// capitals or digits that are no caption's ("R N1234567", "RN 12
// 34567"). A value in the state's form is whole. OCR split the
// number, and the value read is only a part of what the card prints.
func (r *reading) splitNumber(field, state string) {
	v, ok := r.fields[field].(string)
	if !ok || !r.scanned() {
		return
	}
	form, known := idnumber.StateLicense(state)
	vouched := known && form.Matches(bareNumber(v))
	for _, line := range r.doc.lines {
		for at := 0; ; {
			k := strings.Index(line[at:], v)
			if k < 0 {
				break
			}
			k += at
			at = k + len(v)
			if k > 0 && isAlnum(line[k-1]) || at < len(line) && isAlnum(line[at]) {
				continue
			}
			if after := line[at:]; !vouched && strings.HasPrefix(after, " ") && !strings.HasPrefix(after, "  ") {
				next := strings.Fields(after)
				if len(next) > 1 && aamvaFieldNo.MatchString(next[0]) && !strings.ContainsAny(next[1], "0123456789") {
					// The next field's number and caption ("9 CLASS C").
					continue
				}
				if len(next) > 0 && numberPiece.MatchString(next[0]) && len(next[0]) <= 8 {
					r.conf[field] = min(r.conf[field], confLost)
					return
				}
			}
			if before := line[:k]; !vouched && strings.HasSuffix(before, " ") && !strings.HasSuffix(before, "  ") {
				if prev := strings.Fields(before); len(prev) > 0 {
					p := prev[len(prev)-1]
					if shortPiece.MatchString(p) && !idCaptionWords[strings.ToLower(p)] && !dlCaptionWord[strings.ToLower(p)] {
						r.conf[field] = min(r.conf[field], confLost)
						return
					}
				}
			}
		}
	}
}

// aamvaFieldNo is a card's field number (AAMVA's "9", "4b", "15").
var aamvaFieldNo = regexp.MustCompile(`^\d{1,2}[a-dA-D]?$`)

// dlCaptionWord are the short captions a license's number follows.
var dlCaptionWord = wordSet(`dl dln lic no id 4d rn lpn lvn aprn`)

// letterGroupedNumber is a license number led by a letter and printed in
// hyphened groups of digits ("W426-7182-9035-07", "M263-4418-9052"), the
// letter a group of its own on some cards ("K-184-227-305-611"): a shape
// no date, ZIP code or phone number has.
var letterGroupedNumber = regexp.MustCompile(`^[A-Z]-?\d{2,4}(?:-\d{2,4}){2,4}$`)

// groupedNumberAlone reads the license number that no caption gave (its
// caption misread "DOL NUMBER", "C4 NUMBER" over it) from the one word of
// the card in letterGroupedNumber's shape, as a guess.
func (r *reading) groupedNumberAlone() { r.numberAlone(letterGroupedNumber) }

// numberAlone sets license_number, as a guess, to the one word of the page
// in shape, where no number was read; two such words that differ leave it
// unread.
func (r *reading) numberAlone(shape *regexp.Regexp) {
	if _, read := r.fields["license_number"].(string); read {
		// Read, surely or doubted for a reason of its own.
		return
	}
	found := ""
	for _, line := range r.doc.lines {
		for _, w := range strings.Fields(line) {
			if w = strings.TrimRight(w, ".,;:"); shape.MatchString(w) {
				if found != "" && found != w {
					return
				}
				found = w
			}
		}
	}
	if found == "" {
		return
	}
	delete(r.fields, "license_number")
	r.set("license_number", found, confGuess)
}

// twiceShape is a license number as a card prints it whole in one word:
// digits, perhaps after a letter or two.
var twiceShape = regexp.MustCompile(`^[A-Z]{0,2}\d{6,13}$`)

// printedTwice reports that num is read as a whole word on two lines of
// the page or more: a card printing its number twice (across and up its
// edge, or over the portrait's ghost) gives two reads of it, of other
// print, and OCR misreading both alike is rare.
func (r *reading) printedTwice(num string) bool {
	if !twiceShape.MatchString(num) {
		return false
	}
	n := 0
	for _, line := range r.doc.lines {
		for _, w := range strings.Fields(line) {
			if alnumUpper(strings.Trim(w, ".,;:#")) == num {
				n++
				break
			}
		}
	}
	return n >= 2
}

// numberTwice reads, as a guess, the license number no caption gave
// (its caption misread past knowing, "op.no.") from the one word in
// twiceShape the card prints on two lines (printedTwice), after no
// caption of another number, in the state's form where all its forms are
// known; no date, and two such numbers leave it unread.
func (r *reading) numberTwice(state string) {
	if _, read := r.fields["license_number"].(string); read {
		return
	}
	form, known := idnumber.StateLicense(state)
	found := ""
	for _, line := range r.doc.lines {
		ws := strings.Fields(line)
		for k, w := range ws {
			w = strings.Trim(w, ".,;:#")
			if len(findDates(w)) > 0 || !r.printedTwice(w) || known && form.AllKnown() && !form.Matches(w) {
				continue
			}
			if k > 0 && afterOtherCaption(ws[k-1]) {
				return
			}
			if found != "" && found != w {
				return
			}
			found = w
		}
	}
	if found != "" {
		r.set("license_number", found, confGuess)
	}
}
