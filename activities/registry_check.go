package activities

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/nsopw"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/registrycheck"
	"github.com/clearedtostart/compliance/workflows"
)

type registryCheckStore interface {
	RegistrySearch(ctx context.Context, accountID string, id uuid.UUID) (registrycheck.Search, error)
	UpdateRegistrySearch(ctx context.Context, accountID string, id uuid.UUID, fn func(*registrycheck.Search) error) (registrycheck.Search, error)
	MarkCertificate(ctx context.Context, accountID string, id uuid.UUID, at time.Time) error
}

// LiveSearcher searches a live registry (NSOPW's connector).
type LiveSearcher interface {
	Search(ctx context.Context, q nsopw.Query) ([]nsopw.Offender, error)
}

// Error types of live registry searches, for the workflow's retry policy:
// Unavailable is retried, Refused is not (the registry will not answer
// this query, e.g. too many results for a common name).
const (
	errRegistryUnavailable = "RegistryUnavailable"
	errRegistryRefused     = "RegistryRefused"
)

// QueryLiveRegistry asks a live registry about a stored check's candidate
// and stores its result, judged by the screening rules of the bulk lists.
// A registry that fails is an application error whose message is the
// client-facing reason; the workflow retries it, then records it as
// unavailable. Asking again after the result is stored changes nothing.
func (a *Activities) QueryLiveRegistry(ctx context.Context, in workflows.LiveRegistryInput) (workflows.LiveRegistryResult, error) {
	id, search, err := lookup(ctx, a.store.RegistrySearch, in.AccountID, "search_id", in.SearchID)
	if err != nil {
		return workflows.LiveRegistryResult{}, err
	}
	log := a.log.With("search_id", in.SearchID, "registry", in.Registry, "workflow_id", activity.GetInfo(ctx).WorkflowExecution.ID)
	res, err := resultOf(&search, in.Registry)
	if err != nil {
		return workflows.LiveRegistryResult{}, err
	}
	if res.Result != registrycheck.Pending {
		return workflows.LiveRegistryResult{Result: res.Result}, nil
	}
	if in.Registry != registry.NSOPW || a.live == nil {
		return workflows.LiveRegistryResult{}, temporal.NewNonRetryableApplicationError(
			"no connector searches "+in.Registry, workflows.ErrBadInput, nil)
	}
	c := res.Query.Context
	offenders, err := a.live.Search(ctx, nsopw.Query{FirstName: c.FirstName, LastName: c.LastName, Zip: c.Zip})
	// A partial answer (some jurisdictions down) still counts when it
	// holds a match: a hit is a hit. Without one it cannot clear anybody.
	partial := errors.Is(err, nsopw.ErrIncomplete)
	if err != nil && !partial {
		return workflows.LiveRegistryResult{}, liveError(err)
	}
	people := make([]registry.Record, len(offenders))
	for i, o := range offenders {
		people[i] = o.Record()
	}
	asked := time.Now().UTC()
	probe := *res
	probe.CompleteLive(people, asked)
	if partial && probe.Result != registrycheck.MatchFound {
		return workflows.LiveRegistryResult{}, liveError(err)
	}
	stored, err := a.store.UpdateRegistrySearch(ctx, in.AccountID, id, func(s *registrycheck.Search) error {
		r, err := resultOf(s, in.Registry)
		if err != nil {
			return err
		}
		if r.Result == registrycheck.Pending {
			r.CompleteLive(people, asked)
		}
		s.Settle(asked)
		return nil
	})
	if err != nil {
		return workflows.LiveRegistryResult{}, classify(err)
	}
	r, _ := resultOf(&stored, in.Registry)
	log.Info("live registry searched", "result", r.Result, "offenders", len(offenders), "matches", len(r.Matches))
	return workflows.LiveRegistryResult{Result: r.Result}, nil
}

// liveError turns a live registry connector's failure into what the
// workflow retries (or not).
func liveError(err error) error {
	return partyError(err, nsopw.Reason(err), "the registry could not be searched", nsopw.Retryable(err), nsopw.RetryAfter(err),
		errRegistryUnavailable, errRegistryRefused)
}

// RecordLiveFailure stores a live registry as unavailable with the reason.
func (a *Activities) RecordLiveFailure(ctx context.Context, in workflows.LiveFailureInput) error {
	id, err := parseID("search_id", in.SearchID)
	if err != nil {
		return err
	}
	_, err = a.store.UpdateRegistrySearch(ctx, in.AccountID, id, func(s *registrycheck.Search) error {
		r, err := resultOf(s, in.Registry)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		if r.Result == registrycheck.Pending {
			r.Fail(in.Reason, now)
		}
		s.Settle(now)
		return nil
	})
	return classify(err)
}

// RenderCertificate renders a settled check's certificate, stores it and
// marks it stored. It runs as a local activity (see the workflow); a retry
// renders the same bytes again.
func (a *Activities) RenderCertificate(ctx context.Context, in workflows.RenderCertificateInput) (workflows.RenderCertificateResult, error) {
	id, search, err := lookup(ctx, a.store.RegistrySearch, in.AccountID, "search_id", in.SearchID)
	if err != nil {
		return workflows.RenderCertificateResult{}, err
	}
	if search.CertificateAt != nil {
		return workflows.RenderCertificateResult{}, nil
	}
	if search.Status != registrycheck.StatusComplete {
		return workflows.RenderCertificateResult{}, temporal.NewNonRetryableApplicationError(
			"the search still waits for a registry", workflows.ErrBadInput, nil)
	}
	pdf, err := registrycheck.Certificate(search)
	if err != nil {
		return workflows.RenderCertificateResult{}, fmt.Errorf("certificate: %w", err)
	}
	if err := a.blobs.PutBytes(ctx, registrycheck.CertificateKey(search.SearchID), pdf, "application/pdf"); err != nil {
		return workflows.RenderCertificateResult{}, err
	}
	if err := a.store.MarkCertificate(ctx, in.AccountID, id, time.Now().UTC().Truncate(time.Microsecond)); err != nil {
		return workflows.RenderCertificateResult{}, classify(err)
	}
	a.log.Debug("registry certificate rendered", "search_id", in.SearchID, "bytes", len(pdf))
	return workflows.RenderCertificateResult{Rendered: true}, nil
}

// resultOf finds a registry's result in a check.
func resultOf(s *registrycheck.Search, code string) (*registrycheck.Result, error) {
	for i := range s.Results {
		if s.Results[i].Registry == code {
			return &s.Results[i], nil
		}
	}
	return nil, temporal.NewNonRetryableApplicationError(
		fmt.Sprintf("search %s has no %s result", s.SearchID, code), workflows.ErrBadInput, nil)
}
