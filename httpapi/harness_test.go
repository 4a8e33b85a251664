package httpapi_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/prometheus/client_golang/prometheus"
	"go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/api/temporalproto"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"

	compliance "github.com/clearedtostart/compliance"
	"github.com/clearedtostart/compliance/activities"
	ecardsandbox "github.com/clearedtostart/compliance/ahaecard/sandbox"
	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/clientmail"
	"github.com/clearedtostart/compliance/httpapi"
	"github.com/clearedtostart/compliance/integrations"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/nsopw"
	"github.com/clearedtostart/compliance/nsopw/sandbox"
	nursyssandbox "github.com/clearedtostart/compliance/nursys/sandbox"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/registrycheck"
	"github.com/clearedtostart/compliance/statements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/vms"
	vmssandbox "github.com/clearedtostart/compliance/vms/sandbox"
	"github.com/clearedtostart/compliance/workflows"
)

var recordHistories = flag.Bool("record-histories", false, "write the histories of the workflows run here to ../workflows/testdata")

func TestMain(m *testing.M) {
	flag.Parse()
	code := testenv.Main(m)
	if h != nil {
		h.close()
	}
	os.Exit(code)
}

// harness is the whole service on the real stack: the API on an httptest
// server, a worker on a task queue of its own, PostgreSQL, Temporal and a
// local blob store. It is built once per test binary.
type harness struct {
	url       string
	srv       *httptest.Server
	st        *store.Store
	blobs     *blobstore.Store
	tc        client.Client
	workers   []worker.Worker
	acts      *activities.Activities
	keyA      string
	keyB      string
	validator *responseValidator
	httpc     *http.Client
	queue     string
	// Registries: the sandbox of NSOPW, the server of the bulk lists'
	// "official" files, the API's in-memory indexes.
	nsopw       *sandbox.Server
	lists       *listServer
	indexes     *registrycheck.Indexes
	stopIndexes context.CancelFunc
	// The sandbox VMS the embedded integration "sandbox" reads.
	vms *vmssandbox.Server
	// The primary sources' sandboxes, behind the workers' connectors.
	licenses *nursyssandbox.Server
	ecards   *ecardsandbox.Server
	// blobDir is the local blob store's folder, removed with the harness.
	blobDir string
	// daysAhead moves the activities' "today" forward, for the expiry
	// sweep (tests run one at a time; each puts it back).
	daysAhead atomic.Int64
}

var (
	h     *harness
	hOnce sync.Once
	hErr  error
)

func stack(t *testing.T) *harness {
	t.Helper()
	env := testenv.Get(t)
	hOnce.Do(func() { h, hErr = newHarness(env) })
	if hErr != nil {
		t.Fatalf("harness: %v", hErr)
	}
	return h
}

