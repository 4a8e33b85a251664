package extract

import (
	"reflect"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// Layouts and wordings written for these tests, unlike the generated
// documents': letters, verification pages and reports as other issuers
// word them.

// TestNamesInSentences: the holder's name where a page prints it only in
// a sentence, a letter's reference line or a record's title.
func TestNamesInSentences(t *testing.T) {
	c := catalog.MustLoad()
	tests := []holderCase{
		{
			name: "capitals inside a board's sentence",
			typ:  "nursing_license",
			text: "Board of Nursing\nLicense Verification\nThis is to certify that ELENA V. MARKOVIC holds an active license to practice as a Registered Nurse.\nLicense No.: 201604418RN",
			full: "ELENA V. MARKOVIC", first: "ELENA", last: "MARKOVIC", minConf: 0.9,
		},
		{
			name: "mixed case inside a sentence",
			typ:  "tb_skin_test",
			text: "Tuberculin Skin Test\nWe certify that Priya N. Raman received a Mantoux test on 3 Nov 2026.\nInduration: 0 mm",
			full: "Priya N. Raman", first: "Priya", last: "Raman", minConf: 0.9,
		},
		{
			name: "a surname particle in a sentence stays in the name",
			typ:  "osha_training",
			text: "Certificate\nThis certifies that Luis de la Vega successfully finished Bloodborne Pathogens.",
			full: "Luis de la Vega", first: "Luis", last: "de la Vega", minConf: 0.9,
		},
		{
			name: "a letter's reference line",
			typ:  "background_check",
			text: "Meridian Screening Partners, LLC\nNovember 2, 2026\nRe: Jonathan Q. Avery\nDear Hiring Manager,\nThe investigation you requested for the individual named above is complete.\nSincerely,\nPatricia Lomax\nCompliance Officer",
			full: "Jonathan Q. Avery", first: "Jonathan", last: "Avery", minConf: 0.9,
		},
		{
			name: "regarding line in capitals",
			typ:  "drug_screen",
			text: "Tri-County Toxicology\nREGARDING: WALSH, BRENDAN P\nCollected 09/30/2026\nMRO: Alan Whitcomb, MD",
			full: "WALSH, BRENDAN P", first: "BRENDAN", last: "WALSH", minConf: 0.9,
		},
		{
			name: "a record's title names its holder",
			typ:  "mmr_record",
			text: "Immunization Record\nRecord of: Chidinma Okoro   Birth date: 11 Aug 1993\nMMR dose 1: 15 Sep 1994",
			full: "Chidinma Okoro", first: "Chidinma", last: "Okoro", minConf: 0.9,
		},
		{
			name: "a report for its subject",
			typ:  "background_check",
			text: "Screening Report\nReport for: Hiroshi Tanaka\nOrdered by: Kelsey Marsh, Recruiter\nStatus: Clear",
			full: "Hiroshi Tanaka", first: "Hiroshi", last: "Tanaka", minConf: 0.9,
		},
		{
			name: "captions over two names in cells of a row: the student's",
			typ:  "pals",
			text: pageText(namesPage(
				namesLine{y: 40, size: 14, cells: []namesCell{{60, "PALS Provider", 0}}},
				namesLine{y: 80, size: 7, cells: []namesCell{{60, "Instructor", 0}, {300, "Student", 0}}},
				namesLine{y: 90, size: 11, cells: []namesCell{{60, "Bernadette Quinn", 0}, {300, "Rafael Ortega Diaz", 0}}},
			)),
			pages: pagesOf(namesPage(
				namesLine{y: 40, size: 14, cells: []namesCell{{60, "PALS Provider", 0}}},
				namesLine{y: 80, size: 7, cells: []namesCell{{60, "Instructor", 0}, {300, "Student", 0}}},
				namesLine{y: 90, size: 11, cells: []namesCell{{60, "Bernadette Quinn", 0}, {300, "Rafael Ortega Diaz", 0}}},
			)),
			full: "Rafael Ortega Diaz", first: "Rafael", last: "Diaz", minConf: 0.8,
		},
		{
			name: "a sentence's period is no part of the surname",
			typ:  "hipaa_training",
			text: "HIPAA Acknowledgment\nI, Jasmine Okafor.\nPrint name: Jasmine Okafor.\nDate: 02/14/2026",
			full: "Jasmine Okafor", first: "Jasmine", last: "Okafor", minConf: 0.9,
		},
		{
			name: "the patient stands though the ordering physician shares the name",
			typ:  "tb_blood_test",
			text: "IGRA Report\nPatient Name: Jordan Avery   DOB: 01/02/1990\nOrdering Physician: Jordan Avery, MD\nResult: Negative",
			full: "Jordan Avery", first: "Jordan", last: "Avery", minConf: 0.9,
		},
		{
			name: "a report for a company is no name",
			typ:  "background_check",
			text: "Screening Report\nReport for: Acme Staffing Services\nStatus: Clear",
		},
		{
			name: "a reference line's topic, then the name its birth date is given for",
			typ:  "background_check",
			text: "Bayside Verification Group\nOctober 4, 2026\nRE: Background check report - Marcus Bell (DOB 04/03/1990)\nDear Recruiter,\nRegards,\nAnita Shah\nClient Services",
			full: "Marcus Bell", first: "Marcus", last: "Bell", minConf: 0.8,
		},
		{
			name: "a sentence opening with the name and its birth date",
			typ:  "tb_blood_test",
			text: "Westgate Medical Laboratory\nLaboratory Report\nInes Carvalho (date of birth 5/6/1992) had blood drawn for an IGRA.\nReviewed by: Thomas Greer, MD",
			full: "Ines Carvalho", first: "Ines", last: "Carvalho", minConf: 0.8,
		},
		{
			name: "surname first before a birth date",
			typ:  "drug_screen",
			text: "Toxicology Report\nKOWALCZYK, ANNA M   DOB 02/02/1991\nResult: Negative",
			full: "KOWALCZYK, ANNA M", first: "ANNA", last: "KOWALCZYK", minConf: 0.8,
		},
		{
			name: "a name over its birth date line",
			typ:  "physical_exam",
			text: "Pre-placement Physical\nMarcus Bell\nDOB: 04/03/1990\nExaminer: Laura Chen, DO",
			full: "Marcus Bell", first: "Marcus", last: "Bell", minConf: 0.7,
		},
		{
			name: "the subject of a clinic's letter",
			typ:  "physical_exam",
			text: "Harborview Occupational Health\nOctober 9, 2026\nTo whom it may concern:\nLucia Fernanda Ibarra was examined in our clinic on October 8, 2026.\nSincerely,\nGregory Hale, MD\nExamining Physician",
			full: "Lucia Fernanda Ibarra", first: "Lucia", last: "Ibarra", minConf: 0.8,
		},
		{
			name: "the examination of a named person",
			typ:  "physical_exam",
			text: "Lakeside Occupational Medicine\nPhysical examination of Peter J. Grant on 10/08/2026 found him fit for duty.\nSigned: Laura Chen, DO",
			full: "Peter J. Grant", first: "Peter", last: "Grant", minConf: 0.9,
		},
		{
			name: "a report headed by its subject's name",
			typ:  "background_check",
			text: "Cobalt Ridge Screening\nEmployment Background Report\nDANIELLE R. FOSTER\nCLEAR\nReport completed 10/02/2026",
			full: "DANIELLE R. FOSTER", first: "DANIELLE", last: "FOSTER", maxConf: confGuess,
		},
		{
			name: "two unlabelled names on a report: neither is guessed",
			typ:  "background_check",
			text: "Cobalt Ridge Screening\nEmployment Background Report\nDANIELLE R. FOSTER\nCLEAR\nKelsey Marsh\nReport completed 10/02/2026",
		},
		{
			name: "a name on a report's first line is its letterhead's",
			typ:  "background_check",
			text: "Jordan Pierce\nScreening Report\nStatus: Clear",
		},
		{
			name: "name parts under sub-labels of a custody form",
			typ:  "drug_screen",
			text: "Custody and Control Form\nDonor Name - Last: KOWALSKI\nFirst: ANNA M\nCollection date: 08/21/2026",
			full: "ANNA M KOWALSKI", first: "ANNA", last: "KOWALSKI", minConf: 0.7,
		},
		{
			name: "a two-letter surname first",
			typ:  "bls",
			text: "BLS Provider\nStudent: LE, MINH\nIssued 05/05/2026",
			full: "LE, MINH", first: "MINH", last: "LE", minConf: 0.9,
		},
		{
			name: "a two-letter surname last",
			typ:  "bls",
			text: "BLS Provider\nCard holder: Thu Le\nIssued 05/05/2026",
			full: "Thu Le", first: "Thu", last: "Le", minConf: 0.9,
		},
		{
			name: "a surname without a vowel",
			typ:  "acls",
			text: "ACLS Provider\nCard holder: Kelvin Ng\nIssued 05/05/2026",
			full: "Kelvin Ng", first: "Kelvin", last: "Ng", minConf: 0.9,
		},
		{
			name: "a first-name box of two words",
			typ:  "drivers_license",
			text: "Employee Record\nLast Name: Sullivan\nFirst Name: Mary Kate\nDOB: 01/02/1990",
			full: "Mary Kate Sullivan", first: "Mary Kate", last: "Sullivan", minConf: 0.8,
		},
		{
			name: "a first-name box with an initial",
			typ:  "drivers_license",
			text: "Employee Record\nLast Name: Sullivan\nFirst Name: Mary K.\nDOB: 01/02/1990",
			full: "Mary K. Sullivan", first: "Mary", middle: "K.", last: "Sullivan", minConf: 0.8,
		},
		{
			name: "a record of a type without its own name reader splits as the request does",
			typ:  "mmr_record",
			text: "Immunization Record\nName: Mary Grace Santos   DOB: 03/04/1992\nMMR dose 1: 04/05/1993",
			ctx:  Holder{FirstName: "Mary Grace", LastName: "Santos"},
			full: "Mary Grace Santos", first: "Mary Grace", last: "Santos", minConf: 0.9,
		},
		{
			name: "a reference line about something else is no name",
			typ:  "background_check",
			text: "Re: background screening results\nThe report is attached.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, c) })
	}
}

// fieldsCase is a document and fields it must yield; a nil value means
// the field must be left out.
type fieldsCase struct {
	name, typ, text string
	want            map[string]any
}

func (fc fieldsCase) check(t *testing.T, c *catalog.Catalog) {
	t.Helper()
	res := Read(c, fc.typ, Document{Text: fc.text, AsOf: testAsOf})
	for k, want := range fc.want {
		got, ok := res.Fields[k]
		switch {
		case want == nil && ok:
			t.Errorf("%s = %#v (%.2f), want none", k, got, res.Confidence[k])
		case want != nil && !reflect.DeepEqual(got, want):
			t.Errorf("%s = %#v, want %#v", k, got, want)
		}
	}
}

// TestCardWordings: ids and dates under labels other issuers print.
func TestCardWordings(t *testing.T) {
	c := catalog.MustLoad()
	tests := []fieldsCase{
		{
			name: "record number with a letter O among its digits",
			typ:  "bls",
			text: "BLS Provider\nAmerican Heart Association\nHolder   Evelyn Marsh\nIssued   02 Sep 2026\nRenew by   Sep 2028\nRecord No.   2561O4418823",
			want: map[string]any{"certificate_id": "256104418823", "issue_date": "2026-09-02", "expiration_date": "2028-09-30"},
		},
		{
			name: "reference number and a validity in years",
			typ:  "bls",
			text: "Basic Life Support for Healthcare Providers\nAmerican Red Cross\nRe: Samantha Ortiz-Lee\nCompleted 07/22/2026. Valid 2 years.\nReference #: A7K2-Q9PX-44",
			want: map[string]any{"certificate_id": "A7K2-Q9PX-44", "full_name": "Samantha Ortiz-Lee", "expiration_date": "2028-07-22"},
		},
		{
			name: "a course's dates: the card is issued as it ends",
			typ:  "acls",
			text: "Advanced Cardiovascular Life Support\nCourse dates: 10/14/2026 - 10/15/2026\nAwarded to Theodore J. Nguyen\nExpires 10/31/2028",
			want: map[string]any{"issue_date": "2026-10-15", "expiration_date": "2028-10-31"},
		},
		{
			name: "renewal without the word date",
			typ:  "pals",
			text: "PALS Provider\nIssue date: 5 Jan 2026   Recommended renewal: January 2028\nVerification No. 261027730155",
			want: map[string]any{"issue_date": "2026-01-05", "expiration_date": "2028-01-31", "certificate_id": "261027730155"},
		},
		{
			name: "date of verification and a credential id",
			typ:  "tncc",
			text: "Trauma Nursing Core Course\nEmergency Nurses Association\nParticipant: Oluwaseun Adeyemi\nCredential ID: TN-2026-55812   Date of verification: 04 Apr 2026   Expiration: 04/30/2030",
			want: map[string]any{"issue_date": "2026-04-04", "certificate_id": "TN-2026-55812", "expiration_date": "2030-04-30"},
		},
		{
			name: "a slash label's alternatives: the clinic or facility over the nurse who read the test",
			typ:  "tb_skin_test",
			text: "Tuberculin Skin Test Documentation\nPatient: Maria Alvarez   DOB: 04/12/1990\nDate Read   Induration (mm)   Interpretation   Read By\n02/03/2026   0   Negative   Sandra Hollis, RN\nClinic/Facility: County Public Health Department",
			want: map[string]any{"provider": "County Public Health Department"},
		},
		{
			name: "a validity's end is no issue date",
			typ:  "bls",
			text: "CPR/AED for Professional Rescuers\nValid 06/01/2026 through 06/30/2028",
			want: map[string]any{"issue_date": "2026-06-01", "expiration_date": "2028-06-30"},
		},
		{
			name: "a credential number on a license card",
			typ:  "nursing_license",
			text: "STATE OF WASHINGTON\nREGISTERED NURSE\nABIGAIL R. TEN EYCK\nCredential #: RN61234567   Status: ACTIVE\nFirst issued 3rd March 2019   Expiration 14-Jul-2027",
			want: map[string]any{"license_number": "RN61234567", "license_status": "ACTIVE", "expiration_date": "2027-07-14"},
		},
		{
			name: "a course due again",
			typ:  "hipaa_training",
			text: "Course Transcript\nLearner: Siobhan O'Callaghan\nCourse               Status   Completed     Due Again\nHIPAA Privacy 2026   Passed   Jan 9, 2026   Jan 9, 2027",
			want: map[string]any{"completion_date": "2026-01-09", "expiration_date": "2027-01-09"},
		},
		{
			name: "a code after a dot that parts a line's items",
			typ:  "pals",
			text: "PALS Provider\nStudent: Rafael Ortega Diaz\nAmerican Heart Association · Code 265501234567",
			want: map[string]any{"certificate_id": "265501234567"},
		},
		{
			name: "a checklist signed electronically",
			typ:  "skills_checklist",
			text: "Telemetry Skills Checklist\nClinician: Harold Brandt-Nilsen   Specialty: Telemetry\nCardiac monitoring   Expert\nSigned electronically on 05/06/2026",
			want: map[string]any{"completed_date": "2026-05-06", "specialty": "Telemetry", "full_name": "Harold Brandt-Nilsen"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, c) })
	}
}

// TestValuesInProse: values a certificate or a letter gives in its
// sentences rather than beside labels.
func TestValuesInProse(t *testing.T) {
	c := catalog.MustLoad()
	tests := []fieldsCase{
		{
			name: "a course held on a day, valid through a date cut at a line end",
			typ:  "bls",
			text: "Certificate of Completion\nThis certifies that Rosa Delgado successfully completed the BLS Provider course held on\nMarch 3, 2026. This card is valid through June 9,\n2028 at participating facilities.",
			want: map[string]any{"issue_date": "2026-03-03", "expiration_date": "2028-06-09"},
		},
		{
			name: "a month at a line end, its day and year on the next",
			typ:  "bls",
			text: "Certificate of Completion\nThis certifies that Rosa Delgado completed BLS on 03/03/2026. This card is valid through June\n9, 2028. Keep it with you.",
			want: map[string]any{"issue_date": "2026-03-03", "expiration_date": "2028-06-09"},
		},
		{
			name: "a verification number in a sentence, ended by its semicolon",
			typ:  "acls",
			text: "ACLS Provider\nAwarded to Theo Nguyen on 10/15/2026\nYour verification number is 265108812204; keep it for your records.",
			want: map[string]any{"certificate_id": "265108812204"},
		},
		{
			name: "a result after 'is:'",
			typ:  "nursing_license",
			text: "License Verification\nName: Elena Markovic\nThe current license status is: Active\nLicense No.: 201604418RN",
			want: map[string]any{"license_status": "Active"},
		},
		{
			name: "a license's status in a board's sentence",
			typ:  "nursing_license",
			text: "Board of Nursing\nThis is to certify that ELENA V. MARKOVIC holds an active license to practice as a Registered Nurse.\nLicense No.: 201604418RN",
			want: map[string]any{"license_status": "active", "license_type": "RN"},
		},
		{
			name: "a training center whose sentence runs into the next label",
			typ:  "bls",
			text: "BLS Provider\nHolder: Evelyn Marsh\nTraining Center: Mercy Regional Training Institute. Contact Hours: 4.5\nIssue Date 03/01/2026",
			want: map[string]any{"training_center": "Mercy Regional Training Institute"},
		},
		{
			name: "a training center ending in a company's suffix before the next label",
			typ:  "bls",
			text: "BLS Provider\nHolder: Evelyn Marsh\nTraining Center: Summit CPR Inc. Contact Hours: 4.5\nIssue Date 03/01/2026",
			want: map[string]any{"training_center": "Summit CPR Inc."},
		},
		{
			name: "a training held on a day",
			typ:  "hipaa_training",
			text: "Certificate of Attendance\nThis certifies that Dana Whitfield attended the HIPAA Privacy workshop held on\nFebruary 12, 2026 at Mercy Hospital.",
			want: map[string]any{"completion_date": "2026-02-12", "full_name": "Dana Whitfield"},
		},
		{
			name: "an empty middle name's label over the next bilingual label",
			typ:  "passport",
			text: "PASAPORTE / PASSPORT\nApelyido/Surname\nREYES\nMga Pangalan/Given Names\nANA\nPanggitnang Apelyido/Middle Name\nPetsa ng Kapanganakan/Date of Birth\n14 FEB 1991",
			want: map[string]any{"middle_name": nil, "last_name": "REYES", "first_name": "ANA", "date_of_birth": "1991-02-14"},
		},
		{
			name: "a record number in a run-on footer",
			typ:  "pals",
			text: "PALS Provider\nName: Grace Whitley\nIssued 01/05/2026. Record No. 2610277301. Questions? Call our office.",
			want: map[string]any{"certificate_id": "2610277301", "issue_date": "2026-01-05"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, c) })
	}
}

