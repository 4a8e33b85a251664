// Package pdfdoc is the PDF engine: it opens an upload, tells a readable PDF
// from an encrypted, corrupt or empty one, reads each page's text layer,
// cuts page ranges into PDFs of their own, turns images into image-only PDFs
// and rasterises pages for OCR.
//
// pdfcpu parses and writes (page count, metadata, extraction, image import);
// ledongthuc/pdf reads text layers, line by line in reading order.
package pdfdoc

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	lpdf "github.com/ledongthuc/pdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// Problems with a file that no retry can fix. Their codes are the stable
// error codes reported on a FAILED intake or scan.
var (
	ErrEncrypted = &FileError{Code: "encrypted_file", Message: "the PDF is password-protected; upload it without a password"}
	ErrCorrupt   = &FileError{Code: "corrupt_file", Message: "the file is damaged and cannot be read"}
	ErrNoPages   = &FileError{Code: "empty_file", Message: "the file has no pages"}
	ErrTooMany   = &FileError{Code: "too_many_pages", Message: "the file has more pages than the service processes in one upload"}
)

// MaxPages bounds one upload: 20 MB of phone scans is far below it.
const MaxPages = 500

// FileError is a problem with the file itself.
type FileError struct {
	Code    string
	Message string
}

func (e *FileError) Error() string { return e.Code + ": " + e.Message }

// Info describes an opened PDF.
type Info struct {
	PageCount    int    `json:"page_count"`
	Version      string `json:"version,omitempty"`
	Producer     string `json:"producer,omitempty"`
	Creator      string `json:"creator,omitempty"`
	CreationDate string `json:"creation_date,omitempty"`
	ModDate      string `json:"mod_date,omitempty"`
	// Revisions counts the file's saves: 1 for a PDF written once, more for
	// each incremental update appended later (edits, signatures).
	Revisions int `json:"revisions"`
}

func init() {
	// pdfcpu would otherwise write a configuration folder into $HOME.
	api.DisableConfigDir()
}

func config() *model.Configuration {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	return conf
}

// Doc is a parsed PDF.
type Doc struct {
	ctx  *model.Context
	Info Info
	// mu serialises extractions: pdfcpu's extraction reads (and caches
	// into) the source context.
	mu sync.Mutex
}

// Open parses a PDF. Owner-password PDFs (printing or copying restricted)
// open; PDFs that need a password to view are ErrEncrypted.
func Open(data []byte) (doc *Doc, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("%w (parser panic: %v)", ErrCorrupt, r)
		}
	}()
	if !bytes.HasPrefix(bytes.TrimLeft(data[:min(len(data), 1024)], "\x00\t\r\n "), []byte("%PDF-")) {
		return nil, ErrCorrupt
	}
	ctx, err := api.ReadContext(bytes.NewReader(data), config())
	if err != nil {
		return nil, classify(err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, classify(err)
	}
	if ctx.PageCount == 0 {
		return nil, ErrNoPages
	}
	if ctx.PageCount > MaxPages {
		return nil, ErrTooMany
	}
	info := Info{PageCount: ctx.PageCount, Revisions: countRevisions(data)}
	readInfoDict(ctx, &info)
	if ctx.HeaderVersion != nil {
		info.Version = ctx.HeaderVersion.String()
	}
	return &Doc{ctx: ctx, Info: info}, nil
}

// readInfoDict copies the document information dictionary (the file's own
// account of its making) without a full validation pass, which would cost
// more than the rest of opening the file.
func readInfoDict(ctx *model.Context, info *Info) {
	if ctx.Info == nil {
		return
	}
	d, err := ctx.DereferenceDict(*ctx.Info)
	if err != nil || d == nil {
		return
	}
	get := func(key string) string {
		obj, ok := d.Find(key)
		if !ok || obj == nil {
			return ""
		}
		s, err := ctx.DereferenceStringOrHexLiteral(obj, model.V10, nil)
		if err != nil {
			return ""
		}
		return strings.TrimSpace(s)
	}
	info.Producer, info.Creator = get("Producer"), get("Creator")
	info.CreationDate, info.ModDate = get("CreationDate"), get("ModDate")
}

func classify(err error) error {
	msg := strings.ToLower(err.Error())
	switch {
	case errors.Is(err, pdfcpu.ErrWrongPassword), strings.Contains(msg, "password"), strings.Contains(msg, "encrypt"):
		return fmt.Errorf("%w (%v)", ErrEncrypted, err)
	default:
		return fmt.Errorf("%w (%v)", ErrCorrupt, err)
	}
}

var eofMarker = regexp.MustCompile(`%%EOF`)

