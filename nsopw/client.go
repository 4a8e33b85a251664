package nsopw

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/clearedtostart/compliance/internal/httpcall"
	"github.com/clearedtostart/compliance/internal/readable"
	"github.com/clearedtostart/compliance/internal/retryafter"
	"github.com/clearedtostart/compliance/nsopw/wire"
	"github.com/clearedtostart/compliance/registry"
)

// Defaults of Config.
const (
	DefaultBaseURL      = "https://nsopw-api.ojp.gov"
	DefaultTimeout      = 30 * time.Second
	DefaultMaxBodyBytes = 8 << 20
	DefaultUserAgent    = "ClearedToStart-Compliance/1.0 (registry screening)"
)

// The site's own origin: its search form posts cross-origin to the API
// host, and clients seen in the wild send the same Origin and Referer.
const (
	siteOrigin  = "https://www.nsopw.gov"
	siteReferer = "https://www.nsopw.gov/"
)

// maxFieldRunes is the backend's bound on first name, last name, city and
// county (its statusCode 111).
const maxFieldRunes = 50

// sniffBytes is how much of a non-JSON answer is read to tell a bot
// challenge from an error page.
const sniffBytes = 64 << 10

// Config configures a Client. Only BaseURL is commonly set (to the sandbox
// in development and tests); everything else has a working default.
type Config struct {
	// BaseURL is the API host, without the /nsopw/v1/v1.0/search path.
	BaseURL string
	// HTTPClient sends the request; its own Timeout, if any, also applies.
	HTTPClient *http.Client
	// Timeout bounds one search from sending the request to the last byte
	// of the answer. A search across every jurisdiction takes 5 to 20
	// seconds at NSOPW.
	Timeout time.Duration
	// UserAgent identifies the service to NSOPW.
	UserAgent string
	// MaxBodyBytes bounds the answer; a national search for a common name
	// (about 400 offenders) is about 320 KB.
	MaxBodyBytes int64
	// Jurisdictions to search; default every one (Jurisdictions()). A
	// shorter list is a narrower screening, never a national one.
	Jurisdictions []string
	// Now is the clock that turns an age into a birth-year range.
	Now func() time.Time
}

// Client searches NSOPW. It is safe for concurrent use.
type Client struct {
	http          *http.Client
	endpoint      string
	timeout       time.Duration
	userAgent     string
	maxBody       int64
	jurisdictions []string
	now           func() time.Time
	eastern       *time.Location
}

// New validates cfg and returns a Client.
func New(cfg Config) (*Client, error) {
	endpoint, err := httpcall.Endpoint(cmp.Or(cfg.BaseURL, DefaultBaseURL), wire.SearchPath)
	if err != nil {
		return nil, fmt.Errorf("nsopw: %w", err)
	}
	if cfg.Timeout < 0 || cfg.MaxBodyBytes < 0 {
		return nil, errors.New("nsopw: negative timeout or body bound")
	}
	c := &Client{
		http:          cfg.HTTPClient,
		endpoint:      endpoint,
		timeout:       cfg.Timeout,
		userAgent:     cfg.UserAgent,
		maxBody:       cfg.MaxBodyBytes,
		jurisdictions: slices.Clone(cfg.Jurisdictions),
		now:           cfg.Now,
	}
	if c.http == nil {
		c.http = &http.Client{}
	}
	if c.timeout == 0 {
		c.timeout = DefaultTimeout
	}
	if c.userAgent == "" {
		c.userAgent = DefaultUserAgent
	}
	if c.maxBody == 0 {
		c.maxBody = DefaultMaxBodyBytes
	}
	if len(c.jurisdictions) == 0 {
		c.jurisdictions = Jurisdictions()
	}
	for i, j := range c.jurisdictions {
		c.jurisdictions[i] = strings.ToUpper(strings.TrimSpace(j))
	}
	if c.now == nil {
		c.now = time.Now
	}
	// The token header is a date at NSOPW (Eastern time); a fixed offset
	// is close enough where the zone database is missing.
	if c.eastern, err = time.LoadLocation("America/New_York"); err != nil {
		c.eastern = time.FixedZone("EST", -5*3600)
	}
	return c, nil
}

// Query is a name search. FirstName and LastName are required; Zip, City
// and County narrow it (the backend treats them as additional filters).
type Query struct {
	FirstName string
	LastName  string
	Zip       string
	City      string
	County    string
}

