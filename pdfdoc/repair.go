package pdfdoc

// Mending an upload that one of the engine's readers cannot take as it is
// (the order of the steps is told in the package documentation).

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	lpdf "github.com/ledongthuc/pdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// RepairTimeout bounds the poppler runs of one repair when the caller gives
// no deadline (Open): pdftocairo rewrites a few pages a second.
const RepairTimeout = 2 * time.Minute

// headerWindow is how far into a file the %PDF- header may sit, as in
// Acrobat and poppler (mail gateways and download scripts put text before it).
const headerWindow = 1024

// markerKey is the Info dictionary entry of a working copy: what was mended
// and the upload's own account of its making, which the rewrite replaced
// (pdfcpu writes its own Producer and dates; cairo its own).
//
// An upload may carry this entry itself. It gains nothing by it: every
// value in it is one the uploader could have written into Producer or the
// dates directly, and Revisions only ever counts more saves, never fewer.
const markerKey = "CDSRepair"

// Repair returns the PDF the engine reads for an upload: the upload itself
// when pdfcpu and the text reader both read it as it is, otherwise a mended
// copy (see the package documentation) whose Info names what was done and
// keeps the upload's producer, dates and revision count. Files that cannot
// be read are *FileError (encrypted, empty, too many pages, corrupt); a
// cancelled ctx is its own error, never a file problem.
func Repair(ctx context.Context, data []byte) ([]byte, error) {
	m, err := mend(ctx, data)
	if err != nil {
		return nil, err
	}
	return m.data, nil
}

// mended is an upload as the engine reads it.
type mended struct {
	ctx  *model.Context // pdfcpu's reading of data
	data []byte         // the working copy: the upload itself when nothing was mended
	info Info
}

// mend reads an upload, mending it when a reader cannot take it as it is.
func mend(c context.Context, upload []byte) (*mended, error) {
	off := bytes.Index(upload[:min(len(upload), headerWindow)], []byte("%PDF-"))
	if off < 0 {
		return nil, fmt.Errorf("%w (no %%PDF- header in the first %d bytes)", ErrCorrupt, headerWindow)
	}
	b := upload[off:]
	// What the upload says of itself; the mended copy carries it on.
	orig := Info{Revisions: countRevisions(upload), Version: headerVersion(b)}
	var did []string
	if off > 0 {
		did = append(did, fmt.Sprintf("removed %d bytes before the %%PDF- header", off))
	}

	pctx, perr := parse(b)
	if perr == nil {
		perr = checkPages(pctx)
	}
	switch {
	case perr == nil:
		readInfoDict(pctx, &orig)
		orig.PageCount = pctx.PageCount
		terr := textReaderReads(b, pctx.PageCount)
		if terr == nil && len(did) == 0 {
			return &mended{ctx: pctx, data: upload, info: orig}, nil
		}
		if terr == nil {
			if m, err := finish(pctx, orig, did); err == nil {
				return m, nil
			}
		} else {
			how := "rewritten by pdfcpu for the text reader (" + shorten(terr.Error()) + ")"
			if m, err := finish(pctx, orig, append(did, how)); err == nil && textReaderReads(m.data, m.info.PageCount) == nil {
				return m, nil
			}
			// pdfcpu's copy does not help the text reader: poppler's may.
			how = "rewritten by poppler for the text reader (" + shorten(terr.Error()) + ")"
			if m, err := viaPoppler(c, b, orig, did, how); err == nil && textReaderReads(m.data, m.info.PageCount) == nil {
				return m, nil
			}
			if c.Err() != nil {
				return nil, c.Err()
			}
		}
		// No copy served better than the file itself, which pdfcpu reads
		// (finish changed pctx: read it again); pages whose text cannot be
		// read are OCRed.
		if pctx, perr = parse(b); perr != nil {
			return nil, fmt.Errorf("%w (%v)", ErrCorrupt, perr)
		}
		orig.Repaired = strings.Join(did, "; ")
		return &mended{ctx: pctx, data: b, info: orig}, nil
	case errors.Is(perr, errTooMany):
		return nil, ErrTooMany
	case passwordNeeded(perr):
		// poppler would ask for the same password.
		return nil, fmt.Errorf("%w (%v)", ErrEncrypted, perr)
	}

	m, err := viaPoppler(c, b, orig, did, "rewritten by poppler (pdfcpu: "+shorten(perr.Error())+")")
	switch {
	case err == nil:
		return m, nil
	case c.Err() != nil:
		return nil, c.Err()
	case errors.Is(err, ErrEncrypted), errors.Is(err, ErrNoPages), errors.Is(err, ErrTooMany):
		return nil, err
	case errors.Is(perr, errNoPages):
		return nil, ErrNoPages
	case mentionsEncryption(perr):
		return nil, fmt.Errorf("%w (%v; poppler: %v)", ErrEncrypted, perr, err)
	}
	return nil, fmt.Errorf("%w (%v; poppler: %v)", ErrCorrupt, perr, err)
}

