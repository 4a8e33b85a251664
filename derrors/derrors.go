// Package derrors defines the service's domain errors: a stable snake_case
// code, a message that is safe to show a client, and optional details. Every
// layer returns these for conditions a client can act on; anything else is
// an internal error whose text never reaches a client. The HTTP layer maps
// codes to statuses in one table (httpapi/errors.go).
package derrors

import (
	"errors"
	"fmt"
)

// Code is a stable, documented error code (see openapi.yaml).
type Code string

// The codes of the interface specification, then the service's own.
const (
	InvalidRequest           Code = "invalid_request"
	Unauthorized             Code = "unauthorized"
	NotFound                 Code = "not_found"
	UnknownRequirement       Code = "unknown_requirement"
	FileRequired             Code = "file_required"
	FileTooLarge             Code = "file_too_large"
	SourceValidationDisabled Code = "source_validation_disabled"
	UnsupportedFile          Code = "unsupported_file"

	UnsupportedMediaType Code = "unsupported_media_type"
	BodyTooLarge         Code = "body_too_large"
	MethodNotAllowed     Code = "method_not_allowed"
	Conflict             Code = "conflict"
	// PacketNotReady: a VMS upload of a packet that is not READY (or FAILED).
	PacketNotReady Code = "packet_not_ready"
	Unavailable    Code = "unavailable"
	Internal       Code = "internal"
)

// Error is a domain error.
type Error struct {
	Code    Code
	Message string
	Details any
	// cause is kept for logs only.
	cause error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.cause)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.cause }

// New returns a domain error with a client-safe message.
func New(code Code, message string) *Error {
	return &Error{Code: code, Message: message}
}

// Newf is New with formatting.
func Newf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// WithDetails returns a copy of e carrying details for the client.
func (e *Error) WithDetails(details any) *Error {
	c := *e
	c.Details = details
	return &c
}

// Wrap returns a domain error that keeps cause for logging.
func Wrap(cause error, code Code, message string) *Error {
	return &Error{Code: code, Message: message, cause: cause}
}

// As extracts the domain error from err's chain.
func As(err error) (*Error, bool) {
	var de *Error
	if errors.As(err, &de) {
		return de, true
	}
	return nil, false
}

// CodeOf returns err's code, or Internal when err is not a domain error.
func CodeOf(err error) Code {
	if de, ok := As(err); ok {
		return de.Code
	}
	return Internal
}

// Is reports whether err carries the given code.
func Is(err error, code Code) bool { return err != nil && CodeOf(err) == code }

// ErrNotFound is the error for an unknown id and for another account's id
// alike, so that ids never reveal whether they exist elsewhere.
var ErrNotFound = New(NotFound, "resource not found")
