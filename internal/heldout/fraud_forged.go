package heldout

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// The tampered cases, one planner step per manipulation.

// editSpec is a content edit and how the forger's tool saved it:
// "incremental" (an update appended, as Acrobat's Save), "qpdf" (the update
// then rewritten by qpdf into one revision), "cairo" (printed to PDF again
// by poppler's cairo backend), "pdfcpu" (rewritten by pdfcpu).
type editSpec struct {
	layout, typ string
	font        string
	scale, rise float64
	save        string
}

const pdfMIME = "application/pdf"

// save writes an update the way spec.save says, stamping the Info's
// ModDate as the editor does.
func (k *kit) save(ctx context.Context, p *pdfDoc, rev *revision, how string, mod time.Time) ([]byte, error) {
	if p.ctx.Info != nil {
		rev.replace(p.ctx.Info.ObjectNumber.Value(), p.infoDict(map[string]string{"ModDate": pdfDate(mod)}))
	}
	inc, err := rev.bytes()
	if err != nil {
		return nil, err
	}
	switch how {
	case "incremental":
		return inc, nil
	case "qpdf":
		return k.runTool(ctx, inc, "qpdf", "{in}", "{out}")
	case "cairo":
		return k.runTool(ctx, inc, "pdftocairo", "-pdf", "{in}", "{out}")
	case "pdfcpu":
		c, err := api.ReadContext(bytes.NewReader(inc), pdfConfig())
		if err != nil {
			return nil, err
		}
		var out bytes.Buffer
		if err := api.WriteContext(c, &out); err != nil {
			return nil, err
		}
		return out.Bytes(), nil
	}
	return nil, fmt.Errorf("unknown save %q", how)
}

// typedOverName: someone else's credential with the holder's name replaced
// by the candidate's, typed in another font or size where the name was.
func (pl *planner) typedOverName() error {
	specs := []editSpec{
		{"aha-ecard", "bls", "Times-Roman", 1, 0, "incremental"},
		{"nursys-report", "nursing_license", "Courier-Bold", 1, 0, "qpdf"},
		{"hospital-course-cert", "acls", "Helvetica", 0.9, 0, "cairo"},
		{"lms-certificate", "hipaa_training", "Times-Roman", 1.08, 1.5, "incremental"},
		{"redcross-digital", "pals", "Helvetica-Bold", 1, 0, "pdfcpu"},
	}
	for _, s := range specs {
		nurse := newPerson(pl.r)
		d, err := pl.doc(s.layout, s.typ, Valid, otherPerson(pl.r, nurse), nil)
		if err != nil {
			return err
		}
		old, _ := d.Fields["full_name"].(string)
		repl := styledName(old, nurse)
		mod := pl.editTime()
		pl.add("typed_over_name", true, d, pl.candidate(), pl.contentEdit(d.HTML, textEdit{target: old, repl: repl, font: s.font, scale: s.scale, rise: s.rise}, s.save, mod))
		pl.expect(editTruth(old, repl, s.save))
	}
	return nil
}

// contentEdit renders html, replaces a run's text in the page content and
// saves as told.
func (pl *planner) contentEdit(html string, e textEdit, how string, mod time.Time) func(context.Context, *kit, *rand.Rand) (built, error) {
	return func(ctx context.Context, k *kit, _ *rand.Rand) (built, error) {
		pdf, err := k.rd.HTMLToPDF(ctx, html)
		if err != nil {
			return built{}, err
		}
		p, err := openPDF(pdf)
		if err != nil {
			return built{}, err
		}
		rev := p.update()
		if err := p.editText(rev, e); err != nil {
			return built{}, err
		}
		out, err := k.save(ctx, p, rev, how, mod)
		return built{upload: out, mime: pdfMIME}, err
	}
}

// editTruth is what an edited file prints: the new value, not the old,
// and the old one in its first revision when the edit was appended.
func editTruth(old, repl, save string) fraudTruth {
	t := fraudTruth{shows: []string{repl}, hides: []string{old}, revisions: 1}
	if save == "incremental" {
		t.before, t.revisions = []string{old}, 2
	}
	return t
}

// futureDate is a new expiry a forger types: months ahead.
func (pl *planner) futureDate() time.Time { return pl.asOf.AddDate(0, 0, 150+pl.r.IntN(500)) }

