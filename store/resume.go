package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Object kinds known to the resumer.
const (
	KindIntake       = "intake"
	KindDocumentScan = "document_scan"
)

func tableOf(kind string) (string, error) {
	switch kind {
	case KindIntake:
		return "intakes", nil
	case KindDocumentScan:
		return "document_scans", nil
	case KindRegistryCheck:
		return "registry_searches", nil
	case KindStatement:
		return "statements", nil
	}
	return "", fmt.Errorf("store: unknown kind %q", kind)
}

// touchExternalUser records that the caller's person exists, inside tx.
func touchExternalUser(tx *gorm.DB, accountID, externalID string) error {
	now := time.Now().UTC().Truncate(time.Microsecond)
	return tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "account_id"}, {Name: "external_id"}},
		DoUpdates: clause.Assignments(map[string]any{"updated_at": now}),
	}).Create(&ExternalUser{AccountID: accountID, ExternalID: externalID, CreatedAt: now, UpdatedAt: now}).Error
}

// MarkWorkflowStarted records that Temporal has the object's workflow.
func (s *Store) MarkWorkflowStarted(ctx context.Context, kind string, id uuid.UUID) error {
	return s.stamp(ctx, kind, id, "workflow_started_at IS NULL", "workflow_started_at")
}

// MarkPurged records that a deleted object's files are gone.
func (s *Store) MarkPurged(ctx context.Context, kind string, id uuid.UUID) error {
	return s.stamp(ctx, kind, id, "deleted_at IS NOT NULL", "purged_at")
}

// stamp sets column to now on an object of the kind while cond holds.
func (s *Store) stamp(ctx context.Context, kind string, id uuid.UUID, cond, column string) error {
	table, err := tableOf(kind)
	if err != nil {
		return err
	}
	return s.fail(s.db.WithContext(ctx).Table(table).Where("id = ? AND "+cond, id).
		Update(column, time.Now().UTC()).Error)
}

// Stalled is an object whose workflow must be (re)started.
type Stalled struct {
	Kind       string
	ID         uuid.UUID
	AccountID  string
	ExternalID string
	FileID     uuid.UUID
	FileKey    string
	MimeType   string
	// Validate is an intake's validate options (nil for a document scan).
	Validate JSON
}

// Unstarted lists live objects created before cutoff whose workflow was
// never confirmed started. (Registry checks have an outbox of their own:
// ClaimUnstartedChecks.)
func (s *Store) Unstarted(ctx context.Context, cutoff time.Time, limit int) ([]Stalled, error) {
	return s.stalled(ctx, func(q *gorm.DB) *gorm.DB {
		// to_jsonb reads validate where the table has it (intakes) and
		// gives NULL where it does not (document scans): one query for both.
		return q.Select("o.id, o.account_id, o.external_id::text AS external_id, f.id AS file_id, f.blob_key AS file_key, f.mime_type, to_jsonb(o)->'validate' AS validate").
			Joins("JOIN files f ON f.id = o.file_id").
			Where("o.workflow_started_at IS NULL AND o.deleted_at IS NULL AND o.created_at < ?", cutoff).
			Order("o.created_at").Limit(limit)
	})
}

// Unpurged lists objects deleted before cutoff whose files may remain.
func (s *Store) Unpurged(ctx context.Context, cutoff time.Time, limit int) ([]Stalled, error) {
	return s.stalled(ctx, func(q *gorm.DB) *gorm.DB {
		return q.Select("o.id, o.account_id, o.external_id::text AS external_id, o.file_id").
			Where("o.deleted_at IS NOT NULL AND o.purged_at IS NULL AND o.deleted_at < ?", cutoff).
			Order("o.deleted_at").Limit(limit)
	})
}

// stalled runs one query over intakes and document scans (aliased o).
func (s *Store) stalled(ctx context.Context, query func(*gorm.DB) *gorm.DB) ([]Stalled, error) {
	var out []Stalled
	for _, kind := range []string{KindIntake, KindDocumentScan} {
		table, _ := tableOf(kind)
		var rows []Stalled
		if err := query(s.db.WithContext(ctx).Table(table + " o")).Scan(&rows).Error; err != nil {
			return nil, s.fail(err)
		}
		for i := range rows {
			rows[i].Kind = kind
		}
		out = append(out, rows...)
	}
	return out, nil
}

// Sync kinds (StalledSync.Kind).
const (
	KindJobSync       = "job_sync"
	KindPlacementSync = "placement_sync"
)

// StalledSync is a job or placement whose sync was asked for and has not
// begun since.
type StalledSync struct {
	Kind      string
	ID        uuid.UUID
	AccountID string
}

// UnstartedSyncs lists the jobs and ACTIVE placements whose last sync ask,
// made before cutoff, no sync has begun after. A sync that is running
// picks such an ask up itself when it ends, so a start is idempotent.
func (s *Store) UnstartedSyncs(ctx context.Context, cutoff time.Time, limit int) ([]StalledSync, error) {
	var out []StalledSync
	err := s.db.WithContext(ctx).Raw(`(SELECT ? AS kind, id, account_id, sync_requested_at FROM jobs
			WHERE sync_requested_at < ? AND (sync_started_at IS NULL OR sync_started_at < sync_requested_at)
			ORDER BY sync_requested_at LIMIT ?)
		UNION ALL
		(SELECT ? AS kind, id, account_id, sync_requested_at FROM placements
			WHERE status = 'ACTIVE' AND sync_requested_at < ? AND (sync_started_at IS NULL OR sync_started_at < sync_requested_at)
			ORDER BY sync_requested_at LIMIT ?)
		ORDER BY sync_requested_at LIMIT ?`,
		KindJobSync, cutoff, limit, KindPlacementSync, cutoff, limit, limit).Scan(&out).Error
	return out, s.fail(err)
}
