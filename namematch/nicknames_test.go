package namematch

import (
	"strings"
	"testing"
)

// TestNicknameTables checks the nickname groups and the middle names as
// written: every word in folded form (as Fold leaves it, so that it can
// equal a folded name), one word, no word twice in a group, no formal name
// heading two groups (their short forms would not match each other).
func TestNicknameTables(t *testing.T) {
	formal := map[string]bool{}
	for _, set := range nicknameSets {
		if len(set) < 2 {
			t.Errorf("group %q has no short form", set)
		}
		if formal[set[0]] {
			t.Errorf("formal name %q heads two groups", set[0])
		}
		formal[set[0]] = true
		seen := map[string]bool{}
		for _, w := range set {
			if Fold(w) != w || strings.Contains(w, " ") || w == "" {
				t.Errorf("group %q: %q is not in folded form (%q)", set, w, Fold(w))
			}
			if seen[w] {
				t.Errorf("group %q: %q twice", set, w)
			}
			seen[w] = true
		}
	}
	seen := map[string]bool{}
	for _, w := range commonMiddleNames {
		if Fold(w) != w || strings.Contains(w, " ") || w == "" {
			t.Errorf("middle name %q is not in folded form", w)
		}
		if seen[w] {
			t.Errorf("middle name %q twice", w)
		}
		seen[w] = true
	}
}

// TestNicknames: pairs from each population the groups cover, both ways,
// and pairs that only a transitive reading would join.
func TestNicknames(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		// English.
		{"William", "Bill", true}, {"Melissa", "Missy", true}, {"Amanda", "Mandy", true}, {"Virginia", "Ginny", true},
		{"Beverly", "Bev", true}, {"Theresa", "Tess", true}, {"Gerald", "Jerry", true}, {"Douglas", "Doug", true},
		{"Josephine", "Josie", true}, {"Sandra", "Sandy", true}, {"Raymond", "Ray", true}, {"Jeffrey", "Jeff", true},
		{"Elizabeth", "Lisa", false}, {"Albert", "Alfred", false}, {"Gerald", "Jerome", false},
		// Spanish.
		{"Francisco", "Paco", true}, {"Francisco", "Pancho", true}, {"José", "Pepe", true}, {"Guadalupe", "Lupe", true},
		{"Jesús", "Chuy", true}, {"Jesús", "Chucho", true}, {"Roberto", "Beto", true}, {"Alberto", "Beto", true},
		{"Eduardo", "Lalo", true}, {"Ignacio", "Nacho", true}, {"Enrique", "Quique", true}, {"Enrique", "Kike", true},
		{"Guillermo", "Memo", true}, {"Antonio", "Toño", true}, {"José María", "Chema", true}, {"Consuelo", "Chelo", true},
		{"Dolores", "Lola", true}, {"Concepción", "Concha", true}, {"Concepción", "Conchita", true}, {"Rafael", "Rafa", true},
		{"Manuel", "Manny", true}, {"Alejandro", "Alex", true}, {"Ricardo", "Ricky", true},
		{"Roberto", "Alberto", false}, {"Francisco", "Ignacio", false},
		// Russian and Ukrainian.
		{"Aleksandr", "Sasha", true}, {"Dmitri", "Dima", true}, {"Dmitriy", "Dima", true}, {"Mikhail", "Misha", true},
		{"Vladimir", "Volodya", true}, {"Nikolai", "Kolya", true}, {"Natalia", "Natasha", true}, {"Tatiana", "Tanya", true},
		{"Yelena", "Lena", true}, {"Sergei", "Seryozha", true}, {"Yevgeny", "Zhenya", true}, {"Aleksei", "Lyosha", true},
		{"Ivan", "Vanya", true}, {"Yekaterina", "Katya", true}, {"Olga", "Olya", true},
		{"Sasha", "Dima", false}, {"Yevgeny", "Yevgenia", false},
		// Filipino, Nigerian, Indian.
		{"Maria", "Ma", true}, {"Ferdinand", "Ferdie", true}, {"Teresita", "Tess", true},
		{"Oluwaseun", "Seun", true}, {"Babatunde", "Tunde", true}, {"Chukwuemeka", "Emeka", true}, {"Ifeoma", "Ify", true},
		{"Venkatesh", "Venkat", true}, {"Srinivas", "Srini", true}, {"Rajesh", "Raju", true},
		{"Oluwaseun", "Oluwafemi", false},
	}
	for _, tt := range tests {
		a, b := strings.ReplaceAll(Fold(tt.a), " ", ""), strings.ReplaceAll(Fold(tt.b), " ", "")
		if got := sameByNickname(a, b); got != tt.want {
			t.Errorf("%s / %s: %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := sameByNickname(b, a); got != tt.want {
			t.Errorf("%s / %s: %v, want %v", tt.b, tt.a, got, tt.want)
		}
	}
}
