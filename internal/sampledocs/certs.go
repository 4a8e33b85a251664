package sampledocs

import (
	"fmt"
	"strings"
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

// lifeSupportSpecs are the layouts of the life-support cards: BLS, ACLS and
// PALS, NRP and TNCC.
func lifeSupportSpecs() map[string]*typeSpec {
	out := map[string]*typeSpec{}
	for key := range courses {
		key := key
		out[key] = &typeSpec{
			fill: lifeSupportFill(key),
			variants: []variant{
				{name: "aha_ecard", pages: [2]int{1, 1}, names: namesCard, meta: metaEcardLike, render: func(c *canvas) { renderAHAeCard(c, courses[key]) }},
				{name: "redcross_certificate", pages: [2]int{1, 1}, names: namesCard, meta: metaReport, render: func(c *canvas) { renderRedCross(c, courses[key]) }},
				{name: "training_site_card", pages: [2]int{1, 1}, names: append([]string{"LAST, FIRST M"}, namesCard...), meta: metaOffice, render: func(c *canvas) { renderSiteCard(c, courses[key]) }},
			},
		}
	}
	out["nrp"] = &typeSpec{
		fill: func(g *gen) {
			issue, exp := g.cardDates(2)
			g.setDate("issue_date", issue)
			g.setDate("expiration_date", exp)
			g.f["issuer"] = "American Academy of Pediatrics"
			g.setIssuer("American Academy of Pediatrics")
			g.f["certificate_id"] = "NRP-" + digits(g.r, 8)
			if g.is("hospital_certificate") {
				g.f["certificate_id"] = digits(g.r, 7)
			}
		},
		variants: []variant{
			{name: "aap_ecard", pages: [2]int{1, 1}, names: namesCard, meta: metaEcardLike, render: renderNRPeCard},
			{name: "hospital_certificate", pages: [2]int{1, 1}, names: namesNatural, meta: metaOffice, render: renderNRPCertificate},
		},
	}
	out["tncc"] = &typeSpec{
		fill: func(g *gen) {
			issue, exp := g.cardDates(4)
			g.setDate("issue_date", issue)
			g.setDate("expiration_date", exp)
			g.f["issuer"] = "Emergency Nurses Association"
			g.setIssuer("Emergency Nurses Association")
			g.f["certificate_id"] = digits(g.r, 6)
		},
		variants: []variant{
			{name: "ena_card", pages: [2]int{1, 1}, names: namesCard, meta: metaIText, render: renderTNCCCard},
			{name: "ena_certificate", pages: [2]int{1, 1}, names: namesNatural, meta: metaReport, render: renderTNCCCertificate},
		},
	}
	return out
}

func lifeSupportFill(key string) func(g *gen) {
	return func(g *gen) {
		issue, exp := g.cardDates(2)
		g.setDate("issue_date", issue)
		g.setDate("expiration_date", exp)
		issuer := "American Heart Association"
		switch g.v.name {
		case "aha_ecard":
			g.f["certificate_id"] = digits(g.r, 12)
			g.f["training_center"] = pick(g.r, trainingCenters)
		case "redcross_certificate":
			issuer = "American Red Cross"
			g.f["certificate_id"] = digits(g.r, 2) + alnum(g.r, 5)
			g.f["training_center"] = pick(g.r, []string{"American Red Cross Training Services", "Red Cross Training Services - " + g.p.City, pick(g.r, trainingCenters)})
		default:
			g.f["certificate_id"] = alnum(g.r, 2) + digits(g.r, 6)
			g.f["training_center"] = pick(g.r, trainingCenters)
		}
		g.f["issuer"] = issuer
		g.setIssuer(issuer)
	}
}

func renderAHAeCard(c *canvas, co course) {
	c.newPage(false)
	c.dates(dMDY, dMDY, dMDYn)
	renewLabel := c.pick("Recommended Renewal Date", "Recommended Renewal Date", "Renewal Date")
	// Page chrome of the printed eCard.
	c.font("Helvetica", "", 8)
	c.ink(gray)
	c.text(14, 12, "American Heart Association eCard - "+co.short+" Provider")
	c.textR(c.w-14, 12, "Printed from www.heart.org/cpr/mycards")
	c.ink(black)

	// Front of the card.
	x, y, w, h := 14.0, 22.0, 92.0, 58.0
	c.stroke(lgray)
	c.rbox(x, y, w, h, 3, "D")
	c.band(x, y, 30, h, ahaRed)
	c.logo("heart", x+7, y+8, 16, white)
	c.font("Helvetica", "B", 6.5)
	c.ink(white)
	c.text(x+3, y+32, "American")
	c.text(x+3, y+35.5, "Heart")
	c.text(x+3, y+39, "Association.")
	c.ink(black)
	c.font("Helvetica", "B", 15)
	c.text(x+34, y+10, co.short)
	sw := c.width(co.short)
	c.font("Helvetica", "", 9)
	c.text(x+36+sw, y+10, "Provider")
	c.font("Helvetica", "B", 12)
	c.text(x+34, y+21, c.name())
	c.stroke(lgray)
	c.rule(x+34, y+23, w-38)
	c.font("Helvetica", "", 5.6)
	c.wrap(x+34, y+27, w-38, 2.6, "has successfully completed the cognitive and skills evaluations in accordance with the curriculum of the American Heart Association "+co.program+".")
	c.stack(x+34, y+45, "Issue Date", c.date("issue_date"), 8)
	c.stack(x+63, y+45, renewLabel, c.date("expiration_date"), 8)

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
		c.font("Helvetica", "", 6)
		c.ink(gray)
		c.text(bx+4, ry, row[0])
		c.ink(black)
		c.font("Helvetica", "B", 7)
		c.text(bx+34, ry, row[1])
		ry += 5.2
	}
	c.qr(bx+w-24, y+h-24, 20)
	c.font("Helvetica", "", 5)
	c.wrap(bx+4, y+h-12, w-32, 2.4, "To view or verify authenticity, students and employers should scan this QR code with their mobile device or go to www.heart.org/cpr/mycards.")

	c.font("Helvetica", "", 8)
	c.ink(gray)
	c.textC(c.w/2, y+h+8, "Fold here")
	c.stroke(lgray)
	c.pdf.SetDashPattern([]float64{2, 2}, 0)
	c.rule(14, y+h+10, c.w-28)
	c.pdf.SetDashPattern(nil, 0)
	c.ink(black)
	c.font("Helvetica", "", 9)
	c.wrap(14, y+h+22, c.w-28, 4.6, "This card contains a unique code that will allow you to verify its authenticity. "+
		"Keep this page for your records. The "+co.short+" Provider eCard is valid until the "+strings.ToLower(renewLabel)+
		" shown above. Employers may verify this eCard at heart.org/cpr/mycards using the eCard code.\n"+
		"© 2025 American Heart Association. All rights reserved. Unauthorized use prohibited.")
}

