package scanprep

import (
	"cmp"
	"math"
	"slices"
)

// A card or page photographed on a table is found by its outline: the
// four straight edges where the bright paper meets the darker table.
// Only an image whose border is mostly darker than its paper (a table all
// round) is searched, so scans, whose border is paper, never are.

// pt is a point in pixels.
type pt struct{ x, y float64 }

// quad is four corners: top-left, top-right, bottom-right, bottom-left.
type quad [4]pt

// line is a Hough line x·cos θ + y·sin θ = rho, with its votes.
type line struct {
	theta, rho float64
	votes      float64
}

// card is a card's outline and how far past it to keep: each side's
// margin, in fractions of the card's width (left, right) or height (top,
// bottom).
type card struct {
	q                        quad
	left, right, top, bottom float64
}

// findCard looks for the outline of a card or page lying on a darker
// surface in p and returns it in p's pixels (p may be a reduction of the
// image; the caller scales the corners).
func findCard(p plane) (card, bool) {
	k := max(1, int(math.Ceil(float64(max(p.w, p.h))/700)))
	s := shrink(p, k)
	if !darkBorder(s) {
		return card{}, false
	}
	s = blur3(s)
	mag, dir := sobel(s)
	// Edges: the strongest tenth of the gradients, and strong in absolute
	// terms (a card against a table, not paper grain).
	var h [256]int
	for _, m := range mag {
		h[min(int(m/4), 255)]++
	}
	thr := max(float32(percentile(h, 0.9))*4, 60)
	lines := hough(s, mag, dir, thr)
	// Opposite edges: lines well apart, parallel but for perspective (a card
	// seen 25° off straight down shows its sides 25° or more apart).
	type pair struct{ a, b line }
	var pairs []pair
	minSep := 0.15 * float64(min(s.w, s.h))
	for i := range lines {
		for j := i + 1; j < len(lines); j++ {
			if angleDiff(lines[i].theta, lines[j].theta) <= 35*math.Pi/180 && separation(lines[i], lines[j]) >= minSep {
				pairs = append(pairs, pair{lines[i], lines[j]})
			}
		}
	}
	best, bestScore := quad{}, 0.0
	for i := range pairs {
		for j := i + 1; j < len(pairs); j++ {
			p1, p2 := pairs[i], pairs[j]
			if angleDiff(p1.a.theta, p2.a.theta) < 60*math.Pi/180 {
				continue
			}
			q, ok := corners(p1.a, p1.b, p2.a, p2.b)
			if !ok {
				continue
			}
			if sc := scoreQuad(s, mag, dir, thr, q); sc > bestScore {
				best, bestScore = q, sc
			}
		}
	}
	if bestScore == 0 {
		return card{}, false
	}
	c := margins(s, mag, thr, best)
	for i := range c.q {
		c.q[i] = pt{c.q[i].x * float64(k), c.q[i].y * float64(k)}
	}
	return c, true
}

// A dark band along a card's edge (a license's header, a report's title
// bar) can meet a dark table with no visible edge, and the outline found
// is then the band's inner edge. A table is smooth; a band carries print.
// So where the strip just past a side holds edges several times as dense
// as the image's border (the table), the card is taken to go on: up to
// bandMargin of its size is kept on that side.
const bandMargin = 0.2

func margins(s plane, mag []float32, thr float32, q quad) card {
	c := card{q: q}
	table := borderEdgeDensity(s, mag, thr)
	m := homography(q)
	density := func(u0, u1, v0, v1 float64) float64 {
		hits, n := 0, 0
		for i := 0; i < 40; i++ {
			for j := 0; j < 12; j++ {
				u := u0 + (u1-u0)*(float64(i)+0.5)/40
				v := v0 + (v1-v0)*(float64(j)+0.5)/12
				z := m[6]*u + m[7]*v + m[8]
				x, y := int((m[0]*u+m[1]*v+m[2])/z), int((m[3]*u+m[4]*v+m[5])/z)
				if x < 0 || y < 0 || x >= s.w || y >= s.h {
					continue
				}
				n++
				if mag[y*s.w+x] >= thr {
					hits++
				}
			}
		}
		if n < 40 {
			return 0 // mostly outside the image
		}
		return float64(hits) / float64(n)
	}
	printed := func(d float64) bool { return d > max(3*table, 0.006) }
	if printed(density(0.1, 0.9, -bandMargin, -0.02)) {
		c.top = bandMargin
	}
	if printed(density(0.1, 0.9, 1.02, 1+bandMargin)) {
		c.bottom = bandMargin
	}
	// The strips left and right, sampled with u and v swapped.
	if printed(density(-bandMargin, -0.02, 0.1, 0.9)) {
		c.left = bandMargin
	}
	if printed(density(1.02, 1+bandMargin, 0.1, 0.9)) {
		c.right = bandMargin
	}
	return c
}

