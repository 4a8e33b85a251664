package workflows

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// Activities of a packet's upload.
const (
	ActCompilePacket = "CompilePacket"
	ActUploadPacket  = "UploadPacket"
	ActFinishUpload  = "FinishPacketUpload"
)

// ErrBadPacket: a packet's document cannot go into the compiled PDF (not
// a readable PDF or a supported image); details name the part.
const ErrBadPacket = "BadPacket"

// Upload outcomes (the packet's and the upload's status).
const (
	UploadUploaded = "UPLOADED"
	UploadFailed   = "FAILED"
)

// UploadAttempts is how often a packet is sent to a VMS that fails
// transiently (unreachable, 5xx, 429, timeouts) before the upload is
// FAILED: with the backoff of uploadRetry, about five minutes.
const UploadAttempts = 6

// uploadRetry paces the sends of a packet. The VMS's refusals (access,
// unknown placement, a rejected packet, an idempotency conflict) are not
// retried.
var uploadRetry = &temporal.RetryPolicy{
	InitialInterval:        5 * time.Second,
	BackoffCoefficient:     2,
	MaximumInterval:        2 * time.Minute,
	MaximumAttempts:        UploadAttempts,
	NonRetryableErrorTypes: []string{ErrBadInput, ErrGone, ErrRefused},
}

// PacketUploadWorkflowID is the workflow id of a packet's upload; a later
// upload of the same packet reuses it once the earlier one ended.
func PacketUploadWorkflowID(packetID string) string { return "packet-upload/" + packetID }

// PacketUploadInput starts PacketUploadWorkflow.
type PacketUploadInput struct {
	AccountID string `json:"account_id"`
	PacketID  string `json:"packet_id"`
	// UploadID is the upload row (the API's taskId).
	UploadID string `json:"upload_id"`
}

// CompilePacketResult is the compiled packet.
type CompilePacketResult struct {
	FileID  string `json:"file_id"`
	SHA256  string `json:"sha256"`
	Pages   int    `json:"pages"`
	VMSType string `json:"vms_type"`
}

// UploadPacketResult is the VMS's receipt.
type UploadPacketResult struct {
	ReceiptID  string    `json:"receipt_id"`
	ReceivedAt time.Time `json:"received_at"`
	Duplicate  bool      `json:"duplicate"`
}

// FinishUploadInput ends an upload.
type FinishUploadInput struct {
	AccountID string              `json:"account_id"`
	UploadID  string              `json:"upload_id"`
	Status    string              `json:"status"`
	Receipt   *UploadPacketResult `json:"receipt,omitempty"`
	Reason    string              `json:"reason,omitempty"`
}

// PacketUploadOutput is PacketUploadWorkflow's result.
type PacketUploadOutput struct {
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
}

// PacketUploadWorkflow compiles a READY packet into one PDF (cover sheet,
// then each row's document in sortOrder) and sends it to the placement's
// VMS, exactly once: the idempotency key is fixed with the compiled bytes
// before the first send, so a retried send, a send after a worker died or
// one whose answer was lost is the same upload to the VMS. The upload ends
// UPLOADED (with the receipt) or FAILED (with the reason).
func PacketUploadWorkflow(ctx workflow.Context, in PacketUploadInput) (PacketUploadOutput, error) {
	cctx := activityCtx(ctx, 5*time.Minute, 30*time.Second)
	var compiled CompilePacketResult
	err := workflow.ExecuteActivity(cctx, ActCompilePacket, in).Get(ctx, &compiled)
	if err != nil {
		if gone(err) {
			return PacketUploadOutput{Status: "GONE"}, nil
		}
		return finishUpload(ctx, in, UploadFailed, nil, failureReason(err, "compiling the packet timed out", "the packet could not be compiled"))
	}
	upsertSearch(ctx, temporal.NewSearchAttributeKeyKeyword(SAVMSType).ValueSet(compiled.VMSType))
	uctx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		// One send may wait out the connector's own timeout; a worker that
		// dies mid-send is noticed by the heartbeat.
		StartToCloseTimeout: 2 * time.Minute,
		HeartbeatTimeout:    20 * time.Second,
		RetryPolicy:         uploadRetry,
	})
	var receipt UploadPacketResult
	if err := workflow.ExecuteActivity(uctx, ActUploadPacket, in).Get(ctx, &receipt); err != nil {
		if gone(err) {
			return PacketUploadOutput{Status: "GONE"}, nil
		}
		return finishUpload(ctx, in, UploadFailed, nil, failureReason(err, "the VMS did not answer in time", "the VMS could not be reached"))
	}
	return finishUpload(ctx, in, UploadUploaded, &receipt, "")
}

func finishUpload(ctx workflow.Context, in PacketUploadInput, status string, receipt *UploadPacketResult, reason string) (PacketUploadOutput, error) {
	out := PacketUploadOutput{Status: status, Reason: reason}
	if status == UploadFailed {
		workflow.GetLogger(ctx).Warn("packet upload failed", "packet_id", in.PacketID, "upload_id", in.UploadID, "reason", reason)
	}
	if stop, err := run(ctx, activityCtx(ctx, time.Minute, 0), ActFinishUpload, FinishUploadInput{
		AccountID: in.AccountID, UploadID: in.UploadID, Status: status, Receipt: receipt, Reason: reason,
	}, nil); stop {
		if err == nil {
			out.Status = "GONE"
		}
		return out, err
	}
	return out, nil
}
