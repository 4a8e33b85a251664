package heldout

import (
	"fmt"
	"strings"
)

// course names a life-support course the way cards print it.
type course struct {
	provider string // "BLS Provider"
	long     string // "Basic Life Support"
	program  string // the program sentence's end
	code     string // eCard course digits
}

func courseOf(typ string) course {
	switch typ {
	case "acls":
		return course{"ACLS Provider", "Advanced Cardiovascular Life Support", "Advanced Cardiovascular Life Support (ACLS) Program", "418"}
	case "pals":
		return course{"PALS Provider", "Pediatric Advanced Life Support", "Pediatric Advanced Life Support (PALS) Program", "420"}
	default:
		return course{"BLS Provider", "Basic Life Support", "Basic Life Support (CPR and AED) Program", "416"}
	}
}

var trainingCenters = []string{
	"Lakeshore Resuscitation Education, LLC", "Prairie View Medical Training Center", "Coastal CPR & First Aid Academy",
	"Summit Health Education Institute", "Bayou City Life Support Training", "Northgate Hospital Clinical Education",
	"Red Mesa Emergency Training Center", "Cumberland Valley Health Careers", "Pioneer Square CPR Associates",
}

var hospitals = []string{
	"St. Vincent Regional Medical Center", "Mercy Lakes Hospital", "Good Samaritan Medical Center of the Valley",
	"Baptist Memorial Hospital North", "University Health Riverside Campus", "Providence St. Jude Hospital",
}

func cardLayouts() []*layout {
	lifeSupport := []string{"bls", "acls", "pals"}
	return []*layout{
		{name: "aha-ecard", types: lifeSupport, build: ahaECard},
		{name: "redcross-digital", types: lifeSupport, build: redCrossDigital},
		{name: "hsi-wallet", types: lifeSupport, build: hsiWallet},
		{name: "hospital-course-cert", types: lifeSupport, build: hospitalCourseCert},
		{name: "aap-nrp-ecard", types: []string{"nrp"}, build: aapNRPECard},
		{name: "rqi-nrp-transcript", types: []string{"nrp"}, build: rqiNRPTranscript},
		{name: "ena-tncc-card", types: []string{"tncc"}, build: enaTNCCCard},
		{name: "ena-tncc-letter", types: []string{"tncc"}, build: enaTNCCLetter},
	}
}

// ahaECard prints an eCard: the card's front (the name on a line without a
// label, dates over their captions) and its back (training center,
// instructor, code) side by side.
func ahaECard(b *build) page {
	c := courseOf(b.typ)
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(3))})
	issue, exp := b.credential(2)
	renew := endOfMonth(exp)
	b.set("issuer", "American Heart Association")
	f := b.form(mdy, mdyShort)
	issued := b.date("issue_date", issue, f)
	b.set("expiration_date", renew.Format("2006-01-02"))
	renewal := renew.Format("01/2006")
	b.evidence("expiration_date", renewal)
	code := issue.Format("06") + c.code + b.digits(7)
	b.set("certificate_id", code)
	tc := pick(b.r, trainingCenters)
	b.set("training_center", tc)
	instructor := b.staff()
	back := kv(
		row("Training Center Name", tc),
		row("TC ID #", "TX"+b.digits(5)),
		row("TC Site Name", pick(b.r, hospitals)),
		row("Course Location", b.p.City+", "+b.p.State),
		row("Instructor Name", instructor),
		row("Instructor ID #", fmt.Sprintf("%s%s", b.digits(2), b.digits(8))),
		row("eCard Code", code),
	)
	body := fmt.Sprintf(`
<div class="tiny r">Print this eCard and keep it with you. Verify at heart.org/cpr/mycards</div>
<table style="margin-top:10px"><tr>
<td class="card">
  <div class="logo">American Heart Association<span class="tiny" style="color:#fff"> &#174;</span></div>
  <div class="course">%s</div>
  <div class="who">%s</div>
  <div class="small">has successfully completed the cognitive and skills evaluations in accordance with the curriculum of the American Heart Association %s.</div>
  <div style="margin-top:8px">%s%s</div>
</td>
<td style="width:0.2in"></td>
<td class="card small">%s
  <div style="margin-top:10px">Holder's Signature ______________________</div>
  <div class="tiny" style="margin-top:4px">To view or verify authenticity, students and employers should scan this QR code with their mobile device or go to heart.org/cpr/mycards.</div>
</td></tr></table>
<div class="small" style="margin-top:30px">%s</div>`,
		e(c.provider), e(name), e(c.program), below(issued, "Issue Date"), below(renewal, "Recommended Renewal Date"),
		back, e("© 2025 American Heart Association. All rights reserved. Course materials: "+c.long+" Provider Manual."))
	return page{
		size: letter, font: b.sans(), fontSize: "9.5pt", title: "eCard",
		css: `.card { width: 3.3in; height: 2.45in; border: 1.5px solid #444; padding: 8px; vertical-align: top; border-radius: 6px; }
.logo { background: #c8102e; color: #fff; padding: 3px 6px; font-weight: bold; }
.course { font-size: 1.5em; font-weight: bold; margin: 6px 0 4px; color: #c8102e; }
.who { font-size: 1.25em; border-bottom: 1px solid #333; padding-bottom: 1px; margin-bottom: 4px; }
.fb .val { min-width: 1.2in; }`,
		body: body,
	}
}

