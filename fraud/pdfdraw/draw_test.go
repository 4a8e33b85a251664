package pdfdraw

import (
	"math"
	"strings"
	"testing"
)

// res is a resource dictionary of the tests' own.
type res struct {
	fonts  map[string]*Font
	states map[string]ExtGState
	xobjs  map[string]*XObject
	spaces map[string]string
}

func (r res) Font(n string) *Font          { return r.fonts[n] }
func (r res) ExtGState(n string) ExtGState { return r.states[n] }
func (r res) XObject(n string) *XObject    { return r.xobjs[n] }
func (r res) ColorSpace(n string) (string, int) {
	f := r.spaces[n]
	return f, map[string]int{"DeviceGray": 1, "DeviceRGB": 3, "DeviceCMYK": 4}[f]
}

func near(a, b float64) bool { return math.Abs(a-b) < 0.05 }

func TestLexer(t *testing.T) {
	lx := &lexer{b: []byte(`(a\(b\)c\\d\101) <48 65 6c6C6f> /Na#20me [1 -2.5 .5 (x)] << /K /V >> % a comment
true null Tj BI /W 2 /H 1 /BPC 8 /CS /G ID ` + "\x00EI\xff" + ` EI Q`)}
	var got []string
	for {
		tok, ok := lx.next()
		if !ok {
			break
		}
		switch tok.k {
		case kStr:
			got = append(got, "str:"+tok.s)
		case kName:
			got = append(got, "name:"+tok.s)
		case kArr:
			got = append(got, "arr:"+strings.Repeat("x", len(tok.arr)))
		case kDict:
			got = append(got, "dict")
		case kOp:
			got = append(got, "op:"+tok.s)
			if tok.s == "BI" {
				d := lx.inlineImage()
				if d["W"].num != 2 || d["CS"].s != "G" {
					t.Errorf("inline image dict %+v", d)
				}
			}
		default:
			got = append(got, "other")
		}
	}
	want := []string{`str:a(b)c\dA`, "str:Hello", "name:Na me", "arr:xxxx", "dict", "other", "other", "op:Tj", "op:BI", "op:Q"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("tokens\n%q\nwant\n%q", got, want)
	}
}

