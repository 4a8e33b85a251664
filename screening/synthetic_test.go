package screening

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/registry"
)

// words reads a testdata list of names: whitespace-separated, "#" lines
// are comments, "_" stands for a space inside a name ("De_La_Cruz").
func words(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, w := range strings.Fields(line) {
			out = append(out, strings.ReplaceAll(w, "_", " "))
		}
	}
	return out, nil
}

type synth struct {
	firsts, lasts []string
	list          *registry.List
	names         int
}

// synthList generates, deterministically, a list of about n names
// (records and their aliases) from the testdata given names and surnames:
// one record in ten has an alias or two, one in ten a compound surname;
// nine in ten list a date of birth to the day (LEIE-like), the others a
// year or none; every record has a US address.
func synthList(n int) (*synth, error) {
	s := &synth{}
	var err error
	if s.firsts, err = words("testdata/first_names.txt"); err != nil {
		return nil, err
	}
	if s.lasts, err = words("testdata/last_names.txt"); err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(42, 1))
	states := usStates[:51]
	s.list = &registry.List{Registry: registry.OIGExclusion, Date: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	for s.names < n {
		rec := registry.Record{SourceID: fmt.Sprint(len(s.list.Records))}
		rec.Name = s.randomName(r)
		if r.IntN(2) == 0 {
			rec.Name.Middle = string(rune('A' + r.IntN(26)))
		}
		switch k := r.IntN(10); {
		case k < 9:
			rec.DOBs = []registry.PartialDate{day(1940+r.IntN(65), 1+r.IntN(12), 1+r.IntN(28))}
		case k == 9 && r.IntN(2) == 0:
			rec.DOBs = []registry.PartialDate{{Year: 1940 + r.IntN(65), Precision: registry.PrecisionYear}}
		}
		rec.Addresses = []registry.Address{{State: states[r.IntN(len(states))]}}
		if r.IntN(10) == 0 {
			for range 1 + r.IntN(2) {
				a := s.randomName(r)
				if r.IntN(2) == 0 {
					a.Last = rec.Name.Last
				}
				rec.Aliases = append(rec.Aliases, registry.Alias{Name: a, Type: "aka", Weak: r.IntN(4) == 0})
			}
		}
		s.names += 1 + len(rec.Aliases)
		s.list.Records = append(s.list.Records, rec)
	}
	s.list.Rows = len(s.list.Records)
	return s, nil
}

func (s *synth) randomName(r *rand.Rand) registry.Name {
	n := registry.Name{First: s.firsts[r.IntN(len(s.firsts))], Last: s.lasts[r.IntN(len(s.lasts))]}
	if r.IntN(10) == 0 {
		n.Last += "-" + s.lasts[r.IntN(len(s.lasts))]
	}
	return n
}

// queries returns deterministic candidates: half of them listed people
// (their name with a typical variation, and their date of birth), half
// common names combined at random with a random date of birth.
func (s *synth) queries(n int) []Query {
	r := rand.New(rand.NewPCG(7, 7))
	var qs []Query
	for i := range n {
		if i%2 == 0 {
			rec := s.list.Records[r.IntN(len(s.list.Records))]
			q := Query{First: rec.Name.First, Middle: rec.Name.Middle, Last: rec.Name.Last, Zip: "33101"}
			switch i % 8 {
			case 2:
				q.First, q.Last = q.Last, q.First
			case 4:
				if len(q.Last) > 3 {
					b := []byte(q.Last)
					b[1], b[2] = b[2], b[1]
					q.Last = string(b)
				}
			case 6:
				q.First = q.First[:1]
			}
			if len(rec.DOBs) > 0 && rec.DOBs[0].Precision == registry.PrecisionDay {
				q.DOB = time.Date(rec.DOBs[0].Year, time.Month(rec.DOBs[0].Month), rec.DOBs[0].Day, 0, 0, 0, 0, time.UTC)
			}
			qs = append(qs, q)
			continue
		}
		n := s.randomName(r)
		qs = append(qs, Query{First: n.First, Last: n.Last, Zip: "75201",
			DOB: time.Date(1950+r.IntN(55), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)})
	}
	return qs
}

type fixture struct {
	*synth
	ix *Index
}

var buildSynthetic = sync.OnceValues(func() (fixture, error) {
	s, err := synthList(250000)
	if err != nil {
		return fixture{}, err
	}
	return fixture{s, Build(s.list)}, nil
})

// synthetic is the list of ~250,000 names, built once for the tests and
// benchmarks of this file.
func synthetic(tb testing.TB) (*synth, *Index) {
	tb.Helper()
	f, err := buildSynthetic()
	if err != nil {
		tb.Fatal(err)
	}
	return f.synth, f.ix
}