// redCrossDigital prints a digital certificate: completion date with a
// validity period (an explicit expiry on some), certificate ID, instructor
// and the organisation that conducted the class.
func redCrossDigital(b *build) page {
	c := courseOf(b.typ)
	name := b.name(nameStyle{upper: b.chance(2), mid: middleForm(b.r.IntN(4))})
	issue, exp := b.credential(2)
	b.set("issuer", "American Red Cross")
	f := b.form(mdy, longDate, abbrDate)
	done := b.date("issue_date", issue, f)
	b.set("expiration_date", exp.Format("2006-01-02"))
	rows := [][2]string{row("Date Completed:", done), row("Valid For:", "2 Years")}
	b.evidence("expiration_date", "2 Years")
	if b.chance(2) {
		rows = append(rows, row("Expiration Date:", f.format(exp)))
		delete(b.d.Evidence, "expiration_date")
	}
	id := b.digits(1) + b.alnum(6)
	b.set("certificate_id", id)
	tc := pick(b.r, trainingCenters)
	b.set("training_center", tc)
	rows = append(rows, row("Certificate ID:", id), row("Instructor:", b.staff()), row("Conducted by:", tc))
	body := fmt.Sprintf(`
<div class="hdr"><span class="cross">+</span> American Red Cross <span class="small" style="font-weight:normal">Training Services</span></div>
<div class="c" style="margin-top:26px; font-size:1.2em">Certificate of Completion</div>
<div class="c who">%s</div>
<div class="c">has completed the requirements for</div>
<div class="c crs">%s</div>
<div class="c small">according to the standards of the American Red Cross, including the written assessment and skills evaluation.</div>
<div style="margin:26px 0 0 1.6in">%s</div>
<div class="tiny" style="position:absolute; bottom:0">Scan the code or visit redcross.org/confirm and enter the certificate ID to validate this certificate.</div>`,
		e(name), e(c.long+" ("+strings.Fields(c.provider)[0]+")"), kv(rows...))
	return page{
		size: letterLandscape, font: b.anyFont(), title: "Certificate",
		css: `.hdr { font-size: 1.6em; font-weight: bold; color: #222; border-bottom: 3px solid #ed1b2e; padding-bottom: 6px; }
.cross { color: #ed1b2e; font-size: 1.3em; }
.who { font-size: 2.1em; margin: 14px 0 8px; }
.crs { font-size: 1.5em; font-weight: bold; margin: 8px 0; }`,
		body: body,
	}
}

// hsiWallet prints a two-sided wallet card, each side on a card-sized page:
// captions under their values on the front, the issuing details on the back.
func hsiWallet(b *build) page {
	c := courseOf(b.typ)
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(4)), upper: b.chance(3)})
	issue, exp := b.credential(2)
	b.set("issuer", "Health & Safety Institute")
	f := b.form(mdy, abbrDate, mdyDash)
	done := b.date("issue_date", issue, f)
	until := b.date("expiration_date", exp, f)
	id := b.digits(7)
	b.set("certificate_id", id)
	tc := pick(b.r, trainingCenters)
	b.set("training_center", tc)
	body := fmt.Sprintf(`
<div class="band">HSI &nbsp;<span class="tiny" style="color:#fff">Health &amp; Safety Institute</span></div>
<div class="b" style="font-size:1.15em; margin:3px 0">%s</div>
<div class="tiny">This card certifies that the person named below has successfully completed the course.</div>
<div style="margin-top:5px">%s</div>
<div>%s%s</div>
<div class="pb"></div>
<div class="tiny b">%s — Certification Details</div>
%s
<div class="tiny" style="margin-top:4px">Student signature ____________________</div>`,
		e(c.provider), below(name, "Name"), below(done, "Completion Date"), below(until, "Expiration Date"),
		e(c.long),
		kv(row("Training Center", tc), row("Instructor", b.staff()), row("Instructor #", "I-"+b.digits(6)),
			row("Certificate No.", id), row("Phone", fmt.Sprintf("(800) 555-%04d", b.r.IntN(10000)))))
	return page{
		size: cardSize, margin: "0.12in", font: b.sans(), fontSize: "6.5pt", card: true, title: "Wallet card",
		css: `.band { background: #00558c; color: #fff; font-weight: bold; padding: 2px 4px; font-size: 1.2em; }
.fb .val { min-width: 0.9in; padding: 0 4px; }
.kv th, .kv td { padding: 0 6px 0 0; }`,
		body: body,
	}
}

