package extract

import (
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestHealthResultsFailSafe: a lab result, a clearance or a background
// check is read as passing only when the page says so of the patient and
// nothing on it says otherwise: a legend, a reference range, a dash that
// hid "Non-", an analyte reported positive, a spoilt specimen, an answer
// "No" or "Pending" to a clearance, restrictions, a suspicious finding or
// an unfinished search leave the field uncertain or failing, never passing.
func TestHealthResultsFailSafe(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, typ, text, field string
		want                   any // the sure reading, nil for none
	}{
		// tb_blood_test
		{"igra row, result then reference", "tb_blood_test", "QuantiFERON-TB Gold Plus\nTest   Result   Reference\nQuantiFERON-TB Gold Plus   POSITIVE   Negative", "result", "positive"},
		{"igra reference range under the result", "tb_blood_test", "QuantiFERON-TB Gold Plus\nResult: Positive\nReference range: Negative", "result", "positive"},
		{"igra result beside a legend", "tb_blood_test", "QuantiFERON-TB Gold Plus\nTB1-Nil 0.62 IU/mL\nQFT Result: POSITIVE\nInterpretation: Negative: TB Response <0.35 IU/mL; Positive: >=0.35 IU/mL", "result", "positive"},
		{"igra legend only", "tb_blood_test", "T-SPOT.TB\nInterpretation:\nNegative: <=4 spots\nBorderline: 5-7 spots\nPositive: >=8 spots", "result", nil},
		{"igra NEG", "tb_blood_test", "QuantiFERON-TB Gold Plus\nFinal result: NEG", "result", "negative"},
		{"igra result under its label", "tb_blood_test", "QuantiFERON-TB Gold Plus\nFinal result:\nNEGATIVE", "result", "negative"},
		{"igra indeterminate", "tb_blood_test", "QuantiFERON-TB Gold Plus\nResult: Indeterminate (low mitogen response)", "result", "indeterminate"},
		{"igra not detected", "tb_blood_test", "QuantiFERON-TB Gold Plus\nResult: Not detected", "result", "negative"},
		{"igra non-negative", "tb_blood_test", "QuantiFERON-TB Gold Plus\nResult: Non-negative", "result", "positive"},
		{"igra non-negative with an en dash", "tb_blood_test", "QuantiFERON-TB Gold Plus\nResult: Non–negative", "result", nil},
		{"igra blank choices", "tb_blood_test", "QuantiFERON TB Gold Plus\nResult: Negative Positive Indeterminate", "result", nil},
		{"igra ticked", "tb_blood_test", "QuantiFERON-TB Gold Plus   [ ] Negative [X] Positive [ ] Indeterminate", "result", "positive"},
		{"igra boxes in an unknown symbol font", "tb_blood_test", "QuantiFERON-TB Gold Plus\nResult: Negative \uf0b1   Positive \uf0b2", "result", nil},
		{"drug boxes in an unknown symbol font", "drug_screen", "Urine drug screen\nResult: Negative \uf0b1   Positive \uf0b2", "result", nil},
		{"igra boxes in Wingdings, negative ticked", "tb_blood_test", "QuantiFERON-TB Gold Plus\nResult: \uf0fe Negative \uf0a8 Positive", "result", "negative"},
		{"skin test boxes in Wingdings, positive ticked", "tb_skin_test", "Tuberculin skin test\nResult: \uf0a8 Negative \uf0fe Positive", "result", "positive"},
		{"drug boxes in Wingdings after their words", "drug_screen", "Urine drug screen\nResult: Negative \uf0a8   Positive \uf0fe", "result", "positive"},
		{"igra sentence", "tb_blood_test", "IGRA report\nYour final result: NEGATIVE", "result", "negative"},
		{"igra footnote", "tb_blood_test", "QuantiFERON\nResult: Negative*\n*A negative result does not rule out infection; Positive results require follow up", "result", "negative"},

		{"igra negative beside a TB response", "tb_blood_test",
			"QuantiFERON-TB Gold Plus\nNil 0.05 IU/mL\nTB1 Antigen minus Nil   0.82   IU/mL   <0.35\nTB2 Antigen minus Nil   0.04   IU/mL\nResult: Negative", "result", nil},
		{"igra negative with low responses", "tb_blood_test",
			"QuantiFERON-TB Gold Plus\nNil 0.05 IU/mL\nTB1 Antigen minus Nil   0.02   IU/mL   <0.35\nTB2 Antigen minus Nil   0.04   IU/mL   <0.35\nMitogen minus Nil   >10.00   IU/mL\nResult: Negative", "result", "negative"},
		{"t-spot negative", "tb_blood_test",
			"T-SPOT.TB\nPanel A (ESAT-6) spot count   1   spots   <=4\nPanel B (CFP10) spot count   2   spots   <=4\nInterpretation: Negative", "result", "negative"},
		{"t-spot negative beside a panel of 9", "tb_blood_test",
			"T-SPOT.TB\nPanel A (ESAT-6) spot count   9   spots   <=4\nPanel B (CFP10) spot count   2   spots   <=4\nInterpretation: Negative", "result", nil},

		// drug_screen
		{"drug dilute alone", "drug_screen", "10 Panel Drug Screen\nResult: Dilute", "result", nil},
		{"drug negative dilute", "drug_screen", "10 Panel Drug Screen\nResult: NEG-DILUTE", "result", "negative"},
		{"drug adulterated specimen", "drug_screen", "10 Panel Drug Screen\nMRO Verified Result: Negative\nSpecimen: Adulterated", "result", nil},
		{"drug non-negative with an en dash", "drug_screen", "10 Panel Drug Screen\nResult: Non–Negative", "result", nil},
		{"drug refusal", "drug_screen", "10 Panel Drug Screen\nResult: Refusal to test", "result", nil},
		{"drug analyte non-negative", "drug_screen", "10 Panel Drug Screen\nAmphetamines NEGATIVE Cutoff 500 ng/mL\nCocaine NON-NEGATIVE", "result", "positive"},
		{"drug overall negative, an analyte positive", "drug_screen", "10 Panel Drug Screen\nOverall result: Negative\nMarijuana POSITIVE", "result", nil},
		{"drug pending", "drug_screen", "10 Panel Drug Screen\nResult: Pending MRO review", "result", nil},
		{"panel as codes on a custody form", "drug_screen", "Custody and Control Form\nDrug Tests to be Performed: [X] THC, COC, PCP, OPI, AMP  [ ] THC & COC Only  [ ] Other\nResult: Negative", "panel", "5-panel"},
		{"panel as its codes", "drug_screen", "Chain of custody form\nTests ordered: THC, COC, PCP, OPI, AMP\nResult: Negative", "panel", "5-panel"},
		{"drug negative", "drug_screen", "10 Panel Drug Screen\nAmphetamines NEGATIVE\nCocaine NEGATIVE\nFinal result: NEGATIVE", "result", "negative"},

		// physical_exam
		{"cleared for duty: no", "physical_exam", "Pre-employment physical\nCleared for duty: No", "cleared", false},
		{"medically cleared, No ticked", "physical_exam", "Pre-employment physical\nMedically cleared: [ ] Yes [X] No", "cleared", false},
		{"cleared with restrictions written out", "physical_exam", "Pre-employment physical\nCleared for duty\nRestrictions: No lifting over 20 lbs", "cleared", nil},
		{"clearance pending", "physical_exam", "Pre-employment physical\nClearance pending lab results", "cleared", nil},
		{"cleared for duty: pending", "physical_exam", "Pre-employment physical\nCleared for duty: Pending", "cleared", nil},
		{"not cleared", "physical_exam", "Pre-employment physical\nNot cleared at this time", "cleared", false},
		{"fit with accommodations", "physical_exam", "Pre-employment physical\nThe employee is fit for duty with accommodations", "cleared", false},
		{"fit for duty: yes", "physical_exam", "Pre-employment physical\nFit for duty: YES\nRestrictions: None", "cleared", true},
		{"cleared without restrictions ticked", "physical_exam", "Pre-employment physical\n[X] Cleared without restrictions [ ] Cleared with restrictions [ ] Not cleared", "cleared", true},
		{"cleared with restrictions ticked", "physical_exam", "Pre-employment physical\n[ ] Cleared without restrictions [X] Cleared with restrictions [ ] Not cleared", "cleared", false},
		{"ticked line of a list", "physical_exam", "Work status\nMedical determination:\n   X Medically qualified / cleared for full duty - no restrictions\n" +
			"      Qualified with restrictions (see below)\n      Not qualified - referred to personal physician\n   Work restrictions: None", "cleared", true},
		{"ticked line of a list, restricted", "physical_exam", "Work status\nMedical determination:\n      Medically qualified / cleared for full duty - no restrictions\n" +
			"   X  Qualified with restrictions (see below)\n      Not qualified - referred to personal physician\n   Work restrictions: no lifting over 25 lb", "cleared", false},
		{"restrictions none, clearance pending in a sentence", "physical_exam", "Pre-employment physical\nRestrictions: None\nFinal clearance pending chest x-ray.", "cleared", nil},
		{"approved for work", "physical_exam", "Pre-employment physical\nThe applicant is approved for full duty.", "cleared", true},
		{"may not begin work", "physical_exam", "Pre-employment physical\nThe applicant may not begin work until cleared by cardiology.", "cleared", false},
		{"does not meet requirements", "physical_exam", "Pre-employment physical\nDetermination: Does not meet the physical requirements of the position", "cleared", false},
		{"meets requirements", "physical_exam", "Pre-employment physical\nDetermination: Meets the physical requirements of the position", "cleared", true},
		{"cleared in a sentence", "physical_exam", "Pre-employment physical\nThe employee is medically cleared for full duty.", "cleared", true},

		// fit_test
		{"respirator series name", "fit_test", "Respirator Fit Test\nRespirator: 3M 1870+ Aura", "respirator_model", "3M 1870+ Aura"},
		{"respirator series in capitals", "fit_test", "Respirator Fit Test\nRespirator Model: Halyard 46727 FLUIDSHIELD", "respirator_model", "Halyard 46727 FLUIDSHIELD"},
		{"respirator size is no series", "fit_test", "Respirator Fit Test\nRespirator: Moldex 2200 N95 Size: M", "respirator_model", "Moldex 2200 N95"},
		{"respirator then a column", "fit_test", "Respirator Fit Test\nMake/Model: 3M 1860S   Test date: 01/02/2026", "respirator_model", "3M 1860S"},
		{"fit pass beside an overall fit factor under 100", "fit_test", "Respirator Fit Test\nOverall Fit Factor: 45\nResult: PASS", "result", nil},
		{"fit pass, one exercise low", "fit_test", "Respirator Fit Test\nNormal breathing fit factor: 85\nDeep breathing fit factor: 200\nOverall Fit Factor: 150\nResult: PASS", "result", "pass"},
		{"fit pass, legend", "fit_test", "Respirator Fit Test\nResult: PASS\nPass: fit factor >= 100", "result", "pass"},

		// tb_skin_test
		{"skin test negative beside 12 mm", "tb_skin_test", "Tuberculin skin test\nInduration: 12 mm\nResult: Negative", "result", nil},
		{"skin test positive beside 0 mm", "tb_skin_test", "Tuberculin skin test\nResult: Positive\nInduration: 0 mm", "result", "positive"},
		{"skin test legend, 0 mm", "tb_skin_test", "Tuberculin skin test\nInduration 0 mm\nInterpretation: Negative: <10 mm; Positive: >=10 mm", "result", "negative"},
		{"skin test legend, 15 mm", "tb_skin_test", "Tuberculin skin test\nInduration 15mm\nInterpretation: Negative: <10 mm; Positive: >=10 mm", "result", "positive"},
		{"skin test not read", "tb_skin_test", "Tuberculin skin test\nRead: not read / patient did not return", "result", nil},

		// chest_xray
		{"cxr negative impression, suspicious finding", "chest_xray", "Chest X-ray\nImpression: No acute disease. Right upper lobe nodule, suspicious for TB, recommend CT.", "result", nil},
		{"cxr history under its heading", "chest_xray", "CHEST X-RAY\nCLINICAL HISTORY:\nHealthcare worker, history of positive TST.\nCOMPARISON:\nNone.\nFINDINGS:\n" +
			"The lungs are clear without focal consolidation. No cavitary lesion.\nIMPRESSION:\nNormal chest. No evidence of active pulmonary tuberculosis.", "result", "negative"},
		{"cxr findings denied", "chest_xray", "Chest X-ray\nClinical indication: positive tuberculin skin test.\nFINDINGS: Lungs are clear without infiltrate, nodule or cavitation.\nIMPRESSION: No radiographic evidence of active pulmonary tuberculosis.", "result", "negative"},
		{"cxr letter, a normal film after a positive skin test", "chest_xray", "Northside Family Medicine\nRE: Ann Lee (DOB 01/30/1983)\n" +
			"Ms. Lee had a chest x-ray on 02/09/2026 as follow-up to a positive tuberculin skin test. The chest x-\nray was read as normal, with no evidence of active pulmonary tuberculosis.", "result", "negative"},
		{"cxr letter's film date", "chest_xray", "Northside Family Medicine\nRE: Ann Lee (DOB 01/30/1983)\n" +
			"Ms. Lee had a chest x-ray on 02/09/2026 as follow-up to a positive tuberculin skin test. The chest x-\nray was read as normal.", "exam_date", "2026-02-09"},
		{"cxr letter, a cavity", "chest_xray", "Dear Dr. Lee,\nMr. Ray had a chest x-ray on 03/01/2026, which showed a cavitary lesion in the right upper lobe.", "result", "positive"},
		{"cxr letter, the film normal and the CT not", "chest_xray", "Dear Dr. Lee,\nThe chest x-ray was normal; the chest x-ray of 2024 was abnormal.", "result", nil},
		{"cxr letter, two film dates", "chest_xray", "Dear Dr. Lee,\nHer chest x-ray on 03/01/2026 was normal. A chest x-ray taken on 04/11/2026 was normal.", "exam_date", nil},
		{"cxr form, no box ticked", "chest_xray", "Chest X-ray Clearance\nName: Ann Lee\nChest x-ray: [ ] Normal [ ] Abnormal", "result", nil},
		{"drug letter", "drug_screen", "Concentra\nRE: Ann Lee - pre-employment drug screen\nDear Ms. Lee,\nYour pre-employment urine drug screen, collected on September 14, 2026, was reviewed by the Medical Review Officer and\nreported as NEGATIVE. A copy of this letter has been sent to your employer.", "result", "negative"},
		{"drug letter, a retest", "drug_screen", "Dear Ms. Lee,\nYour drug screen of September 1 was reported as positive. Your drug test of September 14 was negative.", "result", nil},

		// background_check
		{"background clear but pending", "background_check", "Background Screening Report\nStatus: Clear - pending county records", "result", nil},
		{"background badge", "background_check", "Background Screening Report\nJane Doe\n✓ CLEAR\nReport completed 11/02/2026", "result", "clear"},
		{"background badges disagree", "background_check", "Background Screening Report\nJane Doe\nCLEAR\nCounty criminal search\nCONSIDER", "result", nil},
		{"drug badge", "drug_screen", "Urine Drug Screen 10-Panel\nDonor: Jane Doe\n[ NEGATIVE ]", "result", "negative"},
		{"background badge beside a fact", "background_check", "Keystone Screening Group · Consumer Report\nJane Doe\nCLEAR      Report completed 11/02/2026", "result", "clear"},
		{"background clear", "background_check", "Background Screening Report\nOverall Status: Clear", "result", "clear"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Extract(c, tt.typ, tt.text, testAsOf)
			if got := sureField(c, res, tt.field); got != tt.want {
				t.Fatalf("%s = %#v (conf %.2f), want %#v", tt.field, res.Fields[tt.field], res.Confidence[tt.field], tt.want)
			}
		})
	}
}

