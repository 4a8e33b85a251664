package pdfdoc

// Reading text layers: ledongthuc/pdf gives glyphs, laid out here as lines.

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strings"

	lpdf "github.com/ledongthuc/pdf"
)

// PageText is one page's text layer.
type PageText struct {
	// Page is 1-based.
	Page int
	Text string
}

// Texts reads the text layer of the given pages (1-based). A page whose
// text cannot be decoded yields "", so the caller falls back to OCR.
func Texts(data []byte, pages []int) ([]PageText, error) {
	r, err := openText(data)
	if err != nil {
		return nil, err
	}
	out := make([]PageText, 0, len(pages))
	for _, p := range pages {
		out = append(out, PageText{Page: p, Text: pageText(r, p)})
	}
	return out, nil
}

func openText(data []byte) (r *lpdf.Reader, err error) {
	defer func() {
		if rec := recover(); rec != nil {
			r, err = nil, fmt.Errorf("%w (text reader panic: %v)", ErrCorrupt, rec)
		}
	}()
	r, err = lpdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, classify(err)
	}
	return r, nil
}

// pageText lays out one page's glyphs as lines: glyphs are grouped by
// baseline (top to bottom), ordered left to right within a line, and a
// space is put where the gap between glyphs is wider than a narrow space,
// so that a label and its value stay on one line and words stay apart
// whichever text operators (Td, Tm, TJ) the producer used.
func pageText(r *lpdf.Reader, n int) (text string) {
	defer func() {
		if rec := recover(); rec != nil {
			text = ""
		}
	}()
	p := r.Page(n)
	if p.V.IsNull() {
		return ""
	}
	var glyphs []lpdf.Text
	for _, t := range p.Content().Text {
		if t.S == "\n" || t.S == "" {
			continue
		}
		glyphs = append(glyphs, t)
	}
	return layout(glyphs)
}

func layout(glyphs []lpdf.Text) string {
	if len(glyphs) == 0 {
		return ""
	}
	sort.SliceStable(glyphs, func(i, j int) bool { return glyphs[i].Y > glyphs[j].Y })
	var lines [][]lpdf.Text
	for _, g := range glyphs {
		size := math.Abs(g.FontSize)
		if size == 0 {
			size = 10
		}
		if k := len(lines) - 1; k >= 0 && math.Abs(lines[k][0].Y-g.Y) <= 0.4*size {
			lines[k] = append(lines[k], g)
			continue
		}
		lines = append(lines, []lpdf.Text{g})
	}
	var b strings.Builder
	for _, line := range lines {
		sort.SliceStable(line, func(i, j int) bool { return line[i].X < line[j].X })
		var prevEnd float64
		for i, g := range line {
			size := math.Abs(g.FontSize)
			if size == 0 {
				size = 10
			}
			if i > 0 && g.X-prevEnd > 0.18*size && !strings.HasSuffix(b.String(), " ") && g.S != " " {
				b.WriteByte(' ')
			}
			b.WriteString(g.S)
			w := g.W
			if w <= 0 {
				w = 0.5 * size
			}
			prevEnd = g.X + w
		}
		b.WriteByte('\n')
	}
	return normalizeSpace(b.String())
}

func normalizeSpace(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r", "\n"), "\n")
	out := lines[:0]
	for _, l := range lines {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// HasText reports whether a text layer carries enough to read: a page with a
// handful of characters (a scanner's page stamp) still needs OCR.
func HasText(text string) bool {
	n := 0
	for _, r := range text {
		if r > ' ' {
			n++
		}
	}
	return n >= 25
}
