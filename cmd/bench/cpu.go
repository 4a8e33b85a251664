package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Parts of the machine's CPU time during a run.
const (
	partImport  = "import"
	partAPI     = "api alone"
	partService = "service"
	partPG      = "postgres"
	partTemp    = "temporal"
	partBench   = "load generator"
	partOther   = "other"
	partIdle    = "idle"
)

// userHZ is the unit of /proc's CPU times (USER_HZ, 100 on Linux).
const userHZ = 100

// cpuUse is the CPU time used so far by each part of the benchmark (the
// processes under `compliance stack`: the service, PostgreSQL, the
// Temporal dev server, this load generator) and by the whole machine.
type cpuUse struct {
	parts      map[string]time.Duration
	busy, idle time.Duration
}

// procStat is one process's line of /proc/PID/stat.
type procStat struct {
	pid, ppid int
	comm      string
	// own is its CPU time, children its waited-for children's.
	own, children int64
}

func readProcStat(path string) (procStat, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return procStat{}, false
	}
	s := string(b)
	open, closing := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || closing < open {
		return procStat{}, false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(s[:open]))
	if err != nil {
		return procStat{}, false
	}
	// After the command: state ppid … utime(14) stime(15) cutime(16) cstime(17).
	f := strings.Fields(s[closing+1:])
	if len(f) < 15 {
		return procStat{}, false
	}
	ps := procStat{pid: pid, comm: s[open+1 : closing]}
	ps.ppid, _ = strconv.Atoi(f[1])
	for i, v := range f[11:15] {
		n, _ := strconv.ParseInt(v, 10, 64)
		if i < 2 {
			ps.own += n
		} else {
			ps.children += n
		}
	}
	return ps, true
}

// cpuSnapshot reads the CPU time of the benchmark's processes, grouped
// into parts, and of the whole machine. The benchmark's processes are the
// ones under this process's parent (`compliance stack`); named gives the
// part of the services' trees (by their root's pid).
func cpuSnapshot(named map[int]string) cpuUse {
	use := cpuUse{parts: map[string]time.Duration{}}
	paths, _ := filepath.Glob("/proc/[0-9]*/stat")
	procs := map[int]procStat{}
	children := map[int][]int{}
	for _, p := range paths {
		if ps, ok := readProcStat(p); ok {
			procs[ps.pid] = ps
			children[ps.ppid] = append(children[ps.ppid], ps.pid)
		}
	}
	var walk func(pid int, part string)
	walk = func(pid int, part string) {
		ps, ok := procs[pid]
		if !ok {
			return
		}
		switch {
		case named[pid] != "":
			part = named[pid]
		case pid == os.Getpid():
			part = partBench
		case part == "" && ps.comm == "postgres":
			part = partPG
		case part == "" && strings.HasPrefix(ps.comm, "temporal"):
			part = partTemp
		}
		// The stack itself and the wrappers it runs (runuser) count as
		// the rest of the machine.
		ticks := ps.own + ps.children
		if pid == os.Getpid() {
			// The commands the bench runs (imports) are measured apart.
			ticks = ps.own
		}
		if part != "" {
			use.parts[part] += time.Duration(ticks) * time.Second / userHZ
		}
		for _, c := range children[pid] {
			walk(c, part)
		}
	}
	walk(os.Getppid(), "")
	if b, err := os.ReadFile("/proc/stat"); err == nil {
		line, _, _ := strings.Cut(string(b), "\n")
		f := strings.Fields(line)
		for i, v := range f[1:] {
			n, _ := strconv.ParseInt(v, 10, 64)
			d := time.Duration(n) * time.Second / userHZ
			switch i {
			case 3, 4: // idle, iowait
				use.idle += d
			case 8, 9: // guest time is already in user time
			default:
				use.busy += d
			}
		}
	}
	return use
}

// cpuDelta is the CPU time each part used between two snapshots; other is
// what the rest of the machine used (other people's work, the stack's own
// wrappers), idle what nobody did.
func cpuDelta(before, after cpuUse) map[string]time.Duration {
	out := map[string]time.Duration{}
	var ours time.Duration
	for _, p := range []string{partService, partAPI, partPG, partTemp, partBench} {
		d := max(0, after.parts[p]-before.parts[p])
		out[p] = d
		ours += d
	}
	out[partOther] = max(0, after.busy-before.busy-ours)
	out[partIdle] = max(0, after.idle-before.idle)
	return out
}
