package classify_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/classify"
)

// TestOwnLayoutScans: scans of layouts internal/sampledocs never made (see
// testdata/ownscans/README.md) are typed right, and never as another type:
// a document typed wrong is judged against the wrong requirement.
func TestOwnLayoutScans(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "ownscans", "scans.json"))
	if err != nil {
		t.Fatal(err)
	}
	var scans []struct{ Name, Type, Text string }
	if err := json.Unmarshal(b, &scans); err != nil {
		t.Fatal(err)
	}
	c := classify.New(catalog.MustLoad())
	right := 0
	for _, s := range scans {
		got := c.Classify(s.Text)
		switch {
		case got.Type == s.Type:
			right++
		case got.Type == catalog.OtherType:
			t.Logf("%s: typed other (top %v)", s.Name, got.Top)
		default:
			t.Errorf("%s: typed %s, is %s", s.Name, got.Type, s.Type)
		}
	}
	t.Logf("%d of %d typed right", right, len(scans))
	// 260 before the classifier read a state's card header without its
	// captions, a license's damaged title under it and a U for LI; the
	// rest read as no text (a tinted card on a 110 and 130 dpi flatbed
	// page) or turned the wrong way; 263 with a board's card whose
	// profession OCR lost typed by its number's RN code.
	if min := 263; right < min {
		t.Errorf("%d of %d typed right, want at least %d", right, len(scans), min)
	}
}
