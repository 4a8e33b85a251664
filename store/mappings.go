package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/requirements"
)

// LabelMapping is a label someone mapped for an integration.
type LabelMapping struct {
	AccountID       string `gorm:"primaryKey"`
	VMSType         string `gorm:"primaryKey;column:vms_type"`
	NormalizedLabel string `gorm:"primaryKey"`
	Label           string
	RequirementKey  string
	PacketGroup     *string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// LabelMappings returns the labels the account mapped for an integration.
func (s *Store) LabelMappings(ctx context.Context, accountID, vmsType string) ([]LabelMapping, error) {
	var out []LabelMapping
	err := s.db.WithContext(ctx).Where("account_id = ? AND vms_type = ?", accountID, vmsType).Order("normalized_label").Find(&out).Error
	return out, s.fail(err)
}

// SaveLabelMapping records (or changes) what a label stands for, and asks
// for a sync of every job of the integration that lists it, so the rows
// waiting on it move on by themselves. It returns those jobs.
func (s *Store) SaveLabelMapping(ctx context.Context, m LabelMapping) ([]uuid.UUID, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	m.CreatedAt, m.UpdatedAt = now, now
	var jobs []uuid.UUID
	err := s.tx(ctx, func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "account_id"}, {Name: "vms_type"}, {Name: "normalized_label"}},
			DoUpdates: clause.AssignmentColumns([]string{"label", "requirement_key", "packet_group", "updated_at"}),
		}).Create(&m).Error; err != nil {
			return err
		}
		if err := audit(tx, m.AccountID, "label_mapping", m.VMSType+"/"+m.NormalizedLabel, "", m.RequirementKey, "mapped \""+m.Label+"\""); err != nil {
			return err
		}
		// The jobs whose template or placements carry the label.
		if err := tx.Raw(`SELECT DISTINCT j.id FROM jobs j
			WHERE j.account_id = ? AND j.vms_type = ? AND (
				EXISTS (SELECT 1 FROM job_requirements jr WHERE jr.job_id = j.id AND jr.normalized_label = ?)
				OR EXISTS (SELECT 1 FROM placements p JOIN placement_requirements r ON r.placement_id = p.id
					WHERE p.job_id = j.id AND r.normalized_label = ?))`,
			m.AccountID, m.VMSType, m.NormalizedLabel, m.NormalizedLabel).Scan(&jobs).Error; err != nil {
			return err
		}
		if len(jobs) == 0 {
			return nil
		}
		return tx.Model(&Job{}).Where("id IN ?", jobs).Update("sync_requested_at", now).Error
	})
	return jobs, err
}

// UnmappedLabels returns the labels of the account's rows waiting for a
// mapping, per integration, with how many rows wait on each: one entry per
// label, whether placements' rows or only jobs' templates list it.
func (s *Store) UnmappedLabels(ctx context.Context, accountID, vmsType string) ([]UnmappedLabel, error) {
	var out []UnmappedLabel
	err := s.db.WithContext(ctx).Raw(`SELECT normalized_label, min(label) AS label, sum(n)::int AS rows FROM (
		SELECT r.normalized_label, min(r.label) AS label, count(*) AS n
		FROM placement_requirements r JOIN placements p ON p.id = r.placement_id JOIN jobs j ON j.id = p.job_id
		WHERE r.account_id = ? AND j.vms_type = ? AND r.status = 'AWAITING_CONFIG'
		GROUP BY r.normalized_label
		UNION ALL
		SELECT jr.normalized_label, min(jr.label), 0 FROM job_requirements jr JOIN jobs j ON j.id = jr.job_id
		WHERE jr.account_id = ? AND j.vms_type = ? AND jr.requirement_key IS NULL
		AND NOT EXISTS (SELECT 1 FROM placements p JOIN placement_requirements r ON r.placement_id = p.id
			WHERE p.job_id = j.id AND r.normalized_label = jr.normalized_label AND r.status = 'AWAITING_CONFIG')
		GROUP BY jr.normalized_label) waiting
		GROUP BY normalized_label
		ORDER BY normalized_label`, accountID, vmsType, accountID, vmsType).Scan(&out).Error
	return out, s.fail(err)
}

// UnmappedLabel is a label rows wait on.
type UnmappedLabel struct {
	NormalizedLabel string
	Label           string
	Rows            int
}

