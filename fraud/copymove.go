package fraud

import (
	"image"
	"math"
	"math/bits"
	"sort"

	"github.com/corona10/goimagehash"
)

// Copy-move: a patch of a picture copied over another part of it (a clone
// stamp hiding a date under the card's own background or the paper's
// grain, a seal or a signature repeated).
//
// A photographed or scanned picture carries sensor noise that no two
// places share; a copied patch carries its noise along. So the search
// works on the picture's fine detail (each sample minus the mean of its
// neighbourhood): points where that detail peaks are described by the
// signs of the detail around them, points are paired when their
// descriptions agree and their patches correlate more at their exact
// displacement than a sample off it, and the displacements a few pairs
// share are candidates. The search runs on every sample (averaging
// samples down would misalign a copy moved by an odd number of them) and
// keeps the weak points of bare card, where a clone stamp takes its
// patch: JPEG leaves little grain there, so pairs are few, and each
// candidate is verified block by block (copiedRegion): a copy is a
// connected region of plain 8×8 blocks whose detail matches at the
// displacement. Natural grain matches at a random displacement in a block
// here and there, never in a region; print repeats itself innocently (the
// same letters, words, rules, logos), so blocks of print are left out; a
// line or a gradient a program drew correlates a sample off as well and
// is not taken for a copy. goimagehash's perceptual hashes of the two
// regions, or on flat card their samples themselves, confirm a copy.

// copyMove is a region repeated in an image.
type copyMove struct {
	// Source and Target are the two copies, in pixels of the image (which
	// is the original cannot be told: Source is the upper one).
	Source, Target image.Rectangle
	// Blocks is how many 8×8 blocks of the region were found copied;
	// Distance the perceptual hashes' Hamming distance.
	Blocks   int
	Distance int
}

// Limits of the search.
const (
	// cmMaxPixels: larger images are averaged down by 2, 3... A page
	// scanned at 300 dpi (2550×3300, 2480×3508) is searched whole: averaged
	// down by 2, a clone moved by an odd number of samples no longer lines
	// up with its source, grain and all.
	cmMaxPixels = 9_000_000
	// cmMaxPoints: a point every 14 samples of such a page. The strongest
	// are kept, and a clone on bare card has only weak ones: a cap of a
	// point every 56 samples kept the print's and dropped the card's.
	cmMaxPoints = 600_000
	cmRadius    = 4 // descriptors are (2r)×(2r) patches
	cmMinShift  = 24
	cmMinPairs  = 10
	// cmMinHint matched points at one displacement make it a candidate,
	// of which the strongest cmMaxCandidates are verified block by block;
	// a copy is cmMinBlocks connected 8×8 blocks or more (a date's
	// patch of 80×25 samples is over 25).
	cmMinHint       = 2
	cmMaxCandidates = 12
	cmMinBlocks     = 12
	cmBareContext   = 12
	cmMaxContext    = 38 // a patch's standard deviation above this is print
	cmMinGrain      = 0.05
	// cmPairCorr is the least correlation of two points' detail (12×12
	// samples) that pairs them, cmBlockCorr of two 8×8 blocks' that makes
	// a block copied. A copy saved again off the JPEG's 8×8 grid keeps
	// only part of its grain alike: card grain saved at 88 (or 85), cloned
	// by an offset no multiple of 8 and saved at 92 correlates about 0.5
	// to 0.55 sample for sample with its source, and with 0.8 asked of a
	// pair and 0.75 of a block such a copy was missed whole. Chance grain
	// passes 0.5 in an 8×8 block about once in 300 (its correlation's
	// deviation is about 0.18), never over a connected region of
	// cmMinBlocks; print is kept out by the bare-block test, drawn lines
	// and gradients by the correlation a sample off, patterns by periodic.
	cmPairCorr  = 0.6
	cmBlockCorr = 0.5
)

// luma is an 8-bit plane.
type luma struct {
	pix    []uint8
	stride int
	w, h   int
}

type point struct {
	x, y int
	desc uint64
	resp float32
	// id is the point's index among the points kept.
	id int32
}

