package sandbox

import (
	"embed"
	"fmt"
	"strconv"
	"strings"
)

// The pools the generator draws from, one entry per line in pools/ (a list
// may repeat an entry to draw it more often). Registrants are about 97%
// men; the names span the country's origins (Anglo, Hispanic, Black
// American, Vietnamese, Korean, Chinese, Filipino, South Asian, Arabic,
// Slavic, West African, Navajo and Lakota surnames) and the shapes that
// trouble name matching: compound and hyphenated surnames, apostrophes,
// particles, two-word given names.
//
//go:embed pools
var pools embed.FS

// poolLines reads one pool file. The files are part of the binary, so one
// that cannot be read or parsed is a build defect: it panics, and every
// test that builds a Sandbox would fail.
func poolLines(name string) []string {
	b, err := pools.ReadFile("pools/" + name)
	if err != nil {
		panic(fmt.Sprintf("sandbox: %v", err))
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// poolTable reads a tab-separated pool file whose header row names
// columns: one []string per data row.
func poolTable(name string, columns ...string) [][]string {
	lines := poolLines(name)
	if got := lines[0]; got != strings.Join(columns, "\t") {
		panic(fmt.Sprintf("sandbox: pools/%s: header %q, want %q", name, got, strings.Join(columns, "\t")))
	}
	rows := make([][]string, 0, len(lines)-1)
	for i, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if len(f) != len(columns) {
			panic(fmt.Sprintf("sandbox: pools/%s line %d: %d fields, want %d", name, i+2, len(f), len(columns)))
		}
		rows = append(rows, f)
	}
	return rows
}

func maleFirstNames() []string   { return poolLines("given-male.txt") }
func femaleFirstNames() []string { return poolLines("given-female.txt") }
func middleNames() []string      { return poolLines("middle.txt") }
func lastNames() []string        { return poolLines("surnames.txt") }
func streetNames() []string      { return poolLines("streets.txt") }
func streetSuffixes() []string   { return poolLines("street-suffixes.txt") }
func employers() []string        { return poolLines("employers.txt") }

// nicknames are the short forms registries list as aliases.
func nicknames() map[string]string {
	m := map[string]string{}
	for _, r := range poolTable("nicknames.tsv", "formal", "short") {
		m[r[0]] = r[1]
	}
	return m
}

// place is where an address lies. Jurisdiction is the registry that lists
// people living there: the state's, or a tribe's for reservation towns.
type place struct {
	City, County, State, Zip string
	Lat, Lon                 float64
	Jurisdiction             string
	// Weight is roughly the place's share of registrants.
	Weight int
}

func places() []place {
	var out []place
	for i, r := range poolTable("places.tsv", "city", "county", "state", "zip", "latitude", "longitude", "jurisdiction", "weight") {
		lat, err1 := strconv.ParseFloat(r[4], 64)
		lon, err2 := strconv.ParseFloat(r[5], 64)
		weight, err3 := strconv.Atoi(r[7])
		if err1 != nil || err2 != nil || err3 != nil || weight <= 0 {
			panic(fmt.Sprintf("sandbox: pools/places.tsv line %d: latitude, longitude or weight is not a number", i+2))
		}
		out = append(out, place{City: r[0], County: r[1], State: r[2], Zip: r[3], Lat: lat, Lon: lon, Jurisdiction: r[6], Weight: weight})
	}
	return out
}

// registryStyle is how one jurisdiction's registry prints records and
// links to them.
type registryStyle struct {
	// Upper: the registry prints names in capitals (most do).
	Upper bool
	// LongTypes: location types are RESIDENTIAL/EMPLOYMENT/SCHOOL rather
	// than R/E/S.
	LongTypes bool
	// Page and Image are the offender page and photo addresses, with %s
	// for the jurisdiction (lower case) and %d for the registry's id. The
	// hosts are under .example (reserved): the sandbox links nowhere real.
	Page, Image string
}

func registryStyles() []registryStyle {
	return []registryStyle{
		{Upper: true, Page: "https://sor.%s.sandbox.example/offenderdetails.php?OfndrID=%d&AgencyID=54150", Image: "https://sor.%s.sandbox.example/photos/%d.jpg"},
		{Upper: true, LongTypes: true, Page: "https://registry.%s.sandbox.example/sor/flyer.jsf?personId=%d", Image: "https://registry.%s.sandbox.example/sor/CallImage?imgID=%d"},
		{Upper: false, Page: "https://publicsite.%s.sandbox.example/SexOffenderRegistry/Search/Rapsheet?Sid=%d", Image: "https://publicsite.%s.sandbox.example/SexOffenderRegistry/Photo/%d"},
		{Upper: true, Page: "https://www.%s.sandbox.example/Offender/Details?id=%d&src=nsopw", Image: "https://www.%s.sandbox.example/Offender/Image?id=%d"},
	}
}
