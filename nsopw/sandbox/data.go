package sandbox

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/nsopw/wire"
)

// generationDate anchors generated birth dates, so that a seed gives the
// same people whatever the day; ages are computed when answering.
func generationDate() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }

// offender is one registrant held by the sandbox.
type offender struct {
	// listed is the registrant as the backend lists it, without the age.
	listed wire.Offender
	// birth is the true date of birth; listed.DOB shows it or not.
	birth   time.Time
	showAge bool
	// keys are the folded (first, last) pairs of the name and aliases.
	keys                   []nameKey
	zips, cities, counties []string
}

type nameKey struct{ first, last string }

// fold is the comparison form of a name, city or county.
func fold(s string) string { return strings.ToUpper(strings.Join(strings.Fields(s), " ")) }

func (o *offender) index() {
	o.keys = append(o.keys[:0], nameKey{fold(o.listed.Name.GivenName), fold(o.listed.Name.SurName)})
	for _, a := range o.listed.Aliases {
		o.keys = append(o.keys, nameKey{fold(a.GivenName), fold(a.SurName)})
	}
	o.zips, o.cities, o.counties = nil, nil, nil
	for _, l := range o.listed.Locations {
		if len(l.ZipCode) >= 5 {
			o.zips = append(o.zips, l.ZipCode[:5])
		}
		o.cities = append(o.cities, fold(l.City))
		if l.County != nil {
			o.counties = append(o.counties, fold(*l.County))
		}
	}
}

// at renders the offender as answered on now: the age the registry shows
// is computed that day.
func (o *offender) at(now time.Time) wire.Offender {
	w := o.listed
	if o.showAge {
		w.Age = wire.NewInt(yearsBetween(o.birth, now))
	}
	if w.Aliases == nil {
		w.Aliases = []wire.Name{}
	}
	return w
}

func yearsBetween(birth, now time.Time) int {
	y := now.Year() - birth.Year()
	if now.Month() < birth.Month() || (now.Month() == birth.Month() && now.Day() < birth.Day()) {
		y--
	}
	return y
}

