package fraud

// History: a document already seen for another candidate of the account.
//
// Each judged segment leaves a Print (Fingerprint): the SHA-256 of the file
// as uploaded, a perceptual hash of each of its pages that shows a picture
// (a scan, a photo of a card; imagePages), and its identifying numbers and
// dates. Reused compares a new segment's print with the
// earlier prints of the same account (the caller keeps them: this package
// reads no database) and Rescore adds what it finds to the verdict the
// other checks gave.
//
//	reused_file        0.95  the byte-identical file was uploaded earlier for another candidate
//	reused_id          0.60  a license number, certificate/eCard id or passport number read earlier on another candidate's document
//	reused_page_image  0.45  a scanned or photographed page (perceptual hash) of another candidate's earlier document, re-scanned or re-encoded
//	                   0.55  ... that names the same holder as that document (8 bits apart at most); two text PDFs (both rendered
//	                         because they agree on their facts) count only when they name the same holder
//
// Why these weights:
//   - reused_file flags at every sensitivity (0.95 ≥ LOW's 0.70): a file
//     byte for byte the same as another nurse's upload is that nurse's
//     document, whatever it prints; at worst the recruiter picked the
//     wrong candidate, which a person must also look at.
//   - reused_id flags at MEDIUM and HIGH alone, not at LOW: two people hold
//     no common license or card number, but OCR can misread one digit of a
//     number into another nurse's (a misread "845121" is "845120"), and LOW
//     promises no clean document flagged. With a page image or any other
//     signal it passes LOW too. Numbers shorter than minIDLength characters
//     are not compared, and a license number is compared with its state
//     when the document prints one: short numbers repeat between boards.
//   - reused_page_image flags at HIGH alone, at MEDIUM and LOW only with
//     other evidence, unless the page also names the other candidate's
//     document's holder (0.55, MEDIUM): the same form filled for two
//     people names two people. A perceptual hash of a whole page survives a re-scan
//     (0 to 20 bits of 64 apart on the 75 sample layouts scanned at 150
//     dpi, 18 or less for 70 of them) but it sees the layout, not the
//     words: two nurses' cards of one issuer, or one clinic's form filled
//     for two people, are 0 to 8 bits apart, and two layouts of one
//     document type often under 20. So a
//     close page counts only between documents of the same type that
//     agree on at least one date or number they both print and contradict
//     on none (Print.Facts): the same form filled for another person
//     differs in a birth date, a test date or a number; a blank form
//     agrees on nothing. Pages with little ink (blank pages, a footer or a
//     stamp alone) leave no hash at all, and pages of no document type
//     ("other": an agency's fax cover sent with every packet of a day, a
//     cover letter) are never compared. The name is not among the facts:
//     a reused image usually carries the new candidate's name typed over.
//
// Another candidate is the caller's notion (Reused takes the candidate the
// new segment was uploaded for); a print of the same candidate never counts,
// however often a nurse sends the same card.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"math"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/corona10/goimagehash"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Signal codes of the history checks.
const (
	CodeReusedFile      = "reused_file"
	CodeReusedID        = "reused_id"
	CodeReusedPageImage = "reused_page_image"
)

// History signal weights (see the file's documentation).
const (
	weightReusedFile       = 0.95
	weightReusedID         = 0.60
	weightReusedPage       = 0.45
	weightReusedPageHolder = 0.55
	// samePersonDistance is the most bits a page may be from the other
	// candidate's and name the same holder for the stronger weight.
	samePersonDistance = 8
)

