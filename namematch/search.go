package namematch

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/antzucaro/matchr"
)

// Mode chooses how far names may differ.
type Mode uint8

const (
	// ModeFuzzy finds every name that resembles the query by the rules
	// of the package documentation.
	ModeFuzzy Mode = iota
	// ModeExact finds names equal to the query after normalisation: the
	// first and last names agree exactly or joined ("GarciaLopez",
	// "Garcia-Lopez"), in either order. Middle names are compared and
	// explained but do not decide.
	ModeExact
)

// PartScore explains one part of a comparison.
type PartScore struct {
	Reason Reason  `json:"reason"`
	Score  float64 `json:"score"`
	// Query and Listed are the normalised words compared.
	Query  string `json:"query,omitempty"`
	Listed string `json:"listed,omitempty"`
}

// Explanation says why two names resemble (or do not): each part's
// agreement and the combined score.
type Explanation struct {
	// Score is WeightLast × Last.Score + WeightFirst × First.Score.
	Score float64 `json:"score"`
	// Resembles is true when the score and each part reach the thresholds
	// (in ModeExact: when the names are equal).
	Resembles bool `json:"resembles"`
	// Swapped is true when the candidate's first name agreed with the
	// listed surname and the other way round.
	Swapped bool      `json:"swapped,omitempty"`
	First   PartScore `json:"first"`
	Middle  PartScore `json:"middle"`
	Last    PartScore `json:"last"`
}

// MiddleConflict reports whether both names carry middle names and no
// initial of one side's appears on the other's.
func (e Explanation) MiddleConflict() bool { return e.Middle.Reason == ReasonConflict }

// Hit is one indexed name that resembles the query.
type Hit struct {
	ID          uint32
	Explanation Explanation
}

// Stats counts a search's work.
type Stats struct {
	// Candidates is the number of indexed names the query's keys led to
	// (a name reached by two keys counts twice).
	Candidates int `json:"candidates"`
	// Scored is the number of them compared in full; the others were
	// rejected by their given name (or, swapped, surname) alone.
	Scored int `json:"scored"`
}

// candidate routes, as flags per entry.
const (
	routeDirect  = 1 << iota // the surname (or a middle name) keyed it
	routeSwapped             // the query's surname keyed its given name
)

// side is the query in one orientation, as probe indexes.
type side struct {
	given     []int // first given word, then the rest (roleGiven)
	middle    []int // given words after the first, then middle names (roleGiven)
	sur       []int // surname words (roleSurname)
	sig       []int // surname words that are not particles (roleSurname)
	surJ      int   // joined surname (roleSurname)
	givJ, gmJ int   // joined given names, joined given+middle names (roleGiven); -1 when none
	rests     []int // readings of a glued one-word surname without its particles (roleSurname)

	givenText, middleText, surText string
	// swapped: the query's surname words stand for given names. Only the
	// listed given name itself may then agree with them (no middle name,
	// no missing given name), as only it is keyed.
	swapped bool
	// wholeJ (swapped) is the query's whole surname joined, particles
	// included (roleSurname): a list that prints the surname in the given
	// name field ("AL-ZAHRANI") has it as its joined given names.
	wholeJ int
}

// scratch is the working memory of one search, reused across searches.
type scratch struct {
	probes []probe
	sides  [2]side
	ints   []int // backing of the sides' index slices

	mode     Mode
	reached  int
	epoch    uint32
	seen     []uint32 // entry → epoch when it became a candidate
	flags    []uint8  // entry → routes
	cands    []uint32
	tokEpoch uint32
	tokSeen  []uint32 // token → tokEpoch when it was last a neighbour
	nbrs     []uint32

	cache simCache
}

func (ix *Index) getScratch() *scratch {
	if sc, ok := ix.scratch.Get().(*scratch); ok {
		return sc
	}
	return &scratch{
		seen:    make([]uint32, len(ix.entries)),
		flags:   make([]uint8, len(ix.entries)),
		tokSeen: make([]uint32, len(ix.vocab)),
		cache:   newSimCache(1 << 10),
	}
}

