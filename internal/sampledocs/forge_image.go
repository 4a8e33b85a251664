package sampledocs

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"time"
)

// Altered pictures: a scan or a phone photo with a region pasted in from
// another picture (it missed the compression the rest went through) or
// copied from elsewhere in the same picture (a clone stamp hiding a date).

// patchJPEG is a near-white picture of w×h pixels with a little paper
// grain, as whiteout tools paste.
func patchJPEG(w, h int, r *rand.Rand) ([]byte, int, int, error) {
	w, h = max(w, 8), max(h, 8)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		v := uint8(248 + r.IntN(8))
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = v, v, v, 255
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		return nil, 0, 0, err
	}
	return b.Bytes(), w, h, nil
}

// scanRaster is the first page of pdf scanned: rasterised at dpi in gray
// and degraded (skew, noise, uneven light) with a seed, so that two
// renderings of nearly the same page scan alike everywhere they agree.
func scanRaster(pdf []byte, dpi int, seed uint64) (raster, error) {
	pages, err := rasterize(pdf, dpi, true, 1, 1)
	if err != nil {
		return raster{}, err
	}
	r := Seeded(seed)
	skew := (r.Float64()*2 - 1) * 1.2
	return degrade(pages[0], r, skew, 0.035), nil
}

func encodeJPEG(img image.Image, q int) ([]byte, error) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// diffBox is the bounding box of the samples where two equal-sized gray
// pictures differ clearly, grown by pad.
func diffBox(a, b []uint8, w, h, pad int) (image.Rectangle, error) {
	box := image.Rectangle{}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			d := int(a[y*w+x]) - int(b[y*w+x])
			if d > 25 || d < -25 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if box.Empty() {
		return box, errors.New("sampledocs: the change does not show in the picture")
	}
	return box.Inset(-pad).Intersect(image.Rect(0, 0, w, h)), nil
}

func grayOf(img image.Image) *image.Gray {
	if g, ok := img.(*image.Gray); ok {
		return g
	}
	g := image.NewGray(img.Bounds())
	draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
	return g
}

// pastedScan is a scanned page (saved by the scanner at quality 75) with
// the region showing field pasted in from a scan of the forged document
// that never went through that compression, and the whole saved again by
// an editor at a higher quality.
func pastedScan(d Doc, change map[string]any, seed uint64) ([]byte, error) {
	orig, err := RenderPDF(d)
	if err != nil {
		return nil, err
	}
	forged, err := fabricated(d, change)
	if err != nil {
		return nil, err
	}
	a, err := scanRaster(orig, 150, seed)
	if err != nil {
		return nil, err
	}
	b, err := scanRaster(forged, 150, seed)
	if err != nil {
		return nil, err
	}
	box, err := diffBox(a.planes[0], b.planes[0], a.w, a.h, 6)
	if err != nil {
		return nil, err
	}
	first, err := encodeJPEG(a.image(), 75)
	if err != nil {
		return nil, err
	}
	dec, err := jpeg.Decode(bytes.NewReader(first))
	if err != nil {
		return nil, err
	}
	g := grayOf(dec)
	draw.Draw(g, box, b.image(), box.Min, draw.Src)
	return encodeJPEG(g, 92)
}

