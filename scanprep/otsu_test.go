package scanprep

import "testing"

func TestOtsuSplitsInkFromPaper(t *testing.T) {
	levels := func(counts map[int]int) (h [256]int) {
		for v, n := range counts {
			h[v] = n
		}
		return h
	}
	tests := []struct {
		name   string
		h      [256]int
		lo, hi uint8 // the threshold falls in [lo, hi]
	}{
		{"ink at 20, paper at 230", levels(map[int]int{20: 100, 230: 900}), 20, 229},
		{"grey ink at 90, grey paper at 160", levels(map[int]int{85: 50, 90: 200, 95: 50, 155: 300, 160: 600, 165: 300}), 95, 154},
		{"a blank stays paper", levels(map[int]int{255: 1000}), 0, 0},
	}
	for _, tt := range tests {
		if got := Otsu(tt.h); got < tt.lo || got > tt.hi {
			t.Errorf("%s: Otsu = %d, want within [%d, %d]", tt.name, got, tt.lo, tt.hi)
		}
	}
}
