package pdfdoc

// Reading text layers: ledongthuc/pdf gives glyphs, laid out here as lines.

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clearedtostart/compliance/pagetext"
	lpdf "github.com/ledongthuc/pdf"
)

// PageText is one page's text layer.
type PageText struct {
	// Page is 1-based.
	Page int
	Text string
	// Layout is the same text as words with their boxes; its Words are
	// empty when Text is.
	Layout pagetext.Page
}

// Texts reads the text layer of the given pages (1-based). A page whose
// text cannot be decoded yields "", so the caller falls back to OCR.
//
// ledongthuc/pdf decodes glyphs and their fonts, but it does not advance
// the position across a run unless the font lists its widths (the standard
// 14 fonts, and composite (CID) fonts as browsers, WeasyPrint and office
// suites embed them, do not): every glyph of a run then sits at the run's
// start, and runs split by kerning land out of order ("an der Berg Maria
// V"). Such pages are placed by poppler (pdftotext -bbox-layout), and each
// placed word takes its font from ledongthuc's glyphs of the same line.
func Texts(data []byte, pages []int) ([]PageText, error) {
	r, err := openText(data)
	if err != nil {
		return nil, err
	}
	out := make([]PageText, 0, len(pages))
	type read struct {
		glyphs []lpdf.Text
		w, h   float64
	}
	reads := make([]read, 0, len(pages))
	var unplaced []int
	for _, p := range pages {
		gs, w, h := pageGlyphs(r, p)
		reads = append(reads, read{gs, w, h})
		pt := PageText{Page: p}
		if glyphsPlaced(gs) {
			pt.Text, pt.Layout = layout(gs, w, h)
		} else {
			unplaced = append(unplaced, len(out))
		}
		out = append(out, pt)
	}
	if len(unplaced) == 0 {
		return out, nil
	}
	first, last := out[unplaced[0]].Page, out[unplaced[0]].Page
	for _, k := range unplaced {
		first, last = min(first, out[k].Page), max(last, out[k].Page)
	}
	// When poppler cannot help, what ledongthuc read stands: its text is
	// in order within runs.
	placedPages, _ := popplerWords(data, first, last)
	for _, k := range unplaced {
		rd := reads[k]
		pp, ok := placedPages[out[k].Page]
		if !ok {
			out[k].Text, out[k].Layout = layout(rd.glyphs, rd.w, rd.h)
			continue
		}
		fontsFromGlyphs(pp.words, rd.glyphs, pp.height)
		out[k].Text, out[k].Layout = layoutWords(pp.words, pp.width, pp.height)
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

// pageGlyphs returns one page's glyphs in the order the page draws them,
// and the page's size; none when the page cannot be decoded.
func pageGlyphs(r *lpdf.Reader, n int) (glyphs []lpdf.Text, w, h float64) {
	defer func() {
		if rec := recover(); rec != nil {
			glyphs = nil
		}
	}()
	p := r.Page(n)
	if p.V.IsNull() {
		return nil, 0, 0
	}
	for _, t := range p.Content().Text {
		if t.S == "\n" || t.S == "" {
			continue
		}
		glyphs = append(glyphs, t)
	}
	w, h = pageSize(p)
	return glyphs, w, h
}

// glyphsPlaced reports whether the glyphs carry usable positions: there are
// some, most have a width, and none is undecodable.
func glyphsPlaced(glyphs []lpdf.Text) bool {
	visible, widthless := 0, 0
	for _, g := range glyphs {
		if strings.ContainsRune(g.S, utf8.RuneError) {
			return false
		}
		if strings.TrimSpace(g.S) == "" {
			continue
		}
		visible++
		if g.W <= 0 {
			widthless++
		}
	}
	// A page ledongthuc reads nothing from is asked of poppler too: it
	// decodes fonts ledongthuc cannot.
	return visible > 0 && widthless*5 < visible
}

// pageSize is the page's MediaBox, inherited from its parents when the
// page has none (US Letter when no ancestor says).
func pageSize(p lpdf.Page) (w, h float64) {
	for v := p.V; !v.IsNull(); v = v.Key("Parent") {
		if mb := v.Key("MediaBox"); mb.Len() == 4 {
			return math.Abs(mb.Index(2).Float64() - mb.Index(0).Float64()), math.Abs(mb.Index(3).Float64() - mb.Index(1).Float64())
		}
	}
	return 612, 792
}

// placed is a glyph's text and its box in top-left page coordinates.
type placed struct {
	s    string
	box  pagetext.Box
	font string
	size float64
}

// layout lays out one page's glyphs as lines: glyphs are grouped by
// baseline (top to bottom), ordered left to right within a line, and a
// space is put where the gap between glyphs is wider than a narrow space,
// so that a label and its value stay on one line and words stay apart
// whichever text operators (Td, Tm, TJ) the producer used. It sorts
// glyphs in place.
func layout(glyphs []lpdf.Text, pageW, pageH float64) (string, pagetext.Page) {
	lay := pagetext.Page{Width: pageW, Height: pageH}
	if len(glyphs) == 0 {
		return "", lay
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
	lineNo := 0
	for _, line := range lines {
		sort.SliceStable(line, func(i, j int) bool { return line[i].X < line[j].X })
		var prevEnd float64
		// Words are built from the same glyphs and spaces as the line's
		// text, so the two never disagree.
		var word []placed
		flush := func() {
			if len(word) == 0 {
				return
			}
			wd := pagetext.Word{Box: word[0].box, Font: word[0].font, Size: word[0].size, Confidence: 100, Line: lineNo}
			var sb strings.Builder
			for _, g := range word {
				sb.WriteString(g.s)
				wd.Box = wd.Box.Union(g.box)
			}
			wd.Text = sb.String()
			lay.Words = append(lay.Words, wd)
			word = word[:0]
		}
		for i, g := range line {
			size := math.Abs(g.FontSize)
			if size == 0 {
				size = 10
			}
			if i > 0 && g.X-prevEnd > 0.18*size && !strings.HasSuffix(b.String(), " ") && g.S != " " {
				b.WriteByte(' ')
				flush()
			}
			b.WriteString(g.S)
			w := g.W
			if w <= 0 {
				w = 0.5 * size
			}
			prevEnd = g.X + w
			for _, part := range splitSpaces(g.S) {
				if part == "" {
					flush()
					continue
				}
				// PDF y grows upwards from the baseline; the box spans
				// the font's body above it and a little below.
				top := pageH - g.Y - 0.8*size
				word = append(word, placed{s: part, font: g.Font, size: size,
					box: pagetext.Box{X0: g.X, Y0: top, X1: g.X + w, Y1: top + size}})
			}
		}
		flush()
		b.WriteByte('\n')
		if hasWords(lay.Words, lineNo) {
			lineNo++
		}
	}
	return normalizeSpace(b.String()), lay
}

// splitSpaces splits a glyph run at its whitespace: "" marks each break,
// so "a b" is ["a", "", "b"] and " " is [""].
func splitSpaces(s string) []string {
	if !strings.ContainsFunc(s, unicode.IsSpace) {
		return []string{s}
	}
	var out []string
	var cur strings.Builder
	for _, r := range s {
		if unicode.IsSpace(r) {
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
			out = append(out, "")
			continue
		}
		cur.WriteRune(r)
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

func hasWords(ws []pagetext.Word, line int) bool {
	return len(ws) > 0 && ws[len(ws)-1].Line == line
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
