package fraud

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/clearedtostart/compliance/fraud/pdfdraw"
	"github.com/clearedtostart/compliance/pagetext"
)

// A value retyped and saved as one new file (no revision to diff, no box
// under it) shows only in its font: the forger's tool sets the new name or
// date in whatever font it has, at a size set by eye, often on a line of
// its own, where the comparison with the rest of its line has no
// neighbours. What it can be compared with is the document's other values:
// a template prints its names, dates and numbers in one body font, so the
// one value of the page's facts set in a family the page uses nowhere else
// stands out. Design does that too (a certificate's name in a large
// display face, a signature in a script, a barcode's digits, a passport's
// zone in OCR-B), so the check asks for the body's size (a display name is
// printed far larger) and leaves out scripts, barcodes and signatures.

// loneFamilyWeight flags the document alone at MEDIUM: a field's value in
// a family that nothing else on a template's page uses, at its values'
// size, is how a value typed over looks, and is rarely how an issuer
// prints one.
const loneFamilyWeight = 0.50

// checkLoneFamily runs on the drawing's own text marks (exact fonts and
// sizes, as the content stream sets them) where the upload is given, else
// on the pages' words.
func checkLoneFamily(d *doc, s *signals, df *docFacts, fam familyMemo) {
	facts := df.all()
	if facts.empty() {
		return
	}
	dates := df.judged()
	if d.Upload != nil && d.Upload.image == nil {
		for _, np := range d.uploadPages() {
			if p, ok := markPage(np.p); ok {
				lay := layOut(p, fam)
				lay.coloured = colouredWords(np.p)
				loneFamily(s, np.n, lay, facts, fam)
				oddDate(s, np.n, lay, dates)
				oddColumnDate(s, np.n, lay, dates)
				oddRowValue(s, np.n, lay, dates)
				offBaselineRow(s, np.n, lay, facts)
				offBaselineValue(s, np.n, np.p, facts)
				secondCopy(s, np.n, np.p, facts)
			}
		}
		return
	}
	for i, p := range d.Pages {
		if n := d.first + i; !skipFontChecks(d, n, p) {
			lay := layOut(p, fam)
			loneFamily(s, n, lay, facts, fam)
			oddDate(s, n, lay, dates)
			oddColumnDate(s, n, lay, dates)
			oddRowValue(s, n, lay, dates)
			offBaselineRow(s, n, lay, facts)
		}
	}
}

// oddDateWeight flags a document alone at MEDIUM: of a page's dates
// printed alike, the one the document is judged by set otherwise.
const oddDateWeight = 0.50

// oddDate flags a date of the document's fields set in the page's own
// family but in another weight or size than the page's other dates, which
// share one style: a template prints its dates alike, and a date retyped
// with the template's font at hand comes out bold, or a point larger, by
// eye. Two other dates at least must agree, so that a page printing one
// date large (a certificate's single "valid through" line) says nothing.
func oddDate(s *signals, n int, lay layout, f facts) {
	p := lay.page
	type dated struct {
		r    run
		fact bool
	}
	var ds []dated
	for _, phs := range lay.phrases {
		for _, ph := range phs {
			for _, r := range ph {
				// Every form datePattern reads holds a digit.
				if t := r.text(); !hasDigit(t) || !datePattern.MatchString(t) || inMargin(r.box(), p.Height) {
					continue
				}
				ds = append(ds, dated{r, f.kind(r) == "date"})
			}
		}
	}
	for i, sp := range ds {
		if !sp.fact || lay.stressed(sp.r) {
			continue
		}
		count := map[string]int{}
		var ref style
		aligned := false
		sb := sp.r.box()
		for j, o := range ds {
			if j == i || o.r.st.family != sp.r.st.family {
				continue
			}
			count[o.r.st.key()]++
			ref = o.r.st
			// A retyped date stands where the old one stood: in the
			// column of its sibling dates. Design sets a date apart by
			// its place too (a header, a signature line).
			if ob := o.r.box(); math.Abs(ob.X0-sb.X0) <= 2 || math.Abs(ob.X1-sb.X1) <= 2 {
				aligned = true
			}
		}
		if !aligned || len(count) != 1 || count[ref.key()] < 2 || count[sp.r.st.key()] > 0 {
			continue
		}
		if setAlike(sp.r.st, ref) || minorDate(sp.r.st, ref) {
			continue
		}
		b := sp.r.box()
		s.addf(CodeFontMismatch, oddDateWeight, styleEvidence(n, b, sp.r.text(), sp.r.st, ref),
			"page %d: the date %q is set in %s, while the page's other %d dates are all in %s", n, sp.r.text(), sp.r.st, count[ref.key()], ref)
		return
	}
}

