package checklist

import (
	"fmt"
	"strings"
	"unicode"
)

// Roles of a checklist table's columns.
type role int

const (
	roleOther role = iota
	roleLabel
	roleGroup
	roleNotes
	roleRequired
	// roleTracking is a column for filling in (a number, "Received", "Date
	// submitted"): nothing the client asks for.
	roleTracking
	// roleStatus is a candidate's progress ("Pending", "Received"), read
	// only for a status that waives the requirement ("Not required").
	roleStatus
)

// headerScanRows bounds how far down a table the header is looked for: a
// title, a job line and a blank row or two come first.
const headerScanRows = 15

// header is a recognised header row.
type header struct {
	row                   int
	label, group, require int // column indexes, -1 when absent
	status                int
	notes                 []int
	others                []int
	names                 []string
}

func headerWords(cell string) []string {
	return strings.FieldsFunc(strings.ToLower(cell), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '#'
	})
}

func hasWord(words []string, set ...string) bool {
	for _, w := range words {
		for _, s := range set {
			if w == s {
				return true
			}
		}
	}
	return false
}

// labelPriority ranks the words naming the requirement column; the lowest
// wins when several columns could be it ("Document" and "Description").
func labelPriority(words []string) int {
	for i, set := range [][]string{
		{"requirement", "requirements"},
		{"item", "items"},
		{"document", "documents", "doc", "docs", "documentation"},
		{"credential", "credentials"},
		{"compliance", "checklist"},
		{"form", "forms"},
		{"name", "title"},
		{"description"},
	} {
		if hasWord(words, set...) {
			return i + 1
		}
	}
	return 0
}

// columnRole classifies one header cell.
func columnRole(cell string) (role, int) {
	words := headerWords(cell)
	if len(words) == 0 || len(words) > 5 {
		return roleOther, 0
	}
	onlyOf := func(set ...string) bool {
		for _, w := range words {
			if !hasWord([]string{w}, set...) {
				return false
			}
		}
		return true
	}
	switch {
	case onlyOf("required", "req", "reqd", "d", "mandatory", "needed", "is", "y", "n", "yes", "no", "must", "have", "x") &&
		hasWord(words, "required", "reqd", "mandatory", "needed", "must"):
		return roleRequired, 0
	case hasWord(words, "category", "categories", "group", "section", "packet", "bucket", "area"):
		return roleGroup, 0
	case onlyOf("status", "state"):
		return roleStatus, 0
	case onlyOf("#", "no", "number", "num", "seq", "line", "id", "ref", "received", "date", "submitted", "complete",
		"completed", "done", "check", "initials", "uploaded", "verified", "by", "x"):
		return roleTracking, 0
	case hasWord(words, "notes", "note", "comments", "comment", "instructions", "instruction", "details", "remarks",
		"guidance", "acceptable", "specifications", "explanation", "additional"):
		return roleNotes, 0
	}
	if p := labelPriority(words); p > 0 {
		return roleLabel, p
	}
	return roleOther, 0
}

// findHeader picks, among the first rows, the one naming most checklist
// columns; it must name the requirement column.
func findHeader(rows [][]string) (header, bool) {
	best, bestScore := header{}, 0
	for r := 0; r < len(rows) && r < headerScanRows; r++ {
		h, score := readHeaderRow(rows[r])
		if h.label < 0 || score <= bestScore {
			continue
		}
		h.row = r
		best, bestScore = h, score
	}
	return best, bestScore > 0
}

func readHeaderRow(row []string) (header, int) {
	h := header{label: -1, group: -1, require: -1, status: -1, names: make([]string, len(row))}
	labelPrio := 0
	var labels []int
	score, filled := 0, 0
	for i, cell := range row {
		cell = strings.TrimSpace(cell)
		h.names[i] = cell
		if cell == "" {
			continue
		}
		filled++
		r, prio := columnRole(cell)
		switch r {
		case roleLabel:
			labels = append(labels, i)
			if labelPrio == 0 || prio < labelPrio {
				h.label, labelPrio = i, prio
			}
			score++
		case roleGroup:
			if h.group < 0 {
				h.group = i
				score++
			} else {
				h.others = append(h.others, i)
			}
		case roleRequired:
			if h.require < 0 {
				h.require = i
				score++
			}
		case roleStatus:
			if h.status < 0 {
				h.status = i
			}
		case roleNotes:
			h.notes = append(h.notes, i)
			score++
		case roleOther:
			h.others = append(h.others, i)
		}
	}
	if h.label < 0 {
		return h, 0
	}
	// Other columns that could have named the requirement carry notes.
	for _, i := range labels {
		if i != h.label {
			h.notes = append(h.notes, i)
		}
	}
	// A lone title cell ("Onboarding Checklist") is a header only when
	// nothing better is found: it scores below any two named columns.
	if filled == 1 {
		return h, 1
	}
	return h, score + 1
}

