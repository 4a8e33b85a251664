package rules

import (
	"fmt"
	"strings"

	"github.com/clearedtostart/compliance/catalog"
)

// checks maps each catalog rule name to its judgement. A rule the catalog
// gains without a check here fails (unknown_rule) instead of passing
// silently; a test keeps this map and catalog.RuleNames in step.
var checks = map[string]func(*judge, catalog.Rule) RuleResult{
	"not_expired":                  (*judge).notExpired,
	"license_status_is":            (*judge).licenseStatusIs,
	"result_is":                    (*judge).resultIs,
	"within_months":                (*judge).within,
	"within_days":                  (*judge).within,
	"immune_or_doses":              (*judge).immuneOrDoses,
	"immune_or_doses_or_declined":  (*judge).immuneOrDoses,
	"current_season_or_declined":   (*judge).currentSeasonOrDeclined,
	"doses_at_least":               (*judge).dosesAtLeast,
	"cleared":                      (*judge).cleared,
	"not_expired_or_within_months": (*judge).notExpiredOrWithinMonths,
}

func (j *judge) rule(r catalog.Rule) RuleResult {
	check, ok := checks[r.Name]
	if !ok {
		return RuleResult{
			Rule: r.Name, Result: Fail, Reason: ReasonUnknownRule,
			Message: fmt.Sprintf("This requirement uses a rule (%s) the service cannot check, so the document cannot be accepted automatically.", r.Name),
		}
	}
	return check(j, r)
}

func (j *judge) notExpired(r catalog.Rule) RuleResult {
	return j.expiry(r.Name)
}

// expiry passes when the document is valid through as_of: a card expiring
// on the as-of day is still good that day.
func (j *judge) expiry(rule string) RuleResult {
	rr := RuleResult{Rule: rule, Field: fieldExpirationDate, Expected: map[string]string{"on_or_after": iso(j.asOf)}}
	exp := readDate(j.in.Fields, fieldExpirationDate)
	if failed, unread := failUnread(rr, exp.state, exp.raw,
		"The document shows no expiration date, so it cannot be confirmed as current.",
		"The expiration date on the document, %s, could not be read as a date, so it cannot be confirmed as current."); unread {
		return failed
	}
	rr.Actual = iso(exp.date)
	if exp.date.Before(j.asOf) {
		rr.Result, rr.Reason = Fail, ReasonExpired
		rr.Message = fmt.Sprintf("The document expired on %s, before the as-of date, %s.", long(exp.date), long(j.asOf))
		return rr
	}
	rr.Result = Pass
	rr.Message = fmt.Sprintf("The document is valid through %s, which covers the as-of date, %s.", long(exp.date), long(j.asOf))
	return rr
}

func (j *judge) within(r catalog.Rule) RuleResult {
	w, _ := windowOf(r)
	return j.withinWindow(r.Name, w)
}

func (j *judge) withinWindow(rule string, w window) RuleResult {
	jd := judgedDate(j.in.DocumentType, j.in.Fields)
	start := w.start(j.asOf)
	rr := RuleResult{Rule: rule, Field: jd.field, Expected: map[string]string{"on_or_after": iso(start), "on_or_before": iso(j.asOf)}}
	for _, f := range judgedDateCandidates(j.in.DocumentType) {
		if f == jd.field {
			break
		}
		if conf, ok := j.in.Uncertain[f]; ok {
			// The date the document is judged by was read unsurely: a
			// later date of another kind (a report's issue date for an
			// exam's) must not pass in its place.
			return j.skipUnsure(rr, f, conf)
		}
	}
	if jd.state == absent {
		// None of the dates is shown surely: one read unsurely may be the
		// date the document is judged by (a skin test's administration
		// where no reading date was read).
		if f, conf, ok := j.firstUncertain(judgedDateCandidates(j.in.DocumentType)...); ok {
			return j.skipUnsure(rr, f, conf)
		}
	}
	if failed, unread := failUnread(rr, jd.state, jd.raw,
		fmt.Sprintf("The document shows no %s, so how recent it is cannot be judged.", j.judgedDateLabels()),
		"The %s on the document, %s, could not be read as a date, so how recent it is cannot be judged.", label(jd.field)); unread {
		return failed
	}
	rr.Actual = iso(jd.date)
	switch {
	case jd.date.After(j.asOf):
		rr.Result, rr.Reason = Fail, ReasonDateInFuture
		rr.Message = fmt.Sprintf("The %s, %s, is after the as-of date, %s; a date that has not happened yet cannot count.", label(jd.field), long(jd.date), long(j.asOf))
	case jd.date.Before(start):
		rr.Result, rr.Reason = Fail, ReasonTooOld
		rr.Message = fmt.Sprintf("The %s, %s, is more than %s before the as-of date, %s; it had to be on or after %s.", label(jd.field), long(jd.date), w, long(j.asOf), long(start))
	default:
		rr.Result = Pass
		rr.Message = fmt.Sprintf("The %s, %s, is within %s before the as-of date, %s.", label(jd.field), long(jd.date), w, long(j.asOf))
	}
	return rr
}

