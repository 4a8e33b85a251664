package sampledocs

import (
	"fmt"
	"strings"
	"time"
)

// Life-support cards: AHA eCards (issue date and "Recommended Renewal
// Date"), Red Cross certificates ("Date Completed", "Valid For 2 Years"),
// training-site wallet cards with terse labels, and the AAP (NRP) and ENA
// (TNCC) equivalents.

type course struct {
	key, short, long, program, redCross string
}

var courses = map[string]course{
	"bls":  {"bls", "BLS", "Basic Life Support", "Basic Life Support (CPR and AED) Program", "Basic Life Support"},
	"acls": {"acls", "ACLS", "Advanced Cardiovascular Life Support", "Advanced Cardiovascular Life Support Program", "Advanced Life Support"},
	"pals": {"pals", "PALS", "Pediatric Advanced Life Support", "Pediatric Advanced Life Support Program", "Pediatric Advanced Life Support"},
}

var trainingCenters = []string{
	"Sunrise CPR Training Center", "Lifeline Medical Training LLC", "SureFire CPR", "Code One Training Solutions",
	"Heartbeat CPR & First Aid", "Memorial Hermann Training Center", "Baptist Health Training Center",
	"Prime Medical Training", "CPR Nurse Academy", "Valley Regional Resuscitation Center", "Safety Training Seminars",
	"Gulf Coast Resuscitation Education", "Mountain States Health Training Center", "First Response Education LLC",
}

// lifeSupportSpec is the layouts of a BLS, ACLS or PALS card.
func lifeSupportSpec(key string) *typeSpec {
	co := courses[key]
	return &typeSpec{
		fill: func(g *gen) { fillLifeSupport(g, key) },
		variants: []variant{
			{name: "aha_ecard", pages: [2]int{1, 1}, names: namesCard, meta: metaEcardLike, render: func(c *canvas) { renderAHAeCard(c, co) }},
			{name: "redcross_certificate", pages: [2]int{1, 1}, names: namesCard, meta: metaReport, render: func(c *canvas) { renderRedCross(c, co) }},
			{name: "training_site_card", pages: [2]int{1, 1}, names: append([]string{"LAST, FIRST M"}, namesCard...), meta: metaOffice, render: func(c *canvas) { renderSiteCard(c, co) }},
		},
	}
}

// certifiedBy dates a card valid for years and names its issuer, in the
// truth and in the document's metadata.
func (g *gen) certifiedBy(issuer string, years int) {
	issue, exp := g.cardDates(years)
	g.setDate("issue_date", issue)
	g.setDate("expiration_date", exp)
	g.f["issuer"] = issuer
	g.setIssuer(issuer)
}

// ecardCourses are the 3-digit course codes inside an AHA eCard code.
var ecardCourses = map[string]string{"bls": "216", "acls": "217", "pals": "218"}

func fillLifeSupport(g *gen, key string) {
	issuer := "American Heart Association"
	if g.is("redcross_certificate") {
		issuer = "American Red Cross"
	}
	g.certifiedBy(issuer, 2)
	switch g.v.name {
	case "aha_ecard":
		// An AHA eCard code: the 2-digit year of issue, the course's code and
		// 7 digits. Twelve digits are drawn whatever the code keeps of them,
		// so that the documents drawn after this one stay what they were.
		d := digits(g.r, 12)
		issue, _ := time.Parse(time.DateOnly, g.f["issue_date"].(string))
		g.f["certificate_id"] = issue.Format("06") + ecardCourses[key] + d[5:]
		g.f["training_center"] = pick(g.r, trainingCenters)
	case "redcross_certificate":
		g.f["certificate_id"] = digits(g.r, 2) + alnum(g.r, 5)
		g.f["training_center"] = pick(g.r, []string{"American Red Cross Training Services", "Red Cross Training Services - " + g.p.City, pick(g.r, trainingCenters)})
	default:
		g.f["certificate_id"] = alnum(g.r, 2) + digits(g.r, 6)
		g.f["training_center"] = pick(g.r, trainingCenters)
	}
}

func fillNRP(g *gen) {
	g.certifiedBy("American Academy of Pediatrics", 2)
	g.f["certificate_id"] = "NRP-" + digits(g.r, 8)
	if g.is("hospital_certificate") {
		g.f["certificate_id"] = digits(g.r, 7)
	}
}

func fillTNCC(g *gen) {
	g.certifiedBy("Emergency Nurses Association", 4)
	g.f["certificate_id"] = digits(g.r, 6)
}

