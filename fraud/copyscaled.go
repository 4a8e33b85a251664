package fraud

import (
	"image"
	"math"
	"slices"
	"sort"
)

// A clone resized on its way (by 3 to 6%, the editor's transform handle
// dragged a little) no longer lies sample for sample on its source: its
// displacement grows across it, by a sample every 20 to 30, and its
// samples fall between the source's. Its pairs of points then share no
// one displacement; they share a scale and a translation (q = k·p + t).
// The loose pairs of the search (correlating at about their displacement,
// less a sample off: copied's near) vote for them over a few scales, and
// each of the best is verified block by block, the copy's detail sampled
// between its samples where the source maps (scaledRegion), as the exact
// search does at one displacement: a connected region of bare 8×8 blocks
// matching there, and less a sample off.

// Limits of the resized-copy search.
const (
	cmMaxLoose = 200_000
	// cmScaledMinVotes loose pairs at one scale and translation make a
	// candidate, of which cmScaledCandidates are verified, each on the
	// blocks within cmScaledMargin samples of its pairs.
	cmScaledMinVotes   = 3
	cmScaledCandidates = 4
	cmScaledMargin     = 64
	cmScaledReach      = 300
	// cmScaledSeed blocks matched at the scale voted for make a region
	// worth refining.
	cmScaledSeed = 4
	// cmScaledStrongBlocks: a resized copy this large is strong evidence
	// alone (images.go), more than twice what clean pictures matched.
	cmScaledStrongBlocks = 24
	// cmScaledMinBlocks: a resized copy is a connected region of this
	// many blocks or more; cmScaledMinScale the least resizing tried.
	// Clean cards printed with wave lines matched up to 10 blocks at
	// scales 1.005 to 1.015 (none under 0.012 is tried now), other clean
	// scans and photos at most 7.
	cmScaledMinBlocks = 16
	cmScaledMinScale  = 0.012
	// cmScaledOffCorr: a block of a resized copy correlates with the
	// detail sampled where its source maps by this much more than a
	// sample off either way: a printed pattern (a card's waves) matching
	// a scaled stretch of itself keeps less of a difference than grain
	// (at 0.05 clean wave-lined cards matched 7 and 8 blocks, at 0.15 at
	// most 6; at 0.25 resized copies of bare paper were missed).
	cmScaledOffCorr = 0.15
)

// cmScales are the sizes a resized copy is searched at (relative to its
// source, either way): 1.5 to 6% smaller or larger. Closer to 1 the
// exact search finds it (a sample off over 60 and more).
var cmScales = func() []float64 {
	var ks []float64
	for i := 0; i <= 18; i++ {
		d := 0.015 + 0.0025*float64(i)
		ks = append(ks, 1-d, 1+d)
	}
	return ks
}()

