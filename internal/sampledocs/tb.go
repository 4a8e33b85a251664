package sampledocs

import (
	"fmt"
	"strings"
)

// Tuberculosis screening: skin-test forms filled in at a clinic, IGRA lab
// reports, chest X-ray reports and clearance forms.

var (
	tbClinics = []string{"Concentra Urgent Care", "WorkCare Occupational Health", "CareNow Urgent Care", "Passport Health",
		"Employee Health Services", "MinuteClinic", "NextCare Urgent Care", "County Public Health Department", "AFC Urgent Care"}
	pharmacies = []string{"CVS Pharmacy", "Walgreens", "Rite Aid Pharmacy", "H-E-B Pharmacy", "Kroger Pharmacy"}
	labs       = []string{"Quest Diagnostics", "Labcorp", "BioReference Laboratories", "Sonic Reference Laboratory", "ARUP Laboratories"}
	radiology  = []string{"Radiology Associates", "Imaging Center of the Valley", "Metro Diagnostic Imaging", "Premier Radiology", "Regional Medical Imaging"}
)

func fillTST(g *gen) {
	adm := g.recent(365)
	if lim := g.asOf.AddDate(0, 0, -3); adm.After(lim) {
		adm = lim
	}
	read := adm.AddDate(0, 0, 2+g.r.IntN(2))
	g.setDate("administered_date", adm)
	g.setDate("read_date", read)
	g.setDate("date_of_birth", g.p.DOB)
	mm, result := 0, "negative"
	if g.opt.Positive {
		mm, result = 10+g.r.IntN(13), "positive"
	} else if g.r.IntN(4) == 0 {
		mm = 1 + g.r.IntN(4)
	}
	g.f["induration_mm"] = mm
	g.f["result"] = result
	switch g.v.name {
	case "pharmacy_record":
		g.f["provider"] = pick(g.r, pharmacies) + " #" + digits(g.r, 4)
	default:
		g.f["provider"] = pick(g.r, tbClinics)
	}
	g.setIssuer(g.f["provider"].(string))
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func tstLot(c *canvas) (string, string) {
	if c.chance(0.7) {
		return "Tubersol (Sanofi Pasteur)", string(rune('C'+c.r.IntN(4))) + digits(c.r, 4) + "AA"
	}
	return "Aplisol (Par Pharmaceutical)", digits(c.r, 6)
}

func renderTSTForm(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYs, dMDYn)
	prov := c.f("provider")
	c.logo(c.pick("cross", "drop", "rings"), 16, 12, 12, teal)
	c.say(sans("B", 13), 32, 18, prov)
	c.say(sans("", 8), 32, 23, c.d.Person.City+", "+c.d.Person.State+"   Phone "+fmt.Sprintf("(%03d) 555-01%02d", 200+c.r.IntN(700), c.r.IntN(100)))
	c.centred(line{sans("B", 14), 40, c.pick("TUBERCULIN SKIN TEST (TST) RECORD", "PPD / Mantoux Skin Test Documentation", "Tuberculin Skin Test Form")})
	c.heavyRule(16, 44, c.w-32, 0.5)
	c.font("Helvetica", "", 10)
	c.field(16, 56, 110, "Name", c.name())
	c.field(132, 56, 60, "Date of Birth", c.dob())
	c.field(16, 70, 110, "Employer / Agency", c.pick("Travel nurse - agency placement", "Pre-employment", "Annual screening"))
	c.field(132, 70, 60, "Phone", c.d.Person.Phone)

	c.formSection(82, "SECTION 1 - ADMINISTRATION")
	manu, lot := tstLot(c)
	c.field(16, 100, 55, c.pick("Date Given", "Date Placed", "Date Administered"), c.date("administered_date"))
	c.field(76, 100, 50, "Site", c.pick("L forearm", "Left volar forearm", "R forearm"))
	c.field(132, 100, 60, "Dose", "0.1 mL (5 TU) intradermal")
	c.field(16, 114, 80, "Antigen / Manufacturer", manu)
	c.field(100, 114, 40, "Lot #", lot)
	c.field(146, 114, 46, "Lot Exp.", c.fmtDate(c.d.Created.AddDate(0, 7+c.r.IntN(10), 0)))
	c.signature(16, 130, 80)
	c.say(sans("", 7.5), 16, 134, "Administered by (signature / credentials)")

	c.formSection(142, "SECTION 2 - READING (48-72 HOURS)")
	c.field(16, 160, 55, c.pick("Date Read", "Read Date", "Date of Reading"), c.date("read_date"))
	mm := ""
	if c.has("induration_mm") {
		mm = c.f("induration_mm") + " mm"
	}
	c.field(76, 160, 50, "Induration", mm)
	res := c.f("result")
	c.say(sans("", 10), 132, 156, "Result:")
	c.check(146, 156, res == "negative", "Negative")
	c.check(146, 162, res == "positive", "Positive")
	c.signature(16, 178, 80)
	c.say(sans("", 7.5), 16, 182, "Read by (signature / credentials)")
	c.lvCol(16, 196, 28, "Provider:", prov)
	c.para(fine(7.5), 16, 214, c.w-32, 3.6, "Interpretation per CDC guidelines: an induration of 10 mm or more is considered positive for health care workers. Induration of 0-9 mm is negative unless risk factors apply. A positive TST requires a chest X-ray and medical evaluation.")
	c.footer("Form TB-101 Rev. " + fmt.Sprint(2019+c.r.IntN(6)))
}

