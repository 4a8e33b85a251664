package sampledocs

import (
	"bytes"
	"time"

	"github.com/go-pdf/fpdf"
)

// ChecklistPDF writes a facility's pre-start checklist as facilities email
// it: a Letter PDF with a text layer, lines of Helvetica text and the rows of
// a Requirement/Required/Notes grid. The checklist email readers are tested
// on it. Its bytes depend only on the creation date and what is written, so
// a stored fixture can be compared with a fresh one.
type ChecklistPDF struct {
	pdf *fpdf.Fpdf
	tr  func(string) string
}

// checklistColumns are the widths (points) of the grid's Requirement,
// Required and Notes columns.
var checklistColumns = [...]float64{230, 70, 230}

// NewChecklistPDF starts a checklist created (and last modified) at created;
// Page adds its first page.
func NewChecklistPDF(created time.Time) *ChecklistPDF {
	pdf := fpdf.New("P", "pt", "Letter", "")
	pdf.SetCreationDate(created)
	pdf.SetModificationDate(created)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(false)
	return &ChecklistPDF{pdf: pdf, tr: pdf.UnicodeTranslatorFromDescriptor("")}
}

// Page starts a new page.
func (c *ChecklistPDF) Page() { c.pdf.AddPage() }

// Gap leaves h points blank.
func (c *ChecklistPDF) Gap(h float64) { c.pdf.Ln(h) }

// Line writes a line of text in style ("" or "B") and size.
func (c *ChecklistPDF) Line(style string, size float64, text string) {
	c.pdf.SetFont("Helvetica", style, size)
	c.pdf.CellFormat(0, size+6, c.tr(text), "", 1, "L", false, 0, "")
}

// Row writes a row of the grid, its cells (at most three) in style.
func (c *ChecklistPDF) Row(style string, cells ...string) {
	c.pdf.SetFont("Helvetica", style, 10)
	for i, cell := range cells {
		ln := 0
		if i == len(cells)-1 {
			ln = 1
		}
		c.pdf.CellFormat(checklistColumns[i], 18, c.tr(cell), "1", ln, "L", false, 0, "")
	}
}

// Bytes ends the document and returns the PDF.
func (c *ChecklistPDF) Bytes() ([]byte, error) {
	var buf bytes.Buffer
	if err := c.pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
