package extract

import (
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestLicenseOnScans: a license's number and name lines read through the
// OCR damage of scanned cards, a number the card's format cannot settle
// reported uncertain rather than guessed.
func TestLicenseOnScans(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		text   string
		holder Holder
		want   map[string]any
		absent []string
	}{
		{
			name:   "FIRST MIDDLE over LAST: the candidate's surname says the order",
			text:   "TEXAS\nDRIVER LICENSE\nJOHN MICHAEL\nSMITH\n1234 S CONGRESS AVE\nAUSTIN, TX 78704\n",
			holder: Holder{FirstName: "John", LastName: "Smith"},
			want:   map[string]any{"first_name": "JOHN", "middle_name": "MICHAEL", "last_name": "SMITH", "address": "1234 S CONGRESS AVE, AUSTIN, TX 78704"},
		},
		{
			name:   "two name lines and no candidate's surname to order them: uncertain",
			text:   "TEXAS\nDRIVER LICENSE\nJOHN MICHAEL\nSMITH\n1234 S CONGRESS AVE\nAUSTIN, TX 78704\n",
			absent: []string{"last_name", "full_name"},
		},
		{
			name: "number under the title, its caption read as 'won'; field number 1 lost",
			text: "USA DRIVER LICENSE\nwon Q00053424\n1 JACKSON-HOFFMANN\n2 MARIA KAY\n8 8114 LAKE TRL\nSALT LAKE CITY, UT 84101\n",
			want: map[string]any{"license_number": "Q00053424", "last_name": "JACKSON-HOFFMANN", "first_name": "MARIA", "middle_name": "KAY"},
		},
		{
			name: "each caption over its value (LN / surname / FN / given names): no caption read as a name",
			text: "DRIVER LICENSE\nMASSACHUSETTS USA\nop. H86774963\nEXP 06/23/2031\nLN\nIBANEZ\nFN\nSTEPHANIE ADAORA\n3239 MAGNOLIA DR\nBOSTON, MA 02108\nDOB\n06/23/1980\n",
			want: map[string]any{"last_name": "IBANEZ", "first_name": "STEPHANIE", "middle_name": "ADAORA"},
		},
		{
			name:   "a lone caption over a name and a street: no name",
			text:   "DRIVER LICENSE\nMASSACHUSETTS USA\nEXP 06/23/2031\nDOB\nIBANEZ\n3239 MAGNOLIA DR\n",
			absent: []string{"last_name", "first_name"},
		},
		{
			name: "an 8 read '&' in the red number",
			text: "ID CARD MARYLAND USA\nN&2289931\n1 RIVERA\n2 JAMES\n",
			want: map[string]any{"license_number": "N82289931", "last_name": "RIVERA", "first_name": "JAMES"},
		},
		{
			name: "the 2 before the given names read as a mark: no given name for the surname",
			text: "COLORADO DRIVER LICENSE\nso ot 12-345-6789\n3 DOB 06/19/1990\n1 KOWALCZYK\n> TERESA JOAN\n8 2231 S BROADWAY\nDENVER, CO 80210\n",
			want: map[string]any{"last_name": "KOWALCZYK", "first_name": "TERESA", "middle_name": "JOAN", "full_name": "TERESA JOAN KOWALCZYK"},
		},
		{
			name: "the 2 before the given names kept behind a speck",
			text: "COLORADO DRIVER LICENSE\n\ufffd 12-345-6789\n1 KOWALCZYK\n\u201c3 2 TERESA JOAN\n8 2231 S BROADWAY\nDENVER, CO 80210\n",
			want: map[string]any{"last_name": "KOWALCZYK", "first_name": "TERESA", "middle_name": "JOAN"},
		},
		{
			name:   "a street under the surname is no given name",
			text:   "COLORADO DRIVER LICENSE\n1 KOWALCZYK\n> 2231 S BROADWAY\nDENVER, CO 80210\n",
			absent: []string{"first_name", "full_name"},
		},
		{
			name: "Georgia: digits alone, its numbers never open with a letter",
			text: "GEORGIA\nDRIVER'S LICENSE\nad tn 058214736\n4b Exe 04/08/2030\n1 OYELARAN\n2 BABATUNDE JAMES\n",
			want: map[string]any{"license_number": "058214736"},
		},
		{
			name: "California: one letter and seven digits, the letter read as a digit",
			text: "CALIFORNIA USA DRIVER LICENSE\n4d DLN 06215821\n1 LONG\n2 ROSA KAY\n",
			want: map[string]any{"license_number": "O6215821"},
		},
		{
			name:   "a field's line of capitals over the name line is no surname (CLASS C)",
			text:   "PENNSYLVANIA\nDRIVER'S LICENSE\n4d DLN: 12345678\nCLASS C\nJOHN MICHAEL SMITH\n1234 MAIN ST\nHARRISBURG, PA 17101\n",
			want:   map[string]any{"first_name": "JOHN", "last_name": "SMITH"},
			absent: []string{},
		},
		{
			name: "no state in the heading: the city line's, its ZIP code misread, settles the number's form",
			text: "USA ID CARD\n46766505\nYOUNG\n: YESENIA NICOLLE\n8905 CHEST GT TA\nMOUSTON, TX T7002\n",
			want: map[string]any{"state": "TX", "license_number": "46766505"},
		},
		{
			name:   "two states' city lines: no state",
			text:   "USA ID CARD\nYOUNG\n: YESENIA NICOLLE\nMOUSTON, TX T7002\nRENO, NV 89501\n",
			absent: []string{"state"},
		},
		{
			name: "family and given names numbered as one field, in the name's order",
			text: "GEORGIA DRIVER LICENSE\n4d DLN 057281934\n1,2 ROSA GRACE MAC DONALD\n8 771 PEACHTREE ST NE\nATLANTA, GA 30308\n",
			want: map[string]any{"first_name": "ROSA", "middle_name": "GRACE", "last_name": "MAC DONALD"},
		},
		{
			name: "family and given names numbered as one field, the family name first",
			text: "GEORGIA DRIVER LICENSE\n4d DLN 057281934\n1,2 WASHINGTON, DARNELL JAMES\n8 771 PEACHTREE ST NE\n",
			want: map[string]any{"first_name": "DARNELL", "middle_name": "JAMES", "last_name": "WASHINGTON"},
		},
		{
			name: "2 GIVEN NAMES over 1 FAMILY NAME",
			text: "GEORGIA DRIVER LICENSE\n4d DLN 057281934\n2 DARNELL JAMES\n1 WASHINGTON\n8 771 PEACHTREE ST NE\n",
			want: map[string]any{"first_name": "DARNELL", "middle_name": "JAMES", "last_name": "WASHINGTON"},
		},
		{
			name:   "FIRST MIDDLE over LAST under the number, no field numbers: the candidate's surname says the order",
			text:   "GEORGIA DRIVER LICENSE\n4d DLN 057281934\nDARNELL JAMES\nWASHINGTON\n771 PEACHTREE ST NE\nATLANTA, GA 30308\n",
			holder: Holder{FirstName: "Darnell", LastName: "Washington"},
			want:   map[string]any{"first_name": "DARNELL", "middle_name": "JAMES", "last_name": "WASHINGTON"},
		},
		{
			name: "two unnumbered name lines under the number and no candidate: the family name first, as most cards print it",
			text: "GEORGIA DRIVER LICENSE\n4d DLN 057281934\nWASHINGTON\nDARNELL JAMES\n771 PEACHTREE ST NE\nATLANTA, GA 30308\n",
			want: map[string]any{"first_name": "DARNELL", "middle_name": "JAMES", "last_name": "WASHINGTON"},
		},
		{
			name: "a middle initial I read as '!' against the given name",
			text: "ALASKA USA DRIVER LICENSE\nmn 259765680\nOKONKWO\n2 MADISON!\n8 1665 CAMINO REAL TRL\n",
			want: map[string]any{"first_name": "MADISON", "middle_name": "I", "last_name": "OKONKWO"},
		},
		{
			name: "Texas: eight digits, an O among them",
			text: "TEXAS USA DRIVER LICENSE\n4d DLN 4676O505\n1 YOUNG\n2 YESENIA\n",
			want: map[string]any{"license_number": "46760505"},
		},
		{
			name: "Washington: WDL read WOL",
			text: "WASHINGTON USA ID CARD\nWOLBN6LE3C5H\n1 SMITH\n2 ANJALI NICOLE\n",
			want: map[string]any{"license_number": "WDLBN6LE3C5H"},
		},
		{
			name:   "a number opening with a digit like a letter (2 or Z) where no format says: uncertain",
			text:   "DRIVER LICENSE NEW JERSEY USA\n40.N 232740402\n1 DEL ROSARIO\n2 KATHLEEN NICOLE\n",
			want:   map[string]any{"last_name": "DEL ROSARIO"},
			absent: []string{"license_number"},
		},
		{
			name: "field number 1 read as t, 2 as a mark, under the number",
			text: "NEVADA USA STATE ID\n4dion BO8360067\nt ST. CLAIR\n» SVETLANA ANN\n8 8502 WASHINGTON LN\n",
			want: map[string]any{"license_number": "B08360067", "last_name": "ST. CLAIR", "first_name": "SVETLANA"},
		},
		{
			name: "family name over given names whose field number OCR read as a mark, under a garbled number",
			text: "ean MOOOSITI2Z\nVILLANUEVA\n» ABENA KAY\n£51) VERSES & VD\nSALT (LAME CITY, UT B4101\n",
			want: map[string]any{"last_name": "VILLANUEVA", "first_name": "ABENA", "middle_name": "KAY"},
		},
		{
			name: "the address's field number 8 misread as 6 is no part of the street",
			text: "WASHINGTON USA ID CARD\nWDLBN6LE3C5H\n1 SMITH\n2 ANJALI NICOLE\n6 1153 LINCOLN ST\nSPOKANE, WA 99201\n",
			want: map[string]any{"address": "1153 LINCOLN ST, SPOKANE, WA 99201"},
		},
		{
			name: "the issue date after its caption run together and misread (4aiss, d4alss, 4atss)",
			text: "TEXAS USA DRIVER LICENSE\n4d DLN 12345678\n1 SMITH\n2 JOHN\n3DOB 05/21/1980 4b Exp 05/21/2029\nd4alss 11/02/2023 9Class D\n",
			want: map[string]any{"issue_date": "2023-11-02", "date_of_birth": "1980-05-21", "expiration_date": "2029-05-21"},
		},
		{
			name: "a street's direction OCR joined to its name",
			text: "TEXAS USA DRIVER LICENSE\n4d DLN 12345678\n1 SMITH\n2 JOHN MICHAEL\n8 1234 SCONGRESS AVE\nAUSTIN, TX 78704\n",
			want: map[string]any{"address": "1234 S CONGRESS AVE, AUSTIN, TX 78704"},
		},
		{
			name: "a street named by a word opening with a direction's letter stays whole",
			text: "TEXAS USA DRIVER LICENSE\n4d DLN 12345678\n1 SMITH\n2 JOHN MICHAEL\n8 1234 SPRING AVE\nAUSTIN, TX 78704\n",
			want: map[string]any{"address": "1234 SPRING AVE, AUSTIN, TX 78704"},
		},
		{
			name:   "an address OCR damaged (the city closed by a period, lower-case words) is uncertain",
			text:   "ALASKA USA DRIVER LICENSE\n4d DLN Z59765680\n1 OKONKWO\n2 MADISON\n8 1665 CAMINO REAL THY.\nANCHOMAGE. AK 99501\n",
			absent: []string{"address"},
		},
		{
			name: "LN over FN read as UN and PN",
			text: "NEBRASKA USA DRIVER LICENSE\nA65991464 EXP 01/23/2028\nUN PHAM\nPN JOCELYN MENDOZA\n1819 PARK RD\nOMAHA, NE 68102\n",
			want: map[string]any{"license_number": "A65991464", "last_name": "PHAM", "first_name": "JOCELYN", "middle_name": "MENDOZA"},
		},
		{
			name:   "a lower-case surname on a card printed in capitals is OCR's damage: uncertain",
			text:   "DRIVER LICENSE HAWAII USA\n4d DLN H27969800\n1 woop\n2 MARY GRACE AQUINO\n",
			absent: []string{"last_name", "full_name"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Read(c, "drivers_license", Document{Text: tt.text, AsOf: asOf, Holder: tt.holder})
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

// TestLicenseNameLines: a license's name lines with no field numbers:
// a caption over the name is no family name, nor a spelled-out "LAST"
// over the family name; the given names over the
// family name ("JOHN MICHAEL" over "SMITH") are told by the given name
// that opens them, with or without a candidate; the family name over the
// given names stays so.
func TestLicenseNameLines(t *testing.T) {
	c := catalog.MustLoad()
	card := func(names ...string) []word {
		rows := [][]word{ocrRow(0, 1, 40, 40, "TEXAS DRIVER LICENSE", 95), ocrRow(1, 1, 120, 60, "DL 12345678", 95)}
		for i, n := range names {
			rows = append(rows, ocrRow(2+i, 2, 120, 80+12*float64(i), n, 95))
		}
		k := 2 + len(names)
		rows = append(rows, ocrRow(k, 3, 120, 110, "1234 ELM ST", 95), ocrRow(k+1, 3, 120, 122, "AUSTIN, TX 78704", 95),
			ocrRow(k+2, 4, 120, 140, "DOB 04/05/1985", 95))
		return ocrWords(rows...)
	}
	tests := []struct {
		name                string
		words               []word
		holder              Holder
		first, middle, last string
	}{
		{"a caption over the name", card("NAME", "JOHN MICHAEL SMITH"), Holder{}, "JOHN", "MICHAEL", "SMITH"},
		{"given names over the family name", card("JOHN MICHAEL", "SMITH"), Holder{}, "JOHN", "MICHAEL", "SMITH"},
		{"given names over the family name, the candidate's", card("JOHN MICHAEL", "SMITH"), Holder{FirstName: "John", LastName: "Smith"}, "JOHN", "MICHAEL", "SMITH"},
		{"the family name over the given names", card("SMITH", "JOHN MICHAEL"), Holder{}, "JOHN", "MICHAEL", "SMITH"},
		{"spelled-out captions over each name", card("LAST", "FERREIRA", "FIRST", "JOAQUIM PAULO"), Holder{}, "JOAQUIM", "PAULO", "FERREIRA"},
		{"spelled-out captions with NAME", card("LAST NAME", "FERREIRA", "FIRST NAME", "JOAQUIM PAULO"), Holder{}, "JOAQUIM", "PAULO", "FERREIRA"},
		// "LN" misread as small letters over an "FN" read as printed.
		{"LN read as tn over FN", card("tn OKONKWO-PRICE", "FN DESMOND ALARIC"), Holder{}, "DESMOND", "ALARIC", "OKONKWO-PRICE"},
		// Both misread: the signature's initial and family name say it.
		{"LN and FN both read as small letters, signed", card("in ACHTERBERG-NUNEZ", "rw LUCIA MARISOL", "L. Achterberg"), Holder{}, "LUCIA", "MARISOL", "ACHTERBERG-NUNEZ"},
		{"LN read as itn over Fn", card("itn OKONKWO-PRICE", "Fn DESMOND ALARIC"), Holder{}, "DESMOND", "ALARIC", "OKONKWO-PRICE"},
	}
	for _, tt := range tests {
		page := ocrPage(tt.words...)
		var lines []string
		for _, l := range page.Lines() {
			var ws []string
			for _, w := range l {
				ws = append(ws, w.Text)
			}
			lines = append(lines, strings.Join(ws, " "))
		}
		res := Read(c, "drivers_license", Document{Text: strings.Join(lines, "\n"), Pages: []pagetext.Page{page}, Holder: tt.holder})
		if res.Fields["first_name"] != tt.first || res.Fields["middle_name"] != tt.middle || res.Fields["last_name"] != tt.last {
			t.Errorf("%s: first %v middle %v last %v, want %s %s %s", tt.name, res.Fields["first_name"], res.Fields["middle_name"],
				res.Fields["last_name"], tt.first, tt.middle, tt.last)
		}
	}
}

// TestLicenseNameRowInTwoBlocks: a license printing FIRST MIDDLE LAST on
// one row, the family name after a gap OCR read as a block of its own
// further down the text, reads the whole name; a word on the row that is
// no name is not taken.
func TestLicenseNameRowInTwoBlocks(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct{ after, last string }{{"SMITH", "SMITH"}, {"CLASS C", "MICHAEL"}} {
		page := ocrPage(ocrWords(
			ocrRow(0, 1, 40, 40, "TEXAS DRIVER LICENSE", 95),
			ocrRow(1, 1, 120, 60, "DL 12345678", 95),
			ocrRow(2, 2, 120, 92, "JOHN MICHAEL", 95),
			ocrRow(3, 3, 120, 110, "1234 ELM ST", 95),
			ocrRow(4, 3, 120, 122, "AUSTIN, TX 78704", 95),
			ocrRow(5, 4, 120, 140, "DOB 04/05/1985", 95),
			ocrRow(6, 5, 205, 92, tt.after, 95),
		)...)
		var lines []string
		for _, l := range page.Lines() {
			var ws []string
			for _, w := range l {
				ws = append(ws, w.Text)
			}
			lines = append(lines, strings.Join(ws, " "))
		}
		res := Read(c, "drivers_license", Document{Text: strings.Join(lines, "\n"), Pages: []pagetext.Page{page}})
		if res.Fields["first_name"] != "JOHN" || res.Fields["last_name"] != tt.last {
			t.Errorf("%s after the name: first %v last %v, want JOHN %s", tt.after, res.Fields["first_name"], res.Fields["last_name"], tt.last)
		}
	}
}

// TestNamesUnderSideCaptions: a card printing its family and given
// names' captions side by side over one line of names ("1 LAST 2 FIRST"
// over "FITZGERALD COLLEEN ROSE") is parted where the given names'
// caption starts, whichever the words; a name word across the border
// leaves the line unparted.
func TestNamesUnderSideCaptions(t *testing.T) {
	c := catalog.MustLoad()
	head := []namesLine{
		{y: 40, size: 9, cells: []namesCell{{40, "MASSACHUSETTS", 0}}},
		{y: 52, size: 6, cells: []namesCell{{40, "DRIVER'S LICENSE", 0}}},
		{y: 64, size: 4, cells: []namesCell{{90, "4D LICENSE", 0}, {150, "9 CLASS", 0}}},
		{y: 70, size: 7, cells: []namesCell{{90, "S71840293", 0}, {150, "D", 0}}},
	}
	tests := []struct {
		name       string
		caps       []namesCell
		names      []namesCell
		last, full string
	}{
		{"caption over each part", []namesCell{{90, "1 LAST", 0}, {150, "2 FIRST", 0}},
			[]namesCell{{90, "FITZGERALD", 0}, {150, "COLLEEN ROSE", 0}}, "FITZGERALD", "COLLEEN ROSE FITZGERALD"},
		{"field number glued, two-word family name", []namesCell{{90, "LLAST", 0}, {160, "2 FIRST", 0}},
			[]namesCell{{90, "DE LA CRUZ", 0}, {160, "MARIA", 0}}, "DE LA CRUZ", "MARIA DE LA CRUZ"},
		{"a word across the border", []namesCell{{90, "1 LAST", 0}, {110, "2 FIRST", 0}},
			[]namesCell{{90, "FITZGERALD", 0}, {150, "COLLEEN", 0}}, "", ""},
	}
	for _, tt := range tests {
		lines := append(append([]namesLine(nil), head...),
			namesLine{y: 82, size: 4, cells: tt.caps}, namesLine{y: 88, size: 7, cells: tt.names},
			namesLine{y: 100, size: 4, cells: []namesCell{{90, "3 DOB", 0}, {150, "4B EXP", 0}}},
			namesLine{y: 106, size: 7, cells: []namesCell{{90, "06/08/1981", 0}, {150, "06/08/2029", 0}}})
		text, pages := namesPage(lines...)
		res := Read(c, "drivers_license", Document{Text: text, Pages: pages})
		sure := func(f string) string {
			v, _ := res.Fields[f].(string)
			if res.Confidence[f] < c.ConfidenceThreshold(f) {
				return ""
			}
			return v
		}
		if sure("last_name") != tt.last || sure("full_name") != tt.full {
			t.Errorf("%s: last_name %v, full_name %v (at %v), want %q, %q", tt.name, res.Fields["last_name"], res.Fields["full_name"], res.Confidence["full_name"], tt.last, tt.full)
		}
	}
}

// TestCaptionsUnderValuesNoName: a card printing its captions under
// their values, read by OCR as lines of their own ("DATE OF BRTH" over
// "EXPRES" under the two dates), holds no name in them, however OCR
// damaged a letter.
func TestCaptionsUnderValuesNoName(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "WISCONSIN", conf: 91})}
	for _, caps := range []string{"DATE OF BRTH\nEXPRES", "DATE OF BIRTH\nEXPIRES", "DATE OF BIRTH\nEXPIRE5"} {
		text := "WISCONSIN\nDRIVER LICENSE\nS426-5518-7290-04\n615 LAKESHORE DR, MADISON, WI 53703\n02/17/1989 02/17/2031\n" +
			caps + "\nISSUED\n09/05/2023\n"
		res := Read(c, "drivers_license", Document{Text: text, Pages: scan})
		if v, ok := res.Fields["full_name"].(string); ok && res.Confidence["full_name"] >= c.ConfidenceThreshold("full_name") {
			t.Errorf("%q: full_name %q read surely (%v), want none", caps, v, res.Confidence["full_name"])
		}
	}
}

// TestStackedNamesOnOneRow: two lines of capitals read as a card's
// family name over its given names are that only where they stand one
// over the other; OCR's two lines of one row of the page (names side by
// side, the family name perhaps cut short) leave the name uncertain.
func TestStackedNamesOnOneRow(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name          string
		lastY, givenX float64
		givenY        float64
		sure          bool
	}{
		{"one over the other", 88, 90, 98, true},
		{"side by side", 88, 150, 87, false},
	}
	for _, tt := range tests {
		text, pages := namesPage(
			namesLine{y: 40, size: 9, cells: []namesCell{{40, "MASSACHUSETTS", 0}}},
			namesLine{y: 52, size: 6, cells: []namesCell{{40, "DRIVER'S LICENSE", 0}}},
			namesLine{y: 70, size: 7, cells: []namesCell{{90, "S71840293", 0}}},
			namesLine{y: tt.lastY, size: 7, cells: []namesCell{{90, "FITZGE", 0}}},
			namesLine{y: tt.givenY, size: 7, cells: []namesCell{{tt.givenX, "COLLEEN ROSE", 0}}},
			namesLine{y: 120, size: 7, cells: []namesCell{{90, "06/08/1981", 0}}})
		res := Read(c, "drivers_license", Document{Text: text, Pages: pages})
		sure := res.Confidence["last_name"] >= c.ConfidenceThreshold("last_name")
		if res.Fields["last_name"] != "FITZGE" || sure != tt.sure {
			t.Errorf("%s: last_name %v at %v, want FITZGE sure %v", tt.name, res.Fields["last_name"], res.Confidence["last_name"], tt.sure)
		}
	}
}

