package scanprep

import (
	"image"
	"slices"
)

// minUnreadGlyphs is the number of letters standing in a row, close
// together, that make a word ("DOB"): fewer left unread are a logo's
// letters, a tick or a stray mark.
const minUnreadGlyphs = 3

// UnreadPrint returns the boxes, in img's pixels, of the words img, a
// prepared page, prints that a read of it, the boxes of its words (in
// img's pixels) words, holds nothing of: runs of print of the page's
// size in a row, each gap under a glyph's height, as wide as
// minUnreadGlyphs letters at least, with no word's box over any of their
// blobs' centres. Tesseract's page layout drops such words whole from
// reads neither garbled nor short of their other lines, and each read
// alone, cut out, it reads: told nothing of an image's resolution, it
// takes the inside of a box drawn round a table (a frame and a rule under
// its headings, no rules between its columns, so not Ruled) for a picture
// (own fit-test and drug-screen pages lost their last columns, "Result"
// over "PASS", "DOB" over the birth date, at 110-200 dpi), and at 110 dpi
// a value standing alone right of its caption, a column over, was no
// word of the read ("TG14409" after "Lot #"; cut out and read as a line,
// 90 sure).
func UnreadPrint(img *image.Gray, words []image.Rectangle) []image.Rectangle {
	p := planeOf(img)
	k := analysisReduction(p)
	a := shrink(p, k)
	thr, ink, pap := otsu(histogram(a.pix))
	if pap-ink < 40 {
		return nil
	}
	boxes := components(a, thr)
	gs := glyphs(a, boxes)
	if len(gs) == 0 {
		return nil
	}
	hs := make([]float64, len(gs))
	for i, g := range gs {
		hs[i] = float64(g.h())
	}
	m := median(hs)
	// Print of the page's size: glyphs, and letters a coarse scan
	// joined into one blob (a lot number at 110 dpi), by their height.
	var unread []box
	for _, b := range boxes {
		h, w := float64(b.h()), float64(b.w())
		if b.x0 == 0 || b.y0 == 0 || b.x1 == a.w || b.y1 == a.h || h < 0.6*m || h > 1.8*m || w > 12*m || b.n < 4 ||
			float64(b.n) > 0.9*w*h && w*h > 64 {
			continue
		}
		c := image.Pt((b.x0+b.x1)*k/2, (b.y0+b.y1)*k/2)
		covered := false
		for _, w := range words {
			if c.In(w) {
				covered = true
				break
			}
		}
		if !covered {
			unread = append(unread, b)
		}
	}
	// Join each unread blob to the next ones right of it on its row.
	slices.SortFunc(unread, func(a, b box) int { return a.x0 - b.x0 })
	parent := make([]int, len(unread))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i, g := range unread {
		for j := i + 1; j < len(unread); j++ {
			n := unread[j]
			if n.x0-g.x1 > int(m) {
				break
			}
			// Level with it (over half the smaller height shared): letters
			// of one word, not of a line above.
			over := min(g.y1, n.y1) - max(g.y0, n.y0)
			if n.x0 >= g.x0+g.w()/2 && 2*over > min(g.h(), n.h()) {
				parent[find(j)] = find(i)
			}
		}
	}
	runs := map[int]image.Rectangle{}
	for i, g := range unread {
		r := find(i)
		runs[r] = runs[r].Union(image.Rect(g.x0*k, g.y0*k, g.x1*k, g.y1*k))
	}
	var out []image.Rectangle
	for _, r := range runs {
		if float64(r.Dx()) >= minUnreadGlyphs*0.8*m*float64(k) {
			out = append(out, r)
		}
	}
	// Top to bottom, left to right: the page's order.
	slices.SortFunc(out, func(a, b image.Rectangle) int {
		if a.Min.Y != b.Min.Y {
			return a.Min.Y - b.Min.Y
		}
		return a.Min.X - b.Min.X
	})
	return out
}
