package namematch

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/antzucaro/matchr"
)

// Variant is one name to index (a listed person's name or one of their
// aliases) with the caller's id for it.
type Variant struct {
	ID   uint32
	Name Name
}

// Index finds, among many names, the ones that resemble a query, without
// scanning them: candidates come from keys (words, Double Metaphone keys
// and one-deletion neighbourhoods) and only candidates are scored.
//
// An Index is immutable once built and safe for concurrent use.
type Index struct {
	vocab    []string          // token id → word; id 0 is the empty word
	tokID    map[string]uint32 // word → token id
	toks     []tokInfo         // token id → what comparisons need of it
	codeID   map[string]uint32 // Double Metaphone key → id (from 1)
	codeToks postings          // phonetic key id → token ids

	// delKeys and delToks are parallel, sorted by key: the hash of every
	// word of 3+ letters and of each of its one-letter deletions (words of
	// 4+ letters), with the word's token id. Two words within one edit
	// share a key (symmetric deletion).
	delKeys []uint64
	delToks []uint32

	surnames postings // token → entries whose surname it keys
	givens   postings // token → entries whose given name it keys
	middles  postings // token → entries whose middle names hold it

	entries []entry
	arena   []uint32 // entries' words: given…, middle…, surname…
	ids     []uint32 // entry → caller's id

	scratch sync.Pool // *scratch, per-search working memory
}

// postings maps a key id to a list, in compressed sparse rows. Postings
// of entries carry, in aux, the one word of the entry's other part that
// decides most comparisons (see entryKey), so that a search rejects most
// candidates without reading the entry itself: for common names, reading
// thousands of entries scattered in memory costs more than all the rest.
type postings struct {
	off  []uint32
	list []uint32
	aux  []uint32
}

func (p *postings) get(key uint32) []uint32 {
	if int(key)+1 >= len(p.off) {
		return nil
	}
	return p.list[p.off[key]:p.off[key+1]]
}

func (p *postings) getAux(key uint32) ([]uint32, []uint32) {
	if int(key)+1 >= len(p.off) {
		return nil, nil
	}
	return p.list[p.off[key]:p.off[key+1]], p.aux[p.off[key]:p.off[key+1]]
}

// buildPostings turns (key, value) pairs into postings over keys [0, n),
// with aux(value) beside each value when aux is given.
func buildPostings(n int, pairs [][2]uint32, aux func(uint32) uint32) postings {
	off := make([]uint32, n+1)
	for _, p := range pairs {
		off[p[0]+1]++
	}
	for i := 1; i <= n; i++ {
		off[i] += off[i-1]
	}
	list := make([]uint32, len(pairs))
	var auxs []uint32
	if aux != nil {
		auxs = make([]uint32, len(pairs))
	}
	next := slices.Clone(off[:n])
	for _, p := range pairs {
		i := next[p[0]]
		list[i] = p[1]
		if aux != nil {
			auxs[i] = aux(p[1])
		}
		next[p[0]]++
	}
	return postings{off: off, list: list, aux: auxs}
}

// needsEntry in an aux word: the entry's part is not a single plain word,
// so only the entry itself can decide.
const needsEntry = 1 << 31

// givenKey is the aux word of an entry's surname and middle postings:
// its given name when that is one word and the entry has no full middle
// name, so that the given name alone decides the first-name part.
func (ix *Index) givenKey(c uint32) uint32 {
	e := &ix.entries[c]
	if e.nGiven != 1 || e.givJ != e.gmJ {
		return needsEntry
	}
	return e.given(ix.arena)[0]
}

// surnameKey is the aux word of an entry's given-name postings: its
// surname when that is one plain word.
func (ix *Index) surnameKey(c uint32) uint32 {
	e := &ix.entries[c]
	if e.nSur != 1 || e.nRest != 0 {
		return needsEntry
	}
	return e.surname(ix.arena)[0]
}

// maxWords caps the words kept per part of a name.
const maxWords = 8

// entry is one indexed name.
type entry struct {
	off                          uint32
	nGiven, nMiddle, nSur, nRest uint8
	particles                    uint8  // bit i: surname word i is a particle
	surJ, givJ, gmJ              uint32 // joined surname, joined given names, joined given and middle names (not initials)
}

