package sampledocs

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"
)

// Occupational health: pre-placement physicals, urine drug screens and
// respirator fit tests.

var restrictionsList = []string{
	"No lifting over 20 lbs; no patient transfers",
	"Light duty only pending orthopedic clearance",
	"No respirator use until pulmonary function testing is repeated",
	"May not work night shifts; re-evaluate in 30 days",
}

func fillPhysical(g *gen) {
	g.setDate("exam_date", g.recent(365))
	g.setDate("date_of_birth", g.p.DOB)
	g.f["cleared"] = !g.opt.Positive
	g.f["restrictions"] = "None"
	if g.opt.Positive {
		g.f["restrictions"] = pick(g.r, restrictionsList)
	}
	// The clinic is the letterhead; the provider is the clinician the
	// page labels as the examining provider.
	g.setIssuer(pick(g.r, tbClinics))
	if g.is("fitness_for_duty") {
		g.f["provider"] = g.clinician("MD", "DO", "FNP-C")
	} else {
		g.f["provider"] = g.clinician("MD", "DO", "NP-C", "PA-C")
	}
}

// clinician draws a clinician's name with one of creds ("Helen Park, MD")
// from the document's own values rather than the corpus's stream, so that
// naming the clinician in the truth leaves every later document of a
// seeded corpus as it was.
func (g *gen) clinician(creds ...string) string {
	h := fnv.New64a()
	fmt.Fprint(h, g.p.FirstName, g.p.LastName, g.p.DOB, g.issuer, g.f)
	r := rand.New(rand.NewPCG(h.Sum64(), uint64(len(creds))))
	return (&canvas{r: r}).someone() + ", " + pick(r, creds)
}

func (c *canvas) vitals(x, y float64) {
	c.font("Helvetica", "", 9.5)
	c.table(x, y, []float64{30, 30, 30, 30, 30, 30}, 8,
		[]string{"Height", "Weight", "BP", "Pulse", "Vision R/L", "Hearing"},
		[][]string{{fmt.Sprintf("%d in", 60+c.r.IntN(14)), fmt.Sprintf("%d lb", 115+c.r.IntN(110)), fmt.Sprintf("%d/%d", 108+c.r.IntN(30), 66+c.r.IntN(20)), fmt.Sprint(58 + c.r.IntN(30)), "20/" + c.pick("20", "25", "20") + " 20/" + c.pick("20", "30"), "Normal"}}, xlgray)
}