// Search returns the indexed names that resemble q, appended to dst, best
// first, and the work it took.
func (ix *Index) Search(q Name, mode Mode, dst []Hit) ([]Hit, Stats) {
	p := parseScreening(q)
	if p.empty() || len(ix.entries) == 0 {
		return dst, Stats{}
	}
	sc := ix.getScratch()
	defer ix.scratch.Put(sc)
	sc.reset()
	ix.prepare(sc, p)
	ix.collect(sc, mode)
	start := len(dst)
	for _, c := range sc.cands {
		var best Explanation
		found := false
		if sc.flags[c]&routeDirect != 0 {
			if x, ok := ix.score(sc, &sc.sides[0], c, mode, false); ok {
				best, found = x, true
			}
		}
		if sc.flags[c]&routeSwapped != 0 {
			if x, ok := ix.score(sc, &sc.sides[1], c, mode, false); ok && (!found || x.Score > best.Score) {
				x.Swapped = true
				best, found = x, true
			}
		}
		if found {
			dst = append(dst, Hit{ID: ix.ids[c], Explanation: best})
		}
	}
	hits := dst[start:]
	slices.SortStableFunc(hits, func(a, b Hit) int {
		switch {
		case a.Explanation.Score > b.Explanation.Score:
			return -1
		case a.Explanation.Score < b.Explanation.Score:
			return 1
		}
		return 0
	})
	return dst, Stats{Candidates: sc.reached, Scored: len(sc.cands)}
}

// Compare explains how a query compares with one listed name, by the same
// rules as Search (ModeFuzzy or ModeExact), whether or not it resembles.
func Compare(query, listed Name, mode Mode) Explanation {
	return NewIndex([]Variant{{Name: listed}}).explain(query, 0, mode)
}

// explain compares the query with entry c alone, in both orders, and
// explains the better.
func (ix *Index) explain(query Name, c uint32, mode Mode) Explanation {
	p := parseScreening(query)
	if p.empty() || int(c) >= len(ix.entries) {
		return Explanation{First: PartScore{Reason: ReasonMissing}, Last: PartScore{Reason: ReasonMissing}, Middle: PartScore{Reason: ReasonMissing}}
	}
	sc := ix.getScratch()
	defer ix.scratch.Put(sc)
	sc.reset()
	ix.prepare(sc, p)
	return ix.explainPrepared(sc, c, mode)
}

// explainPrepared is explain for the query prepared in sc.
func (ix *Index) explainPrepared(sc *scratch, c uint32, mode Mode) Explanation {
	direct, _ := ix.score(sc, &sc.sides[0], c, mode, true)
	swapped, _ := ix.score(sc, &sc.sides[1], c, mode, true)
	swapped.Swapped = true
	switch {
	case direct.Resembles && (!swapped.Resembles || direct.Score >= swapped.Score):
		return direct
	case swapped.Resembles:
		return swapped
	case swapped.Score > direct.Score:
		return swapped
	}
	return direct
}

func (sc *scratch) reset() {
	sc.probes = sc.probes[:0]
	sc.ints = sc.ints[:0]
	sc.cands = sc.cands[:0]
	sc.reached = 0
	sc.epoch++
	if sc.epoch == 0 {
		clear(sc.seen)
		sc.epoch = 1
	}
	sc.cache.reset()
}

// probe returns the index of the probe for word s in role r, adding it.
func (ix *Index) probe(sc *scratch, s string, r role) int {
	for i := range sc.probes {
		if sc.probes[i].s == s && sc.probes[i].role == r {
			return i
		}
	}
	p := probe{s: s, role: r, runes: utf8.RuneCountInString(s), ascii: isASCII(s), tok: ix.tokID[s]}
	if p.ascii {
		p.hist = letterCounts(s)
	}
	if p.runes >= 2 {
		c1, c2 := matchr.DoubleMetaphone(s)
		p.codes[0] = ix.codeID[c1]
		if c2 != c1 {
			p.codes[1] = ix.codeID[c2]
		}
	}
	if r == roleGiven {
		if groups := nicknameIndex[s]; len(groups) > 0 {
			n := 0
			for _, g := range groups {
				n += len(nicknameSets[g])
			}
			p.nick = make([]uint32, 0, n)
		}
		for _, g := range nicknameIndex[s] {
			for _, n := range nicknameSets[g] {
				if t, ok := ix.tokID[n]; ok && n != s && !slices.Contains(p.nick, t) {
					p.nick = append(p.nick, t)
				}
			}
		}
	}
	sc.probes = append(sc.probes, p)
	return len(sc.probes) - 1
}