// holderOf is a document's holder name, normalised.
func holderOf(fields map[string]any) string {
	name, _ := fields["full_name"].(string)
	if name == "" {
		f, _ := fields["first_name"].(string)
		l, _ := fields["last_name"].(string)
		name = f + " " + l
	}
	var b strings.Builder
	for _, w := range strings.Fields(strings.ToUpper(name)) {
		w = strings.Map(func(r rune) rune {
			if r >= 'A' && r <= 'Z' {
				return r
			}
			return -1
		}, w)
		if w == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	if !strings.Contains(b.String(), " ") {
		return "" // a single word names no one
	}
	return b.String()
}

// Print is what a segment leaves behind for later uploads to be compared with.
type Print struct {
	ContentHash  string            `json:"content_hash"`  // hex SHA-256 of the uploaded file as received
	PageHashes   []string          `json:"page_hashes"`   // perceptual hash of each page image, hex
	IDs          map[string]string `json:"ids"`           // normalised ids by field (license_number, ecard_code, certificate_id, ...)
	DocumentType string            `json:"document_type"` // the segment's document type
	// Facts are the dates and numbers the document prints, normalised, by
	// field: what tells one filled-in form from another.
	Facts map[string]string `json:"facts,omitempty"`
	// AllPages is true once every page was hashed (HashPages), not only
	// the pages showing a picture: a born-digital document rendered
	// because a scan of another candidate's agreed with it.
	AllPages bool `json:"all_pages,omitempty"`
	// Holder is the name the document prints for its holder, normalised
	// (upper-case letters and single spaces): a page image of another
	// candidate's that also names the same holder is that document again.
	Holder string `json:"holder,omitempty"`
}

// PriorUse is an earlier segment of the same account: a segment of an
// intake (IntakeID, SegmentID) or a document scan (DocumentID).
type PriorUse struct {
	Print       Print
	CandidateID string
	IntakeID    string
	SegmentID   string
	DocumentID  string
	At          time.Time
}

// upload names the upload a use belongs to: its intake, or its document
// scan.
func (u PriorUse) upload() string {
	if u.IntakeID != "" {
		return "intake:" + u.IntakeID
	}
	return "document:" + u.DocumentID
}

// EarlierUse is the earlier upload a history signal found a document in:
// the evidence links to it.
//
// An earlier intake's segment is named by IntakeID and SegmentID, an
// earlier document scan (the single-document API) by DocumentID.
type EarlierUse struct {
	IntakeID    string    `json:"intake_id,omitempty"`
	SegmentID   string    `json:"segment_id,omitempty"`
	DocumentID  string    `json:"document_id,omitempty"`
	CandidateID string    `json:"candidate_id"`
	UploadedAt  time.Time `json:"uploaded_at"`
	// Distance is the Hamming distance between the page images' hashes
	// (reused_page_image only).
	Distance *int `json:"distance,omitempty"`
}

// idFields are the fields that name one document of one person. Vaccine
// lot numbers are shared by thousands of people and are not among them;
// nor is the last four of an SSN.
var idFields = []string{"license_number", "certificate_id", "ecard_code", "passport_number", "document_number"}

// minIDLength is the shortest normalised number compared: shorter ones
// repeat between issuers.
const minIDLength = 5

// Page images: rendered at renderDPI (coarse is enough for a hash and
// cheap), a page whose dark pixels (under inkLevel) cover less than
// minInk of it leaves no hash. (A scanned blank page has none inside its
// margins; a card scanned alone on a letter page has 0.9% and more.)
const (
	renderDPI = 50
	inkLevel  = 160
	minInk    = 0.005
)

// renderTimeout bounds the rendering of one segment's pages.
const renderTimeout = time.Minute

// MaxPageDistance is the most bits two page hashes may differ by and be
// the same page (see the file's documentation: the facts, not the hash,
// tell two people's documents of one layout apart); a store looking up
// earlier pages asks for this.
const MaxPageDistance = 18

// Fingerprint prints one segment: upload is the file as received, segmentPDF the segment's own pages.
func Fingerprint(upload, segmentPDF []byte, documentType string, fields map[string]any) (Print, error) {
	sum := sha256.Sum256(upload)
	p := Print{ContentHash: hex.EncodeToString(sum[:]), DocumentType: documentType, IDs: IDsOf(fields), Facts: factsOf(fields), PageHashes: []string{},
		Holder: holderOf(fields)}
	if len(segmentPDF) == 0 {
		return p, nil
	}
	pages, err := imagePages(segmentPDF)
	if err != nil {
		return p, err
	}
	for _, run := range runs(pages) {
		imgs, err := renderPages(segmentPDF, run[0], run[1])
		if err != nil {
			return p, err
		}
		for _, img := range imgs {
			if h, ok := PageHash(img); ok {
				p.PageHashes = append(p.PageHashes, h)
			}
		}
	}
	return p, nil
}

// maxHashedPages bounds HashPages: the pages of one document, not of a
// packet.
const maxHashedPages = 8

// HashPages hashes the pages of a segment's PDF (its first maxHashedPages),
// those drawn as text too. Fingerprint leaves a born-digital document's
// pages unhashed, for cost; they are rendered only when a scanned or
// photographed page of another candidate's document agrees with it
// (PagesWanted), so that a text PDF printed and scanned, or rendered to a
// picture, for someone else is found by its image.
func HashPages(segmentPDF []byte) ([]string, error) {
	// pdftoppm stops at the last page when asked for more.
	imgs, err := renderPages(segmentPDF, 1, maxHashedPages)
	if err != nil {
		return nil, err
	}
	out := []string{}
	for _, img := range imgs {
		if h, ok := PageHash(img); ok {
			out = append(out, h)
		}
	}
	return out, nil
}

// PagesWanted reports whether e's pages must be hashed (HashPages) for p,
// uploaded for candidateID, to be compared with them: e is another
// candidate's document of the same type that agrees with p on its facts
// and was born digital (no page hashed), and p has scanned or
// photographed pages, or was born digital too (a text PDF printed again
// to PDF, or rendered again, for someone else: both are then hashed).
// Only then is the cost of rendering it spent.
func PagesWanted(p Print, candidateID string, e PriorUse) bool {
	return candidateID != "" && e.CandidateID != "" && e.CandidateID != candidateID &&
		ComparablePages(p.DocumentType) && e.Print.DocumentType == p.DocumentType &&
		len(e.Print.PageHashes) == 0 && !e.Print.AllPages &&
		SameFacts(p.Facts, e.Print.Facts)
}

// PagesToHash tells which prints of an upload (ours) and of the earlier
// uploads it was matched with (theirs) need their pages hashed before the
// two sides are compared: those that a print of the other side wants
// (PagesWanted), in either direction, since a scan may come before or
// after the born-digital document it copies. It returns indexes into
// theirs and ours, in their order.
func PagesToHash(ours, theirs []PriorUse) (oursWanted, theirsWanted []int) {
	wanted := func(target PriorUse, by []PriorUse) bool {
		for _, b := range by {
			if PagesWanted(b.Print, b.CandidateID, target) {
				return true
			}
		}
		return false
	}
	for i, t := range theirs {
		if wanted(t, ours) {
			theirsWanted = append(theirsWanted, i)
		}
	}
	for i, o := range ours {
		if wanted(o, theirs) {
			oursWanted = append(oursWanted, i)
		}
	}
	return oursWanted, theirsWanted
}

// imagePages returns the pages of a PDF that show a picture at least
// minImagePixels large: a scan, a photo of a card, a picture of a page.
// Only those pages are rendered and hashed. A page drawn as text and
// vectors is a file's own (the same file is caught by its hash, the same
// document reissued by its numbers), and rendering every page of every
// text PDF would cost an intake more than all its other checks.
func imagePages(pdf []byte) (pages []int, err error) {
	defer func() {
		if r := recover(); r != nil {
			pages, err = nil, fmt.Errorf("fraud: reading the segment's images: %v", r)
		}
	}()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	ctx, err := api.ReadContext(bytes.NewReader(pdf), conf)
	if err != nil {
		return nil, fmt.Errorf("fraud: reading the segment: %w", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, fmt.Errorf("fraud: reading the segment: %w", err)
	}
	for n := 1; n <= ctx.PageCount; n++ {
		_, _, inh, err := ctx.PageDict(n, true)
		if err != nil || inh == nil {
			continue
		}
		if largestImage(ctx.XRefTable, inh.Resources, 0) >= minImagePixels {
			pages = append(pages, n)
		}
	}
	return pages, nil
}

// minImagePixels is the smallest picture that makes a page an image page:
// a card scanned at 150 dpi is 500 by 300 pixels; issuers' logos are
// smaller.
const minImagePixels = 100_000

// largestImage is the pixel count of the largest image a page's resources
// draw, through form XObjects.
func largestImage(x *model.XRefTable, res types.Dict, depth int) int {
	if res == nil || depth > 8 {
		return 0
	}
	obj, ok := res.Find("XObject")
	if !ok {
		return 0
	}
	xobjs, err := x.DereferenceDict(obj)
	if err != nil {
		return 0
	}
	best := 0
	for _, v := range xobjs {
		sd, _, err := x.DereferenceStreamDict(v)
		if err != nil || sd == nil {
			continue
		}
		switch sub := sd.Subtype(); {
		case sub != nil && *sub == "Image":
			w, h := sd.IntEntry("Width"), sd.IntEntry("Height")
			if w != nil && h != nil {
				best = max(best, *w**h)
			}
		case sub != nil && *sub == "Form":
			inner, _ := sd.Find("Resources")
			if innerRes, err := x.DereferenceDict(inner); err == nil {
				best = max(best, largestImage(x, innerRes, depth+1))
			}
		}
	}
	return best
}

// runs groups sorted page numbers into inclusive runs of consecutive pages.
func runs(pages []int) [][2]int {
	var out [][2]int
	for _, n := range pages {
		if len(out) > 0 && out[len(out)-1][1] == n-1 {
			out[len(out)-1][1] = n
			continue
		}
		out = append(out, [2]int{n, n})
	}
	return out
}

// IDsOf returns a document's identifying numbers by field, normalised
// (upper case letters and digits only). A license number carries its
// state ("TX:845120") when the document prints one: boards number
// independently.
func IDsOf(fields map[string]any) map[string]string {
	out := map[string]string{}
	for _, f := range idFields {
		s, _ := fields[f].(string)
		id := normaliseID(s)
		if len(id) < minIDLength {
			continue
		}
		if f == "license_number" {
			if st := normaliseID(fmt.Sprint(fields["state"])); len(st) == 2 {
				id = st + ":" + id
			}
		}
		out[f] = id
	}
	return out
}

// factsOf returns the dates (YYYY-MM-DD values) and numbers a document
// prints.
func factsOf(fields map[string]any) map[string]string {
	out := map[string]string{}
	for f, v := range fields {
		s, ok := v.(string)
		if !ok {
			continue
		}
		if _, err := time.Parse(time.DateOnly, s); err == nil {
			out[f] = s
		}
	}
	for f, id := range IDsOf(fields) {
		out[f] = id
	}
	return out
}

// SameID reports whether two normalised ids of one field name the same
// document. A license number read with its state on one document and
// without it on the other (the state not printed, or not read) is
// compared by its number alone; two states that differ are two licenses.
func SameID(a, b string) bool {
	if a == b {
		return true
	}
	_, na, stateA := strings.Cut(a, ":")
	_, nb, stateB := strings.Cut(b, ":")
	if stateA && stateB {
		return false
	}
	if !stateA {
		na = a
	}
	if !stateB {
		nb = b
	}
	return na == nb
}

func normaliseID(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// PageHash returns the perceptual hash of a page image as 16 hex digits;
// false for a page with too little ink to tell one document from another.
func PageHash(img image.Image) (string, bool) {
	if inkShare(img) < minInk {
		return "", false
	}
	h, err := goimagehash.PerceptionHash(img)
	if err != nil {
		return "", false
	}
	return fmt.Sprintf("%016x", h.GetHash()), true
}

// inkShare is the share of a page's pixels that are dark, inside a 5%
// margin: a scanner's edges (the dark wedges a skewed page leaves in the
// corners, a shadow along the lid) are no ink of the document's.
func inkShare(img image.Image) float64 {
	b := img.Bounds()
	mx, my := b.Dx()*5/100, b.Dy()*5/100
	b = image.Rect(b.Min.X+mx, b.Min.Y+my, b.Max.X-mx, b.Max.Y-my)
	if b.Empty() {
		return 0
	}
	dark := 0
	if g, ok := img.(*image.Gray); ok {
		// pdftoppm -gray: read the plane directly.
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for _, v := range g.Pix[g.PixOffset(b.Min.X, y):g.PixOffset(b.Max.X, y)] {
				if v < inkLevel {
					dark++
				}
			}
		}
		return float64(dark) / float64(b.Dx()*b.Dy())
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			// Rec. 601 luma on 16-bit channels.
			if (299*r+587*g+114*bl)/1000 < inkLevel<<8 {
				dark++
			}
		}
	}
	return float64(dark) / float64(b.Dx()*b.Dy())
}

// pageDistance is the Hamming distance between two page hashes; false
// when either does not parse.
func pageDistance(a, b string) (int, bool) {
	x, err1 := strconv.ParseUint(a, 16, 64)
	y, err2 := strconv.ParseUint(b, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return bits.OnesCount64(x ^ y), true
}

// renderPages renders pages first..last of a PDF in gray with poppler's
// pdftoppm (as PGM: encoding PNG would cost more than the rendering).
func renderPages(pdf []byte, first, last int) ([]image.Image, error) {
	dir, err := os.MkdirTemp("", "fraud-print-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "segment.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		return nil, err
	}
	// A file poppler chokes on must not hold the caller forever.
	ctx, cancel := context.WithTimeout(context.Background(), renderTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "pdftoppm", "-gray", "-r", strconv.Itoa(renderDPI),
		"-f", strconv.Itoa(first), "-l", strconv.Itoa(last), in, filepath.Join(dir, "page"))
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("fraud: pdftoppm: %v: %s", err, bytes.TrimSpace(msg))
	}
	names, err := filepath.Glob(filepath.Join(dir, "page-*.pgm"))
	if err != nil {
		return nil, err
	}
	// page-1.pgm ... page-10.pgm, or zero-padded: order by the number.
	sort.Slice(names, func(i, j int) bool { return pageNumber(names[i]) < pageNumber(names[j]) })
	out := make([]image.Image, 0, len(names))
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		img, err := readPGM(b)
		if err != nil {
			return nil, fmt.Errorf("fraud: page image %s: %w", filepath.Base(n), err)
		}
		out = append(out, img)
	}
	return out, nil
}

