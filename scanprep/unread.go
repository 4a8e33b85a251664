package scanprep

import (
	"image"
	"slices"
)

// minUnreadGlyphs is the number of glyphs standing in a row, close
// together, that make a word: fewer left unread are a logo's letters, a
// tick or a stray mark.
const minUnreadGlyphs = 4

// PrintUnread reports whether img, a prepared page, prints a word that a
// read of it, the boxes of its words (in img's pixels) words, holds
// nothing of: minUnreadGlyphs glyphs or more of the page's print size in
// a row, each gap between them under a glyph's height, with no word's box
// over any of their centres. Told nothing of an image's resolution,
// Tesseract takes the inside of a box drawn round a table (a frame and a
// rule under its headings, no rules between the columns, so not Ruled)
// for a picture and drops what it cannot join to a line outside it: own
// fit-test and drug-screen pages with their one row of values so boxed
// lost their last columns, captions and values alike ("Result" over
// "PASS", "DOB" over the birth date), at 110-130 dpi and at 200, in a
// read neither garbled nor short of its other lines. A reader may then
// read again the way that keeps them (the resolution told) and take the
// words it lacked.
func PrintUnread(img *image.Gray, words []image.Rectangle) bool {
	p := planeOf(img)
	k := analysisReduction(p)
	a := shrink(p, k)
	thr, ink, pap := otsu(histogram(a.pix))
	if pap-ink < 40 {
		return false
	}
	gs := glyphs(a, components(a, thr))
	var unread []box
	for _, g := range gs {
		c := image.Pt((g.x0+g.x1)*k/2, (g.y0+g.y1)*k/2)
		covered := false
		for _, w := range words {
			if c.In(w) {
				covered = true
				break
			}
		}
		if !covered {
			unread = append(unread, g)
		}
	}
	if len(unread) < minUnreadGlyphs {
		return false
	}
	// Chain each unread glyph to the next one right of it on its row.
	slices.SortFunc(unread, func(a, b box) int { return a.x0 - b.x0 })
	run := make([]int, len(unread))
	for i := range unread {
		run[i] = 1
	}
	for i := len(unread) - 1; i >= 0; i-- {
		g := unread[i]
		h := g.h()
		for j := i + 1; j < len(unread); j++ {
			n := unread[j]
			if n.x0-g.x1 > h {
				break
			}
			// Level with it (over half the smaller height shared) and of
			// a like size: letters of one word, not a rule's end or a
			// line above.
			over := min(g.y1, n.y1) - max(g.y0, n.y0)
			if n.x0 >= g.x0+g.w()/2 && 2*over > min(h, n.h()) && 2*n.h() > h && n.h() < 2*h+2 {
				run[i] = max(run[i], run[j]+1)
			}
		}
		if run[i] >= minUnreadGlyphs {
			return true
		}
	}
	return false
}
