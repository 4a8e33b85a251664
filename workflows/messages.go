// Package workflows orchestrates the service's long-running work on
// Temporal: one workflow per business object, found by its id
// (intake/<id>, document-scan/<id>, purge/...). Workflows only decide what
// runs when; activities (package activities) do the I/O.
//
// This file is the contract between the two: activity names, inputs and
// outputs. Payloads carry ids and blob keys, never file bytes or a
// candidate's personal data, so histories stay small and shareable.
package workflows

import (
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/segmenter"
)

// Activity names, registered by activities.Register.
const (
	ActAnalyze        = "AnalyzeUpload"
	ActOCRPage        = "OCRPage"
	ActSplit          = "SplitPages"
	ActRecordSplit    = "RecordSplit"
	ActProcessSegment = "ProcessSegment"
	// ActProcessSegments judges a batch of segments (workflows since
	// version "batch-segments" 1).
	ActProcessSegments = "ProcessSegments"
	ActFinishIntake    = "FinishIntake"
	ActStartScan       = "StartDocumentScan"
	ActJudgeScan       = "JudgeDocumentScan"
	ActFinishScan      = "FinishDocumentScan"
	ActPurge           = "PurgeBlobs"

	ActQueryLiveRegistry   = "QueryLiveRegistry"
	ActRecordLiveFailure   = "RecordLiveRegistryFailure"
	ActRenderCertificate   = "RenderRegistryCertificate"
	ActRefreshRegistry     = "RefreshRegistry"
	ActRecordImportFailure = "RecordRegistryImportFailure"
)

// Application error types: stable, and not retried.
const (
	// ErrBadFile: the upload cannot be processed (encrypted, corrupt, no
	// pages); details carry a FileProblem.
	ErrBadFile = "BadFile"
	// ErrGone: the object was deleted while it was being processed.
	ErrGone = "Gone"
	// ErrBadInput: an activity's input or the stored row it reads is
	// malformed (an id that is not a UUID, stored JSON that does not
	// decode). Retrying cannot fix it, so it fails at once.
	ErrBadInput = "BadInput"
	// ErrRefused: a downloaded list was refused on import (malformed,
	// truncated, shrunk); retrying the same file cannot help.
	ErrRefused = "Refused"
)

// FileProblem is the detail of an ErrBadFile error.
type FileProblem struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Search attribute names (declared in temporal-dev.yaml).
const (
	SAAccountID      = "AccountId"
	SAExternalID     = "ExternalId"
	SAIntakeID       = "IntakeId"
	SADocumentScanID = "DocumentScanId"
	SAScanStatus     = "ScanStatus"
	SARegistrySearch = "RegistrySearchId"
	SARegistry       = "Registry"
)

// Owner kinds of processing work.
const (
	KindIntake       = "intake"
	KindDocumentScan = "document_scan"
)

// IntakeWorkflowID is the workflow id of an intake.
func IntakeWorkflowID(id string) string { return "intake/" + id }

// DocumentScanWorkflowID is the workflow id of a document scan.
func DocumentScanWorkflowID(id string) string { return "document-scan/" + id }

// RegistryCheckWorkflowID is the workflow id of a registry check.
func RegistryCheckWorkflowID(searchID string) string { return "registry-check/" + searchID }

// RegistryRefreshScheduleID is the id of a bulk list's refresh schedule
// (its runs are registry-refresh/<code>-<time>).
func RegistryRefreshScheduleID(code string) string { return "registry-refresh/" + code }

// PurgeWorkflowID is the workflow id that removes a deleted object's files.
func PurgeWorkflowID(kind, id string) string { return "purge/" + kind + "/" + id }

// WorkPrefix is where an object's derived blobs live (normalised PDF, page
// texts, segment PDFs); deleting the object deletes the prefix.
func WorkPrefix(kind, id string) string {
	if kind == KindDocumentScan {
		return "document-scans/" + id + "/"
	}
	return "intakes/" + id + "/"
}

