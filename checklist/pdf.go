package checklist

import (
	"fmt"
	"strings"

	"github.com/clearedtostart/compliance/pdfdoc"
)

// pdf reads a PDF checklist's text layer page by page: headings, list items
// and table rows. A page without a text layer (a scan) is noted for a
// person, not read by OCR: a misread requirement is worse than a flagged one.
func (x *extractor) pdf(name string, data []byte) {
	doc, err := pdfdoc.Open(data)
	if err != nil {
		x.note("%s: the PDF cannot be read (%v)", name, err)
		return
	}
	pages := make([]int, doc.Info.PageCount)
	for i := range pages {
		pages[i] = i + 1
	}
	texts, err := pdfdoc.Texts(data, pages)
	if err != nil {
		x.note("%s: the PDF's text cannot be read (%v)", name, err)
		return
	}
	r := x.newTextReader(origin{source: name}, textMode{document: true})
	var scanned []string
	for _, pt := range texts {
		if !pdfdoc.HasText(pt.Text) {
			scanned = append(scanned, fmt.Sprint(pt.Page))
			continue
		}
		r.o.page = pt.Page
		r.lines = r.split(pt.Text, pt.Page)
		r.run()
	}
	if len(scanned) > 0 {
		x.note("%s: page %s has no text layer (a scan?) and was not read; a person should read it", name, strings.Join(scanned, ", "))
	}
}

// pdfColumns is a table header read from a text layer, where the columns
// of a row are one space apart.
type pdfColumns struct {
	roles []role
	names []string
}

// readPDFHeader reads a line such as "Requirement Required Notes" as a
// table header: every word names a column, one of them the requirement.
func readPDFHeader(t string) (pdfColumns, bool) {
	words := strings.Fields(t)
	if len(words) < 2 || len(words) > 8 {
		return pdfColumns{}, false
	}
	var cols pdfColumns
	label := false
	for _, w := range words {
		r, _ := columnRole(w)
		if len(headerWords(w)) == 0 || r == roleOther {
			// "(Y/N)", "?" qualify the previous column.
			if len(cols.roles) > 0 && isQualifier(w) {
				cols.names[len(cols.names)-1] += " " + w
				continue
			}
			return pdfColumns{}, false
		}
		label = label || r == roleLabel
		if k := len(cols.roles) - 1; k >= 0 && cols.roles[k] == r {
			cols.names[k] += " " + w
			continue
		}
		cols.roles = append(cols.roles, r)
		cols.names = append(cols.names, w)
	}
	return cols, label && len(cols.roles) >= 2
}

func isQualifier(w string) bool {
	switch strings.ToLower(strings.Trim(w, "()")) {
	case "y/n", "yes/no", "?", "y", "n":
		return true
	}
	return false
}

func (c *pdfColumns) index(r role) int {
	for i, x := range c.roles {
		if x == r {
			return i
		}
	}
	return -1
}

// pdfRow reads a table row. When the requirement is the first column and a
// Required column follows, its yes/no word splits the row: the requirement
// before it, notes after. Otherwise the columns cannot be told apart and
// the whole row is the label, with a note saying so.
func (r *textReader) pdfRow(t string, line int) {
	cols := r.pdfTable
	words := strings.Fields(t)
	label, req, notes := t, "", ""
	if cols.roles[0] == roleLabel && cols.index(roleRequired) == 1 {
		split := false
		for k := 1; k < len(words) && !split; k++ {
			if v := readRequired(words[k]); v == requiredYes || v == requiredNo {
				label, req, notes = strings.Join(words[:k], " "), words[k], strings.Join(words[k+1:], " ")
				split = true
			}
		}
		if !split {
			r.x.note("%s line %d: no Required value found; the row was read whole as a requirement: %q", r.o, line, t)
		}
	} else if !r.pdfNoted {
		r.pdfNoted = true
		r.x.note("%s: the table's columns (%s) run together in the text layer; each row was read whole as a requirement", r.o, strings.Join(cols.names, ", "))
	}
	it := r.o.item(label, r.group, notes, line)
	if excluded, ok := r.x.excl.read(label); ok {
		it.Label = excluded
		r.x.exclude(it, label)
		return
	}
	if readRequired(req) == requiredNo {
		r.x.exclude(it, cols.names[1]+": "+req)
		return
	}
	r.x.list.Items = append(r.x.list.Items, it)
	r.taken++
}