func renderRedCross(c *canvas, co course) {
	c.newPage(true)
	c.dates(dMDY, dLong, dMDYn)
	expLabel := c.pick("Expiration Date", "Expires", "Valid Through")
	c.border(10, crossRed)
	c.logo("cross", 24, 24, 16, crossRed)
	c.font("Helvetica", "B", 16)
	c.ink(crossRed)
	c.text(44, 31, "American Red Cross")
	c.font("Helvetica", "", 10)
	c.ink(gray)
	c.text(44, 37, "Training Services")
	c.ink(black)

	c.font("Times", "I", 14)
	c.textC(c.w/2, 62, "This certificate acknowledges that")
	c.font("Times", "B", 26)
	c.textC(c.w/2, 80, c.name())
	c.stroke(gray)
	c.rule(c.w/2-70, 83, 140)
	c.font("Times", "I", 14)
	c.textC(c.w/2, 96, "has completed the requirements for")
	c.font("Helvetica", "B", 20)
	c.textC(c.w/2, 110, co.redCross)
	if co.key == "acls" {
		c.font("Helvetica", "", 10)
		c.textC(c.w/2, 117, "Adult Advanced Cardiovascular Life Support (ACLS)")
	}
	c.font("Times", "I", 12)
	c.textC(c.w/2, 127, "conducted by "+c.f("training_center"))

	y := 150.0
	c.font("Helvetica", "", 11)
	c.lv(30, y, "Date Completed:", c.date("issue_date"))
	c.lv(30, y+8, "Valid For:", "2 Years")
	c.lv(30, y+16, expLabel+":", c.date("expiration_date"))
	c.lv(30, y+24, "Certificate ID:", c.f("certificate_id"))
	c.qr(c.w-62, y-8, 32)
	c.font("Helvetica", "", 8)
	c.textC(c.w-46, y+30, "Scan code or visit:")
	c.textC(c.w-46, y+34, "redcross.org/confirm")
	c.font("Helvetica", "", 7)
	c.ink(gray)
	c.textC(c.w/2, c.h-16, "The American Red Cross name and emblem are used with its permission, which in no way constitutes an endorsement, express or implied, of any product, service, company, opinion or political position.")
	c.ink(black)
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
	c.font("Helvetica", "B", 10)
	c.text(x+17, y+9, co.short+" Provider")
	c.font("Helvetica", "", 6.5)
	c.text(x+17, y+13, "American Heart Association")
	c.font("Helvetica", "B", 10)
	c.text(x+5, y+26, c.name())
	c.stroke(gray)
	c.rule(x+5, y+27.5, w-10)
	c.font("Helvetica", "", 5.5)
	c.wrap(x+5, y+31, w-10, 2.4, "has successfully completed the national cognitive and skills evaluations in accordance with the curriculum of the American Heart Association "+co.program+".")
	c.font("Helvetica", "", 7.5)
	c.lv(x+5, y+46, issueLabel+":", c.date("issue_date"))
	c.lv(x+48, y+46, expLabel+":", c.date("expiration_date"))
	// Back.
	bx := x + w + 8
	c.font("Helvetica", "", 7)
	c.lvCol(bx+4, y+8, 26, "Training Site:", c.f("training_center"))
	c.lvCol(bx+4, y+14, 26, "Instructor:", c.someone())
	c.lvCol(bx+4, y+20, 26, "Card #:", c.f("certificate_id"))
	c.lvCol(bx+4, y+26, 26, "Holder:", "")
	c.signature(bx+30, y+40, 44)
	c.font("Helvetica", "", 5.5)
	c.text(bx+30, y+44, "Holder's Signature")
	c.font("Helvetica", "", 9)
	c.ink(gray)
	c.text(x, y+h+10, c.pick("Front", "Card front")+" / "+c.pick("Back", "reverse"))
	c.ink(black)
}