func (e *entry) given(a []uint32) []uint32 { return a[e.off : e.off+uint32(e.nGiven)] }

// middle returns the middle names including given names after the first
// ("Mary Ann": Ann).
func (e *entry) middle(a []uint32) []uint32 {
	if e.nGiven == 0 {
		return a[e.off : e.off+uint32(e.nMiddle)]
	}
	return a[e.off+1 : e.off+uint32(e.nGiven)+uint32(e.nMiddle)]
}

func (e *entry) surname(a []uint32) []uint32 {
	s := e.off + uint32(e.nGiven) + uint32(e.nMiddle)
	return a[s : s+uint32(e.nSur)]
}

// rests returns the readings of a glued one-word surname without its
// particles (gluedRests).
func (e *entry) rests(a []uint32) []uint32 {
	s := e.off + uint32(e.nGiven) + uint32(e.nMiddle) + uint32(e.nSur)
	return a[s : s+uint32(e.nRest)]
}

// NewIndex indexes names. Names without any word are skipped.
func NewIndex(variants []Variant) *Index {
	b := indexBuilder{ix: &Index{tokID: make(map[string]uint32, len(variants)), codeID: map[string]uint32{}}}
	b.ix.vocab = append(b.ix.vocab, "")
	b.ix.entries = make([]entry, 0, len(variants))
	b.ix.ids = make([]uint32, 0, len(variants))
	b.ix.arena = make([]uint32, 0, 3*len(variants))
	for _, v := range variants {
		p := parseScreening(v.Name)
		if p.empty() {
			continue
		}
		b.add(v.ID, p)
	}
	b.finish()
	return b.ix
}

type indexBuilder struct {
	ix                      *Index
	surPairs, givPairs, mid [][2]uint32
	join                    []byte
}

func (b *indexBuilder) intern(s string) uint32 {
	if id, ok := b.ix.tokID[s]; ok {
		return id
	}
	s = strings.Clone(s)
	id := uint32(len(b.ix.vocab))
	b.ix.vocab = append(b.ix.vocab, s)
	b.ix.tokID[s] = id
	return id
}

func (b *indexBuilder) joined(parts ...[]string) uint32 {
	b.join = b.join[:0]
	for _, p := range parts {
		for _, w := range p {
			b.join = append(b.join, w...)
		}
	}
	if len(b.join) == 0 {
		return 0
	}
	if id, ok := b.ix.tokID[string(b.join)]; ok {
		return id
	}
	return b.intern(string(b.join))
}

func (b *indexBuilder) add(id uint32, p parsed) {
	ix := b.ix
	p.given, p.middle = p.given[:min(len(p.given), maxWords)], p.middle[:min(len(p.middle), maxWords)]
	if len(p.surname) > maxWords {
		p.surname, p.particle = p.surname[len(p.surname)-maxWords:], p.particle[len(p.particle)-maxWords:]
	}
	n := uint32(len(ix.entries))
	e := entry{off: uint32(len(ix.arena)), nGiven: uint8(len(p.given)), nMiddle: uint8(len(p.middle)), nSur: uint8(len(p.surname))}
	for _, w := range p.given {
		t := b.intern(w)
		ix.arena = append(ix.arena, t)
		if len(w) > 1 {
			b.givPairs = append(b.givPairs, [2]uint32{t, n})
		}
	}
	for _, w := range p.middle {
		t := b.intern(w)
		ix.arena = append(ix.arena, t)
		if len(w) > 1 {
			b.mid = append(b.mid, [2]uint32{t, n})
		}
	}
	for i, w := range p.surname {
		t := b.intern(w)
		ix.arena = append(ix.arena, t)
		if p.particle[i] {
			e.particles |= 1 << i
		} else {
			b.surPairs = append(b.surPairs, [2]uint32{t, n})
		}
	}
	e.surJ = b.joined(p.surname)
	if len(p.surname) > 1 {
		b.surPairs = append(b.surPairs, [2]uint32{e.surJ, n})
	} else {
		for _, rest := range gluedRests(p.surname[0]) {
			t := b.intern(rest)
			ix.arena = append(ix.arena, t)
			e.nRest++
			b.surPairs = append(b.surPairs, [2]uint32{t, n})
		}
	}
	e.givJ = b.joined(p.given)
	if len(p.given) > 1 {
		b.givPairs = append(b.givPairs, [2]uint32{e.givJ, n})
	}
	e.gmJ = b.joined(p.given, fullWords(p.middle))
	ix.entries = append(ix.entries, e)
	ix.ids = append(ix.ids, id)
}

