package fraud

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/clearedtostart/compliance/internal/pdfforge"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pagetext"
)

var asOf = time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)

// page draws one Letter page with fpdf (points, y down, Text at the
// baseline) and returns the PDF.
func page(t testing.TB, draw func(p *fpdf.Fpdf)) []byte {
	t.Helper()
	p := fpdf.New("P", "pt", "Letter", "")
	p.SetCreationDate(asOf.AddDate(0, -1, 0))
	p.SetModificationDate(asOf.AddDate(0, -1, 0))
	p.SetProducer("iText 7.1.16", false)
	p.SetAutoPageBreak(false, 0)
	p.AddPage()
	draw(p)
	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// say writes runs one after another on one baseline, a space apart; each
// run is {family, style, size, text}.
func say(p *fpdf.Fpdf, x, y float64, runs ...[4]string) {
	for i, r := range runs {
		var size float64
		fmt.Sscanf(r[2], "%g", &size)
		p.SetFont(r[0], r[1], size)
		if i > 0 {
			x += p.GetStringWidth(" ")
		}
		p.Text(x, y, r[3])
		x += p.GetStringWidth(r[3])
	}
}

func seg(family, style string, size float64, text string) [4]string {
	return [4]string{family, style, fmt.Sprint(size), text}
}

// rows prints label/value rows: labels in Helvetica-Bold, values in the
// given fonts.
func rows(p *fpdf.Fpdf, y float64, labels []string, values []string, fonts [][2]string) {
	for i := range labels {
		p.SetFont("Helvetica", "B", 10)
		p.Text(72, y+float64(i)*16, labels[i])
		p.SetFont(fonts[i][0], fonts[i][1], 10)
		p.Text(200, y+float64(i)*16, values[i])
	}
}

var (
	rowLabels = []string{"Name:", "License Number:", "Date Issued:", "Expiration Date:", "Status:", "State:"}
	rowValues = []string{"Maria Alvarez", "RN965991", "06/09/2020", "06/30/2028", "Active", "OK"}
	helv      = [2]string{"Helvetica", ""}
)

func sameFonts(n int, f [2]string) [][2]string {
	out := make([][2]string, n)
	for i := range out {
		out[i] = f
	}
	return out
}

func TestFonts(t *testing.T) {
	name := map[string]any{"full_name": "Maria Alvarez", "first_name": "Maria", "last_name": "Alvarez"}
	tests := []struct {
		name string
		draw func(p *fpdf.Fpdf)
		code string
		w    float64
		text string // the words the evidence points at
	}{
		{"name in Times among Helvetica", func(p *fpdf.Fpdf) {
			say(p, 72, 100, seg("Helvetica", "", 11, "This certifies that"), seg("Times", "", 11, "Maria Alvarez"), seg("Helvetica", "", 11, "has completed the BLS Provider course."))
		}, CodeFontMismatch, 0.45, "Maria Alvarez"},
		{"name in bold of the same family", func(p *fpdf.Fpdf) {
			say(p, 72, 100, seg("Helvetica", "", 11, "This certifies that"), seg("Helvetica", "B", 11, "Maria Alvarez"), seg("Helvetica", "", 11, "has completed the BLS Provider course."))
		}, "", 0, ""},
		// Another size alone is design as often as forgery (clean layouts
		// print dates and names larger inside a phrase): not flagged.
		{"date in a larger size between words of one size", func(p *fpdf.Fpdf) {
			say(p, 72, 100, seg("Helvetica", "", 10, "Card issued on"), seg("Helvetica", "", 13, "03/04/2026"), seg("Helvetica", "", 10, "by Meridian Health Education"))
		}, "", 0, ""},
		{"name typed at the end of a sentence in Courier", func(p *fpdf.Fpdf) {
			say(p, 72, 100, seg("Helvetica", "", 10, "The holder of this card is"), seg("Courier", "B", 10, "Maria Alvarez"))
			say(p, 72, 130, seg("Helvetica", "", 10, "Verify this card at the issuer's site before relying on it."))
		}, CodeFontMismatch, 0.45, "Maria Alvarez"},
		{"label and value rows, one value in Courier-Bold", func(p *fpdf.Fpdf) {
			f := sameFonts(6, helv)
			f[3] = [2]string{"Courier", "B"}
			rows(p, 100, rowLabels, rowValues, f)
		}, CodeFontMismatch, 0.40, "06/30/2028"},
		{"label and value rows, one value in Times", func(p *fpdf.Fpdf) {
			f := sameFonts(6, helv)
			f[0] = [2]string{"Times", ""}
			rows(p, 100, rowLabels, rowValues, f)
		}, CodeFontMismatch, 0.50, "Maria Alvarez"},
		{"bold labels and regular values", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
		}, "", 0, ""},
		{"a form filled in by hand (small printed labels, script values)", func(p *fpdf.Fpdf) {
			for i, l := range []string{"1st Dose COVID-19", "2nd Dose COVID-19", "Other", "Other"} {
				say(p, 72, 100+float64(i)*20, seg("Helvetica", "", 6.5, l), seg("Times", "I", 11, fmt.Sprintf("Pfizer-BioNTech EW019%d 0%d/13/2021", i, i+3)))
			}
		}, "", 0, ""},
		{"labels above values, one value in another font", func(p *fpdf.Fpdf) {
			for i, l := range [][2]string{{"Surname", "ALVAREZ"}, {"Given Names", "MARIA LUISA"}, {"Date of birth", "12 APR 1990"}, {"Date of issue", "19 JAN 2025"}, {"Date of expiration", "18 JAN 2035"}} {
				say(p, 72, 100+float64(i)*30, seg("Helvetica", "", 6, l[0]))
				f, st := "Courier", "B"
				if i == 4 {
					f, st = "Helvetica", "B"
				}
				say(p, 72, 112+float64(i)*30, seg(f, st, 10, l[1]))
			}
		}, CodeFontMismatch, 0.40, "18 JAN 2035"},
		{"labels above values, all alike", func(p *fpdf.Fpdf) {
			for i, l := range [][2]string{{"Surname", "ALVAREZ"}, {"Given Names", "MARIA LUISA"}, {"Date of birth", "12 APR 1990"}, {"Date of issue", "19 JAN 2025"}, {"Date of expiration", "18 JAN 2035"}} {
				say(p, 72, 100+float64(i)*30, seg("Helvetica", "", 6, l[0]))
				say(p, 72, 112+float64(i)*30, seg("Courier", "B", 10, l[1]))
			}
		}, "", 0, ""},
		{"date set off the baseline", func(p *fpdf.Fpdf) {
			p.SetFont("Helvetica", "", 11)
			p.Text(72, 100, "Issued on")
			p.Text(72+p.GetStringWidth("Issued on "), 101.6, "03/04/2026")
			p.Text(72+p.GetStringWidth("Issued on 03/04/2026 "), 100, "by Meridian Health Education")
		}, CodeBaselineShift, 0.30, "03/04/2026"},
		{"an ordinal's superscript", func(p *fpdf.Fpdf) {
			p.SetFont("Helvetica", "", 11)
			p.Text(72, 100, "her 3")
			p.SetFont("Helvetica", "", 7)
			p.Text(72+p.GetStringWidth("her 3")*11/7, 96, "rd")
			p.SetFont("Helvetica", "", 11)
			p.Text(72+p.GetStringWidth("her 3rd "), 100, "renewal on 03/04/2026 for Maria Alvarez")
		}, "", 0, ""},
		{"a heading over body text", func(p *fpdf.Fpdf) {
			say(p, 72, 80, seg("Times", "B", 22, "Certificate of Completion 2026"))
			say(p, 72, 110, seg("Helvetica", "", 11, "Maria Alvarez completed the course on 03/04/2026."))
		}, "", 0, ""},
		{"a bullet in a symbol font", func(p *fpdf.Fpdf) {
			say(p, 72, 100, seg("ZapfDingbats", "", 10, "l"), seg("Helvetica", "", 10, "Completed 03/04/2026 by Maria Alvarez"))
			say(p, 72, 114, seg("ZapfDingbats", "", 10, "l"), seg("Helvetica", "", 10, "Expires 03/31/2028"))
		}, "", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pdf := page(t, tt.draw)
			v := Assess(evidence(t, pdf, "bls", name, asOf), "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code == CodeFontMismatch || s.Code == CodeBaselineShift {
					got = append(got, s)
				}
			}
			if tt.code == "" {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Code != tt.code || got[0].Weight != tt.w {
				t.Fatalf("signals %+v, want one %s of %.2f", v.Signals, tt.code, tt.w)
			}
			e := got[0].Evidence
			if e == nil || e.Page != 1 || e.Box == nil || e.Text != tt.text || len(e.Fonts) == 0 {
				t.Fatalf("evidence %+v, want page 1, a box, text %q, fonts", e, tt.text)
			}
		})
	}
}

