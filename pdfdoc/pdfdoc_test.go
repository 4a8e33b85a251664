package pdfdoc

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/clearedtostart/compliance/internal/sampledocs"
)

func TestOpenAndRead(t *testing.T) {
	r := sampledocs.Seeded(1)
	p := sampledocs.NewPerson(r)
	for _, typ := range []string{"bls", "nursing_license", "tb_skin_test", "drivers_license", "background_check"} {
		t.Run(typ, func(t *testing.T) {
			doc := sampledocs.Generate(r, typ, p, sampledocs.Options{})
			pdf, d := openRendered(t, doc)
			if d.Info.PageCount != doc.Pages || d.Info.Revisions != 1 || d.Info.Producer == "" || d.Info.CreationDate == "" {
				t.Fatalf("info = %+v (doc has %d pages)", d.Info, doc.Pages)
			}
			pages := make([]int, doc.Pages)
			for i := range pages {
				pages[i] = i + 1
			}
			texts, err := Texts(pdf, pages)
			if err != nil {
				t.Fatal(err)
			}
			all := strings.ToLower(texts[0].Text)
			if !strings.Contains(all, strings.ToLower(doc.Person.LastName)) {
				t.Fatalf("page 1 text lacks %q:\n%s", doc.Person.LastName, texts[0].Text)
			}
			if !HasText(texts[0].Text) || strings.Count(texts[0].Text, "\n") < 3 {
				t.Fatalf("page 1 is not laid out in lines:\n%s", texts[0].Text)
			}
			for _, n := range pages {
				if d.PageHasImages(n) && typ != "drivers_license" {
					// Generated text documents draw shapes, not images.
					t.Logf("page %d reports images", n)
				}
			}
		})
	}
}

func TestFileProblems(t *testing.T) {
	r := sampledocs.Seeded(2)
	enc, err := sampledocs.EncryptedPDF(r)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data []byte
		want *FileError
	}{
		{"encrypted", enc, ErrEncrypted},
		{"corrupt", sampledocs.CorruptPDF(r), ErrCorrupt},
		{"zero pages", sampledocs.ZeroPagePDF(), ErrNoPages},
		{"not a pdf", []byte("GIF89a...."), ErrCorrupt},
		{"empty", nil, ErrCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Open(tt.data)
			var fe *FileError
			if !errors.As(err, &fe) || fe.Code != tt.want.Code {
				t.Fatalf("err = %v, want %s", err, tt.want.Code)
			}
		})
	}
}

func TestEditedPDFHistory(t *testing.T) {
	r := sampledocs.Seeded(3)
	doc := sampledocs.Generate(r, "bls", sampledocs.NewPerson(r), sampledocs.Options{})
	edited, err := sampledocs.EditedPDF(r, doc, "expiration_date", "2031-12-31")
	if err != nil {
		t.Fatal(err)
	}
	d := mustOpen(t, edited)
	if d.Info.Revisions < 2 || d.Info.ModDate == d.Info.CreationDate || d.Info.Producer == "" {
		t.Fatalf("edited info = %+v", d.Info)
	}
}

