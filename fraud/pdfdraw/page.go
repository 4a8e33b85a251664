package pdfdraw

import (
	"bytes"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/filter"
	pfont "github.com/pdfcpu/pdfcpu/pkg/font"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// PageImage is an image a page draws, as stored in the file.
type PageImage struct {
	// Obj is the image XObject's object number.
	Obj int
	// Filter is the last filter of its stream ("DCTDecode" for a JPEG).
	Filter string
	// Raw is the stream as stored (for DCTDecode, a JPEG file).
	Raw []byte
	// Decoded holds the samples when the stream's filters are ones pdfcpu
	// decodes (Flate, LZW, ...); nil otherwise.
	Decoded []byte
	Width   int
	Height  int
	// Components is 1 (gray), 3 (RGB) or 4 (CMYK); 0 when the colour
	// space is none of these.
	Components int
	Bits       int
	// Box is where the page draws it (its largest placement).
	Box    Rect
	Masked bool
}

// Page is what one page paints.
type Page struct {
	MediaBox Rect
	Marks    []Mark
	// Images are the page's image XObjects, once each.
	Images []PageImage
	// Content is the page's own content, its streams joined.
	Content []byte
	// Annotations are the page's annotations: subtype and rectangle.
	Annotations []Annotation
}

// Annotation is one annotation of a page.
type Annotation struct {
	Subtype string
	Rect    Rect
	// Appearance is true when it carries a normal appearance that viewers
	// paint.
	Appearance bool
	Hidden     bool
	// FieldType is a widget's field type ("Sig" for a signature field).
	FieldType string
}

// ReadPage replays page pageNr (1-based) of a parsed PDF. The xref table
// is read only, but pdfcpu caches decoded streams into its objects: callers
// must not read one table from several goroutines at once.
func ReadPage(x *model.XRefTable, pageNr int) (p *Page, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("pdfdraw: page %d: panic: %v\n%s", pageNr, r, debug.Stack())
		}
	}()
	d, _, inh, err := x.PageDict(pageNr, false)
	if err != nil {
		return nil, err
	}
	if d == nil {
		return nil, fmt.Errorf("pdfdraw: page %d has no dictionary", pageNr)
	}
	p = &Page{MediaBox: Rect{X0: 0, Y0: 0, X1: 612, Y1: 792}}
	if inh != nil && inh.MediaBox != nil {
		mb := inh.MediaBox
		p.MediaBox = Rect{X0: min(mb.LL.X, mb.UR.X), Y0: min(mb.LL.Y, mb.UR.Y), X1: max(mb.LL.X, mb.UR.X), Y1: max(mb.LL.Y, mb.UR.Y)}
	}
	var resDict types.Dict
	if inh != nil {
		resDict = inh.Resources
	}
	res := NewResources(x, resDict)
	p.Content = pageContent(x, d)
	p.Marks = Replay(p.Content, res)
	after := len(p.Marks)
	if after > 0 {
		after = p.Marks[after-1].Seq
	}
	annots, _ := x.DereferenceArray(d["Annots"])
	for _, a := range annots {
		ad, err := x.DereferenceDict(a)
		if err != nil || ad == nil {
			continue
		}
		an := Annotation{Rect: rectOf(x, ad["Rect"])}
		if st := ad.Subtype(); st != nil {
			an.Subtype = *st
		}
		if ft := ad.NameEntry("FT"); ft != nil {
			an.FieldType = *ft
		} else if parent, err := x.DereferenceDict(ad["Parent"]); err == nil && parent != nil {
			if ft := parent.NameEntry("FT"); ft != nil {
				an.FieldType = *ft
			}
		}
		if fl, err := x.DereferenceInteger(ad["F"]); err == nil && fl != nil {
			// Hidden (bit 2) and NoView (bit 6).
			an.Hidden = fl.Value()&(1<<1) != 0 || fl.Value()&(1<<5) != 0
		}
		ap := res.appearance(ad)
		an.Appearance = ap != nil
		p.Annotations = append(p.Annotations, an)
		if ap == nil || an.Hidden {
			continue
		}
		bbox := Rect{X0: 0, Y0: 0, X1: an.Rect.X1 - an.Rect.X0, Y1: an.Rect.Y1 - an.Rect.Y0}
		if b, ok := ap.bbox(); ok {
			bbox = b
		}
		ms := ReplayAnnotation(after, an.Subtype, &ap.XObject, bbox, an.Rect)
		if len(ms) > 0 {
			after = ms[len(ms)-1].Seq
		}
		p.Marks = append(p.Marks, ms...)
	}
	p.Images = res.placedImages(p.Marks)
	return p, nil
}

