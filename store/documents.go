package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/lifecycle"
)

// CreateDocumentScan stores a new PENDING scan with its PENDING task and,
// when new, its file.
func (s *Store) CreateDocumentScan(ctx context.Context, d *DocumentScan, newFile *File) error {
	d.ScanStatus = lifecycle.DocumentScan.Initial
	d.TaskStatus = lifecycle.ScanTask.Initial
	return s.tx(ctx, func(tx *gorm.DB) error {
		if err := insertUpload(tx, d.AccountID, d.ExternalID.String(), newFile, d); err != nil {
			return err
		}
		return audit(tx, d.AccountID, "document_scan", d.ID.String(), "", d.ScanStatus, "created")
	})
}

// DocumentScan returns a scan of the account with its file; a deleted scan
// is returned as its tombstone.
func (s *Store) DocumentScan(ctx context.Context, accountID string, id uuid.UUID) (*DocumentScan, error) {
	db := s.db.WithContext(ctx)
	d, err := take[DocumentScan](db, accountID, id)
	if err != nil {
		return nil, s.fail(err)
	}
	if d.File, err = takeByID[File](db, d.FileID); err != nil {
		return nil, s.fail(err)
	}
	if d.User, err = takeOne[ExternalUser](db.Where("account_id = ? AND external_id = ?", accountID, d.ExternalID.String())); err != nil {
		return nil, s.fail(err)
	}
	return d, nil
}

// LiveDocumentScan returns a scan that is not deleted, for processing.
func (s *Store) LiveDocumentScan(ctx context.Context, accountID string, id uuid.UUID) (*DocumentScan, error) {
	d, err := takeLive[DocumentScan](s.db.WithContext(ctx), accountID, id)
	return d, s.fail(err)
}

func lockLiveScan(tx *gorm.DB, accountID string, id uuid.UUID) (*DocumentScan, error) {
	return takeLive[DocumentScan](tx.Clauses(clause.Locking{Strength: "UPDATE"}), accountID, id)
}

// StartDocumentScan moves a scan and its task to IN_PROGRESS.
func (s *Store) StartDocumentScan(ctx context.Context, accountID string, id uuid.UUID) error {
	return s.tx(ctx, func(tx *gorm.DB) error {
		d, err := lockLiveScan(tx, accountID, id)
		if err != nil {
			return err
		}
		if d.ScanStatus != lifecycle.DocumentScan.Initial {
			return nil // a retry after the move already happened
		}
		if err := lifecycle.DocumentScan.Check(d.ScanStatus, "IN_PROGRESS"); err != nil {
			return err
		}
		now := time.Now().UTC().Truncate(time.Microsecond)
		if err := tx.Model(&DocumentScan{}).Where("id = ?", id).Updates(map[string]any{
			"scan_status": "IN_PROGRESS", "task_status": "IN_PROGRESS", "task_started_at": now, "updated_at": now,
		}).Error; err != nil {
			return err
		}
		return audit(tx, accountID, "document_scan", id.String(), d.ScanStatus, "IN_PROGRESS", "processing started")
	})
}

// ScanOutcome is the final state of a document scan.
type ScanOutcome struct {
	Status           string
	DocumentType     *string
	ValidationResult *string
	Fields           JSON
	Validations      JSON
	Fraud            JSON
	TaskResult       JSON
	TaskError        string
}

// FinishDocumentScan moves a scan to SUCCESS or FAILED and its task to
// COMPLETED or FAILED. Finishing twice with the same status is a no-op.
func (s *Store) FinishDocumentScan(ctx context.Context, accountID string, id uuid.UUID, out ScanOutcome) error {
	return s.tx(ctx, func(tx *gorm.DB) error {
		d, err := lockLiveScan(tx, accountID, id)
		if err != nil {
			return err
		}
		if d.ScanStatus == out.Status {
			return nil
		}
		if err := lifecycle.DocumentScan.Check(d.ScanStatus, out.Status); err != nil {
			return err
		}
		taskStatus := lifecycle.TaskStatusFor(out.Status)
		if err := lifecycle.ScanTask.Check(d.TaskStatus, taskStatus); err != nil {
			return err
		}
		now := time.Now().UTC().Truncate(time.Microsecond)
		upd := map[string]any{
			"scan_status": out.Status, "task_status": taskStatus, "task_completed_at": now, "updated_at": now,
			"document_type": out.DocumentType, "validation_result": out.ValidationResult,
			"fields": out.Fields, "validations": out.Validations, "fraud": out.Fraud, "task_result": out.TaskResult,
		}
		if d.TaskStartedAt == nil {
			upd["task_started_at"] = now
		}
		if out.TaskError != "" {
			upd["task_error"] = out.TaskError
		}
		if err := tx.Model(&DocumentScan{}).Where("id = ?", id).Updates(upd).Error; err != nil {
			return err
		}
		return audit(tx, accountID, "document_scan", id.String(), d.ScanStatus, out.Status, out.TaskError)
	})
}

// DeleteDocumentScan marks a scan deleted, erases its context and extracted
// data and returns the tombstone; a second delete returns the same one.
func (s *Store) DeleteDocumentScan(ctx context.Context, accountID string, id uuid.UUID) (tomb *DocumentScan, first bool, err error) {
	var d DocumentScan
	first, err = s.tombstone(ctx, &d, tombstoneOf{
		table: "document_scans", subject: "document_scan", accountID: accountID, id: id,
		erase: []string{"context", "fields", "validations", "fraud", "task_result"},
	})
	if err != nil {
		return nil, false, err
	}
	return &d, first, nil
}

// DocumentScanVersion returns a scan's version; another account's scan is
// not found.
func (s *Store) DocumentScanVersion(ctx context.Context, accountID string, id uuid.UUID) (Version, error) {
	return s.version(ctx, "document_scans", accountID, id)
}
