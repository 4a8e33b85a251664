package checklist

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/emersion/go-message"
	"github.com/xuri/excelize/v2"
)

// generatedEmail is a fixture email whose attachment is built here: a
// workbook and a PDF cannot be written by hand.
type generatedEmail struct {
	header map[string]string
	text   string
	// attachment is the attached file's media type, name and generator.
	mediaType, fileName string
	attachment          func() ([]byte, error)
}

// generatedFixtures are the generated emails by file name. Their bytes are
// deterministic, so the stored files are golden files of their generators
// (rewritten with -update, before TestFixtures reads them).
func generatedFixtures() map[string]generatedEmail {
	return map[string]generatedEmail{
		"xlsx-two-sheets.eml": {
			header: map[string]string{
				"From":       "Priya Raman <praman@riversideregional.example>",
				"To":         "Staffing Desk <staffing@clearedtostart.example>",
				"Subject":    "[JOB-20931] Onboarding requirements - Pediatric RN",
				"Date":       "Tue, 11 Mar 2025 10:12:40 -0500",
				"Message-Id": "<20250311151240.4471@riversideregional.example>",
			},
			text:      "Hi team,\r\n\r\nPlease find the requirements workbook for the pediatric traveler attached (two tabs: credentials & health, and our facility forms).\r\n\r\nRegards,\r\nPriya Raman\r\nContingent Workforce Office, Riverside Regional\r\n",
			mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", fileName: "Job_20931_Requirements.xlsx",
			attachment: xlsxWorkbook,
		},
		"pdf-checklist.eml": {
			header: map[string]string{
				"From":       "Northwind Staffing Office <staffingoffice@northwindmed.example>",
				"To":         "staffing@clearedtostart.example",
				"Subject":    "Checklist for Job #NW-7781",
				"Date":       "Wed, 12 Mar 2025 09:05:00 -0400",
				"Message-Id": "<C2F3A1B0-6D7E-4F8A-9B0C-1D2E3F4A5B6C@northwindmed.example>",
			},
			text: "Hi, attached is Northwind's checklist for the telemetry traveler. Everything on it is due before orientation.\r\n\r\nSent from my iPhone\r\n",
			// Sent as a generic binary, as many gateways and phones do: the
			// reader recognises the PDF by its bytes.
			mediaType: "application/octet-stream", fileName: "Northwind_PreStart_Checklist.pdf",
			attachment: pdfChecklist,
		},
	}
}

// write writes the email: its text, then its attachment.
func (g generatedEmail) write() ([]byte, error) {
	file, err := g.attachment()
	if err != nil {
		return nil, err
	}
	return writeEmail(g.header, []mailPart{
		{mediaType: "text/plain", params: map[string]string{"charset": "utf-8"}, body: []byte(g.text)},
		{mediaType: g.mediaType, fileName: g.fileName, body: file},
	})
}

func TestGeneratedFixturesAreCurrent(t *testing.T) {
	for name, email := range generatedFixtures() {
		t.Run(name, func(t *testing.T) {
			got, err := email.write()
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", name), got)
		})
	}
}

// TestFixtures reads every email under testdata/ and compares the message,
// its job references and its checklist with the golden file.
func TestFixtures(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "*.eml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 8 {
		t.Fatalf("found %d fixtures, want at least 8", len(paths))
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".eml")
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			msg, err := ParseMessage(f, ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			list, err := Extract(msg)
			if err != nil {
				t.Fatalf("Extract: %v", err)
			}
			out := fixtureView{Message: viewMessage(msg), JobRefs: msg.JobRefs(nil), Checklist: list}
			b, err := json.MarshalIndent(out, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "golden", name+".json"), append(b, '\n'))
		})
	}
}

type fixtureView struct {
	Message   messageView `json:"message"`
	JobRefs   []string    `json:"jobRefs"`
	Checklist Checklist   `json:"checklist"`
}

type attachmentView struct {
	FileName  string `json:"fileName"`
	MediaType string `json:"mediaType"`
	Inline    bool   `json:"inline,omitempty"`
	Size      int    `json:"size"`
	SHA256    string `json:"sha256"`
}

