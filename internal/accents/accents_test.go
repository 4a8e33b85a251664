package accents_test

import (
	"testing"

	"github.com/clearedtostart/compliance/internal/accents"
)

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Réunion", "Reunion"},
		{"Vérification des antécédents", "Verification des antecedents"},
		{"Ñandú", "Nandu"},
		{"ﬁt test", "fit test"},
		{"Ｈｅｐ Ｂ", "Hep B"},
		{"plain text", "plain text"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := accents.Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
