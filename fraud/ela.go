package fraud

import (
	"encoding/binary"
	"errors"
	"image"
	"math"
	"sort"
)

// Error-level analysis of a JPEG in the transform domain.
//
// A JPEG saved by an editor after a region was pasted into it carries two
// histories: the rest of the picture was compressed once before (by the
// camera, the scanner, the first save) and again at the editor's quality;
// the pasted region only at the editor's. Recompressing each 8×8 block at
// the first quality tells them apart: blocks already compressed at it sit
// on its quantization lattice and barely move, blocks that never were move
// as much as any fresh content (the "JPEG ghost" of Farid, 2009). The
// recompression is done on the blocks' DCT coefficients directly (the
// decoded block's forward DCT quantized with the libjpeg table of each
// candidate quality), which costs one DCT per block for every quality
// tried instead of an encode and a decode of the whole picture per
// quality.

// elaResult is the strongest region found in one JPEG.
type elaResult struct {
	// Quality is the quality of the earlier compression the rest of the
	// image shows (0 when none does).
	Quality int
	// FinalQuality is the quality the file was last saved at.
	FinalQuality int
	// Box is the region in pixels of the image.
	Box image.Rectangle
	// Ratio is the region's mean error over the image's median error at
	// Quality.
	Ratio  float64
	Median float64
	Blocks int
}

// stdLuma is the libjpeg luminance quantization table (ITU T.81 K.1), in
// natural order.
var stdLuma = [64]float64{
	16, 11, 10, 16, 24, 40, 51, 61,
	12, 12, 14, 19, 26, 58, 60, 55,
	14, 13, 16, 24, 40, 57, 69, 56,
	14, 17, 22, 29, 51, 87, 80, 62,
	18, 22, 37, 56, 68, 109, 103, 77,
	24, 35, 55, 64, 81, 104, 113, 92,
	49, 64, 78, 87, 103, 121, 120, 101,
	72, 92, 95, 98, 112, 100, 103, 99,
}

// zigzag maps zigzag order to natural order.
var zigzag = [64]int{
	0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
	12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
	35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
	58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
}

// qualityTable is libjpeg's luminance table for a quality (what Go's
// image/jpeg, browsers and most editors write).
func qualityTable(q int) [64]float64 {
	scale := 200 - 2*q
	if q < 50 {
		scale = 5000 / q
	}
	var t [64]float64
	for i, s := range stdLuma {
		v := math.Floor((s*float64(scale) + 50) / 100)
		t[i] = min(max(v, 1), 255)
	}
	return t
}

// estimateQuality is the libjpeg quality whose luminance table is nearest
// to t (natural order).
func estimateQuality(t [64]float64) int {
	best, bestD := 0, math.Inf(1)
	for q := 10; q <= 100; q++ {
		qt := qualityTable(q)
		d := 0.0
		for i := range t {
			d += math.Abs(qt[i] - t[i])
		}
		if d < bestD {
			best, bestD = q, d
		}
	}
	return best
}

// lumaTable reads the first quantization table of a JPEG (the luminance
// table), in natural order.
func lumaTable(b []byte) ([64]float64, error) {
	var t [64]float64
	if len(b) < 4 || b[0] != 0xff || b[1] != 0xd8 {
		return t, errors.New("not a JPEG")
	}
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xff {
			i++
			continue
		}
		marker := b[i+1]
		if marker == 0xd8 || marker == 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker == 0xff {
			i += 2
			continue
		}
		if marker == 0xda || marker == 0xd9 {
			break
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		seg := b[i+4 : min(len(b), i+2+n)]
		if marker == 0xdb {
			for len(seg) > 0 {
				pq, tq := seg[0]>>4, seg[0]&15
				size := 64
				if pq == 1 {
					size = 128
				}
				if len(seg) < 1+size {
					break
				}
				if tq == 0 {
					for k := 0; k < 64; k++ {
						v := float64(seg[1+k])
						if pq == 1 {
							v = float64(binary.BigEndian.Uint16(seg[1+2*k:]))
						}
						t[zigzag[k]] = v
					}
					return t, nil
				}
				seg = seg[1+size:]
			}
		}
		i += 2 + n
	}
	return t, errors.New("no luminance table")
}

