// Package fraud judges whether a document looks forged or altered. Each
// check yields an explainable signal (a stable code, a weight, a sentence
// for people and, where it helps, evidence: the page, the box, the two
// fonts, the revisions, the field); the signals combine into a score (a
// noisy-OR: independent pieces of evidence reinforce each other without
// exceeding 1), and the account's sensitivity sets the score at which a
// document is called fraudulent: LOW 0.70, MEDIUM 0.50, HIGH 0.35.
//
// # Signals and weights
//
// Only the near-certain flag a document alone at LOW (0.70 and more): a
// later revision that replaced a printed date with another, and the
// byte-identical file of another candidate (reused_file, below). The
// strong ones (0.50 and more) flag it alone at MEDIUM. A fact read by OCR
// (no text layer: a scan, a photo) weighs 0.7 times its text-layer weight
// (OCR misreads look-alike characters and may take one date for two
// fields), expires_before_issue 0.50. A code is
// reported once per document, with its strongest instance (the others are
// counted in its detail and evidence), so that one alteration seen on two
// pages does not count twice.
//
// The file's history (FileMeta, and the upload's revisions and metadata
// when Evidence.Upload is given):
//
//	editing_software            0.50  Producer/Creator, XMP history or an image's EXIF Software names a tool made to change a page's
//	                                  text or a picture's pixels (Photoshop, Foxit PDF Editor, PDF-XChange Editor, Nitro Pro...)
//	                            0.45  ... names another editor: converters, compressors, form fillers, design tools (iLovePDF, DocHub, Canva)
//	                            0.50  (structure.go) names an editor this list leaves out (Master PDF Editor, PDF Expert, Soda PDF...; 0.45 for
//	                                  suites that also edit), or LibreOffice Draw as Creator: where LibreOffice opens a PDF to edit its text
//	                            0.50  (structure.go) an earlier revision's Info names an editor the last one does not (0.45 for the others
//	                                  above): a later save (a signature, the Info written back) hid the tool that changed the page
//	                            0.45  (editors_acrobat.go) the XMP history records a save by Acrobat itself (not Distiller, PDFMaker, its OCR,
//	                                  Reader or Sign) more than two days after the file was made, the Info's ModDate agreeing; an editor's
//	                                  printer driver ("Foxit PDF Editor Printer") is no editor
//	content_changed_in_revision 0.75  a later revision replaced the page's content stream and a date it printed with another
//	                            0.60  a later revision replaced the page's content stream, an image, a font, added a visible annotation or a page
//	incremental_update          0.25  saved again after it was first written (0.10 when the upload shows no page changed: a signature, metadata, a form filled in)
//	modified_after_creation     0.20  ModDate more than two days after CreationDate
//	metadata_mismatch           0.15  the XMP packet and the Info dictionary disagree on the tool or the dates
//	                            0.50  the XMP history records a save by another tool more than two days after the Info's last modification
//	                                  (the Info written back to look untouched; a signature is left out)
//	metadata_date_in_future     0.35  CreationDate, ModDate or an XMP/EXIF date more than 9 days after the as-of day
//	                            0.10  2 to 9 days after it: a machine clock set wrong, not a forgery (tools stamp their machine's clock)
//	created_before_printed_date 0.40  the file was last written (the photo taken) before a date it prints as passed (issued, completed...)
//	                            0.20  a photo taken, by its EXIF date, before such a date: a camera's clock may be off, and a soft
//	                                  photo's year misread makes the printed date later (corroborates only)
//
// What the pages show (Evidence.Pages, and the upload's drawing):
//
//	covered_text                0.55  a white box or an opaque image painted over text that was printed first (what a fill paints is its
//	                                  path within the clipping path: HTML renderers paint a box's background through a clip)
//	                            0.50  a value of the document's fields on a scanned picture whose paper shows none of the scan's grain,
//	                                  far smoother than around every other word of the page: a patch painted over it after the scan
//	                                  (content.go: checkPaintedPaper; measured on whole 8x8 blocks free of ink), or hugged by four and
//	                                  more dead-flat blocks of paper on a grainy page where such blocks are rare (patch.go: flatPatch)
//	                            0.30  ... or whose paper is whiter than around every other word of a page of even grey paper, or flat
//	                                  where the page shows the scan's grain, measured on samples clear of ink (whitepatch.go;
//	                                  corroborates only)
//	overlapping_text            0.40  different text printed over text
//	                            0.55  a date or number printed over a different one, the holder's name over another word, or a word
//	                                  retyped in place in another font (on its baseline, at its size): a value typed over with nothing to
//	                                  hide the old one, which stays in the text layer
//	font_mismatch               0.50  a name or date of the document's fields set in a face no other word of its page uses, at about the size
//	                                  of the values the page's body face prints (a value retyped on a line of its own; fonts.go), or a
//	                                  labelled row drawn again whole, label and value, in such a face (not a line of values alone, nor a
//	                                  monospace face: a template's); a date or name painted in a colour of its own (a red expiry) on a
//	                                  page printed in black is a design's stress, which the style checks leave alone
//	                            0.30  an expiry alone in the serif companion of the page's sans face (or the sans of its serif) at the
//	                                  values' size and weight: a design's emphasis as often (fonts.go; corroborates only)
//	                            0.50  a date the document is judged by set in the page's own family but bold or 8% larger or smaller,
//	                                  in the column of two or more other dates all set alike (fonts.go: oddDate)
//	                            0.45  a value in another font family or size than the rest of its phrase (0.40: than the values of its sibling fields)
//	                            0.45  a date the document is judged by, a labelled row's value, set bold or 8% larger or smaller among four or
//	                                  more values of its column set alike, its label set as theirs (fonts.go: oddColumnDate; design may stress it)
//	                            0.50  a labelled row's date or name in the page's own face but 4.5% or more larger or smaller than the values
//	                                  of three or more other rows set alike (rowstyle.go; 0.45 set bold, or a name at most 6% larger:
//	                                  a design's stress, 11.5 pt among 11)
//	                            0.50  a date or name painted in a setting no other word of its page uses: a grey a shade off the page's text,
//	                                  its own character spacing or horizontal scale (setting.go; 0.45 stroked, or in a colour of its own)
//	                            0.45  a date or name printed alone in a second copy of a font (two subset tags of one face, the face
//	                                  embedded and not, or two font objects under one name and tag whose programs or widths differ)
//	                                  whose other copy prints ten or more of the page's words, every character of the value among them
//	                                  (under one tag, also a value printing a glyph the first copy lacks: a tag names one subset): a
//	                                  value drawn by another file laid over the page (subset.go; corroborates only)
//	                            0.30  a value on a scanned picture whose print is steeper-edged than every other word of its height by far,
//	                                  and as dark: typed onto the picture after the scan (content.go: checkCrispValue; corroborates only)
//	                            0.50  the same, the value 1.35 times as steep as its height's median and 0.08 over the steepest of 20 or
//	                                  more such words (no clean scan of eight producers came near: 1.09 and 0.021)
//	baseline_shift              0.30  a value off the baseline of the words around it, in the same font and size
//	                            0.45  a labelled row's date or name off its label's baseline where three or more rows set alike keep
//	                                  one offset to a tenth of a point (fonts.go: offBaselineRow; a form filled in agrees on none)
//	                            0.50  a date or name 0.2 pt or more off the baseline the rest of its line keeps, on a page whose every
//	                                  other line keeps one to 0.02 pt (baseline.go: a value deleted and drawn again by eye or by another file)
//	                            0.30  a date or name on a scanned picture printed a quarter of its label's height or more off its label's
//	                                  baseline, where every one of three or more other labelled rows keeps its own (glyphs.go; corroborates only)
//	text_layer_mismatch         0.45  the text layer says something else than the OCR of the image under it (each layer word read from
//	                                  every OCR word within it; OCR look-alikes such as O/0 and l/1 are no disagreement)
//	                            0.55  a date, number or name of the document's fields in the layer that the image, read surely, shows
//	                                  otherwise, the rest of the layer agreeing (a layer edited, or the picture retyped under an older layer;
//	                                  a value retyped shorter or longer is read on its line: other digits of its length, none of its own)
//	                            0.50  the one word of the layer the image shows otherwise, a capitalised name read surely (90 and more) as
//	                                  another capitalised word most of whose letters differ: a name the reading did not take as the holder's
//
// Images (the upload's images as stored):
//
//	image_recompressed_region   0.50  a region of a picture that missed the earlier compression the rest of it went through (error-level
//	                                  analysis of a JPEG saved at 60 or more, or of a PNG, over an earlier JPEG save at any quality: a paste
//	                                  saved over; a picture compressed once shows no earlier save)
//	                            0.30  a patch of bare paper whose finest grain is far weaker than the paper's of its tone round it, by five
//	                                  standard errors and more, where the copy-move searches find no copy: a clone resized by a few percent
//	                                  or a splice from another scan, both resampled (noise.go; a page resampled whole, smoother in many
//	                                  places, is not searched; corroborates, seen on own pages only)
//	copy_move                   0.55  two regions of a photo or scan that are copies of each other, sensor grain and all (a connected
//	                                  region of bare 8x8 blocks matching at one displacement and less one sample off it, and not again
//	                                  at twice it, before it, at a whole fraction of it or at another displacement found: a printed
//	                                  pattern such as a card's wave lines repeats itself)
//	                            0.30  the same at 94-97% or 103-106.5% of the size (points matched within the page by the ratio test,
//	                                  one scale and offset carrying seven or more of them, the region's detail correlating at that
//	                                  scale and not at one, no second cluster at it): corroborates, seen on own pages only
//
// Facts that cannot be true:
//
//	expires_before_issue        0.60  issued, completed or tested after it expires (0.50 read by OCR; 0.15 read by OCR where the
//	                                  issue is also in the future and one look-alike digit of its year puts it before both: a
//	                                  soft photo's 2020 read 2029; facts_misread.go)
//	                            0.50  a skin test read before it was placed, up to 60 days, no second step printed (read by OCR, only
//	                                  with both dates printed and read surely; facts_order.go)
//	                            0.50  read by OCR, the reading leaving a date out: the dates the page prints after an expiry label and an
//	                                  issue or completion label, each read surely and printed once, or a validity printed as a range
//	                                  on one line ("Valid 09/03/2026 - 09/02/2025") ending before it starts (facts_page.go, facts_range.go)
//	date_in_future              0.50  an event date after the as-of day (0.35 read by OCR; 0.15 when it is the expiration date read again,
//	                                  or, read by OCR, one look-alike digit of its year from a passed sibling date or before the expiry)
//	                            0.50  a vaccine dose after the as-of day, the record scheduling none (read by OCR, only printed and
//	                                  read surely)
//	                            0.50  read by OCR, the page printing the date with every digit read surely (90 and more): no misreading
//	implausible_birth_date      0.40  an age under 16 or over 100 (0.28 read by OCR; 0.50 where the page prints that birth date after
//	                                  or under its caption, in a text layer or read surely: no other date taken for it)
//	                            0.50  born after the as-of day, or a year and more after an event the document records or after its
//	                                  expiry (by a day where the page prints the birth date after its caption) (0.35 read by
//	                                  OCR; 0.50 where the page prints the birth date with every digit read surely; the reading withholding
//	                                  it, the date printed after or under its caption, read surely: facts_page.go)
//	validity_too_long           0.50  valid longer than the issuer grants (catalog max_validity_years; 0.35 read by OCR)
//	                            0.50  read by OCR, both dates printed with every digit read surely (90 and more); or, the reading leaving
//	                                  one out, the dates printed after or under an expiry and an issue caption, read surely (facts_page.go)
//	implausible_value           0.40  a reading no test gives (induration)
//	id_format                   0.55  an eCard code, a nursing or driver's license number, a U.S. passport number, an SSN or an NPI in a
//	                                  form the issuer does not use, read from a text layer:
//	                                  issuers print numbers from their registers, so a form none issues is made up
//	                            0.35  the same read by OCR, once look-alikes (O for 0, I for 1) are repaired: a dropped or doubled digit is a misreading as often
//	                            0.50  the same read by OCR surely (its words at 90 and more): no misreading explains it; one character
//	                                  off (a digit too many) only where read as printed, no look-alike letter among its digits; against
//	                                  a state's numbering only where the page names the state (zone_idread.go, idformats.go)
//	                                  Read by OCR a number is judged only where the page prints it surely (a number read unsurely may
//	                                  be another row's: a training center's id); an eCard code is the value printed after or under
//	                                  its "eCard Code" caption where the page prints one (idformats.go)
//	                                  An eCard code's year is judged against the issue date, or, none read, the renewal's year less
//	                                  two (or one), read by OCR only with both read surely; a nursing license number whose type code
//	                                  names the other kind of nurse (PN on an RN's license) on a page naming one kind only, read by
//	                                  OCR only where the page prints the license's kind surely (idformats.go: checkLicenseType); a
//	                                  U.S. passport's number printed after its caption, where the reading took the zone's
//	mrz_check_failed            0.50  a check digit of the machine-readable zone does not match (0.30: the composite digit alone, read by
//	                                  OCR, unless every field's digit passed on its characters as read and the composite read is not a
//	                                  digit OCR takes for the right one: 0.50; or the composite's print, on a passport's scan, is surely
//	                                  another digit than the fields make, compared with the zone's own digits their checks confirmed:
//	                                  0.50, zone_glyph.go), or the zone disagrees with the visual zone (its expiry or number not the one
//	                                  printed)
//	                                  Read by OCR the zone is found by its block of dates and judged only on characters read surely and as
//	                                  they are (zone.go); a field failing on characters read unsurely flags only where the page prints the
//	                                  same value above the zone and the composite fails with the field's own digit made right
//	                                  The zone's dates passing and its expiry printed, a surname or birth date printed above it, read
//	                                  surely, that is not the zone's (another holder put on the page, the zone left; zone_visual.go)
//	                                  Read by OCR, a printed number one digit off the zone's flags where it was read surely and
//	                                  the digit is not one OCR takes for the zone's (a 9 for a 6; not an 8 for a 3)
//	holder_mismatch             0.50  two places the document names its holder (a holder's caption: "Patient:", "Employee Name:",
//	                                  "Licensee:", "Signature of Licensee:"; the line after "This certifies that"; an address
//	                                  block's first line) name people sharing no surname, both in a text layer (facts_holder.go)
//	                            0.40  the same where either was read by OCR, every word at 90 and more (corroborates; 0.50 where one
//	                                  of the two names is read so in two places of its own)
//	                            0.30  the holder's printed name against the holder's first.last@ e-mail naming another
//	                            0.50  the file's own labels (Info title or subject, XMP title, a form field named for the holder)
//	                                  naming, as a given name and surname, someone the page neither names as its holder nor prints
//	                                  anywhere (facts_labels.go; 0.30 keywords or dc:subject, a note, or the page read by OCR)
//
// Facts under 0.35, each as likely a misreading, do not add up: the
// strongest is kept and the others named in its detail (facts.go:
// settleWeakFacts).
//
// History: the account's earlier uploads for other candidates (history.go;
// Reused and Rescore, after Assess):
//
//	reused_file                 0.95  the byte-identical file was uploaded earlier for another candidate
//	reused_id                   0.60  a license, certificate/eCard or passport number read earlier on another candidate's document
//	reused_page_image           0.45  a page image (perceptual hash) of another candidate's earlier document
//
// The day "in the future" and a holder's age are measured from is the
// caller's Evidence.AsOf; this package never reads the clock, the network
// or a database. Assess panics when AsOf is zero: judged on year 1 every
// date would look like a forgery, and skipping the date checks instead
// would call an altered document clean.
package fraud

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// Result values.
const (
	Clean      = "clean"
	Fraudulent = "fraudulent"
)

