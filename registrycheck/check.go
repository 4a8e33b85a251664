// Package registrycheck is a registry check as the service answers it: a
// candidate searched in the registries a caller names, one result per
// registry with the records that resemble the candidate (filteredResults),
// the ones left once false positives are set aside (matches), why each was
// kept or set aside, and the attestation of the search with its PDF
// certificate.
//
// Bulk lists are searched in memory (Indexes, built from the stored
// editions with package screening); live registries (NSOPW) are searched
// through their connector and judged by the same screening rules
// (FromOffenders). The engine imports no Temporal, Gin or GORM.
package registrycheck

import (
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/namematch"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/screening"
)

// Result values of one registry. The spec shows match_found and
// no_match_found; pending and unavailable are the service's own, so that
// a registry that could not be asked is never reported as no match.
const (
	MatchFound   = "match_found"
	NoMatchFound = "no_match_found"
	// Pending: a live registry is still being asked (GET completes it).
	Pending = "pending"
	// Unavailable: a live registry could not be asked; Error says why.
	Unavailable = "unavailable"
)

// Search statuses.
const (
	StatusPending  = "PENDING"
	StatusComplete = "COMPLETE"
)

// AttestationType is the type of every search attestation.
const AttestationType = "EXTERNAL_VALIDATION"

// CertificateTemplate names the certificate's layout, so a stored
// attestation says which layout its PDF was drawn with.
const CertificateTemplate = "registry-search-certificate/v1"

// Context is the candidate as the caller describes them.
type Context struct {
	FirstName   string  `json:"first_name"`
	LastName    string  `json:"last_name"`
	MiddleName  string  `json:"middle_name"`
	DateOfBirth *string `json:"date_of_birth"`
	Zip         string  `json:"zip"`
}

// FullName is the candidate's name in reading order.
func (c Context) FullName() string {
	return strings.Join(strings.Fields(c.FirstName+" "+c.MiddleName+" "+c.LastName), " ")
}

// Query is the search as run, echoed in every result.
type Query struct {
	ExternalID string    `json:"external_id"`
	Registries []string  `json:"registries"`
	Context    Context   `json:"context"`
	SearchedAt time.Time `json:"searched_at"`
	// MatchType is this registry's: EXACT or PARTIAL.
	MatchType string `json:"match_type"`
}

// Metadata describes the list a result was searched in.
type Metadata struct {
	// LastUpdatedAt is the list's own date (for a live registry: when it
	// was asked).
	LastUpdatedAt time.Time `json:"last_updated_at"`
	// ListID names the edition searched (bulk lists), RecordCount its
	// individuals.
	ListID      *string `json:"list_id"`
	RecordCount *int    `json:"record_count"`
	Source      string  `json:"source"`
}

// Problem is why a registry is unavailable.
type Problem struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Result is one registry's result.
type Result struct {
	SearchID    string      `json:"search_id"`
	Registry    string      `json:"registry"`
	Result      string      `json:"result"`
	Query       Query       `json:"query"`
	Metadata    Metadata    `json:"metadata"`
	Matches     []Record    `json:"matches"`
	Filtered    []Record    `json:"filteredResults"`
	Attestation Attestation `json:"attestation"`
	PrettyName  string      `json:"registryPrettyName"`
	Error       *Problem    `json:"error"`
}

// RecordName is a listed person's name.
type RecordName struct {
	First  string `json:"first"`
	Last   string `json:"last"`
	Middle string `json:"middle"`
}

// Identifiers are a listed person's identifiers. DOB is a full date only
// when the list gives one to the day; every listed date at its own
// precision is in Record.DOBs.
type Identifiers struct {
	NPI string  `json:"npi"`
	DOB *string `json:"dob"`
}

// RecordAddress is a listed person's first address.
type RecordAddress struct {
	Line1 string `json:"line1"`
	City  string `json:"city"`
	State string `json:"state"`
	Zip   string `json:"zip"`
}

// Why explains a record: how its name compared with the candidate's, and
// how its dates of birth and addresses did.
type Why struct {
	// MatchedName is the record's name or alias that resembled best;
	// NameSource says which (name, aka, fka, nka, remark_aka,
	// cross_reference).
	MatchedName string `json:"matchedName"`
	NameSource  string `json:"nameSource"`
	WeakAlias   bool   `json:"weakAlias"`
	// Name holds each part's agreement and score (namematch).
	Name     namematch.Explanation   `json:"name"`
	DOB      screening.DOBCheck      `json:"dob"`
	Location screening.LocationCheck `json:"location"`
}

