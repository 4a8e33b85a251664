package pipeline

import (
	"context"
	"image"
	"image/draw"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/scanprep"
	xdraw "golang.org/x/image/draw"
)

// A field read but left uncertain is so either because the extractor
// doubts it (a guessed role, a name's shape, no caption) or because the
// words it is made of were read with a low OCR confidence. Only the second
// kind can be settled by reading again: confirmUncertain reads such a
// field's weak words a second time, each cut out of the prepared image
// with a white margin, enlarged to wordHeight, thresholded by its own
// grey levels (Otsu's, on the cut alone, where Tesseract's first read
// took one threshold for the whole page) and read as a single line; a word
// the second read gives character for character alike has its confidence
// raised to that of two reads agreeing (see agreedConfidence). Where the
// reads differ the word keeps its doubt. The extractor then judges the
// page again as before.

// sureWord is the OCR confidence from which a word no longer lowers the
// confidence of a value made of it (extract's ocrScale): words read at it
// or more are not read again.
const sureWord = 90

// wordHeight is the height, in pixels, a word cut out for its second
// read is enlarged to when smaller: an x-height of about 20-30 pixels,
// where Tesseract's models read best.
const wordHeight = 48

// maxConfirmWords bounds the words read again on one page: a page with
// more weak words in its uncertain fields read poorly throughout, and a
// second read of each would cost more than the page's first reads.
const maxConfirmWords = 8

// agreedConfidence is the confidence of a word two independent reads
// gave alike at confidences a and b: the chance that both misread it,
// each as it says, and alike, is at most the product of their doubts.
// It is capped under a word read surely once (sureWord + 5), so a value
// confirmed this way never outranks one read surely.
func agreedConfidence(a, b float64) float64 {
	a, b = max(0, min(100, a)), max(0, min(100, b))
	return min(sureWord+5, 100-(100-a)*(100-b)/100)
}

// unsureFields returns the fields of ext read below their threshold but
// with a value (not extract.Unread), and its sure fields.
func (e *Engine) unsureFields(ext extract.Result) (unsure, sure map[string]any) {
	unsure, sure = map[string]any{}, map[string]any{}
	for k, v := range ext.Fields {
		if _, unread := v.(extract.Unread); unread {
			continue
		}
		if c, known := ext.Confidence[k]; known && c < e.cat.ConfidenceThreshold(k) {
			unsure[k] = v
			continue
		}
		sure[k] = v
	}
	return unsure, sure
}

// withConfidence returns r with the words at idx given confidence conf.
func withConfidence(r scanRead, idx []int, conf []float64) scanRead {
	words := append([]ocr.Word(nil), r.res.Words...)
	for k, i := range idx {
		words[i].Confidence = conf[k]
	}
	r.res = r.res.WithWords(words)
	return r
}

// confirmUncertain returns best with the weak words of its uncertain
// fields confirmed by a second read, where the page then yields each such
// field surely with the value it held back and every other field as
// before. A page with no field left uncertain by its words' OCR
// confidence costs no Tesseract call more (one or two readings by the
// extractor).
func (e *Engine) confirmUncertain(ctx context.Context, dir string, best scanRead) (scanRead, error) {
	key, d := e.typedDocument(best)
	if key == catalog.OtherType {
		return best, nil
	}
	ext := extract.Read(e.cat, key, d)
	unsure, sure := e.unsureFields(ext)
	if len(unsure) == 0 {
		return best, nil
	}
	var weak []int
	for i, w := range best.res.Words {
		if w.Confidence >= minReadConfidence && w.Confidence < sureWord && strings.ContainsFunc(w.Text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			weak = append(weak, i)
		}
	}
	if len(weak) == 0 {
		return best, nil
	}
	// The words' confidences change, not their text: the type stands.
	readAs := func(r scanRead) extract.Result {
		return extract.Read(e.cat, key, extract.Document{Text: r.res.Text, Pages: []pagetext.Page{r.layout(72.0 / 300)}})
	}
	hundred := func(n int) []float64 {
		c := make([]float64, n)
		for i := range c {
			c[i] = 100
		}
		return c
	}
	// Fields the OCR's doubt alone leaves uncertain: read surely, and
	// alike, were every weak word sure.
	lifted := readAs(withConfidence(best, weak, hundred(len(weak))))
	byOCR := map[string]bool{}
	for f, v := range unsure {
		if c, ok := lifted.Confidence[f]; ok && c >= e.cat.ConfidenceThreshold(f) && reflect.DeepEqual(lifted.Fields[f], v) {
			byOCR[f] = true
		}
	}
	if len(byOCR) == 0 {
		return best, nil
	}
	// The words of each such field: those whose confidence alone raises
	// the field's.
	wordsOf := map[string][]int{}
	var cut []int
	for _, i := range weak {
		if !sharesPrint(best.res.Words[i].Text, unsure, byOCR) {
			continue
		}
		r := readAs(withConfidence(best, []int{i}, []float64{100}))
		of := false
		for f := range byOCR {
			if r.Confidence[f] > ext.Confidence[f] && reflect.DeepEqual(r.Fields[f], unsure[f]) {
				wordsOf[f] = append(wordsOf[f], i)
				of = true
			}
		}
		if of {
			cut = append(cut, i)
		}
	}
	if len(cut) == 0 || len(cut) > maxConfirmWords {
		return best, nil
	}
	img, err := scanprep.ReadPGM(best.path)
	if err != nil {
		return best, err
	}
	dpi := best.dpi
	if dpi == 0 {
		dpi = int(math.Round(rasterDPI * max(best.report.Scale, 1)))
	}
	agreed := map[int]float64{}
	for _, i := range cut {
		w := best.res.Words[i]
		crop, f := wordCut(img, image.Rect(w.Left, w.Top, w.Left+w.Width, w.Top+w.Height))
		if crop == nil {
			continue
		}
		path := filepath.Join(dir, "confirm-"+strconv.Itoa(i)+".pgm")
		if err := scanprep.WritePGM(path, crop); err != nil {
			return best, err
		}
		again, err := e.ocr.RecognizeAt(ctx, path, ocr.SegmentLine, int(math.Round(float64(dpi)*f)))
		if err != nil {
			return best, err
		}
		var texts []string
		lo := 100.0
		for _, a := range again.Words {
			texts = append(texts, a.Text)
			lo = min(lo, a.Confidence)
		}
		if len(texts) > 0 && strings.Join(texts, " ") == w.Text {
			agreed[i] = agreedConfidence(w.Confidence, lo)
		}
	}
	// A field is confirmed only where every word of it read alike.
	var idx []int
	var conf []float64
	for f, ws := range wordsOf {
		all := true
		for _, i := range ws {
			_, ok := agreed[i]
			all = all && ok
		}
		if !all {
			delete(byOCR, f)
			continue
		}
		for _, i := range ws {
			if !slices.Contains(idx, i) {
				idx, conf = append(idx, i), append(conf, agreed[i])
			}
		}
	}
	if len(idx) == 0 {
		return best, nil
	}
	out := withConfidence(best, idx, conf)
	_, gotSure := e.unsureFields(readAs(out))
	// Every field sure before is read alike, and every field made sure
	// is one confirmed, with the value it held back.
	for f, v := range sure {
		if !reflect.DeepEqual(gotSure[f], v) {
			return best, nil
		}
	}
	for f, v := range gotSure {
		if _, was := sure[f]; !was && (!byOCR[f] || !reflect.DeepEqual(v, unsure[f])) {
			return best, nil
		}
	}
	return out, nil
}

