package checklist

import (
	"bytes"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"
)

// Item is one requirement as the email lists it.
type Item struct {
	// Label is the requirement as the client writes it ("BLS - AHA only").
	Label string `json:"label"`
	// PacketGroup is the section or category it is listed under, "" when none.
	PacketGroup string `json:"packetGroup,omitempty"`
	Notes       string `json:"notes,omitempty"`
	// Source is "body", "forwarded message body", or an attachment's file name.
	Source string `json:"source"`
	// Sheet is the workbook sheet, Page the PDF page (1-based), when the
	// source has them.
	Sheet string `json:"sheet,omitempty"`
	Page  int    `json:"page,omitempty"`
	// Line is the 1-based line of the body text or of the PDF page, or the
	// row of the CSV file or sheet.
	Line int `json:"line"`
}

// Exclusion is a requirement the email says is not needed ("no drug screen
// needed", a row marked Required: N): reconciliation reports it against the
// sources that do list it.
type Exclusion struct {
	Item
	// Reason is what says so, as written.
	Reason string `json:"reason"`
}

// Checklist is what Extract reads from a message.
type Checklist struct {
	Items      []Item      `json:"items"`
	Exclusions []Exclusion `json:"exclusions,omitempty"`
	// Notes say what was not read and why (an attachment of another type, a
	// scanned PDF, a sheet without a header), for the person reviewing.
	Notes []string `json:"notes,omitempty"`
}

// Source names of the body texts.
const (
	SourceBody          = "body"
	SourceForwardedBody = "forwarded message body"
)

// origin is where lines or rows come from.
type origin struct {
	source string
	sheet  string
	page   int
}

func (o origin) item(label, group, notes string, line int) Item {
	return Item{Label: label, PacketGroup: group, Notes: notes, Source: o.source, Sheet: o.sheet, Page: o.page, Line: line}
}

func (o origin) String() string {
	switch {
	case o.sheet != "":
		return fmt.Sprintf("%s, sheet %q", o.source, o.sheet)
	case o.page > 0:
		return fmt.Sprintf("%s, page %d", o.source, o.page)
	}
	return o.source
}

type extractor struct {
	excl *exclusionReader
	text *textPatterns
	list Checklist
}

// Extract reads the requirement checklist of a message: list items and
// tables of its body, and its CSV, XLSX, PDF and text attachments, those of
// forwarded messages included. Identical items are listed once. A message
// with neither items nor exclusions is an *Error with CodeNoChecklist; the
// Checklist returned with it carries the notes of what was looked at.
func Extract(msg *Message) (Checklist, error) {
	x := &extractor{excl: newExclusionReader(), text: newTextPatterns()}
	x.message(msg, SourceBody)
	x.list.Items = x.dedupeItems(x.list.Items)
	x.list.Exclusions = x.dedupeExclusions(x.list.Exclusions)
	x.conflicts()
	if len(x.list.Items) == 0 && len(x.list.Exclusions) == 0 {
		reason := "no requirement list was found in the body or the attachments"
		if len(x.list.Notes) > 0 {
			reason += " (" + strings.Join(x.list.Notes, "; ") + ")"
		}
		return x.list, &Error{Code: CodeNoChecklist, Reason: reason}
	}
	if x.list.Items == nil {
		x.list.Items = []Item{}
	}
	return x.list, nil
}

func (x *extractor) note(format string, args ...any) {
	x.list.Notes = append(x.list.Notes, fmt.Sprintf(format, args...))
}

func (x *extractor) message(m *Message, bodySource string) {
	x.readText(m.Text, origin{source: bodySource}, textMode{email: true, forward: x.text.forwardSubject.MatchString(m.Subject)})
	for _, a := range m.Attachments {
		x.attachment(a)
	}
	for _, f := range m.Forwarded {
		x.message(f, SourceForwardedBody)
	}
}

// Formats of attachments read.
const (
	kindPDF  = "pdf"
	kindXLSX = "xlsx"
	kindCSV  = "csv"
	kindText = "text"
)

func (x *extractor) attachment(a Attachment) {
	name := a.FileName
	if name == "" {
		name = "(unnamed " + a.MediaType + ")"
	}
	kind := attachmentKind(a)
	switch kind {
	case kindPDF:
		x.pdf(name, a.Data)
	case kindXLSX:
		x.xlsx(name, a.Data)
	case kindCSV:
		x.csv(name, a.Data)
	case kindText:
		text, note := decodeSpreadsheetText(a.Data)
		if note != "" {
			x.note("%s: %s", name, note)
		}
		x.readText(text, origin{source: name}, textMode{})
	default:
		if a.Inline && strings.HasPrefix(a.MediaType, "image/") {
			// A logo or a picture in the signature.
			return
		}
		x.note("attachment %q (%s) ignored: checklists are read from PDF, CSV, XLSX and text files", name, describeType(a))
	}
}