// PageTextKey is the blob key of one page's text.
func PageTextKey(prefix string, page int) string {
	return fmt.Sprintf("%spages/%04d.json", prefix, page)
}

// SegmentKey is the blob key of a segment's PDF.
func SegmentKey(prefix string, index int) string {
	return fmt.Sprintf("%ssegments/%04d.pdf", prefix, index)
}

// SegmentID derives a segment's id from its intake and index, so that a
// replayed or retried workflow names the same segment the same way.
func SegmentID(intakeID string, index int) string {
	ns, err := uuid.Parse(intakeID)
	if err != nil {
		ns = uuid.NameSpaceOID
	}
	return uuid.NewSHA1(ns, fmt.Appendf(nil, "segment/%d", index)).String()
}

// IntakeInput starts IntakeWorkflow.
type IntakeInput struct {
	IntakeID   string `json:"intake_id"`
	AccountID  string `json:"account_id"`
	ExternalID string `json:"external_id"`
	FileKey    string `json:"file_key"`
	MimeType   string `json:"mime_type"`
	// Placements: the intake was uploaded for requirement rows
	// (validate.placement_id, requirement_id or broadcast).
	Placements bool `json:"placements,omitempty"`
}

// IntakeOutput is IntakeWorkflow's result.
type IntakeOutput struct {
	Status    string `json:"status"`
	PageCount int    `json:"page_count"`
	Segments  int    `json:"segments"`
	ErrorCode string `json:"error_code,omitempty"`
}

// AnalyzeInput asks to open an upload.
type AnalyzeInput struct {
	Kind      string `json:"kind"`
	OwnerID   string `json:"owner_id"`
	AccountID string `json:"account_id"`
	FileKey   string `json:"file_key"`
	MimeType  string `json:"mime_type"`
}

// PageRef is one read page: where its text is and its split features.
type PageRef struct {
	Number   int                    `json:"number"`
	TextKey  string                 `json:"text_key"`
	Features segmenter.PageFeatures `json:"features"`
}

// UploadPDF is an opened upload as the steps after Analyze read it.
type UploadPDF struct {
	// PDFKey is the upload itself for a PDF, or its normalised PDF.
	PDFKey    string      `json:"pdf_key"`
	FromImage bool        `json:"from_image"`
	Info      pdfdoc.Info `json:"info"`
}

// AnalyzeResult describes an opened upload.
type AnalyzeResult struct {
	UploadPDF
	// TextPages are the pages read from their text layer.
	TextPages []PageRef `json:"text_pages"`
	// NeedOCR lists 1-based pages to OCR.
	NeedOCR   []int     `json:"need_ocr"`
	LongSides []float64 `json:"long_sides"`
}

// OCRPageInput asks to read one page with OCR.
type OCRPageInput struct {
	Kind     string  `json:"kind"`
	OwnerID  string  `json:"owner_id"`
	PDFKey   string  `json:"pdf_key"`
	Page     int     `json:"page"`
	LongSide float64 `json:"long_side"`
}

// SplitInput asks to split pages into segments.
type SplitInput struct {
	Pages []segmenter.PageFeatures `json:"pages"`
}

// SplitResult is the split: 1-based inclusive page ranges in page order.
type SplitResult struct {
	Ranges []pipeline.PageRange `json:"ranges"`
}

// SegmentSpec is one segment to record or process.
type SegmentSpec struct {
	ID        string `json:"id"`
	Index     int    `json:"index"`
	PageStart int    `json:"page_start"`
	PageEnd   int    `json:"page_end"`
}

// RecordSplitInput stores the split.
type RecordSplitInput struct {
	AccountID string        `json:"account_id"`
	IntakeID  string        `json:"intake_id"`
	PageCount int           `json:"page_count"`
	Segments  []SegmentSpec `json:"segments"`
}