// borderEdgeDensity is the share of edge pixels in the image's border
// band (the table around a card).
func borderEdgeDensity(s plane, mag []float32, thr float32) float64 {
	hits, n := 0, 0
	eachBorderPixel(s, 1, func(i int) {
		n++
		if mag[i] >= thr {
			hits++
		}
	})
	if n == 0 {
		return 0
	}
	return float64(hits) / float64(n)
}

// darkBorder reports whether most of the image's border, a band 3% of
// its short side wide, is much darker than the paper at its centre: under
// 0.7 of it, or, in a photo whose middle is the card's or page's paper
// (the centre's median near its paper), under lightTable of it where a
// band twice as wide is so too. A card on a light desk or a pale wooden
// table stands only a little brighter than it (a table at 150-200 under
// paper at 235-250): on 38 own cards photographed on such surfaces, 27
// were not looked for and were read as pages, table grain and all. A card
// on a flatbed's grey lid is no photo: the middle of a letter page is the
// lid's grey, not a card's paper; a card scanned alone on a small page
// has margins thinner than the wider band.
func darkBorder(s plane) bool {
	var centre [256]int
	for y := s.h / 4; y < 3*s.h/4; y++ {
		for _, v := range s.pix[y*s.w+s.w/4 : y*s.w+3*s.w/4] {
			centre[v]++
		}
	}
	paperLv := float64(percentile(centre, 0.9))
	if darkBand(s, 3, 0.7*paperLv) {
		return true
	}
	return float64(percentile(centre, 0.5)) >= 0.9*paperLv && darkBand(s, 10, lightTable*paperLv)
}

// lightTable is the brightness, as a share of the paper's, under which a
// photo's border is taken for a table round the card (see darkBorder).
const lightTable = 0.85

// darkBand reports whether 60% or more of the image's border band, pct%
// of its short side wide, is darker than lv.
func darkBand(s plane, pct int, lv float64) bool {
	dark, total := 0, 0
	eachBorderPixelIn(s, 0, pct, func(i int) {
		total++
		if float64(s.pix[i]) < lv {
			dark++
		}
	})
	return total > 0 && float64(dark) >= 0.6*float64(total)
}

// eachBorderPixel calls visit with the index of each pixel of s in its
// border band, 3% of its short side wide, leaving out skip pixels along
// the image's very edge (where a gradient is not measured).
func eachBorderPixel(s plane, skip int, visit func(i int)) {
	eachBorderPixelIn(s, skip, 3, visit)
}

// eachBorderPixelIn is eachBorderPixel over a band pct% of the short side
// wide.
func eachBorderPixelIn(s plane, skip, pct int, visit func(i int)) {
	band := max(2, min(s.w, s.h)*pct/100)
	for y := skip; y < s.h-skip; y++ {
		for x := skip; x < s.w-skip; x++ {
			if x >= band && x < s.w-band && y >= band && y < s.h-band {
				x = s.w - band - 1
				continue
			}
			visit(y*s.w + x)
		}
	}
}

func blur3(p plane) plane {
	out := newPlane(p.w, p.h)
	for y := 0; y < p.h; y++ {
		for x := 0; x < p.w; x++ {
			var s, n int
			for yy := max(y-1, 0); yy <= min(y+1, p.h-1); yy++ {
				for xx := max(x-1, 0); xx <= min(x+1, p.w-1); xx++ {
					s += int(p.pix[yy*p.w+xx])
					n++
				}
			}
			out.pix[y*p.w+x] = uint8(s / n)
		}
	}
	return out
}

