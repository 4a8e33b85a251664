package sampledocs

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// Immunizations: state registry printouts, clinic and pharmacy records,
// titer lab reports, declination forms and the CDC COVID-19 card.

var registries = map[string]string{
	"TX": "ImmTrac2 - Texas Immunization Registry", "CA": "California Immunization Registry (CAIR2)",
	"FL": "Florida SHOTS", "NY": "NYSIIS - New York State Immunization Information System",
	"AZ": "Arizona State Immunization Information System (ASIIS)", "GA": "GRITS - Georgia Registry of Immunization Transactions and Services",
	"WA": "Washington State Immunization Information System", "IL": "I-CARE Illinois",
}

func registryOf(state string) string {
	return stateBody(registries, state, "Immunization Information System")
}

// series describes a two- or three-dose vaccine and its titer.
type series struct {
	key, vaccine, cvxName string
	doses                 int
	titerTest             string
}

var seriesOf = map[string]series{
	"mmr_record":         {"mmr", "MMR (Measles, Mumps, Rubella)", "MMR", 2, "Measles, Mumps, Rubella Immunity Panel (IgG)"},
	"varicella_record":   {"varicella", "Varicella (Chickenpox)", "VAR", 2, "Varicella-Zoster Virus Antibody (IgG)"},
	"hepatitis_b_record": {"hepb", "Hepatitis B", "HepB", 3, "Hepatitis B Surface Antibody, Quantitative"},
}

// seriesSpec is the layouts of a vaccine series' record: registry
// printouts and titers, an MMR certificate, a hepatitis B declination.
func seriesSpec(key string) *typeSpec {
	s := seriesOf[key]
	vs := []variant{
		{name: "registry_printout", pages: [2]int{1, 1}, names: namesRecord, meta: metaReport, render: func(c *canvas) { renderRegistry(c, s) }},
		{name: "titer_lab_report", pages: [2]int{1, 1}, names: namesUpper, meta: metaLab, render: func(c *canvas) { renderTiter(c, s) }},
	}
	var failing []string
	switch key {
	case "mmr_record":
		vs = append(vs, variant{name: "certificate_of_immunization", pages: [2]int{1, 1}, names: namesNatural, meta: metaOffice, render: func(c *canvas) { renderImmCertificate(c, s) }})
	case "hepatitis_b_record":
		vs = append(vs, variant{name: "declination_form", pages: [2]int{1, 1}, names: namesAny, meta: metaOffice, render: renderHepBDeclination})
		failing = []string{"registry_printout", "titer_lab_report"}
	}
	return &typeSpec{fill: seriesFill(s), variants: vs, failing: failing}
}

func seriesFill(s series) func(g *gen) {
	return func(g *gen) {
		g.setDate("date_of_birth", g.p.DOB)
		g.setIssuer(registryOf(g.p.State))
		switch g.v.name {
		case "titer_lab_report":
			t := g.daysAgo(20, 6*365)
			if adult := g.p.DOB.AddDate(18, 0, 0); t.Before(adult) {
				t = g.daysAgo(20, 200)
			}
			g.setDate("titer_date", t)
			g.f["titer_result"] = map[bool]string{true: "non_immune", false: "immune"}[g.opt.Positive]
			lab := pick(g.r, labs)
			g.setIssuer(lab)
		case "declination_form":
			g.f["declined"] = true
			g.setIssuer(pick(g.r, []string{"Employee Health Services", "Aya Healthcare", "AMN Healthcare", "Cross Country Nurses", "Medical Solutions"}))
			g.made = g.daysAgo(1, 200)
		default:
			n := s.doses
			if g.opt.Positive {
				n--
			}
			ds := seriesDates(g, s)[:n]
			out := make([]string, len(ds))
			for i, d := range ds {
				out[i] = d.Format(time.DateOnly)
				if d.After(g.latest) {
					g.latest = d
				}
			}
			g.f["dose_dates"] = out
			if g.is("certificate_of_immunization") {
				g.setIssuer(pick(g.r, tbClinics))
			}
			g.made = g.daysAgo(1, 400)
		}
	}
}

