package sampledocs

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// meta is what an issuer's PDF library writes into the Info dictionary.
type meta struct{ producer, creator string }

// Issuer systems. None is an editing tool: those are reserved for
// EditedPDF, since the fraud checks treat them as a sign of tampering.
var (
	metaIText     = []meta{{"iText® 7.1.16 ©2000-2021 iText Group NV (AGPL-version)", ""}, {"iText 2.1.7 by 1T3XT", "JasperReports Library version 6.20.0"}, {"iText® Core 8.0.2 (AGPL version) ©2000-2023 Apryse Group NV", ""}}
	metaReport    = []meta{{"Telerik Reporting 17.1.23.718 (http://www.telerik.com/products/reporting.aspx)", "Telerik Reporting"}, {"Powered By Crystal", "Crystal Reports"}, {"Microsoft Reporting Services PDF Rendering Extension 15.0.0.0", "Microsoft Reporting Services 15.0.0.0"}, {"Aspose.PDF for .NET 23.11.0", ""}}
	metaLab       = []meta{{"PDFlib+PDI 9.3.1 (Win64)", "Care360 Results"}, {"Apache FOP Version 2.8", "Apache FOP Version 2.8"}, {"PDFlib 9.2.0 (Linux/x86_64)", "Results Viewer"}, {"Aspose.PDF for Java 23.4", "Lab Report Service"}}
	metaBrowser   = []meta{{"Skia/PDF m131", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"}, {"Skia/PDF m129", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36"}, {"macOS Version 14.6.1 (Build 23G93) Quartz PDFContext", "Safari"}, {"Microsoft: Print To PDF", ""}}
	metaOffice    = []meta{{"Microsoft® Word for Microsoft 365", "Microsoft® Word for Microsoft 365"}, {"Adobe PDF Library 23.8.246", "Acrobat PDFMaker 23 for Word"}, {"Microsoft® Word 2016", "Microsoft® Word 2016"}, {"LibreOffice 7.6", "Writer"}}
	metaWeb       = []meta{{"Qt 5.15.2", "wkhtmltopdf 0.12.6"}, {"PDFsharp 1.50.5147 (www.pdfsharp.com)", "PDFsharp"}, {"ReportLab PDF Library - www.reportlab.com", "(unspecified)"}, {"WeasyPrint 60.2", "WeasyPrint 60.2"}}
	metaMerged    = []meta{{"Adobe PDF Library 24.3.131", "Adobe Acrobat Pro (64-bit) 24.3.20112"}, {"macOS Version 15.1 (Build 24B83) Quartz PDFContext", "Preview"}, {"Microsoft: Print To PDF", ""}, {"iOS Version 18.1 (Build 22B83) Quartz PDFContext", "Files"}}
	metaScanner   = []meta{{"Adobe Scan for Android 24.09.18", "Adobe Scan"}, {"intsig.com pdf producer", "CamScanner"}, {"Genius Scan for iOS 8.9", "Genius Scan"}, {"iOS Version 17.6.1 (Build 21G93) Quartz PDFContext", "Notes"}, {"Microsoft Lens", "Microsoft Lens"}, {"HP Smart", "HP Smart"}, {"RICOH MP C3004ex", "RICOH MP C3004ex"}, {"Xerox WorkCentre 7855", ""}}
	metaEcardLike = append(append([]meta{}, metaIText...), metaWeb...)
)

