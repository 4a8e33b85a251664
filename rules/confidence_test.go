package rules

import (
	"strings"
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

// A titer read unsurely is never passed over: where the titer decides
// (hepatitis B) doses do not pass beside it, and where nothing else passes
// it is for a person to read, not a failure.
func TestUnsureTiter(t *testing.T) {
	cand := Candidate{FirstName: "Maria", LastName: "Alvarez"}
	three := []string{"2010-01-01", "2010-02-01", "2010-07-01"}
	tests := []struct {
		name, req, typ string
		fields         map[string]any
		want, reason   string
	}{
		{"hep b doses beside an unsure titer", "hepatitis_b", "hepatitis_b_record", map[string]any{"full_name": "Maria Alvarez", "dose_dates": three}, NotSupported, ReasonLowConfidence},
		{"hep b one dose beside an unsure titer", "hepatitis_b", "hepatitis_b_record", map[string]any{"full_name": "Maria Alvarez", "dose_dates": three[:1]}, NotSupported, ReasonLowConfidence},
		{"hep b declined beside an unsure titer", "hepatitis_b", "hepatitis_b_record", map[string]any{"full_name": "Maria Alvarez", "declined": true}, Valid, ""},
		{"mmr doses beside an unsure titer", "mmr_immunity", "mmr_record", map[string]any{"full_name": "Maria Alvarez", "dose_dates": three[:2]}, Valid, ""},
		{"mmr no doses beside an unsure titer", "mmr_immunity", "mmr_record", map[string]any{"full_name": "Maria Alvarez"}, NotSupported, ReasonLowConfidence},
		{"mmr non-immune titer", "mmr_immunity", "mmr_record", map[string]any{"full_name": "Maria Alvarez", "titer_result": "non_immune"}, Invalid, ReasonNotImmune},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := Evaluate(testCatalog, requirement(t, tt.req), Input{DocumentType: tt.typ, Readable: true, Fields: tt.fields, Candidate: cand,
				AsOf: day(defaultAsOf), Uncertain: map[string]float64{"titer_result": 0.4}})
			checkInvariants(t, tree)
			if tree.Result != tt.want {
				t.Fatalf("result %s, want %s: %+v", tree.Result, tt.want, tree.Rules)
			}
			if r := tree.Rules[len(tree.Rules)-1]; r.Reason != tt.reason {
				t.Fatalf("%s reason %q, want %q (%s)", r.Rule, r.Reason, tt.reason, r.Message)
			}
		})
	}
}

// A window is never counted from a fallback date when the date the
// document is judged by was read unsurely.
func TestUnsureJudgedDate(t *testing.T) {
	cand := Candidate{FirstName: "Maria", LastName: "Alvarez"}
	tests := []struct {
		name, req, typ string
		fields         map[string]any
		unsure         map[string]float64
		want           string
	}{
		{"exam date unsure, issue date recent", "tb_screening", "chest_xray", map[string]any{"full_name": "Maria Alvarez", "result": "negative", "issue_date": "2026-02-01"},
			map[string]float64{"exam_date": 0.4}, NotSupported},
		{"exam date read", "tb_screening", "chest_xray", map[string]any{"full_name": "Maria Alvarez", "result": "negative", "exam_date": "2026-02-01"},
			nil, Valid},
		{"expiry unsure, completion recent", "hipaa_training", "hipaa_training", map[string]any{"full_name": "Maria Alvarez", "completion_date": "2026-02-01"},
			map[string]float64{"expiration_date": 0.3}, NotSupported},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := Evaluate(testCatalog, requirement(t, tt.req), Input{DocumentType: tt.typ, Readable: true, Fields: tt.fields, Candidate: cand,
				AsOf: day(defaultAsOf), Uncertain: tt.unsure})
			checkInvariants(t, tree)
			if tree.Result != tt.want {
				t.Fatalf("result %s, want %s: %+v", tree.Result, tt.want, tree.Rules)
			}
		})
	}
}

