package sandbox

// The packet groups the sandbox VMS files its checklist items under.
const (
	GroupCredentials    = "Licensure/Credentials"
	GroupCertifications = "Certifications"
	GroupHealth         = "Health & Immunizations"
	GroupBackground     = "Background & Compliance"
	GroupHR             = "HR Forms"
	GroupFacility       = "Facility-specific"
)

// groupOrder is the order the VMS lists its groups in.
func groupOrder() []string {
	return []string{GroupCredentials, GroupCertifications, GroupHealth, GroupBackground, GroupHR, GroupFacility}
}

// concept is one requirement as facilities ask for it, in the many ways
// they word it. Labels may carry {facility} (the facility's short name),
// {dept} and {state}, filled in per job.
type concept struct {
	id string
	// keys are the catalog requirement keys (catalog/requirements.yaml) a
	// person would map the item to; none for forms the catalog has no key
	// for. Ground truth for tests, never sent by the VMS.
	keys     []string
	group    string
	wordings []string
	notes    []string
	// excl names slots of which a checklist holds at most one item: a
	// combined OIG/SAM check excludes the separate ones, a driver's
	// licence excludes "photo ID".
	excl []string
	// roles limits the concept to jobs of these roles; none: any role.
	roles []string
	// deptOnly concepts appear only where a department asks for them
	// (ACLS for ICU, NRP for NICU…), never as random filler.
	deptOnly bool
	// optionalPct is the chance, in percent, that a facility lists the
	// item as optional.
	optionalPct int
	// placement concepts are added to a placement's own list, never to a
	// job's template.
	placement bool
}

// Roles of the sandbox's jobs.
const (
	roleRN  = "RN"
	roleLPN = "LPN"
	roleST  = "Surgical Technologist"
	roleRT  = "Respiratory Therapist"
)