// Signal codes.
const (
	CodeEditingSoftware    = "editing_software"
	CodeContentChanged     = "content_changed_in_revision"
	CodeIncrementalUpdate  = "incremental_update"
	CodeModifiedAfter      = "modified_after_creation"
	CodeMetadataMismatch   = "metadata_mismatch"
	CodeMetadataFuture     = "metadata_date_in_future"
	CodeCreatedBeforePrint = "created_before_printed_date"
	CodeCoveredText        = "covered_text"
	CodeOverlappingText    = "overlapping_text"
	CodeFontMismatch       = "font_mismatch"
	CodeBaselineShift      = "baseline_shift"
	CodeTextLayerMismatch  = "text_layer_mismatch"
	CodeRecompressedRegion = "image_recompressed_region"
	CodeCopyMove           = "copy_move"
	CodeExpiresBeforeIssue = "expires_before_issue"
	CodeDateInFuture       = "date_in_future"
	CodeImplausibleBirth   = "implausible_birth_date"
	CodeValidityTooLong    = "validity_too_long"
	CodeImplausibleValue   = "implausible_value"
	CodeIDFormat           = "id_format"
	CodeMRZCheckFailed     = "mrz_check_failed"
)

// Sensitivity tiers and the score at which each calls a document fraudulent.
var thresholds = map[string]float64{
	"LOW":    0.70,
	"MEDIUM": 0.50,
	"HIGH":   0.35,
}

