package heldout

import (
	"fmt"
	"strings"
	"time"
)

func idLayouts() []*layout {
	return []*layout{
		{name: "nursys-report", types: []string{"nursing_license"}, build: nursysReport},
		{name: "board-web-lookup", types: []string{"nursing_license"}, build: boardWebLookup},
		{name: "license-wallet-card", types: []string{"nursing_license"}, build: licenseWalletCard},
		{name: "board-verification-letter", types: []string{"nursing_license"}, build: boardVerificationLetter},
		{name: "dl-aamva-numbered", types: []string{"drivers_license"}, build: dlAAMVANumbered},
		{name: "dl-abbrev-labels", types: []string{"drivers_license"}, build: dlAbbrevLabels},
		{name: "state-id-card", types: []string{"drivers_license"}, build: stateIDCard},
		{name: "dl-photocopy-both-sides", types: []string{"drivers_license"}, build: dlPhotocopy},
		{name: "us-passport-datapage", types: []string{"passport"}, build: usPassportDataPage},
		{name: "ph-passport-datapage", types: []string{"passport"}, build: phPassportDataPage},
		{name: "us-passport-card", types: []string{"passport"}, build: usPassportCard},
		{name: "ssn-card", types: []string{"social_security_card"}, build: ssnCard},
		{name: "ssn-card-copy", types: []string{"social_security_card"}, build: ssnCardCopy},
	}
}

type board struct {
	code, state, name string
	number            func(b *build, typ string) string
	types             []string
}

func boards() []board {
	return []board{
		{"TX", "Texas", "Texas Board of Nursing", func(b *build, _ string) string { return b.digits(6) }, []string{"RN", "LVN", "APRN"}},
		{"FL", "Florida", "Florida Board of Nursing", func(b *build, t string) string { return t + b.digits(7) }, []string{"RN", "LPN", "APRN"}},
		{"CA", "California", "California Board of Registered Nursing", func(b *build, _ string) string { return "95" + b.digits(6) }, []string{"RN"}},
		{"AZ", "Arizona", "Arizona State Board of Nursing", func(b *build, t string) string { return t + b.digits(6) }, []string{"RN", "LPN"}},
		{"OH", "Ohio", "Ohio Board of Nursing", func(b *build, t string) string { return t + "." + b.digits(6) }, []string{"RN", "LPN"}},
		{"NC", "North Carolina", "North Carolina Board of Nursing", func(b *build, _ string) string { return b.digits(6) }, []string{"RN", "LPN"}},
		{"NY", "New York", "New York State Education Department, Office of the Professions", func(b *build, _ string) string { return b.digits(6) }, []string{"RN", "LPN"}},
		{"CO", "Colorado", "Colorado Board of Nursing", func(b *build, t string) string { return t + "." + b.digits(7) }, []string{"RN", "LPN"}},
	}
}

var licenseTypeNames = map[string]string{
	"RN": "Registered Nurse", "LPN": "Licensed Practical Nurse", "LVN": "Licensed Vocational Nurse",
	"APRN": "Advanced Practice Registered Nurse",
}

// nurseLicense draws the board, type, number, dates and status of a
// license in the build's condition, and records them.
type nurseLicense struct {
	bd                   board
	typ, number, status  string
	issue, exp, original time.Time
}

func (b *build) nurseLicense() nurseLicense {
	bd := pick(b.r, boards())
	l := nurseLicense{bd: bd, typ: pick(b.r, bd.types)}
	l.number = bd.number(b, l.typ)
	l.issue, l.exp = b.credential(2)
	l.original = l.issue.AddDate(-(1 + b.r.IntN(15)), -b.r.IntN(11), 0)
	l.status = "Active"
	switch {
	case b.cond == Expired:
		l.status = pick(b.r, []string{"Expired", "Lapsed", "Active"})
	case b.failing():
		l.status = pick(b.r, []string{"Inactive", "Suspended", "Probation", "Retired"})
	}
	b.set("license_type", l.typ)
	b.set("license_number", l.number)
	b.set("state", bd.code)
	b.set("license_status", l.status)
	return l
}

