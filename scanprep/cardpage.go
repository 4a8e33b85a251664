package scanprep

import "image"

// A card scanned on a flatbed, or written small into a page, lies alone
// on a page of blank paper: read as a page, its print is a small island
// Tesseract takes for noise or joins into lines with whatever is beside
// it (at 110-120 dpi, sample license, SSN and passport cards on a page
// read no type at all). Such a card is cut out and read as a card.
//
// The print is grouped into blocks: marks closer than about 3 mm on a
// letter page (a hundredth of the image's long side) join. A card is the
// block holding nearly all the page's glyphs, shaped like a card, and
// small on the page. A page of two cards side by side (an eCard's two
// panels) or of text under a card keeps its other blocks' glyphs, and
// stays a page.
const (
	// cardShare is the share of the page's ink (in components larger
	// than specks: letters, words whose letters touch, lines, pictures)
	// the card's block must hold: captions and footers printed outside
	// the card ("Copy for employment verification") are a few words.
	cardShare = 0.8
	// cardMaxArea is the largest share of the page a card can cover: an
	// ID-1 card is 6% of a letter page, a passport's data page 14%, a
	// wallet card enlarged on a copier about a quarter.
	cardMaxArea = 0.3
	// cardMaxWidth bounds a card's long side by the page's short side: a
	// card is at most about 5.5 inches long (a passport's data page, a
	// wallet card enlarged on a copier) on a page 8.5 wide, where a block
	// of text (a short letter, a summary) runs from margin to margin,
	// three quarters of the page's width or more.
	cardMaxWidth = 0.66
)

// cardBlock returns the block of print that is a card lying alone on the
// page an, in its pixels, with a margin; false when there is none. thr
// parts print from paper; boxes are the page's components, gs its
// glyphs, size their typical extent. With anyGround, a block shaped like
// a card is one whatever its ground.
func cardBlock(an plane, thr uint8, boxes, gs []box, size float64, anyGround bool) (image.Rectangle, bool) {
	r, marks, ok := cardShapedBlock(an, boxes, gs, size)
	if !ok {
		return image.Rectangle{}, false
	}
	cell := max(2, max(an.w, an.h)/50)
	if !anyGround && !outlined(r, marks) && !tinted(an, thr, r, cell) && !patternedGround(an, thr, r, cell, size) {
		// A short page's block of text (a report's second page) is
		// shaped like a card too, but printed on the paper itself.
		return image.Rectangle{}, false
	}
	return r.Inset(-cell / 2).Intersect(image.Rect(0, 0, an.w, an.h)), true
}

// cardShapedBlock returns the bounds of the block of print that holds
// nearly all the page's print and is shaped and sized like a card, with
// the marks (components larger than specks) the page holds.
func cardShapedBlock(an plane, boxes, gs []box, size float64) (image.Rectangle, []box, bool) {
	w, h := an.w, an.h
	if len(gs) < 15 {
		return image.Rectangle{}, nil, false
	}
	cell := max(2, max(w, h)/50)
	gw, gh := w/cell+1, h/cell+1
	grid := make([]int32, gw*gh) // 0 empty, -1 marked, >0 block label
	var marks []box
	for _, b := range boxes {
		if max(b.w(), b.h()) < int(0.5*size) || b.x0 == 0 || b.y0 == 0 || b.x1 == w || b.y1 == h {
			continue // specks, and what runs off the image (a scan's border)
		}
		marks = append(marks, b)
		for y := b.y0 / cell; y <= (b.y1-1)/cell; y++ {
			for x := b.x0 / cell; x <= (b.x1-1)/cell; x++ {
				grid[y*gw+x] = -1
			}
		}
	}
	// 8-connected blocks of marked cells.
	var rects []image.Rectangle
	var stack []int
	for start, v := range grid {
		if v != -1 {
			continue
		}
		id := int32(len(rects) + 1)
		r := image.Rect(start%gw, start/gw, start%gw+1, start/gw+1)
		grid[start] = id
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%gw, i/gw
			r = r.Union(image.Rect(x, y, x+1, y+1))
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx < 0 || yy < 0 || xx >= gw || yy >= gh {
						continue
					}
					if j := yy*gw + xx; grid[j] == -1 {
						grid[j] = id
						stack = append(stack, j)
					}
				}
			}
		}
		rects = append(rects, r)
	}
	// Blocks within one another's bounds are one (a photo inside a card's
	// print, a block of small print between its columns).
	parent := make([]int, len(rects)+1)
	for i := range parent {
		parent[i] = i
	}
	for merged := true; merged; {
		merged = false
		for i := range rects {
			for j := i + 1; j < len(rects); j++ {
				if parent[i+1] == i+1 && parent[j+1] == j+1 && rects[i].Overlaps(rects[j]) {
					rects[i] = rects[i].Union(rects[j])
					parent[j+1] = i + 1
					merged = true
				}
			}
		}
	}
	root := func(id int) int {
		for parent[id] != id {
			id = parent[id]
		}
		return id
	}
	// Each block's share of the ink: a line of small print (a footer, a
	// caption) is many marks but little ink beside a card's print.
	ink := make([]int, len(rects)+1)
	total := 0
	for _, b := range marks {
		cx, cy := (b.x0+b.x1)/2/cell, (b.y0+b.y1)/2/cell
		ink[root(int(grid[cy*gw+cx]))] += b.n
		total += b.n
	}
	best := 0
	for id := 1; id < len(ink); id++ {
		if ink[id] > ink[best] {
			best = id
		}
	}
	if best == 0 || float64(ink[best]) < cardShare*float64(total) {
		return image.Rectangle{}, nil, false
	}
	// The card is the bounds of its block's print (the grid's cells are
	// coarser than the print).
	bounds := func(in func(root int) bool) image.Rectangle {
		var r image.Rectangle
		for _, b := range marks {
			cx, cy := (b.x0+b.x1)/2/cell, (b.y0+b.y1)/2/cell
			if in(root(int(grid[cy*gw+cx]))) {
				r = r.Union(image.Rect(b.x0, b.y0, b.x1, b.y1))
			}
		}
		return r
	}
	r := bounds(func(id int) bool { return id == best })
	if !cardShape(r, w, h) {
		// A card's photo field a cell from its print, where a guilloche
		// too light to be print no longer bridges the gap, is a block of
		// its own: on a sample passport card the gap fell on the grid so
		// that one way up the print alone was taken, no card's shape.
		// With the blocks a cell from it, the print may be one.
		near := rects[best-1].Inset(-1)
		r = bounds(func(id int) bool { return id == best || rects[id-1].Inset(-1).Overlaps(near) })
		if !cardShape(r, w, h) {
			return image.Rectangle{}, nil, false
		}
	}
	return r, marks, true
}

