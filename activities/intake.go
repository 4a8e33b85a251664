package activities

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/rules"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type intakeStore interface {
	LiveIntake(ctx context.Context, accountID string, id uuid.UUID) (*store.Intake, error)
	File(ctx context.Context, accountID string, id uuid.UUID) (*store.File, error)
	FraudSettings(ctx context.Context, accountID string) (store.FraudSettings, error)
	RecordSplit(ctx context.Context, accountID string, intakeID uuid.UUID, pageCount int, segs []store.SplitSegment) error
	SaveSegments(ctx context.Context, segs []*store.Segment) error
	Segments(ctx context.Context, accountID string, intakeID uuid.UUID) ([]store.Segment, error)
	FinishIntake(ctx context.Context, accountID string, id uuid.UUID, out store.IntakeOutcome) error
}

// RecordSplit stores the page count and the segments, PENDING.
func (a *Activities) RecordSplit(ctx context.Context, in workflows.RecordSplitInput) error {
	id, err := parseID("intake_id", in.IntakeID)
	if err != nil {
		return err
	}
	segs := make([]store.SplitSegment, len(in.Segments))
	for i, s := range in.Segments {
		sid, err := parseID("segment id", s.ID)
		if err != nil {
			return err
		}
		segs[i] = store.SplitSegment{ID: sid, Index: s.Index, PageStart: s.PageStart, PageEnd: s.PageEnd}
	}
	return classify(a.store.RecordSplit(ctx, in.AccountID, id, in.PageCount, segs))
}

// ProcessSegment judges one segment. Workflows recorded before segments
// were batched call it; new ones call ProcessSegments.
func (a *Activities) ProcessSegment(ctx context.Context, in workflows.ProcessSegmentInput) (workflows.ProcessSegmentResult, error) {
	res, err := a.ProcessSegments(ctx, workflows.ProcessSegmentsInput{
		AccountID: in.AccountID, IntakeID: in.IntakeID, UploadPDF: in.UploadPDF,
		Segments: []workflows.SegmentWork{{Spec: in.Segment, TextKeys: in.TextKeys}},
	})
	if err != nil {
		return workflows.ProcessSegmentResult{}, err
	}
	return res.Segments[0], nil
}