// nursysReport prints a multi-state verification report: the nurse, then
// one license row with the jurisdiction spelled out.
func nursysReport(b *build) page {
	name := b.name(nameStyle{comma: true, upper: true, mid: midFull})
	l := b.nurseLicense()
	f := b.form(mdy, mdyShort)
	exp := b.date("expiration_date", l.exp, f)
	b.evidence("state", l.bd.state)
	status := strings.ToUpper(l.status)
	b.set("license_status", status)
	body := fmt.Sprintf(`
<div class="hdr"><span style="font-size:1.5em">Nursys<sup>&#174;</sup></span> &nbsp; QuickConfirm License Verification Report</div>
<div class="small" style="margin:4px 0 14px">Report Date: %s &nbsp;&nbsp; Primary source equivalent verification provided by the National Council of State Boards of Nursing</div>
<h3>Nurse Information</h3>
%s
<h3 style="margin-top:18px">License Information</h3>
%s
<p class="small">Discipline Against License: No &nbsp;&nbsp; Discipline Against Privilege to Practice: No</p>
<p class="tiny" style="margin-top:30px">Nursys QuickConfirm data is updated by the boards of nursing. Individual jurisdictions' data
may be verified directly with the board of nursing. This report was requested by an employer and is not a license.</p>`,
		e(mdy.format(b.asOf.AddDate(0, 0, -2))),
		kv(row("Name:", name), row("Other Name(s):", "None on file"), row("Residence:", b.p.City+", "+b.p.State)),
		gridTable([]string{"Jurisdiction", "License Type", "License Number", "License Status", "Expiration Date", "Compact Status"},
			[][]string{{l.bd.state, l.typ, l.number, status, exp, pick(b.r, []string{"Multistate", "Single State"})}}))
	return page{size: letter, font: b.sans(), fontSize: "10pt", title: "QuickConfirm",
		css:  `.hdr { background: #1f3b5a; color: #fff; padding: 8px; } h3 { font-size: 1.05em; border-bottom: 1px solid #1f3b5a; margin: 0 0 4px; }`,
		body: body}
}

// boardWebLookup prints a board's license lookup page as a browser prints
// it: date and title at the top, address at the bottom, two columns of
// labels and values in between.
func boardWebLookup(b *build) page {
	name := b.name(nameStyle{comma: true, upper: b.chance(2), mid: middleForm(b.r.IntN(4))})
	l := b.nurseLicense()
	f := b.form(mdy, mdyShort, abbrDate)
	lt := licenseTypeNames[l.typ]
	b.evidence("license_type", lt)
	body := fmt.Sprintf(`
<div class="tiny" style="display:flex"><span>%s</span><span style="margin-left:1.5in">License Verification | %s</span></div>
<div style="font-size:1.4em; margin-top:18px" class="b">%s</div>
<div style="margin-bottom:16px">License Verification &mdash; Search Results</div>
%s
<p class="small" style="margin-top:18px">Information on this page is primary source verification of licensure provided by the %s.</p>
<div class="tiny" style="margin-top:3.5in">https://www.%s.gov/verify/license?id=%s &nbsp;&nbsp;&nbsp; 1/1</div>`,
		e(b.asOf.AddDate(0, 0, -1).Format("1/2/06, 3:04 PM")), e(l.bd.name), e(l.bd.name),
		kv(row("Name", name), row("License Type", lt), row("License Number", l.number), row("License Status", l.status),
			row("Original License Date", f.format(l.original)), row("Expiration Date", b.date("expiration_date", l.exp, f)),
			row("Multistate Privilege", pick(b.r, []string{"Yes", "No"})), row("Board Orders / Discipline", "None"),
			row("City, State", b.p.City+", "+b.p.State)),
		e(l.bd.name), strings.ToLower(l.bd.code)+"bon", b.digits(9))
	b.set("issue_date", l.original.Format(time.DateOnly))
	return page{size: letter, margin: "0.4in", font: b.sans(), fontSize: "10pt", title: "License Verification", body: body}
}

