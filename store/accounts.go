package store

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"
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
	// ChangedAt and ChangedBy ("api-key:<id>") say who changed them last;
	// nil for an account that never did.
	ChangedAt *time.Time
	ChangedBy *string
}

// fraudSettingsRow reads the settings' columns of accounts.
type fraudSettingsRow struct {
	FraudEnabled     bool
	FraudSensitivity string
	FraudChangedAt   *time.Time
	FraudChangedBy   *string
}

func (r fraudSettingsRow) settings() FraudSettings {
	return FraudSettings{Enabled: r.FraudEnabled, Sensitivity: r.FraudSensitivity, ChangedAt: r.FraudChangedAt, ChangedBy: r.FraudChangedBy}
}

// state is the settings as an audit event names them: ON/MEDIUM, OFF/LOW.
func (r fraudSettingsRow) state() string {
	return onOff(r.FraudEnabled) + "/" + r.FraudSensitivity
}

const fraudSettingsColumns = "fraud_enabled, fraud_sensitivity, fraud_changed_at, fraud_changed_by"

// FraudSensitivities are the sensitivities an account may choose.
var FraudSensitivities = []string{"LOW", "MEDIUM", "HIGH"}

// FraudSettings returns the account's fraud settings.
func (s *Store) FraudSettings(ctx context.Context, accountID string) (FraudSettings, error) {
	var row fraudSettingsRow
	err := s.db.WithContext(ctx).Table("accounts").Select(fraudSettingsColumns).Where("id = ?", accountID).Take(&row).Error
	if err != nil {
		return FraudSettings{}, s.fail(err)
	}
	return row.settings(), nil
}

// SetFraudSettings switches the account's fraud checks on or off and sets
// their sensitivity (LOW, MEDIUM or HIGH), as by says who did
// ("api-key:<id>"), and records the change in the account's audit trail.
// Documents judged from then on use them; judged documents keep their
// verdicts. Setting what is already set changes and records nothing.
func (s *Store) SetFraudSettings(ctx context.Context, accountID string, enabled bool, sensitivity, by string) (FraudSettings, error) {
	if !slices.Contains(FraudSensitivities, sensitivity) {
		return FraudSettings{}, derrors.New(derrors.InvalidRequest, "sensitivity must be LOW, MEDIUM or HIGH")
	}
	var out FraudSettings
	err := s.tx(ctx, func(tx *gorm.DB) error {
		var row fraudSettingsRow
		if err := tx.Table("accounts").Select(fraudSettingsColumns).Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("id = ?", accountID).Take(&row).Error; err != nil {
			return err
		}
		if row.FraudEnabled == enabled && row.FraudSensitivity == sensitivity {
			out = row.settings()
			return nil
		}
		now := time.Now().UTC().Truncate(time.Microsecond)
		var who *string
		if by != "" {
			who = &by
		}
		if err := tx.Table("accounts").Where("id = ?", accountID).Updates(map[string]any{
			"fraud_enabled": enabled, "fraud_sensitivity": sensitivity, "fraud_changed_at": now, "fraud_changed_by": who, "updated_at": now,
		}).Error; err != nil {
			return err
		}
		next := fraudSettingsRow{FraudEnabled: enabled, FraudSensitivity: sensitivity, FraudChangedAt: &now, FraudChangedBy: who}
		reason := "changed by " + by
		if by == "" {
			reason = "changed by an operator"
		}
		if err := audit(tx, accountID, "fraud_detection", accountID, row.state(), next.state(), reason); err != nil {
			return err
		}
		out = next.settings()
		return nil
	})
	return out, err
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