// minorDate reports a date set both lighter and smaller than its sibling
// dates, which are bold: a design's minor date, as licences print the
// issue date small and plain under a stressed birth date and expiry
// (California's and Texas's cards; clean cards drawn so scored 0.50). A
// forger retyping a date aims at its siblings' look, and does not pick a
// lighter face and a smaller size at once.
func minorDate(st, siblings style) bool {
	return strings.Contains(siblings.variant, "bold") && !strings.Contains(st.variant, "bold") && st.size < siblings.size
}

// oddColumnDateWeight does not flag a document alone at MEDIUM: an issuer
// may stress the expiry it wants watched in bold, its label left plain;
// beside any other sign of an edit it is the retyped value.
const oddColumnDateWeight = 0.45

// oddColumnDate flags a date of the document's fields, printed as the
// value of a labelled row, set in the page's own family but bold or 8%
// larger or smaller, where the column of values it stands in holds four
// or more other values all set alike and its label is set as the other
// rows' labels are. A template that stresses a row (an expiry to watch)
// sets its label apart too, or colours the row; a date retyped with the
// template's font at hand changes the value alone. The dates of a
// verification page's rows are often two (issued, expires): too few for
// oddDate, while the row's siblings (name, number, status) show the
// template's value style as well.
func oddColumnDate(s *signals, n int, lay layout, f facts) {
	p := lay.page
	if s.has(CodeFontMismatch) {
		return
	}
	type row struct {
		label, value run
	}
	var rows []row
	for _, ph := range lay.phrases {
		if len(ph) < 2 || len(ph[1]) != 1 || !joinRuns(ph[0]).labelish() || inMargin(ph[1][0].box(), p.Height) {
			continue
		}
		rows = append(rows, row{joinRuns(ph[0]), ph[1][0]})
	}
	for i, r := range rows {
		if f.kind(r.value) != "date" || lay.stressed(r.value) {
			continue
		}
		x := r.value.box().X0
		values, labels := map[string]int{}, map[string]int{}
		var ref style
		others := 0
		for j, o := range rows {
			if j == i || math.Abs(o.value.box().X0-x) > 2 {
				continue
			}
			others++
			values[o.value.st.key()]++
			labels[o.label.st.key()]++
			ref = o.value.st
		}
		if others < 4 || len(values) != 1 || ref.family != r.value.st.family || labels[r.label.st.key()]*2 <= others {
			continue
		}
		if setAlike(r.value.st, ref) {
			continue
		}
		b := r.value.box()
		s.addf(CodeFontMismatch, oddColumnDateWeight, styleEvidence(n, b, r.value.text(), r.value.st, ref),
			"page %d: the date %q (after %q) is set in %s, while the %d other values of its column are all in %s and its label is set as theirs",
			n, r.value.text(), r.label.text(), r.value.st, others, ref)
		return
	}
}

// layout is a page's words as the style checks read them: its visual
// lines and each line's phrases, worked out once for all of them.
type layout struct {
	page    pagetext.Page
	lines   [][]pagetext.Word
	phrases [][][]run
	// coloured are the boxes of the words painted in a colour of their
	// own (colouredWords; none known from a text layer alone).
	coloured map[Box]bool
}

