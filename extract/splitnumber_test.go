package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestSplitLicenseNumber: a scanned license's number OCR split at a
// space is uncertain, never the piece its caption found read surely
// ("D1234 5678" read D1234); a number printed whole, or after its type
// or its letter as the state prints it, stays sure.
func TestSplitLicenseNumber(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "BOARD", conf: 91})}
	nursing := func(num string) string {
		return "OHIO BOARD OF NURSING\nREGISTERED NURSE\nMARISOL ECHEVERRIA\nLicense No: " + num + "\nExpires: 10/31/2027\nStatus: Active\n"
	}
	card := func(state, num string) string {
		return state + "\nDRIVER LICENSE\nDL: " + num + "\nDOB 01/02/1990\nEXP 01/02/2030\n1 SMITH\n2 JANE\n"
	}
	tests := []struct {
		name, typ, text, want string
	}{
		{"nursing number whole", "nursing_license", nursing("RN1234567"), "RN1234567"},
		{"nursing number after its type", "nursing_license", nursing("RN 1234567"), "RN 1234567"},
		{"nursing number split after its type", "nursing_license", nursing("RN1234 567"), ""},
		{"nursing number's digits split", "nursing_license", nursing("RN 12 34567"), ""},
		{"nursing number's letters split", "nursing_license", nursing("R N1234567"), ""},
		{"licence number whole", "drivers_license", card("MARYLAND", "D12345678"), "D12345678"},
		{"licence number after its letter", "drivers_license", card("MARYLAND", "D 12345678"), "D 12345678"},
		{"licence number split", "drivers_license", card("MARYLAND", "D1234 5678"), ""},
		{"licence number's last digit apart", "drivers_license", card("MARYLAND", "12345678 9"), ""},
		{"licence number in groups, the last apart", "drivers_license", card("MARYLAND", "123 456 78"), ""},
		{"the next field's number after the licence number", "drivers_license", card("MARYLAND", "D12345678 9 CLASS C"), "D12345678"},
		{"a number in the state's form before a digit", "drivers_license", card("TEXAS", "12345678 9"), "12345678"},
	}
	for _, tt := range tests {
		res := Read(c, tt.typ, Document{Text: tt.text, Pages: scan})
		got, _ := res.Fields["license_number"].(string)
		if res.Confidence["license_number"] < 0.5 {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%s: license_number = %q (at %v), want %q", tt.name, res.Fields["license_number"], res.Confidence["license_number"], tt.want)
		}
	}
}

// TestScannedSSNLast4: the last four digits of a Social Security number
// OCR read with its hyphens damaged (a long dash, a period, a space
// beside one, one lost) or its last four split are read; a ZIP+4 code
// alone on a line, or a number of another shape, is not one.
func TestScannedSSNLast4(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "SOCIAL", conf: 91})}
	for _, tt := range []struct{ printed, want string }{
		{"518-42-7736", "7736"},
		{"518-42- 7736", "7736"},
		{"518-427736", "7736"},
		{"51842 7736", "7736"},
		{"518.42.7736", "7736"},
		{"518—42—7736", "7736"},
		{"518-42-77 36", "7736"},
		{"21235-6401", ""},
		{"518-42-773", ""},
		// The middle group read with a digit more or fewer.
		{"531-087-2284", "2284"},
		{"531-7-2284", "2284"},
		{"531-0872-2284", ""},
	} {
		text := "SOCIAL SECURITY\n" + tt.printed + "\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\nDANIELA R WOJCIK\nSIGNATURE\n"
		res := Read(c, "social_security_card", Document{Text: text, Pages: scan})
		got, _ := res.Fields["ssn_last4"].(string)
		if res.Confidence["ssn_last4"] < 0.5 {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%q: ssn_last4 = %q (at %v), want %q", tt.printed, res.Fields["ssn_last4"], res.Confidence["ssn_last4"], tt.want)
		}
	}
}