func (j *judge) notExpiredOrWithinMonths(r catalog.Rule) RuleResult {
	if readDate(j.in.Fields, fieldExpirationDate).state != absent {
		return j.expiry(r.Name)
	}
	if conf, ok := j.in.Uncertain[fieldExpirationDate]; ok {
		// An expiry read unsurely may be past: a window counted from
		// another date must not pass in its place.
		return j.skipUnsure(RuleResult{Rule: r.Name}, fieldExpirationDate, conf)
	}
	w, _ := windowOf(r)
	rr := j.withinWindow(r.Name, w)
	if rr.Reason == ReasonMissingField {
		rr.Message = fmt.Sprintf("The document shows no expiration date and no %s, so whether it is current cannot be judged.", j.judgedDateLabels())
	}
	return rr
}

// judgedDateLabels names the dates a window may be judged from, for a
// message saying the document shows none of them.
func (j *judge) judgedDateLabels() string {
	var names []string
	for _, f := range judgedDateCandidates(j.in.DocumentType) {
		names = append(names, label(f))
	}
	return orList(names)
}

func (j *judge) resultIs(r catalog.Rule) RuleResult {
	return j.oneOf(r, fieldResult, ReasonResultNotAccepted)
}

func (j *judge) licenseStatusIs(r catalog.Rule) RuleResult {
	return j.oneOf(r, fieldLicenseStatus, ReasonStatusNotAccepted)
}

// oneOf accepts the field when it equals one of the rule's values, ignoring
// case and surrounding space only: "negative" is accepted, "neg" or
// "negative?" is not, because near misses are for a person to judge.
func (j *judge) oneOf(r catalog.Rule, field, failReason string) RuleResult {
	rr := RuleResult{Rule: r.Name, Field: field, Expected: r.Strings}
	v := readString(j.in.Fields, field)
	if failed, unread := failUnread(rr, v.state, v.raw,
		fmt.Sprintf("The document shows no %s.", label(field)),
		"The %s on the document, %s, could not be read as text.", label(field)); unread {
		return failed
	}
	rr.Actual = v.text
	if acceptedValue(v.text, r.Strings) {
		rr.Result = Pass
		rr.Message = fmt.Sprintf("The %s is %s, which is accepted.", label(field), quote(v.text))
		return rr
	}
	rr.Result, rr.Reason = Fail, failReason
	rr.Message = fmt.Sprintf("The %s is %s; only %s is accepted.", label(field), quote(v.text), orList(quoteAll(r.Strings)))
	return rr
}

func acceptedValue(v string, accepted []string) bool {
	for _, a := range accepted {
		if strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(a)) {
			return true
		}
	}
	return false
}

const titerImmune = "immune"

// titerDecides lists the types whose titer, where the record prints one,
// decides over the doses. After a hepatitis B series an anti-HBs under 10
// mIU/mL is a non-responder, not immune (CDC); two documented MMR or
// varicella doses are evidence of immunity whatever a later titer says.
var titerDecides = map[string]bool{"hepatitis_b_record": true}

