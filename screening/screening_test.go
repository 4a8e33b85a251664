package screening

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/namematch"
	"github.com/clearedtostart/compliance/registry"
)

func date(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// dateIfGiven is date, or the zero time (not given) for "".
func dateIfGiven(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	return date(s)
}

func day(y, m, d int) registry.PartialDate {
	return registry.PartialDate{Year: y, Month: m, Day: d, Precision: registry.PrecisionDay}
}

func name(first, middle, last string) registry.Name {
	return registry.Name{First: first, Middle: middle, Last: last}
}

// variantList holds one listed person per labelled variant, among
// distractors, none with a date of birth or address so that only the name
// decides.
func variantList() *registry.List {
	recs := []registry.Record{
		{SourceID: "william-johnson", Name: name("WILLIAM", "", "JOHNSON")},
		{SourceID: "robert-miller", Name: name("ROBERT", "", "MILLER")},
		{SourceID: "margaret-walsh", Name: name("MARGARET", "", "WALSH")},
		{SourceID: "jose-nunez", Name: name("JOSE", "", "NUNEZ")},
		{SourceID: "zoe-adams", Name: name("ZOE", "", "ADAMS")},
		{SourceID: "john-smith", Name: name("JOHN", "", "SMITH")},
		{SourceID: "wei-chen", Name: name("WEI", "", "CHEN")},
		{SourceID: "maria-garcia-lopez", Name: name("MARIA", "", "GARCIA-LOPEZ")},
		{SourceID: "juan-de-la-cruz", Name: name("JUAN", "", "DE LA CRUZ")},
		{SourceID: "sean-obrien", Name: name("SEAN", "", "OBRIEN")},
		{SourceID: "robert-baker", Name: name("ROBERT", "", "BAKER JR")},
		{SourceID: "ann-ortiz", Name: name("ANN", "", "ORTIZ")},
		{SourceID: "catherine-schmidt", Name: name("KATHRYN", "", "SCHMIDT")},
		// distractors
		{SourceID: "pedro-johnson", Name: name("PEDRO", "", "JOHNSON")},
		{SourceID: "maria-alvarez", Name: name("MARIA", "", "ALVAREZ")},
		{SourceID: "juan-cruz-ramos", Name: name("JUAN", "", "RAMOS")},
		{SourceID: "john-smithers", Name: name("JOHN", "", "SMITHERS")},
	}
	return &registry.List{Registry: registry.OIGExclusion, Date: date("2026-11-01"), Records: recs}
}

func sourceIDs(hits []Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Record.SourceID)
	}
	return out
}

// searchOneRecord screens q against a list of rec alone and returns the
// result with the record's hit, which must be its only one.
func searchOneRecord(t *testing.T, registryCode string, rec registry.Record, q Query) (Result, Hit) {
	t.Helper()
	res := Build(&registry.List{Registry: registryCode, Records: []registry.Record{rec}}).Search(q)
	if len(res.Filtered) != 1 {
		t.Fatalf("filtered %v", sourceIDs(res.Filtered))
	}
	return res, res.Filtered[0]
}

// setAsideFor reports whether h is set aside for code.
func setAsideFor(h Hit, code string) bool {
	return slices.ContainsFunc(h.SetAside, func(s SetAside) bool { return s.Code == code })
}