func pageNumber(path string) int {
	base := strings.TrimSuffix(filepath.Base(path), ".pgm")
	n, _ := strconv.Atoi(base[strings.LastIndexByte(base, '-')+1:])
	return n
}

// readPGM reads a binary 8-bit PGM (P5), what pdftoppm -gray writes.
func readPGM(b []byte) (*image.Gray, error) {
	var fields [4]string
	i := 0
	for f := 0; f < 4; f++ {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r' || b[i] == '#') {
			if b[i] == '#' { // a comment runs to the end of its line
				for i < len(b) && b[i] != '\n' {
					i++
				}
				continue
			}
			i++
		}
		j := i
		for j < len(b) && b[j] != ' ' && b[j] != '\t' && b[j] != '\n' && b[j] != '\r' {
			j++
		}
		fields[f], i = string(b[i:j]), j
	}
	w, err1 := strconv.Atoi(fields[1])
	h, err2 := strconv.Atoi(fields[2])
	if fields[0] != "P5" || err1 != nil || err2 != nil || fields[3] != "255" || w <= 0 || h <= 0 || i >= len(b) {
		return nil, fmt.Errorf("not an 8-bit binary PGM")
	}
	pix := b[i+1:] // one whitespace byte ends the header
	if len(pix) < w*h {
		return nil, fmt.Errorf("PGM of %dx%d has %d bytes", w, h, len(pix))
	}
	return &image.Gray{Pix: pix[:w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}, nil
}

