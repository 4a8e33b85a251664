package heldout

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// The history cases (a file, an id or a page image used before for another
// candidate of the account) and the clean controls.

// form is how a document reaches the service in a history or control case.
type form string

const (
	asText  form = "text"  // the PDF as rendered
	asScan  form = "scan"  // image-only PDF of a flatbed scan
	asPhoto form = "photo" // JPEG phone photo (cards) or scan (pages)
	asPNG   form = "png"   // PNG of a flatbed scan
)

// upload renders a document in a form; r fixes the scan's look.
func (k *kit) upload(ctx context.Context, html string, card bool, f form, r *rand.Rand) ([]byte, string, error) {
	pdf, err := k.rd.HTMLToPDF(ctx, html)
	if err != nil {
		return nil, "", err
	}
	return k.as(ctx, pdf, card, f, r)
}

// as turns a rendered PDF into the form's upload.
func (k *kit) as(ctx context.Context, pdf []byte, card bool, f form, r *rand.Rand) ([]byte, string, error) {
	if f == asText {
		return pdf, pdfMIME, nil
	}
	dpi := 120 + 10*r.IntN(4)
	if card {
		dpi = 300
	}
	img, err := k.raster(ctx, pdf, 1, dpi)
	if err != nil {
		return nil, "", err
	}
	switch f {
	case asPhoto:
		if card {
			img = phoneLook(img, r)
		} else {
			img = rotate(scanLook(img, r), (r.Float64()*2-1)*1.2, whitePaper)
		}
		jpg, err := encodeJPEG(img, 80+r.IntN(12))
		if err != nil {
			return nil, "", err
		}
		shot := fraudAsOf().Add(time.Duration(3600+r.IntN(36*3600)) * time.Second)
		return withExif(jpg, exifTags("Apple", "iPhone 13", "17.5.1", shot)), "image/jpeg", nil
	case asPNG:
		b, err := encodePNG(gray(rotate(scanLook(img, r), (r.Float64()*2-1)*1.0, whitePaper)))
		return b, "image/png", err
	}
	img = scanLook(img, r)
	jpg, err := encodeJPEG(gray(img), 70+r.IntN(20))
	if err != nil {
		return nil, "", err
	}
	out, err := importJPEG(jpg, img.Bounds(), dpi)
	return out, pdfMIME, err
}

// reusedFile: the byte-identical file one candidate uploaded, uploaded
// again for another candidate of the account.
func (pl *planner) reusedFile() error {
	type spec struct {
		layout, typ string
		f           form
	}
	specs := []spec{
		{"aha-ecard", "bls", asText},
		{"nursys-report", "nursing_license", asText},
		{"county-tst-form", "tb_skin_test", asScan},
		{"dl-abbrev-labels", "drivers_license", asPhoto},
		{"preplacement-assessment", "physical_exam", asText},
	}
	for _, s := range specs {
		d, err := pl.doc(s.layout, s.typ, Valid, newPerson(pl.r), nil)
		if err != nil {
			return err
		}
		first := pl.candidate()
		sp := s
		pl.add("reused_file", true, d, pl.candidate(), func(ctx context.Context, k *kit, r *rand.Rand) (built, error) {
			b, mime, err := k.upload(ctx, d.HTML, d.Card, sp.f, r)
			if err != nil {
				return built{}, err
			}
			return built{upload: b, mime: mime, earlier: []PriorUpload{{Upload: b, MIME: mime, CandidateID: first}}}, nil
		})
	}
	return nil
}

