package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/lifecycle"
	"github.com/clearedtostart/compliance/registrycheck"
	"github.com/clearedtostart/compliance/requirements"
)

// Packet and upload statuses beyond the rows' own (INCOMPLETE, READY).
const (
	PacketUploading = "UPLOADING"
	PacketUploaded  = "UPLOADED"
	PacketFailed    = "FAILED"
)

// PacketUpload is one upload of a packet to its VMS; its id is the task id
// the API answers with.
type PacketUpload struct {
	ID                uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID         string
	PacketID          uuid.UUID `gorm:"type:uuid"`
	PlacementID       uuid.UUID `gorm:"type:uuid"`
	PacketGroup       string
	Status            string
	IdempotencyKey    *string
	CompiledFileID    *uuid.UUID `gorm:"type:uuid"`
	SHA256            *string    `gorm:"column:sha256"`
	RowsDigest        *string
	VMSReceipt        JSON `gorm:"column:vms_receipt;type:jsonb"`
	Reason            *string
	Attempts          int
	WorkflowID        string
	WorkflowStartedAt *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
	FinishedAt        *time.Time
}

// PacketNotReady refuses an upload of a packet whose status does not allow
// one (INCOMPLETE, UPLOADED).
type PacketNotReady struct{ Status string }

func (e *PacketNotReady) Error() string {
	return fmt.Sprintf("the packet is %s: only a READY packet (or one whose upload FAILED) can be uploaded", e.Status)
}

// Packet returns a packet of the account.
func (s *Store) Packet(ctx context.Context, accountID string, id uuid.UUID) (*Packet, error) {
	var pk Packet
	if err := s.db.WithContext(ctx).Where("account_id = ? AND id = ?", accountID, id).Take(&pk).Error; err != nil {
		return nil, s.fail(err)
	}
	return &pk, nil
}

