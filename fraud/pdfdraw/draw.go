// Package pdfdraw replays what a PDF page paints, in painting order: each
// run of text with its font, size and box, each filled shape with its
// colour, each image with where it lands, and the appearances of the
// page's annotations after them. The fraud checks read it to find text
// that something opaque was painted over (a white box, a patch of image),
// text printed over other text, and to explain what a later revision of a
// file changed on a page.
//
// Boxes are in default user space: PDF points, origin at the bottom-left
// of the coordinate system, y growing upwards. Text boxes are estimated
// from the font's advance widths (the file's /Widths or /W, the standard
// 14 fonts' metrics otherwise) from the baseline 0.2 em down to 0.8 em up.
//
// The interpreter follows the graphics state that decides whether a mark
// hides what lies under it: the transformation (cm, q/Q, form matrices),
// the fill colour and its colour space, the fill alpha, soft mask and blend
// mode of ExtGState, the text render mode, and the image masks. It does not
// clip: a box drawn outside a clip path is rare and only ever makes a
// finding stronger than it should be, never weaker.
package pdfdraw

import (
	"math"
	"strings"
)

// Rect is a box in default user space.
type Rect struct{ X0, Y0, X1, Y1 float64 }

// Area is the box's area (0 when empty).
func (r Rect) Area() float64 {
	if r.X1 <= r.X0 || r.Y1 <= r.Y0 {
		return 0
	}
	return (r.X1 - r.X0) * (r.Y1 - r.Y0)
}

// Intersect is the common part of two boxes.
func (r Rect) Intersect(o Rect) Rect {
	return Rect{X0: max(r.X0, o.X0), Y0: max(r.Y0, o.Y0), X1: min(r.X1, o.X1), Y1: min(r.Y1, o.Y1)}
}

// Union is the smallest box holding both.
func (r Rect) Union(o Rect) Rect {
	return Rect{X0: min(r.X0, o.X0), Y0: min(r.Y0, o.Y0), X1: max(r.X1, o.X1), Y1: max(r.Y1, o.Y1)}
}

// Kind is what a mark paints.
type Kind uint8

// The kinds of marks.
const (
	Text Kind = iota
	Fill
	Image
)

// Mark is one thing a page paints.
type Mark struct {
	Kind Kind
	// Seq orders the marks as they are painted (later paints over earlier).
	Seq int
	Box Rect
	// Opaque is true when the mark hides what is under it: no fill alpha
	// below 1, no soft mask, a normal blend mode, and for images no mask.
	Opaque bool
	// White is a fill (or text) painted in white or nearly so.
	White bool

	// Text marks: a run of glyphs up to a space. Text is decoded through
	// the font's ToUnicode map or its encoding ("" when neither says), Raw
	// the string's bytes as shown.
	Text string
	Raw  string
	// Font is the font's BaseFont, subset tag included ("ABCDEF+Arial").
	Font string
	// Face is the font object the run is drawn in (its object number,
	// embedded program and widths' source): two runs of one Font name may
	// be drawn in two objects. Nil for marks other than text.
	Face *Font
	// Size is the font size on the page, in points.
	Size float64
	// Invisible text is never painted: render mode 3 or 7 (an OCR layer
	// under a scan), or a clip-only mode.
	Invisible bool
	// Baseline is the y of the run's baseline (horizontal text).
	Baseline float64
	// Setting is how the run's glyphs are painted beyond font and size: a
	// value typed over with the template's font comes out in one of its own.
	Setting Setting

	// ImageObj is an image XObject's object number (0 for inline images).
	ImageObj int

	// Annotation is the subtype of the annotation whose appearance painted
	// the mark ("" for the page's own content).
	Annotation string
}

// matrix is a PDF transformation [a b c d e f].
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// mul is m then n (the PDF order: m × n).
func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2],
		m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2],
		m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4],
		m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func (m matrix) apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

