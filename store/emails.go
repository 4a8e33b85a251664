package store

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/requirements"
)

// InboundEmail is a client email received with a requirement checklist.
type InboundEmail struct {
	ID         uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID  string
	MessageID  string
	Subject    string
	Sender     string
	JobID      *uuid.UUID `gorm:"type:uuid"`
	Status     string
	Reason     string
	JobRefs    JSON `gorm:"type:jsonb"`
	Items      JSON `gorm:"type:jsonb"`
	Exclusions JSON `gorm:"type:jsonb"`
	RawKey     string
	ReceivedAt time.Time
}

// Inbound email statuses.
const (
	EmailAttached    = "ATTACHED"
	EmailUnmatched   = "UNMATCHED"
	EmailNoChecklist = "NO_CHECKLIST"
)

// ReceiveEmail records a client email once (by its Message-ID: a gateway
// that posts it again, or the maildir and the endpoint both, get the first
// record back, duplicate true, also when they arrive at once). When it
// names a job of the account, its checklist becomes the email source of the
// first job it names (refs in the order read: subject, then body; of one
// reference's jobs in several integrations, the oldest) and the job's sync
// is asked for.
func (s *Store) ReceiveEmail(ctx context.Context, e *InboundEmail, refs []string, src requirements.Source) (out *InboundEmail, duplicate bool, err error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	err = s.tx(ctx, func(tx *gorm.DB) error {
		var cur InboundEmail
		err := tx.Where("account_id = ? AND message_id = ?", e.AccountID, e.MessageID).Take(&cur).Error
		if err == nil {
			out, duplicate = &cur, true
			return nil
		}
		if err != gorm.ErrRecordNotFound {
			return err
		}
		var jobs []Job
		if len(refs) > 0 {
			// People write references in any case ("job #slh-40217" for
			// SLH-40217); VMSs do not tell two jobs apart by case.
			upper := make([]string, len(refs))
			for i, r := range refs {
				upper[i] = strings.ToUpper(r)
			}
			if err := tx.Where("account_id = ? AND upper(vms_job_ref_id) IN ?", e.AccountID, upper).Order("created_at").Find(&jobs).Error; err != nil {
				return err
			}
			slices.SortStableFunc(jobs, func(a, b Job) int {
				return slices.Index(upper, strings.ToUpper(a.VMSJobRefID)) - slices.Index(upper, strings.ToUpper(b.VMSJobRefID))
			})
		}
		if e.JobRefs, err = ToJSON(refs); err != nil {
			return err
		}
		if e.JobRefs == nil {
			e.JobRefs = JSON("[]")
		}
		if e.Items, err = json.Marshal(src.Items); err != nil {
			return err
		}
		if e.Exclusions, err = ToJSON(src.Exclusions); err != nil {
			return err
		}
		e.ID, e.ReceivedAt = uuid.New(), now
		switch {
		case len(src.Items) == 0 && len(src.Exclusions) == 0:
			e.Status, e.Reason = EmailNoChecklist, "no requirement checklist was found in the body or the attachments"
		case len(jobs) == 0:
			e.Status, e.Reason = EmailUnmatched, "it names no job of this account (job references read: none)"
			if len(refs) > 0 {
				e.Reason = "it names no job of this account (job references read: " + joinRefs(refs) + ")"
			}
		default:
			e.Status = EmailAttached
			e.JobID = &jobs[0].ID
		}
		res := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "account_id"}, {Name: "message_id"}}, DoNothing: true}).Create(e)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			// Received meanwhile by another caller: its record stands.
			var first InboundEmail
			if err := tx.Where("account_id = ? AND message_id = ?", e.AccountID, e.MessageID).Take(&first).Error; err != nil {
				return err
			}
			out, duplicate = &first, true
			return nil
		}
		if err := audit(tx, e.AccountID, "inbound_email", e.ID.String(), "", e.Status, e.Reason); err != nil {
			return err
		}
		out = e
		if e.Status != EmailAttached {
			return nil
		}
		src.Kind, src.Ref = requirements.SourceEmail, e.MessageID
		row := JobSource{JobID: jobs[0].ID, AccountID: e.AccountID, Source: src.Kind, Ref: src.Ref, Items: e.Items, Exclusions: e.Exclusions, ReceivedAt: now}
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return tx.Model(&Job{}).Where("id = ?", jobs[0].ID).Update("sync_requested_at", now).Error
	})
	return out, duplicate, err
}

// Email returns a received email of the account.
func (s *Store) Email(ctx context.Context, accountID string, id uuid.UUID) (*InboundEmail, error) {
	var e InboundEmail
	if err := s.db.WithContext(ctx).Where("account_id = ? AND id = ?", accountID, id).Take(&e).Error; err != nil {
		return nil, s.fail(err)
	}
	return &e, nil
}

func joinRefs(refs []string) string { return strings.Join(refs, ", ") }
