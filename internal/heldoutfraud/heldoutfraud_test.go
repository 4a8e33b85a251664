package heldoutfraud

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/corona10/goimagehash"
	"github.com/rwcarlsen/goexif/exif"

	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/internal/heldout"
)

var (
	full = flag.Bool("full", false, "build and check every case of the part (2-5 minutes), not one per kind")
	seed = flag.Uint64("seed", testSeed, "the seed TestCases builds from")
	only = flag.String("only", "", "TestCases builds the cases whose names match this regexp")
)

const testSeed = 20261120

var manipulations = []string{"typed_over_name", "typed_over_date", "covered_text", "incremental_content", "dates_impossible",
	"validity_too_long", "id_format", "mrz_check", "editor_metadata", "image_splice", "copy_move", "reused_file", "reused_id",
	"reused_page_image"}

var controls = []string{"original", "printed_to_pdf", "scanned", "qpdf", "merged", "signed_update", "same_candidate_reupload"}

func TestPlanShape(t *testing.T) {
	specs := plan(testSeed)
	perManip, perControl, types, names := map[string]int{}, map[string]int{}, map[string]bool{}, map[string]bool{}
	clean := 0
	for _, s := range specs {
		if names[s.Name] {
			t.Errorf("name %s twice", s.Name)
		}
		names[s.Name] = true
		types[s.Type] = true
		switch {
		case s.Forged && s.Manipulation != "" && s.Control == "":
			perManip[s.Manipulation]++
		case !s.Forged && s.Manipulation == "" && s.Control != "":
			perControl[s.Control]++
			clean++
		default:
			t.Errorf("%s: forged=%v manipulation=%q control=%q", s.Name, s.Forged, s.Manipulation, s.Control)
		}
	}
	for _, m := range manipulations {
		if perManip[m] < 4 || perManip[m] > 6 {
			t.Errorf("manipulation %s: %d cases, want about 5", m, perManip[m])
		}
	}
	if len(perManip) != len(manipulations) {
		t.Errorf("manipulations %v, want exactly %v", perManip, manipulations)
	}
	for _, c := range controls {
		if perControl[c] < 5 {
			t.Errorf("control %s: %d cases, want at least 5", c, perControl[c])
		}
	}
	if clean < 50 || clean > 60 {
		t.Errorf("%d clean controls, want 50-60", clean)
	}
	if len(types) < 6 {
		t.Errorf("%d document types, want at least 6", len(types))
	}
	cat := catalogTypes(t)
	for ty := range types {
		if !cat[ty] {
			t.Errorf("type %s is not in catalog/document-types.yaml", ty)
		}
	}
}

// TestPlanGolden keeps the inventory of the part for the test seed (what
// each case is, for whom, with how many earlier uploads planned) in
// testdata, so a change to the plan shows in review.
func TestPlanGolden(t *testing.T) {
	var b strings.Builder
	for _, s := range plan(testSeed) {
		label := s.Manipulation
		if !s.Forged {
			label = "clean:" + s.Control
		}
		fmt.Fprintf(&b, "%-62s %-16s %-24s show=%q hide=%q\n", s.Name, s.Type, label, s.Facts.Show, s.Facts.Hide)
	}
	golden.Check(t, "testdata/plan.golden", []byte(b.String()))
}

func catalogTypes(t *testing.T) map[string]bool {
	b, err := os.ReadFile("../../catalog/document-types.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  ([a-z0-9_]+):\s*$`).FindAllSubmatch(b, -1) {
		out[string(m[1])] = true
	}
	return out
}

func TestPlanDeterministic(t *testing.T) {
	a, b, c := plan(testSeed), plan(testSeed), plan(testSeed+1)
	key := func(s caseSpec) string {
		j, err := json.Marshal(s.Facts)
		if err != nil {
			t.Fatal(err)
		}
		return s.Name + s.Type + string(j)
	}
	same, differ := true, false
	for i := range a {
		if key(a[i]) != key(b[i]) {
			same = false
		}
		if key(a[i]) != key(c[i]) {
			differ = true
		}
	}
	if !same {
		t.Error("the same seed planned different cases")
	}
	if !differ {
		t.Error("another seed planned the same cases")
	}
}

