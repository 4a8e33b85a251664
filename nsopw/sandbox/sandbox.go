package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/clearedtostart/compliance/internal/sandboxhttp"
	"github.com/clearedtostart/compliance/nsopw"
	"github.com/clearedtostart/compliance/nsopw/wire"
)

// Defaults of Config.
const (
	DefaultOffenders  = 3000
	DefaultSlowDelay  = 30 * time.Second
	DefaultMaxResults = 300
)

// maxRequestBody bounds a search request (a national search is ~2 KB).
const maxRequestBody = 1 << 20

// maxLogged is how many search requests GET /_sandbox/requests keeps.
const maxLogged = 1000

// Config configures a Sandbox.
type Config struct {
	// Seed picks the generated registrants; the same seed gives the same
	// ones.
	Seed int64
	// Offenders is how many registrants to generate (default 3000), on
	// top of the known ones.
	Offenders int
	Logger    *slog.Logger
	// SlowDelay is how long Sandbox-Slow and "slow" without a delay wait
	// (default 30s).
	SlowDelay time.Duration
	// MaxResults is the most offenders one jurisdiction lists before it
	// answers statusCode 511 instead (default 300, as NSOPW asks of
	// jurisdictions).
	MaxResults int
	// Now is the clock of the ages the registries show.
	Now func() time.Time
}

// Sandbox is an http.Handler serving the NSOPW search backend over
// generated registrants, plus its admin endpoints.
type Sandbox struct {
	log        *slog.Logger
	slowDelay  time.Duration
	maxResults int
	now        func() time.Time
	offenders  []*offender
	byLast     map[string][]int
	known      map[string]bool
	mux        *http.ServeMux
	requests   *sandboxhttp.RequestLog[Request]

	mu        sync.Mutex
	behaviour Behaviour
}