// sharesPrint reports whether word prints part of the value of one of
// the fields (of values) in which: a run of three of its letters or
// digits found in the value (the whole word, if shorter), a date's value
// also as its month's name. It spares the extractor reading the page again
// for each of its weak words (a soft page has 40 and more) to find those
// a field is made of: only the words that can be are tried.
func sharesPrint(word string, values map[string]any, which map[string]bool) bool {
	w := alnumLower(word)
	if w == "" {
		return false
	}
	for f := range which {
		s, ok := values[f].(string)
		if !ok {
			continue
		}
		v := alnumLower(s)
		if t, err := time.Parse(time.DateOnly, s); err == nil {
			v += " " + strings.ToLower(t.Month().String())
		}
		if len(w) < 3 {
			if strings.Contains(v, w) {
				return true
			}
			continue
		}
		for k := 0; k+3 <= len(w); k++ {
			if strings.Contains(v, w[k:k+3]) {
				return true
			}
		}
	}
	return false
}

// alnumLower is s's letters and digits, lower-cased.
func alnumLower(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// wordCut returns the word at box of img cut out for a second read: the
// box and a little round it (a sixth of its height, for strokes its box
// clipped) on white paper half its height wide each side, enlarged to
// wordHeight when smaller and thresholded at Otsu's level of the cut
// alone; and the enlargement. Nil for a box outside img.
func wordCut(img *image.Gray, box image.Rectangle) (*image.Gray, float64) {
	h := box.Dy()
	pad := max(2, h/6)
	src := box.Inset(-pad).Intersect(img.Bounds())
	if src.Empty() || h <= 0 {
		return nil, 1
	}
	f := max(1, float64(wordHeight)/float64(h))
	margin := h / 2
	grey := image.NewGray(image.Rect(0, 0, src.Dx()+2*margin, src.Dy()+2*margin))
	draw.Draw(grey, grey.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(grey, src.Sub(src.Min).Add(image.Pt(margin, margin)), img, src.Min, draw.Src)
	out := grey
	if f > 1 {
		b := grey.Bounds()
		out = image.NewGray(image.Rect(0, 0, int(math.Round(float64(b.Dx())*f)), int(math.Round(float64(b.Dy())*f))))
		xdraw.CatmullRom.Scale(out, out.Bounds(), grey, b, xdraw.Src, nil)
	}
	t := otsu(out, src.Sub(src.Min).Add(image.Pt(margin, margin)), f)
	for i, v := range out.Pix {
		if v <= t {
			out.Pix[i] = 0
		} else {
			out.Pix[i] = 255
		}
	}
	return out, f
}

// otsu returns Otsu's threshold of the pixels of img within r (in the
// pixels of the image before enlargement by f).
func otsu(img *image.Gray, r image.Rectangle, f float64) uint8 {
	var hist [256]int
	x0, y0 := int(float64(r.Min.X)*f), int(float64(r.Min.Y)*f)
	x1, y1 := min(img.Rect.Dx(), int(float64(r.Max.X)*f)), min(img.Rect.Dy(), int(float64(r.Max.Y)*f))
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			hist[img.Pix[y*img.Stride+x]]++
		}
	}
	return scanprep.Otsu(hist)
}
