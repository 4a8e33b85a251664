// Package ocr reads text from page images with Tesseract 5, keeping each
// word's position and confidence so fields can later be read by layout.
//
// Tesseract runs single-threaded (OMP_THREAD_LIMIT=1): its OpenMP threading
// is 7-12x slower on small machines, and pages are parallelised by the
// caller instead. An Engine caps how many Tesseract processes run at once.
package ocr

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"github.com/clearedtostart/compliance/pagetext"
)

// Config configures New.
type Config struct {
	// Concurrency caps simultaneous Tesseract processes (default 1).
	Concurrency int
	// Language is Tesseract's language (default "eng").
	Language string
	// Binary is the tesseract executable (default from PATH).
	Binary string
}

// Engine runs Tesseract.
type Engine struct {
	bin  string
	lang string
	sem  chan struct{}
}

// ErrNoTesseract is returned by New when Tesseract is missing.
var ErrNoTesseract = errors.New(`tesseract was not found: install it (Debian: apt-get install -y tesseract-ocr tesseract-ocr-eng); ` +
	"`make run` and `make test` install it when apt is available")

// New checks that Tesseract and its language data are present.
func New(cfg Config) (*Engine, error) {
	if cfg.Concurrency < 1 {
		cfg.Concurrency = 1
	}
	if cfg.Language == "" {
		cfg.Language = "eng"
	}
	bin := cfg.Binary
	if bin == "" {
		p, err := exec.LookPath("tesseract")
		if err != nil {
			return nil, ErrNoTesseract
		}
		bin = p
	}
	out, err := exec.Command(bin, "--list-langs").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("ocr: %s --list-langs: %v", bin, err)
	}
	if !strings.Contains("\n"+string(out)+"\n", "\n"+cfg.Language+"\n") {
		return nil, fmt.Errorf("ocr: tesseract has no %q language data (Debian: apt-get install tesseract-ocr-%s)", cfg.Language, cfg.Language)
	}
	return &Engine{bin: bin, lang: cfg.Language, sem: make(chan struct{}, cfg.Concurrency)}, nil
}

// Word is one recognised word with its box in image pixels.
type Word struct {
	Text       string  `json:"text"`
	Left       int     `json:"left"`
	Top        int     `json:"top"`
	Width      int     `json:"width"`
	Height     int     `json:"height"`
	Confidence float64 `json:"conf"`
	Line       int     `json:"line"`
	// Block is Tesseract's block: lines it found together (a column, a
	// box on a form).
	Block int `json:"block"`
}

