// Package classify recognises which catalog document type a page or a
// document is, from its text alone.
//
// The evidence for each type lives in the catalog (the `classify:` block of
// catalog/document-types.yaml), so that adding a type is one YAML edit:
//
//   - titles are a document's own heading ("Basic Life Support", "QuantiFERON-TB
//     Gold Plus"); a title near the top of the page is the strongest evidence
//     there is, the same phrase further down (a resume's certification list,
//     a form's "if positive, chest x-ray required") counts half;
//   - keywords are weaker evidence that add up ("induration", "mitogen");
//   - a negative phrase rules the type out ("advanced cardiovascular life
//     support" for plain BLS, whose name every ACLS card prints as its
//     prerequisite).
//
// A hint starting with "re:" is a regular expression matched, case
// insensitively, against the raw text; it is for evidence that is a shape
// rather than words (an SSN, an e-mail address, a passport's machine-readable
// zone).
//
// Text comes from PDF text layers and from Tesseract, so both the text and
// the hints are normalised the same way before matching (see Normalize):
// case, accents, punctuation, words hyphenated across lines, and the usual
// OCR look-alikes. Words of five letters or more also match with one wrong
// letter (two in words of nine or more), and phrases whose spaces OCR
// dropped ("BasicLife Support") match without them; both count a little
// less than an exact match.
//
// Repetition counts, with diminishing returns, so that a combined
// immunization record is classified by what it mostly records.
//
// The "other" type has hints of its own (a fax cover sheet, a cover
// letter), so that a page which names documents without being one is
// positively other rather than the document it names. A text whose best
// type scores under the bar is "other" by default, with a low confidence:
// such a page is often an unlabelled continuation of a document. So is a
// text whose two best types tie, having matched only the words they share
// (a certificate of completion whose title OCR lost): which of them it is
// the text does not say.
package classify

import (
	"math"
	"regexp"
	"sort"
	"strings"

	"github.com/agnivade/levenshtein"

	"github.com/clearedtostart/compliance/catalog"
)

// Score is one candidate type and how strongly the text supports it (0..1).
type Score struct {
	Type  string  `json:"type"`
	Score float64 `json:"score"`
}

// Result is a classification.
type Result struct {
	// Type is a catalog type key; "other" when nothing fits.
	Type       string  `json:"type"`
	Category   string  `json:"category"`
	Confidence float64 `json:"confidence"` // 0..1
	// Top holds the best three candidates, "other" included when its own
	// hints (a fax cover, a cover letter) matched.
	Top []Score `json:"top,omitempty"`
	// Titled reports that one of Type's titles stands near the top of the
	// text: the page opens a document of that type rather than continuing
	// one. The segmenter uses it to split back-to-back one-page documents.
	Titled bool `json:"titled,omitempty"`
}

// Weights of the evidence. A title at the top alone (4) clears minScore; a
// title lower down needs a keyword beside it; keywords alone need three.
const (
	titleTopWeight = 4.0
	titleWeight    = 2.0
	keywordWeight  = 1.0
	minScore       = 3.0
	// Inexact matches count a little less than exact ones.
	compactQuality = 0.9
	fuzzyQuality   = 0.8
	approxQuality  = 0.75
	// A title is looked for with letters wrong only when its compact form
	// is this long, with one wrong letter in approxPerWrong.
	approxMinLen   = 12
	approxPerWrong = 7
	// Each repetition of a phrase adds this much of its weight, at most
	// maxRepeats times.
	repeatGain = 0.3
	maxRepeats = 4
	// scoreScale turns a raw score into a 0..1 strength: 1-exp(-s/scale).
	scoreScale = 5.0
	// Scores this close are a tie: the same shared words matched.
	tieEpsilon = 1e-9
	// A tie is unclassified, and not surely other: the page is one of
	// the tied types, but which the words do not say.
	tiedConfidence = 0.1
	// The top of a page, where a document's own title stands, is its first
	// topShare of non-empty lines, at least minTopLines and at most
	// maxTopLines of them.
	minTopLines = 4
	maxTopLines = 10
	topShare    = 0.4
)

// Classifier matches text against the catalog's hints. It is immutable
// after New and safe for concurrent use.
type Classifier struct {
	types []typeHints
	// fuzzyVocab holds every hint word long enough to be matched with a
	// wrong letter.
	fuzzyVocab []string
}

type typeHints struct {
	key, category string
	titles        []phrase
	keywords      []phrase
	negative      []phrase
}

