package fraud

import "github.com/clearedtostart/compliance/pagetext"

// A patch painted over a value is often not much larger than the value
// (the old one's box, a few samples around it), and a date's glyphs
// stand too close for whole blocks of paper between them: around such a
// value only a block or two of paper is measured, too few to judge its
// grain by (paintedPaper). The patch still shows as blocks of paper
// with no grain at all, where a grainy scan has none: on such a page,
// the blocks around a value looked at a little wider (half its height)
// holding several dead-flat blocks is the patch's edge and inside.

// Thresholds of flatPatch: a dead block's grain against the page's
// median, the fewest dead blocks around a value, the fewest blocks of
// paper around the page's other words, and how rare dead blocks must be
// among them (one in deadRarity at most).
const (
	deadOfMedian = 0.2
	deadBlocks   = 4
	pageBlocks   = 200
	deadRarity   = 200
)

// flatPatch flags a value of the document's facts with deadBlocks or
// more dead-flat blocks of paper around it, on a grainy page (median
// grain med around its other words, already checked against grainLeast)
// whose other words show almost none and never two around one word. A
// value whose paper is in a photo's brightest light (bright, from
// brightLight) is left alone: the camera's clipping flattens it there.
func flatPatch(s *signals, im docImage, plane luma, p pagetext.Page, f facts, others []paperGrain, med, bright float64, b Box, sx, sy float64) {
	dead := func(bl paperBlock) bool { return bl.white == 0 && bl.sum < deadOfMedian*med*blockInner }
	all, deadAll := 0, 0
	for _, o := range others {
		d := 0
		for _, bl := range o.blocks {
			if dead(bl) {
				d++
			}
		}
		if d > 1 {
			return
		}
		all += len(o.blocks)
		deadAll += d
	}
	if all < pageBlocks || deadAll*deadRarity > all {
		return
	}
	for k, w := range p.Words {
		if k >= 400 {
			break
		}
		if alnumCount(w.Text) < 3 || f.kind(run{words: []pagetext.Word{w}}) == "" {
			continue
		}
		r := sampleRect(w.Box, b, sx, sy)
		blocks, _, ok := paperBlocks(plane, r, max(4, r.Dy()/2))
		if !ok {
			continue
		}
		d, tone := 0, 0
		for _, bl := range blocks {
			if dead(bl) {
				d++
			}
			tone += bl.tone
		}
		if d < deadBlocks || len(blocks) > 0 && float64(tone)/float64(len(blocks)*blockInner) >= bright {
			continue
		}
		bx := w.Box
		s.addf(CodeCoveredText, paintedPaperWeight, &SignalEvidence{Page: im.page, Box: &bx, Text: w.Text, Source: "image", Measure: float64(d)},
			"page %d: %d blocks of paper around %q are flat, with none of the scan's grain, where %d of the %d blocks of paper around the page's %d other words are: a patch painted over the value after the scan",
			im.page, d, w.Text, deadAll, all, len(others))
		return
	}
}
