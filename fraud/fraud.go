// Package fraud judges whether a document looks forged or altered. Each
// check yields an explainable signal with a weight; the signals combine into
// a score (a noisy-OR: independent pieces of evidence reinforce each other
// without exceeding 1), and the account's sensitivity sets the score at
// which a document is called fraudulent.
//
// This is the first set of signals: the file's own history (editing tools,
// incremental updates, modification long after creation) and facts that
// cannot be true (expiry before issue, dates in the future, validity longer
// than the issuer grants). Font, image and cross-candidate checks join later
// without changing the verdict's shape.
//
// The day "in the future" and a holder's age are measured from is the
// caller's Evidence.AsOf; this package never reads the clock. Assess panics
// when it is zero: judged on year 1 every date would look like a forgery,
// and skipping the date checks instead would call an altered document
// clean.
package fraud

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"
)

// Result values.
const (
	Clean      = "clean"
	Fraudulent = "fraudulent"
)

// Sensitivity tiers and the score at which each calls a document fraudulent.
var thresholds = map[string]float64{
	"LOW":    0.70,
	"MEDIUM": 0.50,
	"HIGH":   0.35,
}

// Threshold returns the fraudulent-from score of a sensitivity (MEDIUM when
// unknown).
func Threshold(sensitivity string) float64 {
	if t, ok := thresholds[strings.ToUpper(sensitivity)]; ok {
		return t
	}
	return thresholds["MEDIUM"]
}

// FileMeta is what the file says about its own making.
type FileMeta struct {
	Producer     string
	Creator      string
	CreationDate string // PDF date string, e.g. D:20260101120000Z
	ModDate      string
	Revisions    int
	// FromImage is true for uploads that were images: no PDF history.
	FromImage bool
}

// Evidence is everything the checks look at for one document.
type Evidence struct {
	File         FileMeta
	DocumentType string
	Fields       map[string]any
	// AsOf is the day the document is judged on; it is required.
	AsOf time.Time
}

// Signal is one reason for suspicion.
type Signal struct {
	Code   string  `json:"code"`
	Weight float64 `json:"weight"`
	Detail string  `json:"detail"`
}

// Verdict is the judgement of one document.
type Verdict struct {
	Result    string   `json:"result"`
	Score     float64  `json:"score"`
	Threshold float64  `json:"threshold"`
	Signals   []Signal `json:"signals"`
}

// editors are tools that edit existing PDFs or images; issuers do not
// produce certificates with them.
var editors = []string{
	"photoshop", "gimp", "pdfescape", "ilovepdf", "smallpdf", "sejda", "pdf-xchange editor",
	"phantompdf", "foxit pdf editor", "nitro pro", "pdfelement", "wondershare", "canva", "pixlr",
	"inkscape", "pdf candy", "pdffiller", "dochub", "pdfsimpli", "formswift", "paint.net", "affinity",
}

// Assess runs every check and returns the verdict for a sensitivity. It
// panics when ev.AsOf is zero (see the package documentation).
func Assess(ev Evidence, sensitivity string) Verdict {
	if ev.AsOf.IsZero() {
		panic("fraud: Assess needs an as-of date (Evidence.AsOf is zero); the caller decides the day documents are judged on")
	}
	var signals []Signal
	add := func(code string, w float64, detail string, args ...any) {
		signals = append(signals, Signal{Code: code, Weight: w, Detail: fmt.Sprintf(detail, args...)})
	}
	if !ev.File.FromImage {
		tool := strings.ToLower(ev.File.Producer + " " + ev.File.Creator)
		for _, e := range editors {
			if strings.Contains(tool, e) {
				add("editing_software", 0.45, "the PDF was last written by an editing tool (%s)", strings.TrimSpace(ev.File.Producer+" "+ev.File.Creator))
				break
			}
		}
		if ev.File.Revisions > 1 {
			add("incremental_update", 0.25, "the PDF was changed after it was first saved (%d revisions)", ev.File.Revisions)
		}
		created, okC := pdfDate(ev.File.CreationDate)
		modified, okM := pdfDate(ev.File.ModDate)
		if okC && okM && modified.Sub(created) > 48*time.Hour {
			add("modified_after_creation", 0.20, "the PDF was modified %d days after it was created", int(modified.Sub(created).Hours()/24))
		}
	}
	asOf := ev.AsOf
	issue, okI := date(ev.Fields, "issue_date")
	exp, okE := date(ev.Fields, "expiration_date")
	if okI && okE && exp.Before(issue) {
		add("expires_before_issue", 0.60, "expiration date %s is before issue date %s", exp.Format(time.DateOnly), issue.Format(time.DateOnly))
	}
	for _, f := range []string{"issue_date", "administered_date", "read_date", "collection_date", "exam_date", "test_date", "completed_date", "completion_date"} {
		if d, ok := date(ev.Fields, f); ok && d.After(asOf.AddDate(0, 0, 1)) {
			add("date_in_future", 0.50, "%s %s is in the future", f, d.Format(time.DateOnly))
			break
		}
	}
	if dob, ok := date(ev.Fields, "date_of_birth"); ok {
		age := asOf.Sub(dob).Hours() / 24 / 365.25
		if age < 16 || age > 100 {
			add("implausible_birth_date", 0.40, "date of birth %s gives an age of %.0f", dob.Format(time.DateOnly), age)
		}
	}
	if maxYears, ok := maxValidity[ev.DocumentType]; ok && okI && okE {
		if exp.After(issue.AddDate(maxYears, 1, 0)) {
			add("validity_too_long", 0.50, "valid %s to %s, longer than the %d years the issuer grants", issue.Format(time.DateOnly), exp.Format(time.DateOnly), maxYears)
		}
	}
	if r, _ := ev.Fields["induration_mm"].(int); r < 0 || r > 60 {
		add("implausible_value", 0.40, "induration of %d mm is not a possible reading", r)
	}

	sort.SliceStable(signals, func(i, j int) bool { return signals[i].Weight > signals[j].Weight })
	keep := 1.0
	for _, s := range signals {
		keep *= 1 - s.Weight
	}
	score := math.Round((1-keep)*1000) / 1000
	v := Verdict{Result: Clean, Score: score, Threshold: Threshold(sensitivity), Signals: signals}
	if v.Signals == nil {
		v.Signals = []Signal{}
	}
	if score >= v.Threshold {
		v.Result = Fraudulent
	}
	return v
}

// maxValidity is how many years an issuer's card is valid at most.
var maxValidity = map[string]int{"bls": 2, "acls": 2, "pals": 2, "nrp": 2, "tncc": 4}

func date(fields map[string]any, name string) (time.Time, bool) {
	s, ok := fields[name].(string)
	if !ok {
		return time.Time{}, false
	}
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

// pdfDate parses the PDF date format D:YYYYMMDDHHmmSS with an optional zone.
func pdfDate(s string) (time.Time, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "D:")
	if len(s) < 8 {
		return time.Time{}, false
	}
	layouts := []string{"20060102150405", "200601021504", "2006010215", "20060102"}
	for _, l := range layouts {
		if len(s) >= len(l) {
			if t, err := time.Parse(l, s[:len(l)]); err == nil {
				return t, true
			}
		}
	}
	return time.Time{}, false
}
