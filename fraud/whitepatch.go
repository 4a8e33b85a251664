package fraud

import (
	"image"
	"math"
	"sort"

	"github.com/clearedtostart/compliance/pagetext"
)

// A value painted over on a scan is most often painted in white: a
// rectangle of the editor's pure white over the old value, the new one
// typed on it. The scan's paper is not white: the scanner's light, the
// paper's own tint and the compression leave it a few levels grey, and
// the same all over the page. The rectangle is whiter than the paper
// around every other word, so whiter that no shading of a page explains
// it, and as flat as a fill is. paintedPaper and flatPatch leave such
// paper out (a scanner clipping its paper to white looks the same up
// close); here the paper around each word is measured by its tone, and
// a page whose paper is clipped to white has no whiter patch to show.

// Thresholds of whitePatch: the fewest blocks of paper around a word
// for its tone to count, the fewest other words measured, the most the
// page's paper may range in tone (between its 10th and 90th percentile
// words: a phone photo's shading ranges wider and is left alone), how
// much whiter than the whitest other word's paper a value's is, and
// than the page's median; the most other words measured.
const (
	toneWords     = 12
	toneSample    = 120
	toneSpread    = 6.0
	toneOfWhitest = 2.5
	toneOfMedian  = 4.0
)

// whitePatchWeight corroborates only, at every sensitivity: the paper
// around one of the document's values whiter and flatter than around
// every other word of a page whose paper is one even grey is a patch of
// white painted over the value after the scan, but it was measured on
// one kind of made grey paper only, and at 0.50 it flagged one of
// held-out part 1's eight honest scans at MEDIUM (2026-11-26).
const whitePatchWeight = 0.30

// wordTone is the tone and grain of the paper around one word.
type wordTone struct {
	w           pagetext.Word
	tone, grain float64
	// n is the samples of paper measured.
	n int
}

func whitePatch(s *signals, im docImage, plane luma, size image.Point, p pagetext.Page, f facts) {
	if s.has(CodeCoveredText) {
		return
	}
	b, sx, sy, ok := toSamples(im, size)
	if !ok {
		return
	}
	// The page's other words are sampled, evenly, toneSample at most: the
	// paper's tone and grain are the page's, not a word's.
	var held, rest []int
	for k, w := range p.Words {
		if k >= 400 {
			break
		}
		if alnumCount(w.Text) < 3 {
			continue
		}
		if f.kind(run{words: []pagetext.Word{w}}) != "" {
			held = append(held, k)
		} else {
			rest = append(rest, k)
		}
	}
	if len(held) == 0 || len(rest) < toneWords {
		return
	}
	var values, others []wordTone
	var scratch []bool
	measure := func(k int) (wordTone, bool) {
		w := p.Words[k]
		r := sampleRect(w.Box, b, sx, sy)
		var t wordTone
		var ok bool
		t, scratch, ok = paperTone(plane, r, scratch)
		t.w = w
		return t, ok
	}
	for _, k := range held {
		if t, ok := measure(k); ok {
			values = append(values, t)
		}
	}
	if len(values) == 0 {
		return
	}
	step := max(1, (len(rest)+toneSample-1)/toneSample)
	for i := 0; i < len(rest); i += step {
		if t, ok := measure(rest[i]); ok {
			others = append(others, t)
		}
	}
	if len(others) < toneWords || len(values) == 0 {
		return
	}
	tones := make([]float64, len(others))
	grains := make([]float64, len(others))
	for k, o := range others {
		tones[k], grains[k] = o.tone, o.grain
	}
	sort.Float64s(tones)
	sort.Float64s(grains)
	n := len(tones)
	med, lo, hi := tones[n/2], tones[n/10], tones[n-1-n/10]
	grain, smoothest := grains[n/2], grains[0]
	if hi-lo > toneSpread {
		return
	}
	var best *wordTone
	bestWhite := false
	for k := range values {
		v := &values[k]
		flat := grain >= grainLeast && v.tone >= med-1 && v.grain <= grainOfMedian*grain && v.grain <= grainOfSmoothest*smoothest
		// Whiter than the paper around every other word off its own
		// line (a whole line painted over takes its label with it).
		whitest := 0.0
		for _, o := range others {
			if !sameLine(o.w.Box, v.w.Box) {
				whitest = max(whitest, o.tone)
			}
		}
		white := v.tone >= med+toneOfMedian && v.tone >= whitest+toneOfWhitest
		if !flat && !white {
			continue
		}
		if best == nil || v.grain < best.grain {
			best, bestWhite = v, white
		}
	}
	if best == nil {
		return
	}
	bx := best.w.Box
	ev := &SignalEvidence{Page: im.page, Box: &bx, Text: best.w.Text, Source: "image", Measure: round1(best.tone - med)}
	if bestWhite {
		s.addf(CodeCoveredText, whitePatchWeight, ev,
			"page %d: the paper around %q is whiter (%.0f) than around any of the page's %d other words, whose paper is an even %.0f: a patch of white painted over the value after the scan",
			im.page, best.w.Text, best.tone, len(others), med)
		return
	}
	s.addf(CodeCoveredText, whitePatchWeight, ev,
		"page %d: the paper around %q is flat (grain %.2f) where the paper around the page's %d other words shows the scan's grain (%.2f, the smoothest %.2f): a patch painted over the value after the scan",
		im.page, best.w.Text, best.grain, len(others), grain, smoothest)
}

