package scanprep

// box is a connected component of ink: its bounds (x1, y1 exclusive) and
// pixel count.
type box struct {
	x0, y0, x1, y1 int
	n              int
}

func (b box) w() int { return b.x1 - b.x0 }
func (b box) h() int { return b.y1 - b.y0 }

type run struct{ x0, x1, label int32 }

// components labels the 8-connected components of pixels darker than or
// equal to thr, by runs: text is mostly background, so a page has few runs
// per row and this costs little more than reading the pixels.
func components(p plane, thr uint8) []box {
	parent := []int32{}
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	var prev, cur []run
	var all [][]run
	for y := 0; y < p.h; y++ {
		row := p.pix[y*p.w : (y+1)*p.w]
		cur = cur[:0]
		for x := 0; x < p.w; {
			if row[x] > thr {
				x++
				continue
			}
			start := x
			for x < p.w && row[x] <= thr {
				x++
			}
			r := run{x0: int32(start), x1: int32(x), label: -1}
			for _, q := range prev {
				// 8-connected: runs touching diagonally join.
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
			cur = append(cur, r)
		}
		rowRuns := append([]run(nil), cur...)
		all = append(all, rowRuns)
		prev = rowRuns
	}
	idx := make([]int32, len(parent))
	for i := range idx {
		idx[i] = -1
	}
	var boxes []box
	for y, runs := range all {
		for _, r := range runs {
			root := find(r.label)
			k := idx[root]
			if k < 0 {
				k = int32(len(boxes))
				idx[root] = k
				boxes = append(boxes, box{x0: int(r.x0), y0: y, x1: int(r.x1), y1: y + 1})
			}
			b := &boxes[k]
			b.x0, b.x1 = min(b.x0, int(r.x0)), max(b.x1, int(r.x1))
			b.y1 = y + 1
			b.n += int(r.x1 - r.x0)
		}
	}
	return boxes
}

// glyphs keeps the components shaped like printed characters: not touching
// the image's edge (a scan's dark border, a table around a card), not
// specks, not solid blocks (photos, colour bands), and of a height near the
// page's typical one (titles, rules and pictures left out).
func glyphs(p plane, boxes []box) []box {
	var cand []box
	var hs []float64
	for _, b := range boxes {
		if b.x0 == 0 || b.y0 == 0 || b.x1 == p.w || b.y1 == p.h {
			continue
		}
		h, w := b.h(), b.w()
		if h < 3 && w < 3 || b.n < 4 || h > p.h/12 || w > p.w/4 {
			continue
		}
		if float64(b.n) > 0.9*float64(w*h) && w*h > 64 {
			continue // a solid block
		}
		cand = append(cand, b)
		hs = append(hs, float64(max(h, w)))
	}
	if len(cand) == 0 {
		return nil
	}
	// Characters of the body text are within a factor of ~2.5 of the
	// typical size whichever way they are turned.
	m := median(hs)
	out := cand[:0]
	for _, b := range cand {
		if s := float64(max(b.h(), b.w())); s >= 0.4*m && s <= 2.5*m {
			out = append(out, b)
		}
	}
	return out
}