// TestWeasyPrintCertificates: a certificate WeasyPrint renders from
// HTML (testdata/certificate.html: bold labels, regular values, an
// italic serif name, bold and superscript inside a sentence) is clean;
// the same with one value, or one date inside a sentence, set in another
// family (certificate_value_font.html, certificate_inline_font.html) is
// not. The PDFs are `weasyprint X.html X.pdf` of the HTML beside them.
func TestWeasyPrintCertificates(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Luisa Alvarez", "certificate_id": "MHE-2026-004817", "completion_date": "2026-03-04", "expiration_date": "2028-03-31"}
	for _, tt := range []struct {
		file, text string
		w          float64
	}{
		{"certificate", "", 0},
		{"certificate_value_font", "03/31/2029", 0.40},
		{"certificate_inline_font", "March 4, 2026", 0.45},
	} {
		t.Run(tt.file, func(t *testing.T) {
			pdf, err := os.ReadFile("testdata/" + tt.file + ".pdf")
			if err != nil {
				t.Fatal(err)
			}
			v := Assess(evidence(t, pdf, "bls", fields, asOf), "LOW")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code != CodeModifiedAfter {
					got = append(got, s)
				}
			}
			if tt.text == "" {
				if len(got) > 0 {
					t.Fatalf("clean certificate: %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Code != CodeFontMismatch || got[0].Weight != tt.w || got[0].Evidence.Text != tt.text {
				t.Fatalf("signals %+v, want font_mismatch %.2f on %q", got, tt.w, tt.text)
			}
			if !strings.Contains(got[0].Detail, "Liberation-Serif") || !strings.Contains(got[0].Detail, "Liberation-Sans") {
				t.Errorf("detail %q names not both fonts", got[0].Detail)
			}
		})
	}
}

// grayJPEGish is a flat light-gray image as PNG bytes.
func flatPNG(t testing.TB, w, h int, c color.Gray) []byte {
	img := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{c}, image.Point{}, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestCovered(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez"}
	patch := flatPNG(t, 40, 10, color.Gray{Y: 250})
	tests := []struct {
		name string
		draw func(p *fpdf.Fpdf)
		code string
		text string
	}{
		{"a white box over the expiry", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
			p.SetFillColor(255, 255, 255)
			p.Rect(198, 100+3*16-10, 60, 13, "F")
		}, CodeCoveredText, "06/30/2028"},
		{"a white box and a new expiry over the old", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
			p.SetFillColor(255, 255, 255)
			p.Rect(198, 100+3*16-10, 60, 13, "F")
			p.SetFont("Helvetica", "", 10)
			p.Text(200, 100+3*16, "06/30/2031")
		}, CodeCoveredText, "06/30/2028"},
		{"an image patch over the expiry", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
			p.RegisterImageOptionsReader("patch", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(patch))
			p.ImageOptions("patch", 198, 100+3*16-10, 60, 13, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
		}, CodeCoveredText, "06/30/2028"},
		// HTML renderers (WeasyPrint) paint a box's background by
		// clipping to the box and filling the whole page.
		{"a white box clipped out of a page-sized fill, a new expiry on it", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
			p.ClipRect(198, 100+3*16-10, 60, 13, false)
			p.SetFillColor(255, 255, 255)
			p.Rect(0, 0, 612, 792, "F")
			p.ClipEnd()
			p.SetFont("Helvetica", "", 10)
			p.Text(200, 100+3*16, "06/30/2031")
		}, CodeCoveredText, "06/30/2028"},
		{"white cell backgrounds clipped out of page-sized fills before the text", func(p *fpdf.Fpdf) {
			p.SetFillColor(255, 255, 255)
			for i := range rowLabels {
				p.ClipRect(70, 100+float64(i)*16-11, 300, 15, false)
				p.Rect(0, 0, 612, 792, "F")
				p.ClipEnd()
			}
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
		}, "", ""},
		{"white boxes drawn before the text (table cells)", func(p *fpdf.Fpdf) {
			p.SetFillColor(255, 255, 255)
			for i := range rowLabels {
				p.Rect(70, 100+float64(i)*16-11, 300, 15, "F")
			}
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
		}, "", ""},
		{"a grey band over text, half transparent", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
			p.SetAlpha(0.3, "Normal")
			p.SetFillColor(255, 255, 255)
			p.Rect(198, 100+3*16-10, 60, 13, "F")
			p.SetAlpha(1, "Normal")
		}, "", ""},
		{"a white box blended by Multiply", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
			p.SetAlpha(1, "Multiply")
			p.SetFillColor(255, 255, 255)
			p.Rect(198, 100+3*16-10, 60, 13, "F")
			p.SetAlpha(1, "Normal")
		}, "", ""},
		{"a black bar over an SSN", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
			p.SetFillColor(0, 0, 0)
			p.Rect(198, 100+1*16-10, 60, 13, "F")
		}, "", ""},
		{"new text printed over the expiry, no box", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
			p.SetFont("Helvetica", "", 10)
			p.Text(200.5, 100+3*16, "07/31/2031")
		}, CodeOverlappingText, "07/31/2031"},
		{"bold made by printing twice", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
			p.SetFont("Helvetica", "", 10)
			p.Text(200.3, 100+3*16, "06/30/2028")
		}, "", ""},
		{"a date written on a form's blank", func(p *fpdf.Fpdf) {
			p.SetFont("Helvetica", "", 10)
			p.Text(72, 100, "Date read: ____________")
			p.Text(72+p.GetStringWidth("Date read: "), 99, "03/06/2026")
		}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pdf := page(t, tt.draw)
			v := Assess(evidence(t, pdf, "nursing_license", fields, asOf), "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code == CodeCoveredText || s.Code == CodeOverlappingText {
					got = append(got, s)
				}
			}
			if tt.code == "" {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Code != tt.code {
				t.Fatalf("signals %+v, want %s", v.Signals, tt.code)
			}
			if e := got[0].Evidence; e == nil || e.Page != 1 || e.Box == nil || !strings.Contains(e.Text, tt.text) {
				t.Fatalf("evidence %+v, want page 1, a box and %q", got[0].Evidence, tt.text)
			}
		})
	}
}

