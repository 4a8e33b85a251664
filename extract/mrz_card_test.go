package extract

import (
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestIdentityCardZone: an identity card typed as the catalog's license
// or state ID has its TD1 zone read as a passport's is: the number, the
// birth date and the expiry vouched for by their check digits going
// before the print's misreadings, the clean zone's name repairing a
// letter OCR confused in the printed surname.
func TestIdentityCardZone(t *testing.T) {
	c := catalog.MustLoad()
	zone := "I<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nOLSSON<<ANNA<MARIA<<<<<<<<<<<<\n"
	tests := []struct {
		name, text string
		want       map[string]string
	}{
		{"printed and zone agree",
			"REPUBLIC OF UTOPIA\nIDENTITY CARD\nSurname\nOLSSON\nGiven names\nANNA MARIA\nDate of birth 12 AUG 1974\nDate of expiry 15 APR 2012\nDocument No. D23145890\n" + zone,
			map[string]string{"last_name": "OLSSON", "first_name": "ANNA", "date_of_birth": "1974-08-12", "expiration_date": "2012-04-15", "license_number": "D23145890"}},
		{"the print misread: a Q for the surname's O, a digit of the birth year, the number's label lost",
			"REPUBLIC OF UTOPIA\nIDENTITY CARD\nSurname\nQLSSON\nGiven names\nANNA MARIA\nDate of birth 12 AUG 1971\nDate of expiry 15 APR 2012\n" + zone,
			map[string]string{"last_name": "OLSSON", "first_name": "ANNA", "date_of_birth": "1974-08-12", "expiration_date": "2012-04-15", "license_number": "D23145890"}},
		{"the zone alone, its state's O read as 0",
			"I<UT0D231458907<<<<<<«<<<<<<<<<\n7408122F1204159UT0<<<<<<<<<<<6\nOLSSON<<ANNA<MARIA<<<<<<<<<<<<\n",
			map[string]string{"last_name": "OLSSON", "first_name": "ANNA", "expiration_date": "2012-04-15", "license_number": "D23145890"}},
		{"the zone alone, its print lost",
			"ee ae a\n" + zone,
			map[string]string{"last_name": "OLSSON", "first_name": "ANNA", "middle_name": "MARIA", "date_of_birth": "1974-08-12", "expiration_date": "2012-04-15", "license_number": "D23145890"}},
	}
	for _, tt := range tests {
		res := Read(c, "drivers_license", Document{Text: tt.text})
		for f, want := range tt.want {
			if got, _ := res.Fields[f].(string); got != want || res.Confidence[f] < 0.5 {
				t.Errorf("%s: %s = %q (confidence %v), want %q", tt.name, f, got, res.Confidence[f], want)
			}
		}
	}
	// A zone whose birth date fails its check leaves the page's birth
	// date, differing from it, uncertain.
	bad := "I<UTOD231458907<<<<<<<<<<<<<<<\n7408132F1204159UTO<<<<<<<<<<<6\nOLSSON<<ANNA<MARIA<<<<<<<<<<<<\n"
	res := Read(c, "drivers_license", Document{Text: "IDENTITY CARD\nSurname\nOLSSON\nGiven names\nANNA MARIA\nDate of birth 12 AUG 1971\n" + bad})
	if got, ok := res.Fields["date_of_birth"]; ok && res.Confidence["date_of_birth"] >= 0.5 {
		t.Errorf("a birth date no check vouches for, beside a failed zone: %v read surely (%v)", got, res.Confidence["date_of_birth"])
	}
}

// TestLookAlikeOfCandidateOnScans: on a scan, an identity document's
// name read a look-alike letter off the candidate's (an O for the Q, an
// l for the i) is withheld, never judged a mismatch, even where the zone
// agrees with the print (the zone's name has no check digit); the
// candidate's own spelling, a text layer and a name of other letters
// stand.
func TestLookAlikeOfCandidateOnScans(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "PASSPORT", conf: 91})}
	zone := "P<USAOUINONES<<MARIA<<<<<<<<<<<<<<<<<<<<<<<<<\n"
	tests := []struct {
		name, typ, text, last string
		pages                 []pagetext.Page
		sure                  bool
	}{
		{"passport: O read for the candidate's Q", "passport", "PASSPORT\nSurname\nOUINONES\nGiven Names\nMARIA\n", "Quinones", scan, false},
		{"license: l read for the candidate's i", "drivers_license", "DRIVER LICENSE\nLN DAVlS\nFN MARIA\nDOB 04/05/1985\n", "Davis", scan, false},
		{"the candidate's own spelling", "passport", "PASSPORT\nSurname\nQUINONES\nGiven Names\nMARIA\n", "Quinones", scan, true},
		{"a zone spelling the name as printed: the same OCR's confusion", "passport", "PASSPORT\nSurname\nOUINONES\nGiven Names\nMARIA\n" + zone, "Quinones", scan, false},
		{"a text layer", "passport", "PASSPORT\nSurname\nOUINONES\nGiven Names\nMARIA\n", "Quinones", nil, true},
		{"another person's name", "passport", "PASSPORT\nSurname\nALVAREZ\nGiven Names\nMARIA\n", "Quinones", scan, true},
	}
	for _, tt := range tests {
		res := Read(c, tt.typ, Document{Text: tt.text, Pages: tt.pages, Holder: Holder{FirstName: "Maria", LastName: tt.last}})
		last, _ := res.Fields["last_name"].(string)
		if sure := res.Confidence["last_name"] >= 0.5 && res.Confidence["full_name"] >= 0.5; last == "" || sure != tt.sure {
			t.Errorf("%s: last_name %q at %v (full_name at %v), want sure %v", tt.name, last, res.Confidence["last_name"], res.Confidence["full_name"], tt.sure)
		}
	}
}

