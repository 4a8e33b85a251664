package sampledocs

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/idnumber"
)

// Facts forged with other tools than the project's own generators, the
// way a forger without the issuer's template makes them: a passport's
// data page laid out in HTML and rendered by WeasyPrint, or drawn by
// Pillow (forgeries_facts_pil.py), its machine-readable zone set in a
// monospace font (DejaVu Sans Mono, Liberation Mono; no OCR-B), then
// photographed or scanned with Pillow; training certificates and
// licenses laid out in HTML with dates and numbers in the forms other
// generators print ("March 14, 2026", "03/2025", "24-512-1234567").
// Each forgery has a clean twin made by the same tools, so that what
// catches the forgery is what was forged, not the tool.

//go:embed forgeries_facts_pil.py
var pilCardScript string

// zoneFacts are the facts a passport or ID card prints, in its visual
// zone and in its machine-readable zone.
type zoneFacts struct {
	surname, given, number, code, nationality, sex string
	dob, issue, exp                                time.Time
}

func (f *forger) zoneFacts(foreign bool) zoneFacts {
	p := NewPerson(f.r)
	z := zoneFacts{surname: strings.ToUpper(asciiFold(p.LastName)), given: strings.ToUpper(asciiFold(strings.TrimSpace(p.FirstName + " " + p.MiddleName))),
		code: "USA", nationality: "UNITED STATES OF AMERICA", sex: p.sex(), dob: p.DOB}
	z.number = digits(f.r, 9)
	if foreign {
		co := pick(f.r, foreignCountries)
		z.code, z.nationality = co.code, co.nationality
		z.number = string(rune('A'+f.r.IntN(26))) + digits(f.r, 7)
	}
	z.issue = f.asOf.AddDate(0, 0, -(60 + f.r.IntN(6*365)))
	z.exp = z.issue.AddDate(10, 0, -1)
	return z
}

// td3 is the zone of a passport: the name line and the data line.
func (z zoneFacts) td3() (string, string) {
	l1 := padMRZ("P<"+z.code+mrzName(z.surname)+"<<"+mrzName(z.given), 44)
	return l1, td3Line2(padMRZ(z.number, 9), z.code, z.sex, z.dob, z.exp)
}

// td1 is the zone of an ID card: number, dates, name.
func (z zoneFacts) td1() (string, string, string) {
	num := padMRZ(z.number, 9)
	l1 := padMRZ("I<"+z.code+num+idnumber.MRZCheckDigit(num), 30)
	d1, d2 := z.dob.Format("060102"), z.exp.Format("060102")
	d1 += idnumber.MRZCheckDigit(d1)
	d2 += idnumber.MRZCheckDigit(d2)
	opt2 := strings.Repeat("<", 11)
	composite := idnumber.MRZCheckDigit(l1[5:30] + d1 + d2 + opt2)
	l2 := d1 + z.sex + d2 + z.code + opt2 + composite
	return l1, l2, padMRZ(mrzName(z.surname)+"<<"+mrzName(z.given), 30)
}

// staleDigits is a zone line as a forger leaves it: the values of line
// changed, the check digits (at the given places) those of was.
func staleDigits(line, was string, at ...int) string {
	b := []byte(line)
	for _, i := range at {
		b[i] = was[i]
	}
	return string(b)
}

// printed is a date as passports print it: 14 MAR 2031.
func printed(t time.Time) string { return strings.ToUpper(t.Format("02 Jan 2006")) }

// passportHTML is a passport's data page laid out in HTML: captions in
// two languages over the values, the zone at the foot in a monospace
// font; page is the CSS page size and margin.
func passportHTML(z zoneFacts, visualExp time.Time, visualNum string, zone []string, font string, size, spacing float64, page string) string {
	var fields strings.Builder
	for _, c := range [][2]string{
		{"Passport No. / No. du passeport", visualNum}, {"Surname / Nom", z.surname}, {"Given names / Prénoms", z.given},
		{"Nationality / Nationalité", z.nationality}, {"Date of birth / Date de naissance", printed(z.dob)},
		{"Date of issue / Date de délivrance", printed(z.issue)}, {"Date of expiry / Date d'expiration", printed(visualExp)},
	} {
		fmt.Fprintf(&fields, `<div class="f"><div class="c">%s</div><div class="v">%s</div></div>`, html.EscapeString(c[0]), html.EscapeString(c[1]))
	}
	var lines []string
	for _, l := range zone {
		lines = append(lines, html.EscapeString(l))
	}
	return fmt.Sprintf(`<!DOCTYPE html><html><head><meta charset="utf-8"><style>
@page { size: %s }
body { font-family: "DejaVu Sans", sans-serif; margin: 0 }
.card { width: 122mm; height: 84mm; box-sizing: border-box; border: 1px solid #777; background: #eef2f8; position: relative; padding: 8px }
.t { font-weight: bold; color: #1a2a6c; font-size: 13pt }
.photo { position: absolute; left: 12px; top: 40px; width: 1.1in; height: 1.4in; background: #b8b2ac }
.fs { position: absolute; left: 1.4in; top: 34px }
.f { margin-bottom: 3px } .c { font-size: 6.5pt; color: #345 } .v { font-size: 10pt; font-weight: bold }
.mrz { position: absolute; left: 10px; bottom: 10px; font-family: "%s"; font-size: %.1fpt; letter-spacing: %.1fpt; white-space: pre }
</style></head><body><div class="card"><div class="t">PASSPORT</div><div class="photo"></div><div class="fs">%s</div>
<div class="mrz">%s</div></div></body></html>`, page, font, size, spacing, fields.String(), strings.Join(lines, "<br>"))
}