// hospitalCourseCert prints a hospital education department's certificate
// for an AHA course held there, signed by its course director and
// instructor, with the dates in sentences.
func hospitalCourseCert(b *build) page {
	c := courseOf(b.typ)
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(4))})
	issue, exp := b.credential(2)
	b.set("issuer", "American Heart Association")
	f := b.form(longDate, dMonthY, abbrDate)
	held := b.date("issue_date", issue, f)
	until := b.date("expiration_date", exp, f)
	hosp := pick(b.r, hospitals)
	b.set("training_center", hosp)
	id := "CE-" + b.digits(6)
	b.set("certificate_id", id)
	director, instructor := b.staff(), b.staff()
	body := fmt.Sprintf(`
<div class="frame">
<div class="c up" style="letter-spacing:0.2em">%s</div>
<div class="c small">Department of Clinical Education &middot; American Heart Association Training Center</div>
<div class="c title">Certificate of Completion</div>
<div class="c">This is to certify that</div>
<div class="c who">%s</div>
<div class="c">has successfully completed the American Heart Association<br><b>%s</b> course (%s)</div>
<div class="c" style="margin-top:14px">held on %s. This course completion is valid through %s.</div>
<table style="width:100%%; margin-top:40px"><tr>
<td class="c">%s<div class="rule"></div>%s, Course Director</td><td style="width:1in"></td>
<td class="c">%s<div class="rule"></div>%s, Lead Instructor</td></tr></table>
<div class="tiny" style="margin-top:26px">Record No. %s. AHA Training Center: %s. Contact Hours: 4.0</div>
</div>`,
		e(hosp), e(name), e(c.long), e(c.provider), e(held), e(until),
		sig(director), e(director), sig(instructor), e(instructor), e(id), e(hosp))
	return page{
		size: letter, font: b.serif(), fontSize: "12pt", title: "Certificate",
		css: `.frame { border: 6px double #7a5c1e; padding: 0.5in 0.4in; height: 9.4in; }
.title { font-size: 2.2em; margin: 26px 0 18px; font-style: italic; }
.who { font-size: 2em; font-style: italic; margin: 12px 0; border-bottom: 1px solid #7a5c1e; }`,
		body: body,
	}
}

// aapNRPECard prints an NRP eCard of the American Academy of Pediatrics.
func aapNRPECard(b *build) page {
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(3)), upper: b.chance(2)})
	issue, exp := b.credential(2)
	b.set("issuer", "American Academy of Pediatrics")
	f := b.form(mdy, abbrDate)
	issued := b.date("issue_date", issue, f)
	until := b.date("expiration_date", exp, f)
	id := b.digits(2) + "-" + b.digits(4) + "-" + b.digits(4)
	b.set("certificate_id", id)
	level := pick(b.r, []string{"Essentials", "Advanced"})
	body := fmt.Sprintf(`
<div class="top"><b>American Academy of Pediatrics</b><span class="r" style="float:right">NEONATAL RESUSCITATION PROGRAM&#174;</span></div>
<div style="font-size:1.6em; margin:14px 0 4px" class="b">NRP Provider &mdash; %s</div>
<div>8th Edition</div>
<div style="margin:18px 0 6px">This card certifies that</div>
<div class="who">%s</div>
<div>has successfully completed the NRP Provider curriculum, including the online learning assessment and the instructor-led event.</div>
<table style="margin-top:18px"><tr><td>%s</td><td>%s</td><td>%s</td></tr></table>
<div style="margin-top:16px">%s</div>`,
		e(level), e(name), above("Issue Date", issued), above("Expiration Date", until), above("eCard ID", id),
		kv(row("NRP Instructor:", b.staff()), row("Instructor ID:", b.digits(7)), row("Hospital/Organization:", pick(b.r, hospitals))))
	return page{
		size: letter, font: b.sans(), title: "NRP eCard",
		css: `.top { border-bottom: 2px solid #0a5d8c; padding-bottom: 4px; color: #0a5d8c; }
.who { font-size: 1.5em; border-bottom: 1px solid #999; }`,
		body: body,
	}
}

