package scanprep

import "math"

// sauvola binarises p by Sauvola's local threshold, t = m·(1 + k·(s/128 −
// 1)) over a window of about win pixels (m and s the window's mean and
// standard deviation): a light-grey paper, a shaded band behind a row or
// a shadow each get their own threshold, where one threshold for the
// page (Tesseract's Otsu) turns grey paper with speckle into print. The
// statistics are taken on the image reduced by red (cheap: the window
// is many pixels wide) from integral images, and read back per block.
// Ink comes out 0, paper 255.
func sauvola(p plane, red, win int, k float64) plane {
	a := shrink(p, red)
	w, h := a.w, a.h
	// Integral images of the values and their squares, one row and
	// column larger.
	sum := make([]float64, (w+1)*(h+1))
	sq := make([]float64, (w+1)*(h+1))
	for y := 0; y < h; y++ {
		var rs, rq float64
		for x := 0; x < w; x++ {
			v := float64(a.pix[y*w+x])
			rs += v
			rq += v * v
			sum[(y+1)*(w+1)+x+1] = sum[y*(w+1)+x+1] + rs
			sq[(y+1)*(w+1)+x+1] = sq[y*(w+1)+x+1] + rq
		}
	}
	r := max(1, win/(2*red))
	thr := make([]float32, w*h)
	for y := 0; y < h; y++ {
		y0, y1 := max(y-r, 0), min(y+r+1, h)
		for x := 0; x < w; x++ {
			x0, x1 := max(x-r, 0), min(x+r+1, w)
			n := float64((x1 - x0) * (y1 - y0))
			s := sum[y1*(w+1)+x1] - sum[y0*(w+1)+x1] - sum[y1*(w+1)+x0] + sum[y0*(w+1)+x0]
			q := sq[y1*(w+1)+x1] - sq[y0*(w+1)+x1] - sq[y1*(w+1)+x0] + sq[y0*(w+1)+x0]
			m := s / n
			sd := math.Sqrt(max(q/n-m*m, 0))
			thr[y*w+x] = float32(m * (1 + k*(sd/128-1)))
		}
	}
	out := newPlane(p.w, p.h)
	for y := 0; y < p.h; y++ {
		ty := min(y/red, h-1)
		row := p.pix[y*p.w : (y+1)*p.w]
		dst := out.pix[y*p.w : (y+1)*p.w]
		for x, v := range row {
			if float32(v) > thr[ty*w+min(x/red, w-1)] {
				dst[x] = 255
			}
		}
	}
	return out
}

// despeckle paints over, in a binary image, the specks of ink smaller
// than minArea pixels and no larger across than maxSide that lie more
// than near pixels from any larger ink: noise, not print. Punctuation is
// as small as noise at a coarse scan's resolution (a full stop, a comma,
// the pieces of a thin slash), but it stands next to letters; under a
// third of minArea nothing is punctuation, and a speck that small goes
// wherever it is (beside a name it reads as a full stop). It returns how
// many it removed.
func despeckle(b plane, minArea, maxSide, near int) int {
	blobs := componentsWithRuns(b, 127)
	speck := func(c blob) bool { return c.n < minArea && c.w() <= maxSide && c.h() <= maxSide }
	// Cells of near pixels next to print.
	cw, ch := b.w/near+1, b.h/near+1
	byPrint := make([]bool, cw*ch)
	for _, c := range blobs {
		if speck(c) {
			continue
		}
		for y := max(c.y0-near, 0) / near; y <= min(c.y1+near, b.h-1)/near; y++ {
			for x := max(c.x0-near, 0) / near; x <= min(c.x1+near, b.w-1)/near; x++ {
				byPrint[y*cw+x] = true
			}
		}
	}
	removed := 0
	for _, c := range blobs {
		if !speck(c) || 3*c.n >= minArea && (byPrint[(c.y0/near)*cw+c.x0/near] || byPrint[((c.y1-1)/near)*cw+(c.x1-1)/near]) {
			continue
		}
		for _, r := range c.runs {
			row := b.pix[r.y*b.w : (r.y+1)*b.w]
			for x := r.x0; x < r.x1; x++ {
				row[x] = 255
			}
		}
		removed++
	}
	return removed
}

