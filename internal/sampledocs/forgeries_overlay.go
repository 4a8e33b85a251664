package sampledocs

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Values changed by overlaying another PDF on the page with qpdf
// (--overlay): the forger renders a page holding only a box over the old
// value and the new value, and qpdf lays it over the original as a form
// XObject of its own, in a content stream after the page's. The old value
// stays in the text layer under the box.

// overlayPDF is a one-page PDF of the given size that draws ops with
// /F1 as font.
func overlayPDF(w, h float64, font, ops string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>", w, h),
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(ops), ops),
		fmt.Sprintf("<< /Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding >>", font),
	}
	var offs []int
	for i, o := range objs {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	x := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, x)
	return b.Bytes()
}

// pageSize is the first page's MediaBox (letter when it is inherited).
func pageSize(pdf []byte) (float64, float64, error) {
	e, err := newPDFEdit(pdf)
	if err != nil {
		return 0, 0, err
	}
	pd, _, err := e.page(1)
	if err != nil {
		return 0, 0, err
	}
	if a, ok := pd["MediaBox"].(types.Array); ok && len(a) == 4 {
		var v [4]float64
		for i, x := range a {
			switch n := x.(type) {
			case types.Integer:
				v[i] = float64(n)
			case types.Float:
				v[i] = float64(n)
			}
		}
		return v[2] - v[0], v[3] - v[1], nil
	}
	return 612, 792, nil
}

// overlaid lays over the page a box on each run and the run's new text,
// with qpdf --overlay. fill is the box's gray (1 white; 0.97 off-white
// paper); scale the new text's size to the run's.
func overlaid(pdf []byte, rs []retype, font string, fill, scale float64) ([]byte, error) {
	w, h, err := pageSize(pdf)
	if err != nil {
		return nil, err
	}
	var ops strings.Builder
	for _, r := range rs {
		if r.run.page != 1 {
			continue
		}
		size := r.run.size * scale
		bw := max(r.run.w, stringWidth(r.run.fam, r.run.style, size, r.text)) + 3
		fmt.Fprintf(&ops, "q %.3f g %.2f %.2f %.2f %.2f re f Q\n", fill, r.run.x-1.5, r.run.y-0.3*r.run.size, bw, r.run.size*1.25)
		fmt.Fprintf(&ops, "BT 0 g /F1 %.2f Tf 1 0 0 1 %.2f %.2f Tm (%s) Tj ET\n", size, r.run.x, r.run.y, pdfEscape(winAnsi(r.text)))
	}
	if ops.Len() == 0 {
		return nil, fmt.Errorf("sampledocs: no run on the first page to overlay")
	}
	ov := overlayPDF(w, h, font, ops.String())
	return tool("qpdf", [][]byte{pdf, ov}, "--deterministic-id", "in0.pdf", "--overlay", "in1.pdf", "--", "out.pdf")
}

// weasyOverlaid is overlaid with the overlay page rendered by WeasyPrint
// from HTML: each new value in a box with a background of its own,
// positioned over the old one. WeasyPrint paints a box's background by
// clipping to the box and filling the whole page.
func weasyOverlaid(pdf []byte, rs []retype, family, background string, scale float64) ([]byte, error) {
	w, h, err := pageSize(pdf)
	if err != nil {
		return nil, err
	}
	var divs strings.Builder
	for _, r := range rs {
		if r.run.page != 1 {
			continue
		}
		size := r.run.size * scale
		bw := max(r.run.w, stringWidth(r.run.fam, r.run.style, size, r.text)) + 3
		top := h - r.run.y - 0.95*r.run.size
		fmt.Fprintf(&divs, `<div style="position:absolute;left:%.2fpt;top:%.2fpt;width:%.2fpt;height:%.2fpt;background:%s;font-size:%.2fpt;line-height:%.2fpt">%s</div>`+"\n",
			r.run.x-1.5, top, bw, r.run.size*1.25, background, size, r.run.size*1.2, html.EscapeString(r.text))
	}
	if divs.Len() == 0 {
		return nil, fmt.Errorf("sampledocs: no run on the first page to overlay")
	}
	page := fmt.Sprintf(`<html><head><style>@page{size:%.2fpt %.2fpt;margin:0} body{margin:0;font-family:%q}</style></head><body>%s</body></html>`,
		w, h, family, divs.String())
	ov, err := weasyprint(page)
	if err != nil {
		return nil, err
	}
	return tool("qpdf", [][]byte{pdf, ov}, "--deterministic-id", "in0.pdf", "--overlay", "in1.pdf", "--", "out.pdf")
}

