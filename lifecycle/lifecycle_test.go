package lifecycle

import (
	"testing"

	"github.com/clearedtostart/compliance/derrors"
)

func TestTransitions(t *testing.T) {
	tests := []struct {
		m        Machine
		from, to string
		ok       bool
	}{
		{IntakeScan, "PENDING", "SUCCESS", true},
		{IntakeScan, "PENDING", "FAILED", true},
		{IntakeScan, "SUCCESS", "SUCCESS", true},
		{IntakeScan, "SUCCESS", "FAILED", false},
		{IntakeScan, "FAILED", "PENDING", false},
		{IntakeScan, "PENDING", "IN_PROGRESS", false},
		{SegmentScan, "PENDING", "SUCCESS", true},
		{SegmentScan, "SUCCESS", "PENDING", false},
		{DocumentScan, "PENDING", "IN_PROGRESS", true},
		{DocumentScan, "PENDING", "SUCCESS", false},
		{DocumentScan, "IN_PROGRESS", "SUCCESS", true},
		{DocumentScan, "PENDING", "FAILED", true},
		{DocumentScan, "SUCCESS", "IN_PROGRESS", false},
		{ScanTask, "IN_PROGRESS", "COMPLETED", true},
		{ScanTask, "COMPLETED", "FAILED", false},
		{ScanTask, "NOPE", "NOPE", false},
	}
	for _, tt := range tests {
		err := tt.m.Check(tt.from, tt.to)
		if (err == nil) != tt.ok {
			t.Errorf("%s %s->%s: err=%v want ok=%v", tt.m.Name, tt.from, tt.to, err, tt.ok)
		}
		if err != nil && !derrors.Is(err, derrors.Conflict) {
			t.Errorf("%s %s->%s: code %s, want conflict", tt.m.Name, tt.from, tt.to, derrors.CodeOf(err))
		}
	}
	if !IntakeScan.Terminal("SUCCESS") || IntakeScan.Terminal("PENDING") {
		t.Error("Terminal is wrong")
	}
	if TaskStatusFor("SUCCESS") != "COMPLETED" || TaskStatusFor("FAILED") != "FAILED" {
		t.Error("TaskStatusFor is wrong")
	}
}
