package fraud

import (
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
)

// TestWholeLineFace: a labelled row taken out of the page and drawn again
// whole, its label with its value, in a face no other line uses (the old
// line removed from the content stream: nothing covered); the page as
// issued, a row in that face that holds no fact, and a template whose
// second face prints more than the row say nothing.
func TestWholeLineFace(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez",
		"issue_date": "2026-06-09", "expiration_date": "2028-06-30", "license_number": "RN965991"}
	// form prints the rows in Helvetica, the row odd (label and value)
	// in face; more prints a line of the template in face too.
	form := func(odd int, face string, more bool) func(p *fpdf.Fpdf) {
		return func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Helvetica", "B", 14, "Nursing License Verification"))
			say(p, 72, 100, seg("Helvetica", "", 10, "The license below is recorded as follows in the board's register."))
			for i := range rowLabels {
				f := "Helvetica"
				if i == odd {
					f = face
				}
				say(p, 72, 130+float64(i)*18, seg(f, "B", 10, rowLabels[i]), seg(f, "", 10, rowValues[i]))
			}
			if more {
				say(p, 72, 260, seg(face, "", 10, "Verify this license online at the board's register of licensees."))
			}
		}
	}
	tests := []struct {
		name string
		draw func(p *fpdf.Fpdf)
		text string // "" for no signal
	}{
		{"the page as issued", form(-1, "Times", false), ""},
		{"the expiry's row drawn again whole in Times", form(3, "Times", false), "06/30/2028"},
		{"the name's row drawn again whole in Times", form(0, "Times", false), "Maria Alvarez"},
		{"the expiry's row in a monospace face (a template's)", form(3, "Courier", false), ""},
		{"a row in Times that holds no fact", form(4, "Times", false), ""},
		{"the expiry's row in the template's second face", form(3, "Times", true), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(evidence(t, page(t, tt.draw), "nursing_license", fields, asOf), "MEDIUM")
			got := signalsOf(v, CodeFontMismatch)
			if tt.text == "" {
				for _, g := range got {
					if strings.Contains(g.Detail, "set whole in") {
						t.Fatalf("signals %+v", got)
					}
				}
				return
			}
			if len(got) != 1 || got[0].Weight != loneFamilyWeight || v.Result != Fraudulent || got[0].Evidence.Text != tt.text ||
				!strings.Contains(got[0].Detail, "is set whole in") {
				t.Fatalf("signals %+v (%s), want one font_mismatch of %.2f on %q", v.Signals, v.Result, loneFamilyWeight, tt.text)
			}
		})
	}
}
