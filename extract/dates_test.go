package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestScannedDates: dates as OCR gives them off scanned tables and cards,
// a table's rule glued to them, month-year expiries among them.
func TestScannedDates(t *testing.T) {
	for _, tt := range []struct {
		in     string
		expiry bool
		want   string // "" no date
	}{
		{"06/2028", true, "2028-06-30"},
		{"O6/2O28", true, "2028-06-30"},
		{"06 / 2028", true, "2028-06-30"},
		{"|06/2028", true, "2028-06-30"},
		{"06/2028|", true, "2028-06-30"},
		{"|06/12/2026", false, "2026-06-12"},
		{"2026-08-05|", false, "2026-08-05"},
		{"|2026-08-05|", false, "2026-08-05"},
		// A bar that makes a date a 1 is a 1: December, not February.
		{"|2/05/2026", false, "2026-12-05"},
		{"l2/05/2026", false, "2026-12-05"},
		// A bar beside a number that is no date leaves no date.
		{"|123|", false, ""},
		{"Renew by: 06/2028", true, "2028-06-30"},
		{"06/2028", false, "2028-06-01"},
	} {
		got, ok := ParseDate(tt.in, tt.expiry)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("ParseDate(%q, %v) = %q, want %q", tt.in, tt.expiry, got, tt.want)
		}
	}
}

// TestSpacedNumericDates: a date printed in numbers with spaces between
// them is read when its day and month cannot be mistaken for each other;
// "04 05 2022" (April or May) and groups in a longer run of numbers (a
// phone number, an ID printed in groups) are no date.
func TestSpacedNumericDates(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // "" no date
	}{
		{"14 02 2022", "2022-02-14"},
		{"Date: 14 02 2022", "2022-02-14"},
		{"Date of test  14  02  2022", "2022-02-14"},
		{"02 14 2022", "2022-02-14"},
		{"07 07 2021", "2021-07-07"},
		{"Collected 14 02 2022 08:12", "2022-02-14"},
		{"04 05 2022", ""},
		{"Tel 602 14 02 2022", ""},
		{"ID 4471 14 02 2022", ""},
		{"14 02 2022 55", ""},
		{"14 02 1875", ""},
	} {
		got, ok := ParseDate(tt.in, false)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("ParseDate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestBilingualAndPunctuatedDates: a date printed with its month in two
// languages, or with a period after its day, is read whole; a day that
// cannot be read with its month never makes a month-year expiry that runs
// past the printed day.
func TestBilingualAndPunctuatedDates(t *testing.T) {
	for _, tt := range []struct {
		in     string
		expiry bool
		want   string // "" no date
	}{
		{"14 JANV/JAN 2020", false, "2020-01-14"},
		{"14 JANV/JAN 2030", true, "2030-01-14"},
		{"14 ENE/JAN 2020", false, "2020-01-14"},
		{"14 JAN/JANV 20", false, "2020-01-14"},
		{"05 AUG /AOÛT 2029", true, "2029-08-05"},
		{"05 AOÛT/AUG 2029", true, "2029-08-05"},
		{"Date of expiry/Date d'expiration 14 FÉVR/FEB 2030", true, "2030-02-14"},
		{"April 22. 2025", false, "2025-04-22"},
		{"Expires April 22. 2027", true, "2027-04-22"},
		{"13/Jan/2030", true, "2030-01-13"},
		{"the 14th of January 2030", true, "2030-01-14"},
		{"14th of Jan, 2030", true, "2030-01-14"},
		// The other language's month garbled: the day cannot be read
		// with its month, so there is no date rather than January 31st.
		{"14 J4NV/JAN 2030", true, ""},
		{"14, Jan 2030", true, ""},
		// A month-year printed as such still runs to the month's end.
		{"JANV/JAN 2030", true, "2030-01-31"},
		{"Exp: Jan 2030", true, "2030-01-31"},
	} {
		got, ok := ParseDate(tt.in, tt.expiry)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("ParseDate(%q, %v) = %q, want %q", tt.in, tt.expiry, got, tt.want)
		}
	}
}

// TestExpiryOverLineEnd: a prose expiry whose day ends its line and whose
// month and year open the next is read whole, never as the month's end.
func TestExpiryOverLineEnd(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		text, want string
	}{
		{"Basic Life Support\nMaria Alvarez\nhas successfully completed the course. Issued March 14, 2026. This card is valid through 14\nMarch 2028. Keep it with you.", "2028-03-14"},
		{"Basic Life Support\nMaria Alvarez\nhas successfully completed the course. Certification expires on the 3rd of\nJune, 2028.", "2028-06-03"},
		// A month and year alone on the next line, no day before: not this.
		{"Basic Life Support\nMaria Alvarez\nhas successfully completed the course. This card is valid through\nMarch 2028.", ""},
	}
	for _, tt := range tests {
		got := Extract(c, "bls", tt.text, testAsOf)
		if v, _ := got.Fields["expiration_date"].(string); tt.want != "" && v != tt.want {
			t.Errorf("%q: expiration_date = %#v, want %s", tt.text, got.Fields["expiration_date"], tt.want)
		}
		if tt.want == "" && got.Fields["expiration_date"] == "2028-03-31" {
			t.Errorf("%q: expiration_date read as the month's end", tt.text)
		}
	}
}