type messageView struct {
	MessageID   string           `json:"messageId,omitempty"`
	From        string           `json:"from"`
	To          []string         `json:"to,omitempty"`
	Cc          []string         `json:"cc,omitempty"`
	Subject     string           `json:"subject"`
	Date        string           `json:"date,omitempty"`
	FromHTML    bool             `json:"fromHtml,omitempty"`
	Text        []string         `json:"text"`
	Attachments []attachmentView `json:"attachments,omitempty"`
	Forwarded   []messageView    `json:"forwarded,omitempty"`
	Notes       []string         `json:"notes,omitempty"`
}

// viewMessage shows a message for a golden file: the text a line per entry,
// attachments by size and digest (the generated ones change only with
// their generators).
func viewMessage(m *Message) messageView {
	v := messageView{MessageID: m.MessageID, From: m.From.String(), Subject: m.Subject, FromHTML: m.FromHTML,
		Text: strings.Split(m.Text, "\n"), Notes: m.Notes}
	if !m.Date.IsZero() {
		v.Date = m.Date.Format(time.RFC3339)
	}
	for _, a := range m.To {
		v.To = append(v.To, a.String())
	}
	for _, a := range m.Cc {
		v.Cc = append(v.Cc, a.String())
	}
	for _, a := range m.Attachments {
		sum := sha256.Sum256(a.Data)
		v.Attachments = append(v.Attachments, attachmentView{FileName: a.FileName, MediaType: a.MediaType, Inline: a.Inline,
			Size: len(a.Data), SHA256: hex.EncodeToString(sum[:8])})
	}
	for _, f := range m.Forwarded {
		v.Forwarded = append(v.Forwarded, viewMessage(f))
	}
	return v
}

// mailPart is one part of a generated email.
type mailPart struct {
	mediaType string
	params    map[string]string
	fileName  string // an attachment when set
	body      []byte
}

