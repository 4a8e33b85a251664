package extract

// The holder's name found by its role on the page. Every person's name the
// page prints is collected with what the page says about whose it is: the
// label beside it or over it ("Student", "Patient Name", "Instructor",
// "Reviewed by"), the caption under it ("Course Director", "Holder's
// Signature"), the section it stands in ("PHYSICIAN INFORMATION"), the
// credentials after it ("MD"), the certificate sentence around it ("This
// certifies that ... has successfully completed") and, where the page's
// words are known, how large it is printed. The holder is the best reading
// labelled as the holder's; without one, and where the type allows a
// guess (cards and IDs print no labels), the largest (else the first) name
// of no known role. Names of other people are never chosen, and words of
// a form ("Controlled Analgesia", "Denies History", "NORTH CAROLINA") are
// never taken for a name.
//
// The request's holder name only chooses between names of equal standing
// the page really prints; it never changes what is read, so a document of
// another person still reads as that person.

import (
	_ "embed"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/agnivade/levenshtein"

	"github.com/clearedtostart/compliance/namematch"
	"github.com/clearedtostart/compliance/pagetext"
)

// nameRole is whose a name is, as the page tells.
type nameRole int

const (
	roleUnknown nameRole = iota
	roleHolder
	// roleSigner is a name over or after a bare signature caption: as a
	// rule someone other than the holder, though holders sign their own
	// forms too, so it never overrules a label of the holder.
	roleSigner
	// roleOther is someone named as not the holder: an instructor, a
	// clinician, a reviewer, a director.
	roleOther
)

// Confidence of a name by how it was found, where no label lookup placed
// it.
const (
	// confCaption is a name by a caption or a label that names the holder
	// with no label lookup behind it ("Holder's Signature" under it).
	confCaption = 0.75
	// confAmbiguous is a guess among names of equal standing that the
	// request's name did not tell apart, or a labelled reading that
	// another reading of equal standing contradicts.
	confAmbiguous = 0.55
	// guessLines is how far down a page without word boxes a name is
	// guessed from: cards print their holder's name near the top.
	guessLines = 15
	// minGuessOCR is the least mean OCR confidence (0..100) of the words
	// of a name that may be guessed, and fullOCR the confidence from which
	// a guess is as sure as one read from a text layer.
	minGuessOCR = 60
	fullOCR     = 90
)

// nameReading is one name the page prints, with its role.
type nameReading struct {
	person
	role nameRole
	// line is the doc line the name stands on (-1 when not known).
	line int
	// size is the name's type size in points where the page's words are
	// known, else 0.
	size float64
	// generic marks a reading by a label that does not itself say whose
	// name it is ("Name", "Full Name"): it stands below a reading by a
	// label that does ("Patient Name"), however sure.
	generic bool
	// guessable marks a name standing alone (no label before it) that may
	// be guessed as the holder's.
	guessable bool
	// sectioned marks a role read from the section a name stands in, too
	// loose to unseat the same name labelled as the holder's elsewhere.
	sectioned bool
	// ocr is how surely OCR read the name's words (0..100; 100 for a text
	// layer's), which bounds how sure a guess of it can be.
	ocr float64
	// named marks a reading by a label that names the holder's role
	// ("Patient Name", "Student:").
	named bool
}

// wordFlags is a set of words.
type wordFlags map[string]bool

func (s wordFlags) has(w string) bool { return s[w] }

// holderNouns name the holder's role in a label of the holder's name.
var holderNouns = wordFlags(wordSet(`patient employee student donor applicant candidate participant licensee member
	examinee resident worker volunteer cardholder holder client learner trainee recipient attendee`))

func (n nameReading) key() string { return nameKey(n.full) }

// nameKey is a name's identity for comparing readings: its letters,
// folded, in order.
func nameKey(full string) string {
	return strings.ReplaceAll(namematch.Fold(namematch.ParseFull(full).Full()), " ", "")
}

// holderName reads the holder's name of the document being read, using
// its pages where known and the request's name to choose between equals.
func (r *reading) holderName(guess bool) (person, bool) {
	return chooseHolder(r.doc, r.typ, r.holder, guess)
}

// readHolder sets the holder's name fields, unless an earlier reading of
// the page (an ID's numbered fields, its barcode text) set them.
func (r *reading) readHolder(guess bool) {
	if r.has("full_name") {
		return
	}
	if p, ok := r.holderName(guess); ok {
		r.setPerson(p)
	}
}

// setPerson sets the name fields from one reading of a name, its parts
// split the way the request's name splits the same words.
func (r *reading) setPerson(p person) {
	p = p.splitAs(r.holder)
	if initial(p.last) && p.first != "" {
		// "KOWALCZY K. MAGDALENA R" read as FIRST ... LAST ends in an
		// initial: no surname is one letter, so the words are not in
		// the order read, and nothing here says theirs.
		p.conf = min(p.conf, confMRZFailed)
	}
	r.set("full_name", p.full, p.conf)
	r.set("first_name", p.first, p.conf)
	r.set("middle_name", p.middle, p.conf)
	r.set("last_name", p.last, p.conf)
}

// chooseHolder finds the holder's name among the names the document
// prints (see the file's comment).
func chooseHolder(d *doc, typ string, ctx Holder, guess bool) (person, bool) {
	rs := rolesFor(typ)
	lay := newLayoutIndex(d)
	var all []nameReading
	if p, ok := d.nameParts(); ok {
		all = append(all, nameReading{person: p, role: roleHolder, line: -1})
	}
	all = append(all, d.labelledNames(rs)...)
	if p, line, phrase, ok := d.certificateName(); ok {
		n := nameReading{person: p, role: roleHolder, line: line, ocr: fullOCR}
		if !lay.over(p.full, line, phrase) {
			// The text runs columns together: the name before the
			// sentence stands elsewhere on the page.
			n.role, n.guessable = roleUnknown, true
		}
		all = append(all, n)
	}
	all = append(all, d.inlineNames(rs)...)
	all = append(all, d.birthNames()...)
	all = append(all, d.datedNames()...)
	all = append(all, lay.standingNames(d, rs)...)
	for i := range all {
		d.unwrapName(&all[i])
		if all[i].size == 0 {
			all[i].size = lay.sizeOf(all[i].full, all[i].line)
		}
		if lay.ocr {
			d.qualifyGeneric(&all[i], rs)
		}
	}

	others := map[string]bool{}  // names given to someone else
	signers := map[string]bool{} // names by bare signature captions
	for _, n := range all {
		switch {
		case n.role == roleOther && !n.sectioned:
			others[n.key()] = true
		case n.role == roleSigner:
			signers[n.key()] = true
		}
	}
	var holders, unknown, signed []nameReading
	for _, n := range all {
		if notAName(strings.Fields(n.full)) {
			continue
		}
		guessable := n.guessable && (lay.sized || n.line >= 0 && n.line < guessLines)
		switch {
		case n.role == roleHolder && others[n.key()] && !n.named:
			// "Name: Bob Smith" where the page calls Bob Smith the
			// instructor; or a sentence read across columns ("Bob Smith
			// / has successfully completed"). A label that names the
			// holder's role ("Patient Name:") stands, though a clinician
			// on the page shares the name.
		case n.role == roleHolder:
			holders = append(holders, n)
		case n.role == roleUnknown && guessable && !others[n.key()] && !signers[n.key()]:
			unknown = append(unknown, n)
		case n.role == roleSigner && guessable && !others[n.key()]:
			signed = append(signed, n)
		}
	}
	if len(unknown) == 0 {
		// The name over a bare signature line: on a card with no other,
		// the holder's own (a Social Security card's).
		unknown = signed
	}
	if len(holders) > 0 {
		return pickHolder(holders, ctx, all), true
	}
	if lay.ocr {
		// A heading OCR misspelt ("SOCIAI SECURlTY") is no name for
		// being misspelt.
		unknown = slices.DeleteFunc(unknown, func(n nameReading) bool { return misreadWords(strings.Fields(n.full)) })
	}
	if len(unknown) == 0 {
		return person{}, false
	}
	if !guess {
		return d.headedName(unknown)
	}
	g := pickGuess(unknown, ctx, lay.sized, lay.ocr)
	if lay.ocr && d.labelDoubtsGuess(rs, g, all) {
		// The page labels the holder's name, and no name was read by the
		// label: on a scan the guess is some other name on the page as
		// likely as the holder's (an instructor's whose caption was lost
		// too). A text layer loses no words: there the label is a card's
		// own wording by the one name it prints (a Social Security card's
		// "established for"), and the name is the holder's.
		g.conf = min(g.conf, confLost)
	}
	if lay.ocr {
		for _, u := range unknown {
			if u.full == g.full && (lay.guessDoubted(u) || lay.nameCaptionUnread(u, rs)) {
				g.conf = min(g.conf, confLost)
				break
			}
		}
	}
	return g, true
}