// scaledCopy looks for a resized copy among the loose pairs of points
// (upper point first): see above. img, detail and sc are findCopyMove's
// planes; bare says which blocks are free of print; maxRMS bounds the
// two copies' samples' difference (copySaveError).
func scaledCopy(img []int32, detail []float32, w, h int, sc int64, loose [][4]int32, bare func(x0, y0, x1, y1 int) bool, maxRMS float64) *copyMove {
	if len(loose) < cmScaledMinVotes {
		return nil
	}
	type vote struct {
		k      int
		tx, ty int32
	}
	// Votes are counted by sorting them (a key of scale and translation
	// each): tens of thousands of pairs vote at 38 scales each.
	const off = 1 << 19
	key := func(v vote) uint64 {
		return uint64(v.k)<<40 | uint64(v.tx+off)<<20 | uint64(v.ty+off)
	}
	keys := make([]uint64, 0, len(loose)*len(cmScales))
	for _, pq := range loose {
		px, py, qx, qy := float64(pq[0]), float64(pq[1]), float64(pq[2]), float64(pq[3])
		if (qx-px)*(qx-px)+(qy-py)*(qy-py) < cmMinShift*cmMinShift {
			continue
		}
		for ki, k := range cmScales {
			keys = append(keys, key(vote{ki, int32(math.Round(qx - k*px)), int32(math.Round(qy - k*py))}))
		}
	}
	slices.Sort(keys)
	type run struct {
		key uint64
		n   int
	}
	var runs []run
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && keys[j] == keys[i] {
			j++
		}
		runs = append(runs, run{keys[i], j - i})
		i = j
	}
	count := func(v vote) int {
		k := key(v)
		i := sort.Search(len(runs), func(i int) bool { return runs[i].key >= k })
		if i < len(runs) && runs[i].key == k {
			return runs[i].n
		}
		return 0
	}
	near := func(v vote) int {
		n := 0
		for dy := int32(-1); dy <= 1; dy++ {
			for dx := int32(-1); dx <= 1; dx++ {
				n += count(vote{v.k, v.tx + dx, v.ty + dy})
			}
		}
		return n
	}
	type cand struct {
		v vote
		n int
	}
	var cands []cand
	for _, r := range runs {
		if r.n >= 2 {
			v := vote{int(r.key >> 40), int32(r.key>>20&(1<<20-1)) - off, int32(r.key&(1<<20-1)) - off}
			if m := near(v); m >= cmScaledMinVotes {
				cands = append(cands, cand{v, m})
			}
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if a.n != b.n {
			return a.n > b.n
		}
		if a.v.k != b.v.k {
			return a.v.k < b.v.k
		}
		if a.v.tx != b.v.tx {
			return a.v.tx < b.v.tx
		}
		return a.v.ty < b.v.ty
	})
	// The best candidates, one a cluster: a cluster of pairs votes at
	// neighbouring scales too.
	type cluster struct {
		k      float64
		mx, my int
	}
	var tried []cluster
	for i, c := range cands {
		if len(tried) == cmScaledCandidates || i == 8*cmScaledCandidates {
			break
		}
		k := cmScales[c.v.k]
		// The pairs that voted, within cmScaledReach of their median:
		// their source points bound the blocks verified, and the scale
		// and translation that fit them best (least squares) are tried
		// first: a copy narrow one way votes over a range of scales.
		var voters [][4]int32
		var xs, ys []int
		for _, pq := range loose {
			px, py := float64(pq[0]), float64(pq[1])
			if math.Abs(float64(pq[2])-k*px-float64(c.v.tx)) <= 1.5 && math.Abs(float64(pq[3])-k*py-float64(c.v.ty)) <= 1.5 {
				voters = append(voters, pq)
				xs, ys = append(xs, int(pq[0])), append(ys, int(pq[1]))
			}
		}
		if len(voters) == 0 {
			continue
		}
		mx, my := medianInt(xs), medianInt(ys)
		dup := false
		for _, o := range tried {
			if math.Abs(o.k-k) <= 0.0101 && (o.k-1)*(k-1) > 0 && abs(o.mx-mx) <= cmScaledMargin && abs(o.my-my) <= cmScaledMargin {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		tried = append(tried, cluster{k, mx, my})
		var area image.Rectangle
		var n, spx, spy, sqx, sqy float64
		group := voters[:0]
		for _, pq := range voters {
			if abs(int(pq[0])-mx) <= cmScaledReach && abs(int(pq[1])-my) <= cmScaledReach {
				group = append(group, pq)
				area = area.Union(image.Rect(int(pq[0]), int(pq[1]), int(pq[0])+1, int(pq[1])+1))
				n++
				spx, spy, sqx, sqy = spx+float64(pq[0]), spy+float64(pq[1]), sqx+float64(pq[2]), sqy+float64(pq[3])
			}
		}
		area = area.Inset(-cmScaledMargin).Intersect(image.Rect(0, 0, w, h))
		pcx, pcy, qcx, qcy := spx/n, spy/n, sqx/n, sqy/n
		var num, den float64
		for _, pq := range group {
			ax, ay := float64(pq[0])-pcx, float64(pq[1])-pcy
			num += ax*(float64(pq[2])-qcx) + ay*(float64(pq[3])-qcy)
			den += ax*ax + ay*ay
		}
		kfit := k
		if den > 0 {
			if f := num / den; math.Abs(f-k) <= 0.02 {
				kfit = f
			}
		}
		// A scale's translation maps the voters' centre onto theirs.
		at := func(kk float64) (float64, float64) {
			return qcx - kk*pcx, qcy - kk*pcy
		}
		best, bestN := image.Rectangle{}, 0
		bk := k
		try := func(kk float64) {
			if math.Abs(kk-1) < cmScaledMinScale {
				// The exact search's: a printed pattern matches a stretch
				// of itself so.
				return
			}
			tx, ty := at(kk)
			if from, n := scaledRegion(detail, w, h, kk, tx, ty, area, bare); n > bestN {
				best, bestN, bk = from, n, kk
			}
		}
		// Most candidates match a few blocks by chance; only a region
		// begun is refined, to a quarter and an eighth of a percent.
		try(kfit)
		for i := -2; i <= 2; i++ {
			try(k + 0.005*float64(i))
		}
		if bestN < cmScaledSeed {
			continue
		}
		k1 := bk
		try(k1 - 0.0025)
		try(k1 + 0.0025)
		k0 := bk
		try(k0 - 0.00125)
		try(k0 + 0.00125)
		btx, bty := at(bk)
		if bestN < cmScaledMinBlocks {
			continue
		}
		dst := image.Rect(int(math.Floor(bk*float64(best.Min.X)+btx)), int(math.Floor(bk*float64(best.Min.Y)+bty)),
			int(math.Ceil(bk*float64(best.Max.X)+btx)), int(math.Ceil(bk*float64(best.Max.Y)+bty)))
		rms := scaledRMS(img, sc, w, h, best, bk, btx, bty)
		if rms > maxRMS+2 {
			continue
		}
		return &copyMove{Source: best, Target: dst, Blocks: bestN, Scale: math.Round(bk*1000) / 1000}
	}
	return nil
}

// scaledRegion is copiedRegion for a resized copy: the largest connected
// region of bare 8×8 blocks within area whose detail correlates
// (cmBlockCorr) with the detail sampled where the blocks map (k·p + t,
// between samples), and less (by 0.05) a sample off either way.
func scaledRegion(d []float32, w, h int, k, tx, ty float64, area image.Rectangle, bare func(x0, y0, x1, y1 int) bool) (image.Rectangle, int) {
	const bs = 8
	gx0, gy0 := (area.Min.X+bs-1)/bs, (area.Min.Y+bs-1)/bs
	gx1, gy1 := area.Max.X/bs, area.Max.Y/bs
	if gx1 <= gx0 || gy1 <= gy0 {
		return image.Rectangle{}, 0
	}
	gw, gh := gx1-gx0, gy1-gy0
	hit := make([]bool, gw*gh)
	var a, b [64]float64
	sample := func(ox, oy float64, x0, y0 int) bool {
		for y := 0; y < bs; y++ {
			for x := 0; x < bs; x++ {
				X, Y := k*float64(x0+x)+tx+ox, k*float64(y0+y)+ty+oy
				ix, iy := int(math.Floor(X)), int(math.Floor(Y))
				if ix < 3 || iy < 3 || ix+4 >= w || iy+4 >= h {
					return false
				}
				fx, fy := X-float64(ix), Y-float64(iy)
				i := iy*w + ix
				b[y*bs+x] = (1-fy)*((1-fx)*float64(d[i])+fx*float64(d[i+1])) + fy*((1-fx)*float64(d[i+w])+fx*float64(d[i+w+1]))
			}
		}
		return true
	}
	corr := func() float64 {
		var sab, saa, sbb float64
		for i := range a {
			sab += a[i] * b[i]
			saa += a[i] * a[i]
			sbb += b[i] * b[i]
		}
		if saa == 0 || sbb == 0 {
			return 0
		}
		return sab / math.Sqrt(saa*sbb)
	}
	for by := 0; by < gh; by++ {
		for bx := 0; bx < gw; bx++ {
			x0, y0 := (gx0+bx)*bs, (gy0+by)*bs
			if x0 < 3 || y0 < 3 || x0+bs+3 > w || y0+bs+3 > h || !bare(x0, y0, x0+bs, y0+bs) {
				continue
			}
			for y := 0; y < bs; y++ {
				for x := 0; x < bs; x++ {
					a[y*bs+x] = float64(d[(y0+y)*w+x0+x])
				}
			}
			if !sample(0, 0, x0, y0) {
				continue
			}
			c := corr()
			if c < cmBlockCorr {
				continue
			}
			off := -1.0
			ok := true
			for _, o := range [4][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				if !sample(o[0], o[1], x0, y0) {
					ok = false
					break
				}
				off = max(off, corr())
			}
			hit[by*gw+bx] = ok && c-off >= cmScaledOffCorr
		}
	}
	// The largest connected region (8-connected), as copiedRegion.
	seen := make([]bool, len(hit))
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
			X, Y := (gx0+x)*bs, (gy0+y)*bs
			r = r.Union(image.Rect(X, Y, X+bs, Y+bs))
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

// scaledRMS is the root mean square difference, in 8-bit levels, of a
// region's samples and the samples where they map (k·p + t, between
// samples).
func scaledRMS(p []int32, sc int64, w, h int, r image.Rectangle, k, tx, ty float64) float64 {
	var ss float64
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			X, Y := k*float64(x)+tx, k*float64(y)+ty
			ix, iy := int(math.Floor(X)), int(math.Floor(Y))
			if ix < 0 || iy < 0 || ix+1 >= w || iy+1 >= h {
				continue
			}
			fx, fy := X-float64(ix), Y-float64(iy)
			i := iy*w + ix
			v := (1-fy)*((1-fx)*float64(p[i])+fx*float64(p[i+1])) + fy*((1-fx)*float64(p[i+w])+fx*float64(p[i+w+1]))
			d := (float64(p[y*w+x]) - v) / float64(sc)
			ss += d * d
			n++
		}
	}
	if n == 0 {
		return math.Inf(1)
	}
	return math.Sqrt(ss / float64(n))
}

// medianInt is the middle value of xs (which it sorts).
func medianInt(xs []int) int {
	slices.Sort(xs)
	return xs[len(xs)/2]
}
