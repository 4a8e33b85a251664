package rules

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/namematch"
)

// sourceAsOf is the day the source tests judge on.
const sourceAsOf = "2026-11-24"

var (
	maria       = Candidate{FirstName: "Maria", MiddleName: "Luisa", LastName: "Alvarez"}
	licenseDoc  = f{"full_name": "Maria L. Alvarez", "license_number": "RN965991", "state": "OK", "license_type": "RN", "license_status": "Active", "expiration_date": "2027-04-30"}
	blsCardDoc  = f{"full_name": "Maria Alvarez", "issuer": "American Heart Association", "certificate_id": "2447 6617 4046", "issue_date": "2025-01-26", "expiration_date": "2027-01-26"}
	checkedTime = time.Date(2026, 11, 24, 18, 4, 5, 0, time.UTC)
)

// with is fields with some values changed (nil removes one).
func with(fields f, changes f) f {
	out := f{}
	for k, v := range fields {
		out[k] = v
	}
	for k, v := range changes {
		if v == nil {
			delete(out, k)
			continue
		}
		out[k] = v
	}
	return out
}

// judgedFor is the tree of a document against the requirement named like
// its type, as the pipeline gives it to a source check.
func judgedFor(t *testing.T, docType string, fields f, uncertain map[string]float64) (Tree, Input) {
	t.Helper()
	in := Input{DocumentType: docType, Readable: true, Fields: fields, Candidate: maria, AsOf: day(sourceAsOf), Uncertain: uncertain}
	req := docType
	if docType == "red_cross" {
		req = "bls"
	}
	if _, ok := testCatalog.Requirement(req); !ok {
		req = "tb_screening"
	}
	tree := Evaluate(testCatalog, requirement(t, req), in)
	return tree, in
}