// Threshold returns the fraudulent-from score of a sensitivity (MEDIUM when
// unknown).
func Threshold(sensitivity string) float64 {
	if t, ok := thresholds[strings.ToUpper(sensitivity)]; ok {
		return t
	}
	return thresholds["MEDIUM"]
}

// FileMeta is what the file says about its own making.
type FileMeta struct {
	Producer     string
	Creator      string
	CreationDate string // PDF date string, e.g. D:20260101120000Z
	ModDate      string
	Revisions    int
	// FromImage is true for uploads that were images: no PDF history.
	FromImage bool
}

// Evidence is everything the checks look at for one document.
type Evidence struct {
	File         FileMeta
	DocumentType string
	Fields       map[string]any
	// AsOf is the day the document is judged on; it is required.
	AsOf time.Time

	// Pages are the document's pages as read: text-layer words with their
	// fonts, or OCR words. Pages[i] is page FirstPage+i of the upload.
	// Without them the font checks do not run.
	Pages []pagetext.Page
	// Upload is the uploaded file as ReadUpload read it (shared by the
	// segments of one upload). Without it the structure, drawing and image
	// checks do not run and incremental_update counts FileMeta.Revisions;
	// with a copy ReadCopy read, the drawing and image checks run and the
	// history is FileMeta's.
	Upload *Upload
	// FirstPage and LastPage are the document's pages in the upload,
	// 1-based and inclusive; zero means every page of the upload.
	FirstPage, LastPage int
	// OCR holds, by upload page number, the OCR words of pages that carry
	// both an image and a text layer (Upload.OCRWanted lists them), in the
	// same page points as Pages. A page absent here is not compared: the
	// caller decides whether the check is worth an OCR run.
	OCR map[int]pagetext.Page
	// Catalog says how long each issuer's documents are valid; nil reads
	// the embedded catalog.
	Catalog *catalog.Catalog
}

