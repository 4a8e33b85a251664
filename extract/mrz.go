package extract

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/clearedtostart/compliance/idnumber"
	"github.com/clearedtostart/compliance/namematch"
)

// The machine-readable zone (ICAO 9303) of passports (TD3: two lines of
// 44 characters) and of passport cards and identity cards (TD1: three
// lines of 30). Its data line carries a check digit for the document
// number, the birth date and the expiry; the name line has none.
//
// OCR reads the zone's OCR-B better than the page's print, but not
// perfectly: the filler '<' comes out as K, c, e, d, s, «, ¢ or is
// dropped, a letter of a number as its digit look-alike (O/0, I/1, B/8,
// S/5, G/6), and a character at a line's start may be lost. The data
// line is therefore found by its fixed block of dates (birth date, check,
// sex, expiry, check), not by its length, and every value it gives stands
// on its check digit: one that passes (after the one repair of
// look-alikes that makes it pass) is read surely, one that fails is
// reported uncertain, never as read. The check digits also judge the
// same values as the page prints them: a printed number whose check
// digit is the zone's is vouched for, one whose is not is uncertain.

// mrzReading is a zone as read: each value with how far its check digit
// lets it be trusted.
type mrzReading struct {
	surname  string
	given    []string
	nameConf float64
	// clean: the name line read as the zone prints it (capitals and
	// fillers only, its fillers at the end), and the data line's dates
	// passing their checks (the line read well), so the zone's spelling
	// of the name beats the page's.
	clean  bool
	values []mrzValue
	// checks holds, per field, the check digit the zone prints for it, to
	// judge the page's own printing of the value.
	checks map[string]string
	// numberRead is the number's field as read, however damaged, to find
	// the page's printing of it.
	numberRead string
	// rawSurname is the surname as the zone was read, digits OCR made of
	// letters kept (surname has them as letters), to settle them.
	rawSurname string
	// td1: the zone is a card's, three lines of 30.
	td1 bool
}

// mrzValue is a field read from the zone's data line.
type mrzValue struct {
	field, value string
	conf         float64
	// first: a check digit vouches for the value, which goes before the
	// printed page's.
	first bool
	// echo: the value's last character, weighed 1 in its check, is the
	// same glyph as its check digit, which follows it: OCR misreading
	// the two alike (0 and 0 as 6 and 6) leaves the check passing, so it
	// vouches for that character only beside a printing of the value.
	echo bool
}

// Confidence of the zone's values: a check digit that passed, one that
// passed once OCR look-alikes were swapped, one that failed (reported as
// uncertain, never as read), and the name, which has no check digit of
// its own, when the data line's checks pass or do not. A nationality is
// a code in the zone (USA) and words on the page (UNITED STATES OF
// AMERICA): the code alone is not the field as printed.
const (
	confMRZChecked     = 0.9
	confMRZRepaired    = 0.85
	confMRZFailed      = 0.4
	confMRZName        = 0.85
	confMRZNameOnly    = 0.6
	confMRZNationality = 0.45
)

func (z mrzReading) named() bool { return z.surname != "" && len(z.given) > 0 }

// spells reports that the zone spells the printed name p: the same
// letters, the zone dropping accents, apostrophes and hyphens and
// perhaps cutting a long name short.
func (z mrzReading) spells(p person) bool {
	letters := func(s string) string { return strings.ReplaceAll(namematch.Fold(s), " ", "") }
	zl, zg := letters(z.surname), letters(strings.Join(z.given, " "))
	pl, pg := letters(p.last), letters(p.first+" "+p.middle)
	return zl != "" && pl != "" && (zl == pl || strings.HasPrefix(pl, zl) && len(zl) >= 10) &&
		(zg == pg || strings.HasPrefix(pg, zg) && len(zg) >= 6 || strings.HasPrefix(zg, pg) && pg != "" ||
			wordPrefix(z.given, strings.Fields(namematch.Fold(p.first+" "+p.middle))))
}

// wordPrefix reports that the zone's given names are the printed given
// and middle names' first words: a page printing the middle name under a
// caption of its own where the zone carries the given names only.
func wordPrefix(zone, printed []string) bool {
	if len(zone) == 0 || len(zone) > len(printed) {
		return false
	}
	for i, w := range zone {
		if namematch.Fold(w) != printed[i] {
			return false
		}
	}
	return true
}

// captionWords are the words of a passport's captions in its other
// languages, which a reading of the name may take for a name.
var captionWords = map[string]bool{"prenoms": true, "nombres": true, "nom": true, "apellidos": true, "given": true,
	"names": true, "surname": true, "sumame": true, "nationality": true, "nationalite": true, "nacionalidad": true, "sexe": true,
	"sexo": true, "vornamen": true, "nachname": true, "cognome": true, "nome": true, "pangalan": true,
	"apelyido": true, "gitnang": true, "mga": true, "middle": true, "name": true, "prenom": true, "nomes": true,
	"sobrenome": true, "apelidos": true, "voornamen": true, "naam": true, "vorname": true, "nombre": true,
	"noms": true, "nomi": true, "familienname": true, "achternaam": true, "imiona": true, "nazwisko": true,
	"prenume": true, "nume": true, "proprios": true, "proprio": true, "apellido": true, "forenames": true,
	"fornavn": true, "efternavn": true, "fornamn": true, "efternamn": true, "etunimet": true, "sukunimi": true,
	"prenon": true, "siyati": true, "priezvisko": true, "prijmeni": true, "jmeno": true, "utonev": true,
	"soyadi": true, "familiya": true, "imya": true, "otchestvo": true, "cittadinanza": true, "staatsangehorigkeit": true}

// isCaptionWord reports that a word of a read name is a caption's: one
// of captionWords, perhaps with its plural's "(s)", or one a letter off
// it where both are long enough for that to be OCR's damage.
func isCaptionWord(w string) bool {
	f := namematch.Fold(strings.ReplaceAll(strings.Trim(w, "/:.,()"), "(s)", "s"))
	if captionWords[f] {
		return true
	}
	if len(f) < 6 {
		return false
	}
	for c := range captionWords {
		if len(c) >= 6 && idnumber.LookAlikeDistance(strings.ToUpper(f), strings.ToUpper(c)) <= 1 {
			return true
		}
	}
	return false
}

// dropCaptionWords removes caption words a reading took into the given
// or middle names ("ANNA PRENOMS"): the words of captionWords, what
// follows a caption's slash, and, where the page prints the name in
// capitals as passports do, a word in small letters ("Prénoms").
func dropCaptionWords(p person) person {
	capitals := func(s string) bool { return s != "" && strings.ToUpper(s) == s && strings.ToLower(s) != s }
	firstWord, _, _ := strings.Cut(strings.TrimSpace(p.first), " ")
	printedInCapitals := capitals(p.last) && capitals(firstWord)
	keep := func(s string) string {
		var out []string
		for _, w := range strings.Fields(s) {
			if w == "/" || w == "|" {
				break
			}
			if isCaptionWord(w) || printedInCapitals && !capitals(w) && strings.ToLower(w) != strings.ToUpper(w) {
				continue
			}
			out = append(out, w)
		}
		return strings.Join(out, " ")
	}
	first, middle := keep(p.first), keep(p.middle)
	if first == p.first && middle == p.middle || first == "" {
		return p
	}
	p.first, p.middle = first, middle
	p.full = strings.Join(strings.Fields(first+" "+middle+" "+p.last), " ")
	return p
}

