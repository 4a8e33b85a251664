package checklist

import (
	"regexp"
	"strings"
	"testing"
)

func TestJobRefs(t *testing.T) {
	tests := []struct {
		subject, text string
		want          []string
	}{
		{"Job #ABC-123 requirements", "", []string{"ABC-123"}},
		{"", "Job ID: 12345.", []string{"12345"}},
		{"RE: Req ID 5531 - ICU", "", []string{"5531"}},
		{"Requisition 88-4410", "", []string{"88-4410"}},
		{"Requisition #: R-2024-0917", "", []string{"R-2024-0917"}},
		{"[JOB-123] checklist", "", []string{"JOB-123"}},
		{"Order # 99812", "", []string{"99812"}},
		{"", "Please attach these for job 77120 today.", []string{"77120"}},
		{"Job 20931 - Peds", "", []string{"20931"}},
		// The subject first, then the body; one mention read by two
		// patterns counts once, and a reference repeated in the body too.
		{"Job #SLH-40217 - Maria", "for Job #SLH-40217 and Req ID 5531", []string{"SLH-40217", "5531"}},
		// Words that are not references.
		{"Job posting for an ICU RN", "The job is 3 of 5 shifts; order form attached; required documents", nil},
		{"Jobs: many", "requirements list, req'd items", nil},
	}
	for _, tt := range tests {
		m := &Message{Subject: tt.subject, Text: tt.text}
		if got := m.JobRefs(nil); strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%q / %q: got %q, want %q", tt.subject, tt.text, got, tt.want)
		}
	}
}

func TestJobRefsForwardedAndCustomPatterns(t *testing.T) {
	m := &Message{
		Subject:   "FW: Requirements",
		Text:      "Please attach to Bullhorn JO-55812.",
		Forwarded: []*Message{{Subject: "Requirements - Order # 99812", Text: "Order #99812"}},
	}
	if got := m.JobRefs(nil); strings.Join(got, ",") != "99812" {
		t.Errorf("defaults: %q", got)
	}
	// An integration whose VMS numbers jobs "JO-" adds its own pattern.
	patterns := append(DefaultJobRefPatterns(), regexp.MustCompile(`\b(JO-\d{5})\b`))
	if got := m.JobRefs(patterns); strings.Join(got, ",") != "JO-55812,99812" {
		t.Errorf("with the integration's pattern: %q", got)
	}
	// A pattern without a group yields its whole match.
	if got := m.JobRefs([]*regexp.Regexp{regexp.MustCompile(`JO-\d+`)}); strings.Join(got, ",") != "JO-55812" {
		t.Errorf("whole match: %q", got)
	}
}