func TestExtract(t *testing.T) {
	r := sampledocs.Seeded(4)
	pk, err := sampledocs.NewPacket(r, sampledocs.NewPerson(r), 7, sampledocs.PacketOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := mustOpen(t, pk.PDF)
	for _, s := range pk.Segments {
		out, err := d.Extract(s.PageStart, s.PageEnd)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := Open(out)
		if err != nil || sub.Info.PageCount != s.PageEnd-s.PageStart+1 {
			t.Fatalf("segment %d-%d: %v %+v", s.PageStart, s.PageEnd, err, sub)
		}
	}
	if _, err := d.Extract(0, 1); err == nil {
		t.Fatal("page 0 accepted")
	}
	if _, err := d.Extract(3, 2); err == nil {
		t.Fatal("an inverted range accepted")
	}
	if _, err := d.Extract(1, 8); err == nil {
		t.Fatal("a range past the end accepted")
	}
}

func TestImagesAndRasterize(t *testing.T) {
	ctx := context.Background()
	r := sampledocs.Seeded(5)
	doc := sampledocs.Generate(r, "bls", sampledocs.NewPerson(r), sampledocs.Options{})
	for _, format := range []string{"png", "jpeg", "tiff"} {
		img, err := sampledocs.RenderImage(doc, format, 150)
		if err != nil {
			t.Fatal(err)
		}
		pdf, err := FromImage(ctx, img, "image/"+format)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		d, err := Open(pdf)
		if err != nil || d.Info.PageCount != 1 {
			t.Fatalf("%s: %v %+v", format, err, d)
		}
		if !d.PageHasImages(1) {
			t.Fatalf("%s: the image page reports no image", format)
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "f.pdf")
		if err := os.WriteFile(path, pdf, 0o600); err != nil {
			t.Fatal(err)
		}
		sides, _ := d.PageLongSides()
		out, err := Rasterize(ctx, path, 1, sides[0], dir)
		if err != nil {
			t.Fatal(err)
		}
		if st, err := os.Stat(out); err != nil || st.Size() < 1000 {
			t.Fatalf("%s: raster %v %v", format, st, err)
		}
	}
	if _, err := FromImage(ctx, []byte("x"), "image/gif"); err == nil {
		t.Fatal("a GIF was accepted")
	}
	// A PNG that declares 100,000 x 100,000 pixels is refused before decoding.
	ihdr := []byte{'I', 'H', 'D', 'R', 0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0, 8, 0, 0, 0, 0}
	bomb := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0d"), ihdr...)
	bomb = binary.BigEndian.AppendUint32(bomb, crc32.ChecksumIEEE(ihdr))
	if _, err := FromImage(ctx, bomb, "image/png"); !errors.Is(err, ErrImageTooLarge) {
		t.Fatalf("decompression bomb: %v", err)
	}
}

func TestBlankPageHasNoImages(t *testing.T) {
	r := sampledocs.Seeded(6)
	doc := sampledocs.Generate(r, "other", sampledocs.NewPerson(r), sampledocs.Options{Variant: "blank"})
	if _, d := openRendered(t, doc); d.PageHasImages(1) {
		t.Fatal("a blank page reports images")
	}
}

// openRendered renders doc as a PDF and opens it.
func openRendered(t *testing.T, doc sampledocs.Doc) ([]byte, *Doc) {
	t.Helper()
	pdf, err := sampledocs.RenderPDF(doc)
	if err != nil {
		t.Fatal(err)
	}
	return pdf, mustOpen(t, pdf)
}

func mustOpen(t *testing.T, pdf []byte) *Doc {
	t.Helper()
	d, err := Open(pdf)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestRealWorldFiles: files poppler renders open, with their pages and
// text layers, whatever their producer got wrong; encrypted, truncated and
// empty files are still refused with their codes. The public files are
// listed in testdata/public/NOTICE; the others are built here, each with
// the damage it is named after.
func TestRealWorldFiles(t *testing.T) {
	r := sampledocs.Seeded(8)
	card := sampledocs.Generate(r, "bls", sampledocs.NewPerson(r), sampledocs.Options{})
	cardPDF, err := sampledocs.RenderPDF(card)
	if err != nil {
		t.Fatal(err)
	}
	cardInfo := mustOpen(t, cardPDF).Info
	if cardInfo.Producer == "" || cardInfo.Repaired != "" {
		t.Fatalf("the generated card: %+v", cardInfo)
	}
	userPW, err := sampledocs.EncryptedPDF(r)
	if err != nil {
		t.Fatal(err)
	}
	holder := card.Person.LastName
	// pdfcpu's encryption writes itself in as the producer of what it
	// encrypts: that is the upload's producer then.
	encrypter := "pdfcpu " + model.VersionStr
	gateway := "Content-Type: application/pdf\r\nContent-Transfer-Encoding: binary\r\n\r\n"
	pdf20 := bytes.Replace(cardPDF, cardPDF[:len("%PDF-1.x")], []byte("%PDF-2.0"), 1)
	metadata := append(with(cardPage("Jordan Q. Example"), 0, "<< /Type /Catalog /Pages 2 0 R /Metadata 7 0 R >>"),
		"<< /Type /Metadata /Subtype /XML /Length 99999 >>\nstream\n<x:xmpmeta>cut off")

	tests := []struct {
		name string
		data []byte
		// code is the refusal wanted; otherwise the file opens with pages
		// pages, and the working copy's text layers hold text, in order.
		code  string
		pages int
		text  []string
		// repaired is a part of Info.Repaired ("": read as it is).
		repaired string
		// producer is Info.Producer: the upload's own, never a rewriter's.
		producer string
		// ocr: no text layer; the page is rendered for OCR.
		ocr bool
		// version is Info.Version, the upload's header's.
		version string
	}{
		{name: "PDF 2.0 after printer data (PDF Association)", data: public(t, "pdf20-with-offset-start.pdf"), pages: 1,
			text: []string{"This is a PDF 2.0 document"}, repaired: "removed 657 bytes before the %PDF- header", version: "2.0"},
		{name: "PDF 2.0 (PDF Association)", data: public(t, "pdf20-page-level-output-intent.pdf"), pages: 2,
			text:     []string{"effective resolution", "slightly different between pages", "effective resolution"},
			repaired: "rewritten by pdfcpu for the text reader (not a PDF file: invalid header)", version: "2.0"},
		{name: "pdfTeX", data: public(t, "pdflatex-minimal-document.pdf"), pages: 1,
			text: []string{"Lorem ipsum dolor sit amet"}, producer: "pdfTeX-1.40.23"},
		{name: "Google Docs", data: public(t, "google-doc-document.pdf"), pages: 1,
			text: []string{"Example document", "Beautiful is better than ugly."}, producer: "Skia/PDF m103 Google Docs Renderer"},
		{name: "ImageMagick image, a space after the version", data: public(t, "imagemagick-lzw.pdf"), pages: 1,
			repaired: "rewritten by pdfcpu for the text reader", producer: "https://imagemagick.org", ocr: true},
		{name: "LibreOffice with an open password", data: public(t, "libreoffice-writer-password.pdf"), code: "encrypted_file"},

		{name: "PDF 2.0 after a mail gateway's headers", data: append([]byte(gateway), pdf20...), pages: 1, text: []string{holder},
			repaired: fmt.Sprintf("removed %d bytes before the %%PDF- header; rewritten by pdfcpu for the text reader", len(gateway)),
			producer: cardInfo.Producer},
		{name: "HTML after %%EOF", data: append(append([]byte(nil), cardPDF...), strings.Repeat("<p>download complete</p>\n", 8)...),
			pages: 1, text: []string{holder}, repaired: "rewritten by pdfcpu for the text reader (not a PDF file: missing %%EOF)", producer: cardInfo.Producer},
		{name: "unreadable metadata stream", data: handPDF(metadata, 6), pages: 1, text: []string{"Holder: Jordan Q. Example"},
			repaired: "rewritten by poppler (pdfcpu: stream obj#7: load encoded content", producer: "Acme eCards 2.1"},
		{name: "Info dictionary cut off", data: handPDF(with(cardPage("Jordan Q. Example"), 5, "<< /Producer (Acme eCards 2.1 /CreationDate (D:2026"), 6),
			pages: 1, text: []string{"Holder: Jordan Q. Example"}},
		{name: "Info a broken stream", data: handPDF(with(cardPage("Jordan Q. Example"), 5, "<< /Length 99999 >>\nstream\nx"), 6),
			pages: 1, text: []string{"Holder: Jordan Q. Example"}, repaired: "rewritten by poppler"},
		{name: "cross-reference offsets wrong", data: regexp.MustCompile(`\n\d{10} 00000 n`).ReplaceAll(cardPDF, []byte("\n0000099999 00000 n")),
			pages: 1, text: []string{holder}, repaired: "rewritten by poppler"},
		{name: "cross-reference table gone", data: blankOut(t, cardPDF, `(?s)\nxref\n.*?trailer`), pages: 1, text: []string{holder}, repaired: "rewritten"},
		{name: "page tree root gone", data: blankOut(t, cardPDF, `(?s)\n1 0 obj\s*<</Type /Pages.*?endobj`), pages: 1, text: []string{holder},
			repaired: "page tree rebuilt from 1 page objects left without it; rewritten by poppler", producer: cardInfo.Producer},
		{name: "page tree root gone, three pages", data: handPDF(threePages(), 0, 2), pages: 3,
			text: []string{"first page of three", "second page of three", "third page of three"}, repaired: "page tree rebuilt from 3 page objects"},
		{name: "page without a size", data: handPDF(with(cardPage("Jordan Q. Example"), 2, strings.Replace(cardPage("")[2], "/MediaBox [0 0 612 792] ", "", 1)), 6),
			pages: 1, text: []string{"Holder: Jordan Q. Example"}, repaired: "rewritten by poppler (pdfcpu: page 1 has no size", producer: "Acme eCards 2.1"},
		{name: "page size a dangling reference", data: handPDF(with(cardPage("Jordan Q. Example"), 2, strings.Replace(cardPage("")[2], "[0 0 612 792]", "99 0 R", 1)), 6),
			pages: 1, text: []string{"Holder: Jordan Q. Example"}, repaired: "rewritten by poppler (pdfcpu: page sizes", producer: "Acme eCards 2.1"},
		{name: "page box corners in another order", data: handPDF(with(cardPage("Jordan Q. Example"), 2, strings.Replace(cardPage("")[2], "[0 0 612 792]", "[612 792 0 0]", 1)), 6),
			pages: 1, text: []string{"Holder: Jordan Q. Example"}, producer: "Acme eCards 2.1"},
		{name: "owner password only (AES-256)", data: encrypt(t, cardPDF, model.NewAESConfiguration("", "owner-only", 256)), pages: 1,
			text: []string{holder}, repaired: "rewritten by pdfcpu for the text reader", producer: encrypter},
		{name: "owner password only (RC4-128)", data: encrypt(t, cardPDF, model.NewRC4Configuration("", "owner-only", 128)), pages: 1,
			text: []string{holder}, repaired: "rewritten by pdfcpu for the text reader", producer: encrypter},
		{name: "open password", data: userPW, code: "encrypted_file"},
		{name: "truncated download", data: sampledocs.CorruptPDF(r), code: "corrupt_file"},
		{name: "no pages", data: sampledocs.ZeroPagePDF(), code: "empty_file"},
		{name: "header after 1024 bytes", data: append(bytes.Repeat([]byte("#"), 1100), cardPDF...), code: "corrupt_file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Open(tt.data)
			if tt.code != "" {
				var fe *FileError
				if !errors.As(err, &fe) || fe.Code != tt.code {
					t.Fatalf("err = %v, want %s", err, tt.code)
				}
				if _, err := Repair(context.Background(), tt.data); !errors.As(err, &fe) || fe.Code != tt.code {
					t.Fatalf("Repair: err = %v, want %s", err, tt.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.Info.PageCount != tt.pages {
				t.Fatalf("%d pages, want %d", d.Info.PageCount, tt.pages)
			}
			if !strings.Contains(d.Info.Repaired, tt.repaired) || (tt.repaired == "") != (d.Info.Repaired == "") {
				t.Fatalf("Repaired = %q, want %q", d.Info.Repaired, tt.repaired)
			}
			if tt.producer != "" && d.Info.Producer != tt.producer {
				t.Fatalf("Producer = %q, want the upload's %q", d.Info.Producer, tt.producer)
			}
			if p := strings.ToLower(d.Info.Producer); tt.producer == "" && (strings.Contains(p, "cairo") || strings.HasPrefix(p, "pdfcpu")) {
				t.Fatalf("Producer = %q: the rewrite's, not the upload's", d.Info.Producer)
			}
			if tt.version != "" && d.Info.Version != tt.version {
				t.Fatalf("Version = %q, want the upload's %q", d.Info.Version, tt.version)
			}
			if d.Info.Repaired == "" && !bytes.Equal(d.Data(), tt.data) {
				t.Fatal("a file read as it is was copied")
			}
			all := pageTexts(t, d.Data(), tt.pages)
			at := 0
			for _, want := range tt.text {
				i := strings.Index(all[at:], want)
				if i < 0 {
					t.Fatalf("the text layers lack %q (in this order):\n%s", want, all)
				}
				at += i + len(want)
			}
			if tt.ocr && (all != "" || !d.PageHasImages(1)) {
				t.Fatalf("an image page reads %q, images %v", all, d.PageHasImages(1))
			}
			// What the pipeline does: Normalize mends once (Repair) and
			// every later step opens the mended copy, which must tell what
			// the upload told.
			w, err := Repair(context.Background(), tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if again := mustOpen(t, w); again.Info != d.Info || !bytes.Equal(again.Data(), w) {
				t.Fatalf("the mended copy opens as %+v, the upload as %+v", again.Info, d.Info)
			}
			cut, err := d.Extract(1, tt.pages)
			if err != nil {
				t.Fatal(err)
			}
			if c := mustOpen(t, cut); c.Info.PageCount != tt.pages {
				t.Fatalf("the cut has %d pages", c.Info.PageCount)
			}
			// The last page renders for OCR from the copy the engine reads.
			dir := t.TempDir()
			path := filepath.Join(dir, "f.pdf")
			if err := os.WriteFile(path, d.Data(), 0o600); err != nil {
				t.Fatal(err)
			}
			sides, err := d.PageLongSides()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Rasterize(context.Background(), path, tt.pages, sides[tt.pages-1], dir); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestExtractFallsBackToPoppler: a page pdfcpu refuses to extract (its
// content names a graphics state its resources lack; poppler ignores the
// name) is cut by poppler, text and all.
func TestExtractFallsBackToPoppler(t *testing.T) {
	objs := with(cardPage("Jordan Q. Example"), 3, stream("", "q /GS1 gs "+cardContent("Jordan Q. Example")+" Q"))
	d := mustOpen(t, handPDF(objs, 6))
	if _, err := d.extract(1, 1); err == nil {
		t.Fatal("pdfcpu extracts the page: the test no longer shows the fallback")
	}
	cut, err := d.Extract(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := pageTexts(t, cut, 1); !strings.Contains(got, "Holder: Jordan Q. Example") {
		t.Fatalf("poppler's cut reads:\n%s", got)
	}
}

// TestMarkerCannotHideSaves: an upload can carry a mended copy's marker
// itself; the saves it claims can add to those counted, never remove any.
func TestMarkerCannotHideSaves(t *testing.T) {
	info := "<< /Producer (iLovePDF) /CDSRepair << /Repaired (rewritten) /Revisions 1 /Producer (AHA eCards) >> >>"
	data := handPDF(with(cardPage("Jordan Q. Example"), 5, info), 6)
	// A second end marker, as an incremental update leaves one.
	data = append(data, "%%EOF\n"...)
	if got := mustOpen(t, data).Info; got.Revisions != 2 || got.Repaired != "rewritten" {
		t.Fatalf("info = %+v", got)
	}
}

func public(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "public", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pageTexts reads the text layers of pages 1..n, one after another.
func pageTexts(t *testing.T, pdf []byte, n int) string {
	t.Helper()
	pages := make([]int, n)
	for i := range pages {
		pages[i] = i + 1
	}
	texts, err := Texts(pdf, pages)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, pt := range texts {
		all = append(all, pt.Text)
	}
	return strings.Join(all, "\n")
}

func cardContent(holder string) string {
	return "BT /F1 14 Tf 72 700 Td (BASIC LIFE SUPPORT Provider eCard) Tj 0 -20 Td (Holder: " + holder + ") Tj ET"
}

// cardPage is a one-page card as objects 1-6: catalog, page tree, page,
// content, font, Info.
func cardPage(holder string) []string {
	return []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		stream("", cardContent(holder)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		"<< /Producer (Acme eCards 2.1) /CreationDate (D:20260301120000Z) >>",
	}
}

// threePages is a three-page letter as objects 1-9; object 2 is the page
// tree root.
func threePages() []string {
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 5 0 R 7 0 R] /Count 3 >>"}
	for i, which := range []string{"first", "second", "third"} {
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 9 0 R >> >> /Contents %d 0 R >>", 4+2*i),
			stream("", "BT /F1 12 Tf 72 700 Td (This is the "+which+" page of three.) Tj ET"))
	}
	return append(objs, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
}

// with returns a copy of objs with objs[i] replaced.
func with(objs []string, i int, obj string) []string {
	out := append([]string(nil), objs...)
	out[i] = obj
	return out
}

// handPDF writes objs as objects 1..n with a right cross-reference table;
// the trailer names object 1 the catalog and object info (when not 0) the
// Info dictionary. Objects listed in missing are left out, their entries
// free.
func handPDF(objs []string, info int, missing ...int) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		if slices.Contains(missing, i+1) {
			continue
		}
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	x := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for i, o := range offs {
		if slices.Contains(missing, i+1) {
			b.WriteString("0000000000 00001 f \n")
			continue
		}
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	trailer := fmt.Sprintf("/Size %d /Root 1 0 R", len(objs)+1)
	if info > 0 {
		trailer += fmt.Sprintf(" /Info %d 0 R", info)
	}
	fmt.Fprintf(&b, "trailer\n<< %s >>\nstartxref\n%d\n%%%%EOF\n", trailer, x)
	return b.Bytes()
}

func stream(dict, data string) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// blankOut overwrites what re matches with spaces (line ends kept), so that
// every offset after it stays right.
func blankOut(t *testing.T, b []byte, re string) []byte {
	t.Helper()
	loc := regexp.MustCompile(re).FindIndex(b)
	if loc == nil {
		t.Fatalf("%s not found", re)
	}
	out := append([]byte(nil), b...)
	for i := loc[0]; i < loc[1]; i++ {
		if out[i] != '\n' && out[i] != '\r' {
			out[i] = ' '
		}
	}
	return out
}

func encrypt(t *testing.T, pdf []byte, conf *model.Configuration) []byte {
	t.Helper()
	var out bytes.Buffer
	if err := api.Encrypt(bytes.NewReader(pdf), &out, conf); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
