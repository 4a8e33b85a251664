package httpapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/lifecycle"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type scanStore interface {
	CreateDocumentScan(ctx context.Context, d *store.DocumentScan, newFile *store.File) error
	DocumentScan(ctx context.Context, accountID string, id uuid.UUID) (*store.DocumentScan, error)
	DocumentScanVersion(ctx context.Context, accountID string, id uuid.UUID) (store.Version, error)
	DeleteDocumentScan(ctx context.Context, accountID string, id uuid.UUID) (*store.DocumentScan, bool, error)
}

var scanFields = map[string]int{
	"external_id": 64,
	"validation":  16,
	"context":     64 << 10,
}

// createDocumentScan accepts a single-document scan (the earlier API).
func (s *Server) createDocumentScan(c *gin.Context) {
	s.acceptUpload(c, scanFields, func(ctx context.Context, account string, up *upload) error {
		ext, err := externalID(up.fields, 64)
		if err != nil {
			return err
		}
		extID, err := uuid.Parse(ext)
		if err != nil {
			return invalid("external_id", "external_id must be a UUID")
		}
		validation := false
		if v, ok := up.fields["validation"]; ok {
			switch strings.ToLower(strings.TrimSpace(v)) {
			case "true", "1":
				validation = true
			case "false", "0", "":
			default:
				return invalid("validation", "validation must be true or false")
			}
		}
		rawCtx, named, err := parseContext(up.fields, true)
		if err != nil {
			return err
		}
		if validation && rawCtx == nil {
			return invalid("context", "context is required when validation is true")
		}
		if named.Requirement != "" {
			if err := s.checkRequirement(named.Requirement, "context.requirement"); err != nil {
				return err
			}
		}
		if named.SourceValidation {
			if err := s.checkSourceValidation(ctx, account); err != nil {
				return err
			}
		}
		if up.file == nil {
			return errFileRequired
		}
		d := &store.DocumentScan{
			ID: uuid.New(), AccountID: account, ExternalID: extID, FileID: up.file.ID, Validation: validation,
			Context: rawCtx, TaskID: uuid.New(), CreatedAt: time.Now().UTC().Truncate(time.Microsecond),
		}
		d.UpdatedAt = d.CreatedAt
		d.WorkflowID = workflows.DocumentScanWorkflowID(d.ID.String())
		if err := s.store.CreateDocumentScan(ctx, d, up.file); err != nil {
			return err
		}
		// Read back before the workflow starts: the answer is the scan as
		// created (PENDING), not whatever a fast worker made of it since.
		stored, readErr := s.store.DocumentScan(ctx, account, d.ID)
		s.startDocumentScan(ctx, d.ID, account, extID.String(), up.file)
		s.logger(c).Info("document scan accepted", "scan_id", d.ID, "workflow_id", d.WorkflowID)
		if readErr != nil {
			// Accepted all the same: the caller may read it back later.
			fail(c, readErr)
			return nil
		}
		c.JSON(http.StatusCreated, s.scanView(ctx, stored))
		return nil
	})
}

func (s *Server) startDocumentScan(ctx context.Context, id uuid.UUID, account, externalID string, f *store.File) {
	input := workflows.DocumentScanInput{
		ScanID: id.String(), AccountID: account, ExternalID: externalID, FileKey: f.BlobKey, MimeType: f.MimeType,
	}
	attrs := temporal.NewSearchAttributes(
		temporal.NewSearchAttributeKeyKeyword(workflows.SADocumentScanID).ValueSet(input.ScanID),
		temporal.NewSearchAttributeKeyKeyword(workflows.SAExternalID).ValueSet(externalID),
		temporal.NewSearchAttributeKeyKeyword(workflows.SAAccountID).ValueSet(account),
		temporal.NewSearchAttributeKeyKeyword(workflows.SAScanStatus).ValueSet("PENDING"),
	)
	s.start(ctx, store.KindDocumentScan, id, workflows.DocumentScanWorkflowID(input.ScanID), workflows.DocumentScanWorkflow, input, attrs)
}