// prepare builds the query's probes in both orientations.
func (ix *Index) prepare(sc *scratch, p parsed) {
	sig := p.significant()
	mids := append(slices.Clone(p.given[min(1, len(p.given)):]), p.middle...)
	probes := func(words []string, r role) []int {
		start := len(sc.ints)
		for _, w := range words {
			sc.ints = append(sc.ints, ix.probe(sc, w, r))
		}
		return sc.ints[start:len(sc.ints):len(sc.ints)]
	}
	joinedProbe := func(r role, parts ...[]string) int {
		n := 0
		for _, ws := range parts {
			n += len(ws)
		}
		if n == 0 {
			return -1
		}
		var b strings.Builder
		for _, ws := range parts {
			for _, w := range ws {
				b.WriteString(w)
			}
		}
		return ix.probe(sc, b.String(), r)
	}
	d := &sc.sides[0]
	*d = side{
		given: probes(p.given, roleGiven), middle: probes(mids, roleGiven),
		sur: probes(p.surname, roleSurname), sig: probes(sig, roleSurname),
		surJ: joinedProbe(roleSurname, p.surname), givJ: joinedProbe(roleGiven, p.given),
		gmJ:       joinedProbe(roleGiven, p.given, fullWords(p.middle)),
		givenText: strings.Join(p.given, " "), middleText: strings.Join(mids, " "), surText: strings.Join(p.surname, " "),
		wholeJ: -1,
	}
	if len(p.surname) == 1 {
		d.rests = probes(gluedRests(p.surname[0]), roleSurname)
	}
	// Swapped: the surname words (without particles and initials) are
	// given names, and the given-name field is the surname, all of it:
	// a compound or a surname with particles typed as the first name
	// ("Al-Zahrani", "De la Cruz", "van der Berg", "Garcia Lopez") is one
	// surname, its particles marked as in the surname field. The middle
	// names stay middles.
	var swapGiven []string
	for _, w := range sig {
		if utf8.RuneCountInString(w) > 1 {
			swapGiven = append(swapGiven, w)
		}
	}
	swapSig := func() []int {
		start := len(sc.ints)
		for i, w := range p.given {
			if !isParticleAt(p.given, i) {
				sc.ints = append(sc.ints, ix.probe(sc, w, roleSurname))
			}
		}
		return sc.ints[start:len(sc.ints):len(sc.ints)]
	}
	s := &sc.sides[1]
	*s = side{
		swapped: true,
		given:   probes(swapGiven, roleGiven), middle: probes(p.middle, roleGiven),
		sur: probes(p.given, roleSurname), sig: swapSig(),
		surJ: joinedProbe(roleSurname, p.given), givJ: joinedProbe(roleGiven, swapGiven),
		gmJ:       joinedProbe(roleGiven, swapGiven, fullWords(p.middle)),
		givenText: strings.Join(swapGiven, " "), middleText: strings.Join(p.middle, " "), surText: strings.Join(p.given, " "),
		wholeJ: d.surJ,
	}
	// No glued readings of a one-word given name: read as a surname,
	// Daniel would be a Niel and Stephen an Ephen.
}

// collect gathers the candidate entries of the query from the keys.
func (ix *Index) collect(sc *scratch, mode Mode) {
	sc.mode = mode
	d, s := &sc.sides[0], &sc.sides[1]
	if mode == ModeExact {
		if t, ok := ix.tokID[sc.probes[d.surJ].s]; ok {
			ix.addPostings(sc, &ix.surnames, t, routeDirect)
		}
		if s.givJ >= 0 && len(s.sur) > 0 {
			if t, ok := ix.tokID[sc.probes[s.givJ].s]; ok {
				ix.addPostings(sc, &ix.givens, t, routeSwapped)
			}
		}
		return
	}
	keys := slices.Clone(d.sig)
	if len(d.sur) > 1 {
		keys = append(keys, d.surJ)
	}
	keys = append(keys, d.rests...)
	for _, k := range keys {
		for _, t := range ix.neighbours(sc, k) {
			if sc.sim(ix, k, t).score >= MinLast {
				ix.addPostings(sc, &ix.surnames, t, routeDirect)
			}
		}
	}
	// Swapped: the query's surname words as given names.
	if len(s.sur) > 0 {
		skeys := slices.Clone(s.given)
		if len(s.given) > 1 {
			skeys = append(skeys, s.givJ)
		}
		for _, k := range skeys {
			for _, t := range ix.neighbours(sc, k) {
				if sc.sim(ix, k, t).score >= MinLast {
					ix.addPostings(sc, &ix.givens, t, routeSwapped)
				}
			}
		}
	}
	// A surname printed as a middle name, on either side.
	for _, k := range d.sig {
		if t, ok := ix.tokID[sc.probes[k].s]; ok {
			ix.addPostings(sc, &ix.middles, t, routeDirect)
		}
	}
	for _, k := range d.middle {
		if sc.probes[k].runes > 1 {
			if t, ok := ix.tokID[sc.probes[k].s]; ok {
				ix.addPostings(sc, &ix.surnames, t, routeDirect)
			}
		}
	}
}

