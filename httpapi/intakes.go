package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/lifecycle"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

type intakeStore interface {
	File(ctx context.Context, accountID string, id uuid.UUID) (*store.File, error)
	CreateIntake(ctx context.Context, in *store.Intake, newFile *store.File) error
	Intake(ctx context.Context, accountID string, id uuid.UUID) (*store.Intake, []store.Segment, error)
	IntakeVersion(ctx context.Context, accountID string, id uuid.UUID) (store.Version, error)
	Segment(ctx context.Context, accountID string, intakeID, segmentID uuid.UUID) (*store.Segment, error)
	DeleteIntake(ctx context.Context, accountID string, id uuid.UUID) (*store.Intake, bool, error)
}

// intakeFields are the text parts of POST /v2/intakes/scan/async with the
// bytes read of each (the character limits are checked after).
var intakeFields = map[string]int{
	"external_id":      4 * 500,
	"client_reference": 4 * 200,
	"file_id":          64,
	"context":          64 << 10,
	"validate":         4 << 10,
}

// createIntake accepts an upload, stores it and starts its processing.
func (s *Server) createIntake(c *gin.Context) {
	s.acceptUpload(c, intakeFields, func(ctx context.Context, account string, up *upload) error {
		in := &store.Intake{ID: uuid.New(), AccountID: account, CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}
		in.WorkflowID = workflows.IntakeWorkflowID(in.ID.String())
		var err error
		if in.ExternalID, err = externalID(up.fields, 500); err != nil {
			return err
		}
		if ref, ok := up.fields["client_reference"]; ok {
			if utf8.RuneCountInString(ref) > 200 {
				return invalid("client_reference", "client_reference is longer than 200 characters")
			}
			in.ClientReference = &ref
		}
		if in.Context, _, err = parseContext(up.fields, false); err != nil {
			return err
		}
		if in.Validate, err = s.parseValidate(ctx, account, in.ExternalID, up.fields); err != nil {
			return err
		}
		file, newFile, err := s.resolveFile(ctx, account, up)
		if err != nil {
			return err
		}
		in.FileID = file.ID
		if err := s.store.CreateIntake(ctx, in, newFile); err != nil {
			return err
		}
		s.startIntake(ctx, in, file)
		s.logger(c).Info("intake accepted", "intake_id", in.ID, "workflow_id", in.WorkflowID, "bytes", file.SizeBytes, "mime_type", file.MimeType)
		in.File = file
		c.JSON(http.StatusCreated, s.intakeView(ctx, in, nil))
		return nil
	})
}

// externalID reads the required external_id part.
func externalID(fields map[string]string, maxChars int) (string, error) {
	id := strings.TrimSpace(fields["external_id"])
	if id == "" {
		return "", invalid("external_id", "external_id is required")
	}
	if utf8.RuneCountInString(id) > maxChars {
		return "", invalid("external_id", "external_id is longer than %d characters", maxChars)
	}
	return id, nil
}

// parseContext reads the optional `context` JSON object. Any keys are kept;
// the named ones must have their documented types.
func parseContext(fields map[string]string, withScanKeys bool) (store.JSON, store.IntakeContext, error) {
	raw, ok := fields["context"]
	var named store.IntakeContext
	if !ok || strings.TrimSpace(raw) == "" {
		return nil, named, nil
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(raw), &obj); err != nil || obj == nil {
		return nil, named, invalid("context", "context must be a JSON object")
	}
	for _, k := range []string{"first_name", "middle_name", "last_name", "date_of_birth", "requirement"} {
		v, present := obj[k]
		if !present || v == nil {
			continue
		}
		str, isStr := v.(string)
		if !isStr {
			return nil, named, invalid("context."+k, "context.%s must be a string", k)
		}
		if k == "date_of_birth" && str != "" {
			if _, err := time.Parse(time.DateOnly, str); err != nil {
				return nil, named, invalid("context.date_of_birth", "context.date_of_birth must be a date (YYYY-MM-DD)")
			}
		}
	}
	if withScanKeys {
		if v, present := obj["source_validation"]; present && v != nil {
			if _, isBool := v.(bool); !isBool {
				return nil, named, invalid("context.source_validation", "context.source_validation must be a boolean")
			}
		}
	}
	_ = json.Unmarshal([]byte(raw), &named)
	b, _ := json.Marshal(obj)
	return store.JSON(b), named, nil
}

