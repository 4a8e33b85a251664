package vms

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"github.com/clearedtostart/compliance/internal/httpcall"
	"github.com/clearedtostart/compliance/internal/readable"
	"github.com/clearedtostart/compliance/internal/retryafter"
)

// Defaults of SandboxConfig.
const (
	DefaultTimeout      = 30 * time.Second
	DefaultUserAgent    = "ClearedToStart-Compliance/1.0 (vms connector)"
	DefaultMaxBodyBytes = 4 << 20
	DefaultPageSize     = 100
)

// MaxPacketBytes is the largest packet the sandbox VMS accepts.
const MaxPacketBytes = 20 << 20

// maxKeyLength bounds an idempotency key, as the VMS does.
const maxKeyLength = 255

// maxPages bounds the pages of one checklist (a checklist has at most a
// few dozen items).
const maxPages = 50

// SandboxConfig configures a SandboxConnector.
type SandboxConfig struct {
	// BaseURL is the VMS's address (the sandbox's Server.URL()).
	BaseURL string
	// Username and Password are the API client id and secret and the
	// portal sign-in alike.
	Username, Password string
	// HTTPClient sends the requests (its Transport and Timeout are used;
	// the connector keeps its own cookie jar and follows no redirects).
	HTTPClient *http.Client
	// Timeout bounds one call of the Connector, sign-ins included
	// (default 30s).
	Timeout time.Duration
	// UserAgent identifies the service to the VMS.
	UserAgent string
	// MaxBodyBytes bounds an answer (default 4 MB).
	MaxBodyBytes int64
	// PageSize is how many checklist items one API page asks for
	// (default 100, the VMS's most).
	PageSize int
	Logger   *slog.Logger
}

// SandboxConnector is the Connector of the sandbox VMS (package
// vms/sandbox documents its interface): its JSON API first, and its
// portal pages, scraped, for jobs it keeps only there. It is safe for
// concurrent use and retries nothing itself.
type SandboxConnector struct {
	base      string
	http      *http.Client
	oauth     clientcredentials.Config
	username  string
	password  string
	timeout   time.Duration
	userAgent string
	maxBody   int64
	pageSize  int
	log       *slog.Logger

	// tokenMu serialises token requests; mu guards the fields below.
	tokenMu    sync.Mutex
	loginMu    sync.Mutex
	mu         sync.Mutex
	token      *oauth2.Token
	tokenGen   int
	sessionGen int
}

var _ Connector = (*SandboxConnector)(nil)

