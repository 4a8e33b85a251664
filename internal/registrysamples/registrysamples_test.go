package registrysamples

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/clearedtostart/compliance/registry"
)

// verifyAgainstParsed re-checks every case against the lists as the
// registry parsers read them back: a positive reaches its own record and no
// other, a negative none.
func verifyAgainstParsed(t *testing.T, files Files, p Parsed) {
	t.Helper()
	m := newMatcher(newFolder())
	ix := map[string]*index{}
	lists := map[string]*registry.List{registry.OIGExclusion: p.LEIE, registry.SAM: p.SAM, registry.OFAC: p.OFAC}
	ids := map[string]map[string]bool{}
	for reg, l := range lists {
		ix[reg] = newIndex(m)
		ids[reg] = map[string]bool{}
		for _, r := range l.Records {
			ix[reg].add(m.listedFrom(r))
			ids[reg][r.SourceID] = true
		}
	}
	g := &generator{m: m}
	for _, c := range files.Cases {
		if c.Listed && !ids[c.Registry][c.SourceID] {
			t.Errorf("case %s: source id %s is not in the parsed %s list", c.ID, c.SourceID, c.Registry)
			continue
		}
		if err := verifyCase(m, ix, c, g.normQuery(c.Query, "")); err != nil {
			t.Error(err)
		}
	}
}

func countCases(cases []Case) (listed, unlisted int, byKind map[string]int) {
	byKind = map[string]int{}
	for _, c := range cases {
		byKind[c.Registry+"/"+c.Variant]++
		if c.Listed {
			listed++
		} else {
			unlisted++
		}
	}
	return listed, unlisted, byKind
}