// TestCaptionsUnderDates: a card printing its captions under its dates,
// which OCR reads as lines of their own ("02/17/1989 02/17/2031" over
// "DATE OF BIRTH", "EXPIRES", "ISSUED" over "09/05/2023"), has the birth
// date read as no issue date, the issue date as no expiry: the three
// dates' relation settles them (the expiry, whose caption's value below
// was the issue date, at least is no other date read surely).
func TestCaptionsUnderDates(t *testing.T) {
	c := catalog.MustLoad()
	text := "WISCONSIN\nDRIVER LICENSE\nHOLLOWAY-BRANDT, JUNE M\n02/17/1989 02/17/2031\nDATE OF BIRTH\nEXPIRES\nISSUED\n09/05/2023\n"
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "WISCONSIN", conf: 91}, word{x: 40, y: 60, text: "02/17/1989"},
		word{x: 100, y: 60, text: "02/17/2031"}, word{x: 40, y: 90, text: "09/05/2023"})}
	res := Read(c, "drivers_license", Document{Text: text, Pages: scan})
	for f, want := range map[string]string{"date_of_birth": "1989-02-17", "issue_date": "2023-09-05", "expiration_date": "2031-02-17"} {
		sure := res.Confidence[f] >= c.ConfidenceThreshold(f)
		if sure && res.Fields[f] != want || !sure && f != "expiration_date" {
			t.Errorf("%s = %v (at %v), want %s", f, res.Fields[f], res.Confidence[f], want)
		}
	}
}

