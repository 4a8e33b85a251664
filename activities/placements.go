package activities

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/integrations"
	"github.com/clearedtostart/compliance/lifecycle"
	"github.com/clearedtostart/compliance/namematch"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/registrycheck"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/rules"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type placementStore interface {
	BeginPlacementSync(ctx context.Context, accountID string, id uuid.UUID, at time.Time) (*store.Placement, error)
	RecordPlacementSyncError(ctx context.Context, accountID string, id uuid.UUID, reason string) error
	ApplyPlacementRows(ctx context.Context, accountID string, placementID uuid.UUID, rows []requirements.Row) ([]store.RowChange, error)
	Placement(ctx context.Context, accountID string, id uuid.UUID) (*store.Placement, error)
	PlacementRow(ctx context.Context, accountID string, placementID, rowID uuid.UUID) (*store.PlacementRequirement, error)
	UpdateRow(ctx context.Context, accountID string, placementID, rowID uuid.UUID, u store.RowUpdate) (*store.PlacementRequirement, error)
	CandidateRows(ctx context.Context, accountID, externalID string, placementID *uuid.UUID, keys []string) ([]store.PlacementRequirement, map[uuid.UUID]*store.Placement, error)
	Account(ctx context.Context, id string) (*store.Account, error)
	CreateRegistrySearch(ctx context.Context, accountID, workflowID string, search registrycheck.Search, results []byte) error
	MarkChecksStarted(ctx context.Context, ids []uuid.UUID) error
}

// BeginPlacementSync records that a placement's sync runs and says whether
// it reads the placement from its VMS.
func (a *Activities) BeginPlacementSync(ctx context.Context, in workflows.PlacementSyncInput) (workflows.PlacementSyncInfo, error) {
	id, err := parseID("placement_id", in.PlacementID)
	if err != nil {
		return workflows.PlacementSyncInfo{}, err
	}
	p, err := a.store.BeginPlacementSync(ctx, in.AccountID, id, time.Now().UTC())
	if err != nil {
		return workflows.PlacementSyncInfo{}, classify(err)
	}
	// An ended placement keeps its rows as they were: a sync would only
	// move them (the workflow ends quietly, as for a deleted one).
	if p.Status != lifecycle.Placement.Initial {
		return workflows.PlacementSyncInfo{}, temporal.NewNonRetryableApplicationError("the placement is "+p.Status+": it is not synced", workflows.ErrGone, nil)
	}
	job, err := a.store.JobForSync(ctx, in.AccountID, p.JobID)
	if err != nil {
		return workflows.PlacementSyncInfo{}, classify(err)
	}
	integ, err := a.integration(job.VMSType)
	if err != nil {
		return workflows.PlacementSyncInfo{}, err
	}
	fetch := integ.PlacementSync && integ.Uses(integrations.SourceVMS) && p.VMSPlacementRefID != nil && *p.VMSPlacementRefID != ""
	return workflows.PlacementSyncInfo{FetchVMS: fetch, JobID: p.JobID.String(), ExternalID: p.ExternalID, VMSType: job.VMSType}, nil
}

// FetchPlacement reads a placement's own requirements from its VMS.
func (a *Activities) FetchPlacement(ctx context.Context, in workflows.PlacementSyncInput) (workflows.FetchResult, error) {
	stop := heartbeat(ctx)
	defer stop()
	id, p, err := lookup(ctx, a.store.Placement, in.AccountID, "placement_id", in.PlacementID)
	if err != nil {
		return workflows.FetchResult{}, err
	}
	conn, err := a.connector(p.Job.VMSType)
	if err != nil {
		return workflows.FetchResult{}, err
	}
	items, err := conn.PlacementRequirements(ctx, deref(p.VMSPlacementRefID))
	if err != nil {
		return workflows.FetchResult{}, vmsError(err)
	}
	src := vmsSource(requirements.SourcePlacementVMS, id.String(), items)
	if err := a.store.SaveJobSource(ctx, in.AccountID, p.JobID, src); err != nil {
		return workflows.FetchResult{}, classify(err)
	}
	return workflows.FetchResult{Items: len(items)}, nil
}

