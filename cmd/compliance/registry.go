package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/internal/registrysamples"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// fileList collects repeated --file flags.
type fileList []string

func (f *fileList) String() string     { return strings.Join(*f, ",") }
func (f *fileList) Set(v string) error { *f = append(*f, v); return nil }

// registryCmd manages the bulk exclusion and sanction lists:
//
//	registry import --registry X --file F [--file F2 ...] [--date YYYY-MM-DD] [--force]
//	registry list
//	registry samples [--dir DIR] [--scale 1] [--import]
func registryCmd(ctx context.Context, cfg config.Config, args []string) error {
	if len(args) == 0 {
		return errors.New("usage: compliance registry import --registry CODE --file FILE [--file ...] [--date YYYY-MM-DD] [--force] | list | samples [--dir DIR] [--scale N] [--import]")
	}
	log := newLogger(cfg)
	fs := flag.NewFlagSet("registry "+args[0], flag.ContinueOnError)
	code := fs.String("registry", "", "registry code: oig-exclusion, sam or ofac")
	var files fileList
	fs.Var(&files, "file", "a file of the list (repeat for OFAC's set, or give its folder)")
	dateText := fs.String("date", "", "the list's own date, YYYY-MM-DD (default: from the files)")
	force := fs.Bool("force", false, "import a list that shrank by more than 10% or is older than the current one")
	dir := fs.String("dir", filepath.Join(cfg.DataDir, "registry-samples"), "where sample lists are written")
	scale := fs.Float64("scale", 1, "size of the sample lists (1 = the official lists' size)")
	doImport := fs.Bool("import", false, "import the sample lists after writing them")
	if err := fs.Parse(args[1:]); err != nil {
		return exitCode(2)
	}
	switch args[0] {
	case "import":
		info, ok := registry.Resolve(*code)
		if !ok || !info.Bulk {
			return fmt.Errorf("registry import: --registry must be oig-exclusion, sam or ofac")
		}
		if len(files) == 0 {
			return fmt.Errorf("registry import: --file is required")
		}
		var date time.Time
		if *dateText != "" {
			d, err := time.Parse(time.DateOnly, *dateText)
			if err != nil {
				return fmt.Errorf("registry import: --date must be YYYY-MM-DD")
			}
			date = d
		}
		return withStore(ctx, cfg, log, func(st *store.Store) error { return importList(ctx, st, log, info.Code, files, date, *force) })
	case "list":
		return withStore(ctx, cfg, log, func(st *store.Store) error { return printLists(ctx, st) })
	case "samples":
		f, err := registrysamples.Generate(*dir, registrysamples.Options{Scale: *scale})
		if err != nil {
			return err
		}
		fmt.Printf("wrote %s: LEIE %d rows, SAM %d rows, OFAC %d entries, %d labelled cases\n", f.Dir, f.LEIERows, f.SAMRows, f.OFACEntries, len(f.Cases))
		if !*doImport {
			return nil
		}
		return withStore(ctx, cfg, log, func(st *store.Store) error { return importSamples(ctx, st, log, f, true) })
	}
	return fmt.Errorf("registry: unknown subcommand %q", args[0])
}

// importList reads a list's files and imports them, recording the attempt
// whatever its outcome.
func importList(ctx context.Context, st *store.Store, log *slog.Logger, code string, files []string, date time.Time, force bool) error {
	started := time.Now().UTC()
	source := strings.Join(baseNames(files), ", ")
	loaded, err := registry.LoadFiles(code, files, date)
	if err == nil {
		source = loaded.Source
		var row *store.RegistryList
		var outcome string
		row, outcome, err = st.ImportList(ctx, loaded.List, store.ImportOptions{Source: source, SHA256: loaded.SHA256, Force: force})
		if err == nil {
			id := row.ID
			if rerr := st.RecordImport(ctx, &store.RegistryImport{Registry: code, Source: source, Outcome: outcome, ListID: &id, StartedAt: started}); rerr != nil {
				return rerr
			}
			log.Info("registry list imported", "registry", code, "outcome", outcome, "list_id", row.ID,
				"list_date", row.ListDate.Format(time.DateOnly), "rows", row.RowCount, "individuals", row.RecordCount,
				"took", time.Since(started).Round(time.Millisecond).String())
			fmt.Printf("%s: %s (list of %s, %d rows, %d individuals) in %s\n", code, outcome, row.ListDate.Format(time.DateOnly),
				row.RowCount, row.RecordCount, time.Since(started).Round(time.Millisecond))
			return nil
		}
	}
	reason := err.Error()
	if de, ok := derrors.As(err); ok {
		reason = de.Message
	}
	if rerr := st.RecordImport(ctx, &store.RegistryImport{Registry: code, Source: source, Outcome: store.ImportFailed, Reason: reason, StartedAt: started}); rerr != nil {
		log.Warn("could not record the failed import", "error", rerr)
	}
	return fmt.Errorf("%s: import refused, the current list stays: %s", code, reason)
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}