// SetAside is why a filtered record is not a match.
type SetAside struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Record is one element of matches and filteredResults: the spec's name,
// identifiers, address and aliases, and the service's explanation.
type Record struct {
	Name        RecordName    `json:"name"`
	Identifiers Identifiers   `json:"identifiers"`
	Address     RecordAddress `json:"address"`
	Aliases     []string      `json:"aliases"`
	// SourceID identifies the record in its list.
	SourceID string   `json:"sourceId"`
	DOBs     []string `json:"dobs"`
	Score    float64  `json:"score"`
	Why      Why      `json:"why"`
	// SetAside is empty for a match.
	SetAside []SetAside        `json:"setAside"`
	Details  map[string]string `json:"details"`
}

// FilteredResult is a record of the attestation's input.
type FilteredResult struct {
	LastName    string  `json:"last_name"`
	FirstName   string  `json:"first_name"`
	MiddleName  string  `json:"middle_name"`
	DateOfBirth *string `json:"date_of_birth"`
}

// AttestationInput is what the certificate attests.
type AttestationInput struct {
	Result            string           `json:"result"`
	ClientName        string           `json:"client_name"`
	IssuerName        string           `json:"issuer_name"`
	SearchDate        string           `json:"search_date"`
	CandidateDOB      string           `json:"candidate_dob"`
	RegistryType      string           `json:"registry_type"`
	CertificateType   string           `json:"certificate_type"`
	CandidateFullName string           `json:"candidate_full_name"`
	FilteredResults   []FilteredResult `json:"filtered_results"`
}

// AttestationMetadata is the attestation's metadata.
type AttestationMetadata struct {
	Input    AttestationInput `json:"input"`
	Bucket   string           `json:"bucket"`
	Template string           `json:"template"`
}

// File is the attestation's certificate.
type File struct {
	ID           string     `json:"id"`
	Key          string     `json:"key"`
	ChildIndex   int        `json:"childIndex"`
	CreatedAt    time.Time  `json:"createdAt"`
	DeletedAt    *time.Time `json:"deletedAt"`
	OriginalName string     `json:"originalName"`
	MimeType     string     `json:"mimeType"`
	ParentID     *string    `json:"parentId"`
	UpdatedAt    time.Time  `json:"updatedAt"`
	// URL is presigned when the result is served; it is not stored.
	URL     string   `json:"url"`
	Quality *float64 `json:"quality"`
	// Ready is false until the certificate is rendered (its URL answers
	// 404 until then); it is set when the result is served.
	Ready bool `json:"ready"`
}

// Attestation is the search's attestation for one registry.
type Attestation struct {
	ID               string              `json:"id"`
	CreatedAt        time.Time           `json:"createdAt"`
	UpdatedAt        time.Time           `json:"updatedAt"`
	Type             string              `json:"type"`
	Metadata         AttestationMetadata `json:"metadata"`
	DocumentID       *string             `json:"documentId"`
	RegistrySearchID string              `json:"registrySearchId"`
	DeletedAt        *time.Time          `json:"deletedAt"`
	FileID           string              `json:"fileId"`
	File             File                `json:"file"`
}

// Search is one registry check as stored and served.
type Search struct {
	SearchID    string     `json:"search_id"`
	ExternalID  string     `json:"external_id"`
	Status      string     `json:"status"`
	Query       Query      `json:"query"`
	Results     []Result   `json:"results"`
	CreatedAt   time.Time  `json:"created_at"`
	CompletedAt *time.Time `json:"completed_at"`
	// CertificateAt is when the certificate was stored (nil until then).
	CertificateAt *time.Time `json:"-"`
}

// Certify marks every result's certificate ready as of the search's
// CertificateAt (when it is set).
func (s *Search) Certify() {
	if s.CertificateAt == nil {
		return
	}
	for i := range s.Results {
		a := &s.Results[i].Attestation
		a.File.Ready = true
		a.File.UpdatedAt, a.UpdatedAt = *s.CertificateAt, *s.CertificateAt
	}
}

// Request is a validated check request.
type Request struct {
	ExternalID string
	Context    Context
	// Registries in request order, without repeats, with their match types.
	Registries []Registry
	// ClientName is the account's name, printed on certificates.
	ClientName string
	// Bucket is the blob store's bucket, recorded in attestations.
	Bucket string
}

// Registry is one registry asked for and how names are matched in it.
type Registry struct {
	Code      string
	MatchType string
}

