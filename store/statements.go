package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/requirements"
)

// KindStatement is a statement known to the resumer.
const KindStatement = "statement"

// Statement statuses: the complete set.
const (
	StatementPending = "PENDING"
	StatementReady   = "READY"
	StatementFailed  = "FAILED"
)

// Statement is a document rendered from a template key and the data of a
// candidate and placement.
type Statement struct {
	ID             uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID      string
	Template       string
	ExternalUserID string
	PartnerID      string
	CandidateID    string
	// PlacementID is the placement PartnerID named (nil when it named
	// none, or the placement was deleted).
	PlacementID *uuid.UUID `gorm:"type:uuid"`
	// PlacementRequirementID is the STATEMENT row the statement fulfils.
	PlacementRequirementID *uuid.UUID `gorm:"type:uuid"`
	Status                 string
	Reason                 string
	FileID                 *uuid.UUID `gorm:"type:uuid"`
	WorkflowID             string
	WorkflowStartedAt      *time.Time
	CreatedAt              time.Time
	UpdatedAt              time.Time

	// File is loaded with a READY statement (not a column).
	File *File `gorm:"-"`
}

// StatementInput is what a caller asks for (POST /statement).
type StatementInput struct {
	AccountID      string
	Template       string
	ExternalUserID string
	PartnerID      string
	CandidateID    string
}

// CreateStatement stores a PENDING statement. PartnerID names a placement
// of the account by its id, else by its ATS or VMS placement reference; a
// partner id that names none is kept as sent and the statement renders
// without placement data. Its workflow is started by the caller (and by
// the resumer when that start did not go through).
func (s *Store) CreateStatement(ctx context.Context, in StatementInput, workflowID func(uuid.UUID) string) (*Statement, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	st := &Statement{ID: uuid.New(), AccountID: in.AccountID, Template: in.Template, ExternalUserID: in.ExternalUserID,
		PartnerID: in.PartnerID, CandidateID: in.CandidateID, Status: StatementPending, CreatedAt: now, UpdatedAt: now}
	st.WorkflowID = workflowID(st.ID)
	err := s.tx(ctx, func(tx *gorm.DB) error {
		pid, err := partnerPlacement(tx, in.AccountID, in.PartnerID)
		if err != nil {
			return err
		}
		st.PlacementID = pid
		if err := touchExternalUser(tx, in.AccountID, in.ExternalUserID); err != nil {
			return err
		}
		if err := tx.Create(st).Error; err != nil {
			return err
		}
		return audit(tx, in.AccountID, KindStatement, st.ID.String(), "", st.Status, "created: "+in.Template)
	})
	if err != nil {
		return nil, err
	}
	return st, nil
}

// partnerPlacement finds the placement a partner id names: a placement id
// of the account, else its ATS or VMS placement reference (the newest when
// several share it). None is nil, not an error.
func partnerPlacement(tx *gorm.DB, accountID, partnerID string) (*uuid.UUID, error) {
	if partnerID == "" {
		return nil, nil
	}
	q := tx.Model(&Placement{}).Select("id").Where("account_id = ?", accountID)
	if id, err := uuid.Parse(partnerID); err == nil {
		q = q.Where("id = ? OR ats_placement_ref_id = ? OR vms_placement_ref_id = ?", id, partnerID, partnerID)
	} else {
		q = q.Where("ats_placement_ref_id = ? OR vms_placement_ref_id = ?", partnerID, partnerID)
	}
	var ids []uuid.UUID
	// A placement's own id wins over another's reference that happens to
	// spell it.
	if err := q.Order(clause.Expr{SQL: "id::text = ? DESC, created_at DESC", Vars: []any{partnerID}}).Limit(1).Pluck("id", &ids).Error; err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, nil
	}
	return &ids[0], nil
}

// Statement returns a statement of the account, with its file once READY.
func (s *Store) Statement(ctx context.Context, accountID string, id uuid.UUID) (*Statement, error) {
	db := s.db.WithContext(ctx)
	st, err := take[Statement](db, accountID, id)
	if err != nil {
		return nil, s.fail(err)
	}
	if st.FileID != nil {
		if st.File, err = takeByID[File](db, *st.FileID); err != nil {
			return nil, s.fail(err)
		}
	}
	return st, nil
}

