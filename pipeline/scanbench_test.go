package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	_ "image/png"
	"math"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pdfdoc"
)

// BenchmarkScannedPage compares, on the same rasterised page, Tesseract
// alone (the floor) with the page prepared by scanprep and then read
// (readScan: read the raster, measure, correct, write, OCR, and OSD with
// a second read when the first is poor). Each iteration runs both, one
// after the other, so a busy machine slows both alike; the ratio is
// prepared / floor. Run with one Tesseract at a time:
//
//	go test ./pipeline -run '^$' -bench ScannedPage -benchtime 5x
func BenchmarkScannedPage(b *testing.B) {
	pages := []struct {
		name    string
		docType string
		scan    *sampledocs.ScanOptions
		photo   *sampledocs.PhotoOptions
	}{
		{"resume_scan_200dpi", "resume", &sampledocs.ScanOptions{}, nil},
		{"resume_clean_300dpi", "resume", &sampledocs.ScanOptions{DPI: 300, Straight: true, Noise: -1}, nil},
		{"background_check_skewed_3deg", "background_check", &sampledocs.ScanOptions{SkewDegrees: 3}, nil},
		{"background_check_upside_down", "background_check", &sampledocs.ScanOptions{Rotate: 180}, nil},
		{"mmr_record_scan", "mmr_record", &sampledocs.ScanOptions{}, nil},
		{"driver_license_scan_small_print", "drivers_license", &sampledocs.ScanOptions{}, nil},
		{"driver_license_phone_photo", "drivers_license", nil, &sampledocs.PhotoOptions{}},
		// The costly paths: a page read poorly whatever its way up (read
		// again turned), and an upside-down card (read again, the turned
		// read kept).
		{"driver_license_scan_100dpi", "drivers_license", &sampledocs.ScanOptions{DPI: 100}, nil},
		{"driver_license_upside_down", "drivers_license", &sampledocs.ScanOptions{Rotate: 180}, nil},
	}
	o, err := ocr.New(ocr.Config{Concurrency: 1})
	if err != nil {
		b.Fatalf("tesseract is required: %v", err)
	}
	e := engineWith(b, o)
	ctx := context.Background()
	for i, pg := range pages {
		b.Run(pg.name, func(b *testing.B) {
			dir := b.TempDir()
			path := rasterOf(b, dir, pg.docType, uint64(400+i), pg.scan, pg.photo)
			var floor, prepared, floorCPU, preparedCPU time.Duration
			var read scanRead
			for b.Loop() {
				start, cpu := time.Now(), cpuTime()
				if _, err := o.Recognize(ctx, path); err != nil {
					b.Fatal(err)
				}
				floor += time.Since(start)
				floorCPU += cpuTime() - cpu
				start, cpu = time.Now(), cpuTime()
				if read, _, err = e.readScan(ctx, dir, path); err != nil {
					b.Fatal(err)
				}
				prepared += time.Since(start)
				preparedCPU += cpuTime() - cpu
			}
			n := float64(b.N)
			b.ReportMetric(float64(floor.Milliseconds())/n, "tesseract-ms")
			b.ReportMetric(float64(prepared.Milliseconds())/n, "prepared-ms")
			b.ReportMetric(float64(prepared)/float64(floor), "ratio")
			// CPU time (this process's and Tesseract's) is what a busy
			// worker's throughput depends on, and what other processes on
			// the machine disturb least.
			b.ReportMetric(float64(preparedCPU)/float64(floorCPU), "cpu-ratio")
			b.Logf("%s: %+v", pg.name, read.report)
		})
	}
}

// cpuTime is the CPU time used so far by this process and the children
// it has waited for (Tesseract).
func cpuTime() time.Duration {
	var self, children syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &self); err != nil {
		return 0
	}
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children); err != nil {
		return 0
	}
	return time.Duration(self.Utime.Nano() + self.Stime.Nano() + children.Utime.Nano() + children.Stime.Nano())
}

