package activities

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/namematch"
	"github.com/clearedtostart/compliance/statements"
	"github.com/clearedtostart/compliance/store"
)

type statementStore interface {
	CandidateDetails(ctx context.Context, accountID, externalID string) (store.CandidateDetails, error)
	RowDocuments(ctx context.Context, accountID string, rows []store.PlacementRequirement) (map[uuid.UUID]store.RowDocument, error)
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
