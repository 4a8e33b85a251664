package scanprep

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pdfdoc"
)

// patternCard draws a letter page with a card on it whose ground is a
// light guilloche on white, with no border drawn round it and no tint:
// what a passport card looks like scanned on a white flatbed. With shadow,
// the card casts a soft grey shadow on two sides, as on a flatbed; with
// beside, a few lines of another document's print lie under the card.
// The style sets the guilloche's and the shadow's shades.
func patternCard(tb testing.TB, seed uint64, shadow, beside bool, st cardStyle) []byte {
	tb.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	pdf := fpdf.New("P", "mm", "Letter", "")
	// The same bytes every time: the scan's noise and skew are drawn from
	// them.
	pdf.SetCreationDate(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	pdf.SetModificationDate(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	pdf.SetAutoPageBreak(false, 0)
	pdf.AddPage()
	x, y, w, h := 40.0+r.Float64()*20, 35.0+r.Float64()*20, 96.0, 61.0
	st = st.withDefaults()
	if shadow {
		for i := 0; i < 6; i++ {
			v := st.shadow + i*(250-st.shadow)/6
			pdf.SetFillColor(v, v, v)
			d := 1.5 - float64(i)*0.25
			pdf.Rect(x+d, y+h, w, d+0.3, "F")
			pdf.Rect(x+w, y+d, d+0.3, h, "F")
		}
		pdf.SetFillColor(255, 255, 255)
		pdf.Rect(x, y, w, h, "F")
	}
	pdf.SetDrawColor(st.pattern[0], st.pattern[1], st.pattern[2])
	pdf.SetLineWidth(st.line)
	for i := 0; i < 12; i++ {
		cy := y + h*(float64(i)+0.5)/12
		amp := h / 12 * 1.6
		period := 14 + r.Float64()*8
		for cx := x; cx+period <= x+w; cx += period {
			pdf.Curve(cx, cy, cx+period/2, cy-amp*math.Copysign(1, float64(i%2)-0.5), cx+period, cy, "D")
		}
	}
	// The holder's photo: a grey field with a darker silhouette.
	pdf.SetFillColor(214, 214, 214)
	pdf.Rect(x+4, y+11, 24, 31, "F")
	pdf.SetFillColor(120, 120, 120)
	pdf.Circle(x+16, y+23, 5, "F")
	pdf.Ellipse(x+16, y+41, 10, 8, 0, "F")
	pdf.SetTextColor(20, 40, 95)
	pdf.SetFont("Helvetica", "B", 9)
	pdf.Text(x+4, y+7, "UNITED STATES OF AMERICA")
	pdf.SetFont("Helvetica", "B", 7)
	pdf.Text(x+56, y+7, "PASSPORT CARD")
	rows := [][4]string{{"Surname", "MARQUARDT"}, {"Given Names", "ELENA SOFIA"}, {"Nationality", "USA", "Sex", "F"},
		{"Date of Birth", "14 MAR 1988", "Place of Birth", "OHIO, U.S.A."}, {"Issued On", "02 FEB 2021", "Expires On", "01 FEB 2031"},
		{"Card No.", "C04518827"}}
	for i, row := range rows {
		for c := 0; c < 4 && row[c] != ""; c += 2 {
			cx, cy := x+32+float64(c)*12, y+13+float64(i)*7
			pdf.SetTextColor(20, 40, 95)
			pdf.SetFont("Helvetica", "", 5)
			pdf.Text(cx, cy, row[c])
			pdf.SetTextColor(0, 0, 0)
			pdf.SetFont("Helvetica", "B", 7.5)
			pdf.Text(cx, cy+3.3, row[c+1])
		}
	}
	if beside {
		pdf.SetTextColor(0, 0, 0)
		pdf.SetFont("Helvetica", "", 8)
		pdf.Text(x, y+h+10, "Photocopy for employment verification")
	}
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		tb.Fatal(err)
	}
	return out.Bytes()
}

// cardStyle is how a patterned card is drawn: its guilloche's colour and
// line width in mm (185,200,228 and 0.15 when zero), and the darkest
// shade of the shadow it casts (200).
type cardStyle struct {
	pattern [3]int
	line    float64
	shadow  int
}

func (s cardStyle) withDefaults() cardStyle {
	if s.pattern == [3]int{} {
		s.pattern = [3]int{185, 200, 228}
	}
	if s.line == 0 {
		s.line = 0.15
	}
	if s.shadow == 0 {
		s.shadow = 200
	}
	return s
}

// rasterOfPDFPage scans pdf as scan says and rasterises its page n as
// the worker does.
func rasterOfPDFPage(tb testing.TB, pdf []byte, scan sampledocs.ScanOptions, n int) string {
	tb.Helper()
	pdf, err := sampledocs.RenderScanned(pdf, scan)
	if err != nil {
		tb.Fatal(err)
	}
	return rasterizePDF(tb, pdf, n)
}

// rasterizePDF rasterises page n of pdf as the worker does.
func rasterizePDF(tb testing.TB, pdf []byte, n int) string {
	tb.Helper()
	doc, err := pdfdoc.Open(pdf)
	if err != nil {
		tb.Fatal(err)
	}
	sides, err := doc.PageLongSides()
	if err != nil {
		tb.Fatal(err)
	}
	dir := tb.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		tb.Fatal(err)
	}
	path, err := pdfdoc.Rasterize(context.Background(), in, n, sides[n-1], dir)
	if err != nil {
		tb.Fatal(err)
	}
	return path
}

