// Package scanprep prepares scanned pages and phone photos for OCR: it
// turns them upright (quarter turns and skew), flattens uneven light and
// shadows, stretches weak contrast, straightens a card photographed at an
// angle, enlarges small print to the size OCR reads best, binarises a
// page covered in specks of noise by local thresholds, removing the
// specks, and, when asked, paints over a form's ruled lines. Each step is
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
	// CardLongSide is the long side, in pixels, a card cut out of a page
	// is enlarged to at least (2000: an ID-1 card at 600 dpi), whatever
	// its capitals' size: a card's smallest print (labels, an
	// "established for" line) is far smaller than its capitals, and the
	// card alone costs OCR little. Coarse print is not enlarged (see
	// MinEnlargedCapital): on sample cards on a page scanned at 120 dpi,
	// enlarged, a passport card's name was read without its surname line.
	CardLongSide float64
	// MaxPixels bounds the prepared image's size (12 million, 1.4 times a
	// letter page at 300 dpi): OCR time grows with it.
	MaxPixels int
	// Unevenness is the variation of the paper's brightness across the
	// image, (bright-dark)/bright, above which it is flattened (0.15).
	Unevenness float64
	// RemoveRules paints over the ruled lines of a page that is not a
	// card (table borders, boxes, lines under values; see removeRules).
	// Tesseract takes a ruled table's cells for pictures and loses their
	// rows: on 12 sample forms scanned at 110-130 dpi 93% of fields were
	// read with the rules painted over, 82% with them. But a panel's box
	// on an eCard printed on a page keeps the panel's print together: on
	// 24 sample documents scanned at 200 dpi as many fields were read
	// either way and 11 read wrong against 6 (the instructor's name taken
	// for the holder's), so the pipeline leaves it off.
	RemoveRules bool
	// KeepSpeckle leaves a speckled page as it is; by default one is
	// binarised by local thresholds and its specks removed (see
	// cleanSpeckle).
	KeepSpeckle bool
	// KeepPage never cuts a card out of its page: for reading the whole
	// page where the card cut out read less than the page may (a card's
	// holder printed beside it, a dose grid the card's block split).
	KeepPage bool
	// CutShaped cuts out a block of print shaped and placed like a card
	// even when neither a border, a tint nor a pattern tells it from a
	// short block of text: for reading again, as a card, a page whose
	// read as a page yielded almost nothing (at 110 dpi a card's tint and
	// border fade into the paper).
	CutShaped bool
	// SharpenSoft sharpens a page scanned at a low resolution (see
	// softEdge): for reading again a page read poorly. A page read well
	// is read as it is: sharpened before its first read, held-out pages
	// at 120-200 dpi that read right as they were lost fields (R1 s25-2).
	SharpenSoft bool
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
	def(&c.CardLongSide, 2000)
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
	// CardCut: a card lying alone on a larger page (a flatbed scan, a
	// small card written into a page) was cut out to be read as a card;
	// its words keep their place on the page.
	CardCut bool `json:"card_cut,omitempty"`
	// RulesRemoved: a form's ruled lines were painted over.
	RulesRemoved bool `json:"rules_removed,omitempty"`
	// Ruled: the prepared page prints a table ruled on every cell (rules
	// across and down it; see ruledGrid), which Tesseract reads as
	// garbage unless told the image's resolution (see
	// ocr.Engine.RecognizeAt).
	Ruled bool `json:"ruled,omitempty"`
	// Despeckled: the page was covered in specks of noise, and was
	// binarised by local thresholds and the specks removed.
	Despeckled bool `json:"despeckled,omitempty"`
	// Sharpened: the page was scanned at a low resolution and drawn
	// larger, its print's edges soft, and was sharpened (see softEdge).
	Sharpened bool `json:"sharpened,omitempty"`
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
	// cutW and cutH are the card's size when CardCut, in source pixels.
	cutW, cutH int
	// capital is the height of the print's capitals in the prepared
	// image's pixels (0 when no lines of print were found).
	capital float64
	// soft: the page was scanned at a low resolution and drawn larger,
	// and would be sharpened if asked (see Soft).
	soft bool
	// edge is the print's edge width in the raster (see edgeWidth).
	edge float64
	// grid is where a Ruled page's rules run (nil when not Ruled); a
	// pointer, so that reports stay comparable.
	grid *gridRules
}

