package ocr

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
)

func TestParseTSV(t *testing.T) {
	tsv := "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" +
		"1\t1\t0\t0\t0\t0\t0\t0\t2550\t3300\t-1\t\n" +
		"5\t1\t1\t1\t1\t1\t10\t10\t50\t12\t96.5\tBasic\n" +
		"5\t1\t1\t1\t1\t2\t70\t10\t40\t12\t93.5\tLife\n" +
		"5\t1\t1\t1\t2\t1\t10\t30\t50\t12\t90\tSupport\n" +
		"5\t1\t2\t1\t1\t1\t10\t60\t50\t12\t-1\t \n"
	res, err := ParseTSV([]byte(tsv))
	if err != nil {
		t.Fatal(err)
	}
	if res.Text != "Basic Life\nSupport" || len(res.Words) != 3 || res.Words[2].Line != 1 || res.Words[1].Left != 70 ||
		res.Words[0].Block != 1 || res.Width != 2550 || res.Height != 3300 {
		t.Fatalf("parsed = %+v", res)
	}
	if res.MeanConfidence < 93 || res.MeanConfidence > 94 {
		t.Fatalf("mean confidence = %v", res.MeanConfidence)
	}
}

// TestWithWords: a read's words corrected from another read make its
// text and mean confidence again, line by line as Tesseract gave them;
// corrected to what it was, the read is as parsed.
func TestWithWords(t *testing.T) {
	tsv := "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" +
		"1\t1\t0\t0\t0\t0\t0\t0\t2550\t3300\t-1\t\n" +
		"5\t1\t1\t1\t1\t1\t10\t10\t50\t12\t96.5\tName:\n" +
		"5\t1\t1\t1\t1\t2\t70\t10\t40\t12\t41\tEiena\n" +
		"5\t1\t1\t1\t2\t1\t10\t30\t50\t12\t90\tDOB:\n" +
		"5\t1\t1\t1\t2\t2\t70\t30\t50\t12\t52.5\t0l/05/1990\n"
	res, err := ParseTSV([]byte(tsv))
	if err != nil {
		t.Fatal(err)
	}
	if same := res.WithWords(res.Words); same.Text != res.Text || same.MeanConfidence != res.MeanConfidence || same.Width != res.Width {
		t.Fatalf("unchanged words made %+v, parsed %+v", same, res)
	}
	words := append([]Word(nil), res.Words...)
	words[1].Text, words[1].Confidence = "Elena", 93
	words[3].Text, words[3].Confidence = "01/05/1990", 88.5
	got := res.WithWords(words)
	if got.Text != "Name: Elena\nDOB: 01/05/1990" || got.MeanConfidence != 92 || got.Height != 3300 {
		t.Fatalf("corrected read = %q, mean %v, size %dx%d", got.Text, got.MeanConfidence, got.Width, got.Height)
	}
	if res.Words[1].Text != "Eiena" {
		t.Fatalf("the read corrected from was changed: %+v", res.Words[1])
	}
}

func TestRecognize(t *testing.T) {
	e, err := New(Config{Concurrency: 1})
	if err != nil {
		t.Fatalf("tesseract is required: %v", err)
	}
	r := sampledocs.Seeded(11)
	doc := sampledocs.Generate(r, "bls", sampledocs.NewPerson(r), sampledocs.Options{})
	img, err := sampledocs.RenderImage(doc, "png", 200)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "card.png")
	if err := os.WriteFile(path, img, 0o600); err != nil {
		t.Fatal(err)
	}
	res, err := e.Recognize(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.ToLower(res.Text), "life support") || res.MeanConfidence < 60 || len(res.Words) < 20 {
		t.Fatalf("OCR of a clean BLS card lacks its title (confidence %.0f):\n%s", res.MeanConfidence, res.Text)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Recognize(ctx, path); err == nil {
		t.Fatal("a cancelled recognition succeeded")
	}
}

func TestNewRejectsMissingLanguage(t *testing.T) {
	if _, err := New(Config{Language: "xx-none"}); err == nil {
		t.Fatal("a missing language was accepted")
	}
	if _, err := New(Config{Binary: "/nonexistent/tesseract"}); err == nil {
		t.Fatal("a missing binary was accepted")
	}
}

func TestParseOSD(t *testing.T) {
	cases := []struct {
		name string
		out  string
		want Orientation
		err  bool
	}{
		{"upside down", "Page number: 0\nOrientation in degrees: 180\nRotate: 180\nOrientation confidence: 12.58\nScript: Latin\nScript confidence: 5.93\n", Orientation{Rotate: 180, Confidence: 12.58}, false},
		{"on its side", "Page number: 0\nOrientation in degrees: 90\nRotate: 270\nOrientation confidence: 9.48\n", Orientation{Rotate: 270, Confidence: 9.48}, false},
		{"upright", "Rotate: 0\nOrientation confidence: 0.41\n", Orientation{Rotate: 0, Confidence: 0.41}, false},
		{"no rotation line", "Script: Latin\n", Orientation{}, true},
		{"odd rotation", "Rotate: 45\n", Orientation{}, true},
		{"bad confidence", "Rotate: 90\nOrientation confidence: high\n", Orientation{}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseOSD([]byte(tc.out))
			if (err != nil) != tc.err || got != tc.want {
				t.Errorf("ParseOSD = %+v, %v; want %+v, error %v", got, err, tc.want, tc.err)
			}
		})
	}
}

