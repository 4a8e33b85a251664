package activities

import (
	"context"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/workflows"
)

type fileStore interface {
	ReleaseFile(ctx context.Context, accountID string, fileID uuid.UUID) (string, error)
	MarkPurged(ctx context.Context, kind string, id uuid.UUID) error
}

// Purge deletes a deleted object's derived blobs and, when no other live
// object uses it, its uploaded file. Every step tolerates having run before.
func (a *Activities) Purge(ctx context.Context, in workflows.PurgeInput) (workflows.PurgeResult, error) {
	var res workflows.PurgeResult
	n, err := a.blobs.DeletePrefix(ctx, workflows.WorkPrefix(in.Kind, in.ID))
	res.Deleted += n
	if err != nil {
		return res, err
	}
	if in.FileID == "" {
		return res, nil
	}
	fileID, err := parseID("file_id", in.FileID)
	if err != nil {
		return res, err
	}
	key, err := a.store.ReleaseFile(ctx, in.AccountID, fileID)
	if err != nil {
		return res, err
	}
	if key != "" {
		if err := a.blobs.Delete(ctx, key); err != nil {
			return res, err
		}
		a.pdfs.forget(key)
		res.Deleted++
	}
	id, err := parseID("id", in.ID)
	if err != nil {
		return res, err
	}
	if err := a.store.MarkPurged(ctx, in.Kind, id); err != nil {
		return res, err
	}
	a.log.Info("purged", "kind", in.Kind, "id", in.ID, "blobs", res.Deleted)
	return res, nil
}