// gridRules is where a table's rules run down (xs, left to right) and
// across (ys, top to bottom), in the prepared image's pixels.
type gridRules struct{ xs, ys []int }

// GridCellsUnread reports whether a read of the prepared image, the boxes
// of its words (in its pixels) words, lost most of a Ruled page's table:
// more of the cells its rules part hold no word's centre than hold one.
// Tesseract, told nothing of an image's resolution, finds no rules as
// thick as a page scanned at 110-130 dpi and drawn at 300 prints, takes
// the cells for pictures and drops them: a drug screen's donor, birth
// date, specimen, collection date and panel, each in a ruled cell, were
// no words of its read at all (or two of six rows), a read neither
// garbled nor short of its other lines. A table read as it should be
// holds a label or a value in nearly every cell.
func (r Report) GridCellsUnread(words []image.Rectangle) bool {
	g := r.grid
	if !r.Ruled || g == nil || len(g.xs) < 2 || len(g.ys) < 2 {
		return false
	}
	cols := len(g.xs) - 1
	filled := make([]bool, cols*(len(g.ys)-1))
	for _, w := range words {
		c := w.Min.Add(w.Max).Div(2)
		i, j := cellOf(g.xs, c.X), cellOf(g.ys, c.Y)
		if i >= 0 && j >= 0 {
			filled[j*cols+i] = true
		}
	}
	empty := 0
	for _, f := range filled {
		if !f {
			empty++
		}
	}
	return 2*empty > len(filled)
}

// cellOf returns the index of the gap between consecutive rules at
// (ascending) that v lies in, -1 outside them.
func cellOf(at []int, v int) int {
	for i := 0; i+1 < len(at); i++ {
		if v > at[i] && v < at[i+1] {
			return i
		}
	}
	return -1
}

// scaled returns at, positions in an image reduced k times, in the
// image's pixels.
func scaled(at []int, k float64) []int {
	out := make([]int, len(at))
	for i, v := range at {
		out[i] = int(math.Round((float64(v) + 0.5) * k))
	}
	return out
}

// EdgeWidth is the median width, in the raster's pixels, over which the
// print's edges rise from paper to ink (see edgeWidth): the page's
// effective resolution, whatever its nominal one; 0 when not measured
// (a despeckled page, a photo) or no print was found.
func (r Report) EdgeWidth() float64 { return r.edge }

// Soft reports whether the page was scanned at a low resolution and
// drawn larger, its print's edges soft and its print large enough to
// sharpen (see softEdge): the pages Config.SharpenSoft sharpens, whether
// or not it was asked to.
func (r Report) Soft() bool { return r.soft }

// Capital is the height of the print's capitals in the prepared image's
// pixels, 0 when no lines of print were found.
func (r Report) Capital() float64 { return r.capital }