// Box is a rectangle on a page in points from its top-left corner.
type Box = pagetext.Box

// Signal is one reason for suspicion.
type Signal struct {
	Code   string  `json:"code"`
	Weight float64 `json:"weight"`
	Detail string  `json:"detail"`
	// Evidence says where and what, as far as the check knows.
	Evidence *SignalEvidence `json:"evidence,omitempty"`
}

// SignalEvidence is what a signal points at. Every part is optional.
type SignalEvidence struct {
	// Page is the 1-based page of the upload; Pages every page concerned
	// when there are several.
	Page  int   `json:"page,omitempty"`
	Pages []int `json:"pages,omitempty"`
	// Box is the region on Page, in points from its top-left corner;
	// Boxes are further regions concerned there (the other copy of a
	// copied region).
	Box   *Box  `json:"box,omitempty"`
	Boxes []Box `json:"boxes,omitempty"`
	// Text is the printed words concerned.
	Text string `json:"text,omitempty"`
	// Fonts are the font of Text, then the font of the words around it;
	// Sizes likewise, in points.
	Fonts []string  `json:"fonts,omitempty"`
	Sizes []float64 `json:"sizes,omitempty"`
	// Field is the document field concerned, Value its value as read and
	// Expected what it should be (a format, a check digit, a limit).
	Field    string `json:"field,omitempty"`
	Value    string `json:"value,omitempty"`
	Expected string `json:"expected,omitempty"`
	// Revisions are the revision first saved and the one that changed it
	// (1-based), Changes what changed (content, image, font, annotation,
	// page_added), Removed and Added the text runs that went and came.
	Revisions []int    `json:"revisions,omitempty"`
	Changes   []string `json:"changes,omitempty"`
	Removed   []string `json:"removed,omitempty"`
	Added     []string `json:"added,omitempty"`
	// Source is where a file's own account was read (info, xmp,
	// xmp_history, xmp_earlier, exif), Tool the tool it names, Dates the dates compared.
	Source string            `json:"source,omitempty"`
	Tool   string            `json:"tool,omitempty"`
	Dates  map[string]string `json:"dates,omitempty"`
	// Measure is the check's own figure (an error-level ratio, a share of
	// mismatched words), for people tuning the checks.
	Measure float64 `json:"measure,omitempty"`
	// Earlier is the earlier upload of another candidate a history signal
	// found the document in (history.go).
	Earlier *EarlierUse `json:"earlier,omitempty"`
}

