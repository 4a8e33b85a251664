package devstack

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/operatorservice/v1"
	"go.temporal.io/sdk/client"
	"gopkg.in/yaml.v3"
)

// TemporalSettings is temporal-dev.yaml: what the dev server is started with.
type TemporalSettings struct {
	Namespace        string            `yaml:"namespace"`
	SearchAttributes map[string]string `yaml:"search_attributes"`
	DynamicConfig    map[string]any    `yaml:"dynamic_config"`
	SqlitePragmas    map[string]string `yaml:"sqlite_pragmas"`
	Ports            struct {
		Frontend int `yaml:"frontend"`
		UI       int `yaml:"ui"`
	} `yaml:"ports"`
}

// LoadTemporalSettings reads temporal-dev.yaml.
func LoadTemporalSettings(path string) (TemporalSettings, error) {
	var s TemporalSettings
	b, err := os.ReadFile(path)
	if err != nil {
		return s, fmt.Errorf("devstack: %w", err)
	}
	if err := yaml.Unmarshal(b, &s); err != nil {
		return s, fmt.Errorf("devstack: %s: %w", path, err)
	}
	if s.Namespace == "" {
		return s, fmt.Errorf("devstack: %s: namespace is required", path)
	}
	for name, typ := range s.SearchAttributes {
		if _, ok := enums.IndexedValueType_shorthandValue[typ]; !ok {
			return s, fmt.Errorf("devstack: %s: search attribute %s has unknown type %q", path, name, typ)
		}
	}
	return s, nil
}

// TemporalConfig configures StartTemporal.
type TemporalConfig struct {
	// Binary is the pinned Temporal CLI (bin/temporal).
	Binary   string
	Settings TemporalSettings
	// DBFile persists workflows across restarts; empty keeps them in memory.
	DBFile string
	// Port and UIPort; 0 picks free ports. Headless disables the Web UI.
	Port     int
	UIPort   int
	Headless bool
	// LogFile receives the server's output.
	LogFile string
	Logger  *slog.Logger
}

// Temporal is a running dev server.
type Temporal struct {
	Address string
	UIURL   string
	cfg     TemporalConfig
	cmd     *exec.Cmd
	done    chan struct{}
	log     *slog.Logger
}

// StartTemporal starts `temporal server start-dev` as a child process and
// waits until its namespace answers and its search attributes exist.
func StartTemporal(ctx context.Context, cfg TemporalConfig) (*Temporal, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if _, err := os.Stat(cfg.Binary); err != nil {
		return nil, fmt.Errorf("devstack: the Temporal CLI is not built at %s (run `make bin/temporal`): %w", cfg.Binary, err)
	}
	var err error
	pickPorts := cfg.Port == 0
	t := &Temporal{cfg: cfg, log: cfg.Logger}
	for attempt := 1; ; attempt++ {
		if pickPorts {
			if t.cfg.Port, err = FreePort(); err != nil {
				return nil, err
			}
			if !cfg.Headless && cfg.UIPort == 0 {
				if t.cfg.UIPort, err = FreePort(); err != nil {
					return nil, err
				}
			}
		}
		t.Address = net.JoinHostPort("127.0.0.1", strconv.Itoa(t.cfg.Port))
		if !cfg.Headless {
			t.UIURL = fmt.Sprintf("http://127.0.0.1:%d", t.cfg.UIPort)
		}
		err = t.start(ctx)
		if err == nil {
			return t, nil
		}
		if !errors.Is(err, errExitedEarly) || attempt == startAttempts {
			return nil, err
		}
		t.log.Warn("the Temporal dev server exited while starting; starting it again", "attempt", attempt, "err", err)
	}
}

func (t *Temporal) args() ([]string, error) {
	s := t.cfg.Settings
	args := []string{"server", "start-dev", "--ip", "127.0.0.1", "--port", strconv.Itoa(t.cfg.Port),
		"--namespace", s.Namespace, "--log-level", "warn"}
	if t.cfg.Headless {
		args = append(args, "--headless")
	} else {
		args = append(args, "--ui-port", strconv.Itoa(t.cfg.UIPort))
	}
	if t.cfg.DBFile != "" {
		args = append(args, "--db-filename", t.cfg.DBFile)
	}
	for _, k := range sortedKeys(s.SqlitePragmas) {
		args = append(args, "--sqlite-pragma", k+"="+s.SqlitePragmas[k])
	}
	for _, k := range sortedKeys(s.SearchAttributes) {
		args = append(args, "--search-attribute", k+"="+s.SearchAttributes[k])
	}
	for _, k := range sortedKeys(s.DynamicConfig) {
		v, err := json.Marshal(s.DynamicConfig[k])
		if err != nil {
			return nil, fmt.Errorf("devstack: dynamic config %s: %w", k, err)
		}
		args = append(args, "--dynamic-config-value", k+"="+string(v))
	}
	return args, nil
}