// Changed reports whether the image was changed at all.
func (r Report) Changed() bool {
	return r.Rotation != 0 || r.Skew != 0 || r.Scale != 1 || r.Flattened || r.Contrast || r.Perspective || r.CardCut || r.RulesRemoved || r.Despeckled || r.Sharpened
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

// CardShaped reports whether the corrected page is shaped like a card
// scanned alone: ID-1 cards are 1.59:1 and an eCard's printed panel up
// to about 2:1, where a letter or A4 page, even on its side, is 1.41:1 or
// squarer.
func (r Report) CardShaped() bool {
	if r.CardCut {
		// Its print was found shaped like a card (see cardBlock), which
		// its bounds need not be quite as exactly as a card's edges.
		return true
	}
	w, h := r.frameW, r.frameH
	if min(w, h) <= 0 {
		return false
	}
	aspect := float64(max(w, h)) / float64(min(w, h))
	return aspect >= 1.45 && aspect <= 2.2
}

// CardLongSide is the long side, in the source image's pixels, of the
// card a card-shaped page is (see CardShaped): the card cut out of its
// page, or the whole page scanned alone; 0 when the page is no card. A
// reader that knows the raster's resolution learns from it whether the
// card is drawn at its size (an ID-1 card is 3.37 inches long): a card
// written small into a page and drawn at that page's resolution, far
// under it, is not, and no resolution told of its raster would be its
// print's.
func (r Report) CardLongSide() int {
	switch {
	case r.CardCut:
		return max(r.cutW, r.cutH)
	case r.CardShaped():
		return max(r.frameW, r.frameH)
	}
	return 0
}

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
	// card is a card lying alone on the page (see cardBlock), analysis
	// pixels; empty when there is none.
	card image.Rectangle
	// cardTinted: the card's ground is darker than the paper round it.
	cardTinted bool
	// framed: a photo's surround frames the paper (see framed), and the
	// print's levels measured within its bounds are framedInk and
	// framedPaper (see printLevels).
	framed                 bool
	framedInk, framedPaper float64
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
		if m.uneven > e.cfg.Unevenness && !m.paper.lid && framed(an, m.paperLv) {
			m.framedInk, m.framedPaper, m.framed = printLevels(an, m.printBox)
		}
		if r, ok := cardBlock(an, thr, boxes, gs, m.lines.size, e.cfg.CutShaped); ok {
			m.card = r
			m.cardTinted = tinted(an, thr, r, max(2, max(an.w, an.h)/50))
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
	despeckled := false
	if !e.cfg.KeepSpeckle {
		if c, ok := cleanSpeckle(p); ok {
			p, img, despeckled = c, c.gray(), true
		}
	}
	out, rep, capital := e.correct(p, img, extra)
	rep.Despeckled = despeckled
	rep.capital = capital
	// A despeckled page is already black and white; a photo's softness is
	// its camera's, not a renderer's enlargement.
	if !despeckled && !rep.Perspective {
		width := edgeWidth(p)
		rep.edge = width
		rep.soft = soft(width, rep.Scale, capital)
		if e.cfg.SharpenSoft && rep.soft {
			out, rep.Sharpened = sharpen(out, rep.Scale), true
		}
	}
	if capital > 0 && !rep.Perspective {
		q := planeOf(out)
		k := analysisReduction(q)
		var across, down []int
		across, down, rep.Ruled = ruledGrid(shrink(q, k), capital/float64(k), rep.edge*rep.Scale/float64(k))
		if rep.Ruled {
			rep.grid = &gridRules{xs: scaled(down, float64(k)), ys: scaled(across, float64(k))}
		}
	}
	// Cards keep their lines: a card's are its border, a signature line
	// and the guilloche behind its print, not a form's cells, and on
	// sample cards scanned alone or photographed painting them over read
	// 150 of 192 fields, against 156 kept (pages of forms: 76 of 82
	// against 67).
	if !e.cfg.RemoveRules || capital <= 0 || rep.Perspective || rep.CardShaped() {
		return out, rep
	}
	q := planeOf(out)
	if out == img {
		q = plane{w: q.w, h: q.h, pix: append([]uint8(nil), q.pix...)}
	}
	thr, _, paperLv := otsu(histogram(q.pix))
	// A rule is longer than any word's run of touching letters (five
	// capitals) and no deeper than a quarter of a capital (a bold rule at
	// 300 dpi is 4-5 pixels with its blur; the capitals are enlarged to
	// 24-30).
	if removeRules(q, thr, int(5*capital), max(4, int(capital/4)), uint8(min(paperLv, 255))) {
		rep.RulesRemoved = true
		return q.gray(), rep
	}
	return out, rep
}

// correct turns, straightens, enlarges and lightens the page; capital is
// the height of its capitals in the returned image's pixels (0 when no
// lines of print were found).
func (e *Engine) correct(p plane, img *image.Gray, extra int) (*image.Gray, Report, float64) {
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
	rep := Report{Scale: 1, frameW: p.w, frameH: p.h, Perspective: perspective, CardCut: !perspective && !m.card.Empty() && !e.cfg.KeepPage}
	// A page photographed whole is read without its frame (a straightened
	// card is its own image).
	m.framed = m.framed && !perspective && !rep.CardCut
	if m.framed {
		m.ink, m.paperLv = m.framedInk, m.framedPaper
	}
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
	if m.paperLv-m.ink >= 40 && (m.paperLv < 180 || m.paperLv-m.ink < 100 || m.framed) {
		rep.Contrast = true
		t.hi = m.paperLv
		t.lo = max(0, m.ink-0.25*(m.paperLv-m.ink))
	}
	if rep.CardCut && !rep.Flattened && m.cardTinted {
		if lo, hi, ok := cardTone(a, m.card); ok {
			rep.Contrast = true
			t.lo, t.hi = lo, hi
		}
	}

	capital := func() float64 {
		if !m.found {
			return 0
		}
		return l.capital * k * rep.Scale
	}
	if !rep.Changed() {
		return img, rep, capital()
	}
	if rep.Skew == 0 && rep.Scale == 1 && !rep.Flattened && !rep.Contrast && !rep.CardCut {
		return turn(p, rep.Rotation).gray(), rep, capital() // p is the card when straightened or cut out
	}

	rhoAll := float64(rep.Rotation) + rep.Skew
	sin, cos := sincosDeg(rhoAll)
	fw, fh := float64(rep.frameW), float64(rep.frameH)
	crop := image.Rect(0, 0, rep.frameW, rep.frameH)
	switch {
	case rep.CardCut:
		// Only the card is read (cardBlock's margin is around it).
		crop = turnedBounds(m.card, m.k, p, rhoAll, fw, fh, 0).Intersect(crop)
		rep.cutW, rep.cutH = crop.Dx(), crop.Dy()
		if long := float64(max(crop.Dx(), crop.Dy())); !coarse && long > 0 && long*rep.Scale < e.cfg.CardLongSide {
			rep.Scale = min(e.cfg.CardLongSide/long, e.cfg.MaxScale)
		}
	case (rep.Scale > 1 || m.framed) && !m.printBox.Empty():
		// Enlarge only the print and a margin around it: blank paper (or a
		// table) costs OCR time and tells nothing.
		crop = turnedBounds(m.printBox, m.k, p, rhoAll, fw, fh, 2*m.lines.capital*k).Intersect(crop)
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
	return resample(p, ow, oh, tr, t).gray(), rep, capital()
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
	// Which way up the ascenders, or the print's alignment, say.
	up, sureUp := l.upward()
	switch {
	case direction && l.angle > 45:
		// Lines run down the page: it is on its side, and the evidence,
		// even if unsure, is the only hint of which.
		rho = -l.angle
		if up < 0 {
			rho += 180
		}
	case direction || l.angle < 45:
		// Lines run across: upside down only on good evidence; a page is
		// upright far more often than not.
		rho = -l.angle
		if sureUp && up < 0 {
			rho += 180
		}
	}
	return rho, direction && sureUp
}

// turnedBounds is the bounds on the corrected page of b, a rectangle of
// the source reduced k times (its corners turned by rho degrees), with a
// margin in source pixels.
func turnedBounds(b image.Rectangle, k int, p plane, rho, fw, fh, margin float64) image.Rectangle {
	sin, cos := sincosDeg(rho)
	cx, cy := float64(p.w)/2, float64(p.h)/2
	kf := float64(k)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [4][2]float64{{float64(b.Min.X), float64(b.Min.Y)}, {float64(b.Max.X), float64(b.Min.Y)}, {float64(b.Min.X), float64(b.Max.Y)}, {float64(b.Max.X), float64(b.Max.Y)}} {
		x, y := c[0]*kf-cx, c[1]*kf-cy
		// Forward turn by rho (clockwise on screen, y down).
		u, v := x*cos-y*sin+fw/2, x*sin+y*cos+fh/2
		minX, minY, maxX, maxY = min(minX, u), min(minY, v), max(maxX, u), max(maxY, v)
	}
	return image.Rect(int(minX-margin), int(minY-margin), int(math.Ceil(maxX+margin)), int(math.Ceil(maxY+margin)))
}
