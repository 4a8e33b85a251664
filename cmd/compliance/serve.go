package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/httpapi"
	"github.com/clearedtostart/compliance/resumer"
)

// serve runs the HTTP API alone (scaled out behind a load balancer).
func serve(ctx context.Context, cfg config.Config) error {
	return withDeps(ctx, cfg, true, func(d *deps) error { return runAPI(ctx, cfg, d, nil) })
}

// runAPI serves until ctx ends, then drains in-flight requests. ready, if
// not nil, is closed once the listener is open.
func runAPI(ctx context.Context, cfg config.Config, d *deps, ready chan<- string) error {
	log := d.log
	cat := d.cat
	d.runIndexes(ctx)
	// The registry lists stay in memory for the process's life (a few
	// hundred MB): a collection each time the heap merely doubles would
	// mostly re-mark them. GOGC set in the environment wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(300)
	}
	mail, err := d.mailReceiver(log)
	if err != nil {
		return err
	}
	stmts, err := newStatements(cfg, log)
	if err != nil {
		return err
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	api, err := httpapi.New(httpapi.Config{
		Store: d.st, Workflows: d.tc, Blobs: d.blobs, Catalog: cat, Logger: log, Registry: reg,
		TaskQueue: cfg.TaskQueue, FileURLTTL: cfg.FileURLTTL, OpenAPI: openAPI(),
		Registries: d.indexes, LiveConfigured: cfg.NSOPWURL != "", LiveWait: cfg.RegistryLiveWait,
		Integrations: d.integrations, Mail: mail, Statements: stmts,
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.HTTPAddr, err)
	}
	srv := &http.Server{
		Handler:           api.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		// Uploads of 20 MB over slow links need minutes, not seconds.
		ReadTimeout:  10 * time.Minute,
		WriteTimeout: 2 * time.Minute,
		IdleTimeout:  2 * time.Minute,
		ErrorLog:     slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:  func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	res, err := resumer.New(resumer.Config{Store: d.st, Starter: api, Interval: cfg.ResumeInterval, Logger: log})
	if err != nil {
		return err
	}
	go res.Run(ctx)
	go api.Run(ctx)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("API listening", "addr", ln.Addr().String(), "public_base_url", cfg.PublicBaseURL)
	if ready != nil {
		ready <- ln.Addr().String()
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("API shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}
