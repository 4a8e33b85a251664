package segmenter

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/sampledocs"
)

func TestZZOCRPackets(t *testing.T) {
	if os.Getenv("OCRPK") == "" {
		t.Skip()
	}
	dir := "/tmp/ocrpk"
	os.MkdirAll(dir, 0o755)
	eng, _ := ocr.New(ocr.Config{Concurrency: 2})
	for seed := uint64(100); seed < 106; seed++ {
		name := filepath.Join(dir, fmt.Sprintf("pk%d", seed))
		if _, err := os.Stat(name + ".json"); err == nil {
			continue
		}
		r := sampledocs.Seeded(seed)
		p := sampledocs.NewPerson(r)
		pk, err := sampledocs.NewPacket(r, p, 14, sampledocs.PacketOptions{Scanned: true})
		if err != nil {
			t.Fatal(err)
		}
		tmp, _ := os.MkdirTemp("", "pk")
		path := filepath.Join(tmp, "f.pdf")
		os.WriteFile(path, pk.PDF, 0o600)
		doc, _ := pdfdoc.Open(pk.PDF)
		sides, _ := doc.PageLongSides()
		texts := make([]string, doc.Info.PageCount)
		var wg sync.WaitGroup
		for pg := 1; pg <= doc.Info.PageCount; pg++ {
			wg.Add(1)
			go func(pg int) {
				defer wg.Done()
				d, _ := os.MkdirTemp(tmp, "p")
				img, err := pdfdoc.Rasterize(context.Background(), path, pg, sides[pg-1], d)
				if err != nil {
					return
				}
				res, err := eng.Recognize(context.Background(), img)
				if err == nil {
					texts[pg-1] = res.Text
				}
			}(pg)
		}
		wg.Wait()
		os.RemoveAll(tmp)
		os.WriteFile(name+".txt", []byte(strings.Join(texts, "\n\f\n")), 0o644)
		b, _ := json.Marshal(pk.Segments)
		os.WriteFile(name+".json", b, 0o644)
	}
}
