package namematch

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Name is a person's name split into its parts. Middle may hold several
// names or initials ("Ann Marie", "L").
type Name struct {
	First  string `json:"first,omitempty"`
	Middle string `json:"middle,omitempty"`
	Last   string `json:"last,omitempty"`
}

// Empty reports whether the name has neither a first nor a last name.
func (n Name) Empty() bool {
	return strings.TrimSpace(n.First) == "" && strings.TrimSpace(n.Last) == ""
}

// Full renders the name in reading order.
func (n Name) Full() string {
	return strings.Join(strings.Fields(strings.Join([]string{n.First, n.Middle, n.Last}, " ")), " ")
}

// suffixes are generational and professional suffixes that are not part of
// the surname for matching.
var suffixes = map[string]bool{
	// "V" and "DO" are left out: as a middle initial and a surname
	// particle they are far more common on these documents.
	"jr": true, "sr": true, "ii": true, "iii": true, "iv": true, "2nd": true, "3rd": true, "esq": true,
	"rn": true, "lpn": true, "lvn": true, "aprn": true, "np": true, "bsn": true, "msn": true, "adn": true,
	"md": true, "phd": true, "cna": true, "crna": true, "dnp": true, "fnp": true, "fnp-c": true, "fnp-bc": true,
	"ccrn": true, "cen": true, "cnm": true, "cns": true, "rn-bc": true, "pa-c": true, "mph": true, "mba": true,
}

// surnameParticles start compound surnames ("De La Cruz", "van der Berg",
// "Ten Eyck", "Mac Donald").
var surnameParticles = map[string]bool{
	"de": true, "del": true, "della": true, "dela": true, "delos": true, "la": true, "las": true, "los": true,
	"da": true, "das": true, "do": true, "dos": true, "di": true, "du": true, "van": true, "vander": true,
	"vanden": true, "von": true, "der": true, "den": true, "ter": true, "ten": true, "le": true, "st": true,
	"st.": true, "saint": true, "bin": true, "ibn": true, "al": true, "mac": true, "mc": true,
}

// surnameJoiners join two family names into one surname ("Garcia y
// Lopez", "Silva e Santos").
var surnameJoiners = map[string]bool{"y": true, "e": true, "i": true}

// vietnameseSurnames are the family names that follow "Van" as a middle
// name ("Tuan Van Nguyen"), where "Van" starts no Dutch surname.
var vietnameseSurnames = map[string]bool{
	"nguyen": true, "tran": true, "le": true, "pham": true, "hoang": true, "huynh": true, "phan": true, "vu": true,
	"vo": true, "dang": true, "bui": true, "do": true, "ho": true, "ngo": true, "duong": true, "ly": true,
	"truong": true, "dinh": true, "lam": true, "mai": true, "trinh": true, "doan": true, "luong": true,
	"cao": true, "ha": true, "ta": true, "quach": true, "thai": true, "luu": true,
}

// ParseFull splits a printed name into parts. It understands "Last, First
// Middle" and "First Middle Last", drops suffixes and credentials, and
// keeps surname particles ("de la Cruz"), joined family names ("Garcia y
// Lopez"), hyphenated surnames, and an apostrophe or hyphen set apart by a
// space ("O' Neil", "Alvarez - Gomez") with the surname. The parts keep
// the words as printed.
func ParseFull(full string) Name {
	full = strings.Join(strings.Fields(strings.ReplaceAll(full, "\u00a0", " ")), " ")
	if full == "" {
		return Name{}
	}
	if i := strings.Index(full, ","); i >= 0 {
		last := strings.Join(dropSuffixes(strings.Fields(full[:i])), " ")
		rest := strings.Fields(strings.ReplaceAll(full[i+1:], ",", " "))
		if !allSuffixes(rest) {
			rest = dropSuffixes(rest)
			given := glued(rest)
			if len(given) == 0 {
				return Name{Last: last}
			}
			return Name{First: given[0], Middle: strings.Join(given[1:], " "), Last: last}
		}
		// "Ann Baker, RN": what follows the comma is only a suffix.
		full = last
	}
	words := glued(dropSuffixes(strings.Fields(full)))
	// "Tuan Van Nguyen": Van is a middle name before a Vietnamese family
	// name, not the start of a Dutch surname.
	n := len(words)
	vietnamese := n >= 3 && strings.EqualFold(words[n-2], "van") && vietnameseSurnames[strings.ToLower(words[n-1])]
	return SplitReadingOrder(words, func(w string) bool {
		lw := strings.ToLower(w)
		return surnameParticles[lw] && !(vietnamese && lw == "van")
	})
}

