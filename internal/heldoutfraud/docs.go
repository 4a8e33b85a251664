package heldoutfraud

import (
	"fmt"
	"strings"
	"time"
)

// doc is one credential as issued: whose, when, which number, and the
// layout of the issuer that prints it.
type doc struct {
	Type   string // catalog document type
	Layout string
	P      person
	Issue  time.Time // issue, completion or collection date
	Expiry time.Time // zero where the document has none
	ID     string    // eCard code, license/certificate/passport number
	Status string    // license status, test result
	Extra  map[string]string
}

// image reports whether the document reaches the service as a picture
// (a phone photo of a card) rather than as the issuer's PDF.
func (d doc) image() bool { return d.Layout == "dl" || d.Layout == "passport" }

func (d doc) page() page {
	switch d.Layout {
	case "aha":
		return ahaPage(d)
	case "redcross":
		return redCrossPage(d)
	case "tncc":
		return tnccPage(d)
	case "license":
		return licensePage(d)
	case "qft":
		return qftPage(d)
	case "tst":
		return tstPage(d)
	case "drug":
		return drugPage(d)
	case "dl":
		return dlPage(d)
	case "passport":
		return passportPage(d)
	}
	panic("unknown layout " + d.Layout)
}

func (d doc) extra(k, def string) string {
	if v, ok := d.Extra[k]; ok {
		return v
	}
	return def
}

var ahaCourse = map[string]struct{ Title, Program, Code string }{
	"bls":  {"BLS Provider", "Basic Life Support (CPR and AED) Program", "512"},
	"acls": {"ACLS Provider", "Advanced Cardiovascular Life Support Program", "201"},
	"pals": {"PALS Provider", "Pediatric Advanced Life Support Program", "301"},
}

// ahaPage is an eCard as printed from the student's eCard page: the card's
// front and back one above the other on a letter sheet.
func ahaPage(d doc) page {
	c := ahaCourse[d.Type]
	font := d.extra("font", "Liberation Sans")
	extra := `<div style="position:absolute;left:20mm;top:18mm;width:128mm;height:80mm;border:0.4mm solid #999;border-radius:3mm"></div>` +
		`<div style="position:absolute;left:20mm;top:18mm;width:128mm;height:11mm;background:#c8102e;border-radius:3mm 3mm 0 0"></div>` +
		`<div style="position:absolute;left:20mm;top:106mm;width:128mm;height:80mm;border:0.4mm solid #999;border-radius:3mm"></div>` +
		`<div style="position:absolute;left:28mm;top:174mm;width:70mm;border-top:0.3mm solid #333"></div>`
	return page{W: 215.9, H: 279.4, Font: font, Extra: extra, Items: []item{
		{X: 24, Y: 21, Size: 13, Bold: true, Color: "#fff", Text: "American Heart Association"},
		{X: 110, Y: 22.5, Size: 8, Color: "#fff", Text: "CPR & First Aid"},
		{X: 28, Y: 34, Size: 20, Bold: true, Text: c.Title},
		{Key: "name", X: 28, Y: 48, Size: 14, Bold: true, Text: d.P.full()},
		{X: 28, Y: 57, Size: 8.5, Width: 112, Text: "has successfully completed the cognitive and skills evaluations in accordance with the curriculum of the American Heart Association " + c.Program + "."},
		{X: 28, Y: 76, Size: 8, Color: "#555", Text: "Issue Date"},
		{Key: "issue", X: 28, Y: 80.5, Size: 11, Text: us(d.Issue)},
		{X: 84, Y: 76, Size: 8, Color: "#555", Text: "Recommended Renewal Date"},
		{Key: "expiry", X: 84, Y: 80.5, Size: 11, Text: us(d.Expiry)},
		{X: 28, Y: 110, Size: 8, Color: "#555", Text: "Training Center Name"},
		{Key: "tc", X: 28, Y: 114.5, Size: 10, Text: d.extra("tc", "Gulf Coast Resuscitation Education")},
		{X: 108, Y: 110, Size: 8, Color: "#555", Text: "TC ID #"},
		{X: 108, Y: 114.5, Size: 10, Text: d.extra("tcid", "TX20417")},
		{X: 28, Y: 123, Size: 8, Color: "#555", Text: "Training Center Address"},
		{X: 28, Y: 127.5, Size: 10, Text: d.extra("tcaddr", "4410 Medical Pkwy, Austin, TX 78756")},
		{X: 28, Y: 136, Size: 8, Color: "#555", Text: "Instructor Name"},
		{X: 28, Y: 140.5, Size: 10, Text: d.extra("instructor", "Loretta Kimbrough")},
		{X: 84, Y: 136, Size: 8, Color: "#555", Text: "Instructor ID"},
		{X: 84, Y: 140.5, Size: 10, Text: d.extra("instrid", "05170384212")},
		{X: 28, Y: 149, Size: 8, Color: "#555", Text: "eCard Code"},
		{Key: "id", X: 28, Y: 153.5, Size: 11, Bold: true, Text: d.ID},
		{X: 28, Y: 176, Size: 7.5, Color: "#555", Text: "Holder's Signature"},
		{X: 20, Y: 196, Size: 8, Width: 150, Text: "To view or verify authenticity, students and employers should scan this QR code or go to heart.org/cpr/mycards. This card contains unique security features to protect against forgery."},
	}}
}