// Offender is one registrant NSOPW answered. NSOPW matches the searched
// name against primary names and aliases (and some jurisdictions use
// prefix or sound-alike matching), so an offender's Name may differ from
// the query: compare the query with Name and every alias.
type Offender struct {
	// ID is the jurisdiction's offender id when the answer carries one,
	// otherwise RegistryURL (the public API has no id field; the page
	// address is unique per registrant).
	ID   string        `json:"id"`
	Name registry.Name `json:"name"`
	// Suffix of the primary name (JR, III), kept out of Name.Last so that
	// last names compare cleanly.
	Suffix  string          `json:"suffix,omitempty"`
	Aliases []registry.Name `json:"aliases,omitempty"`
	// DOB is the date of birth at day precision when the jurisdiction
	// gives one; when it gives only an age, the birth years that age
	// allows today (PrecisionRange, or PrecisionYear when only one year
	// fits); nil when it gives neither.
	DOB *registry.PartialDate `json:"dob,omitempty"`
	// Age as the jurisdiction reports it, 0 when not given.
	Age       int                `json:"age,omitempty"`
	Gender    string             `json:"gender,omitempty"`
	Addresses []registry.Address `json:"addresses,omitempty"`
	// Jurisdiction is NSOPW's code of the registry that lists the offender
	// ("FL", "NAVAJO").
	Jurisdiction string `json:"jurisdiction"`
	// RegistryURL is the offender's page at that registry.
	RegistryURL string `json:"registryUrl"`
	ImageURL    string `json:"imageUrl,omitempty"`
	Absconder   bool   `json:"absconder"`
}

// Search runs one name search: one request, no retries (the caller's retry
// policy decides, using Retryable, RetryAfter and Reason).
//
// On ErrIncomplete and ErrTooManyResults it returns the offenders found
// together with the error: a match among them is real, but finding none
// is not a clearance.
func (c *Client) Search(ctx context.Context, q Query) ([]Offender, error) {
	body, err := c.requestBody(q)
	if err != nil {
		return nil, err
	}
	reqCtx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(reqCtx, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("nsopw: %w", err)
	}
	req.Header.Set("Content-Type", "application/json; charset=UTF-8")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Origin", siteOrigin)
	req.Header.Set("Referer", siteReferer)
	req.Header.Set("token", c.now().In(c.eastern).Format("01/02/2006"))

	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.interrupted(ctx, reqCtx, err, "NSOPW could not be reached")
	}
	defer resp.Body.Close()
	return c.answer(ctx, reqCtx, resp)
}

func (c *Client) requestBody(q Query) ([]byte, error) {
	clean := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	r := wire.Query{
		FirstName:     clean(q.FirstName),
		LastName:      clean(q.LastName),
		City:          clean(q.City),
		County:        clean(q.County),
		Jurisdictions: c.jurisdictions,
	}
	if r.FirstName == "" || r.LastName == "" {
		return nil, &Error{Failure: failure{Class: ErrRejected, Reason: "the NSOPW search needs a first and a last name"}}
	}
	for _, f := range []string{r.FirstName, r.LastName, r.City, r.County} {
		if utf8.RuneCountInString(f) > maxFieldRunes {
			return nil, &Error{Failure: failure{Class: ErrRejected, Reason: fmt.Sprintf("NSOPW accepts at most %d characters per name, city or county", maxFieldRunes)}}
		}
	}
	if zip := strings.TrimSpace(q.Zip); zip != "" {
		// ZIP+4 is cut to its first five digits: the backend takes five.
		if len(zip) == 10 && zip[5] == '-' && allDigits(zip[6:]) {
			zip = zip[:5]
		}
		if len(zip) != 5 || !allDigits(zip) {
			return nil, &Error{Failure: failure{Class: ErrRejected, Reason: fmt.Sprintf("the zip code %q is not five digits", q.Zip)}}
		}
		r.Zips = []string{zip}
	}
	return json.Marshal(r)
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// interrupted classifies an error of sending or reading: the caller gave
// up, a deadline passed, or the connection failed.
func (c *Client) interrupted(ctx, reqCtx context.Context, err error, unreachable string) error {
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
		return fmt.Errorf("nsopw: search abandoned: %w", ctx.Err())
	case ctx.Err() != nil:
		return &Error{Failure: failure{Class: ErrTimeout, Reason: "NSOPW did not answer before the screening's deadline", Err: err}}
	case reqCtx.Err() != nil:
		return &Error{Failure: failure{Class: ErrTimeout, Reason: "NSOPW did not answer within " + readable.Duration(c.timeout), Err: err}}
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return &Error{Failure: failure{Class: ErrTimeout, Reason: "NSOPW did not answer in time", Err: err}}
	}
	return &Error{Failure: failure{Class: ErrUnreachable, Reason: unreachable, Err: err}}
}

