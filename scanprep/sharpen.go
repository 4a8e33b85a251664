package scanprep

import (
	"image"
	"math"
	"slices"
)

// edgeWidth is the median width, in pixels, over which the print's edges
// rise from paper to ink along the rows of p: about 1-2 on a page scanned
// at 300 dpi, 2-3 on one scanned at 200 dpi and drawn at 300, and 4 or
// more on a page scanned at 110-130 dpi and drawn at 300 (its pixels
// interpolated by the renderer). It is the page's effective resolution,
// whatever its nominal one: a soft page's raster has as many pixels as a
// sharp one's. An edge is a run of edgeSpan pixels over which the
// brightness changes by at least half the print's contrast; its width is
// that change over the run's steepest step. It is 0 when no print is
// found. Every fourth row is looked at: the print's edges are many.
func edgeWidth(p plane) float64 {
	if p.w < 4*edgeSpan || p.h < 4 {
		return 0
	}
	var h [256]int
	for y := 0; y < p.h; y += 8 {
		for _, v := range p.pix[y*p.w : (y+1)*p.w] {
			h[v]++
		}
	}
	_, ink, pap := otsu(h)
	if pap-ink < 40 {
		return 0
	}
	minRise := int(pap-ink) / 2
	var widths []float64
	for y := 0; y < p.h; y += 4 {
		row := p.pix[y*p.w : (y+1)*p.w]
		for x := 0; x+edgeSpan < len(row); x++ {
			rise := int(row[x+edgeSpan]) - int(row[x])
			if rise < 0 {
				rise = -rise
			}
			if rise < minRise {
				continue
			}
			steepest := 0
			for i := x; i < x+edgeSpan; i++ {
				d := int(row[i+1]) - int(row[i])
				if d < 0 {
					d = -d
				}
				steepest = max(steepest, d)
			}
			widths = append(widths, float64(rise)/float64(max(steepest, 1)))
			x += edgeSpan // the next edge
		}
	}
	if len(widths) < 200 {
		return 0
	}
	slices.Sort(widths)
	return widths[len(widths)/2]
}

// edgeSpan is the run edgeWidth measures an edge over: wider edges than
// it measure as it.
const edgeSpan = 8

// unsharp sharpens p by an unsharp mask: each pixel moves away from its
// neighbourhood's mean (three passes of a box of radius r, near a
// Gaussian of sigma sqrt(r(r+1))) by amount times the difference.
func unsharp(p plane, r int, amount float64) plane {
	soft := boxBlur(boxBlur(boxBlur(p, r), r), r)
	out := newPlane(p.w, p.h)
	a := float32(amount)
	for i, v := range p.pix {
		out.pix[i] = clamp(float32(v) + a*(float32(v)-float32(soft.pix[i])))
	}
	return out
}

// A page whose print's edges are softEdge pixels wide or wider (see
// edgeWidth) was scanned at a low resolution (110-130 dpi) and drawn
// larger by its renderer: Tesseract's threshold then thickens and joins
// its strokes (l read as i, 8 as 0, small print lost). Asked to
// (Config.SharpenSoft), such a page is sharpened by an unsharp mask of
// radius sharpenRadius (in the raster's pixels, scaled with the page's
// enlargement) and strength sharpenAmount. Pages scanned at 300 dpi
// measure 1.7-2.1 and are never sharpened (sharpening a 300-dpi page's
// grain lost whole pages); at 110 dpi 2.8-3.8, at 130 dpi 2.5-3.2, at
// 200 dpi 2.2-2.7 (at 2.55, 200-dpi pages read well were sharpened, for
// no field more and at a cost). Sharpened before every soft page's first
// read, pipeline's BenchmarkScanLowResolution (sample types scanned soft
// by other means than sampledocs': rendered at twice the resolution,
// blurred, resampled down, JPEG) read 76.3 -> 84.2% of fields at 110
// dpi, 95.0 -> 97.5% at 120, 86.5 -> 89.2% at 130, none more wrong, but
// held-out pages at 120-200 dpi that read right as they were lost fields
// (R1 s25-2); so the pipeline sharpens only for a second read (110 dpi
// 76.3 -> 81.6%, cards at 110 dpi 58.5 -> 61.5%, cards at 120 dpi upside
// down 69.2 -> 78.5%, the rest as before; one card's surname more
// misread), taken whole where the first was poor and else word by word
// where Tesseract is surer of the sharpened word. Sharpened harder (1.2),
// pages read more at 110 dpi but more wrong too (3% -> 13% of fields
// wrong).
const (
	softEdge      = 2.75
	sharpenRadius = 2
	sharpenAmount = 0.7
)

// minSoftCapital is the fewest edge widths a soft page's capitals must
// measure for it to be sharpened: print smaller than that was too small
// for the scan to resolve (a pharmacy receipt's 4-pixel capitals at 110
// dpi), and sharpened it reads confidently wrong ("AMOERSON" for
// "ANDERSON", a date's 07 as 01) where as it is it reads nothing, which
// is safe.
const minSoftCapital = 6

// soft reports whether a page prepared at scale from a raster whose
// print's edges are width pixels wide, its capitals capital pixels high
// in the prepared image, is soft (see softEdge) with print large enough
// to sharpen (minSoftCapital).
func soft(width, scale, capital float64) bool {
	return width >= softEdge && capital >= minSoftCapital*width*scale
}

// sharpen sharpens out, a soft page prepared at scale (see soft).
func sharpen(out *image.Gray, scale float64) *image.Gray {
	r := max(1, int(math.Round(sharpenRadius*scale)))
	return unsharp(planeOf(out), r, sharpenAmount).gray()
}
