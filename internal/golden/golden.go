// Package golden compares a test's output with a file under testdata/ and
// rewrites the file when the test binary runs with -update: the one
// golden-file mechanism of the project's tests. It also reads the fixture
// files such tests run over (Files).
package golden

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/ from the current output")

// Check compares got with the file at path, or writes got there under
// -update. A difference fails the test with the lines that changed.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the tests with -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s changed; run the tests with -update and review the diff:\n%s", path, LineDiff(string(want), string(got)))
	}
}

// LineDiff lists the lines that differ, want as "-" and got as "+".
func LineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "- %s\n+ %s\n", wl, gl)
		}
	}
	return b.String()
}

// File is one fixture file under testdata/.
type File struct {
	// Path is the path as the pattern matched it.
	Path string
	Data []byte
}

// Files reads every file matching pattern (filepath.Glob), sorted by path,
// so that a fixture added to the tree is tested without being listed. A
// pattern matching nothing fails the test: a fixture tree that moved would
// otherwise test nothing.
func Files(t testing.TB, pattern string) []File {
	t.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	slices.Sort(paths)
	files := make([]File, 0, len(paths))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, File{Path: p, Data: b})
	}
	return files
}
