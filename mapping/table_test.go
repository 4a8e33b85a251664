package mapping

import (
	"errors"
	"slices"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
)

func TestTableLookupNormalises(t *testing.T) {
	tab, err := NewTable([]Entry{
		{Label: "BLS - AHA only", Target: Target{Key: "bls", PacketGroup: "Credentials", SortOrder: 10}},
		{Label: "OIG/SAM exclusion search", Target: Target{Key: "oig_exclusion_check", Also: []string{"sam_exclusion_check"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	e, ok := tab.Lookup("bls – AHA  Only")
	if !ok || e.Key != "bls" || e.PacketGroup != "Credentials" || e.SortOrder != 10 || e.Learned {
		t.Fatalf("Lookup = %+v, %v", e, ok)
	}
	e, ok = tab.Lookup("OIG / SAM Exclusion Search")
	if !ok || !slices.Equal(e.Keys(), []string{"oig_exclusion_check", "sam_exclusion_check"}) {
		t.Fatalf("Lookup = %+v, %v; keys %v", e, ok, e.Keys())
	}
	if _, ok := tab.Lookup("BLS"); ok {
		t.Fatal(`"BLS" is not "BLS - AHA only"`)
	}
	var none *Table
	if _, ok := none.Lookup("BLS"); ok || none.Len() != 0 || none.Entries() != nil {
		t.Fatal("a nil table maps nothing")
	}
}

func TestNewTableRejects(t *testing.T) {
	tests := []struct {
		name    string
		entries []Entry
		want    string
		index   int
	}{
		{"same label twice", []Entry{{Label: "BLS", Target: Target{Key: "bls"}}, {Label: "BLS", Target: Target{Key: "bls"}}},
			`label "BLS" is mapped twice`, 1},
		{"same once normalised", []Entry{{Label: "Hep-B titer", Target: Target{Key: "hepatitis_b"}}, {Label: "x"}, {Label: "HEP B  Titer", Target: Target{Key: "mmr_immunity"}}},
			`label "HEP B  Titer" is the same as "Hep-B titer" once normalised ("hep b titer")`, 2},
		{"no words", []Entry{{Label: " - ", Target: Target{Key: "bls"}}}, `label " - " has no words`, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewTable(tt.entries)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
			var dup *DuplicateLabelError
			if errors.As(err, &dup) != (tt.index >= 0) || (dup != nil && (dup.Index != tt.index || dup.FirstIndex != 0)) {
				t.Fatalf("DuplicateLabelError = %+v, want index %d", dup, tt.index)
			}
		})
	}
}

func TestMerge(t *testing.T) {
	file, err := NewTable([]Entry{
		{Label: "BLS - AHA only", Target: Target{Key: "bls"}},
		{Label: "Hep B titer", Target: Target{Key: "hepatitis_b"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	merged, conflicts := file.Merge([]Entry{
		{Label: "Mercy badge form", Target: Target{Key: "orientation"}},
		{Label: "hep b TITER", Target: Target{Key: "mmr_immunity"}},     // disagrees with the file
		{Label: "BLS-AHA only", Target: Target{Key: "bls"}},             // agrees with the file
		{Label: "Mercy  badge form", Target: Target{Key: "coversheet"}}, // a later decision
		{Label: "--"},
	})
	if len(conflicts) != 1 || conflicts[0].Learned.Key != "mmr_immunity" || conflicts[0].File.Key != "hepatitis_b" {
		t.Fatalf("conflicts = %+v", conflicts)
	}
	if e, _ := merged.Lookup("Hep B titer"); e.Key != "hepatitis_b" || e.Learned {
		t.Fatalf("file entry lost to a learned one: %+v", e)
	}
	if e, _ := merged.Lookup("mercy badge form"); e.Key != "coversheet" || !e.Learned {
		t.Fatalf("learned entry = %+v", e)
	}
	if merged.Len() != 3 || file.Len() != 2 {
		t.Fatalf("len merged %d, file %d", merged.Len(), file.Len())
	}
	var labels []string
	for _, e := range merged.Entries() {
		labels = append(labels, e.Label)
	}
	if !slices.Equal(labels, []string{"BLS - AHA only", "Hep B titer", "Mercy  badge form"}) {
		t.Fatalf("entries = %q", labels)
	}
	if _, ok := file.Lookup("Mercy badge form"); ok {
		t.Fatal("Merge changed the file table")
	}
	var none *Table
	if m, _ := none.Merge([]Entry{{Label: "A", Target: Target{Key: "bls"}}}); m.Len() != 1 {
		t.Fatal("merging into no table")
	}
}

func TestTargetCheck(t *testing.T) {
	cat := catalog.MustLoad()
	tests := []struct {
		target Target
		want   string
	}{
		{Target{Key: "bls"}, ""},
		{Target{Key: "oig_exclusion_check", Also: []string{"sam_exclusion_check"}}, ""},
		{Target{}, "no requirement key"},
		{Target{Key: "bls_card"}, `unknown requirement key "bls_card"`},
		{Target{Key: "bls", Also: []string{"acls", "nope"}}, `unknown requirement key "nope"`},
		{Target{Key: "bls", Also: []string{"bls"}}, `requirement key "bls" named twice`},
	}
	for _, tt := range tests {
		err := tt.target.Check(cat)
		if got := errString(err); got != tt.want {
			t.Errorf("%+v: err = %q, want %q", tt.target, got, tt.want)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestDescribe(t *testing.T) {
	cat := catalog.MustLoad()
	tests := []struct {
		key  string
		want Requirement
	}{
		{"bls", Requirement{Key: "bls", FulfillmentType: "DOCUMENT", DocumentCategory: "certification", DocumentType: "bls", DocumentTypes: []string{"bls"}}},
		{"tb_screening", Requirement{Key: "tb_screening", FulfillmentType: "DOCUMENT", DocumentCategory: "health",
			DocumentTypes: []string{"tb_skin_test", "tb_blood_test", "chest_xray"}}},
		{"government_id", Requirement{Key: "government_id", FulfillmentType: "DOCUMENT", DocumentCategory: "identity",
			DocumentTypes: []string{"drivers_license", "passport"}}},
		{"oig_exclusion_check", Requirement{Key: "oig_exclusion_check", FulfillmentType: "REGISTRY_SEARCH"}},
		{"attestation_statement", Requirement{Key: "attestation_statement", FulfillmentType: "STATEMENT"}},
		{"orientation", Requirement{Key: "orientation", FulfillmentType: "PASS_THROUGH"}},
	}
	for _, tt := range tests {
		got, err := Describe(cat, tt.key)
		if err != nil || got.Key != tt.want.Key || got.FulfillmentType != tt.want.FulfillmentType ||
			got.DocumentCategory != tt.want.DocumentCategory || got.DocumentType != tt.want.DocumentType ||
			!slices.Equal(got.DocumentTypes, tt.want.DocumentTypes) {
			t.Errorf("Describe(%q) = %+v, %v; want %+v", tt.key, got, err, tt.want)
		}
	}
	if _, err := Describe(cat, "nope"); errString(err) != `unknown requirement key "nope"` {
		t.Errorf("Describe(nope) err = %v", err)
	}

	// Accepted types of different categories: no one category is true of
	// every document that fulfils the requirement.
	mixed, err := catalog.Parse(
		[]byte("types:\n  a: {category: health, fields: [x]}\n  b: {category: identity, fields: [x]}\n  other: {category: other, fields: [x]}\n"),
		[]byte("requirements:\n  r: {accepts: [a, b]}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := Describe(mixed, "r"); err != nil || got.DocumentCategory != "" || got.DocumentType != "" || len(got.DocumentTypes) != 2 {
		t.Errorf("Describe(mixed) = %+v, %v", got, err)
	}
}

func TestTablePlaceholders(t *testing.T) {
	tab, err := NewTable([]Entry{
		{Label: "Skills checklist – {dept}", Target: Target{Key: "skills_checklist"}},
		{Label: "{state} RN license or compact license", Target: Target{Key: "nursing_license"}},
		{Label: "{facility} orientation {what}", Target: Target{Key: "orientation"}},
		{Label: "{facility} orientation modules", Target: Target{Key: "orientation", PacketGroup: "Facility"}},
		{Label: "Skills checklist – ICU", Target: Target{Key: "skills_checklist", SortOrder: 5}},
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		label string
		want  string // key, "" for none
		order int
	}{
		{"Skills checklist – Med/Surg", "skills_checklist", 0},
		{"Skills checklist - Cath Lab", "skills_checklist", 0},
		{"Skills checklist – ICU", "skills_checklist", 5},                         // the label itself before a pattern
		{"Skills checklist", "", 0},                                               // a placeholder is at least one word
		{"Skills checklist – ICU, not required for travelers this season", "", 0}, // and at most four
		{"WA RN license or compact license", "nursing_license", 0},
		{"Gulf Coast Regional orientation day 1", "orientation", 0},
		// fits "{facility} orientation {what}" and "{facility} orientation
		// modules", which disagree on the packet group: for a person
		{"St. Brigid orientation modules", "", 0},
	}
	for _, tt := range tests {
		e, ok := tab.Lookup(tt.label)
		if ok != (tt.want != "") || e.Key != tt.want || e.SortOrder != tt.order {
			t.Errorf("Lookup(%q) = %+v, %v; want %q", tt.label, e, ok, tt.want)
		}
	}

	for _, bad := range []struct{ label, want string }{
		{"{facility} {dept}", `label "{facility} {dept}" is only placeholders: it would match any short label`},
		{"{dept} – Skills checklist", ""},
	} {
		_, err := NewTable([]Entry{{Label: "Skills checklist {x}", Target: Target{Key: "bls"}}, {Label: bad.label, Target: Target{Key: "bls"}}})
		if errString(err) != bad.want {
			t.Errorf("NewTable with %q: err = %v, want %q", bad.label, err, bad.want)
		}
	}
	_, err = NewTable([]Entry{{Label: "Skills checklist – {dept}", Target: Target{Key: "bls"}}, {Label: "skills checklist {unit}", Target: Target{Key: "bls"}}})
	if errString(err) != `label "skills checklist {unit}" is the same as "Skills checklist – {dept}" once normalised ("skills checklist {}")` {
		t.Errorf("duplicate patterns: err = %v", err)
	}

	// A learned mapping the file's pattern contradicts is set aside; one it
	// agrees with adds nothing; labels no pattern fits are added.
	merged, conflicts := tab.Merge([]Entry{
		{Label: "Skills checklist – PACU", Target: Target{Key: "resume"}},
		{Label: "Skills checklist – Tele", Target: Target{Key: "skills_checklist"}},
		{Label: "Skills checklist", Target: Target{Key: "skills_checklist"}},
	})
	if len(conflicts) != 1 || conflicts[0].Learned.Label != "Skills checklist – PACU" || conflicts[0].File.Label != "Skills checklist – {dept}" {
		t.Fatalf("conflicts = %+v", conflicts)
	}
	if merged.Len() != tab.Len()+1 {
		t.Fatalf("merged %d entries, file %d", merged.Len(), tab.Len())
	}
	if e, ok := merged.Lookup("Skills checklist"); !ok || !e.Learned {
		t.Fatalf("learned = %+v, %v", e, ok)
	}
	if e, _ := merged.Lookup("Skills checklist – PACU"); e.Key != "skills_checklist" || e.Learned {
		t.Fatalf("pattern lost to a learned entry: %+v", e)
	}
}