// TestOverprintedValue: a value printed over another value (a stamp
// overlaid by qpdf with no box) weighs as a typed-over value; other text
// printed over text (a watermark word) stays a weak sign.
func TestOverprintedValue(t *testing.T) {
	fields := map[string]any{"full_name": "Maria Alvarez"}
	tests := []struct {
		name string
		draw func(p *fpdf.Fpdf)
		w    float64
	}{
		{"a later expiry over the expiry", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
			p.SetFont("Times", "", 10)
			p.Text(200.5, 100+3*16, "07/31/2031")
		}, overprintedValueWeight},
		{"another surname over the holder's", func(p *fpdf.Fpdf) {
			p.SetFont("Helvetica", "", 10)
			p.Text(72, 100, "Name: Maria Alvarez")
			p.Text(72, 120, "Status: Active, in good standing")
			p.SetFont("Times", "", 10)
			p.Text(72+p.GetStringWidth("Name: Maria "), 100, "Morales")
		}, overprintedValueWeight},
		{"the holder's surname over another", func(p *fpdf.Fpdf) {
			p.SetFont("Helvetica", "", 10)
			p.Text(72, 100, "Name: Maria Morales")
			p.Text(72, 120, "Status: Active, in good standing")
			p.SetFont("Times", "", 10)
			p.Text(72+p.GetStringWidth("Name: Maria "), 100, "Alvarez")
		}, overprintedValueWeight},
		{"a watermark word over a label", func(p *fpdf.Fpdf) {
			rows(p, 100, rowLabels, rowValues, sameFonts(6, helv))
			p.SetFont("Helvetica", "", 16)
			p.Text(70, 102, "SAMPLE")
		}, 0.40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(evidence(t, page(t, tt.draw), "nursing_license", fields, asOf), "MEDIUM")
			var got Signal
			for _, s := range v.Signals {
				if s.Code == CodeOverlappingText {
					got = s
				}
			}
			if got.Weight != tt.w || got.Evidence == nil || got.Evidence.Box == nil {
				t.Fatalf("overlapping_text %+v, want weight %.2f: %+v", got, tt.w, v.Signals)
			}
		})
	}
}

