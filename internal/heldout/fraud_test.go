package heldout

import (
	"bytes"
	"context"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"math/rand/v2"
	"os/exec"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/corona10/goimagehash"
	"github.com/gabriel-vasile/mimetype"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/rwcarlsen/goexif/exif"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/internal/pdftext"
)

// The whole set is built once for all the tests below.
var fraudSet struct {
	once  sync.Once
	cases []FraudCase
	truth []fraudTruth
	took  time.Duration
	err   error
}

func fraudCases(t *testing.T) ([]FraudCase, []fraudTruth) {
	t.Helper()
	fraudSet.once.Do(func() {
		start := time.Now()
		fraudSet.cases, fraudSet.truth, fraudSet.err = buildFraud(context.Background(), 11)
		fraudSet.took = time.Since(start)
	})
	if fraudSet.err != nil {
		t.Fatal(fraudSet.err)
	}
	return fraudSet.cases, fraudSet.truth
}

func TestFraudSetCoversEveryManipulationAndControl(t *testing.T) {
	cases, _ := fraudCases(t)
	t.Logf("%d cases built in %s", len(cases), fraudSet.took.Round(time.Second))
	manip, ctrl := map[string]int{}, map[string]int{}
	types := map[string]map[string]bool{}
	forged, clean := 0, 0
	names := map[string]bool{}
	for _, c := range cases {
		if names[c.Name] {
			t.Errorf("case name %s twice", c.Name)
		}
		names[c.Name] = true
		if _, ok := catalog.MustLoad().Type(c.DocumentType); !ok {
			t.Errorf("%s: document type %q is not in the catalog", c.Name, c.DocumentType)
		}
		if c.CandidateID == "" {
			t.Errorf("%s: no candidate", c.Name)
		}
		switch {
		case c.Forged && c.Manipulation != "" && c.Control == "":
			forged++
			manip[c.Manipulation]++
			if types[c.Manipulation] == nil {
				types[c.Manipulation] = map[string]bool{}
			}
			types[c.Manipulation][c.DocumentType] = true
		case !c.Forged && c.Control != "" && c.Manipulation == "":
			clean++
			ctrl[c.Control]++
		default:
			t.Errorf("%s: forged %v with manipulation %q and control %q", c.Name, c.Forged, c.Manipulation, c.Control)
		}
	}
	for _, m := range FraudManipulations() {
		if manip[m] < 4 {
			t.Errorf("manipulation %s: %d cases, want at least 4", m, manip[m])
		}
		if len(types[m]) < 2 && m != "mrz_check" {
			t.Errorf("manipulation %s is made on %d document types, want several", m, len(types[m]))
		}
	}
	for _, c := range FraudControls() {
		if ctrl[c] < 4 {
			t.Errorf("control %s: %d cases, want at least 4", c, ctrl[c])
		}
	}
	if len(manip) != len(FraudManipulations()) || len(ctrl) != len(FraudControls()) {
		t.Errorf("kinds made: %v %v", manip, ctrl)
	}
	if forged < 60 || forged > 80 || clean < 40 || clean > 60 {
		t.Errorf("%d tampered and %d clean cases, want 60-80 and 40-60", forged, clean)
	}
	t.Logf("tampered %d %v; clean %d %v", forged, manip, clean, ctrl)
}

// TestFraudUploadsAreValidFiles parses every upload (and earlier upload):
// PDFs with pdfcpu, images with the standard decoders, and checks the MIME
// type against the bytes.
func TestFraudUploadsAreValidFiles(t *testing.T) {
	cases, _ := fraudCases(t)
	for _, c := range cases {
		files := []PriorUpload{{Upload: c.Upload, MIME: c.MIME}}
		files = append(files, c.Earlier...)
		for i, f := range files {
			if got := mimetype.Detect(f.Upload).String(); got != f.MIME {
				t.Errorf("%s file %d: MIME %s, the bytes are %s", c.Name, i, f.MIME, got)
				continue
			}
			switch f.MIME {
			case pdfMIME:
				ctx, err := api.ReadContext(bytes.NewReader(f.Upload), pdfConfig())
				if err == nil {
					err = api.ValidateContext(ctx)
				}
				if err != nil {
					t.Errorf("%s file %d: pdfcpu: %v", c.Name, i, err)
				} else if ctx.PageCount < 1 {
					t.Errorf("%s file %d: no pages", c.Name, i)
				}
			default:
				img, _, err := image.Decode(bytes.NewReader(f.Upload))
				if err != nil {
					t.Errorf("%s file %d: %v", c.Name, i, err)
				} else if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 200 {
					t.Errorf("%s file %d: image of %v is too small to read", c.Name, i, b)
				}
			}
		}
	}
}

