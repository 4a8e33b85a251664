package ocr

import (
	_ "embed"
	"strings"
	"unicode"
)

// Captions misread. A card's small captions, scanned at 110-130 dpi, are
// read by Tesseract as look-alikes it is sure of: the L and I of LICENSE,
// their strokes run together, as one U ("UCENSE" at 85-91), a D as an O
// ("OLN", "ORIVER"), the B of DOB as an 8 and an AAMVA field number glued
// to its caption ("3008" for "3 DOB"), the I of ISS lost ("4a SS"). The
// value beside such a caption is read, but no field's label finds it.
// Tesseract's dictionary cannot be told these captions: its LSTM decoder
// ignores --user-words and --user-patterns, with or without
// tessedit_enable_dict_correction (Tesseract 5.3, Debian's eng model:
// "UCENSE" either way). So a word that is one of these captions in every
// letter but OCR's look-alikes is read as that caption here.

// captionWords are upper-case captions printed on identity cards and
// licences whose misreadings lose a field.
var captionWords = []string{
	"LICENSE", "LICENSEE", "LICENSED", "DRIVER", "DRIVER'S", "DLN", "DOB", "ISS", "ISSUE", "ISSUED",
	"EXP", "EXPIRES", "EXPIRATION", "BIRTH", "DATE", "NUMBER", "CLASS",
}

// aamvaCaptions are the captions the AAMVA card design numbers (3 DOB,
// 4a ISS, 4b EXP, 4d DLN): after its number, a word is its caption when
// it is that caption but for one letter more or less than OCR's
// look-alikes ("4a SS", "4d ON").
var aamvaCaptions = map[string]string{"3": "DOB", "4a": "ISS", "4b": "EXP", "4d": "DLN"}

// captionFolds maps each caption's fold to it.
var captionFolds = func() map[string]string {
	m := make(map[string]string, len(captionWords))
	for _, c := range captionWords {
		m[foldCaption(c)] = c
	}
	return m
}()

// foldCaption reads a word as OCR's look-alikes make it: 0, D and Q as O;
// 8 as B; 1, l, |, !, ( and [ as I; 5 as S; and then LI as U.
func foldCaption(w string) string {
	var b strings.Builder
	for _, r := range w {
		switch r {
		case '0', 'D', 'Q', 'O', 'o':
			r = 'O'
		case '8', 'B':
			r = 'B'
		case '1', 'l', '|', '!', '(', '[', 'I', 'i':
			r = 'I'
		case '5', 'S', 's':
			r = 'S'
		default:
			r = unicode.ToUpper(r)
		}
		b.WriteRune(r)
	}
	return strings.ReplaceAll(b.String(), "LI", "U")
}

// captionCore parts a word into its text and the punctuation it ends with
// ("DOB:" is "DOB" and ":").
func captionCore(w string) (core, tail string) {
	core = strings.TrimRight(w, ".:,;")
	return core, w[len(core):]
}

// upperWord reports whether w has a letter and every letter but a
// lower-case l (OCR's I) is upper-case: digits alone ("008", "155") are
// a value, read as a caption only after its AAMVA number.
func upperWord(w string) bool {
	letters := 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			letters++
			if r != 'l' && !unicode.IsUpper(r) {
				return false
			}
		}
	}
	return letters > 0
}

// mendCaption returns the caption the word w is misread from, or "".
func mendCaption(w string) string {
	core, tail := captionCore(w)
	if len([]rune(core)) < 3 || !upperWord(core) {
		return ""
	}
	c, ok := captionFolds[foldCaption(core)]
	if !ok || strings.EqualFold(core, c) {
		return ""
	}
	return c + tail
}