// TestDetectOrientation runs Tesseract's OSD on a page printed upside
// down.
func TestDetectOrientation(t *testing.T) {
	e, err := New(Config{})
	if err != nil {
		t.Fatalf("tesseract is required: %v", err)
	}
	r := sampledocs.Seeded(12)
	doc := sampledocs.Generate(r, "background_check", sampledocs.NewPerson(r), sampledocs.Options{})
	img, err := sampledocs.RenderImage(doc, "png", 150)
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := png.Decode(bytes.NewReader(img))
	if err != nil {
		t.Fatal(err)
	}
	b := decoded.Bounds()
	flipped := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			flipped.Set(b.Max.X-1-x+b.Min.X, b.Max.Y-1-y+b.Min.Y, decoded.At(x, y))
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, flipped); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "flipped.png")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	o, err := e.DetectOrientation(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if o.Rotate != 180 || o.Confidence < 1 {
		t.Errorf("DetectOrientation = %+v, want Rotate 180 with confidence ≥ 1", o)
	}
}

// TestRecognizeAs: a card read as sparse text keeps its holder's name,
// printed large beside small print, whole on one line (and so does a
// read as one block); an unknown segmentation is refused before
// Tesseract runs.
func TestRecognizeAs(t *testing.T) {
	e, err := New(Config{Concurrency: 1})
	if err != nil {
		t.Fatalf("tesseract is required: %v", err)
	}
	r := sampledocs.Seeded(21)
	doc := sampledocs.Generate(r, "pals", sampledocs.NewPerson(r), sampledocs.Options{Variant: "aha_ecard"})
	img, err := sampledocs.RenderImage(doc, "png", 150)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "card.png")
	if err := os.WriteFile(path, img, 0o600); err != nil {
		t.Fatal(err)
	}
	res, err := e.RecognizeAs(context.Background(), path, SegmentSparse)
	if err != nil {
		t.Fatal(err)
	}
	name, _ := doc.Fields["full_name"].(string)
	found := false
	for _, line := range strings.Split(res.Text, "\n") {
		found = found || strings.Contains(line, name)
	}
	if name == "" || !found {
		t.Errorf("the holder %q is on no line of the sparse read:\n%s", name, res.Text)
	}
	block, err := e.RecognizeAs(context.Background(), path, SegmentBlock)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(block.Text, name) {
		t.Errorf("the holder %q is not in the read as a block:\n%s", name, block.Text)
	}
	if _, err := e.RecognizeAs(context.Background(), path, Segmentation(8)); err == nil || !strings.Contains(err.Error(), "unknown segmentation 8") {
		t.Errorf("segmentation 8: error %v, want unknown segmentation", err)
	}
}

// TestRecognizeAtReadsSmallCaptionsSparse: a nursing licence card scanned
// alone at 110 dpi (a JPEG; drawn at 300 dpi and cut out as the pipeline
// does: 1015×639 pixels, its 6-point captions 14 pixels high beside 9-point
// values), read as sparse text. Told nothing, Tesseract estimates the
// image at 370 dpi from its large print and drops the small captions
// ISSUED and EXPIRES, leaving the dates under them no caption's (and
// misread 02/28/2028 in another scan); told the raster's 300 dpi, it
// reads them.
func TestRecognizeAtReadsSmallCaptionsSparse(t *testing.T) {
	e, err := New(Config{Concurrency: 1})
	if err != nil {
		t.Fatalf("tesseract is required: %v", err)
	}
	res, err := e.RecognizeAt(context.Background(), filepath.Join("testdata", "nursing_card_110dpi.jpg"), SegmentSparse, 300)
	if err != nil {
		t.Fatal(err)
	}
	words := map[string]bool{}
	for _, w := range res.Words {
		words[w.Text] = true
	}
	// LICENSEE and LICENSE, their L and I read as one U ("UCENSE
	// NUMBER"), are read as printed (captions.go).
	for _, want := range []string{"ISSUED", "EXPIRES", "06/12/2025", "02/28/2028", "218904-30", "ANNELIESE", "LICENSEE", "LICENSE"} {
		if !words[want] {
			t.Errorf("%s is not a word of the sparse read told 300 dpi:\n%s", want, res.Text)
		}
	}
}

func TestFoldDashes(t *testing.T) {
	cases := []struct{ in, want string }{
		{"SANCHEZ—-SCHMIDT", "SANCHEZ-SCHMIDT"},
		{"Mitchell–Rodriguez", "Mitchell-Rodriguez"},
		{"RN-643347", "RN-643347"},
		{"12—34", "12-34"},
		{"2026--05-18", "2026-05-18"},
		{"—", "—"},
		{"and—", "and—"},
		{"--", "--"},
		{"Smith", "Smith"},
	}
	for _, tc := range cases {
		if got := foldDashes(tc.in); got != tc.want {
			t.Errorf("foldDashes(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
