package lifecycle

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/clearedtostart/compliance/derrors"
)

// The machines as the issue and the spec describe them, written out here
// rather than read from the machines, so a change to a machine has to be a
// change to this table too. Staying put is allowed in every state (a
// retried step) and is not listed.
var (
	wantRequirement = map[string][]string{
		// Unmapped: waits for a mapping; once mapped it is PENDING (or its
		// work starts at once); a person can skip it. No evidence can
		// fulfil or reject a row nobody has said the meaning of.
		"AWAITING_CONFIG": {"PENDING", "IN_PROGRESS", "SKIPPED"},
		// Ingested: its work starts, or evidence (an upload naming it)
		// arrives before it does.
		"PENDING": {"AWAITING_CONFIG", "IN_PROGRESS", "FULFILLED", "REJECTED", "SKIPPED"},
		// Document slot open, search running, statement waiting.
		"IN_PROGRESS": {"AWAITING_CONFIG", "FULFILLED", "REJECTED", "SKIPPED"},
		// Only a fulfilled row lapses or loses its evidence; a worse
		// document never rejects it.
		"FULFILLED":   {"AWAITING_CONFIG", "IN_PROGRESS", "EXPIRED", "INVALIDATED", "SKIPPED"},
		"REJECTED":    {"AWAITING_CONFIG", "IN_PROGRESS", "FULFILLED", "SKIPPED"},
		"INVALIDATED": {"AWAITING_CONFIG", "IN_PROGRESS", "FULFILLED", "REJECTED", "SKIPPED"},
		"EXPIRED":     {"AWAITING_CONFIG", "IN_PROGRESS", "FULFILLED", "REJECTED", "SKIPPED"},
		// Brought back by a person (PENDING, or AWAITING_CONFIG when
		// unmapped) or by a source listing it again.
		"SKIPPED": {"PENDING", "AWAITING_CONFIG", "IN_PROGRESS"},
	}
	wantPacket = map[string][]string{
		"INCOMPLETE": {"READY"},
		"READY":      {"INCOMPLETE", "UPLOADING"},
		"UPLOADING":  {"UPLOADED", "FAILED", "READY"},
		"UPLOADED":   {"INCOMPLETE", "READY"},
		"FAILED":     {"READY", "INCOMPLETE", "UPLOADING"},
	}
	wantPlacement = map[string][]string{
		"ACTIVE":    {"COMPLETED", "CANCELLED"},
		"COMPLETED": {"ACTIVE"},
		"CANCELLED": {"ACTIVE"},
	}
	wantJob = map[string][]string{
		"ACTIVE":      {"FILLED", "CLOSED", "UNAVAILABLE"},
		"FILLED":      {"ACTIVE", "CLOSED", "UNAVAILABLE"},
		"CLOSED":      {"ACTIVE", "FILLED", "UNAVAILABLE"},
		"UNAVAILABLE": {"ACTIVE", "FILLED", "CLOSED"},
	}
)

// Statuses no machine here has: a typo, another machine's status, a lower
// case spelling, nothing.
var strangers = []string{"", "pending", "DONE", "SUCCESS", "FAILED"}