// typedOverDate: a lapsed credential's expiry typed over with a date in
// the future.
func (pl *planner) typedOverDate() error {
	specs := []editSpec{
		{"ena-tncc-card", "tncc", "Times-Roman", 1, 0, "incremental"},
		{"board-web-lookup", "nursing_license", "Helvetica-Bold", 1.1, 0, "qpdf"},
		{"dl-aamva-numbered", "drivers_license", "Courier-Bold", 1, 0, "cairo"},
		{"training-wallet-card", "osha_training", "Helvetica", 0.92, 1.2, "incremental"},
		{"us-passport-card", "passport", "Courier", 1, 0, "pdfcpu"},
	}
	for _, s := range specs {
		nurse := newPerson(pl.r)
		d, err := pl.doc(s.layout, s.typ, Expired, nurse, hasDate("expiration_date"))
		if err != nil {
			return err
		}
		old, f, _ := printedDate(d, "expiration_date")
		repl := f.format(pl.futureDate())
		pl.add("typed_over_date", true, d, pl.candidate(), pl.contentEdit(d.HTML, textEdit{target: old, repl: repl, font: s.font, scale: s.scale, rise: s.rise}, s.save, pl.editTime()))
		pl.expect(editTruth(old, repl, s.save))
	}
	return nil
}

// coverSpec is a whiteout: what is covered, with what, and the text typed
// on top.
type coverSpec struct {
	layout, typ string
	cond        Condition
	what        string // "expiry", "name", "result"
	cover       string // "white" rectangle, "image" patch, or a pdfcpu text "stamp" on a white background
	font, save  string
}

// coveredText: a white box (or a pasted image patch) drawn over a value
// and the new value typed on top; the old text stays under the box.
func (pl *planner) coveredText() error {
	specs := []coverSpec{
		{"license-wallet-card", "nursing_license", Expired, "expiry", "white", "Helvetica-Bold", "incremental"},
		{"mro-result-report", "drug_screen", Failing, "result", "white", "Helvetica", "incremental"},
		{"hsi-wallet", "bls", Expired, "expiry", "image", "Helvetica", "qpdf"},
		{"consumer-report-modern", "background_check", OtherPerson, "name", "white", "Times-Roman", "incremental"},
		{"dl-photocopy-both-sides", "drivers_license", Expired, "expiry", "image", "Helvetica-Bold", "cairo"},
		{"aap-nrp-ecard", "nrp", Expired, "expiry", "stamp", "Helvetica", "pdfcpu"},
	}
	for _, s := range specs {
		nurse := newPerson(pl.r)
		holder := nurse
		if s.cond == OtherPerson {
			holder = otherPerson(pl.r, nurse)
		}
		var ok func(Doc) bool
		if s.what == "expiry" {
			ok = hasDate("expiration_date")
		}
		d, err := pl.doc(s.layout, s.typ, s.cond, holder, ok)
		if err != nil {
			return err
		}
		var phrase, repl string
		line := false
		switch s.what {
		case "expiry":
			old, f, _ := printedDate(d, "expiration_date")
			phrase, repl = old, f.format(pl.futureDate())
		case "name":
			phrase, _ = d.Fields["full_name"].(string)
			repl = styledName(phrase, nurse)
		case "result":
			phrase, repl, line = "POSITIVE", "NEGATIVE", true
		}
		mod := pl.editTime()
		truth := fraudTruth{shows: []string{repl, phrase}, revisions: 1}
		if s.save == "incremental" {
			truth.revisions = 2
		}
		pl.add("covered_text", true, d, pl.candidate(), func(ctx context.Context, k *kit, r *rand.Rand) (built, error) {
			pdf, err := k.rd.HTMLToPDF(ctx, d.HTML)
			if err != nil {
				return built{}, err
			}
			pages, err := k.words(ctx, pdf)
			if err != nil {
				return built{}, err
			}
			n, box, found := find(pages, phrase)
			if !found {
				return built{}, fmt.Errorf("%q not on the page", phrase)
			}
			if line {
				box = lineFrom(pages[n-1], box)
			}
			h := pages[n-1].h
			bw, bh := box.xMax-box.xMin, box.yMax-box.yMin
			if s.cover == "stamp" {
				// pdfcpu's stamp tool: text on a filled box, placed by its
				// bottom-left corner in points.
				desc := fmt.Sprintf("fontname:%s, points:%d, position:bl, offset:%.1f %.1f, scalefactor:1 abs, rotation:0, fillcolor:#141414, backgroundcolor:#ffffff, margins:2",
					s.font, int(bh*0.95+0.5), box.xMin-2, h-box.yMax-2)
				wm, err := api.TextWatermark(repl, desc, true, false, types.POINTS)
				if err != nil {
					return built{}, err
				}
				var out bytes.Buffer
				if err := api.AddWatermarks(bytes.NewReader(pdf), &out, []string{fmt.Sprint(n)}, wm, pdfConfig()); err != nil {
					return built{}, err
				}
				return built{upload: out.Bytes(), mime: pdfMIME}, nil
			}
			x, y := box.xMin-1.5, h-box.yMax-1.5
			var ops strings.Builder
			images := map[string]string{}
			if s.cover == "white" {
				fmt.Fprintf(&ops, "q 1 1 1 rg %.2f %.2f %.2f %.2f re f Q\n", x, y, bw+3, bh+3)
			} else {
				jpg, err := patchJPEG(r, int(bw*2)+6, int(bh*2)+6)
				if err != nil {
					return built{}, err
				}
				images["Wo1"] = fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n%s\nendstream",
					int(bw*2)+6, int(bh*2)+6, len(jpg), jpg)
				fmt.Fprintf(&ops, "q %.2f 0 0 %.2f %.2f %.2f cm /Wo1 Do Q\n", bw+3, bh+3, x, y)
			}
			size := bh * 0.95
			base := h - (box.yMin + 0.78*bh)
			fmt.Fprintf(&ops, "BT 0.08 0.08 0.08 rg /Fo1 %.2f Tf %.2f %.2f Td %s Tj ET\n", size, box.xMin, base, pdfLiteral(repl))
			p, err := openPDF(pdf)
			if err != nil {
				return built{}, err
			}
			rev := p.update()
			if err := p.overlay(rev, n, ops.String(), map[string]string{"Fo1": standardFont(s.font)}, images); err != nil {
				return built{}, err
			}
			out, err := k.save(ctx, p, rev, s.save, mod)
			return built{upload: out, mime: pdfMIME}, err
		})
		pl.expect(truth)
	}
	return nil
}

