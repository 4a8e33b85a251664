package fraud

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/clearedtostart/compliance/fraud/pdfdraw"
	"github.com/clearedtostart/compliance/pagetext"
)

// Content: what the pages show. A value typed over the original is set
// in whatever font the forger's tool had, rarely the issuer's own, and at
// a size and baseline set by eye; the original under it is hidden behind a
// white box or an image patch, or left under the new text.

func checkContent(d *doc, s *signals) {
	for i, p := range d.Pages {
		n := d.first + i
		if skipFontChecks(d, n, p) {
			continue
		}
		checkFonts(d, s, n, p)
	}
	for _, np := range d.uploadPages() {
		checkCovered(d, s, np)
	}
	checkTextLayer(d, s)
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
	return fmt.Sprintf("%s|%s|%.1f", st.family, st.variant, math.Round(st.size*2)/2)
}

func (st style) String() string { return fmt.Sprintf("%s %.1fpt", st.font, st.size) }

func styleOf(w pagetext.Word) style {
	f, v := fontFamily(w.Font)
	name := w.Font
	if i := strings.IndexByte(name, '+'); i == 6 {
		name = name[i+1:]
	}
	return style{family: f, variant: v, size: w.Size, font: name}
}

// fontFamily splits a font name into its family and style: the subset
// tag goes, then the trailing style words ("Helvetica-Bold" is Helvetica
// in Bold, "Liberation-Sans-Bold" Liberation Sans in Bold,
// "Arial,BoldItalic" Arial in BoldItalic), and the PostScript suffixes of
// one family ("TimesNewRomanPS-BoldMT") are dropped.
func fontFamily(name string) (family, variant string) {
	n := name
	if i := strings.IndexByte(n, '+'); i == 6 {
		n = n[i+1:]
	}
	parts := strings.FieldsFunc(n, func(r rune) bool { return r == '-' || r == ',' || r == '_' })
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
func phrases(line []pagetext.Word) [][]run {
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
		st := styleOf(w)
		if k := len(cur) - 1; k >= 0 && cur[k].st.key() == st.key() {
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
func checkFonts(d *doc, s *signals, n int, p pagetext.Page) {
	tokens := valueTokens(d.Fields)
	lines := visualLines(p)
	freq := map[string]int{}
	for _, w := range p.Words {
		if w.Font != "" {
			f, _ := fontFamily(w.Font)
			freq[f]++
		}
	}
	var pairs []pair
	var prevLine []run
	for _, line := range lines {
		ph := phrases(line)
		var segs []run
		for _, runs := range ph {
			checkPhrase(s, n, runs, tokens, freq)
			checkBaseline(s, n, runs, tokens)
			segs = append(segs, runs...)
		}
		// Label and value side by side.
		for i := 0; i+1 < len(segs); i++ {
			l, v := segs[i], segs[i+1]
			if l.st.key() == v.st.key() {
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

func familyKey(st style) string { return fmt.Sprintf("%s|%.0f", st.family, math.Round(st.size)) }

// pair is a label and the value printed beside or under it.
type pair struct {
	label, value run
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }

func sameStyle(rs []run) bool {
	for _, r := range rs[1:] {
		if r.st.key() != rs[0].st.key() {
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
func checkCovered(d *doc, s *signals, np numberedPage) {
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
	checkOverprint(s, np, texts)
}

// checkOverprint finds text printed over different text. The same text
// printed twice a hair apart is how some producers make bold; underscores
// and dots are the blanks of a form filled in.
func checkOverprint(s *signals, np numberedPage, texts []pdfdraw.Mark) {
	if len(texts) > 4000 {
		return
	}
	sorted := append([]pdfdraw.Mark(nil), texts...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Box.X0 < sorted[j].Box.X0 })
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
			s.addf(CodeOverlappingText, 0.40, &SignalEvidence{Page: np.n, Box: &box, Text: over.Text, Value: under.Text, Fonts: []string{over.Font, under.Font}},
				"page %d: %q is printed over %q", np.n, over.Text, under.Text)
			return
		}
	}
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
		compared, bad := 0, 0
		var first *pagetext.Word
		var firstOCR string
		for _, w := range p.Words {
			if w.Font == "" || alnumCount(w.Text) < 3 || !inside(w.Box, img) {
				continue
			}
			var seen []string
			sure := true
			for _, o := range ocr.Words {
				if overlap(w.Box, o.Box) >= 0.5 {
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
			got := normText(strings.Join(seen, ""))
			want := normText(w.Text)
			if got == want || strings.Contains(got, want) || strings.Contains(want, got) && len(got) >= len(want)-1 {
				continue
			}
			bad++
			if first == nil {
				wc := w
				first, firstOCR = &wc, strings.Join(seen, " ")
			}
		}
		if bad >= 2 && bad*100 >= 15*compared {
			b := first.Box
			s.addf(CodeTextLayerMismatch, 0.45, &SignalEvidence{Page: n, Box: &b, Text: first.Text, Value: firstOCR, Measure: round1(float64(bad) / float64(compared))},
				"page %d: the text layer disagrees with the image under it in %d of %d words (the layer says %q where the image reads %q)", n, bad, compared, first.Text, firstOCR)
		}
	}
}

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
