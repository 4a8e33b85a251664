package httpapi

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type placementStore interface {
	CreatePlacement(ctx context.Context, in store.PlacementInput) (*store.Placement, bool, error)
	Placement(ctx context.Context, accountID string, id uuid.UUID) (*store.Placement, error)
	ListPlacements(ctx context.Context, accountID string, f store.PlacementFilter, after *store.PlacementCursor, limit int) ([]store.PlacementItem, error)
	PlacementRow(ctx context.Context, accountID string, placementID, rowID uuid.UUID) (*store.PlacementRequirement, error)
	UpdateRow(ctx context.Context, accountID string, placementID, rowID uuid.UUID, u store.RowUpdate) (*store.PlacementRequirement, error)
	PlacementAudit(ctx context.Context, accountID string, placementID uuid.UUID) ([]store.AuditEvent, error)
	UpdatePlacement(ctx context.Context, accountID string, id uuid.UUID, u store.PlacementUpdate) (bool, error)
}

// placementFields are what a caller says of a placement, when creating it
// (POST) or after (PATCH).
type placementFields struct {
	ATSPlacementRefID *string `json:"atsPlacementRefId"`
	VMSPlacementRefID *string `json:"vmsPlacementRefId"`
	CandidateName     *string `json:"candidateName"`
	CandidateEmail    *string `json:"candidateEmail"`
	CandidatePhone    *string `json:"candidatePhone"`
	StartDate         *string `json:"startDate"`
}

// read checks the fields and returns them trimmed (keep: "" as given, to
// clear; else as nil) with the start date, if one is given.
func (f placementFields) read(keep bool) (texts [5]*string, start *time.Time, err error) {
	for i, v := range []struct {
		field string
		value *string
	}{{"atsPlacementRefId", f.ATSPlacementRefID}, {"vmsPlacementRefId", f.VMSPlacementRefID},
		{"candidateName", f.CandidateName}, {"candidateEmail", f.CandidateEmail}, {"candidatePhone", f.CandidatePhone}} {
		if v.value == nil {
			continue
		}
		if utf8.RuneCountInString(*v.value) > 500 {
			return texts, nil, invalid(v.field, "%s is longer than 500 characters", v.field)
		}
		if t := strings.TrimSpace(*v.value); t != "" || keep {
			texts[i] = &t
		}
	}
	if f.StartDate != nil && (keep || strings.TrimSpace(*f.StartDate) != "") {
		d, err := parseDate(*f.StartDate)
		if err != nil {
			return texts, nil, invalid("startDate", "startDate must be a date (YYYY-MM-DD or an ISO 8601 date-time)")
		}
		start = &d
	}
	return texts, start, nil
}

// placementRequest is POST /placement's body.
type placementRequest struct {
	ExternalID *string `json:"externalId"`
	JobID      *string `json:"jobId"`
	placementFields
}

// createPlacement binds a candidate to a job, once per (job, externalId):
// a repeat (also a concurrent one) gets the same answer, 201 with the
// existing placement, marked only by an Idempotent-Replayed header, so a
// caller retrying a lost answer cannot tell it from the first. A new
// placement's rows come from its sync.
func (s *Server) createPlacement(c *gin.Context) {
	ctx, account := c.Request.Context(), accountOf(c)
	var body placementRequest
	if err := bindJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	in := store.PlacementInput{AccountID: account}
	var ok bool
	if in.ExternalID, ok = requiredText(body.ExternalID); !ok {
		fail(c, invalid("externalId", "externalId is required"))
		return
	}
	if utf8.RuneCountInString(in.ExternalID) > 500 {
		fail(c, invalid("externalId", "externalId is longer than 500 characters"))
		return
	}
	jobText, ok := requiredText(body.JobID)
	if !ok {
		fail(c, invalid("jobId", "jobId is required"))
		return
	}
	jobID, err := uuid.Parse(jobText)
	if err != nil {
		fail(c, invalid("jobId", "jobId must be a UUID (the service's job id from POST /job)"))
		return
	}
	in.JobID = jobID
	texts, start, err := body.read(false)
	if err != nil {
		fail(c, err)
		return
	}
	in.ATSPlacementRefID, in.VMSPlacementRefID, in.CandidateName, in.CandidateEmail, in.CandidatePhone = texts[0], texts[1], texts[2], texts[3], texts[4]
	in.StartDate = start
	p, created, err := s.store.CreatePlacement(ctx, in)
	if err != nil {
		fail(c, err)
		return
	}
	if created {
		s.startPlacementSync(ctx, account, p.ID)
	} else {
		c.Header("Idempotent-Replayed", "true")
	}
	full, err := s.store.Placement(ctx, account, p.ID)
	if err != nil {
		fail(c, err)
		return
	}
	s.logger(c).Info("placement", "placement_id", p.ID, "created", created)
	c.JSON(http.StatusCreated, s.placementView(full))
}

