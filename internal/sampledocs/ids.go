package sampledocs

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/idnumber"
)

// Licenses and identity documents: board verification printouts and pocket
// cards, state driver licenses and ID cards, passports and Social Security
// cards.

// --- nursing license ---

var boardNames = map[string]string{
	"TX": "Texas Board of Nursing", "CA": "California Board of Registered Nursing", "FL": "Florida Board of Nursing",
	"NY": "New York State Education Department - Office of the Professions", "AZ": "Arizona State Board of Nursing",
	"GA": "Georgia Board of Nursing", "NC": "North Carolina Board of Nursing", "OH": "Ohio Board of Nursing",
	"WA": "Washington State Nursing Care Quality Assurance Commission", "CO": "Colorado Board of Nursing",
	"IL": "Illinois Department of Financial and Professional Regulation", "PA": "Pennsylvania State Board of Nursing",
}

func boardOf(state string) string { return stateBody(boardNames, state, "Board of Nursing") }

var licenseTypeLong = map[string]string{
	"RN": "Registered Nurse", "LPN": "Licensed Practical Nurse", "LVN": "Licensed Vocational Nurse",
	"APRN": "Advanced Practice Registered Nurse",
}

func licenseNumber(r *rand.Rand, state, ltype string) string {
	prefix := map[string]string{"RN": "RN", "LPN": "PN", "LVN": "VN", "APRN": "APRN"}[ltype]
	switch state {
	case "TX", "NY":
		return digits(r, 6)
	case "CA":
		if ltype == "LVN" {
			return "VN " + digits(r, 6)
		}
		return "95" + digits(r, 6)
	case "FL":
		return prefix + digits(r, 7)
	case "AZ", "NV":
		return prefix + digits(r, 6)
	case "OH", "PA":
		return prefix + "." + digits(r, 6)
	default:
		if r.IntN(2) == 0 {
			return prefix + digits(r, 6)
		}
		return digits(r, 7)
	}
}

func lastOfMonth(y int, m time.Month) time.Time {
	return time.Date(y, m+1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -1)
}

func fillNursingLicense(g *gen) {
	state := g.p.State
	if g.r.IntN(5) == 0 {
		state = pick(g.r, []string{"TX", "CA", "FL", "NY", "AZ", "GA", "NC", "OH", "WA", "CO"})
	}
	ltype := "RN"
	switch x := g.r.IntN(100); {
	case x < 10:
		ltype = "LPN"
		if state == "TX" || state == "CA" {
			ltype = "LVN"
		}
	case x < 17:
		ltype = "APRN"
	}
	g.f["state"] = state
	g.f["license_type"] = ltype
	g.f["license_number"] = licenseNumber(g.r, state, ltype)
	g.setIssuer(boardOf(state))

	// Boards renew every two years at the end of the birth month.
	bm := g.p.DOB.Month()
	var exp time.Time
	if g.opt.Expired {
		for y := g.asOf.Year(); ; y-- {
			if exp = lastOfMonth(y, bm); exp.Before(g.asOf.AddDate(0, 0, -20)) {
				break
			}
		}
		exp = exp.AddDate(0, -12*g.r.IntN(2), 0)
		exp = lastOfMonth(exp.Year(), exp.Month())
	} else {
		for y := g.asOf.Year(); ; y++ {
			if exp = lastOfMonth(y, bm); exp.After(g.asOf.AddDate(0, 0, 14)) {
				break
			}
		}
		if g.r.IntN(2) == 0 {
			exp = lastOfMonth(exp.Year()+1, bm)
		}
	}
	g.setDate("expiration_date", exp)

	status := "Active"
	switch {
	case g.opt.Expired:
		status = pick(g.r, []string{"Expired", "Lapsed", "Delinquent"})
	case g.opt.Positive:
		status = pick(g.r, []string{"Inactive", "Suspended", "Revoked", "Surrendered"})
	}
	if g.is("wallet_card") {
		// A pocket card is printed at renewal: its issue date is the renewal.
		issue := exp.AddDate(-2, 0, 1)
		if issue.After(g.asOf) {
			issue = g.daysAgo(10, 300)
		}
		g.setDate("issue_date", issue)
		g.f["license_status"] = strings.ToUpper(status)
		return
	}
	earliest := g.p.DOB.AddDate(21, 0, 0)
	if lim := g.asOf.AddDate(-30, 0, 0); earliest.Before(lim) {
		earliest = lim
	}
	span := int(g.asOf.Sub(earliest).Hours()/24) - 200
	issue := earliest.AddDate(0, 0, g.r.IntN(max(span, 1)))
	if lim := g.asOf.AddDate(0, 0, -30); issue.After(lim) {
		// Only with an as-of date years before DefaultAsOf(), where a
		// generated nurse would not yet be licensed.
		issue = lim
	}
	g.setDate("issue_date", issue)
	g.f["license_status"] = status
	g.made = g.daysAgo(0, 12)
}