// licenseWalletCard prints a board's pocket card on a card-sized page,
// everything in capitals.
func licenseWalletCard(b *build) page {
	name := b.name(nameStyle{upper: true, mid: midInitial})
	l := b.nurseLicense()
	lt := strings.ToUpper(licenseTypeNames[l.typ])
	b.evidence("license_type", lt)
	b.evidence("state", strings.ToUpper(l.bd.state))
	f := b.form(mdy, dMonY)
	issued := b.date("issue_date", l.issue, f)
	until := b.date("expiration_date", l.exp, f)
	status := strings.ToUpper(l.status)
	b.set("license_status", status)
	body := fmt.Sprintf(`
<div class="c b">STATE OF %s</div>
<div class="c tiny">%s</div>
<div class="c b" style="margin:3px 0">%s</div>
<table style="width:100%%"><tr><td>LICENSE NO. <b>%s</b></td><td class="r">STATUS: <b>%s</b></td></tr></table>
<div class="b" style="margin-top:4px; font-size:1.15em">%s</div>
<div>%s</div><div>%s</div>
<table style="width:100%%; margin-top:4px"><tr><td>ISSUED %s</td><td class="r">EXPIRES %s</td></tr></table>
<div class="tiny" style="margin-top:3px">Signature _____________________ &nbsp; This card must be carried while practicing.</div>`,
		e(strings.ToUpper(l.bd.state)), e(strings.ToUpper(l.bd.name)), e(lt), e(l.number), e(status), e(name),
		e(upper(b.p.Street)), e(upper(b.p.City)+", "+b.p.State+" "+b.p.Zip), e(issued), e(until))
	return page{size: cardSize, margin: "0.1in", font: b.sans(), fontSize: "6.6pt", card: true, title: "License card",
		css: `body { background: repeating-linear-gradient(135deg, #f3f6ee 0, #f3f6ee 3px, #e8efe0 3px, #e8efe0 6px); }`, body: body}
}

// boardVerificationLetter prints a board's letter verifying a license,
// signed by its executive director, the state in the letterhead only.
func boardVerificationLetter(b *build) page {
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(4))})
	l := b.nurseLicense()
	f := b.form(longDate, mdy)
	lt := licenseTypeNames[l.typ] + " (" + l.typ + ")"
	director := b.staff()
	body := fmt.Sprintf(`
<div class="c" style="font-size:1.3em">%s</div>
<div class="c small">%s &middot; Licensing Division</div>
<div class="rule"></div>
<div style="margin-top:20px">%s</div>
<div class="b" style="margin:18px 0">VERIFICATION OF LICENSURE</div>
<p>This is to verify that the records of the %s show the following information for the individual named below:</p>
<div style="margin-left:0.5in">%s</div>
<p>This verification is issued at the request of the licensee and is valid on the date it was issued.</p>
<p style="margin-top:30px">%s<br>%s<br>Executive Director</p>`,
		e(l.bd.name), e(l.bd.state), e(f.format(b.asOf.AddDate(0, 0, -3))), e(l.bd.name),
		kv(row("Licensee:", name), row("License Type:", lt), row("License Number:", l.number),
			row("Date Issued:", b.date("issue_date", l.original, f)), row("Expiration Date:", b.date("expiration_date", l.exp, f)),
			row("License Status:", l.status), row("Public Action:", "None")),
		sig(director), e(director))
	b.evidence("state", l.bd.state)
	return page{size: letter, margin: "0.9in", font: b.serif(), fontSize: "11pt", title: "Verification", body: body}
}

// dlState is a state's driver license format.
type dlState struct {
	code, name string
	number     func(b *build) string
}

func dlStates() []dlState {
	return []dlState{
		{"TX", "Texas", func(b *build) string { return b.digits(8) }},
		{"CA", "California", func(b *build) string { return string(rune('A'+b.r.IntN(26))) + b.digits(7) }},
		{"FL", "Florida", func(b *build) string {
			return fmt.Sprintf("%c%s-%s-%s-%s-%s", 'A'+b.r.IntN(26), b.digits(3), b.digits(3), b.digits(2), b.digits(3), b.digits(1))
		}},
		{"NY", "New York", func(b *build) string { return b.digits(3) + " " + b.digits(3) + " " + b.digits(3) }},
		{"AZ", "Arizona", func(b *build) string { return "D" + b.digits(8) }},
		{"OH", "Ohio", func(b *build) string { return b.alnum(2) + b.digits(6) }},
		{"CO", "Colorado", func(b *build) string { return b.digits(2) + "-" + b.digits(3) + "-" + b.digits(4) }},
		{"GA", "Georgia", func(b *build) string { return "0" + b.digits(8) }},
	}
}

var stateNames = map[string]string{"TX": "Texas", "FL": "Florida", "AZ": "Arizona", "NC": "North Carolina", "OH": "Ohio",
	"CO": "Colorado", "TN": "Tennessee", "GA": "Georgia", "CA": "California", "NY": "New York", "VA": "Virginia", "ID": "Idaho",
	"NE": "Nebraska", "OR": "Oregon", "WI": "Wisconsin"}

// dlState is the state the holder lives in, whose license they carry.
func (b *build) dlState() dlState {
	for _, s := range dlStates() {
		if s.code == b.p.State {
			return s
		}
	}
	return dlState{b.p.State, stateNames[b.p.State], func(b *build) string { return b.alnum(1) + b.digits(8) }}
}

