package apikey

import (
	"strings"
	"testing"
)

func TestGenerateAndParse(t *testing.T) {
	k, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(k.Plaintext, "cds_") || len(k.Plaintext) != 4+16+1+64 {
		t.Fatalf("plaintext %q has the wrong shape", k.Plaintext)
	}
	got, err := FromPlaintext(k.Plaintext)
	if err != nil || got.ID != k.ID || !Equal(got.Hash, k.Hash) {
		t.Fatalf("FromPlaintext = %+v, %v; want id %s", got, err, k.ID)
	}
	k2, _ := Generate()
	if k2.ID == k.ID || k2.Plaintext == k.Plaintext {
		t.Fatal("two keys are equal")
	}
}

func TestFromPlaintext(t *testing.T) {
	tests := []struct {
		in      string
		wantErr bool
		idHas   string
	}{
		{"a-developer-chosen-key-1234567890", false, "h"},
		{"cds_0123456789abcdef_tooShort", false, "h"},
		{"", true, ""},
		{strings.Repeat("x", 513), true, ""},
	}
	for _, tt := range tests {
		k, err := FromPlaintext(tt.in)
		if (err != nil) != tt.wantErr {
			t.Fatalf("FromPlaintext(%.20q) err = %v", tt.in, err)
		}
		if err == nil && !strings.HasPrefix(k.ID, tt.idHas) {
			t.Fatalf("id %q, want prefix %q", k.ID, tt.idHas)
		}
	}
	a, _ := FromPlaintext("same")
	b, _ := FromPlaintext("same")
	c, _ := FromPlaintext("other")
	if a.ID != b.ID || a.ID == c.ID || Equal(a.Hash, c.Hash) {
		t.Fatal("derived ids are not stable per key")
	}
}