func engineWith(b *testing.B, o *ocr.Engine) *Engine {
	b.Helper()
	e, err := New(Config{Catalog: catalog.MustLoad(), OCR: o, TempDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	return e
}

// rasterOf renders a generated document, scanned or photographed, and
// rasterises its first page as OCRPage does.
func rasterOf(b *testing.B, dir, docType string, seed uint64, scan *sampledocs.ScanOptions, photo *sampledocs.PhotoOptions) string {
	b.Helper()
	r := sampledocs.Seeded(seed)
	pdf, err := sampledocs.RenderPDF(sampledocs.Generate(r, docType, sampledocs.NewPerson(r), sampledocs.Options{}))
	if err != nil {
		b.Fatal(err)
	}
	if scan != nil {
		pdf, err = sampledocs.RenderScanned(pdf, *scan)
	} else {
		var jpg []byte
		if jpg, err = sampledocs.RenderCardPhoto(pdf, *photo); err == nil {
			pdf, err = pdfdoc.FromImage(context.Background(), jpg, "image/jpeg")
		}
	}
	if err != nil {
		b.Fatal(err)
	}
	doc, err := pdfdoc.Open(pdf)
	if err != nil {
		b.Fatal(err)
	}
	sides, err := doc.PageLongSides()
	if err != nil {
		b.Fatal(err)
	}
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		b.Fatal(err)
	}
	path, err := pdfdoc.Rasterize(context.Background(), in, 1, sides[0], dir)
	if err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkScanReading measures what preparing scans is for: the share of
// printed fields read exactly from sample documents scanned or
// photographed in each condition, read raw (the raster straight to
// Tesseract, as before scanprep) and prepared (OCRPage), with the same
// field reading in the same run. Slow (about 260 pages); run alone:
//
//	go test ./pipeline -run '^$' -bench ScanReading -benchtime 1x -timeout 30m
func BenchmarkScanReading(b *testing.B) {
	docs := []struct{ docType, variant string }{
		{"drivers_license", "aamva_numbered"}, {"drivers_license", "labeled_card"}, {"drivers_license", "state_id_card"},
		{"bls", ""}, {"acls", ""}, {"nursing_license", "wallet_card"}, {"tb_skin_test", ""},
		{"passport", "us_passport_card"}, {"social_security_card", "ssa_card"}, {"covid19_vaccine", "cdc_card"},
		{"nursing_license", ""}, {"background_check", ""},
	}
	conditions := []struct {
		name  string
		scan  *sampledocs.ScanOptions
		photo *sampledocs.PhotoOptions
	}{
		{"scan_200dpi", &sampledocs.ScanOptions{}, nil},
		{"scan_300dpi_straight", &sampledocs.ScanOptions{DPI: 300, Straight: true}, nil},
		{"turned_90", &sampledocs.ScanOptions{Rotate: 90}, nil},
		{"upside_down", &sampledocs.ScanOptions{Rotate: 180}, nil},
		{"turned_270", &sampledocs.ScanOptions{Rotate: 270}, nil},
		{"skewed_+4deg", &sampledocs.ScanOptions{SkewDegrees: 4}, nil},
		{"skewed_-5deg", &sampledocs.ScanOptions{SkewDegrees: -5}, nil},
		{"scan_150dpi", &sampledocs.ScanOptions{DPI: 150}, nil},
		{"scan_100dpi", &sampledocs.ScanOptions{DPI: 100}, nil},
		{"small_page_150dpi", &sampledocs.ScanOptions{DPI: 150, PageDPI: 600}, nil},
		{"card_photo_1600px", nil, &sampledocs.PhotoOptions{}},
		{"card_photo_1000px", nil, &sampledocs.PhotoOptions{Width: 1000}},
	}
	o, err := ocr.New(ocr.Config{Concurrency: 2})
	if err != nil {
		b.Fatalf("tesseract is required: %v", err)
	}
	e := engineWith(b, o)
	raw := func(ctx context.Context, pdfPath string, page int, longSide float64) (Page, error) {
		dir, err := os.MkdirTemp(e.tmp, "raw-")
		if err != nil {
			return Page{}, err
		}
		defer os.RemoveAll(dir)
		img, err := pdfdoc.Rasterize(ctx, pdfPath, page, longSide, dir)
		if err != nil {
			return Page{}, err
		}
		res, err := o.Recognize(ctx, img)
		if err != nil {
			return Page{}, err
		}
		lay := res.Layout(pointsPerPixel(longSide, image.Pt(res.Width, res.Height)))
		return Page{Number: page, Text: res.Text, Source: SourceOCR, Confidence: res.MeanConfidence, Layout: &lay}, nil
	}
	for _, c := range conditions {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				var right, total [2]int
				var mu sync.Mutex
				var g errgroup.Group
				g.SetLimit(2)
				for i, dc := range docs {
					r := sampledocs.Seeded(uint64(100 + i))
					d := sampledocs.Generate(r, dc.docType, sampledocs.NewPerson(r), sampledocs.Options{Variant: dc.variant})
					pdf, err := sampledocs.RenderPDF(d)
					if err != nil {
						b.Fatal(err)
					}
					data, mime := pdf, "application/pdf"
					if c.scan != nil {
						data, err = sampledocs.RenderScanned(pdf, *c.scan)
					} else {
						data, err = sampledocs.RenderCardPhoto(pdf, *c.photo)
						mime = "image/jpeg"
					}
					if err != nil {
						b.Fatal(err)
					}
					for m, read := range []func(context.Context, string, int, float64) (Page, error){raw, e.OCRPage} {
						dir := b.TempDir()
						g.Go(func() error {
							_, j, err := readScannedWith(e, data, mime, read, dir)
							if err != nil {
								return fmt.Errorf("%s/%s: %w", d.Type, d.Variant, err)
							}
							n := 0
							for name, want := range d.Fields {
								if j.DocumentType == d.Type && sampledocs.FieldEqual(j.Fields[name], want) {
									n++
								}
							}
							mu.Lock()
							right[m] += n
							total[m] += len(d.Fields)
							mu.Unlock()
							return nil
						})
					}
				}
				if err := g.Wait(); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(100*float64(right[0])/float64(total[0]), "raw-%")
				b.ReportMetric(100*float64(right[1])/float64(total[1]), "prepared-%")
			}
		})
	}
}

