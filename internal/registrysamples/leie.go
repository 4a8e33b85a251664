package registrysamples

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/registry"
)

// LEIE field widths: values are cut to them, as the real file does.
const (
	leieLastWidth    = 20
	leieFirstWidth   = 15
	leieMidWidth     = 15
	leieBusWidth     = 30
	leieGeneralWidth = 20
	leieAddrWidth    = 30
)

type leieCategory struct {
	general, specialty string
	weight             float64
	npi, upin          float64
	minAge, maxAge     int
	excl               []weightedString
}

type weightedString struct {
	s string
	w float64
}

// Statute codes of 42 U.S.C. 1320a-7 as LEIE prints them, weighted the way
// they fall on each kind of provider: license revocations (1128b4) and
// patient-abuse convictions (1128a2) dominate for nurses and aides.
var (
	exclCare = []weightedString{{"1128b4", 42}, {"1128a2", 16}, {"1128a1", 14}, {"1128a3", 7}, {"1128a4", 6}, {"1128b5", 4},
		{"1128b14", 4}, {"1128b7", 2}, {"1128b8", 1}, {"1128b1", 1}, {"1128b2", 1}, {"1128b6", 1}}
	exclLicensed = []weightedString{{"1128b4", 35}, {"1128a1", 25}, {"1128a3", 10}, {"1128a4", 8}, {"1128b7", 5}, {"1128b5", 5},
		{"1128b14", 4}, {"1128b8", 3}, {"1128Aa", 3}, {"1156", 2}}
	exclBusiness = []weightedString{{"1128a1", 35}, {"1128b7", 15}, {"1128b8", 15}, {"1128a3", 10}, {"1128b5", 10}, {"1128b1", 5},
		{"1128b2", 5}, {"1128b15", 5}}
)

var leieCategories = []leieCategory{
	{"NURSING PROFESSION", "NURSE/NURSES AIDE", 14, 0.2, 0, 19, 62, exclCare},
	{"NURSING PROFESSION", "REGISTERED NURSE", 8, 0.35, 0, 24, 66, exclCare},
	{"NURSING PROFESSION", "LICENSED PRACTICAL NURSE", 6, 0.3, 0, 21, 64, exclCare},
	{"NURSING PROFESSION", "CERTIFIED NURSE AIDE", 3, 0.1, 0, 19, 60, exclCare},
	{"NURSING PROFESSION", "NURSE PRACTITIONER", 2, 0.9, 0, 28, 68, exclLicensed},
	{"PERSONAL CARE PROVIDER", "PERSONAL CARE AIDE", 6, 0.05, 0, 19, 65, exclCare},
	{"PERSONAL CARE PROVIDER", "HOME HEALTH AIDE", 5, 0.05, 0, 19, 65, exclCare},
	{"IND- LIC HC SERV PRO", "PHARMACIST", 3, 0.8, 0.1, 26, 70, exclLicensed},
	{"IND- LIC HC SERV PRO", "PHARMACY TECHNICIAN", 1.5, 0.2, 0, 20, 60, exclCare},
	{"IND- LIC HC SERV PRO", "PHYSICAL THERAPIST", 1, 0.8, 0, 26, 66, exclLicensed},
	{"IND- LIC HC SERV PRO", "RESPIRATORY THERAPIST", 1, 0.6, 0, 24, 64, exclLicensed},
	{"IND- LIC HC SERV PRO", "SOCIAL WORKER", 1.5, 0.5, 0, 25, 66, exclLicensed},
	{"IND- LIC HC SERV PRO", "COUNSELOR", 1.5, 0.5, 0, 25, 66, exclLicensed},
	{"IND- LIC HC SERV PRO", "EMT/PARAMEDIC", 1, 0.3, 0, 21, 58, exclCare},
	{"MEDICAL PRACTICE, MD", "PHYSICIAN (MD)", 4, 0.9, 0.5, 32, 76, exclLicensed},
	{"MEDICAL PRACTICE, MD", "FAMILY PRACTICE", 1, 0.9, 0.5, 32, 76, exclLicensed},
	{"MEDICAL PRACTICE, MD", "PSYCHIATRY", 0.5, 0.9, 0.5, 32, 76, exclLicensed},
	{"BUSINESS OWNER/EXEC", "OWNER/OPERATOR", 4, 0.2, 0, 28, 75, exclBusiness},
	{"BUSINESS OWNER/EXEC", "BILLING SERVICE", 1, 0.1, 0, 25, 70, exclBusiness},
	{"EMPLOYEE", "EMPLOYEE - PRIVATE HOSPITAL", 3, 0.05, 0, 19, 65, exclCare},
	{"EMPLOYEE", "NURSING HOME EMPLOYEE", 2, 0.05, 0, 19, 65, exclCare},
	{"DENTAL PRACTICE", "DENTIST", 1, 0.9, 0.4, 28, 72, exclLicensed},
	{"CHIRO PRACTICE", "CHIROPRACTOR", 0.8, 0.9, 0.4, 28, 72, exclLicensed},
	{"OTHER BUSINESS", "OTHER", 3, 0.05, 0, 20, 75, exclBusiness},
	{"NO GENERAL", "NO SPECIALTY", 2, 0, 0, 20, 75, exclBusiness},
}

