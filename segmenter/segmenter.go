// Package segmenter splits the pages of an upload into documents.
//
// The split runs in two steps so that it fits the worker: Features is
// computed for each page by whichever worker read that page (it needs the
// page's text and classification), and Split decides the ranges from the
// features of all pages in one cheap, pure step. Features travel in
// workflow payloads, so they are small and carry no text.
//
// The rules, in the order Split applies them:
//
//   - unreadable pages stand alone; blank pages and fax cover sheets are
//     ranges of their own (consecutive blank pages share one), never part
//     of a document;
//   - "Page 1 of N" starts a document, "Page k of N" continues the one
//     whose last page was k-1 of N (unless it opens with a different
//     document's title: fax machines number every page of a transmission);
//   - a page that says it is continued, or follows one that says it goes
//     on, continues, unless the holder's name or the form id changes, or
//     the page opens with another type's title;
//   - a change of holder name or form id starts a document;
//   - a card's back scanned or photographed apart (a page of the card's
//     type naming no one, after a one-page document that names its
//     holder) continues it;
//   - a card-sized page (a wallet card or an ID on a small page of its
//     own) and a full-sized one are never one document unless page
//     numbering links them or the second is the first's back;
//   - a confidently classified page of another type starts a document; one
//     of the same type continues, unless both it and the document's first
//     page open with the type's title and the type is a one-page kind (two
//     TB tests back to back);
//   - an unclassified page continues a document whose "of N" is not yet
//     reached, one of its own low-confidence type, or a multi-page kind
//     (a checklist, a report) of the same holder; otherwise it stands
//     alone.
package segmenter

import (
	"strings"

	"github.com/clearedtostart/compliance/catalog"
)

// PageFeatures is what the split needs to know about one page.
type PageFeatures struct {
	Index      int     `json:"index"`    // 0-based page index in the file
	Readable   bool    `json:"readable"` // any meaningful text
	Blank      bool    `json:"blank"`
	Type       string  `json:"type"` // page-level classification
	Confidence float64 `json:"confidence"`
	// Titled: the page opens with its type's own title, as a document's
	// first page does.
	Titled bool   `json:"titled,omitempty"`
	PageNo int    `json:"page_no,omitempty"` // from "Page 2 of 3", "2/3", "Pg. 2"
	PageOf int    `json:"page_of,omitempty"`
	Name   string `json:"name,omitempty"` // holder name if found (normalised)
	// FormID is a labelled identifier ("accession:A1234"); ids of
	// different kinds are not compared.
	FormID    string `json:"form_id,omitempty"`
	Continues bool   `json:"continues,omitempty"` // text says "continued", "(cont.)" etc
	// ContinuesNext: the page says it goes on ("continued on next page").
	ContinuesNext bool `json:"continues_next,omitempty"`
	FaxCover      bool `json:"fax_cover,omitempty"`
	// Card: the page is the size of a card (see CardSized), as a wallet
	// card or an ID scanned or saved on a small page of its own is. The
	// page's reader sets it, knowing the page's size; the text does not
	// tell it.
	Card bool `json:"card,omitempty"`
	// Heading is the title the page opens with ("vaccine administration
	// record"), folded (see heading): two one-page records of one kind
	// and one holder, from two issuers, open with two titles.
	Heading string `json:"heading,omitempty"`
	// Encloses: the page is a letter sending the record that follows
	// ("please find attached a copy of your immunization record").
	Encloses bool `json:"encloses,omitempty"`
}

// The largest page a card is printed, scanned or photographed on alone,
// in points: a 4x6 inch print holds a wallet card (3.4x2.1 inches) with
// its margins; a half-letter page is a document's.
const (
	cardLongSide  = 6.25 * 72
	cardShortSide = 4.25 * 72
)

// CardSized reports that a page of width by height points is a card's
// size (PageFeatures.Card).
func CardSized(width, height float64) bool {
	long, short := max(width, height), min(width, height)
	return short > 0 && long <= cardLongSide && short <= cardShortSide
}

// Range is one document's pages, 0-based and inclusive.
type Range struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// confident is the classification confidence above which a page's type
// is trusted to start a document.
const confident = 0.45

// multiPage are types whose documents run over several pages that each
// repeat the title (a checklist's running header), so a title alone does
// not start a new one.
var multiPage = map[string]bool{
	"skills_checklist": true, "background_check": true, "resume": true, "physical_exam": true,
}

type kind int

const (
	docRange kind = iota
	blankRange
	aloneRange // unreadable pages and fax covers
)

// current is the range being built.
type current struct {
	Range
	kind  kind
	typ   string // the first confident type among its pages
	name  string
	form  string
	of    int // its "of N", when known
	count int
	first PageFeatures
	// record is the first page of type typ: the record itself, after a
	// cover that introduced it.
	record PageFeatures
	last   PageFeatures
}

// Split groups pages into documents. Pages must be in index order; every
// page ends up in exactly one range, ranges in page order.
func Split(pages []PageFeatures) []Range {
	var out []Range
	var cur *current
	flush := func() {
		if cur != nil {
			out = append(out, cur.Range)
			cur = nil
		}
	}
	open := func(i int, p PageFeatures, k kind) {
		flush()
		cur = &current{Range: Range{Start: i, End: i}, kind: k, first: p}
		cur.add(i, p)
	}
	for i, p := range pages {
		switch {
		case p.Blank:
			if cur != nil && cur.kind == blankRange {
				cur.add(i, p)
				continue
			}
			open(i, p, blankRange)
		case !p.Readable, p.FaxCover:
			open(i, p, aloneRange)
		case cur != nil && cur.kind == docRange && continues(cur, p):
			cur.add(i, p)
		default:
			open(i, p, docRange)
		}
	}
	flush()
	return out
}