// idDates are a license's issue and expiry: eight years, expiring on the
// holder's birthday.
func (b *build) idDates(years int) (issue, exp time.Time) {
	issue, exp = b.credential(years)
	exp = time.Date(exp.Year(), b.p.DOB.Month(), b.p.DOB.Day(), 0, 0, 0, 0, time.UTC)
	if b.cond == Expired && !exp.Before(b.asOf.AddDate(0, 0, -20)) {
		exp = exp.AddDate(-1, 0, 0)
	}
	if b.cond != Expired && exp.Before(b.asOf.AddDate(0, 2, 0)) {
		exp = exp.AddDate(1, 0, 0)
	}
	return issue, exp
}

func (b *build) address(upperCase bool) (line1, line2 string) {
	line1, line2 = b.p.Street, b.p.City+", "+b.p.State+" "+b.p.Zip
	if upperCase {
		line1, line2 = upper(line1), upper(line2)
	}
	b.set("address", line1+", "+line2)
	return line1, line2
}

func height(b *build) string { return fmt.Sprintf("%d-%02d", 5, b.r.IntN(12)) }

// dlAAMVANumbered prints a card front with the AAMVA field numbers before
// each value (1 surname, 2 given names, 3 DOB, 4a issued, 4b expires, 4d
// number, 8 address) and the state's name as the heading.
func dlAAMVANumbered(b *build) page {
	st := b.dlState()
	first, mid, last := b.nameParts(nameStyle{upper: true, mid: midFull})
	num := st.number(b)
	b.set("license_number", num)
	b.set("state", st.code)
	b.evidence("state", strings.ToUpper(st.name))
	issue, exp := b.idDates(8)
	f := mdy
	a1, a2 := b.address(true)
	body := fmt.Sprintf(`
<table style="width:100%%"><tr><td class="st">%s</td><td class="r b">USA<br>DRIVER LICENSE</td></tr></table>
<table style="width:100%%"><tr>
<td style="width:0.95in"><div class="photo" style="width:0.85in;height:1.1in"></div></td>
<td>
<div><span class="n">4d DLN</span> <b class="big">%s</b> &nbsp; <span class="n">9 CLASS</span> C</div>
<div><span class="n">3 DOB</span> <b class="red">%s</b></div>
<div><span class="n">4b EXP</span> <b>%s</b> &nbsp; <span class="n">4a ISS</span> %s</div>
<div class="b">1 %s</div>
<div class="b">2 %s</div>
<div><span class="n">8</span> %s<br>&nbsp;&nbsp; %s</div>
<div><span class="n">9a END</span> NONE <span class="n">12 RESTR</span> NONE</div>
<div><span class="n">15 SEX</span> %s <span class="n">16 HGT</span> %s <span class="n">18 EYES</span> %s</div>
<div class="tiny"><span class="n">5 DD</span> %s</div>
</td></tr></table>
<div class="sig" style="font-size:1.1em">%s</div>`,
		e(strings.ToUpper(st.name)), e(num), e(b.dob(f)), e(b.date("expiration_date", exp, f)), e(b.date("issue_date", issue, f)),
		e(last), e(join(first, mid)), e(a1), e(a2), b.p.Sex, height(b), pick(b.r, []string{"BRN", "BLU", "HAZ", "GRN", "BLK"}),
		b.digits(20), e(b.p.First+" "+b.p.Last))
	return page{size: cardSize, margin: "0.08in", font: b.sans(), fontSize: "6.3pt", card: true, title: "DL",
		css: `.st { font-size: 1.9em; font-weight: bold; color: #123d7a; letter-spacing: 0.05em; }
.n { color: #8a1c1c; font-size: 0.85em; } .big { font-size: 1.25em; } .red { color: #8a1c1c; }
body { background: linear-gradient(180deg, #e4ecf7, #fdfdf8 40%, #eaf1e4); }`, body: body}
}

