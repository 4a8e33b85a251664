package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestIdentityCardNamesOnScans: an identity card's name printed as
// captioned parts is read where OCR made the surname's caption's "rn" an
// "m" ("Sumame"), as the label compiler already reads an "m" as "rn";
// a capital OCR read small in a name in capitals is a capital.
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
		{"a capital read small in a name in capitals", "passport",
			"UNITED STATES OF AMERICA\nPASSPORT CARD\nSurname\nNAKAMURA\nGiven Names\nKENJi ROBERT\nDate of Birth\n04 MAR 1988\n",
			"KENJI ROBERT NAKAMURA"},
		{"given names' caption in capitals", "passport",
			"REPUBLIC OF INDIA\nPASSPORT\nSURNAME\nRAGHAVAN\nGIVEN NAME(S)\nDEEPA\nNATIONALITY\nINDIAN\nDate of Birth\n29/11/1987\n",
			"DEEPA RAGHAVAN"},
		{"given names' caption in capitals, OCR's damage after it", "passport",
			"REPUBLIC OF INDIA\nPASSPORT\nSURNAME\nRAGHAVAN\nGIVEN \ufffd\nDEEPA\nNATIONALITY\nINDIAN\nDate of Birth\n29/11/1987\n",
			"DEEPA RAGHAVAN"},
		{"a particle's small letters stand", "passport",
			"PASSPORT\nSurname\nDiMAGGIO\nGiven Names\nROSA\nDate of Birth\n04 MAR 1988\n",
			"ROSA DiMAGGIO"},
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

// TestMixedNumberOCR: a card number mixing letters and digits where the
// state's form takes either is uncertain where OCR was unsure of it
// (nothing else tells a B from an 8), read where OCR was sure.
func TestMixedNumberOCR(t *testing.T) {
	c := catalog.MustLoad()
	text := "WASHINGTON\nIDENTIFICATION CARD\nNOT FOR FEDERAL IDENTIFICATION\nID WDL7XK2904H8\nDOB 02/19/1990\nEXP 02/19/2030\nLINDQVIST\nASTRID MAE\n"
	tests := []struct {
		name string
		conf float64
		sure bool
	}{
		{"OCR unsure of the word", 44, false},
		{"OCR sure of the word", 88, true},
	}
	for _, tt := range tests {
		scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "WASHINGTON", conf: 91}, word{x: 40, y: 80, text: "WDL7XK2904H8", conf: tt.conf})}
		res := Read(c, "drivers_license", Document{Text: text, Pages: scan})
		if got := res.Fields["license_number"]; got != "WDL7XK2904H8" || (res.Confidence["license_number"] >= 0.5) != tt.sure {
			t.Errorf("%s: license_number %v at %v, want sure %v", tt.name, got, res.Confidence["license_number"], tt.sure)
		}
	}
}

// TestGluedInitial: a middle initial OCR glued to the given name before
// it ("MarcoT.") is read as its own word.
func TestGluedInitial(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "OSHA", conf: 91})}
	tests := []struct{ name, text, want string }{
		{"glued initial", "OSHA 10-Hour Construction Safety\nParticipant: MarcoT. Russo\nCompleted 03/02/2026\n", "Marco T. Russo"},
		{"initial apart", "OSHA 10-Hour Construction Safety\nParticipant: Marco T. Russo\nCompleted 03/02/2026\n", "Marco T. Russo"},
	}
	for _, tt := range tests {
		res := Read(c, "osha_training", Document{Text: tt.text, Pages: scan})
		if got, _ := res.Fields["full_name"].(string); got != tt.want || res.Fields["first_name"] != "Marco" {
			t.Errorf("%s: full_name %q, first_name %v, want %q", tt.name, got, res.Fields["first_name"], tt.want)
		}
	}
}