// confLost is a guess a scan gives reason to doubt (see guessDoubted):
// reported uncertain, below the 0.5 that reports a field.
const confLost = 0.45

// guessDoubted reports that a name guessed as the holder's on a scan may
// be someone else's: the page prints the sentence a certificate prints
// under its holder's name ("... has successfully completed ..."), and the
// name does not stand over it, so the holder's own name, which does, was
// not read; or marks OCR could not read stand just before the name on its
// line, where its label was (an instructor's, a contact's: a card's
// small print is the first thing a poor scan loses).
func (lay *layoutIndex) guessDoubted(n nameReading) bool {
	me := -1
	for k, rn := range lay.runs {
		if (n.line < 0 || rn.line == n.line) && strings.Contains(squeeze(rn.text), squeeze(n.full)) {
			me = k
			break
		}
	}
	if me < 0 {
		return false
	}
	a := lay.runs[me]
	sentences, overOne := 0, false
	for _, rn := range lay.runs {
		if rn.page != a.page || !certificateSentence(rn.text) {
			continue
		}
		sentences++
		gap := rn.box.Y0 - a.box.Y1
		overlap := min(a.box.X1, rn.box.X1) - max(a.box.X0, rn.box.X0)
		if gap > -0.3*a.size && gap < 4*max(a.size, rn.size) && overlap > 0 {
			overOne = true
		}
	}
	if sentences > 0 && !overOne {
		return true
	}
	// The nearest run before the name on its line.
	prev := -1
	for k, rn := range lay.runs {
		if k == me || rn.page != a.page || rn.box.X1 > a.box.X0 || min(rn.box.Y1, a.box.Y1)-max(rn.box.Y0, a.box.Y0) <= 0 {
			continue
		}
		if prev < 0 || rn.box.X1 > lay.runs[prev].box.X1 {
			prev = k
		}
	}
	if prev < 0 {
		return false
	}
	p := lay.runs[prev]
	return a.box.X0-p.box.X1 < 10*a.size && speck(p, a.size)
}

// nameCaptionUnread reports that a name guessed on a scan stands over a
// caption of a name whose first words OCR misread past knowing whose it
// is ("lnstr. Name"): the caption may name an instructor.
func (lay *layoutIndex) nameCaptionUnread(n nameReading, rs roles) bool {
	for k, rn := range lay.runs {
		if (n.line >= 0 && rn.line != n.line) || !strings.Contains(squeeze(rn.text), squeeze(n.full)) {
			continue
		}
		c := lay.below(k)
		if c < 0 || !lay.captionOf(c) {
			return false
		}
		ws := labelWords(lay.runs[c].text)
		return len(ws) > 1 && ws[len(ws)-1] == "name" && rs.of(lay.runs[c].text) != roleHolder
	}
	return false
}

// speck reports that a run is marks OCR could not read as words: a
// letter or two, or type far smaller than the text beside it, read
// unsurely.
func speck(rn run, size float64) bool {
	letters := 0
	for _, r := range rn.text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			letters++
		}
	}
	return rn.conf < 50 && (letters <= 2 || rn.size < 0.5*size)
}

// certificateSentence reports that a run is the sentence a certificate
// prints under its holder's name, as OCR may misspell it: "has
// successfully completed", "Nas tuccesstuily Completed the".
//
// The sentence opens its run, a mark OCR read before it aside: one with
// its own subject ("This card verifies that the individual named has
// successfully completed ...") names no spot for the name.
func certificateSentence(t string) bool {
	if loc := completedPhrase.FindStringIndex(t); loc != nil {
		return len(strings.Fields(t[:loc[0]])) <= 1
	}
	ws := labelWords(t)
	for i, w := range ws {
		if i > 2 {
			break
		}
		if len(w) >= 10 && editsWithin(w, "successfully", 3) && i <= 2 {
			return true
		}
		if i > 0 && i+1 < len(ws) && editsWithin(w, "completed", 1) && ws[i+1] == "the" && editsWithin(ws[i-1], "has", 1) {
			return true
		}
	}
	return false
}

// headedName reads, on a report or a letter (whose holder is labelled as
// a rule), the holder's name that stands alone on its line under the
// page's title, with nothing labelling it: the only person the page names
// without a role.
func (d *doc) headedName(unknown []nameReading) (person, bool) {
	top := unknown[0]
	for _, u := range unknown {
		if u.line >= 0 && (top.line < 0 || u.line < top.line) {
			top = u
		}
	}
	if top.line < 0 || squeeze(d.lines[top.line]) != squeeze(top.full) || top.ocr < fullOCR {
		return person{}, false
	}
	above := 0
	for k := 0; k < top.line; k++ {
		if strings.TrimSpace(d.lines[k]) != "" {
			above++
		}
	}
	if above == 0 || above > headedLines {
		// The first line is a letterhead or a title, not the holder.
		return person{}, false
	}
	for _, u := range unknown {
		if !samePerson(u.person, top.person) {
			return person{}, false
		}
	}
	top.conf = min(top.conf, confGuess)
	return top.person, true
}

// labelledBefore reports that a label of the holder's name stands on
// line i with a name after it, before position end.
func (d *doc) labelledBefore(i, end int) bool {
	for _, m := range d.matchesOn(i) {
		if m.end <= end && m.like && labelIn(m.text, nameLabels) && len(nameFinder(d.lines[i][m.end:end])) > 0 {
			return true
		}
	}
	return false
}

// headedLines is how many lines (a letterhead, an address, a title) may
// stand over the holder's name heading a report.
const headedLines = 6

// birthNames reads the names a date of birth is given for: "AVERY,
// JONATHAN Q (DOB 07/19/1988)", "Re: Screening - Jonathan Avery, DOB
// ...", "Jonathan Avery (date of birth ...) received", a name alone on
// the line over "DOB: ...". The person whose birth date a page gives is
// the one it is about; a signer's or a reviewer's never is.
func (d *doc) birthNames() []nameReading {
	var out []nameReading
	for i, line := range d.lines {
		for _, m := range d.matchesOn(i) {
			if !labelIn(m.text, dobLabels) || d.shadowed(i, m.start, m.end, nil) {
				continue
			}
			before := strings.TrimRight(line[:m.start], " (,;:-–—[")
			if d.labelledBefore(i, m.start) {
				// "Patient: Brandt, Soren  DOB: ...": the label reads it.
				continue
			}
			if strings.TrimSpace(before) != "" {
				if n := readNameBefore(before); n != "" {
					out = append(out, nameReading{person: personFrom(n, confNextLine), role: roleHolder, line: i, ocr: fullOCR})
				}
				continue
			}
			if k := d.prevNonEmpty(i); k >= 0 && i-k <= 2 {
				if n, _ := readName(strings.TrimSpace(d.lines[k]), true); n != "" {
					out = append(out, nameReading{person: personFrom(n, confCaption), role: roleHolder, line: k, ocr: fullOCR})
				}
			}
		}
	}
	return out
}

// datedNames reads a name printed with a birth date after it and nothing
// else on its line ("Morgan Jefferson  Aug 31, 1999"): a form's first
// row whose captions a scan lost, or never printed. The person whose
// birth date a page gives is the one it is about; the reading is as
// loose as a bare "Name" label, so any label of the holder outranks it.
func (d *doc) datedNames() []nameReading {
	if d.asOf.IsZero() {
		return nil
	}
	var out []nameReading
	for i, line := range d.lines {
		if !strings.ContainsAny(line, "0123456789") || slices.ContainsFunc(d.matchesOn(i), func(m labelMatch) bool { return m.like }) {
			continue
		}
		name, end := readName(line, false)
		if name == "" {
			continue
		}
		rest := line[end:]
		hs := findDates(rest)
		if len(hs) != 1 || strings.TrimSpace(rest[:hs[0].start]) != "" || len(strings.Fields(rest[hs[0].end:])) > 0 {
			continue
		}
		born, ok := hs[0].birth(d.asOf)
		if age := d.asOf.Sub(born).Hours() / 24 / 365.25; !ok || age < 16 || age > 90 {
			continue
		}
		out = append(out, nameReading{person: personFrom(name, confGuess), role: roleHolder, line: i, ocr: fullOCR, generic: true})
	}
	return out
}

// misreadWords reports that a name as read is common words OCR may have
// misread, a letter apart each ("SOCIAI SECURITY"), none a given name.
func misreadWords(words []string) bool {
	for _, w := range words {
		w = strings.ToLower(strings.Trim(w, ".,'’-"))
		switch {
		case len([]rune(w)) <= 1 || particles[w]:
		case wordNames[w] || namematch.KnownGivenName(w):
			return false
		case !englishWords[w] && !formTerms[w] && !nearWord(w):
			return false
		}
	}
	return true
}

