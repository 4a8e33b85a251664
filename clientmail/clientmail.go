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
	"strconv"
	"strings"
	"unicode/utf8"

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

// MaxBytes is the largest message Receive reads; a caller reading a file
// need read no more than one byte past it.
func (r *Receiver) MaxBytes() int64 {
	if r.opts.MaxMessageBytes > 0 {
		return r.opts.MaxMessageBytes
	}
	return checklist.DefaultMaxMessageBytes
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
	messageID := storable(strings.TrimSpace(msg.MessageID))
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
		src.Items = append(src.Items, requirements.Item{Label: text(it.Label), PacketGroup: text(it.PacketGroup), Notes: text(it.Notes), Ref: text(it.Source)})
	}
	for _, ex := range list.Exclusions {
		src.Exclusions = append(src.Exclusions, requirements.Item{Label: text(ex.Label), PacketGroup: text(ex.PacketGroup), Notes: text(ex.Reason), Ref: text(ex.Source)})
	}
	key := "inbound-email/" + accountID + "/" + digest + ".eml"
	if err := r.blobs.PutBytes(ctx, key, raw, "message/rfc822"); err != nil {
		return Received{}, derrors.Wrap(err, derrors.Unavailable, "file storage is unavailable; retry shortly")
	}
	e := &store.InboundEmail{ID: uuid.New(), AccountID: accountID, MessageID: messageID, Subject: text(msg.Subject), Sender: text(sender(msg.From)), RawKey: key}
	refs := msg.JobRefs(r.patterns)
	for i := range refs {
		refs[i] = text(refs[i])
	}
	stored, dup, err := r.store.ReceiveEmail(ctx, e, refs, src)
	if err != nil {
		return Received{}, err
	}
	r.log.Info("client email received", "account_id", accountID, "email_id", stored.ID, "status", stored.Status,
		"items", len(src.Items), "duplicate", dup)
	return Received{Email: stored, Duplicate: dup, Notes: append(msg.Notes, list.Notes...)}, nil
}

// text makes what a message says storable: PostgreSQL text and jsonb hold
// neither NUL nor invalid UTF-8, which raw 8-bit header fields (an old
// mailer's Latin-1 subject) and encoded NULs bring. The message as received
// is kept for a person to read.
func text(s string) string {
	return strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "\uFFFD")
}

// storable keeps a Message-ID that does not fit PostgreSQL text distinct
// from every other (replacing its bytes would merge different messages
// into one record): it is stored quoted, bytes escaped.
func storable(id string) string {
	if utf8.ValidString(id) && !strings.ContainsRune(id, 0) {
		return id
	}
	return strconv.Quote(id)
}

// sender is the From field as recorded: one that is no address list is
// kept as written (checklist puts it in Name), without an empty "<>".
func sender(a checklist.Address) string {
	if a.Email == "" {
		return a.Name
	}
	return a.String()
}
