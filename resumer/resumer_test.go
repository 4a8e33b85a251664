package resumer_test

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/resumer"
	"github.com/clearedtostart/compliance/store"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// recorder is a Starter that records what it was asked to start.
type recorder struct {
	mu              sync.Mutex
	started, purged []uuid.UUID
	syncs           []store.StalledSync
	statements      []uuid.UUID
	uploads         []uuid.UUID
}

// record appends v to one of r's lists; the resumer may call from several
// goroutines.
func record[T any](r *recorder, list *[]T, v T) {
	r.mu.Lock()
	defer r.mu.Unlock()
	*list = append(*list, v)
}

func (r *recorder) StartStalledUpload(_ context.Context, up store.PacketUpload) {
	record(r, &r.uploads, up.ID)
}

func (r *recorder) StartStalledStatement(_ context.Context, st store.Statement) {
	record(r, &r.statements, st.ID)
}

func (r *recorder) StartStalledSync(_ context.Context, o store.StalledSync) { record(r, &r.syncs, o) }

func (r *recorder) StartStalled(_ context.Context, o store.Stalled) { record(r, &r.started, o.ID) }

func (r *recorder) PurgeStalled(_ context.Context, o store.Stalled) { record(r, &r.purged, o.ID) }

// once runs one round of a new resumer over st with a fresh recorder, a
// little after the work was stored so that an interval of a millisecond
// has passed.
func once(t *testing.T, st resumer.Store, interval time.Duration) *recorder {
	t.Helper()
	rec := &recorder{}
	r, err := resumer.New(resumer.Config{Store: st, Starter: rec, Interval: interval, Logger: testenv.Logger(t)})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond)
	r.Once(context.Background())
	return rec
}

// newAccount makes an account of its own for a test.
func newAccount(t *testing.T, st *store.Store, prefix string) string {
	t.Helper()
	account := prefix + uuid.NewString()[:8]
	if _, err := st.EnsureAccount(context.Background(), account, ""); err != nil {
		t.Fatal(err)
	}
	return account
}

// startsOnce checks the life of one kind of unstarted work: younger than
// the interval it is left alone, older it is started, and once marked
// started it is not started again. article ("a" or "an") goes before what.
func startsOnce(t *testing.T, st resumer.Store, article, what string, id uuid.UUID, started func(*recorder) []uuid.UUID, markStarted func() error) {
	t.Helper()
	if rec := once(t, st, time.Hour); has(started(rec), id) {
		t.Fatalf("%s %s younger than the interval was started", article, what)
	}
	if rec := once(t, st, time.Millisecond); !has(started(rec), id) {
		t.Fatalf("an unstarted %s was not started: %v", what, started(rec))
	}
	if err := markStarted(); err != nil {
		t.Fatal(err)
	}
	if rec := once(t, st, time.Millisecond); has(started(rec), id) {
		t.Fatalf("a started %s was started again", what)
	}
}

