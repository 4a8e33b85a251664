package heldout

import (
	"fmt"
	"strings"
	"time"
)

func immunLayouts() []*layout {
	series := []string{"mmr_record", "varicella_record", "hepatitis_b_record"}
	return []*layout{
		{name: "iis-registry-record", types: append(append([]string{}, series...), "tdap_record", "covid19_vaccine"), build: iisRecord},
		{name: "clinic-vaccine-admin-record", types: append(append([]string{}, series...), "tdap_record", "influenza_vaccine"), build: vaccineAdminRecord},
		{name: "titer-lab-report", types: series, build: titerLabReport},
		{name: "adult-immunization-card", types: []string{"mmr_record", "varicella_record", "hepatitis_b_record", "tdap_record"}, build: adultImmunizationCard},
		{name: "vaccination-record-card", types: []string{"covid19_vaccine"}, build: vaccinationRecordCard},
		{name: "declination-form", types: []string{"hepatitis_b_record", "influenza_vaccine"}, build: declinationForm,
			conds: []Condition{Valid, OtherPerson}},
		{name: "flu-campaign-sticker", types: []string{"influenza_vaccine"}, build: fluCampaignSticker},
	}
}

// vaccine describes how records name a vaccine.
type vaccine struct {
	group    string   // IIS vaccine group
	products []string // product (manufacturer)
	cvx      string
	doses    int // doses for a complete series
}

func vaccineOf(typ string) vaccine {
	switch typ {
	case "mmr_record":
		return vaccine{"MMR", []string{"M-M-R II (Merck)", "Priorix (GSK)"}, "03", 2}
	case "varicella_record":
		return vaccine{"Varicella", []string{"Varivax (Merck)"}, "21", 2}
	case "hepatitis_b_record":
		return vaccine{"Hepatitis B", []string{"Engerix-B (GSK)", "Recombivax HB (Merck)"}, "43", 3}
	case "tdap_record":
		return vaccine{"Tdap", []string{"Boostrix (GSK)", "Adacel (Sanofi Pasteur)"}, "115", 1}
	case "influenza_vaccine":
		return vaccine{"Influenza", []string{"Flucelvax (Seqirus)", "Fluzone High-Dose (Sanofi Pasteur)", "Afluria (Seqirus)", "Fluarix (GSK)"}, "150", 1}
	default:
		return vaccine{"COVID-19", []string{"Pfizer-BioNTech", "Moderna"}, "208", 2}
	}
}

// doseDates draws a series in the build's condition (one dose short when
// failing) and records dose_dates; single-dose types record
// administered_date instead.
func (b *build) doseDates(typ string) []time.Time {
	v := vaccineOf(typ)
	var ds []time.Time
	switch typ {
	case "mmr_record", "varicella_record":
		// Childhood doses only for those born after the vaccine came
		// (MMR 1971, varicella 1995); others were caught up as adults.
		licensed := map[string]int{"mmr_record": 1971, "varicella_record": 1995}[typ]
		if b.p.DOB.Year() >= licensed && b.chance(2) {
			ds = []time.Time{b.p.DOB.AddDate(1, 0, 10+b.r.IntN(60)), b.p.DOB.AddDate(4+b.r.IntN(2), b.r.IntN(6), 0)}
		} else {
			first := b.daysAgo(200, 3000)
			ds = []time.Time{first, first.AddDate(0, 1, b.r.IntN(20))}
		}
	case "hepatitis_b_record":
		first := b.daysAgo(400, 5000)
		ds = []time.Time{first, first.AddDate(0, 1, b.r.IntN(7)), first.AddDate(0, 6, b.r.IntN(20))}
	case "covid19_vaccine":
		first := time.Date(2021, time.Month(1+b.r.IntN(9)), 1+b.r.IntN(28), 0, 0, 0, 0, time.UTC)
		ds = []time.Time{first}
		for i := 1; i < 1+b.r.IntN(3); i++ {
			ds = append(ds, ds[i-1].AddDate(0, 1+b.r.IntN(8), 0))
		}
	default:
		return []time.Time{b.singleDose(typ)}
	}
	if b.failing() && len(ds) >= v.doses {
		ds = ds[:v.doses-1]
	}
	var iso []string
	for _, d := range ds {
		iso = append(iso, d.Format(time.DateOnly))
	}
	b.set("dose_dates", iso)
	return ds
}

