package extract_test

import (
	"path/filepath"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/internal/sampledocs"
)

// TestHealthScansMade reads health records laid out by hand in other
// layouts than the sample generator's (ReportLab, other fonts, captions
// over their values in two columns, legends beside results), rasterised
// at 150 to 200 dpi with noise and a small skew, and OCRed once by the
// worker's page reader (testdata/healthscans/made). Each field is read
// surely as printed, or (null) not reported surely.
func TestHealthScansMade(t *testing.T) {
	c := catalog.MustLoad()
	for _, fx := range loadFixtures[scanFixture](t, "made health scan", filepath.Join("testdata", "healthscans", "made")) {
		t.Run(fx.Name, func(t *testing.T) {
			res := extract.Read(c, fx.Type, scanDocument(fx.Pages, fx.AsOf))
			catalogTypes(fx.Fields)
			for k, want := range fx.Fields {
				got, ok := res.Fields[k]
				sure := ok && res.Confidence[k] >= c.ConfidenceThreshold(k)
				switch {
				case want == nil && sure:
					t.Errorf("%s read %v surely (%.2f), want it not reported", k, got, res.Confidence[k])
				case want != nil && (!sure || !sampledocs.FieldEqual(got, want)):
					t.Errorf("%s = %v (%.2f), want %v", k, got, res.Confidence[k], want)
				}
			}
		})
	}
}