// reusedID: another candidate's document printing the same certificate,
// eCard or license id as a document uploaded earlier (the same license
// lent, a code copied onto a template).
func (pl *planner) reusedID() error {
	type spec struct {
		layout, layout2, typ, field string
	}
	specs := []spec{
		{"aha-ecard", "aha-ecard", "bls", "certificate_id"},
		{"nursys-report", "board-web-lookup", "nursing_license", "license_number"},
		{"redcross-digital", "redcross-digital", "acls", "certificate_id"},
		{"ena-tncc-card", "ena-tncc-letter", "tncc", "certificate_id"},
		{"nursys-report", "license-wallet-card", "nursing_license", "license_number"},
	}
	for _, s := range specs {
		d1, err := pl.doc(s.layout, s.typ, Valid, newPerson(pl.r), nil)
		if err != nil {
			return err
		}
		state := d1.Fields["state"]
		d2, err := pl.doc(s.layout2, s.typ, Valid, newPerson(pl.r), func(d Doc) bool { return d.Fields["state"] == state })
		if err != nil {
			return err
		}
		id1, _ := d1.Fields[s.field].(string)
		id2, _ := d2.Fields[s.field].(string)
		html2, n := replaceValue(d2.HTML, e(id2), e(id1))
		if n == 0 {
			return fmt.Errorf("reused_id: %s does not print %s", s.layout2, s.field)
		}
		first := pl.candidate()
		pl.add("reused_id", true, d2, pl.candidate(), func(ctx context.Context, k *kit, _ *rand.Rand) (built, error) {
			a, err := k.rd.HTMLToPDF(ctx, d1.HTML)
			if err != nil {
				return built{}, err
			}
			b, err := k.rd.HTMLToPDF(ctx, html2)
			if err != nil {
				return built{}, err
			}
			return built{upload: b, mime: pdfMIME, earlier: []PriorUpload{{Upload: a, MIME: pdfMIME, CandidateID: first}}}, nil
		})
		pl.expect(fraudTruth{id: id1, hides: []string{id2}, revisions: 1})
	}
	return nil
}

// reusedPageImage: the same page uploaded earlier for one candidate
// comes again for another, printed to PDF anew, re-rendered, or scanned
// again, so that its bytes differ and its picture does not.
func (pl *planner) reusedPageImage() error {
	type spec struct {
		layout, typ string
		before, now form
		reprint     bool // the later file is the earlier printed again by pdftocairo
	}
	specs := []spec{
		{"hsi-wallet", "bls", asText, asText, true},
		{"occhealth-ppd-table", "tb_skin_test", asScan, asScan, false},
		{"dl-aamva-numbered", "drivers_license", asScan, asPNG, false},
		{"annual-exam-two-column", "physical_exam", asText, asScan, false},
		{"nursys-report", "nursing_license", asText, asText, false},
	}
	for _, s := range specs {
		d, err := pl.doc(s.layout, s.typ, Valid, newPerson(pl.r), nil)
		if err != nil {
			return err
		}
		first := pl.candidate()
		sp := s
		pl.add("reused_page_image", true, d, pl.candidate(), func(ctx context.Context, k *kit, r *rand.Rand) (built, error) {
			pdf, err := k.rd.HTMLToPDF(ctx, d.HTML)
			if err != nil {
				return built{}, err
			}
			a, amime, err := k.as(ctx, pdf, d.Card, sp.before, r)
			if err != nil {
				return built{}, err
			}
			var b []byte
			bmime := pdfMIME
			switch {
			case sp.reprint:
				b, err = k.runTool(ctx, pdf, "pdftocairo", "-pdf", "{in}", "{out}")
			case sp.now == asText:
				// Rendered again from the same source, later: the same
				// page in a new file.
				b, err = k.rd.renderLater(ctx, d.HTML, a)
			default:
				b, bmime, err = k.as(ctx, pdf, d.Card, sp.now, r)
			}
			if err != nil {
				return built{}, err
			}
			if bytes.Equal(a, b) {
				return built{}, fmt.Errorf("the re-upload is byte-identical")
			}
			return built{upload: b, mime: bmime, earlier: []PriorUpload{{Upload: a, MIME: amime, CandidateID: first}}}, nil
		})
	}
	return nil
}

// cleanSpec is a clean document of a layout.
type cleanSpec struct {
	layout, typ string
	cond        Condition
}

// clean draws a clean document, created days before the upload.
func (pl *planner) clean(s cleanSpec) (Doc, error) {
	d, err := pl.doc(s.layout, s.typ, s.cond, newPerson(pl.r), nil)
	if err != nil {
		return Doc{}, err
	}
	return d, nil
}

