package fraud

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/pagetext"
)

// Facts: what a genuine document cannot say.

// startFields are the dates a validity runs from, in order of preference;
// each is also a date nothing can expire before.
var startFields = []string{"issue_date", "completion_date", "completed_date", "test_date", "exam_date", "collection_date", "administered_date"}

// pastFields are event dates that cannot lie in the future.
var pastFields = []string{"issue_date", "administered_date", "read_date", "collection_date", "exam_date", "test_date", "completed_date", "completion_date"}

func checkFacts(d *doc, s *signals) {
	asOf := d.AsOf
	exp, okE := date(d.Fields, "expiration_date")
	if okE {
		for _, f := range startFields {
			if t, ok := date(d.Fields, f); ok && exp.Before(t) {
				s.addf(CodeExpiresBeforeIssue, 0.60, &SignalEvidence{Field: f, Value: t.Format(time.DateOnly), Expected: "on or before the expiration date " + exp.Format(time.DateOnly)},
					"expiration date %s is before %s %s", exp.Format(time.DateOnly), strings.ReplaceAll(f, "_", " "), t.Format(time.DateOnly))
			}
		}
	}
	for _, f := range pastFields {
		if t, ok := date(d.Fields, f); ok && t.After(asOf.AddDate(0, 0, 1)) {
			s.addf(CodeDateInFuture, 0.50, &SignalEvidence{Field: f, Value: t.Format(time.DateOnly), Expected: "on or before " + asOf.Format(time.DateOnly)},
				"%s %s is in the future", f, t.Format(time.DateOnly))
			break
		}
	}
	if dob, ok := date(d.Fields, "date_of_birth"); ok {
		age := asOf.Sub(dob).Hours() / 24 / 365.25
		if age < 16 || age > 100 {
			s.addf(CodeImplausibleBirth, 0.40, &SignalEvidence{Field: "date_of_birth", Value: dob.Format(time.DateOnly)},
				"date of birth %s gives an age of %.0f", dob.Format(time.DateOnly), age)
		}
	}
	checkValidity(d, s, exp, okE)
	if r, ok := d.Fields["induration_mm"].(int); ok && (r < 0 || r > 60) {
		s.addf(CodeImplausibleValue, 0.40, &SignalEvidence{Field: "induration_mm", Value: strconv.Itoa(r), Expected: "0 to 60 mm"},
			"induration of %d mm is not a possible reading", r)
	}
	checkECardCode(d, s)
	checkLicenseNumber(d, s)
	checkMRZ(d, s)
}

// checkValidity: a card valid longer than its issuer grants (the
// catalog's max_validity_years, by issuer where issuers differ), with a
// month's grace for cards that run to the end of a month.
func checkValidity(d *doc, s *signals, exp time.Time, okE bool) {
	if !okE {
		return
	}
	issuer, _ := d.Fields["issuer"].(string)
	years, ok := d.cat.MaxValidity(d.DocumentType, issuer)
	if !ok {
		return
	}
	for _, f := range startFields[:3] {
		start, ok := date(d.Fields, f)
		if !ok {
			continue
		}
		if exp.After(start.AddDate(years, 1, 0)) {
			who := "the issuer grants"
			if issuer != "" {
				who = issuer + " grants"
			}
			s.addf(CodeValidityTooLong, 0.50, &SignalEvidence{Field: "expiration_date", Value: exp.Format(time.DateOnly), Expected: fmt.Sprintf("at most %d years after %s", years, start.Format(time.DateOnly))},
				"valid %s to %s, longer than the %d years %s", start.Format(time.DateOnly), exp.Format(time.DateOnly), years, who)
		}
		return
	}
}

