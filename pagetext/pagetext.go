// Package pagetext is a page's words with their boxes: the one form in
// which a PDF text layer and Tesseract's OCR both hand text to the readers,
// so fields can be read by layout (a value right of or under its label, a
// name by where it stands) and fonts compared (a name typed over in another
// font), whichever way the page was read.
//
// Coordinates are PDF points (1/72 inch) from the page's top-left corner,
// y growing downwards, the way a reader scans a page; OCR boxes are scaled
// from pixels by the raster's resolution.
package pagetext

import (
	"sort"
	"strings"
)

// Box is a rectangle on the page.
type Box struct {
	X0 float64 `json:"x0"`
	Y0 float64 `json:"y0"`
	X1 float64 `json:"x1"`
	Y1 float64 `json:"y1"`
}

// Union is the smallest box holding both.
func (b Box) Union(o Box) Box {
	return Box{X0: min(b.X0, o.X0), Y0: min(b.Y0, o.Y0), X1: max(b.X1, o.X1), Y1: max(b.Y1, o.Y1)}
}

// Height is the box's height.
func (b Box) Height() float64 { return b.Y1 - b.Y0 }

// Word is one word as printed.
type Word struct {
	Text string `json:"text"`
	Box  Box    `json:"box"`
	// Font and Size are the text layer's font name and size in points;
	// OCR knows neither (Font "", Size the box height).
	Font string  `json:"font,omitempty"`
	Size float64 `json:"size,omitempty"`
	// Confidence is OCR's word confidence, 0..100; a text layer's words
	// are 100.
	Confidence float64 `json:"conf"`
	// Line numbers the page's lines in reading order, from 0; words of one
	// line share it. Block groups lines OCR found together (a text layer
	// has one block, 0).
	Line  int `json:"line"`
	Block int `json:"block"`
}

// Page is one page's words.
type Page struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Words  []Word  `json:"words"`
}

// Lines returns the page's words line by line, each line left to right.
func (p Page) Lines() [][]Word {
	byLine := map[int][]Word{}
	var order []int
	for _, w := range p.Words {
		if _, ok := byLine[w.Line]; !ok {
			order = append(order, w.Line)
		}
		byLine[w.Line] = append(byLine[w.Line], w)
	}
	sort.Ints(order)
	out := make([][]Word, 0, len(order))
	for _, l := range order {
		ws := byLine[l]
		sort.SliceStable(ws, func(i, j int) bool { return ws[i].Box.X0 < ws[j].Box.X0 })
		out = append(out, ws)
	}
	return out
}

// Text is the page's text, a line per line, words joined by spaces.
func (p Page) Text() string {
	lines := p.Lines()
	parts := make([]string, 0, len(lines))
	for _, l := range lines {
		ws := make([]string, len(l))
		for i, w := range l {
			ws[i] = w.Text
		}
		parts = append(parts, strings.Join(ws, " "))
	}
	return strings.Join(parts, "\n")
}
