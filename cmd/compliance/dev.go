package main

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	ecardsandbox "github.com/clearedtostart/compliance/ahaecard/sandbox"
	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/internal/devstack"
	"github.com/clearedtostart/compliance/nsopw/sandbox"
	nursyssandbox "github.com/clearedtostart/compliance/nursys/sandbox"
	"github.com/clearedtostart/compliance/store"
	vmssandbox "github.com/clearedtostart/compliance/vms/sandbox"
)

// dev runs the whole stack in the foreground for `make run`: PostgreSQL
// (unless DATABASE_URL is set), the Temporal dev server with its Web UI
// (unless TEMPORAL_ADDRESS is set), migrations, then the API and the worker
// in this process. Ctrl-C stops everything, in reverse order.
func dev(ctx context.Context, cfg config.Config) error {
	log := newLogger(cfg)
	started := time.Now()
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return err
	}
	if cfg.DatabaseURL == "" {
		pg, err := devstack.StartPostgres(ctx, devstack.PostgresConfig{
			Dir: filepath.Join(cfg.DataDir, "pg"), PreferredPort: envInt("PG_PORT", 54329), Durable: true, Logger: log,
		})
		if err != nil {
			return err
		}
		defer func() {
			log.Info("stopping PostgreSQL")
			if err := pg.Stop(context.Background()); err != nil {
				log.Error("stopping PostgreSQL", "error", err)
			}
		}()
		cfg.DatabaseURL = pg.URL
	}
	if !cfg.TemporalAddressSet {
		t, err := startDevTemporal(ctx, cfg, log)
		if err != nil {
			return err
		}
		defer func() {
			log.Info("stopping the Temporal dev server")
			t.Stop()
		}()
		cfg.TemporalAddress = t.Address
	}
	// The sandbox VMS answers where the embedded integration looks for it;
	// its address and credentials are in the environment before the
	// integrations are loaded, as an operator's would be.
	vmsURL := ""
	if os.Getenv("VMS_SANDBOX_URL") == "" {
		vsb, err := vmssandbox.New(vmssandbox.Config{Logger: log}).Start(ctx, envAddr("VMS_SANDBOX_ADDR", "127.0.0.1:8092"))
		if err != nil {
			return fmt.Errorf("VMS sandbox: %w", err)
		}
		defer vsb.Close()
		vmsURL = vsb.URL()
		for name, value := range map[string]string{"VMS_SANDBOX_URL": vmsURL,
			"VMS_SANDBOX_USERNAME": vmssandbox.DefaultUsername, "VMS_SANDBOX_PASSWORD": vmssandbox.DefaultPassword} {
			if _, set := os.LookupEnv(name); !set {
				os.Setenv(name, value)
			}
		}
		log.Info("VMS sandbox listening", "url", vmsURL)
	}
	if cfg.Maildir == "" {
		cfg.Maildir = filepath.Join(cfg.DataDir, "maildir")
		if err := os.MkdirAll(cfg.Maildir, 0o755); err != nil {
			return err
		}
	}
	d, err := openDeps(ctx, cfg, log, false)
	if err != nil {
		return err
	}
	defer d.close()
	applied, err := d.st.Migrate(ctx)
	if err != nil {
		return err
	}
	log.Info("migrations applied", "new", applied)
	if err := ensureDevKey(ctx, cfg, d.st, log); err != nil {
		return err
	}
	if cfg.RegistrySamples {
		if err := ensureSampleLists(ctx, cfg, d.st, log); err != nil {
			return err
		}
	}
	if cfg.NSOPWURL == "" {
		sb, err := sandbox.New(sandbox.Config{Logger: log}).Start(ctx, envAddr("NSOPW_SANDBOX_ADDR", "127.0.0.1:8091"))
		if err != nil {
			return fmt.Errorf("NSOPW sandbox: %w", err)
		}
		defer sb.Close()
		cfg.NSOPWURL = sb.URL()
		log.Info("NSOPW sandbox listening", "url", sb.URL())
	}
	// The primary sources' sandboxes, unless the real ones are configured:
	// their credentials are the sandboxes' unless given.
	if cfg.NursysURL == "" {
		nsb, err := nursyssandbox.New(nursyssandbox.Config{Logger: log}).Start(ctx, envAddr("NURSYS_SANDBOX_ADDR", "127.0.0.1:8093"))
		if err != nil {
			return fmt.Errorf("nursys sandbox: %w", err)
		}
		defer nsb.Close()
		cfg.NursysURL = nsb.URL()
		cfg.NursysUsername = cmp.Or(cfg.NursysUsername, nursyssandbox.DefaultUsername)
		cfg.NursysPassword = cmp.Or(cfg.NursysPassword, nursyssandbox.DefaultPassword)
	}
	if cfg.AHAECardURL == "" {
		esb, err := ecardsandbox.New(ecardsandbox.Config{Logger: log}).Start(ctx, envAddr("AHA_ECARD_SANDBOX_ADDR", "127.0.0.1:8094"))
		if err != nil {
			return fmt.Errorf("AHA eCard sandbox: %w", err)
		}
		defer esb.Close()
		cfg.AHAECardURL = esb.URL()
		cfg.AHAECardAPIKey = cmp.Or(cfg.AHAECardAPIKey, ecardsandbox.DefaultAPIKey)
	}

	// API and worker share this process; either failing stops both.
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	ready := make(chan string, 1)
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := runWorker(runCtx, cfg, d); err != nil {
			errs <- fmt.Errorf("worker: %w", err)
			cancel()
		}
	}()
	go func() {
		defer wg.Done()
		if err := runAPI(runCtx, cfg, d, ready); err != nil {
			errs <- fmt.Errorf("api: %w", err)
			cancel()
		}
	}()
	select {
	case addr := <-ready:
		fmt.Fprintf(os.Stderr, "\nCompliance Document Service is ready after %.1fs\n  API:           http://%s\n  Temporal UI:   %s\n  NSOPW sandbox: %s\n  VMS sandbox:   %s\n  Nursys:        %s\n  AHA eCards:    %s\n  Client emails: %s/<account>/new\n  Stop with Ctrl-C.\n\n",
			time.Since(started).Seconds(), addr, temporalUI(cfg), cfg.NSOPWURL, cmp.Or(vmsURL, os.Getenv("VMS_SANDBOX_URL")), cfg.NursysURL, cfg.AHAECardURL, cfg.Maildir)
	case <-runCtx.Done():
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		return err
	}
	return nil
}

