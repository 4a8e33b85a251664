package registry

import (
	"archive/zip"
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

type zipMember struct {
	name string
	data []byte
}

func zipBytes(t *testing.T, members ...zipMember) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, m := range members {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: m.name, Method: zip.Deflate, Modified: fixtureDate})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(m.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const samFixtureName = "SAM_Exclusions_Public_Extract_V2_26113.ZIP"

func readFixture(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func parseSAMBytes(b []byte, opts SAMOptions) (*List, error) {
	return ParseSAMExtract(bytes.NewReader(b), int64(len(b)), opts)
}

func TestParseSAMFixture(t *testing.T) {
	csv := readFixture(t, "testdata/sam/SAM_Exclusions_Public_Extract_V2_26113.csv")
	z := zipBytes(t, zipMember{"SAM_Exclusions_Public_Extract_V2_26113.CSV", csv})
	list, err := ParseSAM(bytes.NewReader(z), int64(len(z)), "/downloads/"+samFixtureName)
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, list)
	if !list.Date.Equal(time.Date(2026, 4, 23, 0, 0, 0, 0, time.UTC)) || list.Rows != 9 || len(list.Records) != 5 {
		t.Fatalf("date %v rows %d records %d; want 2026-04-23 (day 113), 9 rows, 5 individuals (FINK merged)", list.Date, list.Rows, len(list.Records))
	}
	bySAM := map[string]Record{}
	for _, r := range list.Records {
		bySAM[r.SourceID] = r
	}
	fink := bySAM["S4MR3MT0K"]
	if fink.Details["Excluding Agency"] != "HHS; OPM" || fink.Details["CT Code"] != "Z1; Z2" || fink.NPI != "1234567893" || len(fink.Addresses) != 1 {
		t.Errorf("merged FINK: %+v", fink)
	}
	garcia := bySAM["S4MR7K2PX"]
	wantAliases := []Name{{First: "MARIA", Middle: "E", Last: "GARCIA"}, {First: "MARIA", Middle: "ELENA", Last: "LOPEZ"}, {First: "MARIA", Last: "DE LA PAZ GARCIA"}}
	if len(garcia.Aliases) != len(wantAliases) {
		t.Fatalf("GARCIA LOPEZ aliases %+v", garcia.Aliases)
	}
	for i, a := range garcia.Aliases {
		if a.Name != wantAliases[i] || a.Type != "cross_reference" {
			t.Errorf("alias %d = %+v, want %+v", i, a, wantAliases[i])
		}
	}
	if a := garcia.Addresses[0]; a.Line1 != "1200 N LOOP W, SUITE 400" || a.State != "TX" || a.Zip != "770081234" || a.Country != "USA" {
		t.Errorf("address %+v", a)
	}
	if len(bySAM["S4MRRFPZD"].Aliases) != 0 || len(bySAM["S4MRRFG44"].Aliases) != 0 {
		t.Errorf("firm names kept as aliases: %+v %+v", bySAM["S4MRRFPZD"].Aliases, bySAM["S4MRRFG44"].Aliases)
	}
	if f := bySAM["S4MRRFG44"]; f.Details["Suffix"] != "III" || f.Details["Termination Date"] != "Indefinite" || f.Details["Active Date"] != "2023-11-20" {
		t.Errorf("FLORES details %+v", f.Details)
	}
	checkGolden(t, "sam.json", list)
}

func TestParseSAMPre2022DUNSHeader(t *testing.T) {
	csv := readFixture(t, "testdata/sam/SAM_Exclusions_Public_Extract_V2_21032.csv")
	z := zipBytes(t, zipMember{"SAM_Exclusions_Public_Extract_V2_21032.CSV", csv})
	list, err := parseSAMBytes(z, SAMOptions{FileName: "SAM_Exclusions_Public_Extract_V2_21032.ZIP"})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Records) != 1 || list.Rows != 2 || list.Records[0].Details["Record Status"] != "Active" || !list.Date.Equal(time.Date(2021, 2, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("list %+v", list)
	}
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	lines[0] += `,"Creation_Date"`
	for i := 1; i < len(lines); i++ {
		lines[i] += `,"2007-07-30"`
	}
	z = zipBytes(t, zipMember{"x.csv", []byte(strings.Join(lines, "\n"))})
	if _, err := parseSAMBytes(z, SAMOptions{FileName: "SAM_Exclusions_Public_Extract_V2_21032.ZIP"}); err != nil {
		t.Fatalf("DUNS header with Creation_Date: %v", err)
	}
}

func TestSAMExtractDate(t *testing.T) {
	for _, tc := range []struct {
		name, want, reason string
	}{
		{"SAM_Exclusions_Public_Extract_V2_26113.ZIP", "2026-04-23", ""},
		{"sam_exclusions_public_extract_v2_24366.zip", "2024-12-31", ""},
		{`C:\dl\SAM_Exclusions_Public_Extract_V2_25001.ZIP`, "2025-01-01", ""},
		{"SAM_Exclusions_Public_Extract_V2_25366.ZIP", "", "day 366 does not exist in 2025"},
		{"SAM_Exclusions_Public_Extract_V2_25000.ZIP", "", "day 000 does not exist in 2025"},
		{"SAM_Exclusions_Public_Extract_V2_2511.ZIP", "", `"2511" is not a Julian date YYDDD`},
		{"exclusions.zip", "", "not named SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP"},
	} {
		got, err := SAMExtractDate(tc.name)
		if tc.reason != "" {
			wantFormatError(t, err, "", 0, CodeFileName, tc.reason)
			continue
		}
		if err != nil || isoDate(got) != tc.want {
			t.Errorf("SAMExtractDate(%q) = %v, %v; want %s", tc.name, got, err, tc.want)
		}
	}
	d := time.Date(2026, 4, 23, 0, 0, 0, 0, time.UTC)
	if got := SAMExtractFileName(d); got != samFixtureName {
		t.Errorf("SAMExtractFileName = %s", got)
	}
}

func TestParseSAMExplicitDate(t *testing.T) {
	z := zipBytes(t, zipMember{"extract.csv", readFixture(t, "testdata/sam/SAM_Exclusions_Public_Extract_V2_26113.csv")})
	_, err := parseSAMBytes(z, SAMOptions{FileName: "exclusions.zip"})
	wantFormatError(t, err, "exclusions.zip", 0, CodeFileName, "not named")
	day := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	list, err := parseSAMBytes(z, SAMOptions{FileName: "exclusions.zip", Date: day})
	if err != nil || !list.Date.Equal(day) {
		t.Fatalf("explicit date: %v %v", list, err)
	}
}

const samHead = `"Classification","Name","Prefix","First","Middle","Last","Suffix","Address 1","Address 2","Address 3","Address 4","City","State / Province","Country","Zip Code","Open Data Flag","Blank (Deprecated)","Unique Entity ID","Exclusion Program","Excluding Agency","CT Code","Exclusion Type","Additional Comments","Active Date","Termination Date","Record Status","Cross-Reference","SAM Number","CAGE","NPI","Creation_Date"`

func samRow(over map[int]string) string {
	f := make([]string, 31)
	f[0], f[3], f[5], f[11], f[12], f[13], f[14] = "Individual", "DAVID", "FINK", "METUCHEN", "NJ", "USA", "08840"
	f[18], f[19], f[21], f[23], f[24], f[27], f[30] = "Reciprocal", "HHS", "Prohibition/Restriction", "05/20/2003", "Indefinite", "S4MR3MT0K", "2003-05-20"
	for i, v := range over {
		f[i] = v
	}
	return `"` + strings.Join(f, `","`) + `"`
}

func TestParseSAMErrors(t *testing.T) {
	const csvName = samFixtureName + "/extract.CSV"
	good := samRow(nil)
	goodZip := zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + good + "\n")})
	corrupt := append([]byte(nil), goodZip...)
	// Flip bytes inside the deflated member: the checksum (or the deflate
	// stream) no longer holds.
	for i := 60; i < 90; i++ {
		corrupt[i] ^= 0x55
	}
	for _, tc := range []struct {
		name   string
		zip    []byte
		file   string
		line   int
		code   string
		reason string
	}{
		{"not a zip", []byte("<html>Service Unavailable</html>"), samFixtureName, 0, CodeArchive, "not a readable ZIP archive"},
		{"truncated zip", goodZip[:len(goodZip)-30], samFixtureName, 0, CodeArchive, "not a readable ZIP archive"},
		{"corrupt member", corrupt, csvName, 0, CodeArchive, "cannot read the archive's CSV"},
		{"no csv", zipBytes(t, zipMember{"readme.txt", []byte("x")}), samFixtureName, 0, CodeArchive, "holds no CSV file"},
		{"two csv", zipBytes(t, zipMember{"a.csv", []byte(samHead)}, zipMember{"b.csv", []byte(samHead)}), samFixtureName, 0, CodeArchive, "holds more than one CSV (a.csv and b.csv)"},
		{"empty csv", zipBytes(t, zipMember{"extract.CSV", nil}), csvName, 0, CodeTruncated, "empty file: no header row"},
		{"renamed column", zipBytes(t, zipMember{"extract.CSV", []byte(strings.Replace(samHead, `"CAGE"`, `"CAGE Code"`, 1) + "\n" + good)}), csvName, 1, CodeHeader, `header column 29 is "CAGE Code", want "CAGE"`},
		{"short row", zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + good + "\n" + strings.TrimSuffix(good, `,"2003-05-20"`))}), csvName, 3, CodeColumnCount, "30 fields, want 31"},
		{"unterminated quote", zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + strings.TrimSuffix(good, `"`))}), csvName, 2, CodeQuoting, "unterminated"},
		{"unknown classification", zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + samRow(map[int]string{0: "Person"}))}), csvName, 2, CodeValue, `Classification "Person" is not Individual, Firm, Vessel or Special Entity Designation`},
		{"ISO active date", zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + samRow(map[int]string{23: "2003-05-20"}))}), csvName, 2, CodeDate, `Active Date "2003-05-20" is not an MM/DD/YYYY date`},
		{"bad termination", zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + samRow(map[int]string{24: "Forever"}))}), csvName, 2, CodeDate, `Termination Date "Forever" is not an MM/DD/YYYY date or Indefinite`},
		{"bad creation date", zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + samRow(map[int]string{30: "05/20/2003"}))}), csvName, 2, CodeDate, `Creation_Date "05/20/2003" is not a YYYY-MM-DD date`},
		{"no SAM number", zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + samRow(map[int]string{27: ""}))}), csvName, 2, CodeValue, "empty SAM Number"},
		{"bad NPI", zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + samRow(map[int]string{29: "12-345"}))}), csvName, 2, CodeValue, `NPI "12-345" is not 10 digits`},
		{"nameless individual", zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + samRow(map[int]string{3: "", 5: ""}))}), csvName, 2, CodeValue, "Individual S4MR3MT0K has no name"},
		{"firms only", zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + samRow(map[int]string{0: "Firm", 1: "ACME LLC", 3: "", 5: ""}))}), csvName, 0, CodeNoIndividuals, "no individuals in 1 data rows"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseSAMBytes(tc.zip, SAMOptions{FileName: samFixtureName})
			wantFormatError(t, err, tc.file, tc.line, tc.code, tc.reason)
		})
	}
}

