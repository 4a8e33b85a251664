package registry

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"time"
)

// LEIEFileName is the full LEIE download; the monthly supplements
// (YYMMexcl.csv, YYMMrein.csv) share its header.
const LEIEFileName = "UPDATED.csv"

// LEIEHeader is the header row of UPDATED.csv.
func LEIEHeader() []string { return append([]string(nil), leieHeader...) }

var leieHeader = []string{"LASTNAME", "FIRSTNAME", "MIDNAME", "BUSNAME", "GENERAL", "SPECIALTY", "UPIN", "NPI", "DOB",
	"ADDRESS", "CITY", "STATE", "ZIP", "EXCLTYPE", "EXCLDATE", "REINDATE", "WAIVERDATE", "WVRSTATE"}

const (
	leieLast = iota
	leieFirst
	leieMid
	leieBus
	leieGeneral
	leieSpecialty
	leieUPIN
	leieNPI
	leieDOB
	leieAddress
	leieCity
	leieState
	leieZip
	leieExclType
	leieExclDate
	leieReinDate
	leieWaiverDate
	leieWvrState
)

// LEIEIdentity is what identifies an LEIE row, which has no id of its own:
// the fields a later edition does not rewrite (addresses and reinstatement
// or waiver dates may change, the person and the exclusion do not).
type LEIEIdentity struct {
	LastName, FirstName, MidName, BusName string
	UPIN, NPI, DOB                        string
	ExclType, ExclDate                    string
}

// SourceID is the stable hash the parser gives the row (16 hex digits of a
// SHA-256 over the fields as printed, NPI "0000000000" included). A second
// row with the same identity gets "-2" appended, and so on.
func (id LEIEIdentity) SourceID() string {
	h := sha256.New()
	for _, f := range []string{id.LastName, id.FirstName, id.MidName, id.BusName, id.UPIN, id.NPI, id.DOB, id.ExclType, id.ExclDate} {
		h.Write([]byte(f))
		h.Write([]byte{0x1F})
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// ParseLEIE reads the LEIE's UPDATED.csv (or a monthly supplement, which
// shares its layout). listDate is the download's Last-Modified, the file
// carrying no date of its own.
//
// Every row is validated (18 fields, dates YYYYMMDD with "00000000" or empty
// for an absent REINDATE/WAIVERDATE and an empty or zero DOB for an unknown
// one, NPI 10 digits); rows with a FIRSTNAME or LASTNAME are individuals and
// become Records, rows with only a BUSNAME are entities and are only counted.
// Record.Details carry GENERAL, SPECIALTY, EXCLTYPE, EXCLDATE, REINDATE,
// WAIVERDATE (dates as YYYY-MM-DD), WVRSTATE, UPIN when printed, and BUSNAME
// and Suffix (a JR/SR/II/III/IV split off LASTNAME) when present.
func ParseLEIE(r io.Reader, listDate time.Time) (*List, error) {
	if listDate.IsZero() {
		return nil, errors.New("registry: ParseLEIE needs the list's date (the download's Last-Modified)")
	}
	f := newCSVFile(LEIEFileName, r)
	head, err := f.header()
	if err != nil {
		return nil, err
	}
	if err := checkHeader(LEIEFileName, head, leieHeader); err != nil {
		return nil, err
	}
	list := &List{Registry: OIGExclusion, Date: listDate}
	seen := map[string]int{}
	err = f.rows(len(leieHeader), func(rec []string, line int) error {
		list.Rows++
		row, err := leieRecord(rec, line)
		if err != nil || row == nil {
			return err
		}
		row.SourceID = uniqueID(seen, row.SourceID)
		list.Records = append(list.Records, *row)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(list.Records) == 0 {
		return nil, formatErr(LEIEFileName, 0, CodeNoIndividuals, "no individuals in %d data rows", list.Rows)
	}
	return list, nil
}

// leieRecord validates one data row and returns its individual, or nil for
// an entity.
func leieRecord(rec []string, line int) (*Record, error) {
	for i := range rec {
		rec[i] = strings.TrimSpace(rec[i])
	}
	last, first, mid, bus := rec[leieLast], rec[leieFirst], rec[leieMid], rec[leieBus]
	if last == "" && first == "" && bus == "" {
		return nil, formatErr(LEIEFileName, line, CodeValue, "row has neither a person's name nor a BUSNAME")
	}
	exclDate, ok := parseDigitsDate(rec[leieExclDate], "YYYYMMDD")
	if !ok {
		return nil, formatErr(LEIEFileName, line, CodeDate, "EXCLDATE %q is not a YYYYMMDD date", rec[leieExclDate])
	}
	optional := func(col int, name string) (string, error) {
		v := rec[col]
		if v == "" || v == "00000000" {
			return "", nil
		}
		t, ok := parseDigitsDate(v, "YYYYMMDD")
		if !ok {
			return "", formatErr(LEIEFileName, line, CodeDate, "%s %q is not a YYYYMMDD date or 00000000", name, v)
		}
		return isoDate(t), nil
	}
	rein, err := optional(leieReinDate, "REINDATE")
	if err != nil {
		return nil, err
	}
	waiver, err := optional(leieWaiverDate, "WAIVERDATE")
	if err != nil {
		return nil, err
	}
	var dob time.Time
	if v := rec[leieDOB]; v != "" && v != "00000000" {
		if dob, ok = parseDigitsDate(v, "YYYYMMDD"); !ok {
			return nil, formatErr(LEIEFileName, line, CodeDate, "DOB %q is not a YYYYMMDD date", v)
		}
	}
	npi, ok := validNPI(rec[leieNPI])
	if !ok {
		return nil, formatErr(LEIEFileName, line, CodeValue, "NPI %q is not 10 digits", rec[leieNPI])
	}
	if last == "" && first == "" {
		return nil, nil
	}
	id := LEIEIdentity{LastName: last, FirstName: first, MidName: mid, BusName: bus, UPIN: rec[leieUPIN],
		NPI: rec[leieNPI], DOB: rec[leieDOB], ExclType: rec[leieExclType], ExclDate: rec[leieExclDate]}
	surname, suffix := splitSuffix(last)
	r := &Record{
		SourceID: id.SourceID(),
		Name:     Name{First: first, Middle: mid, Last: surname},
		NPI:      npi,
		Details:  map[string]string{},
	}
	if !dob.IsZero() {
		r.DOBs = []PartialDate{{Year: dob.Year(), Month: int(dob.Month()), Day: dob.Day(), Precision: PrecisionDay, Text: rec[leieDOB]}}
	}
	if a := (Address{Line1: rec[leieAddress], City: rec[leieCity], State: rec[leieState], Zip: rec[leieZip]}); a != (Address{}) {
		r.Addresses = []Address{a}
	}
	put := func(k, v string) {
		if v != "" {
			r.Details[k] = v
		}
	}
	put("GENERAL", rec[leieGeneral])
	put("SPECIALTY", rec[leieSpecialty])
	put("EXCLTYPE", rec[leieExclType])
	put("EXCLDATE", isoDate(exclDate))
	put("REINDATE", rein)
	put("WAIVERDATE", waiver)
	put("WVRSTATE", rec[leieWvrState])
	put("UPIN", rec[leieUPIN])
	put("BUSNAME", bus)
	put("Suffix", suffix)
	return r, nil
}
