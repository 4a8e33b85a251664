// Package rules judges one document's extracted fields against one
// requirement of the catalog and explains the verdict rule by rule.
//
// A wrong VALID puts an uncleared nurse on a hospital floor, while a wrong
// INVALID only sends a document to a compliance specialist. Every choice in
// this package therefore leans toward INVALID: a field that is absent or
// cannot be read fails the rule that needs it, a value that merely looks
// close to an accepted one is not accepted, and a rule this package does not
// know fails rather than being ignored.
//
// The outcome is a Tree: one RuleResult per rule, in the order the catalog
// header prescribes (document_type, name_match, dob_match, then the
// requirement's own rules), each with a stable reason code and a sentence a
// specialist can act on. Trees are stored and returned to API clients as
// JSON, so reason codes and rule names are part of the service's contract.
//
// The day a document is judged on is always the caller's: this package
// never reads the clock, so the same input gives the same verdict on any
// machine and on any day. Evaluate panics when Input.AsOf is zero, as it
// does for a nil catalog. A zero date is a caller's bug, not a document's
// fault: judged on year 1, every printed expiration would look current
// and "within 12 months" would look like a date in the future, and
// answering not_evaluated instead would store an INVALID verdict that no
// document earned. Refusing gives no verdict at all, so it can never be a
// wrong VALID.
package rules

import (
	"slices"
	"time"

	"github.com/clearedtostart/compliance/catalog"
)

// Tree results.
const (
	Valid        = "VALID"
	Invalid      = "INVALID"
	NotSupported = "NOT_SUPPORTED"
)

// Rule results.
const (
	Pass         = "pass"
	Fail         = "fail"
	Skipped      = "skipped"
	NotEvaluated = "not_evaluated"
)

// Names of the rules every DOCUMENT requirement checks before its own.
const (
	RuleDocumentType = "document_type"
	RuleNameMatch    = "name_match"
	RuleDOBMatch     = "dob_match"
)

// Reason codes. They are stored with every judgement and shown to API
// clients, so a code keeps its meaning once shipped.
const (
	// Why a rule was not evaluated, or why a tree is NOT_SUPPORTED.
	ReasonUnreadable              = "unreadable"
	ReasonUnknownRequirement      = "unknown_requirement"
	ReasonNotADocumentRequirement = "not_a_document_requirement"
	ReasonWrongDocumentType       = "wrong_document_type"

	// Why a rule failed because of the data itself.
	ReasonMissingField = "missing_field" // the field is absent (or blank)
	ReasonInvalidValue = "invalid_value" // the field is present but cannot be read (e.g. "13/45/2026" as a date)
	ReasonUnknownRule  = "unknown_rule"  // the catalog names a rule this package cannot judge

	ReasonExpired           = "expired"
	ReasonTooOld            = "too_old"
	ReasonDateInFuture      = "date_in_future"
	ReasonNameMismatch      = "name_mismatch"
	ReasonDOBMismatch       = "dob_mismatch"
	ReasonResultNotAccepted = "result_not_accepted"
	ReasonStatusNotAccepted = "status_not_accepted"
	ReasonNotEnoughDoses    = "not_enough_doses"
	ReasonNotImmune         = "not_immune"
	ReasonNotCleared        = "not_cleared"
	ReasonNotCurrentSeason  = "not_current_season"

	// Why a rule was skipped.
	ReasonNoNameInContext = "no_name_in_context"
	ReasonNoDOBInContext  = "no_dob_in_context"
	ReasonNoDOBOnDocument = "no_dob_on_document"
	ReasonTypeHasNoDOB    = "no_dob_on_document_type"
	// The field the rule needs was read, but less surely than its
	// threshold (Input.Uncertain): a person must read it.
	ReasonLowConfidence = "low_confidence"
	// Why dob_match failed on the caller's side: the context's date of
	// birth is not a date, so the document cannot be confirmed.
	ReasonInvalidContextValue = "invalid_context_value"
)

// Candidate is the person the document should belong to, as the caller
// knows them (an intake's or scan's context).
type Candidate struct {
	FirstName, MiddleName, LastName string
	DateOfBirth                     string // YYYY-MM-DD or ""
}

// Input is one document to judge.
type Input struct {
	DocumentType string // the segment's classified type ("other" when unknown)
	Readable     bool   // false when no text could be read from the document
	Fields       map[string]any
	Candidate    Candidate
	// Uncertain lists fields the reader saw but read less surely than
	// their thresholds, with the confidence reached. They are not in
	// Fields: a rule that needs one is skipped (low_confidence) instead of
	// failing for a missing field, and the tree is NOT_SUPPORTED unless
	// another rule fails.
	Uncertain map[string]float64
	// AsOf is the day validity is judged on; only its calendar date (in its
	// own location) counts. It is required: Evaluate panics when it is zero
	// (see the package documentation).
	AsOf time.Time
}

// Tree is the verdict on one document for one requirement.
type Tree struct {
	Requirement string       `json:"requirement"`
	Result      string       `json:"result"` // VALID, INVALID, NOT_SUPPORTED
	AsOf        string       `json:"as_of"`  // YYYY-MM-DD
	Rules       []RuleResult `json:"rules"`
}

