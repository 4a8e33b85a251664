package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestCredentialScanGuard: on a scan a life-support card's or a training
// certificate's expiry (or a training's completion) read from words OCR
// was unsure of is reported uncertain; read surely, or on a text layer,
// it stands.
func TestCredentialScanGuard(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name, typ, title, label, value, field string
		conf                                  float64
		want                                  any
	}{
		{"BLS expiry read surely", "bls", "BLS Provider", "Expiration Date:", "11/08/2027", "expiration_date", 95, "2027-11-08"},
		{"BLS expiry read unsurely", "bls", "BLS Provider", "Expiration Date:", "| 1/08/2027", "expiration_date", 35, nil},
		{"BLS expiry text layer", "bls", "BLS Provider", "Expiration Date:", "11/08/2027", "expiration_date", 100, "2027-11-08"},
		{"ACLS renew-by read unsurely", "acls", "ACLS Provider", "Recommended Renewal Date:", "11/08/2027", "expiration_date", 40, nil},
		{"training expiry read surely", "hipaa_training", "HIPAA Training Certificate", "Expiration Date:", "11/08/2027", "expiration_date", 92, "2027-11-08"},
		{"training expiry read unsurely", "hipaa_training", "HIPAA Training Certificate", "Expiration Date:", "11/08/2027", "expiration_date", 35, nil},
		{"training completion read unsurely", "osha_training", "OSHA Training Certificate", "Completion Date:", "03/01/2026", "completion_date", 35, nil},
		{"training completion read surely", "osha_training", "OSHA Training Certificate", "Completion Date:", "03/01/2026", "completion_date", 95, "2026-03-01"},
	} {
		p := ocrPage(ocrWords(ocrRow(0, 0, 40, 60, tt.title, tt.conf),
			ocrRow(1, 0, 40, 90, "Maria Alvarez", tt.conf),
			ocrRow(2, 0, 40, 120, tt.label, tt.conf), ocrRow(2, 0, 180, 120, tt.value, tt.conf))...)
		if tt.conf < 90 {
			// Only the value's words were read unsurely.
			for i := range p.Words {
				if p.Words[i].Line != 2 || p.Words[i].Box.X0 < 180 {
					p.Words[i].Confidence = 95
				}
			}
		}
		res := Read(c, tt.typ, Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		if got := sureField(c, res, tt.field); got != tt.want {
			t.Errorf("%s: %s = %#v (conf %.2f), want %#v", tt.name, tt.field, res.Fields[tt.field], res.Confidence[tt.field], tt.want)
		}
	}
}

// TestShortIssuerSpellings: an issuer's acronym is its issuer only where
// it stands printed as itself; on a scan only with its issuer's context
// about it and read surely, else the issuer is reported uncertain.
func TestShortIssuerSpellings(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name, typ string
		lines     []string
		conf      float64 // 100: a text layer
		want      any     // the issuer reported sure, nil none
		absent    bool    // no issuer at all
	}{
		{"ENA on a TNCC card, text", "tncc", []string{"Trauma Nursing Core Course", "ENA Provider Card", "Maria Alvarez"}, 100, "Emergency Nurses Association", false},
		{"ENA on a TNCC card, scan", "tncc", []string{"Trauma Nursing Core Course", "ENA Provider Card", "Maria Alvarez"}, 93, "Emergency Nurses Association", false},
		{"ena in a BLS card's OCR garbage", "bls", []string{"BLS Provider", "ena ~ ia ce: rw", "Maria Alvarez"}, 93, nil, true},
		{"ENA in a BLS card's OCR garbage", "bls", []string{"BLS Provider", "ee ENA ~ ia ce: rw", "Maria Alvarez"}, 93, nil, false},
		{"a holder named Ena, text", "bls", []string{"BLS Provider", "Ena Morales"}, 100, nil, true},
		{"ENA with its name beside it, scan", "bls", []string{"BLS Provider", "ENA Emergency Nurses Association", "Maria Alvarez"}, 93, "Emergency Nurses Association", false},
		{"the AHA spelt out beside garbage ena", "bls", []string{"American Heart Association", "BLS Provider", "ena ~ ia", "Maria Alvarez"}, 93, "American Heart Association", false},
	} {
		var ws []word
		for i, l := range tt.lines {
			ws = append(ws, ocrRow(i, 0, 40, 60+30*float64(i), l, tt.conf)...)
		}
		p := ocrPage(ws...)
		res := Read(c, tt.typ, Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		if got := sureField(c, res, "issuer"); got != tt.want {
			t.Errorf("%s: issuer = %#v (conf %.2f), want %#v sure", tt.name, res.Fields["issuer"], res.Confidence["issuer"], tt.want)
		}
		if _, ok := res.Fields["issuer"]; tt.absent && ok {
			t.Errorf("%s: issuer = %#v, want none", tt.name, res.Fields["issuer"])
		}
	}
}