// yrun is a run of ink on row y.
type yrun struct{ y, x0, x1 int }

// blob is a connected component with its runs.
type blob struct {
	box
	runs []yrun
}

// componentsWithRuns labels the 8-connected components of pixels ≤ thr
// as components does, keeping each one's runs.
func componentsWithRuns(p plane, thr uint8) []blob {
	var parent []int32
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	type lrun struct {
		yrun
		label int32
	}
	var all []lrun
	prevStart, prevEnd := 0, 0
	for y := 0; y < p.h; y++ {
		row := p.pix[y*p.w : (y+1)*p.w]
		curStart := len(all)
		for x := 0; x < p.w; {
			if row[x] > thr {
				x++
				continue
			}
			start := x
			for x < p.w && row[x] <= thr {
				x++
			}
			r := lrun{yrun: yrun{y, start, x}, label: -1}
			for _, q := range all[prevStart:prevEnd] {
				if q.x0 <= r.x1 && q.x1 >= r.x0 {
					if r.label < 0 {
						r.label = find(q.label)
					} else if a, b := find(q.label), find(r.label); a != b {
						parent[max(a, b)] = min(a, b)
						r.label = min(a, b)
					}
				}
			}
			if r.label < 0 {
				r.label = int32(len(parent))
				parent = append(parent, r.label)
			}
			all = append(all, r)
		}
		prevStart, prevEnd = curStart, len(all)
	}
	idx := make([]int32, len(parent))
	for i := range idx {
		idx[i] = -1
	}
	var out []blob
	for _, r := range all {
		root := find(r.label)
		k := idx[root]
		if k < 0 {
			k = int32(len(out))
			idx[root] = k
			out = append(out, blob{box: box{x0: r.x0, y0: r.y, x1: r.x1, y1: r.y + 1}})
		}
		b := &out[k]
		b.x0, b.x1 = min(b.x0, r.x0), max(b.x1, r.x1)
		b.y1 = r.y + 1
		b.n += r.x1 - r.x0
		b.runs = append(b.runs, r.yrun)
	}
	return out
}

// boxBlur averages each (2r+1)² window (edges replicated), separably.
func boxBlur(p plane, r int) plane {
	tmp := newPlane(p.w, p.h)
	n := uint32(2*r + 1)
	for y := 0; y < p.h; y++ {
		row := p.pix[y*p.w : (y+1)*p.w]
		dst := tmp.pix[y*p.w : (y+1)*p.w]
		var s uint32
		for x := -r; x <= r; x++ {
			s += uint32(row[min(max(x, 0), p.w-1)])
		}
		for x := range dst {
			dst[x] = uint8((s + n/2) / n)
			s += uint32(row[min(x+r+1, p.w-1)])
			s -= uint32(row[max(x-r, 0)])
		}
	}
	out := newPlane(p.w, p.h)
	sums := make([]uint32, p.w)
	for y := -r; y <= r; y++ {
		yy := min(max(y, 0), p.h-1)
		for x, v := range tmp.pix[yy*p.w : (yy+1)*p.w] {
			sums[x] += uint32(v)
		}
	}
	for y := 0; y < p.h; y++ {
		dst := out.pix[y*p.w : (y+1)*p.w]
		add := tmp.pix[min(y+r+1, p.h-1)*p.w:]
		sub := tmp.pix[max(y-r, 0)*p.w:]
		for x := range dst {
			dst[x] = uint8((sums[x] + n/2) / n)
			sums[x] += uint32(add[x])
			sums[x] -= uint32(sub[x])
		}
	}
	return out
}