// TestIssuerByRole: the provider is the clinician the page names in a
// role (a provider, radiologist, reader or signer label, a signature
// line), else the facility a label names, else the letterhead's
// organisation; the lab or vendor is the organisation a label or the
// letterhead names; a site code or a heading is none.
func TestIssuerByRole(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, typ, text, field string
		want                   any
	}{
		{"the signing radiologist over the letterhead", "chest_xray",
			"PREMIER RADIOLOGY\n2346 Magnolia Ln, Pittsburgh, PA\nDIAGNOSTIC RADIOLOGY REPORT\nPATIENT: JACKSON-ALLEN, EBONY D\nIMPRESSION:\nNormal chest.\nElectronically signed by: Robert McAllister, MD, Radiologist",
			"provider", "Robert McAllister, MD"},
		{"the interpreting radiologist", "chest_xray",
			"Regional Imaging Center\nCHEST RADIOGRAPH\nFacility: Regional Imaging Center\nInterpreting Radiologist: Alan Hollis, MD\nIMPRESSION: No active disease.",
			"provider", "Alan Hollis, MD"},
		{"pharmacy letterhead, no clinician in a role", "tb_skin_test",
			"WALGREENS #5893\n3026 MEADOW BLVD\nTB SKIN TEST RESULT\nPATIENT:       CARLOS KOWALSKI\nINDURATION:    0 MM\nRESULT:        NEGATIVE",
			"provider", "WALGREENS #5893"},
		{"a labelled clinic, no clinician", "tb_skin_test",
			"TB Skin Test Record\nPatient: Taylor De Jesus\nClinic: WorkCare Occupational Health\nResult: Negative",
			"provider", "WorkCare Occupational Health"},
		{"the healthcare provider over the facility", "tb_skin_test",
			"County Health TB Clinic\nTB Skin Test Record\nFacility: County Health TB Clinic\nHealthcare Provider: Maya Lindqvist, RN\nResult: Negative",
			"provider", "Maya Lindqvist, RN"},
		{"a letter's signer", "tb_skin_test",
			"Dear Hiring Manager,\nJane Doe had a tuberculin skin test placed in our office on 03/02/2026 and read on 03/04/2026; it was negative (0 mm).\nSincerely,\nHelen Q. Park, MD",
			"provider", "Helen Q. Park, MD"},
		{"the clinician under a caption beside its label", "tb_skin_test",
			"TB Skin Test Record\nFacility: County Health TB Clinic\nHealthcare Provider (Print):\nMaya Lindqvist, RN\nResult: Negative",
			"provider", "Maya Lindqvist, RN"},
		{"a letter signed with credentials under the name", "physical_exam",
			"CareNow Urgent Care\nDear Hiring Manager,\nJane Doe was examined on 03/02/2026 and is cleared for full duty.\nSincerely,\nHelen Park\nMD, Medical Director",
			"provider", "Helen Park"},
		{"a letter signed Dr.", "physical_exam",
			"CareNow Urgent Care\nDear Hiring Manager,\nJane Doe was examined on 03/02/2026 and is cleared for full duty.\nSincerely,\nDr. Helen Park",
			"provider", "Dr. Helen Park"},
		{"an examiner's signature line", "physical_exam",
			"CareNow Urgent Care\nFitness for Duty Evaluation\nEmployee: PENA, IMANI\nX Medically qualified / cleared for full duty - no restrictions\nSandra McAllister, FNP-C - Examining Provider",
			"provider", "Sandra McAllister, FNP-C"},
		{"a clinician labelled by a qualified role over the letterhead", "tb_skin_test",
			"Westside Family Clinic\nTuberculin Skin Test Record\nPatient: Maria Alvarez\nExamining Provider: Helen Park, NP\nResult: Negative",
			"provider", "Helen Park, NP"},
		{"a professional's role label", "physical_exam",
			"CareNow Urgent Care\nPre-Placement Physical\nPatient: Maria Alvarez\nCleared for full duty\nLicensed Healthcare Professional: Helen Park, NP",
			"provider", "Helen Park, NP"},
		{"an ordering provider is not who gave the test", "tb_skin_test",
			"Westside Family Clinic\nTuberculin Skin Test Record\nPatient: Maria Alvarez\nReferring Physician: Alan Hollis, MD\nResult: Negative",
			"provider", "Westside Family Clinic"},
		{"the provider organisation, not the nurses who placed and read", "tb_skin_test",
			"Westside Family Clinic\nTuberculin Skin Test Record\nPatient: Maria Alvarez\nProvider Organization: County Health Department\nPlaced by: Linda Hollis, RN\nRead by: Karen Park, RN\nResult: Negative",
			"provider", "County Health Department"},
		{"a letterhead's city and state is no physician assistant's signature", "tb_skin_test",
			"MinuteClinic\nOccupational Health Services Philadelphia, PA\nMantoux Tuberculin Skin Test\nPatient: Samantha Bautista\n08/03/2026 0 Negative Alan Whitaker, RN\nClinic: MinuteClinic",
			"provider", "MinuteClinic"},
		{"the skin test's giver, its clinic's name over the record", "tb_skin_test",
			"TB Screening Record\nNorthgate Occupational Clinic\nPatient: Hannah Lindqvist\nDate Given: 08/17/2026\nGiven By: Joseph Amaro, LPN\nDate Read: 08/19/2026\nResult: Negative",
			"provider", "Joseph Amaro, LPN"},
		{"who placed and read the test", "tb_skin_test",
			"Employee Health Services\nRiverbend Medical Center\nEmployee: Chidinma Okafor\nInterpretation: Negative\nAdministered and read by: Renata Silva, RN",
			"provider", "Renata Silva, RN"},
		{"a provider's signature caption before the name", "physical_exam",
			"Westside Family Clinic\nPre-Placement Physical\nPatient: Maria Alvarez\nCleared for duty without restrictions\nProvider Signature: Helen Park, NP",
			"provider", "Helen Park, NP"},
		{"a provider's name caption over the letterhead", "chest_xray",
			"Westside Family Clinic\nChest X-Ray Report\nPatient: Maria Alvarez\nImpression: Negative\nProvider Name: Helen Park, NP",
			"provider", "Helen Park, NP"},
		{"a role standing for others", "tb_skin_test",
			"Westside Family Clinic\nTuberculin Skin Test Record\nPatient: Maria Alvarez\nResult: Negative\nPhysician/NP/PA: Helen Park, NP",
			"provider", "Helen Park, NP"},
		{"lab letterhead", "drug_screen",
			"Northside Toxicology Laboratory\nUrine Drug Screen, 10-Panel\nDonor: Jane Doe\nFinal result: NEGATIVE",
			"lab", "Northside Toxicology Laboratory"},
		{"a lab column's site code is no lab", "tb_blood_test",
			"QuantiFERON-TB Gold Plus\nResult: Negative\nLab: 01",
			"lab", nil},
		{"a test's title is no lab", "drug_screen",
			"Patient Report\nLab: Toxicology · Urine Drug Screen, 10-Panel\nFinal result: NEGATIVE",
			"lab", nil},
		{"the labelled test laboratory over the collection site", "drug_screen",
			"Federal Drug Testing Custody and Control Form\nCollection Site: Main Street Clinic\nTest Laboratory: Quantum Toxicology Laboratories\nResult: Negative",
			"lab", "Quantum Toxicology Laboratories"},
		{"the organisation over its department", "tb_blood_test",
			"Mercy General Hospital\nDepartment of Pathology and Laboratory Medicine\nQuantiFERON-TB Gold Plus\nResult: Negative",
			"lab", "Mercy General Hospital"},
		{"a site code and an address around the lab", "tb_blood_test",
			"QuantiFERON-TB Gold Plus\nResult: Negative\nPerforming Site: 01 Northern Reference Laboratory, 3300 Main St, Dayton OH",
			"lab", "Northern Reference Laboratory"},
		{"a lab's city and state after a comma", "drug_screen",
			"Occupational Drug Test Report\nPerforming lab: Redwood Analytical Labs, Sacramento CA\nFinal Result: NEGATIVE",
			"lab", "Redwood Analytical Labs"},
		{"a letterhead's city and state after a separator OCR misread", "drug_screen",
			"Urine Drug Screen - 5 Panel\nMidland Reference Toxicology - Omaha, Nebraska\nDonor name: Grace Achterberg\nOverall result: NEGATIVE",
			"lab", "Midland Reference Toxicology"},
		{"the lab that tested the specimen, under an MRO's letterhead", "drug_screen",
			"Medical Review Officer Verification\nHarborview Occupational Health MRO Services\nSpecimen tested by: Meridian Toxicology Laboratory, Louisville KY\nDonor Name: Priya Raman\nMRO Verified Result: NEGATIVE",
			"lab", "Meridian Toxicology Laboratory"},
		{"a lab's name holding a place is kept whole", "drug_screen",
			"Urine Drug Screen\nPacific Toxicology Laboratories, Chatsworth\nDonor name: Grace Achterberg\nOverall result: NEGATIVE",
			"lab", "Pacific Toxicology Laboratories, Chatsworth"},
		{"a director is no lab", "tb_blood_test",
			"QuantiFERON-TB Gold Plus\nResult: Negative\nLab Director: Brian Greer, MD",
			"lab", nil},
		{"a laboratory's long name over its department", "tb_blood_test",
			"St. Mary's Regional Medical Center Clinical Laboratory\nDepartment of Pathology and Laboratory Medicine\nQuantiFERON-TB Gold Plus\nResult: Negative",
			"lab", "St. Mary's Regional Medical Center Clinical Laboratory"},
		{"a sentence over the title is no lab", "tb_blood_test",
			"Results of the blood test are sent to the laboratory named below\nQuantiFERON-TB Gold Plus\nResult: Negative",
			"lab", nil},
		{"a letterhead under a status line", "tb_blood_test",
			"FINAL REPORT\nNorthside Hospital Laboratory\nDepartment of Pathology and Laboratory Medicine\nQuantiFERON-TB Gold Plus\nResult: Negative",
			"lab", "Northside Hospital Laboratory"},
		{"vendor letterhead with Inc.", "background_check",
			"Keystone Screening, Inc.\nDear Jane Doe,\nYour background check is complete. Status: Clear",
			"vendor", "Keystone Screening, Inc."},
		{"vendor letterhead with a suffix", "background_check",
			"Keystone Screening Group · Consumer Report\nJane Doe\nCLEAR      Report completed 11/02/2026",
			"vendor", "Keystone Screening Group"},
		{"a contact line is no vendor", "background_check",
			"Client Services · (800) 555-0199\nBackground Report\nCandidate: Jane Doe\nStatus: Clear",
			"vendor", nil},
		{"vendor letterhead", "background_check",
			"Keystone Background Screening, LLC\nBackground Check Report\nCandidate: Jane Doe\nOverall Status: Clear",
			"vendor", "Keystone Background Screening, LLC"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Extract(c, tt.typ, tt.text, testAsOf)
			if got := sureField(c, res, tt.field); got != tt.want {
				t.Fatalf("%s = %#v (conf %.2f), want %#v", tt.field, res.Fields[tt.field], res.Confidence[tt.field], tt.want)
			}
		})
	}
}