// dctBasis[u][x] = α(u)·cos((2x+1)uπ/16).
var dctBasis = func() (c [8][8]float64) {
	for u := 0; u < 8; u++ {
		a := math.Sqrt(2.0 / 8)
		if u == 0 {
			a = math.Sqrt(1.0 / 8)
		}
		for x := 0; x < 8; x++ {
			c[u][x] = a * math.Cos(float64(2*x+1)*float64(u)*math.Pi/16)
		}
	}
	return c
}()

// dct8 is the 2-D DCT of an 8×8 block (level-shifted samples), natural
// order.
func dct8(in *[64]float64, out *[64]float64) {
	var tmp [64]float64
	for y := 0; y < 8; y++ {
		for u := 0; u < 8; u++ {
			s := 0.0
			for x := 0; x < 8; x++ {
				s += dctBasis[u][x] * in[y*8+x]
			}
			tmp[y*8+u] = s
		}
	}
	for u := 0; u < 8; u++ {
		for v := 0; v < 8; v++ {
			s := 0.0
			for y := 0; y < 8; y++ {
				s += dctBasis[v][y] * tmp[y*8+u]
			}
			out[v*8+u] = s
		}
	}
}

// lumaPlane returns the decoded image's luminance samples.
func lumaPlane(img image.Image) (pix []uint8, stride, w, h int, ok bool) {
	switch m := img.(type) {
	case *image.Gray:
		b := m.Bounds()
		return m.Pix, m.Stride, b.Dx(), b.Dy(), true
	case *image.YCbCr:
		b := m.Bounds()
		return m.Y, m.YStride, b.Dx(), b.Dy(), true
	}
	return nil, 0, 0, 0, false
}

// elaCoefficients are the zigzag positions compared: low and middle
// frequencies, where quantization steps are small enough to leave a
// lattice and large enough to be told from rounding.
const elaCoefficients = 20

// Limits of the analysis.
const (
	// elaMaxBlocks bounds the blocks analysed per image: larger images are
	// sampled on a coarser grid of blocks.
	elaMaxBlocks = 40_000
	// elaMaxPixels: larger images are not decoded at all.
	elaMaxPixels = 24_000_000
	// elaMinVariance is the least sample variance of a block measured: a
	// block of print (an edge, a stroke), not of paper grain.
	elaMinVariance = 20 * 20
)

// recompressionRegion looks for a region of a JPEG (data, its decoded
// luminance plane) that was not compressed like the rest. It returns nil
// when the image shows no earlier compression, or no region that escaped
// it.
func recompressionRegion(data []byte, plane luma) (*elaResult, error) {
	final, err := lumaTable(data)
	if err != nil {
		return nil, err
	}
	pix, stride, w, h := plane.pix, plane.stride, plane.w, plane.h
	if w < 64 || h < 64 {
		return nil, nil
	}
	finalQ := estimateQuality(final)
	bw, bh := w/8, h/8
	step := 1
	for (bw/step)*(bh/step) > elaMaxBlocks {
		step++
	}
	// Candidate earlier qualities: coarser than the last save, far enough
	// from it that its table differs.
	var qs []int
	var tables [][64]float64
	for q := 50; q <= 95; q += 5 {
		t := qualityTable(q)
		coarser := 0
		for _, i := range zigzag[1 : 1+elaCoefficients] {
			if t[i] >= 1.5*final[i] {
				coarser++
			}
		}
		if coarser*2 >= elaCoefficients {
			qs = append(qs, q)
			tables = append(tables, t)
		}
	}
	if len(qs) == 0 {
		return nil, nil
	}
	gw, gh := (bw+step-1)/step, (bh+step-1)/step
	// errs[k][g] is block g's mean normalised error at quality qs[k]; NaN
	// where the block has too few coefficients to say.
	errs := make([][]float64, len(qs))
	for k := range errs {
		errs[k] = make([]float64, gw*gh)
	}
	var in, out [64]float64
	for gy := 0; gy < gh; gy++ {
		for gx := 0; gx < gw; gx++ {
			bx, by := gx*step, gy*step
			sum, sq := 0.0, 0.0
			for y := 0; y < 8; y++ {
				row := pix[(by*8+y)*stride+bx*8:]
				for x := 0; x < 8; x++ {
					v := float64(row[x])
					sum += v
					sq += v * v
					in[y*8+x] = v - 128
				}
			}
			if sq/64-(sum/64)*(sum/64) < elaMinVariance {
				// Blank paper: its grain is sensor noise, and noise clipped to
				// white leaves the lattice wherever it touches 255.
				for k := range errs {
					errs[k][gy*gw+gx] = math.NaN()
				}
				continue
			}
			dct8(&in, &out)
			for k, t := range tables {
				sum, n := 0.0, 0
				for _, i := range zigzag[1 : 1+elaCoefficients] {
					c := out[i]
					if math.Abs(c) < t[i] {
						continue
					}
					d := c - t[i]*math.Round(c/t[i])
					sum += d * d / (t[i] * t[i] / 12)
					n++
				}
				g := gy*gw + gx
				if n < 3 {
					errs[k][g] = math.NaN()
					continue
				}
				errs[k][g] = sum / float64(n)
			}
		}
	}
	var best *elaResult
	for k, q := range qs {
		r := ghostRegion(errs[k], gw, gh)
		if r == nil {
			continue
		}
		r.Quality, r.FinalQuality = q, finalQ
		r.Box = image.Rect(r.Box.Min.X*8*step, r.Box.Min.Y*8*step, min(w, r.Box.Max.X*8*step), min(h, r.Box.Max.Y*8*step))
		if best == nil || r.Ratio > best.Ratio {
			best = r
		}
	}
	return best, nil
}

