package sampledocs

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"time"
)

// Pictures altered with Pillow, the way a forger without our generators
// alters them (forgeries_images_pil.py): a clone stamp over a value (a
// hard or a feathered patch of the same picture, taken from bare card or
// paper or from the card's printed waves, resized by a percent or two or
// shifted by part of a sample), and splices of the value's region from
// another picture of the document (another scan or photo: rendered at
// another resolution and resampled back with bicubic or Lanczos, saved at
// quality 60-75 before the whole is saved at 85-95, with 4:2:0 or 4:4:4
// chroma). Each comes with a clean twin made by the same pipeline without
// the edit: what finds the forgeries must not be the tool.

//go:embed forgeries_images_pil.py
var pilImagesScript string

// pilEdit is one picture made with Pillow.
type pilEdit struct {
	name string
	typ  string
	// layout is the type's layout (wrapping), field the value changed
	// ("" for a date the forger pushes forward).
	layout int
	field  string
	// kind is "clone", "splice" or "clean".
	kind      string
	renderDPI int
	gray      bool
	tint      bool
	rotate    float64
	blur      float64
	noise     int
	// firstQ is the scanner's or the camera's save (0: none).
	firstQ int
	// quality and subsampling are the editor's last save; out "jpeg" or
	// "pdf" (Pillow's image PDF).
	quality, subsampling int
	out                  string
	// clone: ground "plain" or "pattern", feather (samples), scale of
	// the patch, shift by part of a sample, retype the new value over it.
	ground  string
	feather float64
	scale   float64
	shift   [2]float64
	retype  bool
	// splice: the donor's resolution, resampling and first save.
	donorDPI      int
	donorResample string
	donorQ        int
	// donorOffset: the donor framed with that many more samples of
	// margin left and above, so that its JPEG grid falls off ours.
	donorOffset [2]int
	// crop trims the finished picture's left and top margins (any kind).
	crop [2]int
	pad  int
}