func TestReplay(t *testing.T) {
	helv := &Font{Base: "Helvetica", Core: "Helvetica"}
	r := res{
		fonts:  map[string]*Font{"F1": helv, "F2": {Base: "ABCDEF+Mono", Widths: map[int]float64{'A': 600, 'B': 600, ' ': 600}}},
		states: map[string]ExtGState{"Half": {FillAlpha: ptr(0.5)}, "Mul": {Blend: ptr(true)}},
		xobjs: map[string]*XObject{
			"Im1":  {Obj: 7, IsImage: true},
			"Logo": {Obj: 8, IsImage: true, Masked: true},
			"Fm1":  {Obj: 9, Content: []byte("1 g 0 0 10 10 re f"), Matrix: matrix{2, 0, 0, 2, 100, 100}},
		},
		spaces: map[string]string{"CS0": "DeviceRGB"},
	}
	content := `BT /F1 10 Tf 1 0 0 1 72 700 Tm (Hello world) Tj ET
q 1 1 1 rg 70 695 40 14 re f Q
q /Half gs 1 g 70 695 40 14 re f Q
q /Mul gs 1 g 70 695 40 14 re f Q
q 50 0 0 20 300 600 cm /Im1 Do Q
q 50 0 0 20 300 600 cm /Logo Do Q
/Fm1 Do
BT 3 Tr /F2 12 Tf 100 500 Td [(AB) -300 (BA)] TJ ET
/CS0 cs 1 1 1 scn 0 0 5 5 re f
BI /W 1 /H 1 /BPC 8 /CS /G ID ` + "\x80" + ` EI`
	ms := Replay([]byte(content), r)
	type want struct {
		kind          Kind
		text          string
		box           Rect
		opaque, white bool
	}
	wants := []want{
		{Text, "Hello", Rect{72, 698, 72 + 22.78, 708}, true, false},
		{Text, "world", Rect{72 + 25.56, 698, 72 + 25.56 + 23.89, 708}, true, false},
		{Fill, "", Rect{70, 695, 110, 709}, true, true},
		{Fill, "", Rect{70, 695, 110, 709}, false, true},
		{Fill, "", Rect{70, 695, 110, 709}, false, true},
		{Image, "", Rect{300, 600, 350, 620}, true, false},
		{Image, "", Rect{300, 600, 350, 620}, false, false},
		{Fill, "", Rect{100, 100, 120, 120}, true, true},
		{Text, "AB", Rect{100, 497.6, 114.4, 509.6}, true, false},
		{Text, "BA", Rect{114.4 + 3.6, 497.6, 114.4 + 3.6 + 14.4, 509.6}, true, false},
		{Fill, "", Rect{0, 0, 5, 5}, true, true},
		{Image, "", Rect{0, 0, 1, 1}, true, false},
	}
	if len(ms) != len(wants) {
		for _, m := range ms {
			t.Logf("%+v", m)
		}
		t.Fatalf("%d marks, want %d", len(ms), len(wants))
	}
	for i, w := range wants {
		m := ms[i]
		if m.Kind != w.kind || m.Text != w.text || m.Opaque != w.opaque || m.White != w.white ||
			!near(m.Box.X0, w.box.X0) || !near(m.Box.Y0, w.box.Y0) || !near(m.Box.X1, w.box.X1) || !near(m.Box.Y1, w.box.Y1) {
			t.Errorf("mark %d = %+v, want %+v", i, m, w)
		}
		if m.Seq != i+1 {
			t.Errorf("mark %d has seq %d", i, m.Seq)
		}
	}
	if !ms[8].Invisible || ms[0].Invisible || ms[8].Font != "ABCDEF+Mono" || !near(ms[8].Size, 12) || !near(ms[0].Baseline, 700) {
		t.Errorf("text state: %+v / %+v", ms[0], ms[8])
	}
	if ms[5].ImageObj != 7 {
		t.Errorf("image object %d", ms[5].ImageObj)
	}
}

func TestReplayAnnotation(t *testing.T) {
	ap := &XObject{Content: []byte("1 g 0 0 20 10 re f"), Matrix: identity}
	ms := ReplayAnnotation(41, "Square", ap, Rect{0, 0, 20, 10}, Rect{200, 300, 240, 320})
	if len(ms) != 1 || ms[0].Seq != 42 || ms[0].Annotation != "Square" || ms[0].Box != (Rect{200, 300, 240, 320}) || !ms[0].White {
		t.Fatalf("marks %+v", ms)
	}
}

// TestFormCycle: a form that draws itself is drawn once.
func TestFormCycle(t *testing.T) {
	r := res{xobjs: map[string]*XObject{}}
	r.xobjs["Fm"] = &XObject{Obj: 3, Content: []byte("0 0 1 1 re f /Fm Do"), Matrix: identity}
	if ms := Replay([]byte("/Fm Do"), r); len(ms) != 1 {
		t.Fatalf("%d marks", len(ms))
	}
}

func TestToUnicode(t *testing.T) {
	cmap := []byte(`/CIDInit /ProcSet findresource begin 12 dict begin begincmap
2 beginbfchar <0003> <0020> <0011> <0041> endbfchar
2 beginbfrange <0020> <0022> <0061> <0030> <0031> [<0031> <00E9>] endbfrange
endcmap CMapName currentdict /CMap defineresource pop end end`)
	m := parseToUnicode(cmap)
	want := map[int]string{3: " ", 0x11: "A", 0x20: "a", 0x21: "b", 0x22: "c", 0x30: "1", 0x31: "é"}
	for k, v := range want {
		if m[k] != v {
			t.Errorf("code %#x = %q, want %q", k, m[k], v)
		}
	}
	f := &Font{TwoByte: true, ToUnicode: m}
	if got := f.codes("\x00\x11\x00\x03\x00\x21"); len(got) != 3 || f.decode(got[0]) != "A" || !f.isSpace(got[1]) {
		t.Errorf("codes %v", got)
	}
}

