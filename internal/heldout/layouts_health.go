package heldout

import (
	"fmt"
	"strings"
	"time"
)

func healthLayouts() []*layout {
	return []*layout{
		{name: "preplacement-assessment", types: []string{"physical_exam"}, build: preplacementAssessment},
		{name: "fitness-for-duty-letter", types: []string{"physical_exam"}, build: fitnessForDutyLetter},
		{name: "annual-exam-two-column", types: []string{"physical_exam"}, build: annualExamTwoColumn},
		{name: "mro-result-report", types: []string{"drug_screen"}, build: mroResultReport},
		{name: "tox-analyte-table", types: []string{"drug_screen"}, build: toxAnalyteTable},
		{name: "ccf-copy", types: []string{"drug_screen"}, build: ccfCopy},
		{name: "quantitative-fit-report", types: []string{"fit_test"}, build: quantitativeFitReport},
		{name: "qualitative-fit-card", types: []string{"fit_test"}, build: qualitativeFitCard},
		{name: "fit-test-checkbox-form", types: []string{"fit_test"}, build: fitTestCheckboxForm},
	}
}

var restrictionsText = []string{"No lifting over 20 lbs", "No patient transfers without assistance", "Modified duty: no night shifts",
	"No lifting more than 25 pounds until re-evaluated"}

// exam records the exam's date, clearance and restrictions in the build's
// condition: not cleared, or cleared with restrictions, when failing.
func (b *build) exam(f dateForm) (date string, cleared bool, restrictions string) {
	at := b.within(12)
	date = b.date("exam_date", at, f)
	cleared = !b.failing()
	b.set("cleared", cleared)
	if !cleared {
		restrictions = pick(b.r, restrictionsText)
		b.set("restrictions", restrictions)
	}
	return date, cleared, restrictions
}

func (b *build) clinician() string {
	p := b.staff() + ", " + pick(b.r, []string{"MD", "DO", "NP", "PA-C", "FNP-BC"})
	b.set("provider", p)
	b.accept("provider", p[:strings.LastIndex(p, ",")])
	return p
}

