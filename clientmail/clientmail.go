// Package clientmail receives the requirement checklists clients email:
// the message as a mail gateway posts it (or as it lands in a watched
// maildir) is read, kept as received, and its checklist attached to the job
// it names, as that job's email source. The inbound endpoint and the
// maildir watcher share it, so a message received both ways is recorded
// once (by its Message-ID).
package clientmail

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"regexp"
	"strings"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/checklist"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
)

// Store records received emails.
type Store interface {
	ReceiveEmail(ctx context.Context, e *store.InboundEmail, refs []string, src requirements.Source) (*store.InboundEmail, bool, error)
}

// Blobs keeps the messages as received.
type Blobs interface {
	PutBytes(ctx context.Context, key string, b []byte, contentType string) error
}

// Config configures New.
type Config struct {
	Store Store
	Blobs Blobs
	// Patterns are the integrations' own ways of naming a job, read besides
	// checklist's defaults.
	Patterns []*regexp.Regexp
	// MaxBytes bounds a message (default checklist's).
	MaxBytes int64
	Logger   *slog.Logger
}

// Receiver receives client emails.
type Receiver struct {
	store    Store
	blobs    Blobs
	patterns []*regexp.Regexp
	opts     checklist.ParseOptions
	log      *slog.Logger
}

// New builds a receiver.
func New(cfg Config) (*Receiver, error) {
	if cfg.Store == nil || cfg.Blobs == nil {
		return nil, errors.New("clientmail: store and blobs are required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Receiver{store: cfg.Store, blobs: cfg.Blobs, patterns: append(checklist.DefaultJobRefPatterns(), cfg.Patterns...),
		opts: checklist.ParseOptions{MaxMessageBytes: cfg.MaxBytes}, log: cfg.Logger}, nil
}

// Received is what became of a message.
type Received struct {
	Email *store.InboundEmail
	// Duplicate: the message was received before; Email is that record.
	Duplicate bool
	// Notes say what was not read and why.
	Notes []string
}

// Receive reads a raw RFC 5322 message for the account, keeps it, and
// attaches its checklist to the job it names. A message that cannot be read
// is a domain error (invalid_request, or file_too_large) with the reason.
func (r *Receiver) Receive(ctx context.Context, accountID string, raw []byte) (Received, error) {
	msg, err := checklist.ParseMessage(bytes.NewReader(raw), r.opts)
	if err != nil {
		var ce *checklist.Error
		if errors.As(err, &ce) {
			if ce.Code == checklist.CodeTooLarge {
				return Received{}, derrors.New(derrors.BodyTooLarge, ce.Reason)
			}
			return Received{}, derrors.Newf(derrors.InvalidRequest, "the message cannot be read: %s", ce.Reason).
				WithDetails(map[string]string{"reason": ce.Code})
		}
		return Received{}, err
	}
	sum := sha256.Sum256(raw)
	digest := hex.EncodeToString(sum[:])
	messageID := strings.TrimSpace(msg.MessageID)
	if messageID == "" {
		// A message without one is known by its bytes.
		messageID = "sha256:" + digest
	}
	list, err := checklist.Extract(msg)
	var ce *checklist.Error
	if err != nil && !(errors.As(err, &ce) && ce.Code == checklist.CodeNoChecklist) {
		return Received{}, err
	}
	src := requirements.Source{Kind: requirements.SourceEmail, Ref: messageID, Items: []requirements.Item{}}
	for _, it := range list.Items {
		src.Items = append(src.Items, requirements.Item{Label: it.Label, PacketGroup: it.PacketGroup, Notes: it.Notes, Ref: it.Source})
	}
	for _, ex := range list.Exclusions {
		src.Exclusions = append(src.Exclusions, requirements.Item{Label: ex.Label, PacketGroup: ex.PacketGroup, Notes: ex.Reason, Ref: ex.Source})
	}
	key := "inbound-email/" + accountID + "/" + digest + ".eml"
	if err := r.blobs.PutBytes(ctx, key, raw, "message/rfc822"); err != nil {
		return Received{}, derrors.Wrap(err, derrors.Unavailable, "file storage is unavailable; retry shortly")
	}
	e := &store.InboundEmail{ID: uuid.New(), AccountID: accountID, MessageID: messageID, Subject: msg.Subject, Sender: msg.From.String(), RawKey: key}
	stored, dup, err := r.store.ReceiveEmail(ctx, e, msg.JobRefs(r.patterns), src)
	if err != nil {
		return Received{}, err
	}
	r.log.Info("client email received", "account_id", accountID, "email_id", stored.ID, "status", stored.Status,
		"items", len(src.Items), "duplicate", dup)
	return Received{Email: stored, Duplicate: dup, Notes: append(msg.Notes, list.Notes...)}, nil
}
