package extract

// Fields a scanned page prints but OCR did not give: a field whose label
// (or table column) stands on a page read by OCR while its value could not
// be read is reported uncertain, with the reason, instead of missing. "The
// card shows no expiry" fails a document; "the expiry printed on the card
// could not be read" is for a person to read, and a rule that needs the
// field is skipped rather than failed.

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
)

// confUnread is the confidence of a field the page labels but whose value
// was not read: below every threshold, so the field is never reported as
// read.
const confUnread = 0

// Unread is the value Result gives a field whose label or column a page
// read by OCR prints but whose value could not be read. Its confidence is
// zero, below every field's threshold, so a caller that keeps only fields
// read surely reports it uncertain and never as a value; Reason says what
// was seen, for the person who must read it.
type Unread struct {
	Reason string `json:"reason"`
}

// nameFields are the holder's name as the types carry it.
var nameFields = []string{"full_name", "first_name", "last_name"}

// unreadCues are the labels that say a field is printed where no list of
// labels read it: a physical's determination, printed as a heading or a
// label ("Clearance", "Work Status"), and a vaccine record's dose table.
var (
	clearanceCues = regexp.MustCompile(`(?i)\b(?:medical\s+)?clearance(?:\s+status)?|\b(?:final\s+|examiner'?s\s+)?determination|\b(?:return\s+to\s+)?work\s+status|\bduty\s+status|\bfit(?:ness)?\s+for\s+duty\b`)
	doseTableCues = regexp.MustCompile(`(?i)\bdose\s*(?:#\s*)?\d\b|\b(?:1st|2nd|3rd)\s+dose\b|\bdose\s+(?:date|number|#)\b|\bdate\s+(?:given|administered)\b|\bvaccine\s+(?:date|given)\b`)
	// blankValue is what a form prints where nobody filled a field in.
	blankValue = regexp.MustCompile(`^[\s_.\-–—:]*(?:n/?a|none|\[\s*\]|\(\s*\))?[\s_.\-–—]*$`)
)

// unreadFieldLabels returns the labels that print a field of type typ,
// or nil for a field read without labels (an issuer, a season).
func unreadFieldLabels(typ, field string) [][]label {
	switch field {
	case "full_name", "first_name", "last_name":
		return [][]label{nameLabels, lastNameLabels, firstNameLabels}
	case "date_of_birth":
		return [][]label{dobLabels}
	case "expiration_date":
		return [][]label{widened(expiryLabels)}
	case "issue_date":
		return [][]label{widened(issueLabels)}
	case "certificate_id":
		return [][]label{widened(certIDLabels)}
	case "training_center":
		return [][]label{widened(trainingCenterLabels)}
	case "license_number":
		if typ == "drivers_license" {
			return [][]label{widened(dlNumberLabels)}
		}
		return [][]label{widened(licenseNumberLabels)}
	case "license_status":
		return [][]label{widened(licenseStatusLabels)}
	case "license_type":
		return [][]label{licenseTypeLabels}
	case "passport_number":
		return [][]label{widened(passportNumberLabels)}
	case "nationality":
		return [][]label{widened(nationalityLabels)}
	case "address":
		return [][]label{widened(addressLabels)}
	case "administered_date":
		return [][]label{widened(administeredLabels)}
	case "read_date":
		return [][]label{widened(readDateLabels)}
	case "induration_mm":
		return [][]label{widened(indurationLabels)}
	case "collection_date":
		return [][]label{widened(collectionLabels)}
	case "exam_date":
		return [][]label{widened(examDateLabels)}
	case "lab":
		return [][]label{widened(labLabels)}
	case "restrictions":
		return [][]label{widened(restrictionLabels)}
	case "test_date":
		return [][]label{widened(testDateLabels)}
	case "respirator_model":
		return [][]label{widened(respiratorLabels)}
	case "vendor":
		return [][]label{widened(vendorLabels)}
	case "completed_date":
		if typ == "background_check" {
			return [][]label{widened(bgDateLabels)}
		}
		return [][]label{checklistDateLabels}
	case "completion_date":
		return [][]label{trainingCompletionLabels}
	case "specialty":
		return [][]label{widened(specialtyLabels)}
	case "titer_date":
		return [][]label{widened(titerDateLabels)}
	case "titer_result":
		return [][]label{widened(titerResultLabels)}
	case "lot_number":
		return [][]label{widened(lotLabels)}
	case "result":
		switch typ {
		case "tb_skin_test":
			return [][]label{widened(tbResultLabels)}
		case "tb_blood_test":
			return [][]label{widened(igraResultLabels)}
		case "chest_xray":
			return [][]label{cxrResultLabels}
		case "drug_screen":
			return [][]label{widened(drugResultLabels)}
		case "fit_test":
			return [][]label{widened(fitResultLabels)}
		case "background_check":
			return [][]label{widened(bgResultLabels)}
		}
	}
	return nil
}

