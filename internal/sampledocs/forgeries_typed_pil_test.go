package sampledocs

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Every case of the step is made, and a forged page shows what its forger
// meant it to: the WeasyPrint page and the box update the new value, the
// scan's layer its edit; the clean twins print the document as it was.
// (Its ways of making files are made twice by
// TestLaterStepsAreDeterministic.)
func TestContentByOtherTools(t *testing.T) {
	if _, err := os.Stat(pilScanPython); err != nil {
		t.Fatal("no", pilScanPython, "(scripts/deps.sh installs python3 with Pillow):", err)
	}
	cases := laterStep(t, "contentByOtherTools")
	if len(cases) != len(typedHows) {
		t.Fatalf("%d cases, want %d", len(cases), len(typedHows))
	}
	dir := t.TempDir()
	for i, c := range cases {
		h := typedHows[i]
		if c.Forged != (typedHows[i].manip != "") || c.MIME != "application/pdf" {
			t.Errorf("%s: forged %v, mime %q", c.Name, c.Forged, c.MIME)
		}
		path := filepath.Join(dir, strings.ReplaceAll(c.Name, "/", "_")+".pdf")
		if err := os.WriteFile(path, c.Upload, 0o600); err != nil {
			t.Fatal(err)
		}
		text, err := exec.Command("pdftotext", path, "-").Output()
		if err != nil {
			t.Fatalf("%s: pdftotext: %v", c.Name, err)
		}
		// A scan without a text layer prints no words; any other page
		// prints the document.
		if n := len(strings.Fields(string(text))); h.imageOnly && n != 0 || !h.imageOnly && n < 10 {
			t.Errorf("%s: the page prints %q", c.Name, text)
		}
		info, err := exec.Command("pdfinfo", path).Output()
		if err != nil {
			t.Fatalf("%s: pdfinfo: %v", c.Name, err)
		}
		fonts, err := exec.Command("pdffonts", path).Output()
		if err != nil {
			t.Fatalf("%s: pdffonts: %v", c.Name, err)
		}
		revisions := bytes.Count(c.Upload, []byte("%%EOF"))
		switch {
		case h.make == "scan":
			if !strings.Contains(string(info), "Producer:        Pillow") || strings.Count(string(fonts), "\n") != 3 {
				t.Errorf("%s: a scan's page has one invisible font and Pillow's Info:\n%s%s", c.Name, info, fonts)
			}
		case h.make == "overlay":
			if !strings.Contains(string(fonts), "+"+strings.ReplaceAll(h.family, " ", "-")) || revisions != 1 {
				t.Errorf("%s: %d revisions, fonts:\n%s", c.Name, revisions, fonts)
			}
		case !strings.Contains(string(fonts), "+DejaVu") && !strings.Contains(string(fonts), "+Liberation"):
			t.Errorf("%s: no WeasyPrint subset font:\n%s", c.Name, fonts)
		case h.post == "box" && (revisions != 2 || !strings.Contains(string(fonts), h.font)):
			t.Errorf("%s: %d revisions, fonts:\n%s", c.Name, revisions, fonts)
		case h.post == "meta" && revisions != 2, h.post == "rewrite" && revisions != 1:
			t.Errorf("%s: %d revisions", c.Name, revisions)
		case h.tool.producer != "" && !strings.Contains(string(info), "Producer:        "+h.tool.producer):
			t.Errorf("%s: Info:\n%s", c.Name, info)
		}
	}
}