func (c *canvas) licenseTypeText() string {
	lt := c.f("license_type")
	if lt == "" {
		return ""
	}
	if c.chance(0.5) {
		return licenseTypeLong[lt] + " (" + lt + ")"
	}
	return map[bool]string{true: lt, false: licenseTypeLong[lt]}[c.chance(0.5)]
}

func renderBoardVerification(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYn, dMDY)
	state := c.f("state")
	board := c.d.Issuer
	now := c.d.Created
	// Browser print chrome.
	c.browserChrome("License Verification - "+board, "https://www."+strings.ToLower(state)+"bon.gov/licensure/verification")

	c.band(0, 12, c.w, 24, darkBlue)
	c.logo("seal", 12, 14, 20, white)
	c.say(sans("B", 15).in(white), 38, 24, board)
	c.say(sans("", 9).in(white), 38, 31, "Online License Verification  |  Primary Source Verification")

	c.say(sans("B", 13), 16, 50, c.pick("License Verification", "Licensee Information", "Verification Details"))
	c.para(fine(8.5), 16, 56, c.w-32, 4, "This information is provided as a primary source of license verification under the rules of the "+board+". Data is updated nightly.")

	rows := [][2]string{
		{"Name", c.name()},
		{"License Type", c.licenseTypeText()},
		{"License Number", c.f("license_number")},
		{"License Status", c.f("license_status")},
		{c.pick("Original License Date", "Original Issue Date", "Date Issued"), c.date("issue_date")},
		{c.pick("Expiration Date", "Expires", "License Expiration Date"), c.date("expiration_date")},
		{"State", c.f("state")},
		{"Multistate Privilege", c.pick("Yes - Multistate", "No - Single State")},
		{"Discipline/Board Action", c.pick("None", "No", "None on file")},
		{"Address of Record", strings.ToUpper(c.d.Person.City) + ", " + c.d.Person.State},
	}
	y := 70.0
	c.font("Helvetica", "", 10)
	for i, row := range rows {
		if i%2 == 0 {
			c.band(16, y-5, c.w-32, 8, xlgray)
		}
		c.lvCol(20, y, 60, row[0]+":", row[1])
		y += 8
	}
	c.para(fine(8), 16, y+10, c.w-32, 4, fmt.Sprintf("Verification generated %s. The %s makes no warranty as to the accuracy of information printed from this page after the date shown.", now.Format("01/02/2006 03:04 PM"), board))
}

