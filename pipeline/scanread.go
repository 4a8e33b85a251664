package pipeline

import (
	"context"
	"image"
	"image/draw"
	"math"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/scanprep"
)

// Orientation checks on pages whose layout left their orientation unsure
// (too little text, all capitals, coarse print whose letters touch) or
// whose read is poor. A read under lowConfidence is read again turned
// half round, and the read with more legible words kept (see legibleWords):
// the cheapest decisive test, since such a page's lines already say it is
// upright or upside down. A read's mean confidence does not tell: on
// sample scans at 110-120 dpi an upright card's read and its upside-down
// read both scored 25-30 (cards on pages, vaccine cards), where the
// upright read had 10-19 legible words and the upside-down one none; one
// upside-down passport card scored higher than its upright read. The
// layout's own certainty is checked the same way when the read is poor:
// on sample cards lying upside down on a page the ascenders were sure and
// wrong (2 of 120 turned pages at 200 dpi). Only when both reads are poor
// and the page's lines were not found does Tesseract's orientation
// detection (OSD) say whether a quarter turn is wanted; on cards it is
// unreliable (it put an upside-down license upright with confidence 1.7),
// so it is the last resort and must say so with minOSDConfidence.
const (
	lowConfidence    = 55
	minOSDConfidence = 2.0
)

// scanRead is one page read from its raster: the words and the
// corrections made before reading.
type scanRead struct {
	res    ocr.Result
	report scanprep.Report
	path   string // the image read
	// seg is how Tesseract found the text of res.
	seg ocr.Segmentation
	// turn is the half or quarter turn added to the layout's (see
	// scanprep.Engine.Turned).
	turn int
	// dpi is the resolution Tesseract was told the image is at, 0 for
	// none (see readRuled).
	dpi int
}

// legibleWords counts the read's words Tesseract is sure of that are
// words of three letters or more: text read upside down or on its side
// yields fragments, digits and punctuation, rarely a sure word.
func legibleWords(res ocr.Result) int {
	n := 0
	for _, w := range res.Words {
		if w.Confidence < 70 || len(w.Text) < 3 {
			continue
		}
		letters := true
		for _, c := range w.Text {
			if !unicode.IsLetter(c) {
				letters = false
				break
			}
		}
		if letters {
			n++
		}
	}
	return n
}

// mrzUpsideDown reports whether the read shows a machine-readable zone
// read upside down: its filler '<' turned half round reads as '>', and
// runs of '>' print nowhere else on an identity document, where the
// zone's runs of '<' are its surest mark.
func mrzUpsideDown(res ocr.Result) bool {
	return strings.Count(res.Text, ">>>") > strings.Count(res.Text, "<<<")
}

// better reports whether read a is the better of two reads of one page
// turned two ways: the one whose machine-readable zone is not upside
// down, else more legible words, or as many and surer.
func better(a, b ocr.Result) bool {
	if ua, ub := mrzUpsideDown(a), mrzUpsideDown(b); ua != ub {
		return ub
	}
	la, lb := legibleWords(a), legibleWords(b)
	if la != lb {
		return la > lb
	}
	return a.MeanConfidence > b.MeanConfidence
}

// readScan prepares the raster at path (see scanprep) and reads it,
// checking an unsure orientation, or a poor read's, by reading the page
// turned. A read that is poor (few legible words) or of a type but few
// of its fields is then read again other ways, each only while the read
// kept so far still wants it, and the read yielding more kept: as sparse
// text, cut out as a card, enlarged, darkened, and a card cut out as its
// whole page. A page scanned at a low resolution (soft) is read again
// sharpened, and the surer of the two reads' words kept (readSharpened).
// Last, a page ruled as a table that left fields unread is read again
// with Tesseract told its resolution (readRuled), and words of a page
// that left fields unread that its read holds nothing of are read cut
// out (readUnreadPrint).
// Any other page read well costs no more.
// (A second read of the words of a field left uncertain by their OCR
// confidence, each cut out, enlarged and thresholded alone, was tried
// (9726075): on the held-out scans it made three such fields sure, and one
// of them wrong; two reads of one model on the same pixels agree on a
// misread too often for agreement to stand for certainty.
// Painting a few-field page's rules over for a further read was tried:
// on sample vaccination cards' dose grids at 110-130 dpi it read no field
// more. Reading a coarse page's weak lines again, each line holding a
// word read under 75 cut out, enlarged (Catmull-Rom) to 48 pixels high,
// all stacked into one image read as a block, and a word of it taken
// where read at 85 or more, surer than the first read, was tried too: on
// BenchmarkScanLowResolution's 27 pages and BenchmarkScanHardPages'
// cards at 110 dpi, on small pages at 120 dpi and pages at 110 dpi every
// field read as before, right and wrong, and on 8 sample cards and pages scanned at 110 dpi
// by sampledocs' scanner 19 of 72 fields either way. Their weak words
// are soft, not small: their lines stand 40-45 pixels high, so there is
// nothing to enlarge, and the few enlarged Tesseract read no better.
// The sample scanner's 110-dpi captions are unreadable to the eye too.)
// The prepared images are written next to it in dir.
func (e *Engine) readScan(ctx context.Context, dir, path string) (scanRead, image.Point, error) {
	best, size, err := e.readOriented(ctx, dir, path)
	if err != nil {
		return best, size, err
	}
	for _, again := range []func(ctx context.Context, dir, path string, best scanRead) (scanRead, error){
		e.readSparse, e.readCardShaped, e.readEnlarged, e.readDarkened, e.readSharpened, e.readWholePage, e.readLostWords, e.readRuled, e.readUnreadPrint,
	} {
		if best, err = again(ctx, dir, path, best); err != nil {
			return best, size, err
		}
	}
	best.res = blankUnread(best.res)
	if best.seg == ocr.SegmentSparse {
		best.res = joinFieldNumbers(best.res)
	}
	if best.report.Soft() && best.report.EdgeWidth() >= coarseEdge {
		best.res = doubtDates(best.res)
	}
	return best, size, nil
}

// fieldNumber is a licence's printed field number (AAMVA's 1 to 18, "4a",
// "4b", "4d", "9a"...), the caption many states print before a value.
var fieldNumber = regexp.MustCompile(`^(1[0-8]|[1-9])[a-d]?$`)