func TestSearchVariants(t *testing.T) {
	ix := Build(variantList())
	tests := []struct {
		name  string
		q     Query
		want  string // the SourceID that must be in Filtered and Matches
		first namematch.Reason
		last  namematch.Reason
	}{
		{"nickname Bill", Query{First: "Bill", Last: "Johnson"}, "william-johnson", namematch.ReasonNickname, namematch.ReasonExact},
		{"nickname and transposition", Query{First: "Bill", Last: "Jonhson"}, "william-johnson", namematch.ReasonNickname, namematch.ReasonOneEdit},
		{"nickname Bob", Query{First: "Bob", Last: "Miller"}, "robert-miller", namematch.ReasonNickname, namematch.ReasonExact},
		{"nickname Peggy", Query{First: "Peggy", Last: "Walsh"}, "margaret-walsh", namematch.ReasonNickname, namematch.ReasonExact},
		{"diacritics José", Query{First: "José", Last: "Núñez"}, "jose-nunez", namematch.ReasonExact, namematch.ReasonExact},
		{"diacritics Zoë", Query{First: "Zoë", Last: "Adams"}, "zoe-adams", namematch.ReasonExact, namematch.ReasonExact},
		{"initial", Query{First: "J.", Last: "Smith"}, "john-smith", namematch.ReasonInitial, namematch.ReasonExact},
		{"swapped", Query{First: "Smith", Last: "John"}, "john-smith", namematch.ReasonExact, namematch.ReasonExact},
		{"swapped Chinese order", Query{First: "Chen", Last: "Wei"}, "wei-chen", namematch.ReasonExact, namematch.ReasonExact},
		{"compound with a space", Query{First: "Maria", Last: "Garcia Lopez"}, "maria-garcia-lopez", namematch.ReasonExact, namematch.ReasonExact},
		{"compound joined", Query{First: "Maria", Last: "GarciaLopez"}, "maria-garcia-lopez", namematch.ReasonExact, namematch.ReasonJoined},
		{"compound first part", Query{First: "Maria", Last: "Garcia"}, "maria-garcia-lopez", namematch.ReasonExact, namematch.ReasonCompoundPart},
		{"compound second part", Query{First: "Maria", Last: "Lopez"}, "maria-garcia-lopez", namematch.ReasonExact, namematch.ReasonCompoundPart},
		{"compound reversed", Query{First: "Maria", Last: "Lopez-Garcia"}, "maria-garcia-lopez", namematch.ReasonExact, namematch.ReasonCompoundPart},
		{"particles joined", Query{First: "Juan", Last: "DeLaCruz"}, "juan-de-la-cruz", namematch.ReasonExact, namematch.ReasonJoined},
		{"particles half joined", Query{First: "Juan", Last: "Dela Cruz"}, "juan-de-la-cruz", namematch.ReasonExact, namematch.ReasonJoined},
		{"particles dropped", Query{First: "Juan", Last: "Cruz"}, "juan-de-la-cruz", namematch.ReasonExact, namematch.ReasonCompoundPart},
		{"apostrophe", Query{First: "Sean", Last: "O'Brien"}, "sean-obrien", namematch.ReasonExact, namematch.ReasonExact},
		{"suffix on the list", Query{First: "Robert", Last: "Baker"}, "robert-baker", namematch.ReasonExact, namematch.ReasonExact},
		{"suffix on the query", Query{First: "Robert", Last: "Baker III"}, "robert-baker", namematch.ReasonExact, namematch.ReasonExact},
		{"title", Query{First: "Dr. Ann", Last: "Ortiz"}, "ann-ortiz", namematch.ReasonExact, namematch.ReasonExact},
		{"title and suffix", Query{First: "Mrs", Middle: "Ann", Last: "Ortiz, RN"}, "ann-ortiz", namematch.ReasonExact, namematch.ReasonExact},
		{"phonetic", Query{First: "Catherine", Last: "Smith"}, "catherine-schmidt", namematch.ReasonPhonetic, namematch.ReasonPhonetic},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ix.Search(tt.q)
			i := slices.IndexFunc(res.Matches, func(h Hit) bool { return h.Record.SourceID == tt.want })
			if i < 0 {
				t.Fatalf("%s not in matches %v (filtered %v)", tt.want, sourceIDs(res.Matches), sourceIDs(res.Filtered))
			}
			h := res.Matches[i]
			if h.Name.First.Reason != tt.first || h.Name.Last.Reason != tt.last {
				t.Fatalf("reasons first=%s last=%s, want %s %s", h.Name.First.Reason, h.Name.Last.Reason, tt.first, tt.last)
			}
			if h.DOB.Outcome != DOBNotGiven && h.DOB.Outcome != DOBUnknown || h.Location.Outcome != LocationNotGiven {
				t.Fatalf("dob %+v location %+v", h.DOB, h.Location)
			}
		})
	}
}

