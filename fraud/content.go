package fraud

import (
	"fmt"
	"image"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/agnivade/levenshtein"

	"github.com/clearedtostart/compliance/fraud/pdfdraw"
	"github.com/clearedtostart/compliance/pagetext"
)

// Content: what the pages show. A value typed over the original is set
// in whatever font the forger's tool had, rarely the issuer's own, and at
// a size and baseline set by eye; the original under it is hidden behind a
// white box or an image patch, or left under the new text.

func checkContent(d *doc, s *signals) {
	fam := familyMemo{}
	for i, p := range d.Pages {
		n := d.first + i
		if skipFontChecks(d, n, p) {
			continue
		}
		checkFonts(d, s, n, p, fam)
	}
	df := &docFacts{fields: d.Fields}
	checkLoneFamily(d, s, df, fam)
	checkOddSetting(d, s, df)
	for _, np := range d.uploadPages() {
		checkCovered(d, s, np, df)
	}
	checkTextLayer(d, s)
	checkCrispValue(d, s)
	checkPaintedPaper(d, s)
	checkWhitePatch(d, s)
	checkTypedOverPrint(d, s)
}

// skipFontChecks: fonts say nothing on pages without a text layer, on a
// scan's invisible OCR layer (its words sit where the OCR engine put them,
// in a font that draws nothing), or with too few words to compare.
func skipFontChecks(d *doc, n int, p pagetext.Page) bool {
	known := 0
	for _, w := range p.Words {
		if w.Font != "" {
			known++
			if strings.Contains(strings.ToLower(w.Font), "glyphless") {
				return true
			}
		}
	}
	if known < 5 {
		return true
	}
	if d.Upload != nil && n <= len(d.Upload.pages) {
		text, invisible := 0, 0
		for _, m := range d.Upload.pages[n-1].marks {
			if m.Kind == pdfdraw.Text && m.Annotation == "" {
				text++
				if m.Invisible {
					invisible++
				}
			}
		}
		if text > 0 && invisible*2 > text {
			return true
		}
	}
	return false
}

// style is how a word is set.
type style struct {
	family, variant string
	size            float64
	// font is the font's name as the file gives it, subset tag dropped.
	font string
}

func (st style) key() string {
	return st.family + "|" + st.variant + "|" + strconv.FormatFloat(math.Round(st.size*2)/2, 'f', 1, 64)
}

// sameKey is st.key() == o.key() without building the two strings: the
// family, the variant and the size to half a point.
func (st style) sameKey(o style) bool {
	return st.family == o.family && st.variant == o.variant && math.Round(st.size*2) == math.Round(o.size*2)
}

func (st style) String() string { return fmt.Sprintf("%s %.1fpt", st.font, st.size) }

// styleIn is a word's style, its font's family looked up in fam (nil: not
// remembered).
func styleIn(w pagetext.Word, fam familyMemo) style {
	f, v := fam.of(w.Font)
	return style{family: f, variant: v, size: w.Size, font: untagged(w.Font)}
}

// untagged is a font's name less its subset tag.
func untagged(name string) string {
	if i := strings.IndexByte(name, '+'); i == 6 {
		return name[i+1:]
	}
	return name
}

// fontFamily splits a font name into its family and style: the subset
// tag goes, then the trailing style words ("Helvetica-Bold" is Helvetica
// in Bold, "Liberation-Sans-Bold" Liberation Sans in Bold,
// "Arial,BoldItalic" Arial in BoldItalic), and the PostScript suffixes of
// one family ("TimesNewRomanPS-BoldMT") are dropped.
func fontFamily(name string) (family, variant string) {
	parts := strings.FieldsFunc(untagged(name), func(r rune) bool { return r == '-' || r == ',' || r == '_' })
	var styles []string
	for len(parts) > 1 && styleWord(parts[len(parts)-1]) {
		styles = append([]string{strings.ToLower(parts[len(parts)-1])}, styles...)
		parts = parts[:len(parts)-1]
	}
	f := strings.ToLower(strings.Join(parts, ""))
	for changed := true; changed; {
		changed = false
		for _, suf := range []string{"psmt", "mt", "ps", "bold", "italic", "oblique", "regular"} {
			if strings.HasSuffix(f, suf) && len(f) > len(suf)+2 {
				f = strings.TrimSuffix(f, suf)
				changed = true
			}
		}
	}
	return f, strings.Join(styles, "")
}

// familyMemo remembers fontFamily's answer for each font name a page's
// words are set in (a page uses a few fonts for hundreds of words).
type familyMemo map[string][2]string

func (m familyMemo) of(font string) (family, variant string) {
	if m == nil {
		return fontFamily(font)
	}
	if fv, ok := m[font]; ok {
		return fv[0], fv[1]
	}
	family, variant = fontFamily(font)
	m[font] = [2]string{family, variant}
	return family, variant
}

// styleWord: a part of a font name that names a weight, slant or width.
func styleWord(s string) bool {
	w := strings.ToLower(s)
	w = strings.TrimSuffix(strings.TrimSuffix(w, "mt"), "ps")
	for _, st := range []string{"extra", "semi", "demi", "ultra", "bold", "italic", "oblique", "regular", "roman", "light",
		"medium", "black", "heavy", "book", "condensed", "narrow", "thin", "normal", "plain", "cond", "it", "bd", "bi", "lt", "md"} {
		w = strings.ReplaceAll(w, st, "")
	}
	return w == "" && s != ""
}

func symbolFont(family string) bool {
	for _, s := range []string{"symbol", "dingbat", "wingding", "webding", "fontawesome", "materialicons"} {
		if strings.Contains(family, s) {
			return true
		}
	}
	return false
}

// run is consecutive words of one phrase set alike.
type run struct {
	words []pagetext.Word
	st    style
}

func (r run) text() string {
	parts := make([]string, len(r.words))
	for i, w := range r.words {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}

func (r run) box() Box {
	b := r.words[0].Box
	for _, w := range r.words[1:] {
		b = b.Union(w.Box)
	}
	return b
}

// labelish: a run that ends as labels end.
func (r run) labelish() bool {
	t := strings.TrimSpace(r.text())
	return strings.HasSuffix(t, ":") || strings.HasSuffix(t, "#") || strings.HasSuffix(t, "No.")
}

// visualLines groups a page's words into the rows they sit on, each left
// to right, by where they are rather than by the reader's line numbers: a
// layout engine may break a printed line where its font changes, which
// is exactly where these checks look.
func visualLines(p pagetext.Page) [][]pagetext.Word {
	ws := make([]pagetext.Word, 0, len(p.Words))
	for _, w := range p.Words {
		if w.Box.Y1 > w.Box.Y0 {
			ws = append(ws, w)
		}
	}
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].Box.Y1 < ws[j].Box.Y1 })
	var out [][]pagetext.Word
	start := 0
	for i := 1; i <= len(ws); i++ {
		if i < len(ws) {
			h := min(ws[start].Box.Height(), ws[i].Box.Height())
			if ws[i].Box.Y1-ws[start].Box.Y1 <= 0.3*h {
				continue
			}
		}
		line := append([]pagetext.Word(nil), ws[start:i]...)
		sort.SliceStable(line, func(a, b int) bool { return line[a].Box.X0 < line[b].Box.X0 })
		out = append(out, line)
		start = i
	}
	return out
}

