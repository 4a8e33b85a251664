package activities

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"

	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/rules"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type intakeStore interface {
	LiveIntake(ctx context.Context, accountID string, id uuid.UUID) (*store.Intake, error)
	FraudSettings(ctx context.Context, accountID string) (store.FraudSettings, error)
	RecordSplit(ctx context.Context, accountID string, intakeID uuid.UUID, pageCount int, segs []store.SplitSegment) error
	SaveSegment(ctx context.Context, seg *store.Segment) error
	Segments(ctx context.Context, accountID string, intakeID uuid.UUID) ([]store.Segment, error)
	FinishIntake(ctx context.Context, accountID string, id uuid.UUID, out store.IntakeOutcome) error
}

// RecordSplit stores the page count and the segments, PENDING.
func (a *Activities) RecordSplit(ctx context.Context, in workflows.RecordSplitInput) error {
	id, err := uuid.Parse(in.IntakeID)
	if err != nil {
		return classify(err)
	}
	segs := make([]store.SplitSegment, len(in.Segments))
	for i, s := range in.Segments {
		sid, err := uuid.Parse(s.ID)
		if err != nil {
			return err
		}
		segs[i] = store.SplitSegment{ID: sid, Index: s.Index, PageStart: s.PageStart, PageEnd: s.PageEnd}
	}
	return classify(a.store.RecordSplit(ctx, in.AccountID, id, in.PageCount, segs))
}

// ProcessSegment cuts a segment's PDF, judges the document and stores it.
// A segment whose PDF cannot be cut is stored FAILED (no retry would help);
// storage and database errors are retried.
func (a *Activities) ProcessSegment(ctx context.Context, in workflows.ProcessSegmentInput) (workflows.ProcessSegmentResult, error) {
	log := a.log.With("intake_id", in.IntakeID, "segment_index", in.Segment.Index, "workflow_id", activity.GetInfo(ctx).WorkflowExecution.ID)
	intakeID, err := uuid.Parse(in.IntakeID)
	if err != nil {
		return workflows.ProcessSegmentResult{}, classify(err)
	}
	segID, err := uuid.Parse(in.Segment.ID)
	if err != nil {
		return workflows.ProcessSegmentResult{}, classify(err)
	}
	intake, err := a.store.LiveIntake(ctx, in.AccountID, intakeID)
	if err != nil {
		return workflows.ProcessSegmentResult{}, classify(err)
	}
	settings, err := a.store.FraudSettings(ctx, in.AccountID)
	if err != nil {
		return workflows.ProcessSegmentResult{}, classify(err)
	}
	var cand store.IntakeContext
	var validate store.ValidateOptions
	_ = json.Unmarshal(intake.Context, &cand)
	_ = json.Unmarshal(intake.Validate, &validate)

	pages, err := a.loadPages(ctx, in.TextKeys)
	if err != nil {
		return workflows.ProcessSegmentResult{}, classify(err)
	}
	pdf, err := a.pdfBytes(ctx, in.PDFKey)
	if err != nil {
		return workflows.ProcessSegmentResult{}, classify(err)
	}
	start, end := in.Segment.PageStart, in.Segment.PageEnd
	seg := &store.Segment{
		ID: segID, AccountID: in.AccountID, IntakeID: intakeID, Index: in.Segment.Index,
		PageStart: &start, PageEnd: &end,
	}
	cut, err := cutSegment(pdf, in.Segment)
	if err != nil {
		log.Warn("segment could not be cut", "error", err)
		seg.ScanStatus = "FAILED"
		code, msg := "segment_failed", "this part of the file could not be read"
		seg.ErrorCode, seg.ErrorMessage = &code, &msg
		if err := a.store.SaveSegment(ctx, seg); err != nil {
			return workflows.ProcessSegmentResult{}, classify(err)
		}
		return workflows.ProcessSegmentResult{SegmentID: in.Segment.ID, Status: "FAILED"}, nil
	}
	key := workflows.SegmentKey(workflows.WorkPrefix(workflows.KindIntake, in.IntakeID), in.Segment.Index)
	if err := a.blobs.PutBytes(ctx, key, cut, "application/pdf"); err != nil {
		return workflows.ProcessSegmentResult{}, err
	}
	j := a.engine.Judge(pipeline.JudgeInput{
		Pages: pages, Requirement: validate.Requirement, Candidate: candidate(cand), AsOf: a.today(),
		Fraud: pipeline.FraudSettings{Enabled: settings.Enabled, Sensitivity: settings.Sensitivity},
		File:  in.Info, FromImage: in.FromImage,
	})
	if err := fillSegment(seg, j, key); err != nil {
		return workflows.ProcessSegmentResult{}, err
	}
	if err := a.store.SaveSegment(ctx, seg); err != nil {
		return workflows.ProcessSegmentResult{}, classify(err)
	}
	out := workflows.ProcessSegmentResult{SegmentID: in.Segment.ID, Status: seg.ScanStatus, DocumentType: j.DocumentType, ValidationResult: j.ValidationResult}
	if j.Fraud != nil {
		out.Fraud = j.Fraud.Result
	}
	log.Info("segment judged", "document_type", j.DocumentType, "validation_result", j.ValidationResult, "fraud", out.Fraud)
	return out, nil
}

func cutSegment(pdf []byte, s workflows.SegmentSpec) ([]byte, error) {
	doc, err := pdfdoc.Open(pdf)
	if err != nil {
		return nil, err
	}
	return pipeline.CutSegment(doc, pipeline.PageRange{Start: s.PageStart, End: s.PageEnd})
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
	id, err := uuid.Parse(in.IntakeID)
	if err != nil {
		return classify(err)
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
		_ = json.Unmarshal(intake.Validate, &validate)
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
			var tree rules.Tree
			if err := json.Unmarshal(s.Validations, &tree); err == nil {
				o.Validations = &tree
			}
		}
		if s.FraudResult != nil {
			v := fraud.Verdict{Result: *s.FraudResult}
			if s.FraudScore != nil {
				v.Score = *s.FraudScore
			}
			o.Fraud = &v
		}
		outcomes = append(outcomes, o)
	}
	var validate store.ValidateOptions
	_ = json.Unmarshal(intake.Validate, &validate)
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
