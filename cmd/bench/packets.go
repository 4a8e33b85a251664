package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"log"
	"runtime"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"

	"github.com/clearedtostart/compliance/internal/benchdoc"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/packetpdf"
	"github.com/clearedtostart/compliance/statements"
)

// packetPages is the size of the packet the packets section compiles.
const packetPages = 40

// packetScans are the phone scans (JPEG, one page each) in the packet.
const packetScans = 8

// packetsSection measures compiling a 40-page packet as the upload
// workflow's CompilePacket does it: the cover sheet rendered from its
// template (WeasyPrint), then packetpdf.Compile of the cover, generated
// credential PDFs and phone scans (bookmarks, footers on every page).
// Storage and the database are left out: they are a write of the result.
func packetsSection(path string, runs int) error {
	ctx := context.Background()
	r, err := statements.New(statements.Config{})
	if err != nil {
		return err
	}
	person := sampledocs.NewPerson(sampledocs.Seeded(40))
	data := statements.Data{
		Candidate:   statements.Candidate{FirstName: person.FirstName, LastName: person.LastName, DateOfBirth: person.DOB, ExternalID: "bench-nurse"},
		Job:         statements.Job{Ref: "OR-5", Title: "Travel RN - Med/Surg", Facility: "Mercy Valley Health", VMSType: "sandbox"},
		Placement:   statements.Placement{ID: "bench", Status: "ACTIVE", StartDate: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)},
		PacketGroup: "Credentials", GeneratedAt: time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC),
	}
	// The cover lists the packet's rows: a fixed set, so that its page
	// count does not depend on the parts chosen below.
	for i := range 20 {
		data.Requirements = append(data.Requirements, statements.Requirement{Label: fmt.Sprintf("Requirement %d", i+1), Status: "FULFILLED",
			FulfilledBy: statements.Document{Type: "document", FileName: fmt.Sprintf("document-%d.pdf", i+1), ID: fmt.Sprintf("doc-%d", i+1)}})
	}
	cover, err := r.Render(ctx, "coversheet", data)
	if err != nil {
		return err
	}
	coverPages, err := api.PageCount(bytes.NewReader(cover), nil)
	if err != nil {
		return err
	}
	parts, err := benchParts(packetPages - coverPages)
	if err != nil {
		return err
	}
	var times []time.Duration
	var size int
	for i := range runs + 1 {
		start := time.Now()
		cover, err := r.Render(ctx, "coversheet", data)
		if err != nil {
			return err
		}
		out, err := packetpdf.Compile(ctx, packetpdf.Packet{Title: "Travel RN - Med/Surg - Credentials packet", Cover: cover, Parts: parts})
		if err != nil {
			return err
		}
		took := time.Since(start)
		if i == 0 {
			// The first run checks the packet and warms the caches.
			n, err := api.PageCount(bytes.NewReader(out), nil)
			if err != nil {
				return err
			}
			if n != packetPages {
				return fmt.Errorf("packets: the compiled packet has %d pages, want %d", n, packetPages)
			}
			size = len(out)
			continue
		}
		times = append(times, took)
	}
	s := summarize(times)
	log.Printf("packets: %d compilations of %d pages: p50 %s, p95 %s", s.n, packetPages, ms(s.p50), ms(s.p95))
	var b strings.Builder
	fmt.Fprintf(&b, "<!-- packets:start -->\n## Packet compilation (`make bench`)\n\n")
	fmt.Fprintf(&b, "Compiling a %d-page packet as the upload workflow does (`cmd/bench/packets.go`, `bin/bench -only packets`): "+
		"the cover sheet rendered from its template with WeasyPrint, then merged with %d PDFs (generated credentials, "+
		"continuing-education pages) and %d phone scans (JPEG, each embedded as a Letter page), one bookmark per part and \"Page i of n\" stamped on every page; "+
		"%d runs after one warm-up, in one process on %d CPUs. Blob storage and the database are left out.\n\n",
		packetPages, len(parts)-packetScans, packetScans, s.n, runtime.NumCPU())
	fmt.Fprintf(&b, "| Figure | Value |\n|---|---|\n")
	fmt.Fprintf(&b, "| Compiling a %d-page packet, p50 | %s |\n", packetPages, ms(s.p50))
	fmt.Fprintf(&b, "| Compiling a %d-page packet, p95 | %s |\n", packetPages, ms(s.p95))
	fmt.Fprintf(&b, "| Compiled size | %.1f MB |\n", float64(size)/(1<<20))
	fmt.Fprintf(&b, "<!-- packets:end -->\n")
	return benchdoc.ReplaceSection(path, "packets", b.String())
}

// benchParts are documents of pages pages in all: generated credentials
// (as the pipeline stores them), phone scans, and text pages to make up
// the count.
func benchParts(pages int) ([]packetpdf.Part, error) {
	var parts []packetpdf.Part
	for i := range packetScans {
		img := image.NewGray(image.Rect(0, 0, 1275, 1650))
		for y := range 1650 {
			for x := range 1275 {
				img.SetGray(x, y, color.Gray{Y: uint8(190 + (x*(y+i))%60)})
			}
		}
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 75}); err != nil {
			return nil, err
		}
		parts = append(parts, packetpdf.Part{Title: fmt.Sprintf("Scan %d", i+1), Content: buf.Bytes(), MimeType: "image/jpeg"})
	}
	left := pages - packetScans
	person := sampledocs.NewPerson(sampledocs.Seeded(41))
	for i, typ := range sampledocs.Types() {
		pdf, err := sampledocs.RenderPDF(sampledocs.Generate(sampledocs.Seeded(uint64(100+i)), typ, person, sampledocs.Options{}))
		if err != nil {
			return nil, err
		}
		n, err := api.PageCount(bytes.NewReader(pdf), nil)
		if err != nil {
			return nil, err
		}
		if n > left-1 {
			break
		}
		parts = append(parts, packetpdf.Part{Title: typ, Content: pdf, MimeType: "application/pdf"})
		left -= n
	}
	if left > 0 {
		doc := fpdf.New("P", "pt", "Letter", "")
		doc.SetCreationDate(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
		doc.SetFont("Helvetica", "", 12)
		for k := range left {
			doc.AddPage()
			doc.Text(72, 100, fmt.Sprintf("Continuing education record, page %d", k+1))
		}
		var buf bytes.Buffer
		if err := doc.Output(&buf); err != nil {
			return nil, err
		}
		parts = append(parts, packetpdf.Part{Title: "Continuing education", Content: buf.Bytes(), MimeType: "application/pdf"})
	}
	return parts, nil
}
