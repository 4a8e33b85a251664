package heldout

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/image/draw"
)

// raster renders page n of a PDF at dpi with poppler.
func (k *kit) raster(ctx context.Context, pdf []byte, n, dpi int) (*image.RGBA, error) {
	dir, err := os.MkdirTemp(k.tmp, "raster-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		return nil, err
	}
	img, err := k.rd.raster(ctx, path, n, dpi, false)
	if err != nil {
		return nil, err
	}
	return toRGBA(img), nil
}

// scanLook degrades a page raster like a flatbed or sheet-fed scanner but
// keeps its geometry (no skew or turn), so that a region found on the PDF
// is the same region of the image.
func scanLook(img *image.RGBA, r *rand.Rand) *image.RGBA {
	light(img, 0.05+r.Float64()*0.15, r)
	if r.IntN(2) == 0 {
		img = boxBlur(img)
	}
	noise(img, 3+r.Float64()*5, r)
	return img
}

// phoneLook is a phone photo of a card on a table: the card in
// perspective (the same perspective for the same rand state), uneven
// light, sensor noise.
func phoneLook(img *image.RGBA, r *rand.Rand) *image.RGBA {
	out := photo(img, r)
	light(out, 0.1+r.Float64()*0.2, r)
	noise(out, 4+r.Float64()*4, r)
	return out
}

func jpegRoundTrip(img image.Image, q int) (*image.RGBA, error) {
	b, err := encodeJPEG(img, q)
	if err != nil {
		return nil, err
	}
	d, err := jpeg.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return toRGBA(d), nil
}

func encodePNG(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func gray(img image.Image) *image.Gray {
	g := image.NewGray(img.Bounds())
	draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
	return g
}

// pxRect is a box in points (from the top left) as pixels at dpi, grown by
// pad pixels.
func pxRect(w word, dpi, pad int) image.Rectangle {
	s := float64(dpi) / 72
	return image.Rect(int(w.xMin*s)-pad, int(w.yMin*s)-pad, int(w.xMax*s)+pad, int(w.yMax*s)+pad)
}

// paste copies src's rect onto dst at the same place.
func paste(dst, src *image.RGBA, rect image.Rectangle) {
	draw.Draw(dst, rect, src, rect.Min, draw.Src)
}

// cloneTo copies dst's own region from onto the region at `to` (the clone
// stamp and copy-move of image editors: noise and all, pixel for pixel).
func cloneTo(img *image.RGBA, from image.Rectangle, to image.Point) {
	patch := image.NewRGBA(image.Rect(0, 0, from.Dx(), from.Dy()))
	draw.Draw(patch, patch.Bounds(), img, from.Min, draw.Src)
	draw.Draw(img, image.Rectangle{Min: to, Max: to.Add(from.Size())}, patch, image.Point{}, draw.Src)
}

// blank reports whether a region is empty paper: no pixel much darker than
// the region's brightest.
func blank(img *image.RGBA, rect image.Rectangle) bool {
	if !rect.In(img.Bounds()) {
		return false
	}
	lo, hi := 255, 0
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			c := img.RGBAAt(x, y)
			v := (int(c.R) + int(c.G) + int(c.B)) / 3
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return hi-lo < 60
}

// exifSegment is a JPEG APP1 Exif segment with IFD0's Make, Model,
// Software and DateTime (ASCII, little-endian TIFF), the tags a camera or an
// editor writes.
func exifSegment(tags []exifTag) []byte {
	le := binary.LittleEndian
	n := len(tags)
	ifd := make([]byte, 2+12*n+4)
	le.PutUint16(ifd, uint16(n))
	dataOff := 8 + len(ifd)
	var data []byte
	for i, t := range tags {
		v := append([]byte(t.value), 0)
		e := ifd[2+12*i:]
		le.PutUint16(e[0:], t.tag)
		le.PutUint16(e[2:], 2) // ASCII
		le.PutUint32(e[4:], uint32(len(v)))
		if len(v) <= 4 {
			copy(e[8:12], v)
			continue
		}
		le.PutUint32(e[8:], uint32(dataOff+len(data)))
		data = append(data, v...)
		if len(data)%2 == 1 {
			data = append(data, 0)
		}
	}
	tiff := append([]byte{'I', 'I', 42, 0, 8, 0, 0, 0}, ifd...)
	tiff = append(tiff, data...)
	payload := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	return append(seg, payload...)
}

type exifTag struct {
	tag   uint16
	value string
}

func exifTags(maker, model, software string, at time.Time) []exifTag {
	var t []exifTag
	if maker != "" {
		t = append(t, exifTag{0x010F, maker})
	}
	if model != "" {
		t = append(t, exifTag{0x0110, model})
	}
	if software != "" {
		t = append(t, exifTag{0x0131, software})
	}
	return append(t, exifTag{0x0132, at.Format("2006:01:02 15:04:05")})
}

// withExif puts an Exif segment right after a JPEG's SOI marker (Go's
// encoder writes none).
func withExif(jpg []byte, tags []exifTag) []byte {
	out := append([]byte{}, jpg[:2]...)
	out = append(out, exifSegment(tags)...)
	return append(out, jpg[2:]...)
}

var whitePaper = color.RGBA{250, 250, 248, 255}
