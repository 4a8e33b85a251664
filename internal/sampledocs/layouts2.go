package sampledocs

import (
	"fmt"
	"strings"
)

// More layouts of types drawn above, in other issuers' wordings and label
// placements: paper course cards with captions under their values, eCards
// whose values stand far right of a label column, verification cards,
// skin-test forms set as tables with their headings over their values,
// adjudication summaries and custody-form result copies. Each draws the
// truth its type's fill sets for any layout name it does not know.

// withMoreLayouts adds these layouts to the table of layouts.
func withMoreLayouts(table map[string]*typeSpec) map[string]*typeSpec {
	for _, key := range []string{"bls", "acls", "pals"} {
		co := courses[key]
		table[key].variants = append(table[key].variants,
			variant{name: "course_completion_card", pages: [2]int{1, 1}, names: namesCard, meta: metaOffice, render: func(c *canvas) { renderCourseCard(c, co) }})
	}
	table["nrp"].variants = append(table["nrp"].variants,
		variant{name: "program_ecard", pages: [2]int{1, 1}, names: namesCard, meta: metaEcardLike, render: renderNRPProgramCard})
	table["tncc"].variants = append(table["tncc"].variants,
		variant{name: "verification_card", pages: [2]int{1, 1}, names: namesCard, meta: metaWeb, render: renderTNCCVerification})
	table["tb_skin_test"].variants = append(table["tb_skin_test"].variants,
		variant{name: "placement_reading_table", pages: [2]int{1, 1}, names: namesAny, meta: metaReport, render: renderTSTTable})
	table["background_check"].variants = append(table["background_check"].variants,
		variant{name: "adjudication_summary", pages: [2]int{2, 2}, names: namesNatural, meta: metaWeb, render: renderAdjudication})
	table["drug_screen"].variants = append(table["drug_screen"].variants,
		variant{name: "custody_form_copy", pages: [2]int{1, 1}, names: namesRecord, meta: metaLab, render: renderCustodyCopy})
	return table
}

// renderCourseCard is a printed course completion card: each value typed
// on a rule with its caption under it, front and back side by side.
func renderCourseCard(c *canvas, co course) {
	c.newPage(false)
	c.dates(dMDY, dMDYn, dAbbr)
	under := caption{fine(6), sans("", 9), 0, -4.2}
	x, y, w, h := 16.0, 24.0, 86.0, 56.0
	c.stroke(lgray)
	c.rbox(x, y, w, h, 2, "D")
	c.logo("heart", x+4, y+4, 10, ahaRed)
	c.say(sans("B", 8), x+17, y+8, "American Heart Association")
	c.say(sans("B", 12), x+17, y+14, co.short+" "+c.pick("Provider", "Course Completion"))
	c.say(sans("B", 11), x+6, y+26, c.name())
	c.stroke(gray)
	c.rule(x+6, y+27.5, w-12)
	c.say(fine(6), x+6, y+30.5, c.pick("Name", "Card Holder"))
	c.para(sans("", 5.5), x+6, y+35, w-12, 2.5, "This card certifies that the above individual has successfully completed the cognitive and skills evaluations in accordance with the curriculum of the American Heart Association "+co.program+".")
	c.rule(x+6, y+48.5, 34)
	c.rule(x+44, y+48.5, 36)
	c.captioned(under, x+6, y+51.5, c.pick("Issue Date", "Date Issued", "Issued"), c.date("issue_date"))
	c.captioned(under, x+44, y+51.5, c.pick("Recommended Renewal Date", "Renew By", "Renewal Due"), c.date("expiration_date"))

	bx := x + w + 6
	c.stroke(lgray)
	c.rbox(bx, y, w, h, 2, "D")
	c.stroke(gray)
	back := [][2]string{
		{c.pick("Training Center Name", "Training Center", "TC Name", "Training Site Name"), c.f("training_center")},
		{c.pick("TC ID #", "Training Center ID"), c.d.Person.State + fmt.Sprint(10000+c.r.IntN(89999))},
		{"Instructor Name", c.someone()},
		{c.pick("Card #", "Card ID", "Course Card No."), c.f("certificate_id")},
	}
	ry := y + 10
	for _, row := range back {
		c.rule(bx+6, ry+1.3, w-12)
		c.captioned(under, bx+6, ry+4.2, row[0], row[1])
		ry += 11
	}
	c.say(fine(6), bx+6, y+h-3, "Holder's Signature ______________________")
	c.para(sans("", 8), 16, y+h+14, c.w-32, 4.2, "Keep this card with you. The card is valid until the renewal date shown; employers may confirm it with the training center listed.")
}

