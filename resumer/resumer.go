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
// statements and the packet uploads whose workflow never started. A list
// that fails ends the round (the next round tries again).
func (r *Resumer) Once(ctx context.Context) {
	cutoff := time.Now().Add(-r.interval)
	stalled := func(o store.Stalled) []any { return []any{"kind", o.Kind, "id", o.ID} }
	for _, step := range []func(ctx context.Context, cutoff time.Time) bool{
		resumeEach(r, r.store.Unstarted, r.starter.StartStalled, "listing unstarted work failed", "starting workflow", stalled),
		resumeEach(r, r.store.Unpurged, r.starter.PurgeStalled, "listing unfinished deletes failed", "finishing delete", stalled),
		resumeEach(r, r.store.UnstartedSyncs, r.starter.StartStalledSync, "listing unstarted syncs failed", "starting sync",
			func(o store.StalledSync) []any { return []any{"kind", o.Kind, "id", o.ID} }),
		resumeEach(r, r.store.UnstartedStatements, r.starter.StartStalledStatement, "listing unstarted statements failed", "starting statement",
			func(st store.Statement) []any { return []any{"id", st.ID} }),
		resumeEach(r, r.store.UnstartedUploads, r.starter.StartStalledUpload, "listing unstarted packet uploads failed", "starting packet upload",
			func(up store.PacketUpload) []any { return []any{"id", up.ID, "packet_id", up.PacketID} }),
	} {
		if !step(ctx, cutoff) {
			return
		}
	}
}

// resumeEach is one step of a round: list one kind of stalled work older
// than the cutoff and hand each to resume, logging with attrs; false when
// the list failed.
func resumeEach[T any](r *Resumer, list func(ctx context.Context, cutoff time.Time, limit int) ([]T, error),
	resume func(ctx context.Context, o T), listFailed, doing string, attrs func(T) []any) func(context.Context, time.Time) bool {
	return func(ctx context.Context, cutoff time.Time) bool {
		items, err := list(ctx, cutoff, r.batch)
		if err != nil {
			r.log.Warn(listFailed, "error", err)
			return false
		}
		for _, o := range items {
			r.log.Info(doing, attrs(o)...)
			resume(ctx, o)
		}
		return true
	}
}