func newHarness(env *testenv.Env) (*harness, error) {
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	st, err := store.Open(store.Config{URL: env.DatabaseURL, Logger: log})
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	base := "http://" + ln.Addr().String()
	dir, err := os.MkdirTemp("", "httpapi-blobs-")
	if err != nil {
		return nil, err
	}
	blobs, err := blobstore.Open(ctx, blobstore.Config{URL: "file://" + dir, PublicBaseURL: base, SigningKey: randomBytes(32)})
	if err != nil {
		return nil, err
	}
	tc, err := client.DialContext(ctx, client.Options{HostPort: env.TemporalAddress, Namespace: env.TemporalNamespace,
		Logger: tlog.NewStructuredLogger(log)})
	if err != nil {
		return nil, err
	}
	queue := "test-httpapi-" + hex.EncodeToString(randomBytes(4))
	cat := catalog.MustLoad()
	o, err := ocr.New(ocr.Config{Concurrency: 2})
	if err != nil {
		return nil, err
	}
	engine, err := pipeline.New(pipeline.Config{Catalog: cat, OCR: o})
	if err != nil {
		return nil, err
	}
	// The NSOPW sandbox stands in for the live registry, a file server for
	// the bulk lists' official addresses.
	sb, err := sandbox.New(sandbox.Config{Logger: log, SlowDelay: 4 * time.Second}).Start(ctx, "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	live, err := nsopw.New(nsopw.Config{BaseURL: sb.URL(), Timeout: 5 * time.Second})
	if err != nil {
		return nil, err
	}
	lists := newListServer()
	primary, licenses, ecards, err := startPrimarySources(ctx, log)
	if err != nil {
		return nil, err
	}
	indexes, err := registrycheck.NewIndexes(registrycheck.IndexesConfig{Source: st, Poll: 200 * time.Millisecond, Logger: log})
	if err != nil {
		return nil, err
	}
	// The embedded integrations, pointed at a sandbox VMS of this test
	// binary the way an operator points them at a VMS: by environment.
	vsb, err := vmssandbox.New(vmssandbox.Config{Logger: log, SlowDelay: 3 * time.Second}).Start(ctx, "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	for name, value := range map[string]string{"VMS_SANDBOX_URL": vsb.URL(),
		"VMS_SANDBOX_USERNAME": vmssandbox.DefaultUsername, "VMS_SANDBOX_PASSWORD": vmssandbox.DefaultPassword} {
		os.Setenv(name, value)
	}
	integ, err := integrations.LoadDefault(cat)
	if err != nil {
		return nil, err
	}
	connector, err := vms.NewSandbox(vms.SandboxConfig{BaseURL: vsb.URL(), Username: vmssandbox.DefaultUsername,
		Password: vmssandbox.DefaultPassword, Timeout: 10 * time.Second, Logger: log})
	if err != nil {
		return nil, err
	}
	stmts, err := statements.New(statements.Config{Logger: log})
	if err != nil {
		return nil, err
	}
	hh := &harness{blobDir: dir}
	acts, err := activities.New(activities.Config{Store: st, Blobs: blobs, Engine: engine, Logger: log, Live: live, Statements: stmts,
		Today: func() time.Time {
			return time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, int(hh.daysAhead.Load()))
		},
		Registries: activities.RegistrySources{Sources: lists.sources()},
		Indexes:    indexes, Bucket: blobs.Name(), Schedules: tc.ScheduleClient(), TaskQueue: queue,
		Integrations:   activities.Integrations{Config: integ, Connectors: map[string]vms.Connector{"sandbox": connector}},
		PrimarySources: primary,
	})
	if err != nil {
		return nil, err
	}
	var patterns []*regexp.Regexp
	for _, i := range integ.Integrations() {
		patterns = append(patterns, i.Email.JobRefPatterns...)
	}
	mail, err := clientmail.New(clientmail.Config{Store: st, Blobs: blobs, Patterns: patterns, Logger: log})
	if err != nil {
		return nil, err
	}
	w := worker.New(tc, queue, worker.Options{})
	workflows.Register(w)
	acts.Register(w)
	ow := worker.New(tc, workflows.OCRQueue(queue), worker.Options{MaxConcurrentActivityExecutionSize: 2})
	acts.RegisterOCR(ow)
	for _, wk := range []worker.Worker{w, ow} {
		if err := wk.Start(); err != nil {
			return nil, err
		}
	}
	api, err := httpapi.New(httpapi.Config{
		Store: st, Workflows: tc, Blobs: blobs, Catalog: cat, Logger: log, Registry: prometheus.NewRegistry(),
		TaskQueue: queue, FileURLTTL: time.Minute, OpenAPI: compliance.OpenAPI,
		Registries: indexes, LiveConfigured: true, LiveWait: 3 * time.Second,
		Integrations: integ, Mail: mail, Statements: stmts,
	})
	if err != nil {
		return nil, err
	}
	srv := httptest.NewUnstartedServer(api.Handler())
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	idxCtx, stopIndexes := context.WithCancel(context.Background())
	go indexes.Run(idxCtx)
	go api.Run(idxCtx)
	hh.url, hh.srv, hh.st, hh.blobs, hh.tc, hh.workers, hh.acts = base, srv, st, blobs, tc, []worker.Worker{w, ow}, acts
	hh.queue, hh.nsopw, hh.lists, hh.indexes, hh.stopIndexes, hh.vms = queue, sb, lists, indexes, stopIndexes, vsb
	hh.licenses, hh.ecards = licenses, ecards
	if hh.keyA, _, err = st.CreateAPIKey(ctx, "acct-a", "tests"); err != nil {
		return nil, err
	}
	if hh.keyB, _, err = st.CreateAPIKey(ctx, "acct-b", "tests"); err != nil {
		return nil, err
	}
	if hh.validator, err = newResponseValidator(base); err != nil {
		return nil, err
	}
	hh.httpc = &http.Client{Timeout: 60 * time.Second, Transport: hh.validator}
	return hh, nil
}

