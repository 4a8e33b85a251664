package extract

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/idnumber"
)

// TestPassportZoneOnScans: the machine-readable zone read through the OCR
// damage seen on scanned passports (fillers read as c, e, s, K or ¢,
// spaces inside fields, look-alikes, a lost character), its check digits
// vouching for or refusing the zone's values and the page's.
func TestPassportZoneOnScans(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	// ICAO 9303's specimen: L898902C3, born 1974-08-12, expiring
	// 2012-04-15 (valid as of asOf? no matter: reading is not judging).
	const (
		line1 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
		line2 = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"
	)
	tests := []struct {
		name string
		text string
		// want must be reported (at or above the threshold), absent must
		// not be (missing or uncertain).
		want   map[string]any
		absent []string
	}{
		{
			name: "clean zone",
			text: "PASSPORT\n" + line1 + "\n" + line2,
			want: map[string]any{"passport_number": "L898902C3", "date_of_birth": "1974-08-12",
				"expiration_date": "2012-04-15", "last_name": "ERIKSSON", "first_name": "ANNA", "middle_name": "MARIA"},
			absent: []string{"nationality"},
		},
		{
			name: "fillers read as lower-case letters and ¢, spaces inside fields",
			text: "PASSPORT\nP<UTOERIKSSON<<ANNA<MARIA<<<<<<<<ccceeecc¢cs\nL898902C3 6UTO7408122F 1204159ZE184226B<<cec<10",
			want: map[string]any{"passport_number": "L898902C3", "date_of_birth": "1974-08-12",
				"expiration_date": "2012-04-15", "last_name": "ERIKSSON", "first_name": "ANNA"},
		},
		{
			name: "O read for 0 in the number, repaired by its check digit",
			text: "PASSPORT\n" + line1 + "\nL8989O2C36UTO7408122F1204159ZE184226B<<<<<10",
			want: map[string]any{"passport_number": "L898902C3", "date_of_birth": "1974-08-12"},
		},
		{
			name:   "a zone number passing only once repaired, beside a printed number that differs: uncertain",
			text:   "PASSPORT\nPassport No.\nL898902C8\n" + line1 + "\nL8989O2C36UTO7408122F1204159ZE184226B<<<<<10",
			want:   map[string]any{"date_of_birth": "1974-08-12"},
			absent: []string{"passport_number"},
		},
		{
			name:   "a wrong digit in the birth date: uncertain, never guessed",
			text:   "PASSPORT\n" + line1 + "\nL898902C36UTO7408172F1204159ZE184226B<<<<<10",
			want:   map[string]any{"passport_number": "L898902C3", "expiration_date": "2012-04-15"},
			absent: []string{"date_of_birth"},
		},
		{
			name: "the page's birth date vouched for by the zone's check digit where the zone misread it",
			text: "PASSPORT\nDate of birth\n12 AUG 1974\n" + line1 + "\nL898902C36UTO7408172F1204159ZE184226B<<<<<10",
			want: map[string]any{"date_of_birth": "1974-08-12"},
		},
		{
			name:   "the page's birth date failing the zone's check digit is uncertain",
			text:   "PASSPORT\nDate of birth\n13 AUG 1974\n" + line1 + "\nL898902C36UTO7408172F1204159ZE184226B<<<<<10",
			absent: []string{"date_of_birth"},
		},
		{
			name: "the number's first character lost in the zone, found unlabelled on the page by its check digit",
			text: "PASSPORT\nPassp0rt Mo\nL898902C3\n" + line1 + "\n898902C36UTO7408122F1204159ZE184226B<<<<<10",
			want: map[string]any{"passport_number": "L898902C3", "date_of_birth": "1974-08-12"},
		},
		{
			name:   "an unlabelled page word one letter off that fails the check digit is not the number",
			text:   "PASSPORT\nL898902C8\n" + line1 + "\n898902C36UTO7408122F1204159ZE184226B<<<<<10",
			absent: []string{"passport_number"},
		},
		{
			name: "Q read for O in the printed surname: the zone's letters",
			text: "PASSPORT\nSurname\nQLSEN\nGiven Names\nANNA MARIA\nP<UTOOLSEN<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<<<\n" + line2,
			want: map[string]any{"last_name": "OLSEN", "first_name": "ANNA", "middle_name": "MARIA", "full_name": "ANNA MARIA OLSEN"},
		},
		{
			name: "Q read for O in the printed surname, the zone reading the O as 0: the zone's letters",
			text: "PASSPORT\nSurname\nQKONKWO\nGiven Names\nADA\nP<UTO0KONKWO<<ADA<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n" + line2,
			want: map[string]any{"last_name": "OKONKWO", "full_name": "ADA OKONKWO"},
		},
		{
			name: "a printed name with an accent stands where the zone drops it",
			text: "PASSPORT\nSurname\nMÜLLER\nGiven Names\nANNA\nP<UTOMUELLER<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<\n" + line2,
			want: map[string]any{"last_name": "MÜLLER"},
		},
		{
			name: "bilingual captions, two dates under two captions on one line",
			text: "PASSPORT\nDate of issue / Date de detivrance  Date of expiration / Date d'expiration\n13 APR 2002  12 APR 2012\n" + line1 + "\n" + line2,
			want: map[string]any{"issue_date": "2002-04-13", "expiration_date": "2012-04-15"},
		},
		{
			name: "issue date whose caption OCR lost: the one date ten years before the zone's expiry",
			text: "PASSPORT\nDate of eave | Cate de deltvrance\n16 APR 2002\n" + line1 + "\n" + line2,
			want: map[string]any{"issue_date": "2002-04-16"},
		},
		{
			name: "nationality in words on the line the zone's code names",
			text: "PASSPORT\nNatlonaiity / Natonalite\nj UNITED STATES OF AMERICA i\nP<USAERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36USA7408122F1204159ZE184226B<<<<<10",
			want: map[string]any{"nationality": "UNITED STATES OF AMERICA"},
		},
		{
			name: "a character OCR put into the block of dates, left out where both checks then pass",
			text: "PASSPORT\n" + line1 + "\nL898902C36UTO74081I22F1204159ZE184226B<<<<<10",
			want: map[string]any{"date_of_birth": "1974-08-12", "expiration_date": "2012-04-15", "passport_number": "L898902C3"},
		},
		{
			name: "TD1 card zone",
			text: "PASSPORT CARD\nI<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<",
			want: map[string]any{"passport_number": "D23145890", "date_of_birth": "1974-08-12",
				"expiration_date": "2012-04-15", "last_name": "ERIKSSON", "first_name": "ANNA"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Read(c, "passport", Document{Text: tt.text, AsOf: asOf})
			reported := func(k string) (any, bool) {
				v, ok := res.Fields[k]
				if conf, known := res.Confidence[k]; ok && known && conf < c.ConfidenceThreshold(k) {
					return nil, false
				}
				return v, ok
			}
			for k, want := range tt.want {
				if got, ok := reported(k); !ok || got != want {
					t.Errorf("%s = %v (reported %v, confidence %v), want %v", k, res.Fields[k], ok, res.Confidence[k], want)
				}
			}
			for _, k := range tt.absent {
				if got, ok := reported(k); ok {
					t.Errorf("%s reported %v (confidence %v), want it missing or uncertain", k, got, res.Confidence[k])
				}
			}
		})
	}
}

