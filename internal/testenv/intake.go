package testenv

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// Blobs is the blob storage StoreIntake writes the upload to.
type Blobs interface {
	PutBytes(ctx context.Context, key string, b []byte, contentType string) error
}

// StoreIntake stores pdf as a new upload of in's account (its blob and its
// file row) and in as that upload's PENDING intake, as the API does, with
// no workflow started. It sets in's ids, creation time and File.
func StoreIntake(t testing.TB, st *store.Store, blobs Blobs, in *store.Intake, pdf []byte) {
	t.Helper()
	ctx := context.Background()
	sum := sha256.Sum256(pdf)
	file := &store.File{ID: uuid.New(), AccountID: in.AccountID, MimeType: "application/pdf", SizeBytes: int64(len(pdf)), SHA256: hex.EncodeToString(sum[:])}
	file.BlobKey = "uploads/" + file.AccountID + "/" + file.ID.String()
	if err := blobs.PutBytes(ctx, file.BlobKey, pdf, file.MimeType); err != nil {
		t.Fatal(err)
	}
	in.ID, in.FileID, in.CreatedAt = uuid.New(), file.ID, time.Now().UTC()
	in.WorkflowID = workflows.IntakeWorkflowID(in.ID.String())
	if err := st.CreateIntake(ctx, in, file); err != nil {
		t.Fatal(err)
	}
	in.File = file
}
