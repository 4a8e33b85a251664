package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/lifecycle"
)

// File returns a live file of the account.
func (s *Store) File(ctx context.Context, accountID string, id uuid.UUID) (*File, error) {
	f, err := takeLive[File](s.db.WithContext(ctx), accountID, id)
	return f, s.fail(err)
}

// CreateIntake stores a new PENDING intake, with its file when the file is
// new (nil when the intake reuses a stored file), in one transaction.
func (s *Store) CreateIntake(ctx context.Context, in *Intake, newFile *File) error {
	in.ScanStatus = lifecycle.IntakeScan.Initial
	return s.tx(ctx, func(tx *gorm.DB) error {
		if err := insertUpload(tx, in.AccountID, in.ExternalID, newFile, in); err != nil {
			return err
		}
		return audit(tx, in.AccountID, "intake", in.ID.String(), "", in.ScanStatus, "created")
	})
}

// insertUpload inserts an intake or a document scan (row) in tx, after its
// candidate's external user and its file when the file is new (nil when the
// row reuses a stored file).
func insertUpload(tx *gorm.DB, accountID, externalID string, newFile *File, row any) error {
	if err := touchExternalUser(tx, accountID, externalID); err != nil {
		return err
	}
	if newFile != nil {
		if err := tx.Create(newFile).Error; err != nil {
			return err
		}
	}
	return tx.Create(row).Error
}

// Intake returns an intake of the account with its file and segments in
// index order. A deleted intake is returned too (as its tombstone), with no
// segments.
func (s *Store) Intake(ctx context.Context, accountID string, id uuid.UUID) (*Intake, []Segment, error) {
	var (
		in   *Intake
		segs []Segment
	)
	// One snapshot: the worker writes segments and the intake's status
	// together, and a poll must not see one without the other.
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if in, err = take[Intake](tx, accountID, id); err != nil {
			return err
		}
		if in.File, err = takeByID[File](tx, in.FileID); err != nil {
			return err
		}
		if in.DeletedAt == nil {
			return tx.Where("intake_id = ?", id).Order("idx").Find(&segs).Error
		}
		return nil
	}, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return nil, nil, s.fail(err)
	}
	return in, segs, nil
}

// LiveIntake returns an intake that is not deleted, for processing.
func (s *Store) LiveIntake(ctx context.Context, accountID string, id uuid.UUID) (*Intake, error) {
	in, err := takeLive[Intake](s.db.WithContext(ctx), accountID, id)
	return in, s.fail(err)
}

// Segment returns one segment of a live intake of the account.
func (s *Store) Segment(ctx context.Context, accountID string, intakeID, segmentID uuid.UUID) (*Segment, error) {
	var seg Segment
	err := s.db.WithContext(ctx).
		Where("account_id = ? AND intake_id = ? AND id = ?", accountID, intakeID, segmentID).
		Where("EXISTS (SELECT 1 FROM intakes i WHERE i.id = segments.intake_id AND i.deleted_at IS NULL)").
		Take(&seg).Error
	if err != nil {
		return nil, s.fail(err)
	}
	return &seg, nil
}

// Segments returns the segments of a live intake in index order.
// Callers read the intake itself first (LiveIntake), so a deleted intake
// simply has no segments here.
func (s *Store) Segments(ctx context.Context, accountID string, intakeID uuid.UUID) ([]Segment, error) {
	var segs []Segment
	err := s.db.WithContext(ctx).Where("account_id = ? AND intake_id = ?", accountID, intakeID).
		Where("EXISTS (SELECT 1 FROM intakes i WHERE i.id = segments.intake_id AND i.deleted_at IS NULL)").
		Order("idx").Find(&segs).Error
	if err != nil {
		return nil, s.fail(err)
	}
	return segs, nil
}

// lockLiveIntake locks an intake row for a state change; a deleted intake is
// not found, so processing that outlives a delete changes nothing.
func lockLiveIntake(tx *gorm.DB, accountID string, id uuid.UUID) (*Intake, error) {
	return lockLive(tx, accountID, id, "UPDATE")
}