// originals: documents as their issuers' systems print them, of many types
// and typefaces, some lapsed or failing (not forged for that).
func (pl *planner) originals() error {
	specs := []cleanSpec{
		{"aha-ecard", "bls", Valid}, {"redcross-digital", "acls", Valid}, {"hsi-wallet", "pals", Valid},
		{"aap-nrp-ecard", "nrp", Valid}, {"ena-tncc-letter", "tncc", Valid}, {"board-web-lookup", "nursing_license", Valid},
		{"license-wallet-card", "nursing_license", Expired}, {"dl-aamva-numbered", "drivers_license", Valid},
		{"us-passport-datapage", "passport", Valid}, {"ph-passport-datapage", "passport", Valid}, {"ssn-card", "social_security_card", Valid},
		{"county-tst-form", "tb_skin_test", Valid}, {"tspot-hospital-lab", "tb_blood_test", Failing},
		{"radiology-report", "chest_xray", Valid}, {"titer-lab-report", "mmr_record", Valid},
		{"clinic-vaccine-admin-record", "tdap_record", Valid}, {"fit-test-checkbox-form", "fit_test", Valid},
		{"screening-completion-letter", "background_check", Valid}, {"lms-certificate", "osha_training", Valid},
		{"vaccination-record-card", "covid19_vaccine", Valid}, {"mro-result-report", "drug_screen", Valid},
		{"skills-rating-grid", "skills_checklist", Valid}, {"resume-sidebar", "resume", Valid},
	}
	for _, s := range specs {
		d, err := pl.clean(s)
		if err != nil {
			return err
		}
		pl.add("original", false, d, pl.candidate(), func(ctx context.Context, k *kit, _ *rand.Rand) (built, error) {
			pdf, err := k.rd.HTMLToPDF(ctx, d.HTML)
			return built{upload: pdf, mime: pdfMIME}, err
		})
	}
	return nil
}

// printedToPDF: a document printed to PDF again by another producer
// (poppler's cairo backend, as a browser or "Print to PDF" does).
func (pl *planner) printedToPDF() error {
	specs := []cleanSpec{
		{"aha-ecard", "bls", Valid}, {"nursys-report", "nursing_license", Valid}, {"iis-registry-record", "varicella_record", Valid},
		{"igra-lab-columns", "tb_blood_test", Valid}, {"lms-transcript", "hipaa_training", Valid}, {"ena-tncc-card", "tncc", Valid},
	}
	for _, s := range specs {
		d, err := pl.clean(s)
		if err != nil {
			return err
		}
		pl.add("printed_to_pdf", false, d, pl.candidate(), func(ctx context.Context, k *kit, _ *rand.Rand) (built, error) {
			pdf, err := k.rd.HTMLToPDF(ctx, d.HTML)
			if err != nil {
				return built{}, err
			}
			out, err := k.runTool(ctx, pdf, "pdftocairo", "-pdf", "{in}", "{out}")
			return built{upload: out, mime: pdfMIME}, err
		})
	}
	return nil
}

// scanned: documents scanned or photographed: image-only PDFs through the
// reading set's scan pipeline (skew, turns, noise), phone photos as JPEG
// with the phone's EXIF, flatbed scans as PNG.
func (pl *planner) scanned() error {
	type spec struct {
		cleanSpec
		f form
	}
	specs := []spec{
		{cleanSpec{"board-verification-letter", "nursing_license", Valid}, asScan},
		{cleanSpec{"occhealth-ppd-table", "tb_skin_test", Valid}, "pipeline"},
		{cleanSpec{"cxr-clearance-form", "chest_xray", Valid}, "pipeline"},
		{cleanSpec{"dl-abbrev-labels", "drivers_license", Valid}, asPhoto},
		{cleanSpec{"ena-tncc-card", "tncc", Valid}, asPhoto},
		{cleanSpec{"us-passport-card", "passport", Valid}, asPhoto},
		{cleanSpec{"ssn-card-copy", "social_security_card", Valid}, asPNG},
		{cleanSpec{"quantitative-fit-report", "fit_test", Valid}, asPNG},
	}
	for _, s := range specs {
		d, err := pl.clean(s.cleanSpec)
		if err != nil {
			return err
		}
		sp := s
		pl.add("scanned", false, d, pl.candidate(), func(ctx context.Context, k *kit, r *rand.Rand) (built, error) {
			if sp.f == "pipeline" {
				c := Case{ID: d.Layout, Medium: Scan, Docs: []Doc{d}, Seed: r.Uint64()}
				if err := k.rd.Render(ctx, &c); err != nil {
					return built{}, err
				}
				return built{upload: c.PDF, mime: pdfMIME}, nil
			}
			b, mime, err := k.upload(ctx, d.HTML, d.Card, sp.f, r)
			return built{upload: b, mime: mime}, err
		})
	}
	return nil
}

