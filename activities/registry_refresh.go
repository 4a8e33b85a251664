package activities

import (
	"context"
	"errors"
	"net/http"
	"os"
	"time"

	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type registryListStore interface {
	ImportList(ctx context.Context, list *registry.List, opt store.ImportOptions) (*store.RegistryList, string, error)
	RecordImport(ctx context.Context, imp *store.RegistryImport) error
}

// RegistrySources says where the refresh downloads the bulk lists.
type RegistrySources struct {
	Sources registry.Sources
	// HTTP downloads them (default: a client with a 5-minute timeout).
	HTTP *http.Client
}

// RefreshRegistry downloads a bulk list from its official address, parses
// it and imports it. A download that fails is retried by the workflow; a
// file that is refused (malformed, truncated, shrunk) is not, and the
// current list stays either way.
func (a *Activities) RefreshRegistry(ctx context.Context, in workflows.RegistryRefreshInput) (workflows.RegistryRefreshOutput, error) {
	stop := heartbeat(ctx)
	defer stop()
	out := workflows.RegistryRefreshOutput{Registry: in.Registry}
	info, ok := registry.Lookup(in.Registry)
	if !ok || !info.Bulk {
		return out, temporal.NewNonRetryableApplicationError("no bulk list is called "+in.Registry, workflows.ErrBadInput, nil)
	}
	started := time.Now().UTC()
	dir, err := os.MkdirTemp("", "registry-refresh-")
	if err != nil {
		return out, err
	}
	defer os.RemoveAll(dir)
	paths, date, err := registry.Download(ctx, a.sources.HTTP, a.sources.Sources, in.Registry, dir, started)
	if err != nil {
		return out, err
	}
	loaded, err := registry.LoadFiles(in.Registry, paths, date)
	if err != nil {
		return out, temporal.NewNonRetryableApplicationError("the downloaded list was refused: "+err.Error(), workflows.ErrRefused, err)
	}
	row, outcome, err := a.store.ImportList(ctx, loaded.List, store.ImportOptions{Source: loaded.Source, SHA256: loaded.SHA256})
	if err != nil {
		if de, ok := derrors.As(err); ok && de.Code != derrors.Unavailable {
			return out, temporal.NewNonRetryableApplicationError("the downloaded list was refused: "+de.Message, workflows.ErrRefused, err)
		}
		return out, err
	}
	id := row.ID
	if err := a.store.RecordImport(ctx, &store.RegistryImport{
		Registry: in.Registry, Source: loaded.Source, Outcome: outcome, ListID: &id, StartedAt: started,
	}); err != nil {
		return out, err
	}
	a.log.Info("registry refreshed", "registry", in.Registry, "outcome", outcome, "list_id", row.ID, "records", row.RecordCount)
	out.Outcome, out.ListID, out.Records = outcome, row.ID.String(), row.RecordCount
	return out, nil
}

// RecordImportFailure records a refresh that did not import (the current
// list stays).
func (a *Activities) RecordImportFailure(ctx context.Context, in workflows.ImportFailureInput) error {
	if in.Registry == "" {
		return temporal.NewNonRetryableApplicationError("a registry is required", workflows.ErrBadInput, errors.New("empty registry"))
	}
	return a.store.RecordImport(ctx, &store.RegistryImport{
		Registry: in.Registry, Source: "official address", Outcome: store.ImportFailed, Reason: in.Reason, StartedAt: in.StartedAt,
	})
}