func TestSearchNegatives(t *testing.T) {
	ix := Build(variantList())
	tests := []struct {
		name string
		q    Query
		not  string
	}{
		{"different first name", Query{First: "Maria", Last: "Johnson"}, "pedro-johnson"},
		{"different surname", Query{First: "Maria", Last: "Alonso"}, "maria-alvarez"},
		{"Smith is not Smithers", Query{First: "John", Last: "Smith"}, "john-smithers"},
		{"exact: nickname", Query{First: "Bill", Last: "Johnson", MatchType: Exact}, "william-johnson"},
		{"exact: part of a compound", Query{First: "Maria", Last: "Garcia", MatchType: Exact}, "maria-garcia-lopez"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if ids := sourceIDs(ix.Search(tt.q).Filtered); slices.Contains(ids, tt.not) {
				t.Fatalf("%s in filtered %v", tt.not, ids)
			}
		})
	}
}

func TestSearchExact(t *testing.T) {
	ix := Build(variantList())
	for _, q := range []Query{
		{First: "Maria", Last: "GarciaLopez", MatchType: Exact},
		{First: "maria", Last: "garcia lopez", MatchType: "exact"},
		{First: "Lopez", Last: "Garcia Maria", MatchType: Exact}, // not equal in any order
	} {
		res := ix.Search(q)
		found := slices.Contains(sourceIDs(res.Matches), "maria-garcia-lopez")
		if want := q.First != "Lopez"; found != want || res.MatchType != Exact {
			t.Errorf("%+v: found=%v (%v), want %v", q, found, sourceIDs(res.Matches), want)
		}
	}
	if res := ix.Search(Query{First: "Chen", Last: "Wei", MatchType: Exact}); !slices.Contains(sourceIDs(res.Matches), "wei-chen") || !res.Matches[0].Name.Swapped {
		t.Errorf("exact swapped: %+v", res.Matches)
	}
	if res := ix.Search(Query{First: "Juan", Last: "Cruz", MatchType: "bogus"}); res.MatchType != Partial {
		t.Errorf("unknown match type searched as %q", res.MatchType)
	}
}

func TestSearchAliases(t *testing.T) {
	list := &registry.List{Registry: registry.OFAC, Records: []registry.Record{
		{SourceID: "1", Name: name("Ahmad", "", "AL-RASHID"), Aliases: []registry.Alias{
			{Name: name("Abu", "", "Khalid"), Type: "aka", Weak: true},
			{Name: name("Ahmed", "", "RASHID"), Type: "aka"},
		}},
		{SourceID: "2", Name: name("JOHN", "Q", "DOE"), Aliases: []registry.Alias{
			{Name: name("JOHNNY", "", "DOE"), Type: "cross_reference"},
		}},
	}}
	ix := Build(list)
	if ix.Names() != 5 || ix.Len() != 2 {
		t.Fatalf("indexed %d names of %d records", ix.Names(), ix.Len())
	}
	res := ix.Search(Query{First: "Abu", Last: "Khalid"})
	if len(res.Matches) != 1 || res.Matches[0].NameSource != "aka" || !res.Matches[0].WeakAlias || res.Matches[0].MatchedName.Last != "Khalid" {
		t.Fatalf("weak alias: %+v", res.Matches)
	}
	res = ix.Search(Query{First: "Ahmed", Last: "Rashid"})
	if len(res.Matches) != 1 || res.Matches[0].NameSource != "aka" || res.Matches[0].WeakAlias || res.Matches[0].Name.Last.Reason != namematch.ReasonExact {
		t.Fatalf("strong alias: %+v", res.Matches)
	}
	// One hit per record: the name that resembles best.
	res = ix.Search(Query{First: "Ahmad", Last: "Al Rashid"})
	if len(res.Filtered) != 1 || res.Filtered[0].NameSource != SourceName || res.Filtered[0].Score != 1 {
		t.Fatalf("primary name: %+v", res.Filtered)
	}
	// A middle initial conflicts with the record's name (Q, R) but not with
	// its alias, which has none: the alias explains the hit, not set aside.
	res = ix.Search(Query{First: "John", Middle: "R", Last: "Doe"})
	if len(res.Matches) != 1 || res.Matches[0].NameSource != "cross_reference" || res.Matches[0].Name.Middle.Reason != namematch.ReasonMissing {
		t.Fatalf("alias without middle name: %+v", res.Filtered)
	}
	// Every resembling name conflicts: set aside.
	ix = Build(&registry.List{Records: []registry.Record{{SourceID: "3", Name: name("JOHN", "Q", "DOE"),
		Aliases: []registry.Alias{{Name: name("JOHNNY", "QUINN", "DOE"), Type: "aka"}}}}})
	res = ix.Search(Query{First: "John", Middle: "R", Last: "Doe"})
	if len(res.Filtered) != 1 || len(res.Matches) != 0 || res.Filtered[0].SetAside[0].Code != SetAsideMiddleName {
		t.Fatalf("all names conflict: %+v", res.Filtered)
	}
}

