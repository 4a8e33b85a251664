package fraud

import (
	"image"
	"math/rand"
	"testing"

	"github.com/clearedtostart/compliance/pagetext"
)

// segmentDigits are seven-segment prints (a top, b upper right, c lower
// right, d bottom, e lower left, f upper left, g middle) standing in for
// a zone's typeface: one print per digit, alike wherever it is printed.
var segmentDigits = map[byte]string{
	'0': "abcdef", '1': "bc", '2': "abdeg", '3': "abcdg", '4': "bcfg", '5': "acdfg", '6': "acdefg", '7': "abc", '8': "abcdefg", '9': "abcdfg",
}

// zoneLinePlane draws a zone line at 12 samples a character (9 wide, 3
// apart; touching: no gap before the last character) on grey paper with
// a little grain, and the OCR word over it.
func zoneLinePlane(line string, touching bool) (luma, []pagetext.Word) {
	const cw, ch, x0, y0 = 12, 18, 20, 20
	w, h := x0*2+cw*len(line), y0*2+ch
	p := luma{pix: make([]uint8, w*h), stride: w, w: w, h: h}
	r := rand.New(rand.NewSource(7))
	for i := range p.pix {
		p.pix[i] = uint8(225 + r.Intn(12))
	}
	fill := func(x0, y0, x1, y1 int) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				p.pix[y*w+x] = uint8(30 + r.Intn(20))
			}
		}
	}
	for i := 0; i < len(line); i++ {
		x, y, gw := x0+i*cw, y0, 9
		if touching && i == len(line)-2 {
			gw = cw
		}
		c := line[i]
		switch {
		case c == '<':
			fill(x+1, y+8, x+gw-1, y+10)
		case c >= 'A' && c <= 'Z':
			fill(x, y, x+gw, y+3)
			fill(x, y, x+2, y+ch)
			fill(x+gw-2, y, x+gw, y+ch)
		default:
			for _, s := range segmentDigits[c] {
				switch s {
				case 'a':
					fill(x, y, x+gw, y+2)
				case 'b':
					fill(x+gw-2, y, x+gw, y+ch/2)
				case 'c':
					fill(x+gw-2, y+ch/2, x+gw, y+ch)
				case 'd':
					fill(x, y+ch-2, x+gw, y+ch)
				case 'e':
					fill(x, y+ch/2, x+2, y+ch)
				case 'f':
					fill(x, y, x+2, y+ch/2)
				case 'g':
					fill(x, y+ch/2-1, x+gw, y+ch/2+1)
				}
			}
		}
	}
	word := pagetext.Word{Text: line, Box: Box{X0: x0, Y0: y0, X1: float64(x0 + cw*len(line) - 3), Y1: y0 + ch}, Confidence: 60}
	return p, []pagetext.Word{word}
}

// TestCompositeFromPrint: a zone line cut into its 44 characters, the
// composite's print read against the digits the fields' checks confirmed;
// a print of a digit the line does not print, or a line whose characters
// touch, is read as nothing.
func TestCompositeFromPrint(t *testing.T) {
	const fields = "A816304923USA8709147F3201152<<<<<<<<<<<<<<0"
	tests := []struct {
		name      string
		composite byte
		want      byte
		line      string
		touching  bool
		printed   byte
		ok        bool
	}{
		{"a stale composite, printed as the line's 2s", '2', '4', fields, false, '2', true},
		{"the composite the fields make", '4', '4', fields, false, '4', true},
		// Seven segments print an 8 one segment from a 0, a 6 and a 9.
		{"a print near other digits", '8', '4', fields, false, 0, false},
		{"a digit the confirmed fields never print", '6', '6', "A81330492<USA8709147F3201152<<<<<<<<<<<<<<0", false, 0, false},
		{"characters touching", '8', '4', fields, true, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := tt.line + string(tt.composite)
			plane, words := zoneLinePlane(line, tt.touching)
			im := docImage{page: 1}
			cells, ok := zoneCells(im, plane, image.Pt(plane.w, plane.h), words, len(line))
			if !ok {
				if tt.ok {
					t.Fatal("the line was not cut into its characters")
				}
				return
			}
			printed, ok := glyphDigit(cells, line, tt.want)
			if ok != tt.ok || printed != tt.printed {
				t.Fatalf("glyphDigit = %q, %v; want %q, %v", printed, ok, tt.printed, tt.ok)
			}
		})
	}
}
