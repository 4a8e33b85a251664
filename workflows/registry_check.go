package workflows

import (
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// LiveQueryAttempts is how often a live registry (NSOPW) is asked before
// its result is recorded as unavailable: about a minute of retries with
// backoff, after which a person can re-run the check.
const LiveQueryAttempts = 4

// liveRetry retries a live registry search through slow, failing and
// bot-challenged answers.
var liveRetry = &temporal.RetryPolicy{
	InitialInterval:    2 * time.Second,
	BackoffCoefficient: 2,
	MaximumInterval:    30 * time.Second,
	MaximumAttempts:    LiveQueryAttempts,
	// A malformed id or a deleted search cannot get better by waiting.
	NonRetryableErrorTypes: []string{ErrBadInput, ErrGone},
}

// RegistryCheckWorkflow does the durable part of a registry check: the
// bulk lists were already searched in the API (in memory, on the hot path)
// and the search row holds their results. Here the live registries are
// asked (with retries; when they cannot be, their result is recorded as
// unavailable with the reason, never as no match), then the search's
// certificate is rendered to a PDF.
func RegistryCheckWorkflow(ctx workflow.Context, in RegistryCheckInput) (RegistryCheckOutput, error) {
	log := workflow.GetLogger(ctx)
	lctx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		// One attempt may wait out the connector's own timeout.
		StartToCloseTimeout: 20 * time.Second,
		RetryPolicy:         liveRetry,
	})
	out := RegistryCheckOutput{SearchID: in.SearchID}
	futures := make([]workflow.Future, len(in.Live))
	for i, code := range in.Live {
		futures[i] = workflow.ExecuteActivity(lctx, ActQueryLiveRegistry, LiveRegistryInput{
			AccountID: in.AccountID, SearchID: in.SearchID, Registry: code,
		})
	}
	actx := activityCtx(ctx, time.Minute, 0)
	for i, f := range futures {
		var res LiveRegistryResult
		err := f.Get(ctx, &res)
		if err == nil {
			out.Results = append(out.Results, res.Result)
			continue
		}
		if gone(err) {
			return out, nil
		}
		reason := unavailableReason(err)
		log.Warn("live registry unavailable", "search_id", in.SearchID, "registry", in.Live[i], "reason", reason)
		if err := workflow.ExecuteActivity(actx, ActRecordLiveFailure, LiveFailureInput{
			AccountID: in.AccountID, SearchID: in.SearchID, Registry: in.Live[i], Reason: reason,
		}).Get(ctx, nil); err != nil {
			if gone(err) {
				return out, nil
			}
			return out, err
		}
		out.Results = append(out.Results, "unavailable")
	}
	// Rendering is a few milliseconds of CPU and one write, retried whole:
	// a local activity, which costs Temporal a marker instead of a task
	// round trip, so certificates keep pace with checks.
	rctx := workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{
		ScheduleToCloseTimeout: 5 * time.Minute,
		StartToCloseTimeout:    time.Minute,
		RetryPolicy:            retry,
	})
	var cert RenderCertificateResult
	if err := workflow.ExecuteLocalActivity(rctx, ActRenderCertificate, RenderCertificateInput{
		AccountID: in.AccountID, SearchID: in.SearchID,
	}).Get(ctx, &cert); err != nil {
		if gone(err) {
			return out, nil
		}
		return out, err
	}
	out.Certificate = true
	return out, nil
}

// unavailableReason is the client-facing reason a live search failed: the
// connector's own words (an application error's message), else a generic
// one.
func unavailableReason(err error) string {
	return failureReason(err, "the registry did not answer in time", "the registry could not be searched")
}

// failureReason is an application error's own message, else the words for
// a timeout or for any other failure.
func failureReason(err error, timedOut, other string) string {
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) && appErr.Message() != "" {
		return appErr.Message()
	}
	var timeout *temporal.TimeoutError
	if errors.As(err, &timeout) {
		return timedOut
	}
	return other
}

// gone reports an activity error saying the object was deleted meanwhile.
func gone(err error) bool {
	_, g := classifyFailure(err)
	return g
}