// seriesDates schedules a series the way the person's birth year would
// have had it: childhood doses for the young, an adult catch-up series
// (nursing school) otherwise.
func seriesDates(g *gen, s series) []time.Time {
	dob := g.p.DOB
	licensed := map[string]int{"mmr": 1978, "varicella": 1996, "hepb": 1992}[s.key]
	var ds []time.Time
	if dob.Year() >= licensed {
		switch s.key {
		case "hepb":
			ds = []time.Time{dob.AddDate(0, 0, g.r.IntN(2)), dob.AddDate(0, 1+g.r.IntN(2), g.r.IntN(20)), dob.AddDate(0, 6+g.r.IntN(10), g.r.IntN(20))}
		default:
			ds = []time.Time{dob.AddDate(1, g.r.IntN(4), g.r.IntN(25)), dob.AddDate(4+g.r.IntN(3), g.r.IntN(10), g.r.IntN(25))}
		}
	} else {
		start := dob.AddDate(19+g.r.IntN(8), g.r.IntN(12), g.r.IntN(28))
		if latest := g.asOf.AddDate(0, -8, 0); start.After(latest) {
			start = latest
		}
		switch s.key {
		case "hepb":
			ds = []time.Time{start, start.AddDate(0, 1, g.r.IntN(6)), start.AddDate(0, 6, g.r.IntN(20))}
		case "varicella":
			ds = []time.Time{start, start.AddDate(0, 0, 28+g.r.IntN(30))}
		default:
			ds = []time.Time{start, start.AddDate(0, 0, 28+g.r.IntN(60))}
		}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i].Before(ds[j]) })
	return ds
}

func renderRegistry(c *canvas, s series) {
	c.newPage(false)
	c.dates(dMDY, dMDYn, dISO)
	reg := registryOf(c.d.Person.State)
	c.logo("seal", 14, 10, 18, darkBlue)
	c.say(sans("B", 13), 36, 17, reg)
	c.say(sans("", 8.5), 36, 22, "Official Immunization Record - Consumer Access Printout")
	c.sayR(sans("", 8), c.w-14, 12, "Printed: "+c.fmtDate(c.d.Created))
	c.heavyRule(14, 28, c.w-28, 0.5)
	c.font("Helvetica", "", 9.5)
	c.lvCols(14, 38, 32, 6, [2]string{"Client Name:", c.name()}, [2]string{"Date of Birth:", c.dob()})
	c.lvCols(120, 38, 26, 6,
		[2]string{"Client ID:", digits(c.r, 10)},
		[2]string{"Gender:", map[string]string{"F": "Female", "M": "Male"}[c.d.Person.sex()]})
	c.say(sans("B", 10), 14, 58, "Immunization History")
	c.font("Helvetica", "", 8.5)
	var rows [][]string
	names := map[string][]string{
		"mmr":       {"MMR", "M-M-R II (Merck)", "Priorix (GSK)"},
		"varicella": {"Varicella", "Varivax (Merck)"},
		"hepb":      {"Hep B, adult", "Engerix-B (GSK)", "Recombivax HB (Merck)"},
	}[s.key]
	for i, d := range c.doses() {
		rows = append(rows, []string{s.cvxName, d, fmt.Sprintf("%d of %d", i+1, s.doses), pick(c.r, names[1:]), alnum(c.r, 2) + digits(c.r, 4), c.pick("Historical", "Administered", "Administered")})
	}
	if len(rows) == 0 {
		rows = [][]string{{s.cvxName, "", "", "", "", ""}}
	}
	c.table(14, 62, []float64{28, 28, 20, 46, 28, 38}, 7.5,
		[]string{"Vaccine", "Date Given", "Dose", "Trade Name / Mfr", "Lot #", "Source"}, rows, rgb{225, 232, 245})
	c.para(fine(7.5), 14, 130, c.w-28, 3.6, "This record reflects immunizations reported to the registry by providers and may not be complete. Official record: valid without signature. Vaccine series status is computed from the dates above per ACIP schedules.")
	c.footer(reg + "   " + c.pageOf())
}