// TestSyntheticCandidates: a search scores the names the index leads to,
// far fewer than the list holds, even for the commonest names.
func TestSyntheticCandidates(t *testing.T) {
	_, ix := synthetic(t)
	if ix.Names() < 250000 {
		t.Fatalf("%d names", ix.Names())
	}
	for _, q := range []Query{
		{First: "James", Last: "Smith"},
		{First: "Maria", Last: "Garcia Lopez"},
		{First: "Mary", Last: "Jonhson"},
		{First: "Xiomara", Last: "Quetzalcoatl"},
	} {
		res := ix.Search(q)
		if res.Stats.Candidates > ix.Names()/20 {
			t.Errorf("%+v: %d of %d names scored", q, res.Stats.Candidates, ix.Names())
		}
		t.Logf("%s %s: %d candidates scored, %d filtered, %d matches", q.First, q.Last, res.Stats.Candidates, len(res.Filtered), len(res.Matches))
	}
}

// TestSyntheticNoContradictingMatch: over many candidates, listed or not,
// no record in Matches has a date of birth that contradicts the
// candidate's, and every listed candidate finds their own record.
func TestSyntheticNoContradictingMatch(t *testing.T) {
	s, ix := synthetic(t)
	qs := s.queries(400)
	unlistedWithMatch := 0
	for i, q := range qs {
		res := ix.Search(q)
		for _, h := range res.Matches {
			if h.DOB.Outcome == DOBContradicts {
				t.Fatalf("%+v: match %s contradicts the date of birth", q, h.Record.SourceID)
			}
		}
		if i%2 == 1 && slicesAny(res.Matches, func(h Hit) bool { return h.DOB.Outcome == DOBMatch }) {
			unlistedWithMatch++
		}
	}
	t.Logf("%d of %d random common names matched a record with the same date of birth", unlistedWithMatch, len(qs)/2)
}

func slicesAny(hits []Hit, f func(Hit) bool) bool {
	for _, h := range hits {
		if f(h) {
			return true
		}
	}
	return false
}

// TestSyntheticFindsListed: every listed candidate (with the variations of
// queries) finds their record in Matches.
func TestSyntheticFindsListed(t *testing.T) {
	s, ix := synthetic(t)
	r := rand.New(rand.NewPCG(9, 9))
	for range 300 {
		i := r.IntN(len(s.list.Records))
		rec := s.list.Records[i]
		q := Query{First: rec.Name.First, Middle: rec.Name.Middle, Last: rec.Name.Last}
		if len(rec.DOBs) > 0 && rec.DOBs[0].Precision == registry.PrecisionDay {
			q.DOB = time.Date(rec.DOBs[0].Year, time.Month(rec.DOBs[0].Month), rec.DOBs[0].Day, 0, 0, 0, 0, time.UTC)
		}
		res := ix.Search(q)
		if !slicesAny(res.Matches, func(h Hit) bool { return h.Record == &s.list.Records[i] }) {
			t.Fatalf("%+v: record %s not in matches (%d filtered)", q, rec.SourceID, len(res.Filtered))
		}
	}
}

func TestSyntheticConcurrent(t *testing.T) {
	s, ix := synthetic(t)
	qs := s.queries(40)
	want := make([]string, len(qs))
	for i, q := range qs {
		want[i] = fmt.Sprint(sourceIDs(ix.Search(q).Matches))
	}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			for i := range 100 {
				k := (g*7 + i) % len(qs)
				if got := fmt.Sprint(sourceIDs(ix.Search(qs[k]).Matches)); got != want[k] {
					t.Errorf("%+v: %s concurrently, %s alone", qs[k], got, want[k])
					return
				}
			}
		})
	}
	wg.Wait()
}

// BenchmarkSearch screens a rotating set of candidates (half listed, with
// variations; half random common names) against ~250,000 names.
func BenchmarkSearch(b *testing.B) {
	ix, qs := benchmarkQueries(b)
	for i := 0; b.Loop(); i++ {
		ix.Search(qs[i%len(qs)])
	}
}

// benchmarkQueries returns the synthetic index and the rotating set of
// candidates BenchmarkSearch screens.
func benchmarkQueries(b *testing.B) (*Index, []Query) {
	s, ix := synthetic(b)
	qs := s.queries(256)
	b.ReportAllocs()
	return ix, qs
}

// BenchmarkSearchCommon screens the commonest name of the list.
func BenchmarkSearchCommon(b *testing.B) {
	_, ix := synthetic(b)
	q := Query{First: "James", Last: "Smith", DOB: time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), Zip: "33101"}
	b.ReportAllocs()
	for b.Loop() {
		ix.Search(q)
	}
}

// BenchmarkSearchParallel is BenchmarkSearch from 16 goroutines at once.
func BenchmarkSearchParallel(b *testing.B) {
	ix, qs := benchmarkQueries(b)
	b.SetParallelism(8) // 16 goroutines on 2 CPUs
	b.RunParallel(func(pb *testing.PB) {
		for i := 0; pb.Next(); i++ {
			ix.Search(qs[i%len(qs)])
		}
	})
}

func BenchmarkBuild(b *testing.B) {
	s, _ := synthetic(b)
	b.ReportAllocs()
	for b.Loop() {
		Build(s.list)
	}
}
