package mapping

import (
	_ "embed"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/adrg/strutil/metrics"
	"gopkg.in/yaml.v3"

	"github.com/clearedtostart/compliance/catalog"
)

// A suggestion never maps a label by itself. Mapping decides which
// requirement a nurse's document is judged against: a label mapped to the
// wrong key fulfils the wrong requirement ("Hep B titer" taken for MMR lets
// a candidate start with no hepatitis B evidence), and a wrong registry key
// skips a screening. So suggestions are shown to a person, who maps the
// label through the API; only that person's decision moves rows on.

//go:embed lexicon.yaml
var lexiconYAML []byte

// Weights of lexicon phrases and the rules of the score (see lexicon.yaml).
const (
	WeightName = 0.9
	WeightHint = 0.6
	// WeightWholeLabel is a name's weight when it is the whole label
	// ("PPD", "Hep B").
	WeightWholeLabel = 0.97
	// FuzzyMin is the Jaro-Winkler similarity from which a word of a name
	// is taken for a misspelling of it; FuzzyMinLength the shortest word
	// compared that way (short words are acronyms: "PPD" is not "PPE").
	// 0.94 takes "Quantiferron", "Varacella", "Influensa" and plurals, and
	// leaves "physician" (0.93 to "physical") and "neonate" alone.
	FuzzyMin       = 0.94
	FuzzyMinLength = 5
	// FuzzyDiscount scales a misspelt name's contribution.
	FuzzyDiscount = 0.9
	// MinScore is the lowest score suggested: below it a suggestion is
	// noise a reviewer has to read past.
	MinScore = 0.4
)

// Suggestion is one catalog requirement a label may stand for.
type Suggestion struct {
	Key string
	// Score is from 0 to 1: 1 − Π(1 − contribution) over the phrases that
	// point at Key, each contributing its weight (times its similarity and
	// FuzzyDiscount when misspelt).
	Score float64
	// Why names the phrases behind the score, strongest first.
	Why string
}

type lexiconFile struct {
	NotMisspellings []string  `yaml:"notMisspellings"`
	Requirements    yaml.Node `yaml:"requirements"`
}

type lexiconEntry struct {
	Names  []string `yaml:"names"`
	Hints  []string `yaml:"hints"`
	Unless []string `yaml:"unless"`
}

type term struct {
	key    string
	text   string // as the lexicon writes it
	words  []string
	weight float64
	name   bool
	unless [][]string
}

// Suggester ranks catalog requirements for unmapped labels. It is
// immutable and safe for concurrent use; build one at start and keep it.
type Suggester struct {
	terms    []term
	rank     map[string]int // catalog order, the last tie-break
	jw       *metrics.JaroWinkler
	notTypos map[string]bool
}

// lexicon is the parsed lexicon.yaml.
type lexicon struct {
	terms    []term
	keys     []string
	notTypos map[string]bool
}

// NewSuggester reads the embedded lexicon. Lexicon keys the catalog does
// not have are left out (a suggestion must be a catalog key); CheckLexicon
// reports them, and catalog keys the lexicon does not cover.
func NewSuggester(cat *catalog.Catalog) (*Suggester, error) {
	lex, err := parseLexicon(lexiconYAML)
	if err != nil {
		return nil, err
	}
	s := &Suggester{rank: map[string]int{}, jw: metrics.NewJaroWinkler(), notTypos: lex.notTypos}
	for i, r := range cat.Requirements() {
		s.rank[r.Key] = i
	}
	for _, t := range lex.terms {
		if _, ok := s.rank[t.key]; ok {
			s.terms = append(s.terms, t)
		}
	}
	return s, nil
}

// MustNewSuggester is NewSuggester for start-up and tests, where a lexicon
// that does not parse is a build defect (it is embedded).
func MustNewSuggester(cat *catalog.Catalog) *Suggester {
	s, err := NewSuggester(cat)
	if err != nil {
		panic(err)
	}
	return s
}

// Suggest returns up to n suggestions for label, best first; none when no
// lexicon phrase points anywhere (a facility's own form). It builds a
// Suggester per call; a service keeps one instead.
func Suggest(cat *catalog.Catalog, label string, n int) []Suggestion {
	return MustNewSuggester(cat).Suggest(label, n)
}

