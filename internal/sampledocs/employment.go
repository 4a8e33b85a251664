package sampledocs

import (
	"fmt"
	"strings"
)

// Background and employment paperwork (multi-page background reports,
// skills checklists, resumes) and annual training certificates.

// --- background check ---

var bgVendors = []string{"Sterling", "HireRight", "First Advantage", "Accurate Background", "Certiphi Screening", "Universal Background Screening", "PreCheck"}

func fillBackground(g *gen) {
	g.setDate("completed_date", g.recent(365))
	// Consumer reports mask the birth date; screening reports print it.
	if g.is("screening_report") {
		g.setDate("date_of_birth", g.p.DOB)
	}
	g.f["result"] = map[bool]string{true: "consider", false: "clear"}[g.opt.Positive]
	v := pick(g.r, bgVendors)
	g.f["vendor"] = v
	g.setIssuer(v)
}

func renderBackground(c *canvas) {
	c.dates(dMDY, dAbbr, dMDYn)
	vendor := c.f("vendor")
	if vendor == "" {
		vendor = "Background Screening Services"
	}
	res := strings.ToUpper(c.f("result"))
	done := c.tdate("completed_date")
	if done.IsZero() {
		done = c.d.Created
	}
	ordered := done.AddDate(0, 0, -(2 + c.r.IntN(6)))
	county := pick(c.r, []string{"Travis", "Harris", "Maricopa", "Cook", "Los Angeles", "Miami-Dade", "Fulton", "King", "Franklin", "Wake"})
	searches := [][]string{
		{"SSN Trace / Address History", "National", "Complete", "Verified"},
		{"County Criminal Search", county + " County, " + c.d.Person.State, "Complete", "Clear"},
		{"Statewide Criminal Search", stateNames[c.d.Person.State], "Complete", "Clear"},
		{"Federal Criminal Search", "U.S. District Courts", "Complete", "Clear"},
		{"National Criminal Database", "Multi-jurisdictional", "Complete", "Clear"},
		{"National Sex Offender Registry", "NSOPW", "Complete", "Clear"},
		{"OIG / GSA-SAM Exclusion", "Federal", "Complete", "Clear"},
		{"Nursing License Verification", c.d.Person.State, "Complete", "Verified"},
	}
	if res == "CONSIDER" {
		searches[1][3] = "Consider"
	}
	// Each page opens with the vendor's band and a section title and
	// closes with the FCRA notice.
	page := func(title string) {
		c.newPage(false)
		c.band(0, 0, c.w, 20, navy)
		c.say(sans("B", 15).in(white), 14, 13, vendor)
		c.sayR(sans("", 8.5).in(white), c.w-14, 13, c.pick("Background Screening Report", "Consumer Report", "Background Check Results"))
		c.say(sans("B", 11), 14, 32, title)
	}
	footer := func() {
		c.set(fine(7))
		c.text(14, c.h-8, "CONFIDENTIAL - This report contains consumer information protected by the FCRA.")
		c.textR(c.w-14, c.h-8, c.pageOf())
		c.ink(black)
	}

	page("Candidate")
	c.font("Helvetica", "", 9.5)
	dob := c.dob()
	if dob == "" && c.has("full_name") && c.d.Variant == "consumer_report" {
		dob = "XX/XX/" + fmt.Sprint(c.d.Person.DOB.Year())
	}
	c.lvCols(14, 40, 36, 6,
		[2]string{"Name:", c.name()},
		[2]string{"Date of Birth:", dob},
		[2]string{"SSN:", "XXX-XX-" + digits(c.r, 4)},
		[2]string{"Address:", c.d.Person.City + ", " + c.d.Person.State})
	c.lvCols(112, 40, 34, 6,
		[2]string{"Order ID:", alnum(c.r, 3) + "-" + digits(c.r, 7)},
		[2]string{"Requested By:", c.pick("Aya Healthcare", "AMN Healthcare", "Cross Country Nurses", "Medical Solutions", "Trusted Health")},
		[2]string{"Order Date:", c.fmtDate(ordered)},
		[2]string{c.pick("Completed:", "Date Completed:", "Report Completed:"), c.date("completed_date")})
	col := green
	if res == "CONSIDER" {
		col = rgb{200, 120, 0}
	}
	c.band(14, 66, c.w-28, 14, col)
	c.say(sans("B", 13).in(white), 18, 75, "Overall Result: "+res)
	c.font("Helvetica", "", 8.5)
	c.table(14, 88, []float64{60, 54, 32, 42}, 7, []string{"Search", "Jurisdiction", "Status", "Result"}, searches, xlgray)
	footer()

	page("Search Details")
	y := 42.0
	for _, s := range searches {
		c.say(sans("B", 9.5), 14, y, s[0]+" - "+s[1])
		c.font("Helvetica", "", 9)
		detail := "No records found. Search completed " + c.fmtDate(done) + "."
		if s[3] == "Consider" {
			detail = "Record found: Misdemeanor - Theft of property < $100 (Case #" + digits(c.r, 2) + "-" + digits(c.r, 5) + "). Disposition: Deferred adjudication, completed. File date " + c.fmtDate(done.AddDate(-6-c.r.IntN(8), -c.r.IntN(12), 0)) + "."
		}
		if s[3] == "Verified" {
			detail = "Information verified against source records."
		}
		y = c.wrap(18, y+5.5, c.w-36, 4.4, detail) + 4
	}
	footer()

	if c.d.Pages >= 3 {
		page("A Summary of Your Rights Under the Fair Credit Reporting Act")
		c.para(sans("", 8.5), 14, 40, c.w-28, 4.2, "The federal Fair Credit Reporting Act (FCRA) promotes the accuracy, fairness, and privacy of information in the files of consumer reporting agencies. There are many types of consumer reporting agencies, including credit bureaus and specialty agencies (such as agencies that sell information about check writing histories, medical records, and rental history records).\n\n"+
			"You must be told if information in your file has been used against you. Anyone who uses a credit report or another type of consumer report to deny your application for credit, insurance, or employment must tell you, and must give you the name, address, and phone number of the agency that provided the information.\n\n"+
			"You have the right to know what is in your file. You have the right to dispute incomplete or inaccurate information. Consumer reporting agencies must correct or delete inaccurate, incomplete, or unverifiable information. Consumer reporting agencies may not report outdated negative information.\n\n"+
			"For more information, including information about additional rights, go to www.consumerfinance.gov/learnmore.")
		footer()
	}
}

