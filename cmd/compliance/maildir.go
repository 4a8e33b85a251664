package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/checklist"
	"github.com/clearedtostart/compliance/clientmail"
	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/workflows"
)

// watchMaildir receives the client emails a mail server delivers into
// MAILDIR: one maildir per account (MAILDIR/<account>/{new,cur,tmp}). A
// message is received like a POST to /inbound/email and moved to cur/; one
// that cannot be read moves to failed/ with its reason beside it. A message
// stays in new/ until it is recorded, so a crash loses none. A folder that
// names no account is left alone, its messages waiting in new/, until the
// account exists.
//
// Recording a message that names a job asks for the job's sync
// (sync_requested_at) in the same transaction; the watcher then starts the
// sync as the endpoint does, and when that start fails (Temporal down) or
// the process stops before it, the API's resumer starts it from the ask.
func watchMaildir(ctx context.Context, cfg config.Config, d *deps, mail *clientmail.Receiver) {
	log := d.log.With("component", "maildir", "dir", cfg.Maildir)
	log.Info("watching the maildir")
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
	// Folders already reported as naming no account, reported once.
	unknown := map[string]bool{}
	for {
		accounts, err := os.ReadDir(cfg.Maildir)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			log.Warn("reading the maildir failed", "error", err)
		}
		for _, a := range accounts {
			if ctx.Err() != nil {
				return
			}
			if !a.IsDir() {
				continue
			}
			// Receiving for an account that does not exist fails in the
			// store every round (after keeping the message each time).
			if _, err := d.st.Account(ctx, a.Name()); err != nil {
				if derrors.Is(err, derrors.NotFound) {
					if !unknown[a.Name()] {
						unknown[a.Name()] = true
						log.Warn("a maildir folder names no account; its messages wait until the account exists", "account", a.Name())
					}
				} else {
					log.Warn("looking up a maildir's account failed", "account", a.Name(), "error", err)
				}
				continue
			}
			delete(unknown, a.Name())
			box := checklist.Maildir{Dir: filepath.Join(cfg.Maildir, a.Name())}
			// A maildir made by hand may lack cur/: a received message
			// could not be moved there and would be read again every round.
			if err := box.Init(); err != nil {
				log.Warn("preparing the maildir failed", "account", a.Name(), "error", err)
				continue
			}
			pending, err := box.Pending()
			if err != nil {
				log.Warn("listing new messages failed", "account", a.Name(), "error", err)
				continue
			}
			for _, path := range pending {
				if ctx.Err() != nil {
					return
				}
				receiveFile(ctx, d, mail, box, a.Name(), path, cfg.TaskQueue)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func receiveFile(ctx context.Context, d *deps, mail *clientmail.Receiver, box checklist.Maildir, account, path, queue string) {
	log := d.log.With("component", "maildir", "account", account, "file", filepath.Base(path))
	raw, err := readBounded(path, mail.MaxBytes())
	if err != nil {
		log.Warn("reading a message failed", "error", err)
		return
	}
	got, err := mail.Receive(ctx, account, raw)
	if err != nil {
		if de, ok := derrors.As(err); ok && de.Code != derrors.Unavailable && de.Code != derrors.Internal {
			if _, ferr := box.Failed(path, de.Message); ferr != nil {
				log.Warn("moving a refused message failed", "error", ferr)
			}
			log.Info("message refused", "reason", de.Message)
			return
		}
		log.Warn("receiving a message failed; it stays for the next round", "error", err)
		return
	}
	if got.Email.JobID != nil && !got.Duplicate {
		id := got.Email.JobID.String()
		_, err := d.tc.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
			ID: workflows.JobSyncWorkflowID(id), TaskQueue: queue,
			WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
			WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
			TypedSearchAttributes: temporal.NewSearchAttributes(
				temporal.NewSearchAttributeKeyKeyword(workflows.SAJobID).ValueSet(id),
				temporal.NewSearchAttributeKeyKeyword(workflows.SAAccountID).ValueSet(account),
			),
		}, workflows.JobSyncWorkflow, workflows.JobSyncInput{AccountID: account, JobID: id})
		if err != nil {
			log.Warn("starting the job's sync failed; the resumer starts it", "job_id", id, "error", err)
		}
	}
	if _, err := box.Done(path); err != nil {
		log.Warn("moving a received message failed", "error", err)
	}
}

// readBounded reads a message file up to one byte past the receiver's
// limit, which refuses it then: a huge file dropped into new/ is not read
// into memory whole.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit+1))
}
