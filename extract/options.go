package extract

// Answers a form offers ("Negative / Positive") and the check boxes that
// pick one.

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// Check boxes as text layers and OCR render them.
var (
	checkedMark   = regexp.MustCompile(`(?i)(?:\[\s*[x✓✔v/]\s*\]|\(\s*[x✓✔]\s*\)|[☒☑✓✔■●▣⊠])`)
	uncheckedMark = regexp.MustCompile(`(?:\[\s*\]|\(\s*\)|[☐□○◯])`)
)

// A box as OCR reads it off a scan, a whole token just before or after
// its option: the bracket may come out as any bracket ("{X)", "(_]") or
// half of one ("x]", "C]"), an empty box as "O", "0", "LJ" or "CO", and
// a tick as a lone X. A box holding anything else ("@", "[e]") may be
// ticked or not: it decides nothing.
var (
	ocrTicked = regexp.MustCompile(`^(?:[\[({|]\s*[xX✓✔vV*+]\s*[\])}|]?|[xX✓✔]\s*[\])}|]|[xX])$`)
	ocrEmpty  = regexp.MustCompile(`^(?:[\[({|][\s_.,'~=\-–—]*[\])}|J]|[_.,'~=\-–—]+[\])}J]|[\[(]\s*[_J]|[CL]\s*[\])J]|CO|oO|Oo|LJ|\(\))$`)
	ocrLoneO  = regexp.MustCompile(`^[Oo0]$`)
	ocrUnsure = regexp.MustCompile(`^(?:[\[({|]\s*[^\s\[\](){}|]{1,2}\s*[\])}|]|[@&®©%#€¢])$`)
)

// Box states.
const (
	markNone       = 0
	markTicked     = 1
	markEmpty      = -1
	markUnreadable = 2 // a box read as something neither ticked nor empty
	// markWeakEmpty is a lone "O" or "0", an empty box only beside other
	// boxes (markBoxes settles it).
	markWeakEmpty = -2
)

// option is one answer a form may give, with the value it means. Options
// are tried in order and a matched span is not matched again, so "not
// detected" is listed before "detected" and "non-negative" before
// "negative".
type option struct {
	re    *regexp.Regexp
	value string
}

func options(pairs ...string) []option {
	var out []option
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, option{re: regexp.MustCompile(`(?i)(?:^|[^\pL])(` + pairs[i] + `)(?:[^\pL]|$)`), value: pairs[i+1]})
	}
	return out
}

type optionHit struct {
	start, end int
	value      string
	mark       int // 1 checked, -1 unchecked, 0 no box
}

// findOptions returns the options present in s, in order, with the state
// of the check box beside each, if any.
func findOptions(s string, opts []option) []optionHit {
	taken := make([]bool, len(s)+1)
	var hits []optionHit
	for _, o := range opts {
		for _, loc := range o.re.FindAllStringSubmatchIndex(s, -1) {
			st, en := loc[2], loc[3]
			free := true
			for i := st; i < en; i++ {
				if taken[i] {
					free = false
					break
				}
			}
			if !free {
				continue
			}
			for i := st; i < en; i++ {
				taken[i] = true
			}
			hits = append(hits, optionHit{start: st, end: en, value: o.value})
		}
	}
	sort.Slice(hits, func(i, j int) bool { return hits[i].start < hits[j].start })
	markBoxes(s, hits)
	return hits
}

// markBoxes sets each option's check box. A form puts its boxes either
// before the options ("[X] Negative  [ ] Positive") or after them ("Pass
// [X]  Fail [ ]"); a box between two options belongs to one of them, so the
// side is decided for the whole group, by which side has boxes on more
// options.
func markBoxes(s string, hits []optionHit) {
	before := make([]int, len(hits))
	after := make([]int, len(hits))
	nBefore, nAfter := 0, 0
	for i, h := range hits {
		from := max(0, h.start-8)
		if i > 0 {
			from = max(from, hits[i-1].end)
		}
		to := min(len(s), h.end+8)
		if i+1 < len(hits) {
			to = min(to, hits[i+1].start)
		}
		if before[i] = markEnding(s[from:h.start]); before[i] != 0 {
			nBefore++
		}
		if after[i] = markStarting(s[h.end:to]); after[i] != 0 {
			nAfter++
		}
		// Two boxes side by side with no answer between them ("Negative
		// Positive ☒ ☐", a text layer that wrote the boxes apart from
		// their words): which answer each belongs to cannot be told.
		wideFrom, wideTo := max(0, h.start-16), min(len(s), h.end+16)
		if i > 0 {
			wideFrom = max(wideFrom, hits[i-1].end)
		}
		if i+1 < len(hits) {
			wideTo = min(wideTo, hits[i+1].start)
		}
		if boxRun(s[wideFrom:h.start]) {
			before[i] = markUnreadable
		}
		if boxRun(s[h.end:wideTo]) {
			after[i] = markUnreadable
		}
	}
	marks := before
	if nAfter > nBefore {
		marks = after
	}
	boxed := 0
	for _, m := range marks {
		if m != markNone {
			boxed++
		}
	}
	for i := range hits {
		hits[i].mark = marks[i]
		if marks[i] == markWeakEmpty {
			// A lone "O" or "0" before an answer is a box only among
			// other boxes, or opening a line the answer ends (a column
			// of boxes): beside other words it is a reading's digit
			// ("(mm) 0 Negative").
			hits[i].mark = markNone
			alone := len(hits) == 1 && len(strings.Fields(s[:hits[i].start])) == 1 && strings.TrimSpace(s[hits[i].end:]) == ""
			if boxed > 1 || alone {
				hits[i].mark = markEmpty
			}
		}
	}
}

