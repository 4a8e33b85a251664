package registry

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

type ofacSet struct{ sdn, alt, add, comments []byte }

func ofacFixture(t *testing.T) ofacSet {
	return ofacSet{
		sdn:      readFixture(t, "testdata/ofac/sdn.csv"),
		alt:      readFixture(t, "testdata/ofac/alt.csv"),
		add:      readFixture(t, "testdata/ofac/add.csv"),
		comments: readFixture(t, "testdata/ofac/sdn_comments.csv"),
	}
}

func (s ofacSet) files() OFACFiles {
	return OFACFiles{SDN: bytes.NewReader(s.sdn), Alt: bytes.NewReader(s.alt), Add: bytes.NewReader(s.add), Comments: bytes.NewReader(s.comments)}
}

func TestParseOFACFixture(t *testing.T) {
	set := ofacFixture(t)
	if !bytes.HasSuffix(set.sdn, []byte("\r\n\x1a")) || !bytes.Contains(set.sdn, []byte("-0- ,")) {
		t.Fatal("fixture sdn.csv is not in the legacy format (CRLF, -0- , 0x1A)")
	}
	list, err := ParseOFAC(set.files(), fixtureDate)
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, list)
	if list.Rows != 7 || len(list.Records) != 4 {
		t.Fatalf("rows %d records %d; want 7 entries, 4 individuals", list.Rows, len(list.Records))
	}
	byID := map[string]Record{}
	for _, r := range list.Records {
		byID[r.SourceID] = r
	}
	abbas := byID["2674"]
	if abbas.Name != (Name{First: "Abu", Last: "ABBAS"}) || len(abbas.DOBs) != 2 || abbas.DOBs[0].String() != "1948-12-10" ||
		abbas.DOBs[1].Precision != PrecisionYear || abbas.Details["Title"] != "Director" || abbas.Details["POB"] != "Tunis, Tunisia" ||
		abbas.Details["Nationality"] != "Palestinian" || abbas.Details["Gender"] != "Male" {
		t.Errorf("ABBAS: %+v", abbas)
	}
	if len(abbas.Aliases) != 2 || abbas.Aliases[0] != (Alias{Name: Name{First: "Mohammed", Last: "ABBAS"}, Type: "aka"}) ||
		abbas.Aliases[1] != (Alias{Name: Name{First: "ABU", Last: "AL-ABBAS"}, Type: "remark_aka", Weak: true}) {
		t.Errorf("ABBAS aliases %+v", abbas.Aliases)
	}
	munoz := byID["7157"]
	if munoz.Name != (Name{First: "José", Middle: "Luis", Last: "MUÑOZ GARCÍA"}) || munoz.DOBs[0] != (PartialDate{Year: 1973, Month: 9, Precision: PrecisionMonth, Text: "Sep 1973"}) {
		t.Errorf("MUÑOZ: %+v", munoz)
	}
	if a := munoz.Addresses[0]; a != (Address{Line1: "Calle Rio Humaya 123", City: "Culiacan", State: "Sinaloa", Zip: "80000", Country: "Mexico"}) {
		t.Errorf("MUÑOZ address %+v", a)
	}
	rashid := byID["12345"]
	wantDOBs := []string{"circa 1960", "1960 to 1962", "1961-02-01"}
	if len(rashid.DOBs) != len(wantDOBs) {
		t.Fatalf("AL-RASHID DOBs %+v (continuation from sdn_comments.csv not joined?)", rashid.DOBs)
	}
	for i, d := range rashid.DOBs {
		if d.String() != wantDOBs[i] {
			t.Errorf("AL-RASHID DOB %d = %s, want %s", i, d, wantDOBs[i])
		}
	}
	if !strings.HasSuffix(rashid.Details["Remarks"], "a.k.a. 'AL-IRAQI, Abu Khalid'; Gender Male.") || len(rashid.Details["Remarks"]) <= 1000 {
		t.Errorf("remarks not continued: %q", rashid.Details["Remarks"])
	}
	var weak []Name
	for _, a := range rashid.Aliases {
		if a.Weak {
			weak = append(weak, a.Name)
		}
	}
	if len(weak) != 2 || weak[1] != (Name{First: "Abu", Middle: "Khalid", Last: "AL-IRAQI"}) || rashid.Aliases[0].Type != "fka" {
		t.Errorf("AL-RASHID aliases %+v", rashid.Aliases)
	}
	ivanova := byID["15555"]
	if len(ivanova.Addresses) != 2 || ivanova.Addresses[1] != (Address{City: "London", Zip: "W1K 7BP", Country: "United Kingdom"}) || ivanova.Aliases[0].Type != "nka" {
		t.Errorf("IVANOVA: %+v", ivanova)
	}
	checkGolden(t, "ofac.json", list)
}

