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

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/integrations"
	"github.com/clearedtostart/compliance/mapping"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
)

type mappingStore interface {
	LabelMappings(ctx context.Context, accountID, vmsType string) ([]store.LabelMapping, error)
	SaveLabelMapping(ctx context.Context, m store.LabelMapping) ([]uuid.UUID, error)
	UnmappedLabels(ctx context.Context, accountID, vmsType string) ([]store.UnmappedLabel, error)
	SaveMatrix(ctx context.Context, m *store.Matrix) (bool, []uuid.UUID, error)
	DeleteMatrix(ctx context.Context, accountID string, id uuid.UUID) ([]uuid.UUID, error)
	Matrices(ctx context.Context, accountID string) ([]store.Matrix, error)
}

type mappingEntryJSON struct {
	Label          string   `json:"label"`
	RequirementKey string   `json:"requirementKey"`
	Also           []string `json:"also,omitempty"`
	PacketGroup    string   `json:"packetGroup,omitempty"`
	// Source is "file" (the integration's configuration) or "learned"
	// (mapped through this API).
	Source string `json:"source"`
}

type suggestionJSON struct {
	RequirementKey string  `json:"requirementKey"`
	Score          float64 `json:"score"`
	Why            string  `json:"why"`
}

type unmappedJSON struct {
	Label string `json:"label"`
	// Rows counts the placement rows waiting on it (AWAITING_CONFIG).
	Rows        int              `json:"rows"`
	Suggestions []suggestionJSON `json:"suggestions"`
}

type mappingsJSON struct {
	VMSType  string             `json:"vmsType"`
	Mappings []mappingEntryJSON `json:"mappings"`
	Unmapped []unmappedJSON     `json:"unmapped"`
}

// getMappings returns an integration's label mapping table (its file's and
// what the account mapped) and the labels rows wait on, each with
// suggestions from the catalog.
func (s *Server) getMappings(c *gin.Context) {
	integ, ok := s.pathIntegration(c)
	if !ok {
		return
	}
	ctx, account := c.Request.Context(), accountOf(c)
	learned, err := s.store.LabelMappings(ctx, account, integ.VMSType)
	if err != nil {
		fail(c, err)
		return
	}
	out := mappingsJSON{VMSType: integ.VMSType, Mappings: []mappingEntryJSON{}, Unmapped: []unmappedJSON{}}
	for _, e := range integ.Mapping.Entries() {
		out.Mappings = append(out.Mappings, mappingEntryJSON{Label: e.Label, RequirementKey: e.Key, Also: e.Also, PacketGroup: e.PacketGroup, Source: "file"})
	}
	for _, m := range learned {
		out.Mappings = append(out.Mappings, mappingEntryJSON{Label: m.Label, RequirementKey: m.RequirementKey, PacketGroup: deref(m.PacketGroup), Source: "learned"})
	}
	waiting, err := s.store.UnmappedLabels(ctx, account, integ.VMSType)
	if err != nil {
		fail(c, err)
		return
	}
	for _, w := range waiting {
		u := unmappedJSON{Label: w.Label, Rows: w.Rows, Suggestions: []suggestionJSON{}}
		for _, sg := range s.suggester.Suggest(w.Label, 3) {
			u.Suggestions = append(u.Suggestions, suggestionJSON{RequirementKey: sg.Key, Score: sg.Score, Why: sg.Why})
		}
		out.Unmapped = append(out.Unmapped, u)
	}
	c.JSON(http.StatusOK, out)
}

// mappingRequest maps one label.
type mappingRequest struct {
	Label          *string `json:"label"`
	RequirementKey *string `json:"requirementKey"`
	PacketGroup    *string `json:"packetGroup"`
}

// putMapping maps a label of an integration to a catalog requirement for
// the account. The jobs that list the label sync again at once, so every
// row waiting on it (AWAITING_CONFIG) moves on by itself.
func (s *Server) putMapping(c *gin.Context) {
	integ, ok := s.pathIntegration(c)
	if !ok {
		return
	}
	var body mappingRequest
	if err := bindJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	label, ok := requiredText(body.Label)
	if !ok {
		fail(c, invalid("label", "label is required"))
		return
	}
	if utf8.RuneCountInString(label) > 500 {
		fail(c, invalid("label", "label is longer than 500 characters"))
		return
	}
	key, ok := requiredText(body.RequirementKey)
	if !ok {
		fail(c, invalid("requirementKey", "requirementKey is required"))
		return
	}
	if _, known := s.cat.Requirement(key); !known {
		fail(c, derrors.Newf(derrors.UnknownRequirement, "unknown requirement %q", key).WithDetails(map[string]string{"field": "requirementKey"}))
		return
	}
	if e, found := integ.Mapping.Lookup(label); found && !e.Learned && e.Key != key {
		fail(c, derrors.Newf(derrors.Conflict, "the integration's configuration maps %q to %s; change it there", label, e.Key).
			WithDetails(map[string]string{"field": "label"}))
		return
	}
	ctx, account := c.Request.Context(), accountOf(c)
	jobs, err := s.store.SaveLabelMapping(ctx, store.LabelMapping{AccountID: account, VMSType: integ.VMSType,
		NormalizedLabel: mapping.Normalize(label), Label: label, RequirementKey: key, PacketGroup: trimmedPtr(body.PacketGroup)})
	if err != nil {
		fail(c, err)
		return
	}
	for _, id := range jobs {
		s.startJobSync(ctx, account, id)
	}
	c.JSON(http.StatusOK, gin.H{"vmsType": integ.VMSType, "label": label, "requirementKey": key, "jobsSyncing": len(jobs)})
}

