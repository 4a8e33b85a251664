package sandbox

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/clearedtostart/compliance/internal/sandboxhttp"
)

// Defaults of Config.
const (
	DefaultUsername       = "sandbox-supplier"
	DefaultPassword       = "sandbox-password"
	DefaultSlowDelay      = 10 * time.Second
	DefaultTokenTTL       = time.Hour
	DefaultSessionTTL     = 30 * time.Minute
	DefaultChangeInterval = time.Minute
	DefaultFlakyFailures  = 2
)

// MaxUploadBytes bounds one uploaded packet (413 above it).
const MaxUploadBytes = 20 << 20

// maxLogged is how many requests GET /_sandbox/requests keeps.
const maxLogged = 1000

// Config configures a Sandbox. Every field has a working default.
type Config struct {
	// Seed picks the jobs and checklists references derive; the same
	// seed gives the same ones.
	Seed   int64
	Logger *slog.Logger
	// Username and Password are the API client credentials (client_id,
	// client_secret) and the portal login alike.
	Username, Password string
	// SlowDelay is how long SLOW- jobs and "slow" faults without a delay
	// wait (default 10s).
	SlowDelay time.Duration
	// Now is the clock of tokens, sessions, receipts and CHANGE- versions.
	Now func() time.Time
	// TokenTTL is an access token's lifetime (default 1h).
	TokenTTL time.Duration
	// SessionTTL is how long an idle portal session lasts (default 30m).
	SessionTTL time.Duration
	// ChangeInterval is how often CHANGE- templates move to their next
	// version (default 1m).
	ChangeInterval time.Duration
	// FlakyFailures is how many calls of each path of a FLAKY- job fail
	// before they succeed (default 2).
	FlakyFailures int
}

// Sandbox is an http.Handler serving the sandbox VMS: its JSON API, its
// supplier portal and the admin endpoints for tests.
type Sandbox struct {
	log            *slog.Logger
	username       string
	password       string
	slowDelay      time.Duration
	now            func() time.Time
	tokenTTL       time.Duration
	sessionTTL     time.Duration
	changeInterval time.Duration
	flakyFailures  int
	start          time.Time
	secret         []byte
	gen            *generator
	pages          *template.Template
	mux            *http.ServeMux
	requests       *sandboxhttp.RequestLog[Request]

	mu        sync.Mutex
	tokens    map[string]time.Time
	sessions  map[string]*session
	jobs      map[string]*jobState
	flaky     map[string]int
	faults    []Fault
	faultSeq  int
	uploads   []*Upload
	byKey     map[string]*Upload
	uploadSeq int
}

// jobState is what admin calls changed about a job.
type jobState struct {
	status    string
	bumps     int
	updatedAt time.Time
}

type session struct {
	user     string
	lastSeen time.Time
}