type phrase struct {
	toks    []string
	compact string
	re      *regexp.Regexp
}

// New builds a classifier from the catalog's hints.
func New(c *catalog.Catalog) *Classifier {
	cl := &Classifier{}
	vocab := map[string]bool{}
	for _, t := range c.Types() {
		th := typeHints{
			key: t.Key, category: t.Category,
			titles:   compile(t.Classify.Titles),
			keywords: compile(t.Classify.Keywords),
			negative: compile(t.Classify.Negative),
		}
		for _, list := range [][]phrase{th.titles, th.keywords, th.negative} {
			for _, p := range list {
				for _, tok := range p.toks {
					if fuzzyEligible(tok) {
						vocab[tok] = true
					}
				}
			}
		}
		cl.types = append(cl.types, th)
	}
	for w := range vocab {
		cl.fuzzyVocab = append(cl.fuzzyVocab, w)
	}
	sort.Strings(cl.fuzzyVocab)
	return cl
}

func compile(hints []string) []phrase {
	var out []phrase
	for _, h := range hints {
		if expr, ok := strings.CutPrefix(h, "re:"); ok {
			// A malformed expression is a catalog defect; it must not take
			// the service down, so it simply never matches.
			if re, err := regexp.Compile("(?im)" + expr); err == nil {
				out = append(out, phrase{re: re})
			}
			continue
		}
		toks := Tokens(h)
		if len(toks) == 0 {
			continue
		}
		out = append(out, phrase{toks: toks, compact: strings.Join(toks, "")})
	}
	return out
}

// Classify returns the best catalog type for the text.
func (c *Classifier) Classify(text string) Result {
	other := c.category(catalog.OtherType)
	p := analyse(text, c.fuzzyVocab)
	if len(p.toks) == 0 {
		// Nothing to read is certainly none of the types.
		return Result{Type: catalog.OtherType, Category: other, Confidence: 1}
	}
	type scored struct {
		key, category string
		score         float64
		titled        bool
	}
	var all []scored
	rank := func() {
		all = make([]scored, 0, len(c.types))
		for _, t := range c.types {
			s, titled, vetoed, named := p.score(t)
			shaped := named
			for _, sh := range shapes {
				if sh.typ == t.key && !vetoed && sh.found(p.raw) {
					s += sh.weight
					shaped = true
				}
			}
			// What a type requires it requires of every page, or (for a
			// type whose titles and shapes are its own) of a page that
			// scored on keywords alone.
			if r, ok := required[t.key]; ok && s > 0 && (r.always || !shaped) && !r.found(p.raw) {
				s, titled = 0, false
			}
			all = append(all, scored{key: t.key, category: t.category, score: s, titled: titled})
		}
		sort.SliceStable(all, func(i, j int) bool { return all[i].score > all[j].score })
	}
	rank()
	if all[0].score < minScore {
		// A page none of the types fits may be one whose title OCR
		// damaged beyond a wrong letter a word ("IOENTIICA TION CARD"):
		// long titles are looked for again with a few letters wrong.
		p.approx = true
		rank()
	}

	res := Result{Type: catalog.OtherType, Category: other}
	for _, s := range all[:min(3, len(all))] {
		if s.score > 0 {
			res.Top = append(res.Top, Score{Type: s.key, Score: round3(strength(s.score))})
		}
	}
	best := all[0]
	if best.score < minScore {
		// Unclassified: how sure we are that it is none of the types falls
		// as the best type comes closer to the bar. It stays low either
		// way, because such a page is often a document's unlabelled
		// second page.
		res.Confidence = round3(0.4 - 0.3*best.score/minScore)
		return res
	}
	second := 0.0
	if len(all) > 1 {
		second = all[1].score
	}
	if second >= best.score-tieEpsilon {
		// Two types scored alike on words they share ("certificate of
		// completion", "has successfully completed"; "instructor",
		// "training center") and nothing of either's own: a training
		// certificate or a course card whose title OCR lost. Which it is
		// the page does not say, and a wrong type judges it against the
		// wrong requirement.
		res.Confidence = tiedConfidence
		return res
	}
	margin := (best.score - second) / best.score
	res.Type, res.Category, res.Titled = best.key, best.category, best.titled
	res.Confidence = round3(strength(best.score) * (0.5 + 0.5*margin))
	return res
}

func (c *Classifier) category(key string) string {
	for _, t := range c.types {
		if t.key == key {
			return t.category
		}
	}
	return key
}