// setNationality sets the nationality the page prints in words where its
// caption was not read: the line that opens with the words of the zone's
// code ("CANADIAN / CANADIENNE" for CAN). Where the page prints none, the
// code itself, uncertain: the field is the nationality as printed.
func (z mrzReading) setNationality(r *reading) {
	for _, v := range z.values {
		if v.field != "nationality" {
			continue
		}
		for _, name := range nationalityNames[v.value] {
			for _, line := range r.doc.lines {
				printed := smallWordsOff(trimStray(line))
				if strings.HasPrefix(strings.ToUpper(printed)+" ", name+" ") {
					r.set("nationality", printed, confCaption)
					return
				}
			}
		}
		if v.conf >= confMRZChecked || v.conf == confMRZNationality && z.clean {
			// The words stand inside a line (the heading "PASSPORT
			// UNITED STATES OF AMERICA", the value's own line lost):
			// the nationality the zone's code names, as the page words it.
			words := func(s string) string {
				return " " + strings.Join(strings.FieldsFunc(strings.ToUpper(s), func(c rune) bool { return !unicode.IsLetter(c) }), " ") + " "
			}
			for _, name := range nationalityNames[v.value] {
				for _, line := range r.doc.lines {
					if strings.Contains(words(line), " "+name+" ") {
						r.set("nationality", name, confGuess)
						return
					}
				}
			}
		}
		r.set(v.field, v.value, v.conf)
	}
}

// smallWordsOff drops the words in small letters OCR read after a value
// printed in capitals ("INDIAN aise": a caption's remnant beside it).
func smallWordsOff(s string) string {
	ws := strings.Fields(s)
	if len(ws) == 0 || strings.ToUpper(ws[0]) != ws[0] {
		return s
	}
	for len(ws) > 1 && strings.ToUpper(ws[len(ws)-1]) != ws[len(ws)-1] {
		ws = ws[:len(ws)-1]
	}
	return strings.Join(ws, " ")
}

// nationalityNames are the words passports print for the nationality of
// a zone's country code, in English and as the issuing country words it.
var nationalityNames = map[string][]string{
	"USA": {"UNITED STATES OF AMERICA"}, "CAN": {"CANADIAN"}, "PHL": {"FILIPINO", "PILIPINO"},
	"NGA": {"NIGERIAN"}, "IND": {"INDIAN"}, "JAM": {"JAMAICAN"}, "KEN": {"KENYAN"}, "GHA": {"GHANAIAN"},
	"GBR": {"BRITISH CITIZEN", "BRITISH"}, "IRL": {"IRISH", "EIREANNACH"}, "MEX": {"MEXICANA", "MEXICAN"},
	"AUS": {"AUSTRALIAN"}, "NZL": {"NEW ZEALAND"}, "ZAF": {"SOUTH AFRICAN"}, "ZWE": {"ZIMBABWEAN"},
	"CMR": {"CAMEROONIAN", "CAMEROUNAISE"}, "HTI": {"HAITIENNE", "HAITIAN"}, "DOM": {"DOMINICANA", "DOMINICAN"},
	"CUB": {"CUBANA", "CUBAN"}, "COL": {"COLOMBIANA", "COLOMBIAN"}, "PER": {"PERUANA", "PERUVIAN"},
	"BRA": {"BRASILEIRO", "BRASILEIRA", "BRAZILIAN"}, "VNM": {"VIETNAMESE", "VIET NAM"}, "CHN": {"CHINESE"},
	"KOR": {"REPUBLIC OF KOREA", "KOREAN"}, "PAK": {"PAKISTANI"}, "NPL": {"NEPALESE", "NEPALI"},
	"BGD": {"BANGLADESHI"}, "LKA": {"SRI LANKAN"}, "ETH": {"ETHIOPIAN"}, "UGA": {"UGANDAN"},
	"TZA": {"TANZANIAN"}, "ZMB": {"ZAMBIAN"}, "RWA": {"RWANDAN"}, "LBR": {"LIBERIAN"}, "SLE": {"SIERRA LEONEAN"},
	"EGY": {"EGYPTIAN"}, "TTO": {"TRINIDAD AND TOBAGO", "TRINIDADIAN"}, "GUY": {"GUYANESE"}, "BRB": {"BARBADIAN"},
	"DEU": {"DEUTSCH", "GERMAN"}, "FRA": {"FRANCAISE", "FRENCH"}, "ESP": {"ESPANOLA", "SPANISH"},
	"ITA": {"ITALIANA", "ITALIAN"}, "POL": {"POLSKIE", "POLISH"}, "UKR": {"UKRAINIAN", "UKRAINE"},
	"IDN": {"INDONESIA", "INDONESIAN"}, "THA": {"THAI"}, "MYS": {"MALAYSIAN", "MALAYSIA"},
}

// mrzForm is a field's value as the zone would print it: a date as
// YYMMDD, a number in capitals without its spaces and hyphens, padded
// with fillers to the zone's nine characters.
func mrzForm(field, v string) (string, bool) {
	switch field {
	case "date_of_birth", "expiration_date":
		t, err := time.Parse(time.DateOnly, v)
		if err != nil {
			return "", false
		}
		return t.Format("060102"), true
	default:
		n := strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(v))
		if len(n) > 9 || strings.Trim(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" {
			return "", false
		}
		return n + strings.Repeat("<", 9-len(n)), true
	}
}

// mrzFiller reads what OCR makes of the zone's filler '<' as fillers.
var (
	mrzFiller = strings.NewReplacer("«", "<<", "‹", "<", "≤", "<", "(", "<", "{", "<", "[", "<", "£", "<", "¢", "<", "é", "<", "€", "<")
)

// mrzText is a line of the machine-readable zone as the zone is read:
// without the spaces OCR puts between its characters, the filler's
// look-alikes made fillers and other marks dropped. The zone prints
// capitals only, so a lower-case c, e, d, s (or any other but o, l and i,
// which are 0/O and 1/I gone small) is a filler.
func mrzText(line string) string {
	t := mrzFiller.Replace(line)
	var b strings.Builder
	for _, r := range t {
		switch {
		case r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '<':
			b.WriteRune(r)
		case r == 'o':
			b.WriteRune('O')
		case r == 'l' || r == 'i':
			b.WriteRune('I')
		case r >= 'a' && r <= 'z':
			b.WriteRune('<')
		}
	}
	return b.String()
}