func (c *canvas) titerRows(s series) ([][]string, string) {
	immune := c.f("titer_result") == "immune"
	switch s.key {
	case "mmr":
		bad := c.r.IntN(3)
		comp := []struct{ name, unit, ref string }{{"Measles (Rubeola) Antibody, IgG", "AU/mL", ">16.4 Immune"}, {"Mumps Antibody, IgG", "AU/mL", ">10.9 Immune"}, {"Rubella Antibody, IgG", "Index", ">=1.0 Immune"}}
		var rows [][]string
		for i, cp := range comp {
			v := fmt.Sprintf("%.1f", 25+c.r.Float64()*200)
			interp := c.pick("Immune", "IMMUNE", "Positive")
			if !immune && i == bad {
				v = fmt.Sprintf("%.1f", 5+c.r.Float64()*6)
				interp = c.pick("Non-Immune", "Equivocal", "NEGATIVE")
			}
			if cp.unit == "Index" && (immune || i != bad) {
				v = fmt.Sprintf("%.2f", 1.5+c.r.Float64()*5)
			}
			rows = append(rows, []string{cp.name, v, interp, cp.ref, cp.unit})
		}
		return rows, map[bool]string{true: "Immune to measles, mumps and rubella", false: "NOT immune to all components - revaccination recommended"}[immune]
	case "varicella":
		if immune {
			return [][]string{{s.titerTest, fmt.Sprintf("%.2f", 1.3+c.r.Float64()*4), c.pick("POSITIVE", "Immune"), "<0.90 Negative; >1.09 Positive", "Index"}}, "Positive for VZV IgG antibody, consistent with immunity"
		}
		return [][]string{{s.titerTest, fmt.Sprintf("%.2f", 0.2+c.r.Float64()*0.9), c.pick("NEGATIVE", "EQUIVOCAL"), "<0.90 Negative; >1.09 Positive", "Index"}}, "No significant level of VZV IgG antibody detected - not immune"
	default:
		if immune {
			return [][]string{{s.titerTest, fmt.Sprint(12 + c.r.IntN(900)), c.pick("Immune", "REACTIVE"), ">=10 Immune", "mIU/mL"}}, "Immune (anti-HBs >= 10 mIU/mL)"
		}
		return [][]string{{s.titerTest, c.pick("<3.5", "5", "7"), c.pick("Non-Immune", "NON-REACTIVE"), ">=10 Immune", "mIU/mL"}}, "Not immune (anti-HBs < 10 mIU/mL)"
	}
}

func renderTiter(c *canvas, s series) {
	c.newPage(false)
	c.dates(dMDY, dMDY, dDMON)
	y := c.labHeader(strings.ToUpper(s.titerTest), "titer_date")
	rows, summary := c.titerRows(s)
	if !c.has("titer_result") {
		summary = ""
	}
	c.font("Helvetica", "", 8.5)
	y = c.table(14, y, []float64{70, 22, 26, 46, 20}, 7, []string{"Test", "Result", "Interpretation", "Reference Range", "Units"}, rows, xlgray)
	if summary != "" && c.chance(0.7) {
		c.captioned(caption{sans("B", 9), sans("", 9), 28, 0}, 14, y+10, "Interpretation: ", summary)
	}
	c.para(fine(7.5), 14, y+22, c.w-28, 3.6, "Antibody testing for immunity documentation of health care personnel. Results of equivocal or negative indicate lack of presumptive evidence of immunity per CDC guidance.")
	c.footer(c.pageOf())
}

func renderImmCertificate(c *canvas, s series) {
	c.newPage(false)
	c.dates(dMDY, dMDYs)
	c.centred(line{serif("B", 15), 22, "CERTIFICATE OF IMMUNIZATION"}, line{serif("", 10), 28, c.d.Issuer})
	c.font("Times", "", 11)
	c.field(16, 44, 110, "Name", c.name())
	c.field(132, 44, 60, "Birthdate", c.dob())
	c.font("Times", "", 10)
	rows := [][]string{}
	ds := c.doses()
	for i := 0; i < 3; i++ {
		d := ""
		if i < len(ds) {
			d = ds[i]
		}
		rows = append(rows, []string{fmt.Sprintf("Dose %d", i+1), d, map[bool]string{true: c.someone(), false: ""}[d != ""]})
	}
	c.say(serif("B", 11), 16, 62, s.vaccine)
	c.font("Times", "", 10)
	c.table(16, 66, []float64{30, 50, 80}, 8, []string{"Dose", "Date (mo/day/yr)", "Clinic / Provider"}, rows, xlgray)
	c.para(serif("I", 10), 16, 112, c.w-32, 5, "I certify that the above immunization information was transcribed from official records in my possession.")
	c.signature(16, 135, 80)
	c.say(serif("", 9), 16, 139, "Signature of physician / nurse / clinic representative")
	c.footer("Form IMM-" + digits(c.r, 3))
}