// bank is every concept the sandbox draws checklists from.
func bank() []concept {
	return []concept{
		// Licensure/Credentials
		{id: "rn-license", keys: []string{"nursing_license"}, group: GroupCredentials, excl: []string{"license"}, roles: []string{roleRN},
			wordings: []string{
				"RN license – active, unencumbered, compact OK",
				"Active RN License (state of practice or NLC multistate)",
				"Registered Nurse license - primary source verification (Nursys)",
				"Professional License: RN - must be active & unencumbered",
				"{state} RN license or compact license",
			},
			notes: []string{
				"Print the Nursys QuickConfirm report.",
				"Compact license accepted if the primary state of residence is a compact state.",
				"No pending board action.",
			}},
		{id: "lpn-license", keys: []string{"nursing_license"}, group: GroupCredentials, excl: []string{"license"}, roles: []string{roleLPN},
			wordings: []string{
				"LPN/LVN license – active, unencumbered",
				"Practical Nurse License (LPN) - {state} or compact",
				"License verification – LPN/LVN (Nursys)",
			},
			notes: []string{"Primary source verification printout required."}},
		{id: "st-certification", group: GroupCredentials, excl: []string{"license"}, roles: []string{roleST},
			wordings: []string{
				"CST certification (NBSTSA) – current",
				"Surgical Technologist certification (CST or TS-C)",
				"Surg Tech credential – NBSTSA or NCCT",
			}},
		{id: "rt-license", group: GroupCredentials, excl: []string{"license"}, roles: []string{roleRT},
			wordings: []string{
				"RRT credential (NBRC) and {state} RCP license",
				"Respiratory Care Practitioner license – active",
				"State respiratory therapy license + NBRC verification",
			}},
		{id: "government-id", keys: []string{"government_id"}, group: GroupCredentials, excl: []string{"photo-id"},
			wordings: []string{
				"Government-issued photo ID",
				"Photo ID (driver's license or passport)",
				"Valid government photo identification (front & back)",
				"ID – state-issued or U.S. passport",
			}},
		{id: "drivers-license", keys: []string{"drivers_license"}, group: GroupCredentials, excl: []string{"photo-id"},
			wordings: []string{
				"Driver's License (front & back)",
				"Valid Driver License",
				"Copy of current driver's license – not expired",
			}},
		{id: "resume", keys: []string{"resume"}, group: GroupCredentials, optionalPct: 10,
			wordings: []string{
				"Resume (2 yrs work history, explain gaps > 30 days)",
				"Updated CV/Resume",
				"Résumé with two professional references",
				"Work history / resume – month & year format",
			}},
		{id: "skills-checklist", keys: []string{"skills_checklist"}, group: GroupCredentials,
			wordings: []string{
				"Skills checklist – {dept}",
				"Specialty skills checklist (within 1 year)",
				"Self-assessment skills checklist ({dept})",
				"Competency checklist – specialty, signed & dated",
			}},

		// Certifications
		{id: "bls", keys: []string{"bls"}, group: GroupCertifications,
			wordings: []string{
				"BLS - AHA only",
				"Basic Life Support (AHA)",
				"CPR/BLS card — American Heart Association",
				"BLS Provider (AHA) – current through end of assignment",
				"Healthcare Provider CPR (AHA BLS)",
			},
			notes: []string{
				"Red Cross not accepted.",
				"Online-only courses are not accepted; hands-on skills session required.",
				"eCard acceptable.",
			}},
		{id: "acls", keys: []string{"acls"}, group: GroupCertifications, deptOnly: true,
			wordings: []string{
				"ACLS - AHA",
				"Advanced Cardiac Life Support (AHA only)",
				"ACLS Provider card – current",
				"ACLS certification (American Heart Association)",
			},
			notes: []string{"Must not expire during the assignment."}},
		{id: "pals", keys: []string{"pals"}, group: GroupCertifications, deptOnly: true,
			wordings: []string{
				"PALS - AHA",
				"Pediatric Advanced Life Support (PALS)",
				"PALS Provider – AHA only, no online-only courses",
			}},
		{id: "nrp", keys: []string{"nrp"}, group: GroupCertifications, deptOnly: true,
			wordings: []string{
				"NRP (AAP)",
				"Neonatal Resuscitation Program – current edition",
				"NRP provider card (American Academy of Pediatrics)",
			}},
		{id: "tncc", keys: []string{"tncc"}, group: GroupCertifications, deptOnly: true,
			wordings: []string{
				"TNCC",
				"Trauma Nursing Core Course (ENA)",
				"TNCC – Emergency Nurses Association, current",
			}},
		{id: "nihss", group: GroupCertifications, deptOnly: true,
			wordings: []string{
				"NIHSS certification (stroke scale)",
				"NIH Stroke Scale – certified within 2 years",
			}},
		{id: "fetal-monitoring", group: GroupCertifications, deptOnly: true,
			wordings: []string{
				"AWHONN Fetal Heart Monitoring (intermediate/advanced)",
				"Fetal monitoring certification (AWHONN or C-EFM)",
			}},
		{id: "chemo", group: GroupCertifications, deptOnly: true,
			wordings: []string{
				"ONS/ONCC Chemotherapy Immunotherapy Certificate",
				"Chemo/Biotherapy provider card (ONS)",
			}},

		// Health & Immunizations
		{id: "tb", keys: []string{"tb_screening"}, group: GroupHealth,
			wordings: []string{
				"Current PPD or QuantiFERON within 1 yr",
				"TB test (2-step PPD, QFT or CXR) within 12 months",
				"Tuberculosis screening – annual (PPD/IGRA)",
				"TB Skin Test or T-Spot/QuantiFERON (neg) w/in 365 days",
				"Negative TB: PPD, QFT-Plus or clear chest x-ray",
			},
			notes: []string{
				"If history of a positive test: clear chest x-ray within 2 years plus symptom questionnaire.",
				"2-step required if no PPD in the last 12 months.",
			}},
		{id: "mmr", keys: []string{"mmr_immunity"}, group: GroupHealth,
			wordings: []string{
				"MMR - 2 doses or positive titer",
				"Measles, Mumps, Rubella immunity (titer or vaccination record)",
				"MMR titers (IgG) – immune",
				"Proof of MMR immunity",
			},
			notes: []string{"Equivocal titer requires a booster."}},
		{id: "varicella", keys: []string{"varicella_immunity"}, group: GroupHealth,
			wordings: []string{
				"Varicella - 2 doses or titer",
				"Chickenpox immunity (titer or 2 vaccines)",
				"Varicella Zoster IgG titer or vaccination record",
			},
			notes: []string{"History of disease is not accepted."}},
		{id: "hepatitis-b", keys: []string{"hepatitis_b"}, group: GroupHealth,
			wordings: []string{
				"Hep B titer or declination",
				"Hepatitis B series or signed declination",
				"Hep B vaccine (3 doses) / titer / declination",
				"Hepatitis B Surface Antibody or Declination Form",
			},
			notes: []string{"Declination must be on the facility's form."}},
		{id: "tdap", keys: []string{"tdap"}, group: GroupHealth,
			wordings: []string{
				"Tdap within 10 years",
				"Tetanus/Diphtheria/Pertussis (Tdap) – within 10 yrs",
				"Tdap vaccination record",
			}},
		{id: "influenza", keys: []string{"influenza_vaccine"}, group: GroupHealth, optionalPct: 20,
			wordings: []string{
				"Flu shot or declination (current season)",
				"Influenza vaccine – current flu season",
				"Seasonal influenza vaccination or declination w/ mask attestation",
				"Annual flu vaccine (Oct–Mar)",
			},
			notes: []string{"Required October 1 through March 31."}},
		{id: "covid19", keys: []string{"covid19_vaccine"}, group: GroupHealth, optionalPct: 40,
			wordings: []string{
				"COVID-19 vaccination or approved exemption",
				"COVID vaccine card (primary series)",
				"SARS-CoV-2 vaccination record",
			}},
		{id: "physical", keys: []string{"physical_exam"}, group: GroupHealth,
			wordings: []string{
				"Physical exam within 12 months – cleared for duty",
				"Annual health assessment / physical",
				"Pre-employment physical (signed by MD/NP/PA)",
				"Health statement – fit for duty (within 1 yr)",
			}},
		{id: "fit-test", keys: []string{"fit_test"}, group: GroupHealth,
			wordings: []string{
				"N95 fit test – annual",
				"Respirator fit test (3M 1860/1870)",
				"Mask fit testing within 12 months",
				"N-95 Fit Test results (pass)",
			}},
		{id: "color-vision", group: GroupHealth, optionalPct: 30,
			wordings: []string{"Color vision screening (Ishihara)"}},
		{id: "latex", group: GroupHealth,
			wordings: []string{"Latex allergy questionnaire"}},

		// Background & Compliance
		{id: "drug-screen", keys: []string{"drug_screen"}, group: GroupBackground,
			wordings: []string{
				"Drug screen 10-panel within 30 days",
				"10 Panel Urine Drug Screen (negative, ≤30 days)",
				"Pre-placement drug test – 10 panel",
				"UDS 10-panel w/ MRO review",
			}},
		{id: "background", keys: []string{"background_check"}, group: GroupBackground,
			wordings: []string{
				"Criminal background check (7 yr, county/state/federal)",
				"Background check – within 12 months",
				"7-year criminal background screen",
				"County criminal search + SSN trace (7 yrs)",
			}},
		{id: "oig", keys: []string{"oig_exclusion_check"}, group: GroupBackground, excl: []string{"oig"},
			wordings: []string{
				"OIG exclusion check (LEIE)",
				"HHS-OIG List of Excluded Individuals/Entities search",
				"OIG LEIE search – monthly",
			}},
		{id: "sam", keys: []string{"sam_exclusion_check"}, group: GroupBackground, excl: []string{"sam"},
			wordings: []string{
				"SAM.gov exclusion search",
				"GSA/SAM Excluded Parties List check",
				"System for Award Management (SAM) screening",
			}},
		{id: "oig-sam", keys: []string{"oig_exclusion_check", "sam_exclusion_check"}, group: GroupBackground, excl: []string{"oig", "sam"},
			wordings: []string{
				"OIG/GSA exclusion check",
				"OIG & SAM sanction screening",
				"Federal exclusion checks (OIG, SAM)",
			},
			notes: []string{"Search results printout dated within 30 days of start."}},
		{id: "ofac", keys: []string{"ofac_check"}, group: GroupBackground,
			wordings: []string{
				"OFAC SDN search",
				"OFAC sanctions screening",
				"Treasury OFAC Specially Designated Nationals check",
			}},
		{id: "sex-offender", keys: []string{"sex_offender_check"}, group: GroupBackground,
			wordings: []string{
				"NSOPW sex offender registry search",
				"National Sex Offender Public Website check",
				"Sex offender registry – national (Dru Sjodin NSOPW)",
				"Sex Offender Registry Check (all 50 states)",
			}},
		{id: "hipaa", keys: []string{"hipaa_training"}, group: GroupBackground,
			wordings: []string{
				"HIPAA training certificate",
				"HIPAA Privacy & Security training (annual)",
				"Annual HIPAA module – completion certificate",
			}},
		{id: "osha", keys: []string{"osha_training"}, group: GroupBackground,
			wordings: []string{
				"OSHA / Bloodborne Pathogens training",
				"OSHA Safety Training – annual",
				"Bloodborne pathogens & OSHA compliance module",
			}},
		{id: "attestation", keys: []string{"attestation_statement"}, group: GroupBackground,
			wordings: []string{
				"Supplier attestation of credentials",
				"Compliance attestation (signed by agency)",
				"Attestation statement – signed & dated",
				"Agency Attestation Letter",
			},
			notes: []string{"Use the MSP's attestation template."}},

		// HR Forms
		{id: "coversheet", keys: []string{"coversheet"}, group: GroupHR,
			wordings: []string{
				"Cover sheet",
				"Candidate profile cover sheet",
				"Submittal coversheet (agency)",
				"Credential packet cover page",
			}},
		{id: "ssn-card", keys: []string{"social_security_card"}, group: GroupHR, optionalPct: 20,
			wordings: []string{
				"Social Security card",
				"SS Card copy (signed)",
				"Social Security Card – front only",
			}},
		{id: "i9", group: GroupHR,
			wordings: []string{"I-9 Employment Eligibility Verification", "Form I-9 (sections 1 & 2)"}},
		{id: "w4", group: GroupHR, optionalPct: 30,
			wordings: []string{"W-4 (current year)", "Federal W-4 withholding form"}},
		{id: "direct-deposit", group: GroupHR, optionalPct: 50,
			wordings: []string{"Direct deposit authorization"}},
		{id: "emergency-contact", group: GroupHR,
			wordings: []string{"Emergency contact form", "Emergency Contact Information sheet"}},
		{id: "handbook", group: GroupHR,
			wordings: []string{"Employee handbook acknowledgment", "Handbook & policy acknowledgement (signed)"}},

		// Facility-specific
		{id: "orientation", keys: []string{"orientation"}, group: GroupFacility,
			wordings: []string{
				"Facility orientation attestation",
				"Hospital orientation – completed on Day 1",
				"{facility} general orientation modules (HealthStream)",
				"Unit orientation sign-off",
				"Orientation checklist (facility)",
			}},
		{id: "confidentiality", group: GroupFacility,
			wordings: []string{"{facility} confidentiality agreement", "Confidentiality & Non-disclosure agreement – {facility}"}},
		{id: "epic", group: GroupFacility, excl: []string{"ehr"},
			wordings: []string{"Epic EHR access request form", "Epic training – {dept} (assigned before start)"}},
		{id: "badge", group: GroupFacility, excl: []string{"badge"},
			wordings: []string{"Badge photo (JPG, white background)", "ID badge request – {facility}"}},
		{id: "parking", group: GroupFacility, optionalPct: 60,
			wordings: []string{"Parking permit application"}},
		{id: "dress-code", group: GroupFacility,
			wordings: []string{"Dress code & fragrance policy acknowledgment"}},
		{id: "pump", group: GroupFacility,
			wordings: []string{"Alaris pump competency", "Infusion pump (Alaris) competency validation"}},
		{id: "pyxis", group: GroupFacility,
			wordings: []string{"Pyxis access request"}},
		{id: "workplace-violence", group: GroupFacility,
			wordings: []string{"Workplace violence prevention module"}},
		{id: "restraint", group: GroupFacility,
			wordings: []string{"Restraint & seclusion training"}},

		// Placement-specific items: what a facility asks of one candidate
		// on one assignment, on top of the job's template.
		{id: "p-assignment-confirmation", group: GroupHR, placement: true,
			wordings: []string{"Assignment confirmation (signed)"}},
		{id: "p-attestation", keys: []string{"attestation_statement"}, group: GroupBackground, placement: true,
			wordings: []string{"Candidate attestation for this assignment"}},
		{id: "p-coversheet", keys: []string{"coversheet"}, group: GroupHR, placement: true,
			wordings: []string{"Placement cover sheet"}},
		{id: "p-orientation", keys: []string{"orientation"}, group: GroupFacility, placement: true,
			wordings: []string{"Unit orientation schedule – {dept}"}},
		{id: "p-drug-screen", keys: []string{"drug_screen"}, group: GroupBackground, placement: true,
			wordings: []string{"Drug screen – collected within 30 days of start"}},
		{id: "p-fit-test", keys: []string{"fit_test"}, group: GroupHealth, placement: true,
			wordings: []string{"Facility mask fit test (3M 1870+)"}},
		{id: "p-skills", keys: []string{"skills_checklist"}, group: GroupCredentials, placement: true,
			wordings: []string{"Skills checklist – {dept} (for this assignment)"}},
		{id: "p-housing", group: GroupHR, placement: true,
			wordings: []string{"Housing address attestation"}},
		{id: "p-ehr", group: GroupFacility, excl: []string{"ehr"}, placement: true,
			wordings: []string{"EHR access request (Epic) – {dept}"}},
		{id: "p-badge", group: GroupFacility, excl: []string{"badge"}, placement: true,
			wordings: []string{"Badge & parking request – {facility}"}},
		{id: "p-ofac", keys: []string{"ofac_check"}, group: GroupBackground, placement: true,
			wordings: []string{"OFAC check – rerun within 30 days of start"}},
	}
}

// Wording is one way the sandbox words a requirement, with the catalog
// keys a person would map it to: the sandbox's ground truth, for tests of
// label mapping. The VMS never sends the keys.
type Wording struct {
	// Label may carry {facility}, {dept} and {state}, filled in per job.
	Label       string `json:"label"`
	PacketGroup string `json:"packetGroup"`
	// Keys is empty for facility forms the catalog has no key for; two
	// keys for a combined item ("OIG/GSA exclusion check").
	Keys []string `json:"keys"`
	// Placement is true for items only placements list.
	Placement bool `json:"placement,omitempty"`
}

// Wordings lists every label the sandbox draws checklists from.
func Wordings() []Wording {
	var out []Wording
	for _, c := range bank() {
		for _, w := range c.wordings {
			out = append(out, Wording{Label: w, PacketGroup: c.group, Keys: append([]string{}, c.keys...), Placement: c.placement})
		}
	}
	return out
}