func redCrossPage(d doc) page {
	serif := d.extra("font", "Nimbus Roman")
	extra := `<div style="position:absolute;left:12mm;top:12mm;width:254mm;height:190mm;border:1.2mm double #b00"></div>` +
		`<div style="position:absolute;left:135.7mm;top:22mm;width:8mm;height:22mm;background:#d00"></div>` +
		`<div style="position:absolute;left:128.7mm;top:29mm;width:22mm;height:8mm;background:#d00"></div>`
	title := map[string]string{"bls": "Basic Life Support", "acls": "Advanced Life Support", "pals": "Pediatric Advanced Life Support"}[d.Type]
	return page{W: 279.4, H: 215.9, Font: "Nimbus Sans", Extra: extra, Items: []item{
		{X: 96, Y: 50, Size: 15, Font: serif, Text: "American Red Cross Training Services"},
		{X: 100, Y: 64, Size: 26, Font: serif, Bold: true, Text: title},
		{X: 118, Y: 80, Size: 11, Text: "This certifies that"},
		{Key: "name", X: 98, Y: 90, Size: 22, Font: serif, Text: d.P.First + " " + d.P.Last},
		{X: 60, Y: 106, Size: 10.5, Width: 160, Text: "has successfully completed the requirements for " + title + " conducted by an American Red Cross authorized provider, including the cognitive and skills evaluations."},
		{X: 40, Y: 140, Size: 9, Color: "#444", Text: "Date Completed"},
		{Key: "issue", X: 40, Y: 145, Size: 12, Text: us(d.Issue)},
		{X: 100, Y: 140, Size: 9, Color: "#444", Text: "Valid Until"},
		{Key: "expiry", X: 100, Y: 145, Size: 12, Text: us(d.Expiry)},
		{X: 160, Y: 140, Size: 9, Color: "#444", Text: "Certificate ID"},
		{Key: "id", X: 160, Y: 145, Size: 12, Text: d.ID},
		{X: 40, Y: 165, Size: 9, Color: "#444", Text: "Training Provider"},
		{X: 40, Y: 170, Size: 11, Text: d.extra("tc", "Sunbelt Safety Training LLC")},
		{X: 40, Y: 190, Size: 8, Text: "Valid For 2 Years. Scan the code or visit redcross.org/confirm to verify this certificate."},
	}}
}