func renderLicenseCard(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYs, dMDY)
	state := c.f("state")
	sname := strings.ToUpper(stateNames[state])
	if sname == "" {
		sname = state
	}
	c.para(fine(8), 20, 18, c.w-40, 4, "Your license has been renewed. Detach the pocket card below and carry it with you. Verify license status at any time through the board's online verification.")
	c.stroke(gray)
	c.pdf.SetDashPattern([]float64{1.5, 1.5}, 0)
	x, y, w, h := 40.0, 40.0, 130.0, 70.0
	c.box(x-3, y-3, w+6, h+6)
	c.pdf.SetDashPattern(nil, 0)
	c.waves(x, y, w, h, rgb{205, 220, 240}, 12)
	c.stroke(darkBlue)
	c.lw(0.6)
	c.box(x, y, w, h)
	c.lw(0.2)
	c.logo("seal", x+4, y+4, 18, darkBlue)
	c.say(sans("B", 10).in(darkBlue), x+26, y+9, "STATE OF "+sname)
	c.say(sans("", 8).in(darkBlue), x+26, y+13.5, strings.ToUpper(c.d.Issuer))
	c.say(sans("B", 11), x+26, y+21, "LICENSED "+strings.ToUpper(licenseTypeLong[c.f("license_type")]))
	c.say(sans("B", 12), x+6, y+35, c.name())
	street, city := c.address()
	c.lines(sans("", 8.5), x+6, y+40, 4.5, strings.ToUpper(street), strings.ToUpper(city))
	c.font("Helvetica", "", 9)
	c.lvs(x+6, y+54, 6,
		[2]string{"LICENSE NO.", c.f("license_number")},
		[2]string{c.pick("ISSUED", "ISSUE DATE", "DATE ISSUED"), c.date("issue_date")})
	c.lvs(x+70, y+54, 6,
		[2]string{c.pick("EXPIRES", "EXPIRATION DATE", "EXP"), c.date("expiration_date")},
		[2]string{"STATUS", c.f("license_status")})
	c.say(sans("", 6), x+6, y+h-3, "THIS IS YOUR LICENSE - NOT TRANSFERABLE - VERIFY AT THE BOARD'S WEBSITE")
}

func renderNursys(c *canvas) {
	c.newPage(false)
	c.dates(dMDY)
	now := c.d.Created
	c.say(sans("B", 22).in(teal), 16, 24, "nursys")
	c.say(fine(8), 16, 29, "Powered by NCSBN")
	c.sayR(sans("B", 14), c.w-16, 22, "QuickConfirm License Verification Report")
	c.sayR(sans("", 8.5), c.w-16, 28, "Report Date: "+c.fmtDate(now))
	c.stroke(teal)
	c.heavyRule(16, 34, c.w-32, 0.8)
	c.stroke(black)

	c.say(sans("B", 11), 16, 46, "Nurse Information")
	c.font("Helvetica", "", 10)
	c.lvCols(16, 55, 40, 7, [2]string{"Name:", c.name()}, [2]string{"Nurse ID:", digits(c.r, 8)})
	c.say(sans("B", 11), 16, 78, "License Information")
	c.font("Helvetica", "", 8.5)
	hdr := []string{"Jurisdiction", "License Type", "License No.", "Status", "Expiration", "Original Issue", "Compact"}
	widths := []float64{22, 24, 26, 22, 26, 28, 35}
	row := []string{c.f("state"), c.f("license_type"), c.f("license_number"), c.f("license_status"), c.date("expiration_date"), c.date("issue_date"), c.pick("Multistate", "Single State")}
	y := c.table(16, 83, widths, 8, hdr, [][]string{row}, rgb{220, 236, 238})
	c.say(sans("B", 11), 16, y+14, "Discipline")
	c.lines(sans("", 9), 16, y+21, 6, "Discipline against license: "+c.pick("No", "None reported"), "Discipline against privilege(s) to practice: No")
	c.para(fine(7.5), 16, y+44, c.w-32, 3.6, "Nursys QuickConfirm is a primary source equivalent verification of the licenses and discipline of nurses in participating jurisdictions. The information is provided by the boards of nursing and is current as of the report date. Nursys is a registered trademark of the National Council of State Boards of Nursing, Inc. (NCSBN).")
	c.footer(c.pageOf() + "   ·   www.nursys.com")
}

// --- driver license ---

var dlYears = map[string]int{"TX": 8, "CA": 5, "FL": 8, "NY": 8, "AZ": 12, "GA": 8, "IL": 4, "WA": 6, "CO": 5, "OH": 4, "PA": 4}

