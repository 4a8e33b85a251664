package fraud

import (
	"regexp"
	"time"
)

// A laboratory's result is reported after its specimen is collected: a
// drug screen, a blood test for tuberculosis, a titer. The reading keeps
// the collection date only; a forger who moved the collection to a recent
// day (or the report back) left the report before it. The page's own
// captions are read: the date printed after (or under) a collection
// caption and the one after a report caption (reported, resulted,
// received, verified), each read surely and printed once.

var (
	collectedLabel = regexp.MustCompile(`(?i)\b(?:date\s+(?:of\s+)?collect(?:ion|ed)|collect(?:ion|ed)(?:\s+(?:date|on))?|specimen\s+collected|date\s+drawn|drawn(?:\s+on)?)\b[:.]?`)
	reportedLabel  = regexp.MustCompile(`(?i)\b(?:date\s+(?:of\s+)?(?:report|result|receipt)|date\s+(?:reported|resulted|received|verified)|reported(?:\s+(?:date|on))?|report\s+date|result(?:ed)?\s+(?:date|on)|resulted|received(?:\s+(?:date|on))?|(?:mro\s+)?verified(?:\s+(?:date|on))?|final\s+report(?:\s+date)?)\b[:.]?`)
)

// labTypes are the documents a laboratory reports on a specimen (not an
// immunization record's titer: its "Date Received" is a dose's).
var labTypes = map[string]bool{"drug_screen": true, "tb_blood_test": true}

// labReportWithin is how long after its collection a specimen's report
// comes, at most, for a misreading's repair to be taken as the printed
// dates: days, a few weeks for a culture.
const labReportWithin = 30 * 24 * time.Hour

// checkReportedBeforeCollected flags a laboratory report whose page
// prints its report before the specimen's collection. Read by OCR, a
// look-alike digit of either date that puts the report up to
// labReportWithin after the collection is taken for the misreading it
// may be.
func checkReportedBeforeCollected(d *doc, s *signals) {
	if !labTypes[d.DocumentType] || s.has(CodeExpiresBeforeIssue) {
		return
	}
	collected, reported, ok := labelledPair(d.Pages, collectedLabel, reportedLabel)
	if !ok || !reported.Before(collected) {
		return
	}
	if d.readByOCR() && d.inOrderOnceRepaired(collected, reported, labReportWithin) {
		return
	}
	s.addf(CodeExpiresBeforeIssue, 0.50, &SignalEvidence{Field: "printed_dates", Value: reported.Format(time.DateOnly), Expected: "on or after the collection on " + collected.Format(time.DateOnly)},
		"the page prints a report of %s, before the specimen's collection on %s it prints%s", reported.Format(time.DateOnly), collected.Format(time.DateOnly), readHow(d))
}
