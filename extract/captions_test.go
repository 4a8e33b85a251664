package extract_test

import (
	"slices"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/extract"
)

// TestLabelledFields: a page's labels of its type's fields are listed
// whether or not a value stands by them; a later page's prose, which
// names the record's subjects in sentences ("the result of the search"),
// prints none.
func TestLabelledFields(t *testing.T) {
	c := catalog.MustLoad()
	cases := []struct {
		name, typ, text string
		want            []string
	}{
		{"labels with their values lost", "background_check",
			"Desert Ridge Screening Services\nBackground screening\nReport completed:\nOverall result:\n", []string{"completed_date", "result"}},
		{"a later page of searches", "background_check",
			"County Criminal Records\nJurisdiction searched: Maricopa County, Arizona.\n" +
				"No records were found; the result of the search is reported as recorded by the court.\n", nil},
		{"a report's labels", "chest_xray",
			"Patient name: Marguerite Delacroix-Ibe\nExam date: 08/05/2026\n", []string{"full_name", "first_name", "last_name", "exam_date"}},
		{"no type", catalog.OtherType, "Name: Maria Alvarez\n", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := extract.LabelledFields(c, tc.typ, extract.Document{Text: tc.text}); !slices.Equal(got, tc.want) {
				t.Errorf("labelled %v, want %v", got, tc.want)
			}
		})
	}
}