// specks counts, on a quarter of the page (bands of 64 rows, every fourth
// one: specks are everywhere on a speckled page, and the count must cost
// little on every page), the components of ink by Otsu's threshold that
// are specks (at most maxArea pixels, maxSide across), all of them, and
// the pixels looked at; inked is the pixels of the specks.
func specks(p plane, maxArea, maxSide int) (small, total, area, inked int) {
	const band, every = 64, 4
	var h [256]int
	for y := 0; y < p.h; y += band * every {
		b := p.pix[y*p.w : min(y+band, p.h)*p.w]
		for _, v := range b {
			h[v]++
		}
	}
	thr, _, _ := otsu(h)
	for y := 0; y < p.h; y += band * every {
		b := plane{w: p.w, h: min(band, p.h-y), pix: p.pix[y*p.w : min(y+band, p.h)*p.w]}
		area += b.w * b.h
		for _, c := range components(b, thr) {
			total++
			if c.n <= maxArea && c.w() <= maxSide && c.h() <= maxSide {
				small++
				inked += c.n
			}
		}
	}
	return small, total, area, inked
}

// cleanSpeckle binarises a page covered in specks of noise (a grey
// scanner background, a copier's toner dust: over specksPerMegapixel of
// them, and 80% of its components or more; a clean scan has under 100 and
// under half, an unevenly lit one some hundreds where its shade falls
// under Otsu's threshold, but they are at most three quarters) by Sauvola's local threshold on the
// page lightly blurred (a speck a pixel or two across fades under the
// threshold, a stroke does not), then removes the specks that are left.
// Tesseract reads such a page as nothing or as noise: its one threshold
// for the page takes the specks for print, and its layout analysis then
// takes the page for a picture.
//
// The blur is as wide as the specks: a speck fades under the threshold
// only in a box over twice its size. Specks of a page scanned at 300 dpi
// (toner dust, a grey background's grain) are a pixel or two, and a box
// of 3 fades them. A tint printed behind print (a shaded band, a coloured
// form, a card's ground) and scanned in black and white at 110-130 dpi
// is a screen of dots, each a scan pixel drawn at 300 dpi as 6-11 pixels
// (coarseSpeck): through a box of 3 they stay ink, clustered round every
// line of print where despeckle leaves them (they touch print), and
// Tesseract read little or nothing of such pages (own ReportLab forms
// with tinted grounds, bands and cards, scanned 1-bit by Ghostscript at
// 110-130 dpi: 11 pages, 5 of them read no field). Through a box of 5
// the screen is a flat grey under the local threshold: those pages' reads
// held 773 of the 1,061 words they print against 582 (the box of 7, 444:
// a coarse scan's strokes are no wider than it). Fields, end to end: 35
// of 61 against 23, but 6 read wrong against 1 (misread letters of
// print that coarse: a name's r as s); on two such pages of a set not
// studied, 6 of 9 against 3, 0 wrong against 2.
func cleanSpeckle(p plane) (plane, bool) {
	const (
		specksPerMegapixel   = 400
		speckArea, speckSide = 12, 5
		// coarseSpeck is the mean size, in pixels, from which specks are
		// a coarse scan's (see above): dots of a 1-bit screen at 110-130
		// dpi drawn at 300 measure 5.9-10.7 on average, at 200 dpi 3.6.
		coarseSpeck = 5
	)
	small, total, area, inked := specks(p, speckArea, speckSide)
	if float64(small) < specksPerMegapixel*float64(area)/1e6 || 100*small < 80*total {
		return p, false
	}
	blur := 1
	if inked >= coarseSpeck*small {
		blur = 2
	}
	// The window: a few lines of print at 300 dpi (pages are rasterised
	// at up to 300); k as Sauvola's paper suggests for text.
	b := sauvola(boxBlur(p, blur), 2, 60, 0.34)
	despeckle(b, 2*speckArea, speckSide+1, 6)
	return b, true
}