// TestSSNMiddleMisreadPlace: a number of three, three and four digits
// is the card's, its middle misread, only where the card prints its
// number; a telephone number on the card's back is none.
func TestSSNMiddleMisreadPlace(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "SOCIAL", conf: 91})}
	text := "SOCIAL SECURITY\n\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\nDANIELA R WOJCIK\nSIGNATURE\n" +
		"This card is the property of the Social Security Administration.\nIf found, please return to:\n" +
		"SOCIAL SECURITY ADMINISTRATION\nFor more information call\n800-772-1213\n"
	res := Read(c, "social_security_card", Document{Text: text, Pages: scan})
	if got, ok := res.Fields["ssn_last4"]; ok {
		t.Errorf("ssn_last4 = %v (at %v), want none", got, res.Confidence["ssn_last4"])
	}
}

// TestStateFormNumber: a scanned licence's number whose caption OCR
// mangled is the card's one run of words in the state's form, a hyphen
// OCR read as a space restored; a card printing two such runs that
// differ, or a run after another number's caption, gives none.
func TestStateFormNumber(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "DRIVER", conf: 91})}
	card := func(state, numLine, more string) string {
		return state + "\nDRIVER LICENSE\n" + numLine + "\n3 DOB 01/02/1990\n4b EXP 01/02/2030\n1 SMITH\n2 JANE\n" + more
	}
	tests := []struct{ name, text, want string }{
		{"a hyphen read as a space", card("FLORIDA", "44 cin: F434 966-89-086-0", ""), "F434-966-89-086-0"},
		{"groups a space apart", card("PENNSYLVANIA", "44 cin: 27 491 836", ""), "27 491 836"},
		{"another run in the form after the discriminator's caption", card("PENNSYLVANIA", "44 cin: 27 491 836", "5 DD: 31 552 904\n"), "27 491 836"},
		{"two runs in the form", card("PENNSYLVANIA", "44 cin: 27 491 836", "31 552 904\n"), ""},
		{"only after another number's caption", card("PENNSYLVANIA", "44 cin:", "AUDIT 31552904\n"), ""},
	}
	for _, tt := range tests {
		res := Read(c, "drivers_license", Document{Text: tt.text, Pages: scan})
		got, _ := res.Fields["license_number"].(string)
		if res.Confidence["license_number"] < 0.5 {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%s: license_number = %q (at %v), want %q", tt.name, res.Fields["license_number"], res.Confidence["license_number"], tt.want)
		}
	}
}

// TestLicenseNumberNotNeighbour: a licence number's caption whose value
// OCR lost is never read as the next number on its line, another
// number's after its own caption (an audit or inventory number, the
// document discriminator).
func TestLicenseNumberNotNeighbour(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "DRIVER", conf: 91})}
	for _, tt := range []struct{ line, want string }{
		{"DL# AUDIT 10132023041", ""},
		{"4d DL ICN 73920461", ""},
		{"4d DLN: 5 DD 2608141121", ""},
		{"4d DL D12345678", "D12345678"},
	} {
		text := "MARYLAND\nDRIVER LICENSE\n" + tt.line + "\n3 DOB 01/02/1990\n1 SMITH\n2 JANE\n8 12 MAIN ST\nBALTIMORE, MD 21201\n"
		res := Read(c, "drivers_license", Document{Text: text, Pages: scan})
		got, _ := res.Fields["license_number"].(string)
		if res.Confidence["license_number"] < 0.5 {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%q: license_number = %q (at %v), want %q", tt.line, res.Fields["license_number"], res.Confidence["license_number"], tt.want)
		}
	}
}

// TestNursingNumberNotNeighbour: a nursing license number's caption
// whose value was lost is never read as another thing's number printed
// after its own caption (the NCSBN's id, a board's, a case's); a number
// after the license's type stays.
func TestNursingNumberNotNeighbour(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct{ line, want string }{
		{"License No: NCSBN ID 12345678", ""},
		{"License #: Case No. 2021-0045", ""},
		{"License Number:\nNCSBN ID: 22019834", ""},
		{"License Number: RN 287341", "RN 287341"},
		{"License No: 287341", "287341"},
	} {
		text := "OHIO BOARD OF NURSING\nREGISTERED NURSE\nMARISOL ECHEVERRIA\n" + tt.line + "\nExpires: 10/31/2027\nStatus: Active\n"
		res := Read(c, "nursing_license", Document{Text: text})
		got, _ := res.Fields["license_number"].(string)
		if res.Confidence["license_number"] < 0.5 {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%q: license_number = %q (at %v), want %q", tt.line, res.Fields["license_number"], res.Confidence["license_number"], tt.want)
		}
	}
}

