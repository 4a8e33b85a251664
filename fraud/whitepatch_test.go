package fraud

import "testing"

// TestWhitePatch: a date painted over in white on a scan (a grainy one,
// or one whose paper shows no grain but is a few levels grey) and typed
// again sits on paper flatter or whiter than any other word's; the same
// date scanned with the rest, a word that is no fact painted so, and a
// patch in the paper's own tone on a scan with no grain say nothing.
func TestWhitePatch(t *testing.T) {
	checkPaintedCases(t, checkWhitePatch, whitePatchWeight, []paintedCase{
		{"the date painted over in white on a grainy scan", "07/12/2027", patch{5, 10, 255}, 6, `the paper around "07/12/2027" is whiter (25`},
		{"the date painted over in white on a scan with no grain", "07/12/2027", patch{5, 10, 255}, 0, `the paper around "07/12/2027" is whiter (25`},
		{"the date scanned with the rest", "07/12/2027", patch{}, 6, ""},
		{"a word that is no fact painted over in white", "Station", patch{5, 10, 255}, 6, ""},
		{"a patch in the paper's tone on a scan with no grain", "07/12/2027", patch{5, 10, 0}, 0, ""},
	})
}