// CheckLexicon reports lexicon keys that are not catalog requirements and
// catalog requirements the lexicon has no name for: a requirement nobody
// can be pointed to is one every facility label for it stays unmapped for.
func CheckLexicon(cat *catalog.Catalog) error {
	lex, err := parseLexicon(lexiconYAML)
	if err != nil {
		return err
	}
	keys := lex.keys
	var problems []string
	for _, k := range keys {
		if _, ok := cat.Requirement(k); !ok {
			problems = append(problems, fmt.Sprintf("lexicon key %q is not a catalog requirement", k))
		}
	}
	for _, r := range cat.Requirements() {
		if !slices.Contains(keys, r.Key) {
			problems = append(problems, fmt.Sprintf("catalog requirement %q has no lexicon entry", r.Key))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("mapping lexicon: %s", strings.Join(problems, "; "))
	}
	return nil
}

func parseLexicon(data []byte) (*lexicon, error) {
	var f lexiconFile
	if err := yaml.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("mapping lexicon: %w", err)
	}
	if f.Requirements.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("mapping lexicon: `requirements` must be a mapping")
	}
	lex := &lexicon{notTypos: map[string]bool{}}
	for _, w := range f.NotMisspellings {
		for _, t := range tokens(w) {
			lex.notTypos[t] = true
		}
	}
	for i := 0; i+1 < len(f.Requirements.Content); i += 2 {
		key := f.Requirements.Content[i].Value
		var e lexiconEntry
		if err := f.Requirements.Content[i+1].Decode(&e); err != nil {
			return nil, fmt.Errorf("mapping lexicon: %q: %w", key, err)
		}
		if slices.Contains(lex.keys, key) {
			return nil, fmt.Errorf("mapping lexicon: %q listed twice", key)
		}
		if len(e.Names) == 0 {
			return nil, fmt.Errorf("mapping lexicon: %q has no names", key)
		}
		lex.keys = append(lex.keys, key)
		var unless [][]string
		for _, u := range e.Unless {
			unless = append(unless, tokens(u))
		}
		seen := map[string]bool{}
		add := func(text string, name bool) error {
			words := tokens(text)
			if len(words) == 0 {
				return fmt.Errorf("mapping lexicon: %q: phrase %q has no words", key, text)
			}
			n := strings.Join(words, " ")
			if seen[n] {
				return nil
			}
			seen[n] = true
			t := term{key: key, text: text, words: words, weight: WeightHint}
			if name {
				t.weight, t.name = WeightName, true
			} else {
				t.unless = unless
			}
			lex.terms = append(lex.terms, t)
			return nil
		}
		for _, p := range e.Names {
			if err := add(p, true); err != nil {
				return nil, err
			}
		}
		// The key read as words names its requirement (after the names, so
		// that a name spelt like the key is shown as the lexicon writes it).
		if err := add(strings.ReplaceAll(key, "_", " "), true); err != nil {
			return nil, err
		}
		for _, p := range e.Hints {
			if err := add(p, false); err != nil {
				return nil, err
			}
		}
	}
	return lex, nil
}

// match is one lexicon phrase found in a label.
type match struct {
	term       *term
	start, end int     // word span in the label
	similarity float64 // 1 when spelt as in the lexicon
	score      float64 // the match's contribution
	text       string  // the label's words it covers
}

