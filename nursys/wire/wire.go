// Package wire is the JSON of the Nursys-style license lookup (described in
// package nursys's documentation): the one definition that the connector
// reads and the sandbox writes. Member names are spelled as Nursys
// e-Notify spells them (PascalCase, "NcsbnId", "TransactionId"); dates are
// text, read leniently by the connector ("2027-04-30T00:00:00",
// "2027-04-30", "04/30/2027").
package wire

// LookupPath is the Nurse Lookup endpoint under the API base: POST submits
// a batch, GET ?transactionId= retrieves its results.
const LookupPath = "/nurselookup"

// Credential headers: e-Notify takes the institution's API user and
// password in headers of these names on every call.
const (
	HeaderUsername = "username"
	HeaderPassword = "password"
)

// LookupSubmit is the body of POST /nurselookup.
type LookupSubmit struct {
	NurseLookupRequests []LookupRequest `json:"NurseLookupRequests"`
}

// LookupRequest asks for one license. Valid combinations: jurisdiction,
// license type and license number; or an NCSBN ID with or without the
// others.
type LookupRequest struct {
	JurisdictionAbbreviation string `json:"JurisdictionAbbreviation,omitempty"`
	LicenseNumber            string `json:"LicenseNumber,omitempty"`
	LicenseType              string `json:"LicenseType,omitempty"`
	NcsbnID                  string `json:"NcsbnId,omitempty"`
	// RecordID is the caller's own id of the request, echoed in the
	// result.
	RecordID string `json:"RecordId,omitempty"`
}

// SubmitResponse answers POST /nurselookup.
type SubmitResponse struct {
	Transaction Transaction `json:"Transaction"`
}

// Transaction is the processing record of one call.
type Transaction struct {
	TransactionID          string             `json:"TransactionId"`
	TransactionDate        string             `json:"TransactionDate"`
	TransactionComment     string             `json:"TransactionComment,omitempty"`
	TransactionSuccessFlag bool               `json:"TransactionSuccessFlag"`
	TransactionErrors      []TransactionError `json:"TransactionErrors"`
}

// TransactionError is a processing or validation error.
type TransactionError struct {
	ErrorID      int64  `json:"ErrorID"`
	ErrorMessage string `json:"ErrorMessage"`
}

// RetrieveResponse answers GET /nurselookup?transactionId=.
type RetrieveResponse struct {
	// ProcessingCompleteFlag is false while the batch is still being
	// looked up: ask again.
	ProcessingCompleteFlag bool             `json:"ProcessingCompleteFlag"`
	Transaction            Transaction      `json:"Transaction"`
	NurseLookupResponses   []LookupResponse `json:"NurseLookupResponses"`
}

// LookupResponse is the result of one LookupRequest.
type LookupResponse struct {
	// SuccessFlag is false when the license was not found.
	SuccessFlag         bool               `json:"SuccessFlag"`
	Errors              []TransactionError `json:"Errors,omitempty"`
	NurseLookupRequest  LookupRequest      `json:"NurseLookupRequest"`
	FirstName           string             `json:"FirstName,omitempty"`
	LastName            string             `json:"LastName,omitempty"`
	NcsbnID             string             `json:"NcsbnId,omitempty"`
	Messages            []string           `json:"Messages,omitempty"`
	NurseLookupLicenses []License          `json:"NurseLookupLicenses,omitempty"`
}

// License is one license of the nurse found.
type License struct {
	FirstName  string `json:"FirstName"`
	MiddleName string `json:"MiddleName,omitempty"`
	LastName   string `json:"LastName"`
	// LicenseType is RN, PN (practical/vocational) or an APRN role: CNP,
	// CNS, CNM, CRNA.
	LicenseType              string `json:"LicenseType"`
	JurisdictionAbbreviation string `json:"JurisdictionAbbreviation"`
	Jurisdiction             string `json:"Jurisdiction"`
	LicenseNumber            string `json:"LicenseNumber"`
	// Active is "Yes" or "No".
	Active string `json:"Active"`
	// LicenseStatus is the board's own wording ("Active", "Inactive",
	// "Expired", "Lapsed", "Suspended", "Revoked", "Probation", ...).
	LicenseStatus          string       `json:"LicenseStatus"`
	LicenseOriginalDate    string       `json:"LicenseOriginalDate,omitempty"`
	LicenseExpirationDate  string       `json:"LicenseExpirationDate,omitempty"`
	CompactStatus          string       `json:"CompactStatus,omitempty"`
	Messages               []string     `json:"Messages,omitempty"`
	NurseLookupDisciplines []Discipline `json:"NurseLookupDisciplines,omitempty"`
}

// Discipline is a discipline or final order on the license.
type Discipline struct {
	JurisdictionAbbreviation       string   `json:"JurisdictionAbbreviation"`
	Jurisdiction                   string   `json:"Jurisdiction"`
	DateActionWasTaken             string   `json:"DateActionWasTaken"`
	AgainstPrivilegeToPracticeFlag bool     `json:"AgainstPrivilegeToPracticeFlag"`
	NurseLookupInitialActions      []Action `json:"NurseLookupInitialActions,omitempty"`
}

// Action is one action of a discipline (NPDB codes).
type Action struct {
	ActionDate        string `json:"ActionDate"`
	ActionCode        string `json:"ActionCode"`
	ActionDescription string `json:"ActionDescription"`
	ActionStayedFlag  bool   `json:"ActionStayedFlag"`
	StartDate         string `json:"StartDate,omitempty"`
	// EndDate is empty for an action without end (indefinite).
	EndDate  string `json:"EndDate,omitempty"`
	Duration string `json:"Duration,omitempty"`
}