// BeginPacketUpload starts an upload of a packet: a new upload row
// (UPLOADING) with the packet moved to UPLOADING, created true. While an
// upload of the packet runs, it returns that one (created false) and
// changes nothing. A packet in another status is *PacketNotReady.
func (s *Store) BeginPacketUpload(ctx context.Context, accountID string, packetID uuid.UUID, workflowID string) (up *PacketUpload, created bool, err error) {
	err = s.tx(ctx, func(tx *gorm.DB) error {
		// The placement's lock orders this with the row changes that
		// recompute its packets.
		var pk Packet
		if err := tx.Where("account_id = ? AND id = ?", accountID, packetID).Take(&pk).Error; err != nil {
			return err
		}
		if _, err := lockPlacement(tx, accountID, pk.PlacementID); err != nil {
			return err
		}
		if err := tx.Where("id = ?", packetID).Take(&pk).Error; err != nil {
			return err
		}
		var running PacketUpload
		err := tx.Where("packet_id = ? AND status = ?", packetID, PacketUploading).Take(&running).Error
		switch {
		case err == nil:
			up = &running
			return nil
		case !errors.Is(err, gorm.ErrRecordNotFound):
			return err
		}
		if pk.Status != requirements.PacketReady && pk.Status != PacketFailed {
			return &PacketNotReady{Status: pk.Status}
		}
		if err := lifecycle.Packet.Check(pk.Status, PacketUploading); err != nil {
			return err
		}
		now := time.Now().UTC().Truncate(time.Microsecond)
		u := PacketUpload{ID: uuid.New(), AccountID: accountID, PacketID: packetID, PlacementID: pk.PlacementID, PacketGroup: pk.PacketGroup,
			Status: PacketUploading, WorkflowID: workflowID, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(&u).Error; err != nil {
			return err
		}
		if err := movePacket(tx, &pk, PacketUploading, "upload "+u.ID.String()+" began", map[string]any{"upload_reason": nil}); err != nil {
			return err
		}
		up, created = &u, true
		return nil
	})
	if err != nil {
		var nr *PacketNotReady
		if errors.As(err, &nr) {
			return nil, false, nr
		}
		return nil, false, err
	}
	return up, created, nil
}

func movePacket(tx *gorm.DB, pk *Packet, to, reason string, upd map[string]any) error {
	if err := lifecycle.Packet.Check(pk.Status, to); err != nil {
		return err
	}
	upd["status"], upd["updated_at"] = to, time.Now().UTC()
	if err := tx.Model(&Packet{}).Where("id = ?", pk.ID).Updates(upd).Error; err != nil {
		return err
	}
	if pk.Status != to {
		if err := auditIn(tx, pk.PlacementID.String(), pk.AccountID, "packet", pk.ID.String(), pk.Status, to, reason); err != nil {
			return err
		}
	}
	pk.Status = to
	return nil
}

// MarkPacketUploadStarted records that Temporal has the upload's workflow.
func (s *Store) MarkPacketUploadStarted(ctx context.Context, id uuid.UUID) error {
	return s.fail(s.db.WithContext(ctx).Exec(`UPDATE packet_uploads SET workflow_started_at = now()
		WHERE id = ? AND workflow_started_at IS NULL`, id).Error)
}

// PacketUpload returns an upload of the account.
func (s *Store) PacketUpload(ctx context.Context, accountID string, id uuid.UUID) (*PacketUpload, error) {
	var u PacketUpload
	if err := s.db.WithContext(ctx).Where("account_id = ? AND id = ?", accountID, id).Take(&u).Error; err != nil {
		return nil, s.fail(err)
	}
	return &u, nil
}

// PacketPart is one row of a packet as the compiler reads it, with the
// blob of the document that fulfils it ("" when none: a row skipped, or
// fulfilled by a person, or still open).
type PacketPart struct {
	RowID          uuid.UUID
	Label          string
	RequirementKey string
	Status         string
	EvidenceKind   string
	EvidenceID     string
	BlobKey        string
	MimeType       string
	FileName       string
}

// PacketContent is what an upload compiles: the packet's rows in sortOrder
// and the digest of their statuses and evidence.
type PacketContent struct {
	Upload     PacketUpload
	Parts      []PacketPart
	RowsDigest string
}

// PacketContent reads an upload's packet rows and their documents.
func (s *Store) PacketContent(ctx context.Context, accountID string, uploadID uuid.UUID) (*PacketContent, error) {
	db := s.db.WithContext(ctx)
	var out PacketContent
	if err := db.Where("account_id = ? AND id = ?", accountID, uploadID).Take(&out.Upload).Error; err != nil {
		return nil, s.fail(err)
	}
	var rows []PlacementRequirement
	if err := db.Where("placement_id = ? AND packet_group = ?", out.Upload.PlacementID, out.Upload.PacketGroup).
		Order("sort_order, label, id").Find(&rows).Error; err != nil {
		return nil, s.fail(err)
	}
	out.RowsDigest = rowsDigest(rows)
	for _, r := range rows {
		p := PacketPart{RowID: r.ID, Label: r.Label, RequirementKey: deref(r.RequirementKey), Status: r.Status,
			EvidenceKind: deref(r.EvidenceKind), EvidenceID: deref(r.EvidenceID)}
		// Only a fulfilled row's evidence goes into the packet.
		if r.Status == requirements.StatusFulfilled && p.EvidenceID != "" {
			if err := s.evidenceBlob(db, accountID, &p); err != nil {
				return nil, s.fail(err)
			}
		}
		out.Parts = append(out.Parts, p)
	}
	return &out, nil
}

// evidenceBlob finds the document file behind a row's evidence.
func (s *Store) evidenceBlob(db *gorm.DB, accountID string, p *PacketPart) error {
	var f struct {
		BlobKey  *string
		MimeType *string
		Name     *string
	}
	var q *gorm.DB
	switch p.EvidenceKind {
	case EvidenceSegment:
		// A segment's own PDF (its pages of the upload), named after the
		// upload.
		q = db.Raw(`SELECT s.file_key AS blob_key, 'application/pdf' AS mime_type, f.name
			FROM segments s JOIN intakes i ON i.id = s.intake_id JOIN files f ON f.id = i.file_id
			WHERE s.account_id = ? AND s.id::text = ?`, accountID, p.EvidenceID)
	case EvidenceIntake:
		q = db.Raw(`SELECT f.blob_key, f.mime_type, f.name FROM intakes i JOIN files f ON f.id = i.file_id
			WHERE i.account_id = ? AND i.id::text = ?`, accountID, p.EvidenceID)
	case EvidenceStatement:
		q = db.Raw(`SELECT f.blob_key, f.mime_type, f.name FROM statements st JOIN files f ON f.id = st.file_id
			WHERE st.account_id = ? AND st.id::text = ?`, accountID, p.EvidenceID)
	case EvidenceRegistryCheck:
		var n int64
		if err := db.Model(&RegistrySearch{}).Where("account_id = ? AND id::text = ? AND certificate_at IS NOT NULL", accountID, p.EvidenceID).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			p.BlobKey, p.MimeType, p.FileName = registrycheck.CertificateKey(p.EvidenceID), "application/pdf", "registry-check-"+p.EvidenceID+".pdf"
		}
		return nil
	default:
		return nil
	}
	if err := q.Scan(&f).Error; err != nil {
		return err
	}
	p.BlobKey, p.MimeType, p.FileName = deref(f.BlobKey), deref(f.MimeType), deref(f.Name)
	return nil
}