// NewSandbox validates cfg and returns the connector. It does not call
// the VMS: credentials are tried on first use.
func NewSandbox(cfg SandboxConfig) (*SandboxConnector, error) {
	base, err := httpcall.Endpoint(cfg.BaseURL, "")
	if err != nil {
		return nil, fmt.Errorf("vms: %w", err)
	}
	if cfg.Username == "" || cfg.Password == "" {
		return nil, errors.New("vms: the sandbox VMS needs a username and a password")
	}
	if cfg.Timeout < 0 || cfg.MaxBodyBytes < 0 || cfg.PageSize < 0 {
		return nil, errors.New("vms: negative timeout, body bound or page size")
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		return nil, fmt.Errorf("vms: %w", err)
	}
	hc := &http.Client{}
	if cfg.HTTPClient != nil {
		*hc = *cfg.HTTPClient
	}
	hc.Jar = jar
	// Redirects are answers here: the portal's 302 to its sign-in form
	// says the session ended.
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	c := &SandboxConnector{
		base: base,
		http: hc,
		oauth: clientcredentials.Config{
			ClientID:     cfg.Username,
			ClientSecret: cfg.Password,
			TokenURL:     base + "/api/v1/token",
			AuthStyle:    oauth2.AuthStyleInHeader,
		},
		username:  cfg.Username,
		password:  cfg.Password,
		timeout:   cmpOr(cfg.Timeout, DefaultTimeout),
		userAgent: cmpOr(cfg.UserAgent, DefaultUserAgent),
		maxBody:   cmpOr(cfg.MaxBodyBytes, DefaultMaxBodyBytes),
		pageSize:  cmpOr(cfg.PageSize, DefaultPageSize),
		log:       cfg.Logger,
	}
	if c.log == nil {
		c.log = slog.New(slog.DiscardHandler)
	}
	return c, nil
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// call carries one Connector call: the caller's context and the one
// bounded by the connector's timeout, told apart in errors.
type call struct {
	ctx, reqCtx context.Context
	subject     string // "job ICU-2231", "placement P-ICU-2231-1"
}

func (c *SandboxConnector) begin(ctx context.Context, subject string) (*call, context.CancelFunc) {
	reqCtx, cancel := context.WithTimeout(ctx, c.timeout)
	return &call{ctx: ctx, reqCtx: reqCtx, subject: subject}, cancel
}

func checkRef(ref, kind string) error {
	if strings.TrimSpace(ref) == "" {
		return &Error{Class: ErrRejected, Reason: "no " + kind + " reference was given"}
	}
	if len(ref) > 200 || strings.ContainsAny(ref, "/?#\\") {
		return &Error{Class: ErrRejected, Reason: fmt.Sprintf("%q is not a %s reference the VMS could know", ref, kind)}
	}
	return nil
}

// Job reads a job from the API, or from its portal page when the API does
// not know it.
func (c *SandboxConnector) Job(ctx context.Context, jobRef string) (Job, error) {
	if err := checkRef(jobRef, "job"); err != nil {
		return Job{}, err
	}
	cl, cancel := c.begin(ctx, "job "+jobRef)
	defer cancel()
	var w wireJob
	err := c.getJSON(cl, "/api/v1/jobs/"+url.PathEscape(jobRef), &w)
	if errors.Is(err, errPortalOnly) {
		doc, err := c.portalPage(cl, "/portal/jobs/"+url.PathEscape(jobRef))
		if err != nil {
			return Job{}, err
		}
		return scrapeJob(doc, jobRef, cl.subject)
	}
	if err != nil {
		return Job{}, err
	}
	if w.RequisitionID != jobRef {
		return Job{}, &Error{Class: ErrMalformed, Reason: fmt.Sprintf("the VMS answered job %q when asked for %s", w.RequisitionID, cl.subject)}
	}
	status, ok := normStatus(w.Status)
	if !ok {
		return Job{}, &Error{Class: ErrMalformed, Reason: fmt.Sprintf("the VMS reports %s as %q, a status the connector does not know", cl.subject, w.Status)}
	}
	j := Job{
		Ref:        jobRef,
		Title:      clean(w.Title),
		Facility:   clean(w.Facility.Name),
		Location:   location(w.Worksite.City, w.Worksite.State, w.Worksite.PostalCode),
		Department: clean(w.Department),
		Role:       clean(w.Role),
		Status:     status,
		Portal:     w.PortalOnly,
	}
	if w.ChecklistVersion != nil {
		j.ChecklistVersion = strconv.Itoa(*w.ChecklistVersion)
	}
	return j, nil
}

// JobRequirements reads a job's checklist from the API, or from its
// portal page when the VMS keeps it only there.
func (c *SandboxConnector) JobRequirements(ctx context.Context, jobRef string) ([]SourceRequirement, error) {
	return c.requirements(ctx, "job", "jobs", jobRef, scrapeJobChecklist)
}

// PlacementRequirements reads a placement's checklist (its job's template
// and its own items) from the API, or from its portal page.
func (c *SandboxConnector) PlacementRequirements(ctx context.Context, placementRef string) ([]SourceRequirement, error) {
	return c.requirements(ctx, "placement", "placements", placementRef, scrapePlacementChecklist)
}

// requirements reads the checklist of a job or a placement (kind, whose
// API and portal paths are under /collection/ref) from the API, or scrapes
// its portal page when the VMS keeps it only there.
func (c *SandboxConnector) requirements(ctx context.Context, kind, collection, ref string,
	scrape func(doc *goquery.Document, ref, subject string) ([]SourceRequirement, error)) ([]SourceRequirement, error) {
	if err := checkRef(ref, kind); err != nil {
		return nil, err
	}
	cl, cancel := c.begin(ctx, kind+" "+ref)
	defer cancel()
	path := "/" + collection + "/" + url.PathEscape(ref)
	reqs, err := c.checklist(cl, "/api/v1"+path+"/requirements")
	if errors.Is(err, errPortalOnly) {
		doc, err := c.portalPage(cl, "/portal"+path)
		if err != nil {
			return nil, err
		}
		return scrape(doc, ref, cl.subject)
	}
	return reqs, err
}

// checklist reads every page of a checklist. Pages of two versions are
// never stitched together: the VMS refuses a stale cursor, and a version
// change between pages fails the read (retryably).
func (c *SandboxConnector) checklist(cl *call, path string) ([]SourceRequirement, error) {
	out := []SourceRequirement{}
	cursor := ""
	version := -1
	for page := 0; ; page++ {
		if page == maxPages {
			return nil, &Error{Class: ErrMalformed, Reason: fmt.Sprintf("the checklist of %s runs over %d pages", cl.subject, maxPages)}
		}
		q := url.Values{"limit": {strconv.Itoa(c.pageSize)}}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		var w wireChecklist
		if err := c.getJSON(cl, path+"?"+q.Encode(), &w); err != nil {
			return nil, err
		}
		if version >= 0 && w.ChecklistVersion != version {
			return nil, &Error{Class: ErrUnavailable, Reason: fmt.Sprintf("the checklist of %s changed while it was read (version %d, then %d)", cl.subject, version, w.ChecklistVersion)}
		}
		version = w.ChecklistVersion
		for _, it := range w.Items {
			r := SourceRequirement{Label: clean(it.Label), PacketGroup: clean(it.PacketGroup), Notes: clean(it.Notes), Ref: clean(it.ID)}
			if r.Label == "" {
				return nil, &Error{Class: ErrMalformed, Reason: fmt.Sprintf("item %d of the checklist of %s has no label", len(out)+1, cl.subject)}
			}
			r.Optional = it.Required != nil && !*it.Required
			out = append(out, r)
		}
		if w.TotalCount != nil && *w.TotalCount < len(out) {
			return nil, &Error{Class: ErrMalformed, Reason: fmt.Sprintf("the VMS sent more items than the %d it announced for %s", *w.TotalCount, cl.subject)}
		}
		if w.NextCursor == nil || *w.NextCursor == "" {
			if w.TotalCount != nil && *w.TotalCount != len(out) {
				return nil, &Error{Class: ErrMalformed, Reason: fmt.Sprintf("the VMS announced %d items for %s and sent %d", *w.TotalCount, cl.subject, len(out))}
			}
			return out, nil
		}
		cursor = *w.NextCursor
	}
}

// UploadPacket sends a packet PDF with its idempotency key. The packet is
// read whole first (the VMS takes at most 20 MB) so that it can be sent
// again after a token refresh and checked against the receipt.
func (c *SandboxConnector) UploadPacket(ctx context.Context, up Upload) (Receipt, error) {
	if err := checkRef(up.PlacementRef, "placement"); err != nil {
		return Receipt{}, err
	}
	switch {
	case up.IdempotencyKey == "":
		return Receipt{}, &Error{Class: ErrRejected, Reason: "a packet upload needs an idempotency key"}
	case len(up.IdempotencyKey) > maxKeyLength:
		return Receipt{}, &Error{Class: ErrRejected, Reason: fmt.Sprintf("the idempotency key is longer than the %d characters the VMS takes", maxKeyLength)}
	case strings.TrimSpace(up.PacketGroup) == "":
		return Receipt{}, &Error{Class: ErrRejected, Reason: "a packet upload needs a packet group"}
	case up.PDF == nil:
		return Receipt{}, &Error{Class: ErrRejected, Reason: "a packet upload needs the PDF"}
	}
	pdf, err := io.ReadAll(io.LimitReader(up.PDF, MaxPacketBytes+1))
	if err != nil {
		return Receipt{}, fmt.Errorf("vms: reading the packet for placement %s: %w", up.PlacementRef, err)
	}
	switch {
	case len(pdf) > MaxPacketBytes:
		return Receipt{}, &Error{Class: ErrRejected, Reason: fmt.Sprintf("the packet is larger than the %d MB the VMS takes", MaxPacketBytes>>20)}
	case up.Size > 0 && int64(len(pdf)) != up.Size:
		return Receipt{}, &Error{Class: ErrRejected, Reason: fmt.Sprintf("the packet read %d bytes where %d were expected; it was not sent", len(pdf), up.Size)}
	case !bytes.HasPrefix(pdf, []byte("%PDF-")):
		return Receipt{}, &Error{Class: ErrRejected, Reason: "the packet is not a PDF; it was not sent"}
	}
	name := up.FileName
	if name == "" {
		name = "packet.pdf"
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if err := mw.WriteField("packetGroup", up.PacketGroup); err != nil {
		return Receipt{}, fmt.Errorf("vms: %w", err)
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", mime.FormatMediaType("form-data", map[string]string{"name": "file", "filename": name}))
	h.Set("Content-Type", "application/pdf")
	part, err := mw.CreatePart(h)
	if err != nil {
		return Receipt{}, fmt.Errorf("vms: %w", err)
	}
	part.Write(pdf)
	if err := mw.Close(); err != nil {
		return Receipt{}, fmt.Errorf("vms: %w", err)
	}

	cl, cancel := c.begin(ctx, "the packet upload to placement "+up.PlacementRef)
	defer cancel()
	hdr := http.Header{"Content-Type": {mw.FormDataContentType()}, "Idempotency-Key": {up.IdempotencyKey}}
	resp, raw, err := c.api(cl, http.MethodPost, "/api/v1/placements/"+url.PathEscape(up.PlacementRef)+"/documents", body.Bytes(), hdr)
	if err != nil {
		return Receipt{}, err
	}
	if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
		if resp.StatusCode == http.StatusConflict {
			if code, msg := errorBody(raw); code == "idempotency_key_reused" {
				return Receipt{}, &Error{Class: ErrConflict, Status: resp.StatusCode,
					Reason: fmt.Sprintf("the VMS already holds a different packet under idempotency key %q: %s", up.IdempotencyKey, msg)}
			}
		}
		return Receipt{}, c.failure(cl, resp, raw)
	}
	var w wireReceipt
	if err := c.decode(cl, resp, raw, &w); err != nil {
		return Receipt{}, err
	}
	sum := sha256.Sum256(pdf)
	switch {
	case w.ID == "":
		return Receipt{}, &Error{Class: ErrMalformed, Status: resp.StatusCode, Reason: "the VMS acknowledged " + cl.subject + " without a receipt id"}
	case w.SHA256 != "" && !strings.EqualFold(w.SHA256, hex.EncodeToString(sum[:])),
		w.Size != 0 && w.Size != int64(len(pdf)):
		return Receipt{}, &Error{Class: ErrMalformed, Status: resp.StatusCode,
			Reason: fmt.Sprintf("the VMS's receipt %s for %s names other content than the packet sent", w.ID, cl.subject)}
	}
	return Receipt{
		ID:         w.ID,
		ReceivedAt: w.ReceivedAt,
		Duplicate:  resp.StatusCode == http.StatusOK && strings.EqualFold(resp.Header.Get("Idempotent-Replayed"), "true"),
	}, nil
}

// sentinel is a constant error internal to the connector.
type sentinel string

func (e sentinel) Error() string { return string(e) }

// errPortalOnly is the VMS saying the answer is on its portal pages
// (404 portal_only): the caller scrapes instead.
const errPortalOnly sentinel = "vms: kept in the portal only"

// getJSON reads one API resource into out.
func (c *SandboxConnector) getJSON(cl *call, path string, out any) error {
	resp, raw, err := c.api(cl, http.MethodGet, path, nil, nil)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return c.failure(cl, resp, raw)
	}
	return c.decode(cl, resp, raw, out)
}

// api sends one API request with the bearer token and reads the answer.
// A 401 means the VMS ended the token early (a restart, a rotation): the
// token is dropped and the request sent once more with a new one.
func (c *SandboxConnector) api(cl *call, method, path string, body []byte, hdr http.Header) (*http.Response, []byte, error) {
	for attempt := 0; ; attempt++ {
		token, gen, err := c.bearer(cl)
		if err != nil {
			return nil, nil, err
		}
		req, err := http.NewRequestWithContext(cl.reqCtx, method, c.base+path, bytes.NewReader(body))
		if err != nil {
			return nil, nil, fmt.Errorf("vms: %w", err)
		}
		for k, v := range hdr {
			req.Header[k] = v
		}
		req.Header.Set("Accept", "application/json")
		req.Header.Set("User-Agent", c.userAgent)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, raw, err := c.do(cl, req)
		if err != nil {
			return nil, nil, err
		}
		if resp.StatusCode == http.StatusUnauthorized && attempt == 0 {
			c.dropToken(gen)
			c.log.Info("vms token refused, asking for a new one", "subject", cl.subject)
			continue
		}
		return resp, raw, nil
	}
}

// do sends a request and reads the whole answer, bounded.
func (c *SandboxConnector) do(cl *call, req *http.Request) (*http.Response, []byte, error) {
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, nil, c.interrupted(cl, err, "the VMS could not be reached")
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBody+1))
	if err != nil {
		return nil, nil, c.interrupted(cl, err, "the VMS's answer about "+cl.subject+" was cut off")
	}
	if int64(len(raw)) > c.maxBody {
		return nil, nil, &Error{Class: ErrMalformed, Status: resp.StatusCode,
			Reason: fmt.Sprintf("the VMS's answer about %s is larger than %s", cl.subject, readable.Bytes(c.maxBody))}
	}
	return resp, raw, nil
}