// BenchmarkScanHardPages measures the conditions scans are read worst in
// (pages and cards turned on the scanner, scanned at 110-130 dpi, a card
// on a page written small into its PDF, phone photos of cards), prepared and read as the worker
// does: the share of printed fields read exactly ("right-%") and read
// wrong ("wrong-%": worse than missed). Slow (about 100 pages); run alone:
//
//	go test ./pipeline -run '^$' -bench ScanHardPages -benchtime 1x -timeout 60m
func BenchmarkScanHardPages(b *testing.B) {
	cards := []struct{ docType, variant string }{
		{"drivers_license", "labeled_card"}, {"passport", "us_passport_card"},
		{"social_security_card", "ssa_card"}, {"nursing_license", "wallet_card"},
	}
	pages := []struct{ docType, variant string }{
		{"background_check", ""}, {"tb_skin_test", ""}, {"nursing_license", ""}, {"covid19_vaccine", "cdc_card"},
	}
	conditions := []struct {
		name  string
		scan  sampledocs.ScanOptions
		cards bool // cards (else pages)
		photo *sampledocs.PhotoOptions
	}{
		{"cards_turned_90", sampledocs.ScanOptions{Rotate: 90}, true, nil},
		{"cards_upside_down", sampledocs.ScanOptions{Rotate: 180}, true, nil},
		{"cards_turned_270", sampledocs.ScanOptions{Rotate: 270}, true, nil},
		{"cards_110dpi", sampledocs.ScanOptions{DPI: 110}, true, nil},
		{"cards_120dpi_small_page", sampledocs.ScanOptions{DPI: 120, PageDPI: 600}, true, nil},
		{"pages_110dpi", sampledocs.ScanOptions{DPI: 110}, false, nil},
		{"pages_130dpi_upside_down", sampledocs.ScanOptions{DPI: 130, Rotate: 180}, false, nil},
		{"pages_120dpi_turned_90", sampledocs.ScanOptions{DPI: 120, Rotate: 90}, false, nil},
		{"cards_photo", sampledocs.ScanOptions{}, true, &sampledocs.PhotoOptions{}},
		{"cards_photo_1000px", sampledocs.ScanOptions{}, true, &sampledocs.PhotoOptions{Width: 1000}},
	}
	o, err := ocr.New(ocr.Config{Concurrency: 2})
	if err != nil {
		b.Fatalf("tesseract is required: %v", err)
	}
	e := engineWith(b, o)
	for _, c := range conditions {
		b.Run(c.name, func(b *testing.B) {
			docs := pages
			if c.cards {
				docs = cards
			}
			for b.Loop() {
				var right, wrong, total int
				var mu sync.Mutex
				var g errgroup.Group
				g.SetLimit(2)
				for i, dc := range docs {
					r := sampledocs.Seeded(uint64(500 + i))
					d := sampledocs.Generate(r, dc.docType, sampledocs.NewPerson(r), sampledocs.Options{Variant: dc.variant})
					pdf, err := sampledocs.RenderPDF(d)
					if err != nil {
						b.Fatal(err)
					}
					data, mime := []byte(nil), "application/pdf"
					if c.photo != nil {
						data, err = sampledocs.RenderCardPhoto(pdf, *c.photo)
						mime = "image/jpeg"
					} else {
						data, err = sampledocs.RenderScanned(pdf, c.scan)
					}
					if err != nil {
						b.Fatal(err)
					}
					dir := b.TempDir()
					g.Go(func() error {
						pg, j, err := readScannedWith(e, data, mime, e.OCRPage, dir)
						if err != nil {
							return fmt.Errorf("%s/%s: %w", d.Type, d.Variant, err)
						}
						n, w := 0, 0
						for name, want := range d.Fields {
							got, ok := j.Fields[name]
							switch {
							case j.DocumentType != d.Type || !ok:
							case sampledocs.FieldEqual(got, want):
								n++
							default:
								w++
								b.Logf("%s/%s: %s read %v, printed %v", d.Type, d.Variant, name, got, want)
							}
						}
						mu.Lock()
						right += n
						wrong += w
						total += len(d.Fields)
						mu.Unlock()
						b.Logf("%s/%s: %s, %d of %d fields (prep %+v)", d.Type, d.Variant, j.DocumentType, n, len(d.Fields), pg[0].Prep)
						return nil
					})
				}
				if err := g.Wait(); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(100*float64(right)/float64(total), "right-%")
				b.ReportMetric(100*float64(wrong)/float64(total), "wrong-%")
			}
		})
	}
}