// nearWord reports that w, five letters or more, is a common English word
// or a form's term with one letter OCR confuses read as another ("sociai"
// for "social", "securlty" for "security").
func nearWord(w string) bool {
	if len(w) < 5 {
		return false
	}
	for i := 0; i < len(w); i++ {
		for _, c := range ocrLookAlikes[w[i]] {
			v := w[:i] + string(c) + w[i+1:]
			if englishWords[v] || formTerms[v] {
				return true
			}
		}
	}
	return false
}

// ocrLookAlikes are the letters OCR reads for each letter.
var ocrLookAlikes = map[byte]string{
	'i': "lt", 'l': "it", 't': "il", 'o': "ecau", 'e': "oc", 'c': "oe", 'a': "o", 'u': "no", 'n': "uhr", 'h': "nb",
	'r': "n", 'b': "h", 's': "", 'g': "q", 'q': "g", 'v': "y", 'y': "v", 'f': "t",
}

// pickHolder chooses among readings labelled as the holder's: the surest;
// where another name stands as surely, the one the request names, and
// failing that the first, with a confidence that says it may be wrong.
func pickHolder(holders []nameReading, ctx Holder, all []nameReading) person {
	sort.SliceStable(holders, func(i, j int) bool {
		if holders[i].generic != holders[j].generic {
			return !holders[i].generic
		}
		return holders[i].conf > holders[j].conf
	})
	best := holders[0]
	for _, h := range holders[1:] {
		// A longer reading of the same words (a run OCR cut short, a
		// surname on the next line) is the name; not one that runs on
		// into another person's name the page prints apart ("Maria
		// Alvarez" and, over the next caption, "Helen Park").
		if h.conf >= best.conf-0.05 && wordsWithin(best.full, h.full) && !runsIntoAnother(h, best, all) {
			h.conf, h.generic = max(h.conf, best.conf), best.generic
			best = h
		}
	}
	var rivals []nameReading
	for _, h := range holders {
		if h.generic == best.generic && h.conf >= best.conf-0.05 && !samePerson(h.person, best.person) &&
			!wordsWithin(h.full, best.full) && !(wordsWithin(best.full, h.full) && runsIntoAnother(h, best, all)) {
			rivals = append(rivals, h)
		}
	}
	return settle(best, rivals, ctx, confAmbiguous)
}

// settle chooses between best and the rivals that stand as well: best
// where none does or the request names it, else the rival the request
// names, else best, at most unsure.
func settle(best nameReading, rivals []nameReading, ctx Holder, unsure float64) person {
	if len(rivals) == 0 || matchesHolder(best.person, ctx) {
		return best.person
	}
	for _, h := range rivals {
		if matchesHolder(h.person, ctx) {
			return h.person
		}
	}
	best.conf = min(best.conf, unsure)
	return best.person
}

// runsIntoAnother reports that a longer reading holds, besides the words
// of best, the whole of another reading that shares none of best's words:
// two names a line runs together, not one name read whole.
func runsIntoAnother(longer, best nameReading, all []nameReading) bool {
	for _, o := range all {
		if o.key() == longer.key() || o.key() == best.key() || sharesWord(o.full, best.full) {
			continue
		}
		if wordsWithin(o.full, longer.full) && len(strings.Fields(o.full)) >= 2 {
			return true
		}
	}
	return false
}

// pickGuess chooses among names of no known role: the largest where the
// page's words are known, else the first; where several stand equal, the
// one the request names, else the first, with a lower confidence. On a
// scan (ocr) read for a request that names its holder, whose boxes are as
// high as OCR saw the ink, names within a quarter of each other's size
// stand equal, and a choice the request's name does not settle is
// uncertain: the instructor's name read cleanly beside the holder's is
// as likely as the holder's.
func pickGuess(unknown []nameReading, ctx Holder, sized, ocr bool) person {
	if sized {
		sort.SliceStable(unknown, func(i, j int) bool { return unknown[i].size > unknown[j].size+0.5 })
	}
	for i := range unknown {
		// A guess OCR read less than surely is less sure still: under 75
		// it falls below the 0.5 that reports a field.
		unknown[i].conf = min(unknown[i].conf, confGuess*min(1, unknown[i].ocr/fullOCR))
	}
	top := unknown[0]
	if top.conf < confUnsureRead {
		// The largest name read unsurely (a signature OCR misread,
		// "Erik Lindgqvist-Oyelaran") where the page prints the same
		// name again in type, read surely: that reading is the name.
		for _, u := range unknown[1:] {
			if u.conf >= confUnsureRead && misreadOf(top.person, u.person) {
				top = u
				break
			}
		}
	}
	equal, unsure := 0.9, confAmbiguous
	if ocr && strings.TrimSpace(ctx.FirstName) != "" && strings.TrimSpace(ctx.LastName) != "" {
		equal, unsure = 0.75, confLost
	}
	var peers []nameReading
	for _, u := range unknown[1:] {
		if !samePerson(u.person, top.person) && !misreadOf(u.person, top.person) && (!sized || u.size >= top.size*equal) {
			peers = append(peers, u)
		}
	}
	return settle(top, peers, ctx, unsure)
}

// splitAs splits the words of a printed name where the request's name
// splits the same words: a given name of two words ("Mary Grace") or two
// family names ("Garcia Lopez") that a name's words alone leave open. The
// words, and the name printed, stay as they are.
func (p person) splitAs(ctx Holder) person {
	words := strings.Fields(p.first + " " + p.middle + " " + p.last)
	firstN, lastN := len(strings.Fields(p.first)), len(strings.Fields(p.last))
	if len(words) < 3 {
		return p
	}
	fold := func(ws []string) string { return namematch.Fold(strings.Join(ws, " ")) }
	if cf := strings.Fields(ctx.FirstName); len(cf) > firstN && len(cf) < len(words)-lastN+1 &&
		fold(cf) == fold(words[:len(cf)]) {
		firstN = len(cf)
	}
	if cl := strings.Fields(ctx.LastName); len(cl) > lastN && len(cl) <= len(words)-firstN &&
		fold(cl) == fold(words[len(words)-len(cl):]) {
		lastN = len(cl)
	}
	if cl, cm := strings.Fields(ctx.LastName), strings.Fields(ctx.MiddleName); len(cl) > 0 && len(cl) < lastN && len(cm) > 0 &&
		len(words)-len(cl)-len(cm) >= firstN && fold(cl) == fold(words[len(words)-len(cl):]) &&
		fold(cm) == fold(words[len(words)-len(cl)-len(cm):len(words)-len(cl)]) {
		// "Maria Del Rosario Kowalski": a middle name of particles the
		// surname took ("Del Rosario") is the middle name the request
		// gives, before the surname it gives.
		lastN = len(cl)
	}
	if firstN+lastN > len(words) {
		return p
	}
	p.first = strings.Join(words[:firstN], " ")
	p.middle = strings.Join(words[firstN:len(words)-lastN], " ")
	p.last = strings.Join(words[len(words)-lastN:], " ")
	return p
}

// wordsWithin reports that the words of a are a shorter run of b's
// ("ANGELA NICOLLE" within "ANGELA NICOLLE SCHMIDT").
func wordsWithin(a, b string) bool {
	aw, bw := strings.Fields(strings.ToLower(strings.ReplaceAll(a, ",", ""))), strings.Fields(strings.ToLower(strings.ReplaceAll(b, ",", "")))
	if len(aw) == 0 || len(aw) >= len(bw) {
		return false
	}
	for i := 0; i+len(aw) <= len(bw); i++ {
		if slices.Equal(aw, bw[i:i+len(aw)]) {
			return true
		}
	}
	return false
}

// confUnsureRead is the confidence under which a name is not reported.
const confUnsureRead = 0.5

// misreadOf reports that a is b's name OCR misread by a letter or two in
// the family name: the same given name, a family name of five letters or
// more within two edits of b's.
func misreadOf(a, b person) bool {
	fold := func(s string) string { return strings.ReplaceAll(strings.Trim(namematch.Fold(s), ".,"), " ", "") }
	la, lb := fold(a.last), fold(b.last)
	return fold(a.first) != "" && fold(a.first) == fold(b.first) && len(lb) >= 5 && la != lb && editsWithin(la, lb, 2)
}

func samePerson(a, b person) bool {
	return nameKey(a.full) == nameKey(b.full) ||
		namematch.Match(namematch.Name{First: a.first, Middle: a.middle, Last: a.last},
			namematch.Name{First: b.first, Middle: b.middle, Last: b.last}).Match
}

