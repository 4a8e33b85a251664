package rules

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	// The time zone database travels with the test binary, so TestAsOf
	// never depends on the machine's.
	_ "time/tzdata"

	"github.com/clearedtostart/compliance/catalog"
)

var testCatalog = catalog.MustLoad()

// defaultAsOf is mid influenza season 2025-2026.
const defaultAsOf = "2026-03-15"

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func requirement(t *testing.T, key string) *catalog.Requirement {
	t.Helper()
	r, ok := testCatalog.Requirement(key)
	if !ok {
		t.Fatalf("requirement %q not in catalog", key)
	}
	return r
}

var (
	snakeCase  = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	goLeakage  = []string{"%!", "<nil>", "parsing time", "strconv", "map[", "[]interface", "cannot parse"}
	ruleStates = []string{Pass, Fail, Skipped, NotEvaluated}
)

// checkInvariants holds for every tree any test produces: what a client
// may rely on whatever the input.
func checkInvariants(t *testing.T, tree Tree) {
	t.Helper()
	if !slices.Contains([]string{Valid, Invalid, NotSupported}, tree.Result) {
		t.Errorf("tree result %q", tree.Result)
	}
	if _, err := time.Parse(time.DateOnly, tree.AsOf); err != nil {
		t.Errorf("as_of %q", tree.AsOf)
	}
	allOK := true
	for _, r := range tree.Rules {
		if !slices.Contains(ruleStates, r.Result) {
			t.Errorf("rule %s: result %q", r.Rule, r.Result)
		}
		if r.Result != Pass && r.Result != Skipped {
			allOK = false
		}
		if r.Result != Pass && r.Reason == "" {
			t.Errorf("rule %s: %s without a reason", r.Rule, r.Result)
		}
		if r.Reason != "" && !snakeCase.MatchString(r.Reason) {
			t.Errorf("rule %s: reason %q is not snake_case", r.Rule, r.Reason)
		}
		if r.Message == "" || !strings.HasSuffix(r.Message, ".") {
			t.Errorf("rule %s: message %q is not a sentence", r.Rule, r.Message)
		}
		for _, bad := range goLeakage {
			if strings.Contains(r.Message, bad) {
				t.Errorf("rule %s: message leaks %q: %s", r.Rule, bad, r.Message)
			}
		}
	}
	if tree.Result == Valid && !allOK {
		t.Errorf("VALID tree with a rule that neither passed nor was skipped: %+v", tree.Rules)
	}
	if tree.Result == Invalid && allOK {
		t.Errorf("INVALID tree where every rule passed or was skipped: %+v", tree.Rules)
	}
	if _, err := json.Marshal(tree); err != nil {
		t.Errorf("tree does not marshal: %v", err)
	}
}

func evaluate(t *testing.T, reqKey string, in Input) Tree {
	t.Helper()
	req := requirement(t, reqKey)
	if in.DocumentType == "" {
		in.DocumentType = req.Accepts[0]
	}
	if in.AsOf.IsZero() {
		in.AsOf = day(defaultAsOf)
	}
	in.Readable = true
	tree := Evaluate(testCatalog, req, in)
	checkInvariants(t, tree)
	return tree
}

func findRule(t *testing.T, tree Tree, name string) RuleResult {
	t.Helper()
	for _, r := range tree.Rules {
		if r.Rule == name {
			return r
		}
	}
	t.Fatalf("no rule %q in %+v", name, tree.Rules)
	return RuleResult{}
}

type f = map[string]any

