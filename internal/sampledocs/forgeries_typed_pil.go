package sampledocs

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Values typed or painted over, and files saved anew by editors, made with
// other tools than the project's renderer (forgeries_typed_pil.py): the
// page laid out again by WeasyPrint in its own faces with a value's span
// restyled, a hand-written incremental update painting a box and a new
// value, qpdf rewrites carrying an editor's Info or an XMP history that
// contradicts the Info, and Pillow scans whose value was retyped with
// ImageDraw or whose invisible text layer was edited. Each kind has clean
// twins made by the same tools (the same layout unedited, a design that
// sets the holder's name apart, an ordinary export's metadata, a
// searchable scan whose layer says what the picture says): a signal that
// fires on the tool and not on the edit fires on them too.

//go:embed forgeries_typed_pil.py
var typedPilScript string

// typedHow is one case of the step.
type typedHow struct {
	// manip is the manipulation ("" for a clean control, saved as control).
	manip, control string
	typ            string
	layout         int
	// value is what is changed: "name", "date" or "" (nothing: a twin).
	value string
	// make is "weasy" (the page laid out by WeasyPrint in family) or
	// "scan" (a Pillow searchable scan).
	make, family string
	// css restyles the value's span on a WeasyPrint page (the new value
	// is laid out with the page otherwise).
	css string
	// post is what happens to the WeasyPrint file: "" nothing, "box" a
	// hand-written incremental update painting a box and the new value in
	// font, "meta" an incremental update of the Info (and XMP) only,
	// "rewrite" the same saved as one revision by qpdf.
	post, font string
	// tool is the Info's producer and creator after post; xmp the history
	// the XMP packet tells ("" none, see xmpFor).
	tool meta
	xmp  string
	// paint retypes the value on the scan's picture (the layer keeps the
	// old value); layer edits the scan's invisible text layer only.
	paint, layer bool
	// rotate turns the scanned sheet (degrees).
	rotate float64
	// ocrLayer makes the scan's layer with Tesseract, as OCR tools do,
	// instead of from the original's words.
	ocrLayer bool
	// paintHow varies how the value is painted over and retyped on the
	// scan (forgeries_typed_pil.py's paint_over: ttf, margin, sample,
	// ink, blur); dpi and quality, when set, replace the scanner's 200
	// and 85.
	paintHow     map[string]any
	dpi, quality int
	// earlier is, for post "restored", the Info of a first metadata
	// update (an editor's save), which a second one replaces with tool's
	// (the original's written back, to look untouched).
	earlier meta
	// imageOnly leaves the scan without a text layer (the picture alone,
	// read by OCR); noise, when set, replaces the scanner's grain of 6.
	imageOnly bool
	noise     int
}