// Reused returns the history signals of p, uploaded for candidateID, against earlier uses.
func Reused(p Print, candidateID string, earlier []PriorUse) []Signal {
	if candidateID == "" {
		return nil
	}
	uses := append([]PriorUse(nil), earlier...)
	sort.SliceStable(uses, func(i, j int) bool { return uses[i].At.Before(uses[j].At) })
	// A kind of reuse counts only when another candidate used the thing
	// first: the nurse whose file (id, page) it was sends it again after
	// someone else's copy without being the forger.
	var file, id, page *historyHit
	var ownFile, ownID, ownPage bool
	for _, e := range uses {
		if e.CandidateID == "" {
			continue
		}
		mine := e.CandidateID == candidateID
		if p.ContentHash != "" && e.Print.ContentHash == p.ContentHash {
			switch {
			case mine:
				ownFile = ownFile || file == nil
			case !ownFile:
				file = file.or(p, e, "", "", nil)
			}
		}
		for _, f := range idFields {
			if v, w := p.IDs[f], e.Print.IDs[f]; v != "" && w != "" && SameID(v, w) {
				switch {
				case mine:
					ownID = ownID || id == nil
				case !ownID:
					id = id.or(p, e, f, v, nil)
				}
				break
			}
		}
		if !ComparablePages(p.DocumentType) || e.Print.DocumentType != p.DocumentType || !SameFacts(p.Facts, e.Print.Facts) {
			continue
		}
		if p.AllPages && e.Print.AllPages && (p.Holder == "" || p.Holder != e.Print.Holder) {
			// Two text PDFs rendered to be compared: one form filled alike
			// for two people looks the same at a hash's resolution, and
			// their text layers name their holders; only the same holder
			// makes them one document.
			continue
		}
		if d, ok := closestPage(p.PageHashes, e.Print.PageHashes); ok {
			switch {
			case mine:
				ownPage = ownPage || page == nil
			case !ownPage:
				page = page.or(p, e, "", "", &d)
			}
		}
	}
	var out []Signal
	if file != nil {
		out = append(out, file.signal(CodeReusedFile, weightReusedFile, "the same file, byte for byte, was uploaded"))
	}
	if id != nil {
		out = append(out, id.signal(CodeReusedID, weightReusedID, fmt.Sprintf("the same %s (%s) was read on a document uploaded", label(id.field), id.value)))
	}
	if page != nil {
		w, what := weightReusedPage, "the same page image was uploaded"
		if page.distance != nil && *page.distance <= samePersonDistance && p.Holder != "" && p.Holder == page.first.Print.Holder {
			// The same page, naming the same holder: the other candidate's
			// document itself, not a form two people filled alike.
			w, what = weightReusedPageHolder, "the same page image, naming the same holder, was uploaded"
		}
		out = append(out, page.signal(CodeReusedPageImage, w, what))
	}
	return out
}

