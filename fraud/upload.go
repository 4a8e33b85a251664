package fraud

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"

	"github.com/clearedtostart/compliance/fraud/pdfdraw"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Upload is what the checks read from an uploaded file as a whole: for a
// PDF its revisions and what each later one changed on which page, what
// every page paints and in which order, its images as stored, its Info
// and XMP metadata; for an image upload the image itself. ReadUpload reads
// it once per file; the segments of that file share it. It is immutable,
// safe for concurrent use, and holds no reference to the parser.
type Upload struct {
	// image is the upload when it was an image (JPEG, PNG, TIFF, WebP).
	image []byte
	// pages are the last revision's pages, page n at index n-1.
	pages []uploadPage
	// revisions counts the revisions that open as PDFs (linearisation's
	// first-page section is not one).
	revisions int
	// metas are each opened revision's Info, oldest first.
	metas []revisionMeta
	// changes are page changes between revisions.
	changes []pageChange
	xmp     *XMP
	// earlierXMP are the XMP packets of earlier revisions that a later
	// one replaced, oldest first: an editor's packet a later save
	// rewrote still names the editor there.
	earlierXMP []*XMP
	// labels are the file's titles, keywords, holder fields and notes
	// (facts_labels.go).
	labels []fileLabel
	// unread says what could not be read (diagnostics; never a signal).
	unread []string
	// copy: read by ReadCopy, a copy the service made; its history is
	// not the upload's.
	copy bool
}

type uploadPage struct {
	box    pdfdraw.Rect
	marks  []pdfdraw.Mark
	images []pdfdraw.PageImage
	annots []pdfdraw.Annotation
}

// revisionMeta is one revision's Info dictionary.
type revisionMeta struct {
	Revision     int
	Producer     string
	Creator      string
	CreationDate string
	ModDate      string
}

// pageChange is what a later revision changed on one page.
type pageChange struct {
	Page int
	// From and To are revision numbers (1-based): To is the revision that
	// made the change.
	From, To int
	// What changed: "content" (the page's drawing instructions),
	// "image", "font", "annotation" (a visible annotation added or
	// changed), "page_added".
	What []string
	// Removed and Added are text runs that disappeared and appeared.
	Removed, Added []string
	// Box is where the added text or annotations sit (top-left page
	// coordinates), when known.
	Box *Box
}

// PageCount is the number of pages of a PDF upload's last revision (0 for
// an image upload), for a caller to tell whether its page numbers are the
// upload's.
func (u *Upload) PageCount() int {
	if u == nil {
		return 0
	}
	return len(u.pages)
}

// IsImage says whether the upload was an image rather than a PDF.
func (u *Upload) IsImage() bool { return u != nil && u.image != nil }

// ReadCopy reads a copy the service made of an upload (the PDF an image
// became, a PDF mended for reading) for when the upload itself cannot be
// read: what its pages paint and the images they hold are the upload's,
// but its revisions and metadata are the service's own (one save, the
// mending tool, today), so they are left out and the checks of the file's
// history read Evidence.File, as without an upload.
func ReadCopy(data []byte) (*Upload, error) {
	u, err := ReadUpload(data)
	if err != nil {
		return nil, err
	}
	u.copy, u.revisions, u.metas, u.changes, u.xmp = true, 1, nil, nil, nil
	u.labels = nil
	return u, nil
}

// ReadUpload reads an upload as stored (not a normalised copy, not a
// segment's cut: incremental updates live only in the upload). It returns
// an error for bytes that are neither a PDF pdfcpu can parse nor a JPEG,
// PNG, TIFF or WebP image (HEIC: read the normalised PDF instead); the
// checks that need it then do not run. It reads only the bytes given.
func ReadUpload(data []byte) (u *Upload, err error) {
	defer func() {
		if r := recover(); r != nil {
			u, err = nil, fmt.Errorf("fraud: read upload: panic: %v\n%s", r, debug.Stack())
		}
	}()
	switch {
	case isImage(data):
		return &Upload{image: data, revisions: 1}, nil
	case bytes.Contains(data[:min(len(data), 1024)], []byte("%PDF-")):
		return readPDF(data)
	}
	return nil, errors.New("fraud: the upload is neither a PDF nor an image")
}

func isImage(b []byte) bool {
	switch {
	case bytes.HasPrefix(b, []byte{0xff, 0xd8, 0xff}),
		bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")),
		bytes.HasPrefix(b, []byte("II*\x00")), bytes.HasPrefix(b, []byte("MM\x00*")),
		len(b) > 12 && bytes.Equal(b[:4], []byte("RIFF")) && bytes.Equal(b[8:12], []byte("WEBP")):
		return true
	}
	return false
}

// maxRevisions bounds the revisions opened: the first and the latest ones.
const maxRevisions = 12

