package requirements_test

import (
	"slices"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/lifecycle"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/rules"
)

var cat = catalog.MustLoad()

// The candidate of the README's first-use example.
var maria = rules.Candidate{FirstName: "Maria", LastName: "Alvarez", DateOfBirth: "1990-04-12"}

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func dayPtr(s string) *time.Time {
	d := day(s)
	return &d
}

// A current AHA BLS eCard of Maria's, as extraction reads it.
func blsCard(id, expires string) requirements.Segment {
	return requirements.Segment{ID: id, DocumentType: "bls", Readable: true, Fields: map[string]any{
		"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez",
		"issuer": "American Heart Association", "training_center": "Mercy Regional Training Center",
		"certificate_id": "215408790123", "issue_date": "2024-06-03", "expiration_date": expires,
	}}
}

func TestInitial(t *testing.T) {
	tests := []struct {
		name         string
		row          requirements.Row
		status       string
		reason       string
		mappedResult bool
	}{
		{"mapped row is ingested PENDING",
			requirements.Row{RowKey: "key:bls", Label: "BLS - AHA only", RequirementKey: "bls", FulfillmentType: catalog.FulfillDocument},
			requirements.StatusPending, "ingested", true},
		{"mapped registry row is ingested PENDING too",
			requirements.Row{RowKey: "key:oig_exclusion_check", Label: "OIG/SAM exclusion search", RequirementKey: "oig_exclusion_check", FulfillmentType: catalog.FulfillRegistrySearch},
			requirements.StatusPending, "ingested", true},
		{"unmapped row waits for a mapping",
			requirements.Row{RowKey: "label:pyxis access request", Label: "Pyxis access request", NormalizedLabel: "pyxis access request"},
			requirements.StatusAwaitingConfig, "no requirement is mapped to this label yet; map it (PUT /mappings/{vmsType})", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.row.Mapped() != tt.mappedResult {
				t.Errorf("Mapped() = %v, want %v", tt.row.Mapped(), tt.mappedResult)
			}
			status, reason := requirements.Initial(tt.row)
			if status != tt.status || reason != tt.reason {
				t.Errorf("Initial = %q, %q; want %q, %q", status, reason, tt.status, tt.reason)
			}
			if _, ok := lifecycle.Requirement.Next[status]; !ok {
				t.Errorf("Initial status %q is not a state of the requirement machine", status)
			}
		})
	}
}

func TestOpen(t *testing.T) {
	tests := []struct {
		fulfillment string
		reason      string
	}{
		{catalog.FulfillDocument, "waiting for a document: upload it as an intake naming this placement and requirement"},
		{catalog.FulfillRegistrySearch, "the registry check is running"},
		// The placement's sync creates the row's statement right after
		// it reconciles; this is the reason until then.
		{catalog.FulfillStatement, "waiting for its statement: the placement's sync renders it"},
		{catalog.FulfillPassThrough, "fulfilled outside this service: mark it fulfilled (or skipped) when it is"},
		{"", "in progress"},
	}
	for _, tt := range tests {
		t.Run(tt.fulfillment, func(t *testing.T) {
			status, reason := requirements.Open(tt.fulfillment)
			if status != requirements.StatusInProgress || reason != tt.reason {
				t.Errorf("Open(%q) = %q, %q; want IN_PROGRESS, %q", tt.fulfillment, status, reason, tt.reason)
			}
			// Work starts on a PENDING row (a mapped one) and on one that
			// waited for its mapping.
			for _, from := range []string{requirements.StatusPending, requirements.StatusAwaitingConfig} {
				if err := lifecycle.Requirement.Check(from, status); err != nil {
					t.Errorf("%s -> %s refused: %v", from, status, err)
				}
			}
		})
	}
}