var mrzLine2Re = regexp.MustCompile(`^[A-Z0-9<]{44}$`)

// TestFraudForgeriesDifferFromTheirSource checks what each manipulation
// left in the file: the text it shows and hides, its revisions, the MRZ,
// the editor's metadata, the history.
func TestFraudForgeriesDifferFromTheirSource(t *testing.T) {
	cases, truth := fraudCases(t)
	for i, c := range cases {
		tr := truth[i]
		var text string
		if c.MIME == pdfMIME {
			text = pdftext.Folded(t, c.Upload)
		}
		shown := text
		if c.Manipulation == "covered_text" {
			// The new text lies on the old: read them in drawing order.
			shown = rawText(t, c.Upload)
		}
		for _, s := range tr.shows {
			// Shown anywhere: a wider typed-over value can run into the
			// next word.
			if !strings.Contains(shown, fold(s)) {
				t.Errorf("%s: the text does not show %q", c.Name, s)
			}
		}
		for _, s := range tr.hides {
			if containsValue(text, fold(s)) {
				t.Errorf("%s: the text still shows %q", c.Name, s)
			}
		}
		if n := bytes.Count(c.Upload, []byte("startxref")); c.MIME == pdfMIME && n < tr.revisions {
			t.Errorf("%s: %d revisions, want %d", c.Name, n, tr.revisions)
		}
		if len(tr.before) > 0 {
			end := bytes.Index(c.Upload, []byte("%%EOF"))
			first := pdftext.Folded(t, c.Upload[:end+5])
			for _, s := range tr.before {
				if !strings.Contains(first, fold(s)) {
					t.Errorf("%s: the first revision does not show %q", c.Name, s)
				}
			}
		}
		switch c.Manipulation {
		case "mrz_check", "validity_too_long":
			if c.DocumentType != "passport" {
				break
			}
			l2 := ""
			for _, l := range strings.Split(pdftext.Layout(t, c.Upload), "\n") {
				l = strings.ReplaceAll(strings.TrimSpace(l), " ", "")
				if mrzLine2Re.MatchString(l) && !strings.HasPrefix(l, "P<") {
					l2 = l
				}
			}
			if l2 == "" {
				t.Errorf("%s: no MRZ in the text", c.Name)
				break
			}
			fixed := []byte(l2)
			fixMRZ(fixed)
			if ok := string(fixed) == l2; ok != (c.Manipulation == "validity_too_long") {
				t.Errorf("%s: MRZ %s check digits pass: %v", c.Name, l2, ok)
			}
		case "editor_metadata":
			if !editorMetadata(t, c) {
				t.Errorf("%s: no editor named in the file's metadata", c.Name)
			}
		case "reused_file", "reused_id", "reused_page_image":
			if len(c.Earlier) != 1 || c.Earlier[0].CandidateID == c.CandidateID {
				t.Errorf("%s: the earlier upload is not another candidate's", c.Name)
				break
			}
			same := bytes.Equal(c.Earlier[0].Upload, c.Upload)
			if same != (c.Manipulation == "reused_file") {
				t.Errorf("%s: byte-identical to the earlier upload: %v", c.Name, same)
			}
			if c.Manipulation == "reused_id" && !containsValue(pdftext.Folded(t, c.Earlier[0].Upload), tr.id) {
				t.Errorf("%s: the earlier upload does not print %s", c.Name, tr.id)
			}
			if c.Manipulation == "reused_id" && !containsValue(text, tr.id) {
				t.Errorf("%s: the upload does not print %s", c.Name, tr.id)
			}
			if c.Manipulation == "reused_page_image" {
				if d := hashDistance(t, c.Earlier[0], PriorUpload{Upload: c.Upload, MIME: c.MIME}); d > 10 {
					t.Errorf("%s: page images %d bits apart, not the same page", c.Name, d)
				}
			}
		}
		switch c.Control {
		case "same_candidate_reupload":
			if len(c.Earlier) != 1 || c.Earlier[0].CandidateID != c.CandidateID || !bytes.Equal(c.Earlier[0].Upload, c.Upload) {
				t.Errorf("%s: not the same file for the same candidate", c.Name)
			}
		case "signed_update":
			end := bytes.Index(c.Upload, []byte("%%EOF"))
			if n := bytes.Count(c.Upload, []byte("startxref")); n != 2 {
				t.Errorf("%s: %d revisions, want 2", c.Name, n)
			}
			if pdftext.Folded(t, c.Upload[:end+5]) != text {
				t.Errorf("%s: the metadata update changed the text", c.Name)
			}
		case "":
		default:
			if len(c.Earlier) != 0 {
				t.Errorf("%s: a clean %s has earlier uploads", c.Name, c.Control)
			}
		}
	}
}