// TestProseDates: dates letters give in sentences, never the birth date.
func TestProseDates(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, typ, text, field string
		want                   any
	}{
		{"placed in our office", "tb_skin_test", "Dear Hiring Manager,\nJane Doe (date of birth 04/12/1990) had a tuberculin skin test placed in our office on March 2, 2026. The test was read on\nMarch 4, 2026 and measured 0 mm.",
			"administered_date", "2026-03-02"},
		{"received in our office", "tb_skin_test", "To whom it may concern:\nJane Doe received a tuberculin skin test (Tubersol 5 TU, 0.1 mL intradermal) in our office on April 2, 2026. It was read on April 4, 2026.",
			"administered_date", "2026-04-02"},
		{"read on, over a line end", "tb_skin_test", "Dear Hiring Manager,\nJane Doe had a tuberculin skin test placed in our office on March 2, 2026. The test was read on March 4,\n2026 and measured 0 mm.",
			"read_date", "2026-03-04"},
		{"examination of", "physical_exam", "To whom it may concern:\nI performed a pre-placement examination of Jane Doe on 27-APR-2026. She is cleared for full duty.",
			"exam_date", "2026-04-27"},
		{"a dictated report's study performed", "chest_xray", "RADIOLOGY REPORT\nPATIENT: MWANGI, EVANDER\nEXAMINATION: PA and lateral views of the chest performed August 4, 2026.\nIMPRESSION: Normal chest.\nDictated and electronically signed by L. Farrow, MD, 08/05/2026.",
			"exam_date", "2026-08-04"},
		{"a comparison film's date is not the exam's", "chest_xray", "RADIOLOGY REPORT\nPATIENT: MWANGI, EVANDER\nCOMPARISON: PA and lateral chest performed 03/01/2024.\nIMPRESSION: Normal chest.",
			"exam_date", nil},
		{"another test's date is not the film's", "chest_xray", "RADIOLOGY REPORT\nPATIENT: MWANGI, EVANDER\nHISTORY: chest pain, PPD skin test performed 03/01/2026 was positive.\nIMPRESSION: Normal chest.",
			"exam_date", nil},
		{"an exam date that is the birth date", "physical_exam", "Physical Examination\nDate of Birth: 04/12/1990\nExam Date:\n04/12/1990",
			"exam_date", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Extract(c, tt.typ, tt.text, testAsOf)
			if got := sureField(c, res, tt.field); got != tt.want {
				t.Fatalf("%s = %#v (conf %.2f), want %#v", tt.field, res.Fields[tt.field], res.Confidence[tt.field], tt.want)
			}
		})
	}
}