func tnccPage(d doc) page {
	font := d.extra("font", "URW Gothic")
	extra := `<div style="position:absolute;left:25mm;top:25mm;width:166mm;height:105mm;border:0.6mm solid #0b4f8a;border-radius:2mm"></div>` +
		`<div style="position:absolute;left:25mm;top:25mm;width:166mm;height:16mm;background:#0b4f8a"></div>`
	return page{W: 215.9, H: 279.4, Font: font, Extra: extra, Items: []item{
		{X: 32, Y: 29, Size: 15, Bold: true, Color: "#fff", Text: "Emergency Nurses Association"},
		{X: 32, Y: 47, Size: 13, Bold: true, Text: "Trauma Nursing Core Course (TNCC) Provider Verification"},
		{X: 32, Y: 58, Size: 9, Color: "#444", Text: "Provider"},
		{Key: "name", X: 32, Y: 63, Size: 14, Text: d.P.full()},
		{X: 32, Y: 76, Size: 9, Color: "#444", Text: "Course Completion"},
		{Key: "issue", X: 32, Y: 81, Size: 11, Text: us(d.Issue)},
		{X: 90, Y: 76, Size: 9, Color: "#444", Text: "Expiration Date"},
		{Key: "expiry", X: 90, Y: 81, Size: 11, Text: us(d.Expiry)},
		{X: 32, Y: 94, Size: 9, Color: "#444", Text: "Verification Number"},
		{Key: "id", X: 32, Y: 99, Size: 11, Text: d.ID},
		{X: 90, Y: 94, Size: 9, Color: "#444", Text: "Course Director"},
		{X: 90, Y: 99, Size: 11, Text: d.extra("director", "Renata Oyelowo, MSN, RN, CEN")},
		{X: 32, Y: 114, Size: 8, Width: 150, Text: "TNCC 9th Edition. Provider status is valid for four years from the course completion date. Verify at ena.org/verify."},
	}}
}

var boards = map[string]string{
	"TX": "Texas Board of Nursing", "CA": "California Board of Registered Nursing", "FL": "Florida Board of Nursing",
	"NY": "New York State Education Department, Office of the Professions", "WA": "Washington State Nursing Care Quality Assurance Commission",
	"AZ": "Arizona State Board of Nursing",
}