// markUnread reports uncertain, on a document read by OCR, each of the
// type's fields that was not read but whose label or column the page
// prints with something beside it to read.
func (r *reading) markUnread(fields []string) {
	if !r.scanned() {
		return
	}
	named := false
	for _, f := range nameFields {
		named = named || r.has(f)
	}
	for _, f := range fields {
		if r.has(f) {
			continue
		}
		if named && strings.HasSuffix(f, "_name") {
			// Part of a name read whole, or a name read in parts: the
			// name rule has what it needs.
			continue
		}
		var reason string
		switch f {
		case "dose_dates":
			reason = r.unreadDoses()
			if reason == "" && r.strayDoseDates(r.immunizationLines(), nil) > 0 {
				reason = "the page prints dates in its immunization history whose vaccine could not be read"
			}
		case "cleared":
			reason, _ = r.cued(clearanceCues)
		default:
			for _, ls := range unreadFieldLabels(r.typ, f) {
				if at, ok := r.labelled(f, ls); ok {
					reason = at
					break
				}
			}
			if reason == "" && holderName[f] {
				reason = r.unreadCertificateName()
			}
			if reason == "" && f == "result" {
				// A test's record prints its result: on a scan that gave
				// none, the reader lost it.
				reason = "no result of the test could be read on the scan"
			}
			if reason == "" && f == "full_name" {
				// Every document of a holder prints the holder's name:
				// on a scan that gave none, not even under a label the
				// reader knows, the reader lost it.
				reason = "no name of the document's holder could be read on the scan"
			}
			if reason == "" && (f == "completion_date" || f == "expiration_date") {
				reason = r.unreadCourseDate(f)
			}
		}
		if reason != "" {
			r.fields[f] = Unread{Reason: reason}
			r.conf[f] = confUnread
		}
	}
}

// holderName are the fields of the holder's name: a document about a
// person prints the name its label labels, so a scan that shows the label
// with nothing read by it lost the name, however blank the spot looks.
var holderName = map[string]bool{"full_name": true, "first_name": true, "last_name": true}

// labelled returns, where a line read by OCR prints one of labels placed
// as a label (see placedLabel) with something to read beside it (for the
// holder's name, whatever stands by it), a sentence saying so.
func (r *reading) labelled(field string, labels []label) (string, bool) {
	texts := map[string]bool{}
	for _, l := range labels {
		texts[l.text] = true
	}
	d := r.doc
	for i, line := range d.lines {
		if !d.scanned(i) {
			continue
		}
		for _, m := range d.matchesOn(i) {
			if !texts[m.text] || !d.placedLabel(i, m.start, m.end, m.like, m.text) || d.shadowed(i, m.start, m.end, labels) ||
				!holderName[field] && r.blankAt(field, i, m.start, m.end) {
				continue
			}
			return unreadReason(line[m.start:m.end]), true
		}
	}
	return "", false
}

// unreadCertificateName says why a scanned certificate whose holder's
// name was not read prints one: the sentence a certificate prints under
// its holder's name ("... has successfully completed ...") opens a run
// OCR read, so the name over it is printed, in type a scan broke into
// fragments ("M u Ri" over "aria Rivera").
func (r *reading) unreadCertificateName() string {
	lay := newLayoutIndex(r.doc)
	if !lay.ocr {
		return ""
	}
	for _, rn := range lay.runs {
		if certificateSentence(rn.text) {
			return "the page prints the sentence under its holder's name, but the name could not be read"
		}
	}
	return ""
}

// courseDates are the date a training's record or a course's card always
// prints: a transcript's or certificate's completion, a card's renewal.
var courseDates = map[string]string{
	"hipaa_training": "completion_date", "osha_training": "completion_date",
	"bls": "expiration_date", "acls": "expiration_date", "pals": "expiration_date", "nrp": "expiration_date", "tncc": "expiration_date",
}