func renderPhysicalPreplacement(c *canvas) {
	c.dates(dMDY, dMDYn, dAbbr)
	prov := c.d.Issuer
	page := func() {
		c.newPage(false)
		c.logo("cross", 14, 10, 10, teal)
		c.say(sans("B", 12), 28, 17, prov)
		c.sayR(sans("", 8), c.w-14, 17, "Patient: "+c.name())
		c.heavyRule(14, 22, c.w-28, 0.4)
	}
	page()
	c.centred(line{sans("B", 14), 34, c.pick("PRE-PLACEMENT PHYSICAL EXAMINATION", "Annual Health Assessment / Physical Examination")})
	c.font("Helvetica", "", 10)
	c.field(14, 48, 110, "Name", c.name())
	c.field(130, 48, 66, "Date of Birth", c.dob())
	c.field(14, 62, 60, c.pick("Exam Date", "Date of Examination", "Date of Visit"), c.date("exam_date"))
	c.field(80, 62, 116, "Position", c.pick("Registered Nurse - Travel", "RN, ICU", "RN, Med-Surg", "Staff Nurse"))
	c.say(sans("B", 10), 14, 78, "HEALTH HISTORY (completed by examinee)")
	c.font("Helvetica", "", 9.5)
	y := 86.0
	for _, q := range []string{"Heart disease or high blood pressure", "Asthma, COPD or lung disease", "Back or joint injury", "Seizures or neurological disorder", "Diabetes", "Latex allergy", "Surgery in the past 5 years", "Current medications"} {
		c.text(18, y, q)
		c.check(150, y, false, "Yes")
		c.check(170, y, true, "No")
		y += 7
	}
	c.say(sans("B", 10), 14, y+6, "VITAL SIGNS")
	c.vitals(14, y+10)
	c.footer(c.pageOf())

	page()
	c.say(sans("B", 10), 14, 34, "PHYSICAL EXAMINATION")
	c.font("Helvetica", "", 9)
	var rows [][]string
	for _, sys := range []string{"General appearance", "HEENT", "Neck / thyroid", "Lungs", "Cardiovascular", "Abdomen", "Musculoskeletal / back", "Extremities", "Neurological", "Skin"} {
		rows = append(rows, []string{sys, "X", "", ""})
	}
	y = c.table(14, 38, []float64{70, 26, 26, 66}, 7, []string{"System", "Normal", "Abnormal", "Comments"}, rows, xlgray)
	c.say(sans("B", 10), 14, y+12, "DETERMINATION")
	c.font("Helvetica", "", 10)
	cleared, known := c.d.Fields["cleared"].(bool)
	c.check(18, y+21, known && cleared, "Cleared for duty without restrictions")
	c.check(18, y+28, known && !cleared, "Cleared with restrictions / not cleared at this time")
	c.lv(18, y+38, "Restrictions:", c.f("restrictions"))
	c.signature(14, y+62, 80)
	c.say(sans("", 8), 14, y+66, "Examining provider: "+c.f("provider"))
	c.lvCols(110, y+62, 22, 7, [2]string{"Date:", c.date("exam_date")}, [2]string{"Clinic:", prov})
	c.footer(c.pageOf())
}

func renderPhysicalFFD(c *canvas) {
	c.dates(dMDY, dISO)
	prov := c.d.Issuer
	c.newPage(false)
	c.band(0, 0, c.w, 24, navy)
	c.say(sans("B", 14).in(white), 14, 12, prov)
	c.say(sans("", 9).in(white), 14, 19, "Occupational Medicine - Fitness for Duty Evaluation")
	c.font("Helvetica", "", 10)
	c.lvCols(14, 36, 34, 7, [2]string{"Employee:", c.name()}, [2]string{"DOB:", c.dob()}, [2]string{"Date of Service:", c.date("exam_date")})
	c.lvCols(120, 36, 26, 7,
		[2]string{"Employer:", c.pick("Aya Healthcare", "AMN Healthcare", "Cross Country Nurses", "Trusted Health", "Medical Solutions")},
		[2]string{"Visit Type:", c.pick("Pre-placement", "Annual", "Post-offer")})
	c.say(sans("B", 10), 14, 64, "Services performed")
	c.font("Helvetica", "", 9)
	y := 70.0
	for _, s := range []string{"Physical examination (DOT-style)", "Vision screening (Snellen, Ishihara)", "Audiometric screening", "Musculoskeletal lift assessment (50 lb)", "Respirator medical evaluation (OSHA questionnaire)"} {
		c.check(18, y, true, s)
		y += 7
	}
	c.text(14, y+8, "Vital signs:")
	c.vitals(14, y+12)
	c.footer(prov + "   " + c.pageOf())

	c.newPage(false)
	c.say(sans("B", 13), 14, 24, "WORK STATUS REPORT")
	c.font("Helvetica", "", 10)
	c.lvCols(14, 36, 34, 7, [2]string{"Employee:", c.name()}, [2]string{"Exam Date:", c.date("exam_date")})
	cleared, known := c.d.Fields["cleared"].(bool)
	c.stroke(gray)
	c.box(14, 52, c.w-28, 44)
	c.say(sans("B", 10), 18, 60, "Medical determination:")
	c.font("Helvetica", "", 10)
	c.check(22, 68, known && cleared, "Medically qualified / cleared for full duty - no restrictions")
	c.check(22, 75, known && !cleared, "Qualified with restrictions (see below)")
	c.check(22, 82, false, "Not qualified - referred to personal physician")
	c.lv(22, 91, "Work restrictions:", c.f("restrictions"))
	c.para(fine(8.5), 14, 108, c.w-28, 4, "This report communicates work status only. Confidential medical information is retained by the clinic in accordance with ADA and HIPAA requirements.")
	c.signature(14, 135, 80)
	c.say(sans("", 8), 14, 139, c.f("provider")+" - Examining Provider")
	c.footer(prov + "   " + c.pageOf())
}