func (s *Server) startPlacementSync(ctx context.Context, account string, id uuid.UUID) {
	s.startSync(ctx, workflows.PlacementSyncWorkflowID(id.String()), workflows.PlacementSyncWorkflow,
		workflows.PlacementSyncInput{AccountID: account, PlacementID: id.String()},
		temporal.NewSearchAttributes(
			temporal.NewSearchAttributeKeyKeyword(workflows.SAPlacementID).ValueSet(id.String()),
			temporal.NewSearchAttributeKeyKeyword(workflows.SAAccountID).ValueSet(account),
		))
}

// placementPatch is PATCH /placement/{id}'s body: every field optional.
type placementPatch struct {
	placementFields
	Status *string `json:"status"`
	Reason *string `json:"reason"`
}

// patchPlacement changes what a caller says of a placement after creating
// it (POST /placement's repeat changes nothing): the candidate's details,
// the references, the start date, and its status (COMPLETED or CANCELLED
// with a reason; ACTIVE takes it up again). A new candidate name searches
// the registries again; a later start date expires documents that lapse
// before it. An absent field is left as it is; "" clears a text.
func (s *Server) patchPlacement(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	var body placementPatch
	if err := bindJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	texts, start, err := body.read(true)
	if err != nil {
		fail(c, err)
		return
	}
	u := store.PlacementUpdate{Today: time.Now().UTC().Truncate(24 * time.Hour), StartDate: start,
		ATSPlacementRefID: texts[0], VMSPlacementRefID: texts[1], CandidateName: texts[2], CandidateEmail: texts[3], CandidatePhone: texts[4]}
	if u.CandidateName != nil && *u.CandidateName == "" {
		fail(c, invalid("candidateName", "candidateName cannot be emptied: the registry searches need it"))
		return
	}
	if body.Status != nil {
		u.Status = strings.ToUpper(strings.TrimSpace(*body.Status))
		if u.Status != "ACTIVE" && u.Status != "COMPLETED" && u.Status != "CANCELLED" {
			fail(c, invalid("status", "status must be ACTIVE, COMPLETED or CANCELLED"))
			return
		}
		reason, ok := requiredText(body.Reason)
		if !ok {
			fail(c, invalid("reason", "reason is required with a status"))
			return
		}
		u.Reason = reason
	}
	ctx, account := c.Request.Context(), accountOf(c)
	resync, err := s.store.UpdatePlacement(ctx, account, id, u)
	if err != nil {
		fail(c, err)
		return
	}
	if resync {
		s.startPlacementSync(ctx, account, id)
	}
	p, err := s.store.Placement(ctx, account, id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, s.placementView(p))
}

// getPlacement returns a placement with its rows and packets.
func (s *Server) getPlacement(c *gin.Context) {
	getOne(c, s.store.Placement, func(_ context.Context, p *store.Placement) any { return s.placementView(p) })
}

// Paging of GET /placement.
const (
	defaultPageSize = 50
	maxPageSize     = 200
)

