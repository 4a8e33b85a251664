package store

import (
	"database/sql/driver"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
)

// JSON is a jsonb column holding raw JSON. A nil JSON is SQL NULL.
type JSON json.RawMessage

// Value implements driver.Valuer; jsonb takes the text form.
func (j JSON) Value() (driver.Value, error) {
	if len(j) == 0 {
		return nil, nil
	}
	return string(j), nil
}

// Scan implements sql.Scanner.
func (j *JSON) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*j = nil
	case []byte:
		*j = append((*j)[:0], v...)
	case string:
		*j = JSON(v)
	default:
		return errors.New("store: unsupported jsonb source")
	}
	return nil
}

// MarshalJSON keeps the raw document (null when empty).
func (j JSON) MarshalJSON() ([]byte, error) {
	if len(j) == 0 {
		return []byte("null"), nil
	}
	return j, nil
}

// UnmarshalJSON stores the raw document.
func (j *JSON) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*j = nil
		return nil
	}
	*j = append((*j)[:0], b...)
	return nil
}

// ToJSON marshals v, or returns nil for a nil value.
func ToJSON(v any) (JSON, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if string(b) == "null" {
		return nil, nil
	}
	return JSON(b), nil
}

// Account is a customer of the service (a staffing agency).
type Account struct {
	ID                      string `gorm:"primaryKey"`
	Name                    string
	FraudEnabled            bool
	FraudSensitivity        string
	SourceValidationEnabled bool
	CreatedAt               time.Time
	UpdatedAt               time.Time
}

// APIKey is a stored key: its public id and the hash of the whole key.
type APIKey struct {
	ID        string `gorm:"primaryKey"`
	AccountID string
	Name      string
	Hash      []byte
	CreatedAt time.Time
	RevokedAt *time.Time
}

// TableName keeps GORM's pluralisation out of the schema's hands.
func (APIKey) TableName() string { return "api_keys" }

// AuditEvent is one recorded state transition.
type AuditEvent struct {
	ID          int64 `gorm:"primaryKey"`
	AccountID   string
	SubjectType string
	SubjectID   string
	FromState   string
	ToState     string
	Reason      string
	// ScopeID groups events read together: a placement's rows and packets
	// carry the placement's id.
	ScopeID   *string
	CreatedAt time.Time
}

// File is an uploaded file as received.
type File struct {
	ID        uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID string
	BlobKey   string
	Name      *string
	MimeType  string
	SizeBytes int64
	SHA256    string `gorm:"column:sha256"`
	CreatedAt time.Time
	DeletedAt *time.Time
}

// Intake is one uploaded file being split into segments.
type Intake struct {
	ID              uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID       string
	ExternalID      string
	ClientReference *string
	FileID          uuid.UUID `gorm:"type:uuid"`
	Context         JSON      `gorm:"type:jsonb"`
	Validate        JSON      `gorm:"type:jsonb"`
	ScanStatus      string
	PageCount       *int
	SplitDone       bool
	Validation      JSON `gorm:"type:jsonb"`
	Fraud           JSON `gorm:"type:jsonb"`
	ErrorCode       *string
	ErrorMessage    *string
	WorkflowID      string
	// WorkflowStartedAt is set once Temporal has the workflow.
	WorkflowStartedAt *time.Time
	CreatedAt         time.Time
	UpdatedAt         *time.Time `gorm:"autoUpdateTime:false"`
	DeletedAt         *time.Time
	PurgedAt          *time.Time

	// File is loaded with the intake (not a column).
	File *File `gorm:"-"`
}

// Segment is one document inside an intake.
type Segment struct {
	ID               uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID        string
	IntakeID         uuid.UUID `gorm:"type:uuid"`
	Index            int       `gorm:"column:idx"`
	PageStart        *int
	PageEnd          *int
	DocumentType     *string
	DocumentCategory *string
	SchemaID         *string
	Fields           JSON `gorm:"type:jsonb"`
	DerivedFields    JSON `gorm:"type:jsonb"`
	ExternalFields   JSON `gorm:"type:jsonb"`
	ValidationResult *string
	Validations      JSON `gorm:"type:jsonb"`
	ExpiresAt        *time.Time
	RedactedAt       *time.Time
	ScanStatus       string
	FraudResult      *string
	FraudScore       *float64
	FraudSignals     JSON `gorm:"type:jsonb"`
	ErrorCode        *string
	ErrorMessage     *string
	FileKey          *string
	CreatedAt        time.Time
	UpdatedAt        *time.Time `gorm:"autoUpdateTime:false"`
}

// DocumentScan is one earlier-API single-document scan.
type DocumentScan struct {
	ID                uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID         string
	ExternalID        uuid.UUID `gorm:"type:uuid"`
	FileID            uuid.UUID `gorm:"type:uuid"`
	Validation        bool
	Context           JSON `gorm:"type:jsonb"`
	ScanStatus        string
	ValidationResult  *string
	DocumentType      *string
	Fields            JSON      `gorm:"type:jsonb"`
	Validations       JSON      `gorm:"type:jsonb"`
	Fraud             JSON      `gorm:"type:jsonb"`
	TaskID            uuid.UUID `gorm:"type:uuid"`
	TaskStatus        string
	TaskStartedAt     *time.Time
	TaskCompletedAt   *time.Time
	TaskError         *string
	TaskResult        JSON `gorm:"type:jsonb"`
	WorkflowID        string
	WorkflowStartedAt *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
	DeletedAt         *time.Time
	PurgedAt          *time.Time

	File *File         `gorm:"-"`
	User *ExternalUser `gorm:"-"`
}

// ExternalUser is a person of the caller's system, by external id.
type ExternalUser struct {
	AccountID  string `gorm:"primaryKey"`
	ExternalID string `gorm:"primaryKey"`
	CreatedAt  time.Time
	UpdatedAt  time.Time
	DeletedAt  *time.Time
}

// IntakeContext is the candidate data a caller sends with an upload (the
// `context` part). Only the named keys are read; the rest is stored and
// echoed as sent.
type IntakeContext struct {
	FirstName   string `json:"first_name,omitempty"`
	MiddleName  string `json:"middle_name,omitempty"`
	LastName    string `json:"last_name,omitempty"`
	DateOfBirth string `json:"date_of_birth,omitempty"`
	// Requirement and SourceValidation are read from a document scan's
	// context.
	Requirement      string `json:"requirement,omitempty"`
	SourceValidation bool   `json:"source_validation,omitempty"`
}

// ValidateOptions is an intake's `validate` part.
type ValidateOptions struct {
	Requirement   string `json:"requirement,omitempty"`
	PlacementID   string `json:"placement_id,omitempty"`
	RequirementID string `json:"requirement_id,omitempty"`
	Broadcast     bool   `json:"broadcast,omitempty"`
	Source        bool   `json:"source,omitempty"`
}
