package sandbox

// Card is one eCard the sandbox holds.
type Card struct {
	// Code is the 12-digit eCard code.
	Code      string `json:"code"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	// Course is the course's printed name ("BLS Provider").
	Course string `json:"course"`
	// IssueDate is YYYY-MM-DD; RenewalMonth is YYYY-MM (the card is
	// current through that month's last day).
	IssueDate    string `json:"issueDate"`
	RenewalMonth string `json:"renewalMonth"`
	// TrainingCenter is the issuing Training Center's name.
	TrainingCenter string `json:"trainingCenter"`
	Instructor     string `json:"instructor,omitempty"`
	// Note says what the card is for.
	Note string `json:"note,omitempty"`
}

// KnownCards are the cards every sandbox holds. The first is the BLS card
// of docs/samples/packet.pdf; the others each answer one case a check
// must handle.
func KnownCards() []Card {
	return []Card{
		{Code: "244766174046", FirstName: "Maria", LastName: "Alvarez", Course: "BLS Provider", IssueDate: "2025-01-26", RenewalMonth: "2027-01",
			TrainingCenter: "Baptist Health Training Center", Instructor: "Dana Whitfield", Note: "found: the BLS card of docs/samples/packet.pdf"},
		{Code: "255121000101", FirstName: "James", LastName: "Carter", Course: "BLS Provider", IssueDate: "2025-09-12", RenewalMonth: "2027-09",
			TrainingCenter: "Code One Training Solutions", Instructor: "Marcus Bell", Note: "found: BLS"},
		{Code: "252011000102", FirstName: "James", LastName: "Carter", Course: "ACLS Provider", IssueDate: "2025-10-03", RenewalMonth: "2027-10",
			TrainingCenter: "Code One Training Solutions", Instructor: "Marcus Bell", Note: "found: ACLS"},
		{Code: "263011000103", FirstName: "Linda", LastName: "Nguyen", Course: "PALS Provider", IssueDate: "2026-03-19", RenewalMonth: "2028-03",
			TrainingCenter: "Lone Star Resuscitation Education", Instructor: "Priya Raman", Note: "found: PALS"},
		{Code: "245121000104", FirstName: "Kevin", LastName: "Patel", Course: "BLS Provider", IssueDate: "2024-02-08", RenewalMonth: "2026-02",
			TrainingCenter: "Golden State CPR", Instructor: "Rosa Delgado", Note: "expired"},
		{Code: "254011000105", FirstName: "Angela", LastName: "Brooks", Course: "Heartsaver First Aid CPR AED", IssueDate: "2025-05-14", RenewalMonth: "2027-05",
			TrainingCenter: "Gulf Coast Safety Training", Instructor: "Tom Hale", Note: "status mismatch: a Heartsaver card, not BLS, ACLS or PALS"},
	}
}

// Special 7-digit card numbers (the code's last seven digits, whatever its
// year and course) make one verification behave a given way.
const (
	SerialSlow      = "9999991"
	SerialDown      = "9999992"
	SerialMalformed = "9999993"
)

// Codes that trigger them, for tests and the help page.
const (
	CodeSlow      = "245129999991"
	CodeDown      = "245129999992"
	CodeMalformed = "245129999993"
)

// specialMode is the behaviour a code's number triggers, "" for none.
func specialMode(code string) string {
	if len(code) != 12 {
		return ""
	}
	switch code[5:] {
	case SerialSlow:
		return ModeSlow
	case SerialDown:
		return ModeDown
	case SerialMalformed:
		return ModeMalformed
	}
	return ""
}
