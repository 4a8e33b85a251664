package main

import "testing"

func TestLossStep(t *testing.T) {
	const page = "STATE BOARD OF NURSING\nALVAREZ, MARÍA L\nLicense No. RN-204 118\nExpires: Mar 31, 2027\nIssued 04/27/2025"
	for _, tc := range []struct {
		name                                string
		segFound, typed, present, uncertain bool
		field                               string
		want                                any
		step                                string
	}{
		{"no segment had its pages", false, false, false, false, "last_name", "Alvarez", stepSplit},
		{"typed wrong, whatever was read", true, false, false, false, "last_name", "Alvarez", stepType},
		{"a value read, but not the truth", true, true, true, false, "last_name", "Alvarez", stepWrong},
		{"seen but under its threshold", true, true, false, true, "last_name", "Alvarez", stepUncertain},
		{"a name printed last-first, accents folded", true, true, false, false, "full_name", "Maria L Alvarez", stepInText},
		{"an id printed with a hyphen and a space", true, true, false, false, "license_number", "RN204118", stepInText},
		{"a date printed as words", true, true, false, false, "expiration_date", "2027-03-31", stepInText},
		{"a date printed month first", true, true, false, false, "issue_date", "2025-04-27", stepInText},
		{"a date the page does not print", true, true, false, false, "date_of_birth", "1990-06-14", stepNotInText},
		{"a name the page does not print", true, true, false, false, "first_name", "Helen", stepNotInText},
		{"dose dates, one not printed", true, true, false, false, "dose_dates", []any{"2025-04-27", "2021-01-01"}, stepNotInText},
		{"a yes/no is never a printed value", true, true, false, false, "cleared", true, stepNotInText},
	} {
		if got := lossStep(tc.segFound, tc.typed, tc.present, tc.uncertain, page, tc.field, tc.want); got != tc.step {
			t.Errorf("%s: lossStep = %q, want %q", tc.name, got, tc.step)
		}
	}
}

func TestHeldBackSummary(t *testing.T) {
	m := map[string]*ratio{}
	get(m, classNames).add(true)
	get(m, classNames).add(false)
	get(m, classIDs).add(true)
	want := "2 of 3 (names 1 of 2, dates 0 of 0, ids 1 of 1, other 0 of 0)"
	if got := heldBackSummary(m); got != want {
		t.Errorf("heldBackSummary = %q, want %q", got, want)
	}
}
