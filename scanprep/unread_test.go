package scanprep

import (
	"image"
	"testing"
)

// TestUnreadPrint: a read that holds every word of a page leaves no print
// unread; one that lost a boxed table's last column (its caption and its
// value) does, and so does one that read nothing. A box's frame, a
// stray mark and a logo's two letters are no unread word.
func TestUnreadPrint(t *testing.T) {
	p := newPlane(640, 420)
	fill(p, image.Rect(0, 0, 640, 420), 235)
	// letter draws an H-like glyph 8 wide and 12 high at (x, y).
	letter := func(x, y int) {
		fill(p, image.Rect(x, y, x+2, y+12), 25)
		fill(p, image.Rect(x+6, y, x+8, y+12), 25)
		fill(p, image.Rect(x+2, y+5, x+6, y+7), 25)
	}
	// word draws n letters from (x, y) and returns the box a read of it
	// gives.
	word := func(x, y, n int) image.Rectangle {
		for i := range n {
			letter(x+i*11, y)
		}
		return image.Rect(x-1, y-1, x+n*11, y+13)
	}
	var all []image.Rectangle
	// A title, lines of a paragraph, and a table in a box: two columns
	// read, the third (its caption over its value) lost.
	all = append(all, word(40, 30, 9), word(150, 30, 6))
	for r := range 6 {
		all = append(all, word(40, 70+22*r, 7), word(130, 70+22*r, 5), word(200, 70+22*r, 8))
	}
	fill(p, image.Rect(30, 230, 600, 232), 25)
	fill(p, image.Rect(30, 300, 600, 302), 25)
	fill(p, image.Rect(30, 230, 32, 302), 25)
	fill(p, image.Rect(598, 230, 600, 302), 25)
	fill(p, image.Rect(30, 262, 600, 263), 25)
	table := []image.Rectangle{word(40, 242, 4), word(200, 242, 6), word(40, 274, 8), word(200, 274, 7)}
	lost := []image.Rectangle{word(420, 242, 6), word(420, 274, 4)}
	// A logo's two letters and a speck nobody reads.
	word(520, 30, 2)
	fill(p, image.Rect(300, 380, 303, 383), 25)
	img := p.gray()
	read := append(append([]image.Rectangle(nil), all...), table...)
	for _, tc := range []struct {
		name  string
		words []image.Rectangle
		want  bool
	}{
		{"every word read", append(append([]image.Rectangle(nil), read...), lost...), false},
		{"the table's last column lost", read, true},
		{"only its value lost", append(append([]image.Rectangle(nil), read...), lost[0]), true},
		{"nothing read", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := len(UnreadPrint(img, tc.words)) > 0; got != tc.want {
				t.Errorf("UnreadPrint found a word: %v, want %v", got, tc.want)
			}
		})
	}
	// The words lost are where they were printed, one box each, top to
	// bottom.
	got := UnreadPrint(img, read)
	if len(got) != len(lost) {
		t.Fatalf("UnreadPrint = %v, want the boxes of %v", got, lost)
	}
	for i, w := range lost {
		if c := w.Min.Add(w.Max).Div(2); !c.In(got[i]) || got[i].Dx() > 2*w.Dx() {
			t.Errorf("box %d = %v, want one round %v", i, got[i], w)
		}
	}
	// A blank page prints nothing to lose.
	blank := newPlane(640, 420)
	fill(blank, image.Rect(0, 0, 640, 420), 235)
	if len(UnreadPrint(blank.gray(), nil)) > 0 {
		t.Errorf("blank page: UnreadPrint found a word")
	}
}