// cardShape reports whether r, a block's bounds on a page w×h, is shaped
// and sized like a card.
func cardShape(r image.Rectangle, w, h int) bool {
	long, short := max(r.Dx(), r.Dy()), min(r.Dx(), r.Dy())
	if short == 0 {
		return false
	}
	aspect := float64(long) / float64(short)
	return aspect >= 1.3 && aspect <= 2.2 && float64(r.Dx()*r.Dy()) <= cardMaxArea*float64(w*h) &&
		float64(short) >= 0.1*float64(min(w, h)) && float64(long) <= cardMaxWidth*float64(min(w, h))
}

// outlined reports whether a mark runs round r: a card's edge or border.
func outlined(r image.Rectangle, marks []box) bool {
	for _, b := range marks {
		if float64(b.w()) >= 0.9*float64(r.Dx()) && float64(b.h()) >= 0.9*float64(r.Dy()) {
			return true
		}
	}
	return false
}

// tinted reports whether the ground inside r (its pixels lighter than
// thr) is darker than the paper round it, in a band a cell wide: a card's
// ground is tinted, or a card stock whiter or greyer than the page.
func tinted(an plane, thr uint8, r image.Rectangle, cell int) bool {
	in, out := ringHistograms(an, r, cell, func(_, _ int, v uint8) bool { return v > thr })
	return float64(percentile(in, 0.5))+cardTint <= float64(percentile(out, 0.5))
}

// ringHistograms returns the histograms of the pixels inside r and of
// those in a band cell wide round it, counting only the pixels keep
// accepts (by their place and value).
func ringHistograms(an plane, r image.Rectangle, cell int, keep func(x, y int, v uint8) bool) (in, out [256]int) {
	ring := r.Inset(-cell).Intersect(image.Rect(0, 0, an.w, an.h))
	for y := ring.Min.Y; y < ring.Max.Y; y++ {
		for x := ring.Min.X; x < ring.Max.X; x++ {
			v := an.pix[y*an.w+x]
			if !keep(x, y, v) {
				continue
			}
			if image.Pt(x, y).In(r) {
				in[v]++
			} else {
				out[v]++
			}
		}
	}
	return in, out
}

// cardTint is how much darker than the paper round it a card's ground
// must be to tell it from paper: on sample scans a block of text's
// ground was 2 levels darker than the paper round it (a report's second
// page at 110 dpi), a passport card's pale blue 15 darker at 200 dpi but
// only 2 at 110 dpi, where the card is then read as a page.
const cardTint = 8

