package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/lifecycle"
	"github.com/clearedtostart/compliance/requirements"
)

// Job is a job of a VMS.
type Job struct {
	ID              uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID       string
	VMSType         string `gorm:"column:vms_type"`
	VMSJobRefID     string `gorm:"column:vms_job_ref_id"`
	ATSJobRefID     *string
	ATSSystem       *string
	Title           *string
	Facility        *string
	Client          *string
	Location        *string
	Department      *string
	Role            *string
	Status          string
	SyncedAt        *time.Time
	SyncError       *string
	Conflicts       JSON `gorm:"type:jsonb"`
	SyncRequestedAt *time.Time
	SyncStartedAt   *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time

	// Loaded with the job (not columns).
	Requirements   []JobRequirement `gorm:"-"`
	PlacementCount int              `gorm:"-"`
}

// JobRequirement is a row of a job's requirement template.
type JobRequirement struct {
	ID        uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID string
	JobID     uuid.UUID `gorm:"type:uuid"`
	ReconciledRow
	CreatedAt time.Time
	UpdatedAt time.Time
}

// ReconciledRow is what a job's template row and a placement's row keep
// of a reconciled requirement row (requirements.Row): the same columns in
// job_requirements and placement_requirements.
type ReconciledRow struct {
	RowKey           string
	Label            string
	NormalizedLabel  string
	RequirementKey   *string
	FulfillmentType  *string
	DocumentCategory *string
	DocumentType     *string
	PacketGroup      string
	SortOrder        int
	Sources          JSON `gorm:"type:jsonb"`
}

// reconciledRow is the columns of r, its sources already encoded.
func reconciledRow(r requirements.Row, sources JSON) ReconciledRow {
	return ReconciledRow{
		RowKey: r.RowKey, Label: r.Label, NormalizedLabel: r.NormalizedLabel,
		RequirementKey: nonEmpty(r.RequirementKey), FulfillmentType: nonEmpty(r.FulfillmentType),
		DocumentCategory: nonEmpty(r.DocumentCategory), DocumentType: nonEmpty(r.DocumentType),
		PacketGroup: r.PacketGroup, SortOrder: r.SortOrder, Sources: sources,
	}
}

// JobSource is what one source last listed for a job.
type JobSource struct {
	JobID      uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID  string
	Source     string `gorm:"primaryKey"`
	Ref        string `gorm:"primaryKey"`
	Items      JSON   `gorm:"type:jsonb"`
	Exclusions JSON   `gorm:"type:jsonb"`
	ReceivedAt time.Time
}

// JobInput is what a caller says of a job (POST /job).
type JobInput struct {
	AccountID, VMSType, VMSJobRefID                                             string
	ATSJobRefID, ATSSystem, Title, Facility, Client, Location, Department, Role *string
	// Force queues a sync even when the job is UNAVAILABLE.
	Force bool
}

