package heldout

import (
	"fmt"
	"strings"
)

func tbLayouts() []*layout {
	return []*layout{
		{name: "county-tst-form", types: []string{"tb_skin_test"}, build: countyTSTForm},
		{name: "occhealth-ppd-table", types: []string{"tb_skin_test"}, build: occHealthPPDTable},
		{name: "clinician-tst-letter", types: []string{"tb_skin_test"}, build: clinicianTSTLetter},
		{name: "igra-lab-columns", types: []string{"tb_blood_test"}, build: igraLabColumns},
		{name: "igra-patient-report", types: []string{"tb_blood_test"}, build: igraPatientReport},
		{name: "tspot-hospital-lab", types: []string{"tb_blood_test"}, build: tspotHospitalLab},
		{name: "radiology-report", types: []string{"chest_xray"}, build: radiologyReport},
		{name: "cxr-clearance-form", types: []string{"chest_xray"}, build: cxrClearanceForm},
	}
}

var counties = []string{"Pinewood County Health Department", "Bexar Valley Public Health District",
	"Lake Ridge County Department of Health", "Three Rivers Health District", "Canyon County Public Health"}

var clinics = []string{"WorkWell Occupational Medicine", "Northside Family Clinic", "Sunbelt Urgent Care & Occupational Health",
	"Harbor Employee Health Services", "Crossroads Community Health Center", "MedFirst Occupational Health"}

var labs = []string{"Meridian Clinical Laboratories", "Heartland Reference Laboratory", "Pacific Crest Diagnostics",
	"Keystone Laboratory Services", "Blue Ridge Pathology Laboratories"}

// tst draws a skin test in the build's condition and records it.
func (b *build) tst() (placed, read string, mm int, result string, f dateForm) {
	at := b.within(12)
	f = b.form(mdy, mdyShort, dMonY, abbrDate)
	placed = b.date("administered_date", at, f)
	read = b.date("read_date", at.AddDate(0, 0, 2+b.r.IntN(2)), f)
	mm = pick(b.r, []int{0, 0, 0, 2, 3})
	result = "negative"
	if b.failing() {
		mm = 11 + b.r.IntN(9)
		result = "positive"
	}
	b.set("induration_mm", mm)
	b.set("result", result)
	return placed, read, mm, result, f
}