// TestZoneNameAlone: a name line whose data line OCR lost still names the
// holder the page does not; where the two name different people, the
// name is uncertain.
func TestZoneNameAlone(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, text string
		want       map[string]any
		absent     []string
	}{
		{"name line alone, an initial the page prints",
			"PASSPORT\nGiven Names\nANGELA K\nP<USACHOI<<ANGELA<K<<<<<<<<<<eececeeeeceeceece\n55974425 70USA66030 7TE8F2804224<<<K<ceddcdddec?",
			map[string]any{"last_name": "CHOI", "first_name": "ANGELA", "middle_name": "K"}, nil},
		{"a K the page does not print is a filler",
			"PASSPORT\nP<JAMWOOD<<CYNTHIA<K<<<<€4<<<<deKeeeeceeccecce\nM25199 7417 JAMBIOTO9STIES2051 3BK<<d<<eceecc<ed?",
			map[string]any{"last_name": "WOOD", "first_name": "CYNTHIA", "full_name": "CYNTHIA WOOD"}, nil},
		{"a surname of two words the page does not spell: uncertain",
			"PASSPORT\nP<USALEWIS<CHOI<<AALIYAH<<<<<<<<<<<<<<<<<<<<<<<<\n",
			map[string]any{"first_name": "AALIYAH"}, []string{"last_name", "full_name"}},
		{"the printed name and the unchecked zone's name different people: uncertain",
			"PASSPORT\nSurname\nCARMEN\nGiven Names\nCHIAMAKA\nP<INDBAUTISTA<COX<<CHIAMAKA<CARMEN<<<<<<<<<<\nM5684 714S7IND7I510234F3011249<<<<<e<<<edddee§",
			nil, []string{"last_name", "full_name"}},
	}
	for _, tt := range tests {
		res := Read(c, "passport", Document{Text: tt.text})
		reported := func(k string) (any, bool) {
			v, ok := res.Fields[k]
			if conf, known := res.Confidence[k]; ok && known && conf < c.ConfidenceThreshold(k) {
				return nil, false
			}
			return v, ok
		}
		for k, want := range tt.want {
			if got, ok := reported(k); !ok || got != want {
				t.Errorf("%s: %s = %v (confidence %v), want %v", tt.name, k, res.Fields[k], res.Confidence[k], want)
			}
		}
		for _, k := range tt.absent {
			if got, ok := reported(k); ok {
				t.Errorf("%s: %s reported %v, want it missing or uncertain", tt.name, k, got)
			}
		}
	}
}

