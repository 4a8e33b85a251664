package sampledocs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Clean documents re-saved by the tools nurses and recruiters use, and the
// history cases. None of the re-saves changes what a page shows.

// tool runs a command-line tool on input files and returns the file it
// writes. args name the inputs "in0.pdf", "in1.pdf"... and the output
// "out.pdf".
func tool(name string, inputs [][]byte, args ...string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "sampledocs-tool-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for i, in := range inputs {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("in%d.pdf", i)), in, 0o600); err != nil {
			return nil, err
		}
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		// qpdf exits 3 when it wrote the file with warnings.
		if !(name == "qpdf" && errors.As(err, &exit) && exit.ExitCode() == 3) {
			return nil, fmt.Errorf("sampledocs: %s: %w: %s", name, err, bytes.TrimSpace(stderr.Bytes()))
		}
	}
	return os.ReadFile(filepath.Join(dir, "out.pdf"))
}

// qpdf rewrites a PDF with qpdf (one revision; args are qpdf's options).
func qpdf(pdf []byte, args ...string) ([]byte, error) {
	return tool("qpdf", [][]byte{pdf}, append(args, "--deterministic-id", "in0.pdf", "out.pdf")...)
}

var trailerIDRE = regexp.MustCompile(`/ID\s*\[`)

// steadyIDs replaces the file identifiers a tool drew from the clock or at
// random, in the file's last trailer, with ones derived from the rest of
// the file, so that the same input always gives the same file. The
// trailer follows the cross-reference section it closes: no offset moves.
func steadyIDs(pdf []byte) []byte {
	t := bytes.LastIndex(pdf, []byte("trailer"))
	if t < 0 {
		return pdf
	}
	m := trailerIDRE.FindIndex(pdf[t:])
	if m == nil {
		return pdf
	}
	from, i := t+m[0], t+m[1]
	// The array's end: past its two strings, literal ones parsed for
	// escapes and nested parentheses, as they may hold any byte.
	for i < len(pdf) && pdf[i] != ']' {
		if pdf[i] == '(' {
			depth := 0
			for ; i < len(pdf); i++ {
				if pdf[i] == '\\' {
					i++
					continue
				}
				if pdf[i] == '(' {
					depth++
				}
				if pdf[i] == ')' {
					if depth--; depth == 0 {
						break
					}
				}
			}
		}
		i++
	}
	if i >= len(pdf) {
		return pdf
	}
	rest := append(append([]byte(nil), pdf[:from]...), pdf[i+1:]...)
	sum := sha256.Sum256(rest)
	id := hex.EncodeToString(sum[:16])
	out := append([]byte(nil), pdf[:from]...)
	out = append(out, fmt.Sprintf("/ID [<%s> <%s>]", id, id)...)
	return append(out, pdf[i+1:]...)
}

var infoDateRE = regexp.MustCompile(`/(?:CreationDate|ModDate)\s*\(D:(\d{14})`)

// stampDates sets the dates a tool wrote into a PDF's Info dictionary to
// t, digit for digit, so that no offset in the file moves. The tools take
// the machine's clock; the documents are judged on a fixed day, and a
// file written "after" it would look as if it came from the future.
func stampDates(pdf []byte, t time.Time) ([]byte, error) {
	stamp := []byte(t.UTC().Format("20060102150405"))
	out := append([]byte(nil), pdf...)
	found := false
	for _, m := range infoDateRE.FindAllSubmatchIndex(out, -1) {
		copy(out[m[2]:m[3]], stamp)
		found = true
	}
	if !found {
		return nil, errors.New("sampledocs: the tool wrote no Info dates to set")
	}
	return out, nil
}

// printedToPDF is pdf printed to a PDF file by cairo (poppler's
// pdftocairo), as a print dialog's "Save as PDF" does.
func printedToPDF(pdf []byte, at time.Time) ([]byte, error) {
	out, err := tool("pdftocairo", [][]byte{pdf}, "-pdf", "in0.pdf", "out.pdf")
	if err != nil {
		return nil, err
	}
	return stampDates(out, at)
}

