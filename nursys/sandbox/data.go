package sandbox

import (
	"strings"

	"github.com/clearedtostart/compliance/nursys"
)

// Licensee is one license the sandbox holds.
type Licensee struct {
	// State is the board's two-letter code.
	State         string `json:"state"`
	LicenseNumber string `json:"licenseNumber"`
	// LicenseType is Nursys's: RN, PN, CNP, CNS, CNM or CRNA.
	LicenseType string `json:"licenseType"`
	FirstName   string `json:"firstName"`
	MiddleName  string `json:"middleName,omitempty"`
	LastName    string `json:"lastName"`
	// Status is the board's wording ("Active", "Inactive", "Expired",
	// "Active - Probation").
	Status string `json:"status"`
	// OriginalIssueDate and ExpirationDate are YYYY-MM-DD.
	OriginalIssueDate string `json:"originalIssueDate"`
	ExpirationDate    string `json:"expirationDate"`
	// CompactStatus is "Multistate" or "Single State".
	CompactStatus string `json:"compactStatus,omitempty"`
	// Discipline, when set, is an action in effect against the license
	// ("Probation"), taken on DisciplineDate with no end.
	Discipline     string `json:"discipline,omitempty"`
	DisciplineDate string `json:"disciplineDate,omitempty"`
	NcsbnID        string `json:"ncsbnId,omitempty"`
	// Note says what the licensee is for.
	Note string `json:"note,omitempty"`
}

// key is how a licensee is found: state and number as compared.
func (l Licensee) key() string {
	return strings.ToUpper(l.State) + "|" + nursys.NormalizeNumber(l.LicenseNumber)
}

// KnownLicensees are the licenses every sandbox holds. The first is the
// license of docs/samples/packet.pdf; the others each answer one case a
// check must handle.
func KnownLicensees() []Licensee {
	return []Licensee{
		{State: "OK", LicenseNumber: "RN965991", LicenseType: "RN", FirstName: "MARIA", MiddleName: "LUISA", LastName: "ALVAREZ",
			Status: "Active", OriginalIssueDate: "2014-06-20", ExpirationDate: "2027-04-30", CompactStatus: "Multistate", NcsbnID: "21345678",
			Note: "found, active: the nursing license of docs/samples/packet.pdf"},
		{State: "TX", LicenseNumber: "845120", LicenseType: "RN", FirstName: "JAMES", MiddleName: "ROBERT", LastName: "CARTER",
			Status: "Active", OriginalIssueDate: "2011-03-02", ExpirationDate: "2029-01-31", CompactStatus: "Multistate", NcsbnID: "20981734",
			Note: "found, active"},
		{State: "TX", LicenseNumber: "845121", LicenseType: "RN", FirstName: "LINDA", MiddleName: "MARIE", LastName: "NGUYEN",
			Status: "Inactive", OriginalIssueDate: "2009-08-14", ExpirationDate: "2028-06-30", CompactStatus: "Multistate", NcsbnID: "20554310",
			Note: "status mismatch: inactive"},
		{State: "FL", LicenseNumber: "RN9876543", LicenseType: "RN", FirstName: "ANGELA", MiddleName: "ROSE", LastName: "BROOKS",
			Status: "Active", OriginalIssueDate: "2015-01-09", ExpirationDate: "2028-07-31", CompactStatus: "Single State", NcsbnID: "21877001",
			Discipline: "Probation", DisciplineDate: "2026-02-17", Note: "status mismatch: encumbered (probation in effect)"},
		{State: "CA", LicenseNumber: "95123456", LicenseType: "RN", FirstName: "KEVIN", MiddleName: "MICHAEL", LastName: "PATEL",
			Status: "Expired", OriginalIssueDate: "2016-09-30", ExpirationDate: "2025-08-31", CompactStatus: "Single State", NcsbnID: "22019987",
			Note: "expired"},
		{State: "NY", LicenseNumber: "654321", LicenseType: "PN", FirstName: "SOFIA", MiddleName: "ISABEL", LastName: "RAMIREZ",
			Status: "Active", OriginalIssueDate: "2018-05-22", ExpirationDate: "2028-10-31", CompactStatus: "Single State", NcsbnID: "23100452",
			Note: "found, active, a practical nurse: asked for as RN it is not found"},
	}
}

// Special license numbers (any state, any type) make one lookup behave a
// given way.
const (
	NumberSlow      = "SANDBOX-SLOW"
	NumberDown      = "SANDBOX-DOWN"
	NumberMalformed = "SANDBOX-GARBLED"
	NumberPending   = "SANDBOX-PENDING"
)

// specialMode is the behaviour a special number triggers, "" for none.
func specialMode(number string) string {
	switch nursys.NormalizeNumber(number) {
	case nursys.NormalizeNumber(NumberSlow):
		return ModeSlow
	case nursys.NormalizeNumber(NumberDown):
		return ModeDown
	case nursys.NormalizeNumber(NumberMalformed):
		return ModeMalformed
	case nursys.NormalizeNumber(NumberPending):
		return ModePending
	}
	return ""
}

// jurisdictions names the boards of the states the sandbox answers for.
func jurisdictionName(state string) string {
	names := map[string]string{
		"AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California-RN", "CO": "Colorado",
		"CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia-RN",
		"HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky",
		"LA": "Louisiana-RN", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
		"MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire",
		"NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio",
		"OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
		"SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
		"WA": "Washington", "WV": "West Virginia-RN", "WI": "Wisconsin", "WY": "Wyoming", "PR": "Puerto Rico",
		"GU": "Guam", "VI": "Virgin Islands", "MP": "Northern Mariana Islands", "AS": "American Samoa",
	}
	return names[state]
}
