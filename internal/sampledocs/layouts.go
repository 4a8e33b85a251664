package sampledocs

// layouts is the table of the document types drawn in their own shapes:
// how each draws its truth and the layouts it comes in. A catalog type
// missing here is drawn by genericSpec; a type the catalog does not know
// stops the package from initialising (see knownSpecs).
func layouts() map[string]*typeSpec {
	return withMoreLayouts(map[string]*typeSpec{
		// Life-support cards.
		"bls":  lifeSupportSpec("bls"),
		"acls": lifeSupportSpec("acls"),
		"pals": lifeSupportSpec("pals"),
		"nrp": {fill: fillNRP, variants: []variant{
			{name: "aap_ecard", pages: [2]int{1, 1}, names: namesCard, meta: metaEcardLike, render: renderNRPeCard},
			{name: "hospital_certificate", pages: [2]int{1, 1}, names: namesNatural, meta: metaOffice, render: renderNRPCertificate},
		}},
		"tncc": {fill: fillTNCC, variants: []variant{
			{name: "ena_card", pages: [2]int{1, 1}, names: namesCard, meta: metaIText, render: renderTNCCCard},
			{name: "ena_certificate", pages: [2]int{1, 1}, names: namesNatural, meta: metaReport, render: renderTNCCCertificate},
		}},

		// Background and employment paperwork, annual training.
		"background_check": {fill: fillBackground, variants: []variant{
			{name: "screening_report", pages: [2]int{2, 3}, names: namesNatural, meta: metaReport, render: renderBackground},
			{name: "consumer_report", pages: [2]int{2, 3}, names: namesRecord, meta: metaIText, render: renderBackground},
		}},
		"skills_checklist": {fill: fillSkills, variants: []variant{
			{name: "agency_checklist", pages: [2]int{2, 4}, names: namesNatural, meta: metaWeb, render: renderSkills},
			{name: "experience_grid", pages: [2]int{2, 4}, names: namesRecord, meta: metaReport, render: renderSkills},
		}},
		"resume": {fill: fillResume, variants: []variant{
			{name: "classic", pages: [2]int{1, 2}, names: []string{"First Last", "First M. Last", "Nick Last"}, meta: metaOffice, render: renderResume},
			{name: "modern", pages: [2]int{1, 2}, names: []string{"First Last", "FIRST LAST", "Nick Last"}, meta: append(append([]meta{}, metaOffice...), metaWeb...), render: renderResume},
		}},
		"hipaa_training": trainingSpec("hipaa_training"),
		"osha_training":  trainingSpec("osha_training"),

		// Licenses and identity documents.
		"nursing_license": {fill: fillNursingLicense, variants: []variant{
			{name: "board_verification", pages: [2]int{1, 1}, names: []string{"LAST, FIRST MIDDLE", "LAST, FIRST M", "Last, First M."}, meta: metaBrowser, render: renderBoardVerification},
			{name: "wallet_card", pages: [2]int{1, 1}, names: []string{"FIRST M LAST", "FIRST MIDDLE LAST", "First M. Last"}, meta: metaReport, render: renderLicenseCard},
			{name: "nursys_quickconfirm", pages: [2]int{1, 1}, names: []string{"LAST, FIRST MIDDLE", "LAST, FIRST"}, meta: metaIText, render: renderNursys},
		}, failing: []string{"board_verification", "nursys_quickconfirm"}},
		"drivers_license": {fill: fillDriversLicense, variants: []variant{
			{name: "aamva_numbered", pages: [2]int{1, 1}, names: namesSplit, meta: metaScanner, render: func(c *canvas) { renderDL(c, "numbered") }},
			{name: "labeled_card", pages: [2]int{1, 1}, names: namesSplit, meta: metaScanner, render: func(c *canvas) { renderDL(c, "labeled") }},
			{name: "state_id_card", pages: [2]int{1, 1}, names: namesSplit, meta: metaScanner, render: func(c *canvas) { renderDL(c, "stateid") }},
		}},
		"passport": {fill: fillPassport, variants: []variant{
			{name: "us_passport_book", pages: [2]int{1, 1}, names: namesSplit, meta: metaScanner, render: renderPassportBook},
			{name: "us_passport_card", pages: [2]int{1, 1}, names: namesSplit, meta: metaScanner, render: renderPassportCard},
			{name: "foreign_passport", pages: [2]int{1, 1}, names: namesSplit, meta: metaScanner, render: renderPassportBook},
		}},
		"social_security_card": {fill: fillSSNCard, variants: []variant{
			{name: "ssa_card", pages: [2]int{1, 1}, names: []string{"FIRST MIDDLE LAST"}, meta: metaScanner, render: renderSSNCard},
			{name: "card_front_back", pages: [2]int{1, 1}, names: []string{"FIRST MIDDLE LAST", "FIRST M LAST"}, meta: metaScanner, render: renderSSNCard},
		}},

		// Immunizations.
		"mmr_record":         seriesSpec("mmr_record"),
		"varicella_record":   seriesSpec("varicella_record"),
		"hepatitis_b_record": seriesSpec("hepatitis_b_record"),
		"tdap_record": {fill: fillTdap, variants: []variant{
			{name: "pharmacy_record", pages: [2]int{1, 1}, names: namesUpper, meta: metaWeb, render: renderTdapPharmacy},
			{name: "clinic_record", pages: [2]int{1, 1}, names: namesRecord, meta: metaReport, render: renderTdapClinic},
		}},
		"influenza_vaccine": {fill: fillFlu, variants: []variant{
			{name: "pharmacy_receipt", pages: [2]int{1, 1}, names: namesUpper, meta: metaWeb, render: renderFluPharmacy},
			{name: "employee_flu_form", pages: [2]int{1, 1}, names: namesAny, meta: metaOffice, render: renderFluForm},
			{name: "declination_form", pages: [2]int{1, 1}, names: namesNatural, meta: metaOffice, render: renderFluDeclination},
		}, dated: []string{"pharmacy_receipt", "employee_flu_form"}},
		"covid19_vaccine": {fill: fillCovid, variants: []variant{
			{name: "cdc_card", pages: [2]int{1, 1}, names: []string{"First M Last", "First Last"}, meta: metaScanner, render: renderCDCCard},
			{name: "state_digital_record", pages: [2]int{1, 1}, names: namesUpper, meta: metaBrowser, render: renderCovidRegistry},
		}},

		// Occupational health.
		"physical_exam": {fill: fillPhysical, variants: []variant{
			{name: "preplacement_exam", pages: [2]int{2, 2}, names: namesAny, meta: metaOffice, render: renderPhysicalPreplacement},
			{name: "fitness_for_duty", pages: [2]int{2, 2}, names: namesRecord, meta: metaReport, render: renderPhysicalFFD},
		}},
		"drug_screen": {fill: fillDrug, variants: []variant{
			{name: "lab_result_report", pages: [2]int{1, 1}, names: namesUpper, meta: metaLab, render: renderDrugLab},
			{name: "mro_verification", pages: [2]int{1, 1}, names: namesRecord, meta: metaReport, render: renderDrugMRO},
			{name: "vendor_summary", pages: [2]int{1, 1}, names: namesNatural, meta: metaWeb, render: renderDrugVendor},
		}},
		"fit_test": {fill: fillFit, variants: []variant{
			{name: "qualitative_record", pages: [2]int{1, 1}, names: namesAny, meta: metaOffice, render: renderFitQualitative},
			{name: "portacount_report", pages: [2]int{1, 1}, names: namesRecord, meta: metaLab, render: renderFitPortacount},
		}},

		// Tuberculosis screening.
		"tb_skin_test": {fill: fillTST, variants: []variant{
			{name: "clinic_form", pages: [2]int{1, 1}, names: namesAny, meta: metaOffice, render: renderTSTForm},
			{name: "occ_health_record", pages: [2]int{1, 1}, names: namesRecord, meta: metaReport, render: renderTSTRecord},
			{name: "pharmacy_record", pages: [2]int{1, 1}, names: namesUpper, meta: metaWeb, render: renderTSTPharmacy},
		}},
		"tb_blood_test": {fill: fillIGRA, variants: []variant{
			{name: "qft_lab_report", pages: [2]int{1, 1}, names: namesUpper, meta: metaLab, render: renderQFT},
			{name: "qft_results_portal", pages: [2]int{1, 1}, names: namesNatural, meta: metaBrowser, render: renderQFTPortal},
			{name: "tspot_report", pages: [2]int{1, 1}, names: namesRecord, meta: metaLab, render: renderTSpot},
		}},
		"chest_xray": {fill: fillCXR, variants: []variant{
			{name: "radiology_report", pages: [2]int{1, 1}, names: namesRecord, meta: metaLab, render: renderCXRReport},
			{name: "clearance_form", pages: [2]int{1, 1}, names: namesAny, meta: metaOffice, render: renderCXRForm},
		}},

		// Pages that travel with the documents.
		"other": {fill: fillOther, variants: []variant{
			{name: "fax_cover", pages: [2]int{1, 1}, names: []string{"First Last", "First M. Last", "Nick Last"}, meta: metaOffice, render: renderFaxCover},
			{name: "blank_page", pages: [2]int{1, 1}, meta: metaScanner, render: func(c *canvas) { c.newPage(false) }},
			{name: "cover_letter", pages: [2]int{1, 1}, names: []string{"First Last", "First M. Last", "Nick Last"}, meta: metaOffice, render: renderCoverLetter},
		}},
	})
}