// TestRuleKinds covers each rule of the catalog on its own: the candidate
// carries no name or date of birth, so the requirement's own rules decide.
func TestRuleKinds(t *testing.T) {
	tests := []struct {
		name    string
		req     string
		docType string // default: the requirement's first accepted type
		asOf    string // default: defaultAsOf
		fields  f
		rule    string // default: the requirement's only rule
		result  string
		reason  string
		field   string // checked when set
	}{
		// not_expired
		{name: "not expired", req: "bls", fields: f{"expiration_date": "2027-01-31"}, result: Pass},
		{name: "expires on as_of", req: "bls", fields: f{"expiration_date": "2026-03-15"}, result: Pass},
		{name: "expired the day before", req: "bls", fields: f{"expiration_date": "2026-03-14"}, result: Fail, reason: ReasonExpired},
		{name: "expiration missing", req: "bls", fields: f{"issue_date": "2025-01-01"}, result: Fail, reason: ReasonMissingField, field: "expiration_date"},
		{name: "expiration blank", req: "acls", fields: f{"expiration_date": "  "}, result: Fail, reason: ReasonMissingField},
		{name: "expiration US format", req: "pals", fields: f{"expiration_date": "03/15/2027"}, result: Fail, reason: ReasonInvalidValue},
		{name: "expiration impossible day", req: "nrp", fields: f{"expiration_date": "2027-02-30"}, result: Fail, reason: ReasonInvalidValue},
		{name: "expiration misread year", req: "tncc", fields: f{"expiration_date": "2926-01-01"}, result: Fail, reason: ReasonInvalidValue},
		{name: "expiration not a string", req: "bls", fields: f{"expiration_date": 20270101}, result: Fail, reason: ReasonInvalidValue},
		{name: "expiration as a time", req: "bls", fields: f{"expiration_date": time.Date(2027, 1, 31, 0, 0, 0, 0, time.UTC)}, result: Pass},
		// A zero time is no date; it must not stand for the day it is read.
		{name: "expiration zero time", req: "bls", fields: f{"expiration_date": time.Time{}}, result: Fail, reason: ReasonInvalidValue},
		{name: "expiration padded", req: "bls", fields: f{"expiration_date": " 2027-01-31 "}, result: Pass},
		{name: "expiration leap day on leap as_of", req: "bls", asOf: "2028-02-29", fields: f{"expiration_date": "2028-02-29"}, result: Pass},
		{name: "expiration before leap as_of", req: "bls", asOf: "2028-02-29", fields: f{"expiration_date": "2028-02-28"}, result: Fail, reason: ReasonExpired},
		{name: "leap day in non-leap year", req: "bls", fields: f{"expiration_date": "2027-02-29"}, result: Fail, reason: ReasonInvalidValue},
		{name: "passport for government id", req: "government_id", docType: "passport", fields: f{"expiration_date": "2030-06-01"}, result: Pass},

		// license_status_is
		{name: "license active", req: "nursing_license", fields: f{"expiration_date": "2027-01-01", "license_status": "Active"}, rule: "license_status_is", result: Pass},
		{name: "license active shouting", req: "nursing_license", fields: f{"expiration_date": "2027-01-01", "license_status": " ACTIVE "}, rule: "license_status_is", result: Pass},
		{name: "license inactive", req: "nursing_license", fields: f{"expiration_date": "2027-01-01", "license_status": "Inactive"}, rule: "license_status_is", result: Fail, reason: ReasonStatusNotAccepted},
		{name: "license active with probation", req: "nursing_license", fields: f{"expiration_date": "2027-01-01", "license_status": "Active - Probation"}, rule: "license_status_is", result: Fail, reason: ReasonStatusNotAccepted},
		{name: "license status missing", req: "nursing_license", fields: f{"expiration_date": "2027-01-01"}, rule: "license_status_is", result: Fail, reason: ReasonMissingField},
		{name: "license status not text", req: "nursing_license", fields: f{"expiration_date": "2027-01-01", "license_status": true}, rule: "license_status_is", result: Fail, reason: ReasonInvalidValue},
		{name: "license expired", req: "nursing_license", fields: f{"expiration_date": "2026-01-01", "license_status": "Active"}, rule: "not_expired", result: Fail, reason: ReasonExpired},

		// result_is
		{name: "tb negative", req: "tb_screening", fields: f{"result": "Negative", "read_date": "2026-01-10"}, rule: "result_is", result: Pass},
		{name: "tb positive", req: "tb_screening", fields: f{"result": "positive", "read_date": "2026-01-10"}, rule: "result_is", result: Fail, reason: ReasonResultNotAccepted},
		{name: "igra indeterminate", req: "tb_screening", docType: "tb_blood_test", fields: f{"result": "indeterminate", "collection_date": "2026-01-10"}, rule: "result_is", result: Fail, reason: ReasonResultNotAccepted},
		{name: "tb result missing", req: "tb_screening", fields: f{"read_date": "2026-01-10"}, rule: "result_is", result: Fail, reason: ReasonMissingField},
		{name: "drug screen negative", req: "drug_screen", fields: f{"result": "NEGATIVE", "collection_date": "2026-03-01"}, rule: "result_is", result: Pass},
		{name: "drug screen dilute positive", req: "drug_screen", fields: f{"result": "positive", "collection_date": "2026-03-01"}, rule: "result_is", result: Fail, reason: ReasonResultNotAccepted},
		{name: "fit test pass", req: "fit_test", fields: f{"result": "Pass", "test_date": "2026-03-01"}, rule: "result_is", result: Pass},
		{name: "fit test fail", req: "fit_test", fields: f{"result": "fail", "test_date": "2026-03-01"}, rule: "result_is", result: Fail, reason: ReasonResultNotAccepted},
		{name: "background consider", req: "background_check", fields: f{"result": "Consider", "completed_date": "2026-03-01"}, rule: "result_is", result: Fail, reason: ReasonResultNotAccepted},

		// within_months: the judged date per type
		{name: "skin test read exactly 12 months ago", req: "tb_screening", fields: f{"result": "negative", "read_date": "2025-03-15"}, rule: "within_months", result: Pass, field: "read_date"},
		{name: "skin test read a day beyond 12 months", req: "tb_screening", fields: f{"result": "negative", "read_date": "2025-03-14"}, rule: "within_months", result: Fail, reason: ReasonTooOld},
		{name: "skin test read tomorrow", req: "tb_screening", fields: f{"result": "negative", "read_date": "2026-03-16"}, rule: "within_months", result: Fail, reason: ReasonDateInFuture},
		{name: "skin test read today", req: "tb_screening", fields: f{"result": "negative", "read_date": "2026-03-15"}, rule: "within_months", result: Pass},
		{name: "skin test judged on administered when unread", req: "tb_screening", fields: f{"result": "negative", "administered_date": "2025-06-01"}, rule: "within_months", result: Pass, field: "administered_date"},
		{name: "read date preferred to administered", req: "tb_screening", fields: f{"result": "negative", "administered_date": "2025-03-13", "read_date": "2025-03-16"}, rule: "within_months", result: Pass, field: "read_date"},
		{name: "unreadable read date does not fall back", req: "tb_screening", fields: f{"result": "negative", "read_date": "3 days later", "administered_date": "2026-01-01"}, rule: "within_months", result: Fail, reason: ReasonInvalidValue, field: "read_date"},
		{name: "skin test undated", req: "tb_screening", fields: f{"result": "negative"}, rule: "within_months", result: Fail, reason: ReasonMissingField, field: "read_date"},
		{name: "igra collection date", req: "tb_screening", docType: "tb_blood_test", fields: f{"result": "negative", "collection_date": "2025-09-01"}, rule: "within_months", result: Pass, field: "collection_date"},
		{name: "chest xray exam date too old", req: "tb_screening", docType: "chest_xray", fields: f{"result": "negative", "exam_date": "2024-12-01"}, rule: "within_months", result: Fail, reason: ReasonTooOld, field: "exam_date"},
		{name: "chest xray falls back to issue date", req: "tb_screening", docType: "chest_xray", fields: f{"result": "negative", "issue_date": "2026-02-01"}, rule: "within_months", result: Pass, field: "issue_date"},
		{name: "leap as_of: 12 months back rolls to March 1", req: "tb_screening", asOf: "2024-02-29", fields: f{"result": "negative", "read_date": "2023-03-01"}, rule: "within_months", result: Pass},
		{name: "leap as_of: February 28 a year back is too old", req: "tb_screening", asOf: "2024-02-29", fields: f{"result": "negative", "read_date": "2023-02-28"}, rule: "within_months", result: Fail, reason: ReasonTooOld},
		{name: "leap-day test a year on", req: "tb_screening", asOf: "2025-02-28", fields: f{"result": "negative", "read_date": "2024-02-29"}, rule: "within_months", result: Pass},
		{name: "leap-day test a year and a day on", req: "tb_screening", asOf: "2025-03-01", fields: f{"result": "negative", "read_date": "2024-02-29"}, rule: "within_months", result: Fail, reason: ReasonTooOld},
		{name: "tdap exactly ten years", req: "tdap", fields: f{"administered_date": "2016-03-15"}, result: Pass, field: "administered_date"},
		{name: "tdap ten years and a day", req: "tdap", fields: f{"administered_date": "2016-03-14"}, result: Fail, reason: ReasonTooOld},
		{name: "tdap undated", req: "tdap", fields: f{"lot_number": "AC52"}, result: Fail, reason: ReasonMissingField},
		{name: "physical exam recent", req: "physical_exam", fields: f{"exam_date": "2025-11-02", "cleared": true}, rule: "within_months", result: Pass, field: "exam_date"},
		{name: "fit test too old", req: "fit_test", fields: f{"result": "pass", "test_date": "2025-03-01"}, rule: "within_months", result: Fail, reason: ReasonTooOld, field: "test_date"},
		{name: "background completed", req: "background_check", fields: f{"result": "clear", "completed_date": "2025-04-01"}, rule: "within_months", result: Pass, field: "completed_date"},
		{name: "skills checklist too old", req: "skills_checklist", fields: f{"completed_date": "2024-01-01"}, result: Fail, reason: ReasonTooOld, field: "completed_date"},
		{name: "skills checklist in future", req: "skills_checklist", fields: f{"completed_date": "2026-04-01"}, result: Fail, reason: ReasonDateInFuture},

		// within_days
		{name: "drug screen exactly 30 days", req: "drug_screen", fields: f{"result": "negative", "collection_date": "2026-02-13"}, rule: "within_days", result: Pass, field: "collection_date"},
		{name: "drug screen 31 days", req: "drug_screen", fields: f{"result": "negative", "collection_date": "2026-02-12"}, rule: "within_days", result: Fail, reason: ReasonTooOld},
		{name: "drug screen tomorrow", req: "drug_screen", fields: f{"result": "negative", "collection_date": "2026-03-16"}, rule: "within_days", result: Fail, reason: ReasonDateInFuture},
		{name: "drug screen across leap day", req: "drug_screen", asOf: "2028-03-15", fields: f{"result": "negative", "collection_date": "2028-02-14"}, rule: "within_days", result: Pass},
		{name: "drug screen across leap day, a day early", req: "drug_screen", asOf: "2028-03-15", fields: f{"result": "negative", "collection_date": "2028-02-13"}, rule: "within_days", result: Fail, reason: ReasonTooOld},
		{name: "drug screen unreadable date", req: "drug_screen", fields: f{"result": "negative", "collection_date": "yesterday"}, rule: "within_days", result: Fail, reason: ReasonInvalidValue},

		// immune_or_doses
		{name: "mmr immune titer", req: "mmr_immunity", fields: f{"titer_result": "Immune"}, result: Pass, field: "titer_result"},
		{name: "mmr two doses", req: "mmr_immunity", fields: f{"dose_dates": []string{"1991-05-01", "1995-09-01"}}, result: Pass, field: "dose_dates"},
		{name: "mmr two doses after JSON", req: "mmr_immunity", fields: f{"dose_dates": []any{"1991-05-01", "1995-09-01"}}, result: Pass},
		{name: "mmr doses beat non-immune titer", req: "mmr_immunity", fields: f{"titer_result": "non_immune", "dose_dates": []string{"1991-05-01", "1995-09-01"}}, result: Pass, field: "dose_dates"},
		{name: "mmr one dose", req: "mmr_immunity", fields: f{"dose_dates": []string{"1991-05-01"}}, result: Fail, reason: ReasonNotEnoughDoses},
		{name: "mmr same dose twice", req: "mmr_immunity", fields: f{"dose_dates": []string{"1991-05-01", "1991-05-01"}}, result: Fail, reason: ReasonNotEnoughDoses},
		{name: "mmr second dose in future", req: "mmr_immunity", fields: f{"dose_dates": []string{"1991-05-01", "2026-03-16"}}, result: Fail, reason: ReasonNotEnoughDoses},
		{name: "mmr only future doses", req: "mmr_immunity", fields: f{"dose_dates": []string{"2026-04-01", "2026-05-01"}}, result: Fail, reason: ReasonDateInFuture},
		{name: "mmr one readable dose of two", req: "mmr_immunity", fields: f{"dose_dates": []any{"1991-05-01", "childhood"}}, result: Fail, reason: ReasonNotEnoughDoses},
		{name: "mmr unreadable doses", req: "mmr_immunity", fields: f{"dose_dates": []any{"childhood", 1995}}, result: Fail, reason: ReasonInvalidValue},
		{name: "mmr doses not a list", req: "mmr_immunity", fields: f{"dose_dates": "1991-05-01, 1995-09-01"}, result: Fail, reason: ReasonInvalidValue},
		{name: "mmr equivocal titer", req: "mmr_immunity", fields: f{"titer_result": "equivocal"}, result: Fail, reason: ReasonNotImmune, field: "titer_result"},
		{name: "mmr nothing", req: "mmr_immunity", fields: f{"titer_date": "2020-01-01"}, result: Fail, reason: ReasonMissingField},
		{name: "varicella immune titer", req: "varicella_immunity", fields: f{"titer_result": " IMMUNE "}, result: Pass},
		{name: "varicella non-immune", req: "varicella_immunity", fields: f{"titer_result": "non_immune", "dose_dates": []string{"2001-01-01"}}, result: Fail, reason: ReasonNotImmune},

		// immune_or_doses_or_declined
		{name: "hep b three doses", req: "hepatitis_b", fields: f{"dose_dates": []string{"2010-01-01", "2010-02-01", "2010-07-01"}}, result: Pass, field: "dose_dates"},
		{name: "hep b two doses", req: "hepatitis_b", fields: f{"dose_dates": []string{"2010-01-01", "2010-02-01"}}, result: Fail, reason: ReasonNotEnoughDoses},
		{name: "hep b declined", req: "hepatitis_b", fields: f{"declined": true}, result: Pass, field: "declined"},
		{name: "hep b declined yes", req: "hepatitis_b", fields: f{"declined": "Yes"}, result: Pass, field: "declined"},
		{name: "hep b declined true text", req: "hepatitis_b", fields: f{"declined": "true"}, result: Pass},
		{name: "hep b not declined", req: "hepatitis_b", fields: f{"declined": false}, result: Fail, reason: ReasonMissingField},
		{name: "hep b declined no", req: "hepatitis_b", fields: f{"declined": "no", "dose_dates": []string{"2010-01-01"}}, result: Fail, reason: ReasonNotEnoughDoses},
		{name: "hep b declined unreadable", req: "hepatitis_b", fields: f{"declined": "see page 2"}, result: Fail, reason: ReasonInvalidValue, field: "declined"},
		{name: "hep b immune", req: "hepatitis_b", fields: f{"titer_result": "immune", "declined": false}, result: Pass, field: "titer_result"},
		{name: "hep b non-responder: the titer beats the doses", req: "hepatitis_b",
			fields: f{"titer_result": "non_immune", "dose_dates": []string{"2010-01-01", "2010-02-01", "2010-07-01"}}, result: Fail, reason: ReasonNotImmune, field: "titer_result"},
		{name: "hep b non-immune but declined", req: "hepatitis_b", fields: f{"titer_result": "non_immune", "declined": true}, result: Pass, field: "declined"},

		// current_season_or_declined (as_of 2026-03-15: season 2025-2026 from 2025-08-01)
		{name: "flu shot this season", req: "influenza_vaccine", fields: f{"administered_date": "2025-10-01"}, result: Pass, field: "administered_date"},
		{name: "flu shot on August 1", req: "influenza_vaccine", fields: f{"administered_date": "2025-08-01"}, result: Pass},
		{name: "flu shot on July 31", req: "influenza_vaccine", fields: f{"administered_date": "2025-07-31"}, result: Fail, reason: ReasonNotCurrentSeason},
		{name: "flu shot tomorrow", req: "influenza_vaccine", fields: f{"administered_date": "2026-03-16"}, result: Fail, reason: ReasonDateInFuture},
		{name: "flu shot as of July 31", req: "influenza_vaccine", asOf: "2026-07-31", fields: f{"administered_date": "2025-08-01"}, result: Pass},
		{name: "flu shot as of August 1", req: "influenza_vaccine", asOf: "2026-08-01", fields: f{"administered_date": "2026-07-31"}, result: Fail, reason: ReasonNotCurrentSeason},
		{name: "flu shot early in new season", req: "influenza_vaccine", asOf: "2026-09-10", fields: f{"administered_date": "2026-08-20"}, result: Pass},
		{name: "flu declined", req: "influenza_vaccine", fields: f{"declined": true}, result: Pass, field: "declined"},
		{name: "flu declined text", req: "influenza_vaccine", fields: f{"declined": " YES "}, result: Pass},
		{name: "flu season named", req: "influenza_vaccine", fields: f{"season": "2025-2026"}, result: Pass, field: "season"},
		{name: "flu season short form", req: "influenza_vaccine", fields: f{"season": "2025-26"}, result: Pass},
		{name: "flu last season named", req: "influenza_vaccine", fields: f{"season": "2024-2025"}, result: Fail, reason: ReasonNotCurrentSeason},
		{name: "flu season nonsense", req: "influenza_vaccine", fields: f{"season": "2025-2027"}, result: Fail, reason: ReasonInvalidValue},
		{name: "flu date wins over season", req: "influenza_vaccine", fields: f{"administered_date": "2024-10-01", "season": "2025-2026"}, result: Fail, reason: ReasonNotCurrentSeason},
		{name: "flu unreadable date", req: "influenza_vaccine", fields: f{"administered_date": "fall", "season": "2025-2026"}, result: Fail, reason: ReasonInvalidValue},
		{name: "flu nothing", req: "influenza_vaccine", fields: f{"lot_number": "X1", "declined": false}, result: Fail, reason: ReasonMissingField},
		{name: "flu declined unreadable", req: "influenza_vaccine", fields: f{"declined": "?"}, result: Fail, reason: ReasonInvalidValue, field: "declined"},

		// doses_at_least
		{name: "covid one dose", req: "covid19_vaccine", fields: f{"dose_dates": []string{"2021-04-01"}}, result: Pass},
		{name: "covid no doses", req: "covid19_vaccine", fields: f{"dose_dates": []string{}}, result: Fail, reason: ReasonMissingField},
		{name: "covid future dose", req: "covid19_vaccine", fields: f{"dose_dates": []string{"2027-01-01"}}, result: Fail, reason: ReasonDateInFuture},
		{name: "covid unreadable dose", req: "covid19_vaccine", fields: f{"dose_dates": []any{"spring 2021"}}, result: Fail, reason: ReasonInvalidValue},

		// cleared
		{name: "cleared", req: "physical_exam", fields: f{"exam_date": "2026-01-05", "cleared": true}, rule: "cleared", result: Pass},
		{name: "cleared yes", req: "physical_exam", fields: f{"exam_date": "2026-01-05", "cleared": "yes"}, rule: "cleared", result: Pass},
		{name: "not cleared", req: "physical_exam", fields: f{"exam_date": "2026-01-05", "cleared": false}, rule: "cleared", result: Fail, reason: ReasonNotCleared},
		{name: "not cleared text", req: "physical_exam", fields: f{"exam_date": "2026-01-05", "cleared": "False"}, rule: "cleared", result: Fail, reason: ReasonNotCleared},
		{name: "cleared with restrictions unreadable", req: "physical_exam", fields: f{"exam_date": "2026-01-05", "cleared": "with restrictions"}, rule: "cleared", result: Fail, reason: ReasonInvalidValue},
		{name: "cleared missing", req: "physical_exam", fields: f{"exam_date": "2026-01-05"}, rule: "cleared", result: Fail, reason: ReasonMissingField},

		// not_expired_or_within_months
		{name: "hipaa unexpired", req: "hipaa_training", fields: f{"completion_date": "2020-01-01", "expiration_date": "2026-12-31"}, result: Pass, field: "expiration_date"},
		{name: "hipaa expired despite recent completion", req: "hipaa_training", fields: f{"completion_date": "2026-01-01", "expiration_date": "2026-03-14"}, result: Fail, reason: ReasonExpired},
		{name: "hipaa unreadable expiry does not fall back", req: "hipaa_training", fields: f{"completion_date": "2026-01-01", "expiration_date": "n/a"}, result: Fail, reason: ReasonInvalidValue, field: "expiration_date"},
		{name: "hipaa completed exactly 12 months ago", req: "hipaa_training", fields: f{"completion_date": "2025-03-15"}, result: Pass, field: "completion_date"},
		{name: "hipaa completed a day too early", req: "hipaa_training", fields: f{"completion_date": "2025-03-14"}, result: Fail, reason: ReasonTooOld},
		{name: "osha undated", req: "osha_training", fields: f{"full_name": "Ann Lee"}, result: Fail, reason: ReasonMissingField},
		{name: "osha completion in future", req: "osha_training", fields: f{"completion_date": "2026-06-01"}, result: Fail, reason: ReasonDateInFuture},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{DocumentType: tt.docType, Fields: tt.fields}
			if tt.asOf != "" {
				in.AsOf = day(tt.asOf)
			}
			tree := evaluate(t, tt.req, in)
			ruleName := tt.rule
			if ruleName == "" {
				rules := requirement(t, tt.req).Rules
				if len(rules) != 1 {
					t.Fatalf("test must name the rule of %s", tt.req)
				}
				ruleName = rules[0].Name
			}
			got := findRule(t, tree, ruleName)
			if got.Result != tt.result || got.Reason != tt.reason {
				t.Fatalf("%s = %s/%s, want %s/%s (%s)", ruleName, got.Result, got.Reason, tt.result, tt.reason, got.Message)
			}
			if tt.field != "" && got.Field != tt.field {
				t.Errorf("field = %q, want %q", got.Field, tt.field)
			}
			if tt.result == Fail && tree.Result != Invalid {
				t.Errorf("tree = %s with a failed rule", tree.Result)
			}
		})
	}
}

