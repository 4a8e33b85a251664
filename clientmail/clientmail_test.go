package clientmail_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/xuri/excelize/v2"

	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/checklist"
	"github.com/clearedtostart/compliance/clientmail"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// fixture is the real store and blob store, an account with jobs of the
// sandbox integration, and another account with jobs of its own (one of
// the same reference).
type fixture struct {
	st      *store.Store
	blobs   *blobstore.Store
	blobDir string
	db      *pgx.Conn
	acc     string
	other   string
	// jobs by "ours/<ref>" and "theirs/<ref>".
	jobs map[string]*store.Job
}

var (
	ourRefs   = []string{"SLH-40217", "5531", "88-4410", "JOB-20931", "NW-7781", "4410233", "ICU-2231"}
	theirRefs = []string{"SLH-40217", "ZX-9001"}
)

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{st: testenv.Store(t), blobDir: t.TempDir(), jobs: map[string]*store.Job{}}
	f.blobs = openBlobs(t, f.blobDir)
	f.db = testenv.Conn(t)
	f.acc, f.other = testenv.Account(t, f.st, "mail", ""), testenv.Account(t, f.st, "mail-other", "")
	for side, refs := range map[string][]string{"ours": ourRefs, "theirs": theirRefs} {
		acc := f.acc
		if side == "theirs" {
			acc = f.other
		}
		for _, ref := range refs {
			j, created, _, err := f.st.UpsertJob(ctx, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: ref})
			if err != nil || !created {
				t.Fatalf("UpsertJob(%s) = created %v, %v", ref, created, err)
			}
			f.jobs[side+"/"+ref] = j
		}
	}
	return f
}