func readPDF(data []byte) (*Upload, error) {
	ends := revisionEnds(data)
	u := &Upload{}
	type opened struct {
		n    int
		ctx  *model.Context
		data []byte
	}
	var revs []opened
	// The last revision is the file as viewers show it.
	last, err := parsePDF(data)
	if err != nil {
		return nil, fmt.Errorf("fraud: read upload: %w", err)
	}
	pick := ends[:len(ends)-1]
	if len(pick) > maxRevisions-1 {
		pick = append(append([]int(nil), pick[:1]...), pick[len(pick)-(maxRevisions-2):]...)
	}
	for _, end := range pick {
		ctx, err := parsePDF(data[:end])
		if err != nil || ctx.PageCount == 0 {
			// Not a revision a reader can open (the first-page section
			// of a linearised file, a damaged prefix).
			continue
		}
		revs = append(revs, opened{ctx: ctx, data: data[:end]})
	}
	revs = append(revs, opened{ctx: last, data: data})
	u.revisions = len(revs)
	// Revision numbers count every %%EOF boundary that opens.
	for i := range revs {
		revs[i].n = i + 1
		u.metas = append(u.metas, infoOf(revs[i].ctx, revs[i].n))
	}
	u.xmp = xmpOf(last)
	u.labels = labelsOf(last, u.xmp)
	for _, r := range revs[:len(revs)-1] {
		if x := xmpOf(r.ctx); x != nil && !sameTools(x, u.xmp) {
			u.earlierXMP = append(u.earlierXMP, x)
		}
	}

	u.pages = make([]uploadPage, last.PageCount)
	lastRead := make([]*pdfdraw.Page, last.PageCount)
	for n := 1; n <= last.PageCount; n++ {
		p, err := pdfdraw.ReadPage(last.XRefTable, n)
		if err != nil {
			u.unread = append(u.unread, fmt.Sprintf("page %d: %v", n, err))
			continue
		}
		lastRead[n-1] = p
		u.pages[n-1] = uploadPage{box: p.MediaBox, marks: p.Marks, images: p.Images, annots: p.Annotations}
	}
	if len(revs) == 1 {
		return u, nil
	}
	prints := make([][]pagePrint, len(revs))
	for i, r := range revs[:len(revs)-1] {
		prints[i] = make([]pagePrint, r.ctx.PageCount)
		for n := 1; n <= r.ctx.PageCount; n++ {
			p, err := pdfdraw.ReadPage(r.ctx.XRefTable, n)
			if err == nil {
				prints[i][n-1] = printPage(r.ctx.XRefTable, n, p)
			}
		}
	}
	prints[len(revs)-1] = make([]pagePrint, last.PageCount)
	for n, p := range lastRead {
		if p != nil {
			prints[len(revs)-1][n] = printPage(last.XRefTable, n+1, p)
		}
	}
	u.changes = diffRevisions(prints)
	for i := range u.changes {
		c := &u.changes[i]
		if slices.Contains(c.What, "content") || slices.Contains(c.What, "annotation") {
			explainChange(c, revs[c.From].ctx, revs[c.To].ctx)
		}
		c.From, c.To = revs[c.From].n, revs[c.To].n
	}
	return u, nil
}

var eofRE = regexp.MustCompile(`startxref\s+(\d+)\s*%%EOF[ \t]*(\r\n|\r|\n)?`)

// revisionEnds returns the end offset of each revision: after each %%EOF
// that follows a startxref (a %%EOF inside a stream's bytes is not one),
// the last one always the end of the file.
func revisionEnds(data []byte) []int {
	var ends []int
	for _, m := range eofRE.FindAllSubmatchIndex(data, -1) {
		// startxref 0 ends the first-page section of a linearised file.
		if string(data[m[2]:m[3]]) == "0" {
			continue
		}
		ends = append(ends, m[1])
	}
	// Bytes after the last %%EOF (padding, a comment, junk) belong to the
	// last revision.
	if len(ends) == 0 {
		return []int{len(data)}
	}
	ends[len(ends)-1] = len(data)
	return ends
}

func parseConfig() *model.Configuration {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	return conf
}

func parsePDF(b []byte) (ctx *model.Context, err error) {
	defer func() {
		if r := recover(); r != nil {
			ctx, err = nil, fmt.Errorf("parser panic: %v\n%s", r, debug.Stack())
		}
	}()
	ctx, err = api.ReadContext(bytes.NewReader(b), parseConfig())
	if err != nil {
		return nil, err
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, err
	}
	return ctx, nil
}