// answer classifies the response and decodes a search result.
func (c *Client) answer(ctx, reqCtx context.Context, resp *http.Response) ([]Offender, error) {
	body := httpcall.LimitBody(resp.Body, c.maxBody)
	br := bufio.NewReaderSize(body, 4096)
	head, err := br.Peek(512)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, httpcall.ErrBodyTooLarge) {
		return nil, c.interrupted(ctx, reqCtx, err, "NSOPW's answer was cut off")
	}
	isJSON := httpcall.LooksJSON(head)
	status := resp.StatusCode

	var sniffed []byte
	if !isJSON || status < 200 || status > 299 {
		sniffed, err = io.ReadAll(io.LimitReader(br, sniffBytes))
		if err != nil && (ctx.Err() != nil || reqCtx.Err() != nil) {
			return nil, c.interrupted(ctx, reqCtx, err, "NSOPW's answer was cut off")
		}
	}
	if strings.EqualFold(resp.Header.Get("cf-mitigated"), "challenge") || (!isJSON && hasChallengeMarkers(sniffed)) {
		return nil, &Error{Failure: failure{Class: ErrChallenge, Status: status, Reason: "the NSOPW search is behind a bot challenge"}}
	}
	switch {
	case status >= 200 && status <= 299:
	case status == http.StatusForbidden:
		return nil, &Error{Failure: failure{Class: ErrChallenge, Status: status, Reason: "NSOPW refused the search (403), most likely its bot protection"}}
	case status == http.StatusTooManyRequests:
		e := &Error{Failure: failure{Class: ErrRateLimited, Status: status, Reason: "NSOPW is limiting how often we search (429)"}}
		if d, ok := retryAfter(resp.Header.Get("Retry-After"), c.now()); ok {
			e.RetryAfter = d
			e.Reason = fmt.Sprintf("NSOPW is limiting how often we search (429) and asked us to wait %s", readable.Duration(d))
		}
		return nil, e
	case status == http.StatusRequestTimeout:
		return nil, &Error{Failure: failure{Class: ErrTimeout, Status: status, Reason: "NSOPW gave up waiting for our request (408)"}}
	case status >= 500:
		return nil, &Error{Failure: failure{Class: ErrServer, Status: status, Reason: fmt.Sprintf("NSOPW answered %d", status)}}
	case status >= 400:
		var v wire.Rejection
		if isJSON && json.Unmarshal(sniffed, &v) == nil && v.StatusCode.Valid {
			return nil, statusCodeError(status, v.StatusCode.Value)
		}
		return nil, &Error{Failure: failure{Class: ErrRejected, Status: status, Reason: fmt.Sprintf("NSOPW rejected the search (%d)", status)}}
	default:
		return nil, &Error{Failure: failure{Class: ErrMalformed, Status: status, Reason: fmt.Sprintf("NSOPW answered %d instead of a search result", status)}}
	}
	if !isJSON {
		what := "something other than JSON"
		if t := bytes.TrimSpace(head); len(t) > 0 && t[0] == '<' {
			what = "a web page"
		} else if len(t) == 0 {
			what = "nothing"
		}
		return nil, &Error{Failure: failure{Class: ErrMalformed, Status: status, Reason: "NSOPW answered " + what + " instead of a search result"}}
	}

	var r wire.Response
	dec := json.NewDecoder(br)
	err = dec.Decode(&r)
	if err == nil {
		// Anything after the object means the answer is not the one we
		// think it is; reading on also enforces the size bound.
		if _, terr := dec.Token(); !errors.Is(terr, io.EOF) {
			err = fmt.Errorf("data after the search result: %v", terr)
		}
	}
	if err != nil {
		switch {
		case errors.Is(err, httpcall.ErrBodyTooLarge):
			return nil, &Error{Failure: failure{Class: ErrMalformed, Status: status, Reason: fmt.Sprintf("NSOPW's answer is larger than %s", readable.Bytes(c.maxBody)), Err: err}}
		case ctx.Err() != nil || reqCtx.Err() != nil:
			return nil, c.interrupted(ctx, reqCtx, err, "NSOPW's answer was cut off")
		}
		var ne net.Error
		if errors.As(err, &ne) {
			return nil, c.interrupted(ctx, reqCtx, err, "NSOPW's answer was cut off")
		}
		return nil, &Error{Failure: failure{Class: ErrMalformed, Status: status, Reason: "NSOPW answered a malformed search result", Err: err}}
	}
	return c.result(status, &r)
}