// certificateHTML is a training card or certificate laid out in HTML:
// a title, the holder, and label-value rows.
func certificateHTML(title, issuer, holder string, rows [][2]string, footer string) string {
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "<tr><th>%s</th><td>%s</td></tr>", html.EscapeString(r[0]), html.EscapeString(r[1]))
	}
	return fmt.Sprintf(`<!DOCTYPE html><html><head><meta charset="utf-8"><style>
@page { size: Letter; margin: 0.8in }
body { font-family: "Liberation Sans", sans-serif; color: #222 }
h1 { font-size: 20pt; color: #a01818; margin-bottom: 2px } h2 { font-size: 12pt; font-weight: normal; margin-top: 0 }
.holder { font-size: 16pt; font-weight: bold; margin: 18px 0 }
table { border-collapse: collapse; font-size: 11pt } th { text-align: left; padding: 4px 18px 4px 0; font-weight: normal; color: #555 } td { font-weight: bold }
.foot { margin-top: 30px; font-size: 8pt; color: #666 }
</style></head><body><h1>%s</h1><h2>%s</h2><p>This certifies that</p><div class="holder">%s</div><table>%s</table><p class="foot">%s</p></body></html>`,
		html.EscapeString(title), html.EscapeString(issuer), html.EscapeString(holder), b.String(), html.EscapeString(footer))
}

// cardField is a caption and value drawn by forgeries_facts_pil.py, at
// millimetres from the card's corner.
type cardField struct {
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Caption string  `json:"caption"`
	Value   string  `json:"value"`
}

// cardSpec is what forgeries_facts_pil.py draws and how it ages it.
type cardSpec struct {
	Seed     uint64      `json:"seed"`
	WidthMM  float64     `json:"width_mm"`
	HeightMM float64     `json:"height_mm"`
	Title    string      `json:"title"`
	Right    string      `json:"title_right,omitempty"`
	PhotoMM  [4]float64  `json:"photo_mm"`
	Fields   []cardField `json:"fields"`
	Mono     string      `json:"mono"`
	MRZ      []string    `json:"mrz"`
	MRZPt    float64     `json:"mrz_pt"`
	MRZY     float64     `json:"mrz_y_mm"`
	OnPage   bool        `json:"on_page,omitempty"`
	PageX    float64     `json:"page_x_in,omitempty"`
	PageY    float64     `json:"page_y_in,omitempty"`
	Note     string      `json:"page_note,omitempty"`
	Rotate   float64     `json:"rotate,omitempty"`
	Blur     float64     `json:"blur,omitempty"`
	Noise    int         `json:"noise,omitempty"`
	Tint     bool        `json:"tint,omitempty"`
	Scale    float64     `json:"scale,omitempty"`
	Gray     bool        `json:"gray,omitempty"`
	Quality  int         `json:"quality"`
	Out      string      `json:"out"`
}

// pilCard draws a card with Pillow; it returns the file and its MIME type.
func pilCard(s cardSpec, made time.Time) ([]byte, string, error) {
	settings, err := json.Marshal(s)
	if err != nil {
		return nil, "", err
	}
	out := "jpeg"
	if s.Out == "pdf" {
		out = "pdf"
	}
	return runPython("Pillow card", pilCardScript, settings, map[string][]byte{}, out, made)
}

// passportCard is a passport's data page drawn by Pillow.
func passportCard(z zoneFacts, zone []string, mono string, seed uint64) cardSpec {
	return cardSpec{
		Seed: seed, WidthMM: 125, HeightMM: 88, Title: "PASSPORT", PhotoMM: [4]float64{5, 10, 30, 40}, Mono: mono,
		Fields: []cardField{
			{40, 10, "Type / Type", "P"}, {60, 10, "Code / Code", z.code}, {85, 10, "Passport No. / No. du Passeport", z.number},
			{40, 18, "Surname / Nom", z.surname}, {40, 26, "Given Names / Prénoms", z.given},
			{40, 34, "Nationality / Nationalité", z.nationality}, {40, 42, "Date of birth / Date de naissance", printed(z.dob)},
			{85, 42, "Sex / Sexe", z.sex}, {40, 50, "Date of issue / Date de délivrance", printed(z.issue)},
			{40, 58, "Date of expiration / Date d'expiration", printed(z.exp)},
		},
		MRZ: zone, MRZPt: 3.6, MRZY: 70, Quality: 88, Out: "jpg",
	}
}