// dlAbbrevLabels prints a card with abbreviated labels (DL, EXP, LN, FN,
// DOB, ISS) and no field numbers.
func dlAbbrevLabels(b *build) page {
	st := b.dlState()
	first, mid, last := b.nameParts(nameStyle{upper: true, mid: middleForm(b.r.IntN(4))})
	num := st.number(b)
	b.set("license_number", num)
	b.set("state", st.code)
	b.evidence("state", st.name)
	issue, exp := b.idDates(5 + b.r.IntN(4))
	f := b.form(mdy, mdyDash)
	a1, a2 := b.address(true)
	body := fmt.Sprintf(`
<div class="st">%s <span style="font-size:0.5em">USA</span> <span style="float:right; font-size:0.55em">DRIVER LICENSE</span></div>
<table style="width:100%%"><tr>
<td style="width:0.9in; vertical-align:top"><div class="photo" style="width:0.82in;height:1.05in"></div></td>
<td style="vertical-align:top">
<div>DL <b class="big">%s</b></div>
<div>EXP <b>%s</b></div>
<div>LN <b>%s</b></div>
<div>FN <b>%s</b></div>
<div>%s<br>%s</div>
<div>DOB <b>%s</b> &nbsp; RSTR NONE</div>
<div>CLASS C &nbsp; SEX %s &nbsp; HAIR BRN &nbsp; EYES BRN</div>
<div>HGT %s &nbsp; WGT %d lb &nbsp; ISS %s</div>
<div class="tiny">DD %s</div>
</td></tr></table>`,
		e(st.name), e(num), e(b.date("expiration_date", exp, f)), e(last), e(join(first, mid)), e(a1), e(a2),
		e(b.dob(f)), b.p.Sex, strings.Replace(height(b), "-", "'-", 1)+`"`, 110+b.r.IntN(110),
		e(b.date("issue_date", issue, f)), b.digits(2)+"/"+b.digits(2)+"/"+b.digits(4)+b.alnum(5)+"/"+b.alnum(4)+"/"+b.digits(2))
	return page{size: cardSize, margin: "0.08in", font: b.sans(), fontSize: "6.4pt", card: true, title: "DL",
		css: `.st { font-size: 1.7em; font-weight: bold; font-style: italic; color: #1c4f2a; } .big { font-size: 1.3em; }
body { background: linear-gradient(100deg, #f7f1df, #e9f0f7); }`, body: body}
}

// stateIDCard prints an identification card with the name on one line in
// natural order and spelled-out labels.
func stateIDCard(b *build) page {
	st := b.dlState()
	name := b.name(nameStyle{upper: true, mid: middleForm(1 + b.r.IntN(3))})
	num := st.number(b)
	b.set("license_number", num)
	b.set("state", st.code)
	b.evidence("state", strings.ToUpper(st.name))
	issue, exp := b.idDates(6)
	f := b.form(mdy, mdyShort)
	a1, a2 := b.address(true)
	body := fmt.Sprintf(`
<div class="c b" style="font-size:1.35em; color:#5a2d0c">%s</div>
<div class="c b">IDENTIFICATION CARD &mdash; NOT FOR DRIVING</div>
<table style="width:100%%; margin-top:3px"><tr><td style="vertical-align:top">
%s
<div class="b" style="font-size:1.15em; margin-top:2px">%s</div><div>%s</div><div>%s</div>
<table><tr><td>%s</td><td>%s</td><td>%s</td></tr></table>
</td><td style="width:0.85in"><div class="photo" style="width:0.8in;height:1.0in"></div></td></tr></table>`,
		e(strings.ToUpper(st.name)), above("ID No.", num), e(name), e(a1), e(a2),
		above("Date of Birth", b.dob(f)), above("Issued", b.date("issue_date", issue, f)), above("Expires", b.date("expiration_date", exp, f)))
	return page{size: cardSize, margin: "0.09in", font: b.sans(), fontSize: "6.5pt", card: true, title: "ID",
		css: `body { background: linear-gradient(90deg, #fbeee0, #fffdf6); } .fa { margin: 0 8px 2px 0; }`, body: body}
}

