package heldout

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"golang.org/x/text/encoding/charmap"
)

// This file edits PDFs the way editors and forgers do, at the level of the
// file's own syntax: text runs replaced inside a page's content stream,
// drawings appended after it, and the result saved as an incremental update
// (new object versions, an xref section and a trailer whose /Prev points at
// the earlier one) as Acrobat's "Save" does. pdfcpu reads the objects; the
// bytes of each revision are written here so that nothing but the edit
// changes (pdfcpu's own writer would restamp Producer and dates).

// pdfDoc is a parsed PDF whose objects can be re-versioned.
type pdfDoc struct {
	data []byte
	ctx  *model.Context
}

func openPDF(data []byte) (*pdfDoc, error) {
	ctx, err := api.ReadContext(bytes.NewReader(data), pdfConfig())
	if err != nil {
		return nil, fmt.Errorf("read pdf: %w", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, fmt.Errorf("page count: %w", err)
	}
	return &pdfDoc{data: data, ctx: ctx}, nil
}

// pageRef is the object number of page n (1-based) and its dict.
func (p *pdfDoc) page(n int) (int, types.Dict, error) {
	d, ref, _, err := p.ctx.PageDict(n, false)
	if err != nil {
		return 0, nil, err
	}
	if ref == nil || d == nil {
		return 0, nil, fmt.Errorf("page %d not found", n)
	}
	return ref.ObjectNumber.Value(), d, nil
}

// contents returns the object number and decoded bytes of a page's single
// content stream.
func (p *pdfDoc) contents(page types.Dict) (int, []byte, error) {
	ref, ok := page["Contents"].(types.IndirectRef)
	if !ok {
		return 0, nil, errors.New("page contents is not one indirect stream")
	}
	sd, _, err := p.ctx.DereferenceStreamDict(ref)
	if err != nil || sd == nil {
		return 0, nil, fmt.Errorf("content stream: %v", err)
	}
	if err := sd.Decode(); err != nil {
		return 0, nil, err
	}
	return ref.ObjectNumber.Value(), sd.Content, nil
}

// fonts maps a page's font resource names to their dicts, and returns the
// object number of the font resource dict when it is an indirect object.
func (p *pdfDoc) fonts(page types.Dict) (map[string]types.Dict, error) {
	res, err := p.ctx.DereferenceDict(page["Resources"])
	if err != nil || res == nil {
		return nil, fmt.Errorf("page resources: %v", err)
	}
	fd, err := p.ctx.DereferenceDict(res["Font"])
	if err != nil {
		return nil, err
	}
	out := map[string]types.Dict{}
	for k, v := range fd {
		d, err := p.ctx.DereferenceDict(v)
		if err != nil || d == nil {
			continue
		}
		out[k] = d
	}
	return out, nil
}

// cmap is a font's ToUnicode map: code (hex) to text and back.
type cmap struct {
	toText map[string]string
	toCode map[string]string
}

var (
	bfcharRe  = regexp.MustCompile(`<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>`)
	bfrangeRe = regexp.MustCompile(`<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>`)
	sectionRe = regexp.MustCompile(`(?s)begin(bfchar|bfrange)(.*?)end(bfchar|bfrange)`)
)

func (p *pdfDoc) toUnicode(font types.Dict) (cmap, error) {
	m := cmap{toText: map[string]string{}, toCode: map[string]string{}}
	sd, _, err := p.ctx.DereferenceStreamDict(font["ToUnicode"])
	if err != nil || sd == nil {
		return m, fmt.Errorf("font has no ToUnicode map")
	}
	if err := sd.Decode(); err != nil {
		return m, err
	}
	for _, sec := range sectionRe.FindAllStringSubmatch(string(sd.Content), -1) {
		if sec[1] == "bfchar" {
			for _, mm := range bfcharRe.FindAllStringSubmatch(sec[2], -1) {
				m.add(strings.ToLower(mm[1]), utf16Hex(mm[2]))
			}
			continue
		}
		for _, mm := range bfrangeRe.FindAllStringSubmatch(sec[2], -1) {
			lo, _ := strconv.ParseUint(mm[1], 16, 32)
			hi, _ := strconv.ParseUint(mm[2], 16, 32)
			dst, _ := strconv.ParseUint(mm[3], 16, 32)
			for c := lo; c <= hi && c-lo < 512; c++ {
				m.add(fmt.Sprintf("%0*x", len(mm[1]), c), string(rune(dst+c-lo)))
			}
		}
	}
	return m, nil
}

func (m cmap) add(code, text string) {
	m.toText[code] = text
	if _, ok := m.toCode[text]; !ok {
		m.toCode[text] = code
	}
}

func utf16Hex(h string) string {
	var units []uint16
	for i := 0; i+4 <= len(h); i += 4 {
		v, _ := strconv.ParseUint(h[i:i+4], 16, 16)
		units = append(units, uint16(v))
	}
	var out []rune
	for i := 0; i < len(units); i++ {
		u := rune(units[i])
		if u >= 0xD800 && u < 0xDC00 && i+1 < len(units) {
			u = (u-0xD800)<<10 + (rune(units[i+1]) - 0xDC00) + 0x10000
			i++
		}
		out = append(out, u)
	}
	return string(out)
}

// token is one lexical element of a content stream.
type token struct {
	kind       byte // 'n' number, '/' name, '<' hex string, '(' literal, '[' ']', 'd' dict bracket, 'o' operator
	text       string
	start, end int
}

func lexContent(b []byte) ([]token, error) {
	var out []token
	isDelim := func(c byte) bool { return strings.IndexByte("()<>[]{}/% \t\r\n\f\x00", c) >= 0 }
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0:
			i++
		case c == '%':
			for i < len(b) && b[i] != '\n' && b[i] != '\r' {
				i++
			}
		case c == '[' || c == ']':
			out = append(out, token{c, string(c), i, i + 1})
			i++
		case c == '<' && i+1 < len(b) && b[i+1] == '<', c == '>' && i+1 < len(b) && b[i+1] == '>':
			out = append(out, token{'d', string(b[i : i+2]), i, i + 2})
			i += 2
		case c == '<':
			j := bytes.IndexByte(b[i:], '>')
			if j < 0 {
				return nil, errors.New("unterminated hex string")
			}
			out = append(out, token{'<', string(b[i+1 : i+j]), i, i + j + 1})
			i += j + 1
		case c == '(':
			depth, j := 0, i
			for ; j < len(b); j++ {
				if b[j] == '\\' {
					j++
					continue
				}
				if b[j] == '(' {
					depth++
				} else if b[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(b) {
				return nil, errors.New("unterminated string")
			}
			out = append(out, token{'(', string(b[i+1 : j]), i, j + 1})
			i = j + 1
		case c == '/':
			j := i + 1
			for j < len(b) && !isDelim(b[j]) {
				j++
			}
			out = append(out, token{'/', string(b[i+1 : j]), i, j})
			i = j
		default:
			j := i
			for j < len(b) && !isDelim(b[j]) {
				j++
			}
			if j == i {
				return nil, fmt.Errorf("unexpected byte %q in content", c)
			}
			w := string(b[i:j])
			kind := byte('o')
			if _, err := strconv.ParseFloat(w, 64); err == nil {
				kind = 'n'
			}
			out = append(out, token{kind, w, i, j})
			i = j
		}
	}
	return out, nil
}

// op is an operator with its operands.
type op struct {
	name       string
	args       []token
	start, end int
}

func parseOps(b []byte) ([]op, error) {
	toks, err := lexContent(b)
	if err != nil {
		return nil, err
	}
	var ops []op
	var args []token
	for _, t := range toks {
		if t.kind != 'o' {
			args = append(args, t)
			continue
		}
		start := t.start
		if len(args) > 0 {
			start = args[0].start
		}
		ops = append(ops, op{name: t.text, args: args, start: start, end: t.end})
		args = nil
	}
	return ops, nil
}

// glyph is one shown code with the kerning before it.
type glyph struct {
	code string
	text string
	kern string // TJ adjustment written before the glyph, "" if none
}

// run is a text-showing operator decoded.
type run struct {
	op
	font string
	size float64
	gs   []glyph
}

func (r run) text() string {
	var s strings.Builder
	for _, g := range r.gs {
		s.WriteString(g.text)
	}
	return s.String()
}

// runs decodes every Tj and TJ of a content stream with the fonts' maps.
func runs(ops []op, maps map[string]cmap) []run {
	var out []run
	font, size := "", 0.0
	for _, o := range ops {
		switch o.name {
		case "Tf":
			if len(o.args) == 2 {
				font = o.args[0].text
				size, _ = strconv.ParseFloat(o.args[1].text, 64)
			}
		case "Tj", "TJ":
			m, ok := maps[font]
			if !ok {
				continue
			}
			r := run{op: o, font: font, size: size}
			kern := ""
			for _, a := range o.args {
				switch a.kind {
				case 'n':
					kern = a.text
				case '<':
					h := strings.ToLower(strings.Join(strings.Fields(a.text), ""))
					for i := 0; i+4 <= len(h); i += 4 {
						r.gs = append(r.gs, glyph{code: h[i : i+4], text: m.toText[h[i:i+4]], kern: kern})
						kern = ""
					}
				}
			}
			out = append(out, r)
		}
	}
	return out
}

// textEdit replaces target, printed in one text run of a page, by repl.
type textEdit struct {
	target, repl string
	// font is a standard font to draw repl in ("" keeps the run's own font
	// when it has every glyph repl needs, else uses fallback).
	font, fallback string
	// scale multiplies the run's size, rise lifts the baseline (text space).
	scale, rise float64
}

// editPage rewrites a content stream: the run printing e.target loses those
// glyphs and shows e.repl in their place. It reports whether a new font
// resource named resName is needed.
func editContent(content []byte, maps map[string]cmap, e textEdit, resName string) ([]byte, bool, error) {
	ops, err := parseOps(content)
	if err != nil {
		return nil, false, err
	}
	for _, r := range runs(ops, maps) {
		txt := r.text()
		at := strings.Index(txt, e.target)
		if at < 0 {
			continue
		}
		g0, g1, ok := glyphSpan(r.gs, at, at+len(e.target))
		if !ok {
			continue
		}
		var b strings.Builder
		if g0 > 0 {
			b.WriteString(tjOf(r.gs[:g0]))
		}
		needFont := false
		sameFont := e.font == ""
		var codes []string
		if sameFont {
			m := maps[r.font]
			for _, c := range e.repl {
				code, ok := m.toCode[string(c)]
				if !ok {
					sameFont = false
					break
				}
				codes = append(codes, code)
			}
		}
		size := r.size
		if e.scale != 0 {
			size = r.size * e.scale
		}
		if e.rise != 0 {
			fmt.Fprintf(&b, "%.2f Ts\n", e.rise)
		}
		if sameFont {
			if size != r.size {
				fmt.Fprintf(&b, "/%s %s Tf\n", r.font, num(size))
			}
			fmt.Fprintf(&b, "<%s> Tj\n", strings.Join(codes, ""))
		} else {
			needFont = true
			fmt.Fprintf(&b, "/%s %s Tf\n%s Tj\n", resName, num(size), pdfLiteral(e.repl))
		}
		if e.rise != 0 {
			b.WriteString("0 Ts\n")
		}
		if needFont || size != r.size {
			fmt.Fprintf(&b, "/%s %s Tf\n", r.font, num(r.size))
		}
		if g1 < len(r.gs) {
			b.WriteString(tjOf(r.gs[g1:]))
		}
		out := append([]byte{}, content[:r.start]...)
		out = append(out, b.String()...)
		out = append(out, content[r.end:]...)
		return out, needFont, nil
	}
	return nil, false, fmt.Errorf("text %q not found in one run", e.target)
}

// glyphSpan maps a byte range of a run's text to its glyphs.
func glyphSpan(gs []glyph, from, to int) (int, int, bool) {
	pos, g0, g1 := 0, -1, -1
	for i, g := range gs {
		if pos == from {
			g0 = i
		}
		pos += len(g.text)
		if pos == to {
			g1 = i + 1
			break
		}
	}
	return g0, g1, g0 >= 0 && g1 > g0
}

func tjOf(gs []glyph) string {
	var b strings.Builder
	b.WriteString("[")
	for i, g := range gs {
		if g.kern != "" && i > 0 {
			b.WriteString(g.kern)
		}
		b.WriteString("<" + g.code + ">")
	}
	b.WriteString("] TJ\n")
	return b.String()
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// pdfLiteral is s as a WinAnsi literal string.
func pdfLiteral(s string) string {
	enc, err := charmap.Windows1252.NewEncoder().String(s)
	if err != nil {
		enc = s
	}
	r := strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`)
	return "(" + r.Replace(enc) + ")"
}

// standardFont is a font dict of one of the standard 14 fonts, as editors
// add when the document's own subset lacks the glyphs typed.
func standardFont(base string) string {
	return fmt.Sprintf("<< /Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding >>", base)
}

// revision is an incremental update being written.
type revision struct {
	doc   *pdfDoc
	next  int
	objs  map[int][]byte
	dicts map[int]types.Dict // dict objects versioned in this revision
	// trailer entries to set besides Size, Prev, Root, Info.
	info *int
}

func (p *pdfDoc) update() *revision {
	n := 0
	if p.ctx.Size != nil {
		n = *p.ctx.Size
	}
	if m := p.ctx.MaxObjNr + 1; m > n {
		n = m
	}
	return &revision{doc: p, next: n, objs: map[int][]byte{}, dicts: map[int]types.Dict{}}
}

func (r *revision) replace(nr int, body string) { r.objs[nr] = []byte(body) }

func (r *revision) replaceDict(nr int, d types.Dict) {
	r.dicts[nr] = d
	r.objs[nr] = []byte(d.PDFString())
}

// dict resolves o, preferring a version written in this revision.
func (r *revision) dict(o types.Object) (types.Dict, error) {
	if ref, ok := o.(types.IndirectRef); ok {
		if d, ok := r.dicts[ref.ObjectNumber.Value()]; ok {
			return d, nil
		}
	}
	return r.doc.ctx.DereferenceDict(o)
}

func (r *revision) add(body string) int {
	nr := r.next
	r.next++
	r.objs[nr] = []byte(body)
	return nr
}

// stream is a stream object's text, Flate-compressed.
func stream(dict string, data []byte) string {
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(data)
	w.Close()
	dict = strings.TrimSuffix(strings.TrimSpace(dict), ">>")
	if dict == "" {
		dict = "<<"
	}
	return fmt.Sprintf("%s /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream", dict, z.Len(), z.Bytes())
}

// rawStream is a stream object's text, uncompressed (an XMP packet must
// stay readable by tools that do not inflate it).
func rawStream(dict string, data []byte) string {
	dict = strings.TrimSuffix(strings.TrimSpace(dict), ">>")
	return fmt.Sprintf("%s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

var startxrefRe = regexp.MustCompile(`startxref\s+(\d+)\s+%%EOF\s*$`)

// bytes appends the update to the document: the changed and new objects,
// an xref section with one subsection per run of numbers, and a trailer
// pointing back at the previous xref.
func (r *revision) bytes() ([]byte, error) {
	m := startxrefRe.FindSubmatch(r.doc.data)
	if m == nil {
		return nil, errors.New("no startxref at the end of the file")
	}
	prev := string(m[1])
	var out bytes.Buffer
	out.Write(r.doc.data)
	if !bytes.HasSuffix(r.doc.data, []byte("\n")) {
		out.WriteByte('\n')
	}
	var nrs []int
	for nr := range r.objs {
		nrs = append(nrs, nr)
	}
	sort.Ints(nrs)
	offsets := map[int]int{}
	for _, nr := range nrs {
		offsets[nr] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", nr, r.objs[nr])
	}
	xref := out.Len()
	out.WriteString("xref\n")
	for i := 0; i < len(nrs); {
		j := i
		for j+1 < len(nrs) && nrs[j+1] == nrs[j]+1 {
			j++
		}
		fmt.Fprintf(&out, "%d %d\n", nrs[i], j-i+1)
		for k := i; k <= j; k++ {
			fmt.Fprintf(&out, "%010d 00000 n\r\n", offsets[nrs[k]])
		}
		i = j + 1
	}
	ctx := r.doc.ctx
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root %s", r.next, ctx.Root.PDFString())
	switch {
	case r.info != nil:
		fmt.Fprintf(&out, " /Info %d 0 R", *r.info)
	case ctx.Info != nil:
		fmt.Fprintf(&out, " /Info %s", ctx.Info.PDFString())
	}
	if len(ctx.ID) == 2 {
		fmt.Fprintf(&out, " /ID %s", ctx.ID.PDFString())
	}
	fmt.Fprintf(&out, " /Prev %s >>\nstartxref\n%d\n%%%%EOF\n", prev, xref)
	return out.Bytes(), nil
}

// infoDict is the document's Info dictionary with entries set (a nil
// value removes one).
func (p *pdfDoc) infoDict(set map[string]string) string {
	d := types.NewDict()
	if p.ctx.Info != nil {
		if old, err := p.ctx.DereferenceDict(*p.ctx.Info); err == nil {
			for k, v := range old {
				d[k] = v
			}
		}
	}
	for k, v := range set {
		d[k] = types.StringLiteral(escapeLiteral(v))
	}
	return d.PDFString()
}

func escapeLiteral(s string) string {
	return strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`).Replace(s)
}

func pdfDate(t time.Time) string { return "D:" + t.UTC().Format("20060102150405") + "Z" }

// xmpPacket is an XMP packet with the creator tool and, when history is
// set, an xmpMM:History of save events.
func xmpPacket(creatorTool, producer string, created, modified time.Time, history []xmpEvent) []byte {
	var h strings.Builder
	if len(history) > 0 {
		h.WriteString("<xmpMM:History><rdf:Seq>")
		for _, ev := range history {
			fmt.Fprintf(&h, `<rdf:li rdf:parseType="Resource"><stEvt:action>%s</stEvt:action><stEvt:instanceID>xmp.iid:%s</stEvt:instanceID><stEvt:when>%s</stEvt:when><stEvt:softwareAgent>%s</stEvt:softwareAgent><stEvt:changed>/</stEvt:changed></rdf:li>`,
				ev.action, ev.id, ev.when.Format(time.RFC3339), ev.agent)
		}
		h.WriteString("</rdf:Seq></xmpMM:History>")
	}
	return []byte(fmt.Sprintf(`<?xpacket begin="%s" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 9.1-c001 79.a8d4753, 2023/03/23-08:56:37">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#" xmlns:dc="http://purl.org/dc/elements/1.1/">
<xmp:CreatorTool>%s</xmp:CreatorTool>
<xmp:CreateDate>%s</xmp:CreateDate>
<xmp:ModifyDate>%s</xmp:ModifyDate>
<xmp:MetadataDate>%s</xmp:MetadataDate>
<pdf:Producer>%s</pdf:Producer>
<dc:format>application/pdf</dc:format>
%s
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`, "\ufeff", creatorTool, created.Format(time.RFC3339), modified.Format(time.RFC3339),
		modified.Format(time.RFC3339), producer, h.String()))
}

type xmpEvent struct {
	action, id, agent string
	when              time.Time
}

// imagePDF is a one-page PDF of a JPEG as image editors export it: the
// picture filling the page, and the editor's Info (and XMP when given).
func imagePDF(jpg []byte, w, h int, gray bool, dpi float64, info map[string]string, xmp []byte) []byte {
	pw, ph := float64(w)*72/dpi, float64(h)*72/dpi
	cs := "/DeviceRGB"
	if gray {
		cs = "/DeviceGray"
	}
	var objs []string
	objs = append(objs, "<< /Type /Catalog /Pages 2 0 R"+map[bool]string{true: " /Metadata 7 0 R", false: ""}[xmp != nil]+" >>")
	objs = append(objs, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	objs = append(objs, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>", pw, ph))
	objs = append(objs, stream("<<>>", []byte(fmt.Sprintf("q\n%.2f 0 0 %.2f 0 0 cm\n/Im0 Do\nQ\n", pw, ph))))
	objs = append(objs, fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n%s\nendstream", w, h, cs, len(jpg), jpg))
	d := types.NewDict()
	for k, v := range info {
		d[k] = types.StringLiteral(escapeLiteral(v))
	}
	objs = append(objs, d.PDFString())
	if xmp != nil {
		objs = append(objs, rawStream("<< /Type /Metadata /Subtype /XML >>", xmp))
	}
	var out bytes.Buffer
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f\r\n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&out, "%010d 00000 n\r\n", o)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R /Info 6 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return out.Bytes()
}
