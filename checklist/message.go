// Package checklist reads a requirement checklist from a client's email: an
// RFC 5322 message (as a mail gateway posts it or a maildir holds it) with
// its MIME parts, the job references it names, and the requirement items of
// its body and of its PDF, CSV and XLSX attachments.
//
// go-message parses the MIME structure and decodes transfer encodings and
// charsets; excelize reads workbooks; the project's pdfdoc reads PDF text
// layers; golang.org/x/net/html parses HTML bodies.
package checklist

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // registers every charset x/text knows with go-message
	"github.com/emersion/go-message/mail"
	htmlcharset "golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/charmap"

	"github.com/clearedtostart/compliance/internal/readable"
)

// Defaults of ParseOptions. 25 MB is the common gateway limit for a whole
// message; one attachment may use most of it.
const (
	DefaultMaxMessageBytes    = 25 << 20
	DefaultMaxAttachmentBytes = 20 << 20
	DefaultMaxParts           = 200
	DefaultMaxDepth           = 10
)

// ParseOptions bounds what ParseMessage accepts; zero fields take the
// defaults above.
type ParseOptions struct {
	// MaxMessageBytes bounds the raw message as received.
	MaxMessageBytes int64
	// MaxAttachmentBytes bounds one decoded part (attachment or body text).
	MaxAttachmentBytes int64
	// MaxParts bounds the MIME parts of the message and its forwarded messages.
	MaxParts int
	// MaxDepth bounds the nesting of multiparts and forwarded messages.
	MaxDepth int
}