func renderHepBDeclination(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYn, dLong)
	c.centred(line{sans("B", 13), 24, c.d.Issuer}, line{sans("B", 14), 38, c.pick("HEPATITIS B VACCINE DECLINATION (MANDATORY)", "Hepatitis B Vaccination Declination Form")})
	y := c.para(sans("", 10.5), 20, 56, c.w-40, 5.4, "I understand that due to my occupational exposure to blood or other potentially infectious materials I may be at risk of acquiring hepatitis B virus (HBV) infection. I have been given the opportunity to be vaccinated with hepatitis B vaccine, at no charge to myself. However, I decline hepatitis B vaccination at this time. I understand that by declining this vaccine, I continue to be at risk of acquiring hepatitis B, a serious disease. If in the future I continue to have occupational exposure to blood or other potentially infectious materials and I want to be vaccinated with hepatitis B vaccine, I can receive the vaccination series at no charge to me.")
	c.font("Helvetica", "", 10)
	c.check(20, y+8, c.has("declined"), "I decline the hepatitis B vaccine at this time.")
	c.font("Helvetica", "", 10)
	c.field(20, y+30, 100, "Employee Name (print)", c.name())
	c.field(126, y+30, 70, "Date of Birth", c.dob())
	c.signature(20, y+48, 100)
	c.say(sans("", 8), 20, y+52, "Employee Signature")
	c.field(126, y+48, 70, "Date", c.fmtDate(c.d.Created))
	c.say(fine(7.5), 20, c.h-16, "OSHA Bloodborne Pathogens Standard 29 CFR 1910.1030, Appendix A")
}

// --- Tdap ---

func fillTdap(g *gen) {
	if g.opt.Expired {
		g.setDate("administered_date", g.daysAgo(10*365+200, 15*365))
	} else {
		g.setDate("administered_date", g.daysAgo(20, 9*365))
	}
	g.setDate("date_of_birth", g.p.DOB)
	g.f["lot_number"] = pick(g.r, []string{"AC52B", "3K5T", "U7", "C57"}) + digits(g.r, 3) + pick(g.r, []string{"AA", "BA", "", "A"})
	prov := pick(g.r, pharmacies)
	if g.is("clinic_record") {
		prov = pick(g.r, tbClinics)
	}
	g.setIssuer(prov)
}

func renderTdapPharmacy(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYs)
	ph := c.d.Issuer
	c.band(0, 0, c.w, 22, crossRed)
	c.say(sans("B", 16).in(white), 14, 14, ph)
	c.say(sans("B", 13), 14, 36, "Vaccination Record")
	c.say(sans("", 9), 14, 42, "Keep this record. Share it with your doctor and employer.")
	c.font("Helvetica", "", 10)
	c.lvCols(14, 56, 40, 7, [2]string{"Patient:", c.name()}, [2]string{"Date of Birth:", c.dob()})
	c.font("Helvetica", "", 9)
	c.table(14, 74, []float64{52, 30, 30, 26, 50}, 8, []string{"Vaccine", "Date Given", "Lot", "Route/Site", "Immunizer"},
		[][]string{{c.pick("Tdap (Boostrix)", "Tdap (Adacel)", "TDAP VACCINE"), c.date("administered_date"), c.f("lot_number"), c.pick("IM L Deltoid", "IM R Deltoid"), c.someone() + ", PharmD"}}, rgb{250, 228, 228})
	c.para(fine(8), 14, 104, c.w-28, 3.8, "Tetanus, diphtheria and acellular pertussis vaccine. Vaccine Information Statement (VIS) provided. Next Td/Tdap booster recommended in 10 years.")
	c.footer(ph + " Store #" + digits(c.r, 5) + "   Rx Immunization Services")
}