// historyHit is the earliest earlier upload a history signal found (of
// its segments, the one most like the new document: a packet uploaded
// again links each document to its own earlier copy), and the other
// earlier uploads it found.
type historyHit struct {
	first        PriorUse
	field, value string
	distance     *int
	likeness     int
	others       map[string]bool
}

func (h *historyHit) or(p Print, e PriorUse, field, value string, distance *int) *historyHit {
	hit := &historyHit{first: e, field: field, value: value, distance: distance, likeness: unlikeness(p, e.Print), others: map[string]bool{}}
	switch {
	case h == nil:
		return hit
	case e.upload() != h.first.upload():
		h.others[e.upload()] = true
	case hit.likeness < h.likeness:
		hit.others = h.others
		return hit
	}
	return h
}

// unlikeness ranks an earlier print against p: another document type is
// further than any page distance.
func unlikeness(p, e Print) int {
	d := 100
	if p.DocumentType == e.DocumentType {
		d = 65
	}
	if best, _ := closestPage(p.PageHashes, e.PageHashes); best < 64 {
		d -= 65 - best
	}
	return d
}

func (h *historyHit) signal(code string, weight float64, what string) Signal {
	e := h.first
	detail := fmt.Sprintf("%s for another candidate (%s) on %s", what, e.CandidateID, e.At.UTC().Format(time.DateOnly))
	if n := len(h.others); n > 0 {
		detail += fmt.Sprintf(" (and in %d more earlier uploads)", n)
	}
	ev := &SignalEvidence{Field: h.field, Value: h.value,
		Earlier: &EarlierUse{IntakeID: e.IntakeID, SegmentID: e.SegmentID, DocumentID: e.DocumentID, CandidateID: e.CandidateID, UploadedAt: e.At.UTC(), Distance: h.distance}}
	if h.distance != nil {
		ev.Measure = float64(*h.distance)
	}
	return Signal{Code: code, Weight: weight, Detail: detail, Evidence: ev}
}

