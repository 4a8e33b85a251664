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
	"regexp"
	"runtime/debug"
	"strings"
	"sync"

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
