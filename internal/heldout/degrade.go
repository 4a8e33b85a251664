package heldout

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// cardMode is how a card-sized document reaches the scanner.
type cardMode int

const (
	// cardFlatbed: the card laid on a flatbed, a letter page mostly empty.
	cardFlatbed cardMode = iota
	// cardPhoto: a phone photo of the card on a table, in perspective.
	cardPhoto
	// cardSmallPage: the card's own small page, scanned as it is.
	cardSmallPage
)

// scanProfile is how one page is degraded.
type scanProfile struct {
	dpi      int
	gray     bool
	skew     float64 // degrees
	noise    float64 // standard deviation, 0..255 scale
	blur     int     // box blur passes
	quality  int     // JPEG quality
	light    float64 // strength of uneven lighting, 0..1
	turn     int     // 0, 90, 180 or 270 degrees clockwise
	card     bool
	cardMode cardMode
}

func newScanProfile(r *rand.Rand) scanProfile {
	p := scanProfile{
		dpi:     pick(r, []int{150, 200, 200, 240, 300}),
		gray:    r.IntN(3) != 0,
		skew:    (r.Float64()*2 - 1) * 2.2,
		noise:   3 + r.Float64()*9,
		blur:    r.IntN(2),
		quality: 35 + r.IntN(50),
		light:   r.Float64() * 0.3,
	}
	if r.IntN(8) == 0 {
		p.dpi = pick(r, []int{110, 120, 130})
	}
	if r.IntN(7) == 0 {
		p.turn = pick(r, []int{90, 180, 270})
	}
	return p
}

// vary is the next page of the same scan: the same device, its own skew,
// now and then a page fed upside down or sideways.
func (p scanProfile) vary(r *rand.Rand) scanProfile {
	p.skew = (r.Float64()*2 - 1) * 2.2
	p.turn = 0
	switch {
	case r.IntN(9) == 0:
		p.turn = 180
	case r.IntN(14) == 0:
		p.turn = pick(r, []int{90, 270})
	}
	return p
}

// degrade applies the profile; it returns the image and the resolution its
// page is to be wrapped at.
func degrade(src image.Image, p scanProfile, r *rand.Rand) (image.Image, int) {
	img := toRGBA(src)
	dpi := p.dpi
	paper := color.RGBA{248, 246, 240, 255}
	if p.card {
		switch p.cardMode {
		case cardFlatbed:
			img = flatbed(img, p, r)
		case cardPhoto:
			img = photo(img, r)
			paper = color.RGBA{92, 74, 58, 255}
		}
	}
	if !(p.card && p.cardMode == cardPhoto) {
		img = rotate(img, p.skew, paper)
	}
	light(img, p.light, r)
	for i := 0; i < p.blur; i++ {
		img = boxBlur(img)
	}
	noise(img, p.noise, r)
	img = turn(img, p.turn)
	if p.gray {
		g := image.NewGray(img.Bounds())
		draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
		return g, dpi
	}
	return img, dpi
}

func toRGBA(src image.Image) *image.RGBA {
	b := src.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Bounds(), src, b.Min, draw.Src)
	return dst
}

func fill(img *image.RGBA, c color.RGBA) {
	draw.Draw(img, img.Bounds(), &image.Uniform{c}, image.Point{}, draw.Src)
}

// rotate turns the image by deg about its centre, the uncovered corners
// filled with the scanner lid's colour.
func rotate(src *image.RGBA, deg float64, bg color.RGBA) *image.RGBA {
	if deg == 0 {
		return src
	}
	b := src.Bounds()
	dst := image.NewRGBA(b)
	fill(dst, bg)
	th := deg * math.Pi / 180
	c, s := math.Cos(th), math.Sin(th)
	cx, cy := float64(b.Dx())/2, float64(b.Dy())/2
	m := f64.Aff3{c, -s, cx - c*cx + s*cy, s, c, cy - s*cx - c*cy}
	draw.BiLinear.Transform(dst, m, src, b, draw.Over, nil)
	return dst
}