// idCard is a U.S. state ID card with a TD1 zone drawn by Pillow.
func idCard(z zoneFacts, zone []string, mono string, seed uint64) cardSpec {
	return cardSpec{
		Seed: seed, WidthMM: 86, HeightMM: 54, Title: "IDENTIFICATION CARD", PhotoMM: [4]float64{4, 9, 22, 28}, Mono: mono,
		Fields: []cardField{
			{30, 8, "ID No.", z.number}, {30, 15, "Surname", z.surname}, {30, 22, "Given Names", z.given},
			{30, 29, "Date of Birth", z.dob.Format("01/02/2006")}, {58, 29, "Sex", z.sex},
			{30, 36, "Expires", z.exp.Format("01/02/2006")}, {58, 36, "Issued", z.issue.Format("01/02/2006")},
		},
		MRZ: zone, MRZPt: 2.9, MRZY: 42.5, Quality: 90, Out: "jpg",
	}
}

// factsByOtherTools adds the tuning part's forgeries of impossible facts,
// ids and machine-readable zones made by other tools than the project's
// own generators, each beside a clean twin made the same way. Its cases
// come last so that the steps before it draw the same numbers as before.
func (f *forger) factsByOtherTools() error {
	if err := f.zonesByOtherTools(); err != nil {
		return err
	}
	if err := f.certificatesByOtherTools(); err != nil {
		return err
	}
	if err := f.validityByOtherTools(); err != nil {
		return err
	}
	if err := f.idCardPhotographed(); err != nil {
		return err
	}
	return f.holdersAndCodesByOtherTools()
}

// zoneMade is one passport or ID card case: how its page is made and
// saved, and what the forger changed.
type zoneMade struct {
	name string
	// change: "" (clean), "zone_expiry" (the expiry moved on in both
	// zones, its digits left), "zone_number" (the number changed in both,
	// its digits left), "visual_expiry" (the printed expiry moved on, the
	// zone left).
	change string
	// how: "weasy_photo", "weasy_scan_pdf", "weasy_text", "pil_card",
	// "pil_id_card_pdf".
	how  string
	font string
}

