// Command samplegen writes the sample files of docs/samples (used by the
// README's first-use commands) from the sampledocs generator:
//
//	go run ./cmd/samplegen -out docs/samples
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/clearedtostart/compliance/internal/sampledocs"
)

func main() {
	out := flag.String("out", "docs/samples", "folder to write")
	flag.Parse()
	maria := sampledocs.Person{
		FirstName: "Maria", MiddleName: "Luisa", LastName: "Alvarez",
		DOB:    time.Date(1990, 4, 12, 0, 0, 0, 0, time.UTC),
		Street: "4120 Cedar Hollow Rd", City: "Tulsa", State: "OK", Zip: "74105",
		Email: "maria.alvarez@example.com", Phone: "(918) 555-0142",
	}
	r := sampledocs.Seeded(2026)
	files := map[string][]byte{}
	bls, err := sampledocs.RenderPDF(sampledocs.Generate(r, "bls", maria, sampledocs.Options{}))
	check(err)
	files["bls.pdf"] = bls
	pk, err := sampledocs.NewPacket(r, maria, 8, sampledocs.PacketOptions{
		OnlyTypes: []string{"bls", "nursing_license", "tb_skin_test", "drivers_license", "background_check"}, FaxCover: true,
	})
	check(err)
	files["packet.pdf"] = pk.PDF
	scan, err := sampledocs.NewPacket(r, maria, 3, sampledocs.PacketOptions{Scanned: true, OnlyTypes: []string{"acls", "tb_blood_test"}, NoSeparators: true,
		// Less sensor noise than the default: JPEG keeps noise, and a sample
		// in the repository should stay small.
		Scan: sampledocs.ScanOptions{Noise: 0.012}})
	check(err)
	files["scanned.pdf"] = scan.PDF
	expired, err := sampledocs.RenderPDF(sampledocs.Generate(r, "bls", maria, sampledocs.Options{Expired: true}))
	check(err)
	files["bls-expired.pdf"] = expired
	check(os.MkdirAll(*out, 0o755))
	for name, b := range files {
		check(os.WriteFile(filepath.Join(*out, name), b, 0o644))
		log.Printf("wrote %s (%d bytes)", filepath.Join(*out, name), len(b))
	}
	for _, s := range pk.Segments {
		log.Printf("packet.pdf pages %d-%d: %s", s.PageStart, s.PageEnd, s.Type)
	}
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