// renderNRPProgramCard is an NRP eCard printed from a learning portal:
// a column of labels and, well apart from it, their values.
func renderNRPProgramCard(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dLong, dISO)
	c.band(0, 0, c.w, 24, navy)
	c.say(sans("B", 15).in(white), 16, 12, "Neonatal Resuscitation Program")
	c.say(sans("", 9).in(white), 16, 19, "American Academy of Pediatrics  |  NRP Provider eCard")
	c.say(sans("B", 16), 16, 44, c.name())
	c.say(sans("", 9), 16, 50, c.pick("has successfully completed the requirements of the", "has met the requirements for"))
	c.say(sans("", 9), 16, 55, "NRP Provider course, "+c.pick("8th Edition", "Advanced", "Essentials and Advanced")+".")
	c.font("Helvetica", "", 10)
	c.lvCols(16, 72, 62, 8,
		[2]string{c.pick("Card #", "eCard Code", "Provider Card Number"), c.f("certificate_id")},
		[2]string{c.pick("Issue Date", "Date of Issue", "Completed"), c.date("issue_date")},
		[2]string{c.pick("Renew By", "Valid Until", "Expiration"), c.date("expiration_date")},
		[2]string{c.pick("Provider/Training Center", "Course Location", "Hospital/Facility"), pick(c.r, []string{"St. Vincent Women's Hospital", "Children's Mercy Hospital", "Baylor Scott & White Medical Center", "Providence Regional Medical Center"})},
		[2]string{"Instructor", c.someone()})
	c.para(fine(7.5), 16, 124, c.w-32, 3.6, "This eCard is issued by the American Academy of Pediatrics. Verify it at the learning portal with the card number above.")
	c.footer("NRP eCard " + c.pageOf())
}

// renderTNCCVerification is an ENA provider verification printed from
// the member portal: short labels with colons, two pairs on a row.
func renderTNCCVerification(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dAbbr, dDMonY)
	c.logo("star", 16, 12, 12, maroon)
	c.say(sans("B", 13).in(maroon), 32, 18, "Emergency Nurses Association")
	c.say(sans("", 8), 32, 23, "Trauma Nursing Core Course (TNCC) - Provider Verification")
	c.heavyRule(16, 28, c.w-32, 0.5)
	c.font("Helvetica", "", 10)
	c.lv(16, 42, c.pick("Provider:", "Name:", "Participant:"), c.name())
	c.lv(16, 50, c.pick("ID:", "ENA ID:", "Verification Number:"), c.f("certificate_id"))
	c.lv(16, 58, "Course Location:", pick(c.r, []string{"Mercy Medical Center", "St. Luke's Regional Trauma Center", "University Hospital"}))
	c.lv(16, 66, c.pick("Issued:", "Issued On:", "Date Issued:"), c.date("issue_date"))
	c.lv(110, 66, c.pick("Expires:", "Expires On:", "Valid Through:"), c.date("expiration_date"))
	c.lv(16, 74, "Status:", "Verified")
	c.para(fine(7.5), 16, 90, c.w-32, 3.6, "TNCC provider status is valid for four years from the date issued. This verification was printed from the ENA member portal.")
	c.footer("ENA " + c.pageOf())
}

// renderTSTTable is a skin test set as a table: the placement's headings
// over its row, then the reading's.
func renderTSTTable(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dISO, dMDYn)
	prov := c.f("provider")
	c.say(sans("B", 14), 16, 18, prov)
	c.say(sans("", 8), 16, 23, "Occupational Health Services   "+c.d.Person.City+", "+c.d.Person.State)
	c.heavyRule(16, 27, c.w-32, 0.4)
	c.say(sans("B", 12), 16, 38, c.pick("Mantoux Tuberculin Skin Test", "TB Skin Test (PPD) Record", "Tuberculin Skin Test Documentation"))
	c.font("Helvetica", "", 9.5)
	c.lvCols(16, 48, 24, 6, [2]string{"Patient:", c.name()}, [2]string{"DOB:", c.dob()})
	manu, lot := tstLot(c)
	c.font("Helvetica", "", 8.5)
	nurse := c.someone() + ", RN"
	y := c.table(16, 66, []float64{44, 36, 30, 68}, 7,
		[]string{c.pick("Date/Time Placed", "Date Placed", "Placed On"), "Site", "Lot #", "Antigen"},
		[][]string{{c.date("administered_date") + " " + c.pick("9:15 AM", "10:40 AM", "2:05 PM"), c.pick("L forearm", "R forearm"), lot, manu}}, xlgray)
	mm := ""
	if c.has("induration_mm") {
		mm = c.f("induration_mm")
	}
	res := title(c.f("result"))
	c.table(16, y+6, []float64{44, 36, 30, 68}, 7,
		[]string{c.pick("Date/Time Read", "Date Read", "Read On"), c.pick("Induration (mm)", "mm Induration", "Result (mm)"), "Interpretation", "Read By"},
		[][]string{{c.date("read_date"), mm, res, nurse}}, xlgray)
	c.font("Helvetica", "", 9.5)
	c.lv(16, y+34, c.pick("Facility:", "Clinic:", "Clinic/Facility:"), prov)
	c.para(fine(7.5), 16, y+46, c.w-32, 3.6, "Readings of 10 mm or more are positive for health care personnel. Results are recorded in millimetres of induration, not of redness.")
	c.footer("Form OH-TST " + c.pageOf())
}

