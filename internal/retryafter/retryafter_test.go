package retryafter_test

import (
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/retryafter"
)

func TestParse(t *testing.T) {
	now := time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC)
	tests := []struct {
		name, in string
		want     time.Duration
		ok       bool
	}{
		{"seconds", "45", 45 * time.Second, true},
		{"padded seconds", "\t7 ", 7 * time.Second, true},
		{"zero", "0", 0, true},
		{"negative", "-30", 0, false},
		{"empty", "  ", 0, false},
		{"fraction", "1.5", 0, false},
		{"IMF date ahead", "Mon, 02 Mar 2026 09:32:00 GMT", 2 * time.Minute, true},
		{"RFC 850 date ahead", "Monday, 02-Mar-26 09:30:10 GMT", 10 * time.Second, true},
		{"date past", "Mon, 02 Mar 2026 09:00:00 GMT", 0, true},
		{"words", "later", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := retryafter.Parse(tt.in, now)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Parse(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestParseRoundsDatesToTheSecond(t *testing.T) {
	now := time.Date(2026, 3, 2, 9, 30, 0, 400_000_000, time.UTC)
	if got, ok := retryafter.Parse("Mon, 02 Mar 2026 09:30:05 GMT", now); got != 5*time.Second || !ok {
		t.Errorf("got %v, %v; want 5s, true", got, ok)
	}
}