var (
	errNoPages = errors.New("no pages")
	errTooMany = errors.New("too many pages")
)

// parse reads a PDF with pdfcpu; a panic in the parser is an error.
func parse(b []byte) (ctx *model.Context, err error) {
	defer func() {
		if r := recover(); r != nil {
			ctx, err = nil, fmt.Errorf("parser panic: %v", r)
		}
	}()
	ctx, err = api.ReadContext(bytes.NewReader(b), config())
	if err != nil {
		return nil, err
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, err
	}
	return ctx, nil
}

// checkPages asks what later steps ask of every page: a count within
// bounds and a size (OCR renders by it).
func checkPages(ctx *model.Context) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("page sizes: panic: %v", r)
		}
	}()
	switch {
	case ctx.PageCount == 0:
		return errNoPages
	case ctx.PageCount > MaxPages:
		return errTooMany
	}
	dims, err := ctx.PageDims()
	if err != nil {
		return fmt.Errorf("page sizes: %w", err)
	}
	if len(dims) != ctx.PageCount {
		return fmt.Errorf("page sizes: %d sizes for %d pages", len(dims), ctx.PageCount)
	}
	for i, d := range dims {
		// A box's corners may come in any order: only its area counts.
		if !(math.Abs(d.Width) > 0 && math.Abs(d.Height) > 0) {
			return fmt.Errorf("page %d has no size (%gx%g)", i+1, d.Width, d.Height)
		}
	}
	return nil
}

// textReaderReads tells whether ledongthuc/pdf opens b and finds its pages
// (it refuses PDF 2.0 headers, text after %%EOF and some encryption).
func textReaderReads(b []byte, pages int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("text reader panic: %v", r)
		}
	}()
	r, err := lpdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return err
	}
	if n := r.NumPage(); n != pages {
		return fmt.Errorf("the text reader finds %d pages, not %d", n, pages)
	}
	return nil
}

func passwordNeeded(err error) bool {
	return errors.Is(err, pdfcpu.ErrWrongPassword) || strings.Contains(strings.ToLower(err.Error()), "password")
}

func mentionsEncryption(err error) bool {
	return strings.Contains(strings.ToLower(err.Error()), "encrypt")
}

var headerRe = regexp.MustCompile(`^%PDF-(\d\.\d)`)

func headerVersion(b []byte) string {
	if m := headerRe.FindSubmatch(b[:min(len(b), 16)]); m != nil {
		return string(m[1])
	}
	return ""
}

// finish writes the working copy of a mended file with pdfcpu: decrypted
// (an owner password restricts nothing the engine does), with a header the
// text reader accepts (it stops at 1.7; PDF 2.0 syntax reads the same), and
// the marker in its Info. The copy is read again, as Open would read it.
func finish(ctx *model.Context, orig Info, did []string) (m *mended, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("%w (writing the mended copy: panic: %v)", ErrCorrupt, r)
		}
	}()
	orig.Repaired = strings.Join(did, "; ")
	if err := setMarker(ctx, orig); err != nil {
		return nil, fmt.Errorf("%w (marking the mended copy: %v)", ErrCorrupt, err)
	}
	if ctx.HeaderVersion == nil || *ctx.HeaderVersion > model.V17 {
		v := model.V17
		ctx.HeaderVersion = &v
	}
	if ctx.RootVersion != nil && *ctx.RootVersion > model.V17 {
		ctx.RootVersion = nil
	}
	ctx.Cmd = model.DECRYPT
	var buf bytes.Buffer
	if err := api.WriteContext(ctx, &buf); err != nil {
		return nil, fmt.Errorf("%w (writing the mended copy: %v)", ErrCorrupt, err)
	}
	w := buf.Bytes()
	wctx, err := parse(w)
	if err == nil {
		err = checkPages(wctx)
	}
	if err != nil {
		return nil, fmt.Errorf("%w (the mended copy does not read back: %v)", ErrCorrupt, err)
	}
	info := Info{PageCount: wctx.PageCount, Revisions: countRevisions(w), Version: headerVersion(w)}
	readInfoDict(wctx, &info)
	return &mended{ctx: wctx, data: w, info: info}, nil
}