// writeEmail writes a multipart/mixed email with fixed boundaries, so that
// the same parts give the same bytes.
func writeEmail(hdr map[string]string, parts []mailPart) ([]byte, error) {
	var h message.Header
	for _, k := range []string{"From", "To", "Subject", "Date", "Message-Id"} {
		if v, ok := hdr[k]; ok {
			h.SetText(k, v)
		}
	}
	h.SetContentType("multipart/mixed", map[string]string{"boundary": "----=_Part_3301_1722.1741623000"})
	var buf bytes.Buffer
	w, err := message.CreateWriter(&buf, h)
	if err != nil {
		return nil, err
	}
	for _, p := range parts {
		var ph message.Header
		ph.SetContentType(p.mediaType, p.params)
		if p.fileName != "" {
			ph.SetContentDisposition("attachment", map[string]string{"filename": p.fileName})
			ph.Set("Content-Transfer-Encoding", "base64")
		} else {
			ph.Set("Content-Transfer-Encoding", "quoted-printable")
		}
		pw, err := w.CreatePart(ph)
		if err != nil {
			return nil, err
		}
		if _, err := pw.Write(p.body); err != nil {
			return nil, err
		}
		if err := pw.Close(); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// xlsxWorkbook is the requirements workbook a hospital's contingent
// workforce office sends: a title row, categories as merged cells down the
// first column, a section merged across a row, a second sheet of facility
// forms, and a hidden sheet of drop-down values.
func xlsxWorkbook() ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	const s1, s2, s3 = "Credentials & Health", "Facility Forms", "Lists"
	if err := f.SetSheetName("Sheet1", s1); err != nil {
		return nil, err
	}
	for _, s := range []string{s2, s3} {
		if _, err := f.NewSheet(s); err != nil {
			return nil, err
		}
	}
	type cellValue struct {
		cell  string
		value any
	}
	var cells []cellValue
	add := func(sheet string, row int, values ...any) {
		for i, v := range values {
			name, _ := excelize.CoordinatesToCellName(i+1, row)
			cells = append(cells, cellValue{sheet + "!" + name, v})
		}
	}
	add(s1, 1, "Riverside Regional Medical Center - Job 20931 - Pediatric RN")
	add(s1, 3, "Category", "Requirement", "Required?", "Comments")
	add(s1, 4, "Licensure", "RN License (Texas or compact)", "Y", "Verified by MSP")
	add(s1, 5, nil, "BLS - AHA", "Y", nil)
	add(s1, 6, nil, "PALS - AHA", "Y", "Must not expire during assignment")
	add(s1, 7, "Health", "TB test within 12 months", "Y", "QuantiFERON or 2-step PPD")
	add(s1, 8, nil, "Varicella titer", "Y", nil)
	add(s1, 9, nil, "Flu vaccine (Oct-Mar)", "Y", "Declination accepted with mask policy")
	add(s1, 10, nil, "Color vision test", "N", nil)
	add(s1, 11, "Education & Competency")
	add(s1, 12, nil, "Skills checklist - Pediatrics", "Y", "Within 1 year")
	add(s1, 13, nil, "PALS - AHA", "Y", nil)
	add(s2, 1, "Document Name", "Notes", "Required")
	add(s2, 2, "Riverside Code of Conduct attestation", "Sign in the portal", "Yes")
	add(s2, 3, "Parking registration form", nil, "Yes")
	add(s2, 4, "Badge request", "Issued on first day", "No")
	add(s2, 5, "HIPAA acknowledgment", nil, nil)
	add(s3, 1, "Y")
	add(s3, 2, "N")
	for _, c := range cells {
		sheet, cell, _ := strings.Cut(c.cell, "!")
		if c.value == nil {
			continue
		}
		if err := f.SetCellValue(sheet, cell, c.value); err != nil {
			return nil, err
		}
	}
	for _, m := range [][3]string{{s1, "A1", "D1"}, {s1, "A4", "A6"}, {s1, "A7", "A10"}, {s1, "A11", "D11"}} {
		if err := f.MergeCell(m[0], m[1], m[2]); err != nil {
			return nil, err
		}
	}
	if err := f.SetSheetVisible(s3, false); err != nil {
		return nil, err
	}
	if err := f.SetColWidth(s1, "B", "B", 36); err != nil {
		return nil, err
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// pdfChecklist is a facility's two-page pre-start checklist: headings,
// bulleted and numbered items, a Requirement/Required/Notes table, and the
// signature lines of a form.
func pdfChecklist() ([]byte, error) {
	c := sampledocs.NewChecklistPDF(time.Date(2025, 3, 12, 9, 0, 0, 0, time.UTC))
	c.Page()
	c.Line("B", 16, "Northwind Medical Center")
	c.Line("", 12, "Pre-Start Requirements Checklist - Travel Clinicians")
	c.Line("", 11, "Job #NW-7781 Telemetry RN")
	c.Gap(8)
	c.Line("B", 12, "CREDENTIALS")
	c.Line("", 11, "• RN License (Ohio or compact)")
	c.Line("", 11, "• BLS – AHA")
	c.Line("", 11, "• ACLS – AHA")
	c.Gap(8)
	c.Line("B", 12, "HEALTH")
	c.Row("B", "Requirement", "Required", "Notes")
	c.Row("", "TB test (QFT or 2-step PPD)", "Yes", "Within 12 months")
	c.Row("", "Hepatitis B titer", "Yes", "Or signed declination")
	c.Row("", "Drug screen", "No", "Done by agency at hire")
	c.Row("", "Influenza vaccine", "Yes", "Seasonal, Oct–Mar")
	c.Page()
	c.Line("B", 12, "FACILITY FORMS")
	c.Line("", 11, "1. HIPAA attestation")
	c.Line("", 11, "2. Fire safety quiz (score 80% or higher)")
	c.Line("", 11, "3. Telemetry rhythm strip test")
	c.Gap(24)
	c.Line("", 11, "Candidate Signature: ______________________ Date: __________")
	c.Line("", 9, "Page 2 of 2")
	return c.Bytes()
}

func errCode(err error) string {
	var ce *Error
	if errors.As(err, &ce) {
		return ce.Code
	}
	if err == nil {
		return ""
	}
	return fmt.Sprintf("not an *Error: %v", err)
}