func (f *forger) zonesByOtherTools() error {
	for i, m := range []zoneMade{
		{"weasy_photo_dejavu", "zone_expiry", "weasy_photo", "DejaVu Sans Mono"},
		{"weasy_photo_dejavu", "", "weasy_photo", "DejaVu Sans Mono"},
		{"weasy_scan_liberation_pdf", "zone_number", "weasy_scan_pdf", "Liberation Mono"},
		{"weasy_scan_liberation_pdf", "", "weasy_scan_pdf", "Liberation Mono"},
		{"weasy_photo_nimbus", "visual_expiry", "weasy_photo", "Nimbus Mono PS"},
		{"weasy_text_layer", "zone_expiry", "weasy_text", "DejaVu Sans Mono"},
		{"pil_card_liberation", "zone_expiry", "pil_card", "liberation"},
		{"pil_card_liberation", "", "pil_card", "liberation"},
		{"pil_id_card_td1_pdf", "zone_expiry", "pil_id_card_pdf", "liberation"},
		{"pil_id_card_td1_pdf", "", "pil_id_card_pdf", "liberation"},
	} {
		z := f.zoneFacts(i%3 == 1)
		seed := f.r.Uint64()
		forged := z
		switch m.change {
		case "zone_expiry", "visual_expiry":
			forged.exp = z.exp.AddDate(2+f.r.IntN(3), 0, 0)
		case "zone_number":
			n := []byte(z.number)
			for k := len(n) - 3; k < len(n); k++ {
				n[k] = '0' + byte((int(n[k]-'0')+1+f.r.IntN(8))%10)
			}
			forged.number = string(n)
		}
		var out []byte
		var mime string
		var err error
		made := f.asOf.AddDate(0, 0, -1-f.r.IntN(60))
		if m.how == "pil_id_card_pdf" {
			l1, l2, l3 := forged.td1()
			if m.change != "" {
				_, was, _ := z.td1()
				l2 = staleDigits(l2, was, 14, 29)
			}
			s := idCard(forged, []string{l1, l2, l3}, m.font, seed)
			s.OnPage, s.PageX, s.PageY, s.Note = true, 1.2, 1.4, "Copy of state identification card (front)"
			s.Rotate, s.Noise, s.Blur, s.Tint, s.Scale, s.Gray, s.Out = -0.6, 9, 0.5, true, 0.67, true, "pdf"
			out, mime, err = pilCard(s, made)
		} else {
			l1, l2 := forged.td3()
			visual := forged
			switch m.change {
			case "zone_expiry":
				_, was := z.td3()
				l2 = staleDigits(l2, was, 27, 43)
			case "zone_number":
				_, was := z.td3()
				l2 = staleDigits(l2, was, 9, 43)
			case "visual_expiry":
				l1, l2 = z.td3()
			}
			zone := []string{l1, l2}
			switch m.how {
			case "pil_card":
				s := passportCard(visual, zone, m.font, seed)
				s.Rotate, s.Noise, s.Blur, s.Tint, s.Scale, s.Quality = -1.2, 8, 0.7, true, 0.6, 85
				out, mime, err = pilCard(s, made)
			default:
				// Each font at the size and spacing that fits its zone
				// across the card.
				set := map[string][2]float64{"DejaVu Sans Mono": {11, 0.5}, "Liberation Mono": {10, 1}, "Nimbus Mono PS": {11, 1.5}}[m.font]
				page := "130mm 92mm; margin: 2mm"
				if m.how == "weasy_scan_pdf" || m.how == "weasy_text" {
					page = "Letter; margin: 0.8in"
				}
				var pdf []byte
				pdf, err = weasyprint(passportHTML(visual, visual.exp, visual.number, zone, m.font, set[0], set[1], page))
				if err != nil {
					return err
				}
				switch m.how {
				case "weasy_text":
					out, mime = pdf, "application/pdf"
				case "weasy_scan_pdf":
					out, mime, err = pilScan(pdf, pilHow{name: m.name, renderDPI: 300, dpi: 200, gray: true, quality: 85, rotate: 0.7, blur: 0.5, noise: 7, resample: "LANCZOS", out: "pdf"}, seed, made)
				default:
					out, mime, err = pilScan(pdf, pilHow{name: m.name, renderDPI: 300, dpi: 300, quality: 90, subsampling: 2, noise: 4, tint: true, photo: true, out: "jpeg"}, seed, made)
				}
			}
		}
		if err != nil {
			return fmt.Errorf("sampledocs: %s: %w", m.name, err)
		}
		typ := "passport"
		if m.how == "pil_id_card_pdf" {
			typ = "drivers_license"
		}
		c := FraudCase{DocumentType: typ, Upload: out, MIME: mime}
		if m.change == "" {
			c.Control = Scanned
			if m.how == "weasy_photo" || m.how == "pil_card" {
				c.Control = PhonePhoto
			}
			c.Name = strings.Join([]string{c.Control, typ, m.name}, "/")
		} else {
			c.Manipulation = MRZCheckDigits
			c.Name = strings.Join([]string{MRZCheckDigits, typ, m.name, m.change}, "/")
		}
		f.add(c)
	}
	return nil
}

// certificatesByOtherTools adds training cards and licenses laid out in
// HTML by WeasyPrint: completed after they expire, or carrying a number
// in a form the issuer never uses, with dates in the forms other
// generators print, as text-layer PDFs and as Pillow scans; and their
// clean twins.
func (f *forger) certificatesByOtherTools() error {
	type cert struct {
		name, typ, manip string
		scanned          bool
	}
	for _, c := range []cert{
		{"bls_month_names", "bls", IssuedAfterExpiration, false},
		{"bls_month_names", "bls", "", false},
		{"acls_scan_month_year", "acls", IssuedAfterExpiration, true},
		{"acls_scan_month_year", "acls", "", true},
		{"hipaa_scan_iso", "hipaa_training", IssuedAfterExpiration, true},
		{"bls_ecard_dashes", "bls", IDFormat, false},
		{"bls_ecard_dashes", "bls", "", false},
		{"florida_license_scan", "nursing_license", IDFormat, true},
	} {
		p := NewPerson(f.r)
		holder := p.FirstName + " " + p.LastName
		issue := f.asOf.AddDate(0, 0, -(30 + f.r.IntN(500)))
		exp := issue.AddDate(2, 0, 0)
		if c.manip == IssuedAfterExpiration {
			// An expired card's completion moved to a recent day, its
			// expiry left.
			exp = issue.AddDate(0, -(2 + f.r.IntN(8)), 0)
		}
		var page string
		switch c.typ {
		case "bls", "acls":
			course := map[string]string{"bls": "BLS Provider", "acls": "ACLS Provider"}[c.typ]
			code := fmt.Sprintf("%02d%s%s", issue.Year()%100, pick(f.r, []string{"512", "301", "246"}), digits(f.r, 7))
			shown := code[:2] + "-" + code[2:5] + "-" + code[5:]
			if c.manip == IDFormat {
				// A code a digit short, as a forger typing one makes it.
				shown = shown[:len(shown)-1]
			}
			rows := [][2]string{{"Course", course}, {"Issue Date", issue.Format("January 2, 2006")}, {"Recommended Renewal Date", exp.Format("January 2006")}, {"eCard Code", shown}}
			if c.scanned {
				rows = [][2]string{{"Course", course}, {"Completed", issue.Format("Jan 02, 2006")}, {"Expires", exp.Format("01/2006")}, {"eCard Code", shown}}
			}
			page = certificateHTML(course, "American Heart Association", holder, rows, "This eCard is issued by the American Heart Association. Verify at heart.org/cpr/mycards")
		case "hipaa_training":
			rows := [][2]string{{"Course", "HIPAA Privacy and Security for Healthcare Workers"}, {"Date Completed", issue.Format(time.DateOnly)}, {"Valid Through", exp.Format(time.DateOnly)}, {"Certificate No.", "HP-" + digits(f.r, 6)}}
			page = certificateHTML("Certificate of Completion", "HIPAA Compliance Training", holder, rows, "Annual renewal is required.")
		case "nursing_license":
			num := "RN" + digits(f.r, 7)
			if c.manip == IDFormat {
				num = "RN " + digits(f.r, 4)
			}
			rows := [][2]string{{"License Type", "Registered Nurse"}, {"License Number", num}, {"Status", "Clear/Active"}, {"Original Issue Date", issue.AddDate(-4, 0, 0).Format("01/02/2006")}, {"Expiration Date", issue.AddDate(2, 0, 0).Format("01/02/2006")}}
			page = certificateHTML("State of Florida", "Board of Nursing - License Verification", holder, rows, "Florida Department of Health, Division of Medical Quality Assurance.")
		}
		pdf, err := weasyprint(page)
		if err != nil {
			return err
		}
		out, mime := pdf, "application/pdf"
		control := Original
		if c.scanned {
			control = Scanned
			out, mime, err = pilScan(pdf, pilHow{name: c.name, renderDPI: 200, dpi: 200, quality: 85, subsampling: 2, rotate: 0.5, blur: 0.5, noise: 6, tint: true, out: "jpeg"}, f.r.Uint64(), f.asOf.AddDate(0, 0, -2))
			if err != nil {
				return fmt.Errorf("sampledocs: %s: %w", c.name, err)
			}
		}
		f.add(weasyCase(c.typ, c.manip, c.name, control, out, mime))
	}
	return nil
}

