package sandbox

// The JSON of the search backend, kept apart from the connector's own
// types so that a drift between them shows in the connector's tests.

// searchPath is the search endpoint, as at https://nsopw-api.ojp.gov.
const searchPath = "/nsopw/v1/v1.0/search"

type wireQuery struct {
	FirstName     string   `json:"firstName"`
	LastName      string   `json:"lastName"`
	City          string   `json:"city"`
	County        string   `json:"county"`
	Zips          []string `json:"zips"`
	Jurisdictions []string `json:"jurisdictions"`
	ClientIP      string   `json:"clientIp"`
}

type wireName struct {
	GivenName  string  `json:"givenName"`
	MiddleName *string `json:"middleName"`
	SurName    string  `json:"surName"`
	Suffix     *string `json:"suffix"`
}

type wireLocation struct {
	Type          string  `json:"type"`
	StreetAddress string  `json:"streetAddress"`
	City          string  `json:"city"`
	County        *string `json:"county"`
	State         string  `json:"state"`
	ZipCode       string  `json:"zipCode"`
	Latitude      float64 `json:"latitude"`
	Longitude     float64 `json:"longitude"`
}

type wireOffender struct {
	Name      wireName       `json:"name"`
	Aliases   []wireName     `json:"aliases"`
	Gender    string         `json:"gender"`
	DOB       *string        `json:"dob"`
	Age       *int           `json:"age"`
	Locations []wireLocation `json:"locations"`
	// OffenderURI and ImageURI are HTML-entity encoded (&amp;), as the
	// real backend sends them.
	OffenderURI    string  `json:"offenderUri"`
	ImageURI       *string `json:"imageUri"`
	Absconder      bool    `json:"absconder"`
	JurisdictionID string  `json:"jurisdictionId"`
}

// wireStatus is one jurisdiction's part of the search. Its statusCode is a
// string, as clients of the public API have seen it ("200", "507").
type wireStatus struct {
	JurisdictionID string `json:"jurisdictionId"`
	StatusCode     string `json:"statusCode"`
	Records        int    `json:"records"`
	ResponseTime   int    `json:"responseTime"`
}

type wireResponse struct {
	StatusCode         int            `json:"statusCode"`
	JurisdictionStatus []wireStatus   `json:"jurisdictionStatus"`
	Query              wireQuery      `json:"query"`
	Offenders          []wireOffender `json:"offenders"`
}

// wireRejection is the body of a 422.
type wireRejection struct {
	StatusCode int    `json:"statusCode"`
	Message    string `json:"message"`
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