// validValue is a value of field that passes every rule of the catalog as
// of defaultAsOf.
func validValue(field string, r []catalog.Rule) any {
	switch field {
	case fieldFullName:
		return "Maria Alvarez"
	case fieldFirstName:
		return "Maria"
	case fieldLastName:
		return "Alvarez"
	case fieldMiddleName:
		return ""
	case fieldDateOfBirth:
		return "1990-04-12"
	case fieldExpirationDate:
		return "2027-01-01"
	case fieldResult, fieldLicenseStatus:
		for _, rule := range r {
			if len(rule.Strings) > 0 {
				return rule.Strings[0]
			}
		}
		return "negative"
	case fieldTiterResult:
		return titerImmune
	case fieldDoseDates:
		return []string{"2010-01-01", "2010-02-01", "2010-07-01"}
	case fieldDeclined, fieldCleared:
		return true
	case fieldSeason:
		return "2025-2026"
	case "induration_mm":
		return 0
	}
	if strings.HasSuffix(field, "_date") {
		return "2026-03-01"
	}
	return "x"
}

// Read unsurely, a field never does better than left out: where a
// document without it is not VALID, a document with it uncertain is not
// VALID either, for every field of every type of every requirement.
func TestUnsureNeverBetterThanAbsent(t *testing.T) {
	cand := Candidate{FirstName: "Maria", LastName: "Alvarez", DateOfBirth: "1990-04-12"}
	for _, req := range testCatalog.Requirements() {
		if req.Fulfillment != catalog.FulfillDocument {
			continue
		}
		for _, typ := range req.Accepts {
			dt, _ := testCatalog.Type(typ)
			fields := map[string]any{}
			for _, f := range dt.Fields {
				fields[f] = validValue(f, req.Rules)
			}
			in := Input{DocumentType: typ, Readable: true, Fields: fields, Candidate: cand, AsOf: day(defaultAsOf)}
			if tree := Evaluate(testCatalog, req, in); tree.Result != Valid {
				t.Fatalf("%s/%s: the valid fixture is %s: %+v", req.Key, typ, tree.Result, tree.Rules)
			}
			for _, f := range dt.Fields {
				without := map[string]any{}
				for k, v := range fields {
					if k != f {
						without[k] = v
					}
				}
				absent := Evaluate(testCatalog, req, Input{DocumentType: typ, Readable: true, Fields: without, Candidate: cand, AsOf: day(defaultAsOf)})
				unsure := Evaluate(testCatalog, req, Input{DocumentType: typ, Readable: true, Fields: without, Candidate: cand, AsOf: day(defaultAsOf),
					Uncertain: map[string]float64{f: 0.3}})
				checkInvariants(t, unsure)
				if absent.Result != Valid && unsure.Result == Valid {
					t.Errorf("%s/%s: VALID with %s uncertain, %s without it", req.Key, typ, f, absent.Result)
				}
			}
		}
	}
}

// Where doses outweigh a titer (MMR, varicella), a non-immune titer beside
// doses read unsurely is for a person to judge; where the titer decides
// (hepatitis B) it fails.
func TestUnsureDosesBesideNonImmuneTiter(t *testing.T) {
	cand := Candidate{FirstName: "Maria", LastName: "Alvarez"}
	for _, tt := range []struct{ req, typ, want string }{
		{"mmr_immunity", "mmr_record", NotSupported},
		{"varicella_immunity", "varicella_record", NotSupported},
		{"hepatitis_b", "hepatitis_b_record", Invalid},
	} {
		tree := Evaluate(testCatalog, requirement(t, tt.req), Input{DocumentType: tt.typ, Readable: true,
			Fields: map[string]any{"full_name": "Maria Alvarez", "titer_result": "non_immune"}, Candidate: cand,
			AsOf: day(defaultAsOf), Uncertain: map[string]float64{"dose_dates": 0.4}})
		checkInvariants(t, tree)
		if tree.Result != tt.want {
			t.Errorf("%s: %s, want %s: %+v", tt.req, tree.Result, tt.want, tree.Rules)
		}
	}
}

