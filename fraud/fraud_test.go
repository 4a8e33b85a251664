package fraud

import (
	"strings"
	"testing"
	"time"
)

func TestAssess(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	clean := FileMeta{Producer: "AHA eCards", CreationDate: "D:20260301120000Z", ModDate: "D:20260301120000Z", Revisions: 1}
	edited := FileMeta{Producer: "iLovePDF", CreationDate: "D:20260301120000Z", ModDate: "D:20261001120000Z", Revisions: 2}
	tests := []struct {
		name        string
		ev          Evidence
		sensitivity string
		want        string
		codes       []string
	}{
		{"clean card", Evidence{File: clean, DocumentType: "bls", Fields: map[string]any{"issue_date": "2026-03-01", "expiration_date": "2028-03-31"}}, "MEDIUM", Clean, nil},
		{"edited pdf", Evidence{File: edited, DocumentType: "bls", Fields: map[string]any{"issue_date": "2026-03-01", "expiration_date": "2028-03-31"}}, "MEDIUM", Fraudulent,
			[]string{"editing_software", "incremental_update", "modified_after_creation"}},
		{"editor alone is clean at LOW", Evidence{File: FileMeta{Producer: "Sejda", Revisions: 1}, DocumentType: "bls"}, "LOW", Clean, []string{"editing_software"}},
		{"editor alone is fraudulent at HIGH", Evidence{File: FileMeta{Producer: "Sejda", Revisions: 1}, DocumentType: "bls"}, "HIGH", Fraudulent, []string{"editing_software"}},
		{"a converter alone is clean at MEDIUM", Evidence{File: FileMeta{Producer: "iLovePDF", Revisions: 1}, DocumentType: "bls"}, "MEDIUM", Clean, []string{"editing_software"}},
		{"a content editor alone is fraudulent at MEDIUM", Evidence{File: FileMeta{Producer: "Foxit PDF Editor 12.1", Revisions: 1}, DocumentType: "bls"}, "MEDIUM", Fraudulent, []string{"editing_software"}},
		{"a content editor alone is clean at LOW", Evidence{File: FileMeta{Producer: "PDF-XChange Editor 10.2", Revisions: 1}, DocumentType: "bls"}, "LOW", Clean, []string{"editing_software"}},
		{"expiry before issue", Evidence{File: clean, DocumentType: "bls", Fields: map[string]any{"issue_date": "2026-03-01", "expiration_date": "2025-03-31"}}, "MEDIUM", Fraudulent, []string{"expires_before_issue"}},
		{"validity too long", Evidence{File: clean, DocumentType: "acls", Fields: map[string]any{"issue_date": "2026-03-01", "expiration_date": "2031-03-31"}}, "MEDIUM", Fraudulent, []string{"validity_too_long"}},
		{"future test date", Evidence{File: clean, DocumentType: "tb_skin_test", Fields: map[string]any{"read_date": "2027-01-05"}}, "MEDIUM", Fraudulent, []string{"date_in_future"}},
		{"image has no pdf history", Evidence{File: FileMeta{FromImage: true, Producer: "Photoshop"}, DocumentType: "bls"}, "HIGH", Clean, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.ev.AsOf = asOf
			v := Assess(tt.ev, tt.sensitivity)
			if v.Result != tt.want {
				t.Fatalf("result %s (score %.3f, signals %+v), want %s", v.Result, v.Score, v.Signals, tt.want)
			}
			got := map[string]bool{}
			for _, s := range v.Signals {
				got[s.Code] = true
				if s.Detail == "" {
					t.Errorf("signal %s has no detail", s.Code)
				}
			}
			for _, c := range tt.codes {
				if !got[c] {
					t.Errorf("missing signal %s in %+v", c, v.Signals)
				}
			}
			if len(tt.codes) == 0 && len(v.Signals) != 0 {
				t.Errorf("unexpected signals %+v", v.Signals)
			}
		})
	}
}

// TestAssessNeedsAsOf: without the caller's day there is nothing to measure
// "in the future" or an age from, and the package does not read the clock.
func TestAssessNeedsAsOf(t *testing.T) {
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "as-of date") {
			t.Errorf("panic %q, want one naming the as-of date", msg)
		}
	}()
	v := Assess(Evidence{DocumentType: "tb_skin_test", Fields: map[string]any{"read_date": "2027-01-05"}}, "MEDIUM")
	t.Errorf("zero as-of gave a verdict: %+v", v)
}

func TestThreshold(t *testing.T) {
	if Threshold("low") != 0.70 || Threshold("HIGH") != 0.35 || Threshold("bogus") != 0.50 {
		t.Fatal("thresholds changed")
	}
}
