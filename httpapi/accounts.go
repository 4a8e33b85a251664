package httpapi

import (
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/store"
)

// The account's own settings: fraud checks and source validation.

type accountStore interface {
	Ping(ctx context.Context) error
	Account(ctx context.Context, id string) (*store.Account, error)
	FraudSettings(ctx context.Context, accountID string) (store.FraudSettings, error)
	SetFraudSettings(ctx context.Context, accountID string, enabled bool, sensitivity, by string) (store.FraudSettings, error)
}

// checkSourceValidation accepts a request for source validation only when
// the account has it enabled.
func (s *Server) checkSourceValidation(ctx context.Context, account string) error {
	acc, err := s.store.Account(ctx, account)
	if err != nil {
		return err
	}
	if !acc.SourceValidationEnabled {
		return derrors.New(derrors.SourceValidationDisabled, "source validation is not enabled for this account")
	}
	return nil
}

// fraudSettingsJSON is the account's fraud check settings as the API shows
// them: on or off, the sensitivity (the score from which a document is
// called fraudulent: LOW 0.70, MEDIUM 0.50, HIGH 0.35), and who changed
// them last.
type fraudSettingsJSON struct {
	Enabled     bool       `json:"enabled"`
	Sensitivity string     `json:"sensitivity"`
	ChangedAt   *time.Time `json:"changed_at"`
	ChangedBy   *string    `json:"changed_by"`
}

func fraudSettingsView(fs store.FraudSettings) fraudSettingsJSON {
	return fraudSettingsJSON{Enabled: fs.Enabled, Sensitivity: fs.Sensitivity, ChangedAt: fs.ChangedAt, ChangedBy: fs.ChangedBy}
}

// fraudSettings returns the account's fraud check settings.
func (s *Server) fraudSettings(c *gin.Context) {
	fs, err := s.store.FraudSettings(c.Request.Context(), accountOf(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, fraudSettingsView(fs))
}

// putFraudSettings sets the account's fraud checks: off, documents judged
// from then on get no fraud verdict (their fraud stays null) and leave no
// print for the history checks; on, they are judged at the sensitivity.
// Both fields are required: a PUT replaces the settings.
func (s *Server) putFraudSettings(c *gin.Context) {
	var body struct {
		Enabled     *bool   `json:"enabled"`
		Sensitivity *string `json:"sensitivity"`
	}
	if err := bindJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	switch {
	case body.Enabled == nil:
		fail(c, invalid("enabled", "enabled is required (true or false)"))
		return
	case body.Sensitivity == nil:
		fail(c, invalid("sensitivity", "sensitivity is required (LOW, MEDIUM or HIGH)"))
		return
	case !slices.Contains(store.FraudSensitivities, *body.Sensitivity):
		fail(c, invalid("sensitivity", "sensitivity must be LOW, MEDIUM or HIGH"))
		return
	}
	fs, err := s.store.SetFraudSettings(c.Request.Context(), accountOf(c), *body.Enabled, *body.Sensitivity, decidedBy(c))
	if err != nil {
		fail(c, err)
		return
	}
	s.logger(c).Info("fraud settings changed", "enabled", fs.Enabled, "sensitivity", fs.Sensitivity)
	c.JSON(http.StatusOK, fraudSettingsView(fs))
}

// accountName is the account's display name, cached.
func (s *Server) accountName(ctx context.Context, account string) (string, error) {
	if name, ok := s.accounts.get(account); ok {
		return name, nil
	}
	acc, err := s.store.Account(ctx, account)
	if err != nil {
		return "", err
	}
	s.accounts.put(account, acc.Name)
	return acc.Name, nil
}
