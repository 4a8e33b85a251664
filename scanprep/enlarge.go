package scanprep

import (
	"image"
	"math"

	"golang.org/x/image/draw"
)

// Enlarge returns img, an image prepared as rep says, enlarged by f with
// Catmull-Rom (bicubic) interpolation, and the report of the enlarged
// image (its words still map onto the corrected page). It is for reading
// again a page whose coarse print (a page scanned at 110-130 dpi and
// written small into its PDF, a card on it) Tesseract read almost nothing
// of as it was: Prepare leaves coarse print as it is, since on most such
// pages enlarging only adds blur (see Config.MinEnlargedCapital).
func Enlarge(img *image.Gray, rep Report, f float64) (*image.Gray, Report) {
	b := img.Bounds()
	w, h := int(math.Round(float64(b.Dx())*f)), int(math.Round(float64(b.Dy())*f))
	if f <= 1 || w <= b.Dx() || h <= b.Dy() {
		return img, rep
	}
	out := image.NewGray(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(out, out.Bounds(), img, b, draw.Src, nil)
	// The prepared pixel (u, v) maps to u/Scale+cropX on the page; the
	// enlarged image's pixels are f times as many.
	rep.Scale *= float64(w) / float64(b.Dx())
	rep.capital *= f
	if g := rep.grid; g != nil {
		rep.grid = &gridRules{xs: scaled(g.xs, float64(w)/float64(b.Dx())), ys: scaled(g.ys, float64(h)/float64(b.Dy()))}
	}
	return out, rep
}

// Darken returns img with its greys darkened (each level v becomes
// 255·(v/255)², paper staying white): for reading again a poor read of
// thin, light print (a thermal or dot-matrix receipt's strokes, a thin
// typewriter face scanned at 110-130 dpi) whose strokes the scan left
// grey, so that Tesseract's threshold loses them. Measured on sample
// pharmacy TB records in Courier scanned at 110 and 130 dpi: 7 and 8
// legible words read as they were, 23 and 22 darkened. It is no
// correction for every page (a 200-dpi vaccine card read 38 words, and
// 11 darkened), so readers keep the better read.
func Darken(img *image.Gray) *image.Gray {
	var lut [256]uint8
	for i := range lut {
		lut[i] = uint8(i * i / 255)
	}
	out := image.NewGray(img.Bounds())
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		src := img.Pix[img.PixOffset(b.Min.X, y) : img.PixOffset(b.Min.X, y)+b.Dx()]
		dst := out.Pix[out.PixOffset(b.Min.X, y) : out.PixOffset(b.Min.X, y)+b.Dx()]
		for i, v := range src {
			dst[i] = lut[v]
		}
	}
	return out
}