// TestUnsureBoxes: a negative ticked in boxes OCR was unsure of is no
// negative; read surely it is.
func TestUnsureBoxes(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		conf float64
		want any
	}{{93, "negative"}, {50, nil}} {
		p := ocrPage(ocrWords(ocrRow(0, 0, 40, 60, "Tuberculin Skin Test Record", 95),
			ocrRow(1, 0, 40, 90, "Result:", 95), ocrRow(1, 0, 120, 90, "[X] Negative [ ] Positive", tt.conf))...)
		res := Read(c, "tb_skin_test", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		if got := sureField(c, res, "result"); got != tt.want {
			t.Errorf("boxes read at %v: result = %#v (conf %.2f), want %#v", tt.conf, res.Fields["result"], res.Confidence["result"], tt.want)
		}
	}
}

// TestScanGuard: on a scan a passing result guessed from a reading is no
// pass; on a text layer the same guess stands, and a failing one stands
// on both.
func TestScanGuard(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name       string
		conf       float64
		induration string
		want       any
	}{
		{"text layer, 0 mm", 100, "0 mm", "negative"},
		{"scan, 0 mm", 95, "0 mm", nil},
		{"scan, 15 mm", 95, "15 mm", "positive"},
	} {
		p := ocrPage(ocrWords(ocrRow(0, 0, 40, 60, "Tuberculin Skin Test Record", tt.conf),
			ocrRow(1, 0, 40, 90, "Induration:", tt.conf), ocrRow(1, 0, 120, 90, tt.induration, tt.conf))...)
		res := Read(c, "tb_skin_test", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		if got := sureField(c, res, "result"); got != tt.want {
			t.Errorf("%s: result = %#v (conf %.2f), want %#v", tt.name, res.Fields["result"], res.Confidence["result"], tt.want)
		}
	}
}

