package store_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/store"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

func TestMigrateIsIdempotent(t *testing.T) {
	st := testenv.Store(t)
	applied, err := st.Migrate(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(applied) != 0 {
		t.Fatalf("second migration applied %v", applied)
	}
}

// otherHexDigit is a digit other than c: a key with its last digit
// replaced by one it already has would be the same key.
func otherHexDigit(c byte) string {
	if c == '0' {
		return "1"
	}
	return "0"
}

func TestAPIKeys(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	key, row, err := st.CreateAPIKey(ctx, "acme", "ci")
	if err != nil {
		t.Fatal(err)
	}
	got, err := st.Authenticate(ctx, key)
	if err != nil || got != "acme" {
		t.Fatalf("Authenticate = %q, %v", got, err)
	}
	for name, bad := range map[string]string{
		"wrong secret": key[:len(key)-1] + otherHexDigit(key[len(key)-1]),
		"unknown":      "cds_0123456789abcdef_" + string(make([]byte, 0)) + "00000000000000000000000000000000000000000000000000000000000000ff",
		"garbage":      "not-a-key",
		"empty":        "",
	} {
		if _, err := st.Authenticate(ctx, bad); !derrors.Is(err, derrors.Unauthorized) {
			t.Errorf("%s: err = %v, want unauthorized", name, err)
		}
	}
	if err := st.RevokeAPIKey(ctx, row.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Authenticate(ctx, key); !derrors.Is(err, derrors.Unauthorized) {
		t.Fatalf("revoked key: err = %v", err)
	}
	if err := st.RevokeAPIKey(ctx, "nope"); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("revoke unknown: %v", err)
	}
	keys, err := st.ListAPIKeys(ctx, "acme")
	if err != nil || len(keys) != 1 || keys[0].RevokedAt == nil || len(keys[0].Hash) != 0 {
		t.Fatalf("ListAPIKeys = %+v, %v", keys, err)
	}

	// A developer-chosen key, registered twice, then claimed by another account.
	if err := st.EnsureAPIKey(ctx, "dev", "a-developer-chosen-key-for-dev-use", "dev"); err != nil {
		t.Fatal(err)
	}
	if err := st.EnsureAPIKey(ctx, "dev", "a-developer-chosen-key-for-dev-use", "dev"); err != nil {
		t.Fatal(err)
	}
	if acc, err := st.Authenticate(ctx, "a-developer-chosen-key-for-dev-use"); err != nil || acc != "dev" {
		t.Fatalf("dev key: %q %v", acc, err)
	}
	if err := st.EnsureAPIKey(ctx, "other", "a-developer-chosen-key-for-dev-use", "x"); !derrors.Is(err, derrors.Conflict) {
		t.Fatalf("claiming another account's key: %v", err)
	}
}

func TestAccountDefaults(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	if _, err := st.EnsureAccount(ctx, "fresh", "Fresh Staffing"); err != nil {
		t.Fatal(err)
	}
	fs, err := st.FraudSettings(ctx, "fresh")
	if err != nil || !fs.Enabled || fs.Sensitivity != "MEDIUM" {
		t.Fatalf("FraudSettings = %+v, %v", fs, err)
	}
	if _, err := st.EnsureAccount(ctx, "Bad Id!", ""); err == nil {
		t.Fatal("an invalid account id was accepted")
	}
}

func newIntake(t *testing.T, st *store.Store, account string) (*store.Intake, *store.File) {
	t.Helper()
	ctx := context.Background()
	if _, err := st.EnsureAccount(ctx, account, ""); err != nil {
		t.Fatal(err)
	}
	f := &store.File{ID: uuid.New(), AccountID: account, BlobKey: "uploads/" + account + "/" + uuid.NewString(), MimeType: "application/pdf", SizeBytes: 10, SHA256: "x"}
	in := &store.Intake{ID: uuid.New(), AccountID: account, ExternalID: "cand-1", FileID: f.ID, WorkflowID: "intake/x",
		Validate: store.JSON(`{"requirement":"bls"}`), Context: store.JSON(`{"first_name":"Maria"}`)}
	if err := st.CreateIntake(ctx, in, f); err != nil {
		t.Fatal(err)
	}
	return in, f
}

func TestIntakeLifecycle(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	in, f := newIntake(t, st, "lifecycle")

	got, segs, err := st.Intake(ctx, "lifecycle", in.ID)
	if err != nil || got.ScanStatus != "PENDING" || len(segs) != 0 || got.File.ID != f.ID {
		t.Fatalf("Intake = %+v %v %v", got, segs, err)
	}
	// Another account sees nothing, exactly like an unknown id.
	if _, _, err := st.Intake(ctx, "someone-else", in.ID); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("other account: %v", err)
	}

	seg0, seg1 := uuid.New(), uuid.New()
	// A segment result may arrive before the split is recorded.
	typ := "bls"
	if err := st.SaveSegments(ctx, []*store.Segment{{ID: seg1, AccountID: "lifecycle", IntakeID: in.ID, Index: 1, ScanStatus: "SUCCESS", DocumentType: &typ}}); err != nil {
		t.Fatal(err)
	}
	split := []store.SplitSegment{{ID: seg0, Index: 0, PageStart: 1, PageEnd: 1}, {ID: seg1, Index: 1, PageStart: 2, PageEnd: 3}}
	for i := 0; i < 2; i++ { // retried
		if err := st.RecordSplit(ctx, "lifecycle", in.ID, 3, split); err != nil {
			t.Fatal(err)
		}
	}
	got, segs, _ = st.Intake(ctx, "lifecycle", in.ID)
	if !got.SplitDone || *got.PageCount != 3 || len(segs) != 2 || segs[0].ScanStatus != "PENDING" || segs[1].ScanStatus != "SUCCESS" || *segs[1].PageStart != 2 {
		t.Fatalf("after split: %+v %+v", got, segs)
	}
	// SUCCESS cannot go back to PENDING.
	if err := st.SaveSegments(ctx, []*store.Segment{{ID: seg1, AccountID: "lifecycle", IntakeID: in.ID, Index: 1, ScanStatus: "PENDING"}}); !derrors.Is(err, derrors.Conflict) {
		t.Fatalf("SUCCESS -> PENDING: %v", err)
	}
	if err := st.FinishIntake(ctx, "lifecycle", in.ID, store.IntakeOutcome{Status: "SUCCESS", Fraud: store.JSON(`{"result":"clean"}`)}); err != nil {
		t.Fatal(err)
	}
	if err := st.FinishIntake(ctx, "lifecycle", in.ID, store.IntakeOutcome{Status: "SUCCESS"}); err != nil {
		t.Fatalf("repeated finish: %v", err)
	}
	if err := st.FinishIntake(ctx, "lifecycle", in.ID, store.IntakeOutcome{Status: "FAILED"}); !derrors.Is(err, derrors.Conflict) {
		t.Fatalf("SUCCESS -> FAILED: %v", err)
	}
	if s, err := st.Segment(ctx, "lifecycle", in.ID, seg1); err != nil || *s.DocumentType != "bls" {
		t.Fatalf("Segment = %+v %v", s, err)
	}
	if _, err := st.Segment(ctx, "someone-else", in.ID, seg1); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("other account's segment: %v", err)
	}

	tomb, first, err := st.DeleteIntake(ctx, "lifecycle", in.ID)
	if err != nil || !first || tomb.DeletedAt == nil || tomb.Context != nil {
		t.Fatalf("DeleteIntake = %+v %v %v", tomb, first, err)
	}
	again, first, err := st.DeleteIntake(ctx, "lifecycle", in.ID)
	if err != nil || first || !again.DeletedAt.Equal(*tomb.DeletedAt) {
		t.Fatalf("second delete = %+v %v %v", again, first, err)
	}
	got, segs, err = st.Intake(ctx, "lifecycle", in.ID)
	if err != nil || got.DeletedAt == nil || len(segs) != 0 || got.Context != nil {
		t.Fatalf("tombstone = %+v %v %v", got, segs, err)
	}
	if _, err := st.Segment(ctx, "lifecycle", in.ID, seg1); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("segment of a deleted intake: %v", err)
	}
	// Processing that outlives the delete changes nothing.
	if err := st.RecordSplit(ctx, "lifecycle", in.ID, 3, split); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("split after delete: %v", err)
	}
	key, err := st.ReleaseFile(ctx, "lifecycle", f.ID)
	if err != nil || key != f.BlobKey {
		t.Fatalf("ReleaseFile = %q %v", key, err)
	}
	if _, err := st.File(ctx, "lifecycle", f.ID); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("released file: %v", err)
	}
}