// Matrix is a requirement template configured for a facility, a client or
// a job.
type Matrix struct {
	ID        uuid.UUID `gorm:"primaryKey;type:uuid;column:id"`
	AccountID string
	Scope     string
	ScopeKey  string
	VMSType   string `gorm:"column:vms_type"`
	Mode      string
	Items     JSON `gorm:"type:jsonb"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// TableName names the table.
func (Matrix) TableName() string { return "requirement_matrices" }

// SaveMatrix creates or replaces a matrix and asks for a sync of the jobs
// it applies to.
func (s *Store) SaveMatrix(ctx context.Context, m *Matrix) (created bool, jobs []uuid.UUID, err error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	err = s.tx(ctx, func(tx *gorm.DB) error {
		var cur Matrix
		find := func() error {
			return tx.Where("account_id = ? AND scope = ? AND scope_key = ? AND vms_type = ?", m.AccountID, m.Scope, m.ScopeKey, m.VMSType).Take(&cur).Error
		}
		err := find()
		if err == gorm.ErrRecordNotFound {
			// A concurrent save of the same matrix waits on the unique
			// key; the one that did not insert updates the other's.
			row := *m
			row.ID, row.CreatedAt, row.UpdatedAt = uuid.New(), now, now
			res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
			if res.Error != nil {
				return res.Error
			}
			if created = res.RowsAffected == 1; created {
				*m = row
			} else {
				err = find()
			}
		}
		switch {
		case created:
		case err == nil:
			m.ID, m.CreatedAt, m.UpdatedAt = cur.ID, cur.CreatedAt, now
			if err := tx.Model(&Matrix{}).Where("id = ?", cur.ID).Updates(map[string]any{"mode": m.Mode, "items": m.Items, "updated_at": now}).Error; err != nil {
				return err
			}
		default:
			return err
		}
		if err := audit(tx, m.AccountID, "matrix", m.ID.String(), "", m.Mode, m.Scope+" "+m.ScopeKey); err != nil {
			return err
		}
		jobs, err = requestSyncs(tx, m.AccountID, m, now)
		return err
	})
	return created, jobs, err
}

// DeleteMatrix removes a matrix and asks for a sync of the jobs it applied
// to.
func (s *Store) DeleteMatrix(ctx context.Context, accountID string, id uuid.UUID) (jobs []uuid.UUID, err error) {
	err = s.tx(ctx, func(tx *gorm.DB) error {
		var m Matrix
		if err := tx.Where("account_id = ? AND id = ?", accountID, id).Take(&m).Error; err != nil {
			return err
		}
		if err := tx.Delete(&Matrix{}, "id = ?", id).Error; err != nil {
			return err
		}
		if err := audit(tx, accountID, "matrix", id.String(), m.Mode, "DELETED", m.Scope+" "+m.ScopeKey); err != nil {
			return err
		}
		jobs, err = requestSyncs(tx, accountID, &m, time.Now().UTC())
		return err
	})
	return jobs, err
}

// requestSyncs asks for a sync of the jobs a matrix applies to, and
// returns them.
func requestSyncs(tx *gorm.DB, accountID string, m *Matrix, now time.Time) ([]uuid.UUID, error) {
	q := tx.Model(&Job{}).Where("account_id = ?", accountID)
	if m.VMSType != "" {
		q = q.Where("vms_type = ?", m.VMSType)
	}
	switch m.Scope {
	case "facility":
		q = q.Where("facility = ?", m.ScopeKey)
	case "client":
		q = q.Where("client = ?", m.ScopeKey)
	case "job":
		q = q.Where("vms_job_ref_id = ? OR id::text = ?", m.ScopeKey, m.ScopeKey)
	}
	var jobs []uuid.UUID
	if err := q.Pluck("id", &jobs).Error; err != nil || len(jobs) == 0 {
		return nil, err
	}
	return jobs, tx.Model(&Job{}).Where("id IN ?", jobs).Update("sync_requested_at", now).Error
}

// Matrices returns the account's matrices.
func (s *Store) Matrices(ctx context.Context, accountID string) ([]Matrix, error) {
	var out []Matrix
	err := s.db.WithContext(ctx).Where("account_id = ?", accountID).Order("scope, scope_key, vms_type").Find(&out).Error
	return out, s.fail(err)
}

// MatricesFor returns the matrices that apply to a job, as sources.
func (s *Store) MatricesFor(ctx context.Context, j *Job) ([]requirements.Source, error) {
	var ms []Matrix
	q := s.db.WithContext(ctx).Where("account_id = ? AND (vms_type = '' OR vms_type = ?)", j.AccountID, j.VMSType).
		Where("(scope = 'facility' AND scope_key = ?) OR (scope = 'client' AND scope_key = ?) OR (scope = 'job' AND (scope_key = ? OR scope_key = ?))",
			deref(j.Facility), deref(j.Client), j.VMSJobRefID, j.ID.String())
	if err := q.Order("scope, vms_type").Find(&ms).Error; err != nil {
		return nil, s.fail(err)
	}
	out := make([]requirements.Source, 0, len(ms))
	for _, m := range ms {
		src := requirements.Source{Kind: "matrix:" + m.Scope, Ref: m.ID.String(), Replace: m.Mode == "replace"}
		if err := json.Unmarshal(m.Items, &src.Items); err != nil {
			return nil, err
		}
		out = append(out, src)
	}
	return out, nil
}