// lineFrom grows a word's box to the end of its line.
func lineFrom(pg pageWords, w word) word {
	for _, o := range pg.words {
		if o.xMin >= w.xMin && absf(o.yMin-w.yMin) < 1.5 {
			w.xMax = max(w.xMax, o.xMax)
		}
	}
	return w
}

func absf(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// patchJPEG is an off-white patch with a little noise: a piece of blank
// paper cut from another picture to cover a value.
func patchJPEG(r *rand.Rand, w, h int) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill(img, color.RGBA{250, 250, 247, 255})
	noise(img, 2, r)
	return encodeJPEG(img, 80)
}

// incrementalContent: a later revision replaces a page's content stream so
// that the visible expiry (or name) changes; the new text is drawn in the
// document's own font when its subset has the glyphs.
func (pl *planner) incrementalContent() error {
	type spec struct {
		layout, typ string
		cond        Condition
		field       string
	}
	specs := []spec{
		{"nursys-report", "nursing_license", Expired, "expiration_date"},
		{"board-verification-letter", "nursing_license", Expired, "expiration_date"},
		{"aha-ecard", "bls", Expired, "renewal"},
		{"dl-abbrev-labels", "drivers_license", Expired, "expiration_date"},
		{"lms-transcript", "hipaa_training", Expired, "expiration_date"},
		{"redcross-digital", "acls", OtherPerson, "full_name"},
	}
	for _, s := range specs {
		nurse := newPerson(pl.r)
		holder := nurse
		if s.cond == OtherPerson {
			holder = otherPerson(pl.r, nurse)
		}
		var ok func(Doc) bool
		if s.field == "expiration_date" {
			ok = hasDate("expiration_date")
		}
		d, err := pl.doc(s.layout, s.typ, s.cond, holder, ok)
		if err != nil {
			return err
		}
		var old, repl string
		switch s.field {
		case "full_name":
			old, _ = d.Fields["full_name"].(string)
			repl = styledName(old, nurse)
		case "renewal":
			old = d.Evidence["expiration_date"]
			repl = pl.futureDate().Format("01/2006")
		default:
			var f dateForm
			old, f, _ = printedDate(d, s.field)
			repl = f.format(pl.futureDate())
		}
		pl.add("incremental_content", true, d, pl.candidate(), pl.contentEdit(d.HTML, textEdit{target: old, repl: repl, fallback: "Helvetica"}, "incremental", pl.editTime()))
		pl.expect(editTruth(old, repl, "incremental"))
	}
	return nil
}

// htmlCase renders HTML the forger produced with a template or a
// generator: a clean file whose facts are wrong.
func (pl *planner) htmlCase(kind string, d Doc, html string) {
	pl.add(kind, true, d, pl.candidate(), func(ctx context.Context, k *kit, _ *rand.Rand) (built, error) {
		pdf, err := k.rd.HTMLToPDF(ctx, html)
		return built{upload: pdf, mime: pdfMIME}, err
	})
}