func (hh *harness) close() {
	defer os.RemoveAll(hh.blobDir)
	hh.srv.Close()
	hh.stopIndexes()
	hh.nsopw.Close()
	hh.vms.Close()
	hh.licenses.Close()
	hh.ecards.Close()
	hh.lists.close()
	for _, w := range hh.workers {
		w.Stop()
	}
	hh.tc.Close()
	hh.st.Close()
	_ = hh.acts.Close()
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

// responseValidator is an http.RoundTripper that checks every response of
// the tests against openapi.yaml: path, status code, content type and body
// schema. A response the description does not allow fails the test that
// made it.
type responseValidator struct {
	router routers.Router
	next   http.RoundTripper
	mu     sync.Mutex
	seen   map[string]bool
}

func newResponseValidator(base string) (*responseValidator, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(compliance.OpenAPI)
	if err != nil {
		return nil, fmt.Errorf("openapi.yaml: %w", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("openapi.yaml is not a valid description: %w", err)
	}
	doc.Servers = openapi3.Servers{{URL: base}}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, err
	}
	return &responseValidator{router: router, next: http.DefaultTransport, seen: map[string]bool{}}, nil
}

// errNotInDescription marks a response the description does not allow.
type errNotInDescription struct{ msg string }

func (e errNotInDescription) Error() string { return e.msg }

func (v *responseValidator) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := v.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	route, params, err := v.router.FindRoute(req)
	if err != nil {
		// Unknown paths must still answer the error body.
		if resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusMethodNotAllowed {
			var e httpapi.ErrorBody
			if json.Unmarshal(body, &e) != nil || e.Error.Code == "" {
				return nil, errNotInDescription{fmt.Sprintf("%s %s: %d without an error body", req.Method, req.URL.Path, resp.StatusCode)}
			}
			return resp, nil
		}
		return nil, errNotInDescription{fmt.Sprintf("%s %s is not in openapi.yaml: %v", req.Method, req.URL.Path, err)}
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}},
		Status: resp.StatusCode, Header: resp.Header, Body: io.NopCloser(bytes.NewReader(body)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	if err := openapi3filter.ValidateResponse(req.Context(), in); err != nil {
		return nil, errNotInDescription{fmt.Sprintf("%s %s -> %d does not conform to openapi.yaml: %v\nbody: %.600s", req.Method, req.URL.Path, resp.StatusCode, err, body)}
	}
	v.mu.Lock()
	v.seen[route.Method+" "+route.Path] = true
	v.mu.Unlock()
	return resp, nil
}

// Request helpers.

type part struct {
	name, filename, contentType string
	data                        []byte
}

func field(name, value string) part { return part{name: name, data: []byte(value)} }

func filePart(name string, data []byte) part {
	return part{name: "file", filename: name, contentType: "application/octet-stream", data: data}
}

