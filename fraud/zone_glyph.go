package fraud

import (
	"image"
	"math"

	"github.com/clearedtostart/compliance/idnumber"
	"github.com/clearedtostart/compliance/pagetext"
)

// A passport zone read by OCR whose composite digit alone fails, every
// field's own digit passing as read, is judged at 0.30 where the digit
// read and the digit the fields make are look-alikes (a 0 for a 6): OCR
// may have misread the composite itself. The zone holds its own
// answer: the digits of the fields whose check digits passed were read
// right, and the zone prints every character in one typeface (OCR-B) at
// one pitch. The composite's print is compared with those digits' prints
// on the same line: printed as the digit read, as surely as the zone's
// other instances of it and unlike the digit the fields make, it was
// printed so, and a forger left it stale when he changed a field.

// glyphCell is the size a character's print is resampled to for
// comparison.
const glyphCellW, glyphCellH = 12, 18

// compositeFromPrint reads a TD3 zone's composite digit from its print
// where every field's own check passed as read (an empty personal
// number's digit read as its look-alike of 0 taken as 0): it returns the
// digit printed and the digit the fields make, ok only where the print
// is one digit's surely (glyphDigit).
func compositeFromPrint(d *doc, page int, z zoneFound, verdicts []checkVerdict, fields, digits []string) (printed, want byte, ok bool) {
	if z.td1 || !z.ocr || len(z.value) != 44 {
		return 0, 0, false
	}
	comp := -1
	for k, c := range z.checks {
		switch {
		case c.parts != nil && verdicts[k] == checkPassed:
			return 0, 0, false
		case c.parts != nil:
			comp = k
		case verdicts[k] != checkPassed || fields[k] != c.data.text:
			return 0, 0, false
		case digits[k] != c.digit.text && (c.name != "the personal number" || digits[k] != "0"):
			return 0, 0, false
		}
	}
	if comp < 0 {
		return 0, 0, false
	}
	w := idnumber.MRZCheckDigit(compositeData(z.checks[comp], fields, digits))
	if len(w) != 1 {
		return 0, 0, false
	}
	i := page - d.first
	if i < 0 || i >= len(d.Pages) {
		return 0, 0, false
	}
	lines := d.Pages[i].Lines()
	k := z.first
	if z.name.text != "" {
		k++
	}
	if k >= len(lines) || readZone(lines[k]).text != z.value {
		return 0, 0, false
	}
	for _, im := range d.images() {
		if im.page != page {
			continue
		}
		plane, size, ok := decodePlane(im)
		if !ok {
			return 0, 0, false
		}
		cells, ok := zoneCells(im, plane, size, lines[k], len(z.value))
		if !ok {
			return 0, 0, false
		}
		p, ok := glyphDigit(cells, z.value, w[0])
		return p, w[0], ok
	}
	return 0, 0, false
}

// confirmedDigits are the spans of a TD3 data line whose characters the
// checks confirmed (compositeFromPrint reads the composite only where
// every field's own check passed as read): the document number and its
// digit, the birth date and its digit, the expiry and its digit.
var confirmedDigits = [][2]int{{0, 10}, {13, 20}, {21, 28}}

// glyphDigit reads the last cell (the composite digit) as the confirmed
// digit whose prints it correlates with best: at 0.90 and more, and by
// 0.15 more than with any other of four or more other digits the line
// prints, the digit the fields make among them where the line prints it
// (0.93 where it does not: a print compared with no instance of the
// digit it may be).
func glyphDigit(cells [][]float64, line string, want byte) (byte, bool) {
	best := map[byte]float64{}
	comp := cells[len(cells)-1]
	for _, r := range confirmedDigits {
		for p := r[0]; p < r[1]; p++ {
			c := line[p]
			if !isDigit(c) {
				continue
			}
			if v, seen := best[c]; !seen || correlate(comp, cells[p]) > v {
				best[c] = correlate(comp, cells[p])
			}
		}
	}
	var got byte
	for c, v := range best {
		if got == 0 || v > best[got] {
			got = c
		}
	}
	g := best[got]
	bar := 0.90
	if _, seen := best[want]; !seen {
		bar = 0.93
	}
	if got == 0 || g < bar || len(best) < 5 {
		return 0, false
	}
	for c, v := range best {
		if c != got && v > g-0.15 {
			return 0, false
		}
	}
	return got, true
}