// pageContent joins a page's content streams. Each is decoded on its own
// and a newline put between them: a stream may end mid-token otherwise.
func pageContent(x *model.XRefTable, d types.Dict) []byte {
	o, ok := d.Find("Contents")
	if !ok || o == nil {
		return nil
	}
	o, err := x.Dereference(o)
	if err != nil || o == nil {
		return nil
	}
	var parts []types.Object
	switch v := o.(type) {
	case types.StreamDict:
		parts = []types.Object{v}
	case types.Array:
		parts = v
	}
	var out []byte
	for _, part := range parts {
		sd, _, err := x.DereferenceStreamDict(part)
		if err != nil || sd == nil {
			continue
		}
		if b := decoded(sd); b != nil {
			out = append(out, b...)
			out = append(out, '\n')
		}
	}
	return out
}

// decoded returns a stream's decoded content (nil when it cannot be
// decoded). The stream dict is a copy: decoding does not write into the
// table.
func decoded(sd *types.StreamDict) []byte {
	if sd.Content != nil {
		return sd.Content
	}
	c := *sd
	if err := c.Decode(); err != nil {
		return nil
	}
	return c.Content
}

func rectOf(x *model.XRefTable, o types.Object) Rect {
	a, err := x.DereferenceArray(o)
	if err != nil || len(a) != 4 {
		return Rect{}
	}
	var v [4]float64
	for i := range v {
		f, err := x.DereferenceNumber(a[i])
		if err != nil {
			return Rect{}
		}
		v[i] = f
	}
	return Rect{X0: min(v[0], v[2]), Y0: min(v[1], v[3]), X1: max(v[0], v[2]), Y1: max(v[1], v[3])}
}

// PDFResources reads a resource dictionary of a pdfcpu xref table. It
// caches fonts and forms as it reads them and is for one goroutine.
type PDFResources struct {
	x            *model.XRefTable
	d            types.Dict
	fonts        map[string]*Font
	xobjs        map[string]*XObject
	imageStreams map[int]*types.StreamDict
}

// NewResources reads names of d in x.
func NewResources(x *model.XRefTable, d types.Dict) *PDFResources {
	return &PDFResources{x: x, d: d, fonts: map[string]*Font{}, xobjs: map[string]*XObject{}, imageStreams: map[int]*types.StreamDict{}}
}

func (r *PDFResources) sub(kind, name string) types.Object {
	if r.d == nil {
		return nil
	}
	cat, err := r.x.DereferenceDict(r.d[kind])
	if err != nil || cat == nil {
		return nil
	}
	o, ok := cat.Find(name)
	if !ok {
		return nil
	}
	return o
}

// Font implements Resources.
func (r *PDFResources) Font(name string) *Font {
	if f, ok := r.fonts[name]; ok {
		return f
	}
	f := r.readFont(r.sub("Font", name))
	r.fonts[name] = f
	return f
}

