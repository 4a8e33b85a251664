// Package pdfdoc is the PDF engine: it opens an upload, tells a readable PDF
// from an encrypted, corrupt or empty one, reads each page's text layer,
// cuts page ranges into PDFs of their own, turns images into image-only PDFs
// and rasterises pages for OCR.
//
// pdfcpu parses and writes (page count, metadata, extraction, image import);
// ledongthuc/pdf reads text layers, line by line in reading order; poppler
// renders pages for OCR and mends what the other two cannot read.
//
// # Real-world files
//
// A file poppler can render is read, not refused: uploads come from every
// producer there is, and a nurse cannot fix her issuer's PDF. Open (and
// Repair, which the pipeline runs once on every upload) tries, in order:
//
//  1. The %PDF- header may sit anywhere in the first 1024 bytes, as Acrobat
//     and poppler allow; the bytes before it are dropped. None there: corrupt.
//  2. pdfcpu parses the file and every page has a size. A password needed to
//     open it is final (encrypted_file: poppler would ask for it too); more
//     than MaxPages is final (too_many_pages).
//  3. The text reader (ledongthuc/pdf) opens it and finds the same pages. If
//     so, and nothing was dropped in 1, the upload is read as it is: the
//     common case, no copy and no extra process. If not (a PDF 2.0 header,
//     bytes after %%EOF, an owner password it cannot decrypt), pdfcpu writes
//     a decrypted copy with a 1.7 header that it can read.
//  4. pdfcpu cannot parse it, finds no pages, or cannot size a page: poppler
//     reads it (pdfinfo; a password it needs is encrypted_file, no pages is
//     empty_file), rebuilding the page tree first when the catalog's page
//     tree root is gone but its pages are still in the file, and pdftocairo
//     writes a copy that pdfcpu and the text reader read. Every page poppler
//     counts must have a size. Nothing poppler can read either: corrupt_file.
//
// The stored upload stays as it was sent. A mended copy carries in its Info
// what was done (Info.Repaired) and the upload's own producer, dates and
// number of saves, so that fraud checks judge the upload and not the
// rewrite. Pages are then read one by one: a page whose text layer cannot
// be decoded yields no text (Texts), to be OCRed from poppler's rendering
// when it draws an image (PageHasImages; a page drawing neither is taken
// as blank), and a page range pdfcpu cannot extract is cut by pdftocairo
// instead (Extract).
package pdfdoc

import (
	"bytes"
	"context"
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
	// Repaired says what was mended for the engine to read the file ("" for
	// a file read as it is). Producer, Creator, the dates and Revisions are
	// still the upload's own; the rewrite's producer appears nowhere.
	Repaired string `json:"repaired,omitempty"`
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
	// data is the PDF ctx was read from: the upload, or its mended copy.
	data []byte
	// mu serialises extractions: pdfcpu's extraction reads (and caches
	// into) the source context.
	mu sync.Mutex
}

// Open parses a PDF, mending it when it must (see the package
// documentation; poppler's runs are bounded by RepairTimeout). Owner-password
// PDFs (printing or copying restricted) open; PDFs that need a password to
// view are ErrEncrypted.
func Open(data []byte) (*Doc, error) {
	return OpenContext(context.Background(), data)
}

// OpenContext is Open bounded by ctx.
func OpenContext(ctx context.Context, data []byte) (*Doc, error) {
	m, err := mend(ctx, data)
	if err != nil {
		return nil, err
	}
	return &Doc{ctx: m.ctx, Info: m.info, data: m.data}, nil
}

// Data returns the PDF the document was read from: the upload itself, or
// its mended copy when Info.Repaired says one was made. Text layers are to
// be read from it (Texts), so that they agree with the pages pdfcpu counts.
func (d *Doc) Data() []byte { return d.data }

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
	if readMarker(ctx, d, info) {
		return
	}
	info.Producer, info.Creator = get("Producer"), get("Creator")
	info.CreationDate, info.ModDate = get("CreationDate"), get("ModDate")
}

// classify turns a reader's error into the file problem it shows: a
// password is encrypted_file, anything else corrupt_file. (Open asks poppler
// before it calls a file corrupt; text.go's reader asks no one.)
func classify(err error) error {
	if passwordNeeded(err) || mentionsEncryption(err) {
		return fmt.Errorf("%w (%v)", ErrEncrypted, err)
	}
	return fmt.Errorf("%w (%v)", ErrCorrupt, err)
}

var eofMarker = regexp.MustCompile(`%%EOF`)

// countRevisions counts %%EOF markers that end a revision (each incremental
// update appends a body, an xref section and a new %%EOF).
func countRevisions(data []byte) int {
	n := len(eofMarker.FindAllIndex(data, -1))
	return max(n, 1)
}

// Extract writes pages first..last (1-based, inclusive) as a new PDF. Pages
// pdfcpu cannot extract are cut by poppler instead (bounded by
// RepairTimeout), so that one odd page does not fail its document.
func (d *Doc) Extract(first, last int) ([]byte, error) {
	if first < 1 || last > d.Info.PageCount || first > last {
		return nil, fmt.Errorf("pdfdoc: page range %d-%d outside 1-%d", first, last, d.Info.PageCount)
	}
	out, err := d.extract(first, last)
	if err == nil {
		return out, nil
	}
	out, perr := cutWithPoppler(context.Background(), d.data, first, last)
	if perr != nil {
		return nil, fmt.Errorf("%w; poppler: %v", err, perr)
	}
	return out, nil
}

func (d *Doc) extract(first, last int) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("pdfdoc: extract %d-%d: panic: %v\n%s", first, last, r, debug.Stack())
		}
	}()
	pages := make([]int, 0, last-first+1)
	for p := first; p <= last; p++ {
		pages = append(pages, p)
	}
	// A panic inside must not leave the lock held for the next segment.
	d.mu.Lock()
	defer d.mu.Unlock()
	sub, err := pdfcpu.ExtractPages(d.ctx, pages, false)
	if err != nil {
		return nil, fmt.Errorf("pdfdoc: extract %d-%d: %w", first, last, err)
	}
	var buf bytes.Buffer
	if err := api.WriteContext(sub, &buf); err != nil {
		return nil, fmt.Errorf("pdfdoc: write %d-%d: %w", first, last, err)
	}
	return buf.Bytes(), nil
}
