package fraud

import (
	"os"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/fraud/pdfdraw"
)

// TestSecondCopy: a BLS card's renewal date deleted from its page and
// drawn again in the card's own font by another file laid over it, then
// printed to PDF by Ghostscript, shows that font twice under two subset
// tags, the second printing the date alone (testdata/second_subset.pdf: a
// ReportLab page in Liberation Sans, the date's string blanked with qpdf,
// the new date drawn by ReportLab on a page of its own and put over it with
// `qpdf --overlay`, then `gs -sDEVICE=pdfwrite`); the card as issued, printed
// by Ghostscript alike (second_subset_clean.pdf), shows one.
//
// A name retyped by editing the file (testdata/second_object.pdf: the card
// as issued to Maria Alvarez, through `qpdf --json-output`, its name's
// string drawn instead in a second AAAAAA+LiberationSans object taken
// from a ReportLab page of its own, whose font was cut by fontTools to
// the new name's glyphs, and `qpdf --json-input` back) shows the font
// twice under one name and tag, the programs of other lengths.
func TestSecondCopy(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez",
		"issue_date": "2025-03-14", "expiration_date": "2027-01-14", "certificate_id": "255609847312"}
	with := func(kv ...string) map[string]any {
		f := map[string]any{}
		for k, v := range fields {
			f[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			f[kv[i]] = kv[i+1]
		}
		return f
	}
	for _, tt := range []struct {
		file   string
		fields map[string]any
		want   string
		detail []string
	}{
		{"second_subset", fields, "01/14/2027", []string{"second copy", "LiberationSans"}},
		{"second_subset_clean", with("expiration_date", "2027-03-14"), "", nil},
		{"second_object", with("expiration_date", "2027-03-14", "full_name", "Rachel Dunmore", "first_name", "Rachel", "last_name", "Dunmore"),
			"Rachel Dunmore", []string{"font object 10", "second AAAAAA+LiberationSans beside object 9", "another embedded program"}},
	} {
		t.Run(tt.file, func(t *testing.T) {
			pdf, err := os.ReadFile("testdata/" + tt.file + ".pdf")
			if err != nil {
				t.Fatal(err)
			}
			v := Assess(evidence(t, pdf, "bls", tt.fields, asOf), "MEDIUM")
			got := signalsOf(v, CodeFontMismatch)
			if tt.want == "" {
				if len(got) > 0 || v.Result != Clean {
					t.Fatalf("clean card: %+v", v.Signals)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != secondCopyWeight || got[0].Evidence == nil || got[0].Evidence.Text != tt.want {
				t.Fatalf("signals %+v, want one font_mismatch of %.2f on %q", v.Signals, secondCopyWeight, tt.want)
			}
			for _, d := range tt.detail {
				if !strings.Contains(got[0].Detail, d) {
					t.Errorf("detail %q lacks %q", got[0].Detail, d)
				}
			}
		})
	}
}

// TestSecondObjectNewGlyphs: a date printing a digit the page's copy of
// the face lacks is told when its object bears the page's name and subset
// tag (a tag names one subset in a file: no producer tags its second
// subset alike), and not when it bears a tag of its own or none (a
// producer's second subset, or a full font's second encoding, for the
// glyphs the first lacks).
func TestSecondObjectNewGlyphs(t *testing.T) {
	f := facts{dates: []string{"01/14/2028"}}
	page := func(valueFont string, valueLen int) *uploadPage {
		body := &pdfdraw.Font{Obj: 9, Program: 18, ProgramLen: 17264, WidthsFrom: pdfdraw.WidthsFile}
		face := &pdfdraw.Font{Obj: 10, Program: 19, ProgramLen: valueLen, WidthsFrom: pdfdraw.WidthsFile}
		p := &uploadPage{box: pdfdraw.Rect{X1: 612, Y1: 792}}
		for i, w := range strings.Fields("Licensee Maria Alvarez License Number 201904417RN Issue Date 03/14/2025 Expiration Date Status Active") {
			p.marks = append(p.marks, pdfdraw.Mark{Kind: pdfdraw.Text, Text: w, Font: "AAAAAA+Face", Face: body, Baseline: float64(700 - 20*i)})
		}
		p.marks = append(p.marks, pdfdraw.Mark{Kind: pdfdraw.Text, Text: "01/14/2028", Font: valueFont, Face: face, Baseline: 300,
			Box: pdfdraw.Rect{X0: 250, Y0: 297, X1: 310, Y1: 309}})
		return p
	}
	for _, tt := range []struct {
		name, font string
		length     int
		want       bool
	}{
		{"same tag, another program", "AAAAAA+Face", 4210, true},
		{"same tag, the same program", "AAAAAA+Face", 17264, false},
		{"a tag of its own", "BBBBBB+Face", 4210, false},
	} {
		var s signals
		secondCopy(&s, 1, page(tt.font, tt.length), f)
		if got := len(s.list) == 1; got != tt.want {
			t.Errorf("%s: signals %+v, want told %v", tt.name, s.list, tt.want)
		}
	}
}