func dlNumber(r *rand.Rand, state, last string) string {
	switch state {
	case "CA":
		return string(rune('A'+r.IntN(26))) + digits(r, 7)
	case "TX", "GA":
		return digits(r, 8)
	case "NY":
		return digits(r, 3) + " " + digits(r, 3) + " " + digits(r, 3)
	case "FL":
		l := strings.ToUpper(asciiFold(last))
		return l[:1] + digits(r, 3) + "-" + digits(r, 3) + "-" + digits(r, 2) + "-" + digits(r, 3) + "-0"
	case "WA":
		return "WDL" + alnum(r, 9)
	default:
		return string(rune('A'+r.IntN(26))) + digits(r, 8)
	}
}

func birthdayIn(dob time.Time, y int) time.Time {
	return time.Date(y, dob.Month(), min(dob.Day(), 28), 0, 0, 0, 0, time.UTC)
}

func fillDriversLicense(g *gen) {
	st := g.p.State
	n := dlYears[st]
	if n == 0 {
		n = 6
	}
	var issue, exp time.Time
	if g.opt.Expired {
		exp = birthdayIn(g.p.DOB, g.asOf.Year())
		for !exp.Before(g.asOf.AddDate(0, 0, -15)) {
			exp = exp.AddDate(-1, 0, 0)
		}
		exp = exp.AddDate(-g.r.IntN(2), 0, 0)
		issue = exp.AddDate(-n, 0, -g.r.IntN(60))
	} else {
		issue = g.daysAgo(20, n*365-90)
		exp = birthdayIn(g.p.DOB, issue.Year()+n)
		if !exp.After(g.asOf.AddDate(0, 0, 14)) {
			issue = g.daysAgo(20, 200)
			exp = birthdayIn(g.p.DOB, issue.Year()+n)
		}
	}
	if min16 := g.p.DOB.AddDate(16, 0, 0); issue.Before(min16) {
		issue = min16.AddDate(0, 1, 0)
	}
	g.setDate("issue_date", issue)
	g.setDate("expiration_date", exp)
	g.setDate("date_of_birth", g.p.DOB)
	g.f["state"] = st
	g.f["license_number"] = dlNumber(g.r, st, g.p.LastName)
	g.f["address"] = strings.ToUpper(fmt.Sprintf("%s, %s, %s %s", g.p.Street, g.p.City, st, g.p.Zip))
	g.setIssuer(stateNames[st] + " Department of Motor Vehicles")
	g.made = g.daysAgo(1, 400)
	if issue.After(g.made) {
		g.made = issue
	}
}

