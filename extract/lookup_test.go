package extract

import (
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestCaptionRowPairing reads the value of one caption of a row of
// captions from the row of values under it, whose columns the text
// layer or OCR placed with their own widths.
func TestCaptionRowPairing(t *testing.T) {
	const (
		captions = "Verification No.   Date Issued   Expires"
		values   = "TN-4471290   03/01/2025   03/01/2029"
	)
	tests := []struct {
		name             string
		captions, values string
		// label is the label read, as found in captions (the label
		// matched may be part of its caption: "Issued").
		label string
		date  bool
		// want is the value read; "" means none.
		want string
	}{
		{name: "id column", captions: captions, values: values, label: "Verification No.", want: "TN-4471290"},
		{name: "issue date's whole caption", captions: captions, values: values, label: "Date Issued", date: true, want: "2025-03-01"},
		{name: "issue date's label inside its caption", captions: captions, values: values, label: "Issued", date: true, want: "2025-03-01"},
		{name: "expiry", captions: captions, values: values, label: "Expires", date: true, want: "2029-03-01"},
		{
			name:     "expiry first, id between",
			captions: "Expires   Verification No.   Date Issued",
			values:   "03/01/2029   TN-4471290   03/01/2025",
			label:    "Issued", date: true, want: "2025-03-01",
		},
		{
			name:     "dates first, id last",
			captions: "Date Issued   Expires   Verification No.",
			values:   "03/01/2025   03/01/2029   TN-4471290",
			label:    "Expires", date: true, want: "2029-03-01",
		},
		{
			name:     "expiry before issue",
			captions: "Expires   Date Issued   Verification No.",
			values:   "03/01/2029   03/01/2025   TN-4471290",
			label:    "Issued", date: true, want: "2025-03-01",
		},
		{
			name:     "an unknown third caption, values narrower than captions",
			captions: "Verification Number   Date of Issue   Remarks",
			values:   "TN-1   3/1/25   3/1/29",
			label:    "Date of Issue", date: true, want: "2025-03-01",
		},
		{
			name:     "an unknown third caption over the last date",
			captions: "Verification No.   Date Issued   Remarks",
			values:   values,
			label:    "Issued", date: true, want: "2025-03-01",
		},
		{
			name:     "values wider than captions: the expiry by its rank",
			captions: "ID   Issued   Expires",
			values:   "TN-4471290-0001   03/01/2025   03/01/2029",
			label:    "Expires", date: true, want: "2029-03-01",
		},
		{
			name:     "values wider than captions: the issue date by its rank",
			captions: "ID   Issued   Expires",
			values:   "TN-4471290-0001   03/01/2025   03/01/2029",
			label:    "Issued", date: true, want: "2025-03-01",
		},
		{
			name:     "a blank column: the expiry's date is not the issue date",
			captions: captions,
			values:   "TN-4471290" + strings.Repeat(" ", 21) + "03/01/2029",
			label:    "Issued", date: true,
		},
		{
			name:     "a blank column: the expiry under its caption",
			captions: captions,
			values:   "TN-4471290" + strings.Repeat(" ", 21) + "03/01/2029",
			label:    "Expires", date: true, want: "2029-03-01",
		},
		{
			name:     "two values under one caption alike",
			captions: "Date Issued and Renewed   Expires",
			values:   "03/01/2025   03/01/2026   03/01/2029",
			label:    "Issued", date: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at := strings.Index(tt.captions, tt.label)
			if at < 0 {
				t.Fatalf("%q not in %q", tt.label, tt.captions)
			}
			d := newDoc(tt.captions + "\n" + tt.values)
			f := idFinder(4)
			if tt.date {
				f = dateFinder(roleDate)
			}
			v, _, ok := d.row(span{line: 0, start: at, end: at + len(tt.label), date: tt.date}, 1, f)
			switch {
			case tt.want == "" && ok:
				t.Errorf("read %v, want none", v)
			case tt.want != "" && (!ok || v != tt.want):
				t.Errorf("read %v (%v), want %s", v, ok, tt.want)
			}
		})
	}
}