// TestBilingualLabels: a label printed after its translation
// ("<local>/<English>") heads its whole cell, and its value under the
// cell is read whole.
func TestBilingualLabels(t *testing.T) {
	c := catalog.MustLoad()
	text, pages := namesPage(
		namesLine{y: 40, size: 12, cells: []namesCell{{60, "PASAPORTE / PASSPORT", 0}}},
		namesLine{y: 80, size: 7, cells: []namesCell{{60, "Apelyido/Surname", 0}}},
		namesLine{y: 90, size: 10, cells: []namesCell{{60, "LE", 0}}},
		namesLine{y: 110, size: 7, cells: []namesCell{{60, "Mga Pangalan/Given Names", 0}}},
		namesLine{y: 120, size: 10, cells: []namesCell{{60, "THI HOA", 0}}},
		namesLine{y: 140, size: 7, cells: []namesCell{{60, "Petsa ng Kapanganakan/Date of Birth", 0}, {330, "Kasarian/Sex", 0}}},
		namesLine{y: 150, size: 10, cells: []namesCell{{60, "14 FEB 1991", 0}, {330, "F", 0}}},
		namesLine{y: 170, size: 7, cells: []namesCell{{60, "Petsa ng Pagkakaloob/Date of Issue", 0}, {330, "Petsa ng Pagkawalang-bisa/Valid Until", 0}}},
		namesLine{y: 180, size: 10, cells: []namesCell{{60, "23 SEP 2022", 0}, {330, "22 SEP 2032", 0}}},
	)
	res := Read(c, "passport", Document{Text: text, Pages: pages, AsOf: testAsOf})
	want := map[string]any{"last_name": "LE", "first_name": "THI", "date_of_birth": "1991-02-14",
		"issue_date": "2022-09-23", "expiration_date": "2032-09-22"}
	for k, v := range want {
		if res.Fields[k] != v {
			t.Errorf("%s = %v, want %v", k, res.Fields[k], v)
		}
	}
}

