package sampledocs

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"golang.org/x/text/encoding/charmap"
)

// Editing a finished PDF the way PDF editors save one: the file is parsed
// with pdfcpu, the objects an edit changes or adds are serialised with
// pdfcpu's types, and they are appended after the file's %%EOF as an
// incremental update: the objects, a cross-reference section of their
// offsets, and a trailer whose /Prev points to the previous section (ISO
// 32000-1 §7.5.6). The earlier revision stays in the file, byte for byte.
//
// pdfcpu's own incremental writer (api.WriteIncr) stamps the Info
// dictionary with its own Producer and the machine's clock; the forgeries
// and re-saves here need the Info their tool would write, dated before the
// day the documents are judged on, so the update is written here.

// pdfEdit is an incremental update being assembled on a PDF.
type pdfEdit struct {
	base []byte
	ctx  *model.Context
	// objs are the serialised objects of the update by number.
	objs map[int]string
	next int
	// prev is the offset of the base's last cross-reference section.
	prev int
	info int
}

func pdfcpuConf() *model.Configuration {
	c := model.NewDefaultConfiguration()
	c.ValidationMode = model.ValidationRelaxed
	return c
}

var lastStartxref = regexp.MustCompile(`startxref\s+(\d+)\s+%%EOF\s*$`)

func newPDFEdit(pdf []byte) (*pdfEdit, error) {
	ctx, err := api.ReadContext(bytes.NewReader(pdf), pdfcpuConf())
	if err != nil {
		return nil, fmt.Errorf("sampledocs: read PDF to edit: %w", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, fmt.Errorf("sampledocs: read PDF to edit: %w", err)
	}
	m := lastStartxref.FindSubmatch(pdf)
	if m == nil {
		return nil, fmt.Errorf("sampledocs: PDF to edit has no startxref at its end")
	}
	prev, _ := strconv.Atoi(string(m[1]))
	e := &pdfEdit{base: pdf, ctx: ctx, objs: map[int]string{}, next: *ctx.XRefTable.Size, prev: prev}
	if ctx.Info != nil {
		e.info = ctx.Info.ObjectNumber.Value()
	}
	return e, nil
}

// pages is the file's page count.
func (e *pdfEdit) pages() int { return e.ctx.PageCount }

// page returns page n's dictionary (a copy to change) and object number.
func (e *pdfEdit) page(n int) (types.Dict, int, error) {
	d, ir, _, err := e.ctx.PageDict(n, false)
	if err != nil {
		return nil, 0, err
	}
	if ir == nil {
		return nil, 0, fmt.Errorf("sampledocs: page %d is not an indirect object", n)
	}
	return d.Clone().(types.Dict), ir.ObjectNumber.Value(), nil
}

// content returns page n's content, decoded and concatenated.
func (e *pdfEdit) content(n int) ([]byte, error) {
	d, _, err := e.page(n)
	if err != nil {
		return nil, err
	}
	o, err := e.ctx.Dereference(d["Contents"])
	if err != nil {
		return nil, err
	}
	var parts []types.Object
	switch v := o.(type) {
	case types.StreamDict:
		parts = []types.Object{v}
	case types.Array:
		parts = v
	default:
		return nil, fmt.Errorf("sampledocs: page %d has no content", n)
	}
	var out []byte
	for _, p := range parts {
		sd, _, err := e.ctx.DereferenceStreamDict(p)
		if err != nil || sd == nil {
			return nil, fmt.Errorf("sampledocs: page %d content: %v", n, err)
		}
		c := *sd
		if c.Content == nil {
			if err := c.Decode(); err != nil {
				return nil, err
			}
		}
		out = append(out, c.Content...)
		out = append(out, '\n')
	}
	return out, nil
}

// resources returns page n's resource dictionary as a copy to change.
func (e *pdfEdit) resources(n int) (types.Dict, error) {
	_, _, inh, err := e.ctx.PageDict(n, false)
	if err != nil {
		return nil, err
	}
	if inh == nil || inh.Resources == nil {
		return types.Dict{}, nil
	}
	res := inh.Resources.Clone().(types.Dict)
	for _, k := range []string{"Font", "XObject"} {
		if sub, err := e.ctx.DereferenceDict(res[k]); err == nil && sub != nil {
			res[k] = sub.Clone().(types.Dict)
		}
	}
	return res, nil
}

// set writes obj as object n in the update.
func (e *pdfEdit) set(n int, obj types.Object) {
	e.objs[n] = fmt.Sprintf("%d 0 obj\n%s\nendobj\n", n, obj.PDFString())
}

// add writes obj as a new object and returns its reference.
func (e *pdfEdit) add(obj types.Object) types.IndirectRef {
	n := e.next
	e.next++
	e.set(n, obj)
	return *types.NewIndirectRef(n, 0)
}

// addStream adds a stream object holding data: content is Flate-encoded,
// anything in dict (an image's) is kept and data written as it is.
func (e *pdfEdit) addStream(dict types.Dict, data []byte, flate bool) types.IndirectRef {
	if dict == nil {
		dict = types.Dict{}
	}
	if flate {
		var b bytes.Buffer
		w := zlib.NewWriter(&b)
		w.Write(data)
		w.Close()
		data = b.Bytes()
		dict["Filter"] = types.Name("FlateDecode")
	}
	dict["Length"] = types.Integer(len(data))
	n := e.next
	e.next++
	e.objs[n] = fmt.Sprintf("%d 0 obj\n%s\nstream\n%s\nendstream\nendobj\n", n, dict.PDFString(), data)
	return *types.NewIndirectRef(n, 0)
}

// standardFont adds a standard 14 font resource and returns its reference.
func (e *pdfEdit) standardFont(base string) types.IndirectRef {
	return e.add(types.Dict{"Type": types.Name("Font"), "Subtype": types.Name("Type1"),
		"BaseFont": types.Name(base), "Encoding": types.Name("WinAnsiEncoding")})
}

// setInfo replaces the Info dictionary (a new one when the file had none).
func (e *pdfEdit) setInfo(producer, creator string, created, modified time.Time) {
	d := types.Dict{"Producer": types.StringLiteral(pdfText(producer)),
		"CreationDate": types.StringLiteral(pdfDate(created)), "ModDate": types.StringLiteral(pdfDate(modified))}
	if creator != "" {
		d["Creator"] = types.StringLiteral(pdfText(creator))
	}
	if e.info == 0 {
		e.info = e.add(d).ObjectNumber.Value()
		return
	}
	e.set(e.info, d)
}

// pdfDate writes a time as a PDF date string with its zone.
func pdfDate(t time.Time) string {
	_, off := t.Zone()
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	return fmt.Sprintf("D:%s%s%02d'%02d'", t.Format("20060102150405"), sign, off/3600, off%3600/60)
}

// pdfText escapes a string for a PDF literal.
func pdfText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(s)
}