// licensePage is a board's license lookup printed from the browser: a
// heading, the licensee's record, and the other licenses on file.
func licensePage(d doc) page {
	font := d.extra("font", "DejaVu Sans")
	st := d.extra("state", "TX")
	head := 16.0
	if len(boards[st]) > 36 {
		head = 12 // the long commission names still fit the sheet
	}
	extra := `<div style="position:absolute;left:18mm;top:30mm;width:180mm;border-top:0.5mm solid #2a4d69"></div>` +
		`<div style="position:absolute;left:18mm;top:132mm;width:180mm;border-top:0.3mm solid #999"></div>` +
		`<div style="position:absolute;left:18mm;top:148mm;width:180mm;border-top:0.2mm solid #bbb"></div>`
	return page{W: 215.9, H: 279.4, Font: font, Extra: extra, Items: []item{
		{X: 18, Y: 10, Size: 7, Color: "#666", Text: "License Verification | " + boards[st]},
		{X: 18, Y: 18, Size: head, Bold: true, Color: "#2a4d69", Text: boards[st]},
		{X: 18, Y: 24.5, Size: 10, Text: "Licensee Information — Primary Source Verification"},
		{X: 18, Y: 38, Size: 9, Color: "#555", Text: "Name"},
		{Key: "name", X: 70, Y: 38, Size: 10.5, Text: licenseName(d.P)},
		{X: 18, Y: 47, Size: 9, Color: "#555", Text: "License Type"},
		{Key: "ltype", X: 70, Y: 47, Size: 10.5, Text: d.extra("ltype", "Registered Nurse (RN)")},
		{X: 18, Y: 56, Size: 9, Color: "#555", Text: "License Number"},
		{Key: "id", X: 70, Y: 56, Size: 10.5, Text: d.ID},
		{X: 18, Y: 65, Size: 9, Color: "#555", Text: "State"},
		{X: 70, Y: 65, Size: 10.5, Text: st},
		{X: 18, Y: 74, Size: 9, Color: "#555", Text: "License Status"},
		{Key: "status", X: 70, Y: 74, Size: 10.5, Text: d.Status},
		{X: 18, Y: 83, Size: 9, Color: "#555", Text: "Original Issue Date"},
		{Key: "issue", X: 70, Y: 83, Size: 10.5, Text: us(d.Issue)},
		{X: 18, Y: 92, Size: 9, Color: "#555", Text: "Expiration Date"},
		{Key: "expiry", X: 70, Y: 92, Size: 10.5, Text: us(d.Expiry)},
		{X: 18, Y: 101, Size: 9, Color: "#555", Text: "Discipline / Public Action"},
		{Key: "discipline", X: 70, Y: 101, Size: 10.5, Text: d.extra("discipline", "None")},
		{X: 18, Y: 110, Size: 9, Color: "#555", Text: "Multistate Privilege"},
		{X: 70, Y: 110, Size: 10.5, Text: d.extra("compact", "Yes — Nurse Licensure Compact")},
		{X: 18, Y: 126, Size: 10, Bold: true, Text: "Other licenses held by this licensee"},
		{X: 18, Y: 135, Size: 8.5, Color: "#555", Text: "Type"},
		{X: 70, Y: 135, Size: 8.5, Color: "#555", Text: "Number"},
		{X: 110, Y: 135, Size: 8.5, Color: "#555", Text: "Jurisdiction"},
		{X: 150, Y: 135, Size: 8.5, Color: "#555", Text: "Status"},
		{X: 18, Y: 142, Size: 10, Text: "LPN"},
		{X: 70, Y: 142, Size: 10, Text: d.extra("otherid", "L0461187")},
		{X: 110, Y: 142, Size: 10, Text: d.extra("otherstate", "OK")},
		{Key: "otherstatus", X: 150, Y: 142, Size: 10.5, Text: d.extra("otherstatus", "Inactive")},
		{X: 18, Y: 160, Size: 8, Width: 180, Text: "This record is a primary source verification of licensure as maintained by the board. Information is current as of the date and time printed."},
		{X: 18, Y: 262, Size: 7, Color: "#666", Text: "Printed " + d.extra("printed", "11/02/2026 9:14 AM")},
	}}
}

