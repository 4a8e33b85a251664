package registry

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// The legacy OFAC CSV set's file names.
const (
	OFACSDNFile      = "sdn.csv"
	OFACAltFile      = "alt.csv"
	OFACAddFile      = "add.csv"
	OFACCommentsFile = "sdn_comments.csv"
	OFACXMLFile      = "SDN.XML"
)

// ofacEOF ends every file of the legacy CSV set; a file without it was cut
// short in transit.
const ofacEOF = 0x1A

// OFACFiles are the readers of one edition of the legacy CSV set. All four
// are required: Remarks over 1,000 characters continue in sdn_comments.csv,
// and reading sdn.csv without it would silently drop the dates of birth and
// a.k.a.s at the end of the longest remarks.
type OFACFiles struct {
	SDN      io.Reader // sdn.csv
	Alt      io.Reader // alt.csv
	Add      io.Reader // add.csv
	Comments io.Reader // sdn_comments.csv
}

// OFAC SDN_Type values (an entity's is empty, "-0- ").
const (
	OFACIndividual = "individual"
	OFACVessel     = "vessel"
	OFACAircraft   = "aircraft"
)

type ofacEntry struct {
	line    int
	typ     string
	rec     []string // the sdn.csv fields, "-0- " already emptied
	remarks strings.Builder
	aliases []Alias
	addrs   []Address
}

