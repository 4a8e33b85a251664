package pdftext_test

import (
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/pdftext"
	"github.com/clearedtostart/compliance/internal/sampledocs"
)

func twoPages(t *testing.T) []byte {
	t.Helper()
	c := sampledocs.NewChecklistPDF(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC))
	c.Page()
	c.Line("B", 14, "Onboarding   checklist")
	c.Row("", "Badge photo", "Yes", "front desk")
	c.Page()
	c.Line("", 12, "Second page")
	pdf, err := c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return pdf
}

func TestReadBack(t *testing.T) {
	pdf := twoPages(t)
	layout := pdftext.Layout(t, pdf)
	if line := "Badge photo"; !strings.Contains(layout, line) || strings.Count(layout, "\f") != 2 {
		t.Errorf("layout text lacks %q or has not two form feeds: %q", line, layout)
	}
	if got, want := pdftext.Folded(t, pdf), "Onboarding checklist Badge photo Yes front desk Second page"; got != want {
		t.Errorf("Folded = %q, want %q", got, want)
	}
	pages := pdftext.Pages(t, pdf)
	want := []string{"Onboarding checklist Badge photo Yes front desk", "Second page"}
	if len(pages) != len(want) {
		t.Fatalf("Pages = %q, want %q", pages, want)
	}
	for i := range want {
		if pages[i] != want[i] {
			t.Errorf("page %d = %q, want %q", i+1, pages[i], want[i])
		}
	}
}

func TestNotAPDF(t *testing.T) {
	ft := &fatalRecorder{TB: t}
	func() {
		defer func() { _ = recover() }()
		pdftext.Layout(ft, []byte("not a pdf"))
	}()
	if !strings.Contains(ft.msg, "pdftotext") {
		t.Errorf("a file pdftotext cannot read did not fail the test: %q", ft.msg)
	}
}

// fatalRecorder keeps the message of a Fatalf and stops the helper there.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (f *fatalRecorder) Helper() {}

func (f *fatalRecorder) Fatalf(format string, args ...any) {
	f.msg = format
	panic("fatal")
}