func TestParseOFACAcceptsLFLineEnds(t *testing.T) {
	set := ofacFixture(t)
	set.sdn = bytes.ReplaceAll(set.sdn, []byte("\r\n"), []byte("\n"))
	if _, err := ParseOFAC(set.files(), fixtureDate); err != nil {
		t.Fatal(err)
	}
}

func TestParseOFACErrors(t *testing.T) {
	ent := func(num, typ, remarks string) string {
		return num + `,"DOE, John",` + typ + `,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,` + remarks + "\r\n"
	}
	end := "\x1a"
	// only replaces sdn.csv and empties the other files to match.
	only := func(sdn string) func(s *ofacSet) {
		return func(s *ofacSet) {
			s.sdn = []byte(sdn)
			s.alt, s.add, s.comments = []byte(end), []byte(end), []byte(end)
		}
	}
	for _, tc := range []struct {
		name   string
		edit   func(s *ofacSet)
		file   string
		line   int
		code   string
		reason string
	}{
		{"sdn without 0x1A", func(s *ofacSet) { s.sdn = s.sdn[:len(s.sdn)-1] }, OFACSDNFile, 0, CodeTruncated, "does not end with the 0x1A byte: the file is truncated"},
		{"sdn cut mid-line", func(s *ofacSet) { s.sdn = s.sdn[:len(s.sdn)/2] }, OFACSDNFile, 0, CodeTruncated, "does not end with the 0x1A byte"},
		{"alt without 0x1A", func(s *ofacSet) { s.alt = s.alt[:len(s.alt)-1] }, OFACAltFile, 0, CodeTruncated, "does not end with the 0x1A byte"},
		{"add without 0x1A", func(s *ofacSet) { s.add = bytes.TrimSuffix(s.add, []byte{0x1a}) }, OFACAddFile, 0, CodeTruncated, "does not end with the 0x1A byte"},
		{"comments empty", func(s *ofacSet) { s.comments = nil }, OFACCommentsFile, 0, CodeTruncated, "empty file (no 0x1A end byte)"},
		{"0x1A inside", only(ent("1", `"individual"`, `"DOB 1950"`) + end + ent("2", `"individual"`, "-0- ") + end), OFACSDNFile, 2, CodeValue, "0x1A byte before the end of the file"},
		{"short row", only(ent("1", `"individual"`, "-0- ") + `2,"DOE, Jane","individual"` + "\r\n" + end), OFACSDNFile, 2, CodeColumnCount, "3 fields, want 12"},
		{"alt row short", func(s *ofacSet) { s.alt = []byte(`2674,1,"aka","ABBAS, Mohammed"` + "\r\n" + end) }, OFACAltFile, 1, CodeColumnCount, "4 fields, want 5"},
		{"unterminated quote", only(ent("1", `"individual"`, `"DOB 1950`) + end), OFACSDNFile, 1, CodeQuoting, "unterminated"},
		{"bad ent_num", only(ent("A12", `"individual"`, "-0- ") + end), OFACSDNFile, 1, CodeValue, `ent_num "A12" is not a positive number`},
		{"duplicate ent_num", only(ent("7", `"individual"`, "-0- ") + ent("7", `"individual"`, "-0- ") + end), OFACSDNFile, 2, CodeDuplicate, "ent_num 7 already on line 1"},
		{"unknown SDN_Type", only(ent("7", `"person"`, "-0- ") + end), OFACSDNFile, 1, CodeValue, `ent_num 7: SDN_Type "person" is not individual, vessel, aircraft or -0-`},
		{"alt names unknown ent_num", func(s *ofacSet) {
			s.alt = append(bytes.TrimSuffix(s.alt, []byte(end)), []byte(`99999,5,"aka","DOE, Jim",-0- `+"\r\n"+end)...)
		}, OFACAltFile, 7, CodeUnknownRef, "ent_num 99999 is not in sdn.csv"},
		{"add names unknown ent_num", func(s *ofacSet) { s.add = []byte(`4,5,-0- ,"Havana","Cuba",-0- ` + "\r\n" + end) }, OFACAddFile, 1, CodeUnknownRef, "ent_num 4 is not in sdn.csv"},
		{"comments name unknown ent_num", func(s *ofacSet) { s.comments = []byte(`4,"more remarks"` + "\r\n" + end) }, OFACCommentsFile, 1, CodeUnknownRef, "ent_num 4 is not in sdn.csv"},
		{"unknown alt_type", func(s *ofacSet) { s.alt = []byte(`2674,1,"alias","ABBAS, Mohammed",-0- ` + "\r\n" + end) }, OFACAltFile, 1, CodeValue, `alt_type "alias" is not aka, fka or nka`},
		{"impossible DOB", only(ent("7", `"individual"`, `"DOB 31 Feb 1965; Gender Male."`) + end), OFACSDNFile, 1, CodeDate, `ent_num 7: DOB "31 Feb 1965": 31 Feb 1965 is not a calendar date`},
		{"unreadable DOB", only(ent("7", `"individual"`, `"DOB 1965-02-03."`) + end), OFACSDNFile, 1, CodeDate, `ent_num 7: DOB "1965-02-03"`},
		{"backwards range", only(ent("7", `"individual"`, `"DOB 1962 to 1960."`) + end), OFACSDNFile, 1, CodeDate, "range ends before it starts"},
		{"entities only", only(ent("7", "-0- ", "-0- ") + end), OFACSDNFile, 0, CodeNoIndividuals, "no individuals in 1 entries"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set := ofacFixture(t)
			tc.edit(&set)
			_, err := ParseOFAC(set.files(), fixtureDate)
			wantFormatError(t, err, tc.file, tc.line, tc.code, tc.reason)
		})
	}
}

