package extract

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/clearedtostart/compliance/classify"
	"github.com/clearedtostart/compliance/idnumber"
	"github.com/clearedtostart/compliance/namematch"
)

var (
	certIDLabels = compileLabels(append(credentialIDCaptions(), "id number", "code")...)
	// A center's own captions come before its site's: an AHA card
	// prints both, "TC Name" the center and "Training Site" the place
	// within it.
	trainingCenterLabels = compileLabels("training center name", "training center", "tc name", "training site name",
		"training site", "conducted by", "training provider", "training organization", "course location")
	// validFor is the Red Cross way of printing an expiry.
	validFor   = regexp.MustCompile(`(?i)valid\s*(?:for)?\s*:?\s*(\d|one|two|three|four|five)\s*(?:\(\d\)\s*)?y(?:ea)?rs?`)
	yearsWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
)

// credentialIDCaptions are the captions of a certificate's id: a word
// naming the credential, the record or the program, then one naming an
// id ("Completion #", "Credential No.", "NRP ID"), every pairing, as
// issuers word them differently.
func credentialIDCaptions() []string {
	var out []string
	for _, head := range []string{"ecard", "certificate", "cert", "certification", "card", "credential", "verification",
		"confirmation", "completion", "provider", "tncc", "enpc", "nrp", "bls", "acls", "pals"} {
		for _, tail := range []string{"code", "id", "#", "number", "no"} {
			out = append(out, head+" "+tail)
		}
	}
	return out
}

// preferredIssuer names the body that owns a program, which wins over
// another issuer printed beside it (an NRP card names the AHA as partner).
var preferredIssuer = map[string]string{
	"nrp":  "American Academy of Pediatrics",
	"tncc": "Emergency Nurses Association",
}