// --- drug screen ---

func fillDrug(g *gen) {
	if g.opt.Expired {
		g.setDate("collection_date", g.daysAgo(35, 150))
	} else {
		g.setDate("collection_date", g.daysAgo(1, 25))
	}
	g.setDate("date_of_birth", g.p.DOB)
	g.f["result"] = map[bool]string{true: "positive", false: "negative"}[g.opt.Positive]
	g.f["panel"] = pick(g.r, []string{"10-panel", "10-panel", "5-panel", "9-panel", "12-panel"})
	lab := pick(g.r, []string{"Quest Diagnostics", "Labcorp", "Clinical Reference Laboratory", "Omega Laboratories", "Alere Toxicology"})
	g.f["lab"] = lab
	switch g.v.name {
	case "vendor_summary":
		g.setIssuer(pick(g.r, []string{"Sterling", "HireRight", "First Advantage", "Accurate Background", "Certiphi Screening"}))
	case "mro_verification":
		g.setIssuer(pick(g.r, []string{"National MRO Services", "eScreen MRO", "MRO Direct", "Premier MRO"}))
	default:
		g.setIssuer(lab)
	}
}

var analytes = map[string][]string{
	"5-panel":  {"Amphetamines", "Cocaine Metabolites", "Marijuana Metabolites (THC)", "Opiates", "Phencyclidine (PCP)"},
	"9-panel":  {"Amphetamines", "Barbiturates", "Benzodiazepines", "Cocaine Metabolites", "Marijuana Metabolites (THC)", "Methadone", "Opiates", "Phencyclidine (PCP)", "Propoxyphene"},
	"10-panel": {"Amphetamines", "Barbiturates", "Benzodiazepines", "Cocaine Metabolites", "Marijuana Metabolites (THC)", "Methadone", "Methaqualone", "Opiates", "Phencyclidine (PCP)", "Propoxyphene"},
	"12-panel": {"Amphetamines", "Barbiturates", "Benzodiazepines", "Buprenorphine", "Cocaine Metabolites", "Marijuana Metabolites (THC)", "Methadone", "MDMA", "Opiates", "Oxycodone", "Phencyclidine (PCP)", "Fentanyl"},
}

func (c *canvas) panelText() string {
	p := c.f("panel")
	if p == "" {
		return ""
	}
	n := strings.TrimSuffix(p, "-panel")
	return c.pick(n+"-Panel", n+" Panel", p, n+"-PANEL")
}

func renderDrugLab(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYn)
	y := c.labHeader(strings.ToUpper(strings.TrimSpace(c.panelText()+" URINE DRUG SCREEN W/ CONFIRMATION")), "collection_date")
	panel := c.f("panel")
	list := analytes[panel]
	if list == nil {
		list = analytes["10-panel"]
	}
	pos := -1
	if c.f("result") == "positive" {
		pos = c.r.IntN(len(list))
	}
	var rows [][]string
	for i, a := range list {
		res := "Negative"
		if i == pos {
			res = "POSITIVE"
		}
		rows = append(rows, []string{a, res, fmt.Sprint(pick(c.r, []int{50, 100, 150, 300, 500})) + " ng/mL"})
	}
	c.font("Helvetica", "", 8.5)
	y = c.table(14, y, []float64{90, 40, 40}, 6.5, []string{"Analyte", "Result", "Screen Cutoff"}, rows, xlgray)
	c.font("Helvetica", "", 8.5)
	c.lvCols(14, y+8, 40, 6,
		[2]string{"Specimen Validity:", "Creatinine " + fmt.Sprint(40+c.r.IntN(150)) + " mg/dL, pH 6.0 - Valid"},
		[2]string{"Reason for Test:", c.pick("Pre-employment", "Pre-placement")},
		[2]string{"Chain of Custody:", "Federal CCF #" + digits(c.r, 9)})
	c.say(sans("B", 11), 14, y+32, "FINAL RESULT: "+strings.ToUpper(c.f("result")))
	c.footer(c.pageOf() + "   Forensic Toxicology")
}