// clonedPhoto is a phone photo of a card with the region showing a field
// covered by a patch of the same photo copied from a bare part of the
// card (its grain along), saved again by an editor.
func clonedPhoto(d Doc, field string, r *rand.Rand) ([]byte, error) {
	orig, err := RenderPDF(d)
	if err != nil {
		return nil, err
	}
	iso, _ := d.Fields[field].(string)
	// A date moved in every part, so that the picture differs over the
	// whole of it and the clone hides all of it.
	moved := mustDate(iso).AddDate(3, 5, 11).Format(time.DateOnly)
	forged, err := fabricated(d, map[string]any{field: moved})
	if err != nil {
		return nil, err
	}
	opt := PhotoOptions{Seed: d.Seed ^ 0x70686f746f, TiltDegrees: 8, JPEGQuality: 85}
	pa, err := RenderCardPhoto(orig, opt)
	if err != nil {
		return nil, err
	}
	pb, err := RenderCardPhoto(forged, opt)
	if err != nil {
		return nil, err
	}
	ia, err := jpeg.Decode(bytes.NewReader(pa))
	if err != nil {
		return nil, err
	}
	ib, err := jpeg.Decode(bytes.NewReader(pb))
	if err != nil {
		return nil, err
	}
	ga, gb := grayOf(ia), grayOf(ib)
	w, h := ga.Bounds().Dx(), ga.Bounds().Dy()
	box, err := diffBox(ga.Pix, gb.Pix, w, h, 5)
	if err != nil {
		return nil, err
	}
	// The patch a forger would pick: bare card of the shade around the
	// field (the least print, by gradient energy, and the nearest mean to
	// the field's surroundings), close by.
	ring := meanGray(ga, box.Inset(-6)) - meanGray(ga, box)*float64(box.Dx()*box.Dy())/float64(box.Inset(-6).Dx()*box.Inset(-6).Dy())
	ring /= 1 - float64(box.Dx()*box.Dy())/float64(box.Inset(-6).Dx()*box.Inset(-6).Dy())
	best, bestE := image.Point{}, math.MaxFloat64
	for _, dy := range []int{-3, -2, -1, 0, 1, 2, 3} {
		for _, dx := range []int{-2, -1, 0, 1, 2} {
			if dx == 0 && dy == 0 {
				continue
			}
			off := image.Pt(dx*(box.Dx()+6), dy*(box.Dy()+4))
			src := box.Add(off)
			if !src.In(ga.Bounds()) {
				continue
			}
			if e := (gradientEnergy(ga, src) + math.Abs(meanGray(ga, src)-ring)) * (1 + 0.05*float64(abs(dx)+abs(dy))); e < bestE {
				best, bestE = off, e
			}
		}
	}
	if bestE == math.MaxFloat64 {
		return nil, fmt.Errorf("sampledocs: no patch to clone beside %s on the photo", field)
	}
	rgba := image.NewRGBA(ia.Bounds())
	draw.Draw(rgba, rgba.Bounds(), ia, ia.Bounds().Min, draw.Src)
	src := image.NewRGBA(box)
	draw.Draw(src, box, rgba, box.Min.Add(best), draw.Src)
	draw.Draw(rgba, box, src, box.Min, draw.Src)
	return encodeJPEG(rgba, 88+r.IntN(8))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// meanGray is the mean sample of a region.
func meanGray(g *image.Gray, r image.Rectangle) float64 {
	r = r.Intersect(g.Bounds())
	var sum float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			sum += float64(g.GrayAt(x, y).Y)
		}
	}
	return sum / float64(max(r.Dx()*r.Dy(), 1))
}

// gradientEnergy is the mean absolute horizontal and vertical difference
// over a region: high on print, low on bare card or paper.
func gradientEnergy(g *image.Gray, r image.Rectangle) float64 {
	var sum float64
	n := 0
	for y := r.Min.Y; y < r.Max.Y-1; y++ {
		for x := r.Min.X; x < r.Max.X-1; x++ {
			v := int(g.GrayAt(x, y).Y)
			sum += math.Abs(float64(v-int(g.GrayAt(x+1, y).Y))) + math.Abs(float64(v-int(g.GrayAt(x, y+1).Y)))
			n++
		}
	}
	if n == 0 {
		return math.MaxFloat64
	}
	return sum / float64(n)
}

func (f *forger) pastedRegion() error {
	for _, p := range []struct {
		typ    string
		layout int
	}{{"bls", 2}, {"nursing_license", 1}, {"tb_skin_test", 0}, {"drivers_license", 0}} {
		d := f.doc(p.typ, p.layout, Options{Expired: true})
		field := forgedDateField(d)
		nd := f.laterDate(d.Fields[field].(string))
		if field != "expiration_date" {
			nd = f.asOf.AddDate(0, 0, -(3 + f.r.IntN(40)))
		}
		out, err := pastedScan(d, map[string]any{field: nd.Format(time.DateOnly)}, f.r.Uint64())
		if err != nil {
			return fmt.Errorf("%s/%s: %w", d.Type, d.Variant, err)
		}
		f.add(FraudCase{Name: caseName(JPEGPastedRegion, d, field), DocumentType: d.Type, Manipulation: JPEGPastedRegion, Upload: out, MIME: "image/jpeg"})
	}
	return nil
}

func (f *forger) copyMove() error {
	for _, p := range []struct {
		typ    string
		layout int
	}{{"drivers_license", 1}, {"bls", 2}, {"nursing_license", 1}, {"drivers_license", 2}} {
		d := f.doc(p.typ, p.layout, Options{})
		out, err := clonedPhoto(d, "expiration_date", f.r)
		if err != nil {
			return fmt.Errorf("%s/%s: %w", d.Type, d.Variant, err)
		}
		f.add(FraudCase{Name: caseName(JPEGCopyMove, d, "expiration_date"), DocumentType: d.Type, Manipulation: JPEGCopyMove, Upload: out, MIME: "image/jpeg"})
	}
	return nil
}

// scanImage is a document scanned to a JPEG file (an image upload).
func scanImage(pdf []byte, dpi int, seed uint64) ([]byte, error) {
	rs, err := scanRaster(pdf, dpi, seed)
	if err != nil {
		return nil, err
	}
	return encodeJPEG(rs.image(), 75)
}
