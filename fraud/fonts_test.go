package fraud

import (
	"os"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
)

// TestLoneFamily: a name or a date retyped on a line of its own (saved as
// one file: nothing but its font tells) against a card's body font, and
// the faces issuers print on purpose beside their body font.
func TestLoneFamily(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez",
		"issue_date": "2026-06-09", "expiration_date": "2028-06-30", "certificate_id": "CA30131"}
	// card draws a training card: a heading, the holder's name on a line
	// of its own with its label under it, then labelled values, in
	// Helvetica unless told.
	card := func(nameFont, nameStyle string, nameSize float64, dateFont string, dateSize float64, extra func(p *fpdf.Fpdf)) func(p *fpdf.Fpdf) {
		return func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Helvetica", "B", 12, "BLS Provider"))
			say(p, 72, 96, seg("Helvetica", "", 9, "Gulf Coast Resuscitation Education"))
			say(p, 72, 130, seg(nameFont, nameStyle, nameSize, "Maria Alvarez"))
			say(p, 72, 140, seg("Helvetica", "", 6, "Name"))
			say(p, 72, 170, seg("Helvetica", "", 9, "CA30131"))
			say(p, 72, 180, seg("Helvetica", "", 6, "Training Center ID"))
			say(p, 72, 210, seg("Helvetica", "", 9, "06/09/2026"), seg("Helvetica", "", 6, "Issued"))
			say(p, 72, 230, seg(dateFont, "", dateSize, "06/30/2028"), seg("Helvetica", "", 6, "Renewal Due"))
			say(p, 72, 260, seg("Helvetica", "", 5.5, "This card certifies that the above individual has successfully completed the course."))
			if extra != nil {
				extra(p)
			}
		}
	}
	tests := []struct {
		name string
		draw func(p *fpdf.Fpdf)
		text string // "" for no lone-family signal
	}{
		{"a card as issued", card("Helvetica", "B", 12, "Helvetica", 9, nil), ""},
		{"the name retyped in Times at 1.2 times the values' size", card("Times", "", 10.8, "Helvetica", 9, nil), "Maria Alvarez"},
		{"the name retyped in Times-Bold, smaller", card("Times", "B", 7.5, "Helvetica", 9, nil), "Maria Alvarez"},
		{"the renewal date retyped in Courier", card("Helvetica", "B", 12, "Courier", 9.8, nil), "06/30/2028"},
		{"a certificate's name in a large display face", card("Times", "BI", 24, "Helvetica", 9, nil), ""},
		{"the name retyped at display size in plain Times", card("Times", "", 15.3, "Helvetica", 9, nil), "Maria Alvarez"},
		{"the name retyped at display size in Courier-Bold", card("Courier", "B", 18, "Helvetica", 9, nil), "Maria Alvarez"},
		{"the name at display size in the page's own face", card("Helvetica", "B", 20, "Helvetica", 9, nil), ""},
		{"a certificate's name in italic at the values' size and a half", card("Times", "I", 13, "Helvetica", 9, nil), ""},
		{"the holder's signature in another face", card("Helvetica", "B", 12, "Helvetica", 9, func(p *fpdf.Fpdf) {
			say(p, 300, 300, seg("Times", "I", 10, "Maria Alvarez"))
			say(p, 300, 310, seg("Helvetica", "", 6, "Holder's Signature"))
		}), ""},
		{"a running footer with the name in another face", card("Helvetica", "B", 12, "Helvetica", 9, func(p *fpdf.Fpdf) {
			say(p, 72, 770, seg("Times", "", 8, "Maria Alvarez - page 1"))
		}), ""},
		{"the license number in a monospace face of its own (design, not a retyping)", card("Helvetica", "B", 12, "Helvetica", 9, func(p *fpdf.Fpdf) {
			say(p, 300, 170, seg("Courier", "", 9, "CA30131"))
		}), ""},
		{"a serif used for more than the fact (a template's own second face)", card("Times", "", 10, "Helvetica", 9, func(p *fpdf.Fpdf) {
			say(p, 72, 290, seg("Times", "", 9, "Keep this card with you; employers may confirm it online."))
		}), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(evidence(t, page(t, tt.draw), "bls", fields, asOf), "MEDIUM")
			got := signalsOf(v, CodeFontMismatch)
			if tt.text == "" {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != loneFamilyWeight || v.Result != Fraudulent {
				t.Fatalf("signals %+v (%s), want one font_mismatch of %.2f flagging at MEDIUM", v.Signals, v.Result, loneFamilyWeight)
			}
			e := got[0].Evidence
			if e == nil || e.Page != 1 || e.Box == nil || e.Text != tt.text || len(e.Fonts) != 2 || !strings.Contains(got[0].Detail, "no other word of the page uses") {
				t.Fatalf("evidence %+v (%s), want page 1, a box, text %q, two fonts", e, got[0].Detail, tt.text)
			}
		})
	}
}

