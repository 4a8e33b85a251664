package heldoutfraud3

import (
	"bytes"
	"context"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gabriel-vasile/mimetype"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// sample is the first case of every manipulation and one control of each
// re-saving tool: the part of the set the tests render for real.
func sample(plan []Spec) []Spec {
	seen := map[string]bool{}
	var out []Spec
	for _, s := range plan {
		k := s.Manipulation
		if k == "" {
			k = s.Control
			if !map[string]bool{"gs_print": true, "qpdf_optimise": true, "scan_imagemagick": true, "photo_pillow": true, "merged": true, "renewal": true}[k] {
				continue
			}
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}

// TestBuildSample renders one case per manipulation (and one control per
// tool) with the real tools: each file is what its MIME says, a forgery
// differs from the genuine file it was made from the way its manipulation
// says, and history cases carry the earlier upload of another candidate.
// It fails, never skips, when a tool is missing.
func TestBuildSample(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	specs := sample(Plan(3))
	if len(specs) != len(Manipulations)+6 {
		t.Fatalf("sample has %d cases, want %d", len(specs), len(Manipulations)+6)
	}
	built, err := Build(ctx, specs)
	if err != nil {
		t.Fatal(err)
	}
	api.DisableConfigDir()
	for _, b := range built {
		s := b.Spec
		t.Run(s.Name, func(t *testing.T) {
			checkFile(t, b.Upload, s.MIME)
			for i, e := range b.Earlier {
				checkFile(t, e, s.Earlier[i].MIME)
			}
			fc := b.FraudCase()
			if fc.Forged != s.Forged() || fc.DocumentType != s.Type || fc.CandidateID != s.CandidateID || len(fc.Earlier) != len(s.Earlier) {
				t.Fatalf("FraudCase %+v does not carry the spec's labels", fc)
			}
			if !s.Forged() {
				if b.Source != nil {
					t.Error("a control has a source")
				}
				return
			}
			if len(b.Source) == 0 {
				t.Fatal("a forgery without its source")
			}
			checkForgery(t, b)
		})
	}
}

func checkFile(t *testing.T, b []byte, mime string) {
	t.Helper()
	if got := mimetype.Detect(b); !got.Is(mime) {
		t.Fatalf("file is %s, want %s", got, mime)
	}
	switch mime {
	case PDF:
		conf := model.NewDefaultConfiguration()
		conf.ValidationMode = model.ValidationRelaxed
		if err := api.Validate(bytes.NewReader(b), conf); err != nil {
			t.Fatalf("PDF does not validate: %v", err)
		}
	default:
		cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("image: %v", err)
		}
		if "image/"+format != mime || cfg.Width < 400 || cfg.Height < 250 {
			t.Fatalf("image is %s %dx%d, want a %s page", format, cfg.Width, cfg.Height, mime)
		}
	}
}

func checkForgery(t *testing.T, b Built) {
	t.Helper()
	s := b.Spec
	if s.Manipulation == "reused_file" {
		if !bytes.Equal(b.Upload, b.Earlier[0]) {
			t.Error("reused_file: the upload is not the earlier file")
		}
		return
	}
	if bytes.Equal(b.Upload, b.Source) {
		t.Fatal("the forgery is its source, byte for byte")
	}
	switch s.Manipulation {
	case "reused_id", "reused_page_image":
		if bytes.Equal(b.Upload, b.Earlier[0]) {
			t.Error("the upload is the earlier file itself")
		}
		if !bytes.Equal(b.Source, b.Earlier[0]) {
			t.Error("the source of a reuse is the earlier upload")
		}
	case "incremental_content":
		if !bytes.HasPrefix(b.Upload, b.Source) || bytes.Count(b.Upload, []byte("%%EOF")) < 2 {
			t.Error("not an incremental update of the source")
		}
	case "covered_text":
		if !bytes.HasPrefix(b.Upload, b.Source) || !bytes.Contains(b.Upload, []byte("/Subtype /Square")) {
			t.Error("no cover annotation appended to the source")
		}
	case "editor_metadata":
		if !bytes.Contains(b.Upload, []byte("Acrobat")) {
			t.Error("no editor in the metadata")
		}
	case "typed_over_name":
		if !bytes.Contains(b.Upload, []byte("/Times-Roman")) || bytes.Contains(b.Source, []byte("/Times-Roman")) {
			t.Error("the name is not retyped in Times")
		}
	}
}

// TestBuildDeterministic: the tools that stamp times or draw noise
// (Ghostscript's dates and /ID, ImageMagick's noise, ReportLab's dates) give
// the same bytes for the same seed.
func TestBuildDeterministic(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var specs []Spec
	for _, s := range Plan(5) {
		if s.Control == "gs_print" || s.Control == "scan_imagemagick" || s.Control == "merged" {
			specs = append(specs, s)
			if len(specs) == 3 {
				break
			}
		}
	}
	if len(specs) != 3 {
		t.Fatalf("plan has %d of the controls this test renders, want 3", len(specs))
	}
	a, err := Build(ctx, specs)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(1100 * time.Millisecond) // a tool that stamps the current second would now differ
	b, err := Build(ctx, specs)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if !bytes.Equal(a[i].Upload, b[i].Upload) {
			t.Errorf("%s: two builds of the same seed differ", a[i].Spec.Name)
		}
	}
}

func TestBuiltCheck(t *testing.T) {
	pdf := []byte("%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n")
	pdf2 := append(append([]byte{}, pdf...), "% another\n"...)
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00")
	forged := Spec{Name: "f", Manipulation: "typed_over_name", MIME: PDF}
	reusedFile := Spec{Name: "r", Manipulation: "reused_file", MIME: PDF, Earlier: []Earlier{{CandidateID: "b", MIME: PDF}}}
	twin := Spec{Name: "t", Control: "renewal", MIME: PDF, Earlier: []Earlier{{CandidateID: "a", MIME: PDF}}}
	for _, tc := range []struct {
		name string
		b    Built
		want string
	}{
		{"forgery", Built{Spec: forged, Upload: pdf2, Source: pdf}, ""},
		{"forgery that changed nothing", Built{Spec: forged, Upload: pdf, Source: pdf}, "the forgery is its genuine source, byte for byte"},
		{"forgery without source", Built{Spec: forged, Upload: pdf}, "forged true with a source of 0 bytes"},
		{"wrong MIME", Built{Spec: forged, Upload: png, Source: pdf}, "upload is image/png, labelled application/pdf"},
		{"reused file", Built{Spec: reusedFile, Upload: pdf, Source: pdf, Earlier: [][]byte{pdf}}, ""},
		{"reused file that is another file", Built{Spec: reusedFile, Upload: pdf2, Source: pdf, Earlier: [][]byte{pdf}}, "the upload is not the earlier file"},
		{"renewal", Built{Spec: twin, Upload: pdf2, Earlier: [][]byte{pdf}}, ""},
		{"renewal that is the earlier file", Built{Spec: twin, Upload: pdf, Earlier: [][]byte{pdf}}, "the upload is the earlier file itself"},
		{"earlier missing", Built{Spec: twin, Upload: pdf}, "0 earlier uploads, planned 1"},
		{"control with a source", Built{Spec: Spec{Control: "gs_print", MIME: PDF}, Upload: pdf, Source: pdf}, "forged false with a source of 50 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.b.Check()
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("Check() = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestGenSelfTest runs gen.py's own checks of the facts the labels rest on:
// MRZ check digits against ICAO 9303's specimen, genuine MRZs, validity
// periods and number formats, and every MRZ forgery failing a check digit.
func TestGenSelfTest(t *testing.T) {
	script := filepath.Join(t.TempDir(), "gen.py")
	if err := os.WriteFile(script, genPy, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(Python, "-B", script, "--selftest").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("gen.py --selftest: %v\n%s", err, out)
	}
}

// TestCheckToolsMissing: without Ghostscript and qpdf on PATH the set is not
// made (and says what to install).
func TestCheckToolsMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	err := CheckTools(context.Background())
	if err == nil || !strings.Contains(err.Error(), "ghostscript") || !strings.Contains(err.Error(), "qpdf") {
		t.Fatalf("CheckTools = %v, want ghostscript and qpdf missing", err)
	}
	if _, err := Build(context.Background(), Plan(1)[:1]); err == nil {
		t.Fatal("Build ran without its tools")
	}
}