func TestPathReported(t *testing.T) {
	tests := []struct {
		req    string
		fields f
		path   string
	}{
		{"mmr_immunity", f{"titer_result": "immune", "dose_dates": []string{"1991-05-01", "1995-09-01"}}, "titer"},
		{"mmr_immunity", f{"dose_dates": []string{"1991-05-01", "1995-09-01"}}, "doses"},
		{"hepatitis_b", f{"declined": true, "dose_dates": []string{"2010-01-01"}}, "declined"},
		{"hepatitis_b", f{"dose_dates": []string{"2010-01-01"}}, "none"},
		{"influenza_vaccine", f{"declined": true, "administered_date": "2025-10-01"}, "declined"},
		{"influenza_vaccine", f{"administered_date": "2025-10-01"}, "administered_date"},
		{"influenza_vaccine", f{"season": "2025-2026"}, "season"},
	}
	for _, tt := range tests {
		r := evaluate(t, tt.req, Input{Fields: tt.fields}).Rules[3]
		actual, _ := r.Actual.(map[string]any)
		if actual["path"] != tt.path {
			t.Errorf("%s %v: path = %v, want %s", tt.req, tt.fields, actual["path"], tt.path)
		}
	}
}

func TestOrderAndResult(t *testing.T) {
	tree := evaluate(t, "tb_screening", Input{
		Fields:    f{"full_name": "Maria L. Alvarez", "date_of_birth": "1990-04-12", "result": "negative", "read_date": "2026-01-10"},
		Candidate: Candidate{FirstName: "Maria", MiddleName: "Luisa", LastName: "Alvarez", DateOfBirth: "1990-04-12"},
	})
	var names, results []string
	for _, r := range tree.Rules {
		names = append(names, r.Rule)
		results = append(results, r.Result)
	}
	if want := []string{"document_type", "name_match", "dob_match", "result_is", "within_months"}; !slices.Equal(names, want) {
		t.Fatalf("order = %v, want %v", names, want)
	}
	if tree.Result != Valid || tree.Requirement != "tb_screening" || tree.AsOf != defaultAsOf {
		t.Fatalf("tree = %+v", tree)
	}
	if !slices.Equal(results, []string{Pass, Pass, Pass, Pass, Pass}) {
		t.Fatalf("results = %v", results)
	}
}

