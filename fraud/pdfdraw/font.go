package pdfdraw

import (
	"math"
	"strings"
	"unicode/utf16"

	pfont "github.com/pdfcpu/pdfcpu/pkg/font"
)

// Font is what laying out and reading a font's text needs.
type Font struct {
	// Base is the BaseFont, subset tag included.
	Base string
	// TwoByte fonts (Type0) take two bytes per glyph.
	TwoByte bool
	// Widths are advance widths in thousandths of an em, by code.
	Widths map[int]float64
	// Default is the width of a code without one.
	Default float64
	// Core names one of the standard 14 fonts whose metrics stand in when
	// the file gives no widths.
	Core string
	// ToUnicode maps codes to text.
	ToUnicode map[int]string
	// Scale multiplies widths (Type3 fonts with a FontMatrix other than
	// 0.001).
	Scale float64
	// Obj is the font dictionary's object number (0 for a direct
	// dictionary): a producer embeds one object per face and page, and a
	// value drawn by another file brings an object of its own, under the
	// same BaseFont and subset tag when the other file was made alike.
	Obj int
	// Program is the object number of the embedded font program (the
	// descriptor's FontFile, FontFile2 or FontFile3; for a Type0 font its
	// descendant's), ProgramLen its stored length; 0 when not embedded.
	Program, ProgramLen int
	// WidthsFrom is where the advance widths come from.
	WidthsFrom WidthSource
	// core caches the standard metrics of a single-byte code (0: not
	// looked up yet, -1: none): a text page shows each letter hundreds of
	// times, and the metrics are looked up by name through maps. A Font
	// belongs to one Resources, read by one goroutine.
	core *[256]int32
}

// WidthSource is where a font's advance widths come from.
type WidthSource uint8

// The sources of advance widths.
const (
	// WidthsNone: neither the file nor the standard metrics give any;
	// every glyph takes the default.
	WidthsNone WidthSource = iota
	// WidthsFile: the font dictionary's /Widths, or its descendant's /W.
	WidthsFile
	// WidthsCore: the standard 14 fonts' metrics.
	WidthsCore
)

// Differs reports whether two font objects of one BaseFont print other
// glyphs: their embedded programs are of other lengths, or a character
// of text is given another advance width (by more than a unit). Two
// copies of one object, or two objects pointing at one program, do not
// differ; nor do two fonts with neither a program nor widths of their own.
func (f *Font) Differs(o *Font, text string) bool {
	if f == nil || o == nil || f == o {
		return false
	}
	if f.Program != o.Program && f.ProgramLen != o.ProgramLen && f.ProgramLen > 0 && o.ProgramLen > 0 {
		return true
	}
	if f.WidthsFrom != WidthsFile || o.WidthsFrom != WidthsFile {
		return false
	}
	a, b := f.charWidths(), o.charWidths()
	for _, r := range text {
		wa, okA := a[r]
		wb, okB := b[r]
		if okA && okB && math.Abs(wa-wb) > 1 {
			return true
		}
	}
	return false
}

// charWidths is the advance width of each single character the font's
// codes decode to.
func (f *Font) charWidths() map[rune]float64 {
	out := make(map[rune]float64, len(f.Widths))
	for c := range f.Widths {
		if r := []rune(f.decode(c)); len(r) == 1 {
			out[r[0]] = f.width(c)
		}
	}
	return out
}

func (f *Font) codes(s string) []int {
	if f.TwoByte {
		out := make([]int, 0, len(s)/2)
		for i := 0; i+1 < len(s); i += 2 {
			out = append(out, int(s[i])<<8|int(s[i+1]))
		}
		return out
	}
	out := make([]int, len(s))
	for i := 0; i < len(s); i++ {
		out[i] = int(s[i])
	}
	return out
}

func (f *Font) width(c int) float64 {
	scale := f.Scale
	if scale == 0 {
		scale = 1
	}
	if w, ok := f.Widths[c]; ok {
		return w * scale
	}
	if f.Core != "" && !f.TwoByte {
		if w := f.coreWidth(c); w > 0 {
			return float64(w) * scale
		}
	}
	if f.Default > 0 {
		return f.Default * scale
	}
	if f.TwoByte {
		return 1000
	}
	return 500 * scale
}

// coreWidth is the standard metrics' width of a code's character, 0 or
// less when they have none.
func (f *Font) coreWidth(c int) int {
	look := func() int {
		r := []rune(f.decode(c))
		if len(r) == 1 {
			if w, err := pfont.CharWidth(f.Core, r[0]); err == nil && w > 0 {
				return w
			}
		}
		return -1
	}
	if c < 0 || c > 255 {
		return look()
	}
	if f.core == nil {
		f.core = new([256]int32)
	}
	if f.core[c] == 0 {
		f.core[c] = int32(look())
	}
	return int(f.core[c])
}

func (f *Font) decode(c int) string {
	if s, ok := f.ToUnicode[c]; ok {
		return s
	}
	if f.TwoByte {
		return ""
	}
	if c >= 0x20 && c < 0x7f || c >= 0xa0 && c <= 0xff {
		return string(rune(c))
	}
	return ""
}

func (f *Font) isSpace(c int) bool {
	if s, ok := f.ToUnicode[c]; ok {
		return strings.TrimSpace(s) == "" && s != ""
	}
	return !f.TwoByte && c == 32
}

func (f *Font) rawCode(c int) string {
	if f.TwoByte {
		return string([]byte{byte(c >> 8), byte(c)})
	}
	return string([]byte{byte(c)})
}

// parseToUnicode reads a ToUnicode CMap's bfchar and bfrange sections.
func parseToUnicode(b []byte) map[int]string {
	out := map[int]string{}
	lx := &lexer{b: b}
	var stack []token
	mode := ""
	n := 0
	for {
		n++
		if n > 1_000_000 {
			return out
		}
		t, ok := lx.next()
		if !ok {
			return out
		}
		if t.k == kOp {
			switch t.s {
			case "beginbfchar", "beginbfrange":
				mode = t.s
				stack = stack[:0]
			case "endbfchar", "endbfrange":
				mode = ""
				stack = stack[:0]
			}
			continue
		}
		if mode == "" {
			continue
		}
		stack = append(stack, t)
		switch mode {
		case "beginbfchar":
			if len(stack) == 2 {
				if stack[0].k == kStr && stack[1].k == kStr {
					out[code(stack[0].s)] = utf16BE(stack[1].s)
				}
				stack = stack[:0]
			}
		case "beginbfrange":
			if len(stack) == 3 {
				lo, hi := code(stack[0].s), code(stack[1].s)
				if hi >= lo && hi-lo < 65536 {
					switch dst := stack[2]; dst.k {
					case kStr:
						base := []rune(utf16BE(dst.s))
						if len(base) > 0 {
							for c := lo; c <= hi; c++ {
								r := append([]rune(nil), base...)
								r[len(r)-1] += rune(c - lo)
								out[c] = string(r)
							}
						}
					case kArr:
						for i, d := range dst.arr {
							if lo+i > hi {
								break
							}
							if d.k == kStr {
								out[lo+i] = utf16BE(d.s)
							}
						}
					}
				}
				stack = stack[:0]
			}
		}
	}
}

func code(s string) int {
	v := 0
	for i := 0; i < len(s); i++ {
		v = v<<8 | int(s[i])
	}
	return v
}

func utf16BE(s string) string {
	if len(s)%2 != 0 {
		return s
	}
	u := make([]uint16, len(s)/2)
	for i := range u {
		u[i] = uint16(s[2*i])<<8 | uint16(s[2*i+1])
	}
	return string(utf16.Decode(u))
}
