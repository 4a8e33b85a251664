package main

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/clearedtostart/compliance/internal/accents"
)

// The step of the pipeline a field was lost at, as far as the outcome
// tells. The counts say which step to work on without anyone opening the
// documents: a field of a document typed wrong is lost to classification
// whatever its reading, and a value OCR never produced is lost before any
// extractor could take it.
const (
	stepSplit     = "split wrong (the document's pages not one segment)"
	stepType      = "typed wrong"
	stepUncertain = "read, left uncertain (below its threshold)"
	stepWrong     = "read wrong"
	stepInText    = "missed, the printed value is in the page's text"
	stepNotInText = "missed, the printed value is not in the page's text"
)

// lossSteps orders the steps as the pipeline meets them.
var lossSteps = []string{stepSplit, stepType, stepNotInText, stepInText, stepUncertain, stepWrong}

// lossStep is the step a field that was not read right was lost at.
// segFound is false when no segment had the document's pages; text is
// what its pages read as (their text layer or OCR).
func lossStep(segFound, typed, present, uncertain bool, text string, field string, want any) string {
	switch {
	case !segFound:
		return stepSplit
	case !typed:
		return stepType
	case present:
		return stepWrong
	case uncertain:
		return stepUncertain
	case printedIn(text, field, want):
		return stepInText
	}
	return stepNotInText
}

// printedIn reports whether want appears in text in a form a reader
// could have taken it from, case, accents, spaces and punctuation aside.
// It over-counts rather than under-counts a value as printed (a short
// number may occur by chance), so "not in the text" is the surer count.
// A date is looked for in the forms documents print dates in.
func printedIn(text, field string, want any) bool {
	hay := squeeze(text)
	switch v := want.(type) {
	case string:
		if d, err := time.Parse(time.DateOnly, v); err == nil {
			return dateIn(hay, d)
		}
		return stringIn(hay, v)
	case []string:
		all := make([]any, len(v))
		for i, s := range v {
			all[i] = s
		}
		return printedIn(text, field, all)
	case []any:
		for _, s := range v {
			if !printedIn(text, field, s) {
				return false
			}
		}
		return len(v) > 0
	case bool:
		// A yes/no field is a reading of words (a result, a box ticked),
		// never a printed value of its own.
		return false
	default:
		return stringIn(hay, fmt.Sprint(v))
	}
}

// stringIn finds a value whole, or each of its words where the page
// prints them apart ("ALVAREZ, MARIA L" for "Maria L Alvarez").
func stringIn(hay, v string) bool {
	w := squeeze(v)
	if w == "" {
		return false
	}
	if strings.Contains(hay, w) {
		return true
	}
	words := strings.FieldsFunc(accents.Fold(strings.ToLower(v)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	if len(words) < 2 {
		return false
	}
	for _, word := range words {
		if !strings.Contains(hay, word) {
			return false
		}
	}
	return true
}

// dateForms are the layouts dates are printed in, day-first and
// month-first alike.
var dateForms = []string{
	"2006-01-02", "01/02/2006", "1/2/2006", "01/02/06", "1/2/06", "02/01/2006", "2/1/2006", "02/01/06",
	"Jan 2 2006", "January 2 2006", "2 Jan 2006", "02 Jan 2006", "2 January 2006", "02 January 2006",
	"Jan 02 2006", "January 02 2006", "2006 Jan 02", "2006/01/02", "01 2006", "Jan 2006", "January 2006",
}

func dateIn(hay string, d time.Time) bool {
	for _, f := range dateForms {
		if strings.Contains(hay, squeeze(d.Format(f))) {
			return true
		}
	}
	return false
}

// squeeze lowercases and folds accents, keeping letters and digits only.
func squeeze(s string) string {
	s = accents.Fold(strings.ToLower(s))
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
