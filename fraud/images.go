package fraud

import (
	"bytes"
	"image"
	"image/jpeg"
	_ "image/png" // image uploads in PNG
	"time"

	"github.com/clearedtostart/compliance/fraud/pdfdraw"
	"github.com/rwcarlsen/goexif/exif"
	_ "golang.org/x/image/tiff" // image uploads in TIFF
	_ "golang.org/x/image/webp" // and WebP
)

// Images: what a document's pictures say about their making. A phone
// photo or a scan passes through a camera or a scanner and, if it was
// altered, through an editor that writes its name into the EXIF Software
// tag, recompresses the edited region differently from the rest (ela.go),
// or copies a patch of the picture over what it hides (copymove.go).
//
// The work is bounded: at most imagesPerPage images a page (the largest),
// none smaller than 128 pixels a side; a JPEG is decoded only when a
// check needs its samples: error-level analysis when the file was last
// saved at quality 60 or more (a PNG or another lossless picture always:
// it keeps the JPEG history its samples went through), the copy-move
// search on photo uploads, on pictures placed on a page and on the scans
// of identity documents (copyMoveWanted).
const imagesPerPage = 2

// docImage is one image of the document as stored.
type docImage struct {
	page int
	// jpeg holds JPEG bytes (a DCT-encoded image XObject, or the upload).
	jpeg []byte
	// raw is the upload when it was another image format.
	raw []byte
	// img is the image XObject when it is one (nil for an image upload).
	img *pdfdraw.PageImage
	// media is the page's box the image is placed on.
	media pdfdraw.Rect
	// plane keeps the decoded samples for the other checks of the same
	// document (nil: decoded each time asked).
	plane *decodedPlane
}

// decodedPlane is an image's luminance once decodePlane has read it: a
// scanned page's picture is analysed by several checks (the print of its
// values, its paper, error levels, copies), and decoding it is the
// largest part of some of them. The checks only read the samples.
type decodedPlane struct {
	done bool
	l    luma
	size image.Point
	ok   bool
}

// images lists the document's images: the upload itself when it was an
// image, else the largest image XObjects its pages draw. The list is
// made once per document, its images decoded at most once (decodePlane).
func (d *doc) images() []docImage {
	if !d.imagesListed {
		d.imgs, d.imagesListed = d.listImages(), true
		for i := range d.imgs {
			d.imgs[i].plane = &decodedPlane{}
		}
	}
	return d.imgs
}

func (d *doc) listImages() []docImage {
	u := d.Upload
	if u == nil {
		return nil
	}
	if u.image != nil {
		im := docImage{page: d.first}
		if bytes.HasPrefix(u.image, []byte{0xff, 0xd8, 0xff}) {
			im.jpeg = u.image
		} else {
			im.raw = u.image
		}
		return []docImage{im}
	}
	var out []docImage
	for _, np := range d.uploadPages() {
		ims := make([]*pdfdraw.PageImage, 0, len(np.p.images))
		for k := range np.p.images {
			if pi := &np.p.images[k]; pi.Width >= 128 && pi.Height >= 128 {
				ims = append(ims, pi)
			}
		}
		// The largest first.
		for i := 1; i < len(ims); i++ {
			for j := i; j > 0 && ims[j].Box.Area() > ims[j-1].Box.Area(); j-- {
				ims[j], ims[j-1] = ims[j-1], ims[j]
			}
		}
		for _, pi := range ims[:min(len(ims), imagesPerPage)] {
			im := docImage{page: np.n, img: pi, media: np.p.box}
			if pi.Filter == "DCTDecode" && bytes.HasPrefix(pi.Raw, []byte{0xff, 0xd8}) {
				im.jpeg = pi.Raw
			}
			out = append(out, im)
		}
	}
	return out
}

// copyMoveWanted: pictures worth the copy-move search: photo uploads,
// pictures placed on a page (a card's or an ID's photo, not a page's
// scan), and the scans of identity documents, whose security backgrounds
// a clone stamp hides dates under.
//
// A full-page scan of any other document is searched on the document's
// first page, where its name, dates and numbers are printed, when the
// upload is one short document (shortUploadPages): a date covered with
// blank paper cloned from beside it, then typed again, is found there.
// A packet's pages are not searched: the search costs about a third of a
// second a page, as much as reading it.
func (d *doc) copyMoveWanted(im docImage) bool {
	if !d.fullPageScan(im) {
		return true
	}
	t, ok := d.cat.Type(d.DocumentType)
	return ok && t.Category == "identity" || im.page == d.first && d.shortUpload()
}

// fullPageScan: a picture that covers most of its page (a scan), not an
// image upload and not a picture placed on a page.
func (d *doc) fullPageScan(im docImage) bool {
	return im.img != nil && im.img.Box.Area() >= 0.6*im.media.Area()
}

// shortUploadPages is the most pages of an upload whose full-page scans
// are all analysed: one document, not a packet.
const shortUploadPages = 3

func (d *doc) shortUpload() bool {
	return d.Upload != nil && d.Upload.PageCount() <= shortUploadPages
}