// sobel returns each pixel's gradient magnitude and direction (radians).
func sobel(p plane) (mag, dir []float32) {
	mag, dir = make([]float32, p.w*p.h), make([]float32, p.w*p.h)
	at := func(x, y int) float32 { return float32(p.pix[y*p.w+x]) }
	for y := 1; y < p.h-1; y++ {
		for x := 1; x < p.w-1; x++ {
			gx := at(x+1, y-1) + 2*at(x+1, y) + at(x+1, y+1) - at(x-1, y-1) - 2*at(x-1, y) - at(x-1, y+1)
			gy := at(x-1, y+1) + 2*at(x, y+1) + at(x+1, y+1) - at(x-1, y-1) - 2*at(x, y-1) - at(x+1, y-1)
			mag[y*p.w+x] = float32(math.Hypot(float64(gx), float64(gy)))
			dir[y*p.w+x] = float32(math.Atan2(float64(gy), float64(gx)))
		}
	}
	return mag, dir
}

// hough returns the strongest straight edges: each edge pixel votes for
// the lines through it within 5° of its gradient's normal, and the peaks
// (at least 5° or 2% of the image apart) come back strongest first.
func hough(p plane, mag, dir []float32, thr float32) []line {
	const nTheta = 180
	diag := math.Hypot(float64(p.w), float64(p.h))
	nRho := int(2*diag) + 1
	acc := make([]float32, nTheta*nRho)
	var sins, coss [nTheta]float64
	for t := range sins {
		sins[t], coss[t] = math.Sincos(float64(t) * math.Pi / nTheta)
	}
	for y := 1; y < p.h-1; y++ {
		for x := 1; x < p.w-1; x++ {
			m := mag[y*p.w+x]
			if m < thr {
				continue
			}
			// The line's normal is the gradient's direction, modulo π.
			d := float64(dir[y*p.w+x])
			if d < 0 {
				d += math.Pi
			}
			t0 := int(math.Round(d / math.Pi * nTheta))
			for dt := -5; dt <= 5; dt++ {
				t := ((t0+dt)%nTheta + nTheta) % nTheta
				rho := float64(x)*coss[t] + float64(y)*sins[t]
				acc[t*nRho+int(rho+diag)]++
			}
		}
	}
	type peak struct {
		t, r int
		v    float32
	}
	var peaks []peak
	minVotes := float32(0.15 * float64(min(p.w, p.h)))
	for t := 0; t < nTheta; t++ {
		for r := 0; r < nRho; r++ {
			if v := acc[t*nRho+r]; v >= minVotes {
				peaks = append(peaks, peak{t, r, v})
			}
		}
	}
	slices.SortFunc(peaks, func(a, b peak) int { return cmp.Compare(b.v, a.v) })
	var out []line
	sep := 0.02 * diag
	for _, pk := range peaks {
		l := line{theta: float64(pk.t) * math.Pi / nTheta, rho: float64(pk.r) - diag, votes: float64(pk.v)}
		near := false
		for _, o := range out {
			if angleDiff(o.theta, l.theta) < 5*math.Pi/180 && math.Abs(o.rho-l.rho) < sep ||
				// the same line with θ across 0/π
				angleDiff(o.theta, l.theta) < 5*math.Pi/180 && math.Abs(o.rho+l.rho) < sep && math.Abs(o.theta-l.theta) > math.Pi/2 {
				near = true
				break
			}
		}
		if !near {
			out = append(out, l)
			if len(out) == 16 {
				break
			}
		}
	}
	return out
}

// separation is the distance between two near-parallel lines.
func separation(a, b line) float64 {
	if math.Abs(a.theta-b.theta) > math.Pi/2 {
		return math.Abs(a.rho + b.rho) // one of them written with θ across π
	}
	return math.Abs(a.rho - b.rho)
}

// angleDiff is the angle between two line directions, in [0, π/2].
func angleDiff(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), math.Pi)
	return min(d, math.Pi-d)
}

