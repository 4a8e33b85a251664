// Package extract reads a document's fields from its text, given its
// catalog type.
//
// Fields are read the way issuers print them: by their labels ("Expiration
// Date", "Exp", "Valid Through", "Recommended Renewal Date"...), and, for a
// few kinds, from the document's sentences ("Maria Alvarez / has
// successfully completed", "Valid For 2 Years"). Labels tolerate OCR
// look-alikes, accents and lost spacing. A value is looked for where forms
// put it, in this order:
//
//   - after its label on the same line;
//   - under the label, or over it on documents that print captions under
//     their values; where a row of labels stands over a row of values whose
//     columns the text layer or OCR collapsed, the two rows are matched up
//     by count, by dates, by position and by word;
//   - right after a label word in running text (text layers that run a
//     page into one line);
//   - in a table flattened into one line, a run of headings followed by
//     its row of values.
//
// Each value's confidence says where it came from: 0.95 beside its
// label, about 0.85 under it, 0.7 to 0.8 for captions, running text and
// collapsed rows, 0.6 for guesses (a name line without a label, a result
// derived from the induration, an issue and expiry pair without labels).
//
// The output follows catalog/document-types.yaml exactly: only the type's
// fields, and a field the document does not show is left out, never null
// or "". Dates are YYYY-MM-DD, dose_dates a list of them, induration_mm an
// int, declined and cleared booleans, results lower case in the catalog's
// vocabulary, names as printed (split with namematch.ParseFull). A full
// Social Security number is never returned, by any field.
package extract

import (
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/classify"
	"github.com/clearedtostart/compliance/pagetext"
)

// Result is what was read: field values and how sure each reading is
// (0..1), under the same keys.
type Result struct {
	Fields     map[string]any     `json:"fields"`
	Confidence map[string]float64 `json:"confidence"`
}

// Document is one document to read.
type Document struct {
	// Text is the document's text, its pages joined.
	Text string
	// Pages are the same pages as words with their boxes, in order, where
	// known (nil reads by text alone).
	Pages []pagetext.Page
	// AsOf is the day the document is judged on: a date of birth printed
	// with a two-digit year is the latest that makes the holder at least
	// sixteen that year (a zero AsOf reads every such year as 19xx).
	AsOf time.Time
	// Holder is whom the request says the document is about. It only
	// chooses between names the page really prints: a document of another
	// person still reads as that person.
	Holder Holder
}

// Holder is a person's name from a request's context.
type Holder struct {
	FirstName, MiddleName, LastName string
}

// Extract reads the fields of a document of type docType from its text
// alone (see Read).
func Extract(c *catalog.Catalog, docType string, text string, asOf time.Time) Result {
	return Read(c, docType, Document{Text: text, AsOf: asOf})
}

// Read reads the fields of a document of type docType. An unknown type is
// read as "other".
func Read(c *catalog.Catalog, docType string, d Document) Result {
	t, ok := c.Type(docType)
	if !ok {
		t, _ = c.Type(catalog.OtherType)
	}
	text := d.Text
	pd := newPagedDoc(text, d.Pages)
	pd.asOf = d.AsOf
	r := &reading{doc: pd, norm: " " + classify.Normalize(text) + " ", typ: t.Key, asOf: d.AsOf,
		pages: d.Pages, holder: d.Holder, fields: map[string]any{}, conf: map[string]float64{}}
	if strings.TrimSpace(text) != "" {
		if read, ok := readers[t.Key]; ok {
			read(r)
		} else {
			r.name(false)
		}
		if t.HasField("completion_date") {
			r.courseRowDates("completion_date")
		} else if t.HasField("issue_date") {
			r.courseRowDates("issue_date")
		}
		if t.HasField("expiration_date") {
			r.expiryOverLineEnd()
		}
		if t.HasField("date_of_birth") {
			r.datedBirth()
			r.childBirthDate()
		}
		// Every type's passing readings are doubted alike on a scan
		// (readers that judge their own fields guard them too), and a
		// field the page labels but OCR lost is uncertain, not missing.
		r.scanGuard()
		r.markUnread(t.Fields)
	}
	out := Result{Fields: map[string]any{}, Confidence: map[string]float64{}}
	for _, f := range t.Fields {
		v, ok := r.fields[f]
		if !ok || empty(v) || (f != "ssn_last4" && carriesSSN(v)) {
			continue
		}
		out.Fields[f] = v
		out.Confidence[f] = r.conf[f]
	}
	return out
}

// reading is one document being read.
type reading struct {
	doc    *doc
	norm   string // classify.Normalize of the text, padded with spaces
	typ    string
	asOf   time.Time // the day the document is judged on
	pages  []pagetext.Page
	holder Holder
	fields map[string]any
	conf   map[string]float64
}