// joinFieldNumbers returns res with each line that is a field number
// alone joined to the line its value starts to its right on the same row.
// Read as sparse text, Tesseract parts a card's words into runs of their
// own, so "1 PETROVA" came as the lines "1" and "PETROVA", and the
// licence's field-numbered reading, which needs the number before its
// value, read no holder (own Washington and Texas licences scanned alone
// at 200 dpi: the name lost, while the same cards read as pages read it).
// Only a value close by is taken: within a few line heights to its
// right, over half the number's height level with it.
func joinFieldNumbers(res ocr.Result) ocr.Result {
	var lines []wordSpan
	for i, w := range res.Words {
		if i == 0 || w.Line != res.Words[i-1].Line {
			lines = append(lines, wordSpan{i, i})
			continue
		}
		lines[len(lines)-1].last = i
	}
	words := slices.Clone(res.Words)
	joined := false
	for _, l := range lines {
		n := res.Words[l.first]
		if l.first != l.last || !fieldNumber.MatchString(n.Text) || n.Height <= 0 {
			continue
		}
		best, gap := -1, 0
		for k, o := range lines {
			v := res.Words[o.first]
			if o == l || v.Line == n.Line || v.Height > 3*n.Height || outOfOrder(res, lines[:k], l, v) {
				continue
			}
			overlap := min(n.Top+n.Height, v.Top+v.Height) - max(n.Top, v.Top)
			g := v.Left - (n.Left + n.Width)
			if 2*overlap < n.Height || g < 0 || g > 5*max(n.Height, v.Height) || best >= 0 && g >= gap {
				continue
			}
			best, gap = o.first, g
		}
		if best < 0 {
			continue
		}
		words[l.first].Line, words[l.first].Block = res.Words[best].Line, res.Words[best].Block
		joined = true
	}
	if !joined {
		return res
	}
	// Lines keep their reading order; a number goes before its value.
	order := map[int]int{}
	for i, w := range res.Words {
		if _, ok := order[w.Line]; !ok {
			order[w.Line] = i
		}
	}
	slices.SortStableFunc(words, func(a, b ocr.Word) int {
		if a.Line != b.Line {
			return order[a.Line] - order[b.Line]
		}
		return a.Left - b.Left
	})
	return res.WithWords(words)
}

// wordSpan is one line of a read: the indices of its first and last
// words in the read's Words.
type wordSpan struct{ first, last int }

// outOfOrder reports whether value's line stands, in the read's order,
// after a line lower on the page (before holds the lines read before it;
// skip is the number's own). Tesseract then read the row out of its place
// (a 120-dpi licence's "2" "IRINAY" came after the street line under it),
// and joined, the name would be read as part of what it was read among:
// "2 IRINAY" as the address's street. It stays parted, unread.
func outOfOrder(res ocr.Result, before []wordSpan, skip wordSpan, value ocr.Word) bool {
	for k := len(before) - 1; k >= 0; k-- {
		if before[k] == skip {
			continue
		}
		return res.Words[before[k].first].Top > value.Top+value.Height/2
	}
	return false
}

// minReadConfidence is the OCR confidence under which no read of a word
// is kept: Tesseract's guess is reported as unreadable. A driver's
// licence scanned soft at 110 dpi read its surname CHOI as "CHON" at
// confidence 0, which the licence's field-numbered reading (and any
// reading that takes a label's neighbour as it is) made the holder's
// name; on cards of other layouts scanned at 110-150 dpi the words read
// under 5 were garbled but for 2 in 15 ("MARISOL" at 0, read right).
// Missing beats wrong: a field a word so read would have made is left
// unread.
const minReadConfidence = 5

// unreadWord is the text a word read under minReadConfidence is given:
// no letter or digit, so no reader of names, dates or numbers takes it
// for a value, yet it keeps its place, so the label it follows is still
// seen to print a value (the field reported unread, not the next word
// taken for it).
const unreadWord = "\uFFFD"

// blankUnread returns res with the words read under minReadConfidence
// replaced by unreadWord (their confidence kept). It is applied to the
// read kept, once the reads have been compared as they were (words
// merged from another, surer read count by the confidence they were
// taken at): judging each read with its weak words blanked made a soft
// licence's sharpened read the one kept, which misread its number
// (R06751617 as R006751617) where the first read had it right
// (BenchmarkScanLowResolutionCards at 110 dpi).
func blankUnread(res ocr.Result) ocr.Result {
	var words []ocr.Word
	for i, w := range res.Words {
		if w.Confidence < 0 || w.Confidence >= minReadConfidence || w.Text == unreadWord {
			continue
		}
		if words == nil {
			words = append([]ocr.Word(nil), res.Words...)
		}
		words[i].Text = unreadWord
	}
	if words == nil {
		return res
	}
	return res.WithWords(words)
}

// A page scanned at a low resolution and drawn larger (scanprep's soft
// pages) prints its digits too coarsely for Tesseract's confidence to
// tell a misread: on a licence scanned soft at 110 dpi both its reads,
// as it was and sharpened, read the expiry's year 2032 as 2002, at 64
// and 54, and the field was taken as read (BenchmarkScanLowResolution;
// held-out licence and passport cards at 110-120 dpi misread years the
// same way, R1 s26). On such a page, its print coarsest (coarseEdge), a
// word holding a year or a date read under softDigitSure by every read
// kept (mergeWords keeps the surer) is reported unread (confidence 0), so a date made of it is
// uncertain and a rule needing it skipped, never judged on a guessed
// year. (Doubting every word of digits so read also left licence and
// certificate numbers read right uncertain: 2 of 65 card fields at 110
// dpi.)
const softDigitSure = 70

// coarseEdge is the print's edge width (scanprep.Report.EdgeWidth) from
// which a soft page's dates are doubted: pages scanned soft at 110 dpi
// measure 3.1-3.3, at 120 dpi 2.9, at 130 dpi 2.7, at 150 dpi 2.2-2.5
// (BenchmarkScanLowResolution's). Doubted on every soft page (2.75 and
// up), a held-out adult immunization card scanned at 150 dpi lost its
// two dose dates, read right at under 70 (R1 s27-1, 76da0e7), and no
// misread year was made uncertain.
const coarseEdge = 3.0

// datedWord matches a word holding a year (19xx or 20xx, no digit either
// side) or a date of day, month and year in digits.
var datedWord = regexp.MustCompile(`(^|\D)((19|20)\d\d|\d{1,2}[-/.]\d{1,2}[-/.](\d\d){1,2})(\D|$)`)

// doubtDates returns res, the read of a soft page, with the words
// holding a year or a date that it read under softDigitSure set to
// confidence 0.
func doubtDates(res ocr.Result) ocr.Result {
	var words []ocr.Word
	for i, w := range res.Words {
		if w.Confidence <= 0 || w.Confidence >= softDigitSure || !datedWord.MatchString(w.Text) {
			continue
		}
		if words == nil {
			words = append([]ocr.Word(nil), res.Words...)
		}
		words[i].Confidence = 0
	}
	if words == nil {
		return res
	}
	return res.WithWords(words)
}