func renderAHAeCard(c *canvas, co course) {
	c.newPage(false)
	c.dates(dMDY, dMDY, dMDYn)
	renewLabel := c.pick("Recommended Renewal Date", "Recommended Renewal Date", "Renewal Date")
	// Page chrome of the printed eCard.
	c.set(fine(8))
	c.text(14, 12, "American Heart Association eCard - "+co.short+" Provider")
	c.textR(c.w-14, 12, "Printed from www.heart.org/cpr/mycards")
	c.ink(black)

	// Front of the card.
	x, y, w, h := 14.0, 22.0, 92.0, 58.0
	c.stroke(lgray)
	c.rbox(x, y, w, h, 3, "D")
	c.band(x, y, 30, h, ahaRed)
	c.logo("heart", x+7, y+8, 16, white)
	c.lines(sans("B", 6.5).in(white), x+3, y+32, 3.5, "American", "Heart", "Association.")
	c.say(sans("B", 15), x+34, y+10, co.short)
	sw := c.width(co.short)
	c.say(sans("", 9), x+36+sw, y+10, "Provider")
	c.say(sans("B", 12), x+34, y+21, c.name())
	c.stroke(lgray)
	c.rule(x+34, y+23, w-38)
	c.para(sans("", 5.6), x+34, y+27, w-38, 2.6, "has successfully completed the cognitive and skills evaluations in accordance with the curriculum of the American Heart Association "+co.program+".")
	dated := caption{look{"Helvetica", "", 8 * 0.62, gray}, sans("B", 8), 0, 8 * 0.42}
	c.captioned(dated, x+34, y+45, "Issue Date", c.date("issue_date"))
	c.captioned(dated, x+63, y+45, renewLabel, c.date("expiration_date"))

	// Back of the card.
	bx := x + w + 6
	c.stroke(lgray)
	c.rbox(bx, y, w, h, 3, "D")
	c.font("Helvetica", "", 6.5)
	rows := [][2]string{
		{"Training Center Name", c.f("training_center")},
		{"TC ID #", c.d.Person.State + fmt.Sprint(10000+c.r.IntN(89999))},
		{"TC City, State", c.d.Person.City + ", " + c.d.Person.State},
		{"TC Phone #", fmt.Sprintf("(%03d) 555-01%02d", 200+c.r.IntN(700), c.r.IntN(100))},
		{"Instructor Name", c.someone()},
		{"Instructor ID #", fmt.Sprint(c.r.IntN(9)) + digits(c.r, 11)},
		{"eCard Code", c.f("certificate_id")},
	}
	ry := y + 7
	for _, row := range rows {
		c.captioned(caption{fine(6), sans("B", 7), 30, 0}, bx+4, ry, row[0], row[1])
		ry += 5.2
	}
	c.qr(bx+w-24, y+h-24, 20)
	c.para(sans("", 5), bx+4, y+h-12, w-32, 2.4, "To view or verify authenticity, students and employers should scan this QR code with their mobile device or go to www.heart.org/cpr/mycards.")

	c.sayC(fine(8), c.w/2, y+h+8, "Fold here")
	c.stroke(lgray)
	c.pdf.SetDashPattern([]float64{2, 2}, 0)
	c.rule(14, y+h+10, c.w-28)
	c.pdf.SetDashPattern(nil, 0)
	c.para(sans("", 9), 14, y+h+22, c.w-28, 4.6, "This card contains a unique code that will allow you to verify its authenticity. "+
		"Keep this page for your records. The "+co.short+" Provider eCard is valid until the "+strings.ToLower(renewLabel)+
		" shown above. Employers may verify this eCard at heart.org/cpr/mycards using the eCard code.\n"+
		"© 2025 American Heart Association. All rights reserved. Unauthorized use prohibited.")
}

// nameRule underlines the holder's name on a certificate.
func (c *canvas) nameRule(y float64) {
	c.stroke(gray)
	c.rule(c.w/2-70, y, 140)
}

