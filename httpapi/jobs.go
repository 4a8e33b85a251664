package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/integrations"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type jobStore interface {
	UpsertJob(ctx context.Context, in store.JobInput) (*store.Job, bool, bool, error)
	Job(ctx context.Context, accountID string, id uuid.UUID) (*store.Job, error)
}

// jobRequest is POST /job's body.
type jobRequest struct {
	VMSType     *string `json:"vmsType"`
	VMSJobRefID *string `json:"vmsJobRefId"`
	Title       *string `json:"title"`
	Facility    *string `json:"facility"`
	Client      *string `json:"client"`
	Location    *string `json:"location"`
	Department  *string `json:"department"`
	Role        *string `json:"role"`
	ATSJobRefID *string `json:"atsJobRefId"`
	ATSSystem   *string `json:"atsSystem"`
}

// createJob creates or updates the account's job of (vmsType, vmsJobRefId)
// and queues its requirement sync, unless the job is UNAVAILABLE; `force`
// (a query parameter: it is how this request is carried out, not a fact
// of the job) queues it anyway.
func (s *Server) createJob(c *gin.Context) {
	ctx, account := c.Request.Context(), accountOf(c)
	force, err := boolQuery(c, "force")
	if err != nil {
		fail(c, err)
		return
	}
	var body jobRequest
	if err := bindJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	in := store.JobInput{AccountID: account, Force: force}
	var ok bool
	if in.VMSType, ok = requiredText(body.VMSType); !ok {
		fail(c, invalid("vmsType", "vmsType is required"))
		return
	}
	if _, known := s.integration(in.VMSType); !known {
		fail(c, derrors.Newf(derrors.InvalidRequest, "vmsType %q is not configured (configured: %s)", in.VMSType, strings.Join(s.vmsTypes(), ", ")).
			WithDetails(map[string]string{"field": "vmsType"}))
		return
	}
	if in.VMSJobRefID, ok = requiredText(body.VMSJobRefID); !ok {
		fail(c, invalid("vmsJobRefId", "vmsJobRefId is required"))
		return
	}
	for field, v := range map[string]*string{"vmsJobRefId": &in.VMSJobRefID, "vmsType": &in.VMSType} {
		if utf8.RuneCountInString(*v) > 200 {
			fail(c, invalid(field, "%s is longer than 200 characters", field))
			return
		}
	}
	for field, v := range map[string]**string{
		"title": &body.Title, "facility": &body.Facility, "client": &body.Client, "location": &body.Location,
		"department": &body.Department, "role": &body.Role, "atsJobRefId": &body.ATSJobRefID, "atsSystem": &body.ATSSystem,
	} {
		if *v != nil && utf8.RuneCountInString(**v) > 500 {
			fail(c, invalid(field, "%s is longer than 500 characters", field))
			return
		}
	}
	in.Title, in.Facility, in.Client, in.Location, in.Department, in.Role, in.ATSJobRefID, in.ATSSystem =
		body.Title, body.Facility, body.Client, body.Location, body.Department, body.Role, body.ATSJobRefID, body.ATSSystem
	job, created, queued, err := s.store.UpsertJob(ctx, in)
	if err != nil {
		fail(c, err)
		return
	}
	if queued {
		s.startJobSync(ctx, account, job.ID)
	}
	s.logger(c).Info("job upserted", "job_id", job.ID, "created", created, "scrape_queued", queued)
	full, err := s.store.Job(ctx, account, job.ID)
	if err != nil {
		fail(c, err)
		return
	}
	v := s.jobView(full)
	v.ScrapeQueued = &queued
	c.JSON(http.StatusCreated, v)
}

