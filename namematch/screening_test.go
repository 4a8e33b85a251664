package namematch

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/internal/golden"
)

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"O'Brien", "obrien"},
		{"O’Brien", "obrien"},
		{"José Núñez", "jose nunez"},
		{"Zoë", "zoe"},
		{"Łucja Søren Straße", "lucja soren strasse"},
		{"Garcia-Lopez", "garcia lopez"},
		{"  Smith,  Jr. ", "smith jr"},
		{"D'Angelo-Smith", "dangelo smith"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseScreening(t *testing.T) {
	tests := []struct {
		name                   string
		in                     Name
		given, middle, surname string
		particles              string
	}{
		{"title and suffix", Name{"Dr. Robert", "", "Smith Jr."}, "robert", "", "smith", ""},
		{"title alone as first name", Name{"Sister", "Mary", "Jones"}, "mary", "", "jones", ""},
		{"title is the whole given name", Name{"Dr", "", "Smith"}, "dr", "", "smith", ""},
		{"professional suffixes", Name{"Ann", "", "Baker RN BSN"}, "ann", "", "baker", ""},
		{"suffix in middle", Name{"John", "A Jr", "Smith"}, "john", "a", "smith", ""},
		{"suffix is the whole surname", Name{"Ann", "", "Jr"}, "ann", "", "jr", ""},
		{"V stays", Name{"John", "V", "Smith"}, "john", "v", "smith", ""},
		{"particles", Name{"Juan", "", "de la Cruz"}, "juan", "", "de la cruz", "de la"},
		{"particle as surname", Name{"Minh", "", "Le"}, "minh", "", "le", ""},
		{"Vietnamese Do Van", Name{"An", "", "Do"}, "an", "", "do", ""},
		{"mononym", Name{"", "", "Madonna"}, "", "", "madonna", ""},
		{"first name only", Name{"Madonna", "", ""}, "", "", "madonna", ""},
		{"hyphenated", Name{"Mary-Ann", "", "Garcia-Lopez"}, "mary ann", "", "garcia lopez", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parseScreening(tt.in)
			var parts []string
			for i, w := range p.surname {
				if p.particle[i] {
					parts = append(parts, w)
				}
			}
			got := fmt.Sprintf("%q %q %q %q", join(p.given), join(p.middle), join(p.surname), join(parts))
			want := fmt.Sprintf("%q %q %q %q", tt.given, tt.middle, tt.surname, tt.particles)
			if got != want {
				t.Fatalf("parseScreening(%+v) = %s, want %s", tt.in, got, want)
			}
		})
	}
}

func join(ws []string) string {
	return strings.Join(ws, " ")
}

func TestGluedRests(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"delacruz", []string{"cruz", "acruz"}},
		{"dasilva", []string{"ilva", "silva"}},
		{"dossantos", []string{"santos"}},
		{"vanderberg", []string{"berg", "rberg"}},
		{"delosreyes", []string{"reyes", "osreyes", "losreyes"}},
		{"stjohn", []string{"john"}},
		{"dean", nil},    // too little would remain
		{"alvarez", nil}, // "al" is not written glued
		{"davis", nil},   // "vis" is too short
		{"smith", nil},
	}
	for _, tt := range tests {
		got := gluedRests(tt.in)
		slices.Sort(got)
		want := slices.Clone(tt.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("gluedRests(%q) = %q, want %q", tt.in, got, want)
		}
	}
}