// glued joins the words a space split from their neighbour: an apostrophe
// ending a word ("O'", "D'") or a hyphen at either end ("Alvarez -Gomez",
// "Alvarez - Gomez") binds it to the next or previous word, and a joiner
// written in lower case ("y") binds the family names on both sides (in
// capitals "Y" is as likely an initial). The joined words keep the spaces
// they were printed with.
func glued(words []string) []string {
	var out []string
	bind := false // the next word joins the last one
	for i, w := range words {
		switch {
		case surnameJoiners[w] && i >= 2 && i < len(words)-1:
			// "Garcia y Lopez": after a first name and a family name.
			out[len(out)-1] += " " + w
			bind = true
			continue
		case len(out) > 0 && (bind || strings.HasPrefix(w, "-")):
			out[len(out)-1] += " " + w
		default:
			out = append(out, w)
		}
		bind = strings.HasSuffix(w, "-") || strings.HasSuffix(w, "'") || strings.HasSuffix(w, "’")
	}
	return out
}

// KnownGivenName reports whether a word is a given name this package
// knows (a name of its nickname groups or a common middle name), compared
// in folded form.
func KnownGivenName(word string) bool {
	f := Fold(word)
	if _, ok := nicknameIndex[f]; ok {
		return true
	}
	return middleNameSet[f]
}

// SplitReadingOrder splits the words of a name written first name first.
// A lone word is a surname. Otherwise the first word is the first name and
// the surname starts at the first word after it that particle reports
// ("de", "van", "bin"), else it is the last word; the words between are
// the middle names. The list's own particles are the caller's: name
// lists and documents differ in which they keep.
func SplitReadingOrder(words []string, particle func(word string) bool) Name {
	switch len(words) {
	case 0:
		return Name{}
	case 1:
		return Name{Last: words[0]}
	}
	lastStart := len(words) - 1
	for i := 1; i < len(words)-1; i++ {
		if particle(words[i]) {
			lastStart = i
			break
		}
	}
	return Name{First: words[0], Middle: strings.Join(words[1:lastStart], " "), Last: strings.Join(words[lastStart:], " ")}
}

func allSuffixes(parts []string) bool {
	for _, p := range parts {
		if !suffixes[strings.Trim(strings.ToLower(p), ".,")] {
			return false
		}
	}
	return true
}

// dropSuffixes removes suffixes at the end of a name only: inside a name
// the same letters are initials.
func dropSuffixes(parts []string) []string {
	end := len(parts)
	for end > 1 && suffixes[strings.Trim(strings.ToLower(parts[end-1]), ".,")] {
		end--
	}
	return parts[:end]
}

// Result is the outcome of comparing two names.
type Result struct {
	Match bool `json:"match"`
	// Reason is a stable code: exact, nickname, middle_initial,
	// compound_surname, first_name_mismatch, last_name_mismatch,
	// middle_name_mismatch, missing_name.
	Reason string `json:"reason"`
}

