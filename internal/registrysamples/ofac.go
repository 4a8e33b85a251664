package registrysamples

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/registry"
)

type ofacAlt struct{ typ, name string }

type ofacAdd struct{ address, cityStateZip, country string }

// ofacEntry is one SDN entry of the legacy CSV set, Remarks whole (the
// writer cuts them at 1,000 characters).
type ofacEntry struct {
	num                                                               int
	name, typ, program, title, callSign, vessType, tonnage, grt, flag string
	owner, remarks                                                    string
	alts                                                              []ofacAlt
	adds                                                              []ofacAdd
}

type ofacList struct {
	entries []*ofacEntry
	nums    []int
	last    int
}

type ofacPlace struct {
	country string
	// cities as remarks print a place of birth ("Culiacán, Sinaloa").
	cities []string
}

var ofacPlaces = map[string][]ofacPlace{
	"arabic": {{"Syria", []string{"Damascus", "Aleppo", "Homs"}}, {"Iraq", []string{"Baghdad", "Mosul", "Basrah"}},
		{"Lebanon", []string{"Beirut", "Sidon"}}, {"Yemen", []string{"Sanaa", "Aden"}}, {"Saudi Arabia", []string{"Riyadh", "Jeddah"}},
		{"Egypt", []string{"Cairo", "Alexandria"}}, {"Jordan", []string{"Amman", "Zarqa"}}, {"United Arab Emirates", []string{"Dubai", "Abu Dhabi"}},
		{"Kuwait", []string{"Kuwait City"}}, {"Libya", []string{"Tripoli", "Benghazi"}}, {"Iran", []string{"Tehran", "Mashhad"}},
		{"Qatar", []string{"Doha"}}, {"Somalia", []string{"Mogadishu"}}, {"Sudan", []string{"Khartoum"}}},
	"hispanic": {{"Mexico", []string{"Culiacán, Sinaloa", "Guadalajara, Jalisco", "Tijuana, Baja California", "Monterrey, Nuevo León"}},
		{"Colombia", []string{"Medellín", "Cali", "Bogotá"}}, {"Venezuela", []string{"Caracas", "Maracaibo"}},
		{"Guatemala", []string{"Guatemala City"}}, {"Honduras", []string{"Tegucigalpa"}}, {"Nicaragua", []string{"Managua"}},
		{"Cuba", []string{"Havana"}}, {"Panama", []string{"Panama City"}}, {"Ecuador", []string{"Guayaquil"}},
		{"Paraguay", []string{"Ciudad del Este"}}, {"Spain", []string{"Madrid"}}},
	"slavic": {{"Russia", []string{"Moscow", "Saint Petersburg", "Yekaterinburg", "Novosibirsk"}}, {"Ukraine", []string{"Kyiv", "Donetsk", "Simferopol"}},
		{"Belarus", []string{"Minsk"}}, {"Cyprus", []string{"Limassol"}}, {"Serbia", []string{"Belgrade"}}, {"Latvia", []string{"Riga"}}},
	"chinese":     {{"China", []string{"Beijing", "Shanghai", "Wuhan", "Guangzhou"}}, {"Hong Kong", []string{"Hong Kong"}}, {"Burma", []string{"Yangon"}}},
	"korean":      {{"Korea, North", []string{"Pyongyang", "Nampo"}}},
	"anglo":       {{"United Kingdom", []string{"London", "Manchester"}}, {"United States", []string{"Miami, FL"}}, {"Canada", []string{"Toronto"}}},
	"nigerian":    {{"Nigeria", []string{"Lagos", "Abuja", "Kano"}}},
	"indian":      {{"India", []string{"Mumbai", "Delhi"}}, {"Pakistan", []string{"Karachi", "Lahore"}}},
	"vietnamese":  {{"Vietnam", []string{"Ho Chi Minh City", "Hanoi"}}},
	"filipino":    {{"Philippines", []string{"Manila", "Cebu"}}},
	"francophone": {{"France", []string{"Paris", "Marseille"}}, {"Canada", []string{"Montreal"}}},
}

