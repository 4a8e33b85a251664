package pipeline

import (
	"os"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/rules"
)

// A field read less surely than the catalog's threshold for it is not
// reported, is listed as uncertain, and its rule is skipped: the verdict is
// NOT_SUPPORTED, never VALID on a guess.
func TestFieldsUnderThreshold(t *testing.T) {
	types, err := os.ReadFile("../catalog/document-types.yaml")
	if err != nil {
		t.Fatal(err)
	}
	reqs, err := os.ReadFile("../catalog/requirements.yaml")
	if err != nil {
		t.Fatal(err)
	}
	strict := strings.Replace(string(types), "  default: 0.5\n", "  default: 0.5\n  expiration_date: 0.99\n", 1)
	if strict == string(types) {
		t.Fatal("catalog has no confidence_thresholds default to extend")
	}
	r := sampledocs.Seeded(5)
	p := sampledocs.NewPerson(r)
	doc := sampledocs.Generate(r, "bls", p, sampledocs.Options{})
	pdf, err := sampledocs.RenderPDF(doc)
	if err != nil {
		t.Fatal(err)
	}
	cand := rules.Candidate{FirstName: p.FirstName, LastName: p.LastName}
	for _, tt := range []struct {
		name      string
		types     string
		want      string
		uncertain bool
	}{
		{"default thresholds", string(types), rules.Valid, false},
		{"expiry needs 0.99", strict, rules.NotSupported, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cat, err := catalog.Parse([]byte(tt.types), reqs)
			if err != nil {
				t.Fatal(err)
			}
			e := engine(t)
			e.cat = cat
			res, err := e.Process(t.Context(), pdf, "application/pdf", ProcessOptions{Requirement: "bls", SingleDocument: true, AsOf: asOf, Candidate: cand})
			if err != nil {
				t.Fatal(err)
			}
			j := res.Segments[0].Judgement
			if got := *res.Validation.Result; got != tt.want {
				t.Fatalf("validation %s, want %s (%+v)", got, tt.want, j.Validations)
			}
			_, reported := j.Fields["expiration_date"]
			unc, _ := j.DerivedFields["uncertain_fields"].([]string)
			if reported == tt.uncertain || (len(unc) == 1) != tt.uncertain {
				t.Fatalf("expiration_date reported %v, uncertain_fields %v", reported, unc)
			}
			reasons, _ := j.DerivedFields["uncertain_reasons"].(map[string]string)
			if want := "read with confidence"; tt.uncertain != strings.HasPrefix(reasons["expiration_date"], want) || len(reasons) != len(unc) {
				t.Fatalf("uncertain_reasons %v, want one starting %q for each of %v", reasons, want, unc)
			}
			if conf := j.DerivedFields["field_confidence"].(map[string]float64); conf["expiration_date"] <= 0 {
				t.Fatalf("no confidence kept for expiration_date: %v", conf)
			}
			if tt.uncertain && j.ExpiresAt != nil {
				t.Fatalf("expires_at %v from an uncertain expiry", j.ExpiresAt)
			}
		})
	}
}