// TestScanGuardDates: on a scan a test's date read from words OCR was
// unsure of is reported uncertain; read surely it stands.
func TestScanGuardDates(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		conf float64
		want any
	}{{95, "2026-03-01"}, {40, nil}} {
		p := ocrPage(ocrWords(ocrRow(0, 0, 40, 60, "QuantiFERON-TB Gold Plus", 95),
			ocrRow(1, 0, 40, 90, "Collection Date:", 95), ocrRow(1, 0, 160, 90, "03/01/2026", tt.conf))...)
		res := Read(c, "tb_blood_test", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		if got := sureField(c, res, "collection_date"); got != tt.want {
			t.Errorf("date read at %v: collection_date = %#v (conf %.2f), want %#v", tt.conf, res.Fields["collection_date"], res.Confidence["collection_date"], tt.want)
		}
	}
}

// TestBadgeInItsCell: a status badge on the holder's line, in its own
// cell of the layout, though the text joins the cells with one space.
func TestBadgeInItsCell(t *testing.T) {
	c := catalog.MustLoad()
	page := textPage(
		[]cellAt{{40, "Keystone Screening Group"}},
		[]cellAt{{40, "JANE DOE"}, {220, "CLEAR"}, {360, "Report completed 11/02/2026"}},
		[]cellAt{{40, "County criminal search"}, {360, "Clear"}},
	)
	res := Read(c, "background_check", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
	if got := sureField(c, res, "result"); got != "clear" {
		t.Fatalf("result = %#v (conf %.2f)\n%s", res.Fields["result"], res.Confidence["result"], page.Text())
	}
}

// TestSkinTestRow: a skin test's table row whose headings were lost
// gives the placement and the reading two to four days apart, the
// reading in millimetres with or without its unit, and the answer.
func TestSkinTestRow(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		row  string
		want map[string]any
	}{
		{"PPD (Mantoux) 2026-07-16 2026-07-19 0 mm Negative | Alan Delgado, RN",
			map[string]any{"administered_date": "2026-07-16", "read_date": "2026-07-19", "induration_mm": 0, "result": "negative"}},
		{"PPD (Mantoux) 2026-07-16 2026-07-19 0 Negative | Alan Delgado, RN",
			map[string]any{"administered_date": "2026-07-16", "read_date": "2026-07-19", "induration_mm": 0, "result": "negative"}},
		{"PPD (Mantoux) 2026-07-16 2026-07-19 14 Positive | Alan Delgado, RN",
			map[string]any{"administered_date": "2026-07-16", "read_date": "2026-07-19", "induration_mm": 14, "result": "positive"}},
		// Dates a week apart are no placement and reading.
		{"PPD (Mantoux) 2026-07-10 2026-07-19 0 Negative",
			map[string]any{"administered_date": nil, "read_date": nil}},
	} {
		text := "Employee Health Record\nTuberculosis Screening Result\nPatient: Pham, Amanda M.\nDOB: 1999-07-20\n" + tt.row
		res := Extract(c, "tb_skin_test", text, testAsOf)
		for k, w := range tt.want {
			if got := sureField(c, res, k); got != w {
				t.Errorf("%q: %s = %#v (conf %.2f), want %#v", tt.row, k, res.Fields[k], res.Confidence[k], w)
			}
		}
	}
}