func TestMRZCheckDigits(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"L898902C36UTO7408122F1204159ZE184226B<<<<<10", true}, // ICAO 9303 part 4 specimen
		{"L898902C36UTO7408122F1204169ZE184226B<<<<<10", false},
		{"L898902C46UTO7408122F1204159ZE184226B<<<<<10", false},
		{"short", false},
	} {
		if got := mrzValid(tc.line); got != tc.want {
			t.Errorf("mrzValid(%s) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// subset is one case of every manipulation and every control, or all of
// them with -full.
func subset(specs []caseSpec) []caseSpec {
	if *only != "" {
		re := regexp.MustCompile(*only)
		var out []caseSpec
		for _, s := range specs {
			if re.MatchString(s.Name) {
				out = append(out, s)
			}
		}
		return out
	}
	if *full {
		return specs
	}
	seen := map[string]bool{}
	var out []caseSpec
	for _, s := range specs {
		k := s.Manipulation + "/" + s.Control
		if !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}

func buildSubset(t *testing.T) ([]caseSpec, []heldout.FraudCase, string) {
	t.Helper()
	specs := subset(plan(*seed))
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	t0 := time.Now()
	cases, err := build(ctx, specs, dir, 2)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("built %d cases in %s", len(cases), time.Since(t0).Round(time.Millisecond))
	return specs, cases, dir
}

func TestCases(t *testing.T) {
	specs, cases, dir := buildSubset(t)
	tl := &toolsForTest{t: t, dir: dir}
	for i, c := range cases {
		s := specs[i]
		t.Run(c.Name, func(t *testing.T) {
			tl := &toolsForTest{t: t, dir: filepath.Join(dir, c.Name), python: tl.pythonPath()}
			checkCase(t, tl, s, c)
		})
	}
	// the same seed, the same bytes: a few cases that go through every
	// tool are made again
	want := map[string]bool{"typed_over_name": true, "incremental_content": true, "printed_to_pdf": true, "merged": true,
		"signed_update": true}
	var again []caseSpec
	var first []heldout.FraudCase
	for i, s := range specs {
		if want[s.Manipulation+s.Control] {
			delete(want, s.Manipulation+s.Control)
			again = append(again, s)
			first = append(first, cases[i])
		}
	}
	second, err := build(context.Background(), again, t.TempDir(), 2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range second {
		if !bytes.Equal(first[i].Upload, second[i].Upload) {
			t.Errorf("%s: the same seed made different bytes", first[i].Name)
		}
	}
}

type toolsForTest struct {
	t      *testing.T
	dir    string
	python string
}

func (x *toolsForTest) pythonPath() string {
	for _, c := range pythonCandidates {
		if p, err := exec.LookPath(c); err == nil && exec.Command(p, "-c", "import PIL").Run() == nil {
			return p
		}
	}
	x.t.Fatal("no python3 with PIL")
	return ""
}

func (x *toolsForTest) run(name string, args ...string) string {
	x.t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		x.t.Fatalf("%s %v: %v", name, args, err)
	}
	return string(out)
}

func (x *toolsForTest) file(name string, b []byte) string {
	x.t.Helper()
	p := filepath.Join(x.dir, "test-"+name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		x.t.Fatal(err)
	}
	return p
}

var spaces = regexp.MustCompile(`\s+`)

func (x *toolsForTest) text(pdf []byte, name string) string {
	return spaces.ReplaceAllString(x.run("pdftotext", x.file(name, pdf), "-"), " ")
}

// picture decodes an upload's (first) picture: the JPEG itself, or the
// image a PDF of pictures holds.
func (x *toolsForTest) picture(b []byte, name string) image.Image {
	x.t.Helper()
	if bytes.HasPrefix(b, []byte("%PDF")) {
		p := x.file(name+".pdf", b)
		x.run("pdfimages", "-j", "-f", "1", "-l", "1", p, filepath.Join(x.dir, "test-img-"+name))
		var err error
		b, err = os.ReadFile(filepath.Join(x.dir, "test-img-"+name+"-000.jpg"))
		if err != nil {
			x.t.Fatalf("%s holds no JPEG: %v", name, err)
		}
	}
	img, err := jpeg.Decode(bytes.NewReader(b))
	if err != nil {
		x.t.Fatalf("%s: %v", name, err)
	}
	return img
}

func checkCase(t *testing.T, x *toolsForTest, s caseSpec, c heldout.FraudCase) {
	f := s.Facts
	if c.Forged != (c.Manipulation != "") || c.Forged == (c.Control != "") || c.DocumentType == "" || c.CandidateID == "" {
		t.Fatalf("labels: forged=%v manipulation=%q control=%q type=%q candidate=%q", c.Forged, c.Manipulation, c.Control, c.DocumentType, c.CandidateID)
	}
	isPDF := bytes.HasPrefix(c.Upload, []byte("%PDF-"))
	switch {
	case c.MIME == "application/pdf" && isPDF:
		info := x.run("pdfinfo", x.file("upload.pdf", c.Upload))
		if f.Pages > 0 && !regexp.MustCompile(fmt.Sprintf(`(?m)^Pages:\s+%d$`, f.Pages)).MatchString(info) {
			t.Errorf("want %d pages:\n%s", f.Pages, info)
		}
	case c.MIME == "image/jpeg" && bytes.HasPrefix(c.Upload, []byte{0xFF, 0xD8}):
	default:
		t.Fatalf("MIME %s does not match the upload's bytes % x", c.MIME, c.Upload[:4])
	}
	var text string
	if isPDF {
		text = x.text(c.Upload, "upload.pdf")
		if f.Image && strings.TrimSpace(text) != "" {
			t.Errorf("a PDF of pictures has a text layer: %q", text)
		}
	}
	for _, w := range f.Show {
		if !strings.Contains(text, w) {
			t.Errorf("text layer lacks %q:\n%s", w, text)
		}
	}
	for _, w := range f.Hide {
		if strings.Contains(text, w) {
			t.Errorf("text layer still shows %q:\n%s", w, text)
		}
	}
	if f.Font != "" {
		fonts := x.run("pdffonts", x.file("upload.pdf", c.Upload))
		flat := strings.NewReplacer(" ", "", "-", "")
		if !strings.Contains(flat.Replace(fonts), flat.Replace(f.Font)) {
			t.Errorf("no %s among the fonts:\n%s", f.Font, fonts)
		}
	}
	if f.Revisions > 0 {
		checkRevisions(t, x, c, f)
	} else if isPDF && bytes.Count(c.Upload, []byte("startxref")) > 1 && !bytes.Contains(c.Upload[:1024], []byte("/Linearized")) {
		t.Errorf("%d revisions in a file that should have one", bytes.Count(c.Upload, []byte("startxref")))
	}
	if f.Software != "" {
		checkSoftware(t, x, c, f.Software)
	}
	if f.XMPAgent != "" {
		meta := x.run("pdfinfo", "-meta", x.file("upload.pdf", c.Upload))
		if !strings.Contains(meta, "<stEvt:softwareAgent>"+f.XMPAgent) || !strings.Contains(x.run("pdfinfo", x.file("upload.pdf", c.Upload)), "Producer:        WeasyPrint") {
			t.Errorf("want XMP history naming %s over an Info dictionary naming WeasyPrint:\n%s", f.XMPAgent, meta)
		}
	}
	if f.MRZ != "" {
		if got := mrzValid(f.MRZ); got == c.Forged {
			t.Errorf("MRZ %s: check digits valid = %v on a forged=%v case", f.MRZ, got, c.Forged)
		}
	}
	if c.Manipulation == "dates_impossible" && !f.Issue.After(f.Exp) {
		t.Errorf("issued %s, expires %s: not impossible", f.Issue, f.Exp)
	}
	if c.Manipulation == "validity_too_long" && !f.Exp.After(f.Issue.AddDate(f.MaxYears, 0, 0)) {
		t.Errorf("issued %s, expires %s: within %d years", f.Issue, f.Exp, f.MaxYears)
	}
	if c.Manipulation == "validity_too_long" && !f.Exp.After(evalDate) {
		t.Errorf("expires %s, before the evaluation date", f.Exp)
	}
	if !c.Forged && !f.Exp.IsZero() && !f.Exp.After(evalDate) {
		t.Errorf("a clean control expired on %s", f.Exp)
	}
	if f.Image && (f.ID != "" || !f.Issue.IsZero()) {
		checkPhotographed(t, x, f)
	}
	if f.IDPattern != "" && regexp.MustCompile(f.IDPattern).MatchString(f.ID) {
		t.Errorf("number %s has the issuer's own format %s", f.ID, f.IDPattern)
	}
	if f.Region != nil {
		checkRegion(t, x, c, f.Region)
	}
	checkHistory(t, x, c, f)
}

// checkPhotographed reads the flat render a picture case was taken of:
// the number and dates the case is about are what it printed.
func checkPhotographed(t *testing.T, x *toolsForTest, f facts) {
	srcs, _ := filepath.Glob(filepath.Join(x.dir, "*.src.pdf"))
	if len(srcs) == 0 {
		t.Fatal("no flat render in the case's folder")
	}
	b, err := os.ReadFile(srcs[0])
	if err != nil {
		t.Fatal(err)
	}
	text := x.text(b, "flat.pdf")
	if f.ID != "" && !strings.Contains(text, f.ID) {
		t.Errorf("the picture's render does not print %s:\n%s", f.ID, text)
	}
	for _, d := range []time.Time{f.Issue, f.Exp} {
		if !d.IsZero() && !strings.Contains(text, us(d)) && !strings.Contains(text, dmy(d)) {
			t.Errorf("the picture's render does not print %s:\n%s", d.Format("2006-01-02"), text)
		}
	}
}

func checkRevisions(t *testing.T, x *toolsForTest, c heldout.FraudCase, f facts) {
	if n := bytes.Count(c.Upload, []byte("startxref")); n != 1+f.Revisions {
		t.Fatalf("%d cross-reference sections, want %d", n, 1+f.Revisions)
	}
	first := c.Upload[:bytes.Index(c.Upload, []byte("%%EOF"))+5]
	before := x.text(first, "first-revision.pdf")
	after := x.text(c.Upload, "upload.pdf")
	switch c.Manipulation {
	case "incremental_content":
		for _, w := range f.Hide {
			if !strings.Contains(before, w) {
				t.Errorf("the issuer's revision lacks %q:\n%s", w, before)
			}
		}
		if before == after {
			t.Error("the appended revision left the page's text as it was")
		}
	default:
		if !strings.Contains(after, strings.TrimSpace(before)) {
			t.Errorf("a signature changed the page's text:\n%s\n----\n%s", before, after)
		}
		if !bytes.Contains(c.Upload[len(first):], []byte("/FT /Sig")) || !bytes.Contains(c.Upload[len(first):], []byte("/ByteRange [0 ")) {
			t.Error("the appended revision holds no signature field")
		}
	}
}

func checkSoftware(t *testing.T, x *toolsForTest, c heldout.FraudCase, want string) {
	if c.MIME == "image/jpeg" {
		e, err := exif.Decode(bytes.NewReader(c.Upload))
		if err != nil {
			t.Fatalf("EXIF: %v", err)
		}
		tag, err := e.Get(exif.Software)
		if err != nil {
			t.Fatalf("EXIF Software: %v", err)
		}
		if sw, _ := tag.StringVal(); !strings.Contains(sw, want) {
			t.Errorf("EXIF Software %q, want %s", sw, want)
		}
		if _, err := e.Get(exif.Model); err != nil {
			t.Error("the camera's Model is gone: an editor keeps it")
		}
		return
	}
	info := x.run("pdfinfo", x.file("upload.pdf", c.Upload))
	if !regexp.MustCompile(`(?m)^(Producer|Creator):.*` + regexp.QuoteMeta(want)).MatchString(info) {
		t.Errorf("no %s in Producer/Creator:\n%s", want, info)
	}
}

// checkRegion redraws the same shot untouched and measures where the
// edited picture departs from it: inside the edited boxes, far more than
// over the frame.
func checkRegion(t *testing.T, x *toolsForTest, c heldout.FraudCase, r *region) {
	var up string
	if c.MIME == "image/jpeg" {
		up = x.file("upload.jpg", c.Upload)
	} else {
		x.picture(c.Upload, "edited")
		up = filepath.Join(x.dir, "test-img-edited-000.jpg")
	}
	var got struct{ Inside, Whole float64 }
	out := x.py(map[string]any{"cmd": "regiondiff", "src": filepath.Join(x.dir, r.Src), "mode": r.Mode, "seed": r.Seed, "gray": r.Gray,
		"a": up, "boxes": r.Boxes})
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("regiondiff: %v: %s", err, out)
	}
	if got.Inside < 8 || got.Inside < 4*got.Whole {
		t.Errorf("edited boxes differ by %.1f from the untouched shot, the whole frame by %.1f", got.Inside, got.Whole)
	}
}

func (x *toolsForTest) py(p map[string]any) string {
	b, _ := json.Marshal(p)
	script := filepath.Join(filepath.Dir(x.dir), "forge.py")
	return x.run(x.python, script, string(b))
}

func checkHistory(t *testing.T, x *toolsForTest, c heldout.FraudCase, f facts) {
	switch f.Reuse {
	case "":
		if len(c.Earlier) > 0 {
			t.Errorf("%d earlier uploads on a case that is not about history", len(c.Earlier))
		}
	case "same":
		if len(c.Earlier) == 0 {
			t.Fatal("no earlier upload")
		}
		for _, e := range c.Earlier {
			if !bytes.Equal(e.Upload, c.Upload) || e.CandidateID != c.CandidateID {
				t.Error("an earlier upload is not the same file for the same candidate")
			}
		}
	case "file":
		found := false
		for _, e := range c.Earlier {
			if bytes.Equal(e.Upload, c.Upload) && e.CandidateID != c.CandidateID {
				found = true
			}
		}
		if !found {
			t.Error("no earlier upload of the same file for another candidate")
		}
	case "id":
		if len(c.Earlier) != 1 || c.Earlier[0].CandidateID == c.CandidateID {
			t.Fatal("want one earlier upload by another candidate")
		}
		et := x.text(c.Earlier[0].Upload, "earlier.pdf")
		if !strings.Contains(et, f.ReusedID) || bytes.Equal(c.Earlier[0].Upload, c.Upload) {
			t.Errorf("the earlier document does not print %s, or is the same file", f.ReusedID)
		}
		if strings.Contains(et, f.Show[1]) {
			t.Errorf("the earlier document is made out to %s too", f.Show[1])
		}
	case "page":
		if len(c.Earlier) != 1 || c.Earlier[0].CandidateID == c.CandidateID || bytes.Equal(c.Earlier[0].Upload, c.Upload) {
			t.Fatal("want one earlier upload by another candidate, in other bytes")
		}
		a, err := goimagehash.DifferenceHash(x.picture(c.Earlier[0].Upload, "earlier"))
		if err != nil {
			t.Fatal(err)
		}
		b, err := goimagehash.DifferenceHash(x.picture(c.Upload, "later"))
		if err != nil {
			t.Fatal(err)
		}
		if d, _ := a.Distance(b); d > 10 {
			t.Errorf("the later page's picture is %d bits from the earlier one's", d)
		}
	}
}