// TestZoneNameByCandidate: a surname printed twice and read two ways
// that differ by a letter OCR confuses, the zone unchecked, is the
// printing the candidate's surname names; without the candidate it is
// uncertain.
func TestZoneNameByCandidate(t *testing.T) {
	c := catalog.MustLoad()
	text := "PASSPORT\nSurname\nQKONKWO\nGiven Names\nADA\nP<UTOOKONKWO<<ADA<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408132F1204169ZE184226B<<<<<10"
	res := Read(c, "passport", Document{Text: text, Holder: Holder{FirstName: "Ada", LastName: "Okonkwo"}})
	if got := res.Fields["last_name"]; got != "OKONKWO" || res.Confidence["last_name"] < c.ConfidenceThreshold("last_name") {
		t.Errorf("with the candidate: last_name = %v (confidence %v), want OKONKWO", got, res.Confidence["last_name"])
	}
	res = Read(c, "passport", Document{Text: text})
	if res.Confidence["last_name"] >= c.ConfidenceThreshold("last_name") {
		t.Errorf("without the candidate: last_name = %v reported (confidence %v), want uncertain", res.Fields["last_name"], res.Confidence["last_name"])
	}
}

// TestPassportCardShortReads: a card whose surname line was lost does
// not read its given names as the whole name, and a US number read a
// character short is uncertain.
func TestPassportCardShortReads(t *testing.T) {
	c := catalog.MustLoad()
	text := "UNITED STATES OF AMERICA PASSPORT CARD\nSurname\nGiven Names\nMARICEL SANTOS\nNationality\nUSA\nCard No.\n95000118\n"
	res := Read(c, "passport", Document{Text: text})
	for _, k := range []string{"last_name", "full_name", "passport_number"} {
		if v, ok := res.Fields[k]; ok && res.Confidence[k] >= c.ConfidenceThreshold(k) {
			t.Errorf("%s = %v reported (confidence %v), want missing or uncertain", k, v, res.Confidence[k])
		}
	}
	// The sex's caption beside the nationality ends it.
	res = Read(c, "passport", Document{Text: "PASSPORT CARD\nSurname WEBER\nGiven Names MARICEL SANTOS\nNationality USA Sex F\nCard No. C95000118\n"})
	if got := res.Fields["nationality"]; got != "USA" {
		t.Errorf("nationality = %v, want USA", got)
	}
}

// TestPrintedMiddleNameStands: a middle name the page prints under its
// own caption stays where the zone carries the given names only; a
// caption's translation taken for a name does not.
func TestPrintedMiddleNameStands(t *testing.T) {
	c := catalog.MustLoad()
	const line2 = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"
	tests := []struct {
		name, text string
		want       map[string]any
	}{
		{"middle name under its own caption, not in the zone",
			"PASSPORT\nSurname\nERIKSSON\nGiven Names\nANNA\nMiddle Name\nMARIA\nP<UTOERIKSSON<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n" + line2,
			map[string]any{"first_name": "ANNA", "middle_name": "MARIA", "last_name": "ERIKSSON"}},
		{"a translated caption is no middle name",
			"PASSPORT\nSurname / Nom\nERIKSSON\nGiven Names\nANNA PRENOMS\nP<UTOERIKSSON<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n" + line2,
			map[string]any{"first_name": "ANNA", "full_name": "ANNA ERIKSSON", "last_name": "ERIKSSON"}},
	}
	for _, tt := range tests {
		res := Read(c, "passport", Document{Text: tt.text})
		for k, want := range tt.want {
			if got := res.Fields[k]; got != want || res.Confidence[k] < c.ConfidenceThreshold(k) {
				t.Errorf("%s: %s = %v (confidence %v), want %v", tt.name, k, got, res.Confidence[k], want)
			}
		}
		if tt.want["middle_name"] == nil && res.Fields["middle_name"] != nil {
			t.Errorf("%s: middle_name = %v, want none", tt.name, res.Fields["middle_name"])
		}
	}
}

// TestDropCaptionWords: a bilingual data page's caption words read into
// the given names are dropped — the known words of other languages (a
// letter off, or with "(s)"), what follows a caption's slash, and a word
// in small letters beside a name printed in capitals — and nothing else.
func TestDropCaptionWords(t *testing.T) {
	tests := []struct {
		name                string
		in                  person
		first, middle, full string
	}{
		{"a known caption word", person{first: "ANNA", middle: "PRENOMS", last: "SANTOS"}, "ANNA", "", "ANNA SANTOS"},
		{"a caption word with (s)", person{first: "ANNA", middle: "MARIE Prénom(s)", last: "SANTOS"}, "ANNA", "MARIE", "ANNA MARIE SANTOS"},
		{"a caption word a letter off", person{first: "ANNA", middle: "MARIE IMI0NA", last: "SANTOS"}, "ANNA", "MARIE", "ANNA MARIE SANTOS"},
		{"a word in small letters", person{first: "ANNA", middle: "MARIE Vardnamn", last: "SANTOS"}, "ANNA", "MARIE", "ANNA MARIE SANTOS"},
		{"after a slash", person{first: "ANNA", middle: "MARIE / KOLM", last: "SANTOS"}, "ANNA", "MARIE", "ANNA MARIE SANTOS"},
		{"a name in mixed case stays", person{first: "Anna", middle: "Marie", last: "Santos"}, "Anna", "Marie", ""},
		{"a middle name stays", person{first: "ANNA", middle: "MARIE JOY", last: "SANTOS"}, "ANNA", "MARIE JOY", ""},
	}
	for _, tt := range tests {
		got := dropCaptionWords(tt.in)
		if got.first != tt.first || got.middle != tt.middle || tt.full != "" && got.full != tt.full {
			t.Errorf("%s: got %q / %q / %q, want %q / %q / %q", tt.name, got.first, got.middle, got.full, tt.first, tt.middle, tt.full)
		}
	}
}