// New generates the registrants and returns the handler.
func New(cfg Config) *Sandbox {
	s := &Sandbox{
		log:        cfg.Logger,
		slowDelay:  cfg.SlowDelay,
		maxResults: cfg.MaxResults,
		now:        cfg.Now,
		byLast:     map[string][]int{},
		known:      map[string]bool{},
		behaviour:  Behaviour{Mode: ModeNormal},
		requests:   sandboxhttp.NewCallLog(maxLogged),
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.slowDelay <= 0 {
		s.slowDelay = DefaultSlowDelay
	}
	if s.maxResults <= 0 {
		s.maxResults = DefaultMaxResults
	}
	if s.now == nil {
		s.now = time.Now
	}
	n := cfg.Offenders
	if n <= 0 {
		n = DefaultOffenders
	}
	s.offenders = append(generate(cfg.Seed, n), known()...)
	for i, o := range s.offenders {
		seen := map[string]bool{}
		for _, k := range o.keys {
			if !seen[k.last] {
				seen[k.last] = true
				s.byLast[k.last] = append(s.byLast[k.last], i)
			}
		}
	}
	for _, j := range nsopw.Jurisdictions() {
		s.known[j] = true
	}

	s.mux = http.NewServeMux()
	s.mux.HandleFunc("POST "+wire.SearchPath, s.handleSearch)
	sandboxhttp.HandleBehaviour[Behaviour](s.mux, s, s.log, "nsopw")
	sandboxhttp.HandleRequests[Request](s.mux, s)
	s.mux.HandleFunc("GET /_sandbox/known", s.handleKnown)
	s.mux.HandleFunc("GET /{$}", s.handleHelp)
	return s
}

func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Modes of a Behaviour.
const (
	ModeNormal    = "normal"
	ModeSlow      = "slow"
	ModeDown      = "down"
	ModeFlaky     = "flaky"
	ModeChallenge = "challenge"
	ModeMalformed = "malformed"
	ModeRateLimit = "ratelimit"
	ModePartial   = "partial"
	ModeTooMany   = "toomany"
)

// Behaviour is how the search answers, set through POST /_sandbox/behaviour
// or SetBehaviour.
type Behaviour struct {
	Mode string `json:"mode"`
	// Delay of "slow" (default Config.SlowDelay).
	Delay Duration `json:"delay,omitempty"`
	// Count applies the mode to the next Count searches, then returns to
	// normal; 0 keeps it until changed. "flaky" fails the next Count
	// (default 1) and then succeeds.
	Count int `json:"count,omitempty"`
	// Status overrides the HTTP status of "down" (503), "flaky" (503) and
	// "challenge" (403).
	Status int `json:"status,omitempty"`
	// RetryAfter of "ratelimit" (default 30s).
	RetryAfter Duration `json:"retryAfter,omitempty"`
	// Jurisdictions offline for "partial" (default AK, TX) or with too
	// many results for "toomany" (default TX).
	Jurisdictions []string `json:"jurisdictions,omitempty"`
}

// Duration is a time.Duration written as "5s" in JSON.
type Duration = sandboxhttp.Duration

// SetBehaviour changes how the next searches answer.
func (s *Sandbox) SetBehaviour(b Behaviour) error {
	switch b.Mode {
	case "":
		b.Mode = ModeNormal
	case ModeNormal, ModeSlow, ModeDown, ModeChallenge, ModeMalformed, ModeRateLimit, ModePartial, ModeTooMany:
	case ModeFlaky:
		if b.Count == 0 {
			b.Count = 1
		}
	default:
		return fmt.Errorf("unknown mode %q (normal, slow, down, flaky, challenge, malformed, ratelimit, partial, toomany)", b.Mode)
	}
	if b.Count < 0 {
		return errors.New("count must not be negative")
	}
	if b.Status != 0 && (b.Status < 200 || b.Status > 599) {
		return fmt.Errorf("status %d is not an HTTP status", b.Status)
	}
	for i, j := range b.Jurisdictions {
		b.Jurisdictions[i] = strings.ToUpper(strings.TrimSpace(j))
		if !s.known[b.Jurisdictions[i]] {
			return fmt.Errorf("unknown jurisdiction %q", j)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.behaviour = b
	return nil
}

// CurrentBehaviour is the behaviour in force (Count counts down).
func (s *Sandbox) CurrentBehaviour() Behaviour {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.behaviour
}

// take returns the behaviour for one search and counts it down.
func (s *Sandbox) take() Behaviour {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.behaviour
	if b.Count > 0 {
		s.behaviour.Count--
		if s.behaviour.Count == 0 {
			s.behaviour = Behaviour{Mode: ModeNormal}
		}
	}
	return b
}

// Request is one search request the sandbox received: its User-Agent,
// Content-Type, Accept, Origin, Referer and Token headers.
type Request = sandboxhttp.Call

// Requests returns the search requests received, oldest first (the last
// 1000).
func (s *Sandbox) Requests() []Request { return sandboxhttp.Calls(s.requests) }

// ClearRequests forgets the requests received.
func (s *Sandbox) ClearRequests() { s.requests.Clear() }

func (s *Sandbox) record(r *http.Request, body []byte) *Request {
	return sandboxhttp.Record(s.requests, r, body, s.now(), sandboxhttp.CallHeaders{
		Shown: []string{"User-Agent", "Content-Type", "Accept", "Origin", "Referer", "Token"}})
}

// specialModes are the modes special last names trigger by themselves.
func specialModes() map[string]string {
	return map[string]string{
		"SANDBOX-SLOW":        ModeSlow,
		"SANDBOX-DOWN":        ModeDown,
		"SANDBOX-CHALLENGE":   ModeChallenge,
		"SANDBOX-MALFORMED":   ModeMalformed,
		"SANDBOX-RATELIMITED": ModeRateLimit,
		"SANDBOX-PARTIAL":     ModePartial,
		"SANDBOX-TOOMANY":     ModeTooMany,
	}
}

// specialBehaviour is the behaviour a special last name triggers by itself.
func specialBehaviour(lastName string, slow time.Duration) (Behaviour, bool) {
	mode, ok := specialModes()[strings.ToUpper(strings.TrimSpace(lastName))]
	if !ok {
		return Behaviour{}, false
	}
	b := Behaviour{Mode: mode}
	if mode == ModeSlow {
		b.Delay = Duration(slow)
	}
	return b, true
}

func (s *Sandbox) handleSearch(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBody+1))
	if err != nil {
		http.Error(w, "could not read the request", http.StatusBadRequest)
		return
	}
	rec := s.record(r, body)
	var q wire.Query
	parsed := len(body) <= maxRequestBody && json.Unmarshal(body, &q) == nil

	// An admin behaviour acts in front of the backend, as a CDN or an
	// outage would; a special name only when no admin behaviour is set.
	b := s.take()
	if b.Mode == ModeNormal && parsed {
		if sb, ok := specialBehaviour(q.LastName, s.slowDelay); ok {
			b = sb
		}
	}
	status, offenders := s.respond(w, r, b, parsed, &q)
	s.requests.Update(rec, func(rec *Request) { rec.Behaviour, rec.Status = b.Mode, status })
	s.log.Info("nsopw sandbox search", "seq", rec.Seq, "first_name", q.FirstName, "last_name", q.LastName,
		"zips", q.Zips, "jurisdictions", len(q.Jurisdictions), "behaviour", b.Mode, "status", status, "offenders", offenders)
}

// respond writes the answer of one search and returns its status and the
// number of offenders listed.
func (s *Sandbox) respond(w http.ResponseWriter, r *http.Request, b Behaviour, parsed bool, q *wire.Query) (int, int) {
	if b.Mode == ModeSlow {
		if !sandboxhttp.Stall(r.Context(), b.Delay, s.slowDelay) {
			return 0, 0
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
		fmt.Fprintf(w, "<html><head><title>%d %s</title></head><body><h1>%s</h1><p>The service is unavailable.</p></body></html>\n",
			st, http.StatusText(st), http.StatusText(st))
		return st, 0
	case ModeChallenge:
		return s.challenge(w, b.Status), 0
	case ModeRateLimit:
		d := time.Duration(b.RetryAfter)
		if d == 0 {
			d = 30 * time.Second
		}
		w.Header().Set("Retry-After", strconv.Itoa(int(d.Round(time.Second)/time.Second)))
		w.WriteHeader(http.StatusTooManyRequests)
		return http.StatusTooManyRequests, 0
	case ModeMalformed:
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, `{"statusCode":200,"jurisdictionStatus":[{"jurisdictionId":"AL","statusCode":"200","records":0,"responseTime":212},{"jurisdictionId":"AK","statu`)
		return http.StatusOK, 0
	}
	if !parsed {
		return sandboxhttp.WriteJSON(w, http.StatusUnprocessableEntity, wire.Rejection{StatusCode: wire.NewInt(100), Message: "The search request could not be read."}), 0
	}
	if code, msg := s.validate(q); code != 0 {
		return sandboxhttp.WriteJSON(w, http.StatusUnprocessableEntity, wire.Rejection{StatusCode: wire.NewInt(code), Message: msg}), 0
	}
	resp := s.search(q, b)
	return sandboxhttp.WriteJSON(w, http.StatusOK, resp), len(resp.Offenders)
}

// challenge writes a page shaped like Cloudflare's managed challenge. With
// its own 403 it carries cf-mitigated: challenge, as Cloudflare sends;
// with another status it models a proxy that passed the page on without
// the header, leaving only the markup to recognise it by.
func (s *Sandbox) challenge(w http.ResponseWriter, status int) int {
	if status == 0 {
		status = http.StatusForbidden
	}
	ray := fmt.Sprintf("%016x", uint64(s.requests.Seq())*0x9e3779b97f4a7c15)
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=UTF-8")
	h.Set("Server", "cloudflare")
	h.Set("Cf-Ray", ray+"-IAD")
	h.Set("Cache-Control", "private, max-age=0, no-store, no-cache, must-revalidate")
	if status == http.StatusForbidden {
		h.Set("Cf-Mitigated", "challenge")
	}
	w.WriteHeader(status)
	fmt.Fprintf(w, `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>`+
		`<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow">`+
		`</head><body><div class="main-wrapper" role="main"><div class="main-content">`+
		`<h1 class="zone-name-title h1">nsopw-api.ojp.gov</h1><h2 class="h2">Verifying you are human. This may take a few seconds.</h2>`+
		`<noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript></div></div>`+
		`<script>(function(){window._cf_chl_opt={cvId:'3',cZone:'nsopw-api.ojp.gov',cType:'managed',cRay:'%s'};`+
		`var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=%s';`+
		`document.getElementsByTagName('head')[0].appendChild(a);}());</script></body></html>`+"\n", ray, ray)
	return status
}

// validate applies the backend's rules, answering its statusCode values.
func (s *Sandbox) validate(q *wire.Query) (int, string) {
	for _, f := range []string{q.FirstName, q.LastName, q.City, q.County} {
		if len([]rune(f)) > 50 {
			return 111, "A search field is longer than 50 characters."
		}
	}
	if len(q.Zips) > 5 {
		return 113, "At most 5 zip codes may be searched."
	}
	for _, z := range q.Zips {
		if len(z) != 5 {
			return 112, "A zip code must be 5 characters."
		}
		for _, c := range z {
			if c < '0' || c > '9' {
				return 114, "A zip code must be numeric."
			}
		}
	}
	first, last := strings.TrimSpace(q.FirstName), strings.TrimSpace(q.LastName)
	switch {
	case first == "" && last == "" && len(q.Zips) == 0:
		return 100, "A search needs a first and last name or a zip code."
	case (first == "") != (last == ""):
		return 103, "A name search needs both a first and a last name."
	case len(q.Jurisdictions) == 0 && len(q.Zips) == 0:
		return 108, "No jurisdictions were given."
	}
	for _, j := range q.Jurisdictions {
		if !s.known[strings.ToUpper(j)] {
			return 115, fmt.Sprintf("Unknown jurisdiction %q.", j)
		}
	}
	return 0, ""
}

// search answers a valid query: last name exact, first name as a prefix,
// both case-insensitive, against primary names and aliases; zips, city and
// county narrow it; each requested jurisdiction reports its status.
func (s *Sandbox) search(q *wire.Query, b Behaviour) wire.Response {
	now := s.now()
	first, last := fold(q.FirstName), fold(q.LastName)
	var candidates []int
	if last != "" {
		candidates = s.byLast[last]
	} else {
		candidates = make([]int, len(s.offenders))
		for i := range candidates {
			candidates[i] = i
		}
	}
	zips := map[string]bool{}
	for _, z := range q.Zips {
		zips[z] = true
	}
	city, county := fold(q.City), fold(q.County)
	byJurisdiction := map[string][]*offender{}
	for _, i := range candidates {
		o := s.offenders[i]
		if last != "" && !o.nameMatches(first, last) {
			continue
		}
		if len(zips) > 0 && !slices.ContainsFunc(o.zips, func(z string) bool { return zips[z] }) {
			continue
		}
		if city != "" && !slices.Contains(o.cities, city) {
			continue
		}
		if county != "" && !slices.Contains(o.counties, county) {
			continue
		}
		j := o.listed.JurisdictionID
		byJurisdiction[j] = append(byJurisdiction[j], o)
	}

	jurisdictions := q.Jurisdictions
	if len(jurisdictions) == 0 {
		// A zip search covers the jurisdictions its zips lie in.
		for j := range byJurisdiction {
			jurisdictions = append(jurisdictions, j)
		}
		slices.Sort(jurisdictions)
	}
	offline, tooMany := map[string]bool{}, map[string]bool{}
	switch b.Mode {
	case ModePartial:
		for _, j := range cmpOr(b.Jurisdictions, []string{"AK", "TX"}) {
			offline[j] = true
		}
	case ModeTooMany:
		for _, j := range cmpOr(b.Jurisdictions, []string{"TX"}) {
			tooMany[j] = true
		}
	}

	resp := wire.Response{StatusCode: wire.NewInt(200), Query: *q, Offenders: []wire.Offender{}}
	seen := map[string]bool{}
	for _, j := range jurisdictions {
		j = strings.ToUpper(j)
		if seen[j] {
			continue
		}
		seen[j] = true
		found := byJurisdiction[j]
		st := wire.JurisdictionStatus{JurisdictionID: j, StatusCode: wire.NewCode(200), Records: wire.NewInt(len(found)), ResponseTime: wire.NewInt(responseTime(j))}
		switch {
		case offline[j]:
			st.StatusCode, st.Records, st.ResponseTime, found = wire.NewCode(507), wire.NewInt(0), wire.NewInt(0), nil
		case tooMany[j] || len(found) > s.maxResults:
			st.StatusCode, found = wire.NewCode(511), nil
		}
		if st.StatusCode.Value != 200 {
			resp.StatusCode = wire.NewInt(201)
		}
		resp.JurisdictionStatus = append(resp.JurisdictionStatus, st)
		for _, o := range found {
			resp.Offenders = append(resp.Offenders, o.at(now))
		}
	}
	return resp
}

func cmpOr(a, b []string) []string {
	if len(a) > 0 {
		return a
	}
	return b
}

func (o *offender) nameMatches(first, last string) bool {
	for _, k := range o.keys {
		if k.last == last && strings.HasPrefix(k.first, first) {
			return true
		}
	}
	return false
}

// responseTime is a stable per-jurisdiction figure in milliseconds.
func responseTime(j string) int {
	h := fnv.New32a()
	h.Write([]byte(j))
	return 80 + int(h.Sum32()%900)
}

func (s *Sandbox) handleKnown(w http.ResponseWriter, _ *http.Request) {
	sandboxhttp.WriteJSON(w, http.StatusOK, KnownOffenders())
}

func (s *Sandbox) handleHelp(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, Help())
}

