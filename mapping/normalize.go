package mapping

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/clearedtostart/compliance/internal/accents"
)

// The rewrites below run before punctuation is turned into spaces, because
// the slash, the ampersand and the parenthesis carry the meaning they undo.
var (
	// "w/o" before "w/in" before "w/": the longest reading first.
	reWithout = regexp.MustCompile(`\bw/o\b`)
	reWithin  = regexp.MustCompile(`\bw/\s*in\b`)
	reWith    = regexp.MustCompile(`\bw/`)
	// "year(s)", "dose(s)": the optional plural is a plural.
	rePluralS = regexp.MustCompile(`([a-z])\(s\)`)
	// "M.M.R." and "u.d.s." are the acronyms MMR and UDS; one rule for any
	// run of single letters each followed by a period.
	reDotted = regexp.MustCompile(`\b(?:[a-z]\.){2,}`)
	// "1yr", "12mos", "72hrs": a number glued to its unit.
	reGluedUnit = regexp.MustCompile(`(\d)(yrs?|years?|mos?|months?|wks?|weeks?|days?|hrs?|hours?)\b`)
	// " + " between words is a conjunction; a bare "+" (as in "HBsAb+",
	// a positive result) is not, and becomes a space like other punctuation.
	rePlus = regexp.MustCompile(`\s\+\s`)
)

// tokenCanon maps a token to its canonical spelling wherever it appears.
// Only spellings that cannot mean something else are here: "mo" (Missouri)
// and "hr" (human resources) are canonical only after a number (unitAfterNumber).
var tokenCanon = map[string]string{
	"yr": "year", "yrs": "year", "years": "year", "yearly": "annual", "annually": "annual",
	"mos": "month", "months": "month",
	"wk": "week", "wks": "week", "weeks": "week",
	"days":  "day",
	"hours": "hour",
	"thru":  "through",
	"titre": "titer", "titres": "titer", "titers": "titer",
	"govt": "government",
}

// unitAfterNumber holds the abbreviations that are units only after a number.
var unitAfterNumber = map[string]string{
	"mo": "month", "hr": "hour", "hrs": "hour",
}

// compounds joins two tokens that facilities write both split and joined,
// so that "X-ray" and "xray", "T-Spot" and "TSPOT" read the same.
var compounds = map[[2]string]string{
	{"x", "ray"}:       "xray",
	{"t", "spot"}:      "tspot",
	{"chicken", "pox"}: "chickenpox",
	{"n", "95"}:        "n95",
	{"e", "learning"}:  "elearning",
}

// Normalize returns the canonical form of a source label, the form mapping
// tables are keyed by. Two labels a facility would consider the same wording
// normalise alike:
//
//   - case, diacritics, punctuation, dashes and runs of white space do not
//     count ("Hep-B  Titer" = "hep b titer");
//   - "&" and " + " read "and"; "w/" reads "with", "w/in" "within", "w/o"
//     "without"; apostrophes vanish ("driver's" = "drivers");
//   - units are canonical: "yr", "yrs", "years", "year(s)" all read "year",
//     likewise months, weeks, days and hours ("1yr" = "1 year");
//   - dotted acronyms close up ("M.M.R." = "mmr"); "X-ray" = "xray".
//
// Words that change what is asked for are never dropped or merged: "titer",
// "declination", "or", "only", numbers and issuer names all stay, so "Hep B
// titer" and "Hep B declination" remain different labels.
func Normalize(label string) string {
	return strings.Join(tokens(label), " ")
}

// tokens is Normalize before the final join.
func tokens(label string) []string {
	s := strings.ToLower(accents.Fold(label))
	// Typographic apostrophes and quotes are one apostrophe; apostrophes join
	// ("driver's", "req'd").
	s = strings.NewReplacer("\u2019", "", "\u2018", "", "'", "", "`", "").Replace(s)
	s = reWithout.ReplaceAllString(s, " without ")
	s = reWithin.ReplaceAllString(s, " within ")
	s = reWith.ReplaceAllString(s, " with ")
	s = rePluralS.ReplaceAllString(s, "${1}s")
	s = reDotted.ReplaceAllStringFunc(s, func(m string) string { return strings.ReplaceAll(m, ".", "") })
	s = reGluedUnit.ReplaceAllString(s, "$1 $2")
	s = rePlus.ReplaceAllString(s, " and ")
	s = strings.ReplaceAll(s, "&", " and ")

	// Everything that is not a letter or a digit separates words, except a
	// period inside a number ("0.5 ml").
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case r == '.' && i > 0 && i+1 < len(rs) && unicode.IsDigit(rs[i-1]) && unicode.IsDigit(rs[i+1]):
			b.WriteRune(r)
		default:
			b.WriteByte(' ')
		}
	}
	raw := strings.Fields(b.String())

	out := make([]string, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		t := raw[i]
		if i+1 < len(raw) {
			if joined, ok := compounds[[2]string{t, raw[i+1]}]; ok {
				out = append(out, joined)
				i++
				continue
			}
		}
		if c, ok := tokenCanon[t]; ok {
			t = c
		} else if c, ok := unitAfterNumber[t]; ok && len(out) > 0 && isNumber(out[len(out)-1]) {
			t = c
		}
		out = append(out, t)
	}
	return out
}

func isNumber(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) && r != '.' {
			return false
		}
	}
	return s != ""
}