// generateParsed writes sample lists into a temporary folder and parses
// them back.
func generateParsed(t *testing.T, opts Options) (Files, Parsed) {
	t.Helper()
	files, err := Generate(t.TempDir(), opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseAll(files)
	if err != nil {
		t.Fatal(err)
	}
	return files, p
}

func TestGenerateSmallParsesAndCasesHold(t *testing.T) {
	files, p := generateParsed(t, Options{Seed: 7, Scale: 0.03})
	if p.LEIE.Rows != files.LEIERows || p.SAM.Rows != files.SAMRows || p.OFAC.Rows != files.OFACEntries {
		t.Fatalf("rows parsed %d/%d/%d, written %d/%d/%d", p.LEIE.Rows, p.SAM.Rows, p.OFAC.Rows, files.LEIERows, files.SAMRows, files.OFACEntries)
	}
	if !p.LEIE.Date.Equal(DefaultListDate()) || !p.SAM.Date.Equal(DefaultListDate()) || !p.OFAC.Date.Equal(DefaultListDate()) {
		t.Fatalf("list dates %v %v %v, want %v", p.LEIE.Date, p.SAM.Date, p.OFAC.Date, DefaultListDate())
	}
	listed, unlisted, byKind := countCases(files.Cases)
	if listed < 25 || unlisted < 25 {
		t.Fatalf("%d listed and %d unlisted cases at scale 0.03", listed, unlisted)
	}
	for _, reg := range []string{registry.OIGExclusion, registry.SAM, registry.OFAC} {
		for _, v := range []string{VariantExact, VariantNickname, VariantTransposition, VariantDiacritics, VariantInitial,
			VariantSwapped, VariantCompound, VariantMissingMiddle, VariantUnlisted} {
			if byKind[reg+"/"+v] == 0 {
				t.Errorf("no %s case on %s", v, reg)
			}
		}
	}
	verifyAgainstParsed(t, files, p)
	loaded, err := LoadCases(files.Labelled)
	if err != nil || len(loaded) != len(files.Cases) || loaded[0] != files.Cases[0] {
		t.Fatalf("LoadCases: %d cases, %v", len(loaded), err)
	}
}

// TestPlantedRecordsParseAsGenerated: the parser reads a planted person
// back with the name and dates of birth the case was built from.
func TestPlantedRecordsParseAsGenerated(t *testing.T) {
	files, p := generateParsed(t, Options{Seed: 3, Scale: 0.02})
	byID := map[string]registry.Record{}
	for _, l := range []*registry.List{p.LEIE, p.SAM, p.OFAC} {
		for _, r := range l.Records {
			byID[l.Registry+"/"+r.SourceID] = r
		}
	}
	for _, c := range files.Cases {
		if !c.Listed {
			continue
		}
		r := byID[c.Registry+"/"+c.SourceID]
		if r.Name.Last == "" || !strings.Contains(strings.ToUpper(c.Listing), strings.ToUpper(r.Name.Last)) {
			t.Errorf("case %s: parsed record %+v does not match listing %q", c.ID, r.Name, c.Listing)
		}
		if c.Registry == registry.OIGExclusion && (len(r.DOBs) != 1 || r.DOBs[0].String() != c.Query.DateOfBirth) {
			t.Errorf("case %s: LEIE DOB %v, query %s", c.ID, r.DOBs, c.Query.DateOfBirth)
		}
		if c.Registry == registry.SAM && (len(r.Addresses) == 0 || r.Addresses[0].State == "") {
			t.Errorf("case %s: SAM record without a state: %+v", c.ID, r.Addresses)
		}
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	fa, err := Generate(a, Options{Seed: 11, Scale: 0.01})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Generate(b, Options{Seed: 11, Scale: 0.01}); err != nil {
		t.Fatal(err)
	}
	if _, err := Generate(c, Options{Seed: 12, Scale: 0.01}); err != nil {
		t.Fatal(err)
	}
	same := func(dir, name string) bool {
		x, err1 := os.ReadFile(filepath.Join(a, name))
		y, err2 := os.ReadFile(filepath.Join(dir, name))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		return bytes.Equal(x, y)
	}
	names := []string{filepath.Base(fa.LEIE), filepath.Base(fa.SAM), "sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv", "SDN.XML", "labelled.json"}
	for _, n := range names {
		if !same(b, n) {
			t.Errorf("%s differs between two runs with the same seed", n)
		}
	}
	if same(c, filepath.Base(fa.LEIE)) || same(c, "sdn.csv") {
		t.Error("another seed wrote the same lists")
	}
}

func TestListDateAndFileNames(t *testing.T) {
	day := time.Date(2025, 2, 1, 15, 4, 5, 0, time.UTC)
	files, p := generateParsed(t, Options{Seed: 1, Scale: 0.005, ListDate: day})
	if filepath.Base(files.SAM) != "SAM_Exclusions_Public_Extract_V2_25032.ZIP" {
		t.Errorf("SAM file %s", files.SAM)
	}
	want := time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC)
	if !p.LEIE.Date.Equal(want) || !p.SAM.Date.Equal(want) || !p.OFAC.Date.Equal(want) {
		t.Errorf("dates %v %v %v", p.LEIE.Date, p.SAM.Date, p.OFAC.Date)
	}
}

// TestFullScale generates and parses the three lists at full size: row
// counts in the real lists' ranges, the content mix, and the time.
func TestFullScale(t *testing.T) {
	if testing.Short() {
		t.Skip("full-size lists in -short mode")
	}
	start := time.Now()
	files, err := Generate(t.TempDir(), Options{Seed: 2026})
	if err != nil {
		t.Fatal(err)
	}
	genTime := time.Since(start)
	var p Parsed
	timed := func(name string, fn func() error) time.Duration {
		s := time.Now()
		if err := fn(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return time.Since(s)
	}
	leieTime := timed("LEIE", func() error {
		f, err := os.Open(files.LEIE)
		if err != nil {
			return err
		}
		defer f.Close()
		p.LEIE, err = registry.ParseLEIE(f, files.ListDate)
		return err
	})
	samTime := timed("SAM", func() error {
		f, err := os.Open(files.SAM)
		if err != nil {
			return err
		}
		defer f.Close()
		st, _ := f.Stat()
		p.SAM, err = registry.ParseSAM(f, st.Size(), filepath.Base(files.SAM))
		return err
	})
	ofacTime := timed("OFAC", func() error {
		var rs []*os.File
		for _, path := range []string{files.SDN, files.Alt, files.Add, files.Comments} {
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			rs = append(rs, f)
		}
		var err error
		p.OFAC, err = registry.ParseOFAC(registry.OFACFiles{SDN: rs[0], Alt: rs[1], Add: rs[2], Comments: rs[3]}, files.ListDate)
		return err
	})
	t.Logf("generate %v; parse LEIE %v (%d rows, %d individuals), SAM %v (%d rows, %d individuals), OFAC %v (%d entries, %d individuals)",
		genTime.Round(time.Millisecond), leieTime.Round(time.Millisecond), p.LEIE.Rows, len(p.LEIE.Records),
		samTime.Round(time.Millisecond), p.SAM.Rows, len(p.SAM.Records), ofacTime.Round(time.Millisecond), p.OFAC.Rows, len(p.OFAC.Records))
	// The times are logged, not asserted: tests assert behaviour, and the
	// import's speed is measured by `make bench` (docs/BENCHMARKS.md).
	inRange := func(name string, got, lo, hi int) {
		if got < lo || got > hi {
			t.Errorf("%s = %d, want %d..%d", name, got, lo, hi)
		}
	}
	inRange("LEIE rows", p.LEIE.Rows, 78000, 82000)
	inRange("LEIE entity share ‰", 1000*(p.LEIE.Rows-len(p.LEIE.Records))/p.LEIE.Rows, 40, 60)
	withDOB := 0
	for _, r := range p.LEIE.Records {
		if len(r.DOBs) > 0 {
			withDOB++
		}
	}
	inRange("LEIE individuals with DOB ‰", 1000*withDOB/len(p.LEIE.Records), 935, 965)
	inRange("SAM rows", p.SAM.Rows, 145000, 155000)
	inRange("SAM individual share %", 100*len(p.SAM.Records)/p.SAM.Rows, 58, 68)
	inRange("OFAC entries", p.OFAC.Rows, 17500, 18500)
	aliases, precisions := 0, map[string]int{}
	for _, r := range p.OFAC.Records {
		aliases += len(r.Aliases)
		for _, d := range r.DOBs {
			precisions[d.Precision]++
		}
	}
	inRange("OFAC individual aliases", aliases, 12000, 40000)
	for _, prec := range []string{registry.PrecisionDay, registry.PrecisionMonth, registry.PrecisionYear, registry.PrecisionCirca, registry.PrecisionRange} {
		if precisions[prec] < 100 {
			t.Errorf("only %d OFAC DOBs at precision %s", precisions[prec], prec)
		}
	}
	altRows := countLines(t, files.Alt)
	inRange("alt.csv rows", altRows, 20000, 60000)
	inRange("sdn_comments.csv rows", countLines(t, files.Comments), 100, 1000)
	listed, unlisted, byKind := countCases(files.Cases)
	inRange("listed cases", listed, 300, 400)
	inRange("negative cases", unlisted, 300, 400)
	inRange("unlisted-name cases", byKind[registry.OIGExclusion+"/unlisted"]+byKind[registry.SAM+"/unlisted"]+byKind[registry.OFAC+"/unlisted"], 200, 200)
	verifyAgainstParsed(t, files, p)
}

func countLines(t *testing.T, path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(b, []byte("\r\n"))
}

// TestListStyles: LEIE and SAM print upper-case ASCII cut to the official
// widths; OFAC keeps accents on some names.
func TestListStyles(t *testing.T) {
	_, p := generateParsed(t, Options{Seed: 5, Scale: 0.05})
	asciiUpper := func(s string) bool {
		for _, r := range s {
			if r > unicode.MaxASCII || unicode.IsLower(r) {
				return false
			}
		}
		return true
	}
	for _, l := range []*registry.List{p.LEIE, p.SAM} {
		for _, r := range l.Records {
			if !asciiUpper(r.Name.First + r.Name.Middle + r.Name.Last) {
				t.Fatalf("%s prints %+v", l.Registry, r.Name)
			}
			if l.Registry == registry.OIGExclusion && (len(r.Name.First) > leieFirstWidth || len(r.Name.Last) > leieLastWidth || len(r.Details["GENERAL"]) > leieGeneralWidth) {
				t.Fatalf("LEIE value over its width: %+v %q", r.Name, r.Details["GENERAL"])
			}
		}
	}
	accented, hyphenated, compound, suffixed, crossRefs := 0, 0, 0, 0, 0
	for _, r := range p.OFAC.Records {
		if !asciiUpper(r.Name.Last) {
			accented++
		}
	}
	for _, r := range p.LEIE.Records {
		switch {
		case strings.Contains(r.Name.Last, "-"):
			hyphenated++
		case strings.Contains(r.Name.Last, " "):
			compound++
		}
		if r.Details["Suffix"] != "" {
			suffixed++
		}
	}
	for _, r := range p.SAM.Records {
		crossRefs += len(r.Aliases)
	}
	if accented == 0 || hyphenated == 0 || compound == 0 || suffixed == 0 || crossRefs == 0 {
		t.Errorf("accented OFAC %d, hyphenated %d, compound %d, suffixed %d LEIE surnames, SAM cross-references %d", accented, hyphenated, compound, suffixed, crossRefs)
	}
}

func TestOneEdit(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"JOHNSON", "JOHNSON", true}, {"JOHNSON", "JONHSON", true}, {"JOHNSON", "JOHNSTON", true}, {"JOHNSON", "JONSON", true},
		{"GONZALEZ", "GONZALES", true}, {"SMITH", "SMYTHE", false}, {"LEE", "LEA", false}, {"LEE", "LEEK", true},
		{"MARTINEZ", "MARTIN", false}, {"ABCD", "BADC", false}, {"ABCD", "ABDC", true},
	} {
		if got := oneEdit(tc.a, tc.b); got != tc.want {
			t.Errorf("oneEdit(%s, %s) = %v", tc.a, tc.b, got)
		}
	}
}

