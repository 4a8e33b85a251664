// Package packetpdf compiles a compliance packet into the one PDF a
// hospital's vendor management system receives: the cover sheet first, then
// each fulfilling document in the packet's order, an outline (bookmarks)
// entry per requirement, and a "Page i of n" footer on every page.
//
// pdfcpu does the PDF work (merging, image import, outline, stamping). The
// output is deterministic: the same packet gives the same bytes, so a
// recompiled packet can be compared with the uploaded one.
package packetpdf

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // image.DecodeConfig of JPEG parts
	_ "image/png"  // image.DecodeConfig of PNG parts
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// CoverTitle is the outline entry of the cover sheet.
const CoverTitle = "Cover sheet"

// MaxPixels bounds one image part, as pdfdoc bounds uploads: a small file
// can declare dimensions whose decoding would take gigabytes.
const MaxPixels = 60_000_000

// Packet is what one packet group compiles from.
type Packet struct {
	// Title is printed in every page's footer.
	Title string
	// Cover is the cover sheet, a PDF (statements' "coversheet").
	Cover []byte
	// Parts are the fulfilling documents, already in the packet's sortOrder.
	Parts []Part
}

// Part is one fulfilling document.
type Part struct {
	// Title is the requirement's name; it becomes the part's bookmark.
	Title string
	// Content is a PDF, or a JPEG or PNG image (a phone scan).
	Content []byte
	// MimeType is the stored document's declared type. The content itself
	// decides how the part is read; the declared type only names it in
	// errors.
	MimeType string
}

// ErrBadPart matches (errors.Is) every PartError.
var ErrBadPart = errors.New("packetpdf: unusable packet part")

// PartError is a cover or part that cannot go into the packet: bad input no
// retry fixes, so the caller fails the compilation with Error() as reason.
type PartError struct {
	// Index is the part's position in Packet.Parts, -1 for the cover.
	Index int
	// Title is the part's requirement name (CoverTitle for the cover).
	Title  string
	Reason string
}

func (e *PartError) Error() string {
	if e.Index < 0 {
		return fmt.Sprintf("packetpdf: cover sheet: %s", e.Reason)
	}
	return fmt.Sprintf("packetpdf: part %d (%q): %s", e.Index+1, e.Title, e.Reason)
}

// Is makes errors.Is(err, ErrBadPart) true for every PartError.
func (e *PartError) Is(target error) bool { return target == ErrBadPart }

func init() {
	// pdfcpu would otherwise write a configuration folder into $HOME.
	api.DisableConfigDir()
}

func config() *model.Configuration {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	conf.Offline = true
	// A merged packet's outline is its own: the parts' bookmarks would
	// point into a document the reader does not see as such.
	conf.CreateBookmarks = false
	return conf
}

// Compile builds the packet's PDF. A cover or part that is not a readable
// PDF or a JPEG/PNG image is a *PartError naming it.
func Compile(ctx context.Context, p Packet) (out []byte, err error) {
	defer func() {
		// pdfcpu panics on some malformed input that passes parsing.
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("packetpdf: compile panic: %v", r)
		}
	}()
	if len(p.Cover) == 0 {
		return nil, &PartError{Index: -1, Title: CoverTitle, Reason: "missing"}
	}
	dest, err := readPDF(p.Cover)
	if err != nil {
		return nil, &PartError{Index: -1, Title: CoverTitle, Reason: err.Error()}
	}
	dest.EnsureVersionForWriting()

	bookmarks := []pdfcpu.Bookmark{{Title: CoverTitle, PageFrom: 1}}
	titles := map[string]int{CoverTitle: 1}
	for i, part := range p.Parts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		title := strings.Join(strings.Fields(part.Title), " ")
		if title == "" {
			return nil, &PartError{Index: i, Title: part.Title, Reason: "no requirement name for its bookmark"}
		}
		src, err := partPDF(part)
		if err != nil {
			return nil, &PartError{Index: i, Title: title, Reason: err.Error()}
		}
		first := dest.PageCount + 1
		if err := pdfcpu.MergeXRefTables(strconv.Itoa(i+1), src, dest, false, false); err != nil {
			return nil, &PartError{Index: i, Title: title, Reason: "merge: " + err.Error()}
		}
		bookmarks = append(bookmarks, pdfcpu.Bookmark{Title: uniqueTitle(titles, title), PageFrom: first})
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// replace: the cover's own outline (a renderer's headings) goes.
	if err := pdfcpu.AddBookmarks(dest, bookmarks, true); err != nil {
		return nil, fmt.Errorf("packetpdf: bookmarks: %w", err)
	}
	if err := stampFooters(dest, p.Title); err != nil {
		return nil, err
	}
	return write(dest, p.Title)
}

// uniqueTitle tells apart requirements of the same name (two references):
// pdfcpu keys each bookmark's destination by its title, so equal titles
// would point at one page.
func uniqueTitle(seen map[string]int, title string) string {
	seen[title]++
	if n := seen[title]; n > 1 {
		return fmt.Sprintf("%s (%d)", title, n)
	}
	return title
}