// datesImpossible: an issue or completion date after the expiration date.
func (pl *planner) datesImpossible() error {
	type spec struct{ layout, typ, issue string }
	specs := []spec{
		{"aha-ecard", "bls", "issue_date"},
		{"lms-certificate", "hipaa_training", "completion_date"},
		{"ena-tncc-letter", "tncc", "issue_date"},
		{"license-wallet-card", "nursing_license", "issue_date"},
		{"state-id-card", "drivers_license", "issue_date"},
		{"training-wallet-card", "osha_training", "completion_date"},
	}
	for _, s := range specs {
		ok := hasDate(s.issue)
		if s.layout != "aha-ecard" {
			ok = both(ok, hasDate("expiration_date"))
		}
		d, err := pl.doc(s.layout, s.typ, Valid, newPerson(pl.r), ok)
		if err != nil {
			return err
		}
		after := dateOf(d, "expiration_date").AddDate(0, 0, 20+pl.r.IntN(300))
		html, old, repl, err := rewriteDate(d, s.issue, after)
		if err != nil {
			return err
		}
		pl.htmlCase("dates_impossible", d, html)
		pl.expect(fraudTruth{shows: []string{repl}, hides: []string{old}, revisions: 1})
	}
	return nil
}

// validityTooLong: an expiry further from the issue date than the issuer
// ever grants (AHA and Red Cross 2 years, ENA 4, AAP 2, passports 10).
func (pl *planner) validityTooLong() error {
	type spec struct {
		layout, typ string
		years       int
	}
	specs := []spec{
		{"aha-ecard", "bls", 3},
		{"aap-nrp-ecard", "nrp", 4},
		{"ena-tncc-card", "tncc", 7},
		{"redcross-digital", "pals", 3},
		{"us-passport-datapage", "passport", 15},
		{"hsi-wallet", "acls", 5},
	}
	for _, s := range specs {
		var ok func(Doc) bool
		if s.layout != "aha-ecard" && s.layout != "redcross-digital" {
			ok = hasDate("expiration_date")
		}
		d, err := pl.doc(s.layout, s.typ, Valid, newPerson(pl.r), ok)
		if err != nil {
			return err
		}
		issue := dateOf(d, "issue_date")
		exp := issue.AddDate(s.years, 0, 0)
		html := d.HTML
		switch s.layout {
		case "aha-ecard":
			html, _ = replaceValue(html, d.Evidence["expiration_date"], endOfMonth(exp).Format("01/2006"))
		case "redcross-digital":
			html = strings.Replace(html, ">2 Years<", fmt.Sprintf(">%d Years<", s.years), 1)
			if _, _, ok := printedDate(d, "expiration_date"); ok {
				d2 := d
				d2.HTML = html
				if html, _, _, err = rewriteDate(d2, "expiration_date", exp); err != nil {
					return err
				}
			}
		default:
			if html, _, _, err = rewriteDate(d, "expiration_date", exp); err != nil {
				return err
			}
			if s.typ == "passport" {
				if html, err = mrzRewrite(html, func(l2 []byte) { setMRZDate(l2, 21, exp, true) }); err != nil {
					return err
				}
			}
		}
		if html == d.HTML {
			return fmt.Errorf("validity_too_long: %s unchanged", s.layout)
		}
		pl.htmlCase("validity_too_long", d, html)
		pl.expect(fraudTruth{revisions: 1})
	}
	return nil
}

// mrzLineRe is an MRZ line as the HTML prints it ("<" escaped).
var mrzLineRe = regexp.MustCompile(`(?:[A-Z0-9]|&lt;){44}`)

// mrzRewrite edits the MRZ's second line in the HTML; it fails when the
// document prints none.
func mrzRewrite(html string, edit func(l2 []byte)) (string, error) {
	n := 0
	out := mrzLineRe.ReplaceAllStringFunc(html, func(esc string) string {
		l := strings.ReplaceAll(esc, "&lt;", "<")
		if len(l) != 44 || strings.HasPrefix(l, "P<") {
			return esc
		}
		b := []byte(l)
		edit(b)
		n++
		return strings.ReplaceAll(string(b), "<", "&lt;")
	})
	if n != 1 {
		return "", fmt.Errorf("%d MRZ second lines in the document", n)
	}
	return out, nil
}