// TestCourseRowDates: a transcript's row naming the training's course
// gives its completion and expiry where no heading was read; a row that
// lost a date gives neither.
func TestCourseRowDates(t *testing.T) {
	c := catalog.MustLoad()
	head := "Medbridge Learning Center\nLearner Transcript\nLearner: Ramos, Mei\n"
	tests := []struct {
		name, typ, text     string
		completion, expires any
	}{
		{"the course's row among others", "osha_training",
			head + "Workplace Violence Prevention 02/26/2026 02/26/2027 Complete\nOSHA Bloodborne Pathogens Training 03/08/2026 03/08/2027 Complete\n",
			"2026-03-08", "2027-03-08"},
		{"the latest of two rows of the course", "hipaa_training",
			head + "HIPAA Privacy and Security Training 03/08/2024 03/08/2025 Expired\nHIPAA Privacy and Security Training 03/10/2026 03/10/2027 Complete\n",
			"2026-03-10", "2027-03-10"},
		{"a row that lost a date", "hipaa_training",
			head + "HIPAA Privacy and Security Training | 03/08/2027 | Complete\n", nil, nil},
		{"an NRP transcript's one-row table, its expiry a month", "nrp",
			"Learner Transcript\nLearner: Mei Ramos\nCourse   Status   Completed   Expires\n~ . ,\nNeonatal Resuscitation Program 8th Edition   Complete   03/02/2026   03/2028\n",
			"2026-03-02", "2028-03-31"},
		{"dates not whole years apart", "hipaa_training",
			head + "HIPAA Privacy and Security Training 03/08/2026 04/11/2026 Complete\n", nil, nil},
		// The headings' first row is another course's: the course's own
		// row stands.
		{"under headings, another course first", "hipaa_training",
			head + "Course Title    Status    Completed    Expires\nBloodborne Pathogens 2026    Complete    02/11/2026    02/11/2027\n" +
				"HIPAA Privacy and Security    Complete    07/08/2026    07/08/2027\nFire Safety    Complete    02/11/2026    02/11/2027\n",
			"2026-07-08", "2027-07-08"},
		// A date the labels read on the course's own row is no other
		// course's: the readings disagree and the labels' stands.
		{"under headings, the course's row read", "hipaa_training",
			head + "Course Title    Status    Completed    Expires\nHIPAA Privacy and Security    Complete    07/08/2026    07/08/2027\n",
			"2026-07-08", "2027-07-08"},
	}
	for _, tt := range tests {
		got := Extract(c, tt.typ, tt.text, testAsOf)
		completed := "completion_date"
		if tt.typ == "nrp" {
			completed = "issue_date"
		}
		if got.Fields[completed] != tt.completion || got.Fields["expiration_date"] != tt.expires {
			t.Errorf("%s: completion %#v, expiry %#v, want %#v, %#v", tt.name, got.Fields[completed], got.Fields["expiration_date"], tt.completion, tt.expires)
		}
	}
}

// TestBirthDateBesideName: on a scan whose captions OCR garbled, the
// holder's name with a birth date after it and nothing else on its line
// gives the birth date; a date beside another name does not.
func TestBirthDateBesideName(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name, line string
		want       any
	}{
		{"the holder's name and birth date", "Kayla Nguyen 03/30/1975", "1975-03-30"},
		{"a date too recent for a birth date", "Kayla Nguyen 03/30/2025", nil},
		{"more after the date", "Kayla Nguyen 03/30/1975 Employee", nil},
	} {
		text, pages := namesPage(
			namesLine{y: 40, size: 12, cells: []namesCell{{60, "Influenza Vaccination Declination", 0}}},
			namesLine{y: 80, size: 9, cells: []namesCell{{60, "I decline the influenza vaccine for the season named above", 0}}},
			namesLine{y: 120, size: 10, cells: []namesCell{{60, tt.line, 0}}},
			namesLine{y: 133, size: 7, cells: []namesCell{{60, "Name (pint) = StCtstCSSS } mot", 40}}},
		)
		res := Read(c, "influenza_vaccine", Document{Text: text, Pages: pages, AsOf: testAsOf})
		if got := sureField(c, res, "date_of_birth"); got != tt.want {
			t.Errorf("%s: date_of_birth = %#v (conf %.2f), want %#v (name %v)", tt.name, res.Fields["date_of_birth"], res.Confidence["date_of_birth"], tt.want, res.Fields["full_name"])
		}
	}
}