func renderRedCross(c *canvas, co course) {
	c.newPage(true)
	c.dates(dMDY, dLong, dMDYn)
	expLabel := c.pick("Expiration Date", "Expires", "Valid Through")
	c.border(10, crossRed)
	c.logo("cross", 24, 24, 16, crossRed)
	c.say(sans("B", 16).in(crossRed), 44, 31, "American Red Cross")
	c.say(fine(10), 44, 37, "Training Services")

	c.centred(line{serif("I", 14), 62, "This certificate acknowledges that"}, line{serif("B", 26), 80, c.name()})
	c.nameRule(83)
	c.centred(line{serif("I", 14), 96, "has completed the requirements for"}, line{sans("B", 20), 110, co.redCross})
	if co.key == "acls" {
		c.centred(line{sans("", 10), 117, "Adult Advanced Cardiovascular Life Support (ACLS)"})
	}
	c.centred(line{serif("I", 12), 127, "conducted by " + c.f("training_center")})

	y := 150.0
	c.font("Helvetica", "", 11)
	c.lvs(30, y, 8,
		[2]string{"Date Completed:", c.date("issue_date")},
		[2]string{"Valid For:", "2 Years"},
		[2]string{expLabel + ":", c.date("expiration_date")},
		[2]string{"Certificate ID:", c.f("certificate_id")})
	c.qr(c.w-62, y-8, 32)
	c.font("Helvetica", "", 8)
	c.textC(c.w-46, y+30, "Scan code or visit:")
	c.textC(c.w-46, y+34, "redcross.org/confirm")
	c.sayC(fine(7), c.w/2, c.h-16, "The American Red Cross name and emblem are used with its permission, which in no way constitutes an endorsement, express or implied, of any product, service, company, opinion or political position.")
}

func renderSiteCard(c *canvas, co course) {
	c.newPage(false)
	c.dates(dMDYs, dMDY, dMDYs)
	issueLabel := c.pick("Issued", "Issue Date", "Date Issued")
	expLabel := c.pick("Exp", "Expires", "Renew By", "Valid Through", "Exp. Date")
	tint := pick(c.r, []rgb{{255, 244, 244}, {244, 248, 255}, {250, 250, 238}})

	x, y, w, h := 30.0, 30.0, 86.0, 54.0
	for side := 0; side < 2; side++ {
		sx := x + float64(side)*(w+8)
		c.band(sx, y, w, h, tint)
		c.stroke(gray)
		c.rbox(sx, y, w, h, 2.5, "D")
	}
	// Front.
	c.logo("heart", x+4, y+4, 10, ahaRed)
	c.say(sans("B", 10), x+17, y+9, co.short+" Provider")
	c.say(sans("", 6.5), x+17, y+13, "American Heart Association")
	c.say(sans("B", 10), x+5, y+26, c.name())
	c.stroke(gray)
	c.rule(x+5, y+27.5, w-10)
	c.para(sans("", 5.5), x+5, y+31, w-10, 2.4, "has successfully completed the national cognitive and skills evaluations in accordance with the curriculum of the American Heart Association "+co.program+".")
	c.font("Helvetica", "", 7.5)
	c.lv(x+5, y+46, issueLabel+":", c.date("issue_date"))
	c.lv(x+48, y+46, expLabel+":", c.date("expiration_date"))
	// Back.
	bx := x + w + 8
	c.font("Helvetica", "", 7)
	c.lvCols(bx+4, y+8, 26, 6,
		[2]string{"Training Site:", c.f("training_center")},
		[2]string{"Instructor:", c.someone()},
		[2]string{"Card #:", c.f("certificate_id")},
		[2]string{"Holder:", ""})
	c.signature(bx+30, y+40, 44)
	c.say(sans("", 5.5), bx+30, y+44, "Holder's Signature")
	c.say(fine(9), x, y+h+10, c.pick("Front", "Card front")+" / "+c.pick("Back", "reverse"))
}

func renderNRPeCard(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dAbbr, dLong)
	expLabel := c.pick("Expiration Date", "Valid Through", "Expires")
	c.band(0, 0, c.w, 34, navy)
	c.logo("star", 16, 8, 18, gold)
	c.say(sans("B", 16).in(white), 40, 17, "American Academy of Pediatrics")
	c.say(sans("", 11).in(white), 40, 25, "Neonatal Resuscitation Program"+"\u00ae")
	c.centred(
		line{sans("B", 22), 60, "NRP Provider eCard"},
		line{sans("", 11), 70, c.pick("Advanced", "Essentials") + " Provider - 8th Edition"},
		line{sans("", 10), 88, "This is to certify that"},
		line{sans("B", 20), 101, c.name()},
		line{sans("", 10), 111, "has successfully completed the Neonatal Resuscitation Program online exam and instructor-led event."})
	c.stroke(lgray)
	c.box(40, 124, c.w-80, 44)
	c.font("Helvetica", "", 11)
	c.lvCols(48, 136, 42, 10,
		[2]string{"Issue Date:", c.date("issue_date")},
		[2]string{expLabel + ":", c.date("expiration_date")},
		[2]string{"eCard ID:", c.f("certificate_id")},
		[2]string{"Instructor:", c.someone()})
	c.qr(c.w-70, 130, 24)
	c.para(fine(8), 20, 190, c.w-40, 4, "Verify this eCard at nrplearning.aap.org. NRP Provider status is valid for 2 years from the date of issue. The American Academy of Pediatrics does not certify individuals; this card indicates course completion.")
	c.footer("© American Academy of Pediatrics   ·   NRP eCard")
}

