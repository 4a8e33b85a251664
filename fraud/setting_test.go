package fraud

import (
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
)

// TestOddSetting: a date or the holder's name retyped in the template's
// font and size but painted otherwise than every other word of the page
// (a grey a shade off black, its own character spacing or horizontal
// scale) flags; a colour or a stroked bold of its own is told at a
// weight that does not flag alone; a card as issued, links in blue and a
// page printing in several colours say nothing.
func TestOddSetting(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez",
		"issue_date": "2026-06-09", "expiration_date": "2028-06-30"}
	// card prints a training card; paint sets how its renewal date is
	// painted (raw content-stream operators before it, reset after) and
	// extra draws more.
	card := func(paint func(p *fpdf.Fpdf), extra func(p *fpdf.Fpdf)) func(p *fpdf.Fpdf) {
		return func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Helvetica", "B", 18, "Basic Life Support Provider"))
			say(p, 72, 110, seg("Helvetica", "", 11, "This card certifies that the individual named below has completed the course."))
			say(p, 72, 150, seg("Helvetica", "", 12, "Name:"), seg("Helvetica", "", 12, "Maria Alvarez"))
			say(p, 72, 174, seg("Helvetica", "", 12, "Issue Date:"), seg("Helvetica", "", 12, "06/09/2026"))
			say(p, 72, 198, seg("Helvetica", "", 12, "Recommended Renewal Date:"))
			if paint != nil {
				paint(p)
			}
			say(p, 230, 198, seg("Helvetica", "", 12, "06/30/2028"))
			p.SetTextColor(0, 0, 0)
			p.RawWriteStr("0 Tc 100 Tz 0 Tr\n")
			say(p, 72, 222, seg("Helvetica", "", 12, "Training Center: Riverside Medical Training Center"))
			if extra != nil {
				extra(p)
			}
		}
	}
	raw := func(ops string) func(p *fpdf.Fpdf) { return func(p *fpdf.Fpdf) { p.RawWriteStr(ops + "\n") } }
	color := func(r, g, b int) func(p *fpdf.Fpdf) { return func(p *fpdf.Fpdf) { p.SetTextColor(r, g, b) } }
	tests := []struct {
		name string
		draw func(p *fpdf.Fpdf)
		w    float64 // 0: no signal
		what string
		text string // the value flagged: the renewal date unless told
	}{
		{"a card as issued", card(nil, nil), 0, "", ""},
		{"the name retyped with its initial at a character spacing of its own", func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Helvetica", "B", 18, "Basic Life Support Provider"))
			say(p, 72, 110, seg("Helvetica", "", 11, "This card certifies that the individual named below has completed the course."))
			say(p, 72, 150, seg("Helvetica", "", 12, "Name:"))
			p.RawWriteStr("0.35 Tc\n")
			say(p, 120, 150, seg("Helvetica", "", 12, "Maria J. Alvarez"))
			p.RawWriteStr("0 Tc\n")
			say(p, 72, 174, seg("Helvetica", "", 12, "Issue Date: 06/09/2026"))
			say(p, 72, 198, seg("Helvetica", "", 12, "Recommended Renewal Date: 06/30/2028"))
			say(p, 72, 222, seg("Helvetica", "", 12, "Training Center: Riverside Medical Training Center"))
		}, oddSettingWeight, "character spacing", "Maria"},
		{"the name with its initial in a grey of its own (a design's)", func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Helvetica", "B", 18, "Basic Life Support Provider"))
			say(p, 72, 110, seg("Helvetica", "", 11, "This card certifies that the individual named below has completed the course."))
			say(p, 72, 150, seg("Helvetica", "", 12, "Name:"))
			p.SetTextColor(60, 60, 60)
			say(p, 120, 150, seg("Helvetica", "", 12, "Maria J. Alvarez"))
			p.SetTextColor(0, 0, 0)
			say(p, 72, 174, seg("Helvetica", "", 12, "Issue Date: 06/09/2026"))
			say(p, 72, 198, seg("Helvetica", "", 12, "Recommended Renewal Date: 06/30/2028"))
			say(p, 72, 222, seg("Helvetica", "", 12, "Training Center: Riverside Medical Training Center"))
		}, 0, "", ""},
		{"the renewal date retyped in a grey of 0.1", card(color(26, 26, 26), nil), oddSettingWeight, "a shade off", ""},
		{"the renewal date retyped with a character spacing", card(raw("0.4 Tc"), nil), oddSettingWeight, "character spacing", ""},
		{"the renewal date retyped at a horizontal scale of 93%", card(raw("93 Tz"), nil), oddSettingWeight, "horizontal scale", ""},
		{"the renewal date in red (design may stress it)", card(color(200, 0, 0), nil), oddSettingDesignWeight, "a colour of its own", ""},
		{"the renewal date stroked (a bold faked, or design)", card(raw("0.3 w 2 Tr"), nil), oddSettingDesignWeight, "render mode 2", ""},
		{"a certificate's name at display size, spaced out", card(nil, func(p *fpdf.Fpdf) {
			p.RawWriteStr("2 Tc\n")
			say(p, 72, 300, seg("Helvetica", "B", 24, "MARIA ALVAREZ"))
			p.RawWriteStr("0 Tc\n")
		}), 0, "", ""},
		{"a link in blue", card(nil, func(p *fpdf.Fpdf) {
			p.SetTextColor(0, 0, 200)
			say(p, 72, 260, seg("Helvetica", "", 10, "heart.org/cpr/mycards"))
		}), 0, "", ""},
		{"a page of several greys, the date in one a label uses too", card(color(60, 60, 60), func(p *fpdf.Fpdf) {
			p.SetTextColor(60, 60, 60)
			say(p, 72, 260, seg("Helvetica", "", 10, "Keep this card with you."))
		}), 0, "", ""},
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
			text := tt.text
			if text == "" {
				text = "06/30/2028"
			}
			if len(got) != 1 || got[0].Weight != tt.w || got[0].Evidence == nil || got[0].Evidence.Text != text ||
				!strings.Contains(got[0].Detail, tt.what) || !strings.Contains(got[0].Detail, "no other word of the page uses") {
				t.Fatalf("signals %+v, want one font_mismatch of %.2f on %q, %q", v.Signals, tt.w, text, tt.what)
			}
			if want := tt.w >= 0.5; (v.Result == Fraudulent) != want {
				t.Fatalf("result %s at score %.2f", v.Result, v.Score)
			}
		})
	}
}
