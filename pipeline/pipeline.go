// Package pipeline is the document engine an upload goes through: normalise
// it to a PDF, read every page (text layer or OCR), split the pages into
// documents, and judge each document (type, fields, validation, fraud).
//
// The steps are separate functions because the Temporal worker runs them as
// separate activities (pages and segments in parallel, each retried on its
// own); Process runs the same steps in one process for `compliance process`,
// so both paths give the same answer.
//
// The day documents are judged on is always the caller's (JudgeInput.AsOf,
// ProcessOptions.AsOf): the engine never reads the clock, so a run can be
// repeated on any day with the same answer. A zero as-of date is a caller's
// bug: Process returns an error before doing any work, and Judge panics,
// as rules.Evaluate does, rather than guess a day.
package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/classify"
	"github.com/clearedtostart/compliance/extract"
	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/namematch"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/rules"
	"github.com/clearedtostart/compliance/scanprep"
	"github.com/clearedtostart/compliance/segmenter"
)

// Config configures New.
type Config struct {
	Catalog *catalog.Catalog
	// OCR reads pages without a text layer.
	OCR *ocr.Engine
	// TempDir holds rasterised pages while they are read (default os.TempDir).
	TempDir string
}

// Engine runs the steps. It is safe for concurrent use.
type Engine struct {
	cat        *catalog.Catalog
	classifier *classify.Classifier
	ocr        *ocr.Engine
	tmp        string
}

// New builds an engine.
func New(cfg Config) (*Engine, error) {
	if cfg.Catalog == nil {
		return nil, errors.New("pipeline: a catalog is required")
	}
	if cfg.OCR == nil {
		return nil, errors.New("pipeline: an OCR engine is required")
	}
	if cfg.TempDir == "" {
		cfg.TempDir = os.TempDir()
	}
	return &Engine{cat: cfg.Catalog, classifier: classify.New(cfg.Catalog), ocr: cfg.OCR, tmp: cfg.TempDir}, nil
}

// Catalog returns the engine's catalog.
func (e *Engine) Catalog() *catalog.Catalog { return e.cat }

// Supported upload types, by the MIME type mimetype detects from the bytes.
var Supported = map[string]bool{
	"application/pdf": true,
	"image/png":       true,
	"image/jpeg":      true,
	"image/tiff":      true,
	"image/webp":      true,
	"image/heic":      true,
	"image/heif":      true,
}

// Normalize returns the upload as the PDF every later step reads: a PDF as
// it is, or mended when pdfcpu or the text reader cannot read it as it is
// (pdfdoc.Repair: the copy's Info says what was done and keeps the upload's
// own metadata); images as image-only PDFs with a page per frame. Mending
// here, once, lets the text layers, page count and cuts all come from the
// same copy; the stored upload stays as it was sent.
func (e *Engine) Normalize(ctx context.Context, data []byte, mime string) (pdf []byte, fromImage bool, err error) {
	if mime == "application/pdf" {
		pdf, err = pdfdoc.Repair(ctx, data)
		return pdf, false, err
	}
	if !Supported[mime] {
		return nil, false, &pdfdoc.FileError{Code: "unsupported_file", Message: "the file type " + mime + " is not supported"}
	}
	pdf, err = pdfdoc.FromImage(ctx, data, mime)
	return pdf, true, err
}

// Where a page's text came from.
const (
	SourceTextLayer = "text_layer"
	SourceOCR       = "ocr"
	// SourceBlank is a page that draws nothing to read: no usable text
	// layer and no image.
	SourceBlank = "blank"
)

// Page is one page's text and where it came from.
type Page struct {
	// Number is 1-based.
	Number     int     `json:"number"`
	Text       string  `json:"text"`
	Source     string  `json:"source"`
	Confidence float64 `json:"confidence,omitempty"`
	// Layout is the page's words with their boxes, for reading by layout;
	// nil on pages stored before it was kept, which are read by text.
	Layout *pagetext.Page `json:"layout,omitempty"`
	// Prep says how an OCRed page's raster was corrected before reading
	// (turn, skew, enlargement, light); Layout's boxes are on the
	// corrected page.
	Prep *scanprep.Report `json:"prep,omitempty"`
}

// Analysis is what opening a PDF tells: its pages, which of them carry a
// readable text layer, and which need OCR.
type Analysis struct {
	Info      pdfdoc.Info
	TextPages []Page
	// NeedOCR lists 1-based pages without a usable text layer.
	NeedOCR []int
	// LongSides is each page's longer side in points (index page-1).
	LongSides []float64
}