// TestBirthLikeEventDate: an exam date read from a date of birth's
// column (decades before the day judged on) is uncertain, not too old.
func TestBirthLikeEventDate(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		exam string
		want any
	}{{"03/02/1988", nil}, {"03/02/2026", "2026-03-02"}, {"03/02/2024", "2024-03-02"}} {
		text := "Pre-placement Physical Examination\nName: Jane Doe\nExam Date: " + tt.exam + "\nCleared for full duty"
		res := Extract(c, "physical_exam", text, testAsOf)
		if got := sureField(c, res, "exam_date"); got != tt.want {
			t.Errorf("exam date %s: exam_date %v (conf %.2f), want %v", tt.exam, res.Fields["exam_date"], res.Confidence["exam_date"], tt.want)
		}
		if _, ok := res.Fields["exam_date"]; !ok {
			t.Errorf("exam date %s: left out, want it reported", tt.exam)
		}
	}
}

// TestRestrictionsNamingNone: a restrictions field that names none clears
// the candidate; one that names a restriction does not.
func TestRestrictionsNamingNone(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		restrictions string
		cleared      bool
	}{
		{"None", true}, {"No restrictions", true}, {"No work restrictions", true}, {"No limitations noted", true},
		{"N/A", true}, {"No heavy lifting", false}, {"No lifting over 50 lbs", false}, {"Light duty only", false},
	}
	for _, tt := range tests {
		text := "Pre-Employment Physical Examination\nPatient Name: Maria Alvarez\nExam Date: 03/02/2026\nRestrictions: " + tt.restrictions + "\n"
		got := Extract(c, "physical_exam", text, testAsOf)
		if got.Fields["cleared"] != tt.cleared {
			t.Errorf("Restrictions: %s: cleared = %#v, want %v", tt.restrictions, got.Fields["cleared"], tt.cleared)
		}
	}
}

// TestScanGuardPastExpiry: on a scan an expiry read unsurely is doubted
// where it would pass its document, not where it fails it.
func TestScanGuardPastExpiry(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		typ, expiry string
		doubted     bool
	}{
		{"nursing_license", "03/31/2028", true},
		{"nursing_license", "03/31/2020", false},
		{"drivers_license", "03/31/2028", true},
		{"bls", "03/31/2020", false},
	} {
		page := ocrPage(ocrWords(ocrRow(0, 1, 40, 60, "Registered Nurse License", 95), ocrRow(1, 2, 40, 80, "Name: Maria Alvarez", 95),
			ocrRow(2, 3, 40, 100, "Expiration Date: "+tt.expiry, 55))...)
		got := Read(c, tt.typ, Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
		conf, ok := got.Confidence["expiration_date"]
		if !ok {
			t.Errorf("%s %s: expiry not read (%v)", tt.typ, tt.expiry, got.Fields)
			continue
		}
		if doubted := conf <= confUnsureResult; doubted != tt.doubted {
			t.Errorf("%s %s: confidence %v, doubted %v, want %v", tt.typ, tt.expiry, conf, doubted, tt.doubted)
		}
	}
}

// TestPageInduration: a reading in millimetres no label gave is read from
// the page, but never a legend's, a range's or a needle's.
func TestPageInduration(t *testing.T) {
	c := catalog.MustLoad()
	head := "Tuberculin Skin Test Record\nPatient Name: Maria Alvarez\n"
	tests := []struct {
		body string
		want any
	}{
		{"Antigen    Date Placed    Date Read    Reading    Result\nTubersol    03/02/2026    03/04/2026    0mm    Negative\n", 0},
		{"PPD    03/02/2026    03/04/2026    12 mm    Positive\n", 12},
		{"Interpretation: 0-4 mm negative\n", nil},
		{"Scale: 0-4 mm negative; 5-9 mm intermediate; 10 mm or more positive\n", nil},
		{"Readings of 10 mm or more are positive for health care workers.\n", nil},
		{"Needle 27 gauge, 12.7 mm\n", nil},
	}
	for _, tt := range tests {
		got := Extract(c, "tb_skin_test", head+tt.body, testAsOf)
		if v, ok := got.Fields["induration_mm"]; tt.want == nil && ok || tt.want != nil && v != tt.want {
			t.Errorf("%q: induration_mm = %#v, want %#v", tt.body, v, tt.want)
		}
	}
}

// TestDrugRowDate: a summary table's row naming the drug test gives its
// collection date where no label did; a row of two dates does not.
func TestDrugRowDate(t *testing.T) {
	c := catalog.MustLoad()
	head := "Drug Test Result Summary\nCandidate: Maria Alvarez\nDate of Birth: 1976-01-05\n"
	tests := []struct {
		body string
		want any
	}{
		{"Urine drug screen | 2026-10-29 | 10-panel | Clinical Reference Laboratory | Negative\n", "2026-10-29"},
		{"10-panel urine    10/29/2026    Quest Diagnostics    NEGATIVE\n", "2026-10-29"},
		{"Urine drug screen | 2026-10-29 | 2026-10-31 | Negative\n", nil},
		{"Urine drug screen | 1976-01-05 | 10-panel | Negative\n", nil},
		// A row OCR left with one bar between its cells.
		{"Urine drug screen | 2026-11-10 _10-PANEL\n", "2026-11-10"},
	}
	for _, tt := range tests {
		got := Extract(c, "drug_screen", head+tt.body, testAsOf)
		if v, ok := got.Fields["collection_date"]; tt.want == nil && ok || tt.want != nil && v != tt.want {
			t.Errorf("%q: collection_date = %#v, want %#v", tt.body, v, tt.want)
		}
	}
}

// TestBackgroundOverall: a background report's "Overall:" line gives its
// result.
func TestBackgroundOverall(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct{ line, want string }{{"Overall: Clear", "clear"}, {"Overall: CONSIDER", "consider"}} {
		text := "First Advantage\nBackground Check Results\nName: Maria Alvarez\nReport Status: Complete    Completed Date: 2026-03-02\n" + tt.line + "\n"
		if got := Extract(c, "background_check", text, testAsOf); got.Fields["result"] != tt.want {
			t.Errorf("%q: result = %#v, want %q", tt.line, got.Fields["result"], tt.want)
		}
	}
}