// bearer returns a live access token, asking the VMS for one when there
// is none; gen identifies it for dropToken.
func (c *SandboxConnector) bearer(cl *call) (string, int, error) {
	c.tokenMu.Lock()
	defer c.tokenMu.Unlock()
	c.mu.Lock()
	tok, gen := c.token, c.tokenGen
	c.mu.Unlock()
	if tok.Valid() {
		return tok.AccessToken, gen, nil
	}
	tok, err := c.oauth.Token(context.WithValue(cl.reqCtx, oauth2.HTTPClient, c.http))
	if err != nil {
		return "", 0, c.tokenError(cl, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tokenGen++
	c.token = tok
	return tok.AccessToken, c.tokenGen, nil
}

// dropToken forgets the token of generation gen, unless another call
// has replaced it already.
func (c *SandboxConnector) dropToken(gen int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tokenGen == gen {
		c.token = nil
	}
}

func (c *SandboxConnector) tokenError(cl *call, err error) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		if cl.ctx.Err() != nil || cl.reqCtx.Err() != nil || isNetError(err) {
			return c.interrupted(cl, err, "the VMS's token endpoint could not be reached")
		}
		return &Error{Class: ErrUnavailable, Reason: "the VMS's token endpoint did not answer with a token", Err: err}
	}
	status := 0
	var retry time.Duration
	if re.Response != nil {
		status = re.Response.StatusCode
		retry, _ = retryAfter(re.Response.Header.Get("Retry-After"), time.Now())
	}
	what := re.ErrorCode
	if re.ErrorDescription != "" {
		what += ": " + re.ErrorDescription
	}
	if what == "" {
		what = strconv.Itoa(status)
	}
	switch {
	case status == http.StatusTooManyRequests || status == http.StatusRequestTimeout || status >= 500:
		return &Error{Class: ErrUnavailable, Status: status, RetryAfter: retry, Reason: fmt.Sprintf("the VMS's token endpoint answered %d", status), Err: err}
	case re.ErrorCode == "invalid_client" || re.ErrorCode == "unauthorized_client" || re.ErrorCode == "invalid_grant" || status == http.StatusUnauthorized:
		return &Error{Class: ErrAuth, Status: status, Reason: "the VMS refused our client credentials (" + what + ")", Err: err}
	}
	return &Error{Class: ErrAuth, Status: status, Reason: "the VMS's token endpoint refused our request (" + what + ")", Err: err}
}

