package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/lifecycle"
	"github.com/clearedtostart/compliance/requirements"
)

// Placement is a candidate on a job.
type Placement struct {
	ID                uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID         string
	JobID             uuid.UUID `gorm:"type:uuid"`
	ExternalID        string
	CandidateName     *string
	CandidateEmail    *string
	CandidatePhone    *string
	ATSPlacementRefID *string `gorm:"column:ats_placement_ref_id"`
	VMSPlacementRefID *string `gorm:"column:vms_placement_ref_id"`
	StartDate         *time.Time
	Status            string
	SyncRequestedAt   *time.Time
	SyncStartedAt     *time.Time
	SyncedAt          *time.Time
	SyncError         *string
	CreatedAt         time.Time
	UpdatedAt         time.Time

	// Loaded with the placement (not columns).
	Job          *Job                   `gorm:"-"`
	Requirements []PlacementRequirement `gorm:"-"`
	Packets      []Packet               `gorm:"-"`
}

// PlacementRequirement is one of a candidate's requirement rows.
type PlacementRequirement struct {
	ID          uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID   string
	PlacementID uuid.UUID `gorm:"type:uuid"`
	ReconciledRow
	Status       string
	StatusReason string
	EvidenceKind *string
	EvidenceID   *string
	ExpiresAt    *time.Time
	Review       JSON `gorm:"type:jsonb"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// Packet is a placement's packet: its rows of one packet group.
type Packet struct {
	ID          uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID   string
	PlacementID uuid.UUID `gorm:"type:uuid"`
	PacketGroup string
	Status      string
	// The last upload's compiled PDF, when it ended, and why it failed
	// (store/packets.go).
	CompiledFileID *uuid.UUID `gorm:"type:uuid"`
	UploadedAt     *time.Time
	UploadReason   *string
	UploadDigest   *string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Evidence kinds of a row.
const (
	EvidenceSegment = "segment"
	// EvidenceIntake: an upload named for a row that held no document
	// the row accepts.
	EvidenceIntake        = "intake"
	EvidenceRegistryCheck = "registry_check"
	EvidenceStatement     = "statement"
	EvidencePerson        = "person"
	// EvidenceSync marks a row the sync skipped because no source lists
	// it any more; a source listing it again brings it back.
	EvidenceSync = "sync"
)

// PlacementInput is what a caller says of a placement (POST /placement).
type PlacementInput struct {
	AccountID                                     string
	JobID                                         uuid.UUID
	ExternalID                                    string
	CandidateName, CandidateEmail, CandidatePhone *string
	ATSPlacementRefID, VMSPlacementRefID          *string
	StartDate                                     *time.Time
}

// CreatePlacement binds a candidate to a job, once: a repeat of the same
// (job, external id), also a concurrent one, returns the existing
// placement (created false) and changes nothing. A new placement asks for
// its sync.
func (s *Store) CreatePlacement(ctx context.Context, in PlacementInput) (p *Placement, created bool, err error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	err = s.tx(ctx, func(tx *gorm.DB) error {
		var job Job
		if err := tx.Where("account_id = ? AND id = ?", in.AccountID, in.JobID).Take(&job).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return derrors.Newf(derrors.NotFound, "job %s was not found", in.JobID).WithDetails(map[string]string{"field": "jobId"})
			}
			return err
		}
		row := Placement{
			ID: uuid.New(), AccountID: in.AccountID, JobID: in.JobID, ExternalID: in.ExternalID,
			CandidateName: in.CandidateName, CandidateEmail: in.CandidateEmail, CandidatePhone: in.CandidatePhone,
			ATSPlacementRefID: in.ATSPlacementRefID, VMSPlacementRefID: in.VMSPlacementRefID, StartDate: in.StartDate,
			Status: lifecycle.Placement.Initial, SyncRequestedAt: &now, CreatedAt: now, UpdatedAt: now,
		}
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
		if res.Error != nil {
			return res.Error
		}
		created = res.RowsAffected == 1
		if created {
			if err := touchExternalUser(tx, in.AccountID, in.ExternalID); err != nil {
				return err
			}
			if err := auditIn(tx, row.ID.String(), in.AccountID, "placement", row.ID.String(), "", row.Status, "created"); err != nil {
				return err
			}
		}
		p = &Placement{}
		return tx.Where("account_id = ? AND job_id = ? AND external_id = ?", in.AccountID, in.JobID, in.ExternalID).Take(p).Error
	})
	return p, created, err
}

// Placement returns a placement of the account with its job, rows and
// packets.
func (s *Store) Placement(ctx context.Context, accountID string, id uuid.UUID) (*Placement, error) {
	var p Placement
	// One snapshot: rows and packets change together in one transaction,
	// and read by separate statements a GET could show a packet READY
	// beside a row that had just stopped being FULFILLED.
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("account_id = ? AND id = ?", accountID, id).Take(&p).Error; err != nil {
			return err
		}
		var j Job
		if err := tx.Where("id = ?", p.JobID).Take(&j).Error; err != nil {
			return err
		}
		p.Job = &j
		if err := tx.Where("placement_id = ?", id).Order("sort_order, id").Find(&p.Requirements).Error; err != nil {
			return err
		}
		return tx.Where("placement_id = ?", id).Order("packet_group").Find(&p.Packets).Error
	}, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return nil, s.fail(err)
	}
	return &p, nil
}

// PlacementFilter narrows a list of placements.
type PlacementFilter struct {
	Status     string
	ExternalID string
	JobID      *uuid.UUID
}

// PlacementCursor is where a page of placements continues: after the
// placement created at At with id ID (newest first).
type PlacementCursor struct {
	At time.Time
	ID uuid.UUID
}

// PlacementItem is a placement in a list.
type PlacementItem struct {
	Placement
	JobTitle string
	JobRef   string
}

// ListPlacements returns up to limit placements of the account, newest
// first, after the cursor.
func (s *Store) ListPlacements(ctx context.Context, accountID string, f PlacementFilter, after *PlacementCursor, limit int) ([]PlacementItem, error) {
	q := s.db.WithContext(ctx).Table("placements p").
		Select("p.*, coalesce(j.title, '') AS job_title, j.vms_job_ref_id AS job_ref").
		Joins("JOIN jobs j ON j.id = p.job_id").
		Where("p.account_id = ?", accountID)
	if f.Status != "" {
		q = q.Where("p.status = ?", f.Status)
	}
	if f.ExternalID != "" {
		q = q.Where("p.external_id = ?", f.ExternalID)
	}
	if f.JobID != nil {
		q = q.Where("p.job_id = ?", *f.JobID)
	}
	if after != nil {
		q = q.Where("(p.created_at, p.id) < (?, ?)", after.At, after.ID)
	}
	var items []PlacementItem
	if err := q.Order("p.created_at DESC, p.id DESC").Limit(limit).Scan(&items).Error; err != nil {
		return nil, s.fail(err)
	}
	if len(items) == 0 {
		return items, nil
	}
	ids := make([]uuid.UUID, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	var packets []Packet
	if err := s.db.WithContext(ctx).Where("placement_id IN ?", ids).Order("packet_group").Find(&packets).Error; err != nil {
		return nil, s.fail(err)
	}
	for _, pk := range packets {
		for i := range items {
			if items[i].ID == pk.PlacementID {
				items[i].Packets = append(items[i].Packets, pk)
			}
		}
	}
	return items, nil
}

// JobPlacements lists the active placements of a job.
func (s *Store) JobPlacements(ctx context.Context, accountID string, jobID uuid.UUID) ([]Placement, error) {
	var ps []Placement
	err := s.db.WithContext(ctx).Where("account_id = ? AND job_id = ? AND status = 'ACTIVE'", accountID, jobID).Order("created_at").Find(&ps).Error
	return ps, s.fail(err)
}

// BeginPlacementSync records that a sync of the placement runs.
func (s *Store) BeginPlacementSync(ctx context.Context, accountID string, id uuid.UUID, at time.Time) (*Placement, error) {
	var p Placement
	err := s.tx(ctx, func(tx *gorm.DB) error {
		// The last sync's error goes: this sync records its own.
		if err := tx.Model(&Placement{}).Where("account_id = ? AND id = ?", accountID, id).
			Updates(map[string]any{"sync_started_at": at, "sync_error": nil}).Error; err != nil {
			return err
		}
		return tx.Where("account_id = ? AND id = ?", accountID, id).Take(&p).Error
	})
	return &p, err
}

// SaveJobTemplate stores a job's reconciled template rows and the sources'
// conflicts, and records that the job is synced (or why it could not be).
func (s *Store) SaveJobTemplate(ctx context.Context, accountID string, jobID uuid.UUID, rows []requirements.Row, conflicts []requirements.Conflict, syncError string) error {
	now := time.Now().UTC().Truncate(time.Microsecond)
	return s.tx(ctx, func(tx *gorm.DB) error {
		var j Job
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("account_id = ? AND id = ?", accountID, jobID).Take(&j).Error; err != nil {
			return err
		}
		keep := make([]string, 0, len(rows))
		for _, r := range rows {
			keep = append(keep, r.RowKey)
			jr, err := templateRow(accountID, jobID, r, now)
			if err != nil {
				return err
			}
			if err := tx.Clauses(clause.OnConflict{
				Columns: []clause.Column{{Name: "job_id"}, {Name: "row_key"}},
				DoUpdates: clause.AssignmentColumns([]string{"label", "normalized_label", "requirement_key", "fulfillment_type",
					"document_category", "document_type", "packet_group", "sort_order", "sources", "updated_at"}),
			}).Create(jr).Error; err != nil {
				return err
			}
		}
		del := tx.Where("job_id = ?", jobID)
		if len(keep) > 0 {
			del = del.Where("row_key NOT IN ?", keep)
		}
		if err := del.Delete(&JobRequirement{}).Error; err != nil {
			return err
		}
		upd := map[string]any{"synced_at": now, "updated_at": now, "sync_error": nil}
		if syncError != "" {
			upd["sync_error"] = syncError
		}
		c, err := ToJSON(conflicts)
		if err != nil {
			return err
		}
		upd["conflicts"] = c
		return tx.Model(&Job{}).Where("id = ?", jobID).Updates(upd).Error
	})
}

func templateRow(accountID string, jobID uuid.UUID, r requirements.Row, now time.Time) (*JobRequirement, error) {
	sources, err := json.Marshal(r.Sources)
	if err != nil {
		return nil, err
	}
	return &JobRequirement{
		ID: uuid.New(), AccountID: accountID, JobID: jobID, ReconciledRow: reconciledRow(r, sources), CreatedAt: now, UpdatedAt: now,
	}, nil
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// RowChange is one row a sync changed.
type RowChange struct {
	RowID   uuid.UUID
	RowKey  string
	From    string
	To      string
	Removed bool
}

// ApplyPlacementRows brings a placement's rows to the reconciled set:
// rows new to it are ingested (PENDING, or AWAITING_CONFIG unmapped); rows
// it has keep their progress and take the new label, packet and order; a
// row no source lists any more is dropped when nothing happened to it yet,
// else skipped with the reason (and brought back if a source lists it
// again). Then mapped PENDING rows open (IN_PROGRESS): their work starts.
// Packets follow.
func (s *Store) ApplyPlacementRows(ctx context.Context, accountID string, placementID uuid.UUID, rows []requirements.Row) ([]RowChange, error) {
	var changes []RowChange
	now := time.Now().UTC().Truncate(time.Microsecond)
	err := s.tx(ctx, func(tx *gorm.DB) error {
		p, err := lockPlacement(tx, accountID, placementID)
		if err != nil {
			return err
		}
		var have []PlacementRequirement
		if err := tx.Where("placement_id = ?", placementID).Find(&have).Error; err != nil {
			return err
		}
		byKey := map[string]*PlacementRequirement{}
		for i := range have {
			byKey[have[i].RowKey] = &have[i]
		}
		scope := p.ID.String()
		listed := map[string]bool{}
		for _, r := range rows {
			listed[r.RowKey] = true
		}
		for _, r := range rows {
			sources, err := json.Marshal(r.Sources)
			if err != nil {
				return err
			}
			cur, ok := byKey[r.RowKey]
			// A label someone has just mapped: the row that waited for it
			// moves on (same row, its trail says so) instead of being
			// replaced by a new one.
			if waiting, found := byKey["label:"+r.NormalizedLabel]; !ok && r.Mapped() && found && !listed[waiting.RowKey] &&
				waiting.Status == requirements.StatusAwaitingConfig {
				delete(byKey, waiting.RowKey)
				byKey[r.RowKey] = waiting
				listed[waiting.RowKey] = true
				upd := map[string]any{"row_key": r.RowKey, "label": r.Label, "normalized_label": r.NormalizedLabel,
					"requirement_key": r.RequirementKey, "fulfillment_type": nonEmpty(r.FulfillmentType),
					"document_category": nonEmpty(r.DocumentCategory), "document_type": nonEmpty(r.DocumentType),
					"packet_group": r.PacketGroup, "sort_order": r.SortOrder, "sources": JSON(sources), "updated_at": now}
				if err := moveRow(tx, scope, waiting, requirements.StatusPending, "mapped to "+r.RequirementKey, nil, nil, upd); err != nil {
					return err
				}
				changes = append(changes, RowChange{RowID: waiting.ID, RowKey: r.RowKey, From: requirements.StatusAwaitingConfig, To: requirements.StatusPending})
				continue
			}
			if !ok {
				status, reason := requirements.Initial(r)
				row := PlacementRequirement{
					ID: uuid.New(), AccountID: accountID, PlacementID: placementID, ReconciledRow: reconciledRow(r, sources),
					Status: status, StatusReason: reason, CreatedAt: now, UpdatedAt: now,
				}
				if err := tx.Create(&row).Error; err != nil {
					return err
				}
				if err := auditIn(tx, scope, accountID, "requirement", row.ID.String(), "", status, "ingested: "+r.Label); err != nil {
					return err
				}
				changes = append(changes, RowChange{RowID: row.ID, RowKey: r.RowKey, To: status})
				continue
			}
			upd := map[string]any{"label": r.Label, "normalized_label": r.NormalizedLabel, "packet_group": r.PacketGroup,
				"sort_order": r.SortOrder, "sources": JSON(sources), "updated_at": now}
			if cur.Status == requirements.StatusSkipped && cur.EvidenceKind != nil && *cur.EvidenceKind == EvidenceSync {
				from := cur.Status
				to, reason := requirements.Initial(r)
				if err := moveRow(tx, scope, cur, to, reason, nil, nil, upd); err != nil {
					return err
				}
				changes = append(changes, RowChange{RowID: cur.ID, RowKey: r.RowKey, From: from, To: to})
				continue
			}
			if err := tx.Model(&PlacementRequirement{}).Where("id = ?", cur.ID).Updates(upd).Error; err != nil {
				return err
			}
		}
		for _, cur := range have {
			if listed[cur.RowKey] {
				continue
			}
			if cur.Status == requirements.StatusPending || cur.Status == requirements.StatusAwaitingConfig || cur.Status == requirements.StatusInProgress && cur.EvidenceID == nil {
				if err := tx.Delete(&PlacementRequirement{}, "id = ?", cur.ID).Error; err != nil {
					return err
				}
				if err := auditIn(tx, scope, accountID, "requirement", cur.ID.String(), cur.Status, "REMOVED", "no source lists it any more"); err != nil {
					return err
				}
				changes = append(changes, RowChange{RowID: cur.ID, RowKey: cur.RowKey, From: cur.Status, Removed: true})
				continue
			}
			if cur.Status == requirements.StatusSkipped {
				continue
			}
			kind := EvidenceSync
			c := cur
			if err := moveRow(tx, scope, &c, requirements.StatusSkipped, "no source lists it any more", &kind, nil, map[string]any{}); err != nil {
				return err
			}
			changes = append(changes, RowChange{RowID: cur.ID, RowKey: cur.RowKey, From: cur.Status, To: requirements.StatusSkipped})
		}
		opened, err := openRows(tx, scope, placementID)
		if err != nil {
			return err
		}
		changes = append(changes, opened...)
		if err := tx.Model(&Placement{}).Where("id = ?", placementID).Update("synced_at", now).Error; err != nil {
			return err
		}
		return refreshPackets(tx, accountID, placementID)
	})
	return changes, err
}

// openRows starts the work of a placement's mapped PENDING rows.
func openRows(tx *gorm.DB, scope string, placementID uuid.UUID) ([]RowChange, error) {
	var pending []PlacementRequirement
	if err := tx.Where("placement_id = ? AND status = ?", placementID, requirements.StatusPending).Find(&pending).Error; err != nil {
		return nil, err
	}
	var out []RowChange
	for i := range pending {
		r := &pending[i]
		to, reason := requirements.Open(deref(r.FulfillmentType))
		if err := moveRow(tx, scope, r, to, reason, nil, nil, map[string]any{}); err != nil {
			return nil, err
		}
		out = append(out, RowChange{RowID: r.ID, RowKey: r.RowKey, From: requirements.StatusPending, To: to})
	}
	return out, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// moveRow changes a row's status (checked against the lifecycle, audited
// in the placement's trail) with its reason and evidence, plus upd.
func moveRow(tx *gorm.DB, scope string, r *PlacementRequirement, to, reason string, evidenceKind, evidenceID *string, upd map[string]any) error {
	if err := lifecycle.Requirement.Check(r.Status, to); err != nil {
		return err
	}
	upd["status"], upd["status_reason"], upd["updated_at"] = to, reason, time.Now().UTC()
	upd["evidence_kind"], upd["evidence_id"] = evidenceKind, evidenceID
	if err := tx.Model(&PlacementRequirement{}).Where("id = ?", r.ID).Updates(upd).Error; err != nil {
		return err
	}
	if r.Status != to {
		if err := auditIn(tx, scope, r.AccountID, "requirement", r.ID.String(), r.Status, to, reason); err != nil {
			return err
		}
	}
	r.Status = to
	return nil
}

func lockPlacement(tx *gorm.DB, accountID string, id uuid.UUID) (*Placement, error) {
	var p Placement
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("account_id = ? AND id = ?", accountID, id).Take(&p).Error; err != nil {
		return nil, err
	}
	return &p, nil
}

// PlacementUpdate is what PATCH /placement/{id} changes; nil leaves a
// field as it is.
type PlacementUpdate struct {
	CandidateName, CandidateEmail, CandidatePhone *string
	ATSPlacementRefID, VMSPlacementRefID          *string
	StartDate                                     *time.Time
	// Status ends the placement (COMPLETED, CANCELLED) or takes it up
	// again (ACTIVE), with Reason.
	Status, Reason string
	// Today is the day rows lapse on (for a start date moved later).
	Today time.Time
}

// UpdatePlacement changes a placement and what follows from the change:
// a new candidate name searches the registries again (a search under the
// old name cleared someone else); a later start date expires the rows
// whose documents lapse before it; a status change is checked against the
// placement lifecycle. resync says a sync must run (a search to start, a
// VMS reference to read, a placement taken up again).
func (s *Store) UpdatePlacement(ctx context.Context, accountID string, id uuid.UUID, u PlacementUpdate) (resync bool, err error) {
	err = s.tx(ctx, func(tx *gorm.DB) error {
		p, err := lockPlacement(tx, accountID, id)
		if err != nil {
			return err
		}
		scope := id.String()
		upd := map[string]any{}
		var changed []string
		set := func(col, field string, cur, v *string) bool {
			if v == nil || deref(cur) == *v {
				return false
			}
			upd[col], changed = nonEmpty(*v), append(changed, field)
			return true
		}
		renamed := set("candidate_name", "candidateName", p.CandidateName, u.CandidateName)
		set("candidate_email", "candidateEmail", p.CandidateEmail, u.CandidateEmail)
		set("candidate_phone", "candidatePhone", p.CandidatePhone, u.CandidatePhone)
		set("ats_placement_ref_id", "atsPlacementRefId", p.ATSPlacementRefID, u.ATSPlacementRefID)
		resync = set("vms_placement_ref_id", "vmsPlacementRefId", p.VMSPlacementRefID, u.VMSPlacementRefID)
		moved := u.StartDate != nil && (p.StartDate == nil || !p.StartDate.Equal(*u.StartDate))
		if moved {
			upd["start_date"], changed = *u.StartDate, append(changed, "startDate")
		}
		if u.Status != "" && u.Status != p.Status {
			if err := lifecycle.Placement.Check(p.Status, u.Status); err != nil {
				return err
			}
			upd["status"] = u.Status
			if err := auditIn(tx, scope, accountID, "placement", scope, p.Status, u.Status, u.Reason); err != nil {
				return err
			}
			resync = resync || u.Status == lifecycle.Placement.Initial
		}
		if len(upd) == 0 {
			return nil
		}
		upd["updated_at"] = time.Now().UTC()
		if err := tx.Model(&Placement{}).Where("id = ?", id).Updates(upd).Error; err != nil {
			return err
		}
		if len(changed) > 0 {
			if err := auditIn(tx, scope, accountID, "placement", scope, p.Status, p.Status, "updated "+strings.Join(changed, ", ")); err != nil {
				return err
			}
		}
		if renamed {
			var rows []PlacementRequirement
			if err := tx.Where("placement_id = ? AND fulfillment_type = 'REGISTRY_SEARCH' AND status <> ?", id, requirements.StatusSkipped).
				Find(&rows).Error; err != nil {
				return err
			}
			for i := range rows {
				r := &rows[i]
				if err := moveRow(tx, scope, r, requirements.StatusInProgress, "the candidate's name changed: searching again",
					nil, nil, map[string]any{"review": nil}); err != nil {
					return err
				}
				resync = true
			}
		}
		if moved {
			if _, err := expireRows(tx, u.Today, &id); err != nil {
				return err
			}
		}
		return refreshPackets(tx, accountID, id)
	})
	return resync, err
}

// packetStatus is what a packet's rows make it (INCOMPLETE or READY).
func packetStatus(rows []PlacementRequirement) string {
	statuses := make([]string, len(rows))
	for i, r := range rows {
		statuses[i] = r.Status
	}
	return requirements.PacketStatus(statuses)
}

// refreshPackets recomputes a placement's packets from its rows: one per
// packet group, READY when every row that is not SKIPPED is FULFILLED.
func refreshPackets(tx *gorm.DB, accountID string, placementID uuid.UUID) error {
	var rows []PlacementRequirement
	if err := tx.Select("id", "packet_group", "status", "evidence_kind", "evidence_id").Where("placement_id = ?", placementID).Find(&rows).Error; err != nil {
		return err
	}
	byGroup := map[string][]PlacementRequirement{}
	for _, r := range rows {
		byGroup[r.PacketGroup] = append(byGroup[r.PacketGroup], r)
	}
	var have []Packet
	if err := tx.Where("placement_id = ?", placementID).Find(&have).Error; err != nil {
		return err
	}
	now := time.Now().UTC()
	scope := placementID.String()
	for _, pk := range have {
		group, ok := byGroup[pk.PacketGroup]
		if !ok {
			if err := tx.Delete(&Packet{}, "id = ?", pk.ID).Error; err != nil {
				return err
			}
			continue
		}
		to := packetAfterRows(pk, packetStatus(group), rowsDigest(group))
		delete(byGroup, pk.PacketGroup)
		if to == pk.Status {
			continue
		}
		if err := lifecycle.Packet.Check(pk.Status, to); err != nil {
			return err
		}
		if err := tx.Model(&Packet{}).Where("id = ?", pk.ID).Updates(map[string]any{"status": to, "updated_at": now}).Error; err != nil {
			return err
		}
		if err := auditIn(tx, scope, accountID, "packet", pk.ID.String(), pk.Status, to, "rows of "+pk.PacketGroup); err != nil {
			return err
		}
	}
	groups := make([]string, 0, len(byGroup))
	for g := range byGroup {
		groups = append(groups, g)
	}
	slices.Sort(groups)
	for _, g := range groups {
		pk := Packet{ID: uuid.New(), AccountID: accountID, PlacementID: placementID, PacketGroup: g, Status: packetStatus(byGroup[g]), CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(&pk).Error; err != nil {
			return err
		}
		if err := auditIn(tx, scope, accountID, "packet", pk.ID.String(), "", pk.Status, "rows of "+g); err != nil {
			return err
		}
	}
	return nil
}

// RowUpdate is what a piece of evidence does to a row.
type RowUpdate struct {
	Status, Reason string
	EvidenceKind   string
	EvidenceID     string
	ExpiresAt      *time.Time
	Review         any
	// Expect, when set, is the row as its caller read it: the update is
	// made only if the row still is so under its lock. Work that read a
	// row before a slow step (a registry search, a person reading the
	// page) must not undo what someone did to it meanwhile, such as a
	// person's skip.
	Expect *RowState
}

// RowState is what a row must still be for an update to apply.
type RowState struct {
	Status string
	// EvidenceID, when not empty, is the evidence the row must still
	// name.
	EvidenceID string
}

// ErrRowMoved: the row is no longer as the update expected it; nothing
// was changed.
var ErrRowMoved = derrors.New(derrors.Conflict, "the requirement row changed since it was read: read it again")

// UpdateRow moves a placement's row to a new status with its reason and
// evidence, and refreshes the packets. Moving a row to the status it has
// with the same evidence changes nothing (a retried step).
func (s *Store) UpdateRow(ctx context.Context, accountID string, placementID, rowID uuid.UUID, u RowUpdate) (*PlacementRequirement, error) {
	var out PlacementRequirement
	err := s.tx(ctx, func(tx *gorm.DB) error {
		if _, err := lockPlacement(tx, accountID, placementID); err != nil {
			return err
		}
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("placement_id = ? AND id = ?", placementID, rowID).Take(&out).Error; err != nil {
			return err
		}
		if e := u.Expect; e != nil && (out.Status != e.Status || e.EvidenceID != "" && deref(out.EvidenceID) != e.EvidenceID) {
			return ErrRowMoved
		}
		if out.Status == u.Status && deref(out.EvidenceID) == u.EvidenceID && out.StatusReason == u.Reason {
			return nil
		}
		upd := map[string]any{"expires_at": u.ExpiresAt}
		review, err := ToJSON(u.Review)
		if err != nil {
			return err
		}
		upd["review"] = review
		if err := moveRow(tx, placementID.String(), &out, u.Status, u.Reason, nonEmpty(u.EvidenceKind), nonEmpty(u.EvidenceID), upd); err != nil {
			return err
		}
		// The row as stored now, not as it was found.
		if err := tx.Where("id = ?", rowID).Take(&out).Error; err != nil {
			return err
		}
		return refreshPackets(tx, accountID, placementID)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// CandidateRows returns the rows of a candidate's ACTIVE placements that a
// document of one of the requirement keys could fulfil: for one placement,
// or every one of the candidate's (broadcast).
func (s *Store) CandidateRows(ctx context.Context, accountID, externalID string, placementID *uuid.UUID, keys []string) ([]PlacementRequirement, map[uuid.UUID]*Placement, error) {
	q := s.db.WithContext(ctx).Table("placement_requirements r").Select("r.*").
		Joins("JOIN placements p ON p.id = r.placement_id").
		Where("p.account_id = ? AND p.status = 'ACTIVE' AND r.fulfillment_type = 'DOCUMENT' AND r.status <> 'SKIPPED'", accountID).
		Where("r.requirement_key IN ?", keys)
	if placementID != nil {
		q = q.Where("p.id = ?", *placementID)
	} else {
		q = q.Where("p.external_id = ?", externalID)
	}
	var rows []PlacementRequirement
	if err := q.Order("r.placement_id, r.sort_order").Scan(&rows).Error; err != nil {
		return nil, nil, s.fail(err)
	}
	ps := map[uuid.UUID]*Placement{}
	for _, r := range rows {
		if _, ok := ps[r.PlacementID]; ok {
			continue
		}
		var p Placement
		if err := s.db.WithContext(ctx).Where("id = ?", r.PlacementID).Take(&p).Error; err != nil {
			return nil, nil, s.fail(err)
		}
		ps[r.PlacementID] = &p
	}
	return rows, ps, nil
}

// PlacementRow returns one row of a placement of the account.
func (s *Store) PlacementRow(ctx context.Context, accountID string, placementID, rowID uuid.UUID) (*PlacementRequirement, error) {
	var r PlacementRequirement
	err := s.db.WithContext(ctx).Where("account_id = ? AND placement_id = ? AND id = ?", accountID, placementID, rowID).Take(&r).Error
	if err != nil {
		return nil, s.fail(err)
	}
	return &r, nil
}

// invalidateEvidence moves the rows a piece of evidence fulfilled to
// INVALIDATED (its document was deleted, or found fraudulent), inside tx.
func invalidateEvidence(tx *gorm.DB, kind string, ids []string, reason string) error {
	if len(ids) == 0 {
		return nil
	}
	var rows []PlacementRequirement
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("evidence_kind = ? AND evidence_id IN ? AND status = ?", kind, ids, requirements.StatusFulfilled).Find(&rows).Error; err != nil {
		return err
	}
	touched := map[uuid.UUID]string{}
	for i := range rows {
		r := &rows[i]
		if err := moveRow(tx, r.PlacementID.String(), r, requirements.StatusInvalidated, reason, r.EvidenceKind, r.EvidenceID, map[string]any{}); err != nil {
			return err
		}
		touched[r.PlacementID] = r.AccountID
	}
	for id, account := range touched {
		if err := refreshPackets(tx, account, id); err != nil {
			return err
		}
	}
	return nil
}

// ExpireRows moves fulfilled rows whose evidence lapses before the day
// they must hold on (today, or the placement's start when later) to
// EXPIRED, and returns how many.
func (s *Store) ExpireRows(ctx context.Context, today time.Time) (int, error) {
	n := 0
	err := s.tx(ctx, func(tx *gorm.DB) error {
		var err error
		n, err = expireRows(tx, today, nil)
		return err
	})
	return n, err
}

// expireRows expires the lapsed rows of every placement, or of one,
// inside tx.
func expireRows(tx *gorm.DB, today time.Time, placementID *uuid.UUID) (int, error) {
	q := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Table("placement_requirements r").Select("r.*").
		Joins("JOIN placements p ON p.id = r.placement_id").
		Where("r.status = ? AND r.expires_at IS NOT NULL AND r.expires_at < greatest(?::date, coalesce(p.start_date, ?::date))",
			requirements.StatusFulfilled, today, today)
	if placementID != nil {
		q = q.Where("p.id = ?", *placementID)
	}
	var rows []PlacementRequirement
	if err := q.Scan(&rows).Error; err != nil {
		return 0, err
	}
	touched := map[uuid.UUID]string{}
	for i := range rows {
		r := &rows[i]
		reason := "the document expired on " + r.ExpiresAt.Format(time.DateOnly)
		if err := moveRow(tx, r.PlacementID.String(), r, requirements.StatusExpired, reason, r.EvidenceKind, r.EvidenceID, map[string]any{}); err != nil {
			return 0, err
		}
		touched[r.PlacementID] = r.AccountID
	}
	for id, account := range touched {
		if err := refreshPackets(tx, account, id); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

// PlacementAudit returns a placement's trail: its own transitions and its
// rows' and packets', oldest first.
func (s *Store) PlacementAudit(ctx context.Context, accountID string, placementID uuid.UUID) ([]AuditEvent, error) {
	var n int64
	if err := s.db.WithContext(ctx).Model(&Placement{}).Where("account_id = ? AND id = ?", accountID, placementID).Count(&n).Error; err != nil {
		return nil, s.fail(err)
	}
	if n == 0 {
		return nil, derrors.ErrNotFound
	}
	var evs []AuditEvent
	err := s.db.WithContext(ctx).Where("account_id = ? AND scope_id = ?", accountID, placementID.String()).Order("id").Find(&evs).Error
	return evs, s.fail(err)
}

// RowsAwaitingLabel returns the account's AWAITING_CONFIG rows of an
// integration's placements whose label normalises to norm.
func (s *Store) RowsAwaitingLabel(ctx context.Context, accountID, vmsType, norm string) ([]PlacementRequirement, error) {
	var rows []PlacementRequirement
	err := s.db.WithContext(ctx).Table("placement_requirements r").Select("r.*").
		Joins("JOIN placements p ON p.id = r.placement_id JOIN jobs j ON j.id = p.job_id").
		Where("r.account_id = ? AND j.vms_type = ? AND r.status = ? AND r.normalized_label = ?", accountID, vmsType, requirements.StatusAwaitingConfig, norm).
		Scan(&rows).Error
	return rows, s.fail(err)
}

// RecordPlacementSyncError records why a placement's VMS could not be read.
func (s *Store) RecordPlacementSyncError(ctx context.Context, accountID string, id uuid.UUID, reason string) error {
	res := s.db.WithContext(ctx).Model(&Placement{}).Where("account_id = ? AND id = ?", accountID, id).
		Updates(map[string]any{"sync_error": reason, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return s.fail(res.Error)
	}
	if res.RowsAffected == 0 {
		return derrors.ErrNotFound
	}
	return nil
}

// RequestPlacementSyncs asks for a sync of placements (their job changed).
func (s *Store) RequestPlacementSyncs(ctx context.Context, ids []uuid.UUID) error {
	if len(ids) == 0 {
		return nil
	}
	return s.fail(s.db.WithContext(ctx).Model(&Placement{}).Where("id IN ?", ids).Update("sync_requested_at", time.Now().UTC()).Error)
}

// SyncAskedSince reports whether a job's or placement's sync was asked for
// after since (while a sync ran).
func (s *Store) SyncAskedSince(ctx context.Context, kind, accountID string, id uuid.UUID, since time.Time) (bool, error) {
	table := "jobs"
	if kind == "placement" {
		table = "placements"
	}
	var n int64
	err := s.db.WithContext(ctx).Table(table).Where("account_id = ? AND id = ? AND sync_requested_at > ?", accountID, id, since).Count(&n).Error
	return n > 0, s.fail(err)
}