// findCopyMove looks for a repeated region in a luminance plane. maxRMS
// is the most the two copies' samples may differ by on flat card or
// paper: the error the picture's last save leaves (a copy made before a
// JPEG save is no longer sample for sample the same; copySaveError).
func findCopyMove(src luma, maxRMS float64) *copyMove {
	f := 1
	for (src.w/f)*(src.h/f) > cmMaxPixels {
		f++
	}
	w, h := src.w/f, src.h/f
	if w < 64 || h < 64 {
		return nil
	}
	// Samples summed over f×f (integers, no division): each detail and
	// context figure below is in these units, sc times the 8-bit ones.
	sc := int64(f * f)
	img := make([]int32, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var s int32
			for dy := 0; dy < f; dy++ {
				row := src.pix[(y*f+dy)*src.stride+x*f : (y*f+dy)*src.stride+x*f+f]
				for _, v := range row {
					s += int32(v)
				}
			}
			img[y*w+x] = s
		}
	}
	// Detail: each sample minus its 5×5 mean (box filter by integral
	// image), kept times 25; context: the 9×9 standard deviation, to
	// leave print out.
	iw := w + 1
	sum := make([]int64, iw*(h+1))
	sq := make([]int64, iw*(h+1))
	for y := 0; y < h; y++ {
		var rs, rq int64
		for x := 0; x < w; x++ {
			v := int64(img[y*w+x])
			rs += v
			rq += v * v
			sum[(y+1)*iw+x+1] = sum[y*iw+x+1] + rs
			sq[(y+1)*iw+x+1] = sq[y*iw+x+1] + rq
		}
	}
	box := func(t []int64, x0, y0, x1, y1 int) int64 {
		return t[y1*iw+x1] - t[y0*iw+x1] - t[y1*iw+x0] + t[y0*iw+x0]
	}
	const m = 8 // margin: descriptors and context stay inside the image
	detail := make([]float32, w*h)
	for y := 2; y < h-2; y++ {
		for x := 2; x < w-2; x++ {
			detail[y*w+x] = float32(25*int64(img[y*w+x]) - box(sum, x-2, y-2, x+3, y+3))
		}
	}
	if grainless(img, detail, w, h, sc) {
		// A picture rendered, not captured (a page printed to an image and
		// saved without noise): no grain tells a copy from print repeated
		// on purpose, and a JPEG codes two alike blocks of print on its 8×8
		// grid alike, to the sample.
		return nil
	}
	minDetail := float32(25 * sc)
	maxVar := float64(cmMaxContext*cmMaxContext) * float64(sc*sc)
	// Points: local maxima of |detail| in 3×3, away from print.
	var pts []point
	for y := m; y < h-m; y++ {
		row := detail[y*w : (y+1)*w]
		for x := m; x < w-m; x++ {
			v := row[x]
			if v < 0 {
				v = -v
			}
			if v < minDetail {
				continue
			}
			peak := true
			for dy := -1; dy <= 1 && peak; dy++ {
				nb := detail[(y+dy)*w+x-1 : (y+dy)*w+x+2]
				for dx, o := range nb {
					if o < 0 {
						o = -o
					}
					if (dx != 1 || dy != 0) && o >= v {
						peak = false
						break
					}
				}
			}
			if !peak {
				continue
			}
			s1 := float64(box(sum, x-4, y-4, x+5, y+5))
			s2 := float64(box(sq, x-4, y-4, x+5, y+5))
			if s2/81-(s1/81)*(s1/81) > maxVar {
				continue
			}
			var d uint64
			k := 0
			for dy := -cmRadius; dy < cmRadius; dy++ {
				for _, o := range detail[(y+dy)*w+x-cmRadius : (y+dy)*w+x+cmRadius] {
					if o > 0 {
						d |= 1 << k
					}
					k++
				}
			}
			pts = append(pts, point{x: x, y: y, desc: d, resp: v})
		}
	}
	if len(pts) < 2*cmMinPairs {
		return nil
	}
	if len(pts) > cmMaxPoints {
		// The strongest points: a copy's points are as strong as the
		// original's, so both make the cut together. A histogram of the
		// responses gives the cut without sorting them all.
		top := float32(0)
		for _, p := range pts {
			top = max(top, p.resp)
		}
		var hist [1024]int
		bin := func(r float32) int { return min(int(r/top*1023), 1023) }
		for _, p := range pts {
			hist[bin(p.resp)]++
		}
		cut, n := 1023, 0
		for ; cut > 0 && n+hist[cut] <= cmMaxPoints; cut-- {
			n += hist[cut]
		}
		keep := pts[:0]
		for _, p := range pts {
			if bin(p.resp) > cut {
				keep = append(keep, p)
			}
		}
		pts = keep
	}
	// Pair points whose descriptors agree on one of five 12-bit bands
	// (any two within 4 bits do, and most copies within 10), then on most
	// bits, then in the correlation of their detail. The points are
	// sorted by each band in turn (a counting sort on its 4096 values) so
	// that a bucket's points lie together: a page holds hundreds of
	// thousands of points, and tens of millions of pairs are looked at.
	type shift struct{ dx, dy int }
	matches := map[shift]int{}
	const bands = 5
	bandOf := func(d uint64, k int) uint16 { return uint16(d>>(12*k)) & 0xfff }
	for i := range pts {
		pts[i].id = int32(i)
	}
	energy := make([]float64, len(pts))
	for i := range energy {
		energy[i] = -1
	}
	sorted := make([]point, len(pts))
	for band := 0; band < bands; band++ {
		var start [4097]int32
		for _, p := range pts {
			start[bandOf(p.desc, band)+1]++
		}
		for k := 1; k <= 4096; k++ {
			start[k] += start[k-1]
		}
		next := start
		for _, p := range pts {
			k := bandOf(p.desc, band)
			sorted[next[k]] = p
			next[k]++
		}
		for k := 0; k < 4096; k++ {
			is := sorted[start[k]:start[k+1]]
			if len(is) < 2 || len(is) > 256 {
				continue
			}
			for a := 0; a < len(is); a++ {
				for b := a + 1; b < len(is); b++ {
					p, q := is[a], is[b]
					if bits.OnesCount64(p.desc^q.desc) > 14 {
						continue
					}
					if q.y < p.y || (q.y == p.y && q.x < p.x) {
						p, q = q, p
					}
					s := shift{q.x - p.x, q.y - p.y}
					if s.dx*s.dx+s.dy*s.dy < cmMinShift*cmMinShift {
						continue
					}
					// Count each pair once: in the first band it agrees on.
					first := -1
					for k := 0; k < bands; k++ {
						if bandOf(p.desc, k) == bandOf(q.desc, k) {
							first = k
							break
						}
					}
					if first != band || !copied(detail, w, h, p, q, energy) {
						continue
					}
					matches[s]++
				}
			}
		}
	}
	// Pairs count with their neighbours: a point found a sample off in
	// the copy (recompression moves peaks) lands one shift away.
	near := func(s shift) int {
		n := 0
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				n += matches[shift{s.dx + dx, s.dy + dy}]
			}
		}
		return n
	}
	var shifts []shift
	for s, n := range matches {
		if n >= 2 {
			shifts = append(shifts, s)
		}
	}
	count := map[shift]int{}
	for _, s := range shifts {
		count[s] = near(s)
	}
	sort.Slice(shifts, func(i, j int) bool {
		if count[shifts[i]] != count[shifts[j]] {
			return count[shifts[i]] > count[shifts[j]]
		}
		return shifts[i].dx < shifts[j].dx || (shifts[i].dx == shifts[j].dx && shifts[i].dy < shifts[j].dy)
	})
	// A handful of matched points is only a hint: a copy is confirmed
	// block by block. At a candidate displacement each 8×8 block away
	// from print is compared with the block it would be a copy of: a
	// copy's fine detail correlates closely there and clearly less one
	// sample off (a line or a gradient drawn by a program correlates one
	// sample off as well; a photo's or a scan's grain does not), and a
	// copy covers a connected region of such blocks, large enough to hide
	// a value. Natural grain matches at a random displacement in a block
	// here and there, never in a region.
	var cands []shift
	for _, s := range shifts {
		if count[s] < cmMinHint || len(cands) == cmMaxCandidates {
			break
		}
		dup := false
		for _, o := range cands {
			if abs(o.dx-s.dx) <= 2 && abs(o.dy-s.dy) <= 2 {
				dup = true
				break
			}
		}
		if !dup {
			cands = append(cands, s)
		}
	}
	type found struct {
		from   image.Rectangle
		blocks int
		s      shift
	}
	var regions []found
	// A clone hides a value under bare card or paper: the blocks compared
	// are nearly plain (a standard deviation of cmBareContext levels at
	// most), which leaves out the print a template repeats on purpose
	// (two copies of one logo, seal or rule, drawn alike and scanned with
	// little grain).
	bareVar := float64(cmBareContext*cmBareContext) * float64(sc*sc)
	for _, s := range cands {
		from, blocks := copiedRegion(detail, w, h, s.dx, s.dy, func(x0, y0, x1, y1 int) bool {
			n := float64((x1 - x0) * (y1 - y0))
			s1, s2 := float64(box(sum, x0, y0, x1, y1)), float64(box(sq, x0, y0, x1, y1))
			return s2/n-(s1/n)*(s1/n) <= bareVar
		})
		if blocks >= cmMinBlocks {
			regions = append(regions, found{from, blocks, s})
		}
	}
	sort.SliceStable(regions, func(i, j int) bool { return regions[i].blocks > regions[j].blocks })
	scale := func(r image.Rectangle) image.Rectangle {
		return image.Rect(r.Min.X*f, r.Min.Y*f, r.Max.X*f, r.Max.Y*f)
	}
	for _, r := range regions {
		// A printed background that repeats (a card's guilloche waves, a
		// certificate's security pattern) matches itself at its period,
		// and a scanner or a JPEG save that leaves little grain lets it
		// match grain and all; but it matches again a period further on
		// and a period back, where a clone stamp's one copy does not.
		var others [][2]int
		for _, c := range cands {
			if abs(c.dx-r.s.dx) > 2 || abs(c.dy-r.s.dy) > 2 {
				others = append(others, [2]int{c.dx, c.dy})
			}
		}
		if periodic(detail, w, h, r.from, r.s.dx, r.s.dy, others) {
			continue
		}
		// The two copies look alike as a whole too (goimagehash's
		// perceptual hash), not only in their grain.
		dst := r.from.Add(image.Pt(r.s.dx, r.s.dy))
		dist, ok := regionDistance(img, int32(sc), w, h, r.from, dst)
		// On bare card the perceptual hash of a flat patch turns on
		// noise: there the samples themselves agree, to the error of the
		// last save.
		if ok && (dist <= 8 || regionRMS(img, sc, w, r.from, dst) <= maxRMS) {
			return &copyMove{Source: scale(r.from), Target: scale(dst), Blocks: r.blocks, Distance: dist}
		}
	}
	return nil
}