// pdfcpuMerged is several PDFs merged by pdfcpu, with pdfcpu's Info dated at.
func pdfcpuMerged(pdfs [][]byte, at time.Time) ([]byte, error) {
	rs := make([]io.ReadSeeker, len(pdfs))
	for i, p := range pdfs {
		rs[i] = bytes.NewReader(p)
	}
	conf := pdfcpuConf()
	// Plain objects and a plain xref table, so that its Info can be dated.
	conf.WriteObjectStream = false
	conf.WriteXRefStream = false
	var b bytes.Buffer
	if err := api.MergeRaw(rs, &b, false, conf); err != nil {
		return nil, fmt.Errorf("sampledocs: pdfcpu merge: %w", err)
	}
	out, err := stampDates(b.Bytes(), at)
	return steadyIDs(out), err
}

// signatureField is a file a signing service prepared for signature: an
// incremental update adding a hidden signature field to page 1 and the
// form that holds it, and moving the Info's ModDate. No page changes.
func signatureField(pdf []byte, at time.Time) ([]byte, error) {
	e, err := newPDFEdit(pdf)
	if err != nil {
		return nil, err
	}
	pd, num, err := e.page(1)
	if err != nil {
		return nil, err
	}
	wid := e.add(types.Dict{"Type": types.Name("Annot"), "Subtype": types.Name("Widget"), "FT": types.Name("Sig"),
		"T": types.StringLiteral("Signature1"), "Rect": types.NewNumberArray(0, 0, 0, 0), "F": types.Integer(132),
		"P": *types.NewIndirectRef(num, 0)})
	annots := types.Array{}
	if a, err := e.ctx.DereferenceArray(pd["Annots"]); err == nil && a != nil {
		annots = append(annots, a...)
	}
	pd["Annots"] = append(annots, wid)
	e.set(num, pd)
	root, err := e.ctx.Catalog()
	if err != nil {
		return nil, err
	}
	rd := root.Clone().(types.Dict)
	rd["AcroForm"] = types.Dict{"Fields": types.Array{wid}, "SigFlags": types.Integer(1)}
	e.set(e.ctx.Root.ObjectNumber.Value(), rd)
	if err := e.touchInfo(at, nil); err != nil {
		return nil, err
	}
	return e.bytes(), nil
}

// metadataUpdated is a file whose Info a document system amended in an
// incremental update (keywords, a subject, the ModDate).
func metadataUpdated(pdf []byte, at time.Time, candidate string) ([]byte, error) {
	e, err := newPDFEdit(pdf)
	if err != nil {
		return nil, err
	}
	if err := e.touchInfo(at, map[string]string{"Keywords": "onboarding; " + candidate, "Subject": "Credential on file"}); err != nil {
		return nil, err
	}
	return e.bytes(), nil
}

// touchInfo rewrites the Info dictionary with its entries kept, ModDate at
// and extra entries added.
func (e *pdfEdit) touchInfo(at time.Time, extra map[string]string) error {
	if e.ctx.Info == nil {
		return errors.New("sampledocs: the file has no Info to update")
	}
	d, err := e.ctx.DereferenceDict(*e.ctx.Info)
	if err != nil || d == nil {
		return fmt.Errorf("sampledocs: Info: %v", err)
	}
	info := d.Clone().(types.Dict)
	info["ModDate"] = types.StringLiteral(pdfDate(at))
	for k, v := range extra {
		info[k] = types.StringLiteral(pdfText(v))
	}
	e.set(e.info, info)
	return nil
}

// --- history ---