// stressed: every word of r painted in a colour of its own, on a page
// printed in black or grey. A design stresses a value so (an expiry in
// bold red); a forger retypes a value in the ink of its siblings, which
// it wants to pass among, and the weight or face it sets by mistake
// comes out in that ink.
func (lay layout) stressed(r run) bool {
	if len(lay.coloured) == 0 || len(r.words) == 0 {
		return false
	}
	// A date's run may begin with its label, set bold in black: the
	// words with digits are the date.
	digits := hasDigit(r.text())
	for _, w := range r.words {
		if (!digits || hasDigit(w.Text)) && !lay.coloured[w.Box] {
			return false
		}
	}
	return true
}

// stressChroma is the least spread between a colour's red, green and blue
// for it to be a colour of its own (a red, a blue), not a grey.
const stressChroma = 0.3

// colouredWords lists the boxes (as markPage gives them) of a page's text
// marks painted in a colour of their own, where four in five of its text
// marks are painted black or grey; nil otherwise.
func colouredWords(p *uploadPage) map[Box]bool {
	var boxes []Box
	neutral, all := 0, 0
	for _, m := range p.marks {
		if m.Kind != pdfdraw.Text || m.Invisible || m.White || m.Annotation != "" || strings.TrimSpace(m.Text) == "" || m.Size <= 0 {
			continue
		}
		all++
		c, ok := toRGB(m.Setting)
		if !ok {
			continue
		}
		if max(c[0], c[1], c[2])-min(c[0], c[1], c[2]) >= stressChroma {
			boxes = append(boxes, toTopLeft(m.Box, p.box))
		} else {
			neutral++
		}
	}
	if len(boxes) == 0 || neutral*5 < all*4 {
		return nil
	}
	out := make(map[Box]bool, len(boxes))
	for _, b := range boxes {
		out[b] = true
	}
	return out
}

func layOut(p pagetext.Page, fam familyMemo) layout {
	lay := layout{page: p, lines: visualLines(p)}
	lay.phrases = make([][][]run, len(lay.lines))
	for i, line := range lay.lines {
		lay.phrases[i] = phrases(line, fam)
	}
	return lay
}

// markPage turns a page's visible text marks into words in page points
// from the top-left corner; false when too few are visible (an OCR layer
// under a scan, an image-only page).
func markPage(p *uploadPage) (pagetext.Page, bool) {
	var out pagetext.Page
	for _, m := range p.marks {
		if m.Kind != pdfdraw.Text || m.Invisible || m.White || m.Annotation != "" || strings.TrimSpace(m.Text) == "" || m.Size <= 0 {
			continue
		}
		if strings.Contains(strings.ToLower(m.Font), "glyphless") {
			return pagetext.Page{}, false
		}
		b := toTopLeft(m.Box, p.box)
		for _, t := range strings.Fields(m.Text) {
			// A mark is a run up to a space; a few producers put several
			// words in one: they share its box, which is enough here.
			out.Words = append(out.Words, pagetext.Word{Text: t, Font: m.Font, Size: m.Size, Box: b, Confidence: 100})
		}
	}
	out.Width, out.Height = p.box.X1-p.box.X0, p.box.Y1-p.box.Y0
	return out, len(out.Words) >= 8
}

// inMargin: a run in the page's top or bottom band, where running heads,
// footers and a browser's print header and footer go, set in their own
// face with the holder's name, a page number, the day printed.
func inMargin(b Box, h float64) bool {
	return h > 0 && (b.Y1 <= 0.06*h || b.Y0 >= 0.92*h)
}

// facts are the document's field values as they may be printed.
type facts struct {
	names map[string]bool // name tokens of the holder
	ids   map[string]bool // identifiers, normalised
	dates []string        // dates as printed, lower case
	// expiry: the expiration date as printed, lower case, in every
	// layout (issuers set it apart by design more than any other value).
	expiry []string
}

