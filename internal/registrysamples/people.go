package registrysamples

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
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

var places = []place{
	{"HOUSTON", "TX", "770", 9}, {"DALLAS", "TX", "752", 6}, {"SAN ANTONIO", "TX", "782", 6}, {"AUSTIN", "TX", "787", 4},
	{"EL PASO", "TX", "799", 3}, {"FORT WORTH", "TX", "761", 3}, {"LAREDO", "TX", "780", 2}, {"MCALLEN", "TX", "785", 2},
	{"LUBBOCK", "TX", "794", 1}, {"CORPUS CHRISTI", "TX", "784", 1},
	{"LOS ANGELES", "CA", "900", 10}, {"SAN DIEGO", "CA", "921", 5}, {"SAN JOSE", "CA", "951", 3}, {"FRESNO", "CA", "937", 2},
	{"SACRAMENTO", "CA", "958", 2}, {"RIVERSIDE", "CA", "925", 2}, {"OAKLAND", "CA", "946", 2}, {"LONG BEACH", "CA", "908", 2},
	{"BAKERSFIELD", "CA", "933", 1}, {"GARDEN GROVE", "CA", "928", 2},
	{"MIAMI", "FL", "331", 8}, {"ORLANDO", "FL", "328", 4}, {"TAMPA", "FL", "336", 4}, {"JACKSONVILLE", "FL", "322", 3},
	{"HIALEAH", "FL", "330", 3}, {"FORT LAUDERDALE", "FL", "333", 3}, {"TALLAHASSEE", "FL", "323", 1},
	{"NEW YORK", "NY", "100", 7}, {"BROOKLYN", "NY", "112", 6}, {"BRONX", "NY", "104", 4}, {"BUFFALO", "NY", "142", 2},
	{"ROCHESTER", "NY", "146", 1}, {"YONKERS", "NY", "107", 1},
	{"PHILADELPHIA", "PA", "191", 5}, {"PITTSBURGH", "PA", "152", 3}, {"ALLENTOWN", "PA", "181", 1},
	{"COLUMBUS", "OH", "432", 3}, {"CLEVELAND", "OH", "441", 3}, {"CINCINNATI", "OH", "452", 2}, {"DAYTON", "OH", "454", 1},
	{"TOLEDO", "OH", "436", 1}, {"CHICAGO", "IL", "606", 8}, {"SPRINGFIELD", "IL", "627", 1}, {"ROCKFORD", "IL", "611", 1},
	{"ATLANTA", "GA", "303", 5}, {"SAVANNAH", "GA", "314", 1}, {"AUGUSTA", "GA", "309", 1},
	{"CHARLOTTE", "NC", "282", 3}, {"RALEIGH", "NC", "276", 2}, {"GREENSBORO", "NC", "274", 1},
	{"DETROIT", "MI", "482", 4}, {"GRAND RAPIDS", "MI", "495", 1}, {"FLINT", "MI", "485", 1},
	{"NEWARK", "NJ", "071", 3}, {"JERSEY CITY", "NJ", "073", 2}, {"PATERSON", "NJ", "075", 1},
	{"RICHMOND", "VA", "232", 2}, {"NORFOLK", "VA", "235", 1}, {"SEATTLE", "WA", "981", 2}, {"SPOKANE", "WA", "992", 1},
	{"TACOMA", "WA", "984", 1}, {"PHOENIX", "AZ", "850", 4}, {"TUCSON", "AZ", "857", 2}, {"MESA", "AZ", "852", 1},
	{"BOSTON", "MA", "021", 3}, {"WORCESTER", "MA", "016", 1}, {"MEMPHIS", "TN", "381", 2}, {"NASHVILLE", "TN", "372", 2},
	{"KNOXVILLE", "TN", "379", 1}, {"INDIANAPOLIS", "IN", "462", 2}, {"MUNCIE", "IN", "473", 1}, {"FORT WAYNE", "IN", "468", 1},
	{"KANSAS CITY", "MO", "641", 2}, {"ST. LOUIS", "MO", "631", 2}, {"BALTIMORE", "MD", "212", 3}, {"LAUREL", "MD", "207", 1},
	{"MILWAUKEE", "WI", "532", 2}, {"MINNEAPOLIS", "MN", "554", 2}, {"DENVER", "CO", "802", 2},
	{"BIRMINGHAM", "AL", "352", 2}, {"MONTGOMERY", "AL", "361", 1}, {"MOBILE", "AL", "366", 1},
	{"COLUMBIA", "SC", "292", 1}, {"CHARLESTON", "SC", "294", 1}, {"NEW ORLEANS", "LA", "701", 2},
	{"BATON ROUGE", "LA", "708", 1}, {"SHREVEPORT", "LA", "711", 1}, {"LOUISVILLE", "KY", "402", 2}, {"LEXINGTON", "KY", "405", 1},
	{"OKLAHOMA CITY", "OK", "731", 2}, {"TULSA", "OK", "741", 1}, {"PORTLAND", "OR", "972", 2}, {"HARTFORD", "CT", "061", 1},
	{"BRIDGEPORT", "CT", "066", 1}, {"JACKSON", "MS", "392", 1}, {"LITTLE ROCK", "AR", "722", 1}, {"LAS VEGAS", "NV", "891", 2},
	{"RENO", "NV", "895", 1}, {"ALBUQUERQUE", "NM", "871", 1}, {"CHARLESTON", "WV", "253", 1}, {"SALT LAKE CITY", "UT", "841", 1},
	{"WICHITA", "KS", "672", 1}, {"OMAHA", "NE", "681", 1}, {"DES MOINES", "IA", "503", 1}, {"SAN JUAN", "PR", "009", 1},
	{"HONOLULU", "HI", "968", 1}, {"BOISE", "ID", "837", 0.5}, {"PORTLAND", "ME", "041", 0.5}, {"MANCHESTER", "NH", "031", 0.5},
	{"PROVIDENCE", "RI", "029", 0.5}, {"WILMINGTON", "DE", "198", 0.5}, {"WASHINGTON", "DC", "200", 1}, {"BILLINGS", "MT", "591", 0.3},
	{"FARGO", "ND", "581", 0.3}, {"SIOUX FALLS", "SD", "571", 0.3}, {"BURLINGTON", "VT", "054", 0.3}, {"CHEYENNE", "WY", "820", 0.3},
	{"ANCHORAGE", "AK", "995", 0.3},
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
