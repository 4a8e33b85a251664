package activities

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/packetpdf"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/vms"
	"github.com/clearedtostart/compliance/workflows"
)

type packetStore interface {
	PacketContent(ctx context.Context, accountID string, uploadID uuid.UUID) (*store.PacketContent, error)
	SetPacketCompiled(ctx context.Context, accountID string, uploadID uuid.UUID, c store.CompiledPacket) (uuid.UUID, error)
	CountPacketSend(ctx context.Context, accountID string, uploadID uuid.UUID) (*store.PacketUpload, error)
	FinishPacketUpload(ctx context.Context, accountID string, uploadID uuid.UUID, o store.UploadOutcome) (*store.PacketUpload, error)
}

// CoverTemplate is the statement template of a packet's cover sheet.
const CoverTemplate = "coversheet"

// PacketBlobKey is where a packet's compiled PDF is kept: named by its
// bytes, so compiling the same packet again writes the same object.
func PacketBlobKey(packetID, sha string) string { return "packets/" + packetID + "/" + sha + ".pdf" }

// packetFileName is the compiled packet's file name, at the VMS too.
func packetFileName(group string) string {
	name := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '-'
	}, group)
	return name + "-packet.pdf"
}

// uploadGone is the answer for an upload that is not running any more (it
// ended, or its packet was deleted).
func uploadGone(id uuid.UUID, status string) error {
	return temporal.NewNonRetryableApplicationError(fmt.Sprintf("upload %s is %s", id, status), workflows.ErrGone, nil)
}

func badPacket(reason string, cause error) error {
	return temporal.NewNonRetryableApplicationError(reason, workflows.ErrBadPacket, cause)
}

// CompilePacket compiles an upload's packet: the cover sheet (rendered
// from the placement, candidate, job and the packet's rows, dated by the
// upload's creation so that a recompilation is byte-identical), then the
// document of each fulfilled row in sortOrder, an image document as a
// page of its own. It stores the PDF and fixes the upload's idempotency
// key from the packet and the compiled bytes before anything is sent.
func (a *Activities) CompilePacket(ctx context.Context, in workflows.PacketUploadInput) (workflows.CompilePacketResult, error) {
	stop := heartbeat(ctx)
	defer stop()
	var out workflows.CompilePacketResult
	id, content, err := lookup(ctx, a.store.PacketContent, in.AccountID, "upload_id", in.UploadID)
	if err != nil {
		return out, err
	}
	up := content.Upload
	if up.Status != store.PacketUploading {
		return out, uploadGone(id, up.Status)
	}
	if a.statements == nil {
		return out, temporal.NewNonRetryableApplicationError("no statement renderer is configured for cover sheets", workflows.ErrBadInput, nil)
	}
	placementID := up.PlacementID
	data, err := a.statementData(ctx, StatementDataInput{AccountID: in.AccountID, PlacementID: &placementID,
		PacketGroup: up.PacketGroup, GeneratedAt: up.CreatedAt})
	if err != nil {
		return out, err
	}
	if data.Placement.ID == "" {
		// A statement renders blanks for a placement that is gone; a
		// packet upload has nothing left to send.
		return out, classify(derrors.New(derrors.NotFound, "the packet's placement was deleted"))
	}
	data.InPacket = true
	cover, err := a.statements.Render(ctx, CoverTemplate, data)
	if err != nil {
		return out, fmt.Errorf("cover sheet: %w", err)
	}
	packet := packetpdf.Packet{Title: packetTitle(up.PacketGroup, data.Job.Title), Cover: cover}
	for _, part := range content.Parts {
		if part.BlobKey == "" {
			continue // listed on the cover sheet only
		}
		b, err := a.blobs.Get(ctx, part.BlobKey)
		if errors.Is(err, blobstore.ErrNotFound) {
			return out, badPacket(fmt.Sprintf("the document of %q is missing from storage", part.Label), err)
		}
		if err != nil {
			return out, err
		}
		packet.Parts = append(packet.Parts, packetpdf.Part{Title: part.Label, Content: b, MimeType: part.MimeType})
	}
	pdf, err := packetpdf.Compile(ctx, packet)
	if errors.Is(err, packetpdf.ErrBadPart) {
		return out, badPacket(err.Error(), err)
	}
	if err != nil {
		return out, fmt.Errorf("compiling packet %s: %w", up.PacketID, err)
	}
	sum := sha256.Sum256(pdf)
	sha := hex.EncodeToString(sum[:])
	key := PacketBlobKey(up.PacketID.String(), sha)
	if err := a.blobs.PutBytes(ctx, key, pdf, "application/pdf"); err != nil {
		return out, err
	}
	fileID, err := a.store.SetPacketCompiled(ctx, in.AccountID, id, store.CompiledPacket{
		BlobKey: key, Name: packetFileName(up.PacketGroup), SHA256: sha, Size: int64(len(pdf)),
		IdempotencyKey: IdempotencyKey(up.PacketID.String(), sha), RowsDigest: content.RowsDigest,
	})
	if err != nil {
		return out, classify(err)
	}
	a.log.Info("packet compiled", "packet_id", up.PacketID, "upload_id", id, "bytes", len(pdf), "parts", len(packet.Parts))
	return workflows.CompilePacketResult{FileID: fileID.String(), SHA256: sha, VMSType: data.Job.VMSType}, nil
}

