package heldout

import (
	"fmt"
	"strings"
	"time"
)

func workLayouts() []*layout {
	training := []string{"hipaa_training", "osha_training"}
	return []*layout{
		{name: "screening-report-summary", types: []string{"background_check"}, build: screeningReportSummary},
		{name: "consumer-report-modern", types: []string{"background_check"}, build: consumerReportModern},
		{name: "screening-completion-letter", types: []string{"background_check"}, build: screeningCompletionLetter},
		{name: "skills-rating-grid", types: []string{"skills_checklist"}, build: skillsRatingGrid},
		{name: "specialty-self-assessment", types: []string{"skills_checklist"}, build: specialtySelfAssessment},
		{name: "resume-classic", types: []string{"resume"}, build: resumeClassic},
		{name: "resume-sidebar", types: []string{"resume"}, build: resumeSidebar},
		{name: "lms-certificate", types: training, build: lmsCertificate},
		{name: "lms-transcript", types: training, build: lmsTranscript},
		{name: "training-wallet-card", types: training, build: trainingWalletCard},
		{name: "fax-cover", types: []string{"other"}, build: faxCover},
		{name: "cover-letter", types: []string{"other"}, build: coverLetter},
	}
}

var vendors = []string{"Verity Screening Solutions, Inc.", "Sentinel Background Services", "TrueCheck Employment Screening",
	"Keystone Verification Group", "Lighthouse Screening LLC"}

// screening draws a background check's completion date and result.
func (b *build) screening(f dateForm) (at time.Time, date, result string) {
	at = b.within(12)
	date = b.date("completed_date", at, f)
	result = "clear"
	if b.failing() {
		result = "consider"
	}
	b.set("result", result)
	return at, date, result
}

func searches(b *build, result string) [][]string {
	county := pick(b.r, []string{"Travis County, TX", "Maricopa County, AZ", "Hillsborough County, FL", "Wake County, NC", "Franklin County, OH"})
	rows := [][]string{
		{"SSN Trace", "—", "Complete"},
		{"County Criminal Records", county, "Clear"},
		{"Federal Criminal Records", "District of " + b.p.State, "Clear"},
		{"National Criminal Database", "Nationwide", "Clear"},
		{"Sex Offender Registry", "Nationwide (NSOPW)", "Clear"},
		{"OIG / GSA / SAM Exclusions", "Federal", "Clear"},
		{"Healthcare Sanctions", "All states", "Clear"},
	}
	if result == "consider" {
		rows[1][2] = "Consider — Records Found"
	}
	return rows
}