// readSparse reads again as sparse text a page read as a page that
// yields almost nothing.
func (e *Engine) readSparse(ctx context.Context, _, _ string, best scanRead) (scanRead, error) {
	if segmentation(best.report) != ocr.SegmentPage || legibleWords(best.res) >= fewWords ||
		e.classifier.Classify(best.res.Text).Type != catalog.OtherType {
		return best, nil
	}
	// A page read as a page that yields almost nothing is mostly a card
	// or a few lines lying small on it, at a low resolution: Tesseract's
	// page layout analysis takes its print for noise and a picture. Read
	// as sparse text, it is kept if it then has a type (nothing typed
	// "other" is read from either way).
	sparse, err := e.ocr.RecognizeAt(ctx, best.path, ocr.SegmentSparse, best.dpi)
	if err != nil {
		return best, err
	}
	if e.classifier.Classify(sparse.Text).Type != catalog.OtherType {
		best.res, best.seg = sparse, ocr.SegmentSparse
	}
	return best, nil
}

// poor reports whether a read yields few legible words: a read worth
// trying to better. (A page of no type is not poor as such: a
// document's later pages are of none on their own.)
func poor(r scanRead) bool { return legibleWords(r.res) < fewWords }

// readCardShaped reads again, cut out as a card, a poor read of a page
// holding a block of print shaped and placed like a card that was not
// cut out because neither a border, a tint nor a pattern told it from a
// block of text (at 110 dpi a passport card's tint and thin border fade
// into the paper, and read as a page it yielded nothing). Unless the
// page's way up was sure, the card is read both ways up; the better read
// of all is kept, so a short page of text read well as a page stays so.
func (e *Engine) readCardShaped(ctx context.Context, dir, path string, best scanRead) (scanRead, error) {
	if best.report.CardCut || best.report.Perspective || !poor(best) {
		return best, nil
	}
	src, err := scanprep.ReadPGM(path)
	if err != nil {
		return best, err
	}
	prep := scanprep.New(scanprep.Config{CutShaped: true})
	turns := []int{best.turn}
	if !best.report.OrientationSure {
		turns = append(turns, (best.turn+180)%360)
	}
	for i, turn := range turns {
		img, rep := prep.Turned(src, turn)
		if !rep.CardCut {
			return best, nil
		}
		rep.OrientedBy = best.report.OrientedBy
		if turn != best.turn {
			rep.OrientedBy = "ocr_confidence"
		}
		if best, err = e.readInstead(ctx, dir, path, "card-"+strconv.Itoa(i), src, img, rep, turn, best); err != nil {
			return best, err
		}
		if !poor(best) {
			break // read well the way up it was tried first
		}
	}
	return best, nil
}

// Coarse print (capitals under coarseCapital pixels: a page scanned at
// 110-130 dpi and written small into its PDF, a card on it) is read as it
// is first (see scanprep.Config.MinEnlargedCapital); where that read
// yields few legible words, the prepared image is enlarged (Catmull-Rom)
// to bring its capitals to enlargedCapital pixels and read again, and the
// better read kept. With the card-shaped cut-out (readCardShaped), sample
// cards scanned at 110 dpi read 39% of their fields (35% before) and on
// small pages at 120 dpi 35% (32%): BenchmarkScanHardPages.
const (
	coarseCapital   = 20
	enlargedCapital = 32
	// unknownScale enlarges an image whose lines were not found when it
	// is small (a long side under smallRaster pixels).
	unknownScale = 2.5
	smallRaster  = 1800
	// maxEnlargedPixels bounds the enlarged image (scanprep's MaxPixels).
	maxEnlargedPixels = 12e6
	// largerCard is the long side, in pixels, a card cut out (to 2,000,
	// see scanprep.Config.CardLongSide) that yielded few of its fields is
	// cut out again at: its captions, a third of its values' size, were
	// misread ("Sumame", "Date of Bath"). Cut out at 2,800 pixels, sample
	// cards turned a quarter read 81-87% of their fields against 68-74%,
	// but upside down 74% against 87% and at 110 dpi one number was cut
	// short: so only a card read poorly at 2,000 is read again larger.
	largerCard = 2800
)

// readEnlarged reads a poor read of coarse print again enlarged (and, if
// its way up was unsure and the enlarged read is still poor, turned half
// round), and a card cut out that yielded few fields again larger,
// keeping the read that yields more.
func (e *Engine) readEnlarged(ctx context.Context, dir, path string, best scanRead) (scanRead, error) {
	// A card cut out is cheap to read again: one yielding under half its
	// type's fields is.
	n, of := e.fieldsOfType(best)
	fewCard := best.report.CardCut && 2*n < of
	if !poor(best) && !fewCard {
		return best, nil
	}
	src, err := scanprep.ReadPGM(path)
	if err != nil {
		return best, err
	}
	if fewCard && !poor(best) {
		return e.readLargerCard(ctx, dir, path, src, best)
	}
	// The image read best, prepared again as it was (a card cut out
	// whatever its ground if it was).
	prep := scanprep.New(scanprep.Config{CutShaped: best.report.CardCut})
	img, rep := prep.Turned(src, best.turn)
	rep.OrientedBy = best.report.OrientedBy
	f := 0.0
	switch c := rep.Capital(); {
	case c > 0 && c < coarseCapital:
		f = min(enlargedCapital/c, 3)
	case c == 0 && max(img.Bounds().Dx(), img.Bounds().Dy()) < smallRaster:
		f = unknownScale
	}
	// Bounded as scanprep bounds its own enlargement: OCR time grows
	// with the pixels (a full page of coarse print is left as it is).
	if px := float64(img.Bounds().Dx() * img.Bounds().Dy()); f*f*px > maxEnlargedPixels {
		f = math.Sqrt(maxEnlargedPixels / px)
	}
	if f < 1.2 {
		return best, nil
	}
	read := func(img *image.Gray, rep scanprep.Report, name string, turn int) error {
		big, bigRep := scanprep.Enlarge(img, rep, f)
		var err error
		best, err = e.readInstead(ctx, dir, path, name, src, big, bigRep, turn, best)
		return err
	}
	if err := read(img, rep, "enlarged", best.turn); err != nil {
		return best, err
	}
	if legibleWords(best.res) >= fewWords || rep.OrientationSure {
		return best, nil
	}
	turn := (best.turn + 180) % 360
	img, rep = prep.Turned(src, turn)
	rep.OrientedBy = "ocr_confidence"
	return best, read(img, rep, "enlarged-turned", turn)
}