// readPDF parses one PDF; its errors are the reason in a PartError.
func readPDF(data []byte) (ctx *model.Context, err error) {
	defer func() {
		if r := recover(); r != nil {
			ctx, err = nil, fmt.Errorf("not a readable PDF (parser panic: %v)", r)
		}
	}()
	if !bytes.HasPrefix(bytes.TrimLeft(data[:min(len(data), 1024)], "\x00\t\r\n "), []byte("%PDF-")) {
		return nil, errors.New("not a PDF")
	}
	ctx, err = api.ReadAndValidate(bytes.NewReader(data), config())
	if err != nil {
		return nil, fmt.Errorf("not a readable PDF: %v", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, fmt.Errorf("not a readable PDF: %v", err)
	}
	if ctx.PageCount == 0 {
		return nil, errors.New("the PDF has no pages")
	}
	return ctx, nil
}

// partPDF reads a part as a PDF, turning an image into a one-page PDF
// first.
func partPDF(part Part) (*model.Context, error) {
	switch sniff(part.Content) {
	case "application/pdf":
		return readPDF(part.Content)
	case "image/jpeg", "image/png":
		pdf, err := imagePage(part.Content)
		if err != nil {
			return nil, err
		}
		return readPDF(pdf)
	default:
		declared := part.MimeType
		if declared == "" {
			declared = "no declared type"
		}
		return nil, fmt.Errorf("not a readable PDF or a supported image (JPEG, PNG) (%s, %d bytes)", declared, len(part.Content))
	}
}

func sniff(data []byte) string {
	switch {
	case len(data) == 0:
		return ""
	case bytes.HasPrefix(bytes.TrimLeft(data[:min(len(data), 1024)], "\x00\t\r\n "), []byte("%PDF-")):
		return "application/pdf"
	case bytes.HasPrefix(data, []byte("\xFF\xD8\xFF")):
		return "image/jpeg"
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	}
	return ""
}

// Letter paper, the page an image part is placed on.
const letterWidth, letterHeight = 612, 792

// imageScale leaves a margin around an image page so the footer does not
// print over the scan.
const imageScale = 0.9

// imagePage places an image on a Letter page, centred and scaled to fit
// (aspect kept), portrait or landscape as the image is.
func imagePage(data []byte) ([]byte, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a readable image: %v", err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, errors.New("not a readable image: no pixels")
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, fmt.Errorf("the image has %d×%d pixels, more than %d", cfg.Width, cfg.Height, MaxPixels)
	}
	dim := types.Dim{Width: letterWidth, Height: letterHeight}
	if cfg.Width > cfg.Height {
		dim = types.Dim{Width: letterHeight, Height: letterWidth}
	}
	imp := pdfcpu.DefaultImportConfig()
	imp.PageDim = &dim
	imp.PageSize = "Letter"
	imp.UserDim = true
	imp.Pos = types.Center
	imp.Scale = imageScale
	var out bytes.Buffer
	if err := api.ImportImages(nil, &out, []io.Reader{bytes.NewReader(data)}, imp, config()); err != nil {
		return nil, fmt.Errorf("not a readable image: %v", err)
	}
	return out.Bytes(), nil
}

// footerText is the footer's text in pdfcpu's stamp syntax, where %p is the
// page number and %P the page count.
func footerText(title string) string {
	title = strings.Join(strings.Fields(footerEscape(title)), " ")
	if title == "" {
		return "Page %p of %P"
	}
	return title + " - Page %p of %P"
}

// footerEscape keeps a title's own characters out of pdfcpu's stamp syntax:
// "%" starts a placeholder (%p, %P, %t, %v), and a literal "\n" breaks the
// line. pdfcpu's reader prints k percent signs for k+1, and then reads one
// more character as a placeholder letter, so a space goes between a percent
// sign and a following p, P, t or v.
func footerEscape(s string) string {
	s = strings.ReplaceAll(s, `\n`, `\ n`)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		j := i
		for j < len(s) && s[j] == '%' {
			j++
		}
		b.WriteString(strings.Repeat("%", j-i+1))
		if j < len(s) && strings.IndexByte("pPtv", s[j]) >= 0 {
			b.WriteByte(' ')
		}
		i = j - 1
	}
	return b.String()
}

// stampFooters prints the footer on every page, over the page's content so
// a full-bleed scan does not hide it.
func stampFooters(ctx *model.Context, title string) error {
	wm, err := api.TextWatermark(footerText(title),
		"font:Helvetica, points:9, scale:1 abs, rotation:0, opacity:1, fillcolor:#333333, position:bc, offset:0 14",
		true, false, types.POINTS)
	if err != nil {
		return fmt.Errorf("packetpdf: footer: %w", err)
	}
	if err := api.WatermarkContext(ctx, nil, wm); err != nil {
		return fmt.Errorf("packetpdf: footer: %w", err)
	}
	return nil
}

