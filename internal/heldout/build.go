package heldout

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/catalog"
)

// layout is one way an issuer prints documents of some types.
type layout struct {
	name  string
	types []string
	build func(b *build) page
	// conds, when set, are the only conditions the layout can print (a
	// declination form has no failing result).
	conds []Condition
}

// allows reports whether the layout can print a document in c.
func (l *layout) allows(c Condition) bool {
	if len(l.conds) == 0 {
		return true
	}
	for _, x := range l.conds {
		if x == c {
			return true
		}
	}
	return false
}

func layoutsOf(typ string) []*layout {
	var out []*layout
	for _, l := range layouts() {
		for _, t := range l.types {
			if t == typ {
				out = append(out, l)
			}
		}
	}
	return out
}

// commonTypes must have at least three layouts each.
var commonTypes = []string{"bls", "acls", "pals", "nursing_license", "drivers_license", "passport", "tb_skin_test",
	"tb_blood_test", "mmr_record", "varicella_record", "hepatitis_b_record", "physical_exam", "drug_screen",
	"background_check", "fit_test", "hipaa_training", "osha_training"}

// checkLayouts fails when a layout names a type the catalog lacks, or a
// catalog type has no layout (common ones fewer than three).
func checkLayouts(cat *catalog.Catalog) error {
	names := map[string]bool{}
	for _, l := range layouts() {
		if names[l.name] {
			return fmt.Errorf("heldout: layout %q defined twice", l.name)
		}
		names[l.name] = true
		for _, t := range l.types {
			if _, ok := cat.Type(t); !ok {
				return fmt.Errorf("heldout: layout %s names type %q that the catalog lacks", l.name, t)
			}
		}
	}
	for _, t := range cat.Types() {
		if len(layoutsOf(t.Key)) == 0 {
			return fmt.Errorf("heldout: catalog type %s has no layout", t.Key)
		}
	}
	for _, t := range commonTypes {
		if n := len(layoutsOf(t)); n < 3 {
			return fmt.Errorf("heldout: %s has %d layouts, fewer than 3", t, n)
		}
	}
	return nil
}

// build is a document being written: the layout prints, and records the
// truth of what it printed.
type build struct {
	r      *rand.Rand
	asOf   time.Time
	typ    string
	cond   Condition
	p      Person
	fields map[string]bool
	d      *Doc
}

func makeDoc(cat *catalog.Catalog, r *rand.Rand, asOf time.Time, l *layout, typ string, cond Condition, holder Person) (d Doc, err error) {
	t, ok := cat.Type(typ)
	if !ok {
		return Doc{}, fmt.Errorf("heldout: unknown type %s", typ)
	}
	d = Doc{Type: typ, Layout: l.name, Condition: cond, Holder: holder,
		Fields: map[string]any{}, Accept: map[string][]any{}, Evidence: map[string]string{}}
	b := &build{r: r, asOf: asOf, typ: typ, cond: cond, p: holder, fields: map[string]bool{}, d: &d}
	for _, f := range t.Fields {
		b.fields[f] = true
	}
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("heldout: layout %s, type %s: %v", l.name, typ, v)
		}
	}()
	pg := l.build(b)
	d.HTML = pg.document(b.asOf.AddDate(0, 0, -b.r.IntN(3)))
	d.Card = pg.card
	return d, nil
}

// set records a printed field; a field the type lacks is a layout's bug.
func (b *build) set(field string, v any) {
	if !b.fields[field] {
		panic(fmt.Sprintf("type %s has no field %s", b.typ, field))
	}
	b.d.Fields[field] = v
}

// setIf records a field when the type has it (a layout shared by types
// with different fields).
func (b *build) setIf(field string, v any) {
	if b.fields[field] {
		b.d.Fields[field] = v
	}
}

func (b *build) accept(field string, v ...any) {
	if b.fields[field] {
		b.d.Accept[field] = append(b.d.Accept[field], v...)
	}
}

func (b *build) evidence(field, phrase string) {
	if b.fields[field] {
		b.d.Evidence[field] = phrase
	}
}

func (b *build) chance(n int) bool { return b.r.IntN(n) == 0 }

// middle forms of a printed name.
type middleForm int

const (
	midNone middleForm = iota
	midInitial
	midInitialDot
	midFull
)

// nameStyle is how a layout prints the holder's name.
type nameStyle struct {
	comma bool // "Last, First Middle"
	upper bool
	mid   middleForm
}

func (b *build) parts(st nameStyle) (first, mid, last string) {
	first, last = b.p.First, b.p.Last
	if b.p.Middle != "" {
		switch st.mid {
		case midInitial:
			mid = b.p.Middle[:1]
		case midInitialDot:
			mid = b.p.Middle[:1] + "."
		case midFull:
			mid = b.p.Middle
		}
	}
	if st.upper {
		first, mid, last = upper(first), upper(mid), upper(last)
	}
	return first, mid, last
}

func join(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, " ")
}