// checkECardCode: an AHA eCard code is 12 digits, the first two the year
// the eCard was issued (eCards began in 2015), then a 3-digit course code
// and a 7-digit number. The code is judged only where the document calls
// it an eCard code: an AHA training site's own card number is not one.
func checkECardCode(d *doc, s *signals) {
	switch d.DocumentType {
	case "bls", "acls", "pals":
	default:
		return
	}
	issuer, _ := d.Fields["issuer"].(string)
	code, _ := d.Fields["certificate_id"].(string)
	if code == "" || !strings.Contains(strings.ToLower(issuer), "american heart") || !d.mentions("ecard") {
		return
	}
	digits := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\u00a0' {
			return -1
		}
		return r
	}, code)
	ev := &SignalEvidence{Field: "certificate_id", Value: code, Expected: "12 digits: the 2-digit year of issue, a 3-digit course code, a 7-digit number"}
	if !twelveDigits.MatchString(digits) {
		s.addf(CodeIDFormat, 0.40, ev, "the eCard code %s is not an AHA eCard code: it is not 12 digits", code)
		return
	}
	year := 2000 + int(digits[0]-'0')*10 + int(digits[1]-'0')
	switch {
	case year > d.AsOf.Year():
		s.addf(CodeIDFormat, 0.40, ev, "the eCard code %s names the year %d, after the as-of date", code, year)
	case year < 2015:
		s.addf(CodeIDFormat, 0.40, ev, "the eCard code %s names the year %d, before the AHA issued eCards (2015)", code, year)
	default:
		issue, ok := date(d.Fields, "issue_date")
		// The code is made when the eCard is issued; a code claimed early
		// in January may carry the next year.
		if ok && (year < issue.Year() || year > issue.Year()+1) {
			ev.Expected = fmt.Sprintf("a code of %d (the issue date %s)", issue.Year(), issue.Format(time.DateOnly))
			s.addf(CodeIDFormat, 0.40, ev, "the eCard code %s names the year %d, but the card was issued on %s", code, year, issue.Format(time.DateOnly))
		}
	}
}

// licenseFormat is how a state's board numbers its nursing licenses: the
// type prefixes it may print and the number of digits after them.
type licenseFormat struct {
	prefixes  []string
	minDigits int
	maxDigits int
	describe  string
}

// licenseFormats are the states whose numbering is known well enough to
// judge; a license of any other state is not judged on its number.
var licenseFormats = map[string]licenseFormat{
	// California BRN: RN numbers of up to 6 digits, 8 digits starting 95
	// since 2019; LVN "VN" numbers; NP certificates.
	"CA": {prefixes: []string{"RN", "VN", "LVN", "NP", "APRN"}, minDigits: 4, maxDigits: 8, describe: "4 to 8 digits, optionally after RN, VN or NP"},
	// Texas BON: RN and LVN numbers of up to 7 digits; APRN "AP".
	"TX": {prefixes: []string{"RN", "LVN", "VN", "AP", "APRN"}, minDigits: 5, maxDigits: 7, describe: "5 to 7 digits, optionally after RN, LVN or AP"},
	// Florida BON: RN, PN and APRN followed by 7 digits.
	"FL": {prefixes: []string{"RN", "PN", "LPN", "APRN", "ARNP"}, minDigits: 6, maxDigits: 8, describe: "RN, PN or APRN and 7 digits"},
	// New York Office of the Professions: 6-digit numbers.
	"NY": {prefixes: []string{"RN", "LPN", "NP"}, minDigits: 5, maxDigits: 7, describe: "6 digits"},
}

// checkLicenseNumber judges a nursing license number against its state's
// numbering, where the state's is known.
func checkLicenseNumber(d *doc, s *signals) {
	if d.DocumentType != "nursing_license" {
		return
	}
	num, _ := d.Fields["license_number"].(string)
	state, _ := d.Fields["state"].(string)
	f, ok := licenseFormats[strings.ToUpper(strings.TrimSpace(state))]
	if num == "" || !ok {
		return
	}
	n := strings.ToUpper(strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '.' || r == '\u00a0' {
			return -1
		}
		return r
	}, num))
	rest := n
	for _, p := range f.prefixes {
		if strings.HasPrefix(n, p) && len(n) > len(p) && n[len(p)] >= '0' && n[len(p)] <= '9' {
			rest = n[len(p):]
			break
		}
	}
	if len(rest) >= f.minDigits && len(rest) <= f.maxDigits && strings.Trim(rest, "0123456789") == "" {
		return
	}
	s.addf(CodeIDFormat, 0.40, &SignalEvidence{Field: "license_number", Value: num, Expected: strings.ToUpper(state) + " numbers licenses " + f.describe},
		"license number %s is not in the form the %s board uses (%s)", num, strings.ToUpper(state), f.describe)
}

// mentions reports whether the document's pages print a phrase.
func (d *doc) mentions(phrase string) bool {
	for _, p := range d.Pages {
		for _, w := range p.Words {
			if strings.Contains(strings.ToLower(w.Text), phrase) {
				return true
			}
		}
	}
	return false
}

// mrzLook maps the characters OCR confuses in the zone's digit positions.
var mrzLook = strings.NewReplacer("O", "0", "Q", "0", "D", "0", "U", "0", "I", "1", "L", "1", "T", "1", "Z", "2", "S", "5", "B", "8", "G", "6")