func checkImages(d *doc, s *signals) {
	taken := map[string]time.Time{}
	for _, im := range d.images() {
		if im.jpeg != nil {
			exifChecks(s, im, taken)
		}
		checkPixels(d, s, im)
	}
	if len(taken) > 0 {
		futureFrom(d, s, "the image's EXIF", taken)
		createdBefore(d, s, taken, "the image was taken")
	}
}

func exifChecks(s *signals, im docImage, taken map[string]time.Time) {
	x, err := exif.Decode(bytes.NewReader(im.jpeg))
	if err != nil {
		return
	}
	if tag, err := x.Get(exif.Software); err == nil {
		if sw, err := tag.StringVal(); err == nil {
			if e, ok := editorIn(sw); ok {
				s.addf(CodeEditingSoftware, editorWeight(e), &SignalEvidence{Page: im.page, Source: "exif", Tool: sw},
					"page %d: the image was last saved by an editing tool (EXIF Software %q)", im.page, sw)
			}
		}
	}
	if t, err := x.DateTime(); err == nil && !t.IsZero() {
		if old, ok := taken["exif_taken"]; !ok || t.Before(old) {
			taken["exif_taken"] = t
		}
	}
}

// checkPixels runs the analyses that need the image's samples.
func checkPixels(d *doc, s *signals, im docImage) {
	// Error-level analysis: a JPEG saved at elaMinFinalQuality or more (a
	// lower last save leaves no finer lattice to tell an earlier one by),
	// and a picture stored without loss (a PNG, a Flate image), which
	// keeps whatever JPEG history its samples went through.
	//
	// A packet's full-page scans (an upload of more than shortUpload
	// pages) are analysed only when last saved at 80 or more, and only the
	// copy-move search's own pictures otherwise: decoding every page of a
	// 20-page scanned intake would cost as much as reading it. An upload
	// of one short document gets every analysis.
	full := d.fullPageScan(im) && !d.shortUpload()
	ela := im.jpeg == nil && !full
	if im.jpeg != nil {
		if t, err := lumaTable(im.jpeg); err == nil {
			q := estimateQuality(t)
			ela = q >= 80 || q >= elaMinFinalQuality && !full
		}
	}
	cm := d.copyMoveWanted(im)
	if !ela && !cm {
		return
	}
	plane, size, ok := decodePlane(im)
	if !ok {
		return
	}
	if ela {
		if r, err := recompressionRegion(im.jpeg, plane); err == nil && r != nil {
			b := pageBox(im, size, r.Box)
			// The finder asks for much: an earlier compression most of the
			// picture shows (at one quality, the best fitting), and a
			// region of six or more 3x3 windows of blocks erring three
			// times the image's median or more. A scanner or a camera
			// writing once shows no earlier compression, and a whole
			// re-saved alike shows no region: what is left is a region
			// pasted in and saved over. Strong alone (0.50, flagging at
			// MEDIUM).
			w := 0.50
			ev := &SignalEvidence{Page: im.page, Box: &b, Measure: round1(r.Ratio), Expected: "the same compression history as the rest of the image"}
			if r.Inverse {
				s.addf(CodeRecompressedRegion, w, ev,
					"page %d: a region of the image was compressed at quality %d before, which the rest of it never was: it was pasted in from another picture (the rest errs %.1f times as much at that quality)",
					im.page, r.Quality, r.Ratio)
			} else {
				s.addf(CodeRecompressedRegion, w, ev,
					"page %d: a region of the image was not compressed like the rest: the image was saved at quality %d over an earlier save at %d, which this region never went through (its error level is %.1f times the image's)",
					im.page, r.FinalQuality, r.Quality, r.Ratio)
			}
		}
	}
	if cm {
		if c := findCopyMove(plane, copySaveError(im.jpeg)); c != nil {
			a, b := pageBox(im, size, c.Source), pageBox(im, size, c.Target)
			// Confirmed block by block on bare card at one displacement,
			// grain and all: no camera or scanner repeats its grain, so a
			// copy is strong evidence alone (0.55, flagging at MEDIUM).
			s.addf(CodeCopyMove, 0.55, &SignalEvidence{Page: im.page, Box: &a, Boxes: []Box{b}, Measure: float64(c.Blocks)},
				"page %d: two regions of the image are copies of each other, grain and all (%.0f,%.0f and %.0f,%.0f; %d blocks of 8x8 samples copied at one displacement)",
				im.page, a.X0, a.Y0, b.X0, b.Y0, c.Blocks)
		} else if c := findScaledClone(plane); c != nil {
			a, b := pageBox(im, size, c.Source), pageBox(im, size, c.Target)
			// Matched point by point at one scale and confirmed by the
			// samples, but seen on own pages only: it corroborates (0.30)
			// until other producers' clean scans leave it alone.
			s.addf(CodeCopyMove, 0.30, &SignalEvidence{Page: im.page, Box: &a, Boxes: []Box{b}, Measure: round1(100 * c.Scale)},
				"page %d: two regions of the image are copies of each other at %.0f%% of the size (%.0f,%.0f and %.0f,%.0f; %d matched points, correlation %.2f, %.2f at the same size)",
				im.page, a.X0, a.Y0, b.X0, b.Y0, 100*c.Scale, c.Pairs, c.Corr, c.Corr1)
		} else if p := findNoisePatch(plane); p != nil {
			b := pageBox(im, size, p.Box)
			// Bare paper whose finest grain is far weaker than the paper's
			// of its tone round it: a patch resampled from elsewhere (a
			// clone resized, a splice from another scan). Seen on own
			// pages only: it corroborates (0.30).
			s.addf(CodeRecompressedRegion, 0.30, &SignalEvidence{Page: im.page, Box: &b, Measure: round1(p.Ratio), Expected: "the grain of the paper round it"},
				"page %d: a patch of the paper carries a finer-smoothed grain than the paper round it (%.1f times weaker, %.1f times against its coarser grain): it was pasted from elsewhere and resampled",
				im.page, p.Ratio, p.Shape)
		}
	}
}