// Verdict is the judgement of one document.
type Verdict struct {
	Result    string   `json:"result"`
	Score     float64  `json:"score"`
	Threshold float64  `json:"threshold"`
	Signals   []Signal `json:"signals"`
}

// signals collects a document's signals, one per code.
type signals struct {
	list  []Signal
	count map[string]int
}

func (s *signals) add(sig Signal) {
	if s.count == nil {
		s.count = map[string]int{}
	}
	s.count[sig.Code]++
	for i, o := range s.list {
		if o.Code != sig.Code {
			continue
		}
		if sig.Weight > o.Weight {
			sig.Evidence = mergePages(sig.Evidence, o.Evidence)
			s.list[i] = sig
		} else {
			s.list[i].Evidence = mergePages(o.Evidence, sig.Evidence)
		}
		return
	}
	s.list = append(s.list, sig)
}

func (s *signals) addf(code string, w float64, ev *SignalEvidence, detail string, args ...any) {
	s.add(Signal{Code: code, Weight: w, Detail: fmt.Sprintf(detail, args...), Evidence: ev})
}

func (s *signals) has(code string) bool {
	for _, o := range s.list {
		if o.Code == code {
			return true
		}
	}
	return false
}

// mergePages records the pages of a weaker instance of a signal in the
// kept one's evidence.
func mergePages(keep, other *SignalEvidence) *SignalEvidence {
	if keep == nil || other == nil {
		return keep
	}
	pages := map[int]bool{}
	for _, p := range append(append([]int{keep.Page, other.Page}, keep.Pages...), other.Pages...) {
		if p > 0 {
			pages[p] = true
		}
	}
	if len(pages) < 2 {
		return keep
	}
	keep.Pages = keep.Pages[:0]
	for p := range pages {
		keep.Pages = append(keep.Pages, p)
	}
	sort.Ints(keep.Pages)
	return keep
}

