// Package activities does the I/O of the workflows: reading uploads from
// blob storage, running the document engine (package pipeline) on them and
// storing what it decides. Each activity is a method on Activities, takes
// and returns the named structs of package workflows, and passes blob keys,
// never file bytes.
package activities

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"

	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/registrycheck"
	"github.com/clearedtostart/compliance/statements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// Blobs is the blob storage the activities use.
type Blobs interface {
	Get(ctx context.Context, key string) ([]byte, error)
	PutBytes(ctx context.Context, key string, b []byte, contentType string) error
	Delete(ctx context.Context, key string) error
	DeletePrefix(ctx context.Context, prefix string) (int, error)
}

// Store is the database the activities use.
type Store interface {
	intakeStore
	scanStore
	fileStore
	registryCheckStore
	registryListStore
	jobStore
	placementStore
	statementStore
	packetStore
	fraudStore
}

// Config configures New.
type Config struct {
	Store  Store
	Blobs  Blobs
	Engine *pipeline.Engine
	Logger *slog.Logger
	// Today returns the day documents are judged on (default: today, UTC).
	Today func() time.Time
	// CacheDir keeps downloaded PDFs for the pages of one upload, which
	// several activities read (default: a new folder in the OS temp dir).
	// It is this process's own: Close removes it and the cache evicts
	// files in it, so no two workers may share one.
	CacheDir string
	// Live searches the live registry (NSOPW); nil leaves live searches
	// failing as unavailable.
	Live LiveSearcher
	// Registries says where bulk lists are refreshed from.
	Registries RegistrySources
	// Indexes are the bulk lists in memory, for the registry checks of
	// placements' rows (nil: those checks fail until configured).
	Indexes *registrycheck.Indexes
	// Bucket names the blob store in attestations.
	Bucket string
	// Integrations are the VMS integrations and their connectors.
	Integrations Integrations
	// Schedules keeps jobs' sync schedules (nil: none are kept).
	Schedules Schedules
	// TaskQueue is the queue scheduled syncs run on.
	TaskQueue string
	// Statements renders statements and packets' cover sheets (nil: those
	// fail until configured).
	Statements *statements.Renderer
	// PrimarySources are the primary sources documents are checked at
	// when a request asks for source validation (a nil one: its checks
	// are skipped as unavailable).
	PrimarySources PrimarySources
}

// Activities holds the activities' dependencies.
type Activities struct {
	store   Store
	blobs   Blobs
	engine  *pipeline.Engine
	log     *slog.Logger
	today   func() time.Time
	pdfs    *pdfCache
	live    LiveSearcher
	sources RegistrySources

	indexes      *registrycheck.Indexes
	bucket       string
	integrations Integrations
	schedules    Schedules
	taskQueue    string
	statements   *statements.Renderer
	primary      PrimarySources
}

// New builds the activities.
func New(cfg Config) (*Activities, error) {
	if cfg.Store == nil || cfg.Blobs == nil || cfg.Engine == nil {
		return nil, errors.New("activities: store, blobs and engine are required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Today == nil {
		cfg.Today = func() time.Time { return time.Now().UTC().Truncate(24 * time.Hour) }
	}
	if cfg.Registries.HTTP == nil {
		cfg.Registries.HTTP = &http.Client{Timeout: 5 * time.Minute}
	}
	cache, err := newPDFCache(cfg.CacheDir, 32)
	if err != nil {
		return nil, err
	}
	return &Activities{store: cfg.Store, blobs: cfg.Blobs, engine: cfg.Engine, log: cfg.Logger, today: cfg.Today, pdfs: cache,
		live: cfg.Live, sources: cfg.Registries, indexes: cfg.Indexes, bucket: cfg.Bucket, integrations: cfg.Integrations,
		schedules: cfg.Schedules, taskQueue: cfg.TaskQueue, statements: cfg.Statements, primary: cfg.PrimarySources}, nil
}

// Close removes the local cache of downloaded files.
func (a *Activities) Close() error { return os.RemoveAll(a.pdfs.dir) }

// Register registers the activities of the main task queue.
func (a *Activities) Register(r worker.ActivityRegistry) {
	reg := func(fn any, name string) { r.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name}) }
	reg(a.Analyze, workflows.ActAnalyze)
	reg(a.Split, workflows.ActSplit)
	reg(a.RecordSplit, workflows.ActRecordSplit)
	reg(a.ProcessSegment, workflows.ActProcessSegment)
	reg(a.ProcessSegments, workflows.ActProcessSegments)
	reg(a.FinishIntake, workflows.ActFinishIntake)
	reg(a.CheckFraudHistory, workflows.ActCheckFraudHistory)
	reg(a.StartScan, workflows.ActStartScan)
	reg(a.JudgeScan, workflows.ActJudgeScan)
	reg(a.FinishScan, workflows.ActFinishScan)
	reg(a.Purge, workflows.ActPurge)
	reg(a.QueryLiveRegistry, workflows.ActQueryLiveRegistry)
	reg(a.RecordLiveFailure, workflows.ActRecordLiveFailure)
	reg(a.RenderCertificate, workflows.ActRenderCertificate)
	reg(a.RefreshRegistry, workflows.ActRefreshRegistry)
	reg(a.RecordImportFailure, workflows.ActRecordImportFailure)
	reg(a.BeginJobSync, workflows.ActBeginJobSync)
	reg(a.FetchJob, workflows.ActFetchJob)
	reg(a.RecordSyncError, workflows.ActRecordSyncError)
	reg(a.ReconcileJob, workflows.ActReconcileJob)
	reg(a.EnsureJobSchedule, workflows.ActEnsureJobSchedule)
	reg(a.SyncAgain, workflows.ActSyncAgain)
	reg(a.ExpireRequirements, workflows.ActExpireRequirements)
	reg(a.BeginPlacementSync, workflows.ActBeginPlacementSync)
	reg(a.FetchPlacement, workflows.ActFetchPlacement)
	reg(a.ReconcilePlacement, workflows.ActReconcilePlacement)
	reg(a.StartRowCheck, workflows.ActStartRowCheck)
	reg(a.ApplyRowCheck, workflows.ActApplyRowCheck)
	reg(a.ApplyIntake, workflows.ActApplyIntake)
	reg(a.RenderStatement, workflows.ActRenderStatement)
	reg(a.FailStatement, workflows.ActFailStatement)
	reg(a.EnsureRowStatements, workflows.ActEnsureRowStatements)
	reg(a.CompilePacket, workflows.ActCompilePacket)
	reg(a.UploadPacket, workflows.ActUploadPacket)
	reg(a.FinishUpload, workflows.ActFinishUpload)
}