// parseValidate reads the optional `validate` JSON object strictly.
func (s *Server) parseValidate(ctx context.Context, account, externalID string, fields map[string]string) (store.JSON, error) {
	raw, ok := fields["validate"]
	if !ok || strings.TrimSpace(raw) == "" {
		return nil, nil
	}
	var v store.ValidateOptions
	if err := decodeJSON(strings.NewReader(raw), &v); err != nil {
		de, _ := derrors.As(err)
		return nil, derrors.Newf(derrors.InvalidRequest, "validate: %s", de.Message).WithDetails(map[string]any{"field": "validate", "cause": de.Details})
	}
	if v.Requirement != "" {
		if err := s.checkRequirement(v.Requirement, "validate.requirement"); err != nil {
			return nil, err
		}
	}
	if err := s.checkPlacementRefs(ctx, account, externalID, &v); err != nil {
		return nil, err
	}
	if v.Source {
		if err := s.checkSourceValidation(ctx, account); err != nil {
			return nil, err
		}
	}
	b, _ := json.Marshal(v)
	return store.JSON(b), nil
}

// checkPlacementRefs accepts validate.placement_id and requirement_id when
// they name a placement of this candidate and one of its rows a document
// can fulfil. A named row's requirement becomes validate.requirement, so
// the intake's own validation judges it too.
func (s *Server) checkPlacementRefs(ctx context.Context, account, externalID string, v *store.ValidateOptions) error {
	if v.RequirementID != "" && v.PlacementID == "" {
		return invalid("validate.requirement_id", "validate.requirement_id needs validate.placement_id, the placement the row belongs to")
	}
	if v.RequirementID != "" && v.Broadcast {
		return invalid("validate.broadcast", "validate.requirement_id names one row and validate.broadcast every matching row: send one of them")
	}
	if v.PlacementID == "" {
		return nil
	}
	pid, err := uuid.Parse(v.PlacementID)
	if err != nil {
		return invalid("validate.placement_id", "validate.placement_id must be a UUID")
	}
	p, err := s.store.Placement(ctx, account, pid)
	if derrors.Is(err, derrors.NotFound) {
		return invalid("validate.placement_id", "placement %s was not found", pid)
	}
	if err != nil {
		return err
	}
	// A document judged for another nurse's row would clear the wrong
	// person; the placement's candidate is the intake's.
	if p.ExternalID != externalID {
		return invalid("validate.placement_id", "placement %s is for another candidate: external_id must be the placement's candidate.externalId", pid)
	}
	if v.RequirementID == "" {
		return nil
	}
	rid, err := uuid.Parse(v.RequirementID)
	if err != nil {
		return invalid("validate.requirement_id", "validate.requirement_id must be a UUID")
	}
	row, err := s.store.PlacementRow(ctx, account, pid, rid)
	if derrors.Is(err, derrors.NotFound) {
		return invalid("validate.requirement_id", "requirement %s is not a row of placement %s", rid, pid)
	}
	if err != nil {
		return err
	}
	switch {
	case row.RequirementKey == nil:
		return invalid("validate.requirement_id", "requirement %s (%q) is not mapped to a catalog requirement yet: map its label first", rid, row.Label)
	case row.FulfillmentType == nil || *row.FulfillmentType != catalog.FulfillDocument:
		return invalid("validate.requirement_id", "requirement %s (%s) is not fulfilled by a document", rid, *row.RequirementKey)
	case v.Requirement != "" && v.Requirement != *row.RequirementKey:
		return invalid("validate.requirement", "validate.requirement %q is not requirement %s's (%s)", v.Requirement, rid, *row.RequirementKey)
	}
	v.Requirement = *row.RequirementKey
	return nil
}

// checkRequirement accepts a catalog requirement that a document fulfils.
func (s *Server) checkRequirement(key, field string) error {
	req, ok := s.cat.Requirement(key)
	if !ok {
		return derrors.Newf(derrors.UnknownRequirement, "unknown requirement %q", key).
			WithDetails(map[string]string{"field": field, "requirement": key})
	}
	if req.Fulfillment != catalog.FulfillDocument {
		return derrors.Newf(derrors.InvalidRequest, "requirement %q is fulfilled by %s, not by a document", key, strings.ToLower(strings.ReplaceAll(req.Fulfillment, "_", " "))).
			WithDetails(map[string]string{"field": field, "requirement": key})
	}
	return nil
}

// resolveFile returns the intake's file: the uploaded part (new), or a
// previously uploaded file named by file_id. Exactly one must be given.
func (s *Server) resolveFile(ctx context.Context, account string, up *upload) (file, newFile *store.File, err error) {
	idText, hasID := up.fields["file_id"]
	switch {
	case up.file != nil && hasID:
		return nil, nil, invalid("file_id", "send either a file or a file_id, not both")
	case up.file != nil:
		return up.file, up.file, nil
	case !hasID:
		return nil, nil, errFileRequired
	}
	id, err := uuid.Parse(strings.TrimSpace(idText))
	if err != nil {
		return nil, nil, invalid("file_id", "file_id must be a UUID")
	}
	f, err := s.store.File(ctx, account, id)
	if derrors.Is(err, derrors.NotFound) {
		return nil, nil, invalid("file_id", "file %s was not found", id)
	}
	return f, nil, err
}

