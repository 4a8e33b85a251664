package registrycheck

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/clearedtostart/compliance/registry"
)

// Certificate renders the PDF certificate of a search: one section per
// registry (in the results' order, each starting on a page of its own,
// its attestation's childIndex), each saying who was searched, in which
// list and edition, when, the result, and every record that resembled with
// why it was kept or set aside. The same search always renders to the same
// bytes (the PDF's dates are the search's).
func Certificate(s Search) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "Letter", "")
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.SetCreationDate(s.CreatedAt)
	pdf.SetModificationDate(s.CreatedAt)
	pdf.SetCatalogSort(true)
	pdf.SetTitle(tr("Registry search certificate "+s.SearchID), false)
	if len(s.Results) > 0 {
		pdf.SetAuthor(tr(s.Results[0].Attestation.Metadata.Input.ClientName), false)
	}
	pdf.SetCreator("Compliance Document Service", false)
	pdf.SetMargins(18, 18, 18)
	pdf.SetAutoPageBreak(true, 18)
	pdf.AliasNbPages("{nb}")
	var attestation string
	pdf.SetFooterFunc(func() {
		pdf.SetY(-13)
		pdf.SetFont("Helvetica", "", 7.5)
		pdf.SetTextColor(110, 110, 110)
		pdf.CellFormat(0, 4, tr(fmt.Sprintf("Search %s  ·  attestation %s  ·  page %d of {nb}", s.SearchID, attestation, pdf.PageNo())), "", 0, "C", false, 0, "")
	})
	c := &cert{pdf: pdf, tr: tr}
	for _, r := range s.Results {
		// The footer of a page is drawn when the next one starts: the
		// attestation changes only once this section's first page is open.
		pdf.AddPage()
		attestation = r.Attestation.ID
		pdf.Bookmark(tr(r.PrettyName), 0, -1)
		c.section(r)
	}
	if pdf.Err() {
		return nil, pdf.Error()
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// section prints one registry's result.
func (c *cert) section(r Result) {
	info, _ := registry.Lookup(r.Registry)
	pdf := c.pdf

	pdf.SetFont("Helvetica", "B", 16)
	pdf.SetTextColor(20, 30, 60)
	c.para(7, "Registry search certificate")
	pdf.SetFont("Helvetica", "", 11)
	c.para(5.5, info.PrettyName)
	pdf.SetTextColor(90, 90, 90)
	pdf.SetFont("Helvetica", "", 9)
	c.para(4.5, "Published by "+info.Issuer)
	pdf.Ln(4)

	c.heading("The search")
	q := r.Query
	dob := "not given"
	if q.Context.DateOfBirth != nil {
		dob = *q.Context.DateOfBirth
	}
	zip := q.Context.Zip
	if zip == "" {
		zip = "not given"
	}
	c.facts([][2]string{
		{"Candidate", q.Context.FullName()},
		{"Date of birth", dob},
		{"ZIP code", zip},
		{"Candidate id (caller)", q.ExternalID},
		{"Requested by", r.Attestation.Metadata.Input.ClientName},
		{"Searched at", q.SearchedAt.UTC().Format("2006-01-02 15:04:05 MST")},
		{"Name matching", matchTypeText(q.MatchType)},
		{"List", listText(r)},
	})
	pdf.Ln(3)

	c.heading("Result")
	c.result(r)
	pdf.Ln(3)

	if len(r.Matches) > 0 {
		c.heading(fmt.Sprintf("Records that may be the candidate (%d)", len(r.Matches)))
		c.para(4.5, "Each record below resembles the candidate and nothing on the list rules it out. A compliance specialist must review it before the candidate is cleared.")
		pdf.Ln(1)
		for _, m := range r.Matches {
			c.record(m)
		}
	}
	var aside []Record
	for _, f := range r.Filtered {
		if len(f.SetAside) > 0 {
			aside = append(aside, f)
		}
	}
	if len(aside) > 0 {
		c.heading(fmt.Sprintf("Records that resemble the name but were set aside (%d)", len(aside)))
		c.para(4.5, "These records resemble the candidate's name; the reasons below show they are someone else.")
		pdf.Ln(1)
		for _, f := range aside {
			c.record(f)
		}
	}
	if len(r.Filtered) == 0 && r.Result != Unavailable && r.Result != Pending {
		pdf.SetFont("Helvetica", "", 9)
		pdf.SetTextColor(40, 40, 40)
		c.para(4.5, "No record of the list resembles the candidate's name, under any of its listed names and aliases.")
	}
	pdf.Ln(4)
	pdf.SetFont("Helvetica", "I", 8)
	pdf.SetTextColor(90, 90, 90)
	c.para(4, "This certificate records an automated search of the list edition named above. Names are compared after folding case, accents and punctuation, "+
		"with nicknames, initials, one-letter typos, phonetic spellings, compound surnames and swapped first and last names. "+
		"A record is set aside only on positive evidence that it is someone else: every listed date of birth contradicts the candidate's, "+
		"middle names conflict, or, for records without a date of birth, every listed address is in another state than the candidate's ZIP code.")
}

type cert struct {
	pdf *fpdf.Fpdf
	tr  func(string) string
}

func (c *cert) para(h float64, text string) {
	c.pdf.MultiCell(0, h, c.tr(text), "", "L", false)
}

func (c *cert) heading(text string) {
	c.pdf.SetFont("Helvetica", "B", 11)
	c.pdf.SetTextColor(20, 30, 60)
	c.pdf.MultiCell(0, 6, c.tr(text), "B", "L", false)
	c.pdf.Ln(1.5)
	c.pdf.SetFont("Helvetica", "", 9)
	c.pdf.SetTextColor(40, 40, 40)
}

// facts prints label/value rows; long values wrap in their column.
func (c *cert) facts(rows [][2]string) {
	const labelW = 45
	for _, row := range rows {
		c.pdf.SetFont("Helvetica", "B", 9)
		y := c.pdf.GetY()
		c.pdf.CellFormat(labelW, 5, c.tr(row[0]), "", 0, "L", false, 0, "")
		c.pdf.SetFont("Helvetica", "", 9)
		c.pdf.SetXY(18+labelW, y)
		c.pdf.MultiCell(0, 5, c.tr(row[1]), "", "L", false)
	}
}

func (c *cert) result(r Result) {
	text, red, green, blue := "", 0, 0, 0
	switch r.Result {
	case MatchFound:
		text, red, green, blue = fmt.Sprintf("MATCH FOUND: %d record(s) may be the candidate", len(r.Matches)), 170, 30, 30
	case NoMatchFound:
		text, red, green, blue = "NO MATCH FOUND", 20, 110, 50
		if n := len(r.Filtered); n > 0 {
			text += fmt.Sprintf(" (%d similar record(s) set aside, listed below)", n)
		}
	case Unavailable:
		text, red, green, blue = "REGISTRY UNAVAILABLE: the search could not be completed", 170, 110, 0
	default:
		text, red, green, blue = "PENDING: the registry is still being searched", 90, 90, 90
	}
	c.pdf.SetFont("Helvetica", "B", 11)
	c.pdf.SetTextColor(red, green, blue)
	c.pdf.MultiCell(0, 6, c.tr(text), "", "L", false)
	if r.Error != nil {
		c.pdf.SetFont("Helvetica", "", 9)
		c.pdf.SetTextColor(40, 40, 40)
		c.para(4.5, "Reason: "+r.Error.Message+". The candidate is not cleared by this search; run it again.")
	}
	c.pdf.SetTextColor(40, 40, 40)
}

// record prints one listed record with why it resembles and, when set
// aside, why it is someone else.
func (c *cert) record(rec Record) {
	p := c.pdf
	p.SetFont("Helvetica", "B", 9.5)
	p.SetTextColor(20, 20, 20)
	name := strings.Join(strings.Fields(rec.Name.First+" "+rec.Name.Middle+" "+rec.Name.Last), " ")
	c.para(5, fmt.Sprintf("%s  (record %s, name score %.2f)", name, rec.SourceID, rec.Score))
	p.SetFont("Helvetica", "", 8.5)
	p.SetTextColor(50, 50, 50)
	var lines []string
	if rec.Why.MatchedName != "" && rec.Why.NameSource != "name" {
		lines = append(lines, fmt.Sprintf("Matched on %s: %s", aliasText(rec.Why.NameSource), rec.Why.MatchedName))
	}
	lines = append(lines, "Name: "+partsText(rec))
	if len(rec.DOBs) > 0 {
		lines = append(lines, "Listed date(s) of birth: "+strings.Join(rec.DOBs, "; ")+" ("+rec.Why.DOB.Outcome+")")
	} else {
		lines = append(lines, "No date of birth on the list")
	}
	if a := rec.Address; a.City != "" || a.State != "" {
		lines = append(lines, "Address: "+strings.Join(strings.Fields(strings.Join([]string{a.Line1, a.City, a.State, a.Zip}, " ")), " "))
	}
	if rec.Identifiers.NPI != "" {
		lines = append(lines, "NPI: "+rec.Identifiers.NPI)
	}
	if len(rec.Aliases) > 0 {
		lines = append(lines, "Also listed as: "+strings.Join(rec.Aliases, "; "))
	}
	for _, s := range rec.SetAside {
		lines = append(lines, "Set aside ("+s.Code+"): "+s.Message)
	}
	for _, l := range lines {
		p.SetX(24)
		p.MultiCell(0, 4.2, c.tr(l), "", "L", false)
	}
	p.Ln(2)
}

func partsText(rec Record) string {
	e := rec.Why.Name
	part := func(label string, reason string, score float64) string {
		return fmt.Sprintf("%s %s (%.2f)", label, reason, score)
	}
	s := part("first", string(e.First.Reason), e.First.Score) + ", " + part("last", string(e.Last.Reason), e.Last.Score)
	if e.Middle.Reason != "" {
		s += ", middle " + string(e.Middle.Reason)
	}
	if e.Swapped {
		s += ", first and last names swapped"
	}
	return s
}

func aliasText(source string) string {
	switch source {
	case "aka", "fka", "nka":
		return "the listed " + source + " name"
	case "remark_aka":
		return "an a.k.a. in the list's remarks"
	case "cross_reference":
		return "a cross-referenced name"
	}
	return "an alias"
}

func matchTypeText(mt string) string {
	if mt == "EXACT" {
		return "EXACT (names equal once case, accents and punctuation are folded)"
	}
	return "PARTIAL (nicknames, initials, typos, phonetic spellings, compound and swapped names)"
}

func listText(r Result) string {
	m := r.Metadata
	if m.ListID == nil {
		return fmt.Sprintf("searched live at %s, %s", m.Source, m.LastUpdatedAt.UTC().Format(time.RFC3339))
	}
	n := 0
	if m.RecordCount != nil {
		n = *m.RecordCount
	}
	return fmt.Sprintf("edition of %s (%d individuals; edition %s)", m.LastUpdatedAt.UTC().Format(time.DateOnly), n, *m.ListID)
}
