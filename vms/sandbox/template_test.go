package sandbox

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/catalog"
)

// TestBankCoversCatalog: every requirement key of the catalog has several
// wordings, every key in the bank is a catalog key, and the wordings the
// issue names are there as written.
func TestBankCoversCatalog(t *testing.T) {
	cat := catalog.MustLoad()
	wordings := map[string][]string{}
	byFulfillment := map[string]int{}
	unmapped := 0
	seen := map[string]bool{}
	for _, w := range Wordings() {
		if seen[w.Label] {
			t.Errorf("label %q is in the bank twice", w.Label)
		}
		seen[w.Label] = true
		if !slices.Contains(groupOrder(), w.PacketGroup) {
			t.Errorf("%q: packet group %q is not one of the VMS's", w.Label, w.PacketGroup)
		}
		if len(w.Keys) == 0 {
			unmapped++
		}
		for _, k := range w.Keys {
			r, ok := cat.Requirement(k)
			if !ok {
				t.Errorf("%q maps to %q, which is not a catalog requirement", w.Label, k)
				continue
			}
			if !w.Placement {
				wordings[k] = append(wordings[k], w.Label)
				byFulfillment[r.Fulfillment]++
			}
		}
	}
	for _, r := range cat.Requirements() {
		if n := len(wordings[r.Key]); n < 3 {
			t.Errorf("requirement %s (%s) has %d wordings on job checklists, want at least 3: %q", r.Key, r.Fulfillment, n, wordings[r.Key])
		}
	}
	for _, f := range []string{catalog.FulfillDocument, catalog.FulfillRegistrySearch, catalog.FulfillStatement, catalog.FulfillPassThrough} {
		if byFulfillment[f] < 3 {
			t.Errorf("%s requirements have %d wordings", f, byFulfillment[f])
		}
	}
	if unmapped < 15 {
		t.Errorf("%d facility wordings map to no requirement, want at least 15", unmapped)
	}
	for _, want := range []string{
		"BLS - AHA only", "Basic Life Support (AHA)", "CPR/BLS card — American Heart Association",
		"Current PPD or QuantiFERON within 1 yr", "TB test (2-step PPD, QFT or CXR) within 12 months",
		"Hep B titer or declination", "Hepatitis B series or signed declination",
		"RN license – active, unencumbered, compact OK", "Drug screen 10-panel within 30 days",
		"OIG/GSA exclusion check", "Facility orientation attestation",
	} {
		if !seen[want] {
			t.Errorf("the bank lacks %q", want)
		}
	}
}

// TestTemplates checks the checklists of many references: their size,
// order and uniqueness, the items every job carries, placements' own
// items, and that every catalog key turns up somewhere.
func TestTemplates(t *testing.T) {
	s := New(Config{Seed: 1})
	cat := catalog.MustLoad()
	covered := map[string]bool{}
	sizes := map[int]bool{}
	for i := range 1500 {
		ref := fmt.Sprintf("REQ-%d", i)
		jt := s.JobTruth(ref)
		items := jt.Items
		sizes[len(items)] = true
		if len(items) < minItems || len(items) > maxItems {
			t.Fatalf("%s: %d items", ref, len(items))
		}
		ids, labels, keys := map[string]bool{}, map[string]bool{}, map[string]bool{}
		last := -1
		for _, it := range items {
			g := slices.Index(groupOrder(), it.PacketGroup)
			if g < last {
				t.Errorf("%s: %s listed after a later group", ref, it.PacketGroup)
			}
			last = g
			if ids[it.ID] || labels[it.Label] {
				t.Errorf("%s: %s %q listed twice", ref, it.ID, it.Label)
			}
			ids[it.ID], labels[it.Label] = true, true
			for _, k := range it.Keys {
				if keys[k] {
					t.Errorf("%s: %s asked twice", ref, k)
				}
				keys[k] = true
				covered[k] = true
			}
			if it.Scope != ScopeRequisition || it.Label == "" {
				t.Errorf("%s: item %+v", ref, it)
			}
		}
		for _, k := range []string{"bls", "tb_screening", "background_check", "drug_screen", "hepatitis_b", "mmr_immunity", "varicella_immunity", "oig_exclusion_check"} {
			if !keys[k] {
				t.Errorf("%s: no %s item", ref, k)
			}
		}
		nursing := jt.Job.Role == roleRN || jt.Job.Role == roleLPN
		if keys["nursing_license"] != nursing {
			t.Errorf("%s (%s): nursing license listed %v", ref, jt.Job.Role, keys["nursing_license"])
		}

		p, ok := s.PlacementTruth("P-" + ref + "-1")
		if !ok {
			t.Fatalf("P-%s-1 is not a placement", ref)
		}
		own := 0
		pkeys := map[string]int{}
		for _, it := range p.Items {
			if it.Scope == ScopePlacement {
				own++
				for _, k := range it.Keys {
					covered[k] = true
				}
			}
			for _, k := range it.Keys {
				pkeys[k]++
			}
		}
		if own < 1 || own > 4 || len(p.Items) != len(items)+own {
			t.Errorf("P-%s-1: %d items of its own, %d in all (template %d)", ref, own, len(p.Items), len(items))
		}
		for k, n := range pkeys {
			if n > 1 {
				t.Errorf("P-%s-1 asks for %s %d times", ref, k, n)
			}
		}
	}
	for _, r := range cat.Requirements() {
		if !covered[r.Key] {
			t.Errorf("no checklist of 1500 asks for %s", r.Key)
		}
	}
	for n := minItems; n <= maxItems; n++ {
		if !sizes[n] {
			t.Errorf("no checklist of %d items among 1500", n)
		}
	}
}