func qftPage(d doc) page {
	font := d.extra("font", "Liberation Sans")
	lab := d.extra("lab", "Quest Diagnostics")
	extra := `<div style="position:absolute;left:15mm;top:52mm;width:186mm;height:0.5mm;background:#333"></div>` +
		`<div style="position:absolute;left:15mm;top:110mm;width:186mm;height:0.3mm;background:#777"></div>`
	it := []item{
		{X: 15, Y: 12, Size: 16, Bold: true, Text: lab},
		{X: 15, Y: 19, Size: 8, Text: d.extra("labaddr", "Clinical Laboratory Services · CLIA 05D0642827")},
		{X: 140, Y: 14, Size: 9, Text: "Accession: " + d.extra("accession", "WR482017Q")},
		{X: 15, Y: 30, Size: 9, Color: "#555", Text: "Patient"},
		{Key: "name", X: 15, Y: 34.5, Size: 11, Bold: true, Text: strings.ToUpper(d.P.Last + ", " + d.P.First)},
		{X: 90, Y: 30, Size: 9, Color: "#555", Text: "DOB"},
		{Key: "dob", X: 90, Y: 34.5, Size: 11, Text: us(d.P.DOB)},
		{X: 130, Y: 30, Size: 9, Color: "#555", Text: "Collected"},
		{Key: "issue", X: 130, Y: 34.5, Size: 11, Text: us(d.Issue)},
		{X: 165, Y: 30, Size: 9, Color: "#555", Text: "Reported"},
		{X: 165, Y: 34.5, Size: 11, Text: us(d.Issue.AddDate(0, 0, 3))},
		{X: 15, Y: 44, Size: 9, Text: "Ordering provider: " + d.extra("orderer", "Halvorsen, Ingrid MD") + "   Specimen: whole blood, lithium heparin"},
		{X: 15, Y: 56, Size: 10, Bold: true, Text: "Test"},
		{X: 100, Y: 56, Size: 10, Bold: true, Text: "Result"},
		{X: 140, Y: 56, Size: 10, Bold: true, Text: "Reference"},
		{X: 170, Y: 56, Size: 10, Bold: true, Text: "Units"},
		{X: 15, Y: 64, Size: 10, Text: "QuantiFERON-TB Gold Plus"},
		{Key: "status", X: 100, Y: 64, Size: 10, Bold: true, Text: d.Status},
		{Key: "ref", X: 140, Y: 64, Size: 10, Bold: true, Text: "NEGATIVE"},
		{X: 15, Y: 72, Size: 10, Text: "Nil"},
		{X: 100, Y: 72, Size: 10, Text: d.extra("nil", "0.04")},
		{X: 170, Y: 72, Size: 10, Text: "IU/mL"},
		{X: 15, Y: 80, Size: 10, Text: "TB1 Antigen minus Nil"},
		{X: 100, Y: 80, Size: 10, Text: d.extra("tb1", "0.01")},
		{X: 140, Y: 80, Size: 10, Text: "<0.35"},
		{X: 170, Y: 80, Size: 10, Text: "IU/mL"},
		{X: 15, Y: 88, Size: 10, Text: "TB2 Antigen minus Nil"},
		{X: 100, Y: 88, Size: 10, Text: d.extra("tb2", "0.02")},
		{X: 140, Y: 88, Size: 10, Text: "<0.35"},
		{X: 170, Y: 88, Size: 10, Text: "IU/mL"},
		{X: 15, Y: 96, Size: 10, Text: "Mitogen minus Nil"},
		{X: 100, Y: 96, Size: 10, Text: ">10.00"},
		{X: 170, Y: 96, Size: 10, Text: "IU/mL"},
		{X: 15, Y: 116, Size: 8, Width: 186, Text: "Interferon-gamma release assay for Mycobacterium tuberculosis infection. A negative result does not exclude infection. Performed by " + lab + "."},
	}
	return page{W: 215.9, H: 279.4, Font: font, Extra: extra, Items: it}
}

// tstPage is a clinic's Mantoux record: dates placed and read, the
// induration and the result ticked in one of two boxes.
func tstPage(d doc) page {
	font := d.extra("font", "Liberation Serif")
	neg, pos := "X", ""
	if d.Status == "Positive" {
		neg, pos = "", "X"
	}
	extra := `<div style="position:absolute;left:70mm;top:112mm;width:4.5mm;height:4.5mm;border:0.35mm solid #111"></div>` +
		`<div style="position:absolute;left:110mm;top:112mm;width:4.5mm;height:4.5mm;border:0.35mm solid #111"></div>` +
		`<div style="position:absolute;left:20mm;top:34mm;width:176mm;border-top:0.4mm solid #111"></div>`
	return page{W: 215.9, H: 279.4, Font: font, Extra: extra, Items: []item{
		{X: 20, Y: 14, Size: 15, Bold: true, Text: d.extra("clinic", "Riverbend Occupational Health")},
		{X: 20, Y: 22, Size: 12, Text: "Tuberculin Skin Test (Mantoux / PPD) Record"},
		{X: 20, Y: 42, Size: 10, Text: "Name:"},
		{Key: "name", X: 45, Y: 42, Size: 11, Text: d.P.First + " " + d.P.Last},
		{X: 130, Y: 42, Size: 10, Text: "DOB:"},
		{Key: "dob", X: 145, Y: 42, Size: 11, Text: us(d.P.DOB)},
		{X: 20, Y: 56, Size: 10, Text: "Date Placed:"},
		{Key: "issue", X: 50, Y: 56, Size: 11, Text: us(d.Issue)},
		{X: 100, Y: 56, Size: 10, Text: "Site: Left forearm   Tubersol 5 TU/0.1 mL   Lot: " + d.extra("lot", "C5917AA")},
		{X: 20, Y: 70, Size: 10, Text: "Placed by:"},
		{X: 50, Y: 70, Size: 11, Text: d.extra("placer", "D. Okafor, RN")},
		{X: 20, Y: 84, Size: 10, Text: "Date Read:"},
		{Key: "read", X: 50, Y: 84, Size: 11, Text: us(d.Issue.AddDate(0, 0, 2))},
		{X: 100, Y: 84, Size: 10, Text: "Read by:"},
		{X: 120, Y: 84, Size: 11, Text: d.extra("reader", "M. Castillo, LPN")},
		{X: 20, Y: 98, Size: 10, Text: "Induration:"},
		{Key: "induration", X: 50, Y: 98, Size: 11, Text: d.extra("induration", "0")},
		{X: 62, Y: 98, Size: 10, Text: "mm"},
		{X: 20, Y: 112.5, Size: 10, Text: "Result:"},
		{Key: "markneg", X: 71, Y: 112, Size: 11, Bold: true, Text: neg},
		{X: 77, Y: 112.5, Size: 10, Text: "Negative"},
		{Key: "markpos", X: 111, Y: 112, Size: 11, Bold: true, Text: pos},
		{X: 117, Y: 112.5, Size: 10, Text: "Positive"},
		{X: 20, Y: 140, Size: 9, Width: 170, Text: "Read 48 to 72 hours after placement. An induration of 10 mm or more is positive for health care workers."},
	}}
}