func TestPacketStatus(t *testing.T) {
	const (
		F = requirements.StatusFulfilled
		S = requirements.StatusSkipped
	)
	tests := []struct {
		name string
		rows []string
		want string
	}{
		{"every row fulfilled", []string{F, F, F}, requirements.PacketReady},
		{"fulfilled and skipped", []string{F, S, F}, requirements.PacketReady},
		{"only skipped rows", []string{S, S}, requirements.PacketReady},
		{"one row fulfilled", []string{F}, requirements.PacketReady},
		{"one row pending", []string{F, requirements.StatusPending, F}, requirements.PacketIncomplete},
		{"one row waiting for a mapping", []string{F, requirements.StatusAwaitingConfig}, requirements.PacketIncomplete},
		{"one row in progress", []string{requirements.StatusInProgress, F}, requirements.PacketIncomplete},
		{"one row rejected", []string{F, S, requirements.StatusRejected}, requirements.PacketIncomplete},
		{"one row invalidated", []string{requirements.StatusInvalidated, F}, requirements.PacketIncomplete},
		{"one row expired", []string{F, requirements.StatusExpired}, requirements.PacketIncomplete},
		{"an unknown status is not fulfilled", []string{F, "fulfilled"}, requirements.PacketIncomplete},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := requirements.PacketStatus(tt.rows); got != tt.want {
				t.Errorf("PacketStatus(%v) = %s, want %s", tt.rows, got, tt.want)
			}
		})
	}
	// A packet moves both ways as its rows do.
	for _, from := range []string{requirements.PacketIncomplete, requirements.PacketReady} {
		for _, to := range []string{requirements.PacketIncomplete, requirements.PacketReady} {
			if err := lifecycle.Packet.Check(from, to); err != nil {
				t.Errorf("packet %s -> %s refused: %v", from, to, err)
			}
		}
	}
	if lifecycle.Packet.Initial != requirements.PacketIncomplete {
		t.Errorf("a new packet is %s, want INCOMPLETE", lifecycle.Packet.Initial)
	}
}

// The status constants are the machine's states and nothing else.
func TestStatusesAreTheMachines(t *testing.T) {
	rowStatuses := []string{requirements.StatusPending, requirements.StatusAwaitingConfig, requirements.StatusInProgress,
		requirements.StatusFulfilled, requirements.StatusRejected, requirements.StatusInvalidated, requirements.StatusExpired,
		requirements.StatusSkipped}
	var states []string
	for s := range lifecycle.Requirement.Next {
		states = append(states, s)
	}
	slices.Sort(states)
	if got := slices.Sorted(slices.Values(rowStatuses)); !slices.Equal(got, states) {
		t.Errorf("row statuses %v, requirement machine states %v", got, states)
	}
	var packetStates []string
	for s := range lifecycle.Packet.Next {
		packetStates = append(packetStates, s)
	}
	slices.Sort(packetStates)
	// Rows decide INCOMPLETE and READY; the upload adds its own states.
	for _, want := range []string{requirements.PacketIncomplete, requirements.PacketReady} {
		if !slices.Contains(packetStates, want) {
			t.Errorf("packet machine states %v lack %s", packetStates, want)
		}
	}
}