func titleCase(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// countyTSTForm prints a health department's two-part form: placement and
// reading, each signed by a nurse, the name in boxes over their labels.
func countyTSTForm(b *build) page {
	first, mid, last := b.nameParts(nameStyle{upper: b.chance(2), mid: midInitial})
	placed, read, mm, result, _ := b.tst()
	county := pick(b.r, counties)
	b.set("provider", county)
	lotExp := b.asOf.AddDate(0, 6+b.r.IntN(10), 0).Format("01/2006")
	body := fmt.Sprintf(`
<div class="c b" style="font-size:1.3em">%s</div>
<div class="c b">TUBERCULIN SKIN TEST (TST) RECORD</div>
<div class="c small">Mantoux method &mdash; 0.1 mL (5 TU) PPD intradermal</div>
<table class="grid" style="margin-top:12px"><tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr></table>
<div class="sec">PLACEMENT</div>
<table class="grid"><tr><td>%s</td><td>%s</td><td>%s</td></tr>
<tr><td colspan="2">%s</td><td>%s</td></tr></table>
<div class="sec">READING (48&ndash;72 hours after placement)</div>
<table class="grid"><tr><td>%s</td><td>%s</td><td>Interpretation:<br>%s %s</td></tr>
<tr><td colspan="3">%s</td></tr></table>
<div style="margin-top:14px">%s</div>
<p class="tiny">A reaction of 10 mm or more is positive for health care workers. Record induration in millimeters, not redness. Keep this record.</p>`,
		e(county), above("Last Name", last), above("First Name", first), above("MI", mid), above("Date of Birth", b.dob(mdy)),
		above("Date Placed", placed), above("Time", fmt.Sprintf("%d:%02d %s", 8+b.r.IntN(4), b.r.IntN(60), "AM")),
		above("Site", pick(b.r, []string{"L forearm", "R forearm"})),
		above("Antigen / Manufacturer / Lot", fmt.Sprintf("PPD (Tubersol) Sanofi Pasteur, Lot %s, Exp %s", b.alnum(7), lotExp)),
		above("Placed by (name, credentials)", b.staff()+", RN"),
		above("Date Read", read), above("Induration", fmt.Sprintf("%d mm", mm)),
		box(result == "negative", "Negative", true), box(result == "positive", "Positive", true),
		above("Read by (name, credentials)", b.staff()+", LVN"),
		kv(row("Provider:", county), row("Clinic phone:", fmt.Sprintf("(%d) 555-%04d", 300+b.r.IntN(600), b.r.IntN(10000)))))
	return page{size: letter, font: b.sans(), fontSize: "10pt", title: "TST record",
		css: `.sec { background: #222; color: #fff; padding: 2px 6px; margin-top: 12px; font-weight: bold; }`, body: body}
}

// occHealthPPDTable prints an occupational clinic's result with the test in
// one table row.
func occHealthPPDTable(b *build) page {
	name := b.name(nameStyle{comma: true, mid: midNone, upper: b.chance(2)})
	placed, read, mm, result, _ := b.tst()
	np := b.staff() + ", " + pick(b.r, []string{"NP", "PA-C", "MD", "DO"})
	b.set("provider", np)
	b.accept("provider", np[:strings.LastIndex(np, ",")])
	body := fmt.Sprintf(`
<table style="width:100%%"><tr><td class="b" style="font-size:1.3em">%s</td><td class="r small">Employer Services Report</td></tr></table>
<div class="rule"></div>
%s
<h3>PPD Skin Test Results</h3>
%s
<div style="margin-top:14px">%s</div>
<p class="small" style="margin-top:24px">Medical Director: %s, MD &nbsp;&middot;&nbsp; This report is confidential medical information.</p>`,
		e(pick(b.r, clinics)),
		kv(row("Patient:", name), row("DOB:", b.dob(b.form(mdy, mdyShort))), row("Employer:", pick(b.r, agencies)),
			row("Visit Reason:", "Pre-placement TB screening")),
		gridTable([]string{"Test", "Date Administered", "Date Read", "Induration (mm)", "Result"},
			[][]string{{"PPD (Mantoux) 5 TU, Aplisol", placed, read, fmt.Sprint(mm), strings.ToUpper(result)}}),
		kv(row("Healthcare Provider:", np), row("Administered by:", b.staff()+", MA")),
		e(b.staff()))
	return page{size: letter, font: b.sans(), fontSize: "10pt", title: "PPD", body: body}
}

var agencies = []string{"Atlas Travel Nursing", "Horizon Clinical Staffing", "BlueWave Health Professionals", "TrueNorth Nurse Staffing"}

// clinicianTSTLetter prints a clinic letter with the test in sentences,
// signed by the clinician who is its provider.
func clinicianTSTLetter(b *build) page {
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(4))})
	at := b.within(12)
	f := b.form(longDate, dMonY, abbrDotted)
	placed := b.date("administered_date", at, f)
	read := b.date("read_date", at.AddDate(0, 0, 2), f)
	mm, result := 0, "negative"
	if b.failing() {
		mm, result = 12+b.r.IntN(8), "positive"
	}
	b.set("induration_mm", mm)
	b.set("result", result)
	doc := b.staff()
	cred := pick(b.r, []string{"MD", "DO", "FNP-C"})
	b.set("provider", doc+", "+cred)
	b.accept("provider", doc)
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.3em">%s</div>
<div class="small">%s &middot; %s, %s</div>
<div style="margin-top:26px">%s</div>
<p style="margin-top:20px">To whom it may concern:</p>
<p>%s (date of birth %s) received a tuberculin skin test (Mantoux, Tubersol 5 TU) in our office on %s. The test was read on %s.
Induration: %d mm. Result: %s.</p>
<p>%s</p>
<p style="margin-top:26px">%s<br>%s, %s</p>`,
		e(pick(b.r, clinics)), e(fmt.Sprintf("%d Medical Pkwy", 100+b.r.IntN(900))), e(b.p.City), b.p.State,
		e(f.format(at.AddDate(0, 0, 3))), e(name), e(b.dob(f)), e(placed), e(read), mm, titleCase(result),
		e(map[string]string{"negative": "No further evaluation is needed at this time.", "positive": "A chest radiograph has been ordered."}[result]),
		sig(doc), e(doc), e(cred))
	return page{size: letter, margin: "1in", font: b.serif(), fontSize: "11.5pt", title: "Letter", body: body}
}

// igra draws an IGRA result in the build's condition.
func (b *build) igra() string {
	if b.failing() {
		return pick(b.r, []string{"positive", "positive", "indeterminate"})
	}
	return "negative"
}

func igraValues(result string) (nil_, mitogen, tb1, tb2 string) {
	switch result {
	case "positive":
		return "0.05", ">10.00", "1.87", "2.41"
	case "indeterminate":
		return "0.12", "0.21", "0.03", "0.02"
	}
	return "0.03", ">10.00", "0.00", "0.01"
}

// igraLabColumns prints a national lab's report: three header columns
// (patient, specimen, client), a results table with in-range and
// out-of-range columns, the performing site and director at the foot.
func igraLabColumns(b *build) page {
	name := b.name(nameStyle{comma: true, upper: true, mid: midInitial})
	lab := pick(b.r, labs)
	b.set("lab", lab)
	at := b.within(12)
	f := b.form(mdy, mdyShort)
	res := b.igra()
	b.set("result", res)
	nil_, mit, tb1, tb2 := igraValues(res)
	in, out := strings.ToUpper(res), ""
	if res != "negative" {
		in, out = "", strings.ToUpper(res)
	}
	body := fmt.Sprintf(`
