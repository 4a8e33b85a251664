package activities

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/ahaecard"
	"github.com/clearedtostart/compliance/namematch"
	"github.com/clearedtostart/compliance/nursys"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/rules"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// Source validation: a judged document that a request asked to check at
// its primary source gets one more rule, source_validation, in its tree
// (package rules decides what to ask and judges the answer). The asking
// happens here, in the activity that judged the documents, after they are
// judged: the connectors retry what may pass within their own bounds
// (about 33 s at most), and a source still not answering is a skipped
// rule, never a failed activity, so an outage does not hold up an
// intake.

// LicenseLookup looks nursing licenses up at the board (package nursys's
// Client).
type LicenseLookup interface {
	Lookup(ctx context.Context, q nursys.Query) (nursys.Result, error)
}

// ECardVerifier verifies AHA eCards (package ahaecard's Client).
type ECardVerifier interface {
	Verify(ctx context.Context, q ahaecard.Query) (ahaecard.Result, error)
}

// PrimarySources are the primary sources documents are checked at. A nil
// one leaves its checks skipped: the source could not be asked.
type PrimarySources struct {
	Licenses LicenseLookup
	ECards   ECardVerifier
}

// maxSourceCalls bounds the sources asked at once by one activity: the
// calls wait on the network, not on this machine's CPUs.
const maxSourceCalls = 8

// sourceCheck is one judged document to check at its source: its tree
// (changed in place) and what it was judged on. A zero sourceCheck is
// nothing to check.
type sourceCheck struct {
	id   string
	tree *rules.Tree
	in   rules.Input
}

// sourceCheckOf is the check of a judged document when the request asked
// for source validation and the document was judged against a
// requirement; zero otherwise.
func sourceCheckOf(asked bool, id string, j pipeline.Judgement, jin pipeline.JudgeInput) sourceCheck {
	if !asked || j.Validations == nil {
		return sourceCheck{}
	}
	return sourceCheck{id: id, tree: j.Validations, in: rules.Input{
		DocumentType: j.DocumentType, Readable: j.Readable, Fields: j.Fields, Uncertain: j.Uncertain,
		Candidate: jin.Candidate, AsOf: jin.AsOf,
	}}
}

// checkSources adds the source_validation rule to the tree of every check,
// asking the sources in parallel. Only a cancelled context is an error.
func (a *Activities) checkSources(ctx context.Context, log *slog.Logger, checks []sourceCheck) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(maxSourceCalls)
	for i := range checks {
		c := &checks[i]
		if c.tree == nil {
			continue
		}
		g.Go(func() error {
			req := rules.PlanSource(c.tree, c.in)
			var ans rules.SourceAnswer
			var at time.Time
			if req.Decided == nil {
				var err error
				if ans, at, err = a.askSource(gctx, req); err != nil {
					return err
				}
			}
			rr := rules.JudgeSource(c.in, req, ans, at)
			rules.AddSourceRule(c.tree, rr)
			log.Info("checked at source", "document_id", c.id, "source", req.Source, "outcome", ans.Outcome,
				"result", rr.Result, "reason", rr.Reason, "validation_result", c.tree.Result)
			return nil
		})
	}
	return g.Wait()
}

// checkSegmentSources checks the segments of a batch at their sources and
// writes the trees back into their rows and results.
func (a *Activities) checkSegmentSources(ctx context.Context, log *slog.Logger, checks []sourceCheck, rows []*store.Segment, results []workflows.ProcessSegmentResult) error {
	if err := a.checkSources(ctx, log, checks); err != nil {
		return err
	}
	for i, c := range checks {
		if c.tree == nil {
			continue
		}
		raw, err := store.ToJSON(c.tree)
		if err != nil {
			return err
		}
		res := c.tree.Result
		rows[i].Validations, rows[i].ValidationResult = raw, &res
		results[i].ValidationResult = res
	}
	return nil
}

// askSource asks req's source. A source that cannot be asked is an
// answer (unavailable, with the reason); only a cancelled context is an
// error.
func (a *Activities) askSource(ctx context.Context, req rules.SourceRequest) (rules.SourceAnswer, time.Time, error) {
	unavailable := func(err error, reason string) (rules.SourceAnswer, time.Time, error) {
		if errors.Is(err, context.Canceled) {
			return rules.SourceAnswer{}, time.Time{}, err
		}
		return rules.SourceAnswer{Outcome: rules.OutcomeUnavailable, Error: reason}, time.Now().UTC(), nil
	}
	switch req.Source {
	case rules.SourceNursys:
		if a.primary.Licenses == nil {
			return unavailable(nil, "no license lookup is configured for this service")
		}
		res, err := a.primary.Licenses.Lookup(ctx, nursys.Query{State: req.State, LicenseNumber: req.LicenseNumber, LicenseType: req.LicenseType})
		if err != nil {
			return unavailable(err, nursys.Reason(err))
		}
		return licenseAnswer(res), res.CheckedAt, nil
	case rules.SourceAHAECard:
		if a.primary.ECards == nil {
			return unavailable(nil, "no eCard verification is configured for this service")
		}
		res, err := a.primary.ECards.Verify(ctx, ahaecard.Query{Code: req.ECardCode, FirstName: req.Holder.First, LastName: req.Holder.Last})
		if err != nil {
			return unavailable(err, ahaecard.Reason(err))
		}
		return cardAnswer(res), res.CheckedAt, nil
	}
	return unavailable(nil, "no source is connected for "+req.Source)
}

func licenseAnswer(r nursys.Result) rules.SourceAnswer {
	if !r.Found {
		return rules.SourceAnswer{Outcome: rules.OutcomeNotFound}
	}
	return rules.SourceAnswer{
		Outcome: rules.OutcomeFound, Holder: &namematch.Name{First: r.Holder.First, Middle: r.Holder.Middle, Last: r.Holder.Last},
		LicenseNumber: r.LicenseNumber, State: r.State, LicenseType: r.LicenseType,
		Status: r.Status, StatusText: r.StatusText, Encumbered: r.Encumbered,
		IssueDate: isoDate(r.IssuedOn), ExpirationDate: isoDate(r.ExpiresOn),
	}
}

func cardAnswer(r ahaecard.Result) rules.SourceAnswer {
	if !r.Found {
		return rules.SourceAnswer{Outcome: rules.OutcomeNotFound}
	}
	return rules.SourceAnswer{
		Outcome: rules.OutcomeFound, Holder: &namematch.Name{First: r.Holder.First, Last: r.Holder.Last},
		ECardCode: r.Code, Course: r.Course, CourseName: r.CourseName, Status: r.Status,
		IssueDate: isoDate(r.IssuedOn), ExpirationDate: isoDate(r.RenewBy), TrainingCenter: r.TrainingCenter.Name,
	}
}

func isoDate(d *time.Time) string {
	if d == nil {
		return ""
	}
	return d.Format(time.DateOnly)
}