func renderDL(c *canvas, style string) {
	c.newPage(false)
	c.dates(dMDY, dMDY, dMDY, dMDYdash)
	st := c.f("state")
	if st == "" {
		st = c.d.Person.State
	}
	sname := strings.ToUpper(stateNames[st])
	title := "DRIVER LICENSE"
	if style == "stateid" {
		title = c.pick("IDENTIFICATION CARD", "ID CARD", "STATE ID")
	}
	palette := pick(c.r, []rgb{{200, 220, 245}, {245, 225, 200}, {215, 240, 215}, {235, 220, 245}})
	accent := pick(c.r, []rgb{darkBlue, maroon, green, navy, purple})
	x, y, w, h := 28.0, 24.0, 96.0, 61.0
	c.band(x, y, w, h, palette)
	c.waves(x, y+12, w, h-12, white, 10)
	c.band(x, y, w, 11, accent)
	c.stroke(gray)
	c.rbox(x, y, w, h, 3, "D")
	left, right, size := sname, "USA "+title, 7.5
	if !c.chance(0.5) {
		left, right, size = title, sname+" USA", 8
	}
	c.say(sans("B", 11).in(white), x+4, y+7.5, left)
	c.sayR(sans("B", size).in(white), x+w-4, y+7.5, right)
	c.photo(x+3, y+14, 25, 32)
	// The ghost image sits under the data, as on real cards.
	c.photo(x+w-15, y+h-18, 11, 14)
	fx := x + 31
	first := strings.TrimSpace(c.f("first_name") + " " + c.f("middle_name"))
	last := c.f("last_name")
	// The number in red after its field code, the name and address, then
	// the other fields on a grid both styles share, the third row with
	// three fields.
	number := caption{sans("", 6).in(accent), sans("B", 9).in(rgb{180, 20, 20}), 11, 0}
	var fields [9][2]string
	switch style {
	case "numbered", "stateid":
		num := "4d DLN"
		if style == "stateid" {
			num = "4d IDN"
		}
		c.captioned(number, fx, y+16, num, c.f("license_number"))
		c.lines(sans("", 6), fx, y+21, 4, "1", "2")
		c.lines(sans("B", 8.5), fx+3, y+21, 4, last, first)
		street, city := c.address()
		c.set(sans("", 7))
		c.text(fx, y+29.5, "8 "+strings.ToUpper(street))
		c.text(fx+2.5, y+33, strings.ToUpper(city))
		fields = [9][2]string{
			{"3 DOB", c.dob()}, {"4b Exp", c.date("expiration_date")},
			{"4a Iss", c.date("issue_date")}, {"9 Class", c.pick("C", "D", "C")},
			{"15 Sex", c.d.Person.sex()}, {"16 Hgt", fmt.Sprintf("%d-%02d", 5, c.r.IntN(12))}, {"18 Eyes", c.pick("BRN", "BLU", "HAZ", "GRN", "BLK")},
			{"12 Restr", "NONE"}, {"5 DD", digits(c.r, 10)},
		}
	default:
		number.value.size, number.dx = 10, 5
		c.captioned(number, fx, y+16, "DL", c.f("license_number"))
		c.font("Helvetica", "", 6)
		c.lv(fx+35, y+16, "EXP", c.date("expiration_date"))
		c.lvs(fx, y+21, 4, [2]string{"LN", last}, [2]string{"FN", first})
		street, city := c.address()
		c.lines(sans("", 7), fx, y+29.5, 3.5, strings.ToUpper(street), strings.ToUpper(city))
		fields = [9][2]string{
			{"DOB", c.dob()}, {"CLASS", "C"},
			{"RSTR", "NONE"}, {"END", "NONE"},
			{"SEX", c.d.Person.sex()}, {"HGT", fmt.Sprintf("%d'-%02d\"", 5, c.r.IntN(12))}, {"EYES", c.pick("BRN", "BLU", "HAZ")},
			{"ISS", c.date("issue_date")}, {"DD", alnum(c.r, 4) + digits(c.r, 6)},
		}
	}
	c.font("Helvetica", "", 6)
	for i, at := range [9][2]float64{{0, 38}, {33, 38}, {0, 42.5}, {33, 42.5}, {0, 47}, {17, 47}, {36, 47}, {0, 51.5}, {33, 51.5}} {
		c.lv(fx+at[0], y+at[1], fields[i][0], fields[i][1])
	}
	if c.chance(0.4) {
		c.logo("heart", x+4, y+h-12, 5, ahaRed)
		c.say(sans("", 5), x+10, y+h-8.5, "DONOR")
	}
	c.signature(x+4, y+h-3, 24)

	// Back: barcode and magnetic stripe.
	by := y + h + 12
	c.band(x, by, w, h, rgb{245, 245, 245})
	c.stroke(gray)
	c.rbox(x, by, w, h, 3, "D")
	c.band(x, by+5, w, 9, rgb{40, 40, 40})
	c.fill(black)
	for i := 0; i < 18; i++ {
		for j := 0; j < 50; j++ {
			if c.r.IntN(2) == 0 {
				c.pdf.Rect(x+6+float64(j)*1.68, by+20+float64(i)*1.5, 1.68, 1.5, "F")
			}
		}
	}
	c.say(sans("", 5.5), x+6, by+h-6, "Veteran: N   Organ donor card on file   Rev "+fmt.Sprint(c.d.Created.Year()-c.r.IntN(4)))
	c.say(fine(8), x, by+h+8, c.pick("Scanned with CamScanner", "Front and back", ""))
}

// --- passports ---