<table style="width:100%%"><tr><td class="b" style="font-size:1.4em; color:#0b5">%s</td><td class="r small">Patient Report<br>Account: %s</td></tr></table>
<table class="grid" style="margin-top:8px"><tr><th>Patient Information</th><th>Specimen Information</th><th>Client Information</th></tr>
<tr><td>%s<br>DOB: %s &nbsp; Sex: %s<br>Phone: %s</td>
<td>Specimen: %s<br>Collected: %s<br>Received: %s<br>Reported: %s</td>
<td>Client #: %s<br>%s<br>Ordering Physician: %s</td></tr></table>
<div style="margin-top:12px"></div>
%s
<p class="small">Result Interpretation: a NEGATIVE result does not exclude infection with Mycobacterium tuberculosis.</p>
<p class="tiny" style="margin-top:30px">Performing Site: MCL %s, %d Research Blvd, %s. Laboratory Director: %s, MD, PhD. CLIA: %s</p>`,
		e(lab), b.digits(8),
		e(name), e(b.dob(f)), b.p.Sex, e(b.p.Phone),
		b.alnum(10), e(b.date("collection_date", at, f)+" "+fmt.Sprintf("%02d:%02d", 7+b.r.IntN(5), b.r.IntN(60))),
		e(f.format(at.AddDate(0, 0, 1))), e(f.format(at.AddDate(0, 0, 2+b.r.IntN(2)))),
		b.digits(8), e(pick(b.r, clinics)), e(b.staff()),
		gridTable([]string{"Test Name", "In Range", "Out Of Range", "Reference Range", "Lab"}, [][]string{
			{"QUANTIFERON(R)-TB GOLD PLUS, 1 TUBE", in, out, "NEGATIVE", "MCL"},
			{"  NIL", nil_, "", "IU/mL", "MCL"}, {"  MITOGEN-NIL", mit, "", "IU/mL", "MCL"},
			{"  TB1-NIL", tb1, "", "<0.35 IU/mL", "MCL"}, {"  TB2-NIL", tb2, "", "<0.35 IU/mL", "MCL"}}),
		e(lab), 100+b.r.IntN(9000), e(b.p.City), e(b.staff()), b.digits(2)+"D"+b.digits(7))
	return page{size: letter, margin: "0.5in", font: b.sans(), fontSize: "9pt", title: "Lab report", body: body}
}

// igraPatientReport prints another lab's report: labels left of values in
// blocks, a tests table with flag and units.
func igraPatientReport(b *build) page {
	name := b.name(nameStyle{comma: true, mid: middleForm(b.r.IntN(3))})
	lab := pick(b.r, labs)
	b.set("lab", lab)
	at := b.within(12)
	f := b.form(mdy, mdyDash)
	res := b.igra()
	b.set("result", res)
	flag := ""
	if res != "negative" {
		flag = "Abnormal"
	}
	body := fmt.Sprintf(`
