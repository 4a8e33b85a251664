// Package wire is the JSON of NSOPW's search backend (described in package
// nsopw's documentation): the one definition that the connector reads and
// the sandbox writes. It reads what the backend has been seen to vary in
// (integers sent as numbers or as strings, the schema's firstName and
// lastName beside givenName and surName) and writes what the public API
// sends: null for absent text, per-jurisdiction status codes as strings.
package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// SearchPath is the search endpoint under the API host
// (https://nsopw-api.ojp.gov/nsopw/v1/v1.0/search).
const SearchPath = "/nsopw/v1/v1.0/search"

// Query is the body the site's search form posts, repeated in the answer.
type Query struct {
	FirstName     string   `json:"firstName"`
	LastName      string   `json:"lastName"`
	City          string   `json:"city"`
	County        string   `json:"county"`
	Zips          []string `json:"zips"`
	Jurisdictions []string `json:"jurisdictions"`
	ClientIP      string   `json:"clientIp"`
}

// Response is the answer to a search (HTTP 200).
type Response struct {
	StatusCode         Int                  `json:"statusCode"`
	JurisdictionStatus []JurisdictionStatus `json:"jurisdictionStatus"`
	Query              Query                `json:"query"`
	Offenders          []Offender           `json:"offenders"`
}

// JurisdictionStatus is one jurisdiction's part of a search.
type JurisdictionStatus struct {
	JurisdictionID string `json:"jurisdictionId"`
	StatusCode     Code   `json:"statusCode"`
	Records        Int    `json:"records"`
	// ResponseTime is in milliseconds.
	ResponseTime Int `json:"responseTime"`
}

// Rejection is the body of a 422: the backend's validation statusCode
// (100 to 115).
type Rejection struct {
	StatusCode Int    `json:"statusCode"`
	Message    string `json:"message"`
}

// Name is an offender's name or alias. The public API spells the parts
// givenName and surName, the jurisdictions' schema firstName and lastName;
// Given and Sur read either.
type Name struct {
	GivenName  string  `json:"givenName"`
	FirstName  string  `json:"firstName,omitempty"`
	MiddleName *string `json:"middleName"`
	SurName    string  `json:"surName"`
	LastName   string  `json:"lastName,omitempty"`
	Suffix     *string `json:"suffix"`
}

// Given is the given name in either spelling.
func (n Name) Given() string {
	if n.GivenName != "" {
		return n.GivenName
	}
	return n.FirstName
}

// Sur is the surname in either spelling.
func (n Name) Sur() string {
	if n.SurName != "" {
		return n.SurName
	}
	return n.LastName
}

// Location is an address of an offender: Type R (residence), E
// (employment) or S (school), or spelled out by some registries.
type Location struct {
	Type          string  `json:"type"`
	StreetAddress string  `json:"streetAddress"`
	City          string  `json:"city"`
	County        *string `json:"county"`
	State         string  `json:"state"`
	ZipCode       string  `json:"zipCode"`
	Latitude      float64 `json:"latitude"`
	Longitude     float64 `json:"longitude"`
}

// Offender is one registrant in an answer.
type Offender struct {
	// ID is the jurisdiction's offender id, in the schema only: the public
	// API sends none.
	ID        string     `json:"id,omitempty"`
	Name      Name       `json:"name"`
	Aliases   []Name     `json:"aliases"`
	Gender    string     `json:"gender"`
	DOB       *string    `json:"dob"`
	Age       Int        `json:"age"`
	Locations []Location `json:"locations"`
	// OffenderURI and ImageURI are HTML-entity encoded (&amp;), as the
	// backend sends them.
	OffenderURI    string  `json:"offenderUri"`
	ImageURI       *string `json:"imageUri"`
	Absconder      bool    `json:"absconder"`
	JurisdictionID string  `json:"jurisdictionId"`
}

// Optional is s as a text field that is null when empty.
func Optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// Int is an integer sent as a number, as a string of digits (clients of the
// public API have seen per-jurisdiction statusCode as "200"), or as null
// (Valid false). It is written as a number, or null.
type Int struct {
	Value int
	Valid bool
}

// NewInt is n as a present Int.
func NewInt(n int) Int { return Int{Value: n, Valid: true} }

func (i Int) MarshalJSON() ([]byte, error) {
	if !i.Valid {
		return []byte("null"), nil
	}
	return strconv.AppendInt(nil, int64(i.Value), 10), nil
}

func (i *Int) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*i = Int{}
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		if s == "" {
			*i = Int{}
			return nil
		}
		b = []byte(s)
	}
	n, err := strconv.Atoi(string(b))
	if err != nil {
		return fmt.Errorf("not an integer: %s", b)
	}
	*i = NewInt(n)
	return nil
}

// Code is a jurisdiction's statusCode: read as an Int, written as a string
// of digits ("200", "507"), as the public API sends it.
type Code struct{ Int }

// NewCode is n as a present Code.
func NewCode(n int) Code { return Code{NewInt(n)} }

func (c Code) MarshalJSON() ([]byte, error) {
	if !c.Valid {
		return []byte("null"), nil
	}
	return strconv.AppendQuote(nil, strconv.Itoa(c.Value)), nil
}