// New returns the handler.
func New(cfg Config) *Sandbox {
	s := &Sandbox{
		log:            cfg.Logger,
		username:       cmpOr(cfg.Username, DefaultUsername),
		password:       cmpOr(cfg.Password, DefaultPassword),
		slowDelay:      cmpOr(cfg.SlowDelay, DefaultSlowDelay),
		now:            cfg.Now,
		tokenTTL:       cmpOr(cfg.TokenTTL, DefaultTokenTTL),
		sessionTTL:     cmpOr(cfg.SessionTTL, DefaultSessionTTL),
		changeInterval: cmpOr(cfg.ChangeInterval, DefaultChangeInterval),
		flakyFailures:  cmpOr(cfg.FlakyFailures, DefaultFlakyFailures),
		gen:            newGenerator(cfg.Seed),
		pages:          parsePages(),
		secret:         make([]byte, 32),
		requests:       sandboxhttp.NewRequestLog(maxLogged, func(r *Request, seq int) { r.Seq = seq }),
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	rand.Read(s.secret)
	s.start = s.now()
	s.resetState()

	s.mux = http.NewServeMux()
	s.mux.HandleFunc("POST "+TokenPath, s.handleToken)
	s.mux.HandleFunc("GET /api/v1/jobs/{ref}", s.api(s.handleJob))
	s.mux.HandleFunc("GET /api/v1/jobs/{ref}/requirements", s.api(s.handleJobRequirements))
	s.mux.HandleFunc("GET /api/v1/placements/{ref}/requirements", s.api(s.handlePlacementRequirements))
	s.mux.HandleFunc("POST /api/v1/placements/{ref}/documents", s.api(s.handleUpload))
	s.mux.HandleFunc("GET /api/v1/placements/{ref}/documents", s.api(s.handleDocuments))
	s.mux.HandleFunc("/api/", s.api(s.handleAPINotFound))

	s.mux.HandleFunc("GET /portal/login", s.handleLoginPage)
	s.mux.HandleFunc("POST /portal/login", s.handleLogin)
	s.mux.HandleFunc("GET /portal/logout", s.handleLogout)
	s.mux.HandleFunc("GET /portal/{$}", s.portal(s.handleHome))
	s.mux.HandleFunc("GET /portal/search", s.portal(s.handleSearch))
	s.mux.HandleFunc("GET /portal/jobs/{ref}", s.portal(s.handleJobPage))
	s.mux.HandleFunc("GET /portal/placements/{ref}", s.portal(s.handlePlacementPage))

	s.mux.HandleFunc("GET /_sandbox/jobs/{ref}", s.handleJobTruth)
	s.mux.HandleFunc("POST /_sandbox/jobs/{ref}/status", s.handleSetStatus)
	s.mux.HandleFunc("POST /_sandbox/jobs/{ref}/version", s.handleBumpVersion)
	s.mux.HandleFunc("GET /_sandbox/placements/{ref}", s.handlePlacementTruth)
	s.mux.HandleFunc("GET /_sandbox/faults", s.handleFaults)
	s.mux.HandleFunc("POST /_sandbox/faults", s.handleAddFault)
	s.mux.HandleFunc("DELETE /_sandbox/faults", s.handleClearFaults)
	sandboxhttp.HandleRequests[Request](s.mux, s)
	s.mux.HandleFunc("GET /_sandbox/uploads", s.handleUploads)
	s.mux.HandleFunc("GET /_sandbox/uploads/{id}/content", s.handleUploadContent)
	s.mux.HandleFunc("POST /_sandbox/sessions/expire", s.handleExpireSessions)
	s.mux.HandleFunc("POST /_sandbox/reset", s.handleReset)
	s.mux.HandleFunc("GET /_sandbox/wordings", s.handleWordings)
	s.mux.HandleFunc("GET /{$}", s.handleHelp)
	return s
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

func (s *Sandbox) resetState() {
	s.tokens = map[string]time.Time{}
	s.sessions = map[string]*session{}
	s.jobs = map[string]*jobState{}
	s.flaky = map[string]int{}
	s.faults = nil
	s.requests.Clear()
	s.uploads = nil
	s.byKey = map[string]*Upload{}
}

// ServeHTTP records what reaches the VMS (API, token, portal), applies any
// admin fault in front of it, and routes.
func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/" || strings.HasPrefix(r.URL.Path, "/_sandbox/") {
		s.mux.ServeHTTP(w, r)
		return
	}
	rec := s.record(r)
	sw := &statusWriter{ResponseWriter: w}
	f, ok := s.takeFault(r)
	start := time.Now()
	if ok {
		s.requests.Update(rec, func(rec *Request) { rec.Fault = f.Mode })
		s.serveFault(sw, r, f)
	} else {
		s.mux.ServeHTTP(sw, r)
	}
	s.requests.Update(rec, func(rec *Request) { rec.Status = sw.status })
	s.log.Info("vms sandbox request", "seq", rec.Seq, "method", r.Method, "path", r.URL.Path,
		"status", sw.status, "fault", rec.Fault, "duration", time.Since(start))
}

// statusWriter remembers the status written.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Request is one request the VMS received (API, token or portal; the
// admin endpoints are not recorded).
type Request struct {
	Seq    int       `json:"seq"`
	At     time.Time `json:"at"`
	Method string    `json:"method"`
	Path   string    `json:"path"`
	Query  string    `json:"query,omitempty"`
	// Auth is the credential the request carried: bearer, basic, session
	// (the portal cookie), form (a login post) or none.
	Auth           string `json:"auth"`
	IdempotencyKey string `json:"idempotencyKey,omitempty"`
	UserAgent      string `json:"userAgent,omitempty"`
	// Status is the HTTP status answered, 0 while pending or when the
	// connection was dropped.
	Status int `json:"status"`
	// Fault is the admin fault applied, if any.
	Fault string `json:"fault,omitempty"`
}

