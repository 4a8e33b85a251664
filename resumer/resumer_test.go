package resumer_test

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/resumer"
	"github.com/clearedtostart/compliance/store"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// recorder is a Starter that records what it was asked to start.
type recorder struct {
	mu              sync.Mutex
	started, purged []uuid.UUID
}

func (r *recorder) StartStalled(_ context.Context, o store.Stalled) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.started = append(r.started, o.ID)
}

func (r *recorder) PurgeStalled(_ context.Context, o store.Stalled) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.purged = append(r.purged, o.ID)
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
	rec := &recorder{}
	r, err := resumer.New(resumer.Config{Store: st, Starter: rec, Interval: time.Millisecond, Logger: testenv.Logger(t)})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond)
	r.Once(ctx)
	if !has(rec.started, in.ID) || has(rec.purged, in.ID) {
		t.Fatalf("an unstarted intake: started %v purged %v", rec.started, rec.purged)
	}
	if err := st.MarkWorkflowStarted(ctx, store.KindIntake, in.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.DeleteIntake(ctx, "resumer", in.ID); err != nil {
		t.Fatal(err)
	}
	rec = &recorder{}
	r, _ = resumer.New(resumer.Config{Store: st, Starter: rec, Interval: time.Millisecond, Logger: testenv.Logger(t)})
	time.Sleep(5 * time.Millisecond)
	r.Once(ctx)
	if has(rec.started, in.ID) || !has(rec.purged, in.ID) {
		t.Fatalf("a deleted, unpurged intake: started %v purged %v", rec.started, rec.purged)
	}

	// Young work is still being started by the API itself: left alone.
	rec = &recorder{}
	r, _ = resumer.New(resumer.Config{Store: st, Starter: rec, Interval: time.Hour, Logger: testenv.Logger(t)})
	r.Once(ctx)
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
