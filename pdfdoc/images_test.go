package pdfdoc

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/scanprep"
)

func TestRasterDPI(t *testing.T) {
	cases := []struct {
		name          string
		longSide, ppi float64
		want          float64
	}{
		{"text page, letter", 792, 0, 300},
		{"200-dpi scan, letter", 792, 200, 300},
		{"100-dpi scan, letter", 792, 100, 300},
		{"150-dpi scan in a page sized for 600", 198, 600, 600},
		{"1200-dpi scan of a card page", 243, 1200, 600},
		{"photo, one point per pixel, 1600 px", 1600, 72, 3300.0 * 72 / 1600},
		{"small photo, 640 px: at most 3.5 times", 640, 72, 252},
		{"A4 text page", 842, 0, 3300.0 * 72 / 842},
		{"legal scan at 200 dpi", 1008, 200, 3300.0 * 72 / 1008},
	}
	for _, tc := range cases {
		if got := rasterDPI(tc.longSide, tc.ppi); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("%s: rasterDPI(%v, %v) = %.2f, want %.2f", tc.name, tc.longSide, tc.ppi, got, tc.want)
		}
	}
}

func TestLargestImagePPI(t *testing.T) {
	list := []byte(`page   num  type   width height color comp bpc  enc interp  object ID x-ppi y-ppi size ratio
--------------------------------------------------------------------------------------------
   1     0 image      40    40  rgb     3   8  image  no         9  0    72    72  1K  10%
   1     1 image    1275  1650  gray    1   8  jpeg   no         5  0   600   599  361K  18%
   1     2 smask    1275  1650  gray    1   8  image  no         6  0   600   600  1K  0%
`)
	if got := largestImagePPI(list); got != 599 {
		t.Errorf("largestImagePPI = %v, want 599 (the largest image's lower resolution)", got)
	}
	if got := largestImagePPI([]byte("page num type\n----\n")); got != 0 {
		t.Errorf("no images: %v", got)
	}
}

// TestRasterizeKeepsSmallPagesPixels: a 150-dpi scan written into a page
// a quarter of its paper's size renders at its own resolution, not at
// 300 dpi of the small page, which would throw three pixels in four away.
func TestRasterizeKeepsSmallPagesPixels(t *testing.T) {
	r := sampledocs.Seeded(9)
	pdf, err := sampledocs.RenderPDF(sampledocs.Generate(r, "tb_skin_test", sampledocs.NewPerson(r), sampledocs.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	small, err := sampledocs.RenderScanned(pdf, sampledocs.ScanOptions{DPI: 150, PageDPI: 600})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "small.pdf")
	if err := os.WriteFile(path, small, 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := Open(small)
	if err != nil {
		t.Fatal(err)
	}
	sides, err := d.PageLongSides()
	if err != nil || math.Abs(sides[0]-198) > 0.5 {
		t.Fatalf("page long side %v (%v), want 198 pt", sides, err)
	}
	out, err := Rasterize(context.Background(), path, 1, sides[0], dir)
	if err != nil {
		t.Fatal(err)
	}
	img, err := scanprep.ReadPGM(out)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1275 || b.Dy() != 1650 {
		t.Errorf("raster %v, want the scan's own 1275x1650", b.Size())
	}
}
