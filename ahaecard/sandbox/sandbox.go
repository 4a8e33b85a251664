package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/clearedtostart/compliance/ahaecard"
	"github.com/clearedtostart/compliance/ahaecard/wire"
	"github.com/clearedtostart/compliance/internal/sandboxhttp"
)

// Defaults of Config.
const (
	DefaultAPIKey    = "sandbox-ecard-key"
	DefaultSlowDelay = 30 * time.Second
)

// maxRequestBody bounds a request; maxLogged is how many requests GET
// /_sandbox/requests keeps.
const (
	maxRequestBody = 64 << 10
	maxLogged      = 1000
)

// Config configures a Sandbox.
type Config struct {
	Logger *slog.Logger
	// APIKey is the key it accepts in x-api-key (default DefaultAPIKey).
	APIKey string
	// SlowDelay is how long a slow code and "slow" without a delay wait
	// (default 30s, beyond the connector's 10s).
	SlowDelay time.Duration
	// Now is the clock of the cards' Active/Expired banner.
	Now func() time.Time
}

// Sandbox is an http.Handler serving the eCard verification over the
// known cards and those added, plus its admin endpoints.
type Sandbox struct {
	log       *slog.Logger
	apiKey    string
	slowDelay time.Duration
	now       func() time.Time
	mux       *http.ServeMux
	requests  *sandboxhttp.RequestLog[Request]

	mu        sync.Mutex
	behaviour sandboxhttp.Switch
	cards     map[string]Card
	added     []Card
}

// New returns the handler.
func New(cfg Config) *Sandbox {
	s := &Sandbox{log: cfg.Logger, apiKey: cfg.APIKey, slowDelay: cfg.SlowDelay, now: cfg.Now,
		cards:    map[string]Card{},
		requests: sandboxhttp.NewCallLog(maxLogged)}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.apiKey == "" {
		s.apiKey = DefaultAPIKey
	}
	if s.slowDelay <= 0 {
		s.slowDelay = DefaultSlowDelay
	}
	if s.now == nil {
		s.now = time.Now
	}
	for _, c := range KnownCards() {
		s.cards[c.Code] = c
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("POST "+wire.VerifyPath, s.handleVerify)
	sandboxhttp.HandleBehaviour[Behaviour](s.mux, s, s.log, "aha ecard")
	sandboxhttp.HandleRequests[Request](s.mux, s)
	s.mux.HandleFunc("GET /_sandbox/known", s.handleKnown)
	s.mux.HandleFunc("POST /_sandbox/cards", s.handleAddCard)
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

// AddCard makes the sandbox hold one more card (or replaces the one with
// its code), as a Training Center would after issuing it.
func (s *Sandbox) AddCard(c Card) error {
	code, ok := ahaecard.NormalizeCode(c.Code)
	switch {
	case !ok:
		return fmt.Errorf("%q is not a 12-digit eCard code", c.Code)
	case strings.TrimSpace(c.FirstName) == "" || strings.TrimSpace(c.LastName) == "":
		return errors.New("a first and a last name are required")
	case strings.TrimSpace(c.Course) == "":
		return errors.New("a course is required")
	}
	if _, err := time.Parse(time.DateOnly, c.IssueDate); err != nil {
		return fmt.Errorf("issueDate %q is not YYYY-MM-DD", c.IssueDate)
	}
	if _, err := time.Parse("2006-01", c.RenewalMonth); err != nil {
		return fmt.Errorf("renewalMonth %q is not YYYY-MM", c.RenewalMonth)
	}
	c.Code = code
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cards[code] = c
	s.added = append(s.added, c)
	return nil
}

// Cards are the known cards and those added, in that order.
func (s *Sandbox) Cards() []Card {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append(KnownCards(), s.added...)
}

// Request is one verification the sandbox received: its User-Agent,
// Content-Type and Accept headers, and x-api-key shown as "(set)" when sent.
type Request = sandboxhttp.Call

// Requests returns the verifications received, oldest first (the last
// 1000).
func (s *Sandbox) Requests() []Request { return sandboxhttp.Calls(s.requests) }

// ClearRequests forgets the verifications received.
func (s *Sandbox) ClearRequests() { s.requests.Clear() }

func (s *Sandbox) record(r *http.Request, body []byte) *Request {
	return sandboxhttp.Record(s.requests, r, body, s.now(), sandboxhttp.CallHeaders{
		Shown:  []string{"User-Agent", "Content-Type", "Accept"},
		Secret: []string{wire.HeaderAPIKey}})
}

func (s *Sandbox) handleVerify(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBody+1))
	if err != nil {
		http.Error(w, "could not read the request", http.StatusBadRequest)
		return
	}
	rec := s.record(r, body)
	var q wire.VerifyRequest
	parsed := len(body) <= maxRequestBody && json.Unmarshal(body, &q) == nil
	code, valid := ahaecard.NormalizeCode(q.ECardCode)
	b := s.behaviour.Take()
	if b.Mode == ModeNormal && valid {
		if m := specialMode(code); m != "" {
			b = Behaviour{Mode: m}
		}
	}
	status := s.respond(w, r, b, parsed, valid, code)
	s.requests.Update(rec, func(rec *Request) { rec.Behaviour, rec.Status = b.Mode, status })
	s.log.Info("aha ecard sandbox verify", "seq", rec.Seq, "code", code, "behaviour", b.Mode, "status", status)
}