// decodePlane decodes an image's luminance, bounded in size, once for
// the document's checks (docImage.plane).
func decodePlane(im docImage) (luma, image.Point, bool) {
	c := im.plane
	if c == nil {
		return decodeLuma(im)
	}
	if !c.done {
		c.l, c.size, c.ok = decodeLuma(im)
		c.done = true
	}
	return c.l, c.size, c.ok
}

func decodeLuma(im docImage) (luma, image.Point, bool) {
	switch {
	case im.jpeg != nil:
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(im.jpeg))
		if err != nil || cfg.Width*cfg.Height > elaMaxPixels {
			return luma{}, image.Point{}, false
		}
		img, err := jpeg.Decode(bytes.NewReader(im.jpeg))
		if err != nil {
			return luma{}, image.Point{}, false
		}
		pix, stride, w, h, ok := lumaPlane(img)
		return luma{pix: pix, stride: stride, w: w, h: h}, image.Pt(w, h), ok
	case im.raw != nil:
		cfg, _, err := image.DecodeConfig(bytes.NewReader(im.raw))
		if err != nil || cfg.Width*cfg.Height > elaMaxPixels {
			return luma{}, image.Point{}, false
		}
		img, _, err := image.Decode(bytes.NewReader(im.raw))
		if err != nil {
			return luma{}, image.Point{}, false
		}
		return grayOf(img)
	case im.img != nil && im.img.Decoded != nil && im.img.Bits == 8 && (im.img.Components == 1 || im.img.Components == 3):
		pi := im.img
		n := pi.Width * pi.Height
		if len(pi.Decoded) < n*pi.Components || n > elaMaxPixels {
			return luma{}, image.Point{}, false
		}
		pix := make([]uint8, n)
		for i := range pix {
			if pi.Components == 1 {
				pix[i] = pi.Decoded[i]
				continue
			}
			r, g, b := int(pi.Decoded[3*i]), int(pi.Decoded[3*i+1]), int(pi.Decoded[3*i+2])
			pix[i] = uint8((299*r + 587*g + 114*b) / 1000)
		}
		return luma{pix: pix, stride: pi.Width, w: pi.Width, h: pi.Height}, image.Pt(pi.Width, pi.Height), true
	}
	return luma{}, image.Point{}, false
}

func grayOf(img image.Image) (luma, image.Point, bool) {
	if pix, stride, w, h, ok := lumaPlane(img); ok {
		return luma{pix: pix, stride: stride, w: w, h: h}, image.Pt(w, h), true
	}
	b := img.Bounds()
	g := image.NewGray(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, gg, bb, _ := img.At(x, y).RGBA()
			g.Pix[(y-b.Min.Y)*g.Stride+x-b.Min.X] = uint8((299*r + 587*gg + 114*bb) / 1000 >> 8)
		}
	}
	return luma{pix: g.Pix, stride: g.Stride, w: b.Dx(), h: b.Dy()}, image.Pt(b.Dx(), b.Dy()), true
}

// pageBox turns a region in an image's pixels into page coordinates
// (points from the page's top-left corner): an image XObject is mapped
// onto its box on the page, an image upload's pixels are its page's
// points (pdfdoc.FromImage).
func pageBox(im docImage, size image.Point, r image.Rectangle) Box {
	if im.img == nil || size.X == 0 || size.Y == 0 {
		return Box{X0: float64(r.Min.X), Y0: float64(r.Min.Y), X1: float64(r.Max.X), Y1: float64(r.Max.Y)}
	}
	b := toTopLeft(im.img.Box, im.media)
	sx, sy := (b.X1-b.X0)/float64(size.X), (b.Y1-b.Y0)/float64(size.Y)
	return Box{X0: round1(b.X0 + float64(r.Min.X)*sx), Y0: round1(b.Y0 + float64(r.Min.Y)*sy),
		X1: round1(b.X0 + float64(r.Max.X)*sx), Y1: round1(b.Y0 + float64(r.Max.Y)*sy)}
}
