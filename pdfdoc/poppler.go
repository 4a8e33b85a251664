package pdfdoc

// Words placed by poppler, for text layers ledongthuc/pdf cannot place.

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/pagetext"
)

// popplerWords reads one page's words with pdftotext -bbox-layout (poppler
// is installed for rasterising already). Boxes are in points from the top
// left, as pagetext wants them.
func popplerWords(data []byte, page int) (words []pagetext.Word, w, h float64, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	n := strconv.Itoa(page)
	cmd := exec.CommandContext(ctx, "pdftotext", "-q", "-bbox-layout", "-f", n, "-l", n, "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		return nil, 0, 0, fmt.Errorf("pdftotext page %d: %w", page, err)
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
		return nil, 0, 0, fmt.Errorf("pdftotext page %d: %w", page, err)
	}
	if len(doc.Pages) != 1 {
		return nil, 0, 0, fmt.Errorf("pdftotext page %d: %d pages in its answer", page, len(doc.Pages))
	}
	pg := doc.Pages[0]
	for b, blk := range pg.Blocks {
		for _, l := range blk.Lines {
			for _, wd := range l.Words {
				t := strings.TrimSpace(wd.Text)
				if t == "" {
					continue
				}
				box := pagetext.Box{X0: wd.XMin, Y0: wd.YMin, X1: wd.XMax, Y1: wd.YMax}
				words = append(words, pagetext.Word{Text: t, Box: box, Size: box.Height(), Confidence: 100, Block: b})
			}
		}
	}
	return words, pg.Width, pg.Height, nil
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
		if k := len(lines) - 1; k >= 0 && abs(mid(lines[k][0])-mid(wd)) <= 0.4*size {
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

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}
