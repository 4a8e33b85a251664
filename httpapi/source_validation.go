package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/clearedtostart/compliance/store"
)

// The account's source validation switch: on, documents a request asks
// for it (validate.source, context.source_validation) are checked at
// their primary sources; off, such requests are refused (400
// source_validation_disabled, checkSourceValidation).

type sourceValidationStore interface {
	SourceValidation(ctx context.Context, accountID string) (store.SourceValidationSettings, error)
	SetSourceValidation(ctx context.Context, accountID string, enabled bool, by string) (store.SourceValidationSettings, error)
}

// sourceValidationJSON is the switch as the API shows it.
type sourceValidationJSON struct {
	Enabled   bool       `json:"enabled"`
	ChangedAt *time.Time `json:"changed_at"`
	ChangedBy *string    `json:"changed_by"`
}

func sourceValidationView(v store.SourceValidationSettings) sourceValidationJSON {
	return sourceValidationJSON{Enabled: v.Enabled, ChangedAt: v.ChangedAt, ChangedBy: v.ChangedBy}
}

// sourceValidationSettings returns the account's switch.
func (s *Server) sourceValidationSettings(c *gin.Context) {
	v, err := s.store.SourceValidation(c.Request.Context(), accountOf(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, sourceValidationView(v))
}

// putSourceValidationSettings turns the account's switch on or off.
func (s *Server) putSourceValidationSettings(c *gin.Context) {
	var body struct {
		Enabled *bool `json:"enabled"`
	}
	if err := bindJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	if body.Enabled == nil {
		fail(c, invalid("enabled", "enabled is required (true or false)"))
		return
	}
	v, err := s.store.SetSourceValidation(c.Request.Context(), accountOf(c), *body.Enabled, decidedBy(c))
	if err != nil {
		fail(c, err)
		return
	}
	s.logger(c).Info("source validation switched", "enabled", v.Enabled)
	c.JSON(http.StatusOK, sourceValidationView(v))
}
