package ocr

import (
	"context"
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
