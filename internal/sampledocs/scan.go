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
	// Rotate turns every page clockwise by 90, 180 or 270 degrees: paper
	// fed sideways or upside down. Zero keeps pages upright.
	Rotate int
	// PageDPI is the resolution the PDF page declares for its image (DPI
	// when zero). Above DPI the page comes out smaller than the paper, as
	// from an app that writes a 150-dpi scan into a page sized for 600 dpi.
	PageDPI int
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
	if o.PageDPI <= 0 {
		o.PageDPI = o.DPI
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
	if opt.Rotate%90 != 0 || opt.Rotate < 0 || opt.Rotate >= 360 {
		return nil, fmt.Errorf("sampledocs: Rotate %d is not 0, 90, 180 or 270", opt.Rotate)
	}
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
			out := degrade(pg, pr, skew, max(opt.Noise, 0)).turned(opt.Rotate)
			pages[i] = out
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
	return imagePDF(jpgs, pages, opt.PageDPI, created, m)
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

// turned returns the raster turned clockwise by deg, a multiple of 90.
func (rs raster) turned(deg int) raster {
	if deg%360 == 0 {
		return rs
	}
	w, h := rs.w, rs.h
	out := raster{w: w, h: h, planes: make([][]uint8, len(rs.planes))}
	if deg%180 != 0 {
		out.w, out.h = h, w
	}
	for c, src := range rs.planes {
		dst := make([]uint8, w*h)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				var i int
				switch deg % 360 {
				case 90: // the left column becomes the top row
					i = x*out.w + (h - 1 - y)
				case 180:
					i = (h-1-y)*w + (w - 1 - x)
				case 270:
					i = (w-1-x)*out.w + y
				}
				dst[i] = src[y*w+x]
			}
		}
		out.planes[c] = dst
	}
	return out
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

// PhotoOptions shape a phone photo of a card (or of a page, for a
// document that is not a card) lying on a table. The zero value is a
// typical one: a 1600x1200 photo (1600x2133 for a page), the card across
// about 70% of it, seen from 25° off straight down and turned a few degrees, a soft
// shadow over part of it, lit unevenly, JPEG quality 80.
type PhotoOptions struct {
	// Width is the photo's width in pixels (1600 when zero); its height is
	// three quarters of that, or four thirds for a portrait page.
	Width int
	// CardFraction is how much of the photo's width the card spans when
	// seen straight on (0.7 when zero).
	CardFraction float64
	// TiltDegrees is how far from straight down the camera looks (25 when
	// zero, none when negative): the card's far edge comes out shorter.
	TiltDegrees float64
	// TurnDegrees turns the card in the photo. Zero draws an angle in
	// [-8, 8] from the seed; set Square for none.
	TurnDegrees float64
	Square      bool
	// Shadow is how much light a shadow over part of the card takes away
	// (0.45 when zero, none when negative).
	Shadow float64
	// JPEGQuality is the encoder quality (80 when zero).
	JPEGQuality int
	// Seed fixes the photo; zero derives it from the input bytes.
	Seed uint64
}

func (o PhotoOptions) withDefaults(input []byte) PhotoOptions {
	if o.Width <= 0 {
		o.Width = 1600
	}
	if o.CardFraction <= 0 {
		o.CardFraction = 0.7
	}
	if o.TiltDegrees == 0 {
		o.TiltDegrees = 25
	}
	if o.Shadow == 0 {
		o.Shadow = 0.45
	}
	if o.JPEGQuality <= 0 {
		o.JPEGQuality = 80
	}
	if o.Seed == 0 {
		h := fnv.New64a()
		h.Write(input)
		h.Write([]byte("photo"))
		o.Seed = h.Sum64()
	}
	return o
}