// nearCaption reports whether w is caption c read with OCR's look-alikes
// and at most one letter more, fewer or other.
func nearCaption(w, c string) bool {
	a, b := []rune(foldCaption(w)), []rune(foldCaption(c))
	if len(a) < 2 {
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	edits := 0
	for i, j := 0, 0; i < len(a) || j < len(b); {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			i++
			j++
			continue
		case len(a) == len(b):
			i++
			j++
		default:
			j++
		}
		edits++
		if edits > 1 {
			return false
		}
	}
	return true
}

// isValue reports whether a word starts with a digit: a date or a number.
func isValue(w string) bool {
	return w != "" && unicode.IsDigit([]rune(w)[0])
}

// mendCaptions returns words with the captions OCR misread read as
// printed, and whether any was. Words keep their boxes and confidences;
// an AAMVA number glued to its caption ("3008") is parted into two
// words, each its share of the box.
func mendCaptions(words []Word) ([]Word, bool) {
	var out []Word
	changed := false
	for i, w := range words {
		sameLine := func(k int) bool { return k >= 0 && k < len(words) && words[k].Line == w.Line }
		text := w.Text
		if m := mendCaption(text); m != "" {
			text = m
		} else if sameLine(i-1) && sameLine(i+1) && isValue(words[i+1].Text) {
			if c, ok := aamvaCaptions[words[i-1].Text]; ok && !strings.EqualFold(text, c) && upperWordOrDigits(text) && nearCaption(text, c) {
				text = c
			}
		}
		if text == w.Text && sameLine(i+1) && dateOrNumber(words[i+1].Text) {
			if num, c, ok := gluedNumber(text); ok {
				if out == nil {
					out = append(make([]Word, 0, len(words)+1), words[:i]...)
				}
				share := w.Width * len(num) / len(text)
				n, cw := w, w
				n.Text, n.Width = num, share
				cw.Text, cw.Left, cw.Width = c, w.Left+share, w.Width-share
				out = append(out, n, cw)
				changed = true
				continue
			}
		}
		if text != w.Text {
			if out == nil {
				out = append(make([]Word, 0, len(words)), words[:i]...)
			}
			w.Text = text
			changed = true
		}
		if out != nil {
			out = append(out, w)
		}
	}
	if !changed {
		return words, false
	}
	return out, true
}

// dateOrNumber reports whether w is a date or a number alone (four digits
// or more, and only '/', '-' and '.' between them): what follows a parted
// AAMVA caption, where a house number's street ("3008 5TH AVE") is none.
func dateOrNumber(w string) bool {
	digits := 0
	for _, r := range w {
		switch {
		case unicode.IsDigit(r):
			digits++
		case !strings.ContainsRune("/-.", r):
			return false
		}
	}
	return digits >= 4
}

// upperWordOrDigits reports whether w is an upper-case word or OCR's
// digits for one ("008" after a 3 is DOB).
func upperWordOrDigits(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) && r != 'l' && !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// gluedNumber parts a word read as an AAMVA field number run into its
// caption ("3008", "4aISS") into the number and the caption.
func gluedNumber(w string) (num, caption string, ok bool) {
	for n, c := range aamvaCaptions {
		rest, found := strings.CutPrefix(w, n)
		if !found || len(rest) != len(c) || !upperWordOrDigits(rest) {
			continue
		}
		if foldCaption(rest) == foldCaption(c) {
			return n, c, true
		}
	}
	return "", "", false
}

// Captions split. At 110-130 dpi Tesseract parts a caption word where its
// letters touch or its spacing is uneven ("Ad ministered:", "Interpret
// ation", "EMPLOY EE"), and no field's label, made of whole words, finds
// it. The gap between the pieces does not tell a split from a word's space
// (on own 110-130 dpi scans half of all word spaces are under 0.8 of a
// letter's width, and "Ad ministered" parted at 0.57): it only rules out a
// column's gap. What tells it is the words: the pieces joined are a
// caption word of six letters or more that the extractors read fields by
// (captionwords.txt), not both pieces are such words on their own ("BIRTH
// DATE", "CARD HOLDER" stay two), and a piece after the first does not
// start a new word's capital (a title-case caption's second piece is lower
// case; an upper-case caption's is upper case). Words printed apart that
// pass all three are few ("HEALTH CARE"), and read as the caption they
// make, they lose no field. A long caption may have lost the letter where
// it was parted ("Inte pretation" at 47 and 54 on an own chest x-ray
// report at 110 dpi, its result unread): see joinedCaption.

