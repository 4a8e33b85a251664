package lifecycle

// Requirement is a placement's requirement row. A row is ingested PENDING,
// or AWAITING_CONFIG while nobody has mapped its label; it is IN_PROGRESS
// once its work starts (a document slot opened, a search or a statement
// started); the evidence then fulfils or rejects it. A fulfilled row can
// lapse (EXPIRED) or lose its evidence (INVALIDATED: deleted, or found
// fraudulent), and new evidence can fulfil it again. A person can skip any
// row, and bring a skipped one back.
var Requirement = Machine{
	Name:    "requirement",
	Initial: "PENDING",
	Next: map[string][]string{
		"AWAITING_CONFIG": {"PENDING", "IN_PROGRESS", "SKIPPED"},
		"PENDING":         {"AWAITING_CONFIG", "IN_PROGRESS", "FULFILLED", "REJECTED", "SKIPPED"},
		"IN_PROGRESS":     {"AWAITING_CONFIG", "FULFILLED", "REJECTED", "SKIPPED"},
		"FULFILLED":       {"AWAITING_CONFIG", "IN_PROGRESS", "EXPIRED", "INVALIDATED", "SKIPPED"},
		"REJECTED":        {"AWAITING_CONFIG", "IN_PROGRESS", "FULFILLED", "SKIPPED"},
		"INVALIDATED":     {"AWAITING_CONFIG", "IN_PROGRESS", "FULFILLED", "REJECTED", "SKIPPED"},
		"EXPIRED":         {"AWAITING_CONFIG", "IN_PROGRESS", "FULFILLED", "REJECTED", "SKIPPED"},
		"SKIPPED":         {"PENDING", "AWAITING_CONFIG", "IN_PROGRESS"},
	},
}

// Packet is a placement's packet (its rows of one packet group): READY when
// every row that is not SKIPPED is FULFILLED, else INCOMPLETE. A READY
// packet is UPLOADING while it is compiled and sent to its VMS, then
// UPLOADED or FAILED (a FAILED one can be sent again). Rows that change
// after an upload send the packet back to INCOMPLETE or READY, for a new
// upload; an upload that cannot begin leaves it READY.
var Packet = Machine{
	Name:    "packet",
	Initial: "INCOMPLETE",
	Next: map[string][]string{
		"INCOMPLETE": {"READY"},
		"READY":      {"INCOMPLETE", "UPLOADING"},
		"UPLOADING":  {"UPLOADED", "FAILED", "READY"},
		"UPLOADED":   {"INCOMPLETE", "READY"},
		"FAILED":     {"READY", "INCOMPLETE", "UPLOADING"},
	},
}

// Placement is a candidate's placement on a job.
var Placement = Machine{
	Name:    "placement",
	Initial: "ACTIVE",
	Next: map[string][]string{
		"ACTIVE":    {"COMPLETED", "CANCELLED"},
		"COMPLETED": {"ACTIVE"},
		"CANCELLED": {"ACTIVE"},
	},
}

// Job is a job as its VMS (or the caller) reports it; every status may
// follow every other, since the VMS decides.
var Job = Machine{
	Name:    "job",
	Initial: "ACTIVE",
	Next: map[string][]string{
		"ACTIVE":      {"FILLED", "CLOSED", "UNAVAILABLE"},
		"FILLED":      {"ACTIVE", "CLOSED", "UNAVAILABLE"},
		"CLOSED":      {"ACTIVE", "FILLED", "UNAVAILABLE"},
		"UNAVAILABLE": {"ACTIVE", "FILLED", "CLOSED"},
	},
}