func (s *Sandbox) respond(w http.ResponseWriter, r *http.Request, b Behaviour, parsed, valid bool, code string) int {
	if b.Mode == ModeSlow {
		if !sandboxhttp.Stall(r.Context(), b.Delay, s.slowDelay) {
			return 0
		}
	}
	switch b.Mode {
	case ModeDown, ModeFlaky:
		st := b.Status
		if st == 0 {
			st = http.StatusServiceUnavailable
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(st)
		fmt.Fprintf(w, "<!DOCTYPE html><html><head><title>%d %s</title></head><body><h1>We'll be right back</h1><p>eCards is undergoing maintenance.</p></body></html>\n",
			st, http.StatusText(st))
		return st
	case ModeRateLimit:
		d := time.Duration(b.RetryAfter)
		if d == 0 {
			d = 30 * time.Second
		}
		w.Header().Set("Retry-After", strconv.Itoa(int(d.Round(time.Second)/time.Second)))
		return sandboxhttp.WriteJSON(w, http.StatusTooManyRequests, map[string]string{"message": "Rate limit exceeded."})
	case ModeUnauthorized:
		return sandboxhttp.WriteJSON(w, http.StatusUnauthorized, map[string]string{"message": "Access denied due to invalid subscription key."})
	case ModeMalformed:
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, `{"result":"found","eCard":{"eCardCode":"`+code+`","status":"Act`)
		return http.StatusOK
	}
	if r.Header.Get(wire.HeaderAPIKey) != s.apiKey {
		return sandboxhttp.WriteJSON(w, http.StatusUnauthorized, map[string]string{"message": "Access denied due to invalid subscription key."})
	}
	if !parsed || !valid {
		return sandboxhttp.WriteJSON(w, http.StatusBadRequest, wire.VerifyResponse{Result: wire.ResultInvalidCode, Message: "An eCard code is 12 digits."})
	}
	s.mu.Lock()
	c, ok := s.cards[code]
	s.mu.Unlock()
	if !ok {
		return sandboxhttp.WriteJSON(w, http.StatusNotFound, wire.VerifyResponse{Result: wire.ResultNotFound, Message: "No eCard matches this code."})
	}
	return sandboxhttp.WriteJSON(w, http.StatusOK, wire.VerifyResponse{Result: wire.ResultFound, ECard: s.ecard(c)})
}

// ecard renders a held card as the service answers it, its banner as of
// the sandbox's today.
func (s *Sandbox) ecard(c Card) *wire.ECard {
	status := "Active"
	if m, err := time.Parse("2006-01", c.RenewalMonth); err == nil {
		last := time.Date(m.Year(), m.Month()+1, 0, 0, 0, 0, 0, time.UTC)
		y, mo, d := s.now().Date()
		if last.Before(time.Date(y, mo, d, 0, 0, 0, 0, time.UTC)) {
			status = "Expired"
		}
	}
	tc := wire.TrainingCenter{ID: fmt.Sprintf("TC-%05d", stableNumber(c.TrainingCenter)%100000), Name: c.TrainingCenter}
	return &wire.ECard{
		ECardCode: c.Code, Status: status, FirstName: c.FirstName, LastName: c.LastName,
		Course: wire.Course{Code: c.Code[2:5], Name: c.Course}, IssueDate: c.IssueDate, RecommendedRenewalDate: c.RenewalMonth,
		TrainingCenter: tc, Instructor: wire.Instructor{ID: fmt.Sprintf("%011d", stableNumber(c.Instructor)%100000000000), Name: c.Instructor},
	}
}

// stableNumber is a number made from s that stays the same across runs.
func stableNumber(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

func (s *Sandbox) handleKnown(w http.ResponseWriter, _ *http.Request) {
	sandboxhttp.WriteJSON(w, http.StatusOK, s.Cards())
}

func (s *Sandbox) handleAddCard(w http.ResponseWriter, r *http.Request) {
	var c Card
	if err := sandboxhttp.DecodeJSON(r, &c); err != nil {
		sandboxhttp.WriteError(w, http.StatusBadRequest, "bad card: "+err.Error())
		return
	}
	if err := s.AddCard(c); err != nil {
		sandboxhttp.WriteError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.log.Info("aha ecard sandbox card added", "code", c.Code)
	sandboxhttp.WriteJSON(w, http.StatusCreated, c)
}

func (s *Sandbox) handleHelp(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, Help(s.Cards()))
}

// Help is the text GET / answers: the endpoints, the special codes and the
// cards held.
func Help(cards []Card) string {
	var b strings.Builder
	b.WriteString(`AHA eCard verification sandbox

  POST ` + wire.VerifyPath + `   {"eCardCode":"244766174046","firstName":"Maria","lastName":"Alvarez"}
                              header x-api-key: ` + DefaultAPIKey + `
                              200 found, 404 not_found, 400 invalid_code (not 12 digits)
  GET  /_sandbox/behaviour   the behaviour in force
  POST /_sandbox/behaviour   {"mode":"normal|slow|down|flaky|malformed|ratelimit|unauthorized",
                              "delay":"5s","count":N,"status":503,"retryAfter":"30s"}
  GET  /_sandbox/requests    the verifications received; DELETE clears them
  GET  /_sandbox/known       the cards held, as JSON
  POST /_sandbox/cards       add one: {"code","firstName","lastName","course","issueDate","renewalMonth",
                              "trainingCenter","instructor"}

Special codes (by their last 7 digits, any year and course): …` + SerialSlow + ` answers after the slow
delay (` + CodeSlow + `), …` + SerialDown + ` answers 503 (` + CodeDown + `), …` + SerialMalformed + ` answers JSON cut off
(` + CodeMalformed + `). Any other code not held below is not found.

Cards:
`)
	for _, c := range cards {
		fmt.Fprintf(&b, "  %s  %-30s %-16s issued %s, renew by %s, %s", c.Code, c.Course, c.FirstName+" "+c.LastName, c.IssueDate, c.RenewalMonth, c.TrainingCenter)
		if c.Note != "" {
			b.WriteString("; " + c.Note)
		}
		b.WriteString("\n")
	}
	return b.String()
}