// TestOddDate: of a page's dates printed alike, the date the document is
// judged by retyped in the page's own family, a point larger or in bold;
// a page that prints its dates alike, or one date large on purpose with
// too few others to tell design from a retyping, is left alone.
func TestOddDate(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "date_of_birth": "1990-03-14", "issue_date": "2026-06-09", "expiration_date": "2028-06-30"}
	form := func(expStyle string, expSize float64, others int, expX float64) func(p *fpdf.Fpdf) {
		return func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Helvetica", "B", 12, "Nursing License Verification"))
			say(p, 72, 110, seg("Helvetica", "", 9, "Name:"))
			say(p, 180, 110, seg("Helvetica", "", 9, "Maria Alvarez"))
			say(p, 72, 125, seg("Helvetica", "", 9, "License Type:"))
			say(p, 180, 125, seg("Helvetica", "", 9, "Registered Nurse"))
			say(p, 72, 140, seg("Helvetica", "", 9, "Status:"))
			say(p, 180, 140, seg("Helvetica", "", 9, "Active"))
			if others > 0 {
				say(p, 72, 155, seg("Helvetica", "", 9, "Date of Birth:"))
				say(p, 180, 155, seg("Helvetica", "", 9, "03/14/1990"))
			}
			if others > 1 {
				say(p, 72, 170, seg("Helvetica", "", 9, "Issued:"))
				say(p, 180, 170, seg("Helvetica", "", 9, "06/09/2026"))
			}
			say(p, 72, 185, seg("Helvetica", "", 9, "Expires:"))
			if st, ok := strings.CutSuffix(expStyle, "red"); ok {
				// A design's stress: the expiry painted red.
				expStyle = st
				p.SetTextColor(200, 0, 0)
			}
			say(p, expX, 185, seg("Helvetica", expStyle, expSize, "06/30/2028"))
			p.SetTextColor(0, 0, 0)
			say(p, 72, 210, seg("Helvetica", "", 7, "The board makes no warranty as to the accuracy of information printed from this page."))
		}
	}
	tests := []struct {
		name string
		draw func(p *fpdf.Fpdf)
		odd  bool
	}{
		{"dates printed alike", form("", 9, 2, 180), false},
		{"the expiry retyped a point and more larger", form("", 10.2, 2, 180), true},
		{"the expiry retyped in bold", form("B", 9, 2, 180), true},
		{"the expiry a hair larger (rounding)", form("", 9.4, 2, 180), false},
		// One other date is too few for a column of dates; the rows'
		// other values (name, type, status) set alike are the template's
		// value style, and the expiry alone in bold, its label plain, is
		// told at a weight that flags only with more (oddColumnDate).
		{"the expiry in bold beside one other date", form("B", 9, 1, 180), false},
		{"the expiry larger out of the dates' column (design)", form("", 11, 2, 320), false},
		// Painted red, the expiry in bold is the design's stress (the
		// colour alone weighs 0.45: setting.go).
		{"the expiry in bold red (design)", form("Bred", 9, 2, 180), false},
		{"the expiry a point larger in red (design)", form("red", 10.2, 2, 180), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(evidence(t, page(t, tt.draw), "nursing_license", fields, asOf), "MEDIUM")
			got := signalsOf(v, CodeFontMismatch)
			if !tt.odd {
				if len(got) > 0 && (got[0].Weight != oddColumnDateWeight || v.Result != Clean ||
					!strings.Contains(got[0].Detail, "other values of its column") && !strings.Contains(got[0].Detail, "in a colour of its own")) {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != oddDateWeight || v.Result != Fraudulent || got[0].Evidence.Text != "06/30/2028" ||
				!strings.Contains(got[0].Detail, "other 2 dates are all in") {
				t.Fatalf("signals %+v (%s), want one font_mismatch of %.2f on the expiry", v.Signals, v.Result, oddDateWeight)
			}
		})
	}
}