func (f *forger) history() error {
	// The same file for another candidate.
	for i, p := range []struct {
		typ    string
		layout int
	}{{"bls", 0}, {"nursing_license", 2}, {"tb_skin_test", 1}, {"hipaa_training", 0}} {
		d := f.doc(p.typ, p.layout, Options{})
		pdf, err := RenderPDF(d)
		if err != nil {
			return err
		}
		a := f.candidate()
		earlier := []PriorUpload{{Upload: pdf, MIME: "application/pdf", CandidateID: a}}
		if i%2 == 1 {
			// Another candidate's upload in between.
			o, err := RenderPDF(f.doc(p.typ, p.layout+1, Options{}))
			if err != nil {
				return err
			}
			earlier = append(earlier, PriorUpload{Upload: o, MIME: "application/pdf", CandidateID: f.candidate()})
		}
		f.add(FraudCase{Name: caseName(SameFileOtherCand, d), DocumentType: d.Type, Manipulation: SameFileOtherCand, Upload: pdf, Earlier: earlier})
	}
	// Another candidate's document carrying the first one's id.
	for i, p := range []struct {
		typ, field string
		layout     int
	}{{"bls", "certificate_id", 0}, {"acls", "certificate_id", 1}, {"nursing_license", "license_number", 0}, {"nursing_license", "license_number", 1}} {
		d := f.doc(p.typ, p.layout, Options{})
		pdf, err := RenderPDF(d)
		if err != nil {
			return err
		}
		mine := f.doc(p.typ, p.layout+i%2, Options{})
		change := map[string]any{p.field: d.Fields[p.field]}
		if p.field == "certificate_id" {
			change["issue_date"], change["expiration_date"] = d.Fields["issue_date"], d.Fields["expiration_date"]
		} else {
			change["state"] = d.Fields["state"]
		}
		out, err := fabricated(mine, change)
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(SameIDOtherCand, mine, p.field), DocumentType: d.Type, Manipulation: SameIDOtherCand, Upload: out,
			Earlier: []PriorUpload{{Upload: pdf, MIME: "application/pdf", CandidateID: f.candidate()}}})
	}
	// The same page image again: a candidate's PDF scanned for another
	// candidate, a scan scanned again, a PDF rendered to a picture.
	for i, p := range []struct {
		typ    string
		layout int
	}{{"bls", 2}, {"drivers_license", 0}, {"nursing_license", 1}} {
		d := f.doc(p.typ, p.layout, Options{})
		pdf, err := RenderPDF(d)
		if err != nil {
			return err
		}
		first := PriorUpload{Upload: pdf, MIME: "application/pdf", CandidateID: f.candidate()}
		if i == 1 {
			img, err := scanImage(pdf, 150, f.r.Uint64())
			if err != nil {
				return err
			}
			first = PriorUpload{Upload: img, MIME: "image/jpeg", CandidateID: first.CandidateID}
		}
		again, mime, how := []byte(nil), "image/jpeg", "rescanned"
		if i == 2 {
			again, err = RenderImage(d, "png", 150)
			mime, how = "image/png", "rendered"
		} else {
			again, err = scanImage(pdf, 120, f.r.Uint64())
		}
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(SamePageOtherCand, d, how), DocumentType: d.Type, Manipulation: SamePageOtherCand, Upload: again, MIME: mime,
			Earlier: []PriorUpload{first}})
	}
	// Clean: the same candidate uploading the same file again, and a
	// candidate's own document after other candidates' documents of the
	// same types and issuers.
	for _, p := range []struct {
		typ    string
		layout int
	}{{"bls", 0}, {"nursing_license", 1}} {
		d := f.doc(p.typ, p.layout, Options{})
		pdf, err := RenderPDF(d)
		if err != nil {
			return err
		}
		a := f.candidate()
		f.add(FraudCase{Name: caseName(ReuploadSameCand, d), DocumentType: d.Type, Control: ReuploadSameCand, Upload: pdf, CandidateID: a,
			Earlier: []PriorUpload{{Upload: pdf, MIME: "application/pdf", CandidateID: a}}})
	}
	for _, p := range []struct {
		typ    string
		layout int
	}{{"bls", 0}, {"nursing_license", 0}, {"tb_skin_test", 2}} {
		var earlier []PriorUpload
		for k := 0; k < 3; k++ {
			o, err := RenderPDF(f.doc(p.typ, p.layout, Options{}))
			if err != nil {
				return err
			}
			earlier = append(earlier, PriorUpload{Upload: o, MIME: "application/pdf", CandidateID: f.candidate()})
		}
		d := f.doc(p.typ, p.layout, Options{})
		pdf, err := RenderPDF(d)
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(OtherCandsEarlier, d), DocumentType: d.Type, Control: OtherCandsEarlier, Upload: pdf, Earlier: earlier})
	}
	return nil
}

// --- clean controls ---

