package nsopw

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/registry"
)

func TestAgeToBirthYears(t *testing.T) {
	tests := []struct {
		age  int
		now  time.Time
		want registry.PartialDate
	}{
		{54, time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC), registry.PartialDate{Year: 1971, ToYear: 1972, Precision: registry.PrecisionRange, Text: "age 54"}},
		{54, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), registry.PartialDate{Year: 1971, ToYear: 1972, Precision: registry.PrecisionRange, Text: "age 54"}},
		{54, time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC), registry.PartialDate{Year: 1972, Precision: registry.PrecisionYear, Text: "age 54"}},
	}
	for _, tt := range tests {
		if got := ageToBirthYears(tt.age, tt.now); *got != tt.want {
			t.Errorf("age %d on %s: %+v, want %+v", tt.age, tt.now.Format(time.DateOnly), *got, tt.want)
		}
	}
}

// TestAgeRangeHoldsTheBirthYear: whatever the birth date and the day, the
// range made from the age on that day holds the true birth year. A range
// that missed it would clear a registrant whose date of birth matches.
func TestAgeRangeHoldsTheBirthYear(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		birth := time.Date(1930+r.IntN(80), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
		if r.IntN(50) == 0 {
			birth = time.Date(birth.Year(), 2, 29, 0, 0, 0, 0, time.UTC)
		}
		now := birth.AddDate(19+r.IntN(60), 0, r.IntN(366))
		age := now.Year() - birth.Year()
		if now.Month() < birth.Month() || (now.Month() == birth.Month() && now.Day() < birth.Day()) {
			age--
		}
		d := ageToBirthYears(age, now)
		hi := d.ToYear
		if d.Precision == registry.PrecisionYear {
			hi = d.Year
		}
		if birth.Year() < d.Year || birth.Year() > hi {
			t.Fatalf("born %s, age %d on %s: range %s misses the birth year", birth.Format(time.DateOnly), age, now.Format(time.DateOnly), d)
		}
	}
}

func TestParseDOB(t *testing.T) {
	now := time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		in, want string
	}{
		{"1972-04-28T00:00:00", "1972-04-28"},
		{"1972-04-28", "1972-04-28"},
		{"1972-04-28T00:00:00Z", "1972-04-28"},
		{"04/28/1972", "1972-04-28"},
		{"", ""},
		{"0001-01-01T00:00:00", ""},
		{"1899-12-31", ""},
		{"2030-01-01", ""},
		{"unknown", ""},
		{"1972-13-01", ""},
	}
	for _, tt := range tests {
		got := parseDOB(tt.in, now)
		switch {
		case tt.want == "" && got != nil:
			t.Errorf("%q: %s, want no date", tt.in, got)
		case tt.want != "" && (got == nil || got.String() != tt.want || got.Precision != registry.PrecisionDay || got.Text != tt.in):
			t.Errorf("%q: %+v, want %s", tt.in, got, tt.want)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 5, 14, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"30", 30 * time.Second, true},
		{" 0 ", 0, true},
		{"-5", 0, false},
		{"", 0, false},
		{"soon", 0, false},
		{"Thu, 14 May 2026 12:01:30 GMT", 90 * time.Second, true},
		{"Thu, 14 May 2026 11:00:00 GMT", 0, true},
	}
	for _, tt := range tests {
		got, ok := retryAfter(tt.in, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%q: %v %v, want %v %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestListCodes(t *testing.T) {
	if got := listCodes([]string{"A", "B"}); got != "A, B" {
		t.Errorf("got %q", got)
	}
	if got := listCodes([]string{"A", "B", "C", "D", "E", "F", "G"}); got != "A, B, C, D, E and 2 more" {
		t.Errorf("got %q", got)
	}
}

func TestJurisdictionLists(t *testing.T) {
	all, states := Jurisdictions(), StateJurisdictions()
	if len(all) != 183 || len(states) != 56 || states[0] != "AL" || states[len(states)-1] != "WY" {
		t.Fatalf("%d jurisdictions, %d states from %s", len(all), len(states), states[0])
	}
	seen := map[string]bool{}
	for _, j := range all {
		if seen[j] {
			t.Errorf("%s twice", j)
		}
		seen[j] = true
	}
	all[0] = "CHANGED"
	if Jurisdictions()[0] == "CHANGED" {
		t.Error("the list is shared with callers")
	}
}
