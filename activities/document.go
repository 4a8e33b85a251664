package activities

import (
	"context"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"

	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type scanStore interface {
	LiveDocumentScan(ctx context.Context, accountID string, id uuid.UUID) (*store.DocumentScan, error)
	StartDocumentScan(ctx context.Context, accountID string, id uuid.UUID) error
	FinishDocumentScan(ctx context.Context, accountID string, id uuid.UUID, out store.ScanOutcome) error
	FraudSettings(ctx context.Context, accountID string) (store.FraudSettings, error)
	File(ctx context.Context, accountID string, id uuid.UUID) (*store.File, error)
}

// StartScan moves a scan and its task to IN_PROGRESS.
func (a *Activities) StartScan(ctx context.Context, in workflows.ScanRef) error {
	id, err := parseID("scan_id", in.ScanID)
	if err != nil {
		return err
	}
	return classify(a.store.StartDocumentScan(ctx, in.AccountID, id))
}

// JudgeScan judges a scan's whole file as one document and stores the
// result. Validation runs only when the scan asked for it; without a
// requirement in the context, the requirement that fits the recognised type
// is used.
func (a *Activities) JudgeScan(ctx context.Context, in workflows.JudgeScanInput) (workflows.ProcessSegmentResult, error) {
	stop := heartbeat(ctx)
	defer stop()
	id, scan, err := lookup(ctx, a.store.LiveDocumentScan, in.AccountID, "scan_id", in.ScanID)
	if err != nil {
		return workflows.ProcessSegmentResult{}, err
	}
	judge, sc, err := a.judgeInput(ctx, in.AccountID, scan.Context, "document scan context", in.UploadPDF)
	if err != nil {
		return workflows.ProcessSegmentResult{}, err
	}
	if judge.Pages, err = a.loadPages(ctx, in.TextKeys); err != nil {
		return workflows.ProcessSegmentResult{}, classify(err)
	}
	judge.ValidateAnyType = true
	var pdf []byte
	if judge.Fraud.Enabled {
		log := a.log.With("scan_id", in.ScanID, "workflow_id", activity.GetInfo(ctx).WorkflowExecution.ID)
		if pdf, err = a.pdfBytes(ctx, in.PDFKey); err != nil {
			return workflows.ProcessSegmentResult{}, classify(err)
		}
		judge.FirstPage, judge.LastPage = 1, in.Info.PageCount
		if judge.Upload, judge.FraudOCR, err = a.fraudUpload(ctx, log, in.AccountID, scan.FileID, in.UploadPDF, pdf, nil, 1, in.Info.PageCount); err != nil {
			return workflows.ProcessSegmentResult{}, err
		}
	}
	j := a.engine.Judge(judge)
	if scan.Validation {
		judge.Requirement = sc.Requirement
		if judge.Requirement == "" {
			judge.Requirement = pipeline.RequirementFor(a.engine.Catalog(), j.DocumentType)
		}
		if judge.Requirement != "" {
			// The type and fields, hence the fraud verdict, do not depend
			// on the requirement: the verdict is not worked out twice.
			again := judge
			again.Fraud.Enabled = false
			verdict := j.Fraud
			j = a.engine.Judge(again)
			j.Fraud = verdict
		}
		// Source validation (see source.go).
		check := sourceCheckOf(sc.SourceValidation, in.ScanID, j, judge)
		if err := a.checkSources(ctx, a.log.With("scan_id", in.ScanID), []sourceCheck{check}); err != nil {
			return workflows.ProcessSegmentResult{}, err
		}
		if check.tree != nil {
			j.ValidationResult = check.tree.Result
		}
	}
	var scanPrint store.FraudPrint
	if j.Fraud != nil {
		// Fraud history before the verdict is stored with SUCCESS: the same
		// file, number or page image sent for another candidate never
		// shows clean in between (see fraud.go).
		v, p, err := a.scanHistory(ctx, scan, in.PDFKey, pdf, j.DocumentType, j.Fields, *j.Fraud, judge.Fraud.Sensitivity)
		if err != nil {
			return workflows.ProcessSegmentResult{}, err
		}
		j.Fraud, scanPrint = &v, p
	}
	out := store.ScanOutcome{Status: "SUCCESS", DocumentType: &j.DocumentType}
	if out.Fields, err = store.ToJSON(j.Fields); err != nil {
		return workflows.ProcessSegmentResult{}, err
	}
	if scan.Validation {
		// The scan API knows VALID and INVALID only: a document that cannot
		// be judged is not valid.
		res := "INVALID"
		if j.ValidationResult == "VALID" {
			res = "VALID"
		}
		out.ValidationResult = &res
		var tree any = j.Validations
		if j.Validations == nil {
			tree = map[string]any{"result": "INVALID", "reason": "no_requirement_for_type",
				"message": "No requirement of the catalog accepts a document of type " + j.DocumentType + "."}
		}
		if out.Validations, err = store.ToJSON(tree); err != nil {
			return workflows.ProcessSegmentResult{}, err
		}
	}
	if j.Fraud != nil {
		if out.Fraud, err = store.ToJSON(j.Fraud); err != nil {
			return workflows.ProcessSegmentResult{}, err
		}
	}
	summary := map[string]any{
		"document_type": j.DocumentType, "document_category": j.Category, "schema_id": j.SchemaID,
		"page_count": in.Info.PageCount, "expires_at": j.ExpiresAt,
	}
	if out.TaskResult, err = store.ToJSON(summary); err != nil {
		return workflows.ProcessSegmentResult{}, err
	}
	if err := a.store.FinishDocumentScan(ctx, in.AccountID, id, out); err != nil {
		return workflows.ProcessSegmentResult{}, classify(err)
	}
	if j.Fraud != nil {
		if err := a.recheckScanHistory(ctx, scan, scanPrint, *j.Fraud, judge.Fraud.Sensitivity); err != nil {
			return workflows.ProcessSegmentResult{}, err
		}
	}
	res := workflows.ProcessSegmentResult{SegmentID: in.ScanID, Status: "SUCCESS", DocumentType: j.DocumentType}
	if out.ValidationResult != nil {
		res.ValidationResult = *out.ValidationResult
	}
	return res, nil
}

// FinishScan records a scan's failure on the scan and its task.
func (a *Activities) FinishScan(ctx context.Context, in workflows.FinishScanInput) error {
	id, err := parseID("scan_id", in.ScanID)
	if err != nil {
		return err
	}
	return classify(a.store.FinishDocumentScan(ctx, in.AccountID, id, store.ScanOutcome{
		Status: "FAILED", TaskError: in.ErrorCode + ": " + in.ErrorMessage,
	}))
}