func TestNotSupported(t *testing.T) {
	req := requirement(t, "physical_exam")
	tree := Evaluate(testCatalog, req, Input{DocumentType: "other", Readable: false, Fields: f{}, AsOf: day(defaultAsOf)})
	checkInvariants(t, tree)
	if tree.Result != NotSupported || len(tree.Rules) != 3+len(req.Rules) {
		t.Fatalf("tree = %+v", tree)
	}
	for _, r := range tree.Rules {
		if r.Result != NotEvaluated || r.Reason != ReasonUnreadable {
			t.Errorf("rule %+v", r)
		}
	}
	// Unreadable wins even when the fields would pass.
	tree = Evaluate(testCatalog, requirement(t, "bls"), Input{DocumentType: "bls", Fields: f{"expiration_date": "2030-01-01"}, AsOf: day(defaultAsOf)})
	if tree.Result != NotSupported {
		t.Fatalf("unreadable bls = %s", tree.Result)
	}

	tree = Evaluate(testCatalog, requirement(t, "oig_exclusion_check"), Input{DocumentType: "bls", Readable: true, AsOf: day(defaultAsOf)})
	checkInvariants(t, tree)
	if tree.Result != NotSupported || tree.Rules[0].Reason != ReasonNotADocumentRequirement {
		t.Fatalf("registry requirement = %+v", tree)
	}
	tree = Evaluate(testCatalog, nil, Input{DocumentType: "bls", Readable: true, AsOf: day(defaultAsOf)})
	checkInvariants(t, tree)
	if tree.Result != NotSupported || tree.Rules[0].Reason != ReasonUnknownRequirement {
		t.Fatalf("nil requirement = %+v", tree)
	}
}