func isNetError(err error) bool {
	var ne net.Error
	return errors.As(err, &ne)
}

// interrupted classifies an error of sending or reading: the caller gave
// up, a deadline passed, or the connection failed.
func (c *SandboxConnector) interrupted(cl *call, err error, unreachable string) error {
	switch {
	case errors.Is(cl.ctx.Err(), context.Canceled):
		return fmt.Errorf("vms: %s abandoned: %w", cl.subject, cl.ctx.Err())
	case cl.ctx.Err() != nil:
		return &Error{Class: ErrUnavailable, Reason: "the VMS did not answer about " + cl.subject + " before the caller's deadline", Err: err}
	case cl.reqCtx.Err() != nil:
		return &Error{Class: ErrUnavailable, Reason: "the VMS did not answer about " + cl.subject + " within " + readable.Duration(c.timeout), Err: err}
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return &Error{Class: ErrUnavailable, Reason: "the VMS did not answer about " + cl.subject + " in time", Err: err}
	}
	return &Error{Class: ErrUnavailable, Reason: unreachable, Err: err}
}

// errorBody reads the API's {"error":{"code","message"}}.
func errorBody(raw []byte) (code, msg string) {
	var e wireError
	if json.Unmarshal(raw, &e) == nil {
		return e.Error.Code, clean(e.Error.Message)
	}
	return "", ""
}