// TestPrepareCutsPatternedCards: a card with no border drawn round it and
// a ground as white as the paper, covered in a light guilloche, lying on
// a white flatbed page (turned, at 120-300 dpi, casting a shadow light or
// dark, or with a caption under it, its guilloche light or very light) is
// cut out by its patterned ground.
func TestPrepareCutsPatternedCards(t *testing.T) {
	needTools(t)
	cases := []struct {
		seed           uint64
		shadow, beside bool
		scan           sampledocs.ScanOptions
		style          cardStyle
	}{
		{3, true, false, sampledocs.ScanOptions{}, cardStyle{}},
		{3, false, true, sampledocs.ScanOptions{Rotate: 180}, cardStyle{}},
		{3, true, true, sampledocs.ScanOptions{Rotate: 180}, cardStyle{}},
		{4, false, false, sampledocs.ScanOptions{DPI: 150}, cardStyle{}},
		{5, true, false, sampledocs.ScanOptions{DPI: 120}, cardStyle{}},
		{3, false, false, sampledocs.ScanOptions{DPI: 300, Rotate: 90}, cardStyle{}},
		{6, true, true, sampledocs.ScanOptions{DPI: 200, Rotate: 180}, cardStyle{}},
		{7, false, true, sampledocs.ScanOptions{DPI: 150, Rotate: 270}, cardStyle{}},
		{8, true, false, sampledocs.ScanOptions{SkewDegrees: 3}, cardStyle{}},
		// A guilloche too light to bridge the gap between the photo's
		// field and the print: upside down, the gap fell on the grid so
		// that the print alone was taken, no card's shape.
		{3, true, false, sampledocs.ScanOptions{Rotate: 180}, cardStyle{pattern: [3]int{230, 234, 244}, line: 0.1}},
		// A dark flatbed shadow round a light guilloche.
		{3, true, false, sampledocs.ScanOptions{DPI: 150}, cardStyle{pattern: [3]int{230, 234, 244}, line: 0.1, shadow: 140}},
	}
	e := New(Config{})
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%d/%v/%v/%+v", tc.seed, tc.shadow, tc.beside, tc.scan), func(t *testing.T) {
			img, err := ReadPGM(rasterOfPDFPage(t, patternCard(t, tc.seed, tc.shadow, tc.beside, tc.style), tc.scan, 1))
			if err != nil {
				t.Fatal(err)
			}
			if _, rep := e.Prepare(img); !rep.CardCut {
				t.Errorf("the card was not cut out: %+v", rep)
			}
		})
	}
}