func TestRequirementMachinesEveryTransition(t *testing.T) {
	tests := []struct {
		m       Machine
		name    string
		initial string
		want    map[string][]string
	}{
		{Requirement, "requirement", "PENDING", wantRequirement},
		{Packet, "packet", "INCOMPLETE", wantPacket},
		{Placement, "placement", "ACTIVE", wantPlacement},
		{Job, "job", "ACTIVE", wantJob},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.m.Name != tt.name || tt.m.Initial != tt.initial {
				t.Fatalf("machine %q starting %s, want %q starting %s", tt.m.Name, tt.m.Initial, tt.name, tt.initial)
			}
			states := slices.Sorted(maps.Keys(tt.want))
			if got := slices.Sorted(maps.Keys(tt.m.Next)); !slices.Equal(got, states) {
				t.Fatalf("states %v, want %v", got, states)
			}
			for from, next := range tt.m.Next {
				for _, to := range next {
					if _, ok := tt.m.Next[to]; !ok {
						t.Errorf("%s -> %s: unknown state", from, to)
					}
				}
				if tt.m.Terminal(from) {
					t.Errorf("%s is terminal: nothing can follow it", from)
				}
			}
			all := append(slices.Clone(states), strangers...)
			allowed, refused := 0, 0
			for _, from := range all {
				for _, to := range all {
					_, known := tt.want[from]
					ok := known && (from == to || slices.Contains(tt.want[from], to))
					err := tt.m.Check(from, to)
					if ok {
						allowed++
						if err != nil {
							t.Errorf("%s -> %s refused: %v", from, to, err)
						}
						continue
					}
					refused++
					want := fmt.Sprintf("%s cannot move from %s to %s", tt.name, from, to)
					e, isDomain := derrors.As(err)
					if !isDomain || e.Code != derrors.Conflict || e.Message != want {
						t.Errorf("%s -> %s: err %v, want conflict %q", from, to, err, want)
					}
				}
			}
			if allowed == 0 || refused == 0 {
				t.Errorf("%d allowed, %d refused: the table tests nothing", allowed, refused)
			}
		})
	}
}

// What the rows' statuses mean, step by step: each path is what the
// service does to a row, and each refusal is something it must not do.
func TestRequirementMeanings(t *testing.T) {
	paths := []struct {
		meaning string
		path    []string
	}{
		{"ingested, its work starts, a VALID document fulfils it", []string{"PENDING", "IN_PROGRESS", "FULFILLED"}},
		{"an INVALID document rejects it, a better one fulfils it", []string{"PENDING", "IN_PROGRESS", "REJECTED", "REJECTED", "FULFILLED"}},
		{"a document uploaded before the slot opened", []string{"PENDING", "FULFILLED"}},
		{"a second VALID document keeps it fulfilled", []string{"IN_PROGRESS", "FULFILLED", "FULFILLED"}},
		{"registry: no match found fulfils it", []string{"PENDING", "IN_PROGRESS", "FULFILLED"}},
		{"registry: a possible match leaves it for review, which clears it", []string{"IN_PROGRESS", "IN_PROGRESS", "FULFILLED"}},
		{"registry: a reviewer confirms the match", []string{"IN_PROGRESS", "IN_PROGRESS", "REJECTED"}},
		{"statement: in progress with its reason until it is rendered", []string{"PENDING", "IN_PROGRESS", "IN_PROGRESS"}},
		{"pass-through: a person marks it fulfilled", []string{"PENDING", "IN_PROGRESS", "FULFILLED"}},
		{"unmapped: waits, then moves on once mapped", []string{"AWAITING_CONFIG", "PENDING", "IN_PROGRESS", "FULFILLED"}},
		{"unmapped: its work starts as soon as it is mapped", []string{"AWAITING_CONFIG", "IN_PROGRESS"}},
		{"a fulfilled document expires, a new one fulfils it again", []string{"FULFILLED", "EXPIRED", "FULFILLED"}},
		{"an expired row's new document is INVALID", []string{"FULFILLED", "EXPIRED", "REJECTED"}},
		{"a fulfilling document deleted or found fraudulent", []string{"FULFILLED", "INVALIDATED", "IN_PROGRESS", "FULFILLED"}},
		{"an invalidated row's new document is INVALID", []string{"FULFILLED", "INVALIDATED", "REJECTED"}},
		{"a person skips a row and brings it back", []string{"IN_PROGRESS", "SKIPPED", "PENDING", "IN_PROGRESS"}},
		{"an unmapped skipped row comes back unmapped", []string{"AWAITING_CONFIG", "SKIPPED", "AWAITING_CONFIG"}},
		{"a source stops listing a fulfilled row, then lists it again", []string{"FULFILLED", "SKIPPED", "PENDING"}},
		{"skipped whatever it was", []string{"REJECTED", "SKIPPED"}},
		{"a mapping taken back", []string{"IN_PROGRESS", "AWAITING_CONFIG"}},
	}
	for _, p := range paths {
		for i := 1; i < len(p.path); i++ {
			if err := Requirement.Check(p.path[i-1], p.path[i]); err != nil {
				t.Errorf("%s: step %d: %v", p.meaning, i, err)
			}
		}
	}

	refusals := []struct {
		meaning, from, to string
	}{
		{"an unmapped row cannot be fulfilled", "AWAITING_CONFIG", "FULFILLED"},
		{"an unmapped row cannot be rejected", "AWAITING_CONFIG", "REJECTED"},
		{"a worse document never undoes a fulfilled row", "FULFILLED", "REJECTED"},
		{"only a fulfilled row expires", "IN_PROGRESS", "EXPIRED"},
		{"a rejected row has nothing to expire", "REJECTED", "EXPIRED"},
		{"only fulfilling evidence is invalidated", "PENDING", "INVALIDATED"},
		{"an expired row's evidence is not invalidated again", "EXPIRED", "INVALIDATED"},
		{"started work is not un-started", "IN_PROGRESS", "PENDING"},
		{"a fulfilled row is not ingested again", "FULFILLED", "PENDING"},
		{"a skipped row comes back before it is fulfilled", "SKIPPED", "FULFILLED"},
		{"a skipped row comes back before it is rejected", "SKIPPED", "REJECTED"},
		{"a skipped row does not expire", "SKIPPED", "EXPIRED"},
	}
	for _, r := range refusals {
		err := Requirement.Check(r.from, r.to)
		want := "requirement cannot move from " + r.from + " to " + r.to
		if e, ok := derrors.As(err); !ok || e.Code != derrors.Conflict || e.Message != want {
			t.Errorf("%s: err %v, want conflict %q", r.meaning, err, want)
		}
	}
}