// readMRZ finds and reads a machine-readable zone: its data line by the
// block of dates, then the number and name around it as the format
// places them.
func (d *doc) readMRZ(asOf time.Time) (mrzReading, bool) {
	for i, line := range d.lines {
		t := mrzText(line)
		if len(t) < 15 {
			continue
		}
		blk, ok := findMRZDates(t)
		if !ok {
			continue
		}
		var z mrzReading
		switch {
		case blk.at >= 7:
			// TD3 (or TD2): number, check, nationality, then the dates.
			z = readTD3(t, blk, asOf)
			if k := d.prevZoneLine(i, true); k >= 0 {
				z.nameFrom(mrzText(d.lines[k]), true)
			}
		case blk.at <= 2 && len(t) >= 20:
			// TD1: the dates open the middle line; the number is on the
			// line above, the name on the line below.
			z = readTD1(t, blk, asOf)
			z.td1 = true
			if k := d.prevZoneLine(i, false); k >= 0 {
				z.td1Number(mrzText(d.lines[k]))
			}
			if k := d.nextNonEmpty(i); k >= 0 {
				z.nameFrom(mrzText(d.lines[k]), false)
			}
		default:
			continue
		}
		if z.named() || len(z.values) > 0 {
			z.settleInitial(d.lines)
			return z, true
		}
	}
	// No data line read: a TD3 name line alone ("P<" and the issuing
	// state, the name, fillers) still names the holder, unchecked.
	for _, line := range d.lines {
		t := mrzText(line)
		at := strings.IndexByte(t, 'P')
		if at < 0 || at > 2 || len(t) < 30 || strings.Count(t, "<") < 5 || !tdNameLine.MatchString(idnumber.ZoneLetters(t[at:])) {
			continue
		}
		z := mrzReading{nameConf: confMRZNameOnly, checks: map[string]string{}}
		z.nameFrom(t, true)
		z.clean = false
		if z.named() {
			z.settleInitial(d.lines)
			return z, true
		}
	}
	return mrzReading{}, false
}

// tdNameLine is a TD3 name line: P, a type letter or filler, the issuing
// state's three letters, the surname and "<<".
var tdNameLine = regexp.MustCompile(`^P[A-Z<][A-Z]{3}[A-Z]+(?:<[A-Z]+)*<<[A-Z]`)

// prevZoneLine is the nearest line above i, within three, read as a
// zone line the format puts there: a TD3 name line opening with P, or a
// TD1 first line with its number.
func (d *doc) prevZoneLine(i int, td3 bool) int {
	for k, n := i-1, 0; k >= 0 && n < 3; k-- {
		if strings.TrimSpace(d.lines[k]) == "" {
			continue
		}
		n++
		t := mrzText(d.lines[k])
		if td3 && strings.Contains(t, "<<") && strings.IndexByte(t, 'P') >= 0 && strings.IndexByte(t, 'P') <= 2 ||
			!td3 && td1Line1.MatchString(t) {
			return k
		}
	}
	return -1
}

// mrzDates is the block of a data line: birth date, its check, sex,
// expiry, its check, starting at offset at.
type mrzDates struct {
	// at is where the block starts, span how many characters of the
	// line it took (16 where OCR put one in).
	at, span      int
	dob, dobCheck string
	exp, expCheck string
	dobOK, expOK  bool
}

// findMRZDates finds the block of dates in a zone line: six digits (or
// their look-alikes), a check digit, a sex (M, F, X or a filler), six
// more and a check, both dates real calendar dates; where several places
// fit, the one whose checks pass.
func findMRZDates(t string) (mrzDates, bool) {
	best, bestScore := mrzDates{}, -1
	for j := 0; j+15 <= len(t); j++ {
		if blk, score, ok := dateBlock(t[j : j+15]); ok && score > bestScore {
			blk.at, blk.span = j, 15
			best, bestScore = blk, score
		}
	}
	if bestScore == 2 {
		return best, true
	}
	// A character OCR put into the block (7I510234F for 7510234F): one
	// left out where both checks then pass, and only one such reading.
	var repaired []mrzDates
	for j := 0; j+16 <= len(t); j++ {
		for k := 1; k < 15; k++ {
			s := t[j:j+k] + t[j+k+1:j+16]
			if blk, score, ok := dateBlock(s); ok && score == 2 {
				blk.at, blk.span = j, 16
				if len(repaired) == 0 || repaired[len(repaired)-1].dob != blk.dob || repaired[len(repaired)-1].exp != blk.exp {
					repaired = append(repaired, blk)
				}
			}
		}
	}
	if len(repaired) == 1 {
		return repaired[0], true
	}
	return best, bestScore >= 0
}

// dateBlock reads fifteen characters as a block of dates: both dates
// real, the sex a letter the zone prints (or any, where both checks
// pass), and scores the checks that pass.
func dateBlock(s string) (mrzDates, int, bool) {
	dob, dc := idnumber.ZoneDigits(s[0:6]), idnumber.ZoneDigits(s[6:7])
	exp, ec := idnumber.ZoneDigits(s[8:14]), idnumber.ZoneDigits(s[14:15])
	_, dobReal := idnumber.ReadZoneDate(dob)
	_, expReal := idnumber.ReadZoneDate(exp)
	if !allDigits(dc+ec) || !dobReal || !expReal {
		return mrzDates{}, 0, false
	}
	dobOK, expOK := idnumber.MRZCheckDigit(dob) == dc, idnumber.MRZCheckDigit(exp) == ec
	if !strings.ContainsRune("MFX<K", rune(s[7])) && !(dobOK && expOK) {
		return mrzDates{}, 0, false
	}
	score := 0
	if dobOK {
		score++
	}
	if expOK {
		score++
	}
	return mrzDates{dob: dob, dobCheck: dc, exp: exp, expCheck: ec, dobOK: dobOK, expOK: expOK}, score, true
}

func allDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// readTD3 reads a TD3 data line around its block of dates: the number
// and its check thirteen and four characters before, the nationality
// just before.
func readTD3(t string, blk mrzDates, asOf time.Time) mrzReading {
	z := mrzReading{nameConf: confMRZNameOnly, checks: map[string]string{}}
	checked := z.dates(blk, asOf)
	if blk.at >= 4 {
		numCheck := idnumber.ZoneDigits(t[blk.at-4 : blk.at-3])
		z.numberRead = t[max(0, blk.at-13) : blk.at-4]
		if allDigits(numCheck) {
			z.checks["passport_number"] = numCheck
		}
		if blk.at >= 13 {
			num := t[blk.at-13 : blk.at-4]
			if blk.at > 13 && idnumber.MRZCheckDigit(num) != numCheck && len(t) >= 10 &&
				idnumber.MRZCheckDigit(t[0:9]) == idnumber.ZoneDigits(t[9:10]) {
				// A character OCR put between the number's check digit
				// and the dates ("G7535158H1LIND" for G7535158H1IND):
				// the number opens the line, where its check passes as
				// read.
				num, numCheck = t[0:9], idnumber.ZoneDigits(t[9:10])
				z.checks["passport_number"] = numCheck
				z.numberRead = num
			}
			// A character before the number's window ("G6482109378MEX"
			// for G482109378MEX) was put in the number by OCR as often
			// as before it: the window's check may pass by a look-alike
			// of equal weight (G and 6, 16 and 6), so the number is no
			// surer than a repaired one, and a page's printing passing
			// the same check is taken before it.
			shifted := blk.at > 13 && strings.Trim(t[:blk.at-13], "<") != "" && num == t[blk.at-13:blk.at-4]
			checked = z.number(num, numCheck, shifted) && checked
		} else {
			// A character of the number lost: the page's number is still
			// judged by the check digit.
			checked = false
		}
		if nat := strings.Trim(idnumber.ZoneLetters(t[blk.at-3:blk.at]), "<"); len(nat) == 3 {
			z.values = append(z.values, mrzValue{field: "nationality", value: nat, conf: confMRZNationality})
		}
	}
	if checked {
		z.nameConf = confMRZName
	}
	// The name line is judged on its own (nameFrom); a data line whose
	// dates pass was read well even where a character of the number
	// was lost.
	z.clean = blk.dobOK && blk.expOK
	return z
}