func (r *PDFResources) readFont(o types.Object) *Font {
	f := &Font{}
	d, err := r.x.DereferenceDict(o)
	if err != nil || d == nil {
		return f
	}
	if ir, ok := o.(types.IndirectRef); ok {
		f.Obj = ir.ObjectNumber.Value()
	}
	if b := d.NameEntry("BaseFont"); b != nil {
		f.Base = *b
	}
	sub := ""
	if s := d.Subtype(); s != nil {
		sub = *s
	}
	if tu, _, err := r.x.DereferenceStreamDict(d["ToUnicode"]); err == nil && tu != nil {
		if b := decoded(tu); b != nil {
			f.ToUnicode = parseToUnicode(b)
		}
	}
	if sub == "Type0" {
		f.TwoByte = true
		f.Default = 1000
		desc, _ := r.x.DereferenceArray(d["DescendantFonts"])
		if len(desc) > 0 {
			if dd, err := r.x.DereferenceDict(desc[0]); err == nil && dd != nil {
				if dw, err := r.x.DereferenceNumber(dd["DW"]); err == nil && dw > 0 {
					f.Default = dw
				}
				f.Widths = r.cidWidths(dd["W"])
				r.program(f, dd)
			}
		}
		if len(f.Widths) > 0 {
			f.WidthsFrom = WidthsFile
		}
		return f
	}
	if sub == "Type3" {
		if fm, err := r.x.DereferenceArray(d["FontMatrix"]); err == nil && len(fm) == 6 {
			if a, err := r.x.DereferenceNumber(fm[0]); err == nil && a > 0 {
				f.Scale = a * 1000
			}
		}
	}
	first := 0
	if fc, err := r.x.DereferenceNumber(d["FirstChar"]); err == nil {
		first = int(fc)
	}
	if ws, err := r.x.DereferenceArray(d["Widths"]); err == nil && len(ws) > 0 {
		f.Widths = make(map[int]float64, len(ws))
		for i, w := range ws {
			if v, err := r.x.DereferenceNumber(w); err == nil {
				f.Widths[first+i] = v
			}
		}
	}
	if fd, err := r.x.DereferenceDict(d["FontDescriptor"]); err == nil && fd != nil {
		if mw, err := r.x.DereferenceNumber(fd["MissingWidth"]); err == nil && mw > 0 {
			f.Default = mw
		}
	}
	r.program(f, d)
	if len(f.Widths) > 0 {
		f.WidthsFrom = WidthsFile
	} else {
		base := f.Base
		if i := strings.IndexByte(base, '+'); i == 6 {
			base = base[i+1:]
		}
		if pfont.IsCoreFont(base) {
			f.Core = base
			f.WidthsFrom = WidthsCore
		}
	}
	return f
}

// program notes the embedded font program a font (or CIDFont)
// dictionary's descriptor points at: its object number and stored length.
func (r *PDFResources) program(f *Font, d types.Dict) {
	fd, err := r.x.DereferenceDict(d["FontDescriptor"])
	if err != nil || fd == nil {
		return
	}
	for _, k := range [...]string{"FontFile2", "FontFile", "FontFile3"} {
		o, ok := fd.Find(k)
		if !ok || o == nil {
			continue
		}
		if ir, ok := o.(types.IndirectRef); ok {
			f.Program = ir.ObjectNumber.Value()
		}
		sd, _, err := r.x.DereferenceStreamDict(o)
		if err != nil || sd == nil {
			return
		}
		if sd.StreamLength != nil {
			f.ProgramLen = int(*sd.StreamLength)
		} else {
			f.ProgramLen = len(sd.Raw)
		}
		return
	}
}

// cidWidths reads a CIDFont's W array: "c [w1 w2 ...]" and "c1 c2 w".
func (r *PDFResources) cidWidths(o types.Object) map[int]float64 {
	a, err := r.x.DereferenceArray(o)
	if err != nil || len(a) == 0 {
		return nil
	}
	out := map[int]float64{}
	for i := 0; i < len(a); {
		c, err := r.x.DereferenceNumber(a[i])
		if err != nil || i+1 >= len(a) {
			return out
		}
		if arr, err := r.x.DereferenceArray(a[i+1]); err == nil && arr != nil {
			for k, w := range arr {
				if v, err := r.x.DereferenceNumber(w); err == nil {
					out[int(c)+k] = v
				}
			}
			i += 2
			continue
		}
		if i+2 >= len(a) {
			return out
		}
		c2, err1 := r.x.DereferenceNumber(a[i+1])
		w, err2 := r.x.DereferenceNumber(a[i+2])
		if err1 != nil || err2 != nil || c2 < c || c2-c > 65535 {
			return out
		}
		for k := int(c); k <= int(c2); k++ {
			out[k] = w
		}
		i += 3
	}
	return out
}

