package checklist

import (
	"errors"
	"strings"
	"testing"
)

// eml joins header and body lines with CRLF, as a gateway posts them.
func eml(lines ...string) string { return strings.Join(lines, "\r\n") }

func TestParseMessageErrors(t *testing.T) {
	nested := eml(
		"From: a@example.com",
		`Content-Type: multipart/mixed; boundary="outer"`,
		"",
		"--outer",
		`Content-Type: multipart/alternative; boundary="inner"`,
		"",
		"--inner",
		"Content-Type: text/plain",
		"",
		"- BLS",
		"--inner--",
		"--outer--",
		"")
	tests := []struct {
		name    string
		raw     string
		opts    ParseOptions
		code    string
		message string
	}{
		{
			name: "empty", raw: "\r\n  \r\n",
			code: CodeMalformed, message: "malformed_message: the message is empty",
		},
		{
			name: "not a header", raw: "hello, here is the checklist\r\n- BLS\r\n",
			code: CodeMalformed, message: "malformed_message: the header cannot be read (malformed MIME header line: hello, here is the checklist)",
		},
		{
			name: "no sender", raw: eml("Subject: Job #1234", "", "- BLS", ""),
			code: CodeMalformed, message: "malformed_message: the message has no From header field; an RFC 5322 message names its sender",
		},
		{
			name: "truncated multipart",
			raw: eml("From: a@example.com", `Content-Type: multipart/mixed; boundary="b1"`, "", "--b1",
				"Content-Type: text/plain", "", "- BLS", "- ACLS"),
			code: CodeMalformed, message: "malformed_message: the message ends inside the body text (truncated, or a multipart boundary is missing)",
		},
		{
			name: "multipart without boundary",
			raw:  eml("From: a@example.com", "Content-Type: multipart/mixed", "", "--x", "Content-Type: text/plain", "", "- BLS", "--x--", ""),
			code: CodeMalformed, message: "malformed_message: a part of the multipart/mixed body cannot be read (multipart: boundary is empty)",
		},
		{
			name: "bad base64",
			raw: eml("From: a@example.com", `Content-Type: multipart/mixed; boundary="b1"`, "", "--b1",
				"Content-Type: text/csv", `Content-Disposition: attachment; filename="list.csv"`, "Content-Transfer-Encoding: base64", "",
				"UmVxdWlyZW1lbnQKQkxT*&^%$#", "--b1--", ""),
			code: CodeMalformed, message: `malformed_message: attachment "list.csv" cannot be decoded (illegal base64 data at input byte 20)`,
		},
		{
			name: "message over the limit", raw: eml("From: a@example.com", "", strings.Repeat("- BLS\r\n", 100)),
			opts: ParseOptions{MaxMessageBytes: 512},
			code: CodeTooLarge, message: "message_too_large: the message is larger than the limit of 512 bytes",
		},
		{
			name: "attachment over the limit",
			raw: eml("From: a@example.com", `Content-Type: multipart/mixed; boundary="b1"`, "", "--b1",
				"Content-Type: text/plain", "", "see attached", "--b1",
				"Content-Type: application/pdf", `Content-Disposition: attachment; filename="checklist.pdf"`, "", strings.Repeat("x", 3000), "--b1--", ""),
			opts: ParseOptions{MaxAttachmentBytes: 2 << 10},
			code: CodeAttachmentTooLarge, message: `attachment_too_large: attachment "checklist.pdf" is larger than the limit of 2 KiB`,
		},
		{
			name: "too many parts", raw: nested, opts: ParseOptions{MaxParts: 2},
			code: CodeTooLarge, message: "message_too_large: the message has more than 2 MIME parts",
		},
		{
			name: "nested too deep", raw: nested, opts: ParseOptions{MaxDepth: 1},
			code: CodeMalformed, message: "malformed_message: the message nests parts deeper than 1 levels",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg, err := ParseMessage(strings.NewReader(tt.raw), tt.opts)
			if err == nil {
				t.Fatalf("parsed: %+v", msg)
			}
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("error %v is not an *Error", err)
			}
			if ce.Code != tt.code || err.Error() != tt.message {
				t.Errorf("got %q (code %s)\nwant %q (code %s)", err.Error(), ce.Code, tt.message, tt.code)
			}
		})
	}
}

