package fraud

import (
	"encoding/binary"
	"errors"
	"image"
	"math"
	"slices"
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
	// Inverse: the region sits on an earlier lattice the rest of the
	// picture does not (inverseGhost).
	Inverse bool
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
	// sampled on a coarser grid of blocks. A page scanned at 300 dpi
	// (131,000 blocks) is analysed block by block: sampled every other
	// block, a pasted line of print left too few windows to show; only
	// blocks of print are transformed, so the cost follows the print.
	elaMaxBlocks = 140_000
	// elaMaxPixels: larger images are not decoded at all.
	elaMaxPixels = 24_000_000
	// elaMinVariance is the least sample variance of a block measured: a
	// block of print (an edge, a stroke), not of paper grain.
	elaMinVariance = 20 * 20
	// elaMinQuality and elaMaxQuality bound the earlier saves looked for.
	elaMinQuality = 50
	elaMaxQuality = 97
	// ghostMaxMedian is the most median error of a picture that shows an
	// earlier compression.
	ghostMaxMedian = 0.45
	// ghostMinRatio is the least mean error of a region over the median.
	ghostMinRatio = 5
	// inverseMinMedian is the least median error of a picture searched for
	// an inverse ghost, inverseMaxError the most error of its windows,
	// inverseMinBlocks and inverseMaxHeight its least size and greatest
	// height in blocks.
	inverseMinMedian = 0.8
	inverseMaxError  = 0.3
	inverseMinBlocks = 12
	inverseMaxHeight = 8
	// ghostLargeRegion windows make a region whatever its ratio.
	ghostLargeRegion = 20
	// elaMinFinalQuality is the lowest last save analysed.
	elaMinFinalQuality = 60
	// elaNearBlack: a sample this dark may have been clipped to black by
	// an earlier save's decoding and lifted a few levels by the last
	// (clippedError).
	elaNearBlack = 8
	// elaClipDepth is the most a sample near black may have been lower,
	// in steps of the earlier save's table (its mean over the
	// coefficients compared): the ringing of that save about a stroke of
	// print. At 75 (a mean step of 9) own clean pages were let down 15
	// levels at most in all but a few blocks; print pasted in black fits
	// the lattice only by letting its samples down 20 to 60.
	elaClipDepth = 1.75
)

