package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/pagetext"
)

// ReadUpload reads what fraud's checks need of an upload as a whole
// (fraud.ReadUpload), once for all of its segments. It reads the file as
// stored: a later revision's changes live only there, and so do the
// images as the camera or the editor wrote them. The normalised PDF is
// read instead (fraud.ReadCopy: its drawing and images, not its own
// history, which is the mending's) only when the stored file cannot be
// read (an HEIC photo, a PDF pdfcpu refuses until mended) or holds other
// pages than the normalised copy (a page tree Repair rebuilt), so that
// page n of the upload is page n the pipeline read. original may be nil
// when the stored file is not at hand. An error means neither could be
// read; the checks that need the upload then do not run, and the others
// still do.
func ReadUpload(original, normalized []byte, pageCount int) (*fraud.Upload, error) {
	var errs []error
	if len(original) > 0 {
		up, err := fraud.ReadUpload(original)
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("the stored upload: %w", err))
		case up.IsImage() || up.PageCount() == pageCount:
			return up, nil
		default:
			errs = append(errs, fmt.Errorf("the stored upload has %d pages where the normalised copy has %d", up.PageCount(), pageCount))
		}
		if bytes.Equal(original, normalized) {
			return nil, errors.Join(errs...)
		}
	}
	if len(normalized) == 0 {
		return nil, errors.Join(append(errs, errors.New("no normalised copy"))...)
	}
	up, err := fraud.ReadCopy(normalized)
	if err != nil {
		return nil, errors.Join(append(errs, fmt.Errorf("the normalised copy: %w", err))...)
	}
	return up, nil
}

// FraudOCR reads with OCR the pages among first..last (the upload's page
// numbers, 1-based and inclusive; zero for every page) that print a text
// layer over a picture (fraud.Upload.OCRWanted), for the check that
// compares the layer with what the picture shows. Analyze read those
// pages from their layer, so this is OCR on top of the reading (about a
// second a page): callers ask for it only when fraud checks are on. The
// pages are read in parallel; the OCR engine bounds Tesseract processes.
//
// A page whose raster was turned, straightened by more than half a
// degree or cut out as a card is left out: its OCR words sit on the
// corrected page, not under the layer's, and comparing them would call an
// honest layer edited. A page
// that cannot be read is left out too (one check fewer, not a failed
// document): the error names it, returned with the pages that were read.
func (e *Engine) FraudOCR(ctx context.Context, pdfPath string, up *fraud.Upload, first, last int, longSides []float64) (map[int]pagetext.Page, error) {
	wanted := up.OCRWanted(first, last)
	if len(wanted) == 0 {
		return nil, nil
	}
	out := make(map[int]pagetext.Page, len(wanted))
	var mu sync.Mutex
	var errs []error
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, n := range wanted {
		if n > len(longSides) {
			continue
		}
		g.Go(func() error {
			p, err := e.OCRPage(ctx, pdfPath, n, longSides[n-1])
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				errs = append(errs, fmt.Errorf("page %d: %w", n, err))
			case p.Layout == nil || moved(p):
			default:
				out[n] = *p.Layout
			}
			return nil
		})
	}
	_ = g.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}

// moved says whether an OCRed page's words are placed on a page turned,
// straightened or cut out of the raster rather than on the page as drawn.
// A straightening under half a degree moves a word by a few points at
// most, which the comparison tolerates: searchable scans are seldom
// square, and leaving every slightly crooked one out let a layer edited
// under a scan go unchecked.
func moved(p Page) bool {
	return p.Prep != nil && (p.Prep.Rotation != 0 || math.Abs(p.Prep.Skew) > maxComparedSkew || p.Prep.Perspective)
}

// maxComparedSkew is the largest straightening, in degrees, of a page
// whose OCR is still compared with its text layer.
const maxComparedSkew = 0.5
