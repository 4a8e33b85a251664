package rules

import (
	"fmt"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/namematch"
)

// judge holds what every rule of one evaluation reads.
type judge struct {
	cat  *catalog.Catalog
	in   Input
	asOf time.Time
}

// typeDescription completes "The document is ...".
func (j *judge) typeDescription(key string) string {
	if key == catalog.OtherType || key == "" {
		return "of no known type"
	}
	t, ok := j.cat.Type(key)
	if !ok || t.Name == "" {
		return "of type " + quote(key)
	}
	return article(t.Name) + " " + t.Name
}

func article(s string) string {
	if s != "" && strings.ContainsRune("AEIOUaeiou", rune(s[0])) {
		return "an"
	}
	return "a"
}

func (j *judge) documentType(req *catalog.Requirement) RuleResult {
	rr := RuleResult{Rule: RuleDocumentType, Field: "document_type", Expected: req.Accepts, Actual: j.in.DocumentType}
	if IsCandidate(req, j.in.DocumentType) {
		rr.Result = Pass
		rr.Message = fmt.Sprintf("The document is %s, which this requirement accepts.", j.typeDescription(j.in.DocumentType))
		return rr
	}
	rr.Result, rr.Reason = Fail, ReasonWrongDocumentType
	rr.Message = fmt.Sprintf("The document is %s, but the %s requirement accepts only these document types: %s.",
		j.typeDescription(j.in.DocumentType), req.Key, strings.Join(req.Accepts, ", "))
	return rr
}

// documentName is the holder's name as the document gives it. Separate
// first/last fields win over full_name because they carry the document's
// own split; full_name is parsed only when they are not both shown.
func (j *judge) documentName() (name namematch.Name, printed, field string, state presence) {
	first := readString(j.in.Fields, fieldFirstName)
	last := readString(j.in.Fields, fieldLastName)
	if first.state == present && last.state == present {
		middle := readString(j.in.Fields, fieldMiddleName)
		fields := []string{fieldFirstName, fieldLastName}
		parts := []string{first.text, last.text}
		if middle.state == present {
			fields = []string{fieldFirstName, fieldMiddleName, fieldLastName}
			parts = []string{first.text, middle.text, last.text}
		}
		name = namematch.Name{First: first.text, Middle: middle.text, Last: last.text}
		return name, strings.Join(parts, " "), strings.Join(fields, ","), present
	}
	full := readString(j.in.Fields, fieldFullName)
	switch full.state {
	case absent:
		return namematch.Name{}, "", fieldFullName, absent
	case malformed:
		return namematch.Name{}, display(full.raw), fieldFullName, malformed
	}
	name = namematch.ParseFull(full.text)
	if strings.TrimSpace(name.First) == "" || strings.TrimSpace(name.Last) == "" {
		return name, full.text, fieldFullName, malformed
	}
	return name, full.text, fieldFullName, present
}

func (j *judge) nameMatch() RuleResult {
	rr := RuleResult{Rule: RuleNameMatch}
	c := j.in.Candidate
	cand := namematch.Name{
		First:  strings.TrimSpace(c.FirstName),
		Middle: strings.TrimSpace(c.MiddleName),
		Last:   strings.TrimSpace(c.LastName),
	}
	if cand.First == "" || cand.Last == "" {
		rr.Result, rr.Reason = Skipped, ReasonNoNameInContext
		rr.Message = "No candidate first and last name was given, so the name on the document was not compared."
		return rr
	}
	rr.Expected = cand.Full()
	doc, printed, field, state := j.documentName()
	rr.Field = field
	switch state {
	case absent:
		return failMissing(rr, fmt.Sprintf("No name could be found on the document to compare with the candidate, %s.", quote(cand.Full())))
	case malformed:
		rr.Result, rr.Reason, rr.Actual = Fail, ReasonInvalidValue, printed
		rr.Message = fmt.Sprintf("The name on the document, %s, is not a full first and last name, so it cannot be matched to the candidate, %s.",
			quote(printed), quote(cand.Full()))
		return rr
	}
	rr.Actual = printed
	res := namematch.Match(cand, doc)
	if !res.Match {
		rr.Result, rr.Reason = Fail, ReasonNameMismatch
		rr.Message = fmt.Sprintf("The name on the document, %s, does not match the candidate, %s: %s.",
			quote(printed), quote(cand.Full()), mismatchDetail(res.Reason))
		return rr
	}
	rr.Result, rr.Reason = Pass, res.Reason
	rr.Message = fmt.Sprintf("The name on the document, %s, matches the candidate, %s%s.",
		quote(printed), quote(cand.Full()), toleranceDetail(res.Reason))
	return rr
}

func mismatchDetail(reason string) string {
	switch reason {
	case "first_name_mismatch":
		return "the first names differ"
	case "last_name_mismatch":
		return "the last names differ"
	case "middle_name_mismatch":
		return "the middle names differ"
	default:
		return "the names differ"
	}
}

func toleranceDetail(reason string) string {
	switch reason {
	case "nickname":
		return ", allowing for a common nickname"
	case "middle_initial":
		return ", allowing for a middle name shortened to its initial"
	case "compound_surname":
		return ", allowing for a compound or hyphenated surname"
	default:
		return ""
	}
}

// dobMatch compares dates of birth only where both sides give one: a
// missing date is common and not evidence of a different person. A printed
// date that cannot be read, or a context date that is not a date, fails,
// because then the document is claimed to identify someone and cannot be
// confirmed to identify the candidate.
func (j *judge) dobMatch() RuleResult {
	rr := RuleResult{Rule: RuleDOBMatch, Field: fieldDateOfBirth}
	t, ok := j.cat.Type(j.in.DocumentType)
	if !ok || !t.HasField(fieldDateOfBirth) {
		rr.Result, rr.Reason = Skipped, ReasonTypeHasNoDOB
		rr.Message = "This type of document does not carry a date of birth, so none was compared."
		return rr
	}
	ctx := strings.TrimSpace(j.in.Candidate.DateOfBirth)
	if ctx == "" {
		rr.Result, rr.Reason = Skipped, ReasonNoDOBInContext
		rr.Message = "No candidate date of birth was given, so the date of birth on the document was not compared."
		return rr
	}
	doc := readDate(j.in.Fields, fieldDateOfBirth)
	if doc.state == absent {
		rr.Result, rr.Reason = Skipped, ReasonNoDOBOnDocument
		rr.Message = "The document shows no date of birth, so it was not compared with the candidate's."
		return rr
	}
	want, ok := parseDateValue(ctx)
	if !ok {
		rr.Result, rr.Reason, rr.Expected = Fail, ReasonInvalidContextValue, ctx
		rr.Message = fmt.Sprintf("The candidate's date of birth given with the request, %s, is not a valid date (YYYY-MM-DD), so the document's date of birth cannot be confirmed.", quote(ctx))
		return rr
	}
	rr.Expected = iso(want)
	if doc.state == malformed {
		return failUnreadable(rr, doc.raw, "The date of birth on the document, %s, could not be read as a date, so it cannot be confirmed to be the candidate's.")
	}
	rr.Actual = iso(doc.date)
	if !doc.date.Equal(want) {
		rr.Result, rr.Reason = Fail, ReasonDOBMismatch
		rr.Message = fmt.Sprintf("The date of birth on the document, %s, is not the candidate's, %s.", long(doc.date), long(want))
		return rr
	}
	rr.Result = Pass
	rr.Message = fmt.Sprintf("The date of birth on the document, %s, is the candidate's.", long(doc.date))
	return rr
}