func (s *Sandbox) record(r *http.Request) *Request {
	rec := &Request{At: s.now().UTC(), Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery,
		IdempotencyKey: r.Header.Get("Idempotency-Key"), UserAgent: r.Header.Get("User-Agent"), Auth: "none"}
	auth := r.Header.Get("Authorization")
	switch {
	case len(auth) > 7 && strings.EqualFold(auth[:7], "bearer "):
		rec.Auth = "bearer"
	case len(auth) > 6 && strings.EqualFold(auth[:6], "basic "):
		rec.Auth = "basic"
	case r.Method == http.MethodPost && r.URL.Path == "/portal/login":
		rec.Auth = "form"
	default:
		if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" {
			rec.Auth = "session"
		}
	}
	s.requests.Add(rec)
	return rec
}

// Requests returns the requests received, oldest first (the last 1000).
func (s *Sandbox) Requests() []Request { return s.requests.Records() }

// ClearRequests forgets the requests received.
func (s *Sandbox) ClearRequests() { s.requests.Clear() }

// Fault modes.
const (
	// FaultFail answers Status (503) without reaching the VMS.
	FaultFail = "fail"
	// FaultSlow waits Delay (Config.SlowDelay), then answers normally.
	FaultSlow = "slow"
	// FaultFailAfter lets the VMS do the work (an upload is stored), then
	// answers Status (502) instead: a response lost on the way back.
	FaultFailAfter = "failAfter"
	// FaultDropAfter lets the VMS do the work, then closes the connection
	// without an answer.
	FaultDropAfter = "dropAfter"
)

// Fault makes the next Count requests matching Method and Path fail or
// slow down, in front of the VMS as a load balancer or an outage would.
type Fault struct {
	ID int `json:"id"`
	// Method matches any method when empty.
	Method string `json:"method,omitempty"`
	// Path is a request path ("/api/v1/jobs/ABC-1/requirements"), or a
	// prefix when it ends in "*" ("/portal/*").
	Path string `json:"path"`
	Mode string `json:"mode"`
	// Count is how many matching requests it applies to (default 1); it
	// counts down and the fault goes when it reaches 0.
	Count int `json:"count"`
	// Status of fail (503) and failAfter (502).
	Status int `json:"status,omitempty"`
	// Delay of slow (default Config.SlowDelay).
	Delay Duration `json:"delay,omitempty"`
}

func (f *Fault) matches(r *http.Request) bool {
	if f.Method != "" && !strings.EqualFold(f.Method, r.Method) {
		return false
	}
	if p, ok := strings.CutSuffix(f.Path, "*"); ok {
		return strings.HasPrefix(r.URL.Path, p)
	}
	return r.URL.Path == f.Path
}

// Duration is a time.Duration written as "5s" in JSON.
type Duration = sandboxhttp.Duration

// AddFault adds a fault and returns it with its id and defaults.
func (s *Sandbox) AddFault(f Fault) (Fault, error) {
	switch f.Mode {
	case FaultFail, FaultSlow, FaultFailAfter, FaultDropAfter:
	default:
		return Fault{}, fmt.Errorf("unknown mode %q (fail, slow, failAfter, dropAfter)", f.Mode)
	}
	if !strings.HasPrefix(f.Path, "/") {
		return Fault{}, fmt.Errorf("path %q must start with /", f.Path)
	}
	if f.Count < 0 {
		return Fault{}, errors.New("count must not be negative")
	}
	if f.Count == 0 {
		f.Count = 1
	}
	if f.Status != 0 && (f.Status < 400 || f.Status > 599) {
		return Fault{}, fmt.Errorf("status %d is not an error status", f.Status)
	}
	switch {
	case f.Mode == FaultFail && f.Status == 0:
		f.Status = http.StatusServiceUnavailable
	case f.Mode == FaultFailAfter && f.Status == 0:
		f.Status = http.StatusBadGateway
	case f.Mode == FaultSlow && f.Delay == 0:
		f.Delay = Duration(s.slowDelay)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faultSeq++
	f.ID = s.faultSeq
	s.faults = append(s.faults, f)
	return f, nil
}

// Faults are the faults in force, counts counting down.
func (s *Sandbox) Faults() []Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	// A copy, never nil: GET /_sandbox/faults answers [] when there is none.
	return append([]Fault{}, s.faults...)
}

