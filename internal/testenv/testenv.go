// Package testenv gives integration tests the real dependencies: a
// PostgreSQL database of their own (migrated) and a Temporal dev server.
// Under `make test` the servers come from the environment (DATABASE_URL,
// TEMPORAL_ADDRESS, set by `compliance stack`) and each test binary gets a
// fresh database on that server; run alone (`go test ./store/`), a binary
// starts its own servers. A dependency that cannot be had fails the tests;
// they never skip.
package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/clearedtostart/compliance/internal/devstack"
	"github.com/clearedtostart/compliance/store"
)

// Env is the dependencies of one test binary.
type Env struct {
	DatabaseURL       string
	TemporalAddress   string
	TemporalNamespace string
	// Root is the repository root (for bin/temporal, temporal-dev.yaml).
	Root string
}

var (
	once     sync.Once
	env      *Env
	setupErr error
	cleanups []func()
)

// Main runs a test binary's tests with the environment torn down after:
// call it from TestMain.
func Main(m *testing.M) int {
	code := m.Run()
	for i := len(cleanups) - 1; i >= 0; i-- {
		cleanups[i]()
	}
	return code
}

// Get returns the environment, setting it up on first use. It fails the
// test when a dependency is missing.
func Get(t testing.TB) *Env {
	t.Helper()
	once.Do(func() { env, setupErr = setup() })
	if setupErr != nil {
		t.Fatalf("testenv: %v", setupErr)
	}
	return env
}

// Store opens the binary's database.
func Store(t testing.TB) *store.Store {
	t.Helper()
	e := Get(t)
	st, err := store.Open(store.Config{URL: e.DatabaseURL, Logger: Logger(t)})
	if err != nil {
		t.Fatalf("testenv: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// Logger is a logger for tests: warnings and errors only, to the test log.
func Logger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// RepoRoot finds the repository root from the working directory.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "temporal-dev.yaml")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no temporal-dev.yaml above %s", dir)
		}
		dir = parent
	}
}

func setup() (*Env, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	root, err := RepoRoot()
	if err != nil {
		return nil, err
	}
	e := &Env{Root: root, TemporalNamespace: os.Getenv("TEMPORAL_NAMESPACE")}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	serverURL := os.Getenv("DATABASE_URL")
	if serverURL == "" {
		dir, err := os.MkdirTemp(filepath.Join(root, ".data"), "testenv-")
		if err != nil {
			if err := os.MkdirAll(filepath.Join(root, ".data"), 0o755); err != nil {
				return nil, err
			}
			if dir, err = os.MkdirTemp(filepath.Join(root, ".data"), "testenv-"); err != nil {
				return nil, err
			}
		}
		cleanups = append(cleanups, func() { os.RemoveAll(dir) })
		pg, err := devstack.StartPostgres(ctx, devstack.PostgresConfig{Dir: filepath.Join(dir, "pg"), Foreground: true, Logger: log})
		if err != nil {
			return nil, fmt.Errorf("PostgreSQL: %w", err)
		}
		cleanups = append(cleanups, func() { _ = pg.Stop(context.Background()) })
		serverURL = pg.URL
	}
	if e.DatabaseURL, err = freshDatabase(ctx, serverURL); err != nil {
		return nil, err
	}
	st, err := store.Open(store.Config{URL: e.DatabaseURL, Logger: log})
	if err != nil {
		return nil, err
	}
	defer st.Close()
	if _, err := st.Migrate(ctx); err != nil {
		return nil, err
	}

	e.TemporalAddress = os.Getenv("TEMPORAL_ADDRESS")
	if e.TemporalAddress == "" {
		settings, err := devstack.LoadTemporalSettings(filepath.Join(root, "temporal-dev.yaml"))
		if err != nil {
			return nil, err
		}
		t, err := devstack.StartTemporal(ctx, devstack.TemporalConfig{
			Binary: filepath.Join(root, "bin", "temporal"), Settings: settings, Headless: true, Logger: log,
			LogFile: filepath.Join(os.TempDir(), "testenv-temporal.log"),
		})
		if err != nil {
			return nil, fmt.Errorf("temporal dev server (build it with `make bin/temporal`): %w", err)
		}
		cleanups = append(cleanups, t.Stop)
		e.TemporalAddress, e.TemporalNamespace = t.Address, settings.Namespace
	}
	if e.TemporalNamespace == "" {
		e.TemporalNamespace = "compliance"
	}
	return e, nil
}

// freshDatabase creates a database of its own for this test binary on the
// server of serverURL and drops it after the tests.
func freshDatabase(ctx context.Context, serverURL string) (string, error) {
	u, err := url.Parse(serverURL)
	if err != nil {
		return "", fmt.Errorf("DATABASE_URL: %w", err)
	}
	var raw [6]byte
	_, _ = rand.Read(raw[:])
	name := "test_" + sanitize(filepath.Base(mustGetwd())) + "_" + hex.EncodeToString(raw[:])
	admin := *u
	admin.Path = "/postgres"
	if err := devstack.CreateDatabase(ctx, admin.String(), name); err != nil {
		return "", fmt.Errorf("creating a test database (the DATABASE_URL user needs CREATEDB): %w", err)
	}
	cleanups = append(cleanups, func() {
		dctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(dctx, admin.String())
		if err != nil {
			return
		}
		defer conn.Close(dctx)
		_, _ = conn.Exec(dctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	})
	db := *u
	db.Path = "/" + name
	return db.String(), nil
}

func sanitize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	if b.Len() > 20 {
		return b.String()[:20]
	}
	return b.String()
}

func mustGetwd() string {
	wd, _ := os.Getwd()
	return wd
}
