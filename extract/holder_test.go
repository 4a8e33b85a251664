package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
)

// holderCase is a page and the holder's name it must yield, with the
// confidence the reading may carry.
type holderCase struct {
	name, typ, text string
	pages           []pagetext.Page
	ctx             Holder
	// full, first, middle and last are the name expected; full "" means
	// no name at all.
	full, first, middle, last string
	// minConf and maxConf bound full_name's confidence (0 leaves a bound
	// unchecked).
	minConf, maxConf float64
}

func (hc holderCase) check(t *testing.T, c *catalog.Catalog) {
	t.Helper()
	res := Read(c, hc.typ, Document{Text: hc.text, Pages: hc.pages, AsOf: testAsOf, Holder: hc.ctx})
	f := res.Fields
	if hc.full == "" {
		// A name the page prints but that could not be read (Unread) is
		// no name.
		if v, ok := f["full_name"]; ok && !isUnread(v) {
			t.Fatalf("full_name = %q (%.2f), want none", v, res.Confidence["full_name"])
		}
		return
	}
	// Only the fields the type keeps: a BLS card has no middle_name.
	got, want := fmt.Sprint(f["full_name"]), hc.full
	for _, part := range [][2]string{{"first_name", hc.first}, {"middle_name", hc.middle}, {"last_name", hc.last}} {
		if typeHas(c, hc.typ, part[0]) {
			got += fmt.Sprintf("|%v", f[part[0]])
			want += fmt.Sprintf("|%v", orNil(part[1]))
		}
	}
	if got != want {
		t.Fatalf("name = %s, want %s", got, want)
	}
	conf := res.Confidence["full_name"]
	if hc.minConf > 0 && conf < hc.minConf || hc.maxConf > 0 && conf > hc.maxConf {
		t.Fatalf("full_name confidence %.3f, want %.2f..%.2f", conf, hc.minConf, hc.maxConf)
	}
	for _, part := range []string{"first_name", "middle_name", "last_name"} {
		if v, ok := res.Confidence[part]; ok && v != conf {
			t.Fatalf("%s confidence %.3f differs from full_name's %.3f: the parts come from one reading", part, v, conf)
		}
	}
}

func isUnread(v any) bool {
	_, ok := v.(Unread)
	return ok
}

func orNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func typeHas(c *catalog.Catalog, typ, field string) bool {
	ty, ok := c.Type(typ)
	return ok && ty.HasField(field)
}

var maria = Holder{FirstName: "Maria", MiddleName: "Luisa", LastName: "Alvarez"}