func renderTSTRecord(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dISO, dDMON)
	prov := c.f("provider")
	c.band(0, 0, c.w, 26, teal)
	c.say(sans("B", 15).in(white), 16, 13, prov)
	c.say(sans("", 9).in(white), 16, 20, "Occupational Health  |  Employee Health Record")
	c.say(sans("B", 12), 16, 40, "Tuberculosis Screening Result")
	c.font("Helvetica", "", 10)
	c.lvCols(16, 52, 35, 7, [2]string{"Patient:", c.name()}, [2]string{"DOB:", c.dob()})
	c.lvCols(120, 52, 25, 7, [2]string{"MRN:", digits(c.r, 8)}, [2]string{"Visit:", c.fmtDate(c.tdate("read_date"))})
	c.font("Helvetica", "", 9)
	mm := ""
	if c.has("induration_mm") {
		mm = c.f("induration_mm")
	}
	c.table(16, 70, []float64{34, 30, 30, 24, 30, 36}, 8,
		[]string{"Test", "Date Placed", "Date Read", "Result (mm)", "Interpretation", "Nurse"},
		[][]string{{"PPD (Mantoux)", c.date("administered_date"), c.date("read_date"), mm, title(c.f("result")), c.someone() + ", RN"}},
		rgb{210, 235, 235})
	c.font("Helvetica", "", 9.5)
	c.lvs(16, 100, 7, [2]string{"TB symptom questionnaire:", c.pick("No symptoms reported", "Negative")}, [2]string{"Provider:", prov})
	c.para(fine(8), 16, 122, c.w-32, 3.8, "This record is confidential patient health information. Results reported per CDC/OSHA guidelines for health care personnel screening.")
	c.footer("Printed " + c.fmtDate(c.d.Created) + "   " + c.pageOf())
}

