// Package wire is the JSON of the AHA eCard verification service
// (described in package ahaecard's documentation): the one definition that
// the connector reads and the sandbox writes.
package wire

// VerifyPath is the verification endpoint under the API base.
const VerifyPath = "/api/ecards/verify"

// HeaderAPIKey carries the API key the service issued to the employer.
const HeaderAPIKey = "x-api-key"

// Results of a verification.
const (
	ResultFound       = "found"
	ResultNotFound    = "not_found"
	ResultInvalidCode = "invalid_code"
)

// VerifyRequest is the body of POST /api/ecards/verify: the eCard code
// and the holder's name, as the employer's verification form takes them.
type VerifyRequest struct {
	ECardCode string `json:"eCardCode"`
	FirstName string `json:"firstName,omitempty"`
	LastName  string `json:"lastName,omitempty"`
}

// VerifyResponse answers a verification: 200 with Result "found" and the
// ECard; 404 with "not_found"; 400 with "invalid_code" for a code that is
// not an eCard code.
type VerifyResponse struct {
	Result  string `json:"result"`
	Message string `json:"message,omitempty"`
	ECard   *ECard `json:"eCard,omitempty"`
}

// ECard is a card as the service records it.
type ECard struct {
	ECardCode string `json:"eCardCode"`
	// Status is "Active" or "Expired" (the card's banner).
	Status    string `json:"status"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Course    Course `json:"course"`
	// IssueDate is YYYY-MM-DD; RecommendedRenewalDate is YYYY-MM, as the
	// card prints it (the card is current through that month's last day).
	IssueDate              string         `json:"issueDate"`
	RecommendedRenewalDate string         `json:"recommendedRenewalDate"`
	TrainingCenter         TrainingCenter `json:"trainingCenter"`
	Instructor             Instructor     `json:"instructor"`
}

// Course is the course the card is for.
type Course struct {
	Code string `json:"code"`
	// Name as the card prints it ("BLS Provider", "ACLS Provider",
	// "Heartsaver First Aid CPR AED").
	Name string `json:"name"`
}

// TrainingCenter is the AHA Training Center that issued the card.
type TrainingCenter struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	City  string `json:"city,omitempty"`
	State string `json:"state,omitempty"`
	Phone string `json:"phone,omitempty"`
}

// Instructor is the instructor who taught or tested the course.
type Instructor struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}