// Help is the text GET / answers: the endpoints, special names and known
// registrants.
func Help() string {
	var b strings.Builder
	b.WriteString(`NSOPW search sandbox

  POST ` + wire.SearchPath + ` the search: {"firstName","lastName","city","county","zips":[...],"jurisdictions":[...],"clientIp"}
  GET  /_sandbox/behaviour       the behaviour in force
  POST /_sandbox/behaviour       {"mode":"normal|slow|down|flaky|challenge|malformed|ratelimit|partial|toomany",
                                  "delay":"5s","count":N,"status":503,"retryAfter":"30s","jurisdictions":["AK"]}
  GET  /_sandbox/requests        the search requests received; DELETE clears them
  GET  /_sandbox/known           the known registrants as JSON

Special last names (any first name): Sandbox-Slow, Sandbox-Down, Sandbox-Challenge,
Sandbox-Malformed, Sandbox-RateLimited, Sandbox-Partial, Sandbox-TooMany.

Known registrants:
`)
	for _, k := range KnownOffenders() {
		name := strings.Join(strings.Fields(k.First+" "+k.Middle+" "+k.Last), " ")
		dob := "DOB " + k.DOB
		if k.AgeOnly {
			dob = "age only"
		}
		fmt.Fprintf(&b, "  %-23s %-7s %-12s %s  %s; %s", name, k.Jurisdiction, k.City, k.Zip, dob, k.Note)
		if len(k.Aliases) > 0 {
			fmt.Fprintf(&b, " (aliases: %s)", strings.Join(k.Aliases, ", "))
		}
		b.WriteString("\n")
	}
	return b.String()
}