// ExtGState implements Resources.
func (r *PDFResources) ExtGState(name string) ExtGState {
	var e ExtGState
	d, err := r.x.DereferenceDict(r.sub("ExtGState", name))
	if err != nil || d == nil {
		return e
	}
	if ca, err := r.x.DereferenceNumber(d["ca"]); err == nil {
		e.FillAlpha = &ca
	}
	if sm, ok := d.Find("SMask"); ok {
		o, _ := r.x.Dereference(sm)
		masked := true
		if n, ok := o.(types.Name); ok && n.Value() == "None" {
			masked = false
		}
		e.SoftMask = &masked
	}
	if bm, ok := d.Find("BM"); ok {
		o, _ := r.x.Dereference(bm)
		blend := true
		switch v := o.(type) {
		case types.Name:
			blend = v.Value() != "Normal" && v.Value() != "Compatible"
		case types.Array:
			if len(v) > 0 {
				if n, ok := v[0].(types.Name); ok {
					blend = n.Value() != "Normal" && n.Value() != "Compatible"
				}
			}
		}
		e.Blend = &blend
	}
	return e
}

// ColorSpace implements Resources.
func (r *PDFResources) ColorSpace(name string) (string, int) {
	o, err := r.x.Dereference(r.sub("ColorSpace", name))
	if err != nil || o == nil {
		return "", 0
	}
	return r.family(o)
}

func (r *PDFResources) family(o types.Object) (string, int) {
	switch v := o.(type) {
	case types.Name:
		switch v.Value() {
		case "DeviceGray", "CalGray", "G":
			return "DeviceGray", 1
		case "DeviceRGB", "CalRGB", "RGB":
			return "DeviceRGB", 3
		case "DeviceCMYK", "CMYK":
			return "DeviceCMYK", 4
		}
	case types.Array:
		if len(v) == 0 {
			return "", 0
		}
		n, _ := v[0].(types.Name)
		switch n.Value() {
		case "ICCBased":
			if len(v) < 2 {
				return "", 0
			}
			sd, _, err := r.x.DereferenceStreamDict(v[1])
			if err != nil || sd == nil {
				return "", 0
			}
			if c := sd.IntEntry("N"); c != nil {
				switch *c {
				case 1:
					return "DeviceGray", 1
				case 3:
					return "DeviceRGB", 3
				case 4:
					return "DeviceCMYK", 4
				}
			}
		case "CalGray":
			return "DeviceGray", 1
		case "CalRGB", "Lab":
			return "DeviceRGB", 3
		}
	}
	return "", 0
}

// XObject implements Resources.
func (r *PDFResources) XObject(name string) *XObject {
	if x, ok := r.xobjs[name]; ok {
		return x
	}
	o := r.sub("XObject", name)
	x := r.xobject(o)
	r.xobjs[name] = x
	return x
}

func (r *PDFResources) xobject(o types.Object) *XObject {
	sd, _, err := r.x.DereferenceStreamDict(o)
	if err != nil || sd == nil {
		return nil
	}
	obj := 0
	if ir, ok := o.(types.IndirectRef); ok {
		obj = ir.ObjectNumber.Value()
	}
	st := sd.Subtype()
	if st != nil && *st == "Image" {
		_, smask := sd.Find("SMask")
		_, mask := sd.Find("Mask")
		im := sd.BooleanEntry("ImageMask")
		if obj != 0 {
			r.imageStreams[obj] = sd
		}
		return &XObject{Obj: obj, IsImage: true, Masked: smask || mask || (im != nil && *im)}
	}
	x := &XObject{Obj: obj, Matrix: identity, Content: decoded(sd)}
	if m, err := r.x.DereferenceArray(sd.Dict["Matrix"]); err == nil && len(m) == 6 {
		for i := range x.Matrix {
			if v, err := r.x.DereferenceNumber(m[i]); err == nil {
				x.Matrix[i] = v
			}
		}
	}
	if rd, err := r.x.DereferenceDict(sd.Dict["Resources"]); err == nil && rd != nil {
		sub := NewResources(r.x, rd)
		sub.imageStreams = r.imageStreams
		x.Resources = sub
	}
	return x
}

