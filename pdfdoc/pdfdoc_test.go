package pdfdoc

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