// ReconcilePlacement brings a placement's rows to its sources (the job's
// and its own) and lists the registry rows whose check is to run.
func (a *Activities) ReconcilePlacement(ctx context.Context, in workflows.PlacementSyncInput) (workflows.ReconcilePlacementResult, error) {
	id, p, err := lookup(ctx, a.store.Placement, in.AccountID, "placement_id", in.PlacementID)
	if err != nil {
		return workflows.ReconcilePlacementResult{}, err
	}
	integ, rc, sources, err := a.reconcileJob(ctx, in.AccountID, p.Job)
	if err != nil {
		return workflows.ReconcilePlacementResult{}, err
	}
	own, err := a.store.JobSources(ctx, p.JobID)
	if err != nil {
		return workflows.ReconcilePlacementResult{}, classify(err)
	}
	for _, s := range own {
		// Like the job's VMS list, the placement's counts only while the
		// integration reads its VMS.
		if s.Kind == requirements.SourcePlacementVMS && s.Ref == id.String() && integ.Uses(integrations.SourceVMS) {
			sources = append(sources, s)
		}
	}
	rows, _ := rc.Reconcile(sources)
	changes, err := a.store.ApplyPlacementRows(ctx, in.AccountID, id, rows)
	if err != nil {
		return workflows.ReconcilePlacementResult{}, classify(err)
	}
	out := workflows.ReconcilePlacementResult{Rows: len(rows), Changes: len(changes)}
	after, err := a.store.Placement(ctx, in.AccountID, id)
	if err != nil {
		return out, classify(err)
	}
	for _, r := range after.Requirements {
		if deref(r.FulfillmentType) == catalog.FulfillRegistrySearch && r.Status == requirements.StatusInProgress && r.Review == nil {
			out.Checks = append(out.Checks, workflows.RowRef{AccountID: in.AccountID, PlacementID: in.PlacementID, RowID: r.ID.String()})
		}
	}
	return out, nil
}

// StartRowCheck searches a registry row's candidate in the row's
// registries: the bulk lists now (in this worker's memory), the search
// stored as the row's evidence; its workflow (live registries, the
// certificate) is started by the placement's sync. A row that already has
// its check gets that one back.
func (a *Activities) StartRowCheck(ctx context.Context, in workflows.RowRef) (workflows.RowCheckStarted, error) {
	pid, err := parseID("placement_id", in.PlacementID)
	if err != nil {
		return workflows.RowCheckStarted{}, err
	}
	rid, err := parseID("row_id", in.RowID)
	if err != nil {
		return workflows.RowCheckStarted{}, err
	}
	p, err := a.store.Placement(ctx, in.AccountID, pid)
	if err != nil {
		return workflows.RowCheckStarted{}, classify(err)
	}
	row, err := a.store.PlacementRow(ctx, in.AccountID, pid, rid)
	if err != nil {
		return workflows.RowCheckStarted{}, classify(err)
	}
	if row.Status != requirements.StatusInProgress || deref(row.FulfillmentType) != catalog.FulfillRegistrySearch {
		return workflows.RowCheckStarted{}, nil
	}
	req, ok := a.engine.Catalog().Requirement(deref(row.RequirementKey))
	if !ok || len(req.Registries) == 0 {
		// A key this catalog does not know as a search (a release retired
		// it) searches nothing, so it must not clear anyone: the row waits
		// for a person.
		_, err := a.store.UpdateRow(ctx, in.AccountID, pid, rid, store.RowUpdate{Status: requirements.StatusInProgress,
			Reason: "the catalog names no registry to search for requirement " + deref(row.RequirementKey) + ": map the row's label again or skip it",
			Expect: &store.RowState{Status: requirements.StatusInProgress}})
		return workflows.RowCheckStarted{}, classify(unlessMoved(err))
	}
	var live []string
	for _, code := range req.Registries {
		if info, ok := registry.Lookup(code); ok && !info.Bulk {
			live = append(live, code)
		}
	}
	if deref(row.EvidenceKind) == store.EvidenceRegistryCheck && row.EvidenceID != nil {
		return workflows.RowCheckStarted{SearchID: *row.EvidenceID, Live: live, ExternalID: p.ExternalID}, nil
	}
	name := namematch.ParseFull(deref(p.CandidateName))
	if name.First == "" || name.Last == "" {
		_, err := a.store.UpdateRow(ctx, in.AccountID, pid, rid, store.RowUpdate{Status: requirements.StatusInProgress,
			Reason: "the placement names no candidate (first and last name) to search: set candidateName (PATCH /placement/{id})",
			Expect: &store.RowState{Status: requirements.StatusInProgress}})
		return workflows.RowCheckStarted{}, classify(unlessMoved(err))
	}
	if a.indexes == nil {
		return workflows.RowCheckStarted{}, temporal.NewNonRetryableApplicationError("this worker holds no registry lists", workflows.ErrBadInput, nil)
	}
	acc, err := a.store.Account(ctx, in.AccountID)
	if err != nil {
		return workflows.RowCheckStarted{}, classify(err)
	}
	check := registrycheck.Request{ExternalID: p.ExternalID, ClientName: acc.Name, Bucket: a.bucket,
		Context: registrycheck.Context{FirstName: name.First, MiddleName: name.Middle, LastName: name.Last}}
	for _, code := range req.Registries {
		check.Registries = append(check.Registries, registrycheck.Registry{Code: code, MatchType: "PARTIAL"})
	}
	search, err := registrycheck.Check(check, a.indexes, time.Now())
	if err != nil {
		// The lists are still loading in this worker: retried.
		return workflows.RowCheckStarted{}, err
	}
	results, err := json.Marshal(search.Results)
	if err != nil {
		return workflows.RowCheckStarted{}, err
	}
	sid := uuid.MustParse(search.SearchID)
	if err := a.store.CreateRegistrySearch(ctx, in.AccountID, workflows.RegistryCheckWorkflowID(search.SearchID), search, results); err != nil {
		return workflows.RowCheckStarted{}, classify(err)
	}
	// Its workflow is this placement sync's child, not the API's starter's.
	if err := a.store.MarkChecksStarted(ctx, []uuid.UUID{sid}); err != nil {
		return workflows.RowCheckStarted{}, classify(err)
	}
	// A row skipped while the search ran keeps its skip; the search still
	// runs to its end (its record is started), and ApplyRowCheck then
	// leaves the row alone.
	if _, err := a.store.UpdateRow(ctx, in.AccountID, pid, rid, store.RowUpdate{Status: requirements.StatusInProgress,
		Reason: "the registry check is running", EvidenceKind: store.EvidenceRegistryCheck, EvidenceID: search.SearchID,
		Expect: &store.RowState{Status: requirements.StatusInProgress}}); unlessMoved(err) != nil {
		return workflows.RowCheckStarted{}, classify(err)
	}
	return workflows.RowCheckStarted{SearchID: search.SearchID, Live: live, ExternalID: p.ExternalID}, nil
}

