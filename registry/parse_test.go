package registry

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/golden"
)

// wantFormatError asserts err is a *FormatError with the code, line and a
// reason containing reason.
func wantFormatError(t *testing.T, err error, file string, line int, code, reason string) {
	t.Helper()
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("error = %v (%T), want a *FormatError %s", err, err, code)
	}
	if fe.Code != code || !strings.Contains(fe.Reason, reason) || fe.Line != line || (file != "" && fe.File != file) {
		t.Fatalf("error = %+v\nwant file %q line %d code %s reason containing %q", fe, file, line, code, reason)
	}
	if !strings.Contains(fe.Error(), fe.Reason) || !strings.Contains(fe.Error(), fe.File) {
		t.Fatalf("Error() = %q does not name the file and reason", fe.Error())
	}
}

func checkGolden(t *testing.T, name string, list *List) {
	t.Helper()
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/golden/"+name, append(b, '\n'))
}

// checkInvariants holds for every parsed list: unique non-empty SourceIDs,
// a name on every record, Rows counting at least the records.
func checkInvariants(t *testing.T, list *List) {
	t.Helper()
	seen := map[string]bool{}
	for _, r := range list.Records {
		if r.SourceID == "" || seen[r.SourceID] {
			t.Fatalf("SourceID %q empty or repeated", r.SourceID)
		}
		seen[r.SourceID] = true
		if r.Name.Last == "" && r.Name.First == "" {
			t.Fatalf("record %s has no name", r.SourceID)
		}
	}
	if list.Rows < len(list.Records) || list.Date.IsZero() {
		t.Fatalf("Rows %d < %d records or no date", list.Rows, len(list.Records))
	}
}

func TestFormatErrorMessage(t *testing.T) {
	for _, tc := range []struct {
		err  *FormatError
		want string
	}{
		{&FormatError{File: "sdn.csv", Line: 12, Code: CodeColumnCount, Reason: "11 fields, want 12"}, "sdn.csv line 12: 11 fields, want 12"},
		{&FormatError{File: "alt.csv", Code: CodeTruncated, Reason: "does not end with the 0x1A byte"}, "alt.csv: does not end with the 0x1A byte"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
}

func TestParseDigitsDate(t *testing.T) {
	for _, tc := range []struct {
		in, layout string
		want       string
	}{
		{"20190320", "YYYYMMDD", "2019-03-20"},
		{"20240229", "YYYYMMDD", "2024-02-29"},
		{"20230229", "YYYYMMDD", ""},
		{"20191320", "YYYYMMDD", ""},
		{"2019032", "YYYYMMDD", ""},
		{"2019-03-20", "YYYYMMDD", ""},
		{"11/20/2023", "MM/DD/YYYY", "2023-11-20"},
		{"11-20-2023", "MM/DD/YYYY", ""},
		{"2023-11-20", "YYYY-MM-DD", "2023-11-20"},
		{"00000000", "YYYYMMDD", ""},
	} {
		got, ok := parseDigitsDate(tc.in, tc.layout)
		if (tc.want == "") == ok || (ok && isoDate(got) != tc.want) {
			t.Errorf("parseDigitsDate(%q, %q) = %v, %v; want %q", tc.in, tc.layout, got, ok, tc.want)
		}
	}
}

func TestSplitSuffix(t *testing.T) {
	for _, tc := range []struct{ in, last, suffix string }{
		{"JOHNSON JR", "JOHNSON", "JR"},
		{"SMITH III", "SMITH", "III"},
		{"DE LA CRUZ", "DE LA CRUZ", ""},
		{"JR", "JR", ""},
		{"GARCIA LOPEZ", "GARCIA LOPEZ", ""},
	} {
		last, suffix := splitSuffix(tc.in)
		if last != tc.last || suffix != tc.suffix {
			t.Errorf("splitSuffix(%q) = %q, %q; want %q, %q", tc.in, last, suffix, tc.last, tc.suffix)
		}
	}
}

func TestUniqueID(t *testing.T) {
	seen := map[string]int{}
	got := []string{uniqueID(seen, "a"), uniqueID(seen, "b"), uniqueID(seen, "a"), uniqueID(seen, "a")}
	if strings.Join(got, ",") != "a,b,a-2,a-3" {
		t.Fatalf("uniqueID sequence = %v", got)
	}
}

var fixtureDate = time.Date(2026, 4, 21, 0, 0, 0, 0, time.UTC)
