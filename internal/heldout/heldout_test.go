package heldout

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"os/exec"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/internal/pdftext"
	"github.com/clearedtostart/compliance/rules"
)

var asOf = time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)

func plan(t *testing.T, cfg Config) []Case {
	t.Helper()
	cfg.AsOf = asOf
	cases, err := Plan(catalog.MustLoad(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

func fullConfig() Config {
	return Config{Seed: 7, TextSingles: -1, ScanSingles: -1, TextBundles: 3, ScanBundles: 2}
}

func TestPlanIsDeterministic(t *testing.T) {
	a, b := plan(t, fullConfig()), plan(t, fullConfig())
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two plans of the same config differ")
	}
	other := fullConfig()
	other.Seed = 8
	if reflect.DeepEqual(a, plan(t, other)) {
		t.Fatal("plans of different seeds are the same")
	}
}

// TestPlanGolden pins a small plan's truth, so that a change of the
// generator is seen (and the figures of earlier runs known to be of
// another set).
func TestPlanGolden(t *testing.T) {
	cases := plan(t, Config{Seed: 3, TextSingles: 12, ScanSingles: 4, TextBundles: 1, ScanBundles: 1})
	type doc struct {
		Type, Layout string
		Fields       map[string]any
		Accept       map[string][]any `json:",omitempty"`
	}
	type summary struct {
		ID        string
		Medium    Medium
		Condition Condition
		Candidate rules.Candidate
		Docs      []doc
	}
	var out []summary
	for _, c := range cases {
		s := summary{ID: c.ID, Medium: c.Medium, Condition: c.Condition, Candidate: c.Candidate}
		for _, d := range c.Docs {
			s.Docs = append(s.Docs, doc{d.Type, d.Layout, d.Fields, d.Accept})
		}
		out = append(out, s)
	}
	got, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/plan.golden.json", append(got, '\n'))
}

func TestPlanCoversEveryTypeLayoutAndCondition(t *testing.T) {
	cat := catalog.MustLoad()
	if err := checkLayouts(cat); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range plan(t, fullConfig()) {
		for _, d := range c.Docs {
			seen[string(c.Medium)+"/"+d.Type+"/"+d.Layout] = true
			if !c.Bundle && c.Medium == Text {
				seen["cond/"+d.Type+"/"+d.Layout+"/"+string(c.Condition)] = true
			}
		}
	}
	for _, l := range layouts() {
		for _, typ := range l.types {
			if !seen["text/"+typ+"/"+l.name] || !seen["scan/"+typ+"/"+l.name] {
				t.Errorf("%s/%s is missing from the text or the scans", typ, l.name)
			}
			for _, c := range conditionsOf(typ) {
				if l.allows(c) && !seen["cond/"+typ+"/"+l.name+"/"+string(c)] {
					t.Errorf("%s/%s is never in condition %s", typ, l.name, c)
				}
			}
		}
	}
	for _, ty := range cat.Types() {
		if !seen["text/"+ty.Key+"/"+layoutsOf(ty.Key)[0].name] {
			t.Errorf("type %s never generated", ty.Key)
		}
	}
}

var isoDay = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// vocabulary is the catalog's result codes by field.
var vocabulary = map[string][]string{
	"tb_skin_test.result":     {"negative", "positive"},
	"tb_blood_test.result":    {"negative", "positive", "indeterminate"},
	"chest_xray.result":       {"negative", "positive"},
	"drug_screen.result":      {"negative", "positive"},
	"fit_test.result":         {"pass", "fail"},
	"background_check.result": {"clear", "consider"},
	"titer_result":            {"immune", "non_immune"},
	"license_type":            {"RN", "LPN", "LVN", "APRN"},
}

func TestTruthFollowsTheCatalog(t *testing.T) {
	cat := catalog.MustLoad()
	for _, c := range plan(t, fullConfig()) {
		for _, d := range c.Docs {
			ty, _ := cat.Type(d.Type)
			where := c.ID + " " + d.Type + "/" + d.Layout
			if len(d.Fields) == 0 {
				t.Errorf("%s: no truth", where)
			}
			for f, v := range d.Fields {
				if !ty.HasField(f) {
					t.Errorf("%s: field %s is not one of the type's", where, f)
				}
				if err := checkValue(d.Type, f, v); err != nil {
					t.Errorf("%s: %s: %v", where, f, err)
				}
			}
			for f, alts := range d.Accept {
				if _, ok := d.Fields[f]; !ok {
					t.Errorf("%s: Accept names %s, which the truth lacks", where, f)
				}
				for _, a := range alts {
					if err := checkValue(d.Type, f, a); err != nil {
						t.Errorf("%s: accepted %s: %v", where, f, err)
					}
				}
			}
		}
	}
}

func checkValue(typ, f string, v any) error {
	switch {
	case f == "dose_dates":
		l, ok := v.([]string)
		if !ok || len(l) == 0 {
			return fmt.Errorf("%v is not a list of dates", v)
		}
		for _, d := range l {
			if !isoDay.MatchString(d) {
				return fmt.Errorf("%q is not YYYY-MM-DD", d)
			}
		}
	case strings.HasSuffix(f, "_date") || f == "date_of_birth":
		if s, ok := v.(string); !ok || !isoDay.MatchString(s) {
			return fmt.Errorf("%v is not YYYY-MM-DD", v)
		}
	case f == "induration_mm":
		if _, ok := v.(int); !ok {
			return fmt.Errorf("%v is not an int", v)
		}
	case f == "cleared" || f == "declined":
		if _, ok := v.(bool); !ok {
			return fmt.Errorf("%v is not a bool", v)
		}
	default:
		s, ok := v.(string)
		if !ok || strings.TrimSpace(s) != s || s == "" {
			return fmt.Errorf("%#v is not a trimmed string", v)
		}
		for _, key := range []string{typ + "." + f, f} {
			if vocab, ok := vocabulary[key]; ok {
				for _, w := range vocab {
					if s == w {
						return nil
					}
				}
				return fmt.Errorf("%q is not in %v", s, vocab)
			}
		}
	}
	return nil
}

// requirementFor is the requirement that judges a type on its own: the
// one named like it, else the first that accepts it.
func requirementFor(cat *catalog.Catalog, typ string) *catalog.Requirement {
	if r, ok := cat.Requirement(typ); ok {
		return r
	}
	for _, r := range cat.Requirements() {
		for _, a := range r.Accepts {
			if a == typ {
				return r
			}
		}
	}
	return nil
}

// TestConditionsGiveTheirVerdicts judges every single document's truth: a
// valid one passes its requirement, every other condition fails it. A
// verdict the condition does not give means the generator's truth is
// wrong, and the held-out verdict figures would measure nothing.
func TestConditionsGiveTheirVerdicts(t *testing.T) {
	cat := catalog.MustLoad()
	for _, c := range plan(t, fullConfig()) {
		if c.Bundle {
			continue
		}
		d := c.Docs[0]
		req := requirementFor(cat, d.Type)
		if req == nil {
			continue
		}
		got := rules.Evaluate(cat, req, rules.Input{DocumentType: d.Type, Readable: true, Fields: d.Fields, Candidate: c.Candidate, AsOf: asOf}).Result
		want := "INVALID"
		if c.Condition == Valid {
			want = "VALID"
		}
		if got != want {
			t.Errorf("%s %s/%s (%s): the truth is %s, want %s; fields %v", c.ID, d.Type, d.Layout, c.Condition, got, want, d.Fields)
		}
	}
}

// TestRenderedText renders text cases until every layout and every type
// is among them, a text bundle and a scanned one, and reads them back: every truth value is
// printed in some form, page ranges add up, and a scan has no text layer.
func TestRenderedText(t *testing.T) {
	rd, err := NewRenderer(RendererConfig{TempDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	var picked []Case
	seen := map[string]bool{}
	var bundle, scan *Case
	// Scan bundles come last in a plan, so drawing several leaves the text
	// cases as they were; the one scanned is the cheapest to degrade.
	cases := plan(t, Config{Seed: 11, TextSingles: -1, ScanSingles: 2, TextBundles: 1, ScanBundles: 5})
	for i := range cases {
		c := &cases[i]
		switch {
		case c.Bundle && c.Medium == Text:
			bundle = c
		case c.Bundle:
			if scan == nil || scanPixels(c) < scanPixels(scan) {
				scan = c
			}
		case c.Medium == Text && (!seen[c.Docs[0].Layout] || !seen[c.Docs[0].Type]):
			seen[c.Docs[0].Layout], seen[c.Docs[0].Type] = true, true
			picked = append(picked, *c)
		}
	}
	// The scan first: degrading its pages is the slowest render under
	// -race, and the other worker renders text meanwhile.
	picked = append([]Case{*scan}, append(picked, *bundle)...)
	var wg sync.WaitGroup
	errs := make([]error, len(picked))
	work := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				errs[i] = rd.Render(context.Background(), &picked[i])
			}
		}()
	}
	for i := range picked {
		work <- i
	}
	close(work)
	wg.Wait()
	for i, c := range picked {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		pages := pdftext.Pages(t, c.PDF)
		if n := c.Segments[len(c.Segments)-1].PageEnd; len(pages) != n {
			t.Errorf("%s: %d pages, the segments end at %d", c.ID, len(pages), n)
		}
		if c.Medium == Scan {
			if txt := strings.TrimSpace(strings.Join(pages, "")); txt != "" {
				t.Errorf("%s: a scan has a text layer: %.80q", c.ID, txt)
			}
			continue
		}
		raw := rawPages(t, c.PDF)
		for si, s := range c.Segments {
			// The layout keeps a row on one line; the reading order keeps a
			// wrapped table cell together. A value may be whole in either.
			text := norm(strings.Join(pages[s.PageStart-1:s.PageEnd], " ")) + " | " + norm(strings.Join(raw[s.PageStart-1:s.PageEnd], " "))
			d := c.Docs[si]
			for f, v := range s.Fields {
				if !printed(text, d, f, v) {
					t.Errorf("%s %s/%s: %s = %v is not printed", c.ID, d.Type, d.Layout, f, v)
				}
			}
		}
	}
}

// scanPixels is how many pixels a scanned case's pages will have, at the
// resolution its scan profile draws, in units of a page: degrading them is
// what a scan's render spends its time on under -race.
func scanPixels(c *Case) int {
	dpi := newScanProfile(scanRand(c.Seed)).dpi
	return dpi * dpi * len(c.Docs)
}

// rawPages is each page's text in reading order (pdftotext without
// -layout).
func rawPages(t *testing.T, pdf []byte) []string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Split(string(out), "\f")
}