// startIntake starts the intake's workflow. The intake is already stored:
// if Temporal cannot be reached now, the resumer starts it later, so the
// upload is accepted either way.
func (s *Server) startIntake(ctx context.Context, in *store.Intake, f *store.File) {
	input := workflows.IntakeInput{
		IntakeID: in.ID.String(), AccountID: in.AccountID, ExternalID: in.ExternalID, FileKey: f.BlobKey, MimeType: f.MimeType,
		Placements: appliesToPlacements(in.Validate),
	}
	attrs := temporal.NewSearchAttributes(
		temporal.NewSearchAttributeKeyKeyword(workflows.SAIntakeID).ValueSet(input.IntakeID),
		temporal.NewSearchAttributeKeyKeyword(workflows.SAExternalID).ValueSet(in.ExternalID),
		temporal.NewSearchAttributeKeyKeyword(workflows.SAAccountID).ValueSet(in.AccountID),
		temporal.NewSearchAttributeKeyKeyword(workflows.SAScanStatus).ValueSet("PENDING"),
	)
	s.start(ctx, store.KindIntake, in.ID, in.WorkflowID, workflows.IntakeWorkflow, input, attrs)
}

// appliesToPlacements reports whether an intake's documents are judged
// against placement rows once processed; others skip that activity.
func appliesToPlacements(validate store.JSON) bool {
	var v store.ValidateOptions
	if len(validate) == 0 || json.Unmarshal(validate, &v) != nil {
		return false
	}
	return v.PlacementID != "" || v.Broadcast
}

// getIntake returns an intake with its segments.
func (s *Server) getIntake(c *gin.Context) {
	s.getObject(c, viewOf{
		kind:    workflows.KindIntake,
		version: s.store.IntakeVersion,
		render: func(ctx context.Context, account string, id uuid.UUID) (any, store.Version, error) {
			in, segs, err := s.store.Intake(ctx, account, id)
			if err != nil {
				return nil, store.Version{}, err
			}
			return s.intakeView(ctx, in, segs), in.Version(), nil
		},
		terminal: lifecycle.IntakeScan.Terminal,
	})
}

// getSegment returns one segment of a live intake.
func (s *Server) getSegment(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	sid, ok := pathUUID(c, "sid")
	if !ok {
		return
	}
	seg, err := s.store.Segment(c.Request.Context(), accountOf(c), id, sid)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, s.segmentView(c.Request.Context(), seg))
}

// deleteIntake deletes an intake (see deleteObject).
func (s *Server) deleteIntake(c *gin.Context) {
	s.deleteObject(c, workflows.KindIntake, "deleted_at", deleteWith(s.store.DeleteIntake))
}

// pathUUID reads a UUID path parameter; anything else is a 404, like an
// unknown id.
func pathUUID(c *gin.Context, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		fail(c, derrors.ErrNotFound)
		return uuid.Nil, false
	}
	return id, true
}

// The JSON shapes of the spec.

type intakeJSON struct {
	ID              string        `json:"id"`
	ExternalID      string        `json:"external_id"`
	ClientReference *string       `json:"client_reference"`
	ScanStatus      string        `json:"scan_status"`
	Context         store.JSON    `json:"context"`
	Split           *splitJSON    `json:"split"`
	Validation      store.JSON    `json:"validation"`
	Fraud           store.JSON    `json:"fraud"`
	Payloads        []any         `json:"payloads"`
	Segments        []segmentJSON `json:"segments"`
	Error           *errorJSON    `json:"error"`
	File            *fileJSON     `json:"file"`
	CreatedAt       time.Time     `json:"created_at"`
	UpdatedAt       *time.Time    `json:"updated_at"`
	DeletedAt       *time.Time    `json:"deleted_at,omitempty"`
}

type splitJSON struct {
	PageCount *int             `json:"page_count"`
	Segments  []splitRangeJSON `json:"segments"`
}

type splitRangeJSON struct {
	Index     int `json:"index"`
	PageStart int `json:"page_start"`
	PageEnd   int `json:"page_end"`
}

type errorJSON struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

type fileJSON struct {
	URL      string  `json:"url"`
	Name     *string `json:"name"`
	MimeType *string `json:"mime_type"`
}

