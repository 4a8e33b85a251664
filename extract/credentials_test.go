package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestSSNLast4OnScans: the last four digits of a Social Security card's
// masked number whose mask OCR misread, read only from the number's place
// under the card's title.
func TestSSNLast4OnScans(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct{ name, text, want string }{
		{"tilde for the first dash", "SOCIAL SECURITY\nXXX~XX-3716\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\nMELISSA J NUNEZ\n", "3716"},
		{"mask read as letters and #", "SOCIAL SECURITY\nwee #0916\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\n", "0916"},
		{"mask read as k and a long dash, the digits split", "SOCIAL SECURITY\n*k*k—**-8 687\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\n", "8687"},
		{"a mark of the mask read as a digit", "SOCIAL SECURITY\neee 9 *-5816\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\n", "5816"},
		{"marks read as % and a digit", "SOCIAL SECURITY\ne%—*4-8327\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\n", "8327"},
		{"the last dash lost", "SOCIAL SECURITY\neee 4772\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\n", "4772"},
		{"three digits are no last four", "SOCIAL SECURITY\nXXX-XX-371\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\n", ""},
		{"digits before the last four are no mask", "SOCIAL SECURITY\n12 345 6789\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\n", ""},
		{"a ZIP code and its extension are no mask", "SOCIAL SECURITY\nMD 21290 3000\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\n", ""},
		{"a line of words under the title is no number", "SOCIAL SECURITY\nPO Box 3300\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\n", ""},
	}
	for _, tt := range tests {
		res := Read(c, "social_security_card", Document{Text: tt.text})
		got, _ := res.Fields["ssn_last4"].(string)
		if got != tt.want {
			t.Errorf("%s: ssn_last4 = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestAHAeCardOnScans: an eCard whose "eCard Code" label OCR lost has its
// code found by the issue year it opens with, not taken from the
// instructor's twelve digits; a caption's misread "Name" is no part of
// the training center.
func TestAHAeCardOnScans(t *testing.T) {
	c := catalog.MustLoad()
	page := "American Heart Association eCard - PALS Provider\nTraining Center Nar SureFire CPR\nMaria Rivera\n" +
		"has successfully completed the cognitive and skills evaluations\nInstructor 781732548899\n" +
		"Association. %s\n05/28/2026 05/28/2028\n"
	tests := []struct{ name, code, want string }{
		{"the code opening with the issue year", "262188378953", "262188378953"},
		{"no number opening with the year: none", "", ""},
		{"two numbers opening with the year: none", "262188378953 262188378954", ""},
	}
	for _, tt := range tests {
		res := Read(c, "pals", Document{Text: fmt.Sprintf(page, tt.code)})
		if got, _ := res.Fields["certificate_id"].(string); got != tt.want {
			t.Errorf("%s: certificate_id = %q, want %q", tt.name, got, tt.want)
		}
		if got := res.Fields["training_center"]; got != "SureFire CPR" {
			t.Errorf("%s: training_center = %v, want SureFire CPR", tt.name, got)
		}
	}
}

// TestProgramIDOnScans: a certificate number naming the card's program is
// its id where the label was lost, its hyphen read as a period; another
// program's number is not.
func TestProgramIDOnScans(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct{ typ, text, want string }{
		{"nrp", "Neonatal Resuscitation Program\nKeisha J. Perry\nNRP.20051419\nApril 22, 2025\n", "NRP-20051419"},
		{"nrp", "Neonatal Resuscitation Program\nKeisha J. Perry\nTNCC-20051419\n", ""},
		{"nrp", "Neonatal Resuscitation Program\nNRP-20051419\nNRP-20051420\n", ""},
	}
	for _, tt := range tests {
		res := Read(c, tt.typ, Document{Text: tt.text})
		if got, _ := res.Fields["certificate_id"].(string); got != tt.want {
			t.Errorf("%q: certificate_id = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestTypedLicenseNumber: a license number opening with its type's code
// keeps the code where a mark stands between code and digits, however
// OCR spaced it or read its hyphen.
func TestTypedLicenseNumber(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct{ printed, want string }{
		{"RN. 1234567", "RN.1234567"},
		{"RN — 1234567", "RN-1234567"},
		{"RN~1234567", "RN-1234567"},
		{"LPN-7654321", "LPN-7654321"},
		{"RN#1234567", "RN#1234567"},
		{"RN·1234567", "RN.1234567"},
		{"ARNP.1234567", "ARNP.1234567"},
		{"RN: 1234567", "1234567"}, // a colon ends the label's words, not the number's
		{"041.123456", "041.123456"},
		{"041. 123456", "041.123456"}, // a type code in digits, OCR's space after its period
		{"041,123456", "041.123456"},
		{"05-31-2028", ""},             // a date is no number
		{"R.N. 123456", "R.N. 123456"}, // the type's code spelt with periods
		{"L.P.N.7654321", "L.P.N.7654321"},
		{"RN 12-34567", "RN 12-34567"}, // the code, a space, digits in groups
		{"RN 1234567", "RN 1234567"},   // a space alone: kept as printed
		{"R.N. 05-31-2028", ""},
		{"RN 05-31-2028", ""},
		{"RN 123456-A", "RN 123456-A"},       // a suffix after the digits' hyphen
		{"L.P.N. 4471-92", "L.P.N. 4471-92"}, // the dotted code's number in groups
		{"RN-123456-B", "RN-123456-B"},
	}
	for _, tt := range tests {
		text := "Ohio Board of Nursing\nLicense Verification\nName: Maria Alvarez\nLicense Number: " + tt.printed +
			"\nLicense Type: Registered Nurse\nStatus: Active\n"
		res := Read(c, "nursing_license", Document{Text: text})
		if got, _ := res.Fields["license_number"].(string); got != tt.want {
			t.Errorf("%q: license_number = %v, want %s", tt.printed, got, tt.want)
		}
	}
}

// TestCertificateIDLabels: a certificate's number under the labels other
// issuers print for it.
func TestCertificateIDLabels(t *testing.T) {
	c := catalog.MustLoad()
	for _, label := range []string{"eCard No.", "Certificate Code", "Confirmation Number", "Completion ID", "NRP ID", "Verification ID", "Provider ID",
		"Completion #", "Credential No.", "Certification Code", "TNCC No."} {
		text := "Neonatal Resuscitation Program\nProvider Card\nMaria Alvarez\n" + label + ": 88241907\nIssue Date: 04/22/2025\n"
		res := Read(c, "nrp", Document{Text: text})
		if got := res.Fields["certificate_id"]; got != "88241907" {
			t.Errorf("%s: certificate_id = %v, want 88241907", label, got)
		}
	}
}

// TestLetteredCertificateID: a certificate id of capitals with a digit or
// more among them stands as the value after its label, however few its
// digits; a word, a short code or a date there is no id.
func TestLetteredCertificateID(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct{ printed, want string }{
		{"4KXTRBQW", "4KXTRBQW"},
		{"GV9M7KQ", "GV9M7KQ"},
		{"88241907", "88241907"},
		{"PENDING", ""},
		{"XK4T", ""},
		{"04/22/2025", ""},
		{"4KXTRBQW see reverse", ""},
	}
	for _, tt := range tests {
		text := "American Red Cross\nBasic Life Support\nMaria Alvarez\nCompleted: 04/22/2025\nCertificate ID: " + tt.printed + "\n"
		res := Read(c, "bls", Document{Text: text})
		got, _ := res.Fields["certificate_id"].(string)
		if got != tt.want {
			t.Errorf("%q: certificate_id = %q, want %q", tt.printed, got, tt.want)
		}
	}
}

// TestCapitalStatus: a status printed in capitals that no label gave is
// read under a heading row naming the status, reported uncertain
// elsewhere, and not at all where the page prints two.
func TestCapitalStatus(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, text, want string
		sure             bool
	}{
		{"a results row under its headings", "LICENSE VERIFICATION\nNAME  LICENSE  STATUS  EXPIRES\nMARIA ALVAREZ  RN1234567  ACTIVE  05/31/2026\n", "ACTIVE", true},
		{"alone on its line", "Board of Nursing\nLicense Verification\nName: MARIA ALVAREZ\nLicense Number: 1234567\nACTIVE\nDiscipline: NONE\n", "ACTIVE", false},
		{"a legend of two statuses", "LICENSE VERIFICATION\nNAME  LICENSE  STATUS\nMARIA ALVAREZ  RN1234567  ACTIVE\nKey: ACTIVE, EXPIRED\n", "", false},
		{"a word in small letters is prose", "Board of Nursing\nName: MARIA ALVAREZ\nPlease keep your license active.\n", "", false},
	}
	for _, tt := range tests {
		res := Read(c, "nursing_license", Document{Text: tt.text})
		got, _ := res.Fields["license_status"].(string)
		sure := res.Confidence["license_status"] >= c.ConfidenceThreshold("license_status")
		if got != tt.want || sure != tt.sure {
			t.Errorf("%s: license_status = %q (confidence %v), want %q sure %v", tt.name, got, res.Confidence["license_status"], tt.want, tt.sure)
		}
	}
}

// TestSocialSecurityHolderLine: a scanned card's holder is the whole
// line under the sentence closing "established for", the name centred
// under the sentence (not the words under its last two alone); a card
// printing its number between them is read as any page (the holder's
// reading doubts it where another name stands), and a name in larger
// type than the sentence as far under it as its own size makes it, but
// not one of the sentence's type so far; marks under the
// sentence are no name.
func TestSocialSecurityHolderLine(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name  string
		rows  [][]word
		first string
		sure  bool
	}{
		{"the name centred under the sentence", [][]word{
			ocrRow(0, 1, 227, 158, "SOCIAL SECURITY", 96),
			ocrRow(1, 2, 255, 186, "wee—# #0638", 8),
			ocrRow(2, 3, 231, 204, "TS MUMBER HAS BEEN ESTABLISHED FOR", 90),
			ocrRow(3, 4, 232, 221, "SIOBHAN JOY SANCHEZ", 92),
		}, "SIOBHAN", true},
		{"the number between the sentence and the name", [][]word{
			ocrRow(0, 1, 227, 158, "SOCIAL SECURITY", 96),
			ocrRow(1, 2, 231, 180, "THIS NUMBER HAS BEEN ESTABLISHED FOR", 90),
			ocrRow(2, 3, 255, 200, "XXX-XX-4821", 80),
			ocrRow(3, 4, 232, 221, "NGOC KAY FLORES", 90),
		}, "NGOC", true},
		{"a script name in type thrice the sentence's, the number between", [][]word{
			sizedRow(11, ocrRow(0, 1, 120, 20, "SOCIAL SECURITY", 96)),
			sizedRow(4.6, ocrRow(1, 2, 106, 44, "THIS NUMBER HAS BEEN ESTABLISHED FOR", 90)),
			sizedRow(10, ocrRow(2, 3, 150, 60, "431-67-0852", 90)),
			sizedRow(14.6, ocrRow(3, 4, 54, 88, "Theodora Quinn Castellanos", 91)),
		}, "Theodora", true},
		{"a name of the sentence's type too far under it", [][]word{
			sizedRow(11, ocrRow(0, 1, 120, 20, "SOCIAL SECURITY", 96)),
			sizedRow(4.6, ocrRow(1, 2, 106, 44, "THIS NUMBER HAS BEEN ESTABLISHED FOR", 90)),
			sizedRow(10, ocrRow(2, 3, 150, 60, "431-67-0852", 90)),
			sizedRow(4.6, ocrRow(3, 4, 120, 88, "Theodora Quinn Castellanos", 91)),
		}, "Theodora", false},
		{"marks under the sentence are no name", [][]word{
			ocrRow(0, 1, 227, 158, "SOCIAL SECURITY", 96),
			ocrRow(1, 3, 231, 204, "THIS NUMBER HAS BEEN ESTABLISHED FOR", 90),
			ocrRow(2, 4, 232, 221, "HEH PE", 30),
		}, "", false},
	}
	for _, tt := range tests {
		res := Read(c, "social_security_card", ocrDocument(tt.rows...))
		got, _ := res.Fields["first_name"].(string)
		sure := res.Confidence["first_name"] >= c.ConfidenceThreshold("first_name")
		if tt.sure && (got != tt.first || !sure) || !tt.sure && sure {
			t.Errorf("%s: first_name %q (confidence %v), want %q sure %v", tt.name, got, res.Confidence["first_name"], tt.first, tt.sure)
		}
	}
}

// sizedRow sets a row's words in type h points high, as wide as such
// type prints them.
func sizedRow(h float64, ws []word) []word {
	x := ws[0].x
	for i := range ws {
		ws[i].h, ws[i].wd, ws[i].x = h, 0.55*h*float64(len(ws[i].text)), x
		x += ws[i].wd + 0.3*h
	}
	return ws
}

// TestStackedCaptionID: a certificate id under a header row that prints
// its caption on two lines ("Certificate" over "Number") is read from
// its column on the row under it; a caption of another column stacked so
// gives nothing.
func TestStackedCaptionID(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name string
		rows [][]cellAt
		want string
	}{
		{"certificate over number", [][]cellAt{
			{{40, "Neonatal Resuscitation Program"}},
			{{40, "Provider"}, {200, "Certificate"}, {330, "Date"}, {430, "Expiration"}},
			{{40, "Name"}, {200, "Number"}, {330, "Completed"}, {430, "Date"}},
			{{40, "Rosa Delgado"}, {200, "4471092"}, {330, "03/03/2026"}, {430, "03/31/2028"}},
		}, "4471092"},
		{"ecard over code, a lettered code", [][]cellAt{
			{{40, "Neonatal Resuscitation Program"}},
			{{40, "Learner"}, {200, "eCard"}, {330, "Issued"}},
			{{40, "Name"}, {200, "Code"}, {330, "On"}},
			{{40, "Rosa Delgado"}, {200, "K7X2M9QT"}, {330, "03/03/2026"}},
		}, "K7X2M9QT"},
		{"no id caption", [][]cellAt{
			{{40, "Neonatal Resuscitation Program"}},
			{{40, "Provider"}, {200, "Course"}, {330, "Date"}},
			{{40, "Name"}, {200, "Hours"}, {330, "Completed"}},
			{{40, "Rosa Delgado"}, {200, "8"}, {330, "03/03/2026"}},
		}, ""},
	}
	for _, tt := range tests {
		var lines []string
		for _, r := range tt.rows {
			var cs []string
			for _, c := range r {
				cs = append(cs, c.text)
			}
			lines = append(lines, strings.Join(cs, "   "))
		}
		res := Read(c, "nrp", Document{Text: strings.Join(lines, "\n"), Pages: []pagetext.Page{textPage(tt.rows...)}})
		if got, _ := res.Fields["certificate_id"].(string); got != tt.want {
			t.Errorf("%s: certificate_id = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestLicenseNumberLookAlikesOnScans: a letter OCR made of a digit among
// a scanned license number's digits is the digit (RN.1234S67), no surer
// than a caption's value; a text layer's number stays as printed.
func TestLicenseNumberLookAlikesOnScans(t *testing.T) {
	c := catalog.MustLoad()
	rows := [][]word{
		ocrRow(0, 1, 40, 40, "Board of Nursing License Verification", 90),
		ocrRow(1, 2, 40, 60, "Name: Maria Alvarez", 90),
		ocrRow(2, 3, 40, 80, "License Number: RN.1234S67", 80),
		ocrRow(3, 4, 40, 100, "Status: Active", 90),
	}
	scan := ocrDocument(rows...)
	res := Read(c, "nursing_license", scan)
	if got := res.Fields["license_number"]; got != "RN.1234567" || res.Confidence["license_number"] > 0.75 {
		t.Errorf("scan: license_number = %v (confidence %v), want RN.1234567 at most 0.75", got, res.Confidence["license_number"])
	}
	if got := Read(c, "nursing_license", Document{Text: scan.Text}).Fields["license_number"]; got != "RN.1234S67" {
		t.Errorf("text: license_number = %v, want RN.1234S67 as printed", got)
	}
}

// TestProseCertificateID: a letter's sentence giving the credential's id
// after a word naming it is read where no label gave one; an id the
// sentence gives someone else (an instructor, a course), a telephone
// number, or an id no word ties to the credential are not.
func TestProseCertificateID(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct{ sentence, want string }{
		{"Your provider status ID is 4471092 and remains valid.", "4471092"},
		{"Your unique TNCC identification number (4471092) will be needed to renew.", "4471092"},
		{"Your unique TNCC identifier is 4471092.", "4471092"},
		{"Your TNCC provider card (No. 4471092) is enclosed.", "4471092"},
		{"Your instructor's card (No. 4471092) is enclosed.", ""},
		{"Please retain this letter. ID: 4471092", ""},
		{"Instructor ID 02130412345 taught the course.", ""},
		{"Questions? Call 555-123-4567 or use course code 12345.", ""},
		{"Your TNCC identification number is 4471092; your completion status code is 5582013.", ""},
	}
	for _, tt := range tests {
		text := "Emergency Nurses Association\nTrauma Nursing Core Course (TNCC)\nNovember 3, 2026\nDear Rosa Delgado,\n" +
			"Congratulations on successfully completing the TNCC course on October 28, 2026.\n" + tt.sentence +
			"\nYour TNCC verification is valid through October 31, 2030.\nSincerely,\nENA\n"
		got, _ := Read(c, "tncc", Document{Text: text}).Fields["certificate_id"].(string)
		if got != tt.want {
			t.Errorf("%q: certificate_id = %q, want %q", tt.sentence, got, tt.want)
		}
	}
}

// TestCourseListRow: a transcript listing several courses in rows under
// one header row gives a credential's id and dates from the row naming
// the document's own program, not from the first row; where no row or
// several rows name it, the column's values are uncertain, never the
// first row's guessed.
func TestCourseListRow(t *testing.T) {
	c := catalog.MustLoad()
	header := []cellAt{{40, "Course Title"}, {250, "Completed"}, {330, "Expires"}, {410, "Certificate #"}}
	bls := []cellAt{{40, "Basic Life Support (BLS)"}, {250, "01/05/2026"}, {330, "01/31/2028"}, {410, "265001234567"}}
	nrp := []cellAt{{40, "Neonatal Resuscitation Program"}, {250, "03/14/2026"}, {330, "03/31/2028"}, {410, "NRP-55821904"}}
	pals := []cellAt{{40, "Pediatric Advanced Life Support"}, {250, "02/02/2026"}, {330, "02/28/2028"}, {410, "265009876543"}}
	hygiene := []cellAt{{40, "Hand Hygiene"}, {250, "01/10/2026"}, {330, "01/10/2027"}, {410, "HH-22318"}}
	tests := []struct {
		name                   string
		typ                    string
		rows                   [][]cellAt
		id, issue, exp         string
		uncertainID, uncertain bool
	}{
		{"own program in the second row", "nrp", [][]cellAt{header, bls, nrp, pals}, "NRP-55821904", "2026-03-14", "2028-03-31", false, false},
		{"own program in the first row", "nrp", [][]cellAt{header, nrp, hygiene}, "NRP-55821904", "2026-03-14", "2028-03-31", false, false},
		{"own program last", "pals", [][]cellAt{header, bls, hygiene, pals}, "265009876543", "2026-02-02", "2028-02-28", false, false},
		{"no row names it", "nrp", [][]cellAt{header, bls, pals}, "", "", "", true, true},
		{"two rows name it", "nrp", [][]cellAt{header, nrp, bls, {{40, "NRP Provider renewal"}, {250, "03/01/2024"}, {330, "03/31/2026"}, {410, "NRP-41120077"}}}, "", "", "", true, true},
		{"one row, its cells run together", "nrp", [][]cellAt{{{40, "Neonatal Resuscitation Program"}}, {{40, "Name"}, {150, "Completed"}, {205, "Expires"}, {250, "NRP ID"}},
			{{40, "Rosa Delgado"}, {150, "03/14/2026 03/31/2028 A7K2-55190"}}}, "A7K2-55190", "", "", false, false},
		{"a one-word caption heading the id column", "nrp", [][]cellAt{{{40, "Neonatal Resuscitation Program"}}, {{40, "Name"}, {150, "Completed"}, {250, "Expires"}, {350, "Certificate"}},
			{{40, "Rosa Delgado"}, {150, "03/14/2026"}, {250, "03/31/2028"}, {350, "A7K2-55190"}}}, "A7K2-55190", "2026-03-14", "2028-03-31", false, false},
		{"a one-word caption over rows of courses", "nrp", [][]cellAt{{{40, "Course"}, {250, "Completed"}, {330, "Expires"}, {410, "Credential"}}, bls, nrp}, "NRP-55821904", "2026-03-14", "2028-03-31", false, false},
		{"one row: a card's own values", "nrp", [][]cellAt{{{40, "Neonatal Resuscitation Program"}}, header, {{40, "Provider course"}, {250, "03/14/2026"}, {330, "03/31/2028"}, {410, "NRP-55821904"}}}, "NRP-55821904", "2026-03-14", "2028-03-31", false, false},
	}
	for _, tt := range tests {
		rows := append([][]cellAt{{{40, "Continuing Education Transcript"}}, {{40, "Learner: Rosa Delgado"}}}, tt.rows...)
		var lines []string
		for _, r := range rows {
			var cs []string
			for _, c := range r {
				cs = append(cs, c.text)
			}
			lines = append(lines, strings.Join(cs, "   "))
		}
		res := Read(c, tt.typ, Document{Text: strings.Join(lines, "\n"), Pages: []pagetext.Page{textPage(rows...)}})
		for _, f := range []struct {
			field, want string
			uncertain   bool
		}{{"certificate_id", tt.id, tt.uncertainID}, {"issue_date", tt.issue, tt.uncertain}, {"expiration_date", tt.exp, tt.uncertain}} {
			got, _ := res.Fields[f.field].(string)
			sure := res.Confidence[f.field] >= 0.5
			if f.want != "" && (got != f.want || !sure) {
				t.Errorf("%s: %s = %q (confidence %v), want %q", tt.name, f.field, got, res.Confidence[f.field], f.want)
			}
			if f.uncertain && got != "" && sure {
				t.Errorf("%s: %s = %q read surely (%v), want it uncertain", tt.name, f.field, got, res.Confidence[f.field])
			}
		}
	}
}

// TestLicenseNumberMarkForLetter: a license number whose leading S OCR
// read as a dollar sign (red print on a card's pattern) keeps its letter;
// the mark is not dropped with the letter it stands for. A number of a
// letter and digit groups is read whole.
func TestLicenseNumberMarkForLetter(t *testing.T) {
	c := catalog.MustLoad()
	text := "OHIO\nDRIVER LICENSE\n4d DLN $R482913\n3 DOB 04/12/1988\n4b EXP 04/12/2030 4a ISS 05/02/2026\n1 MORALES\n2 ANA LUCIA\n8 1420 ELM ST\nDAYTON, OH 45402\n"
	res := Read(c, "drivers_license", Document{Text: text})
	if got := res.Fields["license_number"]; got != "SR482913" {
		t.Errorf("license_number = %v, want SR482913", got)
	}
	grouped := strings.Replace(text, "$R482913", "M4821 39105 27804", 1)
	if got := Read(c, "drivers_license", Document{Text: grouped}).Fields["license_number"]; got != "M4821 39105 27804" {
		t.Errorf("license_number = %v, want M4821 39105 27804: a letter and digits in groups are one number", got)
	}
	text = strings.Replace(text, "$R482913", "SR482913 $25 fee", 1)
	if got := Read(c, "drivers_license", Document{Text: text}).Fields["license_number"]; got != "SR482913" {
		t.Errorf("license_number = %v, want SR482913", got)
	}
}

// TestBirthdayExpiryDoubted: a scanned license whose expiry is one digit
// away from the birthday (and not the issue date's day) has a day
// misread in one of the two: both are uncertain. An expiry on the
// birthday, or on the issue date's day, or far from both, stands.
func TestBirthdayExpiryDoubted(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, exp, iss string
		doubted        bool
	}{
		{"one digit off the birthday", "04/22/2030", "05/02/2026", true},
		{"on the birthday", "04/12/2030", "05/02/2026", false},
		{"on the issue date's day", "05/02/2030", "05/02/2026", false},
		{"another day altogether", "09/30/2030", "05/02/2026", false},
		{"the 28th for a birthday past it", "04/28/2030", "05/02/2026", false},
	}
	for _, tt := range tests {
		dob := "04/12/1988"
		if strings.HasPrefix(tt.exp, "04/28") {
			dob = "04/29/1988"
		}
		lines := []string{"NEW JERSEY", "DRIVER LICENSE", "4d DLN M4821 39105 27804", "3 DOB " + dob,
			"4b EXP " + tt.exp + " 4a ISS " + tt.iss, "1 MORALES", "2 ANA LUCIA", "8 1420 ELM ST", "TRENTON, NJ 08608"}
		var rows [][]word
		for i, l := range lines {
			rows = append(rows, ocrRow(i, 1, 40, 40+14*float64(i), l, 90))
		}
		text := strings.Join(lines, "\n")
		for _, scan := range []bool{true, false} {
			doc := Document{Text: text}
			if scan {
				doc.Pages = []pagetext.Page{ocrPage(ocrWords(rows...)...)}
			}
			res := Read(c, "drivers_license", doc)
			for _, f := range []string{"expiration_date", "date_of_birth"} {
				if _, ok := res.Fields[f]; !ok {
					t.Fatalf("%s: %s not read", tt.name, f)
				}
				if doubted := res.Confidence[f] < 0.5; doubted != (tt.doubted && scan) {
					t.Errorf("%s (scan %v): %s confidence %v, doubted %v", tt.name, scan, f, res.Confidence[f], tt.doubted && scan)
				}
			}
		}
	}
}

// TestScannedNumberLettersAmongDigits: a scanned license number with
// letters among its digits that no state's form here settles
// ("SR48BI913") is uncertain; the same number on a text layer, and a
// scanned number of a state whose form has letters there (WDL…), stand.
func TestScannedNumberLettersAmongDigits(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		state, number string
		doubted       bool
	}{
		{"OHIO", "SR48BI913", true},
		{"OHIO", "SR482913", false},
		{"WASHINGTON", "WDLKEBY9U3ZD", false},
	}
	for _, tt := range tests {
		lines := []string{tt.state, "DRIVER LICENSE", "4d DLN " + tt.number, "3 DOB 04/12/1988", "4b EXP 04/12/2030", "1 MORALES", "2 ANA LUCIA"}
		var rows [][]word
		for i, l := range lines {
			rows = append(rows, ocrRow(i, 1, 40, 40+14*float64(i), l, 90))
		}
		text := strings.Join(lines, "\n")
		for _, scan := range []bool{true, false} {
			doc := Document{Text: text}
			if scan {
				doc.Pages = []pagetext.Page{ocrPage(ocrWords(rows...)...)}
			}
			res := Read(c, "drivers_license", doc)
			if got := res.Fields["license_number"]; got != tt.number {
				t.Fatalf("%s: license_number = %v", tt.number, got)
			}
			if doubted := res.Confidence["license_number"] < 0.5; doubted != (tt.doubted && scan) {
				t.Errorf("%s (scan %v): confidence %v, doubted %v", tt.number, scan, res.Confidence["license_number"], tt.doubted && scan)
			}
		}
	}
}

// TestLicenseSurnameLost: a license whose name line OCR read as the
// candidate's given and middle names alone ("ANA LUCIA", MORALES lost)
// has its family name uncertain, not the middle name read as one; a card
// printing the candidate's family name, or another person's card, stands.
func TestLicenseSurnameLost(t *testing.T) {
	c := catalog.MustLoad()
	cand := Holder{FirstName: "Ana", MiddleName: "Lucia", LastName: "Morales"}
	tests := []struct {
		name, line string
		holder     Holder
		doubted    bool
	}{
		{"family name lost", "ANA LUCIA", cand, true},
		{"the whole name", "ANA LUCIA MORALES", cand, false},
		{"another person", "ANA LUCIA", Holder{FirstName: "Ana", MiddleName: "Rosa", LastName: "Morales"}, false},
		{"no candidate", "ANA LUCIA", Holder{}, false},
	}
	for _, tt := range tests {
		text := "CALIFORNIA\nDRIVER LICENSE\nDL A1234567\nEXP 04/12/2030\n" + tt.line + "\n1420 ELM ST\nSACRAMENTO, CA 95814\nDOB 04/12/1988\n"
		res := Read(c, "drivers_license", Document{Text: text, Holder: tt.holder})
		if _, ok := res.Fields["last_name"]; !ok {
			t.Fatalf("%s: last_name not read", tt.name)
		}
		if doubted := res.Confidence["last_name"] < 0.5; doubted != tt.doubted {
			t.Errorf("%s: last_name %v confidence %v, doubted %v", tt.name, res.Fields["last_name"], res.Confidence["last_name"], tt.doubted)
		}
	}
}

// TestLicenseBirthDateByFieldNumber: a license's birth date after its
// field number 3 whose DOB caption OCR damaged ("3 008", "3 bob") is read,
// no surer than a guess; an expiry or issue caption there is not a
// birth date's.
func TestLicenseBirthDateByFieldNumber(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct{ line, want string }{
		{"3 008 04/12/1988", "1988-04-12"},
		{"3 bob 04/12/1988", "1988-04-12"},
		{"3 EXP 04/12/2030", ""},
		{"3 1ss 04/12/2020", ""},
	}
	for _, tt := range tests {
		text := "NEW JERSEY\nDRIVER LICENSE\n4d DLN M4821 39105 27804\n" + tt.line + "\n1 MORALES\n2 ANA LUCIA\n8 1420 ELM ST\nTRENTON, NJ 08608\n"
		res := Read(c, "drivers_license", Document{Text: text})
		got, _ := res.Fields["date_of_birth"].(string)
		if got != tt.want || got != "" && res.Confidence["date_of_birth"] > 0.6 {
			t.Errorf("%q: date_of_birth = %q (confidence %v), want %q at most 0.6", tt.line, got, res.Confidence["date_of_birth"], tt.want)
		}
	}
}

// TestUncaptionedCardDates: a license whose small DOB, ISS and EXP
// captions OCR lost has its three dates read by what they are to one
// another (the birth date sixteen years before the rest, the expiry on
// the birthday or whole years after the issue); dates in no such
// relation, or more than three, are left unread. A grouped number under
// the title is the license number.
func TestUncaptionedCardDates(t *testing.T) {
	c := catalog.MustLoad()
	card := "COLORADO DRIVER LICENSE\n12-345-6789\nMARIA ELENA DAVIS\n1234 MAPLE AVE\nDENVER, CO 80203\n%s\n"
	tests := []struct {
		name, dates        string
		dob, issue, expiry string
	}{
		{"expiry on the birthday", "04/05/1985\n» 04/05/2029\n. 03/12/2024", "1985-04-05", "2024-03-12", "2029-04-05"},
		{"expiry whole years after the issue, dates in any order", "03/12/2024 03/11/2032\n07/19/1990", "1990-07-19", "2024-03-12", "2032-03-11"},
		{"no relation: an expiry neither on the birthday nor in whole years", "04/05/1985\n04/09/2029\n03/12/2024", "", "", ""},
		{"a fourth date", "04/05/1985\n04/05/2029\n03/12/2024\n04/05/2006", "", "", ""},
		{"the earliest too late to be a birth date", "04/05/2015\n04/05/2029\n03/12/2024", "", "", ""},
	}
	for _, tt := range tests {
		res := Read(c, "drivers_license", Document{Text: fmt.Sprintf(card, tt.dates)})
		checkCardDates(t, tt.name, res, tt.dob, tt.issue, tt.expiry)
		if got := res.Fields["license_number"]; got != "12-345-6789" {
			t.Errorf("%s: license_number = %v, want 12-345-6789", tt.name, got)
		}
	}
	// The expiry on the birthday as the state counts it: a holder born
	// on 29 February renews on the 28th (or 1 March) of a short year, a
	// Pennsylvania card the day after the birthday; elsewhere the day
	// after is no relation.
	for _, tt := range []struct {
		name, heading, dates string
		dob, issue, expiry   string
	}{
		{"a leap-day birthday expiring on the 28th", "MINNESOTA", "3p0B 02/29/1988\n4p Exe 02/28/2030\n4a1ss 01/17/2026", "1988-02-29", "2026-01-17", "2030-02-28"},
		{"a leap-day birthday expiring on 1 March", "MINNESOTA", "02/29/1988\n03/01/2030\n01/17/2026", "1988-02-29", "2026-01-17", "2030-03-01"},
		{"a Pennsylvania card the day after the birthday", "pennsylvania", "12/05/ 1969\n06/30/2025\n12/06/2029", "1969-12-05", "2025-06-30", "2029-12-06"},
		{"the day after the birthday elsewhere", "MINNESOTA", "12/05/1969\n06/30/2025\n12/06/2029", "", "", ""},
	} {
		text := tt.heading + " DRIVER LICENSE\n29 481 537\nFITZGERALD\nMARGARET ANNE\n77 LOCUST ST\nHARRISBURG, PA 17101\n" + tt.dates + "\n"
		checkCardDates(t, tt.name, Read(c, "drivers_license", Document{Text: text}), tt.dob, tt.issue, tt.expiry)
	}
}

func checkCardDates(t *testing.T, name string, res Result, dob, issue, expiry string) {
	t.Helper()
	for _, f := range []struct{ field, want string }{{"date_of_birth", dob}, {"issue_date", issue}, {"expiration_date", expiry}} {
		got, _ := res.Fields[f.field].(string)
		if got != f.want || f.want != "" && res.Confidence[f.field] < 0.5 {
			t.Errorf("%s: %s = %q (confidence %v), want %q", name, f.field, got, res.Confidence[f.field], f.want)
		}
	}
}

// TestWrappedCellID: a certificate id a narrow table cell wrapped after
// one of its hyphens is read whole, whichever piece the reading found;
// a piece under a value that is no continuation is left alone.
func TestWrappedCellID(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name string
		rows [][]cellAt
		want string
	}{
		{"letters over the program's number", [][]cellAt{
			{{40, "NRP Course Completion Record"}},
			{{40, "Participant"}, {160, "Course"}, {300, "Date"}, {380, "Renewal"}, {460, "Record ID"}},
			{{40, "Rosa Delgado-"}, {160, "NRP Provider, 8th"}, {300, "03/03/2026"}, {380, "03/31/2028"}, {460, "AAP-"}},
			{{40, "Fuentes"}, {160, "Edition"}, {460, "NRP-4471092"}},
		}, "AAP-NRP-4471092"},
		{"digits over digits", [][]cellAt{
			{{40, "Neonatal Resuscitation Program"}},
			{{40, "Name"}, {160, "Issued"}, {300, "Certificate ID"}},
			{{40, "Rosa Delgado"}, {160, "03/03/2026"}, {300, "4471-"}},
			{{300, "0922-8812"}},
		}, "4471-0922-8812"},
		{"a whole id, a note under it", [][]cellAt{
			{{40, "Neonatal Resuscitation Program"}},
			{{40, "Name"}, {160, "Issued"}, {300, "Certificate ID"}},
			{{40, "Rosa Delgado"}, {160, "03/03/2026"}, {300, "NRP-4471092"}},
			{{300, "verified"}},
		}, "NRP-4471092"},
	}
	for _, tt := range tests {
		var lines []string
		for _, r := range tt.rows {
			var cs []string
			for _, c := range r {
				cs = append(cs, c.text)
			}
			lines = append(lines, strings.Join(cs, "   "))
		}
		res := Read(c, "nrp", Document{Text: strings.Join(lines, "\n"), Pages: []pagetext.Page{textPage(tt.rows...)}})
		if got, _ := res.Fields["certificate_id"].(string); got != tt.want || res.Confidence["certificate_id"] < 0.5 {
			t.Errorf("%s: certificate_id = %q (%v), want %q", tt.name, got, res.Confidence["certificate_id"], tt.want)
		}
	}
}

// TestStackedCaptionCourseList: a transcript whose header row stacks its
// captions on two lines ("Course" over "ID", "Certificate" over "No.")
// gives the certificate id of the row naming the document's own program;
// the course's own number is no certificate's id.
func TestStackedCaptionCourseList(t *testing.T) {
	c := catalog.MustLoad()
	rows := [][]cellAt{
		{{40, "Education Transcript"}},
		{{40, "Learner: Rosa Delgado"}},
		{{40, "Course"}, {100, "Course Title"}, {290, "Completed"}, {345, "Expires"}, {400, "Certificate"}},
		{{40, "ID"}, {400, "No."}},
		{{40, "BLS-101"}, {100, "Basic Life Support (BLS) Provider"}, {290, "01/05/2026"}, {345, "01/31/2028"}, {400, "265001234567"}},
		{{100, "Course for Healthcare Professionals"}},
		{{40, "NRP-8E"}, {100, "Neonatal Resuscitation Program (NRP)"}, {290, "03/14/2026"}, {345, "03/31/2028"}, {400, "55821904"}},
		{{100, "8th Edition Provider"}},
	}
	var lines []string
	for _, r := range rows {
		var cs []string
		for _, c := range r {
			cs = append(cs, c.text)
		}
		lines = append(lines, strings.Join(cs, "   "))
	}
	for typ, want := range map[string]string{"nrp": "55821904", "bls": "265001234567"} {
		res := Read(c, typ, Document{Text: strings.Join(lines, "\n"), Pages: []pagetext.Page{textPage(rows...)}})
		if got, _ := res.Fields["certificate_id"].(string); got != want || res.Confidence["certificate_id"] < 0.5 {
			t.Errorf("%s: certificate_id = %q (%v), want %q", typ, got, res.Confidence["certificate_id"], want)
		}
	}
}

// TestTrainingCenterBeforeSite: an eCard printing both the center ("TC
// Name") and its site ("Training Site") gives the center, whichever
// comes first and whether each caption is over its value or beside it;
// a card printing the site alone gives the site.
func TestTrainingCenterBeforeSite(t *testing.T) {
	c := catalog.MustLoad()
	head := "PALS Provider\nPediatric Advanced Life Support\nPriyanka S. Raghunathan\nIssued:\n11/03/2025\n"
	tests := []struct{ name, text, want string }{
		{"captions over values", head + "TC Name:\nLakeshore Pediatric Resuscitation Center\nTC ID:\nTX20417\n" +
			"Training Site:\nSt. Brigid Hospital Simulation Lab\neCard Code:\n2F8Q41NK7730\n", "Lakeshore Pediatric Resuscitation Center"},
		{"captions beside values, the site first", head + "Training Site: St. Brigid Hospital Simulation Lab\n" +
			"TC Name: Lakeshore Pediatric Resuscitation Center\neCard Code: 2F8Q41NK7730\n", "Lakeshore Pediatric Resuscitation Center"},
		{"the site alone", head + "Training Site: St. Brigid Hospital Simulation Lab\neCard Code: 2F8Q41NK7730\n", "St. Brigid Hospital Simulation Lab"},
	}
	for _, tt := range tests {
		res := Read(c, "pals", Document{Text: tt.text})
		if got := res.Fields["training_center"]; got != tt.want {
			t.Errorf("%s: training_center = %v, want %q", tt.name, got, tt.want)
		}
	}
}