<div style="font-size:1.5em">%s</div>
<div class="small">Patient Report &nbsp;|&nbsp; Specimen ID: %s &nbsp;|&nbsp; Control ID: %s</div>
<table style="width:100%%; margin-top:10px"><tr><td style="vertical-align:top">%s</td><td style="vertical-align:top">%s</td></tr></table>
<div class="b" style="margin-top:10px">Ordered Items: QuantiFERON-TB Gold Plus</div>
%s
<p class="small">QuantiFERON Criteria: a Negative result means IFN-gamma response to TB antigens was not detected.</p>
<p class="tiny" style="margin-top:26px">%s &middot; Director: %s, MD &middot; For inquiries, the physician may contact the laboratory.</p>`,
		e(lab), b.digits(11), b.digits(11),
		kv(row("Patient Name:", name), row("Date of Birth:", b.dob(f)), row("Age:", fmt.Sprint(b.asOf.Year()-b.p.DOB.Year())), row("Sex:", b.p.Sex)),
		kv(row("Date Collected:", b.date("collection_date", at, f)), row("Date Received:", f.format(at.AddDate(0, 0, 1))),
			row("Date Reported:", f.format(at.AddDate(0, 0, 3))), row("Ordering Physician:", b.staff())),
		gridTable([]string{"Tests", "Result", "Flag", "Units", "Reference Interval"}, [][]string{
			{"QuantiFERON-TB Gold Plus", titleCase(res), flag, "", "Negative"},
			{"QFT-Plus Nil Value", "0.04", "", "IU/mL", ""}, {"QFT-Plus Mitogen-Nil", ">10.00", "", "IU/mL", ""}}),
		e(lab), e(b.staff()))
	return page{size: letter, font: b.serif(), fontSize: "10pt", title: "Report", body: body}
}

// tspotHospitalLab prints a hospital laboratory's T-SPOT.TB result.
func tspotHospitalLab(b *build) page {
	name := b.name(nameStyle{comma: true, upper: true, mid: midInitial})
	hosp := pick(b.r, hospitals)
	lab := hosp + " Laboratory"
	b.set("lab", lab)
	at := b.within(12)
	f := dMonY
	res := b.igra()
	b.set("result", res)
	a, c := "0", "1"
	if res == "positive" {
		a, c = "14", "9"
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.25em">%s</div>
<div class="small">Department of Pathology and Laboratory Medicine</div>
<div class="rule"></div>
%s
<div class="rule"></div>
<pre style="font-family:inherit; font-size:1em">
TEST                      RESULT          REFERENCE
T-SPOT.TB
  Panel A (ESAT-6)        %s spots
  Panel B (CFP10)         %s spots
  T-SPOT.TB Result        %-15s NEGATIVE
</pre>
<p class="small">Verified by: %s, MLS(ASCP) &nbsp; Pathologist: %s, MD</p>`,
		e(lab), kv(row("Name:", name), row("MRN:", b.digits(8)), row("DOB:", b.dob(f)),
			row("Collection Date/Time:", b.date("collection_date", at, f)+" "+fmt.Sprintf("%02d%02d", 6+b.r.IntN(6), b.r.IntN(60))),
			row("Location:", "Employee Health")),
		a, c, strings.ToUpper(res), e(b.staff()), e(b.staff()))
	return page{size: letter, font: b.mono(), fontSize: "10pt", title: "Lab", body: body}
}

var imaging = []string{"Pinnacle Imaging Associates", "Lakeside Radiology Group", "Summit Diagnostic Imaging"}