// setMRZDate writes a YYMMDD date at pos, and its check digit and the
// composite when fix is set (a careful forger), or leaves them stale.
func setMRZDate(l2 []byte, pos int, t time.Time, fix bool) {
	copy(l2[pos:], t.Format("060102"))
	if fix {
		fixMRZ(l2)
	}
}

// fixMRZ recomputes every check digit of a TD3 second line.
func fixMRZ(l2 []byte) {
	l2[9] = mrzCheck(string(l2[0:9]))[0]
	l2[19] = mrzCheck(string(l2[13:19]))[0]
	l2[27] = mrzCheck(string(l2[21:27]))[0]
	l2[42] = mrzCheck(string(l2[28:42]))[0]
	comp := string(l2[0:10]) + string(l2[13:20]) + string(l2[21:43])
	l2[43] = mrzCheck(comp)[0]
}

// idFormat: an eCard code or license number in a form its issuer does not
// use (letters and dashes where the issuer prints digits, the wrong length).
func (pl *planner) idFormat() error {
	type spec struct {
		layout, typ, field string
		forge              func(r *rand.Rand) string
	}
	al := func(r *rand.Rand, n int) string {
		const set = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
		var s strings.Builder
		for i := 0; i < n; i++ {
			s.WriteByte(set[r.IntN(len(set))])
		}
		return s.String()
	}
	dg := func(r *rand.Rand, n int) string {
		var s strings.Builder
		for i := 0; i < n; i++ {
			s.WriteByte(byte('0' + r.IntN(10)))
		}
		return s.String()
	}
	specs := []spec{
		{"aha-ecard", "bls", "certificate_id", func(r *rand.Rand) string { return "EC" + al(r, 4) + "-" + dg(r, 4) }},
		{"aha-ecard", "acls", "certificate_id", func(r *rand.Rand) string { return "ACLS-" + dg(r, 6) }},
		{"nursys-report", "nursing_license", "license_number", func(r *rand.Rand) string { return "RN-" + al(r, 3) + "-" + dg(r, 3) }},
		{"board-web-lookup", "nursing_license", "license_number", func(r *rand.Rand) string { return dg(r, 3) + "-RN-" + dg(r, 9) }},
		{"dl-aamva-numbered", "drivers_license", "license_number", func(r *rand.Rand) string { return "DL" + dg(r, 4) + "-" + al(r, 5) }},
	}
	for _, s := range specs {
		d, err := pl.doc(s.layout, s.typ, Valid, newPerson(pl.r), nil)
		if err != nil {
			return err
		}
		old, _ := d.Fields[s.field].(string)
		forged := s.forge(pl.r)
		html, n := replaceValue(d.HTML, e(old), e(forged))
		if n == 0 {
			return fmt.Errorf("id_format: %s does not print %s", s.layout, s.field)
		}
		pl.htmlCase("id_format", d, html)
		pl.expect(fraudTruth{shows: []string{forged}, hides: []string{old}, revisions: 1})
	}
	return nil
}

// mrzCheck: a passport data page whose MRZ check digits fail, as when the
// visual zone and the MRZ are edited and the digits left as they were.
func (pl *planner) mrzCheck() error {
	type spec struct{ layout, how string }
	specs := []spec{
		{"us-passport-datapage", "expiry"},
		{"us-passport-datapage", "number"},
		{"ph-passport-datapage", "birth"},
		{"us-passport-datapage", "composite"},
		{"ph-passport-datapage", "expiry"},
	}
	for _, s := range specs {
		d, err := pl.doc(s.layout, "passport", Valid, newPerson(pl.r), hasDate("expiration_date"))
		if err != nil {
			return err
		}
		html := d.HTML
		switch s.how {
		case "expiry":
			exp := dateOf(d, "expiration_date").AddDate(4+pl.r.IntN(3), 0, 0)
			if html, _, _, err = rewriteDate(d, "expiration_date", exp); err != nil {
				return err
			}
			html, err = mrzRewrite(html, func(l2 []byte) { setMRZDate(l2, 21, exp, false) })
			if err != nil {
				return err
			}
		case "birth":
			dob := d.Holder.DOB.AddDate(6, 0, 0)
			if html, _, _, err = rewriteDate(Doc{HTML: html, Fields: map[string]any{"date_of_birth": d.Holder.DOB.Format(time.DateOnly)}}, "date_of_birth", dob); err != nil {
				return err
			}
			html, err = mrzRewrite(html, func(l2 []byte) { setMRZDate(l2, 13, dob, false) })
			if err != nil {
				return err
			}
		case "number":
			old, _ := d.Fields["passport_number"].(string)
			b := []byte(old)
			b[len(b)-1] = '0' + (b[len(b)-1]-'0'+3)%10
			b[len(b)-2] = '0' + (b[len(b)-2]-'0'+7)%10
			html, _ = replaceValue(html, old, string(b))
			html, err = mrzRewrite(html, func(l2 []byte) { copy(l2[0:], b) })
			if err != nil {
				return err
			}
		case "composite":
			html, err = mrzRewrite(html, func(l2 []byte) { l2[43] = '0' + (l2[43]-'0'+5)%10 })
			if err != nil {
				return err
			}
		}
		if html == d.HTML {
			return fmt.Errorf("mrz_check: %s unchanged", s.how)
		}
		pl.htmlCase("mrz_check", d, html)
	}
	return nil
}

