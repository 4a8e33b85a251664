package extract

import (
	"testing"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestEchoVouchedByPage: a passport card's zone birth date whose last
// digit and check digit are alike (880114 4) is vouched for by the page
// wherever it prints the date (under a caption OCR lost, beside another
// document's lines in a bundle), or prints the echoed digit under its
// caption though it misread another; a page printing another last digit,
// or none, leaves it uncertain.
func TestEchoVouchedByPage(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "PASSPORT", conf: 91})}
	zone := "I<USAC034188655<<<<<<<<<<<<<<<\n8801144M3201118USA<<<<<<<<<<<0\nNAKAMURA<<KENJI<ROBERT<<<<<<<<\n"
	head := "UNITED STATES OF AMERICA PASSPORT CARD\nSurname\nNAKAMURA\nGiven Names\nKENJI ROBERT\nNationality USA\n"
	tests := []struct {
		name, text string
		sure       bool
	}{
		{"the date printed with its caption lost", head + "Sex M   14 JAN 1988\nExpires On 11 JAN 2032\n" + zone, true},
		{"the date printed beside another document's lines", "BLS Provider eCard\nIssue Date 02/14/2026\n" + head + "14 JAN 1988\n" + zone, true},
		{"the caption's date misread in its year, not its last digit", head + "Date of Birth\n14 JAN 1986\n" + zone, true},
		{"the caption's date another last digit", head + "Date of Birth\n19 JAN 1988\n" + zone, false},
		{"no date printed", head + zone, false},
	}
	for _, tt := range tests {
		res := Read(c, "passport", Document{Text: tt.text, Pages: scan, AsOf: time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)})
		got, _ := res.Fields["date_of_birth"].(string)
		sure := res.Confidence["date_of_birth"] >= 0.5
		if sure != tt.sure || sure && got != "1988-01-14" {
			t.Errorf("%s: date_of_birth %q at %v, want 1988-01-14 sure %v", tt.name, got, res.Confidence["date_of_birth"], tt.sure)
		}
	}
}
