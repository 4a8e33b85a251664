package mapping

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

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
	//
	// In a file entry, a placeholder in braces ("Skills checklist – {dept}",
	// "{state} RN license or compact license") stands for the 1 to
	// MaxPlaceholderWords words a VMS fills in per job. A learned entry is
	// always literal: it is a label a source actually sent.
	Label string
	Target
	// Learned is true for a mapping made through the API (stored in the
	// database) rather than in integrations.yaml.
	Learned bool
}

// MaxPlaceholderWords bounds what a placeholder stands for: a facility,
// department or state name, not a sentence that could change what the
// label asks for ("Skills checklist – ICU, not required").
const MaxPlaceholderWords = 4

// wildcard is a placeholder in a normalised pattern; braces never survive
// Normalize, so no label word can be it.
const wildcard = "{}"

var rePlaceholder = regexp.MustCompile(`\{[A-Za-z][A-Za-z0-9_]*\}`)

// Table maps source labels of one integration to catalog requirements.
// It is immutable: Merge returns a new table.
type Table struct {
	byLabel  map[string]Entry // normalised label or pattern → entry
	order    []string
	patterns []string // the keys of byLabel that hold placeholders, in order
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
		n, err := TableKey(e.Label)
		if err != nil {
			return nil, err
		}
		if j, dup := firstIndex[n]; dup {
			return nil, &DuplicateLabelError{Label: e.Label, FirstLabel: entries[j].Label, Index: i, FirstIndex: j, Normalized: n}
		}
		firstIndex[n] = i
		e.Learned = false
		t.byLabel[n] = e
		t.order = append(t.order, n)
		if strings.Contains(n, wildcard) {
			t.patterns = append(t.patterns, n)
		}
	}
	return t, nil
}

// TableKey is the form a file entry's label is stored and compared under:
// Normalize, with each {placeholder} kept as "{}". A label with no words,
// or with placeholders only (it would match any short label), is an error.
func TableKey(label string) (string, error) {
	locs := rePlaceholder.FindAllStringIndex(label, -1)
	var words []string
	prev := 0
	for _, l := range locs {
		words = append(words, tokens(label[prev:l[0]])...)
		words = append(words, wildcard)
		prev = l[1]
	}
	words = append(words, tokens(label[prev:])...)
	if len(words) == 0 {
		return "", fmt.Errorf("label %q has no words", label)
	}
	if !slices.ContainsFunc(words, func(w string) bool { return w != wildcard }) {
		return "", fmt.Errorf("label %q is only placeholders: it would match any short label", label)
	}
	return strings.Join(words, " "), nil
}

// matchPattern reports whether words fit pattern, each wildcard taking 1
// to MaxPlaceholderWords words.
func matchPattern(pattern, words []string) bool {
	if len(pattern) == 0 {
		return len(words) == 0
	}
	if pattern[0] != wildcard {
		return len(words) > 0 && words[0] == pattern[0] && matchPattern(pattern[1:], words[1:])
	}
	for k := 1; k <= MaxPlaceholderWords && k <= len(words); k++ {
		if matchPattern(pattern[1:], words[k:]) {
			return true
		}
	}
	return false
}

// Conflict is a learned mapping that Merge set aside because the file maps
// the same label (or a pattern the label fits) to other keys.
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
		out.patterns = slices.Clone(t.patterns)
	}
	var conflicts []Conflict
	for _, e := range learned {
		n := Normalize(e.Label)
		if n == "" {
			continue
		}
		e.Learned = true
		// The file's say on the label, by the label itself or a pattern it
		// fits. A learned entry naming the same keys adds nothing (its
		// packet group and order are the file's to set).
		if f, ok := t.fileEntry(e.Label); ok {
			if !slices.Equal(f.Keys(), e.Keys()) {
				conflicts = append(conflicts, Conflict{Learned: e, File: f})
			}
			continue
		}
		if _, exists := out.byLabel[n]; !exists {
			out.order = append(out.order, n)
		}
		out.byLabel[n] = e
	}
	return out, conflicts
}

func sameTarget(a, b Target) bool {
	return a.Key == b.Key && slices.Equal(a.Also, b.Also) && a.PacketGroup == b.PacketGroup && a.SortOrder == b.SortOrder
}

// Lookup returns the entry for a label, compared in normalised form: the
// entry of that very label if there is one, else the one placeholder
// pattern it fits. When it fits patterns that disagree, Lookup finds
// nothing: which one was meant is for a person to say.
func (t *Table) Lookup(label string) (Entry, bool) {
	if t == nil {
		return Entry{}, false
	}
	words := tokens(label)
	if e, ok := t.byLabel[strings.Join(words, " ")]; ok {
		return e, true
	}
	return t.matchPatterns(words)
}

// fileEntry is Lookup among the file's entries only.
func (t *Table) fileEntry(label string) (Entry, bool) {
	if t == nil {
		return Entry{}, false
	}
	words := tokens(label)
	if e, ok := t.byLabel[strings.Join(words, " ")]; ok && !e.Learned {
		return e, true
	}
	return t.matchPatterns(words)
}

func (t *Table) matchPatterns(words []string) (Entry, bool) {
	var found *Entry
	for _, p := range t.patterns {
		if !matchPattern(strings.Fields(p), words) {
			continue
		}
		e := t.byLabel[p]
		if found != nil && !sameTarget(found.Target, e.Target) {
			return Entry{}, false
		}
		if found == nil {
			found = &e
		}
	}
	if found == nil {
		return Entry{}, false
	}
	return *found, true
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