// Result is one page's recognised text.
type Result struct {
	// Text is the page's lines in reading order.
	Text  string `json:"text"`
	Words []Word `json:"words"`
	// MeanConfidence is the mean word confidence in 0..100.
	MeanConfidence float64 `json:"mean_confidence"`
	// Width and Height are the image's size in pixels.
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Segmentation is how Tesseract finds the text on a page (its --psm).
type Segmentation int

const (
	// SegmentPage finds columns and blocks, then lines in them (psm 3):
	// right for pages of paragraphs, forms and tables.
	SegmentPage Segmentation = 3
	// SegmentSparse finds every run of text on its own, in no block
	// order (psm 11): right for cards, whose short runs of very
	// different sizes side by side psm 3 joins into one line and then
	// misreads (a large name beside small print splits into two lines of
	// fragments).
	SegmentSparse Segmentation = 11
	// SegmentBlock takes the image as one block of text (psm 6): for
	// finding print a card's sparse read lost (a passport card's bold
	// surname under its small caption, scanned soft at 110-130 dpi, is
	// no run of sparse text), whose words are added to the sparse read
	// where it has none.
	SegmentBlock Segmentation = 6
	// SegmentLine takes the image as one line of text (psm 7): for a
	// word cut out of a page whose read dropped it (see
	// scanprep.UnreadPrint).
	SegmentLine Segmentation = 7
)

// Recognize OCRs one image file as a page (SegmentPage). It waits for a
// free slot first, so callers may start as many as they like.
func (e *Engine) Recognize(ctx context.Context, imagePath string) (Result, error) {
	return e.RecognizeAs(ctx, imagePath, SegmentPage)
}

// RecognizeAs OCRs one image file, finding its text as seg says, leaving
// Tesseract to guess the image's resolution (see RecognizeAt).
func (e *Engine) RecognizeAs(ctx context.Context, imagePath string, seg Segmentation) (Result, error) {
	return e.RecognizeAt(ctx, imagePath, seg, 0)
}

// RecognizeAt OCRs one image file, finding its text as seg says, telling
// Tesseract the image's resolution in dots per inch (0 when unknown).
//
// An image that does not say its resolution (a PGM never does) is taken
// by Tesseract for a 70-dpi one while its page layout looks for a form's
// ruled lines, and only after that is its resolution estimated from the
// print: at 70 dpi the strokes of 10-point print drawn at 300 dpi are as
// long as rules, and a table ruled on every cell reads as garbage ("reo
// _]ronsnoas [1 [eseteaa" for five rows of vaccine, date, dose and lot
// number scanned at 150 dpi and drawn at 300; told 70 dpi, the same).
// Told the image's resolution, Tesseract takes the rules out and reads
// every cell, as it does an image that says it.
//
// Read as sparse text, an image that does not say its resolution has it
// estimated from its print, and a card's large values make the estimate
// too fine: a nursing licence card scanned at 110 dpi and drawn at 300
// was taken for 370 dpi, and its 6-point captions (ISSUED, EXPIRES over
// their dates) were dropped as specks; told 300, it reads them.
func (e *Engine) RecognizeAt(ctx context.Context, imagePath string, seg Segmentation, dpi int) (Result, error) {
	if seg != SegmentPage && seg != SegmentSparse && seg != SegmentBlock && seg != SegmentLine {
		return Result{}, fmt.Errorf("ocr: unknown segmentation %d", seg)
	}
	select {
	case e.sem <- struct{}{}:
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
	defer func() { <-e.sem }()

	args := []string{imagePath, "stdout", "-l", e.lang, "--psm", strconv.Itoa(int(seg))}
	if dpi > 0 {
		args = append(args, "--dpi", strconv.Itoa(dpi))
	}
	cmd := exec.CommandContext(ctx, e.bin, append(args, "tsv")...)
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if ctx.Err() != nil {
			return Result{}, ctx.Err()
		}
		return Result{}, fmt.Errorf("ocr: tesseract: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	res, err := ParseTSV(out)
	if err != nil {
		return Result{}, err
	}
	words, mended := mendCaptions(res.Words)
	if joined, ok := joinSplitCaptions(words); ok {
		words, mended = joined, true
	}
	if mended {
		res = res.WithWords(words)
	}
	return res, nil
}

// Orientation is what Tesseract's orientation detection (OSD, --psm 0)
// says of an image: the clockwise turn, in degrees, that makes its text
// upright, and its confidence (Tesseract's margin over the next-best
// orientation; under about 1 it is a guess).
type Orientation struct {
	Rotate     int
	Confidence float64
}

// ErrNoOSD is returned by DetectOrientation when Tesseract's osd language
// data is missing.
var ErrNoOSD = errors.New("ocr: tesseract has no osd language data (Debian: apt-get install tesseract-ocr-osd)")

// DetectOrientation runs Tesseract's orientation and script detection on
// one image file. It costs about a third of a page's OCR, so callers ask
// only when the page's layout could not tell.
func (e *Engine) DetectOrientation(ctx context.Context, imagePath string) (Orientation, error) {
	select {
	case e.sem <- struct{}{}:
	case <-ctx.Done():
		return Orientation{}, ctx.Err()
	}
	defer func() { <-e.sem }()
	cmd := exec.CommandContext(ctx, e.bin, imagePath, "stdout", "--psm", "0")
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if ctx.Err() != nil {
			return Orientation{}, ctx.Err()
		}
		msg := strings.TrimSpace(stderr.String())
		if strings.Contains(msg, "osd.traineddata") {
			return Orientation{}, ErrNoOSD
		}
		// Too few characters to tell is an answer, not a failure.
		if strings.Contains(msg, "Too few characters") {
			return Orientation{}, nil
		}
		return Orientation{}, fmt.Errorf("ocr: tesseract --psm 0: %v: %s", err, msg)
	}
	return ParseOSD(out)
}

// ParseOSD reads Tesseract's --psm 0 report.
func ParseOSD(out []byte) (Orientation, error) {
	var o Orientation
	var seen bool
	for _, line := range strings.Split(string(out), "\n") {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch strings.TrimSpace(key) {
		case "Rotate":
			n, err := strconv.Atoi(val)
			if err != nil || n%90 != 0 || n < 0 || n >= 360 {
				return Orientation{}, fmt.Errorf("ocr: osd rotate %q", val)
			}
			o.Rotate, seen = n, true
		case "Orientation confidence":
			f, err := strconv.ParseFloat(val, 64)
			if err != nil {
				return Orientation{}, fmt.Errorf("ocr: osd confidence %q", val)
			}
			o.Confidence = f
		}
	}
	if !seen {
		return Orientation{}, fmt.Errorf("ocr: osd gave no rotation: %q", strings.TrimSpace(string(out)))
	}
	return o, nil
}

// ParseTSV reads Tesseract's TSV output into lines and words.
func ParseTSV(tsv []byte) (Result, error) {
	type lineKey struct{ page, block, par, line int }
	var (
		res      Result
		lines    []lineKey
		lineText = map[lineKey][]string{}
		sumConf  float64
		nConf    int
	)
	sc := bufio.NewScanner(bytes.NewReader(tsv))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	first := true
	for sc.Scan() {
		if first {
			first = false
			if strings.HasPrefix(sc.Text(), "level") {
				continue
			}
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) >= 10 && cols[0] == "1" {
			res.Width, _ = strconv.Atoi(cols[8])
			res.Height, _ = strconv.Atoi(cols[9])
		}
		if len(cols) < 12 || cols[0] != "5" {
			continue
		}
		text := foldDashes(strings.TrimSpace(cols[11]))
		if text == "" {
			continue
		}
		n := make([]int, 10)
		for i := 0; i < 10; i++ {
			n[i], _ = strconv.Atoi(cols[i])
		}
		conf, _ := strconv.ParseFloat(cols[10], 64)
		k := lineKey{n[1], n[2], n[3], n[4]}
		if _, seen := lineText[k]; !seen {
			lines = append(lines, k)
		}
		lineText[k] = append(lineText[k], text)
		res.Words = append(res.Words, Word{Text: text, Left: n[6], Top: n[7], Width: n[8], Height: n[9], Confidence: conf, Line: len(lines) - 1, Block: n[2]})
		if conf >= 0 {
			sumConf += conf
			nConf++
		}
	}
	if err := sc.Err(); err != nil {
		return Result{}, fmt.Errorf("ocr: reading tsv: %w", err)
	}
	var b strings.Builder
	for i, k := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.Join(lineText[k], " "))
	}
	res.Text = b.String()
	if nConf > 0 {
		res.MeanConfidence = sumConf / float64(nConf)
	}
	return res, nil
}

