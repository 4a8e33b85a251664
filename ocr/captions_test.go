package ocr

import (
	"strings"
	"testing"
)

// TestMendCaptions: a card's caption OCR read as its look-alikes is read
// as printed, an AAMVA number glued to its caption is parted from it, and
// words that are no caption's misreading (values, names, running text,
// a number no value follows) are left as read.
func TestMendCaptions(t *testing.T) {
	cases := []struct {
		name, line, want string
	}{
		{"L and I run into a U", "UCENSE NUMBER", "LICENSE NUMBER"},
		{"licensee", "UCENSEE", "LICENSEE"},
		{"with its colon", "UCENSE:", "LICENSE:"},
		{"D read as O", "4d OLN 7731046", "4d DLN 7731046"},
		{"a heading's D", "ORIVER LICENSE", "DRIVER LICENSE"},
		{"DOB with a zero", "D0B 11/30/1990", "DOB 11/30/1990"},
		{"AAMVA number glued to DOB", "3008 11/30/1990", "3 DOB 11/30/1990"},
		{"AAMVA number glued, lower-case l", "4alSS 04/18/2024", "4a ISS 04/18/2024"},
		{"AAMVA caption lost a letter", "4a SS 04/18/2024", "4a ISS 04/18/2024"},
		{"AAMVA caption's I read as a bracket", "4a (SS 04/18/2024", "4a ISS 04/18/2024"},
		{"AAMVA caption lost its L", "4d ON 7731046", "4d DLN 7731046"},
		{"AAMVA caption in digits", "3 008 11/30/1990", "3 DOB 11/30/1990"},
		{"captions read right", "4b EXP 11/30/2032 LICENSE DOB", "4b EXP 11/30/2032 LICENSE DOB"},
		{"another case is no misreading", "ExP 11/30/2032", "ExP 11/30/2032"},
		{"a house number", "3008 ALDER ST", "3008 ALDER ST"},
		{"a house number on a numbered street", "3008 5TH AVE", "3008 5TH AVE"},
		{"a number alone", "ID 008", "ID 008"},
		{"digits alone are no caption", "155 11/30/1990", "155 11/30/1990"},
		{"running text", "This tcense must be carried", "This tcense must be carried"},
		{"lower-case words", "Dob Oob", "Dob Oob"},
		{"a state after a number", "3 ND 58102", "3 ND 58102"},
		{"no value after the AAMVA caption", "4a SS", "4a SS"},
		{"a name after a number", "1 SZYMANSKI", "1 SZYMANSKI"},
	}
	for _, tc := range cases {
		var words []Word
		left := 0
		for _, s := range strings.Fields(tc.line) {
			words = append(words, Word{Text: s, Left: left, Width: 10 * len(s), Confidence: 90})
			left += 10*len(s) + 10
		}
		got, changed := mendCaptions(words)
		var texts []string
		for _, w := range got {
			texts = append(texts, w.Text)
		}
		if strings.Join(texts, " ") != tc.want {
			t.Errorf("%s: %q read as %q, want %q", tc.name, tc.line, strings.Join(texts, " "), tc.want)
		}
		if changed != (tc.want != tc.line) {
			t.Errorf("%s: changed = %v", tc.name, changed)
		}
	}
}

// TestMendCaptionsPartsGluedNumber: "3008" is parted into "3" and "DOB"
// within its box, on its line, at its confidence, and the words around it
// keep theirs.
func TestMendCaptionsPartsGluedNumber(t *testing.T) {
	words := []Word{
		{Text: "1", Left: 10, Width: 8, Line: 0, Confidence: 93},
		{Text: "SZYMANSKI", Left: 30, Width: 120, Line: 0, Confidence: 82},
		{Text: "3008", Left: 10, Width: 60, Line: 1, Confidence: 69},
		{Text: "11/30/1990", Left: 80, Width: 120, Line: 1, Confidence: 77},
	}
	got, changed := mendCaptions(words)
	if !changed || len(got) != 5 {
		t.Fatalf("mended = %+v", got)
	}
	if n, c := got[2], got[3]; n.Text != "3" || n.Left != 10 || n.Width != 15 || c.Text != "DOB" || c.Left != 25 || c.Width != 45 ||
		n.Line != 1 || c.Line != 1 || c.Confidence != 69 {
		t.Fatalf("parted into %+v and %+v", n, c)
	}
	if got[1] != words[1] || got[4] != words[3] || words[2].Text != "3008" {
		t.Fatalf("other words changed: %+v (read %+v)", got, words)
	}
	res := Result{Width: 300, Height: 100}.WithWords(got)
	if res.Text != "1 SZYMANSKI\n3 DOB 11/30/1990" {
		t.Fatalf("text = %q", res.Text)
	}
}