// Assess runs every check and returns the verdict for a sensitivity. It
// panics when ev.AsOf is zero (see the package documentation).
func Assess(ev Evidence, sensitivity string) Verdict {
	if ev.AsOf.IsZero() {
		panic("fraud: Assess needs an as-of date (Evidence.AsOf is zero); the caller decides the day documents are judged on")
	}
	d := newDoc(ev)
	var s signals
	checkHistory(d, &s)
	checkStructure(d, &s)
	checkContent(d, &s)
	checkImages(d, &s)
	checkFacts(d, &s)

	list := s.list
	for i := range list {
		if n := s.count[list[i].Code]; n > 1 {
			list[i].Detail += fmt.Sprintf(" (and %d more like it)", n-1)
		}
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].Weight > list[j].Weight })
	keep := 1.0
	for _, sig := range list {
		keep *= 1 - sig.Weight
	}
	score := math.Round((1-keep)*1000) / 1000
	v := Verdict{Result: Clean, Score: score, Threshold: Threshold(sensitivity), Signals: list}
	if v.Signals == nil {
		v.Signals = []Signal{}
	}
	if score >= v.Threshold {
		v.Result = Fraudulent
	}
	return v
}

// embeddedCatalog is the catalog compiled into the binary, parsed once and
// only read afterwards, for callers that do not pass their own.
var embeddedCatalog = sync.OnceValue(catalog.MustLoad)