// ApplyRowCheck moves a registry row by its finished check: no match in
// any of its registries fulfils it; a match leaves it for a person to
// review; a registry that could not be searched leaves it open, to be
// searched again on the next sync. A row that no longer waits for this
// check (a person skipped or reviewed it meanwhile, or a retry finds it
// applied) is left as it is.
func (a *Activities) ApplyRowCheck(ctx context.Context, in workflows.ApplyRowCheckInput) error {
	pid, err := parseID("placement_id", in.PlacementID)
	if err != nil {
		return err
	}
	rid, err := parseID("row_id", in.RowID)
	if err != nil {
		return err
	}
	sid, err := parseID("search_id", in.SearchID)
	if err != nil {
		return err
	}
	search, err := a.store.RegistrySearch(ctx, in.AccountID, sid)
	if err != nil {
		return classify(err)
	}
	row, err := a.store.PlacementRow(ctx, in.AccountID, pid, rid)
	if err != nil {
		return classify(err)
	}
	if row.Status != requirements.StatusInProgress || deref(row.EvidenceKind) != store.EvidenceRegistryCheck || deref(row.EvidenceID) != search.SearchID {
		return nil
	}
	u := rowUpdateForCheck(search)
	u.Expect = &store.RowState{Status: requirements.StatusInProgress, EvidenceID: search.SearchID}
	_, err = a.store.UpdateRow(ctx, in.AccountID, pid, rid, u)
	return classify(unlessMoved(err))
}

// Review is what a registry row waiting for a person shows.
type Review struct {
	SearchID string        `json:"searchId"`
	Matches  []ReviewMatch `json:"matches"`
}

// ReviewMatch is one possible match to review.
type ReviewMatch struct {
	Registry string  `json:"registry"`
	SourceID string  `json:"sourceId"`
	Name     string  `json:"name"`
	Score    float64 `json:"score"`
}

