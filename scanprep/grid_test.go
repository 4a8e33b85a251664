package scanprep

import (
	"image"
	"testing"
)

// TestRuledGrid: a table ruled on every cell, square or a little off
// straight, is a grid; a box round a field, lines under values, a dark
// band or photo, and lines of print (however tightly set) are not.
func TestRuledGrid(t *testing.T) {
	const paperLv, ink, capital = 240, 30, 12
	// table draws a table of rows×cols cells, cw×rh pixels, from (x0, y0),
	// its rules th thick; each row steps down by drop pixels along it.
	table := func(p plane, x0, y0, rows, cols, cw, rh, th, drop int) {
		for r := 0; r <= rows; r++ {
			for c := 0; c < cols; c++ {
				y := y0 + r*rh + c*drop
				fill(p, image.Rect(x0+c*cw, y, x0+(c+1)*cw+th, y+th), ink)
			}
		}
		for c := 0; c <= cols; c++ {
			fill(p, image.Rect(x0+c*cw, y0+c*drop, x0+c*cw+th, y0+rows*rh+c*drop+th), ink)
		}
	}
	// text sets lines of letters: stems capital high, bars across, 2
	// pixels between letters and 6 between words.
	text := func(p plane, x0, y0, lines, letters int) {
		for l := 0; l < lines; l++ {
			x, y := x0, y0+l*20
			for i := 0; i < letters; i++ {
				fill(p, image.Rect(x, y, x+2, y+capital), ink)
				fill(p, image.Rect(x, y, x+8, y+2), ink)
				fill(p, image.Rect(x, y+capital-2, x+8, y+capital), ink)
				x += 10
				if i%6 == 5 {
					x += 6
				}
			}
		}
	}
	for _, tc := range []struct {
		name string
		draw func(p plane)
		want bool
	}{
		{"a table of two rows under its headings", func(p plane) { table(p, 40, 60, 3, 5, 90, 18, 2, 0) }, true},
		{"a table off straight", func(p plane) { table(p, 40, 60, 4, 4, 110, 20, 2, 1) }, true},
		{"print beside a table", func(p plane) { text(p, 40, 10, 2, 40); table(p, 40, 80, 3, 6, 80, 18, 1, 0) }, true},
		{"lines of print", func(p plane) { text(p, 20, 20, 15, 50) }, false},
		{"a box round a field, lines under values", func(p plane) {
			table(p, 40, 40, 1, 1, 300, 40, 2, 0)
			fill(p, image.Rect(40, 150, 300, 152), ink)
			fill(p, image.Rect(40, 200, 300, 202), ink)
			fill(p, image.Rect(40, 250, 300, 252), ink)
		}, false},
		{"a dark band and a photo", func(p plane) {
			fill(p, image.Rect(20, 20, 580, 60), 60)
			fill(p, image.Rect(40, 100, 200, 300), 50)
			text(p, 220, 100, 8, 25)
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPlane(600, 400)
			fill(p, image.Rect(0, 0, 600, 400), paperLv)
			tc.draw(p)
			if got := ruledGrid(p, capital); got != tc.want {
				t.Errorf("ruledGrid = %v, want %v", got, tc.want)
			}
		})
	}
}