// name prints the holder's name in one string and records its truth.
func (b *build) name(st nameStyle) string {
	first, mid, last := b.parts(st)
	natural := join(first, mid, last)
	comma := last + ", " + join(first, mid)
	printed, other := natural, comma
	if st.comma {
		printed, other = comma, natural
	}
	b.recordName(printed, other, first, mid, last)
	return printed
}

// nameParts prints the holder's name in separate boxes (surname, given
// names) and records its truth; full_name is the natural order of what the
// boxes print.
func (b *build) nameParts(st nameStyle) (first, mid, last string) {
	first, mid, last = b.parts(st)
	b.recordName(join(first, mid, last), last+", "+join(first, mid), first, mid, last)
	return first, mid, last
}

func (b *build) recordName(printed, other, first, mid, last string) {
	b.setIf("full_name", printed)
	b.accept("full_name", other)
	b.setIf("first_name", first)
	b.setIf("last_name", last)
	if mid != "" {
		m := strings.TrimSuffix(mid, ".")
		b.setIf("middle_name", m)
		if m != mid {
			b.accept("middle_name", mid)
		} else if len(m) == 1 {
			b.accept("middle_name", m+".")
		}
	}
}

// date forms printed by the layouts.
type dateForm struct {
	layout string
	upper  bool
}

var (
	mdy        = dateForm{"01/02/2006", false}
	mdyShort   = dateForm{"1/2/2006", false}
	mdyDash    = dateForm{"01-02-2006", false}
	dMonY      = dateForm{"02-Jan-2006", true}
	longDate   = dateForm{"January 2, 2006", false}
	abbrDate   = dateForm{"Jan 2, 2006", false}
	isoDate    = dateForm{"2006-01-02", false}
	dMonYSp    = dateForm{"02 Jan 2006", false}
	dMonYSpUp  = dateForm{"02 Jan 2006", true}
	dMonthY    = dateForm{"2 January 2006", false}
	abbrDotted = dateForm{"Jan. 2, 2006", false}
)

// dateForms is every form, for the tests' search of a printed date.
func dateForms() []dateForm {
	return []dateForm{mdy, mdyShort, mdyDash, dMonY, longDate, abbrDate, isoDate, dMonYSp, dMonYSpUp, dMonthY, abbrDotted}
}

func (f dateForm) format(t time.Time) string {
	s := t.Format(f.layout)
	if f.upper {
		s = strings.ToUpper(s)
	}
	return s
}

// anyForm draws one of the given forms.
func (b *build) form(forms ...dateForm) dateForm { return forms[b.r.IntN(len(forms))] }

// date prints a date and records it under field.
func (b *build) date(field string, t time.Time, f dateForm) string {
	b.set(field, t.Format(time.DateOnly))
	return f.format(t)
}

// dob prints the holder's date of birth, recorded where the type has one.
func (b *build) dob(f dateForm) string {
	b.setIf("date_of_birth", b.p.DOB.Format(time.DateOnly))
	return f.format(b.p.DOB)
}

func (b *build) daysAgo(lo, hi int) time.Time {
	return b.asOf.AddDate(0, 0, -(lo + b.r.IntN(hi-lo+1)))
}

// credential is an issue and expiry date of a credential valid for years:
// current, or lapsed when the condition is Expired.
func (b *build) credential(years int) (issue, exp time.Time) {
	if b.cond == Expired {
		exp = b.daysAgo(45, 420)
		return exp.AddDate(-years, 0, 0), exp
	}
	issue = b.daysAgo(15, years*365-150)
	return issue, issue.AddDate(years, 0, 0)
}

// within is the date of a test or exam that counts for months: recent, or
// too old when the condition is Expired.
func (b *build) within(months int) time.Time {
	if b.cond == Expired {
		return b.daysAgo(months*31+15, months*31+330)
	}
	return b.daysAgo(2, months*30-20)
}

// withinDays is within for a rule counted in days.
func (b *build) withinDays(days int) time.Time {
	if b.cond == Expired {
		return b.daysAgo(days+8, days+160)
	}
	return b.daysAgo(1, days-6)
}

func (b *build) failing() bool { return b.cond == Failing }

// endOfMonth is the last day of t's month: a card renewed "by 04/2028" is
// good through April 30, 2028.
func endOfMonth(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month()+1, 0, 0, 0, 0, 0, time.UTC)
}

// digits draws n decimal digits.
func (b *build) digits(n int) string {
	var s strings.Builder
	for i := 0; i < n; i++ {
		s.WriteByte(byte('0' + b.r.IntN(10)))
	}
	return s.String()
}

// alnum draws n characters from capitals (no I, O) and digits.
func (b *build) alnum(n int) string {
	const set = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
	var s strings.Builder
	for i := 0; i < n; i++ {
		s.WriteByte(set[b.r.IntN(len(set))])
	}
	return s.String()
}

func (b *build) staff() string { return staffName(b.r) }
