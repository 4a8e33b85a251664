package activities

import (
	"context"
	"testing"

	"github.com/clearedtostart/compliance/workflows"
)

func TestPurge(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	in := f.intake(t, nil)
	batch := f.prepare(t, in)
	f.run(t, nil, f.acts.ProcessSegments, batch)
	other := f.intake(t, nil)

	prefix := workflows.WorkPrefix(workflows.KindIntake, in.ID.String())
	if _, _, err := f.st.DeleteIntake(ctx, in.AccountID, in.ID); err != nil {
		t.Fatal(err)
	}
	purge := workflows.PurgeInput{Kind: workflows.KindIntake, ID: in.ID.String(), AccountID: in.AccountID, FileID: in.FileID.String()}
	var res workflows.PurgeResult
	f.run(t, &res, f.acts.Purge, purge)
	// Two page texts and two segment PDFs, and the upload itself.
	if res.Deleted != 5 {
		t.Fatalf("purge deleted %d blobs, want 5", res.Deleted)
	}
	if n, err := f.blobs.DeletePrefix(ctx, prefix); err != nil || n != 0 {
		t.Fatalf("blobs left under %s: %d %v", prefix, n, err)
	}
	if ok, err := f.blobs.Exists(ctx, in.File.BlobKey); err != nil || ok {
		t.Fatalf("the upload survived its only intake: exists=%v %v", ok, err)
	}
	tomb, _, err := f.st.Intake(ctx, in.AccountID, in.ID)
	if err != nil || tomb.PurgedAt == nil {
		t.Fatalf("tombstone not marked purged: %+v %v", tomb, err)
	}

	// Purging again (a retry after the worker died) succeeds and leaves
	// nothing behind.
	f.run(t, &res, f.acts.Purge, purge)
	if n, err := f.blobs.DeletePrefix(ctx, prefix); err != nil || n != 0 {
		t.Fatalf("blobs under %s after a second purge: %d %v", prefix, n, err)
	}

	// Another intake's upload of the same bytes is its own file.
	if ok, err := f.blobs.Exists(ctx, other.File.BlobKey); err != nil || !ok {
		t.Fatalf("another intake's upload was removed: exists=%v %v", ok, err)
	}

	// A malformed id fails at once.
	bad := purge
	bad.FileID = "file-1"
	_, err = f.env.ExecuteActivity(f.acts.Purge, bad)
	appError(t, err, workflows.ErrBadInput)
}

func TestPurgeKeepsASharedFile(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	first := f.intake(t, nil)
	second := f.intakeOfFile(t, first)
	if _, _, err := f.st.DeleteIntake(ctx, first.AccountID, first.ID); err != nil {
		t.Fatal(err)
	}
	var res workflows.PurgeResult
	f.run(t, &res, f.acts.Purge, workflows.PurgeInput{Kind: workflows.KindIntake, ID: first.ID.String(), AccountID: first.AccountID, FileID: first.FileID.String()})
	if ok, err := f.blobs.Exists(ctx, first.File.BlobKey); err != nil || !ok {
		t.Fatalf("a file still used by intake %s was removed: exists=%v %v", second.ID, ok, err)
	}
	if _, _, err := f.st.DeleteIntake(ctx, second.AccountID, second.ID); err != nil {
		t.Fatal(err)
	}
	f.run(t, &res, f.acts.Purge, workflows.PurgeInput{Kind: workflows.KindIntake, ID: second.ID.String(), AccountID: second.AccountID, FileID: second.FileID.String()})
	if ok, err := f.blobs.Exists(ctx, first.File.BlobKey); err != nil || ok {
		t.Fatalf("the file outlived its last intake: exists=%v %v", ok, err)
	}
}