func (o ParseOptions) withDefaults() ParseOptions {
	if o.MaxMessageBytes <= 0 {
		o.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if o.MaxAttachmentBytes <= 0 {
		o.MaxAttachmentBytes = DefaultMaxAttachmentBytes
	}
	if o.MaxParts <= 0 {
		o.MaxParts = DefaultMaxParts
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	return o
}

// Address is a mailbox of a header field.
type Address struct {
	Name  string `json:"name,omitempty"`
	Email string `json:"email"`
}

func (a Address) String() string {
	if a.Name == "" {
		return a.Email
	}
	return fmt.Sprintf("%s <%s>", a.Name, a.Email)
}

// Attachment is a non-text part of a message.
type Attachment struct {
	FileName  string `json:"fileName"`
	MediaType string `json:"mediaType"`
	Data      []byte `json:"-"`
	// Inline marks a part shown inside the HTML body (a signature logo)
	// rather than attached by the sender.
	Inline bool `json:"inline,omitempty"`
}

// Message is a parsed email.
type Message struct {
	MessageID string    `json:"messageId,omitempty"`
	From      Address   `json:"from"`
	To        []Address `json:"to,omitempty"`
	Cc        []Address `json:"cc,omitempty"`
	Subject   string    `json:"subject"`
	Date      time.Time `json:"date"`
	// Text is the body as text: the text/plain alternative where the
	// message offers one, else its text/html converted to text; the inline
	// text parts of a mixed message are joined by a blank line.
	Text string `json:"text"`
	// FromHTML says Text was converted from HTML.
	FromHTML    bool         `json:"fromHtml,omitempty"`
	Attachments []Attachment `json:"attachments,omitempty"`
	// Forwarded are the message/rfc822 parts: messages forwarded as attachments.
	Forwarded []*Message `json:"forwarded,omitempty"`
	// Notes say what was read in a degraded way (an unknown charset, an
	// unreadable date) so that a person can look at the original.
	Notes []string `json:"notes,omitempty"`
}

// ParseMessage reads an RFC 5322 message with its MIME parts. A message that
// cannot be read is an *Error with CodeMalformed; one over the limits an
// *Error with CodeTooLarge or CodeAttachmentTooLarge.
func ParseMessage(r io.Reader, opts ParseOptions) (*Message, error) {
	opts = opts.withDefaults()
	raw, err := io.ReadAll(io.LimitReader(r, opts.MaxMessageBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading the message: %w", err)
	}
	if int64(len(raw)) > opts.MaxMessageBytes {
		return nil, &Error{Code: CodeTooLarge, Reason: fmt.Sprintf("the message is larger than the limit of %s", readable.BytesIEC(opts.MaxMessageBytes))}
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, malformed("the message is empty", nil)
	}
	p := &parser{opts: opts}
	msg, err := p.message(bytes.NewReader(raw), 0)
	if err != nil {
		return nil, err
	}
	if msg.From.Email == "" && msg.From.Name == "" {
		return nil, malformed("the message has no From header field; an RFC 5322 message names its sender", nil)
	}
	return msg, nil
}

type parser struct {
	opts  ParseOptions
	parts int
}

// content collects the parts of one message while its tree is walked.
type content struct {
	texts       []textPart
	attachments []Attachment
	forwarded   []*Message
	notes       []string
}

type textPart struct {
	text string
	html bool
}

func (p *parser) message(r io.Reader, depth int) (*Message, error) {
	e, err := message.Read(r)
	if e == nil {
		return nil, malformed(fmt.Sprintf("the header cannot be read (%s)", strings.TrimPrefix(errString(err), "message: ")), err)
	}
	msg := &Message{}
	var c content
	if err != nil {
		c.undecoded(e, err)
	}
	readHeader(mail.Header{Header: e.Header}, msg, &c)
	if err := p.walk(e, &c, depth); err != nil {
		return nil, err
	}
	var texts []string
	for _, t := range c.texts {
		s := t.text
		if t.html {
			s = htmlToText(s)
			msg.FromHTML = true
		}
		if s = strings.TrimSpace(s); s != "" {
			texts = append(texts, s)
		}
	}
	msg.Text = strings.Join(texts, "\n\n")
	msg.Attachments, msg.Forwarded, msg.Notes = c.attachments, c.forwarded, c.notes
	return msg, nil
}

// undecoded notes a part go-message hands over undecoded: its charset or
// transfer encoding is unknown.
func (c *content) undecoded(e *message.Entity, err error) {
	mediaType, params, _ := e.Header.ContentType()
	switch {
	case message.IsUnknownCharset(err):
		c.note("a %s part declares the unknown charset %q; read as it is", mediaType, params["charset"])
	case message.IsUnknownEncoding(err):
		c.note("a %s part declares the unknown transfer encoding %q; read as it is", mediaType, e.Header.Get("Content-Transfer-Encoding"))
	default:
		c.note("a %s part: %v; read as it is", mediaType, err)
	}
}

func (c *content) note(format string, args ...any) {
	c.notes = append(c.notes, fmt.Sprintf(format, args...))
}

func readHeader(h mail.Header, msg *Message, c *content) {
	var err error
	if msg.Subject, err = h.Subject(); err != nil {
		c.note("Subject: %v; kept as written", err)
	}
	msg.Subject = strings.TrimSpace(msg.Subject)
	if msg.MessageID, err = h.MessageID(); err != nil {
		msg.MessageID = strings.Trim(strings.TrimSpace(h.Get("Message-Id")), "<>")
		c.note("Message-ID: %v; kept as written", err)
	}
	if msg.Date, err = h.Date(); err != nil {
		c.note("Date %q cannot be read (%v)", h.Get("Date"), err)
	}
	if from := addresses(h, "From", c); len(from) > 0 {
		msg.From = from[0]
	}
	msg.To = addresses(h, "To", c)
	msg.Cc = addresses(h, "Cc", c)
}

// addresses reads an address list; one that does not parse (a display name
// with bare non-ASCII, as some gateways send) is kept as written.
func addresses(h mail.Header, key string, c *content) []Address {
	list, err := h.AddressList(key)
	if err != nil {
		raw, _ := h.Text(key)
		c.note("%s %q cannot be read as addresses (%v); kept as written", key, raw, err)
		return []Address{{Name: strings.TrimSpace(raw)}}
	}
	out := make([]Address, 0, len(list))
	for _, a := range list {
		out = append(out, Address{Name: a.Name, Email: a.Address})
	}
	return out
}

func (p *parser) walk(e *message.Entity, c *content, depth int) error {
	p.parts++
	if p.parts > p.opts.MaxParts {
		return &Error{Code: CodeTooLarge, Reason: fmt.Sprintf("the message has more than %d MIME parts", p.opts.MaxParts)}
	}
	if depth > p.opts.MaxDepth {
		return malformed(fmt.Sprintf("the message nests parts deeper than %d levels", p.opts.MaxDepth), nil)
	}
	mediaType, params, err := e.Header.ContentType()
	if err != nil {
		// RFC 2045 §5.2: an unreadable Content-Type is text/plain.
		c.note("Content-Type %q cannot be read (%v); read as text/plain", e.Header.Get("Content-Type"), err)
		mediaType, params = "text/plain", nil
	}
	disposition, dispParams, _ := e.Header.ContentDisposition()
	fileName := attachmentName(dispParams, params)

	switch {
	case strings.HasPrefix(mediaType, "multipart/"):
		return p.multipart(e, mediaType, c, depth)
	case mediaType == "message/rfc822" || mediaType == "message/global":
		data, err := p.read(e.Body, partName(fileName, "a forwarded message"))
		if err != nil {
			return err
		}
		fwd, err := p.message(bytes.NewReader(data), depth+1)
		if err != nil {
			var ce *Error
			if errors.As(err, &ce) && ce.Code != CodeMalformed {
				return err
			}
			c.note("a forwarded message cannot be read (%v); kept as an attachment", err)
			c.attachments = append(c.attachments, Attachment{FileName: fileName, MediaType: mediaType, Data: data})
			return nil
		}
		c.forwarded = append(c.forwarded, fwd)
		return nil
	case (mediaType == "text/plain" || mediaType == "text/html") && disposition != "attachment" && fileName == "":
		data, err := p.read(e.Body, "the body text")
		if err != nil {
			return err
		}
		c.texts = append(c.texts, textPart{text: bodyText(data, mediaType, params, c), html: mediaType == "text/html"})
		return nil
	case mediaType == "application/pkcs7-signature" || mediaType == "application/x-pkcs7-signature" || mediaType == "application/pgp-signature":
		// A signature says nothing about requirements; reading the body it
		// signs is enough.
		_, err := io.Copy(io.Discard, e.Body)
		return decodeErr(err, "the signature part")
	}
	data, err := p.read(e.Body, partName(fileName, "an attachment"))
	if err != nil {
		return err
	}
	if strings.HasPrefix(mediaType, "text/") {
		data = []byte(bodyText(data, mediaType, params, c))
	}
	inline := disposition == "inline" || (disposition == "" && e.Header.Get("Content-Id") != "")
	c.attachments = append(c.attachments, Attachment{FileName: fileName, MediaType: mediaType, Data: data, Inline: inline})
	return nil
}

func (p *parser) multipart(e *message.Entity, mediaType string, c *content, depth int) error {
	mr := e.MultipartReader()
	if mr == nil {
		return malformed(fmt.Sprintf("the %s part cannot be read", mediaType), nil)
	}
	defer mr.Close()
	alternative := mediaType == "multipart/alternative"
	var alts []content
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if part == nil {
			return malformed(fmt.Sprintf("a part of the %s body cannot be read (%s)", mediaType, errString(err)), err)
		}
		target := c
		if alternative {
			alts = append(alts, content{})
			target = &alts[len(alts)-1]
		}
		if err != nil {
			target.undecoded(part, err)
		}
		if err := p.walk(part, target, depth+1); err != nil {
			return err
		}
	}
	if alternative {
		c.mergeAlternatives(alts)
	}
	return nil
}

// mergeAlternatives keeps the plain-text alternative where there is one (the
// sender's own text, no conversion), else the last (RFC 2046: the richest).
// Attachments of every alternative are kept: an HTML alternative's images
// live in its multipart/related.
func (c *content) mergeAlternatives(alts []content) {
	chosen := -1
	for i, a := range alts {
		if len(a.texts) > 0 && !a.texts[0].html {
			chosen = i
			break
		}
	}
	if chosen < 0 {
		for i := len(alts) - 1; i >= 0; i-- {
			if len(alts[i].texts) > 0 {
				chosen = i
				break
			}
		}
	}
	for i, a := range alts {
		if i == chosen {
			c.texts = append(c.texts, a.texts...)
		}
		c.attachments = append(c.attachments, a.attachments...)
		c.forwarded = append(c.forwarded, a.forwarded...)
		c.notes = append(c.notes, a.notes...)
	}
}

func (p *parser) read(body io.Reader, what string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(body, p.opts.MaxAttachmentBytes+1))
	if err != nil {
		return nil, decodeErr(err, what)
	}
	if int64(len(data)) > p.opts.MaxAttachmentBytes {
		return nil, &Error{Code: CodeAttachmentTooLarge, Reason: fmt.Sprintf("%s is larger than the limit of %s", what, readable.BytesIEC(p.opts.MaxAttachmentBytes))}
	}
	return data, nil
}

func decodeErr(err error, what string) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return malformed(fmt.Sprintf("the message ends inside %s (truncated, or a multipart boundary is missing)", what), err)
	}
	return malformed(fmt.Sprintf("%s cannot be decoded (%v)", what, err), err)
}