// TestTypedOver: the issue's two misses, made on real layouts the way an
// "add text" tool makes them: a white box over the printed value and the
// new value in the tool's font, saved as a new revision and as a
// rewritten file.
func TestTypedOver(t *testing.T) {
	type cse struct {
		name, typ, variant, field string
		font                      string
		value                     func(d sampledocs.Doc, printed string) string
	}
	nameOf := func(d sampledocs.Doc, printed string) string {
		if strings.ToUpper(printed) == printed {
			return "MARIA ALVAREZ"
		}
		return "Maria Alvarez"
	}
	year := func(d sampledocs.Doc, printed string) string {
		iso := d.Fields["expiration_date"].(string)
		return strings.Replace(printed, iso[:4], "2031", 1)
	}
	for _, c := range []cse{
		{"name over an NRP certificate in Times", "nrp", "aap_ecard", "full_name", "Times-Roman", nameOf},
		{"name over an eCard in Times", "bls", "aha_ecard", "full_name", "Times-Roman", nameOf},
		{"expiry over a driver license in Courier-Bold", "drivers_license", "aamva_numbered", "expiration_date", "Courier-Bold", year},
		{"expiry over a license verification in Times", "nursing_license", "board_verification", "expiration_date", "Times-Roman", year},
	} {
		for _, saved := range []string{"incremental", "rewritten"} {
			t.Run(c.name+" "+saved, func(t *testing.T) {
				d, pdf := clean(t, c.typ, c.variant, 41)
				var printed string
				if c.field == "full_name" {
					printed = strings.Fields(d.Fields["full_name"].(string))[0]
				} else {
					printed = pdfforge.PrintedDate(t, pdf, 1, d.Fields[c.field].(string))
				}
				x0, y0, x1, y1, size := textAt(t, pdf, 1, printed)
				if c.field == "full_name" {
					// The whole name line: from its first word to its last.
					up, _ := ReadUpload(pdf)
					for _, m := range up.pages[0].marks {
						if m.Baseline > y0 && m.Baseline < y1 && m.Box.X0 >= x0 && m.Size == size {
							x1 = max(x1, m.Box.X1)
						}
					}
				}
				newValue := c.value(d, printed)
				forged := overlay{page: 1, box: [4]float64{x0 - 1, y0 - 1, x1 - x0 + 2, y1 - y0 + 2}, font: c.font, size: size,
					x: x0, y: y0 + 0.2*size, text: newValue}.apply(t, pdf)
				if saved == "rewritten" {
					forged = pdfforge.Rewrite(t, forged)
				}
				fields := map[string]any{}
				for k, v := range d.Fields {
					fields[k] = v
				}
				if c.field == "full_name" {
					fields["full_name"] = newValue
				}
				ev := evidence(t, forged, d.Type, fields, d.AsOf)
				v := Assess(ev, "LOW")
				codes := map[string]bool{}
				for _, s := range v.Signals {
					codes[s.Code] = true
				}
				if !codes[CodeCoveredText] || !codes[CodeFontMismatch] {
					t.Errorf("signals %+v, want covered_text and font_mismatch", v.Signals)
				}
				if saved == "incremental" && !codes[CodeContentChanged] {
					t.Errorf("signals %+v, want content_changed_in_revision", v.Signals)
				}
				if v.Result != Fraudulent {
					t.Errorf("%s at LOW (%.3f): %+v", v.Result, v.Score, v.Signals)
				}
			})
		}
	}
}

// TestCleanSampleDocs: every layout of every type sampledocs draws, as
// its issuer's system writes it, shows no sign of an edit in its content
// or its structure, and its facts hold but where the generator draws what
// no issuer prints (logged, and listed in the package's report).
func TestCleanSampleDocs(t *testing.T) {
	seeds := 4
	if testing.Short() {
		seeds = 1
	}
	content := map[string]bool{CodeContentChanged: true, CodeIncrementalUpdate: true, CodeMetadataMismatch: true, CodeMetadataFuture: true,
		CodeCoveredText: true, CodeOverlappingText: true, CodeFontMismatch: true, CodeBaselineShift: true, CodeTextLayerMismatch: true,
		CodeEditingSoftware: true, CodeModifiedAfter: true, CodeRecompressedRegion: true, CodeCopyMove: true}
	docs, flaggedLow, facts := 0, 0, map[string]int{}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		r := sampledocs.Seeded(seed)
		p := sampledocs.NewPerson(r)
		for _, typ := range sampledocs.Types() {
			for _, variant := range sampledocs.Variants(typ) {
				d := sampledocs.Generate(r, typ, p, sampledocs.Options{Variant: variant})
				pdf, err := sampledocs.RenderPDF(d)
				if err != nil {
					t.Fatal(err)
				}
				docs++
				v := Assess(evidence(t, pdf, typ, d.Fields, d.AsOf), "LOW")
				if v.Result == Fraudulent {
					flaggedLow++
				}
				for _, s := range v.Signals {
					switch {
					case content[s.Code]:
						t.Errorf("%s/%s seed %d: %s: %s", typ, variant, seed, s.Code, s.Detail)
					case s.Code == CodeCreatedBeforePrint:
						// sampledocs dates a passport's photocopy up to 300
						// days back, whatever its issue date: such a copy
						// predates the passport, and is rightly flagged.
						issue, _ := date(d.Fields, "issue_date")
						if typ != "passport" || !d.Created.Before(issue.AddDate(0, 0, -1)) {
							t.Errorf("%s/%s seed %d: %s", typ, variant, seed, s.Detail)
						}
						facts[s.Code]++
					default:
						facts[s.Code]++
					}
				}
			}
		}
	}
	t.Logf("%d clean documents: %d flagged at LOW; fact signals %v (sampledocs draws eCard codes as 12 random digits and computes the passport zone's composite digit over the whole line)", docs, flaggedLow, facts)
	if flaggedLow > 0 {
		t.Errorf("%d clean documents flagged at LOW", flaggedLow)
	}
}

// otherOCR is the page read by an OCR that cuts a date after its last
// slash and reads a value's 1 as l and its 0 as O.
func otherOCR(p pagetext.Page) pagetext.Page {
	var out pagetext.Page
	for _, w := range p.Words {
		i := strings.LastIndex(w.Text, "/")
		if i < 0 || i == len(w.Text)-1 {
			w.Text = strings.NewReplacer("1", "l", "0", "O").Replace(w.Text)
			out.Words = append(out.Words, w)
			continue
		}
		a, b := w, w
		cut := w.Box.X0 + (w.Box.X1-w.Box.X0)*float64(i+1)/float64(len(w.Text))
		a.Text, a.Box.X1 = w.Text[:i+1], cut
		b.Text, b.Box.X0 = w.Text[i+1:], cut+1
		out.Words = append(out.Words, a, b)
	}
	return out
}