// TestCaptionRowDocument reads a card whose id and dates are a row of
// values under a row of captions, as text alone and laid out on a page.
func TestCaptionRowDocument(t *testing.T) {
	c := catalog.MustLoad()
	type col struct {
		x       float64
		caption string
		value   string
	}
	tests := []struct {
		name string
		cols []col
		// valueX moves each value's column (the values' own widths or
		// centring).
		valueX []float64
		want   map[string]any
		absent []string
	}{
		{
			name: "id, issued, expires",
			cols: []col{{40, "Verification No.", "TN-4471290"}, {150, "Date Issued", "03/01/2025"}, {250, "Expires", "03/01/2029"}},
			want: map[string]any{"certificate_id": "TN-4471290", "issue_date": "2025-03-01", "expiration_date": "2029-03-01"},
		},
		{
			name:   "values centred under wide captions",
			cols:   []col{{40, "Verification No.", "TN-4471290"}, {150, "Date of Issue", "03/01/2025"}, {250, "Expiration Date", "03/01/2029"}},
			valueX: []float64{55, 157, 262},
			want:   map[string]any{"certificate_id": "TN-4471290", "issue_date": "2025-03-01", "expiration_date": "2029-03-01"},
		},
		{
			name: "expires first",
			cols: []col{{40, "Expires", "03/01/2029"}, {150, "Verification No.", "TN-4471290"}, {250, "Date Issued", "03/01/2025"}},
			want: map[string]any{"certificate_id": "TN-4471290", "issue_date": "2025-03-01", "expiration_date": "2029-03-01"},
		},
		{
			name:   "an id wider than its caption pushes the dates right",
			cols:   []col{{40, "ID", "TN-4471290-0001"}, {100, "Issued", "03/01/2025"}, {160, "Expires", "03/01/2029"}},
			valueX: []float64{40, 125, 185},
			want:   map[string]any{"certificate_id": "TN-4471290-0001", "expiration_date": "2029-03-01"},
		},
		{
			name:   "an id wider than its caption pushes the issue date under the expiry",
			cols:   []col{{40, "ID", "TN-4471290-0001"}, {130, "Issued", "03/01/2025"}, {200, "Expires", "03/01/2029"}},
			valueX: []float64{40, 175, 245},
			want:   map[string]any{"certificate_id": "TN-4471290-0001", "expiration_date": "2029-03-01"},
		},
		{
			name:   "an unknown third caption",
			cols:   []col{{40, "Verification No.", "TN-4471290"}, {150, "Date Issued", "03/01/2025"}, {250, "Reviewed", "03/15/2025"}},
			want:   map[string]any{"certificate_id": "TN-4471290", "issue_date": "2025-03-01"},
			absent: []string{"expiration_date"},
		},
	}
	for _, tt := range tests {
		var caps, vals []cellAt
		for i, cl := range tt.cols {
			x := cl.x
			if tt.valueX != nil {
				x = tt.valueX[i]
			}
			caps = append(caps, cellAt{cl.x, cl.caption})
			vals = append(vals, cellAt{x, cl.value})
		}
		page := textPage([]cellAt{{40, "Trauma Nursing Core Course"}}, []cellAt{{40, "Maria Alvarez"}}, caps, vals)
		var capText, valText []string
		for _, cl := range tt.cols {
			capText = append(capText, cl.caption)
			valText = append(valText, cl.value)
		}
		text := "Trauma Nursing Core Course\nMaria Alvarez\n" + strings.Join(capText, "   ") + "\n" + strings.Join(valText, "   ")
		for _, doc := range []struct {
			how string
			d   Document
		}{
			{"text", Document{Text: text, AsOf: testAsOf}},
			{"layout", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf}},
		} {
			t.Run(tt.name+"/"+doc.how, func(t *testing.T) {
				got := Read(c, "tncc", doc.d)
				for k, want := range tt.want {
					if got.Fields[k] != want {
						t.Errorf("%s = %#v, want %#v (all: %v)", k, got.Fields[k], want, got.Fields)
					}
				}
				for _, k := range tt.absent {
					if v, ok := got.Fields[k]; ok {
						t.Errorf("%s = %#v, want none", k, v)
					}
				}
			})
		}
	}
}