// rqiNRPTranscript prints a learning system's transcript line for NRP:
// a learner block, then a table with the credential.
func rqiNRPTranscript(b *build) page {
	name := b.name(nameStyle{comma: true, mid: midNone})
	issue, exp := b.credential(2)
	b.set("issuer", "American Academy of Pediatrics")
	b.accept("issuer", "RQI Partners")
	f := b.form(isoDate, mdy, abbrDate)
	done := b.date("issue_date", issue, f)
	until := b.date("expiration_date", exp, f)
	id := "RQI-" + b.alnum(8)
	b.set("certificate_id", id)
	body := fmt.Sprintf(`
<div style="font-size:1.4em" class="b">RQI Partners &mdash; Learner Transcript</div>
<div class="small">RQI for NRP is offered in collaboration with the American Academy of Pediatrics.</div>
<div class="rule"></div>
%s
<h3 style="margin-top:22px">Credentials</h3>
%s
<div class="small" style="margin-top:14px">Printed %s by %s, Education Coordinator, %s.</div>`,
		kv(row("Learner", name), row("Learner ID", b.digits(8)), row("Organization", pick(b.r, hospitals))),
		gridTable([]string{"Credential", "Completed", "Valid Until", "Credential ID", "Status"},
			[][]string{{"NRP Provider (Neonatal Resuscitation Program)", done, until, id, "Complete"}}),
		e(mdy.format(b.asOf.AddDate(0, 0, -1))), e(b.staff()), e(pick(b.r, hospitals)))
	return page{size: letter, font: b.sans(), fontSize: "10pt", title: "Transcript", body: body}
}

// enaTNCCCard prints a TNCC verification card (four-year provider status)
// on a card-sized page.
func enaTNCCCard(b *build) page {
	name := b.name(nameStyle{mid: midInitial, upper: true})
	issue, exp := b.credential(4)
	b.set("issuer", "Emergency Nurses Association")
	f := b.form(mdy, mdyShort)
	done := b.date("issue_date", issue, f)
	until := b.date("expiration_date", exp, f)
	id := b.digits(6)
	b.set("certificate_id", id)
	body := fmt.Sprintf(`
<div class="band">ENA &middot; Emergency Nurses Association</div>
<div class="b" style="font-size:1.2em; margin-top:3px">TNCC Provider</div>
<div class="tiny">Trauma Nursing Core Course, 9th Edition &mdash; Verification Card</div>
<div class="b" style="font-size:1.15em; margin:5px 0 3px">%s</div>
%s
<div class="tiny" style="margin-top:3px">Course Director: %s</div>`,
		e(name), kv(row("Course Completion", done), row("Provider Status Expires", until), row("Verification No.", id)), e(b.staff()))
	return page{size: cardSize, margin: "0.12in", font: b.sans(), fontSize: "6.8pt", card: true, title: "TNCC",
		css: `.band { background: #5b2c83; color: #fff; padding: 2px 4px; font-weight: bold; }
.kv th, .kv td { padding: 0 6px 0 0; }`, body: body}
}

// enaTNCCLetter prints a completion letter with the dates in sentences and
// the verification number in the closing paragraph.
func enaTNCCLetter(b *build) page {
	st := nameStyle{mid: middleForm(b.r.IntN(4))}
	name := b.name(st)
	issue, exp := b.credential(4)
	b.set("issuer", "Emergency Nurses Association")
	f := b.form(longDate, abbrDotted)
	done := b.date("issue_date", issue, f)
	until := b.date("expiration_date", exp, f)
	id := "T9-" + b.digits(6)
	b.set("certificate_id", id)
	director := b.staff()
	body := fmt.Sprintf(`
<div style="font-size:1.5em; color:#5b2c83" class="b">Emergency Nurses Association</div>
<div class="small">930 E. Woodfield Road, Schaumburg, IL 60173</div>
<div style="margin-top:30px">%s</div>
<div>%s</div>
<p>Dear %s,</p>
<p>Congratulations! You successfully completed the Trauma Nursing Core Course (TNCC), 9th Edition, on %s, and have met the requirements for TNCC provider status.</p>
<p>Your provider status expires on %s. Your TNCC verification number is %s; keep this letter with your professional records.</p>
<p>Sincerely,</p>
<p>%s<br>%s, MSN, RN, CEN<br>Course Director</p>`,
		e(issue.AddDate(0, 0, 3).Format("January 2, 2006")), e(name), e(b.p.First), e(done), e(until), e(id), sig(director), e(director))
	return page{size: letter, font: b.serif(), fontSize: "11.5pt", title: "TNCC letter", body: body, margin: "0.9in"}
}
