package fraud

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
)

// withAPP1 inserts an APP1 segment (EXIF or XMP) after a JPEG's SOI.
func withAPP1(t testing.TB, jpg []byte, payload []byte) []byte {
	t.Helper()
	seg := []byte{0xff, 0xe1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte(nil), jpg[:2]...)
	out = append(append(out, seg...), payload...)
	return append(out, jpg[2:]...)
}

// exifSoftware is a minimal EXIF APP1 payload with one IFD0 entry:
// Software.
func exifSoftware(sw string) []byte {
	val := append([]byte(sw), 0)
	var b bytes.Buffer
	b.WriteString("Exif\x00\x00")
	le := binary.LittleEndian
	tiff := make([]byte, 8+2+12+4)
	copy(tiff, "II")
	le.PutUint16(tiff[2:], 42)
	le.PutUint32(tiff[4:], 8)
	le.PutUint16(tiff[8:], 1)
	le.PutUint16(tiff[10:], 0x0131) // Software
	le.PutUint16(tiff[12:], 2)      // ASCII
	le.PutUint32(tiff[14:], uint32(len(val)))
	le.PutUint32(tiff[18:], uint32(len(tiff)))
	b.Write(tiff)
	b.Write(val)
	return b.Bytes()
}

func pngWithText(t testing.TB, key, text string) []byte {
	t.Helper()
	var buf bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, 16, 16))
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	data := append(append([]byte(key), 0), text...)
	chunk := make([]byte, 8, 12+len(data))
	binary.BigEndian.PutUint32(chunk, uint32(len(data)))
	copy(chunk[4:], "tEXt")
	chunk = append(chunk, data...)
	crc := crc32.ChecksumIEEE(chunk[4:])
	chunk = binary.BigEndian.AppendUint32(chunk, crc)
	// After IHDR (8 signature + 25).
	return append(append(append([]byte(nil), b[:33]...), chunk...), b[33:]...)
}

// TestImageTools: a photo names the editor that changed it in its EXIF
// Software, its XMP or a PNG's text; a camera's firmware, a scanner app's
// honest save and a picture that names nothing stay quiet.
func TestImageTools(t *testing.T) {
	var buf bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	img.Set(0, 0, color.White)
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	plain := buf.Bytes()
	xmp := func(tool string) []byte {
		return append(append([]byte(nil), xmpAPP1...), xmpPacket(tool, tool, "2026-03-02T10:00:00Z", "2026-03-02T10:00:00Z")...)
	}
	tests := []struct {
		name string
		file []byte
		w    float64
		want string
	}{
		{"EXIF Software of a retouching app", withAPP1(t, plain, exifSoftware("Meitu 10.4.0")), 0.50, "Meitu 10.4.0) in its EXIF Software"},
		{"XMP of a picture editor", withAPP1(t, plain, xmp("Adobe Photoshop 25.1 (Windows)")), 0.50, "in its XMP metadata"},
		{"XMP of a PDF editor's export", withAPP1(t, plain, xmp("PDFpen 13")), 0.50, "PDFpen 13"},
		{"PNG Software of a drawing app", pngWithText(t, "Software", "Procreate"), 0.50, "PNG Software text"},
		{"a phone scanner app", withAPP1(t, plain, exifSoftware("CamScanner")), 0, ""},
		{"a phone camera's firmware", withAPP1(t, plain, exifSoftware("G998BXXU9EXA1")), 0, ""},
		{"an iPhone", withAPP1(t, plain, exifSoftware("17.2.1")), 0, ""},
		{"a scanner's driver", withAPP1(t, plain, exifSoftware("EPSON Scan 2")), 0, ""},
		{"a PNG saved by Pillow", pngWithText(t, "Comment", "scanned"), 0, ""},
		{"a picture naming nothing", plain, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := ReadUpload(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			var s signals
			checkImageTools(newDoc(Evidence{File: FileMeta{FromImage: true}, Upload: u, AsOf: asOf}), &s)
			switch {
			case tt.w == 0 && len(s.list) > 0:
				t.Fatalf("signals %+v", s.list)
			case tt.w > 0 && (len(s.list) != 1 || s.list[0].Code != CodeEditingSoftware || s.list[0].Weight != tt.w || !strings.Contains(s.list[0].Detail, tt.want)):
				t.Fatalf("signals %+v, want editing_software %.2f saying %q", s.list, tt.w, tt.want)
			}
		})
	}
}

// The copy-move search's window energy a sample off, worked out from the
// window's own, is the energy summed anew (the detail is whole numbers).
func TestShiftedEnergy(t *testing.T) {
	const w, h = 40, 40
	d := make([]float32, w*h)
	for i := range d {
		// Whole numbers of either sign, up to tens of thousands, as the
		// detail of a picture averaged down by 2.
		d[i] = float32((i*7919)%51001 - 25500)
	}
	x, y := 20, 21
	e := windowEnergy(d, w, x, y)
	for _, o := range [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
		if got, want := shiftedEnergy(d, w, x, y, e, o[0], o[1]), windowEnergy(d, w, x+o[0], y+o[1]); got != want {
			t.Errorf("moved by %v: %v, want %v", o, got, want)
		}
	}
}
