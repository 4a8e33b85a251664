package sandbox

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Paths of the VMS API.
const (
	TokenPath = "/api/v1/token"
	apiPrefix = "/api/v1"
)

// Paging of checklists.
const (
	DefaultPageSize = 25
	MaxPageSize     = 100
)

// maxKeyLength bounds an Idempotency-Key.
const maxKeyLength = 255

// The JSON the API answers. The connector keeps its own types, so that a
// drift between the two shows in its tests.

type apiError struct {
	Error apiErrorBody `json:"error"`
}

type apiErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

type apiFacility struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type apiWorksite struct {
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postalCode"`
}

type apiJob struct {
	RequisitionID    string            `json:"requisitionId"`
	Title            string            `json:"title"`
	Facility         apiFacility       `json:"facility"`
	Worksite         apiWorksite       `json:"worksite"`
	Department       string            `json:"department"`
	Role             string            `json:"role"`
	Shift            string            `json:"shift"`
	Status           string            `json:"status"`
	PortalOnly       bool              `json:"portalOnly"`
	ChecklistVersion int               `json:"checklistVersion"`
	UpdatedAt        time.Time         `json:"updatedAt"`
	Links            map[string]string `json:"_links"`
}

type apiItem struct {
	ID          string `json:"id"`
	Label       string `json:"label"`
	PacketGroup string `json:"packetGroup"`
	Notes       string `json:"notes"`
	Required    bool   `json:"required"`
	Scope       string `json:"scope,omitempty"`
}

type apiChecklist struct {
	RequisitionID    string    `json:"requisitionId"`
	PlacementID      string    `json:"placementId,omitempty"`
	ChecklistVersion int       `json:"checklistVersion"`
	TotalCount       int       `json:"totalCount"`
	Items            []apiItem `json:"items"`
	NextCursor       *string   `json:"nextCursor"`
}

type apiReceipt struct {
	ID             string    `json:"id"`
	PlacementID    string    `json:"placementId"`
	PacketGroup    string    `json:"packetGroup"`
	FileName       string    `json:"fileName"`
	ContentType    string    `json:"contentType"`
	Size           int64     `json:"size"`
	SHA256         string    `json:"sha256"`
	IdempotencyKey string    `json:"idempotencyKey"`
	Status         string    `json:"status"`
	ReceivedAt     time.Time `json:"receivedAt"`
}

type apiDocuments struct {
	PlacementID string       `json:"placementId"`
	Items       []apiReceipt `json:"items"`
}

func writeAPIError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, apiError{Error: apiErrorBody{Code: code, Message: msg}})
}