// addPostings adds the entries of a key's postings that may agree by their
// aux word: routeDirect (surname or middle postings) tests each entry's
// givenKey against the query's given name, routeSwapped (given-name
// postings) its surnameKey against the query's given name read as a
// surname. An entry marked needsEntry is always added.
func (ix *Index) addPostings(sc *scratch, p *postings, key uint32, route uint8) {
	entries, aux := p.getAux(key)
	sc.reached += len(entries)
	for i, e := range entries {
		// The route's test is picked here, not in a helper: that call
		// would not inline, and this loop runs for every entry reached.
		if w := aux[i]; w&needsEntry == 0 {
			if route == routeSwapped {
				if !ix.swappedSurnameMayAgree(sc, w) {
					continue
				}
			} else if !ix.firstMayAgree(sc, w) {
				continue
			}
		}
		sc.add(e, route)
	}
}

// swappedSurnameMayAgree reports whether an entry whose surname is the
// single plain word t may agree with the query's given-name field read as
// a surname: one of its words or its joined form agrees (lastScore's ways
// to reach MinLast for a one-word surname without glued readings; the
// swapped side has none of its own).
func (ix *Index) swappedSurnameMayAgree(sc *scratch, t uint32) bool {
	o := &sc.sides[1]
	exact := sc.mode == ModeExact
	for _, k := range o.sig {
		if v := sc.sim(ix, k, t); v.score >= MinLast && (!exact || v.rc == rcExact) {
			return true
		}
	}
	if len(o.sur) > 1 {
		j := &sc.probes[o.surJ]
		if j.tok == t {
			return true
		}
		if !exact && max(j.runes, int(ix.toks[t].runes)) >= 4 && withinOneEdit(j.s, ix.vocab[t]) {
			return true
		}
	}
	return false
}

// firstMayAgree reports whether an entry whose given name is the single
// word g, without middle names, passes the first-name part: firstScore's
// decision, for every entry sharing g at once.
func (ix *Index) firstMayAgree(sc *scratch, g uint32) bool {
	key := uint64(firstKeySlot)<<32 | uint64(g)
	if v, ok := sc.cache.get(key); ok {
		return v.score > 0
	}
	one := [1]uint32{g}
	v := ix.firstScore(sc, &sc.sides[0], one[:], nil, g, g)
	ok := v.score >= MinFirst && (sc.mode != ModeExact || v.rc == rcExact || v.rc == rcJoined)
	if ok {
		sc.cache.put(key, sim{1, rcExact})
	} else {
		sc.cache.put(key, sim{0, rcDifferent})
	}
	return ok
}

// firstKeySlot is the cache slot of firstMayAgree, beyond any probe.
const firstKeySlot = 1 << 20

func (sc *scratch) add(e uint32, route uint8) {
	if sc.seen[e] != sc.epoch {
		sc.seen[e] = sc.epoch
		sc.flags[e] = route
		sc.cands = append(sc.cands, e)
	} else {
		sc.flags[e] |= route
	}
}

// neighbours returns the indexed words that may resemble probe k: the
// word itself, words with its phonetic keys, its nicknames (given names)
// and words sharing a deletion key.
func (ix *Index) neighbours(sc *scratch, k int) []uint32 {
	p := &sc.probes[k]
	sc.nbrs = sc.nbrs[:0]
	sc.tokEpoch++
	if sc.tokEpoch == 0 {
		clear(sc.tokSeen)
		sc.tokEpoch = 1
	}
	add := func(t uint32) {
		if sc.tokSeen[t] != sc.tokEpoch {
			sc.tokSeen[t] = sc.tokEpoch
			sc.nbrs = append(sc.nbrs, t)
		}
	}
	if t, ok := ix.tokID[p.s]; ok {
		add(t)
	}
	for _, c := range p.codes {
		if c != 0 {
			for _, t := range ix.codeToks.get(c) {
				add(t)
			}
		}
	}
	for _, t := range p.nick {
		add(t)
	}
	forEachKey(p.s, func(h uint64) {
		i, _ := slices.BinarySearch(ix.delKeys, h)
		for ; i < len(ix.delKeys) && ix.delKeys[i] == h; i++ {
			add(ix.delToks[i])
		}
	})
	return sc.nbrs
}

