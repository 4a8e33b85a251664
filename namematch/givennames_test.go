package namematch

import "testing"

func TestCommonGivenName(t *testing.T) {
	for word, want := range map[string]bool{
		"Brianna": true, "HANNAH": true, "Zachary": true, "Yolanda,": true, "Renée": true,
		"Fairbanks": false, "Hepatitis": false, "": false,
	} {
		if got := CommonGivenName(word); got != want {
			t.Errorf("CommonGivenName(%q) = %v, want %v", word, got, want)
		}
	}
}