// editorMetadata: files an image editor wrote (a Photoshop or GIMP PDF, a
// JPEG whose EXIF names the editor) and a text PDF whose XMP history says
// Photoshop saved it while its Info names the original producer.
func (pl *planner) editorMetadata() error {
	type spec struct{ layout, typ, how string }
	specs := []spec{
		{"county-tst-form", "tb_skin_test", "photoshop_pdf"},
		{"aha-ecard", "bls", "gimp_pdf"},
		{"dl-abbrev-labels", "drivers_license", "photoshop_jpeg"},
		{"preplacement-assessment", "physical_exam", "gimp_jpeg"},
		{"board-verification-letter", "nursing_license", "xmp_history"},
	}
	for _, s := range specs {
		d, err := pl.doc(s.layout, s.typ, Valid, newPerson(pl.r), nil)
		if err != nil {
			return err
		}
		made := createdOf(d.HTML)
		edited := pl.editTime()
		how := s.how
		pl.add("editor_metadata", true, d, pl.candidate(), func(ctx context.Context, k *kit, r *rand.Rand) (built, error) {
			pdf, err := k.rd.HTMLToPDF(ctx, d.HTML)
			if err != nil {
				return built{}, err
			}
			if how == "xmp_history" {
				p, err := openPDF(pdf)
				if err != nil {
					return built{}, err
				}
				rev := p.update()
				xmp := xmpPacket("Adobe Photoshop 24.7 (Windows)", "Adobe Photoshop for Windows -- Image Conversion Plug-in", made, edited, []xmpEvent{
					{"created", fmt.Sprintf("%08x", r.Uint32()), "Adobe Photoshop 24.7 (Windows)", made},
					{"saved", fmt.Sprintf("%08x", r.Uint32()), "Adobe Photoshop 24.7 (Windows)", edited},
				})
				mnr := rev.add(rawStream("<< /Type /Metadata /Subtype /XML >>", xmp))
				root, err := p.ctx.DereferenceDict(*p.ctx.Root)
				if err != nil {
					return built{}, err
				}
				root = root.Clone().(types.Dict)
				root["Metadata"] = types.IndirectRef{ObjectNumber: types.Integer(mnr)}
				rev.replaceDict(p.ctx.Root.ObjectNumber.Value(), root)
				out, err := k.save(ctx, p, rev, "incremental", edited)
				return built{upload: out, mime: pdfMIME}, err
			}
			dpi := 150
			if d.Card {
				dpi = 300
			}
			img, err := k.raster(ctx, pdf, 1, dpi)
			if err != nil {
				return built{}, err
			}
			switch how {
			case "photoshop_pdf", "gimp_pdf":
				img = scanLook(img, r)
				jpg, err := encodeJPEG(img, 90)
				if err != nil {
					return built{}, err
				}
				info := map[string]string{"Creator": "Adobe Photoshop 25.5 (Windows)", "Producer": "Adobe Photoshop for Windows -- Image Conversion Plug-in",
					"CreationDate": pdfDate(edited), "ModDate": pdfDate(edited)}
				var xmp []byte
				if how == "gimp_pdf" {
					info = map[string]string{"Creator": "GIMP 2.10.38", "Producer": "cairo 1.18.0 (https://cairographics.org)",
						"CreationDate": pdfDate(edited), "ModDate": pdfDate(edited)}
				} else {
					xmp = xmpPacket("Adobe Photoshop 25.5 (Windows)", "Adobe Photoshop for Windows -- Image Conversion Plug-in", edited, edited, []xmpEvent{
						{"saved", fmt.Sprintf("%08x", r.Uint32()), "Adobe Photoshop 25.5 (Windows)", edited}})
				}
				b := img.Bounds()
				return built{upload: imagePDF(jpg, b.Dx(), b.Dy(), false, float64(dpi), info, xmp), mime: pdfMIME}, nil
			case "photoshop_jpeg":
				ph := phoneLook(img, r)
				jpg, err := encodeJPEG(ph, 92)
				if err != nil {
					return built{}, err
				}
				return built{upload: withExif(jpg, exifTags("Apple", "iPhone 13", "Adobe Photoshop 25.5 (Macintosh)", edited)), mime: "image/jpeg"}, nil
			default:
				jpg, err := encodeJPEG(gray(scanLook(img, r)), 88)
				if err != nil {
					return built{}, err
				}
				return built{upload: withExif(jpg, exifTags("", "", "GIMP 2.10.36", edited)), mime: "image/jpeg"}, nil
			}
		})
	}
	return nil
}

