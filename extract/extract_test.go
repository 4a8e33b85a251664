package extract

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/golden"

	"github.com/clearedtostart/compliance/catalog"
)

// testAsOf is the day fixtures are judged on, fixed so that their
// two-digit birth years read the same in every year the tests run.
var testAsOf = time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)

// docFixture is a document text with the fields it must yield, from
// testdata/docs/<name>.txt and <name>.json.
type docFixture struct {
	name, text, typ string
	want            map[string]any
}

func docFixtures(t *testing.T) []docFixture {
	t.Helper()
	var out []docFixture
	for _, f := range golden.Files(t, "testdata/docs/*.txt") {
		raw, err := os.ReadFile(strings.TrimSuffix(f.Path, ".txt") + ".json")
		if err != nil {
			t.Fatalf("%s has no expected fields: %v", f.Path, err)
		}
		var exp struct {
			Type   string         `json:"type"`
			Fields map[string]any `json:"fields"`
		}
		if err := json.Unmarshal(raw, &exp); err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		out = append(out, docFixture{name: strings.TrimSuffix(filepath.Base(f.Path), ".txt"), text: string(f.Data), typ: exp.Type, want: exp.Fields})
	}
	return out
}

// asJSON maps values through JSON so that an int and the float64 that
// decoding an expectation gives compare equal; kinds are checked apart.
func asJSON(t *testing.T, v map[string]any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDocuments(t *testing.T) {
	c := catalog.MustLoad()
	seen := map[string]bool{}
	for _, f := range docFixtures(t) {
		t.Run(f.name, func(t *testing.T) {
			seen[f.typ] = true
			got := Extract(c, f.typ, f.text, testAsOf)
			if g := asJSON(t, got.Fields); !reflect.DeepEqual(g, f.want) {
				t.Errorf("fields differ\n got: %s\nwant: %s\n%s", mustJSON(g), mustJSON(f.want), fieldDiff(f.want, g))
			}
			checkKinds(t, c, f.typ, got)
		})
	}
	for _, ty := range c.Types() {
		if !seen[ty.Key] {
			t.Errorf("no extraction fixture for type %q", ty.Key)
		}
	}
}

func fieldDiff(want, got map[string]any) string {
	var b strings.Builder
	keys := map[string]bool{}
	for k := range want {
		keys[k] = true
	}
	for k := range got {
		keys[k] = true
	}
	var ks []string
	for k := range keys {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		if !reflect.DeepEqual(want[k], got[k]) {
			fmt.Fprintf(&b, "  %s: got %#v, want %#v\n", k, got[k], want[k])
		}
	}
	return b.String()
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

var isoDate = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// checkKinds holds every result to the catalog's conventions: only the
// type's fields, nothing empty, the right Go kind per field, and a
// confidence in 0..1 for every field and nothing else.
func checkKinds(t *testing.T, c *catalog.Catalog, typ string, r Result) {
	t.Helper()
	ty, ok := c.Type(typ)
	if !ok {
		ty, _ = c.Type(catalog.OtherType)
	}
	for k, v := range r.Fields {
		if !ty.HasField(k) {
			t.Errorf("field %q is not a %s field", k, ty.Key)
		}
		if u, ok := v.(Unread); ok {
			// A field the page labels but OCR lost: below every
			// threshold, with its reason.
			if conf, ok := r.Confidence[k]; !ok || conf != 0 || u.Reason == "" {
				t.Errorf("unread field %q: confidence %v, reason %q", k, conf, u.Reason)
			}
			continue
		}
		conf, ok := r.Confidence[k]
		if !ok || conf <= 0 || conf > 1 {
			t.Errorf("field %q confidence %v", k, conf)
		}
		switch {
		case k == "dose_dates":
			ds, ok := v.([]string)
			if !ok || len(ds) == 0 {
				t.Errorf("dose_dates = %#v, want a non-empty []string", v)
			}
			for _, d := range ds {
				if _, err := time.Parse(time.DateOnly, d); err != nil {
					t.Errorf("dose date %q: %v", d, err)
				}
			}
		case k == "induration_mm":
			if _, ok := v.(int); !ok {
				t.Errorf("induration_mm = %#v, want an int", v)
			}
		case k == "declined" || k == "cleared":
			if _, ok := v.(bool); !ok {
				t.Errorf("%s = %#v, want a bool", k, v)
			}
		case strings.HasSuffix(k, "_date") || k == "date_of_birth":
			s, _ := v.(string)
			if _, err := time.Parse(time.DateOnly, s); err != nil || !isoDate.MatchString(s) {
				t.Errorf("%s = %#v, want YYYY-MM-DD", k, v)
			}
		default:
			s, ok := v.(string)
			if !ok || strings.TrimSpace(s) == "" || s != strings.TrimSpace(s) {
				t.Errorf("%s = %#v, want a trimmed non-empty string", k, v)
			}
		}
	}
	for k := range r.Confidence {
		if _, ok := r.Fields[k]; !ok {
			t.Errorf("confidence for absent field %q", k)
		}
	}
	vocab := map[string][]string{
		"tb_skin_test|result": {"negative", "positive"}, "tb_blood_test|result": {"negative", "positive", "indeterminate"},
		"chest_xray|result": {"negative", "positive"}, "drug_screen|result": {"negative", "positive"},
		"fit_test|result": {"pass", "fail"}, "background_check|result": {"clear", "consider"},
		"mmr_record|titer_result": {"immune", "non_immune"}, "varicella_record|titer_result": {"immune", "non_immune"},
		"hepatitis_b_record|titer_result": {"immune", "non_immune"},
		"nursing_license|license_type":    {"RN", "LPN", "LVN", "APRN"},
	}
	for key, allowed := range vocab {
		typ2, field, _ := strings.Cut(key, "|")
		if typ2 != typ {
			continue
		}
		// An Unread field has no value to hold to the vocabulary.
		if v, ok := r.Fields[field].(string); ok && !slices.Contains(allowed, v) {
			t.Errorf("%s = %q, not in %v", field, v, allowed)
		}
	}
	if s, ok := r.Fields["state"].(string); ok && !validCodes[s] {
		t.Errorf("state %q is not a two-letter code", s)
	}
}

func TestDates(t *testing.T) {
	tests := []struct {
		in     string
		expiry bool
		want   string
	}{
		{"03/14/2025", false, "2025-03-14"},
		{"3/4/25", false, "2025-03-04"},
		{"1/6/99", false, "1999-01-06"},
		{"2025-03-14", false, "2025-03-14"},
		{"2025/3/4", false, "2025-03-04"},
		{"03-14-2025", false, "2025-03-14"},
		{"03.14.2025", false, "2025-03-14"},
		{"14/03/2025", false, "2025-03-14"}, // day first: the only real reading
		{"March 14, 2025", false, "2025-03-14"},
		{"Mar 14 2025", false, "2025-03-14"},
		{"Sept. 12, 2024", false, "2024-09-12"},
		{"14 Mar 2025", false, "2025-03-14"},
		{"14-MAR-2025", false, "2025-03-14"},
		{"03 NOV/NOV 1989", false, "1989-11-03"},
		{"14 JUL/JUIL 1992", false, "1992-07-14"},
		{"1st of nothing, July 4th, 2026", false, "2026-07-04"},
		{"April 9-10, 2025", false, "2025-04-10"},
		{"Jan 2027", true, "2027-01-31"},
		{"January 2027", false, "2027-01-01"},
		{"02/2028", true, "2028-02-29"},
		{"11/2026", true, "2026-11-30"},
		{"JAN-2027", true, "2027-01-31"},
		{"O5/l2/2O26", false, "2026-05-12"},
		{"Exp:O1/2O28", true, "2028-01-31"},
		{"05 / 12 / 2026", false, "2026-05-12"},
	}
	for _, tt := range tests {
		got, ok := ParseDate(tt.in, tt.expiry)
		if !ok || got != tt.want {
			t.Errorf("ParseDate(%q, %v) = %q, %v; want %q", tt.in, tt.expiry, got, ok, tt.want)
		}
	}
	for _, bad := range []string{"02/30/2025", "13/13/2025", "2025", "10-50", "(214) 555-0142", "00/00/0000", "99/99/99"} {
		if got, ok := ParseDate(bad, false); ok {
			t.Errorf("ParseDate(%q) = %q, want no date", bad, got)
		}
	}
}

// TestBirthDateCentury: a two-digit birth year is the latest that makes
// the holder at least sixteen on the day the document is judged, whatever
// the clock says, in every layout that prints one.
func TestBirthDateCentury(t *testing.T) {
	c := catalog.MustLoad()
	asOf := func(y int) time.Time { return time.Date(y, 6, 1, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		printed string
		asOf    time.Time
		want    string // "" for no date of birth
	}{
		{"3/14/85", asOf(2026), "1985-03-14"},
		{"3/14/05", asOf(2026), "2005-03-14"},
		{"3/14/10", asOf(2026), "2010-03-14"}, // sixteen this year
		{"3/14/11", asOf(2026), "1911-03-14"}, // fifteen: not a nurse, so a century earlier
		{"3/14/15", asOf(2026), "1915-03-14"},
		{"3/14/05", asOf(1990), "1905-03-14"},
		{"3/14/70", asOf(1990), "1970-03-14"},
		{"3/14/74", asOf(1990), "1974-03-14"}, // sixteen that year
		{"3/14/15", asOf(2040), "2015-03-14"},
		{"3/14/70", asOf(2026), "1970-03-14"},
		{"3/14/70", asOf(2090), "2070-03-14"},
		{"14 MAR 05", asOf(2026), "2005-03-14"},
		{"14 MAR 05", asOf(1990), "1905-03-14"},
		{"3/14/05", time.Time{}, "1905-03-14"},
		{"3/14/1985", asOf(1990), "1985-03-14"}, // a four-digit year is as printed
		{"Mar 2005", asOf(2026), ""},            // a month is no date of birth
	}
	for _, tt := range tests {
		t.Run(tt.printed+" as of "+tt.asOf.Format(time.DateOnly), func(t *testing.T) {
			got := Extract(c, "tb_skin_test", "Tuberculin skin test\nName: Ann Lee\nDOB: "+tt.printed, tt.asOf).Fields["date_of_birth"]
			if tt.want == "" {
				if got != nil {
					t.Fatalf("date_of_birth = %v, want none", got)
				}
				return
			}
			if got != tt.want {
				t.Fatalf("date_of_birth = %v, want %s", got, tt.want)
			}
		})
	}
	// The machine-readable zone of a passport prints YYMMDD.
	mrz := "PASSPORT\nP<UTOLEE<<ANN<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\nL898902C36UTO%s6F2811225ZE184226B<<<<<10\n"
	for _, tt := range []struct {
		yymmdd string
		asOf   time.Time
		want   string
	}{
		{"050314", asOf(2026), "2005-03-14"},
		{"050314", asOf(1990), "1905-03-14"},
		{"880314", asOf(2026), "1988-03-14"},
	} {
		fields := Extract(c, "passport", fmt.Sprintf(mrz, tt.yymmdd), tt.asOf).Fields
		if fields["date_of_birth"] != tt.want || fields["expiration_date"] != "2028-11-22" {
			t.Errorf("MRZ %s as of %s: date_of_birth %v, expiration_date %v; want %s, 2028-11-22",
				tt.yymmdd, tt.asOf.Format(time.DateOnly), fields["date_of_birth"], fields["expiration_date"], tt.want)
		}
	}
}

// TestSSNNeverLeaks: a full Social Security number is never returned, in
// any field of any type, however it is printed. (A bare nine-digit number
// on other documents is left alone: passport and license numbers have
// that shape too.)
func TestSSNNeverLeaks(t *testing.T) {
	c := catalog.MustLoad()
	texts := map[string]string{
		"social_security_card": "SOCIAL SECURITY\nSSN\nTHIS NUMBER HAS BEEN ESTABLISHED FOR\nJOHN Q PUBLIC\nSIGNATURE",
		"drivers_license":      "DRIVER LICENSE\nLicense No: SSN\nLN PUBLIC\nFN JOHN\nDOB 01/02/1990",
		"background_check":     "Background Check Report\nCandidate: John Public\nSSN: SSN\nVendor: SSN\nOverall Result: Clear",
		"drug_screen":          "Drug Screen\nDonor Name: John Public\nDonor ID: SSN\nResult: Negative",
		"nursing_license":      "License Verification\nName: John Public\nLicense Number: SSN",
		"other":                "Name: John Public\nSSN SSN",
	}
	printed := []string{"123-45-6789", "123 45 6789", "l23-45-67B9", "123456789"}
	for typ, text := range texts {
		for _, ssn := range printed {
			if ssn == "123456789" && typ != "social_security_card" {
				continue
			}
			res := Extract(c, typ, strings.ReplaceAll(text, "SSN", ssn), testAsOf)
			b, _ := json.Marshal(res)
			for _, leak := range []string{"123-45-6789", "123 45 6789", "123456789", "l23-45", "45-67"} {
				if strings.Contains(string(b), leak) {
					t.Errorf("%s with %s: result carries %q: %s", typ, ssn, leak, b)
				}
			}
			if typ == "social_security_card" {
				if res.Fields["ssn_last4"] != "6789" {
					t.Errorf("ssn_last4 = %v, want 6789 (printed %s)", res.Fields["ssn_last4"], ssn)
				}
				if strings.Contains(string(b), "12345") {
					t.Errorf("social security card result carries more than the last four: %s", b)
				}
			}
		}
	}
}

// TestLayouts reads one field from the places issuers put values.
func TestLayouts(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, text, want string
	}{
		{"same line colon", "Expiration Date: 05/31/2027", "2027-05-31"},
		{"same line no colon", "Expires 05/31/2027", "2027-05-31"},
		{"abbreviation", "Exp 05/31/2027", "2027-05-31"},
		{"valid through", "Valid Through: May 2027", "2027-05-31"},
		{"renewal is expiry", "Recommended Renewal Date\n05/2027", "2027-05-31"},
		{"next line", "Expiration Date\n\n05/31/2027", "2027-05-31"},
		{"caption under value", "Jane Roe\nName\n05/01/2025\nIssued\n05/31/2027\nExpires", "2027-05-31"},
		{"columns", "Issue Date          Expiration Date\n05/01/2025          05/31/2027", "2027-05-31"},
		{"collapsed columns", "Issue Date Expiration Date\n05/01/2025 05/31/2027", "2027-05-31"},
		{"among other fields", "Name: Jane Roe   Issued: 05/01/2025   Expires: 05/31/2027   ID: 1234", "2027-05-31"},
		{"ocr label", "Exp1ration Date: O5/3l/2O27", "2027-05-31"},
		{"red cross valid for", "Date Completed: 05/31/2025\nValid For 2 Years", "2027-05-31"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Extract(c, "bls", "BLS Provider\n"+tt.text, testAsOf)
			if got.Fields["expiration_date"] != tt.want {
				t.Fatalf("expiration_date = %v, want %s (fields %v)", got.Fields["expiration_date"], tt.want, got.Fields)
			}
		})
	}
}

// TestProseIsNoLabel: label words inside sentences are not labels.
func TestProseIsNoLabel(t *testing.T) {
	c := catalog.MustLoad()
	got := Extract(c, "tb_blood_test", "QuantiFERON\nA negative result does not exclude infection.\nPositive controls were run.", testAsOf)
	if v, ok := got.Fields["result"]; ok {
		t.Fatalf("result %v read from prose", v)
	}
	got = Extract(c, "physical_exam", "Physical Exam\nName: Ann Lee\n[X] Cleared for duty without restrictions\n[ ] Cleared with restrictions: ________\n[ ] Not cleared", testAsOf)
	if got.Fields["cleared"] != true {
		t.Fatalf("cleared = %v", got.Fields["cleared"])
	}
	if v, ok := got.Fields["restrictions"]; ok {
		t.Fatalf("restrictions %q read from a blank", v)
	}
}

func TestVocabulary(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		typ, text, field string
		want             any
	}{
		{"tb_blood_test", "Result: NOT DETECTED", "result", "negative"},
		{"tb_blood_test", "Interpretation: Indeterminate", "result", "indeterminate"},
		{"tb_blood_test", "Result: Borderline", "result", "indeterminate"},
		{"tb_blood_test", "Result: Detected", "result", "positive"},
		{"tb_skin_test", "Result: Neg", "result", "negative"},
		{"tb_skin_test", "Induration: 15 mm", "result", "positive"},
		{"tb_skin_test", "Induration: 7 mm", "result", nil},
		{"tb_skin_test", "Result:  Negative / Positive\nInduration: 0 mm", "result", "negative"},
		{"tb_skin_test", "Result: [ ] Negative  [X] Positive", "result", "positive"},
		{"chest_xray", "Impression: No active TB", "result", "negative"},
		{"chest_xray", "Impression: Abnormal. Right upper lobe cavitary lesion.", "result", "positive"},
		{"chest_xray", "Impression: Normal chest", "result", "negative"},
		{"mmr_record", "Rubella IgG Antibody: Equivocal", "titer_result", "non_immune"},
		{"mmr_record", "Measles IgG titer: Non-Immune\nMumps IgG titer: Immune\nRubella IgG titer: Immune", "titer_result", "non_immune"},
		{"mmr_record", "MMR titer: Positive (immune)", "titer_result", "immune"},
		{"varicella_record", "Varicella IgG antibody: NEGATIVE", "titer_result", "non_immune"},
		{"hepatitis_b_record", "Hepatitis B Surface Antibody: 4.2 mIU/mL", "titer_result", "non_immune"},
		{"drug_screen", "Result: Negative-Dilute", "result", "negative"},
		{"drug_screen", "Result: Non-Negative", "result", "positive"},
		{"drug_screen", "Amphetamines NEGATIVE\nCocaine NEGATIVE\nMarijuana POSITIVE", "result", "positive"},
		{"drug_screen", "Amphetamines NEGATIVE\nCocaine NEGATIVE", "result", "negative"},
		{"fit_test", "Result: PASSED", "result", "pass"},
		{"fit_test", "Overall Fit Factor: 45", "result", "fail"},
		{"background_check", "Overall Status: Consider", "result", "consider"},
		{"background_check", "Result: No Records Found", "result", "clear"},
		{"background_check", "Report Status: Needs Review", "result", "consider"},
		{"nursing_license", "License Type: Registered Nurse", "license_type", "RN"},
		{"nursing_license", "License Type: Licensed Practical Nurse", "license_type", "LPN"},
		{"nursing_license", "License Type: Advanced Practice Registered Nurse", "license_type", "APRN"},
		{"nursing_license", "Credential: LVN\nLicense Type: Vocational Nurse", "license_type", "LVN"},
		{"nursing_license", "State: New York", "state", "NY"},
		{"nursing_license", "Jurisdiction: WEST VIRGINIA", "state", "WV"},
		{"nursing_license", "State: NC", "state", "NC"},
		{"nursing_license", "Status: Inactive", "license_status", "Inactive"},
		{"influenza_vaccine", "Flu season 2026/27\nDate given 10/01/2026", "season", "2026-2027"},
		{"influenza_vaccine", "[X] I consent to receive the vaccine\n[ ] I decline", "declined", false},
		{"hepatitis_b_record", "Hepatitis B Vaccine Declination\nI decline the vaccine.", "declined", true},
		{"covid19_vaccine", "COVID-19 Pfizer 01/02/2021\nCOVID-19 Pfizer 01/23/2021", "manufacturer", "Pfizer-BioNTech"},
		{"drug_screen", "Drug test\nPanel: 12", "panel", "12-panel"},
		{"physical_exam", "Physical\nRestrictions: None", "cleared", true},
		{"physical_exam", "Physical\nAble to perform essential functions: No", "cleared", false},
	}
	for _, tt := range tests {
		t.Run(tt.typ+"/"+tt.text, func(t *testing.T) {
			got := Extract(c, tt.typ, tt.text, testAsOf).Fields[tt.field]
			if got != tt.want {
				t.Fatalf("%s = %#v, want %#v", tt.field, got, tt.want)
			}
		})
	}
}

