// Command registrygen writes realistic sample editions of the bulk
// exclusion and sanction lists (LEIE UPDATED.csv, the SAM V2 extract ZIP,
// the OFAC legacy CSV set and SDN.XML) and their labelled screening cases
// (labelled.json), deterministic from a seed:
//
//	go run ./cmd/registrygen -dir DIR [-scale 1] [-seed N] [-date YYYY-MM-DD]
package main

import (
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/clearedtostart/compliance/internal/registrysamples"
)

func main() {
	dir := flag.String("dir", "", "folder to write (created if missing)")
	scale := flag.Float64("scale", 1, "size relative to the real lists (1 = full size)")
	seed := flag.Uint64("seed", 1, "random seed; the same seed writes the same bytes")
	date := flag.String("date", registrysamples.DefaultListDate().Format(time.DateOnly), "the lists' date")
	flag.Parse()
	if *dir == "" {
		log.Fatal("registrygen: -dir is required")
	}
	day, err := time.Parse(time.DateOnly, *date)
	if err != nil {
		log.Fatalf("registrygen: -date: %v", err)
	}
	start := time.Now()
	files, err := registrysamples.Generate(*dir, registrysamples.Options{Seed: *seed, Scale: *scale, ListDate: day})
	if err != nil {
		log.Fatal(err)
	}
	listed, unlisted := 0, 0
	for _, c := range files.Cases {
		if c.Listed {
			listed++
		} else {
			unlisted++
		}
	}
	fmt.Printf("wrote %s in %s\n", files.Dir, time.Since(start).Round(time.Millisecond))
	fmt.Printf("  %s: %d rows\n  %s: %d rows\n  %s (+ alt, add, comments, SDN.XML): %d entries\n  %s: %d cases (%d listed, %d not)\n",
		files.LEIE, files.LEIERows, files.SAM, files.SAMRows, files.SDN, files.OFACEntries, files.Labelled, len(files.Cases), listed, unlisted)
}