// imageSplice: a phone photo of a lapsed card with the expiry region
// pasted from a photo of a card printing a later date, that photo
// compressed at another JPEG quality, the result saved again.
func (pl *planner) imageSplice() error {
	type spec struct{ layout, typ, out string }
	specs := []spec{
		{"dl-aamva-numbered", "drivers_license", "jpeg"},
		{"license-wallet-card", "nursing_license", "jpeg"},
		{"hsi-wallet", "bls", "pdf"},
		{"ena-tncc-card", "tncc", "jpeg"},
		{"us-passport-card", "passport", "pdf"},
	}
	for _, s := range specs {
		d, err := pl.doc(s.layout, s.typ, Expired, newPerson(pl.r), hasDate("expiration_date"))
		if err != nil {
			return err
		}
		forged, _, _, err := rewriteDate(d, "expiration_date", pl.futureDate())
		if err != nil {
			return err
		}
		shot := pl.editTime()
		out := s.out
		pl.add("image_splice", true, d, pl.candidate(), func(ctx context.Context, k *kit, r *rand.Rand) (built, error) {
			a, err := k.renderRaster(ctx, d.HTML, 300)
			if err != nil {
				return built{}, err
			}
			b, err := k.renderRaster(ctx, forged, 300)
			if err != nil {
				return built{}, err
			}
			geom := r.Uint64()
			ga := photo(a, rand.New(rand.NewPCG(geom, 1)))
			gb := photo(b, rand.New(rand.NewPCG(geom, 1)))
			rect, ok := diffBounds(ga, gb)
			if !ok {
				return built{}, fmt.Errorf("the two photos do not differ")
			}
			rect = rect.Inset(-5).Intersect(ga.Bounds())
			light(ga, 0.15, r)
			noise(ga, 5, r)
			cam, err := jpegRoundTrip(ga, 88)
			if err != nil {
				return built{}, err
			}
			light(gb, 0.12, r)
			noise(gb, 6, r)
			donor, err := jpegRoundTrip(gb, 55+r.IntN(15))
			if err != nil {
				return built{}, err
			}
			paste(cam, donor, rect)
			jpg, err := encodeJPEG(cam, 94)
			if err != nil {
				return built{}, err
			}
			if out == "jpeg" {
				return built{upload: withExif(jpg, exifTags("Apple", "iPhone 13", "17.5.1", shot)), mime: "image/jpeg"}, nil
			}
			pdf, err := importJPEG(jpg, cam.Bounds(), 300)
			return built{upload: pdf, mime: pdfMIME}, err
		})
	}
	return nil
}

// renderRaster renders HTML and rasterises its first page.
func (k *kit) renderRaster(ctx context.Context, html string, dpi int) (*image.RGBA, error) {
	pdf, err := k.rd.HTMLToPDF(ctx, html)
	if err != nil {
		return nil, err
	}
	return k.raster(ctx, pdf, 1, dpi)
}

// diffBounds is the box of pixels where two images of one size differ.
func diffBounds(a, b *image.RGBA) (image.Rectangle, bool) {
	var r image.Rectangle
	found := false
	bd := a.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			i := a.PixOffset(x, y)
			d := 0
			for c := 0; c < 3; c++ {
				d = max(d, absInt(int(a.Pix[i+c])-int(b.Pix[i+c])))
			}
			if d > 24 {
				p := image.Rect(x, y, x+1, y+1)
				if !found {
					r, found = p, true
				} else {
					r = r.Union(p)
				}
			}
		}
	}
	return r, found
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// importJPEG wraps a JPEG as a one-page PDF with pdfcpu, as scanning apps
// do.
func importJPEG(jpg []byte, b image.Rectangle, dpi int) ([]byte, error) {
	dim := types.Dim{Width: float64(b.Dx()) * 72 / float64(dpi), Height: float64(b.Dy()) * 72 / float64(dpi)}
	imp := pdfcpu.DefaultImportConfig()
	imp.PageDim = &dim
	imp.UserDim = true
	imp.Pos = types.Center
	imp.Scale = 1
	var out bytes.Buffer
	if err := api.ImportImages(nil, &out, []io.Reader{bytes.NewReader(jpg)}, imp, pdfConfig()); err != nil {
		return nil, fmt.Errorf("image import: %w", err)
	}
	return out.Bytes(), nil
}

