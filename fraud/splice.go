package fraud

import (
	"image"
	"math"
	"sort"

	"github.com/clearedtostart/compliance/pagetext"
)

// A value spliced in from another person's scan at a lower resolution
// (the date or the name cut from their page and enlarged to fit this
// one) went through another scanner's optics and then through the
// enlargement: its edges are spread over more samples than the edges of
// every word this scanner saw. The sharpness of a word's print (its
// steepest edge over its contrast, sharpness) is the scanner's, the same
// for every word of the page whatever its size or weight; a value much
// softer than the page's words of its height, and softer than the
// softest of them, was not printed on this page.

// softValueWeight corroborates only: on own scans of three layouts at
// 150-300 dpi by Pillow, ImageMagick, Ghostscript and a phone photo
// whose focus falls off across the page (58 clean), no value of a clean
// page was under 0.977 of the softest word of its height, where the
// threshold is 0.95: a margin too narrow, measured on one hand's pages,
// to flag alone.
const softValueWeight = 0.30

// Thresholds of softValue: the fewest words of the value's height to
// compare with, how much softer than their median the value is, and
// than the softest of them. A phone photo's focus falls off across the
// page: a value in its soft corner is as soft as the words around it,
// and so not softer than the softest of them.
const (
	softWords    = 12
	softOfMedian = 0.90
	softOfLeast  = 0.95
)

// checkSoftValue compares, on each scanned page of the document's first
// (or of a short upload), the print of the words holding the document's
// facts with the print of the page's words of their height.
func checkSoftValue(d *doc, s *signals) { onScannedFactPages(d, s, softValue) }

func softValue(s *signals, im docImage, plane luma, size image.Point, p pagetext.Page, f facts) {
	b, sx, sy, ok := toSamples(im, size)
	if !ok {
		return
	}
	var all []printSharpness
	var held []int
	var h sharpHist
	for k, w := range p.Words {
		if k >= 400 {
			break
		}
		if alnumCount(w.Text) < 3 {
			continue
		}
		r := sampleRect(w.Box, b, sx, sy).Intersect(image.Rect(1, 1, plane.w-1, plane.h-1))
		if r.Dx() < 8 || r.Dy() < 8 || r.Dx()*r.Dy() > 40000 {
			continue
		}
		if sharp, c, ok := h.sharpness(plane, r); ok {
			if f.kind(run{words: []pagetext.Word{w}}) != "" {
				held = append(held, len(all))
			}
			all = append(all, printSharpness{w: w, px: r, sharp: sharp, c: c})
		}
	}
	var best *printSharpness
	var bestRatio, bestMed, bestLeast float64
	var bestN int
	for _, k := range held {
		v := &all[k]
		var ref []float64
		for _, o := range all {
			if f.kind(run{words: []pagetext.Word{o.w}}) == "" &&
				float64(o.px.Dy()) >= 0.7*float64(v.px.Dy()) && float64(o.px.Dy()) <= 1.4*float64(v.px.Dy()) {
				ref = append(ref, o.sharp)
			}
		}
		if len(ref) < softWords {
			continue
		}
		sort.Float64s(ref)
		med, least := ref[len(ref)/2], ref[0]
		if v.sharp >= softOfMedian*med || v.sharp >= softOfLeast*least {
			continue
		}
		if ratio := v.sharp / med; best == nil || ratio < bestRatio {
			best, bestRatio, bestMed, bestLeast, bestN = v, ratio, med, least, len(ref)
		}
	}
	if best == nil {
		return
	}
	bx := best.w.Box
	s.addf(CodeFontMismatch, softValueWeight, &SignalEvidence{Page: im.page, Box: &bx, Text: best.w.Text, Source: "image", Measure: round1(bestRatio * 100)},
		"page %d: %q is printed on the scan with edges %.0f%% softer than the page's %d other words of its height, softer than the softest of them (%.2f against %.2f, the softest %.2f): pasted from a scan of lower resolution",
		im.page, best.w.Text, (1-bestRatio)*100, bestN, best.sharp, bestMed, bestLeast)
}

// sharpHist measures sharpness (crispValue's measure: the 99th
// percentile of the gradient's magnitude over the contrast between the
// 95th and the 3rd percentile of the samples) from histograms, in time
// linear in the word's samples: sorting every word's samples of a
// 300-dpi page took as long as the rest of the page's checks. The
// gradient's percentile is read to a sixteenth of a level.
type sharpHist struct {
	vals [256]int32
	mags [2900]int32
}

func (h *sharpHist) sharpness(plane luma, r image.Rectangle) (float64, float64, bool) {
	clear(h.vals[:])
	clear(h.mags[:])
	n := r.Dx() * r.Dy()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := plane.pix[y*plane.stride:]
		up, down := plane.pix[(y-1)*plane.stride:], plane.pix[(y+1)*plane.stride:]
		for x := r.Min.X; x < r.Max.X; x++ {
			h.vals[row[x]]++
			dx, dy := int(row[x+1])-int(row[x-1]), int(down[x])-int(up[x])
			// The gradient's magnitude is sqrt(dx²+dy²)/2; its bin is
			// sixteen to a level.
			h.mags[int(8*math.Sqrt(float64(dx*dx+dy*dy)))]++
		}
	}
	at := func(hist []int32, k int) int {
		seen := 0
		for v, c := range hist {
			if seen += int(c); seen > k {
				return v
			}
		}
		return len(hist) - 1
	}
	c := float64(at(h.vals[:], n*95/100) - at(h.vals[:], n*3/100))
	if c < 80 {
		return 0, 0, false
	}
	return (float64(at(h.mags[:], n*99/100)) + 0.5) / 16 / c, c, true
}