var typedHows = []typedHow{
	// A value's span restyled on a WeasyPrint page.
	{manip: NameTypedOver, typ: "bls", layout: 0, value: "name", make: "weasy", family: "'DejaVu Sans'", css: "font-family:'Liberation Serif'"},
	{manip: NameTypedOver, typ: "nursing_license", layout: 1, value: "name", make: "weasy", family: "'Liberation Sans'", css: "font-family:'DejaVu Sans Mono';font-size:0.92em"},
	{manip: DateTypedOver, typ: "acls", layout: 0, value: "date", make: "weasy", family: "'DejaVu Serif'", css: "font-family:'DejaVu Sans'"},
	{manip: DateTypedOver, typ: "tb_skin_test", layout: 0, value: "date", make: "weasy", family: "'Liberation Sans'", css: "font-family:'Liberation Serif';position:relative;top:0.9pt"},
	// The new date in the page's own family, in bold or a size larger.
	{manip: DateTypedOver, typ: "nursing_license", layout: 0, value: "date", make: "weasy", family: "'DejaVu Sans'", css: "font-weight:bold"},
	{manip: DateTypedOver, typ: "tb_skin_test", layout: 0, value: "date", make: "weasy", family: "'Liberation Serif'", css: "font-size:1.12em"},
	// A box and the new value, written into the file by hand.
	{manip: DateTypedOver, typ: "pals", layout: 1, value: "date", make: "weasy", family: "'DejaVu Sans'", post: "box", font: "Helvetica"},
	{manip: NameTypedOver, typ: "nursing_license", layout: 2, value: "name", make: "weasy", family: "'Liberation Serif'", post: "box", font: "Times-Roman"},
	// Scans: the value retyped on the picture under a layer that kept
	// the old one; a layer edited over an untouched picture.
	{manip: DateTypedOver, typ: "bls", layout: 1, value: "date", make: "scan", paint: true},
	{manip: NameTypedOver, typ: "acls", layout: 1, value: "name", make: "scan", layer: true},
	{manip: DateTypedOver, typ: "nursing_license", layout: 0, value: "date", make: "scan", layer: true},
	// The same on a sheet turned a little on the glass, as most scans are.
	{manip: DateTypedOver, typ: "bls", layout: 0, value: "date", make: "scan", layer: true, rotate: 0.4},
	// The new value laid over the old one by qpdf --overlay, from a
	// WeasyPrint page with no background: no box, the old value under it.
	{manip: DateTypedOver, typ: "drug_screen", layout: 0, value: "date", make: "overlay", family: "DejaVu Sans"},
	{manip: NameTypedOver, typ: "hipaa_training", layout: 1, value: "name", make: "overlay", family: "Liberation Serif"},
	// A date changed and the file saved anew by an editor.
	{manip: EditingToolMetadata, typ: "hipaa_training", layout: 0, value: "date", make: "weasy", family: "'DejaVu Sans'", post: "rewrite",
		tool: meta{"Master PDF Editor 5.9.61", "Master PDF Editor"}, xmp: "tool"},
	{manip: EditingToolMetadata, typ: "bls", layout: 2, value: "date", make: "weasy", family: "'Liberation Sans'", post: "rewrite",
		tool: meta{"LibreOffice 7.4", "Draw"}},
	{manip: EditingToolMetadata, typ: "acls", layout: 1, value: "date", make: "weasy", family: "'DejaVu Serif'", post: "rewrite",
		tool: meta{"WeasyPrint 57.2", ""}, xmp: "saved_after_info"},

	// Clean twins, by the same tools.
	{control: Original, typ: "bls", layout: 0, make: "weasy", family: "'DejaVu Sans'"},
	{control: Original, typ: "nursing_license", layout: 1, value: "name", make: "weasy", family: "'Liberation Sans'", css: "font-weight:bold;font-size:1.25em"},
	{control: Original, typ: "tb_skin_test", layout: 0, make: "weasy", family: "'Liberation Serif'"},
	{control: SignedUpdate, typ: "pals", layout: 1, make: "weasy", family: "'DejaVu Sans'", post: "meta",
		tool: meta{"Adobe Acrobat Sign", "WeasyPrint 57.2"}, xmp: "signed"},
	{control: QPDF, typ: "drug_screen", layout: 0, make: "overlay", family: "DejaVu Sans"},
	{control: Scanned, typ: "bls", layout: 1, make: "scan"},
	{control: Scanned, typ: "nursing_license", layout: 0, make: "scan"},
	{control: Scanned, typ: "tb_skin_test", layout: 1, make: "scan", ocrLayer: true},
	{control: Scanned, typ: "acls", layout: 1, make: "scan", ocrLayer: true, rotate: 0.3},
	{control: QPDF, typ: "hipaa_training", layout: 0, make: "weasy", family: "'DejaVu Sans'", post: "rewrite",
		tool: meta{"Microsoft® Word for Microsoft 365", "Microsoft® Word for Microsoft 365"}, xmp: "word"},
	{control: QPDF, typ: "bls", layout: 2, make: "weasy", family: "'Liberation Sans'", post: "rewrite", tool: meta{"LibreOffice 7.4", "Writer"}},
	{control: QPDF, typ: "acls", layout: 1, make: "weasy", family: "'DejaVu Serif'", post: "rewrite",
		tool: meta{"WeasyPrint 57.2", ""}, xmp: "saved_same_day"},

	// Scans whose value was painted over and retyped on the picture under
	// a layer that kept the old one: another face, the paper's colour
	// known or picked from the scan, the patch's margin and softness, the
	// ink's grey, the scanner's resolution and JPEG quality varied; their
	// clean twins are the same scans untouched.
	{manip: DateTypedOver, typ: "bls", layout: 2, value: "date", make: "scan", paint: true},
	{manip: NameTypedOver, typ: "nursing_license", layout: 1, value: "name", make: "scan", paint: true,
		paintHow: map[string]any{"ttf": "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf", "sample": true, "blur": 0.6, "margin": 5}},
	{manip: DateTypedOver, typ: "acls", layout: 0, value: "date", make: "scan", paint: true, dpi: 150, quality: 75,
		paintHow: map[string]any{"ttf": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "sample": true, "ink": 45, "margin": 3}},
	{control: Scanned, typ: "bls", layout: 2, make: "scan"},
	{control: Scanned, typ: "nursing_license", layout: 1, make: "scan", rotate: 0.3},
	{control: Scanned, typ: "acls", layout: 0, make: "scan", dpi: 150, quality: 75},
	// A signing service's Info in a revision of its own, then the
	// original's written back in the next: an earlier revision naming an
	// ordinary tool. (Its forged twin, an editor's Info hidden so, is
	// fraud's TestEditorInEarlierRevision: the step's editor cases are
	// saved as one revision, TestFraudCasesSaveTheirWay.)
	{control: SignedUpdate, typ: "tb_skin_test", layout: 1, make: "weasy", family: "'DejaVu Sans'", post: "restored",
		earlier: meta{"iText 7.2.5", "Adobe Acrobat Sign"}, tool: meta{"WeasyPrint 57.2", ""}},

	// Scans with no text layer (read by OCR alone) whose value was
	// painted over and retyped on the picture: the paper's colour known or
	// picked, the face, the patch's margin and softness, the ink's grey,
	// the scanner's grain, resolution and JPEG quality varied; their
	// clean twins are the same scans untouched, one with a faint grain.
	{manip: DateTypedOver, typ: "bls", layout: 0, value: "date", make: "scan", paint: true, imageOnly: true},
	{manip: NameTypedOver, typ: "acls", layout: 1, value: "name", make: "scan", paint: true, imageOnly: true, dpi: 300, quality: 90,
		paintHow: map[string]any{"ttf": "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf", "sample": true, "blur": 0.6, "margin": 4}},
	{manip: DateTypedOver, typ: "nursing_license", layout: 1, value: "date", make: "scan", paint: true, imageOnly: true, dpi: 150, quality: 75, noise: 4,
		paintHow: map[string]any{"ttf": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "sample": true, "ink": 45, "margin": 3}},
	{manip: DateTypedOver, typ: "tb_skin_test", layout: 0, value: "date", make: "scan", paint: true, imageOnly: true, rotate: 0.4, noise: 10,
		paintHow: map[string]any{"ttf": "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf", "margin": 6}},
	{control: Scanned, typ: "bls", layout: 0, make: "scan", imageOnly: true},
	{control: Scanned, typ: "acls", layout: 1, make: "scan", imageOnly: true, dpi: 300, quality: 90},
	{control: Scanned, typ: "nursing_license", layout: 1, make: "scan", imageOnly: true, dpi: 150, quality: 75, noise: 4},
	{control: Scanned, typ: "tb_skin_test", layout: 0, make: "scan", imageOnly: true, rotate: 0.4, noise: 10},
	{control: Scanned, typ: "pals", layout: 0, make: "scan", imageOnly: true, noise: 2},
}

