package sandbox

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/internal/sandboxhttp"
	"github.com/clearedtostart/compliance/nursys"
	"github.com/clearedtostart/compliance/nursys/wire"
)

// Defaults of Config.
const (
	DefaultUsername       = "sandbox-institution"
	DefaultPassword       = "sandbox-password"
	DefaultSlowDelay      = 30 * time.Second
	DefaultProcessingTime = 300 * time.Millisecond
)

// maxRequestBody bounds a request; maxLogged is how many requests GET
// /_sandbox/requests keeps, maxTransactions how many lookups stay
// retrievable.
const (
	maxRequestBody  = 1 << 20
	maxLogged       = 1000
	maxTransactions = 1000
)

// Config configures a Sandbox.
type Config struct {
	Logger *slog.Logger
	// Username and Password are the credentials it accepts (default
	// DefaultUsername, DefaultPassword).
	Username, Password string
	// SlowDelay is how long SANDBOX-SLOW and "slow" without a delay wait
	// (default 30s, beyond the connector's 10s).
	SlowDelay time.Duration
	// ProcessingTime is how long after its submit a lookup's results are
	// complete (default 300ms; a negative value: at once).
	ProcessingTime time.Duration
	// Now is the sandbox's clock (transaction dates, processing time).
	Now func() time.Time
}

// Sandbox is an http.Handler serving the Nurse Lookup interface over the
// known licensees and those added, plus its admin endpoints.
type Sandbox struct {
	log        *slog.Logger
	user, pass string
	slowDelay  time.Duration
	processing time.Duration
	now        func() time.Time
	mux        *http.ServeMux
	requests   *sandboxhttp.RequestLog[Request]

	mu        sync.Mutex
	behaviour sandboxhttp.Switch
	licensees map[string]Licensee
	added     []Licensee
	txs       map[string]*transaction
	txOrder   []string
}

// transaction is one submitted lookup.
type transaction struct {
	submitted time.Time
	mode      string // a special number's behaviour for its retrieves
	responses []wire.LookupResponse
}

