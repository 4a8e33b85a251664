package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/clearedtostart/compliance/derrors"
)

// statusOf is the one table from error code to HTTP status.
var statusOf = map[derrors.Code]int{
	derrors.InvalidRequest:           http.StatusBadRequest,
	derrors.UnknownRequirement:       http.StatusBadRequest,
	derrors.FileRequired:             http.StatusBadRequest,
	derrors.SourceValidationDisabled: http.StatusBadRequest,
	derrors.UnsupportedFile:          http.StatusBadRequest,
	derrors.Unauthorized:             http.StatusUnauthorized,
	derrors.NotFound:                 http.StatusNotFound,
	derrors.MethodNotAllowed:         http.StatusMethodNotAllowed,
	derrors.Conflict:                 http.StatusConflict,
	derrors.PacketNotReady:           http.StatusConflict,
	derrors.FileTooLarge:             http.StatusRequestEntityTooLarge,
	derrors.BodyTooLarge:             http.StatusRequestEntityTooLarge,
	derrors.UnsupportedMediaType:     http.StatusUnsupportedMediaType,
	derrors.Internal:                 http.StatusInternalServerError,
	derrors.Unavailable:              http.StatusServiceUnavailable,
}

// ErrorBody is the spec's V2Error shape, used by every endpoint.
type ErrorBody struct {
	Error ErrorObject `json:"error"`
}

// ErrorObject is the inside of ErrorBody.
type ErrorObject struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Details any    `json:"details"`
}

var (
	errNoRoute  = derrors.New(derrors.NotFound, "no such endpoint; see /openapi.yaml")
	errNoMethod = derrors.New(derrors.MethodNotAllowed, "method not allowed on this endpoint")
)

// renderErrors writes the error body for the first error a handler
// recorded. Domain errors speak for themselves; anything else is logged
// with the request id and answered with a generic 500, so internal text
// never reaches a client.
func (s *Server) renderErrors(c *gin.Context) {
	c.Next()
	if len(c.Errors) == 0 || c.Writer.Written() {
		return
	}
	err := c.Errors[0].Err
	de, ok := derrors.As(err)
	if !ok {
		s.logger(c).Error("internal error", "error", err)
		de = derrors.New(derrors.Internal, "internal error; quote the request id to support").
			WithDetails(map[string]string{"request_id": requestIDOf(c)})
	} else if de.Code == derrors.Internal || de.Code == derrors.Unavailable {
		s.logger(c).Error("request failed", "code", de.Code, "error", err)
	}
	status, known := statusOf[de.Code]
	if !known {
		status = http.StatusInternalServerError
	}
	if de.Code == derrors.Unavailable {
		c.Header("Retry-After", "5")
	}
	c.JSON(status, ErrorBody{Error: ErrorObject{Code: string(de.Code), Message: de.Message, Details: de.Details}})
}

// fail records err for renderErrors and stops the handler chain.
func fail(c *gin.Context, err error) {
	_ = c.Error(err)
	c.Abort()
}

// invalid is a 400 invalid_request naming the offending field.
func invalid(field, format string, args ...any) error {
	return derrors.Newf(derrors.InvalidRequest, format, args...).WithDetails(map[string]string{"field": field})
}

// maxJSONBody bounds JSON request bodies.
const maxJSONBody = 1 << 20

// bindJSON decodes a JSON request body strictly: JSON content type, at most
// maxJSONBody bytes, no unknown fields, right types, one document.
func bindJSON(c *gin.Context, v any) error {
	mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
	if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
		return derrors.New(derrors.UnsupportedMediaType, "the request body must be application/json")
	}
	if c.Request.ContentLength > maxJSONBody {
		return derrors.Newf(derrors.BodyTooLarge, "the request body exceeds %d bytes", maxJSONBody)
	}
	body := http.MaxBytesReader(c.Writer, c.Request.Body, maxJSONBody)
	return decodeJSON(body, v)
}

// decodeJSON decodes one strict JSON document and explains what is wrong
// in client terms.
func decodeJSON(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if dec.More() {
		return derrors.New(derrors.InvalidRequest, "the body must hold exactly one JSON value")
	}
	return nil
}

func jsonError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return derrors.Newf(derrors.BodyTooLarge, "the request body exceeds %d bytes", tooBig.Limit)
	case errors.As(err, &syn):
		return derrors.Newf(derrors.InvalidRequest, "malformed JSON at byte %d", syn.Offset)
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "(body)"
		}
		return derrors.Newf(derrors.InvalidRequest, "field %q must be of type %s, not %s", field, jsonType(typ.Type.Kind().String()), typ.Value).
			WithDetails(map[string]string{"field": field})
	case errors.Is(err, io.EOF):
		return derrors.New(derrors.InvalidRequest, "the request body is empty")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return derrors.New(derrors.InvalidRequest, "malformed JSON: unexpected end of input")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return derrors.Newf(derrors.InvalidRequest, "unknown field %q", field).WithDetails(map[string]string{"field": field})
	}
	return derrors.New(derrors.InvalidRequest, "malformed JSON")
}

func jsonType(kind string) string {
	switch kind {
	case "bool":
		return "boolean"
	case "string":
		return "string"
	case "map", "struct":
		return "object"
	case "slice", "array":
		return "array"
	case "int", "int64", "int32", "float64", "float32", "uint", "uint64":
		return "number"
	}
	return kind
}

// errorf wraps an internal error with context for the logs.
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