func has(ids []uuid.UUID, id uuid.UUID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

func TestOnceResumesStalledWork(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	if _, err := st.EnsureAccount(ctx, "resumer", ""); err != nil {
		t.Fatal(err)
	}
	f := &store.File{ID: uuid.New(), AccountID: "resumer", BlobKey: "uploads/resumer/" + uuid.NewString(), MimeType: "application/pdf", SHA256: "x"}
	in := &store.Intake{ID: uuid.New(), AccountID: "resumer", ExternalID: "n-1", FileID: f.ID, WorkflowID: "intake/x", CreatedAt: time.Now().UTC()}
	if err := st.CreateIntake(ctx, in, f); err != nil {
		t.Fatal(err)
	}
	rec := once(t, st, time.Millisecond)
	if !has(rec.started, in.ID) || has(rec.purged, in.ID) {
		t.Fatalf("an unstarted intake: started %v purged %v", rec.started, rec.purged)
	}
	if err := st.MarkWorkflowStarted(ctx, store.KindIntake, in.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.DeleteIntake(ctx, "resumer", in.ID); err != nil {
		t.Fatal(err)
	}
	rec = once(t, st, time.Millisecond)
	if has(rec.started, in.ID) || !has(rec.purged, in.ID) {
		t.Fatalf("a deleted, unpurged intake: started %v purged %v", rec.started, rec.purged)
	}

	// Young work is still being started by the API itself: left alone.
	rec = once(t, st, time.Hour)
	if len(rec.started)+len(rec.purged) != 0 {
		t.Fatalf("work younger than the interval was resumed: %v %v", rec.started, rec.purged)
	}
}

func TestNewRefusesBadConfig(t *testing.T) {
	tests := []struct {
		name string
		cfg  resumer.Config
		want string
	}{
		{"no store", resumer.Config{Starter: &recorder{}, Interval: time.Second}, "resumer: store and starter are required"},
		{"no starter", resumer.Config{Store: testenv.Store(t), Interval: time.Second}, "resumer: store and starter are required"},
		{"no interval", resumer.Config{Store: testenv.Store(t), Starter: &recorder{}}, "resumer: the interval must be positive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := resumer.New(tt.cfg); err == nil || err.Error() != tt.want {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

func hasSync(syncs []store.StalledSync, kind string, id uuid.UUID) bool {
	for _, o := range syncs {
		if o.Kind == kind && o.ID == id {
			return true
		}
	}
	return false
}

func TestOnceStartsAskedSyncs(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	account := newAccount(t, st, "resumer-sync-")
	job, _, queued, err := st.UpsertJob(ctx, store.JobInput{AccountID: account, VMSType: "sandbox", VMSJobRefID: "ICU-" + uuid.NewString()[:6]})
	if err != nil || !queued {
		t.Fatalf("UpsertJob: queued %v, %v", queued, err)
	}
	p, _, err := st.CreatePlacement(ctx, store.PlacementInput{AccountID: account, JobID: job.ID, ExternalID: "nurse-1"})
	if err != nil {
		t.Fatal(err)
	}
	if rec := once(t, st, time.Hour); hasSync(rec.syncs, store.KindJobSync, job.ID) || hasSync(rec.syncs, store.KindPlacementSync, p.ID) {
		t.Fatalf("syncs asked within the interval were started: %v", rec.syncs)
	}
	rec := once(t, st, time.Millisecond)
	if !hasSync(rec.syncs, store.KindJobSync, job.ID) || !hasSync(rec.syncs, store.KindPlacementSync, p.ID) {
		t.Fatalf("asked syncs that never began: got %v", rec.syncs)
	}
	// A sync that began after the ask took it.
	now := time.Now().UTC()
	if err := st.BeginJobSync(ctx, account, job.ID, now); err != nil {
		t.Fatal(err)
	}
	if _, err := st.BeginPlacementSync(ctx, account, p.ID, now); err != nil {
		t.Fatal(err)
	}
	if rec := once(t, st, time.Millisecond); hasSync(rec.syncs, store.KindJobSync, job.ID) || hasSync(rec.syncs, store.KindPlacementSync, p.ID) {
		t.Fatalf("syncs that began were started again: %v", rec.syncs)
	}
	// Asked again while (or after) it ran: started again.
	if err := st.RequestPlacementSyncs(ctx, []uuid.UUID{p.ID}); err != nil {
		t.Fatal(err)
	}
	if rec := once(t, st, time.Millisecond); !hasSync(rec.syncs, store.KindPlacementSync, p.ID) || hasSync(rec.syncs, store.KindJobSync, job.ID) {
		t.Fatalf("a placement asked again: got %v", rec.syncs)
	}
}

func TestOnceStartsUnstartedStatements(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	account := newAccount(t, st, "resumer-st-")
	stmt, err := st.CreateStatement(ctx, store.StatementInput{AccountID: account, Template: "attestation", ExternalUserID: "nurse-1"},
		func(id uuid.UUID) string { return "statement/" + id.String() })
	if err != nil {
		t.Fatal(err)
	}
	startsOnce(t, st, "a", "statement", stmt.ID, func(rec *recorder) []uuid.UUID { return rec.statements },
		func() error { return st.MarkWorkflowStarted(ctx, store.KindStatement, stmt.ID) })
}

func TestOnceStartsUnstartedUploads(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	account := newAccount(t, st, "resumer-up-")
	job, _, _, err := st.UpsertJob(ctx, store.JobInput{AccountID: account, VMSType: "sandbox", VMSJobRefID: "OR-5"})
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := st.CreatePlacement(ctx, store.PlacementInput{AccountID: account, JobID: job.ID, ExternalID: "nurse-1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.ApplyPlacementRows(ctx, account, p.ID, []requirements.Row{{RowKey: "label:badge", Label: "Badge photo",
		NormalizedLabel: "badge photo", PacketGroup: "Other", SortOrder: 1, Sources: []string{requirements.SourceVMS}}}); err != nil {
		t.Fatal(err)
	}
	p, err = st.Placement(ctx, account, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.UpdateRow(ctx, account, p.ID, p.Requirements[0].ID, store.RowUpdate{Status: "SKIPPED", Reason: "waived", EvidenceKind: store.EvidencePerson, EvidenceID: "t"}); err != nil {
		t.Fatal(err)
	}
	p, err = st.Placement(ctx, account, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	up, _, err := st.BeginPacketUpload(ctx, account, p.Packets[0].ID, "packet-upload/"+p.Packets[0].ID.String())
	if err != nil {
		t.Fatal(err)
	}
	startsOnce(t, st, "an", "upload", up.ID, func(rec *recorder) []uuid.UUID { return rec.uploads },
		func() error { return st.MarkPacketUploadStarted(ctx, up.ID) })
}
