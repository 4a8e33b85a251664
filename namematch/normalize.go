package namematch

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// foldExtra maps letters that Unicode does not decompose into a base
// letter plus marks, so NFD alone would keep them ("Łucja", "Søren").
var foldExtra = map[rune]string{
	'ł': "l", 'ø': "o", 'đ': "d", 'ð': "d", 'ħ': "h", 'ı': "i", 'ŀ': "l",
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'þ': "th", 'ŋ': "n",
}

// isApostrophe lists the marks that join a name's parts rather than
// separate them: O'Brien is OBRIEN on every list.
func isApostrophe(r rune) bool {
	switch r {
	case '\'', '`', '´', '‘', '’', 'ʼ', 'ʻ', '′':
		return true
	}
	return false
}

// appendFolded appends the screening form of s to dst: lower case, accents
// dropped (NFD, marks removed), apostrophes removed, and every other
// character that is not a letter turned into a single space.
func appendFolded(dst []byte, s string) []byte {
	space := func() {
		if len(dst) > 0 && dst[len(dst)-1] != ' ' {
			dst = append(dst, ' ')
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c >= 'a' && c <= 'z':
				dst = append(dst, c)
			case c >= 'A' && c <= 'Z':
				dst = append(dst, c+'a'-'A')
			case c == '\'' || c == '`':
			default:
				space()
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case isApostrophe(r):
			continue
		case unicode.Is(unicode.Mn, r):
			continue
		case !unicode.IsLetter(r):
			space()
			continue
		}
		dst = appendLetter(dst, s[i-size:i])
	}
	if len(dst) > 0 && dst[len(dst)-1] == ' ' {
		dst = dst[:len(dst)-1]
	}
	return dst
}

// appendLetter appends the folded form of one letter (given as its UTF-8
// bytes): its base letters in lower case, without marks.
func appendLetter(dst []byte, letter string) []byte {
	var buf [16]byte
	for _, d := range string(norm.NFD.AppendString(buf[:0], letter)) {
		if unicode.Is(unicode.Mn, d) {
			continue
		}
		d = unicode.ToLower(d)
		if extra, ok := foldExtra[d]; ok {
			dst = append(dst, extra...)
		} else if unicode.IsLetter(d) {
			dst = utf8.AppendRune(dst, d)
		}
	}
	return dst
}

// Fold returns the screening form of a piece of a name: lower case, no
// accents, no apostrophes, words separated by single spaces ("O'Brien-
// Núñez" is "obrien nunez").
func Fold(s string) string {
	return string(appendFolded(nil, s))
}

// screeningTitles are words that precede a name without being part of it.
// They are dropped only at the start of the given names, and only when a
// name remains.
var screeningTitles = map[string]bool{
	"dr": true, "doctor": true, "mr": true, "mrs": true, "ms": true, "miss": true, "mister": true, "mx": true,
	"prof": true, "professor": true, "rev": true, "reverend": true, "fr": true, "father": true,
	"sister": true, "sr": true, "br": true, "brother": true, "sir": true, "dame": true,
	"madam": true, "mme": true, "mlle": true, "capt": true, "captain": true, "col": true,
	"lt": true, "maj": true, "sgt": true, "pastor": true, "rabbi": true, "sheikh": true, "shaykh": true, "sheik": true,
	// "Gen" and "Hon" are given names too often to be dropped as titles.
}

// screeningSuffixes are generational and professional suffixes. They are
// dropped only at the end of a part ("Smith Jr", middle "A Jr"), and a
// surname is never emptied by them. "V" and "DO" stay: as a middle initial
// and a surname particle they are far more common.
var screeningSuffixes = map[string]bool{
	"jr": true, "jnr": true, "sr": true, "snr": true, "ii": true, "iii": true, "iv": true, "esq": true,
	"rn": true, "lpn": true, "lvn": true, "aprn": true, "np": true, "fnp": true, "dnp": true, "bsn": true,
	"msn": true, "md": true, "phd": true, "cna": true, "crna": true, "cnm": true, "cns": true, "dds": true,
	"dmd": true, "rph": true, "pharmd": true, "mph": true, "mba": true, "lcsw": true,
}

// screeningParticles start compound surnames ("de la Cruz", "van der
// Berg", "bin Laden", "Garcia y Lopez"). A particle is not a key of its
// own and does not need to agree, but it stays in the joined form
// ("delacruz"). Unlike Match's list, "mac" is absent: MacDonald is not a
// Donald.
var screeningParticles = map[string]bool{
	"de": true, "del": true, "della": true, "dela": true, "delos": true, "la": true, "las": true, "los": true,
	"da": true, "das": true, "do": true, "dos": true, "di": true, "du": true, "van": true, "vander": true,
	"vanden": true, "von": true, "der": true, "den": true, "ter": true, "ten": true, "le": true, "st": true,
	"saint": true, "al": true, "el": true, "bin": true, "ibn": true, "y": true,
}