var leieEntityKinds = []struct{ general, specialty, suffix string }{
	{"OTHER BUSINESS", "HOME HEALTH AGENCY", "HOME HEALTH CARE LLC"}, {"PHARMACY", "PHARMACY", "PHARMACY INC"},
	{"DME", "DME COMPANY", "MEDICAL SUPPLY INC"}, {"OTHER BUSINESS", "AMBULANCE SERVICE", "AMBULANCE SERVICE"},
	{"NURSING FACILITY", "NURSING HOME", "NURSING AND REHAB"}, {"MEDICAL PRACTICE, MD", "CLINIC", "FAMILY CLINIC PA"},
	{"OTHER BUSINESS", "BILLING COMPANY", "BILLING SERVICES INC"}, {"OTHER BUSINESS", "PERSONAL CARE AGENCY", "PERSONAL CARE SERVICES"},
	{"OTHER BUSINESS", "LABORATORY", "DIAGNOSTIC LAB LLC"}, {"OTHER BUSINESS", "TRANSPORTATION CO", "MEDICAL TRANSPORT LLC"},
}

var businessWords = []string{"SUNRISE", "CARING HANDS", "FIRST CHOICE", "GOLDEN AGE", "HEALING TOUCH", "AMERICAN", "UNITED",
	"PREMIER", "ALLIANCE", "TRINITY", "GRACE", "COMPASSIONATE", "SUNSHINE", "HOPE", "LIBERTY", "ANGELS", "BLESSED",
	"COMFORT", "HERITAGE", "PINNACLE", "SUMMIT", "GULF COAST", "LONE STAR", "EMPIRE", "PACIFIC", "MIDWEST", "SOUTHERN"}

type leieList struct {
	rows    [][]string
	ids     map[string]bool
	persons []person
}

func pickWeighted(g *generator, ws []weightedString) string {
	total := 0.0
	for _, w := range ws {
		total += w.w
	}
	x := g.r.Float64() * total
	for _, w := range ws {
		if x < w.w {
			return w.s
		}
		x -= w.w
	}
	return ws[len(ws)-1].s
}

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.TrimSpace(s[:n])
}