// unreadCourseDate says why a scanned training record or course card
// whose date field (see courseDates) was not read prints it: a line OCR
// read names the course, and such a record never leaves out that date.
// A transcript's row of the course whose dates OCR lost, a card's renewal
// in type a scan broke, are for a person to read, not absent.
func (r *reading) unreadCourseDate(field string) string {
	subject, ok := courseSubjects[r.typ]
	if !ok || courseDates[r.typ] != field || field == "completion_date" && r.has("expiration_date") || r.formBlank(field) {
		return ""
	}
	for i, line := range r.doc.lines {
		if r.doc.scanned(i) && subject.MatchString(line) {
			return "the page names the course, but its " + strings.ReplaceAll(field, "_", " ") + " could not be read"
		}
	}
	return ""
}

// formBlank reports that the page prints the field's label beside a
// form's blank ("Expiration Date: ________", "N/A"): nobody filled it in.
func (r *reading) formBlank(field string) bool {
	d := r.doc
	for _, ls := range unreadFieldLabels(r.typ, field) {
		texts := map[string]bool{}
		for _, l := range ls {
			texts[l.text] = true
		}
		for i, line := range d.lines {
			for _, m := range d.matchesOn(i) {
				if !texts[m.text] {
					continue
				}
				rest := strings.TrimLeft(line[m.end:], " :")
				if gap := columnGap.FindStringIndex(rest); gap != nil {
					rest = rest[:gap[0]]
				}
				if strings.TrimSpace(rest) != "" && blankValue.MatchString(rest) {
					return true
				}
			}
		}
	}
	return false
}

// cued is labelled for words no reader reads by label (a physical's
// "Clearance", "Work Status"), found as spelt.
func (r *reading) cued(re *regexp.Regexp) (string, bool) {
	d := r.doc
	for i, line := range d.lines {
		if !d.scanned(i) {
			continue
		}
		for _, loc := range re.FindAllStringIndex(line, -1) {
			heading := strings.Trim(line, " :") == strings.TrimSpace(line[loc[0]:loc[1]])
			if wordBoundary(line, loc[0], loc[1]) && (heading || d.placedLabel(i, loc[0], loc[1], labelLike(line, loc[0], loc[1], nil), "")) &&
				!r.blankAt("cleared", i, loc[0], loc[1]) {
				return unreadReason(line[loc[0]:loc[1]]), true
			}
		}
	}
	return "", false
}

func unreadReason(printed string) string {
	return fmt.Sprintf("the page prints %q but its value could not be read", strings.TrimSpace(printed))
}

// placedLabel reports that words at [start, end) of line i stand where
// only a label would: before a colon, on a line of labels (a caption, a
// table's headings), or, placed as a label (like), as a phrase of two
// words or more or before a column gap or a number. A lone word opening a
// line is as often a title's ("Employee Health Services").
func (d *doc) placedLabel(i, start, end int, like bool, text string) bool {
	line := d.lines[i]
	switch {
	case colonAfter(line, end) || d.labelOnly(i):
		return true
	case !like:
		return false
	case len(strings.Fields(text)) >= 2:
		return true
	}
	after := strings.TrimLeft(line[end:], " .#")
	if after == "" {
		return false
	}
	if c := []rune(after)[0]; unicode.IsDigit(c) || strings.HasPrefix(line[end:], "  ") {
		return true
	}
	return d.cellEnd(i, start) <= end+1
}

// blankAt reports that the label at [start, end) of line i labels
// nothing to read: its cell on the line is a form's blank ("____", "N/A",
// an empty box), or, where nothing follows it on its line, the page has
// no words in its column on the next row (or the row before, on a page
// that prints captions under values) but those of values read as other
// fields (a date of birth pushed under the next caption by its width).
func (r *reading) blankAt(field string, i, start, end int) bool {
	d := r.doc
	rest := strings.TrimLeft(d.lines[i][end:], " :")
	if gap := columnGap.FindStringIndex(rest); gap != nil {
		rest = rest[:gap[0]]
	}
	if cell := d.cellEnd(i, start); cell >= end && cell-end < len(d.lines[i][end:]) {
		rest = strings.TrimLeft(d.lines[i][end:cell], " :")
	}
	for _, m := range d.matchesOn(i) {
		// The next heading of a row of them.
		if m.like && m.start >= end && m.start-end <= len(d.lines[i][end:])-len(rest)+1 {
			rest = ""
			break
		}
	}
	if strings.TrimSpace(rest) != "" {
		// Marks OCR could make nothing of ("~;,~") are a value it lost;
		// underscores, dashes and "N/A" a form's blank.
		return blankValue.MatchString(rest)
	}
	words, ok := d.columnWords(i, start, end)
	if !ok {
		// Text without its page's boxes: the value may be anywhere.
		return false
	}
	for _, w := range words {
		if !r.readElsewhere(w, field) {
			return false
		}
	}
	return true
}