// TestParseSAMIndividualWithWholeName: an individual printed only in the
// Name column is read in reading order.
func TestParseSAMIndividualWithWholeName(t *testing.T) {
	z := zipBytes(t, zipMember{"extract.CSV", []byte(samHead + "\n" + samRow(map[int]string{1: "JOHN Q DE LA CRUZ", 3: "", 5: ""}))})
	list, err := parseSAMBytes(z, SAMOptions{FileName: samFixtureName})
	if err != nil {
		t.Fatal(err)
	}
	if got := list.Records[0].Name; got != (Name{First: "JOHN", Middle: "Q", Last: "DE LA CRUZ"}) {
		t.Fatalf("name %+v", got)
	}
}

func TestParseCrossReference(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Name
	}{
		{"", nil},
		{"(also JOHN Q SMITH)", []Name{{First: "JOHN", Middle: "Q", Last: "SMITH"}}},
		{"(also JOHN Q SMITH) (also JACK SMITH JR.)", []Name{{First: "JOHN", Middle: "Q", Last: "SMITH"}, {First: "JACK", Last: "SMITH"}}},
		{"(also MARIA DE LA CRUZ, ACME HOME CARE, LLC)", []Name{{First: "MARIA", Last: "DE LA CRUZ"}}},
		{"(also TERRA KLEAN SOLUTIONS INC., ANTONIO FLORES)", []Name{{First: "ANTONIO", Last: "FLORES"}}},
		{"JANE DOE", []Name{{First: "JANE", Last: "DOE"}}},
		{"(also JANE ROE", []Name{{First: "JANE", Last: "ROE"}}},
		{"(also PRINCE)", []Name{{Last: "PRINCE"}}},
	} {
		got := parseCrossReference(tc.in)
		if len(got) != len(tc.want) {
			t.Errorf("parseCrossReference(%q) = %+v, want %+v", tc.in, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("parseCrossReference(%q)[%d] = %+v, want %+v", tc.in, i, got[i], tc.want[i])
			}
		}
	}
}