func renderNRPeCard(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dAbbr, dLong)
	expLabel := c.pick("Expiration Date", "Valid Through", "Expires")
	c.band(0, 0, c.w, 34, navy)
	c.logo("star", 16, 8, 18, gold)
	c.font("Helvetica", "B", 16)
	c.ink(white)
	c.text(40, 17, "American Academy of Pediatrics")
	c.font("Helvetica", "", 11)
	c.text(40, 25, "Neonatal Resuscitation Program"+"\u00ae")
	c.ink(black)
	c.font("Helvetica", "B", 22)
	c.textC(c.w/2, 60, "NRP Provider eCard")
	c.font("Helvetica", "", 11)
	c.textC(c.w/2, 70, c.pick("Advanced", "Essentials")+" Provider - 8th Edition")
	c.font("Helvetica", "", 10)
	c.textC(c.w/2, 88, "This is to certify that")
	c.font("Helvetica", "B", 20)
	c.textC(c.w/2, 101, c.name())
	c.font("Helvetica", "", 10)
	c.textC(c.w/2, 111, "has successfully completed the Neonatal Resuscitation Program online exam and instructor-led event.")
	c.stroke(lgray)
	c.box(40, 124, c.w-80, 44)
	c.font("Helvetica", "", 11)
	c.lvCol(48, 136, 42, "Issue Date:", c.date("issue_date"))
	c.lvCol(48, 146, 42, expLabel+":", c.date("expiration_date"))
	c.lvCol(48, 156, 42, "eCard ID:", c.f("certificate_id"))
	c.lvCol(48, 166, 42, "Instructor:", c.someone())
	c.qr(c.w-70, 130, 24)
	c.font("Helvetica", "", 8)
	c.ink(gray)
	c.wrap(20, 190, c.w-40, 4, "Verify this eCard at nrplearning.aap.org. NRP Provider status is valid for 2 years from the date of issue. The American Academy of Pediatrics does not certify individuals; this card indicates course completion.")
	c.footer("© American Academy of Pediatrics   ·   NRP eCard")
}

