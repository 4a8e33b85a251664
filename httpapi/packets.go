package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type packetStore interface {
	BeginPacketUpload(ctx context.Context, accountID string, packetID uuid.UUID, workflowID string) (*store.PacketUpload, bool, error)
	MarkPacketUploadStarted(ctx context.Context, id uuid.UUID) error
	AbandonPacketUpload(ctx context.Context, accountID string, uploadID uuid.UUID, reason string) error
	PacketUpload(ctx context.Context, accountID string, id uuid.UUID) (*store.PacketUpload, error)
	File(ctx context.Context, accountID string, id uuid.UUID) (*store.File, error)
}

type uploadPacketRequest struct {
	PacketID *string `json:"packet_id"`
}

// uploadTaskJSON is the answer of POST /vms/upload-packet.
type uploadTaskJSON struct {
	Status      string `json:"status"`
	TaskID      string `json:"taskId"`
	PacketID    string `json:"packetId"`
	PacketGroup string `json:"packetGroup"`
}

// uploadJSON is an upload as GET /vms/upload-packet/{taskId} shows it.
type uploadJSON struct {
	uploadTaskJSON
	PlacementID string          `json:"placementId"`
	Attempts    int             `json:"attempts"`
	UploadedAt  *time.Time      `json:"uploadedAt"`
	Reason      *string         `json:"reason"`
	Receipt     json.RawMessage `json:"receipt"`
	File        *uploadFileJSON `json:"file"`
	CreatedAt   time.Time       `json:"createdAt"`
	UpdatedAt   time.Time       `json:"updatedAt"`
}

type uploadFileJSON struct {
	ID           string  `json:"id"`
	URL          string  `json:"url"`
	MimeType     string  `json:"mimeType"`
	OriginalName *string `json:"originalName"`
	SHA256       string  `json:"sha256"`
}

// uploadPacket starts a READY packet's upload to its VMS, or answers with
// the upload that runs: one upload per packet at a time.
func (s *Server) uploadPacket(c *gin.Context) {
	var body uploadPacketRequest
	if err := bindJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	if body.PacketID == nil || strings.TrimSpace(*body.PacketID) == "" {
		fail(c, invalid("packet_id", "packet_id is required"))
		return
	}
	packetID, err := uuid.Parse(strings.TrimSpace(*body.PacketID))
	if err != nil {
		fail(c, invalid("packet_id", "packet_id must be a UUID"))
		return
	}
	ctx := c.Request.Context()
	account := accountOf(c)
	up, created, err := s.store.BeginPacketUpload(ctx, account, packetID, workflows.PacketUploadWorkflowID(packetID.String()))
	var notReady *store.PacketNotReady
	if errors.As(err, &notReady) {
		fail(c, derrors.New(derrors.PacketNotReady, notReady.Error()).WithDetails(map[string]string{"status": notReady.Status}))
		return
	}
	if err != nil {
		fail(c, err)
		return
	}
	if created || up.WorkflowStartedAt == nil {
		if !s.startUpload(ctx, up) {
			if created {
				if err := s.store.AbandonPacketUpload(context.WithoutCancel(ctx), account, up.ID, "the upload could not be started"); err != nil {
					s.logger(c).Error("could not abandon an unstarted upload", "upload_id", up.ID, "error", err)
				}
			}
			fail(c, derrors.New(derrors.Unavailable, "the upload could not be started; try again"))
			return
		}
	}
	c.JSON(http.StatusAccepted, uploadTaskJSON{Status: up.Status, TaskID: up.ID.String(), PacketID: up.PacketID.String(), PacketGroup: up.PacketGroup})
}

// startUpload starts an upload's workflow. The workflow id is the
// packet's: a later upload of the packet reuses it once the earlier run
// ended, and a start of a running one counts as started.
func (s *Server) startUpload(ctx context.Context, up *store.PacketUpload) bool {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_, err := s.workflows.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       up.WorkflowID,
		TaskQueue:                s.taskQueue,
		WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
		WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_FAIL,
		TypedSearchAttributes: temporal.NewSearchAttributes(
			temporal.NewSearchAttributeKeyKeyword(workflows.SAAccountID).ValueSet(up.AccountID),
			temporal.NewSearchAttributeKeyKeyword(workflows.SAPlacementID).ValueSet(up.PlacementID.String()),
		),
	}, workflows.PacketUploadWorkflow, workflows.PacketUploadInput{AccountID: up.AccountID, PacketID: up.PacketID.String(), UploadID: up.ID.String()})
	if err != nil && !alreadyStarted(err) {
		s.metrics.workflowStarts.WithLabelValues("PacketUploadWorkflow", "deferred").Inc()
		s.log.Warn("packet upload not started", "workflow_id", up.WorkflowID, "error", err)
		return false
	}
	s.metrics.workflowStarts.WithLabelValues("PacketUploadWorkflow", "started").Inc()
	if err := s.store.MarkPacketUploadStarted(context.WithoutCancel(ctx), up.ID); err != nil {
		s.log.Warn("could not record the upload's start", "workflow_id", up.WorkflowID, "error", err)
	}
	return true
}

// getUpload shows an upload: its status, the VMS's receipt or the reason
// it failed, and the compiled PDF once there is one.
func (s *Server) getUpload(c *gin.Context) {
	getOne(c, s.store.PacketUpload, func(ctx context.Context, up *store.PacketUpload) any {
		v := uploadJSON{
			uploadTaskJSON: uploadTaskJSON{Status: up.Status, TaskID: up.ID.String(), PacketID: up.PacketID.String(), PacketGroup: up.PacketGroup},
			PlacementID:    up.PlacementID.String(), Attempts: up.Attempts, Reason: up.Reason, CreatedAt: up.CreatedAt, UpdatedAt: up.UpdatedAt,
		}
		if up.Status == store.PacketUploaded {
			v.UploadedAt = up.FinishedAt
		}
		if len(up.VMSReceipt) > 0 && string(up.VMSReceipt) != "null" {
			v.Receipt = json.RawMessage(up.VMSReceipt)
		} else {
			v.Receipt = json.RawMessage("null")
		}
		if up.CompiledFileID != nil {
			f, err := s.store.File(ctx, up.AccountID, *up.CompiledFileID)
			if err == nil {
				v.File = &uploadFileJSON{ID: f.ID.String(), URL: s.signedURL(ctx, f.BlobKey), MimeType: f.MimeType, OriginalName: f.Name, SHA256: f.SHA256}
			} else {
				s.log.Error("compiled packet file unreadable", "upload_id", up.ID, "error", err)
			}
		}
		return v
	})
}

// StartStalledUpload starts an upload whose workflow never started (the
// resumer calls it); a failed start is tried again next round.
func (s *Server) StartStalledUpload(ctx context.Context, up store.PacketUpload) {
	s.startUpload(ctx, &up)
}