// ocrLayerPage is a scan with an OCR text layer: an image of printed
// lines under the same words in invisible text (render mode 3), as scanner
// apps write them; layer overrides the text layer's words where set.
func ocrLayerPage(t testing.TB, lines []string, layer map[string]string) ([]byte, pagetext.Page) {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 612, 792))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.Gray{Y: 255}}, image.Point{}, draw.Src)
	face := basicfont.Face7x13
	var ocr pagetext.Page
	for i, l := range lines {
		y := 100 + i*20
		dr := &font.Drawer{Dst: img, Src: image.Black, Face: face, Dot: fixed.P(72, y)}
		dr.DrawString(l)
		x := 72
		for _, w := range strings.Fields(l) {
			ocr.Words = append(ocr.Words, pagetext.Word{Text: w, Confidence: 93, Line: i,
				Box: pagetext.Box{X0: float64(x), Y0: float64(y - 10), X1: float64(x + 7*len(w)), Y1: float64(y + 3)}})
			x += 7 * (len(w) + 1)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	pdf := page(t, func(p *fpdf.Fpdf) {
		p.RegisterImageOptionsReader("scan", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(buf.Bytes()))
		p.ImageOptions("scan", 0, 0, 612, 792, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
		p.SetTextRenderingMode(3)
		p.SetFont("Courier", "", 11.6)
		for i, l := range lines {
			words := strings.Fields(l)
			x := 72.0
			for _, w := range words {
				shown := w
				if r, ok := layer[w]; ok {
					shown = r
				}
				p.Text(x, float64(100+i*20), shown)
				x += 7 * float64(len(w)+1)
			}
		}
	})
	return pdf, ocr
}

func TestTextLayer(t *testing.T) {
	lines := []string{"STATE BOARD OF NURSING", "LICENSE NUMBER 845120", "NAME MARIA ALVAREZ", "ISSUED 06/09/2024", "EXPIRES 06/30/2026", "STATUS ACTIVE"}
	tests := []struct {
		name  string
		layer map[string]string
		code  bool
	}{
		{"the layer says what the scan shows", nil, false},
		{"the layer edited to a later expiry and another status", map[string]string{"06/30/2026": "06/30/2029", "ACTIVE": "RENEWED", "845120": "845129"}, true},
		{"one word the OCR read otherwise", map[string]string{"BOARD": "B0ARD"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pdf, ocr := ocrLayerPage(t, lines, tt.layer)
			ev := evidence(t, pdf, "nursing_license", map[string]any{"license_number": "845120"}, asOf)
			if got := ev.Upload.OCRWanted(0, 0); len(got) != 1 || got[0] != 1 {
				t.Fatalf("OCRWanted = %v, want [1]", got)
			}
			withoutOCR := Assess(ev, "MEDIUM")
			ev.OCR = map[int]pagetext.Page{1: ocr}
			v := Assess(ev, "MEDIUM")
			for _, s := range append(withoutOCR.Signals, v.Signals...) {
				if s.Code == CodeCoveredText || s.Code == CodeFontMismatch || s.Code == CodeOverlappingText {
					t.Errorf("an OCR layer under its scan: %s %s", s.Code, s.Detail)
				}
			}
			var got *Signal
			for i, s := range v.Signals {
				if s.Code == CodeTextLayerMismatch {
					got = &v.Signals[i]
				}
			}
			if (got != nil) != tt.code {
				t.Fatalf("text_layer_mismatch %v, want %v: %+v", got, tt.code, v.Signals)
			}
			// A date edited is a fact the picture shows otherwise.
			if got != nil && (got.Evidence.Page != 1 || got.Evidence.Box == nil || got.Weight != textLayerFactWeight) {
				t.Errorf("signal %+v", *got)
			}
		})
	}
	// A full page: two edited values among a hundred words are found; one,
	// or two words of text that OCR read otherwise, are not.
	full := append([]string(nil), lines...)
	for i := 0; len(full) < 30; i++ {
		full = append(full, fmt.Sprintf("THIS VERIFICATION IS PROVIDED AS A PRIMARY SOURCE LINE %c", 'A'+rune(i%26)))
	}
	for _, c := range []struct {
		name  string
		layer map[string]string
		code  bool
		other bool
	}{
		{"two values edited on a full page", map[string]string{"06/30/2026": "06/30/2029", "845120": "845129"}, true, false},
		{"one date edited on a full page", map[string]string{"06/30/2026": "06/30/2029"}, true, false},
		{"one number the fields do not hold edited on a full page", map[string]string{"845120": "845129"}, false, false},
		{"two words read otherwise on a full page", map[string]string{"BOARD": "B0ARD", "NURSING": "NUR5ING"}, false, false},
		// Another OCR engine's layer: our OCR cuts its dates in two
		// ("06/30/" "2026") and reads look-alikes in its values.
		{"dates cut in two and look-alikes read by our OCR", nil, false, true},
		{"two values edited, our OCR cutting dates in two", map[string]string{"06/30/2026": "06/30/2029", "845120": "845129"}, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			pdf, ocr := ocrLayerPage(t, full, c.layer)
			if c.other {
				ocr = otherOCR(ocr)
			}
			ev := evidence(t, pdf, "nursing_license", map[string]any{"license_number": "845120"}, asOf)
			ev.OCR = map[int]pagetext.Page{1: ocr}
			v := Assess(ev, "MEDIUM")
			var got *Signal
			for i, s := range v.Signals {
				if s.Code == CodeTextLayerMismatch {
					got = &v.Signals[i]
				}
			}
			if (got != nil) != c.code {
				t.Fatalf("text_layer_mismatch %v, want %v: %+v", got, c.code, v.Signals)
			}
			if got != nil && got.Evidence.Text != "06/30/2029" && got.Evidence.Text != "845129" {
				t.Errorf("evidence points at %q, want an edited value", got.Evidence.Text)
			}
		})
	}
	// One fact the document was read from the layer with, which the image
	// shows otherwise: a value retyped in the layer, or on the picture
	// under a layer made before. The fields hold what the layer says.
	worded := append(append([]string(nil), full...), "VALID THROUGH SEPTEMBER 15, 2028")
	for _, c := range []struct {
		name   string
		layer  map[string]string
		fields map[string]any
		weight float64
		text   string
	}{
		{"the expiry the fields hold edited in the layer", map[string]string{"06/30/2026": "06/30/2029"},
			map[string]any{"license_number": "845120", "expiration_date": "2029-06-30"}, textLayerFactWeight, "06/30/2029"},
		{"the holder's surname edited in the layer", map[string]string{"ALVAREZ": "MORALES"},
			map[string]any{"license_number": "845120", "full_name": "Maria Morales"}, textLayerFactWeight, "MORALES"},
		{"the license number edited in the layer", map[string]string{"845120": "845129"},
			map[string]any{"license_number": "845129"}, textLayerFactWeight, "845129"},
		{"the layer says what the image shows", nil,
			map[string]any{"license_number": "845120", "expiration_date": "2026-06-30", "full_name": "Maria Alvarez"}, 0, ""},
		{"a word that is no fact read otherwise", map[string]string{"STATUS": "STANDING"},
			map[string]any{"license_number": "845120", "expiration_date": "2026-06-30"}, 0, ""},
		{"a date no field holds edited", map[string]string{"06/09/2024": "06/09/2025"},
			map[string]any{"license_number": "845120", "expiration_date": "2026-06-30"}, textLayerFactWeight, "06/09/2025"},
		{"the year of a date printed in words edited, its month too", map[string]string{"SEPTEMBER": "DECEMBER", "2028": "2025"},
			map[string]any{"license_number": "845120", "expiration_date": "2025-12-15"}, textLayerFactWeight, "2025"},
		{"a capitalised name the fields do not hold edited in the layer", map[string]string{"ALVAREZ": "KOWALSKI"},
			map[string]any{"license_number": "845120", "expiration_date": "2026-06-30"}, properNounWeight, "KOWALSKI"},
		{"a number no field holds edited", map[string]string{"845120": "845129"},
			map[string]any{"expiration_date": "2026-06-30"}, 0, ""},
		{"the surname read in pieces", map[string]string{"ALVAREZ": "ALVARE"},
			map[string]any{"full_name": "Maria Alvare"}, 0, ""},
		{"a fact read as a part of itself", map[string]string{"845120": "845120X"},
			map[string]any{"license_number": "845120X"}, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			pdf, ocr := ocrLayerPage(t, worded, c.layer)
			ev := evidence(t, pdf, "nursing_license", c.fields, asOf)
			ev.OCR = map[int]pagetext.Page{1: ocr}
			v := Assess(ev, "MEDIUM")
			var got Signal
			for _, s := range v.Signals {
				if s.Code == CodeTextLayerMismatch {
					got = s
				}
			}
			if got.Weight != c.weight {
				t.Fatalf("text_layer_mismatch weight %v, want %v: %+v", got.Weight, c.weight, v.Signals)
			}
			if c.weight > 0 && (got.Evidence.Text != c.text || got.Evidence.Page != 1 || got.Evidence.Box == nil || v.Result != Fraudulent) {
				t.Errorf("signal %+v, result %s", got, v.Result)
			}
		})
	}
	// A date retyped on the picture shorter than the old one: its new
	// year stands off the old year's box, on the same line.
	for _, c := range []struct {
		name  string
		layer map[string]string
		want  bool
	}{
		{"the year retyped elsewhere on its line", map[string]string{"2028": "2025"}, true},
		{"the year read elsewhere on its line, as printed", nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			pdf, ocr := ocrLayerPage(t, worded, c.layer)
			for i, w := range ocr.Words {
				if w.Text == "2028" {
					ocr.Words[i].Box.X0 -= 40
					ocr.Words[i].Box.X1 -= 40
				}
			}
			ev := evidence(t, pdf, "nursing_license", map[string]any{"expiration_date": "2025-09-15"}, asOf)
			if c.layer == nil {
				ev.Fields["expiration_date"] = "2028-09-15"
			}
			ev.OCR = map[int]pagetext.Page{1: ocr}
			v := Assess(ev, "MEDIUM")
			var got Signal
			for _, s := range v.Signals {
				if s.Code == CodeTextLayerMismatch {
					got = s
				}
			}
			if (got.Weight == textLayerFactWeight) != c.want || c.want && got.Evidence.Text != "2025" {
				t.Fatalf("text_layer_mismatch %+v, want %v", got, c.want)
			}
		})
	}
	// A page of plain text asks for no OCR.
	_, pdf := clean(t, "bls", "aha_ecard", 51)
	up, err := ReadUpload(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if got := up.OCRWanted(1, 1); len(got) != 0 {
		t.Errorf("OCRWanted on a text page = %v", got)
	}
}