func TestSearchDOB(t *testing.T) {
	circa := registry.PartialDate{Year: 1960, Precision: registry.PrecisionCirca}
	rng := registry.PartialDate{Year: 1960, ToYear: 1962, Precision: registry.PrecisionRange}
	year := registry.PartialDate{Year: 1975, Precision: registry.PrecisionYear}
	month := registry.PartialDate{Year: 1975, Month: 6, Precision: registry.PrecisionMonth}
	tests := []struct {
		name    string
		dobs    []registry.PartialDate
		cand    string
		outcome string
	}{
		{"day agrees", []registry.PartialDate{day(1980, 4, 12)}, "1980-04-12", DOBMatch},
		{"day differs", []registry.PartialDate{day(1980, 4, 12)}, "1980-04-13", DOBContradicts},
		{"month agrees", []registry.PartialDate{month}, "1975-06-30", DOBConsistent},
		{"month differs", []registry.PartialDate{month}, "1975-07-01", DOBContradicts},
		{"year only agrees", []registry.PartialDate{year}, "1975-12-31", DOBConsistent},
		{"year only differs", []registry.PartialDate{year}, "1976-01-01", DOBContradicts},
		{"circa, two years off", []registry.PartialDate{circa}, "1962-05-05", DOBConsistent},
		{"circa, two years before", []registry.PartialDate{circa}, "1958-05-05", DOBConsistent},
		{"circa, three years off", []registry.PartialDate{circa}, "1963-01-01", DOBContradicts},
		{"range, inside", []registry.PartialDate{rng}, "1961-03-03", DOBConsistent},
		{"range, last year", []registry.PartialDate{rng}, "1962-12-31", DOBConsistent},
		{"range, outside", []registry.PartialDate{rng}, "1963-01-01", DOBContradicts},
		{"several dates, one agrees", []registry.PartialDate{day(1965, 1, 12), {Year: 1966, Precision: registry.PrecisionYear}}, "1966-08-08", DOBConsistent},
		{"several dates, all contradict", []registry.PartialDate{day(1965, 1, 12), {Year: 1966, Precision: registry.PrecisionYear}}, "1967-08-08", DOBContradicts},
		{"several dates, the day agrees", []registry.PartialDate{{Year: 1965, Precision: registry.PrecisionYear}, day(1965, 1, 12)}, "1965-01-12", DOBMatch},
		{"no date listed", nil, "1980-04-12", DOBUnknown},
		{"unusable date listed", []registry.PartialDate{{Precision: registry.PrecisionYear}}, "1980-04-12", DOBUnknown},
		{"candidate gave none", []registry.PartialDate{day(1980, 4, 12)}, "", DOBNotGiven},
		{"precision missing, fields decide", []registry.PartialDate{{Year: 1980, Month: 4}}, "1980-04-01", DOBConsistent},
		{"day precision without a day", []registry.PartialDate{{Year: 1980, Month: 4, Precision: registry.PrecisionDay}}, "1980-05-01", DOBContradicts},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, h := searchOneRecord(t, registry.OIGExclusion,
				registry.Record{SourceID: "x", Name: name("MARIA", "", "ALVAREZ"), DOBs: tt.dobs},
				Query{First: "Maria", Last: "Alvarez", DOB: dateIfGiven(tt.cand)})
			if h.DOB.Outcome != tt.outcome {
				t.Fatalf("DOB outcome %q, want %q (%+v)", h.DOB.Outcome, tt.outcome, h.DOB)
			}
			setAside := setAsideFor(h, SetAsideDOB)
			if setAside != (tt.outcome == DOBContradicts) || (len(res.Matches) == 1) == setAside {
				t.Fatalf("set aside %v, matches %d, for outcome %s", h.SetAside, len(res.Matches), tt.outcome)
			}
		})
	}
}

