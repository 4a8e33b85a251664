package checklist

import (
	"bytes"
	"encoding/csv"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// csv reads a CSV (or tab-separated) checklist: a header row naming the
// requirement column, then a row per requirement.
func (x *extractor) csv(name string, data []byte) {
	o := origin{source: name}
	text, note := decodeSpreadsheetText(data)
	if note != "" {
		x.note("%s: %s", o, note)
	}
	cr := csv.NewReader(strings.NewReader(text))
	cr.Comma = sniffDelimiter(text)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	cr.ReuseRecord = false
	var rows [][]string
	var lines []int
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			x.note("%s: read up to an unreadable row (%v)", o, err)
			break
		}
		line, _ := cr.FieldPos(0)
		rows = append(rows, rec)
		lines = append(lines, line)
	}
	h, ok := findHeader(rows)
	if !ok {
		x.note("%s not read: no header row naming the requirement column (Requirement, Item, Document, Description) in its first %d rows", o, headerScanRows)
		return
	}
	x.table(rows, lines, h, o, "")
}

// decodeSpreadsheetText reads the encodings Excel writes CSV in: UTF-8 with
// or without a byte-order mark, UTF-16 ("Unicode text"), and the Windows
// code page of "CSV (Comma delimited)".
func decodeSpreadsheetText(data []byte) (string, string) {
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		return string(data[3:]), ""
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		dec := unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder()
		if out, err := dec.Bytes(data); err == nil {
			return string(out), ""
		}
	case utf8.Valid(data):
		return string(data), ""
	}
	out, _ := charmap.Windows1252.NewDecoder().Bytes(data)
	return string(out), "not UTF-8: read as windows-1252"
}

// sniffDelimiter picks the separator of the first lines: a comma, or the
// semicolon of European Excel, or a tab.
func sniffDelimiter(text string) rune {
	counts := map[rune]int{}
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		inQuote := false
		for _, c := range line {
			switch {
			case c == '"':
				inQuote = !inQuote
			case !inQuote && (c == ',' || c == ';' || c == '\t'):
				counts[c]++
			}
		}
		if n++; n == 10 {
			break
		}
	}
	best := ','
	for _, c := range []rune{';', '\t'} {
		if counts[c] > counts[best] {
			best = c
		}
	}
	return best
}
