package registry

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestParseLEIEFixture(t *testing.T) {
	f, err := os.Open("testdata/leie/UPDATED.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	list, err := ParseLEIE(f, fixtureDate)
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, list)
	if list.Registry != OIGExclusion || list.Rows != 9 || len(list.Records) != 7 {
		t.Fatalf("registry %s rows %d records %d; want oig-exclusion, 9 rows, 7 individuals", list.Registry, list.Rows, len(list.Records))
	}
	byLast := map[string]Record{}
	for _, r := range list.Records {
		byLast[r.Name.Last] = r
	}
	j := byLast["JOHNSON"]
	if j.Details["Suffix"] != "JR" || j.Details["WAIVERDATE"] != "2005-01-01" || j.Details["WVRSTATE"] != "AL" || j.Details["UPIN"] != "B34567" || j.NPI != "" {
		t.Errorf("JOHNSON JR row: %+v", j)
	}
	if g := byLast["GARCIA LOPEZ"]; len(g.DOBs) != 0 || g.Addresses[0].City != "LAREDO" {
		t.Errorf("row without DOB: %+v", g)
	}
	if d := byLast["DE LA CRUZ"]; d.NPI != "1730512345" || d.DOBs[0].String() != "1975-09-03" || d.Details["EXCLTYPE"] != "1128a1" {
		t.Errorf("DE LA CRUZ row: %+v", d)
	}
	if s := byLast["SMITH"]; s.Details["BUSNAME"] != "A+ STAFFING" || s.Details["REINDATE"] != "2012-03-01" {
		t.Errorf("SMITH row: %+v", s)
	}
	want := LEIEIdentity{LastName: "ABERNATHY", FirstName: "KAYLA", MidName: "DAWN", NPI: "0000000000", DOB: "19880214", ExclType: "1128b4", ExclDate: "20210617"}.SourceID()
	if byLast["ABERNATHY"].SourceID != want {
		t.Errorf("ABERNATHY SourceID %s, want %s", byLast["ABERNATHY"].SourceID, want)
	}
	checkGolden(t, "leie.json", list)
}

func TestLEIESourceIDStableAndDistinct(t *testing.T) {
	a := LEIEIdentity{LastName: "SMITH", FirstName: "MARY", DOB: "19590101", ExclType: "1128b7", ExclDate: "20000715", NPI: "0000000000"}
	b := a
	b.DOB = "19590102"
	c := LEIEIdentity{LastName: "SMITHM", FirstName: "ARY", DOB: "19590101", ExclType: "1128b7", ExclDate: "20000715", NPI: "0000000000"}
	same := a // a copy made apart from a: the id depends on the fields only
	if a.SourceID() != same.SourceID() || a.SourceID() == b.SourceID() || a.SourceID() == c.SourceID() || len(a.SourceID()) != 16 {
		t.Fatalf("SourceIDs %s %s %s", a.SourceID(), b.SourceID(), c.SourceID())
	}
}

func TestParseLEIEDuplicateRowsGetDistinctIDs(t *testing.T) {
	row := `"SMITH","MARY","","","NURSING PROFESSION","NURSE/NURSES AIDE","","0000000000","19590101","","TULSA","OK","74105","1128b4","20000715","00000000","00000000",""`
	list, err := ParseLEIE(strings.NewReader(leieHead+"\n"+row+"\n"+row+"\n"), fixtureDate)
	if err != nil {
		t.Fatal(err)
	}
	if list.Records[1].SourceID != list.Records[0].SourceID+"-2" {
		t.Fatalf("duplicate row ids %s, %s", list.Records[0].SourceID, list.Records[1].SourceID)
	}
}

const leieHead = "LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE"

// leieRow is a valid individual row with fields overridden by index.
func leieRow(over map[int]string) string {
	f := []string{"ABERNATHY", "KAYLA", "DAWN", "", "NURSING PROFESSION", "NURSE/NURSES AIDE", "", "0000000000", "19880214",
		"412 W MAPLE AVE", "MUNCIE", "IN", "47303", "1128b4", "20210617", "00000000", "00000000", ""}
	for i, v := range over {
		f[i] = v
	}
	return `"` + strings.Join(f, `","`) + `"`
}