func strength(s float64) float64 { return 1 - math.Exp(-s/scoreScale) }

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// page is the text prepared for matching.
type page struct {
	raw  string
	toks []string
	// rank is, per token, the index of its line among the non-empty lines.
	rank    []int
	nLines  int
	pos     map[string][]int
	near    map[string]map[string]bool // hint word -> page words one letter off
	compact string
	starts  []int // compact offset where each token starts
	// approx: long titles also match their compact form with a few
	// letters wrong (see approxTitle).
	approx bool
}

func analyse(text string, vocab []string) *page {
	p := &page{raw: text, pos: map[string][]int{}}
	for _, line := range lines(text) {
		if len(line) == 0 {
			continue
		}
		for _, tok := range line {
			p.pos[tok] = append(p.pos[tok], len(p.toks))
			p.toks = append(p.toks, tok)
			p.rank = append(p.rank, p.nLines)
		}
		p.nLines++
	}
	var b strings.Builder
	for _, tok := range p.toks {
		p.starts = append(p.starts, b.Len())
		b.WriteString(tok)
	}
	p.compact = b.String()
	// Fuzzy candidates are computed once per page over distinct words, not
	// per phrase occurrence.
	p.near = map[string]map[string]bool{}
	for w := range p.pos {
		if !fuzzyEligible(w) {
			continue
		}
		for _, v := range vocab {
			if v != w && oneOff(v, w) {
				if p.near[v] == nil {
					p.near[v] = map[string]bool{}
				}
				p.near[v][w] = true
			}
		}
	}
	return p
}

func (p *page) top(tokIndex int) bool {
	limit := min(maxTopLines, max(minTopLines, int(topShare*float64(p.nLines)+0.5)))
	return p.rank[tokIndex] < limit
}

// score adds up the evidence for one type; a negative phrase vetoes it.
// named reports that one of the type's titles matched, anywhere.
func (p *page) score(t typeHints) (score float64, titled, vetoed, named bool) {
	for _, n := range t.negative {
		if m := p.match(n); m.count > 0 && m.quality > fuzzyQuality {
			return 0, false, true, false
		}
	}
	for _, h := range t.titles {
		m := p.match(h)
		if m.count == 0 && p.approx {
			m = p.approxTitle(h)
		}
		if m.count == 0 {
			continue
		}
		w := titleWeight
		if m.first >= 0 && p.top(m.first) {
			w = titleTopWeight
			titled = true
		}
		score += w * m.quality * repeats(m.count)
		named = true
	}
	for _, h := range t.keywords {
		if m := p.match(h); m.count > 0 {
			score += keywordWeight * m.quality * repeats(m.count)
		}
	}
	return score, titled, false, named
}

func repeats(n int) float64 { return 1 + repeatGain*float64(min(n-1, maxRepeats)) }

type match struct {
	count   int
	first   int // token index of the first occurrence, -1 when unknown
	quality float64
}

func (p *page) match(h phrase) match {
	if h.re != nil {
		locs := h.re.FindAllStringIndex(p.raw, maxRepeats+1)
		if len(locs) == 0 {
			return match{}
		}
		return match{count: len(locs), first: p.tokenAtRaw(locs[0][0]), quality: 1}
	}
	if m := p.sequence(h.toks, false); m.count > 0 {
		return m
	}
	if m := p.sequence(h.toks, true); m.count > 0 {
		return m
	}
	// OCR drops spaces between words; long phrases are specific enough to
	// be found without them.
	if len(h.compact) >= 8 && len(h.toks) > 1 {
		m := match{first: -1, quality: compactQuality}
		for off := 0; ; {
			i := strings.Index(p.compact[off:], h.compact)
			if i < 0 {
				break
			}
			if m.count == 0 {
				m.first = sort.SearchInts(p.starts, off+i+1) - 1
			}
			m.count++
			off += i + len(h.compact)
		}
		if m.count > 0 {
			return m
		}
	}
	return match{}
}

// sequence finds the phrase's words in order, consecutively.
func (p *page) sequence(toks []string, fuzzy bool) match {
	m := match{first: -1, quality: 1}
	if fuzzy {
		m.quality = fuzzyQuality
	}
	var starts []int
	starts = append(starts, p.pos[toks[0]]...)
	if fuzzy {
		for w := range p.near[toks[0]] {
			starts = append(starts, p.pos[w]...)
		}
		sort.Ints(starts)
	}
	for _, s := range starts {
		if s+len(toks) > len(p.toks) {
			continue
		}
		ok, inexact := true, false
		for k, want := range toks {
			got := p.toks[s+k]
			if got == want {
				continue
			}
			if fuzzy && p.near[want][got] {
				inexact = true
				continue
			}
			ok = false
			break
		}
		if !ok || (fuzzy && !inexact) {
			continue
		}
		if m.count == 0 {
			m.first = s
		}
		m.count++
	}
	return m
}