// RenderCardPhoto returns the JPEG a phone takes of the first card printed
// on the PDF's first page (the largest card-shaped block of print; all
// of the print when none is card-shaped), lying on a table: seen
// in perspective through a pinhole camera, turned, on a textured table,
// under uneven light and a soft shadow, slightly out of focus, with sensor
// noise. It is the upload a nurse sends from a phone.
func RenderCardPhoto(pdf []byte, opt PhotoOptions) ([]byte, error) {
	opt = opt.withDefaults(pdf)
	r := Seeded(opt.Seed)
	card, err := renderCard(pdf, opt)
	if err != nil {
		return nil, err
	}
	// A landscape photo of a landscape card, a portrait one of a page.
	W, H := opt.Width, opt.Width*3/4
	if card.h > card.w {
		H = opt.Width * 4 / 3
	}
	turn := opt.TurnDegrees
	if turn == 0 && !opt.Square {
		turn = (r.Float64()*2 - 1) * 8
	}
	if opt.Square {
		turn = 0
	}
	tilt := max(opt.TiltDegrees, 0)
	// The camera at the origin looks down +z with focal length f (a
	// phone's wide lens, about 70° across); the card lies in a plane
	// tilted by tilt about the x axis (its far edge away from the camera)
	// and turned about its normal.
	f := 0.71 * float64(W)
	cardW, cardH := float64(card.w), float64(card.h)
	z := cardW * f / (opt.CardFraction * float64(W))
	ti, tu := tilt*math.Pi/180, turn*math.Pi/180
	// Card axes: ex along the card's width, ey along its height, n normal.
	ex := [3]float64{math.Cos(tu), math.Sin(tu), 0}
	ey := [3]float64{-math.Sin(tu), math.Cos(tu), 0}
	rotX := func(v [3]float64) [3]float64 {
		return [3]float64{v[0], v[1]*math.Cos(ti) - v[2]*math.Sin(ti), v[1]*math.Sin(ti) + v[2]*math.Cos(ti)}
	}
	ex, ey = rotX(ex), rotX(ey)
	n := [3]float64{ex[1]*ey[2] - ex[2]*ey[1], ex[2]*ey[0] - ex[0]*ey[2], ex[0]*ey[1] - ex[1]*ey[0]}
	// Off-centre a little, as hands are.
	c0 := [3]float64{(r.Float64() - 0.5) * 0.15 * cardW, (r.Float64() - 0.5) * 0.15 * cardH, z}
	dot := func(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	nc := dot(n, c0)

	table := pick(r, [][3]float64{{92, 70, 52}, {58, 58, 62}, {120, 96, 70}, {44, 48, 56}})
	shadowAng := r.Float64() * 2 * math.Pi
	shadowOff := (r.Float64()*0.45 - 0.25) * float64(W) // where the shadow's edge runs
	shadowSoft := 0.04 * float64(W)
	lightX, lightY := (r.Float64()-0.5)*0.5, (r.Float64()-0.5)*0.5
	const tableBits = 14
	noise := make([]float64, 1<<tableBits)
	for i := range noise {
		noise[i] = r.NormFloat64() * 5
	}
	state := r.Uint64() | 1
	out := image.NewRGBA(image.Rect(0, 0, W, H))
	for v := 0; v < H; v++ {
		for u := 0; u < W; u++ {
			d := [3]float64{(float64(u) - float64(W)/2) / f, (float64(v) - float64(H)/2) / f, 1}
			var px [3]float64
			inside := false
			if nd := dot(n, d); nd != 0 {
				t := nc / nd
				p := [3]float64{t*d[0] - c0[0], t*d[1] - c0[1], t*d[2] - c0[2]}
				a, b := dot(p, ex)+cardW/2, dot(p, ey)+cardH/2
				if a >= 0 && b >= 0 && a < cardW-1 && b < cardH-1 {
					px, inside = card.bilinear(a, b), true
				}
			}
			if !inside {
				// A table: its colour, low-frequency grain.
				g := 1 + 0.06*math.Sin(float64(u)*0.013+float64(v)*0.002) + 0.04*math.Sin(float64(v)*0.05)
				px = [3]float64{table[0] * g, table[1] * g, table[2] * g}
			}
			// Uneven light: brighter towards one corner.
			light := 1 + lightX*(float64(u)/float64(W)-0.5) + lightY*(float64(v)/float64(H)-0.5)
			// A soft-edged shadow (a hand or the phone) on one side of a line.
			dist := (float64(u)-float64(W)/2)*math.Cos(shadowAng) + (float64(v)-float64(H)/2)*math.Sin(shadowAng) - shadowOff
			if opt.Shadow > 0 {
				light *= 1 - opt.Shadow/(1+math.Exp(-dist/shadowSoft))
			}
			state ^= state >> 12
			state ^= state << 25
			state ^= state >> 27
			nz := noise[(state*0x2545F4914F6CDD1D)>>(64-tableBits)]
			i := out.PixOffset(u, v)
			for c := 0; c < 3; c++ {
				out.Pix[i+c] = clamp8(px[c]*light + nz)
			}
			out.Pix[i+3] = 255
		}
	}
	soft := raster{w: W, h: H, planes: make([][]uint8, 3)}
	for c := 0; c < 3; c++ {
		plane := make([]uint8, W*H)
		for i := range plane {
			plane[i] = out.Pix[4*i+c]
		}
		soft.planes[c] = blur3(plane, W, H)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, soft.image(), &jpeg.Options{Quality: opt.JPEGQuality}); err != nil {
		return nil, fmt.Errorf("sampledocs: encode photo: %w", err)
	}
	return buf.Bytes(), nil
}

func clamp8(v float64) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}

