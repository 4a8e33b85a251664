package sampledocs

import (
	"bytes"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Each way of saving a Pillow scan gives a picture of the page (a JPEG or
// PNG Go decodes, or a PDF whose only picture is the page), and a
// searchable scan's invisible text says what the page says: one how of
// each kind (every how is made by the pilControls step, whose files
// TestFraudCasesAreRealFiles reads).
func TestPilScans(t *testing.T) {
	if _, err := os.Stat(pilScanPython); err != nil {
		t.Fatal("no", pilScanPython, "(scripts/deps.sh installs python3 with Pillow):", err)
	}
	d := Generate(Seeded(3), "bls", NewPerson(Seeded(4)), Options{Variant: Variants("bls")[0]})
	pdf, err := RenderPDF(d)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	kinds := map[string]bool{"pil_q95_444_jpeg": true, "pil_q85_gray_jpeg": true, "pil_q80_png": true, "pil_q75_pdf": true, "pil_bilevel_pdf": true,
		"pil_photo_q92_jpeg": true, "pil_q85_searchable": true, "pil_q75_gray_searchable": true}
	for _, h := range pilHows {
		if !kinds[h.name] {
			continue
		}
		delete(kinds, h.name)
		t.Run(h.name, func(t *testing.T) {
			out, mime, err := pilScan(pdf, h, 7, d.Created)
			if err != nil {
				t.Fatal(err)
			}
			if h.out == "png" {
				if _, err := png.Decode(bytes.NewReader(out)); err != nil || mime != "image/png" {
					t.Fatalf("%s: %v", mime, err)
				}
				return
			}
			if h.out == "jpeg" {
				if mime != "image/jpeg" {
					t.Fatalf("mime %q", mime)
				}
				img, err := jpeg.Decode(bytes.NewReader(out))
				if err != nil {
					t.Fatal(err)
				}
				if w := img.Bounds().Dx(); !h.photo && (w < h.dpi*8 || w > h.dpi*9) {
					t.Errorf("width %d px at %d dpi: not a letter page", w, h.dpi)
				}
				return
			}
			path := filepath.Join(dir, h.name+".pdf")
			if err := os.WriteFile(path, out, 0o600); err != nil {
				t.Fatal(err)
			}
			text, err := exec.Command("pdftotext", path, "-").Output()
			if err != nil {
				t.Fatal(err)
			}
			holder := d.Person.LastName
			has := strings.Contains(strings.ToUpper(string(text)), strings.ToUpper(holder))
			if has != (h.out == "searchable") {
				t.Errorf("text layer %q: holder %q in it = %v", firstLine(string(text)), holder, has)
			}
		})
	}
	if len(kinds) > 0 {
		t.Errorf("no Pillow scans named %v", kinds)
	}
}

// The step makes the same files for the same seed: two of its scans (a
// PDF Pillow dated, re-dated; a searchable scan of the package's own
// writer), made twice, at 100 dpi (the resolution changes nothing of
// what could differ run to run: the clock, the seeds).
func TestPilControlsAreDeterministic(t *testing.T) {
	var plan []pilScanJob
	for _, j := range pilScanPlan() {
		if j.how.name == "pil_q75_pdf" || j.how.name == "pil_q85_searchable" {
			j.how.renderDPI, j.how.dpi = 100, 100
			plan = append(plan, j)
		}
	}
	if len(plan) != 2 {
		t.Fatalf("%d of the two scans in the plan", len(plan))
	}
	build := func() []FraudCase {
		f := &forger{r: Seeded(2), asOf: DefaultAsOf()}
		if err := f.pilScans(plan); err != nil {
			t.Fatal(err)
		}
		return f.cases
	}
	a, b := build(), build()
	if len(a) != 2 || len(b) != 2 {
		t.Fatalf("%d and %d cases, want 2", len(a), len(b))
	}
	for i, c := range a {
		if c.Name != b[i].Name || !bytes.Equal(c.Upload, b[i].Upload) {
			t.Errorf("%s: not the same file for the same seed", c.Name)
		}
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
