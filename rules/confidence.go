package rules

import (
	"fmt"
	"strings"
)

// unsure turns a rule that failed for a missing field into a skipped one
// when the reader did see that field but too unsurely to report it: "the
// card shows no expiry" and "the expiry could not be read surely" call for
// different actions, and only the first is the document's fault.
func (j *judge) unsure(rr RuleResult) RuleResult {
	if rr.Result != Fail || rr.Reason != ReasonMissingField || len(j.in.Uncertain) == 0 {
		return rr
	}
	fields := strings.Split(rr.Field, ",")
	if rr.Field == fieldFullName {
		// A name rule falls back to full_name only when the parts are
		// missing too, so an unsure part is as much the cause.
		fields = append(fields, fieldFirstName, fieldLastName)
	}
	if f, conf, ok := j.firstUncertain(fields...); ok {
		return j.skipUnsure(rr, f, conf)
	}
	return rr
}

// skipUnsure skips a rule because the field it is judged by was read less
// surely than its threshold.
func (j *judge) skipUnsure(rr RuleResult, field string, conf float64) RuleResult {
	rr.Result, rr.Reason, rr.Field, rr.Actual = Skipped, ReasonLowConfidence, field, nil
	rr.Message = fmt.Sprintf("The %s was read with confidence %.2f, below what this field needs, so it was not judged; a person must read it on the document.",
		label(field), conf)
	if conf == 0 {
		// The reader found where the document prints the field (its
		// label or column) but could not read the value at all.
		rr.Message = fmt.Sprintf("The document prints the %s, but it could not be read, so it was not judged; a person must read it on the document.",
			label(field))
	}
	return rr
}

// uncertain reports that the reader saw the field but too unsurely.
func (j *judge) uncertain(field string) bool {
	_, ok := j.in.Uncertain[field]
	return ok
}

// firstUncertain returns the first of fields the reader saw but read too
// unsurely, with its confidence.
func (j *judge) firstUncertain(fields ...string) (string, float64, bool) {
	for _, f := range fields {
		if conf, ok := j.in.Uncertain[f]; ok {
			return f, conf, true
		}
	}
	return "", 0, false
}