// IdempotencyKey is the key an upload is sent with: the packet and the
// compiled bytes, so every send of the same compiled packet (a retry, a
// send after the worker died) is one upload to the VMS.
func IdempotencyKey(packetID, sha string) string { return packetID + "-" + sha }

func packetTitle(group, jobTitle string) string {
	if jobTitle == "" {
		return group + " packet"
	}
	return jobTitle + " - " + group + " packet"
}

// UploadPacket sends an upload's compiled packet to the placement's VMS
// with the upload's idempotency key. A transient failure is retried by
// the workflow; the VMS's refusals are final.
func (a *Activities) UploadPacket(ctx context.Context, in workflows.PacketUploadInput) (workflows.UploadPacketResult, error) {
	stop := heartbeat(ctx)
	defer stop()
	var out workflows.UploadPacketResult
	id, err := parseID("upload_id", in.UploadID)
	if err != nil {
		return out, err
	}
	up, err := a.store.CountPacketSend(ctx, in.AccountID, id)
	if err != nil {
		return out, classify(err)
	}
	if up.Status != store.PacketUploading {
		return out, uploadGone(id, up.Status)
	}
	if up.IdempotencyKey == nil || up.SHA256 == nil {
		return out, temporal.NewNonRetryableApplicationError("upload "+id.String()+" was not compiled", workflows.ErrBadInput, nil)
	}
	pdf, err := a.blobs.Get(ctx, PacketBlobKey(up.PacketID.String(), *up.SHA256))
	if err != nil {
		return out, classify(err)
	}
	p, err := a.store.Placement(ctx, in.AccountID, up.PlacementID)
	if err != nil {
		return out, classify(err)
	}
	ref := deref(p.VMSPlacementRefID)
	if ref == "" || p.Job == nil {
		return out, temporal.NewNonRetryableApplicationError("the placement has no vmsPlacementRefId: its VMS cannot be told where the packet goes", workflows.ErrRefused, nil)
	}
	conn, err := a.connector(p.Job.VMSType)
	if err != nil {
		return out, err
	}
	rc, err := conn.UploadPacket(ctx, vms.Upload{PlacementRef: ref, PacketGroup: up.PacketGroup, IdempotencyKey: *up.IdempotencyKey,
		FileName: packetFileName(up.PacketGroup), PDF: bytes.NewReader(pdf), Size: int64(len(pdf))})
	if err != nil {
		return out, partyError(err, vms.Reason(err), "the VMS refused the packet", vms.Retryable(err), vms.RetryAfter(err), "VMSUnavailable", workflows.ErrRefused)
	}
	a.log.Info("packet sent", "packet_id", up.PacketID, "upload_id", id, "receipt", rc.ID, "duplicate", rc.Duplicate, "attempt", up.Attempts)
	return workflows.UploadPacketResult{ReceiptID: rc.ID, ReceivedAt: rc.ReceivedAt, Duplicate: rc.Duplicate}, nil
}

// uploadReceipt is the VMS's receipt as an upload keeps it.
type uploadReceipt struct {
	ID         string    `json:"id"`
	ReceivedAt time.Time `json:"receivedAt"`
	Duplicate  bool      `json:"duplicate"`
}

// FinishUpload ends an upload: UPLOADED with the VMS's receipt (uploadedAt
// is when the VMS first received it), or FAILED with the reason.
func (a *Activities) FinishUpload(ctx context.Context, in workflows.FinishUploadInput) error {
	id, err := parseID("upload_id", in.UploadID)
	if err != nil {
		return err
	}
	o := store.UploadOutcome{Status: in.Status, Reason: in.Reason, At: time.Now().UTC()}
	if in.Receipt != nil {
		o.Receipt = uploadReceipt{ID: in.Receipt.ReceiptID, ReceivedAt: in.Receipt.ReceivedAt, Duplicate: in.Receipt.Duplicate}
		if !in.Receipt.ReceivedAt.IsZero() {
			o.At = in.Receipt.ReceivedAt
		}
	}
	if in.Status != workflows.UploadUploaded && in.Status != workflows.UploadFailed {
		return temporal.NewNonRetryableApplicationError("an upload cannot end "+in.Status, workflows.ErrBadInput, nil)
	}
	if _, err := a.store.FinishPacketUpload(ctx, in.AccountID, id, o); err != nil {
		return classify(err)
	}
	return nil
}