// scanWithValue is a grainy scan (an image upload) of lines of words in
// basicfont three times enlarged, softened as a scanner softens, with
// the date value printed in the second line; crisp draws the value after
// the softening, as a paint program types it on the picture. It returns
// the JPEG and its OCR words (an image's pixels are its page's points).
func scanWithValue(t testing.TB, value string, crisp bool) ([]byte, pagetext.Page) {
	return scanPainted(t, value, crisp, patch{}, 4)
}

// patch is a rectangle painted over a value: pad samples around its box,
// right more to its right (an old value longer than the new one); none
// when both are 0.
// patch is a rectangle painted over the value: pad samples around its
// box, right more to its right, in fill (0: the paper's tone).
type patch struct {
	pad, right int
	fill       uint8
}

// scanPainted is scanWithValue with the scanner's grain of amplitude
// grain (0: a scanner that whitens the paper) and, with a patch, the
// value's place painted over in the paper's tone after the scan and the
// value typed on it, as a paint program's fill and text tools do.
func scanPainted(t testing.TB, value string, crisp bool, pt patch, grain int) ([]byte, pagetext.Page) {
	t.Helper()
	const scale = 2
	small := image.NewGray(image.Rect(0, 0, 300, 130))
	draw.Draw(small, small.Bounds(), &image.Uniform{color.Gray{255}}, image.Point{}, draw.Src)
	lines := [][]string{
		{"Basic", "Life", "Support", "Provider", "card"},
		{"Expires:", value, "Issued", "by", "Training", "Center"},
		{"Instructor", "Angela", "Tamayo", "Site", "Heart"},
		{"Holder", "completed", "cognitive", "skills", "course"},
		{"Verify", "this", "card", "online", "always"},
	}
	var page pagetext.Page
	type placed struct {
		text string
		dot  fixed.Point26_6
	}
	var late []placed
	for li, ws := range lines {
		d := &font.Drawer{Dst: small, Src: image.Black, Face: basicfont.Face7x13, Dot: fixed.P(6, 16+li*24)}
		for _, w := range ws {
			x0 := d.Dot.X.Round()
			if w == value && crisp {
				late = append(late, placed{w, d.Dot})
				d.Dot.X += d.MeasureString(w)
			} else {
				d.DrawString(w)
			}
			x1 := d.Dot.X.Round()
			y := d.Dot.Y.Round()
			page.Words = append(page.Words, pagetext.Word{Text: w, Confidence: 95,
				Box: Box{X0: float64(x0 * scale), Y0: float64((y - 11) * scale), X1: float64(x1 * scale), Y1: float64((y + 2) * scale)}})
			d.DrawString(" ")
		}
	}
	big := image.NewGray(image.Rect(0, 0, 300*scale, 130*scale))
	for y := 0; y < big.Rect.Dy(); y++ {
		for x := 0; x < big.Rect.Dx(); x++ {
			big.Pix[y*big.Stride+x] = small.Pix[(y/scale)*small.Stride+x/scale]
		}
	}
	// The scanner: a soft blur (two box passes, about a Gaussian of a
	// sample), the paper's tone, grain.
	soft := boxBlur(boxBlur(big))
	for _, p := range late {
		tmp := image.NewGray(small.Bounds())
		draw.Draw(tmp, tmp.Bounds(), &image.Uniform{color.Gray{255}}, image.Point{}, draw.Src)
		(&font.Drawer{Dst: tmp, Src: image.Black, Face: basicfont.Face7x13, Dot: p.dot}).DrawString(p.text)
		y0 := p.dot.Y.Round() - 12
		for y := y0 * scale; y < (y0+15)*scale; y++ {
			for x := 0; x < soft.Rect.Dx(); x++ {
				if v := tmp.Pix[(y/scale)*tmp.Stride+x/scale]; v < 128 {
					soft.Pix[y*soft.Stride+x] = 20
				}
			}
		}
	}
	seed := uint32(7)
	for i, v := range soft.Pix {
		seed = seed*1664525 + 1013904223
		n := int(seed>>24)%(2*grain+1) - grain
		soft.Pix[i] = uint8(max(0, min(255, int(v)*235/255+8+n)))
	}
	if pt != (patch{}) {
		for _, w := range page.Words {
			if w.Text != value {
				continue
			}
			x0, y0, x1, y1 := int(w.Box.X0)-pt.pad, int(w.Box.Y0)-pt.pad, int(w.Box.X1)+pt.pad+pt.right, int(w.Box.Y1)+pt.pad
			fill := pt.fill
			if fill == 0 {
				fill = 243
			}
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					soft.Pix[y*soft.Stride+x] = fill
				}
			}
			tmp := image.NewGray(small.Bounds())
			draw.Draw(tmp, tmp.Bounds(), &image.Uniform{color.Gray{255}}, image.Point{}, draw.Src)
			(&font.Drawer{Dst: tmp, Src: image.Black, Face: basicfont.Face7x13, Dot: fixed.P(int(w.Box.X0)/scale, int(w.Box.Y1)/scale-2)}).DrawString(value)
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					if tmp.Pix[(y/scale)*tmp.Stride+x/scale] < 128 {
						soft.Pix[y*soft.Stride+x] = 20
					}
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, soft, &jpeg.Options{Quality: 88}); err != nil {
		t.Fatal(err)
	}
	page.Width, page.Height = float64(soft.Rect.Dx()), float64(soft.Rect.Dy())
	return buf.Bytes(), page
}

