package requirements

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/rules"
)

// Row statuses (the spec's).
const (
	StatusPending        = "PENDING"
	StatusAwaitingConfig = "AWAITING_CONFIG"
	StatusInProgress     = "IN_PROGRESS"
	StatusFulfilled      = "FULFILLED"
	StatusRejected       = "REJECTED"
	StatusInvalidated    = "INVALIDATED"
	StatusExpired        = "EXPIRED"
	StatusSkipped        = "SKIPPED"
)

// Packet statuses.
const (
	PacketIncomplete = "INCOMPLETE"
	PacketReady      = "READY"
)

// Initial is the status a reconciled row is ingested with.
func Initial(r Row) (status, reason string) {
	if !r.Mapped() {
		return StatusAwaitingConfig, "no requirement is mapped to this label yet; map it (PUT /mappings/{vmsType})"
	}
	return StatusPending, "ingested"
}

// Open is the status and reason of a row whose work starts: its document
// slot opens, its search or statement starts.
func Open(fulfillmentType string) (status, reason string) {
	switch fulfillmentType {
	case catalog.FulfillDocument:
		return StatusInProgress, "waiting for a document: upload it as an intake naming this placement and requirement"
	case catalog.FulfillRegistrySearch:
		return StatusInProgress, "the registry check is running"
	case catalog.FulfillStatement:
		return StatusInProgress, "waiting for its statement: the placement's sync renders it"
	case catalog.FulfillPassThrough:
		return StatusInProgress, "fulfilled outside this service: mark it fulfilled (or skipped) when it is"
	}
	return StatusInProgress, "in progress"
}

// PacketStatus is READY when every row that is not SKIPPED is FULFILLED.
func PacketStatus(rowStatuses []string) string {
	for _, s := range rowStatuses {
		if s != StatusSkipped && s != StatusFulfilled {
			return PacketIncomplete
		}
	}
	return PacketReady
}

// Segment is a judged document that may fulfil a DOCUMENT row.
type Segment struct {
	ID           string
	DocumentType string
	Readable     bool
	Fields       map[string]any
	// Fraudulent segments never fulfil a row.
	Fraudulent bool
	// Source is the source_validation rule of the segment's own judgement,
	// when the upload asked for one: a document its source did not confirm
	// (failed, or skipped for an outage) never fulfils a row, however well
	// its printed fields read.
	Source *rules.RuleResult
}

// Verdict is what a document does to a row.
type Verdict struct {
	Status     string
	Reason     string
	EvidenceID string
	ExpiresAt  *time.Time
	Tree       *rules.Tree
}

// JudgeDocuments judges the segments of an upload against a row's
// requirement as of asOf (the placement's start when it is later than
// today). The first VALID, clean segment fulfils the row; otherwise the
// first candidate's failures reject it. ok is false when no segment is of
// a type the requirement accepts (the upload is not for this row).
func JudgeDocuments(cat *catalog.Catalog, key string, segs []Segment, cand rules.Candidate, asOf time.Time) (v Verdict, ok bool) {
	req, found := cat.Requirement(key)
	if !found || req.Fulfillment != catalog.FulfillDocument {
		return Verdict{}, false
	}
	var first *Verdict
	for _, s := range segs {
		if !rules.IsCandidate(req, s.DocumentType) {
			continue
		}
		tree := rules.Evaluate(cat, req, rules.Input{DocumentType: s.DocumentType, Readable: s.Readable, Fields: s.Fields, Candidate: cand, AsOf: asOf})
		if s.Source != nil {
			rules.AddSourceRule(&tree, *s.Source)
		}
		this := Verdict{EvidenceID: s.ID, Tree: &tree}
		switch {
		case tree.Result == rules.Valid && !s.Fraudulent:
			this.Status, this.Reason = StatusFulfilled, fmt.Sprintf("fulfilled by a %s judged VALID as of %s", s.DocumentType, asOf.Format(time.DateOnly))
			if exp, ok := rules.ExpiresAt(cat, s.DocumentType, s.Fields); ok {
				this.ExpiresAt = &exp
			}
			return this, true
		case tree.Result == rules.Valid:
			this.Status, this.Reason = StatusRejected, "the "+s.DocumentType+" was flagged as possibly altered or forged"
		default:
			this.Status, this.Reason = StatusRejected, "the "+s.DocumentType+" did not pass: "+failures(tree)
		}
		if first == nil {
			first = &this
		}
	}
	if first == nil {
		return Verdict{}, false
	}
	return *first, true
}

// unsettling are the reasons of skipped rules that keep a tree from VALID.
var unsettling = []string{rules.ReasonLowConfidence, rules.ReasonSourceUnavailable, rules.ReasonIssuerUnknown}

// failures lists a tree's failing rules. Their messages are sentences, so
// they are joined as sentences; a tree that was not evaluated gives every
// rule the same message, said once.
func failures(t rules.Tree) string {
	var out []string
	for _, r := range t.Rules {
		if (r.Result == rules.Fail || r.Result == rules.NotEvaluated) && !slices.Contains(out, r.Message) {
			out = append(out, r.Message)
		}
	}
	if len(out) == 0 && t.Result == rules.NotSupported {
		// Nothing failed: the skips that kept it from VALID say why (a
		// field read unsurely, a source that could not be asked).
		for _, r := range t.Rules {
			if r.Result == rules.Skipped && slices.Contains(unsettling, r.Reason) && !slices.Contains(out, r.Message) {
				out = append(out, r.Message)
			}
		}
	}
	if len(out) == 0 {
		return strings.ToLower(t.Result)
	}
	return strings.Join(out, " ")
}

// Expired reports whether a fulfilled row's evidence lapses before the day
// it must hold on: today, or the placement's start when that is later.
func Expired(expiresAt *time.Time, today time.Time, start *time.Time) bool {
	if expiresAt == nil {
		return false
	}
	return dateOf(*expiresAt).Before(AsOf(today, start))
}

// AsOf is the day a placement's requirements are judged on: its start date
// when that is in the future, else today (the catalog's rule).
//
// Days are compared as calendar dates, each in its own location: a start
// late in the evening west of UTC is an instant after today's UTC midnight
// but a day that has gone.
func AsOf(today time.Time, start *time.Time) time.Time {
	day := dateOf(today)
	if start != nil {
		if s := dateOf(*start); s.After(day) {
			return s
		}
	}
	return day
}

// dateOf is t's calendar date (in t's location) at midnight UTC.
func dateOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
