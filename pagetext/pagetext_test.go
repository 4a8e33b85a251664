package pagetext

import "testing"

func TestLinesAndText(t *testing.T) {
	w := func(s string, x float64, line int) Word {
		return Word{Text: s, Box: Box{X0: x, Y0: float64(line) * 12, X1: x + 20, Y1: float64(line)*12 + 10}, Line: line}
	}
	p := Page{Words: []Word{w("Date:", 10, 1), w("Card", 40, 0), w("BLS", 10, 0), w("2026-04-27", 40, 1)}}
	if got, want := p.Text(), "BLS Card\nDate: 2026-04-27"; got != want {
		t.Fatalf("Text() = %q, want %q", got, want)
	}
	lines := p.Lines()
	if len(lines) != 2 || lines[0][0].Text != "BLS" || lines[1][1].Text != "2026-04-27" {
		t.Fatalf("Lines() = %+v", lines)
	}
	if u := lines[0][0].Box.Union(lines[1][1].Box); u != (Box{X0: 10, Y0: 0, X1: 60, Y1: 22}) || u.Height() != 22 {
		t.Fatalf("Union = %+v", u)
	}
}
