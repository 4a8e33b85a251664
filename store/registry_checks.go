package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

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
	CreatedAt         time.Time
	UpdatedAt         time.Time
	CompletedAt       *time.Time
}

func searchRow(accountID, workflowID string, s registrycheck.Search) (*RegistrySearch, error) {
	id, err := uuid.Parse(s.SearchID)
	if err != nil {
		return nil, fmt.Errorf("store: search id: %w", err)
	}
	row := &RegistrySearch{ID: id, AccountID: accountID, ExternalID: s.ExternalID, Status: s.Status, WorkflowID: workflowID,
		CreatedAt: s.CreatedAt, UpdatedAt: s.CreatedAt, CompletedAt: s.CompletedAt}
	if row.Query, err = ToJSON(s.Query); err != nil {
		return nil, err
	}
	if row.Results, err = ToJSON(s.Results); err != nil {
		return nil, err
	}
	return row, nil
}

func (r *RegistrySearch) search() (registrycheck.Search, error) {
	s := registrycheck.Search{SearchID: r.ID.String(), ExternalID: r.ExternalID, Status: r.Status, CreatedAt: r.CreatedAt, CompletedAt: r.CompletedAt}
	if err := json.Unmarshal(r.Query, &s.Query); err != nil {
		return s, fmt.Errorf("store: registry search %s: query: %w", r.ID, err)
	}
	if err := json.Unmarshal(r.Results, &s.Results); err != nil {
		return s, fmt.Errorf("store: registry search %s: results: %w", r.ID, err)
	}
	return s, nil
}

// CreateRegistrySearch stores a check as answered: one row, written before
// the answer, the audit record of the search.
func (s *Store) CreateRegistrySearch(ctx context.Context, accountID, workflowID string, search registrycheck.Search) error {
	row, err := searchRow(accountID, workflowID, search)
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *gorm.DB) error {
		if err := touchExternalUser(tx, accountID, search.ExternalID); err != nil {
			return err
		}
		return tx.Create(row).Error
	})
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