type country struct{ code, name, nationality, authority, issuerName string }

var foreignCountries = []country{
	{"PHL", "REPUBLIKA NG PILIPINAS / REPUBLIC OF THE PHILIPPINES", "FILIPINO", "DFA MANILA", "Department of Foreign Affairs, Philippines"},
	{"CAN", "CANADA", "CANADIAN / CANADIENNE", "GATINEAU", "Immigration, Refugees and Citizenship Canada"},
	{"NGA", "FEDERAL REPUBLIC OF NIGERIA", "NIGERIAN", "NIS ABUJA", "Nigeria Immigration Service"},
	{"IND", "REPUBLIC OF INDIA", "INDIAN", "RPO BANGALORE", "Ministry of External Affairs, India"},
	{"JAM", "JAMAICA", "JAMAICAN", "PICA KINGSTON", "Passport, Immigration and Citizenship Agency, Jamaica"},
}

func fillPassport(g *gen) {
	years := 10
	var issue time.Time
	min16 := g.p.DOB.AddDate(16, 0, 0)
	if g.opt.Expired {
		issue = g.daysAgo(years*365+20, years*365+900)
		if issue.Before(min16) {
			// Passports issued before 16 are valid five years.
			years = 5
			issue = g.daysAgo(years*365+20, years*365+400)
		}
	} else {
		issue = g.daysAgo(20, years*365-60)
		if issue.Before(min16) {
			issue = min16.AddDate(0, 2, 0)
		}
	}
	g.setDate("issue_date", issue)
	g.setDate("expiration_date", issue.AddDate(years, 0, -1))
	g.setDate("date_of_birth", g.p.DOB)
	// The photocopy is made after the passport was issued, never before.
	g.made = g.daysAgo(1, 300)
	if issue.After(g.made) {
		g.made = issue
	}
	switch g.v.name {
	case "us_passport_book":
		g.f["nationality"] = "UNITED STATES OF AMERICA"
		g.f["passport_number"] = pick(g.r, []string{"5", "A", "6"}) + digits(g.r, 8)
		g.setIssuer("U.S. Department of State")
	case "us_passport_card":
		g.f["nationality"] = "USA"
		g.f["passport_number"] = "C" + digits(g.r, 8)
		g.setIssuer("U.S. Department of State")
	default:
		co := pick(g.r, foreignCountries)
		g.f["nationality"] = co.nationality
		g.f["passport_number"] = string(rune('A'+g.r.IntN(26))) + digits(g.r, 7) + string(rune('A'+g.r.IntN(26)))
		g.setIssuer(co.issuerName)
	}
}

func countryOf(d *Doc) country {
	for _, co := range foreignCountries {
		if co.issuerName == d.Issuer {
			return co
		}
	}
	return country{"USA", "UNITED STATES OF AMERICA", "UNITED STATES OF AMERICA", "Department of State", "U.S. Department of State"}
}

func mrzName(s string) string {
	s = strings.ToUpper(asciiFold(s))
	return strings.NewReplacer(" ", "<", "-", "<", "'", "", ".", "").Replace(s)
}

func padMRZ(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s + strings.Repeat("<", n-len(s))
}