// TestPassportStackOnScans: a passport's surname and given names, each a
// line of capitals under a caption OCR damaged, are read by their shape;
// one name line alone between captions (the other lost) is uncertain;
// dates whose captions were lost are read by what they are to one
// another; a card's number is read, and one short of its letter is not.
func TestPassportStackOnScans(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	const card = "UNITED STATES OF AMERICA\nPASSPORT CARD\n"
	const dates = "Chane ct Gee\nPace of Tere\n28 JAN 1977\nIN, U.S.A.\nMaes OF\nogee Or\n28 JUL 2022\n27 JUL 2032\n"
	tests := []struct {
		name   string
		text   string
		want   map[string]any
		absent []string
	}{
		{"surname, caption, given names", card + "Sumarne\nFLORES-HUGHES\nGrven Names\nHANNAH MARIE\nNatonaity\nSex\nUSA\nF\n" + dates + "Card No\nC53588698\n",
			map[string]any{"last_name": "FLORES-HUGHES", "first_name": "HANNAH", "middle_name": "MARIE", "nationality": "USA",
				"date_of_birth": "1977-01-28", "issue_date": "2022-07-28", "expiration_date": "2032-07-27", "passport_number": "C53588698"}, nil},
		{"the given names alone between captions: no name", card + "Cre Nismwe\nKATERYNA ELIZABETH\n" + dates,
			map[string]any{"expiration_date": "2032-07-27"}, []string{"full_name", "last_name", "first_name"}},
		{"a country heading the page is no surname", "JAMAICA\nPassport / Passeport\nSMITH\n" + dates,
			map[string]any{"expiration_date": "2032-07-27"}, []string{"last_name", "first_name"}},
		{"a number without its letter", card + "Sumarne\nWEBER\nGrven Names\nMARICEL\n" + dates + "Card No\n95000118\n",
			map[string]any{"last_name": "WEBER"}, []string{"passport_number"}},
		{"dates six years apart are no issue and expiry", card + "Sumarne\nWEBER\nGrven Names\nMARICEL\n28 JAN 1977\n28 JUL 2022\n27 JUL 2028\n",
			map[string]any{"last_name": "WEBER"}, []string{"expiration_date", "issue_date", "date_of_birth"}},
	}
	// A lone name line naming none of the candidate's names is another
	// person's passport, whatever line was lost: it stays read.
	for _, h := range []struct {
		holder Holder
		want   bool
	}{{Holder{}, true}, {Holder{FirstName: "Kateryna", LastName: "Thomas"}, true}, {Holder{FirstName: "Maria", LastName: "Alvarez"}, false}} {
		r := &reading{holder: h.holder}
		if got := r.namesCandidate("KATERYNA ELIZABETH"); got != h.want {
			t.Errorf("namesCandidate(KATERYNA ELIZABETH) with candidate %v = %v, want %v", h.holder, got, h.want)
		}
	}
	for _, tt := range tests {
		res := Read(c, "passport", Document{Text: tt.text, AsOf: asOf})
		for k, want := range tt.want {
			if got := res.Fields[k]; got != want || res.Confidence[k] < c.ConfidenceThreshold(k) {
				t.Errorf("%s: %s = %v (confidence %v), want %v", tt.name, k, got, res.Confidence[k], want)
			}
		}
		for _, k := range tt.absent {
			if got, ok := res.Fields[k]; ok && res.Confidence[k] >= c.ConfidenceThreshold(k) {
				t.Errorf("%s: %s reported %v (confidence %v), want it missing or uncertain", tt.name, k, got, res.Confidence[k])
			}
		}
	}
}