// Suggest returns up to n suggestions for label, best first.
func (s *Suggester) Suggest(label string, n int) []Suggestion {
	words := tokens(label)
	if len(words) == 0 || n <= 0 {
		return nil
	}
	var found []match
	for i := range s.terms {
		t := &s.terms[i]
		m, ok := s.find(t, words)
		if !ok || vetoed(t, words) {
			continue
		}
		found = append(found, m)
	}
	found = dropContained(found)

	type acc struct {
		miss    float64 // Π(1 − contribution)
		matches []match // strongest first
	}
	byKey := map[string]*acc{}
	// Strongest first, so that of two phrases of one key over the same
	// words ("drivers license", and "driver license" misspelt) only the
	// better counts: evidence compounds only from different words.
	sort.SliceStable(found, func(i, j int) bool { return found[i].score > found[j].score })
	for _, m := range found {
		a := byKey[m.term.key]
		if a == nil {
			a = &acc{miss: 1}
			byKey[m.term.key] = a
		}
		if slices.ContainsFunc(a.matches, m.overlaps) {
			continue
		}
		a.miss *= 1 - m.score
		a.matches = append(a.matches, m)
	}
	type ranked struct {
		Suggestion
		best match
	}
	var out []ranked
	for key, a := range byKey {
		score := math.Round((1-a.miss)*1000) / 1000
		if score < MinScore {
			continue
		}
		out = append(out, ranked{Suggestion{Key: key, Score: score, Why: why(key, a.matches)}, a.matches[0]})
	}
	// Ties go to the key with the stronger single phrase, then to the one
	// whose strongest phrase comes first in the label (a facility names the
	// main thing first: "Flu declination w/ mask attestation"), then to
	// catalog order, so that the answer never depends on map order.
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		if a.best.score != b.best.score {
			return a.best.score > b.best.score
		}
		if a.best.start != b.best.start {
			return a.best.start < b.best.start
		}
		return s.rank[a.Key] < s.rank[b.Key]
	})
	res := make([]Suggestion, 0, min(n, len(out)))
	for _, r := range out[:min(n, len(out))] {
		res = append(res, r.Suggestion)
	}
	return res
}

// find returns the best occurrence of t in words (the earliest among equals).
func (s *Suggester) find(t *term, words []string) (match, bool) {
	best := match{term: t}
	for start := 0; start+len(t.words) <= len(words); start++ {
		sim := 1.0
		for k, w := range t.words {
			sim = min(sim, s.wordSimilarity(t, words[start+k], w))
			if sim == 0 {
				break
			}
		}
		if sim > best.similarity {
			best.start, best.end, best.similarity = start, start+len(t.words), sim
		}
	}
	if best.similarity == 0 {
		return match{}, false
	}
	best.text = strings.Join(words[best.start:best.end], " ")
	switch {
	case best.similarity < 1:
		best.score = t.weight * best.similarity * FuzzyDiscount
	case t.name && best.start == 0 && best.end == len(words):
		best.score = WeightWholeLabel
	default:
		best.score = t.weight
	}
	return best, true
}

func (s *Suggester) wordSimilarity(t *term, got, want string) float64 {
	if got == want {
		return 1
	}
	// Only names are matched through misspellings, and only long words:
	// hints are ambiguous already, and short words are acronyms or numbers
	// where one letter is another thing (PPD, PPE; 5-panel, 6-panel).
	if !t.name || s.notTypos[got] || len(got) < FuzzyMinLength || len(want) < FuzzyMinLength || hasDigit(got) || hasDigit(want) {
		return 0
	}
	if sim := s.jw.Compare(got, want); sim >= FuzzyMin {
		return sim
	}
	return 0
}

func hasDigit(s string) bool {
	return strings.ContainsAny(s, "0123456789")
}

func (m match) overlaps(o match) bool {
	return m.start < o.end && o.start < m.end
}

func vetoed(t *term, words []string) bool {
	for _, u := range t.unless {
		if containsPhrase(words, u) {
			return true
		}
	}
	return false
}

func containsPhrase(words, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(words); i++ {
		if slices.Equal(words[i:i+len(phrase)], phrase) {
			return true
		}
	}
	return false
}

// dropContained removes matches whose words lie inside a longer match:
// "license" inside "driver's license" is not evidence of a nursing license.
func dropContained(ms []match) []match {
	var out []match
	for i, m := range ms {
		inside := false
		for j, o := range ms {
			if i != j && o.start <= m.start && m.end <= o.end && o.end-o.start > m.end-m.start {
				inside = true
				break
			}
		}
		if !inside {
			out = append(out, m)
		}
	}
	return out
}

func why(key string, ms []match) string {
	var parts []string
	for i, m := range ms {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("and %d more", len(ms)-3))
			break
		}
		kind := "matched"
		if !m.term.name {
			kind = "hint"
		}
		if m.similarity < 1 {
			parts = append(parts, fmt.Sprintf("%q resembles %q (%.2f)", m.text, m.term.text, m.similarity))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %q", kind, m.term.text))
	}
	return strings.Join(parts, "; ") + " → " + key
}
