package pdfdoc_test

import (
	"os"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pdfdoc"
)

// The words of a page must say exactly what its text says, line by line,
// and stand where a reader sees them: inside the page, top to bottom.
func TestTextsLayoutAgreesWithText(t *testing.T) {
	r := sampledocs.Seeded(7)
	for k := range 20 {
		typ := []string{"bls", "nursing_license", "tb_skin_test", "drivers_license", "passport", "acls", "physical_exam"}[k%7]
		doc := sampledocs.Generate(r, typ, sampledocs.NewPerson(r), sampledocs.Options{})
		pdf, err := sampledocs.RenderPDF(doc)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pdfdoc.Texts(pdf, []int{1})
		if err != nil {
			t.Fatal(err)
		}
		pt := got[0]
		if pt.Layout.Text() != pt.Text {
			t.Errorf("%s: words read\n%s\nbut text is\n%s", typ, pt.Layout.Text(), pt.Text)
		}
		if pt.Layout.Width <= 0 || pt.Layout.Height <= 0 {
			t.Fatalf("%s: page size %vx%v", typ, pt.Layout.Width, pt.Layout.Height)
		}
		prevTop := -1.0
		for _, line := range pt.Layout.Lines() {
			w := line[0]
			if w.Box.X0 < 0 || w.Box.X1 > pt.Layout.Width || w.Box.Y0 < -5 || w.Box.Y1 > pt.Layout.Height+5 {
				t.Errorf("%s: word %q box %+v outside the page", typ, w.Text, w.Box)
			}
			if w.Box.Y0 < prevTop {
				t.Errorf("%s: line %q above the line before it", typ, w.Text)
			}
			prevTop = w.Box.Y0
			if w.Confidence != 100 || w.Size <= 0 || strings.TrimSpace(w.Font) == "" {
				t.Errorf("%s: word %+v lacks font, size or confidence", typ, w)
			}
		}
	}
}

// A text layer in composite (CID) fonts, as WeasyPrint, browsers and
// office suites write it (testdata/cid-fonts.pdf: WeasyPrint 57, a table
// with a label cell and a value cell, kerning inside "Van"): its words keep
// their order and get boxes, and a label and its value share a line.
func TestTextsCIDFonts(t *testing.T) {
	data, err := os.ReadFile("testdata/cid-fonts.pdf")
	if err != nil {
		t.Fatal(err)
	}
	got, err := pdfdoc.Texts(data, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	want := "Certificate of Completion\nName: Maria Van der Berg\nExpiration Date 04/30/2027\nInstructor: John Smith"
	if got[0].Text != want {
		t.Fatalf("text\n%s\nwant\n%s", got[0].Text, want)
	}
	if got[0].Layout.Text() != want {
		t.Fatalf("words read\n%s", got[0].Layout.Text())
	}
	fonts := map[string]string{}
	for _, w := range got[0].Layout.Words {
		fonts[w.Text] = w.Font
	}
	if fonts["Name:"] != "DejaVu-Serif" || fonts["John"] != "DejaVu-Serif-Bold" || fonts["Certificate"] != "DejaVu-Serif-Bold" {
		t.Fatalf("fonts = %v", fonts)
	}
	var prev float64
	for _, w := range got[0].Layout.Lines()[1] {
		if w.Box.X0 <= prev || w.Box.X1 <= w.Box.X0 {
			t.Fatalf("word %q at %+v after x=%v: boxes not placed left to right", w.Text, w.Box, prev)
		}
		prev = w.Box.X1
	}
}
