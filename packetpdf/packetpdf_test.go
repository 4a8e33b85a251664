package packetpdf

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/internal/pdftext"
	"github.com/clearedtostart/compliance/internal/sampledocs"
)

// textPDF is a Letter PDF whose page k reads "<label> page k".
func textPDF(t testing.TB, label string, pages int) []byte {
	t.Helper()
	pdf := fpdf.New("P", "pt", "Letter", "")
	pdf.SetCreationDate(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	pdf.SetCatalogSort(true)
	pdf.SetFont("Helvetica", "", 16)
	for k := 1; k <= pages; k++ {
		pdf.AddPage()
		pdf.Text(72, 100, fmt.Sprintf("%s page %d", label, k))
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func scanImage(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x % 256), uint8(y % 256), 128, 255})
		}
	}
	return img
}

func jpegScan(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, scanImage(w, h), &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func pngScan(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, scanImage(w, h)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

type pageInfo struct {
	count int
	dims  []struct{ w, h float64 }
}

func readBack(t *testing.T, pdf []byte) pageInfo {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	ctx, err := api.ReadAndValidate(bytes.NewReader(pdf), conf)
	if err != nil {
		t.Fatalf("compiled packet does not validate: %v", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	dims, err := ctx.PageDims()
	if err != nil {
		t.Fatal(err)
	}
	info := pageInfo{count: ctx.PageCount}
	for _, d := range dims {
		info.dims = append(info.dims, struct{ w, h float64 }{d.Width, d.Height})
	}
	return info
}

type mark struct {
	title string
	page  int
}

func bookmarks(t *testing.T, pdf []byte) []mark {
	t.Helper()
	bms, err := api.Bookmarks(bytes.NewReader(pdf), nil)
	if err != nil {
		t.Fatalf("bookmarks: %v", err)
	}
	var got []mark
	for _, b := range bms {
		if len(b.Kids) > 0 {
			t.Errorf("bookmark %q has children", b.Title)
		}
		got = append(got, mark{b.Title, b.PageFrom})
	}
	return got
}

func samplePacket(t testing.TB) Packet {
	return Packet{
		Title: "Jane Q. Doe - ICU RN - Mercy General",
		Cover: textPDF(t, "Cover", 2),
		Parts: []Part{
			{Title: "RN License", Content: textPDF(t, "License", 1), MimeType: "application/pdf"},
			{Title: "BLS Certification", Content: jpegScan(t, 850, 1100), MimeType: "image/jpeg"},
			{Title: "TB Test", Content: textPDF(t, "TB", 3), MimeType: "application/pdf"},
			{Title: "Hepatitis B Titer", Content: pngScan(t, 1200, 700), MimeType: "image/png"},
		},
	}
}

func TestCompile(t *testing.T) {
	out, err := Compile(context.Background(), samplePacket(t))
	if err != nil {
		t.Fatal(err)
	}
	info := readBack(t, out)
	if info.count != 8 {
		t.Fatalf("page count %d, want 8 (2 cover + 1 + 1 image + 3 + 1 image)", info.count)
	}

	wantMarks := []mark{
		{"Cover sheet", 1}, {"RN License", 3}, {"BLS Certification", 4}, {"TB Test", 5}, {"Hepatitis B Titer", 8},
	}
	if got := bookmarks(t, out); fmt.Sprint(got) != fmt.Sprint(wantMarks) {
		t.Errorf("bookmarks\n got %v\nwant %v", got, wantMarks)
	}

	texts := pdftext.Pages(t, out)
	if len(texts) != 8 {
		t.Fatalf("pdftotext read %d pages, want 8", len(texts))
	}
	wantBody := []string{"Cover page 1", "Cover page 2", "License page 1", "", "TB page 1", "TB page 2", "TB page 3", ""}
	for i, text := range texts {
		footer := fmt.Sprintf("Jane Q. Doe - ICU RN - Mercy General - Page %d of 8", i+1)
		if !strings.Contains(text, footer) {
			t.Errorf("page %d: footer %q missing in %q", i+1, footer, text)
		}
		if body := strings.TrimSpace(strings.Replace(text, footer, "", 1)); body != wantBody[i] {
			t.Errorf("page %d: body %q, want %q", i+1, body, wantBody[i])
		}
	}

	// The image parts are Letter pages, portrait for a portrait scan and
	// landscape for a landscape one, not the image's pixel size.
	for _, c := range []struct {
		page int
		w, h float64
	}{{1, 612, 792}, {4, 612, 792}, {8, 792, 612}} {
		if d := info.dims[c.page-1]; d.w != c.w || d.h != c.h {
			t.Errorf("page %d is %gx%g, want %gx%g", c.page, d.w, d.h, c.w, c.h)
		}
	}
	for _, page := range []int{4, 8} {
		if n := imagesOnPage(t, out, page); n != 1 {
			t.Errorf("page %d draws %d images, want the scan", page, n)
		}
	}
	if n := imagesOnPage(t, out, 3); n != 0 {
		t.Errorf("page 3 (a text PDF) draws %d images", n)
	}
}

func imagesOnPage(t *testing.T, pdf []byte, page int) int {
	t.Helper()
	imgs, err := api.Images(bytes.NewReader(pdf), []string{fmt.Sprint(page)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range imgs {
		n += len(m)
	}
	return n
}

func TestCompileDeterministic(t *testing.T) {
	p := samplePacket(t)
	first, err := Compile(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		// Across a clock second, so a time stamp left in would show.
		if i == 0 {
			time.Sleep(1100 * time.Millisecond)
		}
		again, err := Compile(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, again) {
			t.Fatalf("recompilation %d differs (%d vs %d bytes)", i+1, len(first), len(again))
		}
	}
	// The same bytes in another process (map order differs per process):
	// the digest is kept under testdata; a pdfcpu upgrade may change it
	// (rerun with -update and review).
	sum := sha256.Sum256(first)
	golden.Check(t, "testdata/sample-packet.sha256", []byte(hex.EncodeToString(sum[:])+"\n"))
	for _, s := range []string{"/CreationDate", "/ModDate"} {
		if bytes.Contains(first, []byte(s)) {
			t.Errorf("output carries %s", s)
		}
	}
	other := p
	other.Title = "John Roe - ER RN - St. Luke's"
	otherOut, err := Compile(context.Background(), other)
	if err != nil {
		t.Fatal(err)
	}
	if id(t, otherOut) == id(t, first) {
		t.Errorf("two different packets share the file identifier %s", id(t, first))
	}
}

func id(t *testing.T, pdf []byte) string {
	t.Helper()
	ctx, err := api.ReadContext(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err != nil {
		t.Fatal(err)
	}
	if len(ctx.ID) != 2 {
		t.Fatalf("file identifier %v", ctx.ID)
	}
	return ctx.ID[0].String() + ctx.ID[1].String()
}

func TestCompileBadInput(t *testing.T) {
	good := textPDF(t, "Good", 1)
	truncated := good[:len(good)/3]
	encrypted, err := sampledocs.EncryptedPDF(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		packet    Packet
		wantIndex int
		wantMsg   string
	}{
		{"missing cover", Packet{Parts: []Part{{Title: "A", Content: good}}}, -1,
			"packetpdf: cover sheet: missing"},
		{"cover not a PDF", Packet{Cover: []byte("hello"), Parts: []Part{{Title: "A", Content: good}}}, -1,
			"packetpdf: cover sheet: not a PDF"},
		{"word document", Packet{Cover: good, Parts: []Part{
			{Title: "A", Content: good},
			{Title: "Physical Exam", Content: []byte("PK\x03\x04 docx"), MimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
		}}, 1, `packetpdf: part 2 ("Physical Exam"): not a readable PDF or a supported image (JPEG, PNG) (application/vnd.openxmlformats-officedocument.wordprocessingml.document, 9 bytes)`},
		{"empty part", Packet{Cover: good, Parts: []Part{{Title: "Drug Screen", MimeType: "application/pdf"}}}, 0,
			`packetpdf: part 1 ("Drug Screen"): not a readable PDF or a supported image (JPEG, PNG) (application/pdf, 0 bytes)`},
		{"truncated PDF", Packet{Cover: good, Parts: []Part{{Title: "TB Test", Content: truncated, MimeType: "application/pdf"}}}, 0,
			`packetpdf: part 1 ("TB Test"): not a readable PDF: `},
		{"truncated JPEG", Packet{Cover: good, Parts: []Part{{Title: "ID", Content: jpegScan(t, 50, 50)[:20], MimeType: "image/jpeg"}}}, 0,
			`packetpdf: part 1 ("ID"): not a readable image: `},
		{"password-protected PDF", Packet{Cover: good, Parts: []Part{{Title: "I-9", Content: encrypted, MimeType: "application/pdf"}}}, 0,
			`packetpdf: part 1 ("I-9"): not a readable PDF: `},
		{"no bookmark name", Packet{Cover: good, Parts: []Part{{Title: "  ", Content: good}}}, 0,
			`packetpdf: part 1 ("  "): no requirement name for its bookmark`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := Compile(context.Background(), c.packet)
			if err == nil {
				t.Fatalf("compiled %d bytes, want an error", len(out))
			}
			var pe *PartError
			if !errors.As(err, &pe) || !errors.Is(err, ErrBadPart) {
				t.Fatalf("error %v (%T) is not a PartError", err, err)
			}
			if pe.Index != c.wantIndex {
				t.Errorf("index %d, want %d", pe.Index, c.wantIndex)
			}
			if !strings.HasPrefix(err.Error(), c.wantMsg) {
				t.Errorf("message %q, want prefix %q", err.Error(), c.wantMsg)
			}
		})
	}
}

func TestCompileDuplicateTitlesAndCoverOnly(t *testing.T) {
	ref := textPDF(t, "Reference", 1)
	out, err := Compile(context.Background(), Packet{
		Title: "Packet",
		Cover: textPDF(t, "Cover", 1),
		Parts: []Part{{Title: "Reference", Content: ref}, {Title: "Reference", Content: ref}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []mark{{"Cover sheet", 1}, {"Reference", 2}, {"Reference (2)", 3}}
	if got := bookmarks(t, out); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("bookmarks %v, want %v", got, want)
	}

	out, err = Compile(context.Background(), Packet{Cover: textPDF(t, "Cover", 1)})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pdftext.Pages(t, out), []string{"Cover page 1 Page 1 of 1"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("cover-only packet reads %q, want %q", got, want)
	}
}

func TestFooterTitleVerbatim(t *testing.T) {
	for _, title := range []string{"100% cleared", "50%pass 20%%Tv", "a\\nb", "José Núñez"} {
		t.Run(title, func(t *testing.T) {
			out, err := Compile(context.Background(), Packet{Title: title, Cover: textPDF(t, "Cover", 1)})
			if err != nil {
				t.Fatal(err)
			}
			want := strings.NewReplacer("%p", "% p", "%P", "% P", "%T", "%T", "%t", "% t", "%v", "% v").Replace(title)
			want = strings.ReplaceAll(want, `\n`, `\ n`)
			got := pdftext.Pages(t, out)[0]
			if !strings.Contains(got, want+" - Page 1 of 1") {
				t.Errorf("footer reads %q, want %q", got, want+" - Page 1 of 1")
			}
		})
	}
}

func TestCompileCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compile(ctx, samplePacket(t)); !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

// BenchmarkCompile40Pages compiles a 40-page packet: a 2-page cover, 30
// pages of PDF documents and 8 phone scans.
func BenchmarkCompile40Pages(b *testing.B) {
	p := Packet{Title: "Bench packet", Cover: textPDF(b, "Cover", 2)}
	for i := range 10 {
		p.Parts = append(p.Parts, Part{Title: fmt.Sprintf("Document %d", i+1), Content: textPDF(b, "Doc", 3), MimeType: "application/pdf"})
	}
	for i := range 8 {
		p.Parts = append(p.Parts, Part{Title: fmt.Sprintf("Scan %d", i+1), Content: jpegScan(b, 1275, 1650), MimeType: "image/jpeg"})
	}
	out, err := Compile(context.Background(), p)
	if err != nil {
		b.Fatal(err)
	}
	ctx, err := api.ReadContext(bytes.NewReader(out), model.NewDefaultConfiguration())
	if err != nil {
		b.Fatal(err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		b.Fatal(err)
	}
	if ctx.PageCount != 40 {
		b.Fatalf("%d pages, want 40", ctx.PageCount)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Compile(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}