// contentByOtherTools adds the tuning part's forgeries of values typed or
// painted over, and of files saved anew by editors, made by other tools
// than the project's own generators, with their clean twins. Its cases
// come last so that the steps before it draw the same numbers as before.
func (f *forger) contentByOtherTools() error {
	if _, err := os.Stat(pilScanPython); err != nil {
		return fmt.Errorf("sampledocs: the typed-over forgeries need %s with Pillow and WeasyPrint: %w", pilScanPython, err)
	}
	for _, h := range typedHows {
		d := f.doc(h.typ, h.layout, Options{Expired: h.manip != "" && h.value == "date"})
		pdf, runs, err := renderTraced(d)
		if err != nil {
			return err
		}
		var old, nu string
		var shown []textRun
		switch h.value {
		case "name":
			full, _ := d.Fields["full_name"].(string)
			if full == "" || len(runsShowing(runs, full)) == 0 {
				full, _ = d.Fields["last_name"].(string)
			}
			if full == "" || len(runsShowing(runs, full)) == 0 {
				return fmt.Errorf("sampledocs: %s/%s prints no name to retype", d.Type, d.Variant)
			}
			old, shown = full, runsShowing(runs, full)
			nu = restyle(full, d, nameFields(NewPerson(f.r), "First Last"))
			if h.manip == "" {
				nu = old
			}
		case "date":
			field := forgedDateField(d)
			var layout string
			shown, layout = dateRuns(d, runs, field)
			if len(shown) == 0 {
				return fmt.Errorf("sampledocs: %s/%s does not print %s as a run", d.Type, d.Variant, field)
			}
			old = formatDate(mustDate(d.Fields[field]), layout)
			nd := f.laterDate(d.Fields[field].(string))
			if field != "expiration_date" {
				nd = f.asOf.AddDate(0, 0, -(3 + f.r.IntN(40)))
			}
			nu = formatDate(nd, layout)
		}
		if h.make == "overlay" {
			out, err := overlaidByHand(pdf, shown, old, nu, h.family)
			if err != nil {
				return fmt.Errorf("%s %s/%s: %w", orString(h.manip, h.control), d.Type, d.Variant, err)
			}
			kind, what := h.manip, "no_box"
			if kind == "" {
				kind, what = h.control, "stamp_in_margin"
			}
			f.add(FraudCase{Name: caseName(kind, d, strings.ReplaceAll(h.family, " ", "_"), "qpdf_overlay", what), DocumentType: d.Type,
				Manipulation: h.manip, Control: h.control, Upload: out})
			continue
		}
		edited := f.editedAt(d)
		settings := map[string]any{
			"seed": f.r.Uint64(), "epoch": d.Created.Unix(), "make": h.make, "family": h.family, "post": h.post,
			"font": h.font, "dpi": orInt(h.dpi, 200), "quality": orInt(h.quality, 85), "rotate": h.rotate, "blur": 0.5, "noise": orInt(h.noise, 6), "ocr_layer": h.ocrLayer,
			"image_only": h.imageOnly,
			"paint_how":  h.paintHow,
			"ttf":        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
		}
		if h.make == "scan" {
			settings["info"] = map[string]string{"Producer": "Pillow", "CreationDate": pdfDate(edited), "ModDate": pdfDate(edited)}
		}
		change := []map[string]string{}
		if old != "" {
			change = append(change, map[string]string{"old": old, "new": nu, "css": h.css})
		}
		switch {
		case h.make == "scan" && h.paint:
			settings["paint"] = change
		case h.make == "scan" && h.layer:
			settings["layer"] = change
		case h.post == "box":
			settings["box"] = change[0]
		default:
			settings["edits"] = change
		}
		if h.post == "meta" || h.post == "rewrite" || h.post == "restored" || h.post == "box" && h.tool.producer != "" {
			info := map[string]string{"Producer": h.tool.producer, "Creator": h.tool.creator, "CreationDate": pdfDate(d.Created), "ModDate": pdfDate(edited)}
			if h.xmp == "saved_after_info" || h.xmp == "saved_same_day" || h.xmp == "word" {
				// The Info written back as the original's; an export
				// dated the day it was made.
				info["ModDate"] = pdfDate(d.Created)
			}
			settings["info"] = info
			if x := xmpFor(h, d.Created, edited); x != nil {
				settings["xmp"] = x
			}
			if h.post == "restored" {
				// The editor's save dated the day of the edit; the Info
				// written back after it dated as the original's.
				settings["earlier"] = map[string]string{"Producer": h.earlier.producer, "Creator": h.earlier.creator,
					"CreationDate": pdfDate(d.Created), "ModDate": pdfDate(edited)}
				info["ModDate"] = pdfDate(d.Created)
			}
		}
		out, err := typedPil(pdf, settings)
		if err != nil {
			return fmt.Errorf("%s %s/%s: %w", orString(h.manip, h.control), d.Type, d.Variant, err)
		}
		how := h.make
		if h.post != "" {
			how += "_" + h.post
		}
		face := strings.Trim(strings.NewReplacer("'", "", " ", "_").Replace(h.family), "_")
		if h.make == "scan" {
			face = "pillow"
		}
		extra := []string{face, how}
		if h.tool.producer != "" {
			extra = append(extra, h.tool.producer)
		}
		if h.xmp != "" {
			extra = append(extra, "xmp_"+h.xmp)
		}
		switch {
		case h.paint:
			extra = append(extra, "painted")
		case h.layer:
			extra = append(extra, "layer_edited")
		case h.css != "":
			extra = append(extra, "restyled")
		}
		if h.earlier.producer != "" {
			extra = append(extra, "after_"+h.earlier.producer)
		}
		if ttf, _ := h.paintHow["ttf"].(string); ttf != "" {
			extra = append(extra, strings.TrimSuffix(filepath.Base(ttf), ".ttf"))
		}
		if h.paintHow["sample"] == true {
			extra = append(extra, "paper_picked")
		}
		if b, ok := h.paintHow["blur"].(float64); ok {
			extra = append(extra, fmt.Sprintf("patch_blurred_%.1f", b))
		}
		if h.dpi != 0 || h.quality != 0 {
			extra = append(extra, fmt.Sprintf("%ddpi_q%d", orInt(h.dpi, 200), orInt(h.quality, 85)))
		}
		if h.rotate != 0 {
			extra = append(extra, fmt.Sprintf("turned_%.1f", h.rotate))
		}
		if h.ocrLayer {
			extra = append(extra, "tesseract_layer")
		}
		if h.imageOnly {
			extra = append(extra, "image_only")
		}
		if h.noise != 0 {
			extra = append(extra, fmt.Sprintf("grain_%d", h.noise))
		}
		kind := h.manip
		if kind == "" {
			kind = h.control
		}
		f.add(FraudCase{Name: caseName(kind, d, extra...), DocumentType: d.Type, Manipulation: h.manip, Control: h.control, Upload: out})
	}
	return nil
}