// TestZoneRepairsLookAlikes: a surname the visual zone prints misread by
// a letter OCR confuses (O for Q) is repaired by the zone's spelling, the
// printed accents kept; a name the zone transliterates is not rewritten.
func TestZoneRepairsLookAlikes(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		surname, given, zone string
		last, first          string
		sure                 bool
	}{
		{"OUINONES", "MARIA JOSE", "QUINONES<<MARIA<JOSE", "QUINONES", "MARIA", true},
		{"OUIÑONES", "MARÍA JOSÉ", "QUINONES<<MARIA<JOSE", "QUIÑONES", "MARÍA", true},
		{"MÜLLER", "ANA", "MUELLER<<ANA", "MÜLLER", "ANA", true}, // the zone's transliteration: the print stands
		// One letter misread that OCR is not known to confuse, beside an
		// accented given name: the clean zone's letter, the accent kept.
		{"SALOZAR", "JOSÉ LUIS", "SALAZAR<<JOSE<LUIS", "SALAZAR", "JOSÉ", true},
		{"SOLOZAR", "JOSÉ LUIS", "SALAZAR<<JOSE<LUIS", "SOLOZAR", "JOSÉ", false}, // two: neither reading is sure
	}
	for _, tt := range tests {
		l1, l2 := td3Zone("MEX", tt.zone, "L898902C3", "850114", "300101")
		text := "PASAPORTE / PASSPORT\nApellidos / Surname\n" + tt.surname + "\nNombres / Given names\n" + tt.given +
			"\nFecha de nacimiento / Date of birth\n14 JAN 1985\n" + l1 + "\n" + l2 + "\n"
		res := Read(c, "passport", Document{Text: text, AsOf: asOf})
		sure := res.Confidence["last_name"] >= c.ConfidenceThreshold("last_name")
		if sure != tt.sure || tt.sure && (res.Fields["last_name"] != tt.last || res.Fields["first_name"] != tt.first) {
			t.Errorf("%s / %s: last %v first %v (confidence %v), want %q %q sure %v", tt.surname, tt.zone,
				res.Fields["last_name"], res.Fields["first_name"], res.Confidence["last_name"], tt.last, tt.first, tt.sure)
		}
	}
}

// TestZoneCompoundSurname: where the zone's name stands over a printed
// one it does not spell, a surname of several words is the only part the
// zone cannot settle (a space or a hyphen): the given names stand, the
// surname as the page prints it elsewhere, or uncertain.
func TestZoneCompoundSurname(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	l1, l2 := td3Zone("IND", "BAUTISTA<COX<<CHIAMAKA<CARMEN", "M5684714S", "751023", "301124")
	for _, tt := range []struct {
		extra, last string
	}{
		{"", ""},
		{"Holder: BAUTISTA-COX\n", "BAUTISTA-COX"},
	} {
		text := "PASSPORT\nName: CHIAMAKA BAUTISTA\n" + tt.extra + l1 + "\n" + l2 + "\n"
		res := Read(c, "passport", Document{Text: text, AsOf: asOf})
		if res.Fields["first_name"] != "CHIAMAKA" || res.Fields["middle_name"] != "CARMEN" || res.Confidence["first_name"] < 0.5 {
			t.Errorf("%q: given names %v %v (confidence %v), want CHIAMAKA CARMEN", tt.extra, res.Fields["first_name"], res.Fields["middle_name"], res.Confidence["first_name"])
		}
		sure := res.Confidence["last_name"] >= c.ConfidenceThreshold("last_name")
		if tt.last == "" && sure || tt.last != "" && (!sure || res.Fields["last_name"] != tt.last) {
			t.Errorf("%q: last_name %v (confidence %v), want %q", tt.extra, res.Fields["last_name"], res.Confidence["last_name"], tt.last)
		}
	}
}

// td3Zone is a passport's two zone lines (TD3) for a state, a name field,
// a number and the birth and expiry dates (YYMMDD), their check digits
// computed.
func td3Zone(state, name, num, dob, exp string) (string, string) {
	l1 := "P<" + state + name + strings.Repeat("<", 39-len(name))
	l2 := num + idnumber.MRZCheckDigit(num) + state + dob + idnumber.MRZCheckDigit(dob) + "F" + exp +
		idnumber.MRZCheckDigit(exp) + "<<<<<<<<<<<<<<<0"
	return l1, l2
}

// TestZoneNationalityInHeading: where the value's own line was lost, the
// nationality a clean zone's code names is read where the page words it
// inside a line (a U.S. book's heading), as the page words it.
func TestZoneNationalityInHeading(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	l1, l2 := td3Zone("USA", "ALLEN<<MARISOL<KUMARI", "A96009582", "010518", "351227")
	text := "| PASSPORT UNITED STATES OF AMERICA\nALLEN\nMARISOL KUMARI\n" + l1 + "\n" + l2 + "\n"
	res := Read(c, "passport", Document{Text: text, AsOf: asOf})
	if got := res.Fields["nationality"]; got != "UNITED STATES OF AMERICA" || res.Confidence["nationality"] < c.ConfidenceThreshold("nationality") {
		t.Errorf("nationality = %v (confidence %v), want UNITED STATES OF AMERICA", got, res.Confidence["nationality"])
	}
}

