package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

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