// appearanceForm is an annotation's normal appearance and its box.
type appearanceForm struct {
	XObject
	sd *types.StreamDict
	x  *model.XRefTable
}

func (a *appearanceForm) bbox() (Rect, bool) {
	b := rectOf(a.x, a.sd.Dict["BBox"])
	return b, b.Area() > 0
}

func (r *PDFResources) appearance(ad types.Dict) *appearanceForm {
	ap, err := r.x.DereferenceDict(ad["AP"])
	if err != nil || ap == nil {
		return nil
	}
	n, ok := ap.Find("N")
	if !ok {
		return nil
	}
	o, err := r.x.Dereference(n)
	if err != nil || o == nil {
		return nil
	}
	if states, ok := o.(types.Dict); ok {
		as := ad.NameEntry("AS")
		if as == nil {
			return nil
		}
		n, ok = states.Find(*as)
		if !ok {
			return nil
		}
	}
	sd, _, err := r.x.DereferenceStreamDict(n)
	if err != nil || sd == nil {
		return nil
	}
	x := r.xobject(n)
	if x == nil || x.IsImage {
		return nil
	}
	if x.Resources == nil {
		// Viewers fall back to the page's resources.
		x.Resources = r
	}
	return &appearanceForm{XObject: *x, sd: sd, x: r.x}
}

// placedImages lists the image XObjects the marks drew, once each, with the
// largest box each was drawn in.
func (r *PDFResources) placedImages(marks []Mark) []PageImage {
	var out []PageImage
	at := map[int]int{}
	for _, m := range marks {
		if m.Kind != Image || m.ImageObj == 0 {
			continue
		}
		if k, ok := at[m.ImageObj]; ok {
			if m.Box.Area() > out[k].Box.Area() {
				out[k].Box = m.Box
			}
			continue
		}
		sd, ok := r.imageStreams[m.ImageObj]
		if !ok {
			continue
		}
		im := PageImage{Obj: m.ImageObj, Raw: sd.Raw, Box: m.Box, Masked: !m.Opaque}
		if n := len(sd.FilterPipeline); n > 0 {
			im.Filter = sd.FilterPipeline[n-1].Name
			if n == 2 && im.Filter == "DCTDecode" && sd.FilterPipeline[0].Name == filter.ASCII85 {
				// ReportLab wraps a scan's JPEG in ASCII85 by default: Raw
				// is the JPEG the image checks read.
				im.Raw = ascii85JPEG(sd.Raw)
			}
		}
		if w := sd.IntEntry("Width"); w != nil {
			im.Width = *w
		}
		if h := sd.IntEntry("Height"); h != nil {
			im.Height = *h
		}
		if b := sd.IntEntry("BitsPerComponent"); b != nil {
			im.Bits = *b
		}
		if cs, ok := sd.Find("ColorSpace"); ok {
			o, _ := r.x.Dereference(cs)
			_, im.Components = r.family(o)
		}
		if im.Filter != "DCTDecode" && im.Filter != "JPXDecode" && im.Filter != "JBIG2Decode" && im.Filter != "CCITTFaxDecode" {
			im.Decoded = decoded(sd)
		}
		at[m.ImageObj] = len(out)
		out = append(out, im)
	}
	return out
}

// ascii85JPEG decodes an ASCII85-encoded JPEG; nil when it is not one.
func ascii85JPEG(raw []byte) []byte {
	f, err := filter.NewFilter(filter.ASCII85, nil)
	if err != nil {
		return nil
	}
	r, err := f.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	b, err := io.ReadAll(r)
	if err != nil || !bytes.HasPrefix(b, []byte{0xff, 0xd8}) {
		return nil
	}
	return b
}