var (
	twelveDigits = regexp.MustCompile(`^\d{12}$`)
	td3Line1     = regexp.MustCompile(`^P[A-Z0-9<][A-Z<]{3}[A-Z0-9<]{39}$`)
	td3Line2     = regexp.MustCompile(`^[A-Z0-9<]{44}$`)
	td1Line      = regexp.MustCompile(`^[A-Z0-9<]{30}$`)
)

// checkMRZ recomputes the check digits of a passport's (TD3) or an ID
// card's (TD1) machine-readable zone printed on the page. On a page read
// by OCR, a digit that OCR may have misread is repaired before the digits
// are judged; a text layer is judged as it is.
func checkMRZ(d *doc, s *signals) {
	for i, p := range d.Pages {
		lines, ocr := mrzLines(p)
		for k := 0; k+1 < len(lines); k++ {
			var failed []string
			var value string
			switch {
			case td3Line1.MatchString(lines[k]) && td3Line2.MatchString(lines[k+1]):
				failed, value = td3Failures(lines[k+1], ocr), lines[k+1]
			case k+2 < len(lines) && td1Line.MatchString(lines[k]) && td1Line.MatchString(lines[k+1]) && td1Line.MatchString(lines[k+2]) && strings.ContainsAny(lines[k][:1], "ACI"):
				failed, value = td1Failures(lines[k], lines[k+1], ocr), lines[k]+"\n"+lines[k+1]
			default:
				continue
			}
			if len(failed) > 0 {
				// A field's own digit failing says the field was changed; the
				// composite alone failing may be a printer's slip as well.
				w := 0.50
				if len(failed) == 1 && failed[0] == "the whole zone" {
					w = 0.30
				}
				s.addf(CodeMRZCheckFailed, w, &SignalEvidence{Page: d.first + i, Field: "mrz", Value: value, Expected: "check digits of " + strings.Join(failed, ", ")},
					"the machine-readable zone's check digit of %s does not match", strings.Join(failed, ", "))
			}
			return
		}
	}
}

// mrzLines returns a page's lines as the zone is read (spaces dropped,
// upper case), and whether the page was read by OCR.
func mrzLines(p pagetext.Page) ([]string, bool) {
	ocr := false
	var out []string
	for _, l := range p.Lines() {
		var b strings.Builder
		for _, w := range l {
			if w.Font == "" && w.Confidence < 100 {
				ocr = true
			}
			b.WriteString(strings.ReplaceAll(strings.ToUpper(w.Text), "«", "<<"))
		}
		out = append(out, b.String())
	}
	return out, ocr
}

// mrzCheck is one check digit of a zone: the characters it covers and
// where it stands.
type mrzCheck struct {
	name   string
	data   string
	digit  byte
	digits bool // the data is digits (dates): OCR look-alikes repairable
}

func td3Failures(l2 string, ocr bool) []string {
	composite := l2[0:10] + l2[13:20] + l2[21:43]
	return failures([]mrzCheck{
		{"the document number", l2[0:9], l2[9], false},
		{"the date of birth", l2[13:19], l2[19], true},
		{"the expiration date", l2[21:27], l2[27], true},
		{"the personal number", l2[28:42], l2[42], false},
		{"the whole zone", composite, l2[43], false},
	}, ocr)
}

func td1Failures(l1, l2 string, ocr bool) []string {
	composite := l1[5:30] + l2[0:7] + l2[8:15] + l2[18:29]
	return failures([]mrzCheck{
		{"the document number", l1[5:14], l1[14], false},
		{"the date of birth", l2[0:6], l2[6], true},
		{"the expiration date", l2[8:14], l2[14], true},
		{"the whole zone", composite, l2[29], false},
	}, ocr)
}

func failures(checks []mrzCheck, ocr bool) []string {
	var out []string
	for _, c := range checks {
		if c.name == "the personal number" && strings.Trim(c.data, "<") == "" && (c.digit == '<' || c.digit == '0') {
			continue
		}
		if mrzOK(c.data, c.digit) {
			continue
		}
		if ocr {
			data, digit := c.data, string(c.digit)
			if c.digits {
				data = mrzLook.Replace(data)
			}
			digit = mrzLook.Replace(digit)
			if len(digit) == 1 && mrzOK(data, digit[0]) {
				continue
			}
		}
		out = append(out, c.name)
	}
	return out
}

func mrzOK(data string, digit byte) bool {
	want := extract.MRZCheckDigit(data)
	return string(digit) == want || (digit == '<' && want == "0")
}
