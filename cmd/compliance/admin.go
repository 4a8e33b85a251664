package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"text/tabwriter"
	"time"

	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/store"
)

// migrate applies the database migrations (run once per deploy, before new
// API and worker processes start; concurrent runs are safe).
func migrate(ctx context.Context, cfg config.Config) error {
	return withStore(ctx, cfg, newLogger(cfg), func(st *store.Store) error {
		applied, err := st.Migrate(ctx)
		if err != nil {
			return err
		}
		if len(applied) == 0 {
			fmt.Println("database is up to date")
		}
		for _, a := range applied {
			fmt.Println("applied", a)
		}
		return nil
	})
}

// apikeyCmd manages API keys: create prints the key once; only its hash is
// stored.
func apikeyCmd(ctx context.Context, cfg config.Config, args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: compliance apikey create --account ID [--name NAME] | list [--account ID] | revoke KEY_ID")
	}
	st, err := openStore(ctx, cfg, newLogger(cfg))
	if err != nil {
		return err
	}
	defer st.Close()
	fs := flag.NewFlagSet("apikey "+args[0], flag.ContinueOnError)
	account := fs.String("account", "", "account id (lowercase letters, digits, - and _)")
	name := fs.String("name", "", "a label for the key")
	if err := fs.Parse(args[1:]); err != nil {
		return exitCode(2)
	}
	switch args[0] {
	case "create":
		if *account == "" {
			return fmt.Errorf("apikey create: --account is required")
		}
		key, row, err := st.CreateAPIKey(ctx, *account, *name)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "API key %s for account %q (shown once, store it now):\n", row.ID, row.AccountID)
		fmt.Println(key)
		return nil
	case "list":
		keys, err := st.ListAPIKeys(ctx, *account)
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "KEY ID\tACCOUNT\tNAME\tCREATED\tREVOKED")
		for _, k := range keys {
			revoked := "-"
			if k.RevokedAt != nil {
				revoked = k.RevokedAt.Format(time.RFC3339)
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", k.ID, k.AccountID, k.Name, k.CreatedAt.Format(time.RFC3339), revoked)
		}
		return w.Flush()
	case "revoke":
		if fs.NArg() != 1 {
			return fmt.Errorf("usage: compliance apikey revoke KEY_ID")
		}
		if err := st.RevokeAPIKey(ctx, fs.Arg(0)); err != nil {
			return err
		}
		fmt.Println("revoked", fs.Arg(0))
		return nil
	}
	return fmt.Errorf("unknown apikey command %q (create, list, revoke)", args[0])
}