// dlPhotocopy prints a photocopy of a card's front and back on a letter
// page, as an applicant hands it in: the card small on the page.
func dlPhotocopy(b *build) page {
	st := b.dlState()
	first, mid, last := b.nameParts(nameStyle{upper: true, mid: midFull})
	num := st.number(b)
	b.set("license_number", num)
	b.set("state", st.code)
	b.evidence("state", st.name)
	issue, exp := b.idDates(8)
	f := mdy
	a1, a2 := b.address(true)
	stripes := strings.Repeat(`<span class="bar"></span>`, 60)
	body := fmt.Sprintf(`
<div class="small">Copy of driver license (front and back) &mdash; for I-9 / credentialing file</div>
<div class="card" style="margin-top:16px">
<div class="b" style="font-size:1.4em">%s <span style="font-size:0.6em">DRIVER LICENSE</span></div>
<table><tr><td style="width:1.2in"><div class="photo" style="width:1.05in;height:1.35in"></div></td><td>
<div>4d DLN <b>%s</b></div><div>3 DOB <b>%s</b></div><div>4b Exp <b>%s</b></div>
<div>1 <b>%s</b></div><div>2 <b>%s</b></div><div>8 %s<br>%s</div><div>4a Iss %s &nbsp; 9 Class C</div>
</td></tr></table></div>
<div class="card" style="margin-top:24px">
<div class="barcode">%s</div>
<div class="small" style="margin-top:6px">9a ENDORSEMENTS: NONE &nbsp;&nbsp; 12 RESTRICTIONS: A &mdash; CORRECTIVE LENSES</div>
<div class="small">ORGAN DONOR &#9829; &nbsp; Class C &mdash; Any single vehicle under 26,001 lbs.</div>
</div>`,
		e(upper(st.name)), e(num), e(b.dob(f)), e(b.date("expiration_date", exp, f)), e(last), e(join(first, mid)),
		e(a1), e(a2), e(b.date("issue_date", issue, f)), stripes)
	return page{size: letter, font: b.sans(), fontSize: "8pt", title: "DL copy",
		css: `.card { width: 4.4in; height: 2.75in; border: 1px solid #333; border-radius: 10px; padding: 8px; background: #f0f0f0; }
.barcode { height: 0.9in; } .bar { display: inline-block; width: 2px; height: 0.9in; margin-right: 2px; background: #222; }`, body: body}
}

// mrzCheck is ICAO 9303's check digit.
func mrzCheck(s string) string {
	w := []int{7, 3, 1}
	sum := 0
	for i, c := range s {
		v := 0
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'A' && c <= 'Z':
			v = int(c-'A') + 10
		}
		sum += v * w[i%3]
	}
	return fmt.Sprint(sum % 10)
}

func mrzName(s string) string {
	s = upper(s)
	s = strings.NewReplacer("'", "", "-", "<", " ", "<", ".", "").Replace(s)
	return s
}

// mrz is the two lines of a passport's machine readable zone.
func mrz(country, number, nationality string, first, mid, last string, dob, exp time.Time, sex string) (string, string) {
	given := mrzName(first)
	if mid != "" {
		given += "<" + mrzName(mid)
	}
	l1 := "P<" + country + mrzName(last) + "<<" + given
	if len(l1) > 44 {
		l1 = l1[:44]
	}
	l1 += strings.Repeat("<", 44-len(l1))
	num := (number + "<<<<<<<<<")[:9]
	d, x := dob.Format("060102"), exp.Format("060102")
	personal := strings.Repeat("<", 14)
	l2 := num + mrzCheck(num) + nationality + d + mrzCheck(d) + sex + x + mrzCheck(x) + personal + mrzCheck(personal)
	composite := num + mrzCheck(num) + d + mrzCheck(d) + x + mrzCheck(x) + personal + mrzCheck(personal)
	return l1, l2 + mrzCheck(composite)
}