var ofacPrograms = map[string][]weightedString{
	"arabic": {{"SDGT", 55}, {"IRAN", 6}, {"IRGC] [SDGT", 6}, {"SYRIA", 8}, {"IRAQ2", 4}, {"YEMEN", 3}, {"LIBYA3", 3},
		{"SDGT] [IFSR", 5}, {"NPWMD] [IFSR", 4}, {"GLOMAG", 3}, {"SDNTK", 3}},
	"hispanic": {{"SDNTK", 35}, {"ILLICIT-DRUGS-EO14059", 20}, {"SDNT", 10}, {"TCO", 8}, {"VENEZUELA-EO13850", 10},
		{"VENEZUELA", 5}, {"GLOMAG", 4}, {"CUBA", 4}, {"NICARAGUA", 4}},
	"slavic": {{"RUSSIA-EO14024", 55}, {"UKRAINE-EO13660", 8}, {"UKRAINE-EO13661", 8}, {"UKRAINE-EO13662] [RUSSIA-EO14024", 8},
		{"CAATSA - RUSSIA", 6}, {"BELARUS-EO14038", 7}, {"CYBER2", 4}, {"ELECTION-EO13848", 2}, {"MAGNIT", 2}},
	"chinese": {{"ILLICIT-DRUGS-EO14059", 40}, {"NPWMD", 20}, {"HK-EO13936", 15}, {"CYBER2", 10}, {"GLOMAG", 10}, {"IRAN", 5}},
	"korean":  {{"DPRK3", 40}, {"DPRK4", 25}, {"NPWMD", 25}, {"DPRK2", 10}},
	"other":   {{"SDGT", 30}, {"GLOMAG", 25}, {"TCO", 15}, {"SDNTK", 15}, {"CYBER2", 15}},
}

var ofacTitles = []string{"Minister of Interior", "Governor of the Central Bank", "Commander", "Member of the State Duma",
	"Chief Executive Officer", "Deputy Prime Minister", "Brigadier General", "Director", "Financial Officer",
	"Deputy Minister of Defense", "Head of Intelligence", "Judge of the Supreme Court"}

var ofacEntityWords = map[string][]string{
	"arabic":   {"AL-NOOR", "AL-FURAT", "AL-RASHID", "AL-AMAL", "AL-SALAM", "AL-HADI", "RED SEA", "EUPHRATES", "AL-KHAIR", "AL-BARAKA"},
	"hispanic": {"INVERSIONES", "GRUPO", "AGROPECUARIA", "CONSTRUCTORA", "DISTRIBUIDORA", "COMERCIALIZADORA", "TRANSPORTES"},
	"slavic":   {"VOSTOK", "SEVER", "NEFTEGAZ", "TRANSINVEST", "PROMSTROI", "ENERGO", "SIBIR", "URAL", "BALTIKA"},
	"chinese":  {"XINHAI", "HUAXIN", "GOLDEN STAR", "PACIFIC ORIENT", "JINHE", "SHENGDA"},
	"korean":   {"KORYO", "CHONGSONG", "KOREA MINING", "PAEKSOL", "NAMGANG"},
}

var ofacEntityKinds = map[string][]string{
	"arabic":   {"EXCHANGE COMPANY", "GENERAL TRADING LLC", "SHIPPING LINES", "INVESTMENT COMPANY", "MONEY TRANSFER", "PETROCHEMICAL COMPANY", "LOGISTICS FZE", "BANK"},
	"hispanic": {"S.A. DE C.V.", "S.A.", "LTDA.", "Y ASOCIADOS", "S.A.S.", "C.A."},
	"slavic":   {"OOO", "AO", "JSC", "BANK", "LLC", "HOLDING"},
	"chinese":  {"TECHNOLOGY CO., LTD.", "TRADING CO., LTD.", "INDUSTRIAL GROUP", "SHIPPING CO., LTD.", "CHEMICAL CO., LTD."},
	"korean":   {"TRADING CORPORATION", "GENERAL CORPORATION", "DEVELOPMENT BANK", "SHIPPING COMPANY"},
}

var vesselTypes = []string{"Crude Oil Tanker", "Bulk Carrier", "General Cargo", "Container Ship", "Chemical/Products Tanker", "LPG Tanker", "Fishing Vessel"}
var vesselFlags = []string{"Iran", "Panama", "Comoros", "Cameroon", "Togo", "Russia", "Korea, North", "Liberia", "Malta", "Tanzania", "Sierra Leone"}