func renderDrugMRO(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dLong)
	c.say(serif("B", 16), 20, 24, c.d.Issuer)
	c.say(serif("", 10), 20, 30, "Medical Review Officer Services")
	c.heavyRule(20, 34, c.w-40, 0.5)
	c.centred(line{serif("B", 13), 48, "MEDICAL REVIEW OFFICER VERIFICATION REPORT"})
	c.font("Times", "", 11)
	y := c.lvCols(24, 64, 48, 8,
		[2]string{"Donor Name:", c.name()},
		[2]string{"Date of Birth:", c.dob()},
		[2]string{"Specimen ID:", digits(c.r, 10)},
		[2]string{"Date Collected:", c.date("collection_date")},
		[2]string{"Test Type:", strings.TrimSpace(c.panelText() + " urine drug screen")},
		[2]string{"Testing Laboratory:", c.f("lab")},
		[2]string{"Reason:", c.pick("Pre-employment", "Pre-placement")},
		[2]string{"MRO Verified Result:", strings.ToUpper(c.f("result"))})
	c.para(serif("", 10), 24, y+6, c.w-48, 5, "I have reviewed the laboratory result for the specimen identified above in accordance with applicable regulations and verified the result reported.")
	c.signature(24, y+34, 80)
	c.say(serif("", 10), 24, y+39, c.someone()+", MD, MRO")
	c.footer("Confidential - for employer use only")
}

func renderDrugVendor(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dAbbr, dISO)
	v := c.d.Issuer
	c.say(sans("B", 18).in(teal), 14, 22, v)
	c.set(sans("", 9))
	c.textR(c.w-14, 18, "Drug Test Result Summary")
	c.textR(c.w-14, 23, "Order #"+digits(c.r, 8))
	c.stroke(teal)
	c.heavyRule(14, 28, c.w-28, 0.6)
	c.font("Helvetica", "", 10)
	c.lvCols(14, 40, 42, 7,
		[2]string{"Candidate:", c.name()},
		[2]string{"Date of Birth:", c.dob()},
		[2]string{"Client:", c.pick("Aya Healthcare", "AMN Healthcare", "Cross Country Nurses", "Trusted Health")})
	c.font("Helvetica", "", 9)
	res := c.f("result")
	status := map[string]string{"negative": "Negative", "positive": "Positive"}[res]
	c.table(14, 64, []float64{46, 30, 34, 40, 32}, 8, []string{"Test", "Collected", "Panel", "Laboratory", "Result"},
		[][]string{{"Urine drug screen", c.date("collection_date"), c.panelText(), c.f("lab"), status}}, rgb{220, 236, 238})
	col := green
	if res == "positive" {
		col = ahaRed
	}
	c.say(sans("B", 12).in(col), 14, 100, "Overall: "+strings.ToUpper(status))
	c.para(fine(7.5), 14, 112, c.w-28, 3.6, "This report is provided for employment purposes under the Fair Credit Reporting Act. A verified positive result has been reviewed by a licensed Medical Review Officer.")
	c.footer(c.pageOf())
}

// --- fit test ---

var respirators = []string{"3M 1860", "3M 1860S", "3M 1870+", "3M 8210", "Halyard FLUIDSHIELD 46727", "Moldex 1512", "BYD DE2322", "3M 9205+", "Honeywell DC365"}

func fillFit(g *gen) {
	g.setDate("test_date", g.recent(365))
	g.f["respirator_model"] = pick(g.r, respirators)
	g.f["result"] = map[bool]string{true: "fail", false: "pass"}[g.opt.Positive]
	g.setIssuer(pick(g.r, tbClinics))
}

