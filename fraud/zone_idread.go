package fraud

import (
	"strings"

	"github.com/clearedtostart/compliance/idnumber"
)

// An identifier read by OCR in a form its issuer never gives weighs
// idFormatWeight(true), 0.35: a dropped or doubled digit is a misreading
// as often as a forgery where OCR read the number unsurely. Where OCR
// read the number's words surely (every character at idSureConf and
// more), it weighs idSurelyReadWeight, flagging alone at MEDIUM: further
// off than one character (four digits where the board prints seven,
// fourteen where the code has twelve), no misreading explains it; one
// character off (a digit too many, a code of 11 digits), only where the
// number was read as printed, no look-alike letter made a digit (a rule
// or a border read as a 1 beside it is an 'l' or an 'I' read unsurely,
// never a digit read at 90): OCR that reads every character of a printed
// number at 90 and more neither doubles nor drops one of its digits.

// idSureConf is the word confidence from which OCR's reading of a number
// is taken as printed: digits of a typed or printed number read at 90 and
// more are misread far more rarely than a dropped digit is explained.
const idSureConf = 90

// idSurelyReadWeight: an identifier OCR read surely in a form its issuer
// does not give.
const idSurelyReadWeight = 0.50

// idWeight is the weight of an id_format signal for value, offBy
// characters from the nearest form the issuer gives.
func (d *doc) idWeight(value string, offBy int) float64 {
	ocr := d.readByOCR()
	if ocr && (offBy >= 2 && d.readSurely(value) || offBy == 1 && noLookAlikeDigits(value) && d.printedSurely(normaliseID(value), false)) {
		return idSurelyReadWeight
	}
	return idFormatWeight(ocr)
}

// noLookAlikeDigits: from its first digit on, a number holds no letter
// OCR makes of a digit (an O, an I, an l): each of its digits was read as
// a digit.
func noLookAlikeDigits(value string) bool {
	v := normaliseID(value)
	i := strings.IndexAny(v, "0123456789")
	return i >= 0 && idnumber.ZoneDigits(v[i:]) == v[i:]
}

// idJudged: an identifier is judged on its form only where it was read
// from a text layer, or where OCR read it surely. A number OCR read
// unsurely may be another number of the page (a training center's id
// taken for the eCard code) or this one misread, and neither is evidence
// of a made-up number: judging it would flag clean scans.
func (d *doc) idJudged(value string) bool {
	return !d.readByOCR() || d.readSurely(value)
}

// readSurely: the page prints value (letters and digits, ignoring
// spaces and punctuation) on one line, in words OCR read at idSureConf or
// more, or in a text layer. The value is looked for as it is and, where
// a reading repaired look-alikes (O for 0), with both sides' look-alike
// letters read as digits.
func (d *doc) readSurely(value string) bool {
	v := normaliseID(value)
	if v == "" {
		return false
	}
	return d.printedSurely(v, false) || d.printedSurely(idnumber.ZoneDigits(v), true)
}

func (d *doc) printedSurely(v string, fold bool) bool {
	for _, p := range d.Pages {
		for _, l := range p.Lines() {
			var b strings.Builder
			var conf []float64
			for _, w := range l {
				c := w.Confidence
				if w.Font != "" && !strings.Contains(strings.ToLower(w.Font), "glyphless") {
					c = 100
				}
				for _, r := range normaliseID(w.Text) {
					b.WriteRune(r)
					conf = append(conf, c)
				}
			}
			t := b.String()
			if fold {
				// One letter for one digit: the confidences stay in place.
				t = idnumber.ZoneDigits(t)
			}
			for from := 0; ; {
				k := strings.Index(t[from:], v)
				if k < 0 {
					break
				}
				k += from
				sure := true
				for _, c := range conf[k : k+len(v)] {
					sure = sure && c >= idSureConf
				}
				if sure {
					return true
				}
				from = k + 1
			}
		}
	}
	return false
}

// lengthOff is how many characters n is outside [lo, hi].
func lengthOff(n, lo, hi int) int {
	switch {
	case n < lo:
		return lo - n
	case n > hi:
		return n - hi
	}
	return 0
}
