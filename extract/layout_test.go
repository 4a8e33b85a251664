package extract

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
)

// layoutFixture is a real document's pages (a text PDF read by pdfdoc, or
// a scan's Tesseract TSV) and the fields its layout gives, from
// testdata/layout/<name>.json.
type layoutFixture struct {
	name, typ string
	texts     []string
	pages     []pagetext.Page
	want      map[string]any
}

// scanPointsPerPixel is the scale of the fixtures' scans: US Letter
// rasterised at 200 dpi.
const scanPointsPerPixel = 72.0 / 200

func layoutFixtures(t *testing.T) []layoutFixture {
	t.Helper()
	var out []layoutFixture
	for _, f := range golden.Files(t, "testdata/layout/*.json") {
		var exp struct {
			Type   string         `json:"type"`
			Fields map[string]any `json:"fields"`
		}
		if err := json.Unmarshal(f.Data, &exp); err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		base := strings.TrimSuffix(f.Path, ".json")
		lf := layoutFixture{name: filepath.Base(base), typ: exp.Type, want: exp.Fields}
		if pdf, err := os.ReadFile(base + ".pdf"); err == nil {
			pts, err := pdfdoc.Texts(pdf, []int{1})
			if err != nil {
				t.Fatalf("%s: %v", base, err)
			}
			for _, p := range pts {
				lf.texts = append(lf.texts, p.Text)
				lf.pages = append(lf.pages, p.Layout)
			}
		} else {
			tsv, err := os.ReadFile(base + ".tsv")
			if err != nil {
				t.Fatalf("%s has neither a .pdf nor a .tsv", base)
			}
			res, err := ocr.ParseTSV(tsv)
			if err != nil {
				t.Fatalf("%s: %v", base, err)
			}
			lf.texts = []string{res.Text}
			lf.pages = []pagetext.Page{res.Layout(scanPointsPerPixel)}
		}
		out = append(out, lf)
	}
	if len(out) == 0 {
		t.Fatal("no layout fixtures")
	}
	return out
}

// joinPages joins pages' texts the way the pipeline does.
func joinPages(texts []string) string { return strings.Join(texts, "\n\f\n") }

// TestPageTextMatchesLayout holds the text layer's and OCR's output to
// what reading by layout relies on: line k of a page's text is the words
// of its layout's line k, in the order they were written.
func TestPageTextMatchesLayout(t *testing.T) {
	for _, f := range layoutFixtures(t) {
		for p, text := range f.texts {
			lines := strings.Split(text, "\n")
			got := pageLines(f.pages[p])
			if len(got) != len(lines) {
				t.Errorf("%s page %d: %d text lines, %d layout lines", f.name, p+1, len(lines), len(got))
				continue
			}
			for k, ws := range got {
				var parts []string
				for _, w := range ws {
					parts = append(parts, w.Text)
				}
				if j := strings.Join(parts, " "); j != lines[k] {
					t.Errorf("%s page %d line %d: text %q, words %q", f.name, p+1, k, lines[k], j)
				}
			}
		}
		d := newPagedDoc(joinPages(f.texts), f.pages)
		for i, l := range d.lines {
			if strings.TrimSpace(l) != "" && !d.hasGeometry(i) {
				t.Errorf("%s: line %d %q is not tied to its page's words", f.name, i, l)
			}
		}
	}
}

// TestLayoutRealDocuments reads real pages whose values a text reading
// misses or mistakes: a table's row under its headings, a form's label
// column far from its values, headings a text layer runs together, a name
// centered under its phrase, options whose boxes follow them, captions
// under their values, a scan.
func TestLayoutRealDocuments(t *testing.T) {
	c := catalog.MustLoad()
	for _, f := range layoutFixtures(t) {
		t.Run(f.name, func(t *testing.T) {
			got := Read(c, f.typ, Document{Text: joinPages(f.texts), Pages: f.pages, AsOf: testAsOf})
			fields := asJSON(t, got.Fields)
			for k, want := range f.want {
				// A value below its threshold is reported uncertain, not
				// read: a fixture's fields are read surely.
				if !reflect.DeepEqual(fields[k], want) || want != nil && got.Confidence[k] < c.ConfidenceThreshold(k) {
					t.Errorf("%s = %#v (confidence %v), want %#v", k, fields[k], got.Confidence[k], want)
				}
			}
			checkKinds(t, c, f.typ, got)
		})
	}
}