func pageText(text string, _ []pagetext.Page) string { return text }

func pagesOf(_ string, pages []pagetext.Page) []pagetext.Page { return pages }

// TestWrappedCell: a value beside its label whose cell wraps onto the
// next row is read whole; the next row's own value is not.
func TestWrappedCell(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name  string
		lines []namesLine
		want  string
	}{
		{"wrapped", []namesLine{
			{y: 40, size: 14, cells: []namesCell{{60, "BLS Provider", 0}}},
			{y: 70, size: 10, cells: []namesCell{{60, "Holder", 0}, {250, "Evelyn Marsh", 0}}},
			{y: 84, size: 10, cells: []namesCell{{60, "Training Center", 0}, {250, "Mercy Regional Training", 0}}},
			{y: 96, size: 10, cells: []namesCell{{250, "Institute", 0}}},
			{y: 110, size: 10, cells: []namesCell{{60, "Issue Date", 0}, {250, "03/01/2026", 0}}},
		}, "Mercy Regional Training Institute"},
		// OCR boxes a short wrapped line of other letters lower.
		{"wrapped on a scan, its second line's ink lower", []namesLine{
			{y: 40, size: 14, cells: []namesCell{{60, "BLS Provider", 0}}},
			{y: 70, size: 8, cells: []namesCell{{60, "Training Center:", 0}, {140, "Memorial Hermann Training", 0}}},
			{y: 80, size: 6.5, cells: []namesCell{{140, "Center", 0}}},
			{y: 100, size: 8, cells: []namesCell{{60, "Issue Date:", 0}, {140, "04/12/2026", 0}}},
		}, "Memorial Hermann Training Center"},
		// A card printing captions under values: the value wraps over
		// its caption.
		{"wrapped over its caption", []namesLine{{y: 40, size: 12, cells: []namesCell{{60, "BLS Provider", 0}}},
			{y: 70, size: 8, cells: []namesCell{{60, "Memorial Hermann Training", 0}, {200, "04/12/2026", 0}}}, {y: 80, size: 8, cells: []namesCell{{60, "Center", 0}}},
			{y: 90, size: 6, cells: []namesCell{{60, "Training Center", 0}, {200, "Issue Date", 0}}}}, "Memorial Hermann Training Center"},
		{"not wrapped", []namesLine{
			{y: 40, size: 14, cells: []namesCell{{60, "BLS Provider", 0}}},
			{y: 70, size: 10, cells: []namesCell{{60, "Training Center", 0}, {250, "Mercy Regional Training", 0}}},
			{y: 84, size: 10, cells: []namesCell{{60, "Holder", 0}, {250, "Evelyn Marsh", 0}}},
			{y: 98, size: 10, cells: []namesCell{{60, "Issue Date", 0}, {250, "03/01/2026", 0}}},
		}, "Mercy Regional Training"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text, pages := namesPage(tt.lines...)
			res := Read(c, "bls", Document{Text: text, Pages: pages, AsOf: testAsOf})
			if got := res.Fields["training_center"]; got != tt.want {
				t.Fatalf("training_center = %v, want %q", got, tt.want)
			}
		})
	}
}