// write serialises the merged document reproducibly. pdfcpu numbers a
// merged document's objects in map order and writes them in map order,
// both different on each run, dates the information dictionary and hashes
// the time into the file identifier. So pdfcpu writes the document once
// (encoding every stream), reads it back, and the objects are then
// renumbered in a fixed order and written here in that order, with an
// information dictionary without dates and an identifier that is a hash of
// the file.
func write(merged *model.Context, title string) ([]byte, error) {
	var first bytes.Buffer
	if err := api.WriteContext(merged, &first); err != nil {
		return nil, fmt.Errorf("packetpdf: write: %w", err)
	}
	ctx, err := api.ReadContext(bytes.NewReader(first.Bytes()), config())
	if err != nil {
		return nil, fmt.Errorf("packetpdf: read back: %w", err)
	}
	objs, err := renumber(ctx)
	if err != nil {
		return nil, err
	}
	info := types.Dict{"Producer": types.StringLiteral("pdfcpu " + model.VersionStr)}
	if t := strings.Join(strings.Fields(title), " "); t != "" {
		enc, err := types.EscapedUTF16String(t)
		if err != nil {
			return nil, fmt.Errorf("packetpdf: title: %w", err)
		}
		info["Title"] = types.StringLiteral(*enc)
	}
	objs = append(objs, info)
	return serialise(objs, 1, len(objs))
}

// renumber lists the objects reachable from the document catalog in the
// order a breadth-first walk meets them (dictionary keys sorted), each
// reference rewritten to its new number (position + 1), so that equal
// documents give equal lists. The catalog is object 1.
func renumber(ctx *model.Context) ([]types.Object, error) {
	if ctx.Root == nil {
		return nil, errors.New("packetpdf: renumber: no document catalog")
	}
	numbers := map[int]int{}
	var queue []int // old object numbers, in the order of their new ones
	ref := func(r types.IndirectRef) types.IndirectRef {
		o := r.ObjectNumber.Value()
		n, ok := numbers[o]
		if !ok {
			queue = append(queue, o)
			n = len(queue)
			numbers[o] = n
		}
		return *types.NewIndirectRef(n, 0)
	}
	var rewrite func(types.Object) (types.Object, error)
	rewrite = func(o types.Object) (types.Object, error) {
		switch o := o.(type) {
		case types.IndirectRef:
			return ref(o), nil
		case types.Dict:
			d := make(types.Dict, len(o))
			for _, k := range slices.Sorted(maps.Keys(o)) {
				v, err := rewrite(o[k])
				if err != nil {
					return nil, err
				}
				d[k] = v
			}
			return d, nil
		case types.Array:
			a := make(types.Array, len(o))
			for i, v := range o {
				w, err := rewrite(v)
				if err != nil {
					return nil, err
				}
				a[i] = w
			}
			return a, nil
		case types.StreamDict:
			if o.Raw == nil {
				return nil, errors.New("packetpdf: renumber: stream without content")
			}
			d := maps.Clone(o.Dict)
			// The length is written direct, so a length object is not kept.
			d["Length"] = types.Integer(len(o.Raw))
			w, err := rewrite(d)
			if err != nil {
				return nil, err
			}
			o.Dict = w.(types.Dict)
			return o, nil
		default:
			return o, nil
		}
	}
	ref(*ctx.Root)
	var objs []types.Object
	for i := 0; i < len(queue); i++ {
		var obj types.Object
		// A reference to a missing or free object is one to null.
		o, err := ctx.Dereference(*types.NewIndirectRef(queue[i], 0))
		if err != nil {
			return nil, fmt.Errorf("packetpdf: renumber: object %d: %w", queue[i], err)
		}
		if o != nil {
			if obj, err = rewrite(o); err != nil {
				return nil, err
			}
		}
		objs = append(objs, obj)
	}
	return objs, nil
}

// serialise writes objects 1..n (objs[i] is object i+1) as a PDF file with
// a classic cross-reference table.
func serialise(objs []types.Object, root, info int) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n", i+1)
		switch o := o.(type) {
		case nil:
			b.WriteString("null")
		case types.StreamDict:
			b.WriteString(o.Dict.PDFString())
			b.WriteString("\nstream\n")
			b.Write(o.Raw)
			b.WriteString("\nendstream")
		default:
			b.WriteString(o.PDFString())
		}
		b.WriteString("\nendobj\n")
	}
	sum := sha256.Sum256(b.Bytes())
	id := strings.ToUpper(hex.EncodeToString(sum[:16]))
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f\r\n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n\r\n", off)
	}
	fmt.Fprintf(&b, "trailer\n<</ID[<%s><%s>]/Info %d 0 R/Root %d 0 R/Size %d>>\nstartxref\n%d\n%%%%EOF\n",
		id, id, info, root, len(objs)+1, xref)
	return b.Bytes(), nil
}
