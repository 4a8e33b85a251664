package devstack

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestLoadTemporalSettings(t *testing.T) {
	s, err := LoadTemporalSettings(filepath.Join("..", "..", "temporal-dev.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Namespace != "compliance" || s.SearchAttributes["IntakeId"] != "Keyword" || s.Ports.UI != 8233 {
		t.Fatalf("settings = %+v", s)
	}
	tm := &Temporal{cfg: TemporalConfig{Settings: s, Port: 7233, UIPort: 8233, DBFile: "x.db"}}
	args, err := tm.args()
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(args, " ")
	for _, want := range []string{"--namespace compliance", "--search-attribute AccountId=Keyword", "--db-filename x.db",
		"--dynamic-config-value system.enableActivityEagerExecution=true", "--sqlite-pragma journal_mode=wal", "--ui-port 8233"} {
		if !strings.Contains(joined, want) {
			t.Errorf("args lack %q: %s", want, joined)
		}
	}
	if !slices.Contains(args, "--ip") {
		t.Error("the dev server must bind an explicit address")
	}
}

func TestLoadTemporalSettingsRejects(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"no namespace": "search_attributes: {A: Keyword}\n",
		"bad type":     "namespace: x\nsearch_attributes: {A: Keywords}\n",
		"not yaml":     "namespace: [\n",
	} {
		p := filepath.Join(dir, "t.yaml")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadTemporalSettings(p); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestFindPostgresBin(t *testing.T) {
	dir, err := FindPostgresBin()
	if err != nil {
		t.Fatalf("PostgreSQL server binaries are required: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "initdb")); err != nil {
		t.Fatal(err)
	}
}

// TestStartTemporalAgainAfterEarlyExit: a dev server that dies while
// starting (as when another server took one of the ports it picked) is
// started again on fresh ports instead of failing the caller.
func TestStartTemporalAgainAfterEarlyExit(t *testing.T) {
	real, err := filepath.Abs(filepath.Join("..", "..", "bin", "temporal"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(real); err != nil {
		t.Fatalf("the Temporal CLI is required (make bin/temporal): %v", err)
	}
	dir := t.TempDir()
	marker := filepath.Join(dir, "started-once")
	wrapper := filepath.Join(dir, "temporal")
	script := "#!/bin/sh\nif [ ! -e " + marker + " ]; then\n  touch " + marker +
		"\n  echo 'panic: listen tcp 127.0.0.1:40001: bind: address already in use' >&2\n  exit 2\nfi\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := LoadTemporalSettings(filepath.Join("..", "..", "temporal-dev.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	logFile := filepath.Join(dir, "temporal.log")
	tm, err := StartTemporal(t.Context(), TemporalConfig{Binary: wrapper, Settings: s, Headless: true, LogFile: logFile})
	if err != nil {
		t.Fatalf("second start: %v", err)
	}
	defer tm.Stop()
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("the first start did not run")
	}
	if got := failureLine(logFile); !strings.Contains(got, "address already in use") {
		t.Errorf("failure line = %q", got)
	}
}