func infoOf(ctx *model.Context, rev int) revisionMeta {
	m := revisionMeta{Revision: rev}
	if ctx.Info == nil {
		return m
	}
	d, err := ctx.DereferenceDict(*ctx.Info)
	if err != nil || d == nil {
		return m
	}
	get := func(key string) string {
		o, ok := d.Find(key)
		if !ok || o == nil {
			return ""
		}
		s, err := ctx.DereferenceStringOrHexLiteral(o, model.V10, nil)
		if err != nil {
			return ""
		}
		return strings.TrimSpace(s)
	}
	m.Producer, m.Creator, m.CreationDate, m.ModDate = get("Producer"), get("Creator"), get("CreationDate"), get("ModDate")
	return m
}

// sameTools says whether two packets name the same tools: a packet a
// later save kept as it was says nothing new.
func sameTools(a, b *XMP) bool {
	return b != nil && a.Producer == b.Producer && a.CreatorTool == b.CreatorTool && len(a.History) == len(b.History)
}

func xmpOf(ctx *model.Context) *XMP {
	root, err := ctx.Catalog()
	if err != nil || root == nil {
		return nil
	}
	sd, _, err := ctx.DereferenceStreamDict(root["Metadata"])
	if err != nil || sd == nil {
		return nil
	}
	c := *sd
	if c.Content == nil {
		if err := c.Decode(); err != nil {
			return nil
		}
	}
	return parseXMP(c.Content)
}

// pagePrint is a fingerprint of what one page shows, by part.
type pagePrint struct {
	content, images, fonts, annots [32]byte
	ok                             bool
}

func printPage(x *model.XRefTable, n int, p *pdfdraw.Page) (pp pagePrint) {
	defer func() {
		if r := recover(); r != nil {
			pp = pagePrint{}
		}
	}()
	_, _, inh, err := x.PageDict(n, false)
	if err != nil {
		return pagePrint{}
	}
	pp.ok = true
	pp.content = sha256.Sum256(p.Content)
	var res types.Dict
	if inh != nil {
		res = inh.Resources
	}
	h := sha256.New()
	f := sha256.New()
	hashResources(x, res, h, f, 0, map[int]bool{})
	copy(pp.images[:], h.Sum(nil))
	copy(pp.fonts[:], f.Sum(nil))
	a := sha256.New()
	for _, an := range p.Annotations {
		if ignoredAnnotation(an) {
			continue
		}
		fmt.Fprintf(a, "%s %.0f %.0f %.0f %.0f %v;", an.Subtype, an.Rect.X0, an.Rect.Y0, an.Rect.X1, an.Rect.Y1, an.Hidden)
	}
	// What an annotation's appearance paints changes the page too.
	for _, m := range p.Marks {
		if m.Annotation != "" && !ignoredSubtype(m.Annotation) {
			fmt.Fprintf(a, "%d %.0f %.0f %s;", m.Kind, m.Box.X0, m.Box.Y0, m.Text)
		}
	}
	copy(pp.annots[:], a.Sum(nil))
	return pp
}

// ignoredAnnotation: annotations whose change is no change of what the
// page shows: links, pop-ups, and form fields (a signature, a form filled
// in after the file was made are how such files are meant to be used).
func ignoredAnnotation(a pdfdraw.Annotation) bool { return ignoredSubtype(a.Subtype) }

func ignoredSubtype(s string) bool {
	switch s {
	case "Link", "Popup", "Widget", "":
		return true
	}
	return false
}

// hashResources hashes the image and form streams (as stored) and the
// fonts (name and program) a page's resources name, forms' own resources
// included.
func hashResources(x *model.XRefTable, res types.Dict, images, fonts io.Writer, depth int, seen map[int]bool) {
	if res == nil || depth > 6 {
		return
	}
	if xo, err := x.DereferenceDict(res["XObject"]); err == nil && xo != nil {
		keys := make([]string, 0, len(xo))
		for k := range xo {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			o := xo[k]
			if ir, ok := o.(types.IndirectRef); ok {
				if seen[ir.ObjectNumber.Value()] {
					continue
				}
				seen[ir.ObjectNumber.Value()] = true
			}
			sd, _, err := x.DereferenceStreamDict(o)
			if err != nil || sd == nil {
				continue
			}
			sum := sha256.Sum256(sd.Raw)
			fmt.Fprintf(images, "%s:%x;", k, sum[:8])
			if st := sd.Subtype(); st != nil && *st == "Form" {
				if rd, err := x.DereferenceDict(sd.Dict["Resources"]); err == nil {
					hashResources(x, rd, images, fonts, depth+1, seen)
				}
			}
		}
	}
	if fd, err := x.DereferenceDict(res["Font"]); err == nil && fd != nil {
		keys := make([]string, 0, len(fd))
		for k := range fd {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			d, err := x.DereferenceDict(fd[k])
			if err != nil || d == nil {
				continue
			}
			base := ""
			if b := d.NameEntry("BaseFont"); b != nil {
				base = *b
			}
			fmt.Fprintf(fonts, "%s=%s", k, base)
			desc := d
			if arr, err := x.DereferenceArray(d["DescendantFonts"]); err == nil && len(arr) > 0 {
				if dd, err := x.DereferenceDict(arr[0]); err == nil && dd != nil {
					desc = dd
				}
			}
			if fdesc, err := x.DereferenceDict(desc["FontDescriptor"]); err == nil && fdesc != nil {
				for _, key := range []string{"FontFile", "FontFile2", "FontFile3"} {
					if sd, _, err := x.DereferenceStreamDict(fdesc[key]); err == nil && sd != nil {
						sum := sha256.Sum256(sd.Raw)
						fmt.Fprintf(fonts, ":%x", sum[:8])
					}
				}
			}
			fmt.Fprint(fonts, ";")
		}
	}
}