// attachmentKind decides a format from the bytes first (gateways send
// application/octet-stream, senders rename files), then from the name and
// the declared type for text formats, which have no signature.
func attachmentKind(a Attachment) string {
	detected := mimetype.Detect(a.Data)
	ext := strings.ToLower(path.Ext(a.FileName))
	media := strings.ToLower(a.MediaType)
	switch {
	case detected.Is("application/pdf"):
		return kindPDF
	case detected.Is("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
		detected.Is("application/zip") && (ext == ".xlsx" || ext == ".xlsm"):
		return kindXLSX
	case !isText(a.Data):
		return ""
	case ext == ".csv" || ext == ".tsv" || media == "text/csv" || media == "text/tab-separated-values" ||
		media == "application/csv" || media == "text/comma-separated-values" || media == "text/x-csv":
		return kindCSV
	case ext == ".txt" || (media == "text/plain" && ext == ""):
		return kindText
	}
	return ""
}

// isText says data is text in some encoding: UTF-8, or what mimetype's
// detection files under text/plain (legacy code pages included).
func isText(data []byte) bool {
	if len(data) == 0 || bytes.IndexByte(data, 0) >= 0 && !bytes.HasPrefix(data, []byte{0xFF, 0xFE}) && !bytes.HasPrefix(data, []byte{0xFE, 0xFF}) {
		return false
	}
	if utf8.Valid(data) {
		return true
	}
	for m := mimetype.Detect(data); m != nil; m = m.Parent() {
		if m.Is("text/plain") {
			return true
		}
	}
	return false
}

func describeType(a Attachment) string {
	detected := mimetype.Detect(a.Data).String()
	if a.MediaType == "" || a.MediaType == "application/octet-stream" {
		return detected
	}
	return a.MediaType
}

// labelKey is what makes two labels the same item: case, spacing, dashes
// and trailing punctuation aside.
func labelKey(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("–", "-", "—", "-", "’", "'", "‘", "'", "“", "\"", "”", "\"").Replace(s)
	s = strings.Join(strings.Fields(s), " ")
	return strings.Trim(s, " .,;:*")
}

// dedupeItems keeps the first of identical items (the same label, case,
// spacing and dashes aside) and gives it what a later copy adds (a group,
// notes). A copy under another group is noted: one requirement is asked
// for once, and a person sees where else it was listed.
func (x *extractor) dedupeItems(items []Item) []Item {
	return dedupe(items, func(it *Item) *Item { return it }, func(kept *Item, dup Item) {
		x.noteRegroup(*kept, dup)
		fillFrom(kept, dup)
	})
}

func (x *extractor) dedupeExclusions(list []Exclusion) []Exclusion {
	return dedupe(list, func(ex *Exclusion) *Item { return &ex.Item }, fillFrom)
}

// dedupe keeps the first of the entries whose items have the same label
// key, in their order, and merges each later copy's item into it.
func dedupe[E any](list []E, item func(*E) *Item, merge func(kept *Item, dup Item)) []E {
	var out []E
	kept := map[string]int{}
	for _, e := range list {
		it := item(&e)
		key := labelKey(it.Label)
		if i, ok := kept[key]; ok {
			merge(item(&out[i]), *it)
			continue
		}
		kept[key] = len(out)
		out = append(out, e)
	}
	return out
}

func (x *extractor) noteRegroup(kept, dup Item) {
	if kept.PacketGroup != "" && dup.PacketGroup != "" && labelKey(kept.PacketGroup) != labelKey(dup.PacketGroup) {
		x.note("%q is listed under %q (%s) and %q (%s); kept once, under %q", kept.Label, kept.PacketGroup, where(kept), dup.PacketGroup, where(dup), kept.PacketGroup)
	}
}

func fillFrom(dst *Item, src Item) {
	if dst.PacketGroup == "" {
		dst.PacketGroup = src.PacketGroup
	}
	if dst.Notes == "" {
		dst.Notes = src.Notes
	} else if src.Notes != "" && !strings.Contains(strings.ToLower(dst.Notes), strings.ToLower(src.Notes)) {
		dst.Notes += "; " + src.Notes
	}
}

// conflicts notes a requirement the message both lists and calls not
// needed: reconciliation reports it, a person decides.
func (x *extractor) conflicts() {
	for _, ex := range x.list.Exclusions {
		for _, it := range x.list.Items {
			if labelKey(it.Label) == labelKey(ex.Label) {
				x.note("%q is listed (%s) and also said not to be needed (%s: %q)", it.Label, where(it), where(ex.Item), ex.Reason)
			}
		}
	}
}

func where(it Item) string {
	o := origin{source: it.Source, sheet: it.Sheet, page: it.Page}
	unit := "line"
	if ext := strings.ToLower(path.Ext(it.Source)); it.Sheet != "" || ext == ".csv" || ext == ".tsv" {
		unit = "row"
	}
	return fmt.Sprintf("%s, %s %d", o, unit, it.Line)
}
