package sampledocs

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"time"

	xdraw "golang.org/x/image/draw"
)

// Harder altered pictures than forge_image.go's: the tools forgers use
// differ in the quality they save at, whether they save a JPEG at all,
// whether they scale the result, and how much they paste. Each splice
// pastes the region showing a field from a picture of the forged document
// that never went through the first compression; each clone covers it
// with a patch of the same picture. Clean controls re-save scans and
// photos the same ways, so that what finds the forgeries is not merely
// the way they were saved.

// pictureHow is how an altered (or re-saved) picture is made and saved.
type pictureHow struct {
	name string
	// firstQ is the quality the scanner or the camera saved at; finalQ
	// the quality the editor saves at (ignored for png).
	firstQ, finalQ int
	png            bool
	// pad grows the pasted region around the changed samples (negative:
	// a region smaller than the change, only part of a date pasted).
	pad int
	// scale resizes the whole picture after the edit (1: not at all).
	scale float64
	// photo: a phone photo of a card in colour rather than a gray scan;
	// inPDF: the picture is wrapped in a PDF (a card's photo placed on a
	// page by a scanning app).
	photo, inPDF bool
	// dpi of a scan.
	dpi int
	// donorQ, when set, is the quality the picture the region is pasted
	// from was saved at; the paste then keeps the 8×8 grid (a donor
	// cropped on it, as editors' layers are).
	donorQ int
}

// firstPictures returns the picture of the original as the scanner or
// camera saved it (decoded), the picture of the forged document never
// compressed, and the original's never compressed (to find where the two
// documents differ), at the same geometry.
func firstPictures(orig, forged []byte, seed uint64, h pictureHow) (image.Image, image.Image, image.Image, error) {
	if h.photo {
		opt := PhotoOptions{Seed: seed, TiltDegrees: 6, JPEGQuality: h.firstQ}
		pa, err := RenderCardPhoto(orig, opt)
		if err != nil {
			return nil, nil, nil, err
		}
		opt.JPEGQuality = 100
		pb, err := RenderCardPhoto(forged, opt)
		if err != nil {
			return nil, nil, nil, err
		}
		raw, err := RenderCardPhoto(orig, opt)
		if err != nil {
			return nil, nil, nil, err
		}
		var out [3]image.Image
		for i, b := range [][]byte{pa, pb, raw} {
			if out[i], err = jpeg.Decode(bytes.NewReader(b)); err != nil {
				return nil, nil, nil, err
			}
		}
		return out[0], out[1], out[2], nil
	}
	a, err := scanRaster(orig, h.dpi, seed)
	if err != nil {
		return nil, nil, nil, err
	}
	b, err := scanRaster(forged, h.dpi, seed)
	if err != nil {
		return nil, nil, nil, err
	}
	first, err := encodeJPEG(a.image(), h.firstQ)
	if err != nil {
		return nil, nil, nil, err
	}
	ia, err := jpeg.Decode(bytes.NewReader(first))
	return ia, b.image(), a.image(), err
}

// savePicture saves an edited picture the way h says: scaled, as PNG or
// JPEG, wrapped in a PDF or not. It returns the upload and its MIME type.
func savePicture(img image.Image, h pictureHow, made time.Time) ([]byte, string, error) {
	if h.scale != 0 && h.scale != 1 {
		b := img.Bounds()
		dst := image.NewRGBA(image.Rect(0, 0, int(float64(b.Dx())*h.scale), int(float64(b.Dy())*h.scale)))
		xdraw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
		img = dst
		if !h.photo {
			img = grayOf(img)
		}
	}
	if h.png {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			return nil, "", err
		}
		return buf.Bytes(), "image/png", nil
	}
	out, err := encodeJPEG(img, h.finalQ)
	if err != nil {
		return nil, "", err
	}
	if !h.inPDF {
		return out, "image/jpeg", nil
	}
	b := img.Bounds()
	planes := 1
	if _, gray := img.(*image.Gray); !gray {
		planes = 3
	}
	pdf, err := imagePDF([][]byte{out}, []raster{{w: b.Dx(), h: b.Dy(), planes: make([][]uint8, planes)}}, 200, made,
		meta{producer: "Adobe Scan for Android 23.10.02"})
	return pdf, "application/pdf", err
}