func TestWrongType(t *testing.T) {
	for _, docType := range []string{"acls", "other", "made_up_type"} {
		t.Run(docType, func(t *testing.T) {
			tree := evaluate(t, "bls", Input{
				DocumentType: docType,
				Fields:       f{"full_name": "Maria Alvarez", "expiration_date": "2030-01-01"},
				Candidate:    Candidate{FirstName: "Maria", LastName: "Alvarez"},
			})
			if tree.Result != Invalid || tree.Rules[0].Result != Fail || tree.Rules[0].Reason != ReasonWrongDocumentType {
				t.Fatalf("tree = %+v", tree)
			}
			if len(tree.Rules) != 4 {
				t.Fatalf("want all 4 rules listed, got %+v", tree.Rules)
			}
			for _, r := range tree.Rules[1:] {
				if r.Result != NotEvaluated || r.Reason != ReasonWrongDocumentType {
					t.Errorf("rule %+v", r)
				}
			}
		})
	}
}

func TestNameMatch(t *testing.T) {
	maria := Candidate{FirstName: "Maria", MiddleName: "Luisa", LastName: "Alvarez"}
	tests := []struct {
		name   string
		cand   Candidate
		fields f
		result string
		reason string
		field  string
		actual string
	}{
		{"exact", maria, f{"full_name": "Maria Luisa Alvarez"}, Pass, "exact", "full_name", "Maria Luisa Alvarez"},
		{"last, first printed", maria, f{"full_name": "ALVAREZ, MARIA"}, Pass, "exact", "full_name", "ALVAREZ, MARIA"},
		{"middle initial", maria, f{"full_name": "Maria L. Alvarez"}, Pass, "middle_initial", "full_name", "Maria L. Alvarez"},
		{"hyphenated surname", maria, f{"full_name": "Maria Alvarez-Gomez, RN"}, Pass, "compound_surname", "full_name", "Maria Alvarez-Gomez, RN"},
		{"nickname", Candidate{FirstName: "William", LastName: "Chen"}, f{"first_name": "Bill", "last_name": "Chen"}, Pass, "nickname", "first_name,last_name", "Bill Chen"},
		{"parts preferred to full name", maria, f{"first_name": "Maria", "middle_name": "L", "last_name": "Alvarez", "full_name": "M. Alvarez"}, Pass, "middle_initial", "first_name,middle_name,last_name", "Maria L Alvarez"},
		{"full name when parts incomplete", maria, f{"first_name": "Maria", "full_name": "Maria Alvarez"}, Pass, "exact", "full_name", "Maria Alvarez"},
		{"different first name", maria, f{"full_name": "Marta Alvarez"}, Fail, ReasonNameMismatch, "full_name", "Marta Alvarez"},
		{"different surname", maria, f{"full_name": "Maria Alvarado"}, Fail, ReasonNameMismatch, "full_name", "Maria Alvarado"},
		{"different middle initial", maria, f{"full_name": "Maria K. Alvarez"}, Fail, ReasonNameMismatch, "full_name", "Maria K. Alvarez"},
		{"no name on document", maria, f{"expiration_date": "2030-01-01"}, Fail, ReasonMissingField, "full_name", ""},
		{"surname only", maria, f{"full_name": "Alvarez"}, Fail, ReasonInvalidValue, "full_name", "Alvarez"},
		{"name not text", maria, f{"full_name": 12}, Fail, ReasonInvalidValue, "full_name", "12"},
		{"no candidate name", Candidate{}, f{"full_name": "Someone Else"}, Skipped, ReasonNoNameInContext, "", ""},
		{"candidate first name only", Candidate{FirstName: "Maria"}, f{"full_name": "Someone Else"}, Skipped, ReasonNoNameInContext, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fields := f{"expiration_date": "2030-01-01"}
			for k, v := range tt.fields {
				fields[k] = v
			}
			tree := evaluate(t, "bls", Input{Fields: fields, Candidate: tt.cand})
			got := findRule(t, tree, RuleNameMatch)
			if got.Result != tt.result || got.Reason != tt.reason || got.Field != tt.field {
				t.Fatalf("name_match = %+v", got)
			}
			if actual, _ := got.Actual.(string); actual != tt.actual {
				t.Errorf("actual = %q, want %q", actual, tt.actual)
			}
			wantTree := Valid
			if tt.result == Fail {
				wantTree = Invalid
			}
			if tree.Result != wantTree {
				t.Errorf("tree = %s, want %s", tree.Result, wantTree)
			}
		})
	}
}

