package fraud

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/idnumber"
	"github.com/clearedtostart/compliance/pagetext"
)

// Facts: what a genuine document cannot say.

// startFields are the dates a validity runs from, in order of preference;
// each is also a date nothing can expire before.
var startFields = []string{"issue_date", "completion_date", "completed_date", "test_date", "exam_date", "collection_date", "administered_date"}

// pastFields are event dates that cannot lie in the future.
var pastFields = []string{"issue_date", "administered_date", "read_date", "collection_date", "exam_date", "test_date", "completed_date", "completion_date", "titer_date"}

// Facts read by OCR are weaker evidence than facts read from a text
// layer: OCR confuses look-alike characters (0/O/8, 1/7), and a card's
// reader may take one printed date for two fields (its expiry read as the
// issue too). A fact that two fields read alike contradict (an issue date
// equal to the expiration date, in the future) is such a misreading far
// more often than a forgery.
const (
	// ocrFactWeight scales a fact signal's weight when the document was
	// read by OCR; a strong fact (0.60) then still flags at MEDIUM alone,
	// a middling one (0.50) only with other evidence.
	ocrFactWeight = 0.7
	// echoedWeight is the weight of a date signal whose date is also the
	// value of the other date field compared (a misreading).
	echoedWeight = 0.15
)

