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
	for _, f := range fields {
		conf, ok := j.in.Uncertain[f]
		if !ok {
			continue
		}
		rr.Result, rr.Reason, rr.Field = Skipped, ReasonLowConfidence, f
		rr.Actual = nil
		rr.Message = fmt.Sprintf("The %s was read with confidence %.2f, below what this field needs, so it was not judged; a person must read it on the document.",
			label(f), conf)
		return rr
	}
	return rr
}