func (t *Temporal) start(ctx context.Context) error {
	args, err := t.args()
	if err != nil {
		return err
	}
	if t.cfg.DBFile != "" {
		if err := os.MkdirAll(filepath.Dir(t.cfg.DBFile), 0o755); err != nil {
			return err
		}
	}
	cmd := exec.Command(t.cfg.Binary, args...)
	if t.cfg.LogFile != "" {
		f, err := os.OpenFile(t.cfg.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		cmd.Stdout, cmd.Stderr = f, f
	}
	// Own process group: Ctrl-C reaches `compliance` only, which stops the
	// server after the worker. Pdeathsig: a killed parent takes it along.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	t.log.Info("starting Temporal dev server", "address", t.Address, "ui", t.UIURL, "db", t.cfg.DBFile, "log", t.cfg.LogFile)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("devstack: start Temporal: %w", err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.cmd, t.done = cmd, done
	ready := func(ctx context.Context) error {
		select {
		case <-done:
			return fmt.Errorf("devstack: Temporal: %w (log: %s): %s", errExitedEarly, t.cfg.LogFile, failureLine(t.cfg.LogFile))
		default:
		}
		return t.ensureReady(ctx)
	}
	if err := waitUntil(ctx, 90*time.Second, ready); err != nil {
		if errors.Is(err, errExitedEarly) {
			return err
		}
		t.Kill()
		return fmt.Errorf("devstack: Temporal dev server not ready (log: %s): %w\n%s", t.cfg.LogFile, err, tailFile(t.cfg.LogFile, 15))
	}
	return nil
}

// failureLine is the line of the server's log that says why it stopped (a
// panic's message is above its stack, which a tail would show instead).
func failureLine(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := strings.Split(string(b), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "Error:") || strings.Contains(l, "failed starting server") {
			return l
		}
	}
	return tailFile(path, 5)
}

// ensureReady checks that the namespace answers and adds any search
// attribute of temporal-dev.yaml that a persisted database lacks (the
// --search-attribute flag only applies when the namespace is created).
func (t *Temporal) ensureReady(ctx context.Context) error {
	c, err := client.DialContext(ctx, client.Options{HostPort: t.Address, Namespace: t.cfg.Settings.Namespace,
		Logger: discardLogger{}})
	if err != nil {
		return err
	}
	defer c.Close()
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := c.CheckHealth(cctx, &client.CheckHealthRequest{}); err != nil {
		return err
	}
	existing, err := c.OperatorService().ListSearchAttributes(cctx, &operatorservice.ListSearchAttributesRequest{Namespace: t.cfg.Settings.Namespace})
	if err != nil {
		return err
	}
	missing := map[string]enums.IndexedValueType{}
	for name, typ := range t.cfg.Settings.SearchAttributes {
		if _, ok := existing.GetCustomAttributes()[name]; !ok {
			missing[name] = enums.IndexedValueType(enums.IndexedValueType_shorthandValue[typ])
		}
	}
	if len(missing) > 0 {
		_, err := c.OperatorService().AddSearchAttributes(cctx, &operatorservice.AddSearchAttributesRequest{
			Namespace: t.cfg.Settings.Namespace, SearchAttributes: missing,
		})
		return err
	}
	return nil
}

// Stop interrupts the server and waits for it to exit.
func (t *Temporal) Stop() {
	if t.cmd == nil || t.cmd.Process == nil {
		return
	}
	_ = t.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-t.done:
	case <-time.After(15 * time.Second):
		t.Kill()
	}
}

// Kill ends the server at once, like a crash.
func (t *Temporal) Kill() {
	if t.cmd == nil || t.cmd.Process == nil {
		return
	}
	_ = t.cmd.Process.Kill()
	<-t.done
}

// Restart starts a stopped server again with the same ports and database.
func (t *Temporal) Restart(ctx context.Context) error {
	var err error
	for attempt := 1; attempt <= startAttempts; attempt++ {
		if err = t.start(ctx); err == nil || !errors.Is(err, errExitedEarly) {
			return err
		}
		t.log.Warn("the Temporal dev server exited while restarting; starting it again", "attempt", attempt, "err", err)
	}
	return err
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// discardLogger silences the SDK while polling for readiness.
type discardLogger struct{}

func (discardLogger) Debug(string, ...any) {}
func (discardLogger) Info(string, ...any)  {}
func (discardLogger) Warn(string, ...any)  {}
func (discardLogger) Error(string, ...any) {}
