package heldoutfraud

import (
	"fmt"
	"html"
	"strings"
)

// item is one absolutely placed run of text on a page. Fields that a
// forgery touches carry a key, so an overlay or an image edit can find the
// same spot the issuer printed it at.
type item struct {
	Key   string
	X, Y  float64 // mm from the page's top-left corner
	Size  float64 // pt
	Font  string  // CSS font-family; the page's default when ""
	Bold  bool
	Color string
	Text  string
	Width float64 // mm; wraps when > 0
}

// page is a document as its issuer lays it out: a size, a few decorations
// drawn in CSS, and the text items.
type page struct {
	W, H  float64 // mm
	Font  string
	Extra string // decoration HTML (borders, bands, portrait), absolutely placed
	CSS   string
	Items []item
}

const ptMM = 0.3528

// box is where a keyed item's text sits, in mm, estimated from its length
// and size (the fonts used are proportional; 0.56 em is their mean advance
// for capitals and digits).
func (p page) box(key string) (x0, y0, x1, y1 float64, ok bool) {
	for _, it := range p.Items {
		if it.Key != key {
			continue
		}
		w := float64(len([]rune(it.Text))) * it.Size * ptMM * 0.56
		if it.Bold {
			w *= 1.08
		}
		return it.X - 0.6, it.Y - 0.3, it.X + w + 0.8, it.Y + it.Size*ptMM*1.25 + 0.3, true
	}
	return 0, 0, 0, 0, false
}

// frac is box in fractions of the page, the unit the image editing script
// works in whatever the resolution.
func (p page) frac(key string) ([4]float64, error) {
	x0, y0, x1, y1, ok := p.box(key)
	if !ok {
		return [4]float64{}, fmt.Errorf("layout has no item %q", key)
	}
	return [4]float64{x0 / p.W, y0 / p.H, x1 / p.W, y1 / p.H}, nil
}

func (p page) item(key string) (item, bool) {
	for _, it := range p.Items {
		if it.Key == key {
			return it, true
		}
	}
	return item{}, false
}

func (p page) with(key, text string) page {
	q := p
	q.Items = append([]item(nil), p.Items...)
	for i := range q.Items {
		if q.Items[i].Key == key {
			q.Items[i].Text = text
		}
	}
	return q
}

func (it item) style(defFont string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "left:%.2fmm;top:%.2fmm;font-size:%.1fpt;", it.X, it.Y, it.Size)
	f := it.Font
	if f == "" {
		f = defFont
	}
	fmt.Fprintf(&b, "font-family:'%s';", f)
	if it.Bold {
		b.WriteString("font-weight:bold;")
	}
	if it.Color != "" {
		fmt.Fprintf(&b, "color:%s;", it.Color)
	}
	if it.Width > 0 {
		fmt.Fprintf(&b, "width:%.1fmm;white-space:normal;", it.Width)
	}
	return b.String()
}

// html renders the page; items whose key is in hidden keep their place
// but print nothing (how a run deleted in an editor leaves the page).
func (p page) html(title string, hidden map[string]bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<!DOCTYPE html><html><head><meta charset="utf-8"><title>%s</title>`, html.EscapeString(title))
	fmt.Fprintf(&b, `<style>@page{size:%.1fmm %.1fmm;margin:0}html,body{margin:0;padding:0}`+
		`body{position:relative;width:%.1fmm;height:%.1fmm;font-family:'%s';color:#111}`+
		`.t{position:absolute;white-space:nowrap;line-height:1.15}%s</style></head><body>`, p.W, p.H, p.W, p.H, p.Font, p.CSS)
	b.WriteString(p.Extra)
	for _, it := range p.Items {
		if hidden[it.Key] && it.Key != "" {
			continue
		}
		fmt.Fprintf(&b, `<div class="t" style="%s">%s</div>`, it.style(p.Font), html.EscapeString(it.Text))
	}
	b.WriteString("</body></html>")
	return b.String()
}

