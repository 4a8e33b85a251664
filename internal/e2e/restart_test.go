package e2e

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"github.com/clearedtostart/compliance/internal/devstack"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/internal/testenv"
)

// cluster is the service as separate processes, as in production: the API
// (`compliance serve`) and the worker (`compliance worker`) built from this
// tree, with a PostgreSQL and a Temporal dev server of its own so that each
// can be killed and restarted.
type cluster struct {
	t        *testing.T
	root     string
	bin      string
	dir      string
	pg       *devstack.Postgres
	temporal *devstack.Temporal
	env      []string
	api      *exec.Cmd
	worker   *exec.Cmd
	base     string
	key      string
	tc       client.Client
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// TestMain removes the binary the tests built (about 90 MB a run).
func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

func build(t *testing.T, root string) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "e2e-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "compliance")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/compliance")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v: %s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func newCluster(t *testing.T) *cluster {
	t.Helper()
	root, err := testenv.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, root: root, bin: build(t, root), dir: t.TempDir()}
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	pgDir, err := os.MkdirTemp(filepath.Join(root, ".data"), "e2e-")
	if err != nil {
		if err = os.MkdirAll(filepath.Join(root, ".data"), 0o755); err == nil {
			pgDir, err = os.MkdirTemp(filepath.Join(root, ".data"), "e2e-")
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { os.RemoveAll(pgDir) })
	if c.pg, err = devstack.StartPostgres(ctx, devstack.PostgresConfig{Dir: filepath.Join(pgDir, "pg"), Foreground: true, Logger: log}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.pg.Stop(context.Background()) })
	settings, err := devstack.LoadTemporalSettings(filepath.Join(root, "temporal-dev.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if c.temporal, err = devstack.StartTemporal(ctx, devstack.TemporalConfig{
		Binary: filepath.Join(root, "bin", "temporal"), Settings: settings, Headless: true, Logger: log,
		DBFile: filepath.Join(c.dir, "temporal.db"), LogFile: filepath.Join(c.dir, "temporal.log"),
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.temporal.Stop)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	c.base = "http://" + addr
	c.env = append(os.Environ(),
		"DATABASE_URL="+c.pg.URL, "TEMPORAL_ADDRESS="+c.temporal.Address, "TEMPORAL_NAMESPACE="+settings.Namespace,
		"TEMPORAL_TASK_QUEUE=e2e", "HTTP_ADDR="+addr, "DATA_DIR="+filepath.Join(c.dir, "data"),
		"BLOB_URL=file://"+filepath.Join(c.dir, "blobs"), "BLOB_SIGNING_KEY="+hex.EncodeToString([]byte("e2e-signing-key-0123456789abcdef")),
		"LOG_LEVEL=warn", "SHUTDOWN_TIMEOUT=5s", "RESUME_INTERVAL=2s",
		// The embedded integration's connector is configured, though no
		// job is synced here.
		"VMS_SANDBOX_URL=http://127.0.0.1:9", "VMS_SANDBOX_USERNAME=e2e", "VMS_SANDBOX_PASSWORD=e2e",
	)
	c.run("migrate")
	c.key = strings.TrimSpace(c.run("apikey", "create", "--account", "e2e"))
	c.api = c.start("serve")
	c.worker = c.start("worker")
	c.waitReady()
	if c.tc, err = client.Dial(client.Options{HostPort: c.temporal.Address, Namespace: settings.Namespace, Logger: quiet{}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.tc.Close)
	return c
}

func (c *cluster) run(args ...string) string {
	c.t.Helper()
	cmd := exec.Command(c.bin, args...)
	cmd.Env = c.env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		c.t.Fatalf("compliance %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// start runs a subcommand in the background; its output goes to a log file
// shown when the test fails.
func (c *cluster) start(sub string) *exec.Cmd {
	c.t.Helper()
	logPath := filepath.Join(c.dir, sub+".log")
	f, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		c.t.Fatal(err)
	}
	cmd := exec.Command(c.bin, sub)
	cmd.Env, cmd.Stdout, cmd.Stderr = c.env, f, f
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		c.t.Fatal(err)
	}
	go func() { _ = cmd.Wait(); f.Close() }()
	c.t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		time.Sleep(200 * time.Millisecond)
		_ = cmd.Process.Kill()
		if c.t.Failed() {
			b, _ := os.ReadFile(logPath)
			c.t.Logf("%s log (tail):\n%s", sub, tail(string(b), 30))
		}
	})
	return cmd
}

