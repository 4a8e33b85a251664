package extract_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/classify/scanfixtures"
	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/rules"
)

// Scanned health records, immunizations and dated certificates, OCRed
// once by the worker's own page reader and kept as fixtures, so that the
// reading of dates, results and dose lists on real OCR text, and the
// verdicts it leads to, are tested without Tesseract. -healthscans
// renders, scans and reads them again (minutes):
//
//	go test ./extract -run TestHealthScanFixtures -healthscans
var (
	writeHealthScans = flag.Bool("healthscans", false, "render, scan and OCR the health scan fixtures into testdata/healthscans")
	// healthScansOnly limits -healthscans to the fixtures of the types and
	// variants it matches ("chest_xray-radiology_report"), so that a
	// generator's change to one layout's truth renews those alone.
	healthScansOnly = flag.String("healthscans-only", "", "with -healthscans, renew only the fixtures whose type-variant this regexp matches")
)

// healthScan is one scanned document as the worker read it, its truth,
// and the verdict its true fields earn.
type healthScan struct {
	Name      string          `json:"name"`
	Type      string          `json:"type"`
	Variant   string          `json:"variant"`
	Condition string          `json:"condition"`
	Scan      string          `json:"scan"`
	Fields    map[string]any  `json:"fields"`
	Candidate rules.Candidate `json:"candidate"`
	Pages     []scanPage      `json:"pages"`
	AsOf      time.Time       `json:"as_of"`
}

var healthScanTypes = []string{
	"tb_skin_test", "tb_blood_test", "chest_xray", "drug_screen", "physical_exam",
	"mmr_record", "varicella_record", "hepatitis_b_record", "tdap_record", "influenza_vaccine",
	"bls", "acls", "pals", "nrp", "tncc", "hipaa_training", "osha_training",
}

var healthScanConditions = []struct {
	name string
	scan sampledocs.ScanOptions
}{
	{"110dpi", sampledocs.ScanOptions{DPI: 110}},
	{"turned180", sampledocs.ScanOptions{Rotate: 180}},
	{"small150", sampledocs.ScanOptions{DPI: 150, PageDPI: 600}},
	{"turned270", sampledocs.ScanOptions{Rotate: 270}},
	{"130dpi", sampledocs.ScanOptions{DPI: 130}},
	{"turned90", sampledocs.ScanOptions{Rotate: 90}},
	{"200dpi", sampledocs.ScanOptions{}},
}

