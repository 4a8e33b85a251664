package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestLabTables reads lab reports' results by their tables' columns: the
// answer in a value column under its caption, not a reference column's,
// a legend's, a footnote's or a row's name; the tubes' measurements by
// their row or their caption.
func TestLabTables(t *testing.T) {
	c := catalog.MustLoad()
	head := [][]cellAt{
		{{40, "Northern Reference Laboratory"}},
		{{40, "Patient: Maria Alvarez"}, {300, "Collected: 10/02/2026"}},
		{{40, "QuantiFERON-TB Gold Plus"}},
	}
	tests := []struct {
		name string
		rows [][]cellAt
		want any
		conf float64
	}{
		{"the result column over a footnote's negative", [][]cellAt{
			{{40, "Test"}, {200, "Result"}, {280, "Units"}, {340, "Reference Interval"}},
			{{40, "Nil"}, {200, "0.08"}, {280, "IU/mL"}, {340, "<=8.00"}},
			{{40, "QFT-Plus Interpretation"}, {200, "Positive"}, {340, "Negative"}},
			{{40, "A negative result does not exclude infection with M. tuberculosis."}},
		}, "positive", confTable},
		{"a negative in its column", [][]cellAt{
			{{40, "Test"}, {200, "Result"}, {280, "Reference"}},
			{{40, "QuantiFERON-TB Gold Plus"}, {200, "NEGATIVE"}, {280, "Negative"}},
		}, "negative", confTable},
		{"a legend's rows give no answer", [][]cellAt{
			{{40, "Assay"}, {220, "Outcome"}},
			{{40, "QuantiFERON-TB Gold Plus"}, {220, "POSITIVE (A)"}},
			{{40, "Interpretation criteria"}},
			{{40, "Result"}, {220, "Criteria"}},
			{{40, "Negative"}, {220, "TB1 and TB2 minus Nil < 0.35 IU/mL"}},
			{{40, "Positive"}, {220, "TB1 or TB2 minus Nil >= 0.35 IU/mL"}},
		}, "positive", confTable},
		{"a control's row is no answer", [][]cellAt{
			{{40, "Panel"}, {200, "Spots"}, {280, "Normal"}},
			{{40, "Panel A"}, {200, "1"}, {280, "<=4"}},
			{{40, "Positive Control"}, {200, ">20"}, {280, ">=20"}},
			{{40, "Test"}, {200, "Interpretation"}},
			{{40, "T-SPOT.TB"}, {200, "Negative"}},
		}, "negative", confTable},
		{"tubes across, positive", [][]cellAt{
			{{40, "Nil"}, {120, "TB1 - Nil"}, {200, "TB2 - Nil"}, {280, "Mitogen - Nil"}},
			{{40, "0.11"}, {120, "0.92"}, {200, "1.24"}, {280, ">10.00"}},
		}, "positive", 0.85},
		{"tubes across, under the cut-off: no result", [][]cellAt{
			{{40, "Nil"}, {120, "TB1 - Nil"}, {200, "TB2 - Nil"}, {280, "Mitogen - Nil"}},
			{{40, "0.11"}, {120, "0.02"}, {200, "0.04"}, {280, ">10.00"}},
		}, nil, 0},
		{"raw tubes in rows against nil", [][]cellAt{
			{{40, "Tube"}, {200, "IU/mL"}},
			{{40, "Nil"}, {200, "0.08"}},
			{{40, "TB1"}, {200, "1.46"}},
			{{40, "TB2"}, {200, "0.10"}},
		}, "positive", 0.85},
		{"raw tubes at nil: no result", [][]cellAt{
			{{40, "Tube"}, {200, "IU/mL"}},
			{{40, "Nil"}, {200, "0.08"}},
			{{40, "TB1"}, {200, "0.12"}},
			{{40, "TB2"}, {200, "0.10"}},
		}, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := textPage(append(append([][]cellAt{}, head...), tt.rows...)...)
			got := Read(c, "tb_blood_test", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
			if v := got.Fields["result"]; v != tt.want && !(tt.want == nil && v == nil) {
				t.Fatalf("result = %#v (conf %v), want %#v", v, got.Confidence["result"], tt.want)
			}
			if tt.want != nil && got.Confidence["result"] != tt.conf {
				t.Errorf("result confidence %v, want %v", got.Confidence["result"], tt.conf)
			}
		})
	}
}

// TestCellAnswer: a cell is an answer with at most a flag beside it.
func TestCellAnswer(t *testing.T) {
	for _, tt := range []struct {
		cell string
		want string
		ok   bool
	}{
		{"POSITIVE", "positive", true},
		{"Negative (A)", "negative", true},
		{"Positive H", "positive", true},
		{"Not detected", "negative", true},
		{"Positive Control", "", false},
		{"Negative: < 0.35", "", false},
		{"Negative Positive", "", false},
		{"A negative result does not exclude infection", "", false},
	} {
		v, ok := cellAnswer(tt.cell, resultOptions)
		if v != tt.want || ok != tt.ok {
			t.Errorf("cellAnswer(%q) = %q, %v; want %q, %v", tt.cell, v, ok, tt.want, tt.ok)
		}
	}
}

// TestTableNegativeAgainstStatedResult: a table's passing answer (a
// history of earlier tests) while the page states another result under
// its label is for a person to read.
func TestTableNegativeAgainstStatedResult(t *testing.T) {
	c := catalog.MustLoad()
	page := textPage(
		[]cellAt{{40, "Northern Reference Laboratory"}},
		[]cellAt{{40, "Patient: Maria Alvarez"}, {300, "Collected: 10/02/2026"}},
		[]cellAt{{40, "QuantiFERON-TB Gold Plus"}},
		[]cellAt{{40, "Final Result: POSITIVE"}},
		[]cellAt{{40, "Previous results"}},
		[]cellAt{{40, "Collected"}, {200, "Result"}},
		[]cellAt{{40, "09/14/2025"}, {200, "Negative"}},
	)
	got := Read(c, "tb_blood_test", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
	if v := sureField(c, got, "result"); v == "negative" {
		t.Errorf("result = negative read surely (conf %v), want positive or uncertain", got.Confidence["result"])
	}
}

// TestPanelOtherTestsNoAnswer: a panel's other tests' answers are no
// answer of the TB test, whose own row gives none.
func TestPanelOtherTestsNoAnswer(t *testing.T) {
	c := catalog.MustLoad()
	page := textPage(
		[]cellAt{{40, "Northern Reference Laboratory"}},
		[]cellAt{{40, "Patient: Maria Alvarez"}, {300, "Collected: 10/02/2026"}},
		[]cellAt{{40, "Test"}, {200, "Result"}, {280, "Reference"}},
		[]cellAt{{40, "Hepatitis B Surface Antigen"}, {200, "Negative"}, {280, "Negative"}},
		[]cellAt{{40, "HIV 1/2 Antibody"}, {200, "Non-reactive"}, {280, "Non-reactive"}},
		[]cellAt{{40, "QuantiFERON-TB Gold Plus"}, {200, "Pending"}},
	)
	got := Read(c, "tb_blood_test", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
	if v := sureField(c, got, "result"); v == "negative" {
		t.Errorf("result = negative read surely (conf %v) from the panel's other tests", got.Confidence["result"])
	}
}