// columnsCardHTML is a wallet card laid out in HTML the way eCards and
// training sites print theirs: the holder, then its dates and number in
// columns, each caption over its value; the issuer named in a logo line
// at the top and in the footer.
func columnsCardHTML(logo, title, holder string, cols [][2]string, footer string) string {
	var b strings.Builder
	for _, c := range cols {
		fmt.Fprintf(&b, `<div class="col"><div class="cap">%s</div><div class="val">%s</div></div>`, html.EscapeString(c[0]), html.EscapeString(c[1]))
	}
	return fmt.Sprintf(`<!DOCTYPE html><html><head><meta charset="utf-8"><style>
@page { size: Letter; margin: 0.9in }
body { font-family: "DejaVu Sans", sans-serif; color: #1d1d1d }
.card { border: 2px solid #8a1c1c; border-radius: 10px; padding: 16px 20px; width: 5.6in }
.logo { font-size: 9pt; font-weight: bold; letter-spacing: 2px; color: #8a1c1c }
h1 { font-size: 17pt; margin: 6px 0 10px 0 } .holder { font-size: 14pt; font-weight: bold; margin-bottom: 14px }
.col { display: inline-block; vertical-align: top; margin-right: 34px } .cap { font-size: 8.5pt; color: #555 } .val { font-size: 12pt; font-weight: bold }
.foot { margin-top: 16px; font-size: 7.5pt; color: #666 }
</style></head><body><div class="card"><div class="logo">%s</div><h1>%s</h1><div class="holder">%s</div>%s<div class="foot">%s</div></div></body></html>`,
		html.EscapeString(logo), html.EscapeString(title), html.EscapeString(holder), b.String(), html.EscapeString(footer))
}

