package activities

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/catalog"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/namematch"
	"github.com/clearedtostart/compliance/statements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type statementStore interface {
	CandidateDetails(ctx context.Context, accountID, externalID string) (store.CandidateDetails, error)
	RowDocuments(ctx context.Context, accountID string, rows []store.PlacementRequirement) (map[uuid.UUID]store.RowDocument, error)
	Statement(ctx context.Context, accountID string, id uuid.UUID) (*store.Statement, error)
	FinishStatement(ctx context.Context, accountID string, id uuid.UUID, f *store.File) (*store.Statement, error)
	FailStatement(ctx context.Context, accountID string, id uuid.UUID, reason string) (*store.Statement, error)
	EnsureRowStatements(ctx context.Context, accountID string, placementID uuid.UUID, templateOf func(string) string, workflowID func(uuid.UUID) string) ([]store.Statement, error)
}

// StatementBlobKey is where a statement's PDF is stored.
func StatementBlobKey(accountID, statementID string) string {
	return "statements/" + accountID + "/" + statementID + ".pdf"
}

// RenderStatement renders a statement from its template and the data its
// placement and candidate have now, stores the PDF with a file row and
// marks the statement READY (fulfilling the STATEMENT row it was made
// for). The date it shows is the statement's creation, so a retry renders
// the same bytes. A template no longer listed fails the statement
// ("template removed"); a renderer failure is retried, then fails it with
// the renderer's reason.
func (a *Activities) RenderStatement(ctx context.Context, in workflows.StatementInput) (workflows.RenderStatementResult, error) {
	id, st, err := lookup(ctx, a.store.Statement, in.AccountID, "statement_id", in.StatementID)
	if err != nil {
		return workflows.RenderStatementResult{}, err
	}
	switch st.Status {
	case store.StatementReady:
		return workflows.RenderStatementResult{FileID: st.FileID.String()}, nil
	case store.StatementFailed:
		return workflows.RenderStatementResult{}, temporal.NewNonRetryableApplicationError(st.Reason, workflows.ErrBadStatement, nil)
	}
	if a.statements == nil {
		return workflows.RenderStatementResult{}, temporal.NewNonRetryableApplicationError(
			"statements are not configured on this worker", workflows.ErrBadStatement, nil)
	}
	din := StatementDataInput{AccountID: in.AccountID, PlacementID: st.PlacementID, CandidateID: st.CandidateID, GeneratedAt: st.CreatedAt}
	if st.PlacementID != nil && st.PlacementRequirementID != nil {
		// A row's cover sheet lists the rows of the row's packet.
		row, err := a.store.PlacementRow(ctx, in.AccountID, *st.PlacementID, *st.PlacementRequirementID)
		switch {
		case err == nil:
			din.PacketGroup = row.PacketGroup
		case !derrors.Is(err, derrors.NotFound):
			return workflows.RenderStatementResult{}, classify(err)
		}
	}
	data, err := a.statementData(ctx, din)
	if err != nil {
		return workflows.RenderStatementResult{}, err
	}
	pdf, err := a.statements.Render(ctx, st.Template, data)
	if err != nil {
		return workflows.RenderStatementResult{}, renderError(err)
	}
	key := StatementBlobKey(in.AccountID, in.StatementID)
	if err := a.blobs.PutBytes(ctx, key, pdf, "application/pdf"); err != nil {
		return workflows.RenderStatementResult{}, err
	}
	sum := sha256.Sum256(pdf)
	name := st.Template + ".pdf"
	f := &store.File{ID: uuid.New(), AccountID: in.AccountID, BlobKey: key, Name: &name, MimeType: "application/pdf",
		SizeBytes: int64(len(pdf)), SHA256: hex.EncodeToString(sum[:]), CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}
	done, err := a.store.FinishStatement(ctx, in.AccountID, id, f)
	if err != nil {
		return workflows.RenderStatementResult{}, classify(err)
	}
	a.log.Info("statement rendered", "statement_id", in.StatementID, "template", st.Template, "bytes", len(pdf))
	return workflows.RenderStatementResult{FileID: done.FileID.String()}, nil
}

// renderError is what the workflow does with a renderer's failure: a
// template no longer listed is final; the renderer's own failure is
// retried with its reason as the message (the statement's reason once
// the retries are spent).
func renderError(err error) error {
	if errors.Is(err, statements.ErrUnknownTemplate) {
		return temporal.NewNonRetryableApplicationError("template removed", workflows.ErrBadStatement, err)
	}
	var re *statements.RenderError
	if errors.As(err, &re) {
		return temporal.NewApplicationErrorWithCause(re.Reason, "RenderFailed", err)
	}
	return err
}

// FailStatement records why a statement could not be rendered.
func (a *Activities) FailStatement(ctx context.Context, in workflows.FailStatementInput) error {
	id, err := parseID("statement_id", in.StatementID)
	if err != nil {
		return err
	}
	if _, err := a.store.FailStatement(ctx, in.AccountID, id, in.Reason); err != nil {
		return classify(err)
	}
	return nil
}

