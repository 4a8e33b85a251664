package fraud

// Forgeries made the way forgers make them, for the tests: incremental
// updates appended with pdfcpu (a page's content stream replaced, a box
// and new text drawn over the old, an annotation laid on the page,
// metadata or a signature field added), the same edits saved as one new
// revision, and the evidence the pipeline would hand Assess for a file.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// clean renders one sampledocs document of a type and layout.
func clean(t testing.TB, typ, variant string, seed uint64) (sampledocs.Doc, []byte) {
	t.Helper()
	r := sampledocs.Seeded(seed)
	p := sampledocs.NewPerson(r)
	d := sampledocs.Generate(r, typ, p, sampledocs.Options{Variant: variant})
	pdf, err := sampledocs.RenderPDF(d)
	if err != nil {
		t.Fatal(err)
	}
	return d, pdf
}

// evidence is what the pipeline hands Assess for a whole file judged as
// one document: the text layers read by pdfdoc, the upload read by
// ReadUpload, the file's Info.
func evidence(t testing.TB, pdf []byte, docType string, fields map[string]any, asOf time.Time) Evidence {
	t.Helper()
	doc, err := pdfdoc.Open(pdf)
	if err != nil {
		t.Fatal(err)
	}
	pages := make([]int, doc.Info.PageCount)
	for i := range pages {
		pages[i] = i + 1
	}
	texts, err := pdfdoc.Texts(doc.Data(), pages)
	if err != nil {
		t.Fatal(err)
	}
	lays := make([]pagetext.Page, len(texts))
	for i, pt := range texts {
		lays[i] = pt.Layout
	}
	up, err := ReadUpload(pdf)
	if err != nil {
		t.Fatal(err)
	}
	in := doc.Info
	return Evidence{
		File:         FileMeta{Producer: in.Producer, Creator: in.Creator, CreationDate: in.CreationDate, ModDate: in.ModDate, Revisions: in.Revisions},
		DocumentType: docType, Fields: fields, AsOf: asOf, Pages: lays, Upload: up,
	}
}

func pdfConf() *model.Configuration {
	c := model.NewDefaultConfiguration()
	c.ValidationMode = model.ValidationRelaxed
	return c
}