func TestParseLEIEErrors(t *testing.T) {
	good := leieRow(nil)
	entity := leieRow(map[int]string{0: "", 1: "", 2: "", 3: "SUNRISE HOME HEALTH", 8: ""})
	for _, tc := range []struct {
		name, file string
		line       int
		code       string
		reason     string
	}{
		{"empty file", "", 0, CodeTruncated, "empty file: no header row"},
		{"renamed column", strings.Replace(leieHead, "MIDNAME", "MIDDLE", 1) + "\n" + good, 1, CodeHeader, `header column 3 is "MIDDLE", want "MIDNAME"`},
		{"missing column", strings.TrimSuffix(leieHead, ",WVRSTATE") + "\n" + good, 1, CodeHeader, "header has 17 columns, want 18"},
		{"short row", leieHead + "\n" + good + "\n" + strings.TrimSuffix(good, `,""`), 3, CodeColumnCount, "17 fields, want 18"},
		{"long row", leieHead + "\n" + good + `,"X"`, 2, CodeColumnCount, "19 fields, want 18"},
		{"unterminated quote", leieHead + "\n" + good + "\n" + strings.TrimSuffix(good, `"`), 3, CodeQuoting, "unterminated or has a stray quote"},
		{"bare quote", leieHead + "\n" + strings.Replace(good, `"ABERNATHY"`, `ABER"NATHY`, 1), 2, CodeQuoting, "bare quote"},
		{"bad EXCLDATE", leieHead + "\n" + leieRow(map[int]string{14: "20211317"}), 2, CodeDate, `EXCLDATE "20211317" is not a YYYYMMDD date`},
		{"empty EXCLDATE", leieHead + "\n" + leieRow(map[int]string{14: ""}), 2, CodeDate, `EXCLDATE "" is not a YYYYMMDD date`},
		{"ISO DOB", leieHead + "\n" + leieRow(map[int]string{8: "1988-02-14"}), 2, CodeDate, `DOB "1988-02-14" is not a YYYYMMDD date`},
		{"bad REINDATE", leieHead + "\n" + leieRow(map[int]string{15: "0"}), 2, CodeDate, `REINDATE "0" is not a YYYYMMDD date or 00000000`},
		{"bad WAIVERDATE", leieHead + "\n" + leieRow(map[int]string{16: "20230231"}), 2, CodeDate, `WAIVERDATE "20230231"`},
		{"short NPI", leieHead + "\n" + leieRow(map[int]string{7: "12345"}), 2, CodeValue, `NPI "12345" is not 10 digits`},
		{"nameless row", leieHead + "\n" + leieRow(map[int]string{0: "", 1: "", 2: ""}), 2, CodeValue, "neither a person's name nor a BUSNAME"},
		{"header only", leieHead + "\n", 0, CodeNoIndividuals, "no individuals in 0 data rows"},
		{"entities only", leieHead + "\n" + entity + "\n" + entity + "\n", 0, CodeNoIndividuals, "no individuals in 2 data rows"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLEIE(strings.NewReader(tc.file), fixtureDate)
			wantFormatError(t, err, LEIEFileName, tc.line, tc.code, tc.reason)
		})
	}
}

func TestParseLEIEAcceptsUnquotedFieldsCRLFAndBOM(t *testing.T) {
	file := "\xEF\xBB\xBF" + leieHead + "\r\n" + strings.ReplaceAll(leieRow(nil), `"`, "") + "\r\n"
	list, err := ParseLEIE(strings.NewReader(file), fixtureDate)
	if err != nil {
		t.Fatal(err)
	}
	if list.Records[0].Name.Last != "ABERNATHY" || list.Records[0].DOBs[0].Year != 1988 {
		t.Fatalf("record %+v", list.Records[0])
	}
}

func TestParseLEIENeedsDate(t *testing.T) {
	if _, err := ParseLEIE(strings.NewReader(leieHead+"\n"+leieRow(nil)), time.Time{}); err == nil || !strings.Contains(err.Error(), "Last-Modified") {
		t.Fatalf("err = %v", err)
	}
}