// grainless: the picture's bare blocks (a standard deviation of
// cmBareContext levels at most) carry no grain: the median root mean
// square of their detail is under cmMinGrain levels. A camera or a
// scanner leaves a level or more even after a JPEG save at 75; a page
// rasterised and saved without noise leaves none.
func grainless(img []int32, detail []float32, w, h int, sc int64) bool {
	const bs = 8
	var rms []float64
	maxVar := float64(cmBareContext*cmBareContext) * float64(sc*sc)
	for by := 1; by < h/bs-1; by++ {
		for bx := 1; bx < w/bs-1; bx++ {
			var s1, s2, dd float64
			for y := by * bs; y < by*bs+bs; y++ {
				for x := bx * bs; x < bx*bs+bs; x++ {
					v := float64(img[y*w+x])
					s1 += v
					s2 += v * v
					d := float64(detail[y*w+x])
					dd += d * d
				}
			}
			if s2/64-(s1/64)*(s1/64) > maxVar {
				continue
			}
			rms = append(rms, math.Sqrt(dd/64)/float64(25*sc))
		}
	}
	if len(rms) == 0 {
		return true
	}
	sort.Float64s(rms)
	return rms[len(rms)/2] < cmMinGrain
}

// copySaveError is the most two copies of a region may differ by, in
// 8-bit levels, after the picture's last save: 1.5 for a picture saved
// without loss, else the root mean square quantization error of the
// JPEG's luminance table (each coefficient off by up to half its step),
// which a copy not on the 8×8 grid takes differently from the original.
func copySaveError(data []byte) float64 {
	if data == nil {
		return 1.5
	}
	t, err := lumaTable(data)
	if err != nil {
		return 1.5
	}
	sum := 0.0
	for _, v := range t {
		sum += v * v / 12
	}
	// At most 4: below quality 90 the grain the save leaves no longer
	// tells two patches of bare paper apart, and the block test alone is
	// not asked to.
	return min(4, max(1.5, math.Sqrt(sum/64)))
}