func TestDOBMatch(t *testing.T) {
	ann := Candidate{FirstName: "Ann", LastName: "Lee", DateOfBirth: "1988-02-29"}
	tests := []struct {
		name    string
		docType string
		cand    Candidate
		fields  f
		result  string
		reason  string
	}{
		{"match", "drivers_license", ann, f{"date_of_birth": "1988-02-29"}, Pass, ""},
		{"mismatch", "drivers_license", ann, f{"date_of_birth": "1988-03-01"}, Fail, ReasonDOBMismatch},
		{"passport match", "passport", ann, f{"date_of_birth": "1988-02-29"}, Pass, ""},
		{"not on document", "drivers_license", ann, f{}, Skipped, ReasonNoDOBOnDocument},
		{"not in context", "drivers_license", Candidate{FirstName: "Ann", LastName: "Lee"}, f{"date_of_birth": "1970-01-01"}, Skipped, ReasonNoDOBInContext},
		{"unreadable on document", "drivers_license", ann, f{"date_of_birth": "02/29/1988"}, Fail, ReasonInvalidValue},
		{"unreadable in context", "drivers_license", Candidate{FirstName: "Ann", LastName: "Lee", DateOfBirth: "Feb 29 1988"}, f{"date_of_birth": "1988-02-29"}, Fail, ReasonInvalidContextValue},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fields := f{"full_name": "Ann Lee", "expiration_date": "2030-01-01"}
			for k, v := range tt.fields {
				fields[k] = v
			}
			tree := evaluate(t, "government_id", Input{DocumentType: tt.docType, Fields: fields, Candidate: tt.cand})
			got := findRule(t, tree, RuleDOBMatch)
			if got.Result != tt.result || got.Reason != tt.reason {
				t.Fatalf("dob_match = %+v", got)
			}
		})
	}

	// A BLS card has no date_of_birth in the catalog: a stray extracted
	// one is not compared.
	tree := evaluate(t, "bls", Input{Fields: f{"full_name": "Ann Lee", "expiration_date": "2030-01-01", "date_of_birth": "1970-01-01"}, Candidate: ann})
	if got := findRule(t, tree, RuleDOBMatch); got.Result != Skipped || got.Reason != ReasonTypeHasNoDOB {
		t.Fatalf("bls dob_match = %+v", got)
	}
	if tree.Result != Valid {
		t.Fatalf("bls tree = %s", tree.Result)
	}
}

