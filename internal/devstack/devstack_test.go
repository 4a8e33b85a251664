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
