// Command bench measures the service end to end and writes the figures into
// docs/BENCHMARKS.md (`make bench`). It runs `bin/compliance dev` as a
// separate process against the PostgreSQL and Temporal that `compliance
// stack` provides, and writes two sections:
//
//   - bench: generated documents uploaded through the HTTP API, compared
//     with the same files through `bin/compliance process`;
//   - registry: registry checks through the HTTP API against the full-size
//     sample lists imported with `bin/compliance registry import`: latency,
//     throughput and the certificate backlog they leave, accuracy on the
//     labelled cases, and a SAM import under load;
//   - placements: placements of 30 rows from the sandbox VMS, a job matrix
//     and the placement's own items, POST to rows past PENDING, and GET
//     /placement/{id} at a fixed rate (placements.go);
//   - packets: compiling a 40-page packet, cover sheet included
//     (packets.go; in process, no service needed);
//   - fraud: what the fraud checks add to a 20-page intake, through the
//     API and in the engine alone (fraud.go).
//
// -only pipeline, -only registry, -only placements, -only packets or
// -only fraud runs one section:
//
//	bin/compliance stack -- bin/bench -only registry
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/internal/benchdoc"
	"github.com/clearedtostart/compliance/internal/sampledocs"
)

func main() {
	var o options
	flag.StringVar(&o.out, "out", "docs/BENCHMARKS.md", "file whose bench and registry sections are replaced")
	flag.StringVar(&o.only, "only", "", "run one section only: pipeline, registry, placements, packets or fraud (default: all)")
	flag.StringVar(&o.profileDir, "profile", "", "save CPU profiles of the service under load, and its logs, into this folder")
	flag.IntVar(&o.runs, "runs", 20, "sequential uploads per latency figure")
	flag.IntVar(&o.inflight, "inflight", 8, "concurrent intakes for the throughput figure")
	flag.IntVar(&o.rounds, "rounds", 3, "20-page intakes per concurrent client")
	flag.IntVar(&o.rate, "rate", 2000, "GET requests per second for the read figure")
	flag.DurationVar(&o.readFor, "read-for", 10*time.Second, "duration of the read load")
	flag.IntVar(&o.reg.latencyRuns, "check-runs", 2000, "sequential registry checks for the latency figure (after warm-up)")
	flag.IntVar(&o.reg.callers, "check-callers", 16, "concurrent callers for the registry check throughput figure")
	flag.DurationVar(&o.reg.loadFor, "check-for", 10*time.Second, "duration of each registry check throughput run")
	flag.DurationVar(&o.reg.drainTimeout, "drain-timeout", 2*time.Minute, "how long to wait for the certificate backlog to drain")
	flag.IntVar(&o.reg.importRate, "import-rate", 25, "registry checks per second sent while the SAM list is imported")
	flag.IntVar(&o.packetRuns, "packet-runs", 20, "compilations of a 40-page packet")
	o.pl.register(flag.CommandLine)
	flag.Parse()
	switch o.only {
	case "", "pipeline", "registry", "placements", "packets", "fraud":
	default:
		log.Fatalf("-only must be pipeline, registry, placements, packets or fraud, not %q", o.only)
	}
	if err := run(o); err != nil {
		log.Fatal(err)
	}
}

type options struct {
	out, only, profileDir string
	runs, inflight        int
	rounds, rate          int
	readFor               time.Duration
	reg                   registryOptions
	pl                    placementOptions
	packetRuns            int
}

type figures struct {
	lat1, lat20, latScan    stats
	proc1, proc20, procScan stats
	cmd1, cmd20, cmdScan    stats
	pagesPerSec             float64
	throughputIntakes       int
	throughputWall          time.Duration
	read                    stats
	readRate, readOK        float64
	readSent                int
	loadBefore              string
}

