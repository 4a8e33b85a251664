package fraud

import (
	"sort"
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
// the value among them. A copy is a font object: two objects under one
// name and tag are two copies when their programs or widths differ (a
// file made like the page's, by the same library, tags its subsets
// alike); one object read twice, or two objects of one program, is one.
func secondCopy(s *signals, n int, p *uploadPage, f facts) {
	// First the words each font prints, by its full name and object:
	// most pages hold one copy of each face, and nothing more is kept
	// for them.
	words := map[fontCopy]int{}
	for i := range p.marks {
		if m := &p.marks[i]; shownText(m) {
			words[copyOf(m)] += fieldCount(m.Text)
		}
	}
	if len(words) < 2 {
		return
	}
	keys := make([]fontCopy, 0, len(words))
	for k := range words {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].name != keys[j].name {
			return keys[i].name < keys[j].name
		}
		return keys[i].obj < keys[j].obj
	})
	for _, key := range keys {
		base := untagged(key.name)
		if words[key] > 4 {
			continue
		}
		// The one other copy of the face, printing ten words or more.
		var other fontCopy
		copies := 0
		for _, o := range keys {
			if o != key && untagged(o.name) == base {
				other = o
				copies++
			}
		}
		if copies != 1 || words[other] < 10 {
			continue
		}
		var second, first []pdfdraw.Mark
		for i := range p.marks {
			m := &p.marks[i]
			if !shownText(m) {
				continue
			}
			switch copyOf(m) {
			case key:
				second = append(second, *m)
			case other:
				first = append(first, *m)
			}
		}
		texts := make([]string, len(second))
		for i, m := range second {
			texts[i] = m.Text
		}
		value := strings.Join(texts, " ")
		r := run{}
		for _, t := range strings.Fields(value) {
			r.words = append(r.words, pagetext.Word{Text: t})
		}
		if k := f.kind(r); k != "date" && k != "name" {
			continue
		}
		// Under one name and subset tag the second object cannot be a
		// producer's subset for glyphs the first lacks: the tag names one
		// subset in a file, and a producer tags a second one anew.
		sameName := key.name == other.name
		if !oneLine(second) || !coveredBy(value, first) && !(sameName && untagged(key.name) != key.name) {
			continue
		}
		if sameName && !second[0].Face.Differs(first[0].Face, value) {
			continue
		}
		b := second[0].Box
		for _, m := range second[1:] {
			b = b.Union(m.Box)
		}
		bx := toTopLeft(b, p.box)
		if sameName {
			s.addf(CodeFontMismatch, secondCopyWeight, &SignalEvidence{Page: n, Box: &bx, Text: value, Fonts: []string{key.name},
				Sizes: []float64{round1(second[0].Size)}},
				"page %d: %q is the only text printed in font object %d, a second %s beside object %d that prints the page's %d other words, every character of it among them, with another embedded program or other widths: a value brought in from another file",
				n, value, key.obj, key.name, other.obj, words[other])
			return
		}
		s.addf(CodeFontMismatch, secondCopyWeight, &SignalEvidence{Page: n, Box: &bx, Text: value, Fonts: []string{key.name, other.name},
			Sizes: []float64{round1(second[0].Size)}},
			"page %d: %q is the only text printed in %s, a second copy of the font the page prints %d other words in (%s), every character of it among them: a value brought in from another file",
			n, value, key.name, words[other], other.name)
		return
	}
}

// fontCopy is one font object of a page: its name and object number (0
// when the dictionary is direct, and then one per name).
type fontCopy struct {
	name string
	obj  int
}

func copyOf(m *pdfdraw.Mark) fontCopy {
	k := fontCopy{name: m.Font}
	if m.Face != nil {
		k.obj = m.Face.Obj
	}
	return k
}

// shownText: a text mark of the page's own content that paints.
func shownText(m *pdfdraw.Mark) bool {
	return m.Kind == pdfdraw.Text && !m.Invisible && !m.White && m.Annotation == "" && m.Font != "" && strings.TrimSpace(m.Text) != ""
}

// fieldCount is len(strings.Fields(t)) for ASCII spacing, counted
// without the slice.
func fieldCount(t string) int {
	n, in := 0, false
	for i := 0; i < len(t); i++ {
		sp := t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'
		if !sp && !in {
			n++
		}
		in = !sp
	}
	return n
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