// cardImage is a card's print in linear RGB planes, float for sampling.
type cardImage struct {
	w, h   int
	planes [3][]float32
}

func (c cardImage) bilinear(x, y float64) [3]float64 {
	x0, y0 := int(x), int(y)
	fx, fy := x-float64(x0), y-float64(y0)
	i := y0*c.w + x0
	var out [3]float64
	for p := 0; p < 3; p++ {
		pl := c.planes[p]
		a := float64(pl[i])*(1-fx) + float64(pl[i+1])*fx
		b := float64(pl[i+c.w])*(1-fx) + float64(pl[i+c.w+1])*fx
		out[p] = a*(1-fy) + b*fy
	}
	return out
}

// renderCard finds the card on the first page at 50 dpi and renders just
// it at the resolution the photo samples it with (twice what it spans in
// the photo, so sampling it down does not alias).
func renderCard(pdf []byte, opt PhotoOptions) (cardImage, error) {
	const findDPI = 50
	pages, err := rasterize(pdf, findDPI, false, 1, 1)
	if err != nil {
		return cardImage{}, err
	}
	box := cardBox(pages[0], findDPI)
	if box.Empty() {
		return cardImage{}, errors.New("sampledocs: the first page prints nothing to photograph")
	}
	inches := float64(box.Dx()) / findDPI
	dpi := int(math.Ceil(2 * opt.CardFraction * float64(opt.Width) / inches))
	scale := float64(dpi) / findDPI
	crop := image.Rect(int(float64(box.Min.X)*scale), int(float64(box.Min.Y)*scale),
		int(math.Ceil(float64(box.Max.X)*scale)), int(math.Ceil(float64(box.Max.Y)*scale)))
	rs, err := rasterizeCrop(pdf, dpi, crop)
	if err != nil {
		return cardImage{}, err
	}
	// Sample it down by 2 here (a box filter) so the photo's bilinear
	// sampling sees no finer detail than it can show.
	ci := cardImage{w: rs.w / 2, h: rs.h / 2}
	for p := 0; p < 3; p++ {
		src := rs.planes[p]
		dst := make([]float32, ci.w*ci.h)
		for y := 0; y < ci.h; y++ {
			for x := 0; x < ci.w; x++ {
				i := 2*y*rs.w + 2*x
				dst[y*ci.w+x] = (float32(src[i]) + float32(src[i+1]) + float32(src[i+rs.w]) + float32(src[i+rs.w+1])) / 4
			}
		}
		ci.planes[p] = dst
	}
	return ci, nil
}