// labelLike: a run that may name the value after it: it ends as labels
// end, or it is a few words with no name of the document's and at most a
// field number's digits ("4b Exp", "12 Restr", "DOB").
func labelLike(r run, tokens map[string]bool) bool {
	if r.labelish() {
		return true
	}
	if len(r.words) > 4 {
		return false
	}
	digits, letters := 0, 0
	for _, c := range r.text() {
		switch {
		case unicode.IsDigit(c):
			digits++
		case unicode.IsLetter(c):
			letters++
		}
	}
	if digits > 2 || letters < 1 {
		return false
	}
	for _, w := range r.words {
		for _, t := range strings.FieldsFunc(strings.ToLower(w.Text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if tokens[t] {
				return false
			}
		}
	}
	return true
}

// phrases splits a line into phrases (words closer than most of an em,
// in known fonts) and each phrase into runs.
func phrases(line []pagetext.Word, fam familyMemo) [][]run {
	var out [][]run
	var cur []run
	var prev *pagetext.Word
	flush := func() {
		if len(cur) > 0 {
			out = append(out, cur)
		}
		cur = nil
	}
	for i := range line {
		w := line[i]
		if w.Font == "" || w.Size <= 0 {
			flush()
			prev = nil
			continue
		}
		if prev != nil && w.Box.X0-prev.Box.X1 > 0.8*min(prev.Size, w.Size) {
			flush()
		}
		st := styleIn(w, fam)
		if k := len(cur) - 1; k >= 0 && cur[k].st.sameKey(st) {
			cur[k].words = append(cur[k].words, w)
		} else {
			cur = append(cur, run{words: []pagetext.Word{w}, st: st})
		}
		prev = &line[i]
	}
	flush()
	return out
}

// valueTokens are the words of the document's names and identifiers, as
// the fields hold them: a run carrying one of them, or any digits, is a
// value worth protecting.
func valueTokens(fields map[string]any) map[string]bool {
	out := map[string]bool{}
	for _, f := range []string{"full_name", "first_name", "middle_name", "last_name", "certificate_id", "license_number", "passport_number"} {
		v, _ := fields[f].(string)
		for _, t := range strings.FieldsFunc(strings.ToLower(v), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if len([]rune(t)) >= 2 {
				out[t] = true
			}
		}
	}
	return out
}

func valueLike(r run, tokens map[string]bool) bool {
	for _, w := range r.words {
		alnum := 0
		for _, c := range w.Text {
			if unicode.IsDigit(c) {
				return true
			}
			if unicode.IsLetter(c) {
				alnum++
			}
		}
		if alnum >= 2 {
			for _, t := range strings.FieldsFunc(strings.ToLower(w.Text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
				if tokens[t] {
					return true
				}
			}
		}
	}
	return false
}

func alnumCount(s string) int {
	n := 0
	for _, c := range s {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			n++
		}
	}
	return n
}

func sizeDiffers(a, b float64) bool { return math.Abs(a-b) > 0.15*max(a, b) }
func sizeSame(a, b float64) bool    { return math.Abs(a-b) <= 0.05*max(a, b) }

// checkFonts looks for values set unlike their surroundings: inside a
// phrase (a run in another family than the words around it, or in another
// size between words of one size), against the values of sibling fields
// (the one value of a form set unlike the others), and off the baseline
// of the words it stands with.
func checkFonts(d *doc, s *signals, n int, p pagetext.Page, fam familyMemo) {
	tokens := valueTokens(d.Fields)
	lines := visualLines(p)
	freq := map[string]int{}
	for _, w := range p.Words {
		if w.Font != "" {
			f, _ := fam.of(w.Font)
			freq[f]++
		}
	}
	var pairs []pair
	var prevLine []run
	for _, line := range lines {
		ph := phrases(line, fam)
		var segs []run
		for _, runs := range ph {
			checkPhrase(s, n, runs, tokens, freq)
			checkBaseline(s, n, runs, tokens)
			segs = append(segs, runs...)
		}
		// Label and value side by side.
		for i := 0; i+1 < len(segs); i++ {
			l, v := segs[i], segs[i+1]
			if l.st.sameKey(v.st) {
				continue
			}
			if labelLike(l, tokens) {
				pairs = append(pairs, pair{l, v})
				i++
			}
		}
		// A value under a line of smaller labels.
		if len(segs) > 0 && len(prevLine) > 0 && sameStyle(segs) && sameStyle(prevLine) &&
			prevLine[0].st.size < 0.9*segs[0].st.size && !valueLike(joinRuns(prevLine), tokens) {
			pairs = append(pairs, pair{prevLine[0], joinRuns(segs)})
		}
		prevLine = segs
	}
	// Values of sibling fields: labels set alike have values set alike.
	groups := map[string][]pair{}
	var order []string
	for _, pr := range pairs {
		k := pr.label.st.key()
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], pr)
	}
	for _, k := range order {
		g := groups[k]
		if len(g) < 4 {
			continue
		}
		count := map[string]int{}
		for _, pr := range g {
			count[familyKey(pr.value.st)]++
		}
		dom, domN := "", 0
		for key, c := range count {
			if c > domN || (c == domN && key < dom) {
				dom, domN = key, c
			}
		}
		if domN*4 < len(g)*3 {
			continue
		}
		var domStyle style
		for _, pr := range g {
			if familyKey(pr.value.st) == dom {
				domStyle = pr.value.st
				break
			}
		}
		for _, pr := range g {
			v := pr.value
			if count[familyKey(v.st)] > 1 || !valueLike(v, tokens) || symbolFont(v.st.family) {
				continue
			}
			if v.st.family == domStyle.family {
				// Another size alone is design as often as forgery (a
				// holder's name printed large among small values).
				continue
			}
			b := v.box()
			s.addf(CodeFontMismatch, 0.40, &SignalEvidence{Page: n, Box: &b, Text: v.text(),
				Fonts: []string{v.st.font, domStyle.font}, Sizes: []float64{round1(v.st.size), round1(domStyle.size)}},
				"page %d: %q (after %q) is set in %s, while the page's other %d values after labels like it are in %s",
				n, v.text(), pr.label.text(), v.st, domN, domStyle)
		}
	}
}