// ofacStyle is the style of an origin's entries: programs, places, weak
// a.k.a.s and linked companies.
func ofacStyle(origin string) string {
	switch origin {
	case "arabic", "hispanic", "slavic", "chinese", "korean":
		return origin
	}
	return "other"
}

// ofacHome is where an origin's people are born and live.
func ofacHome(origin string) []ofacPlace {
	if p, ok := ofacPlaces[origin]; ok {
		return p
	}
	return ofacPlaces["anglo"]
}

func (g *generator) pickOf(list []string) string { return list[g.r.IntN(len(list))] }

func (g *generator) nextEntNum() int {
	if len(g.ofac.nums) == 0 {
		g.ofac.last += 1 + g.r.IntN(4)
		return g.ofac.last
	}
	n := g.ofac.nums[len(g.ofac.nums)-1]
	g.ofac.nums = g.ofac.nums[:len(g.ofac.nums)-1]
	return n
}

// ofacEntityName is a sanctioned company's name in the style of an origin
// (nil: any).
func (g *generator) ofacEntityName(style *string) string {
	s := g.pickOf([]string{"arabic", "hispanic", "slavic", "chinese", "korean"})
	if style != nil {
		s = *style
	}
	if s == "other" {
		s = "arabic"
	}
	w, k := g.pickOf(ofacEntityWords[s]), g.pickOf(ofacEntityKinds[s])
	switch s {
	case "hispanic":
		return w + " " + g.f.upper(g.pickOf(hispanic.surnames)) + " " + k
	case "slavic":
		if k == "OOO" || k == "AO" || k == "JSC" {
			return k + " " + w
		}
		return w + " " + k
	}
	return w + " " + k
}

// pdOf renders a date of birth at a precision, as OFAC remarks print it.
func (g *generator) pdOf(t time.Time, precision string) registry.PartialDate {
	switch precision {
	case registry.PrecisionDay:
		return registry.PartialDate{Year: t.Year(), Month: int(t.Month()), Day: t.Day(), Precision: precision, Text: t.Format("02 Jan 2006")}
	case registry.PrecisionMonth:
		return registry.PartialDate{Year: t.Year(), Month: int(t.Month()), Precision: precision, Text: t.Format("Jan 2006")}
	case registry.PrecisionCirca:
		return registry.PartialDate{Year: t.Year(), Precision: precision, Text: fmt.Sprintf("circa %d", t.Year())}
	case registry.PrecisionRange:
		to := t.Year() + 1 + g.r.IntN(3)
		return registry.PartialDate{Year: t.Year(), ToYear: to, Precision: precision, Text: fmt.Sprintf("%d to %d", t.Year(), to)}
	}
	return registry.PartialDate{Year: t.Year(), Precision: registry.PrecisionYear, Text: strconv.Itoa(t.Year())}
}

var dobPrecisions = []weightedString{{registry.PrecisionDay, 55}, {registry.PrecisionMonth, 8}, {registry.PrecisionYear, 20},
	{registry.PrecisionCirca, 10}, {registry.PrecisionRange, 7}}

// ofacDOBs are an individual's dates of birth at mixed precision, a
// quarter with an alternative.
func (g *generator) ofacDOBs(born time.Time) []registry.PartialDate {
	out := []registry.PartialDate{g.pdOf(born, pickWeighted(g, dobPrecisions))}
	if g.r.Float64() < 0.25 {
		alt := g.pdOf(born.AddDate(g.r.IntN(3)-1, 0, g.r.IntN(60)-30), pickWeighted(g, dobPrecisions))
		if alt.Text != out[0].Text {
			out = append(out, alt)
		}
	}
	return out
}

func (g *generator) ofacID(style, country string) string {
	digits := func(n int) string { return g.randChars("0123456789", n) }
	switch {
	case country == "Mexico" && g.r.IntN(2) == 0:
		return "C.U.R.P. " + g.randChars("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 4) + digits(6) + "H" + g.randChars("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 5) + digits(2) + " (Mexico)"
	case country == "Mexico":
		return "R.F.C. " + g.randChars("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 4) + digits(6) + g.randChars("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 3) + " (Mexico)"
	case country == "Colombia" || country == "Venezuela":
		return "Cedula No. " + digits(8+g.r.IntN(3)) + " (" + country + ")"
	case style == "slavic" && g.r.IntN(2) == 0:
		return "Tax ID No. " + digits(12) + " (" + country + ")"
	case g.r.IntN(3) == 0:
		return "National ID No. " + digits(10) + " (" + country + ")"
	}
	return "Passport " + g.randChars("ABCDEFGHJKLMNPRSTUVWXYZ", 1) + digits(7) + " (" + country + ")"
}

