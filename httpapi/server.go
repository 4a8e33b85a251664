// Package httpapi is the HTTP interface of the service (openapi.yaml): Gin
// handlers that authenticate the caller's account, validate input, store
// what is accepted and start the Temporal workflows that process it.
// Handlers use the request's context; every error goes through one
// middleware that writes the spec's error body (errors.go).
package httpapi

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.temporal.io/sdk/client"

	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/integrations"
	"github.com/clearedtostart/compliance/mapping"
	"github.com/clearedtostart/compliance/registrycheck"
)

// Store is what the API needs of the database: the small interfaces of
// each handler file together.
type Store interface {
	keyStore
	accountStore
	sourceValidationStore
	intakeStore
	scanStore
	startStore
	registryCheckStore
	registryListStore
	jobStore
	placementStore
	mappingStore
	emailStore
	packetStore
	statementStore
}

// Workflows is what the handlers need of the Temporal client.
type Workflows interface {
	ExecuteWorkflow(ctx context.Context, options client.StartWorkflowOptions, workflow any, args ...any) (client.WorkflowRun, error)
	SignalWithStartWorkflow(ctx context.Context, workflowID, signalName string, signalArg any,
		options client.StartWorkflowOptions, workflow any, workflowArgs ...any) (client.WorkflowRun, error)
	CheckHealth(ctx context.Context, request *client.CheckHealthRequest) (*client.CheckHealthResponse, error)
}

// Blobs is what the handlers need of blob storage.
type Blobs interface {
	Put(ctx context.Context, key string, r io.Reader, opts blobstore.PutOptions) (blobstore.PutResult, error)
	Delete(ctx context.Context, key string) error
	SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error)
	Open(ctx context.Context, key string) (*blobstore.Object, error)
	Local() bool
	Name() string
	KeyFromSignedURL(ctx context.Context, u *url.URL) (string, error)
	Ping(ctx context.Context) error
}

// Config configures New.
type Config struct {
	Store     Store
	Workflows Workflows
	Blobs     Blobs
	Catalog   *catalog.Catalog
	Logger    *slog.Logger
	// Registry receives the API's metrics and is served on /metrics.
	Registry  *prometheus.Registry
	TaskQueue string
	// FileURLTTL is the lifetime of presigned download URLs.
	FileURLTTL time.Duration
	// DeleteWait bounds how long a DELETE waits for the files to be gone
	// before answering (the purge goes on regardless).
	DeleteWait time.Duration
	// OpenAPI is the interface description served on /openapi.yaml.
	OpenAPI []byte
	// Registries are the bulk lists in memory, searched by registry checks.
	Registries *registrycheck.Indexes
	// LiveConfigured says a live registry connector (NSOPW) is wired in
	// the workers.
	LiveConfigured bool
	// LiveWait bounds how long a check with a live registry waits for it
	// before answering it pending (default 8 s).
	LiveWait time.Duration
	// Integrations are the configured VMS integrations (vmsTypes).
	Integrations *integrations.Config
	// Mail receives client emails (the inbound endpoint).
	Mail mailReceiver
	// Statements lists the statement templates (nil: none, and POST
	// /statement refuses every key).
	Statements StatementTemplates
}

// Server is the HTTP API.
type Server struct {
	store     Store
	workflows Workflows
	blobs     Blobs
	cat       *catalog.Catalog
	log       *slog.Logger
	metrics   *metrics
	registry  *prometheus.Registry
	taskQueue string
	urlTTL    time.Duration
	delWait   time.Duration
	openapi   []byte
	engine    *gin.Engine
	views     *viewCache
	keys      *keyCache
	// accounts caches account names: a rename may take a minute to show
	// on certificates.
	accounts *ttlCache[string, string]

	registries     *registrycheck.Indexes
	liveConfigured bool
	liveWait       time.Duration
	integrations   *integrations.Config
	mail           mailReceiver
	suggester      *mapping.Suggester
	statements     StatementTemplates
	// checkStarts wakes the check starter (runCheckStarter); lastCheck is
	// when a check was last answered (UnixNano), so it can yield.
	checkStarts chan struct{}
	lastCheck   atomic.Int64
}

// MaxUploadBytes is the upload limit of the interface (20 MB).
const MaxUploadBytes = 20 * 1024 * 1024