// preplacementAssessment prints a two-page health assessment: history,
// vitals and systems on the first page, the examiner's determination and
// signature on the second.
func preplacementAssessment(b *build) page {
	name := b.name(nameStyle{comma: b.chance(2), mid: midInitial})
	f := b.form(mdy, mdyShort)
	date, cleared, restr := b.exam(f)
	prov := b.clinician()
	systems := [][]string{}
	for _, s := range []string{"HEENT", "Neck", "Cardiovascular", "Lungs", "Abdomen", "Musculoskeletal", "Neurological", "Skin", "Extremities"} {
		systems = append(systems, []string{s, "[X] Normal  [ ] Abnormal", ""})
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.25em">%s</div>
<h2 style="margin:6px 0">Pre-Placement Health Assessment</h2>
%s
<h3>Health History</h3>
<p class="small">Employee denies history of back injury, seizures, latex allergy or bloodborne exposure. Denies current medications except multivitamin. Reports seasonal allergies. No history of surgeries in the past five years.</p>
<h3>Vital Signs</h3>
%s
<h3>Physical Examination</h3>
%s
<div class="pb"></div>
<h3>Examiner's Determination</h3>
<div>%s</div><div>%s</div><div>%s</div>
<p style="margin-top:16px">The employee %s able to perform the essential functions of the position: lifting up to 50 lbs, standing and walking for 12-hour shifts, pushing and pulling patient equipment.</p>
<table style="margin-top:26px; width:100%%"><tr><td>%s</td><td>%s</td></tr></table>
<table style="width:100%%"><tr><td>%s</td><td>%s</td></tr></table>`,
		e(pick(b.r, clinics)),
		kv(row("Employee:", name), row("Date of Birth:", b.dob(f)), row("Position:", "Registered Nurse (Travel)"), row("Date of Exam:", date)),
		gridTable([]string{"BP", "Pulse", "Resp", "Height", "Weight", "Vision (R/L)", "Hearing"},
			[][]string{{fmt.Sprintf("%d/%d", 108+b.r.IntN(25), 64+b.r.IntN(18)), fmt.Sprint(60 + b.r.IntN(30)), "16",
				fmt.Sprintf("5' %d\"", b.r.IntN(12)), fmt.Sprintf("%d lb", 120+b.r.IntN(90)), "20/20 / 20/25", "Normal"}}),
		gridTable([]string{"System", "Finding", "Comment"}, systems),
		box(cleared, "Medically cleared to perform essential functions without restrictions", true),
		box(!cleared && restr != "" && b.chance(2), "Cleared with restrictions (see below)", true),
		box(!cleared, "Not cleared at this time", true),
		map[bool]string{true: "is", false: "is not"}[cleared],
		below(prov, "Examining Provider"), belowHTML(sig(prov), "Signature"),
		below(date, "Date"), below(restrOrBlank(restr), "Restrictions / comments"))
	if cleared {
		b.evidence("cleared", "without restrictions")
	} else {
		b.evidence("cleared", "Not cleared")
	}
	return page{size: letter, font: b.sans(), fontSize: "10pt", title: "Health assessment",
		css: `h3 { font-size: 1.05em; margin: 12px 0 4px; border-bottom: 1px solid #999; }`, body: body}
}

func restrOrBlank(r string) string {
	if r == "" {
		return "—"
	}
	return r
}

// fitnessForDutyLetter prints a physician's letter: the exam and the
// clearance in sentences, signed.
func fitnessForDutyLetter(b *build) page {
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(4))})
	f := b.form(longDate, abbrDate)
	date, cleared, restr := b.exam(f)
	prov := b.clinician()
	verdict := "is medically fit for duty as a registered nurse with no restrictions."
	if !cleared {
		verdict = "is not cleared for full duty at this time. Restrictions: " + restr + "."
		b.evidence("cleared", "not cleared")
	} else {
		b.evidence("cleared", "no restrictions")
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.3em">%s</div>
<div class="small">Internal Medicine &amp; Occupational Health</div>
<div style="margin-top:26px">%s</div>
<p style="margin-top:18px"><b>RE: Fitness for Duty &mdash; %s, DOB %s</b></p>
<p>To Whom It May Concern:</p>
<p>I performed a complete physical examination of %s on %s. Based on the history, examination and review of records, the patient %s</p>
<p>Please contact my office with any questions.</p>
<p style="margin-top:24px">%s<br>%s</p>`,
		e(pick(b.r, clinics)), e(f.format(b.asOf.AddDate(0, 0, -1))), e(name), e(b.dob(f)), e(name), e(date), e(verdict), sig(prov), e(prov))
	return page{size: letter, margin: "1in", font: b.serif(), fontSize: "11.5pt", title: "Letter", body: body}
}

// annualExamTwoColumn prints a two-column form with labels above the
// values and a clearance statement in capitals.
func annualExamTwoColumn(b *build) page {
	first, _, last := b.nameParts(nameStyle{upper: true, mid: midNone})
	f := b.form(mdyDash, mdy, isoDate)
	date, cleared, restr := b.exam(f)
	prov := b.clinician()
	status := "CLEARED FOR DUTY — NO RESTRICTIONS"
	if !cleared {
		status = "NOT CLEARED — RESTRICTIONS APPLY"
		b.evidence("cleared", "NOT CLEARED")
	} else {
		b.evidence("cleared", "NO RESTRICTIONS")
	}
	body := fmt.Sprintf(`
<div style="font-size:1.3em" class="b">Annual Physical Examination &mdash; Employee Health</div>
<div class="small">%s</div>
<table style="width:100%%; margin-top:12px"><tr>
<td style="width:50%%; vertical-align:top">%s<br>%s<br>%s<br>%s</td>
<td style="vertical-align:top">%s<br>%s<br>%s<br>%s</td></tr></table>
<div class="rule"></div>
%s
%s
<div style="margin-top:18px">%s</div>`,
		e(pick(b.r, hospitals)),
		above("Last Name", last), above("First Name", first), above("Date of Birth", b.dob(f)), above("Department", "Nursing — ICU"),
		above("Examination Date", date), above("Examiner", prov), above("Blood Pressure", fmt.Sprintf("%d/%d", 110+b.r.IntN(20), 70+b.r.IntN(12))),
		above("Medical History", "Patient denies chest pain, shortness of breath or recent illness."),
		above("Clearance", status), restrBlock(restr), sig(prov))
	return page{size: letter, font: b.anyFont(), fontSize: "10.5pt", title: "Exam", body: body}
}

func restrBlock(r string) string {
	if r == "" {
		return ""
	}
	return above("Restrictions", r)
}

// drug draws a screen in the build's condition and records result, date
// and panel.
func (b *build) drug(f dateForm) (at time.Time, date, result string, positive []string) {
	at = b.withinDays(30)
	date = b.date("collection_date", at, f)
	result = "negative"
	if b.failing() {
		result = "positive"
		positive = []string{pick(b.r, []string{"Amphetamines", "Marijuana (THC)", "Oxycodone", "Cocaine"})}
	}
	b.set("result", result)
	return at, date, result, positive
}

var drugs10 = []string{"Amphetamines", "Barbiturates", "Benzodiazepines", "Cocaine", "Marijuana (THC)", "Methadone",
	"Methaqualone", "Opiates", "Phencyclidine (PCP)", "Propoxyphene"}

// mroResultReport prints a third-party administrator's result report:
// donor, specimen, reason, panel, the verified result and the MRO.
func mroResultReport(b *build) page {
	name := b.name(nameStyle{comma: true, upper: true, mid: midNone})
	f := b.form(mdy, mdyShort)
	at, date, result, pos := b.drug(f)
	lab := pick(b.r, labs)
	b.set("lab", lab)
	panel := pick(b.r, []string{"10-panel", "5-panel", "12-panel"})
	b.set("panel", panel)
	shown := strings.ToUpper(strings.Replace(panel, "-panel", " Panel", 1))
	b.evidence("panel", shown)
	res := "NEGATIVE"
	if result == "positive" {
		res = "POSITIVE — " + strings.ToUpper(pos[0])
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.3em">ClearPath Screening Services &mdash; Drug Test Result</div>
<div class="rule"></div>
<table style="width:100%%"><tr><td style="vertical-align:top">%s</td><td style="vertical-align:top">%s</td></tr></table>
<div class="res">RESULT: %s</div>
%s
<p class="tiny" style="margin-top:20px">This result was reviewed and verified by the Medical Review Officer. Confidential: release only to the designated employer representative.</p>`,
		kv(row("Donor Name", name), row("Donor ID", "XXX-XX-"+b.digits(4)), row("Employer", pick(b.r, agencies)), row("Reason for Test", "Pre-Employment")),
		kv(row("Specimen ID", b.digits(10)), row("Collection Date", date), row("Collection Site", pick(b.r, clinics)),
			row("Test Type", shown+" Urine, Lab-based")),
		e(res),
		kv(row("Testing Laboratory", lab), row("Medical Review Officer", b.staff()+", MD"), row("MRO Verified", f.format(at.AddDate(0, 0, 2)))))
	return page{size: letter, font: b.sans(), fontSize: "10pt", title: "Drug test",
		css: `.res { font-size: 1.4em; font-weight: bold; margin: 14px 0; border: 2px solid #222; padding: 6px; }`, body: body}
}