// readElsewhere reports that printed text is, as a date, the value of a
// field already read, or, under an event's date label (an exam, a test),
// a date sixteen years or more before the day judged on: a birth date in
// the next column (see birthLikeEventDates).
func (r *reading) readElsewhere(printed, field string) bool {
	v, ok := ParseDate(printed, false)
	if !ok {
		return false
	}
	for _, got := range r.fields {
		if got == v {
			return true
		}
	}
	return eventDates[field] && !r.asOf.IsZero() && v < r.asOf.AddDate(-16, 0, 0).Format(time.DateOnly)
}

// eventDates are the dates of a screening's events, never decades old.
var eventDates = map[string]bool{"exam_date": true, "read_date": true, "administered_date": true, "collection_date": true,
	"test_date": true, "completed_date": true, "completion_date": true, "titer_date": true}

// columnWords returns the text, cell by cell, that the page prints in the
// column of the words at [start, end) of line i on the nearest row under
// them, and over them where captions stand under values or nothing stands
// under them; ok is false where
// the line is not tied to its page.
func (d *doc) columnWords(i, start, end int) (cells []string, ok bool) {
	if !d.hasGeometry(i) {
		return nil, false
	}
	g := d.geo
	var x0, x1, cy, em float64
	page, n := -1, 0
	for _, wi := range g.byLine[i] {
		w := g.words[wi]
		if w.end <= start || w.start >= end {
			continue
		}
		if n == 0 {
			x0, x1, page, em = w.box.X0, w.box.X1, w.page, w.em
		}
		x0, x1 = min(x0, w.box.X0), max(x1, w.box.X1)
		cy += w.cy
		n++
	}
	if n == 0 || em <= 0 {
		return nil, false
	}
	cy /= float64(n)
	row := func(dir float64) []string {
		best := -1.0
		var out []string
		for _, wi := range g.pages[page].words {
			w := g.words[wi]
			dy := (w.cy - cy) * dir
			if dy < 0.6*em || dy > 3.5*em || w.box.X1 <= x0 || w.box.X0 >= x1 {
				continue
			}
			switch {
			case best < 0 || dy < best-0.5*em:
				best, out = dy, []string{w.text}
			case dy <= best+0.5*em:
				out = append(out, w.text)
			}
		}
		return out
	}
	cells = row(1)
	if d.captionsBelow() || len(cells) == 0 {
		// A caption with nothing under it captions the row over it,
		// though the page's other labels stand over their values (an
		// eCard's "Issue Date  Renew By" under its dates).
		cells = append(cells, row(-1)...)
	}
	if len(cells) > 0 {
		cells = []string{strings.Join(cells, " ")}
	}
	return cells, true
}

// unreadDoses says why a vaccine record read by OCR whose dose dates were
// not read has doses to read: a dose row (a lot, a dose's status) or a
// dose table's heading or numbering ("Dose 1", "Date Given") on a line
// OCR read, in a record that names the type's vaccine.
func (r *reading) unreadDoses() string {
	lines := r.immunizationLines()
	named := false
	for _, l := range lines {
		named = named || l.vaccines[r.typ]
	}
	if !named {
		return ""
	}
	section := map[string]bool{}
	for i, l := range lines {
		if !r.doc.scanned(i) {
			continue
		}
		if len(l.vaccines) > 0 {
			section = l.vaccines
		}
		line := r.doc.lines[i]
		if doseRow(l, section[r.typ], r.typ, line) {
			return "the page prints a dose row whose date could not be read"
		}
		if l.titer {
			continue
		}
		if m := doseTableCues.FindString(line); m != "" {
			return fmt.Sprintf("the page prints %q but its dose dates could not be read", strings.TrimSpace(m))
		}
	}
	return ""
}
