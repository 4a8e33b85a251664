package pipeline

import (
	"context"
	"image"
	"image/draw"
	"image/jpeg"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/scanprep"
)

// TestConfirmUncertain: a value whose word Tesseract read with a low
// confidence is read again cut out; where the second read gives it alike
// the field is made sure with the value held back, where it gives it
// otherwise (the first read's word a misread) the field stays uncertain.
// testdata/confirm/tb_report.jpg (make.py) reads every word at 91-96
// (tb_report.tsv: its read by Tesseract 5 as a page, kept so the test
// reads only the cut); its collection date's word is given the weak
// readings here.
func TestConfirmUncertain(t *testing.T) {
	e := engine(t)
	f, err := os.Open("testdata/confirm/tb_report.jpg")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	src, err := jpeg.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	gray := image.NewGray(src.Bounds())
	draw.Draw(gray, gray.Bounds(), src, src.Bounds().Min, draw.Src)
	dir := t.TempDir()
	path := filepath.Join(dir, "page.pgm")
	if err := scanprep.WritePGM(path, gray); err != nil {
		t.Fatal(err)
	}
	tsv, err := os.ReadFile("testdata/confirm/tb_report.tsv")
	if err != nil {
		t.Fatal(err)
	}
	res, err := ocr.ParseTSV(tsv)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	read := scanRead{res: res, report: scanprep.Report{Scale: 1}, path: path, seg: ocr.SegmentPage}
	at := -1
	for i, w := range read.res.Words {
		if w.Text == "10/22/2025" {
			at = i
		}
	}
	if at < 0 {
		t.Fatalf("the fixture's date was not read: %s", read.res.Text)
	}
	for _, c := range []struct {
		name, text string
		want       any // the field's value once confirmed; nil: still uncertain
	}{
		{"read alike", "10/22/2025", "2025-10-22"},
		{"read otherwise", "10/27/2025", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			weak := read
			weak.res.Words = append(weak.res.Words[:0:0], read.res.Words...)
			weak.res.Words[at].Text, weak.res.Words[at].Confidence = c.text, 35
			weak.res = weak.res.WithWords(weak.res.Words)
			if _, ok := e.sureFields(weak)["collection_date"]; ok {
				t.Fatalf("the date read at 35 is sure before its second read")
			}
			got, err := e.confirmUncertain(ctx, dir, weak)
			if err != nil {
				t.Fatal(err)
			}
			v, sure := e.sureFields(got)["collection_date"]
			switch {
			case c.want == nil && sure:
				t.Errorf("collection_date misread %s made sure as %v", c.text, v)
			case c.want != nil && v != c.want:
				t.Errorf("collection_date = %v (sure %v), want %v made sure", v, sure, c.want)
			}
			key, d := e.typedDocument(got)
			ext := extract.Read(e.cat, key, d)
			if _, held := ext.Fields["collection_date"]; !held {
				t.Errorf("collection_date is no longer read at all: %v", ext.Fields)
			}
		})
	}
}

// TestSharesPrint: only words that print part of an uncertain field's
// value are tried as its words (a date's as digits or its month's name).
func TestSharesPrint(t *testing.T) {
	values := map[string]any{"collection_date": "2025-10-22", "last_name": "PEMBERTON", "result": "negative"}
	for _, c := range []struct {
		word  string
		which string
		want  bool
	}{
		{"10/22/2025", "collection_date", true},
		{"22-Oct-2025", "collection_date", true},
		{"OCT", "collection_date", true},
		{"22", "collection_date", true},
		{"06/24/1961", "collection_date", false},
		{"PEMBERTON,", "last_name", true},
		{"MARISOL", "last_name", false},
		{"NEGATIVE", "result", true},
		{"NEGATIVE", "last_name", false},
		{":", "result", false},
	} {
		if got := sharesPrint(c.word, values, map[string]bool{c.which: true}); got != c.want {
			t.Errorf("sharesPrint(%q, %s) = %v, want %v", c.word, c.which, got, c.want)
		}
	}
}

// TestAgreedConfidence: two reads alike are surer than either, never
// surer than one read surely.
func TestAgreedConfidence(t *testing.T) {
	for _, c := range []struct{ a, b, want float64 }{
		{56, 53, 79.32},
		{30, 30, 51},
		{80, 96, 95},
		{0, 40, 40},
	} {
		if got := agreedConfidence(c.a, c.b); math.Abs(got-c.want) > 0.01 {
			t.Errorf("agreedConfidence(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
