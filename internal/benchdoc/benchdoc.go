// Package benchdoc keeps docs/BENCHMARKS.md: each measuring command
// (`make bench`, `make eval`) owns one marked section of the file and
// replaces only that, so the figures of one run never erase another's.
package benchdoc

import (
	"os"
	"path/filepath"
	"strings"
)

const header = "# Benchmarks and evaluation\n\nEvery figure here is written by the command named with it; rerun it to refresh.\n\n"

// ReplaceSection swaps the <!-- name:start --> … <!-- name:end --> block of
// the file at path for section (which carries its own markers), appending it
// when the file has none yet.
func ReplaceSection(path, name, section string) error {
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	s := string(old)
	if s == "" {
		s = header
	}
	startTag, endTag := "<!-- "+name+":start -->", "<!-- "+name+":end -->"
	i, j := strings.Index(s, startTag), strings.Index(s, endTag)
	if i >= 0 && j > i {
		s = s[:i] + strings.TrimSuffix(section, "\n") + s[j+len(endTag):]
	} else {
		s = strings.TrimRight(s, "\n") + "\n\n" + section
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(s), 0o644)
}
