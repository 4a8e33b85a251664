package pipeline

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/rules"
	"github.com/clearedtostart/compliance/segmenter"
)

// ProcessOptions configure an in-process run.
type ProcessOptions struct {
	Requirement string
	Candidate   rules.Candidate
	// AsOf is the day documents are judged on. It is required: the engine
	// reads no clock, and Process refuses a zero date.
	AsOf  time.Time
	Fraud FraudSettings
	// SingleDocument skips the split: the whole file is one document (the
	// document scan API).
	SingleDocument bool
}

// SegmentResult is one judged segment of an in-process run.
type SegmentResult struct {
	Index     int       `json:"index"`
	PageStart int       `json:"page_start"`
	PageEnd   int       `json:"page_end"`
	PDFBytes  int       `json:"pdf_bytes"`
	Judgement Judgement `json:"judgement"`
}

// Result is the outcome of an in-process run.
type Result struct {
	PageCount  int             `json:"page_count"`
	OCRPages   int             `json:"ocr_pages"`
	Segments   []SegmentResult `json:"segments"`
	Validation *Validation     `json:"validation,omitempty"`
	Fraud      *FraudRollup    `json:"fraud,omitempty"`
	// PageTexts is each page's text as read (its text layer or OCR), for
	// evaluations that ask at which step a field was lost; the worker
	// keeps page text elsewhere, so it is not serialised.
	PageTexts []string `json:"-"`
}

// Process runs every step in this process, pages and segments in parallel:
// what the worker does, without Temporal, HTTP or storage. File problems
// come back as *pdfdoc.FileError; a zero opts.AsOf is refused before any
// work, as the caller's bug it is.
func (e *Engine) Process(ctx context.Context, data []byte, mime string, opts ProcessOptions) (*Result, error) {
	if opts.AsOf.IsZero() {
		return nil, errors.New("pipeline: ProcessOptions.AsOf is required; the caller decides the day documents are judged on")
	}
	pdf, fromImage, err := e.Normalize(ctx, data, mime)
	if err != nil {
		return nil, err
	}
	an, err := e.Analyze(ctx, pdf)
	if err != nil {
		return nil, err
	}
	pages := make([]Page, an.Info.PageCount)
	for _, p := range an.TextPages {
		pages[p.Number-1] = p
	}
	// Fraud's checks read the upload once for every segment, as the
	// worker does; one that cannot be read leaves its checks out there too.
	var up *fraud.Upload
	if opts.Fraud.Enabled {
		up, _ = ReadUpload(data, pdf, an.Info.PageCount)
	}
	var fraudOCR map[int]pagetext.Page
	if len(an.NeedOCR) > 0 || len(up.OCRWanted(0, 0)) > 0 {
		path, cleanup, err := e.WritePDF(pdf)
		if err != nil {
			return nil, err
		}
		defer cleanup()
		g, gctx := errgroup.WithContext(ctx)
		if up != nil {
			g.Go(func() error {
				// A page OCR could not read is only left uncompared.
				fraudOCR, _ = e.FraudOCR(gctx, path, up, 0, 0, an.LongSides)
				return gctx.Err()
			})
		}
		for _, n := range an.NeedOCR {
			g.Go(func() error {
				p, err := e.OCRPage(gctx, path, n, an.LongSides[n-1])
				if err != nil {
					return fmt.Errorf("page %d: %w", n, err)
				}
				pages[n-1] = p
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return nil, err
		}
	}
	var ranges []PageRange
	if opts.SingleDocument {
		ranges = []PageRange{{Start: 1, End: an.Info.PageCount}}
	} else {
		features := make([]segmenter.PageFeatures, len(pages))
		for i, p := range pages {
			features[i] = e.Features(p)
		}
		ranges = Split(features)
	}
	doc, err := pdfdoc.Open(pdf)
	if err != nil {
		return nil, err
	}
	res := &Result{PageCount: an.Info.PageCount, OCRPages: len(an.NeedOCR), Segments: make([]SegmentResult, len(ranges)),
		PageTexts: make([]string, len(pages))}
	for i, p := range pages {
		res.PageTexts[i] = p.Text
	}
	var wg sync.WaitGroup
	errs := make([]error, len(ranges))
	for i, r := range ranges {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seg, err := CutSegment(doc, r)
			if err != nil {
				errs[i] = err
				return
			}
			j := e.Judge(JudgeInput{
				Pages: pages[r.Start-1 : r.End], Requirement: opts.Requirement, ValidateAnyType: opts.SingleDocument,
				Candidate: opts.Candidate, AsOf: opts.AsOf, Fraud: opts.Fraud, File: an.Info, FromImage: fromImage,
				Upload: up, FirstPage: r.Start, LastPage: r.End, FraudOCR: fraudOCR,
			})
			res.Segments[i] = SegmentResult{Index: i, PageStart: r.Start, PageEnd: r.End, PDFBytes: len(seg), Judgement: j}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	outcomes := make([]SegmentOutcome, len(res.Segments))
	for i, s := range res.Segments {
		outcomes[i] = SegmentOutcome{
			ID: strconv.Itoa(s.Index), Index: s.Index, DocumentType: s.Judgement.DocumentType,
			ValidationResult: s.Judgement.ValidationResult, Validations: s.Judgement.Validations,
			ExpiresAt: s.Judgement.ExpiresAt, Fraud: s.Judgement.Fraud,
		}
	}
	if opts.Requirement != "" {
		v := RollupValidation(e.cat, opts.Requirement, outcomes, opts.AsOf)
		res.Validation = &v
	}
	res.Fraud = RollupFraud(outcomes)
	return res, nil
}