// matchesHolder reports whether a printed name is the request's holder.
func matchesHolder(p person, ctx Holder) bool {
	if strings.TrimSpace(ctx.FirstName) == "" || strings.TrimSpace(ctx.LastName) == "" {
		return false
	}
	return namematch.Match(namematch.Name{First: ctx.FirstName, Middle: ctx.MiddleName, Last: ctx.LastName},
		namematch.Name{First: p.first, Middle: p.middle, Last: p.last}).Match
}

// genericNameLabels are labels of the holder's name that do not say whose
// name it is: in a section of another person ("Physician Information")
// they caption that person's.
var genericNameLabels = map[string]bool{
	"full name": true, "legal name": true, "name": true, "name (print)": true, "name of person": true,
	"person": true,
}

// labelledNames reads every name standing by a label of the holder's
// name, beside, under or over it, with its role: the holder's, unless
// the words before the label ("Training Center Coordinator Name") or the
// section it stands in say it is someone else's.
func (d *doc) labelledNames(rs roles) []nameReading {
	var out []nameReading
	seen := map[[3]int]bool{}
	for _, l := range nameLabels {
		for _, mode := range []lookupMode{anywhere, running} {
			for _, sp := range d.occurrences(l, mode != running, nameLabels) {
				v, ok := d.valueAt(sp, nameFinder, mode)
				if !ok || seen[[3]int{sp.line, sp.start, v.line}] {
					continue
				}
				seen[[3]int{sp.line, sp.start, v.line}] = true
				n := nameReading{person: personFrom(v.value.(string), v.conf), role: roleHolder, line: v.line,
					generic: genericNameLabels[l.text]}
				// "Patient Name: ..." says whose the name is, unlike a
				// caption a text layer may have run into another column.
				n.named = colonAfter(d.lines[sp.line], sp.end) && v.line == sp.line &&
					slices.ContainsFunc(labelWords(l.text), holderNouns.has)
				if n.generic && cutShort(d.lines[sp.line][:sp.start]) {
					// "r Name Victor Abernathy": OCR lost the label's first
					// word ("Instructor"), which may have named anyone.
					continue
				}
				switch lr := rs.of(d.cellWordsBefore(sp.line, sp.start) + " " + l.text); {
				case lr == roleOther || lr == roleSigner:
					n.role = lr
				case n.generic && d.sectionRole(sp.line, rs) == roleOther:
					n.role, n.sectioned = roleOther, true
				}
				out = append(out, n)
			}
		}
	}
	return out
}

// holderLabels returns where the page prints a label of the holder's
// name (one labelledNames would read the holder's), whatever stands by it.
func (d *doc) holderLabels(rs roles) []span {
	var out []span
	for _, l := range nameLabels {
		for _, sp := range d.occurrences(l, true, nameLabels) {
			generic := genericNameLabels[l.text]
			if generic && cutShort(d.lines[sp.line][:sp.start]) {
				continue
			}
			lr := rs.of(d.cellWordsBefore(sp.line, sp.start) + " " + l.text)
			if lr == roleUnknown || lr == roleHolder {
				if !generic || d.sectionRole(sp.line, rs) != roleOther {
					out = append(out, sp)
				}
			}
		}
	}
	return out
}

// labelDoubtsGuess reports that a label of the holder's name the page
// prints, by which no name was read, makes the guess g doubtful: another
// name stands on the page, which may be the holder's as well as g; or g
// stands elsewhere than in the label's column a few lines under it (a
// card's name beside a caption of its own a scan lost). A name under
// its label with a line between them that is no name (a Social Security
// card's number under "established for"), the page's only name, is the
// one the label names.
func (d *doc) labelDoubtsGuess(rs roles, g person, all []nameReading) bool {
	sps := d.holderLabels(rs)
	if len(sps) == 0 {
		return false
	}
	me := nameKey(g.full)
	var mine []nameReading
	for _, n := range all {
		switch {
		case notAName(strings.Fields(n.full)):
		case n.key() == me:
			mine = append(mine, n)
		case !wordsWithin(n.full, g.full) && !wordsWithin(g.full, n.full):
			return true
		}
	}
	for _, sp := range sps {
		for _, n := range mine {
			if d.underLabel(sp, n) {
				return false
			}
		}
	}
	return true
}

// underLabel reports that the name n stands in the column of the label
// at sp, at most a few lines under it, and nothing beside the label.
func (d *doc) underLabel(sp span, n nameReading) bool {
	if n.line <= sp.line || n.line-sp.line > 3 || !d.hasGeometry(sp.line) || !d.hasGeometry(n.line) {
		return false
	}
	ref, _, ok := d.labelRef(sp)
	if !ok {
		return false
	}
	g := d.geo
	for _, wi := range g.byLine[sp.line] {
		if w := &g.words[wi]; w.start >= sp.end && w.box.X0 > ref.box.X1-0.2*ref.em {
			// The label's value stood beside it, and what the scan
			// made of it ("Name: ~") is no name under it.
			return false
		}
	}
	words := strings.Fields(n.full)
	for _, wi := range g.byLine[n.line] {
		w := &g.words[wi]
		if w.page != ref.page || !slices.Contains(words, w.text) {
			continue
		}
		// A few lines of the label's type, and the leading a name in
		// larger type takes above itself (a Social Security card's name
		// in a script thrice the size of "established for").
		reach := 8*ref.em + max(0, w.em-ref.em)
		if w.box.Y0 > ref.box.Y1 && w.box.Y0-ref.box.Y1 < reach && min(w.box.X1, ref.box.X1)-max(w.box.X0, ref.box.X0) > 0 {
			return true
		}
	}
	return false
}

// qualifyGeneric reads, on a scan, the word before the bare "Name" a
// name of the holder's role stands after on its line, across any gap:
// OCR parts a caption's small words as it parts cells ("instructor
// Name", a gap wide for their tiny boxes), so the word saying whose the
// name is may stand a cell apart; or marks or the tail of a word stand
// there ("+ Name", "tor Name"), where the words that said whose it is
// were lost, and the label may have named anyone: the reading is then
// too unsure to report.
func (d *doc) qualifyGeneric(n *nameReading, rs roles) {
	if !n.generic || n.role != roleHolder || n.line < 0 || n.line >= len(d.lines) {
		return
	}
	line := d.lines[n.line]
	at := strings.Index(line, n.full)
	if at < 0 {
		return
	}
	ws := strings.Fields(strings.TrimRight(line[:at], " :#-–—"))
	if len(ws) < 2 || !genericName(labelWords(ws[len(ws)-1])) {
		return
	}
	prev := ws[len(ws)-2]
	switch r := rs.of(prev + " " + ws[len(ws)-1]); {
	case r == roleOther || r == roleSigner:
		n.role = r
	case cutShort(prev+" ") || lostMarks(prev):
		n.conf = min(n.conf, confLost)
	}
}

// lostMarks reports that a word is marks OCR read where small print was
// ("+", "~", "©"): no letter or digit, nor a table's rule.
func lostMarks(w string) bool {
	if len([]rune(w)) > 2 {
		return false
	}
	for _, r := range w {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("|[](){}", r) {
			return false
		}
	}
	return true
}

// inlineNames reads the names that follow a label inside a line, known
// or of a label's shape ("TC Coordinator: Helen Park"), with the role the
// label gives them; names after labels that say nothing of a role are
// left out.
func (d *doc) inlineNames(rs roles) []nameReading {
	var out []nameReading
	add := func(i int, labelText, value string) {
		role := rs.of(labelText)
		if role == roleUnknown {
			return
		}
		name, _ := readName(value, false)
		if name == "" {
			return
		}
		if role != roleOther && doctor(value, name) {
			role = roleOther
		}
		out = append(out, nameReading{person: personFrom(name, confSameLine), role: role, line: i,
			generic: genericName(labelWords(labelText))})
	}
	// A value ends at its cell's end: "Patient Name: Maria Alvarez" and,
	// a column apart, "Return in 48-72 hours".
	cell := func(i, from int) string {
		line := d.lines[i]
		from = len(line) - len(strings.TrimLeft(line[from:], " :#-"))
		return line[from:d.cellEnd(i, from)]
	}
	for i, line := range d.lines {
		for _, m := range d.matchesOn(i) {
			if !m.like || d.shadowed(i, m.start, m.end, nil) || d.captionAcross(span{line: i, start: m.start, end: m.end}) {
				continue
			}
			add(i, d.cellWordsBefore(i, m.start)+" "+m.text, cell(i, m.end))
		}
		for _, m := range inlineLabel.FindAllStringSubmatchIndex(line, -1) {
			if genericName(labelWords(line[m[2]:m[3]])) && cutShort(line[:m[2]]) {
				continue
			}
			add(i, line[m[2]:m[3]], cell(i, m[1]))
		}
	}
	return out
}