// readTD1 reads a TD1 middle line: its dates; the number comes from the
// line above (td1Number).
func readTD1(t string, blk mrzDates, asOf time.Time) mrzReading {
	z := mrzReading{nameConf: confMRZNameOnly, checks: map[string]string{}}
	z.clean = z.dates(blk, asOf)
	if z.clean {
		z.nameConf = confMRZName
	}
	if end := blk.at + blk.span + 3; end <= len(t) {
		if nat := strings.Trim(idnumber.ZoneLetters(t[blk.at+blk.span:end]), "<"); len(nat) == 3 {
			z.values = append(z.values, mrzValue{field: "nationality", value: nat, conf: confMRZNationality})
		}
	}
	return z
}

// td1Line1 is a TD1 first line: document code, issuing state (its O
// perhaps read 0: UT0), number and its check.
var td1Line1 = regexp.MustCompile(`^[A-Z][A-Z0-9<]([A-Z0-9<]{3})([A-Z0-9<]{9})([0-9A-Z<])`)

func (z *mrzReading) td1Number(t string) {
	m := td1Line1.FindStringSubmatch(t)
	if m == nil {
		z.nameConf = confMRZNameOnly
		return
	}
	check := idnumber.ZoneDigits(m[3])
	z.numberRead = m[2]
	if allDigits(check) {
		z.checks["passport_number"] = check
	}
	if !z.number(m[2], check, false) {
		z.nameConf = confMRZNameOnly
	}
}

// dates adds the block's birth date and expiry, each as its check digit
// allows, and reports whether both checks passed.
func (z *mrzReading) dates(blk mrzDates, asOf time.Time) bool {
	z.checks["date_of_birth"], z.checks["expiration_date"] = blk.dobCheck, blk.expCheck
	// A nurse is at least sixteen.
	if dob, ok := idnumber.ReadZoneDate(blk.dob); ok {
		if b, bok := dob.Birth(asOf, 16); bok {
			z.add("date_of_birth", b.Format(time.DateOnly), blk.dobOK, confMRZChecked)
		}
	}
	if exp, ok := idnumber.ReadZoneDate(blk.exp); ok {
		if x, xok := exp.Expiry(); xok {
			z.add("expiration_date", x.Format(time.DateOnly), blk.expOK, confMRZChecked)
		}
	}
	z.markEcho("date_of_birth", blk.dob, blk.dobCheck)
	z.markEcho("expiration_date", blk.exp, blk.expCheck)
	return blk.dobOK && blk.expOK
}

// number adds the document number: as read where its check digit
// passes (no surer than a repair where OCR put a character before its
// window: shifted), else the one repair of look-alikes that makes it
// pass; reports whether it was vouched for.
func (z *mrzReading) number(num, check string, shifted bool) bool {
	conf := confMRZChecked
	if shifted {
		conf = confMRZRepaired
	}
	ok := idnumber.MRZCheckDigit(num) == check
	if !ok {
		if fixed, fok := idnumber.RepairMRZ(num, check); fok {
			num, ok, conf = fixed, true, confMRZRepaired
		}
	}
	// A number is letters and digits and then its fillers: a filler
	// inside it, or one at its start, is a character lost.
	n := strings.TrimRight(num, "<")
	if n == "" || strings.Contains(n, "<") {
		return false
	}
	if idnumber.PassportNumberDoubt(n) != "" {
		// Read so, a check digit passes by chance one time in ten: the
		// number is uncertain, and the page's printing of it may be
		// found by the check digit (numberOnPage).
		ok = false
	}
	z.add("passport_number", n, ok, conf)
	if len(num) == 9 {
		z.markEcho("passport_number", num, check)
	}
	return ok
}

// markEcho marks the field's value an echo of its check digit (see
// mrzValue.echo): its field as the zone prints it ends, in the place its
// check weighs 1, with the check digit's glyph.
func (z *mrzReading) markEcho(field, printed, check string) {
	if printed == "" || len(check) != 1 || printed[len(printed)-1] != check[0] {
		return
	}
	for i := range z.values {
		if z.values[i].field == field {
			z.values[i].echo = true
		}
	}
}

func (z *mrzReading) add(field, value string, ok bool, conf float64) {
	if !ok {
		conf = confMRZFailed
	}
	z.values = append(z.values, mrzValue{field: field, value: value, conf: conf, first: ok})
}

// nameFrom reads the name line: in TD3 after "P", a character and the
// issuing state; in TD1 the whole line. A name line read with anything
// but capitals and fillers, or without fillers closing it, is not clean.
func (z *mrzReading) nameFrom(t string, td3 bool) {
	field := t
	if td3 {
		at := strings.IndexByte(t, 'P')
		if at < 0 || at > 2 || len(t) < at+5 {
			z.clean = false
			return
		}
		field = t[at+5:]
	}
	// Clean: capitals only (a 0 or 1 is OCR's O or I, the zone's font
	// drawing them alike; other digits are damage), the given names
	// closed by fillers and nothing after them but fillers.
	clean := !strings.ContainsAny(field, "23456789") && strings.HasSuffix(field, "<<")
	if _, rest, ok := strings.Cut(strings.TrimLeft(field, "<"), "<<"); ok {
		if _, after, ok := strings.Cut(rest, "<<"); !ok || strings.Trim(after, "<") != "" {
			clean = false
		}
	}
	z.surname, z.given = mrzName(idnumber.ZoneLetters(field))
	z.rawSurname, _ = mrzName(field)
	z.clean = z.clean && clean && z.named()
}

// zoneDigitLetters are the letters a digit read in the zone's name may
// be: the zone's font draws 0 like O, Q and D, 1 like I and L.
var zoneDigitLetters = map[byte]string{'0': "OQD", '1': "IL", '5': "S", '8': "B", '2': "Z", '6': "G", '4': "A", '7': "T"}

