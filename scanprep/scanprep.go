// Package scanprep prepares scanned pages and phone photos for OCR: it
// turns them upright (quarter turns and skew), flattens uneven light and
// shadows, stretches weak contrast, straightens a card photographed at an
// angle, and enlarges small print to the size OCR reads best. Each step is
// decided from measurements of the image, so a clean upright page at a
// good resolution comes back untouched, and every step that was taken is
// reported.
//
// Everything is measured on a copy of the image reduced to about 1,700
// pixels on its long side: the print's connected components (glyphs), the
// direction in which their centres stack into the sharpest projection
// profile (orientation up to a quarter turn, and skew), which side of the
// text lines the ascenders stand on (upright or upside down), the height
// of capitals, and the brightness of the paper under the print. The
// corrections are then drawn from the original in a single bilinear pass.
package scanprep

import (
	"image"
	"math"
)

// Config configures New; zero fields take their defaults.
type Config struct {
	// MaxSkew is the largest skew searched for, in degrees (10).
	MaxSkew float64
	// MinSkew is the smallest skew corrected, in degrees (1): Tesseract
	// finds lines that little off straight itself, and resampling costs
	// sharpness (measured on sample scans: correcting from 0.3° read 71%
	// of fields and slowed Tesseract on some pages by a fifth; from 1°,
	// 74%, and no slower).
	MinSkew float64
	// CapitalHeight is the height in pixels that capitals, digits and
	// ascenders are enlarged to when they are smaller than MinCapitalHeight
	// (30 and 24: 10-point print at 300 dpi is about 30).
	CapitalHeight, MinCapitalHeight float64
	// MaxScale bounds the enlargement (3).
	MaxScale float64
	// MinEnlargedCapital is the smallest capital height, in pixels, that
	// is enlarged (17). Smaller print is coarse: enlarging it adds only
	// blur, and Tesseract, which scales each line itself, reads it better
	// as it is (measured on sample cards: 150-dpi scans read 61% of their
	// fields as they are, 51% enlarged, by poppler or here; 200-dpi scans
	// drawn at 300 dpi, capitals about 20 pixels, read 67% as they are
	// and 71% enlarged). Coarse print is not turned for a skew under
	// CoarseMinSkew (1.5°) either: resampling it blurs thin rules and
	// strokes more than Tesseract minds the skew.
	MinEnlargedCapital, CoarseMinSkew float64
	// MaxPixels bounds the prepared image's size (12 million, 1.4 times a
	// letter page at 300 dpi): OCR time grows with it.
	MaxPixels int
	// Unevenness is the variation of the paper's brightness across the
	// image, (bright-dark)/bright, above which it is flattened (0.15).
	Unevenness float64
}

func (c Config) withDefaults() Config {
	def := func(v *float64, d float64) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.MaxSkew, 10)
	def(&c.MinSkew, 1)
	def(&c.CapitalHeight, 30)
	def(&c.MinCapitalHeight, 24)
	def(&c.MaxScale, 3)
	def(&c.MinEnlargedCapital, 17)
	def(&c.CoarseMinSkew, 1.5)
	def(&c.Unevenness, 0.15)
	if c.MaxPixels <= 0 {
		c.MaxPixels = 12_000_000
	}
	return c
}

// Engine prepares images. It holds only its configuration and is safe for
// concurrent use.
type Engine struct{ cfg Config }

// New returns an engine.
func New(cfg Config) *Engine { return &Engine{cfg: cfg.withDefaults()} }

// Report says what was done to an image and how the prepared image's
// pixels map back onto the corrected page.
type Report struct {
	// Rotation is the quarter turn applied, clockwise degrees (0, 90, 180
	// or 270).
	Rotation int `json:"rotation"`
	// Skew is the further turn applied to straighten the lines, clockwise
	// degrees.
	Skew float64 `json:"skew,omitempty"`
	// Scale is the enlargement applied (1 for none).
	Scale float64 `json:"scale"`
	// Flattened: the paper's uneven brightness (shadows, lighting) was
	// divided out. Contrast: the print was stretched to full contrast.
	Flattened bool `json:"flattened,omitempty"`
	Contrast  bool `json:"contrast,omitempty"`
	// Perspective: a card photographed at an angle was found and
	// straightened; the page is then the card.
	Perspective bool `json:"perspective,omitempty"`
	// OrientationSure is false when the page's layout could not tell its
	// orientation (too little text, all capitals): it was left as found
	// and its OCR should confirm it (see Engine.Turned).
	OrientationSure bool `json:"orientation_sure"`
	// OrientedBy says what decided the orientation: "layout" (the
	// page's lines and ascenders), or, set by the reader, "ocr_confidence"
	// (a turned read was surer) or "osd" (Tesseract's detection); empty
	// when the page was left as found.
	OrientedBy string `json:"oriented_by,omitempty"`

	// linesKnown: the page's lines were found and which way they run
	// (across or down) is certain, if not which way up.
	linesKnown bool

	// The corrected page (upright, straight, at the source's scale) is
	// frameW×frameH source pixels; a prepared pixel (u, v) is at
	// (u/Scale+cropX, v/Scale+cropY) on it.
	frameW, frameH int
	cropX, cropY   float64
}