func intersect(a, b line) (pt, bool) {
	sa, ca := math.Sincos(a.theta)
	sb, cb := math.Sincos(b.theta)
	det := ca*sb - sa*cb
	if math.Abs(det) < 1e-6 {
		return pt{}, false
	}
	return pt{(a.rho*sb - b.rho*sa) / det, (ca*b.rho - cb*a.rho) / det}, true
}

// corners intersects two pairs of opposite edges into a quad ordered
// top-left, top-right, bottom-right, bottom-left.
func corners(a, b, c, d line) (quad, bool) {
	var ps []pt
	for _, l1 := range []line{a, b} {
		for _, l2 := range []line{c, d} {
			q, ok := intersect(l1, l2)
			if !ok {
				return quad{}, false
			}
			ps = append(ps, q)
		}
	}
	var cx, cy float64
	for _, q := range ps {
		cx, cy = cx+q.x/4, cy+q.y/4
	}
	slices.SortFunc(ps, func(p, q pt) int {
		return cmp.Compare(math.Atan2(p.y-cy, p.x-cx), math.Atan2(q.y-cy, q.x-cx))
	})
	// Sorted by angle from the centre (y down): starting from the corner
	// nearest top-left, clockwise on screen.
	start := 0
	for i, q := range ps {
		if q.x+q.y < ps[start].x+ps[start].y {
			start = i
		}
	}
	var out quad
	for i := range out {
		out[i] = ps[(start+i)%4]
	}
	return out, true
}

// scoreQuad returns how well the quad is a card's outline: 0 when its
// shape or size is implausible, when any side is not an edge along at
// least half its length, or when what lies just outside any side is not
// darker than the paper inside (a table all round: a line printed
// on the page, a table's rule, has paper on both sides); otherwise its
// sides' mean support times its perimeter, so the card's own outline wins
// over lines printed inside it.
func scoreQuad(s plane, mag, dir []float32, thr float32, q quad) float64 {
	area := 0.0
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		area += a.x*b.y - b.x*a.y
		// Convex and clockwise on screen: every turn the same way.
		c := q[(i+2)%4]
		if (b.x-a.x)*(c.y-b.y)-(b.y-a.y)*(c.x-b.x) <= 0 {
			return 0
		}
		// Corners within the image, a little slack for rounded corners.
		if a.x < -0.02*float64(s.w) || a.y < -0.02*float64(s.h) || a.x > 1.02*float64(s.w) || a.y > 1.02*float64(s.h) {
			return 0
		}
	}
	area = math.Abs(area) / 2
	if frac := area / float64(s.w*s.h); frac < 0.08 || frac > 0.92 {
		return 0
	}
	paperLv := quadPaper(s, q)
	var support, perimeter float64
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		length := math.Hypot(b.x-a.x, b.y-a.y)
		perimeter += length
		// The side's outward normal (clockwise quad, y down).
		nx, ny := (b.y-a.y)/length, -(b.x-a.x)/length
		normal := math.Atan2(ny, nx)
		hits, n, dark, seen := 0, 0, 0, 0
		// Skip the corners' tenth at each end: corners are rounded.
		for f := 0.1; f <= 0.9; f += 1 / length {
			x, y := a.x+(b.x-a.x)*f, a.y+(b.y-a.y)*f
			n++
			hit := false
			for o := -2.0; o <= 2 && !hit; o++ {
				xi, yi := int(x+nx*o), int(y+ny*o)
				if xi < 1 || yi < 1 || xi >= s.w-1 || yi >= s.h-1 {
					continue
				}
				i := yi*s.w + xi
				if mag[i] >= thr && angleDiff(float64(dir[i]), normal) < 20*math.Pi/180 {
					hit = true
				}
			}
			if hit {
				hits++
			}
			if out := sample(s, x+nx*4, y+ny*4); out >= 0 {
				seen++
				// As light as a light desk (see darkBorder), not paper.
				if out < lightTable*paperLv {
					dark++
				}
			}
		}
		if n == 0 || float64(hits) < 0.5*float64(n) || float64(dark) < 0.7*float64(seen) {
			return 0
		}
		support += float64(hits) / float64(n)
	}
	return support / 4 * perimeter
}