// ClearFaults removes every fault.
func (s *Sandbox) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
}

// takeFault returns the first fault matching r and counts it down.
func (s *Sandbox) takeFault(r *http.Request) (Fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.faults {
		if f := &s.faults[i]; f.matches(r) {
			out := *f
			f.Count--
			if f.Count <= 0 {
				s.faults = slices.Delete(s.faults, i, i+1)
			}
			return out, true
		}
	}
	return Fault{}, false
}

func (s *Sandbox) serveFault(w http.ResponseWriter, r *http.Request, f Fault) {
	switch f.Mode {
	case FaultFail:
		gatewayPage(w, f.Status)
	case FaultSlow:
		if !wait(r, time.Duration(f.Delay)) {
			return
		}
		s.mux.ServeHTTP(w, r)
	case FaultFailAfter, FaultDropAfter:
		buf := &bufferedWriter{header: http.Header{}}
		s.mux.ServeHTTP(buf, r)
		if f.Mode == FaultDropAfter {
			// The work is done; the answer never leaves.
			panic(http.ErrAbortHandler)
		}
		gatewayPage(w, f.Status)
	}
}

// bufferedWriter takes an answer that is then thrown away.
type bufferedWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *bufferedWriter) Header() http.Header         { return b.header }
func (b *bufferedWriter) Write(p []byte) (int, error) { return b.body.Write(p) }
func (b *bufferedWriter) WriteHeader(code int)        { b.status = code }

// gatewayPage is what a load balancer in front of the VMS answers.
func gatewayPage(w http.ResponseWriter, status int) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Server", "awselb/2.0")
	w.WriteHeader(status)
	fmt.Fprintf(w, "<html>\r\n<head><title>%d %s</title></head>\r\n<body>\r\n<center><h1>%d %s</h1></center>\r\n</body>\r\n</html>\r\n",
		status, http.StatusText(status), status, http.StatusText(status))
}

// wait sleeps d unless the request ends first; false when it ended.
func wait(r *http.Request, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

// JobTruth is a job and its checklist as the sandbox holds them, with the
// catalog keys of each item and what each template version changed.
type JobTruth struct {
	Job     Job      `json:"job"`
	Items   []Item   `json:"items"`
	Changes []Change `json:"changes"`
}

// PlacementTruth is a placement's checklist: its job's template followed
// by its own items (Scope tells them apart), in group order.
type PlacementTruth struct {
	Ref   string `json:"ref"`
	Job   Job    `json:"job"`
	Items []Item `json:"items"`
}

// Job returns the job a reference describes now: status and version
// include admin changes and, for CHANGE- jobs, the clock.
func (s *Sandbox) Job(ref string) Job {
	j, _, _ := s.gen.job(ref)
	t := parseTraits(ref)
	now := s.now()
	j.UpdatedAt = s.start.UTC()
	s.mu.Lock()
	st := s.jobs[ref]
	if st != nil {
		if st.status != "" {
			j.Status = st.status
		}
		j.Version += st.bumps
		j.UpdatedAt = st.updatedAt.UTC()
	}
	s.mu.Unlock()
	if t.change && now.After(s.start) {
		periods := int(now.Sub(s.start) / s.changeInterval)
		j.Version += periods
		if changed := s.start.Add(time.Duration(periods) * s.changeInterval); periods > 0 && changed.After(j.UpdatedAt) {
			j.UpdatedAt = changed.UTC()
		}
	}
	return j
}

// JobTruth returns the job and its checklist at its current version.
func (s *Sandbox) JobTruth(ref string) JobTruth {
	j := s.Job(ref)
	items, changes := s.gen.template(ref, j.Version)
	if changes == nil {
		changes = []Change{}
	}
	return JobTruth{Job: j, Items: items, Changes: changes}
}

// PlacementTruth returns a placement's checklist; false when the
// reference is not P-<job ref>-<n>.
func (s *Sandbox) PlacementTruth(ref string) (PlacementTruth, bool) {
	jobRef, ok := placementJob(ref)
	if !ok {
		return PlacementTruth{}, false
	}
	jt := s.JobTruth(jobRef)
	items := append(jt.Items, s.gen.placementItems(ref, jobRef, jt.Items)...)
	sortByGroup(items)
	return PlacementTruth{Ref: ref, Job: jt.Job, Items: items}, true
}

// SetStatus changes a job's status (ACTIVE, FILLED, CLOSED, UNAVAILABLE).
func (s *Sandbox) SetStatus(ref, status string) error {
	status = strings.ToUpper(strings.TrimSpace(status))
	switch status {
	case StatusActive, StatusFilled, StatusClosed, StatusUnavailable:
	default:
		return fmt.Errorf("unknown status %q (ACTIVE, FILLED, CLOSED, UNAVAILABLE)", status)
	}
	if !validRef(ref) {
		return fmt.Errorf("%q is not a job reference", ref)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.state(ref)
	st.status = status
	st.updatedAt = s.now()
	return nil
}

// BumpVersion moves a job's template to its next version (some items
// added, one removed, one reworded) and returns the new version.
func (s *Sandbox) BumpVersion(ref string) (int, error) {
	if !validRef(ref) {
		return 0, fmt.Errorf("%q is not a job reference", ref)
	}
	s.mu.Lock()
	st := s.state(ref)
	st.bumps++
	st.updatedAt = s.now()
	s.mu.Unlock()
	return s.Job(ref).Version, nil
}

func (s *Sandbox) state(ref string) *jobState {
	st := s.jobs[ref]
	if st == nil {
		st = &jobState{updatedAt: s.start}
		s.jobs[ref] = st
	}
	return st
}

// ExpireSessions ends every access token and portal session, as a VMS
// restart or a credential rotation would.
func (s *Sandbox) ExpireSessions() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens = map[string]time.Time{}
	s.sessions = map[string]*session{}
}

// Reset returns the sandbox to its start: statuses, versions, FLAKY-
// counters, faults, requests, uploads, tokens and sessions.
func (s *Sandbox) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resetState()
}