// singleDose is a Tdap or influenza dose in the build's condition.
func (b *build) singleDose(typ string) time.Time {
	if typ == "influenza_vaccine" {
		start := seasonStart(b.asOf)
		if b.cond == Expired {
			start = start.AddDate(-1, 0, 0)
			return start.AddDate(0, 0, 20+b.r.IntN(120))
		}
		days := int(b.asOf.Sub(start).Hours()/24) - 1
		return start.AddDate(0, 0, min(days, 10+b.r.IntN(max(days-9, 1))))
	}
	return b.within(120)
}

// seasonStart is August 1 of the influenza season t falls in.
func seasonStart(t time.Time) time.Time {
	y := t.Year()
	if t.Month() < time.August {
		y--
	}
	return time.Date(y, time.August, 1, 0, 0, 0, 0, time.UTC)
}

func (b *build) season(at time.Time) (iso, printed string) {
	y := seasonStart(at).Year()
	iso = fmt.Sprintf("%d-%d", y, y+1)
	printed = pick(b.r, []string{iso, fmt.Sprintf("%d–%d", y, y+1), fmt.Sprintf("%d-%02d", y, (y+1)%100)})
	b.set("season", iso)
	if printed != iso {
		b.evidence("season", printed)
	}
	return iso, printed
}

func (b *build) lot() string {
	l := b.alnum(2+b.r.IntN(2)) + b.digits(3) + b.alnum(b.r.IntN(3))
	return l
}

// iisRecord prints a state immunization registry's official record,
// filtered to the vaccine group, with a dose table.
func iisRecord(b *build) page {
	name := b.name(nameStyle{comma: true, upper: true, mid: midFull})
	v := vaccineOf(b.typ)
	f := b.form(mdy, mdyShort)
	state := stateNames[b.p.State]
	prod := pick(b.r, v.products)
	var rows [][]string
	if b.typ == "tdap_record" {
		at := b.singleDose(b.typ)
		lot := b.lot()
		b.set("lot_number", lot)
		rows = append(rows, []string{v.group, prod, b.date("administered_date", at, f), "1", lot, pick(b.r, clinics)})
	} else {
		ds := b.doseDates(b.typ)
		if b.typ == "covid19_vaccine" {
			b.set("manufacturer", prod)
		}
		for i, d := range ds {
			rows = append(rows, []string{v.group, prod, f.format(d), fmt.Sprint(i + 1), b.lot(), pick(b.r, clinics)})
		}
	}
	body := fmt.Sprintf(`
<div class="c b" style="font-size:1.25em">%s Immunization Information System</div>
<div class="c b">OFFICIAL IMMUNIZATION RECORD</div>
<div class="c small">Report filtered by vaccine group: %s &nbsp;&middot;&nbsp; Printed %s</div>
<div style="margin-top:12px">%s</div>
<div style="margin-top:12px">%s</div>
<p class="tiny" style="margin-top:16px">This record is a copy of the information reported to the registry by health care providers. Certified by the %s Department of Health, Immunization Program. Client ID: %s</p>`,
		e(state), e(v.group), e(f.format(b.asOf.AddDate(0, 0, -4))),
		kv(row("Client Name:", name), row("Birth Date:", b.dob(f)), row("Gender:", b.p.Sex), row("Address:", upper(b.p.Street+", "+b.p.City+", "+b.p.State+" "+b.p.Zip))),
		gridTable([]string{"Vaccine Group", "Vaccine (Trade Name)", "Date Administered", "Dose #", "Lot", "Provider / Clinic"}, rows),
		e(state), b.digits(10))
	return page{size: letterLandscape, font: b.sans(), fontSize: "9.5pt", title: "Immunization record", body: body}
}