// usPassportDataPage prints a passport's data page with trilingual labels
// over their values and the MRZ at the foot.
func usPassportDataPage(b *build) page {
	first, mid, last := b.nameParts(nameStyle{upper: true, mid: midFull})
	num := b.digits(9)
	if b.chance(2) {
		num = string(rune('A'+b.r.IntN(26))) + b.digits(8)
	}
	b.set("passport_number", num)
	b.set("nationality", "UNITED STATES OF AMERICA")
	b.accept("nationality", "USA")
	issue, exp := b.credential(10)
	f := b.form(dMonYSp, dMonYSpUp)
	l1, l2 := mrz("USA", num, "USA", first, mid, last, b.p.DOB, exp, b.p.Sex)
	body := fmt.Sprintf(`
<table style="width:100%%"><tr><td class="b" style="font-size:1.25em">PASSPORT</td><td class="small">PASSEPORT &nbsp; PASAPORTE</td>
<td class="r b">UNITED STATES OF AMERICA</td></tr></table>
<table style="width:100%%; margin-top:4px"><tr>
<td style="width:1.5in; vertical-align:top"><div class="photo" style="width:1.35in;height:1.7in"></div></td>
<td style="vertical-align:top">
<div>%s%s%s</div>
<div>%s</div><div>%s</div>
<div>%s</div>
<div>%s%s%s</div>
<div>%s%s</div>
<div>%s%s</div>
</td></tr></table>
<div class="mrz">%s<br>%s</div>`,
		above("Type / Type / Tipo", "P"), above("Code / Code / Código", "USA"), above("Passport No. / No. du Passeport / No. de Pasaporte", num),
		above("Surname / Nom / Apellidos", last), above("Given Names / Prénoms / Nombres", join(first, mid)),
		above("Nationality / Nationalité / Nacionalidad", "UNITED STATES OF AMERICA"),
		above("Date of birth / Date de naissance / Fecha de nacimiento", b.dob(f)),
		above("Place of birth / Lieu de naissance / Lugar de nacimiento", upper(pick(b.r, []string{"Texas", "Ohio", "California", "New York", "Philippines", "Nigeria"}))+", U.S.A."),
		above("Sex / Sexe / Sexo", b.p.Sex),
		above("Date of issue / Date de délivrance / Fecha de expedición", b.date("issue_date", issue, f)),
		above("Authority / Autorité / Autoridad", "United States Department of State"),
		above("Date of expiration / Date d'expiration / Fecha de caducidad", b.date("expiration_date", exp, f)),
		above("Endorsements / Mentions Spéciales / Anotaciones", "SEE PAGE 27"),
		e(l1), e(l2))
	return page{size: "4.9in 3.46in", margin: "0.15in", font: b.sans(), fontSize: "7pt", card: true, title: "Passport",
		css: `body { background: repeating-linear-gradient(30deg, #eef3fa 0, #eef3fa 4px, #f9f6ee 4px, #f9f6ee 8px); }
.fa { margin: 0 10px 3px 0; } .fa .lab { font-size: 0.62em; text-transform: none; }
.mrz { font-family: "DejaVu Sans Mono", monospace; font-size: 8.6pt; letter-spacing: 0.06em; margin-top: 6px; }`, body: body}
}

// phPassportDataPage prints a Philippine passport's data page: Filipino
// and English labels, a middle name box, and the MRZ.
func phPassportDataPage(b *build) page {
	first, mid, last := b.parts(nameStyle{upper: true, mid: midFull})
	b.recordName(join(first, mid, last), last+", "+join(first, mid), first, mid, last)
	num := "P" + b.digits(7) + string(rune('A'+b.r.IntN(26)))
	b.set("passport_number", num)
	b.set("nationality", "FILIPINO")
	b.accept("nationality", "PHL")
	issue, exp := b.credential(10)
	f := dMonYSpUp
	l1, l2 := mrz("PHL", num, "PHL", first, "", last, b.p.DOB, exp, b.p.Sex)
	body := fmt.Sprintf(`
<div class="c b">REPUBLIKA NG PILIPINAS &nbsp;&middot;&nbsp; REPUBLIC OF THE PHILIPPINES</div>
<div class="c small">PASAPORTE / PASSPORT</div>
<table style="width:100%%; margin-top:4px"><tr>
<td style="width:1.45in; vertical-align:top"><div class="photo" style="width:1.3in;height:1.65in"></div></td>
<td style="vertical-align:top">
<div>%s%s%s</div>
<div>%s</div><div>%s</div><div>%s</div>
<div>%s%s%s</div>
<div>%s%s</div>
<div>%s</div>
</td></tr></table>
<div class="mrz">%s<br>%s</div>`,
		above("Uri/Type", "P"), above("Kodigo ng Bansa/Country Code", "PHL"), above("Pasaporte Blg/Passport No.", num),
		above("Apelyido/Surname", last), above("Mga Pangalan/Given Names", first), above("Panggitnang Apelyido/Middle Name", mid),
		above("Petsa ng Kapanganakan/Date of Birth", b.dob(f)), above("Kasarian/Sex", b.p.Sex), above("Nasyonalidad/Nationality", "FILIPINO"),
		above("Petsa ng Pagkakaloob/Date of Issue", b.date("issue_date", issue, f)), above("Awtoridad/Authority", "DFA MANILA"),
		above("Valid Hanggang/Valid Until", b.date("expiration_date", exp, f)),
		e(l1), e(l2))
	return page{size: "4.9in 3.46in", margin: "0.15in", font: b.sans(), fontSize: "7pt", card: true, title: "Passport",
		css: `body { background: repeating-radial-gradient(circle at 70% 40%, #f4ece0 0, #f4ece0 3px, #eef4ea 3px, #eef4ea 6px); }
.fa { margin: 0 10px 3px 0; } .fa .lab { font-size: 0.62em; text-transform: none; }
.mrz { font-family: "Liberation Mono", monospace; font-size: 8.6pt; letter-spacing: 0.05em; margin-top: 6px; }`, body: body}
}