func familyKey(st style) string {
	return st.family + "|" + strconv.FormatFloat(math.Round(st.size), 'f', 0, 64)
}

// pair is a label and the value printed beside or under it.
type pair struct {
	label, value run
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }

func sameStyle(rs []run) bool {
	for _, r := range rs[1:] {
		if !r.st.sameKey(rs[0].st) {
			return false
		}
	}
	return true
}

func joinRuns(rs []run) run {
	out := run{st: rs[0].st}
	for _, r := range rs {
		out.words = append(out.words, r.words...)
	}
	return out
}

// checkPhrase: inside one phrase a value set in another family than the
// words on both sides of it, or on its one side (at the same size, and in
// a family rarer on the page than its neighbour's: of two runs that
// differ, the forged one is the odd one out), or in another size between
// words of one size. A label and its value may differ: a run after a
// label is compared only with what follows it.
func checkPhrase(s *signals, n int, runs []run, tokens map[string]bool, freq map[string]int) {
	skip := -1
	for j, r := range runs {
		if j == skip || len(runs) < 2 || !valueLike(r, tokens) || symbolFont(r.st.family) || alnumCount(r.text()) < 2 {
			continue
		}
		if j == 0 && r.labelish() {
			continue
		}
		var nb []run
		if j > 0 && !runs[j-1].labelish() {
			nb = append(nb, runs[j-1])
		}
		if j+1 < len(runs) {
			nb = append(nb, runs[j+1])
		}
		if len(nb) == 0 {
			continue
		}
		if len(nb) == 2 && !(nb[0].st.family == nb[1].st.family && sizeSame(nb[0].st.size, nb[1].st.size)) {
			continue
		}
		ref := nb[0]
		familyDiff := true
		for _, o := range nb {
			if o.st.family == r.st.family || symbolFont(o.st.family) || alnumCount(o.text()) < 2 {
				familyDiff = false
			}
		}
		if familyDiff && len(nb) == 1 && (sizeDiffers(r.st.size, ref.st.size) || freq[r.st.family] >= freq[ref.st.family]) {
			// One neighbour in another family and size is a label and its
			// value, a caption beside a field; and of two runs the odd one
			// is the one set in the family the page uses less.
			familyDiff = false
		}
		// Another size alone is not enough: sampledocs' own layouts print
		// numbers and names smaller or larger inside a phrase.
		if !familyDiff {
			continue
		}
		if len(nb) == 2 {
			// The run after it is the reference, not a second suspect.
			skip = j + 1
		}
		b := r.box()
		what := "font"
		s.addf(CodeFontMismatch, 0.45, &SignalEvidence{Page: n, Box: &b, Text: r.text(),
			Fonts: []string{r.st.font, ref.st.font}, Sizes: []float64{round1(r.st.size), round1(ref.st.size)}},
			"page %d: %q is set in %s among words set in %s (another %s)", n, r.text(), r.st, ref.st, what)
	}
}

// checkBaseline: words of one phrase in one font and size share a
// baseline to a fraction of a point; a value typed over by eye does not.
func checkBaseline(s *signals, n int, runs []run, tokens map[string]bool) {
	for _, r := range runs {
		if len(r.words) < 3 {
			continue
		}
		bottoms := make([]float64, len(r.words))
		for i, w := range r.words {
			bottoms[i] = w.Box.Y1
		}
		sorted := append([]float64(nil), bottoms...)
		sort.Float64s(sorted)
		med := sorted[len(sorted)/2]
		tol := max(0.6, 0.1*r.st.size)
		var off []pagetext.Word
		aligned := 0
		for i, w := range r.words {
			switch dev := math.Abs(bottoms[i] - med); {
			case dev > tol:
				off = append(off, w)
			case dev <= 0.03*r.st.size+0.05:
				aligned++
			}
		}
		if len(off) == 0 || aligned < 2 || len(off)*2 >= len(r.words) {
			continue
		}
		o := run{words: off, st: r.st}
		if !valueLike(o, tokens) {
			continue
		}
		b := o.box()
		s.addf(CodeBaselineShift, 0.30, &SignalEvidence{Page: n, Box: &b, Text: o.text(), Fonts: []string{r.st.font}, Sizes: []float64{round1(r.st.size)},
			Measure: round1(math.Abs(off[0].Box.Y1 - med))},
			"page %d: %q sits %.1f pt off the baseline of the words around it, in the same font and size", n, o.text(), math.Abs(off[0].Box.Y1-med))
	}
}

// checkCovered finds text something opaque was painted over after it (a
// white box, a patch of image) and different text printed over text.
func checkCovered(d *doc, s *signals, np numberedPage, df *docFacts) {
	p := np.p
	pageArea := p.box.Area()
	var texts []pdfdraw.Mark
	for _, m := range p.marks {
		if m.Kind == pdfdraw.Text && !m.Invisible && !m.White && m.Opaque && m.Size >= 3 && alnumCount(m.Text) >= 2 && m.Box.Area() > 0 {
			texts = append(texts, m)
		}
	}
	if len(texts) == 0 {
		return
	}
	for _, c := range p.marks {
		cover := c.Opaque && ((c.Kind == pdfdraw.Fill && c.White) || c.Kind == pdfdraw.Image)
		if !cover || c.Annotation == "Widget" || c.Box.Area() <= 0 || c.Box.Area() > 0.5*pageArea {
			continue
		}
		var hidden []pdfdraw.Mark
		for _, t := range texts {
			if t.Seq < c.Seq && t.Box.Intersect(c.Box).Area() >= 0.6*t.Box.Area() {
				hidden = append(hidden, t)
			}
		}
		if len(hidden) == 0 {
			continue
		}
		what := "a white box"
		if c.Kind == pdfdraw.Image {
			what = "an image"
		}
		if c.Annotation != "" {
			what += " of a " + c.Annotation + " annotation"
		}
		b := toTopLeft(c.Box, p.box)
		words := markTexts(hidden, 8)
		s.addf(CodeCoveredText, 0.55, &SignalEvidence{Page: np.n, Box: &b, Text: strings.Join(words, " ")},
			"page %d: %s was painted over text printed before it (%s)", np.n, what, quoteList(words, 4))
		return
	}
	checkOverprint(s, np, texts, df.all())
}