// WithWords returns the result with words (their Line indices those of
// r's lines, in reading order) in place of r's words: its text and mean
// confidence made again from them. It is for a read whose words were
// corrected from another read of the same page.
func (r Result) WithWords(words []Word) Result {
	out := Result{Words: words, Width: r.Width, Height: r.Height}
	var b strings.Builder
	var sum float64
	n := 0
	for i, w := range words {
		switch {
		case i == 0:
		case w.Line != words[i-1].Line:
			b.WriteByte('\n')
		default:
			b.WriteByte(' ')
		}
		b.WriteString(w.Text)
		if w.Confidence >= 0 {
			sum += w.Confidence
			n++
		}
	}
	out.Text = b.String()
	if n > 0 {
		out.MeanConfidence = sum / float64(n)
	}
	return out
}

// dashRun is a run of dashes of any kind between two letters or digits.
var dashRun = regexp.MustCompile(`([\pL\pN])[-\x{2010}-\x{2015}\x{2212}]{2,}([\pL\pN])|([\pL\pN])[\x{2010}-\x{2015}\x{2212}]([\pL\pN])`)

// foldDashes reads a run of dashes inside a word as the one hyphen
// printed there: Tesseract reads a hyphen in a compound surname or an id
// as an em dash, or as an em dash and a hyphen ("SANCHEZ—-SCHMIDT"),
// which no reader of names or numbers expects.
func foldDashes(w string) string {
	if !strings.ContainsAny(w, "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212") {
		return w
	}
	return dashRun.ReplaceAllString(w, "$1$3-$2$4")
}

// Layout returns the recognised words as a pagetext page, boxes scaled from
// pixels to points by pointsPerPixel (72 / the raster's dpi).
func (r Result) Layout(pointsPerPixel float64) pagetext.Page {
	if pointsPerPixel <= 0 {
		pointsPerPixel = 72.0 / 300
	}
	p := pagetext.Page{Width: float64(r.Width) * pointsPerPixel, Height: float64(r.Height) * pointsPerPixel,
		Words: make([]pagetext.Word, 0, len(r.Words))}
	for _, w := range r.Words {
		box := pagetext.Box{X0: float64(w.Left) * pointsPerPixel, Y0: float64(w.Top) * pointsPerPixel,
			X1: float64(w.Left+w.Width) * pointsPerPixel, Y1: float64(w.Top+w.Height) * pointsPerPixel}
		p.Words = append(p.Words, pagetext.Word{Text: w.Text, Box: box, Size: box.Height(),
			Confidence: max(0, w.Confidence), Line: w.Line, Block: w.Block})
	}
	return p
}
