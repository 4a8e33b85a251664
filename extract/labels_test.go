package extract

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestEveryLabelGroupIsKnown: every group of labels the package declares is
// listed in allLabels, once, so that no field's value runs over another
// field's label.
func TestEveryLabelGroupIsKnown(t *testing.T) {
	declared := map[string]string{} // group -> file
	var listed []string
	for _, v := range varCalls(t) {
		switch v.fn {
		case "compileLabels", "compileDateLabels":
			if v.name == "_" {
				t.Errorf("%s: an unnamed group of labels cannot be listed in allLabels", v.at)
			}
			declared[v.name] = v.at.Filename
		case "knownLabels":
			if v.name != "allLabels" {
				t.Errorf("%s: %s is a second list of known labels", v.at, v.name)
			}
			for _, a := range v.args {
				id, ok := a.(*ast.Ident)
				if !ok {
					t.Fatalf("%s: allLabels lists %T, want group names", v.at, a)
				}
				listed = append(listed, id.Name)
			}
		}
	}
	if len(declared) == 0 || len(listed) == 0 {
		t.Fatalf("found %d groups and %d listed: the test no longer sees the declarations", len(declared), len(listed))
	}
	for g, file := range declared {
		if !slices.Contains(listed, g) {
			t.Errorf("%s (%s) is not listed in allLabels", g, file)
		}
	}
	seen := map[string]bool{}
	for _, g := range listed {
		if _, ok := declared[g]; !ok {
			t.Errorf("allLabels lists %s, which is not a group of labels", g)
		}
		if seen[g] {
			t.Errorf("allLabels lists %s twice", g)
		}
		seen[g] = true
	}
}

// varCall is a package variable set to a call of a plain function.
type varCall struct {
	name, fn string
	args     []ast.Expr
	at       token.Position
}

// varCalls lists the package variables, in its source files apart from
// the tests, that are set to calls of plain functions.
func varCalls(t *testing.T) []varCall {
	t.Helper()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var out []varCall
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names[:min(len(vs.Names), len(vs.Values))] {
					call, ok := vs.Values[i].(*ast.CallExpr)
					if !ok {
						continue
					}
					if fn, ok := call.Fun.(*ast.Ident); ok {
						out = append(out, varCall{name: name.Name, fn: fn.Name, args: call.Args, at: fset.Position(name.Pos())})
					}
				}
			}
		}
	}
	return out
}

func TestKnownLabels(t *testing.T) {
	got := knownLabels(
		compileLabels("result", "collected"),
		compileDateLabels("collection date", "collected"),
		compileLabels("collection date", "vendor"),
	)
	type entry struct {
		text string
		date bool
	}
	var entries []entry
	for _, l := range got {
		entries = append(entries, entry{l.text, l.date})
	}
	// First listing decides the place; any date field makes a date label.
	// A date's label is read with its time named too, just before it.
	want := []entry{{"result", false}, {"collected", true}, {"collection date/time", true}, {"collection date", true}, {"vendor", false}}
	if !slices.Equal(entries, want) {
		t.Errorf("knownLabels = %v, want %v", entries, want)
	}
}