// setMarker puts the marker into the Info dictionary, making one if the
// file has none. Text goes in as UTF-16 hex strings, which survive any
// character a producer name holds.
func setMarker(ctx *model.Context, orig Info) error {
	text := func(s string) types.HexLiteral { return types.NewHexLiteral([]byte(types.EncodeUTF16String(s))) }
	mk := types.Dict{
		"Repaired":  text(orig.Repaired),
		"Revisions": types.Integer(orig.Revisions),
	}
	for k, v := range map[string]string{"Producer": orig.Producer, "Creator": orig.Creator,
		"CreationDate": orig.CreationDate, "ModDate": orig.ModDate, "Version": orig.Version} {
		if v != "" {
			mk[k] = text(v)
		}
	}
	var d types.Dict
	if ctx.Info != nil {
		var err error
		if d, err = ctx.DereferenceDict(*ctx.Info); err != nil {
			d = nil
		}
	}
	if d == nil {
		d = types.NewDict()
		ir, err := ctx.IndRefForNewObject(d)
		if err != nil {
			return err
		}
		ctx.Info = ir
	}
	d[markerKey] = mk
	return nil
}

// readMarker fills info from a working copy's marker, if it has one.
func readMarker(ctx *model.Context, d types.Dict, info *Info) bool {
	obj, ok := d.Find(markerKey)
	if !ok {
		return false
	}
	mk, err := ctx.DereferenceDict(obj)
	if err != nil || mk == nil {
		return false
	}
	get := func(key string) string {
		o, ok := mk.Find(key)
		if !ok || o == nil {
			return ""
		}
		s, err := ctx.DereferenceStringOrHexLiteral(o, model.V10, nil)
		if err != nil {
			return ""
		}
		return strings.TrimSpace(s)
	}
	info.Repaired = get("Repaired")
	if info.Repaired == "" {
		return false
	}
	info.Producer, info.Creator = get("Producer"), get("Creator")
	info.CreationDate, info.ModDate = get("CreationDate"), get("ModDate")
	if v := get("Version"); v != "" {
		info.Version = v
	}
	if o, ok := mk.Find("Revisions"); ok {
		if n, ok := o.(types.Integer); ok {
			info.Revisions = max(info.Revisions, int(n))
		}
	}
	return true
}

// viaPoppler mends what pdfcpu cannot read: poppler reads the file
// (reconstructing a broken cross-reference table as it goes) and
// pdftocairo writes it anew, text, fonts and pages kept; when poppler finds
// the page tree gone but its pages still in the file, the tree is rebuilt
// first. The copy must give every page poppler found a size.
func viaPoppler(c context.Context, b []byte, orig Info, did []string, how string) (*mended, error) {
	c, cancel := withDefaultTimeout(c)
	defer cancel()
	dir, err := os.MkdirTemp("", "pdfrepair-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, b, 0o600); err != nil {
		return nil, err
	}
	pv, err := popplerInfo(c, in)
	// The upload's account of itself, from whichever reader found it:
	// pdfcpu (when it read the file), poppler, or the bytes themselves.
	fillMeta(&orig, pv.info)
	switch {
	case err != nil && (errors.Is(err, ErrEncrypted) || c.Err() != nil):
		return nil, err
	case err == nil && pv.pages > MaxPages:
		return nil, ErrTooMany
	case err != nil || pv.pages == 0 || pv.sized == 0:
		// poppler cannot find the pages, or counts pages it cannot find
		// (the count a linearized file's first-page dictionary gives): the
		// page tree may be gone with its pages still in the file.
		objs := scanObjects(b)
		fillMeta(&orig, rawInfo(b, objs))
		fixed, n, ok := rebuildPageTree(b, objs)
		switch {
		case !ok && err != nil:
			return nil, err
		case !ok && pv.pages == 0:
			return nil, ErrNoPages
		case !ok:
			return nil, errors.New("poppler finds no page with a size")
		}
		if err := os.WriteFile(in, fixed, 0o600); err != nil {
			return nil, err
		}
		if pv, err = popplerInfo(c, in); err != nil {
			return nil, err
		}
		if pv.sized != pv.pages || pv.pages != n {
			return nil, fmt.Errorf("the page tree rebuilt from %d page objects gives %d pages, %d with a size", n, pv.pages, pv.sized)
		}
		fillMeta(&orig, pv.info)
		how = fmt.Sprintf("page tree rebuilt from %d page objects left without it; %s", n, how)
	}
	out := filepath.Join(dir, "out.pdf")
	if msg, err := exec.CommandContext(c, "pdftocairo", "-pdf", in, out).CombinedOutput(); err != nil {
		if c.Err() != nil {
			return nil, c.Err()
		}
		return nil, fmt.Errorf("pdftocairo: %v: %s", err, shorten(string(msg)))
	}
	w, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	wctx, err := parse(w)
	if err == nil {
		err = checkPages(wctx)
	}
	if err != nil {
		return nil, fmt.Errorf("poppler's copy does not read: %v", err)
	}
	if wctx.PageCount != pv.pages {
		return nil, fmt.Errorf("poppler's copy has %d pages, poppler counted %d", wctx.PageCount, pv.pages)
	}
	return finish(wctx, orig, append(append([]string(nil), did...), how))
}