func TestNames(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		text              string
		full, first, last string
	}{
		{"Name: ALVAREZ, MARIA L", "ALVAREZ, MARIA L", "MARIA", "ALVAREZ"},
		{"Patient Name: Maria L. Alvarez     DOB: 01/02/1990", "Maria L. Alvarez", "Maria", "Alvarez"},
		{"Name: Maria Alvarez DOB 01/02/1990", "Maria Alvarez", "Maria", "Alvarez"},
		{"Employee: Samuel R. Brooks, RN, BSN", "Samuel R. Brooks", "Samuel", "Brooks"},
		{"Instructor Name: Bob Smith\nStudent Name: Ann de la Cruz", "Ann de la Cruz", "Ann", "de la Cruz"},
		{"Last Name: Nguyen   First Name: Jordan   MI: T", "Jordan T Nguyen", "Jordan", "Nguyen"},
		{"This certifies that\nKEVIN 0'BRIEN\nhas completed the course", "KEVIN O'BRIEN", "KEVIN", "O'BRIEN"},
		{"Maria A1varez has successfully completed the course.", "Maria Alvarez", "Maria", "Alvarez"},
	}
	for _, tt := range tests {
		got := Extract(c, "hipaa_training", tt.text, testAsOf).Fields
		if got["full_name"] != tt.full || got["first_name"] != tt.first || got["last_name"] != tt.last {
			t.Errorf("%q: got %v %v %v, want %q %q %q", tt.text, got["full_name"], got["first_name"], got["last_name"], tt.full, tt.first, tt.last)
		}
	}
	if got := HolderName("Training Center Name: Mercy\nInstructor Name: Bob Smith"); got != "" {
		t.Errorf("HolderName read a non-holder: %q", got)
	}
	if got := HolderName("Donor Name: Ann Lee"); got != "Ann Lee" {
		t.Errorf("HolderName = %q", got)
	}
}