var pilEdits = []pilEdit{
	// Clones on bare card and paper.
	{name: "pil_clone_plain_hard_q92_jpeg", typ: "drivers_license", layout: 1, kind: "clone", renderDPI: 300, tint: true, rotate: 0.4, blur: 0.5, noise: 6,
		firstQ: 88, quality: 92, subsampling: 2, out: "jpeg", ground: "plain"},
	{name: "pil_clone_plain_feathered_q90_jpeg", typ: "bls", layout: 0, kind: "clone", renderDPI: 200, tint: true, rotate: -0.5, blur: 0.6, noise: 8,
		firstQ: 80, quality: 90, subsampling: 0, out: "jpeg", ground: "plain", feather: 3, retype: true},
	{name: "pil_clone_plain_scaled102_q88_pdf", typ: "tb_skin_test", layout: 0, kind: "clone", renderDPI: 200, gray: true, rotate: 0.7, blur: 0.5, noise: 7,
		firstQ: 85, quality: 88, out: "pdf", ground: "plain", scale: 1.02, retype: true},
	{name: "pil_clone_plain_subpixel_q94_jpeg", typ: "drivers_license", layout: 2, kind: "clone", renderDPI: 300, tint: true, rotate: -0.3, blur: 0.4, noise: 5,
		firstQ: 90, quality: 94, subsampling: 0, out: "jpeg", ground: "plain", shift: [2]float64{0.5, 0.3}, field: "license_number"},
	// Clones on a card's printed waves.
	{name: "pil_clone_waves_hard_q90_jpeg", typ: "nursing_license", layout: 1, kind: "clone", renderDPI: 300, tint: true, rotate: 0.2, blur: 0.4, noise: 5,
		firstQ: 85, quality: 90, subsampling: 2, out: "jpeg", ground: "pattern"},
	{name: "pil_clone_waves_feathered_q92_pdf", typ: "nursing_license", layout: 1, kind: "clone", renderDPI: 300, gray: true, rotate: -0.4, blur: 0.5, noise: 4,
		firstQ: 80, quality: 92, out: "pdf", ground: "pattern", feather: 2, retype: true},
	{name: "pil_clone_waves_scaled98_q88_jpeg", typ: "passport", layout: 1, kind: "clone", renderDPI: 300, tint: true, rotate: 0.3, blur: 0.4, noise: 6,
		firstQ: 90, quality: 88, subsampling: 0, out: "jpeg", ground: "pattern", scale: 0.98},
	{name: "pil_clone_waves_subpixel_q95_jpeg", typ: "drivers_license", layout: 0, kind: "clone", renderDPI: 300, tint: true, blur: 0.4, noise: 4,
		firstQ: 92, quality: 95, subsampling: 2, out: "jpeg", ground: "pattern", shift: [2]float64{0.4, 0.5}, retype: true},
	// Splices from another picture of the document.
	{name: "pil_splice_bicubic_q65_then_q90_jpeg", typ: "drivers_license", layout: 0, kind: "splice", renderDPI: 300, tint: true, rotate: 0.3, blur: 0.5, noise: 6,
		firstQ: 88, quality: 90, subsampling: 2, out: "jpeg", donorDPI: 330, donorResample: "BICUBIC", donorQ: 65, pad: 5},
	{name: "pil_splice_lanczos_q70_then_q95_444_jpeg", typ: "nursing_license", layout: 1, kind: "splice", renderDPI: 300, tint: true, rotate: -0.2, blur: 0.4, noise: 5,
		firstQ: 85, quality: 95, subsampling: 0, out: "jpeg", donorDPI: 270, donorResample: "LANCZOS", donorQ: 70, pad: 4},
	{name: "pil_splice_bicubic_q60_then_q88_pdf", typ: "bls", layout: 1, kind: "splice", renderDPI: 200, gray: true, rotate: 0.5, blur: 0.6, noise: 7,
		firstQ: 80, quality: 88, out: "pdf", donorDPI: 240, donorResample: "BICUBIC", donorQ: 60, pad: 4, feather: 2},
	{name: "pil_splice_lanczos_q75_then_q92_pdf", typ: "passport", layout: 1, kind: "splice", renderDPI: 300, tint: true, rotate: 0.2, blur: 0.4, noise: 5,
		firstQ: 90, quality: 92, subsampling: 2, out: "pdf", donorDPI: 250, donorResample: "LANCZOS", donorQ: 75, pad: 4},
	// Clean twins: the same pipelines, nothing changed.
	{name: "pil_clean_card_q88_then_q92_jpeg", typ: "drivers_license", layout: 1, kind: "clean", renderDPI: 300, tint: true, rotate: 0.4, blur: 0.5, noise: 6,
		firstQ: 88, quality: 92, subsampling: 2, out: "jpeg"},
	{name: "pil_clean_waves_q85_then_q90_jpeg", typ: "nursing_license", layout: 1, kind: "clean", renderDPI: 300, tint: true, rotate: 0.2, blur: 0.4, noise: 5,
		firstQ: 85, quality: 90, subsampling: 2, out: "jpeg"},
	{name: "pil_clean_waves_q80_then_q92_gray_pdf", typ: "nursing_license", layout: 1, kind: "clean", renderDPI: 300, gray: true, rotate: -0.4, blur: 0.5, noise: 4,
		firstQ: 80, quality: 92, out: "pdf"},
	{name: "pil_clean_passport_card_q90_then_q88_jpeg", typ: "passport", layout: 1, kind: "clean", renderDPI: 300, tint: true, rotate: 0.3, blur: 0.4, noise: 6,
		firstQ: 90, quality: 88, subsampling: 0, out: "jpeg"},
	{name: "pil_clean_dl_waves_q92_then_q95_jpeg", typ: "drivers_license", layout: 0, kind: "clean", renderDPI: 300, tint: true, blur: 0.4, noise: 4,
		firstQ: 92, quality: 95, subsampling: 2, out: "jpeg"},
	{name: "pil_clean_cert_q80_then_q88_gray_pdf", typ: "bls", layout: 1, kind: "clean", renderDPI: 200, gray: true, rotate: 0.5, blur: 0.6, noise: 7,
		firstQ: 80, quality: 88, out: "pdf"},
	// Splices cut from a donor framed otherwise: its 8×8 grid off ours,
	// as a patch cut from another photo lands 63 times in 64 (the ones
	// above sit on our grid, which lets the donor's own lattice show),
	// and the last save at about the scanner's quality. A clean picture
	// cropped by a few samples (its whole grid off the last save's) must
	// stay quiet.
	{name: "pil_splice_offgrid_bicubic_q65_then_q90_jpeg", typ: "drivers_license", layout: 1, kind: "splice", renderDPI: 300, tint: true, rotate: -0.3, blur: 0.5, noise: 6,
		firstQ: 88, quality: 90, subsampling: 2, out: "jpeg", donorDPI: 320, donorResample: "BICUBIC", donorQ: 65, donorOffset: [2]int{3, 5}, pad: 5},
	{name: "pil_splice_offgrid_lanczos_q80_then_q92_pdf", typ: "nursing_license", layout: 0, kind: "splice", renderDPI: 300, gray: true, rotate: 0.2, blur: 0.4, noise: 5,
		firstQ: 92, quality: 92, out: "pdf", donorDPI: 260, donorResample: "LANCZOS", donorQ: 80, donorOffset: [2]int{6, 1}, pad: 4},
	{name: "pil_clean_cropped_q88_then_q90_jpeg", typ: "drivers_license", layout: 1, kind: "clean", renderDPI: 300, tint: true, rotate: -0.3, blur: 0.5, noise: 6,
		firstQ: 88, quality: 90, subsampling: 2, out: "jpeg", crop: [2]int{3, 5}},
}