// startJobSync starts (or joins) a job's sync; a sync already running runs
// again when it ends, having been asked meanwhile.
func (s *Server) startJobSync(ctx context.Context, account string, id uuid.UUID) {
	s.startSync(ctx, workflows.JobSyncWorkflowID(id.String()), workflows.JobSyncWorkflow,
		workflows.JobSyncInput{AccountID: account, JobID: id.String()},
		temporal.NewSearchAttributes(
			temporal.NewSearchAttributeKeyKeyword(workflows.SAJobID).ValueSet(id.String()),
			temporal.NewSearchAttributeKeyKeyword(workflows.SAAccountID).ValueSet(account),
		))
}

// startSync starts a sync workflow, or asks the one running to run again
// when it ends (signal-with-start: one call, no window in which a running
// sync that is ending misses the ask). A start that does not reach
// Temporal is made by the resumer.
func (s *Server) startSync(ctx context.Context, workflowID string, wf, input any, attrs temporal.SearchAttributes) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_, err := s.workflows.SignalWithStartWorkflow(ctx, workflowID, workflows.SignalSyncRequested, nil, client.StartWorkflowOptions{
		ID: workflowID, TaskQueue: s.taskQueue,
		WorkflowIDReusePolicy: enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
		TypedSearchAttributes: attrs,
	}, wf, input)
	if err != nil {
		s.metrics.workflowStarts.WithLabelValues(workflowID[:strings.IndexByte(workflowID, '/')], "deferred").Inc()
		s.log.Warn("sync start deferred to the resumer", "workflow_id", workflowID, "error", err)
		return
	}
	s.metrics.workflowStarts.WithLabelValues(workflowID[:strings.IndexByte(workflowID, '/')], "started").Inc()
}

// getJob returns a job with its template rows.
func (s *Server) getJob(c *gin.Context) {
	getOne(c, s.store.Job, func(_ context.Context, j *store.Job) any { return s.jobView(j) })
}

// integration returns a configured integration.
func (s *Server) integration(vmsType string) (*integrations.Integration, bool) {
	if s.integrations == nil {
		return nil, false
	}
	return s.integrations.Integration(vmsType)
}

func (s *Server) vmsTypes() []string {
	var out []string
	if s.integrations != nil {
		for _, i := range s.integrations.Integrations() {
			out = append(out, i.VMSType)
		}
	}
	return out
}

// The JSON shapes.

type integrationJSON struct {
	ID          string `json:"id"`
	VMSType     string `json:"vmsType"`
	DisplayName string `json:"displayName"`
}

type jobJSON struct {
	ID               string          `json:"id"`
	VMSJobRefID      string          `json:"vmsJobRefId"`
	ATSJobRefID      *string         `json:"atsJobRefId"`
	ATSSystem        *string         `json:"atsSystem"`
	Title            *string         `json:"title"`
	Facility         *string         `json:"facility"`
	Client           *string         `json:"client"`
	Location         *string         `json:"location"`
	Department       *string         `json:"department"`
	Role             *string         `json:"role"`
	Status           string          `json:"status"`
	VMSIntegration   integrationJSON `json:"vmsIntegration"`
	RequirementCount int             `json:"requirementCount"`
	MappedCount      int             `json:"mappedCount"`
	Requirements     []rowJSON       `json:"requirements"`
	PlacementCount   int             `json:"placementCount"`
	ScrapeQueued     *bool           `json:"scrapeQueued,omitempty"`
	Sync             syncJSON        `json:"sync"`
	Conflicts        json.RawMessage `json:"conflicts"`
	CreatedAt        time.Time       `json:"createdAt"`
	UpdatedAt        time.Time       `json:"updatedAt"`
}

type syncJSON struct {
	RequestedAt *time.Time `json:"requestedAt"`
	StartedAt   *time.Time `json:"startedAt"`
	SyncedAt    *time.Time `json:"syncedAt"`
	Error       *string    `json:"error"`
}

