package httpapi

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"go.temporal.io/sdk/client"
)

var errRegistriesLoading = errors.New("the registry lists are still loading")

// healthz answers while the process is up.
func (s *Server) healthz(c *gin.Context) {
	c.JSON(http.StatusOK, gin.H{"status": "ok"})
}

// readyz answers 200 when the database, Temporal and blob storage all
// answer, else 503 naming what failed (no internal error text).
func (s *Server) readyz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	checks := map[string]func(context.Context) error{
		"database": s.store.Ping,
		"temporal": func(ctx context.Context) error {
			_, err := s.workflows.CheckHealth(ctx, &client.CheckHealthRequest{})
			return err
		},
		"blobs": s.blobs.Ping,
		// A replica that cannot screen yet must not take traffic.
		"registries": func(context.Context) error {
			if !s.registries.Loaded() {
				return errRegistriesLoading
			}
			return nil
		},
	}
	results := map[string]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	ready := true
	for name, check := range checks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := check(ctx)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				results[name] = "unavailable"
				ready = false
				s.logger(c).Warn("readiness check failed", "check", name, "error", err)
				return
			}
			results[name] = "ok"
		}()
	}
	wg.Wait()
	if !ready {
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "unavailable", "checks": results})
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": "ready", "checks": results})
}

// openAPI serves the interface description.
func (s *Server) openAPI(c *gin.Context) {
	c.Data(http.StatusOK, "application/yaml; charset=utf-8", s.openapi)
}
