package registry

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
	"time"
)

// SAMHeader is the header row of the V2 public extract's CSV (31 columns).
func SAMHeader() []string { return append([]string(nil), samHeader...) }

var samHeader = []string{"Classification", "Name", "Prefix", "First", "Middle", "Last", "Suffix",
	"Address 1", "Address 2", "Address 3", "Address 4", "City", "State / Province", "Country", "Zip Code",
	"Open Data Flag", "Blank (Deprecated)", "Unique Entity ID", "Exclusion Program", "Excluding Agency",
	"CT Code", "Exclusion Type", "Additional Comments", "Active Date", "Termination Date", "Record Status",
	"Cross-Reference", "SAM Number", "CAGE", "NPI", "Creation_Date"}

// samDUNSHeader is the header of extracts cut before the 2022 move to the
// Unique Entity ID: one "DUNS" column where V2 has "Open Data Flag", "Blank
// (Deprecated)" and "Unique Entity ID", and (in the oldest) no Creation_Date.
var samDUNSHeader = func() []string {
	h := append([]string(nil), samHeader[:15]...)
	h = append(h, "DUNS")
	return append(h, samHeader[18:]...)
}()

// SAM classifications; only individuals are kept.
const (
	SAMIndividual = "Individual"
	SAMFirm       = "Firm"
	SAMVessel     = "Vessel"
	SAMSpecial    = "Special Entity Designation"
)

const (
	samFilePrefix = "SAM_EXCLUSIONS_PUBLIC_EXTRACT_V2_"
	samFileSuffix = ".ZIP"
)

// SAMExtractFileName is the published name of the extract cut on day
// (SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP, a Julian date).
func SAMExtractFileName(day time.Time) string {
	return fmt.Sprintf("SAM_Exclusions_Public_Extract_V2_%02d%03d.ZIP", day.Year()%100, day.YearDay())
}