func TestTemplatesDeterministic(t *testing.T) {
	a, b, other := New(Config{Seed: 1}), New(Config{Seed: 1}), New(Config{Seed: 2})
	differ := 0
	for i := range 200 {
		ref := fmt.Sprintf("ICU-%d", i)
		ja, jb := a.JobTruth(ref), b.JobTruth(ref)
		if !reflect.DeepEqual(ja.Items, jb.Items) || ja.Job.Title != jb.Job.Title {
			t.Fatalf("%s differs between two sandboxes of one seed", ref)
		}
		pa, _ := a.PlacementTruth("P-" + ref + "-3")
		pb, _ := b.PlacementTruth("P-" + ref + "-3")
		if !reflect.DeepEqual(pa.Items, pb.Items) || pa.Job.Title != pb.Job.Title {
			t.Fatalf("P-%s-3 differs between two sandboxes of one seed", ref)
		}
		if !reflect.DeepEqual(ja.Items, other.JobTruth(ref).Items) {
			differ++
		}
	}
	if differ < 190 {
		t.Errorf("only %d of 200 checklists change with the seed", differ)
	}
}

// TestVersions: each version removes one item, adds one or two and
// rewords one, as its Change says.
func TestVersions(t *testing.T) {
	s := New(Config{Seed: 3})
	for i := range 300 {
		ref := fmt.Sprintf("V-%d", i)
		prev := s.JobTruth(ref)
		for v := 2; v <= 5; v++ {
			got, err := s.BumpVersion(ref)
			if err != nil || got != v {
				t.Fatalf("%s: bump to %d gave %d, %v", ref, v, got, err)
			}
			jt := s.JobTruth(ref)
			if len(jt.Changes) != v-1 || jt.Job.Version != v {
				t.Fatalf("%s v%d: %d changes, version %d", ref, v, len(jt.Changes), jt.Job.Version)
			}
			ch := jt.Changes[v-2]
			before, after := map[string]Item{}, map[string]Item{}
			for _, it := range prev.Items {
				before[it.ID] = it
			}
			for _, it := range jt.Items {
				after[it.ID] = it
			}
			var removed, added, reworded []string
			for id, it := range before {
				a, ok := after[id]
				switch {
				case !ok:
					removed = append(removed, id)
				case a.Label != it.Label:
					reworded = append(reworded, id)
					if ch.From != it.Label || ch.To != a.Label {
						t.Errorf("%s v%d: reworded %q to %q, change says %q to %q", ref, v, it.Label, a.Label, ch.From, ch.To)
					}
				}
			}
			for id := range after {
				if _, ok := before[id]; !ok {
					added = append(added, id)
				}
			}
			slices.Sort(added)
			wantAdded := slices.Sorted(slices.Values(ch.Added))
			if !slices.Equal(removed, []string{ch.Removed}) || !slices.Equal(added, wantAdded) || !slices.Equal(reworded, []string{ch.Reworded}) {
				t.Errorf("%s v%d: removed %v added %v reworded %v; change %+v", ref, v, removed, added, reworded, ch)
			}
			if len(added) < 1 || len(added) > 2 {
				t.Errorf("%s v%d: %d added", ref, v, len(added))
			}
			if n := len(jt.Items); n < minItems || n > maxItems {
				t.Errorf("%s v%d: %d items", ref, v, n)
			}
			prev = jt
		}
	}
}

