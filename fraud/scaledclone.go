package fraud

import (
	"image"
	"math"
	"sort"
)

// Scaled clones: a region of a picture copied elsewhere in it and resized
// by a few percent on the way (a seal, a stamp, a patch of a card's
// pattern laid over a value). findCopyMove lines copies up sample for
// sample and misses these: a copy 4% larger is out of line by 4 samples
// a hundred samples from its middle.
//
// Points where the smoothed picture's difference of two box means peaks
// (blobs and corners of ink) are described by their 16×16 neighbourhood,
// which a resize of 3–6% alters by under half a sample at its edge. Each
// point is paired with its nearest description elsewhere when that is
// clearly nearer than the second nearest (the ratio test: a letter, a
// rule, a tiled texture, a dither or a guilloche matches many places
// about equally and pairs with none), and the pairs that one transform
// (a scale and an offset, no rotation) carries into each other make a
// candidate. A copy is a candidate of several pairs spread over a region,
// at a scale off one by 2.8–6.5% (not the 1.25–2% a tiled texture's
// period drifts by in a photo), carried far from itself, whose samples
// correlate at the fitted scale clearly better than at scale one, and no
// other cluster on the page shares its transform (a pattern repeating
// itself does).

// scaledClone is a region repeated in an image at another size.
type scaledClone struct {
	// Source and Target are the two copies, in pixels of the image
	// (Source the upper); Scale is Target's size over Source's.
	Source, Target image.Rectangle
	Scale          float64
	// Pairs is how many matched points the transform carries; Corr the
	// two regions' correlation at the fitted scale, Corr1 at scale one.
	Pairs       int
	Corr, Corr1 float64
}

const (
	// scMaxPixels: the picture is averaged down to at most this many
	// samples (a 150-dpi page whole, a 300-dpi page by 2).
	scMaxPixels = 2_200_000
	scCell      = 20 // a point per cell of scCell² samples at most
	scMaxPoints = 2400
	scMinPeak   = 5   // levels of the box means' difference
	scMinStd    = 8.0 // levels: a description of bare paper is noise
	scMinShift  = 24
	scMaxDist2  = 0.16 // squared distance of unit descriptions: correlation 0.92
	scRatio2    = 0.36 // nearest over second nearest, squared: 0.6
	scMaxD2     = 0.5
	scTol       = 1.6 // samples a pair may miss the transform by
	scMinPairs  = 7
	scMaxSkew   = 0.008
	scMinGain   = 0.45
)

type scPoint struct {
	x, y int
	resp float32
	desc [64]float32
}

type scMatch struct {
	p, q [2]float64
	d2   float32
}