// softScan is a page scanned as other tools than sampledocs' scanner do
// it at a low resolution (a phone app's document mode, a flatbed driver
// at 110-130 dpi): rendered at twice dpi, softened by the optics
// (Gaussian, sigma blur at the render's resolution), sensor grain added,
// resampled down to dpi (bilinear) and saved as a grey JPEG, uploaded as
// the picture itself.
func softScan(doc sampledocs.Doc, dpi int, blur float64, turn int, seed uint64) ([]byte, error) {
	png, err := sampledocs.RenderImage(doc, "png", 2*dpi)
	if err != nil {
		return nil, err
	}
	src, _, err := image.Decode(bytes.NewReader(png))
	if err != nil {
		return nil, err
	}
	b := src.Bounds()
	g := image.NewGray(b)
	xdraw.Draw(g, b, src, b.Min, xdraw.Src)
	g = gaussian(g, blur)
	r := sampledocs.Seeded(seed)
	for i, v := range g.Pix {
		g.Pix[i] = uint8(max(0, min(255, float64(v)*0.9+12+r.NormFloat64()*7)))
	}
	small := image.NewGray(image.Rect(0, 0, b.Dx()/2, b.Dy()/2))
	xdraw.BiLinear.Scale(small, small.Bounds(), g, b, xdraw.Src, nil)
	out := image.Image(small)
	if turn != 0 {
		out = turnGray(small, turn)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: 75}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// turnGray turns g clockwise by deg (90, 180 or 270).
func turnGray(g *image.Gray, deg int) *image.Gray {
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	ow, oh := w, h
	if deg%180 != 0 {
		ow, oh = h, w
	}
	out := image.NewGray(image.Rect(0, 0, ow, oh))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var u, v int
			switch deg {
			case 90:
				u, v = h-1-y, x
			case 180:
				u, v = w-1-x, h-1-y
			default:
				u, v = y, w-1-x
			}
			out.Pix[v*out.Stride+u] = g.Pix[y*g.Stride+x]
		}
	}
	return out
}