// immuneOrDoses serves immune_or_doses and immune_or_doses_or_declined. The
// paths are tried in order of strength of evidence (titer, doses,
// declination) and Actual.path names the one that passed, or "none".
func (j *judge) immuneOrDoses(r catalog.Rule) RuleResult {
	declinable := r.Name == "immune_or_doses_or_declined"
	titer := readString(j.in.Fields, fieldTiterResult)
	doses := readDoses(j.in.Fields, fieldDoseDates, j.asOf)
	declined := readBool(j.in.Fields, fieldDeclined)

	expected := map[string]any{"titer_result": titerImmune, "min_doses": r.Int}
	actual := doseEvidence(doses)
	if titer.state == present {
		actual["titer_result"] = titer.text
	} else if titer.state == malformed {
		actual["titer_result"] = display(titer.raw)
	}
	if declinable {
		expected["or_declined"] = true
		if declined.state != absent {
			actual["declined"] = declinedActual(declined)
		}
	}
	rr := RuleResult{Rule: r.Name, Expected: expected, Actual: actual}
	pass := func(path, field, message string) RuleResult {
		actual["path"] = path
		rr.Result, rr.Field, rr.Message = Pass, field, message
		return rr
	}
	unsureConf, titerUnsure := j.in.Uncertain[fieldTiterResult]
	notImmune := titer.state == present && !strings.EqualFold(titer.text, titerImmune)
	titerFirst := titerDecides[j.in.DocumentType] && (notImmune || titerUnsure)
	switch {
	case titer.state == present && strings.EqualFold(titer.text, titerImmune):
		return pass("titer", fieldTiterResult, "The titer result shows immunity.")
	case declinable && declined.state == present && declined.value:
		return pass("declined", fieldDeclined, "The document is a signed declination, which this requirement accepts.")
	case len(doses.valid) >= r.Int && !titerFirst:
		return pass("doses", fieldDoseDates, fmt.Sprintf("The record shows %s on or before the as-of date; %s.",
			countOf(len(doses.valid), "distinct dose"), required(r.Int)))
	}

	actual["path"] = "none"
	rr.Result = Fail
	switch {
	case titerUnsure && !notImmune:
		// A titer the reader could not read surely may show the immunity
		// the rest does not, or (where the titer decides) deny what the
		// doses suggest: a person must read it.
		rr.Result, rr.Reason, rr.Field, rr.Actual = Skipped, ReasonLowConfidence, fieldTiterResult, nil
		rr.Message = fmt.Sprintf("The titer result was read with confidence %.2f, below what this field needs, so immunity was not judged; a person must read it on the document.", unsureConf)
		return rr
	case notImmune && len(doses.valid) >= r.Int:
		// The doses are recorded, but the record's own titer says they
		// did not make the holder immune (a non-responder): not VALID.
		rr.Reason, rr.Field = ReasonNotImmune, fieldTiterResult
		rr.Message = fmt.Sprintf("Immunity is not shown: the record has %s, but its titer result, %s, does not show immunity.",
			countOf(len(doses.valid), "valid dose date"), quote(titer.text))
		return rr
	case notImmune && !titerDecides[j.in.DocumentType] && doses.state == absent && j.uncertain(fieldDoseDates):
		// Where doses outweigh the titer, doses read unsurely may be
		// enough: a person must read them.
		return j.skipUnsure(rr, fieldDoseDates, j.in.Uncertain[fieldDoseDates])
	case declinable && declined.state == absent && j.uncertain(fieldDeclined):
		// A declination read unsurely passes whatever the doses and the
		// titer lack: a person must read it.
		return j.skipUnsure(rr, fieldDeclined, j.in.Uncertain[fieldDeclined])
	case titer.state == present:
		rr.Reason, rr.Field = ReasonNotImmune, fieldTiterResult
	case len(doses.valid) > 0:
		rr.Reason, rr.Field = ReasonNotEnoughDoses, fieldDoseDates
	case len(doses.future) > 0:
		rr.Reason, rr.Field = ReasonDateInFuture, fieldDoseDates
	case titer.state == malformed:
		rr.Reason, rr.Field = ReasonInvalidValue, fieldTiterResult
	case doses.state == malformed || len(doses.invalid) > 0:
		rr.Reason, rr.Field = ReasonInvalidValue, fieldDoseDates
	case declinable && declined.state == malformed:
		rr.Reason, rr.Field = ReasonInvalidValue, fieldDeclined
	default:
		rr.Reason, rr.Field = ReasonMissingField, fieldDoseDates
	}

	evidence := []string{titerEvidence(titer), dosesEvidence(doses)}
	need := fmt.Sprintf("an immune titer or %s", countOf(r.Int, "dose"))
	if declinable {
		evidence = append(evidence, declinedEvidence(declined))
		need = fmt.Sprintf("an immune titer, %s or a signed declination", countOf(r.Int, "dose"))
	}
	rr.Message = fmt.Sprintf("Immunity is not shown: the document has %s; it needs %s.", andList(evidence), need)
	return rr
}

