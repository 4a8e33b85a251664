package registrycheck

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/registry"
)

// memorySource serves editions from memory; a load can be held midway to
// show that searches meanwhile use the previous edition.
type memorySource struct {
	mu       sync.Mutex
	editions map[string]registry.Edition
	records  map[uuid.UUID][]registry.Record
	hold     chan struct{} // when set, ListRecords waits on it after the first record
	loading  chan struct{}
}

func (m *memorySource) CurrentEditions(context.Context) ([]registry.Edition, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []registry.Edition
	for _, e := range m.editions {
		out = append(out, e)
	}
	return out, nil
}

func (m *memorySource) ListRecords(_ context.Context, id uuid.UUID, fn func(registry.Record) error) error {
	m.mu.Lock()
	recs, hold, loading := m.records[id], m.hold, m.loading
	m.mu.Unlock()
	for i, r := range recs {
		if err := fn(r); err != nil {
			return err
		}
		if i == 0 && hold != nil {
			close(loading)
			<-hold
		}
	}
	return nil
}

func (m *memorySource) publish(code string, date time.Time, recs []registry.Record) registry.Edition {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := registry.Edition{ID: uuid.New(), Registry: code, Date: date, Rows: len(recs), Records: len(recs), Source: "memory"}
	m.editions[code] = e
	m.records[e.ID] = recs
	return e
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func person(id, first, last string, dob int) registry.Record {
	return registry.Record{SourceID: id, Name: registry.Name{First: first, Last: last},
		DOBs: []registry.PartialDate{{Year: dob, Precision: registry.PrecisionYear}}}
}

func request(registries ...string) Request {
	dob := "1980-02-03"
	req := Request{ExternalID: uuid.NewString(), ClientName: "acme", Bucket: "file://blobs",
		Context: Context{FirstName: "Ann", LastName: "Lee", DateOfBirth: &dob}}
	for _, r := range registries {
		req.Registries = append(req.Registries, Registry{Code: r, MatchType: "PARTIAL"})
	}
	return req
}

func TestCheckBeforeLoadAndWithoutList(t *testing.T) {
	src := &memorySource{editions: map[string]registry.Edition{}, records: map[uuid.UUID][]registry.Record{}}
	x, err := NewIndexes(IndexesConfig{Source: src, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Check(request(registry.SAM), x, time.Now()); !errors.Is(err, ErrLoading) {
		t.Fatalf("before the first load: %v", err)
	}
	if err := x.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	s, err := Check(request(registry.SAM, registry.NSOPW), x, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	sam, live := s.Results[0], s.Results[1]
	if sam.Result != Unavailable || sam.Error == nil || sam.Error.Code != "list_not_imported" {
		t.Fatalf("a list never imported: %+v", sam)
	}
	if live.Result != Pending || s.Status != StatusPending || s.CompletedAt != nil {
		t.Fatalf("a live registry before the workflow: %s, search %s", live.Result, s.Status)
	}
}

// TestIndexesSwapWholeEditions searches while a new edition loads: every
// search sees the old edition complete until the new one is complete.
func TestIndexesSwapWholeEditions(t *testing.T) {
	day := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	src := &memorySource{editions: map[string]registry.Edition{}, records: map[uuid.UUID][]registry.Record{}}
	old := src.publish(registry.OIGExclusion, day, []registry.Record{person("1", "ANN", "LEE", 1980), person("2", "BOB", "RAY", 1970)})
	x, _ := NewIndexes(IndexesConfig{Source: src, Logger: quiet})
	if err := x.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	src.mu.Lock()
	src.hold, src.loading = make(chan struct{}), make(chan struct{})
	hold, loading := src.hold, src.loading
	src.mu.Unlock()
	next := src.publish(registry.OIGExclusion, day.AddDate(0, 1, 0), []registry.Record{person("3", "ANN", "LEE", 1980), person("4", "CY", "DOE", 1960)})
	done := make(chan error)
	go func() { done <- x.Refresh(context.Background()) }()
	<-loading
	var searched atomic.Int32
	for range 50 {
		s, err := Check(request(registry.OIGExclusion), x, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		r := s.Results[0]
		if *r.Metadata.ListID != old.ID.String() || len(r.Matches) != 1 || r.Matches[0].SourceID != "1" {
			t.Fatalf("mid-load search saw %s: %+v", *r.Metadata.ListID, r.Matches)
		}
		searched.Add(1)
	}
	close(hold)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	s, _ := Check(request(registry.OIGExclusion), x, time.Now())
	if r := s.Results[0]; *r.Metadata.ListID != next.ID.String() || r.Matches[0].SourceID != "3" || !r.Metadata.LastUpdatedAt.Equal(next.Date) {
		t.Fatalf("after the load: %+v", r)
	}
}

func TestCompleteAndFail(t *testing.T) {
	day := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	src := &memorySource{editions: map[string]registry.Edition{}, records: map[uuid.UUID][]registry.Record{}}
	src.publish(registry.SAM, day, []registry.Record{person("S1", "ANN", "LEE", 1980), person("S2", "ANN", "LEE", 1950)})
	x, _ := NewIndexes(IndexesConfig{Source: src, Logger: quiet})
	if err := x.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	s, err := Check(request(registry.SAM, registry.NSOPW), x, now)
	if err != nil {
		t.Fatal(err)
	}
	sam := s.Results[0]
	if sam.Result != MatchFound || len(sam.Matches) != 1 || len(sam.Filtered) != 2 || sam.Matches[0].SourceID != "S1" {
		t.Fatalf("SAM: %s, %d matches, %d filtered", sam.Result, len(sam.Matches), len(sam.Filtered))
	}
	aside := sam.Filtered[1]
	if aside.SourceID != "S2" || len(aside.SetAside) != 1 || aside.SetAside[0].Code != "dob_mismatch" {
		t.Fatalf("set aside: %+v", aside)
	}
	in := sam.Attestation.Metadata.Input
	if in.Result != MatchFound || len(in.FilteredResults) != 2 || in.CandidateFullName != "Ann Lee" || in.RegistryType != registry.SAM {
		t.Fatalf("attestation input: %+v", in)
	}
	live := &s.Results[1]
	live.Fail("NSOPW answered 503", now)
	s.Settle(now)
	if live.Result != Unavailable || live.Error.Message != "NSOPW answered 503" || s.Status != StatusComplete || !s.CompletedAt.Equal(now) {
		t.Fatalf("failed live registry: %+v, search %s", live, s.Status)
	}
	live.Result = Pending
	live.CompleteLive([]registry.Record{person("N1", "Ann", "Lee", 1980)}, now)
	if live.Result != MatchFound || live.Metadata.ListID != nil || live.Error != nil {
		t.Fatalf("live registry answered: %+v", live)
	}
}

// TestCertificate renders certificates: readable facts, the same bytes for
// the same result.
func TestCertificate(t *testing.T) {
	day := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	src := &memorySource{editions: map[string]registry.Edition{}, records: map[uuid.UUID][]registry.Record{}}
	src.publish(registry.OIGExclusion, day, []registry.Record{person("L1", "ANN", "LEE", 1950)})
	x, _ := NewIndexes(IndexesConfig{Source: src, Logger: quiet})
	if err := x.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	s, err := Check(request(registry.OIGExclusion, registry.SAM), x, time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Certificate(s)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Certificate(s)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("the same result rendered two different certificates")
	}
	if !bytes.HasPrefix(a, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", a[:8])
	}
	// One section per registry, each on a page of its own.
	texts, err := pdfdoc.Texts(a, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	for page, wants := range [][]string{
		{"Registry search certificate", "List of Excluded Individuals", "NO MATCH FOUND", "dob_mismatch", "Ann Lee", "acme", "L1", s.Results[0].Attestation.ID},
		{"SAM.gov Exclusions", "REGISTRY UNAVAILABLE", "has been imported", s.Results[1].Attestation.ID},
	} {
		for _, want := range wants {
			if !strings.Contains(texts[page].Text, want) {
				t.Errorf("page %d lacks %q:\n%s", page+1, want, texts[page].Text)
			}
		}
	}
	if f0, f1 := s.Results[0].Attestation.File, s.Results[1].Attestation.File; f0.ID != f1.ID || f0.Key != f1.Key || f0.ChildIndex != 0 || f1.ChildIndex != 1 {
		t.Fatalf("the results' files: %+v %+v", f0, f1)
	}
}
