package store

import (
	"context"
	"time"

	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/apikey"
	"github.com/clearedtostart/compliance/derrors"
)

// EnsureAccount creates the account if it does not exist yet.
func (s *Store) EnsureAccount(ctx context.Context, id, name string) (*Account, error) {
	if name == "" {
		name = id
	}
	a := &Account{ID: id, Name: name, FraudEnabled: true, FraudSensitivity: "MEDIUM"}
	err := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(a).Error
	if err != nil {
		return nil, s.fail(err)
	}
	return s.Account(ctx, id)
}

// Account returns one account.
func (s *Store) Account(ctx context.Context, id string) (*Account, error) {
	var a Account
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&a).Error; err != nil {
		return nil, s.fail(err)
	}
	return &a, nil
}

// FraudSettings are an account's fraud check settings.
type FraudSettings struct {
	Enabled     bool
	Sensitivity string
}

// FraudSettings returns the account's fraud settings.
func (s *Store) FraudSettings(ctx context.Context, accountID string) (FraudSettings, error) {
	a, err := s.Account(ctx, accountID)
	if err != nil {
		return FraudSettings{}, err
	}
	return FraudSettings{Enabled: a.FraudEnabled, Sensitivity: a.FraudSensitivity}, nil
}

// CreateAPIKey makes a new key for the account (creating the account when
// needed) and returns the plaintext, which is never stored.
func (s *Store) CreateAPIKey(ctx context.Context, accountID, name string) (string, *APIKey, error) {
	if _, err := s.EnsureAccount(ctx, accountID, ""); err != nil {
		return "", nil, err
	}
	k, err := apikey.Generate()
	if err != nil {
		return "", nil, err
	}
	row := &APIKey{ID: k.ID, AccountID: accountID, Name: name, Hash: k.Hash, CreatedAt: time.Now().UTC()}
	if err := s.db.WithContext(ctx).Create(row).Error; err != nil {
		return "", nil, s.fail(err)
	}
	return k.Plaintext, row, nil
}

// EnsureAPIKey registers a key chosen outside the service (DEV_API_KEY) for
// the account. A key already registered to another account is refused.
func (s *Store) EnsureAPIKey(ctx context.Context, accountID, plaintext, name string) error {
	if _, err := s.EnsureAccount(ctx, accountID, ""); err != nil {
		return err
	}
	k, err := apikey.FromPlaintext(plaintext)
	if err != nil {
		return derrors.New(derrors.InvalidRequest, "the key is empty or longer than 512 characters")
	}
	row := &APIKey{ID: k.ID, AccountID: accountID, Name: name, Hash: k.Hash, CreatedAt: time.Now().UTC()}
	if err := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(row).Error; err != nil {
		return s.fail(err)
	}
	var got APIKey
	if err := s.db.WithContext(ctx).Where("id = ?", k.ID).Take(&got).Error; err != nil {
		return s.fail(err)
	}
	if got.AccountID != accountID || !apikey.Equal(got.Hash, k.Hash) {
		return derrors.New(derrors.Conflict, "that key is registered to another account")
	}
	if got.RevokedAt != nil {
		return s.fail(s.db.WithContext(ctx).Model(&APIKey{}).Where("id = ?", k.ID).Update("revoked_at", nil).Error)
	}
	return nil
}

// Authenticate returns the account of a valid, unrevoked key, or an
// unauthorized error. Wrong, unknown and revoked keys are indistinguishable
// to the caller.
func (s *Store) Authenticate(ctx context.Context, plaintext string) (string, error) {
	unauthorized := derrors.New(derrors.Unauthorized, "a valid x-api-key header is required")
	k, err := apikey.FromPlaintext(plaintext)
	if err != nil {
		return "", unauthorized
	}
	var row APIKey
	err = s.db.WithContext(ctx).Where("id = ?", k.ID).Take(&row).Error
	if err != nil {
		if err = s.fail(err); derrors.Is(err, derrors.NotFound) {
			// Compare anyway so an unknown id costs what a known one does.
			apikey.Equal(k.Hash, make([]byte, len(k.Hash)))
			return "", unauthorized
		}
		return "", err
	}
	if !apikey.Equal(row.Hash, k.Hash) || row.RevokedAt != nil {
		return "", unauthorized
	}
	return row.AccountID, nil
}

// ListAPIKeys lists the keys of an account (or of all accounts when
// accountID is empty), newest first. Hashes are not returned.
func (s *Store) ListAPIKeys(ctx context.Context, accountID string) ([]APIKey, error) {
	q := s.db.WithContext(ctx).Select("id", "account_id", "name", "created_at", "revoked_at").Order("created_at DESC")
	if accountID != "" {
		q = q.Where("account_id = ?", accountID)
	}
	var keys []APIKey
	if err := q.Find(&keys).Error; err != nil {
		return nil, s.fail(err)
	}
	return keys, nil
}

// RevokeAPIKey revokes a key by id. Revoking twice is not an error.
func (s *Store) RevokeAPIKey(ctx context.Context, id string) error {
	res := s.db.WithContext(ctx).Model(&APIKey{}).Where("id = ?", id).
		Update("revoked_at", clause.Expr{SQL: "COALESCE(revoked_at, now())"})
	if res.Error != nil {
		return s.fail(res.Error)
	}
	if res.RowsAffected == 0 {
		return derrors.ErrNotFound
	}
	return nil
}