// handleToken is OAuth 2.0 client credentials (RFC 6749 4.4): the client
// authenticates with HTTP Basic or with client_id and client_secret in
// the form, and gets a bearer token.
func (s *Sandbox) handleToken(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	oauthError := func(status int, code, desc string, basic bool) {
		if basic {
			w.Header().Set("WWW-Authenticate", `Basic realm="vms-sandbox"`)
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, status, map[string]string{"error": code, "error_description": desc})
	}
	if err := r.ParseForm(); err != nil {
		oauthError(http.StatusBadRequest, "invalid_request", "The request body is not a form.", false)
		return
	}
	if gt := r.PostForm.Get("grant_type"); gt != "client_credentials" {
		oauthError(http.StatusBadRequest, "unsupported_grant_type", fmt.Sprintf("Grant type %q is not supported; use client_credentials.", gt), false)
		return
	}
	id, secret, basic := r.BasicAuth()
	if basic {
		// RFC 6749 2.3.1: the credentials are form-encoded inside Basic.
		id, _ = url.QueryUnescape(id)
		secret, _ = url.QueryUnescape(secret)
	} else {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id == "" {
		oauthError(http.StatusUnauthorized, "invalid_client", "Client authentication failed: no client credentials.", basic)
		return
	}
	if !s.credentialsOK(id, secret) {
		oauthError(http.StatusUnauthorized, "invalid_client", "Client authentication failed.", basic)
		return
	}
	token := "sbx_at_" + randomHex(24)
	s.mu.Lock()
	s.tokens[token] = s.now().Add(s.tokenTTL)
	s.mu.Unlock()
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	writeJSON(w, http.StatusOK, map[string]any{
		"access_token": token,
		"token_type":   "Bearer",
		"expires_in":   int(s.tokenTTL / time.Second),
		"scope":        "requisitions:read documents:write",
	})
}

func (s *Sandbox) credentialsOK(user, password string) bool {
	u := subtle.ConstantTimeCompare([]byte(user), []byte(s.username))
	p := subtle.ConstantTimeCompare([]byte(password), []byte(s.password))
	return u&p == 1
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// api wraps an API handler with bearer token authentication.
func (s *Sandbox) api(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		if len(auth) < 8 || !strings.EqualFold(auth[:7], "bearer ") {
			w.Header().Set("WWW-Authenticate", `Bearer realm="vms-sandbox"`)
			writeAPIError(w, http.StatusUnauthorized, "unauthorized", "A bearer token is required; get one from POST "+TokenPath+".")
			return
		}
		token := strings.TrimSpace(auth[7:])
		now := s.now()
		s.mu.Lock()
		exp, ok := s.tokens[token]
		if ok && !now.Before(exp) {
			delete(s.tokens, token)
			ok = false
		}
		s.mu.Unlock()
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="vms-sandbox", error="invalid_token", error_description="The access token expired or was revoked"`)
			writeAPIError(w, http.StatusUnauthorized, "invalid_token", "The access token expired or was revoked.")
			return
		}
		h(w, r)
	}
}

// surface is where a request came in, which decides how errors look.
type surface int

const (
	surfaceAPI surface = iota
	surfacePortal
)

// gate checks a job reference and applies its traits (SLOW- waits,
// NOTFOUND-, FORBIDDEN-, MAINT-, FAIL- and FLAKY- answer). subject names
// what was asked for in messages ("Requisition ABC-1"). False when it
// answered.
func (s *Sandbox) gate(w http.ResponseWriter, r *http.Request, sf surface, jobRef, subject string) (traits, bool) {
	if !validRef(jobRef) {
		s.notFound(w, r, sf, subject+" was not found.")
		return traits{}, false
	}
	t := parseTraits(jobRef)
	if t.slow && !wait(r, s.slowDelay) {
		return t, false
	}
	switch {
	case t.notFound:
		s.notFound(w, r, sf, subject+" was not found.")
	case t.forbidden:
		if sf == surfaceAPI {
			writeAPIError(w, http.StatusForbidden, "forbidden", "Your supplier account is not authorized for "+strings.ToLower(subject[:1])+subject[1:]+".")
		} else {
			s.page(w, http.StatusForbidden, "forbidden", pageData{Title: "Access denied", Message: "Your supplier account is not authorized for " + strings.ToLower(subject[:1]) + subject[1:] + "."})
		}
	case t.maint:
		// In front of the application, whatever was asked: a 200 page.
		s.page(w, http.StatusOK, "maintenance", pageData{Title: "Scheduled maintenance"})
	case t.fail, t.flaky && s.flakyCall(r):
		retry := "120"
		if !t.fail {
			retry = "5"
		}
		w.Header().Set("Retry-After", retry)
		if sf == surfaceAPI {
			writeAPIError(w, http.StatusServiceUnavailable, "service_unavailable", "The requisition service is temporarily unavailable. Please try again later.")
		} else {
			s.page(w, http.StatusServiceUnavailable, "error", pageData{Title: "Service unavailable", Message: "The requisition service is temporarily unavailable. Please try again later."})
		}
	default:
		return t, true
	}
	return t, false
}

func (s *Sandbox) notFound(w http.ResponseWriter, _ *http.Request, sf surface, msg string) {
	if sf == surfaceAPI {
		writeAPIError(w, http.StatusNotFound, "not_found", msg)
		return
	}
	s.page(w, http.StatusNotFound, "notfound", pageData{Title: "Not found", Message: msg})
}

func (s *Sandbox) handleAPINotFound(w http.ResponseWriter, r *http.Request) {
	writeAPIError(w, http.StatusNotFound, "not_found", fmt.Sprintf("No endpoint %s %s.", r.Method, r.URL.Path))
}

func apiJobOf(j Job) apiJob {
	esc := url.PathEscape(j.Ref)
	return apiJob{
		RequisitionID:    j.Ref,
		Title:            j.Title,
		Facility:         apiFacility{ID: j.FacilityID, Name: j.Facility},
		Worksite:         apiWorksite{City: j.City, State: j.State, PostalCode: j.PostalCode},
		Department:       j.Department,
		Role:             j.Role,
		Shift:            j.Shift,
		Status:           j.Status,
		PortalOnly:       j.PortalOnly,
		ChecklistVersion: j.Version,
		UpdatedAt:        j.UpdatedAt,
		Links: map[string]string{
			"self":         apiPrefix + "/jobs/" + esc,
			"requirements": apiPrefix + "/jobs/" + esc + "/requirements",
			"portal":       "/portal/jobs/" + esc,
		},
	}
}

// gateJob gates the job an API path names; false when it answered.
func (s *Sandbox) gateJob(w http.ResponseWriter, r *http.Request) (string, traits, bool) {
	ref := r.PathValue("ref")
	t, ok := s.gate(w, r, surfaceAPI, ref, "Requisition "+ref)
	return ref, t, ok
}

// gatePlacement gates the job of the placement an API path names; false
// when it answered (404 for a reference that names no job).
func (s *Sandbox) gatePlacement(w http.ResponseWriter, r *http.Request) (ref, jobRef string, t traits, ok bool) {
	ref = r.PathValue("ref")
	jobRef, ok = placementJob(ref)
	if !ok {
		writeAPIError(w, http.StatusNotFound, "not_found", "Placement "+ref+" was not found (placement ids look like P-<requisition id>-<n>).")
		return ref, "", traits{}, false
	}
	t, ok = s.gate(w, r, surfaceAPI, jobRef, "Placement "+ref)
	return ref, jobRef, t, ok
}

// portalOnly answers 404 portal_only, saying msg, when what was asked for
// is kept in the supplier portal only; true when it answered.
func portalOnly(w http.ResponseWriter, only bool, msg string) bool {
	if only {
		writeAPIError(w, http.StatusNotFound, "portal_only", msg)
	}
	return only
}

func (s *Sandbox) handleJob(w http.ResponseWriter, r *http.Request) {
	ref, t, ok := s.gateJob(w, r)
	if !ok || portalOnly(w, t.apiHidden, "Requisition "+ref+" is managed in the supplier portal only; it is not available through the API.") {
		return
	}
	writeJSON(w, http.StatusOK, apiJobOf(s.Job(ref)))
}

func (s *Sandbox) handleJobRequirements(w http.ResponseWriter, r *http.Request) {
	ref, t, ok := s.gateJob(w, r)
	if !ok || portalOnly(w, t.portalChecklist, "The checklist of requisition "+ref+" is maintained in the supplier portal only.") {
		return
	}
	jt := s.JobTruth(ref)
	s.writeChecklist(w, r, ref, apiChecklist{RequisitionID: ref, ChecklistVersion: jt.Job.Version}, jt.Items)
}

func (s *Sandbox) handlePlacementRequirements(w http.ResponseWriter, r *http.Request) {
	ref, jobRef, t, ok := s.gatePlacement(w, r)
	if !ok || portalOnly(w, t.portalChecklist, "The checklist of placement "+ref+" is maintained in the supplier portal only.") {
		return
	}
	p, _ := s.PlacementTruth(ref)
	s.writeChecklist(w, r, ref, apiChecklist{RequisitionID: jobRef, PlacementID: ref, ChecklistVersion: p.Job.Version}, p.Items)
}

// writeChecklist answers one page of items. A cursor names the reference,
// the checklist version and the offset; a cursor of an older version is
// 409 cursor_stale, so that a client never stitches two versions together.
func (s *Sandbox) writeChecklist(w http.ResponseWriter, r *http.Request, ref string, out apiChecklist, items []Item) {
	q := r.URL.Query()
	limit := DefaultPageSize
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxPageSize {
			writeAPIError(w, http.StatusBadRequest, "invalid_request", fmt.Sprintf("limit must be 1 to %d.", MaxPageSize))
			return
		}
		limit = n
	}
	offset := 0
	if c := q.Get("cursor"); c != "" {
		cref, version, off, err := decodeCursor(c)
		if err != nil || cref != ref || off < 0 || off > len(items) {
			writeAPIError(w, http.StatusBadRequest, "invalid_cursor", "The cursor is not valid for this list.")
			return
		}
		if version != out.ChecklistVersion {
			writeAPIError(w, http.StatusConflict, "cursor_stale",
				fmt.Sprintf("The checklist changed since this cursor was issued (version %d, now %d); start again without a cursor.", version, out.ChecklistVersion))
			return
		}
		offset = off
	}
	end := min(offset+limit, len(items))
	out.TotalCount = len(items)
	out.Items = make([]apiItem, 0, end-offset)
	for _, it := range items[offset:end] {
		out.Items = append(out.Items, apiItem{ID: it.ID, Label: it.Label, PacketGroup: it.PacketGroup, Notes: it.Notes, Required: it.Required, Scope: it.Scope})
	}
	if end < len(items) {
		c := encodeCursor(ref, out.ChecklistVersion, end)
		out.NextCursor = &c
	}
	writeJSON(w, http.StatusOK, out)
}

func encodeCursor(ref string, version, offset int) string {
	return base64.RawURLEncoding.EncodeToString(fmt.Appendf(nil, "%s|%d|%d", ref, version, offset))
}

func decodeCursor(c string) (string, int, int, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return "", 0, 0, err
	}
	parts := strings.Split(string(b), "|")
	if len(parts) != 3 {
		return "", 0, 0, errors.New("bad cursor")
	}
	v, err1 := strconv.Atoi(parts[1])
	o, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil {
		return "", 0, 0, errors.New("bad cursor")
	}
	return parts[0], v, o, nil
}

// Upload is one packet the VMS received.
type Upload struct {
	ID             string    `json:"id"`
	PlacementRef   string    `json:"placementRef"`
	PacketGroup    string    `json:"packetGroup"`
	FileName       string    `json:"fileName"`
	IdempotencyKey string    `json:"idempotencyKey"`
	Size           int64     `json:"size"`
	SHA256         string    `json:"sha256"`
	ReceivedAt     time.Time `json:"receivedAt"`
	// Replays counts the requests answered with this receipt again
	// (same Idempotency-Key, same packet).
	Replays int `json:"replays"`
	content []byte
}

func (u *Upload) receipt() apiReceipt {
	return apiReceipt{ID: u.ID, PlacementID: u.PlacementRef, PacketGroup: u.PacketGroup, FileName: u.FileName,
		ContentType: "application/pdf", Size: u.Size, SHA256: u.SHA256, IdempotencyKey: u.IdempotencyKey,
		Status: "RECEIVED", ReceivedAt: u.ReceivedAt}
}

// Uploads returns the packets received, oldest first; for one placement
// when placement is not empty.
func (s *Sandbox) Uploads(placement string) []Upload {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []Upload{}
	for _, u := range s.uploads {
		if placement == "" || u.PlacementRef == placement {
			c := *u
			c.content = nil
			out = append(out, c)
		}
	}
	return out
}

// UploadContent returns the bytes of an upload.
func (s *Sandbox) UploadContent(id string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, u := range s.uploads {
		if u.ID == id {
			return bytes.Clone(u.content), true
		}
	}
	return nil, false
}

// uploadError is a refused upload: status, code and message.
type uploadError struct {
	status        int
	code, message string
}

// readUpload reads the packet from multipart/form-data (a "file" part and
// a "packetGroup" field) or from a raw application/pdf body (packetGroup
// in the query, the name in Content-Disposition).
func readUpload(w http.ResponseWriter, r *http.Request) (content []byte, group, name string, uerr *uploadError) {
	r.Body = http.MaxBytesReader(w, r.Body, MaxUploadBytes+1<<20)
	tooLarge := &uploadError{http.StatusRequestEntityTooLarge, "file_too_large", fmt.Sprintf("The packet is larger than %d MB.", MaxUploadBytes>>20)}
	readErr := func(err error) *uploadError {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return tooLarge
		}
		return &uploadError{http.StatusBadRequest, "invalid_request", "The request body could not be read."}
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return nil, "", "", &uploadError{http.StatusUnsupportedMediaType, "unsupported_media_type", "Send multipart/form-data or application/pdf."}
	}
	switch mt {
	case "multipart/form-data":
		mr, err := r.MultipartReader()
		if err != nil {
			return nil, "", "", &uploadError{http.StatusBadRequest, "invalid_request", "The multipart body could not be read."}
		}
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, "", "", readErr(err)
			}
			switch part.FormName() {
			case "packetGroup":
				b, err := io.ReadAll(io.LimitReader(part, 1024))
				if err != nil {
					return nil, "", "", readErr(err)
				}
				group = strings.TrimSpace(string(b))
			case "file":
				name = part.FileName()
				content, err = io.ReadAll(io.LimitReader(part, MaxUploadBytes+1))
				if err != nil {
					return nil, "", "", readErr(err)
				}
			}
			part.Close()
		}
	case "application/pdf", "application/octet-stream":
		group = strings.TrimSpace(r.URL.Query().Get("packetGroup"))
		if _, p, err := mime.ParseMediaType(r.Header.Get("Content-Disposition")); err == nil {
			name = p["filename"]
		}
		content, err = io.ReadAll(io.LimitReader(r.Body, MaxUploadBytes+1))
		if err != nil {
			return nil, "", "", readErr(err)
		}
	default:
		return nil, "", "", &uploadError{http.StatusUnsupportedMediaType, "unsupported_media_type", "Send multipart/form-data or application/pdf, not " + mt + "."}
	}
	switch {
	case len(content) == 0:
		return nil, "", "", &uploadError{http.StatusBadRequest, "file_required", "No file was sent."}
	case len(content) > MaxUploadBytes:
		return nil, "", "", tooLarge
	case !bytes.HasPrefix(content, []byte("%PDF-")):
		return nil, "", "", &uploadError{http.StatusUnsupportedMediaType, "unsupported_file", "The packet is not a PDF."}
	case group == "":
		return nil, "", "", &uploadError{http.StatusBadRequest, "invalid_request", "packetGroup is required."}
	case len(group) > 200:
		return nil, "", "", &uploadError{http.StatusBadRequest, "invalid_request", "packetGroup is longer than 200 characters."}
	}
	if name == "" {
		name = "packet.pdf"
	}
	return content, group, name, nil
}

// handleUpload stores a compiled packet once per Idempotency-Key: a repeat
// of the same key and packet answers the first receipt (200,
// Idempotent-Replayed: true) and stores nothing; the same key with another
// placement, packet group or content is 409 idempotency_key_reused.
func (s *Sandbox) handleUpload(w http.ResponseWriter, r *http.Request) {
	ref, _, _, ok := s.gatePlacement(w, r)
	if !ok {
		return
	}
	key := r.Header.Get("Idempotency-Key")
	switch {
	case key == "":
		writeAPIError(w, http.StatusBadRequest, "idempotency_key_required", "Uploads need an Idempotency-Key header.")
		return
	case len(key) > maxKeyLength:
		writeAPIError(w, http.StatusBadRequest, "invalid_request", fmt.Sprintf("Idempotency-Key is longer than %d characters.", maxKeyLength))
		return
	}
	content, group, name, uerr := readUpload(w, r)
	if uerr != nil {
		writeAPIError(w, uerr.status, uerr.code, uerr.message)
		return
	}
	sum := sha256.Sum256(content)
	digest := hex.EncodeToString(sum[:])

	s.mu.Lock()
	if prev := s.byKey[key]; prev != nil {
		if prev.PlacementRef != ref || prev.PacketGroup != group || prev.SHA256 != digest {
			s.mu.Unlock()
			writeAPIError(w, http.StatusConflict, "idempotency_key_reused",
				fmt.Sprintf("Idempotency-Key %q was first used for another upload (placement %s, packet group %q, sha256 %s); use a new key for a different packet.",
					key, prev.PlacementRef, prev.PacketGroup, prev.SHA256[:12]))
			return
		}
		prev.Replays++
		rc := prev.receipt()
		s.mu.Unlock()
		s.log.Info("vms sandbox upload replayed", "id", rc.ID, "placement", ref, "key", key)
		w.Header().Set("Idempotent-Replayed", "true")
		writeJSON(w, http.StatusOK, rc)
		return
	}
	s.uploadSeq++
	u := &Upload{ID: fmt.Sprintf("DOC-%06d", s.uploadSeq), PlacementRef: ref, PacketGroup: group, FileName: name,
		IdempotencyKey: key, Size: int64(len(content)), SHA256: digest, ReceivedAt: s.now().UTC(), content: content}
	s.uploads = append(s.uploads, u)
	s.byKey[key] = u
	rc := u.receipt()
	s.mu.Unlock()
	s.log.Info("vms sandbox upload stored", "id", rc.ID, "placement", ref, "packet_group", group, "size", rc.Size, "key", key)
	w.Header().Set("Location", apiPrefix+"/placements/"+url.PathEscape(ref)+"/documents/"+rc.ID)
	writeJSON(w, http.StatusCreated, rc)
}

func (s *Sandbox) handleDocuments(w http.ResponseWriter, r *http.Request) {
	ref, _, _, ok := s.gatePlacement(w, r)
	if !ok {
		return
	}
	out := apiDocuments{PlacementID: ref, Items: []apiReceipt{}}
	for _, u := range s.Uploads(ref) {
		out.Items = append(out.Items, u.receipt())
	}
	writeJSON(w, http.StatusOK, out)
}
