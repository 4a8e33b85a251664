package sampledocs

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"golang.org/x/image/tiff"
)

func init() {
	// pdfcpu would otherwise write a configuration folder into $HOME.
	api.DisableConfigDir()
}

// ScanOptions shape a simulated scan. The zero value is a typical phone
// scan: 200 dpi, grayscale, JPEG quality 75, a skew drawn per page in
// [-1.5°, 1.5°], light sensor noise and a little contrast loss.
type ScanOptions struct {
	// DPI is the raster resolution (200 when zero).
	DPI int
	// SkewDegrees rotates every page by this angle. Zero draws a skew per
	// page in [-1.5, 1.5] from the seed; set Straight for none.
	SkewDegrees float64
	Straight    bool
	// Noise is the standard deviation of per-pixel noise as a fraction of
	// full scale (0.035 when zero, none when negative).
	Noise float64
	// JPEGQuality is the encoder quality (75 when zero).
	JPEGQuality int
	// Grayscale is the default; the field lets a caller say so. Color
	// keeps color (a phone photo rather than a scanner).
	Grayscale bool
	Color     bool
	// Seed fixes the degradation; zero derives it from the input bytes, so
	// the same PDF always scans the same.
	Seed uint64
}

func (o ScanOptions) withDefaults(input []byte) ScanOptions {
	if o.DPI <= 0 {
		o.DPI = 200
	}
	if o.Noise == 0 {
		o.Noise = 0.035
	}
	if o.JPEGQuality <= 0 {
		o.JPEGQuality = 75
	}
	if o.Seed == 0 {
		h := fnv.New64a()
		h.Write(input)
		o.Seed = h.Sum64()
	}
	return o
}

// raster is a rasterised page: one plane (gray) or three (RGB).
type raster struct {
	w, h   int
	planes [][]uint8
}

// RenderScanned turns a PDF into what a phone scanner app or a copier
// produces from its printout: every page rasterised with pdftoppm,
// degraded (skew, noise, softened contrast, uneven lighting), encoded as
// JPEG and wrapped into an image-only PDF with the same page count and no
// text layer. Metadata names a scanner app; CreationDate follows the
// input's by up to a few days.
func RenderScanned(pdf []byte, opt ScanOptions) ([]byte, error) {
	opt = opt.withDefaults(pdf)
	pages, err := rasterize(pdf, opt.DPI, !opt.Color, 0, 0)
	if err != nil {
		return nil, err
	}
	r := Seeded(opt.Seed)
	jpgs := make([][]byte, len(pages))
	seeds := make([]uint64, len(pages))
	for i := range seeds {
		seeds[i] = r.Uint64()
	}
	errs := make([]error, len(pages))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for i, pg := range pages {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			pr := Seeded(seeds[i])
			skew := opt.SkewDegrees
			if skew == 0 && !opt.Straight {
				skew = (pr.Float64()*2 - 1) * 1.5
			}
			if opt.Straight {
				skew = 0
			}
			out := degrade(pg, pr, skew, max(opt.Noise, 0))
			var buf bytes.Buffer
			if err := jpeg.Encode(&buf, out.image(), &jpeg.Options{Quality: opt.JPEGQuality}); err != nil {
				errs[i] = err
				return
			}
			jpgs[i] = buf.Bytes()
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("sampledocs: encode scan: %w", err)
	}
	created := pdfCreationDate(pdf).Add(time.Duration(20+r.IntN(72*60)) * time.Minute)
	m := pick(r, metaScanner)
	return imagePDF(jpgs, pages, opt.DPI, created, m)
}

var creationRE = regexp.MustCompile(`/CreationDate \(D:(\d{14})`)

func pdfCreationDate(pdf []byte) time.Time {
	if m := creationRE.FindSubmatch(pdf); m != nil {
		if t, err := time.Parse("20060102150405", string(m[1])); err == nil {
			return t
		}
	}
	return DefaultAsOf().Add(-72 * time.Hour)
}