// boxBlur is a 3x3 mean.
func boxBlur(src *image.Gray) *image.Gray {
	out := image.NewGray(src.Rect)
	w, h := src.Rect.Dx(), src.Rect.Dy()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sum, n := 0, 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < w && yy < h {
						sum += int(src.Pix[yy*src.Stride+xx])
						n++
					}
				}
			}
			out.Pix[y*out.Stride+x] = uint8(sum / n)
		}
	}
	return out
}

// TestCrispValue: a date typed onto a scanned picture after the scan is
// sharper than every word the scanner saw, far sharper on a page of
// twenty words and more of its height (alone enough at MEDIUM), and
// only corroborating where fewer are read to compare it with; the same
// date scanned with the rest, and a crisp word that is no fact of the
// document, say nothing.
func TestCrispValue(t *testing.T) {
	fields := map[string]any{"expiration_date": "2027-07-12", "issue_date": "2025-07-12", "full_name": "Maria Nowak"}
	tests := []struct {
		name  string
		value string
		crisp bool
		// words keeps the OCR's first words only (0: all 27).
		words  int
		weight float64
	}{
		{"the date typed on the picture", "07/12/2027", true, 0, crispFarWeight},
		{"the date typed on the picture, fewer words read", "07/12/2027", true, 20, crispValueWeight},
		{"the date scanned with the rest", "07/12/2027", false, 0, 0},
		{"a crisp word that is no fact", "Station", true, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, page := scanWithValue(t, tt.value, tt.crisp)
			if tt.words > 0 {
				page.Words = page.Words[:tt.words]
			}
			up, err := ReadUpload(img)
			if err != nil {
				t.Fatal(err)
			}
			ev := Evidence{File: FileMeta{FromImage: true}, DocumentType: "bls", Fields: fields, AsOf: asOf, Pages: []pagetext.Page{page}, Upload: up}
			var s signals
			checkCrispValue(newDoc(ev), &s)
			got := s.has(CodeFontMismatch)
			if got != (tt.weight > 0) {
				t.Fatalf("font_mismatch %v, want weight %v: %+v", got, tt.weight, s.list)
			}
			if got && (s.list[0].Weight != tt.weight || !strings.Contains(s.list[0].Detail, `"07/12/2027" is printed on the scan with edges`)) {
				t.Fatalf("signal %+v, want weight %v", s.list[0], tt.weight)
			}
		})
	}
}