// failure classifies an API answer that is not the one asked for.
func (c *SandboxConnector) failure(cl *call, resp *http.Response, raw []byte) error {
	status := resp.StatusCode
	code, msg := errorBody(raw)
	said := ""
	switch {
	case msg != "":
		said = ": " + msg
	case looksHTML(raw):
		if t := pageTitle(raw); t != "" {
			said = fmt.Sprintf(" (a page titled %q)", t)
		}
	}
	retry, _ := retryAfter(resp.Header.Get("Retry-After"), time.Now())
	switch {
	case status == http.StatusNotFound && code == "portal_only":
		return errPortalOnly
	case status == http.StatusNotFound || status == http.StatusGone:
		return &Error{Class: ErrNotFound, Status: status, Reason: "the VMS does not know " + cl.subject + said}
	case status == http.StatusUnauthorized:
		return &Error{Class: ErrAuth, Status: status, Reason: "the VMS refused our access token for " + cl.subject + said}
	case status == http.StatusForbidden:
		return &Error{Class: ErrAuth, Status: status, Reason: "the VMS refuses our account access to " + cl.subject + said}
	case status == http.StatusConflict && code == "cursor_stale":
		return &Error{Class: ErrUnavailable, Status: status, Reason: "the checklist of " + cl.subject + " changed while it was read" + said}
	case status == http.StatusTooManyRequests:
		return &Error{Class: ErrUnavailable, Status: status, RetryAfter: retry, Reason: "the VMS is limiting our requests (429)" + said}
	case status == http.StatusRequestTimeout || status >= 500:
		return &Error{Class: ErrUnavailable, Status: status, RetryAfter: retry, Reason: fmt.Sprintf("the VMS answered %d for %s%s", status, cl.subject, said)}
	case status >= 400:
		if code != "" {
			said = fmt.Sprintf(" (%s%s)", code, said)
		}
		return &Error{Class: ErrRejected, Status: status, Reason: fmt.Sprintf("the VMS rejected %s with %d%s", cl.subject, status, said)}
	}
	return &Error{Class: ErrMalformed, Status: status, Reason: fmt.Sprintf("the VMS answered %d for %s", status, cl.subject)}
}