func renderTSTPharmacy(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYs)
	prov := c.f("provider")
	x := 60.0
	c.say(mono("B", 12), x, 20, strings.ToUpper(prov))
	street := fmt.Sprintf("%d %s", 100+c.r.IntN(9000), pick(c.r, streetNames)+" "+pick(c.r, streetSuffix))
	c.lines(mono("", 9), x, 25, 4, strings.ToUpper(street), strings.ToUpper(c.d.Person.City+", "+c.d.Person.State))
	c.text(x, 37, strings.Repeat("-", 44))
	c.say(mono("B", 11), x, 43, "TB SKIN TEST RESULT")
	c.say(mono("", 9), x, 49, strings.Repeat("-", 44))
	lines := [][2]string{
		{"PATIENT:", c.name()},
		{"DOB:", c.dob()},
		{"PLACED:", c.date("administered_date")},
		{"READ:", c.date("read_date")},
		{"INDURATION:", map[bool]string{true: c.f("induration_mm") + " MM", false: ""}[c.has("induration_mm")]},
		{"RESULT:", strings.ToUpper(c.f("result"))},
		{"IMMUNIZER:", c.someone() + ", PHARMD"},
	}
	y := c.tabbed(x, 56, 30, 5.5, lines...)
	c.text(x, y+2, strings.Repeat("-", 44))
	c.wrap(x, y+8, 88, 4.2, "A NEGATIVE RESULT MEANS NO REACTION OF 10 MM OR MORE WAS MEASURED 48-72 HOURS AFTER PLACEMENT. KEEP THIS RECORD FOR YOUR EMPLOYER.")
	c.barcode(x, y+30, 70, 10)
}

// --- IGRA ---

func fillIGRA(g *gen) {
	coll := g.recent(365)
	g.setDate("collection_date", coll)
	g.setDate("date_of_birth", g.p.DOB)
	res := "negative"
	if g.opt.Positive {
		res = "positive"
		if g.r.IntN(5) == 0 {
			res = "indeterminate"
		}
	}
	g.f["result"] = res
	lab := pick(g.r, labs)
	if g.is("tspot_report") {
		lab = pick(g.r, []string{"Oxford Immunotec", "Quest Diagnostics", "Labcorp"})
	}
	g.f["lab"] = lab
	g.setIssuer(lab)
}

type qftValues struct{ nil, tb1, tb2, mito string }

func (c *canvas) qftValues() qftValues {
	v := qftValues{nil: fmt.Sprintf("%.2f", 0.01+c.r.Float64()*0.1), mito: ">10.00"}
	switch c.f("result") {
	case "positive":
		v.tb1, v.tb2 = fmt.Sprintf("%.2f", 0.6+c.r.Float64()*4), fmt.Sprintf("%.2f", 0.7+c.r.Float64()*4)
	case "indeterminate":
		v.tb1, v.tb2, v.mito = "0.02", "0.01", fmt.Sprintf("%.2f", 0.1+c.r.Float64()*0.3)
	default:
		v.tb1, v.tb2 = fmt.Sprintf("%.2f", c.r.Float64()*0.08), fmt.Sprintf("%.2f", c.r.Float64()*0.08)
	}
	return v
}

// labHeader draws a lab report's letterhead and patient block.
func (c *canvas) labHeader(test, dateField string) float64 {
	lab := c.f("lab")
	if t, ok := docCatalog.Type(c.d.Type); lab == "" && ok && !t.HasField("lab") {
		lab = c.d.Issuer
	}
	if lab == "" {
		// The lab's name is a truth field the caller asked to leave off.
		lab = "Clinical Laboratory Report"
	}
	c.logo(c.pick("rings", "chevron", "drop"), 14, 10, 14, darkBlue)
	c.say(sans("B", 16).in(darkBlue), 32, 18, lab)
	c.say(sans("", 7.5), 32, 23, fmt.Sprintf("CLIA #%02dD%07d   |   Laboratory Director: %s, MD", c.r.IntN(99), c.r.IntN(9999999), c.someone()))
	c.sayR(sans("B", 9), c.w-14, 16, c.pick("FINAL REPORT", "Final", "REPORT STATUS: FINAL"))
	c.stroke(darkBlue)
	c.heavyRule(14, 28, c.w-28, 0.6)
	c.stroke(black)
	c.font("Helvetica", "", 8.5)
	coll := c.tdate(dateField)
	if coll.IsZero() {
		coll = c.d.Created.AddDate(0, 0, -2)
	}
	rep := coll.AddDate(0, 0, 1+c.r.IntN(3))
	if rep.After(c.d.AsOf) {
		rep = c.d.AsOf
	}
	c.lvCols(14, 36, 30, 5,
		[2]string{"Patient Name:", c.name()},
		[2]string{"Date of Birth:", c.dob()},
		[2]string{"Sex:", c.d.Person.sex()},
		[2]string{"Patient ID:", digits(c.r, 9)})
	c.lvCols(112, 36, 34, 5,
		[2]string{c.pick("Collected:", "Collection Date:", "Date Collected:"), strings.TrimSpace(c.date(dateField) + " " + fmt.Sprintf("%02d:%02d", 7+c.r.IntN(9), c.r.IntN(60)))},
		[2]string{"Received:", c.fmtDate(coll.AddDate(0, 0, 1))},
		[2]string{"Reported:", c.fmtDate(rep)},
		[2]string{"Accession:", alnum(c.r, 2) + digits(c.r, 8)})
	c.lvCol(14, 58, 30, "Ordering:", c.someone()+", "+c.pick("MD", "DO", "NP", "PA-C"))
	c.band(14, 63, c.w-28, 7, rgb{225, 232, 245})
	c.say(sans("B", 10), 16, 68, test)
	return 76
}