func (j *judge) dosesAtLeast(r catalog.Rule) RuleResult {
	doses := readDoses(j.in.Fields, fieldDoseDates, j.asOf)
	rr := RuleResult{Rule: r.Name, Field: fieldDoseDates, Expected: map[string]any{"min_doses": r.Int}, Actual: doseEvidence(doses)}
	switch {
	case doses.state == absent:
		rr.Result, rr.Reason, rr.Actual = Fail, ReasonMissingField, nil
		rr.Message = fmt.Sprintf("The document shows no dose dates; at least %s.", required(r.Int))
		return rr
	case len(doses.valid) >= r.Int:
		rr.Result = Pass
		rr.Message = fmt.Sprintf("The record shows %s on or before the as-of date; at least %s.",
			countOf(len(doses.valid), "distinct dose"), required(r.Int))
		return rr
	case len(doses.valid) > 0:
		rr.Reason = ReasonNotEnoughDoses
	case len(doses.future) > 0:
		rr.Reason = ReasonDateInFuture
	case doses.state == malformed || len(doses.invalid) > 0:
		rr.Reason = ReasonInvalidValue
	default:
		rr.Reason = ReasonNotEnoughDoses
	}
	rr.Result = Fail
	rr.Message = fmt.Sprintf("The document has %s; at least %s.", dosesEvidence(doses), required(r.Int))
	return rr
}

func (j *judge) cleared(r catalog.Rule) RuleResult {
	rr := RuleResult{Rule: r.Name, Field: fieldCleared, Expected: r.Bool}
	v := readBool(j.in.Fields, fieldCleared)
	if failed, unread := failUnread(rr, v.state, v.raw,
		"The document does not say whether the examiner cleared the candidate for duty.",
		"Whether the examiner cleared the candidate could not be read (the document gives %s)."); unread {
		return failed
	}
	rr.Actual = v.value
	if v.value != r.Bool {
		rr.Result, rr.Reason = Fail, ReasonNotCleared
		rr.Message = "The examination does not clear the candidate for duty without restriction."
		if !r.Bool {
			rr.Message = "The examination clears the candidate, but this requirement expects it not to."
		}
		return rr
	}
	rr.Result = Pass
	rr.Message = "The examiner cleared the candidate for duty."
	if !r.Bool {
		rr.Message = "The examination does not clear the candidate, as this requirement expects."
	}
	return rr
}

