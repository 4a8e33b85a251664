package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/registry"
)

// RegistryList is one imported edition of a bulk list.
type RegistryList struct {
	ID          uuid.UUID `gorm:"primaryKey;type:uuid"`
	Registry    string
	ListDate    time.Time
	RowCount    int
	RecordCount int
	Source      string
	SHA256      string `gorm:"column:sha256"`
	ImportedAt  time.Time
	Current     bool
}

// RegistryImport is one import attempt.
type RegistryImport struct {
	ID         int64 `gorm:"primaryKey"`
	Registry   string
	Source     string
	Outcome    string
	Reason     string
	ListID     *uuid.UUID `gorm:"type:uuid"`
	StartedAt  time.Time
	FinishedAt time.Time
}

// Import outcomes.
const (
	ImportImported  = "imported"
	ImportUnchanged = "unchanged"
	ImportFailed    = "failed"
)

// MaxShrink is how much smaller than the current edition a new one may be
// before an import refuses it as probably truncated (monthly and daily
// editions change by well under one percent).
const MaxShrink = 0.10

// ImportOptions describe where an edition comes from.
type ImportOptions struct {
	Source string
	SHA256 string
	// Force accepts an edition that shrank more than MaxShrink or is older
	// than the current one.
	Force bool
}

// ImportList stores a parsed edition of a bulk list and makes it current.
// Searches never see half a list: the records are written under a new
// edition first, then one transaction swaps which edition is current. An
// edition identical to the current one (same SHA-256) is not stored again;
// one that shrank by more than MaxShrink, or is older than the current
// one, is refused unless forced. Records of editions older than the
// previous one are dropped (their metadata stays, for the audit trail).
func (s *Store) ImportList(ctx context.Context, list *registry.List, opt ImportOptions) (*RegistryList, string, error) {
	if len(list.Records) == 0 {
		return nil, "", derrors.Newf(derrors.InvalidRequest, "the %s file holds no individuals", list.Registry)
	}
	cur, err := s.CurrentList(ctx, list.Registry)
	if err != nil && !derrors.Is(err, derrors.NotFound) {
		return nil, "", err
	}
	if cur != nil && cur.SHA256 == opt.SHA256 && opt.SHA256 != "" {
		return cur, ImportUnchanged, nil
	}
	if err := checkEdition(cur, list, opt.Force); err != nil {
		return nil, "", err
	}
	row := &RegistryList{
		ID: uuid.New(), Registry: list.Registry, ListDate: list.Date.UTC(), RowCount: list.Rows,
		RecordCount: len(list.Records), Source: opt.Source, SHA256: opt.SHA256, ImportedAt: time.Now().UTC(),
	}
	if err := s.fail(s.db.WithContext(ctx).Create(row).Error); err != nil {
		return nil, "", err
	}
	if err := s.copyRecords(ctx, row.ID, list.Records); err != nil {
		s.dropList(row.ID)
		return nil, "", err
	}
	err = s.tx(ctx, func(tx *gorm.DB) error {
		// The lock serialises imports of one registry; a concurrent one
		// waits and is then judged against this edition.
		var now []RegistryList
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("registry = ? AND current", list.Registry).Find(&now).Error; err != nil {
			return err
		}
		if len(now) > 0 {
			if err := checkEdition(&now[0], list, opt.Force); err != nil {
				return err
			}
			if err := tx.Model(&RegistryList{}).Where("id = ?", now[0].ID).Update("current", false).Error; err != nil {
				return err
			}
		}
		if err := tx.Model(&RegistryList{}).Where("id = ?", row.ID).Update("current", true).Error; err != nil {
			return err
		}
		// Keep the records of the current and the previous edition only.
		return tx.Exec(`DELETE FROM registry_records WHERE list_id IN (
			SELECT id FROM registry_lists WHERE registry = ? AND NOT current
			ORDER BY imported_at DESC OFFSET 1)`, list.Registry).Error
	})
	if err != nil {
		s.dropList(row.ID)
		return nil, "", err
	}
	row.Current = true
	return row, ImportImported, nil
}

// checkEdition refuses an edition that looks truncated or stale next to
// the current one.
func checkEdition(cur *RegistryList, list *registry.List, force bool) error {
	if cur == nil || force {
		return nil
	}
	if float64(list.Rows) < float64(cur.RowCount)*(1-MaxShrink) {
		return derrors.Newf(derrors.Conflict,
			"the new %s file has %d rows where the current list (%s) has %d: a list that shrinks by more than %.0f%% is refused as probably truncated; import it with force if the shrink is real",
			list.Registry, list.Rows, cur.ListDate.Format(time.DateOnly), cur.RowCount, MaxShrink*100)
	}
	if list.Date.Before(cur.ListDate) {
		return derrors.Newf(derrors.Conflict,
			"the new %s file is dated %s, older than the current list (%s); import it with force to go back",
			list.Registry, list.Date.Format(time.DateOnly), cur.ListDate.Format(time.DateOnly))
	}
	return nil
}

