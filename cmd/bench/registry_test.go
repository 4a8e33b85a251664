package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
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