// quadPaper is the paper's brightness inside the quad: the 90th
// percentile of a 24x24 grid of points across it.
func quadPaper(s plane, q quad) float64 {
	m := homography(q)
	var h [256]int
	for i := 0; i < 24; i++ {
		for j := 0; j < 24; j++ {
			fu, fv := (float64(i)+0.5)/24, (float64(j)+0.5)/24
			z := m[6]*fu + m[7]*fv + m[8]
			if v := sample(s, (m[0]*fu+m[1]*fv+m[2])/z, (m[3]*fu+m[4]*fv+m[5])/z); v >= 0 {
				h[int(v)]++
			}
		}
	}
	return float64(percentile(h, 0.9))
}

// sample is the pixel at (x, y), or -1 outside the image.
func sample(p plane, x, y float64) float64 {
	xi, yi := int(x), int(y)
	if x < 0 || y < 0 || xi >= p.w || yi >= p.h {
		return -1
	}
	return float64(p.pix[yi*p.w+xi])
}

// homography maps the unit square's corners (0,0), (1,0), (1,1), (0,1) to
// the quad's, as a 3x3 matrix (row-major, h[8] = 1).
func homography(q quad) [9]float64 {
	// The square-to-quad projective map in closed form (Heckbert, 1989).
	x0, y0, x1, y1, x2, y2, x3, y3 := q[0].x, q[0].y, q[1].x, q[1].y, q[2].x, q[2].y, q[3].x, q[3].y
	sx, sy := x0-x1+x2-x3, y0-y1+y2-y3
	if math.Abs(sx) < 1e-9 && math.Abs(sy) < 1e-9 {
		return [9]float64{x1 - x0, x3 - x0, x0, y1 - y0, y3 - y0, y0, 0, 0, 1}
	}
	dx1, dx2, dy1, dy2 := x1-x2, x3-x2, y1-y2, y3-y2
	den := dx1*dy2 - dx2*dy1
	g := (sx*dy2 - dx2*sy) / den
	h := (dx1*sy - sx*dy1) / den
	return [9]float64{x1 - x0 + g*x1, x3 - x0 + h*x3, x0, y1 - y0 + g*y1, y3 - y0 + h*y3, y0, g, h, 1}
}

// rectify draws the card of src, with its margins, into an image as wide
// and high as the outline's longer opposite sides (plus margins),
// bilinearly; what falls outside src is white.
func rectify(src plane, c card) plane {
	q := c.q
	cw := max(math.Hypot(q[1].x-q[0].x, q[1].y-q[0].y), math.Hypot(q[2].x-q[3].x, q[2].y-q[3].y))
	ch := max(math.Hypot(q[3].x-q[0].x, q[3].y-q[0].y), math.Hypot(q[2].x-q[1].x, q[2].y-q[1].y))
	w := int(math.Round(cw * (1 + c.left + c.right)))
	h := int(math.Round(ch * (1 + c.top + c.bottom)))
	m := homography(q)
	out := newPlane(w, h)
	maxX, maxY := float64(src.w-1), float64(src.h-1)
	for v := 0; v < h; v++ {
		fv := -c.top + (1+c.top+c.bottom)*(float64(v)+0.5)/float64(h)
		for u := 0; u < w; u++ {
			fu := -c.left + (1+c.left+c.right)*(float64(u)+0.5)/float64(w)
			z := m[6]*fu + m[7]*fv + m[8]
			x := (m[0]*fu+m[1]*fv+m[2])/z - 0.5
			y := (m[3]*fu+m[4]*fv+m[5])/z - 0.5
			if x < 0 || y < 0 || x >= maxX || y >= maxY {
				out.pix[v*w+u] = 255
				continue
			}
			x0, y0 := int(x), int(y)
			fx, fy := x-float64(x0), y-float64(y0)
			i := y0*src.w + x0
			top := float64(src.pix[i])*(1-fx) + float64(src.pix[i+1])*fx
			bot := float64(src.pix[i+src.w])*(1-fx) + float64(src.pix[i+src.w+1])*fx
			out.pix[v*w+u] = uint8(top*(1-fy) + bot*fy + 0.5)
		}
	}
	return out
}
