package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/registrycheck"
)

// KindRegistryCheck is a registry check known to the resumer.
const KindRegistryCheck = "registry_check"

// RegistrySearch is a stored registry check.
type RegistrySearch struct {
	ID                uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID         string
	ExternalID        string
	Query             JSON `gorm:"type:jsonb"`
	Results           JSON `gorm:"type:jsonb"`
	Status            string
	WorkflowID        string
	WorkflowStartedAt *time.Time
	StartLease        *time.Time
	CertificateAt     *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
	CompletedAt       *time.Time
}

func (r *RegistrySearch) search() (registrycheck.Search, error) {
	s := registrycheck.Search{SearchID: r.ID.String(), ExternalID: r.ExternalID, Status: r.Status, CreatedAt: r.CreatedAt,
		CompletedAt: r.CompletedAt, CertificateAt: r.CertificateAt}
	if err := json.Unmarshal(r.Query, &s.Query); err != nil {
		return s, fmt.Errorf("store: registry search %s: query: %w", r.ID, err)
	}
	if err := json.Unmarshal(r.Results, &s.Results); err != nil {
		return s, fmt.Errorf("store: registry search %s: results: %w", r.ID, err)
	}
	return s, nil
}

// CreateRegistrySearch stores a check as answered, with the person it is
// about: one statement, written before the answer, the audit record of the
// search. results is the JSON of the search's results. Its workflow waits
// in the outbox (ClaimUnstartedChecks).
func (s *Store) CreateRegistrySearch(ctx context.Context, accountID, workflowID string, search registrycheck.Search, results []byte) error {
	query, err := ToJSON(search.Query)
	if err != nil {
		return err
	}
	// One round trip on the hot path: the person is recorded in the same
	// statement (a person already known is left as is).
	return s.fail(s.db.WithContext(ctx).Exec(`WITH person AS (
			INSERT INTO external_users (account_id, external_id, created_at, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (account_id, external_id) DO NOTHING)
		INSERT INTO registry_searches (id, account_id, external_id, query, results, status, workflow_id, created_at, updated_at, completed_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		accountID, search.ExternalID, search.CreatedAt, search.CreatedAt,
		search.SearchID, accountID, search.ExternalID, query, JSON(results), search.Status, workflowID, search.CreatedAt, search.CreatedAt, search.CompletedAt,
	).Error)
}

// StalledCheck is a check whose workflow is to be started.
type StalledCheck struct {
	ID         uuid.UUID
	AccountID  string
	ExternalID string
	Live       bool
}

// ClaimUnstartedChecks leases up to limit checks whose workflow has not
// been started, oldest first, for lease: another starter (another API
// replica) skips them meanwhile; a starter that dies lets its lease lapse.
func (s *Store) ClaimUnstartedChecks(ctx context.Context, limit int, lease time.Duration) ([]StalledCheck, error) {
	var rows []struct {
		ID         uuid.UUID
		AccountID  string
		ExternalID string
		Status     string
	}
	err := s.db.WithContext(ctx).Raw(`UPDATE registry_searches SET start_lease = now() + make_interval(secs => ?)
		WHERE id IN (SELECT id FROM registry_searches
			WHERE workflow_started_at IS NULL AND (start_lease IS NULL OR start_lease < now())
			ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED)
		RETURNING id, account_id, external_id, status`, lease.Seconds(), limit).Scan(&rows).Error
	if err != nil {
		return nil, s.fail(err)
	}
	out := make([]StalledCheck, len(rows))
	for i, r := range rows {
		out[i] = StalledCheck{ID: r.ID, AccountID: r.AccountID, ExternalID: r.ExternalID, Live: r.Status == registrycheck.StatusPending}
	}
	return out, nil
}

// MarkChecksStarted records that Temporal has the checks' workflows.
func (s *Store) MarkChecksStarted(ctx context.Context, ids []uuid.UUID) error {
	if len(ids) == 0 {
		return nil
	}
	return s.fail(s.db.WithContext(ctx).Exec(`UPDATE registry_searches SET workflow_started_at = now(), start_lease = NULL
		WHERE id IN ? AND workflow_started_at IS NULL`, ids).Error)
}

// MarkCertificate records that a check's certificate is stored.
func (s *Store) MarkCertificate(ctx context.Context, accountID string, id uuid.UUID, at time.Time) error {
	res := s.db.WithContext(ctx).Exec(`UPDATE registry_searches SET certificate_at = ?, updated_at = ?
		WHERE account_id = ? AND id = ? AND certificate_at IS NULL`, at, at, accountID, id)
	if res.Error != nil {
		return s.fail(res.Error)
	}
	if res.RowsAffected == 0 {
		// Already marked (a retry), or no such check.
		var n int64
		if err := s.db.WithContext(ctx).Model(&RegistrySearch{}).Where("account_id = ? AND id = ?", accountID, id).Count(&n).Error; err != nil {
			return s.fail(err)
		}
		if n == 0 {
			return derrors.ErrNotFound
		}
	}
	return nil
}

// RegistrySearch returns a check of the account.
func (s *Store) RegistrySearch(ctx context.Context, accountID string, id uuid.UUID) (registrycheck.Search, error) {
	var row RegistrySearch
	if err := s.db.WithContext(ctx).Where("account_id = ? AND id = ?", accountID, id).Take(&row).Error; err != nil {
		return registrycheck.Search{}, s.fail(err)
	}
	return row.search()
}

// UpdateRegistrySearch changes a stored check under a row lock: fn gets
// the check as stored and changes it; its results and status are written
// back. The workflow completes live registries and certificates this way,
// each step repeatable.
func (s *Store) UpdateRegistrySearch(ctx context.Context, accountID string, id uuid.UUID, fn func(*registrycheck.Search) error) (registrycheck.Search, error) {
	var out registrycheck.Search
	err := s.tx(ctx, func(tx *gorm.DB) error {
		var row RegistrySearch
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("account_id = ? AND id = ?", accountID, id).Take(&row).Error; err != nil {
			return err
		}
		search, err := row.search()
		if err != nil {
			return err
		}
		before := search.Status
		if err := fn(&search); err != nil {
			return err
		}
		results, err := ToJSON(search.Results)
		if err != nil {
			return err
		}
		if err := tx.Model(&RegistrySearch{}).Where("id = ?", id).Updates(map[string]any{
			"results": results, "status": search.Status, "completed_at": search.CompletedAt, "updated_at": time.Now().UTC(),
		}).Error; err != nil {
			return err
		}
		if before != search.Status {
			if err := audit(tx, accountID, KindRegistryCheck, id.String(), before, search.Status, "live registries answered"); err != nil {
				return err
			}
		}
		out = search
		return nil
	})
	return out, err
}
