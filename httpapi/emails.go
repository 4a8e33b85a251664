package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/clientmail"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/store"
)

type emailStore interface {
	Email(ctx context.Context, accountID string, id uuid.UUID) (*store.InboundEmail, error)
}

// MaxEmailBytes bounds an inbound message, attachments included.
const MaxEmailBytes = 25 << 20

// receiveEmail takes a client email as a mail gateway posts it: the raw
// RFC 5322 message as the body (Content-Type message/rfc822). Its
// checklist is read from the body or a PDF, CSV or XLSX attachment and
// attached to the job it names (subject or body), whose sync starts. The
// message is kept as received. 202: received (read, whatever it named); a
// message seen before (same Message-ID) answers its first record, 200.
func (s *Server) receiveEmail(c *gin.Context) {
	mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
	if err != nil || (mt != "message/rfc822" && mt != "text/plain" && mt != "application/octet-stream") {
		fail(c, derrors.New(derrors.UnsupportedMediaType, "the body must be the raw message (Content-Type: message/rfc822)"))
		return
	}
	if c.Request.ContentLength > MaxEmailBytes {
		fail(c, derrors.Newf(derrors.BodyTooLarge, "the message exceeds %d MB", MaxEmailBytes>>20))
		return
	}
	raw, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, MaxEmailBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(c, derrors.Newf(derrors.BodyTooLarge, "the message exceeds %d MB", MaxEmailBytes>>20))
			return
		}
		fail(c, derrors.New(derrors.InvalidRequest, "the message was interrupted"))
		return
	}
	if len(raw) == 0 {
		fail(c, derrors.New(derrors.InvalidRequest, "the body is empty: send the raw message"))
		return
	}
	ctx, account := c.Request.Context(), accountOf(c)
	got, err := s.mail.Receive(ctx, account, raw)
	if err != nil {
		fail(c, err)
		return
	}
	if got.Email.JobID != nil && !got.Duplicate {
		s.startJobSync(ctx, account, *got.Email.JobID)
	}
	status := http.StatusAccepted
	if got.Duplicate {
		status = http.StatusOK
	}
	c.JSON(status, emailView(got.Email, got.Duplicate, got.Notes))
}

// getEmail returns a received email's record.
func (s *Server) getEmail(c *gin.Context) {
	getOne(c, s.store.Email, func(_ context.Context, e *store.InboundEmail) any { return emailView(e, false, nil) })
}

type emailJSON struct {
	ID         string          `json:"id"`
	MessageID  string          `json:"messageId"`
	Subject    string          `json:"subject"`
	From       string          `json:"from"`
	Status     string          `json:"status"`
	Reason     string          `json:"reason"`
	JobID      *string         `json:"jobId"`
	JobRefs    json.RawMessage `json:"jobRefs"`
	Items      json.RawMessage `json:"items"`
	Exclusions json.RawMessage `json:"exclusions"`
	Notes      []string        `json:"notes,omitempty"`
	Duplicate  bool            `json:"duplicate"`
	ReceivedAt time.Time       `json:"receivedAt"`
}

func emailView(e *store.InboundEmail, dup bool, notes []string) emailJSON {
	v := emailJSON{ID: e.ID.String(), MessageID: e.MessageID, Subject: e.Subject, From: e.Sender, Status: e.Status, Reason: e.Reason,
		JobRefs: rawOr(e.JobRefs, "[]"), Items: rawOr(e.Items, "[]"), Exclusions: rawOr(e.Exclusions, "[]"), Notes: notes,
		Duplicate: dup, ReceivedAt: e.ReceivedAt}
	if e.JobID != nil {
		id := e.JobID.String()
		v.JobID = &id
	}
	return v
}

// mailReceiver is what the inbound endpoint needs of clientmail.
type mailReceiver interface {
	Receive(ctx context.Context, accountID string, raw []byte) (clientmail.Received, error)
}