func TestJudgeDocuments(t *testing.T) {
	asOf := day("2026-03-15")
	expiredBLS := blsCard("seg-expired", "2026-03-14")
	forged := blsCard("seg-forged", "2027-06-30")
	forged.Fraudulent = true
	otherNurse := blsCard("seg-other", "2027-06-30")
	otherNurse.Fields["full_name"], otherNurse.Fields["first_name"], otherNurse.Fields["last_name"] = "Jordan Smith", "Jordan", "Smith"
	unreadable := requirements.Segment{ID: "seg-blurred", DocumentType: "bls", Readable: false}
	resume := requirements.Segment{ID: "seg-resume", DocumentType: "resume", Readable: true, Fields: map[string]any{
		"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez"}}
	faxCover := requirements.Segment{ID: "seg-fax", DocumentType: catalog.OtherType, Readable: true, Fields: map[string]any{}}
	ppd := requirements.Segment{ID: "seg-ppd", DocumentType: "tb_skin_test", Readable: true, Fields: map[string]any{
		"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez", "date_of_birth": "1990-04-12",
		"administered_date": "2025-11-18", "read_date": "2025-11-20", "induration_mm": "0", "result": "negative",
		"provider": "Mercy Employee Health"}}
	license := requirements.Segment{ID: "seg-license", DocumentType: "nursing_license", Readable: true, Fields: map[string]any{
		"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez", "license_number": "RN 912345",
		"state": "TX", "license_status": "Inactive", "expiration_date": "2027-04-30"}}
	passport := requirements.Segment{ID: "seg-passport", DocumentType: "passport", Readable: true, Fields: map[string]any{
		"full_name": "MARIA ALVAREZ", "first_name": "MARIA", "last_name": "ALVAREZ", "date_of_birth": "1990-04-12",
		"passport_number": "584302117", "nationality": "USA", "issue_date": "2021-09-01", "expiration_date": "2031-08-31"}}
	passportOtherDOB := passport
	passportOtherDOB.ID = "seg-passport-dob"
	passportOtherDOB.Fields = map[string]any{"full_name": "MARIA ALVAREZ", "date_of_birth": "1991-04-12", "expiration_date": "2031-08-31"}

	const (
		notFoundMsg = "The AHA eCard verification service holds no card with this code."
		downMsg     = "The AHA eCard verification service could not be asked: it answered 503."
	)
	withSource := func(id string, r rules.RuleResult) requirements.Segment {
		s := blsCard(id, "2027-06-30")
		r.Rule = rules.RuleSourceValidation
		s.Source = &r
		return s
	}
	unconfirmed := withSource("seg-unconfirmed", rules.RuleResult{Result: rules.Fail, Reason: "not_found_at_source", Message: notFoundMsg})
	unasked := withSource("seg-unasked", rules.RuleResult{Result: rules.Skipped, Reason: rules.ReasonSourceUnavailable, Message: downMsg})
	confirmed := withSource("seg-confirmed", rules.RuleResult{Result: rules.Pass, Reason: rules.ReasonConfirmedAtSource, Message: "confirmed"})
	const (
		expiredMsg = "The document expired on March 14, 2026, before the as-of date, March 15, 2026."
		unreadMsg  = "No text could be read from the document, so it could not be judged; a person must review it."
		nameMsg    = `The name on the document, "Jordan Smith", does not match the candidate, "Maria Alvarez": the last names differ.`
	)
	tests := []struct {
		name     string
		key      string
		segs     []requirements.Segment
		cand     *rules.Candidate // maria when nil
		asOf     time.Time
		ok       bool
		status   string
		reason   string
		evidence string
		expires  *time.Time
		tree     string // the evidence's tree result
	}{
		{name: "current card fulfils", key: "bls", segs: []requirements.Segment{blsCard("seg-1", "2026-06-30")},
			ok: true, status: requirements.StatusFulfilled, reason: "fulfilled by a bls judged VALID as of 2026-03-15",
			evidence: "seg-1", expires: dayPtr("2026-06-30"), tree: rules.Valid},
		{name: "card expiring on the as-of day still fulfils", key: "bls", segs: []requirements.Segment{blsCard("seg-1", "2026-03-15")},
			ok: true, status: requirements.StatusFulfilled, reason: "fulfilled by a bls judged VALID as of 2026-03-15",
			evidence: "seg-1", expires: dayPtr("2026-03-15"), tree: rules.Valid},
		{name: "expired card rejects with the rule's sentence", key: "bls", segs: []requirements.Segment{expiredBLS},
			ok: true, status: requirements.StatusRejected, reason: "the bls did not pass: " + expiredMsg,
			evidence: "seg-expired", tree: rules.Invalid},
		{name: "every failing rule is in the reason, once each", key: "bls",
			segs: []requirements.Segment{func() requirements.Segment {
				s := blsCard("seg-both", "2026-03-14")
				s.Fields["full_name"], s.Fields["first_name"], s.Fields["last_name"] = "Jordan Smith", "Jordan", "Smith"
				return s
			}()},
			ok: true, status: requirements.StatusRejected, reason: "the bls did not pass: " + nameMsg + " " + expiredMsg,
			evidence: "seg-both", tree: rules.Invalid},
		{name: "forged VALID card rejects, never fulfils", key: "bls", segs: []requirements.Segment{forged},
			ok: true, status: requirements.StatusRejected, reason: "the bls was flagged as possibly altered or forged",
			evidence: "seg-forged", tree: rules.Valid},
		{name: "a clean VALID card after a forged one fulfils", key: "bls", segs: []requirements.Segment{forged, blsCard("seg-clean", "2027-06-30")},
			ok: true, status: requirements.StatusFulfilled, reason: "fulfilled by a bls judged VALID as of 2026-03-15",
			evidence: "seg-clean", expires: dayPtr("2027-06-30"), tree: rules.Valid},
		{name: "a VALID card after an expired one fulfils", key: "bls", segs: []requirements.Segment{expiredBLS, blsCard("seg-clean", "2027-06-30")},
			ok: true, status: requirements.StatusFulfilled, reason: "fulfilled by a bls judged VALID as of 2026-03-15",
			evidence: "seg-clean", expires: dayPtr("2027-06-30"), tree: rules.Valid},
		{name: "the first of two VALID cards fulfils", key: "bls", segs: []requirements.Segment{blsCard("seg-a", "2026-12-31"), blsCard("seg-b", "2027-06-30")},
			ok: true, status: requirements.StatusFulfilled, reason: "fulfilled by a bls judged VALID as of 2026-03-15",
			evidence: "seg-a", expires: dayPtr("2026-12-31"), tree: rules.Valid},
		{name: "the first candidate's failures reject when none passes", key: "bls", segs: []requirements.Segment{otherNurse, expiredBLS, forged},
			ok: true, status: requirements.StatusRejected, reason: "the bls did not pass: " + nameMsg,
			evidence: "seg-other", tree: rules.Invalid},
		{name: "a forged card first is the reason when nothing passes", key: "bls", segs: []requirements.Segment{forged, expiredBLS},
			ok: true, status: requirements.StatusRejected, reason: "the bls was flagged as possibly altered or forged",
			evidence: "seg-forged", tree: rules.Valid},
		{name: "segments of other types are passed over", key: "bls", segs: []requirements.Segment{faxCover, resume, blsCard("seg-3", "2026-06-30")},
			ok: true, status: requirements.StatusFulfilled, reason: "fulfilled by a bls judged VALID as of 2026-03-15",
			evidence: "seg-3", expires: dayPtr("2026-06-30"), tree: rules.Valid},
		{name: "an unreadable card rejects for a person to look at, its reason said once", key: "bls", segs: []requirements.Segment{unreadable},
			ok: true, status: requirements.StatusRejected, reason: "the bls did not pass: " + unreadMsg,
			evidence: "seg-blurred", tree: rules.NotSupported},
		{name: "no candidate segment: the upload is not for this row", key: "bls", segs: []requirements.Segment{faxCover, resume}},
		{name: "no segments at all", key: "bls"},
		{name: "a forged card of another type is not for this row", key: "acls", segs: []requirements.Segment{forged}},
		{name: "unknown requirement", key: "bls_v2", segs: []requirements.Segment{blsCard("seg-1", "2027-06-30")}},
		{name: "registry rows are not fulfilled by documents", key: "oig_exclusion_check", segs: []requirements.Segment{blsCard("seg-1", "2027-06-30")}},
		{name: "statement rows are not fulfilled by documents", key: "attestation_statement", segs: []requirements.Segment{resume}},
		{name: "pass-through rows are not fulfilled by documents", key: "orientation", segs: []requirements.Segment{resume}},
		{name: "a skin test without a printed expiry expires a window after its reading", key: "tb_screening", segs: []requirements.Segment{ppd},
			ok: true, status: requirements.StatusFulfilled, reason: "fulfilled by a tb_skin_test judged VALID as of 2026-03-15",
			evidence: "seg-ppd", expires: dayPtr("2026-11-20"), tree: rules.Valid},
		{name: "an inactive license rejects", key: "nursing_license", segs: []requirements.Segment{license},
			ok: true, status: requirements.StatusRejected, reason: `the nursing_license did not pass: The license status is "Inactive"; only "active" is accepted.`,
			evidence: "seg-license", tree: rules.Invalid},
		{name: "a passport fulfils a government ID row", key: "government_id", segs: []requirements.Segment{passport},
			ok: true, status: requirements.StatusFulfilled, reason: "fulfilled by a passport judged VALID as of 2026-03-15",
			evidence: "seg-passport", expires: dayPtr("2031-08-31"), tree: rules.Valid},
		{name: "a passport of another date of birth rejects", key: "government_id", segs: []requirements.Segment{passportOtherDOB},
			ok: true, status: requirements.StatusRejected,
			reason:   "the passport did not pass: The date of birth on the document, April 12, 1991, is not the candidate's, April 12, 1990.",
			evidence: "seg-passport-dob", tree: rules.Invalid},
		{name: "a resume has no expiry", key: "resume", segs: []requirements.Segment{resume},
			ok: true, status: requirements.StatusFulfilled, reason: "fulfilled by a resume judged VALID as of 2026-03-15",
			evidence: "seg-resume", tree: rules.Valid},
		{name: "judged as of a later placement start: a card that lapses before it rejects", key: "bls",
			segs: []requirements.Segment{blsCard("seg-1", "2026-04-10")},
			asOf: requirements.AsOf(day("2026-03-15"), dayPtr("2026-05-04")),
			ok:   true, status: requirements.StatusRejected,
			reason:   "the bls did not pass: The document expired on April 10, 2026, before the as-of date, May 4, 2026.",
			evidence: "seg-1", tree: rules.Invalid},
		{name: "a card its issuer does not confirm fulfils nothing", key: "bls", segs: []requirements.Segment{unconfirmed},
			ok: true, status: requirements.StatusRejected, reason: "the bls did not pass: " + notFoundMsg, evidence: "seg-unconfirmed", tree: rules.Invalid},
		{name: "a card its issuer could not be asked about fulfils nothing", key: "bls", segs: []requirements.Segment{unasked},
			ok: true, status: requirements.StatusRejected, reason: "the bls did not pass: " + downMsg, evidence: "seg-unasked", tree: rules.NotSupported},
		{name: "a card its issuer confirms fulfils the row", key: "bls", segs: []requirements.Segment{confirmed},
			ok: true, status: requirements.StatusFulfilled, reason: "fulfilled by a bls judged VALID as of 2026-03-15",
			evidence: "seg-confirmed", expires: dayPtr("2027-06-30"), tree: rules.Valid},
		{name: "without a name in the context the name is not compared", key: "bls", segs: []requirements.Segment{otherNurse},
			cand: &rules.Candidate{}, ok: true, status: requirements.StatusFulfilled, reason: "fulfilled by a bls judged VALID as of 2026-03-15",
			evidence: "seg-other", expires: dayPtr("2027-06-30"), tree: rules.Valid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			when := asOf
			if !tt.asOf.IsZero() {
				when = tt.asOf
			}
			cand := maria
			if tt.cand != nil {
				cand = *tt.cand
			}
			v, ok := requirements.JudgeDocuments(cat, tt.key, tt.segs, cand, when)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v (verdict %+v)", ok, tt.ok, v)
			}
			if !ok {
				if v.Status != "" || v.Tree != nil || v.EvidenceID != "" {
					t.Errorf("no verdict expected, got %+v", v)
				}
				return
			}
			if v.Status != tt.status || v.Reason != tt.reason || v.EvidenceID != tt.evidence {
				t.Errorf("verdict %s by %s: %q\nwant %s by %s: %q", v.Status, v.EvidenceID, v.Reason, tt.status, tt.evidence, tt.reason)
			}
			switch {
			case tt.expires == nil && v.ExpiresAt != nil:
				t.Errorf("ExpiresAt = %s, want none", v.ExpiresAt.Format(time.DateOnly))
			case tt.expires != nil && (v.ExpiresAt == nil || !v.ExpiresAt.Equal(*tt.expires)):
				t.Errorf("ExpiresAt = %v, want %s", v.ExpiresAt, tt.expires.Format(time.DateOnly))
			}
			if v.Tree == nil {
				t.Fatal("no rule tree")
			}
			if v.Tree.Result != tt.tree || v.Tree.Requirement != tt.key || v.Tree.AsOf != when.Format(time.DateOnly) {
				t.Errorf("tree %s for %s as of %s, want %s for %s as of %s", v.Tree.Result, v.Tree.Requirement, v.Tree.AsOf,
					tt.tree, tt.key, when.Format(time.DateOnly))
			}
			// A fulfilled or rejected row may take the verdict from where
			// its work is.
			for _, from := range []string{requirements.StatusInProgress, requirements.StatusPending, requirements.StatusRejected,
				requirements.StatusExpired, requirements.StatusInvalidated} {
				if err := lifecycle.Requirement.Check(from, v.Status); err != nil {
					t.Errorf("%s -> %s refused: %v", from, v.Status, err)
				}
			}
		})
	}
}