// copyRecords writes an edition's records with COPY: a full SAM list is
// about 100,000 rows.
func (s *Store) copyRecords(ctx context.Context, listID uuid.UUID, records []registry.Record) error {
	conn, err := s.sql.Conn(ctx)
	if err != nil {
		return s.fail(err)
	}
	defer conn.Close()
	err = conn.Raw(func(driverConn any) error {
		pc, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("store: COPY needs a pgx connection, have %T", driverConn)
		}
		i := 0
		var encodeErr error
		src := pgx.CopyFromFunc(func() ([]any, error) {
			if i >= len(records) {
				return nil, nil
			}
			r := records[i]
			b, err := json.Marshal(r)
			if err != nil {
				encodeErr = err
				return nil, err
			}
			row := []any{listID, i, r.SourceID, r.Name.Last, r.Name.First, string(b)}
			i++
			return row, nil
		})
		n, err := pc.Conn().CopyFrom(ctx, pgx.Identifier{"registry_records"},
			[]string{"list_id", "idx", "source_id", "last_name", "first_name", "record"}, src)
		if encodeErr != nil {
			return encodeErr
		}
		if err != nil {
			return err
		}
		if int(n) != len(records) {
			return fmt.Errorf("store: COPY wrote %d of %d records", n, len(records))
		}
		return nil
	})
	return s.fail(err)
}

// dropList removes an edition that never became current. It runs detached:
// the import's own context may be what failed.
func (s *Store) dropList(id uuid.UUID) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := s.db.WithContext(ctx).Where("id = ? AND NOT current", id).Delete(&RegistryList{}).Error; err != nil {
		s.log.Warn("could not remove an edition that failed to import", "list_id", id, "error", err)
	}
}

// RecordImport records an import attempt.
func (s *Store) RecordImport(ctx context.Context, imp *RegistryImport) error {
	if imp.FinishedAt.IsZero() {
		imp.FinishedAt = time.Now().UTC()
	}
	return s.fail(s.db.WithContext(ctx).Create(imp).Error)
}

// CurrentList returns a registry's current edition.
func (s *Store) CurrentList(ctx context.Context, registryCode string) (*RegistryList, error) {
	var l RegistryList
	if err := s.db.WithContext(ctx).Where("registry = ? AND current", registryCode).Take(&l).Error; err != nil {
		return nil, s.fail(err)
	}
	return &l, nil
}

// CurrentEditions returns the current edition of every registry that has
// one.
func (s *Store) CurrentEditions(ctx context.Context) ([]registry.Edition, error) {
	var ls []RegistryList
	if err := s.db.WithContext(ctx).Where("current").Order("registry").Find(&ls).Error; err != nil {
		return nil, s.fail(err)
	}
	out := make([]registry.Edition, len(ls))
	for i, l := range ls {
		out[i] = l.Edition()
	}
	return out, nil
}

// Edition is the list's description for the engine.
func (l *RegistryList) Edition() registry.Edition {
	return registry.Edition{ID: l.ID, Registry: l.Registry, Date: l.ListDate, Rows: l.RowCount, Records: l.RecordCount,
		Source: l.Source, ImportedAt: l.ImportedAt}
}

// LastImports returns each registry's latest import attempt.
func (s *Store) LastImports(ctx context.Context) ([]RegistryImport, error) {
	var out []RegistryImport
	err := s.db.WithContext(ctx).Raw(`SELECT DISTINCT ON (registry) * FROM registry_imports ORDER BY registry, id DESC`).Scan(&out).Error
	return out, s.fail(err)
}

// ListRecords streams an edition's records in their order to fn.
func (s *Store) ListRecords(ctx context.Context, listID uuid.UUID, fn func(registry.Record) error) error {
	rows, err := s.db.WithContext(ctx).Table("registry_records").Select("record").
		Where("list_id = ?", listID).Order("idx").Rows()
	if err != nil {
		return s.fail(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var raw []byte
		if err := rows.Scan(&raw); err != nil {
			return s.fail(err)
		}
		var r registry.Record
		if err := json.Unmarshal(raw, &r); err != nil {
			return fmt.Errorf("store: record %d of list %s: %w", n, listID, err)
		}
		if err := fn(r); err != nil {
			return err
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return s.fail(err)
	}
	if n == 0 {
		// The records of an edition are dropped two imports later; a
		// reader that asks for those is behind.
		var l RegistryList
		if err := s.db.WithContext(ctx).Where("id = ?", listID).Take(&l).Error; errors.Is(err, gorm.ErrRecordNotFound) || errors.Is(err, sql.ErrNoRows) {
			return derrors.ErrNotFound
		}
		return derrors.Newf(derrors.NotFound, "the records of list %s are no longer kept", listID)
	}
	return nil
}