// ghostRegion finds, on a grid of block errors at one quality, a region
// whose error stands far above the image's: the image must show the
// earlier compression (a low median error over enough blocks) and the
// region must hold enough blocks, each window of 3×3 blocks in it erring
// well above the median.
func ghostRegion(errs []float64, gw, gh int) *elaResult {
	var vals []float64
	for _, e := range errs {
		if !math.IsNaN(e) {
			vals = append(vals, e)
		}
	}
	if len(vals) < 200 {
		return nil
	}
	sort.Float64s(vals)
	med := vals[len(vals)/2]
	if med > 0.45 {
		// Most of the image does not sit on this quality's lattice: it was
		// not compressed at it before.
		return nil
	}
	// Windows of 3×3 blocks whose active blocks err far above the median.
	hot := make([]bool, gw*gh)
	win := make([]float64, gw*gh)
	for y := 0; y < gh; y++ {
		for x := 0; x < gw; x++ {
			sum, n := 0.0, 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx < 0 || yy < 0 || xx >= gw || yy >= gh {
						continue
					}
					if e := errs[yy*gw+xx]; !math.IsNaN(e) {
						sum += e
						n++
					}
				}
			}
			if n >= 4 {
				win[y*gw+x] = sum / float64(n)
				hot[y*gw+x] = win[y*gw+x] > max(0.75, 3*med)
			}
		}
	}
	// The largest connected set of hot windows.
	seen := make([]bool, gw*gh)
	var best *elaResult
	var queue []int
	for start := range hot {
		if !hot[start] || seen[start] {
			continue
		}
		queue = append(queue[:0], start)
		seen[start] = true
		box := image.Rect(start%gw, start/gw, start%gw+1, start/gw+1)
		sum, n := 0.0, 0
		for len(queue) > 0 {
			g := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			x, y := g%gw, g/gw
			box = box.Union(image.Rect(x, y, x+1, y+1))
			sum += win[g]
			n++
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				xx, yy := x+d[0], y+d[1]
				if xx < 0 || yy < 0 || xx >= gw || yy >= gh {
					continue
				}
				if k := yy*gw + xx; hot[k] && !seen[k] {
					seen[k] = true
					queue = append(queue, k)
				}
			}
		}
		if n < 6 {
			continue
		}
		ratio := sum / float64(n) / max(med, 0.05)
		if best == nil || n > best.Blocks {
			best = &elaResult{Box: box, Ratio: ratio, Median: med, Blocks: n}
		}
	}
	return best
}