// listPlacements lists the account's placements, newest first, filtered by
// status, externalId and jobId; a page of `limit` (default 50, at most 200)
// ends with a `Link: <…>; rel="next"` header (and `X-Next-Cursor`) when more
// follow, carrying the opaque cursor to send as `cursor`.
func (s *Server) listPlacements(c *gin.Context) {
	var f store.PlacementFilter
	for _, name := range []string{"status", "externalId", "jobId", "cursor", "limit"} {
		if vals := c.QueryArray(name); len(vals) > 1 {
			fail(c, invalid(name, "%s may be given once", name))
			return
		}
	}
	if st := c.Query("status"); st != "" {
		st = strings.ToUpper(st)
		if st != "ACTIVE" && st != "COMPLETED" && st != "CANCELLED" {
			fail(c, invalid("status", "status must be ACTIVE, COMPLETED or CANCELLED"))
			return
		}
		f.Status = st
	}
	f.ExternalID = c.Query("externalId")
	if j := c.Query("jobId"); j != "" {
		id, err := uuid.Parse(j)
		if err != nil {
			fail(c, invalid("jobId", "jobId must be a UUID"))
			return
		}
		f.JobID = &id
	}
	limit := defaultPageSize
	if l := c.Query("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > maxPageSize {
			fail(c, invalid("limit", "limit must be a whole number from 1 to %d", maxPageSize))
			return
		}
		limit = n
	}
	var after *store.PlacementCursor
	if cur := c.Query("cursor"); cur != "" {
		pc, err := decodeCursor(cur)
		if err != nil {
			fail(c, invalid("cursor", "cursor is not one this API gave"))
			return
		}
		after = &pc
	}
	items, err := s.store.ListPlacements(c.Request.Context(), accountOf(c), f, after, limit+1)
	if err != nil {
		fail(c, err)
		return
	}
	out := make([]placementItemJSON, 0, len(items))
	for i, it := range items {
		if i == limit {
			next := encodeCursor(store.PlacementCursor{At: items[i-1].CreatedAt, ID: items[i-1].ID})
			q := c.Request.URL.Query()
			q.Set("cursor", next)
			c.Header("Link", fmt.Sprintf(`</placement?%s>; rel="next"`, q.Encode()))
			c.Header("X-Next-Cursor", next)
			break
		}
		out = append(out, placementItemJSON{ID: it.ID.String(), Status: it.Status, JobTitle: it.JobTitle, JobRef: it.JobRef,
			CandidateRef: it.ExternalID, ATSPlacementRefID: it.ATSPlacementRefID, Packets: packetsView(it.Packets), CreatedAt: it.CreatedAt})
	}
	c.JSON(http.StatusOK, out)
}

func encodeCursor(pc store.PlacementCursor) string {
	return base64.RawURLEncoding.EncodeToString([]byte(pc.At.UTC().Format(time.RFC3339Nano) + "|" + pc.ID.String()))
}

func decodeCursor(s string) (store.PlacementCursor, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return store.PlacementCursor{}, err
	}
	at, id, ok := strings.Cut(string(b), "|")
	if !ok {
		return store.PlacementCursor{}, fmt.Errorf("no separator")
	}
	t, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		return store.PlacementCursor{}, err
	}
	u, err := uuid.Parse(id)
	if err != nil {
		return store.PlacementCursor{}, err
	}
	return store.PlacementCursor{At: t, ID: u}, nil
}

// packageStatus returns a placement's packets and their upload state.
func (s *Server) packageStatus(c *gin.Context) {
	getOne(c, s.store.Placement, func(_ context.Context, p *store.Placement) any {
		v := packageStatusJSON{PlacementID: p.ID.String(), Status: p.Status, ATSPlacementRefID: p.ATSPlacementRefID,
			VMSPlacementRefID: p.VMSPlacementRefID, Packets: []packageJSON{}}
		for i, pk := range packetsView(p.Packets) {
			pj := packageJSON{packetJSON: pk, UploadedAt: p.Packets[i].UploadedAt}
			if id := p.Packets[i].CompiledFileID; id != nil {
				fid := id.String()
				pj.CompiledFileID = &fid
			}
			v.Packets = append(v.Packets, pj)
		}
		return v
	})
}

// placementAudit returns a placement's trail: its own, its rows' and its
// packets' transitions, oldest first.
func (s *Server) placementAudit(c *gin.Context) {
	getOne(c, s.store.PlacementAudit, func(_ context.Context, evs []store.AuditEvent) any {
		out := make([]auditJSON, len(evs))
		for i, e := range evs {
			out[i] = auditJSON{ID: e.ID, Subject: e.SubjectType, SubjectID: e.SubjectID, From: e.FromState, To: e.ToState, Reason: e.Reason, At: e.CreatedAt}
		}
		return out
	})
}

