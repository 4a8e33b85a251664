package nursys

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"

	"github.com/clearedtostart/compliance/internal/httpcall"
	"github.com/clearedtostart/compliance/internal/readable"
	"github.com/clearedtostart/compliance/nursys/wire"
)

// Defaults of Config.
const (
	DefaultBaseURL      = "https://api.nursys.com/enotify/v2"
	DefaultTimeout      = 10 * time.Second
	DefaultPollInterval = time.Second
	DefaultAttempts     = 3
	DefaultBackoff      = time.Second
	DefaultMaxWait      = 10 * time.Second
	DefaultMaxBodyBytes = 1 << 20
	DefaultUserAgent    = "ClearedToStart-Compliance/1.0 (license verification)"
)

// Config configures a Client. BaseURL and the credentials are commonly
// set; everything else has a working default.
type Config struct {
	// BaseURL is the API base, without the /nurselookup path.
	BaseURL string
	// Username and Password are the institution's API credentials.
	Username, Password string
	// HTTPClient sends the requests; its own Timeout, if any, also applies.
	HTTPClient *http.Client
	// Timeout bounds one attempt: the submit and every poll of its
	// results.
	Timeout time.Duration
	// PollInterval is the wait between asking for results still being
	// processed.
	PollInterval time.Duration
	// Attempts is how many times a lookup that fails in a passing way is
	// made (default 3); Backoff the wait before the second (doubled after);
	// MaxWait the longest wait, also for a Retry-After.
	Attempts int
	Backoff  time.Duration
	MaxWait  time.Duration
	// MaxBodyBytes bounds an answer.
	MaxBodyBytes int64
	UserAgent    string
	// Now is the clock of CheckedAt, of disciplines in effect and of
	// Retry-After dates.
	Now func() time.Time
}

// Client looks up nursing licenses. It is safe for concurrent use.
type Client struct {
	endpoint     string
	username     string
	password     string
	userAgent    string
	timeout      time.Duration
	pollInterval time.Duration
	policy       httpcall.Policy
	call         *httpcall.Caller
	now          func() time.Time
}

