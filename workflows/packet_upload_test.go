package workflows

import (
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
)

// uploadFakes stands in for the upload's activities: compile answers
// compileErr, each send answers sends[attempt-1] (nil: the receipt).
type uploadFakes struct {
	mu         sync.Mutex
	steps      []string
	compiled   []PacketUploadInput
	sent       []PacketUploadInput
	finished   []FinishUploadInput
	compileErr error
	sends      []error
}

func (f *uploadFakes) register(env *testsuite.TestWorkflowEnvironment) {
	env.RegisterActivityWithOptions(logged(&f.mu, &f.steps, ActCompilePacket, &f.compiled, func(int) (CompilePacketResult, error) {
		return CompilePacketResult{FileID: "f-1", SHA256: "abc", VMSType: "sandbox"}, f.compileErr
	}), activity.RegisterOptions{Name: ActCompilePacket})
	env.RegisterActivityWithOptions(logged(&f.mu, &f.steps, ActUploadPacket, &f.sent, func(attempt int) (UploadPacketResult, error) {
		if attempt <= len(f.sends) && f.sends[attempt-1] != nil {
			return UploadPacketResult{}, f.sends[attempt-1]
		}
		return UploadPacketResult{ReceiptID: "VMS-1", ReceivedAt: syncStart}, nil
	}), activity.RegisterOptions{Name: ActUploadPacket})
	env.RegisterActivityWithOptions(recording(&f.mu, &f.finished), activity.RegisterOptions{Name: ActFinishUpload})
}

var uploadIn = PacketUploadInput{AccountID: "acct", PacketID: "p-1", UploadID: "u-1"}

func TestPacketUploadWorkflow(t *testing.T) {
	refused := temporal.NewNonRetryableApplicationError("the VMS refused the packet: not a PDF", ErrRefused, nil)
	bad := temporal.NewNonRetryableApplicationError(`part 2 "BLS": not a readable PDF or a supported image`, ErrBadPacket, nil)
	tests := []struct {
		name       string
		compileErr error
		sends      []error
		wantStatus string
		wantReason string
		wantSends  int
		wantVMS    bool
	}{
		{"uploaded at once", nil, nil, UploadUploaded, "", 1, true},
		{"a VMS that is down twice, then answers", nil, []error{vmsDown(), vmsDown()}, UploadUploaded, "", 3, true},
		{"a VMS that stays down: FAILED after the documented attempts", nil,
			[]error{vmsDown(), vmsDown(), vmsDown(), vmsDown(), vmsDown(), vmsDown(), vmsDown()},
			UploadFailed, "the VMS answered 503 Service Unavailable", UploadAttempts, true},
		{"a refusal is not retried", nil, []error{refused}, UploadFailed, "the VMS refused the packet: not a PDF", 1, true},
		{"a document that cannot be compiled", bad, nil, UploadFailed, `part 2 "BLS": not a readable PDF or a supported image`, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &uploadFakes{compileErr: tt.compileErr, sends: tt.sends}
			env, up := syncEnv(f, PacketUploadWorkflow)
			out := completed[PacketUploadOutput](t, env, "the upload", PacketUploadWorkflow, uploadIn)
			if out.Status != tt.wantStatus || out.Reason != tt.wantReason {
				t.Errorf("output %+v, want %s %q", out, tt.wantStatus, tt.wantReason)
			}
			if len(f.sent) != tt.wantSends {
				t.Errorf("%d sends, want %d", len(f.sent), tt.wantSends)
			}
			for _, in := range f.sent {
				if in != uploadIn {
					t.Errorf("sent %+v, want the upload's own input %+v", in, uploadIn)
				}
			}
			if len(f.finished) != 1 || f.finished[0].Status != tt.wantStatus || f.finished[0].Reason != tt.wantReason || f.finished[0].UploadID != "u-1" {
				t.Fatalf("finished %+v", f.finished)
			}
			if tt.wantStatus == UploadUploaded && (f.finished[0].Receipt == nil || f.finished[0].Receipt.ReceiptID != "VMS-1") {
				t.Errorf("the receipt is not recorded: %+v", f.finished[0])
			}
			held := up.after("default-test-workflow-id", SAVMSType)
			if got := len(held) == 1 && held[0][SAVMSType] == "sandbox"; got != tt.wantVMS {
				t.Errorf("VmsType upserts %v", held)
			}
		})
	}
}

// TestPacketUploadWorkflowGone: an upload whose packet was deleted ends
// quietly, recording nothing.
func TestPacketUploadWorkflowGone(t *testing.T) {
	f := &uploadFakes{compileErr: goneErr()}
	env, _ := syncEnv(f, PacketUploadWorkflow)
	out := completed[PacketUploadOutput](t, env, "the upload", PacketUploadWorkflow, uploadIn)
	if out.Status != "GONE" || len(f.sent) != 0 || len(f.finished) != 0 {
		t.Errorf("output %+v, sends %d, finished %+v", out, len(f.sent), f.finished)
	}
}

// The retry policy is what openapi.yaml documents: six sends, backoff from
// 5 s to 2 min, about five minutes in all.
func TestUploadRetryPolicy(t *testing.T) {
	var wait time.Duration
	next := uploadRetry.InitialInterval
	for range UploadAttempts - 1 {
		wait += next
		next = min(time.Duration(float64(next)*uploadRetry.BackoffCoefficient), uploadRetry.MaximumInterval)
	}
	if UploadAttempts != 6 || wait < 2*time.Minute || wait > 6*time.Minute {
		t.Errorf("%d attempts over %s of waits", UploadAttempts, wait)
	}
}
