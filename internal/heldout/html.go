package heldout

import (
	"fmt"
	"html"
	"strings"
	"time"
)

// page is a document's HTML: its paper, font and body (every page of it).
type page struct {
	size     string // CSS @page size
	margin   string
	font     string // CSS font-family
	fontSize string
	css      string
	body     string
	title    string
	// card is a wallet card or ID printed on a page of its own size.
	card bool
}

// Paper sizes.
const (
	letter          = "letter"
	letterLandscape = "letter landscape"
	a4              = "A4"
	cardSize        = "3.375in 2.125in"
	cardSizeTall    = "2.125in 3.375in"
	halfLetter      = "8.5in 5.5in"
)

const baseCSS = `
* { box-sizing: border-box; }
body { margin: 0; color: #151515; line-height: 1.25; }
table { border-collapse: collapse; }
.kv th { text-align: left; font-weight: normal; color: #333; padding: 2px 10px 2px 0; vertical-align: top; white-space: nowrap; }
.kv td { padding: 2px 0; font-weight: bold; vertical-align: top; }
.fa { display: inline-block; vertical-align: top; margin: 0 16px 8px 0; }
.fa .lab { font-size: 0.7em; text-transform: uppercase; color: #444; letter-spacing: 0.04em; }
.fa .val { font-size: 1.05em; }
.fb { display: inline-block; text-align: center; margin: 0 14px 6px 0; vertical-align: top; }
.fb .val { border-bottom: 1px solid #333; padding: 0 10px 1px; min-width: 1.5in; }
.fb .cap { font-size: 0.68em; color: #333; padding-top: 1px; }
.sig { font-family: "Z003", cursive; font-size: 1.45em; color: #1b2a6b; }
.grid { width: 100%; }
.grid td, .grid th { border: 1px solid #777; padding: 3px 5px; text-align: left; vertical-align: top; }
.grid th { background: #e9e9e9; font-size: 0.85em; }
.small { font-size: 0.78em; }
.tiny { font-size: 0.62em; color: #333; }
.c { text-align: center; }
.r { text-align: right; }
.b { font-weight: bold; }
.up { text-transform: uppercase; }
.rule { border-top: 1px solid #555; margin: 8px 0; }
.pb { page-break-before: always; }
.photo { background: linear-gradient(160deg, #c9c9c9, #8d8d8d); border: 1px solid #555; }
`

func (pg page) document(created time.Time) string {
	margin := pg.margin
	if margin == "" {
		margin = "0.6in"
	}
	size := pg.fontSize
	if size == "" {
		size = "10.5pt"
	}
	stamp := created.UTC().Format("2006-01-02T15:04:05Z")
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>%s</title>\n", e(pg.title))
	fmt.Fprintf(&b, "<meta name=\"dcterms.created\" content=\"%s\"><meta name=\"dcterms.modified\" content=\"%s\">\n", stamp, stamp)
	fmt.Fprintf(&b, "<style>\n@page { size: %s; margin: %s; }\nbody { font-family: %s; font-size: %s; }\n%s\n%s\n</style></head>\n",
		pg.size, margin, pg.font, size, baseCSS, pg.css)
	fmt.Fprintf(&b, "<body>\n%s\n</body></html>\n", pg.body)
	return b.String()
}

// e escapes text for HTML.
func e(s string) string { return html.EscapeString(s) }

// kv is a table of labels left of their values.
func kv(rows ...[2]string) string {
	var b strings.Builder
	b.WriteString(`<table class="kv">`)
	for _, r := range rows {
		fmt.Fprintf(&b, "<tr><th>%s</th><td>%s</td></tr>", e(r[0]), e(r[1]))
	}
	b.WriteString("</table>")
	return b.String()
}

func row(label, value string) [2]string { return [2]string{label, value} }

// above is a value under its small label.
func above(label, value string) string {
	return fmt.Sprintf(`<div class="fa"><div class="lab">%s</div><div class="val">%s</div></div>`, e(label), e(value))
}

// below is a value on a line with its caption under it.
func below(value, caption string) string {
	return fmt.Sprintf(`<div class="fb"><div class="val">%s</div><div class="cap">%s</div></div>`, e(value), e(caption))
}

// belowHTML is below for a value that is HTML already (a signature).
func belowHTML(valueHTML, caption string) string {
	return fmt.Sprintf(`<div class="fb"><div class="val">%s</div><div class="cap">%s</div></div>`, valueHTML, e(caption))
}

// box is a check box with its text.
func box(checked bool, text string, square bool) string {
	mark := "[ ]"
	if checked {
		mark = "[X]"
	}
	if square {
		mark = "☐"
		if checked {
			mark = "☒"
		}
	}
	return fmt.Sprintf(`<span style="margin-right:14px">%s %s</span>`, mark, e(text))
}

// sig is a signature in a script hand.
func sig(name string) string { return fmt.Sprintf(`<span class="sig">%s</span>`, e(name)) }

// gridTable is a table with a heading row.
func gridTable(head []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString(`<table class="grid"><tr>`)
	for _, h := range head {
		fmt.Fprintf(&b, "<th>%s</th>", e(h))
	}
	b.WriteString("</tr>")
	for _, r := range rows {
		b.WriteString("<tr>")
		for _, c := range r {
			fmt.Fprintf(&b, "<td>%s</td>", e(c))
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</table>")
	return b.String()
}

var (
	sansFonts  = []string{"Nimbus Sans", "Liberation Sans", "DejaVu Sans", "URW Gothic", "Nimbus Sans Narrow", "DejaVu Sans Condensed"}
	serifFonts = []string{"Nimbus Roman", "Liberation Serif", "C059", "P052", "URW Bookman", "DejaVu Serif"}
	monoFonts  = []string{"Nimbus Mono PS", "Liberation Mono", "DejaVu Sans Mono"}
)

func (b *build) sans() string  { return fmt.Sprintf("%q, sans-serif", pick(b.r, sansFonts)) }
func (b *build) serif() string { return fmt.Sprintf("%q, serif", pick(b.r, serifFonts)) }
func (b *build) mono() string  { return fmt.Sprintf("%q, monospace", pick(b.r, monoFonts)) }
func (b *build) anyFont() string {
	if b.chance(2) {
		return b.sans()
	}
	return b.serif()
}
