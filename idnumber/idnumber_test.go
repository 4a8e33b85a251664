package idnumber

import (
	"testing"
	"time"
)

// TestMRZCheckDigit: the check digits of ICAO 9303's specimen passport
// (line 2 "L898902C36UTO7408122F1204159ZE184226B<<<<<10") and of its TD1
// card specimen: each field's, fillers counting 0, letters 10-35.
func TestMRZCheckDigit(t *testing.T) {
	tests := []struct {
		field, want string
	}{
		{"L898902C3", "6"},      // document number
		{"740812", "2"},         // birth date
		{"120415", "9"},         // expiry
		{"ZE184226B<<<<<", "1"}, // personal number
		{"L898902C3674081221204159ZE184226B<<<<<1", "0"}, // the whole zone
		{"D23145890", "7"},      // TD1 document number
		{"<<<<<<<<<<<<<<", "0"}, // fillers only
		{"AAAAAA", "0"},         // letters: A is 10
	}
	for _, tt := range tests {
		if got := MRZCheckDigit(tt.field); got != tt.want {
			t.Errorf("MRZCheckDigit(%q) = %s, want %s", tt.field, got, tt.want)
		}
	}
}

// TestRepairMRZ: look-alikes are swapped only where exactly one repair of
// the fewest swaps passes the check digit.
func TestRepairMRZ(t *testing.T) {
	tests := []struct {
		field, check, want string
		ok                 bool
	}{
		{"L8989O2C3", "6", "L898902C3", true},
		{"L8989O2C3", "1", "", false}, // two single swaps pass: no answer
		{"L8989O2C3", "3", "", false}, // no swap passes
		{"ACEFHJKMN", "0", "", false}, // no look-alike to swap
	}
	for _, tt := range tests {
		got, ok := RepairMRZ(tt.field, tt.check)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("RepairMRZ(%q, %s) = %q, %v; want %q, %v", tt.field, tt.check, got, ok, tt.want, tt.ok)
		}
	}
}

