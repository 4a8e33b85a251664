package rules

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/clearedtostart/compliance/internal/golden"
)

// The golden files pin the JSON clients receive, messages included: a
// change to wording or shape shows up in review as a diff of testdata.

func TestGolden(t *testing.T) {
	maria := Candidate{FirstName: "Maria", MiddleName: "Luisa", LastName: "Alvarez", DateOfBirth: "1990-04-12"}
	cases := []struct {
		name string
		req  string
		in   Input
	}{
		{"bls_valid", "bls", Input{DocumentType: "bls", Readable: true, Candidate: maria,
			Fields: f{"full_name": "Maria L. Alvarez", "issue_date": "2025-05-31", "expiration_date": "2027-05-31"}}},
		{"bls_expired_wrong_person", "bls", Input{DocumentType: "bls", Readable: true, Candidate: maria,
			Fields: f{"full_name": "Marta Alvarez", "expiration_date": "2026-03-14"}}},
		{"nursing_license_inactive", "nursing_license", Input{DocumentType: "nursing_license", Readable: true, Candidate: maria,
			Fields: f{"first_name": "MARIA", "last_name": "ALVAREZ-GOMEZ", "expiration_date": "2027-01-31", "license_status": "Inactive"}}},
		{"government_id_dob_mismatch", "government_id", Input{DocumentType: "drivers_license", Readable: true, Candidate: maria,
			Fields: f{"full_name": "ALVAREZ, MARIA LUISA", "date_of_birth": "1990-12-04", "expiration_date": "2030-04-12"}}},
		{"tb_skin_test_unread", "tb_screening", Input{DocumentType: "tb_skin_test", Readable: true, Candidate: maria,
			Fields: f{"full_name": "Maria Alvarez", "administered_date": "2026-03-13", "read_date": "pending", "induration_mm": 0.0, "result": "Negative"}}},
		{"mmr_one_dose_nonimmune", "mmr_immunity", Input{DocumentType: "mmr_record", Readable: true, Candidate: maria,
			Fields: f{"full_name": "Maria Alvarez", "dose_dates": []any{"1991-05-01", "1991-05-01", "2027-01-01", "unknown"}, "titer_result": "non_immune"}}},
		{"hepatitis_b_declined", "hepatitis_b", Input{DocumentType: "hepatitis_b_record", Readable: true, Candidate: maria,
			Fields: f{"full_name": "Maria Alvarez", "declined": "yes"}}},
		{"influenza_by_season", "influenza_vaccine", Input{DocumentType: "influenza_vaccine", Readable: true,
			Fields: f{"full_name": "Maria Alvarez", "season": "2025-2026"}}},
		{"physical_exam_not_cleared", "physical_exam", Input{DocumentType: "physical_exam", Readable: true, Candidate: maria,
			Fields: f{"full_name": "Maria Alvarez", "date_of_birth": "1990-04-12", "exam_date": "2026-02-01", "cleared": false, "restrictions": "no lifting over 20 lb"}}},
		{"drug_screen_stale", "drug_screen", Input{DocumentType: "drug_screen", Readable: true, Candidate: maria,
			Fields: f{"full_name": "Maria Alvarez", "collection_date": "2026-02-12", "result": "negative"}}},
		{"hipaa_by_completion", "hipaa_training", Input{DocumentType: "hipaa_training", Readable: true, Candidate: maria,
			Fields: f{"full_name": "Maria Alvarez", "completion_date": "2025-03-15"}}},
		{"wrong_type", "bls", Input{DocumentType: "acls", Readable: true, Candidate: maria,
			Fields: f{"full_name": "Maria Alvarez", "expiration_date": "2027-05-31"}}},
		{"unreadable", "tb_screening", Input{DocumentType: "other", Readable: false, Candidate: maria, Fields: f{}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.in.AsOf = day(defaultAsOf)
			tree := Evaluate(testCatalog, requirement(t, tc.req), tc.in)
			checkInvariants(t, tree)
			got, err := json.MarshalIndent(tree, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden.Check(t, filepath.Join("testdata", tc.name+".golden"), got)
		})
	}
}