// ProcessSegmentInput judges and stores one segment.
type ProcessSegmentInput struct {
	AccountID string      `json:"account_id"`
	IntakeID  string      `json:"intake_id"`
	Segment   SegmentSpec `json:"segment"`
	// TextKeys are the segment's page texts, in page order.
	TextKeys []string `json:"text_keys"`
	UploadPDF
}

// SegmentWork is one segment of a batch and its page texts in order.
type SegmentWork struct {
	Spec     SegmentSpec `json:"spec"`
	TextKeys []string    `json:"text_keys"`
}

// ProcessSegmentsInput judges and stores a batch of segments.
type ProcessSegmentsInput struct {
	AccountID string        `json:"account_id"`
	IntakeID  string        `json:"intake_id"`
	Segments  []SegmentWork `json:"segments"`
	UploadPDF
}

// ProcessSegmentsResult summarises a stored batch, in input order.
type ProcessSegmentsResult struct {
	Segments []ProcessSegmentResult `json:"segments"`
}

// ProcessSegmentResult summarises a stored segment.
type ProcessSegmentResult struct {
	SegmentID        string `json:"segment_id"`
	Status           string `json:"status"`
	DocumentType     string `json:"document_type"`
	ValidationResult string `json:"validation_result,omitempty"`
	Fraud            string `json:"fraud,omitempty"`
}

// FinishIntakeInput ends an intake: SUCCESS computes the rollups from the
// stored segments; FAILED records the error.
type FinishIntakeInput struct {
	AccountID    string `json:"account_id"`
	IntakeID     string `json:"intake_id"`
	Status       string `json:"status"`
	PageCount    *int   `json:"page_count,omitempty"`
	ErrorCode    string `json:"error_code,omitempty"`
	ErrorMessage string `json:"error_message,omitempty"`
}

// DocumentScanInput starts DocumentScanWorkflow.
type DocumentScanInput struct {
	ScanID     string `json:"scan_id"`
	AccountID  string `json:"account_id"`
	ExternalID string `json:"external_id"`
	FileKey    string `json:"file_key"`
	MimeType   string `json:"mime_type"`
}

// DocumentScanOutput is DocumentScanWorkflow's result.
type DocumentScanOutput struct {
	Status       string `json:"status"`
	DocumentType string `json:"document_type,omitempty"`
	ErrorCode    string `json:"error_code,omitempty"`
}

// ScanRef names a document scan.
type ScanRef struct {
	AccountID string `json:"account_id"`
	ScanID    string `json:"scan_id"`
}

// JudgeScanInput judges a scan's whole file as one document and stores it.
type JudgeScanInput struct {
	AccountID string   `json:"account_id"`
	ScanID    string   `json:"scan_id"`
	TextKeys  []string `json:"text_keys"`
	UploadPDF
}

// FinishScanInput records a scan's failure.
type FinishScanInput struct {
	AccountID    string `json:"account_id"`
	ScanID       string `json:"scan_id"`
	ErrorCode    string `json:"error_code"`
	ErrorMessage string `json:"error_message"`
}

// PurgeInput removes a deleted object's blobs.
type PurgeInput struct {
	Kind      string `json:"kind"`
	ID        string `json:"id"`
	AccountID string `json:"account_id"`
	FileID    string `json:"file_id"`
}

// PurgeResult reports what was removed.
type PurgeResult struct {
	Deleted int `json:"deleted"`
}

// RegistryCheckInput starts RegistryCheckWorkflow.
type RegistryCheckInput struct {
	SearchID   string `json:"search_id"`
	AccountID  string `json:"account_id"`
	ExternalID string `json:"external_id"`
	// Live lists the registries searched live (NSOPW), in request order.
	Live []string `json:"live,omitempty"`
}

// RegistryCheckOutput is RegistryCheckWorkflow's result.
type RegistryCheckOutput struct {
	SearchID string `json:"search_id"`
	// Results are the live registries' results, in Live's order.
	Results     []string `json:"results,omitempty"`
	Certificate bool     `json:"certificate"`
}

