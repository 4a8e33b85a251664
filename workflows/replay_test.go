package workflows

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"
)

// nonDeterminismCode prefixes the SDK's error for a history that today's
// workflow code does not reproduce.
const nonDeterminismCode = "[TMPRL1100]"

// TestReplay replays the recorded histories in testdata (recorded from real
// runs by `go test ./httpapi/ -record-histories`) against today's workflow
// code: a change that would break running workflows fails here, and must go
// behind workflow.GetVersion.
func TestReplay(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"IntakeWorkflow": false, "DocumentScanWorkflow": false, "PurgeWorkflow": false,
		"RegistryCheckWorkflow": false, "RegistryRefreshWorkflow": false,
		"JobSyncWorkflow": false, "PlacementSyncWorkflow": false, "RequirementExpiryWorkflow": false,
		"PacketUploadWorkflow": false, "StatementWorkflow": false}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			hist := readHistory(t, path)
			typ := hist.Events[0].GetWorkflowExecutionStartedEventAttributes().GetWorkflowType().GetName()
			want[typ] = true
			if err := replayer().ReplayWorkflowHistory(nil, hist); err != nil {
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

// TestReplayCatchesNondeterminism shows the harness catches a break: the
// histories in testdata/nondeterministic were recorded from workflow code
// changed without workflow.GetVersion (see httpapi's
// TestReplayCatchesAnUnversionedChange), and today's code must refuse them
// with the SDK's non-determinism error.
func TestReplayCatchesNondeterminism(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "nondeterministic", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no recorded non-deterministic history in testdata/nondeterministic")
	}
	// The replayer logs the panic it turns into the error.
	quiet := tlog.NewStructuredLogger(slog.New(slog.DiscardHandler))
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			err := replayer().ReplayWorkflowHistory(quiet, readHistory(t, path))
			if err == nil {
				t.Fatal("a history of changed workflow code replayed without error")
			}
			if !strings.Contains(err.Error(), nonDeterminismCode) {
				t.Fatalf("err = %v, want the non-determinism error %s", err, nonDeterminismCode)
			}
		})
	}
}

func replayer() worker.WorkflowReplayer {
	r := worker.NewWorkflowReplayer()
	Register(r)
	return r
}

func readHistory(t *testing.T, path string) *history.History {
	t.Helper()
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
	return hist
}