// ComparablePages is true for the document types whose page images are
// compared: documents, not the pages around them.
func ComparablePages(documentType string) bool {
	return documentType != "" && documentType != "other"
}

// SameFacts is true when two documents agree on at least one fact they
// both print and contradict on none. A fact one character apart (a digit
// OCR misread on one of two scans of a page: "2027-03-28" for
// "2027-03-23") does not contradict when another fact agrees exactly;
// two people's copies of one form differ in more than a character in
// their numbers, and a birth date is never excused.
func SameFacts(a, b map[string]string) bool {
	agree, misread := 0, 0
	for f, v := range a {
		w, ok := b[f]
		switch {
		case !ok:
		case w != v && !(slices.Contains(idFields, f) && SameID(v, w)):
			// A birth date tells two people apart: never excused.
			if f == "date_of_birth" || !oneCharApart(v, w) {
				return false
			}
			misread++
		default:
			agree++
		}
	}
	return agree > 0 && misread <= 1
}

// oneCharApart: two values of one length that differ in one character.
func oneCharApart(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	diff := 0
	for i := range len(a) {
		if a[i] != b[i] {
			diff++
		}
	}
	return diff == 1
}

// closestPage returns the smallest distance between a page of a and a
// page of b when it is small enough to be the same page.
func closestPage(a, b []string) (int, bool) {
	best := math.MaxInt
	for _, x := range a {
		for _, y := range b {
			if d, ok := pageDistance(x, y); ok && d < best {
				best = d
			}
		}
	}
	return best, best <= MaxPageDistance
}

func label(field string) string { return strings.ReplaceAll(field, "_", " ") }

// Rescore adds signals to a verdict and recomputes result and score at the sensitivity.
func Rescore(v Verdict, extra []Signal, sensitivity string) Verdict {
	var s signals
	for _, sig := range v.Signals {
		s.add(sig)
	}
	for _, sig := range extra {
		// A signal already in the verdict (a retried rescore) is replaced,
		// not counted twice.
		s.replace(sig)
	}
	list := s.list
	sort.SliceStable(list, func(i, j int) bool { return list[i].Weight > list[j].Weight })
	keep := 1.0
	for _, sig := range list {
		keep *= 1 - sig.Weight
	}
	out := Verdict{Result: Clean, Score: math.Round((1-keep)*1000) / 1000, Threshold: Threshold(sensitivity), Signals: list}
	if out.Signals == nil {
		out.Signals = []Signal{}
	}
	if out.Score >= out.Threshold {
		out.Result = Fraudulent
	}
	return out
}

// replace puts sig in place of the signal of its code, or adds it.
func (s *signals) replace(sig Signal) {
	for i, o := range s.list {
		if o.Code == sig.Code {
			s.list[i] = sig
			return
		}
	}
	s.list = append(s.list, sig)
}