// TestZoneDate: six digits of a real month and day are a zone date; the
// century is the reader's: a birth date keeps the holder sixteen, an
// expiry is never in the last century, the 30th of February is none.
func TestZoneDate(t *testing.T) {
	asOf := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		in, birth, expiry string
		ok                bool
	}{
		{"740812", "1974-08-12", "2074-08-12", true},
		{"110415", "1911-04-15", "2011-04-15", true}, // 2011 would make the holder younger than sixteen
		{"050101", "2005-01-01", "2005-01-01", true},
		{"120230", "", "", true}, // a month and day in range, no calendar date
		{"741312", "", "", false},
		{"7408I2", "", "", false},
		{"74081", "", "", false},
	}
	for _, tt := range tests {
		z, ok := ReadZoneDate(tt.in)
		if ok != tt.ok {
			t.Errorf("ReadZoneDate(%q) ok = %v, want %v", tt.in, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		b, bok := z.Birth(asOf, 16)
		if got := dateOrEmpty(b, bok); got != tt.birth {
			t.Errorf("ReadZoneDate(%q).Birth = %q, want %q", tt.in, got, tt.birth)
		}
		e, eok := z.Expiry()
		if got := dateOrEmpty(e, eok); got != tt.expiry {
			t.Errorf("ReadZoneDate(%q).Expiry = %q, want %q", tt.in, got, tt.expiry)
		}
	}
}

func dateOrEmpty(t time.Time, ok bool) string {
	if !ok {
		return ""
	}
	return t.Format(time.DateOnly)
}

// TestLookAlikes: letters in a place of digits and digits in a place of
// letters, and the distance that counts look-alikes as the same.
func TestLookAlikes(t *testing.T) {
	tests := []struct {
		fn, in, want string
	}{
		{"digits", "74O8I2", "740812"},
		{"digits", "QDUTLZSBG", "000112586"},
		{"letters", "SM1TH", "SMITH"},
		{"letters", "7H0M4S", "THOMAS"},
	}
	for _, tt := range tests {
		got := ZoneDigits(tt.in)
		if tt.fn == "letters" {
			got = ZoneLetters(tt.in)
		}
		if got != tt.want {
			t.Errorf("%s(%q) = %q, want %q", tt.fn, tt.in, got, tt.want)
		}
	}
	distances := []struct {
		a, b string
		want int
	}{
		{"L898902C3", "L8989O2C3", 0},
		{"L898902C3", "898902C3", 1},
		{"NARNE", "NAME", 2},
		{"ABC", "XYZ", 3},
	}
	for _, tt := range distances {
		if got := LookAlikeDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("LookAlikeDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestLicenseFit: a state's fitted forms settle look-alikes only where
// exactly one reading fits, never toward its other forms.
func TestLicenseFit(t *testing.T) {
	tests := []struct {
		state, in, want string
		ok              bool
	}{
		{"CA", "Y4418206", "Y4418206", true},
		{"CA", "04418206", "O4418206", true},
		{"CA", "Y44I8206", "Y4418206", true},
		{"CA", "Y441820", "", false}, // a character short
		{"TX", "4676O5O5", "46760505", true},
		{"TX", "4676X505", "", false}, // X is no digit's look-alike
		{"TX", "467O505", "", false},  // seven digits: an older form, not fitted
		{"NY", "838 709 751", "838 709 751", true},
		{"WA", "WOL3PBLVJ72R", "WDL3PBLVJ72R", true}, // WDL's D read as O
		{"WA", "WDL3PBLVJ7&R", "", false},            // & is no letter or digit of the form
		{"AZ", "B12345678", "", false},               // a letter and 8 digits, or 9 digits with B for 8
		{"GA", "O57281934", "", false},               // digits of a varying length settle nothing
	}
	for _, tt := range tests {
		n, known := StateLicense(tt.state)
		if !known {
			t.Fatalf("StateLicense(%s) not known", tt.state)
		}
		got, ok := n.Fit(tt.in)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("%s Fit(%q) = %q, %v; want %q, %v", tt.state, tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if _, known := StateLicense("ZZ"); known {
		t.Errorf("StateLicense(ZZ) known, want unknown")
	}
}

// TestLicenseMatches: every form, fitted or other, is the state's; a
// state whose older forms are not known here judges nothing.
func TestLicenseMatches(t *testing.T) {
	tests := []struct {
		state, num string
		want       bool
	}{
		{"CA", "Y4418206", true},
		{"CA", "44182061", false},
		{"TX", "4676050", true},
		{"TX", "467605051", false},
		{"NY", "A1234567", true},
		{"NY", "1234567890123456", true},
		{"NY", "12345", false},
		{"WA", "WDL3PBLVJ72R", true},
		{"WA", "SMITHJ*123AB", true},
		{"WA", "SMI1HJ*123AB", false},
		{"AZ", "123456789", true},
		{"AZ", "AB1234567", false},
	}
	for _, tt := range tests {
		n, _ := StateLicense(tt.state)
		if got := n.Matches(tt.num); got != tt.want {
			t.Errorf("%s Matches(%q) = %v, want %v", tt.state, tt.num, got, tt.want)
		}
	}
	for state, all := range map[string]bool{"CA": true, "NY": true, "WA": true, "IL": false, "PA": false} {
		if n, _ := StateLicense(state); n.AllKnown() != all {
			t.Errorf("StateLicense(%s).AllKnown() = %v, want %v", state, n.AllKnown(), all)
		}
	}
}

// TestDigitRun: look-alikes inside a run of digits are digits; a leading
// letter stays; fewer than six digits is no number.
func TestDigitRun(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"BO8360067", "B08360067", true},
		{"9667&269", "96678269", true},
		{"D1234S67", "D1234567", true},
		{"AB12C", "AB12C", false},
	}
	for _, tt := range tests {
		got, ok := DigitRun(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("DigitRun(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestSSNNeverAssigned: the areas, group and serial the SSA never gives.
func TestSSNNeverAssigned(t *testing.T) {
	tests := []struct {
		area, group, serial, want string
	}{
		{"123", "45", "6789", ""},
		{"000", "45", "6789", "area 000 is never assigned"},
		{"666", "45", "6789", "area 666 is never assigned"},
		{"912", "45", "6789", "areas 900-999 are never assigned"},
		{"123", "00", "6789", "group 00 is never assigned"},
		{"123", "45", "0000", "serial 0000 is never assigned"},
	}
	for _, tt := range tests {
		if got := SSNNeverAssigned(tt.area, tt.group, tt.serial); got != tt.want {
			t.Errorf("SSNNeverAssigned(%s, %s, %s) = %q, want %q", tt.area, tt.group, tt.serial, got, tt.want)
		}
	}
}

// TestNPIProblem: CMS's example NPI passes; a changed digit or a first
// digit other than 1 or 2 does not.
func TestNPIProblem(t *testing.T) {
	tests := []struct {
		npi, want string
	}{
		{"1234567893", ""},
		{"1234567890", "its check digit does not match"},
		{"3234567893", "it does not start with 1 or 2"},
		{"123456789", "it is not ten digits"},
	}
	for _, tt := range tests {
		if got := NPIProblem(tt.npi); got != tt.want {
			t.Errorf("NPIProblem(%s) = %q, want %q", tt.npi, got, tt.want)
		}
	}
}

// TestPassportNumberDoubt: numbers in the forms issuers give pass,
// ICAO's specimen and a German number with letters among the digits
// among them; readings OCR damaged are doubted.
func TestPassportNumberDoubt(t *testing.T) {
	tests := []struct {
		num, want string
	}{
		{"L898902C3", ""},
		{"V5058118B", ""},
		{"Z7951474I", ""},
		{"AB1234567", ""},
		{"C01X00T47", ""},
		{"563066362", ""},
		{"VS0S811SB", "it has fewer than five digits"},
		{"1ISLATALI", "it has fewer than five digits"},
		{"7535I5S81", "letters that look like digits stand among its digits"},
	}
	for _, tt := range tests {
		if got := PassportNumberDoubt(tt.num); got != tt.want {
			t.Errorf("PassportNumberDoubt(%s) = %q, want %q", tt.num, got, tt.want)
		}
	}
	for num, want := range map[string]bool{"563066362": true, "A89469857": true, "C35028872": true, "3203572ZB": false, "56306636": false, "AB9469857": false} {
		if got := USPassportNumber(num); got != want {
			t.Errorf("USPassportNumber(%s) = %v, want %v", num, got, want)
		}
	}
}