func multipartBody(parts ...part) (*bytes.Buffer, string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, p := range parts {
		if p.filename != "" {
			hdr := textproto.MIMEHeader{}
			hdr.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, p.name, p.filename))
			hdr.Set("Content-Type", p.contentType)
			w, _ := mw.CreatePart(hdr)
			_, _ = w.Write(p.data)
			continue
		}
		_ = mw.WriteField(p.name, string(p.data))
	}
	_ = mw.Close()
	return &b, mw.FormDataContentType()
}

type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("body is not JSON: %v: %s", err, r.body)
	}
}

func (r response) errorBody(t *testing.T) httpapi.ErrorObject {
	t.Helper()
	var e httpapi.ErrorBody
	r.json(t, &e)
	return e.Error
}

func (hh *harness) do(t *testing.T, method, path, key string, body io.Reader, contentType string) response {
	t.Helper()
	req, err := http.NewRequest(method, hh.url+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("x-api-key", key)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := hh.httpc.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return response{status: resp.StatusCode, header: resp.Header, body: b}
}

func (hh *harness) upload(t *testing.T, path, key string, parts ...part) response {
	t.Helper()
	body, ct := multipartBody(parts...)
	return hh.do(t, http.MethodPost, path, key, body, ct)
}

// createIntake uploads an intake with key and returns the created intake,
// failing unless it is 201.
func (hh *harness) createIntake(t *testing.T, key string, parts ...part) intake {
	t.Helper()
	r := hh.upload(t, "/v2/intakes/scan/async", key, parts...)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var in intake
	r.json(t, &in)
	return in
}

// deleteObject deletes the object at path with account A's key and returns
// when it was deleted (the answer's field deletedAtKey), failing unless the
// answer is 200 with the object's id and a deletion time.
func (hh *harness) deleteObject(t *testing.T, path, id, deletedAtKey string) string {
	t.Helper()
	r := hh.do(t, http.MethodDelete, path, hh.keyA, nil, "")
	var del map[string]any
	r.json(t, &del)
	deletedAt, _ := del[deletedAtKey].(string)
	if r.status != 200 || del["id"] != id || deletedAt == "" {
		t.Fatalf("delete: %d %s", r.status, r.body)
	}
	return deletedAt
}

// intake is the part of the Intake JSON the tests read.
type intake struct {
	ID              string          `json:"id"`
	ExternalID      string          `json:"external_id"`
	ClientReference *string         `json:"client_reference"`
	ScanStatus      string          `json:"scan_status"`
	Context         map[string]any  `json:"context"`
	Split           *splitJSON      `json:"split"`
	Validation      *validationJSON `json:"validation"`
	Fraud           *struct {
		Result string `json:"result"`
	} `json:"fraud"`
	Payloads []any     `json:"payloads"`
	Segments []segment `json:"segments"`
	Error    *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	File *struct {
		URL      string  `json:"url"`
		Name     *string `json:"name"`
		MimeType *string `json:"mime_type"`
	} `json:"file"`
	DeletedAt *string `json:"deleted_at"`
}

type splitJSON struct {
	PageCount *int `json:"page_count"`
	Segments  []struct {
		Index     int `json:"index"`
		PageStart int `json:"page_start"`
		PageEnd   int `json:"page_end"`
	} `json:"segments"`
}

type validationJSON struct {
	Requirement string          `json:"requirement"`
	Result      *string         `json:"result"`
	DocumentID  *string         `json:"document_id"`
	Validations json.RawMessage `json:"validations"`
}

type segment struct {
	ID               string         `json:"id"`
	IntakeID         string         `json:"intake_id"`
	Index            int            `json:"index"`
	PageStart        int            `json:"page_start"`
	PageEnd          int            `json:"page_end"`
	DocumentType     string         `json:"document_type"`
	DocumentCategory string         `json:"document_category"`
	SchemaID         string         `json:"schema_id"`
	Fields           map[string]any `json:"fields"`
	ValidationResult *string        `json:"validation_result"`
	ScanStatus       string         `json:"scan_status"`
	ExpiresAt        *string        `json:"expires_at"`
	Fraud            *struct {
		Result string   `json:"result"`
		Score  *float64 `json:"score"`
	} `json:"fraud"`
	File *struct {
		URL string `json:"url"`
	} `json:"file"`
}

// poll GETs path until ready holds of the answer, read as a V. An answer
// other than 200 fails the test at once; so does limit passing, with what
// stuck says of the last answer.
func poll[V any](hh *harness, t *testing.T, key, path string, limit time.Duration, ready func(V) bool, stuck func(V, response) string) V {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		r := hh.do(t, http.MethodGet, path, key, nil, "")
		if r.status != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, r.status, r.body)
		}
		var v V
		r.json(t, &v)
		if ready(v) {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatal(stuck(v, r))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitIntake polls an intake until it leaves PENDING.
func (hh *harness) waitIntake(t *testing.T, id, key string) intake {
	t.Helper()
	return poll(hh, t, key, "/v2/intakes/"+id, 3*time.Minute,
		func(in intake) bool { return in.ScanStatus != "PENDING" },
		func(intake, response) string { return fmt.Sprintf("intake %s still PENDING after 3 minutes", id) })
}

// findsWorkflow reports whether a visibility query finds the workflow
// (visibility is eventually consistent: it retries for a few seconds).
func (hh *harness) findsWorkflow(t *testing.T, query, workflowID string) bool {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := hh.tc.ListWorkflow(context.Background(), &workflowservice.ListWorkflowExecutionsRequest{Query: query})
		if err != nil {
			t.Fatalf("query %s: %v", query, err)
		}
		for _, e := range resp.GetExecutions() {
			if e.GetExecution().GetWorkflowId() == workflowID {
				return true
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return false
}

// history reads a finished workflow's whole history.
func (hh *harness) history(ctx context.Context, workflowID string) (*historypb.History, error) {
	return hh.runHistory(ctx, workflowID, "")
}

// runHistory is history for one run of a workflow ("" for its latest).
func (hh *harness) runHistory(ctx context.Context, workflowID, runID string) (*historypb.History, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	run := hh.tc.GetWorkflow(ctx, workflowID, runID)
	_ = run.Get(ctx, nil)
	iter := hh.tc.GetWorkflowHistory(ctx, workflowID, runID, false, enums.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	hist := &historypb.History{}
	for iter.HasNext() {
		ev, err := iter.Next()
		if err != nil {
			return nil, fmt.Errorf("history of %s: %w", workflowID, err)
		}
		hist.Events = append(hist.Events, ev)
	}
	return hist, nil
}

// recordHistory writes a workflow's history for the replay tests.
func (hh *harness) recordHistory(t *testing.T, workflowID, name string) {
	t.Helper()
	if !*recordHistories {
		return
	}
	hh.recordRun(t, workflowID, "", name)
}

// recordRun writes the history of one run of a workflow for the replay
// tests.
func (hh *harness) recordRun(t *testing.T, workflowID, runID, name string) {
	t.Helper()
	hist, err := hh.runHistory(context.Background(), workflowID, runID)
	if err != nil {
		t.Fatal(err)
	}
	b, err := temporalproto.CustomJSONMarshalOptions{Indent: "  "}.Marshal(hist)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "workflows", "testdata", name+".json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("recorded %s (%d events)", path, len(hist.Events))
}

// convert runs an image converter from Debian's packages (cwebp, heif-enc).
func convert(t *testing.T, tool string, in []byte, ext string, args ...string) []byte {
	t.Helper()
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "in.png"), filepath.Join(dir, "out"+ext)
	if err := os.WriteFile(src, in, 0o600); err != nil {
		t.Fatal(err)
	}
	var cmd *exec.Cmd
	switch tool {
	case "cwebp":
		cmd = exec.Command("cwebp", append(args, src, "-o", dst)...)
	case "heif-enc":
		cmd = exec.Command("heif-enc", append(args, "-o", dst, src)...)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v: %s", tool, err, out)
	}
	b, err := os.ReadFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
