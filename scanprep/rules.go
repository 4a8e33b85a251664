package scanprep

// removeRules paints over the thin straight lines of a form (table
// borders, boxes around fields, lines under values) in p, in place, and
// reports whether it found any. Tesseract's page layout takes a ruled
// cell for a picture or joins its text to the rule: on sample forms, a
// table's header row and its one data row were lost whole ("Ca CC" for
// "Vaccine  Admin Date").
//
// A rule is a run of ink at least minLen long along a row (or a column)
// whose pixels are each at most maxThick deep across it. Print is never
// that long along one row except where letters touch, and a stroke that
// crosses a rule (a descender through a line under a name) is deeper
// than maxThick there and stays; so does a filled band (a header printed
// white on dark). The grey fringe a scan leaves on either side of a rule
// goes with it.
func removeRules(p plane, thr uint8, minLen, maxThick int, paperLv uint8) bool {
	if p.w < minLen && p.h < minLen {
		return false
	}
	// A rule's grey edges and a thin rule's whole width are lighter than
	// the print's threshold: half way to the paper counts as ink here.
	strict := thr
	thr = uint8((int(thr) + int(paperLv)) / 2)
	ink := make([]bool, len(p.pix))
	for i, v := range p.pix {
		ink[i] = v <= thr
	}
	mark := make([]bool, len(p.pix))
	found := false
	w, h := p.w, p.h
	// Along rows: a run may step to the row above or below (ink in the
	// row or either neighbour continues it); its ink pixels no deeper
	// than maxThick down the page are the rule's.
	vdepth := runDepths(ink, w, h, false)
	near := make([]bool, w)
	for y := 0; y < h; y++ {
		for x := range near {
			i := y*w + x
			near[x] = ink[i] || y > 0 && ink[i-w] || y+1 < h && ink[i+w]
		}
		for x := 0; x < w; {
			if !near[x] {
				x++
				continue
			}
			start := x
			for x < w && near[x] {
				x++
			}
			if x-start < minLen {
				continue
			}
			for yy := max(y-1, 0); yy <= min(y+1, h-1); yy++ {
				for xx := start; xx < x; xx++ {
					if i := yy*w + xx; ink[i] && int(vdepth[i]) <= maxThick {
						mark[i] = true
						found = true
						// The blur beside it, lighter than print.
						for _, f := range [4]int{yy - 2, yy - 1, yy + 1, yy + 2} {
							if f >= 0 && f < h && p.pix[f*w+xx] > strict {
								mark[f*w+xx] = true
							}
						}
					}
				}
			}
		}
	}
	// Down columns likewise, computed row by row (a column at a time
	// reads memory a row apart): the length of each pixel's run of ink
	// in its column or either neighbour, from above and then from below.
	hdepth := runDepths(ink, w, h, true)
	run := make([]int32, len(ink))
	nearAt := func(i, x int) bool { return ink[i] || x > 0 && ink[i-1] || x+1 < w && ink[i+1] }
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			if nearAt(i, x) {
				run[i] = 1
				if y > 0 {
					run[i] += run[i-w]
				}
			}
		}
	}
	for y := h - 2; y >= 0; y-- {
		for x := 0; x < w; x++ {
			if i := y*w + x; run[i] > 0 && run[i+w] > run[i] {
				run[i] = run[i+w]
			}
		}
	}
	for i, n := range run {
		if int(n) < minLen {
			continue
		}
		x := i % w
		for xx := max(x-1, 0); xx <= min(x+1, w-1); xx++ {
			if j := i - x + xx; ink[j] && int(hdepth[j]) <= maxThick {
				mark[j] = true
				found = true
				for _, f := range [4]int{xx - 2, xx - 1, xx + 1, xx + 2} {
					if f >= 0 && f < w && p.pix[j-xx+f] > strict {
						mark[j-xx+f] = true
					}
				}
			}
		}
	}
	if !found {
		return false
	}
	for i, m := range mark {
		if m {
			p.pix[i] = paperLv
		}
	}
	return true
}

// runDepths returns, for each pixel of ink, the length of the run of ink
// it lies in along rows (across) or columns (!across), capped at 65535;
// 0 for paper. Columns are measured row by row, from above and then from
// below, to read memory in order.
func runDepths(ink []bool, w, h int, across bool) []uint16 {
	d := make([]uint16, len(ink))
	if across {
		for y := 0; y < h; y++ {
			row := ink[y*w : (y+1)*w]
			for x := 0; x < w; {
				if !row[x] {
					x++
					continue
				}
				start := x
				for x < w && row[x] {
					x++
				}
				n := uint16(min(x-start, 65535))
				for k := start; k < x; k++ {
					d[y*w+k] = n
				}
			}
		}
		return d
	}
	for i, v := range ink {
		if v {
			d[i] = 1
			if i >= w && d[i-w] < 65535 {
				d[i] += d[i-w]
			}
		}
	}
	for i := len(ink) - w - 1; i >= 0; i-- {
		if d[i] > 0 && d[i+w] > d[i] {
			d[i] = d[i+w]
		}
	}
	return d
}