// imagePDF wraps one JPEG per page into a PDF sized to the raster. It is
// written by hand rather than with fpdf, whose catalog sort orders images
// by width only and so would shuffle equal-sized pages run to run.
func imagePDF(jpgs [][]byte, pages []raster, dpi int, created time.Time, m meta) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	n := len(jpgs)
	offsets := make([]int, 3+3*n+1)
	begin := func(num int) {
		offsets[num] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n", num)
	}
	begin(1)
	b.WriteString("<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
	begin(2)
	b.WriteString("<< /Type /Pages /Kids [")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%d 0 R ", 3+3*i)
	}
	fmt.Fprintf(&b, "] /Count %d >>\nendobj\n", n)
	for i, j := range jpgs {
		pg, content, img := 3+3*i, 4+3*i, 5+3*i
		w := float64(pages[i].w) * 72 / float64(dpi)
		h := float64(pages[i].h) * 72 / float64(dpi)
		begin(pg)
		fmt.Fprintf(&b, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>\nendobj\n", w, h, img, content)
		draw := fmt.Sprintf("q\n%.2f 0 0 %.2f 0 0 cm\n/Im0 Do\nQ\n", w, h)
		begin(content)
		fmt.Fprintf(&b, "<< /Length %d >>\nstream\n%sendstream\nendobj\n", len(draw), draw)
		cs := "/DeviceGray"
		if len(pages[i].planes) == 3 {
			cs = "/DeviceRGB"
		}
		begin(img)
		fmt.Fprintf(&b, "<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n", pages[i].w, pages[i].h, cs, len(j))
		b.Write(j)
		b.WriteString("\nendstream\nendobj\n")
	}
	info := 3 + 3*n
	begin(info)
	fmt.Fprintf(&b, "<< /Producer %s", pdfString(m.producer))
	if m.creator != "" {
		fmt.Fprintf(&b, " /Creator %s", pdfString(m.creator))
	}
	stamp := created.Format("20060102150405")
	fmt.Fprintf(&b, " /CreationDate (D:%s) /ModDate (D:%s) >>\nendobj\n", stamp, stamp)
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets))
	for _, off := range offsets[1:] {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets), info, xref)
	return b.Bytes(), nil
}

func pdfString(s string) string {
	return "(" + strings.NewReplacer("\\", "\\\\", "(", "\\(", ")", "\\)").Replace(s) + ")"
}

// RenderImage renders the document's first page as a clean image file:
// "png", "jpeg" (or "jpg") or "tiff", at dpi (200 when zero), in color.
func RenderImage(doc Doc, format string, dpi int) ([]byte, error) {
	if dpi <= 0 {
		dpi = 200
	}
	pdf, err := RenderPDF(doc)
	if err != nil {
		return nil, err
	}
	pages, err := rasterize(pdf, dpi, false, 1, 1)
	if err != nil {
		return nil, err
	}
	img := pages[0].image()
	var buf bytes.Buffer
	switch format {
	case "png":
		err = png.Encode(&buf, img)
	case "jpeg", "jpg":
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90})
	case "tiff", "tif":
		err = tiff.Encode(&buf, img, &tiff.Options{Compression: tiff.Deflate})
	default:
		return nil, fmt.Errorf("sampledocs: unknown image format %q (png, jpeg, tiff)", format)
	}
	if err != nil {
		return nil, fmt.Errorf("sampledocs: encode %s: %w", format, err)
	}
	return buf.Bytes(), nil
}

