package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestBoardCardNameParted: a board card's name in its LAST, FIRST M order
// whose family name OCR parted before its last letter ("KOWALCZY K,") is
// read whole; read with the comma lost, its order is not guessed (no
// surname is one letter); "First L, Last" keeps its initial.
func TestBoardCardNameParted(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name, line        string
		full, first, last any // nil: not reported surely
	}{
		{"family name parted", "KOWALCZY K, MAGDALENA R", "KOWALCZYK, MAGDALENA R", "MAGDALENA", "KOWALCZYK"},
		{"family name parted, initial's period", "NGUYE N, THANH H.", "NGUYEN, THANH H.", "THANH", "NGUYEN"},
		{"comma read as a period", "KOWALCZY K. MAGDALENA R", nil, nil, nil},
		{"middle initial's comma", "Maria L, Alvarez", "Maria L. Alvarez", "Maria", "Alvarez"},
		{"whole", "KOWALCZYK, MAGDALENA R", "KOWALCZYK, MAGDALENA R", "MAGDALENA", "KOWALCZYK"},
	} {
		p := ocrPage(ocrWords(ocrRow(0, 0, 60, 40, "STATE OF OHIO", 95),
			ocrRow(1, 0, 60, 60, "OHIO BOARD OF NURSING", 95),
			ocrRow(2, 1, 30, 100, tt.line, 91),
			ocrRow(3, 1, 30, 130, "REGISTERED NURSE", 95))...)
		res := Read(c, "nursing_license", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		for f, want := range map[string]any{"full_name": tt.full, "first_name": tt.first, "last_name": tt.last} {
			if got := sureField(c, res, f); got != want {
				t.Errorf("%s: %s = %#v (%.2f), want %#v", tt.name, f, res.Fields[f], res.Confidence[f], want)
			}
		}
	}
}

// TestUncaptionedBirthdayExpiry: a scanned licence's three dates whose
// captions OCR lost are read by their relation; the expiry is reported
// surely only where it also falls on the holder's birthday, and not where
// that birthday is an age's ("UNDER 21 UNTIL") a lost expiry left latest.
func TestUncaptionedBirthdayExpiry(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name, dob, iss, exp string
		want                any
	}{
		{"on the birthday", "11/14/1979", "10/01/2024", "11/14/2030", "2030-11-14"},
		{"on the issue's day", "11/14/1979", "10/01/2024", "10/01/2030", nil},
		{"the 21st birthday", "05/02/2006", "03/11/2024", "05/02/2027", nil},
	} {
		p := ocrPage(ocrWords(ocrRow(0, 0, 20, 20, "WASHINGTON", 95),
			ocrRow(1, 0, 20, 34, "DRIVER LICENSE", 95),
			ocrRow(2, 1, 150, 60, "WDLK7H3M92PB", 90),
			ocrRow(3, 1, 150, 80, tt.exp, 96),
			ocrRow(4, 1, 150, 100, tt.dob, 94),
			ocrRow(5, 1, 150, 120, "VILLANUEVA", 90),
			ocrRow(6, 1, 150, 140, "ROSA ISABEL", 95),
			ocrRow(7, 1, 150, 160, "1520 N 45TH ST", 93),
			ocrRow(8, 1, 150, 172, "SEATTLE, WA 98103", 95),
			ocrRow(9, 1, 150, 190, tt.iss, 96))...)
		res := Read(c, "drivers_license", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		if got := sureField(c, res, "expiration_date"); got != tt.want {
			t.Errorf("%s: expiration_date = %#v (%.2f), want %#v", tt.name, res.Fields["expiration_date"], res.Confidence["expiration_date"], tt.want)
		}
	}
}

// TestIssueBeforeRenewal: a card whose issue caption OCR lost, its
// expiry read by its caption, gives the one other date a whole number of
// years before the expiry in its month as the issue; a third date, or
// another month, says nothing.
func TestIssueBeforeRenewal(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name  string
		lines []string
		want  any
	}{
		{"two years before", []string{"February 2026", "February 2028"}, "2026-02-01"},
		{"another month", []string{"January 2026", "February 2028"}, nil},
		{"a third date", []string{"February 2026", "February 2028", "Printed 03/04/2026"}, nil},
	} {
		// A row of captions over a row of values, each cell a line of
		// its own as OCR parted them.
		rows := [][]word{ocrRow(0, 0, 40, 40, "ACLS Provider", 95), ocrRow(1, 0, 40, 60, "Dimitri A. Vasquez-Lund", 95),
			ocrRow(2, 1, 40, 90, "ssue Cate", 55), ocrRow(3, 1, 200, 90, "Recommended Renewal Date", 92)}
		for i, l := range tt.lines {
			rows = append(rows, ocrRow(4+i, 1, 40+160*float64(i%2), 106+float64(i/2)*16, l, 95))
		}
		p := ocrPage(ocrWords(rows...)...)
		res := Read(c, "acls", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		if got := sureField(c, res, "issue_date"); got != tt.want {
			t.Errorf("%s: issue_date = %#v (%.2f), want %#v", tt.name, res.Fields["issue_date"], res.Confidence["issue_date"], tt.want)
		}
		if got := sureField(c, res, "expiration_date"); got != "2028-02-29" {
			t.Errorf("%s: expiration_date = %#v (%.2f), want 2028-02-29", tt.name, res.Fields["expiration_date"], res.Confidence["expiration_date"])
		}
	}
}