// splicedPicture pastes the region showing a field's new value from the
// forged document's picture into the original's.
func splicedPicture(d Doc, change map[string]any, seed uint64, h pictureHow, made time.Time) ([]byte, string, error) {
	orig, err := RenderPDF(d)
	if err != nil {
		return nil, "", err
	}
	forged, err := fabricated(d, change)
	if err != nil {
		return nil, "", err
	}
	ia, ib, raw, err := firstPictures(orig, forged, seed, h)
	if err != nil {
		return nil, "", err
	}
	ga, gb := grayOf(ia), grayOf(ib)
	box, err := diffBox(grayOf(raw).Pix, gb.Pix, ga.Bounds().Dx(), ga.Bounds().Dy(), max(h.pad, 0))
	if err != nil {
		return nil, "", err
	}
	if h.pad < 0 {
		box = box.Inset(min(-h.pad, box.Dx()/3, box.Dy()/3))
	}
	if h.donorQ > 0 {
		jb, err := encodeJPEG(ib, h.donorQ)
		if err != nil {
			return nil, "", err
		}
		if ib, err = jpeg.Decode(bytes.NewReader(jb)); err != nil {
			return nil, "", err
		}
		box = image.Rect(box.Min.X/8*8, box.Min.Y/8*8, (box.Max.X+7)/8*8, (box.Max.Y+7)/8*8).Intersect(ia.Bounds())
	}
	var canvas draw.Image
	if h.photo {
		rgba := image.NewRGBA(ia.Bounds())
		draw.Draw(rgba, rgba.Bounds(), ia, ia.Bounds().Min, draw.Src)
		canvas = rgba
	} else {
		canvas = ga
	}
	draw.Draw(canvas, box, ib, box.Min, draw.Src)
	return savePicture(canvas, h, made)
}

// resavedPicture is a clean control: the original's picture saved again
// the way h says, nothing changed.
func resavedPicture(d Doc, seed uint64, h pictureHow, made time.Time) ([]byte, string, error) {
	orig, err := RenderPDF(d)
	if err != nil {
		return nil, "", err
	}
	ia, _, _, err := firstPictures(orig, orig, seed, h)
	if err != nil {
		return nil, "", err
	}
	if !h.photo {
		ia = grayOf(ia)
	}
	return savePicture(ia, h, made)
}

// spliceHows are the harder splices: a scanner saving finer than the
// editor, a PNG out of the editor, a small paste, a scaled result, a
// colour photo placed in a PDF, the same quality twice.
var spliceHows = []pictureHow{
	{name: "q90_then_q75", firstQ: 90, finalQ: 75, pad: 4, dpi: 150},
	{name: "q75_then_png", firstQ: 75, png: true, pad: 4, dpi: 150},
	{name: "q70_small_then_q85", firstQ: 70, finalQ: 85, pad: -3, dpi: 150},
	{name: "q85_then_scaled_q90", firstQ: 85, finalQ: 90, pad: 4, scale: 0.85, dpi: 200},
	{name: "photo_q88_then_q80_pdf", firstQ: 88, finalQ: 80, pad: 3, photo: true, inPDF: true},
	{name: "q80_then_q80", firstQ: 80, finalQ: 80, pad: 4, dpi: 150},
	{name: "photo_q88_donor_q60_then_q94", firstQ: 88, finalQ: 94, pad: 2, photo: true, donorQ: 60},
	{name: "scan_q85_donor_q65_then_q92_pdf", firstQ: 85, finalQ: 92, pad: 2, inPDF: true, donorQ: 65, dpi: 150},
}

// resaveHows are clean pictures saved again in the same ways.
var resaveHows = []pictureHow{
	{name: "scan_q75_resaved_q90", firstQ: 75, finalQ: 90, dpi: 150},
	{name: "scan_q90_resaved_q75", firstQ: 90, finalQ: 75, dpi: 150},
	{name: "scan_q75_png", firstQ: 75, png: true, dpi: 150},
	{name: "scan_q85_scaled_q90", firstQ: 85, finalQ: 90, scale: 0.85, dpi: 200},
	{name: "photo_q88_resaved_q80_pdf", firstQ: 88, finalQ: 80, photo: true, inPDF: true},
	{name: "scan_q80_resaved_q80", firstQ: 80, finalQ: 80, dpi: 150},
}

// harderPictures adds the harder splices and their clean controls.
func (f *forger) harderPictures() error {
	types := []struct {
		typ    string
		layout int
	}{{"nursing_license", 0}, {"bls", 1}, {"tb_skin_test", 1}, {"drivers_license", 1}, {"bls", 0}, {"nursing_license", 2}}
	for i, h := range spliceHows {
		p := types[i%len(types)]
		if h.photo {
			p.typ, p.layout = "drivers_license", 2
		}
		d := f.doc(p.typ, p.layout, Options{Expired: true})
		field := forgedDateField(d)
		nd := f.laterDate(d.Fields[field].(string))
		if field != "expiration_date" {
			nd = f.asOf.AddDate(0, 0, -(3 + f.r.IntN(40)))
		}
		out, mime, err := splicedPicture(d, map[string]any{field: nd.Format(time.DateOnly)}, f.r.Uint64(), h, f.editedAt(d))
		if err != nil {
			return fmt.Errorf("%s %s/%s: %w", h.name, d.Type, d.Variant, err)
		}
		f.add(FraudCase{Name: caseName(JPEGPastedRegion, d, field, h.name), DocumentType: d.Type, Manipulation: JPEGPastedRegion, Upload: out, MIME: mime})
	}
	for i, h := range resaveHows {
		p := types[(i+2)%len(types)]
		if h.photo {
			p.typ, p.layout = "drivers_license", 2
		}
		d := f.doc(p.typ, p.layout, Options{})
		out, mime, err := resavedPicture(d, f.r.Uint64(), h, f.editedAt(d))
		if err != nil {
			return fmt.Errorf("%s %s/%s: %w", h.name, d.Type, d.Variant, err)
		}
		f.add(FraudCase{Name: caseName(Scanned, d, h.name), DocumentType: d.Type, Control: Scanned, Upload: out, MIME: mime})
	}
	return nil
}