// --- skills checklist ---

var specialties = map[string][]string{
	"Medical-Surgical":  {"Post-operative care", "Wound care / dressing changes", "Wound VAC management", "PCA pump management", "Blood transfusion administration", "NG tube insertion & care", "Telemetry monitoring", "Insulin drip protocol", "Fall prevention", "Discharge teaching"},
	"ICU":               {"Arterial line management", "Central line care & dressing", "Ventilator management", "Vasoactive drips titration", "CRRT", "Swan-Ganz catheter", "Sedation protocols", "ICP monitoring", "Code blue response", "Intra-aortic balloon pump"},
	"Emergency":         {"Triage (ESI)", "Trauma assessment", "Rapid sequence intubation assist", "12-lead ECG interpretation", "Stroke alert protocol", "Sepsis bundle", "Pediatric emergencies", "Splinting", "Conscious sedation", "Mass casualty"},
	"Labor & Delivery":  {"Fetal heart monitoring", "Induction with oxytocin", "Epidural care", "Cesarean section circulating", "Postpartum hemorrhage", "Neonatal resuscitation", "Magnesium sulfate administration", "Cervical exam", "Newborn assessment", "Breastfeeding support"},
	"Telemetry":         {"Rhythm strip interpretation", "Cardiac drips", "Post-cardiac catheterization care", "Pacemaker care", "Chest pain protocol", "Heparin protocol", "Defibrillation / cardioversion", "Heart failure education", "Holter monitor", "Stress test prep"},
	"Operating Room":    {"Circulating", "Scrubbing", "Surgical counts", "Sterile field maintenance", "Positioning", "Time-out procedure", "Specimen handling", "Electrosurgical safety", "Laparoscopic setup", "Malignant hyperthermia"},
	"PACU":              {"Airway management", "Post-anesthesia scoring (Aldrete)", "Pain management", "PONV management", "Emergence delirium", "Hemodynamic monitoring", "Epidural monitoring", "Discharge criteria", "Pediatric recovery", "Malignant hyperthermia"},
	"NICU":              {"Neonatal assessment", "Isolette care", "Umbilical line care", "Phototherapy", "Neonatal ventilation", "Gavage feeding", "Kangaroo care", "Neonatal abstinence scoring", "Thermoregulation", "Developmental care"},
	"Progressive Care":  {"Step-down assessment", "Telemetry monitoring", "BiPAP management", "Tracheostomy care", "Chest tube management", "Titratable drips", "Rapid response", "Insulin protocols", "Post-procedural care", "Early mobility"},
	"Behavioral Health": {"Suicide risk assessment", "De-escalation", "Restraint / seclusion", "Detox protocols (CIWA/COWS)", "Milieu management", "Psychotropic medication", "Involuntary commitment", "Group therapy support", "Safety checks", "Crisis intervention"},
}