// Analyze opens a PDF and reads its text layers, several pages at a time.
// Problems with the file itself come back as *pdfdoc.FileError.
func (e *Engine) Analyze(ctx context.Context, pdf []byte) (*Analysis, error) {
	doc, err := pdfdoc.Open(pdf)
	if err != nil {
		return nil, err
	}
	sides, err := doc.PageLongSides()
	if err != nil {
		return nil, fmt.Errorf("%w (page sizes: %v)", pdfdoc.ErrCorrupt, err)
	}
	n := doc.Info.PageCount
	texts := make([]pdfdoc.PageText, n)
	workers := min(runtime.GOMAXPROCS(0), n)
	chunks := make(chan []int, workers)
	var wg sync.WaitGroup
	var firstErr error
	var mu sync.Mutex
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for pages := range chunks {
				got, err := pdfdoc.Texts(pdf, pages)
				if err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					continue
				}
				for _, pt := range got {
					texts[pt.Page-1] = pt
				}
			}
		}()
	}
	// Each worker opens its own text reader, so hand out contiguous runs.
	per := (n + workers - 1) / workers
	for start := 1; start <= n; start += per {
		var run []int
		for p := start; p < start+per && p <= n; p++ {
			run = append(run, p)
		}
		chunks <- run
	}
	close(chunks)
	wg.Wait()
	if firstErr != nil {
		// An unreadable text layer is not fatal: pdfcpu opened the file,
		// so its pages can still be rendered and OCRed.
		for i := range texts {
			texts[i] = pdfdoc.PageText{}
		}
	}
	a := &Analysis{Info: doc.Info, LongSides: sides}
	for i, pt := range texts {
		switch {
		case pdfdoc.HasText(pt.Text):
			a.TextPages = append(a.TextPages, Page{Number: i + 1, Text: pt.Text, Source: SourceTextLayer, Confidence: 100, Layout: &pt.Layout})
		case !doc.PageHasImages(i + 1):
			// Nothing drawn but a little text or none: a blank or
			// separator page, read as it is rather than OCRed.
			a.TextPages = append(a.TextPages, Page{Number: i + 1, Text: pt.Text, Source: SourceBlank, Confidence: 100})
		default:
			a.NeedOCR = append(a.NeedOCR, i+1)
		}
	}
	return a, ctx.Err()
}

// OCRPage renders one page of the PDF at pdfPath and reads it.
func (e *Engine) OCRPage(ctx context.Context, pdfPath string, page int, longSide float64) (Page, error) {
	dir, err := os.MkdirTemp(e.tmp, "ocr-")
	if err != nil {
		return Page{}, err
	}
	defer os.RemoveAll(dir)
	img, err := pdfdoc.Rasterize(ctx, pdfPath, page, longSide, dir)
	if err != nil {
		return Page{}, err
	}
	read, size, err := e.readScan(ctx, dir, img)
	if err != nil {
		return Page{}, err
	}
	lay := read.layout(pointsPerPixel(longSide, size))
	return Page{Number: page, Text: read.res.Text, Source: SourceOCR, Confidence: read.res.MeanConfidence, Layout: &lay, Prep: &read.report}, nil
}

// OCRPages reads every page of a PDF upload that needs OCR, one after
// another, as the worker reads them: for tools and test fixtures that need
// the worker's own OCR text of a document, not for intakes (which read
// pages in parallel activities).
func (e *Engine) OCRPages(ctx context.Context, data []byte) ([]Page, error) {
	pdf, _, err := e.Normalize(ctx, data, "application/pdf")
	if err != nil {
		return nil, err
	}
	an, err := e.Analyze(ctx, pdf)
	if err != nil {
		return nil, err
	}
	path, done, err := e.WritePDF(pdf)
	if err != nil {
		return nil, err
	}
	defer done()
	pages := make([]Page, 0, len(an.NeedOCR))
	for _, n := range an.NeedOCR {
		p, err := e.OCRPage(ctx, path, n, an.LongSides[n-1])
		if err != nil {
			return nil, err
		}
		pages = append(pages, p)
	}
	return pages, nil
}

// pointsPerPixel is the raster's scale: the page's long side in points
// over the raster's long side in pixels.
func pointsPerPixel(longSidePts float64, raster image.Point) float64 {
	px := max(raster.X, raster.Y)
	if px == 0 || longSidePts <= 0 {
		return 72.0 / 300
	}
	return longSidePts / float64(px)
}