// bodyText turns a text part into UTF-8 text. go-message has decoded the
// declared charset; undeclared 8-bit text is read as HTML's meta charset
// says, else as Windows-1252, what Outlook writes when it declares nothing.
func bodyText(data []byte, mediaType string, params map[string]string, c *content) string {
	if _, declared := params["charset"]; !declared && !utf8.Valid(data) {
		if mediaType == "text/html" {
			enc, name, _ := htmlcharset.DetermineEncoding(data, "text/html")
			if decoded, err := enc.NewDecoder().Bytes(data); err == nil {
				c.note("%s part without a charset read as %s", mediaType, name)
				data = decoded
			}
		} else if decoded, err := charmap.Windows1252.NewDecoder().Bytes(data); err == nil {
			c.note("%s part without a charset and not UTF-8: read as windows-1252", mediaType)
			data = decoded
		}
	}
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	if mediaType == "text/plain" && strings.EqualFold(params["format"], "flowed") {
		s = unflow(s, strings.EqualFold(params["delsp"], "yes"))
	}
	return s
}

// unflow joins the soft line breaks of format=flowed text (RFC 3676): a line
// ending in a space continues on the next one.
func unflow(s string, delsp bool) string {
	lines := strings.Split(s, "\n")
	var b strings.Builder
	for i, l := range lines {
		if l != "-- " {
			l = strings.TrimPrefix(l, " ") // space-stuffing
		}
		quoted := strings.HasPrefix(l, ">")
		if strings.HasSuffix(l, " ") && l != "-- " && !quoted && i < len(lines)-1 {
			if delsp {
				l = l[:len(l)-1]
			}
			b.WriteString(l)
			continue
		}
		b.WriteString(l)
		if i < len(lines)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func attachmentName(dispParams, typeParams map[string]string) string {
	name := dispParams["filename"]
	if name == "" {
		name = typeParams["name"]
	}
	if name == "" {
		return ""
	}
	// A name is a label here, never a path to write to.
	name = strings.ReplaceAll(name, "\\", "/")
	return path.Base("/" + strings.TrimSpace(name))
}

func partName(fileName, fallback string) string {
	if fileName == "" {
		return fallback
	}
	return fmt.Sprintf("attachment %q", fileName)
}

// errString is a library error on one line.
func errString(err error) string {
	if err == nil {
		return "no header"
	}
	return strings.Join(strings.Fields(err.Error()), " ")
}