// generate draws n registrants from seed. The same seed always gives the
// same registrants, in the same order.
func generate(seed int64, n int) []*offender {
	r := rand.New(rand.NewPCG(uint64(seed), 0x4e534f5057))
	pls := places()
	total := 0
	for _, p := range pls {
		total += p.Weight
	}
	pickPlace := func() place {
		x := r.IntN(total)
		for _, p := range pls {
			if x < p.Weight {
				return p
			}
			x -= p.Weight
		}
		return pls[len(pls)-1]
	}
	male, female, middles, lasts := maleFirstNames(), femaleFirstNames(), middleNames(), lastNames()
	nicks := nicknames()
	streets, suffixes, jobs := streetNames(), streetSuffixes(), employers()
	nextID := map[string]int{}

	out := make([]*offender, 0, n)
	for range n {
		p := pickPlace()
		st := styleOf(p.Jurisdiction)
		o := &offender{}
		w := &o.listed

		isFemale := r.IntN(100) < 4
		if isFemale {
			w.Name.GivenName, w.Gender = pick(r, female), "F"
		} else {
			w.Name.GivenName, w.Gender = pick(r, male), "M"
		}
		if r.IntN(100) < 70 {
			w.Name.MiddleName = wire.Optional(pick(r, middles))
		}
		w.Name.SurName = pick(r, lasts)
		if r.IntN(100) < 7 {
			other := pick(r, lasts)
			if other != w.Name.SurName && !strings.Contains(other, " ") && !strings.Contains(w.Name.SurName, " ") {
				w.Name.SurName += "-" + other
			}
		}
		if !isFemale && r.IntN(100) < 4 {
			w.Name.Suffix = wire.Optional(pick(r, []string{"Jr", "Sr", "II", "III"}))
		}

		// Ages 19 to 85, most between 30 and 60.
		age := 19 + r.IntN(34) + r.IntN(34)
		o.birth = generationDate().AddDate(-age, 0, -r.IntN(365))
		switch x := r.IntN(100); {
		case x < 65:
			o.showAge = true
			w.DOB = wire.Optional(o.birth.Format("2006-01-02T15:04:05"))
		case x < 90:
			o.showAge = true
		case x < 96:
			w.DOB = wire.Optional(o.birth.Format("2006-01-02T15:04:05"))
		}

		if r.IntN(100) < 35 {
			for range 1 + r.IntN(3) {
				if a, ok := alias(r, w.Name, nicks, lasts, male); ok {
					w.Aliases = append(w.Aliases, a)
				}
			}
		}

		w.Locations = append(w.Locations, residence(r, p, streets, suffixes))
		if r.IntN(100) < 15 {
			work := p
			if same := samePlaces(pls, p.State); len(same) > 1 {
				work = same[r.IntN(len(same))]
			}
			l := address(r, work, "E", streets, suffixes)
			l.StreetAddress = pick(r, jobs) + ", " + l.StreetAddress
			w.Locations = append(w.Locations, l)
		}
		if r.IntN(100) < 2 {
			l := address(r, p, "S", streets, suffixes)
			l.StreetAddress = p.City + " Community College, " + l.StreetAddress
			w.Locations = append(w.Locations, l)
		}
		for i := range w.Locations {
			if st.LongTypes {
				w.Locations[i].Type = map[string]string{"R": "RESIDENTIAL", "E": "EMPLOYMENT", "S": "SCHOOL"}[w.Locations[i].Type]
			}
		}
		w.Absconder = r.IntN(100) < 3
		w.JurisdictionID = p.Jurisdiction

		if nextID[p.Jurisdiction] == 0 {
			nextID[p.Jurisdiction] = 100000 + r.IntN(800000)
		}
		id := nextID[p.Jurisdiction]
		nextID[p.Jurisdiction] += 1 + r.IntN(40)
		w.OffenderURI = registryLink(st.Page, p.Jurisdiction, id)
		if r.IntN(100) < 85 {
			w.ImageURI = wire.Optional(registryLink(st.Image, p.Jurisdiction, id))
		}
		if st.Upper {
			upperNames(w)
		}
		o.index()
		out = append(out, o)
	}
	return out
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func samePlaces(pls []place, state string) []place {
	var out []place
	for _, p := range pls {
		if p.State == state {
			out = append(out, p)
		}
	}
	return out
}

// alias draws one other name a registry might list: a nickname, the name
// reversed, the middle name as first, another surname, a misspelling or
// another given name.
func alias(r *rand.Rand, n wire.Name, nicks map[string]string, lasts, firsts []string) (wire.Name, bool) {
	a := wire.Name{GivenName: n.GivenName, SurName: n.SurName}
	switch r.IntN(6) {
	case 0:
		nick, ok := nicks[n.GivenName]
		if !ok {
			return a, false
		}
		a.GivenName = nick
	case 1:
		a.GivenName, a.SurName = n.SurName, n.GivenName
	case 2:
		if n.MiddleName == nil || len(*n.MiddleName) < 2 {
			return a, false
		}
		a.GivenName = *n.MiddleName
	case 3:
		a.SurName = pick(r, lasts)
	case 4:
		s := []rune(n.SurName)
		if len(s) < 4 {
			return a, false
		}
		i := 1 + r.IntN(len(s)-2)
		if r.IntN(2) == 0 {
			a.SurName = string(s[:i]) + string(s[i+1:])
		} else {
			a.SurName = string(s[:i]) + string(s[i]) + string(s[i:])
		}
	default:
		a.GivenName = pick(r, firsts)
		a.MiddleName = n.MiddleName
	}
	return a, a.GivenName != n.GivenName || a.SurName != n.SurName
}

func residence(r *rand.Rand, p place, streets, suffixes []string) wire.Location {
	switch x := r.IntN(100); {
	case x < 6:
		// Transient registrants have a city and no street, often no zip.
		return wire.Location{Type: "R", StreetAddress: "TRANSIENT", City: p.City, County: wire.Optional(p.County), State: p.State}
	case x < 10:
		l := address(r, p, "R", streets, suffixes)
		l.StreetAddress = "INCARCERATED"
		return l
	}
	return address(r, p, "R", streets, suffixes)
}

func address(r *rand.Rand, p place, typ string, streets, suffixes []string) wire.Location {
	street := fmt.Sprintf("%d %s %s", 100+r.IntN(9800), pick(r, streets), pick(r, suffixes))
	if r.IntN(5) == 0 {
		street += fmt.Sprintf(" Apt %d", 1+r.IntN(40))
	}
	return wire.Location{
		Type: typ, StreetAddress: street, City: p.City, County: wire.Optional(p.County), State: p.State, ZipCode: p.Zip,
		Latitude:  round6(p.Lat + (r.Float64()-0.5)/10),
		Longitude: round6(p.Lon + (r.Float64()-0.5)/10),
	}
}

func round6(f float64) float64 { return math.Round(f*1e6) / 1e6 }

// registryLink fills a registry's address pattern and encodes it the way
// the backend does (&amp; for &).
func registryLink(pattern, jurisdiction string, id int) string {
	u := fmt.Sprintf(pattern, strings.ToLower(jurisdiction), id)
	return strings.ReplaceAll(u, "&", "&amp;")
}

// styleOf gives each jurisdiction one registry style, always the same.
func styleOf(jurisdiction string) registryStyle {
	styles := registryStyles()
	h := fnv.New32a()
	h.Write([]byte(jurisdiction))
	return styles[h.Sum32()%uint32(len(styles))]
}

func upperNames(w *wire.Offender) {
	up := func(n *wire.Name) {
		n.GivenName, n.SurName = strings.ToUpper(n.GivenName), strings.ToUpper(n.SurName)
		if n.MiddleName != nil {
			n.MiddleName = wire.Optional(strings.ToUpper(*n.MiddleName))
		}
		if n.Suffix != nil {
			n.Suffix = wire.Optional(strings.ToUpper(*n.Suffix))
		}
	}
	up(&w.Name)
	for i := range w.Aliases {
		up(&w.Aliases[i])
	}
	for i := range w.Locations {
		l := &w.Locations[i]
		l.StreetAddress, l.City = strings.ToUpper(l.StreetAddress), strings.ToUpper(l.City)
		if l.County != nil {
			l.County = wire.Optional(strings.ToUpper(*l.County))
		}
	}
}

// Known is one of the fixed registrants every sandbox holds whatever its
// seed, for trying the search by hand and for tests.
type Known struct {
	First   string   `json:"first"`
	Middle  string   `json:"middle,omitempty"`
	Last    string   `json:"last"`
	Aliases []string `json:"aliases,omitempty"`
	// DOB is shown by the registry ("1971-03-14"), or empty when it shows
	// only an age (AgeOnly).
	DOB          string `json:"dob,omitempty"`
	AgeOnly      bool   `json:"ageOnly,omitempty"`
	Jurisdiction string `json:"jurisdiction"`
	City         string `json:"city"`
	Zip          string `json:"zip"`
	// Note says why it is worth searching for.
	Note string `json:"note"`
}

// KnownOffenders lists the fixed registrants (see the package doc), names
// as their registry prints them.
func KnownOffenders() []Known {
	entries := knownEntries()
	out := make([]Known, len(entries))
	for i, e := range entries {
		out[i] = e.Known
	}
	return out
}

type knownEntry struct {
	Known
	// birth is the true date of birth, also of those whose registry shows
	// only an age.
	birth time.Time
}

func knownEntries() []knownEntry {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	return []knownEntry{
		{Known{First: "JOHN", Middle: "ROBERT", Last: "DOE", Aliases: []string{"JOHNNY DOE", "JON R DOE"}, DOB: "1971-03-14",
			Jurisdiction: "TX", City: "AUSTIN", Zip: "78704", Note: "two aliases, a work address"}, day(1971, 3, 14)},
		{Known{First: "JOHN", Last: "DOE", AgeOnly: true, Jurisdiction: "NY", City: "BROOKLYN", Zip: "11201",
			Note: "a second John Doe: zip 78704 or 11201 tells them apart"}, day(1966, 9, 3)},
		{Known{First: "RICHARD", Middle: "ALAN", Last: "ROE", Aliases: []string{"RICK ROE", "ROE RICHARD"}, AgeOnly: true,
			Jurisdiction: "FL", City: "TAMPA", Zip: "33602", Note: "a reversed-name alias"}, day(1968, 7, 2)},
		{Known{First: "Jane", Middle: "Marie", Last: "Roe", DOB: "1985-11-30", Jurisdiction: "OH", City: "Columbus", Zip: "43215",
			Note: "a registry that prints mixed case"}, day(1985, 11, 30)},
		{Known{First: "JUAN", Middle: "CARLOS", Last: "DE LA CRUZ", Aliases: []string{"JOHN DELACRUZ", "JUAN CARLOS CRUZ"}, DOB: "1979-05-21",
			Jurisdiction: "CA", City: "LOS ANGELES", Zip: "90012", Note: "compound surname, aliases without the particles"}, day(1979, 5, 21)},
		{Known{First: "THOMAS", Middle: "EDWARD", Last: "BLAKE", Aliases: []string{"TOMMY WHITLOCK"}, DOB: "1990-02-08",
			Jurisdiction: "WA", City: "SEATTLE", Zip: "98101", Note: "found by searching Tommy Whitlock: a match on an alias only"}, day(1990, 2, 8)},
		{Known{First: "Darrell", Middle: "James", Last: "Yazzie", AgeOnly: true, Jurisdiction: "NAVAJO", City: "Window Rock", Zip: "86515",
			Note: "listed by a tribal registry (NAVAJO), not a state"}, day(1982, 12, 19)},
	}
}

// known builds the fixed registrants; their registry ids start at 900001
// so they never collide with generated ones.
func known() []*offender {
	pls := places()
	var out []*offender
	for i, e := range knownEntries() {
		k := e.Known
		var p place
		for _, c := range pls {
			if c.Zip == k.Zip {
				p = c
			}
		}
		st := styleOf(k.Jurisdiction)
		o := &offender{birth: e.birth, showAge: true}
		w := &o.listed
		w.Name = wire.Name{GivenName: k.First, MiddleName: wire.Optional(k.Middle), SurName: k.Last}
		for _, a := range k.Aliases {
			f := strings.Fields(a)
			w.Aliases = append(w.Aliases, wire.Name{GivenName: f[0], SurName: f[len(f)-1], MiddleName: wire.Optional(strings.Join(f[1:len(f)-1], " "))})
		}
		w.Gender = "M"
		if k.Middle == "Marie" {
			w.Gender = "F"
		}
		if k.DOB != "" {
			w.DOB = wire.Optional(k.DOB + "T00:00:00")
		}
		street := fmt.Sprintf("%d %s", 1200+i*111, []string{"Elm St", "Atlantic Ave", "Cypress Dr", "Walnut Ave", "Olvera St", "Pine St", "Morgan Blvd"}[i%7])
		w.Locations = []wire.Location{{Type: "R", StreetAddress: street, City: k.City, County: wire.Optional(p.County), State: p.State, ZipCode: p.Zip,
			Latitude: p.Lat, Longitude: p.Lon}}
		if i == 0 {
			w.Locations = append(w.Locations, wire.Location{Type: "E", StreetAddress: "LONE STAR ROOFING, 4400 S CONGRESS AVE", City: "AUSTIN",
				County: wire.Optional("TRAVIS"), State: "TX", ZipCode: "78745", Latitude: 30.2185, Longitude: -97.7677})
		}
		if st.LongTypes {
			for j := range w.Locations {
				w.Locations[j].Type = map[string]string{"R": "RESIDENTIAL", "E": "EMPLOYMENT"}[w.Locations[j].Type]
			}
		}
		w.JurisdictionID = k.Jurisdiction
		w.OffenderURI = registryLink(st.Page, k.Jurisdiction, 900001+i)
		w.ImageURI = wire.Optional(registryLink(st.Image, k.Jurisdiction, 900001+i))
		if st.Upper {
			upperNames(w)
		}
		o.index()
		out = append(out, o)
	}
	return out
}