func fillSkills(g *gen) {
	keys := []string{"Medical-Surgical", "ICU", "Emergency", "Labor & Delivery", "Telemetry", "Operating Room", "PACU", "NICU", "Progressive Care", "Behavioral Health"}
	g.f["specialty"] = pick(g.r, keys)
	g.setDate("completed_date", g.recent(365))
	g.setIssuer(pick(g.r, []string{"Aya Healthcare", "AMN Healthcare", "Cross Country Nurses", "Medical Solutions", "Trusted Health", "Fastaff", "TNAA"}))
}

func renderSkills(c *canvas) {
	c.dates(dMDY, dMDYn, dLong)
	agency := c.d.Issuer
	spec := c.f("specialty")
	skills := specialties[spec]
	if skills == nil {
		skills = specialties["Medical-Surgical"]
	}
	general := []string{"Physical assessment", "Medication administration", "IV insertion", "IV pump programming", "Documentation (Epic)", "Documentation (Cerner)", "Isolation precautions", "Pain assessment", "Patient education", "Restraint management", "Blood glucose monitoring", "Foley catheter insertion"}
	age := []string{"Newborn/Neonate", "Pediatric (1-12)", "Adolescent (13-17)", "Adult (18-64)", "Geriatric (65+)"}
	grid := c.d.Variant == "experience_grid"
	cols := []string{"Skill", "1", "2", "3", "4"}
	widths := []float64{108, 18, 18, 18, 18}
	if grid {
		cols = []string{"Skill", "None", "Limited", "Proficient", "Expert"}
	}
	row := func(s string) []string {
		r := []string{s, "", "", "", ""}
		r[2+c.r.IntN(3)] = "X"
		return r
	}
	header := func() {
		c.say(sans("B", 12), 14, 16, agency)
		c.sayR(sans("", 8.5), c.w-14, 16, spec+" Skills Checklist")
		c.heavyRule(14, 20, c.w-28, 0.4)
	}
	sections := [][2]any{{"General Nursing Skills", general}, {spec + " Skills", skills}, {"Age Groups Served", age}}
	// Spread the sections over the pages before the attestation page.
	bodyPages := c.d.Pages - 1
	per := (len(sections) + bodyPages - 1) / bodyPages
	si := 0
	for p := 1; p <= c.d.Pages; p++ {
		c.newPage(false)
		header()
		y := 30.0
		if p == 1 {
			c.say(sans("B", 15), 14, 32, c.pick("Clinical Skills Checklist", "Skills Self-Assessment", "Competency Checklist")+" - "+spec)
			c.font("Helvetica", "", 10)
			c.lvCols(14, 42, 34, 7, [2]string{"Name:", c.name()}, [2]string{"Specialty:", spec})
			c.lvCols(120, 42, 32, 7,
				[2]string{c.pick("Date Completed:", "Completed:", "Date:"), c.date("completed_date")},
				[2]string{"Years in specialty:", fmt.Sprint(1 + c.r.IntN(15))})
			legend := "Proficiency: 1 = No experience, 2 = Need training, 3 = Competent, 4 = Expert (can teach)."
			if grid {
				legend = "Rate your experience honestly; this checklist is shared with facilities as part of your profile."
			}
			c.para(fine(8), 14, 56, c.w-28, 4, legend)
			y = 64
		}
		if p < c.d.Pages {
			for k := 0; k < per && si < len(sections); k, si = k+1, si+1 {
				title, _ := sections[si][0].(string)
				items, _ := sections[si][1].([]string)
				c.say(sans("B", 10), 14, y+4, title)
				var rows [][]string
				for _, it := range items {
					rows = append(rows, row(it))
				}
				rowH := 6.5
				if per >= 3 {
					rowH = 5.2
				}
				c.font("Helvetica", "", 8.5)
				y = c.table(14, y+7, widths, rowH, cols, rows, xlgray) + 6
			}
		} else {
			c.say(sans("B", 11), 14, y+6, "Attestation")
			yy := c.para(sans("", 9.5), 14, y+14, c.w-28, 4.8, "I attest that the information I have given is true and accurate to the best of my knowledge, and that I am the person completing this self-assessment. I understand that this checklist may be shared with client facilities for the purpose of assignment placement.")
			c.signature(14, yy+20, 80)
			c.say(sans("", 8), 14, yy+24, "Signature")
			c.lvCols(110, yy+20, 20, 7, [2]string{"Name:", c.name()}, [2]string{"Date:", c.date("completed_date")})
		}
		c.footer(agency + "   " + c.pageOf())
	}
}