func renderQFT(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDY, dISO)
	y := c.labHeader("QUANTIFERON(R)-TB GOLD PLUS, 4 TUBE", "collection_date")
	v := c.qftValues()
	c.font("Helvetica", "", 8.5)
	res := strings.ToUpper(c.f("result"))
	flag := ""
	if res != "NEGATIVE" && res != "" {
		flag = "A"
	}
	y = c.table(14, y, []float64{74, 30, 14, 30, 20, 20}, 7,
		[]string{"Test Name", "Result", "Flag", "Reference Range", "Units", "Lab"},
		[][]string{
			{"QUANTIFERON-TB GOLD PLUS", res, flag, "NEGATIVE", "", "01"},
			{"  NIL", v.nil, "", "", "IU/mL", "01"},
			{"  TB1 ANTIGEN MINUS NIL", v.tb1, "", "<0.35", "IU/mL", "01"},
			{"  TB2 ANTIGEN MINUS NIL", v.tb2, "", "<0.35", "IU/mL", "01"},
			{"  MITOGEN MINUS NIL", v.mito, "", ">=0.50", "IU/mL", "01"},
		}, xlgray)
	c.say(sans("B", 9), 14, y+10, "Interpretation:")
	c.font("Helvetica", "", 8.5)
	interp := map[string]string{
		"NEGATIVE":      "Negative. M. tuberculosis infection unlikely. A negative result does not rule out infection in patients with a high pretest probability.",
		"POSITIVE":      "Positive. M. tuberculosis infection likely. A positive result should be followed by medical evaluation and chest radiograph for active disease.",
		"INDETERMINATE": "Indeterminate. Unable to determine M. tuberculosis infection status; mitogen response is low. Recommend repeat testing.",
	}[res]
	y = c.wrap(14, y+15, c.w-28, 4, interp)
	c.para(fine(7), 14, y+6, c.w-28, 3.4, "This test was performed using the QIAGEN QuantiFERON-TB Gold Plus (QFT-Plus) assay. Results should be interpreted in conjunction with the patient's clinical history. Test performed at: "+c.f("lab")+".")
	c.ink(black)
	c.footer(c.pageOf() + "   " + c.pick("CONFIDENTIAL", "Patient copy", "Final report"))
}