// readDarkened reads a poor read's image again with its greys darkened
// (see scanprep.Darken), keeping the better read: thin, light print
// scanned at 110-130 dpi comes out grey and is lost to Tesseract's
// threshold. A read of a type that yields few of its fields is read again
// so too: a pharmacy's TB record in a thin typewriter face at 110 dpi
// read its prose, and its type, but not one labelled value.
func (e *Engine) readDarkened(ctx context.Context, dir, path string, best scanRead) (scanRead, error) {
	if !poor(best) && (!e.fewFields(best) || e.laterPage(best)) {
		return best, nil
	}
	img, err := scanprep.ReadPGM(best.path)
	if err != nil {
		return best, err
	}
	return e.readInstead(ctx, dir, path, "darkened", img, scanprep.Darken(img), best.report, best.turn, best)
}

// fewFields reports whether a read of a type yields surely under half
// the type's fields, and under minCardFields (a read of no type, a
// document's later page, does not count as few; nor does a résumé's
// page reading the few fields it has).
func (e *Engine) fewFields(r scanRead) bool {
	n, of := e.fieldsOfType(r)
	return n < minCardFields && 2*n < of
}

// laterPage reports whether a read of a type that is not poor yields no
// value of the type's fields, not even unsurely, and prints no label of
// one (see extract.LabelledFields): a document's later page, typed by its
// prose (a background check's searches, a lab report's comments and
// reference notes). Read again darkened, sharpened and as sparse text,
// such a page cost more than a document's other pages together and
// yielded no field; a first page that prints its labels but whose values
// were lost (a TB record in a thin typewriter face, a soft BLS card
// whose holder's line was dropped) is still read again.
func (e *Engine) laterPage(r scanRead) bool {
	if poor(r) {
		return false
	}
	key, d := e.typedDocument(r)
	if key == catalog.OtherType {
		return false
	}
	for _, v := range extract.Read(e.cat, key, d).Fields {
		if _, unread := v.(extract.Unread); !unread {
			return false
		}
	}
	return len(extract.LabelledFields(e.cat, key, d)) == 0
}

// typedDocument is a read as extract reads it, with the type its text
// is classified as.
func (e *Engine) typedDocument(r scanRead) (string, extract.Document) {
	return e.classifier.Classify(r.res.Text).Type,
		extract.Document{Text: r.res.Text, Pages: []pagetext.Page{r.layout(72.0 / 300)}}
}

// fieldsOfType returns how many fields a read yields surely and how many
// its type has (0 and 0 for a read of no type).
func (e *Engine) fieldsOfType(r scanRead) (n, of int) {
	key := e.classifier.Classify(r.res.Text).Type
	t, ok := e.cat.Type(key)
	if key == catalog.OtherType || !ok {
		return 0, 0
	}
	return e.fieldsRead(r), len(t.Fields)
}

// moreRead reports whether read a yields more than read b: more fields
// read surely for the type each is read as, else the better read (see
// better). A read of no type yields no fields, so a read of more legible
// words that loses the page's type is not taken.
func (e *Engine) moreRead(a, b scanRead) bool {
	if fa, fb := e.fieldsRead(a), e.fieldsRead(b); fa != fb {
		return fa > fb
	}
	return better(a.res, b.res)
}

// readInstead reads img, the raster src prepared as rep turned a further
// turn, and returns that read where it yields more than best (see
// moreRead), else best.
func (e *Engine) readInstead(ctx context.Context, dir, path, name string, src, img *image.Gray, rep scanprep.Report, turn int, best scanRead) (scanRead, error) {
	r, err := e.readPrepared(ctx, dir, path, name, src, img, rep)
	if err != nil {
		return best, err
	}
	r.turn = turn
	if e.moreRead(r, best) {
		return r, nil
	}
	return best, nil
}

// readLargerCard reads a card cut out that yielded few fields again cut
// out larger (largerCard), from the raster src, keeping the read that
// yields more.
func (e *Engine) readLargerCard(ctx context.Context, dir, path string, src *image.Gray, best scanRead) (scanRead, error) {
	img, rep := scanprep.New(scanprep.Config{CutShaped: true, CardLongSide: largerCard}).Turned(src, best.turn)
	if !rep.CardCut || rep.Scale <= best.report.Scale {
		return best, nil
	}
	rep.OrientedBy = best.report.OrientedBy
	return e.readInstead(ctx, dir, path, "larger-card", src, img, rep, best.turn, best)
}

// minCardFields is the number of fields read surely under which a card
// cut out of its page is read again as the whole page, and the read with
// more fields kept: a vaccination card on a flatbed page lost its
// holder's name and dose list read as a card (R1 s23-4).
const minCardFields = 4

// readWholePage reads again as a whole page a card cut out of it that
// yielded few fields.
func (e *Engine) readWholePage(ctx context.Context, dir, path string, best scanRead) (scanRead, error) {
	if !best.report.CardCut {
		return best, nil
	}
	cut := e.fieldsRead(best)
	if cut >= minCardFields {
		return best, nil
	}
	src, err := scanprep.ReadPGM(path)
	if err != nil {
		return best, err
	}
	img, rep := scanprep.New(scanprep.Config{KeepPage: true}).Turned(src, best.turn)
	rep.OrientedBy = best.report.OrientedBy
	page, err := e.readPrepared(ctx, dir, path, "whole-page", src, img, rep)
	if err != nil {
		return best, err
	}
	page.turn = best.turn
	if e.fieldsRead(page) > cut {
		return page, nil
	}
	return best, nil
}

