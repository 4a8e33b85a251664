package httpapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/store"
)

// The account's own settings: fraud checks and source validation.

type accountStore interface {
	Ping(ctx context.Context) error
	Account(ctx context.Context, id string) (*store.Account, error)
	FraudSettings(ctx context.Context, accountID string) (store.FraudSettings, error)
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

// fraudSettings returns the account's fraud check settings.
func (s *Server) fraudSettings(c *gin.Context) {
	fs, err := s.store.FraudSettings(c.Request.Context(), accountOf(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"enabled": fs.Enabled, "sensitivity": fs.Sensitivity})
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