// TestEveryDocumentRequirement evaluates each DOCUMENT requirement of the
// real catalog once with a document that should pass and once with one that
// should not, with the candidate's name and date of birth in context.
func TestEveryDocumentRequirement(t *testing.T) {
	id := f{"full_name": "Maria L. Alvarez", "date_of_birth": "1990-04-12"}
	cand := Candidate{FirstName: "Maria", MiddleName: "Luisa", LastName: "Alvarez", DateOfBirth: "1990-04-12"}
	cases := map[string]struct {
		docType        string
		valid, invalid f
	}{
		"bls":                  {"", f{"expiration_date": "2027-05-31"}, f{"expiration_date": "2025-05-31"}},
		"acls":                 {"", f{"expiration_date": "2027-05-31"}, f{}},
		"pals":                 {"", f{"expiration_date": "2026-03-15"}, f{"expiration_date": "2026-03-14"}},
		"nrp":                  {"", f{"expiration_date": "2027-05-31"}, f{"expiration_date": "31/05/2027"}},
		"tncc":                 {"", f{"expiration_date": "2027-05-31"}, f{"expiration_date": "2027-05-31", "full_name": "Marta Alvarez"}},
		"nursing_license":      {"", f{"expiration_date": "2027-05-31", "license_status": "Active"}, f{"expiration_date": "2027-05-31", "license_status": "Lapsed"}},
		"government_id":        {"passport", f{"expiration_date": "2031-01-01"}, f{"expiration_date": "2031-01-01", "date_of_birth": "1990-04-21"}},
		"drivers_license":      {"", f{"expiration_date": "2029-04-12"}, f{"expiration_date": "2026-01-01"}},
		"social_security_card": {"", f{"ssn_last4": "1234"}, f{"full_name": "Mario Alvarez"}},
		"tb_screening":         {"tb_blood_test", f{"result": "negative", "collection_date": "2025-12-01"}, f{"result": "negative", "collection_date": "2024-12-01"}},
		"mmr_immunity":         {"", f{"titer_result": "immune"}, f{"titer_result": "non_immune"}},
		"varicella_immunity":   {"", f{"dose_dates": []any{"1991-01-01", "1995-01-01"}}, f{"dose_dates": []any{"1991-01-01"}}},
		"hepatitis_b":          {"", f{"declined": true}, f{"declined": false}},
		"tdap":                 {"", f{"administered_date": "2020-01-01"}, f{"administered_date": "2015-01-01"}},
		"influenza_vaccine":    {"", f{"administered_date": "2025-09-20"}, f{"administered_date": "2025-03-20"}},
		"covid19_vaccine":      {"", f{"dose_dates": []string{"2021-04-01", "2021-05-01"}}, f{}},
		"physical_exam":        {"", f{"exam_date": "2026-01-05", "cleared": true}, f{"exam_date": "2026-01-05", "cleared": false}},
		"drug_screen":          {"", f{"result": "negative", "collection_date": "2026-03-01"}, f{"result": "negative", "collection_date": "2026-01-01"}},
		"fit_test":             {"", f{"result": "pass", "test_date": "2025-07-01"}, f{"result": "fail", "test_date": "2025-07-01"}},
		"background_check":     {"", f{"result": "clear", "completed_date": "2026-02-01"}, f{"result": "consider", "completed_date": "2026-02-01"}},
		"skills_checklist":     {"", f{"completed_date": "2026-02-01"}, f{"completed_date": "2026-04-01"}},
		"resume":               {"", f{"email": "maria@example.com"}, f{"full_name": "Mary Allen"}},
		"hipaa_training":       {"", f{"completion_date": "2025-06-01"}, f{"completion_date": "2025-06-01", "expiration_date": "2026-01-01"}},
		"osha_training":        {"", f{"completion_date": "2025-06-01", "expiration_date": "2026-06-01"}, f{"completion_date": "2024-06-01"}},
	}
	seen := 0
	for _, req := range testCatalog.Requirements() {
		if req.Fulfillment != catalog.FulfillDocument {
			continue
		}
		seen++
		c, ok := cases[req.Key]
		if !ok {
			t.Errorf("requirement %s has no VALID/INVALID case", req.Key)
			continue
		}
		for _, want := range []string{Valid, Invalid} {
			t.Run(req.Key+"/"+want, func(t *testing.T) {
				fields := f{}
				for k, v := range id {
					fields[k] = v
				}
				extra := c.valid
				if want == Invalid {
					extra = c.invalid
				}
				for k, v := range extra {
					fields[k] = v
				}
				tree := evaluate(t, req.Key, Input{DocumentType: c.docType, Fields: fields, Candidate: cand})
				if tree.Result != want {
					t.Fatalf("result = %s, want %s: %+v", tree.Result, want, tree.Rules)
				}
			})
		}
	}
	if seen != len(cases) {
		t.Errorf("cases for %d requirements, catalog has %d DOCUMENT requirements", len(cases), seen)
	}
}

func TestEveryCatalogRuleIsChecked(t *testing.T) {
	for _, name := range catalog.RuleNames() {
		if _, ok := checks[name]; !ok {
			t.Errorf("catalog rule %q has no check", name)
		}
	}
	req := &catalog.Requirement{Key: "future", Fulfillment: catalog.FulfillDocument, Accepts: []string{"bls"}, Rules: []catalog.Rule{{Name: "made_up"}}}
	tree := Evaluate(testCatalog, req, Input{DocumentType: "bls", Readable: true, Fields: f{}, AsOf: day(defaultAsOf)})
	checkInvariants(t, tree)
	if tree.Result != Invalid || tree.Rules[3].Reason != ReasonUnknownRule {
		t.Fatalf("unknown rule = %+v", tree)
	}
}

func TestAsOf(t *testing.T) {
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Fatal(err)
	}
	// 23:30 in Los Angeles is already the next day in UTC; the caller's
	// calendar day is the one judged.
	tree := evaluate(t, "bls", Input{Fields: f{"expiration_date": "2026-03-15"}, AsOf: time.Date(2026, 3, 15, 23, 30, 0, 0, la)})
	if tree.AsOf != "2026-03-15" || tree.Result != Valid {
		t.Fatalf("tree = %+v", tree)
	}

	// A zero as-of date is the caller's bug: Evaluate refuses on every path
	// rather than judging on a day it made up, so an old card can never be
	// made current by it.
	tests := []struct {
		name string
		req  *catalog.Requirement
		in   Input
	}{
		{"old card", requirement(t, "bls"), Input{DocumentType: "bls", Readable: true, Fields: f{"expiration_date": "2001-01-01"}}},
		{"current card", requirement(t, "bls"), Input{DocumentType: "bls", Readable: true, Fields: f{"expiration_date": "2030-01-01"}}},
		{"window rule", requirement(t, "drug_screen"), Input{DocumentType: "drug_screen", Readable: true, Fields: f{"collection_date": "2026-03-01", "result": "negative"}}},
		{"no time rule", requirement(t, "hepatitis_b"), Input{DocumentType: "hepatitis_b_record", Readable: true, Fields: f{"declined": "yes"}}},
		{"unreadable", requirement(t, "bls"), Input{DocumentType: "other", Fields: f{}}},
		{"unknown requirement", nil, Input{DocumentType: "bls", Readable: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got Tree
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, "as-of date") {
					t.Errorf("zero as_of gave %+v and panic %q, want a panic naming the as-of date", got, msg)
				}
			}()
			got = Evaluate(testCatalog, tt.req, tt.in)
		})
	}
}

func TestIsCandidate(t *testing.T) {
	req := requirement(t, "tb_screening")
	for docType, want := range map[string]bool{"tb_skin_test": true, "chest_xray": true, "bls": false, "other": false, "": false} {
		if got := IsCandidate(req, docType); got != want {
			t.Errorf("IsCandidate(tb_screening, %q) = %v", docType, got)
		}
	}
	if IsCandidate(nil, "bls") {
		t.Error("nil requirement accepts nothing")
	}
}