// zoneCells cuts a zone line's print into its n characters: the columns
// of ink under the line's words, in runs parted by blank columns. It
// fails unless there are exactly n runs (characters touching at a low
// resolution, a mark beside the zone). Each character is resampled to a
// glyphCell of ink darkness (0 paper, 1 ink).
func zoneCells(im docImage, plane luma, size image.Point, line []pagetext.Word, n int) ([][]float64, bool) {
	b, sx, sy, ok := toSamples(im, size)
	if !ok || size.X == 0 || size.Y == 0 {
		return nil, false
	}
	var box Box
	for j, w := range line {
		if j == 0 {
			box = w.Box
			continue
		}
		box.X0, box.Y0 = math.Min(box.X0, w.Box.X0), math.Min(box.Y0, w.Box.Y0)
		box.X1, box.Y1 = math.Max(box.X1, w.Box.X1), math.Max(box.Y1, w.Box.Y1)
	}
	fx, fy := float64(plane.w)/float64(size.X), float64(plane.h)/float64(size.Y)
	r := sampleRect(box, b, sx*fx, sy*fy)
	pad := r.Dy() / 4
	r = image.Rect(r.Min.X-pad, r.Min.Y, r.Max.X+pad, r.Max.Y).Intersect(image.Rect(0, 0, plane.w, plane.h))
	if r.Dx() < 2*n || r.Dy() < 8 {
		return nil, false
	}
	outer := r.Inset(-r.Dy()).Intersect(image.Rect(0, 0, plane.w, plane.h))
	paper, ink := plane.paperAndInk(outer, r)
	if paper-ink < 40 {
		return nil, false
	}
	cut := (paper + ink) / 2
	inkAt := func(x, y int) bool { return int(plane.pix[y*plane.stride+x]) < cut }
	type run struct{ x0, x1 int }
	var runs []run
	in := false
	for x := r.Min.X; x < r.Max.X; x++ {
		any := false
		for y := r.Min.Y; y < r.Max.Y && !any; y++ {
			any = inkAt(x, y)
		}
		switch {
		case any && !in:
			runs = append(runs, run{x, x + 1})
			in = true
		case any:
			runs[len(runs)-1].x1 = x + 1
		default:
			in = false
		}
	}
	if len(runs) != n {
		return nil, false
	}
	span := float64(paper - ink)
	cells := make([][]float64, n)
	for j, ru := range runs {
		y0, y1 := r.Max.Y, r.Min.Y
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := ru.x0; x < ru.x1; x++ {
				if inkAt(x, y) {
					y0, y1 = min(y0, y), max(y1, y+1)
					break
				}
			}
		}
		if y1 <= y0 {
			return nil, false
		}
		c := make([]float64, glyphCellW*glyphCellH)
		for cy := 0; cy < glyphCellH; cy++ {
			for cx := 0; cx < glyphCellW; cx++ {
				x := ru.x0 + (cx*(ru.x1-ru.x0)+(ru.x1-ru.x0)/2)/glyphCellW
				y := y0 + (cy*(y1-y0)+(y1-y0)/2)/glyphCellH
				v := float64(paper-int(plane.pix[y*plane.stride+x])) / span
				c[cy*glyphCellW+cx] = math.Max(0, math.Min(1, v))
			}
		}
		cells[j] = c
	}
	return cells, true
}

// correlate is the normalised cross-correlation of two cells.
func correlate(a, b []float64) float64 {
	var ma, mb float64
	for i := range a {
		ma, mb = ma+a[i], mb+b[i]
	}
	ma, mb = ma/float64(len(a)), mb/float64(len(b))
	var ab, aa, bb float64
	for i := range a {
		da, db := a[i]-ma, b[i]-mb
		ab, aa, bb = ab+da*db, aa+da*da, bb+db*db
	}
	if aa == 0 || bb == 0 {
		return 0
	}
	return ab / math.Sqrt(aa*bb)
}
