package ahaecard

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/ahaecard/wire"
	"github.com/clearedtostart/compliance/internal/httpcall"
)

// Defaults of Config.
const (
	DefaultBaseURL      = "https://ecards.heart.org"
	DefaultTimeout      = 10 * time.Second
	DefaultAttempts     = 3
	DefaultBackoff      = time.Second
	DefaultMaxWait      = 10 * time.Second
	DefaultMaxBodyBytes = 256 << 10
	DefaultUserAgent    = "ClearedToStart-Compliance/1.0 (eCard verification)"
)

// Config configures a Client. BaseURL and APIKey are commonly set;
// everything else has a working default.
type Config struct {
	// BaseURL is the service's base, without the /api/ecards/verify path.
	BaseURL string
	// APIKey, when set, is sent in the x-api-key header.
	APIKey string
	// HTTPClient sends the requests; its own Timeout, if any, also applies.
	HTTPClient *http.Client
	// Timeout bounds one attempt.
	Timeout time.Duration
	// Attempts is how many times a verification that fails in a passing
	// way is made (default 3); Backoff the wait before the second (doubled
	// after); MaxWait the longest wait, also for a Retry-After.
	Attempts int
	Backoff  time.Duration
	MaxWait  time.Duration
	// MaxBodyBytes bounds an answer.
	MaxBodyBytes int64
	UserAgent    string
	// Now is the clock of CheckedAt and of Retry-After dates.
	Now func() time.Time
}

// Client verifies AHA eCards. It is safe for concurrent use.
type Client struct {
	endpoint  string
	apiKey    string
	userAgent string
	timeout   time.Duration
	policy    httpcall.Policy
	call      *httpcall.Caller
	now       func() time.Time
}

// New validates cfg and returns a Client.
func New(cfg Config) (*Client, error) {
	endpoint, err := httpcall.Endpoint(cmp.Or(cfg.BaseURL, DefaultBaseURL), wire.VerifyPath)
	if err != nil {
		return nil, fmt.Errorf("ahaecard: %w", err)
	}
	if cfg.Timeout < 0 || cfg.Attempts < 0 || cfg.Backoff < 0 || cfg.MaxWait < 0 || cfg.MaxBodyBytes < 0 {
		return nil, errors.New("ahaecard: negative timeout, attempts, wait or body bound")
	}
	c := &Client{
		endpoint:  endpoint,
		apiKey:    cfg.APIKey,
		userAgent: cmp.Or(cfg.UserAgent, DefaultUserAgent),
		timeout:   cmp.Or(cfg.Timeout, DefaultTimeout),
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
	c.call = &httpcall.Caller{Party: "AHA eCards", HTTP: hc, MaxBody: cmp.Or(cfg.MaxBodyBytes, DefaultMaxBodyBytes), Now: c.now, AttemptTimeout: c.timeout}
	return c, nil
}

// Query names one card.
type Query struct {
	// Code is the eCard code as printed: 12 digits (2-digit year of issue,
	// 3-digit course code, 7-digit number); spaces and dashes do not
	// count.
	Code string
	// FirstName and LastName are the holder's name as the document shows
	// it; the service answers the card as it records it, whatever name
	// was sent.
	FirstName, LastName string
}

// Courses, as Result.Course folds the course names.
const (
	CourseBLS        = "BLS"
	CourseACLS       = "ACLS"
	CoursePALS       = "PALS"
	CoursePEARS      = "PEARS"
	CourseHeartsaver = "HEARTSAVER"
	CourseOther      = "OTHER"
)

// Result is what the service answered about one card.
type Result struct {
	// Found is false when the service holds no card of that code.
	Found bool   `json:"found"`
	Code  string `json:"code"`
	// Holder is the name the card was issued to.
	Holder Name `json:"holder"`
	// Course is the course folded to BLS, ACLS, PALS, PEARS, HEARTSAVER or
	// OTHER; CourseName as the card prints it.
	Course     string `json:"course,omitempty"`
	CourseName string `json:"courseName,omitempty"`
	// Status is the card's banner folded: active or expired.
	Status   string     `json:"status,omitempty"`
	IssuedOn *time.Time `json:"issueDate,omitempty"`
	// RenewBy is the recommended renewal date: the last day the card is
	// current (the last day of the month the card prints).
	RenewBy        *time.Time     `json:"recommendedRenewalDate,omitempty"`
	TrainingCenter TrainingCenter `json:"trainingCenter"`
	Instructor     string         `json:"instructor,omitempty"`
	// CheckedAt is when the service answered.
	CheckedAt time.Time `json:"checkedAt"`
}

// Name is a card holder's name.
type Name struct {
	First string `json:"first,omitempty"`
	Last  string `json:"last,omitempty"`
}

// Full is the name in reading order.
func (n Name) Full() string { return strings.Join(strings.Fields(n.First+" "+n.Last), " ") }

// TrainingCenter is the Training Center that issued a card.
type TrainingCenter struct {
	ID   string `json:"id,omitempty"`
	Name string `json:"name,omitempty"`
}

// NormalizeCode is an eCard code without spaces and dashes, and whether it
// is then 12 digits.
func NormalizeCode(s string) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ' || r == '-' || r == '\u00a0':
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			return b.String(), false
		}
	}
	return b.String(), b.Len() == 12
}