// FinishStatement records a rendered statement: its file (stored in the
// same transaction) and READY; when it fulfils a STATEMENT row that waits
// for it, the row moves to FULFILLED with the statement as its evidence
// and the packets follow. Finishing a READY statement again changes
// nothing (a retried step).
func (s *Store) FinishStatement(ctx context.Context, accountID string, id uuid.UUID, f *File) (*Statement, error) {
	return s.changeStatement(ctx, accountID, id, func(tx *gorm.DB, st *Statement) error {
		if st.Status == StatementReady {
			return nil
		}
		if err := tx.Create(f).Error; err != nil {
			return err
		}
		now := time.Now().UTC()
		if err := tx.Model(&Statement{}).Where("id = ?", id).
			Updates(map[string]any{"status": StatementReady, "reason": "", "file_id": f.ID, "updated_at": now}).Error; err != nil {
			return err
		}
		if err := audit(tx, accountID, KindStatement, id.String(), st.Status, StatementReady, "rendered"); err != nil {
			return err
		}
		st.Status, st.Reason, st.FileID, st.File = StatementReady, "", &f.ID, f
		r, err := waitingRow(tx, st)
		if err != nil || r == nil {
			return err
		}
		kind, sid := EvidenceStatement, st.ID.String()
		if err := moveRow(tx, r.PlacementID.String(), r, requirements.StatusFulfilled, "statement "+sid+" is ready", &kind, &sid, map[string]any{}); err != nil {
			return err
		}
		return refreshPackets(tx, r.AccountID, r.PlacementID)
	})
}

// changeStatement runs change on statement id, locked, in a transaction
// and returns the statement as change left it.
func (s *Store) changeStatement(ctx context.Context, accountID string, id uuid.UUID, change func(tx *gorm.DB, st *Statement) error) (*Statement, error) {
	var out *Statement
	err := s.tx(ctx, func(tx *gorm.DB) error {
		st, err := takeOne[Statement](tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("account_id = ? AND id = ?", accountID, id))
		if err != nil {
			return err
		}
		out = st
		return change(tx, st)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// waitingRow is the STATEMENT row st was made for, locked with its
// placement, while it waits for st (IN_PROGRESS); nil when st was made for
// no row, the row is gone, or it has moved on (skipped, fulfilled by
// someone) and stays as it is.
func waitingRow(tx *gorm.DB, st *Statement) (*PlacementRequirement, error) {
	if st.PlacementRequirementID == nil {
		return nil, nil
	}
	rowID := *st.PlacementRequirementID
	var r PlacementRequirement
	if err := tx.Where("id = ?", rowID).Take(&r).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, nil
		}
		return nil, err
	}
	if _, err := lockPlacement(tx, r.AccountID, r.PlacementID); err != nil {
		return nil, err
	}
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", rowID).Take(&r).Error; err != nil {
		return nil, err
	}
	if r.Status != requirements.StatusInProgress {
		return nil, nil
	}
	return &r, nil
}

// FailStatement records that a statement could not be rendered, with the
// reason. A STATEMENT row it was made for stays IN_PROGRESS and shows the
// reason. A READY statement stays READY.
func (s *Store) FailStatement(ctx context.Context, accountID string, id uuid.UUID, reason string) (*Statement, error) {
	return s.changeStatement(ctx, accountID, id, func(tx *gorm.DB, st *Statement) error {
		if st.Status != StatementPending {
			return nil
		}
		if err := tx.Model(&Statement{}).Where("id = ?", id).
			Updates(map[string]any{"status": StatementFailed, "reason": reason, "updated_at": time.Now().UTC()}).Error; err != nil {
			return err
		}
		if err := audit(tx, accountID, KindStatement, id.String(), st.Status, StatementFailed, reason); err != nil {
			return err
		}
		st.Status, st.Reason = StatementFailed, reason
		r, err := waitingRow(tx, st)
		if err != nil || r == nil {
			return err
		}
		return moveRow(tx, r.PlacementID.String(), r, requirements.StatusInProgress, "its statement "+id.String()+" failed: "+reason,
			nil, nil, map[string]any{})
	})
}

