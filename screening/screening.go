package screening

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/namematch"
	"github.com/clearedtostart/compliance/registry"
)

// MatchType chooses how far names may differ.
type MatchType string

const (
	// Partial (the default) finds every name that resembles by the
	// namematch rules: nicknames, initials, one-edit typos, phonetic
	// spellings, compound-surname parts, swapped order.
	Partial MatchType = "PARTIAL"
	// Exact finds names equal after normalisation: case, accents,
	// punctuation, titles and suffixes aside, first and last names equal
	// or equal once joined ("GarciaLopez", "Garcia-Lopez"), in either
	// order, on the name or any alias.
	Exact MatchType = "EXACT"
)

// Query is one candidate to screen.
type Query struct {
	First, Middle, Last string
	// DOB is the candidate's date of birth; the zero time when not given.
	DOB time.Time
	// Zip is the candidate's ZIP code (5 digits or ZIP+4), "" when not given.
	Zip string
	// MatchType is EXACT or PARTIAL, in any case; anything else, empty
	// included, is PARTIAL (the wider search).
	MatchType MatchType
}

// Set-aside codes: why a hit of Filtered is not in Matches.
const (
	// SetAsideDOB: every date of birth the record lists contradicts the
	// candidate's, each at its own precision.
	SetAsideDOB = "dob_mismatch"
	// SetAsideMiddleName: every name of the record that resembles has a
	// middle name or initial and none shares an initial with the
	// candidate's.
	SetAsideMiddleName = "middle_name_conflict"
	// SetAsideLocation: the record lists no date of birth, and every US
	// address of it with a state is in another state than the candidate's
	// ZIP code.
	SetAsideLocation = "location_mismatch"
)

// SetAside says why a hit is not a match.
type SetAside struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Name sources of a hit.
const (
	// SourceName is the record's own name; otherwise the source is the
	// alias type (registry.Alias.Type: aka, fka, nka, remark_aka,
	// cross_reference).
	SourceName = "name"
)

// Hit is one record whose name or alias resembles the candidate's.
type Hit struct {
	Record *registry.Record `json:"record"`
	// MatchedName is the name or alias that resembled best.
	MatchedName registry.Name `json:"matchedName"`
	NameSource  string        `json:"nameSource"`
	// WeakAlias marks a match on one of OFAC's low-quality a.k.a.s.
	WeakAlias bool                  `json:"weakAlias,omitempty"`
	Score     float64               `json:"score"`
	Name      namematch.Explanation `json:"name"`
	DOB       DOBCheck              `json:"dob"`
	Location  LocationCheck         `json:"location"`
	// SetAside is empty for a match.
	SetAside []SetAside `json:"setAside,omitempty"`
}

// Stats counts a search's work.
type Stats struct {
	// Names is the number of names and aliases indexed.
	Names int `json:"names"`
	// Candidates is the number of them the query's keys led to.
	Candidates int `json:"candidates"`
	// Scored is the number of them compared in full.
	Scored int `json:"scored"`
}

// Result is the outcome of screening one candidate against one list.
type Result struct {
	Registry  string    `json:"registry"`
	ListDate  time.Time `json:"listDate"`
	MatchType MatchType `json:"matchType"`
	// Filtered is every record that resembles, best first.
	Filtered []Hit `json:"filtered"`
	// Matches is Filtered without the hits set aside, in the same order.
	Matches []Hit `json:"matches"`
	Stats   Stats `json:"stats"`
}

// nameRef says which name of which record an indexed name is.
type nameRef struct {
	record uint32
	alias  int32 // -1: the record's own name
}

// Index is one list's records, searchable by name. It is immutable once
// built and safe for concurrent searches.
type Index struct {
	registry string
	date     time.Time
	records  []registry.Record
	refs     []nameRef
	names    *namematch.Index
	states   []states // record → states of its addresses
	codes    stateCodes
	zips     *zipStates
}

// Build indexes every record's name and every alias of a list. The index
// refers to the list's records: they must not change afterwards.
func Build(list *registry.List) *Index {
	zips, err := loadZipStates(zip3CSV)
	if err != nil {
		// The table is embedded and tested; a broken one is a build defect.
		panic(err)
	}
	ix := &Index{registry: list.Registry, date: list.Date, records: list.Records, zips: zips,
		states: make([]states, len(list.Records)), codes: stateCodes{}}
	variants := make([]namematch.Variant, 0, len(list.Records)*5/4)
	add := func(n registry.Name, ref nameRef) {
		variants = append(variants, namematch.Variant{ID: uint32(len(ix.refs)), Name: namematch.Name(n)})
		ix.refs = append(ix.refs, ref)
	}
	for i := range list.Records {
		r := &list.Records[i]
		add(r.Name, nameRef{record: uint32(i), alias: -1})
		for j, a := range r.Aliases {
			add(a.Name, nameRef{record: uint32(i), alias: int32(j)})
		}
		ix.states[i] = zips.addressStates(r.Addresses)
		ix.codes.add(ix.states[i])
	}
	ix.names = namematch.NewIndex(variants)
	return ix
}

// Registry is the code of the list indexed.
func (ix *Index) Registry() string { return ix.registry }

// ListDate is the date of the list's edition.
func (ix *Index) ListDate() time.Time { return ix.date }

// Len is the number of records indexed.
func (ix *Index) Len() int { return len(ix.records) }

// Names is the number of names and aliases indexed.
func (ix *Index) Names() int { return ix.names.Len() }