// Verify asks the service about one card, retrying failures that may pass
// (Config.Attempts). A code that is not 12 digits is refused before
// sending (ErrRejected); a card the service does not hold is Result.Found
// false.
func (c *Client) Verify(ctx context.Context, q Query) (Result, error) {
	code, ok := NormalizeCode(q.Code)
	if !ok {
		return Result{}, &Error{Class: ErrRejected, Reason: fmt.Sprintf("%q is not an eCard code (12 digits)", q.Code)}
	}
	body, err := json.Marshal(wire.VerifyRequest{ECardCode: code, FirstName: clean(q.FirstName), LastName: clean(q.LastName)})
	if err != nil {
		return Result{}, err
	}
	var res Result
	err = httpcall.Retry(ctx, c.policy, func(ctx context.Context) error {
		var err error
		res, err = c.attempt(ctx, code, body)
		return err
	})
	if err != nil {
		return Result{}, asError(err)
	}
	return res, nil
}

func (c *Client) attempt(ctx context.Context, code string, body []byte) (Result, error) {
	actx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil {
		return Result{}, fmt.Errorf("ahaecard: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if c.apiKey != "" {
		req.Header.Set(wire.HeaderAPIKey, c.apiKey)
	}
	var v wire.VerifyResponse
	status, err := c.call.Call(ctx, actx, req, func(status int) bool {
		return status == http.StatusOK || status == http.StatusNotFound || status == http.StatusBadRequest
	}, &v)
	if err != nil {
		if status == http.StatusNotFound || status == http.StatusBadRequest {
			// Not our JSON: a 404 or 400 of something else at the address.
			var f *httpcall.Failure
			if errors.As(err, &f) && f.Kind == httpcall.Malformed {
				f.Kind, f.Reason = httpcall.Rejected, fmt.Sprintf("AHA eCards answered %d without a verification result", status)
			}
		}
		return Result{}, err
	}
	res := Result{Code: code, CheckedAt: c.now().UTC()}
	switch {
	case status == http.StatusNotFound && v.Result == wire.ResultNotFound:
		return res, nil
	case status == http.StatusBadRequest:
		msg := clean(v.Message)
		if msg == "" {
			msg = v.Result
		}
		return Result{}, &httpcall.Failure{Kind: httpcall.Rejected, Status: status, Reason: "AHA eCards refused the code (" + msg + ")"}
	case status != http.StatusOK || v.Result != wire.ResultFound || v.ECard == nil:
		return Result{}, &httpcall.Failure{Kind: httpcall.Malformed, Status: status,
			Reason: fmt.Sprintf("AHA eCards answered %d with result %q instead of a card", status, v.Result)}
	}
	e := v.ECard
	res.Found = true
	res.Holder = Name{First: clean(e.FirstName), Last: clean(e.LastName)}
	res.CourseName = clean(e.Course.Name)
	res.Course = FoldCourse(e.Course.Name)
	res.Status = strings.ToLower(clean(e.Status))
	res.IssuedOn = parseDay(e.IssueDate)
	res.RenewBy = parseRenewal(e.RecommendedRenewalDate)
	res.TrainingCenter = TrainingCenter{ID: clean(e.TrainingCenter.ID), Name: clean(e.TrainingCenter.Name)}
	res.Instructor = clean(e.Instructor.Name)
	if got, _ := NormalizeCode(e.ECardCode); got != "" && got != code {
		return Result{}, &httpcall.Failure{Kind: httpcall.Malformed, Status: status, Reason: "AHA eCards answered a card of another code"}
	}
	return res, nil
}

// FoldCourse names a course as printed ("BLS Provider", "Advanced
// Cardiovascular Life Support") by its program.
func FoldCourse(name string) string {
	n := " " + strings.ToUpper(strings.Join(strings.FieldsFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}), " ")) + " "
	switch {
	case strings.Contains(n, " HEARTSAVER "):
		return CourseHeartsaver
	case strings.Contains(n, " ACLS ") || strings.Contains(n, " ADVANCED CARDIOVASCULAR LIFE SUPPORT ") || strings.Contains(n, " ADVANCED CARDIAC LIFE SUPPORT "):
		return CourseACLS
	case strings.Contains(n, " PALS ") || strings.Contains(n, " PEDIATRIC ADVANCED LIFE SUPPORT "):
		return CoursePALS
	case strings.Contains(n, " PEARS "):
		return CoursePEARS
	case strings.Contains(n, " BLS ") || strings.Contains(n, " BASIC LIFE SUPPORT "):
		return CourseBLS
	}
	return CourseOther
}

func clean(s string) string { return strings.Join(strings.Fields(s), " ") }

func parseDay(s string) *time.Time {
	for _, layout := range []string{time.DateOnly, "01/02/2006", "1/2/2006", time.RFC3339} {
		if t, err := time.Parse(layout, strings.TrimSpace(s)); err == nil {
			d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
			return &d
		}
	}
	return nil
}

// parseRenewal reads a renewal month ("2027-01", "01/2027") as its last
// day, or a full date as itself.
func parseRenewal(s string) *time.Time {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006-01", "01/2006", "1/2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			d := time.Date(t.Year(), t.Month()+1, 0, 0, 0, 0, 0, time.UTC)
			return &d
		}
	}
	return parseDay(s)
}
