package checklist

import (
	"regexp"
	"sort"
	"strings"
)

// jobRefChars is a job reference as MSPs and VMSs write them: letters,
// digits and separators, with at least one digit so that "job posting" or
// "order form" is no reference.
const jobRefChars = `([A-Za-z0-9][A-Za-z0-9._/-]*\d[A-Za-z0-9._/-]*|\d)`

// DefaultJobRefPatterns are the ways clients name a job in a subject or body:
// "Job #ABC-123", "Job ID: 12345", "Req ID 5531", "Requisition 88-4410",
// "[JOB-123]", "Order # 99812", "for job 12345". The first submatch of each
// is the reference. Each call returns new values, so a caller may append
// its integration's own patterns.
func DefaultJobRefPatterns() []*regexp.Regexp {
	const marker = `\s*(?:(?:#|no\.?|num(?:ber)?|id|ref(?:erence)?)\s*[:#]?|[:#])\s*`
	return []*regexp.Regexp{
		regexp.MustCompile(`(?i)\[\s*(JOB[-_ #]?[A-Z0-9][A-Z0-9._-]*)\s*\]`),
		regexp.MustCompile(`(?i)\bjob\b` + marker + jobRefChars),
		regexp.MustCompile(`(?i)\b(?:requisition|req)\b\.?(?:` + marker + `|\s+)` + jobRefChars),
		regexp.MustCompile(`(?i)\b(?:order|position|posting)\b` + marker + jobRefChars),
		regexp.MustCompile(`(?i)\bfor\s+(?:the\s+)?job\s+` + jobRefChars),
		// "Job 12345" without a marker only when the number is long enough
		// not to be a count ("job 3 of 5").
		regexp.MustCompile(`(?i)\bjob\s+(\d{4,}|[A-Z]{2,5}-?\d{3,})\b`),
	}
}

// JobRefs lists the job references the subject and body name, in the order
// they appear (subject first, then the body, then forwarded messages), each
// once. patterns nil means DefaultJobRefPatterns. A pattern's first submatch
// is the reference, or its whole match when it has none.
func (m *Message) JobRefs(patterns []*regexp.Regexp) []string {
	if patterns == nil {
		patterns = DefaultJobRefPatterns()
	}
	var refs []string
	seen := map[string]bool{}
	var visit func(m *Message)
	visit = func(m *Message) {
		for _, text := range []string{m.Subject, m.Text} {
			for _, found := range findRefs(text, patterns) {
				if key := strings.ToUpper(found); !seen[key] {
					seen[key] = true
					refs = append(refs, found)
				}
			}
		}
		for _, f := range m.Forwarded {
			visit(f)
		}
	}
	visit(m)
	return refs
}

// findRefs returns the references in text ordered by where they start; of
// matches that overlap (two patterns reading one mention), the first kept.
func findRefs(text string, patterns []*regexp.Regexp) []string {
	type hit struct {
		start, end int
		ref        string
	}
	var hits []hit
	for _, re := range patterns {
		for _, loc := range re.FindAllStringSubmatchIndex(text, -1) {
			s, e := loc[0], loc[1]
			if len(loc) >= 4 && loc[2] >= 0 {
				s, e = loc[2], loc[3]
			}
			ref := strings.TrimRight(text[s:e], ".,;:/-_")
			if ref == "" {
				continue
			}
			hits = append(hits, hit{loc[0], loc[1], ref})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].start < hits[j].start })
	var out []string
	end := -1
	for _, h := range hits {
		if h.start < end {
			continue
		}
		out = append(out, h.ref)
		end = h.end
	}
	return out
}
