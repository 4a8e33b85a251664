package checklist

import (
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// htmlToText renders an HTML body as the lines a reader sees, in the shape
// the body reader expects: list items as "• " (Outlook's Word lists
// included, whose bullets are styled paragraphs), data-table rows as cells
// joined by " | ", blockquotes as "> " lines. Dedicated html2text packages
// merge Gmail's <div> lines and table cells, which carry the checklist, so
// the page is walked here on top of the HTML5 parser.
func htmlToText(src string) string {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		// The HTML5 parser recovers from any markup; an error is a read
		// failure of the string reader, which cannot happen.
		return src
	}
	w := &htmlWriter{
		msoListLevel: regexp.MustCompile(`(?i)mso-list:\s*l\d+\s+level(\d+)`),
		hiddenStyle:  regexp.MustCompile(`(?i)display:\s*none|mso-hide:\s*all`),
	}
	w.node(doc)
	w.flush()
	return strings.Join(tidyLines(w.lines), "\n")
}

type htmlWriter struct {
	lines []string
	cur   strings.Builder
	// content says the current line has text, a no-break space included
	// (Outlook's empty paragraphs are a no-break space: a blank line).
	content bool
	prefix  string // the list marker to write before the next text
	quote   int
	lists   []htmlList
	cells   []int // per open data-table row: cells written so far
	inCell  int   // inside a data-table cell: blocks are spaces, not lines
	pre     int

	msoListLevel *regexp.Regexp // Word's list paragraphs: "mso-list:l0 level2"
	hiddenStyle  *regexp.Regexp
}

type htmlList struct {
	ordered bool
	next    int
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func (w *htmlWriter) node(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		w.text(n.Data)
		return
	case html.CommentNode, html.DoctypeNode:
		return
	case html.ElementNode:
		w.element(n)
		return
	}
	w.children(n)
}

func (w *htmlWriter) children(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.node(c)
	}
}

func (w *htmlWriter) element(n *html.Node) {
	style := attr(n, "style")
	if w.hiddenStyle.MatchString(style) {
		return
	}
	switch n.DataAtom {
	case atom.Head, atom.Style, atom.Script, atom.Title, atom.Noscript, atom.Template, atom.Img, atom.Svg, atom.Object:
		return
	case atom.Span:
		// Word's list bullet ("·", "o", "1.") is a span styled
		// mso-list:Ignore; the paragraph writes its own marker.
		if strings.Contains(strings.ToLower(strings.ReplaceAll(style, " ", "")), "mso-list:ignore") {
			return
		}
	case atom.Br:
		w.breakLine(true)
		return
	case atom.Ul, atom.Ol:
		start := 1
		if s, err := strconv.Atoi(attr(n, "start")); err == nil {
			start = s
		}
		w.block()
		w.lists = append(w.lists, htmlList{ordered: n.DataAtom == atom.Ol, next: start})
		w.children(n)
		w.lists = w.lists[:len(w.lists)-1]
		w.block()
		return
	case atom.Li:
		w.block()
		w.prefix = w.listMarker()
		w.children(n)
		w.block()
		return
	case atom.Blockquote:
		w.block()
		w.quote++
		w.children(n)
		w.block()
		w.quote--
		return
	case atom.Pre:
		w.block()
		w.pre++
		w.children(n)
		w.pre--
		w.block()
		return
	case atom.Table:
		if w.inCell == 0 && dataTable(n) {
			w.block()
			w.cells = append(w.cells, -1)
			w.children(n)
			w.cells = w.cells[:len(w.cells)-1]
			w.block()
			return
		}
		w.block()
		saved := w.cells
		w.cells = nil
		w.children(n)
		w.cells = saved
		w.block()
		return
	case atom.Tr:
		if len(w.cells) > 0 && w.inCell == 0 {
			w.block()
			w.cells[len(w.cells)-1] = 0
			w.children(n)
			w.block()
			return
		}
	case atom.Td, atom.Th:
		if len(w.cells) > 0 && w.inCell == 0 {
			k := len(w.cells) - 1
			if w.cells[k] > 0 {
				line := strings.TrimRight(w.cur.String(), " ")
				w.cur.Reset()
				w.cur.WriteString(line + " | ")
			}
			w.cells[k]++
			w.inCell++
			w.children(n)
			w.inCell--
			return
		}
	}
	if isBlock(n.DataAtom) {
		w.block()
		if m := w.msoListLevel.FindStringSubmatch(style); m != nil {
			level, _ := strconv.Atoi(m[1])
			w.prefix = strings.Repeat("  ", max(level-1, 0)) + "• "
		}
		w.children(n)
		if w.inCell == 0 && w.prefix == "" && headingBlock(n) {
			// A section heading shown by its weight ("<b>Credentials</b>")
			// reads as a heading line: with a colon.
			if line := strings.TrimSpace(w.cur.String()); line != "" && len(line) <= 60 && !strings.ContainsAny(line[len(line)-1:], ".:!?") && !strings.HasPrefix(line, "•") {
				w.cur.WriteString(":")
			}
		}
		w.block()
		return
	}
	w.children(n)
}