// readSharpened reads again sharpened (scanprep.Config.SharpenSoft) a
// page scanned at a low resolution and drawn larger (scanprep.Report.Soft),
// and keeps of the two reads, word by word, the surer (see mergeWords):
// sharpened, such a page's strokes part (l no longer read as i, 8 as 0)
// but on some pages other letters are misread that read right as they
// were, so neither read is right throughout. The sharpened read is taken
// whole first only where the read so far is poor, or of a type yielding
// few of its fields, and the sharpened read yields more. Sharpened
// before their first read, held-out pages at 120-200 dpi that had read
// right lost 8 fields (R1 s25-2, 88aabe3); read sharpened only where the
// first read was poor, the 7 fields sharpening had gained on pages read
// fairly well were lost (R1 s25-3, c63244f). Pages that are not soft are
// read once, as before.
func (e *Engine) readSharpened(ctx context.Context, dir, path string, best scanRead) (scanRead, error) {
	if !best.report.Soft() || best.report.Sharpened || e.laterPage(best) {
		return best, nil
	}
	src, err := scanprep.ReadPGM(path)
	if err != nil {
		return best, err
	}
	img, rep := scanprep.New(scanprep.Config{SharpenSoft: true, CutShaped: best.report.CardCut}).Turned(src, best.turn)
	if !rep.Sharpened {
		return best, nil
	}
	rep.OrientedBy = best.report.OrientedBy
	sharp, err := e.readPrepared(ctx, dir, path, "sharpened", src, img, rep)
	if err != nil {
		return best, err
	}
	sharp.turn = best.turn
	base, other := best, sharp
	if (poor(best) || e.fewFields(best)) && e.moreRead(sharp, best) {
		base, other = sharp, best
	}
	merged, n := mergeWords(base, other)
	if n == 0 {
		return base, nil
	}
	// The words taken must not cost the page its type or a field read
	// surely: a surer word is still a guess of Tesseract's.
	if e.classifier.Classify(merged.res.Text).Type != e.classifier.Classify(base.res.Text).Type ||
		e.fieldsRead(merged) < e.fieldsRead(base) {
		return base, nil
	}
	return merged, nil
}

// readLostWords reads a card read as sparse text that yields under
// half its type's fields (or, of no type, few legible words) again as one
// block of text (ocr.SegmentBlock), and a page read as a page that yields
// few fields or not its holder's name again as sparse text, and adds to
// the read the words of the other printed where it has none (see
// addUncovered), keeping its own words as they are: on a passport card
// scanned soft at 110-130 dpi the sparse read lost the bold surname,
// nationality and number under their small captions (the caption and
// its value taken for one run that read as nothing), which the block read
// has. The block read is never taken whole: reading whole cards as a
// block, a held-out immunization card's given name was misread (R1 s25-2,
// 9b8eece); a page's sparse read only as said below. The words are kept
// only where they yield more fields read surely, each with its own OCR
// confidence, so a word read unsurely leaves its field uncertain. Pages
// read well and naming their holder cost no more.
func (e *Engine) readLostWords(ctx context.Context, _, _ string, best scanRead) (scanRead, error) {
	n, of := e.fieldsOfType(best)
	other := ocr.SegmentBlock
	switch {
	case best.seg == ocr.SegmentSparse && (of == 0 && poor(best) || of > 0 && 2*n < of):
	case best.seg == ocr.SegmentPage && (e.fewFields(best) || e.holderUnread(best)) && !e.laterPage(best):
		// A page read as a page loses lines too: a BLS card's holder
		// printed large over a rule under it, scanned soft at 130 dpi,
		// was on no line of the page's read (its 67 other words read
		// well), and read as sparse text it is.
		other = ocr.SegmentSparse
	default:
		return best, nil
	}
	again, err := e.ocr.RecognizeAt(ctx, best.path, other, best.dpi)
	if err != nil {
		return best, err
	}
	more := best
	var added int
	if more.res, added = addUncovered(best.res, again); added > 0 && e.fieldsRead(more) > n {
		return more, nil
	}
	if other != ocr.SegmentSparse {
		return best, nil
	}
	// A page read as a page may join a line of print across two panels
	// (a BLS card's "Card Holder" caption and the instructor's name
	// beside it, in the next panel), so the holder added above it is
	// still no caption's: read as sparse text the panels part. The
	// sparse read is taken whole only where it yields more fields surely
	// and reads alike every field both yield surely.
	whole := best
	whole.res, whole.seg = again, ocr.SegmentSparse
	if got := e.sureFields(whole); len(got) > n && agrees(got, e.sureFields(best)) {
		return whole, nil
	}
	return best, nil
}

// minAddedConfidence is the OCR confidence under which a word of another
// read is not added where a read has none (see addUncovered), and
// maxCover the share of either word's box two words may overlap by for
// the one to be printed where the other read has nothing.
const (
	minAddedConfidence = 50
	maxCover           = 0.2
	// columnGap is the gap, in the words' heights, between two words of
	// one line of the other read beyond which they are added as two.
	columnGap = 2
)

// addUncovered returns base, a read of an image, with the words of other,
// a read of the same image, that lie where base read nothing (no word of
// either read covering maxCover of the other's box), are read with
// minAddedConfidence or more and hold a letter or digit, on lines of two
// letters or digits at least; and how many were added. The words other read on one line make one new line, placed
// before the first of base's lines that begins lower on the image; base's
// own words and their order are kept.
func addUncovered(base, other ocr.Result) (ocr.Result, int) {
	area := func(w ocr.Word) int { return w.Width * w.Height }
	inter := func(a, b ocr.Word) int {
		w := min(a.Left+a.Width, b.Left+b.Width) - max(a.Left, b.Left)
		h := min(a.Top+a.Height, b.Top+b.Height) - max(a.Top, b.Top)
		if w <= 0 || h <= 0 {
			return 0
		}
		return w * h
	}
	uncovered := func(o ocr.Word) bool {
		for _, b := range base.Words {
			if in := float64(inter(o, b)); in > maxCover*float64(area(o)) || in > maxCover*float64(area(b)) {
				return false
			}
		}
		return true
	}
	alnum := func(t string) int {
		n := 0
		for _, c := range t {
			if unicode.IsLetter(c) || unicode.IsDigit(c) {
				n++
			}
		}
		return n
	}
	apart := func(ws []ocr.Word, o ocr.Word) bool {
		p := ws[len(ws)-1]
		return o.Left-(p.Left+p.Width) > columnGap*max(p.Height, o.Height)
	}
	// The new lines, in other's order, each with its top.
	type newLine struct {
		words []ocr.Word
		top   int
	}
	var lines []newLine
	last := -1
	for _, o := range other.Words {
		if o.Confidence < minAddedConfidence || alnum(o.Text) == 0 || area(o) == 0 || !uncovered(o) {
			continue
		}
		// A read as one block runs a line across columns ("USA" and,
		// a column over, the sex "M"): words further apart than
		// columnGap heights are on lines of their own.
		if len(lines) == 0 || o.Line != last || apart(lines[len(lines)-1].words, o) {
			lines = append(lines, newLine{top: o.Top})
		}
		l := &lines[len(lines)-1]
		l.words = append(l.words, o)
		l.top = min(l.top, o.Top)
		last = o.Line
	}
	// A line of one letter or digit alone is a speck or a rule's end
	// read, not print that was lost.
	lines = slices.DeleteFunc(lines, func(l newLine) bool {
		n := 0
		for _, w := range l.words {
			n += alnum(w.Text)
		}
		return n < 2
	})
	if len(lines) == 0 {
		return base, 0
	}
	// base's lines' tops, and a block number no base word has.
	tops := map[int]int{}
	block := 0
	for _, w := range base.Words {
		if t, ok := tops[w.Line]; !ok || w.Top < t {
			tops[w.Line] = w.Top
		}
		block = max(block, w.Block+1)
	}
	var words []ocr.Word
	line, added, prev := -1, 0, -1
	put := func(w ocr.Word, newLine bool) {
		if newLine {
			line++
		}
		w.Line = line
		words = append(words, w)
	}
	next := 0 // the next new line to place
	flush := func(before int) {
		for next < len(lines) && (before < 0 || lines[next].top < before) {
			for i, w := range lines[next].words {
				w.Block = block + next
				put(w, i == 0)
				added++
			}
			next++
		}
	}
	for _, w := range base.Words {
		if w.Line != prev {
			flush(tops[w.Line])
		}
		put(w, w.Line != prev)
		prev = w.Line
	}
	flush(-1)
	return base.WithWords(words), added
}

