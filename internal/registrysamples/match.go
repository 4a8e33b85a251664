package registrysamples

import (
	"strings"
	"time"

	"github.com/clearedtostart/compliance/registry"
)

// The labelled cases must be decidable: a positive names exactly one
// listed individual, a negative none. The generator checks that with the
// deliberately broad notion of "could be the same name" the package
// documentation defines, broader than a screener should be, so that a
// screener flagging a negative, or clearing a positive, is wrong.

// nform is a name part normalized for comparison.
type nform struct {
	s      string   // upper-case ASCII words
	squash string   // s without spaces
	words  []string // words of two letters or more
	// stokens are the words that can stand alone as a surname (particles
	// such as DE, LA, AL, ABU left out).
	stokens []string
	// nicks are the nickname groups of the whole name, looked up once.
	nicks []int
}

var particles = map[string]bool{"DE": true, "DEL": true, "DELA": true, "LA": true, "LAS": true, "LOS": true, "DA": true,
	"DAS": true, "DO": true, "DOS": true, "DI": true, "DU": true, "VAN": true, "VON": true, "DER": true, "DEN": true,
	"LE": true, "ST": true, "AL": true, "EL": true, "BIN": true, "BINT": true, "IBN": true, "ABU": true, "ABD": true,
	"MAC": true, "MC": true}

// lname is one full name normalized.
type lname struct{ first, middle, last nform }

// listed is one listed individual as the checks see it.
type listed struct {
	sourceID string
	names    []lname
	dobs     []registry.PartialDate
	states   []string
}

// query is a labelled query normalized.
type query struct {
	name  lname
	dob   time.Time
	state string
}

// CompatibleYears is how far (in years) outside a listed date of birth's
// window a query's year still counts as compatible.
const CompatibleYears = 1

type matcher struct {
	f     *folder
	forms map[string]nform
	nicks map[string][]int
}

func newMatcher(f *folder) *matcher {
	m := &matcher{f: f, forms: map[string]nform{}, nicks: map[string][]int{}}
	for i, g := range nicknameGroups {
		for _, n := range g {
			k := m.form(n).squash
			m.nicks[k] = append(m.nicks[k], i)
		}
	}
	// The forms cached while the groups were read lack their groups.
	m.forms = map[string]nform{}
	return m
}

func (m *matcher) form(s string) nform {
	if f, ok := m.forms[s]; ok {
		return f
	}
	up := m.f.upper(s)
	var b strings.Builder
	for _, c := range up {
		if c >= 'A' && c <= 'Z' {
			b.WriteRune(c)
		} else {
			b.WriteByte(' ')
		}
	}
	words := strings.Fields(b.String())
	f := nform{s: strings.Join(words, " "), squash: strings.Join(words, "")}
	for _, w := range words {
		if len(w) >= 2 {
			f.words = append(f.words, w)
			if !particles[w] {
				f.stokens = append(f.stokens, w)
			}
		}
	}
	f.nicks = m.nicks[f.squash]
	m.forms[s] = f
	return f
}

func (m *matcher) name(first, middle, last string) lname {
	return lname{first: m.form(first), middle: m.form(middle), last: m.form(last)}
}

func (m *matcher) listedFrom(rec registry.Record) *listed {
	e := &listed{sourceID: rec.SourceID, dobs: rec.DOBs}
	e.names = append(e.names, m.name(rec.Name.First, rec.Name.Middle, rec.Name.Last))
	for _, a := range rec.Aliases {
		e.names = append(e.names, m.name(a.Name.First, a.Name.Middle, a.Name.Last))
	}
	for _, a := range rec.Addresses {
		if a.State != "" && (a.Country == "" || a.Country == "USA") {
			e.states = append(e.states, a.State)
		}
	}
	return e
}