// TestHolderByRole: the holder's name among other people's names, words
// of forms and places, on documents laid out the ways issuers do.
func TestHolderByRole(t *testing.T) {
	c := catalog.MustLoad()
	tests := []holderCase{
		{
			name: "a name with a birth date after it, the captions lost",
			typ:  "influenza_vaccine",
			text: "CareNow Urgent Care\n2026-2027 Influenza Vaccination Consent & Record\nMorgan Jefferson Aug 31, 1999\nScreening (circle / check)\nAre you sick today? [ ] Yes [X] No",
			full: "Morgan Jefferson", first: "Morgan", last: "Jefferson", minConf: confGuess, maxConf: confGuess,
		},
		{
			name: "an instructor's label abbreviated is no holder's",
			typ:  "bls",
			text: "BLS Provider\nInstr. Name: Karen Boudreaux\nIssue Date: 04/12/2026",
		},
		{
			name: "a label whose first word a card's cut edge lost may name anyone",
			typ:  "bls",
			text: "BLS Provider\nructor Name: Karen Boudreaux\nIssue Date: 04/12/2026",
		},
		{
			name: "a label's qualifier that is a word stands",
			typ:  "bls",
			text: "BLS Provider\nStudent Name: Maria Alvarez\nIssue Date: 04/12/2026",
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9,
		},
		{
			name: "a middle initial's period read as a comma",
			typ:  "tb_skin_test",
			text: "TB SCREENING\nPatient Name: Maria L, Alvarez\nDOB: 04/12/1990",
			full: "Maria L. Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9,
		},
		{
			name: "a registry's LAST FIRST M without its comma",
			typ:  "tb_skin_test",
			text: "TB SCREENING\nPatient: ALVAREZ MARIA L\nDOB: 04/12/1990",
			full: "ALVAREZ MARIA L", first: "MARIA", last: "ALVAREZ", minConf: 0.9,
		},
		{
			name: "a fit-test form's respirator user, the fit tester below",
			typ:  "fit_test",
			text: "RESPIRATOR FIT TEST RECORD\nRespirator User: Maria L. Alvarez\nTest Date: 04/12/2026\nResult: [X] Pass [ ] Fail\nFit Tester: Robert Pruitt",
			full: "Maria L. Alvarez", first: "Maria", middle: "L.", last: "Alvarez", minConf: 0.9,
		},
		{
			name: "a name with a recent date after it is no birth date's",
			typ:  "influenza_vaccine",
			text: "Influenza Vaccination Record\nHelen Park 11/01/2026\nLot GK3436PM",
		},
		{
			name: "a labelled patient outranks a name beside a birth date",
			typ:  "mmr_record",
			text: "Certificate of Immunization\nPatient Name: Leticia Adeyemi\nCarmen Ruiz 06/29/1992\nMMR dose 1: 09/12/1993",
			full: "Leticia Adeyemi", first: "Leticia", last: "Adeyemi", minConf: 0.9,
		},
		{
			name: "instructor above an unlabelled holder",
			typ:  "bls",
			text: "BLS Provider\nAmerican Heart Association\nInstructor\nHelen Park\nMaria L. Alvarez\nIssue Date 04/27/2026",
			full: "Maria L. Alvarez", first: "Maria", middle: "L.", last: "Alvarez", maxConf: confGuess,
		},
		{
			name: "instructor with credentials on its own line first",
			typ:  "acls",
			text: "ACLS PROVIDER\nHelen Q. Park, RN, BSN\nCourse Instructor\nMARIA ALVAREZ\nIssued 3/2/2026 Expires 3/31/2028",
			full: "MARIA ALVAREZ", first: "MARIA", last: "ALVAREZ", maxConf: confGuess,
		},
		{
			name: "training center coordinator before the student",
			typ:  "pals",
			text: "PALS Provider Course\nTraining Center Coordinator: James O'Neil\nStudent: Ana De la Cruz\nCompleted 02/10/2026",
			full: "Ana De la Cruz", first: "Ana", last: "De la Cruz", minConf: 0.9,
		},
		{
			name: "coordinator name label with an unknown qualifier",
			typ:  "bls",
			text: "Basic Life Support\nTC Coordinator Name: Robert Pruitt\nHolder Name: Keisha M. Washington\nExp 05/2027",
			full: "Keisha M. Washington", first: "Keisha", middle: "M.", last: "Washington", minConf: 0.9,
		},
		{
			name: "signing clinician running on into a date",
			typ:  "chest_xray",
			text: "CHEST X-RAY REPORT\nPatient: ALVAREZ, MARIA L\nDOB: 01/02/1990\nIMPRESSION: No active TB.\nElectronically signed by Helen Q. Park, MD on 27-APR-2026.",
			full: "ALVAREZ, MARIA L", first: "MARIA", middle: "L", last: "ALVAREZ", minConf: 0.9,
		},
		{
			name: "physician's section printed first with a bare name label",
			typ:  "physical_exam",
			text: "EXAMINING PHYSICIAN\nName: Helen Park, MD\nLicense: MD12345\n\nPATIENT INFORMATION\nName: Maria Alvarez\nDOB: 01/02/1990\nCleared for duty without restrictions",
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9,
		},
		{
			name: "history section of a physical is no name",
			typ:  "physical_exam",
			text: "Pre-placement Physical\nHistory:\nPatient denies history of tuberculosis exposure.\nExam date: 03/03/2026\nCleared for duty",
		},
		{
			name: "skills checklist rows in title case are no name",
			typ:  "skills_checklist",
			text: "Med/Surg Skills Checklist\nPatient Controlled Analgesia (PCA)   3\nPatient Denies Pain Scale   2\nCentral Line Care   4\nDate Completed: 01/05/2026",
		},
		{
			name: "skills checklist with its nurse's name",
			typ:  "skills_checklist",
			text: "Med/Surg Skills Checklist\nPatient Controlled Analgesia (PCA)   3\nNurse Name: Precious Okafor\nDate Completed: 01/05/2026",
			full: "Precious Okafor", first: "Precious", last: "Okafor", minConf: 0.9,
		},
		{
			name: "state heading a driver license is no name",
			typ:  "drivers_license",
			text: "NORTH CAROLINA\nDRIVER LICENSE\nANNA MARIE VAN DER BERG\n123 MAIN ST\nRALEIGH, NC 27601\nDOB 01/02/1990",
			full: "ANNA MARIE VAN DER BERG", first: "ANNA", middle: "MARIE", last: "VAN DER BERG", maxConf: confGuess,
		},
		{
			name: "compound surname first, comma",
			typ:  "nursing_license",
			text: "License Verification\nName: VAN DER BERG, ANNA MARIE\nLicense Number: RN123456\nStatus: Active",
			full: "VAN DER BERG, ANNA MARIE", first: "ANNA", middle: "MARIE", last: "VAN DER BERG", minConf: 0.9,
		},
		{
			name: "compound surname in reading order",
			typ:  "tb_blood_test",
			text: "QuantiFERON-TB Gold Plus\nPatient Name: Juan Carlos de la Cruz\nCollection Date: 01/04/2026\nResult: Negative",
			full: "Juan Carlos de la Cruz", first: "Juan", middle: "Carlos", last: "de la Cruz", minConf: 0.9,
		},
		{
			name: "apostrophe and hyphen",
			typ:  "drug_screen",
			text: "Drug Screen Result\nDonor Name: Siobhan O'Neil-McDonald\nResult: Negative",
			full: "Siobhan O'Neil-McDonald", first: "Siobhan", last: "O'Neil-McDonald", minConf: 0.9,
		},
		{
			name: "credentials and a suffix are no part of the name",
			typ:  "hipaa_training",
			text: "HIPAA Training\nEmployee: Samuel R. Brooks Jr., RN, BSN\nCompleted on 02/02/2026",
			full: "Samuel R. Brooks Jr.", first: "Samuel", middle: "R.", last: "Brooks", minConf: 0.9,
		},
		{
			name: "lab director beside the patient",
			typ:  "tb_blood_test",
			text: "QUEST DIAGNOSTICS\nLaboratory Director: Helen Park, MD, PhD\nPatient: ALVAREZ, MARIA L\nCollected: 01/02/2026\nQuantiFERON Result: NEGATIVE",
			full: "ALVAREZ, MARIA L", first: "MARIA", middle: "L", last: "ALVAREZ", minConf: 0.9,
		},
		{
			name: "administered and read by other people",
			typ:  "tb_skin_test",
			text: "TB Skin Test\nAdministered by: Jane Roe, RN\nRead by: Helen Park, LPN\nName: Maria Alvarez\nInduration: 0 mm\nResult: Negative",
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9,
		},
		{
			name: "only a reviewing officer is named",
			typ:  "background_check",
			text: "Background Check Report\nReviewed by: Helen Park\nOverall Result: Clear",
		},
		{
			name: "instructor caption under a name, holder's caption under another",
			typ:  "bls",
			text: "BLS Provider Card\n\nHelen Park\nInstructor\n\nMaria Alvarez\nHolder's Signature",
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.7,
		},
		{
			name: "another person's document reads as that person",
			typ:  "tb_skin_test",
			text: "TB Skin Test\nName: John Doe\nResult: Negative",
			ctx:  maria,
			full: "John Doe", first: "John", last: "Doe", minConf: 0.9,
		},
		{
			name: "the request's name chooses between two unlabelled names",
			typ:  "bls",
			text: "BLS Provider\nHelen Park\nMaria Alvarez\nExpires 05/2027",
			ctx:  maria,
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", maxConf: confGuess,
		},
		{
			name: "two unlabelled names and no request: the first, unsure",
			typ:  "bls",
			text: "BLS Provider\nHelen Park\nMaria Alvarez\nExpires 05/2027",
			full: "Helen Park", first: "Helen", last: "Park", maxConf: confAmbiguous,
		},
		{
			name: "the request's name never takes another person's name",
			typ:  "bls",
			text: "BLS Provider\nInstructor: Maria Alvarez\nJohn Doe\nExpires 05/2027",
			ctx:  maria,
			full: "John Doe", first: "John", last: "Doe", maxConf: confGuess,
		},
		{
			name: "two labelled names of equal standing: the request chooses",
			typ:  "hipaa_training",
			text: "Training Record\nEmployee: John Doe\nEmployee: Maria Alvarez\nCompleted on 02/02/2026",
			ctx:  maria,
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9,
		},
		{
			name: "two labelled names of equal standing, no request: unsure",
			typ:  "hipaa_training",
			text: "Training Record\nEmployee: John Doe\nEmployee: Maria Alvarez\nCompleted on 02/02/2026",
			full: "John Doe", first: "John", last: "Doe", maxConf: confAmbiguous,
		},
		{
			name: "the request splits a two-word given name the same words leave open",
			typ:  "tb_blood_test",
			text: "Patient Name: Mary Grace Santos Huang\nResult: Negative",
			ctx:  Holder{FirstName: "Mary Grace", MiddleName: "Santos", LastName: "Huang"},
			full: "Mary Grace Santos Huang", first: "Mary Grace", middle: "Santos", last: "Huang", minConf: 0.9,
		},
		{
			name: "the request's middle name of particles the surname took",
			typ:  "tb_blood_test",
			text: "Patient Name: Maria Del Rosario Kowalski\nResult: Negative",
			ctx:  Holder{FirstName: "Maria", MiddleName: "Del Rosario", LastName: "Kowalski"},
			full: "Maria Del Rosario Kowalski", first: "Maria", middle: "Del Rosario", last: "Kowalski", minConf: 0.9,
		},
		{
			name: "a compound surname the request does not split stays whole",
			typ:  "tb_blood_test",
			text: "Patient Name: Maria Del Rosario Kowalski\nResult: Negative",
			ctx:  Holder{FirstName: "Maria", LastName: "Kowalski"},
			full: "Maria Del Rosario Kowalski", first: "Maria", last: "Del Rosario Kowalski", minConf: 0.9,
		},
		{
			name: "a name of six words, three of them particles",
			typ:  "tb_blood_test",
			text: "Patient Name: Maricel Del Rosario Van der Berg\nResult: Negative",
			ctx:  Holder{FirstName: "Maricel", MiddleName: "Del Rosario", LastName: "Van der Berg"},
			full: "Maricel Del Rosario Van der Berg", first: "Maricel", middle: "Del Rosario", last: "Van der Berg", minConf: 0.9,
		},
		{
			name: "a doctor's title makes a name someone else's",
			typ:  "bls",
			text: "CPR Card\nDr. Helen Park\nMaria Alvarez\nValid until 05/2027",
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", maxConf: confGuess,
		},
		{
			name: "certificate sentence with the instructor's signature under it",
			typ:  "hipaa_training",
			text: "Certificate of Completion\nThis certifies that\nPriya Shah\nhas successfully completed HIPAA Privacy\nHelen Park, MSN, RN\nCourse Director\nDate: 01/01/2026",
			full: "Priya Shah", first: "Priya", last: "Shah", minConf: 0.8,
		},
		{
			name: "patient label, physician label, all capitals",
			typ:  "drug_screen",
			text: "MEDICAL REVIEW OFFICER VERIFICATION\nMRO: HELEN PARK MD\nDONOR: TAMIKA L JOHNSON\nRESULT: NEGATIVE",
			full: "TAMIKA L JOHNSON", first: "TAMIKA", middle: "L", last: "JOHNSON", minConf: 0.9,
		},
		{
			name: "a vaccine's brand after a name-like label is no name",
			typ:  "influenza_vaccine",
			text: "Influenza Vaccine Record\nBrand Name: Fluzone Quadrivalent\nDate given: 10/01/2026",
		},
		{
			name: "a nurse's RN is no doctor's credential",
			typ:  "nursing_license",
			text: "Verification\nLicensee: Maria Alvarez, RN\nLicense Number: RN123456",
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9,
		},
		{
			name: "on a skills checklist the clinician is the nurse",
			typ:  "skills_checklist",
			text: "Telemetry Skills Checklist\nClinician Name: Maria Alvarez\nEvaluator: Helen Park, RN\nDate: 01/05/2026",
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9,
		},
		{
			name: "on a physical the clinician examines",
			typ:  "physical_exam",
			text: "Physical Exam\nClinician: Helen Park, NP\nExaminee: Maria Alvarez\nCleared for duty",
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9,
		},
		{
			name: "a background report's subject",
			typ:  "background_check",
			text: "Background Screening Report\nPrepared for: Acme Staffing\nSubject: ALVAREZ, MARIA LUISA\nOverall Result: Clear",
			full: "ALVAREZ, MARIA LUISA", first: "MARIA", middle: "LUISA", last: "ALVAREZ", minConf: 0.9,
		},
		{
			name: "a training's attendee",
			typ:  "osha_training",
			text: "Bloodborne Pathogens Training\nAttendee: Kwame Mensah\nTrainer: Helen Park\nCompleted: 02/02/2026",
			full: "Kwame Mensah", first: "Kwame", last: "Mensah", minConf: 0.9,
		},
		{
			name: "a role OCR misread by two letters",
			typ:  "acls",
			text: "ACLS Provider\nAngela Schmidt\nhas successfully completed the cognitive and skills ingtrucior Name Karen Nakashima\nIssue Date 12/19/2025",
			full: "Angela Schmidt", first: "Angela", last: "Schmidt", minConf: 0.7,
		},
		{
			name: "a bare Name label whose first word OCR cut short",
			typ:  "bls",
			text: "BLS Provider\nskills r Name Victor Abernathy\nIssue Date 12/19/2025",
		},
		{
			name: "marks OCR leaves around a certificate's name",
			typ:  "osha_training",
			text: "Certificate of Completion\nThis certifies that\n__Lauren Michelle Allen’\nhas successfully completed\nOSHA Bloodborne Pathogens Training",
			full: "Lauren Michelle Allen", first: "Lauren", last: "Allen", minConf: 0.8,
		},
		{
			name: "a provider card's provider is its holder",
			typ:  "tncc",
			text: "Trauma Nursing Core Course (TNCC) - Provider Verification\nProvider: Kwame Cohen-Clark\nID: 125958\nIssued: 25 Apr 2024",
			full: "Kwame Cohen-Clark", first: "Kwame", last: "Cohen-Clark", minConf: 0.9,
		},
		{
			name: "a skin test's provider is no holder",
			typ:  "tb_skin_test",
			text: "Tuberculin Skin Test\nProvider: Helen Park\nInduration: 0 mm",
		},
		{
			name: "a custody form's name qualified by its order",
			typ:  "drug_screen",
			text: "Federal Drug Testing Custody and Control Form\nDonor Name (First, MI, Last): Maria L Alvarez\nResult: Negative",
			full: "Maria L Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9,
		},
		{
			name: "the person tested",
			typ:  "tb_skin_test",
			text: "Tuberculin Skin Test Record\nName of Person Tested: Maria Alvarez\nPlaced by: Jane Roe, RN\nInduration: 0 mm",
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9,
		},
		{
			name: "a card's only name, over its signature line",
			typ:  "social_security_card",
			text: "SOCIAL SECURITY\nXXX-XX-5023\nMARIA L ALVAREZ\nSIGNATURE",
			full: "MARIA L ALVAREZ", first: "MARIA", middle: "L", last: "ALVAREZ", maxConf: confGuess,
		},
		{
			// A text layer loses no words: the card's own wording by its
			// one name is no label whose value was lost.
			name: "a card's only name under its own wording",
			typ:  "social_security_card",
			text: "SOCIAL SECURITY\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\nXXX-XX-5023\nMARIA L ALVAREZ\nSIGNATURE",
			full: "MARIA L ALVAREZ", first: "MARIA", middle: "L", last: "ALVAREZ", minConf: 0.5,
		},
		{
			name: "a signer is no guess where another name stands",
			typ:  "bls",
			text: "BLS Provider\nMaria Alvarez\nIssued 01/02/2026\nHelen Park\nSignature",
			full: "Maria Alvarez", first: "Maria", last: "Alvarez", maxConf: confGuess,
		},
		{
			name: "Vietnamese middle name Van",
			typ:  "tb_blood_test",
			text: "Patient Name: Tuan Van Nguyen\nResult: Negative",
			full: "Tuan Van Nguyen", first: "Tuan", middle: "Van", last: "Nguyen", minConf: 0.9,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, c) })
	}
}

