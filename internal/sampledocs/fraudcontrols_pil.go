package sampledocs

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// Clean scans made by other tools than the project's own scanner
// (scan.go): poppler rasterises the page and Pillow ages and saves it
// (fraudcontrols_pil.py), with Pillow's JPEG encoder, chroma subsampling
// and resampling filters, and its own image-PDF writer. A detector tuned
// on one scanner's output only learns that scanner; these keep it honest
// about the ordinary ones. They need /usr/bin/python3 with Pillow.

//go:embed fraudcontrols_pil.py
var pilScanScript string

// pilScanPython is the interpreter that has Pillow (Debian's python3-pil).
const pilScanPython = "/usr/bin/python3"

// pilScanModule is what the Pillow scripts share (the scan filter, the
// image PDF writer, poppler's words); each imports it from the folder it
// runs in.
//
//go:embed pilscan.py
var pilScanModule []byte

// runPython runs one of this package's Pillow scripts in a folder of its
// own holding inputs (name -> bytes) and pilscan.py, with its JSON
// settings as its argument; what names the step in the error, with what
// the script printed on stderr. It returns the file the script wrote and
// its MIME type: out.jpg for out "jpeg", out.png for "png", out.pdf
// otherwise. Pillow dates the image PDFs it writes (out "pdf") by the
// machine's clock; their dates are set to made, so that the cases are the
// same run to run and judged on a fixed day. Any other PDF (out "") is
// returned as the script wrote it, with the dates its settings gave it.
func runPython(what, script string, settings []byte, inputs map[string][]byte, out string, made time.Time) ([]byte, string, error) {
	dir, err := os.MkdirTemp("", "sampledocs-pil-")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "pilscan.py"), pilScanModule, 0o600); err != nil {
		return nil, "", err
	}
	for name, b := range inputs {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			return nil, "", err
		}
	}
	cmd := exec.Command(pilScanPython, "-c", script, string(settings))
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, "", fmt.Errorf("sampledocs: %s: %w: %s", what, err, bytes.TrimSpace(stderr.Bytes()))
	}
	switch out {
	case "jpeg":
		b, err := os.ReadFile(filepath.Join(dir, "out.jpg"))
		return b, "image/jpeg", err
	case "png":
		b, err := os.ReadFile(filepath.Join(dir, "out.png"))
		return b, "image/png", err
	}
	b, err := os.ReadFile(filepath.Join(dir, "out.pdf"))
	if err != nil || out != "pdf" {
		return b, "application/pdf", err
	}
	b, err = stampDates(b, made)
	return b, "application/pdf", err
}

// pilHow is one way of scanning with Pillow.
type pilHow struct {
	name string
	// renderDPI is poppler's; dpi the saved picture's (resampled when
	// they differ).
	renderDPI, dpi int
	gray           bool
	quality        int
	// subsampling is Pillow's: 0 keeps every chroma sample (4:4:4),
	// 2 halves them both ways (4:2:0).
	subsampling int
	rotate      float64
	blur        float64
	noise       int
	colorNoise  bool
	tint        bool
	resample    string
	gauss       bool
	// preQuality is the scanner's JPEG save before the tool that saves
	// the file (0: none).
	preQuality   int
	sharpen      int
	autocontrast bool
	bilevel      bool
	// photo lays the page on a desk and photographs it in perspective.
	photo bool
	// out is "jpeg", "pdf" (Pillow's image PDF) or "searchable" (the
	// picture with an invisible text layer).
	out string
}

