package fraud

// Forgeries made the way forgers make them, for the tests: incremental
// updates appended with pdfcpu (a page's content stream replaced, a box
// and new text drawn over the old, an annotation laid on the page,
// metadata or a signature field added), the same edits saved as one new
// revision, and the evidence the pipeline would hand Assess for a file.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/clearedtostart/compliance/internal/pdfforge"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
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
	return pdfforge.AppendRevision(t, pdf, func(ctx *model.Context) ([]int, error) {
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
		ref, obj := pdfforge.NewStream(t, ctx, []byte(b.String()))
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