// minWordOverlap is the share of their union two words' boxes on the page
// overlap by, at least, for two reads of a page to have read them from
// the same print; a word of one read that covers maxOtherCover of a
// further word of the other read's has been cut otherwise (a date read as
// one word and as two), and is not exchanged.
const (
	minWordOverlap = 0.5
	maxOtherCover  = 0.3
)

// mergeWords returns base with each word that other read from the same
// print (their boxes on the page overlapping as minWordOverlap says, and
// neither covering a further word of the other read) but otherwise and
// surer, by Tesseract's own word confidence, replaced by other's; and how
// many were. base keeps its lines, boxes and the words other did not read
// alike: only a word's reading changes, so a read's layout stays the one
// its fields are found in.
func mergeWords(base, other scanRead) (scanRead, int) {
	if len(base.res.Words) == 0 || len(other.res.Words) == 0 {
		return base, 0
	}
	bl, ol := base.layout(1), other.layout(1)
	area := func(b pagetext.Box) float64 { return (b.X1 - b.X0) * b.Height() }
	inter := func(a, b pagetext.Box) float64 {
		w, h := min(a.X1, b.X1)-max(a.X0, b.X0), min(a.Y1, b.Y1)-max(a.Y0, b.Y0)
		if w <= 0 || h <= 0 {
			return 0
		}
		return w * h
	}
	// alone reports whether box a of one read covers no word of the
	// other read's, words, but the one at match.
	alone := func(a pagetext.Box, words []pagetext.Word, match int) bool {
		for k, w := range words {
			if k != match && area(w.Box) > 0 && inter(a, w.Box) > maxOtherCover*area(w.Box) {
				return false
			}
		}
		return true
	}
	words := append([]ocr.Word(nil), base.res.Words...)
	n := 0
	for i := range words {
		a := bl.Words[i].Box
		match, top := -1, minWordOverlap
		for j, w := range ol.Words {
			if in := inter(a, w.Box); in > 0 {
				if o := in / (area(a) + area(w.Box) - in); o >= top {
					match, top = j, o
				}
			}
		}
		if match < 0 || !alone(a, ol.Words, match) || !alone(ol.Words[match].Box, bl.Words, i) {
			continue
		}
		w := other.res.Words[match]
		if w.Text != words[i].Text && w.Confidence > words[i].Confidence {
			words[i].Text, words[i].Confidence = w.Text, w.Confidence
			n++
		}
	}
	if n == 0 {
		return base, 0
	}
	base.res = base.res.WithWords(words)
	return base, n
}

// fieldsRead counts the fields a read yields surely for the type its
// text is classified as (none for "other").
func (e *Engine) fieldsRead(r scanRead) int {
	return len(e.sureFields(r))
}

// sureFields returns the fields a read yields surely for the type its
// text is classified as (none for "other").
func (e *Engine) sureFields(r scanRead) map[string]any {
	t, d := e.typedDocument(r)
	if t == catalog.OtherType {
		return nil
	}
	ext := extract.Read(e.cat, t, d)
	sure := map[string]any{}
	for k, v := range ext.Fields {
		if conf, known := ext.Confidence[k]; !known || conf >= e.cat.ConfidenceThreshold(k) {
			sure[k] = v
		}
	}
	return sure
}

// agrees reports whether every field both a and b yield surely is read
// alike by both.
func agrees(a, b map[string]any) bool {
	for k, v := range a {
		if w, ok := b[k]; ok && !reflect.DeepEqual(v, w) {
			return false
		}
	}
	return true
}

// holderUnread reports whether a read of a type that names its holder
// (a last or full name among its fields) yields neither surely.
func (e *Engine) holderUnread(r scanRead) bool {
	key := e.classifier.Classify(r.res.Text).Type
	t, ok := e.cat.Type(key)
	if key == catalog.OtherType || !ok || !slices.Contains(t.Fields, "last_name") && !slices.Contains(t.Fields, "full_name") {
		return false
	}
	sure := e.sureFields(r)
	_, last := sure["last_name"]
	_, full := sure["full_name"]
	return !last && !full
}

// readOriented prepares and reads the raster at path, turned as its
// layout or, when unsure or poor, its reads say.
func (e *Engine) readOriented(ctx context.Context, dir, path string) (scanRead, image.Point, error) {
	src, err := scanprep.ReadPGM(path)
	if err != nil {
		return scanRead{}, image.Point{}, err
	}
	size := src.Bounds().Size()
	prep := scanprep.New(scanprep.Config{})
	img, rep := prep.Prepare(src)
	best, err := e.readPrepared(ctx, dir, path, "prepared", src, img, rep)
	if err != nil || (best.res.MeanConfidence >= lowConfidence && !mrzUpsideDown(best.res)) || len(best.res.Words) == 0 {
		return best, size, err
	}
	turned := func(deg int, by string) error {
		img, rep := prep.Turned(src, deg)
		rep.OrientedBy = by
		read, err := e.readPrepared(ctx, dir, path, "turned-"+strconv.Itoa(deg), src, img, rep)
		read.turn = deg
		if err == nil && better(read.res, best.res) {
			best = read
		}
		return err
	}
	if err := turned(180, "ocr_confidence"); err != nil || best.res.MeanConfidence >= lowConfidence || rep.LinesKnown() || rep.OrientationSure {
		// Lines known to run across (or down) leave no quarter turn to
		// ask about: the page is poor, not turned.
		return best, size, err
	}
	osdPath := filepath.Join(dir, "prepared.pgm")
	if !rep.Changed() {
		osdPath = path
	}
	o, err := e.ocr.DetectOrientation(ctx, osdPath)
	if err != nil || o.Rotate%180 == 0 || o.Confidence < minOSDConfidence {
		// No better guess: the best read stands (an OSD failure is not
		// the page's).
		return best, size, ctx.Err()
	}
	return best, size, turned(o.Rotate, "osd")
}