// vaccineAdminRecord prints a clinic's vaccine administration record: one
// row per dose with manufacturer, lot, site, the VIS edition date and who
// gave it.
func vaccineAdminRecord(b *build) page {
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(4)), upper: b.chance(3)})
	v := vaccineOf(b.typ)
	f := b.form(mdy, mdyDash, abbrDate)
	prod := pick(b.r, v.products)
	vis := time.Date(2019+b.r.IntN(5), time.Month(1+b.r.IntN(12)), 1+b.r.IntN(28), 0, 0, 0, 0, time.UTC)
	var rows [][]string
	heading := "Vaccine Administration Record"
	if b.typ == "tdap_record" || b.typ == "influenza_vaccine" {
		at := b.singleDose(b.typ)
		lot := b.lot()
		b.set("lot_number", lot)
		rows = append(rows, []string{v.group + " — " + prod, b.date("administered_date", at, f), lot,
			pick(b.r, []string{"L deltoid", "R deltoid"}), f.format(vis), b.staff() + ", RN"})
		if b.typ == "influenza_vaccine" {
			_, s := b.season(at)
			heading = "Influenza Vaccine Consent and Administration Record, " + s + " Season"
		}
	} else {
		for _, d := range b.doseDates(b.typ) {
			rows = append(rows, []string{v.group + " — " + prod, f.format(d), b.lot(),
				pick(b.r, []string{"L deltoid", "R deltoid", "SC arm"}), f.format(vis), b.staff() + ", RN"})
		}
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.2em">%s</div>
<div class="b" style="margin:4px 0 10px">%s</div>
<table style="width:100%%"><tr><td>%s</td><td>%s</td><td>%s</td></tr></table>
<p class="small">I have read the Vaccine Information Statement (VIS), had the chance to ask questions, and consent to vaccination.</p>
%s
<p class="tiny">Patient signature on file. VIS Date = edition date of the statement given.</p>`,
		e(pick(b.r, clinics)), e(heading),
		above("Patient Name", name), above("Date of Birth", b.dob(f)), above("Employer / Facility", pick(b.r, hospitals)),
		gridTable([]string{"Vaccine", "Date Given", "Lot #", "Site", "VIS Date", "Administered By"}, rows))
	return page{size: letter, font: b.anyFont(), fontSize: "10pt", title: "VAR", body: body}
}

// titer draws an antibody titer in the build's condition and records it.
func (b *build) titer(f dateForm) (date string, immune bool) {
	at := b.daysAgo(20, 1500)
	date = b.date("titer_date", at, f)
	immune = !b.failing()
	if immune {
		b.set("titer_result", "immune")
	} else {
		b.set("titer_result", "non_immune")
	}
	return date, immune
}

// titerLabReport prints an antibody lab report: one or three analytes,
// value, units and an interpretation word.
func titerLabReport(b *build) page {
	name := b.name(nameStyle{comma: true, upper: true, mid: midInitial})
	lab := pick(b.r, labs)
	f := b.form(mdy, mdyShort)
	date, immune := b.titer(f)
	var rows [][]string
	word := func(ok bool, bad string) string {
		if ok {
			return "IMMUNE"
		}
		return bad
	}
	switch b.typ {
	case "mmr_record":
		bad := pick(b.r, []string{"NON-IMMUNE", "EQUIVOCAL"})
		rows = [][]string{
			{"Measles (Rubeola) Antibody, IgG", "27.4", "AU/mL", word(true, "")},
			{"Mumps Antibody, IgG", map[bool]string{true: "41.2", false: "9.8"}[immune], "AU/mL", word(immune, bad)},
			{"Rubella Antibody, IgG", "3.9", "Index", word(true, "")},
		}
		if !immune {
			b.evidence("titer_result", bad)
		}
	case "varicella_record":
		rows = [][]string{{"Varicella-Zoster Virus Antibody, IgG", map[bool]string{true: "2.85", false: "0.61"}[immune], "Index", word(immune, "NON-IMMUNE")}}
		if !immune {
			b.evidence("titer_result", "NON-IMMUNE")
		}
	default:
		res := "Reactive - IMMUNE"
		val := fmt.Sprint(100 + b.r.IntN(800))
		if !immune {
			res, val = "Nonreactive - NOT IMMUNE", "<3.5"
			b.evidence("titer_result", "NOT IMMUNE")
		}
		rows = [][]string{{"Hepatitis B Surface Antibody, Quantitative (anti-HBs)", val, "mIU/mL", res}}
	}
	if immune {
		b.evidence("titer_result", "IMMUNE")
	}
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.35em">%s</div>
<div class="small">Final Report</div>
<table style="width:100%%; margin-top:10px"><tr><td style="vertical-align:top">%s</td><td style="vertical-align:top">%s</td></tr></table>
<div style="margin-top:10px">%s</div>
<p class="small">Interpretation: IgG antibody at or above the cutoff suggests immunity from vaccination or past infection.</p>
<p class="tiny" style="margin-top:20px">Laboratory Director: %s, MD &middot; Ordering provider: %s</p>`,
		e(lab),
		kv(row("Patient", name), row("DOB", b.dob(f)), row("Sex", b.p.Sex)),
		kv(row("Collected", date), row("Received", f.format(b.asOf.AddDate(0, 0, -3))), row("Accession", b.alnum(10))),
		gridTable([]string{"Test", "Result", "Units", "Interpretation"}, rows), e(b.staff()), e(b.staff()))
	return page{size: letter, font: b.sans(), fontSize: "10pt", title: "Titer", body: body}
}

