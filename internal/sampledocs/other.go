package sampledocs

import (
	"fmt"
)

// Pages that are none of the catalog's types but travel with the real
// ones: fax cover sheets, blank pages from a duplex scanner, cover letters.

var agencies = []string{"Aya Healthcare", "AMN Healthcare", "Cross Country Nurses", "Medical Solutions", "Trusted Health", "Fastaff Travel Nursing", "TNAA", "Host Healthcare", "Navigant Nursing"}

func fillOther(g *gen) {
	g.setIssuer(g.p.FullName())
	g.made = g.daysAgo(0, 20)
}

func renderFaxCover(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dLong, dMDYs)
	p := c.d.Person
	c.say(sans("B", 40), 20, 40, "FAX")
	c.heavyRule(20, 45, c.w-40, 1)
	agency := pick(c.r, agencies)
	rows := [][2]string{
		{"To:", c.someone() + ", Credentialing"},
		{"Company:", agency},
		{"Fax:", fmt.Sprintf("(%03d) 555-01%02d", 200+c.r.IntN(700), c.r.IntN(100))},
		{"From:", c.name()},
		{"Phone:", p.Phone},
		{"Date:", c.fmtDate(c.d.Created)},
		{"Pages:", fmt.Sprintf("%d (including cover)", 2+c.r.IntN(30))},
		{"Re:", c.pick("Compliance documents for my upcoming assignment", "Credentialing file - travel assignment", "Requested documents")},
	}
	c.font("Helvetica", "", 12)
	y := c.lvCols(20, 60, 30, 10, rows...)
	c.font("Helvetica", "", 11)
	c.check(20, y+6, true, "Urgent")
	c.check(50, y+6, false, "For review")
	c.check(86, y+6, true, "Please reply")
	c.para(sans("", 11), 20, y+22, c.w-40, 5.5, c.pick("Hi, attached are my documents for credentialing. Please let me know if anything else is needed before my start date. Thank you!",
		"Please find my compliance paperwork attached. Call me with any questions.",
		"Here are the items from the checklist. The rest will follow by email."))
	c.para(fine(7.5), 20, c.h-30, c.w-40, 3.6, "CONFIDENTIALITY NOTICE: This facsimile contains confidential information intended only for the use of the recipient named above. If you have received this fax in error, please notify the sender immediately and destroy the document.")
}

func renderCoverLetter(c *canvas) {
	c.newPage(false)
	c.dates(dLong)
	p := c.d.Person
	c.say(serif("B", 14), 25, 30, c.name())
	c.lines(serif("", 10.5), 25, 36, 5, p.Street, p.City+", "+p.State+" "+p.Zip, p.Phone+"  |  "+p.Email)
	c.set(serif("", 11.5))
	c.text(25, 62, c.fmtDate(c.d.Created))
	recruiter := c.someone()
	agency := pick(c.r, agencies)
	c.text(25, 74, recruiter)
	c.text(25, 80, agency)
	c.text(25, 94, "Dear "+recruiter+",")
	y := c.wrap(25, 104, c.w-50, 6, "Thank you for the opportunity to be considered for the travel assignment. Enclosed please find my credentialing documents, including my nursing license verification, life support certifications, TB screening, immunization records and the completed skills checklist.\n\nI am available to start on the date we discussed and am happy to complete any additional items the facility requires. Please do not hesitate to contact me by phone or email.")
	c.text(25, y+8, "Sincerely,")
	c.signature(25, y+26, 60)
	c.text(25, y+34, c.name())
	c.text(25, y+40, "Registered Nurse")
}
