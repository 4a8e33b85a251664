package scanprep

import (
	"context"
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pdfdoc"
)

// raster renders a generated document's first page as the pipeline does.
func raster(tb testing.TB, docType string, seed uint64, scan *sampledocs.ScanOptions, photo *sampledocs.PhotoOptions) string {
	tb.Helper()
	r := sampledocs.Seeded(seed)
	pdf, err := sampledocs.RenderPDF(sampledocs.Generate(r, docType, sampledocs.NewPerson(r), sampledocs.Options{}))
	if err != nil {
		tb.Fatal(err)
	}
	switch {
	case scan != nil:
		if pdf, err = sampledocs.RenderScanned(pdf, *scan); err != nil {
			tb.Fatal(err)
		}
	case photo != nil:
		jpg, err := sampledocs.RenderCardPhoto(pdf, *photo)
		if err != nil {
			tb.Fatal(err)
		}
		if pdf, err = pdfdoc.FromImage(context.Background(), jpg, "image/jpeg"); err != nil {
			tb.Fatal(err)
		}
	}
	return rasterizePDF(tb, pdf, 1)
}

func benchPrepare(b *testing.B, path string) {
	img, err := ReadPGM(path)
	if err != nil {
		b.Fatal(err)
	}
	e := New(Config{})
	for b.Loop() {
		e.Prepare(img)
	}
}

func BenchmarkPrepareCleanPage(b *testing.B) {
	benchPrepare(b, raster(b, "resume", 1, &sampledocs.ScanOptions{DPI: 300, Straight: true, Noise: -1}, nil))
}

func BenchmarkPrepareSkewedScan(b *testing.B) {
	benchPrepare(b, raster(b, "resume", 1, &sampledocs.ScanOptions{SkewDegrees: 3}, nil))
}

func BenchmarkPrepareUpsideDownScan(b *testing.B) {
	benchPrepare(b, raster(b, "resume", 1, &sampledocs.ScanOptions{Rotate: 180, Straight: true}, nil))
}

func BenchmarkPrepareCardPhoto(b *testing.B) {
	benchPrepare(b, raster(b, "drivers_license", 1, nil, &sampledocs.PhotoOptions{}))
}