// gaussian blurs g by a Gaussian of sigma pixels (separable, edges
// clamped).
func gaussian(g *image.Gray, sigma float64) *image.Gray {
	if sigma <= 0 {
		return g
	}
	rad := int(math.Ceil(3 * sigma))
	k := make([]float64, 2*rad+1)
	sum := 0.0
	for i := range k {
		d := float64(i - rad)
		k[i] = math.Exp(-d * d / (2 * sigma * sigma))
		sum += k[i]
	}
	for i := range k {
		k[i] /= sum
	}
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	tmp := make([]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s := 0.0
			for i, kv := range k {
				s += kv * float64(g.Pix[y*g.Stride+min(w-1, max(0, x+i-rad))])
			}
			tmp[y*w+x] = s
		}
	}
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s := 0.0
			for i, kv := range k {
				s += kv * tmp[min(h-1, max(0, y+i-rad))*w+x]
			}
			out.Pix[y*out.Stride+x] = uint8(max(0, min(255, math.Round(s))))
		}
	}
	return out
}

// softCondition is one way softScan scans every sample type (all: each
// type in every condition, else each in one condition of the run).
type softCondition struct {
	name string
	dpi  int
	blur float64
	turn int
}

// BenchmarkScanLowResolution measures pages and cards scanned soft at
// 110-130 dpi by other tools than sampledocs' scanner (see softScan), of
// every sample type in one condition or another, upright and turned: the
// share of printed fields read exactly ("right-%") and read wrong
// ("wrong-%"). Slow (about 40 pages); run alone:
//
//	go test ./pipeline -run '^$' -bench ScanLowResolution -benchtime 1x -timeout 60m
func BenchmarkScanLowResolution(b *testing.B) {
	benchSoft(b, []softCondition{
		{"soft_110dpi", 110, 1.2, 0},
		{"soft_120dpi", 120, 1.0, 0},
		{"soft_130dpi", 130, 0.9, 0},
		{"soft_120dpi_turned_90", 120, 1.0, 90},
		{"soft_130dpi_upside_down", 130, 0.9, 180},
	}, nil, false)
}

// BenchmarkScanLowResolutionCards measures wallet cards and ID cards
// (their own small pages or lying on a page) scanned soft at 110-130 dpi
// (see softScan), each card in every condition. Run alone:
//
//	go test ./pipeline -run '^$' -bench ScanLowResolutionCards -benchtime 1x -timeout 60m
func BenchmarkScanLowResolutionCards(b *testing.B) {
	benchSoft(b, []softCondition{
		{"cards_soft_110dpi", 110, 1.2, 0},
		{"cards_soft_130dpi", 130, 0.9, 0},
		{"cards_soft_120dpi_upside_down", 120, 1.0, 180},
	}, []sampleDoc{
		{"nursing_license", "wallet_card"}, {"bls", "course_completion_card"}, {"pals", "training_site_card"},
		{"tncc", "ena_card"}, {"drivers_license", "labeled_card"}, {"drivers_license", "state_id_card"},
		{"passport", "us_passport_card"}, {"social_security_card", "card_front_back"},
	}, true)
}