// shareLiveIntake holds off a delete of the intake while its segments are
// written, without serialising the segments of one intake among themselves.
func shareLiveIntake(tx *gorm.DB, accountID string, id uuid.UUID) (*Intake, error) {
	return lockLive(tx, accountID, id, "SHARE")
}

func lockLive(tx *gorm.DB, accountID string, id uuid.UUID, strength string) (*Intake, error) {
	return takeLive[Intake](tx.Clauses(clause.Locking{Strength: strength}), accountID, id)
}

// SplitSegment is one page range decided by the split.
type SplitSegment struct {
	ID        uuid.UUID
	Index     int
	PageStart int
	PageEnd   int
}

// RecordSplit stores the page count and the segments as PENDING. Repeating
// it (an activity retry) changes nothing.
func (s *Store) RecordSplit(ctx context.Context, accountID string, intakeID uuid.UUID, pageCount int, segs []SplitSegment) error {
	return s.tx(ctx, func(tx *gorm.DB) error {
		if _, err := lockLiveIntake(tx, accountID, intakeID); err != nil {
			return err
		}
		now := time.Now().UTC().Truncate(time.Microsecond)
		if err := tx.Model(&Intake{}).Where("id = ?", intakeID).
			Updates(map[string]any{"page_count": pageCount, "split_done": true, "updated_at": now}).Error; err != nil {
			return err
		}
		rows := make([]Segment, 0, len(segs))
		for _, sg := range segs {
			start, end := sg.PageStart, sg.PageEnd
			rows = append(rows, Segment{
				ID: sg.ID, AccountID: accountID, IntakeID: intakeID, Index: sg.Index,
				PageStart: &start, PageEnd: &end, ScanStatus: lifecycle.SegmentScan.Initial, CreatedAt: now,
			})
		}
		if len(rows) == 0 {
			return nil
		}
		// A segment already judged keeps its result; the split only adds
		// what it decides (the page range).
		return tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "id"}},
			DoUpdates: clause.AssignmentColumns([]string{"page_start", "page_end"}),
		}).Create(&rows).Error
	})
}

// SaveSegments stores processed segments (SUCCESS or FAILED) in one
// transaction, whether or not RecordSplit has run yet: the two run in
// parallel. Storing the same result again (a retried batch) changes
// nothing.
func (s *Store) SaveSegments(ctx context.Context, segs []*Segment) error {
	if len(segs) == 0 {
		return nil
	}
	return s.tx(ctx, func(tx *gorm.DB) error {
		if _, err := shareLiveIntake(tx, segs[0].AccountID, segs[0].IntakeID); err != nil {
			return err
		}
		ids := make([]uuid.UUID, len(segs))
		for i, seg := range segs {
			if seg.AccountID != segs[0].AccountID || seg.IntakeID != segs[0].IntakeID {
				return errors.New("store: a batch of segments spans intakes")
			}
			ids[i] = seg.ID
		}
		var prev []Segment
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Select("id", "scan_status", "created_at").
			Where("id IN ?", ids).Find(&prev).Error; err != nil {
			return err
		}
		before := make(map[uuid.UUID]Segment, len(prev))
		for _, p := range prev {
			before[p.ID] = p
		}
		now := time.Now().UTC().Truncate(time.Microsecond)
		for _, seg := range segs {
			from := lifecycle.SegmentScan.Initial
			seg.CreatedAt = now
			if p, ok := before[seg.ID]; ok {
				from, seg.CreatedAt = p.ScanStatus, p.CreatedAt
			}
			if err := lifecycle.SegmentScan.Check(from, seg.ScanStatus); err != nil {
				return err
			}
			seg.UpdatedAt = &now
			if from != seg.ScanStatus {
				if err := audit(tx, seg.AccountID, "segment", seg.ID.String(), from, seg.ScanStatus, "processed"); err != nil {
					return err
				}
			}
		}
		return tx.Clauses(clause.OnConflict{UpdateAll: true}).Create(&segs).Error
	})
}

