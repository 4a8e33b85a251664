package main

import (
	"context"
	"time"

	"go.temporal.io/sdk/worker"

	"github.com/clearedtostart/compliance/activities"
	"github.com/clearedtostart/compliance/ahaecard"
	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/nsopw"
	"github.com/clearedtostart/compliance/nursys"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/workflows"
)

// workerCmd runs the Temporal worker alone (scaled out: any number of them
// poll the same task queues).
func workerCmd(ctx context.Context, cfg config.Config) error {
	return withDeps(ctx, cfg, false, func(d *deps) error { return runWorker(ctx, cfg, d) })
}

// primarySources are the connectors of the sources documents are checked
// at: those configured, the others left nil (their checks are skipped as
// unavailable).
func primarySources(cfg config.Config) (activities.PrimarySources, error) {
	var ps activities.PrimarySources
	if cfg.NursysURL != "" {
		c, err := nursys.New(nursys.Config{BaseURL: cfg.NursysURL, Username: cfg.NursysUsername, Password: cfg.NursysPassword})
		if err != nil {
			return ps, err
		}
		ps.Licenses = c
	}
	if cfg.AHAECardURL != "" {
		c, err := ahaecard.New(ahaecard.Config{BaseURL: cfg.AHAECardURL, APIKey: cfg.AHAECardAPIKey})
		if err != nil {
			return ps, err
		}
		ps.ECards = c
	}
	return ps, nil
}

// runWorker polls the main and OCR task queues until ctx ends, then lets
// running activities finish (bounded by the shutdown timeout).
func runWorker(ctx context.Context, cfg config.Config, d *deps) error {
	log, tc := d.log, d.tc
	engine, err := newEngine(cfg)
	if err != nil {
		return err
	}
	var live activities.LiveSearcher
	if cfg.NSOPWURL != "" {
		if live, err = nsopw.New(nsopw.Config{BaseURL: cfg.NSOPWURL}); err != nil {
			return err
		}
	}
	primary, err := primarySources(cfg)
	if err != nil {
		return err
	}
	connectors, err := d.connectors()
	if err != nil {
		return err
	}
	// Placements' registry rows are checked here, against the same lists
	// the API searches.
	d.runIndexes(ctx)
	stmts, err := newStatements(cfg, log)
	if err != nil {
		return err
	}
	acts, err := activities.New(activities.Config{
		Store: d.st, Blobs: d.blobs, Engine: engine, Logger: log,
		Live: live,
		Registries: activities.RegistrySources{Sources: registry.Sources{
			LEIE: cfg.RegistryLEIEURL, SAM: cfg.RegistrySAMURL, SAMAPIKey: cfg.SAMAPIKey, OFAC: cfg.RegistryOFACURL,
		}},
		Indexes: d.indexes, Bucket: d.blobs.Name(), Schedules: tc.ScheduleClient(), TaskQueue: cfg.TaskQueue,
		Integrations: activities.Integrations{Config: d.integrations, Connectors: connectors},
		Statements:   stmts, PrimarySources: primary,
	})
	if err != nil {
		return err
	}
	defer acts.Close()
	mainWorker := worker.New(tc, cfg.TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize:      32,
		MaxConcurrentLocalActivityExecutionSize: 32,
		WorkerStopTimeout:                       cfg.ShutdownTimeout,
	})
	workflows.Register(mainWorker)
	acts.Register(mainWorker)
	// One slot per Tesseract process: OCR pages wait in Temporal's queue,
	// where any worker can take them, not in this process.
	ocrWorker := worker.New(tc, workflows.OCRQueue(cfg.TaskQueue), worker.Options{
		MaxConcurrentActivityExecutionSize: cfg.OCRConcurrency,
		WorkerStopTimeout:                  cfg.ShutdownTimeout,
	})
	acts.RegisterOCR(ocrWorker)
	if err := ensureRegistrySchedules(ctx, tc, cfg, log); err != nil {
		return err
	}
	if err := ensureExpirySchedule(ctx, tc, cfg, log); err != nil {
		return err
	}
	if cfg.Maildir != "" {
		mail, err := d.mailReceiver(log)
		if err != nil {
			return err
		}
		go watchMaildir(ctx, cfg, d, mail)
	}
	if err := mainWorker.Start(); err != nil {
		return err
	}
	if err := ocrWorker.Start(); err != nil {
		mainWorker.Stop()
		return err
	}
	log.Info("worker polling", "task_queue", cfg.TaskQueue, "ocr_task_queue", workflows.OCRQueue(cfg.TaskQueue), "ocr_concurrency", cfg.OCRConcurrency)
	<-ctx.Done()
	log.Info("worker stopping")
	start := time.Now()
	ocrWorker.Stop()
	mainWorker.Stop()
	log.Info("worker stopped", "after", time.Since(start).String())
	return nil
}