// LiveRegistryInput asks a live registry about a stored search's candidate.
type LiveRegistryInput struct {
	AccountID string `json:"account_id"`
	SearchID  string `json:"search_id"`
	Registry  string `json:"registry"`
}

// LiveRegistryResult is the stored result of a live registry.
type LiveRegistryResult struct {
	Result string `json:"result"`
}

// LiveFailureInput records a live registry as unavailable.
type LiveFailureInput struct {
	AccountID string `json:"account_id"`
	SearchID  string `json:"search_id"`
	Registry  string `json:"registry"`
	Reason    string `json:"reason"`
}

// RenderCertificateInput renders a search's certificate.
type RenderCertificateInput struct {
	AccountID string `json:"account_id"`
	SearchID  string `json:"search_id"`
}

// RenderCertificateResult says whether this call rendered it (false: it
// was already there).
type RenderCertificateResult struct {
	Rendered bool `json:"rendered"`
}

// RegistryRefreshInput names the bulk list to refresh.
type RegistryRefreshInput struct {
	Registry string `json:"registry"`
}

// RegistryRefreshOutput says what a refresh did: imported, unchanged or
// failed (with the reason).
type RegistryRefreshOutput struct {
	Registry string `json:"registry"`
	Outcome  string `json:"outcome"`
	Reason   string `json:"reason,omitempty"`
	ListID   string `json:"list_id,omitempty"`
	Records  int    `json:"records,omitempty"`
}

// ImportFailureInput records a refresh that did not import.
type ImportFailureInput struct {
	Registry  string    `json:"registry"`
	Reason    string    `json:"reason"`
	StartedAt time.Time `json:"started_at"`
}

// Jobs and placements: requirement ingestion.
const (
	ActBeginJobSync       = "BeginJobSync"
	ActFetchJob           = "FetchJobFromVMS"
	ActRecordSyncError    = "RecordSyncError"
	ActReconcileJob       = "ReconcileJob"
	ActEnsureJobSchedule  = "EnsureJobSyncSchedule"
	ActBeginPlacementSync = "BeginPlacementSync"
	ActFetchPlacement     = "FetchPlacementFromVMS"
	ActReconcilePlacement = "ReconcilePlacement"
	ActStartRowCheck      = "StartRequirementRegistryCheck"
	ActApplyRowCheck      = "ApplyRequirementRegistryCheck"
	ActSyncAgain          = "SyncAskedAgain"
	ActApplyIntake        = "ApplyIntakeToRequirements"
	ActExpireRequirements = "ExpireRequirements"
)

// Search attributes of jobs and placements.
const (
	SAJobID       = "JobId"
	SAPlacementID = "PlacementId"
	SAVMSType     = "VmsType"
)

// JobSyncWorkflowID is the workflow id of a job's sync.
func JobSyncWorkflowID(jobID string) string { return "job-sync/" + jobID }

// PlacementSyncWorkflowID is the workflow id of a placement's sync.
func PlacementSyncWorkflowID(placementID string) string { return "placement-sync/" + placementID }

// SignalSyncRequested asks a running job or placement sync to run again
// when it ends (the API sends it with signal-with-start).
const SignalSyncRequested = "sync-requested"

// RequirementExpiryScheduleID is the schedule of the daily expiry sweep.
const RequirementExpiryScheduleID = "requirement-expiry"

// JobSyncInput starts JobSyncWorkflow.
type JobSyncInput struct {
	AccountID string `json:"account_id"`
	JobID     string `json:"job_id"`
}

// JobSyncInfo is what a sync needs to know of its job.
type JobSyncInfo struct {
	VMSType string `json:"vms_type"`
	// FetchVMS: the integration reads the job's requirements from its VMS.
	FetchVMS bool `json:"fetch_vms"`
	// SyncEvery is how often an ACTIVE job syncs again.
	SyncEvery time.Duration `json:"sync_every"`
}