func TestPacketPlacementJobMeanings(t *testing.T) {
	tests := []struct {
		meaning string
		m       Machine
		path    []string
	}{
		{"a packet is INCOMPLETE until its rows are done, then READY", Packet, []string{"INCOMPLETE", "READY"}},
		{"a READY packet whose document expires is INCOMPLETE again", Packet, []string{"INCOMPLETE", "READY", "INCOMPLETE", "READY"}},
		{"a packet is uploaded, its rows change, it is uploaded again", Packet, []string{"READY", "UPLOADING", "UPLOADED", "READY", "UPLOADING", "UPLOADED", "INCOMPLETE"}},
		{"a failed upload is sent again", Packet, []string{"READY", "UPLOADING", "FAILED", "UPLOADING", "UPLOADED"}},
		{"a placement completes", Placement, []string{"ACTIVE", "COMPLETED"}},
		{"a placement is cancelled and reinstated", Placement, []string{"ACTIVE", "CANCELLED", "ACTIVE"}},
		{"a completed placement is extended", Placement, []string{"ACTIVE", "COMPLETED", "ACTIVE"}},
		{"the VMS decides a job's status", Job, []string{"ACTIVE", "UNAVAILABLE", "ACTIVE", "FILLED", "CLOSED", "UNAVAILABLE", "FILLED", "ACTIVE"}},
	}
	for _, tt := range tests {
		for i := 1; i < len(tt.path); i++ {
			if err := tt.m.Check(tt.path[i-1], tt.path[i]); err != nil {
				t.Errorf("%s: step %d: %v", tt.meaning, i, err)
			}
		}
	}
	refusals := []struct {
		m        Machine
		from, to string
		message  string
	}{
		{Placement, "COMPLETED", "CANCELLED", "placement cannot move from COMPLETED to CANCELLED"},
		{Placement, "CANCELLED", "COMPLETED", "placement cannot move from CANCELLED to COMPLETED"},
		{Packet, "READY", "UPLOADED", "packet cannot move from READY to UPLOADED"},
		{Packet, "INCOMPLETE", "UPLOADING", "packet cannot move from INCOMPLETE to UPLOADING"},
		{Packet, "UPLOADED", "UPLOADING", "packet cannot move from UPLOADED to UPLOADING"},
		{Job, "ACTIVE", "OPEN", "job cannot move from ACTIVE to OPEN"},
	}
	for _, r := range refusals {
		err := r.m.Check(r.from, r.to)
		if e, ok := derrors.As(err); !ok || e.Code != derrors.Conflict || e.Message != r.message {
			t.Errorf("%s -> %s: err %v, want conflict %q", r.from, r.to, err, r.message)
		}
	}
}