// countRevisions counts %%EOF markers that end a revision (each incremental
// update appends a body, an xref section and a new %%EOF).
func countRevisions(data []byte) int {
	n := len(eofMarker.FindAllIndex(data, -1))
	return max(n, 1)
}

// Extract writes pages first..last (1-based, inclusive) as a new PDF.
func (d *Doc) Extract(first, last int) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("pdfdoc: extract %d-%d: panic: %v\n%s", first, last, r, debug.Stack())
		}
	}()
	if first < 1 || last > d.Info.PageCount || first > last {
		return nil, fmt.Errorf("pdfdoc: page range %d-%d outside 1-%d", first, last, d.Info.PageCount)
	}
	pages := make([]int, 0, last-first+1)
	for p := first; p <= last; p++ {
		pages = append(pages, p)
	}
	d.mu.Lock()
	sub, err := pdfcpu.ExtractPages(d.ctx, pages, false)
	d.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("pdfdoc: extract %d-%d: %w", first, last, err)
	}
	var buf bytes.Buffer
	if err := api.WriteContext(sub, &buf); err != nil {
		return nil, fmt.Errorf("pdfdoc: write %d-%d: %w", first, last, err)
	}
	return buf.Bytes(), nil
}

// PageText is one page's text layer.
type PageText struct {
	// Page is 1-based.
	Page int
	Text string
}

// Texts reads the text layer of the given pages (1-based). A page whose
// text cannot be decoded yields "", so the caller falls back to OCR.
func Texts(data []byte, pages []int) ([]PageText, error) {
	r, err := openText(data)
	if err != nil {
		return nil, err
	}
	out := make([]PageText, 0, len(pages))
	for _, p := range pages {
		out = append(out, PageText{Page: p, Text: pageText(r, p)})
	}
	return out, nil
}

func openText(data []byte) (r *lpdf.Reader, err error) {
	defer func() {
		if rec := recover(); rec != nil {
			r, err = nil, fmt.Errorf("%w (text reader panic: %v)", ErrCorrupt, rec)
		}
	}()
	r, err = lpdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, classify(err)
	}
	return r, nil
}

// pageText lays out one page's glyphs as lines: glyphs are grouped by
// baseline (top to bottom), ordered left to right within a line, and a
// space is put where the gap between glyphs is wider than a narrow space,
// so that a label and its value stay on one line and words stay apart
// whichever text operators (Td, Tm, TJ) the producer used.
func pageText(r *lpdf.Reader, n int) (text string) {
	defer func() {
		if rec := recover(); rec != nil {
			text = ""
		}
	}()
	p := r.Page(n)
	if p.V.IsNull() {
		return ""
	}
	var glyphs []lpdf.Text
	for _, t := range p.Content().Text {
		if t.S == "\n" || t.S == "" {
			continue
		}
		glyphs = append(glyphs, t)
	}
	return layout(glyphs)
}

func layout(glyphs []lpdf.Text) string {
	if len(glyphs) == 0 {
		return ""
	}
	sort.SliceStable(glyphs, func(i, j int) bool { return glyphs[i].Y > glyphs[j].Y })
	var lines [][]lpdf.Text
	for _, g := range glyphs {
		size := math.Abs(g.FontSize)
		if size == 0 {
			size = 10
		}
		if k := len(lines) - 1; k >= 0 && math.Abs(lines[k][0].Y-g.Y) <= 0.4*size {
			lines[k] = append(lines[k], g)
			continue
		}
		lines = append(lines, []lpdf.Text{g})
	}
	var b strings.Builder
	for _, line := range lines {
		sort.SliceStable(line, func(i, j int) bool { return line[i].X < line[j].X })
		var prevEnd float64
		for i, g := range line {
			size := math.Abs(g.FontSize)
			if size == 0 {
				size = 10
			}
			if i > 0 && g.X-prevEnd > 0.18*size && !strings.HasSuffix(b.String(), " ") && g.S != " " {
				b.WriteByte(' ')
			}
			b.WriteString(g.S)
			w := g.W
			if w <= 0 {
				w = 0.5 * size
			}
			prevEnd = g.X + w
		}
		b.WriteByte('\n')
	}
	return normalizeSpace(b.String())
}

func normalizeSpace(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r", "\n"), "\n")
	out := lines[:0]
	for _, l := range lines {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// HasText reports whether a text layer carries enough to read: a page with a
// handful of characters (a scanner's page stamp) still needs OCR.
func HasText(text string) bool {
	n := 0
	for _, r := range text {
		if r > ' ' {
			n++
		}
	}
	return n >= 25
}
