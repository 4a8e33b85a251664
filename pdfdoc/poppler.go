package pdfdoc

// Words placed by poppler, for text layers ledongthuc/pdf cannot place.

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"math"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/clearedtostart/compliance/pagetext"
	lpdf "github.com/ledongthuc/pdf"
)

// poppledPage is one page as poppler placed it.
type poppledPage struct {
	width, height float64
	words         []pagetext.Word
}

// popplerWords reads the words of pages first..last with pdftotext
// -bbox-layout (poppler is installed for rasterising already), by page
// number. Boxes are in points from the top left, as pagetext wants them.
func popplerWords(data []byte, first, last int) (map[int]poppledPage, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "pdftotext", "-q", "-bbox-layout", "-f", strconv.Itoa(first), "-l", strconv.Itoa(last), "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("pdftotext pages %d-%d: %w", first, last, err)
	}
	var doc struct {
		Pages []struct {
			Width  float64 `xml:"width,attr"`
			Height float64 `xml:"height,attr"`
			Blocks []struct {
				Lines []struct {
					Words []struct {
						XMin float64 `xml:"xMin,attr"`
						YMin float64 `xml:"yMin,attr"`
						XMax float64 `xml:"xMax,attr"`
						YMax float64 `xml:"yMax,attr"`
						Text string  `xml:",chardata"`
					} `xml:"word"`
				} `xml:"line"`
			} `xml:"flow>block"`
		} `xml:"body>doc>page"`
	}
	dec := xml.NewDecoder(bytes.NewReader(out))
	dec.Strict = false
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("pdftotext pages %d-%d: %w", first, last, err)
	}
	if len(doc.Pages) != last-first+1 {
		return nil, fmt.Errorf("pdftotext pages %d-%d: %d pages in its answer", first, last, len(doc.Pages))
	}
	pages := map[int]poppledPage{}
	for i, pg := range doc.Pages {
		pp := poppledPage{width: pg.Width, height: pg.Height}
		for b, blk := range pg.Blocks {
			for _, l := range blk.Lines {
				for _, wd := range l.Words {
					t := strings.TrimSpace(wd.Text)
					if t == "" {
						continue
					}
					box := pagetext.Box{X0: wd.XMin, Y0: wd.YMin, X1: wd.XMax, Y1: wd.YMax}
					pp.words = append(pp.words, pagetext.Word{Text: t, Box: box, Size: box.Height(), Confidence: 100, Block: b})
				}
			}
		}
		pages[first+i] = pp
	}
	return pages, nil
}

// fontsFromGlyphs gives each placed word the font and size of its glyphs
// as ledongthuc read them: their baselines are right even where their x is
// not, and within a line they come in the order the page draws them. A
// word's characters are looked for in its line's glyphs from where the
// previous word ended.
func fontsFromGlyphs(words []pagetext.Word, glyphs []lpdf.Text, pageH float64) {
	type line struct {
		baseline float64
		size     float64
		glyphs   []lpdf.Text
	}
	var lines []*line
	for _, g := range glyphs {
		if strings.TrimSpace(g.S) == "" {
			continue
		}
		size := math.Abs(g.FontSize)
		if size == 0 {
			size = 10
		}
		top := pageH - g.Y
		var into *line
		for _, l := range lines {
			// Baselines of one line agree to a hair; a line of other
			// text can sit a few points away (a caption beside a title).
			if math.Abs(l.baseline-top) <= 0.1*size && l.size == size {
				into = l
				break
			}
		}
		if into == nil {
			into = &line{baseline: top, size: size}
			lines = append(lines, into)
		}
		into.glyphs = append(into.glyphs, g)
	}
	cursor := map[*line]int{}
	for k := range words {
		w := &words[k]
		// The baseline sits about a fifth of the box above its bottom.
		base := w.Box.Y1 - 0.2*w.Box.Height()
		// The nearest lines first: the word's characters are looked for
		// in each until found.
		var near []*line
		for _, c := range lines {
			if math.Abs(c.baseline-base) <= 0.6*max(c.size, w.Box.Height()) {
				near = append(near, c)
			}
		}
		sort.Slice(near, func(i, j int) bool { return math.Abs(near[i].baseline-base) < math.Abs(near[j].baseline-base) })
		first := []rune(w.Text)[0]
	search:
		for _, l := range near {
			// From the cursor first, then from the line's start: a line's
			// runs need not be drawn left to right.
			for _, from := range []int{cursor[l], 0} {
				if i := slices.IndexFunc(l.glyphs[min(from, len(l.glyphs)):], func(g lpdf.Text) bool { return []rune(g.S)[0] == first }); i >= 0 {
					g := l.glyphs[from+i]
					w.Font, w.Size = g.Font, math.Abs(g.FontSize)
					cursor[l] = from + i + utf8.RuneCountInString(w.Text)
					break search
				}
			}
		}
	}
}

// layoutWords lays placed words out as lines the way layout does glyphs:
// words whose middles are within 0.4 of a word's height share a line (a
// label and its value in the next table cell stay on one line), left to
// right. It numbers the lines and returns the text.
func layoutWords(words []pagetext.Word, w, h float64) (string, pagetext.Page) {
	lay := pagetext.Page{Width: w, Height: h}
	sorted := append([]pagetext.Word(nil), words...)
	mid := func(x pagetext.Word) float64 { return (x.Box.Y0 + x.Box.Y1) / 2 }
	sort.SliceStable(sorted, func(i, j int) bool { return mid(sorted[i]) < mid(sorted[j]) })
	var lines [][]pagetext.Word
	for _, wd := range sorted {
		size := max(wd.Box.Height(), 1)
		if k := len(lines) - 1; k >= 0 && math.Abs(mid(lines[k][0])-mid(wd)) <= 0.4*size {
			lines[k] = append(lines[k], wd)
			continue
		}
		lines = append(lines, []pagetext.Word{wd})
	}
	var b strings.Builder
	for n, line := range lines {
		sort.SliceStable(line, func(i, j int) bool { return line[i].Box.X0 < line[j].Box.X0 })
		for i, wd := range line {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(wd.Text)
			wd.Line = n
			lay.Words = append(lay.Words, wd)
		}
		b.WriteByte('\n')
	}
	return normalizeSpace(b.String()), lay
}