func (c *cluster) waitReady() {
	c.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(c.base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	c.t.Fatal("the API did not become ready")
}

// upload creates an intake and returns its id.
func (c *cluster) upload(file []byte) string {
	c.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("external_id", "nurse-e2e")
	_ = mw.WriteField("validate", `{"requirement":"bls"}`)
	fw, _ := mw.CreateFormFile("file", "packet.pdf")
	_, _ = fw.Write(file)
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, c.base+"/v2/intakes/scan/async", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("x-api-key", c.key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	var in struct {
		ID string `json:"id"`
	}
	if resp.StatusCode != 201 || json.NewDecoder(resp.Body).Decode(&in) != nil {
		c.t.Fatalf("upload: %d", resp.StatusCode)
	}
	return in.ID
}

// get reads an intake; while a dependency is down it may answer 503,
// which the caller retries.
func (c *cluster) get(id string) (map[string]any, int) {
	req, _ := http.NewRequest(http.MethodGet, c.base+"/v2/intakes/"+id, nil)
	req.Header.Set("x-api-key", c.key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, 0
	}
	defer resp.Body.Close()
	var in map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&in)
	return in, resp.StatusCode
}

func (c *cluster) wait(id string, limit time.Duration) map[string]any {
	c.t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		in, status := c.get(id)
		if status == 200 && in["scan_status"] != "PENDING" {
			return in
		}
		time.Sleep(250 * time.Millisecond)
	}
	c.t.Fatalf("intake %s not done after %s", id, limit)
	return nil
}

