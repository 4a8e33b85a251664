package fraud

import (
	"image"
	"math"
	"sort"
)

// Paper grain: a scanner's or a camera's noise lies on a page's bare
// paper at one level and one grain size all over it, and the page's JPEG
// saves quantize it alike everywhere. A patch pasted over a value keeps
// the grain of where it came from and what it went through: paper cloned
// from elsewhere on the page and resized by a few percent was resampled,
// which averages neighbouring samples and smooths the finest grain away;
// a value spliced from another person's scan carries that scan's grain,
// resampled to this one's resolution and saved at its quality. Either way
// the patch's finest grain is weaker than the paper's round it, though
// its tone and its coarser grain may match.
//
// So each bare 8×8 block of the page (no ink in it or beside it, not
// clipped to white) is measured by its fine grain (each sample against
// its four neighbours) and its coarse grain (its 2×2 means' spread);
// windows of 3×3 blocks whose fine grain is far below the page's are
// joined into regions, and a region of a value's size whose fine grain,
// and whose fine grain against its coarse one, are both well below those
// of the paper of its tone in a ring round it, is a patch. Print, rules
// and the paper's tone change do not count: only bare paper is compared
// with bare paper.

// noisePatch is a region of bare paper whose fine grain is weaker than
// the paper's round it.
type noisePatch struct {
	// Box is the region, in pixels of the image.
	Box image.Rectangle
	// Ratio is the ring's fine grain over the region's (energies);
	// Shape the same for fine grain over coarse grain.
	Ratio, Shape float64
	// Z is how many standard errors of a region's mean grain (the page's
	// blocks' spread over the root of the region's count) the region's
	// grain falls short of the ring's by.
	Z float64
	// Blocks is how many bare blocks the region holds, Ring its ring's.
	Blocks, Ring int
}

// Limits of the search.
const (
	// npMinPixels: smaller pictures are not searched (a page scanned at
	// 100 dpi and more, a card photographed at 1000 samples wide).
	npMinPixels = 800_000
	// npBare is the most standard deviation of a bare block and its
	// neighbours, in levels; npClipped the level from which a sample is
	// taken for clipped to white.
	npBare    = 10
	npClipped = 252
	// npMinGrain is the least median fine grain (energy, levels²) of a
	// page searched: a page rendered or saved without grain has none to
	// tell a patch by.
	npMinGrain = 0.5
	// npMinWindows is the least windows of a region (and bare blocks in
	// it), npMaxHeight its most height in blocks (six times it across):
	// a value's patch, not a band or a margin.
	npMinWindows = 6
	npMaxHeight  = 12
	// npMinRatio: the ring's fine grain over the region's, and npMinShape
	// for fine over coarse.
	npMinRatio = 2.0
	npMinShape = 1.5
	// npMinZ: own clean pages' regions fell short of their rings by 4
	// standard errors at most (a JPEG saved at 75 to 85 quantizes most
	// of its paper's blocks flat, and a few of them together by chance).
	npMinZ = 5
	// npMark: a window whose fine grain is under the page's mean over
	// this is marked.
	npMark = 2.0
	// npMaxCandidates is the most candidate regions of a page searched
	// whose grain is three quarters of npMinRatio weaker than their
	// rings' or more (a page's chance lulls are weaker still).
	npMaxCandidates = 4
)

// npBlock is one bare block's measures.
type npBlock struct {
	bare       bool
	tone       float64
	fine, crse float64
}

// findNoisePatch looks for a patch of bare paper whose fine grain is far
// weaker than the paper's round it; nil when none is found, or the page
// has too little grain or too little bare paper to say.
func findNoisePatch(src luma) *noisePatch {
	cs := noiseCandidates(src)
	smoother := 0
	for _, p := range cs {
		if p.Ratio >= npMinRatio*3/4 {
			smoother++
		}
	}
	if smoother > npMaxCandidates {
		// Smoother grain in many places: the page was resampled whole (a
		// photo taken in perspective, a scan scaled), which smooths its
		// grain in bands where the samples fall between the original's.
		return nil
	}
	var best *noisePatch
	for _, p := range cs {
		if p.Ratio >= npMinRatio && p.Shape >= npMinShape && p.Z >= npMinZ && (best == nil || p.Z > best.Z) {
			best = &p
		}
	}
	return best
}