func renderTdapClinic(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dISO, dDMON)
	c.say(sans("B", 13), 14, 18, c.d.Issuer)
	c.say(sans("", 9), 14, 23, "Immunization Administration Record")
	c.heavyRule(14, 27, c.w-28, 0.4)
	c.font("Helvetica", "", 10)
	c.lvCols(14, 38, 30, 7, [2]string{"Patient:", c.name()}, [2]string{"DOB:", c.dob()})
	c.lvCol(120, 38, 20, "MRN:", digits(c.r, 8))
	c.font("Helvetica", "", 9)
	c.table(14, 56, []float64{44, 30, 34, 26, 54}, 8, []string{"Vaccine", "Admin Date", "Lot Number", "Dose", "Manufacturer"},
		[][]string{{"Tdap", c.date("administered_date"), c.f("lot_number"), "0.5 mL IM", c.pick("GlaxoSmithKline", "Sanofi Pasteur")}}, xlgray)
	c.signature(14, 100, 70)
	c.say(sans("", 8), 14, 104, "Administered by")
	c.footer(c.pageOf())
}

// --- influenza ---

func fluSeasonStart(asOf time.Time) time.Time {
	y := asOf.Year()
	if asOf.Month() < time.August {
		y--
	}
	return time.Date(y, time.August, 1, 0, 0, 0, 0, time.UTC)
}

func fillFlu(g *gen) {
	start := fluSeasonStart(g.asOf)
	if g.opt.Expired {
		start = start.AddDate(-1, 0, 0)
	}
	g.f["season"] = fmt.Sprintf("%d-%d", start.Year(), start.Year()+1)
	g.setDate("date_of_birth", g.p.DOB)
	if g.is("declination_form") {
		g.f["declined"] = true
		g.setIssuer(pick(g.r, []string{"Employee Health Services", "Aya Healthcare", "AMN Healthcare", "Medical Solutions"}))
		lo := start
		g.made = lo.AddDate(0, 0, g.r.IntN(max(1, min(90, int(g.asOf.Sub(lo).Hours()/24)))))
		return
	}
	end := start.AddDate(0, 5, 0)
	if !g.opt.Expired && end.After(g.asOf) {
		end = g.asOf
	}
	span := int(end.Sub(start).Hours() / 24)
	lo := min(30, span)
	adm := start.AddDate(0, 0, lo+g.r.IntN(max(1, span-lo+1)))
	if adm.After(end) {
		adm = end
	}
	g.setDate("administered_date", adm)
	g.f["lot_number"] = alnum(g.r, 2) + digits(g.r, 4) + alnum(g.r, 2)
	prov := pick(g.r, pharmacies)
	if g.is("employee_flu_form") {
		prov = pick(g.r, tbClinics)
	}
	g.setIssuer(prov)
}

func fluVaccine(c *canvas) string {
	return c.pick("Fluarix Trivalent", "Flucelvax Trivalent", "Fluzone Trivalent", "Afluria Trivalent", "FluLaval Trivalent")
}

func renderFluPharmacy(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYs)
	x := 58.0
	c.say(mono("B", 12), x, 20, strings.ToUpper(c.d.Issuer))
	c.set(mono("", 9))
	c.text(x, 25, strings.ToUpper(c.d.Person.City+", "+c.d.Person.State))
	c.text(x, 32, strings.Repeat("=", 44))
	c.say(mono("B", 10), x, 38, "IMMUNIZATION RECORD - "+c.f("season")+" FLU")
	c.say(mono("", 9), x, 43, strings.Repeat("=", 44))
	y := c.tabbed(x, 50, 28, 5.3,
		[2]string{"PATIENT:", c.name()}, [2]string{"DOB:", c.dob()}, [2]string{"VACCINE:", strings.ToUpper(fluVaccine(c))}, [2]string{"DATE GIVEN:", c.date("administered_date")},
		[2]string{"LOT #:", c.f("lot_number")}, [2]string{"SEASON:", c.f("season")}, [2]string{"SITE/ROUTE:", "L DELTOID / IM"}, [2]string{"IMMUNIZER:", strings.ToUpper(c.someone()) + " RPH"})
	c.text(x, y+2, strings.Repeat("-", 44))
	c.wrap(x, y+8, 90, 4.2, "YOU RECEIVED THE VACCINE INFORMATION STATEMENT. THANK YOU FOR GETTING YOUR FLU SHOT!")
	c.barcode(x, y+24, 70, 10)
}