// TestRunOnAndSpilledValues: a value a paragraph wraps inside, and
// values printed larger than their captions, spilling under the
// neighbours' columns.
func TestRunOnAndSpilledValues(t *testing.T) {
	c := catalog.MustLoad()
	tests := []fieldsCase{
		{
			name: "a training center a paragraph wraps inside",
			typ:  "bls",
			text: "BLS Provider\nHolder: Evelyn Marsh\nIssue Date 03/01/2026. Record No. 2610277301. AHA Training Center: Mercy\nRegional Training Institute. Contact Hours: 4.5",
			want: map[string]any{"training_center": "Mercy Regional Training Institute", "certificate_id": "2610277301"},
		},
		{
			name: "a training center ending its line, the next a label's",
			typ:  "bls",
			text: "BLS Provider\nTraining Center: Mercy Hospital\nHolder: Evelyn Marsh. Issued 03/01/2026.",
			want: map[string]any{"training_center": "Mercy Hospital"},
		},
		{
			name: "no period to end the next line: not a wrap",
			typ:  "bls",
			text: "BLS Provider\nTraining Center: Mercy Hospital\nEvelyn Marsh\nIssued 03/01/2026",
			want: map[string]any{"training_center": "Mercy Hospital"},
		},
		{
			name: "a web address under the training center: no sentence it ends",
			typ:  "acls",
			text: "American Red Cross\nAdvanced Cardiovascular Life Support\nTraining Provider: Bayside Emergency Education\nredcross.org/confirm",
			want: map[string]any{"training_center": "Bayside Emergency Education"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, c) })
	}
	text, pages := namesPage(
		namesLine{y: 40, size: 14, cells: []namesCell{{60, "BLS Provider", 0}}},
		namesLine{y: 60, size: 10, cells: []namesCell{{60, "Holder: Evelyn Marsh", 0}}},
		namesLine{y: 90, size: 7.5, cells: []namesCell{{62, "ISSUE DATE", 0}, {124, "EXPIRATION DATE", 0}, {210, "ECARD ID", 0}}},
		namesLine{y: 104, size: 11.6, cells: []namesCell{{62, "03/01/2026", 0}, {146, "03/31/2028", 0}, {231, "261027730155", 0}}},
	)
	res := Read(c, "bls", Document{Text: text, Pages: pages, AsOf: testAsOf})
	for k, v := range map[string]any{"issue_date": "2026-03-01", "expiration_date": "2028-03-31", "certificate_id": "261027730155"} {
		if res.Fields[k] != v {
			t.Errorf("values wider than their captions: %s = %v, want %v", k, res.Fields[k], v)
		}
	}
}