// npi returns a valid NPI (Luhn check digit over the 80840 prefix).
func (g *generator) npi() string {
	base := fmt.Sprintf("%d%08d", 1+g.r.IntN(2), g.r.IntN(100000000))
	s := "80840" + base
	sum, double := 0, true
	for i := len(s) - 1; i >= 0; i-- {
		d := int(s[i] - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return base + fmt.Sprint((10-sum%10)%10)
}

// pastDate draws a date before day, most of them recent (years back
// exponentially distributed with the given mean, at most maxYears).
func (g *generator) pastDate(day time.Time, mean float64, maxYears int) time.Time {
	years := math.Min(g.r.ExpFloat64()*mean, float64(maxYears))
	return day.AddDate(0, 0, -int(years*365.25)-g.r.IntN(28))
}

func ymd(t time.Time) string { return t.Format("20060102") }

// leieCandidate is one LEIE individual row with its parsed truth.
type leieCandidate struct {
	row []string
	rec registry.Record
}

// leieIndividual renders p as an LEIE row. With strict, a value the
// official widths would cut refuses the person instead.
func (g *generator) leieIndividual(p person, withDOB, strict bool) (leieCandidate, bool) {
	cat := leieCategories[g.leieCatPick.pick(g.r)]
	var dob, excl time.Time
	switch {
	case !p.dob.IsZero():
		dob = p.dob
		lo := dob.AddDate(cat.minAge, 0, 0)
		if lo.After(g.day) {
			lo = dob.AddDate(18, 0, 0)
		}
		span := int(g.day.Sub(lo).Hours()/24) - 1
		if span <= 0 {
			return leieCandidate{}, false
		}
		excl = lo.AddDate(0, 0, g.r.IntN(span))
	default:
		excl = g.pastDate(g.day, 8, 37)
		if withDOB {
			dob = g.dobBetween(excl, cat.minAge, cat.maxAge)
		}
	}
	last := g.f.upper(p.last)
	if p.suffix != "" {
		last += " " + strings.ToUpper(p.suffix)
	}
	first, mid := g.f.upper(p.first), g.f.upper(p.middle)
	if strict && (len(last) > leieLastWidth || len(first) > leieFirstWidth || len(mid) > leieMidWidth) {
		return leieCandidate{}, false
	}
	if c := cut(last, leieLastWidth) + cut(first, leieFirstWidth) + cut(mid, leieMidWidth); c != last+first+mid {
		last, first, mid = cut(last, leieLastWidth), cut(first, leieFirstWidth), cut(mid, leieMidWidth)
		// A cut name is a new name: it must keep clear of the reserved ones.
		if g.blocked(first, mid, last) {
			return leieCandidate{}, false
		}
	}
	npi := "0000000000"
	if g.r.Float64() < cat.npi {
		npi = g.npi()
	}
	upin := ""
	if excl.Year() < 2008 && g.r.Float64() < cat.upin {
		upin = fmt.Sprintf("%c%05d", 'A'+rune(g.r.IntN(26)), g.r.IntN(100000))
	}
	dobText := ""
	if !dob.IsZero() {
		dobText = ymd(dob)
	}
	address := ""
	if g.r.Float64() < 0.75 {
		address = cut(p.street, leieAddrWidth)
	}
	rein, waiver, wvrState := "00000000", "00000000", ""
	if g.r.Float64() < 0.004 {
		if d := excl.AddDate(1+g.r.IntN(4), 0, g.r.IntN(300)); d.Before(g.day) {
			waiver, wvrState = ymd(d), p.place.state
		}
	}
	if g.r.Float64() < 0.002 {
		if d := excl.AddDate(3+g.r.IntN(5), 0, g.r.IntN(300)); d.Before(g.day) {
			rein = ymd(d)
		}
	}
	row := []string{last, first, mid, "", cut(cat.general, leieGeneralWidth), cut(cat.specialty, leieGeneralWidth), upin, npi,
		dobText, address, p.place.city, p.place.state, p.zip, pickWeighted(g, cat.excl), ymd(excl), rein, waiver, wvrState}
	id := registry.LEIEIdentity{LastName: row[0], FirstName: row[1], MidName: row[2], UPIN: upin, NPI: npi, DOB: dobText,
		ExclType: row[13], ExclDate: row[14]}.SourceID()
	if g.leie.ids[id] {
		return leieCandidate{}, false
	}
	surname := last
	if p.suffix != "" {
		surname = strings.TrimSpace(strings.TrimSuffix(last, " "+strings.ToUpper(p.suffix)))
	}
	rec := registry.Record{SourceID: id, Name: registry.Name{First: first, Middle: mid, Last: surname},
		Addresses: []registry.Address{{Line1: address, City: p.place.city, State: p.place.state, Zip: p.zip}}}
	if !dob.IsZero() {
		rec.DOBs = []registry.PartialDate{{Year: dob.Year(), Month: int(dob.Month()), Day: dob.Day(), Precision: registry.PrecisionDay, Text: dobText}}
	}
	return leieCandidate{row: row, rec: rec}, true
}

func (g *generator) commitLEIE(c leieCandidate) *listed {
	g.leie.rows = append(g.leie.rows, c.row)
	g.leie.ids[c.rec.SourceID] = true
	e := g.m.listedFrom(c.rec)
	g.ix[registry.OIGExclusion].add(e)
	return e
}

func (g *generator) leieEntity() []string {
	k := leieEntityKinds[g.r.IntN(len(leieEntityKinds))]
	var name string
	if g.r.Float64() < 0.4 {
		name = g.f.upper(anglo.surnames[g.r.IntN(len(anglo.surnames))]) + " " + k.suffix
	} else {
		name = businessWords[g.r.IntN(len(businessWords))] + " " + k.suffix
	}
	pl := places[g.placePick.pick(g.r)]
	npi := "0000000000"
	if g.r.Float64() < 0.5 {
		npi = g.npi()
	}
	excl := g.pastDate(g.day, 9, 37)
	street := fmt.Sprintf("%d %s %s", 100+g.r.IntN(9800), streetNames[g.r.IntN(len(streetNames))], streetTypes[g.r.IntN(len(streetTypes))])
	return []string{"", "", "", cut(name, leieBusWidth), k.general, k.specialty, "", npi, "", cut(street, leieAddrWidth),
		pl.city, pl.state, g.zipIn(pl), pickWeighted(g, exclBusiness), ymd(excl), "00000000", "00000000", ""}
}

// fillLEIE writes the ordinary rows: about 5% entities, the rest
// individuals, 95% of them with a date of birth, a few near-twins of
// earlier people (one letter off, two letters swapped).
func (g *generator) fillLEIE(planted int) error {
	g.leie.ids = map[string]bool{}
	total := g.scaled(FullLEIERows)
	entities := int(math.Round(float64(total) * 0.05))
	for range entities {
		g.leie.rows = append(g.leie.rows, g.leieEntity())
	}
	individuals := total - entities - planted
	for n := 0; n < individuals; {
		p := g.newPerson(g.mixLEIE, personOptions{hyphen: 0.03, suffix: 0.05})
		if g.blocked(p.first, p.middle, p.last) {
			continue
		}
		c, ok := g.leieIndividual(p, g.r.Float64() < 0.95, false)
		if !ok {
			continue
		}
		g.commitLEIE(c)
		g.leie.persons = append(g.leie.persons, p)
		n++
		if n < individuals && g.r.Float64() < 0.015 {
			if twin, ok := g.nearTwin(p); ok {
				if c, ok := g.leieIndividual(twin, true, false); ok {
					g.commitLEIE(c)
					n++
				}
			}
		}
	}
	return nil
}

// nearTwin is another person whose name is one letter off p's or has two
// letters swapped: the near-names a screener must not confuse.
func (g *generator) nearTwin(p person) (person, bool) {
	t := p
	t.dob = time.Time{}
	g.placePerson(&t)
	if g.r.IntN(2) == 0 {
		if s, ok := g.transposed(p.last); ok {
			t.last = s
		} else {
			return person{}, false
		}
	} else {
		s := []rune(p.last)
		if len(s) < 5 {
			return person{}, false
		}
		i := 1 + g.r.IntN(len(s)-2)
		c := rune("aeiounrstl"[g.r.IntN(10)])
		if s[i] == ' ' || s[i] == '-' || s[i] == c {
			return person{}, false
		}
		s[i] = c
		t.last = string(s)
	}
	if t.last == p.last || g.blocked(t.first, t.middle, t.last) {
		return person{}, false
	}
	return t, true
}

// transposed swaps two adjacent distinct letters inside the longest word
// of a name ("Johnson" → "Jonhson").
func (g *generator) transposed(name string) (string, bool) {
	words := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' })
	best := ""
	for _, w := range words {
		if len([]rune(w)) > len([]rune(best)) {
			best = w
		}
	}
	rs := []rune(best)
	if len(rs) < 5 {
		return "", false
	}
	for range 10 {
		i := 1 + g.r.IntN(len(rs)-3)
		if rs[i] != rs[i+1] {
			out := append([]rune(nil), rs...)
			out[i], out[i+1] = out[i+1], out[i]
			return strings.Replace(name, best, string(out), 1), true
		}
	}
	return "", false
}
