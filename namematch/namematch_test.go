package namematch

import "testing"

func TestParseFull(t *testing.T) {
	tests := []struct {
		in   string
		want Name
	}{
		{"Maria L. Alvarez", Name{"Maria", "L.", "Alvarez"}},
		{"ALVAREZ, MARIA L", Name{"MARIA", "L", "ALVAREZ"}},
		{"Juan Carlos de la Cruz", Name{"Juan", "Carlos", "de la Cruz"}},
		{"Robert Smith Jr.", Name{"Robert", "", "Smith"}},
		{"Ann Marie O'Neil-Baker, RN", Name{"Ann", "Marie", "O'Neil-Baker"}},
		{"Smith", Name{"", "", "Smith"}},
		{"John V Smith", Name{"John", "V", "Smith"}},
		{"Smith Jr., Ann", Name{"Ann", "", "Smith"}},
		{"Ana Maria do Carmo", Name{"Ana", "Maria", "do Carmo"}},
		{"Anna van der Berg", Name{"Anna", "", "van der Berg"}},
		{"ANNA MARIE VAN DER BERG", Name{"ANNA", "MARIE", "VAN DER BERG"}},
		{"VAN DER BERG, ANNA MARIE", Name{"ANNA", "MARIE", "VAN DER BERG"}},
		{"Maria Nicole Dela Cruz", Name{"Maria", "Nicole", "Dela Cruz"}},
		{"Deborah Ten Eyck", Name{"Deborah", "", "Ten Eyck"}},
		{"James Mc Donald", Name{"James", "", "Mc Donald"}},
		{"Kevin O' Brien", Name{"Kevin", "", "O' Brien"}},
		{"Maria Alvarez - Gomez", Name{"Maria", "", "Alvarez - Gomez"}},
		{"Maria L. Alvarez-Gomez", Name{"Maria", "L.", "Alvarez-Gomez"}},
		{"Juan Garcia y Lopez", Name{"Juan", "", "Garcia y Lopez"}},
		{"Mary Ann Y Smith", Name{"Mary", "Ann Y", "Smith"}},
		{"Tuan Van Nguyen", Name{"Tuan", "Van", "Nguyen"}},
		{"Pieter Van Dijk", Name{"Pieter", "", "Van Dijk"}},
		{"Helen Q. Park, MD", Name{"Helen", "Q.", "Park"}},
		{"Samuel R. Brooks, RN, BSN", Name{"Samuel", "R.", "Brooks"}},
		{"BROOKS, SAMUEL R, RN", Name{"SAMUEL", "R", "BROOKS"}},
		{"Robert Smith III", Name{"Robert", "", "Smith"}},
		{"", Name{}},
	}
	for _, tt := range tests {
		if got := ParseFull(tt.in); got != tt.want {
			t.Errorf("ParseFull(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		name      string
		cand, doc Name
		match     bool
		reason    string
	}{
		{"exact any case", Name{"Maria", "", "Alvarez"}, Name{"MARIA", "", "ALVAREZ"}, true, "exact"},
		{"accents", Name{"José", "", "Núñez"}, Name{"Jose", "", "Nunez"}, true, "exact"},
		{"middle initial", Name{"Maria", "Luisa", "Alvarez"}, Name{"Maria", "L.", "Alvarez"}, true, "middle_initial"},
		{"middle missing on document", Name{"Maria", "Luisa", "Alvarez"}, Name{"Maria", "", "Alvarez"}, true, "exact"},
		{"hyphenated surname", Name{"Maria", "", "Alvarez"}, Name{"Maria", "", "Alvarez-Gomez"}, true, "compound_surname"},
		{"compound written together", Name{"Juan", "", "De La Cruz"}, Name{"Juan", "", "DeLaCruz"}, true, "compound_surname"},
		{"nickname", Name{"William", "", "Chen"}, Name{"Bill", "", "Chen"}, true, "nickname"},
		{"two-word first name", Name{"Mary", "Ann", "Lee"}, Name{"MaryAnn", "", "Lee"}, true, "exact"},
		{"different first", Name{"Maria", "", "Alvarez"}, Name{"Marta", "", "Alvarez"}, false, "first_name_mismatch"},
		{"different last", Name{"Maria", "", "Alvarez"}, Name{"Maria", "", "Alvarado"}, false, "last_name_mismatch"},
		{"different middle initials", Name{"Maria", "L", "Alvarez"}, Name{"Maria", "K", "Alvarez"}, false, "middle_name_mismatch"},
		{"different middle names", Name{"Maria", "Luisa", "Alvarez"}, Name{"Maria", "Lucia", "Alvarez"}, false, "middle_name_mismatch"},
		{"nicknames not transitive", Name{"Albert", "", "Ray"}, Name{"Alfred", "", "Ray"}, false, "first_name_mismatch"},
		{"two-word first name on the candidate", Name{"Mary Ann", "", "Lee"}, Name{"Mary", "", "Lee"}, true, "exact"},
		{"two-word first name split on the document", Name{"Mary Ann", "", "Lee"}, Name{"Mary", "Ann", "Lee"}, true, "exact"},
		{"hyphenated first name", Name{"Mary-Ann", "", "Lee"}, Name{"Mary", "Ann", "Lee"}, true, "exact"},
		{"middle initial V is not a suffix", Name{"John", "W", "Smith"}, ParseFull("John V Smith"), false, "middle_name_mismatch"},
		{"non-ASCII initial", Name{"Anna", "Łucja", "Nowak"}, Name{"Anna", "Ł", "Nowak"}, true, "middle_initial"},
		{"hyphenated first name, fewer middles on the document", Name{"Ji-Yeon", "Mae", "Okafor"}, ParseFull("Ji-Yeon Okafor"), true, "exact"},
		{"two-word first name and a middle", Name{"Mary Grace", "Santos", "Huang"}, ParseFull("Mary Grace Huang"), true, "exact"},
		{"compound surname read whole", Name{"Deborah", "Lynn", "Ten Eyck"}, ParseFull("Deborah Ten Eyck"), true, "exact"},
		{"first of two family names parsed as a middle", Name{"Maria", "Luisa", "Garcia Lopez"}, ParseFull("Maria Garcia Lopez"), true, "compound_surname"},
		{"second middle differs", Name{"Ann", "Marie Rose", "Lee"}, Name{"Ann", "Marie Jane", "Lee"}, false, "middle_name_mismatch"},
		{"missing document name", Name{"Maria", "", "Alvarez"}, Name{}, false, "missing_name"},
		// The nickname groups widened for screening widen documents too.
		{"Spanish nickname", Name{"Jesús", "", "García"}, Name{"Chuy", "", "Garcia"}, true, "nickname"},
		{"Spanish nickname, accent on the document", Name{"Antonio", "", "Reyes"}, Name{"Toño", "", "Reyes"}, true, "nickname"},
		{"English form of a Spanish name", Name{"Francisco", "", "Lopez"}, Name{"Frank", "", "Lopez"}, true, "nickname"},
		{"Russian diminutive", Name{"Yekaterina", "", "Ivanova"}, Name{"Katya", "", "Ivanova"}, true, "nickname"},
		{"Ma. for Maria", Name{"Maria", "Teresa", "Santos"}, ParseFull("Ma. Teresa Santos"), true, "nickname"},
		{"Yoruba short form", Name{"Oluwafemi", "", "Adeyemi"}, Name{"Femi", "", "Adeyemi"}, true, "nickname"},
		{"English nickname added", Name{"Melissa", "", "Hicks"}, Name{"Missy", "", "Hicks"}, true, "nickname"},
		{"Beto is Roberto's and Alberto's, not a bridge", Name{"Roberto", "", "Diaz"}, Name{"Alberto", "", "Diaz"}, false, "first_name_mismatch"},
		{"Lisa is a name of its own", Name{"Elizabeth", "", "Smith"}, Name{"Lisa", "", "Smith"}, false, "first_name_mismatch"},
		{"a short form of two given names stays out of documents", Name{"Jose", "Maria", "Lopez"}, Name{"Chema", "", "Lopez"}, false, "first_name_mismatch"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Match(tt.cand, tt.doc)
			if got.Match != tt.match || got.Reason != tt.reason {
				t.Fatalf("Match = %+v, want match=%v reason=%s", got, tt.match, tt.reason)
			}
		})
	}
}

func TestKnownGivenName(t *testing.T) {
	for _, w := range []string{"William", "MARIA", "Chuy", "Lynn", "José", "kateryna"} {
		if !KnownGivenName(w) {
			t.Errorf("KnownGivenName(%q) = false", w)
		}
	}
	for _, w := range []string{"History", "Analgesia", "Alvarez", "Texas", ""} {
		if KnownGivenName(w) {
			t.Errorf("KnownGivenName(%q) = true", w)
		}
	}
}
