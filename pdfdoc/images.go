package pdfdoc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // image.DecodeConfig of uploads
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	_ "golang.org/x/image/tiff" // image.DecodeConfig of uploads
	"golang.org/x/image/webp"
)

// ErrNoHEIC is returned when a HEIC upload arrives on a worker without
// libheif's heif-convert.
var ErrNoHEIC = &FileError{Code: "unsupported_file", Message: "HEIC images cannot be decoded on this worker (libheif's heif-convert is not installed)"}

// FromImage turns an image upload (PNG, JPEG, TIFF with all its frames,
// WebP, HEIC) into an image-only PDF with one page per frame, so that every
// upload goes through the same page pipeline. Each page is as many points as
// the image has pixels, so rendering it at 72 dpi gives the image back.
func FromImage(ctx context.Context, data []byte, mime string) ([]byte, error) {
	if err := checkPixels(data, mime); err != nil {
		return nil, err
	}
	var err error
	switch mime {
	case "image/png", "image/jpeg", "image/tiff":
	case "image/webp":
		if data, err = webpToPNG(data); err != nil {
			return nil, err
		}
	case "image/heic", "image/heif":
		if data, err = heicToPNG(ctx, data); err != nil {
			return nil, err
		}
	default:
		return nil, &FileError{Code: "unsupported_file", Message: "the file type " + mime + " is not supported"}
	}
	imp := pdfcpu.DefaultImportConfig()
	imp.Pos = types.Full
	var out bytes.Buffer
	if err := api.ImportImages(nil, &out, []io.Reader{bytes.NewReader(data)}, imp, config()); err != nil {
		return nil, fmt.Errorf("%w (image import: %v)", ErrCorrupt, err)
	}
	return out.Bytes(), nil
}

// MaxPixels bounds one image: a 20 MB upload can declare dimensions whose
// decoding would take gigabytes (a decompression bomb). 60 megapixels is a
// letter page at 900 dpi, beyond any phone camera's page photo.
const MaxPixels = 60_000_000

// ErrImageTooLarge is an image with more than MaxPixels.
var ErrImageTooLarge = &FileError{Code: "image_too_large", Message: "the image has more than 60 megapixels; scan or photograph the page at a lower resolution"}

// checkPixels reads an image's declared size without decoding it.
func checkPixels(data []byte, mime string) error {
	if mime == "image/heic" || mime == "image/heif" {
		return nil // heif-convert bounds its own decoding
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%w (image header: %v)", ErrCorrupt, err)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return ErrImageTooLarge
	}
	return nil
}

func webpToPNG(data []byte) ([]byte, error) {
	img, err := webp.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w (webp: %v)", ErrCorrupt, err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func heicToPNG(ctx context.Context, data []byte) ([]byte, error) {
	bin, err := exec.LookPath("heif-convert")
	if err != nil {
		return nil, ErrNoHEIC
	}
	dir, err := os.MkdirTemp("", "heic-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "in.heic"), filepath.Join(dir, "out.png")
	if err := os.WriteFile(in, data, 0o600); err != nil {
		return nil, err
	}
	if msg, err := exec.CommandContext(ctx, bin, in, out).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%w (heif-convert: %v: %s)", ErrCorrupt, err, bytes.TrimSpace(msg))
	}
	return os.ReadFile(out)
}

// Rasterize renders one page (1-based) of the PDF file at path to a
// grayscale PGM for OCR and returns its path inside dir. (PGM, not PNG:
// compressing a 300-dpi page to PNG takes poppler seconds; the
// uncompressed file takes a tenth of a second and Tesseract reads it as
// well.)
//
// Pages render at 300 dpi, except where the page's own image says
// otherwise (see rasterDPI): a scan finer than 300 dpi on a page smaller
// than its paper keeps its pixels, an image is never blown up more than
// 3.5 times (beyond 4 poppler stops interpolating and draws blocks), and
// the long side stays within 3300 pixels, what 300 dpi gives a letter
// page, to bound OCR time.
func Rasterize(ctx context.Context, path string, page int, longSidePts float64, dir string) (string, error) {
	dpi := rasterDPI(longSidePts, pageImagePPI(ctx, path, page))
	prefix := filepath.Join(dir, "page-"+strconv.Itoa(page))
	args := []string{"-f", strconv.Itoa(page), "-l", strconv.Itoa(page), "-singlefile", "-gray",
		"-r", strconv.FormatFloat(dpi, 'f', 2, 64), path, prefix}
	if msg, err := exec.CommandContext(ctx, "pdftoppm", args...).CombinedOutput(); err != nil {
		if errors.Is(ctx.Err(), context.Canceled) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return "", ctx.Err()
		}
		return "", fmt.Errorf("pdftoppm page %d: %v: %s", page, err, bytes.TrimSpace(msg))
	}
	return prefix + ".pgm", nil
}