func TestPlausible(t *testing.T) {
	m := newMatcher(newFolder())
	n := func(first, middle, last string) lname { return m.name(first, middle, last) }
	listed := n("WILLIAM", "EARL", "GARCIA LOPEZ")
	for _, tc := range []struct {
		q    lname
		want bool
	}{
		{n("William", "", "Garcia Lopez"), true},
		{n("Bill", "", "Garcia-Lopez"), true},
		{n("W", "", "Lopez"), true},
		{n("Earl", "", "Garcia"), true},
		{n("Garcia", "", "William"), true},
		{n("William", "", "Garcialopez"), true},
		{n("Wiliam", "", "Garica"), true},
		{n("Robert", "", "Garcia Lopez"), false},
		{n("William", "", "Gomez"), false},
		{n("José", "", "García López"), false},
	} {
		if got := m.plausible(tc.q, listed); got != tc.want {
			t.Errorf("plausible(%+v) = %v", tc.q, got)
		}
	}
	if !m.plausible(n("José", "", "Peña"), n("JOSE", "", "PENA")) {
		t.Error("accents must not separate names")
	}
}

func TestDOBCompatible(t *testing.T) {
	day := func(y int) time.Time { return time.Date(y, 6, 1, 0, 0, 0, 0, time.UTC) }
	for _, tc := range []struct {
		d    registry.PartialDate
		q    int
		want bool
	}{
		{registry.PartialDate{Year: 1965, Month: 1, Day: 12, Precision: registry.PrecisionDay}, 1966, true},
		{registry.PartialDate{Year: 1965, Month: 1, Day: 12, Precision: registry.PrecisionDay}, 1967, false},
		{registry.PartialDate{Year: 1960, Precision: registry.PrecisionCirca}, 1963, true},
		{registry.PartialDate{Year: 1960, Precision: registry.PrecisionCirca}, 1964, false},
		{registry.PartialDate{Year: 1960, ToYear: 1962, Precision: registry.PrecisionRange}, 1963, true},
		{registry.PartialDate{Year: 1960, ToYear: 1962, Precision: registry.PrecisionRange}, 1958, false},
	} {
		if got := dobCompatible([]registry.PartialDate{tc.d}, day(tc.q), CompatibleYears); got != tc.want {
			t.Errorf("dobCompatible(%s, %d) = %v", tc.d, tc.q, got)
		}
	}
	if !dobCompatible(nil, day(1900), CompatibleYears) {
		t.Error("a listing without a DOB cannot be told apart by date")
	}
}