func TestWithinOneEdit(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"johnson", "jonhson", true}, // adjacent swap
		{"ohn", "hon", true},         // swap of the first two letters
		{"smith", "smyth", true},     // substitution
		{"ann", "anne", true},        // insertion
		{"johnson", "jonson", true},  // deletion
		{"johnson", "jensen", false},
		{"abc", "cab", false},
		{"josé", "jose", true}, // runes, not bytes
		{"nuñez", "nunes", false},
		{"same", "same", true},
	}
	for _, tt := range tests {
		if got := withinOneEdit(tt.a, tt.b); got != tt.want {
			t.Errorf("withinOneEdit(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

type labelledWant struct {
	resembles           bool
	first, middle, last Reason
	swapped             bool
}

type labelledCase struct {
	name          string
	query, listed Name
	mode          Mode
	want          labelledWant
}

// labelled is the labelled set of name variants: every one must resemble
// with the stated reasons, and the negatives must not.
var labelled = func() []labelledCase {
	type want = labelledWant
	return []labelledCase{
		{"exact any case", Name{"Maria", "", "Alvarez"}, Name{"MARIA", "", "ALVAREZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, false}},
		{"nickname Bill", Name{"Bill", "", "Chen"}, Name{"WILLIAM", "", "CHEN"}, ModeFuzzy, want{true, ReasonNickname, ReasonMissing, ReasonExact, false}},
		{"nickname Bob", Name{"Bob", "", "Miller"}, Name{"ROBERT", "", "MILLER"}, ModeFuzzy, want{true, ReasonNickname, ReasonMissing, ReasonExact, false}},
		{"nickname Peggy", Name{"Peggy", "", "Walsh"}, Name{"MARGARET", "", "WALSH"}, ModeFuzzy, want{true, ReasonNickname, ReasonMissing, ReasonExact, false}},
		{"nickname listed", Name{"Margaret", "", "Walsh"}, Name{"PEGGY", "", "WALSH"}, ModeFuzzy, want{true, ReasonNickname, ReasonMissing, ReasonExact, false}},
		{"transposition Jonhson", Name{"Mary", "", "Jonhson"}, Name{"MARY", "", "JOHNSON"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonOneEdit, false}},
		{"transposition of the first letters", Name{"Ian", "", "Ohnson"}, Name{"IAN", "", "HONSON"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonOneEdit, false}},
		{"diacritics José", Name{"José", "", "Núñez"}, Name{"JOSE", "", "NUNEZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, false}},
		{"diacritics Zoë", Name{"Zoë", "", "Smith"}, Name{"ZOE", "", "SMITH"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, false}},
		{"initial on the query", Name{"J.", "", "Smith"}, Name{"JOHN", "", "SMITH"}, ModeFuzzy, want{true, ReasonInitial, ReasonMissing, ReasonExact, false}},
		{"initial on the list", Name{"John", "", "Smith"}, Name{"J", "", "SMITH"}, ModeFuzzy, want{true, ReasonInitial, ReasonMissing, ReasonExact, false}},
		{"swapped first and last", Name{"Smith", "", "John"}, Name{"JOHN", "", "SMITH"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, true}},
		{"compound hyphen vs space", Name{"Maria", "", "Garcia Lopez"}, Name{"MARIA", "", "GARCIA-LOPEZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, false}},
		{"compound joined", Name{"Maria", "", "GarciaLopez"}, Name{"MARIA", "", "GARCIA-LOPEZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonJoined, false}},
		{"compound first part", Name{"Maria", "", "Garcia"}, Name{"MARIA", "", "GARCIA-LOPEZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonCompoundPart, false}},
		{"compound second part", Name{"Maria", "", "Lopez"}, Name{"MARIA", "", "GARCIA LOPEZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonCompoundPart, false}},
		{"compound reordered", Name{"Maria", "", "Lopez Garcia"}, Name{"MARIA", "", "GARCIA LOPEZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonCompoundPart, false}},
		{"compound on the query", Name{"Maria", "", "Garcia-Lopez"}, Name{"MARIA", "", "GARCIA"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonCompoundPart, false}},
		{"compound with a typo", Name{"Maria", "", "Garcia Lopes"}, Name{"MARIA", "", "GARCIA-LOPEZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonOneEdit, false}},
		{"particles joined", Name{"Juan", "", "DeLaCruz"}, Name{"JUAN", "", "DE LA CRUZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonJoined, false}},
		{"particles partly joined", Name{"Juan", "", "Dela Cruz"}, Name{"JUAN", "", "DE LA CRUZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonJoined, false}},
		{"particles dropped", Name{"Juan", "", "Cruz"}, Name{"JUAN", "", "DE LA CRUZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonCompoundPart, false}},
		{"glued particles vs none", Name{"Juan", "", "Cruz"}, Name{"JUAN", "", "DELACRUZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonCompoundPart, false}},
		{"apostrophe", Name{"Sean", "", "O'Brien"}, Name{"SEAN", "", "OBRIEN"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, false}},
		{"apostrophe as space", Name{"Sean", "", "O Brien"}, Name{"SEAN", "", "OBRIEN"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonJoined, false}},
		{"suffix", Name{"Robert", "", "Smith Jr."}, Name{"ROBERT", "", "SMITH"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, false}},
		{"roman suffix", Name{"Robert", "", "Smith III"}, Name{"ROBERT", "", "SMITH"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, false}},
		{"title", Name{"Dr. Maria", "", "Alvarez"}, Name{"MARIA", "", "ALVAREZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, false}},
		{"title Sister", Name{"Sister Mary", "", "Jones"}, Name{"MARY", "", "JONES"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, false}},
		{"phonetic", Name{"Catherine", "", "Smith"}, Name{"KATHRYN", "", "SCHMIDT"}, ModeFuzzy, want{true, ReasonPhonetic, ReasonMissing, ReasonPhonetic, false}},
		{"jaro-winkler", Name{"Jonathan", "", "Reed"}, Name{"JOHNATHON", "", "REED"}, ModeFuzzy, want{true, ReasonPhonetic, ReasonMissing, ReasonExact, false}},
		{"two-word first name joined", Name{"MaryAnn", "", "Lee"}, Name{"MARY", "ANN", "LEE"}, ModeFuzzy, want{true, ReasonJoined, ReasonMissing, ReasonExact, false}},
		{"known by the middle name", Name{"Ann", "", "Lee"}, Name{"MARY", "ANN", "LEE"}, ModeFuzzy, want{true, ReasonMiddleAsFirst, ReasonNotCompared, ReasonExact, false}},
		{"surname as middle name on the list", Name{"Maria", "", "Garcia"}, Name{"MARIA", "GARCIA", "LOPEZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonSurnameInMiddle, false}},
		{"surname as middle name on the query", Name{"Maria", "Garcia", "Lopez"}, Name{"MARIA", "", "GARCIA"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonSurnameInMiddle, false}},
		{"middle initial agrees", Name{"Maria", "Luisa", "Alvarez"}, Name{"MARIA", "L", "ALVAREZ"}, ModeFuzzy, want{true, ReasonExact, ReasonInitial, ReasonExact, false}},
		{"middle conflict still resembles", Name{"Maria", "L", "Alvarez"}, Name{"MARIA", "K", "ALVAREZ"}, ModeFuzzy, want{true, ReasonExact, ReasonConflict, ReasonExact, false}},
		{"middle names with one initial differ", Name{"Maria", "Luisa", "Alvarez"}, Name{"MARIA", "LORENA", "ALVAREZ"}, ModeFuzzy, want{true, ReasonExact, ReasonDifferent, ReasonExact, false}},
		{"mononym listed", Name{"Maria", "", "Madonna"}, Name{"", "", "MADONNA"}, ModeFuzzy, want{true, ReasonMissing, ReasonMissing, ReasonExact, false}},
		{"similar first name", Name{"Maria", "", "Alvarez"}, Name{"MARTA", "", "ALVAREZ"}, ModeFuzzy, want{true, ReasonOneEdit, ReasonMissing, ReasonExact, false}},
		// Nicknames of the lists' populations (ofac/nickname/001: Chuy for
		// Jesús was not found).
		{"nickname Chuy", Name{"Chuy", "Alberto", "Garcia"}, Name{"Jesus", "Alberto", "GARCIA"}, ModeFuzzy, want{true, ReasonNickname, ReasonExact, ReasonExact, false}},
		{"nickname Pepe", Name{"Pepe", "", "Zúñiga Chávez"}, Name{"José", "", "ZUÑIGA CHAVEZ"}, ModeFuzzy, want{true, ReasonNickname, ReasonMissing, ReasonExact, false}},
		{"nickname Toño with its accent", Name{"Toño", "", "Reyes"}, Name{"ANTONIO", "", "REYES"}, ModeFuzzy, want{true, ReasonNickname, ReasonMissing, ReasonExact, false}},
		{"nickname Sasha", Name{"Sasha", "", "Petrov"}, Name{"ALEKSANDR", "", "PETROV"}, ModeFuzzy, want{true, ReasonNickname, ReasonMissing, ReasonExact, false}},
		{"nickname Ma. for Maria", Name{"Ma. Teresa", "", "Santos"}, Name{"MARIA", "TERESA", "SANTOS"}, ModeFuzzy, want{true, ReasonNickname, ReasonExact, ReasonExact, false}},
		{"nickname Seun", Name{"Seun", "", "Adeyemi"}, Name{"OLUWASEUN", "", "ADEYEMI"}, ModeFuzzy, want{true, ReasonNickname, ReasonMissing, ReasonExact, false}},
		{"nickname of two given names", Name{"Chema", "", "Lopez"}, Name{"JOSE", "MARIA", "LOPEZ"}, ModeFuzzy, want{true, ReasonNickname, ReasonMissing, ReasonExact, false}},
		{"two given names of a nickname", Name{"José", "María", "López"}, Name{"CHEMA", "", "LOPEZ"}, ModeFuzzy, want{true, ReasonNickname, ReasonMissing, ReasonExact, false}},
		{"nicknames are not transitive: Beto", Name{"Roberto", "", "Diaz"}, Name{"ALBERTO", "", "DIAZ"}, ModeFuzzy, want{false, ReasonDifferent, ReasonMissing, ReasonExact, false}},
		{"Lisa is not a nickname of Elizabeth", Name{"Lisa", "", "Smith"}, Name{"ELIZABETH", "", "SMITH"}, ModeFuzzy, want{false, ReasonDifferent, ReasonMissing, ReasonExact, false}},
		// Swapped names whose surname has particles (ofac/swapped/002: the
		// query's given-name field "Al-Zahrani" was read as "Al").
		{"swapped, particle surname as the first name", Name{"Al-Zahrani", "Salih", "Husayn"}, Name{"Husayn", "Salih", "AL-ZAHRANI"}, ModeFuzzy, want{true, ReasonExact, ReasonExact, ReasonExact, true}},
		{"swapped, De la Cruz as the first name", Name{"De la Cruz", "", "Juan"}, Name{"JUAN", "", "DE LA CRUZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, true}},
		{"swapped, van der Berg as the first name", Name{"van der Berg", "", "Anna"}, Name{"ANNA", "", "VAN DER BERG"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, true}},
		{"swapped, bin Laden as the first name", Name{"Bin Laden", "", "Usama"}, Name{"USAMA", "", "BIN LADEN"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, true}},
		{"swapped, Abu Zayd as the first name", Name{"Abu Zayd", "", "Salim"}, Name{"SALIM", "", "ABU ZAYD"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, true}},
		{"swapped, El- for Al-", Name{"El-Masri", "", "Khalid"}, Name{"KHALID", "", "AL-MASRI"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonCompoundPart, true}},
		{"swapped, glued particles as the first name", Name{"DeLaCruz", "", "Juan"}, Name{"JUAN", "", "DE LA CRUZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonJoined, true}},
		{"swapped, no glued reading of the first name", Name{"Daniel", "", "Smith"}, Name{"SMITH", "", "NEIL"}, ModeFuzzy, want{false, ReasonExact, ReasonMissing, ReasonDifferent, true}},
		{"swapped, compound as the first name", Name{"Garcia Lopez", "", "Maria"}, Name{"MARIA", "LUISA", "GARCIA LOPEZ"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonExact, true}},
		{"swapped on the list, particle surname", Name{"Husayn", "", "Al-Zahrani"}, Name{"AL-ZAHRANI", "", "HUSAYN"}, ModeFuzzy, want{true, ReasonJoined, ReasonMissing, ReasonExact, true}},
		{"swapped on the list, particle dropped", Name{"Husayn", "", "Zahrani"}, Name{"AL-ZAHRANI", "", "HUSAYN"}, ModeFuzzy, want{true, ReasonCompoundPart, ReasonMissing, ReasonExact, true}},
		{"exact mode: swapped particle surname", Name{"Al-Zahrani", "", "Husayn"}, Name{"HUSAYN", "", "AL-ZAHRANI"}, ModeExact, want{true, ReasonExact, ReasonMissing, ReasonExact, true}},
		// A surname found only as the other side's middle name.
		{"maiden name kept as the middle name", Name{"Jennifer", "", "Smith"}, Name{"JENNIFER", "SMITH", "JONES"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonSurnameInMiddle, false}},
		{"Filipino middle name, the mother's surname", Name{"Maricel", "", "Mendoza"}, Name{"MARICEL", "MENDOZA", "REYES"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonSurnameInMiddle, false}},
		{"surname in the middle, nickname", Name{"Lupe", "", "Garcia"}, Name{"GUADALUPE", "GARCIA", "LOPEZ"}, ModeFuzzy, want{true, ReasonNickname, ReasonMissing, ReasonSurnameInMiddle, false}},
		{"surname in the middle, known by the middle name", Name{"Guadalupe", "", "Garcia"}, Name{"MARIA", "GUADALUPE GARCIA", "LOPEZ"}, ModeFuzzy, want{true, ReasonMiddleAsFirst, ReasonNotCompared, ReasonSurnameInMiddle, false}},
		// sam/different_state/006: Matthew Lee is not every MATTHEW LEE <surname>.
		{"common middle name is not a surname", Name{"Matthew", "", "Lee"}, Name{"MATTHEW", "LEE", "OLSON"}, ModeFuzzy, want{false, ReasonExact, ReasonMissing, ReasonDifferent, false}},
		{"common middle name is not a surname, on the query", Name{"Matthew", "Lee", "Olson"}, Name{"MATTHEW", "", "LEE"}, ModeFuzzy, want{false, ReasonExact, ReasonMissing, ReasonDifferent, false}},
		{"common middle name is not a surname: Kumar", Name{"Raj", "", "Kumar"}, Name{"RAJ", "KUMAR", "PATEL"}, ModeFuzzy, want{false, ReasonExact, ReasonMissing, ReasonDifferent, false}},
		{"common middle name with another middle agreeing", Name{"Matthew", "James", "Lee"}, Name{"MATTHEW", "JAMES LEE", "OLSON"}, ModeFuzzy, want{true, ReasonExact, ReasonExact, ReasonSurnameInMiddle, false}},
		{"surname in the middle needs the given name itself", Name{"Marisol", "", "Mendoza"}, Name{"MARICEL", "MENDOZA", "REYES"}, ModeFuzzy, want{false, ReasonPhonetic, ReasonMissing, ReasonDifferent, false}},
		{"surname in the middle, not with an initial", Name{"M", "", "Garcia"}, Name{"MARIA", "GARCIA", "LOPEZ"}, ModeFuzzy, want{false, ReasonInitial, ReasonMissing, ReasonDifferent, false}},
		// negatives
		{"different first name", Name{"Maria", "", "Alvarez"}, Name{"PEDRO", "", "ALVAREZ"}, ModeFuzzy, want{false, ReasonDifferent, ReasonMissing, ReasonExact, false}},
		{"different surname", Name{"Maria", "", "Alvarez"}, Name{"MARIA", "", "ALONSO"}, ModeFuzzy, want{false, ReasonExact, ReasonMissing, ReasonDifferent, false}},
		// Double Metaphone keys cover four consonant sounds: names that share
		// them resemble, and the rest is left to the date of birth.
		{"same first sounds", Name{"Maria", "", "Alvarez"}, Name{"MARIA", "", "ALVARADO"}, ModeFuzzy, want{true, ReasonExact, ReasonMissing, ReasonPhonetic, false}},
		{"nicknames are not transitive", Name{"Albert", "", "Ray"}, Name{"ALFRED", "", "RAY"}, ModeFuzzy, want{false, ReasonDifferent, ReasonMissing, ReasonExact, false}},
		{"compounds sharing only their first part", Name{"Ann", "", "Bradley-Russell"}, Name{"ANN", "", "BRADLEY-SMITH"}, ModeFuzzy, want{false, ReasonExact, ReasonMissing, ReasonDifferent, false}},
		{"MacDonald is not Donald", Name{"Ann", "", "MacDonald"}, Name{"ANN", "", "DONALD"}, ModeFuzzy, want{false, ReasonExact, ReasonMissing, ReasonDifferent, false}},
		{"mononym with a fuzzy surname", Name{"Maria", "", "Madona"}, Name{"", "", "MADONNA"}, ModeFuzzy, want{true, ReasonMissing, ReasonMissing, ReasonOneEdit, false}},
		{"short names one edit apart", Name{"Kim", "", "Lee"}, Name{"TIM", "", "LEE"}, ModeFuzzy, want{false, ReasonDifferent, ReasonMissing, ReasonExact, false}},
		// exact mode
		{"exact mode: equal", Name{"José", "", "O'Brien"}, Name{"JOSE", "", "OBRIEN"}, ModeExact, want{true, ReasonExact, ReasonMissing, ReasonExact, false}},
		{"exact mode: joined compound", Name{"Juan", "", "De La Cruz"}, Name{"JUAN", "", "DELACRUZ"}, ModeExact, want{true, ReasonExact, ReasonMissing, ReasonJoined, false}},
		{"exact mode: swapped", Name{"Chen", "", "Wei"}, Name{"WEI", "", "CHEN"}, ModeExact, want{true, ReasonExact, ReasonMissing, ReasonExact, true}},
		{"exact mode: nickname is not exact", Name{"Bill", "", "Chen"}, Name{"WILLIAM", "", "CHEN"}, ModeExact, want{false, ReasonNickname, ReasonMissing, ReasonExact, false}},
		{"exact mode: compound part is not exact", Name{"Maria", "", "Garcia"}, Name{"MARIA", "", "GARCIA LOPEZ"}, ModeExact, want{false, ReasonExact, ReasonMissing, ReasonCompoundPart, false}},
	}
}()

func TestCompare(t *testing.T) {
	for _, tt := range labelled {
		t.Run(tt.name, func(t *testing.T) {
			x := Compare(tt.query, tt.listed, tt.mode)
			got := labelledWant{x.Resembles, x.First.Reason, x.Middle.Reason, x.Last.Reason, x.Swapped}
			if got != tt.want {
				b, _ := json.Marshal(x)
				t.Fatalf("Compare = %+v, want %+v\n%s", got, tt.want, b)
			}
			if x.Resembles && tt.mode == ModeFuzzy && x.Score < Threshold {
				t.Fatalf("resembles with score %v below the threshold", x.Score)
			}
		})
	}
}

// TestExplanationJSON pins the explanation clients receive.
func TestExplanationJSON(t *testing.T) {
	pairs := [][2]Name{
		{{"Bill", "", "Jonhson"}, {"WILLIAM", "", "JOHNSON"}},
		{{"Maria", "L", "Garcia"}, {"MARIA", "LUISA", "GARCIA-LOPEZ"}},
		{{"Smith", "", "John"}, {"JOHN", "Q", "SMITH"}},
		{{"Maria", "L", "Alvarez"}, {"MARIA", "K", "ALVAREZ"}},
	}
	var out []Explanation
	for _, p := range pairs {
		out = append(out, Compare(p[0], p[1], ModeFuzzy))
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/explanations.json", append(b, '\n'))
}
