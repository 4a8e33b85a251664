package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestFilesSortedWithTheirBytes(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b/2.txt", "a-b/1.txt", "a/3.txt", "a/skip.json"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("text of "+name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := Files(t, filepath.Join(dir, "*", "*.txt"))
	want := []string{"a-b/1.txt", "a/3.txt", "b/2.txt"}
	if len(got) != len(want) {
		t.Fatalf("got %d files, want %d: %+v", len(got), len(want), got)
	}
	for i, name := range want {
		if got[i].Path != filepath.Join(dir, name) || string(got[i].Data) != "text of "+name {
			t.Errorf("file %d = %s %q, want %s", i, got[i].Path, got[i].Data, name)
		}
	}
}

// fatalTB records the failure of a test run on it and stops that test's
// goroutine, as testing.T does.
type fatalTB struct {
	testing.TB
	failure string
}

func (f *fatalTB) Helper() {}

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.failure = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func TestFilesFailsWhenNothingMatches(t *testing.T) {
	tb := &fatalTB{TB: t}
	pattern := filepath.Join(t.TempDir(), "*.txt")
	done := make(chan []File)
	go func() {
		defer close(done)
		done <- Files(tb, pattern)
	}()
	if files, returned := <-done; returned {
		t.Fatalf("returned %+v for a pattern matching nothing", files)
	}
	if tb.failure != "no fixtures: <nil>" {
		t.Fatalf("failure %q", tb.failure)
	}
}