// doc is the evidence with what several checks derive from it.
type doc struct {
	Evidence
	// first and last bound the document's pages in the upload.
	first, last int
	cat         *catalog.Catalog
	// imgs are the document's images (images), listed once.
	imgs         []docImage
	imagesListed bool
}

func newDoc(ev Evidence) *doc {
	d := &doc{Evidence: ev, first: ev.FirstPage, last: ev.LastPage, cat: ev.Catalog}
	if d.first <= 0 {
		d.first = 1
	}
	if d.last < d.first {
		switch {
		case ev.Upload != nil && len(ev.Upload.pages) > 0:
			d.last = len(ev.Upload.pages)
		case len(ev.Pages) > 0:
			d.last = d.first + len(ev.Pages) - 1
		default:
			d.last = d.first
		}
	}
	if d.cat == nil {
		d.cat = embeddedCatalog()
	}
	return d
}

// uploadPages returns the upload's pages of the document with their
// upload page numbers.
func (d *doc) uploadPages() []numberedPage {
	if d.Upload == nil {
		return nil
	}
	var out []numberedPage
	for n := d.first; n <= d.last && n <= len(d.Upload.pages); n++ {
		out = append(out, numberedPage{n: n, p: &d.Upload.pages[n-1]})
	}
	return out
}

type numberedPage struct {
	n int
	p *uploadPage
}

// editors are tools that edit existing PDFs or images; issuers do not
// produce certificates with them.
var editors = []string{
	"photoshop", "gimp", "pdfescape", "ilovepdf", "smallpdf", "sejda", "pdf-xchange editor",
	"phantompdf", "foxit pdf editor", "nitro pro", "pdfelement", "wondershare", "canva", "pixlr",
	"inkscape", "pdf candy", "pdffiller", "dochub", "pdfsimpli", "formswift", "paint.net", "affinity",
	"picsart", "snapseed", "photopea", "fotor", "lightroom",
}

// contentEditors are the tools made to change what an existing page or
// picture shows (edit its text, retouch its pixels): an issuer prints its
// documents from its own systems and has no use for them, so a document a
// candidate hands in last written by one was changed after it was issued.
// The other editors convert, compress, fill in forms, sign or design
// (iLovePDF, Smallpdf, DocHub, Canva: a small training provider may make
// its certificates there) and weigh less.
var contentEditors = []string{
	"photoshop", "gimp", "pdfescape", "pdf-xchange editor", "phantompdf", "foxit pdf editor", "nitro pro", "pdfelement",
	"wondershare", "inkscape", "paint.net", "affinity", "photopea", "pixlr",
}