func TestAsOf(t *testing.T) {
	pacific := time.FixedZone("PST", -8*3600)
	tokyo := time.FixedZone("JST", 9*3600)
	tests := []struct {
		name  string
		today time.Time
		start *time.Time
		want  string
	}{
		{"no start: today", day("2026-03-15"), nil, "2026-03-15"},
		{"start later than today wins", day("2026-03-15"), dayPtr("2026-05-04"), "2026-05-04"},
		{"start tomorrow wins", day("2026-03-15"), dayPtr("2026-03-16"), "2026-03-16"},
		{"start today: today", day("2026-03-15"), dayPtr("2026-03-15"), "2026-03-15"},
		{"started already: today", day("2026-03-15"), dayPtr("2026-01-05"), "2026-03-15"},
		{"today's clock time does not count", time.Date(2026, 3, 15, 23, 59, 0, 0, time.UTC), nil, "2026-03-15"},
		{"today is the caller's calendar day", time.Date(2026, 3, 15, 20, 0, 0, 0, pacific), nil, "2026-03-15"},
		{"a start with a clock time is its calendar day", day("2026-03-15"), ptr(time.Date(2026, 5, 4, 9, 30, 0, 0, time.UTC)), "2026-05-04"},
		{"a start in a zone east of UTC is its own calendar day", day("2026-03-15"), ptr(time.Date(2026, 3, 16, 0, 0, 0, 0, tokyo)), "2026-03-16"},
		// 2026-03-14 23:00 in Pacific time is 2026-03-15 07:00 UTC: after
		// the start of today, but a day that has gone. Judging on it would
		// keep a card that expired yesterday VALID.
		{"a start the day before, late in a zone west of UTC: today", day("2026-03-15"), ptr(time.Date(2026, 3, 14, 23, 0, 0, 0, pacific)), "2026-03-15"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := requirements.AsOf(tt.today, tt.start)
			if got.Format(time.DateOnly) != tt.want || got.Location() != time.UTC || got.Hour() != 0 || got.Minute() != 0 {
				t.Errorf("AsOf = %s, want %s at midnight UTC", got.Format(time.RFC3339), tt.want)
			}
		})
	}
}

