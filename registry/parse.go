package registry

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/namematch"
)

// Codes of a FormatError, stable for callers and tests.
const (
	// CodeHeader: the header row is not the list's.
	CodeHeader = "bad_header"
	// CodeColumnCount: a row has more or fewer fields than the header.
	CodeColumnCount = "bad_column_count"
	// CodeQuoting: a quoted field is unterminated or a quote is misplaced.
	CodeQuoting = "bad_quoting"
	// CodeDate: a date is not in the list's format or not a calendar date.
	CodeDate = "bad_date"
	// CodeValue: a field holds a value the list never uses.
	CodeValue = "bad_value"
	// CodeTruncated: the file stops early (no header, no 0x1A end byte).
	CodeTruncated = "truncated"
	// CodeNoIndividuals: the file holds no listed individual at all.
	CodeNoIndividuals = "no_individuals"
	// CodeDuplicate: an identifier the list keeps unique appears twice.
	CodeDuplicate = "duplicate_id"
	// CodeUnknownRef: an OFAC alt/add/comments row names an ent_num that
	// sdn.csv does not hold.
	CodeUnknownRef = "unknown_ent_num"
	// CodeArchive: the SAM ZIP cannot be read (truncated, corrupt, no CSV).
	CodeArchive = "bad_archive"
	// CodeFileName: the SAM extract's name carries no Julian date.
	CodeFileName = "bad_file_name"
)

// FormatError says why a list file was refused: which file, which line (1-based,
// 0 when the problem concerns the file as a whole) and what was wrong. An
// import shows it and keeps the edition it has.
type FormatError struct {
	File   string
	Line   int
	Code   string
	Reason string
}

func (e *FormatError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s line %d: %s", e.File, e.Line, e.Reason)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Reason)
}

func formatErr(file string, line int, code, format string, args ...any) *FormatError {
	return &FormatError{File: file, Line: line, Code: code, Reason: fmt.Sprintf(format, args...)}
}

// csvFile reads one CSV file of a list with the line numbers a FormatError needs.
type csvFile struct {
	name string
	r    *csv.Reader
}

func newCSVFile(name string, r io.Reader) *csvFile {
	br := bufio.NewReaderSize(r, 1<<16)
	// A byte-order mark is an editor's artefact, not part of the first field.
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
		_, _ = br.Discard(3)
	}
	cr := csv.NewReader(br)
	// Column counts are checked here for a message naming the list's count.
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	return &csvFile{name: name, r: cr}
}

// next returns the next record and its first line, io.EOF at the end, a
// *FormatError for malformed CSV, or the reader's own error.
func (f *csvFile) next() ([]string, int, error) {
	rec, err := f.r.Read()
	if err == nil {
		line, _ := f.r.FieldPos(0)
		return rec, line, nil
	}
	if err == io.EOF {
		return nil, 0, io.EOF
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		switch {
		case errors.Is(pe.Err, csv.ErrQuote):
			return nil, 0, formatErr(f.name, pe.StartLine, CodeQuoting,
				"quoted field starting on this line is unterminated or has a stray quote (column %d of line %d)", pe.Column, pe.Line)
		case errors.Is(pe.Err, csv.ErrBareQuote):
			return nil, 0, formatErr(f.name, pe.StartLine, CodeQuoting,
				"bare quote inside an unquoted field (column %d of line %d)", pe.Column, pe.Line)
		}
		return nil, 0, formatErr(f.name, pe.StartLine, CodeQuoting, "malformed CSV: %v", pe.Err)
	}
	return nil, 0, fmt.Errorf("registry: reading %s: %w", f.name, err)
}

// header reads the header row, its fields trimmed.
func (f *csvFile) header() ([]string, error) {
	head, _, err := f.next()
	if err == io.EOF {
		return nil, formatErr(f.name, 0, CodeTruncated, "empty file: no header row")
	}
	if err != nil {
		return nil, err
	}
	return trimAll(head), nil
}

// rows calls row with each further record, once its field count is checked,
// and its first line. It stops at the end of the file or at the first
// error, its own or row's.
func (f *csvFile) rows(columns int, row func(rec []string, line int) error) error {
	for {
		rec, line, err := f.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if len(rec) != columns {
			return formatErr(f.name, line, CodeColumnCount, "%d fields, want %d", len(rec), columns)
		}
		if err := row(rec, line); err != nil {
			return err
		}
	}
}

func trimAll(rec []string) []string {
	out := make([]string, len(rec))
	for i, s := range rec {
		out[i] = strings.TrimSpace(s)
	}
	return out
}