// validityByOtherTools adds cards valid longer than their issuer grants
// (and one completed after it expires) laid out by WeasyPrint and
// scanned or photographed by Pillow, their dates in the forms other
// generators print (month names, a month and year, ISO, day first, two
// captions over their values), the issuer named only in a logo line or a
// footer; a passport whose expiry the forger moved on in its visual zone
// and its zone alike, the expiry's check digit recomputed and the
// composite's left; and clean twins made the same way.
func (f *forger) validityByOtherTools() error {
	type card struct {
		name, typ, manip string
		// extra is how many years the forger added to the expiry.
		extra int
		how   pilHow
	}
	scan := pilHow{renderDPI: 200, dpi: 200, quality: 85, subsampling: 2, rotate: 0.5, blur: 0.5, noise: 6, tint: true, out: "jpeg"}
	gray := pilHow{renderDPI: 300, dpi: 150, gray: true, quality: 80, rotate: -0.4, blur: 0.4, noise: 5, resample: "BICUBIC", out: "jpeg"}
	imagePDF := pilHow{renderDPI: 300, dpi: 200, quality: 88, rotate: 0.3, blur: 0.3, noise: 4, tint: true, resample: "BILINEAR", out: "pdf"}
	photo := pilHow{renderDPI: 300, dpi: 300, quality: 90, subsampling: 2, noise: 4, tint: true, photo: true, out: "jpeg"}
	for _, c := range []card{
		{"acls_red_cross_gray_month_names", "acls", ValidityTooLong, 1, gray},
		{"acls_red_cross_gray_month_names", "acls", "", 0, gray},
		{"tncc_month_year_image_pdf", "tncc", ValidityTooLong, 1, imagePDF},
		{"tncc_month_year_image_pdf", "tncc", "", 0, imagePDF},
		{"nrp_iso_footer_issuer", "nrp", ValidityTooLong, 2, scan},
		{"bls_columns_day_first_photo", "bls", ValidityTooLong, 1, photo},
		{"bls_columns_day_first_photo", "bls", "", 0, photo},
		{"hipaa_columns_scan", "hipaa_training", IssuedAfterExpiration, 0, scan},
	} {
		p := NewPerson(f.r)
		holder := p.FirstName + " " + p.LastName
		issue := f.asOf.AddDate(0, 0, -(40 + f.r.IntN(400)))
		years := map[string]int{"acls": 2, "tncc": 4, "nrp": 2, "bls": 2, "hipaa_training": 1}[c.typ]
		exp := issue.AddDate(years+c.extra, 0, 0)
		if c.manip == IssuedAfterExpiration {
			exp = issue.AddDate(0, -(3 + f.r.IntN(6)), 0)
		}
		var page string
		switch c.typ {
		case "acls":
			rows := [][2]string{{"Course", "Advanced Cardiovascular Life Support"}, {"Issued", issue.Format("2 January 2006")}, {"Expires", exp.Format("January 2006")}, {"Certificate ID", strings.ToUpper(digits(f.r, 3) + "QX" + digits(f.r, 2))}}
			page = certificateHTML("ACLS Provider", "Provider Course Completion", holder, rows, "American Red Cross Training Services. Verify at redcross.org/confirm")
		case "tncc":
			rows := [][2]string{{"Course", "Trauma Nursing Core Course, 9th Edition"}, {"Completion Date", issue.Format("Jan 2, 2006")}, {"Exp:", exp.Format("01/2006")}, {"Provider No.", "T" + digits(f.r, 6)}}
			page = certificateHTML("Trauma Nursing Core Course", "Emergency Nurses Association", holder, rows, "ENA Course Administration")
		case "nrp":
			rows := [][2]string{{"Program", "Neonatal Resuscitation Program - Provider"}, {"Date of Completion", issue.Format(time.DateOnly)}, {"Expiration Date", exp.AddDate(0, 0, -1).Format(time.DateOnly)}}
			page = certificateHTML("NRP Provider Card", "8th Edition", holder, rows, "Issued under the program of the American Academy of Pediatrics")
		case "bls":
			cols := [][2]string{{"Date of issue", issue.Format("02/01/2006")}, {"Valid until", exp.Format("02/01/2006")}, {"Card No.", digits(f.r, 8)}}
			page = columnsCardHTML("AMERICAN HEART ASSOCIATION", "BLS Provider", holder, cols, "This card certifies successful completion of the Basic Life Support course.")
		case "hipaa_training":
			cols := [][2]string{{"Date Completed", issue.Format("01/02/2006")}, {"Valid Through", exp.Format("01/02/2006")}, {"Certificate No.", "HC-" + digits(f.r, 5)}}
			page = columnsCardHTML("COMPLIANCE LEARNING CENTER", "HIPAA Privacy and Security Training", holder, cols, "Annual renewal is required of every workforce member.")
		}
		pdf, err := weasyprint(page)
		if err != nil {
			return err
		}
		h := c.how
		h.name = c.name
		out, mime, err := pilScan(pdf, h, f.r.Uint64(), f.asOf.AddDate(0, 0, -1-f.r.IntN(20)))
		if err != nil {
			return fmt.Errorf("sampledocs: %s: %w", c.name, err)
		}
		control := Scanned
		if h.photo {
			control = PhonePhoto
		}
		f.add(weasyCase(c.typ, c.manip, c.name, control, out, mime))
	}
	// A skin test's record typed anew by a forger moving its dates on: the
	// placement and reading moved to recent days, the holder's birth date
	// moved by the same years, after the placement.
	p := NewPerson(f.r)
	placed := f.asOf.AddDate(0, 0, -(20 + f.r.IntN(200)))
	born := placed.AddDate(3+f.r.IntN(5), -f.r.IntN(6), 0)
	rows := [][2]string{{"Date of Birth", born.Format("01/02/2006")}, {"Date Placed", placed.Format("01/02/2006")}, {"Date Read", placed.AddDate(0, 0, 2).Format("01/02/2006")},
		{"Induration", fmt.Sprintf("%d mm", f.r.IntN(4))}, {"Result", "Negative"}, {"Administered by", "Occupational Health Clinic"}}
	pdf, err := weasyprint(certificateHTML("Tuberculin Skin Test (PPD) Record", "Mantoux Method", p.FirstName+" "+p.LastName, rows, "Read 48 to 72 hours after placement."))
	if err != nil {
		return err
	}
	out, mime, err := pilScan(pdf, pilHow{name: "tb_born_after_placed", renderDPI: 300, dpi: 240, quality: 86, rotate: -0.3, blur: 0.4, noise: 5, tint: true, resample: "BICUBIC", out: "jpeg"}, f.r.Uint64(), f.asOf.AddDate(0, 0, -4))
	if err != nil {
		return fmt.Errorf("sampledocs: tb_born_after_placed: %w", err)
	}
	f.add(FraudCase{DocumentType: "tb_skin_test", Manipulation: IssuedAfterExpiration, Upload: out, MIME: mime,
		Name: strings.Join([]string{IssuedAfterExpiration, "tb_skin_test", "weasyprint_tb_born_after_placed"}, "/")})
	// A passport drawn by Pillow and photographed, its expiry moved on in
	// both zones with the expiry's check digit recomputed and the
	// composite's left: the zone passes every digit but the last, and the
	// page is valid longer than a passport is.
	z := f.zoneFacts(false)
	forged := z
	forged.exp = z.exp.AddDate(3+f.r.IntN(2), 0, 0)
	l1, l2 := forged.td3()
	_, was := z.td3()
	s := passportCard(forged, []string{l1, staleDigits(l2, was, 43)}, "dejavu", f.r.Uint64())
	s.Rotate, s.Noise, s.Blur, s.Tint, s.Scale, s.Quality = 0.8, 6, 0.6, true, 0.7, 82
	out, mime, err = pilCard(s, f.asOf.AddDate(0, 0, -3))
	if err != nil {
		return fmt.Errorf("sampledocs: passport zone recomputed: %w", err)
	}
	f.add(FraudCase{DocumentType: "passport", Manipulation: MRZCheckDigits, Upload: out, MIME: mime,
		Name: strings.Join([]string{MRZCheckDigits, "passport", "pil_card_dejavu", "zone_and_visual_expiry"}, "/")})
	return nil
}

