package fraud

import (
	"bytes"
	"encoding/ascii85"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
)

// pdfWithImage writes a one-page PDF drawing a JPEG over the whole page,
// its stream under the filters given (ReportLab's default wraps it in
// ASCII85).
func pdfWithImage(t testing.TB, a85 bool) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 160, 160))
	for i := range img.Pix {
		img.Pix[i] = uint8(200 + i%37)
	}
	img.Set(10, 10, color.Gray{0})
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	data, filters := jb.Bytes(), "/DCTDecode"
	if a85 {
		enc := make([]byte, ascii85.MaxEncodedLen(len(data)))
		enc = append(enc[:ascii85.Encode(enc, data)], "~>"...)
		data, filters = enc, "[/ASCII85Decode /DCTDecode]"
	}
	content := "q 200 0 0 200 0 0 cm /Im0 Do Q"
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>",
		fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width 160 /Height 160 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter %s /Length %d >>\nstream\n%s\nendstream", filters, len(data), data),
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// TestASCII85JPEG: a scan's JPEG wrapped in ASCII85 (ReportLab's default
// for drawImage) is read as the JPEG it is, as one stored bare is: the
// image checks decode it.
func TestASCII85JPEG(t *testing.T) {
	for _, a85 := range []bool{false, true} {
		t.Run(fmt.Sprint("ascii85=", a85), func(t *testing.T) {
			up, err := ReadUpload(pdfWithImage(t, a85))
			if err != nil {
				t.Fatal(err)
			}
			d := newDoc(Evidence{AsOf: asOf, Upload: up})
			ims := d.images()
			if len(ims) != 1 || ims[0].jpeg == nil {
				t.Fatalf("images %d, want one JPEG", len(ims))
			}
			if _, size, ok := decodePlane(ims[0]); !ok || size != image.Pt(160, 160) {
				t.Fatalf("decoded %v %v", size, ok)
			}
		})
	}
}