func run(o options) error {
	if o.only == "packets" {
		return packetsSection(o.out, o.packetRuns)
	}
	if os.Getenv("DATABASE_URL") == "" || os.Getenv("TEMPORAL_ADDRESS") == "" {
		return errors.New("run me through `make bench` (compliance stack provides DATABASE_URL and TEMPORAL_ADDRESS)")
	}
	work, err := os.MkdirTemp("", "bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	if o.profileDir != "" {
		if err := os.MkdirAll(o.profileDir, 0o755); err != nil {
			return err
		}
	}
	svc, err := startService(work, o.profileDir != "")
	if err != nil {
		return err
	}
	defer svc.stop()
	if o.only == "" || o.only == "pipeline" {
		if err := pipelineSection(svc.client, work, o); err != nil {
			return err
		}
	}
	if o.only == "" || o.only == "fraud" {
		if err := fraudSection(svc, work, o); err != nil {
			return err
		}
	}
	if o.only == "" || o.only == "registry" {
		if err := registrySection(svc, work, o); err != nil {
			return err
		}
	}
	if o.only == "" || o.only == "placements" {
		if err := placementsSection(svc, work, o.out, o.profileDir, o.pl); err != nil {
			return err
		}
	}
	if o.only == "" {
		return packetsSection(o.out, o.packetRuns)
	}
	return nil
}

// benchKey is the API key of account dev in the bench's service.
const benchKey = "bench-key-0123456789abcdef0123456789"

// service is a `bin/compliance` subcommand serving the API, run as its own
// process.
type service struct {
	client  *client
	cmd     *exec.Cmd
	env     []string
	logPath string
	// pprofAddr is where the service serves Go's profiler ("" when off).
	pprofAddr string
	stopOnce  sync.Once
}

// startService starts the API and the worker in one process against the
// stack's PostgreSQL and Temporal. The sample lists are not imported on
// start: the registry section imports them itself, timed, with the
// product's import command.
func startService(work string, profile bool) (*service, error) {
	env := append(os.Environ(), "DATA_DIR="+filepath.Join(work, "data"), "LOG_LEVEL=warn")
	return launch(env, "dev", filepath.Join(work, "dev.log"), profile,
		"DEV_API_KEY="+benchKey, "TEMPORAL_TASK_QUEUE=bench", "REGISTRY_SAMPLES=false")
}

// launch runs `bin/compliance sub` on a free port with env and extra, and
// waits until it is ready. env is what the bench's other commands run
// with (imports).
func launch(env []string, sub, logPath string, profile bool, extra ...string) (*service, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	s := &service{env: env, logPath: logPath}
	cmdEnv := append(slices.Clone(env), "HTTP_ADDR="+addr)
	cmdEnv = append(cmdEnv, extra...)
	if profile {
		if s.pprofAddr, err = freeAddr(); err != nil {
			return nil, err
		}
		cmdEnv = append(cmdEnv, "PPROF_ADDR="+s.pprofAddr)
	}
	s.cmd = exec.Command("bin/compliance", sub)
	s.cmd.Env = cmdEnv
	logf, err := os.Create(s.logPath)
	if err != nil {
		return nil, err
	}
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	base := "http://" + addr
	s.client = &client{base: base, key: benchKey, http: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}}}
	if err := s.client.waitReady(2 * time.Minute); err != nil {
		s.stop()
		b, _ := os.ReadFile(s.logPath)
		return nil, fmt.Errorf("compliance %s: %w\n%s", sub, err, tail(string(b), 20))
	}
	log.Printf("compliance %s ready at %s", sub, base)
	return s, nil
}

// stop interrupts the service and waits for its graceful shutdown; it may
// be called more than once.
func (s *service) stop() {
	s.stopOnce.Do(func() {
		_ = s.cmd.Process.Signal(syscall.SIGINT)
		done := make(chan struct{})
		go func() { _ = s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = s.cmd.Process.Kill()
			<-done
		}
	})
}