func TestNameForms(t *testing.T) {
	g := newGenerator(Options{Seed: 1, Scale: 0.01, ListDate: DefaultListDate()})
	for _, tc := range []struct{ in, want string }{
		{"AL-ZAHRANI", "Al-Zahrani"}, {"DE LA CRUZ", "De la Cruz"}, {"ABD AL-RAHMAN", "Abd al-Rahman"},
		{"GARCIA LOPEZ", "Garcia Lopez"}, {"O'BRIEN", "O'brien"}, {"ĐINH", "Đinh"},
	} {
		if got := g.titleCase(tc.in); got != tc.want {
			t.Errorf("titleCase(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for i, want := range []string{"one_part", "hyphenated", "joined"} {
		got, kind := g.compoundForm("García López", i)
		if kind != want || got == "García López" {
			t.Errorf("compoundForm %d = %q %s", i, got, kind)
		}
	}
	if got, kind := g.compoundForm("Smith-Jones", 1); got != "Smith Jones" || kind != "spaced" {
		t.Errorf("compoundForm hyphenated = %q %s", got, kind)
	}
	if got, _ := g.compoundForm("de la Cruz", 2); got != "Delacruz" {
		t.Errorf("compoundForm joined = %q", got)
	}
	for in, want := range map[string]string{"Ivanov": "Ivanova", "Kowalski": "Kowalska", "Shevchenko": "Shevchenko", "Pushkin": "Pushkina"} {
		if got := feminineSurname(in); got != want {
			t.Errorf("feminineSurname(%s) = %s", in, got)
		}
	}
	for range 50 {
		npi := g.npi()
		if _, err := registryNPI(npi); err != nil {
			t.Fatal(err)
		}
	}
}

// registryNPI checks an NPI's Luhn digit (over the 80840 prefix).
func registryNPI(npi string) (string, error) {
	s := "80840" + npi
	sum := 0
	for i := len(s) - 1; i >= 0; i-- {
		d := int(s[i] - '0')
		if (len(s)-1-i)%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	if len(npi) != 10 || sum%10 != 0 {
		return "", os.ErrInvalid
	}
	return npi, nil
}
