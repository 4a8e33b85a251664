package registrysamples

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/registry"
)

// Columns of the SAM V2 extract (registry.SAMHeader).
const (
	sClass = iota
	sName
	sPrefix
	sFirst
	sMiddle
	sLast
	sSuffix
	sAddr1
	sAddr2
	sAddr3
	sAddr4
	sCity
	sState
	sCountry
	sZip
	sOpenData
	sBlank
	sUEI
	sProgram
	sAgency
	sCTCode
	sExclType
	sComments
	sActive
	sTermination
	sStatus
	sCrossRef
	sSAMNumber
	sCAGE
	sNPI
	sCreation
	samColumns
)

const (
	hhsComment = "Excluded by the Department of Health and Human Services from participation in all Federal health care programs pursuant to 42 U.S.C. 1320a-7 or other sections of the Social Security Act, as amended and codified in Chapter 7 of Title 42 of the United States Code (the scope and effect of Federal health care program exclusions is described in 42 C.F.R. 1001.1901)."
	opmComment = "Debarred by the Office of Personnel Management from participating in the Federal Employees Health Benefits Program pursuant to 5 U.S.C. 8902a."
	dbaComment = "The contractor has been debarred for violation of the Davis-Bacon Act, 40 USC 3141-3148. The contractor, or any firm, corporation, partnership, or association in which the contractor has an interest, is ineligible to receive any contract or subcontract of the United States."
)

var otherAgencies = []string{"DOJ", "HUD", "EPA", "ARMY", "NAVY", "USAF", "DLA", "GSA", "DOL", "USDA", "DOT", "VA", "SBA", "DHS", "DOS", "ED", "PS", "NASA", "DOE", "DOI"}

var samExclTypes = []weightedString{{"Ineligible (Proceedings Completed)", 50}, {"Ineligible (Proceedings Pending)", 25},
	{"Prohibition/Restriction", 20}, {"Voluntary Exclusion", 5}}

type foreignPlace struct{ code, city string }

var foreignCountries = []foreignPlace{{"MEX", "MEXICO CITY"}, {"MEX", "TIJUANA"}, {"CAN", "TORONTO"},
	{"IRN", "TEHRAN"}, {"RUS", "MOSCOW"}, {"CHN", "SHENZHEN"}, {"NGA", "LAGOS"}, {"IND", "MUMBAI"}, {"PAK", "KARACHI"},
	{"VEN", "CARACAS"}, {"COL", "BOGOTA"}, {"GBR", "LONDON"}, {"PHL", "MANILA"}, {"ARE", "DUBAI"}}

// foreignHomes are where SAM's foreign individuals of an origin live.
var foreignHomes = map[string][]foreignPlace{
	"arabic":     {{"IRN", "TEHRAN"}, {"ARE", "DUBAI"}, {"SYR", "DAMASCUS"}, {"LBN", "BEIRUT"}, {"IRQ", "BAGHDAD"}},
	"hispanic":   {{"MEX", "MEXICO CITY"}, {"MEX", "TIJUANA"}, {"MEX", "CULIACAN"}, {"COL", "BOGOTA"}, {"VEN", "CARACAS"}},
	"slavic":     {{"RUS", "MOSCOW"}, {"RUS", "SAINT PETERSBURG"}, {"UKR", "KYIV"}, {"BLR", "MINSK"}},
	"chinese":    {{"CHN", "SHENZHEN"}, {"CHN", "BEIJING"}, {"HKG", "HONG KONG"}},
	"korean":     {{"PRK", "PYONGYANG"}},
	"nigerian":   {{"NGA", "LAGOS"}},
	"indian":     {{"IND", "MUMBAI"}, {"PAK", "KARACHI"}},
	"vietnamese": {{"VNM", "HO CHI MINH CITY"}},
	"filipino":   {{"PHL", "MANILA"}},
}

var firmKinds = []string{"CONSTRUCTION LLC", "ELECTRIC SERVICE LLC", "SOLUTIONS INC", "LOGISTICS GROUP", "ENVIRONMENTAL SERVICES",
	"TECHNOLOGIES CORP", "ROOFING & SIDING", "HOME HEALTH CARE LLC", "MEDICAL SUPPLY INC", "DEFENSE SYSTEMS INC",
	"JANITORIAL SERVICES", "TRUCKING CO", "ENGINEERING PC", "CONSULTING GROUP LLC", "PHARMACY INC", "AVIATION PARTS LLC"}