func renderPassportBook(c *canvas) {
	c.newPage(false)
	co := countryOf(c.d)
	c.dates(dDMonY, dDMONY)
	x, y, w, h := 22.0, 30.0, 172.0, 118.0
	c.band(x, y, w, h, rgb{236, 240, 248})
	c.waves(x, y, w, h, rgb{200, 210, 232}, 16)
	c.stroke(gray)
	c.box(x, y, w, h)
	c.set(sans("B", 9).in(navy))
	c.text(x+6, y+8, "PASSPORT")
	c.textR(x+w-6, y+8, co.name)
	c.ink(black)
	c.photo(x+6, y+14, 38, 48)
	fx := x + 50
	st := caption{sans("", 6).in(navy), mono("B", 10), 0, 4.6}
	cap := func(x, y float64, label, value string) { c.captioned(st, x, y, label, value) }
	cap(fx, y+15, "Type / Type / Tipo", "P")
	cap(fx+30, y+15, "Code / Code / Codigo", co.code)
	cap(fx+75, y+15, "Passport No. / No. du Passeport", c.f("passport_number"))
	cap(fx, y+26, "Surname / Nom / Apellidos", c.f("last_name"))
	given := c.f("first_name")
	if co.code != "PHL" {
		given = strings.TrimSpace(given + " " + c.f("middle_name"))
	}
	cap(fx, y+37, "Given Names / Prenoms / Nombres", given)
	if co.code == "PHL" {
		cap(fx+75, y+37, "Middle Name / Gitnang Apelyido", c.f("middle_name"))
	}
	cap(fx, y+48, "Nationality / Nationalite / Nacionalidad", c.f("nationality"))
	cap(fx, y+59, "Date of birth / Date de naissance", c.dob())
	place := strings.ToUpper(stateNames[c.d.Person.State]) + ", U.S.A."
	if co.code != "USA" {
		place = pick(c.r, []string{"MANILA", "CEBU CITY", "LAGOS", "TORONTO", "KINGSTON", "KERALA"})
	}
	cap(fx+60, y+59, "Place of birth / Lieu de naissance", place)
	cap(fx, y+70, "Date of issue / Date de delivrance", c.date("issue_date"))
	cap(fx+60, y+70, "Sex / Sexe", c.d.Person.sex())
	cap(fx, y+81, "Date of expiration / Date d'expiration", c.date("expiration_date"))
	cap(fx+60, y+81, "Authority / Autorite", co.authority)
	// Machine-readable zone.
	dob, exp := c.tdate("date_of_birth"), c.tdate("expiration_date")
	if dob.IsZero() {
		dob = c.d.Person.DOB
	}
	num := padMRZ(strings.ReplaceAll(c.f("passport_number"), " ", ""), 9)
	l1 := padMRZ("P<"+co.code, 44)
	if c.has("last_name") {
		l1 = padMRZ("P<"+co.code+mrzName(c.d.Person.LastName)+"<<"+mrzName(strings.TrimSpace(c.d.Person.FirstName+" "+c.d.Person.MiddleName)), 44)
	}
	l2 := td3Line2(num, co.code, c.d.Person.sex(), dob, exp)
	if c.d.staleMRZ != nil {
		// The printed values changed, their check digits stayed.
		old := func(field string, cur time.Time) time.Time {
			if v, ok := c.d.staleMRZ[field].(string); ok {
				t, _ := time.Parse(time.DateOnly, v)
				return t
			}
			return cur
		}
		oldNum := num
		if v, ok := c.d.staleMRZ["passport_number"].(string); ok {
			oldNum = padMRZ(strings.ReplaceAll(v, " ", ""), 9)
		}
		was := td3Line2(oldNum, co.code, c.d.Person.sex(), old("date_of_birth", dob), old("expiration_date", exp))
		b := []byte(l2)
		for _, i := range []int{9, 19, 27, 42, 43} {
			b[i] = was[i]
		}
		l2 = string(b)
	}
	c.lines(mono("", 11.5), x+6, y+h-12, 7, l1, l2)
	c.say(fine(8), x, y+h+8, "Photocopy of passport data page")
}

// td3Line2 is a passport's second MRZ line. ICAO 9303 TD3: the composite
// check digit covers the document number, the birth date, the expiry and
// the optional data, each with its own check digit; nationality and sex
// are outside it.
func td3Line2(num, code, sex string, dob, exp time.Time) string {
	d1, d2 := dob.Format("060102"), exp.Format("060102")
	if exp.IsZero() {
		d2 = "<<<<<<"
	}
	optional := strings.Repeat("<", 14)
	numCD, dobCD, expCD, optCD := num+idnumber.MRZCheckDigit(num), d1+idnumber.MRZCheckDigit(d1), d2+idnumber.MRZCheckDigit(d2), optional+"<"
	composite := idnumber.MRZCheckDigit(numCD + dobCD + expCD + optCD)
	return padMRZ(numCD+code+dobCD+sex+expCD+optCD+composite, 44)
}