func checkFacts(d *doc, s *signals) {
	asOf := d.AsOf
	ocr := d.readByOCR()
	misread := func(f string, t time.Time, detail *string) bool {
		g, e, ok := d.misreadYear(f, t)
		if ok {
			*detail = fmt.Sprintf(", a year one look-alike digit from the %s %s (a misreading)", strings.ReplaceAll(g, "_", " "), e.Format(time.DateOnly))
		}
		return ok
	}
	weigh := func(w float64) float64 {
		if ocr {
			return round2(w * ocrFactWeight)
		}
		return w
	}
	how := ""
	if ocr {
		how = " (read by OCR)"
	}
	exp, okE := date(d.Fields, "expiration_date")
	if okE {
		for _, f := range startFields {
			if t, ok := date(d.Fields, f); ok && exp.Before(t) {
				w, misread := 0.60, ""
				if ocr {
					// Two dates misread at once in the order that contradicts
					// is rare; one date misread is not: 0.50 keeps it at MEDIUM.
					w = 0.50
					if why, ok := d.misreadStart(t, exp); ok {
						w, misread = echoedWeight, why
					}
				}
				s.addf(CodeExpiresBeforeIssue, w, &SignalEvidence{Field: f, Value: t.Format(time.DateOnly), Expected: "on or before the expiration date " + exp.Format(time.DateOnly)},
					"expiration date %s is before %s %s%s%s", exp.Format(time.DateOnly), strings.ReplaceAll(f, "_", " "), t.Format(time.DateOnly), misread, how)
			}
		}
	}
future:
	for _, f := range pastFields {
		if t, ok := date(d.Fields, f); ok && t.After(asOf.AddDate(0, 0, 1)) {
			w := weigh(0.50)
			detail := ""
			switch {
			case okE && t.Equal(exp):
				// The expiry read as the event too: the reading, not the card.
				w = echoedWeight
				detail = ", the same date as the expiration date"
			case ocr && misread(f, t, &detail):
				// A year one look-alike digit off its sibling's: the reading.
				w = echoedWeight
			case ocr && okE && exp.Before(t) && d.misreadOrder(t, exp):
				if slices.Contains(startFields, f) {
					// expires_before_issue told this misreading (0.15):
					// one digit misread is one weak signal, not two.
					break future
				}
				w = echoedWeight
				why, _ := d.misreadStart(t, exp)
				detail = strings.Replace(why, ", in the future", "", 1)
			case ocr && d.datePrintedSurely(t, false):
				// Printed and read surely: no misreading made it.
				w = 0.50
				detail = ", printed and read surely"
			}
			s.addf(CodeDateInFuture, w, &SignalEvidence{Field: f, Value: t.Format(time.DateOnly), Expected: "on or before " + asOf.Format(time.DateOnly)},
				"%s %s is in the future%s%s", f, t.Format(time.DateOnly), detail, how)
			break
		}
	}
	dob, okB := date(d.Fields, "date_of_birth")
	printed := false
	if !okB {
		// The reading withheld it: the birth date the page prints, read
		// surely (or in a text layer), judged only on the impossible.
		dob, okB = printedBirthDate(d.Pages)
		printed = okB
	}
	if okB {
		age := asOf.Sub(dob).Hours() / 24 / 365.25
		// Born after the as-of day, or a year and more after an event the
		// document records of its holder (a misread day or month is not
		// a year; a birth dose is given on the day of birth): no holder
		// is; as impossible as an event in the future, and weighed like
		// one.
		after := ""
		if dob.After(asOf.AddDate(0, 0, 1)) {
			after = "the as-of day " + asOf.Format(time.DateOnly)
		}
		// Where the page prints the birth date after its caption, a
		// document issued before it (a passport, a license) is as
		// impossible by a day as by a year: no reading took another date
		// for it. A dose or a test may be given on the day of birth.
		pb, okPB := printedBirthDate(d.Pages)
		okPB = okPB && pb.Equal(dob)
		for _, f := range pastFields {
			t, ok := date(d.Fields, f)
			if !ok || after != "" {
				continue
			}
			if dob.After(t.AddDate(1, 0, 0)) || okPB && dob.After(t) && (f == "issue_date" || f == "completion_date" || f == "completed_date") {
				after = strings.ReplaceAll(f, "_", " ") + " " + t.Format(time.DateOnly)
			}
		}
		// Nor does a document expire before its holder is born: an expiry
		// moved back, or a birth date moved on, where the reading left
		// the issue date out (with it, the expiry is before the issue
		// too). A year's grace, as for an event, unless the page prints
		// the birth date after its caption.
		if after == "" && okE && (dob.After(exp.AddDate(1, 0, 0)) || okPB && dob.After(exp)) {
			after = "the expiration date " + exp.Format(time.DateOnly)
		}
		switch {
		case after != "":
			w, sure := weigh(0.50), ""
			if printed || okPB || ocr && d.datePrintedSurely(dob, false) {
				w, sure = 0.50, ", printed and read surely"
			}
			s.addf(CodeImplausibleBirth, w, &SignalEvidence{Field: "date_of_birth", Value: dob.Format(time.DateOnly), Expected: "before " + after},
				"date of birth %s is after %s%s%s", dob.Format(time.DateOnly), after, sure, how)
		case age < 16 || age > 100:
			// No nurse is 12 or 110. The field alone may be another date
			// the reading took for the birth date (an issue date read as
			// one makes a holder of 3): 0.40. Where the page prints it
			// after (or under) its own caption, read surely (or in a text
			// layer), and it is the only birth date printed, no reading
			// made it: 0.50.
			w, sure := weigh(0.40), ""
			if okPB {
				w, sure = 0.50, ", printed after its caption"
			}
			s.addf(CodeImplausibleBirth, w, &SignalEvidence{Field: "date_of_birth", Value: dob.Format(time.DateOnly)},
				"date of birth %s gives an age of %.0f%s%s", dob.Format(time.DateOnly), age, sure, how)
		}
	}
	checkPrintedDates(d, s)
	checkReadBeforePlaced(d, s)
	checkReportedBeforeCollected(d, s)
	checkFutureDoses(d, s)
	checkValidity(d, s, exp, okE)
	if r, ok := d.Fields["induration_mm"].(int); ok && (r < 0 || r > 60) {
		s.addf(CodeImplausibleValue, 0.40, &SignalEvidence{Field: "induration_mm", Value: strconv.Itoa(r), Expected: "0 to 60 mm"},
			"induration of %d mm is not a possible reading", r)
	}
	checkECardCode(d, s)
	checkLicenseNumber(d, s)
	checkLicenseType(d, s)
	checkMRZ(d, s)
	checkDLNumber(d, s)
	checkPassportNumber(d, s)
	checkSSN(d, s)
	checkNPI(d, s)
	checkHolderNames(d, s)
	settleWeakFacts(s)
}