// TestResultKinLabels: a test's result labelled by a kind of report
// ("Test Result", "Qualitative Result", "Overall Result") is read on any
// test's page; another type's label of that wording once shadowed the
// bare "Result" and left it unread.
func TestResultKinLabels(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct{ typ, text, want string }{
		{"tb_blood_test", "T-SPOT.TB Report\nPatient: Maria Alvarez\nTest result: Positive", "positive"},
		{"tb_blood_test", "QuantiFERON-TB Gold Plus\nPatient: Maria Alvarez\nQualitative Result: NEGATIVE", "negative"},
		{"tb_skin_test", "Tuberculin Skin Test\nPatient: Maria Alvarez\nInduration: 12 mm\nOverall Result: Positive", "positive"},
		{"chest_xray", "Chest X-Ray\nPatient: Maria Alvarez\nTest Result: Negative for active TB", "negative"},
	} {
		res := Extract(c, tt.typ, tt.text, testAsOf)
		if got := sureField(c, res, "result"); got != tt.want {
			t.Errorf("%s %q: result = %#v (conf %.2f), want %q", tt.typ, tt.text, res.Fields["result"], res.Confidence["result"], tt.want)
		}
	}
}

// TestTickedPanel: of panels a custody form offers beside check boxes,
// the one ticked (boxes printed or as OCR reads them); where no one box
// is ticked alone, the panel is too unsure to report.
func TestTickedPanel(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		line string
		want any
	}{
		{"Test requested: [ ] 5-panel  [X] 10-panel  [ ] 12-panel", "10-panel"},
		{"Panel: ( ) 5 Panel (X) 10 Panel ( ) 9 Panel", "10-panel"},
		{"(_] 5-panel  {X) 10-panel  C] 12-panel", "10-panel"},
		{"[e] 5-panel  [X] 10-panel", nil},
		{"[X] 5-panel  [X] 10-panel", nil},
		{"Tests: 9-panel urine (no THC)", "9-panel"},
	} {
		res := Extract(c, "drug_screen", "FEDERAL DRUG TESTING CUSTODY AND CONTROL FORM\nDonor: Maria Alvarez\nCollection Date: 03/02/2026\n"+tt.line+"\nResult: Negative", testAsOf)
		if got := sureField(c, res, "panel"); got != tt.want {
			t.Errorf("%q: panel = %#v (conf %.2f), want %#v", tt.line, res.Fields["panel"], res.Confidence["panel"], tt.want)
		}
	}
}

// TestIGRAMeasurementsDecide: a text report whose measurements meet the
// test's positive criteria is positive, whatever a legend's or a
// reference's "negative" says; measurements under them leave the read
// result alone.
func TestIGRAMeasurementsDecide(t *testing.T) {
	c := catalog.MustLoad()
	head := "QuantiFERON-TB Gold Plus Report\nPatient: Maria Alvarez\nCollected: 03/02/2026\n"
	legend := "Result interpretation: Negative: TB Antigen minus Nil < 0.35 IU/mL; Positive: >= 0.35 IU/mL\n"
	for _, tt := range []struct{ body, want string }{
		{"Nil 0.05 IU/mL\nTB1 minus Nil 0.82 IU/mL\nTB2 minus Nil 0.91 IU/mL\n" + legend, "positive"},
		{"Nil 0.05 IU/mL\nTB1 minus Nil 0.02 IU/mL\nTB2 minus Nil 0.04 IU/mL\n" + legend + "Result: NEGATIVE\n", "negative"},
		{"Panel A (ESAT-6) 12 spots\nPanel B (CFP10) 9 spots\n", "positive"},
	} {
		res := Extract(c, "tb_blood_test", head+tt.body, testAsOf)
		if got := sureField(c, res, "result"); got != tt.want {
			t.Errorf("%q: result = %#v (conf %.2f), want %q", tt.body, res.Fields["result"], res.Confidence["result"], tt.want)
		}
	}
}

// TestIGRAResultColumn: a lab report in columns gives its result in the
// test's row, whatever else the page prints: a legend under a result's
// label ("Result Interpretation" over "Negative: TB Ag minus Nil < 0.35")
// defines an answer and gives none; a reference-range column's
// "Negative" is what the result is compared with; a report printing each
// tube's own value is judged by the manufacturer's criteria.
func TestIGRAResultColumn(t *testing.T) {
	c := catalog.MustLoad()
	head := [][]cellAt{{{50, "Summit Clinical Laboratories"}}, {{50, "Patient: Maria Alvarez"}, {300, "DOB: 04/12/1988"}},
		{{50, "Collected: 03/02/2026"}, {300, "Reported: 03/04/2026"}}}
	for _, tt := range []struct {
		name string
		body [][]cellAt
		want string
	}{
		{"a legend under a result's label", [][]cellAt{
			{{50, "TESTS"}, {250, "RESULT"}, {320, "FLAG"}, {380, "UNITS"}, {450, "REFERENCE INTERVAL"}},
			{{50, "M tuberculosis Interferon Gamma Assay"}},
			{{60, "Interpretation"}, {250, "Positive"}, {320, "Abnormal"}, {450, "Negative"}},
			{{50, "Result Interpretation"}},
			{{50, "Negative: TB Ag minus Nil < 0.35 IU/mL"}},
			{{50, "Positive: TB Ag minus Nil >= 0.35 IU/mL"}}}, "positive"},
		{"the same, negative", [][]cellAt{
			{{50, "TESTS"}, {250, "RESULT"}, {320, "FLAG"}, {380, "UNITS"}, {450, "REFERENCE INTERVAL"}},
			{{50, "M tuberculosis Interferon Gamma Assay"}},
			{{60, "Interpretation"}, {250, "Negative"}, {450, "Negative"}},
			{{50, "Result Interpretation"}},
			{{50, "Negative: TB Ag minus Nil < 0.35 IU/mL"}},
			{{50, "Positive: TB Ag minus Nil >= 0.35 IU/mL"}}}, "negative"},
		{"a reference column beside an unnamed test's row", [][]cellAt{
			{{50, "Component"}, {250, "Your Value"}, {380, "Standard Range"}},
			{{50, "M. tuberculosis IFN-gamma"}, {250, "Positive"}, {380, "Negative"}}}, "positive"},
	} {
		text, pages := laidOut(append(append([][]cellAt{}, head...), tt.body...))
		res := Read(c, "tb_blood_test", Document{Text: text, Pages: pages, AsOf: testAsOf})
		if got := sureField(c, res, "result"); got != tt.want {
			t.Errorf("%s: result = %#v (conf %.2f), want %q", tt.name, res.Fields["result"], res.Confidence["result"], tt.want)
		}
	}
	// Each tube's own value: TB1 less nil is 1.23, positive; and the
	// same with antigen tubes at nil's level, whose stated negative
	// stands.
	raw := "QuantiFERON-TB Gold Plus\nPatient: Maria Alvarez\nCollected: 03/02/2026\nQuantiFERON Nil Value 0.05 IU/mL\nQuantiFERON TB1 Ag Value 1.28 IU/mL\nQuantiFERON TB2 Ag Value 0.90 IU/mL\nQuantiFERON Mitogen Value >10.00 IU/mL\n"
	if got := sureField(c, Extract(c, "tb_blood_test", raw, testAsOf), "result"); got != "positive" {
		t.Errorf("raw tube values over nil: result = %#v, want positive", got)
	}
	low := strings.ReplaceAll(strings.ReplaceAll(raw, "1.28", "0.07"), "0.90", "0.06") + "Result: NEGATIVE\n"
	if got := sureField(c, Extract(c, "tb_blood_test", low, testAsOf), "result"); got != "negative" {
		t.Errorf("raw tube values at nil: result = %#v, want negative", got)
	}
}