// getDocumentScan returns a document scan.
func (s *Server) getDocumentScan(c *gin.Context) {
	s.getObject(c, viewOf{
		kind:    workflows.KindDocumentScan,
		version: s.store.DocumentScanVersion,
		render: func(ctx context.Context, account string, id uuid.UUID) (any, store.Version, error) {
			d, err := s.store.DocumentScan(ctx, account, id)
			if err != nil {
				return nil, store.Version{}, err
			}
			return s.scanView(ctx, d), d.Version(), nil
		},
		terminal: lifecycle.DocumentScan.Terminal,
	})
}

// deleteDocumentScan deletes a scan (see deleteObject).
func (s *Server) deleteDocumentScan(c *gin.Context) {
	s.deleteObject(c, workflows.KindDocumentScan, "deletedAt", deleteWith(s.store.DeleteDocumentScan))
}

type scanJSON struct {
	ID               string        `json:"id"`
	ExternalUser     externalUser  `json:"externalUser"`
	ValidationResult *string       `json:"validationResult"`
	ScanStatus       string        `json:"scanStatus"`
	CreatedAt        time.Time     `json:"createdAt"`
	UpdatedAt        time.Time     `json:"updatedAt"`
	DeletedAt        *time.Time    `json:"deletedAt"`
	Fields           store.JSON    `json:"fields"`
	Validations      store.JSON    `json:"validations"`
	Tasks            scanTaskJSON  `json:"tasks"`
	File             *scanFileJSON `json:"file"`
	Context          store.JSON    `json:"context"`
}

type externalUser struct {
	ExternalID string     `json:"externalId"`
	CreatedAt  time.Time  `json:"createdAt"`
	UpdatedAt  time.Time  `json:"updatedAt"`
	DeletedAt  *time.Time `json:"deletedAt"`
}

type scanTaskJSON struct {
	ID          string     `json:"id"`
	ActionType  string     `json:"actionType"`
	Status      string     `json:"status"`
	StartedAt   *time.Time `json:"startedAt"`
	CompletedAt *time.Time `json:"completedAt"`
	CreatedAt   time.Time  `json:"createdAt"`
	UpdatedAt   time.Time  `json:"updatedAt"`
	DeletedAt   *time.Time `json:"deletedAt"`
	Error       *string    `json:"error"`
	Result      store.JSON `json:"result"`
}

type scanFileJSON struct {
	ID           string  `json:"id"`
	OriginalName *string `json:"originalName"`
	MimeType     string  `json:"mimeType"`
	URL          string  `json:"url"`
}

func (s *Server) scanView(ctx context.Context, d *store.DocumentScan) scanJSON {
	v := scanJSON{
		ID: d.ID.String(), ValidationResult: d.ValidationResult, ScanStatus: d.ScanStatus,
		CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt, DeletedAt: d.DeletedAt,
		Fields: d.Fields, Validations: d.Validations, Context: d.Context,
		ExternalUser: externalUser{ExternalID: d.ExternalID.String(), CreatedAt: d.CreatedAt, UpdatedAt: d.CreatedAt},
		Tasks: scanTaskJSON{
			ID: d.TaskID.String(), ActionType: "SCAN", Status: d.TaskStatus, StartedAt: d.TaskStartedAt,
			CompletedAt: d.TaskCompletedAt, CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt, DeletedAt: d.DeletedAt,
			Error: d.TaskError, Result: d.TaskResult,
		},
	}
	if d.User != nil {
		v.ExternalUser = externalUser{ExternalID: d.User.ExternalID, CreatedAt: d.User.CreatedAt, UpdatedAt: d.User.UpdatedAt, DeletedAt: d.User.DeletedAt}
	}
	if d.File != nil {
		v.File = &scanFileJSON{ID: d.File.ID.String(), OriginalName: d.File.Name, MimeType: d.File.MimeType}
		if d.DeletedAt == nil {
			v.File.URL = s.signedURL(ctx, d.File.BlobKey)
		}
	}
	return v
}