// TestOneLineAddress: a licence's address printed on one line, street
// then city, state and ZIP code after a comma, is read where OCR lost its
// caption; two such lines leave it unread.
func TestOneLineAddress(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "OHIO", conf: 91})}
	for _, tt := range []struct{ lines, want string }{
		{"\ufffd 88 GRANDVIEW AVE, DAYTON OH 45403\n", "88 GRANDVIEW AVE, DAYTON OH 45403"},
		{"8 88 GRANDVIEW AVE, DAYTON, OH 45403\n", "88 GRANDVIEW AVE, DAYTON, OH 45403"},
		{"\ufffd 88 GRANDVIEW AVE, DAYTON OH 45403\n12 MAIN ST, DAYTON OH 45402\n", ""},
	} {
		text := "OHIO DRIVER LICENSE\nLIC NO TK553019\nNAME OYELOWO, ADEBOLA K\n" + tt.lines + "BIRTH 07/04/1985\nEXPIRES 07/04/2028\n"
		res := Read(c, "drivers_license", Document{Text: text, Pages: scan})
		got, _ := res.Fields["address"].(string)
		if res.Confidence["address"] < c.ConfidenceThreshold("address") {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%q: address %v (at %v), want %q", tt.lines, res.Fields["address"], res.Confidence["address"], tt.want)
		}
	}
}

