package sampledocs

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// canvas draws one document's pages onto a shared fpdf document. All
// coordinates are millimetres from the page's top-left corner; text y is the
// baseline.
type canvas struct {
	pdf *fpdf.Fpdf
	// tr converts UTF-8 to the core fonts' cp1252 so "José" prints as such.
	tr func(string) string
	// r draws rendering choices; seeded from Doc.Seed so a Doc renders the
	// same every time.
	r    *rand.Rand
	d    *Doc
	page int
	w, h float64
	fam  string
	sz   float64
	// style is the font style last set ("", "B", "I", "BI").
	style string
	// dl is the date layout the issuer prints (see formatDate).
	dl string
	// tm positions text with a text matrix (Tm), the way Word, Chrome and
	// iText write it, instead of fpdf's Td; issuers differ and text
	// extractors handle the two differently.
	tm      bool
	textCol rgb
	// trace, when set, records the runs of text printed.
	trace *[]textRun
}

// textRun is one run of text as a page prints it, in PDF points from the
// page's bottom-left corner (x, y the start of the baseline).
type textRun struct {
	page       int
	text       string
	x, y, w    float64
	fam, style string
	size       float64
}

type rgb [3]int

var (
	black    = rgb{0, 0, 0}
	white    = rgb{255, 255, 255}
	gray     = rgb{110, 110, 110}
	lgray    = rgb{200, 200, 200}
	xlgray   = rgb{238, 238, 238}
	navy     = rgb{20, 40, 95}
	darkBlue = rgb{15, 60, 140}
	ahaRed   = rgb{196, 18, 48}
	crossRed = rgb{237, 27, 46}
	teal     = rgb{0, 118, 128}
	green    = rgb{30, 120, 60}
	purple   = rgb{90, 40, 120}
	inkBlue  = rgb{25, 35, 120}
	maroon   = rgb{120, 20, 40}
	gold     = rgb{176, 141, 60}
)

// Date layouts issuers print. "JAN" marks an upper-case month.
const (
	dMDY     = "01/02/2006"
	dMDYs    = "1/2/06"
	dMDYn    = "1/2/2006"
	dLong    = "January 2, 2006"
	dAbbr    = "Jan 2, 2006"
	dISO     = "2006-01-02"
	dDMON    = "02-JAN-2006"
	dDMonY   = "02 Jan 2006"
	dDMONY   = "02 JAN 2006"
	dMDYdash = "01-02-2006"
)

// allDateLayouts is every layout formatDate may be asked for.
var allDateLayouts = []string{dMDY, dMDYs, dMDYn, dLong, dAbbr, dISO, dDMON, dDMonY, dDMONY, dMDYdash}

func formatDate(t time.Time, layout string) string {
	if strings.Contains(layout, "JAN") {
		return strings.ToUpper(t.Format(strings.Replace(layout, "JAN", "Jan", 1)))
	}
	return t.Format(layout)
}

func (c *canvas) pick(options ...string) string { return options[c.r.IntN(len(options))] }
func (c *canvas) chance(p float64) bool         { return c.r.Float64() < p }

func (c *canvas) newPage(landscape bool) {
	o := "P"
	if landscape {
		o = "L"
	}
	c.pdf.AddPageFormat(o, fpdf.SizeType{Wd: 215.9, Ht: 279.4})
	c.page++
	c.w, c.h = c.pdf.GetPageSize()
	c.ink(black)
	c.stroke(black)
	c.fill(white)
	c.pdf.SetLineWidth(0.2)
	c.font("Helvetica", "", 10)
}

func (c *canvas) font(fam, style string, size float64) {
	c.fam, c.sz, c.style = fam, size, style
	c.pdf.SetFont(fam, style, size)
}

func (c *canvas) ink(col rgb) {
	c.textCol = col
	c.pdf.SetTextColor(col[0], col[1], col[2])
}
func (c *canvas) stroke(col rgb) { c.pdf.SetDrawColor(col[0], col[1], col[2]) }
func (c *canvas) fill(col rgb)   { c.pdf.SetFillColor(col[0], col[1], col[2]) }
func (c *canvas) lw(w float64)   { c.pdf.SetLineWidth(w) }

// look is how a run of text is set: a core font's family, style and size,
// and its ink (black when zero).
type look struct {
	fam, style string
	size       float64
	ink        rgb
}