// editorWeight is editing_software's weight for a tool editorIn named:
// 0.50 for a content editor (flags alone at MEDIUM), 0.45 for the others.
func editorWeight(editor string) float64 {
	for _, e := range contentEditors {
		if e == editor {
			return 0.50
		}
	}
	return 0.45
}

// editorIn returns the editing tool a producer string names.
func editorIn(tool string) (string, bool) {
	t := strings.ToLower(tool)
	for _, e := range editors {
		if namesTool(t, e) {
			return e, true
		}
	}
	return "", false
}

// namesTool reports whether a lower-cased producer string names a tool
// other than as its printer driver: "Foxit PDF Editor Printer" and
// "Foxit PhantomPDF Printer" print to PDF what any program shows, as
// Microsoft's and Adobe's PDF printers do, and are not the editor.
func namesTool(t, name string) bool {
	for from := 0; ; {
		at := strings.Index(t[from:], name)
		if at < 0 {
			return false
		}
		from += at + len(name)
		f := strings.Fields(t[from:])
		printer := len(f) > 0 && strings.HasPrefix(f[0], "printer") || len(f) > 1 && f[0] == "pdf" && strings.HasPrefix(f[1], "printer")
		if !printer {
			return true
		}
	}
}

// checkHistory judges the file's own account of its making.
func checkHistory(d *doc, s *signals) {
	if d.File.FromImage {
		return
	}
	tool := strings.TrimSpace(d.File.Producer + " " + d.File.Creator)
	if e, ok := editorIn(tool); ok {
		s.addf(CodeEditingSoftware, editorWeight(e), &SignalEvidence{Source: "info", Tool: tool},
			"the PDF was last written by an editing tool (%s)", tool)
	}
	checkAcrobatSave(d, s)
	created, okC := pdfDate(d.File.CreationDate)
	modified, okM := pdfDate(d.File.ModDate)
	if okC && okM && modified.Sub(created) > 48*time.Hour {
		s.addf(CodeModifiedAfter, 0.20, &SignalEvidence{Source: "info", Dates: map[string]string{"created": created.Format(time.RFC3339), "modified": modified.Format(time.RFC3339)}},
			"the PDF was modified %d days after it was created", int(modified.Sub(created).Hours()/24))
	}
}

func date(fields map[string]any, name string) (time.Time, bool) {
	s, ok := fields[name].(string)
	if !ok {
		return time.Time{}, false
	}
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

// pdfDate parses the PDF date format D:YYYYMMDDHHmmSSOHH'mm' (ISO 32000-1
// §7.9.4); the parts after the year are optional and a missing zone is
// read as UTC.
func pdfDate(s string) (time.Time, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "D:")
	if len(s) < 4 {
		return time.Time{}, false
	}
	n := 0
	for n < len(s) && n < 14 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n < 4 || n%2 != 0 {
		return time.Time{}, false
	}
	// Missing parts are the first month, day and second.
	t, err := time.Parse("20060102150405", s[:n]+"0101000000"[n-4:])
	if err != nil {
		return time.Time{}, false
	}
	rest := s[n:]
	if len(rest) >= 3 && (rest[0] == '+' || rest[0] == '-') {
		var hh, mm int
		if _, err := fmt.Sscanf(strings.ReplaceAll(rest[1:], "'", " "), "%d %d", &hh, &mm); err != nil {
			fmt.Sscanf(rest[1:3], "%d", &hh)
		}
		off := time.Duration(hh)*time.Hour + time.Duration(mm)*time.Minute
		if rest[0] == '+' {
			off = -off
		}
		t = t.Add(off)
	}
	return t.UTC(), true
}