// rowStatusRequest sets a row by hand.
type rowStatusRequest struct {
	Status *string `json:"status"`
	Reason *string `json:"reason"`
}

// setRowStatus lets a person decide a row: SKIPPED (any row: not required
// for this candidate), FULFILLED (a PASS_THROUGH row, fulfilled outside the
// service), or back to PENDING (undo a skip: its work starts again on the
// next sync). The reason is required and kept in the audit trail.
func (s *Server) setRowStatus(c *gin.Context) {
	d, ok := readDecision(s, c, "status", "SKIPPED, FULFILLED (a PASS_THROUGH row) or PENDING",
		func(b *rowStatusRequest) (*string, *string) { return b.Status, b.Reason })
	if !ok {
		return
	}
	pid, rid, row, status, reason := d.pid, d.rid, d.row, d.choice, d.reason
	status = strings.ToUpper(status)
	u := store.RowUpdate{Status: status, Reason: reason, EvidenceKind: store.EvidencePerson, EvidenceID: decidedBy(c)}
	switch status {
	case requirements.StatusSkipped:
	case requirements.StatusFulfilled:
		if row.FulfillmentType == nil {
			fail(c, derrors.New(derrors.Conflict, "this row's label is not mapped yet: map it (PUT /mappings/{vmsType}), or skip the row").
				WithDetails(map[string]string{"field": "status"}))
			return
		}
		if *row.FulfillmentType != catalog.FulfillPassThrough {
			fail(c, derrors.Newf(derrors.Conflict, "only a PASS_THROUGH row is fulfilled by hand; this one is fulfilled by its %s", strings.ToLower(strings.ReplaceAll(*row.FulfillmentType, "_", " "))).
				WithDetails(map[string]string{"field": "status"}))
			return
		}
	case requirements.StatusPending:
		if row.Status != requirements.StatusSkipped {
			fail(c, derrors.New(derrors.Conflict, "only a SKIPPED row goes back to PENDING").WithDetails(map[string]string{"field": "status"}))
			return
		}
		if row.RequirementKey == nil {
			u.Status = requirements.StatusAwaitingConfig
		}
		u.EvidenceKind, u.EvidenceID = "", ""
		u.Expect = &store.RowState{Status: requirements.StatusSkipped}
	default:
		fail(c, invalid("status", "status must be SKIPPED, FULFILLED (a PASS_THROUGH row) or PENDING"))
		return
	}
	s.updateRow(c, pid, rid, u)
}

// reviewRequest resolves a registry row's possible match.
type reviewRequest struct {
	Decision *string `json:"decision"`
	Reason   *string `json:"reason"`
}

// reviewRow resolves a registry row that waits for a person: `clear` (the
// match is someone else: the row is FULFILLED) or `confirm` (the candidate
// is listed: REJECTED). The reason is required and kept in the audit trail.
func (s *Server) reviewRow(c *gin.Context) {
	d, ok := readDecision(s, c, "decision", "clear or confirm",
		func(b *reviewRequest) (*string, *string) { return b.Decision, b.Reason })
	if !ok {
		return
	}
	pid, rid, row, choice, reason := d.pid, d.rid, d.row, d.choice, d.reason
	if len(row.Review) == 0 || row.Status != requirements.StatusInProgress {
		fail(c, derrors.New(derrors.Conflict, "this row has no possible match waiting for review"))
		return
	}
	// The search stays the evidence; the reviewer is in the reason and the
	// trail.
	// The review is of the match the person read: a row a newer check
	// moved meanwhile is refused (409), to be read again.
	u := store.RowUpdate{EvidenceKind: deref(row.EvidenceKind), EvidenceID: deref(row.EvidenceID), Review: json.RawMessage(row.Review),
		Expect: &store.RowState{Status: requirements.StatusInProgress, EvidenceID: deref(row.EvidenceID)}}
	by := " (" + decidedBy(c) + ")"
	switch strings.ToLower(choice) {
	case "clear":
		u.Status, u.Reason = requirements.StatusFulfilled, "cleared by review: "+reason+by
	case "confirm":
		u.Status, u.Reason = requirements.StatusRejected, "match confirmed by review: "+reason+by
	default:
		fail(c, invalid("decision", "decision must be clear or confirm"))
		return
	}
	s.updateRow(c, pid, rid, u)
}