// checkOverprint finds text printed over different text. The same text
// printed twice a hair apart is how some producers make bold; underscores
// and dots are the blanks of a form filled in.
func checkOverprint(s *signals, np numberedPage, texts []pdfdraw.Mark, f facts) {
	if len(texts) > 4000 {
		return
	}
	sorted := append([]pdfdraw.Mark(nil), texts...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Box.X0 < sorted[j].Box.X0 })
	var plain *SignalEvidence
	for i, a := range sorted {
		for _, b := range sorted[i+1:] {
			if b.Box.X0 >= a.Box.X1 {
				break
			}
			inter := a.Box.Intersect(b.Box).Area()
			if inter < 0.5*min(a.Box.Area(), b.Box.Area()) {
				continue
			}
			if normText(a.Text) == normText(b.Text) || strings.Contains(normText(a.Text), normText(b.Text)) || strings.Contains(normText(b.Text), normText(a.Text)) {
				continue
			}
			under, over := a, b
			if b.Seq < a.Seq {
				under, over = b, a
			}
			box := toTopLeft(over.Box.Union(under.Box), np.p.box)
			ev := &SignalEvidence{Page: np.n, Box: &box, Text: over.Text, Value: under.Text, Fonts: []string{over.Font, under.Font}}
			if valueOverValue(over.Text, under.Text, f) || retypedInPlace(over, under) {
				s.addf(CodeOverlappingText, overprintedValueWeight, ev,
					"page %d: the value %q is printed over another value, %q, which it leaves in the text layer", np.n, over.Text, under.Text)
				return
			}
			if plain == nil {
				// Kept while a value printed over a value may follow.
				plain = ev
			}
		}
	}
	if plain != nil {
		s.addf(CodeOverlappingText, 0.40, plain, "page %d: %q is printed over %q", np.n, plain.Text, plain.Value)
	}
}

// overprintedValueWeight flags a document alone at MEDIUM: a date, a
// number or the holder's name printed over a different one is a value
// typed over the original (a stamp overlaid by qpdf, an "add text" tool),
// not a watermark or a form's blank filled in.
const overprintedValueWeight = 0.55

// valueOverValue: the text on top prints one of the document's facts, or
// both print numbers (a date over a date, an id over an id), and the two
// are of one kind: digits over digits, or letters over letters of a name.
func valueOverValue(over, under string, f facts) bool {
	o, u := normText(over), normText(under)
	if len(o) < 4 || len(u) < 4 {
		return false
	}
	if hasDigit(o) && hasDigit(u) {
		return digits(o) >= 4 && digits(u) >= 4
	}
	if hasDigit(o) || hasDigit(u) {
		return false
	}
	return f.kind(run{words: []pagetext.Word{{Text: over}}}) == "name"
}

// retypedInPlace: a word of letters printed over another on its
// baseline, at about its size, in another font, covering it and covered
// by it: a name retyped where the old one stood. A watermark or a stamp
// is set larger, turned, or elsewhere than one word's place.
func retypedInPlace(over, under pdfdraw.Mark) bool {
	o, u := normText(over.Text), normText(under.Text)
	if len(o) < 3 || len(u) < 3 || hasDigit(o) || hasDigit(u) || over.Font == under.Font || over.Size <= 0 || under.Size <= 0 {
		return false
	}
	if math.Abs(over.Size-under.Size) > 0.25*max(over.Size, under.Size) || math.Abs(over.Box.Y0-under.Box.Y0) > 0.15*max(over.Size, under.Size) {
		return false
	}
	inter := over.Box.Intersect(under.Box).Area()
	return inter >= 0.6*over.Box.Area() && inter >= 0.6*under.Box.Area()
}