// New builds the API.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Workflows == nil || cfg.Blobs == nil || cfg.Catalog == nil || cfg.Registries == nil {
		return nil, errors.New("httpapi: store, workflows, blobs, catalog and registries are required")
	}
	if cfg.LiveWait == 0 {
		cfg.LiveWait = 8 * time.Second
	}
	if cfg.Integrations == nil || cfg.Mail == nil {
		return nil, errors.New("httpapi: integrations and a mail receiver are required")
	}
	suggester, err := mapping.NewSuggester(cfg.Catalog)
	if err != nil {
		return nil, err
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Registry == nil {
		cfg.Registry = prometheus.NewRegistry()
	}
	if cfg.FileURLTTL == 0 {
		cfg.FileURLTTL = 15 * time.Minute
	}
	if cfg.DeleteWait == 0 {
		cfg.DeleteWait = 5 * time.Second
	}
	m, err := newMetrics(cfg.Registry)
	if err != nil {
		return nil, err
	}
	s := &Server{
		store: cfg.Store, workflows: cfg.Workflows, blobs: cfg.Blobs, cat: cfg.Catalog, log: cfg.Logger,
		metrics: m, registry: cfg.Registry, taskQueue: cfg.TaskQueue, urlTTL: cfg.FileURLTTL,
		delWait: cfg.DeleteWait, openapi: cfg.OpenAPI,
		views:      newViewCache(min(time.Minute, cfg.FileURLTTL/4), 10000),
		keys:       newKeyCache(authTTL, 10000),
		accounts:   newTTLCache[string, string](time.Minute, 10000),
		registries: cfg.Registries, liveConfigured: cfg.LiveConfigured, liveWait: cfg.LiveWait,
		checkStarts:  make(chan struct{}, 1),
		integrations: cfg.Integrations, mail: cfg.Mail, suggester: suggester,
		statements: cfg.Statements,
	}
	s.engine = s.routes()
	return s, nil
}

// Run runs the API's background work until ctx ends: starting the
// workflows of stored registry checks.
func (s *Server) Run(ctx context.Context) {
	s.runCheckStarter(ctx)
}

// Handler returns the API's HTTP handler.
func (s *Server) Handler() http.Handler { return s.engine }

func (s *Server) routes() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = true
	r.ContextWithFallback = true
	// Only loopback proxies are trusted for the client address in logs.
	_ = r.SetTrustedProxies([]string{"127.0.0.1", "::1"})
	r.Use(s.requestID, s.recoverPanics, s.observe, s.renderErrors)
	r.NoRoute(func(c *gin.Context) { _ = c.Error(errNoRoute) })
	r.NoMethod(func(c *gin.Context) { _ = c.Error(errNoMethod) })

	r.GET("/healthz", s.healthz)
	r.GET("/readyz", s.readyz)
	r.GET("/metrics", gin.WrapH(promhttp.HandlerFor(s.registry, promhttp.HandlerOpts{})))
	r.GET("/openapi.yaml", s.openAPI)
	r.GET(blobstore.FilesPath, s.serveFile)
	r.HEAD(blobstore.FilesPath, s.serveFile)

	api := r.Group("/", s.authenticate)
	api.POST("/v2/intakes/scan/async", s.createIntake)
	api.GET("/v2/intakes/:id", s.getIntake)
	api.GET("/v2/intakes/:id/segments/:sid", s.getSegment)
	api.DELETE("/v2/intakes/:id", s.deleteIntake)
	api.POST("/document/scan/async", s.createDocumentScan)
	api.GET("/document/:id", s.getDocumentScan)
	api.DELETE("/document/:id", s.deleteDocumentScan)
	api.GET("/fraud-detection/settings", s.fraudSettings)
	api.PUT("/fraud-detection/settings", s.putFraudSettings)
	api.GET("/source-validation/settings", s.sourceValidationSettings)
	api.PUT("/source-validation/settings", s.putSourceValidationSettings)
	api.POST("/registry-check", s.createRegistryCheck)
	api.GET("/registry-check/:id", s.getRegistryCheck)
	api.GET("/registries", s.listRegistries)
	api.POST("/job", s.createJob)
	api.GET("/job/:id", s.getJob)
	api.POST("/placement", s.createPlacement)
	api.GET("/placement", s.listPlacements)
	api.GET("/placement/:id", s.getPlacement)
	api.PATCH("/placement/:id", s.patchPlacement)
	api.GET("/placement/:id/package-status", s.packageStatus)
	api.GET("/placement/:id/audit", s.placementAudit)
	api.POST("/placement/:id/requirements/:rid/status", s.setRowStatus)
	api.POST("/placement/:id/requirements/:rid/review", s.reviewRow)
	api.GET("/mappings/:vmsType", s.getMappings)
	api.PUT("/mappings/:vmsType", s.putMapping)
	api.GET("/matrices", s.listMatrices)
	api.PUT("/matrices/:scope/:key", s.putMatrix)
	api.DELETE("/matrices/:id", s.deleteMatrix)
	api.POST("/inbound/email", s.receiveEmail)
	api.GET("/inbound/email/:id", s.getEmail)
	api.POST("/statement", s.createStatement)
	api.GET("/statement/:id", s.getStatement)
	api.GET("/statement-templates", s.listStatementTemplates)
	api.POST("/vms/upload-packet", s.uploadPacket)
	api.GET("/vms/upload-packet/:id", s.getUpload)
	return r
}