// --- resume ---

var hospitals = []string{"Memorial Hermann Hospital", "Banner University Medical Center", "Cedars-Sinai Medical Center", "Jackson Memorial Hospital", "Piedmont Atlanta Hospital", "Northwestern Memorial Hospital", "Mount Sinai Hospital", "Ohio State Wexner Medical Center", "UW Medical Center", "Intermountain Medical Center", "Tampa General Hospital", "Vanderbilt University Medical Center", "Baylor Scott & White", "HCA Florida Healthcare", "AdventHealth Orlando"}
var schools = []string{"University of Texas at Austin", "Arizona State University", "University of Florida", "Georgia State University", "Chamberlain University", "Western Governors University", "University of the Philippines Manila", "Ohio State University", "Purdue University Global", "San Jose State University", "University of Lagos", "Miami Dade College"}

func fillResume(g *gen) {
	g.f["email"] = g.p.Email
	g.f["phone"] = g.p.Phone
	g.setIssuer(g.p.FullName())
	g.made = g.daysAgo(2, 200)
}

func renderResume(c *canvas) {
	c.dates(dMDY)
	modern := c.d.Variant == "modern"
	p := c.d.Person
	spec := pick(c.r, []string{"Medical-Surgical", "ICU", "Emergency", "Labor & Delivery", "Telemetry", "Operating Room", "PACU"})
	contact := strings.Join(nonEmpty(c.f("phone"), c.f("email"), p.City+", "+p.State), "  |  ")
	c.newPage(false)
	x := 18.0
	if modern {
		c.band(0, 0, c.w, 38, rgb{35, 60, 90})
		c.say(sans("B", 24).in(white), x, 20, c.name())
		c.say(sans("", 10).in(white), x, 28, "Registered Nurse, BSN  -  "+spec)
		c.say(sans("", 9).in(white), x, 34, contact)
	} else {
		c.centred(line{serif("B", 22), 22, c.name()}, line{serif("", 10), 29, contact})
		c.heavyRule(x, 33, c.w-2*x, 0.5)
	}
	fam := map[bool]string{true: "Helvetica", false: "Times"}[modern]
	heading := look{fam: fam, style: "B", size: 12}
	if modern {
		heading = heading.in(rgb{35, 60, 90})
	}
	section := func(y float64, title string) float64 {
		c.say(heading, x, y, strings.ToUpper(title))
		c.stroke(lgray)
		c.rule(x, y+1.5, c.w-2*x)
		c.stroke(black)
		return y + 7
	}
	y := section(48, c.pick("Summary", "Professional Summary", "Profile", "Summary of Qualifications"))
	y = c.para(look{fam: fam, size: 10}, x, y, c.w-2*x, 4.8, fmt.Sprintf("Compassionate %s registered nurse with %d years of acute care experience, including %d travel assignments at Magnet-designated facilities. Skilled in patient assessment, EHR documentation (Epic, Cerner, Meditech) and interdisciplinary collaboration.", spec, 3+c.r.IntN(15), 2+c.r.IntN(8)))
	y = section(y+4, c.pick("Experience", "Professional Experience", "Work Experience", "Clinical Experience"))
	end := c.d.Created
	jobs := 3 + c.r.IntN(2)
	if c.d.Pages > 1 {
		jobs = 9
	}
	for i := 0; i < jobs; i++ {
		start := end.AddDate(0, -(3 + c.r.IntN(20)), 0)
		if y > c.h-45 {
			if c.page < c.d.Pages {
				c.footer(c.name() + "  -  page " + fmt.Sprint(c.page))
				c.newPage(false)
				y = 24
			} else {
				break
			}
		}
		c.say(look{fam: fam, style: "B", size: 10.5}, x, y, "Travel RN - "+spec+", "+pick(c.r, hospitals))
		c.font(fam, "I", 9.5)
		period := start.Format("Jan 2006") + " - " + end.Format("Jan 2006")
		if i == 0 {
			period = start.Format("Jan 2006") + " - Present"
		}
		c.textR(c.w-x, y, period)
		c.font(fam, "", 9.5)
		y = c.wrap(x+4, y+5, c.w-2*x-4, 4.4, "- "+pick(c.r, []string{"Managed care for 4-6 patients per shift on a 32-bed unit.", "Precepted new graduate nurses and floated to step-down as needed.", "Charge nurse rotation; coordinated admissions and discharges.", "Implemented sepsis screening improvements reducing time-to-antibiotics.", "Cared for post-surgical and trauma patients with complex wound care."})+"\n- "+pick(c.r, []string{"Maintained 100% compliance on hourly rounding and fall-prevention audits.", "Used Epic for documentation and medication administration (BCMA).", "Collaborated with physicians, PT/OT and case management on discharge planning.", "Super-user during go-live of the new EHR."}))
		y += 2
		end = start.AddDate(0, -c.r.IntN(3), 0)
	}
	for c.page < c.d.Pages {
		c.footer(c.name() + "  -  page " + fmt.Sprint(c.page))
		c.newPage(false)
		y = 24
	}
	if y > c.h-60 {
		y = c.h - 60
	}
	y = section(y+4, "Education")
	c.say(look{fam: fam, size: 10}, x, y, "Bachelor of Science in Nursing (BSN) - "+pick(c.r, schools)+", "+fmt.Sprint(p.DOB.Year()+22+c.r.IntN(6)))
	y = section(y+9, "Licenses & Certifications")
	c.say(look{fam: fam, size: 10}, x, y, "RN License - "+p.State+" (Compact) | BLS, ACLS (AHA) | "+c.pick("PALS", "TNCC", "NIHSS", "CCRN"))
	if c.d.Pages > 1 {
		c.footer(c.name() + "  -  page " + fmt.Sprint(c.page))
	}
}

