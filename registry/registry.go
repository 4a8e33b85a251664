// Package registry is the engine of exclusion and sanction screening: the
// registries the service knows, the listed people read from each list's
// official file format, and the search of those people for a candidate.
//
// It imports no Temporal, Gin or GORM: importers (package store), the API
// (in-memory indexes) and the worker (certificates) all call it.
package registry

import (
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Registry codes, as callers send them and as results report them.
const (
	OIGExclusion = "oig-exclusion"
	SAM          = "sam"
	OFAC         = "ofac"
	NSOPW        = "nsopw"
)

// Info describes one registry.
type Info struct {
	Code string `json:"code"`
	// PrettyName is the human-readable name (registryPrettyName).
	PrettyName string `json:"prettyName"`
	// Issuer is the agency that publishes the list.
	Issuer string `json:"issuer"`
	// Bulk lists are downloaded, imported and searched in memory; the
	// others are searched live at their site.
	Bulk bool `json:"bulk"`
	// SourceURL is the official address of the list or search.
	SourceURL string `json:"sourceUrl"`
}

var registries = []Info{
	{Code: OIGExclusion, PrettyName: "HHS-OIG List of Excluded Individuals/Entities (LEIE)", Issuer: "U.S. Department of Health and Human Services, Office of Inspector General",
		Bulk: true, SourceURL: "https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv"},
	{Code: SAM, PrettyName: "SAM.gov Exclusions", Issuer: "U.S. General Services Administration, System for Award Management",
		Bulk: true, SourceURL: "https://sam.gov/data-services/Exclusions/Public%20V2"},
	{Code: OFAC, PrettyName: "OFAC Specially Designated Nationals (SDN) List", Issuer: "U.S. Department of the Treasury, Office of Foreign Assets Control",
		Bulk: true, SourceURL: "https://www.treasury.gov/ofac/downloads/"},
	{Code: NSOPW, PrettyName: "Dru Sjodin National Sex Offender Public Website (NSOPW)", Issuer: "U.S. Department of Justice",
		Bulk: false, SourceURL: "https://www.nsopw.gov/"},
}

// All returns every registry in a stable order.
func All() []Info { return append([]Info(nil), registries...) }

// Lookup finds a registry by its code.
func Lookup(code string) (Info, bool) {
	for _, r := range registries {
		if r.Code == code {
			return r, true
		}
	}
	return Info{}, false
}

// Name is a listed person's name in parts, as the list prints it.
type Name struct {
	First  string `json:"first"`
	Middle string `json:"middle"`
	Last   string `json:"last"`
}

// Full renders the name in reading order.
func (n Name) Full() string {
	return strings.Join(strings.Fields(n.First+" "+n.Middle+" "+n.Last), " ")
}

// Alias is another name a listed person is known by.
type Alias struct {
	Name Name `json:"name"`
	// Type is where it comes from: aka, fka, nka (OFAC alt.csv),
	// remark_aka (an a.k.a. in OFAC remarks), cross_reference (SAM).
	Type string `json:"type"`
	// Weak marks OFAC's low-quality a.k.a.s.
	Weak bool `json:"weak,omitempty"`
}

// Date precisions of a listed date of birth.
const (
	PrecisionDay   = "day"
	PrecisionMonth = "month"
	PrecisionYear  = "year"
	// PrecisionCirca is "circa 1960": the year give or take CircaYears.
	PrecisionCirca = "circa"
	// PrecisionRange is "1960 to 1962": any year of the range.
	PrecisionRange = "range"
)

// CircaYears is how far a "circa" year may be from the true one.
const CircaYears = 2

// PartialDate is a date of birth at the precision the list gives it.
type PartialDate struct {
	Year  int `json:"year"`
	Month int `json:"month,omitempty"`
	Day   int `json:"day,omitempty"`
	// ToYear ends a range (PrecisionRange).
	ToYear    int    `json:"toYear,omitempty"`
	Precision string `json:"precision"`
	// Text is the date as printed.
	Text string `json:"text,omitempty"`
}

// String renders the date at its precision (YYYY-MM-DD, YYYY-MM, YYYY,
// "circa YYYY", "YYYY to YYYY").
func (d PartialDate) String() string {
	switch d.Precision {
	case PrecisionDay:
		return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
	case PrecisionMonth:
		return fmt.Sprintf("%04d-%02d", d.Year, d.Month)
	case PrecisionCirca:
		return fmt.Sprintf("circa %04d", d.Year)
	case PrecisionRange:
		return fmt.Sprintf("%04d to %04d", d.Year, d.ToYear)
	}
	return fmt.Sprintf("%04d", d.Year)
}

// Address is one address of a listed person.
type Address struct {
	Line1   string `json:"line1"`
	City    string `json:"city"`
	State   string `json:"state"`
	Zip     string `json:"zip"`
	Country string `json:"country,omitempty"`
}

// Record is one listed individual. Entities, firms, vessels and aircraft
// are not people a candidate can be, and are not kept.
type Record struct {
	// SourceID identifies the record within its list: LEIE has no id of
	// its own (a stable hash of the row), SAM the SAM Number, OFAC ent_num.
	SourceID  string        `json:"sourceId"`
	Name      Name          `json:"name"`
	Aliases   []Alias       `json:"aliases,omitempty"`
	DOBs      []PartialDate `json:"dobs,omitempty"`
	NPI       string        `json:"npi,omitempty"`
	Addresses []Address     `json:"addresses,omitempty"`
	// Details are the list's own facts worth showing a reviewer (exclusion
	// type and date, program, agency, remarks), by the list's field names.
	Details map[string]string `json:"details,omitempty"`
}

// List is one complete, parsed edition of a bulk list.
type List struct {
	Registry string
	// Date is the list's own date (LEIE: the download's Last-Modified; SAM:
	// the extract's Julian date; OFAC: Publish_Date).
	Date time.Time
	// Rows is every data row read, individuals or not: an import compares
	// it with the current edition to refuse a truncated file.
	Rows    int
	Records []Record
}

// Edition describes one imported edition of a bulk list.
type Edition struct {
	ID       uuid.UUID `json:"id"`
	Registry string    `json:"registry"`
	// Date is the list's own date.
	Date time.Time `json:"date"`
	// Rows counts the file's data rows, Records the individuals kept.
	Rows       int       `json:"rows"`
	Records    int       `json:"records"`
	Source     string    `json:"source"`
	ImportedAt time.Time `json:"importedAt"`
}

// aliases are the other names callers use for the registries: agency
// names, list names and their usual spellings.
var aliases = map[string]string{
	"oig": OIGExclusion, "oig-exclusion": OIGExclusion, "oig_exclusion": OIGExclusion, "oigexclusion": OIGExclusion,
	"leie": OIGExclusion, "hhs-oig": OIGExclusion, "hhs_oig": OIGExclusion, "oig-leie": OIGExclusion, "oig_leie": OIGExclusion,
	"sam": SAM, "sam.gov": SAM, "sam-exclusion": SAM, "sam_exclusion": SAM, "sam-exclusions": SAM, "sam_exclusions": SAM, "epls": SAM,
	"ofac": OFAC, "ofac-sdn": OFAC, "ofac_sdn": OFAC, "sdn": OFAC,
	"nsopw": NSOPW, "sex-offender": NSOPW, "sex_offender": NSOPW, "sex-offender-registry": NSOPW,
}

// Resolve returns the registry a caller means by name: a code, or one of
// its usual other names, in any case.
func Resolve(name string) (Info, bool) {
	code, ok := aliases[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Info{}, false
	}
	return Lookup(code)
}