// inlineLabel is a label's shape inside a line: up to four capitalised
// words and a colon.
var inlineLabel = regexp.MustCompile(`(?:^|\s)((?:[A-Z][A-Za-z'’/.-]*\s+){0,3}[A-Z][A-Za-z'’/.-]*)\s*:\s*`)

// cutShort reports that the text before a label ends in a fragment of a
// word OCR cut short, glued to the label by a space: a letter or two, or
// the tail of a longer word that is no word of its own and says nothing
// known of a role ("ructor Name", where a card cut out of a flatbed page
// lost the edge of "Instructor Name"). Such a label may have named anyone.
func cutShort(before string) bool {
	ws := strings.Fields(before)
	if len(ws) == 0 || !strings.HasSuffix(before, " ") && !strings.HasSuffix(before, ws[len(ws)-1]) {
		return false
	}
	w := ws[len(ws)-1]
	if len(w) > 3 {
		// An abbreviation's period ("lnstr."): the letters still say
		// whether it is a word.
		w = strings.TrimSuffix(w, ".")
	}
	lw := strings.ToLower(w)
	if englishWords[lw] {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	if len(w) <= 2 {
		return true
	}
	return !holderRoleWords[lw] && !holderNouns[lw] && !otherRoleWords[lw] && !placeRoleWords[lw] &&
		!labelConnectives[lw] && !signatureWords[lw] && !providerWords[lw] && !formTerms[lw] && !labelVocabulary[lw]
}

// labelVocabulary is every word of the known labels.
var labelVocabulary = func() map[string]bool {
	m := map[string]bool{}
	for _, l := range allLabels {
		for _, w := range labelWords(l.text) {
			m[w] = true
		}
	}
	return m
}()

// cellWordsBefore returns the words before a label at start of line i
// that may qualify it ("Training Center Coordinator Name"): up to three,
// none where the label opens a cell of its row on the page ("Instructor
// | Student" over two names).
func (d *doc) cellWordsBefore(i, start int) string {
	if start > 0 && d.hasGeometry(i) && d.opensCell(i, start) {
		return ""
	}
	return wordsBefore(d.lines[i][:start], 3)
}

// wordsBefore returns up to n words that end s, back to a colon, a digit
// or a column gap.
func wordsBefore(s string, n int) string {
	if i := strings.LastIndexAny(s, ":0123456789|"); i >= 0 {
		s = s[i+1:]
	}
	if i := strings.LastIndex(strings.TrimRight(s, " "), "  "); i >= 0 {
		s = s[i:]
	}
	ws := strings.Fields(s)
	if len(ws) > n {
		ws = ws[len(ws)-n:]
	}
	return strings.Join(ws, " ")
}

// Words that say whose a name is, in a label, a caption or a heading.
var (
	// holderRoleWords name the person a document is about.
	holderRoleWords = wordSet(`
		student students holder holders cardholder licensee licensees patient patients employee employees
		participant participants candidate candidates applicant applicants learner learners recipient recipients
		member donor client individual trainee trainees certifies certify certified awarded presented
		established acknowledges subject consumer examinee examinees attendee attendees wearer recipient
		completed completing tested resident volunteer worker user empl
	`)
	// otherRoleWords name people who are not the holder, and places that
	// are no person.
	otherRoleWords = wordSet(`
		instructor instructors coordinator coordinators director directors physician physicians doctor doctors
		clinician clinicians examiner examiners examining radiologist radiologists reviewer reviewers reviewed
		administered administering administrator interpreted interpreting authorized authorizing authorised
		approved approver witness witnesses supervisor supervisors evaluator evaluators preceptor preceptors instr inst
		collector tester technician technicians technologist officer pharmacist immunizer vaccinator ordering
		referring attending practitioner practitioners faculty trainer proctor verifier reader signer dr md
		mro agent representative recruiter manager contact parent guardian spouse issuer interpreter
		dictated transcribed prepared tc chair registrar notary screener counselor lead
	`)
	// placeRoleWords label the name of a place or a body, which is no
	// person's ("Clinic Name", "Training Center"); a heading holding one
	// is the document's issuer, not a section about someone else.
	placeRoleWords = wordSet(`center centre facility clinic hospital laboratory lab organization agency school program
		company employer site`)
	// labelConnectives join a label's words without saying anything of a
	// role.
	labelConnectives = wordSet(`of the by for to and this that is has have hereby name names print printed full
		legal your electronically successfully`)
	// signatureWords caption a signature line, whoever signs it.
	signatureWords = wordSet(`signature signatures signed sign`)
	// providerContexts make "provider" a clinician rather than the holder
	// of a provider card.
	providerContexts = wordSet(`information info signature name health healthcare care medical examining ordering
		certifying completing treating primary`)
)

// roles tells whose names labels introduce on a document of a type.
type roles struct {
	// holderAlso are words that name the holder on this type though they
	// name someone else on others: on a skills checklist or a resume the
	// "clinician" or the "professional" is the nurse herself.
	holderAlso map[string]bool
	// words remembers roleWord's answers for one document.
	words map[string]string
}

// nurseWords name the nurse on the papers she fills in herself.
var nurseWords = wordSet(`clinician clinicians professional professionals nurse nurses provider technician therapist
	traveler traveller`)

func rolesFor(typ string) roles {
	rs := roles{words: map[string]string{}}
	switch typ {
	case "skills_checklist", "resume":
		rs.holderAlso = nurseWords
	case "bls", "acls", "pals", "nrp", "tncc":
		// A life-support card's "Provider" is its holder ("BLS Provider").
		rs.holderAlso = providerWords
	}
	return rs
}

// dueByWords make a caption ending "by" a date's ("Renew By") rather
// than a person's ("Reviewed by").
var dueByWords = wordSet(`renew renewal recertify recertification expire expires expiration due valid`)

// providerWords name the holder of a provider card.
var providerWords = wordSet(`provider providers`)

// of tells whose name a label, caption or heading introduces.
func (rs roles) of(text string) nameRole { return rs.roleOf(text, true) }

// labelWords are a label's words, lower case, without punctuation or a
// possessive's 's.
func labelWords(text string) []string {
	var ws []string
	for _, w := range strings.Fields(strings.ToLower(text)) {
		w = strings.TrimSuffix(strings.Trim(w, ".,:;#()[]/-*"), "'s")
		w = strings.TrimSuffix(w, "’s")
		if w != "" {
			ws = append(ws, w)
		}
	}
	return ws
}

// roleOf is of; with places unset, words naming a place or a body do
// not count (a heading naming the issuer says nothing of whose names
// follow).
func (rs roles) roleOf(text string, places bool) nameRole {
	ws := labelWords(text)
	if len(ws) == 0 {
		return roleUnknown
	}
	if ws[len(ws)-1] == "by" {
		if slices.ContainsFunc(ws, func(w string) bool { return dueByWords[w] }) {
			// "Renew By", "Recertify By": a date's caption, whose
			// neighbour may be the holder's name.
			return roleUnknown
		}
		// "Reviewed by", "Administered by", "Issued by".
		return roleOther
	}
	holder, signer := false, false
	for i, w := range ws {
		w = rs.roleWord(w)
		switch {
		case rs.holderAlso[w] && (!providerWords[w] || bareLabel(ws)):
			holder = true
		case otherRoleWords[w] || places && placeRoleWords[w]:
			return roleOther
		case w == "provider" && (i > 0 && providerContexts[ws[i-1]] || i+1 < len(ws) && providerContexts[ws[i+1]]):
			return roleOther
		case holderRoleWords[w] && (i+1 == len(ws) || !orgWords[ws[i+1]]):
			// "Client Services", "Employee Health" name a department,
			// whose staff sign letters about the holder.
			holder = true
		case signatureWords[w]:
			signer = true
		}
	}
	switch {
	case holder:
		return roleHolder
	case signer:
		return roleSigner
	case genericName(ws):
		return roleHolder
	}
	return roleUnknown
}

// roleWord returns the role word that w, a word of a label, is, or w: a
// long word OCR misread by a letter or two ("nstructor", "ingtrucior",
// "Physlcian") is still its word.
func (rs roles) roleWord(w string) string {
	if len(w) < 6 || englishWords[w] || otherRoleWords[w] || holderRoleWords[w] {
		return w
	}
	// Digits OCR reads for letters ("INSTRUCT0R").
	w = ocrLetters.Replace(w)
	if r, ok := rs.words[w]; ok {
		return r
	}
	r := w
	for _, set := range []map[string]bool{otherRoleWords, holderRoleWords} {
		for k := range set {
			if len(k) >= 6 && editsWithin(w, k, 1+len(k)/9) && (r == w || k < r) {
				r = k
			}
		}
	}
	if rs.words != nil {
		rs.words[w] = r
	}
	return r
}

// ocrLetters turns the digits OCR reads for letters back into letters.
var ocrLetters = strings.NewReplacer("0", "o", "1", "l", "5", "s", "8", "b")

// editsWithin reports that a and b are at most n letters put in, left out
// or changed apart (Levenshtein), for short words.
func editsWithin(a, b string, n int) bool {
	if abs(len(a)-len(b)) > n {
		return false
	}
	return levenshtein.ComputeDistance(a, b) <= n
}

// bareLabel reports that a label is its role word alone, perhaps with
// "name" ("Provider:", "Provider Name"), not a title ("BLS Provider").
func bareLabel(ws []string) bool {
	role := 0
	for _, w := range ws {
		switch {
		case w == "name" || labelConnectives[w]:
		case providerWords[w]:
			role++
		default:
			return false
		}
	}
	return role == 1
}

// genericName reports that label words are the bare name label and its
// usual qualifiers ("Name", "Print Name", "Your Full Name"), which forms
// print for their holder; "Course Name" or "Brand Name" is not one.
func genericName(ws []string) bool {
	named := false
	for _, w := range ws {
		switch w {
		case "name":
			named = true
		case "full", "legal", "print", "printed", "your", "complete", "of", "please", "the", "person", "individual":
		default:
			return false
		}
	}
	return named
}

// sectionRole tells whose section line i stands in, from the nearest
// heading above it that names a role ("PHYSICIAN INFORMATION", "Patient
// Demographics"): up to ten lines up.
func (d *doc) sectionRole(i int, rs roles) nameRole {
	for k, n := i-1, 0; k >= 0 && n < 10; k-- {
		line := strings.TrimSpace(d.lines[k])
		if line == "" {
			continue
		}
		n++
		if !heading(line) {
			continue
		}
		if r := rs.roleOf(line, false); r == roleHolder || r == roleOther {
			return r
		}
	}
	return roleUnknown
}

// heading reports that a line reads as a section's heading: a few words,
// no digits, no value after a colon.
func heading(line string) bool {
	t := strings.TrimRight(strings.TrimSpace(line), ":")
	return t != "" && !strings.ContainsAny(t, "0123456789:") && len(strings.Fields(t)) <= 6
}

// Doctors' credentials and titles: a name carrying them is a clinician's,
// not a nurse's (a nurse's RN or BSN says nothing).
var (
	doctorCredential = regexp.MustCompile(`^\s*,?\s*(?:M\.?D\.?|D\.?O\.?|Ph\.?D\.?|PA-C|D\.?D\.?S\.?|MBBS|FAC[A-Z]{1,3}|DPM|PharmD|RPh|MRO)(?:[\s,.;]|$)`)
	titledDoctor     = regexp.MustCompile(`(?i)^\s*(?:dr\.?|doctor)\s`)
)

// doctor reports that a name read from text carries a doctor's title
// before it or credentials after it.
func doctor(text, name string) bool {
	if titledDoctor.MatchString(text) {
		return true
	}
	words := strings.Fields(name)
	last := strings.TrimRight(words[len(words)-1], ".,")
	i := strings.Index(text, last)
	if i < 0 {
		return false
	}
	// The credentials after the name, a nurse's ones perhaps first
	// ("Helen Park, RN, MD").
	for _, tok := range strings.FieldsFunc(text[i+len(last):], func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
		switch {
		case doctorCredential.MatchString(tok):
			return true
		case credentials[strings.ToLower(strings.Trim(tok, "."))] || credentialShape.MatchString(tok):
		default:
			return false
		}
	}
	return false
}

// leadingLabel is a label's shape opening a run: up to five words and a
// colon ("TC Coordinator:").
var leadingLabel = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z/#.()'’ -]{0,48}?)\s*:\s*`)

// standingNames reads the names that stand on their own on the page: a
// run of words (a cell of a line, or a group of words apart from the rest
// of their line) that is a name, or a name after a label of its own, each
// with the role its label, its neighbours or its credentials give it.
func (lay *layoutIndex) standingNames(d *doc, rs roles) []nameReading {
	var out []nameReading
	for ri, rn := range lay.runs {
		text := rn.text
		labelText, value := "", text
		if m := leadingLabel.FindStringSubmatchIndex(text); m != nil && len(strings.Fields(text[m[2]:m[3]])) <= 5 {
			labelText, value = text[m[2]:m[3]], text[m[1]:]
		} else if end := labelOpening(text); end > 0 {
			labelText, value = text[:end], text[end:]
		}
		name, _ := readName(value, labelText == "")
		if name == "" || labelText != "" && rs.of(labelText) == roleUnknown {
			continue
		}
		// A name OCR was unsure of is no guess: it is as likely marks of
		// a seal or a photo read as letters ("EEE Oo OS").
		n := nameReading{person: personFrom(name, confGuess), line: rn.line, size: rn.size, ocr: rn.conf,
			guessable: labelText == "" && rn.conf >= minGuessOCR}
		if k := lay.leftOf(ri); k >= 0 && labelish(lay.runs[k].text) {
			// The value of the label before it on its line, whose role
			// it takes or none: never a guess.
			n.guessable = false
		}
		if labelText != "" {
			n.role, n.conf, n.generic = rs.of(labelText), confSameLine, genericName(labelWords(labelText))
		} else {
			var by string
			n.role, n.conf, by = lay.neighbourRole(d, ri, rs)
			n.generic = genericName(labelWords(by))
			if n.role == roleHolder {
				n.conf = min(n.conf, confCaption)
			}
		}
		if doctor(value, name) || strings.HasSuffix(strings.ToLower(strings.TrimSpace(labelText)), "dr") {
			n.role = roleOther
		}
		out = append(out, n)
	}
	return out
}

// labelOpening returns where the longest known label that opens t ends,
// with the separators after it, or 0: "Instructor Name Robert Pruitt".
// A label's skeleton must open t's before its pattern is tried.
func labelOpening(t string) int {
	skel := skeleton(t)
	if skel == "" {
		return 0
	}
	best := 0
	for _, i := range slices.Concat(labelsByFirst[skel[0]], labelsByFirst[0]) {
		if !strings.HasPrefix(skel, allLabels[i].key) {
			continue
		}
		loc := anchoredLabels[i].FindStringIndex(t)
		if loc == nil || loc[1] <= best || loc[1] == len(t) || !wordBoundary(t, loc[0], loc[1]) {
			continue
		}
		best = loc[1]
	}
	if best == 0 {
		return 0
	}
	return best + len(t[best:]) - len(strings.TrimLeft(t[best:], " :#-"))
}

// labelsByFirst lists allLabels by the first byte of their skeletons
// (0: labels with no skeleton, tried on every text).
var labelsByFirst = func() map[byte][]int {
	m := map[byte][]int{}
	for i, l := range allLabels {
		k := byte(0)
		if l.key != "" {
			k = l.key[0]
		}
		m[k] = append(m[k], i)
	}
	return m
}()

// anchoredLabels are allLabels' patterns held to the start of a text.
var anchoredLabels = func() []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(allLabels))
	for i, l := range allLabels {
		out[i] = regexp.MustCompile(`(?i)^(?:` + strings.TrimPrefix(l.re.String(), "(?i)") + `)`)
	}
	return out
}()