// usPassportCard prints a passport card's front (no MRZ on that side).
func usPassportCard(b *build) page {
	first, mid, last := b.nameParts(nameStyle{upper: true, mid: midFull})
	num := "C" + b.digits(8)
	b.set("passport_number", num)
	b.set("nationality", "USA")
	b.accept("nationality", "UNITED STATES OF AMERICA")
	issue, exp := b.credential(10)
	f := dMonYSpUp
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.25em">UNITED STATES OF AMERICA</div>
<div class="b" style="color:#123d7a">PASSPORT CARD</div>
<table><tr><td style="width:0.9in"><div class="photo" style="width:0.85in;height:1.08in"></div></td><td style="vertical-align:top">
%s%s<br>%s<br>%s<br>%s%s<br>%s%s<br>%s
</td></tr></table>`,
		above("Nationality", "USA"), above("Passport Card no.", num), above("Surname", last), above("Given Names", join(first, mid)),
		above("Sex", b.p.Sex), above("Date of Birth", b.dob(f)), above("Issued On", b.date("issue_date", issue, f)),
		above("Expires On", b.date("expiration_date", exp, f)), above("Place of Birth", "U.S.A."))
	return page{size: cardSize, margin: "0.08in", font: b.sans(), fontSize: "6.2pt", card: true, title: "Passport card",
		css: `.fa { margin: 0 8px 0 0; } .fa .lab { font-size: 0.7em; text-transform: none; }
body { background: linear-gradient(120deg, #e6eef9, #fbfbf3); }`, body: body}
}

func (b *build) ssn() string {
	last4 := fmt.Sprintf("%04d", 1+b.r.IntN(9998))
	b.set("ssn_last4", last4)
	return fmt.Sprintf("%03d-%02d-%s", 100+b.r.IntN(560), 1+b.r.IntN(98), last4)
}

// ssnCard prints a Social Security card on its own card-sized page.
func ssnCard(b *build) page {
	name := b.name(nameStyle{upper: true, mid: middleForm(b.r.IntN(4))})
	num := b.ssn()
	body := fmt.Sprintf(`
<div class="c b" style="font-size:1.5em; color:#1b3f8b; letter-spacing:0.1em">SOCIAL SECURITY</div>
<div class="c tiny">THIS NUMBER HAS BEEN ESTABLISHED FOR</div>
<div class="c b" style="font-size:1.5em; margin:4px 0">%s</div>
<div class="c b" style="font-size:1.25em">%s</div>
<div style="margin-top:12px">%s</div>
<div class="tiny" style="border-top:1px solid #333; width:2.2in">SIGNATURE</div>`,
		e(num), e(name), sig(b.p.First+" "+b.p.Last))
	return page{size: "3.5in 2.3in", margin: "0.12in", font: b.serif(), fontSize: "7pt", card: true, title: "SSN",
		css: `body { background: repeating-linear-gradient(0deg, #eaf0fb 0, #eaf0fb 2px, #f7f9fe 2px, #f7f9fe 5px); }`, body: body}
}

// ssnCardCopy prints a copy of the card on a letter page under a
// credentialing cover line.
func ssnCardCopy(b *build) page {
	name := b.name(nameStyle{upper: true, mid: midFull})
	num := b.ssn()
	body := fmt.Sprintf(`
<div class="small">Employee: copy of Social Security card for payroll verification. Handle as confidential.</div>
<div class="card">
<div class="c" style="font-size:1.5em; letter-spacing:0.15em">SOCIAL SECURITY</div>
<div class="c small">THIS NUMBER HAS BEEN ESTABLISHED FOR</div>
<div class="c b" style="font-size:1.6em; margin:6px 0">%s</div>
<div class="c b" style="font-size:1.3em">%s</div>
<div style="margin-top:18px">%s</div>
<div class="small" style="border-top:1px solid #333; width:3in">SIGNATURE</div>
</div>`, e(num), e(name), sig(b.p.First+" "+b.p.Last))
	return page{size: letter, font: b.serif(), fontSize: "9pt", title: "SSN copy",
		css: `.card { margin-top: 0.4in; width: 5in; height: 2.9in; border: 1px solid #555; padding: 14px; background: #edf2fb; }`, body: body}
}