func TestExpiresAt(t *testing.T) {
	tests := []struct {
		name    string
		docType string
		fields  f
		want    string // "" for none
	}{
		{"printed expiry", "bls", f{"expiration_date": "2027-05-31", "issue_date": "2025-05-31"}, "2027-05-31"},
		{"no expiry and no window", "bls", f{"issue_date": "2025-05-31"}, ""},
		{"unreadable expiry", "bls", f{"expiration_date": "May 2027"}, ""},
		{"unreadable expiry never replaced by a window", "hipaa_training", f{"expiration_date": "none", "completion_date": "2025-01-10"}, ""},
		{"skin test read date plus 12 months", "tb_skin_test", f{"read_date": "2025-03-15", "administered_date": "2025-03-13"}, "2026-03-15"},
		{"skin test administered date", "tb_skin_test", f{"administered_date": "2025-03-13"}, "2026-03-13"},
		{"leap-day test", "tb_blood_test", f{"collection_date": "2024-02-29"}, "2025-02-28"},
		{"leap-day tdap ten years on", "tdap_record", f{"administered_date": "2024-02-29"}, "2034-02-28"},
		{"leap year target", "tb_blood_test", f{"collection_date": "2027-02-28"}, "2028-02-28"},
		{"drug screen 30 days", "drug_screen", f{"collection_date": "2026-02-13"}, "2026-03-15"},
		{"tdap ten years", "tdap_record", f{"administered_date": "2016-03-15"}, "2026-03-15"},
		{"hipaa by completion", "hipaa_training", f{"completion_date": "2025-01-10"}, "2026-01-10"},
		{"hipaa printed expiry wins", "hipaa_training", f{"completion_date": "2025-01-10", "expiration_date": "2025-12-31"}, "2025-12-31"},
		{"undated", "physical_exam", f{"cleared": true}, ""},
		{"unreadable judged date", "physical_exam", f{"exam_date": "last spring"}, ""},
		{"influenza has no window", "influenza_vaccine", f{"administered_date": "2025-10-01"}, ""},
		{"resume", "resume", f{"full_name": "Ann Lee"}, ""},
		{"unknown type", "made_up", f{"issue_date": "2025-01-01"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ExpiresAt(testCatalog, tt.docType, tt.fields)
			if tt.want == "" {
				if ok {
					t.Fatalf("ExpiresAt = %s, want none", iso(got))
				}
				return
			}
			if !ok || iso(got) != tt.want {
				t.Fatalf("ExpiresAt = %s, %v; want %s", iso(got), ok, tt.want)
			}
		})
	}
	if got, ok := ExpiresAt(nil, "bls", f{"expiration_date": "2027-01-01"}); !ok || iso(got) != "2027-01-01" {
		t.Errorf("nil catalog: %v %v", got, ok)
	}
	// Without a catalog no window is known: no expiry is made up.
	if got, ok := ExpiresAt(nil, "tb_blood_test", f{"collection_date": "2025-03-15"}); ok {
		t.Errorf("nil catalog, window type: %s, want none", iso(got))
	}
}

// TestEvaluateNeedsCatalog: without a catalog the type's date of birth
// cannot be known, so Evaluate refuses rather than skipping dob_match.
func TestEvaluateNeedsCatalog(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Evaluate with a nil catalog returned a verdict")
		}
	}()
	Evaluate(nil, requirement(t, "government_id"), Input{DocumentType: "drivers_license", Readable: true,
		Fields: f{"date_of_birth": "1990-12-04"}, Candidate: Candidate{DateOfBirth: "1990-04-12"}, AsOf: day(defaultAsOf)})
}

// TestExpiresAtAgreesWithEvaluate: the day ExpiresAt reports is the last
// day Evaluate passes the window rule, for every day of a span that crosses
// month ends and leap days.
func TestExpiresAtAgreesWithEvaluate(t *testing.T) {
	types := map[string]string{"tb_blood_test": "tb_screening", "drug_screen": "drug_screen", "tdap_record": "tdap", "hipaa_training": "hipaa_training"}
	for docType, reqKey := range types {
		req := requirement(t, reqKey)
		field := judgedDateCandidates(docType)[0]
		for d := day("2023-12-25"); d.Before(day("2024-04-05")); d = d.AddDate(0, 0, 1) {
			fields := f{field: iso(d), "result": "negative"}
			last, ok := ExpiresAt(testCatalog, docType, fields)
			if !ok {
				t.Fatalf("%s %s: no expiry", docType, iso(d))
			}
			for asOf, want := range map[time.Time]string{last: Valid, last.AddDate(0, 0, 1): Invalid, d: Valid} {
				tree := Evaluate(testCatalog, req, Input{DocumentType: docType, Readable: true, Fields: fields, AsOf: asOf})
				if tree.Result != want {
					t.Fatalf("%s dated %s, expires %s: as of %s got %s, want %s", docType, iso(d), iso(last), iso(asOf), tree.Result, want)
				}
			}
		}
	}
	// Months that are not a multiple of 12 are where AddDate rolls over
	// month ends; the window must still agree with itself.
	for _, w := range []window{{months: 1}, {months: 6}, {months: 13}, {days: 1}} {
		for d := day("2023-12-25"); d.Before(day("2025-01-05")); d = d.AddDate(0, 0, 1) {
			last := w.lastValidDay(d)
			if w.start(last).After(d) {
				t.Fatalf("%v from %s: still valid claimed on %s", w, iso(d), iso(last))
			}
			if next := last.AddDate(0, 0, 1); !w.start(next).After(d) {
				t.Fatalf("%v from %s: last day %s but %s is also inside", w, iso(d), iso(last), iso(next))
			}
		}
	}
}

func TestParseSeason(t *testing.T) {
	tests := map[string]int{"2026-2027": 2026, "2026-27": 2026, "2026/2027": 2026, "2099-00": 2099, "2026 \u2013 2027": 2026}
	for in, want := range tests {
		if got, ok := parseSeason(in); !ok || got != want {
			t.Errorf("parseSeason(%q) = %d, %v", in, got, ok)
		}
	}
	for _, bad := range []string{"2026", "2026-2026", "2026-28", "26-27", "season 2026-2027", ""} {
		if _, ok := parseSeason(bad); ok {
			t.Errorf("parseSeason(%q) accepted", bad)
		}
	}
}

// TestJSONRoundTrip: trees are stored as JSON and read back by the intake
// rollup; fields may also arrive after a JSON round trip.
func TestJSONRoundTrip(t *testing.T) {
	var fields map[string]any
	if err := json.Unmarshal([]byte(`{"full_name":"Maria Alvarez","dose_dates":["1991-05-01","1995-09-01"],"date_of_birth":"1990-04-12"}`), &fields); err != nil {
		t.Fatal(err)
	}
	tree := evaluate(t, "mmr_immunity", Input{Fields: fields, Candidate: Candidate{FirstName: "Maria", LastName: "Alvarez", DateOfBirth: "1990-04-12"}})
	if tree.Result != Valid {
		t.Fatalf("tree = %+v", tree)
	}
	b, err := json.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	var back Tree
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Result != Valid || len(back.Rules) != len(tree.Rules) || back.Rules[3].Message != tree.Rules[3].Message {
		t.Fatalf("round trip = %+v", back)
	}
}