// rowsDigest fingerprints a packet's rows as an upload sees them: which
// rows, their status and their evidence. rows may come in any order.
func rowsDigest(rows []PlacementRequirement) string {
	lines := make([]string, len(rows))
	for i, r := range rows {
		lines[i] = strings.Join([]string{r.ID.String(), r.Status, deref(r.EvidenceKind), deref(r.EvidenceID)}, "|")
	}
	slices.Sort(lines)
	sum := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(sum[:])
}

// CompiledPacket is an upload's compiled PDF, stored in blob storage.
type CompiledPacket struct {
	BlobKey, Name, SHA256, IdempotencyKey, RowsDigest string
	Size                                              int64
}

// SetPacketCompiled records an upload's compiled PDF: its file row (one
// per blob key, so recompiling the same bytes reuses it), the packet's
// compiledFileId, and the idempotency key every send of the upload
// carries. It returns the file's id.
func (s *Store) SetPacketCompiled(ctx context.Context, accountID string, uploadID uuid.UUID, c CompiledPacket) (uuid.UUID, error) {
	var fileID uuid.UUID
	err := s.tx(ctx, func(tx *gorm.DB) error {
		var u PacketUpload
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("account_id = ? AND id = ?", accountID, uploadID).Take(&u).Error; err != nil {
			return err
		}
		if u.Status != PacketUploading {
			return derrors.Newf(derrors.Conflict, "upload %s is %s", uploadID, u.Status)
		}
		f := File{ID: uuid.New(), AccountID: accountID, BlobKey: c.BlobKey, Name: &c.Name, MimeType: "application/pdf",
			SizeBytes: c.Size, SHA256: c.SHA256, CreatedAt: time.Now().UTC()}
		if err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "blob_key"}}, DoNothing: true}).Create(&f).Error; err != nil {
			return err
		}
		var stored File
		if err := tx.Where("blob_key = ?", c.BlobKey).Take(&stored).Error; err != nil {
			return err
		}
		fileID = stored.ID
		if err := tx.Model(&PacketUpload{}).Where("id = ?", uploadID).Updates(map[string]any{
			"compiled_file_id": fileID, "sha256": c.SHA256, "idempotency_key": c.IdempotencyKey, "rows_digest": c.RowsDigest,
			"updated_at": time.Now().UTC(),
		}).Error; err != nil {
			return err
		}
		return tx.Model(&Packet{}).Where("id = ?", u.PacketID).Updates(map[string]any{"compiled_file_id": fileID, "updated_at": time.Now().UTC()}).Error
	})
	return fileID, err
}