// paperTone measures the paper around a word's box r (in samples),
// widened by a third of its height: the mean tone and grain (a sample's
// difference from its four neighbours) of the samples two and more
// samples away from any ink. False for a faint word, a region too large
// to be a word's, or too few samples of paper. scratch is reused across
// words.
func paperTone(plane luma, r image.Rectangle, scratch []bool) (wordTone, []bool, bool) {
	if r.Dx() < 6 || r.Dy() < 6 {
		return wordTone{}, scratch, false
	}
	outer := r.Inset(-max(3, r.Dy()/3)).Intersect(image.Rect(3, 3, plane.w-3, plane.h-3))
	if outer.Dx()*outer.Dy() > 120000 || r.Intersect(outer).Empty() {
		return wordTone{}, scratch, false
	}
	paper, ink := plane.paperAndInk(outer, r.Intersect(outer))
	c := paper - ink
	if c < 60 {
		return wordTone{}, scratch, false
	}
	// near marks the samples within two of a sample darker than the
	// paper by a quarter of the contrast: ink and its blur and ringing.
	w, h := outer.Dx(), outer.Dy()
	if cap(scratch) < w*h {
		scratch = make([]bool, w*h)
	}
	near := scratch[:w*h]
	for y := 0; y < h; y++ {
		row := plane.pix[(outer.Min.Y+y)*plane.stride+outer.Min.X:][:w]
		nr := near[y*w:][:w]
		last := -3
		for x, v := range row {
			if (paper-int(v))*4 > c {
				last = x
			}
			nr[x] = x-last <= 2
		}
		last = w + 3
		for x := w - 1; x >= 0; x-- {
			if (paper-int(row[x]))*4 > c {
				last = x
			}
			nr[x] = nr[x] || last-x <= 2
		}
	}
	var t wordTone
	var tone, grain float64
	for y := 2; y < h-2; y++ {
		up, row, down := plane.pix[(outer.Min.Y+y-1)*plane.stride+outer.Min.X:][:w], plane.pix[(outer.Min.Y+y)*plane.stride+outer.Min.X:][:w], plane.pix[(outer.Min.Y+y+1)*plane.stride+outer.Min.X:][:w]
		n2, n1, n0, p1, p2 := near[(y-2)*w:][:w], near[(y-1)*w:][:w], near[y*w:][:w], near[(y+1)*w:][:w], near[(y+2)*w:][:w]
		for x := 1; x < w-1; x++ {
			if n2[x] || n1[x] || n0[x] || p1[x] || p2[x] {
				continue
			}
			v := int(row[x])
			tone += float64(v)
			grain += math.Abs(float64(4*v-int(row[x-1])-int(row[x+1])-int(up[x])-int(down[x]))) / 4
			t.n++
		}
	}
	if t.n < grainSamples {
		return wordTone{}, scratch, false
	}
	t.tone, t.grain = tone/float64(t.n), grain/float64(t.n)
	return t, scratch, true
}

// sameLine: two words' boxes share most of their height.
func sameLine(a, b Box) bool {
	ov := min(a.Y1, b.Y1) - max(a.Y0, b.Y0)
	return ov > 0.5*min(a.Y1-a.Y0, b.Y1-b.Y0)
}

// checkWhitePatch compares, on each scanned page of the document's first
// (or of a short upload), the tone of the paper around the words holding
// the document's facts with the tone around the page's other words.
func checkWhitePatch(d *doc, s *signals) { onScannedFactPages(d, s, whitePatch) }
