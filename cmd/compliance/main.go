// Command compliance is the Compliance Document Service in one binary:
//
//	compliance serve                 the HTTP API
//	compliance worker                the Temporal worker
//	compliance dev                   API and worker in one process, starting
//	                                 PostgreSQL and the Temporal dev server
//	                                 when DATABASE_URL / TEMPORAL_ADDRESS
//	                                 are unset (what `make run` runs)
//	compliance migrate               apply database migrations
//	compliance apikey create|list|revoke
//	compliance process [flags] FILE  run the document engine on a file in
//	                                 this process (no Temporal, no HTTP)
//	compliance stack -- CMD...       run CMD against a throwaway PostgreSQL
//	                                 and Temporal dev server (make test)
//	compliance registry import|list|samples
//	                                 the bulk exclusion and sanction lists
//
// Configuration comes from environment variables (see `compliance help`).
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/clearedtostart/compliance/config"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		var code exitCode
		if errors.As(err, &code) {
			os.Exit(int(code))
		}
		fmt.Fprintln(os.Stderr, "compliance:", err)
		os.Exit(1)
	}
}

// exitCode is returned by commands that only want to set the exit status.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func run(args []string) error {
	if len(args) == 0 {
		usage()
		return exitCode(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cmd, rest := args[0], args[1:]
	if cmd == "help" || cmd == "-h" || cmd == "--help" {
		usage()
		return nil
	}
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	if cfg.PprofAddr != "" {
		go servePprof(cfg.PprofAddr)
	}
	switch cmd {
	case "serve":
		return serve(ctx, cfg)
	case "worker":
		return workerCmd(ctx, cfg)
	case "dev":
		return dev(ctx, cfg)
	case "migrate":
		return migrate(ctx, cfg)
	case "apikey":
		return apikeyCmd(ctx, cfg, rest)
	case "process":
		return process(ctx, cfg, rest)
	case "stack":
		return stack(ctx, cfg, rest)
	case "registry":
		return registryCmd(ctx, cfg, rest)
	default:
		usage()
		return fmt.Errorf("unknown command %q", cmd)
	}
}

func usage() {
	fmt.Fprint(os.Stderr, `usage: compliance <command>

commands:
  serve                      run the HTTP API
  worker                     run the Temporal worker
  dev                        API and worker in one process; starts PostgreSQL and the
                             Temporal dev server when DATABASE_URL / TEMPORAL_ADDRESS are unset
  migrate                    apply database migrations
  apikey create --account ID [--name NAME]
  apikey list [--account ID]
  apikey revoke KEY_ID
  process [flags] FILE       run the document engine on FILE in this process
  stack -- CMD [ARGS...]     run CMD against a throwaway PostgreSQL and Temporal
  registry import --registry CODE --file FILE [--file ...] [--date YYYY-MM-DD] [--force]
                             import an edition of a bulk list (oig-exclusion, sam, ofac)
  registry list              the current edition of every bulk list
  registry samples [--dir DIR] [--scale N] [--import]
                             write full-size sample lists in the official formats

environment (default):
`)
	for _, v := range config.Variables {
		fmt.Fprintf(os.Stderr, "  %-20s %s\n", v[0], v[1])
	}
}
