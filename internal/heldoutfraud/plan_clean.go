package heldoutfraud

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/internal/heldout"
)

// showOf is what a clean document's text layer must show: the holder's
// surname and its number or dates.
func showOf(d doc) []string {
	s := []string{printedLast(d)}
	if d.ID != "" {
		s = append(s, d.ID)
	}
	if !d.Expiry.IsZero() {
		s = append(s, us(d.Expiry))
	} else {
		s = append(s, us(d.Issue))
	}
	return s
}

// printedLast is the surname as the layout prints it (some in capitals).
func printedLast(d doc) string {
	if d.Layout == "license" || d.Layout == "qft" || d.Layout == "drug" {
		return strings.ToUpper(d.P.Last)
	}
	return d.P.Last
}

// planClean draws the clean controls: genuine documents, some re-saved by
// the ordinary tools people pass documents through.
func planClean(g *drawer) []caseSpec {
	var out []caseSpec
	add := func(control, label string, d doc, f facts, mk func(ctx context.Context, w *work) (result, error)) {
		f.Exp = d.Expiry
		out = append(out, caseSpec{Name: label, Type: d.Type, Control: control, Facts: f, make: mk})
	}
	// a varied supply of clean documents, one per call
	kinds := []func() doc{
		func() doc { return g.cert("bls", "aha", g.person()) },
		func() doc { return g.cert("bls", "redcross", g.person()) },
		func() doc { return g.cert("acls", "aha", g.person()) },
		func() doc { return g.cert("pals", "aha", g.person()) },
		func() doc { return g.cert("tncc", "tncc", g.person()) },
		func() doc { return g.license(g.person(), g.pick([]string{"TX", "CA", "FL", "NY", "WA", "AZ"})) },
		func() doc { return g.qft(g.person()) },
		func() doc { return g.tst(g.person()) },
		func() doc { return g.drug(g.person()) },
		func() doc { return g.cert("acls", "redcross", g.person()) },
	}
	name := func(d doc) string { return d.Type + "-" + d.Layout }

	// original: as the issuer's system printed it, or as the phone took it
	for _, k := range kinds {
		d := k()
		add("original", name(d), d, facts{Show: showOf(d)}, pdfDoc(d, d.P.Candidate))
	}
	for _, d := range []doc{g.dl(g.person()), g.passport(g.person())} {
		s := g.shot("photo")
		_, m2 := mrzLines(d)
		f := facts{Image: true}
		if d.Type == "passport" {
			f.MRZ = m2
		}
		add("original", name(d)+"-photo", d, f, photoDoc(d, s))
	}

	// printed_to_pdf: redrawn through cairo ("Print to PDF")
	for i := 0; i < 8; i++ {
		d := kinds[(i*3+1)%len(kinds)]()
		when := g.date(day(2026, 9, 1), 70).Add(time.Duration(g.r.IntN(86400)) * time.Second).Format("20060102150405")
		add("printed_to_pdf", name(d), d, facts{Show: showOf(d)}, func(ctx context.Context, w *work) (result, error) {
			if err := w.render(ctx, d.page(), docTitle(d), "doc.pdf"); err != nil {
				return result{}, err
			}
			if err := w.t.printToPDF(ctx, w.path("doc.pdf"), w.path("printed.pdf"), when); err != nil {
				return result{}, err
			}
			b, err := w.read("printed.pdf")
			return pdfResult(b, d.P.Candidate), err
		})
	}

	// scanned: printed and put through a scanner or a phone scanner app
	scanners := []string{"Canon MF Scan Utility", "ScanSnap Manager #S1300i", "HP Scan", "Adobe Scan for Android", "Epson Scan 2"}
	for i := 0; i < 8; i++ {
		var d doc
		switch i {
		case 6:
			d = g.passport(g.person())
		case 7:
			d = g.dl(g.person())
		default:
			d = kinds[(i*7+2)%len(kinds)]()
		}
		s := g.shot("scan")
		producer := scanners[i%len(scanners)]
		asJPEG := i%3 == 2
		f := facts{Image: true}
		if d.Type == "passport" {
			_, f.MRZ = mrzLines(d)
		}
		if i == 4 {
			// a scanner app's searchable PDF: an OCR layer that agrees
			// with the picture
			add("scanned", name(d)+"-searchable", d, facts{Show: showOf(d)}, ocrLayerCase(d, "name", printedName(d), s))
			continue
		}
		add("scanned", name(d), d, f, func(ctx context.Context, w *work) (result, error) {
			if asJPEG {
				if err := w.picture(ctx, d, s, "scan.jpg"); err != nil {
					return result{}, err
				}
				b, err := w.read("scan.jpg")
				return jpegResult(b, d.P.Candidate), err
			}
			dpi := flatDPI(d)
			if err := w.flat(ctx, d, "flat.png", dpi); err != nil {
				return result{}, err
			}
			if err := w.t.py(ctx, map[string]any{"cmd": "scan", "srcs": []string{w.path("flat.png")}, "seed": s.Seed, "gray": s.Gray, "q2": s.Quality,
				"fmt": "pdf", "dpi": dpi, "producer": producer, "when": s.When.Format("2006-01-02T15:04:05"), "out": w.path("scan.pdf")}); err != nil {
				return result{}, err
			}
			b, err := w.read("scan.pdf")
			return pdfResult(b, d.P.Candidate), err
		})
	}

	// qpdf: optimised, linearised, object streams
	variants := [][]string{
		{"--linearize"},
		{"--object-streams=generate"},
		{"--recompress-flate", "--compression-level=9", "--object-streams=generate"},
		{"--linearize", "--object-streams=generate"},
	}
	for i := 0; i < 8; i++ {
		d := kinds[(i*3+5)%len(kinds)]()
		args := variants[i%len(variants)]
		add("qpdf", fmt.Sprintf("%s-v%d", name(d), i%len(variants)), d, facts{Show: showOf(d)}, func(ctx context.Context, w *work) (result, error) {
			if err := w.render(ctx, d.page(), docTitle(d), "doc.pdf"); err != nil {
				return result{}, err
			}
			if err := w.t.qpdf(ctx, append(append([]string{}, args...), w.path("doc.pdf"), w.path("opt.pdf"))...); err != nil {
				return result{}, err
			}
			b, err := w.read("opt.pdf")
			return pdfResult(b, d.P.Candidate), err
		})
	}

	// merged: the document joined with a fax cover by another program
	for i := 0; i < 8; i++ {
		d := kinds[(i*7+4)%len(kinds)]()
		cover := coverPage(d.P, g.pick([]string{"Staffing Partners LLC", "Bright Path Travel Nursing", "Meridian Clinical Staffing"}), g.date(day(2026, 10, 1), 40))
		usePdfunite := i%2 == 0
		before := i%4 != 3
		add("merged", name(d), d, facts{Show: showOf(d), Pages: 2}, func(ctx context.Context, w *work) (result, error) {
			if err := w.render(ctx, d.page(), docTitle(d), "doc.pdf"); err != nil {
				return result{}, err
			}
			if err := w.t.weasy(ctx, cover, w.path("cover.pdf")); err != nil {
				return result{}, err
			}
			parts := []string{w.path("cover.pdf"), w.path("doc.pdf")}
			if !before {
				parts[0], parts[1] = parts[1], parts[0]
			}
			if usePdfunite {
				if err := w.t.unite(ctx, w.path("merged.pdf"), parts[0], parts[1]); err != nil {
					return result{}, err
				}
			} else if err := w.t.qpdf(ctx, "--empty", "--pages", parts[0], parts[1], "--", w.path("merged.pdf")); err != nil {
				return result{}, err
			}
			b, err := w.read("merged.pdf")
			return pdfResult(b, d.P.Candidate), err
		})
	}

	// signed_update: a signature appended as an incremental update
	for i := 0; i < 6; i++ {
		d := kinds[(i*3+2)%len(kinds)]()
		signer := g.pick([]string{"Credentialing Desk", "Harbor Staffing Compliance", "J. Whitcombe"})
		when := g.date(day(2026, 10, 1), 45).Format("20060102") + fmt.Sprintf("%02d%02d%02dZ", 8+g.r.IntN(9), g.r.IntN(60), g.r.IntN(60))
		var rect []float64
		if i%2 == 0 {
			rect = []float64{360, 40, 560, 70}
		}
		add("signed_update", name(d), d, facts{Show: showOf(d), Revisions: 1}, func(ctx context.Context, w *work) (result, error) {
			if err := w.render(ctx, d.page(), docTitle(d), "doc.pdf"); err != nil {
				return result{}, err
			}
			p := map[string]any{"cmd": "sign", "orig": w.path("doc.pdf"), "out": w.path("signed.pdf"), "name": signer, "date": when}
			if rect != nil {
				p["rect"] = rect
			}
			if err := w.t.py(ctx, p); err != nil {
				return result{}, err
			}
			b, err := w.read("signed.pdf")
			return pdfResult(b, d.P.Candidate), err
		})
	}

	// same_candidate_reupload: the same file again for the same candidate
	for i := 0; i < 6; i++ {
		var d doc
		var mk func(ctx context.Context, w *work) (result, error)
		f := facts{Reuse: "same"}
		switch i {
		case 2:
			d = g.dl(g.person())
			mk, f.Image = photoDoc(d, g.shot("photo")), true
		case 4:
			d = g.passport(g.person())
			mk, f.Image = photoDoc(d, g.shot("photo")), true
		default:
			d = kinds[[]int{0, 5, 0, 6, 0, 3}[i]]()
			mk, f.Show = pdfDoc(d, d.P.Candidate), showOf(d)
		}
		times := 1 + i%2
		add("same_candidate_reupload", name(d), d, f, func(ctx context.Context, w *work) (result, error) {
			r, err := mk(ctx, w)
			if err != nil {
				return result{}, err
			}
			for j := 0; j < times; j++ {
				r.Earlier = append(r.Earlier, heldout.PriorUpload{Upload: r.Upload, MIME: r.MIME, CandidateID: r.Candidate})
			}
			return r, nil
		})
	}
	return out
}