// findScaledClone looks for a region repeated at a scale of 0.94–0.972 or
// 1.028–1.065 in a luminance plane.
func findScaledClone(src luma) *scaledClone {
	f := 1
	for (src.w/f)*(src.h/f) > scMaxPixels {
		f++
	}
	w, h := src.w/f, src.h/f
	if w < 128 || h < 128 {
		return nil
	}
	// The integral of the samples summed f×f, in integers that may wrap:
	// a box's sum, far under 2³², comes out right all the same.
	iw := w + 1
	sum := make([]uint32, iw*(h+1))
	for y := 0; y < h; y++ {
		var rs uint32
		for x := 0; x < w; x++ {
			for dy := 0; dy < f; dy++ {
				for _, v := range src.pix[(y*f+dy)*src.stride+x*f : (y*f+dy)*src.stride+x*f+f] {
					rs += uint32(v)
				}
			}
			sum[(y+1)*iw+x+1] = sum[y*iw+x+1] + rs
		}
	}
	box := func(x0, y0, x1, y1 int) uint32 {
		return sum[y1*iw+x1] - sum[y0*iw+x1] - sum[y1*iw+x0] + sum[y0*iw+x0]
	}
	// b3: the picture smoothed over 3×3, in levels; dog: b3 less the 9×9
	// mean.
	inv3, inv9 := 1/float32(9*f*f), 1/float32(81*f*f)
	b3 := func(x, y int) float32 { return float32(box(x-1, y-1, x+2, y+2)) * inv3 }
	const m = 12
	dog := make([]float32, w*h)
	for y := 4; y < h-4; y++ {
		for x := 4; x < w-4; x++ {
			dog[y*w+x] = b3(x, y) - float32(box(x-4, y-4, x+5, y+5))*inv9
		}
	}
	// Points: the strongest extremum of dog in each cell, if a 5×5
	// extremum.
	var pts []scPoint
	for cy := m; cy < h-m; cy += scCell {
		for cx := m; cx < w-m; cx += scCell {
			bx, by := -1, -1
			var best float32
			for y := cy; y < min(cy+scCell, h-m); y++ {
				for x := cx; x < min(cx+scCell, w-m); x++ {
					v := dog[y*w+x]
					if v < 0 {
						v = -v
					}
					if v > best {
						best, bx, by = v, x, y
					}
				}
			}
			if bx < 0 || best < scMinPeak || !scExtremum(dog, w, bx, by) {
				continue
			}
			p := scPoint{x: bx, y: by, resp: best}
			if !scDescribe(b3, &p) {
				continue
			}
			pts = append(pts, p)
		}
	}
	if len(pts) < 2*scMinPairs {
		return nil
	}
	if len(pts) > scMaxPoints {
		sort.Slice(pts, func(i, j int) bool { return pts[i].resp > pts[j].resp })
		pts = pts[:scMaxPoints]
	}
	ms := scMatches(pts)
	if len(ms) < scMinPairs {
		return nil
	}
	c := scBestTransform(ms, nil)
	if c == nil {
		return nil
	}
	s := c.s
	if !(s >= 0.94 && s <= 0.972 || s >= 1.028 && s <= 1.065) {
		return nil
	}
	// The regions the inliers span: a few samples wide at least, apart by
	// more than their size.
	var sr, tr image.Rectangle
	for i, k := range c.in {
		p, q := ms[k].p, ms[k].q
		a := image.Rect(int(p[0]), int(p[1]), int(p[0])+1, int(p[1])+1)
		b := image.Rect(int(q[0]), int(q[1]), int(q[0])+1, int(q[1])+1)
		if i == 0 {
			sr, tr = a, b
		} else {
			sr, tr = sr.Union(a), tr.Union(b)
		}
	}
	if sr.Dx() < 16 || sr.Dy() < 6 || sr.Overlaps(tr.Inset(-4)) {
		return nil
	}
	// The samples' detail (dog) over the region, carried by the fitted
	// transform and at scale one centred alike: a copy correlates at its
	// scale far better than at one (scMinGain). Own clones of seals,
	// signatures, photos and pattern made by Pillow and ImageMagick (28 of
	// 75 found) gained 0.57 to 1.4; a clean phone photo of a page with a
	// round logo at both ends, in perspective, 0.37 (0.95 against 0.58:
	// the logo's symmetry correlates at any scale); the clean barcodes
	// page whose points fitted a scale in the band, none (0.58, 0.71).
	sr = sr.Inset(-6).Intersect(image.Rect(0, 0, w, h))
	corr := scCorr(dog, w, h, sr, s, c.tx, c.ty)
	cx, cy := float64(sr.Min.X+sr.Max.X)/2, float64(sr.Min.Y+sr.Max.Y)/2
	corr1 := scCorr(dog, w, h, sr, 1, c.tx+(s-1)*cx, c.ty+(s-1)*cy)
	if corr < 0.8 || corr-corr1 < scMinGain {
		return nil
	}
	// An editor resizes a copy alike both ways; a photo's perspective
	// makes one print seen twice (a logo at both ends of a page) larger
	// one way than the other.
	if _, _, skew := scAxisScales(ms, c.in); !(skew <= scMaxSkew) {
		return nil
	}
	// A pattern repeats its transform: another cluster of the same scale
	// among the pairs left means a texture, not a copy.
	if o := scBestTransform(ms, c.in); o != nil && len(o.in) >= 4 && math.Abs(o.s-s) < 0.012 {
		return nil
	}
	tgt := image.Rect(int(s*float64(sr.Min.X)+c.tx), int(s*float64(sr.Min.Y)+c.ty),
		int(s*float64(sr.Max.X)+c.tx), int(s*float64(sr.Max.Y)+c.ty))
	return &scaledClone{Source: scUp(sr, f), Target: scUp(tgt, f), Scale: s, Pairs: len(c.in), Corr: corr, Corr1: corr1}
}

// scExtremum: dog at (x, y) is the largest in magnitude of its 5×5
// neighbourhood, of one sign.
func scExtremum(dog []float32, w, x, y int) bool {
	v := dog[y*w+x]
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			if dx == 0 && dy == 0 {
				continue
			}
			o := dog[(y+dy)*w+x+dx]
			if v > 0 && o >= v || v < 0 && o <= v {
				return false
			}
		}
	}
	return true
}

