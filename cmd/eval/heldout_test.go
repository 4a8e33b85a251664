package main

import "testing"

func TestHeldoutSame(t *testing.T) {
	for _, tc := range []struct {
		name, field string
		got, want   any
		accept      []any
		same        bool
	}{
		{"case and spaces", "full_name", " maria  L. ALVAREZ", "Maria L. Alvarez", nil, true},
		{"accents", "last_name", "Ibanez", "Ibáñez", nil, true},
		{"the other order, accepted", "full_name", "Maria L Alvarez", "ALVAREZ, MARIA L", []any{"MARIA L ALVAREZ"}, true},
		{"the other order, not accepted", "full_name", "Maria L Alvarez", "ALVAREZ, MARIA L", nil, false},
		{"a middle initial dropped", "full_name", "Maria Alvarez", "Maria L. Alvarez", nil, false},
		{"id with its printed hyphens", "license_number", "A123456789010", "A123-456-78-901-0", nil, true},
		{"id with spaces", "license_number", "825 902 037", "825902037", nil, true},
		{"id digit wrong", "passport_number", "512345679", "512345678", nil, false},
		{"phone by digits", "phone", "512.555.0142", "(512) 555-0142", nil, true},
		{"address punctuation", "address", "123 MAIN ST AUSTIN TX 78704", "123 MAIN ST, AUSTIN, TX 78704", nil, true},
		{"date exact", "issue_date", "2026-04-27", "2026-04-27", nil, true},
		{"date off by a day", "issue_date", "2026-04-26", "2026-04-27", nil, false},
		{"dose dates in any order", "dose_dates", []any{"2021-02-01", "2021-01-01"}, []string{"2021-01-01", "2021-02-01"}, nil, true},
		{"an extra dose", "dose_dates", []string{"2021-01-01", "2023-06-17"}, []string{"2021-01-01"}, nil, false},
		{"int from JSON", "induration_mm", float64(0), 0, nil, true},
		{"bool", "cleared", false, true, nil, false},
		{"a number is no string", "ssn_last4", 6789, "6789", nil, false},
	} {
		if got := heldoutSame(tc.field, tc.got, tc.want, tc.accept); got != tc.same {
			t.Errorf("%s: heldoutSame(%s, %#v, %#v) = %v, want %v", tc.name, tc.field, tc.got, tc.want, got, tc.same)
		}
	}
}

func TestClassOf(t *testing.T) {
	for field, want := range map[string]string{
		"full_name": classNames, "middle_name": classNames, "date_of_birth": classDates, "read_date": classDates,
		"dose_dates": classDates, "certificate_id": classIDs, "ssn_last4": classIDs, "issuer": classOther, "result": classOther,
	} {
		if got := classOf(field); got != want {
			t.Errorf("classOf(%s) = %s, want %s", field, got, want)
		}
	}
}