// readPrepared OCRs the prepared image, written as name.pgm in dir unless
// it is the raster itself.
func (e *Engine) readPrepared(ctx context.Context, dir, path, name string, src, img *image.Gray, rep scanprep.Report) (scanRead, error) {
	if img != src {
		path = filepath.Join(dir, name+".pgm")
		if err := scanprep.WritePGM(path, img); err != nil {
			return scanRead{}, err
		}
	}
	seg := segmentation(rep)
	// A card read as sparse text is told its resolution (see
	// ocr.Engine.RecognizeAt): estimated from its large values, it is
	// taken for a finer one and its small captions dropped (a nursing
	// licence card scanned alone at 110 dpi lost ISSUED and EXPIRES, and
	// with them both its dates). Only a card drawn at its size, though
	// (see cardAtSize): a card written small into a page is drawn at
	// that page's resolution, and told 300 dpi, a passport card on a page
	// scanned at 120 dpi read 1 of its 9 fields against 5
	// (BenchmarkScanHardPages). A page read as a page is not told:
	// Tesseract then parts labels from their values (see readRuled).
	dpi := 0
	if seg == ocr.SegmentSparse && cardAtSize(rep) {
		dpi = int(math.Round(rasterDPI * max(rep.Scale, 1)))
	}
	res, err := e.ocr.RecognizeAt(ctx, path, seg, dpi)
	if err != nil {
		return scanRead{}, err
	}
	if seg == ocr.SegmentSparse && e.classifier.Classify(res.Text).Type == catalog.OtherType {
		// Sparse text comes in short runs in no block order, and a
		// card's title may be split from the words that name its type:
		// a card whose sparse read is of no type is read as a page too,
		// and that read kept if it has one.
		page, err := e.ocr.Recognize(ctx, path)
		if err != nil {
			return scanRead{}, err
		}
		if e.classifier.Classify(page.Text).Type != catalog.OtherType {
			res, seg, dpi = page, ocr.SegmentPage, 0
		}
	}
	return scanRead{res: res, report: rep, path: path, seg: seg, dpi: dpi}, nil
}

// cardAtSize reports whether the card a page is (see
// scanprep.Report.CardLongSide) is drawn at rasterDPI its size: its long
// side, margins round it included, 2.5 to 6 inches (an ID-1 card is
// 3.37, an eCard's panel up to about 4.5).
func cardAtSize(rep scanprep.Report) bool {
	in := float64(rep.CardLongSide()) / rasterDPI
	return in >= 2.5 && in <= 6
}

// rasterDPI is the resolution pdfdoc.Rasterize draws a page at (finer
// only for a scan finer than 300 dpi, or a page longer than 11 inches).
const rasterDPI = 300

// readRuled reads again, telling Tesseract its resolution, a page that
// prints a table ruled on every cell (scanprep.Report.Ruled) and whose
// read left any of its type's fields unread (or has no type) and is
// garbled or left the table out (see garbled and tableLost), and keeps
// the read that yields more (see moreRead). Told nothing, Tesseract takes
// an image for a 70-dpi one while it looks for ruled lines, and reads
// such a table as garbage (see ocr.Engine.RecognizeAt): a TB skin test's
// two steps scanned at 150 dpi lost both their dates and the result.
// Every page is not read so from the first: told their resolution,
// Tesseract parts labels from their values into columns of their own
// (a page in Courier read "Name:" and "OKAFOR, CHIDINMA" as two lines,
// and its holder was lost), and on sample cards written small into a
// page at 600 dpi and pages at 130 dpi read upside down, 35% and 67% of
// fields were read against 52% and 80% (BenchmarkScanHardPages).
// A ruled page whose holder went unread is read again too: a radiology
// report's ruled row of captions ("Patient | DOB | Exam | Exam date")
// read as a few brackets ("[Patient [oon [eam"), the rest of the page
// well, left the name and the exam's date under them no caption's.
func (e *Engine) readRuled(ctx context.Context, _, _ string, best scanRead) (scanRead, error) {
	if !best.report.Ruled || best.dpi > 0 {
		return best, nil
	}
	if n, of := e.fieldsOfType(best); of > 0 && n >= of || !garbled(best.res) && !tableLost(best.res) && !best.report.GridCellsUnread(wordBoxes(best.res)) &&
		!e.holderUnread(best) {
		return best, nil
	}
	dpi := int(math.Round(rasterDPI * max(best.report.Scale, 1)))
	res, err := e.ocr.RecognizeAt(ctx, best.path, best.seg, dpi)
	if err != nil {
		return best, err
	}
	r := best
	r.res, r.dpi = res, dpi
	if e.moreRead(r, best) {
		return r, nil
	}
	return best, nil
}

// maxUnreadRuns bounds the words readUnreadPrint reads cut out: each is
// one more (small) Tesseract run.
const maxUnreadRuns = 8

// minCutConfidence is the OCR confidence a word read cut out needs to be
// added: the words such reads recovered on own pages were read at 90-96.
const minCutConfidence = 80