func TestPlanSource(t *testing.T) {
	tests := []struct {
		name      string
		docType   string
		fields    f
		uncertain map[string]float64
		source    string
		// the request when a source is asked
		state, number, licenseType, code, holder string
		// the rule when none is
		result, reason, message string
	}{
		{name: "nursing license", docType: "nursing_license", fields: licenseDoc,
			source: SourceNursys, state: "OK", number: "RN965991", licenseType: "RN", holder: "Maria L. Alvarez"},
		{name: "state in lower case, no type", docType: "nursing_license", fields: with(licenseDoc, f{"state": "ok", "license_type": nil}),
			source: SourceNursys, state: "OK", number: "RN965991", holder: "Maria L. Alvarez"},
		{name: "no name on the license: the candidate's", docType: "nursing_license", fields: with(licenseDoc, f{"full_name": nil}),
			source: SourceNursys, state: "OK", number: "RN965991", licenseType: "RN", holder: "Maria Luisa Alvarez"},
		{name: "no license number", docType: "nursing_license", fields: with(licenseDoc, f{"license_number": nil}),
			result: Fail, reason: ReasonMissingField, message: "The document shows no license number"},
		{name: "license number read unsurely", docType: "nursing_license", fields: with(licenseDoc, f{"license_number": nil}),
			uncertain: map[string]float64{"license_number": 0.41}, result: Skipped, reason: ReasonLowConfidence, message: "license number was read with confidence 0.41"},
		{name: "no state", docType: "nursing_license", fields: with(licenseDoc, f{"state": nil}),
			result: Fail, reason: ReasonMissingField, message: "does not show the state"},
		{name: "a state spelled out", docType: "nursing_license", fields: with(licenseDoc, f{"state": "Oklahoma"}),
			result: Fail, reason: ReasonInvalidValue, message: `"Oklahoma", is not a two-letter state code`},
		{name: "AHA card", docType: "bls", fields: blsCardDoc, source: SourceAHAECard, code: "244766174046", holder: "Maria Alvarez"},
		{name: "ACLS card with no issuer read but an eCard code", docType: "acls", fields: with(blsCardDoc, f{"issuer": nil, "certificate_id": "25-201-1000102"}),
			source: SourceAHAECard, code: "252011000102", holder: "Maria Alvarez"},
		{name: "Red Cross card", docType: "bls", fields: with(blsCardDoc, f{"issuer": "American Red Cross", "certificate_id": "GX7K2P"}),
			result: Skipped, reason: ReasonNoSourceConnector, message: "No source connector for this issuer (American Red Cross)"},
		{name: "no issuer and no eCard code", docType: "pals", fields: with(blsCardDoc, f{"issuer": nil, "certificate_id": "A12345"}),
			result: Skipped, reason: ReasonIssuerUnknown, message: "no source could be asked"},
		{name: "eCard code of 11 digits", docType: "bls", fields: with(blsCardDoc, f{"certificate_id": "24476617404"}),
			result: Fail, reason: ReasonMalformedECardCode, message: "it is not 12 digits"},
		{name: "eCard code with letters", docType: "bls", fields: with(blsCardDoc, f{"certificate_id": "24476617404X"}),
			result: Fail, reason: ReasonMalformedECardCode, message: "it is not 12 digits"},
		{name: "eCard code of a year to come", docType: "bls", fields: with(blsCardDoc, f{"certificate_id": "315529293229"}),
			result: Fail, reason: ReasonMalformedECardCode, message: "name the year 2031, after the as-of date"},
		{name: "AHA card without a code", docType: "bls", fields: with(blsCardDoc, f{"certificate_id": nil}),
			result: Fail, reason: ReasonMissingField, message: "The card shows no eCard code"},
		{name: "a type no source is connected for", docType: "tb_skin_test",
			fields: f{"full_name": "Maria Alvarez", "read_date": "2026-10-01", "administered_date": "2026-09-28", "result": "negative"},
			result: Skipped, reason: ReasonNoSourceConnector, message: `documents of type "tb_skin_test"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree, in := judgedFor(t, tt.docType, tt.fields, tt.uncertain)
			req := PlanSource(&tree, in)
			if tt.source != "" {
				if req.Decided != nil {
					t.Fatalf("decided without asking: %+v", *req.Decided)
				}
				if req.Source != tt.source || req.State != tt.state || req.LicenseNumber != tt.number || req.LicenseType != tt.licenseType ||
					req.ECardCode != tt.code || req.Holder.Full() != tt.holder {
					t.Fatalf("request %+v", req)
				}
				return
			}
			if req.Decided == nil || req.Source != "" {
				t.Fatalf("asks %+v instead of deciding", req)
			}
			rr := *req.Decided
			if rr.Rule != RuleSourceValidation || rr.Result != tt.result || rr.Reason != tt.reason || !strings.Contains(rr.Message, tt.message) {
				t.Fatalf("rule %+v, want %s %s %q", rr, tt.result, tt.reason, tt.message)
			}
			AddSourceRule(&tree, rr)
			checkInvariants(t, tree)
		})
	}
}

func TestPlanSourceOfUnjudgedDocuments(t *testing.T) {
	unreadable := Evaluate(testCatalog, requirement(t, "nursing_license"), Input{DocumentType: "other", AsOf: day(sourceAsOf)})
	wrongType := Evaluate(testCatalog, requirement(t, "bls"), Input{DocumentType: "acls", Readable: true, Fields: blsCardDoc, AsOf: day(sourceAsOf)})
	for _, tc := range []struct {
		tree   Tree
		reason string
	}{{unreadable, ReasonUnreadable}, {wrongType, ReasonWrongDocumentType}} {
		before := tc.tree.Result
		req := PlanSource(&tc.tree, Input{DocumentType: "acls", Fields: blsCardDoc, AsOf: day(sourceAsOf)})
		if req.Decided == nil || req.Decided.Result != NotEvaluated || req.Decided.Reason != tc.reason {
			t.Fatalf("plan %+v", req)
		}
		AddSourceRule(&tc.tree, *req.Decided)
		if tc.tree.Result != before {
			t.Fatalf("a rule not evaluated changed the tree from %s to %s", before, tc.tree.Result)
		}
		checkInvariants(t, tc.tree)
	}
}

func holderName(first, middle, last string) *namematch.Name {
	return &namematch.Name{First: first, Middle: middle, Last: last}
}

// license is the board's record of the license of licenseDoc.
func license() SourceAnswer {
	return SourceAnswer{Outcome: OutcomeFound, Holder: holderName("MARIA", "LUISA", "ALVAREZ"), LicenseNumber: "RN965991", State: "OK",
		LicenseType: "RN", Status: "active", StatusText: "Active", IssueDate: "2014-06-20", ExpirationDate: "2027-04-30"}
}

// card is the AHA's record of the card of blsCardDoc.
func card() SourceAnswer {
	return SourceAnswer{Outcome: OutcomeFound, Holder: holderName("Maria", "", "Alvarez"), ECardCode: "244766174046", Course: "BLS",
		CourseName: "BLS Provider", Status: "active", StatusText: "Active", IssueDate: "2025-01-26", ExpirationDate: "2027-01-31",
		TrainingCenter: "Baptist Health Training Center"}
}

func TestJudgeSource(t *testing.T) {
	tests := []struct {
		name    string
		docType string
		fields  f
		answer  func(a *SourceAnswer)
		card    bool
		result  string
		reason  string
		message string
		tree    string
	}{
		{name: "license found and consistent", docType: "nursing_license", fields: licenseDoc,
			result: Pass, reason: ReasonConfirmedAtSource, tree: Valid,
			message: `The board's license lookup (Nursys) confirms RN license RN965991 (OK) of "MARIA LUISA ALVAREZ": "Active", current through April 30, 2027.`},
		{name: "license renewed since the document", docType: "nursing_license", fields: with(licenseDoc, f{"expiration_date": "2025-04-30"}),
			answer: func(a *SourceAnswer) { a.ExpirationDate = "2029-04-30" }, result: Pass, reason: ReasonConfirmedAtSource, tree: Invalid},
		{name: "an APRN license found as a CNP", docType: "nursing_license", fields: with(licenseDoc, f{"license_type": "APRN"}),
			answer: func(a *SourceAnswer) { a.LicenseType = "CNP" }, result: Pass, reason: ReasonConfirmedAtSource, tree: Valid},
		{name: "license not found", docType: "nursing_license", fields: licenseDoc,
			answer: func(a *SourceAnswer) { *a = SourceAnswer{Outcome: OutcomeNotFound} }, result: Fail, reason: ReasonNotFoundAtSource, tree: Invalid,
			message: "The board's license lookup (Nursys) holds no RN license RN965991 (OK)."},
		{name: "lookup down", docType: "nursing_license", fields: licenseDoc,
			answer: func(a *SourceAnswer) { *a = SourceAnswer{Outcome: OutcomeUnavailable, Error: "Nursys answered 503"} },
			result: Skipped, reason: ReasonSourceUnavailable, tree: NotSupported,
			message: "could not be asked about RN license RN965991 (OK) (Nursys answered 503), so the document was not confirmed at its source"},
		{name: "license of someone else", docType: "nursing_license", fields: licenseDoc,
			answer: func(a *SourceAnswer) { a.Holder = holderName("MARTA", "", "ALVAREZ") }, result: Fail, reason: ReasonNameMismatchAtSource, tree: Invalid,
			message: `records RN license RN965991 (OK) as "MARTA ALVAREZ"'s, not "Maria L. Alvarez"'s: the first names differ.`},
		{name: "another license number answered", docType: "nursing_license", fields: licenseDoc,
			answer: func(a *SourceAnswer) { a.LicenseNumber = "RN965992" }, result: Fail, reason: ReasonNumberMismatchAtSource, tree: Invalid},
		{name: "a PN license shown as RN", docType: "nursing_license", fields: licenseDoc,
			answer: func(a *SourceAnswer) { a.LicenseType = "PN" }, result: Fail, reason: ReasonTypeMismatchAtSource, tree: Invalid},
		{name: "inactive at the board", docType: "nursing_license", fields: licenseDoc,
			answer: func(a *SourceAnswer) { a.Status, a.StatusText = "inactive", "Inactive" }, result: Fail, reason: ReasonStatusAtSource, tree: Invalid,
			message: `records RN license RN965991 (OK) as "Inactive", not active.`},
		{name: "encumbered at the board", docType: "nursing_license", fields: licenseDoc,
			answer: func(a *SourceAnswer) { a.Encumbered, a.StatusText = true, "Active - Probation" }, result: Fail, reason: ReasonEncumberedAtSource, tree: Invalid},
		{name: "expired at the board", docType: "nursing_license", fields: licenseDoc,
			answer: func(a *SourceAnswer) { a.Status, a.StatusText, a.ExpirationDate = "expired", "Expired", "2026-04-30" },
			result: Fail, reason: ReasonExpiredAtSource, tree: Invalid, message: `as "Expired" since April 30, 2026.`},
		{name: "active at the board but past its expiry", docType: "nursing_license", fields: licenseDoc,
			answer: func(a *SourceAnswer) { a.ExpirationDate = "2026-10-31" }, result: Fail, reason: ReasonExpiredAtSource, tree: Invalid,
			message: "current only through October 31, 2026, before the as-of date, November 24, 2026."},
		{name: "document printed with a later expiry than the board's", docType: "nursing_license", fields: with(licenseDoc, f{"expiration_date": "2029-04-30"}),
			result: Fail, reason: ReasonExpiryMismatchAtSource, tree: Invalid,
			message: "The document shows an expiration date, April 30, 2029, later than the one the board's license lookup (Nursys) records, April 30, 2027."},
		{name: "card found and consistent", docType: "bls", fields: blsCardDoc, card: true,
			result: Pass, reason: ReasonConfirmedAtSource, tree: Valid,
			message: `The AHA eCard verification confirms eCard 244766174046 of "Maria Alvarez": "Active", current through January 31, 2027.`},
		{name: "card under a nickname", docType: "bls", fields: with(blsCardDoc, f{"full_name": "Bill Carter"}), card: true,
			answer: func(a *SourceAnswer) { a.Holder = holderName("William", "", "Carter") }, result: Pass, reason: ReasonConfirmedAtSource, tree: Invalid},
		{name: "card not found", docType: "bls", fields: blsCardDoc, card: true,
			answer: func(a *SourceAnswer) { *a = SourceAnswer{Outcome: OutcomeNotFound} }, result: Fail, reason: ReasonNotFoundAtSource, tree: Invalid,
			message: "The AHA eCard verification holds no eCard 244766174046."},
		{name: "card for another course", docType: "bls", fields: blsCardDoc, card: true,
			answer: func(a *SourceAnswer) { a.Course, a.CourseName = "HEARTSAVER", "Heartsaver First Aid CPR AED" },
			result: Fail, reason: ReasonCourseMismatchAtSource, tree: Invalid,
			message: "The AHA records eCard 244766174046 as a Heartsaver First Aid CPR AED card, not BLS."},
		{name: "an ACLS card shown as BLS", docType: "bls", fields: blsCardDoc, card: true,
			answer: func(a *SourceAnswer) { a.Course, a.CourseName = "ACLS", "ACLS Provider" }, result: Fail, reason: ReasonCourseMismatchAtSource, tree: Invalid},
		{name: "card expired", docType: "bls", fields: with(blsCardDoc, f{"expiration_date": "2026-12-31"}), card: true,
			answer: func(a *SourceAnswer) { a.Status, a.StatusText, a.ExpirationDate = "expired", "Expired", "2026-02-28" },
			result: Fail, reason: ReasonExpiredAtSource, tree: Invalid},
		{name: "card of someone else", docType: "bls", fields: blsCardDoc, card: true,
			answer: func(a *SourceAnswer) { a.Holder = holderName("Kevin", "", "Patel") }, result: Fail, reason: ReasonNameMismatchAtSource, tree: Invalid,
			message: "the last names differ."},
		{name: "card printed current beyond its renewal month", docType: "bls", fields: with(blsCardDoc, f{"expiration_date": "2027-03-26"}), card: true,
			result: Fail, reason: ReasonExpiryMismatchAtSource, tree: Invalid},
		{name: "verification too slow after retries", docType: "acls", fields: blsCardDoc, card: true,
			answer: func(a *SourceAnswer) {
				*a = SourceAnswer{Outcome: OutcomeUnavailable, Error: "AHA eCards did not answer in time"}
			},
			result: Skipped, reason: ReasonSourceUnavailable, tree: NotSupported},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree, in := judgedFor(t, tt.docType, tt.fields, nil)
			req := PlanSource(&tree, in)
			if req.Decided != nil {
				t.Fatalf("no source asked: %+v", *req.Decided)
			}
			ans := license()
			if tt.card {
				ans = card()
			}
			if tt.answer != nil {
				tt.answer(&ans)
			}
			rr := JudgeSource(in, req, ans, checkedTime)
			if rr.Rule != RuleSourceValidation || rr.Result != tt.result || rr.Reason != tt.reason || !strings.Contains(rr.Message, tt.message) {
				t.Fatalf("rule %s %s %q, want %s %s %q", rr.Result, rr.Reason, rr.Message, tt.result, tt.reason, tt.message)
			}
			if rr.CheckedAt == nil || !rr.CheckedAt.Equal(checkedTime) || rr.Source == nil || rr.Source.Source != req.Source || rr.Source.Outcome != ans.Outcome {
				t.Fatalf("the rule carries the answer and when it was given: %+v %+v", rr.CheckedAt, rr.Source)
			}
			AddSourceRule(&tree, rr)
			checkInvariants(t, tree)
			if tree.Result != tt.tree {
				t.Fatalf("tree %s, want %s: %+v", tree.Result, tt.tree, tree.Rules)
			}
		})
	}
}