// diffRevisions compares each page of the last revision with the same page
// in every earlier revision, consecutive pairs, and reports each change
// once, at the revision that made it (indexes into prints; the caller
// turns them into revision numbers).
func diffRevisions(prints [][]pagePrint) []pageChange {
	var out []pageChange
	n := len(prints)
	for page := 1; page <= len(prints[n-1]); page++ {
		for k := 1; k < n; k++ {
			cur := prints[k]
			if page > len(cur) {
				continue
			}
			prev := prints[k-1]
			c := pageChange{Page: page, From: k - 1, To: k}
			switch {
			case page > len(prev):
				c.What = []string{"page_added"}
			case !prev[page-1].ok || !cur[page-1].ok:
				continue
			default:
				a, b := prev[page-1], cur[page-1]
				if a.content != b.content {
					c.What = append(c.What, "content")
				}
				if a.images != b.images {
					c.What = append(c.What, "image")
				}
				if a.fonts != b.fonts {
					c.What = append(c.What, "font")
				}
				if a.annots != b.annots {
					c.What = append(c.What, "annotation")
				}
			}
			if len(c.What) > 0 {
				out = append(out, c)
			}
		}
	}
	return out
}

// explainChange names the text a change removed and added on its page,
// and where the added text and annotations sit.
func explainChange(c *pageChange, before, after *model.Context) {
	if c.Page > before.PageCount || c.Page > after.PageCount {
		return
	}
	a, err1 := pdfdraw.ReadPage(before.XRefTable, c.Page)
	b, err2 := pdfdraw.ReadPage(after.XRefTable, c.Page)
	if err1 != nil || err2 != nil {
		return
	}
	key := func(m pdfdraw.Mark) string {
		return fmt.Sprintf("%s@%.0f,%.0f", m.Text, m.Box.X0, m.Box.Y0)
	}
	old := map[string]int{}
	for _, m := range a.Marks {
		if m.Kind == pdfdraw.Text {
			old[key(m)]++
		}
	}
	var added []pdfdraw.Mark
	for _, m := range b.Marks {
		if m.Kind != pdfdraw.Text {
			if m.Annotation != "" && !ignoredSubtype(m.Annotation) && !markIn(a.Marks, m) {
				added = append(added, m)
			}
			continue
		}
		if old[key(m)] > 0 {
			old[key(m)]--
			continue
		}
		added = append(added, m)
	}
	for _, m := range a.Marks {
		if m.Kind == pdfdraw.Text && old[key(m)] > 0 {
			old[key(m)]--
			if m.Text != "" {
				c.Removed = append(c.Removed, m.Text)
			}
		}
	}
	var box pdfdraw.Rect
	for i, m := range added {
		if m.Kind == pdfdraw.Text && m.Text != "" {
			c.Added = append(c.Added, m.Text)
		}
		if i == 0 {
			box = m.Box
		} else {
			box = pdfdraw.Rect{X0: min(box.X0, m.Box.X0), Y0: min(box.Y0, m.Box.Y0), X1: max(box.X1, m.Box.X1), Y1: max(box.Y1, m.Box.Y1)}
		}
	}
	if len(added) > 0 {
		bx := toTopLeft(box, b.MediaBox)
		c.Box = &bx
	}
}

func markIn(ms []pdfdraw.Mark, m pdfdraw.Mark) bool {
	for _, o := range ms {
		if o.Kind == m.Kind && o.Annotation == m.Annotation && o.Box == m.Box {
			return true
		}
	}
	return false
}

// toTopLeft turns a user-space box into the top-left page coordinates
// pagetext uses (points from the page's top-left corner, y down).
func toTopLeft(r, media pdfdraw.Rect) Box {
	return Box{X0: r.X0 - media.X0, Y0: media.Y1 - r.Y1, X1: r.X1 - media.X0, Y1: media.Y1 - r.Y0}
}