// RegisterOCR registers the activities of the OCR task queue.
func (a *Activities) RegisterOCR(r worker.ActivityRegistry) {
	r.RegisterActivityWithOptions(a.OCRPage, activity.RegisterOptions{Name: workflows.ActOCRPage})
}

// classify turns an error into what Temporal should do with it: a file
// problem or a deleted object is final; anything else is retried.
func classify(err error) error {
	if err == nil {
		return nil
	}
	if code, msg, ok := pipeline.ErrorCode(err); ok {
		return temporal.NewNonRetryableApplicationError(msg, workflows.ErrBadFile, err, workflows.FileProblem{Code: code, Message: msg})
	}
	if derrors.Is(err, derrors.NotFound) || errors.Is(err, blobstore.ErrNotFound) {
		return temporal.NewNonRetryableApplicationError("the object was deleted", workflows.ErrGone, err)
	}
	return err
}

// parseID reads an id of an activity input. A malformed id is the
// caller's bug, not a passing fault: it fails at once instead of being
// retried.
func parseID(field, text string) (uuid.UUID, error) {
	id, err := uuid.Parse(text)
	if err != nil {
		return uuid.Nil, temporal.NewNonRetryableApplicationError(
			fmt.Sprintf("%s %q is not a UUID", field, text), workflows.ErrBadInput, err)
	}
	return id, nil
}

// lookup reads the live object an activity input names: id is its id's text,
// field the id's name for the error. A malformed id fails at once; a
// deleted object is ErrGone.
func lookup[T any](ctx context.Context, get func(context.Context, string, uuid.UUID) (T, error), accountID, field, id string) (uuid.UUID, T, error) {
	var zero T
	uid, err := parseID(field, id)
	if err != nil {
		return uid, zero, err
	}
	obj, err := get(ctx, accountID, uid)
	if err != nil {
		return uid, zero, classify(err)
	}
	return uid, obj, nil
}

// judgeInput is what judging a document of the account starts from: the
// candidate of the stored context (also returned, decoded), today, the
// account's fraud settings and the file.
func (a *Activities) judgeInput(ctx context.Context, accountID string, storedContext []byte, what string, file workflows.UploadPDF) (pipeline.JudgeInput, store.IntakeContext, error) {
	var c store.IntakeContext
	settings, err := a.store.FraudSettings(ctx, accountID)
	if err != nil {
		return pipeline.JudgeInput{}, c, classify(err)
	}
	if err := decodeStored(storedContext, &c, what); err != nil {
		return pipeline.JudgeInput{}, c, err
	}
	return pipeline.JudgeInput{
		Candidate: candidate(c), AsOf: a.today(),
		Fraud: pipeline.FraudSettings{Enabled: settings.Enabled, Sensitivity: settings.Sensitivity},
		File:  file.Info, FromImage: file.FromImage,
	}, c, nil
}

// decodeStored decodes a JSON column written by this service. Empty is
// the zero value; anything that does not decode is corrupt data that no
// retry mends, so it fails the activity at once and loudly.
func decodeStored(raw []byte, v any, what string) error {
	if len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return temporal.NewNonRetryableApplicationError(
			fmt.Sprintf("stored %s does not decode", what), workflows.ErrBadInput, err)
	}
	return nil
}

// heartbeat reports liveness every 3 s until stop is called. The
// workflows give long activities a heartbeat timeout of 15-20 s, so a
// killed worker's activity is retried elsewhere within it instead of
// after its whole start-to-close timeout.
func heartbeat(ctx context.Context) (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(3 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				activity.RecordHeartbeat(ctx)
			}
		}
	}()
	return func() { close(done) }
}

// partyError turns an outside party's failure (a VMS, a live registry) as
// its connector classed it into what the workflow retries: the connector's
// reason (else fallback) as the message; retried as unavailableType, the
// next attempt after the party's Retry-After when it sent one (0 keeps the
// policy's backoff); else refused, not retried. A cancelled call stays
// itself.
func partyError(err error, reason, fallback string, retryable bool, retryAfter time.Duration, unavailableType, refusedType string) error {
	if errors.Is(err, context.Canceled) {
		return err
	}
	if reason == "" {
		reason = fallback
	}
	if !retryable {
		return temporal.NewNonRetryableApplicationError(reason, refusedType, err)
	}
	return temporal.NewApplicationErrorWithOptions(reason, unavailableType, temporal.ApplicationErrorOptions{Cause: err, NextRetryDelay: retryAfter})
}