// TestSSNHolderMiddleUnsure: a Social Security card's holder line whose
// middle name or initial OCR was unsure of keeps the given and family
// names sure, the middle and full names uncertain; a family name read
// unsurely leaves every part uncertain.
func TestSSNHolderMiddleUnsure(t *testing.T) {
	c := catalog.MustLoad()
	page := func(first, middle, last float64) Document {
		return ocrDocument(
			ocrRow(0, 1, 60, 40, "SOCIAL SECURITY", 95),
			ocrRow(1, 2, 70, 60, "518-42-7736", 95),
			ocrRow(2, 3, 40, 80, "THIS NUMBER HAS BEEN ESTABLISHED FOR", 95),
			[]word{{x: 60, y: 100, text: "DANIELA", conf: first, line: 3, block: 4}, {x: 100, y: 100, text: "R", conf: middle, line: 3, block: 4},
				{x: 110, y: 100, text: "WOJCIK", conf: last, line: 3, block: 4}},
			ocrRow(4, 5, 80, 130, "SIGNATURE", 95),
		)
	}
	tests := []struct {
		name                  string
		first, middle, last   float64
		sureGiven, sureMiddle bool
	}{
		{"every word sure", 93, 91, 94, true, true},
		{"the initial unsure", 93, 41, 94, true, false},
		{"the family name unsure", 93, 91, 44, false, false},
	}
	for _, tt := range tests {
		res := Read(c, "social_security_card", page(tt.first, tt.middle, tt.last))
		sure := func(f string) bool { return res.Confidence[f] >= 0.5 }
		if res.Fields["first_name"] != "DANIELA" || res.Fields["last_name"] != "WOJCIK" || res.Fields["middle_name"] != "R" {
			t.Errorf("%s: read %v", tt.name, res.Fields)
			continue
		}
		if sure("first_name") != tt.sureGiven || sure("last_name") != tt.sureGiven || sure("middle_name") != tt.sureMiddle || sure("full_name") != tt.sureMiddle {
			t.Errorf("%s: confidences %v, want given and family sure %v, middle and full sure %v", tt.name, res.Confidence, tt.sureGiven, tt.sureMiddle)
		}
	}
}

// TestNursingNumberLeadingZero: a scanned nursing license number whose
// leading 0 OCR read as the letter O after the type code ("RNO62044")
// is read with its 0; a text layer's number stays as printed.
func TestNursingNumberLeadingZero(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "BOARD", conf: 91})}
	for _, tt := range []struct {
		printed, want string
		pages         []pagetext.Page
	}{
		{"RNO62044", "RN062044", scan},
		{"RN062044", "RN062044", scan},
		{"LPN.O71234", "LPN.071234", scan},
		{"RNO62044", "RNO62044", nil},
	} {
		text := "OHIO BOARD OF NURSING\nREGISTERED NURSE\nMARISOL ECHEVERRIA\nLicense No: " + tt.printed + "\nExpires: 10/31/2027\nStatus: Active\n"
		res := Read(c, "nursing_license", Document{Text: text, Pages: tt.pages})
		if got := res.Fields["license_number"]; got != tt.want || res.Confidence["license_number"] < 0.5 {
			t.Errorf("%q: license_number = %v (at %v), want %q", tt.printed, got, res.Confidence["license_number"], tt.want)
		}
	}
}