// New returns the handler.
func New(cfg Config) *Sandbox {
	s := &Sandbox{
		log: cfg.Logger, user: cfg.Username, pass: cfg.Password, slowDelay: cfg.SlowDelay, processing: cfg.ProcessingTime, now: cfg.Now,
		licensees: map[string]Licensee{}, txs: map[string]*transaction{},
		requests: sandboxhttp.NewCallLog(maxLogged),
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.user == "" && s.pass == "" {
		s.user, s.pass = DefaultUsername, DefaultPassword
	}
	if s.slowDelay <= 0 {
		s.slowDelay = DefaultSlowDelay
	}
	switch {
	case s.processing == 0:
		s.processing = DefaultProcessingTime
	case s.processing < 0:
		s.processing = 0
	}
	if s.now == nil {
		s.now = time.Now
	}
	for _, l := range KnownLicensees() {
		s.licensees[l.key()] = l
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("POST "+wire.LookupPath, s.handleSubmit)
	s.mux.HandleFunc("GET "+wire.LookupPath, s.handleRetrieve)
	sandboxhttp.HandleBehaviour[Behaviour](s.mux, s, s.log, "nursys")
	sandboxhttp.HandleRequests[Request](s.mux, s)
	s.mux.HandleFunc("GET /_sandbox/known", s.handleKnown)
	s.mux.HandleFunc("POST /_sandbox/licensees", s.handleAddLicensee)
	s.mux.HandleFunc("GET /{$}", s.handleHelp)
	return s
}

func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Modes of a Behaviour.
const (
	ModeNormal       = sandboxhttp.ModeNormal
	ModeSlow         = sandboxhttp.ModeSlow
	ModeDown         = sandboxhttp.ModeDown
	ModeFlaky        = sandboxhttp.ModeFlaky
	ModeMalformed    = sandboxhttp.ModeMalformed
	ModeRateLimit    = sandboxhttp.ModeRateLimit
	ModeUnauthorized = sandboxhttp.ModeUnauthorized
	// ModePending is only a special number's: the lookup never completes.
	ModePending = "pending"
)

// Behaviour is how the next calls answer, set through POST
// /_sandbox/behaviour or SetBehaviour (see sandboxhttp.Behaviour).
type Behaviour = sandboxhttp.Behaviour

// Duration is a time.Duration written as "5s" in JSON.
type Duration = sandboxhttp.Duration

// SetBehaviour changes how the next calls answer.
func (s *Sandbox) SetBehaviour(b Behaviour) error { return s.behaviour.Set(b) }

// CurrentBehaviour is the behaviour in force (Count counts down).
func (s *Sandbox) CurrentBehaviour() Behaviour { return s.behaviour.Current() }

// AddLicensee makes the sandbox hold one more license (or replaces the one
// with its state and number), as a board would after licensing a nurse.
func (s *Sandbox) AddLicensee(l Licensee) error {
	l.State = strings.ToUpper(strings.TrimSpace(l.State))
	typ, ok := nursys.LicenseType(l.LicenseType)
	switch {
	case len(l.State) != 2 || jurisdictionName(l.State) == "":
		return fmt.Errorf("unknown state %q", l.State)
	case nursys.NormalizeNumber(l.LicenseNumber) == "":
		return errors.New("a license number is required")
	case !ok || typ == "":
		return fmt.Errorf("license type %q is not RN, PN, CNP, CNS, CNM or CRNA", l.LicenseType)
	case strings.TrimSpace(l.FirstName) == "" || strings.TrimSpace(l.LastName) == "":
		return errors.New("a first and a last name are required")
	case strings.TrimSpace(l.Status) == "":
		return errors.New("a status is required")
	}
	l.LicenseType = typ
	for _, d := range []string{l.OriginalIssueDate, l.ExpirationDate, l.DisciplineDate} {
		if _, err := time.Parse(time.DateOnly, d); d != "" && err != nil {
			return fmt.Errorf("date %q is not YYYY-MM-DD", d)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.licensees[l.key()] = l
	s.added = append(s.added, l)
	return nil
}

// Licensees are the known licensees and those added, in that order.
func (s *Sandbox) Licensees() []Licensee {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append(KnownLicensees(), s.added...)
}

// Request is one call the sandbox received: its User-Agent, Content-Type,
// Accept and username headers, and password shown as "(set)" when sent.
type Request = sandboxhttp.Call

// Requests returns the calls received, oldest first (the last 1000).
func (s *Sandbox) Requests() []Request { return sandboxhttp.Calls(s.requests) }

// ClearRequests forgets the calls received.
func (s *Sandbox) ClearRequests() { s.requests.Clear() }

func (s *Sandbox) record(r *http.Request, body []byte) *Request {
	return sandboxhttp.Record(s.requests, r, body, s.now(), sandboxhttp.CallHeaders{
		Shown:  []string{"User-Agent", "Content-Type", "Accept", wire.HeaderUsername},
		Secret: []string{wire.HeaderPassword}})
}

// front applies a behaviour in front of the lookup: it answers and
// reports true, or reports false for the lookup to answer. Slow waits
// first and then lets the lookup answer.
func (s *Sandbox) front(w http.ResponseWriter, r *http.Request, b Behaviour) (int, bool) {
	switch b.Mode {
	case ModeSlow:
		if !sandboxhttp.Stall(r.Context(), b.Delay, s.slowDelay) {
			return 0, true
		}
	case ModeDown, ModeFlaky:
		st := b.Status
		if st == 0 {
			st = http.StatusServiceUnavailable
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(st)
		fmt.Fprintf(w, "<html><head><title>%d %s</title></head><body><h1>Service Unavailable</h1><p>Nursys is temporarily unavailable. Please try again later.</p></body></html>\n",
			st, http.StatusText(st))
		return st, true
	case ModeRateLimit:
		d := time.Duration(b.RetryAfter)
		if d == 0 {
			d = 30 * time.Second
		}
		w.Header().Set("Retry-After", strconv.Itoa(int(d.Round(time.Second)/time.Second)))
		return sandboxhttp.WriteJSON(w, http.StatusTooManyRequests, map[string]string{"message": "Too many requests."}), true
	case ModeUnauthorized:
		return sandboxhttp.WriteJSON(w, http.StatusUnauthorized, map[string]string{"message": "Authorization has been denied for this request."}), true
	case ModeMalformed:
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, `{"Transaction":{"TransactionId":"`)
		return http.StatusOK, true
	}
	return 0, false
}

func (s *Sandbox) authorized(r *http.Request) bool {
	return r.Header.Get(wire.HeaderUsername) == s.user && r.Header.Get(wire.HeaderPassword) == s.pass
}

func (s *Sandbox) handleSubmit(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBody+1))
	if err != nil {
		http.Error(w, "could not read the request", http.StatusBadRequest)
		return
	}
	rec := s.record(r, body)
	var sub wire.LookupSubmit
	parsed := len(body) <= maxRequestBody && json.Unmarshal(body, &sub) == nil
	b := s.behaviour.Take()
	if b.Mode == ModeNormal && parsed {
		for _, q := range sub.NurseLookupRequests {
			if m := specialMode(q.LicenseNumber); m == ModeSlow || m == ModeDown {
				b = Behaviour{Mode: m}
			}
		}
	}
	status, answered := s.front(w, r, b)
	if !answered {
		status = s.submit(w, r, parsed, sub)
	}
	s.requests.Update(rec, func(rec *Request) { rec.Behaviour, rec.Status = b.Mode, status })
	s.log.Info("nursys sandbox submit", "seq", rec.Seq, "requests", len(sub.NurseLookupRequests), "behaviour", b.Mode, "status", status)
}

// submit validates a batch and keeps its results for retrieval.
func (s *Sandbox) submit(w http.ResponseWriter, r *http.Request, parsed bool, sub wire.LookupSubmit) int {
	if !s.authorized(r) {
		return sandboxhttp.WriteJSON(w, http.StatusUnauthorized, map[string]string{"message": "Authorization has been denied for this request."})
	}
	now := s.now()
	tx := wire.Transaction{TransactionDate: now.Format("2006-01-02T15:04:05.0000000-07:00"), TransactionErrors: []wire.TransactionError{}}
	var errs []wire.TransactionError
	switch {
	case !parsed:
		errs = append(errs, wire.TransactionError{ErrorID: 1, ErrorMessage: "The request could not be read."})
	case len(sub.NurseLookupRequests) == 0:
		errs = append(errs, wire.TransactionError{ErrorID: 1, ErrorMessage: "No nurse lookup requests were submitted."})
	}
	for _, q := range sub.NurseLookupRequests {
		errs = append(errs, validate(q)...)
	}
	if len(errs) > 0 {
		tx.TransactionErrors = errs
		tx.TransactionComment = "Submit lookup failed."
		return sandboxhttp.WriteJSON(w, http.StatusOK, wire.SubmitResponse{Transaction: tx})
	}
	t := &transaction{submitted: now}
	for _, q := range sub.NurseLookupRequests {
		if m := specialMode(q.LicenseNumber); m == ModeMalformed || m == ModePending {
			t.mode = m
		}
		t.responses = append(t.responses, s.lookup(q))
	}
	id := uuid.NewString()
	s.mu.Lock()
	s.txs[id] = t
	s.txOrder = append(s.txOrder, id)
	if len(s.txOrder) > maxTransactions {
		delete(s.txs, s.txOrder[0])
		s.txOrder = slices.Delete(s.txOrder, 0, 1)
	}
	s.mu.Unlock()
	tx.TransactionID, tx.TransactionSuccessFlag, tx.TransactionComment = id, true, "Submit lookup successful. "
	return sandboxhttp.WriteJSON(w, http.StatusOK, wire.SubmitResponse{Transaction: tx})
}

// validate checks one request as Nurse Lookup does: jurisdiction, type
// and number, or an NCSBN ID (which the sandbox does not look up by).
func validate(q wire.LookupRequest) []wire.TransactionError {
	var errs []wire.TransactionError
	if q.NcsbnID != "" {
		return []wire.TransactionError{{ErrorID: 9, ErrorMessage: "Lookup by NcsbnId is not available in the sandbox."}}
	}
	if st := strings.ToUpper(strings.TrimSpace(q.JurisdictionAbbreviation)); jurisdictionName(st) == "" {
		errs = append(errs, wire.TransactionError{ErrorID: 2, ErrorMessage: "Invalid or missing JurisdictionAbbreviation."})
	}
	if q.LicenseType != "" {
		if typ, ok := nursys.LicenseType(q.LicenseType); !ok || typ != strings.ToUpper(q.LicenseType) {
			errs = append(errs, wire.TransactionError{ErrorID: 3, ErrorMessage: "Invalid LicenseType."})
		}
	}
	if n := nursys.NormalizeNumber(q.LicenseNumber); n == "" || len(q.LicenseNumber) > 15 {
		errs = append(errs, wire.TransactionError{ErrorID: 4, ErrorMessage: "Invalid or missing LicenseNumber. This field is required and must be 15 or fewer characters in length."})
	}
	return errs
}

// lookup answers one valid request from the licensees held.
func (s *Sandbox) lookup(q wire.LookupRequest) wire.LookupResponse {
	state := strings.ToUpper(strings.TrimSpace(q.JurisdictionAbbreviation))
	s.mu.Lock()
	l, ok := s.licensees[state+"|"+nursys.NormalizeNumber(q.LicenseNumber)]
	s.mu.Unlock()
	if !ok || (q.LicenseType != "" && !strings.EqualFold(q.LicenseType, l.LicenseType)) {
		return wire.LookupResponse{NurseLookupRequest: q,
			Errors: []wire.TransactionError{{ErrorID: 20, ErrorMessage: "No license matching the jurisdiction, license type and license number was found."}}}
	}
	active := "No"
	if strings.HasPrefix(strings.ToLower(l.Status), "active") {
		active = "Yes"
	}
	lic := wire.License{
		FirstName: l.FirstName, MiddleName: l.MiddleName, LastName: l.LastName, LicenseType: l.LicenseType,
		JurisdictionAbbreviation: l.State, Jurisdiction: jurisdictionName(l.State), LicenseNumber: l.LicenseNumber,
		Active: active, LicenseStatus: l.Status, LicenseOriginalDate: dateTime(l.OriginalIssueDate),
		LicenseExpirationDate: dateTime(l.ExpirationDate), CompactStatus: l.CompactStatus, Messages: []string{},
	}
	if l.Discipline != "" {
		lic.NurseLookupDisciplines = []wire.Discipline{{
			JurisdictionAbbreviation: l.State, Jurisdiction: jurisdictionName(l.State), DateActionWasTaken: dateTime(l.DisciplineDate),
			NurseLookupInitialActions: []wire.Action{{ActionDate: dateTime(l.DisciplineDate), ActionCode: "1145",
				ActionDescription: l.Discipline, StartDate: dateTime(l.DisciplineDate), Duration: "Indefinite/Unspecified"}},
		}}
	}
	return wire.LookupResponse{SuccessFlag: true, NurseLookupRequest: q, FirstName: l.FirstName, LastName: l.LastName,
		NcsbnID: l.NcsbnID, Messages: []string{}, NurseLookupLicenses: []wire.License{lic}}
}

// dateTime writes a date as Nursys does, a date-time without a zone.
func dateTime(d string) string {
	if d == "" {
		return ""
	}
	return d + "T00:00:00"
}

func (s *Sandbox) handleRetrieve(w http.ResponseWriter, r *http.Request) {
	rec := s.record(r, nil)
	b := s.behaviour.Take()
	status, answered := s.front(w, r, b)
	mode := b.Mode
	if !answered {
		mode, status = s.retrieve(w, r)
	}
	s.requests.Update(rec, func(rec *Request) { rec.Behaviour, rec.Status = mode, status })
	s.log.Info("nursys sandbox retrieve", "seq", rec.Seq, "transaction", r.URL.Query().Get("transactionId"), "behaviour", mode, "status", status)
}

// retrieve answers a transaction's results: incomplete until its
// processing time has passed (a pending lookup never completes).
func (s *Sandbox) retrieve(w http.ResponseWriter, r *http.Request) (string, int) {
	if !s.authorized(r) {
		return ModeNormal, sandboxhttp.WriteJSON(w, http.StatusUnauthorized, map[string]string{"message": "Authorization has been denied for this request."})
	}
	id := r.URL.Query().Get("transactionId")
	now := s.now()
	s.mu.Lock()
	t, ok := s.txs[id]
	s.mu.Unlock()
	tx := wire.Transaction{TransactionID: id, TransactionDate: now.Format("2006-01-02T15:04:05.0000000-07:00"), TransactionErrors: []wire.TransactionError{}}
	if !ok {
		tx.TransactionErrors = []wire.TransactionError{{ErrorID: 5, ErrorMessage: "Invalid or missing TransactionId."}}
		tx.TransactionComment = "Retrieve lookup failed."
		return ModeNormal, sandboxhttp.WriteJSON(w, http.StatusOK, wire.RetrieveResponse{Transaction: tx, NurseLookupResponses: []wire.LookupResponse{}})
	}
	tx.TransactionSuccessFlag = true
	if t.mode == ModeMalformed {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, `{"ProcessingCompleteFlag":true,"Transaction":{"TransactionId":"`+id+`","TransactionSuccessFlag":true},"NurseLookupResponses":[{"SuccessFlag":tr`)
		return ModeMalformed, http.StatusOK
	}
	if t.mode == ModePending || now.Sub(t.submitted) < s.processing {
		tx.TransactionComment = "Lookup is processing."
		return cmp.Or(t.mode, ModeNormal), sandboxhttp.WriteJSON(w, http.StatusOK, wire.RetrieveResponse{Transaction: tx, NurseLookupResponses: []wire.LookupResponse{}})
	}
	tx.TransactionComment = "Retrieve lookup successful."
	return ModeNormal, sandboxhttp.WriteJSON(w, http.StatusOK, wire.RetrieveResponse{ProcessingCompleteFlag: true, Transaction: tx, NurseLookupResponses: t.responses})
}

func (s *Sandbox) handleKnown(w http.ResponseWriter, _ *http.Request) {
	sandboxhttp.WriteJSON(w, http.StatusOK, s.Licensees())
}

func (s *Sandbox) handleAddLicensee(w http.ResponseWriter, r *http.Request) {
	var l Licensee
	if err := sandboxhttp.DecodeJSON(r, &l); err != nil {
		sandboxhttp.WriteError(w, http.StatusBadRequest, "bad licensee: "+err.Error())
		return
	}
	if err := s.AddLicensee(l); err != nil {
		sandboxhttp.WriteError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.log.Info("nursys sandbox licensee added", "state", l.State, "license_number", l.LicenseNumber)
	sandboxhttp.WriteJSON(w, http.StatusCreated, l)
}

func (s *Sandbox) handleHelp(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, Help(s.Licensees()))
}

// Help is the text GET / answers: the endpoints, the special numbers and
// the licensees held.
func Help(licensees []Licensee) string {
	var b strings.Builder
	b.WriteString(`Nursys license lookup sandbox (e-Notify Nurse Lookup)

  POST ` + wire.LookupPath + `                     submit: {"NurseLookupRequests":[{"JurisdictionAbbreviation":"OK",
                                            "LicenseType":"RN","LicenseNumber":"RN965991","RecordId":"1"}]}
  GET  ` + wire.LookupPath + `?transactionId=ID    the results (ProcessingCompleteFlag false: ask again)
       headers on both: username: ` + DefaultUsername + `, password: ` + DefaultPassword + `
  GET  /_sandbox/behaviour   the behaviour in force
  POST /_sandbox/behaviour   {"mode":"normal|slow|down|flaky|malformed|ratelimit|unauthorized",
                              "delay":"5s","count":N,"status":503,"retryAfter":"30s"}
  GET  /_sandbox/requests    the calls received; DELETE clears them
  GET  /_sandbox/known       the licensees held, as JSON
  POST /_sandbox/licensees   add one: {"state","licenseNumber","licenseType","firstName","middleName",
                              "lastName","status","originalIssueDate","expirationDate","compactStatus",
                              "discipline","disciplineDate"}

Special license numbers (any state): ` + NumberSlow + ` (answers after the slow delay),
` + NumberDown + ` (503), ` + NumberMalformed + ` (results cut off), ` + NumberPending + ` (never completes).
Any other number not held below is not found.

Licensees:
`)
	for _, l := range licensees {
		name := strings.Join(strings.Fields(l.FirstName+" "+l.MiddleName+" "+l.LastName), " ")
		fmt.Fprintf(&b, "  %-2s %-10s %-4s %-24s %-18s expires %s", l.State, l.LicenseNumber, l.LicenseType, name, l.Status, l.ExpirationDate)
		if l.Discipline != "" {
			fmt.Fprintf(&b, "; %s since %s", l.Discipline, l.DisciplineDate)
		}
		if l.Note != "" {
			b.WriteString("; " + l.Note)
		}
		b.WriteString("\n")
	}
	return b.String()
}