// boxRun reports two or more check boxes in s with nothing but spaces
// between them.
func boxRun(s string) bool {
	return adjacentBoxes.MatchString(s)
}

var adjacentBoxes = regexp.MustCompile(`(?i)(?:\[\s*[x✓✔v/]?\s*\]|\(\s*[x✓✔]?\s*\)|[☒☑✓✔■●▣⊠☐□○◯])\s*(?:\[\s*[x✓✔v/]?\s*\]|\(\s*[x✓✔]?\s*\)|[☒☑✓✔■●▣⊠☐□○◯])`)

// markEnding reads a box that ends the text (the box before an option).
func markEnding(s string) int {
	// Any space may part a box from its word: a no-break space
	// ("☒&nbsp;Negative"), a thin one, a tab.
	t := strings.TrimRightFunc(s, boxGap)
	switch {
	case t == "":
		return markNone
	case endsWith(checkedMark, t):
		return markTicked
	case endsWith(uncheckedMark, t):
		return markEmpty
	}
	// OCR may space a box's parts ("{ )", "[ X ]").
	f := strings.Fields(t)
	for n := min(3, len(f)); n > 0; n-- {
		if m := ocrMark(strings.Join(f[len(f)-n:], "")); m != markNone && (n == 1 || shortTokens(f[len(f)-n:])) {
			return m
		}
	}
	return markNone
}

// shortTokens reports tokens that may be the parts of one box OCR spaced
// ("{", ")"), not a box and a word beside it.
func shortTokens(f []string) bool {
	for _, t := range f {
		if len([]rune(t)) > 1 {
			return false
		}
	}
	return true
}

// markStarting reads a box that starts the text (the box after an option).
func markStarting(s string) int {
	t := strings.TrimLeftFunc(s, boxGap)
	if loc := checkedMark.FindStringIndex(t); loc != nil && loc[0] == 0 {
		return markTicked
	}
	if loc := uncheckedMark.FindStringIndex(t); loc != nil && loc[0] == 0 {
		return markEmpty
	}
	f := strings.Fields(t)
	for n := min(3, len(f)); n > 0; n-- {
		if m := ocrMark(strings.Join(f[:n], "")); m != markNone && (n == 1 || shortTokens(f[:n])) {
			return m
		}
	}
	return markNone
}

// boxGap is what may stand between a box and its word.
func boxGap(c rune) bool { return c == ':' || unicode.IsSpace(c) }

// ocrMark reads one token as a box OCR read.
func ocrMark(tok string) int {
	switch {
	case ocrTicked.MatchString(tok):
		return markTicked
	case ocrEmpty.MatchString(tok):
		return markEmpty
	case ocrLoneO.MatchString(tok):
		return markWeakEmpty
	case ocrUnsure.MatchString(tok):
		return markUnreadable
	}
	return markNone
}

func endsWith(re *regexp.Regexp, s string) bool {
	locs := re.FindAllStringIndex(s, -1)
	return len(locs) > 0 && locs[len(locs)-1][1] == len(s)
}

// choose picks the answer from the options found in s: the ticked one
// when the text has check boxes, the only one when there is one. Several
// different unmarked answers are a blank form's choices ("Negative /
// Positive"), unless the first opens the text and the others come well
// after it (a comment, a reference range).
func choose(s string, hits []optionHit) (string, bool) {
	if len(hits) == 0 {
		return "", false
	}
	boxes := false
	var checked, values, unread []string
	for _, h := range hits {
		values = append(values, h.value)
		switch h.mark {
		case markTicked:
			boxes = true
			checked = append(checked, h.value)
		case markEmpty:
			boxes = true
		case markUnreadable:
			boxes = true
			unread = append(unread, h.value)
		}
	}
	if boxes {
		// Only a ticked box decides, and only where no box that might
		// be ticked stands before another answer.
		if len(checked) > 0 && allSame(checked) && (len(unread) == 0 || allSame(append(unread, checked[0]))) {
			return checked[0], true
		}
		return "", false
	}
	if allSame(values) {
		return values[0], true
	}
	// The first answer opening the text is the answer, and what follows
	// a reference or a comment ("POSITIVE  Negative"), unless the answers
	// are offered as alternatives ("Negative / Positive").
	if strings.TrimSpace(s[:hits[0].start]) == "" && !alternatives.MatchString(s[hits[0].end:hits[1].start]) {
		return hits[0].value, true
	}
	// A lab's flagged result in capitals, then its reference in lower
	// case: "POSITIVE Negative".
	first, second := s[hits[0].start:hits[0].end], s[hits[1].start:hits[1].end]
	if strings.TrimSpace(s[:hits[0].start]) == "" && first == strings.ToUpper(first) && second != strings.ToUpper(second) &&
		strings.TrimSpace(s[hits[0].end:hits[1].start]) == "" {
		return hits[0].value, true
	}
	return "", false
}

// alternatives is what separates answers offered side by side; nothing
// but spaces may be that too ("Negative  Positive").
var alternatives = regexp.MustCompile(`(?i)^[\s\p{Zs}]*(?:/|\||or|,|;)?[\s\p{Zs}]*$`)

func allSame(vs []string) bool {
	for _, v := range vs[1:] {
		if v != vs[0] {
			return false
		}
	}
	return true
}

// optionFinder makes a finder of the answer among opts.
func optionFinder(opts []option) finder {
	return func(s string) []hit {
		hits := findOptions(s, opts)
		v, ok := choose(s, hits)
		if !ok {
			return nil
		}
		for _, h := range hits {
			if h.value == v {
				return []hit{{start: h.start, end: h.end, value: v}}
			}
		}
		return nil
	}
}