// renderAdjudication is a screening vendor's one-page summary: the
// client's adjudication of the report, then the searches.
func renderAdjudication(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dAbbr, dLong)
	vendor := c.f("vendor")
	if vendor == "" {
		vendor = "Background Screening Services"
	}
	c.band(0, 0, c.w, 22, darkBlue)
	c.say(sans("B", 15).in(white), 16, 13, vendor)
	c.say(sans("B", 12), 16, 34, c.pick("Background Check Summary", "Adjudication Summary", "Screening Results Summary"))
	c.font("Helvetica", "", 9.5)
	c.lv(16, 44, c.pick("Candidate:", "Applicant:", "Subject:"), c.name())
	c.lv(120, 44, "Order #:", digits(c.r, 9))
	c.lv(16, 51, c.pick("Report Completed:", "Completion Date:", "Date Completed:"), c.date("completed_date"))
	c.lv(120, 51, "Package:", c.pick("Healthcare Standard", "Clinical Plus", "Travel Nurse Package"))
	consider := c.f("result") == "consider"
	label, value := c.pick("Adjudication Status:", "Overall Recommendation:", "Adjudication:"), ""
	switch {
	case consider && strings.HasPrefix(label, "Overall"):
		value = "Consider"
	case consider:
		value = c.pick("Does Not Meet Requirements", "Review", "Consider")
	case strings.HasPrefix(label, "Overall"):
		value = "Clear"
	default:
		value = c.pick("Meets Requirements", "Clear", "Eligible")
	}
	c.font("Helvetica", "", 11)
	c.lv(16, 62, label, value)
	rows := [][]string{
		{"County Criminal Search", "Complete", "Clear"},
		{"Statewide Criminal Search", "Complete", "Clear"},
		{"National Sex Offender Registry", "Complete", "Clear"},
		{"OIG / SAM Exclusion Lists", "Complete", "Clear"},
	}
	if consider {
		rows[0][2] = "Record Found"
	}
	c.font("Helvetica", "", 8.5)
	c.table(16, 72, []float64{90, 40, 48}, 7, []string{"Search", "Status", "Outcome"}, rows, xlgray)
	c.para(fine(7), 16, 120, c.w-32, 3.4, "This summary is provided under the Fair Credit Reporting Act. The adjudication shown is the client's, made on the client's criteria.")
	c.footer(vendor + "  " + c.pageOf())

	// The searches' details follow on a page of their own.
	c.newPage(false)
	c.band(0, 0, c.w, 12, darkBlue)
	c.say(sans("B", 10).in(white), 16, 8, vendor+" - Search Details")
	c.font("Helvetica", "", 9)
	y := 26.0
	for _, r := range rows {
		c.say(sans("B", 9.5), 16, y, r[0])
		c.say(sans("", 9), 16, y+5, "Jurisdictions searched: "+c.d.Person.State+" and every county of residence in the past seven years.")
		c.say(sans("", 9), 16, y+10, "Search status: "+r[1]+".  Outcome: "+r[2]+".")
		y += 20
	}
	c.para(fine(7), 16, y+6, c.w-32, 3.4, "A summary of your rights under the Fair Credit Reporting Act is enclosed. Questions about this report go to the screening company named above.")
	c.footer(vendor + "  " + c.pageOf())
}

// renderCustodyCopy is the result copy of a custody and control form:
// the collection's dates as a row under their headings, the MRO's
// determination in a box.
func renderCustodyCopy(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYn)
	c.say(sans("B", 12), 16, 16, "NON-FEDERAL DRUG TESTING CUSTODY AND CONTROL FORM")
	c.say(sans("", 8), 16, 21, "Copy 2 - Medical Review Officer Copy   Specimen ID No. "+digits(c.r, 7))
	c.heavyRule(16, 24, c.w-32, 0.4)
	c.font("Helvetica", "", 9.5)
	c.lvCols(16, 34, 30, 6, [2]string{"Donor:", c.name()}, [2]string{"DOB:", c.dob()})
	c.lv(16, 48, "Test Panel:", c.panelText()+" urine")
	coll := c.tdate("collection_date")
	c.font("Helvetica", "", 8.5)
	c.table(16, 56, []float64{58, 50, 50}, 7,
		[]string{c.pick("Specimen Collection Date", "Date of Collection", "Collection Date"), "Date Received at Lab", "Date Reported"},
		[][]string{{c.fmtDate(coll), c.fmtDate(coll.AddDate(0, 0, 1)), c.fmtDate(coll.AddDate(0, 0, 2))}}, xlgray)
	c.font("Helvetica", "", 9.5)
	c.lv(16, 82, c.pick("Testing Laboratory:", "Laboratory:", "Performing Lab:"), c.f("lab"))
	c.box(16, 90, c.w-32, 14)
	res := "NEGATIVE"
	if c.f("result") == "positive" {
		res = "POSITIVE"
	}
	c.font("Helvetica", "", 10)
	c.lv(20, 99, c.pick("MRO Determination:", "Verified Result:", "Final Determination:"), res)
	c.say(fine(7.5), 16, 112, "Reviewed and verified by the Medical Review Officer: "+c.someone()+", MD")
	c.footer(c.pageOf())
}
