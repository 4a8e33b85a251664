package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/registrysamples"
)

func TestParseImportLine(t *testing.T) {
	tests := []struct {
		name, code, out string
		outcome         string
		rows            int
		err             string
	}{
		{name: "imported", code: "sam", out: "sam: imported (list of 2026-04-23, 149954 rows, 96000 individuals) in 9.1s\n",
			outcome: "imported", rows: 149954},
		{name: "unchanged, code with a hyphen", code: "oig-exclusion", out: "oig-exclusion: unchanged (list of 2026-04-23, 79951 rows, 75000 individuals) in 120ms",
			outcome: "unchanged", rows: 79951},
		{name: "another registry's line", code: "ofac", out: "sam: imported (list of 2026-04-23, 1 rows, 1 individuals) in 1s",
			err: `unexpected output "sam: imported`},
		{name: "nothing printed", code: "sam", out: "", err: `unexpected output ""`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			outcome, rows, err := parseImportLine(tt.code, tt.out)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil || outcome != tt.outcome || rows != tt.rows {
				t.Fatalf("got %q, %d, %v; want %q, %d", outcome, rows, err, tt.outcome, tt.rows)
			}
		})
	}
}

func TestReadProcStat(t *testing.T) {
	tests := []struct {
		name, line string
		want       procStat
		ok         bool
	}{
		{name: "plain", line: "4242 (postgres) S 4200 4242 4242 0 -1 4194560 100 0 0 0 150 50 7 3 20 0 1 0 100 0 0",
			want: procStat{pid: 4242, ppid: 4200, comm: "postgres", own: 200, children: 10}, ok: true},
		{name: "command with spaces and parentheses", line: "77 (a (b) c) R 1 77 77 0 -1 0 0 0 0 0 1 2 3 4 20 0 1 0 1 0 0",
			want: procStat{pid: 77, ppid: 1, comm: "a (b) c", own: 3, children: 7}, ok: true},
		{name: "truncated", line: "5 (x) S 1 5", ok: false},
		{name: "no command", line: "garbage", ok: false},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "stat")
			if err := os.WriteFile(path, []byte(tt.line+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			got, ok := readProcStat(path)
			if ok != tt.ok || ok && got != tt.want {
				t.Fatalf("got %+v, %v; want %+v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestIDLogSample(t *testing.T) {
	tests := []struct {
		name string
		ids  int
		n    int
		want []string
	}{
		{name: "fewer than asked: all", ids: 3, n: 5, want: []string{"0", "1", "2"}},
		{name: "spread, the last always in", ids: 10, n: 4, want: []string{"0", "2", "5", "9"}},
		{name: "none", ids: 0, n: 4, want: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var l idLog
			for i := 0; i < tt.ids; i++ {
				l.add(string(rune('0' + i)))
			}
			got := l.sample(tt.n)
			if len(got) == 0 && len(tt.want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestOpenLoop(t *testing.T) {
	at := time.Unix(0, 0)
	sent := []sentCheck{
		{due: at, lat: 5 * time.Millisecond, ok: true, samList: "old"},
		{due: at, lat: 9 * time.Millisecond, ok: true, samList: "new"},
		{due: at, lat: 7 * time.Millisecond, ok: true, samList: ""},
		{due: at, lat: 2 * time.Second, ok: false},
	}
	tests := []struct {
		name           string
		oldSAM, newSAM string
		n, errs, stale int
		max            time.Duration
	}{
		{name: "editions known: an answer from neither is stale", oldSAM: "old", newSAM: "new", n: 4, errs: 1, stale: 1, max: 9 * time.Millisecond},
		{name: "baseline: editions not judged", n: 4, errs: 1, stale: 0, max: 9 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := openLoop(append([]sentCheck(nil), sent...), tt.oldSAM, tt.newSAM)
			if got.n != tt.n || got.errs != tt.errs || got.stale != tt.stale || got.max != tt.max || got.lat.n != 3 {
				t.Fatalf("got %+v", got)
			}
		})
	}
}

func TestCPUDelta(t *testing.T) {
	before := cpuUse{parts: map[string]time.Duration{partService: time.Second, partPG: time.Second}, busy: 10 * time.Second, idle: 5 * time.Second}
	after := cpuUse{parts: map[string]time.Duration{partService: 4 * time.Second, partPG: 2 * time.Second, partTemp: time.Second},
		busy: 18 * time.Second, idle: 6 * time.Second}
	got := cpuDelta(before, after)
	want := map[string]time.Duration{partService: 3 * time.Second, partAPI: 0, partPG: time.Second, partTemp: time.Second, partBench: 0,
		partOther: 3 * time.Second, partIdle: time.Second}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestApportion(t *testing.T) {
	tests := []struct {
		name    string
		total   int
		weights []float64
		want    []int
	}{
		{name: "exact", total: 10, weights: []float64{1, 1}, want: []int{5, 5}},
		{name: "largest remainders", total: 990, weights: []float64{0.01125, 0.02625, 0.1125, 0.06375, 0.14875, 0.6375},
			want: []int{11, 26, 112, 63, 147, 631}},
		{name: "tie to the earlier", total: 1, weights: []float64{1, 1}, want: []int{1, 0}},
		{name: "weights need not add up to one", total: 7, weights: []float64{3, 0, 4}, want: []int{3, 0, 4}},
		{name: "nothing to share", total: 0, weights: []float64{1, 2}, want: []int{0, 0}},
		{name: "no weight", total: 5, weights: []float64{0, 0}, want: []int{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := apportion(tt.total, tt.weights); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestRealisticMixPerBlock(t *testing.T) {
	m := realisticMix()
	want := map[string]int{kindListed: 10, kindVeryCommon: 11, kindCommon: 236, kindOther: 743}
	got := m.perBlock()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("per block %v, want %v", got, want)
	}
	sum := 0
	for _, n := range got {
		sum += n
	}
	if sum != m.block {
		t.Fatalf("kinds add up to %d, want the block's %d", sum, m.block)
	}
}

func labelledForLoad() []registrysamples.Case {
	return []registrysamples.Case{
		{ID: "a", Listed: true, Query: registrysamples.Query{FirstName: "Bill", LastName: "Okafor", DateOfBirth: "1970-01-02", Zip: "10001"}},
		{ID: "b", Listed: false, Query: registrysamples.Query{FirstName: "Unlisted", LastName: "Person"}},
		{ID: "c", Listed: true, Query: registrysamples.Query{FirstName: "Ana", LastName: "Pena", DateOfBirth: "1980-03-04", Zip: "33101"}},
	}
}

func TestBuildLoad(t *testing.T) {
	mix := realisticMix()
	const blocks = 3
	load, err := buildLoad(labelledForLoad(), mix, blocks, 42)
	if err != nil {
		t.Fatal(err)
	}
	if len(load) != blocks*mix.block {
		t.Fatalf("%d checks, want %d", len(load), blocks*mix.block)
	}
	topGiven, topSurnames := commonNames()
	in := func(list []string) map[string]bool {
		m := map[string]bool{}
		for _, s := range list {
			m[s] = true
		}
		return m
	}
	topG, topS, otherG := in(topGiven), in(topSurnames), in(otherGivenNames())
	common, other := in(moreCommonSurnames()), in(otherSurnames())
	listed := map[string]bool{"Bill Okafor": true, "Ana Pena": true}
	stretch := mix.block / mix.listed
	for blk := 0; blk < blocks; blk++ {
		counts := map[string]int{}
		for i := blk * mix.block; i < (blk+1)*mix.block; i++ {
			chk := load[i]
			counts[chk.kind]++
			var body checkBody
			if err := json.Unmarshal(chk.body, &body); err != nil {
				t.Fatalf("check %d: %v", i, err)
			}
			if !reflect.DeepEqual(body.Registries, bulkCodes()) || body.ExternalID == "" || body.Context.DateOfBirth == "" || len(body.Context.Zip) != 5 {
				t.Fatalf("check %d: %+v", i, body)
			}
			q := body.Context
			name := q.FirstName + " " + q.LastName
			var ok bool
			switch chk.kind {
			case kindListed:
				ok = listed[name]
			case kindVeryCommon:
				ok = topG[q.FirstName] && topS[q.LastName]
			case kindCommon:
				ok = common[q.LastName] || otherG[q.FirstName] && topS[q.LastName]
			case kindOther:
				ok = other[q.LastName] && (topG[q.FirstName] || otherG[q.FirstName])
			}
			if !ok {
				t.Fatalf("check %d: %s is not a %s candidate", i, name, chk.kind)
			}
		}
		if !reflect.DeepEqual(counts, mix.perBlock()) {
			t.Fatalf("block %d holds %v, want %v", blk, counts, mix.perBlock())
		}
	}
	// One listed person in each stretch: any run of 2 stretches holds one,
	// so the warm-up and short runs see listed people.
	for i := 0; i+2*stretch <= len(load); i++ {
		n := 0
		for _, chk := range load[i : i+2*stretch] {
			if chk.kind == kindListed {
				n++
			}
		}
		if n == 0 {
			t.Fatalf("no listed person among checks %d to %d", i, i+2*stretch)
		}
	}
	again, err := buildLoad(labelledForLoad(), mix, blocks, 42)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, load) {
		t.Fatal("the same seed drew another load")
	}
}

func TestBuildLoadErrors(t *testing.T) {
	tests := []struct {
		name  string
		cases []registrysamples.Case
		mix   loadMix
		err   string
	}{
		{name: "no listed case", cases: labelledForLoad()[1:2], mix: realisticMix(), err: "hold none"},
		{name: "more listed than a block", cases: labelledForLoad(), mix: loadMix{block: 5, listed: 6}, err: "do not fit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := buildLoad(tt.cases, tt.mix, 1, 1)
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("error %v, want one containing %q", err, tt.err)
			}
		})
	}
}

func TestWorstCase(t *testing.T) {
	w, err := worstCase(42)
	if err != nil {
		t.Fatal(err)
	}
	given, surnames := commonNames()
	seen := map[string]bool{}
	for _, chk := range w {
		var body checkBody
		if err := json.Unmarshal(chk.body, &body); err != nil {
			t.Fatal(err)
		}
		seen[body.Context.FirstName+" "+body.Context.LastName] = true
		if chk.kind != kindVeryCommon {
			t.Fatalf("kind %q", chk.kind)
		}
	}
	if len(w) != len(given)*len(surnames) || len(seen) != len(w) {
		t.Fatalf("%d checks of %d pairings, want each of the %d once", len(w), len(seen), len(given)*len(surnames))
	}
}

func TestNamePools(t *testing.T) {
	_, top := commonNames()
	if len(commonSurnameCounts()) != len(top) {
		t.Fatalf("%d counts for %d surnames", len(commonSurnameCounts()), len(top))
	}
	// A name in two bands, or twice in one, would blur the kinds.
	seen := map[string]string{}
	for band, names := range map[string][]string{"very common": top, "common": moreCommonSurnames(), "other": otherSurnames()} {
		for _, n := range names {
			if b, ok := seen[foldName(n)]; ok {
				t.Errorf("%s is in the %s and %s bands", n, b, band)
			}
			seen[foldName(n)] = band
		}
	}
}

func TestFoldName(t *testing.T) {
	for in, want := range map[string]string{"Muñoz": "MUNOZ", "O'Brien": "OBRIEN", "St. John": "ST JOHN", "Nguyễn": "NGUYEN", "GARCIA": "GARCIA"} {
		if got := foldName(in); got != want {
			t.Errorf("foldName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestOtherSurnamesUnlisted holds the other-surname band to what the
// section says of it: the full-size sample lists print none of its names,
// while they do print the very common ones.
func TestOtherSurnamesUnlisted(t *testing.T) {
	if testing.Short() {
		t.Skip("generates the full-size sample lists")
	}
	files, err := registrysamples.Generate(t.TempDir(), registrysamples.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := registrysamples.ParseAll(files)
	if err != nil {
		t.Fatal(err)
	}
	counts := listedSurnames(p.LEIE, p.SAM, p.OFAC)
	for _, n := range otherSurnames() {
		if c := counts[foldName(n)]; c > 0 {
			t.Errorf("%s: %d listed individuals bear it; the other-surname band holds unlisted names", n, c)
		}
	}
	_, top := commonNames()
	for _, n := range top {
		if counts[foldName(n)] == 0 {
			t.Errorf("%s: no listed individual bears it; the very common band should be listed often", n)
		}
	}
}

func TestClosedLoopByKind(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body checkBody
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || r.Header.Get("x-api-key") != "k" {
			http.Error(w, "bad", http.StatusBadRequest)
			return
		}
		if body.Context.LastName == "Fail" {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		pad := strings.Repeat("x", len(body.Context.LastName)*100)
		fmt.Fprintf(w, `[{"search_id":"%s","pad":"%s"}]`, body.ExternalID, pad)
	}))
	defer srv.Close()
	c := &client{base: srv.URL, key: "k", http: srv.Client()}
	mk := func(last, kind string) loadCheck {
		b, err := checkJSON(registrysamples.Query{FirstName: "A", LastName: last}, bulkCodes())
		if err != nil {
			t.Fatal(err)
		}
		return loadCheck{body: b, kind: kind}
	}
	checks := []loadCheck{mk("Smith", kindVeryCommon), mk("Haskell", kindOther), mk("Fail", kindOther), mk("Pruitt", kindOther)}
	ids := &idLog{}
	rs := closedLoop(c, 2, 8, 0, checkPicker(checks, 0), ids)
	if rs.ok != 6 || rs.errs != 2 || rs.lat.n != 6 || ids.len() != 6 {
		t.Fatalf("ok %d, errs %d, latencies %d, ids %d; want 6, 2, 6, 6", rs.ok, rs.errs, rs.lat.n, ids.len())
	}
	vc, ot := rs.byKind[kindVeryCommon], rs.byKind[kindOther]
	if vc.n != 2 || ot.n != 4 || len(rs.byKind) != 2 {
		t.Fatalf("by kind %+v", rs.byKind)
	}
	// An answer is 63 bytes and the padding: 563 for Smith, 763 for
	// Haskell, 663 for Pruitt.
	if vc.meanBytes != 563 || ot.meanBytes != 713 {
		t.Fatalf("mean answer sizes %d and %d, want 563 and 713", vc.meanBytes, ot.meanBytes)
	}
}

func TestSettle(t *testing.T) {
	tests := []struct {
		name string
		// readyAfter is how many reads of a check answer it not ready;
		// -1: every read fails.
		readyAfter int
		drained    bool
		settled    bool
		lost       bool
	}{
		{name: "drained within the limit", readyAfter: 0, drained: true, settled: true},
		{name: "drained while settling", readyAfter: 1, drained: false, settled: true},
		{name: "the service is gone", readyAfter: -1, drained: false, lost: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			reads := map[string]int{}
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tt.readyAfter < 0 {
					http.Error(w, "gone", http.StatusBadGateway)
					return
				}
				id := strings.TrimPrefix(r.URL.Path, "/registry-check/")
				mu.Lock()
				reads[id]++
				ready := reads[id] > tt.readyAfter
				mu.Unlock()
				fmt.Fprintf(w, `{"results":[{"registry":"sam","attestation":{"file":{"ready":%t}}},{"registry":"ofac","attestation":{"file":{"ready":true}}}]}`, ready)
			}))
			defer srv.Close()
			c := &client{base: srv.URL, key: "k", http: srv.Client()}
			d := c.settle([]string{"a", "b", "c"}, 0, time.Millisecond)
			if d.drained != tt.drained || (d.settled > 0) != tt.settled || d.lost != tt.lost || d.sampled != 3 {
				t.Fatalf("got %+v", d)
			}
			if !tt.drained && d.readyAtLimit != 0 {
				t.Fatalf("%d ready at the limit, want 0", d.readyAtLimit)
			}
			if wantErrors := map[bool]int{false: 0, true: 3 * (lostPasses + 1)}[tt.lost]; d.getErrors != wantErrors {
				t.Fatalf("%d failed reads, want %d", d.getErrors, wantErrors)
			}
		})
	}
}