// Search screens one candidate: Filtered holds every record with a name
// that resembles, Matches those of them that no date of birth, middle
// name or location sets aside.
func (ix *Index) Search(q Query) Result {
	mt := MatchType(strings.ToUpper(strings.TrimSpace(string(q.MatchType))))
	mode := namematch.ModeFuzzy
	if mt == Exact {
		mode = namematch.ModeExact
	} else {
		mt = Partial
	}
	res := Result{Registry: ix.registry, ListDate: ix.date, MatchType: mt, Filtered: []Hit{}, Matches: []Hit{}}
	hits, st := ix.names.Search(namematch.Name{First: q.First, Middle: q.Middle, Last: q.Last}, mode, make([]namematch.Hit, 0, 16))
	res.Stats = Stats{Names: ix.names.Len(), Candidates: st.Candidates, Scored: st.Scored}
	if len(hits) == 0 {
		return res
	}

	// The best name of each record, preferring one without a middle-name
	// conflict, then the higher score, then the record's own name and
	// strong aliases. Hits come best first: grouping by record keeps the
	// first of each, unless a later one is preferred.
	type best struct {
		hit       *namematch.Hit
		ref       nameRef
		order     int
		conflicts bool // every resembling name of the record conflicts
	}
	bests := make([]best, len(hits))
	for i := range hits {
		bests[i] = best{hit: &hits[i], ref: ix.refs[hits[i].ID], order: i, conflicts: hits[i].Explanation.MiddleConflict()}
	}
	slices.SortFunc(bests, func(a, b best) int {
		if c := cmp.Compare(a.ref.record, b.ref.record); c != 0 {
			return c
		}
		return cmp.Compare(a.order, b.order)
	})
	n := 0
	for i, b := range bests {
		if i > 0 && b.ref.record == bests[n-1].ref.record {
			cur := &bests[n-1]
			conflicts := cur.conflicts && b.conflicts
			if ix.preferred(*b.hit, b.ref, *cur.hit, cur.ref) {
				b.order = min(b.order, cur.order)
				*cur = b
			}
			cur.conflicts = conflicts
			continue
		}
		bests[n] = b
		n++
	}
	bests = bests[:n]
	slices.SortFunc(bests, func(a, b best) int { return cmp.Compare(a.order, b.order) })

	var cand states
	zipGiven := strings.TrimSpace(q.Zip) != ""
	if zipGiven {
		cand = ix.zips.state(q.Zip)
	}
	var dobText string
	if !q.DOB.IsZero() {
		dobText = q.DOB.Format(time.DateOnly)
	}
	res.Filtered = make([]Hit, 0, len(bests))
	matches := 0
	for _, b := range bests {
		rec := &ix.records[b.ref.record]
		h := Hit{Record: rec, Score: b.hit.Explanation.Score, Name: b.hit.Explanation, NameSource: SourceName, MatchedName: rec.Name}
		if b.ref.alias >= 0 {
			a := rec.Aliases[b.ref.alias]
			h.MatchedName, h.NameSource, h.WeakAlias = a.Name, a.Type, a.Weak
		}
		h.DOB = checkDOB(q.DOB, dobText, rec.DOBs)
		h.Location = checkLocation(cand, zipGiven, ix.states[b.ref.record], ix.codes)
		if h.DOB.Outcome == DOBContradicts {
			h.SetAside = append(h.SetAside, SetAside{Code: SetAsideDOB,
				Message: "the candidate's date of birth " + dobText + " contradicts every listed one (" + listedDates(rec.DOBs) + ")"})
		}
		if b.conflicts {
			h.SetAside = append(h.SetAside, SetAside{Code: SetAsideMiddleName,
				Message: "middle names differ: candidate " + quote(h.Name.Middle.Query) + ", listed " + quote(h.Name.Middle.Listed)})
		}
		// Location decides only where no date of birth can: the record
		// lists none.
		if h.DOB.Outcome == DOBUnknown && h.Location.Outcome == LocationOtherState {
			h.SetAside = append(h.SetAside, SetAside{Code: SetAsideLocation,
				Message: "the record lists no date of birth and its addresses are in " + strings.Join(h.Location.ListedStates, ", ") +
					", not in " + h.Location.CandidateState + " (the candidate's ZIP code)"})
		}
		if len(h.SetAside) == 0 {
			matches++
		}
		res.Filtered = append(res.Filtered, h)
	}
	// Hits are already best first, except that a record's preferred name
	// (no middle-name conflict) may score lower than another of its names.
	slices.SortStableFunc(res.Filtered, func(a, b Hit) int { return cmp.Compare(b.Score, a.Score) })
	res.Matches = make([]Hit, 0, matches)
	for _, h := range res.Filtered {
		if len(h.SetAside) == 0 {
			res.Matches = append(res.Matches, h)
		}
	}
	return res
}

// preferred reports whether name a of a record explains a hit better than
// name b of the same record.
func (ix *Index) preferred(a namematch.Hit, ar nameRef, b namematch.Hit, br nameRef) bool {
	ac, bc := a.Explanation.MiddleConflict(), b.Explanation.MiddleConflict()
	if ac != bc {
		return !ac
	}
	if a.Explanation.Score != b.Explanation.Score {
		return a.Explanation.Score > b.Explanation.Score
	}
	rank := func(r nameRef) int {
		switch {
		case r.alias < 0:
			return 0
		case ix.records[r.record].Aliases[r.alias].Weak:
			return 2
		}
		return 1
	}
	return rank(ar) < rank(br)
}

func quote(s string) string {
	if s == "" {
		return "(none)"
	}
	return `"` + s + `"`
}