func renderQFTPortal(c *canvas) {
	c.newPage(false)
	c.dates(dAbbr, dLong, dMDY)
	lab := c.f("lab")
	c.browserChrome("Test Results - "+lab+" Patient Portal", "https://patient.portal/results/detail")
	c.band(0, 12, c.w, 18, darkBlue)
	c.say(sans("B", 14).in(white), 14, 24, lab+" | MyResults")
	c.say(sans("", 10), 14, 42, "Hello, "+c.name())
	c.say(sans("B", 15), 14, 56, "QuantiFERON-TB Gold Plus")
	c.font("Helvetica", "", 10)
	c.lvCols(14, 66, 40, 7,
		[2]string{"Collected on", c.date("collection_date")},
		[2]string{"Date of birth", c.dob()},
		[2]string{"Ordered by", c.someone() + ", MD"})
	c.stroke(lgray)
	c.rbox(14, 88, c.w-28, 30, 2, "D")
	c.say(fine(9), 20, 97, "Your result")
	c.captioned(caption{sans("B", 18), sans("", 9), 60, 0}, 20, 109, title(c.f("result")), "Standard range: Negative")
	v := c.qftValues()
	c.font("Helvetica", "", 9)
	c.table(14, 126, []float64{70, 40, 40}, 7, []string{"Component", "Value", "Units"},
		[][]string{{"Nil", v.nil, "IU/mL"}, {"TB1-Nil", v.tb1, "IU/mL"}, {"TB2-Nil", v.tb2, "IU/mL"}, {"Mitogen-Nil", v.mito, "IU/mL"}}, xlgray)
	c.para(fine(8), 14, 172, c.w-28, 3.8, "Results are released to the portal automatically and may be available before your provider has reviewed them. Performing lab: "+lab+".")
	c.ink(black)
}

func renderTSpot(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dDMON)
	y := c.labHeader("T-SPOT(R).TB", "collection_date")
	res := c.f("result")
	a, b := c.r.IntN(3), c.r.IntN(3)
	switch res {
	case "positive":
		a, b = 8+c.r.IntN(20), 9+c.r.IntN(20)
	case "indeterminate":
		a, b = 1, 0
	}
	c.font("Helvetica", "", 9)
	y = c.table(14, y, []float64{80, 34, 34, 40}, 7, []string{"Test", "Result", "Units", "Reference"},
		[][]string{
			{"T-SPOT.TB Interpretation", strings.ToUpper(res), "", "Negative"},
			{"Panel A (ESAT-6) spot count", fmt.Sprint(a), "spots", "<=4"},
			{"Panel B (CFP10) spot count", fmt.Sprint(b), "spots", "<=4"},
			{"Nil control", fmt.Sprint(c.r.IntN(3)), "spots", "<=10"},
			{"Mitogen control", fmt.Sprint(20 + c.r.IntN(200)), "spots", ">=20"},
		}, xlgray)
	c.para(sans("", 8), 14, y+10, c.w-28, 3.8, "The T-SPOT.TB test is an interferon-gamma release assay (IGRA) for detection of effector T cells responding to M. tuberculosis antigens. Performed by "+c.f("lab")+".")
	c.footer(c.pageOf())
}

// --- chest X-ray ---

func fillCXR(g *gen) {
	g.setDate("exam_date", g.recent(365))
	g.setDate("date_of_birth", g.p.DOB)
	g.f["result"] = map[bool]string{true: "positive", false: "negative"}[g.opt.Positive]
	g.f["provider"] = pick(g.r, radiology)
	if g.is("clearance_form") {
		// The form labels its clinic.
		g.f["provider"] = pick(g.r, tbClinics)
	}
	g.setIssuer(g.f["provider"].(string))
	if g.is("radiology_report") {
		// The report names no provider but the radiologist who signs it
		// under the imaging centre's letterhead.
		g.f["provider"] = g.clinician("MD")
	}
}