// overlaidByHand lays a WeasyPrint page over pdf's first page with qpdf
// --overlay: the runs' new text, with no background, over the old (a
// value typed over with nothing to hide the one under it); with no runs,
// a reception stamp in the top margin, over nothing (the clean twin).
func overlaidByHand(pdf []byte, shown []textRun, old, nu, family string) ([]byte, error) {
	if len(shown) > 0 {
		var rs []retype
		for _, r := range shown {
			rs = append(rs, retype{r, strings.Replace(r.text, old, nu, 1)})
		}
		return weasyOverlaid(pdf, rs, family, "transparent", 1)
	}
	w, h, err := pageSize(pdf)
	if err != nil {
		return nil, err
	}
	page := fmt.Sprintf(`<html><head><style>@page{size:%.2fpt %.2fpt;margin:0} body{margin:0;font-family:%q}</style></head><body>`+
		`<div style="position:absolute;right:18pt;top:6pt;font-size:8pt;color:#1a3d8f;border:1pt solid #1a3d8f;padding:1pt 3pt">RECEIVED %s</div></body></html>`,
		w, h, family, DefaultAsOf().AddDate(0, 0, -3).Format("01/02/2006"))
	ov, err := weasyprint(page)
	if err != nil {
		return nil, err
	}
	return tool("qpdf", [][]byte{pdf, ov}, "--deterministic-id", "in0.pdf", "--overlay", "in1.pdf", "--", "out.pdf")
}