// TestNamesUnderNameCaption: a card printing a column of captions beside
// a column of values, OCR reading each caption and value as lines of
// their own ("NAME" / "MCALLISTER" / "BRIDGET ANNE" / "ADDRESS"), has
// its name read from the two lines under "NAME", the family name over
// the given names or the given names over it as the request's surname
// shows; with no request to say, the order of words no list knows is
// uncertain, unless the holder's signature, given names first, says it;
// another person's signature says nothing.
func TestNamesUnderNameCaption(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		first, second string
		holder        Holder
		signature     string
		sure          bool
	}{
		{"MCALLISTER", "BRIDGET ANNE", Holder{FirstName: "Bridget", LastName: "McAllister"}, "Bridget A McAllister", true},
		{"BRIDGET ANNE", "MCALLISTER", Holder{FirstName: "Bridget", LastName: "McAllister"}, "Bridget A McAllister", true},
		{"BRIDGET ANNE", "MCALLISTER", Holder{}, "", false},
		{"BRIDGET ANNE", "MCALLISTER", Holder{}, "Harlan Whitcomb", false},
		{"BRIDGET ANNE", "MCALLISTER", Holder{}, "Bridget A McAllister", true},
		{"MCALLISTER", "BRIDGET ANNE", Holder{}, "Bridget McAllister", true},
	} {
		var lines []namesLine
		y := 40.0
		row := func(cells ...namesCell) {
			for _, cl := range cells {
				lines = append(lines, namesLine{y: y, size: 7, cells: []namesCell{cl}})
			}
			y += 11
		}
		row(namesCell{40, "Illinois", 0})
		row(namesCell{74, "DL NUMBER", 0}, namesCell{112, "M263-4418-9052", 0})
		row(namesCell{74, "NAME", 0}, namesCell{112, tt.first, 0})
		row(namesCell{112, tt.second, 0})
		row(namesCell{74, "ADDRESS", 0}, namesCell{112, "402 W ELM ST", 0})
		row(namesCell{112, "SPRINGFIELD, IL 62704", 0})
		row(namesCell{74, "DOB", 0}, namesCell{112, "12/09/1987", 0})
		if tt.signature != "" {
			row(namesCell{10, tt.signature, 0})
		}
		text, pages := namesPage(lines...)
		res := Read(c, "drivers_license", Document{Text: text, Pages: pages, Holder: tt.holder})
		sure := res.Confidence["full_name"] >= c.ConfidenceThreshold("full_name")
		if tt.sure && (res.Fields["full_name"] != "BRIDGET ANNE MCALLISTER" || res.Fields["last_name"] != "MCALLISTER" || !sure) ||
			!tt.sure && sure {
			t.Errorf("%s over %s (%v, signed %q): full_name %v, last_name %v (at %v), want BRIDGET ANNE MCALLISTER sure %v", tt.first, tt.second,
				tt.holder, tt.signature, res.Fields["full_name"], res.Fields["last_name"], res.Confidence["full_name"], tt.sure)
		}
	}
}