// sim compares probe k with token t, through the search's cache.
func (sc *scratch) sim(ix *Index, k int, t uint32) sim {
	if sc.probes[k].tok == t {
		return sim{ScoreExact, rcExact}
	}
	key := uint64(k)<<32 | uint64(t)
	if v, ok := sc.cache.get(key); ok {
		return v
	}
	p := &sc.probes[k]
	var v sim
	if p.role == roleGiven && slices.Contains(p.nick, t) {
		v = sim{ScoreNickname, rcNickname}
	} else {
		v = compareWords(p, ix.vocab[t], &ix.toks[t])
	}
	sc.cache.put(key, v)
	return v
}

// better keeps the higher score, the first on a tie.
func better(a, b sim) sim {
	if b.score > a.score {
		return b
	}
	return a
}

// lastScore compares the query's surname (side o) with entry c's; first
// is how the given names agreed (see surnameInMiddle).
func (ix *Index) lastScore(sc *scratch, o *side, e *entry, first sim) sim {
	es := e.surname(ix.arena)
	if len(o.sur) == len(es) {
		equal := true
		for i, t := range es {
			if sc.probes[o.sur[i]].tok != t {
				equal = false
				break
			}
		}
		if equal {
			return sim{ScoreExact, rcExact}
		}
	}
	if o.surJ >= 0 && sc.probes[o.surJ].tok == e.surJ {
		return sim{ScoreJoined, rcJoined}
	}
	var esigBuf [maxWords]uint32
	esig := esigBuf[:0]
	for i, t := range es {
		if e.particles&(1<<i) == 0 {
			esig = append(esig, t)
		}
	}
	best := sim{}
	switch {
	case len(o.sig) == 1 && len(esig) == 1:
		best = sc.sim(ix, o.sig[0], esig[0])
		if best.rc == rcExact {
			// Same word, different particles ("Cruz", "de la Cruz").
			best = sim{ScoreCompoundPart, rcCompoundPart}
		}
	case len(o.sig) > 0 && len(esig) > 0:
		best = ix.containment(sc, o.sig, esig)
	}
	// Compounds written differently and misspelt ("GarciaLopes", "Garcia
	// Lopez"): one edit apart once joined. Not phonetic keys or
	// Jaro-Winkler: on joined words they see only the first part
	// (Bradley-Russell and Bradley-Smith share a Double Metaphone key).
	if best.score < ScoreOneEdit && (len(o.sur) > 1 || len(es) > 1) {
		if qj, ej := &sc.probes[o.surJ], &ix.toks[e.surJ]; max(qj.runes, int(ej.runes)) >= 4 && withinOneEdit(qj.s, ix.vocab[e.surJ]) {
			best = sim{ScoreOneEdit, rcOneEdit}
		}
	}
	// A glued surname against the other side's words ("DelaCruz", "Cruz").
	for _, r := range o.rests {
		for _, t := range esig {
			if v := sc.sim(ix, r, t); v.score >= MinLast {
				best = better(best, sim{ScoreCompoundPart * v.score, rcCompoundPart})
			}
		}
	}
	for _, rt := range e.rests(ix.arena) {
		for _, k := range o.sig {
			if v := sc.sim(ix, k, rt); v.score >= MinLast {
				best = better(best, sim{ScoreCompoundPart * v.score, rcCompoundPart})
			}
		}
	}
	if best.score < ScoreSurnameInMiddle && ix.surnameInMiddle(sc, o, e, esig, first) {
		best = sim{ScoreSurnameInMiddle, rcSurnameInMiddle}
	}
	return best
}