// candidateSurname settles the letters of the zone's surname that OCR
// read as digits (QUINONES read 0UINONES, taken for OUINONES) by the
// candidate's surname, where the candidate's letter there is one the
// digit may be and every other letter is the zone's; the printed
// surname, where read, must be the candidate's too but for letters OCR
// confuses at those places (its Q read as O). It reports the candidate's
// spelling in the zone's capitals.
func (z mrzReading) candidateSurname(printed string, h Holder) (string, bool) {
	cand := strings.ToUpper(namematch.Fold(h.LastName))
	zs, raw := z.surname, z.rawSurname
	if cand == "" || cand == zs || len(cand) != len(zs) || len(raw) != len(zs) {
		return "", false
	}
	pr := strings.ToUpper(namematch.Fold(printed))
	if pr != "" && len(pr) != len(cand) {
		return "", false
	}
	for i := 0; i < len(cand); i++ {
		if cand[i] == zs[i] {
			if pr != "" && pr[i] != cand[i] {
				return "", false
			}
			continue
		}
		letters, ok := zoneDigitLetters[raw[i]]
		if !ok || strings.IndexByte(letters, cand[i]) < 0 {
			return "", false
		}
		if pr != "" && pr[i] != cand[i] && !nameLookAlikes[[2]byte{byte(unicode.ToLower(rune(pr[i]))), byte(unicode.ToLower(rune(cand[i])))}] &&
			!nameLookAlikes[[2]byte{byte(unicode.ToLower(rune(cand[i]))), byte(unicode.ToLower(rune(pr[i])))}] {
			return "", false
		}
	}
	return cand, true
}

// mrzName reads the name field of the zone: the surname, "<<", the given
// names apart by '<', then fillers (a lone K, C or L at the end of the
// names is settled by settleInitial).
func mrzName(field string) (string, []string) {
	field = strings.TrimLeft(field, "<")
	sur, rest, ok := strings.Cut(field, "<<")
	if !ok {
		return "", nil
	}
	surname := strings.Join(strings.FieldsFunc(sur, func(r rune) bool { return r == '<' }), " ")
	var given []string
	for _, tok := range strings.Split(rest, "<") {
		if tok == "" {
			break
		}
		given = append(given, tok)
	}
	return surname, given
}

// settleGluedFiller decides the last letter of the zone's last given
// name where it is a letter OCR makes of the filler after it (K, C, E or
// L: JOCELYNK for JOCELYN<): a filler where the page prints the name
// without it and not with it, or where the name without it is a given
// name known here and with it is not (ANNK); else a letter of the name
// (MARK, PATRICK).
func (z *mrzReading) settleGluedFiller(lines []string) {
	n := len(z.given)
	if n == 0 || len(z.given[n-1]) < 3 || !strings.ContainsRune("KCEL", rune(z.given[n-1][len(z.given[n-1])-1])) {
		return
	}
	name := z.given[n-1]
	short := name[:len(name)-1]
	printed := func(w string) bool { return printedOutsideZone(lines, w) }
	switch {
	case printed(name):
	case printed(short), namematch.KnownGivenName(short) && !namematch.KnownGivenName(name):
		z.given[n-1] = short
	}
}

// printedOutsideZone reports that a line that is no zone line prints
// the word w (in capitals, stripped of punctuation).
func printedOutsideZone(lines []string, w string) bool {
	for _, line := range lines {
		if strings.Contains(line, "<") {
			continue
		}
		for _, f := range strings.Fields(strings.ToUpper(line)) {
			if strings.Trim(f, ".,:;") == w {
				return true
			}
		}
	}
	return false
}

// settleSurnameDigit drops the last letter of the zone's surname where
// the zone read it as a digit (OKONKWO0<<: a filler or a letter OCR read
// twice, the digit made the letter O) and the page prints the surname
// without it and not with it: a zone's name holds no digits.
func (z *mrzReading) settleSurnameDigit(lines []string) {
	raw, last := z.rawSurname, z.surname
	if len(raw) < 3 || len(last) < 3 || raw[len(raw)-1] < '0' || raw[len(raw)-1] > '9' {
		return
	}
	printed := func(w string) bool { return printedOutsideZone(lines, w) }
	if short := last[:len(last)-1]; printed(short) && !printed(last) {
		z.surname, z.rawSurname = short, raw[:len(raw)-1]
	}
}

// settleInitial decides a lone K, C or L closing the zone's given names,
// which may be an initial or a filler OCR misread: an initial where the
// page prints the given names with it ("ANGELA K"), else a filler.
func (z *mrzReading) settleInitial(lines []string) {
	z.settleGluedFiller(lines)
	z.settleSurnameDigit(lines)
	n := len(z.given)
	if n < 2 || len(z.given[n-1]) != 1 || !strings.Contains("KCL", z.given[n-1]) {
		return
	}
	with := strings.Join(z.given, " ")
	for _, line := range lines {
		if strings.Contains(strings.ToUpper(line), with) && !strings.Contains(line, "<") {
			return
		}
	}
	z.given = z.given[:n-1]
}

// nameOver returns the holder's name from the printed name p and the
// zone's: the printed one where the zone spells it (surer for it); where
// they differ, the zone's when its name line is clean and the printed
// name has no letters the zone could not spell (an accent the zone
// drops), the printed one's layout kept where the letters line up one to
// one (O read as Q in the print); else the printed one, no surer than a
// caption's.
func (z mrzReading) nameOver(p person, h Holder) person {
	if last, ok := z.candidateSurname(p.last, h); ok {
		// A letter of the surname the zone read as a digit, the print
		// reading it as its look-alike: the candidate's letter is one
		// the two readings may be, no surer than a caption's.
		q := z
		q.surname = last
		if r, ok := q.respell(p); ok {
			r.conf = confCaption
			return r
		}
	}
	if z.spells(p) {
		p.conf = max(p.conf, z.nameConf)
		return p
	}
	if !z.clean && h.LastName != "" && namematch.Fold(h.LastName) == namematch.Fold(z.surname) &&
		lookAlikeLetters(namematch.Fold(p.last), namematch.Fold(z.surname)) {
		// The page prints the surname twice, read two ways that differ
		// only by letters OCR confuses (Q and O): the candidate's
		// surname chooses between the two printings.
		if q, ok := z.respell(p); ok {
			q.conf = confCaption
			return q
		}
		if q, ok := z.repairLookAlikes(p); ok {
			q.conf = confCaption
			return q
		}
	}
	if !z.clean {
		// Two readings of the name disagree and no check says which is
		// misread: where the zone's is only shorter (a given name lost
		// to a stray filler) the printed one stands; where they spell
		// different names it is uncertain, never guessed.
		letters := func(s string) string { return strings.ReplaceAll(namematch.Fold(s), " ", "") }
		zg, pg := letters(strings.Join(z.given, " ")), letters(p.first+" "+p.middle)
		if letters(z.surname) == letters(p.last) && (strings.HasPrefix(pg, zg) || strings.HasPrefix(zg, pg)) {
			p.conf = min(p.conf, confCaption)
		} else {
			p.conf = min(p.conf, confMRZFailed)
		}
		return p
	}
	if q, ok := z.repairLookAlikes(p); ok {
		// The print misread by a letter or two OCR confuses (O for Q),
		// its accents kept: the zone's letters repair it.
		q.conf = confMRZName
		return q
	}
	if q, ok := z.repairOneLetter(p); ok {
		// One letter of the print misread, not one OCR is known to
		// confuse ("SALOZAR" for SALAZAR beside an accented given
		// name): the clean zone's letter, the print's accents kept.
		q.conf = confMRZName
		return q
	}
	if !asciiLetters(p.full) {
		letters := func(s string) string { return strings.ReplaceAll(namematch.Fold(s), " ", "") }
		if len(letters(p.last)) == len(letters(z.surname)) && len(letters(p.first+p.middle)) == len(letters(strings.Join(z.given, ""))) {
			// Letter for letter the zone's length, yet letters apart
			// beyond one: the print misread more than once, or the zone;
			// no check says which.
			p.conf = min(p.conf, confMRZFailed)
			return p
		}
		p.conf = min(p.conf, confCaption)
		return p
	}
	if q, ok := z.respell(p); ok {
		q.conf = confMRZName
		return q
	}
	given := strings.Join(z.given, " ")
	conf := confMRZName
	if len(strings.Fields(z.surname)) > 1 {
		// Spaces or hyphens between its words: the zone cannot say.
		conf = confMRZFailed
	}
	return person{full: given + " " + z.surname, first: z.given[0], middle: strings.Join(z.given[1:], " "),
		last: z.surname, conf: conf}
}

