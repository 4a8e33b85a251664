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
// descriptions agree and their patches correlate, and a copy shows as
// many pairs sharing one exact displacement. Natural repetition pairs
// points at scattered displacements. Print repeats itself innocently (the
// same letters, words and rules), so points on the sharp edges of print
// are left out; a pattern a program drew (a security background) repeats
// at many displacements and is not taken for a copy. goimagehash's
// perceptual hashes of the two regions confirm a found copy.

// copyMove is a region repeated in an image.
type copyMove struct {
	// Source and Target are the two copies, in pixels of the image (which
	// is the original cannot be told: Source is the upper one).
	Source, Target image.Rectangle
	// Pairs is how many matched points share the displacement; Distance
	// the perceptual hashes' Hamming distance.
	Pairs    int
	Distance int
}

// Limits of the search.
const (
	cmMaxPixels  = 800_000 // larger images are averaged down by 2, 3...
	cmMaxPoints  = 6000
	cmRadius     = 4 // descriptors are (2r)×(2r) patches
	cmMinShift   = 24
	cmMinPairs   = 10
	cmMaxContext = 38 // a patch's standard deviation above this is print
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
}

// findCopyMove looks for a repeated region in a luminance plane.
func findCopyMove(src luma) *copyMove {
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
	// Pair points whose descriptors agree on one of eight 8-bit bands
	// (any two within 7 bits do), then on most bits, then in the
	// correlation of their detail.
	type shift struct{ dx, dy int }
	matches := map[shift][]int{}
	const bands = 8
	for band := 0; band < bands; band++ {
		idx := map[uint8][]int{}
		for i, p := range pts {
			key := uint8(p.desc >> (8 * band))
			idx[key] = append(idx[key], i)
		}
		for _, is := range idx {
			if len(is) < 2 || len(is) > 96 {
				continue
			}
			for a := 0; a < len(is); a++ {
				for b := a + 1; b < len(is); b++ {
					ia, ib := is[a], is[b]
					p, q := pts[ia], pts[ib]
					if q.y < p.y || (q.y == p.y && q.x < p.x) {
						p, q, ia = q, p, ib
					}
					s := shift{q.x - p.x, q.y - p.y}
					if s.dx*s.dx+s.dy*s.dy < cmMinShift*cmMinShift || bits.OnesCount64(p.desc^q.desc) > 14 {
						continue
					}
					// Count each pair once: in the first band it agrees on.
					first := -1
					for k := 0; k < bands; k++ {
						if uint8(p.desc>>(8*k)) == uint8(q.desc>>(8*k)) {
							first = k
							break
						}
					}
					if first != band || !copied(detail, w, h, p, q) {
						continue
					}
					matches[s] = append(matches[s], ia)
				}
			}
		}
	}
	// Pairs count with their neighbours: a point found a sample off in
	// the copy (recompression moves peaks) lands one shift away.
	near := func(s shift) []int {
		var out []int
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				out = append(out, matches[shift{s.dx + dx, s.dy + dy}]...)
			}
		}
		return out
	}
	var shifts []shift
	for s, ms := range matches {
		if len(ms) >= 2 {
			shifts = append(shifts, s)
		}
	}
	count := map[shift]int{}
	for _, s := range shifts {
		count[s] = len(near(s))
	}
	sort.Slice(shifts, func(i, j int) bool {
		if count[shifts[i]] != count[shifts[j]] {
			return count[shifts[i]] > count[shifts[j]]
		}
		return shifts[i].dx < shifts[j].dx || (shifts[i].dx == shifts[j].dx && shifts[i].dy < shifts[j].dy)
	})
	// A pattern drawn by a program repeats at many displacements: count
	// the distinct places (shifts more than a sample apart) that many
	// pairs share.
	var strong []shift
	for _, s := range shifts {
		if count[s] < cmMinPairs {
			break
		}
		dup := false
		for _, o := range strong {
			if abs(o.dx-s.dx) <= 2 && abs(o.dy-s.dy) <= 2 {
				dup = true
				break
			}
		}
		if !dup {
			strong = append(strong, s)
		}
	}
	if len(strong) == 0 || len(strong) > 3 {
		return nil
	}
	s := strong[0]
	ms := near(s)
	var from image.Rectangle
	for _, i := range ms {
		p := pts[i]
		from = from.Union(image.Rect(p.x-cmRadius, p.y-cmRadius, p.x+cmRadius, p.y+cmRadius))
	}
	if from.Dx() < 12 || from.Dy() < 12 {
		return nil
	}
	dst := from.Add(image.Pt(s.dx, s.dy))
	if dst.Max.X > w || dst.Max.Y > h {
		return nil
	}
	dist, ok := regionDistance(img, int32(sc), w, h, from, dst)
	if !ok || dist > 8 {
		return nil
	}
	scale := func(r image.Rectangle) image.Rectangle {
		return image.Rect(r.Min.X*f, r.Min.Y*f, r.Max.X*f, r.Max.Y*f)
	}
	return &copyMove{Source: scale(from), Target: scale(dst), Pairs: len(ms), Distance: dist}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// correlation is the normalised correlation of the detail around two
// points (a 12×12 window).
func correlation(d []float32, w, ax, ay, bx, by int) float64 {
	var sab, saa, sbb float64
	for dy := -6; dy < 6; dy++ {
		ra, rb := d[(ay+dy)*w+ax-6:], d[(by+dy)*w+bx-6:]
		for dx := 0; dx < 12; dx++ {
			a, b := float64(ra[dx]), float64(rb[dx])
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

// copied: the detail around two points correlates as a copy's does,
// closely at their exact displacement and hardly one sample off it (a
// smooth drawn pattern correlates with itself a sample off too; the grain
// of a photo or a scan does not).
func copied(d []float32, w, h int, p, q point) bool {
	if correlation(d, w, p.x, p.y, q.x, q.y) < 0.8 {
		return false
	}
	for _, o := range [2][2]int{{1, 0}, {0, 1}} {
		x, y := q.x+o[0], q.y+o[1]
		if x+6 >= w || y+6 >= h {
			return false
		}
		if correlation(d, w, p.x, p.y, x, y) > 0.6 {
			return false
		}
	}
	return true
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