func (b *indexBuilder) finish() {
	ix := b.ix
	n := len(ix.vocab)
	ix.surnames = buildPostings(n, dedupePairs(b.surPairs), ix.givenKey)
	ix.givens = buildPostings(n, dedupePairs(b.givPairs), ix.surnameKey)
	ix.middles = buildPostings(n, dedupePairs(b.mid), ix.givenKey)
	b.surPairs, b.givPairs, b.mid = nil, nil, nil

	// Phonetic keys of every word.
	ix.toks = make([]tokInfo, n)
	var codePairs [][2]uint32
	codeOf := func(c string) uint32 {
		if c == "" {
			return 0
		}
		id, ok := ix.codeID[c]
		if !ok {
			id = uint32(len(ix.codeID) + 1)
			ix.codeID[c] = id
		}
		return id
	}
	for t := 1; t < n; t++ {
		w := ix.vocab[t]
		ix.toks[t] = newTokInfo(w)
		if ix.toks[t].runes < 2 {
			continue
		}
		p, a := matchr.DoubleMetaphone(w)
		c := [2]uint32{codeOf(p), 0}
		if a != p {
			c[1] = codeOf(a)
		}
		ix.toks[t].codes = c
		for _, id := range c {
			if id != 0 {
				codePairs = append(codePairs, [2]uint32{id, uint32(t)})
			}
		}
	}
	ix.codeToks = buildPostings(len(ix.codeID)+1, codePairs, nil)

	// Symmetric deletion neighbourhood.
	type del struct {
		h uint64
		t uint32
	}
	dels := make([]del, 0, 8*n)
	for t := 1; t < n; t++ {
		w := ix.vocab[t]
		forEachKey(w, func(h uint64) { dels = append(dels, del{h, uint32(t)}) })
	}
	slices.SortFunc(dels, func(a, b del) int {
		if c := cmp.Compare(a.h, b.h); c != 0 {
			return c
		}
		return cmp.Compare(a.t, b.t)
	})
	dels = slices.Compact(dels)
	ix.delKeys = make([]uint64, len(dels))
	ix.delToks = make([]uint32, len(dels))
	for i, d := range dels {
		ix.delKeys[i], ix.delToks[i] = d.h, d.t
	}
}

// fullWords drops initials.
func fullWords(ws []string) []string {
	var out []string
	for _, w := range ws {
		if utf8.RuneCountInString(w) > 1 {
			out = append(out, w)
		}
	}
	return out
}

func dedupePairs(p [][2]uint32) [][2]uint32 {
	// Pairs of one entry are appended together, so duplicates are adjacent
	// once sorted by entry then key; postings keep entries in order.
	slices.SortFunc(p, func(a, b [2]uint32) int {
		if c := cmp.Compare(a[1], b[1]); c != 0 {
			return c
		}
		return cmp.Compare(a[0], b[0])
	})
	return slices.Compact(p)
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func fnvAdd(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

// forEachKey calls fn with the deletion keys of a word: the word itself
// when it has 3+ letters, and each one-letter deletion when it has 4+.
func forEachKey(w string, fn func(uint64)) {
	runes := utf8.RuneCountInString(w)
	if runes < 3 {
		return
	}
	fn(fnvAdd(fnvOffset, w))
	if runes < 4 {
		return
	}
	prev := -1
	for i, r := range w {
		size := utf8.RuneLen(r)
		// Deleting either letter of a double letter gives the same word.
		if prev >= 0 && w[prev:i] == w[i:i+size] {
			prev = i
			continue
		}
		prev = i
		fn(fnvAdd(fnvAdd(fnvOffset, w[:i]), w[i+size:]))
	}
}

// Len is the number of names indexed.
func (ix *Index) Len() int { return len(ix.entries) }

// Words is the number of distinct words indexed.
func (ix *Index) Words() int { return len(ix.vocab) - 1 }