// A field that would let a rule pass, read unsurely, never leaves that
// rule failing: "the reader saw it but not surely" is for a person to
// read, whichever of a rule's several fields it is (a TB skin test's
// administered date where no read date is printed, a declination beside
// no doses, a season beside no vaccine date). Checked on every field of
// every type of every requirement, beside the other fields all read and
// beside nothing but the name.
func TestUnsureFieldThatCouldPassNeverFails(t *testing.T) {
	cand := Candidate{FirstName: "Maria", LastName: "Alvarez", DateOfBirth: "1990-04-12"}
	asOf := day(defaultAsOf)
	for _, req := range testCatalog.Requirements() {
		if req.Fulfillment != catalog.FulfillDocument {
			continue
		}
		for _, typ := range req.Accepts {
			dt, _ := testCatalog.Type(typ)
			all := map[string]any{}
			for _, f := range dt.Fields {
				all[f] = validValue(f, req.Rules)
			}
			nameOnly := map[string]any{fieldFullName: "Maria Alvarez"}
			for _, f := range dt.Fields {
				for _, base := range []map[string]any{all, nameOnly} {
					without, with := map[string]any{}, map[string]any{f: validValue(f, req.Rules)}
					for k, v := range base {
						if k != f {
							without[k], with[k] = v, v
						}
					}
					absent := Evaluate(testCatalog, req, Input{DocumentType: typ, Readable: true, Fields: without, Candidate: cand, AsOf: asOf})
					present := Evaluate(testCatalog, req, Input{DocumentType: typ, Readable: true, Fields: with, Candidate: cand, AsOf: asOf})
					unsure := Evaluate(testCatalog, req, Input{DocumentType: typ, Readable: true, Fields: without, Candidate: cand, AsOf: asOf,
						Uncertain: map[string]float64{f: 0.3}})
					checkInvariants(t, unsure)
					for k, r := range unsure.Rules {
						if absent.Rules[k].Result == Fail && present.Rules[k].Result == Pass && r.Result == Fail {
							t.Errorf("%s/%s: rule %s fails (%s, %s) with %s uncertain, though %s read would pass it",
								req.Key, typ, r.Rule, r.Reason, r.Field, f, f)
						}
						if r.Result == Pass && absent.Rules[k].Result != Pass {
							t.Errorf("%s/%s: rule %s passes with %s uncertain but not without it", req.Key, typ, r.Rule, f)
						}
					}
				}
			}
		}
	}
}

// A field the reader found printed but could not read at all (confidence
// 0) skips its rule saying so, not quoting a confidence.
func TestUnreadFieldMessage(t *testing.T) {
	req, _ := testCatalog.Requirement("bls")
	tests := []struct {
		conf    float64
		message string
	}{
		{0, "The document prints the expiration date, but it could not be read, so it was not judged; a person must read it on the document."},
		{0.31, "The expiration date was read with confidence 0.31, below what this field needs, so it was not judged; a person must read it on the document."},
	}
	for _, tt := range tests {
		in := Input{DocumentType: "bls", Readable: true, Fields: map[string]any{"full_name": "Maria Alvarez"},
			Candidate: Candidate{FirstName: "Maria", LastName: "Alvarez"}, AsOf: day(defaultAsOf),
			Uncertain: map[string]float64{"expiration_date": tt.conf}}
		tree := Evaluate(testCatalog, req, in)
		if tree.Result != NotSupported {
			t.Errorf("confidence %v: %s, want %s", tt.conf, tree.Result, NotSupported)
		}
		for _, r := range tree.Rules {
			if r.Rule == "not_expired" && (r.Result != Skipped || r.Reason != ReasonLowConfidence || r.Message != tt.message) {
				t.Errorf("confidence %v: not_expired = %s/%s %q, want skipped/%s %q", tt.conf, r.Result, r.Reason, r.Message, ReasonLowConfidence, tt.message)
			}
		}
	}
}
