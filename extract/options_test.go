package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestCheckedOption: a form's answer is the word whose own box, the one
// just before it, is ticked, as text layers and OCR render the boxes; an
// unticked word never decides, and boxes that cannot be told ticked from
// empty decide nothing.
func TestCheckedOption(t *testing.T) {
	for _, tt := range []struct {
		line string
		want string // "" undecided
	}{
		{"☒ Negative ☐ Positive", "negative"},
		// A form's no-break, thin or tab spaces between box and word.
		{"☒\u00a0Negative ☐\u00a0Positive", "negative"},
		{"☐\u00a0Negative\u00a0\u00a0☒\u00a0Positive", "positive"},
		{"☒\u2009Negative\u2003☐\u2009Positive", "negative"},
		{"☒\tNegative\t☐\tPositive", "negative"},
		{"☐ Negative ☒ Positive", "positive"},
		{"Result: ☒ Negative   ☐ Positive", "negative"},
		{"Result: ☐ Negative   ☒ Positive", "positive"},
		{"[X] Negative [ ] Positive", "negative"},
		{"[ ] Negative [X] Positive", "positive"},
		{"[x] Negative  [] Positive", "negative"},
		{"Resut {X) Negative", "negative"},
		{"(X) Negative (_] Positive", "negative"},
		{"[_] Negative [X] Positive", "positive"},
		{"[—] Negative x] Positive", "positive"},
		{"X Negative O Positive", "negative"},
		{"O Negative X Positive", "positive"},
		{"0 Negative X Positive", "positive"},
		{"C] Negative [X] Positive", "positive"},
		{"X] Negative _.] Positive", "negative"},
		{"_] Negative x] Positive", "positive"},
		{"[X] Negative CO Positive", "negative"},
		{"Negative [X]  Positive [ ]", "negative"},
		{"Negative [ ]  Positive [X]", "positive"},
		// Marks that cannot be told apart decide nothing.
		{"@ Negative O Positive", ""},
		{"@ Negative @ Positive", ""},
		{"[X] Negative [X] Positive", ""},
		{"[ ] Negative [ ] Positive", ""},
		{"☐ Negative ☐ Positive", ""},
		{"O Negative O Positive", ""},
		// Boxes written apart from their words cannot be given to them.
		{"Negative Positive ☒ ☐", ""},
		{"☐ ☒ Negative Positive", ""},
		{"Result: Negative  Positive  [X] [ ]", ""},
		// An unticked word never decides, even alone.
		{"☐ Positive", ""},
		{"[ ] Negative", ""},
		{"Negative / Positive", ""},
		{"Negative\u00a0/\u00a0Positive", ""},
		{"Negative\u00a0\u00a0\u00a0Positive", ""},
		{"{ ) Negative", ""},
		{"[ X ] Negative [ ] Positive", "negative"},
		{"[X] | Negative", "negative"},
		{"Result (mm) 0 Negative", "negative"},
		{"O Negative", ""},
		{"0 Positive", ""},
		{"PPD (Mantoux) 07-APR-2026 09-APR-2026 0 Negative Dana Whitfield, RN", "negative"},
		{"(_] Negative", ""},
		{"C] Negative", ""},
		{"[e] Negative [ ] Positive", ""},
		{"x] Negative [—] Positive", "negative"},
		{"x] Negative @ Positive", ""},
	} {
		s := resultText(tt.line)
		got, ok := choose(s, findOptions(s, resultOptions))
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%q: chose %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestUndecidedBoxesAreUncertain: a result offered beside boxes that
// cannot be told apart is reported uncertain (below its threshold), never
// left out as if the form had none, and never passes.
func TestUndecidedBoxesAreUncertain(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct{ typ, text string }{
		{"tb_skin_test", "TB Skin Test Record\nPatient: Maria Alvarez\nResult: @ Negative @ Positive"},
		{"tb_skin_test", "TB Skin Test Record\nPatient: Maria Alvarez\nResult: [X] Negative [X] Positive"},
		{"tb_skin_test", "TB Skin Test Record\nPatient: Maria Alvarez\nResult:\nO Negative\nO Positive"},
		{"drug_screen", "Urine Drug Screen\nDonor: Maria Alvarez\nResult: [e] Negative [ ] Positive"},
		{"fit_test", "Respirator Fit Test\nEmployee: Maria Alvarez\nResult: @ Pass @ Fail"},
		// The boxes on a line of their own, above their words.
		{"tb_skin_test", "TB Skin Test Record\nPatient: Maria Alvarez\n☒          ☐\nResult: Negative    Positive"},
	} {
		res := Extract(c, tt.typ, tt.text, testAsOf)
		v, ok := res.Fields["result"]
		if !ok {
			t.Errorf("%s %q: no result, want one reported uncertain", tt.typ, tt.text)
			continue
		}
		if conf := res.Confidence["result"]; conf >= c.ConfidenceThreshold("result") {
			t.Errorf("%s %q: result %v read surely (%.2f), want uncertain", tt.typ, tt.text, v, conf)
		}
	}
}

// TestBoxesApartFromTheirWords: a text layer's boxes set a little above
// their words' baseline stand on a line of their own; the box just left
// of an answer, at its height, is that answer's.
func TestBoxesApartFromTheirWords(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		neg, pos string
		want     any
	}{
		{"☒", "☐", "negative"},
		{"☐", "☒", "positive"},
		{"☐", "☐", nil},
		{"☒", "☒", nil},
	} {
		// Boxes 3 points above the words: their own line in the text.
		p := ocrPage(
			word{x: 40, y: 60, text: "TB", conf: 100}, word{x: 55, y: 60, text: "Skin", conf: 100}, word{x: 80, y: 60, text: "Test", conf: 100},
			word{x: 40, y: 80, text: "Patient:", conf: 100, line: 1}, word{x: 85, y: 80, text: "Maria", conf: 100, line: 1},
			word{x: 115, y: 80, text: "Alvarez", conf: 100, line: 1},
			word{x: 80, y: 96, text: tt.neg, conf: 100, wd: 7, line: 2}, word{x: 140, y: 96, text: tt.pos, conf: 100, wd: 7, line: 2},
			word{x: 40, y: 100, text: "Result:", conf: 100, line: 3},
			word{x: 90, y: 100, text: "Negative", conf: 100, line: 3}, word{x: 150, y: 100, text: "Positive", conf: 100, line: 3},
		)
		res := Read(c, "tb_skin_test", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		if got := sureField(c, res, "result"); got != tt.want {
			t.Errorf("%s Negative %s Positive: result %v (conf %.2f), want %v\n%s", tt.neg, tt.pos, res.Fields["result"], res.Confidence["result"], tt.want, p.Text())
		}
	}
}

// TestUndecidedClearance: an examiner's determination offered beside
// boxes that cannot be told apart is reported uncertain, not missing.
func TestUndecidedClearance(t *testing.T) {
	c := catalog.MustLoad()
	text := "Fitness for Duty Evaluation\nEmployee: Maria Alvarez\nExam Date: 03/02/2026\nMedical determination:\n@ Medically qualified / cleared for full duty\n@ Not qualified - referred to personal physician"
	res := Extract(c, "physical_exam", text, testAsOf)
	if _, ok := res.Fields["cleared"]; !ok {
		t.Fatalf("cleared left out, want it reported uncertain")
	}
	if got := sureField(c, res, "cleared"); got != nil {
		t.Fatalf("cleared = %v read surely, want uncertain", got)
	}
}