func sans(style string, size float64) look  { return look{fam: "Helvetica", style: style, size: size} }
func serif(style string, size float64) look { return look{fam: "Times", style: style, size: size} }
func mono(style string, size float64) look  { return look{fam: "Courier", style: style, size: size} }

// in is l in another ink.
func (l look) in(col rgb) look { l.ink = col; return l }

// fine is the small grey print of notes, captions and disclaimers.
func fine(size float64) look { return sans("", size).in(gray) }

// set selects l's font and ink for the text that follows.
func (c *canvas) set(l look) {
	c.font(l.fam, l.style, l.size)
	c.ink(l.ink)
}

// say prints s at x, y in l. The ink goes back to black after it, so that
// only the text meant to be coloured is.
func (c *canvas) say(l look, x, y float64, s string) {
	c.set(l)
	c.text(x, y, s)
	c.ink(black)
}

// sayC prints s in l centred on cx.
func (c *canvas) sayC(l look, cx, y float64, s string) {
	c.set(l)
	c.textC(cx, y, s)
	c.ink(black)
}

// sayR prints s in l ending at rx.
func (c *canvas) sayR(l look, rx, y float64, s string) {
	c.set(l)
	c.textR(rx, y, s)
	c.ink(black)
}

// para prints s in l word-wrapped to width w (see wrap) and returns the
// baseline after it.
func (c *canvas) para(l look, x, y, w, lh float64, s string) float64 {
	c.set(l)
	y = c.wrap(x, y, w, lh, s)
	c.ink(black)
	return y
}

// lines prints ss in l one under the other, lh apart, and returns the
// baseline after them.
func (c *canvas) lines(l look, x, y, lh float64, ss ...string) float64 {
	c.set(l)
	for _, s := range ss {
		c.text(x, y, s)
		y += lh
	}
	c.ink(black)
	return y
}

// line is a line of text in its look on its baseline.
type line struct {
	look
	y float64
	s string
}

// centred prints lines centred across the page.
func (c *canvas) centred(lines ...line) {
	for _, l := range lines {
		c.sayC(l.look, c.w/2, l.y, l.s)
	}
}

// --- truth access ---

// dates chooses the issuer's date layout among the plausible ones.
func (c *canvas) dates(layouts ...string) { c.dl = c.pick(layouts...) }

// fmtDate prints a date in the issuer's layout; the zero time (a date the
// document does not show) prints as nothing.
func (c *canvas) fmtDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return formatDate(t, c.dl)
}

