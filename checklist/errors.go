package checklist

// Error codes, stable for the inbound endpoint's answers: a malformed or
// oversized message is the sender's problem (a 400 or 413, not retried), and
// a message without a checklist is reported back rather than attached empty.
const (
	CodeMalformed          = "malformed_message"
	CodeTooLarge           = "message_too_large"
	CodeAttachmentTooLarge = "attachment_too_large"
	CodeNoChecklist        = "no_checklist"
)

// Error is a message that cannot be read or holds no checklist. Reason is
// written for the person who sent the message.
type Error struct {
	Code   string
	Reason string
	// Err is the library's error behind it, when there is one.
	Err error
}

func (e *Error) Error() string { return e.Code + ": " + e.Reason }

func (e *Error) Unwrap() error { return e.Err }

func malformed(reason string, err error) *Error {
	return &Error{Code: CodeMalformed, Reason: reason, Err: err}
}
