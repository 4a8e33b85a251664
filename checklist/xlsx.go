package checklist

import (
	"bytes"
	"strings"

	"github.com/xuri/excelize/v2"
)

// xlsxUnzipLimit bounds a workbook unpacked in memory: a checklist is a few
// hundred rows, a zip bomb is not.
const xlsxUnzipLimit = 64 << 20

// xlsx reads every visible sheet with a recognisable header row. A merged
// cell (a category spanning its items) counts for every cell it covers.
func (x *extractor) xlsx(name string, data []byte) {
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: xlsxUnzipLimit, UnzipXMLSizeLimit: xlsxUnzipLimit})
	if err != nil {
		x.note("%s: the workbook cannot be read (%v)", name, err)
		return
	}
	defer f.Close()
	for _, sheet := range f.GetSheetList() {
		o := origin{source: name, sheet: sheet}
		if visible, err := f.GetSheetVisible(sheet); err == nil && !visible {
			x.note("%s skipped: the sheet is hidden", o)
			continue
		}
		rows, err := f.GetRows(sheet)
		if err != nil {
			x.note("%s: cannot be read (%v)", o, err)
			continue
		}
		merges, err := f.GetMergeCells(sheet)
		if err != nil {
			x.note("%s: merged cells cannot be read (%v); read without them", o, err)
		}
		rows = fillMerged(rows, merges)
		if !hasContent(rows) {
			continue
		}
		h, ok := findHeader(rows)
		if !ok {
			x.note("%s not read: no header row naming the requirement column (Requirement, Item, Document, Description) in its first %d rows", o, headerScanRows)
			continue
		}
		lines := make([]int, len(rows))
		for i := range lines {
			lines[i] = i + 1
		}
		x.table(rows, lines, h, o, "")
	}
}

func fillMerged(rows [][]string, merges []excelize.MergeCell) [][]string {
	for _, mc := range merges {
		c1, r1, err1 := excelize.CellNameToCoordinates(mc.GetStartAxis())
		c2, r2, err2 := excelize.CellNameToCoordinates(mc.GetEndAxis())
		if err1 != nil || err2 != nil {
			continue
		}
		v := mc.GetCellValue()
		for r := r1; r <= r2; r++ {
			for len(rows) < r {
				rows = append(rows, nil)
			}
			for len(rows[r-1]) < c2 {
				rows[r-1] = append(rows[r-1], "")
			}
			for c := c1; c <= c2; c++ {
				rows[r-1][c-1] = v
			}
		}
	}
	return rows
}

func hasContent(rows [][]string) bool {
	for _, row := range rows {
		for _, c := range row {
			if strings.TrimSpace(c) != "" {
				return true
			}
		}
	}
	return false
}