var vesselWords = []string{"OCEAN", "SEA", "GOLDEN", "PACIFIC", "STAR", "PEARL", "DAWN", "LION", "EAGLE", "ATLANTIC", "NORTHERN",
	"CASPIAN", "ORIENT", "GLORY", "FORTUNE", "HORIZON", "JADE", "CORAL", "SILVER", "ARMAN", "SAHAR", "DUNE"}

type samList struct {
	rows    [][]string
	numbers map[string]bool
}

const samNumberChars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
const ueiChars = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"

func (g *generator) randChars(set string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = set[g.r.IntN(len(set))]
	}
	return string(b)
}

func (g *generator) samNumber() string {
	for {
		n := "S4MR" + g.randChars(samNumberChars, 5)
		if !g.sam.numbers[n] {
			g.sam.numbers[n] = true
			return n
		}
	}
}

func mdy(t time.Time) string { return t.Format("01/02/2006") }

// samAction fills the exclusion columns of a row: program, agency, CT
// code, type, comments and dates.
func (g *generator) samAction(row []string, agency string) {
	row[sProgram] = pickWeighted(g, []weightedString{{"Reciprocal", 85}, {"Procurement", 8}, {"NonProcurement", 7}})
	row[sAgency] = agency
	switch agency {
	case "HHS":
		row[sCTCode], row[sExclType], row[sComments] = "Z1", "Prohibition/Restriction", hhsComment
	case "OPM":
		row[sCTCode], row[sExclType], row[sComments] = "Z2", "Prohibition/Restriction", opmComment
	case "TREAS-OFAC":
		row[sExclType], row[sComments] = "Prohibition/Restriction", "PII data has been masked from view"
	default:
		row[sExclType] = pickWeighted(g, samExclTypes)
		switch {
		case row[sExclType] == "Ineligible (Proceedings Pending)" && g.r.Float64() < 0.5:
			row[sComments] = "Proposed Debarment: " + g.pastDate(g.day, 0.5, 2).Format("01-02-2006") + " "
		case agency == "DOL" && g.r.Float64() < 0.5:
			row[sComments] = dbaComment
		}
	}
	active := g.pastDate(g.day, 6, 30)
	row[sActive] = mdy(active)
	row[sTermination] = "Indefinite"
	if agency != "HHS" && agency != "TREAS-OFAC" && g.r.Float64() < 0.45 {
		row[sTermination] = mdy(g.day.AddDate(0, 0, 1+g.r.IntN(5*365)))
	}
	creation := active.AddDate(0, 0, g.r.IntN(3))
	if creation.After(g.day) {
		creation = g.day
	}
	row[sCreation] = creation.Format(time.DateOnly)
}

func (g *generator) samAgency() string {
	switch x := g.r.Float64(); {
	case x < 0.42:
		return "HHS"
	case x < 0.60:
		return "OPM"
	default:
		return otherAgencies[g.r.IntN(len(otherAgencies))]
	}
}

// samIndividualOptions shape one SAM individual.
type samIndividualOptions struct {
	agency string
	// aliases are people's names for Cross-Reference ("(also …)").
	aliases []person
	// firms are company names for Cross-Reference.
	firms   []string
	foreign bool
	strict  bool
	// otherZip puts the zip code elsewhere in the same state.
	npi string
}

type samCandidate struct {
	rows [][]string
	rec  registry.Record
}