func renderFluForm(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDYn, dAbbr)
	c.logo("shield", 14, 10, 12, teal)
	c.say(sans("B", 13), 30, 18, c.d.Issuer)
	c.centred(line{sans("B", 14), 36, c.f("season") + " Influenza Vaccination Consent & Record"})
	c.font("Helvetica", "", 10)
	c.field(16, 52, 110, "Name", c.name())
	c.field(132, 52, 60, "Date of Birth", c.dob())
	c.say(sans("B", 10), 16, 68, "Screening (circle / check)")
	c.font("Helvetica", "", 9.5)
	y := 76.0
	for _, q := range []string{"Are you sick today?", "Have you ever had a serious reaction to a flu vaccine?", "Do you have a severe allergy to any vaccine component?", "Have you ever had Guillain-Barre syndrome?"} {
		c.text(20, y, q)
		c.check(150, y, false, "Yes")
		c.check(170, y, true, "No")
		y += 7
	}
	c.formSection(y+2, "FOR CLINIC USE")
	c.field(16, y+20, 60, "Date Administered", c.date("administered_date"))
	c.field(82, y+20, 60, "Vaccine", fluVaccine(c))
	c.field(148, y+20, 44, "Lot #", c.f("lot_number"))
	c.field(16, y+34, 60, "Site", c.pick("Left deltoid", "Right deltoid"))
	c.field(82, y+34, 60, "Season", c.f("season"))
	c.signature(16, y+52, 80)
	c.say(sans("", 8), 16, y+56, "Vaccinator signature / title")
	c.footer(c.pageOf())
}

func renderFluDeclination(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dLong)
	c.centred(line{sans("B", 13), 24, c.d.Issuer}, line{sans("B", 14), 38, "Influenza Vaccination Declination - " + c.f("season") + " Season"})
	y := c.para(sans("", 10.5), 20, 56, c.w-40, 5.4, "My employer or affiliated health facility has recommended that I receive influenza vaccination to protect the patients I serve. I acknowledge that I am aware of the following facts: influenza is a serious respiratory disease; influenza vaccination is recommended for me and all other health care workers to protect patients from influenza, its complications and death; if I contract influenza, I can shed the virus for 24 hours before influenza symptoms appear. Despite these facts, I am choosing to decline influenza vaccination at this time.")
	c.say(sans("B", 10), 20, y+6, "Reason for declining (optional):")
	c.font("Helvetica", "", 10)
	c.check(24, y+14, c.chance(0.3), "Medical contraindication")
	c.check(24, y+21, c.chance(0.3), "Religious / personal belief")
	c.check(24, y+28, c.has("declined"), "I decline the influenza vaccine for the season named above")
	c.field(20, y+50, 100, "Name (print)", c.name())
	c.field(126, y+50, 70, "Date of Birth", c.dob())
	c.signature(20, y+68, 100)
	c.say(sans("", 8), 20, y+72, "Signature")
	c.field(126, y+68, 70, "Date signed", c.fmtDate(c.d.Created))
	c.footer("Masking is required during influenza season for personnel who decline vaccination.")
}

// --- COVID-19 ---

func fillCovid(g *gen) {
	maker := pick(g.r, []string{"Pfizer-BioNTech", "Pfizer-BioNTech", "Moderna", "Moderna", "Novavax", "Janssen"})
	g.f["manufacturer"] = maker
	g.setDate("date_of_birth", g.p.DOB)
	n := 1 + g.r.IntN(4)
	if maker == "Janssen" {
		n = 1 + g.r.IntN(2)
	}
	d := time.Date(2021, time.Month(1+g.r.IntN(7)), 1+g.r.IntN(28), 0, 0, 0, 0, time.UTC)
	if maker == "Novavax" {
		d = time.Date(2022, time.Month(8+g.r.IntN(4)), 1+g.r.IntN(28), 0, 0, 0, 0, time.UTC)
	}
	var ds []string
	for i := 0; i < n && !d.After(g.asOf); i++ {
		ds = append(ds, d.Format(time.DateOnly))
		if d.After(g.latest) {
			g.latest = d
		}
		if i == 0 && maker != "Janssen" {
			d = d.AddDate(0, 0, map[string]int{"Pfizer-BioNTech": 21, "Moderna": 28, "Novavax": 21}[maker]+g.r.IntN(5))
		} else {
			d = d.AddDate(0, 6+g.r.IntN(8), g.r.IntN(20))
		}
	}
	g.f["dose_dates"] = ds
	if g.is("cdc_card") {
		g.setIssuer("CDC COVID-19 Vaccination Program")
	} else {
		g.setIssuer(registryOf(g.p.State))
		g.made = g.daysAgo(1, 300)
	}
}

