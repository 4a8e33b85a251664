package scanfixtures

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pipeline"
)

// -scanfixtures renders, scans and reads the fixtures again (minutes):
//
//	go test ./classify/scanfixtures -scanfixtures
var (
	writeScanFixtures = flag.Bool("scanfixtures", false, "render, scan and OCR the scan fixtures into testdata/scans")
	onlyMissing       = flag.Bool("missing", false, "with -scanfixtures: only the fixtures not yet written")
	extraSeeds        = flag.Int("extra", 0, "with -scanfixtures: this many more seeds of each identity card at 110, 120 and 130 dpi (turned)")
)

// fixtureFor reports whether a fixture of the type in the condition is
// written, whatever its variant.
func fixtureFor(dir, docType, condition string) bool {
	m, _ := filepath.Glob(filepath.Join(dir, docType+"-*-"+condition+".json"))
	return len(m) > 0
}

// ScanFixture is one scanned document as the worker read it, and its
// truth. The extract package's tests read the same files.
type ScanFixture struct {
	Name      string          `json:"name"`
	Type      string          `json:"type"`
	Variant   string          `json:"variant"`
	Condition string          `json:"condition"`
	Fields    map[string]any  `json:"fields"`
	Pages     []pipeline.Page `json:"pages"`
	AsOf      time.Time       `json:"as_of"`
}

type scanCondition struct {
	name string
	scan sampledocs.ScanOptions
}

var scanConditions = []scanCondition{
	{"200dpi", sampledocs.ScanOptions{}},
	{"150dpi", sampledocs.ScanOptions{DPI: 150}},
	{"120dpi", sampledocs.ScanOptions{DPI: 120}},
	{"110dpi", sampledocs.ScanOptions{DPI: 110}},
	{"turned180", sampledocs.ScanOptions{Rotate: 180}},
	{"turned90", sampledocs.ScanOptions{Rotate: 90}},
	{"small150", sampledocs.ScanOptions{DPI: 150, PageDPI: 600}},
}

// lowConditions are the conditions the extra seeds of identity cards are
// scanned in: low resolutions, where cards are typed "other" or read as
// no text most, one of them turned on the flatbed. Seeds past the second,
// and the turned condition, are written to testdata/scanslow.
var lowConditions = []scanCondition{
	{"120dpi", sampledocs.ScanOptions{DPI: 120}},
	{"110dpi", sampledocs.ScanOptions{DPI: 110}},
	{"130dpi-turned90", sampledocs.ScanOptions{DPI: 130, Rotate: 90}},
}

type scanDoc struct{ docType, variant string }

var scanDocs = []scanDoc{
	{"passport", "us_passport_book"}, {"passport", "us_passport_card"}, {"passport", "foreign_passport"},
	{"drivers_license", "aamva_numbered"}, {"drivers_license", "labeled_card"}, {"drivers_license", "state_id_card"},
	{"social_security_card", "ssa_card"}, {"social_security_card", "card_front_back"},
	// Pages that must not be typed as identity documents.
	{"nursing_license", "wallet_card"}, {"background_check", ""}, {"tb_blood_test", ""}, {"resume", ""},
	// Credentials read by the same code as the cards (their ids above
	// all), in the same two conditions.
	{"nursing_license", "board_verification"}, {"nursing_license", "nursys_quickconfirm"},
	{"bls", ""}, {"acls", ""}, {"pals", ""}, {"nrp", ""}, {"tncc", ""},
	// Certificates typed "other" on scans.
	{"hipaa_training", ""}, {"osha_training", ""},
}

func TestScanFixtures(t *testing.T) {
	if !*writeScanFixtures {
		t.Skip("run with -scanfixtures to render, scan and OCR the fixtures")
	}
	o, err := ocr.New(ocr.Config{Concurrency: 2})
	if err != nil {
		t.Fatalf("tesseract is required: %v", err)
	}
	e, err := pipeline.New(pipeline.Config{Catalog: catalog.MustLoad(), OCR: o, TempDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "testdata", "scans")
	// The seeds and conditions added later stand apart, so that the
	// shares the readers' tests were written against stay measured on
	// the fixtures they were measured on.
	lowDir := filepath.Join("..", "testdata", "scanslow")
	for _, d := range []string{dir, lowDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var g errgroup.Group
	g.SetLimit(2)
	for i, dc := range scanDocs {
		for k, c := range scanConditions {
			// Non-identity pages in two conditions only: they are the
			// precision check, not the subject.
			if i >= 8 && k%3 != 0 {
				continue
			}
			g.Go(func() error {
				if *onlyMissing {
					name := fmt.Sprintf("%s-%s-%s.json", dc.docType, dc.variant, c.name)
					if _, err := os.Stat(filepath.Join(dir, name)); err == nil || dc.variant == "" && fixtureFor(dir, dc.docType, c.name) {
						return nil
					}
				}
				return writeFixture(e, dir, dc, c, uint64(700+31*i+k), "")
			})
		}
	}
	// Low-resolution cards again with other seeds: where identity
	// documents are typed "other" most.
	for x := 1; x <= *extraSeeds; x++ {
		for i, dc := range scanDocs[:8] {
			for _, c := range lowConditions {
				to := dir
				if x > 2 || c.scan.Rotate != 0 {
					to = lowDir
				}
				g.Go(func() error {
					seed := uint64(5000 + 97*x + 13*i + c.scan.DPI)
					name := fmt.Sprintf("%s-%s-%s-s%d", dc.docType, dc.variant, c.name, x)
					if _, err := os.Stat(filepath.Join(to, name+".json")); err == nil && *onlyMissing {
						return nil
					}
					return writeFixture(e, to, dc, c, seed, fmt.Sprintf("-s%d", x))
				})
			}
		}
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
}

// writeFixture scans and reads a document of dc in condition c and writes
// it as type-variant-condition, suffix after it.
func writeFixture(e *pipeline.Engine, dir string, dc scanDoc, c scanCondition, seed uint64, suffix string) error {
	s, err := Scan(context.Background(), e, seed, dc.docType, sampledocs.Options{Variant: dc.variant}, c.scan)
	if err != nil {
		return fmt.Errorf("%s/%s %s%s: %w", dc.docType, dc.variant, c.name, suffix, err)
	}
	d := s.Doc
	fx := ScanFixture{Name: fmt.Sprintf("%s-%s-%s%s", d.Type, d.Variant, c.name, suffix), Type: d.Type, Variant: d.Variant,
		Condition: c.name, Fields: d.Fields, Pages: s.Pages, AsOf: d.AsOf}
	return Write(dir, fx.Name, fx)
}