func renderFitQualitative(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYs, dLong)
	c.logo("shield", 14, 10, 12, navy)
	c.say(sans("B", 12), 30, 18, c.d.Issuer)
	c.centred(
		line{sans("B", 14), 36, c.pick("RESPIRATOR FIT TEST RECORD", "N95 Qualitative Fit Test Form")},
		line{sans("", 8.5), 41, "OSHA 29 CFR 1910.134 Appendix A - Qualitative Fit Test Protocol"})
	c.font("Helvetica", "", 10)
	c.field(14, 54, 110, "Name", c.name())
	c.field(130, 54, 66, c.pick("Test Date", "Date Tested", "Date"), c.date("test_date"))
	c.field(14, 68, 90, "Respirator Make / Model", c.f("respirator_model"))
	c.field(110, 68, 40, "Size", c.pick("Regular", "Small", "Medium/Large"))
	c.field(156, 68, 40, "Agent", c.pick("Bitrex", "Saccharin"))
	pass := c.f("result") == "pass"
	var rows [][]string
	failAt := c.r.IntN(7)
	for i, ex := range []string{"Normal breathing", "Deep breathing", "Turning head side to side", "Moving head up and down", "Talking (Rainbow Passage)", "Bending over", "Normal breathing"} {
		r := "Pass"
		if !pass && i >= failAt {
			r = map[bool]string{true: "Fail - taste detected", false: "-"}[i == failAt]
		}
		rows = append(rows, []string{fmt.Sprintf("%d. %s", i+1, ex), "60 sec", r})
	}
	c.font("Helvetica", "", 9.5)
	y := c.table(14, 80, []float64{100, 30, 52}, 7, []string{"Exercise", "Duration", "Result"}, rows, xlgray)
	c.say(sans("B", 11), 14, y+12, "Overall result:")
	c.font("Helvetica", "", 10.5)
	c.check(50, y+12, pass && c.has("result"), "PASS")
	c.check(75, y+12, !pass && c.has("result"), "FAIL")
	c.signature(14, y+36, 80)
	c.say(sans("", 8), 14, y+40, "Fit tester: "+c.someone())
	c.footer("Fit testing must be repeated annually or when a different respirator is used.")
}

func renderFitPortacount(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dISO)
	c.say(sans("B", 14), 14, 20, "TSI PortaCount(R) Respirator Fit Tester - Fit Test Report")
	c.say(sans("", 8.5), 14, 26, "FitPro+ Software   |   Protocol: OSHA Fast Filtering Facepiece   |   "+c.d.Issuer)
	c.heavyRule(14, 30, c.w-28, 0.4)
	c.font("Helvetica", "", 10)
	c.lvCols(14, 42, 40, 7,
		[2]string{"Person:", c.name()},
		[2]string{"Test Date:", c.date("test_date")},
		[2]string{"Respirator:", c.f("respirator_model")},
		[2]string{"Pass Level:", "100"})
	pass := c.f("result") == "pass"
	ex := []string{"Bending", "Talking", "Head side-to-side", "Head up-and-down"}
	var rows [][]string
	for _, e := range ex {
		ff := 150 + c.r.IntN(50)
		if !pass {
			ff = 20 + c.r.IntN(70)
		}
		rows = append(rows, []string{e, fmt.Sprint(ff)})
	}
	overall := 180 + c.r.IntN(20)
	if !pass {
		overall = 40 + c.r.IntN(50)
	}
	c.font("Helvetica", "", 9.5)
	y := c.table(14, 72, []float64{80, 40}, 7, []string{"Exercise", "Fit Factor"}, rows, xlgray)
	res := map[bool]string{true: "PASS", false: "FAIL"}[pass]
	if !c.has("result") {
		res = ""
	}
	c.font("Helvetica", "B", 11)
	c.lvs(14, y+12, 8, [2]string{"Overall Fit Factor:", fmt.Sprint(overall)}, [2]string{"Result:", res})
	c.footer("Serial #8048" + digits(c.r, 6) + "   " + c.pageOf())
}