func (r *reading) set(name string, v any, conf float64) {
	if _, ok := r.fields[name]; ok || empty(v) {
		return
	}
	r.fields[name] = v
	r.conf[name] = math.Round(min(1, max(0, conf))*1000) / 1000
}

func (r *reading) has(name string) bool {
	_, ok := r.fields[name]
	return ok
}

// lookup sets a field from its labels.
func (r *reading) lookup(name string, labels []label, f finder) bool {
	if v, ok := r.doc.lookup(labels, f); ok {
		r.set(name, v.value, v.conf)
		return true
	}
	return false
}

// lookupText sets a free-text field from its labels, placed as labels.
func (r *reading) lookupText(name string, labels []label, f finder) bool {
	if v, ok := r.doc.lookupPlaced(labels, f); ok {
		r.set(name, v.value, v.conf)
		return true
	}
	return false
}

// name sets the holder's name fields: the holder read by role, with the
// request's name choosing between equals (see readHolder).
func (r *reading) name(guess bool) { r.readHolder(guess) }

// mentions reports whether the text mentions a phrase, compared in
// classify's normal form (case, punctuation and OCR look-alikes folded).
// It returns where, as an offset in r.norm, or -1.
func (r *reading) mentions(phrase string) int {
	return strings.Index(r.norm, " "+classify.Normalize(phrase)+" ")
}

// firstMentioned returns the canonical name of the earliest mentioned of
// known names (an issuer, a lab, a vendor); each entry is a canonical name
// followed by the spellings that mean it. On a scan, where none is found
// as spelt, a spelling of two words or more OCR misspelt by a letter or
// two ("American Heart Associaton") is found too.
func (r *reading) firstMentioned(known [][]string) (string, bool) {
	best, bestAt := "", -1
	for _, k := range known {
		for _, spelling := range k {
			if at := r.mentions(spelling); at >= 0 && (bestAt < 0 || at < bestAt) {
				best, bestAt = k[0], at
			}
		}
	}
	if bestAt >= 0 || !r.scanned() {
		return best, bestAt >= 0
	}
	words := strings.Fields(r.norm)
	for _, k := range known {
		for _, spelling := range k {
			if at := misspeltAt(words, strings.Fields(classify.Normalize(spelling))); at >= 0 && (bestAt < 0 || at < bestAt) {
				best, bestAt = k[0], at
			}
		}
	}
	return best, bestAt >= 0
}

// misspeltAt returns the index in words where phrase stands with a letter
// or two off, or -1: a phrase of two words or more and twelve letters or
// more, two letters off in all (see misspelling).
func misspeltAt(words, phrase []string) int {
	letters := 0
	for _, w := range phrase {
		letters += len(w)
	}
	if len(phrase) < 2 || letters < 12 {
		return -1
	}
	for i := 0; i+len(phrase) <= len(words); i++ {
		if _, ok := misspelling(words[i:i+len(phrase)], phrase, nil, 2); ok {
			return i
		}
	}
	return -1
}

func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return strings.TrimSpace(x) == ""
	case []string:
		return len(x) == 0
	}
	return false
}

// ssnShape is a full Social Security number as printed.
var ssnShape = regexp.MustCompile(`\b\d{3}[- ]\d{2}[- ]\d{4}\b`)

// carriesSSN keeps a full SSN out of every field: one misread label must
// not put it in a license number.
func carriesSSN(v any) bool {
	switch x := v.(type) {
	case string:
		return ssnShape.MatchString(fixDigits(x))
	case []string:
		for _, s := range x {
			if ssnShape.MatchString(fixDigits(s)) {
				return true
			}
		}
	}
	return false
}

// readers read each type's own fields. A type without an entry (one added
// to the catalog later) gets the holder's name only.
var readers = map[string]func(*reading){
	"bls":                  readLifeSupport,
	"acls":                 readLifeSupport,
	"pals":                 readLifeSupport,
	"nrp":                  readLifeSupport,
	"tncc":                 readLifeSupport,
	"nursing_license":      readNursingLicense,
	"drivers_license":      readDriversLicense,
	"passport":             readPassport,
	"social_security_card": readSocialSecurityCard,
	"tb_skin_test":         readTBSkinTest,
	"tb_blood_test":        readTBBloodTest,
	"chest_xray":           readChestXray,
	"mmr_record":           readImmunization,
	"varicella_record":     readImmunization,
	"hepatitis_b_record":   readImmunization,
	"tdap_record":          readImmunization,
	"influenza_vaccine":    readImmunization,
	"covid19_vaccine":      readImmunization,
	"physical_exam":        readPhysicalExam,
	"drug_screen":          readDrugScreen,
	"fit_test":             readFitTest,
	"background_check":     readBackgroundCheck,
	"skills_checklist":     readSkillsChecklist,
	"resume":               readResume,
	"hipaa_training":       readTraining,
	"osha_training":        readTraining,
	"other":                readOther,
}