// EnsureRowStatements creates the missing statements of a placement's
// STATEMENT rows that are IN_PROGRESS (one per row, also under concurrent
// syncs: the row is unique among statements), each with the template
// templateOf gives for the row's requirement key (a row whose key has none
// is left as it is). A row open again after its statement was READY (it
// was skipped and came back) gets a new one, on today's data; the old one
// is kept, no longer the row's. A row whose statement FAILED keeps it and
// its reason, for a person to see. It returns the statements whose
// workflow is not known to be started: the new ones and any left over
// from an earlier start that did not go through.
func (s *Store) EnsureRowStatements(ctx context.Context, accountID string, placementID uuid.UUID, templateOf func(requirementKey string) string, workflowID func(uuid.UUID) string) ([]Statement, error) {
	var out []Statement
	err := s.tx(ctx, func(tx *gorm.DB) error {
		p, err := lockPlacement(tx, accountID, placementID)
		if err != nil {
			return err
		}
		var rows []PlacementRequirement
		if err := tx.Where("placement_id = ? AND fulfillment_type = 'STATEMENT' AND status = ?", placementID, requirements.StatusInProgress).
			Order("sort_order, id").Find(&rows).Error; err != nil {
			return err
		}
		for i := range rows {
			r := &rows[i]
			tmpl := templateOf(deref(r.RequirementKey))
			if tmpl == "" {
				continue
			}
			if err := tx.Model(&Statement{}).Where("placement_requirement_id = ? AND status = ?", r.ID, StatementReady).
				Updates(map[string]any{"placement_requirement_id": nil, "updated_at": time.Now().UTC()}).Error; err != nil {
				return err
			}
			now := time.Now().UTC().Truncate(time.Microsecond)
			st := Statement{ID: uuid.New(), AccountID: accountID, Template: tmpl, ExternalUserID: p.ExternalID, PartnerID: p.ID.String(),
				CandidateID: p.ExternalID, PlacementID: &p.ID, PlacementRequirementID: &r.ID, Status: StatementPending, CreatedAt: now, UpdatedAt: now}
			st.WorkflowID = workflowID(st.ID)
			res := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "placement_requirement_id"}},
				TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "placement_requirement_id IS NOT NULL"}}}, DoNothing: true}).Create(&st)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 0 {
				continue
			}
			if err := audit(tx, accountID, KindStatement, st.ID.String(), "", st.Status, "created for requirement "+r.Label); err != nil {
				return err
			}
			if err := moveRow(tx, p.ID.String(), r, requirements.StatusInProgress, "waiting for its statement "+st.ID.String(), nil, nil, map[string]any{}); err != nil {
				return err
			}
		}
		return tx.Where("placement_id = ? AND placement_requirement_id IS NOT NULL AND workflow_started_at IS NULL AND status = ?", placementID, StatementPending).
			Order("created_at, id").Find(&out).Error
	})
	return out, err
}

// UnstartedStatements lists the PENDING statements created before cutoff
// whose workflow was never confirmed started, oldest first.
func (s *Store) UnstartedStatements(ctx context.Context, cutoff time.Time, limit int) ([]Statement, error) {
	var out []Statement
	err := s.db.WithContext(ctx).Where("workflow_started_at IS NULL AND status = ? AND created_at < ?", StatementPending, cutoff).
		Order("created_at").Limit(limit).Find(&out).Error
	return out, s.fail(err)
}

// CandidateDetails is what the store knows of a candidate beyond a
// placement: the names and date of birth of the newest upload that gave
// them (as sent: the date of birth is text), and the newest placement of
// the candidate.
type CandidateDetails struct {
	Context   IntakeContext
	Placement *Placement
}