// cardBox returns, in the raster's pixels, the largest block of print whose
// shape is a card's (ID-1 is 1.59:1; 1.3 to 1.9 accepted), or all the
// print when there is none (a form, a letter: the page is photographed).
// Blocks are print joined across gaps narrower than 3 mm.
func cardBox(rs raster, dpi int) image.Rectangle {
	w, h := rs.w, rs.h
	ink := make([]bool, w*h)
	for i := range ink {
		for _, pl := range rs.planes {
			if pl[i] < 235 {
				ink[i] = true
				break
			}
		}
	}
	// Dilate by half the gap so blocks closer than the gap touch.
	rad := int(math.Round(1.5 / 25.4 * float64(dpi)))
	grown := make([]bool, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if !ink[y*w+x] {
				continue
			}
			for yy := max(y-rad, 0); yy <= min(y+rad, h-1); yy++ {
				for xx := max(x-rad, 0); xx <= min(x+rad, w-1); xx++ {
					grown[yy*w+xx] = true
				}
			}
		}
	}
	label := make([]int32, w*h)
	var boxes []image.Rectangle
	stack := []int{}
	for start := range grown {
		if !grown[start] || label[start] != 0 {
			continue
		}
		boxes = append(boxes, image.Rectangle{})
		id := int32(len(boxes))
		label[start] = id
		stack = append(stack[:0], start)
		b := image.Rect(start%w, start/w, start%w+1, start/w+1)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%w, i/w
			b = b.Union(image.Rect(x, y, x+1, y+1))
			for _, j := range [4]int{i - 1, i + 1, i - w, i + w} {
				if j < 0 || j >= w*h || (j == i-1 && x == 0) || (j == i+1 && x == w-1) {
					continue
				}
				if grown[j] && label[j] == 0 {
					label[j] = id
					stack = append(stack, j)
				}
			}
		}
		// Undo the dilation.
		boxes[id-1] = image.Rect(b.Min.X+rad, b.Min.Y+rad, b.Max.X-rad, b.Max.Y-rad).Intersect(image.Rect(0, 0, w, h))
	}
	var best, all image.Rectangle
	area := func(r image.Rectangle) int { return r.Dx() * r.Dy() }
	for _, b := range boxes {
		all = all.Union(b)
		if b.Dy() > 0 {
			if ratio := float64(b.Dx()) / float64(b.Dy()); ratio >= 1.3 && ratio <= 1.9 && area(b) > area(best) {
				best = b
			}
		}
	}
	// A card-shaped block of under a tenth of the print is a box on a
	// form, not a card: the page is photographed whole.
	if best.Empty() || area(best) < area(all)/10 {
		return all
	}
	return best
}

// rasterizeCrop renders the crop (in pixels at dpi) of the first page in
// color.
func rasterizeCrop(pdf []byte, dpi int, crop image.Rectangle) (raster, error) {
	dir, err := os.MkdirTemp("", "sampledocs-photo-")
	if err != nil {
		return raster{}, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		return raster{}, err
	}
	args := []string{"-r", strconv.Itoa(dpi), "-f", "1", "-l", "1", "-singlefile",
		"-x", strconv.Itoa(crop.Min.X), "-y", strconv.Itoa(crop.Min.Y), "-W", strconv.Itoa(crop.Dx()), "-H", strconv.Itoa(crop.Dy()),
		in, filepath.Join(dir, "card")}
	if out, err := exec.Command("pdftoppm", args...).CombinedOutput(); err != nil {
		return raster{}, fmt.Errorf("sampledocs: pdftoppm: %v: %s", err, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, "card.ppm"))
	if err != nil {
		return raster{}, err
	}
	return parsePNM(b)
}