// screeningReportSummary prints a two-page report: summary and search
// table, then the search details with their own dates.
func screeningReportSummary(b *build) page {
	name := b.name(nameStyle{comma: true, upper: true, mid: midNone})
	vendor := pick(b.r, vendors)
	b.set("vendor", vendor)
	f := b.form(mdy, mdyShort)
	at, date, result := b.screening(f)
	rows := searches(b, result)
	var details strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&details, `<div class="b" style="margin-top:10px">%s &mdash; %s</div><div class="small">Search completed %s. Result: %s. Records reviewed by %s.</div>`,
			e(r[0]), e(r[1]), e(f.format(at.AddDate(0, 0, -b.r.IntN(4)))), e(r[2]), e(b.staff()))
	}
	if result == "consider" {
		details.WriteString(`<div class="small">Case 2019-M-0448: Misdemeanor &mdash; theft of property &lt; $100. Disposition: deferred adjudication, completed.</div>`)
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.4em">%s</div>
<div style="font-size:1.2em">Background Screening Report</div>
<table style="width:100%%; margin-top:10px"><tr><td style="vertical-align:top">%s</td><td style="vertical-align:top">%s</td></tr></table>
<div class="res">Overall Result: %s</div>
%s
<div class="pb"></div>
<div class="b">Search Details &mdash; %s</div>
%s
<p class="tiny" style="margin-top:20px">This consumer report is furnished under the Fair Credit Reporting Act (FCRA). A summary of your rights is attached.</p>`,
		e(vendor), kv(row("Applicant:", name), row("DOB:", "**/**/"+fmt.Sprint(b.p.DOB.Year())), row("Client:", pick(b.r, agencies))),
		kv(row("Order Date:", f.format(at.AddDate(0, 0, -5))), row("Completed Date:", date), row("Report Status:", "Complete")),
		strings.ToUpper(result), gridTable([]string{"Search", "Jurisdiction", "Status"}, rows), e(name), details.String())
	return page{size: letter, font: b.sans(), fontSize: "10pt", title: "Report",
		css: `.res { font-size: 1.3em; font-weight: bold; margin: 12px 0; }`, body: body}
}

// consumerReportModern prints a web-style report: the name large in natural
// order, a status badge, the completion date in words.
func consumerReportModern(b *build) page {
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(3))})
	vendor := pick(b.r, vendors)
	b.set("vendor", vendor)
	f := b.form(abbrDate, longDate)
	_, date, result := b.screening(f)
	var list strings.Builder
	for _, r := range searches(b, result) {
		fmt.Fprintf(&list, `<tr><td>%s</td><td class="small">%s</td><td class="pill">%s</td></tr>`, e(r[0]), e(r[1]), e(strings.ToUpper(strings.Fields(r[2])[0])))
	}
	body := fmt.Sprintf(`
<div class="small" style="color:#666">%s &middot; Consumer Report</div>
<div style="font-size:2em; margin-top:8px">%s</div>
<div style="margin:8px 0"><span class="badge">%s</span> &nbsp; Report completed %s</div>
%s
<table style="width:100%%; margin-top:14px">%s</table>`,
		e(vendor), e(name), strings.ToUpper(result), e(date),
		kv(row("Date of birth", b.dob(f)), row("Location", b.p.City+", "+b.p.State), row("Package", "Healthcare Pro Plus")),
		list.String())
	return page{size: letter, font: b.sans(), fontSize: "10.5pt", title: "Consumer report",
		css: `.badge { background: #1e7d32; color: #fff; padding: 3px 10px; border-radius: 10px; font-weight: bold; }
.pill { font-weight: bold; color: #1e7d32; } td { padding: 5px 4px; border-bottom: 1px solid #ddd; }`, body: body}
}

// screeningCompletionLetter prints a vendor's letter to the employer with
// the adjudication in a sentence.
func screeningCompletionLetter(b *build) page {
	name := b.name(nameStyle{mid: midInitialDot})
	vendor := pick(b.r, vendors)
	b.set("vendor", vendor)
	f := b.form(longDate, mdy)
	at, date, result := b.screening(f)
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.3em">%s</div>
<div class="small">Client Services &middot; 1-800-555-%04d</div>
<div style="margin-top:26px">%s</div>
<p style="margin-top:16px">%s<br>Attn: Credentialing</p>
<p><b>Re: Background check results &mdash; %s (DOB %s)</b></p>
<p>The background investigation you ordered on %s was completed on %s. Based on the criteria your organization provided, the final adjudication is: <b>%s</b>.</p>
<p>Searches included SSN trace, county, statewide and federal criminal records, the national sex offender registry and federal exclusion lists.</p>
<p>Sincerely,<br>%s<br>%s, Client Services Manager</p>`,
		e(vendor), b.r.IntN(10000), e(f.format(at.AddDate(0, 0, 1))), e(pick(b.r, agencies)), e(name), e(b.dob(f)),
		e(f.format(at.AddDate(0, 0, -6))), e(date), strings.ToUpper(result), sig(b.staff()), e(b.staff()))
	return page{size: letter, margin: "1in", font: b.serif(), fontSize: "11pt", title: "Letter", body: body}
}

var specialties = []string{"Medical-Surgical", "Telemetry", "Emergency Department", "Intensive Care Unit", "Labor and Delivery", "Operating Room"}

var skillRows = map[string][]string{
	"Assessment": {"Neurological assessment / GCS", "Cardiac rhythm interpretation", "Pain assessment and reassessment", "Fall risk assessment"},
	"Procedures": {"Care of patient with PCA (patient controlled analgesia)", "Central line dressing change", "Blood product administration",
		"Nasogastric tube insertion", "Wound vac management", "Peripheral IV insertion"},
	"Medications": {"Insulin drips", "Heparin protocol", "Titration of vasoactive drips", "Conscious sedation monitoring"},
	"Equipment":   {"Telemetry monitoring", "Alaris / infusion pumps", "Glucometer", "Bladder scanner"},
}

// skillsRatingGrid prints a two-page checklist: name and date at the top,
// rated rows by category, an attestation signed and dated at the end.
func skillsRatingGrid(b *build) page {
	name := b.name(nameStyle{mid: midNone, upper: b.chance(3)})
	spec := pick(b.r, specialties)
	b.set("specialty", spec)
	at := b.within(12)
	f := b.form(mdy, mdyShort)
	date := b.date("completed_date", at, f)
	var rows strings.Builder
	for i, cat := range []string{"Assessment", "Procedures", "Medications", "Equipment"} {
		if i == 2 {
			rows.WriteString(`</table><div class="pb"></div><table class="grid">`)
		}
		fmt.Fprintf(&rows, `<tr><th colspan="5">%s</th></tr>`, e(cat))
		for _, s := range skillRows[cat] {
			r := 1 + b.r.IntN(4)
			cells := ""
			for k := 1; k <= 4; k++ {
				mark := ""
				if k == r {
					mark = "X"
				}
				cells += "<td class=\"c\">" + mark + "</td>"
			}
			fmt.Fprintf(&rows, "<tr><td>%s</td>%s</tr>", e(s), cells)
		}
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.3em">%s RN Skills Checklist</div>
<div class="small">%s</div>
<table style="width:100%%; margin:10px 0"><tr><td>Name: <b>%s</b></td><td>Date: <b>%s</b></td></tr></table>
<p class="small">Please rate your experience: 1 = No experience, 2 = Limited experience, 3 = Competent, 4 = Expert.</p>
<table class="grid"><tr><th>Skill</th><th>1</th><th>2</th><th>3</th><th>4</th></tr>%s</table>
<p class="small" style="margin-top:14px">I attest that this self-assessment is accurate to the best of my knowledge.</p>
<table><tr><td>%s</td><td>%s</td></tr></table>`,
		e(spec), e(pick(b.r, agencies)), e(name), e(date), rows.String(),
		belowHTML(sig(b.p.First+" "+b.p.Last), "Signature"), below(date, "Date"))
	b.evidence("specialty", spec)
	return page{size: letter, font: b.sans(), fontSize: "9.5pt", title: "Skills checklist", body: body}
}

// specialtySelfAssessment prints an agency's self-assessment with the
// specialty and completion date labelled, the name in "Last, First".
func specialtySelfAssessment(b *build) page {
	name := b.name(nameStyle{comma: true, mid: midNone})
	spec := pick(b.r, specialties)
	b.set("specialty", spec)
	at := b.within(12)
	f := b.form(abbrDate, isoDate, mdy)
	var rows [][]string
	for _, cat := range []string{"Procedures", "Medications", "Assessment"} {
		for _, s := range skillRows[cat] {
			rows = append(rows, []string{s, pick(b.r, []string{"Never", "< 1 yr", "1-2 yrs", "> 2 yrs"}), pick(b.r, []string{"Daily", "Weekly", "Monthly", "Rarely"})})
		}
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.25em">%s &mdash; Clinician Skills Self-Assessment</div>
%s
<div style="margin-top:10px">%s</div>
<p class="small">Completed electronically by the clinician. Recruiter: %s</p>`,
		e(pick(b.r, agencies)),
		kv(row("Clinician:", name), row("Specialty:", spec), row("Completed on:", b.date("completed_date", at, f))),
		gridTable([]string{"Skill", "Experience", "Frequency"}, rows), e(b.staff()))
	return page{size: letter, font: b.anyFont(), fontSize: "9.5pt", title: "Self-assessment", body: body}
}

func (b *build) contact() (email, phone string) {
	email = b.p.Email
	b.set("email", email)
	digits := strings.NewReplacer("(", "", ")", "", " ", "", "-", "").Replace(b.p.Phone)
	phone = pick(b.r, []string{b.p.Phone, digits[:3] + "-" + digits[3:6] + "-" + digits[6:], digits[:3] + "." + digits[3:6] + "." + digits[6:]})
	b.set("phone", phone)
	return email, phone
}

func experience(b *build) string {
	var out strings.Builder
	end := b.asOf
	for i := 0; i < 3; i++ {
		start := end.AddDate(0, -(5 + b.r.IntN(18)), 0)
		endS := "Present"
		if i > 0 {
			endS = end.Format("01/2006")
		}
		fmt.Fprintf(&out, `<div style="margin-top:8px"><b>%s</b> &mdash; %s, %s<br><i>Travel RN, %s</i> &nbsp; %s &ndash; %s
<ul class="small"><li>Managed care for 4&ndash;6 patients per shift; charge nurse as needed.</li><li>Epic documentation; precepted new graduates.</li></ul></div>`,
			e(pick(b.r, hospitals)), e(pick(b.r, cities).city), pick(b.r, cities).state, e(pick(b.r, specialties)), start.Format("01/2006"), endS)
		end = start.AddDate(0, -1, 0)
	}
	return out.String()
}

// resumeClassic prints a one-column resume: name, contact line, sections,
// certifications with their own dates, references with other names.
func resumeClassic(b *build) page {
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(3)), upper: b.chance(2)})
	email, phone := b.contact()
	body := fmt.Sprintf(`
<div class="c" style="font-size:2em; letter-spacing:0.05em">%s, RN, BSN</div>
<div class="c small">%s, %s &nbsp;|&nbsp; %s &nbsp;|&nbsp; %s</div>
<h3>Professional Summary</h3>
<p>Registered nurse with %d years of acute care experience in high-volume hospitals; travel nurse since %d.</p>
<h3>Experience</h3>%s
<h3>Education</h3><p>Bachelor of Science in Nursing, %s University, %d</p>
<h3>Licenses &amp; Certifications</h3>
<ul><li>RN License, %s (compact) &mdash; exp. %s</li><li>BLS, American Heart Association &mdash; exp. %s</li><li>ACLS &mdash; exp. %s</li></ul>
<h3>References</h3><p>%s, Nurse Manager &mdash; %s<br>%s, Charge Nurse</p>`,
		e(name), e(b.p.City), b.p.State, e(phone), e(email), 3+b.r.IntN(15), b.asOf.Year()-1-b.r.IntN(5),
		experience(b), pick(b.r, []string{"Texas State", "Arizona State", "Ohio", "Florida International"}), b.p.DOB.Year()+22,
		b.p.State, b.asOf.AddDate(1, 3, 0).Format("01/2006"), b.asOf.AddDate(1, 0, 0).Format("01/2006"), b.asOf.AddDate(0, 9, 0).Format("01/2006"),
		e(b.staff()), e(fmt.Sprintf("(%d) 555-%04d", 300+b.r.IntN(600), b.r.IntN(10000))), e(b.staff()))
	return page{size: letter, margin: "0.7in", font: b.serif(), fontSize: "10.5pt", title: "Resume",
		css: `h3 { border-bottom: 1px solid #333; font-size: 1.05em; margin: 12px 0 4px; text-transform: uppercase; }`, body: body}
}

// resumeSidebar prints a two-column resume with the contact details in a
// shaded sidebar under their labels.
func resumeSidebar(b *build) page {
	name := b.name(nameStyle{mid: midNone})
	email, phone := b.contact()
	body := fmt.Sprintf(`
<table style="width:100%%"><tr>
<td class="side">
<div style="font-size:1.6em" class="b">%s</div>
<div class="small" style="margin-bottom:14px">Registered Nurse</div>
%s%s%s
<div class="b" style="margin-top:14px">Skills</div><div class="small">Telemetry &middot; Epic &middot; Cerner &middot; IV therapy &middot; Stroke certified</div>
</td>
<td style="vertical-align:top; padding-left:16px">
<div class="b up">Work History</div>%s
<div class="b up" style="margin-top:10px">Education</div><div>Associate Degree in Nursing (ADN), %s Community College</div>
</td></tr></table>`,
		e(name), above("Phone", phone), above("Email", email), above("Location", b.p.City+", "+b.p.State),
		experience(b), e(pick(b.r, cities).city))
	return page{size: letter, margin: "0.5in", font: b.sans(), fontSize: "10pt", title: "Resume",
		css: `.side { width: 2.3in; background: #e7edf3; padding: 12px; vertical-align: top; height: 9.8in; }`, body: body}
}

func (b *build) courseTitle() string {
	if b.typ == "osha_training" {
		return pick(b.r, []string{"Bloodborne Pathogens Training (OSHA 29 CFR 1910.1030)", "OSHA Bloodborne Pathogens and Exposure Control"})
	}
	return pick(b.r, []string{"HIPAA Privacy and Security for Healthcare Workers", "HIPAA Compliance Training: Protecting Patient Information"})
}

// trained draws a completion (and a one-year expiry) in the build's
// condition.
func (b *build) trained(f dateForm) (done, until string, hasExp bool) {
	at := b.within(12)
	done = b.date("completion_date", at, f)
	exp := at.AddDate(1, 0, 0)
	if b.chance(3) {
		return done, "", false
	}
	return done, b.date("expiration_date", exp, f), true
}

// lmsCertificate prints a learning system's certificate in landscape.
func lmsCertificate(b *build) page {
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(4))})
	f := b.form(longDate, mdy, abbrDate)
	done, until, hasExp := b.trained(f)
	exp := ""
	if hasExp {
		exp = "<div>Expiration Date: " + e(until) + "</div>"
	}
	body := fmt.Sprintf(`
<div class="frame">
<div class="c small up" style="letter-spacing:0.2em">%s Learning Center</div>
<div class="c" style="font-size:2.4em; margin:18px 0">Certificate of Completion</div>
<div class="c">This certifies that</div>
<div class="c who">%s</div>
<div class="c">has successfully completed the course</div>
<div class="c b" style="font-size:1.3em; margin:8px 0">%s</div>
<table style="width:100%%; margin-top:26px"><tr><td><div>Completion Date: %s</div>%s<div>Certificate No. %s</div></td>
<td class="r">%s<div class="rule"></div>%s, Director of Compliance</td></tr></table>
</div>`,
		e(pick(b.r, hospitals)), e(name), e(b.courseTitle()), e(done), exp, b.alnum(10), sig(b.staff()), e(b.staff()))
	return page{size: letterLandscape, font: b.serif(), fontSize: "12pt", title: "Certificate",
		css: `.frame { border: 8px solid #2c4a6e; padding: 0.35in; height: 7.1in; } .who { font-size: 2em; font-style: italic; margin: 10px 0; }`, body: body}
}

