package extract

import (
	"reflect"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestDoseRowsReadCellByCell: an adult immunization card's dose table
// whose rows OCR read cell by cell (each cell a line of its own, the
// vaccine named on the series' first row only) gives every row's dose,
// read by the rows under the named one; a list is every row or uncertain.
func TestDoseRowsReadCellByCell(t *testing.T) {
	c := catalog.MustLoad()
	head := ocrWords(
		ocrRow(0, 1, 44, 40, "Adult Immunization Card", 95),
		ocrRow(1, 2, 44, 97, "Name: MACKENZIE, RACHEL", 95),
		ocrRow(2, 3, 44, 117, "DOB: 1987-08-18", 95),
	)
	tests := []struct {
		name string
		rows []word
		want any
		sure bool
	}{
		{"three rows, the vaccine named once, then another vaccine", ocrWords(
			ocrRow(3, 4, 46, 187, "Hepatitis B", 92),
			ocrRow(4, 5, 171, 188, "2019-02-11", 96),
			ocrRow(5, 6, 256, 189, "AB12C", 92),
			ocrRow(6, 7, 171, 206, "2019-03-13", 95),
			ocrRow(7, 8, 256, 207, "AB19D", 92),
			ocrRow(8, 9, 171, 224, "2019-08-12", 95),
			ocrRow(9, 10, 256, 225, "AC02F", 92),
			ocrRow(10, 11, 46, 242, "Tdap", 92),
			ocrRow(11, 12, 171, 243, "2020-11-17", 96),
			ocrRow(12, 13, 40, 320, "Reviewed 2026-03-02", 95),
		), []string{"2019-02-11", "2019-03-13", "2019-08-12"}, true},
		{"numbered dose rows", ocrWords(
			ocrRow(3, 4, 46, 187, "Hepatitis B", 92),
			ocrRow(4, 5, 171, 188, "2019-02-11", 96),
			ocrRow(5, 6, 120, 206, "2", 90),
			ocrRow(6, 7, 171, 206, "2019-03-13", 95),
			ocrRow(7, 8, 120, 224, "3", 90),
			ocrRow(8, 9, 171, 224, "2019-08-12", 95),
			ocrRow(9, 10, 40, 320, "Reviewed 2026-03-02", 95),
		), []string{"2019-02-11", "2019-03-13", "2019-08-12"}, true},
		{"one row, then another vaccine: a short series, sure", ocrWords(
			ocrRow(3, 4, 46, 187, "Hepatitis B", 92),
			ocrRow(4, 5, 171, 188, "2019-02-11", 96),
			ocrRow(5, 6, 46, 206, "Tdap", 92),
			ocrRow(6, 7, 171, 206, "2020-11-17", 95),
			ocrRow(7, 8, 40, 320, "Reviewed 2026-03-02", 95),
		), []string{"2019-02-11"}, true},
		{"a row under it whose first cell OCR could not place: uncertain", ocrWords(
			ocrRow(3, 4, 46, 187, "Hepatitis B", 92),
			ocrRow(4, 5, 171, 188, "2019-02-11", 96),
			ocrRow(5, 6, 46, 206, "Hcpatltls A", 40),
			ocrRow(6, 7, 171, 206, "2019-03-13", 95),
			ocrRow(7, 8, 40, 320, "Reviewed 2026-03-02", 95),
		), nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := ocrPage(append(append([]word{}, head...), tt.rows...)...)
			res := Read(c, "hepatitis_b_record", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
			got := sureField(c, res, "dose_dates")
			if !tt.sure {
				if got != nil {
					t.Errorf("dose_dates = %#v read surely (conf %.2f), want uncertain", got, res.Confidence["dose_dates"])
				}
				return
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("dose_dates = %#v (conf %.2f), want %#v surely", res.Fields["dose_dates"], res.Confidence["dose_dates"], tt.want)
			}
		})
	}
}
