// Package resumer starts the work that should be running but is not:
// objects the API stored whose workflow start never reached Temporal
// (Temporal was down, or the API died between the two), deletes whose
// purge did not finish, job and placement syncs asked for (by a
// request, an email, a matrix or a mapping) that never began, and
// statements whose rendering never started. It is what makes "accepted" mean "will be done"
// whatever restarts in between.
//
// Several API replicas may run it at once: every workflow id is its
// object's, so each start happens once.
package resumer

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/clearedtostart/compliance/store"
)

// Store lists the stalled work.
type Store interface {
	Unstarted(ctx context.Context, cutoff time.Time, limit int) ([]store.Stalled, error)
	Unpurged(ctx context.Context, cutoff time.Time, limit int) ([]store.Stalled, error)
	UnstartedSyncs(ctx context.Context, cutoff time.Time, limit int) ([]store.StalledSync, error)
	UnstartedStatements(ctx context.Context, cutoff time.Time, limit int) ([]store.Statement, error)
	UnstartedUploads(ctx context.Context, cutoff time.Time, limit int) ([]store.PacketUpload, error)
}

// Starter starts workflows; both calls are idempotent and log their own
// failures (the next round tries again).
type Starter interface {
	StartStalled(ctx context.Context, o store.Stalled)
	PurgeStalled(ctx context.Context, o store.Stalled)
	StartStalledSync(ctx context.Context, o store.StalledSync)
	StartStalledStatement(ctx context.Context, st store.Statement)
	StartStalledUpload(ctx context.Context, up store.PacketUpload)
}

// Config configures New.
type Config struct {
	Store   Store
	Starter Starter
	// Interval is how often it looks, and how old work must be before it
	// counts as stalled (younger work is still being started normally).
	Interval time.Duration
	// Batch bounds the work taken per round (default 100).
	Batch  int
	Logger *slog.Logger
}

// Resumer is the loop.
type Resumer struct {
	store    Store
	starter  Starter
	interval time.Duration
	batch    int
	log      *slog.Logger
}

// New builds a resumer.
func New(cfg Config) (*Resumer, error) {
	if cfg.Store == nil || cfg.Starter == nil {
		return nil, errors.New("resumer: store and starter are required")
	}
	if cfg.Interval <= 0 {
		return nil, errors.New("resumer: the interval must be positive")
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 100
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Resumer{store: cfg.Store, starter: cfg.Starter, interval: cfg.Interval, batch: cfg.Batch, log: cfg.Logger.With("component", "resumer")}, nil
}

// Run resumes stalled work every interval until ctx ends.
func (r *Resumer) Run(ctx context.Context) {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		r.Once(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Once runs one round: starts what was never started, finishes
// interrupted deletes, then starts the syncs asked for and not begun, the
// statements and the packet uploads whose workflow never started.
func (r *Resumer) Once(ctx context.Context) {
	cutoff := time.Now().Add(-r.interval)
	for _, step := range []struct {
		list              func(ctx context.Context, cutoff time.Time, limit int) ([]store.Stalled, error)
		resume            func(ctx context.Context, o store.Stalled)
		listFailed, doing string
	}{
		{r.store.Unstarted, r.starter.StartStalled, "listing unstarted work failed", "starting workflow"},
		{r.store.Unpurged, r.starter.PurgeStalled, "listing unfinished deletes failed", "finishing delete"},
	} {
		stalled, err := step.list(ctx, cutoff, r.batch)
		if err != nil {
			r.log.Warn(step.listFailed, "error", err)
			return
		}
		for _, o := range stalled {
			r.log.Info(step.doing, "kind", o.Kind, "id", o.ID)
			step.resume(ctx, o)
		}
	}
	syncs, err := r.store.UnstartedSyncs(ctx, cutoff, r.batch)
	if err != nil {
		r.log.Warn("listing unstarted syncs failed", "error", err)
		return
	}
	for _, o := range syncs {
		r.log.Info("starting sync", "kind", o.Kind, "id", o.ID)
		r.starter.StartStalledSync(ctx, o)
	}
	sts, err := r.store.UnstartedStatements(ctx, cutoff, r.batch)
	if err != nil {
		r.log.Warn("listing unstarted statements failed", "error", err)
		return
	}
	for _, st := range sts {
		r.log.Info("starting statement", "id", st.ID)
		r.starter.StartStalledStatement(ctx, st)
	}
	ups, err := r.store.UnstartedUploads(ctx, cutoff, r.batch)
	if err != nil {
		r.log.Warn("listing unstarted packet uploads failed", "error", err)
		return
	}
	for _, up := range ups {
		r.log.Info("starting packet upload", "id", up.ID, "packet_id", up.PacketID)
		r.starter.StartStalledUpload(ctx, up)
	}
}
