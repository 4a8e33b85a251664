package extract

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
)

// A dose table's other date columns (a lot's expiry, the information
// statement's edition) are no doses: counted, one dose would look like a
// complete series. testdata/vis-edition.pdf is a one-dose record written
// with WeasyPrint; "Next dose due" below the table is no dose either.
func TestDoseColumnsByHeading(t *testing.T) {
	data, err := os.ReadFile("testdata/vis-edition.pdf")
	if err != nil {
		t.Fatal(err)
	}
	pts, err := pdfdoc.Texts(data, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	c := catalog.MustLoad()
	for _, tt := range []struct {
		name  string
		pages []pagetext.Page
		want  []string
	}{
		{"with the page's words", []pagetext.Page{pts[0].Layout}, []string{"2025-06-03"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := Read(c, "varicella_record", Document{Text: pts[0].Text, Pages: tt.pages, AsOf: testAsOf})
			if !reflect.DeepEqual(got.Fields["dose_dates"], tt.want) {
				t.Fatalf("dose_dates = %v, want %v\n%s", got.Fields["dose_dates"], tt.want, pts[0].Text)
			}
		})
	}
	if !strings.Contains(pts[0].Text, "VIS Edition") {
		t.Fatalf("fixture text lacks its heading:\n%s", pts[0].Text)
	}
}