// recompressionRegion looks for a region of a picture (data: its JPEG
// bytes, nil for a picture stored without loss, a PNG; plane: its decoded
// luminance) that was not compressed like the rest. It returns nil when
// the picture shows no earlier compression, or no region that escaped it.
//
// The earlier compression is looked for at every libjpeg quality from
// elaMinQuality to elaMaxQuality (a scanner or a camera saves at any of
// them, not only at multiples of five) whose table is coarser than the
// last save's; the one whose lattice most of the picture sits closest to
// is the earlier save, and only it is searched for a region.
func recompressionRegion(data []byte, plane luma) (*elaResult, error) {
	var final [64]float64
	finalQ := 100
	if data != nil {
		t, err := lumaTable(data)
		if err != nil {
			return nil, err
		}
		final, finalQ = t, estimateQuality(t)
	} else {
		// Stored without loss: every earlier quality is coarser.
		for i := range final {
			final[i] = 1
		}
	}
	pix, stride, w, h := plane.pix, plane.stride, plane.w, plane.h
	if w < 64 || h < 64 {
		return nil, nil
	}
	bw, bh := w/8, h/8
	step := 1
	for (bw/step)*(bh/step) > elaMaxBlocks {
		step++
	}
	// Candidate earlier qualities: coarser than the last save, far enough
	// from it that its table differs.
	var qs []int
	var tables [][64]float64
	for q := elaMinQuality; q <= elaMaxQuality; q++ {
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
	// clip marks the blocks whose decoded samples were clipped to black or
	// white: they left the lattice when they were decoded, not only when
	// they were edited.
	clip := make([]bool, gw*gh)
	// nearBlack marks the blocks with a sample within a save's error of
	// black: print the earlier save's decoding clipped (its ringing below
	// black cut off) and a later save left a level or two above it.
	nearBlack := make([]bool, gw*gh)
	var in, out [64]float64
	for gy := 0; gy < gh; gy++ {
		for gx := 0; gx < gw; gx++ {
			bx, by := gx*step, gy*step
			sum, sq := 0.0, 0.0
			clipped, black := 0, 0
			for y := 0; y < 8; y++ {
				row := pix[(by*8+y)*stride+bx*8:]
				for x := 0; x < 8; x++ {
					v := float64(row[x])
					sum += v
					sq += v * v
					in[y*8+x] = v - 128
					if row[x] <= 1 || row[x] >= 254 {
						clipped++
					}
					if row[x] <= elaNearBlack {
						black++
					}
				}
			}
			clip[gy*gw+gx] = clipped > 2
			nearBlack[gy*gw+gx] = black > 0
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
	// The earlier quality: the lowest median error. Qualities a step
	// apart share most of their table, so the search stays at the best.
	bestOf := func(errs [][]float64) (int, float64) {
		best, bestMed := -1, math.Inf(1)
		for k := range qs {
			if m, ok := medianOf(errs[k]); ok && m < bestMed {
				best, bestMed = k, m
			}
		}
		return best, bestMed
	}
	best, med := bestOf(errs)
	if best < 0 || med > ghostMaxMedian {
		// A scan of black print on paper its scanner clipped to white
		// leaves the lattice in every block of print: the earlier save
		// shows in the blocks that were not clipped, and a region is
		// looked for among them only.
		for k := range errs {
			for g, c := range clip {
				if c {
					errs[k][g] = math.NaN()
				}
			}
		}
		best, med = bestOf(errs)
	}
	if best < 0 {
		return nil, nil
	}
	// A block of print clipped to black when the earlier save was
	// decoded left the lattice then, edited or not: own clean scans saved
	// at 75 then at 92 by Pillow showed a Courier Bold heading on a shaded
	// band, and a bold name on a tinted card, as regions 7 to 8 times the
	// median. A block near black erring so is measured again allowing for
	// its clipping (clippedError), and counts as on the lattice when it
	// comes back to it as closely as most of the picture's blocks sit
	// (print pasted in black, fitted so, still errs more).
	unclipped := slices.Clone(errs[best])
	for g, e := range unclipped {
		if nearBlack[g] && !math.IsNaN(e) && e > max(0.75, 3*med) {
			bx, by := (g%gw)*step, (g/gw)*step
			if c := clippedError(pix[by*8*stride+bx*8:], stride, tables[best], e); c <= max(0.3, med) {
				unclipped[g] = c
			}
		}
	}
	if r := ghostRegion(errs[best], unclipped, gw, gh); r != nil {
		r.Quality, r.FinalQuality = qs[best], finalQ
		r.Box = image.Rect(r.Box.Min.X*8*step, r.Box.Min.Y*8*step, min(w, r.Box.Max.X*8*step), min(h, r.Box.Max.Y*8*step))
		return r, nil
	}
	// A region pasted from a picture saved coarser than anything the rest
	// went through may still sit on its own lattice (an inverse ghost),
	// whatever the rest shows.
	var r *elaResult
	for k, q := range qs {
		c := inverseGhost(errs[k], gw, gh)
		if c == nil {
			continue
		}
		c.Box = image.Rect(c.Box.Min.X*8*step, c.Box.Min.Y*8*step, min(w, c.Box.Max.X*8*step), min(h, c.Box.Max.Y*8*step))
		if (r == nil || c.Blocks > r.Blocks) && !ruled(pix, stride, c.Box) {
			r = c
			r.Quality = q
		}
	}
	if r == nil {
		return nil, nil
	}
	r.FinalQuality, r.Inverse = finalQ, true
	return r, nil
}

// ruledAnisotropy is how much more a ruled line's samples change across
// it than along it (grain changes both alike).
const ruledAnisotropy = 3.0

// ruled: the region (in samples) holds a ruled line, not print: its
// samples change across one direction several times as much as along
// the other. A form's rule on a grainy scan saved twice (own Pillow form
// at 300 dpi, 80 then 94) sat on an earlier save's lattice for 19
// blocks along its length as an inverse ghost: a rule's blocks are a
// few tones repeated, which fit a coarser table by chance. Pasted
// print has strokes both ways.
func ruled(pix []uint8, stride int, r image.Rectangle) bool {
	var across, along float64
	for y := r.Min.Y; y < r.Max.Y-1; y++ {
		row := pix[y*stride:]
		next := pix[(y+1)*stride:]
		for x := r.Min.X; x < r.Max.X-1; x++ {
			along += math.Abs(float64(row[x+1]) - float64(row[x]))
			across += math.Abs(float64(next[x]) - float64(row[x]))
		}
	}
	return across > ruledAnisotropy*along || along > ruledAnisotropy*across
}

// clippedError is a block's error at a quality (as recompressionRegion
// measures it: err is its plain figure) allowing for print the earlier
// save's decoding clipped to black: its ringing below black was cut off,
// so its samples near black may have been lower on the lattice. The
// block is brought to the lattice and its samples near black let down
// to it, a few times over (alternate projections); what it still errs
// is its error. A block of bold print only clipped comes back to the
// lattice; fresh print keeps its error in its samples above black.
func clippedError(pix []uint8, stride int, t [64]float64, err float64) float64 {
	var x, z, c [64]float64
	for y := 0; y < 8; y++ {
		for i := 0; i < 8; i++ {
			x[y*8+i] = float64(pix[y*stride+i]) - 128
		}
	}
	depth := 0.0
	for _, i := range zigzag[1 : 1+elaCoefficients] {
		depth += t[i]
	}
	depth *= elaClipDepth / elaCoefficients
	z = x
	for it := 0; it < 8; it++ {
		dct8(&z, &c)
		for i := range c {
			c[i] = t[i] * math.Round(c[i]/t[i])
		}
		idct8(&c, &z)
		for i := range z {
			if x[i] > elaNearBlack-128 {
				z[i] = x[i]
			} else {
				z[i] = max(min(z[i], x[i]), x[i]-depth)
			}
		}
	}
	dct8(&z, &c)
	sum, n := 0.0, 0
	for _, i := range zigzag[1 : 1+elaCoefficients] {
		if math.Abs(c[i]) < t[i] {
			continue
		}
		d := c[i] - t[i]*math.Round(c[i]/t[i])
		sum += d * d / (t[i] * t[i] / 12)
		n++
	}
	if n < 3 {
		return err
	}
	return min(err, sum/float64(n))
}

// idct8 is dct8's inverse (the transform is orthonormal: its transpose).
func idct8(in *[64]float64, out *[64]float64) {
	var tmp [64]float64
	for v := 0; v < 8; v++ {
		for x := 0; x < 8; x++ {
			s := 0.0
			for u := 0; u < 8; u++ {
				s += dctBasis[u][x] * in[v*8+u]
			}
			tmp[v*8+x] = s
		}
	}
	for x := 0; x < 8; x++ {
		for y := 0; y < 8; y++ {
			s := 0.0
			for v := 0; v < 8; v++ {
				s += dctBasis[v][y] * tmp[v*8+x]
			}
			out[y*8+x] = s
		}
	}
}

// medianOf is the median of the values that are not NaN; false when
// fewer than 200 are (too little print to say).
func medianOf(errs []float64) (float64, bool) {
	var vals []float64
	for _, e := range errs {
		if !math.IsNaN(e) {
			vals = append(vals, e)
		}
	}
	if len(vals) < 200 {
		return 0, false
	}
	sort.Float64s(vals)
	return vals[len(vals)/2], true
}

// inverseGhost finds, on a grid of block errors at one quality the
// picture as a whole never went through (its median error near 1, fresh
// content's), a region that sits on that quality's lattice: a patch taken
// from a picture saved coarser, pasted on the 8×8 grid, then saved over
// with the rest. Windows of 3×3 blocks whose error is near zero, in a
// connected region of at least inverseMinBlocks windows no taller than a
// line of print (a card's or a form's own pictures, its portrait and
// logo, are taller); chance leaves no such run of near-zero windows in
// fresh content.
func inverseGhost(errs []float64, gw, gh int) *elaResult {
	med, ok := medianOf(errs)
	if !ok || med < inverseMinMedian {
		return nil
	}
	var best *elaResult
	for _, r := range windowRegions(errs, gw, gh, func(win float64) bool { return win < inverseMaxError }) {
		if r.n < inverseMinBlocks || r.box.Dy() > inverseMaxHeight || alikeBlocks(errs, gw, gh, r.box) {
			continue
		}
		if best == nil || r.n > best.Blocks {
			best = &elaResult{Box: r.box, Ratio: med / max(r.sum/float64(r.n), 0.01), Median: med, Blocks: r.n}
		}
	}
	return best
}

// alikeBlocks: the blocks that sit on the lattice in and around a region
// (its windows' blocks) are copies of a few, as the blocks along a ruled
// or dotted line of a page rendered without grain are: the same samples,
// so the same error to the bit, a few phases of a pattern at most. One
// block's chance fit to a quality, repeated along the line, is not a
// region's history; pasted print on a scan or a photo differs block by
// block, glyphs and grain.
func alikeBlocks(errs []float64, gw, gh int, box image.Rectangle) bool {
	box = box.Inset(-1).Intersect(image.Rect(0, 0, gw, gh))
	seen := map[float64]bool{}
	n := 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if e := errs[y*gw+x]; e < inverseMaxError {
				seen[e] = true
				n++
			}
		}
	}
	return len(seen) < inverseMinBlocks/2 || 2*len(seen) < n
}

// ghostRegion finds, on a grid of block errors at one quality, a region
// whose error stands far above the image's: the image must show the
// earlier compression (a low median error over enough blocks) and the
// region must hold enough blocks, each window of 3×3 blocks in it erring
// well above the median.
func ghostRegion(errs, unclipped []float64, gw, gh int) *elaResult {
	med, ok := medianOf(errs)
	if !ok || med > ghostMaxMedian {
		// Most of the image does not sit on this quality's lattice: it was
		// not compressed at it before.
		return nil
	}
	// Windows of 3×3 blocks whose active blocks err far above the median
	// (unclipped: errs with the blocks of print only clipped at the
	// earlier decoding measured allowing for it); the largest connected
	// set of them.
	var best *elaResult
	for _, r := range windowRegions(unclipped, gw, gh, func(win float64) bool { return win > max(0.75, 3*med) }) {
		if r.n < 6 {
			continue
		}
		ratio := r.sum / float64(r.n) / max(med, 0.05)
		if ratio < ghostMinRatio && r.n < ghostLargeRegion {
			// Print the last save left off its lattice in places (a stroke
			// clipped to black, a gradient rounded twice) errs a few times
			// the median, in a few blocks; what never went through the
			// earlier save errs like fresh content, many times it, or over
			// a region the size of a line of print.
			continue
		}
		if best == nil || r.n > best.Blocks {
			best = &elaResult{Box: r.box, Ratio: ratio, Median: med, Blocks: r.n}
		}
	}
	return best
}

// windowRegion is a 4-connected set of marked windows: its bounds in
// blocks, its windows' summed mean error and their count.
type windowRegion struct {
	box image.Rectangle
	sum float64
	n   int
}

// windowRegions averages each window of 3×3 blocks of a grid of block
// errors (over its blocks that are not NaN, at least four of them), marks
// the windows whose mean marked says to, and returns the connected sets of
// marked windows in the order of their first window (row by row).
func windowRegions(errs []float64, gw, gh int, marked func(win float64) bool) []windowRegion {
	mark := make([]bool, gw*gh)
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
				mark[y*gw+x] = marked(win[y*gw+x])
			}
		}
	}
	seen := make([]bool, gw*gh)
	var out []windowRegion
	var queue []int
	for start := range mark {
		if !mark[start] || seen[start] {
			continue
		}
		queue = append(queue[:0], start)
		seen[start] = true
		r := windowRegion{box: image.Rect(start%gw, start/gw, start%gw+1, start/gw+1)}
		for len(queue) > 0 {
			g := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			x, y := g%gw, g/gw
			r.box = r.box.Union(image.Rect(x, y, x+1, y+1))
			r.sum += win[g]
			r.n++
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				xx, yy := x+d[0], y+d[1]
				if xx < 0 || yy < 0 || xx >= gw || yy >= gh {
					continue
				}
				if k := yy*gw + xx; mark[k] && !seen[k] {
					seen[k] = true
					queue = append(queue, k)
				}
			}
		}
		out = append(out, r)
	}
	return out
}