// UpsertJob creates or updates the account's job of (vmsType,
// vmsJobRefId) and asks for its sync, unless the job is UNAVAILABLE and
// the caller did not force it. queued reports whether a sync was asked.
func (s *Store) UpsertJob(ctx context.Context, in JobInput) (job *Job, created, queued bool, err error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	err = s.tx(ctx, func(tx *gorm.DB) error {
		var cur Job
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("account_id = ? AND vms_type = ? AND vms_job_ref_id = ?", in.AccountID, in.VMSType, in.VMSJobRefID).Take(&cur).Error
		switch {
		case err == nil:
		case errorsIsNotFound(err):
			row := Job{ID: uuid.New(), AccountID: in.AccountID, VMSType: in.VMSType, VMSJobRefID: in.VMSJobRefID,
				Status: lifecycle.Job.Initial, CreatedAt: now, UpdatedAt: now}
			// A concurrent create of the same job waits on the unique
			// key and then finds the winner's row. (The row is read into
			// the empty cur: GORM would add the primary key of a filled
			// struct, the id this insert may not have written, to the
			// query.)
			// Whether this insert wrote the row is its own answer: two
			// callers of the same microsecond share a created_at.
			res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
			if res.Error != nil {
				return res.Error
			}
			created = res.RowsAffected == 1
			if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
				Where("account_id = ? AND vms_type = ? AND vms_job_ref_id = ?", in.AccountID, in.VMSType, in.VMSJobRefID).Take(&cur).Error; err != nil {
				return err
			}
			if created {
				if err := audit(tx, in.AccountID, "job", cur.ID.String(), "", cur.Status, "created"); err != nil {
					return err
				}
				if err := adoptEmails(tx, &cur, now); err != nil {
					return err
				}
			}
		default:
			return err
		}
		upd := map[string]any{"updated_at": now}
		for col, v := range map[string]*string{
			"ats_job_ref_id": in.ATSJobRefID, "ats_system": in.ATSSystem, "title": in.Title, "facility": in.Facility,
			"client": in.Client, "location": in.Location, "department": in.Department, "role": in.Role,
		} {
			if v != nil {
				upd[col] = *v
			}
		}
		queued = cur.Status != "UNAVAILABLE" || in.Force
		if queued {
			upd["sync_requested_at"] = now
		}
		if err := tx.Model(&Job{}).Where("id = ?", cur.ID).Updates(upd).Error; err != nil {
			return err
		}
		job = &cur
		return tx.Where("id = ?", cur.ID).Take(job).Error
	})
	return job, created, queued, err
}

// Job returns a job of the account with its template rows and placement
// count.
func (s *Store) Job(ctx context.Context, accountID string, id uuid.UUID) (*Job, error) {
	var j Job
	// One snapshot: a reconcile writes rows and conflicts in one
	// transaction, and read by separate statements a GET could show the
	// new rows beside the conflicts of the sync before.
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("account_id = ? AND id = ?", accountID, id).Take(&j).Error; err != nil {
			return err
		}
		if err := tx.Where("job_id = ?", id).Order("sort_order, id").Find(&j.Requirements).Error; err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&Placement{}).Where("job_id = ?", id).Count(&n).Error; err != nil {
			return err
		}
		j.PlacementCount = int(n)
		return nil
	}, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return nil, s.fail(err)
	}
	return &j, nil
}

// JobForSync is what a sync needs of a job.
func (s *Store) JobForSync(ctx context.Context, accountID string, id uuid.UUID) (*Job, error) {
	var j Job
	if err := s.db.WithContext(ctx).Where("account_id = ? AND id = ?", accountID, id).Take(&j).Error; err != nil {
		return nil, s.fail(err)
	}
	return &j, nil
}

// BeginJobSync records that a sync of the job runs (the resumer leaves it
// alone). The last sync's error goes: this sync records its own.
func (s *Store) BeginJobSync(ctx context.Context, accountID string, id uuid.UUID, at time.Time) error {
	res := s.db.WithContext(ctx).Model(&Job{}).Where("account_id = ? AND id = ?", accountID, id).
		Updates(map[string]any{"sync_started_at": at, "sync_error": nil})
	if res.Error != nil {
		return s.fail(res.Error)
	}
	if res.RowsAffected == 0 {
		return derrors.ErrNotFound
	}
	return nil
}

// SaveJobSource stores what a source listed for a job, replacing what it
// listed before.
func (s *Store) SaveJobSource(ctx context.Context, accountID string, jobID uuid.UUID, src requirements.Source) error {
	items, err := json.Marshal(src.Items)
	if err != nil {
		return err
	}
	row := JobSource{JobID: jobID, AccountID: accountID, Source: src.Kind, Ref: src.Ref, Items: items, ReceivedAt: time.Now().UTC()}
	if len(src.Exclusions) > 0 {
		if row.Exclusions, err = ToJSON(src.Exclusions); err != nil {
			return err
		}
	}
	return s.fail(s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "job_id"}, {Name: "source"}, {Name: "ref"}},
		DoUpdates: clause.AssignmentColumns([]string{"items", "exclusions", "received_at"}),
	}).Create(&row).Error)
}

