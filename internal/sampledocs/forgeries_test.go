package sampledocs

import (
	"bytes"
	"image"
	_ "image/jpeg" // the scans and photos
	_ "image/png"  // pages rendered to pictures
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/idnumber"
	"github.com/pdfcpu/pdfcpu/pkg/api"
)

// firstCases are FirstFraudCases(1), made once for the tests that read
// them: every manipulation and control of the generator's own tools.
var firstCases = sync.OnceValues(func() ([]FraudCase, error) { return FirstFraudCases(1) })

// stepOnce builds one of the tuning part's later steps alone, on a forger
// of its own (seed 1), once for the tests that read its cases.
func stepOnce(step func(*forger) error) func() ([]FraudCase, error) {
	return sync.OnceValues(func() ([]FraudCase, error) {
		f := &forger{r: Seeded(1), asOf: DefaultAsOf()}
		err := step(f)
		return f.cases, err
	})
}

// laterSteps are forger.laterSteps and how the tests make their cases
// without a build of the whole part (minutes under the race detector).
// Those with cases are built whole, once, for their own tests and the
// checks of every step's cases; the others' ways of making files are
// made a case each, twice, by TestLaterStepsAreDeterministic, and by
// their own tests (TestPilScans, TestPilControlsAreDeterministic,
// TestPilEditsChangeOneValue); the eval builds them all.
var laterSteps = []struct {
	name  string
	cases func() ([]FraudCase, error)
}{
	{"harderPictures", nil},
	{"harderClones", nil},
	{"pilControls", nil},
	{"overlays", nil},
	{"factsByOtherTools", stepOnce((*forger).factsByOtherTools)},
	{"imagesByOtherTools", nil},
	{"contentByOtherTools", stepOnce((*forger).contentByOtherTools)},
}

// laterStep returns the cases of the later step named name.
func laterStep(t *testing.T, name string) []FraudCase {
	t.Helper()
	for _, s := range laterSteps {
		if s.name == name && s.cases != nil {
			cs, err := s.cases()
			if err != nil {
				t.Fatal(err)
			}
			return cs
		}
	}
	t.Fatalf("no later step %q built whole", name)
	return nil
}