// decision is a person's decision on a row: what they chose, and why.
type decision struct {
	pid, rid       uuid.UUID
	row            *store.PlacementRequirement
	choice, reason string
}

// readDecision reads the row the path names and a body B holding the
// choice (under field; want lists its values) and a reason, both required.
func readDecision[B any](s *Server, c *gin.Context, field, want string, parts func(*B) (choice, reason *string)) (decision, bool) {
	var d decision
	var ok bool
	if d.pid, d.rid, d.row, ok = s.row(c); !ok {
		return d, false
	}
	var body B
	if err := bindJSON(c, &body); err != nil {
		fail(c, err)
		return d, false
	}
	choice, reason := parts(&body)
	if d.choice, ok = requiredText(choice); !ok {
		fail(c, invalid(field, "%s is required: %s", field, want))
		return d, false
	}
	if d.reason, ok = requiredText(reason); !ok {
		fail(c, invalid("reason", "reason is required"))
		return d, false
	}
	return d, true
}

// row reads the placement and row ids of the path and the row.
func (s *Server) row(c *gin.Context) (uuid.UUID, uuid.UUID, *store.PlacementRequirement, bool) {
	pid, ok := pathUUID(c, "id")
	if !ok {
		return pid, uuid.Nil, nil, false
	}
	rid, ok := pathUUID(c, "rid")
	if !ok {
		return pid, rid, nil, false
	}
	row, err := s.store.PlacementRow(c.Request.Context(), accountOf(c), pid, rid)
	if err != nil {
		fail(c, err)
		return pid, rid, nil, false
	}
	return pid, rid, row, true
}

func (s *Server) updateRow(c *gin.Context, pid, rid uuid.UUID, u store.RowUpdate) {
	ctx, account := c.Request.Context(), accountOf(c)
	if _, err := s.store.UpdateRow(ctx, account, pid, rid, u); err != nil {
		fail(c, err)
		return
	}
	if u.Status == requirements.StatusPending || u.Status == requirements.StatusAwaitingConfig {
		s.startPlacementSync(ctx, account, pid)
	}
	p, err := s.store.Placement(ctx, account, pid)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, s.placementView(p))
}

// The JSON shapes.

type candidateJSON struct {
	ExternalID string  `json:"externalId"`
	Name       *string `json:"name"`
	Email      *string `json:"email"`
	Phone      *string `json:"phone"`
}

type placementJobJSON struct {
	ID          string  `json:"id"`
	VMSType     string  `json:"vmsType"`
	VMSJobRefID string  `json:"vmsJobRefId"`
	Title       *string `json:"title"`
	Facility    *string `json:"facility"`
	Status      string  `json:"status"`
}

type packetJSON struct {
	ID          string `json:"id"`
	PacketGroup string `json:"packetGroup"`
	Status      string `json:"status"`
}

type placementJSON struct {
	ID                string           `json:"id"`
	Status            string           `json:"status"`
	Job               placementJobJSON `json:"job"`
	Candidate         candidateJSON    `json:"candidate"`
	ATSPlacementRefID *string          `json:"atsPlacementRefId"`
	VMSPlacementRefID *string          `json:"vmsPlacementRefId"`
	StartDate         *string          `json:"startDate"`
	Packets           []packetJSON     `json:"packets"`
	RequirementCount  int              `json:"requirementCount"`
	MappedCount       int              `json:"mappedCount"`
	FulfilledCount    int              `json:"fulfilledCount"`
	Requirements      []rowJSON        `json:"requirements"`
	Sync              syncJSON         `json:"sync"`
	CreatedAt         time.Time        `json:"createdAt"`
	UpdatedAt         time.Time        `json:"updatedAt"`
}

