package catalog

import (
	"strings"
	"testing"
)

func TestLoadEmbedded(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	bls, ok := c.Type("bls")
	if !ok || bls.Category != "certification" || bls.SchemaID() != "bls.v1" || !bls.HasField("expiration_date") {
		t.Fatalf("bls type = %+v", bls)
	}
	tb, ok := c.Requirement("tb_screening")
	if !ok || len(tb.Accepts) != 3 || len(tb.Rules) != 2 {
		t.Fatalf("tb_screening = %+v", tb)
	}
	if tb.Rules[0].Name != "result_is" || tb.Rules[0].Strings[0] != "negative" || tb.Rules[1].Int != 12 {
		t.Fatalf("tb rules = %+v", tb.Rules)
	}
	oig, _ := c.Requirement("oig_exclusion_check")
	if oig.Fulfillment != FulfillRegistrySearch || oig.Registries[0] != "oig-exclusion" {
		t.Fatalf("oig = %+v", oig)
	}
	if r, _ := c.Requirement("bls"); r.Fulfillment != FulfillDocument {
		t.Fatalf("default fulfillment = %q", r.Fulfillment)
	}
	// Every shipped requirement has a name for people (the label of a row
	// a matrix lists by key), not its key.
	for _, r := range c.Requirements() {
		if r.Name == "" || r.Name == r.Key {
			t.Errorf("requirement %s has no name of its own", r.Key)
		}
	}
	if r, _ := c.Requirement("ofac_check"); r.Name != "OFAC sanctions check (SDN)" {
		t.Errorf("ofac_check is called %q", r.Name)
	}
}

func TestParseRejects(t *testing.T) {
	types := "types:\n  bls: {category: certification, fields: [full_name]}\n  other: {category: other, fields: [full_name]}\n"
	tests := []struct {
		name, types, reqs, want string
	}{
		{"unknown rule", types, "requirements:\n  bls: {accepts: [bls], rules: [made_up]}\n", `unknown rule "made_up"`},
		{"unknown accepted type", types, "requirements:\n  x: {accepts: [nope]}\n", `accepts unknown type "nope"`},
		{"int rule without int", types, "requirements:\n  x: {accepts: [bls], rules: [{within_months: soon}]}\n", "needs a positive integer"},
		{"no other type", "types:\n  bls: {category: c, fields: [a]}\n", "requirements: {}\n", `"other" type is required`},
		{"unknown fulfillment", types, "requirements:\n  x: {fulfillment: MAGIC}\n", "unknown fulfillment"},
		{"registry without registries", types, "requirements:\n  x: {fulfillment: REGISTRY_SEARCH}\n", "names no registry"},
		{"threshold above 1", "confidence_thresholds: {default: 1.5}\n" + types, "requirements: {}\n", "confidence_thresholds.default is 1.5"},
		{"negative validity", "types:\n  bls: {category: c, fields: [a], max_validity_years: -2}\n  other: {category: other, fields: [full_name]}\n", "requirements: {}\n", "max_validity_years -2"},
		{"issuer validity of zero", "types:\n  bls: {category: c, fields: [a], max_validity_by_issuer: {AHA: 0}}\n  other: {category: other, fields: [full_name]}\n", "requirements: {}\n", `max_validity_by_issuer needs an issuer name and a positive number of years (got "AHA": 0)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.types), []byte(tt.reqs))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want containing %q", err, tt.want)
			}
		})
	}
}

func TestConfidenceThreshold(t *testing.T) {
	types := "confidence_thresholds: {default: 0.6, expiration_date: 0.8}\ntypes:\n  other: {category: other, fields: [full_name]}\n"
	c, err := Parse([]byte(types), []byte("requirements: {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	bare, err := Parse([]byte("types:\n  other: {category: other, fields: [full_name]}\n"), []byte("requirements: {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		c     *Catalog
		field string
		want  float64
	}{{c, "expiration_date", 0.8}, {c, "full_name", 0.6}, {bare, "full_name", 0.5}, {MustLoad(), "issue_date", 0.5}} {
		if got := tt.c.ConfidenceThreshold(tt.field); got != tt.want {
			t.Errorf("ConfidenceThreshold(%s) = %v, want %v", tt.field, got, tt.want)
		}
	}
}

func TestMaxValidity(t *testing.T) {
	emb := MustLoad()
	custom, err := Parse([]byte(`types:
  tncc: {category: certification, fields: [a], max_validity_years: 4, max_validity_by_issuer: {"Emergency Nurses Association": 4, "Acme Trauma": 3}}
  bls: {category: certification, fields: [a], max_validity_by_issuer: {"American Heart Association": 2}}
  other: {category: other, fields: [full_name]}
`), []byte("requirements: {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name        string
		c           *Catalog
		typ, issuer string
		want        int
		wantOK      bool
	}{
		{"AHA BLS", emb, "bls", "American Heart Association", 2, true},
		{"Red Cross ACLS", emb, "acls", "American Red Cross", 2, true},
		{"issuer unknown falls back to the type", emb, "pals", "Prime Medical Training", 2, true},
		{"no issuer read", emb, "pals", "", 2, true},
		{"ENA TNCC", emb, "tncc", "Emergency Nurses Association", 4, true},
		{"AAP NRP", emb, "nrp", "American Academy of Pediatrics", 2, true},
		{"passport", emb, "passport", "", 10, true},
		{"a type without a limit", emb, "nursing_license", "Texas Board of Nursing", 0, false},
		{"unknown type", emb, "nope", "", 0, false},
		{"issuer spelled otherwise", custom, "tncc", "ACME TRAUMA, Inc.", 3, true},
		{"issuer's own limit beats the type's", custom, "tncc", "Emergency Nurses Association (ENA)", 4, true},
		{"only issuer limits, issuer unknown", custom, "bls", "Someone Else", 0, false},
		{"only issuer limits, issuer known", custom, "bls", "american heart association", 2, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.c.MaxValidity(tt.typ, tt.issuer)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("MaxValidity(%q, %q) = %d, %v; want %d, %v", tt.typ, tt.issuer, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}