func (c *current) add(i int, p PageFeatures) {
	c.End = i
	c.count++
	if c.typ == "" && isConfident(p) {
		c.typ, c.record = p.Type, p
	}
	if c.name == "" {
		c.name = p.Name
	}
	if c.form == "" {
		c.form = p.FormID
	}
	if c.of == 0 && p.PageOf > 0 {
		c.of = p.PageOf
	}
	c.last = p
}

func isConfident(p PageFeatures) bool {
	return p.Type != "" && p.Type != catalog.OtherType && p.Confidence >= confident
}

// continues decides whether page p belongs to the document being built.
func continues(c *current, p PageFeatures) bool {
	if p.PageNo == 1 {
		return false
	}
	sure := isConfident(p)
	otherType := sure && c.typ != "" && p.Type != c.typ
	// Numbered pages in sequence.
	if p.PageNo > 1 && c.last.PageNo == p.PageNo-1 && (p.PageOf == 0 || c.of == 0 || p.PageOf == c.of) {
		return !(otherType && p.Titled)
	}
	nameChange := p.Name != "" && c.name != "" && p.Name != c.name
	formChange := p.FormID != "" && c.form != "" && p.FormID != c.form && sameKind(p.FormID, c.form)
	if nameChange || formChange {
		return false
	}
	if cardBack(c, p) {
		return true
	}
	if (p.Continues || c.last.ContinuesNext) && !(otherType && p.Titled) {
		// "(continued)", "see reverse", "continued on next page": the
		// page goes on, unless it opens with another type's own title (a
		// card pointing to its back, which the upload does not hold,
		// before the next document; a report's "continuation of care"
		// after a card).
		return true
	}
	if p.Card != c.last.Card {
		// A card after a full page, or a full page after a card: a
		// card's OCR text is short and damaged, so its type may agree
		// with the next page's by chance or not be read at all, but its
		// size says it is a document of its own.
		return false
	}
	// A document whose every page is already here is complete.
	if c.of > 0 && c.count >= c.of {
		return false
	}
	expecting := c.of > 0 && c.count < c.of
	if p.PageNo > 1 && !otherType {
		// "Page 3 of 3" after unnumbered pages: its earlier pages are
		// the ones before.
		return true
	}
	if sure {
		switch {
		case otherType:
			return false
		case c.typ == "":
			// Unclassified pages, then a real document: two things, unless
			// the first announced more pages, or introduced this one.
			return expecting && !p.Titled || introduces(c, p)
		case p.Titled && c.record.Titled && !multiPage[p.Type] && !expecting:
			// Two complete one-page documents of one kind back to back.
			return false
		case newRecord(c, p, expecting):
			return false
		}
		return true
	}
	// Low confidence or unclassified.
	if p.Type == catalog.OtherType && p.Confidence >= confident {
		// Positively something else: a cover letter, an unrelated page.
		return false
	}
	switch {
	case expecting:
		return true
	case p.Type != "" && p.Type == c.typ:
		return !newRecord(c, p, expecting)
	case p.Name != "" && p.Name == c.name && multiPage[c.typ]:
		// Every document of a packet names the same person, so the name
		// only links an unlabelled page to a kind that runs long.
		return true
	}
	return false
}

// newRecord reports that page p opens another record of the document's
// kind: both open with a title, the type's own or one under an issuer's
// letterhead, and not one letterhead's one title (a clinic's "Certificate
// of Tdap Immunization", then a pharmacy's "Vaccine Administration
// Record" for the same person). A record's later page repeating its
// letterhead repeats its title; a later page of doses under a title but
// no letterhead has no heading.
func newRecord(c *current, p PageFeatures, expecting bool) bool {
	if multiPage[p.Type] || expecting {
		return false
	}
	first := c.record
	if first.Heading != "" && p.Heading != "" {
		return !sameHeading(first.Heading, p.Heading)
	}
	return (first.Titled || first.Heading != "") && (p.Titled || p.Heading != "")
}

// introduces reports that the document's one page, which no type was
// sure of, is the cover of record page p: a letter sending it, or a
// consent form or requisition that names the holder and guesses p's type
// before a record of that type that names no one. Apart, the cover would
// lose the record's values, or the record its holder. A cover numbered
// "page 1 of 2" is joined by its numbering.
func introduces(c *current, p PageFeatures) bool {
	if c.count != 1 || c.first.Card || p.Card || p.PageNo > 1 {
		return false
	}
	if c.first.Encloses {
		return p.Name == "" || c.name == "" || p.Name == c.name
	}
	return c.first.Type == p.Type && c.name != "" && p.Name == ""
}

// cardKinds are the types printed on cards with two sides: a
// certification's card (its id and training center on the back), a
// license, a Social Security card.
var cardKinds = map[string]bool{
	"bls": true, "acls": true, "pals": true, "nrp": true, "tncc": true, "nursing_license": true,
	"drivers_license": true, "social_security_card": true,
}

// cardBack reports that page p is the back of the card the document
// opened with: a page of the card's type, the document one page long,
// the front naming the holder and p naming no one. Scanned or
// photographed apart (the front on a small page of its own, the back as
// a phone photo), both sides carry the card's title, and a title on each
// of two pages of a one-page kind would part them; a second card of the
// kind names its holder too.
func cardBack(c *current, p PageFeatures) bool {
	return c.count == 1 && c.typ != "" && cardKinds[c.typ] && p.Type == c.typ && c.name != "" && p.Name == "" &&
		p.PageNo <= 1 && p.FormID == ""
}

// sameKind reports whether two form ids are of one kind ("accession"),
// and so comparable.
func sameKind(a, b string) bool {
	ka, _, _ := strings.Cut(a, ":")
	kb, _, _ := strings.Cut(b, ":")
	return ka == kb
}