// scDescribe samples b3 on an 8×8 grid two samples apart round the point,
// less its mean, to unit length; false where the neighbourhood is too
// flat to describe (bare paper, whose grain a resize smooths away).
func scDescribe(b3 func(x, y int) float32, p *scPoint) bool {
	var mean float32
	k := 0
	for j := -7; j <= 7; j += 2 {
		for i := -7; i <= 7; i += 2 {
			v := b3(p.x+i, p.y+j)
			p.desc[k] = v
			mean += v
			k++
		}
	}
	mean /= 64
	var ss float32
	for k := range p.desc {
		p.desc[k] -= mean
		ss += p.desc[k] * p.desc[k]
	}
	if ss/64 < scMinStd*scMinStd {
		return false
	}
	n := 1 / float32(math.Sqrt(float64(ss)))
	for k := range p.desc {
		p.desc[k] *= n
	}
	return true
}

// scMatches pairs each point with its nearest description a few samples
// away or more, where that is near and clearly nearer than the second
// nearest, and the pairing is mutual. Each pair is oriented upper first.
func scMatches(pts []scPoint) []scMatch {
	n := len(pts)
	best := make([]int32, n)
	d1 := make([]float32, n)
	d2 := make([]float32, n)
	for i := range best {
		best[i] = -1
		d1[i], d2[i] = scMaxD2, scMaxD2
	}
	for i := 0; i < n; i++ {
		a := &pts[i].desc
		for j := i + 1; j < n; j++ {
			if abs(pts[i].x-pts[j].x)+abs(pts[i].y-pts[j].y) < scMinShift {
				continue
			}
			// A distance past scMaxD2 neither pairs the points nor, as
			// a second nearest, stops a pair (scMaxDist2/scRatio2 is
			// under it): the sum stops there.
			lim := min(max(d2[i], d2[j]), scMaxD2)
			b := &pts[j].desc
			var d float32
			for k := 0; k < 64; k += 8 {
				for t := k; t < k+8; t++ {
					e := a[t] - b[t]
					d += e * e
				}
				if d >= lim {
					break
				}
			}
			if d >= lim {
				continue
			}
			for _, u := range [2]int{i, j} {
				o := int32(j)
				if u == j {
					o = int32(i)
				}
				switch {
				case d < d1[u]:
					d2[u], d1[u], best[u] = d1[u], d, o
				case d < d2[u]:
					d2[u] = d
				}
			}
		}
	}
	var ms []scMatch
	for i := 0; i < n; i++ {
		j := int(best[i])
		if j <= i || int(best[j]) != i {
			continue
		}
		if d1[i] > scMaxDist2 || d1[i] > scRatio2*d2[i] || d1[j] > scRatio2*d2[j] {
			continue
		}
		p, q := pts[i], pts[j]
		if q.y < p.y || q.y == p.y && q.x < p.x {
			p, q = q, p
		}
		ms = append(ms, scMatch{p: [2]float64{float64(p.x), float64(p.y)}, q: [2]float64{float64(q.x), float64(q.y)}, d2: d1[i]})
	}
	return ms
}

type scTransform struct {
	s, tx, ty float64
	in        []int
}