// maxRasterSide bounds a raster's long side in pixels.
const maxRasterSide = 3300

// rasterDPI chooses a page's rendering resolution from its long side in
// points and the resolution of its largest image (0 when it has none or
// it is unknown).
func rasterDPI(longSidePts, imagePPI float64) float64 {
	dpi := 300.0
	if imagePPI > dpi {
		dpi = min(imagePPI, 600) // keep a fine scan's pixels
	}
	if imagePPI > 0 {
		dpi = min(dpi, 3.5*imagePPI)
	}
	if longSidePts > 0 {
		dpi = min(dpi, maxRasterSide*72/longSidePts)
	}
	return dpi
}

// pageImagePPI returns the resolution, in pixels per inch of the page, of
// the largest image the page draws, as poppler's pdfimages lists it; 0
// when it draws none or pdfimages cannot tell (the page then renders at
// the default).
func pageImagePPI(ctx context.Context, path string, page int) float64 {
	p := strconv.Itoa(page)
	out, err := exec.CommandContext(ctx, "pdfimages", "-list", "-f", p, "-l", p, path).Output()
	if err != nil {
		return 0
	}
	return largestImagePPI(out)
}

// largestImagePPI reads pdfimages -list output: columns page, num, type,
// width, height, ..., x-ppi, y-ppi (the 13th and 14th).
func largestImagePPI(list []byte) float64 {
	var best, area float64
	for _, line := range bytes.Split(list, []byte("\n")) {
		f := strings.Fields(string(line))
		if len(f) < 14 || f[2] != "image" {
			continue // the header, masks, stencils
		}
		w, err1 := strconv.ParseFloat(f[3], 64)
		h, err2 := strconv.ParseFloat(f[4], 64)
		xp, err3 := strconv.ParseFloat(f[12], 64)
		yp, err4 := strconv.ParseFloat(f[13], 64)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
			continue
		}
		if w*h > area {
			area, best = w*h, min(xp, yp)
		}
	}
	return best
}

// PageLongSides returns each page's longer side in points (1-based pages at
// index page-1).
func (d *Doc) PageLongSides() ([]float64, error) {
	dims, err := d.ctx.PageDims()
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(dims))
	for i, dim := range dims {
		out[i] = max(dim.Width, dim.Height)
	}
	return out, nil
}

// PageHasImages reports whether a page draws any image (directly or inside
// a form XObject), or has content it cannot inspect. A page without a
// text layer and without images is blank: there is nothing to OCR.
func (d *Doc) PageHasImages(page int) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, _, inh, err := d.ctx.PageDict(page, true)
	if err != nil || inh == nil {
		return true
	}
	if hasInlineImage(d.ctx, page) {
		return true
	}
	return d.resourcesHaveImages(inh.Resources, 0)
}

func (d *Doc) resourcesHaveImages(res types.Dict, depth int) bool {
	if res == nil || depth > 8 {
		return depth > 8
	}
	obj, ok := res.Find("XObject")
	if !ok {
		return false
	}
	xobjs, err := d.ctx.DereferenceDict(obj)
	if err != nil {
		return true
	}
	for _, v := range xobjs {
		sd, _, err := d.ctx.DereferenceStreamDict(v)
		if err != nil || sd == nil {
			return true
		}
		switch sub := sd.Subtype(); {
		case sub != nil && *sub == "Image":
			return true
		case sub != nil && *sub == "Form":
			inner, _ := sd.Find("Resources")
			innerRes, err := d.ctx.DereferenceDict(inner)
			if err != nil || d.resourcesHaveImages(innerRes, depth+1) {
				return true
			}
		}
	}
	return false
}

// hasInlineImage looks for an inline image (BI … ID … EI) in the page's
// content.
func hasInlineImage(ctx *model.Context, page int) bool {
	r, err := pdfcpu.ExtractPageContent(ctx, page)
	if err != nil || r == nil {
		return false
	}
	b, err := io.ReadAll(io.LimitReader(r, 8<<20))
	if err != nil {
		return true
	}
	return bytes.Contains(b, []byte("\nBI ")) || bytes.Contains(b, []byte(" BI\n")) || bytes.HasPrefix(b, []byte("BI "))
}