// respell writes the zone's letters into the printed name where both
// have the same number of letters in the surname and in the given names:
// the printed spacing, hyphens and apostrophes stay.
func (z mrzReading) respell(p person) (person, bool) {
	put := func(printed, zone string) (string, bool) {
		letters := []rune(strings.ReplaceAll(zone, " ", ""))
		n := 0
		for _, r := range printed {
			if unicode.IsLetter(r) {
				n++
			}
		}
		if n != len(letters) {
			return "", false
		}
		var b strings.Builder
		k := 0
		for _, r := range printed {
			if unicode.IsLetter(r) {
				r = letters[k]
				k++
			}
			b.WriteRune(r)
		}
		return b.String(), true
	}
	last, ok1 := put(strings.ToUpper(p.last), z.surname)
	given, ok2 := put(strings.ToUpper(strings.TrimSpace(p.first+" "+p.middle)), strings.Join(z.given, ""))
	if !ok1 || !ok2 {
		return person{}, false
	}
	gs := strings.Fields(given)
	if len(gs) == 0 {
		return person{}, false
	}
	return person{full: given + " " + last, first: gs[0], middle: strings.Join(gs[1:], " "), last: last}, true
}

// repairLookAlikes puts the zone's letter where the printed name has one
// OCR confuses with it (OUIÑONES printed, QUINONES in the zone): the
// names the same letter for letter once accents are dropped, but for at
// most two look-alikes, the printed accents, spaces and hyphens kept.
func (z mrzReading) repairLookAlikes(p person) (person, bool) {
	return z.repairLetters(p, false)
}

// repairOneLetter puts the zone's letter where the printed name differs
// from it by one letter, whatever the letter (see repairLookAlikes).
func (z mrzReading) repairOneLetter(p person) (person, bool) {
	return z.repairLetters(p, true)
}

// repairLetters is repairLookAlikes; with one set, a single letter of any
// kind is repaired instead of up to two look-alikes.
func (z mrzReading) repairLetters(p person, one bool) (person, bool) {
	changed := 0
	put := func(printed, zone string) (string, bool) {
		letters := []rune(strings.ReplaceAll(zone, " ", ""))
		var b strings.Builder
		k := 0
		for _, r := range printed {
			if !unicode.IsLetter(r) {
				b.WriteRune(r)
				continue
			}
			f := []rune(strings.ToUpper(namematch.Fold(string(r))))
			if k >= len(letters) || len(f) != 1 {
				return "", false
			}
			if f[0] != letters[k] {
				if !one && !nameLookAlikes[[2]byte{byte(unicode.ToLower(f[0])), byte(unicode.ToLower(letters[k]))}] &&
					!nameLookAlikes[[2]byte{byte(unicode.ToLower(letters[k])), byte(unicode.ToLower(f[0]))}] {
					return "", false
				}
				r = letters[k]
				changed++
			}
			b.WriteRune(r)
			k++
		}
		return b.String(), k == len(letters)
	}
	last, ok1 := put(strings.ToUpper(p.last), z.surname)
	given, ok2 := put(strings.ToUpper(strings.TrimSpace(p.first+" "+p.middle)), strings.Join(z.given, ""))
	gs := strings.Fields(given)
	if !ok1 || !ok2 || changed == 0 || changed > 2 || one && changed > 1 || len(gs) == 0 {
		return person{}, false
	}
	return person{full: given + " " + last, first: gs[0], middle: strings.Join(gs[1:], " "), last: last}, true
}

// nameLookAlikes are the letters OCR confuses in names.
var nameLookAlikes = map[[2]byte]bool{{'q', 'o'}: true, {'d', 'o'}: true, {'c', 'g'}: true, {'e', 'f'}: true,
	{'u', 'v'}: true, {'m', 'n'}: true, {'h', 'n'}: true, {'i', 'l'}: true, {'k', 'x'}: true, {'p', 'r'}: true,
	{'c', 'o'}: true, {'b', 'h'}: true}

// lookAlikeLetters reports that a and b differ only by letters OCR
// confuses, at most two of them (accents dropped).
func lookAlikeLetters(a, b string) bool {
	if len(a) != len(b) || a == b {
		return false
	}
	n := 0
	for i := 0; i < len(a); i++ {
		if a[i] == b[i] {
			continue
		}
		if !nameLookAlikes[[2]byte{a[i], b[i]}] && !nameLookAlikes[[2]byte{b[i], a[i]}] {
			return false
		}
		n++
	}
	return n <= 2
}

func asciiLetters(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && r > unicode.MaxASCII {
			return false
		}
	}
	return true
}

// setName sets the zone's name where the page printed none readable. A
// surname of several words is printed with spaces or hyphens (VAN DER
// BERG, LEWIS-CHOI), which the zone writes alike: the page's own
// spelling of it settles which; where the page has none, the surname is
// uncertain.
func (z mrzReading) setName(r *reading) {
	last, lastConf := z.surname, z.nameConf
	if c, ok := z.candidateSurname("", r.holder); ok {
		last, lastConf = c, min(lastConf, confCaption)
	}
	if words := strings.Fields(z.surname); len(words) > 1 {
		lastConf = confMRZFailed
		for _, sep := range []string{" ", "-"} {
			form := strings.Join(words, sep)
			for _, line := range r.doc.lines {
				if strings.Contains(strings.ToUpper(line), form) && !strings.Contains(line, "<") {
					last, lastConf = form, z.nameConf
				}
			}
		}
	}
	if last == z.surname && !strings.Contains(last, " ") {
		last = r.printedApostrophe(last)
	}
	given := strings.Join(z.given, " ")
	r.set("first_name", z.given[0], z.nameConf)
	r.set("middle_name", strings.Join(z.given[1:], " "), z.nameConf)
	r.set("last_name", last, lastConf)
	r.set("full_name", given+" "+last, min(z.nameConf, lastConf))
}

