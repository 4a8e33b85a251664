// Package lifecycle holds the state machines of the service's objects in one
// place: which status may follow which. The store checks every change
// against them inside the transaction that makes it, and records it in the
// audit trail.
package lifecycle

import (
	"fmt"
	"slices"

	"github.com/clearedtostart/compliance/derrors"
)

// Machine is one object's status machine.
type Machine struct {
	Name    string
	Initial string
	// Next lists the statuses each status may move to.
	Next map[string][]string
}

// Check reports whether from may move to to. Staying put is allowed, so a
// retried step that already happened is a no-op rather than an error.
func (m Machine) Check(from, to string) error {
	if from == to {
		if _, ok := m.Next[from]; ok {
			return nil
		}
	}
	if slices.Contains(m.Next[from], to) {
		return nil
	}
	return derrors.Newf(derrors.Conflict, "%s cannot move from %s to %s", m.Name, from, to)
}

// Terminal reports whether no status follows s.
func (m Machine) Terminal(s string) bool {
	next, ok := m.Next[s]
	return ok && len(next) == 0
}

// IntakeScan is an intake's scan_status. The spec shows no IN_PROGRESS for
// intakes: an intake is PENDING until every segment has been judged.
var IntakeScan = pendingThrough("intake", "SUCCESS")

// SegmentScan is a segment's scan_status.
var SegmentScan = pendingThrough("segment", "SUCCESS")

// DocumentScan is a document scan's scanStatus.
var DocumentScan = pendingThrough("document scan", "IN_PROGRESS", "SUCCESS")

// ScanTask is the status of a document scan's SCAN task.
var ScanTask = pendingThrough("scan task", "IN_PROGRESS", "COMPLETED")

// pendingThrough is the machine of a scan's status: it starts PENDING and
// moves through steps in order, the last of them ending it; until then any
// status may move to FAILED, which ends it too.
func pendingThrough(name string, steps ...string) Machine {
	next := map[string][]string{"FAILED": {}}
	from := "PENDING"
	for _, s := range steps {
		next[from] = []string{s, "FAILED"}
		from = s
	}
	next[from] = []string{}
	return Machine{Name: name, Initial: "PENDING", Next: next}
}

// TaskStatusFor maps a scan status to its task's status.
func TaskStatusFor(scanStatus string) string {
	switch scanStatus {
	case "SUCCESS":
		return "COMPLETED"
	default:
		return scanStatus
	}
}

func init() {
	for _, m := range []Machine{IntakeScan, SegmentScan, DocumentScan, ScanTask} {
		for from, next := range m.Next {
			for _, to := range next {
				if _, ok := m.Next[to]; !ok {
					panic(fmt.Sprintf("lifecycle: %s: %s -> %s: unknown state", m.Name, from, to))
				}
			}
		}
	}
}
