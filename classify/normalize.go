package classify

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/clearedtostart/compliance/internal/accents"
)

// brokenWord joins a word hyphenated across a line break ("certi-\nfication"),
// which scanned cards and narrow columns produce all the time.
var brokenWord = regexp.MustCompile(`(\pL)-[ \t]*\r?\n[ \t]*(\pL)`)

// Normalize returns text in the form the classifier matches on: accents
// folded, lower case, words hyphenated across lines joined, every run of
// punctuation and whitespace one space, and OCR look-alikes folded to one
// spelling (see Token). Hints go through the same function, so a hint and
// the text it should match always agree on spelling.
func Normalize(text string) string {
	return strings.Join(Tokens(text), " ")
}

// Tokens is Normalize split into words.
func Tokens(text string) []string {
	var out []string
	for _, line := range lines(text) {
		out = append(out, line...)
	}
	return out
}

// lines normalises text line by line, so that a match can be placed on the
// page (titles near the top weigh more).
func lines(text string) [][]string {
	text = accents.Fold(text)
	text = brokenWord.ReplaceAllString(text, "$1$2")
	raw := strings.Split(text, "\n")
	out := make([][]string, 0, len(raw))
	for _, l := range raw {
		out = append(out, lineTokens(l))
	}
	return out
}

// lineTokens splits one line into normalised tokens. A '|' between letters
// is an OCR'd "l" or "I" ("B|ood"); elsewhere it is a table rule. '&' reads
// as "and" so that "CPR & AED" and "CPR and AED" are one phrase.
func lineTokens(line string) []string {
	rs := []rune(strings.ToLower(line))
	var b strings.Builder
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case r == '|' && i > 0 && i+1 < len(rs) && unicode.IsLetter(rs[i-1]) && unicode.IsLetter(rs[i+1]):
			b.WriteRune('l')
		case r == '&':
			b.WriteString(" and ")
		case r == '\'' || r == '\u2019':
			// "driver's" and "drivers" are one word on a card; keeping the
			// apostrophe as a split would make "driver s".
		default:
			b.WriteRune(' ')
		}
	}
	fields := strings.Fields(b.String())
	for i, f := range fields {
		fields[i] = Token(f)
	}
	return fields
}

// Token folds one lower-case word to its OCR skeleton. Tesseract confuses
// i/l/1, o/0, s/5, b/8 and reads "m" as "rn" and "w" as "vv"; folding each
// class to one letter on both sides makes those misreadings free. A word
// that is mostly digits is read as a number (a misread "2O26"), a word that
// is mostly letters as a word (a misread "B1ood").
func Token(w string) string {
	letters, digits := 0, 0
	for _, r := range w {
		if unicode.IsDigit(r) {
			digits++
		} else {
			letters++
		}
	}
	var b strings.Builder
	if digits > 0 && digits >= letters {
		for _, r := range w {
			switch r {
			case 'l', 'i':
				r = '1'
			case 'o':
				r = '0'
			case 's':
				r = '5'
			case 'b':
				r = '8'
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	for _, r := range w {
		switch r {
		case '0':
			r = 'o'
		case '1', 'i':
			r = 'l'
		case '5':
			r = 's'
		case '8':
			r = 'b'
		}
		b.WriteRune(r)
	}
	s := b.String()
	if strings.Contains(s, "rn") {
		s = strings.ReplaceAll(s, "rn", "m")
	}
	if strings.Contains(s, "vv") {
		s = strings.ReplaceAll(s, "vv", "w")
	}
	return s
}