// neighbourRole tells whose a standing name is from the run before it on
// its line, the label over it, or the caption under it, how sure a
// holder's name so placed is, and the label that told.
func (lay *layoutIndex) neighbourRole(d *doc, ri int, rs roles) (nameRole, float64, string) {
	type look struct {
		k    int
		conf float64
	}
	left, up, down := lay.leftOf(ri), lay.above(ri), lay.below(ri)
	order := []look{{left, confSameLine}, {up, confNextLine}, {down, confCaption}}
	if d.captionsBelow() {
		// Captions under values: the line under a name is its caption,
		// first of all; the one over it the caption of the value before.
		order = []look{{down, confCaption}, {left, confSameLine}, {up, confNextLine}}
	}
	for _, o := range order {
		if o.k < 0 {
			continue
		}
		t := lay.runs[o.k].text
		if !labelish(t) {
			// A caption under a name OCR misspelt past a label's
			// spelling ("Instrctor Name") still names another's role.
			if o.k == down && lay.captionOf(o.k) && len(strings.Fields(t)) <= 4 && rs.of(t) == roleOther {
				return roleOther, o.conf, t
			}
			continue
		}
		if o.k == up && lay.valueBeside(o.k) {
			// "Name: ~": a label with something of its own after its
			// colon (a value a scan made marks of) is not the label of
			// the name under it.
			continue
		}
		if o.k == up && title(t) {
			// A title between two names ("Helen Park / Course Instructor
			// / Maria Alvarez") is the caption of the name over it.
			if k := lay.above(o.k); k >= 0 && isName(lay.runs[k].text) {
				continue
			}
		}
		if o.k == down && (strings.HasSuffix(strings.TrimSpace(t), ":") || !d.captionsBelow() && !title(t)) {
			// A label under the name ("Instructor Name", "Exp:") is the
			// next value's, unless the page prints captions under values
			// or no value stands under it: then it may be the name's
			// own caption, and one naming another's role is not to be
			// ignored.
			if lay.captionOf(o.k) && rs.of(t) == roleOther {
				return roleOther, o.conf, t
			}
			continue
		}
		if r := rs.of(t); r != roleUnknown {
			return r, o.conf, t
		}
	}
	return roleUnknown, confGuess, ""
}