func readLifeSupport(r *reading) {
	defer r.scanGuard()
	r.readHolder(true)
	known, unsure := r.standingIssuers()
	if pref, ok := preferredIssuer[r.typ]; ok {
		for _, k := range known {
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
	if iss, ok := r.firstMentioned(known); ok {
		r.set("issuer", iss, 0.9)
	}
	if unsure != "" {
		r.set("issuer", unsure, confUnsureResult)
	}
	// A transcript lists courses row by row: the row naming this card's
	// program gives its values, not the first row.
	r.courseRow("issue_date", dateFinder(roleDate), issueLabels, completionLabels)
	r.courseRow("expiration_date", dateFinder(roleExpiry), expiryLabels)
	r.courseRow("certificate_id", certIDFinder, certIDLabels)
	r.lookup("issue_date", issueLabels, dateFinder(roleDate))
	r.lookup("issue_date", completionLabels, dateFinder(roleDate))
	r.lookup("expiration_date", expiryLabels, dateFinder(roleExpiry))
	// "... successfully completed the course held on March 3, 2026."
	r.proseDate("issue_date", courseHeldOn)
	r.validForYears("issue_date")
	r.datePair()
	r.datesStacked()
	r.datesOverCaptions()
	r.issueBeforeRenewal()
	// A caption a header row stacks on two lines ("Certificate" over
	// "No.") is read before the labels, which may take the words of two
	// columns' stacked captions for one ("Course ID" beside "Certificate
	// No." read as "ID No.").
	r.stackedCaptionID()
	r.wrappedLineID("certificate_id", certIDLabels, certIDFinder)
	r.lookup("certificate_id", certIDLabels, certIDFinder)
	r.bareCaptionID()
	r.idOverCaption()
	r.programID()
	r.eCardCode()
	r.proseID()
	r.wrappedID("certificate_id")
	r.splitID("certificate_id")
	r.trainingCenter()
}

// wrappedIDPart is a piece of an id a table's narrow cell wrapped after
// one of its hyphens: letters and digits, the hyphen last.
var wrappedIDPart = regexp.MustCompile(`^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*-$`)

// wrappedID completes an id a narrow table cell wrapped after a hyphen
// ("AAP-" over "NRP-4471092", or "4471-" over "0922"): the value read is
// one word of the page, and the cell's other piece stands right over it
// (or under it), starting where it starts, a line's pitch away, nothing
// beside it in the cell. The value keeps its confidence: the piece is
// part of the same cell's print.
func (r *reading) wrappedID(field string) {
	v, ok := r.fields[field].(string)
	g := r.doc.geometry()
	if !ok || g == nil || strings.ContainsAny(v, " ") {
		return
	}
	whole := ""
	for i := range g.words {
		w := &g.words[i]
		var before, after string
		switch {
		case w.text == v:
			// The piece over it.
			if u := g.stackedWord(i, -1); u >= 0 && wrappedIDPart.MatchString(g.words[u].text) {
				before = g.words[u].text
			}
		case w.text == v+"-":
			// The value read stops at the hyphen the cell wrapped after.
			if u := g.stackedWord(i, 1); u >= 0 && idToken.MatchString(g.words[u].text) && strings.Trim(g.words[u].text, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") == "" {
				before, after = v+"-", g.words[u].text
				if strings.IndexFunc(after, unicode.IsDigit) < 0 && strings.IndexFunc(v, unicode.IsDigit) < 0 {
					after = ""
				}
			}
		}
		if before == "" || before == v+"-" && after == "" {
			continue
		}
		id := before + v
		if after != "" {
			id = before + after
		}
		if whole != "" && whole != id {
			return
		}
		whole = id
	}
	if whole != "" {
		r.fields[field] = whole
	}
}

// stackedWord returns the word right over word i (dir -1) or under it
// (dir 1) in its table cell: on the same page, starting within half an
// em of where i starts, its line a line's pitch away, and alone in its
// cell (no word of its line within two ems after it); -1 if none.
func (g *geometry) stackedWord(i, dir int) int {
	w := &g.words[i]
	found := -1
	for j := range g.words {
		u := &g.words[j]
		if j == i || u.page != w.page || math.Abs(u.box.X0-w.box.X0) > 0.5*w.em {
			continue
		}
		gap := u.box.Y0 - w.box.Y1
		if dir < 0 {
			gap = w.box.Y0 - u.box.Y1
		}
		if gap < -0.2*w.em || gap > 0.8*w.em {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = j
	}
	if found < 0 {
		return -1
	}
	u := &g.words[found]
	for j := range g.words {
		o := &g.words[j]
		if j != found && o.page == u.page && o.pline == u.pline && o.box.X0 >= u.box.X1 && o.box.X0-u.box.X1 < 2*u.em {
			return -1
		}
	}
	return found
}

// programNames are the words naming each program a credential's course
// list may hold in its rows.
var programNames = map[string][]string{
	"bls":  {"basic life support", "bls"},
	"acls": {"advanced cardiovascular life support", "advanced cardiac life support", "acls"},
	"pals": {"pediatric advanced life support", "pals"},
	"nrp":  {"neonatal resuscitation", "nrp"},
	"tncc": {"trauma nursing core course", "tncc"},
	"enpc": {"emergency nursing pediatric course", "enpc"},
}

// namesProgram reports which of the programs line i names.
func (r *reading) namesProgram(i int) (own, other bool) {
	norm := " " + classify.Normalize(r.doc.lines[i]) + " "
	for typ, names := range programNames {
		for _, n := range names {
			if strings.Contains(norm, " "+classify.Normalize(n)+" ") {
				own = own || typ == r.typ
				other = other || typ != r.typ
			}
		}
	}
	return own, other
}

// courseRow reads a field from a course list: a column of values under
// one caption, row under row, where the rows name programs (a learning
// transcript, a training record). The value is the one on the row that
// names the document's own program; where no row or several rows with
// different values name it, the column's first value is uncertain: the
// first row is some other course's as often as not.
func (r *reading) courseRow(field string, f finder, groups ...[]label) {
	if r.has(field) || r.doc.geometry() == nil {
		return
	}
	d := r.doc
	for _, labels := range groups {
		labels = widened(labels)
		for _, l := range labels {
			for _, sp := range d.occurrences(l, true, labels) {
				var rows []found
				if first, ok := d.valueAt(sp, f, anywhere); ok && first.placed == placeUnder {
					rows = append([]found{first}, d.rowsUnder(sp, f)...)
				} else if ok && first.placed == placeBeside {
					continue
				} else {
					rows = d.captionColumn(sp, f)
				}
				if len(rows) == 1 && field == "certificate_id" && rows[0].placed == placeNone {
					// One row under a header row whose cells the layout
					// ran together: its id under the caption.
					r.set(field, rows[0].value, rows[0].conf)
					return
				}
				if len(rows) >= 2 && r.pickCourseRow(field, rows) {
					return
				}
			}
		}
	}
}

// pickCourseRow sets a field from a column's rows where they name
// programs (see courseRow), and reports whether they do.
func (r *reading) pickCourseRow(field string, rows []found) bool {
	bands := r.doc.rowBands(rows)
	named := false
	var own []found
	for k, row := range rows {
		o, other := false, false
		for _, i := range bands[k] {
			oi, xi := r.namesProgram(i)
			o, other = o || oi, other || xi
		}
		named = named || o || other
		if o {
			own = append(own, row)
		}
	}
	if !named {
		return false
	}
	switch {
	case len(own) == 1 || len(own) > 1 && sameValues(own):
		r.set(field, own[0].value, own[0].conf)
	default:
		r.set(field, rows[0].value, min(rows[0].conf, confUnsureResult))
	}
	return true
}

// bareIDCaptions are a header row's one-word captions of a credential's
// id column ("Certificate", "Credential"): a caption only where it heads
// a column of ids beside the row's other captions.
var bareIDCaptions = wordSet(`certificate credential cert certification`)

// bareCaptionID reads a certificate id under a one-word caption of a
// header row ("Course  Completed  Expires  Certificate"): the row holds
// two other captions the labels know, and the words under the caption
// are ids, one to a row (see captionColumn). One row gives the id; rows
// of several courses give the own program's (see pickCourseRow).
func (r *reading) bareCaptionID() {
	d := r.doc
	if r.has("certificate_id") || d.geometry() == nil {
		return
	}
	g := d.geo
	for i := range d.lines {
		if !d.hasGeometry(i) || len(d.labelRow(i)) < 2 {
			continue
		}
		for _, wi := range g.byLine[i] {
			w := &g.words[wi]
			if !bareIDCaptions[strings.ToLower(strings.Trim(w.text, ".:,"))] {
				continue
			}
			rows := d.captionColumn(span{line: i, start: w.start, end: w.end}, certIDFinder)
			switch {
			case len(rows) == 1:
				r.set("certificate_id", rows[0].value, min(rows[0].conf, confCaption))
				return
			case len(rows) > 1 && r.pickCourseRow("certificate_id", rows):
				return
			}
		}
	}
}

// captionColumn reads the values under a caption of a header row word
// by word, row under row: a table set with narrow gaps runs its cells
// together ("Completed Expires" one cell to the layout, and its row of
// values one too), but a row's value under the caption is still the word
// lying across the caption more than across any other word of the header
// row. Only a value of one word is read so, one per row, and the rows
// end where one stands further under the last than twice the first's
// distance from the caption.
func (d *doc) captionColumn(sp span, f finder) []found {
	if !d.hasGeometry(sp.line) {
		return nil
	}
	g := d.geo
	ref, label, ok := d.labelRef(sp)
	if !ok {
		return nil
	}
	var others []*gword
	for _, wi := range g.byLine[sp.line] {
		if !slices.Contains(label, wi) {
			others = append(others, &g.words[wi])
		}
	}
	if len(others) == 0 {
		return nil
	}
	overlap := func(w, c *gword) float64 { return min(w.box.X1, c.box.X1) - max(w.box.X0, c.box.X0) }
	var out []found
	lastY, pitch := ref.cy, 0.0
	for k := sp.line + 1; k < len(d.lines) && k <= sp.line+16; k++ {
		if d.sep[k] {
			break
		}
		if !d.hasGeometry(k) {
			continue
		}
		var hit *found
		n := 0
		for _, wi := range g.byLine[k] {
			w := &g.words[wi]
			if w.page != ref.page {
				return out
			}
			o := overlap(w, &ref)
			if o <= 0 {
				continue
			}
			beaten := false
			for _, c := range others {
				beaten = beaten || overlap(w, c) >= o
			}
			text := strings.TrimRight(w.text, ".,;")
			hs := f(text)
			if beaten || len(hs) != 1 || hs[0].start != 0 || hs[0].end != len(text) {
				continue
			}
			n++
			hit = &found{value: hs[0].value, conf: confUnder * d.ocrFactor([]int{wi}), line: k}
		}
		if hit == nil || n > 1 {
			continue
		}
		cy := g.words[g.byLine[k][0]].cy
		dy := cy - lastY
		if pitch == 0 {
			if dy > 4.5*ref.em {
				return nil
			}
			pitch = dy
		} else if dy > 2*pitch+ref.em {
			break
		}
		out = append(out, *hit)
		lastY = cy
	}
	return out
}

func sameValues(fs []found) bool {
	for _, f := range fs[1:] {
		if f.value != fs[0].value {
			return false
		}
	}
	return true
}

// rowBands returns, for each value of a column read row under row, the
// document lines of its row: the value's own line and the lines of the
// row's other cells wrapped over or under it (nearer its line than half
// the rows' pitch).
func (d *doc) rowBands(rows []found) [][]int {
	g := d.geo
	y := func(i int) (float64, bool) {
		if !d.hasGeometry(i) {
			return 0, false
		}
		var ys []float64
		for _, wi := range g.byLine[i] {
			ys = append(ys, g.words[wi].cy)
		}
		return median(ys), true
	}
	pitch := math.Inf(1)
	for k := 1; k < len(rows); k++ {
		a, oka := y(rows[k-1].line)
		b, okb := y(rows[k].line)
		if oka && okb {
			pitch = min(pitch, math.Abs(b-a))
		}
	}
	bands := make([][]int, len(rows))
	for k, row := range rows {
		bands[k] = []int{row.line}
		yv, ok := y(row.line)
		if !ok || math.IsInf(pitch, 1) {
			continue
		}
		for i := max(0, row.line-3); i <= min(len(d.lines)-1, row.line+3); i++ {
			if i == row.line || (k > 0 && i <= rows[k-1].line) || (k+1 < len(rows) && i >= rows[k+1].line) {
				continue
			}
			if yi, ok := y(i); ok && math.Abs(yi-yv) < 0.5*pitch && g.words[g.byLine[i][0]].page == g.words[g.byLine[row.line][0]].page {
				bands[k] = append(bands[k], i)
			}
		}
	}
	return bands
}

// proseIDWord is a word naming an id in a letter's sentence, the id
// after it ("Your TNCC identification number (4471092)", "your provider
// status ID is 4471092", "your unique TNCC identifier is 4471092", "your
// provider card (No. 4471092)"): the three words before it, and the id.
var proseIDWord = regexp.MustCompile(`(?i)((?:[\pL'’]+\s*\(?\s+|[\pL'’]+\s+\(){0,3})(?:\bnumber\b|\bno\.|\bid\b|#|\bcode\b|\bidentifier\b)\s*(?:is\s+|:\s*|\(\s*)?([A-Z0-9][A-Z0-9-]{4,19})\b`)

// proseIDOwners are the words before an id's word that make it the
// credential's; proseIDOthers those that make it someone else's or
// something else's (an instructor's, a training center's, a telephone).
var (
	proseIDOwners = wordSet(`tncc enpc nrp acls bls pals provider verification certificate certification card ecard
		completion confirmation identification credential`)
	proseIDOthers = wordSet(`instructor tc center site course phone telephone fax zip member employee student learner
		order invoice account reference member's instructor's`)
)

// proseID reads a certificate id a letter gives in a sentence where no
// label gave one: the one id after a word naming an id whose words
// before it name the credential and no one else's (see proseIDWord).
func (r *reading) proseID() {
	if r.has("certificate_id") {
		return
	}
	found := ""
	for _, line := range r.doc.lines {
		for _, m := range proseIDWord.FindAllStringSubmatch(line, -1) {
			words := strings.Fields(strings.ToLower(m[1]))
			owned := false
			for _, w := range words {
				w = strings.Trim(w, ".,:;()'’")
				if proseIDOthers[w] {
					owned = false
					break
				}
				owned = owned || proseIDOwners[w]
			}
			id := m[2]
			if !owned || len(strings.Map(keepDigits, id)) < 4 || len(findDates(id)) > 0 || phoneLike.MatchString(line) && strings.Contains(phoneLike.FindString(line), id) {
				continue
			}
			if found != "" && found != id {
				return
			}
			found = id
		}
	}
	if found != "" {
		r.set("certificate_id", found, confGuess)
	}
}

// phoneLike is a telephone number as letters print one.
var phoneLike = regexp.MustCompile(`\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}`)

// shortSpelling is an issuer's acronym ("ENA", "ASHI"): a word short
// enough for OCR to make out of a seal's or a pattern's specks.
func shortSpelling(sp string) bool {
	return len(sp) <= 4 && !strings.Contains(sp, " ")
}

// standingIssuers returns the known issuers with each short acronym kept
// only where it stands printed as itself: a word of its own, in capitals
// ("ena" inside a line of OCR garbage, "Ena" a holder's name, are none).
// On a scan an acronym must also have its issuer's context about it (its
// own program's card, or a word of its issuer's name on its line or the
// next) and be read surely; one that stands without them is returned as
// unsure, for an issuer reported below every threshold.
func (r *reading) standingIssuers() (known [][]string, unsure string) {
	scan := r.scanned()
	for _, k := range issuers {
		kept := []string{k[0]}
		for _, sp := range k[1:] {
			if !shortSpelling(sp) {
				kept = append(kept, sp)
				continue
			}
			line, ok := r.acronymLine(sp)
			if !ok {
				continue
			}
			if !scan || r.acronymInContext(k[0], line) && r.acronymReadSurely(sp) {
				kept = append(kept, sp)
			} else if unsure == "" {
				unsure = k[0]
			}
		}
		known = append(known, kept)
	}
	return known, unsure
}

// acronymLine returns the first line on which an acronym stands in
// capitals as a word of its own.
func (r *reading) acronymLine(sp string) (int, bool) {
	re := acronymPatterns[sp]
	for i, line := range r.doc.lines {
		if re.MatchString(line) {
			return i, true
		}
	}
	return 0, false
}

// acronymPatterns find each issuer's short acronym (shortSpelling) in
// capitals as a word of its own, by its spelling.
var acronymPatterns = func() map[string]*regexp.Regexp {
	out := map[string]*regexp.Regexp{}
	for _, k := range issuers {
		for _, sp := range k[1:] {
			if shortSpelling(sp) {
				out[sp] = regexp.MustCompile(`(?:^|[^\pL\pN])` + regexp.QuoteMeta(strings.ToUpper(sp)) + `(?:[^\pL\pN]|$)`)
			}
		}
	}
	return out
}()

// acronymContext is a word that names what an issuer's acronym stands
// for, or what it teaches, besides its name's own words.
var acronymContext = map[string][]string{
	"Emergency Nurses Association": {"tncc", "enpc", "trauma", "emergency", "nurses", "nursing"},
	"Health & Safety Institute":    {"medic", "safety", "health", "institute"},
}

// acronymInContext reports that an acronym's issuer owns the card's
// program, or that a word naming the issuer stands on the acronym's line
// or the next.
func (r *reading) acronymInContext(canon string, line int) bool {
	if preferredIssuer[r.typ] == canon {
		return true
	}
	words := acronymContext[canon]
	for _, w := range strings.Fields(strings.ToLower(canon)) {
		if len(w) > 3 && w != "american" && w != "association" {
			words = append(words, w)
		}
	}
	for k := line; k <= line+1 && k < len(r.doc.lines); k++ {
		for _, w := range strings.Fields(classify.Normalize(r.doc.lines[k])) {
			for _, c := range words {
				if w == c {
					return true
				}
			}
		}
	}
	return false
}

// acronymReadSurely reports that OCR read every word spelling an acronym
// at a confidence a passing reading would stand on.
func (r *reading) acronymReadSurely(sp string) bool {
	up := strings.ToUpper(sp)
	return r.readSurely(func(text string) bool { return strings.Trim(text, ".,:;()[]|-") == up })
}

// readSurely reports that the pages hold an OCR word that is (same) the
// word looked for, and that each such word was read at a confidence a
// passing reading may stand on (a word read twice must be sure both
// times).
func (r *reading) readSurely(same func(text string) bool) bool {
	seen := false
	for _, p := range r.pages {
		for _, w := range p.Words {
			if !same(w.Text) {
				continue
			}
			if w.Confidence < 100*confSurePass {
				return false
			}
			seen = true
		}
	}
	return seen
}

// letteredCode is a certificate's code of capitals with a digit among
// them ("4KXTRBQW", "GV9M7KQ"), the whole value after its label: some
// issuers' codes are mostly letters.
var letteredCode = regexp.MustCompile(`^[\s:#.]*([A-Z0-9]*[0-9][A-Z0-9]*)\s*$`)

// otherNumberCaption opens a value with the caption of another thing's
// number: a training center's, an instructor's, a course's.
var otherNumberCaption = regexp.MustCompile(`(?i)^[\s:#.]*(?:tc|ts|training\s+(?:center|site)|site|class|student|employee|member|patient|order|nurse|account|instructor|course|client|user|participant)\s*(?:id\b|#|no\b|number\b)`)

// certIDFinder reads a certificate's id after its label: an id of two
// digits or more (idFinder), or a code of six to sixteen capitals and
// digits standing alone after the label, however few its digits.
func certIDFinder(s string) []hit {
	if otherNumberCaption.MatchString(s) {
		// "eCard Code: TC ID# WA20417": the caption's own value lost,
		// the number after it is the training center's.
		return nil
	}
	if hs := idFinder(2)(s); len(hs) > 0 {
		return hs
	}
	m := letteredCode.FindStringSubmatchIndex(s)
	if m == nil || m[3]-m[2] < 6 || m[3]-m[2] > 16 || !strings.ContainsAny(s[m[2]:m[3]], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		return nil
	}
	return []hit{{start: m[2], end: m[3], value: s[m[2]:m[3]]}}
}

// A table's header row may print each caption on two lines
// ("Certificate" over "Number", "eCard" over "Code"), which no label
// matches as a phrase: the caption is found as two words stacked in one
// column, and the id is the value in that column on the row under it.
var (
	// A course's number ("Course" over "ID") names the course, which
	// every learner of it shares: no certificate's.
	idCaptionHeads = wordSet(`certificate cert card ecard credential provider verification completion confirmation
		registration record nrp tncc acls bls pals`)
	idCaptionTails = wordSet(`number no # id code`)
)

// stackedCaptionID reads a certificate id under a caption printed on two
// lines of a header row, as sure as a value under its caption.
func (r *reading) stackedCaptionID() {
	d := r.doc
	if r.has("certificate_id") || d.geometry() == nil {
		return
	}
	g := d.geo
	bare := func(w string) string { return strings.ToLower(strings.Trim(w, ".:,")) }
	for i := range d.lines {
		k := d.nextNonEmpty(i)
		if k < 0 || !d.hasGeometry(i) || !d.hasGeometry(k) {
			continue
		}
		v := d.nextNonEmpty(k)
		if v < 0 || !d.hasGeometry(v) {
			continue
		}
		for _, ti := range g.byLine[i] {
			top := &g.words[ti]
			if !idCaptionHeads[bare(top.text)] {
				continue
			}
			for _, bi := range g.byLine[k] {
				bot := &g.words[bi]
				if !idCaptionTails[bare(bot.text)] || bot.page != top.page || bot.box.Y0-top.box.Y1 > 1.5*top.em ||
					min(top.box.X1, bot.box.X1) <= max(top.box.X0, bot.box.X0) {
					continue
				}
				// A course list's rows under the caption: the own
				// program's row gives the id (see pickCourseRow).
				if rows := d.captionColumn(span{line: k, start: bot.start, end: bot.end}, certIDFinder); len(rows) > 1 && !sameValues(rows) {
					if !r.pickCourseRow("certificate_id", rows) {
						r.set("certificate_id", rows[0].value, min(rows[0].conf, confUnsureResult))
					}
					return
				}
				x0, x1 := min(top.box.X0, bot.box.X0), max(top.box.X1, bot.box.X1)
				var ws []string
				for _, vi := range g.byLine[v] {
					w := &g.words[vi]
					if w.page == top.page && w.box.X1 > x0 && w.box.X0 < x1 && w.box.Y0-bot.box.Y1 < 3*top.em {
						ws = append(ws, w.text)
					}
				}
				value := strings.Join(ws, " ")
				if hs := certIDFinder(value); len(hs) == 1 && hs[0].start == 0 && hs[0].end == len(value) {
					r.set("certificate_id", hs[0].value, confCaption)
					return
				}
			}
		}
	}
}

// programNumber is a certificate number that names its program
// ("NRP-20051419"), its hyphen perhaps read as a period or a long dash.
var programNumber = regexp.MustCompile(`\b([A-Z]{3,4})[-.–—]\s?(\d{6,10})\b`)

// programID reads a certificate number whose label OCR lost where the
// number carries the card's own program ("NRP-…" on an NRP card): the
// only such number on the page.
func (r *reading) programID() {
	if r.has("certificate_id") {
		return
	}
	found := ""
	for _, line := range r.doc.lines {
		for _, m := range programNumber.FindAllStringSubmatch(line, -1) {
			if !strings.EqualFold(m[1], r.typ) {
				continue
			}
			id := m[1] + "-" + m[2]
			if found != "" && found != id {
				return
			}
			found = id
		}
	}
	if found != "" {
		r.set("certificate_id", found, confGuess)
	}
}

// eCardNumber is a run of twelve digits: an AHA eCard code's length.
var eCardNumber = regexp.MustCompile(`\b(\d{12})\b`)

// eCardCode reads an AHA eCard code whose label OCR lost. The code is
// the issue year's last two digits, the course's three and seven more;
// an instructor's or training site's number of twelve digits printed
// beside it does not open with the year. Only one such number may
// stand on the page, and the card must be the AHA's.
func (r *reading) eCardCode() {
	issue, ok := r.fields["issue_date"].(string)
	if r.has("certificate_id") || !ok || r.fields["issuer"] != "American Heart Association" || len(issue) < 4 {
		return
	}
	yy := issue[2:4]
	found := ""
	for _, line := range r.doc.lines {
		for _, m := range eCardNumber.FindAllStringSubmatch(line, -1) {
			if !strings.HasPrefix(m[1], yy) || m[1] == found {
				continue
			}
			if found != "" {
				return
			}
			found = m[1]
		}
	}
	if found != "" {
		r.set("certificate_id", found, confGuess)
	}
}

// courseHeldOn is the verb of a certificate's sentence that gives the
// day a course was held or passed, before "on <date>".
var courseHeldOn = regexp.MustCompile(`(?i)\b(?:held|completed|conducted|taken|attended|passed|awarded|issued|certified)\b[^.;:]{0,60}?\bon\b`)

// datePair reads a card whose labels OCR lost but whose two dates are
// still side by side: the first is the issue, the second, one to five
// years later, the expiry ("5/1/2025 5/1/2027"). Where only the issue
// date was read by its label, the date beside it on its line is still
// its expiry ("Issued 05/12/2025  Renew 05/2027"), no surer than it.
func (r *reading) datePair() {
	if r.has("expiration_date") {
		return
	}
	if issue, ok := r.fields["issue_date"].(string); ok {
		if exp, conf, ok := r.expiryBeside(issue); ok {
			r.set("expiration_date", exp, min(conf, r.conf["issue_date"]))
		}
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
				conf := r.pairConf(ta, tb, line[hs[0].start:hs[0].end], line[hs[1].start:hs[1].end])
				r.set("issue_date", issue, conf)
				r.set("expiration_date", b, conf)
				return
			}
		}
	}
}

// datesStacked reads a card whose small captions OCR lost beside their
// larger values (a scan at 150 dpi or less), leaving its two dates each
// on a line of its own, one under the other: the first the issue, the
// second, one to five years later, the expiry ("02/27/2026" over
// "02/2028"). Only where they are the page's only dates, and as sure as
// a pair side by side (pairConf).
func (r *reading) datesStacked() {
	if r.has("issue_date") || r.has("expiration_date") {
		return
	}
	var at []int
	for i, line := range r.doc.lines {
		switch hs := findDates(line); {
		case len(hs) > 1:
			return
		case len(hs) == 1:
			if strings.TrimSpace(line[:hs[0].start]) != "" || strings.TrimSpace(line[hs[0].end:]) != "" {
				return
			}
			at = append(at, i)
		}
	}
	if len(at) != 2 || r.doc.nextNonEmpty(at[0]) != at[1] {
		return
	}
	a, b := r.doc.lines[at[0]], r.doc.lines[at[1]]
	issue, iok := ParseDate(strings.TrimSpace(a), false)
	hs := dateFinder(roleExpiry)(b)
	if !iok || len(hs) != 1 {
		return
	}
	exp, _ := hs[0].value.(string)
	ti, _ := time.Parse(time.DateOnly, issue)
	te, err := time.Parse(time.DateOnly, exp)
	if years := te.Sub(ti).Hours() / 24 / 365.25; err != nil || years < 0.9 || years > 5.1 {
		return
	}
	conf := r.pairConf(ti, te, strings.TrimSpace(a), strings.TrimSpace(b))
	r.set("issue_date", issue, conf)
	r.set("expiration_date", exp, conf)
}

// datesOverCaptions reads a card's dates printed over their captions
// where OCR parted the row of values and the row of captions into a line
// per cell ("11/18/2025" | "11/2027" | "Issue Date" | "Recommended
// Renewal Date"): the dates, each a line of its own, then as many lines
// each a date caption and nothing else, every date standing where its
// caption starts on the page. Each is as sure as a value by its caption.
func (r *reading) datesOverCaptions() {
	if r.has("issue_date") && r.has("expiration_date") {
		return
	}
	g := r.doc.geometry()
	if g == nil {
		return
	}
	lines := r.doc.lines
	field := func(line string) string {
		t := strings.ToLower(squeeze(strings.Trim(line, " :")))
		for _, l := range issueLabels {
			if l.text == t {
				return "issue_date"
			}
		}
		for _, l := range expiryLabels {
			if l.text == t {
				return "expiration_date"
			}
		}
		return ""
	}
	lone := func(line string) bool {
		hs := findDates(line)
		return len(hs) == 1 && strings.TrimSpace(line[:hs[0].start]) == "" && strings.TrimSpace(line[hs[0].end:]) == ""
	}
	startX := func(k int) (float64, float64, bool) {
		if k >= len(g.byLine) || len(g.byLine[k]) == 0 {
			return 0, 0, false
		}
		w := g.words[g.byLine[k][0]]
		return w.box.X0, w.em, true
	}
	for i := 0; i < len(lines); {
		k := i
		for k < len(lines) && lone(lines[k]) {
			k++
		}
		n := k - i
		if n < 2 || k+n > len(lines) {
			i = k + 1
			continue
		}
		got := map[string]string{}
		for j := 0; j < n; j++ {
			f := field(lines[k+j])
			dx, em, ok1 := startX(i + j)
			cx, _, ok2 := startX(k + j)
			if f == "" || got[f] != "" || !ok1 || !ok2 || abs64(dx-cx) > 2*em {
				return
			}
			role := roleDate
			if f == "expiration_date" {
				role = roleExpiry
			}
			hs := dateFinder(role)(lines[i+j])
			if len(hs) != 1 {
				return
			}
			got[f], _ = hs[0].value.(string)
		}
		for f, v := range got {
			r.set(f, v, confCaption)
		}
		return
	}
}

// issueBeforeRenewal reads a card's issue date whose caption OCR lost
// where its expiry was read: OCR parted a row of captions over a row of
// values into lines ("ssue Cate" | "Recommended Renewal Date" | "February
// 2026" | "February 2028"), and the card prints no other date than the
// two. The other date falls a whole number of years (one to five) before
// the expiry, in the same month, as a card's validity runs: it is the
// issue, no surer than a guess.
func (r *reading) issueBeforeRenewal() {
	exp, ok := r.fields["expiration_date"].(string)
	if r.has("issue_date") || !ok {
		return
	}
	te, err := time.Parse(time.DateOnly, exp)
	if err != nil {
		return
	}
	other, text, seen := "", "", false
	for _, line := range r.doc.lines {
		for _, h := range dateFinder(roleDate)(line) {
			v, _ := h.value.(string)
			t, err := time.Parse(time.DateOnly, v)
			if err != nil || t.Year() == te.Year() && t.Month() == te.Month() {
				// The expiry itself, read as a date of its month.
				continue
			}
			if seen && v != other {
				return
			}
			other, text, seen = v, line[h.start:h.end], true
		}
	}
	ti, err := time.Parse(time.DateOnly, other)
	if !seen || err != nil || ti.Month() != te.Month() || te.Year()-ti.Year() < 1 || te.Year()-ti.Year() > 5 ||
		!r.asOf.IsZero() && ti.After(r.asOf) {
		return
	}
	conf := confGuess
	if r.scanned() && !r.wordsReadSurely(text) {
		conf = confMRZFailed
	}
	r.set("issue_date", other, conf)
}

// pairConf is how sure a pair of dates read side by side is: a guess,
// except on a scan where OCR read both dates' words surely and the expiry
// falls a whole number of years (within a month) after the issue, as a
// card's validity runs; such a pair vouches for itself and passes the
// scan guard. A digit misread in either would break the whole years.
func (r *reading) pairConf(issue, expiry time.Time, issueText, expiryText string) float64 {
	if !r.scanned() || !r.wordsReadSurely(issueText) || !r.wordsReadSurely(expiryText) {
		return confGuess
	}
	for n := 1; n <= 5; n++ {
		if d := expiry.Sub(issue.AddDate(n, 0, 0)).Hours() / 24; d >= -31 && d <= 31 {
			return confSurePass
		}
	}
	return confGuess
}

// wordsReadSurely reports that every word of a piece of a line was
// read surely (readSurely).
func (r *reading) wordsReadSurely(text string) bool {
	for _, tok := range strings.Fields(text) {
		if !r.readSurely(func(text string) bool { return text == tok }) {
			return false
		}
	}
	return true
}

// expiryBeside returns the expiry printed after an issue date on its
// line, the line's only other date, 0.9 to 5.1 years later, and how sure
// the pair is (pairConf).
func (r *reading) expiryBeside(issue string) (string, float64, bool) {
	ti, err := time.Parse(time.DateOnly, issue)
	if err != nil {
		return "", 0, false
	}
	for _, line := range r.doc.lines {
		hs := findDates(line)
		if len(hs) != 2 {
			continue
		}
		if t, ok := hs[0].resolve(roleDate); !ok || !t.Equal(ti) {
			continue
		}
		te, ok := hs[1].resolve(roleExpiry)
		if years := te.Sub(ti).Hours() / 24 / 365.25; ok && years > 0.9 && years < 5.1 {
			return te.Format(time.DateOnly), r.pairConf(ti, te, line[hs[0].start:hs[0].end], line[hs[1].start:hs[1].end]), true
		}
	}
	return "", 0, false
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
	for i, line := range r.doc.lines {
		m := validFor.FindStringSubmatch(line)
		if m == nil {
			m = r.validForBelow(i)
		}
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
		// An expiry derived from a date read unsurely is no surer.
		r.set("expiration_date", t.AddDate(n, 0, 0).Format(time.DateOnly), min(confDerived, r.conf[from]))
		return
	}
}

// validForCaption is "Valid For" as a caption in a row of captions, its
// value ("2 Years") on the line under the row; yearsValue is that value.
var (
	validForCaption = regexp.MustCompile(`(?i)\bvalid\s+for\b\s*:?(?:\s+[a-z][a-z.:]*)*\s*$`)
	yearsValue      = regexp.MustCompile(`(?i)(?:^|\s)(\d|one|two|three|four|five)\s*y(?:ea)?rs?\b`)
)

// validForBelow reads a row of captions at line i ("Date Completed  Valid
// For  Certificate ID") over its values ("06/22/2025  2 Years  01XK7M9"):
// the one count of years on the next line is the validity, as validFor's
// match gives it.
func (r *reading) validForBelow(i int) []string {
	if !validForCaption.MatchString(r.doc.lines[i]) {
		return nil
	}
	k := r.doc.nextNonEmpty(i)
	if k < 0 {
		return nil
	}
	ms := yearsValue.FindAllStringSubmatch(r.doc.lines[k], -1)
	if len(ms) != 1 {
		return nil
	}
	return ms[0]
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
	if cell := strings.TrimSpace(line); v != cell && strings.HasSuffix(v, " "+cell) && len(strings.Fields(cell)) >= 2 {
		// "B. HOLLISTER Gateway Resuscitation Partners": the row over
		// the caption ran the instructor's cell, which OCR read as a
		// line of its own ("LORRAINE B. HOLLISTER"), into the value.
		head := strings.TrimSpace(strings.TrimSuffix(v, cell))
		for k, other := range r.doc.lines {
			if k != f.line && strings.HasSuffix(strings.TrimSpace(other), head) {
				v = cell
				break
			}
		}
	}
	col := strings.Index(line, v)
	if k := f.line + 1; col >= 0 && k < len(r.doc.lines) && f.conf == confNextLine {
		next := r.doc.lines[k]
		cs := cells(next)
		if len(cs) == 1 && abs(cs[0].start-col) <= 2 && len(r.doc.labelRow(k)) == 0 &&
			len(strings.Fields(cs[0].text)) <= 3 && !strings.ContainsAny(cs[0].text, "0123456789:") && !centerCaption(cs[0].text) {
			v += " " + cs[0].text
		}
	} else if more := r.doc.runOn(f.line, v); more != "" {
		// "... AHA Training Center: Mercy" / "Regional Training
		// Institute. Contact Hours: 4.5": a paragraph wrapped inside it.
		v += " " + more
	} else if f.placed == placeBeside {
		// A value in a key/value row whose cell wraps: "Training Center
		// | Mercy Regional Training" over "| Center".
		if more := r.doc.wrapped(f.line, v); more != "" {
			v += " " + more
		}
	}
	if frag := strings.Fields(v); len(frag) > 0 && labelRemnant(frag[0]) {
		// "Training Center Nar SureFire CPR": the caption's "Name" OCR
		// misread is no part of the value.
		rest := strings.TrimSpace(strings.TrimPrefix(v, frag[0]))
		if rest == "" {
			if at := strings.Index(line, v); at >= 0 {
				rest = strings.TrimSpace(line[at+len(v):])
			}
		}
		if rest == "" || len(strings.Fields(rest)) > 6 {
			return
		}
		v = rest
	}
	r.set("training_center", v, f.conf)
}

// centerCaption reports that a line under a training center's name is
// the caption of the next of the center's fields ("TC Info", "TC ID",
// "Instructor Name"), not the name's wrapped end.
func centerCaption(s string) bool {
	for _, w := range strings.Fields(strings.ToLower(s)) {
		if centerCaptionWords[strings.Trim(w, ".:#")] {
			return true
		}
	}
	return false
}

var centerCaptionWords = wordSet(`tc info id phone tel contact instructor location site code`)

// labelRemnant reports that a word is a caption's "Name" as OCR misread
// it (Nar, Narne, Nme): a short word a letter or two from it.
func labelRemnant(w string) bool {
	w = strings.ToLower(strings.Trim(w, ":.,"))
	if len(w) > 5 || len(w) < 3 || w[0] != 'n' || w == "name" {
		return w == "name"
	}
	return idnumber.LookAlikeDistance(strings.ToUpper(w), "NAME") <= 2 && !strings.ContainsAny(w, "0123456789")
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
	r.wrappedLineID("license_number", licenseNumberLabels, typedNumberFinder)
	r.lookup("license_number", licenseNumberLabels, typedNumberFinder)
	if v, ok := r.fields["license_number"].(string); ok && r.scanned() {
		// A letter OCR made of a digit among the number's digits
		// (RN.1234S67): the digit, the reading no surer than a caption's.
		if fixed, ok := idnumber.DigitRun(v); ok && fixed != v {
			r.fields["license_number"] = fixed
			r.conf["license_number"] = min(r.conf["license_number"], confCaption)
		}
	}
	if v, ok := r.fields["license_number"].(string); ok && r.scanned() {
		if m := typeThenO.FindStringSubmatch(v); m != nil {
			// "RNO62044": an O between the type and the digits is
			// the number's leading 0.
			r.fields["license_number"] = m[1] + m[2] + "0" + m[3]
			r.conf["license_number"] = min(r.conf["license_number"], confCaption)
		}
	}
	r.splitNumber("license_number", "")
	r.typedNumberAlone()
	code, at := stateIn(strings.Join(r.doc.lines, "\n"))
	if !r.lookup("state", licenseStateLabels, stateFinder) && at >= 0 {
		r.set("state", code, 0.8)
	}
	if at >= 0 && r.fields["state"] == code {
		// The state's label paired unsurely with its value, which the
		// board's own name on the page confirms.
		r.conf["state"] = max(r.conf["state"], 0.8)
	}
	r.lookup("issue_date", issueLabels, dateFinder(roleDate))
	r.lookup("expiration_date", expiryLabels, dateFinder(roleExpiry))
	r.lookup("license_status", licenseStatusLabels, statusFinder)
	if !r.has("license_status") {
		// "... holds an active license to practice as a Registered Nurse".
		for _, line := range r.doc.lines {
			if m := statusInSentence.FindStringSubmatch(line); m != nil {
				r.set("license_status", m[1], confRunning)
				break
			}
		}
	}
	r.capitalStatus()
}

// typedNumberAlone reads a license number that no caption gave (its
// caption lost, or misread "Ucense Nurnber" over a value it could not
// pair) where the card prints it run into its kind's code as a word of
// its own ("RN712845L" under "REGISTERED NURSE"): the one such word on
// the page, as a guess.
func (r *reading) typedNumberAlone() { r.numberAlone(typedWord) }

// typedWord is a license number run into its kind's code: the code, five
// to nine digits and perhaps a letter after them.
var typedWord = regexp.MustCompile(`^(?:APRN|LPN|LVN|RN|PN|VN)\d{5,9}[A-Z]?$`)

// capitalStatus is a status a verification report prints in capitals
// where no label gave it ("ACTIVE" in a results row under a heading row
// OCR or the layout did not pair with it): the one status word standing
// in capitals on the page. Under a heading row that names the status
// ("STATUS" within the two lines above) it is read as a guess; anywhere
// else it is reported uncertain, for a person to read, so that a rule
// needing it is skipped rather than failed. Two status words are two
// licenses or a legend: neither.
func (r *reading) capitalStatus() {
	if r.has("license_status") {
		return
	}
	found, at := "", -1
	for i, line := range r.doc.lines {
		for _, m := range capitalStatusWord.FindAllStringSubmatch(line, -1) {
			if found != "" && found != m[1] {
				return
			}
			found, at = m[1], i
		}
	}
	if found == "" {
		return
	}
	conf := confMRZFailed
	for k, n := at-1, 0; k >= 0 && n < 2; k-- {
		if strings.TrimSpace(r.doc.lines[k]) == "" {
			continue
		}
		n++
		if strings.Contains(r.doc.lines[k], "STATUS") {
			conf = confGuess
		}
	}
	r.set("license_status", found, conf)
}

// capitalStatusWord is a license status in capitals, a word of its own.
var capitalStatusWord = regexp.MustCompile(`(?:^|[\s|:])(ACTIVE|INACTIVE|EXPIRED|LAPSED|SUSPENDED|REVOKED|PROBATION|PROBATIONARY|DELINQUENT|RETIRED|SURRENDERED|ENCUMBERED|RESTRICTED)(?:$|[\s|,.;])`)

// statusInSentence is a license's status a verification letter gives in
// a sentence.
var statusInSentence = regexp.MustCompile(`(?i)\b(?:holds?|has|is\s+in)\s+(?:an?\s+|the\s+)?(active|inactive|expired|lapsed|suspended|revoked|probationary|encumbered|retired|delinquent)\s+(?:\w+\s+){0,2}?(?:licen[sc]e|status|standing)\b`)

// typedNumber is a license number that opens with its type's code and a
// mark between it and the digits, OCR perhaps putting a space on either
// side of the mark or reading the hyphen as a long dash or a tilde
// ("RN. 1234567", "RN—1234567" for RN.1234567 and RN-1234567).
var typedNumber = regexp.MustCompile(`^[\s:]*((?:APRN|ARNP|APN|LPN|LVN|RN|PN|VN|NP|CNS|CNM|CRNA))\s?([.\-—–~,/#·•])\s?(\d{4,}(?:-[A-Z0-9]{1,4})?)\b`)

// dottedTypeNumber is a license number after its type's code spelt with
// periods ("R.N. 123456", "L.P.N.123456"): the code's own periods part it
// from the digits. spacedTypeNumber is one after its code and a space
// whose digits are in groups ("RN 12-3456", "RN 123456-A"). Both are kept
// as printed, with a suffix after a hyphen ("L.P.N. 4471-92").
var (
	dottedTypeNumber = regexp.MustCompile(`^[\s:]*((?:[A-Z]\.){2,4})\s?(\d{4,}(?:-[A-Z0-9]{1,4})?)\b`)
	spacedTypeNumber = regexp.MustCompile(`^[\s:]*((?:APRN|ARNP|APN|LPN|LVN|RN|PN|VN|NP|CNS|CNM|CRNA) \d{1,7}(?:[-–][0-9A-Z]{1,7})+)\b`)
)

// codedNumber is a license number opening with its type's code in
// digits and a mark ("041.123456", the code of a registered nurse's
// license in some states), OCR perhaps putting a space after the mark or
// reading the period as a comma: two to four digits, the mark, five
// digits or more (no date, telephone or Social Security number is so).
var codedNumber = regexp.MustCompile(`^[\s:]*(\d{2,4})([.\-—–~,·•])\s?(\d{5,})\b`)

// typeThenO is a nursing license number whose type code OCR followed
// with the letter O before the digits ("RNO62044" for RN062044).
var typeThenO = regexp.MustCompile(`^(RN|LPN|LVN|APRN|PN)([.\- ]?)[Oo](\d{3,})$`)

// anotherIDCaption opens a value with another number's caption: a word
// or two and then ID, #, No. or Number ("NCSBN ID", "Board ID", "Case
// No.", "Control #", "Profession Code").
var anotherIDCaption = regexp.MustCompile(`(?i)^[\s:#.]*([a-z]+)\.?(?:\s+[a-z]+\.?)?\s*(?:\bid\b|#|\bno\b\.?|\bnumber\b|\bcode\b)`)

// licenseTypeWord are the license types a number may follow ("RN #
// 12345").
var licenseTypeWord = wordSet(`rn lpn lvn aprn np cns crna cnm pn`)

// typedNumberFinder keeps a license number's type code where a mark
// stands between the code and the digits, the mark as printed (a long
// dash or tilde is OCR's hyphen, a comma or a raised dot its period).
func typedNumberFinder(s string) []hit {
	if m := anotherIDCaption.FindStringSubmatch(s); m != nil && !licenseTypeWord[strings.ToLower(m[1])] {
		// "License No: NCSBN ID 12345678": the license's own number
		// lost, the next is another thing's (the NCSBN's, a case's).
		return nil
	}
	m := typedNumber.FindStringSubmatchIndex(s)
	if m == nil {
		m = codedNumber.FindStringSubmatchIndex(s)
	}
	if m != nil {
		sep := strings.NewReplacer("—", "-", "–", "-", "~", "-", ",", ".", "·", ".", "•", ".").Replace(s[m[4]:m[5]])
		return []hit{{start: m[2], end: m[7], value: s[m[2]:m[3]] + sep + s[m[6]:m[7]]}}
	}
	if m := dottedTypeNumber.FindStringSubmatchIndex(s); m != nil {
		return []hit{{start: m[2], end: m[5], value: s[m[2]:m[5]]}}
	}
	if m := spacedTypeNumber.FindStringSubmatchIndex(s); m != nil && len(findDates(s[m[2]:m[3]])) == 0 {
		return []hit{{start: m[2], end: m[3], value: s[m[2]:m[3]]}}
	}
	return groupedIDFinder(3)(s)
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

// otherCardNumber opens a value with the caption of a card's other
// number: an audit or inventory number, the document discriminator, a
// class, restriction or endorsement code (perhaps after its field number).
var otherCardNumber = regexp.MustCompile(`(?i)^[\s:#.]*(?:\d{1,2}[a-d]?\s+)?(?:audit|icn|inv|inventory|dd|doc|document|discriminator|control|ctrl|rev|class|restr?|rstr|end|endorsements?|restrictions?)\b`)

// dlNumberFinder reads a license card's number: some states' are mostly
// letters ("WDLWSKAA2NAB", one digit), so a long token of capitals and
// digits counts when no number with more digits stands there.
func dlNumberFinder(s string) []hit {
	if otherCardNumber.MatchString(s) {
		// "DL# AUDIT 10132023041": the number's own value lost, the
		// next one is the audit number's, the discriminator's.
		return nil
	}
	// An 8 printed in red on a card's pattern is read '&' ("N&2289931").
	b := []byte(s)
	for i := 1; i+1 < len(b); i++ {
		if b[i] == '&' && isAlnum(b[i-1]) && isAlnum(b[i+1]) {
			b[i] = '8'
		}
	}
	// A leading S or C in red print is read as a mark ("$R482913"): a
	// mark opening a word of capitals and digits is its letter (one
	// character for one, so the hits' offsets stand).
	for i := 0; i+1 < len(b); i++ {
		if (b[i] == '$') && (i == 0 || b[i-1] == ' ' || b[i-1] == ':') && isAlnum(b[i+1]) {
			b[i] = 'S'
		}
	}
	s = string(b)
	if m := letterGroups.FindStringSubmatchIndex(s); m != nil {
		return []hit{{start: m[2], end: m[3], value: s[m[2]:m[3]]}}
	}
	if hs := spacedNumber(s); len(hs) > 0 {
		return hs
	}
	if hs := groupedIDFinder(2)(s); len(hs) > 0 {
		return hs
	}
	if m := letteredNumber.FindStringSubmatchIndex(s); m != nil {
		return []hit{{start: m[2], end: m[3], value: s[m[2]:m[3]]}}
	}
	return nil
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

// letterGroups is a card number of a letter and digits printed in
// groups ("M4821 39105 27804"): the letter glued to the first group.
var letterGroups = regexp.MustCompile(`^[\s:#.]*([A-Z]\d{3,5}(?: \d{3,5}){2,3})(?:[^\w/.-]|$)`)

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
		"4d id", "4d no", "dln", "oln", "dl no", "dl #", "dl number", "dl", "lic no", "lic #", "license no", "license number",
		"license #", "id no", "id #", "id number", "customer id", "customer number", "customer no", "4d")
	addressLabels = compileLabels("address", "addr", "residence address", "mailing address")
	cityStateZip  = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z .'-]*?),?\s+([A-Z]{2})\s*,?\s+(\d{5}(?:-\d{4})?)\s*$`)
	streetLine    = regexp.MustCompile(`(?i)^\s*(?:8\s+|` + eightLookAlike + `)?(?:address:?\s*)?((?:\d+[A-Z]?\s+\S.*)|(?:p\.?\s*o\.?\s+box\s+\d+.*))$`)
	// AAMVA cards number their fields: "1" the family name, "2" the given
	// names, each before its value (OCR reads the 1 as l, I or |), a
	// caption of the field's name sometimes between ("1 SURNAME SMITH").
	aamvaLast = regexp.MustCompile(`^\s*(?:1|[lI|]\s)\s*(?:(?i:family\s+name|surname|last\s+name|ln)\s*:?\s+)?` +
		`([A-Za-z][A-Za-z'’. -]*?)\s*(?:\s2\s+(?:(?i:given\s+names?|first\s+name|fn)\s*:?\s+)?([A-Za-z][A-Za-z'’ .-]*?))?\s*$`)
	aamvaGiven = regexp.MustCompile(`^\s*` + twoLookAlike + `(?:(?i:given\s+names?|first\s+name|fn)\s*:?\s+)?([A-Za-z][A-Za-z'’ .-]*?)\s*$`)
	// aamvaGivenDamaged is the given names' line with its field number 2
	// read as a mark or two, or kept behind a speck OCR read as a short
	// word: capitals only, three words at most.
	aamvaGivenDamaged = regexp.MustCompile(`^\s*(?:[^\sA-Za-z0-9]{1,2}|\S{1,2}\s+2)\s+([A-Z][A-Z'’.-]*(?: [A-Z][A-Z'’.-]*){0,2})\s*$`)
)

func readDriversLicense(r *reading) {
	r.aamvaElements()
	r.aamvaName()
	r.cardNameLines()
	if !r.has("full_name") {
		p, ok := r.holderName(true)
		if ok && p.conf <= confGuess {
			p = r.doc.signedName(p)
		}
		// A card that prints the family name over the given names with
		// no numbers or labels: the guess took the given names alone.
		last, given, li, gi, sok := r.doc.stackedName(false)
		if !sok && ok && p.conf <= confGuess {
			// Both lines' captions misread as letters ("uv ADAMS-PRICE"
			// over "«x KEISHA MONIQUE"): a stack only where the guessed
			// name, a signature's, signs it.
			if l, g, i, k, lok := r.doc.stackedName(true); lok && signsStack(p, l, g) {
				last, given, li, gi, sok = l, g, i, k, true
			}
		}
		switch {
		case sok && (!ok || p.conf <= confGuess && (strings.EqualFold(squeeze(given), squeeze(p.full)) || signsStack(p, last, given))):
			conf := confGuess
			if r.oneRow(li, gi) {
				// OCR parted one row of the page into two lines: names
				// side by side under their captions, one of them perhaps
				// cut short ("FITZGE" beside "COLLEEN ROSE"), no stack.
				conf = confMRZFailed
			}
			r.setSplitName(strings.Fields(given), last, conf)
		case ok && p.conf <= confGuess && r.doc.nameLineBelow(p.full) != "":
			// The guess took the first of two name lines alone: the
			// family name over the given names, or the given names
			// ("FIRST MIDDLE") over the family name. The candidate's
			// surname says which the card prints; without it neither
			// reading is sure.
			below := r.doc.nameLineBelow(p.full)
			switch {
			case r.holder.LastName != "" && namematch.Fold(r.holder.LastName) == namematch.Fold(below):
				r.setSplitName(strings.Fields(p.full), below, confGuess)
			case r.holder.LastName != "" && namematch.Fold(r.holder.LastName) == namematch.Fold(p.full):
				r.setSplitName(strings.Fields(below), p.full, confGuess)
			default:
				p.conf = confMRZFailed
				r.setPerson(p)
			}
		case ok:
			r.setPerson(r.rowContinued(p))
		}
	}
	r.cardZone()
	r.surnameLost()
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.cardBirthDate()
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
	r.cardIssueDate()
	r.lookup("expiration_date", expiryLabels, dateFinder(roleExpiry))
	r.expiryPastCaption()
	r.uncaptionedCardDates()
	r.birthDateByExpiry()
	r.damagedExpiryCaption()
	r.address()
	if !r.has("state") {
		if a, ok := r.fields["address"].(string); ok {
			if m := addressState.FindStringSubmatch(a); m != nil {
				r.set("state", m[1], 0.7)
			}
		}
	}
	r.stateFromCityLine()
	state, _ := r.fields["state"].(string)
	r.cardNumber(state)
	r.repairNumber(state)
	if r.scanned() {
		r.stateFormNumber(state)
		r.groupedNumberAlone()
		r.numberTwice(state)
	}
	r.splitNumber("license_number", state)
	r.birthdayExpiry()
	r.doubtFaintDates("expiration_date")
	r.doubtFaintNumber("license_number")
	r.doubtLettersBeforeDigits(state)
	r.lookAlikeOfCandidate()
}

// lettersThenDigits is a number of three letters or more then digits,
// the last letter one OCR reads for a digit (S for 5, O for 0, B for 8).
var lettersThenDigits = regexp.MustCompile(`^[A-Z]{2,}([SOBIZG])\d{4,}$`)

// doubtLettersBeforeDigits makes a scanned licence number uncertain
// where a state whose forms are not known here numbers it with three
// letters or more before its digits, the last a digit's look-alike
// ("TKS53019" of TK553019, read at 84): states number their cards with
// a letter or two before the digits, so the third is likelier a misread
// digit, and nothing here says which.
func (r *reading) doubtLettersBeforeDigits(state string) {
	v, ok := r.fields["license_number"].(string)
	if !ok || !r.scanned() {
		return
	}
	if n, known := idnumber.StateLicense(state); known && n.Matches(bareNumber(v)) {
		return
	}
	if lettersThenDigits.MatchString(bareNumber(v)) {
		r.conf["license_number"] = min(r.conf["license_number"], confMRZFailed)
	}
}

// surnameLost doubts a card's name read as the candidate's given and
// middle names alone: "FIRST MIDDLE LAST" whose family name OCR lost, or
// a layout cut off, reads as FIRST and MIDDLE, the middle name taken for
// the family name. Where the page prints the candidate's family name
// nowhere, nothing says what the holder's is: uncertain, never a
// mismatch made of the candidate's own middle name.
func (r *reading) surnameLost() {
	last, ok := r.fields["last_name"].(string)
	h := r.holder
	if !ok || h.MiddleName == "" || h.LastName == "" {
		return
	}
	fold := func(s string) string { return strings.ReplaceAll(namematch.Fold(s), " ", "") }
	if fold(last) != fold(h.MiddleName) || fold(h.LastName) == fold(h.MiddleName) {
		return
	}
	for _, line := range r.doc.lines {
		for _, w := range strings.Fields(namematch.Fold(line)) {
			if strings.Trim(w, ".,:;") == namematch.Fold(h.LastName) {
				return
			}
		}
	}
	for _, f := range []string{"last_name", "full_name"} {
		if _, ok := r.conf[f]; ok {
			r.conf[f] = min(r.conf[f], confMRZFailed)
		}
	}
}

// faintNumber is the OCR confidence (0-100) under which a word of a
// card's number was not read but guessed at: the numbers OCR read right
// on the scan fixtures stood at 33 or more, the misread ones it guessed
// at 0 and 9 (a red number on the card's pattern).
const faintNumber = 30

// doubtFaintNumber makes a scanned number uncertain where a word of it
// was read at a confidence under faintNumber: nothing but OCR's guess
// stands behind its digits, and no check digit vouches for them.
func (r *reading) doubtFaintNumber(field string) {
	v, ok := r.fields[field].(string)
	if !ok || !r.scanned() {
		return
	}
	want := alnumUpper(v)
	for _, p := range r.pages {
		for _, w := range p.Words {
			b := alnumUpper(w.Text)
			if len(b) < 3 || !strings.Contains(b, want) && !strings.Contains(want, b) {
				continue
			}
			if w.Confidence < faintNumber {
				r.conf[field] = min(r.conf[field], confMRZFailed)
				return
			}
		}
	}
}

// birthDateByExpiry reads a license's birth date whose caption OCR lost
// (and with it the three dates' relation, an issue date misread) from
// the expiry read: most states' licenses expire on the holder's
// birthday, so the page's one date sixteen years or more before the
// expiry, on its month and day, is the birth date. No surer than a
// guess, and only where OCR read it surely.
func (r *reading) birthDateByExpiry() {
	exp, ok := r.fields["expiration_date"].(string)
	if r.has("date_of_birth") || !ok || len(exp) != 10 || r.conf["expiration_date"] < confGuess {
		return
	}
	te, err := time.Parse(time.DateOnly, exp)
	if err != nil {
		return
	}
	state, _ := r.fields["state"].(string)
	found, text := "", ""
	for _, line := range r.doc.lines {
		for _, h := range findDates(line) {
			t, ok := h.resolve(roleDate)
			if !ok || t.After(te.AddDate(-16, 0, 0)) {
				continue
			}
			v := t.Format(time.DateOnly)
			if found != "" && found != v || !renewsOnBirthday(t, te, state) {
				// Two old dates, or one off the birthday: no reading.
				return
			}
			found, text = v, line[h.start:h.end]
		}
	}
	if found == "" || r.scanned() && !r.wordsReadSurely(text) {
		return
	}
	r.set("date_of_birth", found, confGuess)
}

// birthdayExpiry doubts a scanned card's expiry and birth date where
// they look like one day misread: most states' licenses expire on the
// holder's birthday (others on the issue date's), so an expiry whose
// month and day are neither, but one digit away from the birthday's
// (04/22 beside a birth date of 04/12), is a digit OCR misread in one
// of the two, and nothing says which. Both are uncertain: a misread
// expiry could pass the validity rule, a misread birth date fail the
// candidate's.
func (r *reading) birthdayExpiry() {
	exp, ok1 := r.fields["expiration_date"].(string)
	dob, ok2 := r.fields["date_of_birth"].(string)
	if !ok1 || !ok2 || len(exp) != 10 || len(dob) != 10 || !r.scanned() {
		return
	}
	md := func(d string) string { return d[5:] }
	st, _ := r.fields["state"].(string)
	if te, err := time.Parse(time.DateOnly, exp); err == nil {
		if tb, err := time.Parse(time.DateOnly, dob); err == nil && renewsOnBirthday(tb, te, st) {
			return
		}
	}
	if md(exp) == md(dob) || exp[5:7] == dob[5:7] && exp[8:] == "28" && dob[8:] >= "29" {
		// On the 28th for a birthday a month's short years lack (29
		// February), whatever year OCR read.
		return
	}
	if iss, ok := r.fields["issue_date"].(string); ok && len(iss) == 10 && md(iss) == md(exp) {
		return
	}
	diff := 0
	for i := range md(exp) {
		if md(exp)[i] != md(dob)[i] {
			diff++
		}
	}
	if diff == 1 {
		r.conf["expiration_date"] = min(r.conf["expiration_date"], confMRZFailed)
		r.conf["date_of_birth"] = min(r.conf["date_of_birth"], confMRZFailed)
	}
}

// dayAfterBirthday are the states whose licenses expire the day after
// the holder's birthday (Pennsylvania: 75 Pa. C.S. § 1514).
var dayAfterBirthday = map[string]bool{"PA": true}

// renewsOnBirthday reports that a card's expiry falls on the holder's
// birthday in its year as the issuing state counts it: on the day; for
// a birthday on 29 February, on the 28th or on 1 March of a year
// without one; and the day after the birthday in a state whose cards
// expire so. The card's three dates' relation, the birth date read by
// the expiry and the doubt of a day misread all ask this one question;
// each asking it more narrowly lost a leap-day holder's dates, or a
// Pennsylvania card's, where OCR lost the captions.
func renewsOnBirthday(dob, exp time.Time, state string) bool {
	day := func(t time.Time) string { return t.Format("01-02") }
	if day(exp) == day(dob) {
		return true
	}
	if dob.Month() == time.February && dob.Day() == 29 && !leapYear(exp.Year()) &&
		(exp.Month() == time.February && exp.Day() == 28 || exp.Month() == time.March && exp.Day() == 1) {
		return true
	}
	if dayAfterBirthday[state] {
		// time.Date carries a 29 February into 1 March of a short year.
		b := time.Date(exp.Year(), dob.Month(), dob.Day(), 0, 0, 0, 0, time.UTC)
		return day(b.AddDate(0, 0, 1)) == day(exp)
	}
	return false
}

// leapYear reports that year has a 29 February.
func leapYear(year int) bool {
	return year%4 == 0 && (year%100 != 0 || year%400 == 0)
}

var (
	// addressState is the state of an address read: its two letters
	// before the ZIP code.
	addressState = regexp.MustCompile(`,\s*([A-Z]{2})\s+\d{5}`)
	// cityLine is a card's city, state and ZIP code line as OCR reads it
	// at a low resolution: the comma perhaps a period, the ZIP code's
	// digits partly misread as letters (B4101, T7002).
	cityLine = regexp.MustCompile(`^[^,]*[A-Z][A-Z .()'-]*[,.]\s*([A-Z]{2})\s+([0-9A-Z]{5})(?:-\d{4})?\s*$`)
)

// stateFromCityLine reads the state from the card's city line where
// neither the heading nor the address (misread beyond reading) gave it:
// the one line of a city, a state's code and a ZIP code OCR kept three
// digits of. It is no surer than the state of an address read.
func (r *reading) stateFromCityLine() {
	if r.has("state") {
		return
	}
	found := ""
	for _, line := range r.doc.lines {
		m := cityLine.FindStringSubmatch(line)
		if m == nil || !validCodes[m[1]] || len(strings.Map(keepDigits, m[2])) < 3 {
			continue
		}
		if found != "" && found != m[1] {
			return
		}
		found = m[1]
	}
	if found != "" {
		r.set("state", found, 0.7)
	}
}

// aamvaBoth is the name line of cards that number the family and given
// names as one field ("1,2 JOHN MICHAEL SMITH", "1,2 SMITH, JOHN").
var aamvaBoth = regexp.MustCompile(`^\s*(?:1\s*[,.]\s*2|2\s*[,.]\s*1)\s+([A-Za-z][A-Za-z'’ .,-]*?)\s*$`)

// aamvaName reads the numbered name fields of AAMVA cards: "1 SURNAME"
// over "2 GIVEN NAMES", or both on one line.
func (r *reading) aamvaName() {
	for _, line := range r.doc.lines {
		m := aamvaBoth.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var p person
		if last, given, ok := strings.Cut(m[1], ","); ok {
			// "SMITH, JOHN MICHAEL".
			gs := strings.Fields(given)
			if len(gs) == 0 {
				continue
			}
			p = person{full: strings.Join(gs, " ") + " " + squeeze(last), first: gs[0], middle: strings.Join(gs[1:], " "), last: squeeze(last)}
		} else {
			// "JOHN MICHAEL SMITH": the name's own order, the family
			// name last (particles kept with it).
			p = personFrom(squeeze(m[1]), 0)
		}
		ws := strings.Fields(p.first + " " + p.middle + " " + p.last)
		if p.first == "" || p.last == "" || notAName(ws) || cardFieldWords(ws) {
			continue
		}
		p.conf = confNextLine
		r.setPerson(p)
		return
	}
	for i, line := range r.doc.lines {
		m := aamvaLast.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		given := m[2]
		conf := 0.9
		if given == "" {
			// "2 GIVEN NAMES" under the surname, or over it on cards that
			// print the given names first.
			for _, k := range []int{r.doc.nextNonEmpty(i), r.doc.prevNonEmpty(i)} {
				if k < 0 {
					continue
				}
				if g := aamvaGiven.FindStringSubmatch(r.doc.lines[k]); g != nil {
					given = g[1]
					break
				}
			}
			if k := r.doc.nextNonEmpty(i); given == "" && k >= 0 && plainCapitals(m[1]) {
				// The 2 under "1 SURNAME" read as a mark ("> TERESA JOAN")
				// or behind a speck ("“3 2 TERESA JOAN"): the line under
				// the surname, in its capitals, is the given names. Left
				// unread, the holder's guess takes them for the whole
				// name, a given name for the surname.
				if g := aamvaGivenDamaged.FindStringSubmatch(r.doc.lines[k]); g != nil && !cardCaption.MatchString(g[1]) {
					given, conf = g[1], confGuess
				}
			}
			if given == "" {
				continue
			}
		}
		if len(strings.Fields(given)) == 0 || notAName(strings.Fields(given+" "+m[1])) {
			continue
		}
		if all := given + m[1]; strings.ToUpper(all) != all && strings.ToLower(all) != all {
			// Lower-case words on a card that prints capitals are OCR's
			// damage ("woop" for WOOD).
			conf = confMRZFailed
		}
		r.setSplitName(strings.Fields(given), strings.Join(strings.Fields(m[1]), " "), conf)
		return
	}
}

// dlIssueCaption is a license's "4a ISS" caption as OCR reads it on a
// card: run together, its I as l, t or |, a stray mark before it
// ("4aiss", "d4alss", "4atss").
var dlIssueCaption = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])[a-z]?4a\s?[il1|t]?[s5]s\b`)

// dlBirthField is a license's field number 3 opening its line, with
// what OCR left of the DOB caption after it ("3 008", "3 bob", "3 D0B"):
// one short word of letters and digits that no other caption is.
var dlBirthField = regexp.MustCompile(`^\s*3\s+([A-Za-z0-9]{2,4})[:.]?\s+`)

// otherDateCaption is an EXP or ISS caption as OCR reads one.
var otherDateCaption = regexp.MustCompile(`(?i)^(?:e?xp|exp\w|[il1|t]?[s5][s5])$`)

// cardBirthDate reads a license's birth date after its field number 3
// where OCR damaged the DOB caption beyond the labels: only a birth date
// (the holder sixteen or older) right after it counts, no surer than a
// guess.
func (r *reading) cardBirthDate() {
	if r.has("date_of_birth") {
		return
	}
	for _, line := range r.doc.lines {
		loc := dlBirthField.FindStringSubmatchIndex(line)
		if loc == nil {
			continue
		}
		if otherDateCaption.MatchString(line[loc[2]:loc[3]]) {
			// An EXP or ISS caption, not the birth date's.
			continue
		}
		rest := line[loc[1]:]
		if hs := birthDateFinder(r.asOf)(rest); len(hs) > 0 && hs[0].start == 0 {
			r.set("date_of_birth", hs[0].value, confGuess)
			return
		}
	}
}

// uncaptionedCardDates reads a license's or state ID's three dates where
// OCR lost their small captions (DOB, ISS, EXP) and kept the larger
// values: the card's only three dates, by what a card's dates are to one
// another. The birth date is the earliest, sixteen years and more before
// the others; the issue date comes next and the expiry last, one to
// thirteen years on, on the holder's birthday or on the issue's day (the
// day before, in whole years). Dates in another relation (a renewal, an
// "under 21 until" date, a fourth date) say nothing. A value its label
// already gave stays, and must be the one the relation gives it. Each
// date counts as a guess, and on a scan only where OCR read its words
// surely: a digit misread would break the relation only now and then.
func (r *reading) uncaptionedCardDates() {
	if r.has("date_of_birth") && r.has("issue_date") && r.has("expiration_date") {
		return
	}
	type dated struct {
		t         time.Time
		iso, text string
	}
	var ds []dated
	seen := map[string]bool{}
	for _, line := range r.doc.lines {
		if strings.Count(line, "<") >= 3 {
			continue
		}
		for _, h := range dateFinder(roleDate)(line) {
			v, _ := h.value.(string)
			t, err := time.Parse(time.DateOnly, v)
			if err != nil || monthOnly(line[h.start:h.end]) {
				continue
			}
			if !seen[v] {
				seen[v] = true
				ds = append(ds, dated{t: t, iso: v, text: line[h.start:h.end]})
			}
		}
	}
	if len(ds) != 3 {
		return
	}
	sort.Slice(ds, func(a, b int) bool { return ds[a].t.Before(ds[b].t) })
	dob, iss, exp := ds[0], ds[1], ds[2]
	state, _ := r.fields["state"].(string)
	wholeYears := false
	for y := 1; y <= 13; y++ {
		if gap := exp.t.Sub(iss.t.AddDate(y, 0, 0)).Hours() / 24; gap >= -1 && gap <= 0 {
			wholeYears = true
		}
	}
	if iss.t.Before(dob.t.AddDate(16, 0, 0)) || exp.t.Before(iss.t.AddDate(1, 0, 0)) || exp.t.After(iss.t.AddDate(13, 0, 0)) ||
		!renewsOnBirthday(dob.t, exp.t, state) && !wholeYears {
		return
	}
	if !r.asOf.IsZero() && iss.t.After(r.asOf) {
		return
	}
	for _, f := range []struct {
		field string
		d     dated
	}{{"date_of_birth", dob}, {"issue_date", iss}, {"expiration_date", exp}} {
		if v, ok := r.fields[f.field]; ok && v != f.d.iso && r.conf[f.field] >= confGuess && !r.dateOfTwoFields(f.field) {
			return
		}
	}
	// A date read uncertain, or read for two fields, that the three
	// dates' relation contradicts (a caption printed under its value,
	// read over the next value: "DATE OF BIRTH" over the issue date)
	// gives way to the relation.
	for _, f := range []struct {
		field string
		d     dated
	}{{"date_of_birth", dob}, {"issue_date", iss}, {"expiration_date", exp}} {
		if v, ok := r.fields[f.field]; ok && v != f.d.iso {
			delete(r.fields, f.field)
			delete(r.conf, f.field)
		}
	}
	for _, f := range []struct {
		field string
		d     dated
	}{{"date_of_birth", dob}, {"issue_date", iss}, {"expiration_date", exp}} {
		conf := confGuess
		if r.scanned() && !r.wordsReadSurely(f.d.text) {
			conf = confMRZFailed
		} else if f.field == "expiration_date" && birthdayExpiry(dob.t, exp.t) {
			// The latest date on the holder's birthday: the relation
			// and the day both say it is the expiry, as much as a
			// caption damaged but confirmed does.
			conf = confCaptionBelow
		}
		r.set(f.field, f.d.iso, conf)
	}
}

// birthdayExpiry reports that a card's latest date falls on the holder's
// birthday some years on, and is not a birthday a card prints for an age
// ("UNDER 21 UNTIL 05/02/2027", of 18 and 19 too), which an expiry OCR
// lost would leave the latest.
func birthdayExpiry(dob, exp time.Time) bool {
	years := exp.Year() - dob.Year()
	return exp.Month() == dob.Month() && exp.Day() == dob.Day() && years != 18 && years != 19 && years != 21
}

// otherDateCaptions are the captions of a card's other dates, as words.
var otherDateCaptions = map[string]bool{"iss": true, "issued": true, "4a": true, "dob": true, "doi": true, "birth": true}

// expiryPastCaption withdraws a card's expiry read beside its caption
// where another date's caption stands between the two ("4b ExP � Iss
// 06/11/2025": OCR lost the expiry's value, and the date after it is the
// issue's). The expiry printed is unread, not the issue date.
func (r *reading) expiryPastCaption() {
	v, ok := r.fields["expiration_date"].(string)
	if !ok {
		return
	}
	for _, line := range r.doc.lines {
		for _, h := range dateFinder(roleExpiry)(line) {
			if h.value != v {
				continue
			}
			words := strings.Fields(strings.ToLower(line[:h.start]))
			capAt := -1
			for i, w := range words {
				if slices.Contains(expiryCaptionWords, strings.Trim(w, ".,:;")) {
					capAt = i
				}
			}
			if capAt < 0 {
				continue
			}
			for _, w := range words[capAt+1:] {
				if otherDateCaptions[strings.Trim(w, ".,:;")] {
					delete(r.fields, "expiration_date")
					delete(r.conf, "expiration_date")
					return
				}
			}
		}
	}
}

// dateOfTwoFields reports that the date read for field is also a
// card's other date field's: a birth date is no issue date, an issue
// date no expiry, so one of the two readings took another's value.
func (r *reading) dateOfTwoFields(field string) bool {
	v, ok := r.fields[field]
	if !ok {
		return false
	}
	for _, other := range []string{"date_of_birth", "issue_date", "expiration_date"} {
		if other != field && r.fields[other] == v {
			return true
		}
	}
	return false
}

// cardIssueDate reads the date right after a damaged "4a ISS" caption.
func (r *reading) cardIssueDate() {
	if r.has("issue_date") {
		return
	}
	for _, line := range r.doc.lines {
		loc := dlIssueCaption.FindStringIndex(line)
		if loc == nil {
			continue
		}
		rest := line[loc[1]:]
		if hs := dateFinder(roleDate)(rest); len(hs) > 0 && strings.TrimSpace(rest[:hs[0].start]) == "" {
			r.set("issue_date", hs[0].value, confNextLine)
			return
		}
	}
}

// nameLineBelow returns the line under the line that reads name, where
// it is one or two words in capitals and the card's address follows it:
// the rest of a name printed on two lines ("JOHN MICHAEL" over "SMITH").
func (d *doc) nameLineBelow(name string) string {
	for i, line := range d.lines {
		if squeeze(line) != squeeze(name) || strings.ToUpper(line) != line {
			continue
		}
		k := d.nextNonEmpty(i)
		if k < 0 {
			return ""
		}
		below := squeeze(d.lines[k])
		ws := strings.Fields(below)
		if len(ws) == 0 || len(ws) > 2 || strings.ToUpper(below) != below || !onlyNameWords(ws) {
			return ""
		}
		if a := d.nextNonEmpty(k); a < 0 || !streetLine.MatchString(d.lines[a]) {
			return ""
		}
		if _, at := stateIn(below); at >= 0 {
			return ""
		}
		return below
	}
	return ""
}

func onlyNameWords(ws []string) bool {
	for _, w := range ws {
		if !nameToken.MatchString(w) || nameStop[strings.ToLower(w)] || len(w) < 2 {
			return false
		}
	}
	return true
}

// rowContinued completes a name read from a line with the words OCR set
// in another block on the same row right after it: a card printing
// "FIRST MIDDLE LAST" with a wider gap before the family name, which
// OCR read as a line of its own further down the text ("JOHN MICHAEL"
// read as the whole name, the middle name taken as the family name). The
// words must be a name's, in capitals, alone on their line.
func (r *reading) rowContinued(p person) person {
	d := r.doc
	g := d.geometry()
	if g == nil {
		return p
	}
	for i, line := range d.lines {
		if squeeze(line) != squeeze(p.full) || !d.hasGeometry(i) || len(g.byLine[i]) == 0 {
			continue
		}
		last := &g.words[g.byLine[i][len(g.byLine[i])-1]]
		for k := range d.lines {
			if k == i || !d.hasGeometry(k) || len(g.byLine[k]) == 0 {
				continue
			}
			first := &g.words[g.byLine[k][0]]
			if first.page != last.page || math.Abs(first.cy-last.cy) > 0.5*last.em || first.box.X0 <= last.box.X1 ||
				first.box.X0-last.box.X1 > 8*last.em {
				continue
			}
			ws := strings.Fields(d.lines[k])
			if len(ws) > 2 || !onlyNameWords(ws) || cardFieldWords(ws) || strings.ToUpper(d.lines[k]) != d.lines[k] {
				return p
			}
			q := personFrom(p.full+" "+strings.Join(ws, " "), p.conf)
			if q.first == "" || q.last == "" || notAName(strings.Fields(q.full)) {
				return p
			}
			return q
		}
		return p
	}
	return p
}

// signedName settles a guessed name by the card's signature: a guess
// that is the signature ("Beatriz Sandoval") gives way to the one line of
// capitals it signs ("BEATRIZ ELENA SANDOVAL-ORTIZ"), the name as the card
// prints it; a guess in capitals the signature signs, left unsure by the
// signature beside it as a rival of its size, is the holder's as surely
// as a guess. Anything else is left as it is.
func (d *doc) signedName(p person) person {
	signs := func(sig, printed person) bool {
		return sig.full != printed.full && signsStack(sig, printed.last, strings.TrimSpace(printed.first+" "+printed.middle))
	}
	if p.full != strings.ToUpper(p.full) {
		var found []person
		for _, line := range d.lines {
			if c, ok := capsNameLine(line); ok && signs(p, c) {
				found = append(found, c)
			}
		}
		if len(found) == 1 {
			found[0].conf = confGuess
			return found[0]
		}
		return p
	}
	for _, line := range d.lines {
		line = strings.TrimSpace(line)
		if line == "" || line == strings.ToUpper(line) || strings.ContainsAny(line, "0123456789:") {
			continue
		}
		if ws := strings.Fields(line); len(ws) >= 2 && len(ws) <= 4 && !notAName(ws) && signs(personFrom(line, 0), p) {
			p.conf = max(p.conf, confGuess)
			return p
		}
	}
	return p
}

// capsNameLine reads a line that is a name of two to five words in
// capitals and nothing else.
func capsNameLine(line string) (person, bool) {
	ws := strings.Fields(line)
	if len(ws) < 2 || len(ws) > 5 || strings.ToUpper(line) != line || notAName(ws) {
		return person{}, false
	}
	for _, w := range ws {
		if !nameToken.MatchString(w) || nameStop[strings.ToLower(strings.Trim(w, ".,"))] {
			return person{}, false
		}
	}
	p := personFrom(strings.Join(ws, " "), confGuess)
	return p, p.first != "" && p.last != ""
}

// signsStack reports that a guessed name is the stacked one's holder
// written otherwise (a signature's "Sean P. Doherty" under "DOHERTY" over
// "SEAN PATRICK"): the same family and given name, the middle name its
// initial or left out; a family name of two parts signed with one of
// them ("Marisol Gutierrez" under "GUTIERREZ-LOPEZ," over "MARISOL
// ANDREA"). The printed stack is the name as the card gives it.
func signsStack(p person, last, given string) bool {
	gs := strings.Fields(given)
	if len(gs) == 0 || p.first == "" || p.last == "" {
		return false
	}
	fold := func(s string) string { return strings.Trim(namematch.Fold(s), ".,") }
	if fold(p.first) != fold(gs[0]) {
		return false
	}
	if pl := fold(p.last); pl != fold(last) {
		parts := strings.FieldsFunc(fold(last), func(r rune) bool { return r == '-' || r == ' ' })
		if len(parts) < 2 || !slices.Contains(parts, pl) {
			return false
		}
	}
	if m := fold(p.middle); m != "" {
		return len(gs) == 2 && strings.HasPrefix(fold(gs[1]), m) && (len(m) == 1 || m == fold(gs[1]))
	}
	return true
}

// misreadCaption reports that a word of two runes is a short caption OCR
// misread: a mark in it, or a small letter that no short word of English
// prints ("uv", "«x", not "of", "to").
func misreadCaption(w string) bool {
	rs := []rune(w)
	if len(rs) != 2 {
		return false
	}
	if strings.ContainsAny(w, "»«•·:.,+'|‘’*&") {
		return true
	}
	return strings.ToUpper(w) != w && !nameStop[strings.ToLower(w)] && !twoLetterWords[strings.ToLower(w)]
}

// twoLetterWords are words of two letters a line may open with.
var twoLetterWords = wordSet(`an as at be by do go he if in is it me my no of on or so to up us we mr ms dr st jr sr`)

// stackCaptions are a name's short captions OCR may read on a line of
// their own over the name they caption ("LN" over "ADAMS-PRICE" over
// "KEISHA MONIQUE", the "FN" under it lost): no name of a stack.
var stackCaptions = wordSet(`ln fn`)

// stackedName finds a family name printed on a line of its own in
// capitals over a line of given names, as cards print them: the first
// such pair near the top of the card. Misread allows each line to open
// with a caption OCR read as two letters or marks not all capitals ("uv"
// for "LN", "«x" for "FN").
func (d *doc) stackedName(misread bool) (last, given string, li, gi int, ok bool) {
	capsName := func(line string) (string, bool) {
		ws := strings.Fields(line)
		// A field number OCR read as a mark (» for 2) opens the line.
		if len(ws) > 1 && len([]rune(ws[0])) == 1 && strings.ContainsAny(ws[0], "»«•·:.,+'|‘’*") {
			ws = ws[1:]
			line = strings.Join(ws, " ")
		} else if misread && len(ws) > 1 && misreadCaption(ws[0]) {
			ws = ws[1:]
			line = strings.Join(ws, " ")
		}
		if len(ws) == 0 || len(ws) > 3 || strings.ToUpper(line) != line {
			return "", false
		}
		for _, w := range ws {
			bare := strings.ToLower(strings.Trim(w, ".,:"))
			if !nameToken.MatchString(w) || nameStop[bare] || len(bare) < 2 && len(ws) == 1 || len(ws) == 1 && stackCaptions[bare] {
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
			return l, g, i, k, true
		}
	}
	return "", "", -1, -1, false
}

// oneRow reports that lines i and k, taken one over the other, stand on
// one row of the page: every word of k right of every word of i, and
// the two lines' heights overlapping by half the smaller.
func (r *reading) oneRow(i, k int) bool {
	if i < 0 || k < 0 || !r.doc.hasGeometry(i) || !r.doc.hasGeometry(k) {
		return false
	}
	g := r.doc.geometry()
	a, b := g.byLine[i], g.byLine[k]
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	ax1, ay0, ay1 := math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, wi := range a {
		w := g.words[wi]
		ax1, ay0, ay1 = max(ax1, w.box.X1), min(ay0, w.box.Y0), max(ay1, w.box.Y1)
	}
	bx0, by0, by1 := math.Inf(1), math.Inf(1), math.Inf(-1)
	for _, wi := range b {
		w := g.words[wi]
		bx0, by0, by1 = min(bx0, w.box.X0), min(by0, w.box.Y0), max(by1, w.box.Y1)
	}
	overlap := min(ay1, by1) - max(ay0, by0)
	return bx0 > ax1 && overlap >= min(ay1-ay0, by1-by0)/2
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
// card prints apart from it. The comma a card prints after a family name
// over the given names ("GUTIERREZ-LOPEZ," over "MARISOL ANDREA") parts
// the two and is no letter of either.
func (r *reading) setSplitName(given []string, last string, conf float64) {
	last = strings.TrimRight(last, ",")
	var gs []string
	for _, g := range given {
		if g = strings.TrimRight(g, ","); g != "" {
			gs = append(gs, g)
		}
	}
	given = gs
	if len(given) == 0 || last == "" {
		return
	}
	full := strings.Join(given, " ") + " " + last
	// A suffix printed after the family name ("1 WASHINGTON JR") is the
	// full name's, not the family name's.
	if ws := strings.Fields(last); len(ws) > 1 && nameSuffixes[strings.ToLower(strings.Trim(ws[len(ws)-1], ".,"))] {
		last = strings.TrimRight(strings.Join(ws[:len(ws)-1], " "), ",")
	}
	r.setPerson(person{full: full, first: given[0], middle: strings.Join(given[1:], " "), last: last, conf: conf})
}

// address reads a street line followed by a "City, ST 12345" line.
func (r *reading) address() {
	for i, line := range r.doc.lines {
		if !cityStateZip.MatchString(line) {
			continue
		}
		k := i - 1
		for k >= 0 && (strings.TrimSpace(r.doc.lines[k]) == "" || markLine(r.doc.lines[k])) {
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
		if f := cardFieldNumber.FindStringSubmatch(street); f != nil {
			// "6 1153 LINCOLN ST": the card's field number 8, misread.
			street = f[1]
		}
		street = splitDirection(street)
		city := strings.Join(strings.Fields(line), " ")
		conf := 0.85
		if damagedAddress(street, city) || r.streetNumberDoubtful(street) {
			conf = confMRZFailed
		}
		r.set("address", street+", "+city, conf)
		return
	}
	if !r.lookupText("address", addressLabels, textFinder) {
		r.oneLineAddress()
	}
}

// markLine reports a line of a mark or two and nothing else, a speck OCR
// read between a card's lines ("1520 N 45TH ST" | "©" | "SEATTLE, WA
// 98103"): no line of an address.
func markLine(line string) bool {
	t := strings.TrimSpace(line)
	return t != "" && len([]rune(t)) <= 2 && strings.IndexFunc(t, func(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }) < 0
}

// oneLineAddress reads a card's address printed on one line, the street
// then the city, state and ZIP code after a comma ("88 GRANDVIEW AVE,
// DAYTON OH 45403"), where OCR lost its caption ("\ufffd 88 GRANDVIEW
// AVE, ..."): the card's one such line.
func (r *reading) oneLineAddress() {
	found, conf := "", 0.0
	for _, line := range r.doc.lines {
		t := strings.TrimLeftFunc(line, func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) })
		k := strings.Index(t, ",")
		if k < 0 {
			continue
		}
		m := streetLine.FindStringSubmatch(t[:k])
		if m == nil || !cityStateZip.MatchString(t[k+1:]) {
			continue
		}
		street := strings.Join(strings.Fields(m[1]), " ")
		if f := cardFieldNumber.FindStringSubmatch(street); f != nil {
			street = f[1]
		}
		city := strings.Join(strings.Fields(t[k+1:]), " ")
		if found != "" {
			return
		}
		found, conf = splitDirection(street)+", "+city, 0.85
		if damagedAddress(street, city) {
			conf = confMRZFailed
		}
	}
	if found != "" {
		r.set("address", found, conf)
	}
}

// splitDirection parts a street's one-letter direction that OCR joined
// to the street's name ("1234 SCONGRESS AVE" for S CONGRESS): a word
// opening with N, S, E or W that is no word, whose rest is one.
func splitDirection(street string) string {
	ws := strings.Fields(street)
	for i := 1; i < len(ws); i++ {
		w := strings.ToLower(ws[i])
		if len(w) < 5 || !strings.ContainsRune("nsew", rune(w[0])) || englishWords[w] || !englishWords[w[1:]] {
			continue
		}
		ws[i] = ws[i][:1] + " " + ws[i][1:]
	}
	return strings.Join(ws, " ")
}

// cardFieldNumber is a card's field number before the street's own number.
var cardFieldNumber = regexp.MustCompile(`^\d\s+(\d+[A-Z]?\s+\S.*)$`)

// damagedAddress reports OCR's damage to an address a card prints in
// capitals: a lower-case word in it, or the city closed by a period
// where the comma stands ("ANCHOMAGE. AK").
func damagedAddress(street, city string) bool {
	all := street + " " + city
	if strings.ToUpper(street) == street && strings.ToUpper(all) != all {
		return true
	}
	if m := cityStateZip.FindStringSubmatch(city); m != nil {
		at := strings.Index(city, m[2]+" ")
		return at > 0 && strings.HasSuffix(strings.TrimSpace(city[:at]), ".")
	}
	return false
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
	z, zok := r.doc.readMRZ(r.asOf)
	p, pok := r.holderName(false)
	p = dropCaptionWords(p)
	surname, given, stacked := r.doc.passportNames()
	switch {
	case stacked == 2 && (!pok || strings.EqualFold(squeeze(p.full), given) || r.doc.captionRemnant(p.full, surname+" "+given)):
		// The reading took the given names alone, or nothing, or words
		// the stack does not hold (a caption's remnant, "PrA& noms"):
		// the stack names the holder.
		gs := strings.Fields(given)
		p, pok = person{full: given + " " + surname, first: gs[0], middle: strings.Join(gs[1:], " "), last: surname, conf: confGuess}, true
	case stacked == 1 && pok && strings.EqualFold(squeeze(p.full), surname) && r.namesCandidate(surname):
		// One name line between captions: the surname or the given
		// names, the other lost. (A line naming none of the candidate's
		// names is another person's, whatever was lost.)
		if zok && z.named() {
			pok = false
		} else {
			p.conf = min(p.conf, confMRZFailed)
		}
	}
	if pok && r.doc.givenNamesOnly(p) {
		// The reading took the given names for the whole name ("MARICEL
		// SANTOS", its middle name as the surname): the surname was not
		// read.
		if zok && z.named() {
			pok = false
		} else {
			p.conf = min(p.conf, confMRZFailed)
		}
	}
	switch {
	case pok && zok && z.named():
		q := z.nameOver(p, r.holder)
		if z.clean && q.conf == confMRZFailed && q.last == z.surname && strings.Contains(z.surname, " ") {
			// The zone's own name, its surname of several words (VAN DER
			// BERG, LEWIS-CHOI) the only part it cannot spell: the given
			// names stand, the surname as the page prints it or uncertain.
			z.nameConf = confMRZName
			z.setName(r)
		} else {
			r.setPerson(q)
		}
	case pok:
		r.setPerson(p)
	case zok && z.named():
		z.setName(r)
	}
	// The page's number and dates are read apart, to be weighed against
	// the zone's check digits.
	page := map[string]found{}
	for _, l := range []struct {
		field  string
		labels []label
		f      finder
	}{
		{"date_of_birth", dobLabels, birthDateFinder(r.asOf)},
		{"passport_number", passportNumberLabels, passportNumberFinder},
		{"expiration_date", expiryLabels, dateFinder(roleExpiry)},
	} {
		if f, ok := r.doc.lookup(l.labels, l.f); ok {
			page[l.field] = f
		}
	}
	captioned := r.doc.captionDates()
	for field, f := range captioned {
		if _, ok := page[field]; !ok && field != "issue_date" {
			page[field] = f
		}
	}
	r.passportDates(page)
	z.reconcile(r, page, "passport_number")
	if r.lookupText("nationality", nationalityLabels, textFinder) {
		if v, ok := r.fields["nationality"].(string); ok {
			r.fields["nationality"] = trimStray(cutAtCaption(v))
		}
		r.nationalityUnderTranslation()
	}
	r.lookup("issue_date", issueLabels, dateFinder(roleDate))
	if f, ok := captioned["issue_date"]; ok {
		r.set("issue_date", f.value, f.conf)
	}
	r.issueByValidity()
	// The zone's nationality, a code, only where the page printed none,
	// and then uncertain.
	z.setNationality(r)
	r.cardNationality()
	r.passportCardNumber()
	r.bookNumber(z)
	r.usNumberLength()
	r.lookAlikeOfCandidate()
}

// nationalityUnderTranslation drops a nationality read as the caption's
// translation ("/ Nacionalided", the caption wrapped onto a line of its
// own): the value is the line under it where that line is a nationality
// the page prints in words, as sure as a value under its caption.
func (r *reading) nationalityUnderTranslation() {
	v, ok := r.fields["nationality"].(string)
	if !ok {
		return
	}
	ws := strings.Fields(v)
	for _, w := range ws {
		if !isCaptionWord(w) && strings.Trim(w, "/|:.,") != "" {
			return
		}
	}
	delete(r.fields, "nationality")
	delete(r.conf, "nationality")
	for i, line := range r.doc.lines {
		if len(ws) == 0 || !strings.Contains(line, ws[len(ws)-1]) {
			continue
		}
		if k := r.doc.nextNonEmpty(i); k >= 0 && nationalityWords[strings.TrimSpace(r.doc.lines[k])] {
			r.set("nationality", strings.TrimSpace(r.doc.lines[k]), confCaption)
		}
		return
	}
}

// bookNumberLine is a United States passport book's number alone on its
// line: nine digits, or a letter and eight.
var bookNumberLine = regexp.MustCompile(`^\s*([A-Z]?\d{8,9})\s*$`)

// bookNumber reads a United States passport book's number whose caption
// OCR read but could not tie to it (the caption's translations wrapped
// over lines of their own between them): the one line of the page that
// is a number in the book's form. It is a guess, uncertain where OCR
// read it unsurely, and none where the zone's check digit, read, fails
// it.
func (r *reading) bookNumber(z mrzReading) {
	if r.has("passport_number") || !r.usPassport() {
		return
	}
	found := ""
	for _, line := range r.doc.lines {
		m := bookNumberLine.FindStringSubmatch(line)
		if m == nil || !idnumber.USPassportNumber(m[1]) {
			continue
		}
		if found != "" && found != m[1] {
			return
		}
		found = m[1]
	}
	if found == "" {
		return
	}
	if check, ok := z.checks["passport_number"]; ok {
		if form, fok := mrzForm("passport_number", found); fok && idnumber.MRZCheckDigit(form) != check {
			return
		}
	}
	conf := confGuess
	if r.scanned() && !r.wordsReadSurely(found) {
		conf = confMRZFailed
	}
	r.set("passport_number", found, conf)
}

// usNumberLength withholds a United States passport number read in a
// form the United States never gives: books and cards alike number nine
// characters, digits but for a letter opening some (a card's C).
func (r *reading) usNumberLength() {
	n, ok := r.fields["passport_number"].(string)
	if ok && r.usPassport() && !idnumber.USPassportNumber(strings.ReplaceAll(n, " ", "")) {
		// Eight characters are one lost; letters among the digits
		// (3203572ZB) are digits misread, the zone's check passing by
		// chance.
		r.conf["passport_number"] = min(r.conf["passport_number"], confMRZFailed)
	}
}

// usPassport reports that the passport is the United States': its
// nationality, the United States heading the page (its issuer, not a
// place of birth or an address further down; on a card turned over,
// OCR's specks of its pattern may come first), or a passport card, which
// only the United States issues here.
func (r *reading) usPassport() bool {
	nat, _ := r.fields["nationality"].(string)
	if strings.Contains(strings.ToUpper(nat), "UNITED STATES") || strings.EqualFold(nat, "USA") {
		return true
	}
	for i, n := 0, 0; i < len(r.doc.lines) && n < 8; i++ {
		line := strings.ToUpper(r.doc.lines[i])
		if strings.TrimSpace(line) == "" {
			continue
		}
		n++
		if strings.Contains(line, "UNITED STATES OF AMERICA") || strings.Contains(line, "PASSPORT CARD") {
			return true
		}
	}
	return false
}

// cardNationality reads a U.S. passport card's nationality whose caption
// OCR damaged ("Natonaity"): the card prints it as USA on a line of its
// own.
func (r *reading) cardNationality() {
	if r.has("nationality") || !r.usPassport() || r.mentions("passport card") < 0 {
		return
	}
	for _, line := range r.doc.lines {
		if strings.TrimSpace(line) == "USA" {
			r.set("nationality", "USA", confGuess)
			return
		}
	}
}

// usCardNumber is a U.S. passport card's number, C and eight digits,
// alone on its line.
var usCardNumber = regexp.MustCompile(`^\s*(C\d{8})\s*$`)

// passportCardNumber reads a U.S. passport card's number whose caption ("Card
// No") OCR lost: the one line that is C and eight digits. Nothing checks
// a card's number (it has no zone), so it counts only where OCR read it
// surely.
func (r *reading) passportCardNumber() {
	if r.has("passport_number") || !r.usPassport() || r.mentions("passport card") < 0 {
		return
	}
	found := ""
	for _, line := range r.doc.lines {
		if m := usCardNumber.FindStringSubmatch(line); m != nil {
			if found != "" && found != m[1] {
				return
			}
			found = m[1]
		}
	}
	if found == "" {
		return
	}
	conf := confGuess
	if r.scanned() && !r.wordsReadSurely(found) {
		conf = confMRZFailed
	}
	r.set("passport_number", found, conf)
}

// A passport prints its holder's surname and given names as two values,
// each in capitals under its caption (the data page and the card alike):
// "Surname / WEBER / Given Names / MARICEL SANTOS". OCR damages the
// small captions ("Grven Narnes", "Cre Nismwe") far more than the
// values, so the stack is found by its shape: a line of capitals, a line
// that is no name (a caption, in small letters), a line of capitals.
// Where only one name line stands between captions, it is the surname
// or the given names and nothing on the page says which.

// passportNameValue is a name as a passport prints it: one to four words
// in capitals (hyphens and apostrophes in them).
var passportNameValue = regexp.MustCompile(`^\s*(\p{Lu}[\p{Lu}'’-]*(?: \p{Lu}[\p{Lu}'’-]*){0,3})\s*$`)

// nameValueLine reports that line is a holder's name value: capitals
// only, no caption's or heading's word, no nationality.
func nameValueLine(line string) bool {
	m := passportNameValue.FindStringSubmatch(line)
	if m == nil || nationalityWords[strings.TrimSpace(m[1])] || issuingCountries[strings.ToLower(strings.TrimSpace(m[1]))] ||
		places[strings.ToLower(strings.TrimSpace(m[1]))] {
		return false
	}
	for _, w := range strings.Fields(m[1]) {
		if nameStop[strings.ToLower(w)] || isCaptionWord(w) || len(w) < 2 {
			return false
		}
	}
	return true
}

// issuingCountries are countries as passports head their pages with
// them in capitals ("CANADA", "JAMAICA"): never a holder's name.
var issuingCountries = wordSet(`canada mexico india nigeria jamaica kenya ghana philippines pilipinas ireland eire
	australia zimbabwe cameroon cameroun haiti cuba colombia peru brazil brasil vietnam china korea pakistan nepal
	bangladesh ethiopia uganda tanzania zambia rwanda liberia egypt guyana barbados germany deutschland france
	espana spain italia italy polska poland ukraine ukraina indonesia thailand malaysia`)

// nationalityWords are the nationalities passports print in words.
var nationalityWords = func() map[string]bool {
	out := map[string]bool{"USA": true, "U.S.A.": true}
	for code, names := range nationalityNames {
		out[code] = true
		for _, n := range names {
			out[n] = true
		}
	}
	return out
}()

// captionLine reports that a line is a caption as OCR read it: words
// with small letters, or marks alone, or a given names' caption printed
// in capitals ("GIVEN NAME(S)", OCR's "GIVEN \ufffd"), and no date.
func captionLine(line string) bool {
	t := strings.TrimSpace(line)
	noLetters := strings.IndexFunc(t, unicode.IsLetter) < 0 && strings.IndexFunc(t, unicode.IsDigit) < 0
	return t != "" && (strings.ToUpper(t) != t || noLetters || givenCaptionCapitals.MatchString(t)) && len(findDates(t)) == 0
}

// givenCaptionCapitals is a given names' caption in capitals, whatever
// follows its first word but another name ("GIVEN NAME(S)", "GIVEN /
// PRENOMS", "FORENAMES"); never "GIVEN" before a name in capitals.
var givenCaptionCapitals = regexp.MustCompile(`^(?:\d\.?\s*)?(?:GIVEN|FORENAMES?)(?:\s*$|\s+NAME|\s*[^\sA-Z])`)

// passportNames finds the passport's name stack among the lines before
// its first date: the surname and the given names (n 2), or the one name
// line standing between captions (n 1, in surname).
func (d *doc) passportNames() (surname, given string, n int) {
	first := -1
	for i, raw := range d.lines {
		if len(findDates(raw)) > 0 || strings.Count(raw, "<") >= 3 {
			break
		}
		line := capitalWords(raw)
		if !nameValueLine(line) {
			continue
		}
		c := d.nextNonEmpty(i)
		if c >= 0 && captionLine(d.lines[c]) {
			if g := d.nextNonEmpty(c); g >= 0 && nameValueLine(capitalWords(d.lines[g])) && len(findDates(d.lines[g])) == 0 {
				// The stack's shape is the names' whatever line of
				// capitals stands over it (a heading's country
				// wrapped onto a line of its own: "AMERICA").
				return squeeze(line), squeeze(capitalWords(d.lines[g])), 2
			}
		}
		if first >= 0 {
			// A second name line, not under the first's caption: no
			// stack.
			return "", "", 0
		}
		first = i
	}
	if first < 0 {
		return "", "", 0
	}
	if p := d.prevNonEmpty(first); p < 0 || !captionLine(d.lines[p]) {
		return "", "", 0
	}
	return squeeze(capitalWords(d.lines[first])), "", 1
}

// captionRemnant reports that a name read holds a word the stack of
// names does not, which the page prints on a caption's line ("noms" of
// "Given Names / PrA& noms / Nombres", Prénoms split by OCR): the reading
// took a caption's remnant for a name.
func (d *doc) captionRemnant(name, names string) bool {
	fold := func(w string) string { return strings.Trim(namematch.Fold(w), ".,") }
	have := map[string]bool{}
	for _, w := range strings.Fields(names) {
		have[fold(w)] = true
	}
	for _, w := range strings.Fields(name) {
		if have[fold(w)] {
			continue
		}
		for _, line := range d.lines {
			if !captionLine(line) {
				continue
			}
			for _, cw := range strings.Fields(line) {
				if fold(cw) == fold(w) {
					return true
				}
			}
		}
	}
	return false
}

// capitalWords is a line of a passport's print without the specks OCR
// read at its ends: marks and short words in small letters beside a name
// in capitals ("Sr JOHNSON", "NICOLE }" for a caption's remnant or a
// rule). A line with no word in capitals is returned as it is.
func capitalWords(line string) string {
	ws := strings.Fields(line)
	speck := func(w string) bool {
		return len([]rune(w)) <= 2 && strings.ToUpper(w) != w || strings.IndexFunc(w, unicode.IsLetter) < 0
	}
	for len(ws) > 1 && speck(ws[0]) {
		ws = ws[1:]
	}
	for len(ws) > 1 && speck(ws[len(ws)-1]) {
		ws = ws[:len(ws)-1]
	}
	if len(ws) == 0 || speck(ws[0]) {
		return line
	}
	return strings.Join(ws, " ")
}

// namesCandidate reports that a line of names holds the candidate's
// first or last name, or that there is no candidate to say.
func (r *reading) namesCandidate(line string) bool {
	if r.holder.FirstName == "" && r.holder.LastName == "" {
		return true
	}
	for _, w := range strings.Fields(namematch.Fold(line)) {
		if w == namematch.Fold(r.holder.FirstName) || w == namematch.Fold(r.holder.LastName) {
			return true
		}
	}
	return false
}

// givenNamesCaption is a passport's caption of the given names.
var givenNamesCaption = regexp.MustCompile(`(?i)\bgiven\s+names?\b`)

// givenNamesOnly reports that the name p is what the page prints under
// or beside its given names' caption: the given names alone.
func (d *doc) givenNamesOnly(p person) bool {
	for i, line := range d.lines {
		loc := givenNamesCaption.FindStringIndex(line)
		if loc == nil {
			continue
		}
		values := []string{line[loc[1]:]}
		if k := d.nextNonEmpty(i); k >= 0 {
			values = append(values, d.lines[k])
		}
		for _, v := range values {
			v = strings.TrimLeft(strings.TrimSpace(v), ":/ ")
			if squeeze(v) != "" && strings.EqualFold(squeeze(v), squeeze(p.full)) {
				return true
			}
		}
	}
	return false
}

// passportCaptionWords open the captions a passport prints beside its
// nationality ("Nationality USA Sex F").
var passportCaptionWords = map[string]bool{"sex": true, "sexe": true, "sexo": true, "date": true, "place": true,
	"authority": true, "autorite": true, "lieu": true, "birth": true, "issued": true, "expires": true, "card": true,
	"passport": true, "dob": true}

// cutAtCaption ends a value at the next caption's word.
func cutAtCaption(v string) string {
	ws := strings.Fields(v)
	for i := 1; i < len(ws); i++ {
		if passportCaptionWords[strings.ToLower(strings.Trim(ws[i], ":/.,"))] {
			return strings.Join(ws[:i], " ")
		}
	}
	return v
}

// issueByValidity finds a passport's issue date whose caption OCR
// damaged: passports are issued for five or ten years, expiring on the
// day before or the day of the issue's anniversary, so the one date the
// page prints that far before the expiry is the issue date. It needs the
// expiry read surely.
func (r *reading) issueByValidity() {
	exp, ok := r.fields["expiration_date"].(string)
	if r.has("issue_date") || !ok || r.conf["expiration_date"] < confCaption {
		return
	}
	e, err := time.Parse(time.DateOnly, exp)
	if err != nil {
		return
	}
	found := ""
	for _, line := range r.doc.lines {
		for _, h := range dateFinder(roleDate)(line) {
			v, _ := h.value.(string)
			d, err := time.Parse(time.DateOnly, v)
			if err != nil || v == found || v == r.fields["date_of_birth"] {
				continue
			}
			for _, years := range []int{5, 10} {
				// The expiry on the issue's day or the day before (see
				// passportDates).
				if gap := e.Sub(d.AddDate(years, 0, 0)).Hours() / 24; gap >= -1 && gap <= 0 {
					if found != "" {
						return
					}
					found = v
				}
			}
		}
	}
	if t, err := time.Parse(time.DateOnly, found); err == nil && (r.asOf.IsZero() || !t.After(r.asOf)) {
		r.set("issue_date", found, confDerived)
	}
}

// passportDates completes the page's dates whose captions OCR lost
// (a card's "Date of Birth", "Expires On" read as "Chane ct Gee", "ogee
// Or"), by what a passport's three dates are to one another: the issue
// and the expiry five or ten years apart (to the day, or a day short), the birth at
// least sixteen years before the issue. Only one pair may be so apart.
// The pair stands on itself (a digit misread in either breaks it); a
// birth date has nothing to check it, and counts only where OCR read its
// words surely.
func (r *reading) passportDates(page map[string]found) {
	_, hasDOB := page["date_of_birth"]
	_, hasExp := page["expiration_date"]
	if hasDOB && hasExp {
		return
	}
	type dated struct {
		t    time.Time
		iso  string
		line int
		text string
	}
	var ds []dated
	seen := map[string]bool{}
	for i, line := range r.doc.lines {
		if strings.Count(line, "<") >= 3 {
			continue
		}
		for _, h := range dateFinder(roleDate)(line) {
			v, _ := h.value.(string)
			t, err := time.Parse(time.DateOnly, v)
			if err != nil || seen[v] || monthOnly(line[h.start:h.end]) {
				// A passport prints every date in full: a month and a
				// year alone are a date whose day OCR lost ("G3 MAY
				// 1979"), not the month's first.
				continue
			}
			seen[v] = true
			ds = append(ds, dated{t: t, iso: v, line: i, text: line[h.start:h.end]})
		}
	}
	issue, expiry, pairs := -1, -1, 0
	for a := range ds {
		for b := range ds {
			for _, years := range []int{5, 10} {
				// Passports run out on the day of their issue or the day
				// before, five or ten years on: a day further apart is a
				// digit OCR misread in one of the two.
				if gap := ds[b].t.Sub(ds[a].t.AddDate(years, 0, 0)).Hours() / 24; gap >= -1 && gap <= 0 &&
					(r.asOf.IsZero() || !ds[a].t.After(r.asOf)) {
					issue, expiry, pairs = a, b, pairs+1
				}
			}
		}
	}
	if pairs != 1 {
		return
	}
	if !hasExp {
		page["expiration_date"] = found{value: ds[expiry].iso, conf: confDerived, line: ds[expiry].line}
	}
	if hasDOB {
		return
	}
	birth := -1
	for k, d := range ds {
		if k == issue || k == expiry || d.t.After(ds[issue].t.AddDate(-16, 0, 0)) {
			continue
		}
		if birth >= 0 {
			return
		}
		birth = k
	}
	if birth < 0 {
		return
	}
	conf := confGuess
	if r.scanned() && !r.wordsReadSurely(ds[birth].text) || !r.asOf.IsZero() && ds[birth].t.Before(r.asOf.AddDate(-100, 0, 0)) {
		// A holder over a hundred is a year's digit misread (1905 for
		// 1995).
		conf = confMRZFailed
	}
	page["date_of_birth"] = found{value: ds[birth].iso, conf: conf, line: ds[birth].line}
}

// monthOnly reports that a printed date gives a month and a year alone.
func monthOnly(s string) bool {
	hs := findDates(s)
	return len(hs) == 1 && hs[0].monthOnly
}

// passportCaptions are the English captions of a passport's dates, which
// the page prints with their translations after them ("Date of issue /
// Date de délivrance"), captions of other fields between.
var passportCaptions = []struct {
	field string
	re    *regexp.Regexp
}{
	{"date_of_birth", regexp.MustCompile(`(?i)\b(?:date\s+of\s+birth|birth\s+date)\b`)},
	{"issue_date", regexp.MustCompile(`(?i)\b(?:date\s+of\s+issue|issue\s+date|issued\s+on)\b`)},
	{"expiration_date", regexp.MustCompile(`(?i)\b(?:date\s+of\s+expir(?:ation|y)|expiration\s+date|expiry\s+date|expires\s+on)\b`)},
}

// captionDates reads a passport's dates under their bilingual captions:
// on a line of captions, the k-th date caption's value is the k-th date
// on the next line, when the two lines hold as many.
func (d *doc) captionDates() map[string]found {
	out := map[string]found{}
	for i, line := range d.lines {
		type at struct {
			field string
			pos   int
		}
		var caps []at
		for _, c := range passportCaptions {
			for _, loc := range c.re.FindAllStringIndex(line, -1) {
				caps = append(caps, at{c.field, loc[0]})
			}
		}
		if len(caps) == 0 {
			continue
		}
		sort.Slice(caps, func(a, b int) bool { return caps[a].pos < caps[b].pos })
		k := d.nextNonEmpty(i)
		if k < 0 {
			continue
		}
		hs := dateFinder(roleDate)(d.lines[k])
		if len(hs) != len(caps) {
			continue
		}
		for j, c := range caps {
			if _, seen := out[c.field]; !seen {
				v := hs[j].value
				if c.field == "expiration_date" {
					if e := dateFinder(roleExpiry)(d.lines[k]); len(e) == len(hs) {
						v = e[j].value
					}
				}
				out[c.field] = found{value: v, conf: confNextLine, line: k}
			}
		}
	}
	return out
}

// ssnPrinted is a Social Security number as cards and copies print it,
// masked or not, with one kind of separator or none (a ZIP+4 code is not
// one).
var ssnPrinted = regexp.MustCompile(`(?:^|[^\d-])(?:(?:\d{3}|[X*•#]{3})-(?:\d{2}|[X*•#]{2})-|(?:\d{3}|[X*•#]{3}) (?:\d{2}|[X*•#]{2}) |\d{5})(\d{4})\b`)

// ssnScanned is a Social Security number as OCR reads the card's own
// line, alone on it: a hyphen read as a long dash, a period or a tilde,
// a space beside one, one of the two lost ("518-427736", "51842 7736"),
// or the last four digits split in two ("518-42-77 36"); never a ZIP+4
// code.
var ssnScanned = regexp.MustCompile(`^\s*\d{3}\s?[-–—.~]?\s?\d{2}\s?[-–—.~]?\s?(\d{2})\s?(\d{2})\s*[|.]?\s*$`)

// ssnMiddleMisread is a card's number whose middle group OCR read with a
// digit more or fewer ("531-087-2284" of 531-07-2284: a monospaced
// font's wide gap beside a hyphen at 120 dpi read as a digit), alone on
// its line: the hyphens still part the groups, so the last four after
// the second stand.
var ssnMiddleMisread = regexp.MustCompile(`^\s*\d{3}\s?[-–—]\s?(?:\d|\d{3})\s?[-–—]\s?(\d{4})\s*[|.]?\s*$`)

// ssnLeadMisread is a card's number whose first digit OCR read as a mark
// ("§39-20-4471" of 539-20-4471, a 5 in a monospaced font at 120 dpi),
// alone on its line: both hyphens part the groups, so the last four after
// the second stand. No date opens with a mark.
var ssnLeadMisread = regexp.MustCompile(`^\s*[^\s\w]\d{2}\s?[-–—]\s?\d{2}\s?[-–—]\s?(\d{4})\s*[|.]?\s*$`)

// nearCardSentence reports that line i stands where a Social Security
// card prints its number: within two lines of the card's title or of
// the sentence over its holder's name (a telephone number on the card's
// back, "800-772-1213", stands in neither place).
func (r *reading) nearCardSentence(i int) bool {
	for k := max(0, i-2); k <= min(len(r.doc.lines)-1, i+2); k++ {
		if k != i && (ssnTitle.MatchString(r.doc.lines[k]) || ssnHolderSentence.MatchString(r.doc.lines[k])) {
			return true
		}
	}
	return false
}

func readSocialSecurityCard(r *reading) {
	if r.scanned() {
		r.ssnHolderLine()
	}
	r.readHolder(true)
	for _, line := range r.doc.lines {
		if m := ssnPrinted.FindStringSubmatch(fixDigits(line)); m != nil {
			// Only the last four digits ever leave this function.
			r.set("ssn_last4", m[1], 0.9)
			return
		}
	}
	if r.scanned() {
		for _, line := range r.doc.lines {
			if m := ssnScanned.FindStringSubmatch(fixDigits(line)); m != nil && !zipPlus4.MatchString(strings.TrimSpace(line)) {
				r.set("ssn_last4", m[1]+m[2], confNextLine)
				return
			}
		}
		for i, line := range r.doc.lines {
			if m := ssnMiddleMisread.FindStringSubmatch(fixDigits(line)); m != nil && r.nearCardSentence(i) {
				r.set("ssn_last4", m[1], confNextLine)
				return
			}
		}
		for i, line := range r.doc.lines {
			if m := ssnLeadMisread.FindStringSubmatch(fixDigits(line)); m != nil && r.nearCardSentence(i) {
				r.set("ssn_last4", m[1], confNextLine)
				return
			}
		}
	}
	// The card prints the number on the line under its title: a masked
	// number whose mask OCR read as anything (wee #0916, ++ **-3575,
	// *k*k—**-8 687) still ends in a dash and the last four digits.
	for i, line := range r.doc.lines {
		if !ssnTitle.MatchString(line) {
			continue
		}
		k := r.doc.nextNonEmpty(i)
		if k < 0 {
			return
		}
		if m := maskedLast4.FindStringSubmatch(r.doc.lines[k]); m != nil {
			r.set("ssn_last4", strings.ReplaceAll(m[1], " ", ""), confNextLine)
		} else if m := damagedMask.FindStringSubmatch(r.doc.lines[k]); m != nil && maskLike(m[1]) {
			r.set("ssn_last4", strings.ReplaceAll(m[2], " ", ""), confNextLine)
		}
		return
	}
}

// ssnHolderSentence is the end of the sentence a Social Security card
// prints over its holder's name ("THIS NUMBER HAS BEEN ESTABLISHED FOR"),
// as OCR reads it: "BEEN" or a word opening "ESTAB" before the closing
// "FOR" ("TS MUMBER HAS BEEN ESTABUSHED FOR").
var ssnHolderSentence = regexp.MustCompile(`(?i)(?:\bbeen\b|\bestab\w*).*\bf[o0]r\s*$`)

// ssnHolderLine reads a scanned card's holder from the line under the
// sentence that closes with "established for", whole: the card centres
// the name under the sentence, so a reading of the value under the
// label's last words took only the names under them ("JOY SANCHEZ" of
// "SIOBHAN JOY SANCHEZ"), a wrong first name read surely. The line
// counts only where it reads as a name in
// capitals (else the holder is read as on any page), and is uncertain
// unless OCR read every word of it surely.
func (r *reading) ssnHolderLine() {
	for i, line := range r.doc.lines {
		if !ssnHolderSentence.MatchString(line) {
			continue
		}
		// A card printing its number between the sentence and the name
		// is read as any page (readHolder), which doubts the name where
		// another stands on the page.
		k := r.doc.nextNonEmpty(i)
		if k < 0 {
			return
		}
		name := strings.Join(strings.Fields(r.doc.lines[k]), " ")
		if !cardHolderWords(strings.Fields(name)) {
			return
		}
		conf := confNextLine
		middleOnly := false
		if !r.lineReadSurely(k) {
			// The holder's line, read unsurely: reported uncertain, not
			// guessed.
			conf = confLost
			if r.outerWordsSure(k) {
				// Only a middle name or initial OCR was unsure of: the
				// given and family names stand, the rest is uncertain.
				conf, middleOnly = confNextLine, true
			}
		}
		r.setPerson(personFrom(name, conf))
		if middleOnly {
			for _, f := range []string{"full_name", "middle_name"} {
				if r.has(f) {
					r.conf[f] = min(r.conf[f], confLost)
				}
			}
		}
		return
	}
}

// outerWordsSure reports that line i's first and last words, of three
// or more, were read surely and a word between was not.
func (r *reading) outerWordsSure(i int) bool {
	if !r.doc.hasGeometry(i) {
		return false
	}
	g := r.doc.geometry()
	ws := g.byLine[i]
	if len(ws) < 3 || len(ws) != len(strings.Fields(r.doc.lines[i])) {
		return false
	}
	sure := func(wi int) bool { return g.words[wi].conf >= 100*confSurePass }
	return sure(ws[0]) && sure(ws[len(ws)-1])
}

// cardHolderWords reports that words are a holder's name as a card
// prints it: two to four words in capitals, one of them at most an
// initial, and no phrase of a form.
func cardHolderWords(ws []string) bool {
	if len(ws) < 2 || len(ws) > 4 || notAName(ws) {
		return false
	}
	initials := 0
	for _, w := range ws {
		bare := strings.TrimRight(w, ".")
		if !cardNameWord.MatchString(bare) {
			return false
		}
		if len(bare) == 1 {
			initials++
		}
	}
	return initials <= 1 && len(strings.TrimRight(ws[0], ".")) > 1 && len(strings.TrimRight(ws[len(ws)-1], ".")) > 1
}

var cardNameWord = regexp.MustCompile(`^[A-Z](?:[A-Z'’-]*[A-Z])?$`)

// lineReadSurely reports that every OCR word of line i was read at a
// confidence a passing reading may stand on; a line not tied to its
// page's words is not.
func (r *reading) lineReadSurely(i int) bool {
	if !r.doc.hasGeometry(i) {
		return false
	}
	g := r.doc.geometry()
	if len(g.byLine[i]) == 0 {
		return false
	}
	for _, wi := range g.byLine[i] {
		if g.words[wi].conf < 100*confSurePass {
			return false
		}
	}
	return true
}

var (
	ssnTitle = regexp.MustCompile(`(?i)^\s*social\s+security\s*$`)
	// maskedLast4 is a masked number: marks OCR makes of X and * (x, k,
	// e, w, +, ~), a dash or #, four digits (a space may split them).
	maskedLast4 = regexp.MustCompile(`^\s*[XxKkEeWw*+~—–#\s-]{0,12}[-—–~#]\s?(\d(?: ?\d){3})\s*$`)
	// damagedMask is a mask OCR damaged further: a mark read as a digit
	// or a %, the last dash lost ("eee 9 *-5816", "e%—*4-8327",
	// "eee 4772").
	damagedMask = regexp.MustCompile(`^\s*([XxKkEeWw*+~—–#%.\d\s-]{2,14}?)[-—–~#\s]\s?(\d(?: ?\d){3})\s*$`)
)

// maskLike reports that a number's first part reads as a mask: marks
// that X and * become, two digits at most (a misread mark), more marks
// than digits.
func maskLike(s string) bool {
	digits, marks := 0, 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r != ' ':
			marks++
		}
	}
	return digits <= 2 && marks >= 2 && marks > digits
}

var (
	trainingCompletionLabels = compileDateLabels("completion date", "date completed", "date of completion", "completed on",
		"course completed", "completed", "date taken", "date of training", "training date")
	onDate = regexp.MustCompile(`(?i)\bcompleted\b.*?\bon\b\s*(.+)$`)
)

func readTraining(r *reading) {
	defer r.scanGuard()
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
	r.proseDate("completion_date", courseHeldOn)
	r.lookup("completion_date", dateLabel, dateFinder(roleDate))
	r.lookup("expiration_date", expiryLabels, dateFinder(roleExpiry))
	r.validForYears("completion_date")
}