// factCodes are the codes checkFacts alone reports.
var factCodes = []string{CodeExpiresBeforeIssue, CodeDateInFuture, CodeImplausibleBirth, CodeValidityTooLong,
	CodeImplausibleValue, CodeIDFormat, CodeMRZCheckFailed, CodeHolderMismatch}

// weakFact is the weight under which a fact does not flag alone at HIGH
// (0.35): a fact read by OCR that a misreading may explain (a year one
// look-alike digit off, a date read for two fields, a composite check
// digit read unsurely), or one that only corroborates.
const weakFact = 0.35

// settleWeakFacts keeps the strongest of several weak facts and drops
// the others into its detail: each weak fact of an honest scan is a
// misreading of its own (one soft photo misreads a year, a check digit
// and a birth date at once), and three of them (0.15, 0.15, 0.15) would
// add up past HIGH's 0.35 where no one of them says the document was
// changed. A weak fact still corroborates the evidence of other checks.
func settleWeakFacts(s *signals) {
	strongest, n := -1, 0
	for i, sig := range s.list {
		if sig.Weight < weakFact && slices.Contains(factCodes, sig.Code) {
			n++
			if strongest < 0 || sig.Weight > s.list[strongest].Weight {
				strongest = i
			}
		}
	}
	if n < 2 {
		return
	}
	var dropped []string
	kept := s.list[:0]
	for i, sig := range s.list {
		if i != strongest && sig.Weight < weakFact && slices.Contains(factCodes, sig.Code) {
			dropped = append(dropped, fmt.Sprintf("%s %.2f", sig.Code, sig.Weight))
			continue
		}
		kept = append(kept, sig)
	}
	s.list = kept
	for i := range s.list {
		if s.list[i].Weight < weakFact && slices.Contains(factCodes, s.list[i].Code) {
			s.list[i].Detail += fmt.Sprintf("; weaker facts not added to it, a misreading of their own as likely: %s", strings.Join(dropped, ", "))
		}
	}
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
			w, how := 0.50, ""
			if d.readByOCR() {
				w, how = round2(w*ocrFactWeight), " (read by OCR)"
				if d.datePrintedSurely(start, false) && d.datePrintedSurely(exp, true) {
					w, how = 0.50, " (read by OCR, both dates printed and read surely)"
				}
			}
			s.addf(CodeValidityTooLong, w, &SignalEvidence{Field: "expiration_date", Value: exp.Format(time.DateOnly), Expected: fmt.Sprintf("at most %d years after %s", years, start.Format(time.DateOnly))},
				"valid %s to %s, longer than the %d years %s%s", start.Format(time.DateOnly), exp.Format(time.DateOnly), years, who, how)
		}
		return
	}
}

// datePrintedSurely: a page of the document prints t as a date (a
// month and year read as the month's last day when expiry is set, as the
// extractor reads an expiry), every digit of it read by OCR at
// idSureConf or more, or in a text layer. A date a field holds and the
// page prints so was not misread: OCR reads a typed or printed digit at
// 90 and more wrongly far more rarely than a forger extends a card.
func (d *doc) datePrintedSurely(t time.Time, expiry bool) bool {
	return slices.Contains(d.surePrintedDates(expiry), t.Format(time.DateOnly))
}