// TestDamagedExpiryCaptionAlone: a scanned licence's expiry after its
// field number and a caption OCR misread by a letter ("ab Exe" of "4b
// EXP") is read where a misread birth date leaves the card's three dates
// no guess to confirm; not where OCR was unsure of the date, nor after a
// misread caption without its field number.
func TestDamagedExpiryCaptionAlone(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, line string
		conf       float64
		want       string
	}{
		{"field number and damaged caption", "ab Exe 01/15/2030", 95, "2030-01-15"},
		{"the date read unsurely", "ab Exe 01/15/2030", 55, ""},
		{"no field number", "Exe 01/15/2030", 95, ""},
	}
	for _, tt := range tests {
		text := "NEW JERSEY\nDRIVER LICENSE\n4d DL R4127 35890 61724\n" + tt.line + "\n2 pos 01/18/1976\n1 ROSSI\n2 VINCENT PAUL\n"
		scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "JERSEY", conf: 91}, word{x: 80, y: 60, text: "01/15/2030", conf: tt.conf})}
		res := Read(c, "drivers_license", Document{Text: text, Pages: scan})
		got, _ := res.Fields["expiration_date"].(string)
		if res.Confidence["expiration_date"] < c.ConfidenceThreshold("expiration_date") {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%s: expiration_date = %v (at %v), want %q", tt.name, res.Fields["expiration_date"], res.Confidence["expiration_date"], tt.want)
		}
	}
}

// TestLettersBeforeDigitsDoubted: a scanned licence number of a state
// whose forms are not known here, three letters before its digits the
// last a digit's look-alike ("TKS53019" of TK553019), is uncertain; two
// letters, or a third that looks like no digit, are read.
func TestLettersBeforeDigitsDoubted(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		number string
		sure   bool
	}{
		{"TKS53019", false},
		{"TK553019", true},
		{"TKR53019", true},
	} {
		text := "OHIO DRIVER LICENSE\nLIC NO\n" + tt.number + "\nNAME\nOYELOWO, ADEBOLA K\nBIRTH\n07/04/1985\nEXPIRES 07/04/2028\n"
		scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "OHIO", conf: 91}, word{x: 40, y: 60, text: tt.number, conf: 84})}
		res := Read(c, "drivers_license", Document{Text: text, Pages: scan})
		sure := res.Confidence["license_number"] >= c.ConfidenceThreshold("license_number")
		if res.Fields["license_number"] != tt.number || sure != tt.sure {
			t.Errorf("%s: license_number %v at %v, want sure %v", tt.number, res.Fields["license_number"], res.Confidence["license_number"], tt.sure)
		}
	}
}

// TestNumberPrintedTwice: a scanned licence's number that no caption
// gave, of a state whose forms are not known here, is read surely where
// the card prints it twice and both reads agree (across and up its
// edge); read once it stays doubtful, and two numbers printed twice, or
// one after another number's caption, give none.
func TestNumberPrintedTwice(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "DRIVER", conf: 91})}
	card := func(numLine, more string) string {
		return "TENNESSEE\nDRIVER LICENSE\n" + numLine + "\nHOLLINGSWORTH\nBEATRIX ANNE\n611 WOODLAND ST\nNASHVILLE, TN 37206\n" +
			"DOB 11/23/1990 EXP 11/23/2028\nISS 10/04/2024 CLASS D\n" + more
	}
	tests := []struct{ name, text, want string }{
		{"a caption misread past knowing, the number up the edge", card("op.no. 083527164", "Beatrix Hollingsworth\n083527164\n"), "083527164"},
		{"a short caption misread, the number up the edge", card("bLno. 083527164", "083527164\n"), "083527164"},
		{"printed once", card("bLno. 083527164", ""), ""},
		{"read otherwise the second time", card("op.no. 083527164", "083527184\n"), ""},
		{"two numbers printed twice", card("op.no. 083527164", "083527164\n5519023847\n5519023847\n"), ""},
		{"the second after the discriminator's caption", card("op.no. 083527164", "DD 5519023847\nDD 5519023847\n083527164\n"), ""},
	}
	for _, tt := range tests {
		res := Read(c, "drivers_license", Document{Text: tt.text, Pages: scan})
		got, _ := res.Fields["license_number"].(string)
		if res.Confidence["license_number"] < c.ConfidenceThreshold("license_number") {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%s: license_number = %q (at %v), want %q", tt.name, res.Fields["license_number"], res.Confidence["license_number"], tt.want)
		}
	}
}