func drugPage(d doc) page {
	font := d.extra("font", "Nimbus Sans Narrow")
	analytes := []string{"Amphetamines", "Cocaine", "Marijuana (THC)", "Opiates", "Phencyclidine", "Benzodiazepines", "Barbiturates", "Methadone", "Oxycodone", "MDMA"}
	pos := d.extra("positive", "")
	it := []item{
		{X: 15, Y: 12, Size: 16, Bold: true, Text: d.extra("lab", "Labcorp Occupational Testing Services")},
		{X: 15, Y: 20, Size: 12, Text: "Drug Screen Result — 10-Panel Urine"},
		{X: 15, Y: 32, Size: 9, Text: "Donor: "},
		{Key: "name", X: 30, Y: 32, Size: 10, Bold: true, Text: strings.ToUpper(d.P.First + " " + d.P.Last)},
		{X: 110, Y: 32, Size: 9, Text: "DOB: " + us(d.P.DOB)},
		{X: 15, Y: 39, Size: 9, Text: "Collected: "},
		{Key: "issue", X: 33, Y: 39, Size: 10, Text: us(d.Issue)},
		{X: 110, Y: 39, Size: 9, Text: "Specimen ID: " + d.extra("specimen", "0417729381")},
		{X: 15, Y: 52, Size: 10, Bold: true, Text: "Analyte"},
		{X: 90, Y: 52, Size: 10, Bold: true, Text: "Result"},
		{X: 140, Y: 52, Size: 10, Bold: true, Text: "Cutoff"},
	}
	cut := []string{"500 ng/mL", "150 ng/mL", "50 ng/mL", "2000 ng/mL", "25 ng/mL", "300 ng/mL", "300 ng/mL", "300 ng/mL", "100 ng/mL", "500 ng/mL"}
	for i, a := range analytes {
		r := "NEGATIVE"
		key := fmt.Sprintf("a%d", i)
		if a == pos {
			r = "POSITIVE"
		}
		y := 60 + float64(i)*7
		it = append(it, item{X: 15, Y: y, Size: 10, Text: a}, item{Key: key, X: 90, Y: y, Size: 10, Text: r}, item{X: 140, Y: y, Size: 10, Text: cut[i]})
	}
	it = append(it,
		item{X: 15, Y: 136, Size: 11, Bold: true, Text: "Overall result:"},
		item{Key: "status", X: 55, Y: 136, Size: 11, Bold: true, Text: d.Status},
		item{X: 15, Y: 146, Size: 9, Text: "Reviewed by Medical Review Officer: " + d.extra("mro", "T. Vasquez-Holm, MD")},
	)
	return page{W: 215.9, H: 279.4, Font: font, Items: it}
}

