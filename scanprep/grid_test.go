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
		blur float64
		want bool
	}{
		{"a table of two rows under its headings", func(p plane) { table(p, 40, 60, 3, 5, 90, 18, 2, 0) }, 0, true},
		{"a table off straight", func(p plane) { table(p, 40, 60, 4, 4, 110, 20, 2, 1) }, 0, true},
		{"print beside a table", func(p plane) { text(p, 40, 10, 2, 40); table(p, 40, 80, 3, 6, 80, 18, 1, 0) }, 0, true},
		{"lines of print", func(p plane) { text(p, 20, 20, 15, 50) }, 0, false},
		// A scan at 110-130 dpi widens rules by its blur.
		{"a table scanned soft", func(p plane) { table(p, 40, 60, 3, 5, 90, 24, 6, 0) }, 2.5, true},
		{"a table scanned soft, its blur not allowed for", func(p plane) { table(p, 40, 60, 3, 5, 90, 24, 6, 0) }, 0, false},
		{"lines of print scanned soft", func(p plane) { text(p, 20, 20, 15, 50) }, 2.5, false},
		{"a box round a field, lines under values", func(p plane) {
			table(p, 40, 40, 1, 1, 300, 40, 2, 0)
			fill(p, image.Rect(40, 150, 300, 152), ink)
			fill(p, image.Rect(40, 200, 300, 202), ink)
			fill(p, image.Rect(40, 250, 300, 252), ink)
		}, 0, false},
		{"a dark band and a photo", func(p plane) {
			fill(p, image.Rect(20, 20, 580, 60), 60)
			fill(p, image.Rect(40, 100, 200, 300), 50)
			text(p, 220, 100, 8, 25)
		}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPlane(600, 400)
			fill(p, image.Rect(0, 0, 600, 400), paperLv)
			tc.draw(p)
			if _, _, got := ruledGrid(p, capital, tc.blur); got != tc.want {
				t.Errorf("ruledGrid = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestGridCellsUnread: a read of a ruled table that holds a word in every
// cell kept its table; one that holds words in two of its twelve cells
// (Tesseract took the rest for pictures) lost it; a page that is not
// Ruled never did. The rules are found where they are drawn, on the
// image enlarged too.
func TestGridCellsUnread(t *testing.T) {
	const capital = 12
	p := newPlane(700, 300)
	fill(p, image.Rect(0, 0, 700, 300), 240)
	// Six rows of two cells, 200 and 300 pixels wide and 30 high, from
	// (50, 40), rules 3 thick.
	for r := 0; r <= 6; r++ {
		fill(p, image.Rect(50, 40+30*r, 553, 43+30*r), 30)
	}
	for _, x := range []int{50, 250, 550} {
		fill(p, image.Rect(x, 40, x+3, 223), 30)
	}
	across, down, ok := ruledGrid(p, capital, 0)
	if !ok || len(across) != 7 || len(down) != 3 {
		t.Fatalf("ruledGrid = %v, %v, %v; want 7 rules across and 3 down", across, down, ok)
	}
	rep := Report{Ruled: true, Scale: 1, grid: &gridRules{xs: scaled(down, 1), ys: scaled(across, 1)}}
	// word is a word's box in the cell of row r and column c.
	word := func(r, c int) image.Rectangle {
		x := []int{60, 260}[c]
		return image.Rect(x, 48+30*r, x+80, 48+30*r+capital)
	}
	var all, two []image.Rectangle
	for r := range 6 {
		for c := range 2 {
			all = append(all, word(r, c))
		}
	}
	two = append(two, word(0, 1), word(2, 1), image.Rect(50, 5, 400, 20)) // and a title above the table
	for _, tc := range []struct {
		name  string
		rep   Report
		words []image.Rectangle
		want  bool
	}{
		{"every cell read", rep, all, false},
		{"two cells read", rep, two, true},
		{"nothing read", rep, nil, true},
		{"not ruled", Report{Scale: 1}, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.rep.GridCellsUnread(tc.words); got != tc.want {
				t.Errorf("GridCellsUnread = %v, want %v", got, tc.want)
			}
		})
	}
	// Enlarged twice (any image twice as large), the words' boxes twice
	// as large fill the cells.
	_, big := Enlarge(image.NewGray(image.Rect(0, 0, 70, 30)), rep, 2)
	for i, w := range all {
		all[i] = image.Rectangle{w.Min.Mul(2), w.Max.Mul(2)}
	}
	if big.GridCellsUnread(all) {
		t.Errorf("enlarged: every cell read, and GridCellsUnread")
	}
	if !big.GridCellsUnread(two) {
		t.Errorf("enlarged: words at the unenlarged places, and not GridCellsUnread")
	}
}