type segmentJSON struct {
	ID               string        `json:"id"`
	IntakeID         string        `json:"intake_id"`
	Index            int           `json:"index"`
	PageStart        *int          `json:"page_start"`
	PageEnd          *int          `json:"page_end"`
	DocumentType     *string       `json:"document_type"`
	DocumentCategory *string       `json:"document_category"`
	SchemaID         *string       `json:"schema_id"`
	Fields           store.JSON    `json:"fields"`
	DerivedFields    store.JSON    `json:"derived_fields"`
	ExternalFields   store.JSON    `json:"external_fields"`
	ValidationResult *string       `json:"validation_result"`
	Validations      store.JSON    `json:"validations"`
	Attestations     []any         `json:"attestations"`
	ExpiresAt        *string       `json:"expires_at"`
	RedactedAt       *time.Time    `json:"redacted_at"`
	ScanStatus       string        `json:"scan_status"`
	Fraud            *segFraudJSON `json:"fraud"`
	Error            *errorJSON    `json:"error"`
	File             *fileJSON     `json:"file"`
	CreatedAt        time.Time     `json:"created_at"`
	UpdatedAt        *time.Time    `json:"updated_at"`
}

type segFraudJSON struct {
	Result  string   `json:"result"`
	Score   *float64 `json:"score"`
	Signals any      `json:"signals"`
}

func (s *Server) intakeView(ctx context.Context, in *store.Intake, segs []store.Segment) intakeJSON {
	v := intakeJSON{
		ID: in.ID.String(), ExternalID: in.ExternalID, ClientReference: in.ClientReference, ScanStatus: in.ScanStatus,
		Context: in.Context, Validation: in.Validation, Fraud: in.Fraud, Payloads: []any{}, Segments: []segmentJSON{},
		CreatedAt: in.CreatedAt, UpdatedAt: in.UpdatedAt, DeletedAt: in.DeletedAt,
	}
	if in.ScanStatus == "FAILED" && in.ErrorCode != nil {
		v.Error = &errorJSON{Code: *in.ErrorCode, Message: ptrValue(in.ErrorMessage)}
	}
	if in.DeletedAt != nil {
		v.Context, v.Validation, v.Fraud = nil, nil, nil
		return v
	}
	if in.SplitDone {
		v.Split = &splitJSON{PageCount: in.PageCount, Segments: make([]splitRangeJSON, 0, len(segs))}
		for _, sg := range segs {
			if sg.PageStart != nil && sg.PageEnd != nil {
				v.Split.Segments = append(v.Split.Segments, splitRangeJSON{Index: sg.Index, PageStart: *sg.PageStart, PageEnd: *sg.PageEnd})
			}
		}
	}
	for i := range segs {
		v.Segments = append(v.Segments, s.segmentView(ctx, &segs[i]))
	}
	if in.File != nil {
		mt := in.File.MimeType
		v.File = &fileJSON{URL: s.signedURL(ctx, in.File.BlobKey), Name: in.File.Name, MimeType: &mt}
	}
	return v
}

func (s *Server) segmentView(ctx context.Context, sg *store.Segment) segmentJSON {
	v := segmentJSON{
		ID: sg.ID.String(), IntakeID: sg.IntakeID.String(), Index: sg.Index, PageStart: sg.PageStart, PageEnd: sg.PageEnd,
		DocumentType: sg.DocumentType, DocumentCategory: sg.DocumentCategory, SchemaID: sg.SchemaID,
		Fields: sg.Fields, DerivedFields: sg.DerivedFields, ExternalFields: sg.ExternalFields,
		ValidationResult: sg.ValidationResult, Validations: sg.Validations, Attestations: []any{},
		RedactedAt: sg.RedactedAt, ScanStatus: sg.ScanStatus, CreatedAt: sg.CreatedAt, UpdatedAt: sg.UpdatedAt,
	}
	if sg.ExpiresAt != nil {
		d := sg.ExpiresAt.Format(time.DateOnly)
		v.ExpiresAt = &d
	}
	if sg.FraudResult != nil {
		f := &segFraudJSON{Result: *sg.FraudResult, Score: sg.FraudScore, Signals: []any{}}
		var verdict struct {
			Signals json.RawMessage `json:"signals"`
		}
		if json.Unmarshal(sg.FraudSignals, &verdict) == nil && len(verdict.Signals) > 0 {
			f.Signals = verdict.Signals
		}
		v.Fraud = f
	}
	if sg.ErrorCode != nil {
		v.Error = &errorJSON{Code: *sg.ErrorCode, Message: ptrValue(sg.ErrorMessage)}
	}
	if sg.FileKey != nil {
		name := fmt.Sprintf("segment-%d", sg.Index)
		if sg.DocumentType != nil {
			name += "-" + *sg.DocumentType
		}
		name += ".pdf"
		mt := "application/pdf"
		v.File = &fileJSON{URL: s.signedURL(ctx, *sg.FileKey), Name: &name, MimeType: &mt}
	}
	return v
}

// signedURL presigns a download; on failure the URL is empty and the
// error logged (a read must not fail because one link could not be made).
func (s *Server) signedURL(ctx context.Context, key string) string {
	u, err := s.blobs.SignedURL(ctx, key, s.urlTTL)
	if err != nil {
		s.log.Error("could not presign a download URL", "key", key, "error", err)
		return ""
	}
	return u
}
