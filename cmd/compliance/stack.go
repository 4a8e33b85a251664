package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/internal/devstack"
)

// stack runs a command against a throwaway PostgreSQL cluster and Temporal
// dev server on free ports (what `make test` and `make bench` do), exported
// to it as DATABASE_URL and TEMPORAL_ADDRESS. A dependency given in the
// environment is used instead of a throwaway one. Both are stopped after.
func stack(ctx context.Context, cfg config.Config, args []string) error {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return errors.New("usage: compliance stack -- CMD [ARGS...]")
	}
	log := newLogger(cfg)
	env := os.Environ()
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return err
	}
	if cfg.DatabaseURL == "" {
		dir, err := os.MkdirTemp(cfg.DataDir, "stack-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		pg, err := devstack.StartPostgres(ctx, devstack.PostgresConfig{Dir: filepath.Join(dir, "pg"), Foreground: true, Logger: log})
		if err != nil {
			return err
		}
		defer pg.Stop(context.Background())
		env = append(env, "DATABASE_URL="+pg.URL)
	}
	if !cfg.TemporalAddressSet {
		settings, err := devstack.LoadTemporalSettings("temporal-dev.yaml")
		if err != nil {
			return err
		}
		bin := os.Getenv("TEMPORAL_CLI")
		if bin == "" {
			bin = filepath.Join("bin", "temporal")
		}
		t, err := devstack.StartTemporal(ctx, devstack.TemporalConfig{
			Binary: bin, Settings: settings, Headless: true, Logger: log,
			LogFile: filepath.Join(cfg.DataDir, "stack-temporal.log"),
		})
		if err != nil {
			return err
		}
		defer t.Stop()
		env = append(env, "TEMPORAL_ADDRESS="+t.Address, "TEMPORAL_NAMESPACE="+settings.Namespace)
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exitCode(exit.ExitCode())
	}
	if err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	return nil
}