// TestOddDateMinor: a licence that prints its birth date and expiry bold
// and its issue date plain and smaller is a design (clean cards so drawn
// scored 0.50); an issue date retyped plain at the bold dates' size, or
// bold dates beside a plain one made larger, is still odd.
func TestOddDateMinor(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "date_of_birth": "1990-03-14", "issue_date": "2026-06-09", "expiration_date": "2028-06-30"}
	card := func(issStyle string, issSize float64) func(p *fpdf.Fpdf) {
		return func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Helvetica", "B", 12, "DRIVER LICENSE"))
			say(p, 72, 110, seg("Helvetica", "", 6, "DOB"))
			say(p, 110, 110, seg("Helvetica", "B", 8.5, "03/14/1990"))
			say(p, 72, 125, seg("Helvetica", "", 6, "EXP"))
			say(p, 110, 125, seg("Helvetica", "B", 8.5, "06/30/2028"))
			say(p, 72, 140, seg("Helvetica", "", 6, "ISS"))
			say(p, 110, 140, seg("Helvetica", issStyle, issSize, "06/09/2026"))
			say(p, 72, 160, seg("Helvetica", "", 8, "ALVAREZ, MARIA"))
		}
	}
	for _, tt := range []struct {
		name string
		draw func(p *fpdf.Fpdf)
		odd  bool
	}{
		{"issue date plain and smaller (design)", card("", 8), false},
		{"issue date plain at the bold dates' size", card("", 8.5), true},
		{"issue date plain and larger", card("", 9.5), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(evidence(t, page(t, tt.draw), "drivers_license", fields, asOf), "MEDIUM")
			var odd bool
			for _, sg := range signalsOf(v, CodeFontMismatch) {
				odd = odd || sg.Weight == oddDateWeight && sg.Evidence.Text == "06/09/2026"
			}
			if odd != tt.odd {
				t.Fatalf("odd issue date flagged %v, want %v: %+v", odd, tt.odd, v.Signals)
			}
		})
	}
}

// TestOddColumnDate: a labelled row's date set bold among a column of
// values set alike is told at 0.45; a row stressed whole (its label bold
// too) or a column of too few values says nothing.
func TestOddColumnDate(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "issue_date": "2026-06-09", "expiration_date": "2028-06-30"}
	form := func(labelStyle string, rows int) func(p *fpdf.Fpdf) {
		return func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Helvetica", "B", 12, "Nursing License Verification"))
			labels := []string{"Name:", "License Type:", "Status:", "Issued:"}
			values := []string{"Maria Alvarez", "Registered Nurse", "Active", "06/09/2026"}
			for i := range labels[:rows] {
				say(p, 72, 110+float64(i)*15, seg("Helvetica", "", 9, labels[i]))
				say(p, 180, 110+float64(i)*15, seg("Helvetica", "", 9, values[i]))
			}
			say(p, 72, 185, seg("Helvetica", labelStyle, 9, "Expires:"))
			say(p, 180, 185, seg("Helvetica", "B", 9, "06/30/2028"))
			say(p, 72, 210, seg("Helvetica", "", 7, "The board makes no warranty as to the accuracy of information printed from this page."))
		}
	}
	tests := []struct {
		name string
		draw func(p *fpdf.Fpdf)
		want bool
	}{
		{"the expiry alone in bold", form("", 4), true},
		{"the expiry's row stressed whole", form("B", 4), false},
		{"three other values", form("", 3), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(evidence(t, page(t, tt.draw), "nursing_license", fields, asOf), "MEDIUM")
			got := signalsOf(v, CodeFontMismatch)
			if !tt.want {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != oddColumnDateWeight || got[0].Evidence.Text != "06/30/2028" || !strings.Contains(got[0].Detail, "the 4 other values of its column") {
				t.Fatalf("signals %+v, want one font_mismatch of %.2f on the expiry", v.Signals, oddColumnDateWeight)
			}
		})
	}
}