// TestNotAName: phrases of forms, places and headings are not names; names
// made of English words led by a given name are.
func TestNotAName(t *testing.T) {
	for _, s := range []string{
		"Controlled Analgesia", "denies history", "NORTH CAROLINA", "New York", "United States", "Skills Checklist",
		"Basic Life Support", "American Red Cross", "Tubersol Mantoux", "Patient Controlled", "maria alvarez",
		"Moderna Spikevax", "Central Line",
	} {
		if !notAName(strings.Fields(s)) {
			t.Errorf("notAName(%q) = false", s)
		}
	}
	for _, s := range []string{
		"Maria Alvarez", "Heather Young", "Grace Long", "Rose King", "Crystal Brown", "Chiamaka Okafor",
		"ANNA VAN DER BERG", "Mark Hall", "Hope Price", "Joy Green", "Robert Smith IV",
	} {
		if notAName(strings.Fields(s)) {
			t.Errorf("notAName(%q) = true", s)
		}
	}
}

// TestMisreadLabelEndsName: a label OCR misspelt by a letter ends the
// name before it as the label would; names a letter from a label word
// stay names.
func TestMisreadLabelEndsName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Sarah Santos Signatre", "Sarah Santos"},
		{"Sarah Santos Certiticate", "Sarah Santos"},
		{"Signatre Tene", ""},
		{"Kimberly Holden", "Kimberly Holden"},
		{"Christina Mcdonald", "Christina Mcdonald"},
		{"Mariana Santiago", "Mariana Santiago"},
		// A capital I (Í) OCR read as l is the name's, not a sentence's.
		{"Courtney Adaora lbanez-MacKenzie", "Courtney Adaora Ibanez-MacKenzie"},
		{"Maria Lopez lives in Ohio", "Maria Lopez"},
		// A two-letter surname spelt like a credential stays the name's.
		{"Minh Do", "Minh Do"},
		{"Thi Ma", "Thi Ma"},
		{"Helen Park, MD", "Helen Park"},
		{"Helen Park MD", "Helen Park"},
	}
	for _, tt := range tests {
		if got, _ := readName(tt.in, false); got != tt.want {
			t.Errorf("readName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestIDNames: names, dates and numbers from the machine-readable zone
// and AAMVA's fields, whatever OCR did to them.
func TestIDNames(t *testing.T) {
	c := catalog.MustLoad()
	const line2 = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"
	tests := []struct {
		name, typ, text string
		want            map[string]any
		// sure lists fields whose confidence must reach 0.5, unsure
		// those that must stay under it.
		sure, unsure []string
	}{
		{
			name: "ICAO specimen passport zone",
			typ:  "passport",
			text: "PASSPORT\nP<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\n" + line2,
			want: map[string]any{"full_name": "ANNA MARIA ERIKSSON", "first_name": "ANNA", "middle_name": "MARIA",
				"last_name": "ERIKSSON", "passport_number": "L898902C3", "date_of_birth": "1974-08-12",
				"expiration_date": "2012-04-15", "nationality": "UTO"},
			sure: []string{"full_name", "passport_number", "date_of_birth", "expiration_date"},
		},
		{
			name: "zone read with spaces, guillemets and look-alikes",
			typ:  "passport",
			text: "PASSPORT\nP < UTOERIKSSON «ANNA<MARIA<<<<<<<<<<<<< <<<<<<\nL898902C3 6UT0 74O8122 F12O4159ZE184226B<<<<<1 0",
			want: map[string]any{"last_name": "ERIKSSON", "first_name": "ANNA", "passport_number": "L898902C3",
				"date_of_birth": "1974-08-12", "expiration_date": "2012-04-15"},
			sure: []string{"passport_number", "date_of_birth", "expiration_date", "full_name"},
		},
		{
			name: "a look-alike in the number repaired by its check digit",
			typ:  "passport",
			text: "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL8989O2C36UTO7408122F1204159ZE184226B<<<<<10",
			want: map[string]any{"passport_number": "L898902C3"},
			sure: []string{"passport_number"},
		},
		{
			name: "a failed check digit is reported under the threshold",
			typ:  "passport",
			text: "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408132F1204159ZE184226B<<<<<10",
			want: map[string]any{"date_of_birth": "1974-08-13", "expiration_date": "2012-04-15"},
			sure: []string{"expiration_date"}, unsure: []string{"date_of_birth"},
		},
		{
			name: "the printed name stands where the zone spells another",
			typ:  "passport",
			text: "PASSPORT\nSurname / Nom\nERIKSSON\nGiven Names / Prenoms\nANNA MARIA\nP<UTOERIKSSON<<ANNA<<MARIA<<<<<<<<<<<<<<<<<<\n" + line2,
			want: map[string]any{"last_name": "ERIKSSON", "first_name": "ANNA", "middle_name": "MARIA"},
			sure: []string{"last_name"},
		},
		{
			name: "the zone's name where the page prints none readable",
			typ:  "passport",
			text: "PASSPORT\nSurname / Nom\n____\nP<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\n" + line2,
			want: map[string]any{"last_name": "ERIKSSON", "first_name": "ANNA", "middle_name": "MARIA"},
			sure: []string{"last_name"},
		},
		{
			name: "AAMVA data elements of a decoded barcode",
			typ:  "drivers_license",
			text: "Barcode data\n@\nANSI 636015090002DL00410278ZT03190008DLDAQ12345678\nDCSVAN DER BERG\nDACANNA\nDADMARIE\nDBD01152024\nDBB04121990\nDBA04122030\nDAJTX\n",
			want: map[string]any{"full_name": "ANNA MARIE VAN DER BERG", "first_name": "ANNA", "middle_name": "MARIE",
				"last_name": "VAN DER BERG", "date_of_birth": "1990-04-12", "expiration_date": "2030-04-12",
				"issue_date": "2024-01-15", "license_number": "12345678", "state": "TX"},
			sure: []string{"full_name", "date_of_birth", "expiration_date", "license_number"},
		},
		{
			name: "AAMVA elements on one line, Canadian dates",
			typ:  "drivers_license",
			text: "DCS SMITH DAC JOHN DAD NONE DBB 19851103 DBA 20300101 DAQ S1234-56789",
			want: map[string]any{"full_name": "JOHN SMITH", "first_name": "JOHN", "last_name": "SMITH",
				"date_of_birth": "1985-11-03", "expiration_date": "2030-01-01", "license_number": "S1234-56789"},
		},
		{
			name: "family name over given names, no numbers or labels",
			typ:  "drivers_license",
			text: "TEXAS\nDRIVER LICENSE\nDE LA CRUZ\nMARIA LUISA\n123 MAIN ST\nAUSTIN, TX 78704\nDOB 04/12/1990",
			want: map[string]any{"full_name": "MARIA LUISA DE LA CRUZ", "first_name": "MARIA", "middle_name": "LUISA",
				"last_name": "DE LA CRUZ"},
		},
		{
			name: "numbered fields on one line",
			typ:  "drivers_license",
			text: "TEXAS USA DRIVER LICENSE\n4d DL No 12345678\n1 DE LA CRUZ 2 JUAN CARLOS\n3 DOB 04/12/1990\n4b EXP 04/12/2030",
			want: map[string]any{"full_name": "JUAN CARLOS DE LA CRUZ", "first_name": "JUAN", "middle_name": "CARLOS",
				"last_name": "DE LA CRUZ", "license_number": "12345678", "date_of_birth": "1990-04-12",
				"expiration_date": "2030-04-12", "state": "TX"},
		},
		{
			name: "numbered fields with captions, OCR's l for 1",
			typ:  "drivers_license",
			text: "CALIFORNIA DRIVER LICENSE\nl SURNAME O'BRIEN\n2 GIVEN NAMES KATHLEEN ROSE\nDOB 04/12/1990",
			want: map[string]any{"full_name": "KATHLEEN ROSE O'BRIEN", "first_name": "KATHLEEN", "middle_name": "ROSE",
				"last_name": "O'BRIEN", "state": "CA"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Extract(c, tt.typ, tt.text, testAsOf)
			for k, v := range tt.want {
				if res.Fields[k] != v {
					t.Errorf("%s = %v, want %v", k, res.Fields[k], v)
				}
			}
			for _, k := range tt.sure {
				if res.Confidence[k] < 0.5 {
					t.Errorf("%s confidence %.2f, want at least 0.5", k, res.Confidence[k])
				}
			}
			for _, k := range tt.unsure {
				if res.Confidence[k] >= 0.5 {
					t.Errorf("%s confidence %.2f, want under 0.5", k, res.Confidence[k])
				}
			}
		})
	}
}

// namesLine is a line of words placed on a page, for pages built by hand
// the way OCR hands them over (no font, sizes from the boxes).
type namesLine struct {
	y, size float64
	cells   []namesCell
}

type namesCell struct {
	x    float64
	text string
	// conf is OCR's confidence in the cell's words (95 when zero).
	conf float64
}

// namesPage lays out lines of cells as OCR words: each word's box as wide as
// its letters, as high as its line's type.
func namesPage(lines ...namesLine) (string, []pagetext.Page) {
	p := pagetext.Page{Width: 612, Height: 792}
	var text []string
	for n, l := range lines {
		var words []string
		for _, c := range l.cells {
			x := c.x
			for _, w := range strings.Fields(c.text) {
				width := float64(len(w)) * l.size * 0.55
				conf := c.conf
				if conf == 0 {
					conf = 95
				}
				p.Words = append(p.Words, pagetext.Word{Text: w, Box: pagetext.Box{X0: x, Y0: l.y, X1: x + width, Y1: l.y + l.size},
					Confidence: conf, Line: n})
				x += width + l.size*0.3
				words = append(words, w)
			}
		}
		text = append(text, strings.Join(words, " "))
	}
	return strings.Join(text, "\n"), []pagetext.Page{p}
}

// TestHolderOnPages: where the words' boxes are known, the largest name
// is the certificate's holder, and names in columns the text runs
// together are read apart.
func TestHolderOnPages(t *testing.T) {
	c := catalog.MustLoad()
	var tests []holderCase

	// A certificate whose training center's contact stands at the top in
	// small type, unlabelled, and whose holder is printed large.
	text, pages := namesPage(
		namesLine{y: 40, size: 9, cells: []namesCell{{400, "Helen Park", 0}}},
		namesLine{y: 52, size: 9, cells: []namesCell{{400, "Bay Area CPR", 0}}},
		namesLine{y: 120, size: 22, cells: []namesCell{{150, "CPR & AED Certification", 0}}},
		namesLine{y: 200, size: 30, cells: []namesCell{{160, "Maria L. Alvarez", 0}}},
		namesLine{y: 300, size: 11, cells: []namesCell{{100, "Issued 04/27/2026", 0}, {350, "Expires 04/27/2028", 0}}},
	)
	tests = append(tests, holderCase{name: "largest name on a certificate", typ: "bls", text: text, pages: pages,
		full: "Maria L. Alvarez", first: "Maria", middle: "L.", last: "Alvarez", maxConf: confGuess})
	// The same page read by text alone takes the first name, unsure of it
	// only as much as any guess.
	tests = append(tests, holderCase{name: "the same certificate without its boxes", typ: "bls", text: text,
		full: "Helen Park", first: "Helen", last: "Park", maxConf: confAmbiguous})

	// Student and instructor side by side under their captions: the text
	// runs both names into one line.
	text, pages = namesPage(
		namesLine{y: 40, size: 14, cells: []namesCell{{60, "ACLS Provider", 0}}},
		namesLine{y: 90, size: 8, cells: []namesCell{{60, "Student", 0}, {330, "Instructor", 0}}},
		namesLine{y: 102, size: 11, cells: []namesCell{{60, "Maria Alvarez", 0}, {330, "Helen Park", 0}}},
		namesLine{y: 150, size: 9, cells: []namesCell{{60, "Issue Date 04/27/2026", 0}}},
	)
	tests = append(tests, holderCase{name: "names in columns under their captions", typ: "acls", text: text, pages: pages,
		full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.7})

	// A signature block: the physician's name over its caption, the
	// patient's beside its label, in a column of its own.
	text, pages = namesPage(
		namesLine{y: 40, size: 14, cells: []namesCell{{60, "Physical Examination", 0}}},
		namesLine{y: 80, size: 10, cells: []namesCell{{60, "Patient:", 0}, {120, "Maria Alvarez", 0}}},
		namesLine{y: 300, size: 10, cells: []namesCell{{330, "Helen Park, MD", 0}}},
		namesLine{y: 313, size: 8, cells: []namesCell{{330, "Examining Physician", 0}}},
	)
	tests = append(tests, holderCase{name: "patient and signing physician", typ: "physical_exam", text: text, pages: pages,
		full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9})

	// An eCard read by OCR block by block: the instructor's column comes
	// between the holder's name and the sentence under it.
	text, pages = namesPage(
		namesLine{y: 60, size: 15, cells: []namesCell{{100, "BLS Provider", 0}}},
		namesLine{y: 80, size: 12, cells: []namesCell{{100, "Amanda Hoffmann", 0}}},
		namesLine{y: 80, size: 6, cells: []namesCell{{350, "Instructor Name", 0}}},
		namesLine{y: 88, size: 7, cells: []namesCell{{350, "Robert Pruitt", 0}}},
		namesLine{y: 95, size: 6, cells: []namesCell{{100, "has successfully completed the cognitive and skills", 0}}},
		namesLine{y: 110, size: 8, cells: []namesCell{{100, "Issue Date 04/10/2025", 0}}},
	)
	tests = append(tests, holderCase{name: "an eCard's columns interleaved by OCR", typ: "bls", text: text, pages: pages,
		full: "Amanda Hoffmann", first: "Amanda", last: "Hoffmann", minConf: 0.7})
	tests = append(tests, holderCase{name: "the interleaved eCard without its boxes", typ: "bls", text: text,
		full: "Amanda Hoffmann", first: "Amanda", last: "Hoffmann", maxConf: confGuess})

	// A card photographed: OCR misspells its large heading, and the
	// label over the holder's name is lost.
	text, pages = namesPage(
		namesLine{y: 40, size: 20, cells: []namesCell{{80, "SOCIAI SECURlTY", 0}}},
		namesLine{y: 90, size: 9, cells: []namesCell{{80, "XXX-XX-5023", 0}}},
		namesLine{y: 120, size: 11, cells: []namesCell{{80, "CHIAMAKA N OKAFOR", 0}}},
	)
	tests = append(tests, holderCase{name: "a misspelt heading is no name", typ: "social_security_card", text: text, pages: pages,
		full: "CHIAMAKA N OKAFOR", first: "CHIAMAKA", middle: "N", last: "OKAFOR", maxConf: confGuess})

	// A Social Security card scanned: its number stands between the
	// holder's phrase and the name, which the phrase names all the same
	// where the card prints no other name; another name on the page
	// leaves the guess doubtful.
	ssnLines := []namesLine{
		{y: 40, size: 16, cells: []namesCell{{100, "SOCIAL SECURITY", 0}}},
		{y: 70, size: 7, cells: []namesCell{{110, "THIS NUMBER HAS BEEN ESTABLISHED FOR", 0}}},
		{y: 85, size: 11, cells: []namesCell{{140, "XXX-XX-5023", 0}}},
		{y: 105, size: 12, cells: []namesCell{{120, "CHIAMAKA N OKAFOR", 0}}},
		{y: 140, size: 6, cells: []namesCell{{140, "SIGNATURE", 0}}},
	}
	text, pages = namesPage(ssnLines...)
	tests = append(tests, holderCase{name: "a card's number between its holder phrase and the name", typ: "social_security_card", text: text, pages: pages,
		full: "CHIAMAKA N OKAFOR", first: "CHIAMAKA", middle: "N", last: "OKAFOR", minConf: 0.5})
	text, pages = namesPage(append(ssnLines[:4:4], namesLine{y: 170, size: 8, cells: []namesCell{{300, "Helen Park", 0}}})...)
	tests = append(tests, holderCase{name: "the same card with another name on the page", typ: "social_security_card", text: text, pages: pages,
		full: "CHIAMAKA N OKAFOR", first: "CHIAMAKA", middle: "N", last: "OKAFOR", maxConf: 0.49})

	// An eCard scanned: the holder's name over the sentence came out as
	// fragments, and the instructor's caption beside the sentence in
	// type so small that OCR set its words a cell apart ("instructor
	// Name"), lost its first word to marks ("+ Name") or cut it
	// ("tor Name"): the name after it is no holder's, or too unsure.
	for _, c := range []struct {
		caption string
		full    string
		maxConf float64
	}{{"instructor", "", 0}, {"+", "Karen Nakashima", 0.49}, {"tor", "Karen Nakashima", 0.49}} {
		text, pages := namesPage(
			namesLine{y: 40, size: 12, cells: []namesCell{{100, "PALS Provider", 0}}},
			namesLine{y: 70, size: 9, cells: []namesCell{{100, "ngeila Rvra", 40}}},
			namesLine{y: 135, size: 5, cells: []namesCell{{100, "has successfully completed the cognitive and skills", 0}, {330, c.caption, 0},
				{360, "Name", 0}, {412, "Karen Nakashima", 0}}},
		)
		tests = append(tests, holderCase{name: "an eCard's instructor caption as OCR parts it: " + c.caption, typ: "pals", text: text, pages: pages,
			full: c.full, first: "Karen", last: "Nakashima", maxConf: c.maxConf})
	}

	// A seal OCR read as large letters it was unsure of.
	text, pages = namesPage(
		namesLine{y: 40, size: 12, cells: []namesCell{{80, "ACLS Provider", 0}}},
		namesLine{y: 80, size: 10, cells: []namesCell{{80, "Deepa Lynn Rivera", 0}}},
		namesLine{y: 140, size: 19, cells: []namesCell{{300, "EEE Oo OS", 15}}},
		namesLine{y: 200, size: 9, cells: []namesCell{{80, "Issue Date: 10/18/26", 0}}},
	)
	tests = append(tests, holderCase{name: "letters OCR was unsure of are no name", typ: "acls", text: text, pages: pages,
		full: "Deepa Lynn Rivera", first: "Deepa", last: "Rivera", maxConf: confGuess})

	// A card's only name, which OCR read unsurely: a guess too unsure to
	// report.
	text, pages = namesPage(
		namesLine{y: 40, size: 12, cells: []namesCell{{80, "BLS Provider", 0}}},
		namesLine{y: 80, size: 10, cells: []namesCell{{80, "Deepa Rivera", 65}}},
	)
	tests = append(tests, holderCase{name: "a guess OCR was unsure of is uncertain", typ: "bls", text: text, pages: pages,
		full: "Deepa Rivera", first: "Deepa", last: "Rivera", maxConf: 0.49})

	// A course card whose two columns OCR ran into one line: the holder's
	// caption beside the instructor's name, the instructor's caption
	// under it.
	text, pages = namesPage(
		namesLine{y: 89, size: 9, cells: []namesCell{{324, "Memorial Hermann Training Center", 0}}},
		namesLine{y: 97, size: 12, cells: []namesCell{{94, "BLS Provider", 0}}},
		namesLine{y: 103, size: 6, cells: []namesCell{{324, "Training Center Name", 0}}},
		namesLine{y: 133, size: 13, cells: []namesCell{{63, "Lauren Hill", 0}}},
		namesLine{y: 150, size: 5, cells: []namesCell{{63, "Card Holder", 0}, {324, "Karen Boudreaux", 0}}},
		namesLine{y: 160, size: 5, cells: []namesCell{{324, "Instructor Name", 0}}},
		namesLine{y: 183, size: 7, cells: []namesCell{{324, "TN997302", 0}}},
		namesLine{y: 191, size: 5, cells: []namesCell{{324, "Card #", 0}}},
		namesLine{y: 195, size: 7, cells: []namesCell{{63, "08/15/2026", 0}, {170, "08/15/2028", 0}}},
		namesLine{y: 209, size: 5, cells: []namesCell{{63, "Date Issued", 0}, {171, "Renew By", 0}}},
	)
	tests = append(tests, holderCase{name: "captions under values, columns run together", typ: "bls", text: text, pages: pages,
		full: "Lauren Hill", first: "Lauren", last: "Hill", minConf: 0.7})

	// Cards scanned poorly, where a name was read but not by its label.
	// A caption names the value over it, not the next cell's on its row
	// (the holder's name and the instructor's caption lost, "Card
	// Holder" a cell apart from the instructor's name); with its colon a
	// label reads the next cell however far. A name guessed where the
	// page labels the holder's, but no name was read by the label, is as
	// likely someone else's.
	cardRow := func(y, size float64, cells ...namesCell) namesLine { return namesLine{y: y, size: size, cells: cells} }
	dates := []namesLine{cardRow(195, 7, namesCell{63, "08/15/2026", 0}, namesCell{170, "08/15/2028", 0}),
		cardRow(209, 5, namesCell{63, "Date Issued", 0}, namesCell{171, "Renew By", 0})}
	for _, pc := range []struct {
		name, typ, full, first, last string
		lines                        []namesLine
		minConf, maxConf             float64
	}{
		{"a caption is not the label of the next cell's name", "bls", "Karen Boudreaux", "Karen", "Boudreaux",
			[]namesLine{cardRow(89, 9, namesCell{324, "Memorial Hermann Training Center", 0}), cardRow(97, 12, namesCell{94, "BLS Provider", 0}),
				cardRow(150, 5, namesCell{63, "Card Holder", 0}, namesCell{324, "Karen Boudreaux", 0})}, 0, 0.49},
		{"a label with its colon reads the next cell", "bls", "Lauren Hill", "Lauren", "Hill",
			[]namesLine{cardRow(97, 12, namesCell{94, "BLS Provider", 0}), cardRow(150, 7, namesCell{63, "Card Holder:", 0}, namesCell{200, "Lauren Hill", 0})}, 0.8, 0},
		{"a guess where the holder's label stands unread", "acls", "Robert Pruitt", "Robert", "Pruitt",
			[]namesLine{cardRow(40, 12, namesCell{80, "ACLS Provider", 0}), cardRow(70, 8, namesCell{80, "Student Name", 0}),
				cardRow(82, 10, namesCell{80, "~ ..", 20}), cardRow(120, 10, namesCell{300, "Robert Pruitt", 0})}, 0, 0.49},
		{"a label whose own value a scan made marks of labels no name under it", "bls", "Karen Boudreaux", "Karen", "Boudreaux",
			[]namesLine{cardRow(97, 12, namesCell{94, "BLS Provider", 0}), cardRow(120, 10, namesCell{63, "Name:", 0}, namesCell{120, "~", 20}),
				cardRow(133, 10, namesCell{63, "Karen Boudreaux", 0})}, 0, 0.49},
	} {
		text, pages := namesPage(append(pc.lines, dates...)...)
		tests = append(tests, holderCase{name: pc.name, typ: pc.typ, text: text, pages: pages,
			full: pc.full, first: pc.first, last: pc.last, minConf: pc.minConf, maxConf: pc.maxConf})
	}

	// A card's one name over a caption OCR misread, the holder's name
	// lost: a caption naming another's role, however misspelt, is no
	// holder's; one whose first word is past reading leaves the name
	// unsure.
	for _, cc := range []struct{ caption, full string }{
		{"Instrctor Name", ""}, {"INSTRUCT0R", ""}, {"Training Center Contact", ""}, {"lnstr. Name", "Karen Boudreaux"},
	} {
		text, pages := namesPage(
			namesLine{y: 40, size: 12, cells: []namesCell{{60, "BLS Provider", 0}}},
			namesLine{y: 100, size: 9, cells: []namesCell{{60, "Karen Boudreaux", 0}, {200, "04/12/2026", 0}}},
			namesLine{y: 110, size: 5, cells: []namesCell{{60, cc.caption, 0}, {200, "Issue Date", 0}}},
		)
		hc := holderCase{name: "a name over the caption " + cc.caption, typ: "bls", text: text, pages: pages, full: cc.full}
		if cc.full != "" {
			hc.first, hc.last, hc.maxConf = "Karen", "Boudreaux", 0.49
		}
		tests = append(tests, hc)
	}

	// An eCard scanned poorly: the holder's name over the sentence came
	// out as fragments, the back's "Instructor Name" caption as specks;
	// the instructor's name, read cleanly, is no sure holder.
	garbledCard := func(caption []namesCell) (string, []pagetext.Page) {
		return namesPage(
			namesLine{y: 40, size: 15, cells: []namesCell{{130, "ACLS", 0}, {408, "Sunrise CPR Training Center", 0}}},
			namesLine{y: 60, size: 12, cells: []namesCell{{140, "anna", 0}, {187, "a r", 88}, {235, "Be g", 81}}},
			namesLine{y: 80, size: 7, cells: append([]namesCell{{130, "Nas tuccesstuily Completed the Cogetws acxd sauls", 24}},
				append(caption, namesCell{409, "Hector Abernathy", 0})...)},
			namesLine{y: 100, size: 10, cells: []namesCell{{130, "01/27/2025", 0}, {215, "01/27/2027", 0}}},
		)
	}
	text, pages = garbledCard(nil)
	tests = append(tests, holderCase{name: "a scan lost the name over the certificate's sentence", typ: "acls", text: text, pages: pages,
		full: "Hector Abernathy", first: "Hector", last: "Abernathy", maxConf: 0.49})
	// A card's only name with OCR's specks at x before it on its line.
	specksBefore := func(x float64) (string, []pagetext.Page) {
		return namesPage(
			namesLine{y: 40, size: 15, cells: []namesCell{{130, "BLS Provider", 0}}},
			namesLine{y: 60, size: 10, cells: []namesCell{{x, "r 4", 30}, {340, "Hector Abernathy", 0}}},
			namesLine{y: 100, size: 10, cells: []namesCell{{130, "Issue Date 01/27/2025", 0}}},
		)
	}
	text, pages = specksBefore(300)
	tests = append(tests, holderCase{name: "specks where a scan lost the name's label", typ: "bls", text: text, pages: pages,
		full: "Hector Abernathy", first: "Hector", last: "Abernathy", maxConf: 0.49})
	text, pages = specksBefore(40)
	tests = append(tests, holderCase{name: "specks far from a card's only name", typ: "bls", text: text, pages: pages,
		full: "Hector Abernathy", first: "Hector", last: "Abernathy", minConf: 0.55})
	text, pages = namesPage(
		namesLine{y: 40, size: 15, cells: []namesCell{{130, "ACLS", 0}, {408, "Sunrise CPR Training Center", 0}}},
		namesLine{y: 66, size: 12, cells: []namesCell{{130, "Hannah Van der Berg", 0}}},
		namesLine{y: 80, size: 7, cells: []namesCell{{130, "has successfully completed the cognitive and skills", 0}, {409, "Hector Abernathy", 0}}},
	)
	tests = append(tests, holderCase{name: "the name over the certificate's sentence, an instructor beside it", typ: "acls", text: text, pages: pages,
		full: "Hannah Van der Berg", first: "Hannah", last: "Van der Berg", minConf: 0.7})

	text, pages = namesPage(
		namesLine{y: 85, size: 30, cells: []namesCell{{81, "EMERGENCY NURSES ASSOCIATION", 78}}},
		namesLine{y: 146, size: 10, cells: []namesCell{{85, "TNCC Provider", 0}}},
		namesLine{y: 175, size: 9, cells: []namesCell{{86, "Nathaniel Chavez", 0}}},
		namesLine{y: 203, size: 7, cells: []namesCell{{85, "Verification #:", 0}, {144, "908295", 0}}},
		namesLine{y: 288, size: 9, cells: []namesCell{{71, "This card verifies that the individual named has successfully completed the Trauma Nursing Core", 0}}},
	)
	tests = append(tests, holderCase{name: "a note's sentence with its own subject is no spot for the name", typ: "tncc", text: text, pages: pages,
		full: "Nathaniel Chavez", first: "Nathaniel", last: "Chavez", minConf: 0.55})

	// A course card scanned at 110 dpi: the holder's name and the
	// instructor's both read cleanly, their captions lost, the
	// instructor's a little taller as OCR boxed them.
	twoNames := func() (string, []pagetext.Page) {
		return namesPage(
			namesLine{y: 96, size: 13.7, cells: []namesCell{{94, "BLS Provider", 0}}},
			namesLine{y: 131, size: 10.1, cells: []namesCell{{63, "Theresa Anderson", 96}, {325, "Teptaheg Cavan @", 31}}},
			namesLine{y: 150, size: 12, cells: []namesCell{{64, "Core oan", 38}, {324, "Susan Ferraro", 96}}},
			namesLine{y: 192, size: 12.5, cells: []namesCell{{62, "Mar 7, 2026", 93}, {171, "Mar 7, 2028", 93}}},
		)
	}
	text, pages = twoNames()
	tests = append(tests, holderCase{name: "two clean names on a scan, the request's chosen", typ: "bls", text: text, pages: pages,
		ctx:  Holder{FirstName: "Theresa", LastName: "Anderson"},
		full: "Theresa Anderson", first: "Theresa", last: "Anderson", minConf: 0.55})
	tests = append(tests, holderCase{name: "two clean names on a scan, neither the request's", typ: "bls", text: text, pages: pages,
		ctx:  Holder{FirstName: "Maria", LastName: "Alvarez"},
		full: "Susan Ferraro", first: "Susan", last: "Ferraro", maxConf: 0.49})

	// Captions under a row of two names: the witness's, over its own
	// caption, is no part of the employee's.
	for _, x := range []float64{160, 200} {
		wp := textPage(
			[]cellAt{{40, "HIPAA Acknowledgment"}},
			[]cellAt{{40, "Maria Alvarez"}, {x, "Helen Park"}},
			[]cellAt{{40, "Employee Printed Name"}, {x + 50, "Witness"}},
		)
		tests = append(tests, holderCase{name: fmt.Sprintf("a witness's name on the holder's caption row (x %v)", x), typ: "hipaa_training",
			text: wp.Text(), pages: []pagetext.Page{wp}, full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.7})
	}
	// A declination form scanned: the witness's name a word
	// space after the employee's, its caption close after the employee's
	// ("Employee Name (print) Witness"): the next caption ends the column.
	for _, caption := range []string{"Witness", "Witness Signature"} {
		text, pages := namesPage(
			namesLine{y: 60, size: 14, cells: []namesCell{{60, "HEPATITIS B VACCINE DECLINATION", 0}}},
			namesLine{y: 200, size: 10, cells: []namesCell{{60, "Maria Alvarez", 0}, {140, "Helen Park", 0}}},
			namesLine{y: 213, size: 7, cells: []namesCell{{60, "Employee Name (print)", 0}, {140, caption, 0}}},
		)
		tests = append(tests, holderCase{name: "a scanned declination's second name over " + caption, typ: "hepatitis_b_record",
			text: text, pages: pages, full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.7})
	}

	// A county form: a name beside its label, and a column apart the
	// form's instructions; a header row whose "Middle" caption is a
	// label, not the first name beside "First Name".
	cp := textPage(
		[]cellAt{{40, "COUNTY HEALTH DEPARTMENT"}},
		[]cellAt{{40, "Patient Name:"}, {120, "Maria Alvarez"}, {300, "Return"}, {340, "in 48-72 hours"}},
	)
	tests = append(tests, holderCase{name: "a name beside its label ends at its cell", typ: "tb_skin_test",
		text: cp.Text(), pages: []pagetext.Page{cp}, full: "Maria Alvarez", first: "Maria", last: "Alvarez", minConf: 0.9})
	cp = textPage(
		[]cellAt{{40, "COUNTY HEALTH DEPARTMENT"}},
		[]cellAt{{40, "Last Name"}, {160, "First Name"}, {280, "Middle"}, {380, "Date of Birth"}},
		[]cellAt{{40, "Alvarez"}, {160, "Maria"}, {280, "L"}, {380, "04/12/1990"}},
	)
	tests = append(tests, holderCase{name: "a header row's Middle caption is no first name", typ: "tb_skin_test",
		text: cp.Text(), pages: []pagetext.Page{cp}, full: "Maria L Alvarez", first: "Maria", last: "Alvarez", minConf: 0.8})
	// A caption whose cell opens with whose name it is ("Participant
	// Last Name") stands over its value as a whole: a two-letter surname
	// under the cell's first word is its value.
	cp = textPage(
		[]cellAt{{40, "NEONATAL RESUSCITATION PROGRAM"}},
		[]cellAt{{40, "Participant Last Name"}, {160, "First Name"}, {280, "Completion Date"}},
		[]cellAt{{40, "Ng"}, {160, "Maria"}, {280, "04/12/2026"}},
	)
	tests = append(tests, holderCase{name: "a caption cell opened by whose name it is", typ: "nrp",
		text: cp.Text(), pages: []pagetext.Page{cp}, full: "Maria Ng", first: "Maria", last: "Ng", minConf: 0.8})
	// The same grid scanned, a column of instructions beside the name's:
	// the heading in the next cell is no middle name.
	text, pages = namesPage(
		namesLine{y: 40, size: 12, cells: []namesCell{{60, "COUNTY HEALTH DEPARTMENT", 0}}},
		namesLine{y: 70, size: 8, cells: []namesCell{{60, "Last Name", 0}, {140, "First Name", 0}, {220, "MI", 0}, {300, "INSTRUCTIONS", 0}}},
		namesLine{y: 82, size: 10, cells: []namesCell{{60, "Alvarez", 0}, {140, "Maria", 0}, {220, "L", 0}, {300, "Return in 48 to 72 hours", 0}}},
	)
	tests = append(tests, holderCase{name: "a heading beside a caption row's MI is no middle name", typ: "tb_skin_test",
		text: text, pages: pages, full: "Maria L Alvarez", first: "Maria", last: "Alvarez", minConf: 0.8})

	// A custody form whose other fields print captions under values: the
	// donor's surname labelled at the end of a long label line, the given
	// names on the next, each a form's box apart from its label. A label
	// ending in its own colon ("Last:") reads the next cell however far.
	cp = textPage(
		[]cellAt{{40, "FEDERAL DRUG TESTING CUSTODY AND CONTROL FORM"}},
		[]cellAt{{40, "Acme Staffing"}},
		[]cellAt{{40, "Employer Name"}},
		[]cellAt{{40, "STEP 5: COMPLETED BY DONOR — Donor name (print) — Last:"}, {400, "ALVAREZ"}},
		[]cellAt{{40, "First:"}, {400, "MARIA L"}},
		[]cellAt{{40, "04/10/2026"}, {200, "Helen Park"}},
		[]cellAt{{40, "Date of Collection"}, {200, "Collector Name"}},
	)
	tests = append(tests, holderCase{name: "a custody form's name parts a box apart from their colons", typ: "drug_screen",
		text: cp.Text(), pages: []pagetext.Page{cp}, full: "MARIA L ALVAREZ", first: "MARIA", last: "ALVAREZ", minConf: 0.6})

	text, pages = renderedCertificate(t)
	tests = append(tests, holderCase{name: "rendered certificate, instructor signature", typ: "bls", text: text, pages: pages,
		full: "Keisha Washington", first: "Keisha", last: "Washington", maxConf: confGuess})

	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, c) })
	}
}