// Changed reports whether the image was changed at all.
func (r Report) Changed() bool {
	return r.Rotation != 0 || r.Skew != 0 || r.Scale != 1 || r.Flattened || r.Contrast || r.Perspective
}

// LinesKnown reports whether the page's text lines were found running
// clearly one way (across or down the image): then a further quarter turn
// can only be wrong, though a half turn may still be needed when
// OrientationSure is false.
func (r Report) LinesKnown() bool { return r.linesKnown }

// ToPage maps a point of the prepared image to the corrected page, in the
// source image's pixels.
func (r Report) ToPage(x, y float64) (float64, float64) {
	return x/r.Scale + r.cropX, y/r.Scale + r.cropY
}

// PageSize is the corrected page's size in the source image's pixels.
func (r Report) PageSize() (w, h int) { return r.frameW, r.frameH }

// Prepare measures img and returns it corrected (img itself when nothing
// needed doing) with what was done.
func (e *Engine) Prepare(img *image.Gray) (*image.Gray, Report) {
	return e.prepare(planeOf(img), img, 0)
}

// Turned prepares img as Prepare does, then turns it a further deg
// (clockwise, a multiple of 90): for a page whose layout left its
// orientation unsure and whose OCR, or Tesseract's orientation detection,
// says it is turned.
func (e *Engine) Turned(img *image.Gray, deg int) (*image.Gray, Report) {
	return e.prepare(planeOf(img), img, deg)
}

// measures is what prepare learns about the image before deciding.
type measures struct {
	k            int // analysis reduction
	paper        field
	uneven       float64
	ink, paperLv float64 // print and paper brightness after flattening
	lines        lines
	found        bool
	printBox     image.Rectangle // the print's bounds, analysis pixels
}

func (e *Engine) measure(p plane) measures {
	k := analysisReduction(p)
	return e.measureReduced(shrink(p, k), k)
}

// analysisReduction is the factor that brings an image to about 1,700
// pixels on its long side for measuring.
func analysisReduction(p plane) int {
	return max(1, int(math.Round(float64(max(p.w, p.h))/1700)))
}

// measureReduced measures a, the image reduced k times.
func (e *Engine) measureReduced(a plane, k int) measures {
	m := measures{k: k}
	m.paper = paper(a, 64)
	m.uneven = m.paper.unevenness()
	an := a
	if m.uneven > e.cfg.Unevenness {
		an = divide(a, m.paper)
	}
	thr, ink, pap := otsu(histogram(an.pix))
	m.ink, m.paperLv = ink, pap
	if pap-ink < 40 {
		return m // no print to speak of
	}
	boxes := components(an, thr)
	gs := glyphs(an, boxes)
	m.lines, m.found = findLines(gs, e.cfg.MaxSkew)
	if m.found {
		// The print worth keeping: everything at least half a glyph's size
		// (titles, bands with white print, photos), not specks (paper or
		// table grain) nor what runs off the image's edge.
		minSize := int(0.5 * m.lines.size)
		for _, b := range boxes {
			if max(b.w(), b.h()) < minSize || b.x0 == 0 || b.y0 == 0 || b.x1 == an.w || b.y1 == an.h {
				continue
			}
			m.printBox = m.printBox.Union(image.Rect(b.x0, b.y0, b.x1, b.y1))
		}
	}
	return m
}

// divide flattens a by the paper's brightness.
func divide(a plane, f field) plane {
	out := newPlane(a.w, a.h)
	for y := 0; y < a.h; y++ {
		for x := 0; x < a.w; x++ {
			v := float32(a.pix[y*a.w+x]) * min(255/max(f.at(float64(x)+0.5, float64(y)+0.5), 1), maxGain)
			out.pix[y*a.w+x] = clamp(v)
		}
	}
	return out
}

