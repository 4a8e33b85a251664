package fraud

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/clearedtostart/compliance/fraud/pdfdraw"
	"github.com/clearedtostart/compliance/pagetext"
)

// A value deleted from a page's content and drawn again in the template's
// own font and size leaves no odd style behind, only where it was put: by
// eye, or by the coordinates of another file, a fraction of a point off
// the baseline the rest of its line keeps. A template's producer sets
// every run of a line on one baseline to the hundredth of a point, whatever
// its fonts, so on a page where every other line is exact a third of a
// point is the edit. OCR layers, and pages whose producer jitters its
// baselines (two columns drawn apart, cells centred one by one), show more
// than one line off and say nothing.

// offBaselineValueWeight flags the document alone at MEDIUM: of a page
// whose lines each keep one exact baseline, the one line whose date or
// name stands off the rest of it.
const offBaselineValueWeight = 0.50

const (
	// exactBaseline is how far runs of one line drawn by one producer
	// stand apart at most (coordinates rounded to hundredths).
	exactBaseline = 0.02
	// minExactLines other lines of two runs or more, each exact, show the
	// producer keeps its baselines.
	minExactLines = 5
)

type baseMark struct {
	box        pdfdraw.Rect
	base, size float64
	text       string
	// font is the run's font, subset tag dropped: a style a line pairs.
	font string
}

// styleID is a run's font and size to a tenth of a point.
type styleID struct {
	font   string
	size10 int
}

func (m baseMark) styleID() styleID {
	return styleID{m.font, int(math.Round(m.size * 10))}
}

// offBaselineValue flags a date or name of the document's facts whose
// runs share a baseline 0.2 pt or more (and at most a third of the type's
// height) off the one the other runs of its line share, the runs of
// every other line of two or more sharing one to 0.02 pt. Runs much
// smaller than their line's largest (a superscript, a footnote mark) are
// left out.
func offBaselineValue(s *signals, n int, p *uploadPage, f facts) {
	ms := make([]baseMark, 0, len(p.marks))
	for _, m := range p.marks {
		if m.Kind != pdfdraw.Text || m.Invisible || m.White || m.Annotation != "" || m.Size < 4 || alnumCount(m.Text) == 0 {
			continue
		}
		// Horizontal runs only: a turned run's box is as tall as it is long.
		if h := m.Box.Y1 - m.Box.Y0; math.Abs(h-m.Size) > 0.1*m.Size || m.Box.X1 <= m.Box.X0 {
			continue
		}
		ms = append(ms, baseMark{box: m.Box, base: m.Baseline, size: m.Size, text: m.Text, font: untagged(m.Font)})
	}
	if len(ms) < 2*minExactLines {
		return
	}
	slices.SortFunc(ms, func(a, b baseMark) int { return cmp.Compare(b.base, a.base) })
	var lines [][]baseMark
	for i := 0; i < len(ms); {
		j := i + 1
		for j < len(ms) && ms[i].base-ms[j].base <= 0.3*min(ms[i].size, ms[j].size) {
			j++
		}
		lines = append(lines, mainRuns(ms[i:j]))
		i = j
	}
	exact := 0
	var loose []baseMark
	for _, l := range lines {
		if len(l) < 2 {
			continue
		}
		if baseSpread(l) <= exactBaseline {
			exact++
		} else if loose == nil {
			loose = l
		} else {
			return
		}
	}
	if exact < minExactLines || loose == nil {
		return
	}
	pairs := map[[2]styleID]int{}
	for _, l := range lines {
		if len(l) >= 2 && baseSpread(l) <= exactBaseline {
			for i := 1; i < len(l); i++ {
				pairs[[2]styleID{l[i-1].styleID(), l[i].styleID()}]++
			}
		}
	}
	flagOffValue(s, n, p.box, loose, f, pairs)
}

// mainRuns are a line's runs set within 5% of its largest size, left to
// right.
func mainRuns(l []baseMark) []baseMark {
	big := 0.0
	for _, m := range l {
		big = max(big, m.size)
	}
	out := l[:0] // in place: the line's runs are its own
	for _, m := range l {
		if m.size >= 0.95*big {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, func(a, b baseMark) int { return cmp.Compare(a.box.X0, b.box.X0) })
	return out
}

func baseSpread(l []baseMark) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, m := range l {
		lo, hi = min(lo, m.base), max(hi, m.base)
	}
	return hi - lo
}

// flagOffValue: the line's runs fall on two exact baselines 0.2 pt or
// more apart, one of them holding a run of consecutive runs that print a
// date or name of the document's, the other the rest.
func flagOffValue(s *signals, n int, media pdfdraw.Rect, l []baseMark, f facts, pairs map[[2]styleID]int) bool {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, m := range l {
		lo, hi = min(lo, m.base), max(hi, m.base)
	}
	size := l[0].size
	if d := hi - lo; d < 0.2 || d > 0.35*size {
		return false
	}
	var groups [2][]int
	for i, m := range l {
		switch {
		case m.base-lo <= exactBaseline:
			groups[0] = append(groups[0], i)
		case hi-m.base <= exactBaseline:
			groups[1] = append(groups[1], i)
		default:
			return false
		}
	}
	found := -1
	for g, idx := range groups {
		if idx[len(idx)-1]-idx[0] != len(idx)-1 {
			continue // not side by side: the line's runs interleave
		}
		r := run{}
		for _, i := range idx {
			r.words = append(r.words, pagetext.Word{Text: l[i].text})
		}
		if k := f.kind(r); k == "date" || k == "name" {
			if found >= 0 {
				return false // both sides print facts: nothing says which moved
			}
			found = g
		}
	}
	if found < 0 {
		return false
	}
	// The value and the run beside it set in two styles that other lines
	// pair on one exact baseline: the offset is not how the producer sets
	// those two faces side by side (an HTML line mixing fonts sits them a
	// tenth of a point apart).
	g := groups[found]
	var pair [2]styleID
	switch {
	case g[0] > 0:
		pair = [2]styleID{l[g[0]-1].styleID(), l[g[0]].styleID()}
	default:
		pair = [2]styleID{l[g[len(g)-1]].styleID(), l[g[len(g)-1]+1].styleID()}
	}
	if pairs[pair] < 2 {
		return false
	}
	var text []string
	r := l[groups[found][0]].box
	for _, i := range groups[found] {
		text = append(text, l[i].text)
		r = r.Union(l[i].box)
	}
	b := toTopLeft(r, media)
	var rest []string
	for _, i := range groups[1-found] {
		rest = append(rest, l[i].text)
	}
	dev := hi - lo
	value := strings.Join(text, " ")
	s.addf(CodeBaselineShift, offBaselineValueWeight, &SignalEvidence{Page: n, Box: &b, Text: value, Sizes: []float64{round1(size)}, Measure: math.Round(dev*100) / 100},
		"page %d: %q sits %.2f pt off the baseline of %q on its line, while every other line of the page keeps one baseline to %.2f pt",
		n, value, dev, strings.Join(rest, " "), exactBaseline)
	return true
}