func renderCDCCard(c *canvas) {
	c.newPage(false)
	c.dates(dMDYs, dMDY, dMDYs)
	x, y, w, h := 30.0, 28.0, 150.0, 100.0
	c.stroke(gray)
	c.box(x, y, w, h)
	c.logo("shield", x+5, y+5, 12, navy)
	c.say(sans("B", 13), x+22, y+11, "COVID-19 Vaccination Record Card")
	c.para(sans("", 7), x+22, y+15.5, w-30, 3.2, "Please keep this record card, which includes medical information about the vaccines you have received. Por favor, guarde esta tarjeta de registro.")
	// What the vaccinator wrote by hand.
	hand := func(xx, yy float64, s string) { c.say(serif("I", 11).in(inkBlue), xx, yy, s) }
	c.font("Helvetica", "", 6.5)
	mi := ""
	if m := c.d.Person.MiddleName; m != "" && strings.Contains(c.name(), " "+string([]rune(m)[:1])) {
		mi = string([]rune(m)[:1])
	}
	c.stroke(gray)
	for _, f := range []struct {
		x, w  float64
		label string
		val   string
	}{{x + 5, 55, "Last Name", c.f("last_name")}, {x + 62, 45, "First Name", c.f("first_name")}, {x + 109, 10, "MI", mi}} {
		c.rule(f.x, y+31, f.w)
		c.say(sans("", 6.5), f.x, y+34, f.label)
		hand(f.x+1, y+29.5, f.val)
	}
	c.rule(x+5, y+41, 40)
	c.say(sans("", 6.5), x+5, y+44, "Date of birth")
	hand(x+6, y+39.5, c.dob())
	c.rule(x+62, y+41, 45)
	c.say(sans("", 6.5), x+62, y+44, "Patient number (medical record or IIS record number)")
	rows := [][]string{}
	ds := c.doses()
	labels := []string{"1st Dose COVID-19", "2nd Dose COVID-19", "Other", "Other"}
	for i := 0; i < 4; i++ {
		rows = append(rows, []string{labels[i], "", "", ""})
	}
	c.font("Helvetica", "", 6.5)
	ty := y + 48
	c.table(x+5, ty, []float64{26, 52, 18, 44}, 9, []string{"Vaccine", "Product Name/Manufacturer Lot Number", "Date", "Healthcare Professional or Clinic Site"}, rows, xlgray)
	for i := 0; i < 4 && i < len(ds); i++ {
		ry := ty + 9*float64(i+1) + 6.5
		hand(x+32, ry, c.f("manufacturer")+" "+alnum(c.r, 2)+digits(c.r, 4))
		hand(x+84, ry, ds[i])
		hand(x+102, ry, pick(c.r, pharmacies))
	}
	c.say(fine(7), x, y+h+6, "CS 321629-A   (front, photocopy)")
}

func renderCovidRegistry(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dMDY, dISO)
	st := c.d.Person.State
	c.browserChrome("Digital COVID-19 Vaccine Record", "")
	c.band(0, 12, c.w, 20, darkBlue)
	c.say(sans("B", 14).in(white), 14, 25, stateNames[st]+" Digital COVID-19 Vaccine Record")
	c.font("Helvetica", "", 10)
	c.lvCols(14, 46, 32, 7, [2]string{"Name:", c.name()}, [2]string{"Date of Birth:", c.dob()})
	c.qr(c.w-58, 38, 40)
	c.sayC(sans("", 6.5), c.w-38, 82, "SMART Health Card")
	c.font("Helvetica", "", 9)
	var rows [][]string
	for i, d := range c.doses() {
		rows = append(rows, []string{fmt.Sprintf("Dose %d", i+1), d, c.f("manufacturer"), alnum(c.r, 2) + digits(c.r, 4)})
	}
	c.table(14, 92, []float64{30, 40, 60, 40}, 8, []string{"Dose", "Date", "Vaccine / Manufacturer", "Lot"}, rows, rgb{225, 232, 245})
	c.para(fine(7.5), 14, 150, c.w-28, 3.6, "Data provided by "+registryOf(st)+". This digital record is based on information reported by vaccine providers.")
}
