package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// tombstoneOf names the row a delete turns into a tombstone.
type tombstoneOf struct {
	table, subject string
	accountID      string
	id             uuid.UUID
	// erase are the columns that held the candidate's data.
	erase []string
	// also deletes rows that hang off the object, in the same transaction.
	also func(tx *gorm.DB) error
}

// tombstone marks a live intake or document scan deleted, erases its
// candidate data, records the transition, and loads what is left into row.
// Deleting a deleted row loads the same tombstone; first reports whether
// this call did the delete. Another account's row is not found.
func (s *Store) tombstone(ctx context.Context, row any, t tombstoneOf) (first bool, err error) {
	err = s.tx(ctx, func(tx *gorm.DB) error {
		var cur struct {
			ScanStatus string
			DeletedAt  *time.Time
		}
		if err := tx.Table(t.table).Clauses(clause.Locking{Strength: "UPDATE"}).Select("scan_status", "deleted_at").
			Where("account_id = ? AND id = ?", t.accountID, t.id).Take(&cur).Error; err != nil {
			return err
		}
		if cur.DeletedAt == nil {
			if t.also != nil {
				if err := t.also(tx); err != nil {
					return err
				}
			}
			now := time.Now().UTC().Truncate(time.Microsecond)
			upd := map[string]any{"deleted_at": now, "updated_at": now}
			for _, col := range t.erase {
				upd[col] = nil
			}
			if err := tx.Table(t.table).Where("id = ?", t.id).Updates(upd).Error; err != nil {
				return err
			}
			if err := audit(tx, t.accountID, t.subject, t.id.String(), cur.ScanStatus, "DELETED", "deleted by client"); err != nil {
				return err
			}
			first = true
		}
		return tx.Table(t.table).Where("id = ?", t.id).Take(row).Error
	})
	return first, err
}

// Version is what changes whenever the view of an intake or a document
// scan changes once it is terminal (every later change sets updated_at):
// callers that cache a rendered object compare it with this.
type Version struct {
	ScanStatus string
	UpdatedAt  *time.Time
	DeletedAt  *time.Time
}

func (s *Store) version(ctx context.Context, table, accountID string, id uuid.UUID) (Version, error) {
	var v Version
	err := s.db.WithContext(ctx).Table(table).Select("scan_status", "updated_at", "deleted_at").
		Where("account_id = ? AND id = ?", accountID, id).Take(&v).Error
	return v, s.fail(err)
}

// Deleted is what a delete of an intake or a document scan answers with,
// and what its purge needs.
type Deleted struct {
	AccountID string
	FileID    uuid.UUID
	DeletedAt time.Time
	// Purged is set once the object's files are gone.
	Purged bool
}

// Version is the intake's cache version.
func (in *Intake) Version() Version {
	return Version{ScanStatus: in.ScanStatus, UpdatedAt: in.UpdatedAt, DeletedAt: in.DeletedAt}
}

// Version is the scan's cache version.
func (d *DocumentScan) Version() Version {
	updated := d.UpdatedAt
	return Version{ScanStatus: d.ScanStatus, UpdatedAt: &updated, DeletedAt: d.DeletedAt}
}

// Deleted is what deleting the intake answered; in must be a tombstone.
func (in *Intake) Deleted() Deleted {
	return Deleted{AccountID: in.AccountID, FileID: in.FileID, DeletedAt: *in.DeletedAt, Purged: in.PurgedAt != nil}
}

// Deleted is what deleting the scan answered; d must be a tombstone.
func (d *DocumentScan) Deleted() Deleted {
	return Deleted{AccountID: d.AccountID, FileID: d.FileID, DeletedAt: *d.DeletedAt, Purged: d.PurgedAt != nil}
}