// rawText is pdftotext's text in content-stream order, folded.
func rawText(t *testing.T, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-raw", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return fold(string(out))
}

func fold(s string) string { return strings.Join(strings.Fields(s), " ") }

func editorMetadata(t *testing.T, c FraudCase) bool {
	t.Helper()
	editors := []string{"Photoshop", "GIMP"}
	if c.MIME == "image/jpeg" {
		x, err := exif.Decode(bytes.NewReader(c.Upload))
		if err != nil {
			t.Errorf("%s: EXIF: %v", c.Name, err)
			return false
		}
		tag, err := x.Get(exif.Software)
		if err != nil {
			return false
		}
		sw, _ := tag.StringVal()
		for _, e := range editors {
			if strings.Contains(sw, e) {
				return true
			}
		}
		return false
	}
	ctx, err := api.ReadContext(bytes.NewReader(c.Upload), pdfConfig())
	if err != nil {
		t.Errorf("%s: %v", c.Name, err)
		return false
	}
	// The Info's Creator and Producer, and XMP packets (stored raw).
	meta := ctx.Creator + " " + ctx.Producer + " " + string(c.Upload)
	for _, e := range editors {
		if strings.Contains(meta, e) {
			return true
		}
	}
	return false
}

// hashDistance is the perceptual-hash distance of two uploads' first
// pages.
func hashDistance(t *testing.T, a, b PriorUpload) int {
	t.Helper()
	ha, hb := pageHash(t, a), pageHash(t, b)
	d, err := ha.Distance(hb)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func pageHash(t *testing.T, u PriorUpload) *goimagehash.ImageHash {
	t.Helper()
	data := u.Upload
	if u.MIME == pdfMIME {
		cmd := exec.Command("pdftoppm", "-r", "50", "-f", "1", "-l", "1", "-png", "-")
		cmd.Stdin = bytes.NewReader(u.Upload)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("pdftoppm: %v", err)
		}
		data = out
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	h, err := goimagehash.PerceptionHash(img)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestFraudPlanIsDeterministic: the same seed plans the same cases (names,
// candidates, documents, edits); another seed other ones.
func TestFraudPlanIsDeterministic(t *testing.T) {
	plan := func(seed uint64) ([]FraudCase, []fraudTruth, []uint64) {
		jobs, err := planFraud(catalog.MustLoad(), seed)
		if err != nil {
			t.Fatal(err)
		}
		var cs []FraudCase
		var ts []fraudTruth
		var seeds []uint64
		for _, j := range jobs {
			cs, ts, seeds = append(cs, j.c), append(ts, j.truth), append(seeds, j.seed)
		}
		return cs, ts, seeds
	}
	a1, b1, c1 := plan(5)
	a2, b2, c2 := plan(5)
	if !reflect.DeepEqual(a1, a2) || !reflect.DeepEqual(b1, b2) || !reflect.DeepEqual(c1, c2) {
		t.Fatal("two plans of one seed differ")
	}
	a3, b3, _ := plan(6)
	if reflect.DeepEqual(a3, a1) && reflect.DeepEqual(b3, b1) {
		t.Fatal("plans of two seeds are the same")
	}
}

// TestFraudImagesAreDeterministic builds the pixel-made cases of one seed
// twice: their images are the same bytes.
func TestFraudImagesAreDeterministic(t *testing.T) {
	jobs, err := planFraud(catalog.MustLoad(), 5)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := NewRenderer(RendererConfig{})
	if err != nil {
		t.Fatal(err)
	}
	k := &kit{rd: rd, tmp: t.TempDir(), timeout: time.Minute}
	checked := 0
	for _, j := range jobs {
		if j.c.Name != "image_splice-01-dl-aamva-numbered" && j.c.Name != "copy_move-02-tox-analyte-table" && j.c.Name != "editor_metadata-03-dl-abbrev-labels" {
			continue
		}
		var got [][]byte
		for range 2 {
			b, err := j.build(context.Background(), k, rand.New(rand.NewPCG(j.seed, 0x6672617564)))
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, b.upload)
		}
		if !bytes.Equal(got[0], got[1]) {
			t.Errorf("%s: two builds of one seed differ", j.c.Name)
		}
		checked++
	}
	if checked != 3 {
		t.Fatalf("%d image cases checked, want 3", checked)
	}
}

// TestFraudIncrementalUpdateSyntax checks one edit's update byte by byte: a
// second xref section with the replaced content stream, a trailer whose
// /Prev is the first startxref, and the page showing the new text.
func TestFraudIncrementalUpdateSyntax(t *testing.T) {
	rd, err := NewRenderer(RendererConfig{})
	if err != nil {
		t.Fatal(err)
	}
	html := `<html><head><style>@page{size:letter;margin:1in} body{font-family:"DejaVu Sans"}</style></head>` +
		`<body><table><tr><th>Expiration Date</th><td>03/14/2025</td></tr></table></body></html>`
	pdf, err := rd.HTMLToPDF(context.Background(), html)
	if err != nil {
		t.Fatal(err)
	}
	p, err := openPDF(pdf)
	if err != nil {
		t.Fatal(err)
	}
	rev := p.update()
	if err := p.editText(rev, textEdit{target: "03/14/2025", repl: "03/14/2029", font: "Times-Roman"}); err != nil {
		t.Fatal(err)
	}
	out, err := rev.bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(out, pdf) {
		t.Fatal("the update does not keep the original bytes")
	}
	first := startxrefRe.FindSubmatch(pdf)
	tail := string(out[len(pdf):])
	for _, want := range []string{"xref\n", "/Prev " + string(first[1]), "/BaseFont /Times-Roman", "%%EOF"} {
		if !strings.Contains(tail, want) {
			t.Errorf("the update lacks %q:\n%s", want, tail[max(0, len(tail)-400):])
		}
	}
	got := pdftext.Folded(t, out)
	if !strings.Contains(got, "Expiration Date 03/14/2029") || strings.Contains(got, "2025") {
		t.Errorf("text after the edit: %q", got)
	}
	if _, err := api.ReadContext(bytes.NewReader(out), pdfConfig()); err != nil {
		t.Errorf("pdfcpu cannot read the update: %v", err)
	}
}

// TestFraudSignature signs a document as the signed_update controls do:
// pdfcpu finds the signature and its digest and CMS signature intact.
func TestFraudSignature(t *testing.T) {
	rd, err := NewRenderer(RendererConfig{})
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := rd.HTMLToPDF(context.Background(), `<html><body><p>Certificate of completion</p></body></html>`)
	if err != nil {
		t.Fatal(err)
	}
	p, err := openPDF(pdf)
	if err != nil {
		t.Fatal(err)
	}
	rev := p.update()
	at := fraudAsOf()
	if err := p.signRevision(rev, "Maria Alvarez", at); err != nil {
		t.Fatal(err)
	}
	out, err := rev.bytes()
	if err != nil {
		t.Fatal(err)
	}
	out, err = finishSignature(out, "Maria Alvarez", at, rand.NewChaCha8([32]byte{7}))
	if err != nil {
		t.Fatal(err)
	}
	validate := func(b []byte) *model.SignatureValidationResult {
		t.Helper()
		results, err := api.ValidateSignaturesRaw(bytes.NewReader(b), true, pdfConfig())
		if err != nil {
			t.Fatal(err)
		}
		if len(results) != 1 {
			t.Fatalf("%d signatures found, want 1", len(results))
		}
		return results[0]
	}
	// Only the self-signed certificate's trust is left open.
	if res := validate(out); res.Status == model.SignatureStatusInvalid ||
		(res.Reason != model.SignatureReasonCertNotTrusted && res.Reason != model.SignatureReasonSelfSignedCertErr) {
		t.Errorf("signature: %v, %v, %v", res.Status, res.Reason, res.Problems)
	}
	// A byte changed in the signed range breaks it.
	bad := append([]byte{}, out...)
	bad[bytes.Index(bad, []byte("/Producer"))+2] ^= 0x01
	if res := validate(bad); res.Status != model.SignatureStatusInvalid {
		t.Errorf("a tampered signed file validates: %v, %v", res.Status, res.Reason)
	}
	if got := pdftext.Folded(t, out); got != pdftext.Folded(t, pdf) {
		t.Errorf("signing changed the text: %q", got)
	}
}

// TestFraudMRZFix pins the check-digit arithmetic on ICAO 9303's specimen.
func TestFraudMRZFix(t *testing.T) {
	const good = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"
	l := []byte(good)
	l[9], l[43] = '0', '0'
	fixMRZ(l)
	if string(l) != good {
		t.Errorf("fixMRZ gave %s, want %s", l, good)
	}
}
