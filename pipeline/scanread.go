package pipeline

import (
	"context"
	"image"
	"path/filepath"
	"strconv"

	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/scanprep"
)

// Orientation checks on pages whose layout left their orientation unsure
// (too little text, all capitals): an upright page's OCR has a mean word
// confidence of 75 or more, a page upside down or on its side under 45,
// so a read under lowConfidence asks Tesseract's orientation detection,
// and a turn it gives with at least minOSDConfidence is read again; the
// better read is kept.
const (
	lowConfidence    = 60
	minOSDConfidence = 1.0
)

// scanRead is one page read from its raster: the words, the corrections
// made before reading, and the raster's scale.
type scanRead struct {
	res    ocr.Result
	report scanprep.Report
}

// readScan prepares the raster at path (see scanprep) and reads it. The
// prepared images are written next to it in dir.
func (e *Engine) readScan(ctx context.Context, dir, path string) (scanRead, image.Point, error) {
	src, err := scanprep.ReadPGM(path)
	if err != nil {
		return scanRead{}, image.Point{}, err
	}
	size := src.Bounds().Size()
	prep := scanprep.New(scanprep.Config{})
	img, rep := prep.Prepare(src)
	first, err := e.readPrepared(ctx, dir, path, "prepared", src, img, rep)
	if err != nil || rep.OrientationSure || first.res.MeanConfidence >= lowConfidence || len(first.res.Words) == 0 {
		return first, size, err
	}
	osdPath := path
	if rep.Changed() {
		osdPath = filepath.Join(dir, "prepared.pgm")
	}
	o, err := e.ocr.DetectOrientation(ctx, osdPath)
	if err != nil || o.Rotate == 0 || o.Confidence < minOSDConfidence {
		// No better guess: the first read stands (an OSD failure is
		// not the page's).
		return first, size, ctx.Err()
	}
	img2, rep2 := prep.Turned(src, o.Rotate)
	second, err := e.readPrepared(ctx, dir, path, "turned-"+strconv.Itoa(o.Rotate), src, img2, rep2)
	if err != nil {
		return scanRead{}, size, err
	}
	if second.res.MeanConfidence > first.res.MeanConfidence {
		return second, size, nil
	}
	return first, size, nil
}

// readPrepared OCRs the prepared image, written as name.pgm in dir unless
// it is the raster itself.
func (e *Engine) readPrepared(ctx context.Context, dir, path, name string, src, img *image.Gray, rep scanprep.Report) (scanRead, error) {
	if img != src {
		path = filepath.Join(dir, name+".pgm")
		if err := scanprep.WritePGM(path, img); err != nil {
			return scanRead{}, err
		}
	}
	res, err := e.ocr.Recognize(ctx, path)
	if err != nil {
		return scanRead{}, err
	}
	return scanRead{res: res, report: rep}, nil
}

// layout returns the read's words on the corrected page, in points:
// rasterScale is the raster's points per pixel, and the prepared image's
// pixels map onto the corrected page through the report (its enlargement
// and the crop around the print).
func (r scanRead) layout(rasterScale float64) pagetext.Page {
	rep := r.report
	lay := r.res.Layout(rasterScale / rep.Scale)
	x0, y0 := rep.ToPage(0, 0)
	dx, dy := x0*rasterScale, y0*rasterScale
	for i := range lay.Words {
		b := &lay.Words[i].Box
		b.X0, b.X1, b.Y0, b.Y1 = b.X0+dx, b.X1+dx, b.Y0+dy, b.Y1+dy
	}
	w, h := rep.PageSize()
	lay.Width, lay.Height = float64(w)*rasterScale, float64(h)*rasterScale
	return lay
}
