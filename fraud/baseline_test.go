package fraud

import (
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
)

// TestOffBaselineValue: a date or the holder's name drawn again in the
// template's own font and size a fraction of a point off the baseline its
// label keeps, on a page whose other lines each keep one, flags; a card
// as issued, a value off by less than a fifth of a point, a page whose
// producer sets two lines off, and a value in a face the page never pairs
// with its label on one line say nothing of it.
func TestOffBaselineValue(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez",
		"issue_date": "2026-06-09", "expiration_date": "2028-06-30"}
	// card prints a training card, its name row dy and its renewal date dr
	// points below their labels (fpdf's y grows down); font sets the
	// renewal date's face; extra draws more.
	card := func(dy, dr float64, font string, extra func(p *fpdf.Fpdf)) func(p *fpdf.Fpdf) {
		return func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Helvetica", "B", 18, "Basic Life Support Provider"))
			say(p, 72, 110, seg("Helvetica", "", 11, "This card certifies that the individual named below has completed the course."))
			say(p, 72, 150, seg("Helvetica", "", 12, "Name:"))
			say(p, 130, 150+dy, seg("Helvetica", "", 12, "Maria Alvarez"))
			say(p, 72, 174, seg("Helvetica", "", 12, "Issue Date:"), seg("Helvetica", "", 12, "06/09/2026"))
			say(p, 72, 198, seg("Helvetica", "", 12, "Recommended Renewal Date:"))
			say(p, 230, 198+dr, seg(font, "", 12, "06/30/2028"))
			say(p, 72, 222, seg("Helvetica", "", 12, "Training Center: Riverside Medical Training Center"))
			say(p, 72, 246, seg("Helvetica", "", 12, "Instructor: Angela Tamayo"))
			say(p, 72, 290, seg("Helvetica", "", 10, "To verify this card visit heart.org and enter the code shown."))
			if extra != nil {
				extra(p)
			}
		}
	}
	tests := []struct {
		name string
		draw func(p *fpdf.Fpdf)
		want string // the value flagged; "" none
	}{
		{"a card as issued", card(0, 0, "Helvetica", nil), ""},
		{"the renewal date redrawn 0.5 pt low", card(0, 0.5, "Helvetica", nil), "06/30/2028"},
		{"the renewal date redrawn 0.3 pt high", card(0, -0.3, "Helvetica", nil), "06/30/2028"},
		{"the name redrawn 0.8 pt low", card(0.8, 0, "Helvetica", nil), "Maria Alvarez"},
		{"the renewal date a tenth of a point low (a producer's rounding)", card(0, 0.1, "Helvetica", nil), ""},
		{"two lines off: a producer that does not keep its baselines", card(0.6, 0.5, "Helvetica", nil), ""},
		{"the renewal date in a face no line pairs with its label", card(0, 0.5, "Times", nil), ""},
		{"a footnote mark raised beside the name", card(0, 0, "Helvetica", func(p *fpdf.Fpdf) {
			say(p, 205, 146, seg("Helvetica", "", 7, "1"))
		}), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(evidence(t, page(t, tt.draw), "bls", fields, asOf), "MEDIUM")
			var got []Signal
			for _, s := range signalsOf(v, CodeBaselineShift) {
				if strings.Contains(s.Detail, "every other line") {
					got = append(got, s)
				}
			}
			if tt.want == "" {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != offBaselineValueWeight || got[0].Evidence == nil || got[0].Evidence.Text != tt.want {
				t.Fatalf("signals %+v, want one baseline_shift of %.2f on %q", v.Signals, offBaselineValueWeight, tt.want)
			}
			if v.Result != Fraudulent {
				t.Fatalf("result %s at score %.2f", v.Result, v.Score)
			}
		})
	}
}