// appendRevision appends an incremental update to pdf: edit changes the
// parsed file and returns the object numbers it changed or added, which
// pdfcpu writes after the original's %%EOF with a new xref section.
func appendRevision(t testing.TB, pdf []byte, edit func(ctx *model.Context) ([]int, error)) []byte {
	t.Helper()
	ctx, err := api.ReadContext(bytes.NewReader(pdf), pdfConf())
	if err != nil {
		t.Fatal(err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	objs, err := edit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range objs {
		ctx.Write.IncrementWithObjNr(n)
	}
	path := filepath.Join(t.TempDir(), "f.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := api.WriteIncr(ctx, f, pdfConf()); err != nil {
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

// rewrite saves pdf as one revision (what "Save As" or a PDF optimiser
// does): the incremental history is gone, what the pages draw stays.
func rewrite(t testing.TB, pdf []byte) []byte {
	t.Helper()
	ctx, err := api.ReadContext(bytes.NewReader(pdf), pdfConf())
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := api.WriteContext(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pageContent returns page n's decoded content and its page dict's object
// number.
func pageContent(t testing.TB, ctx *model.Context, n int) ([]byte, types.Dict, int) {
	t.Helper()
	d, ir, _, err := ctx.PageDict(n, false)
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	o, _ := ctx.Dereference(d["Contents"])
	var parts []types.Object
	switch v := o.(type) {
	case types.StreamDict:
		parts = []types.Object{v}
	case types.Array:
		parts = v
	}
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
		out = append(out, c.Content...)
		out = append(out, '\n')
	}
	return out, d, ir.ObjectNumber.Value()
}

// newStream adds a Flate-encoded stream object holding content.
func newStream(t testing.TB, ctx *model.Context, content []byte) (types.IndirectRef, int) {
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

// replaceText is an editor changing printed text: an incremental update
// whose new content stream for page n shows new where the old one showed
// old (the strings as the content stream spells them).
func replaceText(t testing.TB, pdf []byte, n int, old, new string) []byte {
	t.Helper()
	return appendRevision(t, pdf, func(ctx *model.Context) ([]int, error) {
		content, d, pageObj := pageContent(t, ctx, n)
		if !bytes.Contains(content, []byte(old)) {
			return nil, fmt.Errorf("page %d does not show %q", n, old)
		}
		ref, obj := newStream(t, ctx, bytes.ReplaceAll(content, []byte(old), []byte(new)))
		d["Contents"] = ref
		return []int{pageObj, obj}, nil
	})
}

// overlay is drawing over a page the way "add text" tools do: a content
// stream appended to the page that paints a white box (when box is set)
// over a region and then shows new text in a font of the tool's; the
// original text stays in the file under the box.
type overlay struct {
	page int
	// box is x, y, w, h of the white box in PDF points (y up); zero: none.
	box [4]float64
	// font is a standard 14 font; size and x, y place the text.
	font       string
	size, x, y float64
	text       string
}

func (o overlay) apply(t testing.TB, pdf []byte) []byte {
	t.Helper()
	return appendRevision(t, pdf, func(ctx *model.Context) ([]int, error) {
		d, ir, inh, err := ctx.PageDict(o.page, false)
		if err != nil {
			return nil, err
		}
		// A font resource of the tool's own: a resources dict for the page.
		res := inh.Resources.Clone().(types.Dict)
		fonts := types.Dict{}
		if fd, err := ctx.DereferenceDict(res["Font"]); err == nil && fd != nil {
			fonts = fd.Clone().(types.Dict)
		}
		fontRef, err := ctx.IndRefForNewObject(types.Dict{"Type": types.Name("Font"), "Subtype": types.Name("Type1"),
			"BaseFont": types.Name(o.font), "Encoding": types.Name("WinAnsiEncoding")})
		if err != nil {
			return nil, err
		}
		fonts["FForged"] = *fontRef
		res["Font"] = fonts
		d["Resources"] = res
		var b strings.Builder
		if o.box != [4]float64{} {
			fmt.Fprintf(&b, "q 1 1 1 rg %.2f %.2f %.2f %.2f re f Q\n", o.box[0], o.box[1], o.box[2], o.box[3])
		}
		if o.text != "" {
			fmt.Fprintf(&b, "BT 0 0 0 rg /FForged %.2f Tf 1 0 0 1 %.2f %.2f Tm (%s) Tj ET\n", o.size, o.x, o.y, o.text)
		}
		ref, obj := newStream(t, ctx, []byte(b.String()))
		old := d["Contents"]
		arr := types.Array{}
		if a, ok := old.(types.Array); ok {
			arr = append(arr, a...)
		} else {
			arr = append(arr, old)
		}
		d["Contents"] = append(arr, ref)
		return []int{ir.ObjectNumber.Value(), obj, fontRef.ObjectNumber.Value()}, nil
	})
}

// textAt finds where a page draws text (the first run starting with it):
// its box in PDF points, y up, and its font size.
func textAt(t testing.TB, pdf []byte, page int, text string) (x0, y0, x1, y1, size float64) {
	t.Helper()
	up, err := ReadUpload(pdf)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range up.pages[page-1].marks {
		if m.Text == text {
			return m.Box.X0, m.Box.Y0, m.Box.X1, m.Box.Y1, m.Size
		}
	}
	var seen []string
	for _, m := range up.pages[page-1].marks {
		seen = append(seen, m.Text)
	}
	t.Fatalf("page %d does not show %q (it shows %q)", page, text, seen)
	return
}

// printedDate returns how page n's content stream spells an ISO date,
// trying the forms the layouts print.
func printedDate(t testing.TB, pdf []byte, n int, iso string) string {
	t.Helper()
	ctx, err := api.ReadContext(bytes.NewReader(pdf), pdfConf())
	if err != nil {
		t.Fatal(err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	content, _, _ := pageContent(t, ctx, n)
	d, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"01/02/2006", "1/2/2006", "01-02-2006", "January 2, 2006", "Jan 2, 2006", "02 Jan 2006",
		"02 JAN 2006", "2 January 2006", "2006-01-02", "01/02/06", "1/2/06", "01.02.2006", "Jan 02, 2006", "JAN 02 2006"} {
		s := strings.ToUpper(d.Format(l))
		if strings.Contains(l, "Jan") && !strings.Contains(l, "JAN") {
			s = d.Format(l)
		}
		if bytes.Contains(content, []byte("("+s)) || bytes.Contains(content, []byte(" "+s+")")) || bytes.Contains(content, []byte("("+s+")")) {
			return s
		}
	}
	t.Fatalf("page %d does not print %s in a form the test knows", n, iso)
	return ""
}