// --- training certificates ---

// trainingSpec is the layouts of a HIPAA or OSHA training record.
func trainingSpec(key string) *typeSpec {
	return &typeSpec{
		fill: fillTraining,
		variants: []variant{
			{name: "completion_certificate", pages: [2]int{1, 1}, names: namesNatural, meta: metaIText, render: func(c *canvas) { renderTrainingCert(c, key) }},
			{name: "lms_transcript", pages: [2]int{1, 1}, names: namesRecord, meta: metaReport, render: func(c *canvas) { renderTranscript(c, key) }},
		},
	}
}

func fillTraining(g *gen) {
	done := g.recent(365)
	g.setDate("completion_date", done)
	// Many certificates print no expiry; the requirement then falls back to
	// a 12-month window from completion.
	if g.is("lms_transcript") || g.r.IntN(4) != 0 {
		g.setDate("expiration_date", done.AddDate(1, 0, 0))
	}
	g.setIssuer(pick(g.r, []string{"HealthStream", "Relias", "CEUfast", "Medbridge", "Aya Healthcare Compliance", "NetCE", "Vivian Health Academy"}))
}

func trainingCourse(key string) (string, string) {
	if key == "hipaa_training" {
		return "HIPAA Privacy and Security Training", "Health Insurance Portability and Accountability Act (HIPAA) - Privacy, Security and Breach Notification Rules"
	}
	return "OSHA Bloodborne Pathogens Training", "OSHA Bloodborne Pathogens Standard (29 CFR 1910.1030) and Infection Control"
}

