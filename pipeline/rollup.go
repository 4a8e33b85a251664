package pipeline

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/rules"
)

// SegmentOutcome is what the rollups need of one judged segment.
type SegmentOutcome struct {
	ID               string
	Index            int
	DocumentType     string
	ValidationResult string
	Validations      *rules.Tree
	ExpiresAt        *time.Time
	Fraud            *fraud.Verdict
}

// Validation is an intake's validation rollup.
type Validation struct {
	Requirement string      `json:"requirement"`
	Result      *string     `json:"result"`
	DocumentID  *string     `json:"document_id"`
	Validations *rules.Tree `json:"validations"`
}

// RollupValidation answers "does this file satisfy the requirement?" from its
// segments. A VALID segment wins (the one valid longest); else an INVALID
// candidate explains why; else an unreadable segment makes the answer
// NOT_SUPPORTED; else no document of an accepted type was found: INVALID.
func RollupValidation(cat *catalog.Catalog, requirement string, segs []SegmentOutcome, asOf time.Time) Validation {
	v := Validation{Requirement: requirement}
	pick := func(result string) *SegmentOutcome {
		var best *SegmentOutcome
		for i := range segs {
			s := &segs[i]
			if s.ValidationResult != result {
				continue
			}
			if best == nil || laterExpiry(s.ExpiresAt, best.ExpiresAt) {
				best = s
			}
		}
		return best
	}
	for _, r := range []string{"VALID", "INVALID", "NOT_SUPPORTED"} {
		if s := pick(r); s != nil {
			res, id := r, s.ID
			v.Result, v.DocumentID, v.Validations = &res, &id, s.Validations
			return v
		}
	}
	res := "INVALID"
	v.Result = &res
	var accepts []string
	if req, ok := cat.Requirement(requirement); ok {
		accepts = req.Accepts
	}
	found := make([]string, 0, len(segs))
	for _, s := range segs {
		found = append(found, s.DocumentType)
	}
	sort.Strings(found)
	v.Validations = &rules.Tree{
		Requirement: requirement, Result: res, AsOf: asOf.Format(time.DateOnly),
		Rules: []rules.RuleResult{{
			Rule: "document_type", Result: "fail", Reason: "no_matching_document",
			Expected: accepts, Actual: found,
			Message: fmt.Sprintf("No document in the file is of an accepted type (%s).", strings.Join(accepts, ", ")),
		}},
	}
	return v
}

// laterExpiry orders documents by how long they stay valid; a document with
// no expiry sorts after any dated one only when both lack dates.
func laterExpiry(a, b *time.Time) bool {
	switch {
	case a == nil:
		return false
	case b == nil:
		return true
	default:
		return a.After(*b)
	}
}

// FraudRollup is an intake's fraud rollup: fraudulent when any segment is,
// with the segments that are and why.
type FraudRollup struct {
	Result string `json:"result"`
	// Score is the highest segment score.
	Score float64 `json:"score"`
	// FraudulentSegments lists the ids of the segments judged fraudulent.
	FraudulentSegments []string `json:"fraudulent_segments"`
	// Segments are the segments judged fraudulent, in index order, each
	// with its score and the codes of its signals.
	Segments []FraudulentSegment `json:"segments"`
}

// FraudulentSegment is one segment judged fraudulent, as the intake's
// rollup lists it: enough to tell a reviewer where to look and why; the
// segment's own verdict holds each signal's detail and evidence.
type FraudulentSegment struct {
	SegmentID    string  `json:"segment_id"`
	Index        int     `json:"index"`
	DocumentType string  `json:"document_type"`
	Score        float64 `json:"score"`
	// Signals are the codes of the segment's signals, strongest first.
	Signals []string `json:"signals"`
}

// RollupFraud combines segment verdicts; nil when no segment was checked.
func RollupFraud(segs []SegmentOutcome) *FraudRollup {
	var r *FraudRollup
	sorted := slices.Clone(segs)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Index < sorted[j].Index })
	for _, s := range sorted {
		if s.Fraud == nil {
			continue
		}
		if r == nil {
			r = &FraudRollup{Result: fraud.Clean, FraudulentSegments: []string{}, Segments: []FraudulentSegment{}}
		}
		r.Score = max(r.Score, s.Fraud.Score)
		if s.Fraud.Result != fraud.Fraudulent {
			continue
		}
		r.Result = fraud.Fraudulent
		r.FraudulentSegments = append(r.FraudulentSegments, s.ID)
		codes := make([]string, 0, len(s.Fraud.Signals))
		for _, sig := range s.Fraud.Signals {
			codes = append(codes, sig.Code)
		}
		r.Segments = append(r.Segments, FraudulentSegment{SegmentID: s.ID, Index: s.Index, DocumentType: s.DocumentType, Score: s.Fraud.Score, Signals: codes})
	}
	return r
}

// RequirementFor returns the requirement that judges a document of the
// given type on its own: the one named like the type, else the first that
// accepts it; "" when none does.
func RequirementFor(cat *catalog.Catalog, docType string) string {
	if r, ok := cat.Requirement(docType); ok && r.Fulfillment == catalog.FulfillDocument {
		return r.Key
	}
	for _, r := range cat.Requirements() {
		if r.Fulfillment == catalog.FulfillDocument && slices.Contains(r.Accepts, docType) {
			return r.Key
		}
	}
	return ""
}