func norm(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer(",", " ", "\u00a0", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// printed reports whether the value of field f is in the text in some form.
func printed(text string, d Doc, f string, v any) bool {
	has := func(s string) bool { return s != "" && strings.Contains(text, norm(s)) }
	if ev, ok := d.Evidence[f]; ok {
		return has(ev)
	}
	dateIn := func(iso string) bool {
		day, err := time.Parse(time.DateOnly, iso)
		if err != nil {
			return false
		}
		for _, form := range dateForms() {
			if has(form.format(day)) {
				return true
			}
		}
		return false
	}
	switch x := v.(type) {
	case []string:
		for _, iso := range x {
			if !dateIn(iso) {
				return false
			}
		}
		return true
	case int:
		return has(fmt.Sprint(x))
	case bool:
		return false // a boolean is printed as a phrase: it needs Evidence
	case string:
		if f == "address" {
			for _, part := range strings.Split(x, ", ") {
				if !has(part) {
					return false
				}
			}
			return true
		}
		if isoDay.MatchString(x) {
			return dateIn(x)
		}
		if has(x) {
			return true
		}
		if strings.HasSuffix(f, "name") {
			// A name printed in boxes (surname, given names) is whole in
			// its parts.
			all := true
			for _, w := range strings.Fields(x) {
				all = all && has(strings.TrimSuffix(w, ","))
			}
			if all {
				return true
			}
		}
		for _, a := range d.Accept[f] {
			if s, ok := a.(string); ok && has(s) {
				return true
			}
		}
		return f == "result" && has(strings.ReplaceAll(x, "_", "-"))
	}
	return false
}

func TestMRZCheckDigits(t *testing.T) {
	// ICAO 9303 part 4's specimen: L898902C3 6, 740812 2, 120415 9.
	for _, tc := range []struct{ in, want string }{{"L898902C3", "6"}, {"740812", "2"}, {"120415", "9"}, {"<<<<<<<<<<<<<<", "0"}} {
		if got := mrzCheck(tc.in); got != tc.want {
			t.Errorf("mrzCheck(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	l1, l2 := mrz("USA", "123456789", "USA", "MARIA", "LUISA", "VAN DER BERG", time.Date(1990, 4, 12, 0, 0, 0, 0, time.UTC),
		time.Date(2032, 3, 4, 0, 0, 0, 0, time.UTC), "F")
	if len(l1) != 44 || len(l2) != 44 {
		t.Fatalf("MRZ lines of %d and %d characters, want 44", len(l1), len(l2))
	}
	if !strings.HasPrefix(l1, "P<USAVAN<DER<BERG<<MARIA<LUISA<") {
		t.Errorf("line 1 = %s", l1)
	}
	if !strings.HasPrefix(l2, "1234567897USA9004126F3203042") {
		t.Errorf("line 2 = %s", l2)
	}
}

func TestDegradeTurnsAndKeepsSize(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	src := toRGBA(solid(200, 100))
	for _, tc := range []struct {
		deg  int
		w, h int
	}{{0, 200, 100}, {90, 100, 200}, {180, 200, 100}, {270, 100, 200}} {
		p := scanProfile{dpi: 100, skew: 1.2, noise: 5, blur: 1, quality: 60, light: 0.2, turn: tc.deg, gray: true}
		img, dpi := degrade(src, p, r)
		if b := img.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h || dpi != 100 {
			t.Errorf("turn %d: %dx%d at %d dpi, want %dx%d at 100", tc.deg, b.Dx(), b.Dy(), dpi, tc.w, tc.h)
		}
	}
	h, ok := homography([4][2]float64{{10, 10}, {90, 12}, {88, 60}, {12, 58}}, [4][2]float64{{0, 0}, {100, 0}, {100, 50}, {0, 50}})
	if !ok {
		t.Fatal("no homography")
	}
	x, y := 88.0, 60.0
	d := h[6]*x + h[7]*y + 1
	if u, v := (h[0]*x+h[1]*y+h[2])/d, (h[3]*x+h[4]*y+h[5])/d; abs(u-100) > 1e-6 || abs(v-50) > 1e-6 {
		t.Errorf("corner maps to (%g, %g), want (100, 50)", u, v)
	}
}

func solid(w, h int) image.Image {
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(i % 251)
	}
	return img
}

func abs(x float64) float64 { return math.Abs(x) }

func TestPlanNeedsAsOf(t *testing.T) {
	_, err := Plan(catalog.MustLoad(), Config{Seed: 1, TextSingles: 1})
	if err == nil || err.Error() != "heldout: Config.AsOf is required" {
		t.Fatalf("Plan without AsOf: %v, want the AsOf error", err)
	}
}