// containment compares compound surnames word by word: every word of the
// side with fewer words must agree with a distinct word of the other.
// The same words in the same order are as good as their weakest word;
// otherwise the result is a compound_part.
func (ix *Index) containment(sc *scratch, q []int, es []uint32) sim {
	// Each word of the shorter side takes the best unused word of the
	// longer; swapped says the shorter side is the entry's.
	short, long := len(q), len(es)
	swapped := short > long
	if swapped {
		short, long = long, short
	}
	var used uint8
	weakest := sim{ScoreExact, rcExact}
	inOrder := len(q) == len(es)
	for i := range short {
		bi, bv := -1, sim{}
		for j := range long {
			if used&(1<<j) != 0 {
				continue
			}
			k, t := i, j
			if swapped {
				k, t = j, i
			}
			if v := sc.sim(ix, q[k], es[t]); v.score >= MinLast && v.score > bv.score {
				bi, bv = j, v
			}
		}
		if bi < 0 {
			return sim{}
		}
		used |= 1 << bi
		inOrder = inOrder && bi == i
		if bv.score < weakest.score {
			weakest = bv
		}
	}
	if inOrder && weakest.rc != rcExact {
		return weakest
	}
	return sim{ScoreCompoundPart * weakest.score, rcCompoundPart}
}

// surnameInMiddle reports whether one side's surname words all appear,
// exactly, among the other side's middle and surname words, at least one
// of them as a middle name ("Maria Garcia" and "Maria Garcia Lopez" with
// Garcia as a middle name). Initials never count.
//
// The other side's own surname is then left out of the comparison, so
// more must agree for it to count:
//   - the given names agree by the same word (exact, joined, nickname, or
//     known by the middle name), not by spelling alone: Michelle and
//     MICHAEL SCOTT WEST share only a sound and one word placed elsewhere;
//   - the words found as middle names are not all common middle names
//     (commonMiddleNames: Lee, Ray, Jean, Kumar…), unless a word was also
//     found in the surname itself or another middle name agrees too:
//     "Matthew Lee" is not every MATTHEW LEE <surname>, while "Maria
//     Garcia" is MARIA GARCIA LOPEZ and "Matthew James Lee" may be
//     MATTHEW JAMES LEE OLSON.
func (ix *Index) surnameInMiddle(sc *scratch, o *side, e *entry, esig []uint32, first sim) bool {
	if o.swapped {
		return false
	}
	switch first.rc {
	case rcExact, rcJoined, rcNickname, rcMiddleAsFirst:
	default:
		return false
	}
	em := e.middle(ix.arena)
	if len(em) > 0 && len(o.sig) > 0 {
		var used uint32 // listed middle words standing for the surname
		inMiddle, inSurname, plausible, all := false, false, false, true
		for _, k := range o.sig {
			p := &sc.probes[k]
			if p.runes < 2 {
				return false
			}
			found := false
			for i, t := range em {
				if p.tok != 0 && t == p.tok {
					found, inMiddle = true, true
					used |= 1 << i
					plausible = plausible || !ix.toks[t].middle
					break
				}
			}
			for _, t := range esig {
				if !found && p.tok != 0 && t == p.tok {
					found, inSurname = true, true
				}
			}
			if !found {
				all = false
				break
			}
		}
		if all && inMiddle && (inSurname || plausible || ix.middlesAgree(sc, o.middle, 0, em, used)) {
			return true
		}
	}
	if len(o.middle) > 0 && len(esig) > 0 {
		var used uint32 // query middle words standing for the surname
		inMiddle, inSurname, plausible := false, false, false
		for _, t := range esig {
			if ix.toks[t].runes < 2 {
				return false
			}
			found := false
			for i, k := range o.middle {
				if sc.probes[k].tok == t {
					found, inMiddle = true, true
					used |= 1 << i
					plausible = plausible || !ix.toks[t].middle
					break
				}
			}
			for _, k := range o.sig {
				if !found && sc.probes[k].tok == t {
					found, inSurname = true, true
				}
			}
			if !found {
				return false
			}
		}
		return inMiddle && (inSurname || plausible || ix.middlesAgree(sc, o.middle, used, em, 0))
	}
	return false
}

// middlesAgree reports whether a query middle name and a listed one, full
// words both and neither among those set aside (bits of qUsed, eUsed),
// agree exactly or as nicknames.
func (ix *Index) middlesAgree(sc *scratch, qm []int, qUsed uint32, em []uint32, eUsed uint32) bool {
	for i, k := range qm {
		if qUsed&(1<<i) != 0 || sc.probes[k].runes < 2 {
			continue
		}
		for j, t := range em {
			if eUsed&(1<<j) != 0 || ix.toks[t].runes < 2 {
				continue
			}
			if sc.sim(ix, k, t).score >= ScoreNickname {
				return true
			}
		}
	}
	return false
}

