package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/registrycheck"
)

// memSource serves parsed lists to registrycheck.Indexes, as the store
// serves imported editions to the API.
type memSource struct {
	editions []registry.Edition
	lists    map[uuid.UUID]*registry.List
}

func (m *memSource) CurrentEditions(context.Context) ([]registry.Edition, error) {
	return m.editions, nil
}

func (m *memSource) ListRecords(_ context.Context, id uuid.UUID, fn func(registry.Record) error) error {
	l, ok := m.lists[id]
	if !ok {
		return errors.New("no such list")
	}
	for _, r := range l.Records {
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}

// engineStats are the in-memory part of a check (registrycheck.Check over
// the three lists) run in the bench's own process: no HTTP, database or
// Temporal.
type engineStats struct {
	build      time.Duration
	lat        stats
	max        time.Duration
	perSecond  float64
	goroutines int
}

// engineAlone loads the three lists with the import's parser, indexes
// them as the API does, and times registrycheck.Check on the load's
// candidates: one at a time, then on every CPU at once for d.
func engineAlone(sets map[string][]string, bodies [][]byte, runs int, d time.Duration) (engineStats, error) {
	var es engineStats
	src := &memSource{lists: map[uuid.UUID]*registry.List{}}
	for _, code := range bulkCodes() {
		loaded, err := registry.LoadFiles(code, sets[code], time.Time{})
		if err != nil {
			return es, fmt.Errorf("engine alone: %s: %w", code, err)
		}
		id := uuid.New()
		l := loaded.List
		src.lists[id] = l
		src.editions = append(src.editions, registry.Edition{ID: id, Registry: code, Date: l.Date, Rows: l.Rows, Records: len(l.Records)})
	}
	x, err := registrycheck.NewIndexes(registrycheck.IndexesConfig{Source: src, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return es, err
	}
	start := time.Now()
	if err := x.Refresh(context.Background()); err != nil {
		return es, err
	}
	es.build = time.Since(start)
	// The parsed lists are indexed; only the indexes stay.
	src.lists = nil

	reqs := make([]registrycheck.Request, len(bodies))
	for i, b := range bodies {
		var body checkBody
		if err := json.Unmarshal(b, &body); err != nil {
			return es, err
		}
		q := body.Context
		dob := q.DateOfBirth
		req := registrycheck.Request{ExternalID: body.ExternalID, ClientName: "bench", Bucket: "bench",
			Context: registrycheck.Context{FirstName: q.FirstName, MiddleName: q.MiddleName, LastName: q.LastName, DateOfBirth: &dob, Zip: q.Zip}}
		for _, code := range body.Registries {
			req.Registries = append(req.Registries, registrycheck.Registry{Code: code, MatchType: "PARTIAL"})
		}
		reqs[i] = req
	}
	var found atomic.Int64
	check := func(i int) error {
		s, err := registrycheck.Check(reqs[i%len(reqs)], x, time.Now())
		for _, r := range s.Results {
			if r.Result == registrycheck.MatchFound {
				found.Add(1)
			}
		}
		return err
	}
	for i := 0; i < checkWarmup; i++ {
		if err := check(i); err != nil {
			return es, err
		}
	}
	// The labelled queries hold listed people: a run that finds nobody
	// searched empty indexes.
	if found.Load() == 0 {
		return es, fmt.Errorf("engine alone: %d checks found no match; the indexes hold %v", checkWarmup, x.Editions())
	}
	lats := make([]time.Duration, 0, runs)
	for i := 0; i < runs; i++ {
		t0 := time.Now()
		if err := check(checkWarmup + i); err != nil {
			return es, err
		}
		lats = append(lats, time.Since(t0))
	}
	es.lat = summarize(lats)
	es.max = lats[len(lats)-1]

	es.goroutines = runtime.NumCPU()
	var done atomic.Int64
	var wg sync.WaitGroup
	deadline := time.Now().Add(d)
	start = time.Now()
	for g := 0; g < es.goroutines; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; time.Now().Before(deadline); i += es.goroutines {
				if check(i) == nil {
					done.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	es.perSecond = float64(done.Load()) / time.Since(start).Seconds()
	return es, nil
}