// adultImmunizationCard prints a personal immunization record card: a row
// per dose with the date and the clinic, filled in by hand.
func adultImmunizationCard(b *build) page {
	name := b.name(nameStyle{mid: midNone})
	v := vaccineOf(b.typ)
	f := b.form(mdyShort, mdy)
	var rows [][]string
	if b.typ == "tdap_record" {
		at := b.singleDose(b.typ)
		lot := b.lot()
		b.set("lot_number", lot)
		rows = append(rows, []string{"Tetanus, diphtheria, pertussis (Tdap)", b.date("administered_date", at, f), "Lot " + lot, pick(b.r, clinics)})
	} else {
		long := map[string]string{"mmr_record": "Measles, mumps, rubella (MMR)", "varicella_record": "Varicella (chickenpox)",
			"hepatitis_b_record": "Hepatitis B (HepB)"}[b.typ]
		for _, d := range b.doseDates(b.typ) {
			rows = append(rows, []string{long, f.format(d), strings.Fields(pick(b.r, v.products))[0], pick(b.r, clinics)})
		}
	}
	body := fmt.Sprintf(`
<div class="c b" style="font-size:1.1em">Adult Immunization Record</div>
<div class="c tiny">Bring this record with you to every health care visit.</div>
<table style="width:100%%; margin-top:6px"><tr><td>Name: <span class="hand">%s</span></td><td>Date of birth: <span class="hand">%s</span></td></tr></table>
<div style="margin-top:6px">%s</div>`,
		e(name), e(b.dob(f)), gridTable([]string{"Vaccine", "Date given (mo/day/yr)", "Product / lot", "Health care professional or clinic"}, rows))
	return page{size: halfLetter, margin: "0.4in", font: b.sans(), fontSize: "9pt", title: "Immunization card",
		css: `.hand { font-family: "URW Gothic", "DejaVu Sans", sans-serif; font-style: italic; font-size: 1.15em; color: #1a237e; }
.grid td { font-family: "URW Gothic", sans-serif; font-style: italic; color: #1a237e; }`, body: body}
}