// TestSharpHistReadsThePercentiles: the histograms crispValue measures
// print by give the sorted samples' contrast exactly and their
// gradient's 99th percentile to a sixteenth of a level, on grainy paper
// with strokes of ink soft and steep.
func TestSharpHistReadsThePercentiles(t *testing.T) {
	const w, h = 120, 40
	pl := luma{pix: make([]uint8, w*h), stride: w, w: w, h: h}
	seed := uint32(7)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			seed = seed*1664525 + 1013904223
			v := 232 + int(seed>>24)%11 - 5
			switch {
			case x%17 < 3: // a steep stroke
				v = 40
			case x%17 == 3 || x%17 == 16: // its soft edge
				v = 140
			}
			pl.pix[y*w+x] = uint8(v)
		}
	}
	var hist sharpHist
	for _, r := range []image.Rectangle{image.Rect(1, 1, 119, 39), image.Rect(5, 3, 60, 20), image.Rect(30, 10, 46, 30)} {
		var vals []int
		var grads []float64
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				at := func(x, y int) float64 { return float64(pl.pix[y*w+x]) }
				vals = append(vals, int(pl.pix[y*w+x]))
				grads = append(grads, math.Hypot((at(x+1, y)-at(x-1, y))/2, (at(x, y+1)-at(x, y-1))/2))
			}
		}
		sort.Ints(vals)
		sort.Float64s(grads)
		n := len(vals)
		wantC := float64(vals[n*95/100] - vals[n*3/100])
		sharp, c, ok := hist.sharpness(pl, r)
		if !ok || c != wantC {
			t.Fatalf("%v: contrast %v (%v), want %v", r, c, ok, wantC)
		}
		if want := grads[n*99/100] / wantC; math.Abs(sharp-want) > 1.0/32/wantC+1e-9 {
			t.Errorf("%v: sharpness %.5f, want %.5f", r, sharp, want)
		}
	}
}

// TestPaintedPaper: a date painted over on a grainy scan (a flat patch of
// the paper's tone) and typed again sits on paper with none of the
// scan's grain; the same date scanned with the rest, a word that is no
// fact painted over so, and a patch on a scan with no grain anywhere (a
// scanner that whitens its paper) say nothing.
func TestPaintedPaper(t *testing.T) {
	checkPaintedCases(t, checkPaintedPaper, paintedPaperWeight, []paintedCase{
		{"the date painted over and typed again", "07/12/2027", patch{3, 0, 0}, 6, `the paper around "07/12/2027" shows none of the scan's grain`},
		{"the date scanned with the rest", "07/12/2027", patch{}, 6, ""},
		{"a word that is no fact painted over", "Station", patch{3, 0, 0}, 6, ""},
		{"a patch on a scan with no grain", "07/12/2027", patch{3, 0, 0}, 0, ""},
		// A patch hugging the value, wider to its right (the old value
		// longer): too few blocks of paper around it to judge its grain,
		// several of them dead flat where the page shows none.
		{"the date on a tight patch", "07/12/2027", patch{0, 14, 0}, 6, `blocks of paper around "07/12/2027" are flat`},
		{"a word that is no fact on a tight patch", "Station", patch{0, 14, 0}, 6, ""},
		{"a tight patch on a scan with no grain", "07/12/2027", patch{0, 14, 0}, 0, ""},
	})
}

// TestBrightLight: flatPatch leaves alone a value whose paper is in a
// photo's brightest light (a camera clips its brightest paper, and the
// grain there drops with nothing painted); on a scanner's even paper
// there is no such light. The tones are the paper around each of a
// page's 20 words.
func TestBrightLight(t *testing.T) {
	for _, tt := range []struct {
		name     string
		from, to float64 // the paper's tone around the first word and the last
		want     float64 // 256: no bright light
	}{
		{"a scanner's even paper", 240, 241, 256},
		{"a scan a little darker to one side", 238, 243, 256},
		{"a phone photo's light (7.9 levels between its 10th and 90th percentile words)", 236, 246, 244.9},
		{"a page shaded by a lamp", 226, 250, 247.5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var others []paperGrain
			for k := range 20 {
				others = append(others, paperGrain{grain: 3, tone: tt.from + (tt.to-tt.from)*float64(k)/19})
			}
			if got := brightLight(others); math.Abs(got-tt.want) > 0.05 {
				t.Fatalf("brightLight %.2f, want %.2f", got, tt.want)
			}
		})
	}
}

// paintedCase is a value on a made scan, painted over (or not) and typed
// again, and the covered_text detail a check should give ("" for none).
type paintedCase struct {
	name  string
	value string
	patch patch
	grain int
	want  string
}

// checkPaintedCases runs check on each case's scan and asserts its
// covered_text signal: its weight and detail, or its absence.
func checkPaintedCases(t *testing.T, check func(*doc, *signals), weight float64, tests []paintedCase) {
	t.Helper()
	fields := map[string]any{"expiration_date": "2027-07-12", "issue_date": "2025-07-12", "full_name": "Maria Nowak"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, page := scanPainted(t, tt.value, false, tt.patch, tt.grain)
			up, err := ReadUpload(img)
			if err != nil {
				t.Fatal(err)
			}
			ev := Evidence{File: FileMeta{FromImage: true}, DocumentType: "bls", Fields: fields, AsOf: asOf, Pages: []pagetext.Page{page}, Upload: up}
			var s signals
			check(newDoc(ev), &s)
			got := s.has(CodeCoveredText)
			if got != (tt.want != "") {
				t.Fatalf("covered_text %v, want %q: %+v", got, tt.want, s.list)
			}
			if got && (s.list[0].Weight != weight || !strings.Contains(s.list[0].Detail, tt.want)) {
				t.Fatalf("signal %+v", s.list[0])
			}
		})
	}
}
