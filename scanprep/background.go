package scanprep

import (
	"image"
	"math"
)

// field is a coarse grid of values over an image (the paper's brightness),
// read back anywhere by bilinear interpolation.
type field struct {
	w, h int
	cell float64 // image pixels per grid cell
	v    []float32
	// lid: the image is a card on a flatbed's lid, whiter than it (see
	// cardOnLid).
	lid bool
}

func (f field) at(x, y float64) float32 {
	gx, gy := x/f.cell-0.5, y/f.cell-0.5
	gx = min(max(gx, 0), float64(f.w-1))
	gy = min(max(gy, 0), float64(f.h-1))
	x0, y0 := int(gx), int(gy)
	x1, y1 := min(x0+1, f.w-1), min(y0+1, f.h-1)
	fx, fy := float32(gx-float64(x0)), float32(gy-float64(y0))
	a := f.v[y0*f.w+x0]*(1-fx) + f.v[y0*f.w+x1]*fx
	b := f.v[y1*f.w+x0]*(1-fx) + f.v[y1*f.w+x1]*fx
	return a*(1-fy) + b*fy
}

// paper estimates the brightness of the paper under the print: each cell
// takes its brightest pixels (a high percentile, so noise does not count),
// then a morphological closing of the grid (largest, then smallest, over a
// window half the image's short side across) removes everything darker
// and narrower than the window (text, photos, colour bands, a page's dark
// header along its edge) while keeping the edges of shadows and of the
// table around a card where they are.
func paper(p plane, cells int) field {
	cell := max(float64(max(p.w, p.h))/float64(cells), 4)
	gw, gh := max(int(math.Ceil(float64(p.w)/cell)), 1), max(int(math.Ceil(float64(p.h)/cell)), 1)
	f := field{w: gw, h: gh, cell: cell, v: make([]float32, gw*gh)}
	var hist [256]int32
	for gy := 0; gy < gh; gy++ {
		for gx := 0; gx < gw; gx++ {
			clear(hist[:])
			x0, x1 := int(float64(gx)*cell), min(int(float64(gx+1)*cell), p.w)
			y0, y1 := int(float64(gy)*cell), min(int(float64(gy+1)*cell), p.h)
			n := int32(0)
			for y := y0; y < y1; y++ {
				for _, v := range p.pix[y*p.w+x0 : y*p.w+x1] {
					hist[v]++
				}
				n += int32(x1 - x0)
			}
			// The 90th percentile from the top.
			want, acc, v := n/10, int32(0), 255
			for ; v > 0; v-- {
				acc += hist[v]
				if acc > want {
					break
				}
			}
			f.v[gy*gw+gx] = float32(v)
		}
	}
	lid, card, cards, ok := cardsOnLid(f.v, gw, gh, false)
	if !ok {
		lid, card, cards, ok = cardsOnLid(f.v, gw, gh, true)
	}
	if ok {
		// Two levels, with a sharp step between them: the cards' cells
		// (but for their edges', which the lid's level leaves white) and
		// the lid's. Closed and softened as light is, a card's brightness
		// would spread over the lid round it, which dividing then darkens
		// into a halo the contrast stretch takes for print (a license's
		// guilloche and photo turned black and its read garbage, on
		// sample cards on a grey lid at 300 dpi); a tinted card's ground,
		// as wide as the window, was kept, and Otsu's threshold, taken
		// over the page, parted the card from the paper and lost its
		// print whole (a pale SSA card on a page at 110-130 dpi read no
		// word).
		for i := range f.v {
			x, y := i%gw, i/gw
			f.v[i] = lid
			if cards[i] && x > 0 && y > 0 && x < gw-1 && y < gh-1 &&
				cards[i-1] && cards[i+1] && cards[i-gw] && cards[i+gw] {
				f.v[i] = card
			}
		}
		f.lid = true
		return f
	}
	r := max(1, min(gw, gh)/4)
	f.v = filterGrid(f.v, gw, gh, r, true)
	f.v = filterGrid(f.v, gw, gh, r, false)
	// Soften the steps the closing leaves at the window's scale.
	f.v = boxGrid(boxGrid(f.v, gw, gh, 1), gw, gh, 1)
	return f
}

