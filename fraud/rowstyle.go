package fraud

import (
	"math"
	"strings"
)

// A value retyped over a document in the template's own font, with
// nothing left under it (the old value taken out of the content stream,
// or the page drawn again with the new one), shows only in how it is
// set: the forger's tool had the face but not the template's style, and
// the new date or name comes out bold, or a point or two larger or
// smaller, by eye. A template prints its labelled rows alike: every
// row's value in one style, set as the label before it or in a style
// of its own that every row repeats. The one row whose value is set
// otherwise, its label set as the others', is the one retyped. Design
// stresses a value too (a name or an expiry in bold): that alone does
// not flag at MEDIUM; another size in the same face, between a label
// and a column of values set at one size, does.

// oddRowSizeWeight flags a document alone at MEDIUM: a labelled row's
// date or name set 4.5% or more (up to a fifth) larger or smaller than
// the value of every other row, all set at one size, in the same face.
const oddRowSizeWeight = 0.50

// oddRowWeightWeight does not flag alone at MEDIUM: a template may set
// the value it wants read (the holder's name, the expiry) in bold.
const oddRowWeightWeight = 0.45

// stressedNameRatio is the most a name is set larger than its sibling
// values and still taken for a design's stress.
const stressedNameRatio = 1.06

// labelledRow is a printed line read as a label and the value after it.
type labelledRow struct {
	label, value run
	// column: the value stands in a column of its own, apart from its
	// label, rather than after it in one phrase.
	column bool
}

// labelledRows reads each line of a page that starts with a label as a
// label and a value: the label's phrase and the next phrase (a value in
// a column of its own), or, in one phrase, the label's run and the run
// after it (a value in another style), or the words after the label's
// colon (a value set as its label).
func labelledRows(lay layout, tokens map[string]bool) []labelledRow {
	var rows []labelledRow
	for _, ph := range lay.phrases {
		if len(ph) == 0 {
			continue
		}
		first := ph[0]
		switch {
		case len(first) >= 2 && first[0].labelish():
			rows = append(rows, labelledRow{label: first[0], value: first[1]})
		case len(first) == 1 && colonInside(first[0]) > 0:
			// One run: a label ending in a colon and its value set alike.
			r, k := first[0], colonInside(first[0])
			rows = append(rows, labelledRow{label: run{words: r.words[:k], st: r.st}, value: run{words: r.words[k:], st: r.st}})
		case len(ph) >= 2 && labelLike(joinRuns(first), tokens):
			rows = append(rows, labelledRow{joinRuns(first), ph[1][0], true})
		}
	}
	return rows
}

// colonInside is the number of a run's words up to the first that ends
// in a colon, when words follow it; 0 when none does.
func colonInside(r run) int {
	for k, w := range r.words[:len(r.words)-1] {
		if strings.HasSuffix(w.Text, ":") {
			return k + 1
		}
	}
	return 0
}

// oddRowValue flags a date or name of the document's fields, the value
// of a labelled row, set in the face of the page's other rows' values but
// in another weight or size, where three or more other rows, their
// labels set as its label, all set their values alike.
func oddRowValue(s *signals, n int, lay layout, f facts) {
	p := lay.page
	if s.has(CodeFontMismatch) {
		return
	}
	rows := labelledRows(lay, f.names)
	for i, r := range rows {
		k := f.kind(r.value)
		if k != "date" && k != "name" || inMargin(r.value.box(), p.Height) || symbolFont(r.value.st.family) || lay.stressed(r.value) {
			continue
		}
		var ref style
		others, alike := 0, 0
		x := r.value.box().X0
		for j, o := range rows {
			if j == i || !o.label.st.sameKey(r.label.st) {
				continue
			}
			if r.column && (!o.column || math.Abs(o.value.box().X0-x) > 2) {
				// A value in a column of its own is compared with its
				// column: design sets a value apart by its place too.
				continue
			}
			others++
			if others == 1 {
				ref = o.value.st
			}
			// One tool sets one template's values at one size, to a
			// twentieth of a point.
			if o.value.st.family == ref.family && o.value.st.variant == ref.variant && math.Abs(o.value.st.size-ref.size) <= 0.05 {
				alike++
			}
		}
		if others < 3 || alike != others || ref.family != r.value.st.family {
			continue
		}
		ratio := r.value.st.size / ref.size
		w := oddRowWeightWeight
		switch {
		case ratio < 0.83 || ratio > 1.2:
			// Set far apart: a display line, not a value retyped by eye.
			continue
		case r.value.st.variant != ref.variant:
			if others < 4 {
				// Stress is design as often: a column of four or more
				// values must show the template's style (oddColumnDate).
				continue
			}
		case math.Abs(ratio-1) <= 0.045:
			// Set alike, give or take a rounding.
			continue
		case k == "name" && ratio > 1 && ratio <= stressedNameRatio:
			// The holder's name a half point larger than the values
			// around it (11.5 pt among 11) is a design's stress as often
			// as a retyping: it corroborates only.
			w = oddRowWeightWeight
		default:
			w = oddRowSizeWeight
		}
		b := r.value.box()
		s.addf(CodeFontMismatch, w, styleEvidence(n, b, r.value.text(), r.value.st, ref),
			"page %d: the %s %q (after %q) is set in %s, while the page's %d other labelled rows set their values alike in %s (it is at %.0f%% of their size)",
			n, k, r.value.text(), r.label.text(), r.value.st, others, ref, math.Round(ratio*100))
		return
	}
}