// fillMeta fills what dst lacks of the upload's own metadata from src.
func fillMeta(dst *Info, src Info) {
	dst.Producer = cmp.Or(dst.Producer, src.Producer)
	dst.Creator = cmp.Or(dst.Creator, src.Creator)
	dst.CreationDate = cmp.Or(dst.CreationDate, src.CreationDate)
	dst.ModDate = cmp.Or(dst.ModDate, src.ModDate)
}

// popplerView is what pdfinfo tells of a file.
type popplerView struct {
	pages int
	sized int // pages with a width and height
	info  Info
}

var pageSizeRe = regexp.MustCompile(`^Page\s+\d+\s+size:\s+([\d.]+)\s+x\s+([\d.]+)`)

// popplerInfo runs pdfinfo: once for the file's metadata and page count,
// once more for every page's size. A password poppler cannot open the file
// without is ErrEncrypted.
func popplerInfo(c context.Context, path string) (popplerView, error) {
	var pv popplerView
	out, err := pdfinfo(c, path)
	if err != nil {
		return pv, err
	}
	for _, line := range strings.Split(string(out), "\n") {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "Pages":
			pv.pages, _ = strconv.Atoi(val)
		case "Producer":
			pv.info.Producer = val
		case "Creator":
			pv.info.Creator = val
		case "CreationDate":
			pv.info.CreationDate = val
		case "ModDate":
			pv.info.ModDate = val
		}
	}
	if pv.pages < 1 || pv.pages > MaxPages {
		return pv, nil
	}
	if out, err = pdfinfo(c, path, "-f", "1", "-l", strconv.Itoa(pv.pages)); err != nil {
		return pv, err
	}
	for _, line := range strings.Split(string(out), "\n") {
		if m := pageSizeRe.FindStringSubmatch(line); m != nil {
			w, _ := strconv.ParseFloat(m[1], 64)
			h, _ := strconv.ParseFloat(m[2], 64)
			if w > 0 && h > 0 {
				pv.sized++
			}
		}
	}
	return pv, nil
}