// firstScore compares the query's given names (side o) with an entry's:
// its given words eg, middle words em (given words after the first, then
// middle names) and joined forms givJ and gmJ.
func (ix *Index) firstScore(sc *scratch, o *side, eg, em []uint32, givJ, gmJ uint32) sim {
	if o.swapped && (len(o.given) == 0 || len(eg) == 0) {
		return sim{0, rcDifferent}
	}
	if len(o.given) == 0 || len(eg) == 0 {
		return sim{ScoreMissingFirst, rcMissing}
	}
	best := sc.sim(ix, o.given[0], eg[0])
	if best.rc == rcExact {
		return best
	}
	// Names written together on one side ("MaryAnn", "Mary Ann").
	if len(o.given) > 1 || len(o.middle) > 0 || len(eg) > 1 || len(em) > 0 {
		for _, k := range [2]int{o.givJ, o.gmJ} {
			if k < 0 {
				continue
			}
			if t := sc.probes[k].tok; t != 0 && (t == givJ || t == gmJ) {
				return sim{ScoreJoined, rcJoined}
			}
		}
		// The short form of two given names ("Chema" for José María).
		if best.score < ScoreNickname {
			for _, t := range [2]uint32{givJ, gmJ} {
				if t != 0 && t != eg[0] && slices.Contains(sc.probes[o.given[0]].nick, t) {
					return sim{ScoreNickname, rcNickname}
				}
			}
			for _, k := range [2]int{o.givJ, o.gmJ} {
				if k >= 0 && k != o.given[0] && slices.Contains(sc.probes[k].nick, eg[0]) {
					return sim{ScoreNickname, rcNickname}
				}
			}
		}
	}
	if o.swapped {
		// The listed given field read as a surname ("AL-ZAHRANI" printed
		// as the given name): all of it joined is the query's surname
		// joined, or its particles need not agree, as in the surname part,
		// and the word after them agrees as one part of it.
		if o.wholeJ >= 0 && len(eg) > 1 && sc.probes[o.wholeJ].tok != 0 && sc.probes[o.wholeJ].tok == givJ {
			return sim{ScoreJoined, rcJoined}
		}
		if ix.toks[eg[0]].particle && best.score < ScoreCompoundPart {
			for _, t := range eg[1:] {
				if ix.toks[t].particle {
					continue
				}
				if v := sc.sim(ix, o.given[0], t); v.score >= MinLast {
					best = better(best, sim{ScoreCompoundPart * v.score, rcCompoundPart})
				}
				break
			}
		}
		return best
	}
	if best.score >= ScoreMiddleAsFirst {
		return best
	}
	// Known by a middle name (not by an initial).
	for _, t := range em {
		if ix.toks[t].runes > 1 && sc.sim(ix, o.given[0], t).score >= ScoreOneEdit {
			return sim{ScoreMiddleAsFirst, rcMiddleAsFirst}
		}
	}
	if ix.toks[eg[0]].runes > 1 {
		for _, k := range o.middle {
			if sc.probes[k].runes > 1 && sc.sim(ix, k, eg[0]).score >= ScoreOneEdit {
				return sim{ScoreMiddleAsFirst, rcMiddleAsFirst}
			}
		}
	}
	return best
}

// middleScore compares middle names, without words that belong to the
// other side's surname. It is a conflict when both sides have middle names
// and no initial of one side's is among the other's.
func (ix *Index) middleScore(sc *scratch, o *side, e *entry, first sim) sim {
	if first.rc == rcMiddleAsFirst {
		return sim{0, rcNotCompared}
	}
	es := e.surname(ix.arena)
	var qmBuf [maxWords]int
	qm := qmBuf[:0]
	for _, k := range o.middle {
		inSurname := false
		for _, t := range es {
			inSurname = inSurname || ix.vocab[t] == sc.probes[k].s
		}
		if !inSurname {
			qm = append(qm, k)
		}
	}
	var emBuf [maxWords]uint32
	em := emBuf[:0]
	for _, t := range e.middle(ix.arena) {
		inSurname := false
		for _, k := range o.sur {
			inSurname = inSurname || ix.vocab[t] == sc.probes[k].s
		}
		if !inSurname {
			em = append(em, t)
		}
	}
	if len(qm) == 0 || len(em) == 0 {
		return sim{0, rcMissing}
	}
	shared := false
	best := sim{}
	for _, k := range qm {
		a, _ := utf8.DecodeRuneInString(sc.probes[k].s)
		for _, t := range em {
			b, _ := utf8.DecodeRuneInString(ix.vocab[t])
			if a == b {
				shared = true
			}
			best = better(best, sc.sim(ix, k, t))
		}
	}
	if !shared {
		return sim{0, rcConflict}
	}
	if best.score < MinLast {
		return sim{0, rcDifferent}
	}
	return best
}