// qpdfControls: documents optimised by qpdf (object streams, linearised,
// recompressed), as document systems and "reduce size" tools do.
func (pl *planner) qpdfControls() error {
	type spec struct {
		cleanSpec
		args []string
	}
	specs := []spec{
		{cleanSpec{"hospital-course-cert", "bls", Valid}, []string{"--object-streams=generate", "{in}", "{out}"}},
		{cleanSpec{"board-web-lookup", "nursing_license", Valid}, []string{"--linearize", "{in}", "{out}"}},
		{cleanSpec{"tox-analyte-table", "drug_screen", Valid}, []string{"--object-streams=generate", "{in}", "{out}"}},
		{cleanSpec{"adult-immunization-card", "hepatitis_b_record", Valid}, []string{"--linearize", "{in}", "{out}"}},
		{cleanSpec{"consumer-report-modern", "background_check", Valid}, []string{"--recompress-flate", "--compression-level=9", "--object-streams=generate", "{in}", "{out}"}},
		{cleanSpec{"dl-photocopy-both-sides", "drivers_license", Valid}, []string{"--recompress-flate", "--compression-level=9", "{in}", "{out}"}},
	}
	for _, s := range specs {
		d, err := pl.clean(s.cleanSpec)
		if err != nil {
			return err
		}
		args := s.args
		pl.add("qpdf", false, d, pl.candidate(), func(ctx context.Context, k *kit, _ *rand.Rand) (built, error) {
			pdf, err := k.rd.HTMLToPDF(ctx, d.HTML)
			if err != nil {
				return built{}, err
			}
			out, err := k.runTool(ctx, pdf, "qpdf", append([]string{}, args...)...)
			return built{upload: out, mime: pdfMIME}, err
		})
	}
	return nil
}

// merged: a document merged with a fax cover or a second document by
// another producer (poppler's pdfunite, pdfcpu's merge).
func (pl *planner) merged() error {
	type spec struct {
		first, second cleanSpec
		tool          string
	}
	specs := []spec{
		{cleanSpec{"fax-cover", "other", Valid}, cleanSpec{"aha-ecard", "bls", Valid}, "pdfunite"},
		{cleanSpec{"nursys-report", "nursing_license", Valid}, cleanSpec{"radiology-report", "chest_xray", Valid}, "pdfunite"},
		{cleanSpec{"cover-letter", "other", Valid}, cleanSpec{"titer-lab-report", "varicella_record", Valid}, "pdfunite"},
		{cleanSpec{"fax-cover", "other", Valid}, cleanSpec{"preplacement-assessment", "physical_exam", Valid}, "pdfcpu"},
		{cleanSpec{"redcross-digital", "bls", Valid}, cleanSpec{"lms-certificate", "hipaa_training", Valid}, "pdfcpu"},
		{cleanSpec{"igra-patient-report", "tb_blood_test", Valid}, cleanSpec{"ccf-copy", "drug_screen", Valid}, "pdfcpu"},
	}
	for _, s := range specs {
		a, err := pl.clean(s.first)
		if err != nil {
			return err
		}
		b, err := pl.clean(s.second)
		if err != nil {
			return err
		}
		main := b
		if a.Type != "other" {
			main = a
		}
		tool := s.tool
		pl.add("merged", false, main, pl.candidate(), func(ctx context.Context, k *kit, _ *rand.Rand) (built, error) {
			pa, err := k.rd.HTMLToPDF(ctx, a.HTML)
			if err != nil {
				return built{}, err
			}
			pb, err := k.rd.HTMLToPDF(ctx, b.HTML)
			if err != nil {
				return built{}, err
			}
			if tool == "pdfunite" {
				out, err := k.runFiles(ctx, [][]byte{pa, pb}, "pdfunite", "{in0}", "{in1}", "{out}")
				return built{upload: out, mime: pdfMIME}, err
			}
			var out bytes.Buffer
			err = api.MergeRaw([]io.ReadSeeker{bytes.NewReader(pa), bytes.NewReader(pb)}, &out, false, pdfConfig())
			return built{upload: out.Bytes(), mime: pdfMIME}, err
		})
	}
	return nil
}