func pdfinfo(c context.Context, path string, args ...string) ([]byte, error) {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(c, "pdfinfo", append(append([]string{"-rawdates", "-enc", "UTF-8"}, args...), path)...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	switch {
	case err == nil:
		return out, nil
	case c.Err() != nil:
		return nil, c.Err()
	case strings.Contains(stderr.String(), "Incorrect password"):
		return nil, fmt.Errorf("%w (poppler: %s)", ErrEncrypted, shorten(stderr.String()))
	}
	return nil, fmt.Errorf("pdfinfo: %v: %s", err, shorten(stderr.String()))
}

var (
	objHeaderRe = regexp.MustCompile(`(?:^|[^0-9])(\d+)\s+(\d+)\s+obj\b`)
	catalogRe   = regexp.MustCompile(`/Type\s*/Catalog\b`)
	pagesRefRe  = regexp.MustCompile(`/Pages\s+(\d+)\s+(\d+)\s+R`)
	pageTypeRe  = regexp.MustCompile(`/Type\s*/Page(?:[^A-Za-z0-9]|$)`)
	parentRe    = regexp.MustCompile(`/Parent\s+(\d+)\s+(\d+)\s+R`)
)

// rawObj is an object found by scanning the file's bytes, as a reader
// does when the cross-reference table cannot be trusted.
type rawObj struct {
	num, gen string
	head     []byte // the object up to its stream data or its end
}

// scanObjects finds the objects written in b, in file order. Objects inside
// object streams are out of its sight.
func scanObjects(b []byte) []rawObj {
	var objs []rawObj
	for _, loc := range objHeaderRe.FindAllSubmatchIndex(b, -1) {
		rest := b[loc[1]:min(len(b), loc[1]+64<<10)]
		for _, stop := range [][]byte{[]byte("endobj"), []byte("stream")} {
			if i := bytes.Index(rest, stop); i >= 0 {
				rest = rest[:i]
			}
		}
		objs = append(objs, rawObj{num: string(b[loc[2]:loc[3]]), gen: string(b[loc[4]:loc[5]]), head: rest})
	}
	return objs
}

// rebuildPageTree answers one kind of damage: the catalog survives and
// names its page tree root, that root object is gone from the file, and
// page objects naming it as their parent are still there. It appends a
// root listing them in the order they appear in the file (the order
// producers write pages in) and says how many it found.
func rebuildPageTree(b []byte, objs []rawObj) ([]byte, int, bool) {
	defined := map[string]bool{}
	var root []string // the catalog's /Pages reference: number, generation
	for _, o := range objs {
		defined[o.num] = true
		if catalogRe.Match(o.head) {
			if m := pagesRefRe.FindSubmatch(o.head); m != nil {
				root = []string{string(m[1]), string(m[2])}
			}
		}
	}
	if root == nil || defined[root[0]] {
		return nil, 0, false
	}
	var kids []string
	seen := map[string]bool{}
	for _, o := range objs {
		if !pageTypeRe.Match(o.head) || seen[o.num] {
			continue
		}
		if m := parentRe.FindSubmatch(o.head); m == nil || string(m[1]) != root[0] {
			continue
		}
		seen[o.num] = true
		kids = append(kids, o.num+" "+o.gen+" R")
	}
	if len(kids) == 0 {
		return nil, 0, false
	}
	var out bytes.Buffer
	out.Write(b)
	fmt.Fprintf(&out, "\n%s %s obj\n<</Type/Pages/Kids[%s]/Count %d>>\nendobj\n", root[0], root[1], strings.Join(kids, " "), len(kids))
	return out.Bytes(), len(kids), true
}

var infoRefRe = regexp.MustCompile(`/Info\s+(\d+)\s+(\d+)\s+R`)

// rawInfo reads the Info dictionary the file's last trailer names, for
// files neither pdfcpu nor poppler reads it from (poppler gives nothing for
// a file whose page tree it cannot find). pdfcpu parses the object's text.
func rawInfo(b []byte, objs []rawObj) Info {
	var info Info
	refs := infoRefRe.FindAllSubmatch(b, -1)
	if len(refs) == 0 {
		return info
	}
	num := string(refs[len(refs)-1][1])
	var head []byte
	for _, o := range objs {
		if o.num == num {
			head = o.head // the last definition is the newest
		}
	}
	if head == nil {
		return info
	}
	text := string(head)
	obj, err := model.ParseObject(&text)
	if err != nil {
		return info
	}
	d, ok := obj.(types.Dict)
	if !ok {
		return info
	}
	get := func(key string) string {
		var s string
		var err error
		switch v := d[key].(type) {
		case types.StringLiteral:
			s, err = types.StringLiteralToString(v)
		case types.HexLiteral:
			s, err = types.HexLiteralToString(v)
		}
		if err != nil {
			return ""
		}
		return strings.TrimSpace(s)
	}
	info.Producer, info.Creator = get("Producer"), get("Creator")
	info.CreationDate, info.ModDate = get("CreationDate"), get("ModDate")
	return info
}

// cutWithPoppler writes pages first..last of b as a PDF of their own with
// pdftocairo, for pages pdfcpu cannot extract.
func cutWithPoppler(c context.Context, b []byte, first, last int) ([]byte, error) {
	c, cancel := withDefaultTimeout(c)
	defer cancel()
	dir, err := os.MkdirTemp("", "pdfcut-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(in, b, 0o600); err != nil {
		return nil, err
	}
	if msg, err := exec.CommandContext(c, "pdftocairo", "-pdf", "-f", strconv.Itoa(first), "-l", strconv.Itoa(last), in, out).CombinedOutput(); err != nil {
		if c.Err() != nil {
			return nil, c.Err()
		}
		return nil, fmt.Errorf("pdftocairo: %v: %s", err, shorten(string(msg)))
	}
	w, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	wctx, err := parse(w)
	if err != nil {
		return nil, fmt.Errorf("poppler's cut does not read: %v", err)
	}
	if want := last - first + 1; wctx.PageCount != want {
		return nil, fmt.Errorf("poppler's cut has %d pages, not %d", wctx.PageCount, want)
	}
	return w, nil
}

func withDefaultTimeout(c context.Context) (context.Context, context.CancelFunc) {
	if _, ok := c.Deadline(); ok {
		return context.WithCancel(c)
	}
	return context.WithTimeout(c, RepairTimeout)
}

// shorten keeps a tool's message to its first line, bounded: poppler can
// print a line per damaged object.
func shorten(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
