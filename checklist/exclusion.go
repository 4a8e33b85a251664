package checklist

import (
	"regexp"
	"strings"
)

// exclusionReader recognises a statement that a requirement is not needed:
// "No drug screen needed", "Drug screen - N/A", "Flu shot not required",
// "Facility does not require a physical", "Physical waived".
//
// A conditional statement ("not required if within 12 months", "N/A for
// PRN staff") excludes nothing: reading it as an exclusion would drop a
// requirement that applies, so it stays an item with its words as notes.
type exclusionReader struct {
	patterns    []*regexp.Regexp
	conditional *regexp.Regexp
	scope       *regexp.Regexp
	mention     *regexp.Regexp
	noStart     *regexp.Regexp
}

func newExclusionReader() *exclusionReader {
	const negated = `(?:not\s+(?:needed|required|necessary|applicable|mandatory)|n/a|waived|exempt(?:ed)?)`
	return &exclusionReader{
		patterns: []*regexp.Regexp{
			// "No drug screen needed", "no physical is required for this assignment"
			regexp.MustCompile(`(?i)^no\s+(?P<label>.+?)\s+(?:is\s+|are\s+|will\s+be\s+)?(?:needed|required|necessary)\b(?P<rest>.*)$`),
			// "No need for a drug screen", "no need to send the physical"
			regexp.MustCompile(`(?i)^no\s+need\s+(?:for|to\s+(?:send|submit|provide|complete|upload|include))\s+(?P<label>.+?)(?P<rest>)$`),
			// "Facility does not require a drug screen", "client doesn't need the physical"
			regexp.MustCompile(`(?i)^(?:the\s+)?(?:facility|client|hospital|unit|manager|they|we)\s+(?:does\s+not|doesn't|do\s+not|don't|will\s+not|won't)\s+(?:require|need)\s+(?P<label>.+?)(?P<rest>)$`),
			// "Do not send a drug screen"
			regexp.MustCompile(`(?i)^(?:please\s+)?(?:do\s+not|don't)\s+(?:send|submit|include|provide)\s+(?P<label>.+?)(?P<rest>)$`),
			// "Drug screen - N/A", "Drug screen: not required", "Drug screen (waived)",
			// "Flu shot is not required this season"
			regexp.MustCompile(`(?i)^(?P<label>.+?)\s*(?:[-–—:]\s*|\(\s*|\s)(?:is\s+|are\s+)?` + negated + `\)?(?P<rest>.*)$`),
		},
		conditional: regexp.MustCompile(`(?i)^\s*[,;(–—-]?\s*(?:if|unless|when|whenever|except|until|provided|only|but|as\s+long\s+as|for\s+(?:any|all|those|staff|nurses|candidates|travelers|prn|per\s+diem|new|returning|rehires?|employees)\b|depending|pending|with(?:in)?\b|after|before|prior|once)`),
		scope:       regexp.MustCompile(`(?i)^\s*(?:(?:for|on|at|with)\s+(?:this|the)\s+(?:assignment|job|position|contract|placement|facility|candidate|role|client|req|requisition|order|unit|site|season)|(?:at\s+this\s+time|this\s+(?:season|year|time)|anymore|either|as\s+well|too))?\s*[.!]*\s*$`),
		mention:     regexp.MustCompile(`(?i)\b(?:not\s+(?:needed|required|necessary)|n/a|waived|no\s+need)\b`),
		noStart:     regexp.MustCompile(`(?i)^no\s`),
	}
}

// read returns the requirement a statement excludes.
func (x *exclusionReader) read(text string) (label string, ok bool) {
	s := strings.TrimSpace(text)
	for _, re := range x.patterns {
		m := re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		label = cleanLabel(m[re.SubexpIndex("label")])
		rest := m[re.SubexpIndex("rest")]
		if label == "" || len(strings.Fields(label)) > 8 || x.conditional.MatchString(rest) || !x.scope.MatchString(rest) {
			return "", false
		}
		if x.mention.MatchString(label) || x.noStart.MatchString(label) {
			return "", false
		}
		return label, true
	}
	return "", false
}

// mentions says a list item speaks of something not being needed ("No
// drug screen" may be one, "No gaps in employment" is a requirement), for
// a note when it is read as an item.
func (x *exclusionReader) mentions(text string) bool {
	return x.mention.MatchString(text) || x.noStart.MatchString(text)
}

// mentionsProse says a sentence speaks of something not being needed.
func (x *exclusionReader) mentionsProse(text string) bool { return x.mention.MatchString(text) }

// cleanLabel trims what surrounds a label in prose: articles, quotes,
// trailing punctuation.
func cleanLabel(s string) string {
	s = strings.TrimSpace(s)
	for _, a := range []string{"a ", "an ", "the ", "any "} {
		if len(s) > len(a) && strings.EqualFold(s[:len(a)], a) {
			s = s[len(a):]
			break
		}
	}
	return strings.Trim(s, " \t\"'“”‘’*_.,;:–—-")
}