// TestBirthDateByExpiry: a scanned license whose birth date's caption OCR
// lost, and whose issue date it misread (the three dates' relation
// broken), still reads its birth date: the one old date on the expiry's
// month and day, most states' licenses expiring on the birthday; one off
// the birthday, or read unsurely, is no birth date.
func TestBirthDateByExpiry(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name, dob string
		conf      float64
		want      any
	}{
		{"on the expiry's birthday", "11/03/1985", 93, "1985-11-03"},
		{"off the expiry's birthday", "11/08/1985", 93, nil},
		{"read unsurely", "11/03/1985", 40, nil},
	} {
		p := ocrPage(ocrWords(ocrRow(0, 0, 20, 20, "DRIVER LICENSE", 95), ocrRow(1, 0, 20, 34, "Washington", 95),
			ocrRow(2, 1, 20, 50, "WDL7Q3RX94B1", 92), ocrRow(3, 1, 20, 64, "NGUYEN-BAKER", 95), ocrRow(4, 1, 20, 78, "HOANG MINH", 95),
			ocrRow(5, 2, 20, 96, "a> ExP", 40), ocrRow(6, 2, 20, 108, tt.dob, tt.conf), ocrRow(7, 2, 20, 120, "4b EXP 11/03/2031", 93),
			ocrRow(8, 2, 20, 134, "4a 55S", 40), ocrRow(9, 2, 20, 146, "10/21/2026", 90))...)
		res := Read(c, "drivers_license", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: asOf})
		if got := sureField(c, res, "date_of_birth"); got != tt.want {
			t.Errorf("%s: date_of_birth = %#v (conf %.2f), want %#v", tt.name, res.Fields["date_of_birth"], res.Confidence["date_of_birth"], tt.want)
		}
	}
}

