package screening

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/registrysamples"
	"github.com/clearedtostart/compliance/registry"
)

// labelledScale is the size of the sample lists TestLabelledCases
// screens: 0.05 by default (the small lists of the API tests: 177
// labelled cases, well under a second); 1 for the full-size lists and 677
// cases (go test ./screening -run TestLabelledCases -labelled-scale=1 -v
// prints the per-variant table; about 5 s).
var labelledScale = flag.Float64("labelled-scale", 0.05, "size of the registrysamples lists TestLabelledCases screens")

// labelledSeed is the seed of those lists (0, the seed Options leaves
// unset, by default).
var labelledSeed = flag.Uint64("labelled-seed", 0, "seed of the registrysamples lists TestLabelledCases screens")

// labelledTally counts the outcomes of one variant's cases.
type labelledTally struct {
	cases, fn, fp, dobContradicts int
}

// TestLabelledCases screens every labelled case of the registrysamples
// lists through Build and Search, the way the registry check does (the
// query's date of birth and ZIP code, PARTIAL): every listed person must
// be among the matches of their list (no false negative), and no match
// may carry a date of birth that contradicts the candidate's. Negatives
// with a match (false positives: a human reviews them) are counted per
// variant and logged.
func TestLabelledCases(t *testing.T) {
	start := time.Now()
	files, err := registrysamples.Generate(t.TempDir(), registrysamples.Options{Scale: *labelledScale, Seed: *labelledSeed})
	if err != nil {
		t.Fatal(err)
	}
	indexes := map[string]*Index{}
	for code, paths := range map[string][]string{
		registry.OIGExclusion: {files.LEIE},
		registry.SAM:          {files.SAM},
		registry.OFAC:         {files.SDN, files.Alt, files.Add, files.Comments, files.SDNXML},
	} {
		loaded, err := registry.LoadFiles(code, paths, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		indexes[code] = Build(loaded.List)
	}
	built := time.Since(start)

	tallies := map[string]*labelledTally{}
	for _, c := range files.Cases {
		q := Query{First: c.Query.FirstName, Middle: c.Query.MiddleName, Last: c.Query.LastName, Zip: c.Query.Zip}
		if c.Query.DateOfBirth != "" {
			if q.DOB, err = time.Parse(time.DateOnly, c.Query.DateOfBirth); err != nil {
				t.Fatalf("case %s: %v", c.ID, err)
			}
		}
		ix := indexes[c.Registry]
		if ix == nil {
			t.Fatalf("case %s: registry %s not generated", c.ID, c.Registry)
		}
		res := ix.Search(q)
		key := c.Registry + "/" + c.Variant
		tl := tallies[key]
		if tl == nil {
			tl = &labelledTally{}
			tallies[key] = tl
		}
		tl.cases++
		found := false
		for _, h := range res.Matches {
			found = found || h.Record.SourceID == c.SourceID
			if h.DOB.Outcome == DOBContradicts {
				tl.dobContradicts++
				t.Errorf("case %s: match %s contradicts the date of birth %s", c.ID, h.Record.SourceID, c.Query.DateOfBirth)
			}
		}
		switch {
		case c.Listed && !found:
			tl.fn++
			t.Errorf("false negative, case %s (%s %s): %s|%s|%s not among %d matches (%d filtered); listed %s",
				c.ID, c.Variant, c.Detail, c.Query.FirstName, c.Query.MiddleName, c.Query.LastName, len(res.Matches), len(res.Filtered), c.Listing)
		case !c.Listed && len(res.Matches) > 0:
			tl.fp++
			m := res.Matches[0]
			t.Logf("false positive, case %s: %s|%s|%s matched %s (%s; first %s, last %s, score %.3f)", c.ID,
				c.Query.FirstName, c.Query.MiddleName, c.Query.LastName, m.Record.Name.Full(), m.Record.SourceID,
				m.Name.First.Reason, m.Name.Last.Reason, m.Score)
		}
	}
	keys := make([]string, 0, len(tallies))
	for k := range tallies {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	var sum labelledTally
	fmt.Fprintf(&b, "%-32s %6s %4s %4s %4s\n", "registry/variant", "cases", "FN", "FP", "DOB!")
	for _, k := range keys {
		tl := tallies[k]
		fmt.Fprintf(&b, "%-32s %6d %4d %4d %4d\n", k, tl.cases, tl.fn, tl.fp, tl.dobContradicts)
		sum.cases, sum.fn, sum.fp, sum.dobContradicts = sum.cases+tl.cases, sum.fn+tl.fn, sum.fp+tl.fp, sum.dobContradicts+tl.dobContradicts
	}
	fmt.Fprintf(&b, "%-32s %6d %4d %4d %4d\n", "total", sum.cases, sum.fn, sum.fp, sum.dobContradicts)
	t.Logf("scale %g: lists generated and indexed in %s, %d cases screened in %s\n%s",
		*labelledScale, built.Round(time.Millisecond), sum.cases, (time.Since(start) - built).Round(time.Millisecond), b.String())
}