// scBestTransform: the scale and offset (q = s·p + t) that carries the
// most pairs, not counting those in skip, refitted to its pairs by least
// squares; nil under scMinPairs pairs (4 where skip is given: a second
// cluster).
func scBestTransform(ms []scMatch, skip []int) *scTransform {
	used := make([]bool, len(ms))
	for _, k := range skip {
		used[k] = true
	}
	need := scMinPairs
	if skip != nil {
		need = 4
	}
	var best *scTransform
	for i := range ms {
		if used[i] {
			continue
		}
		for j := i + 1; j < len(ms); j++ {
			if used[j] {
				continue
			}
			dpx, dpy := ms[j].p[0]-ms[i].p[0], ms[j].p[1]-ms[i].p[1]
			n2 := dpx*dpx + dpy*dpy
			if n2 < 20*20 || n2 > 500*500 {
				continue
			}
			dqx, dqy := ms[j].q[0]-ms[i].q[0], ms[j].q[1]-ms[i].q[1]
			s := (dqx*dpx + dqy*dpy) / n2
			rot := (dqy*dpx - dqx*dpy) / n2
			// Only resizes are sought: at one to one the same print
			// repeated (boxes, rules, letters) makes the largest clusters.
			if s < 0.92 || s > 1.08 || math.Abs(s-1) < 0.018 || math.Abs(rot) > 0.02 {
				continue
			}
			tx := (ms[i].q[0]+ms[j].q[0])/2 - s*(ms[i].p[0]+ms[j].p[0])/2
			ty := (ms[i].q[1]+ms[j].q[1])/2 - s*(ms[i].p[1]+ms[j].p[1])/2
			in := scInliers(ms, used, s, tx, ty)
			if len(in) < need || best != nil && len(in) <= len(best.in) {
				continue
			}
			// Refit on the inliers.
			var mpx, mpy, mqx, mqy float64
			for _, k := range in {
				mpx += ms[k].p[0]
				mpy += ms[k].p[1]
				mqx += ms[k].q[0]
				mqy += ms[k].q[1]
			}
			c := float64(len(in))
			mpx, mpy, mqx, mqy = mpx/c, mpy/c, mqx/c, mqy/c
			var num, den float64
			for _, k := range in {
				ax, ay := ms[k].p[0]-mpx, ms[k].p[1]-mpy
				num += ax*(ms[k].q[0]-mqx) + ay*(ms[k].q[1]-mqy)
				den += ax*ax + ay*ay
			}
			if den == 0 {
				continue
			}
			s = num / den
			tx, ty = mqx-s*mpx, mqy-s*mpy
			if in2 := scInliers(ms, used, s, tx, ty); len(in2) >= len(in) {
				in = in2
			}
			best = &scTransform{s: s, tx: tx, ty: ty, in: in}
		}
	}
	return best
}

func scInliers(ms []scMatch, used []bool, s, tx, ty float64) []int {
	var in []int
	for k := range ms {
		if used[k] {
			continue
		}
		ex, ey := s*ms[k].p[0]+tx-ms[k].q[0], s*ms[k].p[1]+ty-ms[k].q[1]
		if ex*ex+ey*ey <= scTol*scTol {
			in = append(in, k)
		}
	}
	return in
}

// scCorr correlates the samples (of dog) of r with those the transform
// carries them to (bilinear), 0 where it leaves the picture.
func scCorr(d []float32, w, h int, r image.Rectangle, s, tx, ty float64) float64 {
	var sa, sb, saa, sbb, sab, n float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			u, v := s*float64(x)+tx, s*float64(y)+ty
			x0, y0 := int(math.Floor(u)), int(math.Floor(v))
			if x0 < 0 || y0 < 0 || x0+1 >= w || y0+1 >= h {
				return 0
			}
			fx, fy := u-float64(x0), v-float64(y0)
			b := (1-fy)*((1-fx)*float64(d[y0*w+x0])+fx*float64(d[y0*w+x0+1])) +
				fy*((1-fx)*float64(d[(y0+1)*w+x0])+fx*float64(d[(y0+1)*w+x0+1]))
			a := float64(d[y*w+x])
			sa += a
			sb += b
			saa += a * a
			sbb += b * b
			sab += a * b
			n++
		}
	}
	if n == 0 {
		return 0
	}
	va, vb := saa-sa*sa/n, sbb-sb*sb/n
	if va <= 0 || vb <= 0 {
		return 0
	}
	return (sab - sa*sb/n) / math.Sqrt(va*vb)
}

func scUp(r image.Rectangle, f int) image.Rectangle {
	return image.Rect(r.Min.X*f, r.Min.Y*f, r.Max.X*f, r.Max.Y*f)
}

// scAxisScales fits the pairs' scale across and down apart (q = s·p + t
// along each axis, least squares), and how far the two disagree beyond
// their standard errors (a short region's scale down is known poorly).
func scAxisScales(ms []scMatch, in []int) (sx, sy, skew float64) {
	fit := func(a int) (float64, float64) {
		n := float64(len(in))
		var mp, mq float64
		for _, k := range in {
			mp += ms[k].p[a]
			mq += ms[k].q[a]
		}
		mp, mq = mp/n, mq/n
		var num, den float64
		for _, k := range in {
			num += (ms[k].p[a] - mp) * (ms[k].q[a] - mq)
			den += (ms[k].p[a] - mp) * (ms[k].p[a] - mp)
		}
		if den == 0 {
			return math.NaN(), 0
		}
		s := num / den
		var rss float64
		for _, k := range in {
			e := ms[k].q[a] - mq - s*(ms[k].p[a]-mp)
			rss += e * e
		}
		return s, math.Sqrt(rss / (n - 2) / den)
	}
	sx, ex := fit(0)
	sy, ey := fit(1)
	return sx, sy, math.Abs(sx-sy) - 2*math.Hypot(ex, ey)
}