func TestParseMessageNestedWithinLimits(t *testing.T) {
	raw := eml(
		"From: =?utf-8?q?Jos=C3=A9_Ruiz?= <jruiz@example.com>",
		"To: a@example.com, \"Desk, Staffing\" <desk@example.com>",
		"Subject: =?utf-8?b?UmVxdWlzaXRpb24gNDQxMiDigJMgZG9jdW1lbnRz?=",
		"Date: not a date",
		`Content-Type: multipart/mixed; boundary="outer"`,
		"",
		"--outer",
		`Content-Type: multipart/alternative; boundary="inner"`,
		"",
		"--inner",
		"Content-Type: text/html; charset=utf-8",
		"",
		"<p>html version</p>",
		"--inner",
		"Content-Type: text/plain; charset=utf-8",
		"Content-Transfer-Encoding: quoted-printable",
		"",
		"plain version =E2=80=93 preferred",
		"--inner--",
		"--outer",
		"Content-Type: text/plain; charset=x-klingon",
		"",
		"second inline part",
		"--outer",
		`Content-Type: application/octet-stream; name="..\\..\\etc\\list.csv"`,
		"",
		"Requirement",
		"--outer--",
		"")
	msg, err := ParseMessage(strings.NewReader(raw), ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if msg.From.Name != "José Ruiz" || msg.Subject != "Requisition 4412 – documents" || len(msg.To) != 2 || msg.To[1].Name != "Desk, Staffing" {
		t.Errorf("header: %+v", msg)
	}
	if want := "plain version – preferred\n\nsecond inline part"; msg.Text != want || msg.FromHTML {
		t.Errorf("text %q (from HTML %v), want %q", msg.Text, msg.FromHTML, want)
	}
	if len(msg.Attachments) != 1 || msg.Attachments[0].FileName != "list.csv" {
		t.Errorf("attachments %+v, want list.csv without its path", msg.Attachments)
	}
	wantNotes := []string{
		`Date "not a date" cannot be read (mail: header could not be parsed)`,
		`a text/plain part declares the unknown charset "x-klingon"; read as it is`,
	}
	if strings.Join(msg.Notes, "\n") != strings.Join(wantNotes, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(msg.Notes, "\n"), strings.Join(wantNotes, "\n"))
	}
}

func TestParseMessageHTMLOnlyAlternative(t *testing.T) {
	raw := eml(
		"From: a@example.com",
		`Content-Type: multipart/alternative; boundary="b"`,
		"",
		"--b",
		"Content-Type: text/html",
		"",
		"<ul><li>BLS</li><li>ACLS</li></ul>",
		"--b--",
		"")
	msg, err := ParseMessage(strings.NewReader(raw), ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if msg.Text != "• BLS\n• ACLS" || !msg.FromHTML {
		t.Errorf("text %q from HTML %v", msg.Text, msg.FromHTML)
	}
}

func TestParseMessageUndeclaredCharset(t *testing.T) {
	// Outlook for Windows sending 8-bit text without a charset parameter.
	raw := "From: a@example.com\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: 8bit\r\n\r\n\x95 R\xe9sum\xe9 \x96 current\r\n"
	msg, err := ParseMessage(strings.NewReader(raw), ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if msg.Text != "• Résumé – current" {
		t.Errorf("text %q", msg.Text)
	}
	if len(msg.Notes) != 1 || msg.Notes[0] != "text/plain part without a charset and not UTF-8: read as windows-1252" {
		t.Errorf("notes %q", msg.Notes)
	}
}

func TestForwardedMessageThatCannotBeRead(t *testing.T) {
	raw := eml(
		"From: a@example.com",
		`Content-Type: multipart/mixed; boundary="b"`,
		"",
		"--b",
		"Content-Type: text/plain",
		"",
		"Required:",
		"- BLS",
		"--b",
		"Content-Type: message/rfc822",
		"",
		"this is not a message header",
		"--b--",
		"")
	msg, err := ParseMessage(strings.NewReader(raw), ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(msg.Forwarded) != 0 || len(msg.Attachments) != 1 {
		t.Fatalf("forwarded %d, attachments %d", len(msg.Forwarded), len(msg.Attachments))
	}
	want := "a forwarded message cannot be read (malformed_message: the header cannot be read (malformed MIME header line: this is not a message header)); kept as an attachment"
	if len(msg.Notes) != 1 || msg.Notes[0] != want {
		t.Errorf("notes %q", msg.Notes)
	}
}