// requiredValue reads a Required column: yes, no, or something else.
type requiredValue int

const (
	requiredBlank requiredValue = iota
	requiredYes
	requiredNo
	requiredOther
)

func readRequired(v string) requiredValue {
	s := strings.ToLower(strings.Trim(strings.TrimSpace(v), ".!"))
	switch s {
	case "":
		return requiredBlank
	case "y", "yes", "x", "✓", "✔", "☑", "true", "1", "required", "req", "reqd", "req'd", "mandatory", "must", "needed", "r":
		return requiredYes
	case "n", "no", "false", "0", "not required", "not needed", "n/a", "na", "none", "waived", "exempt", "not applicable", "no - not required":
		return requiredNo
	}
	if strings.HasPrefix(s, "no ") || strings.HasPrefix(s, "no,") || strings.HasPrefix(s, "no -") || strings.HasPrefix(s, "not required") {
		return requiredNo
	}
	if strings.HasPrefix(s, "yes") {
		return requiredYes
	}
	return requiredOther
}

// table reads the rows of a checklist table after its header. group is the
// section the table sits in (a heading above it), "" when none.
func (x *extractor) table(rows [][]string, lines []int, h header, o origin, group string) {
	cell := func(row []string, i int) string {
		if i < 0 || i >= len(row) {
			return ""
		}
		return strings.Join(strings.Fields(row[i]), " ")
	}
	width := 0
	for _, n := range h.names {
		if n != "" {
			width++
		}
	}
	for r := h.row + 1; r < len(rows); r++ {
		row := rows[r]
		var values []string
		same, first := true, -1
		for i := range row {
			if v := cell(row, i); v != "" {
				if len(values) > 0 && v != values[0] {
					same = false
				}
				if first < 0 {
					first = i
				}
				values = append(values, v)
			}
		}
		if len(values) == 0 || isHeaderRepeat(row, h) {
			continue
		}
		label := cell(row, h.label)
		line := lines[r]
		// A section row: one value at the start of the row or in the group
		// column ("HEALTH" above the health items), or one value merged
		// across the whole row.
		if same && ((label == "" && len(values) == 1 && (first == h.group || first <= h.label)) || len(values) >= max(2, width)) {
			group = strings.TrimSuffix(values[0], ":")
			continue
		}
		if label == "" {
			continue
		}
		if g := cell(row, h.group); g != "" {
			group = g
		}
		if len(values) == 1 && strings.HasSuffix(label, ":") {
			group = strings.TrimSuffix(label, ":")
			continue
		}
		if len(label) > 200 {
			x.note("%s row %d: a %d-character requirement cell was not read as an item", o, line, len(label))
			continue
		}
		var notes []string
		for _, i := range h.notes {
			if v := cell(row, i); v != "" {
				notes = append(notes, v)
			}
		}
		for _, i := range h.others {
			if v := cell(row, i); v != "" {
				name := h.names[i]
				if name == "" {
					notes = append(notes, v)
				} else {
					notes = append(notes, name+": "+v)
				}
			}
		}
		it := o.item(label, group, strings.Join(notes, "; "), line)
		req := cell(row, h.require)
		if excluded, ok := x.excl.read(label); ok {
			it.Label = excluded
			x.exclude(it, label)
			continue
		}
		switch readRequired(req) {
		case requiredNo:
			x.exclude(it, fmt.Sprintf("%s: %s", h.names[h.require], req))
			continue
		case requiredOther:
			it.Notes = joinNotes(fmt.Sprintf("%s: %s", h.names[h.require], req), it.Notes)
		case requiredBlank:
			if len(notes) > 0 && x.text.notNeededNote.MatchString(notes[0]) {
				x.exclude(it, notes[0])
				continue
			}
		}
		if status := cell(row, h.status); status != "" && x.text.notNeededNote.MatchString(status) {
			x.exclude(it, fmt.Sprintf("%s: %s", h.names[h.status], status))
			continue
		}
		x.list.Items = append(x.list.Items, it)
	}
}

func isHeaderRepeat(row []string, h header) bool {
	n := 0
	for i, v := range row {
		v = strings.TrimSpace(v)
		if v == "" {
			continue
		}
		if i >= len(h.names) || !strings.EqualFold(v, h.names[i]) {
			return false
		}
		n++
	}
	return n > 0
}

func (x *extractor) exclude(it Item, reason string) {
	x.list.Exclusions = append(x.list.Exclusions, Exclusion{Item: it, Reason: reason})
}

func joinNotes(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "; ")
}
