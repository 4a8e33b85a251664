package scanprep

import "math"

// affine maps output pixel centres to input coordinates:
// x = a*u + b*v + c, y = d*u + e*v + f.
type affine struct{ a, b, c, d, e, f float64 }

// tone is what the resampling pass does to each value: multiply by the
// gain that brings the paper to white (flatten, when gain is set), then
// stretch lo..hi to 0..255.
type tone struct {
	gain   *gainMap
	lo, hi float64
}

// gainMap is the flattening gain over the input image, one value per
// gainStep×gainStep pixels (the paper's brightness changes slowly).
type gainMap struct {
	w, h int
	v    []float32
}

const gainShift = 3 // gainStep = 8 pixels

// maxGain bounds flattening: paper in shadow is rarely under a third of
// full light, and a dark region the estimate took for paper (a colour
// band with white print) keeps its print visible.
const maxGain = 3

// newGainMap samples the paper's brightness f (in analysis pixels, k input
// pixels each) over a w×h input image.
func newGainMap(f field, k float64, w, h int) *gainMap {
	step := float64(int(1) << gainShift)
	g := &gainMap{w: (w >> gainShift) + 1, h: (h >> gainShift) + 1}
	g.v = make([]float32, g.w*g.h)
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			p := f.at((float64(x)+0.5)*step/k, (float64(y)+0.5)*step/k)
			g.v[y*g.w+x] = min(255/max(p, 1), maxGain)
		}
	}
	return g
}

// resample draws the output image (w×h) from src through m, bilinearly;
// what falls outside src is paper white. One pass does turning, deskew,
// scaling, cropping, flattening and contrast together, so the page is
// interpolated once.
func resample(src plane, w, h int, m affine, t tone) plane {
	out := newPlane(w, h)
	scale := float32(255 / (t.hi - t.lo))
	lo := float32(t.lo)
	var lut [256]uint8
	for v := range lut {
		lut[v] = clamp((float32(v) - lo) * scale)
	}
	sw, pix := src.w, src.pix
	if t.gain == nil {
		resampleFixed(src, out, m, &lut)
		return out
	}
	maxX, maxY := float64(src.w-1), float64(src.h-1)
	for v := 0; v < h; v++ {
		// Pixel centres: input index coordinates are centre - 0.5.
		fv := float64(v) + 0.5
		x := m.a*0.5 + m.b*fv + m.c - 0.5
		y := m.d*0.5 + m.e*fv + m.f - 0.5
		row := out.pix[v*w : (v+1)*w]
		for u := range row {
			if x < 0 || y < 0 || x >= maxX || y >= maxY {
				row[u] = 255
				x += m.a
				y += m.d
				continue
			}
			x0, y0 := int(x), int(y)
			fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
			i := y0*sw + x0
			q := pix[i : i+sw+2 : i+sw+2]
			p00, p01, p10, p11 := float32(q[0]), float32(q[1]), float32(q[sw]), float32(q[sw+1])
			top := p00 + (p01-p00)*fx
			val := top + (p10+(p11-p10)*fx-top)*fy
			if g := t.gain; g != nil {
				val *= g.v[(y0>>gainShift)*g.w+x0>>gainShift]
				row[u] = clamp((val - lo) * scale)
			} else {
				row[u] = lut[uint8(val+0.5)]
			}
			x += m.a
			y += m.d
		}
	}
	return out
}

// resampleFixed is resample without flattening, in fixed point (24
// fractional bits for positions, 8 for the interpolation weights): twice
// as fast, and what most corrected pages need.
func resampleFixed(src, out plane, m affine, lut *[256]uint8) {
	const frac = 24
	const one = 1 << frac
	sw, pix := src.w, src.pix
	maxX, maxY := int64(src.w-1)<<frac, int64(src.h-1)<<frac
	dx, dy := int64(math.Round(m.a*one)), int64(math.Round(m.d*one))
	for v := 0; v < out.h; v++ {
		fv := float64(v) + 0.5
		x := int64(math.Round((m.a*0.5 + m.b*fv + m.c - 0.5) * one))
		y := int64(math.Round((m.d*0.5 + m.e*fv + m.f - 0.5) * one))
		row := out.pix[v*out.w : (v+1)*out.w]
		for u := range row {
			if x < 0 || y < 0 || x >= maxX || y >= maxY {
				row[u] = 255
			} else {
				x0, y0 := int(x>>frac), int(y>>frac)
				fx, fy := uint32(x>>(frac-8))&0xff, uint32(y>>(frac-8))&0xff
				i := y0*sw + x0
				q := pix[i : i+sw+2 : i+sw+2]
				top := uint32(q[0])*(256-fx) + uint32(q[1])*fx
				bot := uint32(q[sw])*(256-fx) + uint32(q[sw+1])*fx
				row[u] = lut[(top*(256-fy)+bot*fy+1<<15)>>16]
			}
			x += dx
			y += dy
		}
	}
}

func clamp(v float32) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}

// turn returns p turned clockwise by deg, a multiple of 90, pixel for
// pixel.
func turn(p plane, deg int) plane {
	deg = ((deg % 360) + 360) % 360
	if deg == 0 {
		return p
	}
	w, h := p.w, p.h
	out := plane{w: w, h: h}
	if deg != 180 {
		out.w, out.h = h, w
	}
	out.pix = make([]uint8, w*h)
	for y := 0; y < h; y++ {
		row := p.pix[y*w : (y+1)*w]
		switch deg {
		case 90: // row y becomes column h-1-y
			for x, v := range row {
				out.pix[x*out.w+h-1-y] = v
			}
		case 180:
			dst := out.pix[(h-1-y)*w : (h-y)*w]
			for x, v := range row {
				dst[w-1-x] = v
			}
		case 270: // row y becomes column y, bottom to top
			for x, v := range row {
				out.pix[(w-1-x)*out.w+y] = v
			}
		}
	}
	return out
}

func sincosDeg(deg float64) (float64, float64) { return math.Sincos(deg * math.Pi / 180) }
