package fraud

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/clearedtostart/compliance/fraud/pdfdraw"
	"github.com/clearedtostart/compliance/pagetext"
)

// A value typed over in the template's own font and size can still be
// told by how its glyphs are painted: the forger's tool fills them in the
// colour picked by eye (a grey of 0.1 where the page prints black), sets
// its own character spacing or horizontal scale to fit the old value's
// width, or fakes a bold by stroking the outline too. A template paints
// its text in a few settings that many words share; the one setting only
// a date or the holder's name uses is the value's own.

// oddSettingWeight flags a document alone at MEDIUM: a date or name of
// the document's fields painted in a colour a shade off the page's text
// (no design picks one), or at a spacing or scale no other word of the
// page uses.
const oddSettingWeight = 0.50

// oddSettingDesignWeight does not flag alone at MEDIUM: a value in a
// colour of its own (red, blue) or in a stroked bold may be the
// template's stress.
const oddSettingDesignWeight = 0.45

// checkOddSetting runs on the drawing of each page of a PDF's document.
func checkOddSetting(d *doc, s *signals, df *docFacts) {
	if d.Upload == nil || d.Upload.image != nil {
		return
	}
	f := df.judged()
	if f.empty() {
		return
	}
	for _, np := range d.uploadPages() {
		oddSetting(s, np, f)
	}
}

func oddSetting(s *signals, np numberedPage, f facts) {
	var marks []pdfdraw.Mark
	for _, m := range np.p.marks {
		if m.Kind != pdfdraw.Text || m.Invisible || m.White || m.Annotation != "" || m.Size <= 0 || alnumCount(m.Text) == 0 {
			continue
		}
		if strings.Contains(strings.ToLower(m.Font), "glyphless") {
			return
		}
		marks = append(marks, m)
	}
	if len(marks) < 20 {
		return
	}
	count := map[pdfdraw.Setting]int{}
	for _, m := range marks {
		count[m.Setting]++
	}
	var dom pdfdraw.Setting
	for st, c := range count {
		if c > count[dom] {
			dom = st
		}
	}
	if count[dom]*5 < len(marks)*4 || len(count) == 1 {
		// Every word painted alike: nothing set apart. No one setting
		// for the page's text: a page painted in many colours says
		// nothing by one more.
		return
	}
	// isFact says which marks print a date or name of the document's
	// facts, and others counts the marks of each setting that print
	// none: only the marks set otherwise than the page are read.
	isFact := make([]bool, len(marks))
	others := map[pdfdraw.Setting]int{}
	// initials counts the marks of one letter or none (a name's "J.")
	// of each setting.
	initials := map[pdfdraw.Setting]int{}
	for i, m := range marks {
		if m.Setting == dom {
			continue
		}
		if k := f.kind(run{words: []pagetext.Word{{Text: m.Text}}}); k == "date" || k == "name" {
			isFact[i] = true
		} else if alnumCount(m.Text) >= 2 {
			others[m.Setting]++
		} else {
			initials[m.Setting]++
		}
	}
	sizes := make([]float64, len(marks))
	for i, m := range marks {
		sizes[i] = m.Size
	}
	sort.Float64s(sizes)
	body := sizes[len(sizes)/2]
	for i, m := range marks {
		st := m.Setting
		if !isFact[i] || st == dom || others[st] > 0 || count[st] > 4 || m.Size > 1.3*body {
			// A name at display size, spaced out or in colour, is a
			// certificate's design.
			continue
		}
		w, what := settingDiffers(st, dom)
		if w == 0 || initials[st] > 0 && !spacedApart(st, dom) {
			// A name's initial set as the name is says nothing of its
			// spacing: a forger fits the old width by spacing or scale,
			// while a name printed whole in a colour of its own, its
			// initial with it, is as often a design's.
			continue
		}
		b := toTopLeft(m.Box, np.p.box)
		s.addf(CodeFontMismatch, w, &SignalEvidence{Page: np.n, Box: &b, Text: m.Text, Fonts: []string{m.Font}, Sizes: []float64{round1(m.Size)}},
			"page %d: %q is painted %s, a setting no other word of the page uses (%d of its %d words are painted alike)",
			np.n, m.Text, what, count[dom], len(marks))
		return
	}
}

// settingDiffers weighs how a value's setting differs from the page's:
// another spacing or scale, a colour a shade off, or a colour or stroke
// of its own; 0 when the difference is none of these.
func settingDiffers(st, dom pdfdraw.Setting) (float64, string) {
	switch {
	case math.Abs(st.CharSpace-dom.CharSpace) > 0.05:
		return oddSettingWeight, fmt.Sprintf("with a character spacing of %.2f where the page's text has %.2f", st.CharSpace, dom.CharSpace)
	case math.Abs(st.HScale-dom.HScale) > 0.02:
		return oddSettingWeight, fmt.Sprintf("at a horizontal scale of %.0f%% where the page's text has %.0f%%", st.HScale*100, dom.HScale*100)
	case st.RenderMode != dom.RenderMode:
		if st.RenderMode == 3 || st.RenderMode == 7 || dom.RenderMode != 0 {
			return 0, ""
		}
		return oddSettingDesignWeight, fmt.Sprintf("in text render mode %d (its outline stroked: a bold faked) where the page's text is filled", st.RenderMode)
	}
	a, okA := toRGB(st)
	b, okB := toRGB(dom)
	if !okA || !okB {
		return 0, ""
	}
	dist := 0.0
	for k := range a {
		dist = max(dist, math.Abs(a[k]-b[k]))
	}
	switch {
	case dist < 0.04:
		// One colour written two ways (gray 0 and RGB 0 0 0).
		return 0, ""
	case dist <= 0.35:
		return oddSettingWeight, fmt.Sprintf("in a colour a shade off the page's text (%.2f %.2f %.2f against %.2f %.2f %.2f)", a[0], a[1], a[2], b[0], b[1], b[2])
	}
	return oddSettingDesignWeight, fmt.Sprintf("in a colour of its own (%.2f %.2f %.2f against %.2f %.2f %.2f)", a[0], a[1], a[2], b[0], b[1], b[2])
}

// spacedApart: st sets its glyphs at a character spacing or horizontal
// scale of its own.
func spacedApart(st, dom pdfdraw.Setting) bool {
	return math.Abs(st.CharSpace-dom.CharSpace) > 0.05 || math.Abs(st.HScale-dom.HScale) > 0.02
}

// toRGB is a device colour as red, green and blue from 0 to 1.
func toRGB(st pdfdraw.Setting) ([3]float64, bool) {
	f := st.Fill
	switch st.Space {
	case "DeviceGray":
		return [3]float64{f[0], f[0], f[0]}, true
	case "DeviceRGB":
		return [3]float64{f[0], f[1], f[2]}, true
	case "DeviceCMYK":
		k := 1 - f[3]
		return [3]float64{(1 - f[0]) * k, (1 - f[1]) * k, (1 - f[2]) * k}, true
	}
	return [3]float64{}, false
}