func TestSearchMiddleName(t *testing.T) {
	tests := []struct {
		name           string
		listed, middle string
		setAside       bool
		reason         namematch.Reason
	}{
		{"initials differ", "K", "L", true, namematch.ReasonConflict},
		{"initial agrees with the name", "LUISA", "L", false, namematch.ReasonInitial},
		{"names agree", "LUISA", "Luisa", false, namematch.ReasonExact},
		{"same initial, other name", "LORENA", "Luisa", false, namematch.ReasonDifferent},
		{"none listed", "", "Luisa", false, namematch.ReasonMissing},
		{"none given", "K", "", false, namematch.ReasonMissing},
		{"one of two shares an initial", "ANN KAY", "K", false, namematch.ReasonInitial},
		{"the listed middle is part of the candidate's surname", "GARCIA", "", false, namematch.ReasonMissing},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, h := searchOneRecord(t, "",
				registry.Record{SourceID: "x", Name: name("MARIA", tt.listed, "ALVAREZ")},
				Query{First: "Maria", Middle: tt.middle, Last: "Alvarez Garcia"})
			if h.Name.Middle.Reason != tt.reason {
				t.Fatalf("middle reason %s, want %s", h.Name.Middle.Reason, tt.reason)
			}
			got := setAsideFor(h, SetAsideMiddleName)
			if got != tt.setAside || (len(res.Matches) == 0) != tt.setAside {
				t.Fatalf("set aside %+v, matches %d", h.SetAside, len(res.Matches))
			}
		})
	}
}

func TestSearchLocation(t *testing.T) {
	fl := []registry.Address{{City: "Miami", State: "FL", Zip: "33101"}}
	tests := []struct {
		name     string
		dobs     []registry.PartialDate
		addrs    []registry.Address
		zip      string
		dob      string
		outcome  string
		setAside bool
	}{
		{"no DOB listed, other state", nil, fl, "75201", "", LocationOtherState, true},
		{"no DOB listed, other state, candidate DOB given", nil, fl, "75201-1234", "1980-01-01", LocationOtherState, true},
		{"no DOB listed, same state", nil, fl, "33139", "", LocationSameState, false},
		{"one of the addresses in the candidate's state", nil, append([]registry.Address{{State: "TX"}}, fl...), "75201", "", LocationSameState, false},
		{"state from the listed ZIP code", nil, []registry.Address{{City: "Dallas", Zip: "75201"}}, "33101", "", LocationOtherState, true},
		{"state spelled out", nil, []registry.Address{{State: "Florida"}}, "75201", "", LocationOtherState, true},
		{"DOB listed: the date decides, not the place", []registry.PartialDate{day(1980, 1, 1)}, fl, "75201", "1980-01-01", LocationOtherState, false},
		{"DOB listed, candidate gave none: location does not decide", []registry.PartialDate{day(1980, 1, 1)}, fl, "75201", "", LocationOtherState, false},
		{"no address listed", nil, nil, "75201", "", LocationUnknown, false},
		{"foreign address only", nil, []registry.Address{{City: "Caracas", State: "DC", Country: "Venezuela"}}, "75201", "", LocationUnknown, false},
		{"ZIP prefix that decides no state", nil, fl, "09012", "", LocationUnknown, false},
		{"malformed ZIP", nil, fl, "7520", "", LocationUnknown, false},
		{"no ZIP given", nil, fl, "", "", LocationNotGiven, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, h := searchOneRecord(t, registry.SAM,
				registry.Record{SourceID: "x", Name: name("JOHN", "", "SMITH"), DOBs: tt.dobs, Addresses: tt.addrs},
				Query{First: "John", Last: "Smith", Zip: tt.zip, DOB: dateIfGiven(tt.dob)})
			if h.Location.Outcome != tt.outcome {
				t.Fatalf("location %+v, want %s", h.Location, tt.outcome)
			}
			got := setAsideFor(h, SetAsideLocation)
			if got != tt.setAside || (len(res.Matches) == 0) != tt.setAside {
				t.Fatalf("set aside %+v, matches %d", h.SetAside, len(res.Matches))
			}
		})
	}
}