// pilEdited makes one picture of d (changed to forged where the edit
// needs the new value's print) with Pillow; it returns the file and its
// MIME type.
func pilEdited(orig, forged []byte, e pilEdit, seed uint64, made time.Time) ([]byte, string, error) {
	scale := e.scale
	if scale == 0 {
		scale = 1
	}
	settings, err := json.Marshal(map[string]any{
		"seed": seed, "kind": e.kind, "render_dpi": e.renderDPI, "gray": e.gray, "tint": e.tint, "paper": []int{250, 246, 236},
		"rotate": e.rotate, "blur": e.blur, "noise": e.noise, "first_q": e.firstQ, "quality": e.quality, "subsampling": e.subsampling,
		"out": e.out, "ground": e.ground, "feather": e.feather, "scale": scale, "shift": e.shift, "retype": e.retype,
		"donor_dpi": e.donorDPI, "donor_resample": e.donorResample, "donor_q": e.donorQ, "pad": max(e.pad, 4),
		"donor_offset": e.donorOffset, "crop": e.crop,
	})
	if err != nil {
		return nil, "", err
	}
	return runPython("Pillow "+e.name, pilImagesScript, settings, map[string][]byte{"in.pdf": orig, "forged.pdf": forged}, e.out, made)
}

// imagesByOtherTools adds the tuning part's forgeries of pictures cloned
// within and spliced from others made by other tools than the project's
// own generators (Pillow), and their clean twins. Its cases come last so
// that the steps before it draw the same numbers as before.
func (f *forger) imagesByOtherTools() error {
	for _, e := range pilEdits {
		d := f.doc(e.typ, e.layout, Options{Expired: e.kind != "clean"})
		field := e.field
		if _, ok := d.Fields[field]; !ok || field == "" {
			field = forgedDateField(d)
		}
		var nv string
		switch v := d.Fields[field].(type) {
		case string:
			if t := mustDate(v); !t.IsZero() {
				nd := f.laterDate(v)
				if field != "expiration_date" {
					nd = f.asOf.AddDate(0, 0, -(3 + f.r.IntN(40)))
				}
				nv = nd.Format(time.DateOnly)
			} else {
				nv = otherID(v, f.r.IntN(10))
			}
		default:
			return fmt.Errorf("sampledocs: %s %s/%s has no %s to change", e.name, d.Type, d.Variant, field)
		}
		orig, err := RenderPDF(d)
		if err != nil {
			return err
		}
		forged, err := fabricated(d, map[string]any{field: nv})
		if err != nil {
			return err
		}
		out, mime, err := pilEdited(orig, forged, e, f.r.Uint64(), f.editedAt(d))
		if err != nil {
			return fmt.Errorf("%s %s/%s: %w", e.name, d.Type, d.Variant, err)
		}
		c := FraudCase{Name: caseName(Scanned, d, e.name), DocumentType: d.Type, Control: Scanned, Upload: out, MIME: mime}
		switch e.kind {
		case "clone":
			c = FraudCase{Name: caseName(JPEGCopyMove, d, field, e.name), DocumentType: d.Type, Manipulation: JPEGCopyMove, Upload: out, MIME: mime}
		case "splice":
			c = FraudCase{Name: caseName(JPEGPastedRegion, d, field, e.name), DocumentType: d.Type, Manipulation: JPEGPastedRegion, Upload: out, MIME: mime}
		}
		f.add(c)
	}
	return nil
}

// otherID changes an id's last digit (or letter) the way a forger
// retypes one: the same form, another value.
func otherID(id string, k int) string {
	b := []byte(id)
	for i := len(b) - 1; i >= 0; i-- {
		switch {
		case b[i] >= '0' && b[i] <= '9':
			b[i] = '0' + byte((int(b[i]-'0')+1+k%9)%10)
			return string(b)
		case b[i] >= 'A' && b[i] <= 'Z':
			b[i] = 'A' + byte((int(b[i]-'A')+1+k%25)%26)
			return string(b)
		}
	}
	return id + "1"
}