// vaccinationRecordCard prints a COVID-19 vaccination record card: the
// name in three boxes over their labels, a row per dose.
func vaccinationRecordCard(b *build) page {
	first, mid, last := b.nameParts(nameStyle{mid: midInitial})
	f := b.form(mdy, mdyShort)
	prod := pick(b.r, vaccineOf(b.typ).products)
	b.set("manufacturer", prod)
	ds := b.doseDates(b.typ)
	labels := []string{"1st Dose COVID-19", "2nd Dose COVID-19", "Other"}
	var rows [][]string
	for i, d := range ds {
		rows = append(rows, []string{labels[min(i, 2)], prod + " " + b.lot(), f.format(d), pick(b.r, clinics)})
	}
	rows = append(rows, []string{"Other", "", "", ""})
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.2em">COVID-19 Vaccination Record Card</div>
<div class="tiny">Please keep this record card, which includes medical information about the vaccines you have received.</div>
<table class="grid" style="margin-top:6px"><tr><td>%s</td><td>%s</td><td>%s</td></tr>
<tr><td>%s</td><td colspan="2">%s</td></tr></table>
<div style="margin-top:6px">%s</div>`,
		below(last, "Last Name"), below(first, "First Name"), below(mid, "MI"), below(b.dob(f), "Date of birth"),
		below(b.digits(9), "Patient number (medical record or IIS record number)"),
		gridTable([]string{"Vaccine", "Product Name/Manufacturer Lot Number", "Date", "Healthcare Professional or Clinic Site"}, rows))
	return page{size: "5.5in 4in", margin: "0.2in", font: b.sans(), fontSize: "7.5pt", card: true, title: "Vaccination card",
		css: `.fb .val { min-width: 0.8in; } .grid td { height: 0.22in; }`, body: body}
}

// declinationForm prints an employer's declination: the regulatory text,
// then the employee's printed name, signature and date.
func declinationForm(b *build) page {
	name := b.name(nameStyle{mid: middleForm(b.r.IntN(3))})
	b.set("declined", true)
	var title, text string
	at := b.daysAgo(5, 300)
	if b.typ == "influenza_vaccine" {
		at = b.singleDose(b.typ)
		_, s := b.season(at)
		title = "Influenza Vaccination Declination — " + s + " Season"
		text = "I acknowledge that I am aware of the following facts: influenza is a serious respiratory disease; the vaccine cannot give me influenza; " +
			"I may be contagious before I have symptoms. Knowing these facts, I choose to decline influenza vaccination this season. " +
			"I understand that I may change my mind and accept vaccination later if vaccine is available."
	} else {
		title = "Hepatitis B Vaccine Declination (Mandatory)"
		text = "I understand that due to my occupational exposure to blood or other potentially infectious materials I may be at risk of acquiring " +
			"hepatitis B virus (HBV) infection. I have been given the opportunity to be vaccinated with hepatitis B vaccine, at no charge to myself. " +
			"However, I decline hepatitis B vaccination at this time. I understand that by declining this vaccine, I continue to be at risk of " +
			"acquiring hepatitis B, a serious disease. If in the future I continue to have occupational exposure to blood or other potentially " +
			"infectious materials and I want to be vaccinated with hepatitis B vaccine, I can receive the vaccination series at no charge to me."
	}
	b.evidence("declined", "decline")
	f := b.form(mdy, longDate)
	body := fmt.Sprintf(`
<div class="b" style="font-size:1.1em">%s &mdash; Employee Health</div>
<h2 style="margin-top:16px">%s</h2>
<p style="text-align:justify">%s</p>
<table style="width:100%%; margin-top:30px"><tr><td>%s</td><td>%s</td><td>%s</td></tr></table>
<table style="width:100%%; margin-top:10px"><tr><td>%s</td><td>%s</td></tr></table>`,
		e(pick(b.r, hospitals)), e(title), e(text),
		below(name, "Employee Name (print)"), below(b.dob(f), "Date of Birth"), below(f.format(at), "Date"),
		belowHTML(sig(b.p.First+" "+b.p.Last), "Employee Signature"), below(b.staff(), "Witness"))
	return page{size: letter, margin: "0.9in", font: b.serif(), fontSize: "11pt", title: "Declination", body: body}
}

// fluCampaignSticker prints an employee flu campaign's proof-of-vaccination
// slip: a badge-sized page with the season, date, product and lot.
func fluCampaignSticker(b *build) page {
	name := b.name(nameStyle{upper: true, mid: midNone})
	at := b.singleDose(b.typ)
	_, s := b.season(at)
	f := b.form(mdy, abbrDate)
	lot := b.lot()
	b.set("lot_number", lot)
	body := fmt.Sprintf(`
<div class="c b" style="font-size:1.3em">I GOT MY FLU SHOT!</div>
<div class="c small">%s Employee Influenza Campaign &middot; %s Season</div>
<div style="margin-top:6px">%s</div>
<table style="margin-top:4px"><tr><td>%s</td><td>%s</td></tr></table>
<div class="tiny">Given by %s, RN &middot; Keep this card as proof of vaccination.</div>`,
		e(pick(b.r, hospitals)), e(s), kv(row("Name", name), row("Vaccine", pick(b.r, vaccineOf(b.typ).products))),
		above("Date Given", b.date("administered_date", at, f)), above("Lot", lot), e(b.staff()))
	return page{size: cardSize, margin: "0.1in", font: b.sans(), fontSize: "6.8pt", card: true, title: "Flu",
		css: `body { background: #fff6d6; } .kv th, .kv td { padding: 0 6px 0 0; } .fa { margin: 0 8px 0 0; }`, body: body}
}
