package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestIdentityCardNamesOnScans: an identity card's name printed as
// captioned parts is read where OCR made the surname's caption's "rn" an
// "m" ("Sumame"), as the label compiler already reads an "m" as "rn".
func TestIdentityCardNamesOnScans(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "PASSPORT", conf: 91})}
	tests := []struct {
		name, typ, text, want string
	}{
		{"passport card, surname's caption misread", "passport",
			"UNITED STATES OF AMERICA\nPASSPORT CARD\nSumame OYELARAN\nGiven Names\nFOLAKE GRACE\nUSA\nNationality\nDate of Birth\n17 SEP 1989\n",
			"FOLAKE GRACE OYELARAN"},
		{"passport data page, caption over its value", "passport",
			"PASSPORT\nType P Code USA\nSumame\nKOWALCZYK\nGiven Names\nMAREK\nDate of Birth\n02 MAY 1984\n",
			"MAREK KOWALCZYK"},
	}
	for _, tt := range tests {
		res := Read(c, tt.typ, Document{Text: tt.text, Pages: scan})
		got, _ := res.Fields["full_name"].(string)
		if res.Confidence["full_name"] < 0.5 {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%s: full_name = %q (at %v), want %q", tt.name, res.Fields["full_name"], res.Confidence["full_name"], tt.want)
		}
	}
}