// patch is what a forger lays over a page: optionally an opaque box over
// the old run, then the new text in whatever font the tool offered.
type patch struct {
	Key      string
	Text     string
	Font     string
	Size     float64 // 0: the original's size
	DY       float64 // mm; a baseline that does not sit where the issuer's did
	DX       float64
	Bold     bool
	WhiteBox bool    // vector rectangle in the page colour
	ImageBox string  // or an image patch (file name next to the HTML)
	BoxPad   float64 // mm added right of the estimated box (longer old text)
}

// overlay renders the forger's layer: a page of the same size holding only
// the boxes and the typed text.
func (p page) overlay(patches []patch) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, `<!DOCTYPE html><html><head><meta charset="utf-8"><style>@page{size:%.1fmm %.1fmm;margin:0}`+
		`html,body{margin:0;padding:0;background:transparent}body{position:relative;width:%.1fmm;height:%.1fmm}`+
		`.t{position:absolute;white-space:nowrap;line-height:1.15;color:#111}.w{position:absolute;background:#fff}`+
		`.i{position:absolute}</style></head><body>`, p.W, p.H, p.W, p.H)
	for _, pt := range patches {
		it, ok := p.item(pt.Key)
		if !ok {
			return "", fmt.Errorf("layout has no item %q", pt.Key)
		}
		x0, y0, x1, y1, _ := p.box(pt.Key)
		x1 += pt.BoxPad
		switch {
		case pt.ImageBox != "":
			fmt.Fprintf(&b, `<img class="i" src="%s" style="left:%.2fmm;top:%.2fmm;width:%.2fmm;height:%.2fmm">`,
				pt.ImageBox, x0, y0, x1-x0, y1-y0)
		case pt.WhiteBox:
			fmt.Fprintf(&b, `<div class="w" style="left:%.2fmm;top:%.2fmm;width:%.2fmm;height:%.2fmm"></div>`,
				x0, y0, x1-x0, y1-y0)
		}
		if pt.Text == "" {
			continue
		}
		n := it
		n.Text = pt.Text
		n.Font = pt.Font
		n.Bold = pt.Bold
		n.Color = "#141414"
		if pt.Size > 0 {
			n.Size = pt.Size
		}
		n.X += pt.DX
		n.Y += pt.DY
		fmt.Fprintf(&b, `<div class="t" style="%s">%s</div>`, n.style(p.Font), html.EscapeString(n.Text))
	}
	b.WriteString("</body></html>")
	return b.String(), nil
}

// portrait is a flat head-and-shoulders drawing for ID cards; the tint
// differs per holder so two cards never share a picture.
func portrait(x, y, w, h float64, tint int) string {
	bg := []string{"#cfd8e3", "#d9d4c7", "#c9d9cf", "#ddd0d8"}[tint%4]
	skin := []string{"#c99a7b", "#8d5e45", "#e2b99b", "#b07a58", "#f0c8a8"}[tint%5]
	hair := []string{"#2b1d14", "#5a3b22", "#111", "#8a6a3c", "#3b2a20"}[(tint/3)%5]
	return fmt.Sprintf(`<svg style="position:absolute;left:%.1fmm;top:%.1fmm" width="%.1fmm" height="%.1fmm" viewBox="0 0 100 125">`+
		`<rect width="100" height="125" fill="%s"/><ellipse cx="50" cy="128" rx="46" ry="40" fill="#34495e"/>`+
		`<rect x="42" y="72" width="16" height="18" fill="%s"/><ellipse cx="50" cy="52" rx="22" ry="28" fill="%s"/>`+
		`<path d="M27 50 Q28 18 50 20 Q74 18 73 50 Q70 32 50 31 Q31 32 27 50Z" fill="%s"/>`+
		`<ellipse cx="41" cy="52" rx="2.6" ry="1.8" fill="#222"/><ellipse cx="59" cy="52" rx="2.6" ry="1.8" fill="#222"/>`+
		`<path d="M43 67 Q50 71 57 67" stroke="#6b3a2e" stroke-width="1.6" fill="none"/></svg>`,
		x, y, w, h, bg, skin, skin, hair)
}