func newPDF(created, modified time.Time, m meta) *fpdf.Fpdf {
	pdf := fpdf.New("P", "mm", "Letter", "")
	// Sorted catalogs and fixed dates make the bytes a function of the seed.
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(created)
	pdf.SetModificationDate(modified)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	if m.producer != "" {
		pdf.SetProducer(m.producer, !isASCII(m.producer))
	}
	if m.creator != "" {
		pdf.SetCreator(m.creator, !isASCII(m.creator))
	}
	return pdf
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// RenderPDF renders documents into one text PDF, their pages in order. A
// single document carries its issuer system's Producer/Creator and its
// Created date; several look like a bundle merged by the nurse.
func RenderPDF(docs ...Doc) ([]byte, error) {
	return renderPDF(nil, docs...)
}

// renderPDF is RenderPDF that also records, when trace is not nil, every
// run of text it prints and where (the forgeries edit those runs).
func renderPDF(trace *[]textRun, docs ...Doc) ([]byte, error) {
	if len(docs) == 0 {
		return nil, errors.New("sampledocs: RenderPDF needs at least one document")
	}
	var m meta
	var created time.Time
	if len(docs) == 1 {
		d := docs[0]
		v, err := variantOf(d)
		if err != nil {
			return nil, err
		}
		m = v.meta[Seeded(d.Seed^0x6d657461).IntN(len(v.meta))]
		created = d.Created
	} else {
		h := fnv.New64a()
		for _, d := range docs {
			fmt.Fprint(h, d.Seed, ",")
			if d.Created.After(created) {
				created = d.Created
			}
		}
		r := Seeded(h.Sum64())
		m = pick(r, metaMerged)
		created = created.Add(time.Duration(1+r.IntN(20)) * time.Hour)
	}
	pdf := newPDF(created, created.Add(time.Duration(1+int(docs[0].Seed%40))*time.Second), m)
	if err := drawDocs(pdf, docs, trace); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("sampledocs: write PDF: %w", err)
	}
	return buf.Bytes(), nil
}

func variantOf(d Doc) (*variant, error) {
	v, ok := specFor(d.Type).variant(d.Variant)
	if !ok {
		return nil, fmt.Errorf("sampledocs: %s has no layout %q", d.Type, d.Variant)
	}
	return v, nil
}

func drawDocs(pdf *fpdf.Fpdf, docs []Doc, trace *[]textRun) error {
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	for i := range docs {
		d := docs[i]
		v, err := variantOf(d)
		if err != nil {
			return err
		}
		c := &canvas{pdf: pdf, tr: tr, r: Seeded(d.Seed), d: &d, dl: dMDY, tm: Seeded(d.Seed^0x746d).IntN(10) < 6, trace: trace}
		before := pdf.PageNo()
		v.render(c)
		if err := pdf.Error(); err != nil {
			return fmt.Errorf("sampledocs: render %s/%s: %w", d.Type, d.Variant, err)
		}
		if got := pdf.PageNo() - before; got != d.Pages {
			return fmt.Errorf("sampledocs: %s/%s rendered %d pages, Doc.Pages says %d", d.Type, d.Variant, got, d.Pages)
		}
	}
	return nil
}

// genericSpec renders a type the package has no layout for (one added to
// the catalog later): a plain form listing the catalog's fields.
func genericSpec(docType string) *typeSpec {
	return &typeSpec{
		variants: []variant{{name: "generic", pages: [2]int{1, 1}, names: namesAny, meta: metaOffice, render: renderGeneric}},
		fill: func(g *gen) {
			t, ok := docCatalog.Type(docType)
			if !ok {
				return
			}
			for _, f := range t.Fields {
				switch {
				case f == "date_of_birth":
					g.setDate(f, g.p.DOB)
				case f == "expiration_date":
					g.setDate(f, g.asOf.AddDate(1, 0, 0))
				case strings.HasSuffix(f, "_date"):
					g.setDate(f, g.recent(300))
				case slices.Contains(nameKeys, f):
				default:
					g.f[f] = strings.ToUpper(alnum(g.r, 8))
				}
			}
			g.setIssuer("Employee Health Services")
		},
	}
}

func renderGeneric(c *canvas) {
	c.newPage(false)
	c.dates(dMDY, dLong)
	if t, ok := docCatalog.Type(c.d.Type); ok {
		title := t.Name
		c.font("Helvetica", "B", 16)
		c.text(20, 30, title)
		y := 45.0
		c.font("Helvetica", "", 11)
		for _, f := range t.Fields {
			v := c.f(f)
			if strings.HasSuffix(f, "_date") || f == "date_of_birth" {
				v = c.date(f)
			}
			if f == "full_name" {
				v = c.name()
			}
			if v == "" {
				continue
			}
			c.lvCol(20, y, 55, labelize(f)+":", v)
			y += 8
		}
	}
	c.footer(c.d.Issuer)
}

func labelize(field string) string {
	words := strings.Split(field, "_")
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