// TestMisspeltLabels: labels of two words or more OCR misspelt by a
// letter or two are found; words spelt right, short words and single
// words are never taken for a misspelt label.
func TestMisspeltLabels(t *testing.T) {
	tests := []struct {
		line string
		want []string // label texts found, in order
	}{
		{"Empioyee / Appkcant Name Date of Girth", []string{"employee / applicant name", "date of birth"}},
		{"Instructer Name Robert Pruitt", []string{"instructor name"}},
		{"Expirafion Date: 04/2028", []string{"expiration date"}},
		{"Managed care for 4-6 patients per shift", nil},
		{"Best Date 04/2028", nil},
		{"Signatre", nil},
	}
	for _, tt := range tests {
		var got []string
		seen := map[string]bool{}
		ms := misspeltLabels(tt.line, nil)
		slices.SortStableFunc(ms, func(a, b labelMatch) int { return a.start - b.start })
		for _, m := range ms {
			if !seen[m.text] && !slices.ContainsFunc(ms, func(o labelMatch) bool {
				return o.start <= m.start && o.end >= m.end && o.end-o.start > m.end-m.start
			}) {
				got = append(got, m.text)
				seen[m.text] = true
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("misspeltLabels(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestMisspeltCaptionsOnAScan: a scanned form's captions under their
// values, both misspelt by OCR, still caption them (real OCR of a
// rendered chest X-ray clearance form at 150 dpi).
func TestMisspeltCaptionsOnAScan(t *testing.T) {
	c := catalog.MustLoad()
	w := func(line int, x0, y0, x1, y1 float64, text string, conf float64) pagetext.Word {
		return pagetext.Word{Text: text, Box: pagetext.Box{X0: x0, Y0: y0, X1: x1, Y1: y1}, Confidence: conf, Line: line}
	}
	page := pagetext.Page{Width: 612, Height: 792, Words: []pagetext.Word{
		w(0, 46, 60, 120, 70, "NextCare", 95), w(0, 124, 60, 160, 70, "Urgent", 95), w(0, 164, 60, 190, 70, "Care", 95),
		w(1, 180, 100, 200, 112, "TB", 96), w(1, 204, 100, 260, 112, "Clearance", 96),
		w(2, 42, 138, 80, 148, "Wright,", 94), w(2, 84, 138, 110, 148, "Priya", 95), w(2, 114, 138, 124, 148, "R.", 93),
		w(2, 371, 137, 420, 147, "03/20/1964", 95),
		w(3, 42, 162, 75, 168, "Empioyee", 0), w(3, 78, 160, 80, 169, "/", 0), w(3, 82, 162, 112, 168, "Appkcant", 64),
		w(3, 115, 161, 134, 166, "Name", 90), w(3, 371, 157, 386, 162, "Date", 96), w(3, 391, 157, 394, 162, "of", 96),
		w(3, 397, 157, 411, 162, "Girth", 31),
	}}
	text := "NextCare Urgent Care\nTB Clearance\nWright, Priya R. 03/20/1964\nEmpioyee / Appkcant Name Date of Girth"
	for _, scanned := range []bool{true, false} {
		p := page
		if !scanned {
			// The same words with a text layer's sureness: no OCR, so no
			// misspelling is read as a label.
			p.Words = slices.Clone(page.Words)
			for i := range p.Words {
				p.Words[i].Confidence = 100
			}
		}
		got := Read(c, "chest_xray", Document{Text: text, Pages: []pagetext.Page{p}, AsOf: testAsOf})
		name, dob := got.Fields["full_name"], got.Fields["date_of_birth"]
		if scanned && (name != "Wright, Priya R." || dob != "1964-03-20" || got.Confidence["full_name"] < 0.5) {
			t.Errorf("scan: full_name %v (%.2f), date_of_birth %v; want Wright, Priya R. and 1964-03-20",
				name, got.Confidence["full_name"], dob)
		}
		if !scanned && dob == "1964-03-20" && got.Confidence["date_of_birth"] >= 0.5 {
			t.Errorf("text layer: 'Date of Girth' read as a label (date_of_birth %v)", dob)
		}
	}
}

// TestLabelWithBangForL: OCR reads a label's "l" as "!" ("Respirator Make
// / Mode!" under its value) as it does an "i".
func TestLabelWithBangForL(t *testing.T) {
	c := catalog.MustLoad()
	_, pages := namesPage(
		namesLine{y: 40, size: 10, cells: []namesCell{{40, "RESPIRATOR FIT TEST RECORD", 0}}},
		namesLine{y: 70, size: 9, cells: []namesCell{{40, "JASMINE HILL", 0}, {300, "6/1/26", 0}}},
		namesLine{y: 80, size: 6, cells: []namesCell{{40, "Name", 0}, {300, "Date Tested", 0}}},
		namesLine{y: 100, size: 9, cells: []namesCell{{40, "Moldex 1512", 0}, {200, "Regular", 0}, {300, "Saccharin", 0}}},
		namesLine{y: 110, size: 6, cells: []namesCell{{40, "Respirator Make / Mode!", 0}, {200, "Size", 0}, {300, "Agent", 0}}},
		namesLine{y: 130, size: 9, cells: []namesCell{{40, "Overall result: [x] PASS [_] FAIL", 0}}},
	)
	res := Read(c, "fit_test", Document{Text: pages[0].Text(), Pages: pages, AsOf: testAsOf})
	if got := sureField(c, res, "respirator_model"); got != "Moldex 1512" {
		t.Errorf("respirator_model = %#v (conf %.2f), want Moldex 1512", res.Fields["respirator_model"], res.Confidence["respirator_model"])
	}
}

// TestDateTimeCaption: a date's caption that names its time with it
// ("Date/Time" over "05/06/2026 10:42", a quantitative fit tester's
// printout) is the date's caption, as "Date" alone is.
func TestDateTimeCaption(t *testing.T) {
	c := catalog.MustLoad()
	cells := func(line int, y float64, texts ...string) []word {
		var out []word
		for k, s := range texts {
			out = append(out, ocrRow(line, line+1, 40+150*float64(k), y, s, 93)...)
		}
		return out
	}
	for _, caption := range []string{"Date", "Date/Time", "Test Date/Time", "Date/Time Tested"} {
		page := ocrPage(ocrWords(
			ocrRow(0, 100, 40, 40, "Quantitative Fit Test Report", 95),
			cells(1, 90, "Subject", caption, "Operator"),
			cells(2, 108, "ACHTERBERG, DESMOND", "05/06/2026 10:42", "K. Mendes"),
		)...)
		res := Read(c, "fit_test", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
		if got := sureField(c, res, "test_date"); got != "2026-05-06" {
			t.Errorf("%q: test_date = %v (%.2f), want 2026-05-06", caption, res.Fields["test_date"], res.Confidence["test_date"])
		}
	}
}