func TestChangeOverTime(t *testing.T) {
	clk := newClock()
	s := New(Config{Seed: 1, Now: clk.Now, ChangeInterval: time.Minute})
	start := clk.Now()
	steps := []struct {
		advance time.Duration
		want    int
	}{{0, 1}, {59 * time.Second, 1}, {time.Second, 2}, {3 * time.Minute, 5}}
	for _, st := range steps {
		clk.Add(st.advance)
		if v := s.Job("CHANGE-1").Version; v != st.want {
			t.Errorf("at +%s: version %d, want %d", clk.Now().Sub(start), v, st.want)
		}
	}
	if u := s.Job("CHANGE-1").UpdatedAt; !u.Equal(start.Add(4 * time.Minute)) {
		t.Errorf("updatedAt %s, want the last change at +4m", u)
	}
	if v := s.Job("ICU-1").Version; v != 1 {
		t.Errorf("an ordinary job moved to version %d", v)
	}
	if v, _ := s.BumpVersion("change-1"); v != 6 {
		t.Errorf("a bump on top of the clock's versions (lower-case prefix): %d, want 6", v)
	}
}

func TestTraits(t *testing.T) {
	tests := []struct {
		ref  string
		want traits
	}{
		{"ICU-2231", traits{status: StatusActive}},
		{"UNAVAIL-12", traits{status: StatusUnavailable}},
		{"filled-1", traits{status: StatusFilled}},
		{"CLOSED-3", traits{status: StatusClosed}},
		{"HTML-7", traits{status: StatusActive, apiHidden: true, portalChecklist: true}},
		{"PORTAL-7", traits{status: StatusActive, portalChecklist: true}},
		{"HTML-SLOW-UNAVAIL-2", traits{status: StatusUnavailable, apiHidden: true, portalChecklist: true, slow: true}},
		{"FAIL-1", traits{status: StatusActive, fail: true}},
		{"FLAKY-1", traits{status: StatusActive, flaky: true}},
		{"MAINT-1", traits{status: StatusActive, maint: true}},
		{"NOTFOUND-1", traits{status: StatusActive, notFound: true}},
		{"FORBIDDEN-1", traits{status: StatusActive, forbidden: true}},
		{"CHANGE-1", traits{status: StatusActive, change: true}},
		// Only leading words count.
		{"ICU-FAIL-1", traits{status: StatusActive}},
		{"FAILED-1", traits{status: StatusActive}},
	}
	for _, tt := range tests {
		if got := parseTraits(tt.ref); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.ref, got, tt.want)
		}
	}
}

func TestPlacementRefs(t *testing.T) {
	tests := []struct {
		ref, job string
		ok       bool
	}{
		{"P-ICU-2231-1", "ICU-2231", true},
		{"p-HTML-7-12", "HTML-7", true},
		{"P-A-1", "A", true},
		{"P-ICU-2231", "ICU", true},
		{"P-ICU-2231-0", "", false},
		{"P-ICU-2231-01", "", false},
		{"P-ICU-x", "", false},
		{"ICU-2231-1", "", false},
		{"P--1", "", false},
		{"P-ICU/1-1", "", false},
	}
	for _, tt := range tests {
		job, ok := placementJob(tt.ref)
		if ok != tt.ok || (ok && job != tt.job) {
			t.Errorf("%s: %q %v, want %q %v", tt.ref, job, ok, tt.job, tt.ok)
		}
	}
	for _, ref := range []string{"", "-A", "A B", "A/B", string(make([]byte, 65))} {
		if validRef(ref) {
			t.Errorf("%q accepted as a job reference", ref)
		}
	}
}