// TestTranslatedLabels: a label's translation printed on a line of its
// own between the label and its value, or in parentheses after it, is
// neither the value nor an end to the search for it; a value printed in
// parentheses after a label's colon is still the value's.
func TestTranslatedLabels(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, typ, text string
		want            map[string]any
	}{
		{"translation on its own line", "passport",
			"PASSPORT\nSurname\nNom\nMARTIN\nGiven names\nPrénoms\nSOPHIE\nDate of issue\nDate de délivrance\n14 JAN 2020",
			map[string]any{"last_name": "MARTIN", "first_name": "SOPHIE", "issue_date": "2020-01-14"}},
		{"translation in parentheses", "passport",
			"PASSPORT\n1. Surname (Nom) MARTIN\n2. Given names (Prénoms) SOPHIE\n4. Date of issue (Date de délivrance) 14 JAN 2020",
			map[string]any{"last_name": "MARTIN", "first_name": "SOPHIE", "issue_date": "2020-01-14"}},
		{"a value in capitals under its label is no translation", "passport",
			"PASSPORT\nSurname\nMARTIN\nGiven names\nSOPHIE\nDate of issue\n14 JAN 2020",
			map[string]any{"last_name": "MARTIN", "first_name": "SOPHIE", "issue_date": "2020-01-14"}},
		{"a value of one word under its label, the next label under it", "physical_exam",
			"Physical Examination\nLast Name\nTran\nFirst Name\nMinh\nDate of Birth\n03/14/1990",
			map[string]any{"last_name": "Tran", "first_name": "Minh", "date_of_birth": "1990-03-14"}},
	}
	for _, tt := range tests {
		res := Read(c, tt.typ, Document{Text: tt.text, AsOf: testAsOf})
		for k, v := range tt.want {
			if res.Fields[k] != v || res.Confidence[k] < c.ConfidenceThreshold(k) {
				t.Errorf("%s: %s = %v (%.2f), want %v", tt.name, k, res.Fields[k], res.Confidence[k], v)
			}
		}
	}
	res := Read(c, "tb_skin_test", Document{Text: "Tuberculin Skin Test\nProvider: (Tubersol)", AsOf: testAsOf})
	if v, ok := res.Fields["provider"]; ok {
		t.Errorf("provider = %v, want none", v)
	}
}

// TestMisspeltIssuerOnScans: a known issuer OCR misspelt by a letter is
// still named on a scan; the same misspelling in a text layer is not
// read as one.
func TestMisspeltIssuerOnScans(t *testing.T) {
	c := catalog.MustLoad()
	text, pages := namesPage(
		namesLine{y: 40, size: 12, cells: []namesCell{{60, "American Heart Associaton", 0}}},
		namesLine{y: 60, size: 12, cells: []namesCell{{60, "ACLS Provider", 0}}},
		namesLine{y: 80, size: 10, cells: []namesCell{{60, "Anjali R Morales", 0}}},
	)
	if got := Read(c, "acls", Document{Text: text, Pages: pages, AsOf: testAsOf}).Fields["issuer"]; got != "American Heart Association" {
		t.Errorf("scan: issuer = %v, want American Heart Association", got)
	}
	if got, ok := Read(c, "acls", Document{Text: text, AsOf: testAsOf}).Fields["issuer"]; ok {
		t.Errorf("text: issuer = %v, want none", got)
	}
	if got := misspeltAt([]string{"american", "heart", "associaton"}, []string{"american", "red", "cross"}); got != -1 {
		t.Errorf("misspeltAt matched another issuer at %d", got)
	}
}