func (f facts) empty() bool { return len(f.names) == 0 && len(f.ids) == 0 && len(f.dates) == 0 }

// docFacts are a document's facts worked out once for the checks that
// read them: all its fields, and those it is judged by.
type docFacts struct {
	fields        map[string]any
	allF, judgedF *facts
}

func (df *docFacts) all() facts {
	if df.allF == nil {
		f := factValues(df.fields)
		df.allF = &f
	}
	return *df.allF
}

// judged leaves the birth date out: it is printed apart by design (a
// patient's header), and nobody retypes one to pass.
func (df *docFacts) judged() facts {
	if df.judgedF == nil {
		judged := map[string]any{}
		for k, v := range df.fields {
			if k != "date_of_birth" {
				judged[k] = v
			}
		}
		f := factValues(judged)
		df.judgedF = &f
	}
	return *df.judgedF
}

var dateLayouts = []string{"01/02/2006", "1/2/2006", "01/02/06", "1/2/06", "2006-01-02", "01-02-2006", "1-2-2006", "01.02.2006",
	"02.01.2006", "02/01/2006", "Jan 2, 2006", "January 2, 2006", "2 Jan 2006", "02 Jan 2006", "2 January 2006", "Jan 02, 2006", "01/2006", "Jan 2006", "January 2006"}

func factValues(fields map[string]any) facts {
	f := facts{names: map[string]bool{}, ids: map[string]bool{}}
	for _, k := range []string{"full_name", "first_name", "middle_name", "last_name"} {
		v, _ := fields[k].(string)
		for _, t := range tokensOf(v) {
			if len([]rune(t)) >= 2 {
				f.names[t] = true
			}
		}
	}
	for _, k := range []string{"certificate_id", "license_number", "passport_number"} {
		if v, _ := fields[k].(string); len(normText(v)) >= 4 {
			f.ids[normText(v)] = true
		}
	}
	seen := map[string]bool{}
	for _, k := range append(append([]string{"expiration_date"}, pastFields...), "date_of_birth") {
		t, ok := date(fields, k)
		if !ok {
			continue
		}
		for _, l := range dateLayouts {
			s := strings.ToLower(t.Format(l))
			if k == "expiration_date" {
				f.expiry = append(f.expiry, s)
			}
			if !seen[s] {
				seen[s] = true
				f.dates = append(f.dates, s)
			}
		}
	}
	// The longest first: "11/13/2027" before "11/13/20".
	sort.Slice(f.dates, func(i, j int) bool { return len(f.dates[i]) > len(f.dates[j]) })
	return f
}

