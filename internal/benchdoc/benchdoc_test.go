package benchdoc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReplaceSection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "docs", "B.md")
	if err := ReplaceSection(path, "bench", "<!-- bench:start -->\nA1\n<!-- bench:end -->\n"); err != nil {
		t.Fatal(err)
	}
	if err := ReplaceSection(path, "eval", "<!-- eval:start -->\nE1\n<!-- eval:end -->\n"); err != nil {
		t.Fatal(err)
	}
	if err := ReplaceSection(path, "bench", "<!-- bench:start -->\nA2\n<!-- bench:end -->\n"); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	s := string(b)
	if !strings.HasPrefix(s, "# Benchmarks") || strings.Contains(s, "A1") || !strings.Contains(s, "A2") || !strings.Contains(s, "E1") ||
		strings.Index(s, "A2") > strings.Index(s, "E1") {
		t.Fatalf("file:\n%s", s)
	}
}