// A card on a flatbed under a grey lid (or on grey paper) is whiter than
// the page round it, and a tinted card on a white page darker: the page's
// brightness is then two levels, the lid's (or paper's) over most of it,
// even, and the card's over compact blocks, not light falling unevenly.
// A table in a photo is far darker than the card (findCard's concern, see
// darkBorder), and a page in uneven light changes brightness across the
// paper that carries the print.
const (
	// lidMinStep is how much whiter than the lid a card is, at least (a
	// white card on a mid-grey lid about 20%), and lidMaxStep how much at
	// most (a lid 0.62 of the card's white): a table under a card in a
	// photo is darker, and a card on a lid darker than 0.7 of its white
	// is found by its outline first (see findCard).
	lidMinStep, lidMaxStep = 0.08, 0.6
	// tintMinStep and tintMaxStep bound how much darker than the paper a
	// tinted card's ground is (a pale blue SSA card about 10%); darker
	// blocks are photos, bands and shaded boxes, kept as they are.
	tintMinStep, tintMaxStep = 0.06, 0.3
	// lidSpread is the largest spread of the lid's brightness (its cells'
	// 5th to 95th percentiles) over its level.
	lidSpread = 0.06
	// lidMinShare and lidMaxShare bound the card's share of the page's
	// cells: an ID-1 card is 6% of a letter page, a passport's data page
	// 14% (see cardMaxArea).
	lidMinShare, lidMaxShare = 0.01, 0.3
)

// cardsOnLid reports whether the cells v (gw×gh, each the brightest of
// its pixels) are a lid, even, with compact blocks of whiter cells on it
// (a card, or a license's front and back side by side), or, tinted, paper
// with blocks of darker cells shaped like cards and clear of its edges;
// it returns the lid's brightness, the cards' and which cells are theirs.
func cardsOnLid(v []float32, gw, gh int, tinted bool) (lid, card float32, cards []bool, ok bool) {
	var h [256]int
	for _, x := range v {
		h[uint8(min(max(x, 0), 255))]++
	}
	level := float64(percentile(h, 0.5))
	if level <= 0 {
		return 0, 0, nil, false
	}
	var ground, ink [256]int
	cards = make([]bool, len(v))
	n, darker := 0, 0
	for i, x := range v {
		step := (float64(x) - level) / level
		if tinted {
			step = -step
		}
		switch {
		case tinted && step > tintMaxStep:
			// Print dense enough to fill a cell, a photo: on a card,
			// within its block; elsewhere, no card's.
			cards[i] = true
			darker++
		case step > lidMaxStep:
			return 0, 0, nil, false
		case step >= lidMinStep && !tinted || step >= tintMinStep && tinted:
			cards[i] = true
			n++
			ink[uint8(min(max(x, 0), 255))]++
		default:
			ground[uint8(min(max(x, 0), 255))]++
		}
	}
	if share := float64(n) / float64(len(v)); share < lidMinShare || share > lidMaxShare || darker*4 > n {
		return 0, 0, nil, false
	}
	if hi, lo := float64(percentile(ground, 0.95)), float64(percentile(ground, 0.05)); (hi-lo)/level > lidSpread {
		return 0, 0, nil, false
	}
	// Each block nearly fills its bounds (a card turned a few degrees
	// still fills two thirds of them): cards, not patches of light; and a
	// tinted block is shaped like a card and lies on the paper, not a
	// band along its edge or a shaded box of a form.
	seen := make([]bool, len(v))
	var stack []int
	for start := range v {
		if !cards[start] || seen[start] {
			continue
		}
		seen[start] = true
		stack = append(stack[:0], start)
		var bounds image.Rectangle
		cells := 0
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%gw, i/gw
			bounds = bounds.Union(image.Rect(x, y, x+1, y+1))
			cells++
			for _, j := range [4]int{i - 1, i + 1, i - gw, i + gw} {
				if j < 0 || j >= len(v) || (j == i-1 && x == 0) || (j == i+1 && x == gw-1) || !cards[j] || seen[j] {
					continue
				}
				seen[j] = true
				stack = append(stack, j)
			}
		}
		if float64(cells) < 0.65*float64(bounds.Dx()*bounds.Dy()) {
			return 0, 0, nil, false
		}
		if tinted {
			long, short := float64(max(bounds.Dx(), bounds.Dy())), float64(min(bounds.Dx(), bounds.Dy()))
			if short < 3 || long/short < 1.25 || long/short > 2.3 ||
				bounds.Min.X == 0 || bounds.Min.Y == 0 || bounds.Max.X == gw || bounds.Max.Y == gh {
				return 0, 0, nil, false
			}
		}
	}
	return float32(level), float32(percentile(ink, 0.5)), cards, true
}