func renderNRPCertificate(c *canvas) {
	c.newPage(true)
	c.dates(dLong, dMDY)
	hosp := pick(c.r, []string{"St. Luke's Women's Center", "Mercy Regional Medical Center", "Children's Hospital of the Valley", "Northside Hospital", "Good Samaritan Medical Center"})
	c.border(12, teal)
	c.logo("drop", 30, 26, 14, teal)
	c.font("Times", "", 12)
	c.text(48, 32, hosp)
	c.text(48, 38, "Department of Nursing Education")
	c.font("Times", "B", 30)
	c.textC(c.w/2, 70, "Certificate of Completion")
	c.font("Times", "I", 13)
	c.textC(c.w/2, 86, "is hereby awarded to")
	c.font("Times", "B", 24)
	c.textC(c.w/2, 102, c.name())
	c.font("Times", "", 13)
	c.textC(c.w/2, 118, "for successful completion of the")
	c.font("Times", "B", 16)
	c.textC(c.w/2, 130, "Neonatal Resuscitation Program (NRP), 8th Edition")
	c.font("Times", "", 11)
	c.textC(c.w/2, 139, "in accordance with the American Academy of Pediatrics and American Heart Association guidelines")
	c.font("Times", "", 12)
	c.lv(40, 160, "Date of Course:", c.date("issue_date"))
	c.lv(40, 169, c.pick("Expiration Date:", "Expires:", "Renewal Due:"), c.date("expiration_date"))
	c.lv(40, 178, "Certificate No.:", c.f("certificate_id"))
	c.signature(c.w-110, 176, 70)
	c.font("Times", "", 10)
	c.text(c.w-110, 182, c.someone()+", MSN, RNC-NIC, NRP Instructor")
	c.logo("seal", c.w-60, 140, 24, gold)
}

func renderTNCCCard(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYn, dISO)
	expLabel := c.pick("Expiration Date", "Expires", "Valid Through")
	x, y, w, h := 25.0, 28.0, 100.0, 62.0
	c.band(x, y, w, 16, maroon)
	c.logo("shield", x+4, y+2.5, 11, white)
	c.font("Helvetica", "B", 10)
	c.ink(white)
	c.text(x+18, y+7.5, "EMERGENCY NURSES ASSOCIATION")
	c.font("Helvetica", "", 7)
	c.text(x+18, y+12, "Trauma Nursing Core Course - "+c.pick("9th", "8th")+" Edition")
	c.ink(black)
	c.stroke(gray)
	c.rbox(x, y, w, h, 2, "D")
	c.font("Helvetica", "B", 13)
	c.text(x+5, y+27, "TNCC Provider")
	c.font("Helvetica", "B", 11)
	c.text(x+5, y+37, c.name())
	c.font("Helvetica", "", 8)
	c.lv(x+5, y+46, "Verification #:", c.f("certificate_id"))
	c.lv(x+5, y+52, c.pick("Issue Date:", "Completion Date:", "Verified:"), c.date("issue_date"))
	c.lv(x+5, y+58, expLabel+":", c.date("expiration_date"))
	c.logo("seal", x+w-24, y+38, 19, maroon)
	c.font("Helvetica", "", 9)
	c.wrap(x, y+h+14, 160, 4.5, "This card verifies that the individual named has successfully completed the Trauma Nursing Core Course (TNCC) Provider Course. Verify at ena.org/verify.")
}

func renderTNCCCertificate(c *canvas) {
	c.newPage(true)
	c.dates(dLong, dAbbr, dMDY)
	c.border(11, maroon)
	c.logo("shield", c.w/2-9, 24, 18, maroon)
	c.font("Helvetica", "B", 13)
	c.textC(c.w/2, 52, "EMERGENCY NURSES ASSOCIATION")
	c.font("Times", "I", 12)
	c.textC(c.w/2, 66, "certifies that")
	c.font("Times", "B", 26)
	c.textC(c.w/2, 84, c.name())
	c.font("Times", "", 13)
	c.textC(c.w/2, 99, "has successfully completed the requirements of the")
	c.font("Helvetica", "B", 18)
	c.textC(c.w/2, 113, "Trauma Nursing Core Course (TNCC)")
	c.font("Times", "", 12)
	c.textC(c.w/2, 124, "Provider Course, 9th Edition, and is verified as a TNCC Provider")
	c.font("Helvetica", "", 11)
	c.lv(45, 150, "Verification Date:", c.date("issue_date"))
	c.lv(45, 159, c.pick("Expiration Date:", "Valid Through:", "Expires:"), c.date("expiration_date"))
	c.lv(45, 168, "ID Number:", c.f("certificate_id"))
	c.signature(c.w-115, 166, 72)
	c.font("Helvetica", "", 9)
	c.text(c.w-115, 172, "Course Director")
}
