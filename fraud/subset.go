package fraud

import (
	"strings"

	"github.com/clearedtostart/compliance/fraud/pdfdraw"
	"github.com/clearedtostart/compliance/pagetext"
)

// A value typed over in the template's own font, from another file (an
// overlay made apart, a line pasted from another document), brings its
// own copy of that font: the page then holds two subsets of one face
// under two tags, or the face both embedded and not, and the second copy
// prints that value alone. A producer makes a second subset of a face only
// for glyphs the first lacks (past the 256 codes of a simple font, or in
// another encoding); a copy printing only characters the first prints
// elsewhere on the page was brought in from elsewhere. A form's values
// flattened into the page print several fields in their own copy, and
// say nothing here.

// secondCopyWeight does not flag a document alone at MEDIUM: a form
// flattened with one field filled would show the same; beside any other
// sign (a save by an editor, a later revision) it is the edit.
const secondCopyWeight = 0.45

// secondCopy flags a date or name of the document's facts printed, alone
// on its page, in a copy of a font (its name less the subset tag) whose
// other copy prints ten or more of the page's words, every character of
// the value among them.
func secondCopy(s *signals, n int, p *uploadPage, f facts) {
	type copyOf struct {
		marks []pdfdraw.Mark
		words int
	}
	copies := map[string]map[string]*copyOf{} // base name -> full name -> its marks
	for _, m := range p.marks {
		if m.Kind != pdfdraw.Text || m.Invisible || m.White || m.Annotation != "" || strings.TrimSpace(m.Text) == "" || m.Font == "" {
			continue
		}
		base := m.Font
		if i := strings.IndexByte(base, '+'); i == 6 {
			base = base[i+1:]
		}
		if copies[base] == nil {
			copies[base] = map[string]*copyOf{}
		}
		c := copies[base][m.Font]
		if c == nil {
			c = &copyOf{}
			copies[base][m.Font] = c
		}
		c.marks = append(c.marks, m)
		c.words += len(strings.Fields(m.Text))
	}
	for _, byName := range copies {
		if len(byName) != 2 {
			continue
		}
		var pair []*copyOf
		var names []string
		for name, c := range byName {
			pair = append(pair, c)
			names = append(names, name)
		}
		for i, second := range pair {
			first := pair[1-i]
			if first.words < 10 || second.words > 4 {
				continue
			}
			r := run{}
			var texts []string
			for _, m := range second.marks {
				texts = append(texts, m.Text)
			}
			value := strings.Join(texts, " ")
			for _, t := range strings.Fields(value) {
				r.words = append(r.words, pagetext.Word{Text: t})
			}
			if k := f.kind(r); k != "date" && k != "name" {
				continue
			}
			if !oneLine(second.marks) || !coveredBy(value, first.marks) {
				continue
			}
			b := second.marks[0].Box
			for _, m := range second.marks[1:] {
				b = b.Union(m.Box)
			}
			bx := toTopLeft(b, p.box)
			s.addf(CodeFontMismatch, secondCopyWeight, &SignalEvidence{Page: n, Box: &bx, Text: value, Fonts: []string{names[i], names[1-i]},
				Sizes: []float64{round1(second.marks[0].Size)}},
				"page %d: %q is the only text printed in %s, a second copy of the font the page prints %d other words in (%s), every character of it among them: a value brought in from another file",
				n, value, names[i], first.words, names[1-i])
			return
		}
	}
}

// oneLine: the marks share a baseline to a point.
func oneLine(ms []pdfdraw.Mark) bool {
	for _, m := range ms[1:] {
		if d := m.Baseline - ms[0].Baseline; d > 1 || d < -1 {
			return false
		}
	}
	return true
}

// coveredBy: every character of v, spaces aside, is one the marks print.
func coveredBy(v string, ms []pdfdraw.Mark) bool {
	have := map[rune]bool{}
	for _, m := range ms {
		for _, r := range m.Text {
			have[r] = true
		}
	}
	for _, r := range v {
		if r != ' ' && !have[r] {
			return false
		}
	}
	return true
}