// copiedRegion finds, at one displacement, the largest connected region
// of 8×8 blocks (away from print: smooth says which) that the blocks the
// displacement leads to copy; it returns the region and its blocks.
func copiedRegion(d []float32, w, h, dx, dy int, smooth func(x0, y0, x1, y1 int) bool) (image.Rectangle, int) {
	const bs = 8
	gw, gh := w/bs, h/bs
	hit := make([]bool, gw*gh)
	for by := 0; by < gh; by++ {
		for bx := 0; bx < gw; bx++ {
			x0, y0 := bx*bs, by*bs
			if x0+dx < 3 || y0+dy < 3 || x0+dx+bs+3 > w || y0+dy+bs+3 > h || x0 < 3 || y0 < 3 || x0+bs+3 > w || y0+bs+3 > h {
				continue
			}
			if !smooth(x0, y0, x0+bs, y0+bs) {
				continue
			}
			c := blockCorr(d, w, x0, y0, x0+dx, y0+dy)
			if c < cmBlockCorr {
				continue
			}
			off := -1.0
			for _, o := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				off = max(off, blockCorr(d, w, x0, y0, x0+dx+o[0], y0+dy+o[1]))
			}
			hit[by*gw+bx] = c-off >= 0.05
		}
	}
	seen := make([]bool, gw*gh)
	var best image.Rectangle
	bestN := 0
	var queue []int
	for start := range hit {
		if !hit[start] || seen[start] {
			continue
		}
		seen[start] = true
		queue = append(queue[:0], start)
		var r image.Rectangle
		n := 0
		for len(queue) > 0 {
			g := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			x, y := g%gw, g/gw
			r = r.Union(image.Rect(x*bs, y*bs, x*bs+bs, y*bs+bs))
			n++
			for oy := -1; oy <= 1; oy++ {
				for ox := -1; ox <= 1; ox++ {
					xx, yy := x+ox, y+oy
					if xx < 0 || yy < 0 || xx >= gw || yy >= gh {
						continue
					}
					if k := yy*gw + xx; hit[k] && !seen[k] {
						seen[k] = true
						queue = append(queue, k)
					}
				}
			}
		}
		if n > bestN {
			best, bestN = r, n
		}
	}
	return best, bestN
}

