package fraud

import (
	"os"
	"strings"
	"testing"
)

// TestSecondCopy: a BLS card's renewal date deleted from its page and
// drawn again in the card's own font by another file laid over it, then
// printed to PDF by Ghostscript, shows that font twice under two subset
// tags, the second printing the date alone (testdata/second_subset.pdf: a
// ReportLab page in Liberation Sans, the date's string blanked with qpdf,
// the new date drawn by ReportLab on a page of its own and put over it with
// `qpdf --overlay`, then `gs -sDEVICE=pdfwrite`); the card as issued, printed
// by Ghostscript alike (second_subset_clean.pdf), shows one.
func TestSecondCopy(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez",
		"issue_date": "2025-03-14", "expiration_date": "2027-01-14", "certificate_id": "255609847312"}
	for _, tt := range []struct{ file, want string }{
		{"second_subset", "01/14/2027"},
		{"second_subset_clean", ""},
	} {
		t.Run(tt.file, func(t *testing.T) {
			pdf, err := os.ReadFile("testdata/" + tt.file + ".pdf")
			if err != nil {
				t.Fatal(err)
			}
			f := fields
			if tt.want == "" {
				f = map[string]any{}
				for k, v := range fields {
					f[k] = v
				}
				f["expiration_date"] = "2027-03-14"
			}
			v := Assess(evidence(t, pdf, "bls", f, asOf), "MEDIUM")
			got := signalsOf(v, CodeFontMismatch)
			if tt.want == "" {
				if len(got) > 0 || v.Result != Clean {
					t.Fatalf("clean card: %+v", v.Signals)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != secondCopyWeight || got[0].Evidence == nil || got[0].Evidence.Text != tt.want ||
				!strings.Contains(got[0].Detail, "second copy") || !strings.Contains(got[0].Detail, "LiberationSans") {
				t.Fatalf("signals %+v, want one font_mismatch of %.2f on %q", v.Signals, secondCopyWeight, tt.want)
			}
		})
	}
}