// IntakeOutcome is the final state of an intake's processing.
type IntakeOutcome struct {
	Status       string
	PageCount    *int
	Validation   JSON
	Fraud        JSON
	ErrorCode    string
	ErrorMessage string
}

// FinishIntake moves a live intake to SUCCESS or FAILED with its rollups.
// Finishing again with the same status is a no-op (activity retries).
func (s *Store) FinishIntake(ctx context.Context, accountID string, id uuid.UUID, out IntakeOutcome) error {
	return s.tx(ctx, func(tx *gorm.DB) error {
		in, err := lockLiveIntake(tx, accountID, id)
		if err != nil {
			return err
		}
		if err := lifecycle.IntakeScan.Check(in.ScanStatus, out.Status); err != nil {
			return err
		}
		if in.ScanStatus == out.Status {
			return nil
		}
		upd := map[string]any{
			"scan_status": out.Status, "validation": out.Validation, "fraud": out.Fraud,
			"updated_at": time.Now().UTC(),
		}
		if out.PageCount != nil {
			upd["page_count"] = *out.PageCount
		}
		if out.ErrorCode != "" {
			upd["error_code"], upd["error_message"] = out.ErrorCode, out.ErrorMessage
		}
		if err := tx.Model(&Intake{}).Where("id = ?", id).Updates(upd).Error; err != nil {
			return err
		}
		return audit(tx, accountID, "intake", id.String(), in.ScanStatus, out.Status, out.ErrorCode)
	})
}

// DeleteIntake marks an intake deleted, erases what it held about the
// candidate (context, validation, segments and their fields), invalidates
// the requirement rows its documents fulfilled, and returns the tombstone. Deleting a deleted intake returns the same tombstone;
// first reports whether this call did the delete.
func (s *Store) DeleteIntake(ctx context.Context, accountID string, id uuid.UUID) (tomb *Intake, first bool, err error) {
	var in Intake
	first, err = s.tombstone(ctx, &in, tombstoneOf{
		table: "intakes", subject: "intake", accountID: accountID, id: id,
		erase: []string{"context", "validation"},
		also: func(tx *gorm.DB) error {
			// The requirement rows its documents fulfilled lose their
			// evidence with them.
			var segs []string
			if err := tx.Model(&Segment{}).Where("intake_id = ?", id).Pluck("id::text", &segs).Error; err != nil {
				return err
			}
			if err := invalidateEvidence(tx, EvidenceSegment, segs, "the document was deleted"); err != nil {
				return err
			}
			return tx.Where("intake_id = ?", id).Delete(&Segment{}).Error
		},
	})
	if err != nil {
		return nil, false, err
	}
	return &in, first, nil
}

// ReleaseFile marks a file deleted when no live intake or document scan
// uses it any more and returns its blob key for removal; it returns "" while
// the file is still in use. A released file's key is returned again, so a
// purge that died between this call and removing the blob finishes it.
func (s *Store) ReleaseFile(ctx context.Context, accountID string, fileID uuid.UUID) (string, error) {
	var key string
	err := s.tx(ctx, func(tx *gorm.DB) error {
		var f File
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("account_id = ? AND id = ?", accountID, fileID).Take(&f).Error; err != nil {
			return err
		}
		var users int64
		if err := tx.Raw(`SELECT (SELECT count(*) FROM intakes WHERE file_id = ? AND deleted_at IS NULL)
			+ (SELECT count(*) FROM document_scans WHERE file_id = ? AND deleted_at IS NULL)`, fileID, fileID).
			Scan(&users).Error; err != nil {
			return err
		}
		if users > 0 {
			return nil
		}
		key = f.BlobKey
		if f.DeletedAt != nil {
			return nil
		}
		return tx.Model(&File{}).Where("id = ?", fileID).Update("deleted_at", time.Now().UTC()).Error
	})
	return key, err
}

// IntakeVersion returns an intake's version; another account's intake is
// not found.
func (s *Store) IntakeVersion(ctx context.Context, accountID string, id uuid.UUID) (Version, error) {
	return s.version(ctx, "intakes", accountID, id)
}