// idCardPhotographed adds an ID card (TD1) drawn by Pillow in DejaVu Sans
// Mono and photographed alone, not copied on a page: its expiry moved on
// in both zones with its check digits left, and its clean twin.
func (f *forger) idCardPhotographed() error {
	z := f.zoneFacts(true)
	forged := z
	forged.exp = z.exp.AddDate(2+f.r.IntN(3), 0, 0)
	seed := f.r.Uint64()
	for _, change := range []bool{true, false} {
		shown := z
		l1, l2, l3 := z.td1()
		if change {
			shown = forged
			_, was, _ := z.td1()
			l1, l2, l3 = forged.td1()
			l2 = staleDigits(l2, was, 14, 29)
		}
		s := idCard(shown, []string{l1, l2, l3}, "dejavu", seed)
		s.Rotate, s.Noise, s.Blur, s.Tint, s.Scale, s.Quality = 1.3, 7, 0.7, true, 0.75, 84
		out, mime, err := pilCard(s, f.asOf.AddDate(0, 0, -2))
		if err != nil {
			return fmt.Errorf("sampledocs: ID card photographed: %w", err)
		}
		c := FraudCase{DocumentType: "drivers_license", Upload: out, MIME: mime}
		if change {
			c.Manipulation = MRZCheckDigits
			c.Name = strings.Join([]string{MRZCheckDigits, "drivers_license", "pil_id_card_td1_photo", "zone_expiry"}, "/")
		} else {
			c.Control = PhonePhoto
			c.Name = strings.Join([]string{PhonePhoto, "drivers_license", "pil_id_card_td1_photo"}, "/")
		}
		f.add(c)
	}
	return nil
}

// weasyCase is a WeasyPrint-made case: a forgery named by its manipulation,
// or (no manipulation) a clean control named by the way it was saved.
func weasyCase(typ, manip, name, control string, out []byte, mime string) FraudCase {
	fc := FraudCase{DocumentType: typ, Manipulation: manip, Upload: out, MIME: mime}
	if manip == "" {
		fc.Control = control
		fc.Name = strings.Join([]string{control, typ, "weasyprint_" + name}, "/")
	} else {
		fc.Name = strings.Join([]string{manip, typ, "weasyprint_" + name}, "/")
	}
	return fc
}

