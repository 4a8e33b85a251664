package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestBoardCardNameParted: a board card's name in its LAST, FIRST M order
// whose family name OCR parted before its last letter ("KOWALCZY K,") is
// read whole; read with the comma lost, its order is not guessed (no
// surname is one letter); "First L, Last" keeps its initial.
func TestBoardCardNameParted(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name, line        string
		full, first, last any // nil: not reported surely
	}{
		{"family name parted", "KOWALCZY K, MAGDALENA R", "KOWALCZYK, MAGDALENA R", "MAGDALENA", "KOWALCZYK"},
		{"family name parted, initial's period", "NGUYE N, THANH H.", "NGUYEN, THANH H.", "THANH", "NGUYEN"},
		{"comma read as a period", "KOWALCZY K. MAGDALENA R", nil, nil, nil},
		{"middle initial's comma", "Maria L, Alvarez", "Maria L. Alvarez", "Maria", "Alvarez"},
		{"whole", "KOWALCZYK, MAGDALENA R", "KOWALCZYK, MAGDALENA R", "MAGDALENA", "KOWALCZYK"},
	} {
		p := ocrPage(ocrWords(ocrRow(0, 0, 60, 40, "STATE OF OHIO", 95),
			ocrRow(1, 0, 60, 60, "OHIO BOARD OF NURSING", 95),
			ocrRow(2, 1, 30, 100, tt.line, 91),
			ocrRow(3, 1, 30, 130, "REGISTERED NURSE", 95))...)
		res := Read(c, "nursing_license", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		for f, want := range map[string]any{"full_name": tt.full, "first_name": tt.first, "last_name": tt.last} {
			if got := sureField(c, res, f); got != want {
				t.Errorf("%s: %s = %#v (%.2f), want %#v", tt.name, f, res.Fields[f], res.Confidence[f], want)
			}
		}
	}
}