// printedApostrophe is the zone's one-word surname as the page prints
// it with an apostrophe the zone drops (O'SULLIVAN for OSULLIVAN, D'ANGELO
// for DANGELO): the page's one spelling of those letters, or the zone's.
func (r *reading) printedApostrophe(surname string) string {
	found := ""
	for _, line := range r.doc.lines {
		if strings.Contains(line, "<") {
			continue
		}
		for _, w := range strings.Fields(line) {
			w = strings.ToUpper(strings.Trim(w, ".,:;/()"))
			if !strings.ContainsAny(w, "'’") || strings.NewReplacer("'", "", "’", "").Replace(w) != surname {
				continue
			}
			if found != "" && found != w {
				return surname
			}
			found = w
		}
	}
	if found == "" {
		return surname
	}
	return found
}

// reconcile sets the passport's number, birth date and expiry from the
// zone and the page. A zone value whose check digit passed as read goes
// before the page's; one that passed only once repaired yields to a
// page value passing the same check, and is uncertain beside a page
// value that differs and fails it; a page value is vouched for by the
// zone's check digit, and is uncertain where it fails it (one of the two
// is misread and nothing says which); a zone value that failed its check
// is uncertain.
func (z mrzReading) reconcile(r *reading, page map[string]found, numberField string) {
	zone := map[string]mrzValue{}
	for _, v := range z.values {
		if v.field == "passport_number" {
			v.field = numberField
		}
		zone[v.field] = v
	}
	checks := map[string]string{}
	for f, c := range z.checks {
		if f == "passport_number" {
			f = numberField
		}
		checks[f] = c
	}
	for _, field := range []string{numberField, "date_of_birth", "expiration_date"} {
		zv, zhas := zone[field]
		pf, phas := page[field]
		pv, _ := pf.value.(string)
		phas = phas && pv != ""
		passes, fails := false, false
		if check, ok := checks[field]; ok && phas {
			if form, ok := mrzForm(field, pv); ok {
				passes = idnumber.MRZCheckDigit(form) == check
				fails = !passes
			}
		}
		switch {
		case zhas && zv.first && phas && sameMRZValue(field, pv, zv.value):
			r.set(field, pv, max(zv.conf, pf.conf))
		case zhas && zv.first && zv.echo && r.scanned() && !echoVouched(field, zv.value, pv, r.doc.lines):
			// The check passing vouches for all but the character
			// OCR may have misread with its check digit alike, and the
			// page prints no value agreeing.
			r.set(field, zv.value, confMRZFailed)
		case zhas && zv.first && passes && zv.conf < confMRZChecked:
			r.set(field, pv, confMRZRepaired)
		case zhas && zv.first && phas && zv.conf < confMRZChecked:
			// The zone passed only once repaired, and the page prints
			// another value: a repair passing by chance is as likely as
			// the page's misreading.
			r.set(field, zv.value, confMRZFailed)
		case zhas && zv.first:
			r.set(field, zv.value, zv.conf)
		case phas && passes:
			r.set(field, pv, max(pf.conf, confMRZRepaired))
		case phas && fails:
			r.set(field, pv, min(pf.conf, confMRZFailed))
		case phas:
			r.set(field, pv, pf.conf)
		case zhas:
			r.set(field, zv.value, zv.conf)
		}
	}
	z.equalWeightNumber(r, numberField)
	// A zone's number no surer than a repair (a look-alike swapped, or
	// a character put before its window) yields to the page's printing
	// passing the same check, as a captioned one does above.
	zoneNumber := zone[numberField]
	if conf, ok := r.conf[numberField]; !ok || conf < confMRZFailed+0.1 ||
		zoneNumber.conf == confMRZRepaired && r.fields[numberField] == zoneNumber.value {
		if n, ok := z.numberOnPage(r.doc.lines); ok && n != r.fields[numberField] {
			delete(r.fields, numberField)
			delete(r.conf, numberField)
			r.set(numberField, n, confMRZRepaired)
		}
	}
}

// cardZone reads a license's or identity card's TD1 zone (a state ID or
// a national identity card, typed as the catalog's identity card): the
// holder's name weighed against the printed one as on a passport
// (nameOver), and the card's number, birth date and expiry against the
// page's by their check digits (reconcile), the number as the license
// number. It runs after the printed name was read and before the page's
// number and dates are set, so that a value the zone's check vouches for
// goes first.
func (r *reading) cardZone() {
	z, ok := r.doc.readMRZ(r.asOf)
	if !ok || !z.td1 {
		return
	}
	if z.named() {
		p, printed := r.readPerson()
		r.clearName()
		if printed {
			r.setPerson(z.nameOver(p, r.holder))
		} else {
			z.setName(r)
		}
	}
	page := map[string]found{}
	for _, l := range []struct {
		field  string
		labels []label
		f      finder
	}{
		{"date_of_birth", dobLabels, birthDateFinder(r.asOf)},
		{"license_number", dlNumberLabels, dlNumberFinder},
		{"license_number", passportNumberLabels, passportNumberFinder},
		{"expiration_date", expiryLabels, dateFinder(roleExpiry)},
	} {
		if _, done := page[l.field]; done {
			continue
		}
		if f, ok := r.doc.lookup(l.labels, l.f); ok {
			page[l.field] = f
		}
	}
	z.reconcile(r, page, "license_number")
}

// lookAlikeOfCandidate withholds an identity document's name read from a
// scan where it differs from the candidate's only by letters OCR
// confuses (OUINONES for QUINONES, an O for a Q or a D, an l for an i):
// nothing says whether the page prints another person's name or the
// candidate's misread, and a mismatch judged on it would fail a good
// document. The zone's name has no check digit, and a zone read by the
// same OCR repeats the print's confusion: its agreeing confirms nothing.
// The candidate's name only doubts a reading; it never replaces one.
func (r *reading) lookAlikeOfCandidate() {
	if !r.scanned() {
		return
	}
	p, ok := r.readPerson()
	if !ok {
		return
	}
	fold := func(s string) string { return strings.ReplaceAll(namematch.Fold(s), " ", "") }
	doubted := false
	for _, f := range []struct{ field, read, cand string }{
		{"last_name", p.last, r.holder.LastName}, {"first_name", p.first, r.holder.FirstName},
	} {
		if f.cand == "" || r.conf[f.field] < confMRZFailed+0.1 || !lookAlikeLetters(fold(f.read), fold(f.cand)) {
			continue
		}
		r.conf[f.field] = confMRZFailed
		doubted = true
	}
	if doubted {
		r.conf["full_name"] = min(r.conf["full_name"], confMRZFailed)
	}
}

// readPerson returns the name the reading set, at its surest part's
// confidence.
func (r *reading) readPerson() (person, bool) {
	full, ok := r.fields["full_name"].(string)
	if !ok {
		return person{}, false
	}
	p := person{full: full, conf: r.conf["full_name"]}
	p.first, _ = r.fields["first_name"].(string)
	p.middle, _ = r.fields["middle_name"].(string)
	p.last, _ = r.fields["last_name"].(string)
	return p, p.first != "" && p.last != ""
}

// clearName drops the name the reading set, to set it again.
func (r *reading) clearName() {
	for _, f := range []string{"full_name", "first_name", "middle_name", "last_name"} {
		delete(r.fields, f)
		delete(r.conf, f)
	}
}