// lmsTranscript prints a learner transcript with the course in a table row.
func lmsTranscript(b *build) page {
	name := b.name(nameStyle{comma: true, mid: midNone, upper: b.chance(2)})
	f := b.form(mdy, isoDate)
	done, until, _ := b.trained(f)
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.3em">Learner Transcript</div>
<div class="small">%s &middot; Generated %s</div>
%s
<div style="margin-top:12px">%s</div>`,
		e(pick(b.r, agencies)), e(f.format(b.asOf.AddDate(0, 0, -1))),
		kv(row("Learner:", name), row("User ID:", b.digits(7)), row("Job Title:", "Travel Registered Nurse")),
		gridTable([]string{"Course Title", "Status", "Completion Date", "Score", "Expires"},
			[][]string{{b.courseTitle(), "Completed", done, fmt.Sprintf("%d%%", 80+b.r.IntN(21)), until}}))
	return page{size: letter, font: b.sans(), fontSize: "10pt", title: "Transcript", body: body}
}

// trainingWalletCard prints an annual training card.
func trainingWalletCard(b *build) page {
	name := b.name(nameStyle{upper: true, mid: midNone})
	f := b.form(mdy, mdyShort)
	done, until, hasExp := b.trained(f)
	rows := []([2]string){row("Name", name), row("Completed", done)}
	if hasExp {
		rows = append(rows, row("Valid Through", until))
	}
	title := "HIPAA PRIVACY & SECURITY"
	if b.typ == "osha_training" {
		title = "OSHA BLOODBORNE PATHOGENS"
	}
	body := fmt.Sprintf(`
<div class="c b" style="font-size:1.1em">%s</div>
<div class="c tiny">Annual Training &mdash; Certificate of Completion</div>
<div style="margin-top:4px">%s</div>
<div class="tiny">Instructor: %s</div>`, title, kv(rows...), e(b.staff()))
	return page{size: cardSize, margin: "0.12in", font: b.sans(), fontSize: "7pt", card: true, title: "Card",
		css: `.kv th, .kv td { padding: 0 6px 0 0; } body { background: #eef5e9; }`, body: body}
}

// faxCover prints a fax cover sheet from the nurse.
func faxCover(b *build) page {
	name := b.name(nameStyle{mid: midNone})
	body := fmt.Sprintf(`
<div style="font-size:3em" class="b">FAX</div>
<div class="rule"></div>
%s
<p>%s %s %s</p>
<p><b>Comments:</b> Attached are my onboarding documents for the upcoming assignment. Please call me with any questions.</p>
<p class="tiny" style="margin-top:40px">CONFIDENTIALITY NOTICE: This facsimile contains confidential information intended only for the recipient named above.</p>`,
		kv(row("To:", "Credentialing Department"), row("Company:", pick(b.r, agencies)), row("Fax:", fmt.Sprintf("(%d) 555-%04d", 300+b.r.IntN(600), b.r.IntN(10000))),
			row("From:", name), row("Phone:", b.p.Phone), row("Date:", mdy.format(b.asOf.AddDate(0, 0, -2))), row("Pages (including cover):", fmt.Sprint(4+b.r.IntN(8))),
			row("Re:", "Onboarding documents")),
		box(false, "Urgent", true), box(true, "For Review", true), box(false, "Please Reply", true))
	return page{size: letter, font: b.sans(), fontSize: "12pt", title: "Fax", body: body}
}

// coverLetter prints a short letter from the nurse.
func coverLetter(b *build) page {
	name := b.name(nameStyle{mid: midNone})
	body := fmt.Sprintf(`
<div>%s</div>
<p style="margin-top:20px">Dear Hiring Manager,</p>
<p>I am writing to submit my documents for the travel assignment with your facility. I look forward to working with your team.</p>
<p>Thank you for your consideration.</p>
<p>Sincerely,<br>%s<br>%s</p>`,
		e(longDate.format(b.asOf.AddDate(0, 0, -3))), sig(b.p.First+" "+b.p.Last), e(name))
	return page{size: letter, margin: "1in", font: b.serif(), fontSize: "11.5pt", title: "Letter", body: body}
}