// SAMExtractDate reads the Julian date (YYDDD, years 2000-2099) of an
// extract's file name; a path is allowed and case is ignored.
func SAMExtractDate(fileName string) (time.Time, error) {
	base := path.Base(strings.ReplaceAll(fileName, `\`, "/"))
	up := strings.ToUpper(base)
	if !strings.HasPrefix(up, samFilePrefix) || !strings.HasSuffix(up, samFileSuffix) {
		return time.Time{}, formatErr(base, 0, CodeFileName, "not named SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP")
	}
	jd := up[len(samFilePrefix) : len(up)-len(samFileSuffix)]
	if len(jd) != 5 || !allDigits(jd) {
		return time.Time{}, formatErr(base, 0, CodeFileName, "%q is not a Julian date YYDDD", jd)
	}
	y, _ := strconv.Atoi(jd[:2])
	d, _ := strconv.Atoi(jd[2:])
	start := time.Date(2000+y, 1, 1, 0, 0, 0, 0, time.UTC)
	if d < 1 || d > start.AddDate(1, 0, -1).YearDay() {
		return time.Time{}, formatErr(base, 0, CodeFileName, "day %03d does not exist in %d", d, 2000+y)
	}
	return start.AddDate(0, 0, d-1), nil
}

// SAMOptions says how to read one extract.
type SAMOptions struct {
	// FileName is the extract's published name; it names the file in errors
	// and gives the list's date.
	FileName string
	// Date, when set, is the list's date, and FileName need not carry one
	// (a renamed or re-packed download). It wins over the name's.
	Date time.Time
}

// ParseSAM reads a SAM exclusions public extract (the ZIP as published)
// whose date is the Julian date in fileName.
func ParseSAM(r io.ReaderAt, size int64, fileName string) (*List, error) {
	return ParseSAMExtract(r, size, SAMOptions{FileName: fileName})
}

// ParseSAMExtract reads a SAM exclusions public extract: a ZIP holding one
// CSV with the V2 header (SAMHeader) or the pre-2022 one that has DUNS in
// place of the three Unique Entity ID columns (with or without
// Creation_Date).
//
// Every row is validated (column count, Classification, SAM Number, NPI,
// Active/Termination Date MM/DD/YYYY or "Indefinite", Creation_Date
// YYYY-MM-DD). Individuals become Records with SourceID the SAM Number; rows
// that repeat a SAM Number for the same name (one person excluded by several
// agencies) are merged, each differing detail joined with "; ". Names in
// Cross-Reference "(also JOHN Q SMITH)" become cross_reference aliases,
// except names of firms. Details: Exclusion Program, Excluding Agency, CT
// Code, Exclusion Type, Active Date, Termination Date, Record Status, SAM
// Number, CAGE, Unique Entity ID (DUNS in old extracts), Additional
// Comments, Cross-Reference, Prefix and Suffix, when printed.
func ParseSAMExtract(r io.ReaderAt, size int64, opts SAMOptions) (*List, error) {
	name := path.Base(strings.ReplaceAll(opts.FileName, `\`, "/"))
	if name == "." || name == "/" {
		name = "SAM extract"
	}
	date := opts.Date
	if date.IsZero() {
		d, err := SAMExtractDate(opts.FileName)
		if err != nil {
			return nil, err
		}
		date = d
	}
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, formatErr(name, 0, CodeArchive, "not a readable ZIP archive (truncated download?): %v", err)
	}
	var csvFile *zip.File
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || !strings.EqualFold(path.Ext(f.Name), ".csv") {
			continue
		}
		if csvFile != nil {
			return nil, formatErr(name, 0, CodeArchive, "holds more than one CSV (%s and %s)", csvFile.Name, f.Name)
		}
		csvFile = f
	}
	if csvFile == nil {
		return nil, formatErr(name, 0, CodeArchive, "holds no CSV file")
	}
	rc, err := csvFile.Open()
	if err != nil {
		return nil, formatErr(name, 0, CodeArchive, "cannot open %s: %v", csvFile.Name, err)
	}
	defer rc.Close()
	list, err := parseSAMCSV(name+"/"+csvFile.Name, rc)
	if err != nil {
		return nil, err
	}
	list.Date = date
	return list, nil
}

// samColumns are the positions of the fields read, per header variant.
type samColumns struct {
	n                                                           int
	class, name, prefix, first, middle, last, suffix            int
	addr                                                        [4]int
	city, state, country, zip                                   int
	uei                                                         int
	ueiName                                                     string
	program, agency, ctCode, exclType, comments                 int
	active, termination, status, crossRef, samNumber, cage, npi int
	creation                                                    int // -1 when absent
}

func samColumnsFor(header []string) (samColumns, bool) {
	switch {
	case sameStrings(header, samHeader):
	case sameStrings(header, samDUNSHeader), sameStrings(header, samDUNSHeader[:len(samDUNSHeader)-1]):
	default:
		return samColumns{}, false
	}
	idx := map[string]int{}
	for i, h := range header {
		idx[h] = i
	}
	c := samColumns{
		n: len(header), class: idx["Classification"], name: idx["Name"], prefix: idx["Prefix"], first: idx["First"],
		middle: idx["Middle"], last: idx["Last"], suffix: idx["Suffix"],
		addr: [4]int{idx["Address 1"], idx["Address 2"], idx["Address 3"], idx["Address 4"]},
		city: idx["City"], state: idx["State / Province"], country: idx["Country"], zip: idx["Zip Code"],
		program: idx["Exclusion Program"], agency: idx["Excluding Agency"], ctCode: idx["CT Code"],
		exclType: idx["Exclusion Type"], comments: idx["Additional Comments"], active: idx["Active Date"],
		termination: idx["Termination Date"], status: idx["Record Status"], crossRef: idx["Cross-Reference"],
		samNumber: idx["SAM Number"], cage: idx["CAGE"], npi: idx["NPI"], creation: -1,
	}
	if i, ok := idx["Unique Entity ID"]; ok {
		c.uei, c.ueiName = i, "Unique Entity ID"
	} else {
		c.uei, c.ueiName = idx["DUNS"], "DUNS"
	}
	if i, ok := idx["Creation_Date"]; ok {
		c.creation = i
	}
	return c, true
}

func parseSAMCSV(file string, r io.Reader) (*List, error) {
	f := newCSVFile(file, r)
	head, err := f.header()
	if err != nil {
		return nil, samReadErr(file, err)
	}
	cols, ok := samColumnsFor(head)
	if !ok {
		if err := checkHeader(file, head, samHeader); err != nil {
			return nil, err
		}
		return nil, formatErr(file, 1, CodeHeader, "header is not a SAM extract's")
	}
	list := &List{Registry: SAM}
	// bySAM finds the record a repeated SAM Number merges into.
	bySAM := map[string]int{}
	seen := map[string]int{}
	err = f.rows(cols.n, func(rec []string, line int) error {
		list.Rows++
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
		}
		row, err := samRecord(file, line, rec, cols)
		if err != nil || row == nil {
			return err
		}
		if i, ok := bySAM[row.SourceID]; ok && list.Records[i].Name == row.Name {
			mergeRecord(&list.Records[i], row)
			return nil
		}
		row.SourceID = uniqueID(seen, row.SourceID)
		bySAM[row.SourceID] = len(list.Records)
		list.Records = append(list.Records, *row)
		return nil
	})
	if err != nil {
		// The rows' own errors are FormatErrors already.
		return nil, samReadErr(file, err)
	}
	if len(list.Records) == 0 {
		return nil, formatErr(file, 0, CodeNoIndividuals, "no individuals in %d data rows", list.Rows)
	}
	return list, nil
}

// samReadErr turns the ZIP reader's failures (bad checksum, corrupt
// deflate stream, truncated member) into a FormatError.
func samReadErr(file string, err error) error {
	var fe *FormatError
	if errors.As(err, &fe) {
		return err
	}
	return formatErr(file, 0, CodeArchive, "cannot read the archive's CSV: %v", errors.Unwrap(err))
}

func samRecord(file string, line int, rec []string, c samColumns) (*Record, error) {
	class := rec[c.class]
	switch class {
	case SAMIndividual, SAMFirm, SAMVessel, SAMSpecial:
	default:
		return nil, formatErr(file, line, CodeValue, "Classification %q is not Individual, Firm, Vessel or Special Entity Designation", class)
	}
	samNumber := rec[c.samNumber]
	if samNumber == "" {
		return nil, formatErr(file, line, CodeValue, "empty SAM Number")
	}
	active, err := samDate(file, line, "Active Date", rec[c.active], false)
	if err != nil {
		return nil, err
	}
	termination, err := samDate(file, line, "Termination Date", rec[c.termination], true)
	if err != nil {
		return nil, err
	}
	if c.creation >= 0 && rec[c.creation] != "" {
		if _, ok := parseDigitsDate(rec[c.creation], "YYYY-MM-DD"); !ok {
			return nil, formatErr(file, line, CodeDate, "Creation_Date %q is not a YYYY-MM-DD date", rec[c.creation])
		}
	}
	npi, ok := validNPI(rec[c.npi])
	if !ok {
		return nil, formatErr(file, line, CodeValue, "NPI %q is not 10 digits", rec[c.npi])
	}
	if class != SAMIndividual {
		return nil, nil
	}
	n := Name{First: rec[c.first], Middle: rec[c.middle], Last: rec[c.last]}
	if n.First == "" && n.Last == "" {
		if rec[c.name] == "" {
			return nil, formatErr(file, line, CodeValue, "Individual %s has no name", samNumber)
		}
		// Some individuals carry only the whole name.
		n = NameFromReadingOrder(rec[c.name])
	}
	r := &Record{SourceID: samNumber, Name: n, NPI: npi, Details: map[string]string{}}
	var lines []string
	for _, i := range c.addr {
		if rec[i] != "" {
			lines = append(lines, rec[i])
		}
	}
	if a := (Address{Line1: strings.Join(lines, ", "), City: rec[c.city], State: rec[c.state], Zip: rec[c.zip], Country: rec[c.country]}); a != (Address{}) {
		r.Addresses = []Address{a}
	}
	for _, alias := range parseCrossReference(rec[c.crossRef]) {
		r.Aliases = append(r.Aliases, Alias{Name: alias, Type: "cross_reference"})
	}
	put := func(k, v string) {
		if v != "" {
			r.Details[k] = v
		}
	}
	put("Exclusion Program", rec[c.program])
	put("Excluding Agency", rec[c.agency])
	put("CT Code", rec[c.ctCode])
	put("Exclusion Type", rec[c.exclType])
	put("Active Date", active)
	put("Termination Date", termination)
	put("Record Status", rec[c.status])
	put("SAM Number", samNumber)
	put("CAGE", rec[c.cage])
	put(c.ueiName, rec[c.uei])
	put("Additional Comments", rec[c.comments])
	put("Cross-Reference", rec[c.crossRef])
	put("Prefix", rec[c.prefix])
	put("Suffix", rec[c.suffix])
	return r, nil
}

// samDate validates MM/DD/YYYY (or "Indefinite" where allowed) and renders
// it YYYY-MM-DD.
func samDate(file string, line int, field, v string, indefinite bool) (string, error) {
	if v == "" {
		return "", nil
	}
	if indefinite && strings.EqualFold(v, "Indefinite") {
		return "Indefinite", nil
	}
	t, ok := parseDigitsDate(v, "MM/DD/YYYY")
	if !ok {
		want := "an MM/DD/YYYY date"
		if indefinite {
			want += " or Indefinite"
		}
		return "", formatErr(file, line, CodeDate, "%s %q is not %s", field, v, want)
	}
	return isoDate(t), nil
}

// mergeRecord folds a repeated SAM Number's row into the first one.
func mergeRecord(dst, src *Record) {
	for _, a := range src.Aliases {
		if !containsAlias(dst.Aliases, a) {
			dst.Aliases = append(dst.Aliases, a)
		}
	}
	for _, a := range src.Addresses {
		if !containsAddress(dst.Addresses, a) {
			dst.Addresses = append(dst.Addresses, a)
		}
	}
	if dst.NPI == "" {
		dst.NPI = src.NPI
	}
	for k, v := range src.Details {
		old, ok := dst.Details[k]
		switch {
		case !ok:
			dst.Details[k] = v
		case !containsPart(old, v):
			dst.Details[k] = old + "; " + v
		}
	}
}

func containsAlias(as []Alias, a Alias) bool {
	for _, x := range as {
		if x == a {
			return true
		}
	}
	return false
}

func containsAddress(as []Address, a Address) bool {
	for _, x := range as {
		if x == a {
			return true
		}
	}
	return false
}

func containsPart(joined, v string) bool {
	for _, p := range strings.Split(joined, "; ") {
		if p == v {
			return true
		}
	}
	return false
}

// organizationWords mark a cross-referenced name as a firm's: SAM links
// people with their companies ("(also TERRA KLEAN SOLUTIONS INC.)"), and a
// company's name is not a name a candidate can carry.
var organizationWords = map[string]bool{
	"LLC": true, "L.L.C.": true, "INC": true, "INC.": true, "CORP": true, "CORP.": true, "CORPORATION": true,
	"CO": true, "CO.": true, "COMPANY": true, "LTD": true, "LTD.": true, "LP": true, "LLP": true, "PC": true,
	"P.C.": true, "PLLC": true, "P.A.": true, "DBA": true, "D/B/A": true, "SERVICES": true, "SERVICE": true,
	"SOLUTIONS": true, "GROUP": true, "CONSTRUCTION": true, "ENTERPRISES": true, "HOLDINGS": true,
	"PHARMACY": true, "CLINIC": true, "MEDICAL": true, "HEALTH": true, "HEALTHCARE": true, "CENTER": true,
	"ASSOCIATES": true, "INTERNATIONAL": true, "TRADING": true, "INDUSTRIES": true, "TECHNOLOGIES": true,
	"SYSTEMS": true, "&": true, "S.A.": true, "SA": true, "GMBH": true, "LIMITED": true, "TRUST": true,
	"FOUNDATION": true, "SUPPLY": true, "CONSULTING": true, "MANAGEMENT": true, "PARTNERS": true, "AGENCY": true,
}

// corporateTails are the pieces after a comma that belong to a firm's name
// ("VMC CONSTRUCTION, LLC") rather than start another name.
var corporateTails = map[string]bool{"LLC": true, "L.L.C.": true, "INC": true, "INC.": true, "LTD": true, "LTD.": true,
	"CORP": true, "CORP.": true, "CO": true, "CO.": true, "LP": true, "LLP": true, "PC": true, "P.C.": true, "PLLC": true,
	"P.A.": true, "PA": true, "S.A.": true, "JR": true, "JR.": true, "SR": true, "SR.": true, "II": true, "III": true, "IV": true}

// parseCrossReference reads SAM's Cross-Reference: one or more "(also …)"
// groups, each holding one or more names in reading order separated by
// commas; text outside such groups is read as one more group.
func parseCrossReference(s string) []Name {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	var groups []string
	for s != "" {
		i := strings.Index(strings.ToLower(s), "(also ")
		if i < 0 {
			groups = append(groups, strings.Trim(s, " ()"))
			break
		}
		if pre := strings.Trim(s[:i], " ()"); pre != "" {
			groups = append(groups, pre)
		}
		rest := s[i+len("(also "):]
		j := strings.IndexByte(rest, ')')
		if j < 0 {
			groups = append(groups, strings.TrimSpace(rest))
			break
		}
		groups = append(groups, strings.TrimSpace(rest[:j]))
		s = strings.TrimSpace(rest[j+1:])
	}
	var out []Name
	for _, g := range groups {
		for _, full := range splitCrossNames(g) {
			if isOrganization(full) {
				continue
			}
			if n := NameFromReadingOrder(full); n.Last != "" {
				out = append(out, n)
			}
		}
	}
	return out
}

func splitCrossNames(g string) []string {
	var names []string
	for _, p := range strings.Split(g, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if len(names) > 0 && corporateTails[strings.ToUpper(p)] {
			names[len(names)-1] += ", " + p
			continue
		}
		names = append(names, p)
	}
	return names
}

func isOrganization(full string) bool {
	for _, w := range strings.Fields(strings.ReplaceAll(full, ",", " ")) {
		if organizationWords[strings.ToUpper(w)] {
			return true
		}
	}
	return false
}