// word is a word of a synthetic page: where it starts, its text, and how
// surely OCR read it (0 for a text layer's 100).
type word struct {
	x, y float64
	text string
	conf float64
	// line and block, for OCR pages whose lines are not the page's rows.
	line, block int
	// h is the box's height when not the usual 7 points (a speck's).
	h float64
	// wd is the box's width when not 5 points a letter (tiny print OCR
	// boxed short).
	wd float64
}

// textPage lays rows of text out as a text layer would: each row's words
// at 10 points, 5 points a character, a space apart, at the x of each
// cell given; rows 14 points apart.
func textPage(rows ...[]cellAt) pagetext.Page {
	p := pagetext.Page{Width: 612, Height: 792}
	for i, row := range rows {
		for _, c := range row {
			x := c.x
			for _, w := range strings.Fields(c.text) {
				wd := 5 * float64(len(w))
				p.Words = append(p.Words, pagetext.Word{Text: w, Box: pagetext.Box{X0: x, Y0: 100 + 14*float64(i), X1: x + wd, Y1: 110 + 14*float64(i)},
					Size: 10, Confidence: 100, Line: i})
				x += wd + 3
			}
		}
	}
	return p
}

// cellAt is a cell's text and where it starts.
type cellAt struct {
	x    float64
	text string
}

// ocrPage lays words out as Tesseract reports them: boxes tight to the
// ink (7 points high), each word in the line and block given.
func ocrPage(ws ...word) pagetext.Page {
	p := pagetext.Page{Width: 612, Height: 792}
	for _, w := range ws {
		conf := w.conf
		if conf == 0 {
			conf = 95
		}
		wd := 5 * float64(len(w.text))
		if w.wd > 0 {
			wd = w.wd
		}
		h := w.h
		if h == 0 {
			h = 7
		}
		p.Words = append(p.Words, pagetext.Word{Text: w.text, Box: pagetext.Box{X0: w.x, Y0: w.y, X1: w.x + wd, Y1: w.y + h},
			Size: h, Confidence: conf, Line: w.line, Block: w.block})
	}
	return p
}

// ocrRow is a line of OCR words, each a word apart, starting at x.
func ocrRow(line, block int, x, y float64, text string, conf float64) []word {
	var out []word
	for _, w := range strings.Fields(text) {
		out = append(out, word{x: x, y: y, text: w, conf: conf, line: line, block: block})
		x += 5*float64(len(w)) + 3
	}
	return out
}