var pilHows = []pilHow{
	{name: "pil_q95_444_jpeg", renderDPI: 200, dpi: 200, quality: 95, subsampling: 0, rotate: 0.4, blur: 0.5, noise: 6, tint: true, out: "jpeg"},
	{name: "pil_q70_420_jpeg", renderDPI: 300, dpi: 150, quality: 70, subsampling: 2, rotate: -0.7, blur: 0.6, noise: 10, colorNoise: true, tint: true, resample: "LANCZOS", out: "jpeg"},
	{name: "pil_q85_gray_jpeg", renderDPI: 150, dpi: 150, gray: true, quality: 85, rotate: 1.1, blur: 0.8, noise: 8, out: "jpeg"},
	{name: "pil_q80_420_bicubic_jpeg", renderDPI: 240, dpi: 200, quality: 80, subsampling: 2, rotate: -0.3, noise: 5, tint: true, resample: "BICUBIC", out: "jpeg"},
	{name: "pil_q75_pdf", renderDPI: 200, dpi: 200, quality: 75, rotate: 0.6, blur: 0.5, noise: 7, tint: true, out: "pdf"},
	{name: "pil_q90_gray_pdf", renderDPI: 300, dpi: 200, gray: true, quality: 90, rotate: -0.9, blur: 0.4, noise: 6, resample: "LANCZOS", out: "pdf"},
	{name: "pil_q72_bilinear_pdf", renderDPI: 200, dpi: 150, quality: 72, rotate: 0.2, noise: 9, colorNoise: true, tint: true, resample: "BILINEAR", out: "pdf"},
	{name: "pil_flat_q92_jpeg", renderDPI: 200, dpi: 200, quality: 92, subsampling: 2, tint: true, out: "jpeg"},
	{name: "pil_q75_then_q92_pdf", renderDPI: 300, dpi: 200, quality: 92, preQuality: 75, rotate: 0.5, blur: 0.5, noise: 8, gauss: true, tint: true, out: "pdf"},
	{name: "pil_rot2_q80_jpeg", renderDPI: 200, dpi: 200, quality: 80, subsampling: 2, rotate: 2.4, blur: 1.1, noise: 14, gauss: true, colorNoise: true, tint: true, out: "jpeg"},
	{name: "pil_sharpened_q88_jpeg", renderDPI: 300, dpi: 150, quality: 88, subsampling: 1, rotate: -0.6, blur: 0.7, noise: 6, sharpen: 120, autocontrast: true, tint: true, out: "jpeg"},
	{name: "pil_q70_then_q95_jpeg", renderDPI: 200, dpi: 200, quality: 95, subsampling: 0, preQuality: 70, rotate: 0.3, noise: 5, gauss: true, tint: true, out: "jpeg"},
	{name: "pil_bilevel_pdf", renderDPI: 300, dpi: 300, bilevel: true, rotate: -0.4, noise: 10, out: "pdf"},
	{name: "pil_q80_png", renderDPI: 200, dpi: 200, preQuality: 80, rotate: 0.8, blur: 0.5, noise: 7, tint: true, out: "png"},
	// Low-resolution, soft scans (a phone app's "document" mode, a fax
	// saved as a picture) that OCR reads less surely.
	{name: "pil_110dpi_soft_q70_jpeg", renderDPI: 220, dpi: 110, quality: 70, subsampling: 2, rotate: 0.9, blur: 1.2, noise: 16, gauss: true, tint: true, resample: "BILINEAR", out: "jpeg"},
	{name: "pil_120dpi_gray_q75_pdf", renderDPI: 240, dpi: 120, gray: true, quality: 75, rotate: -1.3, blur: 1.0, noise: 14, gauss: true, out: "pdf"},
	{name: "pil_130dpi_q80_jpeg", renderDPI: 260, dpi: 130, quality: 80, subsampling: 2, rotate: 1.8, blur: 0.9, noise: 12, colorNoise: true, tint: true, out: "jpeg"},
	{name: "pil_photo_q92_jpeg", renderDPI: 150, dpi: 150, quality: 92, subsampling: 2, noise: 3, tint: true, photo: true, out: "jpeg"},
	{name: "pil_photo_q85_pdf", renderDPI: 150, dpi: 150, quality: 85, noise: 2, photo: true, out: "pdf"},
	{name: "pil_q85_searchable", renderDPI: 300, dpi: 300, quality: 85, subsampling: 2, rotate: 0.3, blur: 0.5, noise: 6, tint: true, out: "searchable"},
	{name: "pil_q75_gray_searchable", renderDPI: 300, dpi: 200, gray: true, quality: 75, rotate: -0.5, blur: 0.4, noise: 8, resample: "LANCZOS", out: "searchable"},
}

