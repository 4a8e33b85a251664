package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/clearedtostart/compliance/apikey"
	"github.com/clearedtostart/compliance/derrors"
)

const (
	headerRequestID = "x-request-id"
	headerAPIKey    = "x-api-key"
	keyRequestID    = "request_id"
	keyAccount      = "account_id"
	keyLogger       = "logger"
	keyAPIKeyID     = "api_key_id"
)

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,128}$`)

// requestID takes the caller's x-request-id when it is sane, else makes
// one, and echoes it on the response so a caller can quote it.
func (s *Server) requestID(c *gin.Context) {
	id := c.GetHeader(headerRequestID)
	if !validRequestID.MatchString(id) {
		id = uuid.NewString()
	}
	c.Set(keyRequestID, id)
	c.Header(headerRequestID, id)
	c.Set(keyLogger, s.log.With(keyRequestID, id))
	c.Next()
}

func requestIDOf(c *gin.Context) string { return c.GetString(keyRequestID) }

// logger returns the request's logger (request id, and account once known).
func (s *Server) logger(c *gin.Context) *slog.Logger {
	if l, ok := c.Get(keyLogger); ok {
		return l.(*slog.Logger)
	}
	return s.log
}

func accountOf(c *gin.Context) string { return c.GetString(keyAccount) }

// recoverPanics turns a panic into a 500 internal error with the request
// id, and logs the stack.
func (s *Server) recoverPanics(c *gin.Context) {
	defer func() {
		if r := recover(); r != nil {
			if r == http.ErrAbortHandler {
				panic(r)
			}
			s.logger(c).Error("panic", "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			c.Errors = c.Errors[:0]
			if !c.Writer.Written() {
				c.AbortWithStatusJSON(http.StatusInternalServerError, ErrorBody{Error: ErrorObject{
					Code: string(derrors.Internal), Message: "internal error; quote the request id to support",
					Details: map[string]string{"request_id": requestIDOf(c)},
				}})
			}
		}
	}()
	c.Next()
}

// observe logs every request and records its metrics by route template,
// so ids in paths do not explode the label space.
func (s *Server) observe(c *gin.Context) {
	start := time.Now()
	c.Next()
	route := c.FullPath()
	if route == "" {
		route = "unmatched"
	}
	status := c.Writer.Status()
	elapsed := time.Since(start)
	labels := prometheus.Labels{"method": c.Request.Method, "route": route, "status": strconv.Itoa(status)}
	s.metrics.requests.With(labels).Inc()
	s.metrics.latency.With(labels).Observe(elapsed.Seconds())
	level := slog.LevelInfo
	if status >= 500 {
		level = slog.LevelError
	} else if route == "/healthz" || route == "/readyz" || route == "/metrics" {
		level = slog.LevelDebug
	}
	s.logger(c).Log(c.Request.Context(), level, "request",
		"method", c.Request.Method, "route", route, "status", status,
		"duration_ms", float64(elapsed.Microseconds())/1000, keyAccount, accountOf(c))
}

type keyStore interface {
	Authenticate(ctx context.Context, key string) (string, error)
}

// authenticate resolves x-api-key to the caller's account.
func (s *Server) authenticate(c *gin.Context) {
	key := c.GetHeader(headerAPIKey)
	if key == "" {
		fail(c, derrors.New(derrors.Unauthorized, "a valid x-api-key header is required"))
		return
	}
	account, ok := s.keys.get(key)
	if !ok {
		var err error
		if account, err = s.store.Authenticate(c.Request.Context(), key); err != nil {
			fail(c, err)
			return
		}
		s.keys.put(key, account)
	}
	c.Set(keyAccount, account)
	// The key's id (never its secret) names who made a decision a person
	// makes through the API, in the audit trail.
	if k, err := apikey.FromPlaintext(key); err == nil {
		c.Set(keyAPIKeyID, k.ID)
	}
	c.Set(keyLogger, s.logger(c).With(keyAccount, account))
	c.Next()
}

// decidedBy names the caller (its API key's id) as the evidence of a
// decision made by hand.
func decidedBy(c *gin.Context) string { return "api-key:" + c.GetString(keyAPIKeyID) }

// metrics are the API's Prometheus metrics.
type metrics struct {
	requests       *prometheus.CounterVec
	latency        *prometheus.HistogramVec
	workflowStarts *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer) (*metrics, error) {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "compliance_http_requests_total", Help: "HTTP requests by method, route template and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "compliance_http_request_duration_seconds", Help: "HTTP request latency by method, route template and status.",
			Buckets: []float64{.001, .0025, .005, .01, .02, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route", "status"}),
		workflowStarts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "compliance_workflow_starts_total", Help: "Workflow starts requested by the API, by workflow type and outcome.",
		}, []string{"workflow", "outcome"}),
	}
	for _, c := range []prometheus.Collector{m.requests, m.latency, m.workflowStarts} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}