// TestCourseRowAcrossLines: a scanned transcript whose course row OCR
// read as two lines (the dates' baseline a little lower than the
// course's) gives the dates on the course's row of the page; dates on
// the next row are another course's.
func TestCourseRowAcrossLines(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name       string
		dateY      float64
		completion any
	}{
		{"the dates on the course's row", 198, "2026-08-05"},
		{"the dates a row under", 214, nil},
	} {
		_, pages := namesPage(
			namesLine{y: 60, size: 9, cells: []namesCell{{46, "Vivian Health Academy Learning Center", 0}}},
			namesLine{y: 80, size: 9, cells: []namesCell{{46, "Learner: Garcia, Amanda N.", 0}}},
			namesLine{y: 196, size: 8, cells: []namesCell{{46, "HIPAA Privacy and Security Training", 0}}},
			namesLine{y: tt.dateY, size: 8, cells: []namesCell{{280, "| 2026-08-05 | 2027-08-05", 0}}},
		)
		p := pages[0]
		res := Read(c, "hipaa_training", Document{Text: p.Text(), Pages: pages, AsOf: testAsOf})
		if got := sureField(c, res, "completion_date"); got != tt.completion {
			t.Errorf("%s: completion_date %#v (conf %.2f), want %#v", tt.name, res.Fields["completion_date"], res.Confidence["completion_date"], tt.completion)
		}
	}
}

// TestChildBirthDateDoubted: a date of birth that would make the holder
// a child is another date under a birth date's label (an exam's date
// under a caption OCR misread "Date of Girth"): uncertain, never matched.
func TestChildBirthDateDoubted(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		dob  string
		sure bool
	}{{"Oct 7, 2026", false}, {"03/24/2015", false}, {"03/24/1985", true}} {
		res := Extract(c, "physical_exam", "Annual Physical Examination\nPatient: Maria Alvarez\nDate of Birth: "+tt.dob+"\nCleared for duty", testAsOf)
		if got := sureField(c, res, "date_of_birth"); (got != nil) != tt.sure {
			t.Errorf("%s: date_of_birth = %#v (conf %.2f), want read surely: %v", tt.dob, res.Fields["date_of_birth"], res.Confidence["date_of_birth"], tt.sure)
		}
	}
}

// TestDateOfAnotherCaption: "Date" opening a longer caption ("Date
// Reported", "Date Received at Lab") labels that caption's date: a value
// row whose only legible date stands under "Date Reported" gives no
// collection date.
func TestDateOfAnotherCaption(t *testing.T) {
	c := catalog.MustLoad()
	page := ocrPage(ocrWords(
		ocrRow(0, 1, 40, 40, "NON-FEDERAL DRUG TESTING CUSTODY AND CONTROL FORM", 95),
		ocrRow(1, 2, 40, 60, "Donor: Martinez, Christina", 95),
		ocrRow(2, 3, 40, 80, "Test Panel: 9-PANEL urine", 95),
		ocrRow(3, 4, 53, 162, "Date of Collection", 95), ocrRow(3, 4, 217, 164, "Date Received at Lab", 95), ocrRow(3, 4, 359, 166, "Date Reported", 95),
		ocrRow(4, 5, 48, 184, "119/97)", 8), ocrRow(4, 5, 212, 184, "1 04", 40), ocrRow(4, 5, 360, 186, "11/19/2026", 96),
		ocrRow(5, 6, 40, 220, "MRO Determination: NEGATIVE", 95),
	)...)
	res := Read(c, "drug_screen", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
	if got := sureField(c, res, "collection_date"); got != nil {
		t.Errorf("collection_date = %#v, want none read surely", got)
	}
}

// TestMonthYearForms: a renewal printed as a month and year in other
// forms ("AUG/2028", "2028-08") is the month's last day as an expiry; a
// season's two years ("2025-26") are no month-year.
func TestMonthYearForms(t *testing.T) {
	for _, tt := range []struct{ printed, want string }{
		{"AUG/2028", "2028-08-31"}, {"Aug / 2028", "2028-08-31"}, {"2028-08", "2028-08-31"}, {"2028/02", "2028-02-29"},
		{"2028-08-15", "2028-08-15"}, {"2025-26", ""},
		// A day OCR broke in two is unread, never the month's end.
		{"07/3 1/2027", ""}, {"07/ 31/2027", "2027-07-31"}, {"Expires 07/2027", "2027-07-31"}, {"01/2026 - 07/2027", "2026-01-31"},
	} {
		got, _ := ParseDate(tt.printed, true)
		if got != tt.want {
			t.Errorf("%q: %q, want %q", tt.printed, got, tt.want)
		}
	}
}

// TestZeroForOInMonth: OCR's zero for the O of October and November
// ("0ct 2, 2026", "02 N0V 2026") still reads; a year OCR broke mid-way
// ("10/02/202 6") does not.
func TestZeroForOInMonth(t *testing.T) {
	for _, tt := range []struct{ s, want string }{
		{"0ct 2, 2026", "2026-10-02"}, {"02 0CT 2026", "2026-10-02"}, {"02 N0V 2026", "2026-11-02"}, {"N0vember 2, 2026", "2026-11-02"},
		{"10/02/202 6", ""}, {"10/02/2 026", ""},
	} {
		hs := dateFinder(roleDate)(tt.s)
		got := ""
		if len(hs) == 1 {
			got = hs[0].value.(string)
		}
		if got != tt.want {
			t.Errorf("%q: %v, want %q", tt.s, hs, tt.want)
		}
	}
}