// TestJoinSplitCaptions: a caption word Tesseract read as two pieces
// ('~' below: 3 px apart, a letter being 10 px wide) is one word again,
// its box both pieces'; pieces a column's gap apart, pieces whose joining
// is no caption word or that are caption words both, and a capital or a
// digit after the first piece (a word of its own) stay apart.
func TestJoinSplitCaptions(t *testing.T) {
	cases := []struct {
		name, line, want string
	}{
		{"title case", "Date Ad~ministered: 07/28/2025", "Date Administered: 07/28/2025"},
		{"a suffix parted", "Result Interpret~ation Negative", "Result Interpretation Negative"},
		{"upper case", "EMPLOY~EE NAME", "EMPLOYEE NAME"},
		{"a letter lost where it parted", "Inte~pretation Negative", "Interpretation Negative"},
		{"an upper-case letter lost", "INTE~PRETATION: NEGATIVE", "INTERPRETATION: NEGATIVE"},
		{"a letter lost from a short caption", "Ex~ires: 06/26/2027", "Ex~ires: 06/26/2027"},
		{"a column's gap apart", "Date Ad ministered: 07/28/2025", "Date Ad ministered: 07/28/2025"},
		{"two caption words", "BIRTH~DATE CARD~HOLDER", "BIRTH~DATE CARD~HOLDER"},
		{"a capital starts a word", "Birth~Date 11/08/1987", "Birth~Date 11/08/1987"},
		{"cases differ", "EMPLOY~ee", "EMPLOY~ee"},
		{"no caption joined", "Smith~son Care~ful", "Smith~son Care~ful"},
		{"digits", "Lot~A123 07/28~2025", "Lot~A123 07/28~2025"},
		{"three pieces", "Ad~minis~tered", "Ad~minis~tered"},
	}
	for _, tc := range cases {
		var words []Word
		left := 0
		for _, s := range strings.Fields(tc.line) {
			for i, p := range strings.Split(s, "~") {
				if i > 0 {
					left -= 17
				}
				words = append(words, Word{Text: p, Left: left, Width: 10 * len(p), Top: 5 + i, Height: 20, Confidence: float64(90 - i)})
				left += 10*len(p) + 20
			}
		}
		got, changed := joinSplitCaptions(words)
		var texts []string
		for i, w := range got {
			if i > 0 && w.Left-(got[i-1].Left+got[i-1].Width) < 20 {
				texts = append(texts, "~"+w.Text)
				continue
			}
			texts = append(texts, " "+w.Text)
		}
		if s := strings.TrimSpace(strings.Join(texts, "")); s != tc.want {
			t.Errorf("%s: %q read as %q, want %q", tc.name, tc.line, s, tc.want)
		}
		if changed != (tc.want != tc.line) {
			t.Errorf("%s: changed = %v", tc.name, changed)
		}
	}
	words := []Word{
		{Text: "Ad", Left: 100, Top: 12, Width: 30, Height: 22, Confidence: 93, Line: 4, Block: 2},
		{Text: "ministered:", Left: 133, Top: 10, Width: 140, Height: 25, Confidence: 88, Line: 4, Block: 2},
	}
	got, _ := joinSplitCaptions(words)
	if want := (Word{Text: "Administered:", Left: 100, Top: 10, Width: 173, Height: 25, Confidence: 88, Line: 4, Block: 2}); len(got) != 1 || got[0] != want {
		t.Errorf("joined into %+v, want %+v", got, want)
	}
}
