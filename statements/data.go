package statements

import (
	"strings"
	"time"
)

// Data is everything a statement template can read. Every field may be
// empty: a missing value renders as a visible blank, never as an error,
// because a statement with a gap a human can see is better than none.
type Data struct {
	Candidate    Candidate
	Job          Job
	Placement    Placement
	PacketGroup  string
	Requirements []Requirement
	// GeneratedAt is the date printed as the statement's date. It is an
	// input, not the clock, so the same data always renders the same bytes.
	GeneratedAt time.Time
	PartnerID   string
	CandidateID string
	// InPacket is set when the statement is the first page of a compiled
	// packet, whose compiler numbers every page: the template then leaves
	// its own page numbers out, so the cover does not say "Page 1 of 1"
	// beside the packet's "Page 1 of 40".
	InPacket bool
}

// Candidate is the person the statement is about.
type Candidate struct {
	FirstName   string
	MiddleName  string
	LastName    string
	DateOfBirth time.Time
	Email       string
	Phone       string
	ExternalID  string
}

// FullName joins the names that are present ("" when none is).
func (c Candidate) FullName() string {
	var parts []string
	for _, p := range []string{c.FirstName, c.MiddleName, c.LastName} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " ")
}

// Job is the position the candidate is placed on.
type Job struct {
	Ref        string
	Title      string
	Facility   string
	Location   string
	Department string
	VMSType    string
}

// Placement binds the candidate to the job.
type Placement struct {
	ID          string
	ExternalRef string
	StartDate   time.Time
	EndDate     time.Time
	Status      string
}

// Requirement is one row of the packet.
type Requirement struct {
	Label       string
	Key         string
	Status      string
	FulfilledBy Document
	ExpiresAt   time.Time
}

// Fulfilled reports whether the row's status is FULFILLED; templates mark
// every other row for a reviewer's attention.
func (r Requirement) Fulfilled() bool { return r.Status == "FULFILLED" }

// Document is the file that fulfils a requirement.
type Document struct {
	Type     string
	FileName string
	ID       string
}
