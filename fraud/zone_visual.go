package fraud

import (
	"regexp"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/idnumber"
	"github.com/clearedtostart/compliance/namematch"
	"github.com/clearedtostart/compliance/pagetext"
)

// The visual zone against the machine-readable zone, beyond the expiry
// and the number (zoneVisualMismatch): a forger who puts another holder
// on a passport or an ID card changes the printed surname or birth date
// and leaves the zone, whose name no check digit covers and whose birth
// date's digit he cannot recompute without knowing the scheme. Each is
// judged only where the rest of the zone vouches for the pairing: both of
// the zone's dates pass their check digits, and the page prints the
// zone's expiry (a zone read with the page it belongs to), and only on
// values read surely.

// surnameCaption is a visual zone's caption of the surname, in the
// languages passports and ID cards print.
var surnameCaption = regexp.MustCompile(`(?i)\b(?:surname|last\s+name|family\s+name|apellidos?)\b`)

// zoneNameConf is the word confidence from which a zone's name line is
// taken as read on its own: no check digit covers a name, and a name line
// OCR read at 30 to 40 off a photo came with letters misread (BAKER as
// RAKFR). Below it, the line is read where the visual zone prints its
// first given name (zoneSurname).
const zoneNameConf = 50

// zoneSurname is the surname the zone's name field carries, as letters:
// a passport's name line after its type and issuing state, an ID card's
// third line from its start, up to the "<<" that ends the surname, its
// parts joined. It is given only where it was read as letters with the
// "<<" after it, and where OCR read the line surely (zoneNameConf) or the
// visual zone prints the zone's first given name.
func zoneSurname(name zoneText, td1 bool, above [][]pagetext.Word) (string, bool) {
	from := 5
	if td1 {
		from = 0
	}
	if len(name.text) < from+4 {
		return "", false
	}
	t := name.text[from:]
	end := strings.Index(t, "<<")
	if end < 2 {
		return "", false
	}
	s := strings.ReplaceAll(t[:end], "<", "")
	if strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		return "", false
	}
	given, _, _ := strings.Cut(strings.TrimLeft(t[end:], "<"), "<")
	if !(name.allSure() && name.minConf >= zoneNameConf) && !printedWord(above, given) {
		return "", false
	}
	return s, true
}

// printedWord: the visual zone prints word (3 letters and more), read
// surely: a zone's given name printed above it vouches for the reading
// of its name line, which OCR gives low confidences however well it
// read it (a long word of fillers).
func printedWord(above [][]pagetext.Word, word string) bool {
	if len(word) < 3 || strings.Trim(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		return false
	}
	for _, l := range above {
		for _, w := range l {
			sure := w.Confidence >= idSureConf || w.Font != "" && !strings.Contains(strings.ToLower(w.Font), "glyphless")
			if sure && strings.ToUpper(namematch.Fold(w.Text)) == word {
				return true
			}
		}
	}
	return false
}

// printedSurname is the value the visual zone prints after or under its
// surname caption, as letters (accents folded, spaces, hyphens and
// apostrophes dropped, as a zone writes a name), read surely; false where
// the page prints no such caption, two different values, or a value read
// unsurely.
func printedSurname(p pagetext.Page, above [][]pagetext.Word) (string, bool) {
	found := ""
	for _, l := range above {
		text, conf := lineWithConfidence(l)
		m := surnameCaption.FindStringIndex(text)
		if m == nil {
			continue
		}
		// A bilingual caption ("Surname / Nom") ends at the line's end or
		// at its value: the value is the run of words in capitals after it.
		seg, segConf := capitalsAfter(text[m[1]:], conf[m[1]:])
		if seg == "" {
			seg, segConf = valueUnder(p, l, wordAt(l, m[0]))
			seg, segConf = capitalsAfter(seg, segConf)
		}
		if seg == "" {
			continue
		}
		for _, c := range segConf {
			if c < idSureConf {
				return "", false
			}
		}
		v := strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(namematch.Fold(seg)))
		if strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" || len(v) < 2 {
			return "", false
		}
		if found != "" && found != v {
			return "", false
		}
		found = v
	}
	return found, found != ""
}

// capitalsAfter is the first run of words in capitals (a name as
// passports print it) in s, skipping a caption's other languages and
// marks before it, with each byte's confidence.
func capitalsAfter(s string, conf []float64) (string, []float64) {
	start, end := -1, -1
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], ' ')
		if j < 0 {
			j = len(s) - i
		}
		w := s[i : i+j]
		letters := strings.Trim(w, "-'")
		upper := letters != "" && strings.ToUpper(letters) == letters && strings.ToLower(letters) != letters &&
			strings.Trim(strings.ToUpper(namematch.Fold(letters)), "ABCDEFGHIJKLMNOPQRSTUVWXYZ -") == "" &&
			!captionName[namematch.Fold(letters)]
		switch {
		case upper && start < 0:
			start, end = i, i+j
		case upper:
			end = i + j
		case start >= 0:
			return s[start:end], conf[start:end]
		}
		i += j + 1
	}
	if start < 0 {
		return "", nil
	}
	return s[start:end], conf[start:end]
}