// WritePDF writes pdf into a temporary file for tools that read files, and
// returns its path and a cleanup.
func (e *Engine) WritePDF(pdf []byte) (string, func(), error) {
	dir, err := os.MkdirTemp(e.tmp, "pdf-")
	if err != nil {
		return "", nil, err
	}
	path := filepath.Join(dir, "file.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	return path, func() { os.RemoveAll(dir) }, nil
}

// Features computes a page's split features. The holder's name is replaced
// by a short hash: features travel through workflow histories, which must
// not carry a candidate's name, and equality is all the split needs.
func (e *Engine) Features(p Page) segmenter.PageFeatures {
	cls := e.classifier.Classify(p.Text)
	f := segmenter.Features(p.Number-1, p.Text, cls)
	// The text cannot tell a wallet card saved on a small page of its own;
	// the page's size, in points for both text layers and OCR, can.
	if p.Layout != nil {
		f.Card = segmenter.CardSized(p.Layout.Width, p.Layout.Height)
	}
	if f.Name != "" {
		sum := sha256.Sum256([]byte(strings.ToLower(f.Name)))
		f.Name = hex.EncodeToString(sum[:6])
	}
	return f
}

// Split decides the segments from every page's features; ranges come back
// with 1-based page numbers.
func Split(features []segmenter.PageFeatures) []PageRange {
	fs := append([]segmenter.PageFeatures(nil), features...)
	sort.Slice(fs, func(i, j int) bool { return fs[i].Index < fs[j].Index })
	ranges := segmenter.Split(fs)
	out := make([]PageRange, 0, len(ranges))
	for _, r := range ranges {
		out = append(out, PageRange{Start: r.Start + 1, End: r.End + 1})
	}
	return out
}

// PageRange is a segment's pages, 1-based and inclusive.
type PageRange struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// CutSegment writes the pages of r as a PDF of their own.
func CutSegment(doc *pdfdoc.Doc, r PageRange) ([]byte, error) {
	return doc.Extract(r.Start, r.End)
}

// FraudSettings are the account's fraud check settings.
type FraudSettings struct {
	Enabled     bool
	Sensitivity string
}

// JudgeInput is one document to judge.
type JudgeInput struct {
	Pages []Page
	// Requirement is the requirement key to validate against, if any.
	Requirement string
	// ValidateAnyType judges every document, not only those whose type the
	// requirement accepts (document scans: the caller says what it is).
	ValidateAnyType bool
	Candidate       rules.Candidate
	// AsOf is the day the document is judged on (required; see the package
	// documentation).
	AsOf      time.Time
	Fraud     FraudSettings
	File      pdfdoc.Info
	FromImage bool
	// Upload is the upload as ReadUpload read it, shared by the segments
	// of one upload; nil leaves out fraud's checks of its revisions,
	// drawing and images (the checks of the file's Info, the pages' words
	// and the fields still run).
	Upload *fraud.Upload
	// FirstPage and LastPage are the document's pages in the upload
	// (1-based, inclusive); zero takes them from the numbers of Pages.
	FirstPage, LastPage int
	// FraudOCR holds, by upload page number, the OCR words of the
	// document's pages that print a text layer over a picture
	// (Engine.FraudOCR); a page absent here is not compared with its layer.
	FraudOCR map[int]pagetext.Page
}

// Judgement is everything decided about one document.
type Judgement struct {
	DocumentType string
	Category     string
	SchemaID     string
	Confidence   float64
	Fields       map[string]any
	// Uncertain are fields read less surely than the catalog's threshold,
	// with their confidence; they are not in Fields (never guessed).
	Uncertain map[string]float64
	// UncertainValues are the values of the Uncertain fields, held back
	// from Fields; only evaluations read them, to measure whether the
	// thresholds hold back values that were right. No caller may report
	// them: a field below its threshold is missing.
	UncertainValues  map[string]any
	DerivedFields    map[string]any
	Readable         bool
	ValidationResult string      // "" when the document was not validated
	Validations      *rules.Tree // nil when not validated
	ExpiresAt        *time.Time
	Fraud            *fraud.Verdict // nil when fraud checks are off
}

// Judge classifies a document, reads its fields and judges it. It panics
// when in.AsOf is zero: birth years, validity and fraud's date checks all
// depend on it.
func (e *Engine) Judge(in JudgeInput) Judgement {
	if in.AsOf.IsZero() {
		panic("pipeline: Judge needs an as-of date (JudgeInput.AsOf is zero); the caller decides the day documents are judged on")
	}
	var texts []string
	var layouts []pagetext.Page
	sources := map[string]bool{}
	blank := true
	for _, p := range in.Pages {
		texts = append(texts, p.Text)
		if p.Layout != nil {
			layouts = append(layouts, *p.Layout)
		} else {
			layouts = append(layouts, pagetext.Page{})
		}
		sources[p.Source] = true
		blank = blank && p.Source == SourceBlank
	}
	text := strings.Join(texts, "\n\f\n")
	readable := pdfdoc.HasText(text)
	j := Judgement{Readable: readable, DocumentType: catalog.OtherType}
	if readable {
		cls := e.classifier.Classify(text)
		j.DocumentType, j.Confidence = cls.Type, cls.Confidence
	}
	t, ok := e.cat.Type(j.DocumentType)
	if !ok {
		t, _ = e.cat.Type(catalog.OtherType)
		j.DocumentType = t.Key
	}
	j.Category, j.SchemaID = t.Category, t.SchemaID()
	ext := extract.Read(e.cat, j.DocumentType, extract.Document{Text: text, Pages: layouts, AsOf: in.AsOf,
		Holder: extract.Holder{FirstName: in.Candidate.FirstName, MiddleName: in.Candidate.MiddleName, LastName: in.Candidate.LastName}})
	j.Fields, j.Uncertain, j.UncertainValues = e.sure(ext)
	j.DerivedFields = e.derive(j, ext, sources, len(in.Pages))
	if exp, ok := rules.ExpiresAt(e.cat, j.DocumentType, j.Fields); ok {
		j.ExpiresAt = &exp
	}
	if in.Requirement != "" {
		if req, ok := e.cat.Requirement(in.Requirement); ok && req.Fulfillment == catalog.FulfillDocument {
			// An unreadable document might be the one asked for (NOT_SUPPORTED);
			// a blank page is not a candidate.
			if in.ValidateAnyType || (!readable && !blank) || rules.IsCandidate(req, j.DocumentType) {
				tree := rules.Evaluate(e.cat, req, rules.Input{
					DocumentType: j.DocumentType, Readable: readable, Fields: j.Fields, Uncertain: j.Uncertain,
					Candidate: in.Candidate, AsOf: in.AsOf,
				})
				j.Validations, j.ValidationResult = &tree, tree.Result
			}
		}
	}
	if in.Fraud.Enabled {
		first, last := in.FirstPage, in.LastPage
		if first <= 0 && len(in.Pages) > 0 {
			first, last = in.Pages[0].Number, in.Pages[len(in.Pages)-1].Number
		}
		v := fraud.Assess(fraud.Evidence{
			File: fraud.FileMeta{
				Producer: in.File.Producer, Creator: in.File.Creator, CreationDate: in.File.CreationDate,
				ModDate: in.File.ModDate, Revisions: in.File.Revisions, FromImage: in.FromImage,
			},
			DocumentType: j.DocumentType, Fields: j.Fields, AsOf: in.AsOf,
			Pages: layouts, Upload: in.Upload, FirstPage: first, LastPage: last, OCR: in.FraudOCR, Catalog: e.cat,
		}, in.Fraud.Sensitivity)
		j.Fraud = &v
	}
	return j
}

// sure keeps the fields read at least as surely as the catalog asks and
// sets the others apart with their confidence and held-back value.
func (e *Engine) sure(ext extract.Result) (fields map[string]any, uncertain map[string]float64, held map[string]any) {
	fields = map[string]any{}
	for k, v := range ext.Fields {
		conf, known := ext.Confidence[k]
		if known && conf < e.cat.ConfidenceThreshold(k) {
			if uncertain == nil {
				uncertain, held = map[string]float64{}, map[string]any{}
			}
			uncertain[k], held[k] = round3(conf), v
			continue
		}
		fields[k] = v
	}
	return fields, uncertain, held
}

// derive computes what the service reads into the printed fields: the
// holder's name in parts, how confident each reading is, and where the text
// came from.
func (e *Engine) derive(j Judgement, ext extract.Result, sources map[string]bool, pages int) map[string]any {
	d := map[string]any{
		"classification_confidence": round3(j.Confidence),
		"page_count":                pages,
	}
	var src []string
	for s := range sources {
		src = append(src, s)
	}
	sort.Strings(src)
	d["text_source"] = strings.Join(src, "+")
	if len(ext.Confidence) > 0 {
		conf := map[string]float64{}
		for k, v := range ext.Confidence {
			conf[k] = round3(v)
		}
		d["field_confidence"] = conf
	}
	if len(j.Uncertain) > 0 {
		names := make([]string, 0, len(j.Uncertain))
		for k := range j.Uncertain {
			names = append(names, k)
		}
		sort.Strings(names)
		d["uncertain_fields"] = names
		// The person who must read the field by hand is told why the
		// service did not: a value it could not read at all, or one it
		// read less surely than the catalog asks.
		reasons := make(map[string]string, len(names))
		for _, k := range names {
			if u, ok := ext.Fields[k].(extract.Unread); ok && u.Reason != "" {
				reasons[k] = u.Reason
				continue
			}
			reasons[k] = fmt.Sprintf("read with confidence %.2f, below the %.2f this field needs", j.Uncertain[k], e.cat.ConfidenceThreshold(k))
		}
		d["uncertain_reasons"] = reasons
	}
	if full, ok := j.Fields["full_name"].(string); ok && full != "" {
		if n := namematch.ParseFull(full); !n.Empty() {
			d["name"] = n
		}
	}
	return d
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }

// ErrorCode returns the stable code and client message of a file problem,
// or false for other errors.
func ErrorCode(err error) (code, message string, ok bool) {
	var fe *pdfdoc.FileError
	if errors.As(err, &fe) {
		return fe.Code, fe.Message, true
	}
	return "", "", false
}