func renderCXRReport(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDY, dLong)
	prov := c.d.Issuer
	c.centred(
		line{serif("B", 16), 20, strings.ToUpper(prov)},
		line{serif("", 9), 25, fmt.Sprintf("%d %s %s, %s, %s", 100+c.r.IntN(9000), pick(c.r, streetNames), pick(c.r, streetSuffix), c.d.Person.City, c.d.Person.State)})
	c.heavyRule(16, 29, c.w-32, 0.5)
	c.centred(line{serif("B", 13), 40, "DIAGNOSTIC RADIOLOGY REPORT"})
	exam := [][2]string{
		{"PATIENT:", c.name()},
		{"DOB:", c.dob()},
		{"MRN:", digits(c.r, 9)},
		{"EXAM DATE:", c.date("exam_date")},
		{"EXAM:", c.pick("XR CHEST 2 VIEWS PA AND LATERAL", "CHEST X-RAY, PA AND LATERAL", "XR CHEST 1 VIEW")},
		{"REFERRING:", c.someone() + ", " + c.pick("MD", "NP")},
	}
	c.font("Courier", "", 10)
	y := c.tabbed(16, 52, 34, 5.5, exam...)
	c.font("Times", "", 11)
	y += 6
	neg := c.f("result") != "positive"
	sections := [][2]string{
		{"CLINICAL HISTORY:", c.pick("TB screening, positive PPD in the past.", "Pre-employment TB screening.", "Healthcare worker, history of positive TST.")},
		{"COMPARISON:", c.pick("None.", "None available.")},
	}
	if neg {
		sections = append(sections,
			[2]string{"FINDINGS:", "The lungs are clear without focal consolidation, effusion or pneumothorax. No hilar or mediastinal adenopathy. The cardiomediastinal silhouette is within normal limits. No cavitary lesion. Osseous structures are intact."},
			[2]string{"IMPRESSION:", c.pick("No acute cardiopulmonary process. No radiographic evidence of active tuberculosis.", "Normal chest. No evidence of active pulmonary tuberculosis.")})
	} else {
		sections = append(sections,
			[2]string{"FINDINGS:", "There is a cavitary opacity in the right upper lobe measuring approximately 2.8 cm with surrounding nodular densities. Right hilar fullness. No pleural effusion."},
			[2]string{"IMPRESSION:", "Right upper lobe cavitary opacity, suspicious for active tuberculosis. Recommend clinical correlation and sputum AFB smears."})
	}
	for _, s := range sections {
		c.say(serif("B", 11), 16, y, s[0])
		y = c.para(serif("", 11), 16, y+5.5, c.w-32, 5.2, s[1]) + 4
	}
	c.lines(serif("I", 10), 16, y+8, 5,
		"Electronically signed by: "+c.f("provider")+", Radiologist",
		"Signed: "+c.date("exam_date")+" "+fmt.Sprintf("%02d:%02d", 8+c.r.IntN(10), c.r.IntN(60)))
	c.footer(prov + "   " + c.pageOf())
}

func renderCXRForm(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYs, dAbbr)
	prov := c.f("provider")
	c.logo("cross", 16, 12, 10, teal)
	c.say(sans("B", 12), 30, 19, prov)
	c.centred(line{sans("B", 15), 38, c.pick("CHEST X-RAY CLEARANCE FORM", "TB Clearance - Chest Radiograph", "Chest X-Ray Report for Employment")})
	c.font("Helvetica", "", 10)
	c.field(16, 54, 110, "Employee / Applicant Name", c.name())
	c.field(132, 54, 60, "Date of Birth", c.dob())
	c.field(16, 68, 60, c.pick("Date of Chest X-Ray", "X-Ray Date", "Date of Exam"), c.date("exam_date"))
	c.field(82, 68, 110, "Reason", c.pick("History of positive TST", "Positive IGRA in the past", "Annual TB clearance"))
	neg := c.f("result") != "positive"
	c.say(sans("B", 10), 16, 86, "Chest X-ray results:")
	c.font("Helvetica", "", 10)
	c.check(20, 94, neg, "Negative - no evidence of active tuberculosis")
	c.check(20, 101, !neg && c.has("result"), "Abnormal - findings consistent with possible active TB; refer for evaluation")
	c.say(sans("B", 10), 16, 116, "Symptom review:")
	c.font("Helvetica", "", 10)
	c.check(20, 124, neg, "No cough > 3 weeks, fever, night sweats or weight loss")
	c.wrap(16, 140, c.w-32, 5, "Based on the above, the individual named is "+map[bool]string{true: "free of communicable tuberculosis and may work in a health care setting.", false: "NOT cleared pending further medical evaluation."}[neg])
	c.signature(16, 168, 80)
	c.say(sans("", 8), 16, 172, "Provider signature")
	c.lvCols(110, 168, 20, 7, [2]string{"Clinic:", prov}, [2]string{"Date:", c.date("exam_date")})
	c.footer("Form CXR-2 " + c.pageOf())
}