// Match decides whether the document's name is the candidate's.
//
// Tolerated: case, accents and punctuation; a middle name missing on one
// side or shortened to its initial; a hyphenated or compound surname of
// which the other side carries one part ("Alvarez-Gomez" vs "Alvarez");
// common nicknames ("Bill" for "William"). Not tolerated: different first
// names, different surnames, or different middle initials when both sides
// print one.
func Match(candidate, document Name) Result {
	candidate, document = splitFirst(candidate), splitFirst(document)
	cf, cl := normalize(candidate.First), normalize(candidate.Last)
	df, dl := normalize(document.First), normalize(document.Last)
	if cl == "" || dl == "" || cf == "" || df == "" {
		return Result{Reason: "missing_name"}
	}
	reason := "exact"
	switch {
	case cl == dl:
	case surnamesCompatible(cl, dl):
		reason = "compound_surname"
	default:
		return Result{Reason: "last_name_mismatch"}
	}
	switch {
	case cf == df:
	case sameByNickname(cf, df):
		reason = "nickname"
	case squash(candidate.First+candidate.Middle) == squash(document.First+document.Middle):
		// "MaryAnn" on one side, "Mary Ann" (first + middle) on the other.
		return Result{Match: true, Reason: reason}
	default:
		return Result{Reason: "first_name_mismatch"}
	}
	// Middle names: words that are part of the other side's surname
	// ("Deborah Ten Eyck" parsed with middle "Ten") do not count; one side
	// may print fewer middle names than the other, or initials; a word that
	// both print must agree.
	cm := middleWords(candidate.Middle, dl)
	dm := middleWords(document.Middle, cl)
	n := min(len(cm), len(dm))
	for i := 0; i < n; i++ {
		a, b := []rune(cm[i]), []rune(dm[i])
		if string(a) == string(b) {
			continue
		}
		if a[0] != b[0] || (len(a) > 1 && len(b) > 1) {
			return Result{Reason: "middle_name_mismatch"}
		}
		if reason == "exact" {
			reason = "middle_initial"
		}
	}
	return Result{Match: true, Reason: reason}
}

// splitFirst treats a two-word first name ("Mary Ann", "Mary-Ann") as a
// first and a middle name, so it matches a side that prints only "Mary" or
// splits the name the other way.
func splitFirst(n Name) Name {
	parts := strings.FieldsFunc(strings.TrimSpace(n.First), func(r rune) bool { return r == ' ' || r == '-' })
	if len(parts) > 1 {
		n.First = parts[0]
		n.Middle = strings.TrimSpace(strings.Join(parts[1:], " ") + " " + n.Middle)
	}
	return n
}

// middleWords returns the normalised middle names, without words that
// belong to the other side's surname.
func middleWords(middle, otherLast string) []string {
	surname := map[string]bool{}
	for _, p := range strings.FieldsFunc(otherLast, func(r rune) bool { return r == ' ' || r == '-' }) {
		surname[p] = true
	}
	var out []string
	for _, w := range strings.FieldsFunc(normalize(middle), func(r rune) bool { return r == ' ' || r == '-' }) {
		if !surname[w] {
			out = append(out, w)
		}
	}
	return out
}

// squash is normalize without separators.
func squash(s string) string {
	return strings.NewReplacer(" ", "", "-", "").Replace(normalize(s))
}

// surnamesCompatible accepts a compound surname on one side whose parts
// include the other side's whole surname, and particles written together
// ("De La Cruz" vs "DeLaCruz").
func surnamesCompatible(a, b string) bool {
	if strings.ReplaceAll(a, " ", "") == strings.ReplaceAll(b, " ", "") {
		return true
	}
	pa, pb := surnameParts(a), surnameParts(b)
	return containsAll(pa, pb) || containsAll(pb, pa)
}

func surnameParts(s string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' }) {
		if !surnameParticles[p] {
			out = append(out, p)
		}
	}
	return out
}

func containsAll(have, want []string) bool {
	if len(want) == 0 {
		return false
	}
	for _, w := range want {
		found := false
		for _, h := range have {
			if h == w {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// normalize folds case and accents (as Fold does) and drops punctuation
// other than the separators that matter for surnames (space and hyphen).
func normalize(s string) string {
	var b []byte
	for i, r := range s {
		switch {
		case r == '-' || unicode.IsSpace(r):
			b = append(b, ' ')
			if r == '-' {
				b[len(b)-1] = '-'
			}
		case r < utf8.RuneSelf && unicode.IsLetter(r):
			b = append(b, byte(unicode.ToLower(r)))
		case unicode.IsLetter(r):
			b = appendLetter(b, s[i:i+utf8.RuneLen(r)])
		}
	}
	return strings.Join(strings.Fields(strings.Trim(string(b), "- ")), " ")
}

func sameByNickname(a, b string) bool {
	for _, group := range nicknameIndex[a] {
		if nicknameGroups[group][b] {
			return true
		}
	}
	return false
}