// DOB returns the candidate's date of birth, the zero time when not given.
func (c Context) DOB() time.Time {
	if c.DateOfBirth == nil {
		return time.Time{}
	}
	t, err := time.Parse(time.DateOnly, *c.DateOfBirth)
	if err != nil {
		return time.Time{}
	}
	return t
}

// Screening is the candidate as the screening engine takes them.
func (c Context) Screening(matchType string) screening.Query {
	return screening.Query{
		First: c.FirstName, Middle: c.MiddleName, Last: c.LastName,
		DOB: c.DOB(), Zip: c.Zip, MatchType: screening.MatchType(matchType),
	}
}

// NewSearch lays out a search: its id, the query, and one result per
// registry (pending, with its attestation) for Complete to fill.
func NewSearch(req Request, now time.Time) Search {
	now = now.UTC().Truncate(time.Microsecond)
	s := Search{SearchID: uuid.NewString(), ExternalID: req.ExternalID, Status: StatusComplete, CreatedAt: now}
	codes := make([]string, len(req.Registries))
	for i, r := range req.Registries {
		codes[i] = r.Code
	}
	s.Query = Query{ExternalID: req.ExternalID, Registries: codes, Context: req.Context, SearchedAt: now, MatchType: commonMatchType(req.Registries)}
	fileID := uuid.NewSHA1(uuid.NameSpaceOID, []byte("registry-check-certificate/"+s.SearchID)).String()
	for i, r := range req.Registries {
		info, _ := registry.Lookup(r.Code)
		q := s.Query
		q.MatchType = r.MatchType
		res := Result{
			SearchID: s.SearchID, Registry: r.Code, Result: Pending, Query: q, PrettyName: info.PrettyName,
			Matches: []Record{}, Filtered: []Record{}, Metadata: Metadata{LastUpdatedAt: now, Source: info.SourceURL},
		}
		res.Attestation = newAttestation(req, s.SearchID, fileID, i, info, now)
		s.Results = append(s.Results, res)
	}
	return s
}

// commonMatchType is the search's match type: the registries', when they
// agree, else PARTIAL (each result says its own).
func commonMatchType(rs []Registry) string {
	for _, r := range rs {
		if r.MatchType != string(screening.Exact) {
			return string(screening.Partial)
		}
	}
	if len(rs) == 0 {
		return string(screening.Partial)
	}
	return string(screening.Exact)
}

// newAttestation is a result's attestation. Its file is the search's one
// certificate, where the result is section index (childIndex).
func newAttestation(req Request, searchID, fileID string, index int, info registry.Info, now time.Time) Attestation {
	dob := ""
	if req.Context.DateOfBirth != nil {
		dob = *req.Context.DateOfBirth
	}
	return Attestation{
		ID: uuid.NewString(), CreatedAt: now, UpdatedAt: now, Type: AttestationType,
		Metadata: AttestationMetadata{
			Input: AttestationInput{
				Result: Pending, ClientName: req.ClientName, IssuerName: info.Issuer, SearchDate: now.Format(time.RFC3339),
				CandidateDOB: dob, RegistryType: info.Code, CertificateType: "registry_search",
				CandidateFullName: req.Context.FullName(), FilteredResults: []FilteredResult{},
			},
			Bucket: req.Bucket, Template: CertificateTemplate,
		},
		RegistrySearchID: searchID, FileID: fileID,
		File: File{
			ID: fileID, Key: CertificateKey(searchID), ChildIndex: index, CreatedAt: now, UpdatedAt: now,
			OriginalName: fmt.Sprintf("registry-check-%s.pdf", searchID[:8]), MimeType: "application/pdf",
		},
	}
}

// CertificateKey is the blob key of a search's certificate.
func CertificateKey(searchID string) string {
	return "registry-checks/" + searchID + ".pdf"
}

// Complete fills a result from a screening of its list: bulk lists with
// the edition searched, live registries with edition nil and the time
// they were asked.
func (r *Result) Complete(sr screening.Result, ed *registry.Edition, asked time.Time) {
	r.Matches, r.Filtered = records(sr.Matches), records(sr.Filtered)
	r.Result = NoMatchFound
	if len(r.Matches) > 0 {
		r.Result = MatchFound
	}
	r.Error = nil
	r.Metadata = Metadata{LastUpdatedAt: asked.UTC()}
	if ed != nil {
		id, n := ed.ID.String(), ed.Records
		r.Metadata = Metadata{LastUpdatedAt: ed.Date.UTC(), ListID: &id, RecordCount: &n, Source: ed.Source}
	} else if info, ok := registry.Lookup(r.Registry); ok {
		r.Metadata.Source = info.SourceURL
	}
	in := &r.Attestation.Metadata.Input
	in.Result = r.Result
	in.FilteredResults = make([]FilteredResult, len(r.Filtered))
	for i, f := range r.Filtered {
		in.FilteredResults[i] = FilteredResult{LastName: f.Name.Last, FirstName: f.Name.First, MiddleName: f.Name.Middle, DateOfBirth: f.Identifiers.DOB}
	}
}