func photoDoc(d doc, s shot) func(ctx context.Context, w *work) (result, error) {
	return func(ctx context.Context, w *work) (result, error) {
		if err := w.picture(ctx, d, s, "photo.jpg"); err != nil {
			return result{}, err
		}
		b, err := w.read("photo.jpg")
		return jpegResult(b, d.P.Candidate), err
	}
}

// coverPage is a staffing agency's fax cover, the page a document is most
// often merged behind.
func coverPage(p person, agency string, when time.Time) string {
	pg := page{W: 215.9, H: 279.4, Font: "URW Bookman", Items: []item{
		{X: 20, Y: 20, Size: 24, Bold: true, Text: "FAX"},
		{X: 20, Y: 36, Size: 12, Text: agency},
		{X: 20, Y: 56, Size: 11, Text: "To: Credentialing Department"},
		{X: 20, Y: 64, Size: 11, Text: "Re: " + p.First + " " + p.Last + " — compliance documents"},
		{X: 20, Y: 72, Size: 11, Text: "Date: " + us(when)},
		{X: 20, Y: 80, Size: 11, Text: "Pages (including cover): 2"},
		{X: 20, Y: 100, Size: 10, Width: 170, Text: "The information in this transmission is confidential and intended only for the recipient named above."},
	}}
	return pg.html("Fax cover", nil)
}
