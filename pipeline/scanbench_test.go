package pipeline

import (
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

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
								if j.DocumentType == d.Type && fieldEqual(j.Fields[name], want) {
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

// fieldEqual compares a field read with its truth as make eval does:
// strings without case or surrounding space, lists in any order.
func fieldEqual(got, want any) bool {
	switch w := want.(type) {
	case string:
		g, ok := got.(string)
		return ok && strings.EqualFold(strings.TrimSpace(g), strings.TrimSpace(w))
	case []string:
		var gs []string
		switch g := got.(type) {
		case []string:
			gs = g
		case []any:
			for _, x := range g {
				s, _ := x.(string)
				gs = append(gs, s)
			}
		}
		a, c := slices.Clone(gs), slices.Clone(w)
		slices.Sort(a)
		slices.Sort(c)
		return slices.Equal(a, c)
	case int:
		switch g := got.(type) {
		case int:
			return g == w
		case float64:
			return int(g) == w
		}
		return false
	}
	return reflect.DeepEqual(got, want)
}