// flatbed lays the card on a letter-sized scan at the card's resolution.
func flatbed(card *image.RGBA, p scanProfile, r *rand.Rand) *image.RGBA {
	w, h := int(8.5*float64(p.dpi)), int(11*float64(p.dpi))
	page := image.NewRGBA(image.Rect(0, 0, w, h))
	fill(page, color.RGBA{250, 250, 248, 255})
	x := int((0.3 + r.Float64()) * float64(p.dpi))
	y := int((0.3 + r.Float64()*1.5) * float64(p.dpi))
	cb := card.Bounds()
	draw.Draw(page, image.Rect(x, y, x+cb.Dx(), y+cb.Dy()), card, image.Point{}, draw.Src)
	return page
}

// photo puts the card on a table, seen from a little off-axis: the card's
// corners moved inwards unevenly, a shadow over one side.
func photo(card *image.RGBA, r *rand.Rand) *image.RGBA {
	cb := card.Bounds()
	cw, ch := float64(cb.Dx()), float64(cb.Dy())
	w, h := int(cw*1.45), int(ch*1.6)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	// A table: a warm gradient.
	for y := 0; y < h; y++ {
		t := float64(y) / float64(h)
		for x := 0; x < w; x++ {
			v := 0.75 + 0.25*math.Sin(float64(x)/37+t*3)
			i := dst.PixOffset(x, y)
			dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2], dst.Pix[i+3] = uint8(110*v), uint8(86*v), uint8(64*v), 255
		}
	}
	ox, oy := (float64(w)-cw)/2, (float64(h)-ch)/2
	j := func(s float64) float64 { return (r.Float64()*2 - 1) * s }
	quad := [4][2]float64{
		{ox + j(0.05*cw), oy + j(0.06*ch)},
		{ox + cw + j(0.05*cw), oy + j(0.06*ch)},
		{ox + cw + j(0.05*cw), oy + ch + j(0.06*ch)},
		{ox + j(0.05*cw), oy + ch + j(0.06*ch)},
	}
	rect := [4][2]float64{{0, 0}, {cw, 0}, {cw, ch}, {0, ch}}
	hm, ok := homography(quad, rect)
	if !ok {
		return card
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			fx, fy := float64(x)+0.5, float64(y)+0.5
			d := hm[6]*fx + hm[7]*fy + 1
			sx, sy := (hm[0]*fx+hm[1]*fy+hm[2])/d, (hm[3]*fx+hm[4]*fy+hm[5])/d
			if sx < 0 || sy < 0 || sx >= cw-1 || sy >= ch-1 {
				continue
			}
			setBilinear(dst, x, y, card, sx, sy)
		}
	}
	return dst
}

