package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	compliance "github.com/clearedtostart/compliance"
	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/clientmail"
	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/integrations"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/registrycheck"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/vms"
)

func newLogger(cfg config.Config) *slog.Logger {
	level := map[string]slog.Level{"debug": slog.LevelDebug, "info": slog.LevelInfo, "warn": slog.LevelWarn, "error": slog.LevelError}[cfg.LogLevel]
	return slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
}

// deps are what the API and the worker share: the database, blob storage,
// Temporal, the catalog and the VMS integrations, and the registry lists in
// memory (one copy when both run in one process).
type deps struct {
	log          *slog.Logger
	st           *store.Store
	blobs        *blobstore.Store
	tc           client.Client
	cat          *catalog.Catalog
	integrations *integrations.Config
	indexes      *registrycheck.Indexes
	loadIndexes  sync.Once
}

// runIndexes loads the registry lists into memory and follows new
// editions, once per process.
func (d *deps) runIndexes(ctx context.Context) {
	d.loadIndexes.Do(func() { go d.indexes.Run(ctx) })
}

// openDeps connects to everything. lazy leaves Temporal to connect on first
// use (the API answers /healthz while Temporal is down); else it waits.
func openDeps(ctx context.Context, cfg config.Config, log *slog.Logger, lazy bool) (*deps, error) {
	d := &deps{log: log}
	var err error
	if d.cat, err = catalog.Load(); err != nil {
		return nil, err
	}
	// Loaded before anything connects: a configuration error stops the
	// process with every problem listed.
	if d.integrations, err = integrations.LoadDefault(d.cat); err != nil {
		return nil, err
	}
	if d.st, err = openStore(ctx, cfg, log); err != nil {
		return nil, err
	}
	if d.indexes, err = registrycheck.NewIndexes(registrycheck.IndexesConfig{Source: d.st, Poll: cfg.RegistryPoll, Logger: log}); err != nil {
		d.close()
		return nil, err
	}
	if d.blobs, err = openBlobs(ctx, cfg); err != nil {
		d.close()
		return nil, err
	}
	if lazy {
		d.tc, err = lazyTemporal(cfg, log)
	} else {
		d.tc, err = dialTemporal(ctx, cfg, log)
	}
	if err != nil {
		d.close()
		return nil, err
	}
	return d, nil
}

// withDeps runs fn with the dependencies open, and closes them after.
func withDeps(ctx context.Context, cfg config.Config, lazy bool, fn func(*deps) error) error {
	d, err := openDeps(ctx, cfg, newLogger(cfg), lazy)
	if err != nil {
		return err
	}
	defer d.close()
	return fn(d)
}

func (d *deps) close() {
	if d.tc != nil {
		d.tc.Close()
	}
	if d.blobs != nil {
		d.blobs.Close()
	}
	if d.st != nil {
		d.st.Close()
	}
}

// withStore runs fn with the database open, and closes it after.
func withStore(ctx context.Context, cfg config.Config, log *slog.Logger, fn func(*store.Store) error) error {
	st, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer st.Close()
	return fn(st)
}