// ofacIndividualOptions shape one OFAC individual.
type ofacIndividualOptions struct {
	keepAccents bool
	// dobs preset the dates of birth (nil: drawn, 12% none).
	dobs []registry.PartialDate
	// alts preset the alt.csv names; noAlts leaves them out.
	alts   []ofacAlt
	noAlts bool
	// noWeak leaves weak a.k.a.s out of the remarks.
	noWeak bool
	long   bool
}

type ofacCandidate struct {
	entry *ofacEntry
	rec   registry.Record
	// canonical printed forms, for queries.
	first, middle, last string
}

func (g *generator) ofacPrinted(s string, keep bool) string {
	if keep {
		return s
	}
	return g.f.fold(s)
}

func ofacSDNName(last, first, middle string) string {
	return last + ", " + strings.Join(strings.Fields(first+" "+middle), " ")
}

func (g *generator) ofacIndividual(p person, o ofacIndividualOptions) ofacCandidate {
	style := ofacStyle(p.origin)
	first, middle := g.ofacPrinted(p.first, o.keepAccents), g.ofacPrinted(p.middle, o.keepAccents)
	last := strings.ToUpper(g.ofacPrinted(p.last, o.keepAccents))
	e := &ofacEntry{num: g.nextEntNum(), name: ofacSDNName(last, first, middle), typ: registry.OFACIndividual,
		program: pickWeighted(g, ofacPrograms[style])}
	if g.r.Float64() < 0.12 {
		e.title = g.pickOf(ofacTitles)
	}
	dobs := o.dobs
	if dobs == nil && g.r.Float64() < 0.88 {
		dobs = g.ofacDOBs(time.Date(1940+g.r.IntN(56), 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, g.r.IntN(365)))
	}
	homes := ofacHome(p.origin)
	home := homes[g.r.IntN(len(homes))]
	var items, tail []string
	for i, d := range dobs {
		item := "DOB " + d.Text
		if i > 0 {
			item = "alt. DOB " + d.Text
		}
		// In long remarks an alternative date may come after the IDs, where
		// the 1,000-character cut sends it to sdn_comments.csv.
		if i > 0 && o.long {
			tail = append(tail, item)
			continue
		}
		items = append(items, item)
	}
	if g.r.Float64() < 0.8 {
		items = append(items, "POB "+g.pickOf(home.cities)+", "+home.country)
	}
	if g.r.Float64() < 0.6 {
		items = append(items, "nationality "+home.country)
	}
	if g.r.Float64() < 0.3 {
		items = append(items, "citizen "+home.country)
	}
	if g.r.Float64() < 0.85 {
		items = append(items, map[bool]string{true: "Gender Female", false: "Gender Male"}[p.female])
	}
	ids := g.r.IntN(4)
	if o.long {
		ids += 18 + g.r.IntN(10)
	}
	for range ids {
		items = append(items, g.ofacID(style, home.country))
	}
	if (style == "arabic" || style == "slavic") && g.r.Float64() < 0.1 {
		items = append(items, "Additional Sanctions Information - Subject to Secondary Sanctions")
	}
	links := 0
	if g.r.Float64() < 0.3 {
		links = 1 + g.r.IntN(3)
	}
	if o.long {
		links += 4
	}
	for range links {
		items = append(items, "Linked To: "+g.ofacEntityName(&style))
	}
	items = append(items, tail...)
	var weak []string
	if !o.noWeak && weakAKAs[style] != nil && g.r.Float64() < 0.15 {
		for range 1 + g.r.IntN(2) {
			w := g.pickOf(weakAKAs[style])
			n := registry.NameFromLastFirst(w)
			if !g.blocked(n.First, n.Middle, n.Last) && !contains(weak, w) {
				weak = append(weak, w)
				items = append(items, "a.k.a. '"+w+"'")
			}
		}
	}
	e.remarks = endSentence(strings.Join(items, "; "))
	alts := o.alts
	if alts == nil && !o.noAlts {
		alts = g.ofacAltNames(p, style)
	}
	e.alts = alts
	nAdds := 0
	switch x := g.r.Float64(); {
	case x < 0.15:
	case x < 0.85:
		nAdds = 1
	default:
		nAdds = 2
	}
	for range nAdds {
		pl := homes[g.r.IntN(len(homes))]
		if g.r.Float64() < 0.2 {
			pl = home
		}
		a := ofacAdd{cityStateZip: g.f.fold(g.pickOf(pl.cities)), country: pl.country}
		if g.r.Float64() < 0.3 {
			a.cityStateZip += " " + g.randChars("0123456789", 5+g.r.IntN(2))
		}
		if g.r.Float64() < 0.4 {
			a.address = fmt.Sprintf("%s %d", g.pickOf([]string{"Calle", "Avenida", "ul.", "Street", "Road", "District"}), 1+g.r.IntN(200))
		}
		e.adds = append(e.adds, a)
	}
	rec := registry.Record{SourceID: strconv.Itoa(e.num), Name: registry.NameFromLastFirst(e.name), DOBs: dobs}
	for _, a := range e.alts {
		rec.Aliases = append(rec.Aliases, registry.Alias{Name: registry.NameFromLastFirst(a.name), Type: a.typ})
	}
	for _, w := range weak {
		rec.Aliases = append(rec.Aliases, registry.Alias{Name: registry.NameFromLastFirst(w), Type: "remark_aka", Weak: true})
	}
	return ofacCandidate{entry: e, rec: rec, first: first, middle: middle, last: last}
}