// CountPacketSend records one more send of an upload and returns the
// upload as stored (its idempotency key set by SetPacketCompiled).
func (s *Store) CountPacketSend(ctx context.Context, accountID string, uploadID uuid.UUID) (*PacketUpload, error) {
	var u PacketUpload
	err := s.tx(ctx, func(tx *gorm.DB) error {
		if err := tx.Exec(`UPDATE packet_uploads SET attempts = attempts + 1, updated_at = now() WHERE account_id = ? AND id = ?`, accountID, uploadID).Error; err != nil {
			return err
		}
		return tx.Where("account_id = ? AND id = ?", accountID, uploadID).Take(&u).Error
	})
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// UploadOutcome is how an upload ended.
type UploadOutcome struct {
	Status  string // UPLOADED or FAILED
	Receipt any    // the VMS's receipt (UPLOADED)
	Reason  string // the VMS's reason (FAILED)
	At      time.Time
}

// FinishPacketUpload ends an upload and moves its packet to UPLOADED (with
// uploadedAt) or FAILED (with the reason). Rows that changed while it ran
// then send the packet on to INCOMPLETE or READY. Ending an upload that
// already ended changes nothing.
func (s *Store) FinishPacketUpload(ctx context.Context, accountID string, uploadID uuid.UUID, o UploadOutcome) (*PacketUpload, error) {
	if o.Status != PacketUploaded && o.Status != PacketFailed {
		return nil, fmt.Errorf("store: an upload cannot end %s", o.Status)
	}
	var out PacketUpload
	err := s.tx(ctx, func(tx *gorm.DB) error {
		var u PacketUpload
		if err := tx.Where("account_id = ? AND id = ?", accountID, uploadID).Take(&u).Error; err != nil {
			return err
		}
		if _, err := lockPlacement(tx, accountID, u.PlacementID); err != nil {
			return err
		}
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", uploadID).Take(&u).Error; err != nil {
			return err
		}
		if u.Status != PacketUploading {
			out = u
			return nil
		}
		receipt, err := ToJSON(o.Receipt)
		if err != nil {
			return err
		}
		at := o.At.UTC().Truncate(time.Microsecond)
		upd := map[string]any{"status": o.Status, "vms_receipt": receipt, "reason": nonEmpty(o.Reason), "finished_at": at, "updated_at": at}
		if err := tx.Model(&PacketUpload{}).Where("id = ?", uploadID).Updates(upd).Error; err != nil {
			return err
		}
		var pk Packet
		if err := tx.Where("id = ?", u.PacketID).Take(&pk).Error; err != nil {
			return err
		}
		digest := deref(u.RowsDigest)
		if u.RowsDigest == nil {
			// Failed before it compiled: it stays FAILED until its rows
			// change from what they are now.
			var rows []PlacementRequirement
			if err := tx.Where("placement_id = ? AND packet_group = ?", u.PlacementID, u.PacketGroup).Find(&rows).Error; err != nil {
				return err
			}
			digest = rowsDigest(rows)
		}
		pupd := map[string]any{"upload_digest": digest}
		reason := "upload " + uploadID.String() + " sent"
		if o.Status == PacketUploaded {
			pupd["uploaded_at"], pupd["upload_reason"] = at, nil
		} else {
			pupd["upload_reason"] = o.Reason
			reason = "upload " + uploadID.String() + " failed: " + o.Reason
		}
		if err := movePacket(tx, &pk, o.Status, reason, pupd); err != nil {
			return err
		}
		if err := refreshPackets(tx, accountID, u.PlacementID); err != nil {
			return err
		}
		return tx.Where("id = ?", uploadID).Take(&out).Error
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// packetAfterRows is a packet's status once its rows (whose READY or
// INCOMPLETE is computed) and their digest are known: an upload running
// keeps it UPLOADING; an uploaded or failed packet stays so until its rows
// differ from what the upload compiled, then needs a new upload.
func packetAfterRows(pk Packet, computed, digest string) string {
	switch pk.Status {
	case PacketUploading:
		return pk.Status
	case PacketUploaded:
		if pk.UploadDigest != nil && *pk.UploadDigest == digest {
			return pk.Status
		}
	case PacketFailed:
		if computed == requirements.PacketReady && pk.UploadDigest != nil && *pk.UploadDigest == digest {
			return pk.Status
		}
	}
	return computed
}

// AbandonPacketUpload ends an upload whose workflow could not be started:
// the upload FAILED with the reason, its packet back to what it was
// before (READY, or FAILED), so the caller can ask again. An upload that
// began meanwhile (its workflow started after all) is left running.
func (s *Store) AbandonPacketUpload(ctx context.Context, accountID string, uploadID uuid.UUID, reason string) error {
	return s.tx(ctx, func(tx *gorm.DB) error {
		var u PacketUpload
		if err := tx.Where("account_id = ? AND id = ?", accountID, uploadID).Take(&u).Error; err != nil {
			return err
		}
		if _, err := lockPlacement(tx, accountID, u.PlacementID); err != nil {
			return err
		}
		res := tx.Model(&PacketUpload{}).Where("id = ? AND status = ? AND workflow_started_at IS NULL AND attempts = 0 AND sha256 IS NULL", uploadID, PacketUploading).
			Updates(map[string]any{"status": PacketFailed, "reason": reason, "finished_at": time.Now().UTC(), "updated_at": time.Now().UTC()})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		var pk Packet
		if err := tx.Where("id = ?", u.PacketID).Take(&pk).Error; err != nil {
			return err
		}
		if pk.Status != PacketUploading {
			return nil
		}
		if err := movePacket(tx, &pk, requirements.PacketReady, "upload "+uploadID.String()+" not started: "+reason, map[string]any{}); err != nil {
			return err
		}
		return refreshPackets(tx, accountID, u.PlacementID)
	})
}

// UnstartedUploads lists running uploads created before cutoff whose
// workflow was never confirmed started (the API died between storing the
// upload and starting it), oldest first.
func (s *Store) UnstartedUploads(ctx context.Context, cutoff time.Time, limit int) ([]PacketUpload, error) {
	var out []PacketUpload
	err := s.db.WithContext(ctx).Where("workflow_started_at IS NULL AND status = ? AND created_at < ?", PacketUploading, cutoff).
		Order("created_at").Limit(limit).Find(&out).Error
	return out, s.fail(err)
}
