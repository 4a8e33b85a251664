// Package heldout generates the HELD-OUT evaluation set of `make eval`:
// compliance documents with known truth whose layouts, wordings, label
// positions, fonts, name orders and date forms were written independently
// of internal/sampledocs (the set the reading code is tuned against) and of
// the reading code itself.
//
// Nobody tunes the reading engine against this package. Its figures say how
// the engine reads documents it has never seen; a change made to raise them
// by studying these layouts makes them worthless. Reading engineers get a
// summary of failure classes, never the layouts.
//
// Documents are HTML/CSS rendered to PDF by WeasyPrint (a different producer
// from the tuning set's), as text PDFs and as scans: the PDF rasterised by
// poppler's pdftoppm, degraded in Go like an office or phone scan (skew,
// noise, blur, uneven light, JPEG, some pages turned 90° or 180°, some small
// or low-resolution) and wrapped as an image-only PDF by pdfcpu. Single
// documents carry a validity condition (valid, expired, failing result,
// another person) so that a verdict can be expected; bundles of several
// documents carry their page ranges.
//
// Everything but the PDF bytes is deterministic: the same Config gives the
// same cases, truth and HTML (WeasyPrint names font subsets at random, so the
// bytes of two renderings differ while their text and pixels do not).
//
// The truth follows catalog/document-types.yaml: catalog field names of the
// document's type only, dates YYYY-MM-DD, dose_dates a list, induration_mm
// an int, booleans, lower-case result codes, names as printed, and a field
// the document does not print is absent. Where the same value is printed in
// two forms (a name "LAST, FIRST" beside its natural order, a nationality
// spelled out and as its MRZ code) Accept lists the other readings that
// count as right.
package heldout

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/rules"
)

// Condition is what a single document's verdict should turn on.
type Condition string

// The conditions a single document is generated in.
const (
	Valid       Condition = "valid"
	Expired     Condition = "expired"
	Failing     Condition = "failing result"
	OtherPerson Condition = "another person"
)

// Conditions lists every condition in report order.
func Conditions() []Condition { return []Condition{Valid, Expired, Failing, OtherPerson} }

// Medium is how a case reaches the engine.
type Medium string

// The media.
const (
	Text Medium = "text" // a PDF with a text layer (WeasyPrint)
	Scan Medium = "scan" // an image-only PDF of a degraded raster
)

// Doc is one document: its truth and the HTML it is printed from.
type Doc struct {
	Type   string
	Layout string
	// Condition is the validity condition it was generated in.
	Condition Condition
	// Holder is the person whose name the document prints.
	Holder Person
	// Fields is the truth: catalog field names of Type, catalog formats,
	// only what the document prints.
	Fields map[string]any
	// Accept lists other readings of a field that count as right: the same
	// value printed a second way on the page.
	Accept map[string][]any
	// Evidence is the printed phrase that carries a value not printed
	// literally (a checked box, a state's name for its code, a month-only
	// renewal date), for the text-layer check of the tests.
	Evidence map[string]string
	// HTML is the whole document, every page, for WeasyPrint.
	HTML string
	// Card says the page is card-sized (a wallet card or ID printed on its
	// own small page), which scans render as a small page.
	Card bool
}

// Segment is where one document sits in a rendered case.
type Segment struct {
	// PageStart and PageEnd are 1-based and inclusive.
	PageStart, PageEnd int
	Type               string
	Layout             string
	Fields             map[string]any
	Accept             map[string][]any
}

// Case is one file given to the engine.
type Case struct {
	// ID names the case in reports ("text-017", "scan-bundle-2").
	ID     string
	Medium Medium
	// Bundle is a multi-document file, judged on its split; a single
	// document is judged as one document with its requirement.
	Bundle bool
	// Condition of a single document (bundles are Valid).
	Condition Condition
	// Candidate is the nurse the file was uploaded for.
	Candidate rules.Candidate
	Docs      []Doc
	// Seed fixes the case's scan degradation.
	Seed uint64

	// Filled by Render.
	PDF      []byte
	Segments []Segment
	// Rotated counts pages scanned turned by 90° or 180°.
	Rotated int
	// Scans says how each page of a scan was made.
	Scans []ScanPage
}