// TestIssueDateBesideRenewal: an issue date read by its label does not
// stop the expiry printed beside it, its label OCR lost, from being read;
// a date too soon or too late after it is no expiry.
func TestIssueDateBesideRenewal(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name, line string
		want       any // expiration_date, nil none
	}{
		{"month-year renewal beside", "Issue Date: 05/12/2025   05/2027", "2027-05-31"},
		{"full renewal date beside", "Issue Date: 05/12/2025   rnw8y 05/12/2027", "2027-05-12"},
		{"a date six years on", "Issue Date: 05/12/2025   05/2031", nil},
		{"a date before the issue", "Issue Date: 05/12/2025   04/1990", nil},
		{"three dates on the line", "Issue Date: 05/12/2025   05/2027   06/2027", nil},
	} {
		res := Read(c, "bls", Document{Text: "BLS Provider\nMaria Alvarez\n" + tt.line, AsOf: testAsOf})
		if got := sureField(c, res, "expiration_date"); got != tt.want {
			t.Errorf("%s: expiration_date = %#v (conf %.2f), want %#v", tt.name, res.Fields["expiration_date"], res.Confidence["expiration_date"], tt.want)
		}
		if got := res.Fields["issue_date"]; got != "2025-05-12" {
			t.Errorf("%s: issue_date = %#v, want 2025-05-12", tt.name, got)
		}
	}
}

// TestDatePairOnScans: on a scan two dates side by side, their labels
// lost, stand as issue and expiry only when OCR read both surely and the
// expiry falls whole years after the issue; else they are uncertain.
func TestDatePairOnScans(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name, dates string
		conf        float64
		want        any // expiration_date reported sure
	}{
		{"read surely, two years", "03/23/2026 03/23/2028", 93, "2028-03-23"},
		{"read surely, renewal at the month's end", "03/23/2026 03/2028", 93, "2028-03-31"},
		{"read unsurely", "03/23/2026 03/23/2028", 45, nil},
		{"read surely, no whole years apart", "03/23/2026 08/11/2028", 93, nil},
	} {
		p := ocrPage(ocrWords(ocrRow(0, 0, 40, 60, "BLS Provider", 95),
			ocrRow(1, 0, 40, 90, "Maria Alvarez", 95),
			ocrRow(2, 0, 40, 120, tt.dates, tt.conf))...)
		res := Read(c, "bls", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		if got := sureField(c, res, "expiration_date"); got != tt.want {
			t.Errorf("%s: expiration_date = %#v (conf %.2f), want %#v", tt.name, res.Fields["expiration_date"], res.Confidence["expiration_date"], tt.want)
		}
	}
}

// TestDatesStackedOnScans: a card whose small captions OCR lost beside
// its values leaves its two dates one under the other: issue over
// expiry, as surely as a pair side by side; a third date, or a line
// that holds more than its date, says nothing.
func TestDatesStackedOnScans(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name  string
		lines []string
		conf  float64
		want  any // expiration_date reported sure
	}{
		{"read surely, renewal at the month's end", []string{"02/27/2026", "02/2028"}, 93, "2028-02-29"},
		{"read unsurely", []string{"02/27/2026", "02/2028"}, 45, nil},
		{"a third date", []string{"02/27/2026", "02/2028", "01/15/2026"}, 93, nil},
		{"more than a date on the line", []string{"02/27/2026", "Room 4 02/2028"}, 93, nil},
	} {
		rows := [][]word{ocrRow(0, 0, 40, 60, "ACLS Provider", 95), ocrRow(1, 0, 40, 90, "Bartholomew Quist", 95)}
		for i, l := range tt.lines {
			rows = append(rows, ocrRow(2+i, 0, 40, 110+12*float64(i), l, tt.conf))
		}
		rows = append(rows, ocrRow(2+len(tt.lines), 0, 40, 170, "American Heart Association", 95))
		p := ocrPage(ocrWords(rows...)...)
		res := Read(c, "acls", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		if got := sureField(c, res, "expiration_date"); got != tt.want {
			t.Errorf("%s: expiration_date = %#v (conf %.2f), want %#v", tt.name, res.Fields["expiration_date"], res.Confidence["expiration_date"], tt.want)
		}
		if got := sureField(c, res, "issue_date"); tt.want != nil && got != "2026-02-27" {
			t.Errorf("%s: issue_date = %#v, want 2026-02-27", tt.name, got)
		}
	}
}
