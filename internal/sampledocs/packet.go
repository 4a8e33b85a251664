package sampledocs

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Packet is the bundle a nurse sends a recruiter: many of one person's
// documents in one file, in no particular order.
type Packet struct {
	PDF      []byte
	Docs     []Doc
	Segments []SegmentTruth
}

// SegmentTruth is where one document sits in a packet and what it says.
type SegmentTruth struct {
	// PageStart and PageEnd are 1-based and inclusive.
	PageStart, PageEnd int
	Type               string
	Fields             map[string]any
}

// PacketOptions shape a packet.
type PacketOptions struct {
	// Scanned returns an image-only PDF made with RenderScanned and Scan.
	Scanned bool
	Scan    ScanOptions
	// OnlyTypes restricts the documents to these types (separators aside).
	OnlyTypes []string
	// FaxCover starts the packet with a fax cover sheet; otherwise one is
	// drawn about a third of the time.
	FaxCover bool
	// NoSeparators leaves out fax covers and blank pages entirely.
	NoSeparators bool
	// Doc is applied to every document (AsOf, Expired, Positive...).
	Doc Options
}

// NewPacket draws a packet of exactly pages pages for p. Documents are
// drawn from every type (or OnlyTypes) in random order, repeating types
// once each has been used; a blank page sometimes falls between two
// documents, as duplex scanners leave them. Each separator is an `other`
// segment of its own.
func NewPacket(r *rand.Rand, p Person, pages int, opt PacketOptions) (Packet, error) {
	if pages < 1 {
		return Packet{}, errors.New("sampledocs: a packet needs at least one page")
	}
	pool := opt.OnlyTypes
	if len(pool) == 0 {
		for _, t := range Types() {
			if t != "other" {
				pool = append(pool, t)
			}
		}
	}
	for _, t := range pool {
		if _, ok := docCatalog.Type(t); !ok {
			return Packet{}, fmt.Errorf("sampledocs: unknown document type %q", t)
		}
	}
	pool = slices.Clone(pool)
	seps := !opt.NoSeparators
	var docs []Doc
	left := pages
	if seps && left >= 2 && (opt.FaxCover || r.Float64() < 0.35) {
		docs = append(docs, Generate(r, "other", p, Options{AsOf: opt.Doc.AsOf, Variant: "fax_cover"}))
		left--
	}
	// Without separators to pad with, a document must not leave fewer pages
	// than the shortest document in the pool can fill.
	minRest := 1
	if !seps {
		minRest = math.MaxInt
		for _, t := range pool {
			for _, v := range specFor(t).variants {
				minRest = min(minRest, v.pages[0])
			}
		}
	}
	var queue []string
	for left > 0 {
		if len(queue) == 0 {
			queue = slices.Clone(pool)
			r.Shuffle(len(queue), func(i, j int) { queue[i], queue[j] = queue[j], queue[i] })
		}
		t := queue[0]
		queue = queue[1:]
		d, ok := fitting(r, t, p, opt.Doc, left, minRest)
		if !ok {
			// The type cannot fit what is left; another might.
			found := false
			for _, alt := range pool {
				if d, ok = fitting(r, alt, p, opt.Doc, left, minRest); ok {
					found = true
					break
				}
			}
			if !found {
				if !seps {
					return Packet{}, fmt.Errorf("sampledocs: no document of %v fits the last %d page(s)", pool, left)
				}
				d = Generate(r, "other", p, Options{AsOf: opt.Doc.AsOf, Variant: "blank_page"})
			}
		}
		docs = append(docs, d)
		left -= d.Pages
		if seps && left > 1 && r.Float64() < 0.1 {
			docs = append(docs, Generate(r, "other", p, Options{AsOf: opt.Doc.AsOf, Variant: "blank_page"}))
			left--
		}
	}
	pdf, err := RenderPDF(docs...)
	if err != nil {
		return Packet{}, err
	}
	if opt.Scanned {
		if pdf, err = RenderScanned(pdf, opt.Scan); err != nil {
			return Packet{}, err
		}
	}
	pk := Packet{PDF: pdf, Docs: docs}
	at := 1
	for _, d := range docs {
		pk.Segments = append(pk.Segments, SegmentTruth{PageStart: at, PageEnd: at + d.Pages - 1, Type: d.Type, Fields: cloneFields(d.Fields)})
		at += d.Pages
	}
	return pk, nil
}

// fitting draws a document of type t that fits in left pages and leaves
// either nothing or at least minRest pages, if the type has such a layout.
func fitting(r *rand.Rand, t string, p Person, base Options, left, minRest int) (Doc, bool) {
	fits := func(n int) bool { return n <= left && (n == left || left-n >= minRest) }
	d := Generate(r, t, p, base)
	if fits(d.Pages) {
		return d, true
	}
	for _, v := range specFor(t).variants {
		for k := min(v.pages[1], left); k >= v.pages[0]; k-- {
			if fits(k) {
				o := base
				o.Variant, o.Pages = v.name, k
				return Generate(r, t, p, o), true
			}
		}
	}
	return Doc{}, false
}

func cloneFields(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if s, ok := v.([]string); ok {
			v = slices.Clone(s)
		}
		out[k] = v
	}
	return out
}
