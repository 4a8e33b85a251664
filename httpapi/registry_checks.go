package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/registrycheck"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type registryCheckStore interface {
	CreateRegistrySearch(ctx context.Context, accountID, workflowID string, search registrycheck.Search, results []byte) error
	RegistrySearch(ctx context.Context, accountID string, id uuid.UUID) (registrycheck.Search, error)
	ClaimUnstartedChecks(ctx context.Context, limit int, lease time.Duration) ([]store.StalledCheck, error)
	MarkChecksStarted(ctx context.Context, ids []uuid.UUID) error
}

// registryCheckRequest is POST /registry-check's body.
type registryCheckRequest struct {
	ExternalID *string           `json:"external_id"`
	Context    *json.RawMessage  `json:"context"`
	Registries []json.RawMessage `json:"registries"`
}

// checkContext is the candidate in the body.
type checkContext struct {
	FirstName   string  `json:"first_name"`
	MiddleName  string  `json:"middle_name"`
	LastName    string  `json:"last_name"`
	DateOfBirth *string `json:"date_of_birth"`
	Zip         string  `json:"zip"`
}

// registryElement is an element of registries[] as an object: the
// registry under one of the names callers use for it, and optionally how
// names are matched there.
type registryElement struct {
	Code           string `json:"code"`
	Registry       string `json:"registry"`
	Name           string `json:"name"`
	Type           string `json:"type"`
	ID             string `json:"id"`
	Key            string `json:"key"`
	MatchType      string `json:"match_type"`
	MatchTypeCamel string `json:"matchType"`
}

var zipPattern = regexp.MustCompile(`^\d{5}(-\d{4})?$`)

// createRegistryCheck screens a candidate in the registries asked for.
// Bulk lists are searched in memory and answered at once; the search row
// is written before the answer, and its workflow (the certificate) is
// started off the request path by the check starter. With a live registry
// (NSOPW) the workflow is started at once and the answer waits up to
// LiveWait for it, then reports it pending.
func (s *Server) createRegistryCheck(c *gin.Context) {
	ctx, account := c.Request.Context(), accountOf(c)
	var body registryCheckRequest
	if err := bindJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	req, err := s.parseRegistryCheck(ctx, account, body)
	if err != nil {
		fail(c, err)
		return
	}
	search, err := registrycheck.Check(req, s.registries, time.Now())
	if errors.Is(err, registrycheck.ErrLoading) {
		fail(c, derrors.New(derrors.Unavailable, "the registry lists are still loading; retry in a few seconds"))
		return
	}
	if err != nil {
		fail(c, errorf("registry check: %w", err))
		return
	}
	// The results are encoded once, with their download URLs, for the
	// audit row and the answer alike (a common name resembles hundreds of
	// records); a read of the row later signs fresh URLs.
	results, err := json.Marshal(s.presignResults(ctx, search.Results))
	if err != nil {
		fail(c, errorf("registry check: %w", err))
		return
	}
	wfID := workflows.RegistryCheckWorkflowID(search.SearchID)
	if err := s.store.CreateRegistrySearch(ctx, account, wfID, search, results); err != nil {
		fail(c, err)
		return
	}
	s.lastCheck.Store(time.Now().UnixNano())
	id := uuid.MustParse(search.SearchID)
	if search.Status != registrycheck.StatusPending {
		s.nudgeCheckStarter()
		s.logger(c).Info("registry check", "search_id", search.SearchID, "workflow_id", wfID, "registries", len(search.Results), "status", search.Status)
		c.Data(http.StatusOK, "application/json; charset=utf-8", results)
		return
	}
	s.startCheck(ctx, store.StalledCheck{ID: id, AccountID: account, ExternalID: req.ExternalID, Live: true})
	search = s.awaitLive(ctx, account, id, search)
	s.logger(c).Info("registry check", "search_id", search.SearchID, "workflow_id", wfID, "registries", len(search.Results), "status", search.Status)
	c.JSON(http.StatusOK, s.presignResults(ctx, search.Results))
}