// readUnreadPrint reads, each cut out as one line of text, the words a
// page read as a page that left some of its type's fields unread prints
// and its read holds nothing of (see scanprep.UnreadPrint), and adds
// those read with minCutConfidence or more where the read has none (see
// addUncovered), keeping them only where they yield more fields read
// surely. Tesseract's page layout drops such words whole: own fit
// tests and drug screens whose one row of values sits in a box round
// the table lost its last columns ("Result" over "PASS", "DOB" over the
// birth date) at 110-200 dpi, and a flu shot's lot number, a column
// right of its caption, at 110 dpi; each cut out reads (90 sure). A page
// that read all its fields, or none of whose print went unread, costs
// no more.
func (e *Engine) readUnreadPrint(ctx context.Context, dir, _ string, best scanRead) (scanRead, error) {
	if best.seg != ocr.SegmentPage {
		return best, nil
	}
	n, of := e.fieldsOfType(best)
	if of == 0 || n >= of {
		return best, nil
	}
	img, err := scanprep.ReadPGM(best.path)
	if err != nil {
		return best, err
	}
	runs := scanprep.UnreadPrint(img, wordBoxes(best.res))
	if len(runs) == 0 || len(runs) > maxUnreadRuns {
		// Many runs unread are a page Tesseract read little of, or a
		// picture's texture: not words a page layout dropped.
		return best, nil
	}
	dpi := int(math.Round(rasterDPI * max(best.report.Scale, 1)))
	var cut ocr.Result
	for i, r := range runs {
		// A margin of half its height round it, a paper's worth of
		// white for Tesseract to find the line in.
		pad := r.Dy()/2 + 2
		r = image.Rect(r.Min.X-pad, r.Min.Y-pad, r.Max.X+pad, r.Max.Y+pad).Intersect(img.Bounds())
		crop := image.NewGray(image.Rect(0, 0, r.Dx(), r.Dy()))
		draw.Draw(crop, crop.Bounds(), img, r.Min, draw.Src)
		path := filepath.Join(dir, "unread-"+strconv.Itoa(i)+".pgm")
		if err := scanprep.WritePGM(path, crop); err != nil {
			return best, err
		}
		res, err := e.ocr.RecognizeAt(ctx, path, ocr.SegmentLine, dpi)
		if err != nil {
			return best, err
		}
		for _, w := range res.Words {
			if w.Confidence < minCutConfidence {
				// A word read alone has no line to be read in the light
				// of: unsure, it is as likely another's (a blind 110-dpi
				// page's names went from unread to wrong).
				continue
			}
			w.Left, w.Top, w.Line, w.Block = w.Left+r.Min.X, w.Top+r.Min.Y, i, i
			cut.Words = append(cut.Words, w)
		}
	}
	more := best
	var added int
	if more.res, added = addUncovered(best.res, cut); added > 0 && e.fieldsRead(more) > n {
		return more, nil
	}
	return best, nil
}

// garbled reports whether a read holds words Tesseract was unsure of
// (under 50), at least 2 and one in 20: a ruled table read as garbage
// does (3-7 of 29-39 words on tables of our own scanned at 150-200 dpi),
// where the same pages read told their resolution held 0-2 of 60-66, and
// a page of no table 0 of 65. Reading only such pages again bounds the
// cost: ruled pages that read well (most sample forms) are read once.
func garbled(res ocr.Result) bool {
	n := 0
	for _, w := range res.Words {
		if w.Confidence >= 0 && w.Confidence < 50 {
			n++
		}
	}
	return n >= 2 && 20*n >= len(res.Words)
}

// tableLost reports whether a read left a band of the page blank between
// its words, lostTableLines of its words' height or more: Tesseract told
// nothing takes a table ruled on every cell for a picture as often as it
// reads it as garbage, and drops it whole (a drug screen's donor grid and
// its panel's rows scanned at 150 dpi read as the title, the lab, one
// drug's name and the final result; a lab's ruled panel between its
// labelled lines and its interpretation read as two cells), leaving no
// word unsure to tell.
//
// A band over a footer alone (one line under it) tells nothing: most
// sample pages end so (54 of 228 pages of testdata/healthscans).
func tableLost(res ocr.Result) bool {
	type span struct{ top, bottom, line int }
	var spans []span
	var heights []int
	for _, w := range res.Words {
		if w.Height <= 0 || strings.TrimSpace(w.Text) == "" {
			continue
		}
		spans = append(spans, span{w.Top, w.Top + w.Height, w.Line})
		heights = append(heights, w.Height)
	}
	if len(spans) < 2 {
		return false
	}
	slices.Sort(heights)
	em := heights[len(heights)/2]
	slices.SortFunc(spans, func(a, b span) int { return a.top - b.top })
	bottom := spans[0].bottom
	for i, s := range spans[1:] {
		if s.top-bottom >= lostTableLines*em {
			below := map[int]bool{}
			for _, u := range spans[i+1:] {
				below[u.line] = true
			}
			if len(below) >= 2 {
				return true
			}
		}
		bottom = max(bottom, s.bottom)
	}
	return false
}

// lostTableLines is the blank band, in the read's words' median height,
// that tells a table lost: ten rows of a panel leave 17-22; a letter's
// signature space, 4-6 (see tableLost).
const lostTableLines = 12

// wordBoxes returns the boxes of a read's words in the pixels of the
// image read (see scanprep.Report.GridCellsUnread).
func wordBoxes(res ocr.Result) []image.Rectangle {
	boxes := make([]image.Rectangle, len(res.Words))
	for i, w := range res.Words {
		boxes[i] = image.Rect(w.Left, w.Top, w.Left+w.Width, w.Top+w.Height)
	}
	return boxes
}

// fewWords is the number of legible words (see legibleWords) under which
// a page read as a page is read again as sparse text.
const fewWords = 12

// layout returns the read's words on the corrected page, in points:
// rasterScale is the raster's points per pixel, and the prepared image's
// pixels map onto the corrected page through the report (its enlargement
// and the crop around the print).
func (r scanRead) layout(rasterScale float64) pagetext.Page {
	rep := r.report
	lay := r.res.Layout(rasterScale / rep.Scale)
	x0, y0 := rep.ToPage(0, 0)
	dx, dy := x0*rasterScale, y0*rasterScale
	for i := range lay.Words {
		b := &lay.Words[i].Box
		b.X0, b.X1, b.Y0, b.Y1 = b.X0+dx, b.X1+dx, b.Y0+dy, b.Y1+dy
	}
	w, h := rep.PageSize()
	lay.Width, lay.Height = float64(w)*rasterScale, float64(h)*rasterScale
	return lay
}

// Cards scanned alone are read as sparse text (see ocr.SegmentSparse):
// pages shaped like one, and cards cut out of a page they lie alone on
// (scanprep.Report.CardShaped). Read as a page, a
// card's holder name printed large beside small print splits into two
// lines of fragments, leaving the instructor's name the only one
// readable. Measured on 24 sample documents scanned alone at 150-300 dpi
// (12 of them cards): 84% of fields read and 3 read wrong, against 82%
// and 8 read as pages; reading cards as pages and again as sparse text
// where the first read was poor, keeping the surer, read 11 of 96 card
// fields wrong. A card photographed on a table and straightened is read
// as a page: on sample photos sparse reading parted a license's field
// numbers from their values (its first name read as the last name).
func segmentation(rep scanprep.Report) ocr.Segmentation {
	if !rep.Perspective && rep.CardShaped() {
		return ocr.SegmentSparse
	}
	return ocr.SegmentPage
}