//go:embed captionwords.txt
var captionWordList string

// captionWordSet is the words of the extractors' captions.
var captionWordSet = func() map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(captionWordList, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			m[l] = true
		}
	}
	return m
}()

// splitPiece reports whether b can be the rest of a word whose first piece
// is a: letters only, but for the punctuation after it, and in a's case
// (a lower-case rest after a title-case or lower-case start, an
// upper-case rest after an upper-case one).
func splitPiece(a, b string) bool {
	core, _ := captionCore(b)
	if core == "" {
		return false
	}
	upperA := upperWord(a) && len([]rune(a)) > 1
	for _, r := range core {
		switch {
		case !unicode.IsLetter(r) && r != '\'':
			return false
		case unicode.IsLetter(r) && unicode.IsUpper(r) != upperA:
			return false
		}
	}
	for _, r := range a {
		if !unicode.IsLetter(r) && r != '\'' {
			return false
		}
	}
	return true
}

// minLostLetterCaption is the length of the shortest caption read with a
// letter lost at its split ("Inte pretation"): one letter of a long word
// restored can make no other word of it by chance.
const minLostLetterCaption = 10

// joinedCaption returns the caption word whose two pieces OCR read as a
// and b, and whether they are one: a and b joined, or, for a caption of
// minLostLetterCaption letters or more, joined with the one letter OCR
// lost where it parted them (its glyph the gap); b keeps the punctuation
// after it.
func joinedCaption(a, b string) (string, bool) {
	core, tail := captionCore(b)
	if !splitPiece(a, b) || captionWordSet[strings.ToLower(a)] && captionWordSet[strings.ToLower(core)] {
		return "", false
	}
	if j := a + core; len([]rune(j)) >= 6 && captionWordSet[strings.ToLower(j)] {
		return j + tail, true
	}
	if len([]rune(a+core))+1 < minLostLetterCaption {
		return "", false
	}
	found := ""
	for c := 'a'; c <= 'z'; c++ {
		if !captionWordSet[strings.ToLower(a)+string(c)+strings.ToLower(core)] {
			continue
		}
		if found != "" {
			return "", false
		}
		l := string(c)
		if unicode.IsUpper([]rune(core)[0]) {
			l = strings.ToUpper(l)
		}
		found = a + l + core + tail
	}
	return found, found != ""
}

// joinSplitCaptions returns words with each caption word Tesseract read as
// two words of one line joined into one (its box both pieces', its
// confidence the lower), and whether any was.
func joinSplitCaptions(words []Word) ([]Word, bool) {
	var out []Word
	for i := 0; i < len(words); i++ {
		w := words[i]
		if i+1 < len(words) {
			n := words[i+1]
			gap := n.Left - (w.Left + w.Width)
			joined, ok := joinedCaption(w.Text, n.Text)
			if ok && n.Line == w.Line && gap*len([]rune(joined)) < n.Left+n.Width-w.Left && gap > -w.Width/2 {
				if out == nil {
					out = append(make([]Word, 0, len(words)), words[:i]...)
				}
				top, bottom := min(w.Top, n.Top), max(w.Top+w.Height, n.Top+n.Height)
				w.Text, w.Width = joined, n.Left+n.Width-w.Left
				w.Top, w.Height = top, bottom-top
				w.Confidence = min(w.Confidence, n.Confidence)
				out = append(out, w)
				i++
				continue
			}
		}
		if out != nil {
			out = append(out, w)
		}
	}
	if out == nil {
		return words, false
	}
	return out, true
}
