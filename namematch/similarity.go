package namematch

import (
	"math/bits"
	"slices"
	"unicode/utf8"

	"github.com/adrg/strutil/metrics"
)

// Reason says how one part of a name agreed with the other side's, or why
// it did not. The values are stable: API clients receive them.
type Reason string

// Reasons of a part comparison (see the package documentation for what
// each means and scores).
const (
	ReasonExact           Reason = "exact"
	ReasonJoined          Reason = "joined"
	ReasonNickname        Reason = "nickname"
	ReasonInitial         Reason = "initial"
	ReasonOneEdit         Reason = "one_edit"
	ReasonPhonetic        Reason = "phonetic"
	ReasonJaroWinkler     Reason = "jaro_winkler"
	ReasonCompoundPart    Reason = "compound_part"
	ReasonSurnameInMiddle Reason = "surname_in_middle"
	ReasonMiddleAsFirst   Reason = "middle_as_first"
	ReasonMissing         Reason = "missing"
	ReasonDifferent       Reason = "different"
	ReasonConflict        Reason = "conflict"
	ReasonNotCompared     Reason = "not_compared"
)

// Part scores: what each kind of agreement is worth, from 0 to 1.
const (
	ScoreExact           = 1.0
	ScoreJoined          = 1.0
	ScoreNickname        = 0.95
	ScoreOneEdit         = 0.90
	ScorePhonetic        = 0.88
	ScoreInitial         = 0.80
	ScoreCompoundPart    = 0.90 // times the weakest agreeing word
	ScoreSurnameInMiddle = 0.85
	ScoreMiddleAsFirst   = 0.85
	ScoreMissingFirst    = 0.70
	// A Jaro-Winkler agreement scores JaroWinklerFactor × the similarity,
	// from JaroWinklerMin upwards.
	JaroWinklerMin    = 0.90
	JaroWinklerFactor = 0.90
	// PhoneticMinJaroWinkler and PhoneticMaxLengthDiff keep Double
	// Metaphone's four-sound keys from equating names that only share
	// their start (Quartermaine and Carter are both KRTR).
	PhoneticMinJaroWinkler = 0.75
	PhoneticMaxLengthDiff  = 2
)

// Weights and thresholds of the name score.
const (
	WeightLast  = 0.55
	WeightFirst = 0.45
	// Threshold is the least score of a name that resembles.
	Threshold = 0.80
	// MinLast and MinFirst are the least part scores of a name that
	// resembles, whatever the total.
	MinLast  = 0.80
	MinFirst = 0.70
)

// role decides which agreements a word may have: given names know
// nicknames and initials, surnames do not.
type role uint8

const (
	roleGiven role = iota
	roleSurname
)

// reason codes as stored in the per-search cache.
type rcode uint8

const (
	rcDifferent rcode = iota
	rcExact
	rcJoined
	rcNickname
	rcInitial
	rcOneEdit
	rcPhonetic
	rcJaroWinkler
	rcCompoundPart
	rcSurnameInMiddle
	rcMiddleAsFirst
	rcMissing
	rcConflict
	rcNotCompared
)

var reasonNames = [...]Reason{
	rcDifferent: ReasonDifferent, rcExact: ReasonExact, rcJoined: ReasonJoined, rcNickname: ReasonNickname,
	rcInitial: ReasonInitial, rcOneEdit: ReasonOneEdit, rcPhonetic: ReasonPhonetic, rcJaroWinkler: ReasonJaroWinkler,
	rcCompoundPart: ReasonCompoundPart, rcSurnameInMiddle: ReasonSurnameInMiddle, rcMiddleAsFirst: ReasonMiddleAsFirst,
	rcMissing: ReasonMissing, rcConflict: ReasonConflict, rcNotCompared: ReasonNotCompared,
}

// sim is one comparison's outcome.
type sim struct {
	score float64
	rc    rcode
}

// probe is one side of word comparisons, prepared once per search: the
// word, its phonetic keys and its letter counts.
type probe struct {
	s     string
	role  role
	runes int
	codes [2]uint32 // phonetic key ids in the index, 0 when the index has none
	ascii bool
	hist  letterSet
	nick  []uint32 // token ids of the word's nicknames (given names)
	tok   uint32   // the word's token id in the index, 0 when not indexed
}

// tokInfo is what comparisons need of an indexed word, computed once.
type tokInfo struct {
	codes    [2]uint32 // phonetic key ids, 0 when none
	runes    uint8     // letters, at most 255
	ascii    bool
	particle bool      // a surname particle (screeningParticles)
	middle   bool      // a common middle name (commonMiddleNames)
	hist     letterSet // letters of an ASCII word
}

func newTokInfo(s string) tokInfo {
	ti := tokInfo{runes: uint8(min(utf8.RuneCountInString(s), 255)), ascii: isASCII(s),
		particle: screeningParticles[s], middle: middleNameSet[s]}
	if ti.ascii {
		ti.hist = letterCounts(s)
	}
	return ti
}