// ScanPage is how one page was scanned.
type ScanPage struct {
	Page int
	DPI  int
	// Turn is 0, 90, 180 or 270 degrees clockwise.
	Turn int
	Skew float64
	// Card is how a card-sized document was scanned: "flatbed" (on a
	// letter page), "photo" (a phone photo on a table), "small page" (its
	// own page); "" for a full page.
	Card string
}

// Kind names the hardest thing about the page, for reports.
func (s ScanPage) Kind() string {
	switch {
	case s.Turn != 0:
		return "turned 90°/180°/270°"
	case s.Card == "photo":
		return "phone photo of a card"
	case s.DPI < 150:
		return "low resolution (110-130 dpi)"
	case s.Card != "":
		return "card on a flatbed or its own small page"
	}
	return "upright page, 150-300 dpi"
}

// Config sizes the set. A negative count asks for the default: every
// layout of every type in every condition the type has (text), one case per
// layout and type with the conditions taken in turn (scans).
type Config struct {
	Seed        uint64
	AsOf        time.Time
	TextSingles int
	ScanSingles int
	TextBundles int
	ScanBundles int
}

// spec is one (layout, type, condition) a single document can be made in.
type spec struct {
	l    *layout
	typ  string
	cond Condition
}

// Plan draws the cases: truth and HTML, not yet rendered.
func Plan(cat *catalog.Catalog, cfg Config) ([]Case, error) {
	if cfg.AsOf.IsZero() {
		return nil, fmt.Errorf("heldout: Config.AsOf is required")
	}
	if err := checkLayouts(cat); err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(cfg.Seed, 0x68656c646f7574))
	var cases []Case

	all := interleave(r, allSpecs())
	n := cfg.TextSingles
	if n < 0 {
		n = len(all)
	}
	for i := 0; i < n; i++ {
		c, err := single(cat, r, cfg.AsOf, all[i%len(all)], Text, fmt.Sprintf("text-%03d", i+1))
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}

	scans := interleave(r, scanSpecs())
	n = cfg.ScanSingles
	if n < 0 {
		n = len(scans)
	}
	for i := 0; i < n; i++ {
		c, err := single(cat, r, cfg.AsOf, scans[i%len(scans)], Scan, fmt.Sprintf("scan-%03d", i+1))
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}

	for i := 0; i < cfg.TextBundles; i++ {
		c, err := bundle(cat, r, cfg.AsOf, Text, fmt.Sprintf("text-bundle-%02d", i+1))
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	for i := 0; i < cfg.ScanBundles; i++ {
		c, err := bundle(cat, r, cfg.AsOf, Scan, fmt.Sprintf("scan-bundle-%02d", i+1))
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, nil
}

// allSpecs is every layout of every type in every condition the type has.
func allSpecs() []spec {
	var out []spec
	for _, l := range layouts() {
		for _, typ := range l.types {
			for _, c := range conditionsOf(typ) {
				if l.allows(c) {
					out = append(out, spec{l: l, typ: typ, cond: c})
				}
			}
		}
	}
	return out
}

// scanSpecs is one spec per layout and type, the type's conditions taken in
// turn so that scans are judged in every condition too.
func scanSpecs() []spec {
	var out []spec
	turn := map[string]int{}
	for _, l := range layouts() {
		for _, typ := range l.types {
			var conds []Condition
			for _, c := range conditionsOf(typ) {
				if l.allows(c) {
					conds = append(conds, c)
				}
			}
			out = append(out, spec{l: l, typ: typ, cond: conds[turn[typ]%len(conds)]})
			turn[typ]++
		}
	}
	return out
}

// interleave shuffles the specs of each type and deals them out type by
// type, so that a short run still covers many types.
func interleave(r *rand.Rand, specs []spec) []spec {
	byType := map[string][]spec{}
	var types []string
	for _, s := range specs {
		if _, ok := byType[s.typ]; !ok {
			types = append(types, s.typ)
		}
		byType[s.typ] = append(byType[s.typ], s)
	}
	sort.Strings(types)
	for _, t := range types {
		l := byType[t]
		r.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	}
	var out []spec
	for i := 0; len(out) < len(specs); i++ {
		for _, t := range types {
			if i < len(byType[t]) {
				out = append(out, byType[t][i])
			}
		}
	}
	return out
}

// conditionsOf lists the conditions that change a type's verdict.
func conditionsOf(typ string) []Condition {
	switch typ {
	case "other":
		return []Condition{Valid}
	case "resume", "social_security_card", "covid19_vaccine":
		return []Condition{Valid, OtherPerson}
	case "bls", "acls", "pals", "nrp", "tncc", "drivers_license", "passport", "tdap_record", "influenza_vaccine",
		"skills_checklist", "hipaa_training", "osha_training":
		return []Condition{Valid, Expired, OtherPerson}
	case "mmr_record", "varicella_record", "hepatitis_b_record":
		return []Condition{Valid, Failing, OtherPerson}
	default:
		return []Condition{Valid, Expired, Failing, OtherPerson}
	}
}

func candidateOf(p Person) rules.Candidate {
	return rules.Candidate{FirstName: p.First, MiddleName: p.Middle, LastName: p.Last, DateOfBirth: p.DOB.Format(time.DateOnly)}
}

func single(cat *catalog.Catalog, r *rand.Rand, asOf time.Time, s spec, m Medium, id string) (Case, error) {
	nurse := newPerson(r)
	holder := nurse
	if s.cond == OtherPerson {
		holder = otherPerson(r, nurse)
	}
	d, err := makeDoc(cat, r, asOf, s.l, s.typ, s.cond, holder)
	if err != nil {
		return Case{}, fmt.Errorf("%s: %w", id, err)
	}
	return Case{ID: id, Medium: m, Condition: s.cond, Candidate: candidateOf(nurse), Docs: []Doc{d}, Seed: r.Uint64()}, nil
}

// bundleTypes are the documents a nurse's packet is made of, the common
// ones more than once.
var bundleTypes = []string{
	"bls", "bls", "acls", "pals", "nrp", "tncc", "nursing_license", "nursing_license", "drivers_license",
	"drivers_license", "passport", "social_security_card", "tb_skin_test", "tb_skin_test", "tb_blood_test",
	"chest_xray", "mmr_record", "varicella_record", "hepatitis_b_record", "tdap_record", "influenza_vaccine",
	"covid19_vaccine", "physical_exam", "drug_screen", "fit_test", "background_check", "skills_checklist",
	"resume", "hipaa_training", "osha_training",
}

func bundle(cat *catalog.Catalog, r *rand.Rand, asOf time.Time, m Medium, id string) (Case, error) {
	nurse := newPerson(r)
	n := 4 + r.IntN(4)
	if m == Scan {
		n = 3 + r.IntN(3)
	}
	var docs []Doc
	if r.IntN(3) == 0 {
		d, err := makeDoc(cat, r, asOf, pick(r, layoutsOf("other")), "other", Valid, nurse)
		if err != nil {
			return Case{}, fmt.Errorf("%s: %w", id, err)
		}
		docs = append(docs, d)
	}
	used := map[string]bool{}
	for len(docs) < n {
		typ := pick(r, bundleTypes)
		if used[typ] {
			continue
		}
		used[typ] = true
		d, err := makeDoc(cat, r, asOf, pick(r, layoutsOf(typ)), typ, Valid, nurse)
		if err != nil {
			return Case{}, fmt.Errorf("%s: %w", id, err)
		}
		docs = append(docs, d)
	}
	return Case{ID: id, Medium: m, Bundle: true, Condition: Valid, Candidate: candidateOf(nurse), Docs: docs, Seed: r.Uint64()}, nil
}

func pick[T any](r *rand.Rand, l []T) T { return l[r.IntN(len(l))] }