func ocrWords(rows ...[]word) []word {
	var out []word
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

// ocrDocument is a scanned page of rows: its words with their boxes, and
// its text a line per row.
func ocrDocument(rows ...[]word) Document {
	lines := make([]string, len(rows))
	for i, r := range rows {
		ws := make([]string, len(r))
		for j, w := range r {
			ws[j] = w.text
		}
		lines[i] = strings.Join(ws, " ")
	}
	return Document{Text: strings.Join(lines, "\n"), Pages: []pagetext.Page{ocrPage(ocrWords(rows...)...)}}
}

// skewed tilts words by slope (dy per point across), as a crooked scan.
func skewed(slope float64, ws []word) []word {
	out := make([]word, len(ws))
	for i, w := range ws {
		w.y += slope * w.x
		out[i] = w
	}
	return out
}

func TestLayoutFields(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, typ string
		page      pagetext.Page
		want      map[string]any
		// min and max bound the confidence of every wanted field.
		min, max float64
		// absent are fields that must not be read.
		absent []string
	}{
		{
			name: "table row under its headings",
			typ:  "drug_screen",
			page: textPage(
				[]cellAt{{40, "Drug Test Result Summary"}},
				[]cellAt{{40, "Test"}, {200, "Collected"}, {300, "Panel"}, {380, "Laboratory"}, {480, "Result"}},
				[]cellAt{{40, "Urine drug screen"}, {200, "Nov 7, 2026"}, {300, "9-panel"}, {380, "Labcorp"}, {480, "Negative"}},
			),
			want: map[string]any{"collection_date": "2026-11-07", "result": "negative"},
			min:  0.8, max: 0.95,
		},
		{
			name: "a two-step test's rows under one heading",
			typ:  "tb_skin_test",
			page: textPage(
				[]cellAt{{40, "Two-Step Tuberculin Skin Test"}},
				[]cellAt{{40, "Step"}, {90, "Date Placed"}, {190, "Date Read"}, {290, "Induration (mm)"}, {400, "Result"}},
				[]cellAt{{40, "1"}, {90, "04/01/2025"}, {190, "04/03/2025"}, {290, "4"}, {400, "Negative"}},
				[]cellAt{{40, "2"}, {90, "04/08/2025"}, {190, "04/10/2025"}, {290, "12"}, {400, "Positive"}},
				[]cellAt{{40, "Clinic: Northside Occupational Health"}},
			),
			want: map[string]any{"administered_date": "2025-04-08", "read_date": "2025-04-10", "induration_mm": 12, "result": "positive"},
			min:  0.85, max: 0.85,
		},
		{
			name: "value ends at the column gap",
			typ:  "tb_skin_test",
			page: textPage(
				[]cellAt{{40, "Tuberculin Skin Test Record"}},
				[]cellAt{{40, "Clinic: Harbor Occupational Clinic"}, {330, "Walk-ins welcome"}},
				[]cellAt{{40, "Date Placed: 03/02/2026"}, {330, "Date Read: 03/04/2026"}},
			),
			want: map[string]any{"provider": "Harbor Occupational Clinic", "administered_date": "2026-03-02", "read_date": "2026-03-04"},
			min:  0.95, max: 0.95,
		},
		{
			name: "label column far from its values",
			typ:  "nursing_license",
			page: textPage(
				[]cellAt{{40, "License Verification"}},
				[]cellAt{{56, "License Number:"}, {226, "RN743590"}},
				[]cellAt{{56, "License Status:"}, {226, "Active"}},
				[]cellAt{{56, "State:"}, {226, "NY"}},
			),
			want: map[string]any{"license_number": "RN743590", "license_status": "Active", "state": "NY"},
			min:  0.85, max: 0.95,
		},
		{
			name: "headings run together by the text layer",
			typ:  "osha_training",
			page: textPage(
				[]cellAt{{40, "Learner Transcript"}},
				[]cellAt{{43, "Course"}, {282, "Completed"}, {355, "Expires"}, {429, "Score"}},
				[]cellAt{{43, "OSHA Bloodborne Pathogens Training"}, {282, "11/03/2026"}, {355, "11/03/2027"}, {429, "99%"}},
			),
			want: map[string]any{"completion_date": "2026-11-03", "expiration_date": "2027-11-03"},
			min:  0.8, max: 0.85,
		},
		{
			name: "value in another OCR block on the label's row",
			typ:  "tb_skin_test",
			page: ocrPage(ocrWords(
				ocrRow(0, 1, 40, 60, "Tuberculin Skin Test", 95),
				ocrRow(1, 1, 40, 100, "Date Read", 95),
				ocrRow(2, 1, 40, 120, "Induration", 95),
				ocrRow(3, 2, 140, 101, "03/04/2026", 93),
				ocrRow(4, 2, 140, 121, "12 mm", 93),
			)...),
			want: map[string]any{"read_date": "2026-03-04", "induration_mm": 12},
			min:  0.95, max: 0.95,
		},
		{
			name: "a label in tiny print OCR boxed short, its words far apart",
			typ:  "bls",
			page: ocrPage(ocrWords(
				ocrRow(0, 1, 40, 30, "BLS Provider", 95),
				[]word{{x: 196, y: 62, text: "i", conf: 19, line: 1, block: 2, h: 1},
					{x: 336, y: 58, text: "Training", conf: 97, line: 1, block: 2, h: 4.6, wd: 19},
					{x: 369, y: 60, text: "Center", conf: 96, line: 1, block: 2, h: 2.2, wd: 6},
					{x: 384, y: 61, text: "Name", conf: 96, line: 1, block: 2, h: 1.2, wd: 7}},
				ocrRow(1, 2, 420, 59, "First Response Education LLC", 96),
			)...),
			want: map[string]any{"training_center": "First Response Education LLC"},
			min:  0.9, max: 0.95,
		},
		{
			name: "a value OCR read poorly is not sure",
			typ:  "bls",
			page: ocrPage(ocrWords(
				ocrRow(0, 1, 40, 60, "BLS Provider", 95),
				ocrRow(1, 1, 40, 100, "Expiration Date: 08/19/2027", 40),
				ocrRow(2, 1, 40, 120, "Issue Date: 08/19/2025", 92),
			)...),
			want: map[string]any{"expiration_date": "2027-08-19"},
			min:  0.2, max: 0.49,
		},
		{
			name: "specks OCR read as letters are no part of a value",
			typ:  "acls",
			page: ocrPage(ocrWords(
				ocrRow(0, 1, 40, 60, "ACLS Provider", 95),
				ocrRow(1, 2, 40, 100, "Training Site:", 96),
				ocrRow(1, 2, 120, 100, "Lifeline Medical - Training LLC", 94),
				[]word{{x: 135, y: 103, text: "pie", conf: 14, line: 2, block: 3, h: 1}, {x: 188, y: 103, text: "ne", conf: 26, line: 2, block: 3, h: 1}},
			)...),
			want: map[string]any{"training_center": "Lifeline Medical - Training LLC"},
			min:  0.9, max: 0.95,
		},
		{
			name: "a crooked scan's rows",
			typ:  "tb_skin_test",
			page: ocrPage(skewed(0.026, ocrWords(
				ocrRow(0, 1, 40, 60, "Tuberculin Skin Test Administration and Reading Record", 95),
				ocrRow(1, 1, 40, 80, "Employee Health Services Occupational Health Clinic", 95),
				ocrRow(2, 2, 40, 100, "Date Placed", 95),
				ocrRow(3, 3, 260, 100, "03/02/2026", 95),
				ocrRow(4, 2, 40, 114, "Date Read", 95),
				ocrRow(5, 3, 260, 114, "03/04/2026", 95),
				ocrRow(6, 4, 40, 140, "Interpretation per CDC guidelines for health care workers", 95),
			))...),
			want: map[string]any{"administered_date": "2026-03-02", "read_date": "2026-03-04"},
			min:  0.85, max: 0.95,
		},
		{
			name: "caption under its value, OCR noise beside it",
			typ:  "tb_skin_test",
			page: ocrPage(ocrWords(
				ocrRow(0, 1, 40, 60, "SECTION 1 - ADMINISTRATION", 95),
				ocrRow(1, 2, 48, 100, "5/21/26", 95),
				ocrRow(1, 2, 219, 100, "Left volar forearm", 95),
				ocrRow(2, 2, 48, 112, "Date Administered", 95),
				ocrRow(2, 2, 217, 112, "Site i j Dee", 30),
			)...),
			want: map[string]any{"administered_date": "2026-05-21"},
			min:  0.6, max: 0.75,
		},
		{
			name: "a label's check boxes after its options",
			typ:  "fit_test",
			page: textPage(
				[]cellAt{{40, "N95 Qualitative Fit Test Form"}},
				[]cellAt{{40, "Overall result:"}, {140, "PASS"}, {220, "X FAIL"}},
			),
			want: map[string]any{"result": "fail"},
			min:  0.95, max: 0.95,
		},
		{
			name: "leaders to a value, a blank left blank",
			typ:  "tb_skin_test",
			page: textPage(
				[]cellAt{{40, "Tuberculin Skin Test"}},
				[]cellAt{{40, "Clinic"}, {75, ".............."}, {150, "Harbor Occupational Clinic"}},
				[]cellAt{{40, "Date Read:"}, {100, "__________"}},
				[]cellAt{{40, "03/04/2026"}},
			),
			want:   map[string]any{"provider": "Harbor Occupational Clinic"},
			min:    0.95,
			max:    0.95,
			absent: []string{"read_date"},
		},
		{
			name: "a caption's unit on a line of its own under it",
			typ:  "tb_skin_test",
			page: ocrPage(ocrWords(
				ocrRow(0, 1, 60, 40, "Tuberculin Skin Test Record", 95),
				ocrRow(1, 2, 60, 60, "Patient: Maria Alvarez", 95),
				ocrRow(2, 3, 60, 92, "Date", 93), ocrRow(2, 3, 150, 92, "Date", 93), ocrRow(2, 3, 240, 92, "Induration", 93),
				ocrRow(3, 4, 60, 102, "Placed", 93), ocrRow(3, 4, 150, 102, "Read", 93), ocrRow(3, 4, 240, 102, "(mm)", 93), ocrRow(3, 4, 350, 102, "Result", 93),
				ocrRow(4, 5, 60, 118, "03/02/2026", 93), ocrRow(4, 5, 150, 118, "03/04/2026", 93), ocrRow(4, 5, 260, 118, "12", 93), ocrRow(4, 5, 350, 118, "Positive", 93),
			)...),
			want: map[string]any{"induration_mm": 12},
			min:  0.75, max: 0.85,
		},
		{
			name: "a value OCR set apart after its first word",
			typ:  "physical_exam",
			page: ocrPage(ocrWords(
				ocrRow(0, 1, 60, 40, "Pre-Placement Physical Examination", 95),
				ocrRow(1, 2, 60, 60, "Patient: Maria Alvarez", 95),
				ocrRow(2, 3, 60, 100, "Restrictions:", 93),
				ocrRow(3, 4, 60, 115, "No", 93), ocrRow(4, 5, 80, 115, "lifting over 25 lbs", 93),
			)...),
			want: map[string]any{"restrictions": "No lifting over 25 lbs"},
			min:  0.75, max: 0.85,
		},
		{
			name:   "a product's name is no provider",
			typ:    "tb_skin_test",
			page:   textPage([]cellAt{{40, "Tuberculin Skin Test"}}, []cellAt{{40, "Provider: (Tubersol)"}}),
			absent: []string{"provider"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Read(c, tt.typ, Document{Text: tt.page.Text(), Pages: []pagetext.Page{tt.page}, AsOf: testAsOf})
			fields := asJSON(t, got.Fields)
			for k, want := range asJSON(t, tt.want) {
				if !reflect.DeepEqual(fields[k], want) {
					t.Errorf("%s = %#v, want %#v (all: %v)", k, fields[k], want, got.Fields)
					continue
				}
				if conf := got.Confidence[k]; conf < tt.min || conf > tt.max {
					t.Errorf("%s confidence %v, want %v..%v", k, conf, tt.min, tt.max)
				}
			}
			for _, k := range tt.absent {
				if v, ok := got.Fields[k]; ok {
					t.Errorf("%s = %#v, want none", k, v)
				}
			}
			checkKinds(t, c, tt.typ, got)
		})
	}
}