// toxAnalyteTable prints a laboratory's toxicology report: a row per drug
// class with cutoff and result, the overall result at the foot.
func toxAnalyteTable(b *build) page {
	name := b.name(nameStyle{mid: midInitial, upper: b.chance(2)})
	lab := pick(b.r, labs)
	b.set("lab", lab)
	f := b.form(mdy, isoDate, dMonY)
	_, date, result, pos := b.drug(f)
	n := pick(b.r, []int{5, 10})
	b.set("panel", fmt.Sprintf("%d-panel", n))
	b.evidence("panel", fmt.Sprintf("%d-Panel", n))
	list := drugs10
	if n == 5 {
		list = []string{"Amphetamines", "Cocaine", "Marijuana (THC)", "Opiates", "Phencyclidine (PCP)"}
	}
	var rows [][]string
	for _, d := range list {
		r := "Negative"
		if len(pos) > 0 && pos[0] == d {
			r = "POSITIVE"
		}
		rows = append(rows, []string{d, r, fmt.Sprint(pick(b.r, []int{25, 50, 150, 300, 1000})) + " ng/mL"})
	}
	if len(pos) > 0 && !strings.Contains(strings.Join(list, ","), pos[0]) {
		rows = append(rows, []string{pos[0], "POSITIVE", "100 ng/mL"})
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.35em">%s</div>
<div class="small">Toxicology &middot; Urine Drug Screen, %d-Panel with Confirmation</div>
<table style="width:100%%; margin-top:10px"><tr><td>%s</td><td>%s</td></tr></table>
<div style="margin-top:10px">%s</div>
<div class="b" style="margin-top:10px">FINAL RESULT: %s</div>
<p class="tiny">Specimen validity: creatinine and pH within range. Certifying scientist: %s</p>`,
		e(lab), n,
		kv(row("Donor:", name), row("DOB:", b.dob(f))),
		kv(row("Collected:", date), row("Specimen #:", b.alnum(9))),
		gridTable([]string{"Analyte", "Result", "Screening Cutoff"}, rows), strings.ToUpper(result), e(b.staff()))
	return page{size: letter, font: b.mono(), fontSize: "9.5pt", title: "Toxicology", body: body}
}

// ccfCopy prints the MRO copy of a custody and control form: steps with
// the collector, the donor and the MRO's verified result checked.
func ccfCopy(b *build) page {
	first, mid, last := b.nameParts(nameStyle{upper: true, mid: midInitial})
	f := b.form(mdy, mdyShort)
	at, date, result, _ := b.drug(f)
	lab := pick(b.r, labs)
	b.set("lab", lab)
	b.set("panel", "5-panel")
	b.evidence("panel", "THC, COC, PCP, OPI, AMP")
	body := fmt.Sprintf(`
<div class="c b">CUSTODY AND CONTROL FORM &mdash; COPY 2 &mdash; MEDICAL REVIEW OFFICER COPY</div>
<div class="c small">Specimen ID No. %s &nbsp;&nbsp; Accession No. %s</div>
<div class="st">STEP 1: COMPLETED BY COLLECTOR OR EMPLOYER REPRESENTATIVE</div>
%s
<div>Reason for test: [X] Pre-employment &nbsp; [ ] Random &nbsp; [ ] Post-accident &nbsp;&nbsp; Drug tests to be performed: [X] THC, COC, PCP, OPI, AMP</div>
<div class="st">STEP 4: CHAIN OF CUSTODY &mdash; INITIATED BY COLLECTOR</div>
%s
<div class="st">STEP 5: COMPLETED BY DONOR</div>
%s
<div class="st">STEP 6: COMPLETED BY MEDICAL REVIEW OFFICER &mdash; PRIMARY SPECIMEN</div>
<div>%s %s %s</div>
<div style="margin-top:8px">%s</div>`,
		b.digits(7), b.digits(8),
		kv(row("A. Employer Name:", pick(b.r, agencies)), row("C. Collection Site:", pick(b.r, clinics)), row("Test Laboratory:", lab)),
		kv(row("Collector:", b.staff()), row("Date (Mo/Day/Yr):", date)),
		kv(row("Donor name (print) — Last:", last), row("First:", join(first, mid)), row("Date of Birth:", b.dob(f)),
			row("Daytime Phone:", b.p.Phone)),
		box(result == "negative", "NEGATIVE", false), box(result == "positive", "POSITIVE for:  ____", false), box(false, "DILUTE", false),
		kv(row("MRO Signature / Name:", b.staff()+", MD"), row("Date:", f.format(at.AddDate(0, 0, 2)))))
	if result == "negative" {
		b.evidence("result", "[X] NEGATIVE")
	} else {
		b.evidence("result", "[X] POSITIVE")
	}
	return page{size: letter, margin: "0.45in", font: b.sans(), fontSize: "9pt", title: "CCF",
		css: `.st { background: #ddd; font-weight: bold; margin-top: 10px; padding: 2px 4px; font-size: 0.9em; }`, body: body}
}

var respirators = []string{"3M 1860", "3M 1870+ Aura", "3M 8210", "Halyard FluidShield 46727", "Moldex 1512", "Honeywell DC365", "BYD DE2322"}

func (b *build) fit(f dateForm) (at time.Time, date, model, result string) {
	at = b.within(12)
	date = b.date("test_date", at, f)
	model = pick(b.r, respirators)
	b.set("respirator_model", model)
	result = "pass"
	if b.failing() {
		result = "fail"
	}
	b.set("result", result)
	return at, date, model, result
}

// quantitativeFitReport prints a quantitative fit test report: the
// exercises with their fit factors, the overall factor and the result.
func quantitativeFitReport(b *build) page {
	name := b.name(nameStyle{comma: true, mid: midNone})
	f := b.form(mdy, isoDate)
	_, date, model, result := b.fit(f)
	var rows [][]string
	lo := 120
	if result == "fail" {
		lo = 30
	}
	for _, ex := range []string{"Normal breathing", "Deep breathing", "Head side to side", "Head up and down", "Talking", "Bending over", "Normal breathing"} {
		rows = append(rows, []string{ex, fmt.Sprint(lo + b.r.IntN(150))})
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.3em">Respirator Fit Test Record &mdash; Quantitative (CNC)</div>
<div class="small">OSHA 29 CFR 1910.134 Appendix A protocol &middot; %s</div>
<table style="width:100%%; margin-top:10px"><tr><td>%s</td><td>%s</td></tr></table>
<div style="margin-top:10px">%s</div>
<div class="b" style="margin-top:10px">Overall Fit Factor: %d &nbsp;&nbsp; (pass level 100) &nbsp;&nbsp; Result: %s</div>
<p class="small">Test operator: %s &nbsp;&nbsp; Instrument S/N: %s</p>`,
		e(pick(b.r, hospitals)),
		kv(row("Test Subject:", name), row("Department:", "Nursing"), row("Test Date:", date)),
		kv(row("Respirator:", model), row("Size:", pick(b.r, []string{"Regular", "Small", "Medium/Large"})), row("Type:", "N95 filtering facepiece")),
		gridTable([]string{"Exercise", "Fit Factor"}, rows), map[string]int{"pass": 185, "fail": 64}[result], strings.ToUpper(result),
		e(b.staff()), b.digits(5))
	return page{size: letter, font: b.sans(), fontSize: "10pt", title: "Fit test", body: body}
}

// qualitativeFitCard prints a wallet card from a qualitative fit test.
func qualitativeFitCard(b *build) page {
	name := b.name(nameStyle{mid: midNone, upper: b.chance(2)})
	f := b.form(mdyShort, mdy)
	_, date, model, result := b.fit(f)
	body := fmt.Sprintf(`
<div class="b c" style="font-size:1.2em">RESPIRATOR FIT TEST CARD</div>
%s
<div class="tiny">Method: Qualitative &mdash; Bitrex (denatonium benzoate) &middot; Tester: %s</div>`,
		kv(row("Name", name), row("Date Tested", date), row("Mask Make/Model", model), row("Size", "Regular"), row("Result", titleCase(result))),
		e(b.staff()))
	return page{size: cardSize, margin: "0.12in", font: b.sans(), fontSize: "7pt", card: true, title: "Fit card",
		css: `.kv th, .kv td { padding: 0 6px 0 0; } body { background: #e8f4ff; }`, body: body}
}

// fitTestCheckboxForm prints an employer's form with boxes for method and
// result, the model written out in a line.
func fitTestCheckboxForm(b *build) page {
	first, _, last := b.nameParts(nameStyle{mid: midNone})
	f := b.form(longDate, mdy)
	at, date, model, result := b.fit(f)
	if result == "pass" {
		b.evidence("result", "[X] PASS")
	} else {
		b.evidence("result", "[X] FAIL")
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.2em">%s &mdash; Respiratory Protection Program</div>
<h3>N95 Respirator Fit Testing Form</h3>
<table class="grid"><tr><td>%s</td><td>%s</td><td>%s</td></tr></table>
<p>Medical clearance on file: [X] Yes [ ] No</p>
<p>Fit test method: [X] Qualitative (saccharin) &nbsp; [ ] Qualitative (Bitrex) &nbsp; [ ] Quantitative</p>
<p>Respirator manufacturer and model: <u>%s</u> &nbsp; Size: <u>%s</u></p>
<p>Result: %s %s</p>
<table style="width:100%%; margin-top:20px"><tr><td>%s</td><td>%s</td></tr></table>`,
		e(pick(b.r, hospitals)), above("Employee Last Name", last), above("First Name", first), above("Date of Test", date),
		e(model), e(pick(b.r, []string{"S", "M/L", "Regular"})),
		box(result == "pass", "PASS", false), box(result == "fail", "FAIL", false),
		below(b.staff(), "Fit tester (print)"), below(f.format(at.AddDate(1, 0, 0)), "Next fit test due"))
	return page{size: letter, font: b.serif(), fontSize: "11pt", title: "Fit form", body: body}
}