func startDevTemporal(ctx context.Context, cfg config.Config, log *slog.Logger) (*devstack.Temporal, error) {
	settings, err := devstack.LoadTemporalSettings("temporal-dev.yaml")
	if err != nil {
		return nil, err
	}
	host, portText, err := net.SplitHostPort(cfg.TemporalAddress)
	if err != nil || (host != "127.0.0.1" && host != "localhost") {
		return nil, fmt.Errorf("the dev server listens on 127.0.0.1; TEMPORAL_ADDRESS %q is not local", cfg.TemporalAddress)
	}
	port, _ := strconv.Atoi(portText)
	if port == 0 {
		port = settings.Ports.Frontend
	}
	bin := os.Getenv("TEMPORAL_CLI")
	if bin == "" {
		bin = filepath.Join("bin", "temporal")
	}
	return devstack.StartTemporal(ctx, devstack.TemporalConfig{
		Binary: bin, Settings: settings, DBFile: filepath.Join(cfg.DataDir, "temporal.db"),
		Port: port, UIPort: settings.Ports.UI, LogFile: filepath.Join(cfg.DataDir, "temporal.log"), Logger: log,
	})
}

func temporalUI(cfg config.Config) string {
	if cfg.TemporalAddressSet {
		return "(external Temporal at " + cfg.TemporalAddress + ")"
	}
	settings, err := devstack.LoadTemporalSettings("temporal-dev.yaml")
	if err != nil {
		return "http://127.0.0.1:8233"
	}
	return fmt.Sprintf("http://127.0.0.1:%d/namespaces/%s/workflows", settings.Ports.UI, settings.Namespace)
}

// ensureDevKey makes DEV_API_KEY valid for account "dev", or, when it is
// unset, creates a key and prints it once.
func ensureDevKey(ctx context.Context, cfg config.Config, st *store.Store, log *slog.Logger) error {
	if cfg.DevAPIKey != "" {
		if len(cfg.DevAPIKey) < 32 {
			log.Warn("DEV_API_KEY is shorter than 32 characters; fine on a laptop, never in production")
		}
		if err := st.EnsureAPIKey(ctx, "dev", cfg.DevAPIKey, "DEV_API_KEY"); err != nil {
			return fmt.Errorf("DEV_API_KEY: %w", err)
		}
		return nil
	}
	key, row, err := st.CreateAPIKey(ctx, "dev", "make run "+time.Now().UTC().Format(time.RFC3339))
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "\nAPI key for account \"dev\" (shown once; key id %s):\n\n  %s\n\nexport API_KEY=%s\n\n", row.ID, key, key)
	return nil
}

// envAddr reads a listen address, falling back to a free port when the
// default is taken.
func envAddr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	if ln, err := net.Listen("tcp", def); err == nil {
		ln.Close()
		return def
	}
	return "127.0.0.1:0"
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}