var dlStates = map[string]struct{ Name, Color string }{
	"CA": {"CALIFORNIA", "#1d4e89"}, "TX": {"TEXAS", "#8b1e1e"}, "FL": {"FLORIDA", "#0f6b4f"},
	"NY": {"NEW YORK STATE", "#23395d"}, "AZ": {"ARIZONA", "#9a4b0c"}, "WA": {"WASHINGTON", "#215c3a"},
}

// dlPage is the front of a driver license, CR80 size, numbered fields as
// the AAMVA design puts them.
func dlPage(d doc) page {
	st := dlStates[d.extra("state", "CA")]
	font := d.extra("font", "Liberation Sans")
	extra := `<div style="position:absolute;left:0;top:0;width:85.6mm;height:54mm;background:linear-gradient(135deg,#f4f1e6,#e3ecf4 60%,#efe6ea)"></div>` +
		fmt.Sprintf(`<div style="position:absolute;left:0;top:0;width:85.6mm;height:9mm;background:%s"></div>`, st.Color) +
		portrait(3, 12, 24, 30, d.P.Tint)
	given := strings.ToUpper(d.P.First + " " + d.P.Middle)
	return page{W: 85.6, H: 54, Font: font, Extra: extra, Items: []item{
		{X: 3, Y: 1.5, Size: 11, Bold: true, Color: "#fff", Text: st.Name},
		{X: 50, Y: 2.5, Size: 7.5, Bold: true, Color: "#fff", Text: "DRIVER LICENSE"},
		{X: 30, Y: 11, Size: 5, Color: "#8b1e1e", Text: "4d DLN"},
		{Key: "id", X: 37, Y: 10.3, Size: 8.5, Bold: true, Color: "#8b1e1e", Text: d.ID},
		{X: 30, Y: 15.5, Size: 5, Text: "4b EXP"},
		{Key: "expiry", X: 37, Y: 14.8, Size: 8, Bold: true, Color: "#8b1e1e", Text: us(d.Expiry)},
		{X: 30, Y: 20, Size: 5, Text: "1"},
		{Key: "last", X: 33, Y: 19.3, Size: 8, Bold: true, Text: strings.ToUpper(d.P.Last)},
		{X: 30, Y: 24, Size: 5, Text: "2"},
		{Key: "given", X: 33, Y: 23.3, Size: 7.5, Bold: true, Text: given},
		{X: 30, Y: 28, Size: 5, Text: "8"},
		{X: 33, Y: 27.5, Size: 6, Text: strings.ToUpper(d.P.Street)},
		{X: 33, Y: 30.5, Size: 6, Text: d.P.City + ", " + d.P.State + " " + d.P.Zip},
		{X: 30, Y: 35, Size: 5, Text: "3 DOB"},
		{Key: "dob", X: 38, Y: 34.3, Size: 8, Bold: true, Color: "#8b1e1e", Text: us(d.P.DOB)},
		{X: 30, Y: 39.5, Size: 5, Text: "4a ISS"},
		{Key: "issue", X: 38, Y: 38.8, Size: 7, Text: us(d.Issue)},
		{X: 64, Y: 39.5, Size: 5, Text: "9 CLASS C"},
		{X: 30, Y: 44, Size: 5.5, Text: fmt.Sprintf("15 SEX %s   16 HGT %d'-%02d\"   18 EYES %s", d.P.Sex, 5, 2+d.P.Tint%10, []string{"BRN", "BLU", "HAZ", "GRN"}[d.P.Tint%4])},
		{X: 30, Y: 48, Size: 5.5, Text: "12 RSTR NONE   5 DD " + d.extra("dd", "08/17/2024/6AB/FD/31")},
		{X: 3, Y: 46, Size: 9, Font: "Z003", Text: d.P.First + " " + d.P.Last},
	}}
}