// filterGrid is a separable running maximum (or minimum) of radius r.
func filterGrid(v []float32, w, h, r int, largest bool) []float32 {
	pick := func(a, b float32) float32 {
		if largest == (a > b) {
			return a
		}
		return b
	}
	tmp := make([]float32, len(v))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m := v[y*w+x]
			for xx := max(x-r, 0); xx <= min(x+r, w-1); xx++ {
				m = pick(m, v[y*w+xx])
			}
			tmp[y*w+x] = m
		}
	}
	out := make([]float32, len(v))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m := tmp[y*w+x]
			for yy := max(y-r, 0); yy <= min(y+r, h-1); yy++ {
				m = pick(m, tmp[yy*w+x])
			}
			out[y*w+x] = m
		}
	}
	return out
}

func boxGrid(v []float32, w, h, r int) []float32 {
	out := make([]float32, len(v))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var s float32
			n := 0
			for yy := max(y-r, 0); yy <= min(y+r, h-1); yy++ {
				for xx := max(x-r, 0); xx <= min(x+r, w-1); xx++ {
					s += v[yy*w+xx]
					n++
				}
			}
			out[y*w+x] = s / float32(n)
		}
	}
	return out
}

// unevenness is how much the paper's brightness varies across the image:
// (bright - dark) / bright between its 95th and 5th percentiles.
//
// A card on a lid counts as wholly uneven: its lid must be divided out
// with the light, or Otsu's threshold parts the lid from the card instead
// of the print from the paper, and the stretch of contrast that follows
// blackens the lid.
func (f field) unevenness() float64 {
	if f.lid {
		return 1
	}
	var h [256]int
	for _, v := range f.v {
		h[uint8(min(max(v, 0), 255))]++
	}
	hi, lo := float64(percentile(h, 0.95)), float64(percentile(h, 0.05))
	if hi == 0 {
		return 0
	}
	return (hi - lo) / hi
}

// printLevels measures the print's brightness and the paper's under it
// (Otsu's two classes) within box, the print's bounds on a flattened
// image an. A photo's surround (the table round the paper, the shade
// beyond its edge) stays darker than the paper after flattening, whose
// window is wider than the strip it makes; measured over the whole photo,
// it is the "ink" class, and the contrast stretch drawn from it blackens
// everything under it: on a phone photo of a vaccine card printed on a
// letter page at 130 dpi the print turned bold, the paper's grain to
// specks and the surround to a black frame, and Tesseract read no word
// of a page legible to the eye (ink 167 of paper 248 over the photo, 92
// within the print). ok is false when box holds too little to measure.
func printLevels(an plane, box image.Rectangle) (ink, paper float64, ok bool) {
	box = box.Intersect(image.Rect(0, 0, an.w, an.h))
	if box.Dx() < 8 || box.Dy() < 8 {
		return 0, 0, false
	}
	var h [256]int
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for _, v := range an.pix[y*an.w+box.Min.X : y*an.w+box.Max.X] {
			h[v]++
		}
	}
	_, ink, paper = otsu(h)
	return ink, paper, true
}

// framed reports whether the outer ring of a flattened image an is
// mostly darker than its paper (paper, its brightness): the table round
// a page photographed whole, which flattening leaves grey (see
// printLevels) and Tesseract, given the page with its frame, takes for a
// picture's edge and reads nothing inside (a letter page photographed at
// 130 dpi: no word with the frame, every line with the print cut out). A
// flatbed scan's ring is paper, and a dark band along one edge of a page
// less than half its ring.
func framed(an plane, paper float64) bool {
	d := max(2, min(an.w, an.h)/50)
	if an.w <= 4*d || an.h <= 4*d {
		return false
	}
	var h [256]int
	for y := 0; y < an.h; y++ {
		row := an.pix[y*an.w : (y+1)*an.w]
		if y < d || y >= an.h-d {
			for _, v := range row {
				h[v]++
			}
			continue
		}
		for _, v := range row[:d] {
			h[v]++
		}
		for _, v := range row[an.w-d:] {
			h[v]++
		}
	}
	return float64(percentile(h, 0.5)) < 0.85*paper
}