// valueBeside reports that run k is a label with a colon followed on its
// line by something of its own: in the run after the colon, or in the
// next run close beside it.
func (lay *layoutIndex) valueBeside(k int) bool {
	t := lay.runs[k].text
	at := strings.LastIndex(t, ":")
	if at < 0 {
		return false
	}
	if strings.TrimSpace(t[at+1:]) != "" {
		return true
	}
	me := lay.runs[k]
	for i, rn := range lay.runs {
		if i != k && rn.page == me.page && min(rn.box.Y1, me.box.Y1)-max(rn.box.Y0, me.box.Y0) > 0.5*min(rn.size, me.size) &&
			rn.box.X0 >= me.box.X1 && rn.box.X0-me.box.X1 < 6*me.size {
			return true
		}
	}
	return false
}

// captionOf reports that run k, a label under a name, has no value under
// it of its own: it is the caption of what is over it.
func (lay *layoutIndex) captionOf(k int) bool {
	v := lay.below(k)
	return v < 0 || !isName(lay.runs[v].text) && !strings.ContainsAny(lay.runs[v].text, "0123456789")
}

// title reports that a caption names a role rather than labels a value:
// no colon, no "name".
func title(t string) bool {
	return !strings.Contains(t, ":") && !slices.Contains(labelWords(t), "name")
}

// isName reports that t, a whole run, is a person's name, credentials
// aside.
func isName(t string) bool {
	n, _ := readName(t, true)
	return n != "" && !notAName(strings.Fields(n))
}

// labelish reports that a run reads as a label, a caption or a sentence
// about the name, with no value of its own: a few words, no digits, no
// value after a label, and not itself a name.
func labelish(t string) bool {
	t = strings.TrimSpace(t)
	if t == "" || strings.ContainsAny(t, "0123456789@") || len(strings.Fields(t)) > 8 {
		return false
	}
	if strings.HasSuffix(t, ":") {
		return true
	}
	if end := labelOpening(t); end > 0 && strings.TrimSpace(t[end:]) != "" && !labelOnlyText(t[end:]) {
		return false
	}
	if m := leadingLabel.FindStringSubmatchIndex(t); m != nil && strings.TrimSpace(t[m[1]:]) != "" {
		return false
	}
	if isName(t) {
		return false
	}
	if labelOnlyText(t) {
		return true
	}
	// A label this reader does not know: its role's words, and at most
	// two others ("Training Center Coordinator", "Signature of Examining
	// Physician"), not a value that happens to follow one ("TC City,
	// State Chicago, IL").
	others := 0
	for _, w := range labelWords(t) {
		if !otherRoleWords[w] && !placeRoleWords[w] && !holderRoleWords[w] && !signatureWords[w] && !labelConnectives[w] {
			others++
		}
	}
	return others <= 2
}

// labelOnlyText reports that t is made of known labels alone ("Instructor
// Signature": two labels, no value).
func labelOnlyText(t string) bool {
	for strings.TrimSpace(t) != "" {
		t = strings.TrimLeft(t, " :#-/")
		end := labelOpening(t + " ")
		if end == 0 {
			return false
		}
		t = t[min(end, len(t)):]
	}
	return true
}

// layoutIndex is the document's lines cut into runs of words that stand
// together: by the words' boxes where the pages are known (a gap wider
// than a space, a change of type size or weight), else at the column gaps
// of the text.
type layoutIndex struct {
	runs []run
	// byLine lists the runs of each doc line, for runs read from the text.
	byLine map[int][]int
	// sized is set when runs carry the pages' boxes and type sizes.
	sized bool
	// ocr is set when OCR read the pages, whose words may be misspelt.
	ocr bool
}

// run is a group of words standing together on one line.
type run struct {
	text string
	line int // doc line, -1 when the page's line matched none
	page int // page index, -1 when read from the text
	box  pagetext.Box
	size float64
	// conf is how surely OCR read the run's words (their mean confidence,
	// 0..100); a text layer's are 100.
	conf float64
	// start and end are the run's span in its doc line, for text runs.
	start, end int
}

func newLayoutIndex(d *doc) *layoutIndex {
	lay := &layoutIndex{}
	pages := d.pages
	words := 0
	for _, p := range pages {
		words += len(p.Words)
	}
	if words == 0 {
		lay.byLine = map[int][]int{}
		for i, line := range d.lines {
			for _, c := range cells(line) {
				lay.byLine[i] = append(lay.byLine[i], len(lay.runs))
				lay.runs = append(lay.runs, run{text: c.text, line: i, page: -1, conf: 100, start: c.start, end: c.end})
			}
		}
		return lay
	}
	lay.sized = true
	for _, p := range pages {
		for _, w := range p.Words {
			if w.Confidence < 100 {
				lay.ocr = true
			}
		}
	}
	// The text's chunks between page separators ("\f" lines): a page's
	// lines are looked for in its own chunk when there is one per page.
	var chunks []int
	for i, sep := range d.sep {
		if sep {
			chunks = append(chunks, i+1)
		}
	}
	next := 0 // the doc line to match the next page line from
	for pi, p := range pages {
		if len(chunks) == len(pages)-1 && pi > 0 {
			next = max(next, chunks[pi-1])
		}
		for _, ws := range p.Lines() {
			line := -1
			text := squeeze(trademarks.Replace(joinWords(ws)))
			for k := next; k < len(d.lines) && k < next+8; k++ {
				if squeeze(d.lines[k]) == text {
					line, next = k, k+1
					break
				}
			}
			for _, group := range splitRuns(ws) {
				rn := run{text: joinWords(group), line: line, page: pi, box: group[0].Box, start: -1, end: -1}
				for _, w := range group {
					rn.box = rn.box.Union(w.Box)
					rn.size = max(rn.size, wordSize(w))
					rn.conf += w.Confidence / float64(len(group))
				}
				lay.runs = append(lay.runs, rn)
			}
		}
	}
	return lay
}

func joinWords(ws []pagetext.Word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}

func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }

// wordSize is a word's type size: the text layer's, else (OCR) its box's
// height.
func wordSize(w pagetext.Word) float64 {
	if w.Size > 0 && w.Font != "" {
		return w.Size
	}
	return w.Box.Height()
}

// splitRuns cuts a line's words where a gap is wider than a word space or
// the type changes size or weight: a label and its value, or two columns.
func splitRuns(ws []pagetext.Word) [][]pagetext.Word {
	var out [][]pagetext.Word
	start := 0
	for i := 1; i < len(ws); i++ {
		a, b := ws[i-1], ws[i]
		size := max(wordSize(a), wordSize(b))
		gap := b.Box.X0 - a.Box.X1
		changed := a.Font != "" && b.Font != "" && (bold(a.Font) != bold(b.Font) || abs64(a.Size-b.Size) > 0.12*size)
		wide := 0.9 * size
		if a.Font == "" {
			// OCR's boxes are as high as the letters, not the type: a
			// capital is about 0.7 of it.
			wide = 1.3 * size
		}
		if gap > wide || changed || strings.HasSuffix(a.Text, ":") && gap > 0.5*size {
			out = append(out, ws[start:i])
			start = i
		}
	}
	return append(out, ws[start:])
}

