package registrycheck

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/screening"
)

// Source is where the imported editions are (package store).
type Source interface {
	CurrentEditions(ctx context.Context) ([]registry.Edition, error)
	ListRecords(ctx context.Context, listID uuid.UUID, fn func(registry.Record) error) error
}

// ErrLoading: the lists are still being loaded into memory (the process
// just started); a retry in a few seconds succeeds.
var ErrLoading = errors.New("registrycheck: the registry lists are still loading")

// IndexesConfig configures NewIndexes.
type IndexesConfig struct {
	Source Source
	// Poll is how often the current editions are compared with the ones
	// in memory (default 5 s): an import in any process reaches every API
	// replica within it.
	Poll   time.Duration
	Logger *slog.Logger
}

// Indexes holds the current edition of every bulk list in memory,
// indexed for search. Searches read an immutable snapshot; a new edition
// is indexed beside the old one and swapped in at once, so a search never
// sees half a list and never waits for an import.
type Indexes struct {
	src    Source
	poll   time.Duration
	log    *slog.Logger
	cur    atomic.Pointer[snapshot]
	mu     sync.Mutex // one refresh at a time
	loaded chan struct{}
	once   sync.Once
}

type snapshot map[string]*indexed

type indexed struct {
	edition registry.Edition
	index   *screening.Index
}

// NewIndexes returns an empty holder; Run (or Refresh) fills it.
func NewIndexes(cfg IndexesConfig) (*Indexes, error) {
	if cfg.Source == nil {
		return nil, errors.New("registrycheck: a source of editions is required")
	}
	if cfg.Poll <= 0 {
		cfg.Poll = 5 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	x := &Indexes{src: cfg.Source, poll: cfg.Poll, log: cfg.Logger.With("component", "registry-indexes"), loaded: make(chan struct{})}
	x.cur.Store(&snapshot{})
	return x, nil
}

// Run loads the lists, then follows new editions until ctx ends.
func (x *Indexes) Run(ctx context.Context) {
	t := time.NewTicker(x.poll)
	defer t.Stop()
	for {
		if err := x.Refresh(ctx); err != nil && ctx.Err() == nil {
			x.log.Warn("refreshing the registry indexes failed; the current ones stay", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Refresh indexes every current edition that is not in memory yet and
// swaps the new snapshot in.
func (x *Indexes) Refresh(ctx context.Context) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	eds, err := x.src.CurrentEditions(ctx)
	if err != nil {
		return err
	}
	old := *x.cur.Load()
	next := make(snapshot, len(eds))
	changed := false
	for _, ed := range eds {
		if have, ok := old[ed.Registry]; ok && have.edition.ID == ed.ID {
			next[ed.Registry] = have
			continue
		}
		start := time.Now()
		list := &registry.List{Registry: ed.Registry, Date: ed.Date, Rows: ed.Rows, Records: make([]registry.Record, 0, ed.Records)}
		if err := x.src.ListRecords(ctx, ed.ID, func(r registry.Record) error {
			list.Records = append(list.Records, r)
			return nil
		}); err != nil {
			return fmt.Errorf("loading %s edition %s: %w", ed.Registry, ed.ID, err)
		}
		next[ed.Registry] = &indexed{edition: ed, index: screening.Build(list)}
		changed = true
		x.log.Info("registry list indexed", "registry", ed.Registry, "list_id", ed.ID, "list_date", ed.Date.Format(time.DateOnly),
			"records", len(list.Records), "took_ms", time.Since(start).Milliseconds())
	}
	if changed || len(next) != len(old) {
		x.cur.Store(&next)
	}
	x.once.Do(func() { close(x.loaded) })
	return nil
}

// Loaded reports whether the first load has finished.
func (x *Indexes) Loaded() bool {
	select {
	case <-x.loaded:
		return true
	default:
		return false
	}
}

// WaitLoaded blocks until the first load has finished or ctx ends.
func (x *Indexes) WaitLoaded(ctx context.Context) error {
	select {
	case <-x.loaded:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Edition returns the edition in memory of a bulk list.
func (x *Indexes) Edition(code string) (registry.Edition, bool) {
	e, ok := (*x.cur.Load())[code]
	if !ok {
		return registry.Edition{}, false
	}
	return e.edition, true
}

// Editions returns every edition in memory.
func (x *Indexes) Editions() []registry.Edition {
	snap := *x.cur.Load()
	out := make([]registry.Edition, 0, len(snap))
	for _, e := range snap {
		out = append(out, e.edition)
	}
	return out
}

// search screens a candidate in one bulk list. ok is false when the list
// has never been imported.
func (x *Indexes) search(code string, q screening.Query) (screening.Result, registry.Edition, bool, error) {
	if !x.Loaded() {
		return screening.Result{}, registry.Edition{}, false, ErrLoading
	}
	e, ok := (*x.cur.Load())[code]
	if !ok {
		return screening.Result{}, registry.Edition{}, false, nil
	}
	return e.index.Search(q), e.edition, true, nil
}
