package mapping

import (
	"fmt"
	"slices"

	"github.com/clearedtostart/compliance/catalog"
)

// Target is what one source label stands for in the catalog.
type Target struct {
	// Key is the catalog requirement the label asks for.
	Key string
	// Also lists further requirements the same label asks for: "OIG/SAM
	// exclusion search" is two registry searches, and mapping it to one
	// would leave the candidate unscreened against the other list. Each key
	// becomes its own row; Key's row comes first.
	Also []string
	// PacketGroup is the packet the row's document goes in when the source
	// names none (an email or a matrix); a VMS's own grouping is what its
	// upload expects, so it is kept when present.
	PacketGroup string
	// SortOrder orders the rows of a job or placement.
	SortOrder int
}

// Keys returns Key followed by Also.
func (t Target) Keys() []string {
	return append([]string{t.Key}, t.Also...)
}

// Check reports a target that names a requirement the catalog does not
// have, or names one twice.
func (t Target) Check(cat *catalog.Catalog) error {
	if t.Key == "" {
		return fmt.Errorf("no requirement key")
	}
	seen := map[string]bool{}
	for _, k := range t.Keys() {
		if _, ok := cat.Requirement(k); !ok {
			return fmt.Errorf("unknown requirement key %q", k)
		}
		if seen[k] {
			return fmt.Errorf("requirement key %q named twice", k)
		}
		seen[k] = true
	}
	return nil
}

// Entry is one row of a mapping table.
type Entry struct {
	// Label is the label as it was written (in the file, or by the person
	// who mapped it); lookups compare Normalize(Label).
	Label string
	Target
	// Learned is true for a mapping made through the API (stored in the
	// database) rather than in integrations.yaml.
	Learned bool
}

// Table maps source labels of one integration to catalog requirements.
// It is immutable: Merge returns a new table.
type Table struct {
	byLabel map[string]Entry
	order   []string
}

// DuplicateLabelError is returned by NewTable for two entries whose labels
// normalise alike. The indexes let a caller point at the lines of a file.
type DuplicateLabelError struct {
	Label, FirstLabel string
	Index, FirstIndex int
	Normalized        string
}

func (e *DuplicateLabelError) Error() string {
	if e.Label == e.FirstLabel {
		return fmt.Sprintf("label %q is mapped twice", e.Label)
	}
	return fmt.Sprintf("label %q is the same as %q once normalised (%q)", e.Label, e.FirstLabel, e.Normalized)
}

// NewTable builds a table from the entries of a file. Two entries for the
// same normalised label are an error even when they agree: a file that
// says the same thing twice is one edit away from saying two things.
func NewTable(entries []Entry) (*Table, error) {
	t := &Table{byLabel: make(map[string]Entry, len(entries))}
	firstIndex := map[string]int{}
	for i, e := range entries {
		n := Normalize(e.Label)
		if n == "" {
			return nil, fmt.Errorf("label %q has no words", e.Label)
		}
		if j, dup := firstIndex[n]; dup {
			return nil, &DuplicateLabelError{Label: e.Label, FirstLabel: entries[j].Label, Index: i, FirstIndex: j, Normalized: n}
		}
		firstIndex[n] = i
		t.byLabel[n] = e
		t.order = append(t.order, n)
	}
	return t, nil
}

// Conflict is a learned mapping that Merge set aside because the file maps
// the same label to something else.
type Conflict struct {
	Learned Entry
	File    Entry
}

// Merge returns the table with the learned entries added. The file wins a
// conflict: it is reviewed and versioned, and a learned entry that disagrees
// with it is more likely stale (made before the file learnt the label) than
// a correction; the conflicts are returned for someone to resolve. Among
// learned entries for one label the later one wins, as the newer decision.
func (t *Table) Merge(learned []Entry) (*Table, []Conflict) {
	out := &Table{byLabel: make(map[string]Entry, t.Len()+len(learned))}
	if t != nil {
		for _, n := range t.order {
			out.byLabel[n] = t.byLabel[n]
		}
		out.order = slices.Clone(t.order)
	}
	var conflicts []Conflict
	for _, e := range learned {
		n := Normalize(e.Label)
		if n == "" {
			continue
		}
		e.Learned = true
		prev, exists := out.byLabel[n]
		switch {
		case !exists:
			out.order = append(out.order, n)
		case !prev.Learned:
			if !sameTarget(prev.Target, e.Target) {
				conflicts = append(conflicts, Conflict{Learned: e, File: prev})
			}
			continue
		}
		out.byLabel[n] = e
	}
	return out, conflicts
}

func sameTarget(a, b Target) bool {
	return a.Key == b.Key && slices.Equal(a.Also, b.Also) && a.PacketGroup == b.PacketGroup && a.SortOrder == b.SortOrder
}

// Lookup returns the entry for a label, compared in normalised form.
func (t *Table) Lookup(label string) (Entry, bool) {
	if t == nil {
		return Entry{}, false
	}
	e, ok := t.byLabel[Normalize(label)]
	return e, ok
}

// Len is the number of labels the table maps.
func (t *Table) Len() int {
	if t == nil {
		return 0
	}
	return len(t.order)
}

// Entries returns the entries in file order, learned ones after.
func (t *Table) Entries() []Entry {
	if t == nil {
		return nil
	}
	out := make([]Entry, 0, len(t.order))
	for _, n := range t.order {
		out = append(out, t.byLabel[n])
	}
	return out
}

// Requirement is what a requirement row shows of its catalog requirement.
type Requirement struct {
	Key             string
	FulfillmentType string
	// DocumentCategory is the category of the document types the
	// requirement accepts when they share one; "" for a requirement that
	// takes no document, or whose types differ in category (no one category
	// would be true of every document that fulfils it).
	DocumentCategory string
	// DocumentType is the accepted type when there is exactly one. A
	// requirement that accepts several (tb_screening: a skin test, a blood
	// test or a chest X-ray) leaves it "" rather than name one of them as if
	// it were the only one; DocumentTypes lists them all.
	DocumentType  string
	DocumentTypes []string
}

// Describe returns the row fields of a catalog requirement.
func Describe(cat *catalog.Catalog, key string) (Requirement, error) {
	r, ok := cat.Requirement(key)
	if !ok {
		return Requirement{}, fmt.Errorf("unknown requirement key %q", key)
	}
	out := Requirement{Key: key, FulfillmentType: r.Fulfillment}
	if r.Fulfillment != catalog.FulfillDocument {
		return out, nil
	}
	out.DocumentTypes = slices.Clone(r.Accepts)
	if len(r.Accepts) == 1 {
		out.DocumentType = r.Accepts[0]
	}
	var cats []string
	for _, a := range r.Accepts {
		if dt, ok := cat.Type(a); ok && !slices.Contains(cats, dt.Category) {
			cats = append(cats, dt.Category)
		}
	}
	if len(cats) == 1 {
		out.DocumentCategory = cats[0]
	}
	return out, nil
}