// TestZoneNumberDoubted: a zone number whose check digit passes but
// which reads as OCR's damage (letters that look like digits among its
// digits, too few digits) is uncertain; a character OCR put between the
// number's check digit and the nationality does not shift the number; a
// United States number with letters among its digits is uncertain.
func TestZoneNumberDoubted(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	dates := func(nat string) string {
		return nat + "850114" + idnumber.MRZCheckDigit("850114") + "F" + "300101" + idnumber.MRZCheckDigit("300101") +
			"<<<<<<<<<<<<<<<0"
	}
	tests := []struct {
		name, l1, l2, want string
		sure               bool
	}{
		{"look-alikes among the digits", "P<PHLFOSTER<<KEISHA<<<<<<<<<<<<<<<<<<<<<<<<<",
			"7S3SI5B81" + idnumber.MRZCheckDigit("7S3SI5B81") + dates("PHL"), "7S3SI5B81", false},
		{"a number as issuers give one", "P<PHLFOSTER<<KEISHA<<<<<<<<<<<<<<<<<<<<<<<<<",
			"V5058118B" + idnumber.MRZCheckDigit("V5058118B") + dates("PHL"), "V5058118B", true},
		{"a character put in before the nationality", "P<INDLE<BLANC<<ADAEZE<<<<<<<<<<<<<<<<<<<<<<<<",
			"G7535158H" + idnumber.MRZCheckDigit("G7535158H") + "L" + dates("IND"), "G7535158H", true},
		{"a United States number with letters among its digits", "P<USASANCHEZ<<MARGARET<MARIE<<<<<<<<<<<<<<<<",
			"3203572ZB" + idnumber.MRZCheckDigit("3203572ZB") + dates("USA"), "", false},
	}
	for _, tt := range tests {
		text := "PASSPORT\n" + tt.l1 + "\n" + tt.l2 + "\n"
		res := Read(c, "passport", Document{Text: text, AsOf: asOf})
		got, _ := res.Fields["passport_number"].(string)
		sure := res.Confidence["passport_number"] >= c.ConfidenceThreshold("passport_number")
		if sure != tt.sure || tt.want != "" && got != tt.want {
			t.Errorf("%s: passport_number %q (confidence %v), want %q sure %v", tt.name, got, res.Confidence["passport_number"], tt.want, tt.sure)
		}
	}
}

// TestZoneFillerGluedToName: a filler OCR read as a letter closing the
// zone's last given name (ANNK) is dropped where the name without it is
// printed on the page or is a given name known and the name with it is
// not; a name that ends so (MARK) keeps its letter.
func TestZoneFillerGluedToName(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	num := "563066362"
	l2 := num + idnumber.MRZCheckDigit(num) + "USA" + "850114" + idnumber.MRZCheckDigit("850114") + "F" + "300101" +
		idnumber.MRZCheckDigit("300101") + "<<<<<<<<<<<<<<<0"
	tests := []struct {
		zone, page, given string
	}{
		{"COHEN<<NICOLE<ANNK<<<<<<<<<<<<<<<<<<<<<<", "", "NICOLE ANN"},
		{"PRICE<<JOCELYNK<<<<<<<<<<<<<<<<<<<<<<<<<", "Given names JOCELYN\n", "JOCELYN"},
		{"PRICE<<MARK<<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "", "MARK"},
		{"PRICE<<JOCELYNK<<<<<<<<<<<<<<<<<<<<<<<<<", "", "JOCELYNK"},
	}
	for _, tt := range tests {
		text := "PASSPORT\n" + tt.page + "P<USA" + tt.zone + "\n" + l2 + "\n"
		res := Read(c, "passport", Document{Text: text, AsOf: asOf})
		got := strings.TrimSpace(fmt.Sprint(res.Fields["first_name"]) + " " + fmt.Sprint(res.Fields["middle_name"]))
		got = strings.TrimSuffix(got, " <nil>")
		if got != tt.given {
			t.Errorf("%s: given names %q, want %q", tt.zone, got, tt.given)
		}
	}
}

// TestPassportDatesWithoutCaptions: a card's dates whose captions OCR
// lost are read by what they are to one another, the expiry on the
// issue's day ten years on or the day before; a day further apart is a
// digit misread and reads neither, and a birth date over a hundred years
// ago is uncertain.
func TestPassportDatesWithoutCaptions(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name, dates       string
		issue, exp, birth string
		birthSure         bool
	}{
		{"expiry the day before", "14 MAR 1965\n22 APR 2023\n21 APR 2033\n", "2023-04-22", "2033-04-21", "1965-03-14", true},
		{"expiry on the day", "14 MAR 1965\n22 APR 2023\n22 APR 2033\n", "2023-04-22", "2033-04-22", "1965-03-14", true},
		{"a day misread", "14 MAR 1965\n22 APR 2023\n23 APR 2033\n", "", "", "", false},
		{"a birth year misread", "16 APR 1905\n07 DEC 2025\n06 DEC 2035\n", "2025-12-07", "2035-12-06", "1905-04-16", false},
		{"the birth date's day lost: no first of the month", "G3 MAY 1979\n14 NOV 2020\n13 NOV 2030\n", "2020-11-14", "2030-11-13", "", false},
	}
	for _, tt := range tests {
		text := "UNITED STATES OF AMERICA\nPASSPORT CARD\nJOHNSON\nGiven Names\nNICOLE\n" + tt.dates
		res := Read(c, "passport", Document{Text: text, AsOf: asOf})
		for k, want := range map[string]string{"issue_date": tt.issue, "expiration_date": tt.exp} {
			got, _ := res.Fields[k].(string)
			if got != want {
				t.Errorf("%s: %s = %q, want %q", tt.name, k, got, want)
			}
		}
		got, _ := res.Fields["date_of_birth"].(string)
		sure := res.Confidence["date_of_birth"] >= c.ConfidenceThreshold("date_of_birth")
		if tt.birth != "" && got != tt.birth || sure != tt.birthSure {
			t.Errorf("%s: date_of_birth = %q (confidence %v), want %q sure %v", tt.name, got, res.Confidence["date_of_birth"], tt.birth, tt.birthSure)
		}
	}
}

