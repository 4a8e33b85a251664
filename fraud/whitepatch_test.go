package fraud

import (
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/pagetext"
)

// TestWhitePatch: a date painted over in white on a scan (a grainy one,
// or one whose paper shows no grain but is a few levels grey) and typed
// again sits on paper flatter or whiter than any other word's; the same
// date scanned with the rest, a word that is no fact painted so, and a
// patch in the paper's own tone on a scan with no grain say nothing.
func TestWhitePatch(t *testing.T) {
	fields := map[string]any{"expiration_date": "2027-07-12", "issue_date": "2025-07-12", "full_name": "Maria Nowak"}
	tests := []struct {
		name  string
		value string
		patch patch
		grain int
		want  string
	}{
		{"the date painted over in white on a grainy scan", "07/12/2027", patch{5, 10, 255}, 6, `the paper around "07/12/2027" is whiter (25`},
		{"the date painted over in white on a scan with no grain", "07/12/2027", patch{5, 10, 255}, 0, `the paper around "07/12/2027" is whiter (25`},
		{"the date scanned with the rest", "07/12/2027", patch{}, 6, ""},
		{"a word that is no fact painted over in white", "Station", patch{5, 10, 255}, 6, ""},
		{"a patch in the paper's tone on a scan with no grain", "07/12/2027", patch{5, 10, 0}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, page := scanPainted(t, tt.value, false, tt.patch, tt.grain)
			up, err := ReadUpload(img)
			if err != nil {
				t.Fatal(err)
			}
			ev := Evidence{File: FileMeta{FromImage: true}, DocumentType: "bls", Fields: fields, AsOf: asOf, Pages: []pagetext.Page{page}, Upload: up}
			var s signals
			checkWhitePatch(newDoc(ev), &s)
			got := s.has(CodeCoveredText)
			if got != (tt.want != "") {
				t.Fatalf("covered_text %v, want %q: %+v", got, tt.want, s.list)
			}
			if got && (s.list[0].Weight != whitePatchWeight || !strings.Contains(s.list[0].Detail, tt.want)) {
				t.Fatalf("signal %+v", s.list[0])
			}
		})
	}
}