// renderedCertificate renders a wallet-card certificate with no labels by
// its names: the instructor's name first, in small type by a signature
// line, then the holder's, large; and reads it back as the pipeline does.
func renderedCertificate(t *testing.T) (string, []pagetext.Page) {
	t.Helper()
	pdf := fpdf.New("P", "mm", "Letter", "")
	pdf.SetCompression(false)
	pdf.AddPage()
	pdf.SetFont("Helvetica", "", 8)
	pdf.Text(140, 20, "Robert Pruitt")
	pdf.Text(140, 24, "Lakeshore CPR")
	pdf.SetFont("Helvetica", "B", 16)
	pdf.Text(30, 40, "BLS Provider")
	pdf.SetFont("Times", "B", 24)
	pdf.Text(30, 60, "Keisha Washington")
	pdf.SetFont("Helvetica", "", 10)
	pdf.Text(30, 75, "Issue Date: 04/27/2026")
	pdf.Text(100, 75, "Renew By: 04/2028")
	var b strings.Builder
	if err := pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	pts, err := pdfdoc.Texts([]byte(b.String()), []int{1})
	if err != nil || len(pts) != 1 || len(pts[0].Layout.Words) == 0 {
		t.Fatalf("reading the rendered certificate: %v (%d pages)", err, len(pts))
	}
	return pts[0].Text, []pagetext.Page{pts[0].Layout}
}

