package checklist

import (
	"bytes"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
	"golang.org/x/text/encoding/unicode"
)

func utf16le(t *testing.T, s string) []byte {
	t.Helper()
	b, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pdfOf writes a one-page PDF with the given lines; no lines is a page
// without a text layer, as a scan is.
func pdfOf(t *testing.T, lines ...string) []byte {
	t.Helper()
	pdf := fpdf.New("P", "pt", "Letter", "")
	pdf.AddPage()
	pdf.SetFont("Helvetica", "", 11)
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	for _, l := range lines {
		pdf.CellFormat(0, 16, tr(l), "", 1, "L", false, 0, "")
	}
	if len(lines) == 0 {
		pdf.Rect(50, 50, 400, 600, "F")
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestAttachments(t *testing.T) {
	book, err := xlsxWorkbook()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		attachments []Attachment
		items       []string
		exclusions  []string
		notes       []string
	}{
		{
			name: "semicolon CSV with a byte-order mark, European Excel",
			attachments: []Attachment{{FileName: "liste.csv", MediaType: "text/csv", Data: []byte(
				"\xef\xbb\xbfDocument;Section;Mandatory;Comments\r\nBLS;Certs;Yes;AHA\r\nDrug screen;Health;No;\r\nFlu vaccine;Health;If applicable;\r\n")}},
			items:      []string{"BLS [Certs] {AHA} @2", "Flu vaccine [Health] {Mandatory: If applicable} @4"},
			exclusions: []string{"Drug screen [Health] @3 <- Mandatory: No"},
		},
		{
			name: "Excel's unicode text (UTF-16, tabs) as a .txt attachment",
			attachments: []Attachment{{FileName: "checklist.txt", MediaType: "text/plain", Data: utf16le(t,
				"Requirement\tNotes\r\nBLS\tAHA only\r\nTB test\tWithin 12 months\r\n")}},
			items: []string{"BLS {AHA only} @2", "TB test {Within 12 months} @3"},
		},
		{
			name: "notes that say not needed exclude a row without a Required column",
			attachments: []Attachment{{FileName: "list.csv", MediaType: "application/octet-stream", Data: []byte(
				"Item,Notes\nBLS,\nDrug screen,Not required\nPhysical,Not required for returning staff\n")}},
			items:      []string{"BLS @2", "Physical {Not required for returning staff} @4"},
			exclusions: []string{"Drug screen {Not required} @3 <- Not required"},
		},
		{
			name:        "a workbook named .csv is read as a workbook",
			attachments: []Attachment{{FileName: "renamed.csv", MediaType: "text/csv", Data: book}},
			items: []string{
				"RN License (Texas or compact) [Licensure] {Verified by MSP} @4", "BLS - AHA [Licensure] @5",
				"PALS - AHA [Licensure] {Must not expire during assignment} @6", "TB test within 12 months [Health] {QuantiFERON or 2-step PPD} @7",
				"Varicella titer [Health] @8", "Flu vaccine (Oct-Mar) [Health] {Declination accepted with mask policy} @9",
				"Skills checklist - Pediatrics [Education & Competency] {Within 1 year} @12",
				"Riverside Code of Conduct attestation {Sign in the portal} @2", "Parking registration form @3", "HIPAA acknowledgment @5",
			},
			exclusions: []string{"Color vision test [Health] @10 <- Required?: N", "Badge request {Issued on first day} @4 <- Required: No"},
			notes: []string{
				`renamed.csv, sheet "Lists" skipped: the sheet is hidden`,
				`"PALS - AHA" is listed under "Licensure" (renamed.csv, sheet "Credentials & Health", row 6) and "Education & Competency" (renamed.csv, sheet "Credentials & Health", row 13); kept once, under "Licensure"`,
			},
		},
		{
			name: "an unnamed PDF sent as octet-stream, with a table whose columns run together",
			attachments: []Attachment{{MediaType: "application/octet-stream", Data: pdfOf(t,
				"Onboarding checklist", "Category Requirement Notes", "Certs BLS AHA only", "Health TB test Within 12 months")}},
			items: []string{"Certs BLS AHA only @3", "Health TB test Within 12 months @4"},
			notes: []string{"(unnamed application/octet-stream), page 1: the table's columns (Category, Requirement, Notes) run together in the text layer; each row was read whole as a requirement"},
		},
		{
			name: "inline signature images are passed over, other types noted",
			attachments: []Attachment{
				{FileName: "image001.png", MediaType: "image/png", Inline: true, Data: []byte("\x89PNG\r\n\x1a\n....")},
				{FileName: "Checklist.docx", MediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", Data: []byte("PK\x03\x04rest")},
				{FileName: "bls-card.jpg", MediaType: "image/jpeg", Data: []byte("\xff\xd8\xff\xe0....JFIF")},
				{FileName: "list.csv", MediaType: "text/csv", Data: []byte("Requirement\nBLS\n")},
			},
			items: []string{"BLS @2"},
			notes: []string{
				`attachment "Checklist.docx" (application/vnd.openxmlformats-officedocument.wordprocessingml.document) ignored: checklists are read from PDF, CSV, XLSX and text files`,
				`attachment "bls-card.jpg" (image/jpeg) ignored: checklists are read from PDF, CSV, XLSX and text files`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list, err := Extract(&Message{Subject: "Job 12345", Attachments: tt.attachments})
			if err != nil {
				t.Fatal(err)
			}
			items, exclusions := show(list)
			for _, c := range []struct {
				what      string
				got, want []string
			}{{"items", items, tt.items}, {"exclusions", exclusions, tt.exclusions}, {"notes", list.Notes, tt.notes}} {
				if strings.Join(c.got, "\n") != strings.Join(c.want, "\n") {
					t.Errorf("%s:\n%s\nwant:\n%s", c.what, strings.Join(c.got, "\n"), strings.Join(c.want, "\n"))
				}
			}
		})
	}
}

func TestExtractErrors(t *testing.T) {
	tests := []struct {
		name    string
		msg     *Message
		message string
	}{
		{
			name:    "a body without a list",
			msg:     &Message{Text: "Hi, can you send the candidate's documents for Job 12345?\n\nThanks,\nAmy"},
			message: "no_checklist: no requirement list was found in the body or the attachments",
		},
		{
			name:    "a list only in the quoted history",
			msg:     &Message{Text: "Sounds good.\n\nOn Mon, Mar 3, 2025 at 4:02 PM Dana wrote:\n> - BLS"},
			message: "no_checklist: no requirement list was found in the body or the attachments",
		},
		{
			name: "only an attachment of another type",
			msg:  &Message{Text: "See attached.", Attachments: []Attachment{{FileName: "reqs.docx", MediaType: "application/msword", Data: []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1....")}}},
			message: `no_checklist: no requirement list was found in the body or the attachments (attachment "reqs.docx" (application/msword) ignored: ` +
				"checklists are read from PDF, CSV, XLSX and text files)",
		},
		{
			name:    "a scanned PDF",
			msg:     &Message{Attachments: []Attachment{{FileName: "scan.pdf", MediaType: "application/pdf", Data: pdfOf(t)}}},
			message: "no_checklist: no requirement list was found in the body or the attachments (scan.pdf: page 1 has no text layer (a scan?) and was not read; a person should read it)",
		},
		{
			name:    "a damaged PDF",
			msg:     &Message{Attachments: []Attachment{{FileName: "list.pdf", MediaType: "application/pdf", Data: []byte("%PDF-1.7\n1 0 obj <<>> garbage")}}},
			message: "no_checklist: no requirement list was found in the body or the attachments (list.pdf: the PDF cannot be read (corrupt_file: the file is damaged and cannot be read",
		},
		{
			name:    "a CSV without a header naming the requirement",
			msg:     &Message{Attachments: []Attachment{{FileName: "list.csv", MediaType: "text/csv", Data: []byte("BLS,Y\nACLS,Y\n")}}},
			message: "no_checklist: no requirement list was found in the body or the attachments (list.csv not read: no header row naming the requirement column (Requirement, Item, Document, Description) in its first 15 rows)",
		},
		{
			name:    "a damaged workbook",
			msg:     &Message{Attachments: []Attachment{{FileName: "list.xlsx", MediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", Data: []byte("PK\x03\x04 not really a zip")}}},
			message: "no_checklist: no requirement list was found in the body or the attachments (list.xlsx: the workbook cannot be read (zip: not a valid zip file))",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list, err := Extract(tt.msg)
			if code := errCode(err); code != CodeNoChecklist {
				t.Fatalf("error %v (code %q), want %s; items %v", err, code, CodeNoChecklist, list.Items)
			}
			if !strings.HasPrefix(err.Error(), tt.message) {
				t.Errorf("got  %q\nwant %q", err.Error(), tt.message)
			}
		})
	}
}
