package sampledocs

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/catalog"
)

// DefaultAsOf is the "today" documents are judged on when Options.AsOf is
// zero: 2026-11-22, UTC. It is fixed so that generated samples never drift
// from valid to expired as the calendar moves, and a function so that no
// caller can move it for everyone else.
func DefaultAsOf() time.Time { return time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC) }

// Options asks Generate for an edge case. The zero value is a valid,
// current document of the given person judged on DefaultAsOf().
type Options struct {
	// Expired dates the document out of validity on AsOf: an expiration in
	// the past, or a test/exam/season older than its requirement allows.
	// Types with no time rule (resume, social security card, vaccination
	// series) ignore it.
	Expired bool
	// Positive gives a failing result: positive (or, for IGRA, sometimes
	// indeterminate) TB test or chest X-ray, positive drug screen, failed
	// fit test, "consider" background check, non-immune titer or short dose
	// series, an examiner who does not clear, a license that is not active.
	// Types with no result ignore it.
	Positive bool
	// OtherPerson prints someone else's name (and birth date) on the
	// document; Doc.Person is then that other person.
	OtherPerson bool
	// Omit lists fields not to print. Omitting any name field leaves the
	// name off the document entirely (full, first, middle and last go).
	Omit []string
	// AsOf is the day validity is judged on (DefaultAsOf() when zero).
	AsOf time.Time
	// Variant forces a layout by name (see Variants); "" or a name the
	// type does not have draws one.
	Variant string
	// Pages asks multi-page layouts for this many pages, clamped to what
	// the layout allows; 0 draws a count.
	Pages int
}

// Doc is one generated document and its truth.
type Doc struct {
	Type string
	// Person is whose name is printed (with OtherPerson, not the person
	// Generate was given).
	Person Person
	// Fields is the ground truth: catalog field names, catalog value
	// formats, only what the document prints.
	Fields  map[string]any
	Pages   int
	Variant string
	// Issuer is the organisation whose system produced the document (card
	// issuer, board, lab, clinic, vendor); it also chooses PDF metadata.
	Issuer string
	// AsOf is the day the document was generated to be judged on.
	AsOf time.Time
	// Created is when the issuer's system wrote the PDF (its CreationDate).
	Created time.Time
	// Seed fixes every rendering choice (date format, labels, incidental
	// text), so rendering the same Doc twice gives the same bytes.
	Seed uint64
	// staleMRZ, on a forged passport, holds the true fields whose values
	// the machine-readable zone's check digits were computed from: the
	// forger changed the printed values but not the digits.
	staleMRZ map[string]any
}