// rowJSON is a requirement row: a job's template row, or a placement's
// row with its progress.
type rowJSON struct {
	ID                 string          `json:"id"`
	VMSRequirementName string          `json:"vmsRequirementName"`
	PacketGroup        string          `json:"packetGroup"`
	FulfillmentType    *string         `json:"fulfillmentType"`
	DocumentCategory   *string         `json:"documentCategory"`
	DocumentType       *string         `json:"documentType"`
	RequirementKey     *string         `json:"requirementKey"`
	Status             string          `json:"status"`
	IsMapped           bool            `json:"isMapped"`
	SortOrder          int             `json:"sortOrder"`
	Sources            json.RawMessage `json:"sources"`
	StatusReason       *string         `json:"statusReason,omitempty"`
	Evidence           *evidenceJSON   `json:"evidence,omitempty"`
	ExpiresAt          *string         `json:"expiresAt,omitempty"`
	Review             json.RawMessage `json:"review,omitempty"`
	UpdatedAt          *time.Time      `json:"updatedAt,omitempty"`
}

type evidenceJSON struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
}

// integrationID names an integration by a stable id derived from its
// vmsType (integrations live in configuration, not in rows).
func integrationID(vmsType string) string {
	return uuid.NewSHA1(uuid.NameSpaceURL, []byte("integration:"+vmsType)).String()
}

func (s *Server) jobView(j *store.Job) jobJSON {
	v := jobJSON{
		ID: j.ID.String(), VMSJobRefID: j.VMSJobRefID, ATSJobRefID: j.ATSJobRefID, ATSSystem: j.ATSSystem, Title: j.Title,
		Facility: j.Facility, Client: j.Client, Location: j.Location, Department: j.Department, Role: j.Role, Status: j.Status,
		VMSIntegration: integrationJSON{ID: integrationID(j.VMSType), VMSType: j.VMSType, DisplayName: j.VMSType},
		Requirements:   []rowJSON{}, PlacementCount: j.PlacementCount,
		Sync:      syncJSON{RequestedAt: j.SyncRequestedAt, StartedAt: j.SyncStartedAt, SyncedAt: j.SyncedAt, Error: j.SyncError},
		Conflicts: json.RawMessage("[]"), CreatedAt: j.CreatedAt, UpdatedAt: j.UpdatedAt,
	}
	if len(j.Conflicts) > 0 && string(j.Conflicts) != "null" {
		v.Conflicts = json.RawMessage(j.Conflicts)
	}
	if integ, ok := s.integration(j.VMSType); ok {
		v.VMSIntegration.DisplayName = integ.DisplayName
	}
	for _, r := range j.Requirements {
		row := rowView(r.ID, r.ReconciledRow)
		row.Status = requirements.StatusPending
		if !row.IsMapped {
			row.Status = requirements.StatusAwaitingConfig
		} else {
			v.MappedCount++
		}
		v.Requirements = append(v.Requirements, row)
	}
	v.RequirementCount = len(v.Requirements)
	return v
}

// rowView is what a job's template row and a placement's row show alike:
// the columns of the reconciled row.
func rowView(id uuid.UUID, r store.ReconciledRow) rowJSON {
	return rowJSON{
		ID: id.String(), VMSRequirementName: r.Label, PacketGroup: r.PacketGroup, FulfillmentType: r.FulfillmentType,
		DocumentCategory: r.DocumentCategory, DocumentType: r.DocumentType, RequirementKey: r.RequirementKey,
		IsMapped: r.RequirementKey != nil, SortOrder: r.SortOrder, Sources: rawOr(r.Sources, "[]"),
	}
}

func rawOr(j store.JSON, def string) json.RawMessage {
	if len(j) == 0 || string(j) == "null" {
		return json.RawMessage(def)
	}
	return json.RawMessage(j)
}

// requiredText returns a trimmed required string.
func requiredText(v *string) (string, bool) {
	if v == nil || strings.TrimSpace(*v) == "" {
		return "", false
	}
	return strings.TrimSpace(*v), true
}

// boolQuery reads an optional boolean query parameter.
func boolQuery(c *gin.Context, name string) (bool, error) {
	v, ok := c.GetQuery(name)
	if !ok {
		return false, nil
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "true", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, invalid(name, "%s must be true or false", name)
}
