package activities

import (
	"errors"
	"os"
	"testing"

	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/workflows"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		name      string
		err       error
		typ       string
		retryable bool
	}{
		{"file problem", pdfdoc.ErrEncrypted, workflows.ErrBadFile, false},
		{"wrapped file problem", errors.Join(errors.New("open"), pdfdoc.ErrCorrupt), workflows.ErrBadFile, false},
		{"deleted row", derrors.ErrNotFound, workflows.ErrGone, false},
		{"deleted blob", blobstore.ErrNotFound, workflows.ErrGone, false},
		{"database down", derrors.New(derrors.Unavailable, "down"), "", true},
		{"anything else", errors.New("disk full"), "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := classify(tt.err)
			var appErr *temporal.ApplicationError
			if errors.As(err, &appErr) {
				if tt.retryable || appErr.Type() != tt.typ || !appErr.NonRetryable() {
					t.Fatalf("got %s non-retryable=%v", appErr.Type(), appErr.NonRetryable())
				}
				if tt.typ == workflows.ErrBadFile {
					var p workflows.FileProblem
					if err := appErr.Details(&p); err != nil || p.Code == "" || p.Message == "" {
						t.Fatalf("file problem details: %+v %v", p, err)
					}
				}
				return
			}
			if !tt.retryable {
				t.Fatalf("%v was left retryable", err)
			}
		})
	}
	if classify(nil) != nil {
		t.Fatal("nil became an error")
	}
}

func TestPDFCache(t *testing.T) {
	c, err := newPDFCache(t.TempDir(), 2)
	if err != nil {
		t.Fatal(err)
	}
	loads := 0
	load := func(b string) func() ([]byte, error) {
		return func() ([]byte, error) { loads++; return []byte(b), nil }
	}
	p1, err := c.path("a", load("A"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.path("a", load("A")); err != nil || loads != 1 {
		t.Fatalf("a cached blob was downloaded again (%d loads)", loads)
	}
	_, _ = c.path("b", load("B"))
	_, _ = c.path("c", load("C"))
	if _, err := os.Stat(p1); !os.IsNotExist(err) {
		t.Fatal("the least recently used file was not evicted")
	}
	if b, _ := os.ReadFile(c.file("c")); string(b) != "C" {
		t.Fatalf("cached content = %q", b)
	}
	c.forget("c")
	if _, err := os.Stat(c.file("c")); !os.IsNotExist(err) {
		t.Fatal("a forgotten file remains")
	}
	if _, err := c.path("d", func() ([]byte, error) { return nil, errors.New("gone") }); err == nil {
		t.Fatal("a failed download was cached")
	}
}