// holdersAndCodesByOtherTools adds a passport whose printed surname a
// forger replaced with another holder's (Pillow, the card on a page,
// scanned in grey), one whose printed birth date he moved (WeasyPrint,
// photographed), each with its zone left as issued; an AHA eCard's back
// laid out by WeasyPrint with the training center's rows (an id of
// letters and digits, an instructor's number) above its eCard code,
// scanned soft by Pillow, the code typed three digits short; and each
// one's clean twin made the same way.
func (f *forger) holdersAndCodesByOtherTools() error {
	// The surname replaced: the zone still carries the issued one.
	z := f.zoneFacts(false)
	other := strings.ToUpper(asciiFold(NewPerson(f.r).LastName))
	for other == z.surname {
		other = strings.ToUpper(asciiFold(NewPerson(f.r).LastName))
	}
	seed, made := f.r.Uint64(), f.asOf.AddDate(0, 0, -5)
	l1, l2 := z.td3()
	for _, change := range []string{"visual_surname", ""} {
		shown := z
		if change != "" {
			shown.surname = other
		}
		s := passportCard(shown, []string{l1, l2}, "liberation", seed)
		s.OnPage, s.PageX, s.PageY, s.Note = true, 1.0, 1.2, "Passport data page (copy)"
		s.Rotate, s.Noise, s.Blur, s.Scale, s.Gray, s.Quality, s.Out = 0.5, 6, 0.4, 0.8, true, 86, "pdf"
		out, mime, err := pilCard(s, made)
		if err != nil {
			return fmt.Errorf("sampledocs: passport surname replaced: %w", err)
		}
		f.add(zoneCase("passport", "pil_card_on_page_gray_pdf", change, Scanned, out, mime))
	}
	// The birth date moved: the zone still carries the issued one.
	z = f.zoneFacts(true)
	moved := z.dob.AddDate(-(4 + f.r.IntN(9)), f.r.IntN(5), 0)
	seed = f.r.Uint64()
	l1, l2 = z.td3()
	for _, change := range []string{"visual_birth_date", ""} {
		shown := z
		if change != "" {
			shown.dob = moved
		}
		pdf, err := weasyprint(passportHTML(shown, shown.exp, shown.number, []string{l1, l2}, "Liberation Mono", 10, 1, "130mm 92mm; margin: 2mm"))
		if err != nil {
			return err
		}
		out, mime, err := pilScan(pdf, pilHow{name: "passport_birth_date", renderDPI: 300, dpi: 300, quality: 87, subsampling: 2, noise: 5, tint: true, photo: true, resample: "BICUBIC", out: "jpeg"}, seed, f.asOf.AddDate(0, 0, -3))
		if err != nil {
			return fmt.Errorf("sampledocs: passport birth date moved: %w", err)
		}
		f.add(zoneCase("passport", "weasy_photo_liberation", change, PhonePhoto, out, mime))
	}
	// An eCard's back: the code typed three digits short.
	p := NewPerson(f.r)
	issue := f.asOf.AddDate(0, 0, -(30 + f.r.IntN(300)))
	code := fmt.Sprintf("%02d%s%s", issue.Year()%100, pick(f.r, []string{"217", "512", "301"}), digits(f.r, 7))
	center := []string{"TC ID #", strings.ToUpper(p.State) + digits(f.r, 5)}
	instructor := []string{"Instructor ID #", digits(f.r, 12)}
	seed = f.r.Uint64()
	for _, short := range []bool{true, false} {
		shown := code
		if short {
			shown = code[:9]
		}
		rows := [][2]string{{"Course", "ACLS Provider"}, {"Issue Date", issue.Format("01/02/2006")}, {"Renewal Date", issue.AddDate(2, 0, 0).Format("01/2006")},
			{"Training Center Name", p.City + " Resuscitation Training"}, {center[0], center[1]}, {instructor[0], instructor[1]}, {"eCard Code", shown}}
		pdf, err := weasyprint(certificateHTML("ACLS Provider eCard", "American Heart Association", p.FirstName+" "+p.LastName, rows, "Employers may verify this eCard at heart.org/cpr/mycards using the eCard code."))
		if err != nil {
			return err
		}
		out, mime, err := pilScan(pdf, pilHow{name: "ecard_back_rows", renderDPI: 300, dpi: 150, gray: true, quality: 72, rotate: -0.6, blur: 0.6, noise: 8, resample: "LANCZOS", out: "pdf"}, seed, f.asOf.AddDate(0, 0, -2))
		if err != nil {
			return fmt.Errorf("sampledocs: eCard back: %w", err)
		}
		manip := ""
		if short {
			manip = IDFormat
		}
		f.add(weasyCase("acls", manip, "ecard_back_center_rows_150dpi_gray_pdf", Scanned, out, mime))
	}
	return nil
}

// zoneCase names a passport or ID card case: a forgery by what was
// changed, a clean twin by how it was saved.
func zoneCase(typ, name, change, control string, out []byte, mime string) FraudCase {
	c := FraudCase{DocumentType: typ, Upload: out, MIME: mime}
	if change == "" {
		c.Control = control
		c.Name = strings.Join([]string{control, typ, name}, "/")
	} else {
		c.Manipulation = MRZCheckDigits
		c.Name = strings.Join([]string{MRZCheckDigits, typ, name, change}, "/")
	}
	return c
}