// pipelineSection measures uploads through the API and the engine as a
// command, and writes the bench section.
func pipelineSection(c *client, work string, o options) error {
	runs, inflight, rounds := o.runs, o.inflight, o.rounds
	bf, err := benchFiles()
	if err != nil {
		return err
	}
	one := bf.one
	pk20, pkScan := sampledocs.Packet{PDF: bf.twenty}, sampledocs.Packet{PDF: bf.scan5}
	files := map[string][]byte{"one.pdf": one, "twenty.pdf": pk20.PDF, "scan5.pdf": pkScan.PDF}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(work, name), b, 0o600); err != nil {
			return err
		}
	}

	f := figures{loadBefore: loadAverage()}
	// Warm up caches, connections and the worker's sticky workflow cache.
	for i := 0; i < 3; i++ {
		if _, err := c.uploadAndWait(one, "one.pdf"); err != nil {
			return err
		}
	}
	log.Printf("latency, 1 page x %d", runs)
	if f.lat1, err = c.latency(one, "one.pdf", runs); err != nil {
		return err
	}
	log.Printf("latency, 20 pages x %d", runs)
	if f.lat20, err = c.latency(pk20.PDF, "twenty.pdf", runs); err != nil {
		return err
	}
	log.Printf("latency, 5 scanned pages x %d", max(3, runs/4))
	if f.latScan, err = c.latency(pkScan.PDF, "scan5.pdf", max(3, runs/4)); err != nil {
		return err
	}
	log.Printf("throughput, %d intakes in flight", inflight)
	start := time.Now()
	var wg sync.WaitGroup
	var failed atomic.Int64
	for w := 0; w < inflight; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < rounds; i++ {
				if _, err := c.uploadAndWait(pk20.PDF, "twenty.pdf"); err != nil {
					log.Printf("throughput upload: %v", err)
					failed.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	f.throughputWall = time.Since(start)
	f.throughputIntakes = inflight*rounds - int(failed.Load())
	f.pagesPerSec = float64(f.throughputIntakes*20) / f.throughputWall.Seconds()

	log.Printf("in-process engine (compliance process)")
	scanRuns := max(3, runs/4)
	for _, m := range []struct {
		into   *stats
		timing func(path string, n int) (stats, error)
		file   string
		runs   int
	}{
		{&f.proc1, processTimings, "one.pdf", runs},
		{&f.proc20, processTimings, "twenty.pdf", runs},
		{&f.procScan, processTimings, "scan5.pdf", scanRuns},
		{&f.cmd1, commandTimings, "one.pdf", runs},
		{&f.cmd20, commandTimings, "twenty.pdf", runs},
		{&f.cmdScan, commandTimings, "scan5.pdf", scanRuns},
	} {
		if *m.into, err = m.timing(filepath.Join(work, m.file), m.runs); err != nil {
			return err
		}
	}

	log.Printf("reads: GET /v2/intakes/{id} at %d/s for %s", o.rate, o.readFor)
	id, err := c.uploadAndWait(pk20.PDF, "twenty.pdf")
	if err != nil {
		return err
	}
	// Two seconds at the same rate first: connections opened, caches warm;
	// the figures are of the steady state.
	c.readLoad(id, o.rate, 2*time.Second)
	f.read, f.readRate, f.readOK, f.readSent = c.readLoad(id, o.rate, o.readFor)
	return write(o.out, f, inflight, rounds, o.rate, o.readFor, runs)
}

// files are the bench's uploads: a one-page BLS card, a 20-page packet of
// one nurse's documents (text PDFs), and a 5-page scanned packet (OCR).
type files struct {
	one, twenty, scan5 []byte
}

// benchFiles generates the bench's uploads, the same bytes on every call.
func benchFiles() (files, error) {
	r := sampledocs.Seeded(42)
	p := sampledocs.NewPerson(r)
	one, err := sampledocs.RenderPDF(sampledocs.Generate(r, "bls", p, sampledocs.Options{}))
	if err != nil {
		return files{}, err
	}
	pk20, err := sampledocs.NewPacket(r, p, 20, sampledocs.PacketOptions{})
	if err != nil {
		return files{}, err
	}
	pkScan, err := sampledocs.NewPacket(r, p, 5, sampledocs.PacketOptions{Scanned: true})
	if err != nil {
		return files{}, err
	}
	return files{one: one, twenty: pk20.PDF, scan5: pkScan.PDF}, nil
}

type client struct {
	base, key string
	http      *http.Client
}

func (c *client) waitReady(d time.Duration) error {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		resp, err := c.http.Get(c.base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(500 * time.Millisecond)
	}
	return errors.New("the API did not become ready")
}

// uploadAndWait uploads a file and polls until the intake leaves PENDING;
// it returns the intake id.
func (c *client) uploadAndWait(file []byte, name string) (string, error) {
	_, id, err := c.timedUpload(file, name)
	return id, err
}

func (c *client) timedUpload(file []byte, name string) (time.Duration, string, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("external_id", "bench-nurse")
	_ = mw.WriteField("validate", `{"requirement":"bls"}`)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(file)
	_ = mw.Close()
	start := time.Now()
	resp, err := c.do(http.MethodPost, "/v2/intakes/scan/async", mw.FormDataContentType(), &body)
	if err != nil {
		return 0, "", err
	}
	var created struct {
		ID string `json:"id"`
	}
	if err := readJSON(resp, &created); err != nil || resp.StatusCode != http.StatusCreated {
		return 0, "", fmt.Errorf("upload: status %d: %v", resp.StatusCode, err)
	}
	for {
		resp, err := c.do(http.MethodGet, "/v2/intakes/"+created.ID, "", nil)
		if err != nil {
			return 0, "", err
		}
		var in struct {
			ScanStatus string `json:"scan_status"`
		}
		_ = readJSON(resp, &in)
		switch in.ScanStatus {
		case "SUCCESS":
			return time.Since(start), created.ID, nil
		case "FAILED":
			return 0, "", fmt.Errorf("intake %s FAILED", created.ID)
		}
		if time.Since(start) > 5*time.Minute {
			return 0, "", fmt.Errorf("intake %s still PENDING after 5 minutes", created.ID)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (c *client) latency(file []byte, name string, n int) (stats, error) {
	var ds []time.Duration
	for i := 0; i < n; i++ {
		d, _, err := c.timedUpload(file, name)
		if err != nil {
			return stats{}, err
		}
		ds = append(ds, d)
	}
	return summarize(ds), nil
}

// readLoad sends GETs at a constant rate (open loop: a slow answer does not
// slow the sender) and reports latency, the achieved rate and success share.
func (c *client) readLoad(id string, rate int, d time.Duration) (stats, float64, float64, int) {
	total := int(float64(rate) * d.Seconds())
	var mu sync.Mutex
	lat := make([]time.Duration, 0, total)
	var ok atomic.Int64
	sendWall := paced(time.Now(), time.Second/time.Duration(rate), 512,
		func(i int) bool { return i < total },
		func(time.Time) {
			t0 := time.Now()
			resp, err := c.do(http.MethodGet, "/v2/intakes/"+id, "", nil)
			if err != nil {
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			el := time.Since(t0)
			if resp.StatusCode == 200 {
				ok.Add(1)
			}
			mu.Lock()
			lat = append(lat, el)
			mu.Unlock()
		})
	return summarize(lat), float64(total) / sendWall.Seconds(), float64(ok.Load()) / float64(total), total
}

// paced calls send(due) in its own goroutine at due = start + i*interval for
// i = 0, 1, … while more(i) holds. It is an open loop: a slow answer does not
// delay the next send, unless limit sends are already in flight. It returns
// once every send has returned, with the time the sending took (to the last
// send started).
func paced(start time.Time, interval time.Duration, limit int, more func(i int) bool, send func(due time.Time)) time.Duration {
	var g errgroup.Group
	g.SetLimit(limit)
	for i := 0; more(i); i++ {
		due := start.Add(time.Duration(i) * interval)
		if w := time.Until(due); w > 0 {
			time.Sleep(w)
		}
		g.Go(func() error {
			send(due)
			return nil
		})
	}
	sendWall := time.Since(start)
	_ = g.Wait()
	return sendWall
}

// readJSON decodes an answer's body into v and closes it.
func readJSON(resp *http.Response, v any) error {
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(v)
}

// do sends a request with the API key; contentType is set when not empty.
func (c *client) do(method, path, contentType string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequest(method, c.base+path, body)
	if err != nil {
		return nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("x-api-key", c.key)
	return c.http.Do(req)
}

// processTimings runs the in-process engine on a file n times (after one
// warm-up) and returns the per-run times it reports.
func processTimings(path string, n int) (stats, error) { return processTimingsWith(path, n) }

// processTimingsWith is processTimings with further flags of `compliance
// process`.
func processTimingsWith(path string, n int, flags ...string) (stats, error) {
	st, _, err := processRun(path, n, flags...)
	return st, err
}

// processRun is processTimingsWith that also returns the CPU time the
// command used per run (user and system, the poppler and Tesseract
// processes it waited for included; set-up and the warm-up run spread
// over the runs).
func processRun(path string, n int, flags ...string) (stats, time.Duration, error) {
	args := append([]string{"process", "--quiet", "--requirement", "bls", "--repeat", fmt.Sprint(n + 1)}, flags...)
	cmd := exec.Command("bin/compliance", append(args, path)...)
	out, err := cmd.Output()
	if err != nil {
		return stats{}, 0, fmt.Errorf("compliance process: %w", err)
	}
	cpu := (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()) / time.Duration(n+1)
	var res struct {
		Timings []float64 `json:"timings_ms"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return stats{}, 0, err
	}
	var ds []time.Duration
	for _, ms := range res.Timings[1:] {
		ds = append(ds, time.Duration(ms*float64(time.Millisecond)))
	}
	return summarize(ds), cpu, nil
}

// commandTimings times whole runs of `compliance process FILE`, as a user
// runs it: process start and engine set-up included.
func commandTimings(path string, n int) (stats, error) {
	var ds []time.Duration
	for i := 0; i < n+1; i++ {
		start := time.Now()
		if out, err := exec.Command("bin/compliance", "process", "--quiet", "--requirement", "bls", path).CombinedOutput(); err != nil {
			return stats{}, fmt.Errorf("compliance process: %v: %s", err, out)
		}
		if i > 0 {
			ds = append(ds, time.Since(start))
		}
	}
	return summarize(ds), nil
}

type stats struct {
	n             int
	p50, p95, p99 time.Duration
}

func summarize(ds []time.Duration) stats {
	if len(ds) == 0 {
		return stats{}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	at := func(q float64) time.Duration { return ds[min(len(ds)-1, int(q*float64(len(ds))))] }
	return stats{n: len(ds), p50: at(0.50), p95: at(0.95), p99: at(0.99)}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d.Microseconds())/1000) }

func write(path string, f figures, inflight, rounds, rate int, readFor time.Duration, runs int) error {
	cpu := runtime.NumCPU()
	ratio := func(api, proc stats) string {
		if proc.p50 == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%.2f", float64(api.p50)/float64(proc.p50))
	}
	pass := func(ok bool) string {
		if ok {
			return "met"
		}
		return "**not met**"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<!-- bench:start -->\n## Pipeline and API (`make bench`)\n\n")
	fmt.Fprintf(&b, "Measured %s on %d CPUs by `make bench` (cmd/bench): `bin/compliance dev` as its own process "+
		"against the PostgreSQL and Temporal dev server of `compliance stack`; files generated by `sampledocs` "+
		"(seed 42); uploads validated against `bls`; completion observed by polling `GET /v2/intakes/{id}` every 10 ms; "+
		"load average %s before (1/5/15 min; the machine is shared with other work).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), cpu, f.loadBefore)
	fmt.Fprintf(&b, "| figure | p50 | p95 | runs | target |\n|---|---|---|---|---|\n")
	fmt.Fprintf(&b, "| upload → SUCCESS, 1-page text PDF | %s | %s | %d | |\n", ms(f.lat1.p50), ms(f.lat1.p95), f.lat1.n)
	fmt.Fprintf(&b, "| upload → SUCCESS, 20-page text PDF | %s | %s | %d | p50 < 2 s: %s |\n", ms(f.lat20.p50), ms(f.lat20.p95), f.lat20.n, pass(f.lat20.p50 < 2*time.Second))
	fmt.Fprintf(&b, "| upload → SUCCESS, 5-page scanned PDF (OCR) | %s | %s | %d | |\n", ms(f.latScan.p50), ms(f.latScan.p95), f.latScan.n)
	fmt.Fprintf(&b, "| `compliance process FILE` command, 1 page | %s | %s | %d | |\n", ms(f.cmd1.p50), ms(f.cmd1.p95), f.cmd1.n)
	fmt.Fprintf(&b, "| `compliance process FILE` command, 20 pages | %s | %s | %d | |\n", ms(f.cmd20.p50), ms(f.cmd20.p95), f.cmd20.n)
	fmt.Fprintf(&b, "| `compliance process FILE` command, 5 scanned pages | %s | %s | %d | |\n", ms(f.cmdScan.p50), ms(f.cmdScan.p95), f.cmdScan.n)
	fmt.Fprintf(&b, "| engine alone (`process --repeat`, set-up excluded), 1 page | %s | %s | %d | |\n", ms(f.proc1.p50), ms(f.proc1.p95), f.proc1.n)
	fmt.Fprintf(&b, "| engine alone, 20 pages | %s | %s | %d | |\n", ms(f.proc20.p50), ms(f.proc20.p95), f.proc20.n)
	fmt.Fprintf(&b, "| engine alone, 5 scanned pages | %s | %s | %d | |\n\n", ms(f.procScan.p50), ms(f.procScan.p95), f.procScan.n)
	r20 := float64(f.lat20.p50) / float64(max(f.cmd20.p50, 1))
	fmt.Fprintf(&b, "| figure | value | target |\n|---|---|---|\n")
	fmt.Fprintf(&b, "| throughput, %d intakes of 20 text pages in flight (%d intakes in %.1f s) | %.1f pages/s | ≥ 25: %s |\n",
		inflight, f.throughputIntakes, f.throughputWall.Seconds(), f.pagesPerSec, pass(f.pagesPerSec >= 25))
	fmt.Fprintf(&b, "| orchestration overhead, API p50 / `compliance process FILE` p50, 20-page text PDF | %s | < 1.3: %s |\n", ratio(f.lat20, f.cmd20), pass(r20 < 1.3))
	fmt.Fprintf(&b, "| … 1-page text PDF | %s | |\n", ratio(f.lat1, f.cmd1))
	fmt.Fprintf(&b, "| … 5-page scanned PDF | %s | |\n", ratio(f.latScan, f.cmdScan))
	fmt.Fprintf(&b, "| API p50 / engine alone p50 (set-up excluded), 20-page / 1-page / scanned | %s / %s / %s | |\n",
		ratio(f.lat20, f.proc20), ratio(f.lat1, f.proc1), ratio(f.latScan, f.procScan))
	fmt.Fprintf(&b, "| `GET /v2/intakes/{id}` (20 segments) at %d req/s for %s after 2 s of warm-up, open loop: achieved rate | %.0f req/s | 2,000: %s |\n",
		rate, readFor, f.readRate, pass(f.readRate >= 0.98*float64(rate) && f.readOK > 0.999))
	fmt.Fprintf(&b, "| … p50 / p99 latency | %s / %s | p99 < 20 ms: %s |\n", ms(f.read.p50), ms(f.read.p99), pass(f.read.p99 < 20*time.Millisecond))
	fmt.Fprintf(&b, "| … answered 200 | %.2f%% of %d | |\n\n", 100*f.readOK, f.readSent)
	fmt.Fprintf(&b, "Orchestration overhead compares the API path (upload, Temporal workflow, activities, storage, polling) with the same file "+
		"through `compliance process FILE` run as a command, as the target names it; the engine-alone row leaves out the command's "+
		"set-up (catalog, patterns, Tesseract check) for a stricter comparison. The load generator shares the %d CPUs with the API, "+
		"PostgreSQL, Temporal and the worker.\n<!-- bench:end -->\n", cpu)
	return benchdoc.ReplaceSection(path, "bench", b.String())
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