// bytes returns the file with the update appended.
func (e *pdfEdit) bytes() []byte {
	var b bytes.Buffer
	b.Write(e.base)
	if !bytes.HasSuffix(e.base, []byte("\n")) {
		b.WriteByte('\n')
	}
	nums := make([]int, 0, len(e.objs))
	for n := range e.objs {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	offsets := map[int]int{}
	for _, n := range nums {
		offsets[n] = b.Len()
		b.WriteString(e.objs[n])
	}
	xref := b.Len()
	b.WriteString("xref\n")
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && nums[j+1] == nums[j]+1 {
			j++
		}
		fmt.Fprintf(&b, "%d %d\n", nums[i], j-i+1)
		for k := i; k <= j; k++ {
			fmt.Fprintf(&b, "%010d 00000 n \n", offsets[nums[k]])
		}
		i = j + 1
	}
	trailer := types.Dict{"Size": types.Integer(e.next), "Prev": types.Integer(e.prev)}
	if e.ctx.Root != nil {
		trailer["Root"] = *e.ctx.Root
	}
	if e.info != 0 {
		trailer["Info"] = *types.NewIndirectRef(e.info, 0)
	}
	if e.ctx.ID != nil {
		trailer["ID"] = e.ctx.ID
	}
	fmt.Fprintf(&b, "trailer\n%s\nstartxref\n%d\n%%%%EOF\n", trailer.PDFString(), xref)
	return b.Bytes()
}

// winAnsi encodes text for a standard font's WinAnsiEncoding, the way the
// documents' own text is written.
func winAnsi(s string) string {
	out, err := charmap.Windows1252.NewEncoder().String(asciiFoldIfNeeded(s))
	if err != nil {
		return asciiFold(s)
	}
	return out
}

// asciiFoldIfNeeded keeps what Windows-1252 can print and folds the rest.
func asciiFoldIfNeeded(s string) string {
	if _, err := charmap.Windows1252.NewEncoder().String(s); err == nil {
		return s
	}
	return asciiFold(s)
}

// stringWidth measures s in a standard font at size, in points.
func stringWidth(fam, style string, size float64, s string) float64 {
	m := fpdf.New("P", "pt", "Letter", "")
	m.SetFont(fam, style, size)
	return m.GetStringWidth(winAnsi(s))
}

// baseFont names a standard 14 font.
func baseFont(fam, style string) string {
	switch fam {
	case "Times":
		return map[string]string{"": "Times-Roman", "B": "Times-Bold", "I": "Times-Italic", "BI": "Times-BoldItalic"}[style]
	case "Courier":
		return map[string]string{"": "Courier", "B": "Courier-Bold", "I": "Courier-Oblique", "BI": "Courier-BoldOblique"}[style]
	}
	return map[string]string{"": "Helvetica", "B": "Helvetica-Bold", "I": "Helvetica-Oblique", "BI": "Helvetica-BoldOblique"}[style]
}

// runShow matches the text object that shows one run, whichever way the
// document positions it (Td or Tm).
func runShow(text string) *regexp.Regexp {
	return regexp.MustCompile(`BT\s+(?:1 0 0 1\s+)?[-\d.]+\s+[-\d.]+\s+T[dm]\s+\(` + regexp.QuoteMeta(pdfEscape(winAnsi(text))) + `\)\s*Tj\s+ET`)
}
