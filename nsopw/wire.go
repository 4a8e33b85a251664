package nsopw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// searchPath is the search endpoint under the API host
// (https://nsopw-api.ojp.gov/nsopw/v1/v1.0/search).
const searchPath = "/nsopw/v1/v1.0/search"

// searchRequest is the body the site's search form posts.
type searchRequest struct {
	FirstName     string   `json:"firstName"`
	LastName      string   `json:"lastName"`
	City          string   `json:"city"`
	County        string   `json:"county"`
	Zips          []string `json:"zips"`
	Jurisdictions []string `json:"jurisdictions"`
	ClientIP      string   `json:"clientIp"`
}

// searchResponse is the backend's answer. Fields the connector does not use
// (the query echo, per-jurisdiction response times) are not decoded.
type searchResponse struct {
	StatusCode         flexInt              `json:"statusCode"`
	JurisdictionStatus []jurisdictionStatus `json:"jurisdictionStatus"`
	Offenders          []wireOffender       `json:"offenders"`
}

type jurisdictionStatus struct {
	JurisdictionID string  `json:"jurisdictionId"`
	StatusCode     flexInt `json:"statusCode"`
	Records        flexInt `json:"records"`
	Message        string  `json:"message"`
}

// wireName accepts the public API's givenName/surName and the jurisdiction
// schema's firstName/lastName spellings.
type wireName struct {
	GivenName  string `json:"givenName"`
	FirstName  string `json:"firstName"`
	MiddleName string `json:"middleName"`
	SurName    string `json:"surName"`
	LastName   string `json:"lastName"`
	Suffix     string `json:"suffix"`
}

func (n wireName) given() string {
	if n.GivenName != "" {
		return n.GivenName
	}
	return n.FirstName
}

func (n wireName) sur() string {
	if n.SurName != "" {
		return n.SurName
	}
	return n.LastName
}

type wireLocation struct {
	Type          string `json:"type"`
	StreetAddress string `json:"streetAddress"`
	City          string `json:"city"`
	County        string `json:"county"`
	State         string `json:"state"`
	ZipCode       string `json:"zipCode"`
}

type wireOffender struct {
	ID             string         `json:"id"`
	Name           wireName       `json:"name"`
	Aliases        []wireName     `json:"aliases"`
	Gender         string         `json:"gender"`
	DOB            string         `json:"dob"`
	Age            flexInt        `json:"age"`
	Locations      []wireLocation `json:"locations"`
	OffenderURI    string         `json:"offenderUri"`
	ImageURI       string         `json:"imageUri"`
	Absconder      bool           `json:"absconder"`
	JurisdictionID string         `json:"jurisdictionId"`
}

// flexInt is an integer sent as a number or as a string of digits (clients
// of the public API have seen per-jurisdiction statusCode as "200"), or
// null.
type flexInt struct {
	Value int
	Valid bool
}

func (f *flexInt) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*f = flexInt{}
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		if s == "" {
			*f = flexInt{}
			return nil
		}
		b = []byte(s)
	}
	n, err := strconv.Atoi(string(b))
	if err != nil {
		return fmt.Errorf("not an integer: %s", b)
	}
	*f = flexInt{Value: n, Valid: true}
	return nil
}
