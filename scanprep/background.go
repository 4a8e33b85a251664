package scanprep

import "math"

// field is a coarse grid of values over an image (the paper's brightness),
// read back anywhere by bilinear interpolation.
type field struct {
	w, h int
	cell float64 // image pixels per grid cell
	v    []float32
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
	r := max(1, min(gw, gh)/4)
	f.v = filterGrid(f.v, gw, gh, r, true)
	f.v = filterGrid(f.v, gw, gh, r, false)
	// Soften the steps the closing leaves at the window's scale.
	f.v = boxGrid(boxGrid(f.v, gw, gh, 1), gw, gh, 1)
	return f
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
func (f field) unevenness() float64 {
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