// Seeded returns a generator for a seed, the way the tests and tools make
// reproducible samples.
func Seeded(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// variant is one layout of a document type.
type variant struct {
	name string
	// pages is the range of page counts the layout renders (inclusive).
	pages [2]int
	// names are the name styles the issuer prints (see nameFields).
	names []string
	// meta are plausible Producer/Creator pairs of the issuer's system.
	meta   []meta
	render func(c *canvas)
}

// typeSpec knows how to draw a type's truth and render it.
type typeSpec struct {
	variants []variant
	// fill draws the type's own field values into g.f.
	fill func(g *gen)
	// failing names the variants able to show a failing result; Positive
	// picks among them when no variant is forced. nil means all.
	failing []string
	// dated names the variants able to be out of date (a declination is
	// not); Expired picks among them. nil means all.
	dated []string
}

// The package's two tables, each built once, explicitly, when the package
// is initialised, and only read afterwards. docCatalog is the catalog the
// truth is written in (field names, value formats, type names); specs
// holds the layouts of every type drawn in its own shapes (a catalog type
// without them gets genericSpec).
var (
	docCatalog = catalog.MustLoad()
	specs      = knownSpecs(docCatalog, layouts())
)

// knownSpecs returns the table of layouts once it holds together: every
// type in it is one the catalog knows and has layouts of distinct names,
// and the layouts it names as able to fail or to be out of date are its
// own. A mistake here fails when the package is initialised, not later as
// a document whose truth no catalog field can hold or an edge case drawn
// from no layout.
func knownSpecs(c *catalog.Catalog, table map[string]*typeSpec) map[string]*typeSpec {
	for docType, s := range table {
		if _, ok := c.Type(docType); !ok {
			panic(fmt.Sprintf("sampledocs: layouts for %q, which is not a catalog type", docType))
		}
		if len(s.variants) == 0 {
			panic(fmt.Sprintf("sampledocs: %s has no layouts", docType))
		}
		names := map[string]bool{}
		for _, v := range s.variants {
			if names[v.name] {
				panic(fmt.Sprintf("sampledocs: %s has two layouts named %q", docType, v.name))
			}
			names[v.name] = true
		}
		for _, n := range slices.Concat(s.failing, s.dated) {
			if !names[n] {
				panic(fmt.Sprintf("sampledocs: %s names a layout %q it does not have", docType, n))
			}
		}
	}
	return table
}

// Types lists the document types that have their own layouts, sorted.
func Types() []string {
	out := make([]string, 0, len(specs))
	for t := range specs {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// Variants lists a type's layout names.
func Variants(docType string) []string {
	s := specFor(docType)
	out := make([]string, len(s.variants))
	for i, v := range s.variants {
		out[i] = v.name
	}
	return out
}

func specFor(docType string) *typeSpec {
	if s, ok := specs[docType]; ok {
		return s
	}
	return genericSpec(docType)
}

func (s *typeSpec) variant(name string) (*variant, bool) {
	for i := range s.variants {
		if s.variants[i].name == name {
			return &s.variants[i], true
		}
	}
	return nil, false
}

// gen is the state of one Generate call.
type gen struct {
	r    *rand.Rand
	opt  Options
	asOf time.Time
	p    Person
	v    *variant
	f    map[string]any
	// issuer is the truth/metadata issuer; fill sets it.
	issuer string
	// latest is the newest event date the document shows (not its
	// expiration), and made, when set, the day the PDF was produced (a
	// verification printed long after the license was issued).
	latest, made time.Time
}

// Generate draws one document of docType for p. A type outside the catalog
// gets a generic one-page layout listing its fields.
func Generate(r *rand.Rand, docType string, p Person, opt Options) Doc {
	if opt.AsOf.IsZero() {
		opt.AsOf = DefaultAsOf()
	}
	asOf := time.Date(opt.AsOf.Year(), opt.AsOf.Month(), opt.AsOf.Day(), 0, 0, 0, 0, time.UTC)
	spec := specFor(docType)
	printed := p
	if opt.OtherPerson {
		printed = otherPerson(r, p)
	}
	g := &gen{r: r, opt: opt, asOf: asOf, p: printed, f: map[string]any{}}
	g.v = chooseVariant(r, spec, opt)
	spec.fill(g)

	pages := g.v.pages[0]
	if g.v.pages[1] > pages {
		pages += r.IntN(g.v.pages[1] - g.v.pages[0] + 1)
		if opt.Pages > 0 {
			pages = min(max(opt.Pages, g.v.pages[0]), g.v.pages[1])
		}
	}
	if len(g.v.names) > 0 {
		for k, v := range nameFields(printed, pick(r, g.v.names)) {
			g.f[k] = v
		}
	}
	g.omit()
	g.keepCatalogFields(docType)

	created := g.latest
	if !g.made.IsZero() {
		created = g.made
	}
	if created.IsZero() {
		created = asOf.AddDate(0, 0, -r.IntN(60))
	}
	created = created.AddDate(0, 0, r.IntN(3))
	if created.After(asOf) {
		created = asOf
	}
	created = created.Add(time.Duration(7*3600+r.IntN(11*3600)) * time.Second)
	return Doc{
		Type: docType, Person: printed, Fields: g.f, Pages: pages, Variant: g.v.name,
		Issuer: g.issuer, AsOf: asOf, Created: created, Seed: r.Uint64(),
	}
}

func chooseVariant(r *rand.Rand, s *typeSpec, opt Options) *variant {
	if opt.Variant != "" {
		if v, ok := s.variant(opt.Variant); ok {
			return v
		}
	}
	if opt.Positive && len(s.failing) > 0 {
		v, _ := s.variant(pick(r, s.failing))
		return v
	}
	if opt.Expired && len(s.dated) > 0 {
		v, _ := s.variant(pick(r, s.dated))
		return v
	}
	return &s.variants[r.IntN(len(s.variants))]
}

var nameKeys = []string{"full_name", "first_name", "middle_name", "last_name"}

func (g *gen) omit() {
	for _, o := range g.opt.Omit {
		if slices.Contains(nameKeys, o) {
			for _, k := range nameKeys {
				delete(g.f, k)
			}
			continue
		}
		delete(g.f, o)
	}
}

// keepCatalogFields drops what the renderer prints but the catalog does not
// define for the type (a middle name on a BLS card is part of full_name
// only).
func (g *gen) keepCatalogFields(docType string) {
	t, ok := docCatalog.Type(docType)
	if !ok {
		return
	}
	for k := range g.f {
		if !t.HasField(k) {
			delete(g.f, k)
		}
	}
}

// is reports whether the chosen variant is one of names.
func (g *gen) is(names ...string) bool { return slices.Contains(names, g.v.name) }

func (g *gen) setDate(field string, t time.Time) {
	g.f[field] = t.Format(time.DateOnly)
	if field != "expiration_date" && t.After(g.latest) && !t.After(g.asOf) {
		g.latest = t
	}
}

// daysAgo is a date lo..hi days before as-of.
func (g *gen) daysAgo(lo, hi int) time.Time {
	return g.asOf.AddDate(0, 0, -(lo + g.r.IntN(hi-lo+1)))
}

// recent is the date of a test judged by a within-months/days window: well
// inside it when valid, clearly outside when Expired.
func (g *gen) recent(windowDays int) time.Time {
	if g.opt.Expired {
		return g.daysAgo(windowDays+20, windowDays*2+60)
	}
	return g.daysAgo(1, windowDays*9/10)
}

// cardDates draws issue/expiration for a card valid `years` years.
func (g *gen) cardDates(years int) (issue, exp time.Time) {
	span := years * 365
	if g.opt.Expired {
		issue = g.daysAgo(span+30, span+700)
	} else {
		issue = g.daysAgo(3, span-60)
	}
	return issue, issue.AddDate(years, 0, 0)
}

func (g *gen) setIssuer(name string) { g.issuer = name }

func digits(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + r.IntN(10))
	}
	return string(b)
}

func alnum(r *rand.Rand, n int) string {
	const set = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = set[r.IntN(len(set))]
	}
	return string(b)
}