// homography maps the points from onto to (eight unknowns, h33 = 1).
func homography(from, to [4][2]float64) ([8]float64, bool) {
	var a [8][9]float64
	for i := 0; i < 4; i++ {
		x, y, u, v := from[i][0], from[i][1], to[i][0], to[i][1]
		a[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		a[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	for c := 0; c < 8; c++ {
		p := c
		for rr := c + 1; rr < 8; rr++ {
			if math.Abs(a[rr][c]) > math.Abs(a[p][c]) {
				p = rr
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return [8]float64{}, false
		}
		a[c], a[p] = a[p], a[c]
		for rr := 0; rr < 8; rr++ {
			if rr == c {
				continue
			}
			f := a[rr][c] / a[c][c]
			for k := c; k < 9; k++ {
				a[rr][k] -= f * a[c][k]
			}
		}
	}
	var h [8]float64
	for i := 0; i < 8; i++ {
		h[i] = a[i][8] / a[i][i]
	}
	return h, true
}

func setBilinear(dst *image.RGBA, x, y int, src *image.RGBA, sx, sy float64) {
	x0, y0 := int(sx), int(sy)
	fx, fy := sx-float64(x0), sy-float64(y0)
	i00 := src.PixOffset(x0, y0)
	i10 := src.PixOffset(x0+1, y0)
	i01 := src.PixOffset(x0, y0+1)
	i11 := src.PixOffset(x0+1, y0+1)
	o := dst.PixOffset(x, y)
	for k := 0; k < 3; k++ {
		v := float64(src.Pix[i00+k])*(1-fx)*(1-fy) + float64(src.Pix[i10+k])*fx*(1-fy) +
			float64(src.Pix[i01+k])*(1-fx)*fy + float64(src.Pix[i11+k])*fx*fy
		dst.Pix[o+k] = uint8(v + 0.5)
	}
	dst.Pix[o+3] = 255
}

// light darkens the page unevenly: a gradient from one side and a
// vignette, as a lamp or a phone's shadow does.
func light(img *image.RGBA, strength float64, r *rand.Rand) {
	if strength <= 0 {
		return
	}
	b := img.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	phi := r.Float64() * 2 * math.Pi
	cp, sp := math.Cos(phi), math.Sin(phi)
	diag := math.Hypot(w, h)
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			lin := ((float64(x)-w/2)*cp+(float64(y)-h/2)*sp)/diag + 0.5
			rad := math.Hypot(float64(x)-w/2, float64(y)-h/2) / (diag / 2)
			f := 1 - strength*(0.65*lin+0.35*rad*rad)
			i := img.PixOffset(x, y)
			for k := 0; k < 3; k++ {
				img.Pix[i+k] = uint8(float64(img.Pix[i+k]) * f)
			}
		}
	}
}

// boxBlur is one 3×3 box blur, the softness of a cheap lens or scanner.
func boxBlur(src *image.RGBA) *image.RGBA {
	b := src.Bounds()
	dst := image.NewRGBA(b)
	w, h := b.Dx(), b.Dy()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var s [3]int
			n := 0
			for dy := -1; dy <= 1; dy++ {
				yy := y + dy
				if yy < 0 || yy >= h {
					continue
				}
				for dx := -1; dx <= 1; dx++ {
					xx := x + dx
					if xx < 0 || xx >= w {
						continue
					}
					i := src.PixOffset(xx, yy)
					s[0] += int(src.Pix[i])
					s[1] += int(src.Pix[i+1])
					s[2] += int(src.Pix[i+2])
					n++
				}
			}
			o := dst.PixOffset(x, y)
			dst.Pix[o], dst.Pix[o+1], dst.Pix[o+2], dst.Pix[o+3] = uint8(s[0]/n), uint8(s[1]/n), uint8(s[2]/n), 255
		}
	}
	return dst
}

// noise adds sensor noise and a few dust specks.
func noise(img *image.RGBA, sigma float64, r *rand.Rand) {
	b := img.Bounds()
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			n := r.NormFloat64() * sigma
			i := img.PixOffset(x, y)
			for k := 0; k < 3; k++ {
				img.Pix[i+k] = clamp(float64(img.Pix[i+k]) + n)
			}
		}
	}
	specks := b.Dx() * b.Dy() / 40000
	for s := 0; s < specks; s++ {
		x, y := r.IntN(b.Dx()), r.IntN(b.Dy())
		i := img.PixOffset(x, y)
		img.Pix[i], img.Pix[i+1], img.Pix[i+2] = 40, 40, 40
	}
}

func clamp(v float64) uint8 {
	switch {
	case v < 0:
		return 0
	case v > 255:
		return 255
	}
	return uint8(v)
}

// turn rotates by a multiple of 90 degrees clockwise.
func turn(src *image.RGBA, deg int) *image.RGBA {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	var dst *image.RGBA
	switch deg {
	case 90, 270:
		dst = image.NewRGBA(image.Rect(0, 0, h, w))
	case 180:
		dst = image.NewRGBA(image.Rect(0, 0, w, h))
	default:
		return src
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var nx, ny int
			switch deg {
			case 90:
				nx, ny = h-1-y, x
			case 180:
				nx, ny = w-1-x, h-1-y
			case 270:
				nx, ny = y, w-1-x
			}
			copy(dst.Pix[dst.PixOffset(nx, ny):dst.PixOffset(nx, ny)+4], src.Pix[src.PixOffset(x, y):src.PixOffset(x, y)+4])
		}
	}
	return dst
}

func encodeJPEG(img image.Image, q int) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