// TestFieldNumberLookAlikes: a licence's small field numbers read as
// letters (1 as i, 2 as Z or z, 8 as s, B or &) leave the family name,
// the given names and the address where they stand: the number is no
// initial of the given names and hides no line from its reading.
func TestFieldNumberLookAlikes(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct{ one, two, eight string }{
		{"1", "2", "s"}, {"1", "2", "B"}, {"t", "2", "&"}, {"1", "Z", "8"}, {"|", "z", "8"}, {"i", "2", "8"}, {"i", "Z", "s"},
		// The 2 lost: "1 DOMINGUEZ" is no street line over the given names.
		{"1", "", "8"},
	} {
		text := "VIRGINIA\nDRIVER'S LICENSE\n4d DLN T58294417\n" + tt.one + " DOMINGUEZ\n" + tt.two + " CAROLINA BEATRIZ\n" +
			tt.eight + " 1450 HIGH ST\nRICHMOND, VA 23220\n3 DOB 03/14/1987\n4a ISS 05/02/2023 4b EXP 03/14/2027\n"
		res := Read(c, "drivers_license", Document{Text: text, AsOf: asOf})
		for field, want := range map[string]string{"full_name": "CAROLINA BEATRIZ DOMINGUEZ", "last_name": "DOMINGUEZ",
			"address": "1450 HIGH ST, RICHMOND, VA 23220"} {
			if got := res.Fields[field]; got != want || res.Confidence[field] < 0.5 {
				t.Errorf("%q %q %q: %s = %v (%.2f), want %q", tt.one, tt.two, tt.eight, field, got, res.Confidence[field], want)
			}
		}
	}
}

