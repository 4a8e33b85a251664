package idnumber

import "strings"

// LicenseNumbering is how a state numbers its driver's licenses and state
// IDs (AAMVA's DL/ID numbering), as a number is written without its
// spaces and hyphens. A form is a pattern of letters (A), digits (9),
// letters or digits (X), letters or the filler '*' (*), letters, digits
// or '*' (#), and fixed capitals (Washington's WDL).
type LicenseNumbering struct {
	// Fitted are the forms a reading is rewritten toward (Fit): the
	// forms of the numbers most cards carry, where one reading fits.
	Fitted []string
	// Other are the state's other forms, of older cards or too loose to
	// settle a look-alike (digits of a varying length, a letter or a
	// digit first): a number in one is the state's, but a reading is
	// never rewritten toward one, a misread number fitting it as often
	// as a real one is read.
	Other []string
	// Describe words every form in a sentence. It is empty where the
	// older forms are not all known here: a number in none of the forms
	// is then no evidence of anything.
	Describe string
}

// licenseNumberings are the states whose numbering is known here.
var licenseNumberings = map[string]LicenseNumbering{
	"CA": {Fitted: []string{"A9999999"}, Describe: "a letter and 7 digits"},
	"TX": {Fitted: []string{"99999999"}, Other: []string{"9999999"}, Describe: "7 or 8 digits"},
	"FL": {Fitted: []string{"A999999999999"}, Describe: "a letter and 12 digits"},
	"GA": {Other: []string{"9999999", "99999999", "999999999"}, Describe: "7 to 9 digits"},
	"AZ": {Other: []string{"A99999999", "999999999"}, Describe: "a letter and 8 digits, or 9 digits"},
	"WA": {Fitted: []string{"WDLXXXXXXXXX"}, Other: []string{"*******#####"},
		Describe: "WDL and 9 letters or digits (12 characters before 2018)"},
	"NY": {Fitted: []string{"999999999"}, Other: []string{"99999999", "9999999999999999", "A9999999", "A999999999999999999"},
		Describe: "9 digits (8, 16, or a letter and 7 or 18 on older cards)"},
	"IL": {Fitted: []string{"A99999999999"}},
	"MI": {Fitted: []string{"A999999999999"}},
	"NJ": {Fitted: []string{"A99999999999999"}},
	"PA": {Fitted: []string{"99999999"}},
}

// StateLicense is the numbering of a state's licenses (its two-letter
// code), where it is known.
func StateLicense(state string) (LicenseNumbering, bool) {
	n, ok := licenseNumberings[state]
	return n, ok
}

// AllKnown reports that every form of the state's numbers is known, so a
// number in none of them is in a form the state never gives.
func (n LicenseNumbering) AllKnown() bool { return n.Describe != "" }

// Matches reports that a number (capitals and digits, no separators) is
// in one of the state's forms.
func (n LicenseNumbering) Matches(num string) bool {
	for _, f := range n.Fitted {
		if formMatches(f, num) {
			return true
		}
	}
	for _, f := range n.Other {
		if formMatches(f, num) {
			return true
		}
	}
	return false
}

func formMatches(form, num string) bool {
	if len(form) != len(num) {
		return false
	}
	for i := 0; i < len(form); i++ {
		c := num[i]
		letter, digit := c >= 'A' && c <= 'Z', c >= '0' && c <= '9'
		var ok bool
		switch form[i] {
		case 'A':
			ok = letter
		case '9':
			ok = digit
		case 'X':
			ok = letter || digit
		case '*':
			ok = letter || c == '*'
		case '#':
			ok = letter || digit || c == '*'
		default:
			ok = c == form[i]
		}
		if !ok {
			return false
		}
	}
	return true
}

// A card's number in print: red on a patterned ground, where OCR reads 8
// as & or B, 0 as O or o, 1 as I, l or a rule.
var (
	printToDigit   = map[byte]byte{'O': '0', 'o': '0', 'Q': '0', 'D': '0', 'I': '1', 'l': '1', '|': '1', 'i': '1', 'S': '5', 's': '5', 'B': '8', '&': '8', 'Z': '2', 'G': '6'}
	printToLetter  = map[byte]byte{'0': 'O', '1': 'I', '5': 'S', '8': 'B', '2': 'Z', '6': 'G'}
	fixedLookAlike = map[byte]string{'D': "O0", 'L': "1I|", 'W': "VV"}
)

// Fit rewrites a number as read (spaces and hyphens kept) to the state's
// fitted forms, swapping look-alikes, and reports whether exactly one
// form fits: a leading 0 is the letter O in California's one letter and
// seven digits, an O among Texas's eight digits is a 0. A number that
// fits as read is returned as read.
func (n LicenseNumbering) Fit(num string) (string, bool) {
	var bare []int // offsets of the number's letters and digits
	for i := 0; i < len(num); i++ {
		if num[i] != ' ' && num[i] != '-' {
			bare = append(bare, i)
		}
	}
	fits, out := 0, ""
	for _, f := range n.Fitted {
		if len(f) != len(bare) {
			continue
		}
		b := []byte(num)
		ok := true
		for k, i := range bare {
			c := b[i]
			isDigit := c >= '0' && c <= '9'
			isLetter := c >= 'A' && c <= 'Z'
			switch {
			case f[k] == '9' && isDigit, f[k] == 'A' && isLetter, f[k] == 'X' && (isLetter || isDigit):
			case f[k] == '9':
				d, dok := printToDigit[c]
				ok = ok && dok
				b[i] = d
			case f[k] == 'A':
				l, lok := printToLetter[c]
				ok = ok && lok
				b[i] = l
			case f[k] == 'X':
				ok = false
			default:
				// A fixed letter: as printed, or its look-alike (WOL for WDL).
				ok = ok && (c == f[k] || fixedLookAlike[f[k]] != "" && strings.IndexByte(fixedLookAlike[f[k]], c) >= 0)
				b[i] = f[k]
			}
		}
		if ok {
			fits++
			out = string(b)
		}
	}
	return out, fits == 1
}

// DigitRun rewrites the look-alikes inside a number that is mostly
// digits, where no state's form settles them: a letter with digits on
// both sides (or a digit and the end) among six or more digits; a '&' is
// always an 8. A leading letter stays (most states' numbers open with
// one). It reports whether the result is a plausible number.
func DigitRun(tok string) (string, bool) {
	b := []byte(tok)
	digits := 0
	for _, c := range b {
		if c >= '0' && c <= '9' {
			digits++
		}
	}
	if digits < 6 {
		return tok, false
	}
	isDigit := func(i int) bool { return i >= 0 && i < len(b) && b[i] >= '0' && b[i] <= '9' }
	for i := 1; i < len(b); i++ {
		if b[i] == '&' {
			// Never a letter of a number: an 8.
			b[i] = '8'
		}
	}
	for i := 1; i < len(b); i++ {
		d, ok := printToDigit[b[i]]
		// Between digits, or between the leading letter and a digit
		// ("BO8360067").
		if !ok || !(isDigit(i-1) || i == 1) || !(isDigit(i+1) || i == len(b)-1 && isDigit(i-1)) {
			continue
		}
		b[i] = d
	}
	return string(b), true
}
