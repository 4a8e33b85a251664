package httpapi

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/statements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type statementStore interface {
	CreateStatement(ctx context.Context, in store.StatementInput, workflowID func(uuid.UUID) string) (*store.Statement, error)
	Statement(ctx context.Context, accountID string, id uuid.UUID) (*store.Statement, error)
}

// StatementTemplates lists the statement templates the workers render.
type StatementTemplates interface {
	Templates() []statements.Template
}

// statementRequest is POST /statement's body.
type statementRequest struct {
	Template       *string `json:"template"`
	ExternalUserID *string `json:"externalUserId"`
	Context        *struct {
		PartnerID   *string `json:"partnerId"`
		CandidateID *string `json:"candidateId"`
	} `json:"context"`
}

// statementJSON is a Statement.
type statementJSON struct {
	ID             uuid.UUID            `json:"id"`
	Status         string               `json:"status"`
	Reason         *string              `json:"reason"`
	Template       string               `json:"template"`
	ExternalUserID string               `json:"externalUserId"`
	Context        statementContextJSON `json:"context"`
	PlacementID    *uuid.UUID           `json:"placementId"`
	RequirementID  *uuid.UUID           `json:"requirementId,omitempty"`
	File           *statementFileJSON   `json:"file"`
	CreatedAt      time.Time            `json:"createdAt"`
	UpdatedAt      time.Time            `json:"updatedAt"`
}

type statementContextJSON struct {
	PartnerID   *string `json:"partnerId"`
	CandidateID *string `json:"candidateId"`
}

type statementFileJSON struct {
	ID           uuid.UUID `json:"id"`
	URL          string    `json:"url"`
	MimeType     string    `json:"mimeType"`
	OriginalName *string   `json:"originalName"`
}

// templateKeys are the keys of the templates the service renders.
func (s *Server) templateKeys() []string {
	if s.statements == nil {
		return nil
	}
	var keys []string
	for _, t := range s.statements.Templates() {
		keys = append(keys, t.Key)
	}
	return keys
}

// createStatement stores a PENDING statement and starts its rendering.
// context.partnerId names the placement it is about (its id, else its ATS
// or VMS placement reference); context.candidateId the candidate (default
// externalUserId). Ids that name nothing are no error: the statement
// shows blanks where their data would be.
func (s *Server) createStatement(c *gin.Context) {
	ctx, account := c.Request.Context(), accountOf(c)
	var body statementRequest
	if err := bindJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	keys := s.templateKeys()
	tmpl, ok := requiredText(body.Template)
	if !ok {
		fail(c, invalid("template", "template is required (one of: %s)", strings.Join(keys, ", ")))
		return
	}
	if utf8.RuneCountInString(tmpl) > 100 || !slices.Contains(keys, tmpl) {
		fail(c, derrors.Newf(derrors.InvalidRequest, "template %q is not a statement template (known: %s)", tmpl, strings.Join(keys, ", ")).
			WithDetails(map[string]string{"field": "template"}))
		return
	}
	in := store.StatementInput{AccountID: account, Template: tmpl}
	if in.ExternalUserID, ok = requiredText(body.ExternalUserID); !ok {
		fail(c, invalid("externalUserId", "externalUserId is required"))
		return
	}
	if body.Context != nil {
		in.PartnerID, in.CandidateID = strings.TrimSpace(deref(body.Context.PartnerID)), strings.TrimSpace(deref(body.Context.CandidateID))
	}
	for field, v := range map[string]string{"externalUserId": in.ExternalUserID, "context.partnerId": in.PartnerID, "context.candidateId": in.CandidateID} {
		if utf8.RuneCountInString(v) > 500 {
			fail(c, invalid(field, "%s is longer than 500 characters", field))
			return
		}
	}
	if in.CandidateID == "" {
		in.CandidateID = in.ExternalUserID
	}
	st, err := s.store.CreateStatement(ctx, in, func(id uuid.UUID) string { return workflows.StatementWorkflowID(id.String()) })
	if err != nil {
		fail(c, err)
		return
	}
	s.logger(c).Info("statement created", "statement_id", st.ID, "template", st.Template, "placement_id", st.PlacementID)
	c.Header("Location", "/statement/"+st.ID.String())
	c.JSON(http.StatusCreated, s.statementView(ctx, st))
	s.startStatement(ctx, st)
}

// startStatement starts a statement's workflow (the resumer starts it
// when this does not go through).
func (s *Server) startStatement(ctx context.Context, st *store.Statement) {
	attrs := []temporal.SearchAttributeUpdate{temporal.NewSearchAttributeKeyKeyword(workflows.SAAccountID).ValueSet(st.AccountID)}
	if st.PlacementID != nil {
		attrs = append(attrs, temporal.NewSearchAttributeKeyKeyword(workflows.SAPlacementID).ValueSet(st.PlacementID.String()))
	}
	s.start(ctx, store.KindStatement, st.ID, st.WorkflowID, workflows.StatementWorkflow,
		workflows.StatementInput{AccountID: st.AccountID, StatementID: st.ID.String()}, temporal.NewSearchAttributes(attrs...))
}

// StartStalledStatement starts a statement whose start never reached
// Temporal (the resumer calls it).
func (s *Server) StartStalledStatement(ctx context.Context, st store.Statement) {
	s.startStatement(ctx, &st)
}

// getStatement returns a statement, with its file once READY.
func (s *Server) getStatement(c *gin.Context) {
	getOne(c, s.store.Statement, func(ctx context.Context, st *store.Statement) any { return s.statementView(ctx, st) })
}

// listStatementTemplates lists the templates POST /statement takes.
func (s *Server) listStatementTemplates(c *gin.Context) {
	out := []statements.Template{}
	if s.statements != nil {
		out = append(out, s.statements.Templates()...)
	}
	for i := range out {
		if out[i].Reads == nil {
			out[i].Reads = []string{}
		}
	}
	c.JSON(http.StatusOK, gin.H{"templates": out})
}

func (s *Server) statementView(ctx context.Context, st *store.Statement) statementJSON {
	v := statementJSON{ID: st.ID, Status: st.Status, Template: st.Template, ExternalUserID: st.ExternalUserID,
		Context:     statementContextJSON{PartnerID: nonEmpty(st.PartnerID), CandidateID: nonEmpty(st.CandidateID)},
		PlacementID: st.PlacementID, RequirementID: st.PlacementRequirementID, CreatedAt: st.CreatedAt, UpdatedAt: st.UpdatedAt}
	if st.Status == store.StatementFailed {
		v.Reason = &st.Reason
	}
	if st.Status == store.StatementReady && st.File != nil {
		v.File = &statementFileJSON{ID: st.File.ID, URL: s.signedURL(ctx, st.File.BlobKey), MimeType: st.File.MimeType, OriginalName: st.File.Name}
	}
	return v
}

// nonEmpty is nil for "" (a field not sent).
func nonEmpty(v string) *string {
	if v == "" {
		return nil
	}
	return &v
}