// score compares side o of the query with entry c; ok when it resembles.
// Unless explain is set, an entry that does not resemble is not explained.
func (ix *Index) score(sc *scratch, o *side, c uint32, mode Mode, explain bool) (Explanation, bool) {
	e := &ix.entries[c]
	var x Explanation
	if len(o.sur) == 0 {
		return x, false
	}
	// The given name first: for a common surname it rejects most
	// candidates at the cost of one cached comparison.
	first := ix.firstScore(sc, o, e.given(ix.arena), e.middle(ix.arena), e.givJ, e.gmJ)
	exactFirst := first.rc == rcExact || first.rc == rcJoined
	if !explain && (first.score < MinFirst || mode == ModeExact && !exactFirst) {
		return x, false
	}
	last := ix.lastScore(sc, o, e, first)
	total := WeightLast*last.score + WeightFirst*first.score
	var ok bool
	if mode == ModeExact {
		ok = (last.rc == rcExact || last.rc == rcJoined) && exactFirst
	} else {
		ok = last.score >= MinLast && first.score >= MinFirst && total >= Threshold-1e-9
	}
	if !ok && !explain {
		return x, false
	}
	middle := ix.middleScore(sc, o, e, first)
	x = Explanation{
		Score:     round3(total),
		Resembles: ok,
		First:     PartScore{Reason: reasonNames[first.rc], Score: round3(first.score), Query: o.givenText, Listed: ix.text(e.given(ix.arena)[:min(1, int(e.nGiven))])},
		Middle:    PartScore{Reason: reasonNames[middle.rc], Score: round3(middle.score), Query: o.middleText, Listed: ix.text(e.middle(ix.arena))},
		Last:      PartScore{Reason: reasonNames[last.rc], Score: round3(last.score), Query: o.surText, Listed: ix.text(e.surname(ix.arena))},
	}
	return x, ok
}

func (ix *Index) text(words []uint32) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return ix.vocab[words[0]]
	}
	var b strings.Builder
	for i, t := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(ix.vocab[t])
	}
	return b.String()
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// simCache memoises word comparisons within one search: an open-addressing
// table whose slots belong to the search that stamped them, so a new
// search starts empty without clearing.
type simCache struct {
	keys  []uint64
	vals  []sim
	stamp []uint32
	epoch uint32
	n     int
}

func newSimCache(size int) simCache {
	return simCache{keys: make([]uint64, size), vals: make([]sim, size), stamp: make([]uint32, size)}
}

func (c *simCache) reset() {
	c.n = 0
	c.epoch++
	if c.epoch == 0 {
		clear(c.stamp)
		c.epoch = 1
	}
}

func (c *simCache) slot(key uint64) int {
	h := key * 0x9E3779B97F4A7C15
	return int(h >> 32 & uint64(len(c.keys)-1))
}

func (c *simCache) get(key uint64) (sim, bool) {
	for i := c.slot(key); ; i = (i + 1) & (len(c.keys) - 1) {
		if c.stamp[i] != c.epoch {
			return sim{}, false
		}
		if c.keys[i] == key {
			return c.vals[i], true
		}
	}
}

func (c *simCache) put(key uint64, v sim) {
	if 2*(c.n+1) > len(c.keys) {
		c.grow()
	}
	i := c.slot(key)
	for c.stamp[i] == c.epoch && c.keys[i] != key {
		i = (i + 1) & (len(c.keys) - 1)
	}
	if c.stamp[i] != c.epoch {
		c.n++
	}
	c.stamp[i], c.keys[i], c.vals[i] = c.epoch, key, v
}

func (c *simCache) grow() {
	old := *c
	*c = newSimCache(2 * len(old.keys))
	c.epoch = 1
	for i, s := range old.stamp {
		if s == old.epoch {
			c.put(old.keys[i], old.vals[i])
		}
	}
}