// TestIssueByZoneExpiry: the issue date whose caption OCR lost is the
// one date on the zone's expiry day five or ten years before, or the day
// after; a date three days off is a digit misread (0S JUL read as the
// first of July), not the issue.
func TestIssueByZoneExpiry(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	num := "549238597"
	l2 := num + idnumber.MRZCheckDigit(num) + "USA" + "630702" + idnumber.MRZCheckDigit("630702") + "F" + "310704" +
		idnumber.MRZCheckDigit("310704") + "<<<<<<<<<<<<<<<0"
	for printed, want := range map[string]string{"05 JUL 2021": "2021-07-05", "04 JUL 2021": "2021-07-04", "01 JUL 2021": ""} {
		text := "UNITED STATES OF AMERICA\n" + printed + "\nP<USABROOKS<<BRIANNA<ISABEL<<<<<<<<<<<<<<<<<<<\n" + l2 + "\n"
		res := Read(c, "passport", Document{Text: text, AsOf: asOf})
		if got, _ := res.Fields["issue_date"].(string); got != want {
			t.Errorf("%s: issue_date = %q, want %q", printed, got, want)
		}
	}
}

// TestPassportStackWithSpecks: a passport card's name stack read with
// OCR's specks at the lines' ends (a caption's remnant in small letters,
// a rule read as a bracket, a caption left as marks) is still the
// surname over the given names.
func TestPassportStackWithSpecks(t *testing.T) {
	c := catalog.MustLoad()
	text := "UNITED STATES OF AMERICA PASSPORT CARD\ncaiae ae Dera H\nSr JOHNSON\n= |\nNICOLE }\nSeaheethley, Ree i\n"
	res := Read(c, "passport", Document{Text: text})
	if res.Fields["last_name"] != "JOHNSON" || res.Fields["first_name"] != "NICOLE" {
		t.Errorf("last %v first %v, want JOHNSON NICOLE", res.Fields["last_name"], res.Fields["first_name"])
	}
}

// TestNationalityWithoutSpecks: the nationality the zone's code names,
// printed in capitals, is read without the small letters OCR left of a
// caption after it.
func TestNationalityWithoutSpecks(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	num := "G7535158H"
	l2 := num + idnumber.MRZCheckDigit(num) + "IND" + "680919" + idnumber.MRZCheckDigit("680919") + "F" + "271202" +
		idnumber.MRZCheckDigit("271202") + "<<<<<<<<<<<<<<<0"
	text := "REPUBLIC OF INDIA\nINDIAN aise\nP<INDLE<BLANC<<ADAEZE<<<<<<<<<<<<<<<<<<<<<<<<<\n" + l2 + "\n"
	res := Read(c, "passport", Document{Text: text, AsOf: asOf})
	if got := res.Fields["nationality"]; got != "INDIAN" {
		t.Errorf("nationality = %v, want INDIAN", got)
	}
}

// TestZoneDigitSettledByCandidate: a letter of the zone's surname OCR
// read as a digit (0 for Q, O or D) is the candidate's letter where it
// is one the digit may be and the print reads its look-alike; without a
// candidate, or where the zone read a letter, the readings stand.
func TestZoneDigitSettledByCandidate(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	num := "L898902C3"
	l2 := num + idnumber.MRZCheckDigit(num) + "MEX" + "850114" + idnumber.MRZCheckDigit("850114") + "F" + "300101" +
		idnumber.MRZCheckDigit("300101") + "<<<<<<<<<<<<<<<0"
	tests := []struct {
		name, printed, zone string
		holder              Holder
		last                string
		sure                bool
	}{
		{"the zone's 0 and the print's O, the candidate's Q", "OUINONES", "0UINONES", Holder{FirstName: "Maria", LastName: "Quiñones"}, "QUINONES", true},
		{"no print read, the candidate's Q", "", "0UINONES", Holder{FirstName: "Maria", LastName: "Quinones"}, "QUINONES", true},
		{"no candidate: the readings stand", "OUINONES", "0UINONES", Holder{}, "OUINONES", true},
		{"the zone read a letter: the readings stand", "OUINONES", "OUINONES", Holder{FirstName: "Maria", LastName: "Quinones"}, "OUINONES", true},
		{"another letter than the digit may be", "OUINONES", "0UINONES", Holder{FirstName: "Maria", LastName: "Muinones"}, "OUINONES", true},
	}
	for _, tt := range tests {
		zone := tt.zone + "<<MARIA"
		l1 := "P<MEX" + zone + strings.Repeat("<", 39-len(zone))
		text := "PASAPORTE / PASSPORT\n"
		if tt.printed != "" {
			text += "Apellidos / Surname\n" + tt.printed + "\nNombres / Given names\nMARIA\n"
		}
		text += l1 + "\n" + l2 + "\n"
		res := Read(c, "passport", Document{Text: text, AsOf: asOf, Holder: tt.holder})
		sure := res.Confidence["last_name"] >= c.ConfidenceThreshold("last_name")
		if res.Fields["last_name"] != tt.last || sure != tt.sure {
			t.Errorf("%s: last_name %v (confidence %v), want %s sure %v", tt.name, res.Fields["last_name"], res.Confidence["last_name"], tt.last, tt.sure)
		}
	}
}