// signedUpdates: a second revision that leaves the pages' content alone, as
// a reader saves after the holder edits document properties (the Info's
// ModDate and keywords, or an XMP packet naming the same producer) or signs
// with a digital ID (a signature field and a CMS signature, see
// fraud_sign.go).
func (pl *planner) signedUpdates() error {
	specs := []cleanSpec{
		{"aha-ecard", "acls", Valid}, {"nursys-report", "nursing_license", Valid}, {"lms-certificate", "hipaa_training", Valid},
		{"radiology-report", "chest_xray", Valid}, {"aap-nrp-ecard", "nrp", Valid},
	}
	for i, s := range specs {
		d, err := pl.clean(s)
		if err != nil {
			return err
		}
		made := createdOf(d.HTML)
		saved := made.Add(time.Duration(1+pl.r.IntN(40)) * time.Hour)
		withXMP, sign := i == 2, i%2 == 1
		signer := d.Holder.First + " " + d.Holder.Last
		pl.add("signed_update", false, d, pl.candidate(), func(ctx context.Context, k *kit, r *rand.Rand) (built, error) {
			pdf, err := k.rd.HTMLToPDF(ctx, d.HTML)
			if err != nil {
				return built{}, err
			}
			p, err := openPDF(pdf)
			if err != nil {
				return built{}, err
			}
			rev := p.update()
			producer := p.ctx.Producer
			set := map[string]string{"ModDate": pdfDate(saved)}
			if !withXMP {
				set["Keywords"] = "credential; onboarding"
			}
			if p.ctx.Info != nil {
				rev.replace(p.ctx.Info.ObjectNumber.Value(), p.infoDict(set))
			}
			if withXMP {
				xmp := xmpPacket(producer, producer, made, saved, nil)
				mnr := rev.add(rawStream("<< /Type /Metadata /Subtype /XML >>", xmp))
				root, err := p.ctx.DereferenceDict(*p.ctx.Root)
				if err != nil {
					return built{}, err
				}
				root = root.Clone().(types.Dict)
				root["Metadata"] = types.IndirectRef{ObjectNumber: types.Integer(mnr)}
				rev.replaceDict(p.ctx.Root.ObjectNumber.Value(), root)
			}
			if sign {
				if err := p.signRevision(rev, signer, saved); err != nil {
					return built{}, err
				}
			}
			out, err := rev.bytes()
			if err != nil || !sign {
				return built{upload: out, mime: pdfMIME}, err
			}
			var seed [32]byte
			for i := range seed {
				seed[i] = byte(r.Uint32())
			}
			out, err = finishSignature(out, signer, saved, rand.NewChaCha8(seed))
			return built{upload: out, mime: pdfMIME}, err
		})
	}
	return nil
}

// sameCandidate: the same file uploaded again for the same candidate (a
// recruiter re-sending a packet): not fraud.
func (pl *planner) sameCandidate() error {
	type spec struct {
		cleanSpec
		f form
	}
	specs := []spec{
		{cleanSpec{"aha-ecard", "bls", Valid}, asText},
		{cleanSpec{"license-wallet-card", "nursing_license", Valid}, asPhoto},
		{cleanSpec{"county-tst-form", "tb_skin_test", Valid}, asScan},
		{cleanSpec{"lms-transcript", "osha_training", Valid}, asText},
		{cleanSpec{"ccf-copy", "drug_screen", Valid}, asText},
	}
	for _, s := range specs {
		d, err := pl.clean(s.cleanSpec)
		if err != nil {
			return err
		}
		cand := pl.candidate()
		sp := s
		pl.add("same_candidate_reupload", false, d, cand, func(ctx context.Context, k *kit, r *rand.Rand) (built, error) {
			b, mime, err := k.upload(ctx, d.HTML, d.Card, sp.f, r)
			if err != nil {
				return built{}, err
			}
			return built{upload: b, mime: mime, earlier: []PriorUpload{{Upload: b, MIME: mime, CandidateID: cand}}}, nil
		})
	}
	return nil
}
