package scanprep

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"sort"
	"strconv"
)

// plane is an 8-bit grayscale image with rows packed (stride = width).
type plane struct {
	w, h int
	pix  []uint8
}

func newPlane(w, h int) plane { return plane{w: w, h: h, pix: make([]uint8, w*h)} }

// planeOf returns g's pixels as a plane, sharing them when g is packed.
func planeOf(g *image.Gray) plane {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	if g.Stride == w && b.Min == (image.Point{}) {
		return plane{w: w, h: h, pix: g.Pix[:w*h]}
	}
	p := newPlane(w, h)
	for y := 0; y < h; y++ {
		copy(p.pix[y*w:(y+1)*w], g.Pix[g.PixOffset(b.Min.X, b.Min.Y+y):])
	}
	return p
}

func (p plane) gray() *image.Gray {
	return &image.Gray{Pix: p.pix, Stride: p.w, Rect: image.Rect(0, 0, p.w, p.h)}
}

// shrink averages k×k blocks (the last partial row and column of blocks
// are dropped).
func shrink(p plane, k int) plane {
	if k <= 1 {
		return p
	}
	out := newPlane(p.w/k, p.h/k)
	if k == 2 {
		for oy := 0; oy < out.h; oy++ {
			r0 := p.pix[2*oy*p.w : 2*oy*p.w+2*out.w]
			r1 := p.pix[(2*oy+1)*p.w : (2*oy+1)*p.w+2*out.w]
			dst := out.pix[oy*out.w : (oy+1)*out.w]
			for ox := range dst {
				dst[ox] = uint8((uint32(r0[2*ox]) + uint32(r0[2*ox+1]) + uint32(r1[2*ox]) + uint32(r1[2*ox+1]) + 2) >> 2)
			}
		}
		return out
	}
	sums := make([]uint32, out.w)
	div := uint32(k * k)
	for oy := 0; oy < out.h; oy++ {
		clear(sums)
		for y := oy * k; y < (oy+1)*k; y++ {
			row := p.pix[y*p.w : y*p.w+out.w*k]
			for ox := range sums {
				var s uint32
				for _, v := range row[ox*k : ox*k+k] {
					s += uint32(v)
				}
				sums[ox] += s
			}
		}
		dst := out.pix[oy*out.w : (oy+1)*out.w]
		for ox, s := range sums {
			dst[ox] = uint8((s + div/2) / div)
		}
	}
	return out
}

func histogram(pix []uint8) (h [256]int) {
	for _, v := range pix {
		h[v]++
	}
	return h
}

// otsu returns the threshold that best splits the histogram into two
// classes (values ≤ t and > t), with each class's mean.
func otsu(h [256]int) (t uint8, lowMean, highMean float64) {
	var total, sum float64
	for v, n := range h {
		total += float64(n)
		sum += float64(v * n)
	}
	if total == 0 {
		return 0, 0, 0
	}
	var wB, sumB, best float64
	for v := 0; v < 255; v++ {
		wB += float64(h[v])
		if wB == 0 {
			continue
		}
		wF := total - wB
		if wF == 0 {
			break
		}
		sumB += float64(v * h[v])
		mB, mF := sumB/wB, (sum-sumB)/wF
		if between := wB * wF * (mB - mF) * (mB - mF); between > best {
			best, t, lowMean, highMean = between, uint8(v), mB, mF
		}
	}
	return t, lowMean, highMean
}

// percentile of a histogram, q in [0,1].
func percentile(h [256]int, q float64) uint8 {
	var total int
	for _, n := range h {
		total += n
	}
	want := int(q * float64(total))
	acc := 0
	for v, n := range h {
		acc += n
		if acc > want {
			return uint8(v)
		}
	}
	return 255
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// ReadPGM reads a binary PGM (P5, 8-bit), what pdftoppm -gray writes.
func ReadPGM(path string) (*image.Gray, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReader(bytes.NewReader(b))
	var magic string
	var w, h, maxv int
	if _, err := fmt.Fscan(br, &magic, &w, &h, &maxv); err != nil {
		return nil, fmt.Errorf("scanprep: %s: bad PGM header: %w", path, err)
	}
	if magic != "P5" || maxv != 255 || w <= 0 || h <= 0 {
		return nil, fmt.Errorf("scanprep: %s: not an 8-bit binary PGM (%s, max %d)", path, magic, maxv)
	}
	if _, err := br.ReadByte(); err != nil {
		return nil, err
	}
	g := image.NewGray(image.Rect(0, 0, w, h))
	if _, err := io.ReadFull(br, g.Pix); err != nil {
		return nil, fmt.Errorf("scanprep: %s: short PGM data: %w", path, err)
	}
	return g, nil
}

// WritePGM writes g as a binary PGM, which Tesseract reads without the
// cost of compressing it.
func WritePGM(path string, g *image.Gray) error {
	p := planeOf(g)
	if p.w == 0 || p.h == 0 {
		return errors.New("scanprep: an empty image")
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	bw.WriteString("P5\n" + strconv.Itoa(p.w) + " " + strconv.Itoa(p.h) + "\n255\n")
	bw.Write(p.pix)
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