// cardTone is the contrast stretch that reads a card's print on its own
// background: a card's ground is tinted and covered in a fine pattern
// (guilloche, a seal, a photo's grey placeholder) lighter than its print
// but darker than paper, and Tesseract's global threshold, taken over
// the card, splits print and pattern from the paper, not the print from
// the pattern: a passport card's surname and number printed over the
// pattern were lost. The card's pixels (r, in a's pixels) are split into
// three classes of brightness (print, ground and pattern, paper: Otsu's
// method with two thresholds); the stretch maps the print's mean (less a
// quarter of the span, as for any page) to black and the upper threshold
// to white, so the ground and its pattern go white and grey labels keep
// their grey. Only a tinted card (see tinted) is stretched so: a white
// card with a dark band (a wallet card's coloured header with white
// print) read its header and dates better with the page's stretch.
func cardTone(a plane, r image.Rectangle) (lo, hi float64, ok bool) {
	r = r.Intersect(image.Rect(0, 0, a.w, a.h))
	var h [256]int
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for _, v := range a.pix[y*a.w+r.Min.X : y*a.w+r.Max.X] {
			h[v]++
		}
	}
	var n, s [257]float64
	for i := range 256 {
		n[i+1] = n[i] + float64(h[i])
		s[i+1] = s[i] + float64(i)*float64(h[i])
	}
	// The between-class variance is, up to a constant, the sum over the
	// classes of count × mean².
	term := func(i0, i1 int) float64 {
		if w := n[i1] - n[i0]; w > 0 {
			d := s[i1] - s[i0]
			return d * d / w
		}
		return 0
	}
	best, t1, t2 := -1.0, 0, 0
	for i := 1; i < 255; i++ {
		left := term(0, i)
		for j := i + 1; j < 256; j++ {
			if v := left + term(i, j) + term(j, 256); v > best {
				best, t1, t2 = v, i, j
			}
		}
	}
	if n[t1] == 0 {
		return 0, 0, false
	}
	ink := s[t1] / n[t1]
	hi = float64(t2)
	lo = max(0, ink-0.25*(hi-ink))
	return lo, hi, hi-ink >= 40
}

// patternedGround reports whether the ground inside r is covered in a
// fine pattern the paper round it does not show: a card printed on a
// light guilloche (or with a photo's grey field) and no drawn border, its
// ground as white as the paper, lying on a white flatbed. The block's
// print alone does not tell it from a short page of text; a block of
// text printed on paper is as clean between its lines as the paper round
// it. Measured on sample scans: such cards' ground 21-33% patterned at
// 120-300 dpi against 1-5% round them; reports' short second pages 0.2-1%.
func patternedGround(an plane, thr uint8, r image.Rectangle, cell int, size float64) bool {
	in, out := patterned(an, thr, r, cell, max(2, int(size/2)))
	return in >= minPattern && in >= 4*out
}

// minPattern is the least share of a card's clear ground its pattern
// covers.
const minPattern = 0.03

// patterned returns the shares of the ground inside r, and of the paper
// in a band a cell wide round it, that are darker than the paper by more
// than its grain. Only the ground near pixels or more from any print is
// looked at: a scan's blur and JPEG ringing darken the paper next to
// print.
func patterned(an plane, thr uint8, r image.Rectangle, cell, near int) (in, out float64) {
	ring := r.Inset(-cell).Intersect(image.Rect(0, 0, an.w, an.h))
	w, h := ring.Dx(), ring.Dy()
	if w <= 2*near || h <= 2*near {
		return 0, 0
	}
	// Pixels within near of print, by a separable dilation of the ink.
	ink := make([]int32, w*h)
	for y := range h {
		run := int32(0)
		row := an.pix[(ring.Min.Y+y)*an.w+ring.Min.X:]
		// Horizontal: count of ink in the window [x-near, x+near].
		for x := 0; x < w+near; x++ {
			if x < w && row[x] <= thr {
				run++
			}
			if x-2*near-1 >= 0 && row[x-2*near-1] <= thr {
				run--
			}
			if c := x - near; c >= 0 && c < w {
				ink[y*w+c] = run
			}
		}
	}
	free := make([]bool, w*h)
	for x := range w {
		run := int32(0)
		for y := 0; y < h+near; y++ {
			if y < h {
				run += ink[y*w+x]
			}
			if y-2*near-1 >= 0 {
				run -= ink[(y-2*near-1)*w+x]
			}
			if c := y - near; c >= 0 && c < h {
				free[c*w+x] = run == 0
			}
		}
	}
	hIn, hOut := ringHistograms(an, r, cell, func(x, y int, _ uint8) bool {
		return free[(y-ring.Min.Y)*w+x-ring.Min.X]
	})
	// Paper is the ring's median; its grain (noise) the spread down to
	// its 16th percentile, about one standard deviation.
	paperLv := int(percentile(hOut, 0.5))
	grain := paperLv - int(percentile(hOut, 0.16))
	cut := paperLv - max(patternStep, 3*grain)
	share := func(hist [256]int) float64 {
		dark, n := 0, 0
		for v, c := range hist {
			n += c
			if v <= cut {
				dark += c
			}
		}
		if n == 0 {
			return 0
		}
		return float64(dark) / float64(n)
	}
	return share(hIn), share(hOut)
}

// patternStep is the least step below the paper that counts as pattern.
const patternStep = 12
