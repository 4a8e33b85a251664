package fraud

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
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
		}, CodeFontMismatch, 0.40, "Maria Alvarez"},
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
					printed = printedDate(t, pdf, 1, d.Fields[c.field].(string))
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
					forged = rewrite(t, forged)
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
			if got != nil && (got.Evidence.Page != 1 || got.Evidence.Box == nil || got.Weight != 0.45) {
				t.Errorf("signal %+v", *got)
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