// TestLookAlikeZoneOnly: a name read from the zone alone (its print
// unread) a look-alike letter off the candidate's (QUINTERD for
// QUINTERO) is withheld: the zone's name has no check digit.
func TestLookAlikeZoneOnly(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "PASSPORT", conf: 91})}
	text := "REPUBLIC OF UTOPIA PASSPORT\nCabsee Wap SP Remonns.\nELENA SOFIA\n17 MAR 1988\n12 JUN 2023\n11 JUN 2033\n" +
		"P<UTOQUINTERD<<ELENA<SOFIA<<<<<<<<<<<<<<<<<<<\nX472188300UTO8803171F3306116<<<<<<<<<<<<<<<0\n"
	res := Read(c, "passport", Document{Text: text, Pages: scan, Holder: Holder{FirstName: "Elena", LastName: "Quintero"}})
	if last := res.Fields["last_name"]; last == nil || res.Confidence["last_name"] >= 0.5 {
		t.Errorf("last_name %v at %v, want QUINTERD withheld", last, res.Confidence["last_name"])
	}
	if res.Confidence["date_of_birth"] < 0.5 || res.Confidence["expiration_date"] < 0.5 {
		t.Errorf("the zone's checked dates: %v", res.Confidence)
	}
}

// TestCheckDigitEcho: on a scan, a zone number whose last digit and check
// digit OCR misread alike (X47218830 0 read X47218836 6: the check still
// passes) is uncertain where the page prints no value agreeing; the
// page's printing agreeing, or a text layer, vouches for it.
func TestCheckDigitEcho(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "PASSPORT", conf: 91})}
	zone := "P<UTOQUINTERO<<ELENA<SOFIA<<<<<<<<<<<<<<<<<<<\nX472188366UTO8803171F3306116<<<<<<<<<<<<<<<0\n"
	tests := []struct {
		name, text string
		pages      []pagetext.Page
		sure       bool
	}{
		{"zone alone on a scan", "PASSPORT\nQUINTERO\nELENA SOFIA\n" + zone, scan, false},
		{"the page printing it", "PASSPORT\nPassport No. X47218836\nQUINTERO\nELENA SOFIA\n" + zone, scan, true},
		{"a text layer", "PASSPORT\nQUINTERO\nELENA SOFIA\n" + zone, nil, true},
	}
	for _, tt := range tests {
		res := Read(c, "passport", Document{Text: tt.text, Pages: tt.pages})
		if got := res.Fields["passport_number"]; got != "X47218836" || (res.Confidence["passport_number"] >= 0.5) != tt.sure {
			t.Errorf("%s: passport_number %v at %v, want sure %v", tt.name, got, res.Confidence["passport_number"], tt.sure)
		}
		if res.Confidence["date_of_birth"] < 0.5 {
			t.Errorf("%s: a birth date whose check is no echo withheld (%v)", tt.name, res.Confidence["date_of_birth"])
		}
	}
}