// signalsOf is the verdict's signals of one code.
func signalsOf(v Verdict, code string) []Signal {
	var out []Signal
	for _, s := range v.Signals {
		if s.Code == code {
			out = append(out, s)
		}
	}
	return out
}

// TestOffBaselineRow: a labelled row's date or name retyped in the
// template's own font a point off its label's baseline, among rows that
// keep one baseline, is told at 0.45 or more; on a page whose every other
// line is exact to 0.02 pt, a third of a point off is told too (baseline.go:
// no producer rounds one row of many). A form whose values sit in their
// own boxes (no two rows agree) and a value in a larger size say nothing.
func TestOffBaselineRow(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "issue_date": "2026-06-09", "expiration_date": "2028-06-30"}
	form := func(shift float64, offs []float64, size float64) func(p *fpdf.Fpdf) {
		return func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Helvetica", "B", 12, "Nursing License Verification"))
			labels := []string{"Name:", "License Type:", "Status:", "Issued:"}
			values := []string{"Maria Alvarez", "Registered Nurse", "Active", "06/09/2026"}
			for i := range labels {
				say(p, 72, 110+float64(i)*15, seg("Helvetica", "B", 9, labels[i]))
				say(p, 180, 110+float64(i)*15+offs[i], seg("Helvetica", "", 9, values[i]))
			}
			say(p, 72, 185, seg("Helvetica", "B", 9, "Expires:"))
			say(p, 180, 185+shift, seg("Helvetica", "", size, "06/30/2028"))
			say(p, 72, 210, seg("Helvetica", "", 7, "The board makes no warranty as to the accuracy of information printed from this page."))
		}
	}
	aligned := []float64{0, 0, 0, 0}
	tests := []struct {
		name string
		draw func(p *fpdf.Fpdf)
		want bool
	}{
		{"the expiry retyped 1.2 pt low", form(1.2, aligned, 9), true},
		{"the expiry retyped 1 pt high", form(-1, aligned, 9), true},
		{"the expiry a third of a point off an exact page", form(0.3, aligned, 9), true},
		{"a form whose values sit in their own boxes", form(1.2, []float64{0.9, -0.7, 2.1, 0.4}, 9), false},
		{"the expiry in a larger size", form(1.2, aligned, 11), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(evidence(t, page(t, tt.draw), "nursing_license", fields, asOf), "MEDIUM")
			got := signalsOf(v, CodeBaselineShift)
			if !tt.want {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight < offBaselineRowWeight || got[0].Evidence.Text != "06/30/2028" || !strings.Contains(got[0].Detail, "off") {
				t.Fatalf("signals %+v, want one baseline_shift of %.2f or more on the expiry", v.Signals, offBaselineRowWeight)
			}
		})
	}
}

// TestExpiryCompanionFace: a WeasyPrint license whose expiry alone is set
// in Liberation Serif among Liberation Sans (testdata/expiry_serif.html:
// a design setting its expiry apart) is not flagged at MEDIUM; the same
// expiry in DejaVu Sans (expiry_near_face.html: a near face, as a
// forger's retyping) still is.
func TestExpiryCompanionFace(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "license_number": "201904417RN",
		"issue_date": "2025-03-14", "expiration_date": "2027-03-14"}
	for _, tt := range []struct {
		file    string
		flagged bool
	}{
		{"expiry_serif", false},
		{"expiry_near_face", true},
	} {
		t.Run(tt.file, func(t *testing.T) {
			pdf, err := os.ReadFile("testdata/" + tt.file + ".pdf")
			if err != nil {
				t.Fatal(err)
			}
			v := Assess(evidence(t, pdf, "nursing_license", fields, asOf), "MEDIUM")
			if got := v.Result == Fraudulent; got != tt.flagged {
				t.Fatalf("flagged %v (score %.2f, %+v), want %v", got, v.Score, v.Signals, tt.flagged)
			}
			if got := signalsOf(v, CodeFontMismatch); len(got) == 0 || got[0].Evidence == nil || got[0].Evidence.Text != "03/14/2027" {
				t.Fatalf("signals %+v, want a font_mismatch on the expiry", got)
			}
		})
	}
}