func first(t *testing.T) []FraudCase {
	t.Helper()
	cs, err := firstCases()
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// eachCase calls check with the first steps' cases and with each later
// step's, in a subtest of each.
func eachCase(t *testing.T, check func(t *testing.T, cs []FraudCase)) {
	t.Run("first", func(t *testing.T) { check(t, first(t)) })
	for _, s := range laterSteps {
		if s.cases != nil {
			t.Run(s.name, func(t *testing.T) { check(t, laterStep(t, s.name)) })
		}
	}
	// One clean Pillow scan of each kind, as the pilControls step makes
	// them.
	t.Run("pilControls", func(t *testing.T) { check(t, pilScanKinds(t)) })
}

// pilScanKinds are the pilControls step's scans of each kind (JPEG,
// PNG, Pillow's PDF, searchable), made once.
var pilScanKinds = func() func(t *testing.T) []FraudCase {
	built := sync.OnceValues(func() ([]FraudCase, error) {
		seen := map[string]bool{}
		var plan []pilScanJob
		for _, j := range pilScanPlan() {
			if !seen[j.how.out] {
				seen[j.how.out] = true
				plan = append(plan, j)
			}
		}
		f := &forger{r: Seeded(1), asOf: DefaultAsOf()}
		err := f.pilScans(plan)
		return f.cases, err
	})
	return func(t *testing.T) []FraudCase {
		t.Helper()
		cs, err := built()
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
}()

func TestLaterStepsAreAllTested(t *testing.T) {
	f := &forger{r: Seeded(1), asOf: DefaultAsOf()}
	if n := len(f.laterSteps()); n != len(laterSteps) {
		t.Errorf("the tuning part has %d later steps, the tests know %d: name the new one in laterSteps", n, len(laterSteps))
	}
}

// revisions counts a PDF's cross-reference sections (its revisions,
// linearisation's first-page section aside).
func revisions(pdf []byte) int { return bytes.Count(pdf, []byte("%%EOF")) }

var infoDates = regexp.MustCompile(`/(?:CreationDate|ModDate)\s*\(D:(\d{14})`)

// Every case is a forgery or a control, for a candidate, with a file.
func TestFraudCasesAreWellFormed(t *testing.T) {
	eachCase(t, func(t *testing.T, cs []FraudCase) {
		if len(cs) == 0 {
			t.Fatal("no cases")
		}
		for _, c := range cs {
			if (c.Manipulation == "") == (c.Control == "") {
				t.Errorf("%s: a case is either forged or a control (manipulation %q, control %q)", c.Name, c.Manipulation, c.Control)
			}
			if c.Forged != (c.Manipulation != "") {
				t.Errorf("%s: Forged %v with manipulation %q", c.Name, c.Forged, c.Manipulation)
			}
			if c.CandidateID == "" || len(c.Upload) == 0 {
				t.Errorf("%s: no candidate or no upload", c.Name)
			}
		}
	})
}

// The first steps make every manipulation and control, on several types
// and layouts; the later steps add other tools' ways of making them.
func TestFraudCasesCoverEveryManipulationAndControl(t *testing.T) {
	cs := first(t)
	type spread struct {
		n            int
		types, cands map[string]bool
	}
	by := map[string]*spread{}
	for _, c := range cs {
		k := c.Manipulation + c.Control
		s := by[k]
		if s == nil {
			s = &spread{types: map[string]bool{}, cands: map[string]bool{}}
			by[k] = s
		}
		s.n++
		// Names are kind/type/layout/...: a type and layout once each.
		if parts := strings.Split(c.Name, "/"); len(parts) >= 3 {
			s.types[parts[1]+"/"+parts[2]] = true
		} else {
			s.types[c.Name] = true
		}
		for _, e := range c.Earlier {
			s.cands[e.CandidateID] = true
		}
	}
	for _, tc := range []struct {
		kind    string
		min     int
		layouts int
	}{
		{NameTypedOver, 8, 6}, {DateTypedOver, 8, 6}, {CoveredText, 8, 8}, {ContentStreamReplaced, 8, 6},
		{EditingToolMetadata, 4, 4}, {IssuedAfterExpiration, 6, 5}, {ValidityTooLong, 6, 5}, {IDFormat, 6, 4}, {MRZCheckDigits, 4, 2},
		{JPEGPastedRegion, 3, 3}, {JPEGCopyMove, 3, 3}, {SameFileOtherCand, 3, 3}, {SameIDOtherCand, 3, 3}, {SamePageOtherCand, 2, 2},
		{Original, 25, 25}, {PrintedToPDF, 4, 4}, {Scanned, 4, 4}, {PhonePhoto, 2, 2}, {QPDF, 6, 6}, {Merged, 6, 1},
		{SignedUpdate, 6, 6}, {ReuploadSameCand, 2, 2}, {OtherCandsEarlier, 2, 2},
	} {
		s := by[tc.kind]
		if s == nil || s.n < tc.min || len(s.types) < tc.layouts {
			t.Errorf("%s: want at least %d cases on %d types and layouts, got %+v", tc.kind, tc.min, tc.layouts, s)
		}
	}
	var ncl int
	for _, c := range cs {
		if c.Manipulation == ContentStreamReplaced && c.DocumentType == "nursing_license" {
			ncl++
		}
	}
	if ncl < 2 {
		t.Errorf("%d nursing licenses with a replaced content stream, want several", ncl)
	}
}

func TestFraudCasesAreRealFiles(t *testing.T) {
	eachCase(t, checkRealFiles)
}

// checkRealFiles: each upload is the picture or the PDF its MIME type
// says, readable and valid, and dated before the judging day.
func checkRealFiles(t *testing.T, cs []FraudCase) {
	asOf := DefaultAsOf()
	conf := pdfcpuConf()
	for _, c := range cs {
		switch c.MIME {
		case "image/jpeg", "image/png":
			if _, format, err := image.Decode(bytes.NewReader(c.Upload)); err != nil || "image/"+format != c.MIME {
				t.Errorf("%s: not a %s: %s, %v", c.Name, c.MIME, format, err)
			}
			continue
		case "application/pdf":
		default:
			t.Errorf("%s: MIME %q", c.Name, c.MIME)
			continue
		}
		ctx, err := api.ReadContext(bytes.NewReader(c.Upload), conf)
		if err != nil {
			t.Errorf("%s: pdfcpu cannot read it: %v", c.Name, err)
			continue
		}
		if err := api.ValidateContext(ctx); err != nil {
			t.Errorf("%s: pdfcpu finds it invalid: %v", c.Name, err)
		}
		for _, m := range infoDates.FindAllSubmatch(c.Upload, -1) {
			if d, err := time.Parse("20060102150405", string(m[1])); err == nil && !d.Before(asOf.AddDate(0, 0, 1)) {
				t.Errorf("%s: the file is dated %s, after the judging day", c.Name, d)
			}
		}
	}
}

func TestFraudCasesSaveTheirWay(t *testing.T) {
	eachCase(t, checkSavedTheirWay)
}

// checkSavedTheirWay: each file carries the revisions, the writer and
// the structure its name says it was saved with.
func checkSavedTheirWay(t *testing.T, cs []FraudCase) {
	for _, c := range cs {
		revs := revisions(c.Upload)
		switch {
		case c.Manipulation == ContentStreamReplaced, c.Control == SignedUpdate, strings.Contains(c.Name, "/incremental"):
			if revs < 2 {
				t.Errorf("%s: an incremental update, yet %d revision(s)", c.Name, revs)
			}
		case c.Manipulation == EditingToolMetadata, strings.HasSuffix(c.Name, "/rewritten"), c.Control == Original, c.Control == PrintedToPDF:
			if revs != 1 {
				t.Errorf("%s: saved as one revision, yet %d", c.Name, revs)
			}
		}
		switch c.Control {
		case PrintedToPDF:
			if !bytes.Contains(c.Upload, []byte("cairo")) {
				t.Errorf("%s: not written by cairo", c.Name)
			}
		case QPDF:
			if strings.HasSuffix(c.Name, "/object_streams") && !bytes.Contains(c.Upload, []byte("/ObjStm")) {
				t.Errorf("%s: no object stream", c.Name)
			}
			if strings.HasSuffix(c.Name, "/linearized") && !bytes.Contains(c.Upload[:min(len(c.Upload), 1024)], []byte("/Linearized")) {
				t.Errorf("%s: not linearised", c.Name)
			}
		}
		if c.Manipulation == EditingToolMetadata {
			if tool, ok := rewrittenBy(c.Name); ok {
				// Rewritten by another tool: the file names the tool the
				// case says, or carries the history of its later save.
				if !bytes.Contains(c.Upload, []byte(tool)) || (strings.HasSuffix(c.Name, "/xmp_saved_after_info") && !bytes.Contains(c.Upload, []byte("stEvt:softwareAgent"))) {
					t.Errorf("%s: does not name %q or carry its history", c.Name, tool)
				}
			} else if _, ok := editorIn(c.Upload); !ok {
				t.Errorf("%s: names no editing tool", c.Name)
			}
		}
	}
}

// rewrittenBy is the tool a case rewritten by other tools than the
// generator's names (".../weasy_rewrite/<tool>[/<how>]").
func rewrittenBy(name string) (string, bool) {
	_, after, ok := strings.Cut(name, "/weasy_rewrite/")
	if !ok {
		return "", false
	}
	tool, _, _ := strings.Cut(after, "/")
	return tool, tool != ""
}

func editorIn(pdf []byte) (string, bool) {
	for _, e := range editors {
		if bytes.Contains(pdf, []byte(strings.TrimSpace(strings.Split(e.producer, "(")[0]))) {
			return e.producer, true
		}
	}
	return "", false
}

func TestFraudCasesHistory(t *testing.T) {
	eachCase(t, checkHistory)
}

// checkHistory: the earlier uploads are what the case's kind says.
func checkHistory(t *testing.T, cs []FraudCase) {
	for _, c := range cs {
		switch c.Manipulation + c.Control {
		case SameFileOtherCand:
			if !bytes.Equal(c.Earlier[0].Upload, c.Upload) || c.Earlier[0].CandidateID == c.CandidateID {
				t.Errorf("%s: not the same file for another candidate", c.Name)
			}
		case ReuploadSameCand:
			if !bytes.Equal(c.Earlier[0].Upload, c.Upload) || c.Earlier[0].CandidateID != c.CandidateID {
				t.Errorf("%s: not the same file for the same candidate", c.Name)
			}
		case SameIDOtherCand, SamePageOtherCand, OtherCandsEarlier:
			for _, e := range c.Earlier {
				if bytes.Equal(e.Upload, c.Upload) || e.CandidateID == c.CandidateID {
					t.Errorf("%s: an earlier upload is the same file or the same candidate", c.Name)
				}
			}
		default:
			if len(c.Earlier) > 0 {
				t.Errorf("%s: earlier uploads on a case without history", c.Name)
			}
		}
	}
}

// FirstFraudCases makes the same files run to run: FraudCases runs the
// same steps first on the same forger and its later steps only add cases
// after them, so these are FraudCases' first, file for file, as the
// evaluation's tests take them to be. (The later steps are checked each
// on its own by TestLaterStepsAreDeterministic and the steps' tests: a
// build of the whole part took minutes under the race detector.)
func TestFirstFraudCasesAreDeterministic(t *testing.T) {
	a := first(t)
	b, err := FirstFraudCases(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("%d and %d cases", len(a), len(b))
	}
	for i, c := range a {
		if c.Name != b[i].Name || (!bytes.Equal(c.Upload, b[i].Upload) && !strings.HasSuffix(c.Name, "/pdfcpu")) {
			// pdfcpu numbers a merge's objects in Go's map order.
			t.Errorf("case %d (%s) differs run to run (%s)", i, c.Name, b[i].Name)
		}
	}
}

// mrzLine2 returns a rendered passport's second MRZ line.
func mrzLine2(t *testing.T, d Doc) string {
	t.Helper()
	_, runs, err := renderTraced(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		if len(r.text) == 44 && !strings.HasPrefix(r.text, "P<") {
			return r.text
		}
	}
	t.Fatalf("%s/%s prints no machine-readable zone", d.Type, d.Variant)
	return ""
}

// td3Failed names the check digits of a TD3 second line that fail.
func td3Failed(l2 string) []string {
	var out []string
	for _, c := range []struct {
		name  string
		data  string
		digit byte
	}{
		{"number", l2[0:9], l2[9]}, {"birth", l2[13:19], l2[19]}, {"expiry", l2[21:27], l2[27]}, {"optional", l2[28:42], l2[42]},
		{"composite", l2[0:10] + l2[13:20] + l2[21:43], l2[43]},
	} {
		want := idnumber.MRZCheckDigit(c.data)
		if string(c.digit) != want && !(c.digit == '<' && want == "0") {
			out = append(out, c.name)
		}
	}
	return out
}

func TestPassportMRZ(t *testing.T) {
	r := Seeded(11)
	for i := 0; i < 30; i++ {
		d := Generate(r, "passport", NewPerson(r), Options{Variant: []string{"us_passport_book", "foreign_passport"}[i%2], Expired: i%3 == 0})
		if failed := td3Failed(mrzLine2(t, d)); len(failed) > 0 {
			t.Errorf("%s/%s: check digits of %v fail on a genuine passport", d.Type, d.Variant, failed)
		}
		if issue := mustDate(d.Fields["issue_date"]); d.Created.Before(issue) {
			t.Errorf("%s/%s: photocopied %s, before its issue on %s", d.Type, d.Variant, d.Created, issue)
		}
	}
	// The generator's own stale zones, drawn as text; the zones other
	// tools draw in pictures are checked by TestFactsByOtherTools.
	f := &forger{r: Seeded(1), asOf: DefaultAsOf()}
	if err := f.mrz(); err != nil {
		t.Fatal(err)
	}
	if len(f.cases) == 0 {
		t.Fatal("no passport with a stale zone")
	}
	for _, c := range f.cases {
		if c.Manipulation != MRZCheckDigits {
			continue
		}
		var l2 string
		for _, l := range regexp.MustCompile(`\(([A-Z0-9<]{44})\) Tj`).FindAllSubmatch(uncompressed(t, c.Upload), -1) {
			if !strings.HasPrefix(string(l[1]), "P<") {
				l2 = string(l[1])
			}
		}
		if l2 == "" || len(td3Failed(l2)) == 0 {
			t.Errorf("%s: the zone %q passes its check digits", c.Name, l2)
		}
	}
}

// uncompressed returns a PDF's page content, decoded.
func uncompressed(t *testing.T, pdf []byte) []byte {
	t.Helper()
	e, err := newPDFEdit(pdf)
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	for n := 1; n <= e.pages(); n++ {
		c, err := e.content(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c...)
	}
	return out
}

func TestECardCodeStartsWithItsIssueYear(t *testing.T) {
	r := Seeded(12)
	for i := 0; i < 30; i++ {
		typ := []string{"bls", "acls", "pals"}[i%3]
		d := Generate(r, typ, NewPerson(r), Options{Variant: "aha_ecard", Expired: i%4 == 0})
		code, _ := d.Fields["certificate_id"].(string)
		issue := mustDate(d.Fields["issue_date"])
		if !regexp.MustCompile(`^\d{12}$`).MatchString(code) || code[:2] != issue.Format("06") || code[2:5] != ecardCourses[typ] {
			t.Errorf("%s eCard issued %s has code %q, want %s%s and 7 digits", typ, issue.Format(time.DateOnly), code, issue.Format("06"), ecardCourses[typ])
		}
	}
}

func TestRetypedRemovesTheRun(t *testing.T) {
	r := Seeded(13)
	d := Generate(r, "bls", NewPerson(r), Options{Variant: "redcross_certificate"})
	pdf, shown, full := nameRun(t, d)
	e, err := retyped(pdf, []retype{{shown, "Tyler Flores"}}, "Times-Roman", 1.2)
	if err != nil {
		t.Fatal(err)
	}
	out := e.bytes()
	content := uncompressed(t, out)
	if runShow(full).Match(content) || !bytes.Contains(content, []byte("(Tyler Flores) Tj")) || !bytes.Contains(out, []byte("/Times-Roman")) {
		t.Errorf("the name was not retyped in Times: %s", content)
	}
	op := func(o string) int { return len(regexp.MustCompile(`(?m)(?:^|\s)`+o+`(?:\s|$)`).FindAll(content, -1)) }
	if op("q") != op("Q") || op("BT") != op("ET") {
		t.Errorf("q/Q (%d/%d) or BT/ET (%d/%d) no longer pair up", op("q"), op("Q"), op("BT"), op("ET"))
	}
	if revisions(out) != 2 || !bytes.HasPrefix(out, pdf) {
		t.Errorf("not an incremental update of the original (%d revisions)", revisions(out))
	}
}

// Each way the later steps make a file gives the same bytes for the same
// document and seed: one case of each way, made twice. (The steps' loops
// draw only from the forger's seeded source; what could differ run to
// run is a tool's clock or ids, which these catch without building the
// steps twice.)
func TestLaterStepsAreDeterministic(t *testing.T) {
	made := DefaultAsOf().AddDate(0, -1, 0)
	r := Seeded(3)
	d := Generate(r, "bls", NewPerson(r), Options{Variant: Variants("bls")[0], Expired: true})
	change := map[string]any{forgedDateField(d): made.AddDate(2, 0, 0).Format(time.DateOnly)}
	card := Generate(r, "tb_skin_test", NewPerson(r), Options{Variant: Variants("tb_skin_test")[0], Pages: 1})
	cardChange := map[string]any{forgedDateField(card): made.AddDate(0, 0, 20).Format(time.DateOnly)}
	pdf, shown, full := nameRun(t, d)
	rs := []retype{{shown, strings.Replace(shown.text, full, "Tyler Flores", 1)}}
	z := (&forger{r: Seeded(4), asOf: DefaultAsOf()}).zoneFacts(false)
	l1, l2 := z.td3()
	info := map[string]string{"Producer": "LibreOffice 7.4", "Creator": "Writer", "CreationDate": pdfDate(d.Created), "ModDate": pdfDate(made)}
	typed := func(settings map[string]any) func() ([]byte, error) {
		base := map[string]any{"seed": 5, "epoch": d.Created.Unix(), "family": "'DejaVu Sans'", "dpi": 100, "quality": 85, "blur": 0.5, "noise": 6,
			"ttf": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"}
		for k, v := range settings {
			base[k] = v
		}
		return func() ([]byte, error) { return typedPil(pdf, base) }
	}
	file := func(b []byte, _ string, err error) ([]byte, error) { return b, err }
	orig := mustPDF(t, d)
	forged, err := fabricated(d, change)
	if err != nil {
		t.Fatal(err)
	}
	splice := pilEdits[0]
	for _, e := range pilEdits {
		if e.kind == "splice" && e.out == "pdf" {
			splice = e
		}
	}
	splice.renderDPI, splice.donorDPI = 100, 110
	for _, tc := range []struct {
		step, way string
		make      func() ([]byte, error)
	}{
		{"imagesByOtherTools", "Pillow splice saved as Pillow's PDF", func() ([]byte, error) { return file(pilEdited(orig, forged, splice, 7, made)) }},
		{"harderPictures", "splice saved in a PDF", func() ([]byte, error) {
			return file(splicedPicture(d, change, 7, howNamed(t, spliceHows, "scan_q85_donor_q65_then_q92_pdf"), made))
		}},
		{"harderPictures", "resaved as PNG", func() ([]byte, error) {
			return file(resavedPicture(d, 7, howNamed(t, resaveHows, "scan_q75_png"), made))
		}},
		{"harderClones", "cloned scan", func() ([]byte, error) { return clonedScan(card, cardChange, 7, 75, 90, made) }},
		{"overlays", "qpdf overlay", func() ([]byte, error) { return overlaid(pdf, rs, "Times-Roman", 1, 1.1) }},
		{"overlays", "WeasyPrint overlay", func() ([]byte, error) { return weasyOverlaid(pdf, rs, "DejaVu Serif", "rgb(255,255,255)", 1) }},
		{"factsByOtherTools", "Pillow card", func() ([]byte, error) { return file(pilCard(passportCard(z, []string{l1, l2}, "dejavu", 7), made)) }},
		{"factsByOtherTools", "WeasyPrint certificate", func() ([]byte, error) {
			return weasyprint(certificateHTML("BLS Provider", "American Heart Association", full, [][2]string{{"Issue Date", "March 14, 2026"}}, "Verify at heart.org"))
		}},
		{"contentByOtherTools", "WeasyPrint page rewritten by qpdf", typed(map[string]any{"make": "weasy", "post": "rewrite", "info": info,
			"edits": []map[string]string{{"old": full, "new": "Tyler Flores", "css": "font-weight:bold"}}, "xmp": xmpFor(typedHow{xmp: "saved_after_info"}, d.Created, made)})},
		{"contentByOtherTools", "searchable scan, layer edited", typed(map[string]any{"make": "scan",
			"info":  map[string]string{"Producer": "Pillow", "CreationDate": pdfDate(made), "ModDate": pdfDate(made)},
			"layer": []map[string]string{{"old": full, "new": "Tyler Flores"}}})},
	} {
		t.Run(tc.step+"/"+tc.way, func(t *testing.T) {
			a, err := tc.make()
			if err != nil {
				t.Fatal(err)
			}
			b, err := tc.make()
			if err != nil {
				t.Fatal(err)
			}
			if len(a) == 0 || !bytes.Equal(a, b) {
				t.Errorf("%d and %d bytes: not the same file twice", len(a), len(b))
			}
			mime := "application/pdf"
			if !bytes.HasPrefix(a, []byte("%PDF")) {
				_, format, err := image.DecodeConfig(bytes.NewReader(a))
				if err != nil {
					t.Fatalf("neither a PDF nor a picture: %v", err)
				}
				mime = "image/" + format
			}
			checkRealFiles(t, []FraudCase{{Name: tc.step + "/" + tc.way, Upload: a, MIME: mime}})
		})
	}
}

// nameRun renders d and returns the PDF, the first text run showing its
// full name, and the name.
func nameRun(t *testing.T, d Doc) ([]byte, textRun, string) {
	t.Helper()
	pdf, runs, err := renderTraced(d)
	if err != nil {
		t.Fatal(err)
	}
	full := d.Fields["full_name"].(string)
	shown := runsShowing(runs, full)
	if len(shown) == 0 {
		t.Fatalf("%s/%s shows no run %q", d.Type, d.Variant, full)
	}
	return pdf, shown[0], full
}

// howNamed is the picture how of hows named name.
func howNamed(t *testing.T, hows []pictureHow, name string) pictureHow {
	t.Helper()
	for _, h := range hows {
		if h.name == name {
			return h
		}
	}
	t.Fatalf("no picture how %q", name)
	return pictureHow{}
}