// ProcessSegments cuts the PDFs of a batch of segments, judges each
// document (the segments of a batch in parallel) and stores them in one
// transaction. A segment whose PDF cannot be cut is stored FAILED (no retry
// would help); storage and database errors retry the batch.
func (a *Activities) ProcessSegments(ctx context.Context, in workflows.ProcessSegmentsInput) (workflows.ProcessSegmentsResult, error) {
	stop := heartbeat(ctx)
	defer stop()
	log := a.log.With("intake_id", in.IntakeID, "workflow_id", activity.GetInfo(ctx).WorkflowExecution.ID)
	intakeID, intake, err := lookup(ctx, a.store.LiveIntake, in.AccountID, "intake_id", in.IntakeID)
	if err != nil {
		return workflows.ProcessSegmentsResult{}, err
	}
	judge, _, err := a.judgeInput(ctx, in.AccountID, intake.Context, "intake context", in.UploadPDF)
	if err != nil {
		return workflows.ProcessSegmentsResult{}, err
	}
	var validate store.ValidateOptions
	if err := decodeStored(intake.Validate, &validate, "intake validate options"); err != nil {
		return workflows.ProcessSegmentsResult{}, err
	}
	pdf, err := a.pdfBytes(ctx, in.PDFKey)
	if err != nil {
		return workflows.ProcessSegmentsResult{}, classify(err)
	}
	// One parse of the file serves every segment of the batch; a file that
	// parsed in Analyze and fails now fails each segment alone.
	doc, docErr := pdfdoc.Open(pdf)
	judge.Requirement = validate.Requirement
	if judge.Fraud.Enabled && docErr == nil {
		first, last := batchPages(in.Segments)
		if judge.Upload, judge.FraudOCR, err = a.fraudUpload(ctx, log, in.AccountID, intake.FileID, in.UploadPDF, pdf, doc, first, last); err != nil {
			return workflows.ProcessSegmentsResult{}, err
		}
	}
	prefix := workflows.WorkPrefix(workflows.KindIntake, in.IntakeID)
	rows := make([]*store.Segment, len(in.Segments))
	checks := make([]sourceCheck, len(in.Segments))
	out := workflows.ProcessSegmentsResult{Segments: make([]workflows.ProcessSegmentResult, len(in.Segments))}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, w := range in.Segments {
		g.Go(func() error {
			segID, err := parseID("segment id", w.Spec.ID)
			if err != nil {
				return err
			}
			start, end := w.Spec.PageStart, w.Spec.PageEnd
			seg := &store.Segment{ID: segID, AccountID: in.AccountID, IntakeID: intakeID, Index: w.Spec.Index, PageStart: &start, PageEnd: &end}
			rows[i] = seg
			out.Segments[i] = workflows.ProcessSegmentResult{SegmentID: w.Spec.ID}
			var data []byte
			cutErr := docErr
			if docErr == nil {
				data, cutErr = pipeline.CutSegment(doc, pipeline.PageRange{Start: start, End: end})
			}
			if cutErr != nil {
				log.Warn("segment could not be cut", "segment_index", w.Spec.Index, "error", cutErr)
				seg.ScanStatus = "FAILED"
				code, msg := "segment_failed", "this part of the file could not be read"
				seg.ErrorCode, seg.ErrorMessage = &code, &msg
				out.Segments[i].Status = seg.ScanStatus
				return nil
			}
			pages, err := a.loadPages(gctx, w.TextKeys)
			if err != nil {
				return classify(err)
			}
			key := workflows.SegmentKey(prefix, w.Spec.Index)
			if err := a.blobs.PutBytes(gctx, key, data, "application/pdf"); err != nil {
				return err
			}
			jin := judge
			jin.Pages, jin.FirstPage, jin.LastPage = pages, start, end
			j := a.engine.Judge(jin)
			if err := fillSegment(seg, j, key); err != nil {
				return err
			}
			checks[i] = sourceCheckOf(validate.Source, w.Spec.ID, j, jin)
			out.Segments[i] = workflows.ProcessSegmentResult{SegmentID: w.Spec.ID, Status: seg.ScanStatus, DocumentType: j.DocumentType, ValidationResult: j.ValidationResult}
			if j.Fraud != nil {
				out.Segments[i].Fraud = j.Fraud.Result
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return workflows.ProcessSegmentsResult{}, err
	}
	// Source validation, once every segment is judged: the sources of a
	// batch are asked together (see source.go).
	if err := a.checkSegmentSources(ctx, log, checks, rows, out.Segments); err != nil {
		return workflows.ProcessSegmentsResult{}, err
	}
	if err := a.store.SaveSegments(ctx, rows); err != nil {
		return workflows.ProcessSegmentsResult{}, classify(err)
	}
	for _, r := range out.Segments {
		log.Info("segment judged", "segment_id", r.SegmentID, "status", r.Status, "document_type", r.DocumentType, "validation_result", r.ValidationResult, "fraud", r.Fraud)
	}
	return out, nil
}

// batchPages returns the first and last page of a batch's segments (a
// batch is a run of consecutive segments).
func batchPages(segs []workflows.SegmentWork) (first, last int) {
	for i, w := range segs {
		if i == 0 || w.Spec.PageStart < first {
			first = w.Spec.PageStart
		}
		last = max(last, w.Spec.PageEnd)
	}
	return first, last
}

// fraudUpload reads what fraud's checks need of the upload as a whole, for
// the documents on its pages first..last: the upload as stored (the
// file row's blob; fraud.ReadUpload needs the original, whose later
// revisions and images the normalised copy does not keep), read once for
// them all, else the normalised PDF the pages were read from (file.PDFKey,
// pdf); and the OCR of those of the pages that print a text layer over a
// picture, whose layer fraud compares with what the picture shows. doc is
// pdf opened, or nil to open it only when a page is to be OCRed. Storage and
// database failures are returned, to be retried; a file that cannot be
// read, or a page OCR cannot read, only leaves the checks that need it
// out, logged.
func (a *Activities) fraudUpload(ctx context.Context, log *slog.Logger, accountID string, fileID uuid.UUID, file workflows.UploadPDF, pdf []byte, doc *pdfdoc.Doc, first, last int) (*fraud.Upload, map[int]pagetext.Page, error) {
	original, err := a.storedUpload(ctx, accountID, fileID, file.PDFKey, pdf)
	if err != nil {
		return nil, nil, err
	}
	start := time.Now()
	up, err := pipeline.ReadUpload(original, pdf, file.Info.PageCount)
	if err != nil {
		log.Warn("fraud: the upload could not be read; its revision, drawing and image checks are left out", "error", err)
		return nil, nil, nil
	}
	log.Debug("fraud: upload read", "ms", time.Since(start).Milliseconds(), "first_page", first, "last_page", last)
	if len(up.OCRWanted(first, last)) == 0 {
		return up, nil, nil
	}
	if doc == nil {
		if doc, err = pdfdoc.Open(pdf); err != nil {
			log.Warn("fraud: the PDF read does not open; text layers are not compared with their pictures", "error", err)
			return up, nil, nil
		}
	}
	sides, err := doc.PageLongSides()
	if err != nil {
		log.Warn("fraud: page sizes unknown; text layers are not compared with their pictures", "error", err)
		return up, nil, nil
	}
	path, err := a.pdfPath(ctx, file.PDFKey)
	if err != nil {
		return nil, nil, classify(err)
	}
	ocr, err := a.engine.FraudOCR(ctx, path, up, first, last, sides)
	if ctx.Err() != nil {
		return nil, nil, ctx.Err()
	}
	if err != nil {
		log.Warn("fraud: pages left out of the text layer check", "error", err)
	}
	return up, ocr, nil
}

// storedUpload returns the bytes of the upload as stored: the file row's
// blob, or pdf when that blob is the PDF read (pdfKey). nil when the file
// or its blob is gone (the normalised copy stands in).
func (a *Activities) storedUpload(ctx context.Context, accountID string, fileID uuid.UUID, pdfKey string, pdf []byte) ([]byte, error) {
	f, err := a.store.File(ctx, accountID, fileID)
	if derrors.Is(err, derrors.NotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, classify(err)
	}
	if f.BlobKey == pdfKey {
		return pdf, nil
	}
	b, err := a.pdfBytes(ctx, f.BlobKey)
	if errors.Is(err, blobstore.ErrNotFound) {
		return nil, nil
	}
	return b, classify(err)
}

func candidate(c store.IntakeContext) rules.Candidate {
	return rules.Candidate{FirstName: c.FirstName, MiddleName: c.MiddleName, LastName: c.LastName, DateOfBirth: c.DateOfBirth}
}

// fillSegment copies a judgement into a segment row.
func fillSegment(seg *store.Segment, j pipeline.Judgement, fileKey string) error {
	var err error
	seg.ScanStatus = "SUCCESS"
	seg.DocumentType, seg.DocumentCategory, seg.SchemaID = &j.DocumentType, &j.Category, &j.SchemaID
	seg.FileKey = &fileKey
	if seg.Fields, err = store.ToJSON(j.Fields); err != nil {
		return err
	}
	if seg.DerivedFields, err = store.ToJSON(j.DerivedFields); err != nil {
		return err
	}
	if j.Validations != nil {
		res := j.ValidationResult
		seg.ValidationResult = &res
		if seg.Validations, err = store.ToJSON(j.Validations); err != nil {
			return err
		}
	}
	seg.ExpiresAt = j.ExpiresAt
	if j.Fraud != nil {
		res, score := j.Fraud.Result, j.Fraud.Score
		seg.FraudResult, seg.FraudScore = &res, &score
		if seg.FraudSignals, err = store.ToJSON(j.Fraud); err != nil {
			return err
		}
	}
	return nil
}

// FinishIntake ends an intake. On SUCCESS it rolls the stored segments up
// into the intake's validation and fraud results.
func (a *Activities) FinishIntake(ctx context.Context, in workflows.FinishIntakeInput) error {
	id, err := parseID("intake_id", in.IntakeID)
	if err != nil {
		return err
	}
	out := store.IntakeOutcome{Status: in.Status, PageCount: in.PageCount, ErrorCode: in.ErrorCode, ErrorMessage: in.ErrorMessage}
	switch in.Status {
	case "SUCCESS":
		if err := a.rollup(ctx, in.AccountID, id, &out); err != nil {
			return classify(err)
		}
	case "FAILED":
		// A file that cannot be read cannot be judged either.
		intake, err := a.store.LiveIntake(ctx, in.AccountID, id)
		if err != nil {
			return classify(err)
		}
		var validate store.ValidateOptions
		if err := decodeStored(intake.Validate, &validate, "intake validate options"); err != nil {
			return err
		}
		if validate.Requirement != "" {
			res := "NOT_SUPPORTED"
			if out.Validation, err = store.ToJSON(pipeline.Validation{Requirement: validate.Requirement, Result: &res}); err != nil {
				return err
			}
		}
	}
	return classify(a.store.FinishIntake(ctx, in.AccountID, id, out))
}

func (a *Activities) rollup(ctx context.Context, accountID string, id uuid.UUID, out *store.IntakeOutcome) error {
	intake, err := a.store.LiveIntake(ctx, accountID, id)
	if err != nil {
		return err
	}
	segs, err := a.store.Segments(ctx, accountID, id)
	if err != nil {
		return err
	}
	outcomes := make([]pipeline.SegmentOutcome, 0, len(segs))
	for _, s := range segs {
		o := pipeline.SegmentOutcome{ID: s.ID.String(), Index: s.Index, ExpiresAt: s.ExpiresAt}
		if s.DocumentType != nil {
			o.DocumentType = *s.DocumentType
		}
		if s.ValidationResult != nil {
			o.ValidationResult = *s.ValidationResult
			if len(s.Validations) > 0 {
				var tree rules.Tree
				if err := decodeStored(s.Validations, &tree, "segment validations"); err != nil {
					return err
				}
				o.Validations = &tree
			}
		}
		if s.FraudResult != nil {
			// The stored verdict names the signals; its columns are
			// what the segment answers with.
			var v fraud.Verdict
			if err := decodeStored(s.FraudSignals, &v, "segment fraud verdict"); err != nil {
				return err
			}
			v.Result, v.Score = *s.FraudResult, 0
			if s.FraudScore != nil {
				v.Score = *s.FraudScore
			}
			o.Fraud = &v
		}
		outcomes = append(outcomes, o)
	}
	var validate store.ValidateOptions
	if err := decodeStored(intake.Validate, &validate, "intake validate options"); err != nil {
		return err
	}
	if validate.Requirement != "" {
		v := pipeline.RollupValidation(a.engine.Catalog(), validate.Requirement, outcomes, a.today())
		if out.Validation, err = store.ToJSON(v); err != nil {
			return err
		}
	}
	if f := pipeline.RollupFraud(outcomes); f != nil {
		if out.Fraud, err = store.ToJSON(f); err != nil {
			return err
		}
	}
	return nil
}