// Fail records a live registry as unavailable.
func (r *Result) Fail(reason string, at time.Time) {
	r.Result = Unavailable
	r.Matches, r.Filtered = []Record{}, []Record{}
	r.Error = &Problem{Code: "registry_unavailable", Message: reason}
	r.Metadata = Metadata{LastUpdatedAt: at.UTC()}
	if info, ok := registry.Lookup(r.Registry); ok {
		r.Metadata.Source = info.SourceURL
	}
	r.Attestation.Metadata.Input.Result = Unavailable
	r.Attestation.Metadata.Input.FilteredResults = []FilteredResult{}
}

// Settle sets the search's status from its results.
func (s *Search) Settle(now time.Time) {
	for _, r := range s.Results {
		if r.Result == Pending {
			s.Status, s.CompletedAt = StatusPending, nil
			return
		}
	}
	s.Status = StatusComplete
	if s.CompletedAt == nil {
		t := now.UTC().Truncate(time.Microsecond)
		s.CompletedAt = &t
	}
}

func records(hits []screening.Hit) []Record {
	out := make([]Record, len(hits))
	for i, h := range hits {
		out[i] = record(h)
	}
	return out
}

func record(h screening.Hit) Record {
	rec := h.Record
	out := Record{
		Name:     RecordName{First: rec.Name.First, Last: rec.Name.Last, Middle: rec.Name.Middle},
		SourceID: rec.SourceID, Score: h.Score, Aliases: []string{}, DOBs: []string{}, SetAside: []SetAside{},
		Identifiers: Identifiers{NPI: rec.NPI},
		Why: Why{MatchedName: h.MatchedName.Full(), NameSource: h.NameSource, WeakAlias: h.WeakAlias,
			Name: h.Name, DOB: h.DOB, Location: h.Location},
		Details: rec.Details,
	}
	for _, a := range rec.Aliases {
		out.Aliases = append(out.Aliases, a.Name.Full())
	}
	for _, d := range rec.DOBs {
		out.DOBs = append(out.DOBs, d.String())
		if out.Identifiers.DOB == nil && d.Precision == registry.PrecisionDay {
			s := d.String()
			out.Identifiers.DOB = &s
		}
	}
	if len(rec.Addresses) > 0 {
		a := rec.Addresses[0]
		out.Address = RecordAddress{Line1: a.Line1, City: a.City, State: a.State, Zip: a.Zip}
	}
	for _, s := range h.SetAside {
		out.SetAside = append(out.SetAside, SetAside{Code: s.Code, Message: s.Message})
	}
	// The list's own facts (program, dates, agency) matter for a record a
	// person reviews; a record set aside is shown by name and why only.
	if out.Details == nil || len(out.SetAside) > 0 {
		out.Details = map[string]string{}
	}
	return out
}

// Check runs the in-memory part of a check: every bulk registry is
// searched now; live registries stay pending for the workflow. A bulk list
// that was never imported is reported unavailable with the reason.
func Check(req Request, x *Indexes, now time.Time) (Search, error) {
	s := NewSearch(req, now)
	for i := range s.Results {
		r := &s.Results[i]
		info, _ := registry.Lookup(r.Registry)
		if !info.Bulk {
			continue
		}
		sr, ed, ok, err := x.search(r.Registry, req.Context.Screening(r.Query.MatchType))
		if err != nil {
			return Search{}, err
		}
		if !ok {
			r.Fail("no edition of the "+info.PrettyName+" list has been imported into this service yet", now)
			r.Error.Code = "list_not_imported"
			continue
		}
		r.Complete(sr, &ed, now)
	}
	s.Settle(now)
	return s, nil
}

// CompleteLive fills a live registry's result from the people it answered
// with, judged by the same screening rules as the bulk lists (the live
// search's own matching is looser and knows no dates of birth).
func (r *Result) CompleteLive(people []registry.Record, asked time.Time) {
	list := &registry.List{Registry: r.Registry, Date: asked, Rows: len(people), Records: people}
	r.Complete(screening.Build(list).Search(r.Query.Context.Screening(r.Query.MatchType)), nil, asked)
}