func ptr[T any](v T) *T { return &v }

// A fill or a picture shows only inside the clipping path: HTML renderers
// paint a box's background by clipping to it and filling the whole page.
func TestReplayClip(t *testing.T) {
	r := res{xobjs: map[string]*XObject{"Im": {IsImage: true, Obj: 7}}}
	for _, tt := range []struct {
		name, content string
		kind          Kind
		want          Rect
		marks         int
	}{
		{"a background filled through its clip", "q 100 200 50 10 re W n 1 1 1 rg 0 0 612 792 re f Q", Fill, Rect{100, 200, 150, 210}, 1},
		{"the clip set by W* and ended by the fill itself", "q 100 200 50 10 re W* f 0 0 612 792 re f Q", Fill, Rect{100, 200, 150, 210}, 2},
		{"nested clips narrow each other", "q 0 0 300 300 re W n q 200 200 300 300 re W n 0 0 612 792 re f Q Q", Fill, Rect{200, 200, 300, 300}, 1},
		{"a clip ends at Q", "q 0 0 10 10 re W n Q 0 0 612 792 re f", Fill, Rect{0, 0, 612, 792}, 1},
		{"a page-sized picture placed through a clip", "q 20 30 40 10 re W n 612 0 0 792 0 0 cm /Im Do Q", Image, Rect{20, 30, 60, 40}, 1},
		{"a fill wholly outside its clip paints nothing", "q 0 0 10 10 re W n 100 100 5 5 re f Q", Fill, Rect{}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ms := Replay([]byte(tt.content), r)
			if len(ms) != tt.marks {
				t.Fatalf("%d marks, want %d: %+v", len(ms), tt.marks, ms)
			}
			if tt.marks == 0 {
				return
			}
			m := ms[len(ms)-1]
			if m.Kind != tt.kind || !near(m.Box.X0, tt.want.X0) || !near(m.Box.Y0, tt.want.Y0) || !near(m.Box.X1, tt.want.X1) || !near(m.Box.Y1, tt.want.Y1) {
				t.Errorf("mark %+v, want %v at %+v", m, tt.kind, tt.want)
			}
		})
	}
}

// TestFontDiffers: two objects of one face differ when their programs are
// of other lengths or a character of the text is given another width; one
// object, two objects of one program and widths, fonts without widths of
// their own, or widths differing only on characters the text does not
// print, do not.
func TestFontDiffers(t *testing.T) {
	uni := map[int]string{'A': "A", 'B': "B", '1': "1"}
	page := &Font{Base: "AAAAAA+Face", Obj: 9, Program: 18, ProgramLen: 17264, WidthsFrom: WidthsFile,
		Widths: map[int]float64{'A': 667, 'B': 667, '1': 556}, ToUnicode: uni}
	alike := *page
	alike.Obj, alike.Program = 10, 19
	subset := alike
	subset.ProgramLen = 4210
	wider := alike
	wider.Widths = map[int]float64{'A': 687, 'B': 667, '1': 556}
	core := &Font{Base: "Helvetica", Obj: 3, Core: "Helvetica", WidthsFrom: WidthsCore}
	core2 := *core
	core2.Obj = 12
	for _, tt := range []struct {
		name string
		a, b *Font
		text string
		want bool
	}{
		{"one object", page, page, "AB", false},
		{"a copy of the object", page, &alike, "AB", false},
		{"a subset of its own", page, &subset, "AB", true},
		{"a wider A", page, &wider, "AB", true},
		{"a wider A, unprinted", page, &wider, "B1", false},
		{"standard metrics", core, &core2, "AB", false},
		{"no font", page, nil, "AB", false},
	} {
		if got := tt.a.Differs(tt.b, tt.text); got != tt.want {
			t.Errorf("%s: Differs = %v, want %v", tt.name, got, tt.want)
		}
	}
}