// TestSalutationIsNoName: a letter's greeting names its addressee, and
// its "Dear" is no given name ("Dear Rosa Delgado," read as first name
// "Dear").
func TestSalutationIsNoName(t *testing.T) {
	c := catalog.MustLoad()
	for _, greeting := range []string{"Dear Rosa Delgado,", "Hello Rosa Delgado,", "Hi Rosa Delgado,"} {
		text := "Emergency Nurses Association\nTrauma Nursing Core Course (TNCC)\nNovember 3, 2026\n" + greeting + "\n" +
			"Congratulations on successfully completing the TNCC course on October 28, 2026.\n" +
			"Your TNCC verification is valid through October 31, 2030.\nSincerely,\nENA\n"
		res := Extract(c, "tncc", text, testAsOf)
		if res.Fields["first_name"] != "Rosa" || res.Fields["last_name"] != "Delgado" {
			t.Errorf("%q: first %#v, last %#v, want Rosa Delgado", greeting, res.Fields["first_name"], res.Fields["last_name"])
		}
	}
}

// TestNameEndsAtNextLabel: a name printed without a colon ends where the
// next field's label begins ("Name Maria Alvarez Job Title RN").
func TestNameEndsAtNextLabel(t *testing.T) {
	c := catalog.MustLoad()
	for _, l := range []string{"Name Maria Alvarez Job Title RN", "Name Maria Alvarez Occupation RN", "Name Maria Alvarez Shift Nights",
		"Name Maria Alvarez Tester Helen Park", "Name Maria Alvarez Supervisor Helen Park", "Name Maria Alvarez Facility St Mary",
		"Name Maria Alvarez Start Date 03/02/2026", "Name Maria Alvarez Work Area ICU"} {
		res := Extract(c, "fit_test", "Respirator Fit Test Form\n"+l+"\nRespirator: 3M 1860 N95\nTest date: 03/02/2026\nResult: [X] Pass [ ] Fail", testAsOf)
		if got := res.Fields["full_name"]; got != "Maria Alvarez" {
			t.Errorf("%q: full_name = %#v, want Maria Alvarez", l, got)
		}
	}
}