func TestParseOFACNeedsEveryFileAndDate(t *testing.T) {
	set := ofacFixture(t)
	files := set.files()
	files.Comments = nil
	if _, err := ParseOFAC(files, fixtureDate); err == nil || !strings.Contains(err.Error(), "sdn_comments.csv") {
		t.Fatalf("missing comments: %v", err)
	}
	if _, err := ParseOFAC(set.files(), time.Time{}); err == nil || !strings.Contains(err.Error(), "Publish_Date") {
		t.Fatalf("missing date: %v", err)
	}
}

func TestParseRemarkDOB(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want PartialDate
		err  string
	}{
		{"12 Jan 1965", PartialDate{Year: 1965, Month: 1, Day: 12, Precision: PrecisionDay, Text: "12 Jan 1965"}, ""},
		{"05 Sep 1973.", PartialDate{Year: 1973, Month: 9, Day: 5, Precision: PrecisionDay, Text: "05 Sep 1973"}, ""},
		{"Sep 1973", PartialDate{Year: 1973, Month: 9, Precision: PrecisionMonth, Text: "Sep 1973"}, ""},
		{"1957", PartialDate{Year: 1957, Precision: PrecisionYear, Text: "1957"}, ""},
		{"circa 1960", PartialDate{Year: 1960, Precision: PrecisionCirca, Text: "circa 1960"}, ""},
		{"circa 01 Jan 1961", PartialDate{Year: 1961, Precision: PrecisionCirca, Text: "circa 01 Jan 1961"}, ""},
		{"1960 to 1962", PartialDate{Year: 1960, ToYear: 1962, Precision: PrecisionRange, Text: "1960 to 1962"}, ""},
		{"01 Jan 1960 to 31 Dec 1962", PartialDate{Year: 1960, ToYear: 1962, Precision: PrecisionRange, Text: "01 Jan 1960 to 31 Dec 1962"}, ""},
		{"circa 1979 to 1981", PartialDate{Year: 1979, ToYear: 1981, Precision: PrecisionRange, Text: "circa 1979 to 1981"}, ""},
		{"29 Feb 1965", PartialDate{}, "not a calendar date"},
		{"Sept 1973", PartialDate{Year: 1973, Month: 9, Precision: PrecisionMonth, Text: "Sept 1973"}, ""},
		{"Foo 1973", PartialDate{}, `"Foo" is not a month`},
		{"1st Jan 1965", PartialDate{}, `"1st" is not a day`},
		{"65", PartialDate{}, "not a four-digit year"},
		{"1 2 3 4", PartialDate{}, "is not a date"},
	} {
		got, err := parseRemarkDOB(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("parseRemarkDOB(%q) error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("parseRemarkDOB(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseRemarks(t *testing.T) {
	f, err := parseRemarks(`DOB 12 Jan 1965; alt. DOB 1966; POB Caracas, Venezuela; alt. POB Maracaibo, Venezuela; nationality Venezuela; citizen Spain; Gender Female; Passport D1234567 (Venezuela) issued 02 Jan 2010; a.k.a. "LA REINA"; a.k.a. 'MARY'.`)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.DOBs) != 2 || strings.Join(f.POB, "|") != "Caracas, Venezuela|Maracaibo, Venezuela" || f.Gender != "Female" ||
		strings.Join(f.Nationality, "|") != "Venezuela" || strings.Join(f.Citizen, "|") != "Spain" || strings.Join(f.AKAs, "|") != "LA REINA|MARY" {
		t.Fatalf("facts %+v", f)
	}
}

func TestSplitCityStateZip(t *testing.T) {
	for _, tc := range []struct{ in, city, state, zip string }{
		{"Miami, FL 33101", "Miami", "FL", "33101"},
		{"Miami, FL 33101-1234", "Miami", "FL", "33101-1234"},
		{"Caracas", "Caracas", "", ""},
		{"Moscow 125009", "Moscow", "", "125009"},
		{"London W1K 7BP", "London", "", "W1K 7BP"},
		{"Culiacan, Sinaloa", "Culiacan", "Sinaloa", ""},
		{"Panama City", "Panama City", "", ""},
		{"Montreal, Quebec H3A 1B9", "Montreal", "Quebec", "H3A 1B9"},
		{"", "", "", ""},
	} {
		c, s, z := splitCityStateZip(tc.in)
		if c != tc.city || s != tc.state || z != tc.zip {
			t.Errorf("splitCityStateZip(%q) = %q, %q, %q; want %q, %q, %q", tc.in, c, s, z, tc.city, tc.state, tc.zip)
		}
	}
}

func TestReadOFACPublishDate(t *testing.T) {
	f, err := os.Open("testdata/ofac/SDN.XML")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := ReadOFACPublishDate(f)
	if err != nil || !got.Equal(fixtureDate) {
		t.Fatalf("ReadOFACPublishDate = %v, %v", got, err)
	}
	for _, tc := range []struct {
		name, xml, code, reason string
	}{
		{"no publish info", `<sdnList><sdnEntry><uid>1</uid></sdnEntry></sdnList>`, CodeTruncated, "no publshInformation/Publish_Date"},
		{"ISO date", `<sdnList><publshInformation><Publish_Date>2026-04-21</Publish_Date></publshInformation></sdnList>`, CodeDate, `Publish_Date "2026-04-21" is not an MM/DD/YYYY date`},
		{"cut off", `<sdnList><publshInformation><Publish_Da`, CodeValue, "malformed XML"},
		{"date outside publshInformation", `<sdnList><Publish_Date>04/21/2026</Publish_Date></sdnList>`, CodeTruncated, "no publshInformation/Publish_Date"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadOFACPublishDate(strings.NewReader(tc.xml))
			wantFormatError(t, err, OFACXMLFile, 0, tc.code, tc.reason)
		})
	}
}

// TestReadOFACPublishDateStopsEarly: the entries after publshInformation
// are not read, so a 100 MB SDN.XML costs nothing.
func TestReadOFACPublishDateStopsEarly(t *testing.T) {
	r := &countingReader{r: strings.NewReader(`<sdnList><publshInformation><Publish_Date>04/21/2026</Publish_Date></publshInformation>` + strings.Repeat("<sdnEntry><uid>1</uid></sdnEntry>", 200000) + `</sdnList>`)}
	if _, err := ReadOFACPublishDate(r); err != nil {
		t.Fatal(err)
	}
	if r.n > 64<<10 {
		t.Fatalf("read %d bytes", r.n)
	}
}

type countingReader struct {
	r interface{ Read([]byte) (int, error) }
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestParseOFACKeepsSpaceAtRemarksCut: Remarks are cut at 1,000 characters
// wherever that falls, here between two words; the space must survive.
func TestParseOFACKeepsSpaceAtRemarksCut(t *testing.T) {
	set := ofacSet{
		sdn:      []byte(`7,"DOE, John","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1950; a.k.a. 'ABU "` + "\r\n\x1a"),
		alt:      []byte("\x1a"),
		add:      []byte("\x1a"),
		comments: []byte(`7,"KHALID'; alt. DOB 1951."` + "\r\n\x1a"),
	}
	list, err := ParseOFAC(set.files(), fixtureDate)
	if err != nil {
		t.Fatal(err)
	}
	r := list.Records[0]
	if len(r.Aliases) != 1 || r.Aliases[0].Name != (Name{First: "ABU", Last: "KHALID"}) || len(r.DOBs) != 2 {
		t.Fatalf("record %+v", r)
	}
}