// New validates cfg and returns a Client.
func New(cfg Config) (*Client, error) {
	endpoint, err := httpcall.Endpoint(cmp.Or(cfg.BaseURL, DefaultBaseURL), wire.LookupPath)
	if err != nil {
		return nil, fmt.Errorf("nursys: %w", err)
	}
	if cfg.Timeout < 0 || cfg.PollInterval < 0 || cfg.Attempts < 0 || cfg.Backoff < 0 || cfg.MaxWait < 0 || cfg.MaxBodyBytes < 0 {
		return nil, errors.New("nursys: negative timeout, interval, attempts, wait or body bound")
	}
	c := &Client{
		endpoint:     endpoint,
		username:     cfg.Username,
		password:     cfg.Password,
		userAgent:    cmp.Or(cfg.UserAgent, DefaultUserAgent),
		timeout:      cmp.Or(cfg.Timeout, DefaultTimeout),
		pollInterval: cmp.Or(cfg.PollInterval, DefaultPollInterval),
		policy: httpcall.Policy{Attempts: cmp.Or(cfg.Attempts, DefaultAttempts), Backoff: cmp.Or(cfg.Backoff, DefaultBackoff),
			MaxWait: cmp.Or(cfg.MaxWait, DefaultMaxWait)},
		now: cfg.Now,
	}
	if c.now == nil {
		c.now = time.Now
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	c.call = &httpcall.Caller{Party: "Nursys", HTTP: hc, MaxBody: cmp.Or(cfg.MaxBodyBytes, DefaultMaxBodyBytes), Now: c.now, AttemptTimeout: c.timeout}
	return c, nil
}

// Query names one license.
type Query struct {
	// State is the two-letter code of the board that issued the license
	// (Nursys's jurisdiction: "TX", "OK").
	State string
	// LicenseNumber as printed ("RN965991", "VN 123456"); spaces, dots and
	// dashes do not count.
	LicenseNumber string
	// LicenseType as printed: RN, PN (LPN and LVN are PN at Nursys), or an
	// APRN role (CNP, CNS, CNM, CRNA). Empty, or a bare "APRN", sends no
	// type: Nursys is then asked for the number in the state whatever
	// its type.
	LicenseType string
}

// Result is what Nursys answered about one license.
type Result struct {
	// Found is false when Nursys holds no such license in the state.
	Found bool `json:"found"`
	// Holder is the licensee's name as the board records it.
	Holder        Name   `json:"holder"`
	NcsbnID       string `json:"ncsbnId,omitempty"`
	LicenseNumber string `json:"licenseNumber,omitempty"`
	State         string `json:"state,omitempty"`
	// Jurisdiction is the board's name ("Oklahoma").
	Jurisdiction string `json:"jurisdiction,omitempty"`
	LicenseType  string `json:"licenseType,omitempty"`
	// Status is the board's status folded to one word: active, inactive,
	// expired, lapsed, suspended, revoked, surrendered, void, deceased,
	// denied or unknown; StatusText is the board's own wording.
	Status     string `json:"status,omitempty"`
	StatusText string `json:"statusText,omitempty"`
	// Encumbered: the license carries a restriction in effect (a status
	// such as "Active - Probation", or a discipline whose action is not
	// stayed and has not ended).
	Encumbered bool       `json:"encumbered"`
	Compact    string     `json:"compactStatus,omitempty"`
	IssuedOn   *time.Time `json:"originalIssueDate,omitempty"`
	ExpiresOn  *time.Time `json:"expirationDate,omitempty"`
	// Messages are Nursys's notes on the nurse and the license.
	Messages []string `json:"messages,omitempty"`
	// CheckedAt is when Nursys answered.
	CheckedAt time.Time `json:"checkedAt"`
}

// Name is a licensee's name.
type Name struct {
	First  string `json:"first,omitempty"`
	Middle string `json:"middle,omitempty"`
	Last   string `json:"last,omitempty"`
}

// Full is the name in reading order.
func (n Name) Full() string {
	return strings.Join(strings.Fields(n.First+" "+n.Middle+" "+n.Last), " ")
}

// Lookup asks Nursys about one license, retrying failures that may pass
// (Config.Attempts). A license Nursys does not hold is Result.Found
// false; an error is a lookup that could not be made (see Class).
func (c *Client) Lookup(ctx context.Context, q Query) (Result, error) {
	req, err := request(q)
	if err != nil {
		return Result{}, err
	}
	var res Result
	err = httpcall.Retry(ctx, c.policy, func(ctx context.Context) error {
		var err error
		res, err = c.attempt(ctx, req)
		return err
	})
	if err != nil {
		return Result{}, asError(err)
	}
	return res, nil
}

// request checks a query and writes it as Nursys takes it.
func request(q Query) (wire.LookupRequest, error) {
	state := strings.ToUpper(strings.TrimSpace(q.State))
	number := strings.Join(strings.Fields(q.LicenseNumber), " ")
	switch {
	case len(state) != 2 || !isLetters(state):
		return wire.LookupRequest{}, &Error{Class: ErrRejected, Reason: fmt.Sprintf("the license lookup needs the two-letter state of the board, not %q", q.State)}
	case NormalizeNumber(number) == "":
		return wire.LookupRequest{}, &Error{Class: ErrRejected, Reason: "the license lookup needs a license number"}
	case len(number) > 15:
		return wire.LookupRequest{}, &Error{Class: ErrRejected, Reason: fmt.Sprintf("Nursys takes license numbers of at most 15 characters, not %q", number)}
	}
	typ, ok := LicenseType(q.LicenseType)
	if !ok {
		return wire.LookupRequest{}, &Error{Class: ErrRejected, Reason: fmt.Sprintf("%q is not a nursing license type Nursys knows", q.LicenseType)}
	}
	return wire.LookupRequest{JurisdictionAbbreviation: state, LicenseNumber: number, LicenseType: typ,
		RecordID: state + "-" + NormalizeNumber(number)}, nil
}

// LicenseType is Nursys's license type for a type as printed: RN; PN for
// LPN, LVN and PN; an APRN role (CNP, NP, CNS, CNM, CRNA). A bare APRN or
// an empty type is "" (any type). False for anything else.
func LicenseType(printed string) (string, bool) {
	t := strings.ToUpper(strings.Join(strings.FieldsFunc(printed, func(r rune) bool { return !unicode.IsLetter(r) }), " "))
	switch t {
	case "":
		return "", true
	case "RN", "REGISTERED NURSE":
		return "RN", true
	case "PN", "LPN", "LVN", "VN", "LICENSED PRACTICAL NURSE", "LICENSED VOCATIONAL NURSE":
		return "PN", true
	case "APRN", "ADVANCED PRACTICE REGISTERED NURSE":
		return "", true
	}
	for _, role := range []string{"CRNA", "CNM", "CNS", "CNP", "NP"} {
		for _, w := range strings.Fields(t) {
			if w == role {
				if role == "NP" {
					return "CNP", true
				}
				return role, true
			}
		}
	}
	return "", false
}

// NormalizeNumber is a license number as compared: letters and digits,
// upper case ("RN.123456" and "rn 123456" are the same license).
func NormalizeNumber(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isLetters(s string) bool {
	for _, r := range s {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// attempt submits one lookup and polls its results until they are
// complete or the attempt's time runs out.
func (c *Client) attempt(ctx context.Context, q wire.LookupRequest) (Result, error) {
	actx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	body, err := json.Marshal(wire.LookupSubmit{NurseLookupRequests: []wire.LookupRequest{q}})
	if err != nil {
		return Result{}, err
	}
	req, err := c.newRequest(actx, http.MethodPost, c.endpoint, body)
	if err != nil {
		return Result{}, err
	}
	var sub wire.SubmitResponse
	if _, err := c.call.Call(ctx, actx, req, isOK, &sub); err != nil {
		return Result{}, err
	}
	tx := sub.Transaction
	switch {
	case !tx.TransactionSuccessFlag:
		return Result{}, &httpcall.Failure{Kind: httpcall.Rejected, Status: http.StatusOK,
			Reason: "Nursys refused the lookup" + errorList(tx.TransactionErrors)}
	case tx.TransactionID == "":
		return Result{}, &httpcall.Failure{Kind: httpcall.Malformed, Status: http.StatusOK, Reason: "Nursys accepted the lookup without a transaction id"}
	}
	results := c.endpoint + "?transactionId=" + url.QueryEscape(tx.TransactionID)
	for {
		req, err := c.newRequest(actx, http.MethodGet, results, nil)
		if err != nil {
			return Result{}, err
		}
		var got wire.RetrieveResponse
		if _, err := c.call.Call(ctx, actx, req, isOK, &got); err != nil {
			return Result{}, c.unfinished(ctx, actx, err)
		}
		if !got.Transaction.TransactionSuccessFlag {
			return Result{}, &httpcall.Failure{Kind: httpcall.Server, Status: http.StatusOK,
				Reason: "Nursys could not retrieve the lookup's results" + errorList(got.Transaction.TransactionErrors)}
		}
		if got.ProcessingCompleteFlag {
			return c.result(q, got.NurseLookupResponses)
		}
		t := time.NewTimer(c.pollInterval)
		select {
		case <-t.C:
		case <-actx.Done():
			t.Stop()
			return Result{}, c.unfinished(ctx, actx, c.call.Interrupted(ctx, actx, actx.Err(), ""))
		}
	}
}

// unfinished names a timeout of the attempt while its results were being
// retrieved: the lookup did not finish in time.
func (c *Client) unfinished(ctx, actx context.Context, err error) error {
	var f *httpcall.Failure
	if errors.As(err, &f) && f.Kind == httpcall.Timeout && actx.Err() != nil && ctx.Err() == nil {
		f.Reason = "Nursys did not finish the lookup within " + readable.Duration(c.timeout)
	}
	return err
}

func isOK(status int) bool { return status == http.StatusOK }

func (c *Client) newRequest(ctx context.Context, method, target string, body []byte) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, target, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("nursys: %w", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set(wire.HeaderUsername, c.username)
	req.Header.Set(wire.HeaderPassword, c.password)
	return req, nil
}

func errorList(errs []wire.TransactionError) string {
	if len(errs) == 0 {
		return ""
	}
	msgs := make([]string, 0, len(errs))
	for _, e := range errs {
		msgs = append(msgs, fmt.Sprintf("%d %s", e.ErrorID, strings.TrimSpace(e.ErrorMessage)))
	}
	return " (" + strings.Join(msgs, "; ") + ")"
}

// result reads the answer to our one request: not found, or the license
// asked for among the nurse's licenses.
func (c *Client) result(q wire.LookupRequest, responses []wire.LookupResponse) (Result, error) {
	now := c.now()
	var r *wire.LookupResponse
	for i := range responses {
		if responses[i].NurseLookupRequest.RecordID == q.RecordID || len(responses) == 1 {
			r = &responses[i]
			break
		}
	}
	if r == nil {
		return Result{}, &httpcall.Failure{Kind: httpcall.Malformed, Status: http.StatusOK, Reason: "Nursys answered without a result for the license asked"}
	}
	res := Result{CheckedAt: now.UTC(), State: q.JurisdictionAbbreviation, LicenseNumber: q.LicenseNumber, Messages: r.Messages}
	for _, e := range r.Errors {
		res.Messages = append(res.Messages, strings.TrimSpace(e.ErrorMessage))
	}
	if !r.SuccessFlag {
		return res, nil
	}
	want := NormalizeNumber(q.LicenseNumber)
	for _, l := range r.NurseLookupLicenses {
		if NormalizeNumber(l.LicenseNumber) != want || !strings.EqualFold(strings.TrimSpace(l.JurisdictionAbbreviation), q.JurisdictionAbbreviation) ||
			(q.LicenseType != "" && !strings.EqualFold(strings.TrimSpace(l.LicenseType), q.LicenseType)) {
			continue
		}
		res.Found = true
		res.NcsbnID = strings.TrimSpace(r.NcsbnID)
		res.Holder = Name{First: clean(l.FirstName), Middle: clean(l.MiddleName), Last: clean(l.LastName)}
		if res.Holder.First == "" && res.Holder.Last == "" {
			res.Holder = Name{First: clean(r.FirstName), Last: clean(r.LastName)}
		}
		res.LicenseNumber = clean(l.LicenseNumber)
		res.Jurisdiction = clean(l.Jurisdiction)
		res.LicenseType = strings.ToUpper(clean(l.LicenseType))
		res.StatusText = clean(l.LicenseStatus)
		res.Compact = clean(l.CompactStatus)
		res.Messages = append(res.Messages, l.Messages...)
		res.IssuedOn = parseDate(l.LicenseOriginalDate)
		res.ExpiresOn = parseDate(l.LicenseExpirationDate)
		res.Status, res.Encumbered = foldStatus(l.LicenseStatus, l.Active)
		for _, d := range l.NurseLookupDisciplines {
			res.Encumbered = res.Encumbered || inEffect(d, now)
		}
		return res, nil
	}
	// The nurse is known, but not with this license in this state.
	return res, nil
}

func clean(s string) string { return strings.Join(strings.Fields(s), " ") }

// foldStatus reads a board's status wording and Nursys's Active flag. The
// more serious word wins ("Inactive" is not active; "Active - Probation"
// is active and encumbered); an Active of "No" is never active.
func foldStatus(text, active string) (status string, encumbered bool) {
	t := strings.ToLower(text)
	for _, w := range []string{"probation", "encumber", "restrict", "conditional", "stipulat", "monitor"} {
		if strings.Contains(t, w) {
			encumbered = true
		}
	}
	status = "unknown"
	for _, s := range [][2]string{
		{"revoked", "revoked"}, {"suspend", "suspended"}, {"surrender", "surrendered"}, {"void", "void"},
		{"deceased", "deceased"}, {"denied", "denied"}, {"expired", "expired"}, {"lapsed", "lapsed"},
		{"delinquent", "lapsed"}, {"inactive", "inactive"}, {"retired", "inactive"}, {"active", "active"},
	} {
		if strings.Contains(t, s[0]) {
			status = s[1]
			break
		}
	}
	switch a := strings.ToLower(strings.TrimSpace(active)); {
	case a == "no" && status == "active":
		status = "inactive"
	case a == "yes" && status == "unknown":
		status = "active"
	}
	return status, encumbered
}

// inEffect reports whether a discipline restricts the license today: an
// action that is not stayed and has no end, or ends after today.
func inEffect(d wire.Discipline, now time.Time) bool {
	for _, a := range d.NurseLookupInitialActions {
		if a.ActionStayedFlag {
			continue
		}
		end := parseDate(a.EndDate)
		if end == nil || !end.Before(dateOf(now)) {
			return true
		}
	}
	return false
}

func dateOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// parseDate reads the date of "2027-04-30T00:00:00", an RFC 3339 time,
// "2027-04-30" or "04/30/2027"; nil for anything else.
func parseDate(s string) *time.Time {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", time.DateOnly, "01/02/2006", "1/2/2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
			return &d
		}
	}
	return nil
}