func (g *generator) samIndividual(p person, o samIndividualOptions) samCandidate {
	row := make([]string, samColumns)
	row[sClass] = registry.SAMIndividual
	row[sFirst], row[sLast] = g.f.upper(p.first), g.f.upper(p.last)
	if p.middle != "" {
		row[sMiddle] = g.f.upper(p.middle)
		if !o.strict && g.r.Float64() < 0.3 {
			row[sMiddle] = string([]rune(row[sMiddle])[:1]) + "."
		}
	}
	row[sSuffix] = strings.ToUpper(p.suffix)
	if g.r.Float64() < 0.03 {
		row[sPrefix] = []string{"DR.", "MR.", "MS.", "MRS."}[g.r.IntN(4)]
	}
	if o.foreign {
		homes, ok := foreignHomes[p.origin]
		if !ok {
			homes = []foreignPlace{{"GBR", "LONDON"}, {"CAN", "TORONTO"}}
		}
		fc := homes[g.r.IntN(len(homes))]
		row[sCity], row[sCountry] = fc.city, fc.code
		if g.r.Float64() < 0.5 {
			row[sZip] = fmt.Sprintf("%05d", g.r.IntN(100000))
		}
	} else {
		row[sCity], row[sState], row[sCountry], row[sZip] = p.place.city, p.place.state, "USA", p.zip
		if g.r.Float64() < 0.3 {
			row[sAddr1] = p.street
		}
		if g.r.Float64() < 0.12 {
			row[sZip] += fmt.Sprintf("%04d", g.r.IntN(10000))
		}
	}
	agency := o.agency
	if agency == "" {
		agency = g.samAgency()
	}
	g.samAction(row, agency)
	if agency == "HHS" && g.r.Float64() < 0.3 {
		row[sNPI] = g.npi()
	}
	if o.npi != "" {
		row[sNPI] = o.npi
	}
	if g.r.Float64() < 0.02 {
		row[sUEI] = g.randChars(ueiChars, 12)
	}
	var groups []string
	var aliasNames []registry.Name
	for _, a := range o.aliases {
		full := strings.Join(strings.Fields(g.f.upper(a.first)+" "+initial(g.f.upper(a.middle))+" "+g.f.upper(a.last)), " ")
		groups = append(groups, full)
		aliasNames = append(aliasNames, registry.NameFromReadingOrder(full))
	}
	groups = append(groups, o.firms...)
	if len(groups) > 0 {
		if len(groups) > 1 && g.r.IntN(2) == 0 {
			row[sCrossRef] = "(also " + strings.Join(groups, ", ") + ")"
		} else {
			row[sCrossRef] = "(also " + strings.Join(groups, ") (also ") + ")"
		}
	}
	row[sSAMNumber] = g.samNumber()
	rows := [][]string{row}
	// One person excluded by two agencies: a second row with the same SAM
	// Number, which the parser merges.
	if !o.strict && !o.foreign && g.r.Float64() < 0.03 {
		dup := append([]string(nil), row...)
		other := "OPM"
		if agency == "OPM" {
			other = "HHS"
		}
		g.samAction(dup, other)
		rows = append(rows, dup)
	}
	rec := registry.Record{SourceID: row[sSAMNumber], Name: registry.Name{First: row[sFirst], Middle: row[sMiddle], Last: row[sLast]}}
	for _, n := range aliasNames {
		rec.Aliases = append(rec.Aliases, registry.Alias{Name: n, Type: "cross_reference"})
	}
	rec.Addresses = []registry.Address{{Line1: row[sAddr1], City: row[sCity], State: row[sState], Zip: row[sZip], Country: row[sCountry]}}
	return samCandidate{rows: rows, rec: rec}
}

func initial(s string) string {
	if s == "" {
		return ""
	}
	return string([]rune(s)[:1])
}

func (g *generator) commitSAM(c samCandidate) *listed {
	g.sam.rows = append(g.sam.rows, c.rows...)
	e := g.m.listedFrom(c.rec)
	g.ix[registry.SAM].add(e)
	return e
}

func (g *generator) firmName() string {
	if g.r.Float64() < 0.5 {
		return g.f.upper(anglo.surnames[g.r.IntN(len(anglo.surnames))]) + " " + firmKinds[g.r.IntN(len(firmKinds))]
	}
	return businessWords[g.r.IntN(len(businessWords))] + " " + firmKinds[g.r.IntN(len(firmKinds))]
}