// nameFields prints p in a style and returns the name fields as printed.
//
// Styles: "First Last", "Nick Last" (a nickname where one is common),
// "First M. Last", "First M Last", "First Middle
// Last", "Last, First", "Last, First M.", "LAST, FIRST M", "LAST, FIRST
// MIDDLE", "FIRST MIDDLE LAST", "FIRST LAST", and "split"/"SPLIT" for
// layouts that print the parts on separate lines (full_name is then the
// parts in natural order). Upper-case styles drop accents, as government
// and laboratory systems do.
func nameFields(p Person, style string) map[string]string {
	first, mid, last := p.FirstName, p.MiddleName, p.LastName
	upper := style == strings.ToUpper(style)
	if upper {
		first, mid, last = strings.ToUpper(asciiFold(first)), strings.ToUpper(asciiFold(mid)), strings.ToUpper(asciiFold(last))
	}
	initial := ""
	if mid != "" {
		initial = string([]rune(mid)[:1])
	}
	out := map[string]string{"first_name": first, "last_name": last}
	var full string
	switch strings.ToLower(style) {
	case "first last":
		full = first + " " + last
	case "nick last":
		// Resumes and cover letters often use the name people go by.
		if nick, ok := nicknames[p.FirstName]; ok {
			first = nick
			out["first_name"] = nick
		}
		full = first + " " + last
	case "first m. last":
		full = strings.Join(nonEmpty(first, dotted(initial), last), " ")
		setMid(out, dotted(initial))
	case "first m last":
		full = strings.Join(nonEmpty(first, initial, last), " ")
		setMid(out, initial)
	case "first middle last", "split":
		full = strings.Join(nonEmpty(first, mid, last), " ")
		setMid(out, mid)
	case "last, first":
		full = last + ", " + first
	case "last, first m.":
		full = last + ", " + strings.Join(nonEmpty(first, dotted(initial)), " ")
		setMid(out, dotted(initial))
	case "last, first m":
		full = last + ", " + strings.Join(nonEmpty(first, initial), " ")
		setMid(out, initial)
	case "last, first middle":
		full = last + ", " + strings.Join(nonEmpty(first, mid), " ")
		setMid(out, mid)
	default:
		panic(fmt.Sprintf("sampledocs: unknown name style %q", style))
	}
	out["full_name"] = full
	return out
}

func dotted(s string) string {
	if s == "" {
		return ""
	}
	return s + "."
}

func setMid(m map[string]string, v string) {
	if v != "" {
		m["middle_name"] = v
	}
}

// Name style groups used by layouts.
var (
	namesCard    = []string{"First Last", "First M. Last", "First M Last", "First Middle Last"}
	namesRecord  = []string{"Last, First", "Last, First M.", "LAST, FIRST M", "LAST, FIRST MIDDLE"}
	namesUpper   = []string{"LAST, FIRST M", "LAST, FIRST MIDDLE", "FIRST MIDDLE LAST", "FIRST LAST"}
	namesAny     = []string{"First Last", "First M. Last", "Last, First", "Last, First M.", "LAST, FIRST M", "FIRST LAST"}
	namesSplit   = []string{"SPLIT"}
	namesNatural = []string{"First Last", "First M. Last", "First Middle Last"}
)
