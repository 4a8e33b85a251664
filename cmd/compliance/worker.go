package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/clearedtostart/compliance/activities"
	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// workerCmd runs the Temporal worker alone (scaled out: any number of them
// poll the same task queues).
func workerCmd(ctx context.Context, cfg config.Config) error {
	log := newLogger(cfg)
	st, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer st.Close()
	blobs, err := openBlobs(ctx, cfg)
	if err != nil {
		return err
	}
	defer blobs.Close()
	tc, err := dialTemporal(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer tc.Close()
	return runWorker(ctx, cfg, log, st, blobs, tc)
}

// runWorker polls the main and OCR task queues until ctx ends, then lets
// running activities finish (bounded by the shutdown timeout).
func runWorker(ctx context.Context, cfg config.Config, log *slog.Logger, st *store.Store, blobs *blobstore.Store, tc client.Client) error {
	engine, err := newEngine(cfg)
	if err != nil {
		return err
	}
	acts, err := activities.New(activities.Config{
		Store: st, Blobs: blobs, Engine: engine, Logger: log,
		CacheDir: filepath.Join(os.TempDir(), "compliance-cache-"+filepath.Base(cfg.DataDir)),
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
