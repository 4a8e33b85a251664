package vms

import (
	"context"
	"io"
	"time"
)

// Job statuses, as the service names them.
const (
	StatusActive      = "ACTIVE"
	StatusFilled      = "FILLED"
	StatusClosed      = "CLOSED"
	StatusUnavailable = "UNAVAILABLE"
)

// Job is a job as its VMS describes it.
type Job struct {
	Ref                                         string
	Title, Facility, Location, Department, Role string
	Status                                      string // ACTIVE, FILLED, CLOSED, UNAVAILABLE
	// Portal is true when the VMS offers this job's requirements only as
	// portal pages.
	Portal bool
	// ChecklistVersion is the VMS's version of the job's checklist, ""
	// when it does not say: a changed version means a changed template.
	ChecklistVersion string
}

// SourceRequirement is one requirement as a source lists it (VMS, email,
// matrix).
type SourceRequirement struct {
	Label       string // as the facility writes it
	PacketGroup string // the source's grouping ("Credentials", "Health"), "" when none
	Notes       string
	Ref         string // the source's id of the item, "" when none
	// Optional is true only when the source marks the item as not
	// required; a source that does not say leaves it false.
	Optional bool
}

// Connector reads one VMS. Errors: ErrNotFound (unknown ref: not
// retried), ErrUnavailable (timeouts, 5xx, maintenance pages: retried),
// ErrAuth (login refused: configuration, not retried), ErrRejected,
// ErrConflict and ErrMalformed (not retried), each with a reason for
// people (Reason). A cancelled context is returned as itself.
type Connector interface {
	Job(ctx context.Context, jobRef string) (Job, error)
	JobRequirements(ctx context.Context, jobRef string) ([]SourceRequirement, error)
	PlacementRequirements(ctx context.Context, placementRef string) ([]SourceRequirement, error)
	// UploadPacket sends a compiled packet PDF exactly once per
	// IdempotencyKey: a repeat with the same key and bytes returns the
	// first receipt with Duplicate set and the VMS stores nothing new.
	UploadPacket(ctx context.Context, up Upload) (Receipt, error)
}

// Upload is one compiled packet to send.
type Upload struct {
	PlacementRef, PacketGroup, IdempotencyKey, FileName string
	PDF                                                 io.Reader
	// Size is the PDF's length when known (0: unknown); a PDF that reads
	// to another length is refused unsent.
	Size int64
}

// Receipt is the VMS's acknowledgement of an upload.
type Receipt struct {
	ID         string    // the VMS's id of the received packet
	ReceivedAt time.Time // when the VMS first received it
	Duplicate  bool      // the VMS had this idempotency key already and returned the first receipt
}