// EnsureRowStatements creates the statements the placement's STATEMENT
// rows wait for (the template the catalog names for the row's
// requirement) and lists those whose workflow is to be started.
func (a *Activities) EnsureRowStatements(ctx context.Context, in workflows.PlacementSyncInput) (workflows.RowStatements, error) {
	id, err := parseID("placement_id", in.PlacementID)
	if err != nil {
		return workflows.RowStatements{}, err
	}
	cat := a.engine.Catalog()
	templateOf := func(key string) string {
		if r, ok := cat.Requirement(key); ok && r.Fulfillment == catalog.FulfillStatement {
			return r.Template
		}
		return ""
	}
	sts, err := a.store.EnsureRowStatements(ctx, in.AccountID, id, templateOf, func(id uuid.UUID) string {
		return workflows.StatementWorkflowID(id.String())
	})
	if err != nil {
		return workflows.RowStatements{}, classify(err)
	}
	var out workflows.RowStatements
	for _, st := range sts {
		out.Statements = append(out.Statements, workflows.StatementRef{AccountID: st.AccountID, StatementID: st.ID.String(), PlacementID: id.String()})
	}
	return out, nil
}

// StatementDataInput names what a statement is about: a placement of the
// account (nil: none), the candidate's external id (empty: the
// placement's candidate), the packet group whose rows it lists (empty:
// every row) and the date it shows.
type StatementDataInput struct {
	AccountID   string
	PlacementID *uuid.UUID
	CandidateID string
	PacketGroup string
	GeneratedAt time.Time
}

// statementData gathers a statement's data from the store: the
// placement's candidate (names and date of birth from the candidate's
// newest upload that gave them, else the placement's candidate name), its
// job, dates and rows with the evidence of each. Whatever is unknown is
// left empty (the template shows a blank) rather than failing: a
// statement with a visible gap is for a person to see. A placement that
// is gone is unknown too.
func (a *Activities) statementData(ctx context.Context, in StatementDataInput) (statements.Data, error) {
	d := statements.Data{PacketGroup: in.PacketGroup, GeneratedAt: in.GeneratedAt, CandidateID: in.CandidateID}
	var p *store.Placement
	if in.PlacementID != nil {
		d.PartnerID = in.PlacementID.String()
		got, err := a.store.Placement(ctx, in.AccountID, *in.PlacementID)
		switch {
		case err == nil:
			p = got
		case derrors.Is(err, derrors.NotFound):
		default:
			return d, classify(err)
		}
	}
	if d.CandidateID == "" && p != nil {
		d.CandidateID = p.ExternalID
	}
	details, err := a.store.CandidateDetails(ctx, in.AccountID, d.CandidateID)
	if err != nil {
		return d, classify(err)
	}
	// Without a placement (or with another candidate's), the candidate's
	// own newest placement gives the contact details, not the job.
	contact := p
	if contact == nil || contact.ExternalID != d.CandidateID {
		contact = details.Placement
	}
	d.Candidate = candidateOf(d.CandidateID, details.Context, contact)
	if p == nil {
		return d, nil
	}
	d.Placement = statements.Placement{ID: p.ID.String(), Status: p.Status, ExternalRef: firstOf(p.VMSPlacementRefID, p.ATSPlacementRefID)}
	if p.StartDate != nil {
		d.Placement.StartDate = *p.StartDate
	}
	if j := p.Job; j != nil {
		d.Job = statements.Job{Ref: j.VMSJobRefID, Title: deref(j.Title), Facility: deref(j.Facility), Location: deref(j.Location),
			Department: deref(j.Department), VMSType: j.VMSType}
	}
	var rows []store.PlacementRequirement
	for _, r := range p.Requirements {
		if in.PacketGroup == "" || r.PacketGroup == in.PacketGroup {
			rows = append(rows, r)
		}
	}
	docs, err := a.store.RowDocuments(ctx, in.AccountID, rows)
	if err != nil {
		return d, classify(err)
	}
	for _, r := range rows {
		req := statements.Requirement{Label: r.Label, Key: deref(r.RequirementKey), Status: r.Status}
		if doc, ok := docs[r.ID]; ok {
			req.FulfilledBy = statements.Document{Type: doc.Type, FileName: doc.FileName, ID: doc.ID}
		}
		if r.ExpiresAt != nil {
			req.ExpiresAt = *r.ExpiresAt
		}
		d.Requirements = append(d.Requirements, req)
	}
	return d, nil
}

// candidateOf is the candidate as the upload's context and the placement
// know them. The context's names win (the candidate gave them, split);
// the placement's one name is split when the context has none. A date of
// birth that is not a date is left blank rather than guessed.
func candidateOf(externalID string, c store.IntakeContext, p *store.Placement) statements.Candidate {
	out := statements.Candidate{FirstName: c.FirstName, MiddleName: c.MiddleName, LastName: c.LastName, ExternalID: externalID}
	if dob, err := time.Parse(time.DateOnly, strings.TrimSpace(c.DateOfBirth)); err == nil {
		out.DateOfBirth = dob
	}
	if p == nil {
		return out
	}
	if out.FirstName == "" && out.LastName == "" {
		n := namematch.ParseFull(deref(p.CandidateName))
		out.FirstName, out.MiddleName, out.LastName = n.First, n.Middle, n.Last
	}
	out.Email, out.Phone = deref(p.CandidateEmail), deref(p.CandidatePhone)
	return out
}

func firstOf(ss ...*string) string {
	for _, s := range ss {
		if s != nil && *s != "" {
			return *s
		}
	}
	return ""
}