// noiseCandidates are the regions of a value's size whose windows' fine
// grain is far under the page's, measured against their rings.
func noiseCandidates(src luma) []noisePatch {
	w, h := src.w, src.h
	if w*h < npMinPixels {
		return nil
	}
	bw, bh := w/8, h/8
	if bw < 16 || bh < 16 {
		return nil
	}
	pix, stride := src.pix, src.stride
	blocks := make([]npBlock, bw*bh)
	sd := make([]float64, bw*bh)
	for by := 0; by < bh; by++ {
		for bx := 0; bx < bw; bx++ {
			b := &blocks[by*bw+bx]
			var s1, s2 float64
			clipped := 0
			for y := 0; y < 8; y++ {
				row := pix[(by*8+y)*stride+bx*8:]
				for x := 0; x < 8; x++ {
					v := float64(row[x])
					s1 += v
					s2 += v * v
					if row[x] >= npClipped {
						clipped++
					}
				}
			}
			m := s1 / 64
			sd[by*bw+bx] = math.Sqrt(max(0, s2/64-m*m))
			b.tone = m
			b.bare = clipped < 4
		}
	}
	for by := 1; by < bh-1; by++ {
		for bx := 1; bx < bw-1; bx++ {
			b := &blocks[by*bw+bx]
			if !b.bare {
				continue
			}
			for dy := -1; dy <= 1 && b.bare; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if sd[(by+dy)*bw+bx+dx] > npBare {
						b.bare = false
						break
					}
				}
			}
			if !b.bare {
				continue
			}
			b.fine, b.crse = blockGrain(pix, stride, bx*8, by*8)
		}
	}
	for bx := 0; bx < bw; bx++ {
		blocks[bx].bare, blocks[(bh-1)*bw+bx].bare = false, false
	}
	for by := 0; by < bh; by++ {
		blocks[by*bw].bare, blocks[by*bw+bw-1].bare = false, false
	}
	var fines []float64
	for _, b := range blocks {
		if b.bare {
			fines = append(fines, b.fine)
		}
	}
	if len(fines) < 200 {
		return nil
	}
	sort.Float64s(fines)
	med := fines[len(fines)/2]
	// The page's grain is the mean of its blocks' (a save quantizes most
	// of them flat and leaves the grain in a few: the median says little).
	mean := 0.0
	for _, f := range fines {
		mean += f
	}
	mean /= float64(len(fines))
	dev := 0.0
	for _, f := range fines {
		dev += (f - mean) * (f - mean)
	}
	cv := math.Sqrt(dev/float64(len(fines))) / max(mean, 1e-9)
	if med < npMinGrain {
		return nil
	}
	// Windows of 3×3 blocks with five bare blocks or more whose fine
	// grain is under a third of the page's.
	win := make([]float64, bw*bh)
	for i := range win {
		win[i] = math.NaN()
	}
	for y := 1; y < bh-1; y++ {
		for x := 1; x < bw-1; x++ {
			sum, n := 0.0, 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if b := blocks[(y+dy)*bw+x+dx]; b.bare {
						sum += b.fine
						n++
					}
				}
			}
			if n >= 5 {
				win[y*bw+x] = sum / float64(n)
			}
		}
	}
	var out []noisePatch
	for _, r := range windowRegions(win, bw, bh, func(v float64) bool { return v < mean/npMark }) {
		if r.n < npMinWindows || r.box.Dy() > npMaxHeight || r.box.Dx() > 6*npMaxHeight {
			continue
		}
		if p := ringCompare(blocks, bw, bh, r.box); p != nil {
			p.Z = (1 - 1/p.Ratio) * math.Sqrt(float64(p.Blocks)) / cv
			p.Box = image.Rect(p.Box.Min.X*8, p.Box.Min.Y*8, p.Box.Max.X*8, p.Box.Max.Y*8)
			out = append(out, *p)
		}
	}
	return out
}

// ringCompare measures a region (in blocks) against the bare paper of its
// tone in a ring round it, as wide as the region is high and at least
// four blocks.
func ringCompare(blocks []npBlock, bw, bh int, box image.Rectangle) *noisePatch {
	var rf, rc, rt float64
	var rn int
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if b := blocks[y*bw+x]; b.bare {
				rf += b.fine
				rc += b.crse
				rt += b.tone
				rn++
			}
		}
	}
	if rn < npMinWindows {
		return nil
	}
	tone := rt / float64(rn)
	m := max(4, box.Dy())
	outer := box.Inset(-m).Intersect(image.Rect(0, 0, bw, bh))
	var of, oc float64
	var on int
	for y := outer.Min.Y; y < outer.Max.Y; y++ {
		for x := outer.Min.X; x < outer.Max.X; x++ {
			if image.Pt(x, y).In(box) {
				continue
			}
			if b := blocks[y*bw+x]; b.bare && math.Abs(b.tone-tone) <= 12 {
				of += b.fine
				oc += b.crse
				on++
			}
		}
	}
	if on < max(4*npMinWindows, rn/2) {
		return nil
	}
	fineIn, fineOut := rf/float64(rn), of/float64(on)
	shapeIn, shapeOut := rf/max(rc, 1e-6), of/max(oc, 1e-6)
	return &noisePatch{Box: box, Ratio: fineOut / max(fineIn, 1e-6), Shape: shapeOut / max(shapeIn, 1e-6), Blocks: rn, Ring: on}
}

// blockGrain is an 8×8 block's fine grain (the mean squared difference of
// each sample from its four neighbours' mean) and coarse grain (the
// variance of its 2×2 means).
func blockGrain(pix []uint8, stride, x0, y0 int) (fine, coarse float64) {
	for y := y0; y < y0+8; y++ {
		row := pix[y*stride:]
		up, down := pix[(y-1)*stride:], pix[(y+1)*stride:]
		for x := x0; x < x0+8; x++ {
			d := float64(row[x]) - float64(int(row[x-1])+int(row[x+1])+int(up[x])+int(down[x]))/4
			fine += d * d
		}
	}
	var s1, s2 float64
	for y := y0; y < y0+8; y += 2 {
		r0, r1 := pix[y*stride:], pix[(y+1)*stride:]
		for x := x0; x < x0+8; x += 2 {
			v := float64(int(r0[x])+int(r0[x+1])+int(r1[x])+int(r1[x+1])) / 4
			s1 += v
			s2 += v * v
		}
	}
	return fine / 64, max(0, s2/16-(s1/16)*(s1/16))
}