func digits(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

func normText(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func markTexts(ms []pdfdraw.Mark, n int) []string {
	var out []string
	for _, m := range ms {
		if len(out) == n {
			break
		}
		out = append(out, m.Text)
	}
	return out
}

// OCRWanted lists the pages among first..last (1-based, inclusive; zero
// for every page) that carry both an image under most of the page and
// text over it, whose OCR the text-layer check compares with the text
// layer (Evidence.OCR). Other pages need no OCR for fraud's sake.
func (u *Upload) OCRWanted(first, last int) []int {
	if u == nil {
		return nil
	}
	if first <= 0 {
		first = 1
	}
	if last <= 0 || last > len(u.pages) {
		last = len(u.pages)
	}
	var out []int
	for n := first; n <= last; n++ {
		p := u.pages[n-1]
		img := imageArea(p)
		if img.Area() < 0.4*p.box.Area() {
			continue
		}
		for _, m := range p.marks {
			if m.Kind == pdfdraw.Text && alnumCount(m.Text) >= 2 && m.Box.Intersect(img).Area() > 0 {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

// imageArea is the box of the page's largest image.
func imageArea(p uploadPage) pdfdraw.Rect {
	var best pdfdraw.Rect
	for _, m := range p.marks {
		if m.Kind == pdfdraw.Image && m.Box.Area() > best.Area() {
			best = m.Box
		}
	}
	return best
}

// checkTextLayer compares a text layer laid over an image (a scan with an
// OCR layer, an image with text set on it) with the OCR of the page: a
// layer edited to say something else than the picture shows disagrees with
// it word for word where it was edited.
func checkTextLayer(d *doc, s *signals) {
	if d.Upload == nil || len(d.OCR) == 0 {
		return
	}
	facts := factValues(d.Fields)
	for i, p := range d.Pages {
		n := d.first + i
		ocr, ok := d.OCR[n]
		if !ok || n > len(d.Upload.pages) {
			continue
		}
		up := d.Upload.pages[n-1]
		if imageArea(up).Area() <= 0 {
			continue
		}
		img := toTopLeft(imageArea(up), up.box)
		compared, bad, values := 0, 0, 0
		var first, fact, proper *pagetext.Word
		factWeight := textLayerFactWeight
		var firstOCR, factOCR, factKind, properOCR string
		for _, w := range p.Words {
			if w.Font == "" || alnumCount(w.Text) < 3 || !inside(w.Box, img) {
				continue
			}
			// The OCR words that cover the layer's word, and those that lie
			// within it: another OCR engine's layer cuts words elsewhere
			// than ours (a date as one word or as "10/" and "02/2025"),
			// and a scan turned a little moves a word's picture off its
			// box, so a word is read from every piece of it.
			var seen []string
			sure := true
			for _, o := range ocr.Words {
				if overlap(w.Box, o.Box) >= 0.5 || overlap(o.Box, w.Box) >= 0.6 {
					seen = append(seen, o.Text)
					if o.Confidence < 85 {
						sure = false
					}
				}
			}
			if len(seen) == 0 || !sure {
				continue
			}
			compared++
			got := lookalikes(normText(strings.Join(seen, "")))
			want := lookalikes(normText(w.Text))
			// Part of the word read (the rest fell outside the boxes
			// found) shows no change; nor do the look-alike characters two
			// OCR engines read apart (O and 0, l and 1, S and 5).
			if got == want || strings.Contains(got, want) || strings.Contains(want, got) {
				continue
			}
			bad++
			if hasDigit(w.Text) && hasDigit(strings.Join(seen, "")) {
				values++
			}
			if first == nil || hasDigit(want) && !hasDigit(normText(first.Text)) {
				wc := w
				first, firstOCR = &wc, strings.Join(seen, " ")
			}
			if k := facts.layerKind(w.Text, seen); k != "" && fact == nil {
				wc := w
				fact, factOCR, factKind = &wc, strings.Join(seen, " "), k
			}
			if proper == nil && properNounChanged(w, ocr.Words) {
				wc := w
				proper, properOCR = &wc, strings.Join(seen, " ")
			}
		}
		if fact == nil && proper != nil && bad == 1 && compared >= 8 {
			// The one word of the page the picture shows otherwise is a
			// proper name read surely as another: a name the reading did
			// not take as the holder's (a layer laid over a card whose
			// name it printed apart), retyped on the picture or in the
			// layer.
			fact, factOCR, factKind, factWeight = proper, properOCR, "name", properNounWeight
		}
		if fact == nil && compared >= 8 {
			// A value retyped shorter or longer than the old one (a month's
			// name) moves the new digits off the old one's box: its line
			// is read whole instead.
			if w, read, ok := lineDigitsChanged(p.Words, ocr.Words, img, facts); ok {
				fact, factOCR, factKind = &w, read, "date"
				if facts.ids[normText(w.Text)] {
					factKind = "id"
				}
			}
		}
		if fact != nil && compared >= 8 && bad*100 <= 25*compared {
			// The document was judged on what its layer says: a date, a
			// number or the holder's name there that the picture under
			// it, read surely, shows otherwise is the value a forger
			// changed (in the layer, or on the picture under a layer made
			// before), while the rest of the layer agrees with the page.
			b := fact.Box
			s.addf(CodeTextLayerMismatch, factWeight, &SignalEvidence{Page: n, Box: &b, Text: fact.Text, Value: factOCR,
				Measure: round1(float64(bad) / float64(compared))},
				"page %d: the text layer prints the %s %q where the image under it shows %q (the layer agrees with the image in %d of its other %d words)",
				n, factKind, fact.Text, factOCR, compared-bad, compared-1)
			continue
		}
		// A full page's layer edited where it matters (a number, a date)
		// differs in two or three words of a hundred: two values both
		// read surely and differently are enough; words, a share of them.
		if bad >= 2 && (values >= 2 || bad*100 >= 15*compared) {
			b := first.Box
			s.addf(CodeTextLayerMismatch, 0.45, &SignalEvidence{Page: n, Box: &b, Text: first.Text, Value: firstOCR, Measure: round1(float64(bad) / float64(compared))},
				"page %d: the text layer disagrees with the image under it in %d of %d words (the layer says %q where the image reads %q)", n, bad, compared, first.Text, firstOCR)
		}
	}
}

// textLayerFactWeight flags a document alone at MEDIUM: the layer it
// was read from says one of its facts is something the picture does not
// show.
const textLayerFactWeight = 0.55

// layerKind says which of the document's facts a layer word prints
// ("date", "id", "name" or ""), given the OCR words read under it: a
// date (any the page prints whole, or a part with digits of one the
// fields hold: a printed "Nov 22, 2027" is three words) or a number the
// fields hold, read as other digits of the same shape; a name token the
// fields hold, read as one word of letters far from it. OCR noise reads a
// word in pieces, drops or adds a character, or reads most of its letters
// right: none of that is a fact changed.
func (f facts) layerKind(layer string, seen []string) string {
	w := normText(layer)
	read := normText(strings.Join(seen, ""))
	if len(w) < 3 || len(read) < 3 {
		return ""
	}
	if hasDigit(w) {
		if alnumCount(w) < 4 || !otherDigits(w, seen) {
			return ""
		}
		if f.ids[w] {
			return "id"
		}
		if datePattern.MatchString(layer) && datePattern.MatchString(strings.Join(seen, "")) {
			return "date"
		}
		for _, d := range f.dates {
			if strings.Contains(normText(d), w) {
				return "date"
			}
		}
		return ""
	}
	if len(seen) != 1 || hasDigit(read) || !f.names[w] || len(w) < 3 {
		return ""
	}
	if editDistance(w, read)*2 < max(len(w), len(read)) {
		// Most of its letters read where they stand: OCR misread it.
		return ""
	}
	return "name"
}

// otherDigits: the words read under a layer word with digits show, as
// a group of digits as long as its own, other digits, and nowhere its
// own: a value retyped (a year moved on, a number changed), where a
// misaligned box that takes in a neighbour's digits, or a piece of the
// value, shows its digits still. The letters beside it (a month's name
// retyped longer) do not matter.
func otherDigits(layer string, seen []string) bool {
	want := onlyDigits(lookalikes(strings.ToLower(layer)))
	if len(want) < 4 {
		return false
	}
	found := false
	for _, w := range seen {
		if !hasDigit(w) {
			// A word of letters (a month's name) holds no digits, whatever
			// its look-alikes.
			continue
		}
		for _, g := range digitGroups.FindAllString(lookalikes(strings.ToLower(w)), -1) {
			switch d := onlyDigits(g); {
			case strings.Contains(d, want):
				return false
			case len(d) == len(want):
				found = true
			}
		}
	}
	return found
}

// lineDigitsChanged finds a layer word printing a part of a date or a
// number the fields hold (four digits or more) whose line, as the image
// shows it and OCR read it surely, holds no such digits but another
// group of as many that the layer's line does not print: the value
// retyped on the picture, or in the layer, wherever it now stands on the
// line. It returns the word and the OCR words of its line.
func lineDigitsChanged(layer, ocr []pagetext.Word, img Box, f facts) (pagetext.Word, string, bool) {
	sameLine := func(a, b Box) bool {
		h := min(a.Y1-a.Y0, b.Y1-b.Y0)
		return h > 0 && min(a.Y1, b.Y1)-max(a.Y0, b.Y0) >= 0.5*h
	}
	for _, w := range layer {
		want := onlyDigits(w.Text)
		if w.Font == "" || len(want) < 4 || !inside(w.Box, img) || !f.holds(w.Text) {
			continue
		}
		printed := map[string]bool{}
		for _, o := range layer {
			if sameLine(w.Box, o.Box) {
				for _, g := range digitGroups.FindAllString(o.Text, -1) {
					printed[onlyDigits(g)] = true
				}
			}
		}
		var line []string
		other, sure := false, true
		for _, o := range ocr {
			if !sameLine(w.Box, o.Box) {
				continue
			}
			line = append(line, o.Text)
			if !hasDigit(o.Text) {
				continue
			}
			if o.Confidence < 85 {
				sure = false
			}
			for _, g := range digitGroups.FindAllString(lookalikes(strings.ToLower(o.Text)), -1) {
				d := onlyDigits(g)
				if strings.Contains(d, want) {
					sure = false
				}
				if len(d) == len(want) && !printed[d] {
					other = true
				}
			}
		}
		if other && sure {
			return w, strings.Join(line, " "), true
		}
	}
	return pagetext.Word{}, "", false
}

// holds: a word prints a number the fields hold, or a part with digits
// of a date they hold.
func (f facts) holds(word string) bool {
	w := normText(word)
	if f.ids[w] {
		return true
	}
	for _, d := range f.dates {
		if strings.Contains(normText(d), w) {
			return true
		}
	}
	return false
}

func onlyDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// digitGroups are runs of digits, a date's separators within them.
var digitGroups = regexp.MustCompile(`\d+(?:[/.-]\d+)*`)

// editDistance is Levenshtein's distance (letters put in, left out or
// changed).
func editDistance(a, b string) int { return levenshtein.ComputeDistance(a, b) }

// lookalikes folds the characters OCR engines confuse to one of each.
func lookalikes(s string) string {
	return strings.NewReplacer("o", "0", "i", "1", "l", "1", "s", "5", "b", "8", "z", "2", "g", "9").Replace(s)
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

func inside(b, area Box) bool {
	cx, cy := (b.X0+b.X1)/2, (b.Y0+b.Y1)/2
	return cx >= area.X0 && cx <= area.X1 && cy >= area.Y0 && cy <= area.Y1
}

// overlap is the share of a's area that b covers.
func overlap(a, b Box) float64 {
	w := min(a.X1, b.X1) - max(a.X0, b.X0)
	h := min(a.Y1, b.Y1) - max(a.Y0, b.Y0)
	area := (a.X1 - a.X0) * (a.Y1 - a.Y0)
	if w <= 0 || h <= 0 || area <= 0 {
		return 0
	}
	return w * h / area
}

// A value painted over and typed again on a scanned picture (Pillow's
// ImageDraw, a paint program's text tool) is drawn after the scanner
// softened the page: its edges are the typing tool's, sharp to a pixel,
// while every word the scanner saw went through the same optics and the
// same blur. The sharpness of a word's print is its steepest edge over
// its contrast (paper to ink), which neither the word's size nor its
// weight changes much; a value whose edges are much steeper than those
// of the page's words of its height was put there after the scan. A
// forger who blurs the patch as much as the scan defeats this, so the
// check only adds to the facts' evidence (crispValueWeight).

// crispValueWeight flags a document alone at no sensitivity: one word
// of a clean scan in ten or so pages stands that far apart from the rest
// (a word at a rule's edge, a stamp printed sharper, a photo's focus),
// and now and then it is a value; beside an impossible or altered fact
// read from the same picture (0.35 and more), it is the edit.
const crispValueWeight = 0.30

// crispFarWeight flags a document alone at MEDIUM: a value's print
// steeper than its height's median by crispFarRatio, and than the
// steepest of twenty or more such words by crispFarMargin, is no word
// the scanner saw. On 72 clean scans of eight producers (ImageMagick's
// noise at 150-300 dpi, a halftone, Floyd-Steinberg dither, paper
// texture, shading, a phone photo with its EXIF, Pillow scans with bold
// captions and a rubber-stamped date; FC, 2026-11-26) no fact's value
// stood more than 1.09 times its height's median, nor 0.021 over the
// steepest; values painted on such scans by Pillow after the scan stood
// 1.41 to 2.08 times and 0.11 to 0.30 over (14 of 32 forgeries; a
// forger who blurred the new value, or a scan at 150 dpi whose own print
// is steep, stays under it and corroborates at crispValueWeight).
const crispFarWeight = 0.50

// Thresholds of crispFarWeight: the ratio to the median, the margin over
// the steepest, and the fewest words of the value's height compared.
const (
	crispFarRatio  = 1.35
	crispFarMargin = 0.08
	crispFarWords  = 20
)

// printSharpness is one OCR word's print on the picture.
type printSharpness struct {
	w        pagetext.Word
	px       image.Rectangle
	sharp, c float64
}

// checkCrispValue compares, on each scanned page of the document's first
// (or of a short upload), the print of the words holding the document's
// facts with the print of the page's words of their height.
func checkCrispValue(d *doc, s *signals) { onScannedFactPages(d, s, crispValue) }

// onScannedFactPages runs a check of a scanned page's print on each
// full-page scan of the document's first page (every page of a short
// upload) that reads 20 words or more, when the document holds facts.
func onScannedFactPages(d *doc, s *signals, check func(*signals, docImage, luma, image.Point, pagetext.Page, facts)) {
	var facts *facts
	for _, im := range d.images() {
		if im.img != nil && !d.fullPageScan(im) || im.page != d.first && !d.shortUpload() {
			continue
		}
		i := im.page - d.first
		if i < 0 || i >= len(d.Pages) || len(d.Pages[i].Words) < 20 {
			continue
		}
		if facts == nil {
			f := factValues(d.Fields)
			facts = &f
		}
		if facts.empty() {
			return
		}
		plane, size, ok := decodePlane(im)
		if !ok {
			continue
		}
		check(s, im, plane, size, d.Pages[i], *facts)
	}
}

// toSamples maps page points to the picture's samples: the picture's
// box on the page (the page itself for an image upload) and the samples
// per point across and down; false for a box of no size.
func toSamples(im docImage, size image.Point) (b Box, sx, sy float64, ok bool) {
	b = Box{X1: float64(size.X), Y1: float64(size.Y)}
	if im.img != nil {
		b = toTopLeft(im.img.Box, im.media)
	}
	if b.X1 <= b.X0 || b.Y1 <= b.Y0 {
		return b, 0, 0, false
	}
	return b, float64(size.X) / (b.X1 - b.X0), float64(size.Y) / (b.Y1 - b.Y0), true
}

// sampleRect is box, in page points, in the picture's samples (see
// toSamples), rounded outwards.
func sampleRect(box, b Box, sx, sy float64) image.Rectangle {
	return image.Rect(int(math.Floor((box.X0-b.X0)*sx)), int(math.Floor((box.Y0-b.Y0)*sy)),
		int(math.Ceil((box.X1-b.X0)*sx)), int(math.Ceil((box.Y1-b.Y0)*sy)))
}

func crispValue(s *signals, im docImage, plane luma, size image.Point, p pagetext.Page, f facts) {
	b, sx, sy, ok := toSamples(im, size)
	if !ok {
		return
	}
	var all []printSharpness
	var h sharpHist
	for _, w := range p.Words {
		if alnumCount(w.Text) < 3 {
			continue
		}
		r := sampleRect(w.Box, b, sx, sy).Intersect(image.Rect(1, 1, plane.w-1, plane.h-1))
		if r.Dx() < 8 || r.Dy() < 8 || r.Dx()*r.Dy() > 40000 {
			continue
		}
		if sharp, c, ok := h.sharpness(plane, r); ok {
			all = append(all, printSharpness{w: w, px: r, sharp: sharp, c: c})
		}
	}
	var best *printSharpness
	var bestRatio, bestMed, bestTop float64
	var bestN int
	for k := range all {
		v := &all[k]
		if f.kind(run{words: []pagetext.Word{v.w}}) == "" {
			continue
		}
		var ref, cs []float64
		for j, o := range all {
			if j != k && f.kind(run{words: []pagetext.Word{o.w}}) == "" &&
				float64(o.px.Dy()) >= 0.7*float64(v.px.Dy()) && float64(o.px.Dy()) <= 1.4*float64(v.px.Dy()) {
				ref = append(ref, o.sharp)
				cs = append(cs, o.c)
			}
		}
		if len(ref) < 12 {
			continue
		}
		sort.Float64s(ref)
		sort.Float64s(cs)
		med, top, medC := ref[len(ref)/2], ref[len(ref)-1], cs[len(cs)/2]
		// Steeper than the page's words by far, than the steepest of
		// them by a margin, and inked at least as dark: a page whose
		// print varies (a photo's focus, a stamp) has more than one
		// steep word, and a word the scanner saw in a sharper spot is
		// not darker for it.
		if v.sharp < 1.15*med || v.sharp < top+0.04 || v.c < medC {
			continue
		}
		if ratio := v.sharp / med; best == nil || ratio > bestRatio {
			best, bestRatio, bestMed, bestTop, bestN = v, ratio, med, top, len(ref)
		}
	}
	if best == nil {
		return
	}
	bx := best.w.Box
	weight := crispValueWeight
	if bestRatio >= crispFarRatio && best.sharp >= bestTop+crispFarMargin && bestN >= crispFarWords {
		weight = crispFarWeight
	}
	s.addf(CodeFontMismatch, weight, &SignalEvidence{Page: im.page, Box: &bx, Text: best.w.Text, Source: "image", Measure: round1(bestRatio * 100)},
		"page %d: %q is printed on the scan with edges %.0f%% steeper than the page's %d other words of its height (%.2f against %.2f, the steepest %.2f): typed onto the picture after it was scanned",
		im.page, best.w.Text, (bestRatio-1)*100, bestN, best.sharp, bestMed, bestTop)
}

// sharpHist measures a word's print in r: the 99th percentile of the
// gradient's magnitude over the contrast between its paper (the 95th
// percentile of its samples) and its ink (the 3rd); false for a faint
// word (contrast under 80), whose edges say little. The percentiles are
// read from histograms, in time linear in the word's samples (sorting
// every word's samples of a 300-dpi page took as long as the rest of
// the page's checks); the gradient's, to a sixteenth of a level.
type sharpHist struct {
	vals [256]int32
	// mags holds the gradient's magnitude, sqrt(dx²+dy²)/2 of samples
	// 0-255, sixteen bins to a level.
	mags [2900]int32
}

func (h *sharpHist) sharpness(plane luma, r image.Rectangle) (float64, float64, bool) {
	clear(h.vals[:])
	clear(h.mags[:])
	n := r.Dx() * r.Dy()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := plane.pix[y*plane.stride:]
		up, down := plane.pix[(y-1)*plane.stride:], plane.pix[(y+1)*plane.stride:]
		for x := r.Min.X; x < r.Max.X; x++ {
			h.vals[row[x]]++
			dx, dy := int(row[x+1])-int(row[x-1]), int(down[x])-int(up[x])
			h.mags[int(8*math.Sqrt(float64(dx*dx+dy*dy)))]++
		}
	}
	c := float64(histAt(h.vals[:], n*95/100) - histAt(h.vals[:], n*3/100))
	if c < 80 {
		return 0, 0, false
	}
	return (float64(histAt(h.mags[:], n*99/100)) + 0.5) / 16 / c, c, true
}

// histAt is the value of rank k (from 0) of the samples counted in hist.
func histAt(hist []int32, k int) int {
	seen := 0
	for v, c := range hist {
		if seen += int(c); seen > k {
			return v
		}
	}
	return len(hist) - 1
}

// A value painted over on a scanned picture (a rectangle filled with the
// paper's colour, picked or known) and typed again is set on paper with
// none of the scan's grain: the scanner's sensor noise is in every sample
// it delivered, and a fill drawn after the scan is flat, whatever face or
// softening the forger chose for the new text. The paper around each
// word is measured by its grain (the mean of the samples' difference from
// their four neighbours, within whole blocks of paper between and
// around the glyphs); a value whose paper is far smoother than every other word's is
// on a patch. A page with no grain to speak of (a scanner that whitens
// the paper, a picture rendered rather than scanned) and paper blown out
// to white (a flash, a scanner's clipping) say nothing.

// paintedPaperWeight flags a document alone at MEDIUM: paper without the
// scan's grain around one of the document's values, and around none of
// the page's other words, is a patch painted over the value after the
// scan.
const paintedPaperWeight = 0.50

// paperGrain is the grain of the paper around one OCR word.
type paperGrain struct {
	w           pagetext.Word
	grain, tone float64
	// n is the flat paper samples measured.
	n int
	// blocks are its blocks of paper (paperBlocks).
	blocks []paperBlock
}

// checkPaintedPaper compares, on each scanned page of the document's
// first (or of a short upload), the grain of the paper around the words
// holding the document's facts with the grain around the page's other
// words.
func checkPaintedPaper(d *doc, s *signals) { onScannedFactPages(d, s, paintedPaper) }

// Thresholds of paintedPaper: the fewest flat samples a word's paper
// must show to be measured, the fewest other words measured, the least
// grain of the page's paper worth comparing, and how much smoother than
// the page's median and than its smoothest other word a value's paper is.
const (
	grainSamples     = 180
	grainWords       = 12
	grainLeast       = 0.6
	grainOfMedian    = 0.35
	grainOfSmoothest = 0.55
)

func paintedPaper(s *signals, im docImage, plane luma, size image.Point, p pagetext.Page, f facts) {
	b, sx, sy, ok := toSamples(im, size)
	if !ok {
		return
	}
	var facts, others []paperGrain
	for k, w := range p.Words {
		if k >= 400 {
			break
		}
		if alnumCount(w.Text) < 3 {
			continue
		}
		r := sampleRect(w.Box, b, sx, sy)
		g, ok := grainAround(plane, r)
		if !ok {
			continue
		}
		g.w = w
		if f.kind(run{words: []pagetext.Word{w}}) != "" {
			facts = append(facts, g)
		} else {
			others = append(others, g)
		}
	}
	if len(others) < grainWords {
		return
	}
	gs := make([]float64, len(others))
	for k, o := range others {
		gs[k] = o.grain
	}
	sort.Float64s(gs)
	med, smoothest := gs[len(gs)/2], gs[0]
	if med < grainLeast {
		return
	}
	var best *paperGrain
	for k := range facts {
		v := &facts[k]
		if v.grain > grainOfMedian*med || v.grain > grainOfSmoothest*smoothest {
			continue
		}
		if best == nil || v.grain < best.grain {
			best = v
		}
	}
	if best == nil {
		flatPatch(s, im, plane, p, f, others, med, brightLight(others), b, sx, sy)
		return
	}
	bx := best.w.Box
	s.addf(CodeCoveredText, paintedPaperWeight, &SignalEvidence{Page: im.page, Box: &bx, Text: best.w.Text, Source: "image", Measure: round1(best.grain / med * 100)},
		"page %d: the paper around %q shows none of the scan's grain (%.2f against a median of %.2f around the page's %d other words, the smoothest %.2f): a patch painted over the value after the scan",
		im.page, best.w.Text, best.grain, med, len(gs), smoothest)
}

// brightLight is the tone of the paper in a photo's brightest light:
// the 90th percentile of the tones around the page's other words where
// they range wider than a scanner's light leaves them (toneSpread between
// the 10th and 90th percentile words), and none (above white) where they
// do not. Where the light is brightest a camera clips one or two of its
// channels, and the paper there shows less grain than elsewhere with
// nothing painted on it: a phone photo of a clean page, its name at the
// bright middle, had six dead-flat blocks around the name.
func brightLight(others []paperGrain) float64 {
	tones := make([]float64, len(others))
	for k, o := range others {
		tones[k] = o.tone
	}
	sort.Float64s(tones)
	n := len(tones)
	if n == 0 || tones[n-1-n/10]-tones[n/10] <= toneSpread {
		return 256
	}
	return tones[n-1-n/10]
}

// grainAround measures the paper around a word's box r (in samples),
// widened by a quarter of its height: the grain of its blocks of paper
// (no ink in them, every sample within a fifth of the contrast of the
// paper's tone). False for a faint word, for too few samples of paper,
// or for paper blown out to white.
func grainAround(plane luma, r image.Rectangle) (paperGrain, bool) {
	blocks, white, ok := paperBlocks(plane, r, max(3, r.Dy()/4))
	if !ok {
		return paperGrain{}, false
	}
	var sum float64
	tone := 0
	for _, b := range blocks {
		sum += b.sum
		tone += b.tone
	}
	flat := len(blocks) * blockInner
	if flat < grainSamples || white*10 > flat {
		return paperGrain{}, false
	}
	return paperGrain{grain: sum / float64(flat), tone: float64(tone) / float64(flat), n: flat, blocks: blocks}, true
}

// blockInner is the samples of a block measured: its inner 6 by 6.
const blockInner = 36

// paperBlock is one block of paper: the sum of its inner samples'
// difference from their four neighbours, and how many of them are blown
// out to white.
type paperBlock struct {
	sum   float64
	white int
	// tone is the sum of its inner samples.
	tone int
}

// paperBlocks lists the blocks of paper around a word's box r widened by
// e samples and counts their samples blown out to white; false for a
// faint word or a region too large to be a word's.
func paperBlocks(plane luma, r image.Rectangle, e int) (blocks []paperBlock, white int, ok bool) {
	if r.Dx() < 6 || r.Dy() < 6 {
		return nil, 0, false
	}
	outer := r.Inset(-e).Intersect(image.Rect(3, 3, plane.w-3, plane.h-3))
	r = r.Intersect(outer)
	if outer.Dx()*outer.Dy() > 120000 || r.Empty() {
		return nil, 0, false
	}
	at := func(x, y int) int { return int(plane.pix[y*plane.stride+x]) }
	paper, ink := plane.paperAndInk(outer, r)
	c := paper - ink
	if c < 60 {
		return nil, 0, false
	}
	// The paper is measured by whole blocks of 8 by 8 samples (a JPEG's
	// own blocks: the image's grid from its corner) with no ink in them:
	// a block a glyph's edge crosses rings with the compression's
	// artefacts, as much around a crisp retyped value as grain.
	for by := (outer.Min.Y + 7) / 8 * 8; by+8 <= outer.Max.Y; by += 8 {
		for bx := (outer.Min.X + 7) / 8 * 8; bx+8 <= outer.Max.X; bx += 8 {
			lo, hi := 255, 0
			for y := by; y < by+8; y++ {
				for x := bx; x < bx+8; x++ {
					v := at(x, y)
					lo, hi = min(lo, v), max(hi, v)
				}
			}
			if (hi-lo)*4 >= c || abs(lo-paper)*5 >= c || abs(hi-paper)*5 >= c {
				continue
			}
			// Its inner samples against their neighbours in the block: a
			// neighbour across its edge may be in a block that rings.
			var b paperBlock
			for y := by + 1; y < by+7; y++ {
				for x := bx + 1; x < bx+7; x++ {
					v := at(x, y)
					if v >= 254 {
						b.white++
					}
					b.tone += v
					b.sum += math.Abs(float64(4*v-at(x-1, y)-at(x+1, y)-at(x, y-1)-at(x, y+1))) / 4
				}
			}
			white += b.white
			blocks = append(blocks, b)
		}
	}
	return blocks, white, true
}

// properNounWeight flags a document alone at MEDIUM, less surely than a
// field's value: the one word of a page's layer the picture shows
// otherwise, a proper name read surely as another, is a name changed,
// though the reading did not take it as the holder's.
const properNounWeight = 0.50

// properNounChanged: a layer word that is a capitalised word of letters
// (four or more) where the picture shows, read at 90 and more as one
// word, another capitalised word of letters most of whose letters differ:
// a proper name replaced by another, not a misreading (which keeps most
// letters where they stand) nor a box off its word (which shows pieces of
// two words, or the word itself among them).
func properNounChanged(w pagetext.Word, ocr []pagetext.Word) bool {
	lw := normText(w.Text)
	if len([]rune(lw)) < 4 || hasDigit(lw) || !startsUpper(w.Text) {
		return false
	}
	var seen []pagetext.Word
	for _, o := range ocr {
		if overlap(w.Box, o.Box) >= 0.5 || overlap(o.Box, w.Box) >= 0.6 {
			seen = append(seen, o)
		}
	}
	if len(seen) != 1 || seen[0].Confidence < 90 {
		return false
	}
	read := normText(seen[0].Text)
	n, m := len([]rune(lw)), len([]rune(read))
	if m < 4 || hasDigit(read) || !startsUpper(seen[0].Text) || n > 2*m || m > 2*n {
		return false
	}
	return editDistance(lw, read)*3 >= 2*max(n, m)
}

func startsUpper(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}