func (s *Server) pathIntegration(c *gin.Context) (*integrations.Integration, bool) {
	vmsType := c.Param("vmsType")
	integ, ok := s.integration(vmsType)
	if !ok {
		fail(c, derrors.Newf(derrors.NotFound, "no integration %q is configured", vmsType))
		return nil, false
	}
	return integ, true
}

// matrixRequest is a requirement matrix.
type matrixRequest struct {
	VMSType      *string           `json:"vmsType"`
	Mode         *string           `json:"mode"`
	Requirements []json.RawMessage `json:"requirements"`
}

type matrixItemRequest struct {
	Label          *string `json:"label"`
	RequirementKey *string `json:"requirementKey"`
	PacketGroup    *string `json:"packetGroup"`
	Notes          *string `json:"notes"`
}

type matrixJSON struct {
	ID           string              `json:"id"`
	Scope        string              `json:"scope"`
	ScopeKey     string              `json:"scopeKey"`
	VMSType      *string             `json:"vmsType"`
	Mode         string              `json:"mode"`
	Requirements []requirements.Item `json:"requirements"`
	CreatedAt    time.Time           `json:"createdAt"`
	UpdatedAt    time.Time           `json:"updatedAt"`
}

// putMatrix sets the requirement matrix of a facility, a client or a job
// (scope), for one integration or all: `add` to what the job's sources
// list, or `replace` them. The jobs it applies to sync again.
func (s *Server) putMatrix(c *gin.Context) {
	scope := c.Param("scope")
	if scope != "facility" && scope != "client" && scope != "job" {
		fail(c, derrors.Newf(derrors.NotFound, "no matrix scope %q: facility, client or job", scope))
		return
	}
	scopeKey := strings.TrimSpace(c.Param("key"))
	if scopeKey == "" {
		fail(c, invalid("key", "the matrix's %s is blank: name the %s it applies to", scope, scope))
		return
	}
	var body matrixRequest
	if err := bindJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	m := &store.Matrix{AccountID: accountOf(c), Scope: scope, ScopeKey: scopeKey, Mode: "add"}
	if body.VMSType != nil && strings.TrimSpace(*body.VMSType) != "" {
		if _, ok := s.integration(strings.TrimSpace(*body.VMSType)); !ok {
			fail(c, invalid("vmsType", "vmsType %q is not configured", *body.VMSType))
			return
		}
		m.VMSType = strings.TrimSpace(*body.VMSType)
	}
	if body.Mode != nil {
		switch strings.ToLower(strings.TrimSpace(*body.Mode)) {
		case "add":
		case "replace":
			m.Mode = "replace"
		default:
			fail(c, invalid("mode", "mode must be add or replace"))
			return
		}
	}
	if len(body.Requirements) == 0 {
		fail(c, invalid("requirements", "requirements must list at least one requirement"))
		return
	}
	items := make([]requirements.Item, 0, len(body.Requirements))
	for i, raw := range body.Requirements {
		var it matrixItemRequest
		if err := decodeJSON(strings.NewReader(string(raw)), &it); err != nil {
			de, _ := derrors.As(err)
			fail(c, derrors.Newf(derrors.InvalidRequest, "requirements[%d]: %s", i, de.Message))
			return
		}
		item := requirements.Item{Label: strings.TrimSpace(deref(it.Label)), Key: strings.TrimSpace(deref(it.RequirementKey)),
			PacketGroup: strings.TrimSpace(deref(it.PacketGroup)), Notes: strings.TrimSpace(deref(it.Notes))}
		if item.Label == "" && item.Key == "" {
			fail(c, invalid("requirements", "requirements[%d] needs a label or a requirementKey", i))
			return
		}
		if item.Key != "" {
			if _, ok := s.cat.Requirement(item.Key); !ok {
				fail(c, derrors.Newf(derrors.UnknownRequirement, "requirements[%d]: unknown requirement %q", i, item.Key))
				return
			}
		}
		items = append(items, item)
	}
	var err error
	if m.Items, err = store.ToJSON(items); err != nil {
		fail(c, err)
		return
	}
	ctx := c.Request.Context()
	created, jobs, err := s.store.SaveMatrix(ctx, m)
	if err != nil {
		fail(c, err)
		return
	}
	for _, id := range jobs {
		s.startJobSync(ctx, m.AccountID, id)
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, matrixView(*m))
}

// listMatrices returns the account's matrices.
func (s *Server) listMatrices(c *gin.Context) {
	ms, err := s.store.Matrices(c.Request.Context(), accountOf(c))
	if err != nil {
		fail(c, err)
		return
	}
	out := make([]matrixJSON, len(ms))
	for i, m := range ms {
		out[i] = matrixView(m)
	}
	c.JSON(http.StatusOK, out)
}

// deleteMatrix removes a matrix; the jobs it applied to sync again.
func (s *Server) deleteMatrix(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	ctx, account := c.Request.Context(), accountOf(c)
	jobs, err := s.store.DeleteMatrix(ctx, account, id)
	if err != nil {
		fail(c, err)
		return
	}
	for _, job := range jobs {
		s.startJobSync(ctx, account, job)
	}
	c.Status(http.StatusNoContent)
}

func matrixView(m store.Matrix) matrixJSON {
	v := matrixJSON{ID: m.ID.String(), Scope: m.Scope, ScopeKey: m.ScopeKey, Mode: m.Mode, Requirements: []requirements.Item{}, CreatedAt: m.CreatedAt, UpdatedAt: m.UpdatedAt}
	if m.VMSType != "" {
		t := m.VMSType
		v.VMSType = &t
	}
	// Items are written by SaveMatrix from validated requests; a row that
	// does not read is shown empty rather than failing the listing.
	_ = json.Unmarshal(m.Items, &v.Requirements)
	return v
}