// date prints a truth date field, "" when the document does not show it.
func (c *canvas) date(field string) string {
	s, ok := c.d.Fields[field].(string)
	if !ok {
		return ""
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return c.fmtDate(t)
}

// tdate is a truth date as a time, zero when absent.
func (c *canvas) tdate(field string) time.Time {
	s, _ := c.d.Fields[field].(string)
	t, _ := time.Parse(time.DateOnly, s)
	return t
}

// f prints a truth field, "" when absent.
func (c *canvas) f(field string) string {
	switch v := c.d.Fields[field].(type) {
	case nil:
		return ""
	case string:
		return v
	default:
		return fmt.Sprint(v)
	}
}

func (c *canvas) has(field string) bool { _, ok := c.d.Fields[field]; return ok }

func (c *canvas) doses() []string {
	ds, _ := c.d.Fields["dose_dates"].([]string)
	out := make([]string, len(ds))
	for i, s := range ds {
		t, _ := time.Parse(time.DateOnly, s)
		out[i] = c.fmtDate(t)
	}
	return out
}

// name is the printed full name ("" when omitted).
func (c *canvas) name() string { return c.f("full_name") }

// dob prints the printed person's birth date if the document shows it.
func (c *canvas) dob() string { return c.date("date_of_birth") }

// --- text ---

func (c *canvas) width(s string) float64 { return c.pdf.GetStringWidth(c.tr(s)) }

func (c *canvas) text(x, y float64, s string) {
	if s == "" {
		return
	}
	if c.trace != nil {
		k := c.pdf.GetConversionRatio()
		*c.trace = append(*c.trace, textRun{page: c.pdf.PageNo(), text: s, x: x * k, y: (c.h - y) * k, w: c.width(s) * k,
			fam: c.fam, style: c.style, size: c.sz})
	}
	if !c.tm {
		c.pdf.Text(x, y, c.tr(s))
		return
	}
	// The font set by SetFont is graphics state and carries into this block.
	k := c.pdf.GetConversionRatio()
	col := c.textCol
	c.pdf.RawWriteStr(fmt.Sprintf("q %.3f %.3f %.3f rg BT 1 0 0 1 %.2f %.2f Tm (%s) Tj ET Q",
		float64(col[0])/255, float64(col[1])/255, float64(col[2])/255, x*k, (c.h-y)*k, pdfEscape(c.tr(s))))
}

func pdfEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`, "\r", `\r`).Replace(s)
}

func (c *canvas) textC(cx, y float64, s string) { c.text(cx-c.width(s)/2, y, s) }
func (c *canvas) textR(rx, y float64, s string) { c.text(rx-c.width(s), y, s) }

// lv prints "Label value" with the label bold and returns the x after the
// value. An empty value leaves a blank rule, as on an unfilled form.
func (c *canvas) lv(x, y float64, label, value string) float64 {
	fam, sz := c.fam, c.sz
	c.font(fam, "B", sz)
	c.text(x, y, label)
	x += c.width(label) + 1.8
	c.font(fam, "", sz)
	if value == "" {
		c.rule(x, y+0.8, 30)
		return x + 30
	}
	c.text(x, y, value)
	return x + c.width(value)
}

// lvCol prints a label at x and its value at x+lw.
func (c *canvas) lvCol(x, y, lw float64, label, value string) {
	fam, sz := c.fam, c.sz
	c.font(fam, "B", sz)
	c.text(x, y, label)
	c.font(fam, "", sz)
	if value == "" {
		c.rule(x+lw, y+0.8, 35)
		return
	}
	c.text(x+lw, y, value)
}

// lvs prints label/value lines (see lv) at x from y down, step apart, and
// returns the baseline after them. A line with no label stays blank: the
// ones after it keep their places.
func (c *canvas) lvs(x, y, step float64, rows ...[2]string) float64 {
	for _, r := range rows {
		if r[0] != "" {
			c.lv(x, y, r[0], r[1])
		}
		y += step
	}
	return y
}

// lvCols prints label/value lines in two columns (see lvCol) at x from y
// down, step apart, and returns the baseline after them.
func (c *canvas) lvCols(x, y, lw, step float64, rows ...[2]string) float64 {
	for _, r := range rows {
		c.lvCol(x, y, lw, r[0], r[1])
		y += step
	}
	return y
}

// tabbed prints lines of a label and its value dx right of it, in the
// current font, as receipts and reports typed in Courier lay them out, and
// returns the baseline after them.
func (c *canvas) tabbed(x, y, dx, step float64, rows ...[2]string) float64 {
	for _, r := range rows {
		c.text(x, y, r[0])
		c.text(x+dx, y, r[1])
		y += step
	}
	return y
}

// caption is how a card or form sets a small label and its value, each in
// its own look, the value dx, dy from the label: under it, over it or
// beside it.
type caption struct {
	label, value look
	dx, dy       float64
}

// captioned prints label at x, y and value where st puts it.
func (c *canvas) captioned(st caption, x, y float64, label, value string) {
	c.say(st.label, x, y, label)
	c.say(st.value, x+st.dx, y+st.dy, value)
}

func (c *canvas) rule(x, y, w float64) { c.pdf.Line(x, y, x+w, y) }

// heavyRule draws a rule of line width lw, as under a letterhead, and
// goes back to the usual 0.2 mm.
func (c *canvas) heavyRule(x, y, w, lw float64) {
	c.lw(lw)
	c.rule(x, y, w)
	c.lw(0.2)
}

// wrap prints s word-wrapped to width w, lines lh apart, and returns the
// baseline after the last line.
func (c *canvas) wrap(x, y, w, lh float64, s string) float64 {
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			try := strings.TrimSpace(line + " " + word)
			if line != "" && c.width(try) > w {
				c.text(x, y, line)
				y += lh
				line = word
				continue
			}
			line = try
		}
		c.text(x, y, line)
		y += lh
	}
	return y
}

// field draws a form field: a caption, the value on a rule.
func (c *canvas) field(x, y, w float64, label, value string) {
	fam, sz := c.fam, c.sz
	c.captioned(caption{look{fam, "", sz * 0.75, gray}, look{fam: fam, size: sz}, 0.5, -3.8}, x, y+3.8, label, value)
	c.stroke(gray)
	c.rule(x, y+1.2, w)
	c.stroke(black)
	c.font(fam, "", sz)
}

// --- shapes ---

func (c *canvas) box(x, y, w, h float64) { c.pdf.Rect(x, y, w, h, "D") }

func (c *canvas) band(x, y, w, h float64, col rgb) {
	c.fill(col)
	c.pdf.Rect(x, y, w, h, "F")
}

func (c *canvas) rbox(x, y, w, h, r float64, style string) {
	c.pdf.RoundedRect(x, y, w, h, r, "1234", style)
}

// table draws a grid with a shaded header row and returns the y below it.
func (c *canvas) table(x, y float64, widths []float64, rowH float64, header []string, rows [][]string, head rgb) float64 {
	total := 0.0
	for _, w := range widths {
		total += w
	}
	fam, sz := c.fam, c.sz
	if header != nil {
		c.band(x, y, total, rowH, head)
		c.font(fam, "B", sz)
		cx := x
		for i, h := range header {
			c.text(cx+1.5, y+rowH*0.68, h)
			cx += widths[i]
		}
		c.box(x, y, total, rowH)
		y += rowH
	}
	c.font(fam, "", sz)
	for _, row := range rows {
		cx := x
		for i, v := range row {
			if i < len(widths) {
				c.text(cx+1.5, y+rowH*0.68, v)
				cx += widths[i]
			}
		}
		c.box(x, y, total, rowH)
		y += rowH
	}
	cx := x
	top := y - rowH*float64(len(rows))
	if header != nil {
		top -= rowH
	}
	for _, w := range widths[:len(widths)-1] {
		cx += w
		c.pdf.Line(cx, top, cx, y)
	}
	return y
}

// check draws a checkbox, marked with an X when on, and its label.
func (c *canvas) check(x, y float64, on bool, label string) float64 {
	c.lw(0.25)
	c.box(x, y-2.8, 3.2, 3.2)
	if on {
		fam, sz := c.fam, c.sz
		c.font("Helvetica", "B", 8.5)
		c.text(x+0.55, y-0.1, "X")
		c.font(fam, "", sz)
	}
	c.text(x+4.6, y, label)
	return x + 4.6 + c.width(label) + 5
}

// signature scribbles a handwritten signature on a line.
func (c *canvas) signature(x, y, w float64) {
	c.stroke(inkBlue)
	c.lw(0.35)
	px, py := x+2, y-2-c.r.Float64()*2
	n := 4 + c.r.IntN(4)
	step := (w * 0.7) / float64(n)
	for i := 0; i < n; i++ {
		nx := px + step*(0.6+c.r.Float64()*0.8)
		ny := y - 1 - c.r.Float64()*5
		c.pdf.CurveBezierCubic(px, py, px+step*0.3, py-6+c.r.Float64()*4, nx-step*0.4, ny+5-c.r.Float64()*3, nx, ny, "D")
		px, py = nx, ny
	}
	c.pdf.CurveBezierCubic(px, py, px+4, py+3, px+8, py-2, px+12, py+1, "D")
	c.stroke(black)
	c.lw(0.2)
	c.rule(x, y+0.8, w)
}

// barcode draws a 1-D barcode of random bars.
func (c *canvas) barcode(x, y, w, h float64) {
	c.fill(black)
	for cx := x; cx < x+w-1; {
		bw := 0.25 + float64(c.r.IntN(4))*0.22
		c.pdf.Rect(cx, y, bw, h, "F")
		cx += bw + 0.25 + float64(c.r.IntN(3))*0.22
	}
}

// qr draws a QR-code-looking square.
func (c *canvas) qr(x, y, size float64) {
	const n = 25
	m := size / n
	c.fill(black)
	finder := func(fx, fy float64) {
		c.pdf.Rect(fx, fy, 7*m, 7*m, "F")
		c.fill(white)
		c.pdf.Rect(fx+m, fy+m, 5*m, 5*m, "F")
		c.fill(black)
		c.pdf.Rect(fx+2*m, fy+2*m, 3*m, 3*m, "F")
	}
	finder(x, y)
	finder(x+18*m, y)
	finder(x, y+18*m)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if (i < 8 && j < 8) || (i > 16 && j < 8) || (i < 8 && j > 16) {
				continue
			}
			if c.r.IntN(2) == 0 {
				c.pdf.Rect(x+float64(i)*m, y+float64(j)*m, m, m, "F")
			}
		}
	}
}

// photo draws an ID photo placeholder: a grey field with a silhouette.
func (c *canvas) photo(x, y, w, h float64) {
	c.band(x, y, w, h, rgb{214, 214, 214})
	c.pdf.ClipRect(x, y, w, h, false)
	c.fill(rgb{150, 150, 150})
	c.pdf.Circle(x+w/2, y+h*0.38, w*0.2, "F")
	c.pdf.Ellipse(x+w/2, y+h*0.98, w*0.42, h*0.32, 0, "F")
	c.pdf.ClipEnd()
}

// waves draws a guilloche-like security background.
func (c *canvas) waves(x, y, w, h float64, col rgb, lines int) {
	c.stroke(col)
	c.lw(0.15)
	amp := h / float64(lines) * 1.6
	for i := 0; i < lines; i++ {
		cy := y + h*(float64(i)+0.5)/float64(lines)
		period := 18 + c.r.Float64()*10
		phase := c.r.Float64() * period
		for cx := x - phase; cx < x+w; cx += period {
			x0, x1 := math.Max(cx, x), math.Min(cx+period, x+w)
			if x1-x0 < period*0.99 {
				continue
			}
			c.pdf.CurveBezierCubic(x0, cy, x0+period/3, cy-amp, x0+2*period/3, cy+amp, x1, cy, "D")
		}
	}
	c.lw(0.2)
	c.stroke(black)
}

// border draws a certificate's double frame with corner ornaments.
func (c *canvas) border(m float64, col rgb) {
	c.stroke(col)
	c.lw(1.6)
	c.box(m, m, c.w-2*m, c.h-2*m)
	c.lw(0.4)
	c.box(m+3, m+3, c.w-2*m-6, c.h-2*m-6)
	c.fill(col)
	for _, p := range [][2]float64{{m + 3, m + 3}, {c.w - m - 3, m + 3}, {m + 3, c.h - m - 3}, {c.w - m - 3, c.h - m - 3}} {
		c.pdf.Circle(p[0], p[1], 1.6, "F")
	}
	c.lw(0.2)
	c.stroke(black)
}

// logo draws an issuer's mark. Kinds: heart, cross, shield, seal, star,
// drop, rings, chevron.
func (c *canvas) logo(kind string, x, y, s float64, col rgb) {
	c.fill(col)
	c.stroke(col)
	switch kind {
	case "heart":
		r := s * 0.27
		c.pdf.Circle(x+r, y+r, r, "F")
		c.pdf.Circle(x+s-r, y+r, r, "F")
		c.pdf.Polygon([]fpdf.PointType{{X: x + 0.02*s, Y: y + r*1.3}, {X: x + s - 0.02*s, Y: y + r*1.3}, {X: x + s/2, Y: y + s}}, "F")
		c.fill(white)
		c.pdf.Polygon([]fpdf.PointType{{X: x + s*0.5, Y: y + s*0.2}, {X: x + s*0.62, Y: y + s*0.5}, {X: x + s*0.5, Y: y + s*0.45}, {X: x + s*0.56, Y: y + s*0.75}, {X: x + s*0.38, Y: y + s*0.4}, {X: x + s*0.48, Y: y + s*0.44}}, "F")
	case "cross":
		t := s / 3
		c.pdf.Rect(x+t, y, t, s, "F")
		c.pdf.Rect(x, y+t, s, t, "F")
	case "shield":
		c.pdf.Polygon([]fpdf.PointType{{X: x, Y: y}, {X: x + s, Y: y}, {X: x + s, Y: y + s*0.55}, {X: x + s/2, Y: y + s}, {X: x, Y: y + s*0.55}}, "F")
		c.fill(white)
		c.pdf.Rect(x+s*0.44, y+s*0.15, s*0.12, s*0.55, "F")
		c.pdf.Rect(x+s*0.25, y+s*0.32, s*0.5, s*0.12, "F")
	case "seal":
		cx, cy := x+s/2, y+s/2
		var pts []fpdf.PointType
		for i := 0; i < 48; i++ {
			a := float64(i) * math.Pi / 24
			rr := s / 2
			if i%2 == 1 {
				rr = s * 0.44
			}
			pts = append(pts, fpdf.PointType{X: cx + rr*math.Cos(a), Y: cy + rr*math.Sin(a)})
		}
		c.pdf.Polygon(pts, "F")
		c.stroke(white)
		c.lw(0.4)
		c.pdf.Circle(cx, cy, s*0.36, "D")
		c.lw(0.2)
		c.fill(white)
		c.star(cx, cy, s*0.18)
	case "star":
		c.star(x+s/2, y+s/2, s/2)
	case "drop":
		c.pdf.Circle(x+s/2, y+s*0.64, s*0.34, "F")
		c.pdf.Polygon([]fpdf.PointType{{X: x + s/2, Y: y}, {X: x + s*0.18, Y: y + s*0.55}, {X: x + s*0.82, Y: y + s*0.55}}, "F")
	case "rings":
		c.lw(s * 0.07)
		for i := 0; i < 3; i++ {
			c.pdf.Circle(x+s/2, y+s/2, s*(0.15+0.15*float64(i)), "D")
		}
		c.lw(0.2)
	case "chevron":
		c.pdf.Polygon([]fpdf.PointType{{X: x, Y: y}, {X: x + s*0.45, Y: y}, {X: x + s, Y: y + s/2}, {X: x + s*0.45, Y: y + s}, {X: x, Y: y + s}, {X: x + s*0.55, Y: y + s/2}}, "F")
	}
	c.stroke(black)
}

func (c *canvas) star(cx, cy, r float64) {
	var pts []fpdf.PointType
	for i := 0; i < 10; i++ {
		a := -math.Pi/2 + float64(i)*math.Pi/5
		rr := r
		if i%2 == 1 {
			rr = r * 0.42
		}
		pts = append(pts, fpdf.PointType{X: cx + rr*math.Cos(a), Y: cy + rr*math.Sin(a)})
	}
	c.pdf.Polygon(pts, "F")
}

// browserChrome draws what a browser prints around a web page: when it
// was printed and the page's title at the top and, when url is given, the
// address and the page count at the bottom.
func (c *canvas) browserChrome(title, url string) {
	c.font("Helvetica", "", 7.5)
	c.text(8, 7, c.d.Created.Format("1/2/06, 3:04 PM"))
	c.textC(c.w/2, 7, title)
	if url != "" {
		c.text(8, c.h-6, url)
		c.textR(c.w-8, c.h-6, "1/1")
	}
}

// formSection draws a form's shaded section bar at y and its title, and
// leaves the form's 10 pt font set.
func (c *canvas) formSection(y float64, title string) {
	c.band(16, y, c.w-32, 7, xlgray)
	c.say(sans("B", 10), 18, y+5, title)
	c.font("Helvetica", "", 10)
}

// footer prints a centred footer line at the bottom of the page.
func (c *canvas) footer(s string) { c.sayC(fine(7.5), c.w/2, c.h-8, s) }

// pageOf is the "Page n of N" of the document's own pages.
func (c *canvas) pageOf() string { return fmt.Sprintf("Page %d of %d", c.page, c.d.Pages) }

// address is the printed person's street address as two lines.
func (c *canvas) address() (string, string) {
	p := c.d.Person
	return p.Street, fmt.Sprintf("%s, %s %s", p.City, p.State, p.Zip)
}

// someone invents a staff name (instructor, nurse, physician) for the
// document's incidental text.
func (c *canvas) someone() string {
	first := []string{"Karen", "Linda", "Robert", "Susan", "Thomas", "Angela", "Brian", "Denise", "Paul", "Gloria", "Steven", "Monica", "Victor", "Ruth", "Alan", "Sandra", "Hector", "Teresa"}
	last := []string{"Hollis", "Whitaker", "Greer", "Pruitt", "Castellano", "Boudreaux", "Lindqvist", "Ferraro", "Oyelaran", "Tamayo", "Kessler", "Abernathy", "Nakashima", "Delgado", "Sorensen", "McAllister"}
	return pick(c.r, first) + " " + pick(c.r, last)
}