// TestZoneSurnameApostrophe: a surname the zone writes without its
// apostrophe (OSULLIVAN) is read as the page prints it (O'SULLIVAN)
// where the page's name was read from the zone; two printed spellings
// leave the zone's.
func TestZoneSurnameApostrophe(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	l1, l2 := td3Zone("IRL", "OSULLIVAN<<AOIFE<MAIRE", "PX4820173", "900312", "310704")
	for _, tt := range []struct{ printed, want string }{
		{"SURNAME / SLOINNE O'SULLIVAN\n", "O'SULLIVAN"},
		{"SURNAME / SLOINNE O'SULLIVAN\nSIGNATURE O’SULLIVAN\n", "OSULLIVAN"},
		{"", "OSULLIVAN"},
	} {
		text := "EIRE / IRELAND PASSPORT\n" + tt.printed + "DATE OF BIRTH / DATA BREITHE 12 MAR / MART 1990\n" + l1 + "\n" + l2 + "\n"
		res := Read(c, "passport", Document{Text: text, AsOf: asOf})
		if res.Fields["last_name"] != tt.want || res.Fields["full_name"] != "AOIFE MAIRE "+tt.want {
			t.Errorf("%q: last_name %v, full_name %v, want %s", tt.printed, res.Fields["last_name"], res.Fields["full_name"], tt.want)
		}
	}
}

// TestZoneNumberShifted: a character OCR put into the zone's number
// ("G6482109378MEX" for G482109378MEX) shifts the number's window, whose
// check then passes by a look-alike of equal weight (6 for G, 16 and 6):
// the page's printing of the number passing the same check is read, not
// the zone's, as where the zone's G was read 6; a zone read as printed
// keeps its number.
func TestZoneNumberShifted(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	l1, l2 := td3Zone("MEX", "HERNANDEZ<VILLALOBOS<<MARIA<FERNANDA", "G48210937", "910722", "280214")
	for _, tt := range []struct {
		name, zone, want string
	}{
		{"a character put in the number", "G6" + l2[1:], "G48210937"},
		{"the zone as printed", l2, "G48210937"},
		// The check weighs G as 6: the issuers' forms open a number with
		// a letter.
		{"the opening G read as 6", "6" + l2[1:], "G48210937"},
	} {
		text := "ESTADOS UNIDOS MEXICANOS PASAPORTE / PASSPORT\nTipo / Type Clave del pais / Code No. de pasaporte / Passport No.\n" +
			"G48210937\nApellidos / Surname\nHERNANDEZ VILLALOBOS\nNombres / Given names\nMARIA FERNANDA\n" + l1 + "\n" + tt.zone + "\n"
		res := Read(c, "passport", Document{Text: text, AsOf: asOf})
		if res.Fields["passport_number"] != tt.want || res.Confidence["passport_number"] < c.ConfidenceThreshold("passport_number") {
			t.Errorf("%s: passport_number = %v (confidence %v), want %s", tt.name, res.Fields["passport_number"], res.Confidence["passport_number"], tt.want)
		}
	}
}

// TestZoneNumberEqualWeights: a zone's number the page prints otherwise
// only in look-alikes its check weighs alike (G and 6, S and 8) is
// settled by the issuers' forms, letters first and digits after.
func TestZoneNumberEqualWeights(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name, zoneNum, pageNum, want string
	}{
		{"an 8 among digits read S on the page", "L89890283", "L898902S3", "L89890283"},
		{"the zone's S among digits", "L898902S3", "L89890283", "L89890283"},
	} {
		l1, l2 := td3Zone("UTO", "ERIKSSON<<ANNA<MARIA", tt.zoneNum, "740812", "320415")
		text := "PASSPORT\nPassport No.\n" + tt.pageNum + "\nSurname\nERIKSSON\nGiven names\nANNA MARIA\n" + l1 + "\n" + l2 + "\n"
		res := Read(c, "passport", Document{Text: text, AsOf: asOf})
		got := res.Fields["passport_number"]
		if res.Confidence["passport_number"] < c.ConfidenceThreshold("passport_number") {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%s: passport_number = %v (confidence %v), want %q", tt.name, res.Fields["passport_number"], res.Confidence["passport_number"], tt.want)
		}
	}
}