// pilScan scans the PDF's first page the way h says; it returns the file
// and its MIME type.
func pilScan(pdf []byte, h pilHow, seed uint64, made time.Time) ([]byte, string, error) {
	resample := h.resample
	if resample == "" {
		resample = "LANCZOS"
	}
	settings, err := json.Marshal(map[string]any{
		"seed": seed, "render_dpi": h.renderDPI, "dpi": h.dpi, "gray": h.gray, "quality": h.quality,
		"subsampling": h.subsampling, "rotate": h.rotate, "blur": h.blur, "noise": h.noise,
		"color_noise": h.colorNoise, "tint": h.tint, "paper": []int{250, 246, 236}, "resample": resample,
		"gauss": h.gauss, "pre_quality": h.preQuality, "sharpen": h.sharpen, "autocontrast": h.autocontrast,
		"bilevel": h.bilevel, "photo": h.photo, "out": h.out, "producer": "Pillow", "stamp": made.UTC().Format("20060102150405"),
	})
	if err != nil {
		return nil, "", err
	}
	// The searchable scans are PDFs of the script's own, dated by stamp.
	out := h.out
	if out == "searchable" {
		out = ""
	}
	return runPython("Pillow scan "+h.name, pilScanScript, settings, map[string][]byte{"in.pdf": pdf}, out, made)
}

// pilScanJob is one clean Pillow scan of pilControls: a way of scanning
// and the document's type and layout.
type pilScanJob struct {
	how    pilHow
	typ    string
	layout int
}

// pilScanPlan is what pilControls scans, in order: each of pilHows on a
// type and layout of its own, then wave-lined wallet cards.
func pilScanPlan() []pilScanJob {
	types := []struct {
		typ    string
		layout int
	}{
		{"bls", 0}, {"nursing_license", 1}, {"tb_skin_test", 0}, {"drug_screen", 1}, {"acls", 0},
		{"hipaa_training", 1}, {"mmr_record", 0}, {"nursing_license", 2}, {"physical_exam", 0},
		{"drivers_license", 0}, {"passport", 0}, {"tb_blood_test", 1}, {"pals", 0}, {"background_check", 0},
		{"bls", 1}, {"acls", 1}, {"nursing_license", 0}, {"drivers_license", 1}, {"bls", 2},
	}
	var plan []pilScanJob
	for i, h := range pilHows {
		plan = append(plan, pilScanJob{h, types[i%len(types)].typ, types[i%len(types)].layout})
	}
	// A wallet card printed on wave lines (a guilloche background), which
	// repeat themselves: scanned with little grain left, the pattern's
	// copies match one another.
	for _, h := range wavesHows {
		plan = append(plan, pilScanJob{h, "nursing_license", 1})
	}
	return plan
}

// pilControls adds the clean scans made with Pillow.
func (f *forger) pilControls() error { return f.pilScans(pilScanPlan()) }

// pilScans adds a clean Pillow scan for each job (tests make a few).
func (f *forger) pilScans(plan []pilScanJob) error {
	for _, j := range plan {
		d := f.doc(j.typ, j.layout, Options{})
		pdf, err := RenderPDF(d)
		if err != nil {
			return err
		}
		out, mime, err := pilScan(pdf, j.how, f.r.Uint64(), f.editedAt(d))
		if err != nil {
			return fmt.Errorf("%s %s/%s: %w", j.how.name, d.Type, d.Variant, err)
		}
		f.add(FraudCase{Name: caseName(Scanned, d, j.how.name), DocumentType: d.Type, Control: Scanned, Upload: out, MIME: mime})
	}
	return nil
}

var wavesHows = []pilHow{
	{name: "pil_waves_q75_gray_jpeg", renderDPI: 300, dpi: 200, gray: true, quality: 75, rotate: 0.4, blur: 0.4, noise: 6, resample: "LANCZOS", out: "jpeg"},
	{name: "pil_waves_q80_pdf", renderDPI: 300, dpi: 200, quality: 80, subsampling: 2, rotate: -0.2, noise: 5, tint: true, out: "pdf"},
	{name: "pil_waves_q70_then_q92_jpeg", renderDPI: 200, dpi: 200, gray: true, quality: 92, preQuality: 70, noise: 4, out: "jpeg"},
	{name: "pil_waves_flat_q85_jpeg", renderDPI: 200, dpi: 200, quality: 85, subsampling: 2, tint: true, out: "jpeg"},
}