// checkECardCode: an AHA eCard code is 12 digits, the first two the year
// the eCard was issued (eCards began in 2015), then a 3-digit course code
// and a 7-digit number. The code is judged only where the document calls
// it an eCard code: an AHA training site's own card number is not one.
// Where the page prints a value after (or under) an "eCard Code" caption,
// that value is the code judged: a certificate id the reading took from
// another row (the training center's id) is not the eCard code. Read by
// OCR, the code is judged only where it was read surely (idJudged).
func checkECardCode(d *doc, s *signals) {
	switch d.DocumentType {
	case "bls", "acls", "pals":
	default:
		return
	}
	issuer, _ := d.Fields["issuer"].(string)
	code, _ := d.Fields["certificate_id"].(string)
	// An issuer the reading left out is the AHA's where the page names
	// the Heart Association (or prints its initials): "eCard" is the
	// AHA's word.
	aha := strings.Contains(strings.ToLower(issuer), "american heart") || strings.EqualFold(strings.TrimSpace(issuer), "AHA") ||
		issuer == "" && (d.mentions("heart") || d.mentionsWord("aha"))
	if !aha || !d.mentions("ecard") {
		return
	}
	if printed, ok := labelledECardCode(d.Pages); ok {
		code = printed
	}
	if code == "" || !d.idJudged(code) {
		return
	}
	// Generators print the code grouped by spaces, dashes, dots or
	// slashes, after a '#': none of it is the code's.
	digits := normaliseID(code)
	ocr := d.readByOCR()
	if ocr {
		// OCR reads a 0 as O, a 1 as I or l: the code the card printed.
		digits = idnumber.ZoneDigits(strings.ToUpper(digits))
	}
	w := idFormatWeight(ocr)
	ev := &SignalEvidence{Field: "certificate_id", Value: code, Expected: "12 digits: the 2-digit year of issue, a 3-digit course code, a 7-digit number"}
	if !twelveDigits.MatchString(digits) {
		off := lengthOff(len(digits), 12, 12)
		if strings.Trim(digits, "0123456789") != "" {
			off = 2
		}
		s.addf(CodeIDFormat, d.idWeight(code, off), ev, "the eCard code %s is not an AHA eCard code: it is not 12 digits", code)
		return
	}
	year := 2000 + int(digits[0]-'0')*10 + int(digits[1]-'0')
	if ocr && (year > d.AsOf.Year() || year < 2015) && d.readSurely(code) && !codeYearMisread(d, digits) {
		// Read surely, and no look-alike digit of the code's year gives
		// the card's own year: no misreading made it (a code of 27 on a
		// card issued in 2025).
		w = idSurelyReadWeight
	}
	switch {
	case year > d.AsOf.Year():
		s.addf(CodeIDFormat, w, ev, "the eCard code %s names the year %d, after the as-of date", code, year)
	case year < 2015:
		s.addf(CodeIDFormat, w, ev, "the eCard code %s names the year %d, before the AHA issued eCards (2015)", code, year)
	default:
		issue, ok := date(d.Fields, "issue_date")
		printedIssue := false
		if !ok {
			// The reading left the issue date out: the one the page prints
			// after its caption, read surely, with its expiry.
			issue, _, ok = labelledDates(d.Pages)
			printedIssue = ok
		}
		// The code is made when the eCard is issued; a code claimed early
		// in January may carry the next year.
		if ok && (year < issue.Year() || year > issue.Year()+1) {
			how := ""
			if ocr {
				// Read by OCR, judged only where both the code and the issue
				// date were printed and read surely: a digit of either read
				// unsurely may be the one that set the years apart.
				if !d.readSurely(code) || !printedIssue && !d.datePrintedSurely(issue, false) {
					return
				}
				// A soft photo's digit is misread at 90 and more too: a code
				// that fits the renewal date where the issue date does not
				// is the issue's misreading. A code one look-alike digit off
				// both is judged: a forger's one-digit change looks so too.
				if codeFitsRenewal(d, year, issue) {
					return
				}
				w, how = idSurelyReadWeight, " (read by OCR, both read surely)"
			}
			ev.Expected = fmt.Sprintf("a code of %d (the issue date %s)", issue.Year(), issue.Format(time.DateOnly))
			s.addf(CodeIDFormat, w, ev, "the eCard code %s names the year %d, but the card was issued on %s%s", code, year, issue.Format(time.DateOnly), how)
			return
		}
		// No issue date read: an AHA card's renewal falls two years after
		// its issue, so the code's year is the renewal's year less two
		// (less one for a code claimed early in January).
		exp, okE := date(d.Fields, "expiration_date")
		if ok || !okE || year == exp.Year()-2 || year == exp.Year()-1 {
			return
		}
		how := ""
		if ocr {
			if !d.readSurely(code) || !d.datePrintedSurely(exp, true) {
				return
			}
			w, how = idSurelyReadWeight, " (read by OCR, both read surely)"
		}
		ev.Expected = fmt.Sprintf("a code of %d (renewal in %s)", exp.Year()-2, exp.Format("2006-01"))
		s.addf(CodeIDFormat, w, ev, "the eCard code %s names the year %d, but the card's renewal date %s falls two years after an issue in %d%s",
			code, year, exp.Format(time.DateOnly), exp.Year()-2, how)
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

// anyBoard is the form every board's numbers take, for the states whose
// own numbering is not known: an optional type code (RN, PN, APRN...),
// an optional board code of up to three digits and a type code after it
// (IL "041.", NJ "26NR"), 4 to 10 digits, and at most one letter after
// them (PA's "-L") or a type code (OR's "201512345RN"). Letters among the
// digits, or more digits than any board has licensees, no board issues.
var anyBoard = regexp.MustCompile(`^(?:[A-Z]{1,4})?(?:\d{2,3}(?:NR|NP|RN|PN|LPN)?)?\d{4,10}(?:[A-Z]|` + typeCodes + `)?$`)

// typeCodes are the license type codes a board prints after a number.
const typeCodes = `RN|PN|LPN|NP|APRN|CNS`

// trailingTypeCode is a type code after a number's digits.
var trailingTypeCode = regexp.MustCompile(`(?:` + typeCodes + `)$`)

// classified is a number followed by a classification of its own after a
// hyphen or a space (Utah's "1234567-3102", Wisconsin's "123456-30"): the
// classification is no digit of the number.
var classified = regexp.MustCompile(`^[A-Za-z.# ]*\d{4,10}[- ]\d{2,4}$`)

// checkLicenseNumber judges a nursing license number against its state's
// numbering where the state's is known, and against every board's
// otherwise.
func checkLicenseNumber(d *doc, s *signals) {
	if d.DocumentType != "nursing_license" {
		return
	}
	num, _ := d.Fields["license_number"].(string)
	state, _ := d.Fields["state"].(string)
	f, ok := licenseFormats[strings.ToUpper(strings.TrimSpace(state))]
	if num == "" {
		return
	}
	if !ok {
		n := normaliseID(num)
		if t := strings.TrimSpace(num); classified.MatchString(t) {
			n = normaliseID(t[:strings.LastIndexAny(t, "- ")])
		}
		ocr := d.readByOCR()
		digits := 0
		for _, r := range n {
			if r >= '0' && r <= '9' {
				digits++
			}
		}
		if digits <= 10 && (anyBoard.MatchString(n) || ocr && len(n) > 1 && anyBoard.MatchString(n[:2]+idnumber.ZoneDigits(n[2:]))) || !d.idJudged(num) {
			return
		}
		// Letters among the digits, or digits more than one over any
		// board's count, no misreading of one character explains.
		off := max(digits-10, 0)
		if i := strings.IndexAny(n, "0123456789"); i >= 0 {
			body := n[i:]
			if loc := trailingTypeCode.FindStringIndex(body); loc != nil && loc[0] > 0 {
				body = body[:loc[0]]
			} else if len(body) > 1 && body[len(body)-1] >= 'A' && body[len(body)-1] <= 'Z' {
				body = body[:len(body)-1]
			}
			if strings.Trim(body, "0123456789") != "" {
				off = max(off, 2)
			}
		}
		s.addf(CodeIDFormat, d.idWeight(num, off), &SignalEvidence{Field: "license_number", Value: num, Expected: "a type code, then digits"},
			"license number %s is not in a form any board of nursing uses (a type code such as RN, then digits)", num)
		return
	}
	n := normaliseID(num)
	ocr := d.readByOCR()
	rest := n
	for _, p := range f.prefixes {
		if strings.HasPrefix(n, p) && len(n) > len(p) && n[len(p)] >= '0' && n[len(p)] <= '9' {
			rest = n[len(p):]
			break
		}
	}
	valid := func(r string) bool {
		return len(r) >= f.minDigits && len(r) <= f.maxDigits && strings.Trim(r, "0123456789") == ""
	}
	if valid(rest) || ocr && valid(idnumber.ZoneDigits(rest)) || !d.idJudged(num) {
		return
	}
	off := 2
	if strings.Trim(rest, "0123456789") == "" || ocr && strings.Trim(idnumber.ZoneDigits(rest), "0123456789") == "" {
		// Read by OCR, a look-alike letter among the digits is the digit
		// it looks like: the number is as far off as its digits are.
		off = lengthOff(len(rest), f.minDigits, f.maxDigits)
	}
	s.addf(CodeIDFormat, d.stateIDWeight(num, off, state), &SignalEvidence{Field: "license_number", Value: num, Expected: strings.ToUpper(state) + " numbers licenses " + f.describe},
		"license number %s is not in the form the %s board uses (%s)", num, strings.ToUpper(state), f.describe)
}

// idFormatWeight: an identifier printed in a text layer in a form its
// issuer never issues is a number someone made up (issuers print their
// numbers from their own registers): strong, 0.55, flagging alone at
// MEDIUM. Read by OCR (look-alikes already repaired) the form may still be
// a misreading (a dropped or doubled digit): 0.35, flagging alone only at
// HIGH.
func idFormatWeight(ocr bool) float64 {
	if ocr {
		return 0.35
	}
	return 0.55
}

// wordByOCR: w was read by OCR (no font, or the glyphless font of a
// scan's OCR layer) rather than from a text layer the issuer wrote.
func wordByOCR(w pagetext.Word) bool {
	return w.Font == "" || strings.Contains(strings.ToLower(w.Font), "glyphless")
}

// wordSure: a text layer's word, or an OCR word read at idSureConf and
// more.
func wordSure(w pagetext.Word) bool {
	return !wordByOCR(w) || w.Confidence >= idSureConf
}

// readByOCR: most of the document's words were read by OCR rather than
// from a text layer (see wordByOCR).
func (d *doc) readByOCR() bool {
	ocr, layer := 0, 0
	for _, p := range d.Pages {
		for _, w := range p.Words {
			if wordByOCR(w) {
				ocr++
			} else {
				layer++
			}
		}
	}
	return ocr > layer
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

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

var twelveDigits = regexp.MustCompile(`^\d{12}$`)

// codeYearMisread: one look-alike digit of an eCard code's year (its first
// two digits) gives a year the card may carry: its issue's (or the next,
// a code claimed early in January), or its renewal's less two (or one);
// with neither date read, any year from 2015 to the as-of day's.
func codeYearMisread(d *doc, digits string) bool {
	issue, okI := date(d.Fields, "issue_date")
	exp, okE := date(d.Fields, "expiration_date")
	fits := func(y int) bool {
		switch {
		case okI:
			return y == issue.Year() || y == issue.Year()+1
		case okE:
			return y == exp.Year()-2 || y == exp.Year()-1
		}
		return y >= 2015 && y <= d.AsOf.Year()
	}
	for i := 0; i < 2; i++ {
		for _, c := range []byte(lookAlikeDigits[digits[i]]) {
			y := []byte(digits[:2])
			y[i] = c
			if fits(2000 + int(y[0]-'0')*10 + int(y[1]-'0')) {
				return true
			}
		}
	}
	return false
}
