package namematch

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// synthNames generates n names deterministically from a few hundred given
// names and surnames: real ones, then made-up ones, some compound.
func synthNames(n int, seed uint64) []Variant {
	r := rand.New(rand.NewPCG(seed, 7))
	firsts := strings.Fields(`james mary robert patricia john jennifer michael linda david elizabeth william
		barbara richard susan joseph jessica thomas sarah charles karen maria jose juan ana luis carmen wei
		mohammed fatima minh margaret peggy bill bob catherine kathryn ann anne jon jonathan nguyen chen`)
	lasts := strings.Fields(`smith johnson williams brown jones garcia miller davis rodriguez martinez
		hernandez lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white
		harris sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill
		flores green adams nelson baker hall rivera campbell mitchell carter roberts obrien cruz silva`)
	syl := strings.Fields("ka lo mi ra ten son ber ing ow ski ez an el is o ur va de ne tor")
	word := func(k int) string {
		var b strings.Builder
		for range k {
			b.WriteString(syl[r.IntN(len(syl))])
		}
		return b.String()
	}
	for len(firsts) < 300 {
		firsts = append(firsts, word(3))
	}
	for len(lasts) < 400 {
		lasts = append(lasts, word(4))
	}
	v := make([]Variant, n)
	for i := range v {
		last := lasts[r.IntN(len(lasts))]
		switch r.IntN(20) {
		case 0:
			last += "-" + lasts[r.IntN(len(lasts))]
		case 1:
			last = "de la " + last
		}
		v[i] = Variant{ID: uint32(i), Name: Name{First: firsts[r.IntN(len(firsts))], Middle: string(rune('A' + r.IntN(26))), Last: last}}
	}
	return v
}

// TestSearchFindsLabelled puts each labelled name among distractors: a
// name that Compare says resembles must be found with the same
// explanation, and one that does not must not be.
func TestSearchFindsLabelled(t *testing.T) {
	variants := synthNames(20000, 1)
	base := uint32(len(variants))
	for i, c := range labelled {
		variants = append(variants, Variant{ID: base + uint32(i), Name: c.listed})
	}
	ix := NewIndex(variants)
	for i, c := range labelled {
		t.Run(c.name, func(t *testing.T) {
			hits, _ := ix.Search(c.query, c.mode, nil)
			var found *Hit
			for j := range hits {
				if hits[j].ID == base+uint32(i) {
					found = &hits[j]
				}
			}
			switch {
			case c.want.resembles && found == nil:
				t.Fatalf("not found among %d hits", len(hits))
			case !c.want.resembles && found != nil:
				t.Fatalf("found: %+v", found.Explanation)
			case found != nil:
				if want := Compare(c.query, c.listed, c.mode); !reflect.DeepEqual(found.Explanation, want) {
					t.Fatalf("Search explains %+v, Compare %+v", found.Explanation, want)
				}
			}
		})
	}
}

// TestSearchMatchesBruteForce compares Search with Compare against every
// indexed name, for queries derived from indexed names by typical
// variations: the index must find what scoring accepts. The allowed
// difference is documented: a surname (or, swapped, a given name) agreeing
// only by Jaro-Winkler (more than one edit away, no phonetic key in
// common) has no key.
func TestSearchMatchesBruteForce(t *testing.T) {
	variants := synthNames(5000, 2)
	ix := NewIndex(variants)
	r := rand.New(rand.NewPCG(3, 4))
	vary := []func(Name) Name{
		func(n Name) Name { return n },
		func(n Name) Name { return Name{First: n.Last, Last: n.First} },
		func(n Name) Name { n.Last = swapLetters(n.Last, r); return n },
		func(n Name) Name { n.First = n.First[:1]; return n },
		func(n Name) Name { n.Last = strings.ReplaceAll(strings.ReplaceAll(n.Last, "-", ""), " ", ""); return n },
		func(n Name) Name { n.Middle = "Q"; return n },
		func(n Name) Name { n.Last = strings.ToUpper(n.Last) + " Jr"; return n },
		func(n Name) Name { n.First = "Dr. " + n.First; n.Last += "a"; return n },
	}
	skipped, compared := 0, 0
	for i := 0; i < 400; i++ {
		q := vary[i%len(vary)](variants[r.IntN(len(variants))].Name)
		for _, mode := range []Mode{ModeFuzzy, ModeExact} {
			hits, _ := ix.Search(q, mode, nil)
			got := map[uint32]Explanation{}
			for _, h := range hits {
				got[h.ID] = h.Explanation
			}
			// Every indexed name compared with the query, without the keys.
			sc := ix.getScratch()
			sc.reset()
			ix.prepare(sc, parseScreening(q))
			for c, v := range variants {
				want := ix.explainPrepared(sc, uint32(c), mode)
				x, ok := got[v.ID]
				switch {
				case want.Resembles && !ok:
					if want.Last.Reason == ReasonJaroWinkler || want.Swapped && want.First.Reason == ReasonJaroWinkler {
						skipped++
						continue
					}
					t.Fatalf("query %+v mode %d: %+v not found; Compare: %+v", q, mode, v.Name, want)
				case !want.Resembles && ok:
					t.Fatalf("query %+v mode %d: %+v found but Compare says no: %+v", q, mode, v.Name, want)
				case ok && !reflect.DeepEqual(x, want):
					t.Fatalf("query %+v: %+v explained %+v, Compare %+v", q, v.Name, x, want)
				}
				if want.Resembles {
					compared++
				}
			}
		}
	}
	t.Logf("%d resembling pairs, %d of them Jaro-Winkler only (not keyed)", compared, skipped)
	if compared < 600 {
		t.Fatalf("only %d resembling pairs: the variations do not exercise the index", compared)
	}
}