// captionName are the words of a surname's caption in other languages,
// printed in capitals by some cards: no name.
var captionName = map[string]bool{"nom": true, "noms": true, "apellido": true, "apellidos": true, "surname": true, "name": true, "cognome": true, "nachname": true}

// sameName: a printed surname and the zone's may be the same name: one
// holds the other (the zone's cut short, a particle the reading of the
// visual zone left out, the zone's running on into the given names where
// OCR lost a filler), or they are fewer letters apart than half the
// longer's (misread letters: BAKER read RAKFR). Another holder's surname
// differs in most of its letters.
func sameName(printed, zone string) bool {
	if strings.Contains(zone, printed) || strings.Contains(printed, zone) {
		return true
	}
	return idnumber.LookAlikeDistance(printed, zone) < max(3, (max(len(printed), len(zone))+1)/2)
}

// zoneHolderMismatch flags a visual zone whose surname or birth date is
// not the zone's, where the page prints the zone's expiry and the zone's
// dates pass their check digits (the caller's conditions). dates are the
// dates the visual zone prints (ISO), unsure whether one of them was read
// unsurely.
func zoneHolderMismatch(d *doc, s *signals, page int, above [][]pagetext.Word, z zoneFound, dates map[string]bool, unsure bool) bool {
	dob, okB := mrzDate(z.dob, true, d.AsOf)
	if !okB {
		return false
	}
	if !dates[dob] {
		// The zone's birth date printed nowhere: where the page prints
		// one after its caption, read surely, another holder's.
		printed, ok := printedBirthDate([]pagetext.Page{{Words: flatten(above)}})
		if !ok || unsure || printed.Format(time.DateOnly) == dob {
			return false
		}
		s.addf(CodeMRZCheckFailed, 0.50, &SignalEvidence{Page: page, Field: "date_of_birth", Value: printed.Format(time.DateOnly), Expected: "the date of birth the machine-readable zone carries (" + dob + ")"},
			"the date of birth printed (%s) is not the one in the machine-readable zone (%s)", printed.Format(time.DateOnly), dob)
		return true
	}
	zs, ok := zoneSurname(z.name, z.td1, above)
	if !ok || len(zs) < 2 {
		return false
	}
	ps, ok := printedSurname(pagetext.Page{Words: flatten(above)}, above)
	if !ok || sameName(ps, zs) {
		return false
	}
	s.addf(CodeMRZCheckFailed, 0.50, &SignalEvidence{Page: page, Field: "last_name", Value: ps, Expected: "the surname the machine-readable zone carries (" + zs + ")"},
		"the surname printed (%s) is not the one in the machine-readable zone (%s)", ps, zs)
	return true
}

// flatten is the words of lines, in order.
func flatten(lines [][]pagetext.Word) []pagetext.Word {
	var ws []pagetext.Word
	for _, l := range lines {
		ws = append(ws, l...)
	}
	return ws
}

// docNumberCaption is a visual zone's caption of the document number.
var docNumberCaption = regexp.MustCompile(`(?i)\b(?:passport|document|card)\s*(?:no\b\.?|number|#)\s*[:#.]?`)

// captionedDocNumber is the document number the visual zone prints after
// its caption on its line, or under it, as letters and digits: a word of
// n of them (6 to 14 where n is 0) holding a digit, read surely (in a text layer, or by OCR at
// idSureConf and more); found only where every caption prints the same.
func captionedDocNumber(above [][]pagetext.Word, n int) (string, bool) {
	found := ""
	for _, l := range above {
		text, conf := lineWithConfidence(l)
		for _, m := range docNumberCaption.FindAllStringIndex(text, -1) {
			seg, segConf := text[m[1]:], conf[m[1]:]
			if strings.TrimSpace(seg) == "" || docNumberCaption.MatchString(seg) || !strings.ContainsAny(seg, "0123456789") {
				seg, segConf = valueUnderWords(above, l, wordAt(l, m[0]))
			}
			word, at := firstWord(seg)
			if at < 0 {
				continue
			}
			v := normaliseID(word)
			if n > 0 && len(v) != n || n <= 0 && (len(v) < 6 || len(v) > 14) || !strings.ContainsAny(v, "0123456789") {
				continue
			}
			sure := true
			for _, c := range segConf[at : at+len(word)] {
				sure = sure && c >= idSureConf
			}
			if !sure {
				continue
			}
			if found != "" && found != v {
				return "", false
			}
			found = v
		}
	}
	return found, found != ""
}

// firstWord is the first word of s and where it starts (-1: none).
func firstWord(s string) (string, int) {
	i := strings.IndexFunc(s, func(r rune) bool { return r != ' ' })
	if i < 0 {
		return "", -1
	}
	j := strings.IndexByte(s[i:], ' ')
	if j < 0 {
		return s[i:], i
	}
	return s[i : i+j], i
}

// valueUnderWords is valueUnder over the visual zone's lines: the words
// of the nearest line below the caption l[k] from the first that starts
// under it.
func valueUnderWords(lines [][]pagetext.Word, l []pagetext.Word, k int) (string, []float64) {
	var p pagetext.Page
	for _, ln := range lines {
		p.Words = append(p.Words, ln...)
	}
	return valueUnder(p, l, k)
}
