package registrysamples

import (
	_ "embed"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// place is a US city with the first three digits of its ZIP codes.
type place struct {
	city, state, zip3 string
	weight            float64
}

// places are the cities listed people live in, weighted roughly by their
// share of the lists (pools/places.tsv).
var places = readPlaces()

//go:embed pools/places.tsv
var placesTSV string

// readPlaces parses pools/places.tsv. The file is part of the binary, so one
// that does not parse is a build defect: it panics as the package loads.
func readPlaces() []place {
	lines := strings.Split(strings.TrimSuffix(placesTSV, "\n"), "\n")
	if lines[0] != "city\tstate\tzip3\tweight" {
		panic(fmt.Sprintf("registrysamples: pools/places.tsv header %q", lines[0]))
	}
	out := make([]place, 0, len(lines)-1)
	for i, l := range lines[1:] {
		f := strings.Split(l, "\t")
		var w float64
		var err error
		if len(f) == 4 {
			w, err = strconv.ParseFloat(f[3], 64)
		}
		if len(f) != 4 || err != nil || w <= 0 || len(f[2]) != 3 {
			panic(fmt.Sprintf("registrysamples: pools/places.tsv line %d: %q is not city, state, zip3 and a weight", i+2, l))
		}
		out = append(out, place{city: f[0], state: f[1], zip3: f[2], weight: w})
	}
	return out
}

var streetNames = []string{"MAIN", "OAK", "MAPLE", "CEDAR", "ELM", "PINE", "WASHINGTON", "LAKE", "HILL", "PARK", "SUNSET",
	"LINCOLN", "JACKSON", "CHURCH", "RIVER", "MILL", "SPRING", "HIGHLAND", "FOREST", "MEADOW", "CHERRY", "WILLOW",
	"MARTIN LUTHER KING JR", "SAN PEDRO", "BROADWAY", "COMMERCE", "INDUSTRIAL", "BELLAIRE", "WESTHEIMER", "FLAGLER"}
var streetTypes = []string{"ST", "AVE", "DR", "RD", "BLVD", "LN", "CT", "WAY", "PKWY", "HWY"}

// picker draws indexes of a list, earlier ones more often (a Zipf-like
// law with exponent s), the way common names dominate real lists.
type picker struct{ cum []float64 }

func newPicker(n int, s float64) picker {
	cum := make([]float64, n)
	total := 0.0
	for i := range n {
		total += 1 / math.Pow(float64(i+1), s)
		cum[i] = total
	}
	return picker{cum: cum}
}

func newWeightedPicker(weights []float64) picker {
	cum := make([]float64, len(weights))
	total := 0.0
	for i, w := range weights {
		total += w
		cum[i] = total
	}
	return picker{cum: cum}
}

func (p picker) pick(r *rand.Rand) int {
	x := r.Float64() * p.cum[len(p.cum)-1]
	return sort.SearchFloat64s(p.cum, x)
}

// originPool is one origin's names with their pickers.
type originPool struct {
	*originData
	female, male, middleF, middleM, surnames picker
}

func newOriginPool(d *originData) *originPool {
	mk := func(list []string, s float64) picker {
		if len(list) == 0 {
			return picker{}
		}
		return newPicker(len(list), s)
	}
	return &originPool{originData: d, female: mk(d.female, 0.6), male: mk(d.male, 0.6),
		middleF: mk(d.middleF, 0.5), middleM: mk(d.middleM, 0.5), surnames: mk(d.surnames, 0.85)}
}

func (o *originPool) first(r *rand.Rand, female bool) string {
	if female {
		return o.originData.female[o.female.pick(r)]
	}
	return o.originData.male[o.male.pick(r)]
}

func (o *originPool) middle(r *rand.Rand, female bool) string {
	list, p := o.originData.middleM, o.middleM
	if female {
		list, p = o.originData.middleF, o.middleF
	}
	if len(list) == 0 {
		return ""
	}
	return list[p.pick(r)]
}

func (o *originPool) surname(r *rand.Rand) string {
	return o.originData.surnames[o.surnames.pick(r)]
}

// mix is an origin mix of one list, with its share of women and how many
// individuals carry a middle name.
type mix struct {
	origins []*originPool
	pick    picker
	female  float64
	middle  float64
}

func newMix(female, middle float64, entries ...any) mix {
	m := mix{female: female, middle: middle}
	var w []float64
	for i := 0; i < len(entries); i += 2 {
		m.origins = append(m.origins, newOriginPool(entries[i].(*originData)))
		w = append(w, entries[i+1].(float64))
	}
	m.pick = newWeightedPicker(w)
	return m
}

// person is one human as they write their own name; each list prints it
// its own way.
type person struct {
	origin string
	female bool
	first  string
	middle string
	last   string
	// suffix is a generational suffix ("Jr", "III").
	suffix string
	dob    time.Time
	place  place
	zip    string
	street string
}

// personOptions adjust one draw.
type personOptions struct {
	// compound overrides the origin's share of two-part surnames.
	compound float64
	// hyphen is the share of hyphenated surnames.
	hyphen float64
	// suffix is the share of men with a generational suffix.
	suffix float64
	// patronymic gives Russians and Ukrainians their father's name as
	// middle name, as OFAC prints them ("Sergei Viktorovich").
	patronymic bool
}

func (g *generator) newPerson(m mix, o personOptions) person {
	r := g.r
	op := m.origins[m.pick.pick(r)]
	p := person{origin: op.name, female: r.Float64() < m.female}
	if len(op.originData.female) == 0 {
		p.female = false
	}
	p.first = op.first(r, p.female)
	p.last = op.surname(r)
	compound := op.compound
	if o.compound > 0 && op.name == "hispanic" {
		compound = o.compound
	}
	switch {
	case r.Float64() < compound && !strings.Contains(p.last, " "):
		if second := op.surname(r); second != p.last && !strings.Contains(second, " ") {
			p.last += " " + second
		}
	case r.Float64() < o.hyphen && !strings.Contains(p.last, " "):
		if partner := hyphenPartners[r.IntN(len(hyphenPartners))]; !strings.EqualFold(partner, p.last) {
			p.last += "-" + partner
		}
	}
	switch op.name {
	case "slavic":
		if p.female {
			p.last = feminineSurname(p.last)
		}
		if !o.patronymic {
			if r.Float64() < m.middle*0.5 {
				p.middle = op.middle(r, p.female)
			}
		} else if r.Float64() < 0.8 {
			stem := patronymicStems[r.IntN(len(patronymicStems))]
			if p.female {
				p.middle = stem + "na"
			} else {
				p.middle = stem + "ich"
			}
		}
	case "vietnamese":
		if r.Float64() < 0.85 {
			p.middle = op.middle(r, p.female)
		}
	default:
		if r.Float64() < m.middle {
			p.middle = op.middle(r, p.female)
		}
	}
	if !p.female && op.name == "anglo" && r.Float64() < o.suffix {
		p.suffix = []string{"Jr", "Jr", "Jr", "III", "Sr", "II"}[r.IntN(6)]
	}
	g.placePerson(&p)
	return p
}

// feminineSurname gives the feminine form of a Russian or Polish surname.
func feminineSurname(s string) string {
	switch {
	case strings.HasSuffix(s, "ov"), strings.HasSuffix(s, "ev"), strings.HasSuffix(s, "in"):
		return s + "a"
	case strings.HasSuffix(s, "ski"), strings.HasSuffix(s, "cki"):
		return strings.TrimSuffix(s, "i") + "a"
	case strings.HasSuffix(s, "sky"):
		return strings.TrimSuffix(s, "y") + "aya"
	}
	return s
}

func (g *generator) placePerson(p *person) {
	p.place = places[g.placePick.pick(g.r)]
	p.zip = g.zipIn(p.place)
	p.street = fmt.Sprintf("%d %s %s", 100+g.r.IntN(9800), streetNames[g.r.IntN(len(streetNames))], streetTypes[g.r.IntN(len(streetTypes))])
}

func (g *generator) zipIn(pl place) string {
	return fmt.Sprintf("%s%02d", pl.zip3, 1+g.r.IntN(98))
}

// placeOutside draws a place in none of the states.
func (g *generator) placeOutside(states map[string]bool) (place, bool) {
	for range 200 {
		pl := places[g.placePick.pick(g.r)]
		if !states[pl.state] {
			return pl, true
		}
	}
	return place{}, false
}

// dobBetween draws a date of birth for someone aged minAge..maxAge on day.
func (g *generator) dobBetween(day time.Time, minAge, maxAge int) time.Time {
	days := (maxAge - minAge) * 365
	return day.AddDate(-maxAge, 0, 0).AddDate(0, 0, g.r.IntN(days+1))
}

// folder strips accents for the lists that print ASCII. Letters Unicode
// does not decompose (Đ, Ł, Ø, ß) are mapped by hand.
type folder struct {
	t     transform.Transformer
	cache map[string]string
}

var undecomposed = strings.NewReplacer("Đ", "D", "đ", "d", "Ł", "L", "ł", "l", "Ø", "O", "ø", "o", "ß", "ss", "Æ", "AE", "æ", "ae", "Œ", "OE", "œ", "oe")

func newFolder() *folder {
	return &folder{t: transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), cache: map[string]string{}}
}

func (f *folder) fold(s string) string {
	if v, ok := f.cache[s]; ok {
		return v
	}
	out, _, err := transform.String(f.t, undecomposed.Replace(s))
	if err != nil {
		out = s
	}
	f.cache[s] = out
	return out
}

// upper is how LEIE and SAM print a name: upper-case ASCII.
func (f *folder) upper(s string) string { return strings.ToUpper(f.fold(s)) }

func hasAccent(f *folder, s string) bool { return f.fold(s) != s }

// nicknameOf returns a nickname of a formal given name, if it has one.
func nicknameOf(r *rand.Rand, formal string) (string, bool) {
	for _, g := range nicknameGroups {
		if g[0] == formal {
			return g[1+r.IntN(len(g)-1)], true
		}
	}
	return "", false
}

// spellingVariant returns another transliteration of a given name.
func spellingVariant(r *rand.Rand, name string, table [][]string) (string, bool) {
	for _, g := range table {
		for i, v := range g {
			if v == name {
				j := r.IntN(len(g) - 1)
				if j >= i {
					j++
				}
				return g[j], true
			}
		}
	}
	return "", false
}