func printLists(ctx context.Context, st *store.Store) error {
	eds, err := st.CurrentEditions(ctx)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "REGISTRY\tLIST DATE\tROWS\tINDIVIDUALS\tIMPORTED\tSOURCE")
	for _, e := range eds {
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%s\t%s\n", e.Registry, e.Date.Format(time.DateOnly), e.Rows, e.Records, e.ImportedAt.Format(time.RFC3339), e.Source)
	}
	return w.Flush()
}

// ensureSampleLists gives a new installation something to screen against:
// when a bulk list has never been imported, the full-size sample lists are
// generated (once, into DATA_DIR) and imported. It prints a listed person
// to try.
func ensureSampleLists(ctx context.Context, cfg config.Config, st *store.Store, log *slog.Logger) error {
	have, err := importedLists(ctx, st)
	if err != nil {
		return err
	}
	if have[registry.OIGExclusion] && have[registry.SAM] && have[registry.OFAC] {
		return nil
	}
	start := time.Now()
	dir := filepath.Join(cfg.DataDir, "registry-samples")
	fmt.Fprintf(os.Stderr, "\nNo exclusion lists are imported yet: generating full-size sample lists (LEIE, SAM, OFAC) into %s and importing them…\n", dir)
	f, err := registrysamples.Generate(dir, registrysamples.Options{})
	if err != nil {
		return fmt.Errorf("sample lists: %w", err)
	}
	if err := importSamples(ctx, st, log, f, false); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "Sample lists imported in %.1fs.\n", time.Since(start).Seconds())
	for _, c := range f.Cases {
		if c.Listed && c.Registry == registry.OIGExclusion && c.Variant == "exact" {
			dob := ""
			if c.Query.DateOfBirth != "" {
				dob = fmt.Sprintf(`,"date_of_birth":"%s"`, c.Query.DateOfBirth)
			}
			fmt.Fprintf(os.Stderr, "A listed person to try: %s %s (OIG LEIE), e.g.\n\n  curl -sS -H \"x-api-key: $API_KEY\" -H 'content-type: application/json' \\\n"+
				"    -d '{\"external_id\":\"7b0f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21\",\"context\":{\"first_name\":\"%s\",\"last_name\":\"%s\"%s},\"registries\":[\"oig-exclusion\",\"sam\",\"ofac\"]}' \\\n"+
				"    http://%s/registry-check\n\n", c.Query.FirstName, c.Query.LastName, c.Query.FirstName, c.Query.LastName, dob, cfg.HTTPAddr)
			break
		}
	}
	return nil
}

// importedLists is the set of bulk lists that have a current edition.
func importedLists(ctx context.Context, st *store.Store) (map[string]bool, error) {
	eds, err := st.CurrentEditions(ctx)
	if err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, e := range eds {
		have[e.Registry] = true
	}
	return have, nil
}

// importSamples imports generated sample lists; all imports them even
// where a list exists (the samples command), else only the missing ones.
func importSamples(ctx context.Context, st *store.Store, log *slog.Logger, f registrysamples.Files, all bool) error {
	have, err := importedLists(ctx, st)
	if err != nil {
		return err
	}
	sets := []struct {
		code  string
		files []string
	}{
		{registry.OIGExclusion, []string{f.LEIE}},
		{registry.SAM, []string{f.SAM}},
		{registry.OFAC, []string{f.SDN, f.Alt, f.Add, f.Comments, f.SDNXML}},
	}
	for _, s := range sets {
		if have[s.code] && !all {
			continue
		}
		if err := importList(ctx, st, log, s.code, s.files, time.Time{}, false); err != nil {
			return err
		}
	}
	return nil
}

// ensureRegistrySchedules creates (or updates) the refresh schedule of
// every bulk list. Several workers may race to create one; the loser finds
// it there and updates it to its own settings.
func ensureRegistrySchedules(ctx context.Context, tc client.Client, cfg config.Config, log *slog.Logger) error {
	sc := tc.ScheduleClient()
	for _, info := range registry.All() {
		if !info.Bulk {
			continue
		}
		opts := workflows.RegistryRefreshSchedule(info.Code, cfg.TaskQueue, cfg.RegistryRefresh)
		_, err := sc.Create(ctx, opts)
		switch {
		case err == nil:
			log.Info("registry refresh schedule created", "schedule_id", opts.ID, "every", cfg.RegistryRefresh.String())
		case errors.Is(err, temporal.ErrScheduleAlreadyRunning):
			h := sc.GetHandle(ctx, opts.ID)
			if err := h.Update(ctx, client.ScheduleUpdateOptions{DoUpdate: func(in client.ScheduleUpdateInput) (*client.ScheduleUpdate, error) {
				in.Description.Schedule.Spec = &opts.Spec
				in.Description.Schedule.Action = opts.Action
				return &client.ScheduleUpdate{Schedule: &in.Description.Schedule}, nil
			}}); err != nil {
				return fmt.Errorf("updating schedule %s: %w", opts.ID, err)
			}
		default:
			return fmt.Errorf("creating schedule %s: %w", opts.ID, err)
		}
	}
	return nil
}