// passportPage is a passport's data page, with the two machine-readable
// lines at its foot.
func passportPage(d doc) page {
	mono := d.extra("mono", "DejaVu Sans Mono")
	font := d.extra("font", "Nimbus Sans")
	m1, m2 := mrzLines(d)
	extra := `<div style="position:absolute;left:0;top:0;width:125mm;height:88mm;background:linear-gradient(160deg,#eef3f7,#f6efe2 45%,#e8eff0)"></div>` +
		portrait(5, 16, 30, 39, d.P.Tint)
	given := strings.ToUpper(d.P.First + " " + d.P.Middle)
	return page{W: 125, H: 88, Font: font, Extra: extra, Items: []item{
		{X: 40, Y: 3, Size: 9, Bold: true, Color: "#1a3b63", Text: "PASSPORT"},
		{X: 62, Y: 3, Size: 8, Color: "#1a3b63", Text: "UNITED STATES OF AMERICA"},
		{X: 40, Y: 9, Size: 4.5, Color: "#555", Text: "Type / Type"},
		{X: 40, Y: 11.2, Size: 7, Text: "P"},
		{X: 55, Y: 9, Size: 4.5, Color: "#555", Text: "Code / Code"},
		{X: 55, Y: 11.2, Size: 7, Text: "USA"},
		{X: 82, Y: 9, Size: 4.5, Color: "#555", Text: "Passport No. / No. du passeport"},
		{Key: "id", X: 82, Y: 11.2, Size: 8, Bold: true, Text: d.ID},
		{X: 40, Y: 17, Size: 4.5, Color: "#555", Text: "Surname / Nom"},
		{Key: "last", X: 40, Y: 19.2, Size: 8, Text: strings.ToUpper(d.P.Last)},
		{X: 40, Y: 24.5, Size: 4.5, Color: "#555", Text: "Given Names / Prénoms"},
		{Key: "given", X: 40, Y: 26.7, Size: 8, Text: given},
		{X: 40, Y: 32, Size: 4.5, Color: "#555", Text: "Nationality / Nationalité"},
		{X: 40, Y: 34.2, Size: 7, Text: "UNITED STATES OF AMERICA"},
		{X: 40, Y: 39, Size: 4.5, Color: "#555", Text: "Date of birth / Date de naissance"},
		{Key: "dob", X: 40, Y: 41.2, Size: 7.5, Text: dmy(d.P.DOB)},
		{X: 90, Y: 39, Size: 4.5, Color: "#555", Text: "Sex / Sexe"},
		{X: 90, Y: 41.2, Size: 7.5, Text: d.P.Sex},
		{X: 40, Y: 46, Size: 4.5, Color: "#555", Text: "Place of birth / Lieu de naissance"},
		{X: 40, Y: 48.2, Size: 7, Text: d.extra("pob", "OHIO, U.S.A.")},
		{X: 40, Y: 53, Size: 4.5, Color: "#555", Text: "Date of issue / Date de délivrance"},
		{Key: "issue", X: 40, Y: 55.2, Size: 7.5, Text: dmy(d.Issue)},
		{X: 82, Y: 53, Size: 4.5, Color: "#555", Text: "Authority / Autorité"},
		{X: 82, Y: 55.2, Size: 6.5, Text: "United States"},
		{X: 82, Y: 58, Size: 6.5, Text: "Department of State"},
		{X: 40, Y: 60, Size: 4.5, Color: "#555", Text: "Date of expiration / Date d'expiration"},
		{Key: "expiry", X: 40, Y: 62.2, Size: 7.5, Text: dmy(d.Expiry)},
		{Key: "mrz1", X: 4, Y: 72, Size: 10.2, Font: mono, Text: m1},
		{Key: "mrz2", X: 4, Y: 79, Size: 10.2, Font: mono, Text: m2},
	}}
}