// TestBirthColumnNotOtherDates reads grids of captions over values with a
// date of birth among them: the birth date is never read as any other
// date, whether the other date's column is filled or blank, as spaced
// text, as text whose spacing was collapsed, or laid out on a page.
func TestBirthColumnNotOtherDates(t *testing.T) {
	c := catalog.MustLoad()
	const born = "1990-04-03"
	tests := []struct {
		typ              string
		captions, values []string
		want             map[string]any
	}{
		{"physical_exam", []string{"Name", "DOB", "Exam Date"}, []string{"Maria Alvarez", "04/03/1990", "10/01/2026"},
			map[string]any{"exam_date": "2026-10-01", "date_of_birth": born}},
		{"physical_exam", []string{"Name", "Exam Date", "DOB"}, []string{"Maria Alvarez", "10/01/2026", "04/03/1990"},
			map[string]any{"exam_date": "2026-10-01", "date_of_birth": born}},
		{"physical_exam", []string{"Name", "Date of Birth", "Date"}, []string{"Maria Alvarez", "04/03/1990", "10/01/2026"},
			map[string]any{"date_of_birth": born}},
		{"physical_exam", []string{"Name", "DOB", "Exam Date"}, []string{"Maria Alvarez", "04/03/1990", ""}, nil},
		{"physical_exam", []string{"Name", "Exam Date", "DOB"}, []string{"Maria Alvarez", "", "04/03/1990"}, nil},
		{"physical_exam", []string{"Name", "Date of Birth", "Date"}, []string{"Maria Alvarez", "04/03/1990", ""}, nil},
		{"tb_skin_test", []string{"Employee", "DOB", "Date Placed", "Date Read"}, []string{"Maria Alvarez", "04/03/1990", "10/01/2026", "10/03/2026"},
			map[string]any{"administered_date": "2026-10-01", "read_date": "2026-10-03"}},
		{"tb_skin_test", []string{"Employee", "DOB", "Date Placed", "Date Read"}, []string{"Maria Alvarez", "04/03/1990", "", ""}, nil},
		{"tb_skin_test", []string{"Employee", "Date Placed", "DOB"}, []string{"Maria Alvarez", "", "04/03/1990"}, nil},
		{"tncc", []string{"DOB", "Issued", "Expires"}, []string{"04/03/1990", "", ""}, nil},
		{"drug_screen", []string{"Donor", "Date of Birth", "Collected"}, []string{"Maria Alvarez", "04/03/1990", ""}, nil},
		{"nrp", []string{"Newborn Resuscitation", "Issued", "Expires"}, []string{"Maria Alvarez", "10/01/2026", "10/31/2028"},
			map[string]any{"expiration_date": "2028-10-31"}},
	}
	for _, tt := range tests {
		var caps, vals []cellAt
		var filled []string
		for i, cp := range tt.captions {
			caps = append(caps, cellAt{40 + 110*float64(i), cp})
			if v := tt.values[i]; v != "" {
				vals = append(vals, cellAt{40 + 110*float64(i), v})
				filled = append(filled, v)
			}
		}
		page := textPage([]cellAt{{40, "Occupational Health Record"}}, caps, vals)
		text := func(sep string) string {
			return "Occupational Health Record\n" + strings.Join(tt.captions, sep) + "\n" + strings.Join(filled, sep)
		}
		for _, doc := range []struct {
			how string
			d   Document
		}{
			{"spaced", Document{Text: text("   "), AsOf: testAsOf}},
			{"collapsed", Document{Text: text(" "), AsOf: testAsOf}},
			{"layout", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf}},
		} {
			t.Run(tt.typ+"/"+strings.Join(tt.captions, "|")+"/"+strings.Join(tt.values, "|")+"/"+doc.how, func(t *testing.T) {
				got := Read(c, tt.typ, doc.d)
				for k, v := range got.Fields {
					if k != "date_of_birth" && v == born {
						t.Errorf("%s = %v, the date of birth (all: %v)", k, v, got.Fields)
					}
				}
				for k, want := range tt.want {
					if got.Fields[k] != want {
						t.Errorf("%s = %#v, want %#v (all: %v)", k, got.Fields[k], want, got.Fields)
					}
				}
			})
		}
	}
}

// TestBirthDateUnderAnotherCaption lays out a birth date pushed by its
// width under the next caption, whose own column is blank: it is not that
// caption's date.
func TestBirthDateUnderAnotherCaption(t *testing.T) {
	c := catalog.MustLoad()
	for _, x := range []float64{175, 190} {
		text := textPage([]cellAt{{40, "Annual Physical Examination"}},
			[]cellAt{{40, "Name"}, {150, "DOB"}, {200, "Exam Date"}},
			[]cellAt{{40, "Maria Alvarez"}, {x, "04/03/1990"}})
		scan := ocrPage(ocrWords(ocrRow(0, 1, 40, 60, "Annual Physical Examination", 95),
			ocrRow(1, 2, 40, 100, "Name", 95), ocrRow(1, 3, 150, 100, "DOB", 95), ocrRow(1, 4, 200, 100, "Exam Date", 95),
			ocrRow(2, 2, 40, 114, "Maria Alvarez", 95), ocrRow(2, 3, x, 114, "04/03/1990", 95))...)
		for how, page := range map[string]pagetext.Page{"text": text, "scan": scan} {
			got := Read(c, "physical_exam", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
			if v, ok := got.Fields["exam_date"]; ok {
				t.Errorf("%s, date at %v: exam_date = %v (%v), want none", how, x, v, got.Confidence["exam_date"])
			}
		}
	}
}