// clonedScan is a scanned page (saved by the scanner at firstQ) whose
// date is covered with blank paper cloned from beside it on its own line,
// the new date's print then laid on the patch, and the page saved again
// at finalQ inside a PDF (a scanning app's, or an editor's export).
func clonedScan(d Doc, change map[string]any, seed uint64, firstQ, finalQ int, made time.Time) ([]byte, error) {
	orig, err := RenderPDF(d)
	if err != nil {
		return nil, err
	}
	forged, err := fabricated(d, change)
	if err != nil {
		return nil, err
	}
	h := pictureHow{firstQ: firstQ, dpi: 150}
	ia, ib, raw, err := firstPictures(orig, forged, seed, h)
	if err != nil {
		return nil, err
	}
	ga, gb := grayOf(ia), grayOf(ib)
	w, ht := ga.Bounds().Dx(), ga.Bounds().Dy()
	box, err := firstChangedLine(grayOf(raw).Pix, gb.Pix, w, ht, 3)
	if err != nil {
		return nil, err
	}
	// Blank paper beside the date on its line: the side with the least
	// print.
	best, bestE := image.Point{}, math.MaxFloat64
	for _, o := range [][2]int{{-1, 0}, {1, 0}, {-2, 0}, {2, 0}, {0, -1}, {0, 1}, {0, -2}, {0, 2}} {
		off := image.Pt(o[0]*(box.Dx()+10), o[1]*(box.Dy()+6))
		if src := box.Add(off); src.In(ga.Bounds()) {
			if e := gradientEnergy(ga, src); e < bestE {
				best, bestE = off, e
			}
		}
	}
	if bestE == math.MaxFloat64 {
		return nil, fmt.Errorf("sampledocs: no paper beside the date to clone")
	}
	patch := image.NewGray(box)
	draw.Draw(patch, box, ga, box.Min.Add(best), draw.Src)
	draw.Draw(ga, box, patch, box.Min, draw.Src)
	// The new date's print over the patch: its dark samples only.
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if v := gb.GrayAt(x, y).Y; v < 110 {
				ga.SetGray(x, y, gb.GrayAt(x, y))
			}
		}
	}
	out, _, err := savePicture(ga, pictureHow{finalQ: finalQ, inPDF: true}, made)
	return out, err
}

// harderClones adds dates covered with paper cloned from beside them on
// full-page scans of documents of one page.
func (f *forger) harderClones() error {
	made := 0
	var last error
	for _, p := range []struct {
		typ    string
		layout int
		q0, q1 int
	}{{"tb_skin_test", 0, 75, 90}, {"drug_screen", 0, 80, 92}, {"nursing_license", 0, 85, 95}, {"tb_skin_test", 1, 78, 91}, {"hipaa_training", 0, 75, 90}} {
		if made == 3 {
			break
		}
		d := f.doc(p.typ, p.layout, Options{Pages: 1})
		field := forgedDateField(d)
		nd := f.laterDate(d.Fields[field].(string))
		if field != "expiration_date" {
			nd = f.asOf.AddDate(0, 0, -(3 + f.r.IntN(40)))
		}
		out, err := clonedScan(d, map[string]any{field: nd.Format(time.DateOnly)}, f.r.Uint64(), p.q0, p.q1, f.editedAt(d))
		if err != nil {
			// A layout whose date has no paper beside it: the next one.
			last = err
			continue
		}
		made++
		f.add(FraudCase{Name: caseName(JPEGCopyMove, d, field, fmt.Sprintf("scan_q%d_paper_cloned_q%d_pdf", p.q0, p.q1)), DocumentType: d.Type,
			Manipulation: JPEGCopyMove, Upload: out, MIME: "application/pdf"})
	}
	if made < 2 {
		return fmt.Errorf("sampledocs: %d scans with a date covered by cloned paper, want 2 or more (%v)", made, last)
	}
	return nil
}

// firstChangedLine is the box of the first band of rows where two
// equal-sized gray pictures differ clearly (one line of print: a date
// whose change moved nothing else), grown by pad.
func firstChangedLine(a, b []uint8, w, h, pad int) (image.Rectangle, error) {
	box := image.Rectangle{}
	gap := 0
	for y := 0; y < h; y++ {
		row := false
		for x := 0; x < w; x++ {
			if d := int(a[y*w+x]) - int(b[y*w+x]); d > 25 || d < -25 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
				row = true
			}
		}
		switch {
		case row:
			gap = 0
		case !box.Empty():
			if gap++; gap > 6 {
				return box.Inset(-pad).Intersect(image.Rect(0, 0, w, h)), nil
			}
		}
	}
	if box.Empty() {
		return box, fmt.Errorf("sampledocs: the change does not show in the picture")
	}
	return box.Inset(-pad).Intersect(image.Rect(0, 0, w, h)), nil
}