// weasyprint renders an HTML page to PDF. SOURCE_DATE_EPOCH pins the
// dates WeasyPrint and its font subsetter (fontTools stamps each subset's
// head table) would take from the clock, so the same page gives the same
// file.
func weasyprint(page string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "sampledocs-weasy-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.html")
	if err := os.WriteFile(in, []byte(page), 0o600); err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "out.pdf")
	cmd := exec.Command("weasyprint", in, out)
	cmd.Env = append(os.Environ(), fmt.Sprintf("SOURCE_DATE_EPOCH=%d", DefaultAsOf().Add(-240*time.Hour).Unix()))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("sampledocs: weasyprint: %w: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	return os.ReadFile(out)
}

// overlays adds names, dates and covered values changed by a qpdf overlay.
func (f *forger) overlays() error {
	plan := []struct {
		manip  string
		typ    string
		layout int
		font   string
		fill   float64
		scale  float64
	}{
		{NameTypedOver, "bls", 0, "Times-Roman", 1, 1.1},
		{NameTypedOver, "nursing_license", 2, "Helvetica-Bold", 1, 0.9},
		{NameTypedOver, "hipaa_training", 1, "Courier", 1, 1},
		{DateTypedOver, "acls", 1, "Times-Roman", 1, 1},
		{DateTypedOver, "nursing_license", 0, "Courier", 1, 1.15},
		{DateTypedOver, "tb_skin_test", 0, "Helvetica-Oblique", 1, 0.9},
		// The same face as the page's: only the box gives it away.
		{CoveredText, "bls", 1, "Helvetica", 1, 1},
		{CoveredText, "pals", 0, "Helvetica", 0.97, 1},
		{CoveredText, "drug_screen", 0, "Helvetica", 0.985, 1},
		// Pages rendered by WeasyPrint (font "weasy:" and a family; fill
		// the background's gray).
		{NameTypedOver, "acls", 0, "weasy:DejaVu Serif", 1, 1},
		{DateTypedOver, "pals", 1, "weasy:DejaVu Sans Mono", 1, 1},
		{CoveredText, "nursing_license", 1, "weasy:DejaVu Sans", 0.99, 1},
	}
	for _, p := range plan {
		d := f.doc(p.typ, p.layout, Options{})
		pdf, runs, err := renderTraced(d)
		if err != nil {
			return err
		}
		var rs []retype
		what := ""
		if p.manip == NameTypedOver {
			other := nameFields(NewPerson(f.r), "First Last")
			if full, _ := d.Fields["full_name"].(string); full != "" {
				newFull := restyle(full, d, other)
				for _, r := range runsShowing(runs, full) {
					rs = append(rs, retype{r, strings.Replace(r.text, full, newFull, 1)})
				}
			}
			if last, _ := d.Fields["last_name"].(string); len(rs) == 0 && last != "" {
				for _, r := range runsShowing(runs, last) {
					rs = append(rs, retype{r, strings.Replace(r.text, last, caseLike(last, other["last_name"]), 1)})
				}
			}
		} else {
			field := forgedDateField(d)
			shown, layout := dateRuns(d, runs, field)
			old := formatDate(mustDate(d.Fields[field]), layout)
			nd := f.laterDate(d.Fields[field].(string))
			if field != "expiration_date" {
				nd = f.asOf.AddDate(0, 0, -(3 + f.r.IntN(40)))
			}
			for _, r := range shown {
				rs = append(rs, retype{r, strings.Replace(r.text, old, formatDate(nd, layout), 1)})
			}
			what = field
		}
		if len(rs) == 0 {
			return fmt.Errorf("sampledocs: %s/%s prints no value to overlay", d.Type, d.Variant)
		}
		var out []byte
		if family, ok := strings.CutPrefix(p.font, "weasy:"); ok {
			g := int(p.fill*255 + 0.5)
			out, err = weasyOverlaid(pdf, rs, family, fmt.Sprintf("rgb(%d,%d,%d)", g, g, max(g-6, 0)), p.scale)
		} else {
			out, err = overlaid(pdf, rs, p.font, p.fill, p.scale)
		}
		if err != nil {
			return fmt.Errorf("%s %s/%s: %w", p.manip, d.Type, d.Variant, err)
		}
		f.add(FraudCase{Name: caseName(p.manip, d, what, strings.NewReplacer(" ", "_", ":", "_").Replace(p.font), fmt.Sprintf("fill%.3g", p.fill), "qpdf_overlay"),
			DocumentType: d.Type, Manipulation: p.manip, Upload: out})
	}
	return nil
}