// CandidateDetails returns what the account's uploads and placements say
// of the candidate with the external id. Nothing known is the zero value.
func (s *Store) CandidateDetails(ctx context.Context, accountID, externalID string) (CandidateDetails, error) {
	var out CandidateDetails
	if externalID == "" {
		return out, nil
	}
	db := s.db.WithContext(ctx)
	var contexts []JSON
	if err := db.Model(&Intake{}).Where("account_id = ? AND external_id = ? AND deleted_at IS NULL", accountID, externalID).
		Where("context->>'date_of_birth' <> '' OR context->>'last_name' <> ''").
		Order("created_at DESC").Limit(1).Pluck("context", &contexts).Error; err != nil {
		return out, s.fail(err)
	}
	if len(contexts) == 1 {
		if err := json.Unmarshal(contexts[0], &out.Context); err != nil {
			return out, fmt.Errorf("store: the context of %s's upload does not decode: %w", externalID, err)
		}
	}
	var ps []Placement
	if err := db.Where("account_id = ? AND external_id = ?", accountID, externalID).Order("created_at DESC").Limit(1).Find(&ps).Error; err != nil {
		return out, s.fail(err)
	}
	if len(ps) == 1 {
		out.Placement = &ps[0]
	}
	return out, nil
}

// RowDocument is the evidence that fulfils (or was judged for) a row: a
// document's type, the original name of its file, and its id.
type RowDocument struct {
	Type     string
	FileName string
	ID       string
}

// RowDocuments returns the evidence of each row that names one, by row
// id: a segment (its document type and upload's file), an upload, a
// statement (its template and file), a registry check.
func (s *Store) RowDocuments(ctx context.Context, accountID string, rows []PlacementRequirement) (map[uuid.UUID]RowDocument, error) {
	out := map[uuid.UUID]RowDocument{}
	byKind := map[string][]uuid.UUID{}
	for _, r := range rows {
		if r.EvidenceKind == nil || r.EvidenceID == nil {
			continue
		}
		id, err := uuid.Parse(*r.EvidenceID)
		if err != nil {
			continue
		}
		byKind[*r.EvidenceKind] = append(byKind[*r.EvidenceKind], id)
	}
	type doc struct {
		ID       uuid.UUID
		Type     *string
		FileName *string
	}
	queries := map[string]string{
		EvidenceSegment: `SELECT s.id, s.document_type AS type, f.name AS file_name FROM segments s
			JOIN intakes i ON i.id = s.intake_id JOIN files f ON f.id = i.file_id WHERE s.account_id = ? AND s.id IN ?`,
		EvidenceIntake: `SELECT i.id, NULL AS type, f.name AS file_name FROM intakes i
			JOIN files f ON f.id = i.file_id WHERE i.account_id = ? AND i.id IN ?`,
		EvidenceStatement: `SELECT st.id, 'statement: ' || st.template AS type, f.name AS file_name FROM statements st
			LEFT JOIN files f ON f.id = st.file_id WHERE st.account_id = ? AND st.id IN ?`,
		EvidenceRegistryCheck: `SELECT id, 'registry check' AS type, NULL AS file_name FROM registry_searches WHERE account_id = ? AND id IN ?`,
	}
	found := map[string]doc{}
	for kind, ids := range byKind {
		q, ok := queries[kind]
		if !ok {
			continue
		}
		var docs []doc
		if err := s.db.WithContext(ctx).Raw(q, accountID, ids).Scan(&docs).Error; err != nil {
			return nil, s.fail(err)
		}
		for _, d := range docs {
			found[kind+"/"+d.ID.String()] = d
		}
	}
	for _, r := range rows {
		if r.EvidenceKind == nil || r.EvidenceID == nil {
			continue
		}
		d, ok := found[*r.EvidenceKind+"/"+*r.EvidenceID]
		if !ok {
			continue
		}
		rd := RowDocument{Type: deref(d.Type), FileName: deref(d.FileName), ID: d.ID.String()}
		if rd.Type == "" {
			rd.Type = deref(r.DocumentType)
		}
		out[r.ID] = rd
	}
	return out, nil
}
