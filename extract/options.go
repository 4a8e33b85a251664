package extract

// Answers a form offers ("Negative / Positive") and the check boxes that
// pick one.

import (
	"regexp"
	"sort"
	"strings"
)

// Check boxes as text layers and OCR render them.
var (
	checkedMark   = regexp.MustCompile(`(?i)(?:\[\s*[x✓✔v/]\s*\]|\(\s*[x✓✔]\s*\)|[☒☑✓✔■●▣⊠])`)
	uncheckedMark = regexp.MustCompile(`(?:\[\s*\]|\(\s*\)|[☐□○◯])`)
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
	}
	for i := range hits {
		if nAfter > nBefore {
			hits[i].mark = after[i]
		} else {
			hits[i].mark = before[i]
		}
	}
}

// markEnding reads a box that ends the text (the box before an option).
func markEnding(s string) int {
	t := strings.TrimRight(s, " :")
	switch {
	case t == "":
		return 0
	case endsWith(checkedMark, t):
		return 1
	case endsWith(uncheckedMark, t):
		return -1
	case t == "X" || t == "x" || strings.HasSuffix(t, " X") || strings.HasSuffix(t, " x"):
		return 1
	}
	return 0
}

// markStarting reads a box that starts the text (the box after an option).
func markStarting(s string) int {
	t := strings.TrimLeft(s, " :")
	if loc := checkedMark.FindStringIndex(t); loc != nil && loc[0] == 0 {
		return 1
	}
	if loc := uncheckedMark.FindStringIndex(t); loc != nil && loc[0] == 0 {
		return -1
	}
	return 0
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
	var checked, values []string
	for _, h := range hits {
		values = append(values, h.value)
		switch h.mark {
		case 1:
			boxes = true
			checked = append(checked, h.value)
		case -1:
			boxes = true
		}
	}
	if boxes {
		if len(checked) > 0 && allSame(checked) {
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
var alternatives = regexp.MustCompile(`(?i)^\s*(?:/|\||or|,|;)?\s*$`)

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