// startCheck starts a check's workflow at once and records it; it is
// idempotent (the workflow id is the check's).
func (s *Server) startCheck(ctx context.Context, chk store.StalledCheck) {
	s.start(ctx, store.KindRegistryCheck, chk.ID, workflows.RegistryCheckWorkflowID(chk.ID.String()), workflows.RegistryCheckWorkflow, checkInput(chk), checkAttrs(chk))
}

func checkInput(chk store.StalledCheck) workflows.RegistryCheckInput {
	input := workflows.RegistryCheckInput{SearchID: chk.ID.String(), AccountID: chk.AccountID, ExternalID: chk.ExternalID}
	if chk.Live {
		// Only a live registry leaves a check pending.
		input.Live = []string{registry.NSOPW}
	}
	return input
}

func checkAttrs(chk store.StalledCheck) temporal.SearchAttributes {
	return temporal.NewSearchAttributes(
		temporal.NewSearchAttributeKeyKeyword(workflows.SARegistrySearch).ValueSet(chk.ID.String()),
		temporal.NewSearchAttributeKeyKeyword(workflows.SAExternalID).ValueSet(chk.ExternalID),
		temporal.NewSearchAttributeKeyKeyword(workflows.SAAccountID).ValueSet(chk.AccountID),
	)
}

// nudgeCheckStarter wakes the check starter without waiting for it.
func (s *Server) nudgeCheckStarter() {
	select {
	case s.checkStarts <- struct{}{}:
	default:
	}
}

// Check starts: a few at a time, so that a burst of checks does not become
// a burst on Temporal, which would slow the answers; the outbox (the rows)
// keeps what waits, across restarts and replicas.
const (
	checkStartBatch   = 50
	checkStartsAtOnce = 4
	checkStartLease   = time.Minute
)

// Certificates yield to answers: while checks keep arriving, a batch of
// starts waits for a quiet moment (no check answered for checkQuiet), at
// most checkYieldMax, so a burst is answered at full speed and its
// certificates follow, at checkStartBatch per checkYieldMax at the least.
const (
	checkQuiet    = 100 * time.Millisecond
	checkYieldMax = 2 * time.Second
)

// waitQuiet waits until no check was answered for checkQuiet, or
// checkYieldMax has passed.
func (s *Server) waitQuiet(ctx context.Context) {
	deadline := time.Now().Add(checkYieldMax)
	for time.Now().Before(deadline) {
		if time.Since(time.Unix(0, s.lastCheck.Load())) >= checkQuiet {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(checkQuiet / 4):
		}
	}
}

// runCheckStarter starts the workflows of stored checks that have none
// yet, oldest first, until ctx ends: woken by each new check, and every
// few seconds for checks whose start failed or whose starter died.
func (s *Server) runCheckStarter(ctx context.Context) {
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for {
		for {
			s.waitQuiet(ctx)
			claimed, err := s.store.ClaimUnstartedChecks(ctx, checkStartBatch, checkStartLease)
			if err != nil {
				if ctx.Err() == nil {
					s.log.Warn("check starter: claiming unstarted checks failed", "error", err)
				}
				break
			}
			if len(claimed) == 0 {
				break
			}
			s.startClaimed(ctx, claimed)
		}
		select {
		case <-ctx.Done():
			return
		case <-s.checkStarts:
		case <-tick.C:
		}
	}
}

// startClaimed starts claimed checks, checkStartsAtOnce at a time, and
// records the ones Temporal took.
func (s *Server) startClaimed(ctx context.Context, claimed []store.StalledCheck) {
	started := make([]uuid.UUID, 0, len(claimed))
	var mu sync.Mutex
	sem := make(chan struct{}, checkStartsAtOnce)
	var wg sync.WaitGroup
	for _, chk := range claimed {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			if s.startWorkflow(ctx, store.KindRegistryCheck, workflows.RegistryCheckWorkflowID(chk.ID.String()), workflows.RegistryCheckWorkflow, checkInput(chk), checkAttrs(chk)) {
				mu.Lock()
				started = append(started, chk.ID)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := s.store.MarkChecksStarted(context.WithoutCancel(ctx), started); err != nil {
		s.log.Warn("check starter: recording starts failed; they are started again, harmlessly", "error", err)
	}
}

// awaitLive waits up to LiveWait for the live registries of a check.
func (s *Server) awaitLive(ctx context.Context, account string, id uuid.UUID, search registrycheck.Search) registrycheck.Search {
	deadline := time.Now().Add(s.liveWait)
	for time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			return search
		case <-time.After(100 * time.Millisecond):
		}
		got, err := s.store.RegistrySearch(ctx, account, id)
		if err != nil {
			s.log.Warn("reading a registry check while waiting for live registries", "search_id", id, "error", err)
			continue
		}
		search = got
		search.Certify()
		if search.Status == registrycheck.StatusComplete {
			break
		}
	}
	return search
}