// letterSet is the multiset of the letters a–z of a word as bit masks,
// so that counting the letters two words share is two popcounts: bit i of
// k[0] when letter i occurs once or more, bit 32+i twice or more; k[1]
// likewise for three and four times. over marks a word with a letter five
// times or more, which the masks cannot count.
type letterSet struct {
	k    [2]uint64
	over bool
}

func letterCounts(s string) letterSet {
	var h [26]uint8
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' && h[c-'a'] < 255 {
			h[c-'a']++
		}
	}
	var ls letterSet
	for i, n := range h {
		for level := range min(int(n), 4) {
			ls.k[level/2] |= 1 << (uint(i) + 32*uint(level%2))
		}
		ls.over = ls.over || n > 4
	}
	return ls
}

// common is the number of letters two words share, counted with
// multiplicity; ok is false when a word has a letter too often to tell.
func (a letterSet) common(b letterSet) (n int, ok bool) {
	if a.over || b.over {
		return 0, false
	}
	return bits.OnesCount64(a.k[0]&b.k[0]) + bits.OnesCount64(a.k[1]&b.k[1]), true
}

// compareWords decides how two different words agree (equal words are
// one token, which sim settles by id: exact; so are nicknames, by the
// probe's nickname tokens).
//
// Order: initials (given names); one
// Damerau edit when the longer word has 4+ letters; same Double Metaphone
// key (lengths within PhoneticMaxLengthDiff, Jaro-Winkler ≥
// PhoneticMinJaroWinkler); Jaro-Winkler ≥ JaroWinklerMin; else different.
func compareWords(p *probe, ws string, w *tokInfo) sim {
	wr := int(w.runes)
	if p.runes == 1 || wr == 1 {
		if p.role == roleGiven {
			a, _ := utf8.DecodeRuneInString(p.s)
			b, _ := utf8.DecodeRuneInString(ws)
			if a == b {
				return sim{ScoreInitial, rcInitial}
			}
		}
		return sim{0, rcDifferent}
	}
	if max(p.runes, wr) >= 4 && p.runes-wr <= 1 && wr-p.runes <= 1 && withinOneEdit(p.s, ws) {
		return sim{ScoreOneEdit, rcOneEdit}
	}
	jw := -1.0
	if abs(p.runes-wr) <= PhoneticMaxLengthDiff &&
		((p.codes[0] != 0 && (p.codes[0] == w.codes[0] || p.codes[0] == w.codes[1])) ||
			(p.codes[1] != 0 && (p.codes[1] == w.codes[0] || p.codes[1] == w.codes[1]))) {
		jw = jaroWinkler(p.s, ws)
		if jw >= PhoneticMinJaroWinkler {
			return sim{ScorePhonetic, rcPhonetic}
		}
	}
	if jw < 0 {
		if p.ascii && w.ascii && jaroWinklerBound(p, ws, w) < JaroWinklerMin {
			return sim{0, rcDifferent}
		}
		jw = jaroWinkler(p.s, ws)
	}
	if jw >= JaroWinklerMin {
		return sim{JaroWinklerFactor * jw, rcJaroWinkler}
	}
	return sim{0, rcDifferent}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// jaroWinkler is the Jaro-Winkler similarity of two folded words.
func jaroWinkler(a, b string) float64 {
	m := metrics.JaroWinkler{CaseSensitive: true}
	return m.Compare(a, b)
}

// jaroWinklerBound is an upper bound of jaroWinkler(p.s, b) from the
// lengths, the letters in common and the common prefix, cheap enough to
// skip most of the comparisons that cannot reach JaroWinklerMin. Both
// words must be ASCII.
func jaroWinklerBound(p *probe, b string, w *tokInfo) float64 {
	common := min(p.runes, int(w.runes))
	if n, ok := p.hist.common(w.hist); ok {
		common = min(common, n)
	}
	if common == 0 {
		return 0
	}
	m := float64(common)
	jaro := min((m/float64(p.runes)+m/float64(w.runes)+1)/3, 1)
	prefix := 0
	for prefix < 4 && prefix < len(b) && prefix < len(p.s) && b[prefix] == p.s[prefix] {
		prefix++
	}
	return jaro + 0.1*float64(prefix)*(1-jaro)
}

// withinOneEdit reports whether a and b differ by at most one Damerau
// edit: a substitution, an insertion, a deletion or a swap of two adjacent
// letters. (matchr.OSA would do, but it misses a swap of the first two
// letters and allocates a matrix per call.)
func withinOneEdit(a, b string) bool {
	// Names are mostly ASCII: bytes then spare decoding into runes.
	if isASCII(a) && isASCII(b) {
		return oneEdit([]byte(a), []byte(b))
	}
	return oneEdit([]rune(a), []rune(b))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func oneEdit[E comparable](a, b []E) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	switch len(a) - len(b) {
	case 0:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		if i == len(a) {
			return true
		}
		if i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && slices.Equal(a[i+2:], b[i+2:]) {
			return true
		}
		return slices.Equal(a[i+1:], b[i+1:])
	case 1:
		i := 0
		for i < len(b) && a[i] == b[i] {
			i++
		}
		return slices.Equal(a[i+1:], b[i:])
	}
	return false
}