// RuleResult is the verdict of one rule.
type RuleResult struct {
	Rule   string `json:"rule"`
	Result string `json:"result"` // pass, fail, skipped, not_evaluated
	// Reason is a stable snake_case code (see the Reason constants). On a
	// passing name_match it names the tolerance that applied (exact,
	// nickname, middle_initial, compound_surname).
	Reason   string `json:"reason,omitempty"`
	Field    string `json:"field,omitempty"`
	Expected any    `json:"expected,omitempty"`
	Actual   any    `json:"actual,omitempty"`
	Message  string `json:"message"`
	// Source is what a primary source answered, and CheckedAt when
	// (source_validation only; see PlanSource).
	Source    *SourceAnswer `json:"source,omitempty"`
	CheckedAt *time.Time    `json:"checked_at,omitempty"`
}

// IsCandidate reports whether the requirement accepts documents of the type.
func IsCandidate(req *catalog.Requirement, documentType string) bool {
	return req != nil && slices.Contains(req.Accepts, documentType)
}

// Evaluate judges the document against the requirement. The catalog is
// the one req comes from: it decides which types carry a date of birth and
// how types are named in messages. It must not be nil; a judge without one
// could not tell whether a date of birth should have been compared. Nor may
// in.AsOf be zero: there is no day to judge on, and this package does not
// guess one.
func Evaluate(c *catalog.Catalog, req *catalog.Requirement, in Input) Tree {
	if c == nil {
		panic("rules: Evaluate needs a catalog")
	}
	if in.AsOf.IsZero() {
		panic("rules: Evaluate needs an as-of date (Input.AsOf is zero); the caller decides the day documents are judged on")
	}
	j := &judge{cat: c, in: in, asOf: dateOf(in.AsOf)}
	tree := Tree{AsOf: j.asOf.Format(time.DateOnly), Rules: []RuleResult{}}
	if req == nil {
		tree.Result = NotSupported
		tree.Rules = append(tree.Rules, RuleResult{
			Rule: RuleDocumentType, Result: NotEvaluated, Reason: ReasonUnknownRequirement,
			Message: "The requirement is not in the catalog, so the document could not be judged against it.",
		})
		return tree
	}
	tree.Requirement = req.Key
	names := []string{RuleDocumentType, RuleNameMatch, RuleDOBMatch}
	for _, r := range req.Rules {
		names = append(names, r.Name)
	}
	notEvaluated := func(reason, message string) []RuleResult {
		out := make([]RuleResult, 0, len(names))
		for _, n := range names {
			out = append(out, RuleResult{Rule: n, Result: NotEvaluated, Reason: reason, Message: message})
		}
		return out
	}

	if req.Fulfillment != catalog.FulfillDocument {
		tree.Result = NotSupported
		tree.Rules = notEvaluated(ReasonNotADocumentRequirement,
			"This requirement is not fulfilled by an uploaded document, so no document is judged against it.")
		return tree
	}
	if !in.Readable {
		tree.Result = NotSupported
		tree.Rules = notEvaluated(ReasonUnreadable,
			"No text could be read from the document, so it could not be judged; a person must review it.")
		return tree
	}

	typeRule := j.documentType(req)
	if typeRule.Result != Pass {
		tree.Result = Invalid
		tree.Rules = notEvaluated(ReasonWrongDocumentType,
			"Not checked because the document is not of a type this requirement accepts.")
		tree.Rules[0] = typeRule
		return tree
	}
	tree.Rules = append(tree.Rules, typeRule, j.nameMatch(), j.dobMatch())
	for _, r := range req.Rules {
		tree.Rules = append(tree.Rules, j.rule(r))
	}
	tree.Result = Valid
	for k, r := range tree.Rules {
		tree.Rules[k] = j.unsure(r)
	}
	for _, r := range tree.Rules {
		switch {
		case r.Result != Pass && r.Result != Skipped:
			tree.Result = Invalid
		case r.Reason == ReasonLowConfidence && tree.Result == Valid:
			// Not VALID on a field nobody could read surely; not INVALID
			// either, since nothing shows the document falls short.
			tree.Result = NotSupported
		}
	}
	return tree
}

// ExpiresAt is the last day a document stays valid, with the same meaning
// as a printed expiration date (valid through that day): the
// expiration_date field when present; otherwise, for the first catalog
// requirement that accepts the type and judges it by a time window, the
// judged date plus that window. The second result is false when the
// document carries no usable date or its type has no window.
//
// A present but unreadable expiration_date yields false rather than a date
// from the window: inventing a later expiry than the document prints would
// keep it "valid" too long. A nil catalog knows no windows, so only a
// printed expiration_date is returned.
func ExpiresAt(c *catalog.Catalog, documentType string, fields map[string]any) (time.Time, bool) {
	switch exp := readDate(fields, fieldExpirationDate); exp.state {
	case present:
		return exp.date, true
	case malformed:
		return time.Time{}, false
	}
	if c == nil {
		return time.Time{}, false
	}
	for _, req := range c.Requirements() {
		if req.Fulfillment != catalog.FulfillDocument || !IsCandidate(req, documentType) {
			continue
		}
		for _, r := range req.Rules {
			w, ok := windowOf(r)
			if !ok {
				continue
			}
			jd := judgedDate(documentType, fields)
			if jd.state != present {
				return time.Time{}, false
			}
			return w.lastValidDay(jd.date), true
		}
	}
	return time.Time{}, false
}

// dateOf keeps the calendar date of t as seen in t's own location, so a
// caller's "today" in Pacific time is not shifted to tomorrow in UTC.
func dateOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