// endSentence closes remarks with a period unless a name ending in one
// ("S.A.") already does.
func endSentence(s string) string {
	if strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ofacAltNames are the transliterations and shortened forms OFAC lists as
// a.k.a.s of an individual ("LAST, First").
func (g *generator) ofacAltNames(p person, style string) []ofacAlt {
	n := 0
	switch x := g.r.Float64(); {
	case x < 0.12:
	case x < 0.35:
		n = 1
	case x < 0.6:
		n = 2
	case x < 0.8:
		n = 3
	default:
		n = 4 + g.r.IntN(4)
	}
	primary := g.m.name(p.first, p.middle, p.last)
	var out []ofacAlt
	seen := map[string]bool{}
	for try := 0; len(out) < n && try < 4*n; try++ {
		first, middle, last := g.altForm(p, style)
		name := ofacSDNName(strings.ToUpper(g.f.fold(last)), g.f.fold(first), g.f.fold(middle))
		nm := g.m.name(first, middle, last)
		if seen[name] || (nm.first.s == primary.first.s && nm.last.s == primary.last.s && nm.middle.s == primary.middle.s) || g.blocked(first, middle, last) {
			continue
		}
		seen[name] = true
		typ := "aka"
		switch x := g.r.Float64(); {
		case x < 0.05:
			typ = "fka"
		case x < 0.1:
			typ = "nka"
		}
		out = append(out, ofacAlt{typ: typ, name: name})
	}
	return out
}

// altForm is one other way OFAC writes a person's name: another
// transliteration, a surname without its article or second family name,
// the middle name dropped or given as the first.
func (g *generator) altForm(p person, style string) (first, middle, last string) {
	first, middle, last = p.first, p.middle, p.last
	switch style {
	case "arabic":
		if v, ok := spellingVariant(g.r, first, arabicSpellings); ok && g.r.IntN(3) > 0 {
			first = v
		}
		if v, ok := spellingVariant(g.r, middle, arabicSpellings); ok && g.r.IntN(2) == 0 {
			middle = v
		}
		if strings.HasPrefix(last, "al-") {
			switch g.r.IntN(4) {
			case 0:
				last = strings.TrimPrefix(last, "al-")
			case 1:
				last = "el-" + strings.TrimPrefix(last, "al-")
			case 2:
				last = "al " + strings.TrimPrefix(last, "al-")
			}
		}
		if g.r.IntN(4) == 0 {
			middle = ""
		}
	case "slavic":
		if v, ok := spellingVariant(g.r, first, slavicSpellings); ok && g.r.IntN(3) > 0 {
			first = v
		}
		switch {
		case strings.HasSuffix(last, "ov") && g.r.IntN(3) == 0:
			last = strings.TrimSuffix(last, "ov") + "off"
		case strings.HasSuffix(last, "ev") && g.r.IntN(2) == 0:
			last = strings.TrimSuffix(last, "ev") + "yev"
		case strings.HasSuffix(last, "enko") && g.r.IntN(2) == 0:
			last = strings.TrimSuffix(last, "enko") + "enka"
		}
		if g.r.IntN(2) == 0 {
			middle = ""
		}
	case "hispanic":
		if i := strings.IndexByte(last, ' '); i > 0 && !strings.HasPrefix(last, "de") {
			switch g.r.IntN(3) {
			case 0:
				last = last[:i]
			case 1:
				last = strings.ReplaceAll(last, " ", "-")
			}
		}
		if v, ok := nicknameOf(g.r, first); ok && g.r.IntN(3) == 0 {
			first = v
		}
		if middle != "" && g.r.IntN(3) == 0 {
			first, middle = first+" "+middle, ""
		} else if g.r.IntN(2) == 0 {
			middle = ""
		}
	default:
		if v, ok := nicknameOf(g.r, first); ok && g.r.IntN(2) == 0 {
			first = v
		}
		if middle != "" && g.r.IntN(2) == 0 {
			middle = ""
		} else if middle != "" {
			first, middle = middle, ""
		}
	}
	return first, middle, last
}

func (g *generator) commitOFAC(c ofacCandidate) *listed {
	g.ofac.entries = append(g.ofac.entries, c.entry)
	e := g.m.listedFrom(c.rec)
	g.ix[registry.OFAC].add(e)
	return e
}

func (g *generator) ofacEntity() *ofacEntry {
	style := g.pickOf([]string{"arabic", "arabic", "hispanic", "slavic", "slavic", "chinese", "korean"})
	e := &ofacEntry{num: g.nextEntNum(), name: g.ofacEntityName(&style), program: pickWeighted(g, ofacPrograms[style])}
	home := ofacHome(style)[g.r.IntN(len(ofacHome(style)))]
	word := strings.ToLower(strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' {
			return r
		}
		return -1
	}, e.name))
	if len(word) > 14 {
		word = word[:14]
	}
	var items []string
	if g.r.Float64() < 0.4 {
		items = append(items, "Website www."+word+".com")
	}
	if g.r.Float64() < 0.2 {
		items = append(items, "Email Address info@"+word+".com")
	}
	items = append(items, fmt.Sprintf("Registration ID %s (%s)", g.randChars("0123456789", 7+g.r.IntN(6)), home.country))
	if g.r.Float64() < 0.3 {
		items = append(items, "Organization Established Date "+time.Date(1970+g.r.IntN(54), 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, g.r.IntN(365)).Format("02 Jan 2006"))
	}
	if g.r.Float64() < 0.15 {
		items = append(items, "Additional Sanctions Information - Subject to Secondary Sanctions")
	}
	if g.r.Float64() < 0.5 {
		p := g.newPerson(g.mixOFAC, personOptions{})
		items = append(items, "Linked To: "+ofacSDNName(strings.ToUpper(g.f.fold(p.last)), g.f.fold(p.first), ""))
	}
	e.remarks = endSentence(strings.Join(items, "; "))
	for range g.r.IntN(5) {
		typ := "aka"
		if g.r.Float64() < 0.2 {
			typ = "fka"
		}
		e.alts = append(e.alts, ofacAlt{typ: typ, name: g.ofacEntityName(&style)})
	}
	for range 1 + g.r.IntN(2) {
		e.adds = append(e.adds, ofacAdd{address: fmt.Sprintf("%s %d", g.pickOf([]string{"Office", "Building", "Tower", "Floor"}), 1+g.r.IntN(90)),
			cityStateZip: g.f.fold(g.pickOf(home.cities)), country: home.country})
	}
	return e
}