func TestSharedFileIsReleasedLast(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	a, f := newIntake(t, st, "shared")
	b := &store.Intake{ID: uuid.New(), AccountID: "shared", ExternalID: "cand-2", FileID: f.ID, WorkflowID: "intake/y"}
	if err := st.CreateIntake(ctx, b, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.DeleteIntake(ctx, "shared", a.ID); err != nil {
		t.Fatal(err)
	}
	if key, err := st.ReleaseFile(ctx, "shared", f.ID); err != nil || key != "" {
		t.Fatalf("file still used by b was released: %q %v", key, err)
	}
	if _, _, err := st.DeleteIntake(ctx, "shared", b.ID); err != nil {
		t.Fatal(err)
	}
	if key, err := st.ReleaseFile(ctx, "shared", f.ID); err != nil || key != f.BlobKey {
		t.Fatalf("last user gone: %q %v", key, err)
	}
}

func TestResumerLists(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	in, _ := newIntake(t, st, "resume")
	future := time.Now().Add(time.Hour)
	stalled, err := st.Unstarted(ctx, future, 100)
	if err != nil || !containsID(stalled, in.ID) {
		t.Fatalf("unstarted = %+v %v", stalled, err)
	}
	if err := st.MarkWorkflowStarted(ctx, store.KindIntake, in.ID); err != nil {
		t.Fatal(err)
	}
	if stalled, _ = st.Unstarted(ctx, future, 100); containsID(stalled, in.ID) {
		t.Fatal("a started intake is listed")
	}
	if _, _, err := st.DeleteIntake(ctx, "resume", in.ID); err != nil {
		t.Fatal(err)
	}
	if stalled, _ = st.Unpurged(ctx, future, 100); !containsID(stalled, in.ID) {
		t.Fatal("an unpurged delete is not listed")
	}
	if err := st.MarkPurged(ctx, store.KindIntake, in.ID); err != nil {
		t.Fatal(err)
	}
	if stalled, _ = st.Unpurged(ctx, future, 100); containsID(stalled, in.ID) {
		t.Fatal("a purged delete is listed")
	}
}

func TestDocumentScanLifecycle(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	if _, err := st.EnsureAccount(ctx, "scans", ""); err != nil {
		t.Fatal(err)
	}
	f := &store.File{ID: uuid.New(), AccountID: "scans", BlobKey: "uploads/scans/" + uuid.NewString(), MimeType: "image/png", SizeBytes: 1, SHA256: "y"}
	d := &store.DocumentScan{ID: uuid.New(), AccountID: "scans", ExternalID: uuid.New(), FileID: f.ID, TaskID: uuid.New(), WorkflowID: "document-scan/x"}
	if err := st.CreateDocumentScan(ctx, d, f); err != nil {
		t.Fatal(err)
	}
	got, err := st.DocumentScan(ctx, "scans", d.ID)
	if err != nil || got.ScanStatus != "PENDING" || got.TaskStatus != "PENDING" || got.User == nil {
		t.Fatalf("DocumentScan = %+v %v", got, err)
	}
	// PENDING cannot jump to SUCCESS.
	if err := st.FinishDocumentScan(ctx, "scans", d.ID, store.ScanOutcome{Status: "SUCCESS"}); !derrors.Is(err, derrors.Conflict) {
		t.Fatalf("PENDING -> SUCCESS: %v", err)
	}
	for i := 0; i < 2; i++ {
		if err := st.StartDocumentScan(ctx, "scans", d.ID); err != nil {
			t.Fatal(err)
		}
	}
	typ, res := "bls", "VALID"
	if err := st.FinishDocumentScan(ctx, "scans", d.ID, store.ScanOutcome{Status: "SUCCESS", DocumentType: &typ, ValidationResult: &res, Fields: store.JSON(`{"a":1}`)}); err != nil {
		t.Fatal(err)
	}
	got, _ = st.DocumentScan(ctx, "scans", d.ID)
	if got.ScanStatus != "SUCCESS" || got.TaskStatus != "COMPLETED" || got.TaskStartedAt == nil || got.TaskCompletedAt == nil || *got.ValidationResult != "VALID" {
		t.Fatalf("finished scan = %+v", got)
	}
	tomb, first, err := st.DeleteDocumentScan(ctx, "scans", d.ID)
	if err != nil || !first || tomb.Fields != nil {
		t.Fatalf("delete = %+v %v %v", tomb, first, err)
	}
	if _, err := st.DocumentScan(ctx, "other", d.ID); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("other account: %v", err)
	}
}

func containsID(list []store.Stalled, id uuid.UUID) bool {
	for _, s := range list {
		if s.ID == id {
			return true
		}
	}
	return false
}