// TestRenewByIsNoPersonsCaption: a scanned eCard whose "NAME" caption OCR
// lost has its holder's name, printed largest, guessed as the holder's:
// the "RENEW BY" caption near it is a date's, not a person's like
// "Reviewed by", and does not make the holder someone else, leaving the
// instructor's name to the guess.
func TestRenewByIsNoPersonsCaption(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct{ caption, want string }{
		{"RENEW BY", "OLUWASEUN T. ADEBAYO-REYES"},
		{"Recertify by", "OLUWASEUN T. ADEBAYO-REYES"},
	} {
		text, pages := namesPage(
			namesLine{y: 20, size: 8, cells: []namesCell{{22, "American Heart Association", 0}}},
			namesLine{y: 32, size: 7.5, cells: []namesCell{{22, "ACLS Provider eCard", 0}}},
			namesLine{y: 46, size: 8, cells: []namesCell{{22, "OLUWASEUN T. ADEBAYO-REYES", 0}}},
			namesLine{y: 60, size: 4.5, cells: []namesCell{{110, tt.caption, 0}}},
			namesLine{y: 70, size: 7, cells: []namesCell{{22, "21-JAN-2026", 0}, {110, "JAN-2028", 0}}},
			namesLine{y: 92, size: 6.2, cells: []namesCell{{22, "Mesa Verde Cardiac Education Alliance", 0}}},
			namesLine{y: 113, size: 6, cells: []namesCell{{22, "63XW28KD9154", 0}, {140, "Harlan Whitcomb", 0}}},
		)
		res := Read(c, "acls", Document{Text: text, Pages: pages})
		if got := res.Fields["full_name"]; got != tt.want {
			t.Errorf("%s: full_name = %v, want %s", tt.caption, got, tt.want)
		}
	}
}