// scanEngine is the worker's page reader, for the tests that scan and
// OCR fixtures into testdata.
func scanEngine(t *testing.T) *pipeline.Engine {
	t.Helper()
	o, err := ocr.New(ocr.Config{Concurrency: 2})
	if err != nil {
		t.Fatalf("tesseract is required: %v", err)
	}
	e, err := pipeline.New(pipeline.Config{Catalog: catalog.MustLoad(), OCR: o, TempDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestHealthScanFixtures(t *testing.T) {
	if !*writeHealthScans {
		t.Skip("run with -healthscans to render, scan and OCR the fixtures")
	}
	e := scanEngine(t)
	dir := filepath.Join("testdata", "healthscans")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	conds := []struct {
		name string
		opt  sampledocs.Options
	}{{"valid", sampledocs.Options{}}, {"valid", sampledocs.Options{}}, {"expired", sampledocs.Options{Expired: true}}, {"failing", sampledocs.Options{Positive: true}}}
	only, err := regexp.Compile(*healthScansOnly)
	if err != nil {
		t.Fatal(err)
	}
	var g errgroup.Group
	g.SetLimit(2)
	n := 0
	for i, typ := range healthScanTypes {
		for j, variant := range sampledocs.Variants(typ) {
			for k, c := range conds {
				if !only.MatchString(typ + "-" + variant) {
					continue
				}
				n++
				sc := healthScanConditions[(3*i+5*j+k)%len(healthScanConditions)]
				seed := uint64(9100 + 97*i + 13*j + k)
				g.Go(func() error {
					opt := c.opt
					opt.Variant = variant
					s, err := scanfixtures.Scan(context.Background(), e, seed, typ, opt, sc.scan)
					if err != nil {
						return fmt.Errorf("%s/%s %s: %w", typ, variant, sc.name, err)
					}
					d, p := s.Doc, s.Person
					pages := make([]scanPage, len(s.Pages))
					for i, pg := range s.Pages {
						pages[i] = scanPage{Text: pg.Text, Layout: pg.Layout}
					}
					fx := healthScan{Name: fmt.Sprintf("%s-%s-%s-%s-%d", typ, d.Variant, c.name, sc.name, k), Type: typ, Variant: d.Variant,
						Condition: c.name, Scan: sc.name, Fields: d.Fields, Pages: pages, AsOf: d.AsOf,
						Candidate: rules.Candidate{FirstName: p.FirstName, MiddleName: p.MiddleName, LastName: p.LastName, DateOfBirth: p.DOB.Format(time.DateOnly)}}
					return scanfixtures.Write(dir, fx.Name, fx)
				})
			}
		}
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d fixtures written", n)
}

func loadHealthScans(t *testing.T) []healthScan {
	t.Helper()
	out := loadFixtures[healthScan](t, "health scan", filepath.Join("testdata", "healthscans"))
	for _, fx := range out {
		catalogTypes(fx.Fields)
	}
	return out
}

// catalogTypes turns the numbers and lists JSON gives (every number a
// float, every list []any) into the catalog's (ints, lists of strings).
func catalogTypes(fields map[string]any) {
	for k, v := range fields {
		switch x := v.(type) {
		case float64:
			if x == float64(int(x)) {
				fields[k] = int(x)
			}
		case []any:
			ss := make([]string, 0, len(x))
			for _, e := range x {
				if s, ok := e.(string); ok {
					ss = append(ss, s)
				}
			}
			fields[k] = ss
		}
	}
}

// judgeHealthScan reads a fixture as its true type, parts the fields as
// the worker does (sure ones, and uncertain ones with their confidence)
// and judges them against the requirement that fits the type.
func judgeHealthScan(c *catalog.Catalog, fx healthScan) (sure map[string]any, uncertain map[string]float64, got, want rules.Tree) {
	doc := scanDocument(fx.Pages, fx.AsOf)
	doc.Holder = extract.Holder{FirstName: fx.Candidate.FirstName, MiddleName: fx.Candidate.MiddleName, LastName: fx.Candidate.LastName}
	res := extract.Read(c, fx.Type, doc)
	sure, uncertain = map[string]any{}, map[string]float64{}
	for k, v := range res.Fields {
		if conf, ok := res.Confidence[k]; ok && conf < c.ConfidenceThreshold(k) {
			uncertain[k] = conf
			continue
		}
		sure[k] = v
	}
	req, _ := c.Requirement(pipeline.RequirementFor(c, fx.Type))
	got = rules.Evaluate(c, req, rules.Input{DocumentType: fx.Type, Readable: true, Fields: sure, Uncertain: uncertain, Candidate: fx.Candidate, AsOf: fx.AsOf})
	want = rules.Evaluate(c, req, rules.Input{DocumentType: fx.Type, Readable: true, Fields: fx.Fields, Candidate: fx.Candidate, AsOf: fx.AsOf})
	return sure, uncertain, got, want
}

// TestHealthScans: scanned health records, immunizations and dated
// certificates are never judged VALID where their true fields are not,
// no passing value is read wrong, and at least the share of verdicts and
// fields measured when the reading was last changed is reached.
func TestHealthScans(t *testing.T) {
	c := catalog.MustLoad()
	const minVerdicts, minFields = 0.66, 0.745
	agree, cases, right, total, uncertainN := 0, 0, 0, 0, 0
	for _, fx := range loadHealthScans(t) {
		sure, uncertain, got, want := judgeHealthScan(c, fx)
		cases++
		if got.Result == want.Result {
			agree++
		} else {
			var why []string
			for _, rr := range got.Rules {
				if rr.Result != rules.Pass {
					why = append(why, fmt.Sprintf("%s %s %s(%s)", rr.Rule, rr.Result, rr.Reason, rr.Field))
				}
			}
			t.Logf("%s: %s, true fields give %s: %s (uncertain %v)", fx.Name, got.Result, want.Result, strings.Join(why, "; "), uncertain)
			if got.Result == rules.Valid {
				t.Errorf("%s: wrong VALID (true fields give %s)", fx.Name, want.Result)
			}
		}
		for k, w := range fx.Fields {
			total++
			g, ok := sure[k]
			switch {
			case ok && sampledocs.FieldEqual(g, w):
				right++
			case ok:
				t.Logf("%s: %s read %v, is %v", fx.Name, k, g, w)
			default:
				if _, u := uncertain[k]; u {
					uncertainN++
				}
				if testing.Verbose() {
					t.Logf("%s: %s missed (%v; uncertain %v)", fx.Name, k, w, uncertain[k])
				}
			}
		}
	}
	vs, fs := float64(agree)/float64(max(1, cases)), float64(right)/float64(max(1, total))
	t.Logf("verdicts %d of %d (%.1f%%), fields %d of %d (%.1f%%), %d missed as uncertain", agree, cases, 100*vs, right, total, 100*fs, uncertainN)
	if vs < minVerdicts {
		t.Errorf("verdicts %.1f%%, want at least %.1f%%", 100*vs, 100*minVerdicts)
	}
	if fs < minFields {
		t.Errorf("fields %.1f%%, want at least %.1f%%", 100*fs, 100*minFields)
	}
}

// TestHealthScanReadings: readings of particular scans, as the worker's
// OCR gave them, that a change of the reading once fixed: each field is
// read surely as printed, or (nil) not reported surely.
func TestHealthScanReadings(t *testing.T) {
	c := catalog.MustLoad()
	want := map[string]map[string]any{
		// A one-row PPD table whose headings OCR lost: the row's dates
		// two days apart and its answer.
		"tb_skin_test-occ_health_record-valid-200dpi-1":      {"administered_date": "2026-07-16", "read_date": "2026-07-19", "result": "negative"},
		"tb_skin_test-occ_health_record-failing-turned180-3": {"administered_date": "2026-04-15", "read_date": "2026-04-17", "result": "positive"},
		// A placement row naming the antigen over the reading row.
		"tb_skin_test-placement_reading_table-expired-turned270-2": {"administered_date": "2025-03-10", "read_date": "2025-03-13",
			// The legend's "10 mm or more are positive" is no result.
			"result": nil},
		// "[—] Negative" and "x] Positive": the ticked box decides.
		"tb_skin_test-clinic_form-failing-turned270-3": {"result": "positive"},
		// The facility beside its label, not the nurse who read the test.
		"tb_skin_test-placement_reading_table-valid-small150-1": {"provider": "County Public Health Department"},
		// An anti-HBs report whose legend's units OCR read unsurely
		// ("Immune (anti-HBs >= 10 mlU/mL)" at 28): the answer's own
		// words were read surely.
		"hepatitis_b_record-titer_lab_report-valid-200dpi-1": {"titer_result": "immune"},
		// A registry table whose later rows lost their dates (their lots
		// and status stand): one dose of three is no sure count.
		"hepatitis_b_record-registry_printout-valid-turned180-1": {"dose_dates": nil},
		// Two rows of a series of three, each read: a short series.
		"hepatitis_b_record-registry_printout-failing-turned270-3": {"dose_dates": []string{"2001-11-28", "2002-01-03"}},
		// "[X] | decline": the pronoun OCR read as a bar is no box.
		"hepatitis_b_record-declination_form-failing-200dpi-3": {"declined": true},
	}
	seen := 0
	for _, fx := range loadHealthScans(t) {
		fields, ok := want[fx.Name]
		if !ok {
			continue
		}
		seen++
		sure, uncertain, _, _ := judgeHealthScan(c, fx)
		for k, w := range fields {
			g, ok := sure[k]
			switch {
			case w == nil && ok:
				t.Errorf("%s: %s read %v surely, want it not reported", fx.Name, k, g)
			case w != nil && (!ok || !sampledocs.FieldEqual(g, w)):
				t.Errorf("%s: %s = %v (uncertain %v), want %v", fx.Name, k, g, uncertain[k], w)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of %d fixtures found", seen, len(want))
	}
}