func rowUpdateForCheck(s registrycheck.Search) store.RowUpdate {
	u := store.RowUpdate{Status: requirements.StatusInProgress, EvidenceKind: store.EvidenceRegistryCheck, EvidenceID: s.SearchID}
	var matched, unavailable, clear []string
	review := Review{SearchID: s.SearchID, Matches: []ReviewMatch{}}
	for _, r := range s.Results {
		switch r.Result {
		case registrycheck.MatchFound:
			matched = append(matched, r.PrettyName)
			for _, m := range r.Matches {
				review.Matches = append(review.Matches, ReviewMatch{Registry: r.Registry, SourceID: m.SourceID,
					Name: strings.Join(strings.Fields(m.Name.First+" "+m.Name.Middle+" "+m.Name.Last), " "), Score: m.Score})
			}
		case registrycheck.NoMatchFound:
			clear = append(clear, r.PrettyName)
		case registrycheck.Unavailable:
			msg := r.PrettyName
			if r.Error != nil {
				msg += " (" + r.Error.Message + ")"
			}
			unavailable = append(unavailable, msg)
		default:
			u.Reason = "the registry check waits for " + r.PrettyName
			return u
		}
	}
	switch {
	case len(matched) > 0:
		u.Reason = "possible match in " + strings.Join(matched, ", ") + ": a person must review it (POST /placement/{id}/requirements/{rowId}/review)"
		u.Review = review
	case len(unavailable) > 0:
		u.Reason = "could not be searched: " + strings.Join(unavailable, "; ") + "; searched again on the next sync"
		u.EvidenceKind, u.EvidenceID = "", ""
	default:
		u.Status = requirements.StatusFulfilled
		u.Reason = "no match in " + strings.Join(clear, ", ")
	}
	return u
}

// ApplyIntake judges a finished intake's documents against the requirement
// rows it was uploaded for (validate.placement_id and requirement_id, or
// every matching row of the candidate's placements with broadcast), as of
// each placement's start: a VALID document fulfils a row, an INVALID one
// rejects it. A worse document never undoes a fulfilled row.
func (a *Activities) ApplyIntake(ctx context.Context, in workflows.ApplyIntakeInput) (workflows.ApplyIntakeResult, error) {
	var out workflows.ApplyIntakeResult
	id, intake, err := lookup(ctx, a.store.LiveIntake, in.AccountID, "intake_id", in.IntakeID)
	if err != nil {
		return out, err
	}
	var validate store.ValidateOptions
	if err := decodeStored(intake.Validate, &validate, "intake validate options"); err != nil {
		return out, err
	}
	if validate.PlacementID == "" && !validate.Broadcast {
		return out, nil
	}
	var cand store.IntakeContext
	if err := decodeStored(intake.Context, &cand, "intake context"); err != nil {
		return out, err
	}
	segs, err := a.store.Segments(ctx, in.AccountID, id)
	if err != nil {
		return out, classify(err)
	}
	var judged []requirements.Segment
	var types []string
	for _, s := range segs {
		if s.ScanStatus != "SUCCESS" || s.DocumentType == nil {
			continue
		}
		var fields map[string]any
		if err := decodeStored(s.Fields, &fields, "segment fields"); err != nil {
			return out, err
		}
		var tree rules.Tree
		if err := decodeStored(s.Validations, &tree, "segment validations"); err != nil {
			return out, err
		}
		judged = append(judged, requirements.Segment{ID: s.ID.String(), DocumentType: *s.DocumentType, Readable: len(fields) > 0,
			Fields: fields, Fraudulent: s.FraudResult != nil && *s.FraudResult == "fraudulent", Source: tree.Source()})
		types = append(types, *s.DocumentType)
	}
	cat := a.engine.Catalog()
	var placementID *uuid.UUID
	if validate.PlacementID != "" {
		pid, err := parseID("validate.placement_id", validate.PlacementID)
		if err != nil {
			return out, err
		}
		placementID = &pid
	}
	rows, placements, err := a.store.CandidateRows(ctx, in.AccountID, intake.ExternalID, placementID, documentKeys(cat, types))
	if err != nil {
		return out, classify(err)
	}
	namedJudged := false
	for _, row := range rows {
		if validate.RequirementID != "" && row.ID.String() != validate.RequirementID {
			continue
		}
		p := placements[row.PlacementID]
		c := rules.Candidate{FirstName: cand.FirstName, MiddleName: cand.MiddleName, LastName: cand.LastName, DateOfBirth: cand.DateOfBirth}
		if c.FirstName == "" && c.LastName == "" {
			n := namematch.ParseFull(deref(p.CandidateName))
			c.FirstName, c.MiddleName, c.LastName = n.First, n.Middle, n.Last
		}
		v, ok := requirements.JudgeDocuments(cat, deref(row.RequirementKey), judged, c, requirements.AsOf(a.today(), p.StartDate))
		namedJudged = namedJudged || ok
		if !ok {
			continue
		}
		applied, err := a.applyVerdict(ctx, in.AccountID, row, store.RowUpdate{
			Status: v.Status, Reason: v.Reason, EvidenceKind: store.EvidenceSegment, EvidenceID: v.EvidenceID, ExpiresAt: v.ExpiresAt,
		})
		if err != nil {
			return out, classify(err)
		}
		if !applied {
			continue
		}
		if v.Status == requirements.StatusFulfilled {
			out.Fulfilled++
		} else {
			out.Rejected++
		}
	}
	// An upload named for one row that holds nothing the row accepts
	// (a BLS card sent for the TB row) says so on the row: the recruiter
	// who named it waits for that row.
	if validate.RequirementID != "" && !namedJudged {
		rejected, err := a.rejectUnfit(ctx, in, validate, types)
		if err != nil {
			return out, err
		}
		out.Rejected += rejected
	}
	a.log.Info("intake applied to requirement rows", "intake_id", in.IntakeID, "rows", len(rows), "fulfilled", out.Fulfilled, "rejected", out.Rejected)
	return out, nil
}