func (g *generator) samEntity(class string) []string {
	row := make([]string, samColumns)
	row[sClass] = class
	switch class {
	case registry.SAMFirm:
		row[sName] = g.firmName()
		pl := places[g.placePick.pick(g.r)]
		row[sAddr1] = fmt.Sprintf("%d %s %s", 100+g.r.IntN(9800), streetNames[g.r.IntN(len(streetNames))], streetTypes[g.r.IntN(len(streetTypes))])
		row[sCity], row[sState], row[sCountry], row[sZip] = pl.city, pl.state, "USA", g.zipIn(pl)
		if g.r.Float64() < 0.7 {
			row[sUEI] = g.randChars(ueiChars, 12)
		}
		if g.r.Float64() < 0.4 {
			row[sCAGE] = g.randChars(ueiChars, 5)
		}
		g.samAction(row, otherAgencies[g.r.IntN(len(otherAgencies))])
		if g.r.Float64() < 0.08 {
			p := g.newPerson(g.mixSAM, personOptions{})
			row[sCrossRef] = "(also " + g.f.upper(p.first) + " " + g.f.upper(p.last) + ")"
		}
	case registry.SAMVessel:
		row[sName] = vesselWords[g.r.IntN(len(vesselWords))] + " " + vesselWords[g.r.IntN(len(vesselWords))]
		row[sCountry] = []string{"IRN", "PAN", "PRK", "RUS", "SYR", "VEN", "CUB", "LBR", "TGO", "CMR"}[g.r.IntN(10)]
		g.samAction(row, "TREAS-OFAC")
	default:
		fc := foreignCountries[g.r.IntN(len(foreignCountries))]
		row[sName] = g.ofacEntityName(nil)
		row[sCity], row[sCountry] = fc.city, fc.code
		row[sUEI] = g.randChars(ueiChars, 12)
		g.samAction(row, []string{"TREAS-OFAC", "DOS", "TREAS-OFAC"}[g.r.IntN(3)])
	}
	row[sSAMNumber] = g.samNumber()
	return row
}

// fillSAM writes the ordinary rows: 64% individuals (a quarter of them
// HHS exclusions mirrored from LEIE, a few abroad, some with
// cross-references), the rest firms, special entity designations and
// vessels.
func (g *generator) fillSAM(planted int) {
	g.sam.numbers = map[string]bool{}
	total := g.scaled(FullSAMRows)
	firms := int(math.Round(float64(total) * 0.33))
	special := int(math.Round(float64(total) * 0.02))
	vessels := int(math.Round(float64(total) * 0.01))
	for range firms {
		g.sam.rows = append(g.sam.rows, g.samEntity(registry.SAMFirm))
	}
	for range special {
		g.sam.rows = append(g.sam.rows, g.samEntity(registry.SAMSpecial))
	}
	for range vessels {
		g.sam.rows = append(g.sam.rows, g.samEntity(registry.SAMVessel))
	}
	target := total - firms - special - vessels - planted
	for len(g.sam.rows) < firms+special+vessels+target {
		var p person
		o := samIndividualOptions{}
		switch x := g.r.Float64(); {
		case x < 0.25 && len(g.leie.persons) > 0:
			p = g.leie.persons[g.r.IntN(len(g.leie.persons))]
			o.agency = "HHS"
		case x < 0.29:
			p = g.newPerson(g.mixOFAC, personOptions{compound: 0.5, patronymic: true})
			o.foreign = true
			o.agency = []string{"TREAS-OFAC", "DOS"}[g.r.IntN(2)]
		default:
			p = g.newPerson(g.mixSAM, personOptions{hyphen: 0.02, suffix: 0.06})
		}
		if g.blocked(p.first, p.middle, p.last) {
			continue
		}
		if g.r.Float64() < 0.06 {
			if a, ok := g.aliasPerson(p, g.mixSAM); ok {
				o.aliases = append(o.aliases, a)
			}
		}
		if g.r.Float64() < 0.04 {
			o.firms = append(o.firms, g.firmName())
		}
		g.commitSAM(g.samIndividual(p, o))
	}
}

// aliasPerson is another name the same person goes by: a woman's maiden or
// married surname, or a different surname.
func (g *generator) aliasPerson(p person, m mix) (person, bool) {
	a := p
	for range 20 {
		other := g.newPerson(m, personOptions{})
		if other.last == p.last {
			continue
		}
		a.last = other.last
		if !g.blocked(a.first, a.middle, a.last) {
			return a, true
		}
	}
	return person{}, false
}