// radiologyReport prints a radiology report with findings and impression,
// the interpreting radiologist labelled, the referrer another person.
func radiologyReport(b *build) page {
	name := b.name(nameStyle{comma: true, mid: midInitial, upper: b.chance(2)})
	at := b.within(12)
	f := b.form(mdy, longDate)
	rad := b.staff()
	b.set("provider", rad+", MD")
	b.accept("provider", rad)
	res := "negative"
	impression := "No acute cardiopulmonary process. No radiographic evidence of active tuberculosis."
	findings := "The lungs are clear without focal consolidation, effusion or pneumothorax. The cardiomediastinal silhouette is within normal limits. Osseous structures are intact."
	if b.failing() {
		res = "positive"
		impression = "Right upper lobe nodular and cavitary opacities, suspicious for active tuberculosis. Recommend sputum AFB and clinical correlation."
		findings = "There are nodular opacities with a 2.1 cm cavitary lesion in the right upper lobe. Right hilar fullness. No pleural effusion."
	}
	b.set("result", res)
	b.evidence("result", strings.Fields(impression)[0])
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.3em">%s</div>
<div class="c b" style="margin:10px 0">RADIOLOGY REPORT</div>
<table style="width:100%%"><tr><td>%s</td><td>%s</td></tr></table>
<p><b>EXAM:</b> XR CHEST PA AND LATERAL (2 VIEWS)</p>
<p><b>INDICATION:</b> Pre-employment TB screening. History of positive skin test.</p>
<p><b>COMPARISON:</b> None.</p>
<p><b>FINDINGS:</b> %s</p>
<p><b>IMPRESSION:</b><br>%s</p>
<p>%s</p>
<p class="small">Electronically signed on %s at %02d:%02d.</p>`,
		e(pick(b.r, imaging)),
		kv(row("Patient:", name), row("DOB:", b.dob(f)), row("MRN:", b.digits(7))),
		kv(row("Exam Date:", b.date("exam_date", at, f)), row("Referring Physician:", b.staff()+", MD"), row("Accession:", b.digits(9))),
		e(findings), e(impression), kv(row("Interpreting Radiologist:", rad+", MD")), e(f.format(at)), 8+b.r.IntN(9), b.r.IntN(60))
	return page{size: letter, font: b.serif(), fontSize: "10.5pt", title: "Radiology", body: body}
}

// cxrClearanceForm prints an employer's one-page chest X-ray form with check
// boxes for the result.
func cxrClearanceForm(b *build) page {
	first, _, last := b.nameParts(nameStyle{mid: midNone})
	at := b.within(12)
	f := b.form(mdy, mdyShort)
	res := "negative"
	if b.failing() {
		res = "positive"
	}
	b.set("result", res)
	prov := b.staff() + ", MD"
	b.set("provider", prov)
	b.accept("provider", strings.TrimSuffix(prov, ", MD"))
	normal := "Normal — no evidence of active tuberculosis"
	abnormal := "Abnormal — findings consistent with active TB; refer"
	if res == "negative" {
		b.evidence("result", "no evidence of active tuberculosis")
	} else {
		b.evidence("result", "consistent with active TB")
	}
	body := fmt.Sprintf(`
<div class="c b" style="font-size:1.2em">Chest X-Ray Report for TB Clearance</div>
<div class="c small">To be completed by the healthcare provider for employees with a positive TST or IGRA history</div>
<table class="grid" style="margin-top:14px"><tr><td>%s</td><td>%s</td><td>%s</td></tr>
<tr><td>%s</td><td colspan="2">%s</td></tr></table>
<div style="margin-top:14px" class="b">Chest X-ray result:</div>
<div>%s</div><div>%s</div>
<table class="grid" style="margin-top:16px"><tr><td>%s</td><td>%s</td></tr></table>
<div style="margin-top:14px">Signature: %s</div>`,
		above("Employee Last Name", last), above("First Name", first), above("Date of Birth", b.dob(f)),
		above("Date of Chest X-Ray", b.date("exam_date", at, f)), above("Facility", pick(b.r, imaging)),
		box(res == "negative", normal, false), box(res == "positive", abnormal, false),
		above("Healthcare Provider (print)", prov), above("Phone", fmt.Sprintf("(%d) 555-%04d", 300+b.r.IntN(600), b.r.IntN(10000))),
		sig(prov))
	return page{size: letter, font: b.sans(), fontSize: "10.5pt", title: "CXR form", body: body}
}