func (w *htmlWriter) listMarker() string {
	if len(w.lists) == 0 {
		return "• "
	}
	indent := strings.Repeat("  ", len(w.lists)-1)
	l := &w.lists[len(w.lists)-1]
	if !l.ordered {
		return indent + "• "
	}
	l.next++
	return indent + strconv.Itoa(l.next-1) + ". "
}

// dataTable tells a table of data (a checklist grid) from one that lays out
// the page: layout tables nest tables or hold one cell per row.
func dataTable(t *html.Node) bool {
	wide := false
	var visit func(n *html.Node) bool
	visit = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch c.DataAtom {
			case atom.Table:
				return false
			case atom.Tr:
				cells := 0
				for d := c.FirstChild; d != nil; d = d.NextSibling {
					if d.DataAtom == atom.Td || d.DataAtom == atom.Th {
						cells++
					}
				}
				wide = wide || cells >= 2
			}
			if !visit(c) {
				return false
			}
		}
		return true
	}
	return visit(t) && wide
}

// headingBlock says a block is a heading: an h1-h6, or a paragraph all of
// whose text is bold.
func headingBlock(n *html.Node) bool {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	case atom.P, atom.Div:
	default:
		return false
	}
	text, bold := false, true
	var visit func(n *html.Node, inBold bool)
	visit = func(n *html.Node, inBold bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				if strings.TrimSpace(strings.ReplaceAll(c.Data, "\u00a0", " ")) != "" {
					text = true
					bold = bold && inBold
				}
			case html.ElementNode:
				if isBlock(c.DataAtom) {
					bold = false
					return
				}
				b := inBold || c.DataAtom == atom.B || c.DataAtom == atom.Strong ||
					strings.Contains(strings.ReplaceAll(strings.ToLower(attr(c, "style")), " ", ""), "font-weight:bold")
				visit(c, b)
			}
		}
	}
	visit(n, false)
	return text && bold
}

func isBlock(a atom.Atom) bool {
	switch a {
	case atom.P, atom.Div, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6,
		atom.Tr, atom.Td, atom.Th, atom.Hr, atom.Section, atom.Article, atom.Header,
		atom.Footer, atom.Dl, atom.Dt, atom.Dd, atom.Address, atom.Center, atom.Form,
		atom.Fieldset, atom.Caption, atom.Main, atom.Nav, atom.Aside, atom.Figure:
		return true
	}
	return false
}

// block ends the current line at a block boundary; inside a data-table cell
// a boundary is a space, so that a row stays one line.
func (w *htmlWriter) block() {
	if w.inCell > 0 {
		if w.cur.Len() > 0 && !strings.HasSuffix(w.cur.String(), " ") {
			w.cur.WriteByte(' ')
		}
		return
	}
	w.breakLine(false)
}

// breakLine ends the current line; an explicit break (<br>) of an empty line
// is a blank line.
func (w *htmlWriter) breakLine(explicit bool) {
	if w.inCell > 0 {
		w.block()
		return
	}
	line := strings.TrimRight(w.cur.String(), " ")
	switch {
	case strings.TrimSpace(line) != "":
		w.lines = append(w.lines, w.quotePrefix()+line)
	case w.content || explicit:
		w.lines = append(w.lines, strings.TrimSpace(w.quotePrefix()))
	}
	w.cur.Reset()
	w.content = false
}

func (w *htmlWriter) flush() { w.breakLine(false) }

func (w *htmlWriter) quotePrefix() string { return strings.Repeat("> ", w.quote) }

func (w *htmlWriter) text(s string) {
	if w.pre > 0 {
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			if i > 0 {
				w.breakLine(true)
			}
			w.write(l)
		}
		return
	}
	if strings.ContainsRune(s, '\u00a0') {
		w.content = true
	}
	// Source newlines and runs of spaces are one space in HTML.
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	if space {
		b.WriteByte(' ')
	}
	w.write(b.String())
}

func (w *htmlWriter) write(s string) {
	if strings.TrimSpace(strings.ReplaceAll(s, "\u00a0", " ")) == "" {
		if w.cur.Len() > 0 && !strings.HasSuffix(w.cur.String(), " ") {
			w.cur.WriteByte(' ')
		}
		return
	}
	if w.cur.Len() == 0 || strings.TrimSpace(w.cur.String()) == "" {
		w.cur.Reset()
		s = strings.TrimLeft(s, " ")
		if w.prefix != "" {
			w.cur.WriteString(w.prefix)
			w.prefix = ""
		}
	}
	w.cur.WriteString(s)
	w.content = true
}

// tidyLines turns no-break spaces into spaces and keeps at most one blank
// line in a row, none at the ends.
func tidyLines(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		l = strings.TrimRight(strings.ReplaceAll(l, "\u00a0", " "), " ")
		if l == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, l)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}