// rasterize runs pdftoppm over pages first..last (all when zero), split
// across processes so a multi-page scan uses every core.
func rasterize(pdf []byte, dpi int, gray bool, first, last int) ([]raster, error) {
	if first == 0 {
		n, err := api.PageCount(bytes.NewReader(pdf), model.NewDefaultConfiguration())
		if err != nil {
			return nil, fmt.Errorf("sampledocs: count pages: %w", err)
		}
		first, last = 1, n
	}
	dir, err := os.MkdirTemp("", "sampledocs-scan-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		return nil, err
	}
	total := last - first + 1
	workers := min(runtime.NumCPU(), total)
	per := (total + workers - 1) / workers
	var wg sync.WaitGroup
	errs := make([]error, workers)
	for w := 0; w < workers; w++ {
		f := first + w*per
		l := min(f+per-1, last)
		if f > l {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			args := []string{"-r", strconv.Itoa(dpi), "-f", strconv.Itoa(f), "-l", strconv.Itoa(l)}
			if gray {
				args = append(args, "-gray")
			}
			args = append(args, in, filepath.Join(dir, fmt.Sprintf("w%02d", w)))
			if out, err := exec.Command("pdftoppm", args...).CombinedOutput(); err != nil {
				errs[w] = fmt.Errorf("pdftoppm: %v: %s", err, out)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("sampledocs: rasterize: %w", err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "w*-*.p?m"))
	// pdftoppm names pages w00-01.pgm ... with the page number zero-padded
	// to the document's width; sort by the number, not the string.
	sort.Slice(files, func(i, j int) bool { return pageNum(files[i]) < pageNum(files[j]) })
	if len(files) != total {
		return nil, fmt.Errorf("sampledocs: rasterize: pdftoppm wrote %d pages, want %d", len(files), total)
	}
	out := make([]raster, len(files))
	for i, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if out[i], err = parsePNM(b); err != nil {
			return nil, fmt.Errorf("sampledocs: %s: %w", filepath.Base(f), err)
		}
	}
	return out, nil
}

var pageNumRE = regexp.MustCompile(`-(\d+)\.p.m$`)

func pageNum(path string) int {
	m := pageNumRE.FindStringSubmatch(path)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// parsePNM reads the binary PGM (P5) and PPM (P6) files pdftoppm writes.
func parsePNM(b []byte) (raster, error) {
	br := bufio.NewReader(bytes.NewReader(b))
	var magic string
	var w, h, maxv int
	if _, err := fmt.Fscan(br, &magic, &w, &h, &maxv); err != nil {
		return raster{}, fmt.Errorf("bad PNM header: %w", err)
	}
	if _, err := br.ReadByte(); err != nil {
		return raster{}, err
	}
	ch := map[string]int{"P5": 1, "P6": 3}[magic]
	if ch == 0 || maxv != 255 {
		return raster{}, fmt.Errorf("unsupported PNM %s/%d", magic, maxv)
	}
	data := make([]byte, w*h*ch)
	if _, err := io.ReadFull(br, data); err != nil {
		return raster{}, fmt.Errorf("short PNM data: %w", err)
	}
	rs := raster{w: w, h: h, planes: make([][]uint8, ch)}
	if ch == 1 {
		rs.planes[0] = data
		return rs, nil
	}
	for c := 0; c < 3; c++ {
		rs.planes[c] = make([]uint8, w*h)
	}
	for i := 0; i < w*h; i++ {
		rs.planes[0][i], rs.planes[1][i], rs.planes[2][i] = data[3*i], data[3*i+1], data[3*i+2]
	}
	return rs, nil
}

func (rs raster) image() image.Image {
	rect := image.Rect(0, 0, rs.w, rs.h)
	if len(rs.planes) == 1 {
		return &image.Gray{Pix: rs.planes[0], Stride: rs.w, Rect: rect}
	}
	img := image.NewRGBA(rect)
	for i := 0; i < rs.w*rs.h; i++ {
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = rs.planes[0][i], rs.planes[1][i], rs.planes[2][i], 255
	}
	return img
}

// degrade makes a clean raster look photographed or copied: softened
// (a 3x3 blur), rotated by skew, paper-toned with reduced contrast,
// unevenly lit, and noisy. It walks the output once with fixed steps
// through the source, so it costs a few tens of milliseconds a page.
func degrade(src raster, r *rand.Rand, skewDeg, noise float64) raster {
	paper := 226 + r.Float64()*16 // the whitest the paper gets
	ink := 22 + r.Float64()*26    // the blackest the ink gets
	// A shadow across the page: brightness falls off linearly.
	gx, gy := (r.Float64()-0.5)*0.10, (r.Float64()-0.5)*0.10
	bg := float32(70 + r.Float64()*60) // what shows around a rotated page
	tint := [3]float64{1, 1, 1}
	if len(src.planes) == 3 {
		tint = [3]float64{1, 0.985 + r.Float64()*0.01, 0.95 + r.Float64()*0.03}
	}
	// Gaussian noise drawn once into a table, indexed per pixel by a cheap
	// generator: the same texture as per-pixel draws at a fraction of the
	// cost.
	const tableBits = 14
	table := make([]float32, 1<<tableBits)
	for i := range table {
		table[i] = float32(r.NormFloat64() * noise * 255)
	}
	noiseSeed := r.Uint64() | 1
	rad := skewDeg * math.Pi / 180
	cos, sin := float32(math.Cos(rad)), float32(math.Sin(rad))
	w, h := src.w, src.h
	cx, cy := float32(w)/2, float32(h)/2
	maxX, maxY := float32(w-1), float32(h-1)
	light := make([]float32, w)
	out := raster{w: w, h: h, planes: make([][]uint8, len(src.planes))}
	for c, plane := range src.planes {
		var lut [256]float32
		for v := range lut {
			lut[v] = float32((ink + float64(v)*(paper-ink)/255) * tint[c])
		}
		soft := blur3(plane, w, h)
		dst := make([]uint8, w*h)
		state := noiseSeed
		for y := 0; y < h; y++ {
			ly := 1 + gy*(float64(y)/float64(h)-0.5)
			for x := range light {
				light[x] = float32(ly + gx*(float64(x)/float64(w)-0.5))
			}
			fy := float32(y) - cy
			// Inverse rotation: where in the source this row's pixels come from.
			sx, sy := -cos*cx+sin*fy+cx, sin*cx+cos*fy+cy
			row := dst[y*w : (y+1)*w]
			for x := range row {
				var v float32
				if sx < 0 || sy < 0 || sx > maxX || sy > maxY {
					v = bg
				} else {
					x0, y0 := int(sx), int(sy)
					x1, y1 := min(x0+1, w-1), min(y0+1, h-1)
					fx, fyy := sx-float32(x0), sy-float32(y0)
					a := lut[soft[y0*w+x0]]*(1-fx) + lut[soft[y0*w+x1]]*fx
					b := lut[soft[y1*w+x0]]*(1-fx) + lut[soft[y1*w+x1]]*fx
					v = a*(1-fyy) + b*fyy
				}
				state ^= state >> 12
				state ^= state << 25
				state ^= state >> 27
				v = v*light[x] + table[(state*0x2545F4914F6CDD1D)>>(64-tableBits)]
				switch {
				case v <= 0:
					row[x] = 0
				case v >= 255:
					row[x] = 255
				default:
					row[x] = uint8(v)
				}
				sx += cos
				sy -= sin
			}
		}
		out.planes[c] = dst
	}
	return out
}

// blur3 is a separable 3x3 box blur.
func blur3(p []uint8, w, h int) []uint8 {
	tmp := make([]uint16, w*h)
	for y := 0; y < h; y++ {
		row := p[y*w : (y+1)*w]
		for x := 0; x < w; x++ {
			l, rr := max(x-1, 0), min(x+1, w-1)
			tmp[y*w+x] = uint16(row[l]) + uint16(row[x]) + uint16(row[rr])
		}
	}
	out := make([]uint8, w*h)
	for y := 0; y < h; y++ {
		u, d := max(y-1, 0), min(y+1, h-1)
		for x := 0; x < w; x++ {
			out[y*w+x] = uint8((tmp[u*w+x] + tmp[y*w+x] + tmp[d*w+x]) / 9)
		}
	}
	return out
}