// periodic reports whether most blocks of a region found copied at
// (dx, dy) also match elsewhere: twice as far, as far before them, at a
// whole fraction of it, or at another displacement the search found
// (others). A copy is one; a
// pattern matches itself at many displacements.
func periodic(d []float32, w, h int, from image.Rectangle, dx, dy int, others [][2]int) bool {
	const bs = 8
	in := func(x, y int) bool { return x >= 0 && y >= 0 && x+bs <= w && y+bs <= h }
	matches := func(x, y, ox, oy int) bool {
		return in(x+ox, y+oy) && blockCorr(d, w, x, y, x+ox, y+oy) >= 0.6
	}
	n, again := 0, 0
	for y := from.Min.Y; y+bs <= from.Max.Y; y += bs {
		for x := from.Min.X; x+bs <= from.Max.X; x += bs {
			if !in(x, y) || !in(x+dx, y+dy) || blockCorr(d, w, x, y, x+dx, y+dy) < 0.75 {
				continue
			}
			n++
			hit := matches(x, y, 2*dx, 2*dy) || matches(x, y, -dx, -dy)
			// A displacement of several periods (the pattern's copies
			// a few waves apart) matches at one period too.
			// A resampled scan's period is no whole number of samples:
			// a sample either way.
			for k := 2; k <= 12 && !hit; k++ {
				ox, oy := int(math.Round(float64(dx)/float64(k))), int(math.Round(float64(dy)/float64(k)))
				if abs(ox)+abs(oy) < 8 {
					break
				}
				for j := 0; j < 9 && !hit; j++ {
					hit = matches(x, y, ox+j%3-1, oy+j/3-1)
				}
			}
			for _, o := range others {
				if hit {
					break
				}
				// The far copy matched from either end.
				hit = matches(x, y, o[0], o[1]) || matches(x+dx, y+dy, o[0], o[1])
			}
			if hit {
				again++
			}
		}
	}
	return n > 0 && again*2 >= n
}