type placementItemJSON struct {
	ID                string       `json:"id"`
	Status            string       `json:"status"`
	JobTitle          string       `json:"jobTitle"`
	JobRef            string       `json:"jobRef"`
	CandidateRef      string       `json:"candidateRef"`
	ATSPlacementRefID *string      `json:"atsPlacementRefId"`
	Packets           []packetJSON `json:"packets"`
	CreatedAt         time.Time    `json:"createdAt"`
}

// packageJSON is a packet with its upload state (the packet's fields come
// first in the JSON).
type packageJSON struct {
	packetJSON
	UploadedAt     *time.Time `json:"uploadedAt"`
	CompiledFileID *string    `json:"compiledFileId"`
}

type packageStatusJSON struct {
	PlacementID       string        `json:"placementId"`
	Status            string        `json:"status"`
	ATSPlacementRefID *string       `json:"atsPlacementRefId"`
	VMSPlacementRefID *string       `json:"vmsPlacementRefId"`
	Packets           []packageJSON `json:"packets"`
}

type auditJSON struct {
	ID        int64     `json:"id"`
	Subject   string    `json:"subject"`
	SubjectID string    `json:"subjectId"`
	From      string    `json:"from"`
	To        string    `json:"to"`
	Reason    string    `json:"reason"`
	At        time.Time `json:"at"`
}

func packetsView(pks []store.Packet) []packetJSON {
	out := make([]packetJSON, 0, len(pks))
	for _, pk := range pks {
		out = append(out, packetJSON{ID: pk.ID.String(), PacketGroup: pk.PacketGroup, Status: pk.Status})
	}
	return out
}

func (s *Server) placementView(p *store.Placement) placementJSON {
	v := placementJSON{
		ID: p.ID.String(), Status: p.Status,
		Candidate:         candidateJSON{ExternalID: p.ExternalID, Name: p.CandidateName, Email: p.CandidateEmail, Phone: p.CandidatePhone},
		ATSPlacementRefID: p.ATSPlacementRefID, VMSPlacementRefID: p.VMSPlacementRefID,
		Packets: packetsView(p.Packets), Requirements: []rowJSON{},
		Sync:      syncJSON{RequestedAt: p.SyncRequestedAt, StartedAt: p.SyncStartedAt, SyncedAt: p.SyncedAt, Error: p.SyncError},
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt,
	}
	if p.Job != nil {
		v.Job = placementJobJSON{ID: p.Job.ID.String(), VMSType: p.Job.VMSType, VMSJobRefID: p.Job.VMSJobRefID, Title: p.Job.Title, Facility: p.Job.Facility, Status: p.Job.Status}
	}
	if p.StartDate != nil {
		d := p.StartDate.Format(time.DateOnly)
		v.StartDate = &d
	}
	for _, r := range p.Requirements {
		reason := r.StatusReason
		updated := r.UpdatedAt
		row := rowView(r.ID, r.ReconciledRow)
		row.Status, row.StatusReason, row.UpdatedAt = r.Status, &reason, &updated
		if r.EvidenceKind != nil && r.EvidenceID != nil {
			row.Evidence = &evidenceJSON{Kind: *r.EvidenceKind, ID: *r.EvidenceID}
		}
		if r.ExpiresAt != nil {
			d := r.ExpiresAt.Format(time.DateOnly)
			row.ExpiresAt = &d
		}
		if len(r.Review) > 0 && string(r.Review) != "null" {
			row.Review = json.RawMessage(r.Review)
		}
		if row.IsMapped {
			v.MappedCount++
		}
		if r.Status == requirements.StatusFulfilled {
			v.FulfilledCount++
		}
		v.Requirements = append(v.Requirements, row)
	}
	v.RequirementCount = len(v.Requirements)
	return v
}

func trimmedPtr(v *string) *string {
	if v == nil || strings.TrimSpace(*v) == "" {
		return nil
	}
	t := strings.TrimSpace(*v)
	return &t
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// parseDate reads a date as YYYY-MM-DD or an ISO 8601 date-time (its date
// part, in its own offset).
func parseDate(text string) (time.Time, error) {
	text = strings.TrimSpace(text)
	if d, err := time.Parse(time.DateOnly, text); err == nil {
		return d, nil
	}
	t, err := time.Parse(time.RFC3339, text)
	if err != nil {
		return time.Time{}, err
	}
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), nil
}
