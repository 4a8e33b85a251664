// Package pdftext reads a PDF's text back for tests, with poppler's
// pdftotext (poppler-utils, installed by scripts/deps.sh), so that a test
// checks what a reader of the PDF sees rather than what was asked to be
// drawn.
package pdftext

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// Layout is the PDF's text as pdftotext -layout reads it: a table row stays
// on one line and pages end with a form feed.
func Layout(t testing.TB, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-layout", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext (poppler-utils, installed by scripts/deps.sh): %v", err)
	}
	return string(out)
}

// Folded is the PDF's text with its whitespace folded to single spaces, for
// checks that a phrase is printed wherever the layout breaks it.
func Folded(t testing.TB, pdf []byte) string {
	t.Helper()
	return fold(Layout(t, pdf))
}

// Pages is each page's text, whitespace folded.
func Pages(t testing.TB, pdf []byte) []string {
	t.Helper()
	pages := strings.Split(Layout(t, pdf), "\f")
	// pdftotext ends the last page with a form feed too.
	if n := len(pages); n > 0 && strings.TrimSpace(pages[n-1]) == "" {
		pages = pages[:n-1]
	}
	for i, p := range pages {
		pages[i] = fold(p)
	}
	return pages
}

func fold(s string) string { return strings.Join(strings.Fields(s), " ") }