// box is the bounding box of a rectangle mapped through m.
func (m matrix) box(x0, y0, x1, y1 float64) Rect {
	r := Rect{X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
	for _, p := range [4][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} {
		x, y := m.apply(p[0], p[1])
		r.X0, r.Y0, r.X1, r.Y1 = min(r.X0, x), min(r.Y0, y), max(r.X1, x), max(r.Y1, y)
	}
	return r
}

// gstate is the part of the graphics state the marks depend on.
type gstate struct {
	ctm       matrix
	fill      []float64
	fillSpace string // DeviceGray, DeviceRGB, DeviceCMYK, or "" when unknown
	fillAlpha float64
	softMask  bool
	blend     bool // a blend mode other than Normal
	// clip bounds what paints show, when clipped: HTML renderers
	// (WeasyPrint, Chrome) paint a box's background by clipping to the
	// box and filling the whole page, and place pictures the same way.
	clip    Rect
	clipped bool

	// Text state.
	font       *Font
	fontSize   float64
	charSpace  float64
	wordSpace  float64
	hScale     float64
	leading    float64
	rise       float64
	renderMode int
}

// white reports whether the fill colour is white or nearly so (paper).
func (g *gstate) white() bool {
	switch g.fillSpace {
	case "DeviceGray":
		return len(g.fill) == 1 && g.fill[0] >= 0.92
	case "DeviceRGB":
		return len(g.fill) == 3 && g.fill[0] >= 0.92 && g.fill[1] >= 0.92 && g.fill[2] >= 0.92
	case "DeviceCMYK":
		return len(g.fill) == 4 && g.fill[0] <= 0.06 && g.fill[1] <= 0.06 && g.fill[2] <= 0.06 && g.fill[3] <= 0.06
	}
	return false
}

// Setting is a text run's fill colour (its space and up to four
// components), character spacing, horizontal scale and render mode.
type Setting struct {
	Space      string
	Fill       [4]float64
	CharSpace  float64
	HScale     float64
	RenderMode int
}

func (g *gstate) setting() Setting {
	st := Setting{Space: g.fillSpace, CharSpace: g.charSpace, HScale: g.hScale, RenderMode: g.renderMode}
	copy(st.Fill[:], g.fill)
	return st
}

func (g *gstate) opaque() bool { return g.fillAlpha >= 0.99 && !g.softMask && !g.blend }

// Limits bound the work on one page: a hostile or broken file cannot make
// the replay run away.
const (
	maxTokens    = 2_000_000
	maxFormDepth = 8
	maxMarks     = 200_000
)

// Resources is what a content stream's names refer to.
type Resources interface {
	Font(name string) *Font
	ExtGState(name string) ExtGState
	// XObject returns an image or a form; nil when the name is unknown.
	XObject(name string) *XObject
	// ColorSpace returns the family of a named colour space and its
	// number of components ("" when it is none of the device families or
	// ICC profiles of 1, 3 or 4 components).
	ColorSpace(name string) (family string, n int)
}

// ExtGState is the part of a graphics state parameter dictionary that
// decides opacity.
type ExtGState struct {
	FillAlpha *float64
	SoftMask  *bool
	Blend     *bool
}

// XObject is an external object a page draws with Do.
type XObject struct {
	// Obj is its object number (0 when direct).
	Obj int
	// Image or form.
	IsImage bool
	// Images: whether a mask makes parts of it transparent (SMask, Mask,
	// ImageMask: a stencil painted in the fill colour).
	Masked bool
	// Forms: the content, its matrix and resources (nil: the parent's).
	Content   []byte
	Matrix    matrix
	Resources Resources
}

type interp struct {
	res   Resources
	marks []Mark
	seq   int
	depth int
	// forms being drawn, against cycles.
	active map[int]bool
	annot  string
	tokens int
}

// Replay returns the marks of a content stream drawn with res under ctm
// (identity for a page's own content). Marks of annotation appearances
// are added with Annotation set by the caller through ReplayAnnotation.
func Replay(content []byte, res Resources) []Mark {
	in := &interp{res: res, active: map[int]bool{}}
	in.run(content, res, newState(identity))
	return in.marks
}

// ReplayAnnotation replays an annotation's appearance stream after the
// page's marks (seq continues from after), mapping the form's bounding
// box (transformed by its matrix) onto the annotation's rectangle, as PDF
// viewers do (ISO 32000-1 §12.5.5).
func ReplayAnnotation(after int, subtype string, appearance *XObject, bbox, rect Rect) []Mark {
	if appearance == nil || appearance.IsImage {
		return nil
	}
	in := &interp{res: appearance.Resources, active: map[int]bool{}, seq: after, annot: subtype}
	tb := appearance.Matrix.box(bbox.X0, bbox.Y0, bbox.X1, bbox.Y1)
	w, h := tb.X1-tb.X0, tb.Y1-tb.Y0
	if w <= 0 || h <= 0 {
		return nil
	}
	sx, sy := (rect.X1-rect.X0)/w, (rect.Y1-rect.Y0)/h
	a := matrix{sx, 0, 0, sy, rect.X0 - tb.X0*sx, rect.Y0 - tb.Y0*sy}
	in.run(appearance.Content, appearance.Resources, newState(appearance.Matrix.mul(a)))
	return in.marks
}

func newState(ctm matrix) gstate {
	return gstate{ctm: ctm, fill: []float64{0}, fillSpace: "DeviceGray", fillAlpha: 1, hScale: 1}
}

func (in *interp) add(m Mark) {
	if len(in.marks) >= maxMarks {
		return
	}
	in.seq++
	m.Seq = in.seq
	m.Annotation = in.annot
	in.marks = append(in.marks, m)
}

// run interprets one content stream.
func (in *interp) run(content []byte, res Resources, g gstate) {
	lx := &lexer{b: content}
	var stack []token
	var saved []gstate
	var path Rect
	hasPath, pendingClip := false, false
	// clipped is a painted box as the clipping path lets it show.
	clipped := func(b Rect) Rect {
		if g.clipped {
			return b.Intersect(g.clip)
		}
		return b
	}
	// endPath applies a clip that W or W* set: it takes effect after the
	// path is painted (or ended by n).
	endPath := func() {
		if pendingClip && hasPath {
			if g.clipped {
				g.clip = g.clip.Intersect(path)
			} else {
				g.clip, g.clipped = path, true
			}
		}
		hasPath, pendingClip = false, false
	}
	var tm, tlm matrix
	addPoint := func(x, y float64) {
		px, py := g.ctm.apply(x, y)
		p := Rect{X0: px, Y0: py, X1: px, Y1: py}
		if !hasPath {
			path, hasPath = p, true
			return
		}
		path = path.Union(p)
	}
	nums := func(n int) ([]float64, bool) {
		if len(stack) < n {
			return nil, false
		}
		out := make([]float64, n)
		for i, t := range stack[len(stack)-n:] {
			if t.k != kNum {
				return nil, false
			}
			out[i] = t.num
		}
		return out, true
	}
	for {
		in.tokens++
		if in.tokens > maxTokens || len(in.marks) >= maxMarks {
			return
		}
		t, ok := lx.next()
		if !ok {
			return
		}
		if t.k != kOp {
			stack = append(stack, t)
			if len(stack) > 64 {
				stack = stack[len(stack)-64:]
			}
			continue
		}
		switch t.s {
		case "q":
			if len(saved) < 64 {
				saved = append(saved, g)
			}
		case "Q":
			if n := len(saved); n > 0 {
				g, saved = saved[n-1], saved[:n-1]
			}
		case "cm":
			if v, ok := nums(6); ok {
				g.ctm = matrix{v[0], v[1], v[2], v[3], v[4], v[5]}.mul(g.ctm)
			}
		case "gs":
			if len(stack) > 0 && stack[len(stack)-1].k == kName && res != nil {
				e := res.ExtGState(stack[len(stack)-1].s)
				if e.FillAlpha != nil {
					g.fillAlpha = *e.FillAlpha
				}
				if e.SoftMask != nil {
					g.softMask = *e.SoftMask
				}
				if e.Blend != nil {
					g.blend = *e.Blend
				}
			}
		case "g":
			if v, ok := nums(1); ok {
				g.fill, g.fillSpace = v, "DeviceGray"
			}
		case "rg":
			if v, ok := nums(3); ok {
				g.fill, g.fillSpace = v, "DeviceRGB"
			}
		case "k":
			if v, ok := nums(4); ok {
				g.fill, g.fillSpace = v, "DeviceCMYK"
			}
		case "cs":
			g.fill, g.fillSpace = []float64{0}, ""
			if len(stack) > 0 && stack[len(stack)-1].k == kName {
				name := stack[len(stack)-1].s
				switch name {
				case "DeviceGray", "DeviceRGB", "DeviceCMYK":
					g.fillSpace = name
				default:
					if res != nil {
						g.fillSpace, _ = res.ColorSpace(name)
					}
				}
				switch g.fillSpace {
				case "DeviceRGB":
					g.fill = []float64{0, 0, 0}
				case "DeviceCMYK":
					g.fill = []float64{0, 0, 0, 1}
				}
			}
		case "sc", "scn":
			var v []float64
			for _, s := range stack {
				if s.k == kNum {
					v = append(v, s.num)
				}
			}
			if len(stack) > 0 && stack[len(stack)-1].k == kName {
				// A pattern: never plain white paper.
				g.fill = nil
			} else {
				g.fill = v
			}
		case "m", "l":
			if v, ok := nums(2); ok {
				addPoint(v[0], v[1])
			}
		case "c":
			if v, ok := nums(6); ok {
				addPoint(v[0], v[1])
				addPoint(v[2], v[3])
				addPoint(v[4], v[5])
			}
		case "v", "y":
			if v, ok := nums(4); ok {
				addPoint(v[0], v[1])
				addPoint(v[2], v[3])
			}
		case "re":
			if v, ok := nums(4); ok {
				addPoint(v[0], v[1])
				addPoint(v[0]+v[2], v[1]+v[3])
				addPoint(v[0]+v[2], v[1])
				addPoint(v[0], v[1]+v[3])
			}
		case "f", "F", "f*", "B", "B*", "b", "b*":
			if hasPath {
				if b := clipped(path); b.Area() > 0 {
					in.add(Mark{Kind: Fill, Box: b, Opaque: g.opaque(), White: g.white()})
				}
			}
			endPath()
		case "S", "s", "n":
			endPath()
		case "W", "W*":
			pendingClip = true
		case "BT":
			tm, tlm = identity, identity
		case "Tf":
			if len(stack) >= 2 && stack[len(stack)-2].k == kName && stack[len(stack)-1].k == kNum {
				if res != nil {
					g.font = res.Font(stack[len(stack)-2].s)
				}
				g.fontSize = stack[len(stack)-1].num
			}
		case "Tc":
			if v, ok := nums(1); ok {
				g.charSpace = v[0]
			}
		case "Tw":
			if v, ok := nums(1); ok {
				g.wordSpace = v[0]
			}
		case "Tz":
			if v, ok := nums(1); ok {
				g.hScale = v[0] / 100
			}
		case "TL":
			if v, ok := nums(1); ok {
				g.leading = v[0]
			}
		case "Ts":
			if v, ok := nums(1); ok {
				g.rise = v[0]
			}
		case "Tr":
			if v, ok := nums(1); ok {
				g.renderMode = int(v[0])
			}
		case "Td", "TD":
			if v, ok := nums(2); ok {
				if t.s == "TD" {
					g.leading = -v[1]
				}
				tlm = matrix{1, 0, 0, 1, v[0], v[1]}.mul(tlm)
				tm = tlm
			}
		case "Tm":
			if v, ok := nums(6); ok {
				tlm = matrix{v[0], v[1], v[2], v[3], v[4], v[5]}
				tm = tlm
			}
		case "T*":
			tlm = matrix{1, 0, 0, 1, 0, -g.leading}.mul(tlm)
			tm = tlm
		case "Tj", "'", "\"":
			if t.s != "Tj" {
				if t.s == "\"" {
					if v, ok := numsAt(stack, 3); ok {
						g.wordSpace, g.charSpace = v[0], v[1]
					}
				}
				tlm = matrix{1, 0, 0, 1, 0, -g.leading}.mul(tlm)
				tm = tlm
			}
			if len(stack) > 0 && stack[len(stack)-1].k == kStr {
				tm = in.show(&g, tm, []token{stack[len(stack)-1]})
			}
		case "TJ":
			if len(stack) > 0 && stack[len(stack)-1].k == kArr {
				tm = in.show(&g, tm, stack[len(stack)-1].arr)
			}
		case "Do":
			if len(stack) > 0 && stack[len(stack)-1].k == kName && res != nil {
				in.do(res.XObject(stack[len(stack)-1].s), g)
			}
		case "BI":
			d := lx.inlineImage()
			masked := false
			if v, ok := d["IM"]; ok && v.k == kBool && v.s == "true" {
				masked = true
			}
			if v, ok := d["ImageMask"]; ok && v.k == kBool && v.s == "true" {
				masked = true
			}
			in.add(Mark{Kind: Image, Box: clipBox(g, g.ctm.box(0, 0, 1, 1)), Opaque: g.opaque() && !masked})
		}
		stack = stack[:0]
	}
}

// clipBox is the part of b the clipping path lets show.
func clipBox(g gstate, b Rect) Rect {
	if g.clipped {
		return b.Intersect(g.clip)
	}
	return b
}

func numsAt(stack []token, n int) ([]float64, bool) {
	if len(stack) < n {
		return nil, false
	}
	out := make([]float64, n)
	for i, t := range stack[len(stack)-n:] {
		if t.k == kNum {
			out[i] = t.num
		}
	}
	return out, true
}

// do draws an XObject: an image lands on the unit square of the CTM; a
// form's content is replayed under its matrix.
func (in *interp) do(x *XObject, g gstate) {
	if x == nil {
		return
	}
	if x.IsImage {
		in.add(Mark{Kind: Image, Box: clipBox(g, g.ctm.box(0, 0, 1, 1)), Opaque: g.opaque() && !x.Masked, ImageObj: x.Obj})
		return
	}
	if in.depth >= maxFormDepth || (x.Obj != 0 && in.active[x.Obj]) {
		return
	}
	in.depth++
	if x.Obj != 0 {
		in.active[x.Obj] = true
	}
	res := x.Resources
	if res == nil {
		res = in.res
	}
	fg := g
	fg.ctm = x.Matrix.mul(g.ctm)
	in.run(x.Content, res, fg)
	if x.Obj != 0 {
		delete(in.active, x.Obj)
	}
	in.depth--
}

// show lays out a text-showing operation's strings and numbers, adds a
// text mark per run of glyphs between spaces (and between gaps a TJ
// number opens), and returns the text matrix after it.
func (in *interp) show(g *gstate, tm matrix, parts []token) matrix {
	f := g.font
	if f == nil {
		f = &Font{}
	}
	invisible := g.renderMode == 3 || g.renderMode == 7
	var run strings.Builder
	var raw strings.Builder
	runStart := tm
	runWidth := 0.0
	flush := func() {
		if run.Len() == 0 && raw.Len() == 0 {
			runStart = tm
			runWidth = 0
			return
		}
		m := runStart.mul(g.ctm)
		lo, hi := g.rise-0.2*g.fontSize, g.rise+0.8*g.fontSize
		box := m.box(0, lo, runWidth, hi)
		_, base := m.apply(0, g.rise)
		size := g.fontSize * math.Hypot(m[2], m[3])
		in.add(Mark{Kind: Text, Box: box, Text: run.String(), Raw: raw.String(), Font: f.Base, Face: f, Size: size,
			Invisible: invisible, Opaque: g.opaque(), White: g.white(), Baseline: base, Setting: g.setting()})
		run.Reset()
		raw.Reset()
		runStart = tm
		runWidth = 0
	}
	for _, p := range parts {
		switch p.k {
		case kNum:
			tx := -p.num / 1000 * g.fontSize * g.hScale
			// A gap wider than a quarter em separates words.
			if p.num < -250 {
				flush()
				tm = matrix{1, 0, 0, 1, tx, 0}.mul(tm)
				runStart = tm
				continue
			}
			tm = matrix{1, 0, 0, 1, tx, 0}.mul(tm)
			runWidth += tx
		case kStr:
			codes := f.codes(p.s)
			for _, c := range codes {
				w0 := f.width(c) / 1000
				space := f.isSpace(c)
				tx := (w0*g.fontSize + g.charSpace) * g.hScale
				if space && !f.TwoByte {
					tx += g.wordSpace * g.hScale
				}
				if space {
					flush()
					tm = matrix{1, 0, 0, 1, tx, 0}.mul(tm)
					runStart = tm
					continue
				}
				run.WriteString(f.decode(c))
				raw.WriteString(f.rawCode(c))
				tm = matrix{1, 0, 0, 1, tx, 0}.mul(tm)
				runWidth += tx
			}
		}
	}
	flush()
	return tm
}