// TestSearchSimilarNameOtherPerson: a different person with a similar
// name and a contradicting date of birth is shown in Filtered, set aside,
// and the candidate's own record stays a match.
func TestSearchSimilarNameOtherPerson(t *testing.T) {
	ix := Build(&registry.List{Registry: registry.OIGExclusion, Records: []registry.Record{
		{SourceID: "other", Name: name("MARIA", "L", "GARCIA"), DOBs: []registry.PartialDate{day(1961, 3, 9)}},
		{SourceID: "same", Name: name("MARIA", "", "GARCIA LOPEZ"), DOBs: []registry.PartialDate{day(1990, 4, 12)}},
		{SourceID: "year-only", Name: name("MARIE", "", "GARCIA"), DOBs: []registry.PartialDate{{Year: 1990, Precision: registry.PrecisionYear}}},
	}})
	res := ix.Search(Query{First: "Maria", Middle: "Luisa", Last: "Garcia", DOB: date("1990-04-12")})
	if got := sourceIDs(res.Filtered); len(got) != 3 {
		t.Fatalf("filtered %v, want all three", got)
	}
	if got := sourceIDs(res.Matches); !slices.Equal(got, []string{"year-only", "same"}) {
		t.Fatalf("matches %v", got)
	}
	other := res.Filtered[slices.IndexFunc(res.Filtered, func(h Hit) bool { return h.Record.SourceID == "other" })]
	if len(other.SetAside) != 1 || other.SetAside[0].Code != SetAsideDOB || !strings.Contains(other.SetAside[0].Message, "1961-03-09") {
		t.Fatalf("set aside %+v", other.SetAside)
	}
}

func TestSearchEmptyQuery(t *testing.T) {
	res := Build(variantList()).Search(Query{})
	if res.Filtered == nil || res.Matches == nil || len(res.Filtered) != 0 || res.Registry != registry.OIGExclusion {
		t.Fatalf("%+v", res)
	}
}

// TestResultJSON pins the result clients receive.
func TestResultJSON(t *testing.T) {
	ix := Build(&registry.List{Registry: registry.OIGExclusion, Date: date("2026-11-01"), Records: []registry.Record{
		{SourceID: "a1", Name: name("WILLIAM", "J", "JOHNSON"), NPI: "1234567893", DOBs: []registry.PartialDate{day(1971, 2, 3)},
			Addresses: []registry.Address{{Line1: "1 Main St", City: "Tampa", State: "FL", Zip: "33602"}},
			Details:   map[string]string{"EXCLTYPE": "1128b4"}},
		{SourceID: "a2", Name: name("BILL", "", "JOHNSTON"), DOBs: []registry.PartialDate{day(1980, 5, 6)}},
		{SourceID: "a3", Name: name("WILLIAM", "", "JONSON"), Addresses: []registry.Address{{State: "CA"}}},
	}})
	res := ix.Search(Query{First: "Bill", Middle: "J", Last: "Johnson", DOB: date("1971-02-03"), Zip: "33602"})
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/result.json", append(b, '\n'))
}