// TestLetterGroupedNumberAlone: a scanned licence whose number's caption
// OCR garbled ("sa0in" for 4d DLN) reads the number printed with its
// letter as a group of its own ("K-184-227-305-611"), the card's one word
// of that shape.
func TestLetterGroupedNumberAlone(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for _, num := range []string{"K-184-227-305-611", "K184-227-305-611"} {
		p := ocrPage(ocrWords(ocrRow(0, 0, 20, 20, "DRIVER'S LICENSE", 95), ocrRow(1, 0, 20, 34, "MINNESOTA", 95),
			ocrRow(2, 1, 20, 50, "sa0in "+num, 90), ocrRow(3, 1, 20, 64, "1 ABERNATHY-SOLIS", 95),
			ocrRow(4, 1, 20, 78, "2 CLEMENTINE ROSE", 95), ocrRow(5, 2, 20, 96, "8 4400 LYNDALE AVE S", 93),
			ocrRow(6, 2, 20, 108, "MINNEAPOLIS, MN 55419", 93))...)
		res := Read(c, "drivers_license", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: asOf})
		if got := res.Fields["license_number"]; got != num || res.Confidence["license_number"] < 0.5 {
			t.Errorf("%s: license_number = %v (%.2f)", num, got, res.Confidence["license_number"])
		}
	}
}