// completedOCR counts the OCR pages the intake's workflow has finished.
func (c *cluster) completedOCR(id string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	iter := c.tc.GetWorkflowHistory(ctx, "intake/"+id, "", false, enums.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	n := 0
	for iter.HasNext() {
		ev, err := iter.Next()
		if err != nil {
			return n
		}
		if ev.GetEventType() == enums.EVENT_TYPE_ACTIVITY_TASK_COMPLETED {
			n++
		}
	}
	return n
}

// waitMidway waits until part of the intake's pages are read, but not all.
func (c *cluster) waitMidway(id string, done int) {
	c.t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		if c.completedOCR(id) >= done {
			if in, _ := c.get(id); in != nil && in["scan_status"] != "PENDING" {
				c.t.Fatal("the intake finished before the fault could be injected")
			}
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	c.t.Fatal("the intake made no progress")
}

// outcome is what must be identical between a disturbed and an undisturbed
// run: everything but ids, timestamps and URLs.
func outcome(in map[string]any) map[string]any {
	out := map[string]any{"scan_status": in["scan_status"], "split": in["split"], "error": in["error"]}
	if v, ok := in["validation"].(map[string]any); ok {
		out["validation_result"] = v["result"]
	}
	if f, ok := in["fraud"].(map[string]any); ok {
		out["fraud"] = f["result"]
	}
	var segs []any
	for _, s := range in["segments"].([]any) {
		seg := s.(map[string]any)
		segs = append(segs, map[string]any{
			"index": seg["index"], "page_start": seg["page_start"], "page_end": seg["page_end"],
			"document_type": seg["document_type"], "fields": seg["fields"], "validation_result": seg["validation_result"],
			"scan_status": seg["scan_status"], "fraud": seg["fraud"], "expires_at": seg["expires_at"],
		})
	}
	out["segments"] = segs
	return out
}

// packetPages is the fault tests' packet length; the fault is injected
// once a third of its pages are read.
const packetPages = 12

var (
	packetOnce sync.Once
	packetPDF  []byte
	baseline   map[string]any
	baseMu     sync.Mutex
)

// packet is a 12-page phone scan of one nurse's documents: every page is
// read by OCR, so processing takes long enough to be interrupted midway,
// and short enough that four runs of it (one undisturbed, three disturbed)
// stay a small part of `make test`'s 20 minutes (30 pages took most of it).
func packet(t *testing.T) []byte {
	t.Helper()
	packetOnce.Do(func() {
		r := sampledocs.Seeded(30)
		p := sampledocs.NewPerson(r)
		pk, err := sampledocs.NewPacket(r, p, packetPages, sampledocs.PacketOptions{Scanned: true})
		if err != nil {
			t.Fatal(err)
		}
		packetPDF = pk.PDF
	})
	return packetPDF
}

// undisturbed is the result of the packet on a cluster nobody touches,
// computed once and shared by the fault tests.
func undisturbed(t *testing.T) map[string]any {
	t.Helper()
	baseMu.Lock()
	defer baseMu.Unlock()
	if baseline == nil {
		c := newCluster(t)
		baseline = outcome(c.wait(c.upload(packet(t)), 5*time.Minute))
		if baseline["scan_status"] != "SUCCESS" {
			t.Fatalf("undisturbed run: %v", baseline)
		}
	}
	return baseline
}

func sameOutcome(t *testing.T, got map[string]any) {
	t.Helper()
	want := undisturbed(t)
	g := outcome(got)
	if !reflect.DeepEqual(g, want) {
		gb, _ := json.MarshalIndent(g, "", " ")
		wb, _ := json.MarshalIndent(want, "", " ")
		t.Fatalf("the disturbed run differs from the undisturbed one\n got: %.3000s\nwant: %.3000s", gb, wb)
	}
}

// disturbedMidIntake uploads the packet to a cluster of its own, disturbs
// the cluster once the intake is midway, and asserts the intake still ends
// as it does undisturbed.
func disturbedMidIntake(t *testing.T, disturb func(c *cluster)) {
	t.Helper()
	_ = undisturbed(t)
	c := newCluster(t)
	id := c.upload(packet(t))
	c.waitMidway(id, packetPages/3)
	disturb(c)
	sameOutcome(t, c.wait(id, 5*time.Minute))
}

func TestWorkerKilledMidIntake(t *testing.T) {
	disturbedMidIntake(t, func(c *cluster) {
		if err := c.worker.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second)
		c.worker = c.start("worker")
	})
}

func TestTemporalRestartedMidIntake(t *testing.T) {
	disturbedMidIntake(t, func(c *cluster) {
		c.temporal.Kill()
		time.Sleep(2 * time.Second)
		if err := c.temporal.Restart(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}

func TestDatabaseRestartedMidIntake(t *testing.T) {
	disturbedMidIntake(t, func(c *cluster) {
		if err := c.pg.Kill(context.Background()); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * time.Second)
		if err := c.pg.Restart(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}

// TestUploadWhileTemporalIsDown: an upload accepted while Temporal cannot
// be reached is started by the resumer once it is back.
func TestUploadWhileTemporalIsDown(t *testing.T) {
	c := newCluster(t)
	c.temporal.Kill()
	r := sampledocs.Seeded(5)
	pdf, err := sampledocs.RenderPDF(sampledocs.Generate(r, "bls", sampledocs.NewPerson(r), sampledocs.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	id := c.upload(pdf)
	if err := c.temporal.Restart(context.Background()); err != nil {
		t.Fatal(err)
	}
	in := c.wait(id, 3*time.Minute)
	if in["scan_status"] != "SUCCESS" {
		t.Fatalf("intake accepted while Temporal was down: %v", in["scan_status"])
	}
}

type quiet struct{}

func (quiet) Debug(string, ...any) {}
func (quiet) Info(string, ...any)  {}
func (quiet) Warn(string, ...any)  {}
func (quiet) Error(string, ...any) {}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