// result checks that every jurisdiction answered and converts offenders.
func (c *Client) result(status int, r *wire.Response) ([]Offender, error) {
	if sc := r.StatusCode; sc.Valid && sc.Value != 200 && sc.Value != 201 {
		return nil, statusCodeError(status, sc.Value)
	}
	if len(r.JurisdictionStatus) == 0 {
		return nil, &Error{Failure: failure{Class: ErrMalformed, Status: status, Reason: "NSOPW answered without saying which jurisdictions it searched"}}
	}
	answered := make(map[string]wire.JurisdictionStatus, len(r.JurisdictionStatus))
	for _, js := range r.JurisdictionStatus {
		answered[strings.ToUpper(strings.TrimSpace(js.JurisdictionID))] = js
	}
	var failed, failedWhy, tooMany []string
	for _, j := range c.jurisdictions {
		js, ok := answered[j]
		switch {
		case !ok:
			failed, failedWhy = append(failed, j), append(failedWhy, j+" did not answer")
		case !js.StatusCode.Valid:
			failed, failedWhy = append(failed, j), append(failedWhy, j+" gave no status")
		case js.StatusCode.Value == 200 || js.StatusCode.Value == 201:
			// 201 is a sound-alike search: an answer all the same.
		case js.StatusCode.Value == 511:
			tooMany = append(tooMany, j)
		default:
			failed, failedWhy = append(failed, j), append(failedWhy, j+" "+jurisdictionTrouble(js.StatusCode.Value))
		}
	}
	offenders := make([]Offender, 0, len(r.Offenders))
	for i := range r.Offenders {
		offenders = append(offenders, c.offender(&r.Offenders[i]))
	}
	if len(failed) > 0 {
		return offenders, &Error{Jurisdictions: failed, Failure: failure{Class: ErrIncomplete, Status: status,
			Reason: fmt.Sprintf("NSOPW could not search %d of %d jurisdictions (%s)", len(failed), len(c.jurisdictions), listCodes(failedWhy))}}
	}
	if len(tooMany) > 0 {
		return offenders, &Error{Jurisdictions: tooMany, Failure: failure{Class: ErrTooManyResults, Status: status,
			Reason: fmt.Sprintf("NSOPW found more matches than it lists in %s; narrow the search by zip or city", listCodes(tooMany))}}
	}
	return offenders, nil
}

func jurisdictionTrouble(code int) string {
	switch code {
	case 504:
		return "timed out"
	case 507:
		return "offline"
	}
	return fmt.Sprintf("failed (%d)", code)
}

// validationCode names the backend's statusCode values of a 422.
func validationCode(code int) (string, bool) {
	switch code {
	case 100:
		return "no search fields", true
	case 102:
		return "name and location search mixed", true
	case 103:
		return "first and last name required", true
	case 104:
		return "invalid latitude or longitude", true
	case 105:
		return "distance missing", true
	case 106:
		return "invalid distance", true
	case 107:
		return "jurisdiction has no location search", true
	case 108:
		return "no jurisdictions", true
	case 109:
		return "invalid characters", true
	case 111:
		return "a field is over 50 characters", true
	case 112:
		return "zip code not 5 characters", true
	case 113:
		return "more than 5 zip codes", true
	case 114:
		return "invalid zip code", true
	case 115:
		return "unknown jurisdiction", true
	}
	return "", false
}

// statusCodeError turns the backend's own statusCode of a failed search
// into an error. 110 (no jurisdiction answered) is a failure at NSOPW, not
// a fault of the query.
func statusCodeError(httpStatus, code int) error {
	if code == 110 {
		return &Error{Failure: failure{Class: ErrServer, Status: httpStatus, Reason: "NSOPW answered that no jurisdiction responded (statusCode 110)"}}
	}
	if what, ok := validationCode(code); ok {
		return &Error{Failure: failure{Class: ErrRejected, Status: httpStatus, Reason: fmt.Sprintf("NSOPW rejected the search (%d, statusCode %d: %s)", httpStatus, code, what)}}
	}
	if code >= 100 && code < 200 {
		return &Error{Failure: failure{Class: ErrRejected, Status: httpStatus, Reason: fmt.Sprintf("NSOPW rejected the search (%d, statusCode %d)", httpStatus, code)}}
	}
	return &Error{Failure: failure{Class: ErrServer, Status: httpStatus, Reason: fmt.Sprintf("NSOPW reported its search failed (statusCode %d)", code)}}
}

