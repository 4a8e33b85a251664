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
// (too little text, all capitals). An upright page's OCR has a mean word
// confidence of 75 or more, one upside down or on its side under 45
// (measured on every sample layout), so a read under lowConfidence is read
// again turned half round, and the better read kept: the cheapest
// decisive test, since such a page's lines already say it is upright or
// upside down. Only when that read is poor too and the page's lines were
// not found does Tesseract's orientation detection (OSD) say whether a
// quarter turn is wanted; on
// cards it is unreliable (it put an upside-down license upright with
// confidence 1.7), so it is the last resort and must say so with
// minOSDConfidence.
const (
	lowConfidence    = 55
	minOSDConfidence = 2.0
)

// scanRead is one page read from its raster: the words and the
// corrections made before reading.
type scanRead struct {
	res    ocr.Result
	report scanprep.Report
}

// readScan prepares the raster at path (see scanprep) and reads it,
// checking an unsure orientation by the read's confidence. The prepared
// images are written next to it in dir.
func (e *Engine) readScan(ctx context.Context, dir, path string) (scanRead, image.Point, error) {
	src, err := scanprep.ReadPGM(path)
	if err != nil {
		return scanRead{}, image.Point{}, err
	}
	size := src.Bounds().Size()
	prep := scanprep.New(scanprep.Config{})
	img, rep := prep.Prepare(src)
	best, err := e.readPrepared(ctx, dir, path, "prepared", src, img, rep)
	if err != nil || rep.OrientationSure || best.res.MeanConfidence >= lowConfidence || len(best.res.Words) == 0 {
		return best, size, err
	}
	turned := func(deg int, by string) error {
		img, rep := prep.Turned(src, deg)
		rep.OrientedBy = by
		read, err := e.readPrepared(ctx, dir, path, "turned-"+strconv.Itoa(deg), src, img, rep)
		if err == nil && read.res.MeanConfidence > best.res.MeanConfidence {
			best = read
		}
		return err
	}
	if err := turned(180, "ocr_confidence"); err != nil || best.res.MeanConfidence >= lowConfidence || rep.LinesKnown() {
		// Lines known to run across (or down) leave no quarter turn to
		// ask about: the page is poor, not turned.
		return best, size, err
	}
	osdPath := filepath.Join(dir, "prepared.pgm")
	if !rep.Changed() {
		osdPath = path
	}
	o, err := e.ocr.DetectOrientation(ctx, osdPath)
	if err != nil || o.Rotate%180 == 0 || o.Confidence < minOSDConfidence {
		// No better guess: the best read stands (an OSD failure is not
		// the page's).
		return best, size, ctx.Err()
	}
	return best, size, turned(o.Rotate, "osd")
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