func swapLetters(s string, r *rand.Rand) string {
	if len(s) < 4 {
		return s
	}
	b := []byte(s)
	i := 1 + r.IntN(len(b)-2)
	b[i], b[i+1] = b[i+1], b[i]
	return string(b)
}

// TestSearchScoresOnlyCandidates: a query for a common name scores the
// names its keys lead to, not the list.
func TestSearchScoresOnlyCandidates(t *testing.T) {
	ix := NewIndex(synthNames(250000, 5))
	for _, q := range []Name{{"John", "", "Smith"}, {"Maria", "", "Garcia Lopez"}, {"Jon", "", "Smyth"}, {"Zebulon", "", "Quartermaine"}} {
		hits, st := ix.Search(q, ModeFuzzy, nil)
		if st.Candidates > ix.Len()/50 {
			t.Errorf("%+v: %d candidates scored of %d names", q, st.Candidates, ix.Len())
		}
		for _, h := range hits {
			if !h.Explanation.Resembles || h.Explanation.Score < Threshold {
				t.Errorf("%+v: hit %d does not resemble: %+v", q, h.ID, h.Explanation)
			}
		}
		t.Logf("%+v: %d candidates, %d hits", q, st.Candidates, len(hits))
	}
	if hits, st := ix.Search(Name{"Zebulon", "", "Quartermaine"}, ModeFuzzy, nil); st.Candidates > 10 || len(hits) != 0 {
		t.Errorf("an unlisted rare name scored %d candidates, %d hits", st.Candidates, len(hits))
	}
}

func TestSearchConcurrent(t *testing.T) {
	ix := NewIndex(synthNames(20000, 6))
	queries := []Name{{"John", "", "Smith"}, {"Maria", "Q", "Garcia"}, {"Smith", "", "John"}, {"Bill", "", "Jonhson"}, {"Ana", "", "De La Cruz"}}
	want := make([]string, len(queries))
	for i, q := range queries {
		hits, _ := ix.Search(q, ModeFuzzy, nil)
		want[i] = fmt.Sprint(hits)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			var hits []Hit
			for i := range 200 {
				k := (g + i) % len(queries)
				hits, _ = ix.Search(queries[k], ModeFuzzy, hits[:0])
				if got := fmt.Sprint(hits); got != want[k] {
					t.Errorf("%+v: concurrent result differs", queries[k])
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestSearchBestFirst(t *testing.T) {
	ix := NewIndex([]Variant{
		{ID: 1, Name: Name{"J", "", "Smith"}},
		{ID: 2, Name: Name{"John", "", "Smith"}},
		{ID: 3, Name: Name{"Jon", "", "Smith"}},
		{ID: 4, Name: Name{"Pedro", "", "Smith"}},
	})
	hits, st := ix.Search(Name{"John", "", "Smith"}, ModeFuzzy, nil)
	var ids []uint32
	for _, h := range hits {
		ids = append(ids, h.ID)
	}
	if fmt.Sprint(ids) != "[2 3 1]" || st.Candidates != 4 {
		t.Fatalf("hits %v, %d candidates; want [2 3 1], 4", ids, st.Candidates)
	}
}

func BenchmarkNewIndex(b *testing.B) {
	v := synthNames(250000, 5)
	b.ReportAllocs()
	for b.Loop() {
		NewIndex(v)
	}
}

func BenchmarkIndexSearch(b *testing.B) {
	ix := NewIndex(synthNames(250000, 5))
	for _, q := range []Name{{"John", "", "Smith"}, {"Maria", "", "Garcia Lopez"}, {"Bill", "", "Jonhson"}, {"Zebulon", "", "Quartermaine"}} {
		b.Run(strings.ReplaceAll(q.Full(), " ", "_"), func(b *testing.B) {
			var hits []Hit
			b.ReportAllocs()
			for b.Loop() {
				hits, _ = ix.Search(q, ModeFuzzy, hits[:0])
			}
		})
	}
}