// laidOut is a text layer's page of rows of cells (see textPage) and its
// text, a row to a line.
func laidOut(rows [][]cellAt) (string, []pagetext.Page) {
	var lines []string
	for _, r := range rows {
		var parts []string
		for _, c := range r {
			parts = append(parts, strings.Join(strings.Fields(c.text), " "))
		}
		lines = append(lines, strings.Join(parts, " "))
	}
	return strings.Join(lines, "\n"), []pagetext.Page{textPage(rows...)}
}

// TestSkinTestGuideSentence: a guide's sentence stating a cut-off and the
// answer it earns ("5 mm or more may be positive for high-risk persons")
// is no patient's result, under an "Interpretation" caption or not.
func TestSkinTestGuideSentence(t *testing.T) {
	c := catalog.MustLoad()
	head := "Tuberculin Skin Test (Mantoux) Record\nName: Okonkwo, Chidi E.    Date of Birth: 05/28/1986\n"
	for _, tt := range []struct {
		body string
		want any
	}{
		{"Interpretation: 5 mm or more may be positive for high-risk persons; 10 mm or more for health care workers.\n", nil},
		{"Note: 10 mm or greater should be read as positive for health care workers.\n", nil},
		{"Result: Negative\nInterpretation: 5 mm or more may be positive for high-risk persons.\n", "negative"},
		{"Result: Positive\nInterpretation: 5 mm or more may be positive for high-risk persons.\n", "positive"},
	} {
		got := Extract(c, "tb_skin_test", head+tt.body, testAsOf)
		v, ok := got.Fields["result"]
		sure := ok && got.Confidence["result"] >= c.ConfidenceThreshold("result")
		if tt.want == nil && sure || tt.want != nil && (!sure || v != tt.want) {
			t.Errorf("%q: result = %#v (%.2f), want %#v", tt.body, v, got.Confidence["result"], tt.want)
		}
	}
}

// TestDrugScreenScanLines: lines a scanned drug screen's OCR leaves. An
// MRO's cancelled box left empty is no cancelled test; one ticked, or a
// cancellation stated, still doubts the negative. A drug's row left alone
// where OCR lost its table is never the donor's name.
func TestDrugScreenScanLines(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		text, field string
		want        any
	}{
		{"MRO Verified Drug Test Result\nDonor: Maria Alvarez\nVerified result\n[X] Negative [ ] Dilute | { } Cancelled", "result", "negative"},
		{"MRO Verified Drug Test Result\nDonor: Maria Alvarez\nVerified result\n[X] Negative [ ] Dilute\nCancelled [ ]", "result", "negative"},
		{"MRO Verified Drug Test Result\nDonor: Maria Alvarez\nVerified result\n[X] Negative [ ] Dilute [X] Cancelled", "result", nil},
		{"MRO Verified Drug Test Result\nDonor: Maria Alvarez\nVerified result\n[X] Negative\nTest cancelled: fatal flaw", "result", nil},
		{"Occupational Drug Test Report\nPerforming lab: Redwood Analytical Labs\nMarijuana Metabolites\nFinal Result: NEGATIVE", "full_name", nil},
		{"Toxicology Report - 9 Panel Urine Drug Screen\nPatient Name: Maria Alvarez\n300 ng/mL\nInterpretation: NEGATIVE\nSpecimen validity: within range", "result", "negative"},
		{"Toxicology Report - 9 Panel Urine Drug Screen\nPatient Name: Maria Alvarez\nInterpretation: Negative. No drugs detected at or above the cutoff levels.", "result", "negative"},
		{"Toxicology Report - 9 Panel Urine Drug Screen\nPatient Name: Maria Alvarez\nInterpretation: Negative = below the cutoff; Positive = at or above the cutoff", "result", nil},
		{"Toxicology Report - 9 Panel Urine Drug Screen\nPatient Name: Maria Alvarez\nInterpretation: Positive for amphetamines", "result", "positive"},
		{"Occupational Drug Test Report\nDonor Name: Maria Alvarez\nMarijuana Metabolites NEGATIVE\nFinal Result: NEGATIVE", "full_name", "Maria Alvarez"},
	} {
		res := Extract(c, "drug_screen", tt.text, testAsOf)
		if got := sureField(c, res, tt.field); got != tt.want {
			t.Errorf("%q: %s = %#v (conf %.2f), want %#v", tt.text, tt.field, res.Fields[tt.field], res.Confidence[tt.field], tt.want)
		}
	}
}

// TestTestingNetworkLab: an occupational-health network that reports a
// drug screen under its own name is the lab where no laboratory is named;
// where one is, the network is only the collection site.
func TestTestingNetworkLab(t *testing.T) {
	c := catalog.MustLoad()
	head := "Drug Screen Result Report\nDonor Name: Maria Alvarez\nCollection Date: 10/06/2026\nOverall Result: NEGATIVE\n"
	tests := []struct {
		top, tail string
		want      any
	}{
		{"Concentra\n", "", "Concentra"},
		{"eScreen\n", "", "eScreen"},
		{"Concentra\n", "Tested by Quest Diagnostics\n", "Quest Diagnostics"},
		{"Concentra Medical Centers\n", "Performing Laboratory: Omega Laboratories\n", "Omega Laboratories"},
	}
	for _, tt := range tests {
		got := Extract(c, "drug_screen", tt.top+head+tt.tail, testAsOf)
		if v := got.Fields["lab"]; v != tt.want {
			t.Errorf("%q: lab = %#v, want %#v", tt.top+tt.tail, v, tt.want)
		}
	}
}

// TestUnitBesideReading: the unit alone heads a column of readings; beside
// a value on a form's line ("mm: 8", a hand OCR may misread) it is no
// heading, and no reading is taken by it.
func TestUnitBesideReading(t *testing.T) {
	c := catalog.MustLoad()
	head := "TB Screening - Tuberculin Skin Test\nName: Eamon Kilbride\nDate given: 07/06/2026\nDate read: 07/08/2026\n"
	tests := []struct {
		body string
		want any
	}{
		{"mm: 8\nResult: Neg\n", nil},
		{"Nurse: S. Patel LPN  mm 3\n", nil},
	}
	for _, tt := range tests {
		got := Extract(c, "tb_skin_test", head+tt.body, testAsOf)
		if v, ok := got.Fields["induration_mm"]; tt.want == nil && ok || tt.want != nil && v != tt.want {
			t.Errorf("%q: induration_mm = %#v (%.2f), want %#v", tt.body, v, got.Confidence["induration_mm"], tt.want)
		}
	}
}