func (c *Client) offender(w *wire.Offender) Offender {
	text := func(s string) string { return strings.Join(strings.Fields(html.UnescapeString(s)), " ") }
	name := func(n wire.Name) registry.Name {
		return registry.Name{First: text(n.Given()), Middle: text(deref(n.MiddleName)), Last: text(n.Sur())}
	}
	o := Offender{
		Name:         name(w.Name),
		Suffix:       text(deref(w.Name.Suffix)),
		Gender:       text(w.Gender),
		Jurisdiction: strings.ToUpper(text(w.JurisdictionID)),
		RegistryURL:  strings.TrimSpace(html.UnescapeString(w.OffenderURI)),
		ImageURL:     strings.TrimSpace(html.UnescapeString(deref(w.ImageURI))),
		Absconder:    w.Absconder,
	}
	o.ID = text(w.ID)
	if o.ID == "" {
		o.ID = o.RegistryURL
	}
	seen := map[string]bool{strings.ToUpper(o.Name.Full()): true}
	for _, a := range w.Aliases {
		n := name(a)
		key := strings.ToUpper(n.Full())
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		o.Aliases = append(o.Aliases, n)
	}
	now := c.now()
	if w.Age.Valid && w.Age.Value > 0 && w.Age.Value < 130 {
		o.Age = w.Age.Value
	}
	o.DOB = parseDOB(text(deref(w.DOB)), now)
	if o.DOB == nil && o.Age > 0 {
		o.DOB = ageToBirthYears(o.Age, now)
	}
	for _, l := range w.Locations {
		a := registry.Address{Line1: text(l.StreetAddress), City: text(l.City), State: strings.ToUpper(text(l.State)), Zip: text(l.ZipCode)}
		if a != (registry.Address{}) {
			o.Addresses = append(o.Addresses, a)
		}
	}
	return o
}

// deref is the text of a field the backend may send as null.
func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// parseDOB reads "1972-04-28T00:00:00" (the public API), "1972-04-28" (the
// jurisdiction schema) or "04/28/1972". Placeholder dates (before 1900, in
// the future) and anything else are no date.
func parseDOB(s string, now time.Time) *registry.PartialDate {
	if s == "" {
		return nil
	}
	var t time.Time
	var err error
	if len(s) >= 10 && s[4] == '-' {
		t, err = time.Parse("2006-01-02", s[:10])
	} else {
		t, err = time.Parse("01/02/2006", s)
	}
	if err != nil || t.Year() < 1900 || t.After(now) {
		return nil
	}
	return &registry.PartialDate{Year: t.Year(), Month: int(t.Month()), Day: t.Day(), Precision: registry.PrecisionDay, Text: s}
}

// ageToBirthYears is the range of birth years of someone age years old on
// now: born after now minus age+1 years and on or before now minus age
// years. Both ends are calendar years, so the range spans two years except
// on the last day of the year.
func ageToBirthYears(age int, now time.Time) *registry.PartialDate {
	latest := now.AddDate(-age, 0, 0)
	earliest := now.AddDate(-age-1, 0, 1)
	d := &registry.PartialDate{Year: earliest.Year(), ToYear: latest.Year(), Precision: registry.PrecisionRange, Text: "age " + strconv.Itoa(age)}
	if d.Year == d.ToYear {
		d.ToYear, d.Precision = 0, registry.PrecisionYear
	}
	return d
}

// retryAfter reads Retry-After as seconds or as an HTTP date.
func retryAfter(v string, now time.Time) (time.Duration, bool) { return retryafter.Parse(v, now) }

// hasChallengeMarkers looks for what Cloudflare's challenge pages carry
// ("Just a moment...", the challenge-platform script, the _cf_chl_opt
// object).
func hasChallengeMarkers(b []byte) bool {
	lower := bytes.ToLower(b)
	for _, m := range [...]string{
		"<title>just a moment",
		"/cdn-cgi/challenge-platform/",
		"_cf_chl_opt",
		"cf-chl-",
		"attention required! | cloudflare",
		"checking your browser before accessing",
		"enable javascript and cookies to continue",
	} {
		if bytes.Contains(lower, []byte(m)) {
			return true
		}
	}
	return false
}

// Record is the offender as a listed person, for the screening engine
// that judges bulk lists too.
func (o Offender) Record() registry.Record {
	r := registry.Record{SourceID: o.ID, Name: o.Name, Addresses: o.Addresses, Details: map[string]string{}}
	for _, a := range o.Aliases {
		r.Aliases = append(r.Aliases, registry.Alias{Name: a, Type: "aka"})
	}
	if o.DOB != nil {
		r.DOBs = []registry.PartialDate{*o.DOB}
	}
	for k, v := range map[string]string{"jurisdiction": o.Jurisdiction, "registryUrl": o.RegistryURL, "gender": o.Gender, "suffix": o.Suffix} {
		if v != "" {
			r.Details[k] = v
		}
	}
	if o.Absconder {
		r.Details["absconder"] = "true"
	}
	return r
}