// TestBoundedAndWorded reads text alone: values that end at the phrase
// after them, and other issuers' wordings of labels.
func TestBoundedAndWorded(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, typ, text string
		want            map[string]any
	}{
		{"provider before a dated phrase", "tb_skin_test",
			"Tuberculin Skin Test\nRead by: Helen Q. Park, MD on 27-APR-2026.\nInduration: 0 mm",
			map[string]any{"provider": "Helen Q. Park, MD", "induration_mm": 0}},
		{"a label's note before the value", "tb_skin_test",
			"Tuberculin Skin Test\nProvider (name/credentials): Harbor Occupational Clinic\nResult (mm): 0",
			map[string]any{"provider": "Harbor Occupational Clinic", "induration_mm": 0}},
		{"millimetres run into the number", "tb_skin_test",
			"PPD Skin Test\nPlaced On: 03/02/2026\nInduration  12mm",
			map[string]any{"administered_date": "2026-03-02", "induration_mm": 12}},
		{"a provider and training center label", "bls",
			"BLS Provider\nProvider/Training Center: Mercy Regional CPR\nCertification No.: 26210448571",
			map[string]any{"training_center": "Mercy Regional CPR", "certificate_id": "26210448571"}},
		{"a course location", "acls",
			"ACLS Provider\nCourse Location: St. Luke's Medical Center\nCard #: 215-330-0142",
			map[string]any{"training_center": "St. Luke's Medical Center", "certificate_id": "215-330-0142"}},
		{"an ENA card", "tncc",
			"Trauma Nursing Core Course\nID: 884120\nVerification Code: TN-55120",
			map[string]any{"certificate_id": "TN-55120"}},
		{"another thing's id", "pals",
			"PALS Provider\nInstructor Name Sandra Castellano\nstructor ID # 686347628373\nAssociation. 404101303723",
			map[string]any{"certificate_id": nil}},
		{"an id in groups of digits", "nrp",
			"Neonatal Resuscitation Program\nCard #: 2354 0812 3456 Exp 06/2027",
			map[string]any{"certificate_id": "2354 0812 3456"}},
		{"not eligible is no clear", "background_check",
			"Background Check Summary\nOverall Status: Not Eligible",
			map[string]any{"result": "consider"}},
		{"company standards met", "background_check",
			"Background Check Summary\nOverall Status: Meets Company Standards",
			map[string]any{"result": "clear"}},
		{"a fit test not passed", "fit_test",
			"Respirator Fit Test Record\nResult: Did not pass",
			map[string]any{"result": "fail"}},
		{"a bare id", "nrp",
			"Neonatal Resuscitation Program\nTC ID: 40217\nID: 88812345",
			map[string]any{"certificate_id": "88812345"}},
		{"an adjudication that meets requirements", "background_check",
			"Background Screening Report\nAdjudication Status: Meets requirements\nReport Date: 02/05/2026",
			map[string]any{"result": "clear", "completed_date": "2026-02-05"}},
		{"a recommendation to consider", "background_check",
			"Background Screening Report\nOverall Recommendation: Consider",
			map[string]any{"result": "consider"}},
		{"a validity period", "bls",
			"BLS Provider\nValid: 03/15/2025 - 03/31/2027",
			map[string]any{"issue_date": "2025-03-15", "expiration_date": "2027-03-31"}},
		{"a certification period in words", "acls",
			"ACLS Provider\nCertification Period: March 1, 2025 through March 31, 2027",
			map[string]any{"issue_date": "2025-03-01", "expiration_date": "2027-03-31"}},
		{"labels OCR misread", "tb_skin_test",
			"Tuberculin Skin Test\nDate Aclministered: 03/02/2026\nDale Read: 03/04/2026",
			map[string]any{"administered_date": "2026-03-02", "read_date": "2026-03-04"}},
		{"a field number run into its label", "drivers_license",
			"DRIVER LICENSE OREGON USA\n3DOB 06/29/1983 4dExp 06/28/2029",
			map[string]any{"date_of_birth": "1983-06-29", "expiration_date": "2029-06-28"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Extract(c, tt.typ, tt.text, testAsOf)
			fields := asJSON(t, got.Fields)
			// A nil wanted value: the field is not read.
			for k, want := range tt.want {
				if !reflect.DeepEqual(fields[k], asJSON(t, map[string]any{k: want})[k]) {
					t.Errorf("%s = %#v, want %#v (all: %v)", k, fields[k], want, got.Fields)
				}
			}
			checkKinds(t, c, tt.typ, got)
		})
	}
}

