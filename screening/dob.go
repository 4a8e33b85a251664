package screening

import (
	"strings"
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
	Outcome string `json:"outcome"`
	// Candidate is the candidate's date (YYYY-MM-DD), "" when not given.
	Candidate string `json:"candidate,omitempty"`
}

// checkDOB compares a candidate's date of birth (candText is its
// YYYY-MM-DD form) with every date a record lists, each at its own
// precision. A record contradicts only when every usable date does; a
// date without a year is not usable.
func checkDOB(candidate time.Time, candText string, listed []registry.PartialDate) DOBCheck {
	c := DOBCheck{Candidate: candText}
	usable := false
	for _, d := range listed {
		usable = usable || d.Year > 0
	}
	switch {
	case !usable:
		c.Outcome = DOBUnknown
		return c
	case candidate.IsZero():
		c.Outcome = DOBNotGiven
		return c
	}
	c.Outcome = DOBContradicts
	for _, d := range listed {
		if d.Year <= 0 {
			continue
		}
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

// agreement compares one usable listed date with the candidate's at the
// listed date's precision: DOBMatch, DOBConsistent or DOBContradicts.
func agreement(d registry.PartialDate, c time.Time) string {
	y, m, day := c.Date()
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

// listedDates renders a record's usable dates of birth for a message.
func listedDates(listed []registry.PartialDate) string {
	var b strings.Builder
	for _, d := range listed {
		if d.Year <= 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(d.String())
	}
	return b.String()
}
