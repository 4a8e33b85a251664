package workflows

import (
	"os"
	"path/filepath"
	"testing"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

// TestReplay replays the recorded histories in testdata (recorded from real
// runs by `go test ./httpapi/ -record-histories`) against today's workflow
// code: a change that would break running workflows fails here, and must go
// behind workflow.GetVersion.
func TestReplay(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"IntakeWorkflow": false, "DocumentScanWorkflow": false, "PurgeWorkflow": false}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			hist, err := client.HistoryFromJSON(f, client.HistoryJSONOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(hist.Events) == 0 {
				t.Fatal("empty history")
			}
			typ := hist.Events[0].GetWorkflowExecutionStartedEventAttributes().GetWorkflowType().GetName()
			want[typ] = true
			r := worker.NewWorkflowReplayer()
			r.RegisterWorkflow(IntakeWorkflow)
			r.RegisterWorkflow(DocumentScanWorkflow)
			r.RegisterWorkflow(PurgeWorkflow)
			if err := r.ReplayWorkflowHistory(nil, hist); err != nil {
				t.Fatalf("%s does not replay: %v", typ, err)
			}
		})
	}
	for typ, seen := range want {
		if !seen {
			t.Errorf("no recorded history of %s in testdata", typ)
		}
	}
}