// TestSearchRegistryFindings replays the misses found by screening the
// labelled cases through the API (ofac/nickname/001, ofac/swapped/002,
// sam/different_state/006) on records printed as those lists print them,
// among the distractors each case met.
func TestSearchRegistryFindings(t *testing.T) {
	circa := func(y int) []registry.PartialDate {
		return []registry.PartialDate{{Year: y, Precision: registry.PrecisionCirca, Text: fmt.Sprint("circa ", y)}}
	}
	year := func(y int) []registry.PartialDate {
		return []registry.PartialDate{{Year: y, Precision: registry.PrecisionYear, Text: fmt.Sprint(y)}}
	}
	tx := []registry.Address{{City: "Dallas", State: "TX", Zip: "75201"}}
	ofac := &registry.List{Registry: registry.OFAC, Records: []registry.Record{
		{SourceID: "jesus-garcia", Name: registry.NameFromLastFirst("GARCIA, Jesus Alberto"), DOBs: circa(1950)},
		{SourceID: "husayn-al-zahrani", Name: registry.NameFromLastFirst("AL-ZAHRANI, Husayn Salih"), DOBs: year(1978)},
		{SourceID: "ali-al-zahrani", Name: registry.NameFromLastFirst("AL-ZAHRANI, Ali"), DOBs: year(1978)},
		{SourceID: "ali-al-zahrani-salih", Name: registry.NameFromLastFirst("AL-ZAHRANI, Ali Salih"), DOBs: year(1979)},
		{SourceID: "pepe-listed", Name: registry.NameFromLastFirst("DE LA CRUZ, Pepe"), DOBs: year(1970)},
	}}
	sam := &registry.List{Registry: registry.SAM, Records: []registry.Record{
		{SourceID: "matthew-lee-olson", Name: name("MATTHEW", "LEE", "OLSON"), Addresses: tx},
		{SourceID: "matthew-lee", Name: name("MATTHEW", "", "LEE"), Addresses: []registry.Address{{State: "FL"}}},
		{SourceID: "maria-garcia-lopez", Name: name("MARIA", "GARCIA", "LOPEZ"), Addresses: tx},
		{SourceID: "jennifer-smith-jones", Name: name("JENNIFER", "SMITH", "JONES"), Addresses: tx},
	}}
	tests := []struct {
		name     string
		list     *registry.List
		q        Query
		want     string // in Matches, with these reasons
		swapped  bool   // want's explanation is swapped
		first    namematch.Reason
		last     namematch.Reason
		notFound []string // not even in Filtered
	}{
		{"Chuy for Jesús (ofac/nickname/001)", ofac,
			Query{First: "Chuy", Middle: "Alberto", Last: "Garcia", DOB: date("1951-12-21")},
			"jesus-garcia", false, namematch.ReasonNickname, namematch.ReasonExact, nil},
		{"José for a listed Pepe", ofac,
			Query{First: "José", Last: "de la Cruz", DOB: date("1970-06-01")},
			"pepe-listed", false, namematch.ReasonNickname, namematch.ReasonExact, nil},
		{"hyphenated particle surname as the first name (ofac/swapped/002)", ofac,
			Query{First: "Al-Zahrani", Middle: "Salih", Last: "Husayn", DOB: date("1978-04-27")},
			"husayn-al-zahrani", true, namematch.ReasonExact, namematch.ReasonExact, []string{"ali-al-zahrani", "ali-al-zahrani-salih"}},
		{"particle surname as the first name, spaced", ofac,
			Query{First: "Al Zahrani", Last: "Husayn", DOB: date("1978-04-27")},
			"husayn-al-zahrani", true, namematch.ReasonExact, namematch.ReasonExact, []string{"ali-al-zahrani"}},
		{"surname as a common middle name (sam/different_state/006)", sam,
			Query{First: "Matthew", Last: "Lee", DOB: date("1961-05-14"), Zip: "75278"},
			"", false, "", "", []string{"matthew-lee-olson"}},
		{"second family name as the middle name", sam,
			Query{First: "Maria", Last: "Garcia", Zip: "75278"},
			"maria-garcia-lopez", false, namematch.ReasonExact, namematch.ReasonSurnameInMiddle, nil},
		{"maiden name kept as the middle name", sam,
			Query{First: "Jennifer", Last: "Smith", Zip: "75278"},
			"jennifer-smith-jones", false, namematch.ReasonExact, namematch.ReasonSurnameInMiddle, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Build(tt.list).Search(tt.q)
			for _, id := range tt.notFound {
				if slices.Contains(sourceIDs(res.Filtered), id) {
					t.Errorf("%s in filtered %v", id, sourceIDs(res.Filtered))
				}
			}
			if tt.want == "" {
				return
			}
			i := slices.IndexFunc(res.Matches, func(h Hit) bool { return h.Record.SourceID == tt.want })
			if i < 0 {
				t.Fatalf("%s not in matches %v (filtered %v)", tt.want, sourceIDs(res.Matches), sourceIDs(res.Filtered))
			}
			x := res.Matches[i].Name
			if x.Swapped != tt.swapped || x.First.Reason != tt.first || x.Last.Reason != tt.last {
				t.Fatalf("swapped=%v first=%s last=%s, want %v %s %s", x.Swapped, x.First.Reason, x.Last.Reason, tt.swapped, tt.first, tt.last)
			}
		})
	}
}
