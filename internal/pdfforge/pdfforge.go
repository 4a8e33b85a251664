// Package pdfforge alters PDFs the way forgers and editors do, for tests of
// the fraud checks: an incremental update appended with pdfcpu (a page's
// content stream replaced, objects added), the file saved again as one
// revision, and the lookups such edits need (a page's drawing, how it
// spells a date). Failures stop the calling test.
package pdfforge

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Conf is pdfcpu's configuration for reading the files tests make: relaxed,
// as real-world readers are.
func Conf() *model.Configuration {
	c := model.NewDefaultConfiguration()
	c.ValidationMode = model.ValidationRelaxed
	return c
}

// Read parses pdf with its page tree ready.
func Read(t testing.TB, pdf []byte) *model.Context {
	t.Helper()
	ctx, err := api.ReadContext(bytes.NewReader(pdf), Conf())
	if err != nil {
		t.Fatal(err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// AppendRevision appends an incremental update to pdf, as editors save:
// edit changes the parsed file and returns the object numbers it changed
// or added, which pdfcpu writes after the original's %%EOF with a new xref
// section.
func AppendRevision(t testing.TB, pdf []byte, edit func(ctx *model.Context) ([]int, error)) []byte {
	t.Helper()
	ctx := Read(t, pdf)
	objs, err := edit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range objs {
		ctx.Write.IncrementWithObjNr(n)
	}
	path := filepath.Join(t.TempDir(), "edited.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := api.WriteIncr(ctx, f, Conf()); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Rewrite saves pdf as one revision (what "Save As" or a PDF optimiser
// does): the incremental history is gone, what the pages draw stays.
func Rewrite(t testing.TB, pdf []byte) []byte {
	t.Helper()
	ctx, err := api.ReadContext(bytes.NewReader(pdf), Conf())
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := api.WriteContext(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// PageContent returns page n's decoded drawing instructions, its page dict
// and the dict's object number.
func PageContent(t testing.TB, ctx *model.Context, n int) ([]byte, types.Dict, int) {
	t.Helper()
	d, ir, _, err := ctx.PageDict(n, false)
	if err != nil {
		t.Fatal(err)
	}
	o, _ := ctx.Dereference(d["Contents"])
	var parts []types.Object
	switch v := o.(type) {
	case types.StreamDict:
		parts = []types.Object{v}
	case types.Array:
		parts = v
	}
	var out []byte
	for _, p := range parts {
		sd, _, err := ctx.DereferenceStreamDict(p)
		if err != nil || sd == nil {
			t.Fatalf("page %d content: %v", n, err)
		}
		c := *sd
		if c.Content == nil {
			if err := c.Decode(); err != nil {
				t.Fatal(err)
			}
		}
		out = append(append(out, c.Content...), '\n')
	}
	return out, d, ir.ObjectNumber.Value()
}

// NewStream adds a Flate-encoded stream object holding content.
func NewStream(t testing.TB, ctx *model.Context, content []byte) (types.IndirectRef, int) {
	t.Helper()
	sd, err := ctx.NewStreamDictForBuf(content)
	if err != nil {
		t.Fatal(err)
	}
	if err := sd.Encode(); err != nil {
		t.Fatal(err)
	}
	ir, err := ctx.IndRefForNewObject(*sd)
	if err != nil {
		t.Fatal(err)
	}
	return *ir, ir.ObjectNumber.Value()
}

// ReplaceText is an editor changing printed text in place: an incremental
// update whose new content stream for page n shows new where the old one
// showed old (the strings as the content stream spells them).
func ReplaceText(t testing.TB, pdf []byte, n int, old, new string) []byte {
	t.Helper()
	return AppendRevision(t, pdf, func(ctx *model.Context) ([]int, error) {
		content, d, pageObj := PageContent(t, ctx, n)
		if !bytes.Contains(content, []byte(old)) {
			return nil, fmt.Errorf("page %d does not show %q", n, old)
		}
		ref, obj := NewStream(t, ctx, bytes.ReplaceAll(content, []byte(old), []byte(new)))
		d["Contents"] = ref
		return []int{pageObj, obj}, nil
	})
}

// PrintedDate returns how page n's drawing spells an ISO date, among the
// forms the sample layouts print (as written and in capitals).
func PrintedDate(t testing.TB, pdf []byte, n int, iso string) string {
	t.Helper()
	content, _, _ := PageContent(t, Read(t, pdf), n)
	d, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		t.Fatal(err)
	}
	for _, layout := range []string{"01/02/2006", "1/2/2006", "01-02-2006", "January 2, 2006", "Jan 2, 2006", "02 Jan 2006",
		"2 January 2006", "2006-01-02", "01/02/06", "1/2/06", "01.02.2006", "Jan 02, 2006", "Jan 02 2006"} {
		for _, s := range []string{d.Format(layout), strings.ToUpper(d.Format(layout))} {
			if bytes.Contains(content, []byte("("+s)) || bytes.Contains(content, []byte(" "+s+")")) {
				return s
			}
		}
	}
	t.Fatalf("page %d does not print %s in a form the test knows", n, iso)
	return ""
}