// ParseOFAC reads the legacy SDN CSV set. listDate is Publish_Date of the
// same edition's SDN.XML (ReadOFACPublishDate).
//
// Each file must end with the 0x1A byte (else it was truncated); "-0- "
// (and a bare "-0-") is an empty value; line ends may be CRLF or LF. Every
// row of every file is validated: column count (sdn 12, alt 5, add 6,
// comments 2), ent_num a number, unique in sdn.csv and known to sdn.csv in
// the other three (a row naming an unknown ent_num means the files come
// from different editions, and the set is refused), SDN_Type and alt_type
// known values. Only SDN_Type individual becomes a Record (SourceID
// ent_num): SDN_Name "LAST, First Middle"; alt.csv names become aka, fka
// or nka aliases; add.csv rows Addresses (city_state_zip split best-effort);
// Remarks, joined with their sdn_comments.csv continuation, give every DOB
// at its precision, the weak a.k.a.s (remark_aka, Weak) and the Details
// POB, Nationality, Citizen and Gender beside Program, Title and Remarks.
func ParseOFAC(files OFACFiles, listDate time.Time) (*List, error) {
	if listDate.IsZero() {
		return nil, errors.New("registry: ParseOFAC needs the list's date (SDN.XML Publish_Date)")
	}
	for _, f := range []struct {
		name string
		r    io.Reader
	}{{OFACSDNFile, files.SDN}, {OFACAltFile, files.Alt}, {OFACAddFile, files.Add}, {OFACCommentsFile, files.Comments}} {
		if f.r == nil {
			return nil, fmt.Errorf("registry: ParseOFAC needs %s", f.name)
		}
	}
	entries := map[int]*ofacEntry{}
	var order []int
	err := readOFACFile(OFACSDNFile, files.SDN, 12, func(rec []string, line int) error {
		num, err := entNum(OFACSDNFile, line, rec[0])
		if err != nil {
			return err
		}
		if prev, ok := entries[num]; ok {
			return formatErr(OFACSDNFile, line, CodeDuplicate, "ent_num %d already on line %d", num, prev.line)
		}
		for i := 0; i < 11; i++ {
			rec[i] = strings.TrimSpace(rec[i])
		}
		typ := strings.ToLower(rec[2])
		switch typ {
		case "", OFACIndividual, OFACVessel, OFACAircraft:
		default:
			return formatErr(OFACSDNFile, line, CodeValue, "ent_num %d: SDN_Type %q is not individual, vessel, aircraft or -0-", num, rec[2])
		}
		if rec[1] == "" {
			return formatErr(OFACSDNFile, line, CodeValue, "ent_num %d: empty SDN_Name", num)
		}
		e := &ofacEntry{line: line, typ: typ, rec: append([]string(nil), rec...)}
		e.remarks.WriteString(rec[11])
		entries[num] = e
		order = append(order, num)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The other three files add to sdn.csv's entries, named by ent_num.
	for _, f := range []struct {
		name    string
		r       io.Reader
		columns int
		row     func(e *ofacEntry, rec []string, line int) error
	}{
		{OFACCommentsFile, files.Comments, 2, func(e *ofacEntry, rec []string, _ int) error {
			e.remarks.WriteString(rec[1])
			return nil
		}},
		{OFACAltFile, files.Alt, 5, func(e *ofacEntry, rec []string, line int) error {
			rec = trimAll(rec)
			typ := strings.ToLower(strings.ReplaceAll(rec[2], ".", ""))
			switch typ {
			case "aka", "fka", "nka":
			default:
				return formatErr(OFACAltFile, line, CodeValue, "ent_num %s: alt_type %q is not aka, fka or nka", rec[0], rec[2])
			}
			if e.typ == OFACIndividual && rec[3] != "" {
				e.aliases = append(e.aliases, Alias{Name: NameFromLastFirst(rec[3]), Type: typ})
			}
			return nil
		}},
		{OFACAddFile, files.Add, 6, func(e *ofacEntry, rec []string, _ int) error {
			rec = trimAll(rec)
			if e.typ != OFACIndividual || (rec[2] == "" && rec[3] == "" && rec[4] == "") {
				return nil
			}
			city, state, zip := splitCityStateZip(rec[3])
			e.addrs = append(e.addrs, Address{Line1: rec[2], City: city, State: state, Zip: zip, Country: rec[4]})
			return nil
		}},
	} {
		err := readOFACFile(f.name, f.r, f.columns, func(rec []string, line int) error {
			num, err := entNum(f.name, line, rec[0])
			if err != nil {
				return err
			}
			e, ok := entries[num]
			if !ok {
				return formatErr(f.name, line, CodeUnknownRef, "ent_num %d is not in %s (files of different editions?)", num, OFACSDNFile)
			}
			return f.row(e, rec, line)
		})
		if err != nil {
			return nil, err
		}
	}
	list := &List{Registry: OFAC, Date: listDate, Rows: len(order)}
	for _, num := range order {
		e := entries[num]
		if e.typ != OFACIndividual {
			continue
		}
		r, err := ofacRecord(num, e)
		if err != nil {
			return nil, err
		}
		list.Records = append(list.Records, r)
	}
	if len(list.Records) == 0 {
		return nil, formatErr(OFACSDNFile, 0, CodeNoIndividuals, "no individuals in %d entries", list.Rows)
	}
	return list, nil
}

func ofacRecord(num int, e *ofacEntry) (Record, error) {
	remarks := strings.TrimSpace(e.remarks.String())
	r := Record{
		SourceID:  strconv.Itoa(num),
		Name:      NameFromLastFirst(e.rec[1]),
		Aliases:   e.aliases,
		Addresses: e.addrs,
		Details:   map[string]string{},
	}
	facts, err := parseRemarks(remarks)
	if err != nil {
		return Record{}, formatErr(OFACSDNFile, e.line, CodeDate, "ent_num %d: %v", num, err)
	}
	r.DOBs = facts.DOBs
	for _, aka := range facts.AKAs {
		r.Aliases = append(r.Aliases, Alias{Name: NameFromLastFirst(aka), Type: "remark_aka", Weak: true})
	}
	put := func(k, v string) {
		if v != "" {
			r.Details[k] = v
		}
	}
	put("Program", e.rec[3])
	put("Title", e.rec[4])
	put("Remarks", remarks)
	put("POB", strings.Join(facts.POB, "; "))
	put("Nationality", strings.Join(facts.Nationality, "; "))
	put("Citizen", strings.Join(facts.Citizen, "; "))
	put("Gender", facts.Gender)
	return r, nil
}

// readOFACFile checks the 0x1A end byte and calls row for each record with
// its fields trimmed of "-0- ".
func readOFACFile(name string, r io.Reader, columns int, row func(rec []string, line int) error) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("registry: reading %s: %w", name, err)
	}
	if len(data) == 0 {
		return formatErr(name, 0, CodeTruncated, "empty file (no 0x1A end byte)")
	}
	if data[len(data)-1] != ofacEOF {
		return formatErr(name, 0, CodeTruncated, "does not end with the 0x1A byte: the file is truncated")
	}
	data = data[:len(data)-1]
	if i := bytes.IndexByte(data, ofacEOF); i >= 0 {
		return formatErr(name, bytes.Count(data[:i], []byte{'\n'})+1, CodeValue, "0x1A byte before the end of the file")
	}
	return newCSVFile(name, bytes.NewReader(data)).rows(columns, func(rec []string, line int) error {
		for i, v := range rec {
			rec[i] = ofacValue(v)
		}
		return row(rec, line)
	})
}

