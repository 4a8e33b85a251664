package screening

import (
	"time"

	"github.com/clearedtostart/compliance/registry"
)

// Date-of-birth outcomes.
const (
	// DOBMatch: a listed date agrees to the day.
	DOBMatch = "match"
	// DOBConsistent: a listed date agrees at its own, coarser precision
	// (month, year, circa, range).
	DOBConsistent = "consistent"
	// DOBContradicts: every listed date disagrees with the candidate's.
	DOBContradicts = "contradicts"
	// DOBUnknown: the record lists no usable date of birth.
	DOBUnknown = "unknown"
	// DOBNotGiven: the candidate gave no date of birth.
	DOBNotGiven = "not_given"
)

// DOBCheck compares the candidate's date of birth with the record's.
type DOBCheck struct {
	Outcome   string   `json:"outcome"`
	Candidate string   `json:"candidate,omitempty"`
	Listed    []string `json:"listed,omitempty"`
}

// checkDOB compares a candidate's date of birth with every date a record
// lists, each at its own precision. A record contradicts only when every
// usable date does; a date without a year is not usable.
func checkDOB(candidate time.Time, listed []registry.PartialDate) DOBCheck {
	c := DOBCheck{}
	for _, d := range listed {
		if d.Year > 0 {
			c.Listed = append(c.Listed, d.String())
		}
	}
	if !candidate.IsZero() {
		c.Candidate = candidate.Format(time.DateOnly)
	}
	switch {
	case len(c.Listed) == 0:
		c.Outcome = DOBUnknown
		return c
	case candidate.IsZero():
		c.Outcome = DOBNotGiven
		return c
	}
	c.Outcome = DOBContradicts
	for _, d := range listed {
		switch agreement(d, candidate) {
		case DOBMatch:
			c.Outcome = DOBMatch
		case DOBConsistent:
			if c.Outcome != DOBMatch {
				c.Outcome = DOBConsistent
			}
		}
	}
	return c
}

// agreement compares one listed date with the candidate's at the listed
// date's precision: DOBMatch, DOBConsistent or DOBContradicts (also for
// an unusable listed date, which checkDOB does not count as one).
func agreement(d registry.PartialDate, c time.Time) string {
	y, m, day := c.Date()
	if d.Year <= 0 {
		return DOBContradicts
	}
	precision := d.Precision
	// A precision the list did not fill in (or filled in beyond its
	// fields) follows the fields given.
	switch {
	case precision == registry.PrecisionDay && (d.Month == 0 || d.Day == 0),
		precision == registry.PrecisionMonth && d.Month == 0,
		precision == "":
		switch {
		case d.Month > 0 && d.Day > 0:
			precision = registry.PrecisionDay
		case d.Month > 0:
			precision = registry.PrecisionMonth
		default:
			precision = registry.PrecisionYear
		}
	}
	agree := false
	switch precision {
	case registry.PrecisionDay:
		if d.Year == y && d.Month == int(m) && d.Day == day {
			return DOBMatch
		}
	case registry.PrecisionMonth:
		agree = d.Year == y && d.Month == int(m)
	case registry.PrecisionCirca:
		agree = y >= d.Year-registry.CircaYears && y <= d.Year+registry.CircaYears
	case registry.PrecisionRange:
		from, to := d.Year, d.ToYear
		if to < from {
			from, to = to, from
		}
		if from <= 0 {
			from = to
		}
		agree = y >= from && y <= to
	default: // year
		agree = d.Year == y
	}
	if agree {
		return DOBConsistent
	}
	return DOBContradicts
}
