package extract

import (
	"github.com/clearedtostart/compliance/catalog"
)

// LabelledFields returns the fields of type docType whose label the
// document prints placed as a label (beside a colon, alone on its line,
// a phrase of two words or more), in the type's order, whether or not a
// value was read by it. A read of a type's page yielding few of its
// fields is worth reading again only where the page prints a label of
// one: a document's later page typed by its prose (a background check's
// searches, a lab report's comments) prints none, and read again three
// ways (darkened, sharpened, as sparse text) it yields no field more.
// Fields read without labels (a vaccine card's doses) are never listed.
func LabelledFields(c *catalog.Catalog, docType string, d Document) []string {
	t, ok := c.Type(docType)
	if !ok || t.Key == catalog.OtherType {
		return nil
	}
	doc := newPagedDoc(d.Text, d.Pages)
	var out []string
	for _, f := range t.Fields {
		texts := map[string]bool{}
		for _, ls := range unreadFieldLabels(t.Key, f) {
			for _, l := range ls {
				texts[l.text] = true
			}
		}
		if len(texts) > 0 && doc.printsLabel(texts) {
			out = append(out, f)
		}
	}
	return out
}

// printsLabel reports whether a line of the document prints one of the
// labels texts names placed as a label (see placedLabel).
func (d *doc) printsLabel(texts map[string]bool) bool {
	for i := range d.lines {
		for _, m := range d.matchesOn(i) {
			if texts[m.text] && d.placedLabel(i, m.start, m.end, m.like, m.text) {
				return true
			}
		}
	}
	return false
}
