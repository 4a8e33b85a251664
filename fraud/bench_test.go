package fraud

import (
	"testing"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pagetext"
	"github.com/clearedtostart/compliance/pdfdoc"
)

// packetEvidence is what the pipeline hands Assess for each document of
// a 20-page packet, the upload left to read in the benchmark.
func packetEvidence(b *testing.B, scanned bool) ([]byte, []Evidence) {
	b.Helper()
	r := sampledocs.Seeded(42)
	p := sampledocs.NewPerson(r)
	pk, err := sampledocs.NewPacket(r, p, 20, sampledocs.PacketOptions{Scanned: scanned})
	if err != nil {
		b.Fatal(err)
	}
	doc, err := pdfdoc.Open(pk.PDF)
	if err != nil {
		b.Fatal(err)
	}
	pages := make([]int, doc.Info.PageCount)
	for i := range pages {
		pages[i] = i + 1
	}
	texts, err := pdfdoc.Texts(doc.Data(), pages)
	if err != nil {
		b.Fatal(err)
	}
	var evs []Evidence
	for _, s := range pk.Segments {
		var lays []pagetext.Page
		for n := s.PageStart; n <= s.PageEnd; n++ {
			lays = append(lays, texts[n-1].Layout)
		}
		in := doc.Info
		evs = append(evs, Evidence{
			File:         FileMeta{Producer: in.Producer, Creator: in.Creator, CreationDate: in.CreationDate, ModDate: in.ModDate, Revisions: in.Revisions},
			DocumentType: s.Type, Fields: s.Fields, AsOf: sampledocs.DefaultAsOf(), Pages: lays,
			FirstPage: s.PageStart, LastPage: s.PageEnd,
		})
	}
	return pk.PDF, evs
}

// BenchmarkAssessPacket is fraud's share of a 20-page intake: the upload
// read once, then every document of it judged (its pages already read by
// the pipeline).
func BenchmarkAssessPacket(b *testing.B) {
	for _, c := range []struct {
		name    string
		scanned bool
	}{{"text", false}, {"scanned", true}} {
		pdf, evs := packetEvidence(b, c.scanned)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				up, err := ReadUpload(pdf)
				if err != nil {
					b.Fatal(err)
				}
				for _, ev := range evs {
					ev.Upload = up
					if v := Assess(ev, "MEDIUM"); v.Result == Fraudulent {
						b.Fatalf("a clean packet's %s is fraudulent: %+v", ev.DocumentType, v.Signals)
					}
				}
			}
		})
		b.Run(c.name+"/read-upload", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := ReadUpload(pdf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAssessScan is fraud's share of a one-page scanned upload (a
// license scanned to PDF by a phone app): every image analysis runs on
// it, as on any upload of one short document.
func BenchmarkAssessScan(b *testing.B) {
	_, pdf := clean(b, "nursing_license", "board_verification", 9)
	scan, err := sampledocs.RenderScanned(pdf, sampledocs.ScanOptions{DPI: 200})
	if err != nil {
		b.Fatal(err)
	}
	ev := evidence(b, scan, "nursing_license", nil, sampledocs.DefaultAsOf())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		up, err := ReadUpload(scan)
		if err != nil {
			b.Fatal(err)
		}
		ev.Upload = up
		if v := Assess(ev, "MEDIUM"); v.Result == Fraudulent {
			b.Fatalf("a clean scan is fraudulent: %+v", v.Signals)
		}
	}
}
