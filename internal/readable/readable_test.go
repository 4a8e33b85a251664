package readable_test

import (
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/readable"
)

func TestBytes(t *testing.T) {
	tests := []struct {
		n         int64
		want, iec string
	}{
		{8 << 20, "8 MB", "8 MiB"},
		{3 << 10, "3 KB", "3 KiB"},
		{1536 << 10, "1536 KB", "1536 KiB"},
		{1000, "1000 bytes", "1000 bytes"},
		{1, "1 bytes", "1 bytes"},
		{0, "0 bytes", "0 bytes"},
	}
	for _, tt := range tests {
		if got := readable.Bytes(tt.n); got != tt.want {
			t.Errorf("Bytes(%d) = %q, want %q", tt.n, got, tt.want)
		}
		if got := readable.BytesIEC(tt.n); got != tt.iec {
			t.Errorf("BytesIEC(%d) = %q, want %q", tt.n, got, tt.iec)
		}
	}
}

func TestDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{5 * time.Minute, "5m"},
		{3 * time.Hour, "3h"},
		{3*time.Hour + 20*time.Minute, "3h20m"},
		{3*time.Hour + 5*time.Second, "3h0m5s"},
		{45 * time.Second, "45s"},
		{1500 * time.Millisecond, "1.5s"},
		{0, "0s"},
		{10 * time.Second, "10s"},
		{time.Minute, "1m"},
		{90 * time.Second, "1m30s"},
		{2 * time.Hour, "2h"},
		{250 * time.Millisecond, "250ms"},
		{30 * time.Second, "30s"},
		{time.Hour, "1h"},
		{100 * time.Millisecond, "100ms"},
	}
	for _, tt := range tests {
		if got := readable.Duration(tt.d); got != tt.want {
			t.Errorf("Duration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