func TestEdges(t *testing.T) {
	c := catalog.MustLoad()
	for _, typ := range []string{"bls", "other", "no_such_type", "mmr_record"} {
		for _, text := range []string{"", "   \n\n ", "\f", "%%%% ~~~ ||| ___"} {
			got := Extract(c, typ, text, testAsOf)
			if got.Fields == nil || got.Confidence == nil || len(got.Fields) != 0 {
				t.Errorf("%s %q: %+v", typ, text, got)
			}
		}
	}
	// An unknown type reads as other: the holder's name only.
	got := Extract(c, "no_such_type", "Name: Ann Lee\nExpires: 01/01/2030", testAsOf)
	if !reflect.DeepEqual(got.Fields, map[string]any{"full_name": "Ann Lee"}) {
		t.Errorf("unknown type fields = %v", got.Fields)
	}
}

// TestGolden records every fixture's full result, confidences included.
func TestGolden(t *testing.T) {
	c := catalog.MustLoad()
	var b strings.Builder
	for _, f := range docFixtures(t) {
		js, err := json.Marshal(Extract(c, f.typ, f.text, testAsOf))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s\t%s\n", f.name, js)
	}
	golden.Check(t, filepath.Join("testdata", "extract.golden"), []byte(b.String()))
}

func BenchmarkExtract(b *testing.B) {
	c := catalog.MustLoad()
	text, err := os.ReadFile("testdata/docs/tb_blood_quest.txt")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		Extract(c, "tb_blood_test", string(text), testAsOf)
	}
}