func renderNRPCertificate(c *canvas) {
	c.newPage(true)
	c.dates(dLong, dMDY)
	hosp := pick(c.r, []string{"St. Luke's Women's Center", "Mercy Regional Medical Center", "Children's Hospital of the Valley", "Northside Hospital", "Good Samaritan Medical Center"})
	c.border(12, teal)
	c.logo("drop", 30, 26, 14, teal)
	c.lines(serif("", 12), 48, 32, 6, hosp, "Department of Nursing Education")
	c.centred(
		line{serif("B", 30), 70, "Certificate of Completion"},
		line{serif("I", 13), 86, "is hereby awarded to"},
		line{serif("B", 24), 102, c.name()},
		line{serif("", 13), 118, "for successful completion of the"},
		line{serif("B", 16), 130, "Neonatal Resuscitation Program (NRP), 8th Edition"},
		line{serif("", 11), 139, "in accordance with the American Academy of Pediatrics and American Heart Association guidelines"})
	c.font("Times", "", 12)
	c.lvs(40, 160, 9,
		[2]string{"Date of Course:", c.date("issue_date")},
		[2]string{c.pick("Expiration Date:", "Expires:", "Renewal Due:"), c.date("expiration_date")},
		[2]string{"Certificate No.:", c.f("certificate_id")})
	c.signature(c.w-110, 176, 70)
	c.say(serif("", 10), c.w-110, 182, c.someone()+", MSN, RNC-NIC, NRP Instructor")
	c.logo("seal", c.w-60, 140, 24, gold)
}

func renderTNCCCard(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYn, dISO)
	expLabel := c.pick("Expiration Date", "Expires", "Valid Through")
	x, y, w, h := 25.0, 28.0, 100.0, 62.0
	c.band(x, y, w, 16, maroon)
	c.logo("shield", x+4, y+2.5, 11, white)
	c.say(sans("B", 10).in(white), x+18, y+7.5, "EMERGENCY NURSES ASSOCIATION")
	c.say(sans("", 7).in(white), x+18, y+12, "Trauma Nursing Core Course - "+c.pick("9th", "8th")+" Edition")
	c.stroke(gray)
	c.rbox(x, y, w, h, 2, "D")
	c.say(sans("B", 13), x+5, y+27, "TNCC Provider")
	c.say(sans("B", 11), x+5, y+37, c.name())
	c.font("Helvetica", "", 8)
	c.lvs(x+5, y+46, 6,
		[2]string{"Verification #:", c.f("certificate_id")},
		[2]string{c.pick("Issue Date:", "Completion Date:", "Verified:"), c.date("issue_date")},
		[2]string{expLabel + ":", c.date("expiration_date")})
	c.logo("seal", x+w-24, y+38, 19, maroon)
	c.para(sans("", 9), x, y+h+14, 160, 4.5, "This card verifies that the individual named has successfully completed the Trauma Nursing Core Course (TNCC) Provider Course. Verify at ena.org/verify.")
}

func renderTNCCCertificate(c *canvas) {
	c.newPage(true)
	c.dates(dLong, dAbbr, dMDY)
	c.border(11, maroon)
	c.logo("shield", c.w/2-9, 24, 18, maroon)
	c.centred(
		line{sans("B", 13), 52, "EMERGENCY NURSES ASSOCIATION"},
		line{serif("I", 12), 66, "certifies that"},
		line{serif("B", 26), 84, c.name()},
		line{serif("", 13), 99, "has successfully completed the requirements of the"},
		line{sans("B", 18), 113, "Trauma Nursing Core Course (TNCC)"},
		line{serif("", 12), 124, "Provider Course, 9th Edition, and is verified as a TNCC Provider"})
	c.font("Helvetica", "", 11)
	c.lvs(45, 150, 9,
		[2]string{"Verification Date:", c.date("issue_date")},
		[2]string{c.pick("Expiration Date:", "Valid Through:", "Expires:"), c.date("expiration_date")},
		[2]string{"ID Number:", c.f("certificate_id")})
	c.signature(c.w-115, 166, 72)
	c.say(sans("", 9), c.w-115, 172, "Course Director")
}