func (f *forger) controls() error {
	// Originals: every type with its own layouts, in turn through its
	// layouts, and a few out of date (genuine, only expired).
	for i, typ := range Types() {
		if typ == "other" {
			continue
		}
		d := f.doc(typ, i, Options{})
		pdf, err := RenderPDF(d)
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(Original, d), DocumentType: typ, Control: Original, Upload: pdf})
	}
	for i, typ := range []string{"bls", "nursing_license", "passport", "drivers_license", "acls", "hipaa_training"} {
		d := f.doc(typ, i+1, Options{Expired: true})
		pdf, err := RenderPDF(d)
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(Original, d, "expired"), DocumentType: typ, Control: Original, Upload: pdf})
	}
	type resave struct {
		control, how string
		typs         []string
		do           func(d Doc, pdf []byte) ([]byte, string, error)
	}
	pdfOut := func(b []byte, err error) ([]byte, string, error) { return b, "application/pdf", err }
	for _, rs := range []resave{
		{PrintedToPDF, "cairo", []string{"bls", "nursing_license", "tb_skin_test", "drivers_license", "hipaa_training", "mmr_record"},
			func(d Doc, pdf []byte) ([]byte, string, error) { return pdfOut(printedToPDF(pdf, f.editedAt(d))) }},
		{QPDF, "linearized", []string{"acls", "passport", "drug_screen", "nursing_license"},
			func(d Doc, pdf []byte) ([]byte, string, error) { return pdfOut(qpdf(pdf, "--linearize")) }},
		{QPDF, "object_streams", []string{"pals", "tb_blood_test", "bls", "physical_exam"},
			func(d Doc, pdf []byte) ([]byte, string, error) {
				return pdfOut(qpdf(pdf, "--object-streams=generate", "--compress-streams=y"))
			}},
		{SignedUpdate, "signature_field", []string{"bls", "nursing_license", "background_check"},
			func(d Doc, pdf []byte) ([]byte, string, error) {
				return pdfOut(signatureField(pdf, d.Created.Add(time.Duration(5+f.r.IntN(600))*time.Minute)))
			}},
		{SignedUpdate, "metadata", []string{"tb_skin_test", "acls", "hipaa_training"},
			func(d Doc, pdf []byte) ([]byte, string, error) {
				return pdfOut(metadataUpdated(pdf, f.editedAt(d), f.candidate()))
			}},
		{Scanned, "image_pdf", []string{"bls", "tb_skin_test"},
			func(d Doc, pdf []byte) ([]byte, string, error) {
				return pdfOut(RenderScanned(pdf, ScanOptions{DPI: 150, Seed: f.r.Uint64()}))
			}},
		{Scanned, "jpeg", []string{"nursing_license", "drug_screen"},
			func(d Doc, pdf []byte) ([]byte, string, error) {
				b, err := scanImage(pdf, 150, f.r.Uint64())
				return b, "image/jpeg", err
			}},
		{PhonePhoto, "jpeg", []string{"bls", "drivers_license"},
			func(d Doc, pdf []byte) ([]byte, string, error) {
				b, err := RenderCardPhoto(pdf, PhotoOptions{Seed: f.r.Uint64(), TiltDegrees: 8, JPEGQuality: 85})
				return b, "image/jpeg", err
			}},
	} {
		for i, typ := range rs.typs {
			d := f.doc(typ, i, Options{})
			pdf, err := RenderPDF(d)
			if err != nil {
				return err
			}
			out, mime, err := rs.do(d, pdf)
			if err != nil {
				return fmt.Errorf("%s %s/%s: %w", rs.control, d.Type, d.Variant, err)
			}
			f.add(FraudCase{Name: caseName(rs.control, d, rs.how), DocumentType: typ, Control: rs.control, Upload: out, MIME: mime})
		}
	}
	// Two of a candidate's documents merged into one file by another
	// producer.
	for i, pair := range [][2]string{{"bls", "tb_skin_test"}, {"nursing_license", "acls"}, {"hipaa_training", "drug_screen"}} {
		p := NewPerson(f.r)
		var pdfs [][]byte
		// The merge is made after the later of the two documents.
		var last Doc
		for k, typ := range pair {
			vs := Variants(typ)
			d := Generate(f.r, typ, p, Options{Variant: vs[(i+k)%len(vs)]})
			if d.Created.After(last.Created) {
				last = d
			}
			b, err := RenderPDF(d)
			if err != nil {
				return err
			}
			pdfs = append(pdfs, b)
		}
		u, err := tool("pdfunite", pdfs, "in0.pdf", "in1.pdf", "out.pdf")
		if err != nil {
			return err
		}
		u = steadyIDs(u)
		f.add(FraudCase{Name: Merged + "/" + pair[0] + "+" + pair[1] + "/pdfunite", DocumentType: pair[0], Control: Merged, Upload: u})
		m, err := pdfcpuMerged(pdfs, f.editedAt(last))
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: Merged + "/" + pair[0] + "+" + pair[1] + "/pdfcpu", DocumentType: pair[0], Control: Merged, Upload: m})
	}
	return nil
}