func renderTrainingCert(c *canvas, key string) {
	c.newPage(true)
	c.dates(dLong, dMDY, dAbbr)
	course, long := trainingCourse(key)
	col := pick(c.r, []rgb{navy, teal, maroon, green})
	c.border(10, col)
	c.logo(c.pick("seal", "star", "chevron"), 24, 22, 16, col)
	c.say(sans("B", 12).in(col), 44, 32, c.d.Issuer)
	c.centred(
		line{serif("B", 30), 66, "Certificate of Completion"},
		line{serif("I", 13), 82, "This certifies that"},
		line{serif("B", 24), 98, c.name()})
	c.nameRule(101)
	c.centred(line{serif("I", 13), 114, "has successfully completed"}, line{sans("B", 17), 127, course}, line{serif("", 10), 135, long})
	c.font("Helvetica", "", 11)
	completed := [2]string{c.pick("Completion Date:", "Date Completed:", "Completed on"), c.date("completion_date")}
	var expires [2]string
	if c.has("expiration_date") {
		expires = [2]string{c.pick("Expiration Date:", "Valid Through:", "Expires:"), c.date("expiration_date")}
	}
	c.lvs(40, 160, 8, completed, expires, [2]string{"Certificate #:", alnum(c.r, 3) + "-" + digits(c.r, 6)})
	c.signature(c.w-110, 176, 70)
	c.say(sans("", 9), c.w-110, 182, "Director of Education")
	c.sayC(fine(8), c.w/2, c.h-16, fmt.Sprintf("Contact hours: %.1f   |   Score: %d%%", 0.5+float64(c.r.IntN(4))*0.5, 80+c.r.IntN(21)))
}

func renderTranscript(c *canvas, key string) {
	c.newPage(false)
	c.dates(dMDY, dISO, dMDYn)
	course, _ := trainingCourse(key)
	c.band(0, 0, c.w, 22, teal)
	c.say(sans("B", 15).in(white), 14, 14, c.d.Issuer+" Learning Center")
	c.say(sans("B", 13), 14, 34, "Learner Transcript")
	c.font("Helvetica", "", 10)
	c.lvCols(14, 44, 30, 7,
		[2]string{"Learner:", c.name()},
		[2]string{"User ID:", strings.ToLower(c.d.Person.FirstName[:1]+asciiFold(strings.ReplaceAll(c.d.Person.LastName, " ", ""))) + digits(c.r, 3)})
	c.lvCol(120, 44, 30, "Printed:", c.fmtDate(c.d.Created.AddDate(0, 0, c.r.IntN(3))))
	other := []string{"Fire Safety and Emergency Preparedness", "Workplace Violence Prevention", "Cultural Competency in Healthcare", "Patient Rights and Ethics", "Sexual Harassment Prevention"}
	done := c.tdate("completion_date")
	if done.IsZero() {
		done = c.d.Created
	}
	rows := [][]string{{course, c.date("completion_date"), c.date("expiration_date"), fmt.Sprintf("%d%%", 85+c.r.IntN(16)), "Complete"}}
	for i := 0; i < 3; i++ {
		d := done.AddDate(0, 0, -c.r.IntN(30))
		rows = append(rows, []string{pick(c.r, other), c.fmtDate(d), c.fmtDate(d.AddDate(1, 0, 0)), fmt.Sprintf("%d%%", 80+c.r.IntN(21)), "Complete"})
	}
	c.font("Helvetica", "", 8.5)
	c.table(14, 60, []float64{84, 26, 26, 18, 28}, 7.5, []string{"Course", "Completed", "Expires", "Score", "Status"}, rows, rgb{220, 236, 238})
	c.footer(c.pageOf())
}