// tokenAtRaw maps a byte offset of the raw text to the first token on or
// after its line, so that a regular-expression title can be placed.
func (p *page) tokenAtRaw(off int) int {
	lineNo := strings.Count(p.raw[:off], "\n")
	// Count non-empty lines before lineNo.
	rank := 0
	for i, l := range strings.Split(p.raw, "\n") {
		if i >= lineNo {
			break
		}
		if len(lineTokens(l)) > 0 {
			rank++
		}
	}
	i := sort.SearchInts(p.rank, rank)
	if i >= len(p.toks) {
		return len(p.toks) - 1
	}
	return i
}

func fuzzyEligible(w string) bool {
	if len(w) < 5 {
		return false
	}
	for _, r := range w {
		if r >= '0' && r <= '9' {
			return false
		}
	}
	return true
}

// oneOff reports whether a and b differ by at most one edit (two for long
// words, where two misread letters are as likely as one in a short word).
// Tesseract reads the two narrow strokes of a capital LI (folded "ll") as
// one U at low resolution ("UCENSE", "CAUFORNIA"): a U in b where a has
// that pair is no edit.
func oneOff(a, b string) bool {
	limit := 1
	if len(a) >= 9 {
		limit = 2
	}
	if d := len(a) - len(b); d > limit+1 || -d > limit {
		return false
	}
	if len(a)-len(b) <= limit && lettersClose(a, b, limit) && editDistance(a, b, limit) <= limit {
		return true
	}
	if !strings.Contains(a, "ll") || !strings.Contains(b, "u") {
		return false
	}
	merged := strings.ReplaceAll(a, "ll", "u")
	return lettersClose(merged, b, limit) && editDistance(merged, b, limit) <= limit
}

// lettersClose reports whether a and b could be limit edits apart by
// their letters alone: a changed letter moves two of the counts, a letter
// put in or left out one. Every page word is compared with every hint
// word, and most pairs fail this far cheaper than the edit distance.
func lettersClose(a, b string, limit int) bool {
	var n [27]int
	bucket := func(r rune) int {
		if r >= 'a' && r <= 'z' {
			return int(r - 'a')
		}
		return 26
	}
	for _, r := range a {
		n[bucket(r)]++
	}
	for _, r := range b {
		n[bucket(r)]--
	}
	d := 0
	for _, k := range n {
		d += max(k, -k)
	}
	return d <= 2*limit
}

// editDistance is the Levenshtein distance (letters put in, left out or
// changed), capped at limit+1.
func editDistance(a, b string, limit int) int {
	return min(levenshtein.ComputeDistance(a, b), limit+1)
}

// isStart reports that a compact offset is where a token starts.
func isStart(starts []int, off int) bool {
	i := sort.SearchInts(starts, off)
	return i < len(starts) && starts[i] == off
}

// approxTitle finds a title's compact form (its words without spaces) in
// the page's compact text with up to one wrong, missing or extra letter
// in approxPerWrong (two in "identification card"): Sellers' edit
// distance, free to start and end anywhere in the page.
func (p *page) approxTitle(h phrase) match {
	if h.re != nil || len(h.compact) < approxMinLen {
		return match{}
	}
	limit := len(h.compact) / approxPerWrong
	a, b := h.compact, p.compact
	prev := make([]int, len(a)+1)
	cur := make([]int, len(a)+1)
	for i := range prev {
		prev[i] = i
	}
	for j := 1; j <= len(b); j++ {
		cur[0] = 0
		for i := 1; i <= len(a); i++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[i] = min(prev[i]+1, cur[i-1]+1, prev[i-1]+cost)
		}
		// The title must end where a word does: "identification
		// credential" is not "identification card" with two letters wrong.
		if cur[len(a)] <= limit && (j == len(b) || isStart(p.starts, j)) {
			start := max(0, j-len(a))
			return match{count: 1, first: sort.SearchInts(p.starts, start+1) - 1, quality: approxQuality}
		}
		prev, cur = cur, prev
	}
	return match{}
}