// getRegistryCheck returns a stored check: its query, status and results
// with their attestations.
func (s *Server) getRegistryCheck(c *gin.Context) {
	getOne(c, s.store.RegistrySearch, func(ctx context.Context, search registrycheck.Search) any {
		search.Certify()
		search.Results = s.presignResults(ctx, search.Results)
		return search
	})
}

// presignResults sets the certificate's download URL on every result (one
// file: signed once).
func (s *Server) presignResults(ctx context.Context, results []registrycheck.Result) []registrycheck.Result {
	urls := map[string]string{}
	for i := range results {
		f := &results[i].Attestation.File
		u, ok := urls[f.Key]
		if !ok {
			u = s.signedURL(ctx, f.Key)
			urls[f.Key] = u
		}
		f.URL = u
	}
	return results
}

// parseRegistryCheck validates the body in client terms.
func (s *Server) parseRegistryCheck(ctx context.Context, account string, body registryCheckRequest) (registrycheck.Request, error) {
	var req registrycheck.Request
	if body.ExternalID == nil || strings.TrimSpace(*body.ExternalID) == "" {
		return req, invalid("external_id", "external_id is required")
	}
	ext, err := uuid.Parse(strings.TrimSpace(*body.ExternalID))
	if err != nil {
		return req, invalid("external_id", "external_id must be a UUID")
	}
	req.ExternalID = ext.String()
	if body.Context == nil || string(*body.Context) == "null" {
		return req, invalid("context", "context is required (first_name and last_name at least)")
	}
	var cc checkContext
	if err := decodeJSON(bytes.NewReader(*body.Context), &cc); err != nil {
		de, _ := derrors.As(err)
		return req, derrors.Newf(derrors.InvalidRequest, "context: %s", de.Message).WithDetails(map[string]any{"field": "context", "cause": de.Details})
	}
	if req.Context, err = checkCandidate(cc); err != nil {
		return req, err
	}
	if req.Registries, err = parseRegistries(body.Registries); err != nil {
		return req, err
	}
	if req.ClientName, err = s.accountName(ctx, account); err != nil {
		return req, err
	}
	req.Bucket = s.blobs.Name()
	return req, nil
}

func checkCandidate(cc checkContext) (registrycheck.Context, error) {
	out := registrycheck.Context{
		FirstName: strings.TrimSpace(cc.FirstName), MiddleName: strings.TrimSpace(cc.MiddleName),
		LastName: strings.TrimSpace(cc.LastName), Zip: strings.TrimSpace(cc.Zip),
	}
	for _, f := range []struct {
		field, value string
		required     bool
	}{{"context.first_name", out.FirstName, true}, {"context.last_name", out.LastName, true}, {"context.middle_name", out.MiddleName, false}} {
		if f.value == "" {
			if f.required {
				return out, invalid(f.field, "%s is required", f.field)
			}
			continue
		}
		if utf8.RuneCountInString(f.value) > 100 {
			return out, invalid(f.field, "%s is longer than 100 characters", f.field)
		}
		if strings.IndexFunc(f.value, unicode.IsLetter) < 0 {
			return out, invalid(f.field, "%s must contain a letter", f.field)
		}
	}
	if cc.DateOfBirth != nil && strings.TrimSpace(*cc.DateOfBirth) != "" {
		text := strings.TrimSpace(*cc.DateOfBirth)
		dob, err := time.Parse(time.DateOnly, text)
		if err != nil {
			return out, invalid("context.date_of_birth", "context.date_of_birth must be a date (YYYY-MM-DD)")
		}
		if dob.Year() < 1900 || dob.After(time.Now()) {
			return out, invalid("context.date_of_birth", "context.date_of_birth %s is not a plausible date of birth", text)
		}
		out.DateOfBirth = &text
	}
	if out.Zip != "" && !zipPattern.MatchString(out.Zip) {
		return out, invalid("context.zip", "context.zip must be a US ZIP code (12345 or 12345-6789)")
	}
	return out, nil
}