// ofacValue empties the list's placeholder "-0- ". Other values keep their
// spaces: Remarks are cut at 1,000 characters wherever that falls, and the
// space at the cut belongs to the text joined with sdn_comments.csv.
func ofacValue(v string) string {
	if strings.TrimSpace(v) == "-0-" {
		return ""
	}
	return v
}

func entNum(file string, line int, s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n <= 0 {
		return 0, formatErr(file, line, CodeValue, "ent_num %q is not a positive number", s)
	}
	return n, nil
}

// splitCityStateZip reads add.csv's city_state_zip best-effort: "Miami, FL
// 33101", "Caracas", "Moscow 123456", "London W1K 7BP". A trailing token
// with a digit (and, for a token after a comma, a UK/Canadian-style second
// half) is the postal code; after a comma the rest is the state or region.
func splitCityStateZip(s string) (city, state, zip string) {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "", "", ""
	}
	head, tail := s, ""
	if i := strings.LastIndexByte(s, ','); i >= 0 {
		head, tail = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
	}
	takeZip := func(words []string) ([]string, string) {
		n := len(words)
		if n == 0 || !hasDigit(words[n-1]) {
			return words, ""
		}
		// "W1K 7BP", "H3A 1B9": two short alphanumeric halves.
		if n >= 2 && hasDigit(words[n-2]) && len(words[n-2]) <= 4 && len(words[n-1]) <= 4 {
			return words[:n-2], words[n-2] + " " + words[n-1]
		}
		return words[:n-1], words[n-1]
	}
	if tail != "" {
		rest, z := takeZip(strings.Fields(tail))
		return head, strings.Join(rest, " "), z
	}
	words := strings.Fields(head)
	if len(words) > 1 {
		rest, z := takeZip(words)
		if len(rest) > 0 {
			return strings.Join(rest, " "), "", z
		}
	}
	return head, "", ""
}

func hasDigit(s string) bool {
	return strings.ContainsAny(s, "0123456789")
}

// ReadOFACPublishDate reads publshInformation/Publish_Date (MM/DD/YYYY)
// from SDN.XML, streaming and stopping there: the entries that follow are
// neither read nor held.
func ReadOFACPublishDate(r io.Reader) (time.Time, error) {
	d := xml.NewDecoder(r)
	inPublish := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return time.Time{}, formatErr(OFACXMLFile, 0, CodeTruncated, "no publshInformation/Publish_Date")
		}
		if err != nil {
			return time.Time{}, formatErr(OFACXMLFile, 0, CodeValue, "malformed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch {
			case t.Name.Local == "publshInformation":
				inPublish = true
			case inPublish && t.Name.Local == "Publish_Date":
				var s string
				if err := d.DecodeElement(&s, &t); err != nil {
					return time.Time{}, formatErr(OFACXMLFile, 0, CodeValue, "malformed Publish_Date: %v", err)
				}
				day, ok := parseDigitsDate(strings.TrimSpace(s), "MM/DD/YYYY")
				if !ok {
					return time.Time{}, formatErr(OFACXMLFile, 0, CodeDate, "Publish_Date %q is not an MM/DD/YYYY date", s)
				}
				return day, nil
			case t.Name.Local == "sdnEntry":
				if err := d.Skip(); err != nil {
					return time.Time{}, formatErr(OFACXMLFile, 0, CodeValue, "malformed XML: %v", err)
				}
			}
		case xml.EndElement:
			if t.Name.Local == "publshInformation" {
				inPublish = false
			}
		}
	}
}
