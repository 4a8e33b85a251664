package vms

import "time"

// The JSON of the sandbox VMS's API, kept apart from the sandbox's own
// types so that a drift between them shows in the connector's tests.

type wireError struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

type wireJob struct {
	RequisitionID string `json:"requisitionId"`
	Title         string `json:"title"`
	Facility      struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"facility"`
	Worksite struct {
		City       string `json:"city"`
		State      string `json:"state"`
		PostalCode string `json:"postalCode"`
	} `json:"worksite"`
	Department       string    `json:"department"`
	Role             string    `json:"role"`
	Status           string    `json:"status"`
	PortalOnly       bool      `json:"portalOnly"`
	ChecklistVersion *int      `json:"checklistVersion"`
	UpdatedAt        time.Time `json:"updatedAt"`
}

type wireItem struct {
	ID          string `json:"id"`
	Label       string `json:"label"`
	PacketGroup string `json:"packetGroup"`
	Notes       string `json:"notes"`
	Required    *bool  `json:"required"`
}

type wireChecklist struct {
	RequisitionID    string     `json:"requisitionId"`
	PlacementID      string     `json:"placementId"`
	ChecklistVersion int        `json:"checklistVersion"`
	TotalCount       *int       `json:"totalCount"`
	Items            []wireItem `json:"items"`
	NextCursor       *string    `json:"nextCursor"`
}

type wireReceipt struct {
	ID          string    `json:"id"`
	PlacementID string    `json:"placementId"`
	Size        int64     `json:"size"`
	SHA256      string    `json:"sha256"`
	ReceivedAt  time.Time `json:"receivedAt"`
}