// checkHeader compares a header row with the expected one.
func checkHeader(file string, got, want []string) error {
	if len(got) != len(want) {
		return formatErr(file, 1, CodeHeader, "header has %d columns, want %d (%s)", len(got), len(want), strings.Join(want, ","))
	}
	for i := range want {
		if got[i] != want[i] {
			return formatErr(file, 1, CodeHeader, "header column %d is %q, want %q", i+1, got[i], want[i])
		}
	}
	return nil
}

func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// parseDigitsDate reads a date printed with a fixed layout of digits (the
// layout's letters: YYYY, MM, DD; other bytes must match) without time.Parse's
// allocation, and checks it is a calendar date.
func parseDigitsDate(s, layout string) (time.Time, bool) {
	if len(s) != len(layout) {
		return time.Time{}, false
	}
	var y, m, d int
	for i := 0; i < len(layout); i++ {
		c := s[i]
		switch layout[i] {
		case 'Y', 'M', 'D':
			if c < '0' || c > '9' {
				return time.Time{}, false
			}
			v := int(c - '0')
			switch layout[i] {
			case 'Y':
				y = y*10 + v
			case 'M':
				m = m*10 + v
			default:
				d = d*10 + v
			}
		default:
			if c != layout[i] {
				return time.Time{}, false
			}
		}
	}
	return calendarDate(y, m, d)
}

func calendarDate(y, m, d int) (time.Time, bool) {
	if y < 1800 || y > 2200 || m < 1 || m > 12 || d < 1 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return time.Time{}, false
	}
	return t, true
}

func isoDate(t time.Time) string { return t.Format(time.DateOnly) }

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// validNPI accepts the 10 digits of an NPI; "" and the all-zero placeholder
// mean none.
func validNPI(s string) (npi string, ok bool) {
	switch {
	case s == "" || s == "0000000000":
		return "", true
	case len(s) == 10 && allDigits(s):
		return s, true
	}
	return "", false
}

// generationalSuffixes end a surname column without being part of the name.
var generationalSuffixes = map[string]bool{"JR": true, "JR.": true, "SR": true, "SR.": true, "II": true, "III": true, "IV": true}

// splitSuffix separates a generational suffix the list printed at the end of
// a surname ("SMITH JR").
func splitSuffix(last string) (string, string) {
	i := strings.LastIndexByte(last, ' ')
	if i <= 0 {
		return last, ""
	}
	if s := last[i+1:]; generationalSuffixes[strings.ToUpper(s)] {
		return strings.TrimSpace(last[:i]), s
	}
	return last, ""
}

// NameFromLastFirst parses OFAC's "LAST, First Middle" (the first word after
// the comma is the first name, the rest the middle); a name without a comma
// is read as NameFromReadingOrder does.
func NameFromLastFirst(s string) Name {
	s = strings.Join(strings.Fields(s), " ")
	if i := strings.IndexByte(s, ','); i >= 0 {
		last := strings.TrimSpace(s[:i])
		rest := strings.Fields(strings.ReplaceAll(s[i+1:], ",", " "))
		n := Name{Last: last}
		if len(rest) > 0 {
			n.First = rest[0]
			n.Middle = strings.Join(rest[1:], " ")
		}
		return n
	}
	return NameFromReadingOrder(s)
}

// surnameParticles start a compound surname in reading order ("MARIA DE LA
// CRUZ", "Abu Bakr AL BAGHDADI").
var surnameParticles = map[string]bool{"DE": true, "DEL": true, "DELA": true, "DELLA": true, "LA": true, "LAS": true,
	"LOS": true, "DA": true, "DAS": true, "DO": true, "DOS": true, "DI": true, "DU": true, "VAN": true, "VON": true,
	"DER": true, "DEN": true, "LE": true, "ST": true, "ST.": true, "BIN": true, "IBN": true, "AL": true, "EL": true}

// NameFromReadingOrder parses "FIRST M LAST" (SAM's cross-references): a
// generational suffix at the end is dropped, and the surname starts at the
// first particle (DE, LA, AL, BIN…) after the first name, else it is the
// last word.
func NameFromReadingOrder(s string) Name {
	parts := strings.Fields(strings.ReplaceAll(s, ",", " "))
	for len(parts) > 1 && generationalSuffixes[strings.ToUpper(parts[len(parts)-1])] {
		parts = parts[:len(parts)-1]
	}
	return Name(namematch.SplitReadingOrder(parts, func(w string) bool { return surnameParticles[strings.ToUpper(w)] }))
}

// uniqueID returns id, or id-2, id-3… when an earlier record holds it, so
// SourceIDs stay unique within a list.
func uniqueID(seen map[string]int, id string) string {
	n := seen[id]
	seen[id] = n + 1
	if n == 0 {
		return id
	}
	for {
		n++
		alt := fmt.Sprintf("%s-%d", id, n)
		if seen[alt] == 0 {
			seen[alt] = 1
			return alt
		}
	}
}