// copyMove: a scan whose failing word (POSITIVE, FAIL, a suspended status)
// is painted over with paper cloned from the same scan and, where the
// page prints the passing word elsewhere, that word copied on top.
func (pl *planner) copyMove() error {
	type spec struct {
		layout, typ string
		bad, good   []string
		out         string
	}
	specs := []spec{
		{"tox-analyte-table", "drug_screen", []string{"POSITIVE"}, []string{"Negative"}, "pdf"},
		{"tox-analyte-table", "drug_screen", []string{"POSITIVE"}, []string{"Negative"}, "jpeg"},
		{"board-web-lookup", "nursing_license", []string{"Inactive", "Suspended", "Probation", "Retired"}, nil, "pdf"},
		{"tox-analyte-table", "drug_screen", []string{"POSITIVE"}, []string{"Negative"}, "pdf"},
		{"board-web-lookup", "nursing_license", []string{"Inactive", "Suspended", "Probation", "Retired"}, nil, "jpeg"},
	}
	for _, s := range specs {
		d, err := pl.doc(s.layout, s.typ, Failing, newPerson(pl.r), func(d Doc) bool {
			for _, w := range s.bad {
				if strings.Contains(d.HTML, e(w)) {
					return true
				}
			}
			return false
		})
		if err != nil {
			return err
		}
		spec := s
		pl.add("copy_move", true, d, pl.candidate(), func(ctx context.Context, k *kit, r *rand.Rand) (built, error) {
			pdf, err := k.rd.HTMLToPDF(ctx, d.HTML)
			if err != nil {
				return built{}, err
			}
			pages, err := k.words(ctx, pdf)
			if err != nil {
				return built{}, err
			}
			const dpi = 150
			img, err := k.raster(ctx, pdf, 1, dpi)
			if err != nil {
				return built{}, err
			}
			img = scanLook(img, r)
			img, err = jpegRoundTrip(img, 85)
			if err != nil {
				return built{}, err
			}
			moved := copyMoveWords(img, pages[0], spec.bad, spec.good, dpi)
			if moved == 0 {
				return built{}, fmt.Errorf("no %v on the page", spec.bad)
			}
			jpg, err := encodeJPEG(img, 90)
			if err != nil {
				return built{}, err
			}
			if spec.out == "jpeg" {
				return built{upload: jpg, mime: "image/jpeg"}, nil
			}
			out, err := importJPEG(jpg, img.Bounds(), dpi)
			return built{upload: out, mime: pdfMIME}, err
		})
	}
	return nil
}

// copyMoveWords paints every bad word over with a patch of blank paper
// cloned from nearby, then copies a good word of the page onto it. It
// returns how many words it covered.
func copyMoveWords(img *image.RGBA, pg pageWords, bad, good []string, dpi int) int {
	var donor *word
	for _, g := range good {
		for i := range pg.words {
			if pg.words[i].text == g {
				donor = &pg.words[i]
				break
			}
		}
		if donor != nil {
			break
		}
	}
	n := 0
	for _, w := range pg.words {
		isBad := false
		for _, b := range bad {
			if w.text == b {
				isBad = true
			}
		}
		if !isBad {
			continue
		}
		target := pxRect(w, dpi, 2)
		src, ok := blankNear(img, target)
		if !ok {
			continue
		}
		cloneTo(img, src, target.Min)
		if donor != nil {
			from := pxRect(*donor, dpi, 1)
			to := image.Pt(target.Min.X+2, target.Max.Y-2-from.Dy())
			cloneTo(img, from, to)
		}
		n++
	}
	return n
}

// blankNear finds a blank region the size of target near it: to its right,
// left, above or below.
func blankNear(img *image.RGBA, target image.Rectangle) (image.Rectangle, bool) {
	for step := 1; step < 40; step++ {
		for _, off := range []image.Point{{step * 8, 0}, {-step * 8, 0}, {0, step * 6}, {0, -step * 6}} {
			c := target.Add(off)
			if c.Overlaps(target) {
				continue
			}
			if blank(img, c) {
				return c, true
			}
		}
	}
	return image.Rectangle{}, false
}