func openBlobs(t *testing.T, dir string) *blobstore.Store {
	t.Helper()
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	b, err := blobstore.Open(context.Background(), blobstore.Config{URL: "file://" + dir, PublicBaseURL: "http://127.0.0.1:8080", SigningKey: key})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func (f *fixture) receiver(t *testing.T, cfg clientmail.Config) *clientmail.Receiver {
	t.Helper()
	if cfg.Store == nil {
		cfg.Store = f.st
	}
	if cfg.Blobs == nil {
		cfg.Blobs = f.blobs
	}
	cfg.Logger = testenv.Logger(t)
	r, err := clientmail.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// asks returns every job's sync_requested_at, by fixture name.
func (f *fixture) asks(t *testing.T) map[string]time.Time {
	t.Helper()
	out := map[string]time.Time{}
	for name, j := range f.jobs {
		got, err := f.st.Job(context.Background(), j.AccountID, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.SyncRequestedAt == nil {
			t.Fatalf("job %s: no sync_requested_at after its creation", name)
		}
		out[name] = *got.SyncRequestedAt
	}
	return out
}

// askedSince names the jobs whose sync was asked for after before.
func (f *fixture) askedSince(t *testing.T, before map[string]time.Time) []string {
	t.Helper()
	var out []string
	for name, at := range f.asks(t) {
		if at.After(before[name]) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// holders names the jobs holding an email source of the Message-ID.
func (f *fixture) holders(t *testing.T, messageID string) map[string]requirements.Source {
	t.Helper()
	out := map[string]requirements.Source{}
	for name, j := range f.jobs {
		srcs, err := f.st.JobSources(context.Background(), j.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range srcs {
			if s.Kind == requirements.SourceEmail && s.Ref == messageID {
				if _, dup := out[name]; dup {
					t.Errorf("job %s holds the email %s twice", name, messageID)
				}
				out[name] = s
			}
		}
	}
	return out
}

// keptFiles lists what the blob store holds of the account's emails.
func (f *fixture) keptFiles(t *testing.T, acc string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(f.blobDir, "inbound-email", acc, "*.eml"))
	if err != nil {
		t.Fatal(err)
	}
	return paths
}

func rawKey(acc string, raw []byte) string {
	sum := sha256.Sum256(raw)
	return "inbound-email/" + acc + "/" + hex.EncodeToString(sum[:]) + ".eml"
}

// describe writes items as "label [group] {notes} <ref>" for comparisons.
func describe(items []requirements.Item) []string {
	out := []string{}
	for _, it := range items {
		s := it.Label
		if it.PacketGroup != "" {
			s += " [" + it.PacketGroup + "]"
		}
		if it.Notes != "" {
			s += " {" + it.Notes + "}"
		}
		out = append(out, s+" <"+it.Ref+">")
	}
	return out
}

func newMessageID() string { return uuid.NewString() + "@mail.client.example" }

// email is a message as a client's mail program writes it; bytes builds it
// with go-message, as a mail gateway would receive it.
type email struct {
	from    *mail.Address
	to      []*mail.Address
	subject string
	// messageID is written without its angle brackets; "" writes no
	// Message-ID field.
	messageID string
	date      time.Time
	// text and html are the body's alternatives; either may be "".
	text, html string
	attach     []attachment
	// trace fields a gateway adds above the message (Received:).
	trace []string
}

type attachment struct {
	name, mediaType string
	// encoding is the Content-Transfer-Encoding, base64 when "".
	encoding string
	data     []byte
}

var (
	staffingDesk = &mail.Address{Name: "Staffing Desk", Address: "staffing@clearedtostart.example"}
	sentAt       = time.Date(2025, 3, 10, 15, 41, 58, 0, time.UTC)
)

func (e email) bytes(t testing.TB) []byte {
	t.Helper()
	var h mail.Header
	h.SetDate(e.date)
	h.SetSubject(e.subject)
	if e.from != nil {
		h.SetAddressList("From", []*mail.Address{e.from})
	}
	to := e.to
	if to == nil {
		to = []*mail.Address{staffingDesk}
	}
	h.SetAddressList("To", to)
	if e.messageID != "" {
		h.SetMessageID(e.messageID)
	}
	h.Set("MIME-Version", "1.0")
	var buf bytes.Buffer
	for _, f := range e.trace {
		buf.WriteString(f + "\r\n")
	}
	var err error
	if len(e.attach) == 0 {
		err = writeBody(&buf, h, e.text, e.html)
	} else {
		err = writeMixed(&buf, h, e.text, e.html, e.attach)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func textHeader(mediaType string) mail.InlineHeader {
	var h mail.InlineHeader
	h.SetContentType(mediaType, map[string]string{"charset": "utf-8"})
	return h
}

// writeBody writes a message of text alone: one part, or the plain and
// HTML alternatives.
func writeBody(buf *bytes.Buffer, h mail.Header, text, html string) error {
	if text != "" && html != "" {
		w, err := mail.CreateInlineWriter(buf, h)
		if err != nil {
			return err
		}
		if err := writeAlternatives(w, text, html); err != nil {
			return err
		}
		return w.Close()
	}
	mediaType, body := "text/plain", text
	if html != "" {
		mediaType, body = "text/html", html
	}
	h.SetContentType(mediaType, map[string]string{"charset": "utf-8"})
	w, err := mail.CreateSingleInlineWriter(buf, h)
	if err != nil {
		return err
	}
	if _, err := w.Write([]byte(crlf(body))); err != nil {
		return err
	}
	return w.Close()
}

func writeAlternatives(w *mail.InlineWriter, text, html string) error {
	for _, p := range []struct{ mediaType, body string }{{"text/plain", text}, {"text/html", html}} {
		pw, err := w.CreatePart(textHeader(p.mediaType))
		if err != nil {
			return err
		}
		if _, err := pw.Write([]byte(crlf(p.body))); err != nil {
			return err
		}
		if err := pw.Close(); err != nil {
			return err
		}
	}
	return nil
}

func writeMixed(buf *bytes.Buffer, h mail.Header, text, html string, attach []attachment) error {
	w, err := mail.CreateWriter(buf, h)
	if err != nil {
		return err
	}
	switch {
	case text != "" && html != "":
		iw, err := w.CreateInline()
		if err != nil {
			return err
		}
		if err := writeAlternatives(iw, text, html); err != nil {
			return err
		}
		if err := iw.Close(); err != nil {
			return err
		}
	case text != "" || html != "":
		mediaType, body := "text/plain", text
		if html != "" {
			mediaType, body = "text/html", html
		}
		pw, err := w.CreateSingleInline(textHeader(mediaType))
		if err != nil {
			return err
		}
		if _, err := pw.Write([]byte(crlf(body))); err != nil {
			return err
		}
		if err := pw.Close(); err != nil {
			return err
		}
	}
	for _, a := range attach {
		var ah mail.AttachmentHeader
		ah.SetContentType(a.mediaType, map[string]string{"name": a.name})
		ah.SetFilename(a.name)
		if a.encoding != "" {
			ah.Set("Content-Transfer-Encoding", a.encoding)
		}
		aw, err := w.CreateAttachment(ah)
		if err != nil {
			return err
		}
		if _, err := aw.Write(a.data); err != nil {
			return err
		}
		if err := aw.Close(); err != nil {
			return err
		}
	}
	return w.Close()
}

func crlf(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}

// workbook is a facility's requirements workbook: a title row, categories
// merged down the first column, a Required? column with an N row.
func workbook(t testing.TB) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	const sheet = "Requirements"
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		t.Fatal(err)
	}
	rows := [][]any{
		{"Riverside Regional Medical Center - Pediatric RN"},
		{},
		{"Category", "Requirement", "Required?", "Comments"},
		{"Licensure", "RN License (Texas or compact)", "Y", "Verified by MSP"},
		{nil, "PALS - AHA", "Y", "Must not expire during assignment"},
		{"Health", "Varicella titer", "Y", nil},
		{nil, "Color vision test", "N", nil},
	}
	for i, row := range rows {
		cell, err := excelize.CoordinatesToCellName(1, i+1)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.SetSheetRow(sheet, cell, &row); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range [][2]string{{"A1", "D1"}, {"A4", "A5"}, {"A6", "A7"}} {
		if err := f.MergeCell(sheet, m[0], m[1]); err != nil {
			t.Fatal(err)
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// checklistPDF is a facility's one-page pre-start checklist with a text
// layer: a heading, bullets and a Requirement/Required/Notes grid.
func checklistPDF(t testing.TB) []byte {
	t.Helper()
	c := sampledocs.NewChecklistPDF(time.Date(2025, 3, 12, 9, 0, 0, 0, time.UTC))
	c.Page()
	c.Line("B", 16, "Northwind Medical Center")
	c.Line("", 12, "Pre-Start Requirements Checklist - Travel Clinicians")
	c.Gap(8)
	c.Line("B", 12, "CREDENTIALS")
	c.Line("", 11, "• RN License (Ohio or compact)")
	c.Line("", 11, "• ACLS – AHA")
	c.Gap(8)
	c.Line("B", 12, "HEALTH")
	c.Row("B", "Requirement", "Required", "Notes")
	c.Row("", "Hepatitis B titer", "Yes", "Or signed declination")
	c.Row("", "Drug screen", "No", "Done by agency at hire")
	b, err := c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var (
	rachel = &mail.Address{Name: "Rachel Kim", Address: "rkim@apexmsp.example"}
	priya  = &mail.Address{Name: "Priya Raman", Address: "praman@riversideregional.example"}
	dana   = &mail.Address{Name: "Dana Whitfield", Address: "dwhitfield@mercyhealth.example"}
)

// plainChecklist is an MSP's plain-text email: the job in the subject, a
// dashed list and a "not needed" line in the body.
func plainChecklist(id string) email {
	return email{from: rachel, messageID: id, date: sentAt,
		subject: "St. Luke's - Job #SLH-40217 - Maria Alvarez - onboarding requirements",
		text: `Hi Jessica,

Congrats on the offer for Maria! Below is what St. Luke's needs before her start date:

- RN License - active, Missouri or compact
- BLS - AHA only
- TB - QuantiFERON or 2-step PPD within 12 months
- Hep B titer or declination

No drug screen needed for this unit.

Thanks,
Rachel Kim
Apex MSP | Client Services`}
}

// htmlTable is a hospital's HTML-only email: the job named in the body,
// the checklist a Requirement/Required/Notes table.
func htmlTable(id string) email {
	return email{from: priya, messageID: id, date: sentAt, subject: "Onboarding requirements - Pediatric RN",
		html: `<html><body><p>Hello,</p><p>For Req ID 5531 please have the traveler complete the following before orientation:</p>
<table border="1" cellpadding="4">
<tr><th>Requirement</th><th>Required</th><th>Notes</th></tr>
<tr><td>PALS - AHA</td><td>Yes</td><td>Must not expire during assignment</td></tr>
<tr><td>Varicella titer</td><td>Yes</td><td></td></tr>
<tr><td>Color vision test</td><td>No</td><td>Not needed for this unit</td></tr>
<tr><td>Skills checklist - Pediatrics</td><td>Yes</td><td>Within 1 year</td></tr>
</table>
<p>Regards,<br>Priya Raman<br>Contingent Workforce Office</p></body></html>`}
}

// csvChecklist is an email whose checklist is a CSV export attached.
func csvChecklist(id string) email {
	return email{from: dana, messageID: id, date: sentAt, subject: "Onboarding checklist - Requisition 88-4410",
		text: "Hi,\n\nThe checklist for this requisition is attached.\n\nDana\n",
		attach: []attachment{{name: "Requisition_88-4410_checklist.csv", mediaType: "text/csv", data: []byte(
			"Requirement,Category,Required,Notes\r\nRN License - Illinois or compact,Licensure,Y,\r\nBLS (AHA),Certifications,Y,\r\n" +
				"ACLS (AHA),Certifications,Y,Must be current through the assignment\r\nDrug Screen (10-panel),Health,N,Done at hire\r\n")}}}
}

// xlsxChecklist is a workbook attached, the job in a bracketed subject tag.
func xlsxChecklist(t testing.TB, id string) email {
	return email{from: priya, messageID: id, date: sentAt, subject: "[JOB-20931] Onboarding requirements - Pediatric RN",
		text: "Hi team,\n\nPlease find the requirements workbook attached.\n\nRegards,\nPriya Raman\n",
		attach: []attachment{{name: "Job_20931_Requirements.xlsx", mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
			data: workbook(t)}}}
}

// pdfChecklist is a PDF attached as a generic binary, as phones send it.
func pdfChecklist(t testing.TB, id string) email {
	return email{from: &mail.Address{Name: "Northwind Staffing Office", Address: "staffingoffice@northwindmed.example"}, messageID: id, date: sentAt,
		subject: "Checklist for Job #NW-7781",
		text:    "Hi, attached is Northwind's checklist for the telemetry traveler.\n\nSent from my iPhone\n",
		attach:  []attachment{{name: "Northwind_PreStart_Checklist.pdf", mediaType: "application/octet-stream", data: checklistPDF(t)}}}
}

// outlookForward is an MSP forwarding a facility's email from Outlook:
// "FW:", the forwarded message's From/Sent/To/Subject block, the job named
// only in the forwarded part, both alternatives.
func outlookForward(id string) email {
	return email{from: rachel, messageID: id, date: sentAt, subject: "FW: Tele RN requirements",
		trace: []string{"Received: from NAM12-BN8-obe.outbound.protection.outlook.com (mail-bn8nam12on2101.outbound.protection.outlook.com [40.107.237.101])\r\n\tby mx.clearedtostart.example with ESMTPS id 4Z1kq2; Mon, 10 Mar 2025 15:42:07 +0000 (UTC)",
			"Thread-Topic: Tele RN requirements"},
		text: `Jessica - see below from Mercy.

Thanks,
Rachel

From: Dana Whitfield <dwhitfield@mercyhealth.example>
Sent: Monday, March 10, 2025 9:14 AM
To: Rachel Kim <rkim@apexmsp.example>
Subject: Requirements for Job ID 4410233 - Tele RN

Rachel,

Required before start:

·         BLS - AHA
·         ACLS - AHA
·         NIHSS certification
·         Telemetry rhythm strip test

Dana Whitfield
Mercy Health Contingent Staffing`,
		html: `<html><head><meta name=Generator content="Microsoft Word 15 (filtered medium)"></head><body lang=EN-US><div class=WordSection1>
<p class=MsoNormal>Jessica - see below from Mercy.<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoNormal>Thanks,<br>Rachel<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p>
<div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0in 0in 0in'>
<p class=MsoNormal><b>From:</b> Dana Whitfield &lt;dwhitfield@mercyhealth.example&gt; <br><b>Sent:</b> Monday, March 10, 2025 9:14 AM<br><b>To:</b> Rachel Kim &lt;rkim@apexmsp.example&gt;<br><b>Subject:</b> Requirements for Job ID 4410233 - Tele RN<o:p></o:p></p></div>
<p class=MsoNormal>Rachel,<o:p></o:p></p><p class=MsoNormal>Required before start:<o:p></o:p></p>
<ul style='margin-top:0in' type=disc><li class=MsoListParagraph>BLS - AHA<o:p></o:p></li><li class=MsoListParagraph>ACLS - AHA<o:p></o:p></li>
<li class=MsoListParagraph>NIHSS certification<o:p></o:p></li><li class=MsoListParagraph>Telemetry rhythm strip test<o:p></o:p></li></ul>
<p class=MsoNormal>Dana Whitfield<br>Mercy Health Contingent Staffing<o:p></o:p></p></div></body></html>`}
}

// portalLink names the job only by the VMS portal's requisition link, which
// no default pattern reads: the integration's pattern does.
func portalLink(id string) email {
	return email{from: &mail.Address{Name: "Sandbox VMS", Address: "no-reply@vms.sandbox.example"}, messageID: id, date: sentAt,
		subject: "New requisition posted",
		text: `A new requisition was posted for your agency.

View it: https://vms.sandbox.example/portal/jobs/ICU-2231

Requirements:
- BLS - AHA
- ACLS - AHA
- CCRN (preferred)
`}
}

// bodyList is a plain list with the given subject and opening line.
func bodyList(id, subject, opening string) email {
	return email{from: rachel, messageID: id, date: sentAt, subject: subject,
		text: opening + "\n\nPlease submit:\n\n- BLS - AHA only\n- Physical within 1 year\n\nThanks,\nRachel\n"}
}

// noChecklist names the job but carries its list as a Word document, which
// is not read.
func noChecklist(id string) email {
	return email{from: rachel, messageID: id, date: sentAt, subject: "Job #SLH-40217 - start date confirmed",
		text: "Hi Jessica,\n\nMaria's start date is confirmed for April 7. The facility's forms are attached.\n\nThanks,\nRachel\n",
		attach: []attachment{{name: "StLukes_forms.docx", mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
			data: []byte("PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00word/document.xml")}}}
}

// sandboxPortal is the shipped sandbox integration's job reference pattern
// (integrations.yaml: email.jobRefPatterns).
var sandboxPortal = regexp.MustCompile(`/portal/jobs/([A-Za-z0-9](?:[A-Za-z0-9._-]{0,62}[A-Za-z0-9])?)`)

func TestReceive(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	withPortal := f.receiver(t, clientmail.Config{Patterns: []*regexp.Regexp{sandboxPortal}})
	defaults := f.receiver(t, clientmail.Config{})
	const noJobNamed = "it names no job of this account (job references read: none)"
	tests := []struct {
		name string
		mail func(id string) email
		rcv  *clientmail.Receiver
		// wantJob is the fixture name of the job it attaches to, "" none.
		wantJob, wantStatus, wantReason string
		wantRefs                        []string
		wantItems, wantExclusions       []string
		wantNotes                       []string
	}{
		{
			name: "plain body, the job in the subject", mail: plainChecklist, rcv: defaults,
			wantJob: "ours/SLH-40217", wantStatus: store.EmailAttached, wantRefs: []string{"SLH-40217"},
			wantItems: []string{"RN License - active, Missouri or compact <body>", "BLS - AHA only <body>",
				"TB - QuantiFERON or 2-step PPD within 12 months <body>", "Hep B titer or declination <body>"},
			wantExclusions: []string{"drug screen {No drug screen needed for this unit.} <body>"},
		},
		{
			name: "HTML table, the job in the body", mail: htmlTable, rcv: defaults,
			wantJob: "ours/5531", wantStatus: store.EmailAttached, wantRefs: []string{"5531"},
			wantItems: []string{"PALS - AHA {Must not expire during assignment} <body>", "Varicella titer <body>",
				"Skills checklist - Pediatrics {Within 1 year} <body>"},
			wantExclusions: []string{"Color vision test {Required: No} <body>"},
		},
		{
			name: "CSV attachment", mail: csvChecklist, rcv: defaults,
			wantJob: "ours/88-4410", wantStatus: store.EmailAttached, wantRefs: []string{"88-4410"},
			wantItems: []string{"RN License - Illinois or compact [Licensure] <Requisition_88-4410_checklist.csv>",
				"BLS (AHA) [Certifications] <Requisition_88-4410_checklist.csv>",
				"ACLS (AHA) [Certifications] {Must be current through the assignment} <Requisition_88-4410_checklist.csv>"},
			wantExclusions: []string{"Drug Screen (10-panel) [Health] {Required: N} <Requisition_88-4410_checklist.csv>"},
		},
		{
			name: "XLSX attachment, the job in a subject tag", mail: func(id string) email { return xlsxChecklist(t, id) }, rcv: defaults,
			wantJob: "ours/JOB-20931", wantStatus: store.EmailAttached, wantRefs: []string{"JOB-20931"},
			wantItems: []string{"RN License (Texas or compact) [Licensure] {Verified by MSP} <Job_20931_Requirements.xlsx>",
				"PALS - AHA [Licensure] {Must not expire during assignment} <Job_20931_Requirements.xlsx>",
				"Varicella titer [Health] <Job_20931_Requirements.xlsx>"},
			wantExclusions: []string{"Color vision test [Health] {Required?: N} <Job_20931_Requirements.xlsx>"},
		},
		{
			name: "PDF attachment sent as a generic binary", mail: func(id string) email { return pdfChecklist(t, id) }, rcv: defaults,
			wantJob: "ours/NW-7781", wantStatus: store.EmailAttached, wantRefs: []string{"NW-7781"},
			wantItems: []string{"RN License (Ohio or compact) [CREDENTIALS] <Northwind_PreStart_Checklist.pdf>",
				"ACLS – AHA [CREDENTIALS] <Northwind_PreStart_Checklist.pdf>",
				"Hepatitis B titer [HEALTH] {Or signed declination} <Northwind_PreStart_Checklist.pdf>"},
			wantExclusions: []string{"Drug screen [HEALTH] {Required: No} <Northwind_PreStart_Checklist.pdf>"},
		},
		{
			name: "Outlook forward, the job named in the forwarded message", mail: outlookForward, rcv: defaults,
			wantJob: "ours/4410233", wantStatus: store.EmailAttached, wantRefs: []string{"4410233"},
			wantItems: []string{"BLS - AHA [Required before start] <body>", "ACLS - AHA [Required before start] <body>",
				"NIHSS certification [Required before start] <body>", "Telemetry rhythm strip test [Required before start] <body>"},
		},
		{
			name: "the integration's pattern reads a portal link", mail: portalLink, rcv: withPortal,
			wantJob: "ours/ICU-2231", wantStatus: store.EmailAttached, wantRefs: []string{"ICU-2231"},
			wantItems: []string{"BLS - AHA <body>", "ACLS - AHA <body>", "CCRN (preferred) <body>"},
		},
		{
			name: "a portal link without the integration's pattern names no job", mail: portalLink, rcv: defaults,
			wantStatus: store.EmailUnmatched, wantReason: noJobNamed, wantRefs: []string{},
			wantItems: []string{"BLS - AHA <body>", "ACLS - AHA <body>", "CCRN (preferred) <body>"},
		},
		{
			name: "an unknown job",
			mail: func(id string) email { return bodyList(id, "Job #NOPE-4040 - requirements", "Hi Jessica,") }, rcv: withPortal,
			wantStatus: store.EmailUnmatched, wantReason: "it names no job of this account (job references read: NOPE-4040)",
			wantRefs: []string{"NOPE-4040"}, wantItems: []string{"BLS - AHA only <body>", "Physical within 1 year <body>"},
		},
		{
			name: "no job named",
			mail: func(id string) email { return bodyList(id, "Onboarding requirements", "Hi Jessica,") }, rcv: withPortal,
			wantStatus: store.EmailUnmatched, wantReason: noJobNamed, wantRefs: []string{},
			wantItems: []string{"BLS - AHA only <body>", "Physical within 1 year <body>"},
		},
		{
			// The store attaches to the first job named (subject, then
			// body) and to that one only; the record lists every reference.
			name: "two jobs named: the first one read",
			mail: func(id string) email {
				return bodyList(id, "Job #SLH-40217 - requirements", "This list also applies to Req ID 5531.")
			}, rcv: defaults,
			wantJob: "ours/SLH-40217", wantStatus: store.EmailAttached, wantRefs: []string{"SLH-40217", "5531"},
			wantItems: []string{"BLS - AHA only <body>", "Physical within 1 year <body>"},
		},
		{
			name: "two references, the first no job: the job of the second",
			mail: func(id string) email {
				return bodyList(id, "Job #NOPE-1 - requirements", "This list also applies to Req ID 5531.")
			}, rcv: defaults,
			wantJob: "ours/5531", wantStatus: store.EmailAttached, wantRefs: []string{"NOPE-1", "5531"},
			wantItems: []string{"BLS - AHA only <body>", "Physical within 1 year <body>"},
		},
		{
			name: "another account's job is never matched",
			mail: func(id string) email { return bodyList(id, "Job #ZX-9001 - requirements", "Hi Jessica,") }, rcv: defaults,
			wantStatus: store.EmailUnmatched, wantReason: "it names no job of this account (job references read: ZX-9001)",
			wantRefs: []string{"ZX-9001"}, wantItems: []string{"BLS - AHA only <body>", "Physical within 1 year <body>"},
		},
		{
			name: "no checklist: the job named, the list in a Word file", mail: noChecklist, rcv: defaults,
			wantStatus: store.EmailNoChecklist, wantReason: "no requirement checklist was found in the body or the attachments",
			wantRefs: []string{"SLH-40217"}, wantItems: []string{},
			wantNotes: []string{`attachment "StLukes_forms.docx" (application/vnd.openxmlformats-officedocument.wordprocessingml.document) ignored: checklists are read from PDF, CSV, XLSX and text files`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := newMessageID()
			m := tt.mail(id)
			raw := m.bytes(t)
			before := f.asks(t)
			got, err := tt.rcv.Receive(ctx, f.acc, raw)
			if err != nil {
				t.Fatalf("Receive: %v", err)
			}
			e := got.Email
			if got.Duplicate {
				t.Error("a new message was taken for a duplicate")
			}
			if e.Status != tt.wantStatus || e.Reason != tt.wantReason {
				t.Errorf("status %s %q, want %s %q", e.Status, e.Reason, tt.wantStatus, tt.wantReason)
			}
			var wantJobID *uuid.UUID
			if tt.wantJob != "" {
				wantJobID = &f.jobs[tt.wantJob].ID
			}
			if fmt.Sprint(e.JobID) != fmt.Sprint(wantJobID) {
				t.Errorf("job %v, want %v (%s)", e.JobID, wantJobID, tt.wantJob)
			}
			if e.AccountID != f.acc || e.MessageID != id || e.Subject != m.subject || e.Sender != m.from.Name+" <"+m.from.Address+">" {
				t.Errorf("recorded account %q message-id %q subject %q sender %q", e.AccountID, e.MessageID, e.Subject, e.Sender)
			}
			var refs []string
			if err := json.Unmarshal(e.JobRefs, &refs); err != nil || !slices.Equal(refs, tt.wantRefs) {
				t.Errorf("job refs %s, want %q", e.JobRefs, tt.wantRefs)
			}
			if !slices.Equal(got.Notes, tt.wantNotes) {
				t.Errorf("notes %q, want %q", got.Notes, tt.wantNotes)
			}

			// The record as stored, its checklist as read.
			stored, err := f.st.Email(ctx, f.acc, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if stored.Status != e.Status || stored.RawKey != e.RawKey || fmt.Sprint(stored.JobID) != fmt.Sprint(e.JobID) {
				t.Errorf("stored %+v, returned %+v", stored, e)
			}
			var items, exclusions []requirements.Item
			if err := json.Unmarshal(stored.Items, &items); err != nil {
				t.Fatal(err)
			}
			if len(stored.Exclusions) > 0 {
				if err := json.Unmarshal(stored.Exclusions, &exclusions); err != nil {
					t.Fatal(err)
				}
			}
			if d := describe(items); !slices.Equal(d, tt.wantItems) {
				t.Errorf("items\n%q\nwant\n%q", d, tt.wantItems)
			}
			if d := describe(exclusions); !slices.Equal(d, orEmpty(tt.wantExclusions)) {
				t.Errorf("exclusions\n%q\nwant\n%q", d, tt.wantExclusions)
			}

			// The message is kept as received, under the recorded key.
			if e.RawKey != rawKey(f.acc, raw) {
				t.Errorf("raw key %q, want %q", e.RawKey, rawKey(f.acc, raw))
			}
			if kept, err := f.blobs.Get(ctx, e.RawKey); err != nil || !bytes.Equal(kept, raw) {
				t.Errorf("kept message: %d bytes, %v; want the %d bytes received", len(kept), err, len(raw))
			}

			// Only the job named holds the checklist, and only its sync is
			// asked for.
			var wantAsked []string
			if tt.wantJob != "" {
				wantAsked = []string{tt.wantJob}
			}
			if asked := f.askedSince(t, before); !slices.Equal(asked, wantAsked) {
				t.Errorf("jobs asked to sync %q, want %q", asked, wantAsked)
			}
			holders := f.holders(t, id)
			if tt.wantJob == "" {
				if len(holders) != 0 {
					t.Errorf("jobs holding the email: %v", slices.Sorted(maps.Keys(holders)))
				}
				return
			}
			src, ok := holders[tt.wantJob]
			if !ok || len(holders) != 1 {
				t.Fatalf("jobs holding the email: %v, want %s", slices.Sorted(maps.Keys(holders)), tt.wantJob)
			}
			if d := describe(src.Items); !slices.Equal(d, tt.wantItems) {
				t.Errorf("job's email items\n%q\nwant\n%q", d, tt.wantItems)
			}
			if d := describe(src.Exclusions); !slices.Equal(d, orEmpty(tt.wantExclusions)) {
				t.Errorf("job's email exclusions\n%q\nwant\n%q", d, tt.wantExclusions)
			}
		})
	}
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func TestReceiveDuplicate(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	r := f.receiver(t, clientmail.Config{})
	id := newMessageID()
	m := plainChecklist(id)
	raw := m.bytes(t)
	first, err := r.Receive(ctx, f.acc, raw)
	if err != nil || first.Duplicate || first.Email.Status != store.EmailAttached {
		t.Fatalf("first receive = %+v, %v", first, err)
	}

	// The gateway posts it again; then a copy of it arrives with another
	// trace field and subject (relayed once more, or through the maildir).
	again := m
	again.subject = "Fwd: " + m.subject
	again.trace = []string{"Received: from relay.apexmsp.example by mx.clearedtostart.example; Mon, 10 Mar 2025 16:02:11 +0000"}
	for _, tc := range []struct {
		name string
		raw  []byte
	}{{"the same bytes", raw}, {"another copy of the same Message-ID", again.bytes(t)}} {
		before := f.asks(t)
		got, err := r.Receive(ctx, f.acc, tc.raw)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !got.Duplicate {
			t.Errorf("%s: not a duplicate", tc.name)
		}
		e := got.Email
		if e.ID != first.Email.ID || e.Subject != m.subject || e.RawKey != first.Email.RawKey || e.Status != store.EmailAttached ||
			e.JobID == nil || *e.JobID != f.jobs["ours/SLH-40217"].ID || !e.ReceivedAt.Equal(first.Email.ReceivedAt) {
			t.Errorf("%s: record %+v, want the first %+v", tc.name, e, first.Email)
		}
		if asked := f.askedSince(t, before); len(asked) != 0 {
			t.Errorf("%s: jobs asked to sync again: %q", tc.name, asked)
		}
		holders := f.holders(t, id)
		if src, ok := holders["ours/SLH-40217"]; !ok || len(holders) != 1 || len(src.Items) != 4 {
			t.Errorf("%s: jobs holding the email %v", tc.name, holders)
		}
		if n := testenv.AccountRows(t, f.db, "inbound_emails", f.acc); n != 1 {
			t.Errorf("%s: %d emails recorded, want 1", tc.name, n)
		}
	}
	if kept, err := f.blobs.Get(ctx, first.Email.RawKey); err != nil || !bytes.Equal(kept, raw) {
		t.Errorf("the first message kept: %d bytes, %v", len(kept), err)
	}

	// Another account receiving the same message has its own record, and
	// its own job of that reference.
	theirs, err := r.Receive(ctx, f.other, raw)
	if err != nil || theirs.Duplicate || theirs.Email.ID == first.Email.ID || theirs.Email.JobID == nil ||
		*theirs.Email.JobID != f.jobs["theirs/SLH-40217"].ID || theirs.Email.RawKey != rawKey(f.other, raw) {
		t.Fatalf("another account's receive = %+v, %v", theirs, err)
	}
	if holders := f.holders(t, id); len(holders) != 2 {
		t.Errorf("jobs holding the email: %v, want ours and theirs", slices.Sorted(maps.Keys(holders)))
	}

	// Without a Message-ID a message is known by its bytes: the same bytes
	// are a duplicate, other bytes another message.
	anon := bodyList("", "Job #5531 - requirements", "Hi Jessica,")
	anonRaw := anon.bytes(t)
	sum := sha256.Sum256(anonRaw)
	a1, err := r.Receive(ctx, f.acc, anonRaw)
	if err != nil || a1.Duplicate || a1.Email.MessageID != "sha256:"+hex.EncodeToString(sum[:]) || a1.Email.Status != store.EmailAttached {
		t.Fatalf("message without a Message-ID = %+v, %v", a1.Email, err)
	}
	a2, err := r.Receive(ctx, f.acc, anonRaw)
	if err != nil || !a2.Duplicate || a2.Email.ID != a1.Email.ID {
		t.Errorf("the same bytes again = duplicate %v %+v, %v", a2.Duplicate, a2.Email, err)
	}
	anon.date = anon.date.Add(time.Minute)
	a3, err := r.Receive(ctx, f.acc, anon.bytes(t))
	if err != nil || a3.Duplicate || a3.Email.ID == a1.Email.ID {
		t.Errorf("other bytes without a Message-ID = duplicate %v %+v, %v", a3.Duplicate, a3.Email, err)
	}
	if holders := f.holders(t, a1.Email.MessageID); len(holders) != 1 {
		t.Errorf("jobs holding the message without a Message-ID: %v", slices.Sorted(maps.Keys(holders)))
	}
}

// TestReceiveRefused: what the inbound endpoint answers 400 (invalid_request,
// details.reason the checklist's code) or 413 (body_too_large), and 503
// when the message cannot be kept; nothing is recorded or attached.
func TestReceiveRefused(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	noFrom := csvChecklist(newMessageID())
	noFrom.from = nil
	// Cut 40 bytes into the attachment's body, as a dropped connection does.
	truncated := csvChecklist(newMessageID()).bytes(t)
	at := bytes.Index(truncated, []byte("filename=Requisition_88-4410_checklist.csv"))
	truncated = truncated[:at+bytes.Index(truncated[at:], []byte("\r\n\r\n"))+40]
	bigCSV := []byte("Requirement,Required\r\n" + strings.Repeat("BLS - AHA only,Y\r\n", (20<<20)/18+1))
	manyParts := csvChecklist(newMessageID())
	for i := range 200 {
		manyParts.attach = append(manyParts.attach, attachment{name: fmt.Sprintf("page-%03d.csv", i), mediaType: "text/csv", data: []byte("Requirement\r\nBLS\r\n")})
	}
	tests := []struct {
		name        string
		raw         []byte
		maxBytes    int64
		wantCode    derrors.Code
		wantMessage string
		wantReason  string // details.reason, "" none
	}{
		{"over the receiver's limit", csvChecklist(newMessageID()).bytes(t), 512, derrors.BodyTooLarge,
			"the message is larger than the limit of 512 bytes", ""},
		{"empty", []byte("\r\n"), 0, derrors.InvalidRequest, "the message cannot be read: the message is empty", "malformed_message"},
		{"not a message", []byte("not a message at all\r\n"), 0, derrors.InvalidRequest,
			"the message cannot be read: the header cannot be read (malformed MIME header line: not a message at all)", "malformed_message"},
		{"no From", noFrom.bytes(t), 0, derrors.InvalidRequest,
			"the message cannot be read: the message has no From header field; an RFC 5322 message names its sender", "malformed_message"},
		{"truncated inside an attachment", truncated, 0, derrors.InvalidRequest,
			`the message cannot be read: the message ends inside attachment "Requisition_88-4410_checklist.csv" (truncated, or a multipart boundary is missing)`,
			"malformed_message"},
		{"an attachment over the part limit", email{from: dana, messageID: newMessageID(), date: sentAt, subject: "Req ID 5531",
			text: "Attached.", attach: []attachment{{name: "all.csv", mediaType: "text/csv", encoding: "8bit", data: bigCSV}}}.bytes(t),
			0, derrors.InvalidRequest, `the message cannot be read: attachment "all.csv" is larger than the limit of 20 MiB`, "attachment_too_large"},
		{"too many parts", manyParts.bytes(t), 0, derrors.BodyTooLarge, "the message has more than 200 MIME parts", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := f.receiver(t, clientmail.Config{MaxBytes: tt.maxBytes})
			_, err := r.Receive(ctx, f.acc, tt.raw)
			de, ok := derrors.As(err)
			if !ok {
				t.Fatalf("err = %v, want a domain error %s", err, tt.wantCode)
			}
			if de.Code != tt.wantCode || de.Message != tt.wantMessage {
				t.Errorf("err = %s %q, want %s %q", de.Code, de.Message, tt.wantCode, tt.wantMessage)
			}
			reason := ""
			if d, ok := de.Details.(map[string]string); ok {
				reason = d["reason"]
			}
			if reason != tt.wantReason {
				t.Errorf("details %v, want reason %q", de.Details, tt.wantReason)
			}
			if n := testenv.AccountRows(t, f.db, "inbound_emails", f.acc); n != 0 {
				t.Errorf("%d emails recorded", n)
			}
			if kept := f.keptFiles(t, f.acc); len(kept) != 0 {
				t.Errorf("kept %q", kept)
			}
		})
	}

	// File storage that cannot take the message: unavailable (503, the
	// gateway retries), nothing recorded or attached.
	t.Run("file storage unavailable", func(t *testing.T) {
		closed := openBlobs(t, t.TempDir())
		if err := closed.Close(); err != nil {
			t.Fatal(err)
		}
		r := f.receiver(t, clientmail.Config{Blobs: closed})
		before := f.asks(t)
		id := newMessageID()
		_, err := r.Receive(ctx, f.acc, plainChecklist(id).bytes(t))
		if !derrors.Is(err, derrors.Unavailable) {
			t.Fatalf("err = %v, want unavailable", err)
		}
		if n := testenv.AccountRows(t, f.db, "inbound_emails", f.acc); n != 0 {
			t.Errorf("%d emails recorded", n)
		}
		if asked := f.askedSince(t, before); len(asked) != 0 || len(f.holders(t, id)) != 0 {
			t.Errorf("jobs asked %q, holders %v", asked, f.holders(t, id))
		}
	})
}

func TestNew(t *testing.T) {
	f := newFixture(t)
	for name, cfg := range map[string]clientmail.Config{
		"no store": {Blobs: f.blobs}, "no blobs": {Store: f.st}, "neither": {},
	} {
		if _, err := clientmail.New(cfg); err == nil || err.Error() != "clientmail: store and blobs are required" {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	// The maildir watcher reads a file up to one byte past MaxBytes.
	for _, tt := range []struct{ configured, want int64 }{{0, checklist.DefaultMaxMessageBytes}, {4 << 10, 4 << 10}} {
		if got := f.receiver(t, clientmail.Config{MaxBytes: tt.configured}).MaxBytes(); got != tt.want {
			t.Errorf("MaxBytes with %d configured = %d, want %d", tt.configured, got, tt.want)
		}
	}
}

// TestReceiveUnstorableText: header fields and text PostgreSQL cannot hold
// as they are (raw 8-bit bytes of an old mailer, encoded NULs) are recorded
// readable and the message attached, not refused as a server error (which
// a gateway retries, and the maildir watcher would retry for ever). These
// messages are written byte by byte: a MIME library does not produce them.
func TestReceiveUnstorableText(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	r := f.receiver(t, clientmail.Config{})
	const list = "\r\n- BLS AHA\r\n- ACLS\r\n"
	tests := []struct {
		name, raw                            string
		wantMessageID, wantSubject, wantFrom string
		wantItems                            []string
	}{
		{"a Latin-1 subject without an encoded-word",
			"From: Rachel Kim <rkim@apexmsp.example>\r\nSubject: R\xe9sum\xe9 and checklist for Job #5531\r\nMessage-ID: <l1@apexmsp.example>\r\n" + list,
			"l1@apexmsp.example", "R\uFFFDsum\uFFFD and checklist for Job #5531", "Rachel Kim <rkim@apexmsp.example>", []string{"BLS AHA <body>", "ACLS <body>"}},
		{"a Latin-1 display name",
			"From: Ren\xe9 Dubois <rdubois@apexmsp.example>\r\nSubject: Job #5531\r\nMessage-ID: <l2@apexmsp.example>\r\n" + list,
			"l2@apexmsp.example", "Job #5531", "Ren\uFFFD Dubois <rdubois@apexmsp.example>", []string{"BLS AHA <body>", "ACLS <body>"}},
		{"a Latin-1 Message-ID",
			"From: rkim@apexmsp.example\r\nSubject: Job #5531\r\nMessage-ID: <l3-\xe9t\xe9@apexmsp.example>\r\n" + list,
			`"l3-\xe9t\xe9@apexmsp.example"`, "Job #5531", "rkim@apexmsp.example", []string{"BLS AHA <body>", "ACLS <body>"}},
		{"an encoded NUL in the subject",
			"From: rkim@apexmsp.example\r\nSubject: =?utf-8?q?Job_#5531=00?=\r\nMessage-ID: <l4@apexmsp.example>\r\n" + list,
			"l4@apexmsp.example", "Job #5531", "rkim@apexmsp.example", []string{"BLS AHA <body>", "ACLS <body>"}},
		{"an encoded NUL in a listed item",
			"From: rkim@apexmsp.example\r\nSubject: Job #5531\r\nMessage-ID: <l5@apexmsp.example>\r\nContent-Type: text/plain; charset=utf-8\r\n" +
				"Content-Transfer-Encoding: quoted-printable\r\n\r\n- BLS=00 AHA\r\n- ACLS\r\n",
			"l5@apexmsp.example", "Job #5531", "rkim@apexmsp.example", []string{"BLS AHA <body>", "ACLS <body>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := r.Receive(ctx, f.acc, []byte(tt.raw))
			if err != nil {
				t.Fatalf("Receive: %v", err)
			}
			e := got.Email
			if e.Status != store.EmailAttached || e.JobID == nil || *e.JobID != f.jobs["ours/5531"].ID {
				t.Errorf("status %s job %v, want attached to 5531", e.Status, e.JobID)
			}
			if e.MessageID != tt.wantMessageID || e.Subject != tt.wantSubject || e.Sender != tt.wantFrom {
				t.Errorf("recorded message-id %q subject %q sender %q, want %q %q %q", e.MessageID, e.Subject, e.Sender,
					tt.wantMessageID, tt.wantSubject, tt.wantFrom)
			}
			src, ok := f.holders(t, e.MessageID)["ours/5531"]
			if !ok || !slices.Equal(describe(src.Items), tt.wantItems) {
				t.Errorf("job's email source %+v, want items %q", src, tt.wantItems)
			}
			if kept, err := f.blobs.Get(ctx, e.RawKey); err != nil || string(kept) != tt.raw {
				t.Errorf("kept %q, %v; want the message as received", kept, err)
			}
			// Known again by the same Message-ID.
			again, err := r.Receive(ctx, f.acc, []byte(tt.raw))
			if err != nil || !again.Duplicate || again.Email.ID != e.ID {
				t.Errorf("again = duplicate %v %+v, %v", again.Duplicate, again.Email, err)
			}
		})
	}
	// Two Message-IDs that differ only in bytes PostgreSQL cannot hold are
	// two messages.
	a, errA := r.Receive(ctx, f.acc, []byte("From: a@apexmsp.example\r\nSubject: Job #5531\r\nMessage-ID: <m-\xe9@apexmsp.example>\r\n"+list))
	b, errB := r.Receive(ctx, f.acc, []byte("From: a@apexmsp.example\r\nSubject: Job #5531\r\nMessage-ID: <m-\xe8@apexmsp.example>\r\n"+list))
	if errA != nil || errB != nil || b.Duplicate || a.Email.ID == b.Email.ID {
		t.Errorf("two Message-IDs of other bytes = %+v %v, %+v %v", a.Email, errA, b.Email, errB)
	}
}