// oneEdit reports whether a and b are equal or one substitution,
// insertion, deletion or adjacent transposition apart, for words of four
// letters or more (shorter ones must be equal).
func oneEdit(a, b string) bool {
	if a == b {
		return true
	}
	if len(a) < 4 && len(b) < 4 {
		return false
	}
	switch len(a) - len(b) {
	case 0:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		if a[i+1:] == b[i+1:] {
			return true
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case 1:
		a, b = b, a
		fallthrough
	case -1:
		// b is a with one letter inserted.
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		return a[i:] == b[i+1:]
	}
	return false
}

func lastCompatible(a, b nform) bool {
	if a.squash == "" || b.squash == "" {
		return false
	}
	if oneEdit(a.squash, b.squash) {
		return true
	}
	for _, x := range a.stokens {
		for _, y := range b.stokens {
			if oneEdit(x, y) {
				return true
			}
		}
	}
	return false
}

func (m *matcher) firstCompatible(a, b nform) bool {
	if a.squash == "" || b.squash == "" {
		return true
	}
	if (len(a.squash) == 1 || len(b.squash) == 1) && a.squash[0] == b.squash[0] {
		return true
	}
	if oneEdit(a.squash, b.squash) {
		return true
	}
	for _, x := range a.nicks {
		for _, y := range b.nicks {
			if x == y {
				return true
			}
		}
	}
	for _, x := range a.words {
		for _, y := range b.words {
			if x == y {
				return true
			}
		}
	}
	return false
}

func inMiddle(first, middle nform) bool {
	for _, w := range middle.words {
		if w == first.squash {
			return true
		}
	}
	return false
}

// plausible reports whether q could name n.
func (m *matcher) plausible(q, n lname) bool {
	if lastCompatible(q.last, n.last) && (m.firstCompatible(q.first, n.first) || inMiddle(q.first, n.middle)) {
		return true
	}
	return lastCompatible(q.first, n.last) && m.firstCompatible(q.last, n.first)
}

func (m *matcher) plausibleAny(q lname, e *listed) bool {
	for _, n := range e.names {
		if m.plausible(q, n) {
			return true
		}
	}
	return false
}

// dobWindow is the span of years a listed date of birth allows.
func dobWindow(d registry.PartialDate) (int, int) {
	switch d.Precision {
	case registry.PrecisionCirca:
		return d.Year - registry.CircaYears, d.Year + registry.CircaYears
	case registry.PrecisionRange:
		return d.Year, d.ToYear
	}
	return d.Year, d.Year
}

func dobCompatible(dobs []registry.PartialDate, q time.Time, margin int) bool {
	if len(dobs) == 0 || q.IsZero() {
		return true
	}
	y := q.Year()
	for _, d := range dobs {
		lo, hi := dobWindow(d)
		if y >= lo-margin && y <= hi+margin {
			return true
		}
	}
	return false
}

func stateCompatible(states []string, state string) bool {
	if len(states) == 0 || state == "" {
		return true
	}
	for _, s := range states {
		if s == state {
			return true
		}
	}
	return false
}

// conflicts reports whether e could be the person q asks about on reg.
func (m *matcher) conflicts(reg string, q query, e *listed) bool {
	if !m.plausibleAny(q.name, e) {
		return false
	}
	if reg == registry.SAM {
		return stateCompatible(e.states, q.state)
	}
	return dobCompatible(e.dobs, q.dob, CompatibleYears)
}

// index finds the listed individuals whose surnames are compatible with a
// name part without comparing against every one: surnames are indexed by
// their words and their one-letter deletions (a symmetric-deletion index,
// which finds every pair one edit or transposition apart).
type index struct {
	m       *matcher
	entries []*listed
	byLast  map[string][]int32
	keys    map[string][]string
	forms   map[string]nform
}

func newIndex(m *matcher) *index {
	return &index{m: m, byLast: map[string][]int32{}, keys: map[string][]string{}, forms: map[string]nform{}}
}

func neighborhood(f nform, emit func(string)) {
	for _, k := range append([]string{f.squash}, f.stokens...) {
		if k == "" {
			continue
		}
		emit(k)
		if len(k) >= 4 {
			for i := range len(k) {
				emit(k[:i] + k[i+1:])
			}
		}
	}
}

func (ix *index) add(e *listed) {
	id := int32(len(ix.entries))
	ix.entries = append(ix.entries, e)
	for _, n := range e.names {
		l := n.last
		if l.squash == "" {
			continue
		}
		ids := ix.byLast[l.s]
		if len(ids) > 0 && ids[len(ids)-1] == id {
			continue
		}
		if len(ids) == 0 {
			ix.forms[l.s] = l
			neighborhood(l, func(k string) {
				lst := ix.keys[k]
				if len(lst) == 0 || lst[len(lst)-1] != l.s {
					ix.keys[k] = append(lst, l.s)
				}
			})
		}
		ix.byLast[l.s] = append(ids, id)
	}
}

// near calls fn once for each entry with a name whose surname is
// compatible with f.
func (ix *index) near(f nform, seen map[int32]bool, fn func(*listed)) {
	lasts := map[string]bool{}
	neighborhood(f, func(k string) {
		for _, l := range ix.keys[k] {
			if lasts[l] {
				continue
			}
			lasts[l] = true
			if !lastCompatible(f, ix.forms[l]) {
				continue
			}
			for _, id := range ix.byLast[l] {
				if !seen[id] {
					seen[id] = true
					fn(ix.entries[id])
				}
			}
		}
	})
}

// conflicting returns the entries that could be the person q asks about
// on reg (ignoring dates and states when anyName).
func (ix *index) conflicting(reg string, q query, anyName bool) []*listed {
	var out []*listed
	seen := map[int32]bool{}
	visit := func(e *listed) {
		if anyName {
			if ix.m.plausibleAny(q.name, e) {
				out = append(out, e)
			}
			return
		}
		if ix.m.conflicts(reg, q, e) {
			out = append(out, e)
		}
	}
	ix.near(q.name.last, seen, visit)
	ix.near(q.name.first, seen, visit)
	return out
}
