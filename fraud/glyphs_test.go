package fraud

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/clearedtostart/compliance/pagetext"
)

// formScan draws a form's labelled rows on a scanned picture (scaled up
// twice, softened, grainy, JPEG) with the value of the row holding
// shifted drawn lift samples above its label's baseline, as a value typed
// over by eye and then scanned shows; the OCR words are the words' boxes
// as drawn (a picture's samples are its page's points).
func formScan(t testing.TB, shifted string, lift int) ([]byte, pagetext.Page) {
	t.Helper()
	const scale = 2
	small := image.NewGray(image.Rect(0, 0, 320, 230))
	draw.Draw(small, small.Bounds(), &image.Uniform{color.Gray{255}}, image.Point{}, draw.Src)
	rows := [][2]string{
		{"Name:", "Maria Nowak"}, {"Issued:", "07/12/2025"}, {"Expires:", "07/12/2027"},
		{"Card No:", "55120 8841"}, {"Center:", "Riverside Heart"}, {"Instructor:", "Angela Tamayo"},
	}
	var page pagetext.Page
	line := 0
	word := func(d *font.Drawer, w string, dy int) {
		x0 := d.Dot.X.Round()
		d.Dot.Y += fixed.I(dy)
		d.DrawString(w)
		y := d.Dot.Y.Round()
		d.Dot.Y -= fixed.I(dy)
		page.Words = append(page.Words, pagetext.Word{Text: w, Confidence: 95, Line: line,
			Box: Box{X0: float64(x0 * scale), Y0: float64((y - 10) * scale), X1: float64(d.Dot.X.Round() * scale), Y1: float64((y + 1) * scale)}})
		d.DrawString(" ")
	}
	for i, r := range rows {
		d := &font.Drawer{Dst: small, Src: image.Black, Face: basicfont.Face7x13, Dot: fixed.P(8, 18+i*24)}
		for _, w := range strings.Fields(r[0]) {
			word(d, w, 0)
		}
		d.Dot.X = fixed.I(100)
		dy := 0
		if r[1] == shifted {
			dy = -lift
		}
		for _, w := range strings.Fields(r[1]) {
			word(d, w, dy)
		}
		line++
	}
	for i, text := range []string{"Verify this card online at the training center site", "Holder completed cognitive and skills tests"} {
		d := &font.Drawer{Dst: small, Src: image.Black, Face: basicfont.Face7x13, Dot: fixed.P(8, 170+i*24)}
		for _, w := range strings.Fields(text) {
			word(d, w, 0)
		}
		line++
	}
	big := image.NewGray(image.Rect(0, 0, 320*scale, 230*scale))
	for y := 0; y < big.Rect.Dy(); y++ {
		for x := 0; x < big.Rect.Dx(); x++ {
			big.Pix[y*big.Stride+x] = small.Pix[(y/scale)*small.Stride+x/scale]
		}
	}
	soft := boxBlur(boxBlur(big))
	seed := uint32(11)
	for i, v := range soft.Pix {
		seed = seed*1664525 + 1013904223
		soft.Pix[i] = uint8(max(0, min(255, int(v)*235/255+8+int(seed>>24)%9-4)))
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, soft, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	page.Width, page.Height = float64(soft.Rect.Dx()), float64(soft.Rect.Dy())
	return buf.Bytes(), page
}

// TestTypedOverPrint: on a scan with no text layer, a date or name
// printed off its label's baseline while the form's other rows keep
// theirs is typed over by eye; the same scan with every value on its
// line, a value a sample off (a scanner's jitter), and a row that holds
// no fact of the document say nothing.
func TestTypedOverPrint(t *testing.T) {
	fields := map[string]any{"expiration_date": "2027-07-12", "issue_date": "2025-07-12", "full_name": "Maria Nowak"}
	tests := []struct {
		name    string
		shifted string
		lift    int
		want    string
	}{
		{"the expiry typed over above its line", "07/12/2027", 3, `the date "07/12/2027" is printed`},
		{"the name typed over below its line", "Maria Nowak", -3, `the name "Maria Nowak" is printed`},
		{"every value on its line", "", 0, ""},
		{"a value a sample off", "07/12/2027", 1, ""},
		{"a row holding no fact off its line", "Riverside Heart", 3, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, page := formScan(t, tt.shifted, tt.lift)
			up, err := ReadUpload(img)
			if err != nil {
				t.Fatal(err)
			}
			ev := Evidence{File: FileMeta{FromImage: true}, DocumentType: "bls", Fields: fields, AsOf: asOf, Pages: []pagetext.Page{page}, Upload: up}
			var s signals
			checkTypedOverPrint(newDoc(ev), &s)
			got := s.has(CodeBaselineShift)
			if got != (tt.want != "") {
				t.Fatalf("baseline_shift %v, want %v: %+v", got, tt.want != "", s.list)
			}
			if got && (s.list[0].Weight != offPrintWeight || !strings.Contains(s.list[0].Detail, tt.want)) {
				t.Fatalf("signal %+v", s.list[0])
			}
		})
	}
}