// parseRegistries reads registries[]: each element a registry's name as a
// string, or an object naming it under code (or registry, name, type, id,
// key) with an optional match_type. Codes are matched case-insensitively
// and under their usual other names (GET /registries lists the codes); a
// registry named twice is searched once.
func parseRegistries(raw []json.RawMessage) ([]registrycheck.Registry, error) {
	if len(raw) == 0 {
		return nil, invalid("registries", "registries must name at least one registry (GET /registries lists them)")
	}
	if len(raw) > 20 {
		return nil, invalid("registries", "registries may name at most 20 registries")
	}
	var out []registrycheck.Registry
	seen := map[string]bool{}
	for i, el := range raw {
		field := fmt.Sprintf("registries[%d]", i)
		name, matchType, err := registryName(el, field)
		if err != nil {
			return nil, err
		}
		info, ok := registry.Resolve(name)
		if !ok {
			return nil, derrors.Newf(derrors.InvalidRequest, "unknown registry %q (GET /registries lists them)", name).
				WithDetails(map[string]string{"field": field, "registry": name})
		}
		switch strings.ToUpper(matchType) {
		case "", "PARTIAL":
			matchType = "PARTIAL"
		case "EXACT":
			matchType = "EXACT"
		default:
			return nil, invalid(field+".match_type", "%s.match_type must be EXACT or PARTIAL", field)
		}
		if seen[info.Code] {
			continue
		}
		seen[info.Code] = true
		out = append(out, registrycheck.Registry{Code: info.Code, MatchType: matchType})
	}
	return out, nil
}

func registryName(el json.RawMessage, field string) (name, matchType string, err error) {
	trimmed := bytes.TrimSpace(el)
	switch {
	case len(trimmed) > 0 && trimmed[0] == '"':
		if err := json.Unmarshal(trimmed, &name); err != nil {
			return "", "", invalid(field, "%s must be a registry code or an object", field)
		}
		return name, "", nil
	case len(trimmed) > 0 && trimmed[0] == '{':
		var obj registryElement
		if err := decodeJSON(bytes.NewReader(trimmed), &obj); err != nil {
			de, _ := derrors.As(err)
			return "", "", derrors.Newf(derrors.InvalidRequest, "%s: %s", field, de.Message).WithDetails(map[string]any{"field": field, "cause": de.Details})
		}
		var names []string
		for _, n := range []string{obj.Code, obj.Registry, obj.Name, obj.Type, obj.ID, obj.Key} {
			if strings.TrimSpace(n) != "" {
				names = append(names, n)
			}
		}
		if len(names) == 0 {
			return "", "", invalid(field+".code", "%s.code is required: the registry's code (GET /registries lists them)", field)
		}
		// The same registry under several keys is fine; two, or a name
		// that is no registry, are not.
		first, known := registry.Resolve(names[0])
		for _, n := range names[1:] {
			other, ok := registry.Resolve(n)
			if !known || !ok {
				continue // the unknown name is reported by the caller
			}
			if other.Code != first.Code {
				return "", "", invalid(field, "%s names two different registries (%s and %s)", field, first.Code, other.Code)
			}
		}
		for _, n := range names {
			if _, ok := registry.Resolve(n); !ok {
				return n, "", nil
			}
		}
		matchType = obj.MatchType
		if matchType == "" {
			matchType = obj.MatchTypeCamel
		}
		return names[0], matchType, nil
	}
	return "", "", invalid(field, "%s must be a registry code or an object with its code", field)
}