// blockCorr is the normalised correlation of the detail of two 8×8
// blocks (0 where either has none).
func blockCorr(d []float32, w, ax, ay, bx, by int) float64 {
	var sab, saa, sbb float64
	for y := 0; y < 8; y++ {
		ra, rb := d[(ay+y)*w+ax:(ay+y)*w+ax+8], d[(by+y)*w+bx:(by+y)*w+bx+8]
		for x := 0; x < 8; x++ {
			a, b := float64(ra[x]), float64(rb[x])
			sab += a * b
			saa += a * a
			sbb += b * b
		}
	}
	if saa == 0 || sbb == 0 {
		return 0
	}
	return sab / math.Sqrt(saa*sbb)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// windowEnergy is the sum of the squared detail of the 12×12 window
// around a point. The detail is whole numbers (25 samples less their
// 5×5 sum: a few tens of thousands at most, exact in a float32), so this
// sum and correlationWith's are exact whatever order they are taken in:
// the figures are those of one loop summing all three.
func windowEnergy(d []float32, w, x, y int) float64 {
	var s float64
	for dy := -6; dy < 6; dy++ {
		for _, v := range d[(y+dy)*w+x-6 : (y+dy)*w+x+6] {
			s += float64(v) * float64(v)
		}
	}
	return s
}

// shiftedEnergy is windowEnergy of the window around (x, y) moved a
// sample by (ox, oy), from that window's own energy e: the row or column
// it leaves taken off, the one it enters added (whole numbers, so the
// same figure as summing the moved window anew, at a twelfth of the cost:
// a patterned page pairs tens of millions of points, and each pair kept
// is tried a sample off four ways).
func shiftedEnergy(d []float32, w, x, y int, e float64, ox, oy int) float64 {
	sq := func(i int) float64 { return float64(d[i]) * float64(d[i]) }
	switch {
	case ox != 0:
		out, in := x-6, x+6
		if ox < 0 {
			out, in = x+5, x-7
		}
		for dy := -6; dy < 6; dy++ {
			e += sq((y+dy)*w+in) - sq((y+dy)*w+out)
		}
	case oy != 0:
		out, in := y-6, y+6
		if oy < 0 {
			out, in = y+5, y-7
		}
		for dx := -6; dx < 6; dx++ {
			e += sq(in*w+x+dx) - sq(out*w+x+dx)
		}
	}
	return e
}

// correlationWith is the normalised correlation of the detail around two
// points (a 12×12 window) given the two windows' energies.
func correlationWith(d []float32, w, ax, ay, bx, by int, saa, sbb float64) float64 {
	var sab float64
	for dy := -6; dy < 6; dy++ {
		ra, rb := d[(ay+dy)*w+ax-6:(ay+dy)*w+ax+6], d[(by+dy)*w+bx-6:(by+dy)*w+bx+6]
		for dx, a := range ra {
			sab += float64(a) * float64(rb[dx])
		}
	}
	if saa == 0 || sbb == 0 {
		return 0
	}
	return sab / math.Sqrt(saa*sbb)
}

// copied: the detail around two points correlates as a copy's does,
// closely at their exact displacement and hardly one sample off it (a
// smooth drawn pattern correlates with itself a sample off too; the grain
// of a photo or a scan does not). energy caches each point's window
// energy by its id (negative: not measured yet): a point is paired again
// and again.
func copied(d []float32, w, h int, p, q point, energy []float64) bool {
	for _, o := range [2]point{p, q} {
		if energy[o.id] < 0 {
			energy[o.id] = windowEnergy(d, w, o.x, o.y)
		}
	}
	c := correlationWith(d, w, p.x, p.y, q.x, q.y, energy[p.id], energy[q.id])
	if c < cmPairCorr {
		return false
	}
	for _, o := range [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
		x, y := q.x+o[0], q.y+o[1]
		if x+6 >= w || y+6 >= h || x < 6 || y < 6 {
			return false
		}
		if correlationWith(d, w, p.x, p.y, x, y, energy[p.id], shiftedEnergy(d, w, q.x, q.y, energy[q.id], o[0], o[1])) > c-0.2 {
			return false
		}
	}
	return true
}

// regionRMS is the root mean square difference of two equal regions, in
// 8-bit levels.
func regionRMS(p []int32, sc int64, w int, a, b image.Rectangle) float64 {
	var ss float64
	n := 0
	for y := 0; y < a.Dy(); y++ {
		for x := 0; x < a.Dx(); x++ {
			d := float64(p[(a.Min.Y+y)*w+a.Min.X+x]-p[(b.Min.Y+y)*w+b.Min.X+x]) / float64(sc)
			ss += d * d
			n++
		}
	}
	if n == 0 {
		return math.Inf(1)
	}
	return math.Sqrt(ss / float64(n))
}

// regionDistance compares two regions by their perceptual hashes.
func regionDistance(p []int32, sc int32, w, h int, a, b image.Rectangle) (int, bool) {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for _, r := range []image.Rectangle{a, b} {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				g.Pix[y*w+x] = uint8(p[y*w+x] / sc)
			}
		}
	}
	ha, err1 := goimagehash.PerceptionHash(g.SubImage(a))
	hb, err2 := goimagehash.PerceptionHash(g.SubImage(b))
	if err1 != nil || err2 != nil {
		return 0, false
	}
	d, err := ha.Distance(hb)
	return d, err == nil
}