// currentSeasonOrDeclined reads the rule's argument as "a declination is
// accepted", so `current_season_or_declined: false` would require the
// vaccine itself.
func (j *judge) currentSeasonOrDeclined(r catalog.Rule) RuleResult {
	start := seasonStart(j.asOf)
	season := seasonName(start)
	expected := map[string]any{"season": season, "on_or_after": iso(start), "on_or_before": iso(j.asOf)}
	if r.Bool {
		expected["or_declined"] = true
	}
	actual := map[string]any{"path": "none"}
	rr := RuleResult{Rule: r.Name, Expected: expected, Actual: actual}

	declined := readBool(j.in.Fields, fieldDeclined)
	if declined.state != absent {
		actual["declined"] = declinedActual(declined)
	}
	if r.Bool && declined.state == present && declined.value {
		actual["path"] = "declined"
		rr.Result, rr.Field = Pass, fieldDeclined
		rr.Message = "The document is a signed influenza vaccine declination, which this requirement accepts."
		return rr
	}

	adm := readDate(j.in.Fields, fieldAdministered)
	switch adm.state {
	case present:
		rr.Field = fieldAdministered
		actual[fieldAdministered] = iso(adm.date)
		switch {
		case adm.date.After(j.asOf):
			rr.Result, rr.Reason = Fail, ReasonDateInFuture
			rr.Message = fmt.Sprintf("The vaccine date, %s, is after the as-of date, %s; a date that has not happened yet cannot count.", long(adm.date), long(j.asOf))
		case adm.date.Before(start):
			rr.Result, rr.Reason = Fail, ReasonNotCurrentSeason
			rr.Message = fmt.Sprintf("The vaccine was given on %s, before the current %s season began on %s.", long(adm.date), season, long(start))
		default:
			actual["path"] = fieldAdministered
			rr.Result = Pass
			rr.Message = fmt.Sprintf("The vaccine was given on %s, within the current %s season.", long(adm.date), season)
		}
		return rr
	case malformed:
		actual[fieldAdministered] = display(adm.raw)
		rr.Result, rr.Reason, rr.Field = Fail, ReasonInvalidValue, fieldAdministered
		rr.Message = fmt.Sprintf("The vaccine date on the document, %s, could not be read as a date.", quote(display(adm.raw)))
		return rr
	}

	s := readString(j.in.Fields, fieldSeason)
	if s.state != absent {
		rr.Field = fieldSeason
		text := s.text
		if s.state == malformed {
			text = display(s.raw)
		}
		actual[fieldSeason] = text
		y, ok := parseSeason(text)
		switch {
		case !ok:
			rr.Result, rr.Reason = Fail, ReasonInvalidValue
			rr.Message = fmt.Sprintf("The season on the document, %s, could not be read as a season such as %s.", quote(text), quote(season))
		case y != start.Year():
			rr.Result, rr.Reason = Fail, ReasonNotCurrentSeason
			rr.Message = fmt.Sprintf("The record is for the %d-%d season, not the current %s season.", y, y+1, season)
		default:
			actual["path"] = fieldSeason
			rr.Result = Pass
			rr.Message = fmt.Sprintf("The record is for the current %s season; it shows no vaccine date.", season)
		}
		return rr
	}

	rr.Result = Fail
	if r.Bool && declined.state == malformed {
		rr.Reason, rr.Field = ReasonInvalidValue, fieldDeclined
		rr.Message = fmt.Sprintf("The document shows no vaccine date or season, and whether the candidate declined could not be read (the document gives %s).", quote(display(declined.raw)))
		return rr
	}
	if f, conf, ok := j.firstUncertain(fieldAdministered, fieldSeason, fieldDeclined); ok && (f != fieldDeclined || r.Bool) {
		// A vaccine date, a season or a declination read unsurely may be
		// the one that shows vaccination: a person must read it.
		return j.skipUnsure(rr, f, conf)
	}
	rr.Reason, rr.Field = ReasonMissingField, fieldAdministered
	rr.Message = "The document shows no vaccine date or season"
	if r.Bool {
		rr.Message += ", and no signed declination"
	}
	rr.Message += fmt.Sprintf(", so current-season (%s) vaccination cannot be confirmed.", season)
	return rr
}

// doseEvidence is a dose list as it was judged, for Actual.
func doseEvidence(d doseCount) map[string]any {
	ev := map[string]any{}
	if d.state == malformed {
		ev["dose_dates"] = display(d.raw)
		return ev
	}
	ev["valid_doses"] = len(d.valid)
	if len(d.valid) > 0 {
		ev["valid_dose_dates"] = d.valid
	}
	if len(d.future) > 0 {
		ev["future_dose_dates"] = d.future
	}
	if len(d.invalid) > 0 {
		ev["unreadable_dose_dates"] = d.invalid
	}
	return ev
}

func declinedActual(v boolValue) any {
	if v.state == present {
		return v.value
	}
	return display(v.raw)
}

func titerEvidence(v stringValue) string {
	switch v.state {
	case present:
		return "a titer result of " + quote(v.text)
	case malformed:
		return "an unreadable titer result"
	}
	return "no titer result"
}

func dosesEvidence(d doseCount) string {
	switch d.state {
	case absent:
		return "no dose dates"
	case malformed:
		return "an unreadable list of dose dates"
	}
	s := "no valid dose dates"
	if len(d.valid) > 0 {
		s = countOf(len(d.valid), "valid dose date")
	}
	var extra []string
	if len(d.future) > 0 {
		extra = append(extra, fmt.Sprintf("%d after the as-of date", len(d.future)))
	}
	if len(d.invalid) > 0 {
		extra = append(extra, fmt.Sprintf("%d unreadable", len(d.invalid)))
	}
	if len(extra) > 0 {
		s += " (not counted: " + strings.Join(extra, ", ") + ")"
	}
	return s
}

func declinedEvidence(v boolValue) string {
	switch {
	case v.state == malformed:
		return "an unreadable declination field"
	case v.state == present && v.value:
		return "a signed declination"
	}
	return "no signed declination"
}

func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// required reads "1 dose is required" or "3 doses are required".
func required(n int) string {
	if n == 1 {
		return "1 dose is required"
	}
	return fmt.Sprintf("%d doses are required", n)
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote(s)
	}
	return out
}

func orList(items []string) string  { return joinList(items, "or") }
func andList(items []string) string { return joinList(items, "and") }

func joinList(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	case 2:
		return items[0] + " " + conj + " " + items[1]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}
