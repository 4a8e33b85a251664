package rules

import (
	"testing"
	"time"

	"github.com/clearedtostart/compliance/catalog"
)

// A field read too unsurely must never make a document VALID, and must
// not fail it as if the document lacked the field: every rule that fails
// only for a missing field is skipped instead, and the tree is
// NOT_SUPPORTED.
func TestUncertainFieldsSkipRules(t *testing.T) {
	cand := Candidate{FirstName: "Maria", LastName: "Alvarez", DateOfBirth: "1990-04-12"}
	for _, req := range testCatalog.Requirements() {
		if req.Fulfillment != catalog.FulfillDocument {
			continue
		}
		for _, typ := range req.Accepts {
			dt, _ := testCatalog.Type(typ)
			unsure := map[string]float64{}
			for _, f := range dt.Fields {
				unsure[f] = 0.31
			}
			in := Input{DocumentType: typ, Readable: true, Fields: map[string]any{}, Candidate: cand, AsOf: day(defaultAsOf), Uncertain: unsure}
			tree := Evaluate(testCatalog, req, in)
			checkInvariants(t, tree)
			plain := Evaluate(testCatalog, req, Input{DocumentType: typ, Readable: true, Fields: map[string]any{}, Candidate: cand, AsOf: day(defaultAsOf)})
			for k, r := range tree.Rules {
				if r.Result == Fail && r.Reason == ReasonMissingField {
					t.Errorf("%s/%s: rule %s still fails for a missing field %q although it was read unsurely", req.Key, typ, r.Rule, r.Field)
				}
				if plain.Rules[k].Reason == ReasonMissingField && (r.Result != Skipped || r.Reason != ReasonLowConfidence || r.Actual != nil) {
					t.Errorf("%s/%s: rule %s = %+v, want skipped/low_confidence without a value", req.Key, typ, r.Rule, r)
				}
			}
			if tree.Result == Valid {
				t.Errorf("%s/%s: VALID on fields nobody read surely", req.Key, typ)
			}
		}
	}
}

func TestUncertainVerdicts(t *testing.T) {
	bls := requirement(t, "bls")
	cand := Candidate{FirstName: "Maria", LastName: "Alvarez"}
	asOf := time.Date(2026, 3, 15, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		fields map[string]any
		unsure map[string]float64
		want   string
		reason string // of the expiry rule
	}{
		{"expiry unsure, rest fine", map[string]any{"full_name": "Maria Alvarez"}, map[string]float64{"expiration_date": 0.42}, NotSupported, ReasonLowConfidence},
		{"expiry unsure, name of another", map[string]any{"full_name": "Marta Lopez"}, map[string]float64{"expiration_date": 0.42}, Invalid, ReasonLowConfidence},
		{"expiry absent", map[string]any{"full_name": "Maria Alvarez"}, map[string]float64{"certificate_id": 0.2}, Invalid, ReasonMissingField},
		{"expiry read", map[string]any{"full_name": "Maria Alvarez", "expiration_date": "2027-01-01"}, map[string]float64{"certificate_id": 0.2}, Valid, ""},
		{"name unsure", map[string]any{"expiration_date": "2027-01-01"}, map[string]float64{"full_name": 0.4}, NotSupported, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := Evaluate(testCatalog, bls, Input{DocumentType: "bls", Readable: true, Fields: tt.fields, Candidate: cand, AsOf: asOf, Uncertain: tt.unsure})
			checkInvariants(t, tree)
			if tree.Result != tt.want {
				t.Fatalf("result %s, want %s: %+v", tree.Result, tt.want, tree.Rules)
			}
			for _, r := range tree.Rules {
				if r.Field == "expiration_date" && tt.reason != "" && r.Reason != tt.reason {
					t.Errorf("expiry rule reason %q, want %q", r.Reason, tt.reason)
				}
				if r.Reason == ReasonLowConfidence && r.Message == "" {
					t.Errorf("rule %s skipped without a message", r.Rule)
				}
			}
		})
	}
}