// JobSources returns what every source last listed for a job.
func (s *Store) JobSources(ctx context.Context, jobID uuid.UUID) ([]requirements.Source, error) {
	var rows []JobSource
	if err := s.db.WithContext(ctx).Where("job_id = ?", jobID).Order("source, ref").Find(&rows).Error; err != nil {
		return nil, s.fail(err)
	}
	out := make([]requirements.Source, len(rows))
	for i, r := range rows {
		out[i] = requirements.Source{Kind: r.Source, Ref: r.Ref}
		if err := json.Unmarshal(r.Items, &out[i].Items); err != nil {
			return nil, err
		}
		if len(r.Exclusions) > 0 {
			if err := json.Unmarshal(r.Exclusions, &out[i].Exclusions); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// SetJobStatus records the status the VMS reports, and the sync's error
// when it could not read the VMS.
func (s *Store) SetJobStatus(ctx context.Context, accountID string, id uuid.UUID, status, syncError string) error {
	return s.tx(ctx, func(tx *gorm.DB) error {
		var j Job
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("account_id = ? AND id = ?", accountID, id).Take(&j).Error; err != nil {
			return err
		}
		upd := map[string]any{"updated_at": time.Now().UTC()}
		if syncError != "" {
			upd["sync_error"] = syncError
		}
		if status != "" && status != j.Status {
			if err := lifecycle.Job.Check(j.Status, status); err != nil {
				return err
			}
			upd["status"] = status
			if err := audit(tx, accountID, "job", id.String(), j.Status, status, "reported by the VMS"); err != nil {
				return err
			}
		}
		return tx.Model(&Job{}).Where("id = ?", id).Updates(upd).Error
	})
}

// JobDetails describe a job as its VMS does.
type JobDetails struct {
	Title, Facility, Location, Department, Role string
}

// FillJobDetails sets what the VMS says of a job where the caller said
// nothing: what the caller sent (its ATS's words) is kept.
func (s *Store) FillJobDetails(ctx context.Context, accountID string, id uuid.UUID, d JobDetails) error {
	fill := func(col, v string) clause.Expr {
		return gorm.Expr("COALESCE(NULLIF(btrim("+col+"), ''), NULLIF(?, ''))", strings.TrimSpace(v))
	}
	return s.fail(s.db.WithContext(ctx).Model(&Job{}).Where("account_id = ? AND id = ?", accountID, id).Updates(map[string]any{
		"title": fill("title", d.Title), "facility": fill("facility", d.Facility), "location": fill("location", d.Location),
		"department": fill("department", d.Department), "role": fill("role", d.Role),
	}).Error)
}

// adoptEmails attaches to a new job the client emails that named it before
// it existed (clients often send the checklist before the recruiter
// creates the job), inside tx.
func adoptEmails(tx *gorm.DB, job *Job, now time.Time) error {
	var waiting []InboundEmail
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("account_id = ? AND status = ? AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(job_refs) r WHERE upper(r) = upper(?))",
			job.AccountID, EmailUnmatched, job.VMSJobRefID).Order("received_at").Find(&waiting).Error; err != nil {
		return err
	}
	for _, e := range waiting {
		reason := "attached when job " + job.VMSJobRefID + " was created"
		if err := tx.Model(&InboundEmail{}).Where("id = ?", e.ID).
			Updates(map[string]any{"status": EmailAttached, "job_id": job.ID, "reason": reason}).Error; err != nil {
			return err
		}
		if err := audit(tx, job.AccountID, "inbound_email", e.ID.String(), e.Status, EmailAttached, reason); err != nil {
			return err
		}
		src := JobSource{JobID: job.ID, AccountID: job.AccountID, Source: requirements.SourceEmail, Ref: e.MessageID,
			Items: e.Items, Exclusions: e.Exclusions, ReceivedAt: e.ReceivedAt}
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&src).Error; err != nil {
			return err
		}
	}
	return nil
}

func errorsIsNotFound(err error) bool { return err == gorm.ErrRecordNotFound }