// decode reads a 2xx JSON answer. A web page instead of JSON is what a
// maintenance window or a proxy in front of the VMS answers: retryable.
func (c *SandboxConnector) decode(cl *call, resp *http.Response, raw []byte, out any) error {
	if !looksJSON(raw) {
		if looksHTML(raw) {
			what := "a web page"
			if t := pageTitle(raw); t != "" {
				what = fmt.Sprintf("a page titled %q", t)
			}
			return &Error{Class: ErrUnavailable, Status: resp.StatusCode, Reason: "the VMS answered " + what + " instead of JSON for " + cl.subject}
		}
		return &Error{Class: ErrMalformed, Status: resp.StatusCode, Reason: "the VMS answered something other than JSON for " + cl.subject}
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return &Error{Class: ErrMalformed, Status: resp.StatusCode, Reason: "the VMS answered unreadable JSON for " + cl.subject, Err: err}
	}
	return nil
}

func looksJSON(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n")
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	return len(b) > 0 && (b[0] == '{' || b[0] == '[')
}

func looksHTML(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) > 0 && b[0] == '<'
}

// normStatus maps the VMS's words for a job's state, API codes and portal
// wording alike, to the service's statuses.
func normStatus(s string) (string, bool) {
	s = strings.ToLower(clean(s))
	switch {
	case s == "":
		return "", false
	case strings.Contains(s, "hold") || strings.Contains(s, "unavailable"):
		return StatusUnavailable, true
	case s == "active" || s == "open":
		return StatusActive, true
	case s == "filled":
		return StatusFilled, true
	case s == "closed" || s == "cancelled" || s == "canceled":
		return StatusClosed, true
	}
	return "", false
}

// clean collapses white space (non-breaking spaces and newlines included).
func clean(s string) string { return strings.Join(strings.Fields(s), " ") }

func location(city, state, zip string) string {
	loc := clean(city)
	if st := clean(state + " " + zip); st != "" {
		if loc != "" {
			loc += ", "
		}
		loc += st
	}
	return loc
}

// retryAfter reads Retry-After as seconds or as an HTTP date.
func retryAfter(v string, now time.Time) (time.Duration, bool) { return retryafter.Parse(v, now) }