// BenchmarkScanTurnedSoft measures every sample type scanned soft at 150
// dpi (see softScan) upright and turned each quarter: what turning alone
// costs. Slow (about 150 pages); run alone:
//
//	go test ./pipeline -run '^$' -bench ScanTurnedSoft -benchtime 1x -timeout 60m
func BenchmarkScanTurnedSoft(b *testing.B) {
	benchSoft(b, []softCondition{
		{"upright", 150, 0.8, 0},
		{"turned_90", 150, 0.8, 90},
		{"upside_down", 150, 0.8, 180},
		{"turned_270", 150, 0.8, 270},
	}, nil, true)
}

// sampleDoc is a sample type and layout ("": one drawn from the seed).
type sampleDoc struct{ docType, variant string }

// benchSoft reads docs (nil: every sample type) scanned soft in each
// condition, every doc in every condition when all is set, else each in
// one condition of the run.
func benchSoft(b *testing.B, conditions []softCondition, docs []sampleDoc, all bool) {
	if docs == nil {
		for _, t := range sampledocs.Types() {
			docs = append(docs, sampleDoc{docType: t})
		}
	}
	o, err := ocr.New(ocr.Config{Concurrency: 2})
	if err != nil {
		b.Fatalf("tesseract is required: %v", err)
	}
	e := engineWith(b, o)
	for ci, c := range conditions {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				var right, wrong, total int
				var mu sync.Mutex
				// Every document's reading, written out whole: a
				// benchmark's log keeps only its first lines.
				note := func(format string, args ...any) {
					fmt.Fprintf(os.Stderr, c.name+": "+format+"\n", args...)
				}
				var g errgroup.Group
				g.SetLimit(2)
				start, step := ci, len(conditions)
				if all {
					start, step = 0, 1
				}
				for i := start; i < len(docs); i += step {
					r := sampledocs.Seeded(uint64(700 + i))
					d := sampledocs.Generate(r, docs[i].docType, sampledocs.NewPerson(r), sampledocs.Options{Variant: docs[i].variant})
					data, err := softScan(d, c.dpi, c.blur, c.turn, uint64(i))
					if err != nil {
						b.Fatal(err)
					}
					dir := b.TempDir()
					g.Go(func() error {
						pg, j, err := readScannedWith(e, data, "image/jpeg", e.OCRPage, dir)
						if err != nil {
							return fmt.Errorf("%s/%s: %w", d.Type, d.Variant, err)
						}
						n, w := 0, 0
						for name, want := range d.Fields {
							got, ok := j.Fields[name]
							switch {
							case j.DocumentType != d.Type || !ok:
								note("%s/%s: %s missed (typed %s), printed %v", d.Type, d.Variant, name, j.DocumentType, want)
							case sampledocs.FieldEqual(got, want):
								n++
							default:
								w++
								note("%s/%s: %s read %v, printed %v", d.Type, d.Variant, name, got, want)
							}
						}
						mu.Lock()
						right += n
						wrong += w
						total += len(d.Fields)
						mu.Unlock()
						note("%s/%s: %s, %d of %d fields (prep %+v)", d.Type, d.Variant, j.DocumentType, n, len(d.Fields), pg[0].Prep)
						return nil
					})
				}
				if err := g.Wait(); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(100*float64(right)/float64(total), "right-%")
				b.ReportMetric(100*float64(wrong)/float64(total), "wrong-%")
			}
		})
	}
}
