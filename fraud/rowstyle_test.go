package fraud

import (
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
)

// TestOddRowValue: a labelled row's date or name retyped in the
// template's own face, a point or so larger or smaller, with nothing
// left under it, among rows that set their values alike (the label and
// its value in one phrase, or the value in a column of its own, a label
// without a colon); a value set bold is told at a weight that does not
// flag alone; a page whose rows' values differ, too few rows, a value at
// display size and a rounding say nothing.
func TestOddRowValue(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez",
		"issue_date": "2026-06-09", "expiration_date": "2028-06-30"}
	labels := []string{"Name:", "Issue Date:", "Recommended Renewal Date:", "eCard Code:", "Training Center:"}
	values := []string{"Maria Alvarez", "06/09/2026", "06/30/2028", "265609847312", "Riverside Medical Training Center"}
	// card prints the rows, each value after its label in one phrase
	// (column 0) or in a column of its own; the row odd is set in style
	// and size; rows limits them.
	card := func(column float64, odd int, style string, size float64, rows int, noColon bool) func(p *fpdf.Fpdf) {
		return func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Helvetica", "B", 18, "Basic Life Support Provider"))
			say(p, 72, 110, seg("Helvetica", "", 11, "This card certifies that the individual named below has completed the course."))
			for i := range rows {
				label := labels[i]
				if noColon {
					label = strings.TrimSuffix(label, ":")
				}
				st, sz := "", 12.0
				if i == odd {
					st, sz = style, size
				}
				y := 150 + float64(i)*24
				if column == 0 {
					say(p, 72, y, seg("Helvetica", "", 12, label), seg("Helvetica", st, sz, values[i]))
					continue
				}
				say(p, 72, y, seg("Helvetica", "", 12, label))
				say(p, column, y, seg("Helvetica", st, sz, values[i]))
			}
		}
	}
	tests := []struct {
		name string
		draw func(p *fpdf.Fpdf)
		text string
		w    float64 // 0: no signal
	}{
		{"a card as issued", card(0, -1, "", 12, 5, false), "", 0},
		{"the renewal date retyped 0.8 pt larger", card(0, 2, "", 12.8, 5, false), "06/30/2028", oddRowSizeWeight},
		{"the name retyped 1.5 pt smaller", card(0, 0, "", 10.5, 5, false), "Maria Alvarez", oddRowSizeWeight},
		{"the name a half point larger (a design's stress as often)", card(0, 0, "", 12.6, 5, false), "Maria Alvarez", oddRowWeightWeight},
		{"the name retyped a point larger", card(0, 0, "", 13, 5, false), "Maria Alvarez", oddRowSizeWeight},
		{"the renewal date retyped larger in its own column, labels without colons", card(250, 2, "", 13.5, 5, true), "06/30/2028", oddRowSizeWeight},
		{"the renewal date in bold (design may stress it)", card(0, 2, "B", 12, 5, false), "06/30/2028", oddRowWeightWeight},
		{"the renewal date a hair larger (a rounding)", card(0, 2, "", 12.3, 5, false), "", 0},
		{"the name at display size", card(0, 0, "", 18, 5, false), "", 0},
		{"three rows: too few to tell the template's style", card(0, 2, "", 13.5, 3, false), "", 0},
		{"rows whose values differ (a form filled in)", func(p *fpdf.Fpdf) {
			card(0, 2, "", 13.5, 5, false)(p)
			say(p, 72, 300, seg("Helvetica", "", 12, "Instructor:"), seg("Helvetica", "", 11, "Angela Tamayo"))
		}, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(evidence(t, page(t, tt.draw), "bls", fields, asOf), "MEDIUM")
			got := signalsOf(v, CodeFontMismatch)
			if tt.w == 0 {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != tt.w || got[0].Evidence == nil || got[0].Evidence.Text != tt.text ||
				!strings.Contains(got[0].Detail, "other labelled rows set their values alike") {
				t.Fatalf("signals %+v, want one font_mismatch of %.2f on %q", v.Signals, tt.w, tt.text)
			}
			if want := tt.w >= 0.5; (v.Result == Fraudulent) != want {
				t.Fatalf("result %s at score %.2f", v.Result, v.Score)
			}
		})
	}
}
