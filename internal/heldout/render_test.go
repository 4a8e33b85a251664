package heldout

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestHTMLToPDFRunsACrashedWeasyPrintAgain runs a weasyprint that crashes
// (kills itself with SIGSEGV) its first runs or fails outright, and counts
// its runs.
func TestHTMLToPDFRunsACrashedWeasyPrintAgain(t *testing.T) {
	real, err := exec.LookPath("weasyprint")
	if err != nil {
		t.Fatalf("weasyprint is needed (scripts/deps.sh installs it): %v", err)
	}
	for _, tc := range []struct {
		name    string
		crashes int  // runs that crash before one that renders
		exit1   bool // every run exits 1 instead
		runs    int
		wantErr string
	}{
		{name: "renders at once", crashes: 0, runs: 1},
		{name: "crashes once", crashes: 1, runs: 2},
		{name: "crashes twice", crashes: 2, runs: 3},
		{name: "crashes every time", crashes: 9, runs: 3, wantErr: "signal: segmentation fault"},
		{name: "fails as the document's fault", exit1: true, runs: 1, wantErr: "exit status 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			counter := filepath.Join(dir, "runs")
			script := filepath.Join(dir, "weasyprint")
			body := "#!/bin/sh\necho x >> " + counter + "\n"
			if tc.exit1 {
				body += "echo 'bad document' >&2\nexit 1\n"
			} else {
				body += "[ $(wc -l < " + counter + ") -le " + strconv.Itoa(tc.crashes) + " ] && kill -SEGV $$\nexec " + real + " \"$@\"\n"
			}
			if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
				t.Fatal(err)
			}
			rd, err := NewRenderer(RendererConfig{WeasyPrint: script})
			if err != nil {
				t.Fatal(err)
			}
			pdf, err := rd.HTMLToPDF(context.Background(), "<p>Issued 2026-01-05</p>")
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("error %v, want a PDF", err)
			case tc.wantErr == "" && !strings.HasPrefix(string(pdf), "%PDF-"):
				t.Fatalf("got %.20q, want a PDF", pdf)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("error %v, want one saying %q", err, tc.wantErr)
			}
			b, err := os.ReadFile(counter)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Count(string(b), "\n"); got != tc.runs {
				t.Errorf("weasyprint ran %d times, want %d", got, tc.runs)
			}
		})
	}
}