// gluedParticles are the particles that people also write glued to the
// surname ("DeLaCruz", "DaSilva", "VanBuren"): a one-word surname that
// starts with them also answers to what follows, if that is at least
// minGluedRest letters. "al", "el" and "bin" are left out: Alvarez,
// Elliott and Bingham are not compounds.
var gluedParticles = []string{
	"della", "delos", "dela", "del", "de", "das", "dos", "da", "di", "du",
	"vander", "vanden", "van", "von", "der", "den", "la", "le", "st", "ten", "ter",
}

const minGluedRest = 4

// maxGlued caps the readings kept of one glued surname.
const maxGlued = 3

// gluedRests returns what may follow the glued particles of a one-word
// surname: "delacruz" → "cruz" (and "acruz", after "del"); "dasilva" →
// "silva" (after "da") and "ilva" (after "das"). Only readings that leave
// at least minGluedRest letters and start with no further particle count;
// the reading meant cannot be told, so up to maxGlued are kept.
func gluedRests(s string) []string {
	var out []string
	var walk func(rest string)
	walk = func(rest string) {
		further := false
		for _, p := range gluedParticles {
			if strings.HasPrefix(rest, p) && len(rest)-len(p) >= minGluedRest {
				further = true
				walk(rest[len(p):])
			}
		}
		if !further && rest != s && !slices.Contains(out, rest) && len(out) < maxGlued {
			out = append(out, rest)
		}
	}
	walk(s)
	return out
}

// parsed is a name in screening form: folded words per part, titles and
// suffixes dropped, each surname word marked as a particle or not.
type parsed struct {
	given, middle, surname []string
	particle               []bool
}

func (p parsed) empty() bool { return len(p.surname) == 0 && len(p.given) == 0 }

// parseScreening brings a name into screening form. A name with a single
// part is a surname (mononyms are listed that way).
func parseScreening(n Name) parsed {
	var buf []byte
	words := func(s string) []string {
		buf = appendFolded(buf[:0], s)
		if len(buf) == 0 {
			return nil
		}
		return strings.Fields(string(buf))
	}
	p := parsed{given: words(n.First), middle: words(n.Middle), surname: words(n.Last)}
	p.normalizeParts()
	return p
}

// normalizeParts drops titles and suffixes, moves a lone given name to the
// surname, and marks particles.
func (p *parsed) normalizeParts() {
	// Titles at the start of the given names ("Dr. Maria", "Sister Mary").
	for len(p.given) > 0 && screeningTitles[p.given[0]] && len(p.given)+len(p.middle) > 1 {
		p.given = p.given[1:]
		if len(p.given) == 0 {
			p.given, p.middle = p.middle[:1], p.middle[1:]
		}
	}
	if len(p.given) == 0 && len(p.middle) == 0 {
		for len(p.surname) > 1 && screeningTitles[p.surname[0]] {
			p.surname = p.surname[1:]
		}
	}
	// Suffixes at the end of each part.
	for len(p.surname) > 1 && screeningSuffixes[p.surname[len(p.surname)-1]] {
		p.surname = p.surname[:len(p.surname)-1]
	}
	for len(p.middle) > 0 && screeningSuffixes[p.middle[len(p.middle)-1]] {
		p.middle = p.middle[:len(p.middle)-1]
	}
	for len(p.given) > 1 && screeningSuffixes[p.given[len(p.given)-1]] {
		p.given = p.given[:len(p.given)-1]
	}
	if len(p.surname) == 0 {
		switch {
		case len(p.middle) > 0:
			// "Maria Luisa" with no surname field: the last word is the surname.
			p.surname, p.middle = p.middle[len(p.middle)-1:], p.middle[:len(p.middle)-1]
		case len(p.given) > 0:
			p.surname, p.given = p.given[len(p.given)-1:], p.given[:len(p.given)-1]
		}
	}
	p.particle = make([]bool, len(p.surname))
	for i := range p.surname {
		p.particle[i] = isParticleAt(p.surname, i)
	}
}

// isParticleAt reports whether word i of a surname is a particle: a word
// before the last that is one, unless every word is ("De La" alone is a
// surname, not two particles).
func isParticleAt(surname []string, i int) bool {
	if i == len(surname)-1 || !screeningParticles[surname[i]] {
		return false
	}
	for _, w := range surname {
		if !screeningParticles[w] {
			return true
		}
	}
	return false
}

// significant returns the surname words that are not particles.
func (p parsed) significant() []string {
	var out []string
	for i, w := range p.surname {
		if !p.particle[i] {
			out = append(out, w)
		}
	}
	return out
}