func bold(font string) bool {
	f := strings.ToLower(font)
	return strings.Contains(f, "bold") || strings.Contains(f, "black") || strings.Contains(f, "heavy")
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// leftOf returns the run before run i on its line, or -1.
func (lay *layoutIndex) leftOf(i int) int {
	if i == 0 {
		return -1
	}
	a, b := lay.runs[i-1], lay.runs[i]
	if a.page != b.page || a.line != b.line || a.line < 0 && !(a.box.Y0 < b.box.Y1 && b.box.Y0 < a.box.Y1) {
		return -1
	}
	if lay.sized && b.box.X0-a.box.X1 > max(8*max(a.size, b.size), 48) {
		// Another column: OCR or the text layer ran two cells of a row
		// into one line.
		return -1
	}
	return i - 1
}

// above returns the nearest run over run i in its column, or -1: the
// label a value is printed under.
func (lay *layoutIndex) above(i int) int { return lay.vertical(i, -1) }

// below returns the nearest run under run i in its column, or -1: the
// caption a value is printed over.
func (lay *layoutIndex) below(i int) int { return lay.vertical(i, 1) }

func (lay *layoutIndex) vertical(i, dir int) int {
	me := lay.runs[i]
	if !lay.sized {
		return lay.verticalText(i, dir)
	}
	best, bestGap := -1, 0.0
	for k, o := range lay.runs {
		if k == i || o.page != me.page {
			continue
		}
		gap := o.box.Y0 - me.box.Y1
		if dir < 0 {
			gap = me.box.Y0 - o.box.Y1
		}
		overlap := min(me.box.X1, o.box.X1) - max(me.box.X0, o.box.X0)
		if gap < -0.3*me.size || gap > 2.2*max(me.size, o.size) || overlap <= 0 && abs64(o.box.X0-me.box.X0) > me.size {
			continue
		}
		if best < 0 || gap < bestGap {
			best, bestGap = k, gap
		}
	}
	return best
}

// verticalText is vertical for runs read from the text: the run of the
// nearest line with words in the direction that overlaps run i's columns
// most, or that line's only run.
func (lay *layoutIndex) verticalText(i, dir int) int {
	me := lay.runs[i]
	for line, n := me.line+dir, 0; line >= 0 && n < 3; line, n = line+dir, n+1 {
		on := lay.byLine[line]
		if len(on) == 0 {
			continue
		}
		if len(on) == 1 {
			return on[0]
		}
		best, bestOverlap := -1, 0
		for _, k := range on {
			o := lay.runs[k]
			if overlap := min(me.end, o.end) - max(me.start, o.start); overlap > bestOverlap {
				best, bestOverlap = k, overlap
			}
		}
		return best
	}
	return -1
}

// over reports that a name on line nameLine stands over (or before) the
// sentence on line phraseLine on the page, in its column; without the
// page's words, or where the lines are not tied to them, it is taken on
// trust.
func (lay *layoutIndex) over(full string, nameLine, phraseLine int) bool {
	if !lay.sized || nameLine == phraseLine {
		return true
	}
	name, phrase := -1, -1
	for k, rn := range lay.runs {
		switch {
		case rn.line == nameLine && strings.Contains(squeeze(rn.text), squeeze(full)):
			name = k
		case rn.line == phraseLine && completedPhrase.MatchString(rn.text):
			phrase = k
		}
	}
	if name < 0 || phrase < 0 {
		return true
	}
	a, b := lay.runs[name], lay.runs[phrase]
	gap := b.box.Y0 - a.box.Y1
	overlap := min(a.box.X1, b.box.X1) - max(a.box.X0, b.box.X0)
	return gap > -0.3*a.size && gap < 4*max(a.size, b.size) && overlap > 0
}

// sizeOf returns the type size a name is printed in: the largest run on
// its line (or anywhere, when the line is not known) holding its words,
// or 0 when the pages are not known.
func (lay *layoutIndex) sizeOf(full string, line int) float64 {
	if !lay.sized {
		return 0
	}
	want := squeeze(full)
	size := 0.0
	for _, rn := range lay.runs {
		if line >= 0 && rn.line >= 0 && rn.line != line {
			continue
		}
		if strings.Contains(squeeze(rn.text), want) {
			size = max(size, rn.size)
		}
	}
	return size
}

// Words of forms, medicine and documents that no name is made of.
var (
	//go:embed words.txt
	englishWordList string
	// englishWords are common English words (words.txt).
	englishWords = func() map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Split(englishWordList, "\n") {
			if w = strings.TrimSpace(w); w != "" && !strings.HasPrefix(w, "#") {
				m[w] = true
			}
		}
		return m
	}()
	// formTerms are words of forms, of medicine and of vaccines that are
	// nobody's name: a phrase holding one is no name, whatever its other
	// words.
	formTerms = wordSet(`
		american analgesia anesthesia anaesthesia antibody antigen assessment bloodborne cardiology cardiopulmonary catheter
		catheterization certification checklist chemotherapy competency competencies compliance controlled
		credential credentials defibrillation denies denied dialysis documentation dosage drip epidural
		examination findings glucose hemodynamic hepatitis history immunization immunizations
		induration infusion injection insulin intravenous intubation laboratory mantoux medication medications
		monitoring neonatal negative obstetric oncology orientation orthopedic pathogens pediatric pediatrics
		pharmacy phlebotomy physical positive postpartum prenatal procedure procedures quantiferon radiology
		reactive respirator respiratory restraint restraints resuscitation screening sepsis specimen sterile
		surgical telemetry titer tracheostomy transfusion triage tuberculin tuberculosis vaccination vaccine
		vaccines varicella ventilator ventilation verification wound wounds ekg ecg iv picc cpap bipap
		pca icu nicu picu ccu pacu med surg stepdown ltach snf
		employment licensure license licensing credentialing hipaa osha covid influenza pertussis tetanus
		diphtheria measles mumps rubella tdap mmr bls acls pals nrp tncc cpr aed ppd tst igra cxr
		unremarkable impression interpretation result results report reports chest xray radiograph
		exam clearance fitness duty restrictions restriction collection panel dilute adulterated
		screen screens summary objective experience education skills references signature attestation
		acknowledgment acknowledgement consent declination release authorization disclosure
		proficiency proficient beginner intermediate expert competent inexperienced
		qualitative quantitative portacount saccharin bitrex
		moderna pfizer biontech spikevax comirnaty janssen novavax fluzone flublok afluria fluarix flulaval
		flucelvax boostrix adacel engerix heplisav recombivax varivax tubersol aplisol tspot
		healthcare provider providers
	`)
	// orgWords end or make the name of a company, a lab or a clinic,
	// never a person's ("Acme Staffing", "Northfield Clinical
	// Laboratories").
	orgWords = wordSet(`
		inc incorporated llc llp ltd corp corporation company companies staffing services solutions
		laboratories laboratory labs diagnostics hospital hospitals clinic clinics center centre centers group
		partners associates agency university college institute academy foundation pathology screening
		toxicology imaging radiology medical health systems network consulting
	`)
	// wordNames are given names that are also English words: a phrase
	// of English words with one of these may be a name ("Heather Young").
	// namematch's given names count too.
	wordNames = wordSet(`
		amber angel april august autumn bliss blossom brook brooke bud candy carol chance charity chase cliff
		crystal dawn daisy dale dean destiny diamond dolly dusty earl ebony faith fern forest frank gale
		gene ginger glen glory grace grant guy harmony hazel heather heaven holly honey hope hunter iris ivy
		jade jasmine jewel joy journey june justice king lane laurel liberty lily lyric mason may melody
		mercy miles misty myrtle noble olive opal pansy pat patience pearl penny pepper poppy precious prince
		princess rain raven ray reed rex river robin rose rosemary ruby rusty sage scarlett serenity shelby
		sky skye sterling stone storm summer sunny sunshine taylor trinity unique velvet victor violet
		wade walker will willow winter blessing comfort favour favor gift goodness marvel memory miracle
		sincere essence royal sherry brandy cherry marina said sandy randy star coral ivory colt clay heath rocky
		shawn
	`)
	// modalWords are nicknames far more often verbs on a form.
	modalWords = wordSet(`will may can must shall should would might`)
	// places are countries and regions that head documents, in lower
	// case.
	places = func() map[string]bool {
		m := map[string]bool{}
		for _, p := range strings.Split("usa,u.s.a,america,united states,united states of america,canada,mexico,"+
			"philippines,republic of the philippines,commonwealth,district of columbia,puerto rico", ",") {
			m[p] = true
		}
		return m
	}()
)

// notAName reports that words (a name as read) are a phrase of a form, a
// heading or a place rather than a person's name: all in lower case; a
// state or country; any word a form's or medicine's term; or every word
// a common English word with none a given name ("Controlled Analgesia",
// "Denies History", "Skills Checklist").
func notAName(words []string) bool {
	lower := true
	var bare []string
	for _, w := range words {
		w = strings.Trim(w, ".,'’-")
		if w == "" {
			continue
		}
		if unicode.IsUpper([]rune(w)[0]) {
			lower = false
		}
		bare = append(bare, strings.ToLower(w))
	}
	if lower || len(bare) == 0 {
		return true
	}
	joined := strings.Join(bare, " ")
	if _, ok := stateCodes[joined]; ok || places[joined] {
		return true
	}
	allEnglish, given := true, false
	for i, w := range bare {
		if i == len(bare)-1 && i > 0 && nameSuffixes[w] {
			continue
		}
		if formTerms[w] || orgWords[w] {
			return true
		}
		if len([]rune(w)) == 1 || particles[w] {
			continue
		}
		if !englishWords[w] {
			allEnglish = false
		}
		if wordNames[w] || namematch.KnownGivenName(w) && !modalWords[w] {
			given = true
		}
	}
	return allEnglish && !given
}