func (g *generator) ofacVessel() *ofacEntry {
	owner := g.ofacEntityName(nil)
	imo := "9" + g.randChars("0123456789", 6)
	e := &ofacEntry{num: g.nextEntNum(), typ: registry.OFACVessel,
		name:     g.pickOf(vesselWords) + " " + g.pickOf(vesselWords),
		program:  g.pickOf([]string{"IRAN", "SDGT", "RUSSIA-EO14024", "DPRK3", "VENEZUELA-EO13850", "CUBA", "IRAN] [SDGT"}),
		callSign: g.randChars("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 4+g.r.IntN(3)), vessType: g.pickOf(vesselTypes),
		flag: g.pickOf(vesselFlags), owner: owner,
		remarks: endSentence(fmt.Sprintf("IMO %s; MMSI %s; Vessel Registration Identification IMO %s; Linked To: %s", imo, g.randChars("0123456789", 9), imo, owner))}
	if g.r.Float64() < 0.5 {
		e.tonnage = fmt.Sprintf("%d,%03d", 1+g.r.IntN(299), g.r.IntN(1000))
		e.grt = fmt.Sprintf("%d,%03d", 1+g.r.IntN(160), g.r.IntN(1000))
	}
	if g.r.Float64() < 0.3 {
		e.alts = append(e.alts, ofacAlt{typ: "fka", name: g.pickOf(vesselWords) + " " + g.pickOf(vesselWords)})
	}
	return e
}

func (g *generator) ofacAircraft() *ofacEntry {
	operator := g.ofacEntityName(nil)
	tail := g.pickOf([]string{"EP-", "UP-", "YK-", "RA-", "YV"}) + g.randChars("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 3)
	msn := g.randChars("0123456789", 3+g.r.IntN(3))
	made := time.Date(1975+g.r.IntN(40), 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, g.r.IntN(365))
	return &ofacEntry{num: g.nextEntNum(), typ: registry.OFACAircraft, name: tail,
		program: g.pickOf([]string{"IRAN", "SDGT", "RUSSIA-EO14024", "VENEZUELA-EO13884", "IRAN] [SDGT"}), owner: operator,
		remarks: fmt.Sprintf("Aircraft Construction Number (also called L/N or S/N or F/N) %s; Aircraft Manufacture Date %s; Aircraft Model %s; Aircraft Operator %s; Aircraft Manufacturer's Serial Number (MSN) %s; Aircraft Tail Number %s.",
			msn, made.Format("02 Jan 2006"), g.pickOf([]string{"A300B4", "B747-422", "IL-76TD", "A340-642", "MD-83", "A310-304"}), operator, msn, tail)}
}

// fillOFAC writes the ordinary entries: 43% individuals, 47% entities, 8%
// vessels, 2% aircraft; about 3% of individuals have remarks over 1,000
// characters.
func (g *generator) fillOFAC(planted int) {
	total := g.scaled(FullOFACEntries)
	// ent_nums rise with gaps, handed out in random order: planted entries
	// sit among the others.
	n := total + total/3 + 500
	g.ofac.last = 35
	nums := make([]int, n)
	for i := range nums {
		g.ofac.last += 1 + g.r.IntN(4)
		nums[i] = g.ofac.last
	}
	g.r.Shuffle(len(nums), func(i, j int) { nums[i], nums[j] = nums[j], nums[i] })
	g.ofac.nums = nums
	individuals := int(math.Round(float64(total)*0.43)) - planted
	entities := int(math.Round(float64(total) * 0.47))
	vessels := int(math.Round(float64(total) * 0.08))
	aircraft := max(0, total-individuals-planted-entities-vessels)
	for range entities {
		g.ofac.entries = append(g.ofac.entries, g.ofacEntity())
	}
	for range vessels {
		g.ofac.entries = append(g.ofac.entries, g.ofacVessel())
	}
	for range aircraft {
		g.ofac.entries = append(g.ofac.entries, g.ofacAircraft())
	}
	for i := 0; i < individuals; {
		p := g.newPerson(g.mixOFAC, personOptions{compound: 0.6, patronymic: true})
		if g.blocked(p.first, p.middle, p.last) {
			continue
		}
		keep := hasAccent(g.f, p.first+p.last) && g.r.IntN(2) == 0
		g.commitOFAC(g.ofacIndividual(p, ofacIndividualOptions{keepAccents: keep, long: g.r.Float64() < 0.03}))
		i++
	}
}
