// Package vms reads jobs and their requirement checklists from vendor
// management systems (Fieldglass, Beeline, ShiftWise…) and uploads
// compiled packets to them: the Connector interface, its error classes,
// and SandboxConnector, the connector of the sandbox VMS that package
// vms/sandbox serves (its documentation is the interface's reference).
//
//	c, err := vms.NewSandbox(vms.SandboxConfig{BaseURL: srv.URL(), // a sandbox.Server
//		Username: sandbox.DefaultUsername, Password: sandbox.DefaultPassword})
//	job, err := c.Job(ctx, "ICU-2231")
//	reqs, err := c.JobRequirements(ctx, "ICU-2231")          // []SourceRequirement, labels as written
//	reqs, err = c.PlacementRequirements(ctx, "P-ICU-2231-1")
//	rc, err := c.UploadPacket(ctx, vms.Upload{PlacementRef: "P-ICU-2231-1", PacketGroup: "Health",
//		IdempotencyKey: packetID, FileName: "health.pdf", PDF: f, Size: n})
//
// # How the sandbox connector reads
//
// The JSON API first, with an OAuth 2.0 client-credentials token
// (golang.org/x/oauth2, HTTP Basic client authentication) kept until it
// expires. A checklist is read page by page (SandboxConfig.PageSize, 100);
// pages of two checklist versions are never stitched together (the VMS
// refuses a stale cursor, and the connector compares versions), and a
// checklist that is not as long as the VMS announced is refused.
//
// When the API answers 404 portal_only (a job kept only in the portal, or
// a job whose checklists are only there), the connector signs in to the
// portal with its form (hidden fields such as the form's token kept, the
// password sent only to the VMS's own origin), keeps the session cookie in
// its own jar, and scrapes the page with goquery: the requisition header
// (title, status pill, facts), one table per packet group, or the
// placement's fieldsets. A redirect to the sign-in form means the session
// ended: the connector signs in again, once per call; concurrent calls
// share one sign-in. A page that lacks what the connector reads, or
// announces more items than were read, is ErrMalformed, never a short
// checklist; a maintenance page is ErrUnavailable.
//
// # Errors
//
// Every failure is an *Error with a Class (errors.Is(err,
// vms.ErrNotFound)), a Reason for people ("the VMS answered 503 for job
// FAIL-1: The requisition service is temporarily unavailable. Please try
// again later."), the HTTP Status and a RetryAfter hint. Only
// ErrUnavailable is retryable (Retryable): unreachable, timeouts, 5xx and
// 429, a web page where JSON was due, a checklist that changed while it
// was read. ErrNotFound (unknown job or placement), ErrAuth (credentials
// or access refused), ErrRejected (the request, or a packet refused before
// sending), ErrConflict (another packet under the same idempotency key)
// and ErrMalformed (an answer the connector cannot read) are for people. A
// cancelled context is returned as itself.
//
// # Decisions
//
//   - No retries here: the caller's retry policy (Temporal's) decides.
//     What the connector does repeat inside one call is authentication:
//     a token the VMS refuses (401) is renewed and the request sent once
//     more; a portal session that ended is signed in again once. net/http
//     itself may resend a request whose reused connection broke before any
//     answer (GETs, and uploads, which carry an Idempotency-Key).
//   - UploadPacket reads the packet whole (at most 20 MB, the VMS's
//     limit) before sending, so that it can be sent again after a token
//     renewal and checked: a PDF that reads to another length than
//     Upload.Size, or is not a PDF, is refused unsent; a receipt naming
//     other bytes (sha256, size) is ErrMalformed. The VMS answers a repeat
//     of the same key and bytes with the first receipt (Receipt.Duplicate),
//     so a retry after a lost answer stores nothing new.
//   - Statuses are mapped from the VMS's words (ACTIVE/Open, FILLED,
//     CLOSED/Cancelled, UNAVAILABLE/On Hold); a word the connector does
//     not know is ErrMalformed rather than a guess.
//   - SourceRequirement.Optional is set only when the VMS marks an item as
//     not required; Job.ChecklistVersion carries the VMS's version of the
//     checklist, so that a re-sync can tell a changed template.
package vms