func TestAddSourceRule(t *testing.T) {
	tests := []struct {
		before, result, reason, after string
	}{
		{Valid, Pass, ReasonConfirmedAtSource, Valid},
		{Valid, Fail, ReasonNotFoundAtSource, Invalid},
		{NotSupported, Fail, ReasonNotFoundAtSource, Invalid},
		{Valid, Skipped, ReasonSourceUnavailable, NotSupported},
		{Valid, Skipped, ReasonIssuerUnknown, NotSupported},
		{Valid, Skipped, ReasonLowConfidence, NotSupported},
		{Valid, Skipped, ReasonNoSourceConnector, Valid},
		{Invalid, Skipped, ReasonSourceUnavailable, Invalid},
		{Invalid, Pass, ReasonConfirmedAtSource, Invalid},
		{NotSupported, NotEvaluated, ReasonUnreadable, NotSupported},
	}
	for _, tt := range tests {
		tree := Tree{Result: tt.before, Rules: []RuleResult{{Rule: RuleDocumentType, Result: Pass}}}
		AddSourceRule(&tree, RuleResult{Rule: RuleSourceValidation, Result: tt.result, Reason: tt.reason})
		if tree.Result != tt.after || len(tree.Rules) != 2 || tree.Rules[1].Rule != RuleSourceValidation {
			t.Errorf("%s + %s %s = %s, want %s", tt.before, tt.result, tt.reason, tree.Result, tt.after)
		}
	}
}

// TestSourceGolden pins the JSON clients receive for a confirmed license,
// an eCard not found and a lookup that could not be made.
func TestSourceGolden(t *testing.T) {
	for _, tc := range []struct {
		name    string
		docType string
		fields  f
		answer  SourceAnswer
	}{
		{"source_license_confirmed", "nursing_license", licenseDoc, license()},
		{"source_ecard_not_found", "bls", blsCardDoc, SourceAnswer{Outcome: OutcomeNotFound}},
		{"source_license_unavailable", "nursing_license", licenseDoc, SourceAnswer{Outcome: OutcomeUnavailable, Error: "Nursys did not answer in time"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, in := judgedFor(t, tc.docType, tc.fields, nil)
			AddSourceRule(&tree, JudgeSource(in, PlanSource(&tree, in), tc.answer, checkedTime))
			checkInvariants(t, tree)
			got, err := json.MarshalIndent(tree, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", tc.name+".golden"), append(got, '\n'))
		})
	}
}