func TestExpired(t *testing.T) {
	tokyo := time.FixedZone("JST", 9*3600)
	tests := []struct {
		name    string
		expires *time.Time
		today   time.Time
		start   *time.Time
		want    bool
	}{
		{"no expiry never lapses", nil, day("2026-03-15"), nil, false},
		{"expires later", dayPtr("2026-06-30"), day("2026-03-15"), nil, false},
		{"valid through its expiry day", dayPtr("2026-03-15"), day("2026-03-15"), nil, false},
		{"expired yesterday", dayPtr("2026-03-14"), day("2026-03-15"), nil, true},
		{"lapses before a later placement start", dayPtr("2026-04-10"), day("2026-03-15"), dayPtr("2026-05-04"), true},
		{"holds through the start day", dayPtr("2026-05-04"), day("2026-03-15"), dayPtr("2026-05-04"), false},
		{"a past start does not bring expiry back", dayPtr("2026-03-01"), day("2026-03-15"), dayPtr("2026-01-05"), true},
		{"a past start does not expire a current card", dayPtr("2026-06-30"), day("2026-03-15"), dayPtr("2026-01-05"), false},
		{"the sweep's clock time does not count", dayPtr("2026-03-15"), time.Date(2026, 3, 15, 23, 59, 0, 0, time.UTC), nil, false},
		// Midnight of the expiry day in Tokyo is the afternoon before in UTC;
		// the card is still valid through March 15.
		{"an expiry day in another zone is its own calendar day", ptr(time.Date(2026, 3, 15, 0, 0, 0, 0, tokyo)), day("2026-03-15"), nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := requirements.Expired(tt.expires, tt.today, tt.start); got != tt.want {
				t.Errorf("Expired = %v, want %v", got, tt.want)
			}
		})
	}
	if err := lifecycle.Requirement.Check(requirements.StatusFulfilled, requirements.StatusExpired); err != nil {
		t.Errorf("a fulfilled row cannot expire: %v", err)
	}
}

func ptr[T any](v T) *T { return &v }