// pageNumber is a number as pages print one: letters and digits, some
// digits among them.
var pageNumber = regexp.MustCompile(`\b[A-Za-z0-9]{6,9}\b`)

// equalWeights are look-alikes a check digit cannot tell apart: G weighs
// 16 and 6 weighs 6, S 28 and 8 8, the same in the last digit of every
// product.
var equalWeights = map[[2]byte]bool{{'G', '6'}: true, {'6', 'G'}: true, {'S', '8'}: true, {'8', 'S'}: true}

// equalWeightNumber settles a zone's number the page prints otherwise
// only in look-alikes of equal weight ('648210937' in the zone,
// G48210937 on the page): both pass the one check, so the check says
// nothing, and the issuers' forms decide: a letter or two open a
// number, digits follow. Where they do not decide (the last character,
// or a letter among letters), the number is uncertain.
func (z mrzReading) equalWeightNumber(r *reading, numberField string) {
	zv, ok := r.fields[numberField].(string)
	if !ok || zv != strings.TrimRight(z.numberRead, "<") {
		return
	}
	var page string
	for _, line := range r.doc.lines {
		if strings.Count(line, "<") >= 3 {
			continue
		}
		for _, w := range pageNumber.FindAllString(line, -1) {
			if w = strings.ToUpper(w); w == zv || len(w) != len(zv) {
				continue
			}
			same := true
			for i := 0; i < len(w) && same; i++ {
				same = w[i] == zv[i] || equalWeights[[2]byte{w[i], zv[i]}]
			}
			if !same {
				continue
			}
			if page != "" && page != w {
				return
			}
			page = w
		}
	}
	if page == "" {
		return
	}
	letter := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	digit := func(c byte) bool { return c >= '0' && c <= '9' }
	fixed := []byte(zv)
	for i := range fixed {
		if page[i] == zv[i] {
			continue
		}
		lead := true
		for k := 0; k < i; k++ {
			lead = lead && letter(fixed[k])
		}
		switch {
		case lead && i < 2 && i+1 < len(fixed) && digit(fixed[i+1]):
			// The number's opening letter ("G48210937").
			if !letter(page[i]) {
				fixed[i] = zv[i]
			} else {
				fixed[i] = page[i]
			}
		case i > 0 && i+1 < len(fixed) && digit(fixed[i-1]) && digit(fixed[i+1]):
			// Among digits.
			if digit(page[i]) {
				fixed[i] = page[i]
			}
		default:
			r.conf[numberField] = min(r.conf[numberField], confMRZFailed)
			return
		}
	}
	if v := string(fixed); v != zv {
		delete(r.fields, numberField)
		delete(r.conf, numberField)
		r.set(numberField, v, confMRZRepaired)
	}
}

// numberOnPage finds the document number printed on the page where the
// zone's reading of it is damaged (a look-alike no repair settles, a
// character lost) and its label was not read: the one word of the page
// that passes the zone's check digit and differs from the zone's reading
// by at most two characters (look-alikes count as the same).
func (z mrzReading) numberOnPage(lines []string) (string, bool) {
	check, ok := z.checks["passport_number"]
	read := strings.TrimRight(z.numberRead, "<")
	if !ok || len(read) < 6 {
		return "", false
	}
	found := ""
	for _, line := range lines {
		for _, w := range pageNumber.FindAllString(line, -1) {
			w = strings.ToUpper(w)
			form, ok := mrzForm("passport_number", w)
			if !ok || !strings.ContainsAny(w, "0123456789") || idnumber.MRZCheckDigit(form) != check ||
				idnumber.LookAlikeDistance(w, read) > 2 {
				continue
			}
			if found != "" && found != w {
				return "", false
			}
			found = w
		}
	}
	return found, found != ""
}

// echoVouched reports that the page settles the one character a zone
// value's passing check leaves in doubt (see mrzValue.echo): its
// caption's value, however else misread, ends as the zone's does; or,
// for a date, the page prints the zone's date anywhere (its caption lost
// to OCR, or another document's dates beside it in a bundle: the zone's
// date, checked but for its last digit, is printed nowhere by chance),
// with its year's four digits or two.
func echoVouched(field, zone, page string, lines []string) bool {
	zf, ok := mrzForm(field, zone)
	if !ok {
		return false
	}
	if pf, ok := mrzForm(field, page); ok && len(pf) == len(zf) && pf[len(pf)-1] == zf[len(zf)-1] {
		return true
	}
	if field != "date_of_birth" && field != "expiration_date" {
		return false
	}
	want, err := time.Parse(time.DateOnly, zone)
	if err != nil {
		return false
	}
	for _, line := range lines {
		for _, h := range findDates(strayO.ReplaceAllString(line, "$1")) {
			// A two-digit year ("01 JAN/JAN 90") vouches as well: the
			// zone's century is not what is in doubt, its last digit is.
			year := h.y == want.Year() || h.twoDigitY && h.y%100 == want.Year()%100
			if !h.monthOnly && year && h.m == int(want.Month()) && h.d == want.Day() {
				return true
			}
		}
	}
	// A date the page prints with its year cut off ("04 NOV 1", the
	// line's end lost at a low resolution) settles the doubted digit, the
	// day's last, where its day and month are the zone's: the one such
	// date on the page, its year cut to the first digit of the zone's year
	// (of four digits or two) or to none.
	n := 0
	for _, line := range lines {
		for _, m := range yearCutDate.FindAllStringSubmatch(line, -1) {
			if y := strconv.Itoa(want.Year()); m[3] != "" && m[3] != y[:1] && m[3] != y[2:3] {
				continue
			}
			d, err := strconv.Atoi(m[1])
			if err != nil || d != want.Day() || !strings.EqualFold(m[2], want.Format("Jan")) {
				return false
			}
			n++
		}
	}
	return n == 1
}

// yearCutDate is a day and a month's short name whose year is cut to one
// digit or none at the line's end ("04 NOV 1", "17 SEP").
var yearCutDate = regexp.MustCompile(`(?i)\b(\d{1,2}) ([A-Z]{3})(?: (\d))?\s*$`)

// strayO is a day OCR read with an O before it ("O01 JAN"): only to
// vouch for a date the zone's check already passed.
var strayO = regexp.MustCompile(`\b[Oo](\d{2})\b`)

// sameMRZValue reports that the page's value and the zone's are one: the
// same as the zone prints them.
func sameMRZValue(field, a, b string) bool {
	fa, oka := mrzForm(field, a)
	fb, okb := mrzForm(field, b)
	return oka && okb && fa == fb
}

// trimStray drops the marks and single letters OCR adds at a line's ends
// (a rule or a box's edge read as i, j or |).
func trimStray(s string) string {
	words := strings.Fields(s)
	for len(words) > 1 && len([]rune(words[len(words)-1])) == 1 {
		words = words[:len(words)-1]
	}
	for len(words) > 1 && len([]rune(words[0])) == 1 {
		words = words[1:]
	}
	return strings.Join(words, " ")
}