// rejectUnfit rejects the row an upload was named for when the upload
// held no document the row accepts; a row already FULFILLED or SKIPPED
// stays as it is.
func (a *Activities) rejectUnfit(ctx context.Context, in workflows.ApplyIntakeInput, validate store.ValidateOptions, types []string) (int, error) {
	pid, err := parseID("validate.placement_id", validate.PlacementID)
	if err != nil {
		return 0, err
	}
	rid, err := parseID("validate.requirement_id", validate.RequirementID)
	if err != nil {
		return 0, err
	}
	row, err := a.store.PlacementRow(ctx, in.AccountID, pid, rid)
	if err != nil {
		return 0, classify(err)
	}
	if row.Status == requirements.StatusFulfilled || row.Status == requirements.StatusSkipped || row.RequirementKey == nil {
		return 0, nil
	}
	reason := "the upload held no document this requirement accepts (" + *row.RequirementKey + "): "
	if len(types) == 0 {
		reason += "no document in it could be read"
	} else {
		reason += "found " + strings.Join(types, ", ")
	}
	applied, err := a.applyVerdict(ctx, in.AccountID, *row, store.RowUpdate{
		Status: requirements.StatusRejected, Reason: reason, EvidenceKind: store.EvidenceIntake, EvidenceID: in.IntakeID,
	})
	if err != nil || !applied {
		return 0, classify(err)
	}
	return 1, nil
}

// applyVerdict moves a row by an intake's verdict unless a person skipped
// the row, or the verdict is not a fulfilment and the row is FULFILLED.
// The row is as the caller read it; one that moved meanwhile (another
// intake, a person) is read again and judged by the same rule, so a
// verdict neither undoes a skip nor is lost to a concurrent one.
func (a *Activities) applyVerdict(ctx context.Context, accountID string, row store.PlacementRequirement, u store.RowUpdate) (bool, error) {
	for range 5 {
		if row.Status == requirements.StatusSkipped || u.Status != requirements.StatusFulfilled && row.Status == requirements.StatusFulfilled {
			return false, nil
		}
		u.Expect = &store.RowState{Status: row.Status, EvidenceID: deref(row.EvidenceID)}
		_, err := a.store.UpdateRow(ctx, accountID, row.PlacementID, row.ID, u)
		if !errors.Is(err, store.ErrRowMoved) {
			return err == nil, err
		}
		r, err := a.store.PlacementRow(ctx, accountID, row.PlacementID, row.ID)
		if err != nil {
			return false, err
		}
		row = *r
	}
	// Moved five times while it was judged: the activity's retry judges
	// it again.
	return false, errors.New("requirement row " + row.ID.String() + " kept changing while it was judged")
}

// unlessMoved drops ErrRowMoved: the row's newer state stands.
func unlessMoved(err error) error {
	if errors.Is(err, store.ErrRowMoved) {
		return nil
	}
	return err
}