// flakyCall counts a call of a FLAKY- path and reports whether it fails.
func (s *Sandbox) flakyCall(r *http.Request) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := r.Method + " " + r.URL.Path
	s.flaky[key]++
	return s.flaky[key] <= s.flakyFailures
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

func adminError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func (s *Sandbox) handleJobTruth(w http.ResponseWriter, r *http.Request) {
	ref := r.PathValue("ref")
	if !validRef(ref) {
		adminError(w, http.StatusBadRequest, fmt.Sprintf("%q is not a job reference", ref))
		return
	}
	writeJSON(w, http.StatusOK, s.JobTruth(ref))
}

func (s *Sandbox) handlePlacementTruth(w http.ResponseWriter, r *http.Request) {
	p, ok := s.PlacementTruth(r.PathValue("ref"))
	if !ok {
		adminError(w, http.StatusBadRequest, fmt.Sprintf("%q is not a placement reference (P-<job ref>-<n>)", r.PathValue("ref")))
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func decodeAdmin(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, 64<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

func (s *Sandbox) handleSetStatus(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Status string `json:"status"`
	}
	if err := decodeAdmin(r, &body); err != nil {
		adminError(w, http.StatusBadRequest, "bad body: "+err.Error())
		return
	}
	ref := r.PathValue("ref")
	if err := s.SetStatus(ref, body.Status); err != nil {
		adminError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.log.Info("vms sandbox job status", "ref", ref, "status", body.Status)
	writeJSON(w, http.StatusOK, s.Job(ref))
}

func (s *Sandbox) handleBumpVersion(w http.ResponseWriter, r *http.Request) {
	ref := r.PathValue("ref")
	v, err := s.BumpVersion(ref)
	if err != nil {
		adminError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.log.Info("vms sandbox template version", "ref", ref, "version", v)
	writeJSON(w, http.StatusOK, s.JobTruth(ref))
}

func (s *Sandbox) handleFaults(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, s.Faults())
}

func (s *Sandbox) handleAddFault(w http.ResponseWriter, r *http.Request) {
	var f Fault
	if err := decodeAdmin(r, &f); err != nil {
		adminError(w, http.StatusBadRequest, "bad fault: "+err.Error())
		return
	}
	added, err := s.AddFault(f)
	if err != nil {
		adminError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.log.Info("vms sandbox fault", "path", added.Path, "mode", added.Mode, "count", added.Count)
	writeJSON(w, http.StatusCreated, added)
}

func (s *Sandbox) handleClearFaults(w http.ResponseWriter, _ *http.Request) {
	s.ClearFaults()
	w.WriteHeader(http.StatusNoContent)
}

func (s *Sandbox) handleUploads(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.Uploads(r.URL.Query().Get("placement")))
}

func (s *Sandbox) handleUploadContent(w http.ResponseWriter, r *http.Request) {
	b, ok := s.UploadContent(r.PathValue("id"))
	if !ok {
		adminError(w, http.StatusNotFound, "no upload "+r.PathValue("id"))
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Write(b)
}

func (s *Sandbox) handleExpireSessions(w http.ResponseWriter, _ *http.Request) {
	s.ExpireSessions()
	w.WriteHeader(http.StatusNoContent)
}

func (s *Sandbox) handleReset(w http.ResponseWriter, _ *http.Request) {
	s.Reset()
	w.WriteHeader(http.StatusNoContent)
}

func (s *Sandbox) handleWordings(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, Wordings())
}

func (s *Sandbox) handleHelp(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, s.Help())
}

// Help is the text GET / answers: credentials, endpoints, special
// references and a few example jobs.
func (s *Sandbox) Help() string {
	var b strings.Builder
	pw := "the one configured"
	if s.password == DefaultPassword {
		pw = DefaultPassword
	}
	fmt.Fprintf(&b, `Sandbox VMS: a JSON API and a supplier portal of HTML pages behind a login

Credentials (API client id/secret and portal login alike): %s / %s

API (OAuth 2.0 client credentials, then Authorization: Bearer <token>)
  POST %s                            grant_type=client_credentials, HTTP Basic client id/secret
  GET  /api/v1/jobs/{ref}                       the job
  GET  /api/v1/jobs/{ref}/requirements          its checklist (?limit=25&cursor=…)
  GET  /api/v1/placements/{ref}/requirements    a placement's checklist; placement refs are P-<job ref>-<n>
  POST /api/v1/placements/{ref}/documents       a packet PDF (multipart: packetGroup, file), Idempotency-Key required
  GET  /api/v1/placements/{ref}/documents       the packets received

Portal (form login, session cookie)
  GET/POST /portal/login    GET /portal/jobs/{ref}    GET /portal/placements/{ref}    GET /portal/logout

Any job reference is a job, derived from the reference. Special words at its start
(combine them: HTML-SLOW-7; placements: P-FLAKY-3-1):
  UNAVAIL-*, FILLED-*, CLOSED-*   that status
  HTML-*       only in the portal (API: 404 portal_only)
  PORTAL-*     API knows the job, checklists only in the portal
  NOTFOUND-*   404          FORBIDDEN-*  403
  FAIL-*       503 always   FLAKY-*      each path fails %d times, then succeeds
  SLOW-*       answers after %s
  MAINT-*      a 200 "scheduled maintenance" page instead of the answer
  CHANGE-*     the template changes version every %s

Admin (for tests)
  GET  /_sandbox/jobs/{ref}             job, items with catalog keys, changes
  POST /_sandbox/jobs/{ref}/status      {"status":"UNAVAILABLE"}
  POST /_sandbox/jobs/{ref}/version     next template version (items added, one removed, one reworded)
  GET  /_sandbox/placements/{ref}       a placement's items with catalog keys
  POST /_sandbox/faults                 {"path":"/api/v1/jobs/A-1*","method":"GET","mode":"fail|slow|failAfter|dropAfter",
                                         "count":1,"status":503,"delay":"5s"}; GET lists, DELETE clears
  GET  /_sandbox/requests               requests received; DELETE clears
  GET  /_sandbox/uploads[?placement=]   packets received; /_sandbox/uploads/{id}/content the bytes
  POST /_sandbox/sessions/expire        end every token and portal session
  POST /_sandbox/reset                  back to the start
  GET  /_sandbox/wordings               the label bank with catalog keys

Examples:
`, s.username, pw, TokenPath, s.flakyFailures, s.slowDelay, s.changeInterval)
	for _, ref := range []string{"ICU-2231", "REQ-100482", "HTML-7", "UNAVAIL-12"} {
		jt := s.JobTruth(ref)
		fmt.Fprintf(&b, "  %-11s %s, %s, %s: %d items\n", ref, jt.Job.Title, jt.Job.Facility, jt.Job.Status, len(jt.Items))
	}
	return b.String()
}