// xmpFor is the XMP packet a case's file carries: "tool" the editor's
// own, "saved_after_info" a history whose last save by another tool comes
// months after the Info's dates (the Info written back to the original's),
// "saved_same_day" the same save on the day the file was made, "word" an
// office suite's export, "signed" a signing service's save.
func xmpFor(h typedHow, created, edited time.Time) map[string]any {
	ev := func(action string, at time.Time, agent string) map[string]string {
		return map[string]string{"action": action, "when": at.UTC().Format(time.RFC3339), "agent": agent}
	}
	x := func(create, modify time.Time, tool, producer string, history ...map[string]string) map[string]any {
		return map[string]any{"create": create.UTC().Format(time.RFC3339), "modify": modify.UTC().Format(time.RFC3339),
			"creator_tool": tool, "producer": producer, "history": history}
	}
	acrobat := "Adobe Acrobat Pro (64-bit) 23.1.20093"
	switch h.xmp {
	case "tool":
		return x(created, edited, h.tool.creator, h.tool.producer, ev("saved", edited, h.tool.creator))
	case "saved_after_info":
		return x(created, edited, "WeasyPrint 57.2", acrobat, ev("created", created, "WeasyPrint 57.2"), ev("saved", edited, acrobat))
	case "saved_same_day":
		later := created.Add(47 * time.Minute)
		return x(created, later, "WeasyPrint 57.2", acrobat, ev("created", created, "WeasyPrint 57.2"), ev("saved", later, acrobat))
	case "word":
		return x(created, created, h.tool.creator, h.tool.producer, ev("converted", created, h.tool.producer))
	case "signed":
		return x(created, edited, "WeasyPrint 57.2", h.tool.producer, ev("created", created, "WeasyPrint 57.2"), ev("signed", edited, h.tool.producer))
	}
	return nil
}

func orInt(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}

func orString(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// typedPil runs forgeries_typed_pil.py on pdf with settings.
func typedPil(pdf []byte, settings map[string]any) ([]byte, error) {
	js, err := json.Marshal(settings)
	if err != nil {
		return nil, err
	}
	// The script writes its PDFs itself (WeasyPrint, qpdf, its own
	// writer), dated by the settings.
	b, _, err := runPython("typed-over forgery", typedPilScript, js, map[string][]byte{"in.pdf": pdf}, "", time.Time{})
	return b, err
}