// openStore connects to PostgreSQL and waits (bounded) until it answers.
func openStore(ctx context.Context, cfg config.Config, log *slog.Logger) (*store.Store, error) {
	if cfg.DatabaseURL == "" {
		return nil, errors.New("DATABASE_URL is required (or run `compliance dev`, which starts a local PostgreSQL)")
	}
	st, err := store.Open(store.Config{URL: cfg.DatabaseURL, Logger: log})
	if err != nil {
		return nil, err
	}
	wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := st.WaitReady(wctx); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// openBlobs opens blob storage; a local bucket signs its URLs with
// BLOB_SIGNING_KEY, else with a key kept in DATA_DIR.
func openBlobs(ctx context.Context, cfg config.Config) (*blobstore.Store, error) {
	var key []byte
	if strings.HasPrefix(cfg.BlobURL, "file://") {
		var err error
		if key, err = signingKey(cfg); err != nil {
			return nil, err
		}
	}
	return blobstore.Open(ctx, blobstore.Config{URL: cfg.BlobURL, PublicBaseURL: cfg.PublicBaseURL, SigningKey: key})
}

func signingKey(cfg config.Config) ([]byte, error) {
	if cfg.BlobSigningKey != "" {
		if b, err := hex.DecodeString(cfg.BlobSigningKey); err == nil && len(b) >= 16 {
			return b, nil
		}
		if len(cfg.BlobSigningKey) >= 32 {
			return []byte(cfg.BlobSigningKey), nil
		}
		return nil, errors.New("BLOB_SIGNING_KEY must be at least 16 bytes in hex or 32 characters")
	}
	path := filepath.Join(cfg.DataDir, "blob-signing.key")
	if b, err := os.ReadFile(path); err == nil {
		if k, err := hex.DecodeString(strings.TrimSpace(string(b))); err == nil && len(k) >= 16 {
			return k, nil
		}
	}
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, []byte(hex.EncodeToString(k)+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("writing the blob signing key: %w", err)
	}
	return k, nil
}

// dialTemporal connects to Temporal, retrying until ctx ends so that a
// process started before the server waits for it.
func dialTemporal(ctx context.Context, cfg config.Config, log *slog.Logger) (client.Client, error) {
	opts := client.Options{
		HostPort: cfg.TemporalAddress, Namespace: cfg.TemporalNamespace,
		Logger: tlog.NewStructuredLogger(log.With("component", "temporal")),
	}
	var last error
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		c, err := client.DialContext(ctx, opts)
		if err == nil {
			return c, nil
		}
		last = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, fmt.Errorf("temporal at %s: %w", cfg.TemporalAddress, last)
}

// lazyTemporal returns a client that connects on first use, for the API:
// it starts and answers /healthz while Temporal is down, and /readyz says so.
func lazyTemporal(cfg config.Config, log *slog.Logger) (client.Client, error) {
	return client.NewLazyClient(client.Options{
		HostPort: cfg.TemporalAddress, Namespace: cfg.TemporalNamespace,
		Logger: tlog.NewStructuredLogger(log.With("component", "temporal")),
	})
}

func newEngine(cfg config.Config) (*pipeline.Engine, error) {
	cat, err := catalog.Load()
	if err != nil {
		return nil, err
	}
	o, err := ocr.New(ocr.Config{Concurrency: cfg.OCRConcurrency})
	if err != nil {
		return nil, err
	}
	return pipeline.New(pipeline.Config{Catalog: cat, OCR: o})
}

// openAPI is the embedded interface description.
func openAPI() []byte { return compliance.OpenAPI }

// mailReceiver is the client-email receiver the inbound endpoint and the
// maildir watcher share.
func (d *deps) mailReceiver(log *slog.Logger) (*clientmail.Receiver, error) {
	var patterns []*regexp.Regexp
	for _, integ := range d.integrations.Integrations() {
		patterns = append(patterns, integ.Email.JobRefPatterns...)
	}
	return clientmail.New(clientmail.Config{Store: d.st, Blobs: d.blobs, Patterns: patterns, Logger: log})
}

// connectors builds every integration's VMS connector; credentials come
// from the environment variables the integrations file names.
func (d *deps) connectors() (map[string]vms.Connector, error) {
	out := map[string]vms.Connector{}
	for _, integ := range d.integrations.Integrations() {
		if !integ.Uses(integrations.SourceVMS) {
			continue
		}
		creds, err := integ.Connector.ResolveCredentials(os.LookupEnv)
		if err != nil {
			return nil, fmt.Errorf("integration %s: %w", integ.VMSType, err)
		}
		switch integ.Connector.Kind {
		case "sandbox":
			c, err := vms.NewSandbox(vms.SandboxConfig{BaseURL: integ.Connector.BaseURL, Username: creds["username"], Password: creds["password"],
				Timeout: integ.Connector.Timeout, Logger: d.log})
			if err != nil {
				return nil, fmt.Errorf("integration %s: %w", integ.VMSType, err)
			}
			out[integ.VMSType] = c
		default:
			return nil, fmt.Errorf("integration %s: no connector of kind %q in this build", integ.VMSType, integ.Connector.Kind)
		}
	}
	return out, nil
}