func renderPassportCard(c *canvas) {
	c.newPage(false)
	c.dates(dDMonY, dDMONY)
	x, y, w, h := 40.0, 35.0, 96.0, 61.0
	c.band(x, y, w, h, rgb{232, 238, 246})
	c.waves(x, y, w, h, rgb{190, 205, 230}, 11)
	c.stroke(gray)
	c.rbox(x, y, w, h, 3, "D")
	c.say(sans("B", 9).in(navy), x+4, y+7, "UNITED STATES OF AMERICA")
	c.sayR(sans("B", 7).in(navy), x+w-4, y+7, "PASSPORT CARD")
	c.photo(x+4, y+11, 24, 31)
	fx := x + 32
	st := caption{sans("", 5).in(navy), sans("B", 7.5), 0, 3.3}
	cap := func(x, y float64, label, value string) { c.captioned(st, x, y, label, value) }
	cap(fx, y+13, "Surname", c.f("last_name"))
	cap(fx, y+20, "Given Names", strings.TrimSpace(c.f("first_name")+" "+c.f("middle_name")))
	cap(fx, y+27, "Nationality", c.f("nationality"))
	cap(fx+30, y+27, "Sex", c.d.Person.sex())
	cap(fx, y+34, "Date of Birth", c.dob())
	cap(fx+30, y+34, "Place of Birth", strings.ToUpper(c.d.Person.State)+", U.S.A.")
	cap(fx, y+41, "Issued On", c.date("issue_date"))
	cap(fx+30, y+41, "Expires On", c.date("expiration_date"))
	cap(fx, y+48, "Card No.", c.f("passport_number"))
	c.say(fine(8), x, y+h+8, "U.S. Passport Card (front)")
}

// --- Social Security card ---

func fillSSNCard(g *gen) {
	g.f["ssn_last4"] = fmt.Sprintf("%04d", 1+g.r.IntN(9998))
	g.setIssuer("Social Security Administration")
	g.made = g.daysAgo(5, 900)
}

func renderSSNCard(c *canvas) {
	c.newPage(false)
	mask := c.pick("XXX-XX-", "***-**-", "XXX-XX-")
	last4 := c.f("ssn_last4")
	if last4 == "" {
		last4 = "####"
		mask = "###-##-"
	}
	x, y, w, h := 45.0, 30.0, 120.0, 66.0
	c.band(x, y, w, h, rgb{228, 238, 248})
	c.waves(x, y, w, h, rgb{170, 195, 225}, 14)
	c.stroke(navy)
	c.lw(0.5)
	c.box(x, y, w, h)
	c.lw(0.2)
	c.logo("seal", x+w/2-9, y+5, 18, navy)
	c.sayC(serif("B", 16).in(navy), x+w/2, y+30, "SOCIAL SECURITY")
	c.sayC(mono("B", 14), x+w/2, y+39, mask+last4)
	c.sayC(sans("", 6.5), x+w/2, y+44, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
	c.sayC(mono("B", 12), x+w/2, y+51, c.name())
	c.signature(x+25, y+60, 70)
	c.sayC(sans("", 5.5), x+w/2, y+64, "SIGNATURE")
	if c.d.Variant == "card_front_back" {
		by := y + h + 12
		c.band(x, by, w, h, rgb{240, 240, 240})
		c.stroke(gray)
		c.box(x, by, w, h)
		c.para(sans("", 6.5), x+6, by+10, w-12, 3.2, "This card is the property of the Social Security Administration. If found, please return it to any Social Security office or mail it to: Social Security Administration, P.O. Box 33000, Baltimore, MD 21290-3000.\n\nImproper use of this card or number by the cardholder or any other person is punishable by fine, imprisonment or both.\n\nThis card is not to be used for identification.")
		c.say(sans("", 5), x+6, by+h-4, "FORM SSA-3000 (10-2017)")
	}
	c.say(fine(8), x, 270, "Copy - for employment verification only")
}
