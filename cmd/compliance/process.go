package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/gabriel-vasile/mimetype"

	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/rules"
)

// process runs the document engine on files in this process: the same
// steps as the worker, without Temporal, HTTP or storage. It prints the
// result as JSON; with --repeat it is the in-process side of `make bench`.
func process(ctx context.Context, cfg config.Config, args []string) error {
	fs := flag.NewFlagSet("process", flag.ContinueOnError)
	requirement := fs.String("requirement", "", "requirement key to validate against")
	first := fs.String("first-name", "", "candidate's first name")
	middle := fs.String("middle-name", "", "candidate's middle name")
	last := fs.String("last-name", "", "candidate's last name")
	dob := fs.String("dob", "", "candidate's date of birth (YYYY-MM-DD)")
	asOf := fs.String("as-of", "", "judge validity on this date (YYYY-MM-DD; default today, UTC)")
	single := fs.Bool("single", false, "treat the whole file as one document (document scan)")
	sensitivity := fs.String("fraud-sensitivity", "MEDIUM", "LOW, MEDIUM or HIGH; empty disables fraud checks")
	repeat := fs.Int("repeat", 1, "process the file this many times and report timings")
	quiet := fs.Bool("quiet", false, "print only timings")
	if err := fs.Parse(args); err != nil {
		return exitCode(2)
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: compliance process [flags] FILE")
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	engine, err := newEngine(cfg)
	if err != nil {
		return err
	}
	opts := pipeline.ProcessOptions{
		Requirement: *requirement, SingleDocument: *single,
		Candidate: rules.Candidate{FirstName: *first, MiddleName: *middle, LastName: *last, DateOfBirth: *dob},
		Fraud:     pipeline.FraudSettings{Enabled: *sensitivity != "", Sensitivity: *sensitivity},
		// The engine reads no clock; "today" is decided here, as the worker
		// decides it for its activities.
		AsOf: time.Now().UTC().Truncate(24 * time.Hour),
	}
	if *asOf != "" {
		if opts.AsOf, err = time.Parse(time.DateOnly, *asOf); err != nil {
			return fmt.Errorf("--as-of: %w", err)
		}
	}
	mime := baseMime(mimetype.Detect(data).String())
	var res *pipeline.Result
	timings := make([]float64, 0, *repeat)
	for i := 0; i < *repeat; i++ {
		start := time.Now()
		res, err = engine.Process(ctx, data, mime, opts)
		if err != nil {
			if code, msg, ok := pipeline.ErrorCode(err); ok {
				return fmt.Errorf("%s: %s", code, msg)
			}
			return err
		}
		timings = append(timings, float64(time.Since(start).Microseconds())/1000)
	}
	out := map[string]any{"timings_ms": timings}
	if !*quiet {
		out["result"] = res
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func baseMime(m string) string {
	for i, r := range m {
		if r == ';' {
			return m[:i]
		}
	}
	return m
}