func tokensOf(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// kind says which of the document's facts a run prints: "name", "date",
// "id" or "" (an id still counts among the values set in the body face).
func (f facts) kind(r run) string {
	text := strings.ToLower(strings.Join(strings.Fields(r.text()), " "))
	digitsIn := hasDigit(text)
	// Every layout of a date prints its year's digits.
	for _, d := range f.dates {
		if !digitsIn {
			break
		}
		if i := strings.Index(text, d); i >= 0 && !digitAt(text, i-1) && !digitAt(text, i+len(d)) {
			return "date"
		}
	}
	if f.ids[normText(text)] {
		return "id"
	}
	names, other := 0, 0
	for _, t := range tokensOf(text) {
		switch {
		case f.names[t]:
			names++
		case len([]rune(t)) > 1:
			other++
		}
	}
	if names > 0 && other <= 1 {
		return "name"
	}
	return ""
}

func digitAt(s string, i int) bool { return i >= 0 && i < len(s) && s[i] >= '0' && s[i] <= '9' }

// designFont: faces issuers use on purpose beside their body font: a
// signature's script, a barcode's, a machine-readable zone's.
func designFont(family string) bool {
	for _, s := range []string{"script", "hand", "brush", "sign", "cursive", "chancery", "zapfino", "barcode", "code39", "code128", "upc",
		"ocr", "mrz", "micr", "symbol", "dingbat", "wingding", "webding", "awesome", "icons", "pacifico", "vibes", "allura", "dancing"} {
		if strings.Contains(family, s) {
			return true
		}
	}
	return false
}

// loneFamily flags a run printing one of the document's facts in a family
// no other word of the page is set in, at about the size of the values
// the page's body font prints.
func loneFamily(s *signals, n int, lay layout, f facts, fm familyMemo) {
	p, lines := lay.page, lay.lines
	words := map[string]int{}
	total := 0
	for _, w := range p.Words {
		fam, _ := fm.of(w.Font)
		words[fam]++
		total++
	}
	body, bodyN := "", 0
	for fam, c := range words {
		if c > bodyN || (c == bodyN && fam < body) {
			body, bodyN = fam, c
		}
	}
	if bodyN*2 < total {
		// No one body font: a page mixing faces throughout says nothing
		// by one more.
		return
	}
	type found struct {
		r    run
		kind string
		line int
	}
	var suspects []found
	var siblings []run
	near := func(li int, word string) bool {
		for k := max(0, li-2); k <= min(len(lines)-1, li+2); k++ {
			for _, w := range lines[k] {
				if strings.Contains(strings.ToLower(w.Text), word) {
					return true
				}
			}
		}
		return false
	}
	for li := range lines {
		for _, ph := range lay.phrases[li] {
			for _, r := range ph {
				if alnumCount(r.text()) < 2 {
					continue
				}
				k := f.kind(r)
				if r.st.family == body {
					if k != "" || valueLike(r, nil) {
						siblings = append(siblings, r)
					}
					continue
				}
				// Identifiers are left out: issuers print license numbers and
				// codes in a face of their own (a monospace, an OCR face) as
				// often as not; names and dates are what gets retyped.
				if k == "" || k == "id" || designFont(r.st.family) || strings.Contains(r.text(), "<") || inMargin(r.box(), p.Height) || lay.stressed(r) {
					continue
				}
				if k == "name" && (near(li, "signature") || near(li, "signed") || strings.Contains(r.st.variant, "italic") || strings.Contains(r.st.variant, "oblique")) {
					// A signature, or a certificate's name set in italic
					// as calligraphy: design, not a retyping.
					continue
				}
				suspects = append(suspects, found{r, k, li})
			}
		}
	}
	if len(siblings) < 2 {
		return
	}
	sizes := make([]float64, len(siblings))
	for i, r := range siblings {
		sizes[i] = r.st.size
	}
	sort.Float64s(sizes)
	med := sizes[len(sizes)/2]
	for _, sp := range suspects {
		// Every word of its family is a fact's, or is on the fact's line
		// and the line has no other: the family is the tool's, not the
		// template's.
		inFacts := 0
		for _, o := range suspects {
			if o.r.st.family == sp.r.st.family {
				inFacts += len(o.r.words)
			}
		}
		whole := inFacts != words[sp.r.st.family]
		if inFacts > 12 || whole && !wholeLine(lines[sp.line], sp.r, words, fm) {
			continue
		}
		if ratio := sp.r.st.size / med; ratio < 0.75 || ratio > 1.5 && !displayRetyped(sp.kind, sp.r, lines[sp.line], p, med, fm) {
			continue
		}
		b := sp.r.box()
		ev := &SignalEvidence{Page: n, Box: &b, Text: sp.r.text(),
			Fonts: []string{sp.r.st.font, body}, Sizes: []float64{round1(sp.r.st.size), round1(med)}, Measure: round1(sp.r.st.size / med)}
		if whole {
			s.addf(CodeFontMismatch, loneFamilyWeight, ev,
				"page %d: the line of the %s %q is set whole in %s, a face no other line of the page uses, while the page's other values are in %s at %.1fpt",
				n, sp.kind, sp.r.text(), sp.r.st, body, med)
			return
		}
		if f.printsExpiry(sp.r) && companionFace(sp.r.st.family, body) && sp.r.st.variant == bodyVariant(p, body, fm) &&
			math.Abs(sp.r.st.size-med) <= 0.05*med {
			s.addf(CodeFontMismatch, companionExpiryWeight, ev,
				"page %d: the expiry %q is set in %s, the %s face's companion no other word of the page uses, at the size of the page's other values (%.1fpt)",
				n, sp.r.text(), sp.r.st, body, med)
			return
		}
		s.addf(CodeFontMismatch, loneFamilyWeight, ev,
			"page %d: the %s %q is set in %s, a face no other word of the page uses, while the page's other values are in %s at %.1fpt",
			n, sp.kind, sp.r.text(), sp.r.st, body, med)
		return
	}
}

// companionExpiryWeight corroborates only: an expiry set in the serif of
// the page's sans (or the sans of its serif), at the values' size and
// weight, is how a design sets it apart (a WeasyPrint card's expiry in
// Liberation Serif among Liberation Sans); a forger retyping a value
// picks a near face, one that passes for the page's, not its contrast.
const companionExpiryWeight = 0.30

// printsExpiry: the run prints the document's expiration date.
func (f facts) printsExpiry(r run) bool {
	text := strings.ToLower(r.text())
	for _, d := range f.expiry {
		if i := strings.Index(text, d); i >= 0 && !digitAt(text, i-1) && !digitAt(text, i+len(d)) {
			return true
		}
	}
	return false
}

// companionFace: two families of one superfamily, one its serif and the
// other its sans (liberationserif and liberationsans, dejavuserif and
// dejavusans, notoserif and notosans); a monospace is no companion.
func companionFace(a, b string) bool {
	stem := func(f string) (string, string) {
		for _, c := range []string{"serif", "sans"} {
			if i := strings.Index(f, c); i >= 0 && !strings.Contains(f, "mono") {
				return f[:i] + "|" + f[i+len(c):], c
			}
		}
		return "", ""
	}
	sa, ca := stem(a)
	sb, cb := stem(b)
	return sa != "" && sa == sb && ca != cb
}

// bodyVariant: the weight and slant most of the body family's words are
// set in.
func bodyVariant(p pagetext.Page, body string, fm familyMemo) string {
	n := map[string]int{}
	best, bestN := "", -1
	for _, w := range p.Words {
		if fam, v := fm.of(w.Font); fam == body {
			n[v]++
			if n[v] > bestN || n[v] == bestN && v < best {
				best, bestN = v, n[v]
			}
		}
	}
	return best
}

// wholeLine: every word of a line set in family, and no other word of
// the page: a line drawn again whole (its label with its value), in
// whatever face the forger's tool had, over a line taken out.
// A line of values alone (a card's number and dates under their
// captions) or in a monospace face is a template's: a forger redraws a
// labelled row (words beside the value's run), in a face near the page's.
func wholeLine(line []pagetext.Word, r run, words map[string]int, fm familyMemo) bool {
	family := r.st.family
	if len(line) > 12 || len(line) != words[family] || strings.Contains(family, "courier") || strings.Contains(family, "mono") {
		return false
	}
	inRun := map[Box]bool{}
	for _, w := range r.words {
		inRun[w.Box] = true
	}
	labelled := false
	for _, w := range line {
		if fam, _ := fm.of(w.Font); fam != family {
			return false
		}
		labelled = labelled || !inRun[w.Box] && !hasDigit(w.Text) && alnumCount(w.Text) >= 2
	}
	return labelled
}

// displayRetyped: a holder's name printed at display size (a certificate's
// name line) in a family no other word of the page uses is a retyping
// when the name stands alone on its line and the page's other display
// text (its title, the course) is set in the page's own faces: a
// template that gives the name a display face of its own draws it in
// calligraphy (a script or an italic, left out before), and a forger's
// tool sets it in whatever plain face it has.
func displayRetyped(kind string, r run, line []pagetext.Word, p pagetext.Page, med float64, fm familyMemo) bool {
	if kind != "name" || len(line) != len(r.words) {
		return false
	}
	for _, w := range p.Words {
		fam, _ := fm.of(w.Font)
		if fam != r.st.family && w.Size >= 1.3*med && len([]rune(w.Text)) >= 3 {
			return true
		}
	}
	return false
}

// setAlike reports that a is set as ref: the same weight and slant, and a
// size within 8% of ref's (what one face renders at one size varies by
// less between tools).
func setAlike(a, ref style) bool {
	return a.variant == ref.variant && math.Abs(a.size-ref.size) <= 0.08*ref.size
}

// styleEvidence points at a value set apart: its box and text, its font and
// size, then those of the values it stands among.
func styleEvidence(page int, b Box, text string, st, ref style) *SignalEvidence {
	return &SignalEvidence{Page: page, Box: &b, Text: text,
		Fonts: []string{st.font, ref.font}, Sizes: []float64{round1(st.size), round1(ref.size)}}
}

// offBaselineRowWeight does not flag a document alone at MEDIUM: a row
// set off its label is how a value retyped by eye looks, and a template
// does not move one row's value; beside any other sign it is the edit.
const offBaselineRowWeight = 0.45

// offBaselineRow flags a fact printed as a labelled row's value whose
// baseline stands off its label's by more than the page's other rows
// set alike do. A template sets each label and its value on one baseline
// (or, in two faces, at one offset every row repeats); a value retyped
// in place, at the template's own font and size, is set by eye, a point
// or so above or below. Three or more other rows, their labels and
// values in the same two styles, must agree on the offset to a tenth of
// a point: a form filled in (values in their own boxes) agrees on none.
func offBaselineRow(s *signals, n int, lay layout, f facts) {
	p := lay.page
	type row struct {
		label, value run
		off          float64
	}
	var rows []row
	for _, ph := range lay.phrases {
		for i := 0; i+1 < len(ph); i++ {
			l, v := joinRuns(ph[i]), ph[i+1][0]
			if !l.labelish() || !sizeSame(l.st.size, v.st.size) || inMargin(v.box(), p.Height) {
				continue
			}
			rows = append(rows, row{l, v, v.box().Y1 - l.box().Y1})
		}
	}
	for i, r := range rows {
		if f.kind(r.value) == "" {
			continue
		}
		var offs []float64
		for j, o := range rows {
			if j != i && o.label.st.sameKey(r.label.st) && o.value.st.sameKey(r.value.st) {
				offs = append(offs, o.off)
			}
		}
		if len(offs) < 3 {
			continue
		}
		sort.Float64s(offs)
		med := offs[len(offs)/2]
		agree := 0
		for _, o := range offs {
			if math.Abs(o-med) <= 0.1 {
				agree++
			}
		}
		dev := math.Abs(r.off - med)
		if agree < 3 || agree*4 < len(offs)*3 || dev <= max(0.6, 0.06*r.value.st.size) || dev > 0.4*r.value.st.size {
			continue
		}
		b := r.value.box()
		s.addf(CodeBaselineShift, offBaselineRowWeight, &SignalEvidence{Page: n, Box: &b, Text: r.value.text(),
			Fonts: []string{r.value.st.font, r.label.st.font}, Sizes: []float64{round1(r.value.st.size), round1(r.label.st.size)}, Measure: round1(dev)},
			"page %d: %q (after %q) sits %.1f pt off its label's baseline, while the page's other %d rows set alike keep one baseline", n, r.value.text(), r.label.text(), dev, agree)
		return
	}
}