// TestDataPageCaptionsWrapped: a data page whose trilingual captions OCR
// wrapped over lines of their own (the country's name too: "UNITED STATES
// OF" over "AMERICA") reads the name stack between its captions, not a
// caption's remnant ("PrA& noms"); the nationality under its caption's
// wrapped translation, not the translation; the book's number alone on
// its line, its caption too far above it.
func TestDataPageCaptionsWrapped(t *testing.T) {
	c := catalog.MustLoad()
	text := "PASSPORT PASSEPORT PASAPORTE\nUNITED STATES OF\nAMERICA\nType / Type /\nCode / Code\nPassport No. / No. du Passeport / No\nCA*digo\nde Pasaporte\n564821907\n" +
		"Surname / Nom / Apeli:dos\nOKONKWO\nGiven Names / PrA& noms / Nombres\nCHIDINMA GRACE\nNationality / NationalitA€\n/ Nacionalided\nUNITED STATES OF AMERICA\n" +
		"Date of birth / Date de naissance / Fecha\nPlace of birth / Lieu de naissance\nde nacimienta\nTEXAS, U.S.A.\n24 Feb 1991\nDate of tissue / Date de dA livrance\n09 Sep 2022\n" +
		"Date of expiration / Date dexptration\n08 Sep 2032\n"
	res := Read(c, "passport", Document{Text: text})
	for f, want := range map[string]string{"first_name": "CHIDINMA", "middle_name": "GRACE", "last_name": "OKONKWO",
		"nationality": "UNITED STATES OF AMERICA", "passport_number": "564821907"} {
		if got, _ := res.Fields[f].(string); got != want || res.Confidence[f] < 0.5 {
			t.Errorf("%s = %q (%v), want %q", f, got, res.Confidence[f], want)
		}
	}
	// Two numbers in the book's form: neither.
	res = Read(c, "passport", Document{Text: strings.Replace(text, "564821907\n", "564821907\n564821908\n", 1)})
	if got, ok := res.Fields["passport_number"]; ok {
		t.Errorf("two numbers in the book's form: passport_number %v", got)
	}
}

// TestAccentedNameStack: a data page's name stack in accented capitals
// is a stack like any other.
func TestAccentedNameStack(t *testing.T) {
	d := newPagedDoc("PASSPORT\nSurname / Apellidos\nPEÑA MÜLLER\nGiven names / Nombres\nJOSÉ LUIS\nDate of birth\n14 JAN 1985\n", nil)
	if s, g, n := d.passportNames(); s != "PEÑA MÜLLER" || g != "JOSÉ LUIS" || n != 2 {
		t.Errorf("stack %q %q %d, want PEÑA MÜLLER / JOSÉ LUIS", s, g, n)
	}
}

// TestZoneSurnameDigit: a zone whose surname ends with a digit OCR made
// of a filler or a doubled letter (OKONKWO0<<) spells the surname the
// page prints without it; a printed surname ending so keeps it.
func TestZoneSurnameDigit(t *testing.T) {
	c := catalog.MustLoad()
	const line2 = "5648219073USA9102245F3209081<<<<<<<<<<<<<<04"
	for _, tt := range []struct{ printed, zone, want string }{
		{"OKONKWO", "P<USAOKONKWO0<<CHIDINMA<GRACE<<<<<<<<<<<<<<<<", "OKONKWO"},
		{"OKONKWOO", "P<USAOKONKWO0<<CHIDINMA<GRACE<<<<<<<<<<<<<<<<", "OKONKWOO"},
	} {
		text := "PASSPORT\nSurname\n" + tt.printed + "\nGiven Names\nCHIDINMA GRACE\n" + tt.zone + "\n" + line2 + "\n"
		res := Read(c, "passport", Document{Text: text})
		if got := res.Fields["last_name"]; got != tt.want || res.Confidence["last_name"] < 0.5 {
			t.Errorf("%s / %s: last_name %v (%v), want %s", tt.printed, tt.zone, got, res.Confidence["last_name"], tt.want)
		}
	}
}