// FetchResult is what a VMS answered.
type FetchResult struct {
	Status string `json:"status,omitempty"`
	Items  int    `json:"items"`
}

// SyncErrorInput records why a sync could not read a source.
type SyncErrorInput struct {
	Kind      string `json:"kind"`
	AccountID string `json:"account_id"`
	ID        string `json:"id"`
	Reason    string `json:"reason"`
}

// ReconcileJobResult is a job's reconciled template.
type ReconcileJobResult struct {
	Status     string   `json:"status"`
	Rows       int      `json:"rows"`
	Unmapped   int      `json:"unmapped"`
	Conflicts  int      `json:"conflicts"`
	Placements []string `json:"placements,omitempty"`
}

// JobScheduleInput keeps a job's sync schedule in step with its status.
type JobScheduleInput struct {
	AccountID string        `json:"account_id"`
	JobID     string        `json:"job_id"`
	Active    bool          `json:"active"`
	Every     time.Duration `json:"every"`
}

// SyncAgainInput asks whether a sync was asked for again after since.
type SyncAgainInput struct {
	Kind      string    `json:"kind"`
	AccountID string    `json:"account_id"`
	ID        string    `json:"id"`
	Since     time.Time `json:"since"`
}

// JobSyncOutput is JobSyncWorkflow's result.
type JobSyncOutput struct {
	ReconcileJobResult
	SyncError string `json:"sync_error,omitempty"`
}

// PlacementSyncInput starts PlacementSyncWorkflow.
type PlacementSyncInput struct {
	AccountID   string `json:"account_id"`
	PlacementID string `json:"placement_id"`
}

// PlacementSyncInfo is what a sync needs to know of its placement.
type PlacementSyncInfo struct {
	FetchVMS bool `json:"fetch_vms"`
	// The placement's job, candidate and integration, for operators'
	// searches.
	JobID      string `json:"job_id"`
	ExternalID string `json:"external_id"`
	VMSType    string `json:"vms_type"`
}

// RowRef names a requirement row of a placement.
type RowRef struct {
	AccountID   string `json:"account_id"`
	PlacementID string `json:"placement_id"`
	RowID       string `json:"row_id"`
}

// ReconcilePlacementResult is a placement's rows after a sync.
type ReconcilePlacementResult struct {
	Rows    int `json:"rows"`
	Changes int `json:"changes"`
	// Checks are the registry rows whose check is to run.
	Checks []RowRef `json:"checks,omitempty"`
}

// RowCheckStarted is a registry check started for a row.
type RowCheckStarted struct {
	SearchID   string   `json:"search_id,omitempty"`
	Live       []string `json:"live,omitempty"`
	ExternalID string   `json:"external_id,omitempty"`
}

// ApplyRowCheckInput applies a finished check to its row.
type ApplyRowCheckInput struct {
	RowRef
	SearchID string `json:"search_id"`
}

// PlacementSyncOutput is PlacementSyncWorkflow's result.
type PlacementSyncOutput struct {
	Rows      int    `json:"rows"`
	Changes   int    `json:"changes"`
	Checks    int    `json:"checks"`
	SyncError string `json:"sync_error,omitempty"`
}

// ApplyIntakeInput judges a finished intake against the requirement rows
// it was uploaded for.
type ApplyIntakeInput struct {
	AccountID string `json:"account_id"`
	IntakeID  string `json:"intake_id"`
}

// ApplyIntakeResult counts the rows the intake moved.
type ApplyIntakeResult struct {
	Fulfilled int `json:"fulfilled"`
	Rejected  int `json:"rejected"`
}

// ExpiryInput starts an expiry sweep (as of the day it runs).
type ExpiryInput struct{}

// ExpiryResult counts the rows the sweep expired.
type ExpiryResult struct {
	Expired int `json:"expired"`
}
