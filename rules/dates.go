package rules

import (
	"fmt"
	"regexp"
	"strconv"
	"time"

	"github.com/clearedtostart/compliance/catalog"
)

// judgedDateFields says, per document type, which date a time window
// (within_months, within_days, not_expired_or_within_months) is measured
// from, most preferred first. issue_date is the fallback for every type.
// This table is the one place that knowledge lives: Evaluate and ExpiresAt
// both read it.
//
// A TB skin test is judged on its read date because the result only exists
// once the induration is read, 48-72 hours after administration.
var judgedDateFields = map[string][]string{
	"tb_skin_test":     {"read_date", fieldAdministered},
	"tb_blood_test":    {"collection_date"},
	"chest_xray":       {"exam_date"},
	"tdap_record":      {fieldAdministered},
	"physical_exam":    {"exam_date"},
	"drug_screen":      {"collection_date"},
	"fit_test":         {"test_date"},
	"background_check": {"completed_date"},
	"skills_checklist": {"completed_date"},
	"hipaa_training":   {fieldCompletionDate},
	"osha_training":    {fieldCompletionDate},
}

func judgedDateCandidates(documentType string) []string {
	fields := append([]string(nil), judgedDateFields[documentType]...)
	return appendDistinct(fields, fieldIssueDate)
}

type judged struct {
	dateValue
	field string // the field the date came from, or the preferred one when none is shown
}

// judgedDate returns the first of the type's date fields that the document
// shows. A field that is shown but unreadable decides (as malformed) instead
// of falling through to the next: quietly judging a different date than the
// one the document is dated by could turn a stale record current.
func judgedDate(documentType string, fields map[string]any) judged {
	candidates := judgedDateCandidates(documentType)
	for _, f := range candidates {
		if v := readDate(fields, f); v.state != absent {
			return judged{dateValue: v, field: f}
		}
	}
	return judged{field: candidates[0]}
}

// window is a validity period counted back from as_of.
type window struct {
	months, days int
}

func windowOf(r catalog.Rule) (window, bool) {
	switch r.Name {
	case "within_months", "not_expired_or_within_months":
		return window{months: r.Int}, true
	case "within_days":
		return window{days: r.Int}, true
	}
	return window{}, false
}

// start is the earliest judged date still inside the window on asOf. Months
// are calendar months via AddDate, as the catalog specifies; where the day
// does not exist N months back AddDate rolls forward (as_of 2024-02-29 minus
// 12 months is 2023-03-01), which makes the window a day shorter, never
// longer.
func (w window) start(asOf time.Time) time.Time {
	if w.months > 0 {
		return asOf.AddDate(0, -w.months, 0)
	}
	return asOf.AddDate(0, 0, -w.days)
}

// lastValidDay is the last as_of on which a document dated d is still inside
// the window: d plus the window, since "exactly N months ago" is inside.
// Where AddDate rolls forward past a month's end (2024-02-29 plus 12 months
// is 2025-03-01) the document is already outside on that day, so the day is
// walked back until start agrees; ExpiresAt and Evaluate must never disagree.
func (w window) lastValidDay(d time.Time) time.Time {
	if w.months == 0 {
		return d.AddDate(0, 0, w.days)
	}
	end := d.AddDate(0, w.months, 0)
	for w.start(end).After(d) {
		end = end.AddDate(0, 0, -1)
	}
	return end
}

// String reads "12 months", "10 years" or "30 days": long windows are said
// in years because "120 months" makes a reader do arithmetic.
func (w window) String() string {
	n, unit := w.months, "month"
	switch {
	case w.months == 0:
		n, unit = w.days, "day"
	case w.months > 12 && w.months%12 == 0:
		n, unit = w.months/12, "year"
	}
	if n != 1 {
		unit += "s"
	}
	return fmt.Sprintf("%d %s", n, unit)
}

// seasonStart is August 1 of the influenza season containing asOf; seasons
// run August 1 to July 31.
func seasonStart(asOf time.Time) time.Time {
	y := asOf.Year()
	if asOf.Month() < time.August {
		y--
	}
	return time.Date(y, time.August, 1, 0, 0, 0, 0, time.UTC)
}

func seasonName(start time.Time) string {
	return fmt.Sprintf("%d-%d", start.Year(), start.Year()+1)
}

var seasonPattern = regexp.MustCompile(`^(\d{4})\s*[-/\x{2013}]\s*(\d{4}|\d{2})$`)

// parseSeason reads "2026-2027" (also "2026-27", "2026/2027") as the year
// the season starts. Two years that are not consecutive are malformed
// rather than guessed at.
func parseSeason(s string) (int, bool) {
	m := seasonPattern.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	first, _ := strconv.Atoi(m[1])
	second, _ := strconv.Atoi(m[2])
	if len(m[2]) == 2 {
		second += first / 100 * 100
		if second < first {
			second += 100
		}
	}
	if second != first+1 || first < minYear || first > maxYear {
		return 0, false
	}
	return first, true
}