// TestPagesThatDoNotMatch: pages whose words are not the text's (a caller
// that passed another document's pages, a page read twice) leave the
// reading to the text.
func TestPagesThatDoNotMatch(t *testing.T) {
	c := catalog.MustLoad()
	text := "Tuberculin Skin Test\nDate Placed: 03/02/2026\nDate Read: 03/04/2026\nInduration: 0 mm"
	other := textPage([]cellAt{{40, "Something else entirely"}}, []cellAt{{40, "Date Placed: 01/01/2020"}})
	want := Extract(c, "tb_skin_test", text, testAsOf)
	for _, pages := range [][]pagetext.Page{nil, {}, {{}}, {other}, {other, other}} {
		got := Read(c, "tb_skin_test", Document{Text: text, Pages: pages, AsOf: testAsOf})
		if !reflect.DeepEqual(got, want) {
			t.Errorf("with %d pages: %v, want %v", len(pages), got, want)
		}
	}
}

// TestSkeletonKeepsEveryMatch: a label's skeleton is in every line its
// pattern matches, so the prefilter never hides a label.
func TestSkeletonKeepsEveryMatch(t *testing.T) {
	var lines []string
	for _, f := range docFixtures(t) {
		lines = append(lines, strings.Split(f.text, "\n")...)
	}
	for _, f := range layoutFixtures(t) {
		for _, text := range f.texts {
			lines = append(lines, strings.Split(text, "\n")...)
		}
	}
	lines = append(lines, "DateofBirth: 1/2/1990", "Exp1ration Date", "D.O.B.", "Lic # 12", "rnrn", "RN152589", "Prénoms",
		"NATIONALITÉ", "Ce|| Phone", "C0MPLETI0N DATE", "Dale of Birth", "Expiralion Dale", "Date Aclministerecl",
		"Recommencled Renevval Dale")
	checked := 0
	for _, line := range lines {
		line = trademarks.Replace(line)
		skel := skeleton(line)
		for _, l := range allLabels {
			if l.key == "" || !l.re.MatchString(line) {
				continue
			}
			checked++
			if !strings.Contains(skel, l.key) {
				t.Errorf("label %q matches %q, but its key %q is not in %q", l.text, line, l.key, skel)
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d label matches checked", checked)
	}
}

func BenchmarkReadLayout(b *testing.B) {
	c := catalog.MustLoad()
	pdf, err := os.ReadFile("testdata/layout/nursing_license_label_column.pdf")
	if err != nil {
		b.Fatal(err)
	}
	pts, err := pdfdoc.Texts(pdf, []int{1})
	if err != nil {
		b.Fatal(err)
	}
	d := Document{Text: pts[0].Text, Pages: []pagetext.Page{pts[0].Layout}, AsOf: testAsOf}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Read(c, "nursing_license", d)
	}
}

func BenchmarkReadLayoutScan(b *testing.B) {
	c := catalog.MustLoad()
	tsv, err := os.ReadFile("testdata/layout/tb_skin_scanned_form.tsv")
	if err != nil {
		b.Fatal(err)
	}
	res, err := ocr.ParseTSV(tsv)
	if err != nil {
		b.Fatal(err)
	}
	d := Document{Text: res.Text, Pages: []pagetext.Page{res.Layout(scanPointsPerPixel)}, AsOf: testAsOf}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Read(c, "tb_skin_test", d)
	}
}