func (e *Engine) prepare(p plane, img *image.Gray, extra int) (*image.Gray, Report) {
	kk := analysisReduction(p)
	a := shrink(p, kk)
	// A card or page photographed on a table: straighten it into an
	// image of its own first, then measure that.
	perspective := false
	if c, ok := findCard(a); ok {
		for i := range c.q {
			c.q[i] = pt{c.q[i].x * float64(kk), c.q[i].y * float64(kk)}
		}
		p = rectify(p, c)
		kk = analysisReduction(p)
		a = shrink(p, kk)
		perspective = true
	}
	m := e.measureReduced(a, kk)
	rep := Report{Scale: 1, frameW: p.w, frameH: p.h, Perspective: perspective}
	k := float64(m.k)

	l := m.lines
	rho, sure := orientation(m)
	rep.OrientationSure = sure
	rep.linesKnown = m.found && l.sharpness >= 1.5 && l.across >= 1.5
	if sure {
		rep.OrientedBy = "layout"
	}
	quarter := math.Round(rho/90) * 90
	skew := rho - quarter
	coarse := m.found && l.capital*k < e.cfg.MinEnlargedCapital
	if math.Abs(skew) < e.cfg.MinSkew || coarse && math.Abs(skew) < e.cfg.CoarseMinSkew {
		skew = 0
	}
	rep.Rotation = ((int(quarter)+extra)%360 + 360) % 360
	rep.Skew = math.Round(skew*100) / 100
	if rep.Rotation%180 != 0 {
		rep.frameW, rep.frameH = p.h, p.w
	}

	// Size: enlarge small print.
	if m.found && !coarse {
		if c := l.capital * k; c < e.cfg.MinCapitalHeight {
			rep.Scale = min(e.cfg.CapitalHeight/c, e.cfg.MaxScale)
		}
	}

	// Light and contrast.
	t := tone{lo: 0, hi: 255}
	rep.Flattened = m.uneven > e.cfg.Unevenness
	if rep.Flattened {
		t.gain = newGainMap(m.paper, k, p.w, p.h)
	}
	if m.paperLv-m.ink >= 40 && (m.paperLv < 180 || m.paperLv-m.ink < 100) {
		rep.Contrast = true
		t.hi = m.paperLv
		t.lo = max(0, m.ink-0.25*(m.paperLv-m.ink))
	}

	if !rep.Changed() {
		return img, rep
	}
	if rep.Skew == 0 && rep.Scale == 1 && !rep.Flattened && !rep.Contrast {
		return turn(p, rep.Rotation).gray(), rep // p is the card when straightened
	}

	rhoAll := float64(rep.Rotation) + rep.Skew
	sin, cos := sincosDeg(rhoAll)
	fw, fh := float64(rep.frameW), float64(rep.frameH)
	crop := image.Rect(0, 0, rep.frameW, rep.frameH)
	if rep.Scale > 1 && !m.printBox.Empty() {
		// Enlarge only the print and a margin around it: blank paper (or a
		// table) costs OCR time and tells nothing.
		crop = e.printBox(m, p, rhoAll, fw, fh).Intersect(crop)
	}
	if px := float64(crop.Dx()) * float64(crop.Dy()) * rep.Scale * rep.Scale; px > float64(e.cfg.MaxPixels) {
		rep.Scale = max(1, rep.Scale*math.Sqrt(float64(e.cfg.MaxPixels)/px))
	}
	rep.cropX, rep.cropY = float64(crop.Min.X), float64(crop.Min.Y)
	ow := int(math.Round(float64(crop.Dx()) * rep.Scale))
	oh := int(math.Round(float64(crop.Dy()) * rep.Scale))
	cx, cy := float64(p.w)/2, float64(p.h)/2
	dx, dy := rep.cropX-fw/2, rep.cropY-fh/2
	s := rep.Scale
	tr := affine{
		a: cos / s, b: sin / s, c: cx + cos*dx + sin*dy,
		d: -sin / s, e: cos / s, f: cy - sin*dx + cos*dy,
	}
	return resample(p, ow, oh, tr, t).gray(), rep
}

// orientation returns rho, the clockwise turn in degrees that makes the
// lines horizontal and the text upright, and whether the page's layout
// was sure of which way up it is.
func orientation(m measures) (rho float64, sure bool) {
	l := m.lines
	if !m.found || l.sharpness < 1.5 {
		return 0, false // no lines to go by
	}
	direction := l.across >= 1.5
	// The ascenders' evidence as a z-score: how far the count above the
	// lines is from an even split with the count below.
	sureUp := math.Abs(l.up*math.Sqrt(float64(l.evidence))) >= 3
	switch {
	case direction && l.angle > 45:
		// Lines run down the page: it is on its side, and the ascenders,
		// even if unsure, are the only hint of which.
		rho = -l.angle
		if l.up < 0 {
			rho += 180
		}
	case direction || l.angle < 45:
		// Lines run across: upside down only on good evidence; a page is
		// upright far more often than not.
		rho = -l.angle
		if sureUp && l.up < 0 {
			rho += 180
		}
	}
	return rho, direction && sureUp
}

// printBox is the print's bounds on the corrected page (the corners of
// its bounds in the source, turned by rho degrees), with a margin of
// twice the capitals' height.
func (e *Engine) printBox(m measures, p plane, rho, fw, fh float64) image.Rectangle {
	k := float64(m.k)
	sin, cos := sincosDeg(rho)
	cx, cy := float64(p.w)/2, float64(p.h)/2
	b := m.printBox
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [4][2]float64{{float64(b.Min.X), float64(b.Min.Y)}, {float64(b.Max.X), float64(b.Min.Y)}, {float64(b.Min.X), float64(b.Max.Y)}, {float64(b.Max.X), float64(b.Max.Y)}} {
		x, y := c[0]*k-cx, c[1]*k-cy
		// Forward turn by rho (clockwise on screen, y down).
		u, v := x*cos-y*sin+fw/2, x*sin+y*cos+fh/2
		minX, minY, maxX, maxY = min(minX, u), min(minY, v), max(maxX, u), max(maxY, v)
	}
	margin := 2 * m.lines.capital * k
	return image.Rect(int(minX-margin), int(minY-margin), int(math.Ceil(maxX+margin)), int(math.Ceil(maxY+margin)))
}
