package rules

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Field names the rules read. Names come from catalog/document-types.yaml.
const (
	fieldFullName       = "full_name"
	fieldFirstName      = "first_name"
	fieldMiddleName     = "middle_name"
	fieldLastName       = "last_name"
	fieldDateOfBirth    = "date_of_birth"
	fieldExpirationDate = "expiration_date"
	fieldCompletionDate = "completion_date"
	fieldIssueDate      = "issue_date"
	fieldAdministered   = "administered_date"
	fieldResult         = "result"
	fieldLicenseStatus  = "license_status"
	fieldTiterResult    = "titer_result"
	fieldDoseDates      = "dose_dates"
	fieldDeclined       = "declined"
	fieldCleared        = "cleared"
	fieldSeason         = "season"
)

// presence says how far a field could be read. Rules treat absent and
// malformed alike (the rule cannot be satisfied) but report them with
// different reasons, because "the card shows no expiry" and "the expiry was
// misread" send a specialist to different places.
type presence int

const (
	absent presence = iota
	malformed
	present
)

// rawField returns a field's value, treating nil, blank strings and empty
// lists as absent: extraction leaves unshown fields out, but values that
// went through other hands may arrive empty instead.
func rawField(fields map[string]any, name string) (any, bool) {
	v, ok := fields[name]
	if !ok || v == nil {
		return nil, false
	}
	switch x := v.(type) {
	case string:
		if strings.TrimSpace(x) == "" {
			return nil, false
		}
	case []string:
		if len(x) == 0 {
			return nil, false
		}
	case []any:
		if len(x) == 0 {
			return nil, false
		}
	}
	return v, true
}

// display renders a raw value for a message or an Actual, so that whatever
// extraction produced is shown as text rather than as a Go value.
func display(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case time.Time:
		return x.Format(time.DateOnly)
	default:
		return fmt.Sprint(v)
	}
}

// failMissing fails a rule whose field the document does not show.
func failMissing(rr RuleResult, message string) RuleResult {
	rr.Result, rr.Reason, rr.Message = Fail, ReasonMissingField, message
	return rr
}

// failUnreadable fails a rule whose field the document shows but that
// cannot be read: Actual is the value as printed, and the value, quoted,
// fills the last verb of format (after args).
func failUnreadable(rr RuleResult, raw any, format string, args ...any) RuleResult {
	rr.Result, rr.Reason, rr.Actual = Fail, ReasonInvalidValue, display(raw)
	rr.Message = fmt.Sprintf(format, append(args, quote(display(raw)))...)
	return rr
}

// failUnread fails a rule whose field is absent (failMissing, with
// missing) or malformed (failUnreadable, with the format unreadable and its
// args); unread reports whether it did, so a present field goes on to be judged.
func failUnread(rr RuleResult, state presence, raw any, missing, unreadable string, args ...any) (failed RuleResult, unread bool) {
	switch state {
	case absent:
		return failMissing(rr, missing), true
	case malformed:
		return failUnreadable(rr, raw, unreadable, args...), true
	}
	return rr, false
}

type dateValue struct {
	state presence
	date  time.Time
	raw   any
}

func readDate(fields map[string]any, name string) dateValue {
	v, ok := rawField(fields, name)
	if !ok {
		return dateValue{state: absent}
	}
	d, ok := parseDateValue(v)
	if !ok {
		return dateValue{state: malformed, raw: v}
	}
	return dateValue{state: present, date: d, raw: v}
}

// Years outside this range are misreadings (an OCR'd "2926" for "2026"),
// not dates a compliance document prints; taken at face value a far-future
// expiry would pass not_expired.
const minYear, maxYear = 1900, 2199

func parseDateValue(v any) (time.Time, bool) {
	var d time.Time
	switch x := v.(type) {
	case string:
		t, err := time.Parse(time.DateOnly, strings.TrimSpace(x))
		if err != nil {
			return time.Time{}, false
		}
		d = t
	case time.Time:
		d = dateOf(x)
	default:
		return time.Time{}, false
	}
	if d.Year() < minYear || d.Year() > maxYear {
		return time.Time{}, false
	}
	return d, true
}

type stringValue struct {
	state presence
	text  string // trimmed
	raw   any
}

func readString(fields map[string]any, name string) stringValue {
	v, ok := rawField(fields, name)
	if !ok {
		return stringValue{state: absent}
	}
	s, ok := v.(string)
	if !ok {
		return stringValue{state: malformed, raw: v}
	}
	return stringValue{state: present, text: strings.TrimSpace(s), raw: v}
}

type boolValue struct {
	state presence
	value bool
	raw   any
}

// readBool accepts a bool and the words extraction and forms use for one.
// Anything else is malformed rather than false, so "N/A" in a cleared box
// is reported as unreadable, not as a clear "no".
func readBool(fields map[string]any, name string) boolValue {
	v, ok := rawField(fields, name)
	if !ok {
		return boolValue{state: absent}
	}
	switch x := v.(type) {
	case bool:
		return boolValue{state: present, value: x, raw: v}
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true", "yes":
			return boolValue{state: present, value: true, raw: v}
		case "false", "no":
			return boolValue{state: present, value: false, raw: v}
		}
	}
	return boolValue{state: malformed, raw: v}
}

// doseCount is what a dose_dates list holds once judged against as_of.
type doseCount struct {
	state   presence
	valid   []string // distinct dates on or before as_of, ISO, ascending
	future  []string // distinct dates after as_of
	invalid []string // entries that are not dates, as printed
	raw     any
}

// readDoses counts distinct dose dates. The same date listed twice is one
// dose (records often repeat a row), and a date after as_of cannot be a
// dose already given.
func readDoses(fields map[string]any, name string, asOf time.Time) doseCount {
	v, ok := rawField(fields, name)
	if !ok {
		return doseCount{state: absent}
	}
	var entries []any
	switch x := v.(type) {
	case []string:
		for _, s := range x {
			entries = append(entries, s)
		}
	case []any:
		entries = x
	default:
		return doseCount{state: malformed, raw: v}
	}
	dc := doseCount{state: present, raw: v}
	for _, e := range entries {
		d, ok := parseDateValue(e)
		switch {
		case !ok:
			dc.invalid = append(dc.invalid, display(e))
		case d.After(asOf):
			dc.future = appendDistinct(dc.future, d.Format(time.DateOnly))
		default:
			dc.valid = appendDistinct(dc.valid, d.Format(time.DateOnly))
		}
	}
	slices.Sort(dc.valid)
	slices.Sort(dc.future)
	return dc
}

func appendDistinct(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// label turns a field name into words for a message.
func label(field string) string {
	return strings.ReplaceAll(field, "_", " ")
}

// long formats a date for a sentence; ISO dates stay in Expected/Actual.
func long(d time.Time) string {
	return d.Format("January 2, 2006")
}

func iso(d time.Time) string {
	return d.Format(time.DateOnly)
}

func quote(s string) string {
	return `"` + s + `"`
}
